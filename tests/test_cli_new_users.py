"""What new users of the command line tripped on: ``--debug`` after a command, a bot of one's
own that fails, wrapping and tables, did-you-mean, the progress of a long simulation."""

from __future__ import annotations

import inspect
import re

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
