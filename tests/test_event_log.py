"""The compact log: the machines keep their events as rows, built when first read. Whoever reads
the log, and whenever, gets the same events as if they had been built at once; a game whose log
was never read copies, undoes and replays as any other."""

from __future__ import annotations

import copy
import gc
import pickle
import random

import attrs
import pytest

from pegline_core import (
    Event,
    EventLog,
    Game,
    Input,
    PluginError,
    RandomBot,
    Ruleset,
    Scored,
    hookimpl,
    load_variant,
    play_game,
)
from pegline_core.event_log import StepEvents
from pegline_core.event_rows import built_from, input_at
from pegline_core.phases import Phase
from pegline_core.turns import CHANCE

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

VARIANTS = ("two-player", "three-player", "partner", "muggins", "clabber")


def _bots(game: Game, seed: int) -> list[RandomBot]:
    return [RandomBot(seed * 10 + seat) for seat in range(game.players)]


def _played(variant: str, seed: int, *, read_each_step: bool = False) -> Game:
    """A complete random game; the log read after every step, or never while it is played."""
    game = Game(variant)
    events: list[Event] = []
    play_game(variant, _bots(game, seed), seed=seed, game=game,
              on_event=events.append if read_each_step else None)
    if read_each_step:
        assert events == list(game.log)
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_reading_the_log_twice_gives_the_same_events(variant: str) -> None:
    game = _played(variant, 3)
    # rows, never read yet, but for the result (`play_game` asked whether the game was over)
    assert all(type(entry) is tuple for entry in game._log[:-1])
    early, first = game.log, game.log
    assert first == early and len(first) == len(game._log)  # each built its own, equal
    second = game.log
    assert all(a is b for a, b in zip(first, second, strict=True))  # built once, then kept
    assert all(isinstance(e, Event) for e in game._log)  # and stored back in the game's log
    assert [e.seq for e in first] == list(range(len(first)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_garbage_collector_stops_tracking_a_row_of_numbers_and_strings(variant: str) -> None:
    game = _played(variant, 5)
    rows = [entry for entry in game._log if type(entry) is tuple]
    # a row names its phase by number: a member of the game's enum is an object the collector
    # tracks, and would keep it tracking every row
    assert not any(isinstance(field, Phase) for row in rows for field in row)
    tracked = rows
    while True:  # each collection untracks the tuples that hold nothing it tracks (one level of
        gc.collect()  # tuples within tuples a collection)
        still = [row for row in tracked if gc.is_tracked(row)]
        if len(still) == len(tracked):
            break
        tracked = still
    if variant not in ("muggins", "clabber"):  # rows of actions and of fields by name stay
        assert len(tracked) < len(rows) / 50, tracked
    # the phase a row holds by number comes back as the game's member in its event
    assert all(type(event.phase) is type(game.phase) for event in game.log)


@pytest.mark.parametrize("variant", VARIANTS)
def test_reading_the_log_mid_game_changes_nothing(variant: str) -> None:
    for seed in range(4):
        quiet, read = _played(variant, seed), _played(variant, seed, read_each_step=True)
        assert read.log == quiet.log and read.result == quiet.result


@pytest.mark.parametrize("variant", ("two-player", "clabber"))
def test_copy_and_undo_of_a_game_whose_log_was_never_read(variant: str) -> None:
    rng = random.Random(8)
    game = Game(variant, dealer=0)
    bots = _bots(game, 8)
    for _ in range(60):  # some way into the game, nothing read
        to_act = game.to_act
        if to_act is CHANCE:
            game.step(game.chance_action(rng))
        else:
            seat = to_act[0]
            game.step(bots[seat].choose(None, game.legal_actions(seat)))
    twin = game.copy()
    inputs = game.inputs()
    assert inputs == twin.inputs() and len(inputs) == 60
    for _ in range(10):
        game.undo()
    again = Game.from_inputs(variant, inputs[:50], dealer=0)
    assert game.log == again.log and game.machine.snapshot() == again.machine.snapshot()
    assert twin.log == Game.from_inputs(variant, inputs, dealer=0).log  # the copy kept them all


def test_a_log_read_earlier_stays_as_it_was() -> None:
    game = Game("two-player", dealer=1)
    rng = random.Random(2)
    game.apply(game.chance_action(rng))
    before = game.log
    events = tuple(before)
    game.undo()
    game.apply(game.chance_action(random.Random(99)))  # another deal in the same places
    assert tuple(before) == events and before != game.log
    assert len(before) == len(game.log)


def test_an_event_log_behaves_as_the_tuple_of_its_events() -> None:
    game = _played("two-player", 5)
    log = game.log
    events = tuple(log)
    assert isinstance(log, EventLog) and log == events and events == log
    assert log[-1] is events[-1] and log[2:5] == events[2:5] and type(log[2:5]) is tuple
    assert log + events[:1] == events + events[:1] and events[:1] + log == events[:1] + events
    assert hash(log) == hash(events) and repr(log) == repr(events)
    assert log.index(events[3]) == 3 and events[3] in log
    assert list(reversed(log)) == list(reversed(events))
    with pytest.raises(IndexError, match=f"no event {len(events)} in a log of {len(events)}"):
        log[len(events)]
    assert log[True] is events[1] and log[-len(events)] is events[0]  # as a tuple takes them
    for wrong in ("1", None, 1.0, (0, 1)):
        with pytest.raises(TypeError, match="log indices must be integers or slices"):
            log[wrong]  # type: ignore[call-overload]
    assert log * 2 == events * 2 == 2 * log and log[:3] < log and not log < events
    assert pickle.loads(pickle.dumps(log)) == events and copy.copy(log) is log


# -- what `Game.apply` returns --------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_apply_returns_the_events_of_its_step_as_the_list_it_built_before(variant: str) -> None:
    """A random game, played through `apply` and, alongside, through the kernel's step with
    every event built at once (what `apply` returned before): the same events, read as a list
    is, whichever is read first."""
    for seed in range(3):
        rng, lazy = random.Random(seed), Game(variant, dealer=seed % 2)
        eager = lazy.copy()
        while lazy.to_act:
            to_act = lazy.to_act
            action = (lazy.chance_action(rng) if to_act is CHANCE
                      else rng.choice(lazy.legal_actions(to_act[0])))
            events = lazy.apply(action)
            built = built_from(eager._log, eager.step(action))
            assert type(events) is StepEvents and len(events) == len(built) and bool(events)
            if rng.random() < 0.5:  # read one by one, from either end, before the whole
                assert [events[i] for i in range(-len(built), 0)] == built
            assert events == built and built == events and list(events) == built
            assert events[1:] == built[1:] and type(events[1:]) is list
            assert repr(events) == repr(built) and events[0].seq == len(lazy._log) - len(built)
            assert events + [] == built and [] + events == built and events * 1 == built
            assert events != tuple(built)  # as a list is not its tuple
        assert lazy.log == eager.log and lazy.result == eager.result


def test_apply_builds_no_event_until_one_is_read() -> None:
    game = Game("two-player", dealer=1)
    start = len(game._log)
    events = game.apply(game.chance_action(random.Random(4)))  # the deal
    assert len(events) == 2 and all(type(entry) is tuple for entry in game._log[start:])
    assert events[-1] is game._log[-1] and type(game._log[start]) is tuple  # built when read
    first = events[0]
    assert game.log[start] is first  # stored back: a log read later has that same event
    again = game.apply(game.legal_actions(0)[0])
    logged = game.log[-1]
    assert again[-1] is logged and again == [logged]  # and it the log's, read earlier


def test_the_events_of_a_step_behave_as_a_read_only_list() -> None:
    game = Game("two-player", dealer=1)
    events = game.apply(game.chance_action(random.Random(6)))
    built = list(events)
    steps = events
    steps += game.apply(game.legal_actions(0)[0])  # a new list, as a list's ``+`` makes
    assert type(steps) is list and steps == list(game.log[1:]) and events == built
    assert events.index(built[1]) == 1 and built[0] in events and events.count(built[0]) == 1
    assert list(reversed(events)) == built[::-1] and events[True] is built[1]
    with pytest.raises(TypeError, match="unhashable"):
        hash(events)
    with pytest.raises(IndexError, match="no event 5 in a log of 2"):
        events[5]
    with pytest.raises(TypeError, match="log indices must be integers or slices"):
        events["0"]  # type: ignore[call-overload]
    with pytest.raises(AttributeError):
        events.append(built[0])  # type: ignore[attr-defined]
    assert events[:1] < events and not events < built and events <= built
    again = pickle.loads(pickle.dumps(events))
    assert type(again) is StepEvents and again == built and copy.copy(events) is events
    game.undo()
    game.undo()
    assert events == built  # what the step produced, whatever the game does next


def test_a_log_read_early_keeps_only_its_own_events():
    game = Game("two-player", dealer=1)
    early = game.log
    play_game("two-player", _bots(game, 2), seed=2, game=game)
    assert len(pickle.dumps(early)) < 1_000 < len(pickle.dumps(game.log))
    late = game.log
    del game  # the game gone, its log still reads (and builds) its own events
    assert all(isinstance(e, Event) for e in late) and late[0] == early[0]


def test_the_rows_of_a_log_say_its_inputs_without_building_them() -> None:
    game = _played("partner", 1)
    rows = list(game._log)
    found = [input_at(rows, i) for i in range(len(rows))]
    assert all(type(entry) is tuple for entry in rows[:-1])
    assert [entry for entry in found if entry is not None] == \
        [(e.actor, e.action) for e in game.log if isinstance(e, Input)]


# -- the machine's lane for chance and random bots ----------------------------------------------

@pytest.mark.parametrize("variant", ("two-player", "three-player", "partner", "five-card"))
def test_a_bot_game_undoes_step_by_step_to_the_state_of_each_earlier_replay(variant: str) -> None:
    """`play_game` hands the random bots to the machine's own lane, which notes the state before
    a run's first step only; undo rebuilds every other one, exactly."""
    game = _played(variant, 5)
    inputs = game.inputs()
    assert sum(snapshot is None for snapshot, _start in game._undo) > len(inputs) // 2
    for count in range(len(inputs) - 1, len(inputs) - 40, -1):
        assert game.undo() == inputs[count]
        replayed = Game.from_inputs(variant, inputs[:count])
        assert game.machine.snapshot() == replayed.machine.snapshot()
        assert game.log == replayed.log
    copied = game.copy()
    for count in range(len(inputs) - 40, 0, -7):
        while len(game.inputs()) > count:
            game.undo()
        assert game.log == Game.from_inputs(variant, inputs[:count]).log
    assert copied.log == Game.from_inputs(variant, inputs[:len(inputs) - 39]).log


class _FailsOnTheFifthShow:
    """A house rule whose show scorer raises on the fifth show of a game it sees (a step looked
    at again, ``hypothetical``, is not one)."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def pegline_score_show(self, show):
        if not show.hypothetical:
            self.calls += 1
            if self.calls == 5:
                raise RuntimeError("the fifth show")
        return []


def test_a_plugin_failing_in_the_bots_lane_leaves_the_game_as_it_was_before_that_step() -> None:
    from pegline_cribbage.testing import make_game

    game = make_game("two-player", plugins={"flaky": _FailsOnTheFifthShow})
    with pytest.raises(PluginError, match="'flaky' failed in pegline_score_show"):
        play_game(game.variant, _bots(game, 2), seed=2, game=game)
    assert game.phase == "pegging"  # the show is the end of the pegging's last step
    plugin = game.ruleset.plugins["flaky"]
    assert plugin.calls == 5  # the steps put back were hypothetical to it
    extra = game.ruleset.extra_plugins
    replayed = Game.from_inputs(game.variant, game.inputs(), dealer=game.first_dealer,
                                ruleset=Ruleset(game.variant, extra))  # plugins of its own
    assert game.log == replayed.log and game.machine.snapshot() == replayed.machine.snapshot()
    assert len(game._undo) == len(game.inputs())
    game.undo()
    assert plugin.calls == 5
    assert game.log == Game.from_inputs(game.variant, game.inputs(), dealer=game.first_dealer,
                                        ruleset=Ruleset(game.variant, extra)).log


def test_clabber_bots_take_the_machine_s_lane_to_the_same_game_and_undo_from_it() -> None:
    """Clabber's lane notes the state before every step (its plugins know no hypothetical step
    to be replayed quietly): the same game as `play_game`'s own loop, undone exactly."""
    laned = _played("clabber", 3)
    looped = _played("clabber", 3, read_each_step=True)  # a reader: the loop, not the lane
    assert laned.log == looped.log
    assert [snapshot for snapshot, _start in laned._undo] == \
        [snapshot for snapshot, _start in looped._undo]
    inputs = laned.inputs()
    for count in range(len(inputs) - 1, len(inputs) - 30, -1):
        assert laned.undo() == inputs[count]
        replayed = Game.from_inputs("clabber", inputs[:count])
        assert laned.machine.snapshot() == replayed.machine.snapshot()
        assert laned.log == replayed.log


class _FailsOnTheThirdCount:
    """A Clabber house rule whose count raises the third time it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def pegline_clabber_count_hand(self, hand):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the third count")
        return []


def test_a_plugin_failing_in_clabber_s_lane_leaves_the_game_as_it_was_before_that_step() -> None:
    variant = load_variant("clabber")
    variant = attrs.evolve(variant, plugins=(*variant.plugins, "flaky"))
    extra = {"flaky": _FailsOnTheThirdCount}
    game = Game(variant, extra_plugins=extra)
    with pytest.raises(PluginError, match="'flaky' failed in pegline_clabber_count_hand"):
        play_game(variant, _bots(game, 2), seed=2, game=game)
    assert game.phase == "tricks"  # the count ends the hand's last play, put back
    replayed = Game.from_inputs(variant, game.inputs(), dealer=game.first_dealer,
                                extra_plugins=extra)
    assert game.log == replayed.log and game.machine.snapshot() == replayed.machine.snapshot()
    assert len(game._undo) == len(game.inputs())


def test_a_bot_seats_decision_compares_after_a_bot_game() -> None:
    """Comparing needs the state before the decision: rebuilt by replay after the bots' lane."""
    game = _played("two-player", 4)
    comparison = game.compare(0)
    assert game.log[comparison.event] == Input(comparison.event, comparison.hand, "pegging", 0,
                                               comparison.action)
    assert comparison.evaluation.candidates[comparison.chosen].action == comparison.action


@pytest.mark.parametrize("variant", ("two-player", "three-player", "partner", "muggins"))
def test_a_tally_reads_the_same_points_from_rows_as_from_events(variant: str) -> None:
    """A simulation's tally reads the rows (building no event): the same points as from the
    events, whether the log was read before or not, half read or wholly."""
    for seed in range(3):
        game = _played(variant, seed)
        definition = game.definition
        from_rows = definition.pegline_tally(game), definition.pegline_tally_seats(game)
        assert all(type(entry) is tuple for entry in game._log[:-1])
        game.log[: len(game._log) // 2]  # half of them built
        half = definition.pegline_tally(game), definition.pegline_tally_seats(game)
        list(game.log)  # all of them
        assert from_rows == half == (definition.pegline_tally(game), definition.pegline_tally_seats(game))
        assert sum(from_rows[0][1].values()) == sum(  # every point of the game is tallied
            e.points for e in game.log if isinstance(e, Scored))
