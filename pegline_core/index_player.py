"""Players that pick by number: what lets a bot skip the view and the actions.

A `Player` is handed its view and its legal actions at every decision; building them is most of
what a decision costs. A player that needs neither subclasses `IndexPlayer`: it is told only how
many legal actions there are and answers the index of the one it plays, in the order
`Game.legal_actions` lists them. `play_game` then builds no view and no action for it, and a
game's machine may take its steps without leaving compiled code (`Machine`'s ``play_bots``).
The built-in `RandomBot` is one, and nothing else: a player of your own goes as fast.

>>> import random
>>> from pegline_core import play_game
>>> class FirstLegal(IndexPlayer):
...     def choose_index(self, count):
...         return 0
>>> play_game("two-player", [FirstLegal(), FirstLegal()], seed=1).over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from pegline_core.errors import PeglineError, PlayerError, PluginError, short_repr
from pegline_core.events import Action

__all__ = ["IndexPlayer", "checked_index", "reads_no_view"]


@mypyc_attr(allow_interpreted_subclasses=True)  # a player of one's own extends it
class IndexPlayer:
    """A player that reads no view: `choose_index` answers the index of its pick among the
    ``count`` legal actions. Its `choose` is derived from it, for any driver that hands a player
    its view and actions; a subclass that overrides `choose` is asked `choose` instead."""

    def choose_index(self, count: int) -> int:
        """The index, from 0 to ``count - 1``, of the legal action to play."""
        raise NotImplementedError(f"{type(self).__name__} must define choose_index(count)")

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        count = len(legal)
        answer = _answer(self, count)
        if not _in_range(answer, count):
            raise PeglineError(f"{type(self).__name__}.choose_index({count}) answered "
                               f"{short_repr(answer)}, not an index from 0 to {count - 1}")
        index: int = answer
        return legal[index]


def checked_index(player: IndexPlayer, count: int, seat: int) -> int:
    """The pick of ``player``, at ``seat``, among ``count`` legal actions; `PlayerError` naming
    the seat and the player when it raises or answers anything but an index in range (a
    `PluginError` from a plugin it called stays the plugin's)."""
    try:
        chosen = _answer(player, count)
    except PluginError:
        raise
    except Exception as exc:  # any other failure is the player's own
        raise PlayerError.raised(seat, player, exc) from exc
    if not _in_range(chosen, count):
        raise PlayerError.wrong_index(seat, player, chosen, count)
    return chosen  # type: ignore[no-any-return]


def _answer(player: IndexPlayer, count: int) -> Any:
    """What ``player.choose_index(count)`` answers, untyped: compiled, a declared int would be
    trusted, not checked."""
    asked: Any = player
    return asked.choose_index(count)


def _in_range(chosen: object, count: int) -> bool:
    return type(chosen) is int and 0 <= chosen < count


def reads_no_view(player: object) -> IndexPlayer | None:
    """``player`` as an `IndexPlayer` to ask by number, or None: it is not one, or its class
    overrides `choose` (what it chooses is then what `choose` says)."""
    if isinstance(player, IndexPlayer) and type(player).choose is IndexPlayer.choose:
        return player
    return None
