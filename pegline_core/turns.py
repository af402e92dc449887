"""Who acts next: `Game.to_act` is one of three distinct types.

- `CHANCE` (of type `Chance`): a chance action is due (`Game.chance_action` draws it);
- a `Seats`: the seats that may act now, at least one, in seat order;
- `OVER` (of type `Over`): nobody acts again, the game is over.

Each still compares as the value `to_act` gave before they had types: `CHANCE` equals
``"chance"``, a `Seats` equals the tuple of its seats, `OVER` equals ``()`` and is false, so
``if game.to_act:`` still asks whether anybody (chance or a seat) is to act.

>>> from pegline_core import Game
>>> game = Game("two-player")
>>> isinstance(game.to_act, Chance), game.to_act is CHANCE, game.to_act == "chance"
(True, True, True)
>>> match game.to_act:
...     case Chance():
...         print("a draw")
...     case Seats() as seats:
...         print("seats", *seats)
...     case Over():
...         print("over")
a draw
"""

from __future__ import annotations

from typing import Final, TypeAlias

__all__ = ["CHANCE", "OVER", "Chance", "Over", "Seats", "ToAct"]


class Chance(str):
    """The type of `CHANCE`, the one value that says a chance action is due."""

    __slots__ = ()


class Seats(tuple[int, ...]):
    """The seats that may act now: at least one."""

    __slots__ = ()


class Over(tuple[int, ...]):
    """The type of `OVER`, the one value that says nobody acts again (an empty, false tuple)."""

    __slots__ = ()


CHANCE: Final = Chance("chance")
OVER: Final = Over()

ToAct: TypeAlias = Chance | Seats | Over
"""What `Game.to_act` and a machine's ``to_act()`` return."""
