"""`pegline simulate --round-robin` runs as plain `simulate` does: chunks streamed with a bounded
number in flight, the same standings on one worker or many, and stopped by Ctrl-C or SIGTERM
with the standings of the games finished and no worker left behind."""

from __future__ import annotations

import json
import os
import signal

import pytest

from pegline_clabber import tournament
from pegline_core import PeglineError, load_variant
from pegline_core.app import simulate as sim
from tests.processes import all_gone, count_chunks_in_flight, finish, needs_proc, start_with_workers

VARIANT = load_variant("clabber")


def test_the_standings_are_the_same_on_one_worker_or_two():
    entrants = ["greedy", "random", "sloppy"]
    one = tournament.round_robin(VARIANT, entrants, games=sim.CHUNK + 3, seed=5, workers=1)
    two = tournament.round_robin(VARIANT, entrants, games=sim.CHUNK + 3, seed=5, workers=2)
    assert one == two
    assert [s.played for s in one] == [2 * (sim.CHUNK + 3)] * 3
    assert sum(s.won for s in one) == 3 * (sim.CHUNK + 3)


@pytest.mark.parametrize("wrong", [-1, "x", 1.5], ids=repr)
def test_a_seed_that_is_not_a_whole_number_from_0_up_is_refused_as_given(wrong):
    """As `simulate` refuses it: -1 was refused from a worker as the seed of a game,
    -4294967295, and "x" was a TypeError there."""
    with pytest.raises(PeglineError, match=f"seed must be a whole number from 0 up, not {wrong!r}$"):
        tournament.round_robin(VARIANT, ["greedy", "random"], games=1, seed=wrong, workers=1)


def test_chunks_are_the_games_of_the_whole_round_robin():
    """Chunk by chunk or all at once, each game is the same game: the sums agree."""
    names = ["greedy", "random", "sloppy"]
    whole = tournament.play_chunk(VARIANT, names, 4, 1, 0, 12)
    parts = tournament.RoundRobinTally()
    for start in range(0, 12, 5):
        parts.merge(tournament.play_chunk(VARIANT, names, 4, 1, start, min(5, 12 - start)))
    assert parts == whole and whole.games == 12
    assert sum(whole.played.values()) == 24 and sum(whole.won.values()) == 12


def test_a_round_robin_keeps_a_bounded_number_of_chunks_in_flight(monkeypatch):
    most = count_chunks_in_flight(monkeypatch)
    games = sim.CHUNK * 8
    table = tournament.round_robin(VARIANT, ["greedy", "random"], games=games, seed=1,
                                   workers=2)
    assert [s.played for s in table] == [games, games]
    assert 2 <= most() <= 2 * sim.WINDOW + 1


def test_ctrl_c_in_the_library_gives_the_standings_so_far(monkeypatch):
    monkeypatch.setattr(sim, "MOST", sim.CHUNK)  # every chunk CHUNK games, whatever the pace

    def progress(done):
        if done >= 2 * sim.CHUNK:
            raise KeyboardInterrupt

    with pytest.raises(sim.Interrupted) as stopped:
        tournament.round_robin(VARIANT, ["greedy", "random"], games=10 * sim.CHUNK, seed=1,
                               workers=1, progress=progress)
    assert stopped.value.games == 2 * sim.CHUNK
    assert [s.played for s in stopped.value.stats] == [2 * sim.CHUNK] * 2


def _start_round_robin():
    return start_with_workers(["simulate", "--variant", "clabber", "--round-robin", "--bots",
                               "greedy,random", "--games", "1000000", "--workers", "2", "--json"])


@needs_proc
@pytest.mark.parametrize(("sig", "code", "word"), [(signal.SIGINT, 130, "interrupted"),
                                                   (signal.SIGTERM, 143, "terminated")])
def test_a_signal_stops_the_round_robin_with_the_standings_so_far(sig, code, word):
    process, workers = _start_round_robin()
    os.kill(process.pid, sig)
    out, err = finish(process)
    assert process.returncode == code, err
    assert "Traceback" not in err
    assert f"{word}: stopped after" in err and "of 1,000,000 games" in err
    done = int(err.split("stopped after ")[1].split(" of")[0].replace(",", ""))
    table = json.loads(out)
    assert 0 < done < 1_000_000
    assert [s["played"] for s in table] == [done, done]
    assert sum(s["won"] for s in table) == done
    assert all_gone(workers)


@needs_proc
def test_sigkill_of_a_round_robin_leaves_no_worker_behind():
    process, workers = _start_round_robin()
    process.kill()
    finish(process)
    assert all_gone(workers), "a worker outlived its killed parent"
