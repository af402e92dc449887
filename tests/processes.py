"""Starting `pegline` processes with workers, and checking that none is left behind (Linux:
reads /proc)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

TELLING_OF_THE_FIRST_CHUNK = """\
import os, sys
from pegline_core.app import simulate
from pegline_core.app.cli import main

told = int(sys.argv.pop(1))

def telling(run):
    def running(where, work, chunks, collect):
        def collected(outcome):
            global told
            collect(outcome)
            if told >= 0:
                os.write(told, b"."); os.close(told); told = -1
        return run(where, work, chunks, collected)
    return running

simulate._on_processes = telling(simulate._on_processes)
simulate._on_cluster = telling(simulate._on_cluster)
main(prog_name="pegline")
"""
"""`pegline`, with a byte written to the file descriptor its first argument names once the
work has collected its first finished chunk (on local processes or a cluster)."""


def start_simulation(arguments: list[str]) -> tuple[subprocess.Popen[str], int]:
    """Start ``pegline ARGUMENTS`` in a session of its own: the process, and the end of a pipe
    that gets a byte once a chunk of its work is done and counted (`wait_for_a_chunk`)."""
    reader, writer = os.pipe()
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", TELLING_OF_THE_FIRST_CHUNK, str(writer), *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            pass_fds=(writer,))
    except BaseException:
        os.close(reader)
        raise
    finally:
        os.close(writer)
    return process, reader


def wait_for_a_chunk(process: subprocess.Popen[str], reader: int, within: float = 120.0) -> None:
    """Wait until ``process`` has counted a finished chunk of its work (however loaded the
    machine); if it ends first, or takes longer than ``within`` seconds, the test fails, its
    process group killed."""
    try:
        ready, _, _ = select.select([reader], [], [], within)
        told = os.read(reader, 1) if ready else b""
    finally:
        os.close(reader)
    if not told:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        pytest.fail(f"no chunk was done within {within:.0f} s, or the process ended first: {err}")


def start_with_workers(arguments: list[str], workers: int = 2):
    """Start ``pegline ARGUMENTS`` in a session of its own, once its workers run and a chunk of
    its work is done: the process and its workers' pids."""
    process, reader = start_simulation(arguments)
    wait_for_a_chunk(process, reader)
    running = children(process.pid)
    assert len(running) >= workers, running
    return process, running


def count_chunks_in_flight(monkeypatch) -> Callable[[], int]:
    """Count the chunks this process has handed to its workers and not yet had back; the
    returned function gives the most at once."""
    from multiprocessing.connection import Connection

    most, live, parent = 0, 0, os.getpid()
    send, recv = Connection.send, Connection.recv

    def sending(self, task):
        nonlocal most, live
        send(self, task)
        if os.getpid() == parent:
            live += 1
            most = max(most, live)

    def receiving(self):
        nonlocal live
        got = recv(self)
        if os.getpid() == parent:
            live -= 1
        return got

    monkeypatch.setattr(Connection, "send", sending)
    monkeypatch.setattr(Connection, "recv", receiving)
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
