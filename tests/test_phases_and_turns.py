"""A game's phases are members of its `Phase` enum, each equal to the string records hold, and
`to_act` is one of three types (`CHANCE`, `Seats`, `OVER`), in both games, in either build."""

from __future__ import annotations

import json
import random
from enum import StrEnum

import pytest

from pegline_clabber.phases import ClabberPhase
from pegline_core import (
    CHANCE,
    OVER,
    Chance,
    Game,
    GameRecord,
    Over,
    Phase,
    RandomBot,
    Seats,
    play_game,
)
from pegline_cribbage.phases import CribbagePhase

# runs in the pure build too (conftest.py): the compiled machines say the phase and who acts
pytestmark = pytest.mark.both_builds

GAMES = [("two-player", CribbagePhase), ("muggins", CribbagePhase), ("three-player", CribbagePhase),
         ("clabber", ClabberPhase), ("clabber-renege", ClabberPhase)]
IDS = [name for name, _ in GAMES]


def stepped(name: str, seed: int) -> list[tuple[object, object]]:
    """Each (phase, to_act) of a game between random players, from the start to the end."""
    game, rng = Game(name), random.Random(seed)
    bots = [RandomBot(seed * 10 + seat) for seat in range(game.players)]
    seen = []
    while True:
        phase, to_act = game.phase, game.to_act
        seen.append((phase, to_act))
        if isinstance(to_act, Chance):
            game.apply(game.chance_action(rng))
        elif isinstance(to_act, Seats):
            seat = to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        else:
            return seen


@pytest.mark.parametrize("phases", [CribbagePhase, ClabberPhase])
def test_a_phase_is_a_str_enum_member_equal_to_its_string(phases: type[Phase]) -> None:
    assert issubclass(phases, StrEnum) and issubclass(phases, Phase)
    for member in phases:
        text = member.value
        assert member == text and hash(member) == hash(text) and phases(text) is member
        assert (str(member), f"{member}", repr(member)) == (text, text, repr(text))
        assert json.dumps({"phase": member}) == json.dumps({"phase": text})


@pytest.mark.parametrize(("name", "phases"), GAMES, ids=IDS)
def test_every_phase_a_machine_enters_is_a_member(name: str, phases: type[Phase]) -> None:
    entered = set()
    for seed in range(3):
        for phase, _ in stepped(name, seed):
            assert type(phase) is phases, (name, phase)
            entered.add(phase)
    assert phases.DEAL in entered and phases.OVER in entered  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "phases"), GAMES, ids=IDS)
def test_the_events_phases_are_members_and_a_record_holds_their_strings(
        name: str, phases: type[Phase]) -> None:
    game = Game(name)
    play_game(name, [RandomBot(seat) for seat in range(game.players)], seed=4, game=game)
    assert all(type(event.phase) is phases for event in game.log)
    dicts = game.codec.dicts(game.log)
    assert all(type(data["phase"]) is str for data in dicts)
    assert [game.codec.from_dict(data) for data in dicts] == list(game.log)
    text = GameRecord.of(game).to_jsonl()
    phases_read = [json.loads(line)["phase"] for line in text.splitlines()[1:]]
    assert all(type(phase) is str for phase in phases_read)
    assert phases_read == [event.phase for event in game.log]
    assert [phases(phase) for phase in phases_read] == [event.phase for event in game.log]
    replayed = GameRecord.from_jsonl(text).replay()
    assert all(type(event.phase) is phases for event in replayed.log)
    assert GameRecord.of(replayed).to_jsonl() == text


@pytest.mark.parametrize(("name", "phases"), GAMES, ids=IDS)
def test_to_act_is_chance_seats_or_over(name: str, phases: type[Phase]) -> None:
    kinds = set()
    for seed in range(3):
        steps = stepped(name, seed)
        for _, to_act in steps:
            kinds.add(type(to_act))
            if isinstance(to_act, Chance):
                assert to_act is CHANCE and to_act == "chance"
            elif isinstance(to_act, Seats):
                assert to_act and all(type(seat) is int for seat in to_act)
                assert to_act == tuple(to_act) and list(to_act) == sorted(set(to_act))
            else:
                assert to_act is OVER and isinstance(to_act, Over) and to_act == () and not to_act
        assert steps[0][1] is CHANCE and steps[-1] == (phases.OVER, OVER)  # type: ignore[attr-defined]
    assert kinds == {Chance, Seats, Over}


def test_the_three_kinds_are_distinct_and_keep_the_old_comparisons() -> None:
    seats = Seats((0, 1))
    assert not isinstance(CHANCE, tuple) and not isinstance(seats, str)
    assert not isinstance(OVER, Seats) and not isinstance(seats, Over)
    assert CHANCE == "chance" and seats == (0, 1) and 1 in seats and OVER == ()
    assert bool(CHANCE) and bool(seats) and not OVER
    assert (repr(CHANCE), repr(seats), repr(OVER)) == ("'chance'", "(0, 1)", "()")
