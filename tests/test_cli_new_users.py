"""What new users of the command line tripped on: ``--debug`` after a command, a bot of one's
own that fails, wrapping and tables, did-you-mean, the progress of a long simulation."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.app.clikit import one_line


def run(*args: str, **kwargs: object) -> object:
    return CliRunner().invoke(main, list(args), **kwargs)


def _command_paths() -> list[tuple[str, ...]]:
    """Every command and group of ``pegline`` (the plugins' too), as the words that call it."""
    found: list[tuple[str, ...]] = []
    waiting: list[tuple[tuple[str, ...], click.Command]] = [((), main)]
    while waiting:
        path, command = waiting.pop(0)
        found.append(path)
        if isinstance(command, click.Group):
            context = click.Context(command)
            waiting += [((*path, name), command.get_command(context, name))
                        for name in sorted(command.list_commands(context))]
    return found


@pytest.mark.parametrize("path", _command_paths(), ids=lambda path: " ".join(path) or "pegline")
def test_every_command_takes_debug_after_it_and_says_where_it_goes(path):
    result = run(*path, "--debug", "--help")
    assert result.exit_code == 0, result.output
    assert "it goes after any command, e.g. pegline play --debug" in one_line(result.output)


def _where(bot: str) -> str:
    """``file:line`` the command line names for a failing bot of tests/own_bots.py: where the
    raising bot raised, the junk bot's ``choose``."""
    from tests import own_bots

    choose = getattr(own_bots, bot).choose
    lines, first = inspect.getsourcelines(choose)
    line = first + (len(lines) - 1 if bot == "Raising" else 0)
    return f"{inspect.getsourcefile(choose)}:{line}"


FAILING_BOTS = {
    "Junk": ("answered 'banana', which the rules refuse: not an action: 'banana'",
             "が 'banana' と答えましたが、ルールが拒否しました：アクションではありません：'banana'"),  # noqa: RUF001
    "Raising": ("raised ZeroDivisionError: integer division or modulo by zero",
                "が ZeroDivisionError: integer division or modulo by zero を送出しました"),
}
COMMANDS = {"play": ["play", "--seed", "1"],
            "simulate on workers": ["simulate", "--games", "60", "--workers", "2"]}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("bot", sorted(FAILING_BOTS))
def test_a_failing_bot_is_named_with_its_seat_and_place_in_one_line(bot, command, lang):
    result = run("--lang", lang, *COMMANDS[command], "--bots", f"greedy,tests.own_bots:{bot}")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    error = result.output.splitlines()[-1]
    assert not any(line.startswith(("Error", "エラー")) for line in result.output.splitlines()[:-1])
    said, said_ja = FAILING_BOTS[bot]
    seat = re.search(r"seat (\d)'s player" if lang == "en" else r"席(\d)のプレイヤー", error)
    assert seat is not None, error
    name = f"tests.own_bots:{bot}"
    if lang == "en":
        assert error == (f"Error: seat {seat[1]}'s player {name} {said} (at {_where(bot)}; add "
                         f"--debug to the command for the traceback)")
    else:
        assert error == (f"エラー：席{seat[1]}のプレイヤー {name} {said_ja}（{_where(bot)}。"  # noqa: RUF001
                         f"トレースバックはコマンドに --debug を付けると表示されます）")  # noqa: RUF001
    assert "Traceback" in run(*COMMANDS[command], "--bots", f"greedy,tests.own_bots:{bot}",
                              "--debug").output


def test_the_coachs_comparison_wraps_between_words_at_the_screens_width():
    from rich.cells import cell_len
    from rich.console import Console

    from pegline_core import Game, parse_cards
    from pegline_cribbage.actions import Deal, Discard
    from pegline_cribbage.compare import describe
    from pegline_cribbage.terminal import HumanPlayer

    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    game.apply(Discard(0, parse_cards("5C KS")))
    comparison = game.compare(0)
    console = Console(width=60, color_system=None)
    player = HumanPlayer(console)
    player._disclaimed = True  # the coach's note on itself is wrapped already
    with console.capture() as screen:
        player.compared(comparison)
    shown = screen.get()
    assert max(map(cell_len, shown.splitlines())) <= 60
    assert shown.split() == " ".join(describe(comparison.evaluation, comparison.action)).split()


def test_a_stopped_simulation_still_draws_its_plot(monkeypatch, tmp_path):
    from pegline_core.app import simulate as sim

    monkeypatch.setattr(sim, "MOST", sim.CHUNK)
    real = sim.run_chunk

    def stopped_at_the_third_chunk(variant, bots, seed, start, count):
        if start >= 2 * sim.CHUNK:
            raise KeyboardInterrupt
        return real(variant, bots, seed, start, count)

    monkeypatch.setattr(sim, "run_chunk", stopped_at_the_third_chunk)
    plot = tmp_path / "stopped.png"
    result = run("simulate", "--games", "200", "--workers", "1", "--plot", str(plot))
    assert result.exit_code == 130
    assert f"two-player: {2 * sim.CHUNK} games" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("path", [("",), ("analyze",), ("variants",), ("plugins",)],
                         ids=" ".join)
def test_a_groups_list_of_commands_gives_each_summary_whole(path):
    path = tuple(word for word in path if word)
    result = run(*path, "--help")
    assert result.exit_code == 0
    listed = result.output.split("Commands", 1)[1]  # after the usage line's [ARGS]...
    assert "..." not in listed
    if path == ("analyze",):
        assert ("discard Every discard of a dealt hand, e.g. 5H 5C JD QS 4H 9C, ranked by the "
                "kept hand's expected points over every starter (exact), the crib's expected "
                "points (estimated) and the net.") in " ".join(listed.split())


def test_an_unknown_bot_gets_a_did_you_mean():
    result = run("play", "--bots", "greedyy")
    assert result.exit_code == 2
    assert ("unknown bot 'greedyy'; did you mean 'greedy'? choose from random, greedy, sloppy, "
            "coach, or name a class of your own as module.path:Name") in result.output


def test_the_simulation_reports_columns_align_with_long_bot_names():
    result = run("simulate", "--games", "30", "--workers", "1", "--bots",
                 "greedy,tests.own_bots:FirstLegal")
    assert result.exit_code == 0, result.output
    rates = [line for line in result.output.splitlines() if " of its seats " in line]
    assert [line.split()[0] for line in rates] == ["greedy", "tests.own_bots:FirstLegal"]
    assert len({line.index(" wins ") for line in rates}) == 1
    assert len({line.index(" of its seats ") for line in rates}) == 1


@pytest.mark.parametrize("match", [[], ["--match", "1"]])
def test_a_variant_without_a_description_is_named_alone(tmp_path, match):
    (tmp_path / "slow.toml").write_text('extends = ["two-player"]\ndescription = ""\n')
    result = run("play", "--variant", str(tmp_path / "slow.toml"), "--seed", "1", *match)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == ("slow (seed 1), a match best of 1" if match
                                             else "slow (seed 1)")


def test_the_progress_lines_say_the_time_left_from_the_first_games_on():
    from pegline_core.app.commands import simulate as command

    now = [100.0]
    said: list[str] = []
    lines = command._progress_lines("two-player", 1000, enabled=True, clock=lambda: now[0])
    for done, at in ((25, 110.0), (50, 120.0), (100, 140.0), (1000, 500.0)):
        now[0] = at
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(click, "echo", lambda text, err: said.append(text))
            lines(done)
    assert said == ["two-player: 25 of 1,000 games, about 0:06:30 left",  # 10 s for 25 games
                    "two-player: 100 of 1,000 games, about 0:06:00 left",
                    "two-player: 1,000 of 1,000 games"]


def test_simulate_prints_the_time_left_in_its_progress():
    result = run("simulate", "--games", "60", "--workers", "1", "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert re.fullmatch(r"two-player: 25 of 60 games, about \d+:\d\d:\d\d left", first), first


COACH_GAMES_A_MINUTE = 100
"""The most coach games the examples may ask for: the coach takes most of a second a game on a
core, and an example should finish in about a minute."""


def test_the_examples_of_simulate_with_the_coach_finish_in_about_a_minute():
    root = Path(__file__).parent.parent
    examples = [line for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]
                for line in path.read_text(encoding="utf-8").splitlines()
                if line.startswith("pegline simulate") and "coach" in line.split("#")[0]]
    assert examples
    for example in examples:
        games = re.search(r"--games (\d+)", example)
        assert games is not None and int(games[1]) <= COACH_GAMES_A_MINUTE, example
