"""Many games at once: streamed statistics, on every local core or a dask.distributed cluster.

Games are cut into chunks; game ``i`` always gets the same seed and the same seating (the bots
rotate seats game by game, so seats balance), and the statistics of a chunk are integer sums that
merge in any order. So the same seed gives the same report on one worker, many, or a cluster, and
memory stays flat however many games are played.

>>> from pegline_core import load_variant
>>> stats = simulate(load_variant("two-player"), ["greedy", "random"], games=4, seed=1, workers=1)
>>> stats.games, sum(stats.wins.values())
(4, 4)
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.context import DefaultContext
from multiprocessing.process import BaseProcess
from multiprocessing.reduction import ForkingPickler
from types import FrameType
from typing import Any, TypeVar, cast

from attrs import define, field

from pegline_core.app import hookspecs
from pegline_core.app.bot_specs import (
    TOO_MANY,
    BotSpec,
    ResolvedBot,
    portable_specs,
    resolve_bots,
)
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages
from pegline_core.app.slow_plugins import slow_plugin
from pegline_core.arguments import whole_seed
from pegline_core.errors import PeglineError
from pegline_core.game import Game
from pegline_core.hook_times import HookTimes
from pegline_core.messages import Template
from pegline_core.players import play_game
from pegline_core.shared_rulesets import shared_ruleset
from pegline_core.variant import Variant

_ = Messages("pegline_core.app").gettext

_NOT_A_SCHEDULER = Template("simulate.scheduler", "the scheduler must be a dask address "
                            "tcp://HOST:PORT, not {scheduler}")
_UNREACHABLE = Template("simulate.unreachable", "cannot reach the scheduler at {scheduler}: "
                        "{reason}")
_WORKER_ENDED = Template("simulate.worker-ended", "a worker process ended before its games "
                         "were done (killed, or out of memory)")
_WORKER_EXITED = Template("simulate.worker-exited", "a worker process ended before its games "
                          "were done: it exited with status {status}")
_WORKER_SIGNALLED = Template("simulate.worker-signalled", "a worker process ended before its "
                             "games were done: signal {signal} ended it")
_NOT_STARTED = Template("simulate.not-started", "cannot start worker process {number} of "
                        "{workers}: {reason}")
_UNSENDABLE = Template("simulate.unsendable", "a worker could not send its games' results "
                       "back: {reason}")
_UNSENT_ERROR = Template("simulate.unsent-error", "a worker's games failed: {error} (the error "
                         "could not be sent back as itself: {reason})")

__all__ = ["SimulationStats", "simulate", "Interrupted", "run_chunk", "run_chunks", "wilson",
           "plot", "report_lines", "specs_for_workers"]

CHUNK = 25
"""The games in each chunk until one has finished (the pace unknown), and the fewest in any
chunk but the last (`_Chunks`)."""
T = TypeVar("T")


@define
class SimulationStats:
    """Sums over games; `merge` adds another chunk's."""

    games: int = 0
    hands: int = 0
    wins: Counter[str] = field(factory=Counter)
    seats: Counter[str] = field(factory=Counter)
    first_dealer_wins: int = 0
    points: Counter[str] = field(factory=Counter)
    """Points by the labels the game gives them (cribbage: ``role/phase``, role dealer or pone,
    phase pegging, hand, crib, heels or start)."""
    length: Counter[int] = field(factory=Counter)
    """Games by number of hands."""
    marks: Counter[str] = field(factory=Counter)
    winner_scores: Counter[int] = field(factory=Counter)
    loser_scores: Counter[int] = field(factory=Counter)
    game: str = ""
    """The game played (its definition may give the report's figures), once a game is added."""
    bot_games: Counter[str] = field(factory=Counter)
    """Games each bot sat in (in one seat or more)."""
    bot_hands: Counter[str] = field(factory=Counter)
    """Hands each bot played, a seat at a time (a bot in two seats plays each hand twice)."""
    bot_points: Counter[tuple[str, str]] = field(factory=Counter)
    """Points by bot and label, where the game tallies them by seat (``pegline_tally_seats``)."""
    marks_given: Counter[tuple[str, str]] = field(factory=Counter)
    """Skunk marks (and the like) by the bot on the winning side and the mark."""
    marks_taken: Counter[tuple[str, str]] = field(factory=Counter)
    """Skunk marks by the bot on the marked side and the mark."""
    lost_scores: Counter[tuple[str, int]] = field(factory=Counter)
    """Final scores of each bot's side in the games it lost, by bot and score."""
    hook_times: HookTimes = field(factory=HookTimes, eq=False)
    """The time each plugin's hooks took in the games timed (one in `TIMED_EVERY`)."""
    timed_seconds: float = field(default=0.0, eq=False)
    """The time those games took."""

    def merge(self, other: SimulationStats) -> SimulationStats:
        self.game = self.game or other.game
        self.games += other.games
        self.hands += other.hands
        self.first_dealer_wins += other.first_dealer_wins
        for name in ("wins", "seats", "points", "length", "marks", "winner_scores",
                     "loser_scores", "bot_games", "bot_hands", "bot_points", "marks_given",
                     "marks_taken", "lost_scores"):
            getattr(self, name).update(getattr(other, name))
        self.hook_times.merge(other.hook_times)
        self.timed_seconds += other.timed_seconds
        return self

    def add_game(self, game: Game, names: Sequence[str]) -> None:
        variant = game.variant
        result = game.result
        assert result is not None
        hooks = app_hooks(variant.game, game.definition)
        first_dealer, points = hooks.call(hookspecs.pegline_tally)(game=game)
        self.points.update(points)
        self.game = variant.game
        winner = result.results[0]
        self.games += 1
        self.hands += game.hand
        self.length[game.hand] += 1
        if first_dealer is not None:
            self.first_dealer_wins += winner.side == variant.side_of(first_dealer)
        for seat in winner.seats:
            self.wins[names[seat]] += 1
        for seat in range(game.players):
            self.seats[names[seat]] += 1
        self.winner_scores[winner.score] += 1
        self.bot_games.update(set(names[:game.players]))
        for seat in range(game.players):
            self.bot_hands[names[seat]] += game.hand
        by_seat = hooks.get(hookspecs.pegline_tally_seats)
        if by_seat is not None:
            for seat, labelled in by_seat(game=game).items():
                for label, value in labelled.items():
                    self.bot_points[names[seat], label] += value
        winners = {names[seat] for seat in winner.seats}
        for loser in result.results[1:]:
            self.loser_scores[loser.score] += 1
            losers = {names[seat] for seat in loser.seats}
            for name in losers:
                self.lost_scores[name, loser.score] += 1
            if loser.mark:
                self.marks[loser.mark] += 1
                for name in winners:
                    self.marks_given[name, loser.mark] += 1
                for name in losers:
                    self.marks_taken[name, loser.mark] += 1

    def report(self) -> dict[str, Any]:
        """The statistics as plain data: rates with 95% intervals, means per hand. A game with
        the ``pegline_statistics`` hook gives its own figures (``game_statistics``) in place of
        the points per hand by label."""
        rates = {}  # per seat filled: the share of a bot's seats on the winning side
        for name, seats in sorted(self.seats.items()):
            wins = self.wins[name]
            rates[name] = {"wins": wins, "seats": seats, "rate": wins / seats,
                           "ci95": list(wilson(wins, seats))}
        low, high = wilson(self.first_dealer_wins, self.games)
        own = _statistics(self.game)
        per_hand: tuple[str, Any] = (
            ("points_per_hand", {key: value / self.hands
                                 for key, value in sorted(self.points.items())})
            if own is None else
            ("game_statistics", own(totals=dict(self.points), games=self.games, hands=self.hands)))
        slow = slow_plugin(self.hook_times, self.timed_seconds)
        return {
            "games": self.games,
            "win_rates": rates,
            "first_dealer": {"rate": self.first_dealer_wins / self.games, "ci95": [low, high]},
            per_hand[0]: per_hand[1],
            "hands_per_game": {"mean": self.hands / self.games,
                               "histogram": dict(sorted(self.length.items()))},
            "marks": {mark: n / self.games for mark, n in sorted(self.marks.items())},
            "bots": self._bots(),
        } | ({"slow_plugin": slow} if slow is not None else {})

    def _bots(self) -> dict[str, Any]:
        """Each bot's own figures: points per hand it played by label (where the game tallies
        them by seat), and the marks its side gave and took, per game it sat in."""
        marks = sorted({mark for _bot, mark in self.marks_given + self.marks_taken} |
                       set(self.marks))
        out: dict[str, Any] = {}
        for bot, games in sorted(self.bot_games.items()):
            hands = max(1, self.bot_hands[bot])
            out[bot] = {
                "games": games,
                "hands": self.bot_hands[bot],
                "points_per_hand": {label: value / hands for (name, label), value
                                    in sorted(self.bot_points.items()) if name == bot},
                "marks_given": {mark: self.marks_given[bot, mark] / games for mark in marks},
                "marks_taken": {mark: self.marks_taken[bot, mark] / games for mark in marks},
            }
        return out


def _statistics(game: str) -> Callable[..., dict[str, Any]] | None:
    """The game's own report figures (its ``pegline_statistics`` hook), if it gives them."""
    return app_hooks(game).get(hookspecs.pegline_statistics) if game else None


def report_lines(game: str, report: dict[str, Any]) -> list[str]:
    """The lines of a report's per-hand part: the game's own (its ``pegline_statistics_lines``
    hook) for its ``game_statistics``, else the points per hand by label."""
    section = report.get("game_statistics")
    if section is not None:
        return app_hooks(game).call(hookspecs.pegline_statistics_lines)(section=section)
    return ["  " + _("points per hand:"), *(f"    {key:<16} {value:6.2f}"
                                            for key, value in report["points_per_hand"].items())]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson score interval for a rate."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half = z * spread / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def _seating(names: Sequence[T], players: int, index: int) -> list[T]:
    """Bots for the seats of game ``index``, rotated game by game so that seats balance."""
    base = [names[seat % len(names)] for seat in range(players)]
    shift = index % players
    return base[shift:] + base[:shift]


def run_chunk(variant: Variant, bots: Sequence[BotSpec], seed: int, start: int,
              count: int) -> SimulationStats:
    """Play games ``start`` .. ``start + count - 1`` and return their statistics (``bots``
    are specs, resolved here: on a worker, a bot it cannot import is a `BotSpecError`)."""
    ruleset = shared_ruleset(variant)  # this thread's: a worker's chunks of a variant share it
    resolved = resolve_bots(bots, variant)
    stats = SimulationStats()
    for index in range(start, start + count):
        game_seed = (seed << 32) + index
        seating = _seating(resolved, variant.table.players, index)
        players = [bot.make(game_seed + seat) for seat, bot in enumerate(seating)]
        timed = index % TIMED_EVERY == 0
        if timed:
            ruleset.pm.time_hooks(stats.hook_times)
        began = time.perf_counter()
        game = play_game(variant, players, seed=game_seed, game=Game(variant, ruleset=ruleset))
        if timed:
            stats.timed_seconds += time.perf_counter() - began
            ruleset.pm.time_hooks(None)
        stats.add_game(game, [bot.label for bot in seating])
    return stats


TIMED_EVERY = 10
"""One game in this many (by its number, whatever the chunks) is played with each plugin's
hooks timed, to name a plugin that slows the games (the report's ``slow_plugin``): timing costs
about a tenth of a game's time, so a hundredth of the simulation's."""


class Interrupted(KeyboardInterrupt):
    """The simulation was stopped (Ctrl-C, or SIGTERM turned into one) before every game was
    played: ``stats`` holds the games that finished (a `SimulationStats`, or what the work being
    stopped sums, as a round robin's standings), ``games`` how many; every worker is gone."""

    def __init__(self, stats: Any, games: int | None = None) -> None:
        self.games: int = stats.games if games is None else games
        super().__init__(f"stopped after {self.games} game(s)")
        self.stats = stats


WINDOW = 2
"""Chunks in flight per worker: enough to keep every worker busy, few enough that memory stays
flat whatever the number of games."""


MOST = 2_000
"""The most games in a chunk."""
PACE = 0.25
"""Seconds a chunk should take once the pace is known: long enough that handing chunks to the
workers and merging them costs nothing that shows, short enough that progress is reported
often and a stop loses little."""


class _Chunks:
    """``(start, count)`` of each chunk, made as needed (never a list of all of them): `CHUNK`
    games until a chunk has finished, then as many as take about `PACE` seconds at the pace
    of the last chunk finished (at most `MOST`). The report does not depend on the chunks."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.next = 0
        self.size = CHUNK

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return self

    def __next__(self) -> tuple[int, int]:
        start = self.next
        if start >= self.games:
            raise StopIteration
        self.next = min(self.games, start + self.size)
        return start, self.next - start

    def finished(self, count: int, seconds: float) -> None:
        """A chunk of ``count`` games took ``seconds``: size the chunks still to come."""
        rate = count / seconds if seconds > 0 else float(MOST)
        self.size = min(MOST, max(CHUNK, int(rate * PACE)))


def _timed(work: Callable[[int, int], T], start: int, count: int) -> tuple[int, float, T]:
    """``work(start, count)``, with its count and how long it took (where it ran)."""
    began = time.perf_counter()
    result = work(start, count)
    return count, time.perf_counter() - began, result


def simulate(
    variant: Variant,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``games`` games; ``workers`` local processes (default: every core, never more than
    chunks), or a dask ``scheduler`` address (``tcp://HOST:PORT``). ``progress(games_done)``
    follows along. ``bots`` are specs (`pegline_core.app.bot_specs`): names, ``module:Name``
    strings, or player classes and factories; on other processes or a cluster, each must be
    importable by its ``module:Name`` (`BotSpecError` if not). A Ctrl-C raises `Interrupted`
    with the games finished so far."""
    resolved = resolve_bots(bots, variant)
    if len(bots) > variant.table.players:
        raise PeglineError(TOO_MANY(n=len(bots), seats=variant.table.players))
    if type(games) is not int or games < 1:
        raise PeglineError("simulate at least one game")
    seed = whole_seed(seed)
    if workers is not None and (type(workers) is not int or workers < 1):
        raise PeglineError(f"workers must be a whole number from 1 up, not {workers!r}")
    total, done = SimulationStats(), 0

    def collect(stats: SimulationStats) -> None:
        nonlocal done
        total.merge(stats)
        done += stats.games
        if progress is not None:
            progress(done)

    specs = specs_for_workers(bots, resolved, games, workers=workers, scheduler=scheduler)
    try:
        run_chunks(functools.partial(run_chunk, variant, specs, seed), games, collect,
                   workers=workers, scheduler=scheduler)
    except KeyboardInterrupt:
        raise Interrupted(total) from None
    return total


def run_chunks(work: Callable[[int, int], T], games: int, collect: Callable[[T], None], *,
               workers: int | None = None, scheduler: str | None = None) -> None:
    """Play games 0 .. ``games - 1`` in chunks: ``work(start, count)`` plays one chunk (it must
    pickle, for processes or a cluster: a module's function, or a `functools.partial` of one)
    and ``collect`` takes each result as it comes, in the order chunks finish. Chunks are made
    as needed, sized to the pace of the last one finished (`_Chunks`), at most `WINDOW` per
    worker in flight, so memory stays flat whatever ``games`` is; ``workers`` local processes
    (default: every core, never more than chunks) or a dask ``scheduler``. A Ctrl-C
    (`KeyboardInterrupt`) passes through once every worker is ended."""
    chunks = _Chunks(games)
    timed = functools.partial(_timed, work)

    def collected(outcome: tuple[int, float, T]) -> None:
        count, seconds, result = outcome
        chunks.finished(count, seconds)
        collect(result)

    if scheduler is not None:
        _on_cluster(scheduler, timed, chunks, collected)
        return
    workers = _workers(workers, games)
    if workers == 1:
        for start, size in chunks:
            collected(timed(start, size))
        return
    _on_processes(workers, timed, chunks, collected)


def specs_for_workers(bots: Sequence[BotSpec], resolved: Sequence[ResolvedBot], games: int, *,
                      workers: int | None, scheduler: str | None) -> list[BotSpec]:
    """What `run_chunks`' work is given for ``bots`` (resolved as ``resolved``): the specs
    themselves when every game runs in this process, else strings each worker resolves again
    (`portable_specs`: `BotSpecError` for a bot the workers could not import)."""
    if scheduler is None and _workers(workers, games) == 1:
        return list(bots)
    return list(portable_specs(resolved, cluster=scheduler is not None))


def _workers(workers: int | None, games: int) -> int:
    """The local processes ``games`` games run on: ``workers`` (default: every core), never
    more than there are chunks."""
    return min(workers or os.cpu_count() or 1, -(-games // CHUNK))


def _on_processes(workers: int, work: Callable[[int, int], T],
                  chunks: Iterator[tuple[int, int]], collect: Callable[[T], None]) -> None:
    """Run the chunks on ``workers`` local processes, at most `WINDOW` per worker in flight.
    Each worker has a pipe of its own: one that dies is seen at once (its pipe closes; a
    `multiprocessing.Pool` waits for ever on its chunk), and ending one as it sends a result
    leaves no lock held that the others share. Ctrl-C and SIGTERM are held from the first
    worker's start to the last one's end and acted on between chunks (their handlers called: a
    `KeyboardInterrupt` stops the work; a default action, once every worker is ended):
    whatever happens (an error, a signal, a second one, a worker that dies), no worker
    outlives this call."""
    context = multiprocessing.get_context()
    team: dict[Connection, BaseProcess] = {}
    in_flight: Counter[Connection] = Counter()

    def hand(worker: Connection, most: int) -> None:
        for task in itertools.islice(chunks, most):
            try:
                worker.send(task)
            except OSError:  # its end of the pipe is closed
                raise _ended(team[worker]) from None
            in_flight[worker] += 1

    with _signals_held() as held:
        finished = False
        try:
            while len(team) < workers and not held.stopping():
                try:
                    ours, process = _started(context, work)
                except OSError as exc:  # too many processes, or open files
                    raise PeglineError(_NOT_STARTED(number=len(team) + 1, workers=workers,
                                                    reason=exc.strerror or exc)) from None
                team[ours] = process
            for worker in team:
                hand(worker, WINDOW)
            while not held.stopping() and +in_flight:
                for ready in wait([*+in_flight, held.fileno()]):
                    if not isinstance(ready, Connection):  # a signal came
                        held.drain()
                        continue
                    outcome = cast(T, _received(ready, team[ready]))  # what its `work` returned
                    in_flight[ready] -= 1
                    collect(outcome)
                    hand(ready, 1)
            finished = not held.stopping()
        finally:
            _end(team, finished)


def _started(context: DefaultContext, work: Callable[[int, int], T]
             ) -> tuple[Connection, BaseProcess]:
    """A worker process started on ``work``, and the end of its pipe here."""
    ours, theirs = context.Pipe()
    try:
        process = context.Process(target=_worker, args=(theirs, work), daemon=True,
                                  name="pegline-worker")
        process.start()
    except BaseException:
        ours.close()
        raise
    finally:
        theirs.close()  # the worker's alone: its end closes when it does
    return ours, process


ENDING = 1.0
"""Seconds the workers have to end once told to (after the last chunk) before they are killed:
a bot may leave a thread running that Python would wait for."""


def _end(team: dict[Connection, BaseProcess], finished: bool) -> None:
    """End every worker of ``team`` and close its pipes: told to end, if every chunk was
    ``finished`` (killed if it has not within `ENDING` seconds), else killed at once."""
    for worker, process in team.items():
        if finished:
            with contextlib.suppress(OSError):  # gone already
                worker.send(None)  # an idle worker ends at this
        else:
            process.kill()
    deadline = time.monotonic() + ENDING
    for worker, process in team.items():
        process.join(max(0.0, deadline - time.monotonic()))
        if process.exitcode is None:
            process.kill()
            process.join()
        process.close()  # its own pipes now, not when the garbage collector finds it
        worker.close()


def _received(worker: Connection, process: BaseProcess) -> object:
    """The result ``process`` sent through ``worker``; its chunk's error raised here, as its
    own type."""
    try:
        done, value, where = worker.recv()
    except (EOFError, OSError):  # its end of the pipe closed (reset, if it left chunks unread)
        raise _ended(process) from None
    except Exception as exc:  # noqa: BLE001 - a result that pickled but is not rebuilt here
        raise PeglineError(_UNSENDABLE(reason=_named(exc))) from None
    if not done:
        raise value from _RemoteTraceback(where)
    return value


def _ended(process: BaseProcess) -> PeglineError:
    """The error for a worker that ended before its games were done, saying how: the status it
    exited with (a bot's sys.exit), or the signal that ended it (SIGSEGV: a crash), unless
    SIGKILL (killed, by hand or for want of memory)."""
    process.join(ENDING)  # its pipe closes as it ends: its status comes a moment after
    code = process.exitcode
    if code is None or code == -signal.SIGKILL:
        return PeglineError(_WORKER_ENDED())
    if code < 0:
        name = next((sig.name for sig in signal.Signals if sig == -code), str(-code))
        return PeglineError(_WORKER_SIGNALLED(signal=name))
    return PeglineError(_WORKER_EXITED(status=code))


class _RemoteTraceback(Exception):
    """Where a chunk failed in its worker: the worker's traceback, as text."""

    def __str__(self) -> str:
        return f"\n\"\"\"\n{self.args[0]}\"\"\""


def _worker(chunks: Connection, work: Callable[[int, int], T]) -> None:
    """A worker: play each chunk its pipe brings and send back ``(done, result or error,
    traceback)``, until it brings None."""
    _worker_start()
    while True:
        try:
            task = chunks.recv()
        except (EOFError, OSError):  # the parent is gone (its watch may not have ended us yet)
            return
        if task is None:
            return
        start, count = task
        outcome: tuple[bool, object, str]
        try:
            outcome = (True, work(start, count), "")
        except Exception as exc:  # noqa: BLE001 - the parent raises it
            outcome = (False, _sendable(exc), traceback.format_exc())
        try:
            chunks.send(outcome)
        except OSError:  # the parent is gone
            return
        except Exception as exc:  # noqa: BLE001 - a result that does not pickle: none was sent
            chunks.send((False, PeglineError(_UNSENDABLE(reason=str(exc))),
                         traceback.format_exc()))


def _sendable(error: Exception) -> Exception:
    """A chunk's ``error``, if it is rebuilt whole from its pickle (as the parent rebuilds it),
    else a `PeglineError` that names it: one that holds what does not pickle, or whose class
    takes other arguments than it keeps, would be lost on the way."""
    try:
        pickle.loads(ForkingPickler.dumps(error))
    except Exception as exc:  # noqa: BLE001 - whatever pickle or the error's class raises
        return PeglineError(_UNSENT_ERROR(error=_named(error, qualified=True),
                                          reason=_named(exc)))
    return error


def _named(error: BaseException, *, qualified: bool = False) -> str:
    """``Type: message`` (``module.Type`` if ``qualified``), as a traceback's last line."""
    kind = type(error)
    name = f"{kind.__module__}.{kind.__qualname__}" if qualified else kind.__qualname__
    return f"{name}: {error}"


def _worker_start() -> None:
    """In each worker: leave Ctrl-C to the parent (which ends the workers), and end this
    process if the parent dies without ending it (SIGKILL), so no worker is ever left behind.
    The parent is watched through its sentinel, not as this process's parent: started by a
    fork server (Python 3.14's default on Linux), a worker is the server's child."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.set_wakeup_fd(-1)  # the parent's, if forked: a signal to this process is not its
    parent = multiprocessing.parent_process()
    assert parent is not None  # this runs in a worker

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="pegline-parent-watch").start()


CONNECT_TIMEOUT = 10.0
"""Seconds to reach a dask scheduler before saying it cannot be reached."""

CLOSE_TIMEOUT = 5.0
"""Seconds a stopped simulation waits for the scheduler to take its client's goodbye."""

POLL = 0.2
"""Seconds between looks at a held Ctrl-C or SIGTERM while chunks run on a cluster."""


def _on_cluster(scheduler: str, work: Callable[[int, int], T],
                chunks: Iterator[tuple[int, int]], collect: Callable[[T], None]) -> None:
    """Run the chunks on a dask.distributed cluster, a bounded number in flight. Ctrl-C and
    SIGTERM are held while dask's calls run (an exception raised inside its machinery can
    leave the client unable to close) and acted on between them (`_HeldSignals.stopping`):
    when one stops the run, the client closes, which cancels its chunks on the cluster."""
    scheme, _, rest = scheduler.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme != "tcp" or not host or not port.isdigit():
        raise PeglineError(_NOT_A_SCHEDULER(scheduler=repr(scheduler)))
    from distributed import Client
    from distributed import wait as dask_wait

    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise PeglineError(_UNREACHABLE(scheduler=scheduler, reason=str(exc))) from None
    with _signals_held() as held:
        stopped = True  # by a signal or an error: a client that cannot close is no news then
        try:
            threads = client.nthreads()  # type: ignore[no-untyped-call]
            window = max(1, sum(threads.values())) * WINDOW
            in_flight = {client.submit(work, start, size, pure=False)
                         for start, size in itertools.islice(chunks, window)}
            while in_flight and not held.stopping():
                try:
                    done, _ = dask_wait(  # type: ignore[no-untyped-call]
                        in_flight, timeout=POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                in_flight -= done
                for result in client.gather(list(done)):  # type: ignore[no-untyped-call]
                    collect(result)
                in_flight.update(client.submit(work, start, size, pure=False)
                                 for start, size in itertools.islice(chunks, len(done)))
            stopped = held.stopping()
        finally:
            try:
                client.close(timeout=CLOSE_TIMEOUT)  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError):
                if not stopped:
                    raise


_Handler = Callable[[int, FrameType | None], object] | int | None
"""A signal's handler, as `signal.signal` gives it."""


class _HeldSignals:
    """The Ctrl-C and SIGTERM noted while `_signals_held`, until acted on (`stopping`): true
    while one waits. Its ``fileno`` is the signals' wakeup file (`signal.set_wakeup_fd`), so a
    wait on pipes wakes for a signal whichever of the process's threads the signal lands on;
    what it read there is ``woken``, to pass on to the wakeup file before it (an event loop's,
    which learns of its signals there)."""

    def __init__(self) -> None:
        self.signals: list[int] = []
        self.frames: list[FrameType | None] = []
        self.handlers: dict[int, _Handler] = {}
        """The handlers before the hold, of the signals held."""
        self.woken = bytearray()
        self._reader, self._writer = os.pipe()
        os.set_blocking(self._reader, False)
        os.set_blocking(self._writer, False)

    def note(self, signum: int, frame: FrameType | None) -> None:
        self.signals.append(signum)
        self.frames.append(frame)

    def __bool__(self) -> bool:
        return bool(self.signals)

    def stopping(self) -> bool:
        """Whether the work must stop, once the program's own handlers of the signals noted
        have been called (between chunks): one that raises (Ctrl-C's `KeyboardInterrupt`)
        stops the work at once; one that returns lets it go on, as it would without the hold.
        A signal with no handler of Python's (its default action) stays noted: the work stops,
        and it is raised again when the hold ends."""
        while self.signals and callable(handler := self.handlers[self.signals[0]]):
            signum, frame = self.signals.pop(0), self.frames.pop(0)
            handler(signum, frame)
        return bool(self)

    def fileno(self) -> int:
        return self._reader

    def drain(self) -> None:
        """Empty the wakeup file (another signal's byte would wake every wait after it)."""
        with contextlib.suppress(BlockingIOError):
            while read := os.read(self._reader, 512):
                self.woken += read

    def close(self) -> None:
        os.close(self._reader)
        os.close(self._writer)


@contextlib.contextmanager
def _signals_held() -> Iterator[_HeldSignals]:
    """While active (in the main thread), Ctrl-C and SIGTERM are only noted (`_HeldSignals`),
    unless ignored (as a shell's background job ignores Ctrl-C); on leaving, the handlers and
    wakeup file before it come back, the wakeup file is given the signals that came meanwhile,
    and the first signal noted is raised again for them."""
    held = _HeldSignals()
    main = threading.current_thread() is threading.main_thread()
    if main:
        held.handlers = {sig: signal.signal(sig, held.note)
                         for sig in (signal.SIGINT, signal.SIGTERM)
                         if signal.getsignal(sig) is not signal.SIG_IGN}
        wakeup = signal.set_wakeup_fd(held._writer, warn_on_full_buffer=False)
    try:
        yield held
    finally:
        if main:
            signal.set_wakeup_fd(wakeup)
            held.drain()
            if held:  # raised again below, which wakes the file for it
                with contextlib.suppress(ValueError):
                    held.woken.remove(held.signals[0])
            if wakeup >= 0 and held.woken:
                with contextlib.suppress(OSError):  # full, or closed: as a signal would find it
                    os.write(wakeup, held.woken)
        for sig, handler in held.handlers.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        held.close()
        if held:
            signal.raise_signal(held.signals[0])


def plot(stats: SimulationStats, path: str, variant: Variant | None = None) -> None:
    """Draw the bots side by side to an image: each bot's final scores in the games it lost
    (one colour a bot, a line each, so no bot's curve hides another's), the variant's skunk
    lines marked; and the game-length histogram. The title names the variant and the bots."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (scores, lengths) = plt.subplots(1, 2, figsize=(12, 5))
    bots = sorted(stats.bot_games)
    for index, bot in enumerate(bots):
        counts = {score: n for (name, score), n in stats.lost_scores.items() if name == bot}
        xs = list(range(min(counts, default=0), max(counts, default=0) + 1))
        rate = stats.wins[bot] / max(1, stats.seats[bot])
        scores.step(xs, [counts.get(x, 0) for x in xs], where="mid", color=f"C{index}",
                    label=f"{bot}: won {rate:.1%} of its seats, lost {sum(counts.values()):,}")
    marks = app_hooks(variant.game).get(hookspecs.pegline_score_lines) if variant else None
    lines = marks(variant=variant) if marks is not None and variant is not None else []
    for line_name, below in lines:
        scores.axvline(below - 0.5, color="0.3", linestyle="--", linewidth=1)
        scores.annotate(f"{line_name} (below {below})", (below - 0.5, 1),
                        xycoords=("data", "axes fraction"), rotation=90, va="top", ha="right",
                        fontsize=8, color="0.3")
    scores.set(title="Final score of each bot's side when it lost", xlabel="score",
               ylabel="games")
    if bots:
        scores.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2)
    xs = sorted(stats.length)
    lengths.bar(xs, [stats.length[x] for x in xs], color="0.6")
    lengths.set(title="Game length", xlabel="hands", ylabel="games")
    name = variant.name if variant is not None else stats.game
    figure.suptitle(f"{name}: {stats.games:,} games, bots {', '.join(bots)}")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
