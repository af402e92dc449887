"""Reading the other players (pegline_cribbage.reading, docs/coach.md): the coach imagines
another player's hand as a hand-keeping player kept it from a deal, agreeing with the cards it
has played and the goes it said."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pegline_core import Game, PeglineError
from pegline_core.cards import DECK, parse_cards
from pegline_cribbage.actions import Deal
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.reading import Keeper, keeper_for
from pegline_cribbage.scorer import Scorer

pytestmark = pytest.mark.both_builds


@pytest.fixture(scope="module")
def keeper():
    return Keeper(Scorer.for_variant("two-player"))


def test_a_keep_is_the_best_expected_show_of_the_hand(keeper):
    rng = random.Random(3)
    for _ in range(50):
        hand = rng.sample(DECK, 6)
        kept, thrown = keeper.keep(hand)
        assert len(kept) == 4 and len(thrown) == 2 and {*kept, *thrown} == set(hand)
        best = max(keeper.value(tuple(sorted(c.rank for c in four)))
                   for four in combinations(hand, 4))
        assert keeper.value(tuple(sorted(c.rank for c in kept))) == best


def test_the_keeper_keeps_what_the_greedy_bot_keeps_nearly_always(keeper):
    # the greedy bot counts every starter with the suits as they are; the keeper takes the
    # ranks alone: their keeps are worth the same but where a flush decides, and a tie between
    # ranks of one value (a ten or a queen) may go either way
    game = Game("two-player", dealer=1)
    greedy, rng, same = GreedyBot(), random.Random(5), 0

    def worth(cards):
        return keeper.value(tuple(sorted(c.rank for c in cards)))

    for _ in range(200):
        cards = rng.sample(DECK, 12)
        copy = game.copy()
        copy.apply(Deal([cards[:6], cards[6:]]))
        choice = greedy.choose(copy.view(0), copy.legal_actions(0))
        greedy_keeps = [c for c in cards[:6] if c not in choice.cards]
        same += worth(greedy_keeps) == worth(keeper.keep(cards[:6])[0])
    assert same >= 190


def test_lowball_keeps_the_fewest_points():
    keeper = Keeper(Scorer.for_variant("lowball"))
    _kept, thrown = keeper.keep(parse_cards("5H 5C TD KS 2C 9H"))
    assert sorted(map(str, thrown)) == ["5C", "5H"]  # a pair and two fifteens go


def test_an_imagined_hand_agrees_with_what_its_player_played(keeper):
    rng = random.Random(7)
    played = parse_cards("5H 5C")
    pool = [c for c in DECK if c not in played and c not in parse_cards("JD KS 2C 9H")]
    agreed = 0
    for _ in range(200):
        held, thrown = keeper.imagine(pool, played, rng)
        assert len(held) == 2 and len(thrown) == 2
        assert {*held, *thrown} <= set(pool) and not {*held} & {*thrown}
        kept, _ = keeper.keep((*played, *held, *thrown))
        agreed += set(kept) == {*played, *held}
    assert agreed >= 190  # the deal is drawn again until its keep holds the played cards


def test_a_player_that_said_go_holds_only_cards_too_big(keeper):
    rng = random.Random(2)
    pool = [c for c in DECK if c not in parse_cards("5H 5C 6D")]
    fits = [c for c in pool if PIPS[c.index] >= 9]
    for _ in range(100):
        held, _thrown = keeper.imagine(pool, parse_cards("6D"), rng, fits)
        assert all(PIPS[c.index] >= 9 for c in held)


def test_read_hands_hold_the_cards_players_keep(keeper):
    """Fives and pairs are kept: an imagined hand holds them more often than four unseen cards
    at random do."""
    rng = random.Random(11)
    read = [keeper.imagine(DECK, (), rng)[0] for _ in range(2000)]
    drawn = [tuple(rng.sample(DECK, 4)) for _ in range(2000)]

    def fives(hands):
        return sum(any(c.rank == 5 for c in hand) for hand in hands) / len(hands)

    def paired(hands):
        return sum(len({c.rank for c in hand}) < 4 for hand in hands) / len(hands)

    assert fives(read) > fives(drawn) + 0.05 and paired(read) > paired(drawn) + 0.2


def test_the_coach_reads_unless_told_not_to():
    scorer = Scorer(Game("two-player").ruleset)
    assert Coach(scorer).keeper is keeper_for(scorer)
    assert Coach(scorer, reading=False).keeper is None
    for wrong in ("yes", 1, None):
        with pytest.raises(PeglineError, match="reading is True"):
            Coach(scorer, reading=wrong)
