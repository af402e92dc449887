"""The card-game layer (`pegline_core.card_game`) that cribbage, Clabber and the Tricks example
stand on: the cut for the first dealer, the deal, seats and teams, snapshot and restore, and the
shared actions and events, met in each of the three games."""

from __future__ import annotations

import random

import pytest

from pegline_core import DECK, Game, IllegalActionError, load_variant, parse_cards, play_game
from pegline_core.card_game import (
    Combination,
    CutForDeal,
    CutTie,
    Deal,
    DealerChosen,
    FlatState,
    Play,
    Seating,
    StateFields,
    check_hands,
    draw_cut,
    draw_hands,
    lowest_cut,
    plays_of,
)
from pegline_core.players import RandomBot

# runs in the pure build too: the compiled machines call the layer
pytestmark = pytest.mark.both_builds


@pytest.mark.parametrize(("cut", "lowest"), [
    ("9H 2S KD", (1,)),          # one lowest rank: it deals
    ("AH 9S AD", (0, 2)),        # a tie for the lowest: those seats cut again
    ("5C 5D 5H 5S", (0, 1, 2, 3)),
    ("KS QS", (1,)),
])
def test_the_lowest_cut_deals_and_a_tie_cuts_again(cut, lowest):
    cards = parse_cards(cut)
    assert lowest_cut(cards, players=len(cards)) == lowest


@pytest.mark.parametrize(("cards", "players", "refusal"), [
    ("9H 2S", 3, "the cut for deal needs one card per seat"),
    ("9H 2S KD 4C", 3, "the cut for deal needs one card per seat"),
    ("9H 9H KD", 3, "a card cannot be dealt twice"),
])
def test_a_wrong_cut_is_refused(cards, players, refusal):
    with pytest.raises(IllegalActionError, match=refusal):
        lowest_cut(parse_cards(cards, distinct=False), players=players)


def test_the_cut_draws_a_card_per_seat_from_the_game_s_deck():
    deck = parse_cards("9C 9D 9H 9S TC TD")
    cut = draw_cut(random.Random(4), deck, players=4)
    assert type(cut) is CutForDeal and len(cut.cards) == 4 and set(cut.cards) <= set(deck)
    assert draw_cut(random.Random(4), deck, players=4) == cut  # a seed gives the same cut


@pytest.mark.parametrize(("players", "size", "extra"), [(2, 6, 0), (3, 5, 1), (4, 6, 0), (4, 13, 0)])
def test_a_deal_gives_each_seat_its_cards_from_the_dealer_s_left(players, size, extra):
    hands, rest = draw_hands(random.Random(9), DECK, players=players, size=size, dealer=1,
                             extra=extra)
    dealt = [card for hand in hands for card in hand] + rest
    assert [len(hand) for hand in hands] == [size] * players and len(rest) == extra
    assert len(set(dealt)) == len(dealt)
    check_hands(hands, players=players, size=size, more=rest)  # what it deals passes the check
    # the dealer's left has the first card drawn: the same draw dealt by another dealer turns
    first = random.Random(9)
    again, _ = draw_hands(first, DECK, players=players, size=size, dealer=0, extra=extra)
    assert again[1] == hands[2 % players]


@pytest.mark.parametrize(("hands", "refusal"), [
    (["5H JS", "2C"], "the deal needs 2 cards for each of 2 seats"),
    (["5H JS"], "the deal needs 2 cards for each of 2 seats"),
    (["5H JS", "5H 2C"], "a card cannot be dealt twice"),
])
def test_a_wrong_deal_is_refused(hands, refusal):
    with pytest.raises(IllegalActionError, match=refusal):
        check_hands([parse_cards(hand) for hand in hands], players=2, size=2)


def test_a_deal_outside_the_game_s_deck_or_not_of_cards_is_refused():
    nines = parse_cards("9C 9D 9H 9S")
    with pytest.raises(IllegalActionError, match="2C is not in the 4-card deck"):
        check_hands([parse_cards("9C 2C")], players=1, size=2, deck=nines)
    with pytest.raises(IllegalActionError, match="every card must be a Card"):
        check_hands([("9C", "9D")], players=1, size=2)


def test_seats_and_teams_come_from_the_variant_s_table():
    partners = Seating(load_variant("partner"))
    assert partners.players == 4 and partners.sides == ((0, 2), (1, 3))
    assert partners.side_of == (0, 1, 0, 1)
    assert [partners.left_of(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert partners.order(from_left_of=3) == (0, 1, 2, 3)
    assert partners.turns[2] == (2,) and partners.check(2) == 2
    three = Seating(load_variant("three-player"))
    assert three.sides == ((0,), (1,), (2,)) and three.side_of == (0, 1, 2)
    for seat in (3, -1, 1.0, "1", True):
        with pytest.raises(IllegalActionError, match="at a table of 3"):
            three.check(seat)


class _Flat(FlatState):
    state = StateFields("phase", "held", "scores")

    def __init__(self) -> None:
        self.phase, self.held, self.scores = "deal", ((), ()), (0, 0)


def test_a_snapshot_restores_every_field_and_nothing_else():
    machine = _Flat()
    before = machine.snapshot()
    machine.phase, machine.held, machine.scores = "play", (parse_cards("5H"), ()), (2, 0)
    machine.other = "not state"
    after = machine.snapshot()
    machine.restore(before)
    assert (machine.phase, machine.held, machine.scores) == ("deal", ((), ()), (0, 0))
    assert machine.other == "not state"
    machine.restore(after)
    assert machine.snapshot() == after
    with pytest.raises(ValueError, match="zip"):
        machine.restore(after[:2])
    with pytest.raises(ValueError, match="two fields or more"):
        StateFields("phase")


@pytest.mark.parametrize("variant", ["two-player", "clabber", "partner"])
def test_each_game_s_snapshot_round_trips_through_a_whole_game(variant):
    game = Game(variant, dealer=0)
    rng, bot = random.Random(3), RandomBot(5)
    while game.to_act and len(game.log) < 120:
        snapshot = game.machine.snapshot()
        twin = game.copy()
        twin.machine.restore(snapshot)
        assert twin.machine.snapshot() == snapshot
        if game.to_act == "chance":
            game.apply(game.chance_action(rng))
        else:
            legal = game.legal_actions(game.to_act[0])
            game.apply(bot.choose(game.view(game.to_act[0]), legal))
    assert len(game.log) >= 120 or game.over


def test_the_games_share_the_layer_s_actions_and_events():
    from pegline_clabber.actions import ACTIONS as CLABBER_ACTIONS
    from pegline_clabber.events import EVENTS as CLABBER_EVENTS
    from pegline_cribbage.actions import ACTIONS as CRIBBAGE_ACTIONS
    from pegline_cribbage.actions import Deal as CribbageDeal
    from pegline_cribbage.events import EVENTS as CRIBBAGE_EVENTS

    for actions in (CLABBER_ACTIONS, CRIBBAGE_ACTIONS):
        assert actions["play"] is Play and actions["cut-for-deal"] is CutForDeal
    assert CLABBER_EVENTS["dealer"] is CRIBBAGE_EVENTS["dealer"] is DealerChosen
    assert CRIBBAGE_EVENTS["cut-tie"] is CutTie
    assert issubclass(CribbageDeal, Deal) and CribbageDeal.TAG == Deal.TAG == "deal"
    assert plays_of(0)[DECK[5].index] is plays_of(0)[5] == Play(0, DECK[5])
    assert Combination("run", 3, ()) == Combination("run", 3, ())


@pytest.mark.parametrize("variant", ["two-player", "clabber"])
def test_a_tie_in_the_cut_cuts_again_in_each_game(variant):
    game = Game(variant)
    tie = [card for card in DECK if card.rank == 9][:game.players]
    game.apply(CutForDeal(tie))
    assert game.to_act == "chance" and game.phase == "cut"  # nobody deals yet: cut again
    game.apply(game.chance_action(random.Random(1)))
    assert len(game.log) >= 2


def test_a_whole_game_of_each_plays_on_the_layer_and_replays():
    for variant in ("two-player", "clabber"):
        game = play_game(variant, [RandomBot(seat) for seat in range(
            load_variant(variant).table.players)], seed=11)
        dealer = next(event for event in game.log if isinstance(event, DealerChosen))
        assert game.over and dealer.dealer in range(game.players)
        assert Game.from_inputs(game.variant, game.inputs()).log == game.log


def test_what_a_ruleset_s_games_share_is_made_once():
    from pegline_clabber.machine import common

    ruleset = Game("clabber").ruleset
    made = []

    def make(owner):
        made.append(owner)
        return object()

    assert ruleset.shared("part", make) is ruleset.shared("part", make) and made == [ruleset]
    assert common(ruleset) is Game("clabber", ruleset=ruleset).machine.c
