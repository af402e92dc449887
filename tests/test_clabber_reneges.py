"""Clabber with renege calls (``clabber-renege``): illegal plays and calls stand until someone
calls them; the engine proves or disproves a call from the log; a proved renege gives the other
team 162 and its melds, a false call is the caller's team's renege, and when both teams renege
the hand is void and the same dealer deals again."""

import random

import pytest

from pegline_clabber.actions import Announce, CallRenege, Deal, Name, Pass, Play
from pegline_clabber.bots import GreedyBot, provable_reneges
from pegline_clabber.events import HandCounted, RenegeCalled, RenegesVoid
from pegline_core import Game, Input, RandomBot, Scored, load_variant, parse_cards
from tests.test_clabber_game import events, refused

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

C = parse_cards
RENEGE = load_variant("clabber-renege")


def stacked():
    """Deal B (dealer 0), trump hearts named by the dealer; seat 1 announces and leads A♠."""
    game = Game(RENEGE, dealer=0)
    game.apply(Deal(12, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"),
                         C("AD KD QD AC KC TH"), C("QC 9S TS JD 9D TD")]))
    for seat in (1, 2, 3):
        game.apply(Pass(seat))
    game.apply(Name(0, "H"))
    game.apply(Announce(1))
    game.apply(Play(1, C("AS")[0]))
    return game


def play(game, seat, card):
    return game.apply(Play(seat, C(card)[0]))[0].seq


def test_the_variant_allows_any_card_and_offers_calls_on_the_other_team():
    game = stacked()
    legal = game.legal_actions()
    assert [a.card for a in legal if isinstance(a, Play)] == list(C("AD KD QD AC KC TH"))
    calls = [a for a in legal if isinstance(a, CallRenege)]
    assert [game.log[c.target].action for c in calls] == [Play(1, C("AS")[0])]


def test_a_proved_renege_ends_play_and_the_other_team_scores_162_and_its_melds():
    game = stacked()
    seq = play(game, 2, "AD")                          # it had to trump with the 10♥
    assert isinstance(game.log[9].action, Play) and game.log[9].actor == 1   # its partner's
    for not_theirs in (9, 6, 99):
        refused(game, CallRenege(3, not_theirs), "seat 3 may call a renege only on a play or "
                f"call of this hand by the other team, not on event {not_theirs}")
    new = game.apply(CallRenege(3, seq))
    called = new[1]
    assert isinstance(called, RenegeCalled) and called.proved and called.offender == 0
    assert called.reason == ("A♦ may not be played: you must trump: you cannot follow ♠ and "
                             "hold 10♥")
    scored = [(e.side, e.rule, e.points) for e in new if isinstance(e, Scored)]
    assert scored == [(1, "fifty", 50), (1, "renege", 162)]   # seat 1 announced its fifty
    assert game.scores == (0, 212) and game.phase == "deal" and game.machine.dealer == 1
    assert events(game, HandCounted) == []


def test_a_false_call_is_the_callers_renege():
    game = stacked()
    seq = play(game, 2, "TH")                          # legal: it trumped
    new = game.apply(CallRenege(3, seq))
    assert not new[1].proved and new[1].offender == 1
    assert [(e.side, e.rule, e.points) for e in new if isinstance(e, Scored)] == [(0, "renege",
                                                                                    162)]


def test_both_teams_renege_no_score_and_the_same_dealer_deals_again():
    game = stacked()
    play(game, 2, "AD")                                # team 0 reneges (must trump)
    seq = play(game, 3, "QC")                          # team 1 reneges (must follow spades)
    new = game.apply(CallRenege(0, seq))
    assert new[1].proved and isinstance(new[2], RenegesVoid) and new[2].dealer == 0
    assert game.scores == (0, 0) and game.phase == "deal" and game.machine.dealer == 0


def test_round_two_naming_the_round_one_suit_is_a_renege_to_call():
    game = Game(RENEGE, dealer=0)
    game.apply(Deal(12, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"),
                         C("AD KD QD AC KC TH"), C("QC 9S TS JD 9D TD")]))
    for seat in (1, 2, 3, 0):
        game.apply(Pass(seat))
    seq = game.apply(Name(1, "H"))[0].seq             # refused in the strict game
    game.apply(Play(1, C("AS")[0]))                   # a call waits for the caller's turn
    new = game.apply(CallRenege(2, seq))
    assert new[1].proved
    assert new[1].reason == "♥ was passed in the first round and cannot be named in the second"


def test_the_strict_game_has_no_calls():
    game = Game("clabber", dealer=0)
    refused(game, CallRenege(0, 0), "this variant refuses illegal actions: there are no reneges "
                                    "to call")


def test_the_greedy_bot_calls_what_later_plays_prove():
    game = stacked()
    seq = play(game, 2, "AD")
    play(game, 3, "9S")
    play(game, 0, "AH")
    view = game.view(1)
    assert provable_reneges(view) == []                # seat 2's 10♥ is not played yet
    game.apply(Play(0, C("JC")[0]))
    game.apply(Play(1, C("9H")[0]))
    play(game, 2, "TH")
    assert provable_reneges(game.view(3)) == [seq]
    assert GreedyBot(3).choose(game.view(3), game.legal_actions()) == CallRenege(3, seq)


@pytest.mark.parametrize("seed", range(12))
def test_games_with_sloppy_and_random_players_keep_the_score_and_replay(seed):
    from pegline_core import play_game

    bots = [GreedyBot(seed, mistakes=0.2), RandomBot(seed)] * 2
    rng = random.Random(seed)
    rng.shuffle(bots)
    game = play_game(RENEGE, bots, seed=seed)
    assert game.over
    for side in (0, 1):
        assert game.scores[side] == sum(e.points for e in game.log
                                        if isinstance(e, Scored) and e.side == side)
    assert Game.from_inputs(RENEGE, game.inputs()).log == game.log
    calls = [e for e in game.log if isinstance(e, Input) and isinstance(e.action, CallRenege)]
    assert len(calls) == len(events(game, RenegeCalled))


def test_a_human_may_renege_and_call_reneges():
    from click.testing import CliRunner

    from pegline_core.app.cli import main

    answers = "".join(f"{w}\n" for w in ["renege 1", "renege", "pass", "y", "1", "2", "3", "4",
                                         "5", "6"] * 200)
    result = CliRunner().invoke(main, ["play", "--variant", "clabber-renege", "--human",
                                       "--seed", "4", "--bots", "sloppy"], input=answers)
    out = result.output
    assert "(or 'renege N' to call a renege on the other team's play N:" in out
    assert "call one of: " in out
    assert "it stands unless the other team calls it" in out


@pytest.mark.parametrize("seed", range(4))
def test_the_printer_follows_the_dealer_through_reneges(seed):
    """The turn card a human's --json stream shows is the true dealer's, hand after hand."""
    from pegline_clabber.display import EventPrinter
    from pegline_clabber.redaction import ClabberRedactor
    from pegline_core import play_game

    game = play_game(RENEGE, [GreedyBot(s, mistakes=0.3) for s in range(4)], seed=seed)
    assert any(isinstance(e, RenegeCalled) for e in game.log)
    printer, redactor = EventPrinter(RENEGE), ClabberRedactor(4, reveal={0})
    replay, checked = Game(RENEGE), 0
    for event in game.log:
        printer.lines(event)
        redacted = redactor.redact(game.codec.to_dict(event))
        if isinstance(event, Input):
            if isinstance(event.action, Deal):
                dealer = replay.machine.dealer
                assert printer.dealer == redactor.track.dealer == dealer
                assert redacted["hands"][dealer][-1] == str(event.action.hands[dealer][-1])
                checked += 1
            replay.apply(event.action)
    assert checked == game.hand


# -- the renege penalty, over many games (issue 27) -----------------------------------------------

PENALTY_GAMES = 40


def _penalties(seed):
    """Each renege call of a sloppy game that was not void: (what the innocent side scored for the
    hand, what the rule gives it: 162, the melds its players announced by the call and its bella
    if announced by the call), and what the reneging side scored."""
    from pegline_clabber.events import BellaAnnounced, MeldsAnnounced, RenegeCalled, RenegesVoid
    from pegline_core import Game, Scored, play_game
    from pegline_core.app.bot_specs import bots_for

    game = Game("clabber-renege")
    sloppy = bots_for(game)["sloppy"]
    play_game(game.variant, [sloppy(seed + seat) for seat in range(4)], seed=seed, game=game)
    found, announced, call = [], {}, None
    call_outcome: list[int] = []
    for event in game.log:
        if call is not None and event.hand != call.hand:
            found.append(call_outcome)
            call = None
        if isinstance(event, MeldsAnnounced):
            announced[(event.hand, event.actor % 2)] = announced.get(
                (event.hand, event.actor % 2), 0) + sum(m.points for m in event.melds)
        elif isinstance(event, BellaAnnounced):
            announced[(event.hand, event.actor % 2)] = announced.get(
                (event.hand, event.actor % 2), 0) + 20
        elif isinstance(event, RenegeCalled):
            innocent = 1 - event.offender
            call = event
            call_outcome = [0, 162 + announced.get((event.hand, innocent), 0), 0]
        elif isinstance(event, RenegesVoid):
            call = None
        elif isinstance(event, Scored) and call is not None:
            call_outcome[0 if event.side != call.offender else 2] += event.points
    return found + ([call_outcome] if call is not None else [])


def test_the_renege_penalty_is_162_the_announced_melds_and_the_announced_bella():
    outcomes = [outcome for seed in range(PENALTY_GAMES) for outcome in _penalties(seed)]
    assert len(outcomes) > 40
    wrong = [outcome for outcome in outcomes if outcome[0] != outcome[1] or outcome[2]]
    assert not wrong, wrong
