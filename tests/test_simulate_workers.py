"""simulate's local worker processes under review: every start method, a parent that dies, a
signal at any point, errors that do not come back whole, and nothing left behind."""

import os
import select
import subprocess
import sys

import pytest

from pegline_core.app import simulate as sim
from tests.processes import all_gone, children, finish, needs_proc

SIMULATE_WITH = """\
import multiprocessing, sys
from pegline_core import load_variant
from pegline_core.app.simulate import CHUNK, simulate

if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    stats = simulate(load_variant("two-player"), ["random"], games=3 * CHUNK, seed=1, workers=2)
    print(stats.games)
"""


@needs_proc
@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_workers_run_under_every_start_method(method):
    """Python 3.14 starts processes by a fork server on Linux (spawn on macOS): a worker's
    parent process is then not the one that started the simulation."""
    done = subprocess.run([sys.executable, "-c", SIMULATE_WITH, method], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(3 * sim.CHUNK)] and "Traceback" not in done.stderr


def chunk_size(start, count):
    return count


def descendants(pid):
    return [pid for child in children(pid) for pid in (child, *descendants(child))]


WAITING_IN_COLLECT = """\
import multiprocessing, os, sys, threading
from pegline_core.app import simulate as sim
from tests.test_simulate_workers import chunk_size

if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    told = int(sys.argv[2])

    def collect(count):
        os.write(told, b".")
        threading.Event().wait()  # the parent is killed here, its workers idle

    sim.run_chunks(chunk_size, 40 * sim.CHUNK, collect, workers=2)
"""


@needs_proc
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_a_killed_parent_s_idle_workers_end_without_a_word(method):
    """Workers waiting for a chunk when their parent is killed (SIGKILL) end quietly: their
    pipe's end of the parent closing is no error to print."""
    reader, writer = os.pipe()
    try:
        process = subprocess.Popen([sys.executable, "-c", WAITING_IN_COLLECT, method, str(writer)],
                                   stderr=subprocess.PIPE, text=True, start_new_session=True,
                                   pass_fds=(writer,))
    finally:
        os.close(writer)
    try:
        ready, _, _ = select.select([reader], [], [], 60)
        assert ready and os.read(reader, 1) == b"."
    finally:
        os.close(reader)
    workers = descendants(process.pid)  # with the fork server, if any
    process.kill()
    _, err = finish(process)
    assert "Traceback" not in err and "Error" not in err, err
    assert all_gone(workers)
