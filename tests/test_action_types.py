"""Every API action with a wrong field type is an `IllegalActionError`, for both games, in
whichever build runs the suite (issue 27): each action of a played game, in the position where
it was played, with each field replaced by a value of every other type; the game is unchanged."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from pegline_core import (
    AskCoach,
    Card,
    Game,
    IllegalActionError,
    Input,
    parse_cards,
    play_game,
)
from pegline_core.action_types import wrong_field
from pegline_core.app.bot_specs import bots_for
from pegline_core.turns import CHANCE

# runs in the pure build too (conftest.py): what the compiled machines refuse
pytestmark = pytest.mark.both_builds

CARD = parse_cards("AS")[0]
VALUES = (None, True, False, 0, -1, 10**30, 2.5, float("nan"), "", "x", "AS", b"x", (), [],
          {}, {"x": 1}, CARD, (CARD,), ((CARD,),), [CARD], (0,), ("AS",), (None,), object())
"""A value of every type an action's field could be given, empty and not."""


def first_of_each_action(variant: str, seed: int, bot: str = "random"):
    """(inputs before it, the action) for the first action of each class in a game, and a
    compare request (`AskCoach`) after the first decision."""
    make = bots_for(variant)[bot]
    game = play_game(variant, [make(seed + s) for s in range(Game(variant).players)],
                     seed=seed)
    actions = [event.action for event in game.log if isinstance(event, Input)]
    seen = {}
    for index, action in enumerate(actions):
        seen.setdefault(type(action), (index, action))
    first_seat = next(i for i, a in enumerate(actions) if getattr(a, "seat", None) is not None)
    seen[AskCoach] = (first_seat + 1, AskCoach(actions[first_seat].seat))
    return [(actions[:index], action) for index, action in seen.values()]


def cases():
    for variant in ("two-player", "muggins", "clabber", "clabber-renege"):
        found = {}
        for seed in (5, 6, 19):  # until every action class of the game has been played
            for before, action in (*first_of_each_action(variant, seed),
                                   *first_of_each_action(variant, seed, "sloppy")):
                found.setdefault(type(action), (variant, before, action))
        yield from found.values()


CASES = list(cases())


def wrong_values(action):
    """Each field replaced by each value of another type than the one it declares."""
    for field in attrs.fields(type(action)):
        for value in VALUES:
            changed = attrs.evolve(action, **{field.name: value})
            if wrong_field(changed) is not None:
                yield field.name, changed


@pytest.mark.parametrize(("variant", "before", "action"), CASES,
                         ids=[f"{v}-{type(a).__name__}" for v, _, a in CASES])
def test_an_action_with_a_wrong_field_type_is_an_illegal_action(variant, before, action):
    game = Game(variant)
    for earlier in before:
        game.apply(earlier)
    log, to_act = list(game.log), game.machine.to_act()
    tried = 0
    for name, changed in wrong_values(action):
        tried += 1
        with pytest.raises(IllegalActionError, match=rf"{type(action).__name__}\.{name}: "):
            game.apply(changed)
        assert list(game.log) == log and game.machine.to_act() == to_act
    assert tried >= len(attrs.fields(type(action))) * 15
    game.apply(action)  # and the real one still plays


def test_every_action_class_of_both_games_is_tried():
    from pegline_clabber.actions import ACTIONS as CLABBER
    from pegline_cribbage.actions import ACTIONS as CRIBBAGE
    tried = {type(action) for _, _, action in CASES}
    missing = {cls.__name__ for cls in (*CLABBER.values(), *CRIBBAGE.values(), AskCoach)} - \
        {cls.__name__ for cls in tried}
    assert not missing, missing


def test_a_right_type_passes_the_check():
    assert wrong_field(AskCoach(0)) is None
    assert isinstance(CARD, Card)


# -- the actions `legal_actions` hands out are interned -------------------------------------------

def _counting_checks(monkeypatch):
    """`Game.apply`'s field check, counted."""
    import pegline_core.game_steps

    checked = []

    def counted(action):
        checked.append(action)
        return wrong_field(action)

    monkeypatch.setattr(pegline_core.game_steps, "wrong_field", counted)
    return checked


EVERY_MOVE = {"two-player": {"Discard", "Play", "Go"}, "partner": {"Discard", "Play", "Go"},
              "muggins": {"Discard", "Play", "Go", "Declare", "Respond"},
              "clabber": {"Pass", "Name", "Play"}, "clabber-renege": {"Pass", "LetStand", "Play"}}


@pytest.mark.parametrize("variant", EVERY_MOVE)
def test_a_legal_action_is_applied_without_checking_its_fields_again(variant, monkeypatch):
    """Each move taken from `legal_actions` (all but a renege call, made per position) goes
    in unchecked; the same move built by the user, equal, is checked, and plays the same."""
    checked = _counting_checks(monkeypatch)
    game, rng = Game(variant), random.Random(11)
    moves, seen = 0, set()
    while game.to_act and moves < 300:
        to_act = game.to_act
        if to_act is CHANCE:
            game.apply(game.chance_action(rng))
            checked.clear()  # chance actions are made per draw: checked as ever
            continue
        action = rng.choice(game.legal_actions(to_act[0]))
        if type(action).__name__ == "CallRenege":
            continue
        twin = game.copy()
        events = game.apply(action)
        assert checked == [], action
        built = attrs.evolve(action)  # equal, not the same object
        assert built == action and built is not action
        assert twin.apply(built) == events and checked == [built]
        checked.clear()
        moves += 1
        seen.add(type(action).__name__)
    assert moves >= 40 and seen >= EVERY_MOVE[variant], seen


def test_a_legal_action_is_the_same_object_at_every_call_and_in_every_game():
    first, second = Game("two-player", dealer=0), Game("two-player", dealer=0)
    rng = random.Random(3)
    deal = first.chance_action(rng)
    first.apply(deal)
    second.apply(deal)
    discards = first.legal_actions(1)
    assert len(discards) == 15
    assert all(a is b for a, b in zip(discards, second.legal_actions(1), strict=True))
    assert all(a is b for a, b in zip(discards, first.legal_actions(1), strict=True))
    choices = first.machine.choices(1)  # what `play_game` hands its players
    assert all(choices[i] is discards[i] for i in range(len(discards)))
    own = first.copy()
    _ = own.ruleset  # a ruleset of its own: the same actions still
    assert all(a is b for a, b in zip(own.legal_actions(1), discards, strict=True))
    for game in (first, second):
        for seat in (0, 1):
            game.apply(game.legal_actions(seat)[0])
        game.apply(game.chance_action(random.Random(1)))
    plays = first.legal_actions()
    assert plays and all(a is b for a, b in zip(plays, second.legal_actions(), strict=True))


def test_the_discards_a_player_gets_read_as_the_list_of_legal_actions():
    game = Game("two-player", dealer=0)
    game.apply(game.chance_action(random.Random(3)))
    legal = game.legal_actions(1)
    choices = game.machine.choices(1)  # made lazily: each read makes the interned one
    assert len(choices) == len(legal) == 15
    assert list(choices) == legal and all(a is b for a, b in zip(choices, legal, strict=True))
    assert choices[-1] is legal[-1] and choices[True] is legal[1]
    assert choices[2:7:2] == legal[2:7:2] and choices[::-1] == legal[::-1]
    assert random.Random(5).choice(choices) is random.Random(5).choice(legal)
    for wrong in (15, -16):
        with pytest.raises(IndexError):
            choices[wrong]
    with pytest.raises(TypeError):
        choices["0"]  # type: ignore[call-overload]


def test_the_discards_a_player_gets_pickle_as_what_they_are():
    """As the seat, its cards and how many it lays away: they carried every discard of the seat
    interned so far in the process (67 KB after 300 deals, for fifteen discards)."""
    for seed in range(40):  # the seat's discards of forty deals interned
        game = Game("two-player", dealer=0)
        game.apply(game.chance_action(random.Random(seed)))
        choices = game.machine.choices(1)
        assert len(list(choices)) == 15
    again = pickle.loads(pickle.dumps(choices))
    assert list(again) == list(choices) and again[3] is choices[3]  # the interned ones
    assert len(pickle.dumps(choices)) < len(pickle.dumps(list(choices)))


def test_an_interned_action_is_an_ordinary_value():
    """Equal to the same action built anew, hashed alike, pickled as any: only its identity
    spares it the check, so a copy of it is checked."""
    game = Game("two-player", dealer=0)
    game.apply(game.chance_action(random.Random(3)))
    action = game.legal_actions(1)[4]
    built = attrs.evolve(action)
    assert action == built and hash(action) == hash(built) and repr(action) == repr(built)
    again = pickle.loads(pickle.dumps(action))
    assert again == action and again is not action
    assert game.apply(action) == Game.from_inputs("two-player", game.inputs()[:-1],
                                                  dealer=0).apply(again)


@pytest.mark.parametrize("variant", ("two-player", "clabber"))
def test_the_chance_action_a_game_drew_is_applied_without_checking_its_fields(variant,
                                                                              monkeypatch):
    """The one it drew last: an earlier draw, or the same action built by the user, is checked
    as any other."""
    checked = _counting_checks(monkeypatch)
    game, rng = Game(variant), random.Random(5)
    earlier = game.chance_action(rng)
    drawn = game.chance_action(rng)
    twin, other = game.copy(), game.copy()
    game.apply(drawn)
    assert checked == []
    built = attrs.evolve(drawn)
    twin.apply(built)
    other.apply(earlier)
    assert checked == [built, earlier] and twin.log == game.log


def test_the_deal_a_game_drew_is_taken_as_drawn_and_any_other_deal_is_checked():
    """`chance_action`'s deal goes in with no check of its cards (the machine drew them);
    a deal built by hand, equal or not, is checked as ever."""
    from pegline_cribbage.actions import Deal

    game = Game("two-player", dealer=0)
    deal = game.chance_action(random.Random(3))
    twice = Deal((deal.hands[0], deal.hands[0]), deal.crib)  # one hand's cards dealt twice
    with pytest.raises(IllegalActionError, match="twice"):
        game.apply(twice)
    game.apply(deal)
    by_hand = Game("two-player", dealer=0)
    by_hand.apply(Deal(deal.hands, deal.crib))  # equal, not the one drawn: checked, the same
    assert list(by_hand.log) == list(game.log)
    assert game.undo() is deal
    game.apply(deal)  # drawn before the undo: as right as it was
    assert list(by_hand.log) == list(game.log)
