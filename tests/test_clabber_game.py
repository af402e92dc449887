"""Clabber as a game: the cut and the deal, naming trump in two rounds and the dead hand, trick
play through the engine (illegal plays refused with the rule, nothing changed), announcing and
showing melds in time, the bella, the count and the set, the end at 500, views, records, the
command line."""

import json

import attrs
import pytest
from click.testing import CliRunner

from pegline_clabber.actions import Announce, CutForDeal, Deal, Name, Pass, Play, Show
from pegline_clabber.bots import GreedyBot
from pegline_clabber.events import (
    BellaAnnounced,
    DealerChosen,
    HandCounted,
    HandDead,
    HandSettled,
    MeldsAnnounced,
    MeldsShown,
    TrickTaken,
    TrumpMade,
)
from pegline_clabber.machine import _STATE
from pegline_core import (
    Game,
    GameEnded,
    GameRecord,
    IllegalActionError,
    Input,
    RandomBot,
    Scored,
    VariantError,
    load_variant,
    parse_cards,
    play_game,
)
from pegline_core.app.cli import main
from pegline_core.turns import CHANCE

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

C = parse_cards


def stacked(dealer=0, variant="clabber"):
    """Deal B, dealer 0 (seat 1 leads): trump will be hearts, the turn card Q♥."""
    game = Game(variant, dealer=dealer)
    game.apply(Deal(12, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"),
                         C("AD KD QD AC KC TH"), C("QC 9S TS JD 9D TD")]))
    return game


def refused(game, action, message):
    """The action is refused with ``message`` and changes nothing."""
    before = (game.machine.snapshot(), game.log, game.legal_actions())
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert str(caught.value) == message
    assert (game.machine.snapshot(), game.log, game.legal_actions()) == before


def named(game):
    """Deal B with trump named: three passes, then the dealer plays the turn card's suit."""
    for seat in (1, 2, 3):
        game.apply(Pass(seat))
    game.apply(Name(0, "H"))
    return game


def finish_hand(game, players=None):
    players = players or [GreedyBot(seat) for seat in range(4)]
    hand = game.hand
    while game.hand == hand and game.to_act is not CHANCE and not game.over:
        seat = game.to_act[0]
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def events(game, cls):
    return [e for e in game.log if isinstance(e, cls)]


# -- the cut and the deal -----------------------------------------------------------------------


def test_the_lowest_cut_deals_and_a_tie_cuts_again():
    game = Game("clabber")
    assert game.phase == "cut" and game.to_act is CHANCE
    game.apply(CutForDeal(C("9S AH 9C KD")))       # an ace is low
    assert game.machine.dealer == 1 and game.phase == "deal"
    tie = Game("clabber")
    tie.apply(CutForDeal(C("9S TH 9C KD")))
    assert tie.phase == "cut" and events(tie, DealerChosen) == []


def test_first_jack_deals_under_that_key():
    variant = load_variant("clabber")
    variant = attrs.evolve(variant, settings=attrs.evolve(
        variant.settings, deal=attrs.evolve(variant.settings.deal, first_dealer="first-jack")))
    game = Game(variant)
    refused(game, CutForDeal(C("9S JH 9C")), "dealing for the first jack turns cards up to the "
                                              "first jack and no further")
    game.apply(CutForDeal(C("9S AH 9C KD TS JH")))
    assert game.machine.dealer == 1
    import random
    draw = Game(variant).chance_action(random.Random(3))
    assert [c.rank for c in draw.cards].index(11) == len(draw.cards) - 1


def test_the_deal_six_each_and_the_turn_card_is_the_dealers_sixth():
    game = stacked()
    assert game.hand == 1 and game.phase == "naming" and game.to_act == (1,)
    assert game.machine.turn_card == C("QH")[0] and game.view(2).turn_card == C("QH")[0]
    import random
    deal = Game("clabber", dealer=2).chance_action(random.Random(1))
    assert sorted(len(h) for h in deal.hands) == [6] * 4 and 4 <= deal.cut <= 20


@pytest.mark.parametrize("deal, message", [
    (Deal(3, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
              C("QC 9S TS JD 9D TD")]),
     "the cut leaves at least 4 cards in each packet: it lifts 4 to 20, not 3"),
    (Deal(12, [C("AH KH JC TC 9C"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
               C("QC 9S TS JD 9D TD")]), "the deal needs 6 cards for each of 4 seats"),
    (Deal(12, [C("AH KH JC TC 9C 2H"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
               C("QC 9S TS JD 9D TD")]), "2H is not in the 24-card deck"),
    (Deal(12, [C("AH KH JC TC 9C JH"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
               C("QC 9S TS JD 9D TD")]), "a card cannot be dealt twice"),
    (Deal(12, [("AH", *C("KH JC TC 9C QH")), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
               C("QC 9S TS JD 9D TD")]), "every card must be a Card (Deal.hands: expected a "
     "tuple of a tuple of a card, got the tuple (('AH', Card.parse('KH'), Card.parse(...)"),
])
def test_a_bad_deal_is_refused(deal, message):
    refused(Game("clabber", dealer=0), deal, message)


# -- naming trump -------------------------------------------------------------------------------


def test_round_one_plays_the_turn_cards_suit_holding_one():
    game = stacked()
    assert game.legal_actions() == [Pass(1), Name(1, "H")]
    refused(game, Name(1, "S"), "in the first round only the turn card's suit (♥) may be named")
    game.apply(Pass(1))
    game.apply(Pass(2))
    refused(game, Name(3, "H"), "seat 3 holds no ♥ and so cannot name it")
    refused(game, Pass(0), "it is seat 3's turn, not seat 0's")
    game.apply(Pass(3))
    assert game.legal_actions() == [Pass(0), Name(0, "H")]  # the dealer holds the turn card
    new = game.apply(Name(0, "H"))
    assert [type(e) for e in new] == [Input, TrumpMade]
    assert (new[1].trump, new[1].makers, new[1].round) == ("H", 0, 1)
    assert game.phase == "tricks" and game.to_act == (1,)


def test_round_two_names_another_suit_and_never_the_one_passed():
    game = stacked()
    for seat in (1, 2, 3, 0):
        game.apply(Pass(seat))
    assert game.machine.round == 2
    assert game.legal_actions() == [Pass(1), Name(1, "S")]
    refused(game, Name(1, "H"), "♥ was passed in the first round and cannot be named in the "
                                "second")
    refused(game, Name(1, "D"), "seat 1 holds no ♦ and so cannot name it")
    refused(game, Name(1, "X"), "a suit is one of C, D, H, S, not 'X'")
    game.apply(Pass(1))
    game.apply(Name(2, "D"))
    assert (game.machine.trump, game.machine.makers) == ("D", 0)


def test_a_dead_hand_is_dealt_again_by_the_same_dealer():
    game = stacked(dealer=0)
    for _ in range(8):
        new = game.apply(game.legal_actions()[0])  # pass, pass, ...
    assert isinstance(new[-1], HandDead) and new[-1].dealer == 0
    assert game.phase == "deal" and game.to_act is CHANCE and game.machine.dealer == 0
    assert game.scores == (0, 0) and events(game, Scored) == []
    game.apply(Deal(5, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"), C("AD KD QD AC KC TH"),
                        C("QC 9S TS JD 9D TD")]))
    assert game.hand == 2 and game.to_act == (1,)
    from pegline_clabber.display import EventPrinter

    printer = EventPrinter(game.variant)
    text = [line for event in game.log for line in printer.lines(event)]
    assert "  all pass twice: the hand is dead; seat 0 deals again" in text
    assert "== hand 2: seat 0 deals ==" in text and text.count("  seat 1 passes") == 2


# -- trick play ---------------------------------------------------------------------------------


def test_a_whole_hand_follow_trump_overtrump_partner_melds_and_bella():
    game = named(stacked())
    # trick 1: seat 1 announces its fifty and leads the A♠
    assert game.legal_actions() == [Announce(1), *(Play(1, c) for c in C("JH 9H AS KS QS JS"))]
    refused(game, Show(1), "melds are shown before one's play to the second trick")
    new = game.apply(Announce(1))
    assert [(m.rule, m.points, m.cards) for m in new[1].melds] == [("fifty", 50, ())]
    refused(game, Announce(1), "seat 1 has already announced")
    game.apply(Play(1, C("AS")[0]))
    # seat 2 cannot follow: it must trump with its only trump
    assert game.legal_actions() == [Announce(2), Play(2, C("TH")[0])]
    refused(game, Play(2, C("AD")[0]), "A♦ may not be played: you must trump: you cannot "
                                       "follow ♠ and hold 10♥")
    game.apply(Announce(2))
    game.apply(Play(2, C("TH")[0]))
    # seat 3 follows spades and need not head the trick: both spades; it announces nothing
    assert game.legal_actions() == [Announce(3), Play(3, C("9S")[0]), Play(3, C("TS")[0])]
    game.apply(Play(3, C("9S")[0]))
    # seat 0 must overtrump its partner's 10♥: only the A♥ does
    assert game.legal_actions() == [Announce(0), Play(0, C("AH")[0])]
    refused(game, Play(0, C("KH")[0]), "K♥ may not be played: you must overtrump: A♥ beats the "
                                       "10♥ in the trick")
    refused(game, Play(0, C("AS")[0]), "seat 0 does not hold AS")
    game.apply(Announce(0))
    new = game.apply(Play(0, C("AH")[0]))
    assert isinstance(new[-1], TrickTaken) and new[-1].actor == 0 and new[-1].number == 1
    # trick 2: seat 0 shows; its Q K A of trump announces the bella with it
    refused(game, Announce(0), "melds are announced before one's play to the first trick")
    new = game.apply(Show(0))
    assert [(m.rule, " ".join(map(str, m.cards))) for m in new[1].melds] == \
        [("dad", "9C TC JC"), ("dad", "QH KH AH")]
    assert isinstance(new[2], BellaAnnounced) and new[2].cards == C("QH KH")
    game.apply(Play(0, C("JC")[0]))
    game.apply(Show(1))
    game.apply(Play(1, C("9H")[0]))
    game.apply(Show(2))
    game.apply(Play(2, C("KC")[0]))           # following clubs, it need not head the trick
    refused(game, Show(3), "seat 3 announced no meld to show")
    assert game.legal_actions() == [Play(3, C("QC")[0])]
    game.apply(Play(3, C("QC")[0]))
    assert events(game, TrickTaken)[-1].actor == 1
    finish_hand(game)
    # the hand: 162 card points; team 1's fifty beats the 40-dollar dad, so only its melds score;
    # team 0's bella scores unless team 0 is set
    counted = events(game, HandCounted)
    assert sum(c.points for e in counted for c in e.breakdown
               if c.rule in ("card-points", "last-trick")) == 162
    melds = {e.side: [c.rule for c in e.breakdown if c.rule not in ("card-points",
                                                                     "last-trick")]
             for e in counted}
    assert melds == {0: ["bella"], 1: ["fifty"]}   # seat 3 announced no dad
    settled = events(game, HandSettled)[0]
    assert settled.made == (settled.totals[0] > settled.totals[1])
    scored = {side: sum(e.points for e in events(game, Scored) if e.side == side)
              for side in (0, 1)}
    assert scored == {0: settled.totals[0] if settled.made else 0, 1: settled.totals[1]}
    assert game.machine.dealer == 1 and game.phase == "deal"


def test_the_bella_is_announced_as_its_second_card_is_played():
    game = named(stacked())
    for seat, card in ((1, "AS"), (2, "TH"), (3, "9S"), (0, "AH")):   # nobody announces
        game.apply(Play(seat, C(card)[0]))
    for seat, card in ((0, "KH"), (1, "JH"), (2, "KC"), (3, "QC")):
        new = game.apply(Play(seat, C(card)[0]))
        assert not any(isinstance(e, BellaAnnounced) for e in new)
    while not events(game, BellaAnnounced):
        seat = game.to_act[0]
        card = C("QH")[0] if seat == 0 and Play(0, C("QH")[0]) in game.legal_actions() else None
        game.apply(Play(0, card) if card else game.legal_actions()[-1])
    bella = events(game, BellaAnnounced)[0]
    assert bella.actor == 0 and bella.cards == C("QH KH")
    assert game.log[bella.seq - 1].action == Play(0, C("QH")[0])


def test_melds_not_announced_or_not_shown_do_not_score():
    game = named(stacked())
    game.apply(Announce(1))
    game.apply(Play(1, C("AS")[0]))
    game.apply(Play(2, C("TH")[0]))
    game.apply(Play(3, C("9S")[0]))
    game.apply(Announce(0))
    game.apply(Play(0, C("AH")[0]))
    game.apply(Play(0, C("JC")[0]))          # seat 0 leads without showing
    refused(game, Show(0), "it is seat 1's turn, not seat 0's")
    finish_hand(game, [RandomBot(seat) for seat in range(4)])
    counted = {e.side: [c.rule for c in e.breakdown] for e in events(game, HandCounted)}
    assert not {"dad"} & set(counted[0])
    assert [e.actor for e in events(game, MeldsShown)] in ([], [1])
    assert [e.actor for e in events(game, MeldsAnnounced)] == [1, 0]


def test_wrong_phase_bad_seat_and_foreign_actions_are_refused():
    game = stacked()
    refused(game, Play(1, C("AS")[0]), "Play is not allowed in the naming phase")
    refused(game, Name(7, "H"), "no seat 7 at a table of 4")
    refused(game, Deal(12, []), "Deal is not allowed in the naming phase")
    refused(game, "play AS", "not an action of Clabber: 'play AS'")
    with pytest.raises(IllegalActionError, match="no chance action is due in the naming phase"):
        game.chance_action(__import__("random").Random(1))


# -- the end of the game ------------------------------------------------------------------------


def one_hand_points():
    """A made hand where both teams score, and the points each scores."""
    game = finish_hand(named(stacked()))
    points = tuple(sum(e.points for e in events(game, Scored) if e.side == s) for s in (0, 1))
    return game.inputs(), points


def replay_from(scores, inputs):
    game = Game("clabber", dealer=0)
    state = list(game.machine.snapshot())
    state[_STATE.index("scores")] = scores
    game.machine.restore(tuple(state))
    for action in inputs:
        game.apply(action)
    return game


def test_500_crossed_by_both_the_higher_total_wins_and_a_tie_plays_on():
    inputs, (p0, p1) = one_hand_points()
    assert p0 > 0 and p1 > 0
    both = replay_from((500 - p0 + 5, 500 - p1 + 30), inputs)
    assert both.over and both.result.winner.side == 1
    assert [(r.side, r.score, r.place) for r in both.result.results] == \
        [(1, 530, 1), (0, 505, 2)]
    tie = replay_from((510 - p0, 510 - p1), inputs)
    assert not tie.over and tie.scores == (510, 510) and tie.phase == "deal"
    one = replay_from((500 - p0, 0), inputs)
    assert one.over and one.result.winner.side == 0 and one.scores == (500, p1)


def test_a_whole_game_ends_at_500_and_nothing_follows():
    game = play_game("clabber", [GreedyBot(s) for s in range(4)], seed=11)
    assert game.over and isinstance(game.log[-1], GameEnded)
    assert max(game.scores) >= 500 and game.result.winner.score == max(game.scores)
    assert game.to_act == () and game.legal_actions() == []
    refused(game, Pass(0), "the game is over")


# -- views --------------------------------------------------------------------------------------


def test_a_view_shows_only_the_seats_own_hand_and_public_cards():
    game = stacked()
    named(game)
    game.apply(Announce(1))
    game.apply(Play(1, C("AS")[0]))
    for seat in range(4):
        view = game.view(seat)
        public = set(C("QH AS"))
        others = {c for s in range(4) if s != seat for c in game.machine.held[s]}
        seen = {c for value in view if isinstance(value, tuple)
                for c in value if type(c).__name__ == "Card"}
        seen |= {c for m in view.melds for c in m[3]}
        assert seen & others <= public, seat
        assert view.held == game.machine.held[seat]
        assert view.melds == ((1, "fifty", 50, ()),)   # announced: points only, no cards


def test_turned_tricks_are_hidden_unless_the_variant_shows_them():
    variant = load_variant("clabber")
    shows = attrs.evolve(variant, settings=attrs.evolve(
        variant.settings, play=attrs.evolve(variant.settings.play, show_turned_tricks=True)))
    for v, expected in ((variant, 0), (shows, 1)):
        game = named(stacked(variant=v))
        for seat, card in ((1, "AS"), (2, "TH"), (3, "9S"), (0, "AH")):
            game.apply(Play(seat, C(card)[0]))
        view = game.view(2)
        assert view.tricks_played == 1 and view.taken == (1, 0) and len(view.turned) == expected


# -- variants -----------------------------------------------------------------------------------


def test_the_variant_is_checked(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = ["clabber"]\n[table]\nplayers = 3\nteams = []\n'
                    '[deal]\nfirst_dealer = "high"\n[scoring]\ntarget = 0\n'
                    '[tournament]\nstandings = "elo"\n')
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    problems = [p.split(": ", 1)[1] for p in caught.value.problems]
    assert problems == ["table.players: the game is for 4 players, got 3",
                        "deal.first_dealer: must be one of cut, first-jack, got 'high'",
                        "tournament.standings: must be one of games-won, game-points, got 'elo'",
                        "scoring.target: must be from 1 to 5000, got 0"]
    path.write_text('extends = ["clabber"]\n[table]\nteams = [[0, 1], [2, 3]]\n')
    with pytest.raises(VariantError, match=r"partners sit opposite: teams must be \[\[0, 2\], "):
        load_variant(path)


# -- records and the command line ---------------------------------------------------------------


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_play_prints_a_whole_game():
    result = run("play", "--variant", "clabber", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("clabber: Evansville Clabber")
    for text in ("deals first", "== hand 1: seat 0 (greedy) deals ==", "cuts", "is dealt",
                 "turn card:", "passes", "trump is", "announces", "shows", "-- trick 6 to",
                 "counts", "card-points", "makers team", "set: XXX", "+0 set", "wins =="):
        assert text in out, text
    assert run("play", "--variant", "clabber", "--seed", "3").output == out


def test_play_json_log_save_and_replay_verify(tmp_path):
    log, save = tmp_path / "game.jsonl", tmp_path / "game.toml"
    result = run("play", "--variant", "clabber", "--seed", "8", "--bots", "random,greedy",
                 "--json", "--log", str(log), "--save", str(save))
    assert result.exit_code == 0, result.output
    printed = [json.loads(line) for line in result.output.splitlines()]
    header, *logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert header["game"] == "clabber" and printed == logged
    assert printed[-1]["type"] == "result"
    for path in (log, save):
        verified = run("replay", str(path), "--verify")
        assert verified.exit_code == 0 and "verified" in verified.output
    record = GameRecord.load(save)
    assert record.replay().log == GameRecord.load(log).replay().log


def test_a_human_game_marks_legal_cards_and_refuses_with_the_rule():
    answers = "".join(f"{word}\n" for word in ["pass", "y", "1", "2", "3", "4", "5", "6"] * 200)
    result = run("play", "--variant", "clabber", "--human", "--seed", "2", input=answers)
    out, screen = result.stdout, result.stderr  # the events, and the table with the prompts
    assert "(* may be played)" in screen and "Your hand:  1 " in screen and "╭" in screen
    assert "not allowed: you must" in screen
    assert "seat 0 (you)" in out and "(hidden)" in out and "Your hand" not in out


def test_simulate_reports_clabber():
    result = run("simulate", "--variant", "clabber", "--games", "4", "--workers", "1",
                 "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 4 and set(report["win_rates"]) == {"greedy", "random"}
    assert "points_per_hand" not in report
    own = report["game_statistics"]
    hands = own["hands"]
    assert hands["made"] + hands["set"] + hands["dead"] + hands["renege"] + hands["void"] \
        == hands["dealt"] == report["hands_per_game"]["mean"] * 4
    assert own["makers"]["success_rate"] + own["makers"]["set_rate"] == pytest.approx(1)
    per_hand = own["points_per_hand"]
    assert per_hand["card-points"] + per_hand.get("last-trick", 0) <= 162


def test_a_saved_game_resumes_to_the_end(tmp_path):
    import random

    game, rng = Game("clabber"), random.Random(1)
    bots = [GreedyBot(seat) for seat in range(4)]
    while game.hand < 3:
        to_act = game.to_act
        game.apply(game.chance_action(rng) if to_act is CHANCE else
                   bots[to_act[0]].choose(game.view(to_act[0]), game.legal_actions(to_act[0])))
    path = tmp_path / "partial.toml"
    GameRecord.of(game, seed=1).save(path)
    result = run("play", "--resume", str(path))
    assert result.exit_code == 0, result.output
    assert f"resumed from {path}: hand 3, phase naming" in result.output
    assert "wins ==" in result.output
    finished = GameRecord.load(path)
    assert finished.verify() is None and finished.replay().over
    assert finished.replay().log[:len(game.log)] == game.log


def test_a_round_robin_between_bot_teams_ranks_by_the_variants_standings():
    from pegline_clabber.tournament import round_robin

    variant = load_variant("clabber")
    table = round_robin(variant, ["random", "greedy"], games=4, seed=3)
    assert [s.played for s in table] == [4, 4] and sum(s.won for s in table) == 4
    assert (table[0].won, table[0].game_points) >= (table[1].won, table[1].game_points)
    by_points = attrs.evolve(variant, settings=attrs.evolve(
        variant.settings, tournament=attrs.evolve(variant.settings.tournament,
                                                  standings="game-points")))
    table = round_robin(by_points, ["random", "greedy"], games=4, seed=3)
    assert table[0].game_points >= table[1].game_points
    result = run("simulate", "--variant", "clabber", "--round-robin", "--bots", "greedy,random",
                 "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    assert sorted(s["entrant"] for s in json.loads(result.output)) == ["greedy", "random"]
    result = run("simulate", "--round-robin", "--games", "2")
    assert result.exit_code == 2
    assert "game 'cribbage' does not implement pegline_round_robin: it has no round robin" \
        in result.output
    result = run("simulate", "--variant", "clabber", "--round-robin", "--bots", "greedy")
    assert result.exit_code == 1 and "a round robin needs two or more different bots" in \
        result.output


@pytest.mark.parametrize("answers, code, how", [("pass\nquit\n", 0, "quit"), ("pass\n", 1, "")])
def test_a_human_leaves_and_the_game_is_saved_for_a_resume(tmp_path, answers, code, how):
    path = tmp_path / "mine.toml"
    result = run("play", "--variant", "clabber", "--human", "--seed", "2", "--save", str(path),
                 input=answers * 1)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and "Aborted" not in result.output
    record = GameRecord.load(path)
    assert record.verify() is None and not record.replay().over


def test_playing_md_names_every_word_clabbers_terminal_takes():
    # `compare` was left out: the guide's list stopped at help, score and quit
    from pathlib import Path

    from pegline_clabber.terminal import WORDS

    doc = (Path(__file__).parents[1] / "docs" / "playing.md").read_text(encoding="utf-8")
    section = doc.split("### Clabber at the terminal", 1)[1].split("\n### ", 1)[0]
    assert [word for word in WORDS if f"`{word}`" not in section] == []
