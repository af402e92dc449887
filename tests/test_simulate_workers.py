"""simulate's local worker processes under review: every start method, a parent that dies, a
signal at any point, errors that do not come back whole, and nothing left behind."""

import subprocess
import sys

import pytest

from pegline_core.app import simulate as sim
from tests.processes import needs_proc

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
