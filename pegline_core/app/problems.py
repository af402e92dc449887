"""The messages Pegline's errors carry, shown in the user's language.

The kernel and the Python API speak English (their contract: an exception's text is part of
what a program sees), but each of their messages is a `pegline_core.messages.Message` that
carries its template and values, and a variant's problem a `Problem` that keeps the file and
the key path apart. `say` puts one into the current language where it is shown (the command
line, the web API's answers), translating the template in its domain's catalog; the file and
the key path stay as they are. Text that carries no template (a plugin's own words) is shown as
it is.

>>> from pegline_core.app.i18n import use_language
>>> from pegline_core.errors import VariantError
>>> from pegline_core.variant import variant_from_table
>>> try:
...     variant_from_table({"game": 5}, name="house")
... except VariantError as exc:
...     error = exc
>>> error.problems, error.problems[0].code
(["house: game: expected a game's name, got the integer 5"], 'variant.game-name')
>>> with use_language("ja"):
...     print(shown(error))
house: game: ゲームの名前が必要です。指定は 整数 5
"""

from __future__ import annotations

from pegline_core.app.i18n import Messages
from pegline_core.errors import VariantError
from pegline_core.messages import render, said

__all__ = ["say", "shown"]


def _translate(domain: str, text: str) -> str:
    return Messages(domain).gettext(text)


def say(text: str) -> str:
    """``text`` in the current language: a message by its template, other text as it is."""
    return render(text, _translate)


def shown(exc: BaseException) -> str:
    """What ``exc`` says, in the current language (a variant's problems one a line)."""
    if isinstance(exc, VariantError):
        return "\n".join(map(say, exc.problems))
    return say(said(exc))
