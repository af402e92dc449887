"""Reading the other players (pegline_cribbage.reading, docs/coach.md): the coach imagines
another player's hand as a hand-keeping player kept it from a deal, agreeing with the cards it
has played and the goes it said."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pegline_core import Game, PeglineError
from pegline_core.cards import DECK, parse_cards
from pegline_cribbage.actions import CutStarter, Deal, Discard, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.playout import Pegging
from pegline_cribbage.reading import Keeper, PlayReading, keeper_for
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
        with pytest.raises(PeglineError, match="read_plays is True"):
            Coach(scorer, read_plays=wrong)
    # the plays are read only when asked, and only by a coach that reads hands at all
    assert not Coach(scorer).read_plays and Coach(scorer, read_plays=True).read_plays
    assert not Coach(scorer, reading=False, read_plays=True).read_plays


def test_a_coach_that_reads_plays_advises_from_them():
    """After a seven is led, the coach reading plays imagines the pone's hand otherwise than
    the coach that does not: their expected pegging differs."""
    game = _pegging(["7H 2C 3D 4S AC AD", "5H 5C JD KS 2S 9H"], ["AC AD", "2S 9H"], "QC",
                    [(0, "7H")])
    view = game.view(1)
    plain = Coach(view.rules).evaluate(view)
    read = Coach(view.rules, read_plays=True).evaluate(view)
    assert plain is not None and read is not None
    assert [c.value for c in plain.candidates] != [c.value for c in read.candidates]


def _pegging(deal, discards, starter, plays, dealer=1):
    """A two-player game dealt ``deal``, laid away, the starter turned and ``plays`` made."""
    game = Game("two-player", dealer=dealer)
    game.apply(Deal([parse_cards(hand) for hand in deal]))
    for seat, cards in enumerate(discards):
        game.apply(Discard(seat, parse_cards(cards)))
    game.apply(CutStarter(parse_cards(starter)[0]))
    for seat, card in plays:
        game.apply(Play(seat, parse_cards(card)[0]))
    return game


def test_the_reading_finds_each_play_s_series_and_count():
    # 9+T+8+4 = 31 ends a series; then K, Q, 7 = 27, the 6 does not fit (a go, the pone out
    # of cards) and starts a new one
    game = _pegging(["9H 8D KS 7C AC AD", "TS 4H QC 6D 2S 2H"], ["AC AD", "2S 2H"], "3C",
                    [(0, "9H"), (1, "TS"), (0, "8D"), (1, "4H"), (0, "KS"), (1, "QC"),
                     (0, "7C")])
    view = game.view(1)
    assert view.series == ()  # the count was reset after the goes
    game.apply(Play(1, parse_cards("6D")[0]))
    reading = PlayReading(game.view(0), Pegging(view.rules))
    codes = {str(c): c.index for c in parse_cards("9H 8D KS 7C TS 4H QC 6D")}
    assert [(seat, [k for k, v in codes.items() if v in series], count, card)
            for seat, series, count, card in reading.history] == [
        (0, [], 0, codes["9H"]), (1, ["9H"], 9, codes["TS"]), (0, ["9H", "TS"], 19, codes["8D"]),
        (1, ["9H", "8D", "TS"], 27, codes["4H"]), (0, [], 0, codes["KS"]),
        (1, ["KS"], 10, codes["QC"]), (0, ["KS", "QC"], 20, codes["7C"]),
        (1, [], 0, codes["6D"])]


def test_a_read_hand_holds_what_a_greedy_player_s_plays_make_likely():
    """The pone led a seven with nothing scoring: a greedy player leads its highest card, so it
    most likely holds none above seven. Read hands hold one far less often than hands drawn at
    random from the same cards, and never against a slip's odds."""
    game = _pegging(["7H 2C 3D 4S AC AD", "5H 5C JD KS 2S 9H"], ["AC AD", "2S 9H"], "QC",
                    [(0, "7H")])
    view = game.view(1)
    reading = PlayReading(view, Pegging(view.rules))
    rng = random.Random(4)
    pool = Coach._unseen(view)
    led = parse_cards("7H")
    read = [reading.hand(0, led, 4, pool, None, rng) for _ in range(400)]
    drawn = [tuple(rng.sample(pool, 3)) for _ in range(400)]
    assert all(len(h) == 3 and set(h) <= set(pool) for h in read)

    def higher(hands):
        return sum(any(PIPS[c.index] > 7 for c in h) for h in hands) / len(hands)

    assert higher(drawn) > 0.7 and higher(read) < 0.3
    assert reading.likelihood(0, led, parse_cards("2C 3D 4S")) == pytest.approx(0.9 + 0.1 / 4)
    assert reading.likelihood(0, led, parse_cards("2C 3D KH")) == pytest.approx(0.1 / 4)


def test_the_coach_reads_plays_only_from_what_the_seat_can_see():
    """The same view with the other hand's cards swapped for any others: the same advice."""
    deal = ["7H 2C 3D 4S AC AD", "5H 5C JD KS 2S 9H"]
    game = _pegging(deal, ["AC AD", "2S 9H"], "QC", [(0, "7H")])
    other = _pegging(["7H 6C 6D 8S AC AD", "5H 5C JD KS 2S 9H"], ["AC AD", "2S 9H"], "QC",
                     [(0, "7H")])
    coach = Coach(game.view(1).rules, read_plays=True)
    first, second = coach.evaluate(game.view(1)), coach.evaluate(other.view(1))
    assert first is not None and second is not None
    assert [(c.action, c.value) for c in first.candidates] == \
        [(c.action, c.value) for c in second.candidates]
