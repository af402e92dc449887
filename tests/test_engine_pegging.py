"""Pegging through the engine (docs/rules-of-play.md, "Pegging"), from scripted deals."""

from pathlib import Path

import pytest

from pegline_core import Input, Scored
from pegline_core.cards import Card
from pegline_cribbage.actions import Go, Play
from pegline_cribbage.combinations import pip
from pegline_cribbage.events import CountReset
from pegline_cribbage.scripts import Script

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

RECORDS = Path(__file__).with_name("records")


def pegging_events(game):
    return [e for e in game.log if e.phase == "pegging" and not isinstance(e, Input)]


def summary(game):
    out = []
    for event in pegging_events(game):
        if isinstance(event, Scored):
            out.append((event.actor, event.rule, event.points))
        elif isinstance(event, CountReset):
            out.append(("reset", event.count))
    return out


def test_example_a_run_thirty_one_and_last_card():
    game = Script.load(RECORDS / "seed-example-a.toml").replay()
    pone, dealer = 0, 1
    assert summary(game) == [
        (pone, "peg-run", 3),
        (pone, "peg-thirty-one", 2),
        ("reset", 31),
        (dealer, "last-card", 1),
        ("reset", 19),
    ]


def test_example_b_go_then_the_dealer_keeps_playing():
    game = Script.load(RECORDS / "seed-example-b.toml").replay()
    pone, dealer = 0, 1
    inputs = [e.action for e in game.log if isinstance(e, Input) and e.phase == "pegging"]
    assert inputs[4] == Go(pone)
    assert inputs[5] == Play(dealer, Card.parse("3D"))
    assert inputs[6] == Play(pone, Card.parse("8C")), "the pone leads the next series"
    assert summary(game) == [
        (dealer, "go", 1), ("reset", 27),
        (pone, "last-card", 1), ("reset", 22),
    ]


def test_go_entries_are_optional_in_a_script(tmp_path):
    text = (RECORDS / "seed-example-b.toml").read_text().replace('"go", ', "")
    game = Script.from_toml(text).replay()
    assert summary(game) == summary(Script.load(RECORDS / "seed-example-b.toml").replay())


def script(pone_cards, dealer_cards, plays, starter="KH"):
    pad_pone, pad_dealer = ["KS", "QS"], ["KC", "QC"]
    text = f'''
variant = "two-player"
dealer = 1
[[hands]]
dealt = [{pone_cards + pad_pone}, {dealer_cards + pad_dealer}]
discards = [{pad_pone}, {pad_dealer}]
starter = "{starter}"
plays = {plays}
'''.replace("'", '"')
    return Script.from_toml(text).replay()


def first_scores(game, n):
    return [(e.actor, e.rule, e.points) for e in pegging_events(game)
            if isinstance(e, Scored)][:n]


def test_example_c_seven_then_eight_scores_fifteen_only():
    game = script(["7C", "AC", "AD", "AH"], ["8D", "2C", "2D", "2H"], ["7C", "8D"])
    assert first_scores(game, 1) == [(1, "peg-fifteen", 2)]
    assert [e for e in pegging_events(game) if isinstance(e, Scored)][0].cards == (
        Card.parse("7C"), Card.parse("8D"))


def test_example_d_pair_then_pair_royal_with_fifteen():
    game = script(["5C", "5D", "AC", "AD"], ["5H", "9C", "9D", "9H"], ["5C", "5H", "5D"])
    assert first_scores(game, 3) == [(1, "peg-pair", 2), (0, "peg-fifteen", 2),
                                     (0, "peg-pair-royal", 6)]


def test_every_card_of_the_hand_is_played_and_count_never_passes_31():
    game = Script.load(RECORDS / "seed-example-a.toml").replay()
    count = 0
    for event in game.log:
        if isinstance(event, Input) and isinstance(event.action, Play):
            count += pip(event.action.card)
            assert count <= 31
        elif isinstance(event, CountReset):
            count = 0
    plays = [e for e in game.log if isinstance(e, Input) and isinstance(e.action, Play)]
    assert len(plays) == 8


def test_a_player_out_of_cards_is_skipped_and_the_other_plays_on():
    # the pone plays its 4 cards first (count stays low); the dealer plays out alone
    game = script(["AC", "AD", "AH", "AS"], ["2C", "2D", "2H", "3S"],
                  ["AC", "2C", "AD", "2D", "AH", "2H", "AS", "3S"], starter="KH")
    rules = [(e.actor, e.rule) for e in pegging_events(game) if isinstance(e, Scored)]
    assert rules[-1] == (1, "last-card")


@pytest.mark.parametrize("entry, message", [
    ("9C", "hands[0].plays[0]: seat 0 does not hold 9C"),
    ("go", "hands[0].plays[0]: seat 0 cannot say go while holding a playable card"),
])
def test_illegal_scripted_plays_name_their_place(entry, message):
    from pegline_cribbage.scripts import ScriptError

    with pytest.raises(ScriptError) as info:
        script(["7C", "AC", "AD", "AH"], ["8D", "2C", "2D", "2H"], [entry])
    assert str(info.value).startswith(message)
