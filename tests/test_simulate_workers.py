"""simulate's local worker processes under review: every start method, a parent that dies, a
signal at any point, errors that do not come back whole, and nothing left behind."""

import multiprocessing
import os
import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pegline_core import PeglineError
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


@pytest.fixture
def ctrl_c():
    """Ctrl-C raises `KeyboardInterrupt` in this test, as on a terminal."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def _reaped(pids):
    """No process of ``pids`` is left, running or as a zombie."""
    return not any(Path(f"/proc/{pid}").exists() for pid in pids)


@needs_proc
def test_a_ctrl_c_as_a_worker_starts_ends_every_worker_started(monkeypatch, ctrl_c):
    """Ctrl-C the moment a worker process exists, before its parent has its pid: it is still
    ended, and no other is started."""
    forked, fork = [], os.fork

    def forking():
        pid = fork()
        if pid:
            forked.append(pid)
            os.kill(os.getpid(), signal.SIGINT)
        return pid

    monkeypatch.setattr(os, "fork", forking)
    with pytest.raises(KeyboardInterrupt):
        sim.run_chunks(chunk_size, 40 * sim.CHUNK, [].append, workers=2)
    assert len(forked) == 1 and _reaped(forked)


@needs_proc
def test_a_second_ctrl_c_while_the_workers_are_ended_ends_them_all(monkeypatch, ctrl_c):
    """The first Ctrl-C stops the run; a second one, as the workers are being ended, does not
    cut that short: every worker is ended and reaped before `KeyboardInterrupt` comes."""
    from multiprocessing.process import BaseProcess

    ended, kill = [], BaseProcess.kill

    def killing(process):
        kill(process)
        ended.append(process.pid)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(BaseProcess, "kill", killing)
    with pytest.raises(KeyboardInterrupt):
        sim.run_chunks(chunk_size, 40 * sim.CHUNK,
                       lambda count: os.kill(os.getpid(), signal.SIGINT), workers=2)
    assert len(ended) == 2 and _reaped(ended)
    assert multiprocessing.active_children() == []


def _leaving_a_thread(start, count):
    threading.Thread(target=threading.Event().wait, name="forever").start()
    return count


LEAVING_A_THREAD = """\
import multiprocessing, sys
from pegline_core import PeglineError
from pegline_core.app import simulate as sim
from tests.test_simulate_workers import _leaving_a_thread

sim.ENDING = 0.2
collected = []
sim.run_chunks(_leaving_a_thread, 4 * sim.CHUNK, collected.append, workers=2)
print(sum(collected), multiprocessing.active_children())
"""


def test_a_worker_that_cannot_end_is_killed_after_the_last_chunk():
    """A bot that leaves a thread running keeps its worker from ending when told to (Python
    waits for the thread): the worker is killed after `ENDING` seconds, not waited for."""
    try:
        done = subprocess.run([sys.executable, "-c", LEAVING_A_THREAD], capture_output=True,
                              text=True, timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail("run_chunks waited for ever on a worker's thread")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n", 1)[0] == f"{4 * sim.CHUNK} []"


class TwoPartError(Exception):
    """An error whose class cannot be rebuilt from its arguments (pickle calls it with one)."""

    def __init__(self, part, whole):
        super().__init__(f"{part} of {whole} failed")


class ErrorHoldingALock(Exception):
    """An error that does not pickle at all."""

    def __init__(self, message):
        super().__init__(message)
        self.lock = threading.Lock()


class Unrebuildable:
    """A result that pickles, but cannot be rebuilt where it is received."""

    def __reduce__(self):
        return (Unrebuildable, ("an argument too many",))


@pytest.fixture
def plain_pickling(monkeypatch):
    """Errors pickled as Python pickles them: importing dask's distributed has tblib rebuild
    every exception class known then, and these would come back whole."""
    import copyreg

    for kind in (TwoPartError, ErrorHoldingALock):
        monkeypatch.delitem(copyreg.dispatch_table, kind, raising=False)


def _failing(error):
    def failing(start, count):
        if start >= sim.CHUNK:
            raise error
        return count
    return failing


def _fails_in_two_parts(start, count):
    return _failing(TwoPartError("chunk", "run"))(start, count)


def _fails_holding_a_lock(start, count):
    return _failing(ErrorHoldingALock("the bot's lock was held"))(start, count)


def _unrebuildable_result(start, count):
    return Unrebuildable()


@pytest.mark.parametrize(("work", "said"), [
    (_fails_in_two_parts, r"^a worker's games failed: tests\.test_simulate_workers\.TwoPartError: "
                          r"chunk of run failed \(.*TypeError.*\)$"),
    (_fails_holding_a_lock, r"^a worker's games failed: tests\.test_simulate_workers\."
                            r"ErrorHoldingALock: the bot's lock was held \(.*lock.*\)$"),
])
def test_an_error_that_cannot_come_back_whole_is_said_with_its_type_and_message(
        work, said, plain_pickling):
    """A chunk's error that cannot be rebuilt in the parent (it does not pickle, or its class
    takes other arguments than it keeps) is a `PeglineError` naming it, with its message and
    the worker's traceback behind it. Every worker is ended."""
    with pytest.raises(PeglineError, match=said) as raised:
        sim.run_chunks(work, 40 * sim.CHUNK, lambda count: None, workers=2)
    assert "Traceback (most recent call last)" in str(raised.value.__cause__)
    assert multiprocessing.active_children() == []


def test_a_result_that_cannot_be_rebuilt_is_said_so():
    with pytest.raises(PeglineError, match=r"^a worker could not send its games' results back: "
                                           r"TypeError: Unrebuildable\(\) takes no arguments$"):
        sim.run_chunks(_unrebuildable_result, 40 * sim.CHUNK, lambda count: None, workers=2)
    assert multiprocessing.active_children() == []


def test_an_event_loop_s_signals_that_come_during_the_run_reach_it_after():
    """Run from a coroutine (a server's event loop calling it): the loop's wakeup file is
    given back, and the signals it handles that came meanwhile reach it, none lost."""
    import asyncio

    async def main():
        loop = asyncio.get_running_loop()
        came = asyncio.Event()
        loop.add_signal_handler(signal.SIGUSR1, came.set)
        try:
            before = signal.set_wakeup_fd(-1)
            signal.set_wakeup_fd(before)
            sim.run_chunks(chunk_size, 4 * sim.CHUNK,
                           lambda count: os.kill(os.getpid(), signal.SIGUSR1), workers=2)
            now = signal.set_wakeup_fd(-1)
            signal.set_wakeup_fd(now)
            assert now == before != -1
            await asyncio.wait_for(came.wait(), timeout=2)
        finally:
            loop.remove_signal_handler(signal.SIGUSR1)

    asyncio.run(main())


@pytest.mark.parametrize("where", ["workers", "cluster"])
def test_a_ctrl_c_whose_handler_does_not_stop_the_program_does_not_stop_the_run(monkeypatch,
                                                                               where):
    """A program's own Ctrl-C handler that returns (it only notes the Ctrl-C, as an event
    loop's does) is called between chunks, on local workers as on a cluster, and the run goes
    on to the last game: it is not cut short and returned as if it were whole."""
    place: dict[str, object] = {"workers": 2}
    if where == "cluster":
        distributed = pytest.importorskip("distributed")
        monkeypatch.setattr(distributed, "Client", _Cluster)
        monkeypatch.setattr(distributed, "wait", lambda futures, timeout, return_when: (
            {next(iter(futures))}, set()))
        place = {"scheduler": "tcp://cluster:8786"}
    noted = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    collected = []

    def collect(count):
        collected.append(count)
        if len(collected) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    try:
        sim.run_chunks(chunk_size, 40 * sim.CHUNK, collect, **place)
    finally:
        signal.signal(signal.SIGINT, before)
    assert noted == [signal.SIGINT] and sum(collected) == 40 * sim.CHUNK
    assert multiprocessing.active_children() == []


def _interrupt(count):
    os.kill(os.getpid(), signal.SIGINT)


@needs_proc
@pytest.mark.parametrize(("work", "collect", "ends_with"), [
    (chunk_size, lambda count: None, None),
    (_fails_in_two_parts, lambda count: None, PeglineError),
    (chunk_size, _interrupt, KeyboardInterrupt),
])
def test_no_file_is_left_open_however_the_run_ends(work, collect, ends_with, ctrl_c,
                                                   plain_pickling):
    """Every pipe of the run is closed when it returns or raises, without waiting for the
    garbage collector (an error's traceback holds the run's frames in a cycle)."""
    import contextlib
    import gc

    opened = len(os.listdir("/proc/self/fd"))
    gc.disable()
    try:
        for _ in range(5):
            with contextlib.suppress(*(ends_with,) if ends_with else ()):
                sim.run_chunks(work, 40 * sim.CHUNK, collect, workers=2)
        assert len(os.listdir("/proc/self/fd")) == opened
    finally:
        gc.enable()


def _exits(start, count):
    if start >= sim.CHUNK:
        sys.exit(3)  # a bot's or plugin's own sys.exit
    return count


def _signalled(signum):
    def signalled(start, count):
        if start >= sim.CHUNK:
            os.kill(os.getpid(), signum)
        return count
    return signalled


def _terminated(start, count):
    return _signalled(signal.SIGTERM)(start, count)


def _killed(start, count):
    return _signalled(signal.SIGKILL)(start, count)


@pytest.mark.parametrize(("work", "said"), [
    (_exits, r"^a worker process ended before its games were done: it exited with status 3$"),
    (_terminated, r"^a worker process ended before its games were done: signal SIGTERM "
                  r"ended it$"),
    (_killed, r"^a worker process ended before its games were done \(killed, or out of "
              r"memory\)$"),
])
def test_a_worker_that_ends_is_said_with_how_it_ended(work, said):
    """A bot that calls sys.exit, or a signal (a crash's SIGSEGV) is not taken for the
    out-of-memory killer's SIGKILL."""
    with pytest.raises(PeglineError, match=said):
        sim.run_chunks(work, 40 * sim.CHUNK, lambda count: None, workers=2)
    assert multiprocessing.active_children() == []


@needs_proc
def test_a_worker_the_system_will_not_start_is_a_message_and_ends_those_started(monkeypatch):
    """Too many processes (a container's limit) or open files for ``workers``: a clear error,
    and the workers already started are ended."""
    import errno

    forked, fork = [], os.fork

    def forking():
        if forked:
            raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        pid = fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", forking)
    with pytest.raises(PeglineError, match=r"^cannot start worker process 2 of 3: Resource "
                                           r"temporarily unavailable$"):
        sim.run_chunks(chunk_size, 40 * sim.CHUNK, lambda count: None, workers=3)
    assert len(forked) == 1 and _reaped(forked)


def _signals_itself(start, count):
    os.kill(os.getpid(), signal.SIGUSR1)
    return count


def test_a_signal_to_a_worker_does_not_reach_its_parent_s_event_loop():
    """A forked worker keeps its parent's handlers until it sets its own, but not its wakeup
    file: a signal only a worker got is not taken for its parent's."""
    import asyncio

    async def main():
        loop = asyncio.get_running_loop()
        came, marker = asyncio.Event(), asyncio.Event()
        loop.add_signal_handler(signal.SIGUSR1, came.set)
        loop.add_signal_handler(signal.SIGUSR2, marker.set)
        try:
            sim.run_chunks(_signals_itself, 4 * sim.CHUNK, lambda count: None, workers=2)
            os.kill(os.getpid(), signal.SIGUSR2)  # the loop handles its signals in order
            await asyncio.wait_for(marker.wait(), timeout=2)
            assert not came.is_set()
        finally:
            loop.remove_signal_handler(signal.SIGUSR1)
            loop.remove_signal_handler(signal.SIGUSR2)

    asyncio.run(main())


class _Cluster:
    """A dask client's calls `_on_cluster` makes, each chunk played when gathered."""

    def __init__(self, address, timeout):
        pass

    def nthreads(self):
        return {"tcp://worker:1": 1}

    def submit(self, work, start, size, pure):
        return work, start, size

    def gather(self, futures):
        return [work(start, size) for work, start, size in futures]

    def close(self, timeout):
        pass


class _UnclosableCluster(_Cluster):
    def close(self, timeout):
        raise OSError("the scheduler is gone")


def test_on_a_cluster_a_client_that_cannot_close_hides_no_error_of_the_run(monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(distributed, "Client", _UnclosableCluster)
    monkeypatch.setattr(distributed, "wait", lambda futures, timeout, return_when: (
        {next(iter(futures))}, set()))

    def collect(count):
        raise PeglineError("the report cannot be written")

    with pytest.raises(PeglineError, match="the report cannot be written"):
        sim.run_chunks(chunk_size, 40 * sim.CHUNK, collect, scheduler="tcp://cluster:8786")
