"""The calling window of ``clabber-renege``: once the last trick is complete, and before it is
turned and the hand counted, each seat in turn from the dealer's left calls a renege or lets the
hand stand. So a renege that only the last trick reveals can still be called and proved."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegline_clabber.actions import (
    Announce,
    CallRenege,
    Deal,
    LetStand,
    Name,
    Pass,
    Play,
    Show,
)
from pegline_clabber.bots import GreedyBot, provable_reneges
from pegline_clabber.cards import DECK
from pegline_clabber.events import HandCounted, HandSettled, RenegeCalled, RenegesVoid, TrickTaken
from pegline_core import (
    Game,
    GameRecord,
    Input,
    RandomBot,
    Ruleset,
    Scored,
    load_variant,
    parse_cards,
)
from pegline_core.turns import CHANCE
from tests.test_clabber_game import refused

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

C = parse_cards
RENEGE = load_variant("clabber-renege")
RULESET = Ruleset(RENEGE)
HANDS = [C("9S KD KC QH QC JC"), C("JH 9H TH AS TD TC"), C("AC TS 9C QS KS AD"),
         C("QD KH AH 9D JS JD")]
"""Dealer 0 (turn card J♣); seat 2 plays clubs in round 1."""
FIRST_FOUR = ("1 pass, 2 C, 1 announce, 1 AS, 2 QS, 3 JS, 0 announce, 0 9S, 1 show, 1 9H, 2 AC, "
              "3 KH, 0 show, 0 QH, 2 AD, 3 9D, 0 KD, 1 TD, 2 KS, 3 JD, 0 QC, 1 TC")
RENEGED = "1 JH, 2 9C, 3 QD, 0 JC, 0 KC, 1 TH, 2 TS, 3 AH"
"""Trick 5: seat 3 throws Q♦ on the J♥ led while holding A♥, which only its last card, the
last card of the hand, shows: seat 0 and seat 2 have no turn to play left by then."""
CLEAN = "1 JH, 2 9C, 3 AH, 0 JC, 0 KC, 1 TH, 2 TS, 3 QD"


def move(text):
    seat, what = text.split()
    seat = int(seat)
    words = {"pass": Pass, "announce": Announce, "show": Show}
    if what in words:
        return words[what](seat)
    return Name(seat, what) if what in "CDHS" else Play(seat, C(what)[0])


def played(moves, hands=HANDS):
    game = Game(RENEGE, dealer=0, ruleset=RULESET)
    game.apply(Deal(14, hands))
    for text in moves.split(", "):
        game.apply(move(text))
    return game


def seq_of(game, seat, card):
    return next(e.seq for e in game.log if isinstance(e, Input)
                and e.action == Play(seat, C(card)[0]))


def test_after_the_last_trick_each_seat_from_the_dealers_left_may_call_or_let_it_stand():
    game = played(f"{FIRST_FOUR}, {CLEAN}")
    assert isinstance(game.log[-1], TrickTaken) and game.log[-1].number == 6
    assert game.phase == "calling" and game.scores == (0, 0)
    for seat in (1, 2, 3, 0):
        assert game.to_act == (seat,)
        legal = game.legal_actions(seat)
        assert legal[0] == LetStand(seat)
        targets = {game.log[a.target].actor for a in legal[1:]}
        assert all(isinstance(a, CallRenege) for a in legal[1:]) and targets
        assert {t % 2 for t in targets} == {1 - seat % 2}     # the other team's plays and naming
        assert game.legal_actions((seat + 1) % 4) == []
        game.apply(LetStand(seat))
    counted = [e for e in game.log if isinstance(e, HandCounted)]
    assert sum(c.points for e in counted for c in e.breakdown
               if c.rule in ("card-points", "last-trick")) == 162
    assert game.phase == "deal" and game.machine.dealer == 1


def test_a_renege_the_last_trick_reveals_is_called_in_the_window_and_proved():
    game = played(f"{FIRST_FOUR}, {RENEGED}")
    offence = seq_of(game, 3, "QD")
    # seat 2 could not prove it at its last play: seat 3 still held the A♥ unseen
    assert game.phase == "calling"
    assert provable_reneges(game.view(2)) == [offence] == provable_reneges(game.view(0))
    game.apply(LetStand(1))
    assert GreedyBot(2).choose(game.view(2), game.legal_actions(2)) == CallRenege(2, offence)
    new = game.apply(CallRenege(2, offence))
    called = new[1]
    assert isinstance(called, RenegeCalled) and called.proved and called.offender == 1
    assert called.reason == "Q♦ may not be played: you must follow suit: ♥ was led and you hold A♥"
    scored = [(e.side, e.rule, e.points) for e in new if isinstance(e, Scored)]
    # seat 0's announced sequence, and its bella, announced as its second card was played
    assert scored == [(0, "dad", 20), (0, "bella", 20), (0, "renege", 162)]
    assert game.scores == (202, 0) and game.phase == "deal" and game.machine.dealer == 1
    assert not any(isinstance(e, HandCounted | HandSettled) for e in game.log)


def test_a_false_call_in_the_window_is_disproved_and_is_the_callers_renege():
    game = played(f"{FIRST_FOUR}, {CLEAN}")
    game.apply(LetStand(1))
    assert provable_reneges(game.view(2)) == []
    assert GreedyBot(2).choose(game.view(2), game.legal_actions(2)) == LetStand(2)
    new = game.apply(CallRenege(2, seq_of(game, 3, "AH")))
    assert not new[1].proved and new[1].offender == 0
    assert new[1].reason == "seat 2 called a renege that the log disproves"
    assert [(e.side, e.rule, e.points) for e in new if isinstance(e, Scored)] == [
        (1, "dad", 20), (1, "renege", 162)]
    assert game.scores == (0, 182)


def test_a_false_call_against_a_team_that_reneged_voids_the_hand():
    game = played(f"{FIRST_FOUR}, {RENEGED}")
    game.apply(LetStand(1))
    new = game.apply(CallRenege(2, seq_of(game, 1, "TH")))   # its last card: forced
    assert not new[1].proved and isinstance(new[2], RenegesVoid)
    assert game.scores == (0, 0) and game.phase == "deal" and game.machine.dealer == 0


def test_bad_calls_in_the_window_are_refused_and_change_nothing():
    game = played(f"{FIRST_FOUR}, {RENEGED}")
    offence, own = seq_of(game, 3, "QD"), seq_of(game, 0, "KC")
    refused(game, CallRenege(2, offence), "it is seat 1's turn, not seat 2's")
    refused(game, LetStand(3), "it is seat 1's turn, not seat 3's")
    refused(game, LetStand(9), "no seat 9 at a table of 4")
    refused(game, Play(1, C("TH")[0]), "Play is not allowed in the calling phase")
    refused(game, Pass(1), "Pass is not allowed in the calling phase")
    game.apply(LetStand(1))
    for target in (own, offence + 2, 10_000, -1):
        refused(game, CallRenege(2, target), "seat 2 may call a renege only on a play or call "
                f"of this hand by the other team, not on event {target}")
    refused(game, CallRenege(2, "36"), "CallRenege.target: expected an integer, got the "
                                       "string '36'")  # refused as the action enters


def test_the_window_is_only_where_reneges_stand():
    strict = Game("clabber", dealer=0)
    strict.apply(Deal(14, HANDS))
    for text in f"{FIRST_FOUR}, {CLEAN}".split(", "):
        strict.apply(move(text))
    assert strict.phase == "deal" and not strict.legal_actions()
    refused(strict, LetStand(1), "LetStand is not allowed in the deal phase")
    game = played(FIRST_FOUR)
    refused(game, LetStand(1), "LetStand is not allowed in the tricks phase")


def test_a_naming_renege_is_provable_once_the_namer_has_played_every_card():
    game = Game(RENEGE, dealer=0, ruleset=RULESET)
    game.apply(Deal(14, HANDS))
    for seat in (1, 2, 3, 0, 1):
        game.apply(Pass(seat))
    named = game.apply(Name(2, "H"))[0].seq              # seat 2 holds no heart
    bots = [GreedyBot(seat) for seat in range(4)]
    while game.phase == "tricks":
        seat = game.to_act[0]
        legal = [a for a in game.legal_actions(seat) if not isinstance(a, CallRenege)]
        assert (named in provable_reneges(game.view(1))) == (not game.machine.held[2])
        game.apply(bots[seat].choose(game.view(seat), legal))
    assert game.view(1).named == named and named in provable_reneges(game.view(1))
    assert named not in provable_reneges(game.view(0))      # its own team's
    assert GreedyBot(1).choose(game.view(1), game.legal_actions(1)) == CallRenege(1, named)
    new = game.apply(CallRenege(1, named))
    assert new[1].proved and new[1].reason == "seat 2 holds no ♥ and so cannot name it"


def test_a_record_with_window_calls_replays_and_verifies():
    game = played(f"{FIRST_FOUR}, {RENEGED}")
    game.apply(LetStand(1))
    game.apply(CallRenege(2, seq_of(game, 3, "QD")))
    record = GameRecord.from_toml(GameRecord.of(game, seed=None).to_toml())
    assert record.verify() is None
    assert Game.from_inputs(RENEGE, game.inputs(), dealer=0).log == game.log


def hands_of(game):
    found = {}
    for event in game.log:
        found.setdefault(event.hand, []).append(event)
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(["sloppy", "random", "mixed"]))
def test_whole_games_with_reneges_keep_the_score_and_replay(seed, kind):
    """Whatever the players do: every hand ends in a count after a window in which all four let
    it stand (162 card points), a proved or false call, both teams' reneges, or a dead hand; no
    card is played twice; scores are the sums of score events; the record verifies."""
    rng = random.Random(seed)
    make = {"sloppy": lambda s: GreedyBot(s, mistakes=0.2), "random": RandomBot,
            "mixed": (lambda s: GreedyBot(s, mistakes=0.2) if s % 2 else RandomBot(s))}[kind]
    players = [make(seed + seat) for seat in range(4)]
    game, dealers = Game(RENEGE, ruleset=RULESET), {}
    while not game.over:
        if game.to_act is CHANCE:
            dealers[game.hand + 1] = game.machine.dealer
            game.apply(game.chance_action(rng))
        else:
            seat = game.to_act[0]
            game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    for side in (0, 1):
        assert game.scores[side] == sum(e.points for e in game.log
                                        if isinstance(e, Scored) and e.side == side)
    for number, events in hands_of(game).items():
        if number == 0:
            continue
        inputs = [e.action for e in events if isinstance(e, Input)]
        plays = [a.card for a in inputs if isinstance(a, Play)]
        assert len(plays) == len(set(plays)) and set(plays) <= set(DECK)
        calls = [e for e in events if isinstance(e, RenegeCalled)]
        stands = [a.seat for a in inputs if isinstance(a, LetStand)]
        counted = [e for e in events if isinstance(e, HandCounted)]
        if counted:
            assert not calls and len(plays) == 24
            dealer = dealers[number]
            assert stands == [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]
            assert sum(c.points for e in counted for c in e.breakdown
                       if c.rule in ("card-points", "last-trick")) == 162
        else:
            assert len(calls) <= 1 and len(stands) < 4
    assert Game.from_inputs(RENEGE, game.inputs(), ruleset=RULESET).log == game.log
    record = GameRecord.from_toml(GameRecord.of(game, seed=seed).to_toml())
    assert record.verify() is None


def test_at_the_terminal_the_window_takes_a_call_or_stand():
    from rich.console import Console

    from pegline_clabber.terminal import HumanPlayer

    game = played(f"{FIRST_FOUR}, {RENEGED}")
    offence = seq_of(game, 3, "QD")
    game.apply(LetStand(1))
    console = Console(width=100, color_system=None)
    answers = iter(["3", "renege 5", f"renege {offence}"])
    with console.capture() as screen:
        move = HumanPlayer(console, read=lambda: next(answers)).choose(game.view(2),
                                                                        game.legal_actions(2))
    assert move == CallRenege(2, offence)
    out = screen.get()
    assert "Last trick complete: any renege to call?  Tricks taken: yours 4, theirs 2." in out
    assert "not allowed: type 'renege N' to call a renege, or stand" in out
    assert "not allowed: call one of: " in out
    answers = iter(["stand"])
    assert HumanPlayer(console, read=lambda: next(answers)).choose(
        game.view(2), game.legal_actions(2)) == LetStand(2)
