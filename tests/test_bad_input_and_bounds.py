"""Issue 15's command-line half: every bad input a clean error before any work, every long job
bounded and stoppable, reproduction by reproduction."""

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pegline_core import Game, IllegalActionError, PeglineError, load_variant
from pegline_core.app import simulate as sim
from pegline_core.app.cli import main
from pegline_core.files import read_text
from pegline_core.record import GameRecord
from tests.processes import (
    all_gone,
    count_chunks_in_flight,
    finish,
    needs_proc,
    start_with_workers,
)


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def clean(result, code):
    """The command ended with ``code`` and a message, never a traceback."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


# -- outputs and optional dependencies are checked before the work -----------------------------


@pytest.mark.parametrize("where", ["missing/g.toml", "."])
def test_play_save_to_a_bad_path_is_refused_before_the_game(tmp_path, where):
    target = tmp_path / where
    result = run("play", "--seed", 1, "--save", target)
    clean(result, 2)
    assert "--save" in result.output and "hand" not in result.output  # no game was played
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no record, no temp file


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_record_is_never_written_over_a_file_that_is_not_regular(tmp_path):
    """Saving renames a temporary file into place: over a pipe or a device (/dev/null) that
    would replace the device itself. It is refused, by the command and by the library."""
    from pegline_core.errors import RecordError
    from pegline_core.players import RandomBot, play_game

    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    result = run("play", "--seed", 1, "--save", pipe)
    clean(result, 2)
    assert "not a regular file" in result.output
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=1)
    with pytest.raises(RecordError, match="not a regular file"):
        GameRecord.of(game, seed=1).save(pipe)
    assert pipe.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["pipe.toml"]


@pytest.mark.parametrize("args", [("--save",), ("--log",), ("--match", 3, "--save")])
def test_saving_over_a_file_that_is_not_a_record_is_refused_and_it_is_kept(tmp_path, args):
    # the file was replaced by the record: a variant file, or anything else, was lost
    mine = tmp_path / "house.toml"
    mine.write_text('extends = ["two-player"]\n', encoding="utf-8")
    result = run("play", "--seed", 1, *args, mine)
    clean(result, 2)
    assert args[-1] in result.output and "is not a Pegline record or log" in result.output
    assert "hand" not in result.output and "game" not in result.output.split("Error")[0]
    assert mine.read_text(encoding="utf-8") == 'extends = ["two-player"]\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house.toml"]


def test_a_record_or_log_is_saved_over_the_one_of_the_same_name(tmp_path):
    record, log = tmp_path / "game.toml", tmp_path / "game.jsonl"
    assert run("play", "--seed", 1, "--save", record, "--log", log).exit_code == 0
    again = run("play", "--seed", 2, "--save", record, "--log", log)
    assert again.exit_code == 0, again.output
    assert GameRecord.load(record).seed == 2 and GameRecord.load(log).seed == 2


def test_a_log_to_a_folder_is_refused_before_the_game(tmp_path):
    # it was Click's own "Could not open file", in English, after the game's first line
    result = run("--lang", "ja", "play", "--seed", 1, "--log", tmp_path)
    clean(result, 2)
    assert f"{tmp_path} はフォルダです" in result.output and "two-player" not in result.output


def test_a_match_save_to_a_bad_path_is_refused_before_the_match(tmp_path):
    result = run("play", "--match", 3, "--save", tmp_path / "no" / "m.toml")
    clean(result, 2)
    assert "no folder" in result.output and "=== game" not in result.output


def test_simulate_plot_to_a_bad_path_is_refused_before_the_games(tmp_path, monkeypatch):
    monkeypatch.setattr(sim, "simulate", lambda *a, **k: pytest.fail("games were played"))
    result = run("simulate", "--games", 5, "--plot", tmp_path / "no" / "p.png")
    clean(result, 2)
    assert "no folder" in result.output


def test_simulate_plot_without_matplotlib_is_refused_before_the_games(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    monkeypatch.setattr(sim, "simulate", lambda *a, **k: pytest.fail("games were played"))
    result = run("simulate", "--games", 5, "--plot", tmp_path / "p.png")
    clean(result, 1)
    assert "matplotlib is not installed" in result.output


@pytest.mark.parametrize("address", ["tls://127.0.0.1:1", "inproc://x", "127.0.0.1:8786",
                                     "tcp://host-without-port"])
def test_a_scheduler_address_that_is_not_tcp_host_port_is_refused(address):
    pytest.importorskip("distributed")
    result = run("simulate", "--games", 5, "--scheduler", address)
    clean(result, 1)
    assert "tcp://HOST:PORT" in result.output


def test_an_unreachable_scheduler_is_a_message(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(sim, "CONNECT_TIMEOUT", 1.0)  # dask retries a refused connection
    result = run("simulate", "--games", 5, "--scheduler", "tcp://127.0.0.1:1")
    clean(result, 1)
    assert "cannot reach the scheduler at tcp://127.0.0.1:1" in result.output


# -- score, replay, analyze ---------------------------------------------------------------------


def test_score_batch_reports_a_non_utf8_line_and_goes_on():
    result = CliRunner().invoke(main, ["score"],
                                input=b"5H 5C 5D JS | 5S\n\xff\xfe 5H\nAH 2H 3H 4H | 5H\n")
    clean(result, 1)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("total") for line in lines] == [29, None, 12]
    assert lines[1] == {"line": 2, "error": "not UTF-8 text", "code": "cribbage.score-not-utf8"}


def test_score_starter_without_cards_does_not_read_stdin():
    result = run("score", "--starter", "5S", input="5H 5C 5D JS | 5S\n")
    clean(result, 2)
    assert "--starter needs the CARDS" in result.output and "total" not in result.output


def test_replay_of_a_missing_file_says_so():
    for extra in ([], ["--verify"]):
        result = run("replay", "missing.toml", *extra)
        clean(result, 1)
        assert "missing.toml: no such file" in result.output


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_replay_of_an_endless_file_is_capped():
    result = run("replay", "/dev/zero")
    clean(result, 1)
    assert "larger than 64 MiB" in result.output


def test_reading_is_capped_for_every_file(tmp_path):
    import pegline_core.files as files

    big = tmp_path / "big.toml"
    big.write_text("x" * 2000)
    with pytest.raises(PeglineError, match="larger than"):
        files.read_bytes(big, PeglineError, 1000)
    assert read_text(big, PeglineError) == "x" * 2000


def test_a_gzip_log_that_inflates_without_limit_is_refused(tmp_path, monkeypatch):
    import gzip

    import pegline_core.record as record

    bomb = tmp_path / "bomb.jsonl.gz"
    bomb.write_bytes(gzip.compress(b"\n" * 5000))
    monkeypatch.setattr(record, "MAX_FILE_BYTES", 1000)
    with pytest.raises(PeglineError, match="inflates to more than"):
        GameRecord.load(bomb)


def test_analyze_show_refuses_twelve_card_hands_with_an_estimate(tmp_path):
    variant = tmp_path / "twelve.toml"
    variant.write_text('description = "twelve"\nextends = ["two-player"]\n'
                       "[deal]\ncards = 14\ndiscard = 2\n")
    started = time.monotonic()
    result = run("analyze", "show", "--variant", variant)
    clean(result, 1)
    assert "12-card hand" in result.output and "8.3e+12 shows" in result.output
    assert time.monotonic() - started < 30


# -- seeds, seats, bots, the human loop -------------------------------------------------------


SEEDED_COMMANDS = [["play"], ["simulate", "--games", "2"],
                   ["analyze", "win-table", "--variant", "two-player-61", "--hands", "20"]]


@pytest.mark.parametrize("command", SEEDED_COMMANDS, ids=lambda command: command[0])
def test_a_negative_seed_is_refused(command):
    result = run(*command, "--seed", -7)
    clean(result, 2)
    assert "-7 is not in the range x>=0" in result.output


@pytest.mark.parametrize("command", SEEDED_COMMANDS, ids=lambda command: command[0])
def test_every_seed_the_library_takes_every_command_takes(command, tmp_path):
    """One rule, a whole number from 0 up: the command line and the library agree on each."""
    from pegline_core.players import RandomBot, play_game

    for seed in (0, 2**64):
        play_game("two-player-61", [RandomBot(seed), RandomBot(seed + 1)], seed=seed)
        clean(run(*command, "--seed", seed), 0)
    with pytest.raises(PeglineError, match="seed must be a whole number from 0 up"):
        play_game("two-player-61", [RandomBot(1), RandomBot(2)], seed=-7)


def test_the_library_simulation_refuses_a_negative_seed_and_bad_workers():
    variant = load_variant("two-player")
    with pytest.raises(PeglineError, match="seed"):
        sim.simulate(variant, ["random"], games=1, seed=-7)
    with pytest.raises(PeglineError, match="workers"):
        sim.simulate(variant, ["random"], games=1, workers=0)


def test_a_record_of_a_negative_seed_still_replays_and_resumes(tmp_path):
    """The library took a negative seed before the rule it now shares with the command line,
    and its records hold one: they still verify, and a game or a match resumes with a fresh
    seed (a continuation from seed -1000 was refused)."""
    from pegline_core.app.match import Match, MatchRecord, MatchRules
    from pegline_core.players import RandomBot, play_game

    def begun(seed, dealer=None):
        game = Game("two-player-61", dealer=dealer)
        rng = random.Random(seed)
        while len(game.log) < 40:
            game.apply(game.chance_action(rng) if game.to_act == "chance"
                       else rng.choice(game.legal_actions(game.to_act[0])))
        return game

    GameRecord.of(begun(3), seed=-1000).save(tmp_path / "game.toml")
    match = Match(load_variant("two-player-61"), MatchRules(best_of=3))
    match.add(play_game(match.variant, [RandomBot(1), RandomBot(2)], seed=1), -1000)
    MatchRecord.of(match, seeds=[-1000], playing=(begun(4, match.next_dealer()), -999)).save(tmp_path / "match.toml")
    for name in ("game.toml", "match.toml"):
        clean(run("replay", "--verify", tmp_path / name), 0)
        resumed = run("play", "--resume", tmp_path / name, "--bots", "random")
        clean(resumed, 0)
        assert int(re.search(r"(?:come from seed |\(seed )(-?\d+)", resumed.output)[1]) >= 0
        clean(run("replay", "--verify", tmp_path / name), 0)


@pytest.mark.parametrize("seat", [True, 99, -1, "0", 1.0])
def test_a_seat_that_is_not_at_the_table_is_an_error_and_changes_nothing(seat):
    game = Game("two-player", dealer=0)
    before = (game.log, game.phase, game.to_act)
    for read in (game.view, game.legal_actions):
        with pytest.raises(IllegalActionError, match="no seat"):
            read(seat)
    assert (game.log, game.phase, game.to_act) == before


def test_more_bots_than_seats_is_refused():
    result = run("play", "--bots", "coach,greedy,random", "--seed", 1)
    clean(result, 2)
    assert "3 bots for 2 seats" in result.output
    assert "3 bots for 2 seats" in run("simulate", "--bots", "greedy,random,random",
                                       "--games", 2).output


def test_piped_input_that_is_always_wrong_stops_and_saves(tmp_path):
    from pegline_core.app.terminal_seat import WRONG_ANSWERS

    save = tmp_path / "g.toml"
    started = time.monotonic()
    result = run("play", "--human", "--seed", 3, "--save", save,
                 input="nonsense\n" * (WRONG_ANSWERS * 3))
    clean(result, 1)
    assert f"{WRONG_ANSWERS} answers from the input without a move" in result.output
    assert time.monotonic() - started < 60
    kept = GameRecord.load(save).replay()
    assert kept.phase == "discard"  # the deal is kept; no answer was ever applied


def test_the_testing_helpers_import_without_hypothesis():
    code = ("import sys; sys.modules['hypothesis'] = None\n"
            "from pegline_cribbage.testing import make_game, stack, play, scores\n"
            "game = make_game('two-player'); print(game.phase)\n"
            "from pegline_cribbage.testing import cards\n"
            "try:\n    cards()\nexcept ImportError:\n    print('strategies need hypothesis')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[1] == "strategies need hypothesis"


# -- simulate: bounded, stoppable, nothing left behind ------------------------------------------


def test_simulate_keeps_a_bounded_number_of_chunks_in_flight(monkeypatch):
    """However many games, no more than WINDOW chunks per worker are ever submitted ahead."""
    most = count_chunks_in_flight(monkeypatch)
    variant = load_variant("two-player")
    stats = sim.simulate(variant, ["random"], games=sim.CHUNK * 12, seed=1, workers=2)
    assert stats.games == sim.CHUNK * 12
    assert 2 <= most() <= 2 * sim.WINDOW + 1


def test_chunks_cover_every_game_once_sized_to_take_about_a_quarter_second():
    chunks = sim._Chunks(10_000)
    first = next(chunks)
    assert first == (0, sim.CHUNK)  # the pace unknown: CHUNK games
    chunks.finished(sim.CHUNK, sim.CHUNK / 2_000)  # 2,000 games a second
    second = next(chunks)
    assert second == (sim.CHUNK, int(2_000 * sim.PACE))
    chunks.finished(100, 10.0)  # slow bots: never fewer than CHUNK
    third = next(chunks)
    assert third[1] == sim.CHUNK
    chunks.finished(10**6, 1.0)  # never more than MOST
    fourth = next(chunks)
    assert fourth[1] == sim.MOST
    made = [first, second, third, fourth, *chunks]
    sizes = [size for _start, size in made]
    assert [start for start, _size in made] == [sum(sizes[:i]) for i in range(len(made))]
    assert sum(sizes) == 10_000 and set(sizes[4:-1]) <= {sim.MOST}


def test_a_thread_keeps_its_ruleset_from_chunk_to_chunk_and_shares_it_with_no_other():
    import threading

    from pegline_core.shared_rulesets import shared_ruleset  # the rulesets simulate plays on

    variant = load_variant("two-player")
    kept = shared_ruleset(variant)
    assert shared_ruleset(load_variant("two-player")) is kept  # an equal variant: the same
    elsewhere = []
    thread = threading.Thread(target=lambda: elsewhere.append(shared_ruleset(variant)))
    thread.start()
    thread.join()
    assert elsewhere[0] is not kept and elsewhere[0].variant == variant
    assert shared_ruleset(load_variant("three-player")) is not kept


def test_the_report_does_not_depend_on_how_the_games_are_chunked(monkeypatch):
    variant = load_variant("two-player")
    whole = sim.simulate(variant, ["random", "greedy"], games=90, seed=3, workers=1)
    monkeypatch.setattr(sim, "CHUNK", 7)
    monkeypatch.setattr(sim, "MOST", 7)
    assert sim.simulate(variant, ["random", "greedy"], games=90, seed=3,
                        workers=1) == whole


def test_one_chunk_never_starts_a_pool(monkeypatch):
    monkeypatch.setattr(sim, "_on_processes", lambda *a: pytest.fail("a pool for one chunk"))
    stats = sim.simulate(load_variant("two-player"), ["random"], games=3, seed=1, workers=24)
    assert stats.games == 3


def _start_simulation():
    return start_with_workers(["simulate", "--games", "1000000", "--workers", "2", "--json",
                               "--bots", "random"])




@needs_proc
@pytest.mark.parametrize(("sig", "code", "word"), [(signal.SIGINT, 130, "interrupted"),
                                                   (signal.SIGTERM, 143, "terminated")])
def test_a_signal_stops_simulate_with_a_partial_report_and_no_worker_left(sig, code, word):
    process, workers = _start_simulation()
    os.kill(process.pid, sig)
    out, err = finish(process)
    assert process.returncode == code, err
    assert "Traceback" not in err
    assert f"{word}: stopped after" in err and "of 1,000,000 games" in err
    report = json.loads(out)  # a chunk had finished: the partial report
    assert report["stopped"] == word and 0 < report["games"] < 1_000_000
    assert all_gone(workers)


@needs_proc
def test_sigkill_of_simulate_leaves_no_worker_behind():
    process, workers = _start_simulation()
    process.kill()
    finish(process)
    assert all_gone(workers), "a worker outlived its killed parent"


def test_analyze_show_says_before_the_slow_path_that_numpy_is_missing(monkeypatch):
    import importlib.util

    import pegline_cribbage.analysis as analysis

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numpy" else real(name, *a))

    def counting(*args, **kwargs):
        raise PeglineError("counting began")

    monkeypatch.setattr(analysis, "show_distribution", counting)
    result = run("analyze", "show")
    clean(result, 1)
    assert result.output.index("numpy is not installed") < result.output.index("counting began")


def test_ctrl_c_in_the_library_raises_interrupted_with_the_finished_games(monkeypatch):
    monkeypatch.setattr(sim, "MOST", sim.CHUNK)  # every chunk CHUNK games, whatever the pace
    seen = []

    def progress(done):
        seen.append(done)
        if done >= 2 * sim.CHUNK:
            raise KeyboardInterrupt

    with pytest.raises(sim.Interrupted) as stopped:
        sim.simulate(load_variant("two-player"), ["random"], games=10 * sim.CHUNK, seed=1,
                     workers=1, progress=progress)
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert stopped.value.stats.games == 2 * sim.CHUNK == seen[-1]
    assert stopped.value.stats.report()["games"] == 2 * sim.CHUNK


def _failing_chunk(variant, names, seed, start, count):
    if start >= 2 * sim.CHUNK:
        raise PeglineError(f"a plugin failed in the chunk from game {start}")
    return sim.SimulationStats(games=count)


def test_an_error_in_a_worker_reaches_the_caller_and_ends_every_worker(monkeypatch):
    import multiprocessing

    monkeypatch.setattr(sim, "run_chunk", _failing_chunk)  # forked workers see it too
    with pytest.raises(PeglineError, match="a plugin failed in the chunk from game"):
        sim.simulate(load_variant("two-player"), ["random"], games=40 * sim.CHUNK, seed=1,
                     workers=2)
    assert multiprocessing.active_children() == []



def _dying_chunk(start, count):
    if start >= sim.CHUNK:
        os._exit(9)  # ends with no word sent back, as a bot calling os._exit would
    return count


def _unsendable_chunk(start, count):
    return lambda: count  # a result that does not pickle


@pytest.mark.parametrize(("work", "said"), [
    (_dying_chunk, "a worker process ended before its games were done"),
    (_unsendable_chunk, "a worker could not send its games' results back: "),
])
def test_a_worker_that_dies_or_cannot_send_its_result_is_an_error_and_ends_every_worker(
        work, said):
    import multiprocessing

    collected = []
    with pytest.raises(PeglineError, match=said):
        sim.run_chunks(work, 40 * sim.CHUNK, collected.append, workers=2)
    assert multiprocessing.active_children() == []
    assert sum(collected) < 40 * sim.CHUNK


def _chunk_size(start, count):
    return count


@pytest.mark.parametrize("ignored", [False, True])
def test_a_ctrl_c_stops_the_workers_after_the_chunk_it_came_in_unless_it_is_ignored(ignored):
    """A Ctrl-C is acted on between chunks: the chunks collected are whole, no worker is left,
    and `KeyboardInterrupt` comes through. Where SIGINT is ignored (a shell's background job),
    it stops nothing and every game is played."""
    import multiprocessing

    collected = []

    def collect(count):
        collected.append(count)
        if len(collected) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    before = signal.signal(signal.SIGINT, signal.SIG_IGN if ignored else signal.default_int_handler)
    try:
        if ignored:
            sim.run_chunks(_chunk_size, 40 * sim.CHUNK, collect, workers=2)
        else:
            with pytest.raises(KeyboardInterrupt):
                sim.run_chunks(_chunk_size, 40 * sim.CHUNK, collect, workers=2)
        assert signal.getsignal(signal.SIGINT) is (
            signal.SIG_IGN if ignored else signal.default_int_handler)
    finally:
        signal.signal(signal.SIGINT, before)
    assert multiprocessing.active_children() == []
    if ignored:
        assert sum(collected) == 40 * sim.CHUNK
    else:
        assert 1 <= len(collected) <= 2 * sim.WINDOW and sum(collected) < 40 * sim.CHUNK

# -- the Python API: a wrong argument is a ValueError that says what was expected ---------------


def _api_calls():
    from pegline_core import parse_cards
    from pegline_cribbage.scorer import Scorer

    scorer = Scorer.for_variant("two-player")
    starter, hand = parse_cards("5S")[0], parse_cards("5H 5C 5D JS")
    return [
        (lambda: parse_cards(None), "cards must be"),
        (lambda: parse_cards(7), "cards must be"),
        (lambda: Game.from_inputs("two-player", None), "actions must be"),
        (lambda: scorer.play(None), "a series must be"),
        (lambda: scorer.show(None, starter), "a hand must be"),
        (lambda: scorer.show("5H 5C 5D JS", starter), "parse_cards"),
        (lambda: scorer.show(hand, starter, crib="yes"), "crib must be True or False"),
        (lambda: scorer.show_total(hand, starter, crib=1), "crib must be True or False"),
        (lambda: Game("two-player").chance_action(None), "rng must be a random.Random"),
    ]


@pytest.mark.parametrize("index", range(9))
def test_an_api_argument_of_the_wrong_kind_is_a_value_error(index):
    # they were TypeErrors ('NoneType' object is not iterable), or a string read as a hand of
    # 11 cards ("a hand in two-player has 4 cards, got 11")
    call, said = _api_calls()[index]
    with pytest.raises(PeglineError, match=said):
        call()
