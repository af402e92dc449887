"""One family of errors: everything a caller can get wrong is a `PeglineError`, a `ValueError`.

Each names what was wrong in words a player or a plugin author can act on; none leaves a game,
a variant or a record half-changed.
"""

from __future__ import annotations

import sysconfig
import traceback
from collections.abc import Sequence
from pathlib import Path

from pegline_core.messages import Message, Problem, Template, code_of, said

__all__ = ["PeglineError", "CardError", "VariantError", "PluginError", "IllegalActionError",
           "PlayerError", "RecordError", "short_repr"]


class PeglineError(ValueError):
    """Something a caller passed that Pegline cannot accept.

    Its text (``str()``) is English. Pegline's own errors are raised with a `Message`, which a
    program reads as ``.code`` (stable, whatever the wording) and ``.params``; an error raised
    with plain text (``PeglineError("text")``) has the text as its ``.message`` and no code.
    """

    @property
    def message(self) -> str:
        """What went wrong: a `Message` where Pegline said it, else the text given."""
        first = self.args[0] if self.args else ""
        return first if isinstance(first, str) else str(self)

    @property
    def code(self) -> str | None:
        """The message's stable code (a `Problem`'s: its message's), or None for an error
        raised with plain text."""
        return code_of(self.message)

    @property
    def params(self) -> dict[str, object]:
        """The values the message was formatted with ({} for plain text)."""
        message = self.message
        inner = message.message if isinstance(message, Problem) else message
        return dict(inner.params) if isinstance(inner, Message) else {}


class CardError(PeglineError):
    """A card string or a set of cards that is not valid."""


class VariantError(PeglineError):
    """A variant that cannot be loaded; ``problems`` holds every ``file: key.path: message``
    (each a `Problem` where Pegline found it: its ``message`` carries the code)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class PluginError(PeglineError):
    """A plugin that is unknown, cannot be loaded or built, or broke its contract in a hook.

    ``plugin`` and ``hook`` name the culprit where they are known; ``cause`` is the plugin's own
    exception, kept as ``__cause__`` (compiled code passes it: mypyc's ``raise ... from`` sets no
    cause).
    """

    def __init__(self, message: str, *, plugin: str | None = None, hook: str | None = None,
                 cause: BaseException | None = None) -> None:
        self.plugin = plugin
        self.hook = hook
        super().__init__(message)
        if cause is not None:
            self.__cause__ = cause

    @property
    def where(self) -> str | None:
        """``file:line`` where the plugin's own code raised (the innermost frame of the
        exception behind this one outside Pegline's kernel, pluggy and the standard library),
        or None when no exception of the plugin's is behind it."""
        cause = self.__cause__
        if cause is None or isinstance(cause, PluginError):
            return cause.where if isinstance(cause, PluginError) else None
        return _raised_at(cause)


class IllegalActionError(PeglineError):
    """An action that the rules do not allow now; the game is left unchanged."""


_RAISED = Template("player.raised", "seat {seat}'s player {player} raised {error}")
_UNMADE = Template("player.unmade", "the bot {player} raised {error} when it was made")
_WRONG_INDEX = Template("player.wrong-index", "seat {seat}'s player {player} answered {chosen} "
                        "to choose_index({count}), not an index from 0 to {last}")
_REFUSED = Template("player.refused", "seat {seat}'s player {player} answered {action}, which "
                    "the rules refuse: {reason}")


class PlayerError(PeglineError):
    """A player failed in its turn (a bot of one's own, most often): its ``choose`` raised (a
    `PluginError` from a plugin it called stays the plugin's), or answered what the rules
    refuse. ``seat`` and ``player`` (``module:Class``) name it, and
    ``where`` the ``file:line`` of its code: where it raised, else its ``choose``. Its own
    exception, or the rules' refusal, is ``__cause__``; the game is unchanged. It keeps all
    this when pickled (a simulation's worker sends it to the parent)."""

    def __init__(self, message: str, *, seat: int | None = None, player: str | None = None,
                 where: str | None = None, cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.player = player
        self.where = where
        if cause is not None:
            self.__cause__ = cause

    @classmethod
    def raised(cls, seat: int, player: object, cause: BaseException) -> PlayerError:
        """The player at ``seat`` raised ``cause`` from its ``choose``."""
        name = _class_name(player)
        return cls(_RAISED(seat=seat, player=name, error=f"{type(cause).__name__}: {cause}"),
                   seat=seat, player=name, where=_raised_at(cause), cause=cause)

    @classmethod
    def unmade(cls, player: str, cause: Exception) -> PlayerError:
        """The bot ``player`` (as its spec names it) raised ``cause`` while it was made."""
        return cls(_UNMADE(player=repr(player), error=f"{type(cause).__name__}: {cause}"),
                   player=player, where=_raised_at(cause), cause=cause)

    @classmethod
    def refused(cls, seat: int, player: object, action: object,
                cause: BaseException) -> PlayerError:
        """The player at ``seat`` answered ``action``, which the rules refused with ``cause``."""
        name = _class_name(player)
        return cls(_REFUSED(seat=seat, player=name, action=short_repr(action),
                           reason=said(cause)), seat=seat, player=name,
                   where=_method_at(player, "choose"), cause=cause)

    @classmethod
    def wrong_index(cls, seat: int, player: object, chosen: object, count: int) -> PlayerError:
        """The `IndexPlayer` at ``seat`` answered ``chosen``, not an index below ``count``."""
        name = _class_name(player)
        return cls(_WRONG_INDEX(seat=seat, player=name, chosen=short_repr(chosen), count=count,
                                last=count - 1), seat=seat,
                   player=name, where=_method_at(player, "choose_index"))


def _method_at(player: object, method: str) -> str | None:
    """``file:line`` where ``player``'s class defines ``method`` (None for compiled code)."""
    code = getattr(getattr(type(player), method, None), "__code__", None)
    return None if code is None else f"{code.co_filename}:{code.co_firstlineno}"


def _class_name(player: object) -> str:
    kind = type(player)
    return f"{kind.__module__}:{kind.__qualname__}"


def _raised_at(exc: BaseException) -> str | None:
    """``file:line`` of the innermost frame of ``exc``'s traceback outside Pegline's kernel,
    pluggy and the standard library (the innermost of all when every frame is theirs)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return None
    own = [frame for frame in frames if not _is_machinery(frame.filename)]
    frame = (own or frames)[-1]
    return f"{frame.filename}:{frame.lineno}"


class RecordError(PeglineError):
    """A record that cannot be read or replayed; the message names the place."""


_MACHINERY = tuple(str(Path(path).resolve()) for path in (
    Path(__file__).parent, Path(traceback.__file__).parent, sysconfig.get_paths()["stdlib"]))
"""Folders whose frames are not a plugin's: the kernel, pluggy's and the standard library."""


def _is_machinery(filename: str) -> bool:
    path = str(Path(filename).resolve())
    return path.startswith(_MACHINERY) or "/pluggy/" in path


def short_repr(value: object) -> str:
    """A short repr that cannot fail (a claim may hold anything)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real fault
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."
