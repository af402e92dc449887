"""Every shipped variant played (docs/rules-of-play.md, "Variants"): scripted deals for its rules,
bots to the end."""

from pathlib import Path

import attrs
import pytest

from pegline_core import GameEnded, Input, RandomBot, Scored, load_variant, play_game
from pegline_cribbage.actions import Go, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.events import CountReset, HandShown
from pegline_cribbage.scripts import Script

THREE = (Path(__file__).with_name("records") / "three-player-goes.toml").read_text()


def pegging(game):
    """The pegging as (seat, what) tuples: plays, goes, scores, resets."""
    out = []
    for e in game.log:
        if e.phase != "pegging":
            continue
        if isinstance(e, Input) and isinstance(e.action, Play):
            out.append((e.actor, str(e.action.card)))
        elif isinstance(e, Input) and isinstance(e.action, Go):
            out.append((e.actor, "go"))
        elif isinstance(e, Scored):
            out.append((e.actor, e.rule, e.points))
        elif isinstance(e, CountReset):
            out.append(("reset", e.count))
    return out


def test_three_player_deal_crib_lead_goes_and_show_order():
    game = Script.from_toml(THREE).replay()
    assert game.variant.settings.hand_size() == 4 and len(game.machine.crib) == 4
    assert pegging(game) == [
        (0, "TH"), (1, "TS"), (1, "peg-pair", 2), (2, "7H"),
        (0, "go"),                      # seat 0 cannot play at 27; seat 1 still can
        (1, "4D"), (1, "peg-thirty-one", 2), ("reset", 31),
        (2, "5S"),                      # the seat after the one who made 31 leads
        (0, "KH"), (0, "peg-fifteen", 2), (1, "8S"), (2, "6D"),
        (0, "go"), (1, "go"),           # two players cannot play; the third plays on
        (2, "AH"), (2, "go", 1), ("reset", 30),
        (0, "9C"), (1, "3H"),           # seat 2 is out of cards and is passed over
        (0, "8C"), (0, "last-card", 1), ("reset", 20),
    ]
    shows = [(e.actor, e.crib) for e in game.log if isinstance(e, HandShown)]
    assert shows == [(0, False), (1, False), (2, False), (2, True)]


def test_three_player_strict_go_ends_the_series_after_two_goes():
    strict = load_variant("three-player")
    settings = strict.settings
    strict = attrs.evolve(strict, settings=attrs.evolve(
        settings, pegging=attrs.evolve(settings.pegging, strict_go=True)))
    script = Script.from_toml(THREE.replace('"AH", "9C", "3H", "8C"', '"9C", "3H", "AH", "8C"'))
    from pegline_core import Game

    game = script.replay(Game(strict, dealer=2))
    assert pegging(game)[13:] == [
        (0, "go"), (1, "go"), (2, "go", 1), ("reset", 29),   # seat 2 never gets to play its ace
        (0, "9C"), (1, "3H"), (2, "AH"), (0, "8C"), (0, "last-card", 1), ("reset", 21),
    ]


PARTNER = '''
variant = "partner"
dealer = 3
[[hands]]
dealt = [["TH", "2C", "KC", "QC", "AC"], ["8S", "9D", "TD", "JD", "AS"],
         ["6H", "2D", "KH", "QH", "3C"], ["9S", "TS", "JS", "QS", "3D"]]
discards = [["AC"], ["AS"], ["3C"], ["3D"]]
starter = "4C"
plays = ["TH", "8S", "6H", "2C", "2D", "9S", "KC", "9D", "KH", "TS", "QC", "TD", "QH", "JS",
         "JD", "QS"]
'''


def test_partners_score_together_and_off_each_others_cards():
    game = Script.from_toml(PARTNER).replay()
    assert pegging(game)[:9] == [
        (0, "TH"), (1, "8S"), (2, "6H"), (3, "go"), (0, "2C"), (1, "go"),
        (2, "2D"), (2, "peg-pair", 2),  # seat 2 pairs its partner's two
        (2, "go", 1),
    ]
    team_points = {0: 0, 1: 0}
    for e in game.log:
        if isinstance(e, Scored) and e.phase == "pegging":
            assert e.side == game.variant.side_of(e.actor)
            team_points[e.side] += e.points
    assert team_points == {0: 4, 1: 6}
    shows = [e.actor for e in game.log if isinstance(e, HandShown)]
    assert shows == [0, 1, 2, 3, 3], "clockwise from the dealer's left, the dealer last, the crib"


FIVE = '''
variant = "five-card-traditional"
dealer = 1
[[hands]]
dealt = [["TH", "5H", "9C", "2C", "3C"], ["TS", "KS", "QS", "7D", "8D"]]
discards = [["2C", "3C"], ["7D", "8D"]]
starter = "4D"
plays = ["TH", "TS", "5H"]
'''


def test_five_card_three_for_last_short_pegging_and_three_card_flush():
    game = Script.from_toml(FIVE).replay()
    first = [e for e in game.log if isinstance(e, Scored)][0]
    assert (first.actor, first.rule, first.points, first.hand) == (0, "three-for-last", 3, 0)
    # at 25 neither can play (KS QS, 9C): the series ends, and with it the old game's pegging
    assert pegging(game) == [(0, "TH"), (1, "TS"), (1, "peg-pair", 2), (0, "5H"),
                             (0, "go", 1), ("reset", 25)]
    shows = {(e.actor, e.crib): e.points for e in game.log if isinstance(e, HandShown)}
    assert shows[(1, False)] == 3, "TS KS QS: a three-card flush without the starter"
    assert shows[(0, False)] == 2


def test_five_card_pegging_stops_with_cards_unplayed():
    game = Script.from_toml(FIVE).replay()
    plays = [e for e in game.log if isinstance(e, Input) and isinstance(e.action, Play)]
    assert len(plays) == 3 and game.phase == "deal"
    shown = [e.cards for e in game.log if isinstance(e, HandShown) and e.actor == 1][0]
    assert len(shown) == 3, "the unplayed KS and QS still count in the show"


def test_five_card_quick_three_card_crib_needs_starter_for_a_flush():
    text = '''
variant = "five-card"
dealer = 1
[[hands]]
dealt = [["2H", "9C", "JC", "KD", "QS"], ["4H", "8C", "TD", "KC", "AS"]]
crib = ["6H"]
discards = [["2H"], ["4H"]]
starter = "%s"
'''
    for starter, flush in (("9H", True), ("9S", False)):
        game = Script.from_toml(text % starter).replay()
        crib = game.machine.crib
        assert len(crib) == 3 and set(map(str, crib)) == {"6H", "2H", "4H"}
        game2 = Script.from_toml(text % starter + 'plays = ["9C", "8C", "JC", "AS", "KD", "TD",'
                                 ' "QS", "KC"]\n').replay()
        scores = [e for e in game2.log if isinstance(e, Scored) and e.rule == "show-flush"
                  and e.actor == 1]
        assert bool(scores) is flush


def test_three_player_lowball_ranks_the_others_by_lowest_score():
    variant = load_variant("three-player", overlays=["lowball"])
    game = play_game(variant, [GreedyBot(), RandomBot(1), RandomBot(2)], seed=6)
    result = game.result
    assert result.lowball
    assert result.results[-1].score >= 61, "the first to reach the target is last"
    others = [r.score for r in result.results[:-1]]
    assert others == sorted(others)


def test_multi_player_skunks_mark_each_loser_by_its_own_score():
    variant = load_variant("three-player")
    for seed in range(40):
        game = play_game(variant, [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)],
                         seed=seed)
        for r in game.result.results[1:]:
            assert r.mark == ("lurch" if r.score < 31 else "")


def test_a_game_can_end_in_the_middle_of_pegging_and_of_a_show():
    phases = set()
    variant = load_variant("three-player")
    for seed in range(40):
        game = play_game(variant, [RandomBot(seed)] * 3, seed=seed)
        phases.add(game.result.phase)
    assert {"pegging", "show"} <= phases


SHIPPED = ["two-player", "two-player-61", "three-player", "partner", "five-card-traditional",
           "five-card", "five-card-quick", "lowball", "muggins", "around-the-corner", "stink-hole", "late-caps",
           "pegging-flush"]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_variant_plays_to_the_end(name):
    variant = load_variant(name)
    n = variant.table.players
    for seed in range(12):
        game = play_game(variant, [RandomBot(seed * 10 + s) for s in range(n)], seed=seed)
        assert isinstance(game.log[-1], GameEnded)
        totals = [0] * len(variant.sides)
        for e in game.log:
            if isinstance(e, Scored):
                totals[e.side] += e.points
        assert tuple(totals) == game.scores
        assert max(totals) >= variant.settings.scoring.target
        ends = [e for e in game.log if isinstance(e, CountReset)]
        assert all(0 < e.count <= 31 for e in ends)


def test_overlays_combine_in_a_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = ["three-player", "lowball"]\n[scoring]\ntarget = 121\n[[skunk]]\n'
                    'name = "skunk"\nbelow = 91\ngame_points = 3\n')
    variant = load_variant(path)
    assert (variant.table.players, variant.settings.scoring.lowball,
            variant.settings.scoring.target) == (3, True, 121)
    game = play_game(variant, [RandomBot(s) for s in range(3)], seed=1)
    assert game.result.results[-1].score >= 121
