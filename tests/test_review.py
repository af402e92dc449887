"""The review of past decisions (`pegline_core.review`) is the one handler of a compare request,
and `Game` keeps its privates: the loop, the plugins and the review read it through its public
steps, entries and undo notes."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest

import pegline_core
from pegline_core import Game, IllegalActionError, RandomBot, play_game
from pegline_core.events import AskCoach, Input

ROOT = Path(pegline_core.__file__).parent.parent
OWNERS = {"game.py", "event_log.py", "steps.py"}
"""The modules that may read a game's log and undo notes as stored."""


class Asking:
    """Picks at random, and asks the coach after every third decision."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.made = self.asked = 0
        self.comparisons: list[tuple[int, int]] = []

    def choose(self, view, legal):
        if self.made and self.made % 3 == 0 and self.asked < self.made:
            self.asked = self.made
            return AskCoach(view.seat)
        self.made += 1
        return self.rng.choice(legal)

    def compared(self, comparison) -> None:
        self.comparisons.append((comparison.event, comparison.rank))


def _digest(game: Game) -> str:
    text = json.dumps(game.codec.dicts(game.log), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


PINNED = {  # written when each machine still handled the requests made during the play
    ("two-player", 1): ("cb66626b689469f6", [(11, 3), (32, 7), (38, 3)]),
    ("two-player", 2): ("fb514e90c49eb5ba", [(10, 3), (37, 8), (45, 1)]),
    ("clabber", 1): ("b21bafa9876ed32d", [(18, 1), (34, 2), (52, 3)]),
    ("clabber", 2): ("d0374df7a5537ce3", [(16, 5), (33, 2), (53, 2)]),
}


@pytest.mark.parametrize(("name", "seed"), sorted(PINNED))
def test_compare_requests_in_play_and_after_the_end_log_as_before(name: str, seed: int) -> None:
    asking = Asking(seed)
    players = [asking, *(RandomBot(seed + s) for s in range(1, Game(name).players))]
    game = play_game(name, players, seed=seed)
    game.apply(AskCoach(1))  # after the end, another seat's request
    assert (_digest(game), asking.comparisons[:3]) == PINNED[name, seed]
    ended = game.log[-2]
    assert ended.assist_used == (0,) and game.result.assist_used == (0, 1)


@pytest.mark.parametrize("name", ["two-player", "clabber"])
def test_the_machine_never_sees_a_compare_request(name: str) -> None:
    """One handler: the game's (`pegline_core.review`); a machine refuses the request as any
    action that is not its own, and the game logs it as the seat's input, its state unchanged."""
    game = play_game(name, [RandomBot(1) for _ in range(Game(name).players)], seed=3)
    snapshot = game.machine.snapshot()
    with pytest.raises(IllegalActionError, match="not an action"):
        game.machine.apply(AskCoach(0))
    start = game.step(AskCoach(0))
    assert game.events_from(start) == [Input(start, game.hand, game.phase, 0, AskCoach(0))]
    assert game.machine.snapshot() == snapshot and game.machine.assisted == frozenset({0})
    game.undo()
    assert game.machine.assisted == frozenset() and game.machine.snapshot() == snapshot


def test_a_game_without_undo_played_by_play_game_keeps_no_notes() -> None:
    """The loop and the machine's lane note the steps where the game says (`undo_notes`): a game
    made with ``undo=False`` keeps none, as when it is driven by `apply`."""
    game = Game("two-player", undo=False)
    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=4, game=game)
    assert game.over and game.undo_notes is None and game._undo == []


def test_view_before_is_what_the_seat_saw_then() -> None:
    game = Game("two-player", dealer=1)
    rng = random.Random(2)
    seen = {}
    while not game.over and len(seen) < 20:
        to_act = game.to_act
        if to_act == "chance":
            game.step(game.chance_action(rng))
            continue
        seat = to_act[0]
        view = game.view(seat)
        start = game.step(rng.choice(game.legal_actions(seat)))
        seen[start] = (seat, view)
    assert all(game.view_before(start, seat) == view for start, (seat, view) in seen.items())
    assert game.view_before(max(seen) + 1, 0) is None  # no step starts there


def test_no_game_private_is_read_outside_the_modules_that_own_it() -> None:
    """The play loop, the plugins and the application read a game through its public API."""
    private = re.compile(r"(?<!self)\._(log|undo|history)\b")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for folder in ("pegline_core", "plugins") for path in (ROOT / folder).rglob("*.py")
             if path.name not in OWNERS or path.parent.name != "pegline_core"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if private.search(line)]
    assert found == []
