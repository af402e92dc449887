"""Starting `pegline` processes with workers, and checking that none is left behind (Linux:
reads /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest


def start_with_workers(arguments: list[str], workers: int = 2):
    """Start ``pegline ARGUMENTS`` in a session of its own, once its workers run and some work
    is done: the process and its workers' pids."""
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "pegline"), *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(children(process.pid)) < workers:
        assert process.poll() is None, process.stderr.read()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.1)
    time.sleep(3)  # let some chunks finish
    return process, children(process.pid)


def count_chunks_in_flight(monkeypatch) -> Callable[[], int]:
    """Count the chunks a process pool holds at once; the returned function gives the most."""
    from multiprocessing.pool import Pool

    most, live = 0, set()
    real = Pool.apply_async

    def counting(self, func, args=(), *rest, **kw):
        nonlocal most
        result = real(self, func, args, *rest, **kw)
        live.add(result)
        live.difference_update({r for r in live if r.ready()})
        most = max(most, len(live))
        return result

    monkeypatch.setattr(Pool, "apply_async", counting)
    return lambda: most


def children(pid):
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def alive(pid):
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state


def finish(process):
    """A process's output once it ends; if it does not end in time, its whole group is killed
    first, so a failing run leaves nothing running into the next test."""
    try:
        return process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the process did not end within 60 s of the signal")


def all_gone(pids, within=10.0):
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(alive(pid) for pid in pids)


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
