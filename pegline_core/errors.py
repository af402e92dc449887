"""One family of errors: everything a caller can get wrong is a `PeglineError`, a `ValueError`.

Each names what was wrong in words a player or a plugin author can act on; none leaves a game,
a variant or a record half-changed.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PeglineError", "CardError", "VariantError", "PluginError", "IllegalActionError",
           "RecordError"]


class PeglineError(ValueError):
    """Something a caller passed that Pegline cannot accept."""


class CardError(PeglineError):
    """A card string or a set of cards that is not valid."""


class VariantError(PeglineError):
    """A variant that cannot be loaded; ``problems`` holds every ``file: key.path: message``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class PluginError(PeglineError):
    """A plugin that is unknown, cannot be loaded or built, or broke its contract in a hook.

    ``plugin`` and ``hook`` name the culprit where they are known.
    """

    def __init__(self, message: str, *, plugin: str | None = None, hook: str | None = None) -> None:
        self.plugin = plugin
        self.hook = hook
        super().__init__(message)


class IllegalActionError(PeglineError):
    """An action that the rules do not allow now; the game is left unchanged."""


class RecordError(PeglineError):
    """A record that cannot be read or replayed; the message names the place."""
