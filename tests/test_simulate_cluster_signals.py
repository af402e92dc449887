"""Ctrl-C (and SIGTERM) of `pegline simulate --scheduler` on a real dask.distributed cluster: the
command stops promptly with the partial report, leaves no process behind, and leaves no chunk of
its own running on the cluster."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from tests.processes import start_simulation, wait_for_a_chunk

distributed = pytest.importorskip("distributed")

GAMES = 1_000_000


def _children(pid):
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def _wait(condition, within, what):
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as running:
        yield running


@pytest.mark.xdist_group("dask")  # one real cluster at a time
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize(("sig", "code", "word"), [(signal.SIGINT, 130, "interrupted"),
                                                   (signal.SIGTERM, 143, "terminated")])
def test_a_signal_stops_simulate_on_a_cluster_with_a_partial_report(cluster, sig, code, word):
    scheduler = cluster.scheduler
    process, told = start_simulation(["simulate", "--games", str(GAMES), "--json", "--bots",
                                      "random", "--scheduler", cluster.scheduler_address])
    try:
        wait_for_a_chunk(process, told)  # the partial report has a chunk's games
        assert process.poll() is None, process.stderr.read()
        children = _children(process.pid)
        sent = time.monotonic()
        process.send_signal(sig)
        out, err = process.communicate(timeout=30)
    finally:  # a simulation that did not stop is ended here, not left behind
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    stopped_in = time.monotonic() - sent
    assert process.returncode == code, err
    assert stopped_in < 15, f"took {stopped_in:.1f} s to stop"
    assert "Traceback" not in err
    assert f"{word}: stopped after" in err and f"of {GAMES:,} games" in err
    report = json.loads(out)  # some chunks had finished: the partial report
    assert report["stopped"] == word and 0 < report["games"] < GAMES
    # the games the message counts are the report's (the library tests, with chunks of a fixed
    # size, hold that only whole chunks are counted)
    stopped_after = int(err.split("stopped after ")[1].split(" of")[0].replace(",", ""))
    assert stopped_after == report["games"]
    assert not any(Path(f"/proc/{pid}").exists() for pid in children)
    # the cluster runs nothing more for it: its chunks are cancelled, its client gone
    _wait(lambda: not scheduler.tasks, 20, "chunks of the stopped simulation are still there")
    _wait(lambda: len(scheduler.clients) <= 1, 20, "the stopped simulation's client is still "
                                                    "connected")
