"""Clabber's coach (`ClabberCoach`) and `Game.compare` on Clabber: fair (it reads only the
seat's view: where the hidden cards lie never changes its answer), deterministic, bounded by its
budget, refused before the seat has committed a move, and recorded as "assist used"."""

import random

import pytest
from rich.console import Console

from pegline_clabber.actions import Announce, Deal, LetStand, Name, Pass, Play
from pegline_clabber.bots import GreedyBot
from pegline_clabber.coach import ClabberCoach
from pegline_core import (
    AskCoach,
    Game,
    GameRecord,
    IllegalActionError,
    Input,
    load_variant,
    parse_cards,
    play_game,
)
from pegline_core.players import PlayerLeft
from pegline_core.review import coach
from pegline_core.turns import CHANCE

# runs in the pure build too (conftest.py): the compiled bots and coach's playouts
pytestmark = pytest.mark.both_builds

C = parse_cards
HANDS = [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
         C("QC 9S TS JD 9D TD")]
"""Dealer 0, turn card Q♥."""


def shuffled_hidden(hands, seat, dealer, rng):
    """The same deal for ``seat`` (and the dealer's turn card), the other cards moved around."""
    hidden = [c for s, hand in enumerate(hands) if s != seat
              for c in (hand[:-1] if s == dealer else hand)]
    rng.shuffle(hidden)
    out = []
    for s, hand in enumerate(hands):
        if s == seat:
            out.append(hand)
            continue
        need = len(hand) - (s == dealer)
        mine, hidden = hidden[:need], hidden[need:]
        out.append((*mine, hand[-1]) if s == dealer else tuple(mine))
    return out


def dealt(hands, variant="clabber"):
    game = Game(variant, dealer=0)
    game.apply(Deal(12, hands))
    return game


@pytest.mark.parametrize("seed", range(3))
def test_naming_advice_never_depends_on_where_the_hidden_cards_lie(seed):
    rng = random.Random(seed)
    coach = ClabberCoach(dealt(HANDS).ruleset, budget=6)
    first = dealt(HANDS)
    other = dealt(shuffled_hidden(HANDS, 1, 0, rng))
    assert other.machine.held != first.machine.held
    assert coach.evaluate(first.view(1)) == coach.evaluate(other.view(1))
    for game in (first, other):
        game.apply(Pass(1))
    one, two = first.compare(1), other.compare(1)
    assert one.evaluation == two.evaluation and one.action == two.action == Pass(1)


@pytest.mark.parametrize("variant", ["clabber", "clabber-renege"])
def test_play_advice_never_depends_on_where_the_hidden_cards_lie(variant):
    rng = random.Random(7)
    games = [dealt(HANDS, variant), dealt(shuffled_hidden(HANDS, 1, 0, rng), variant)]
    for game in games:
        for seat in (1, 2, 3, 0):
            game.apply(Pass(seat))
        game.apply(Name(1, "S"))      # seat 1 holds four spades
        game.apply(Announce(1))
    coach = ClabberCoach(games[0].ruleset, budget=6)
    assert games[0].view(1) == games[1].view(1)
    evaluation = coach.evaluate(games[0].view(1))
    assert evaluation == coach.evaluate(games[1].view(1))
    assert evaluation.decision == "a play"
    assert {c.action for c in evaluation.candidates} == {Play(1, c) for c in HANDS[1]}
    for game in games:
        game.apply(Play(1, C("JS")[0]))
    assert games[0].compare(1, coach).evaluation == games[1].compare(1, coach).evaluation \
        == evaluation


def test_the_same_view_and_budget_give_the_same_answer_and_the_budget_is_the_deals():
    game = dealt(HANDS)
    coach = ClabberCoach(game.ruleset, budget=5)
    played = []
    real = ClabberCoach._hand_played

    def counting(self, view, hands, action):
        played.append(action)
        return real(self, view, hands, action)

    ClabberCoach._hand_played = counting
    try:
        evaluation = coach.evaluate(game.view(1))
    finally:
        ClabberCoach._hand_played = real
    assert len(played) == 5 * len(evaluation.candidates)
    assert evaluation == ClabberCoach(game.ruleset, budget=5).evaluate(game.view(1))
    with pytest.raises(ValueError, match="the budget is a whole number of deals"):
        ClabberCoach(game.ruleset, budget=0)


def test_announcing_when_due_ranks_above_playing_without_it():
    game = dealt(HANDS)
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(Pass(3))
    game.apply(Name(0, "H"))
    evaluation = ClabberCoach(game.ruleset, budget=4).evaluate(game.view(1))
    assert evaluation.best.action == Announce(1)
    best_play = max(c.value for c in evaluation.candidates if isinstance(c.action, Play))
    assert evaluation.best.value == best_play + 50     # seat 1's J Q K A of spades: fifty


def test_compare_is_refused_before_the_seat_commits_and_changes_nothing():
    game = dealt(HANDS)
    before = (game.machine.snapshot(), game.log)
    for seat in (1, 2):
        with pytest.raises(IllegalActionError,
                           match=f"seat {seat} has no committed decision to compare yet"):
            game.compare(seat)
        assert (game.machine.snapshot(), game.log) == before
    game.apply(Pass(1))
    with pytest.raises(IllegalActionError, match="seat 2 has no committed decision"):
        game.compare(2)          # seat 1's move is not seat 2's
    with pytest.raises(IllegalActionError, match="seat 2 has no committed decision"):
        game.apply(AskCoach(2))
    comparison = game.compare(1)
    assert comparison.action == Pass(1) and comparison.seat == 1
    assert isinstance(game.log[-1], Input) and game.log[-1].action == AskCoach(1)
    assert game.to_act == (2,)     # nothing else changed: still seat 2's call


def test_assist_is_recorded_in_the_result_and_the_record_verifies():
    game, rng = Game("clabber"), random.Random(3)
    bots = [GreedyBot(seat) for seat in range(4)]
    asked = False
    while not game.over:
        to_act = game.to_act
        if to_act is CHANCE:
            game.apply(game.chance_action(rng))
            continue
        seat = to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        if seat == 2 and not asked:
            assert game.compare(2).seat == 2
            asked = True
    assert game.result.assist_used == (2,)
    last = game.compare(0)                 # after the game's last move too
    assert last.seat == 0 and game.result.assist_used == (0, 2)
    record = GameRecord.from_toml(GameRecord.of(game, seed=3).to_toml())
    assert record.verify() is None


def test_the_terminal_compares_through_the_engine():
    from pegline_clabber.terminal import HumanPlayer

    answers = iter(["compare", "pass", "compare", "quit"])
    console = Console(width=100, color_system=None)
    human = HumanPlayer(console, read=lambda: next(answers))
    game = Game("clabber", dealer=3)
    with console.capture() as screen, pytest.raises(PlayerLeft):
        play_game("clabber", [human, *(GreedyBot(s) for s in (1, 2, 3))], seed=1, game=game)
    out = screen.get()
    assert "nothing to compare yet: make a move first" in out
    assert "(The coach: 16 deals of the cards you cannot see" in out
    assert "Your move (pass) ranks" in out and "pass: " in out and "<- your move" in out
    asks = [e for e in game.log if isinstance(e, Input) and isinstance(e.action, AskCoach)]
    assert [e.actor for e in asks] == [0]


def test_renege_calls_are_advised_from_what_the_seat_has_seen():
    from tests.test_clabber_renege_window import FIRST_FOUR, RENEGED, played, seq_of

    game = played(f"{FIRST_FOUR}, {RENEGED}")
    game.apply(LetStand(1))
    evaluation = ClabberCoach(game.ruleset, budget=2).evaluate(game.view(2))
    assert evaluation.decision == "whether to call a renege"
    assert evaluation.best.action.target == seq_of(game, 3, "QD") and evaluation.best.value == 162
    stand = next(c for c in evaluation.candidates if c.action == LetStand(2))
    assert stand.value == 0 and all(c.value == -162 for c in evaluation.candidates[2:])


def test_the_variant_file_loads_the_coach():
    game = Game(load_variant("clabber-renege"))
    assert isinstance(coach(game.ruleset), ClabberCoach)


@pytest.mark.parametrize("variant", ["clabber", "clabber-renege"])
def test_the_coach_bot_plays_whole_games_by_the_rules(variant):
    from pegline_clabber.coach import CoachBot
    from pegline_core import Ruleset, Scored

    ruleset = Ruleset(load_variant(variant))
    players = [CoachBot(ruleset, budget=2), GreedyBot(1), CoachBot(ruleset, budget=2),
               GreedyBot(3)]
    game = play_game(ruleset.variant, players, seed=4, game=Game(ruleset=ruleset))
    assert game.over and game.result.winner.score >= 500
    assert all(game.scores[side] == sum(e.points for e in game.log
                                        if isinstance(e, Scored) and e.side == side)
               for side in (0, 1))


def _at_a_meld_question() -> Game:
    """A game stopped where seat 0 is asked whether to announce (or show) its melds."""
    for seed in range(200):
        game, rng = Game("clabber", dealer=3), random.Random(seed)
        while game.to_act:
            if game.to_act is CHANCE:
                game.apply(game.chance_action(rng))
                continue
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if seat == 0 and any(type(a).__name__ in ("Announce", "Show") for a in legal):
                return game
            game.apply(rng.choice(legal))
    raise AssertionError("no meld question in 200 games")


def test_compare_at_the_meld_question_asks_the_coach_rather_than_answering_yes():
    """Typing compare at "announce your melds? (y/n)" announced them: the request, truthy, was
    taken for a yes."""
    from pegline_clabber.terminal import HumanPlayer

    game = _at_a_meld_question()
    view, legal = game.view(0), game.legal_actions(0)
    answers = iter(["y", "compare"])
    human = HumanPlayer(Console(width=100, color_system=None), read=lambda: next(answers))
    assert type(human.choose(view, legal)).__name__ in ("Announce", "Show")  # a move made
    assert human.choose(view, legal) == AskCoach(0)
