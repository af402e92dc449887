"""A renege's reason in the player's language: carried as a message by a game played now, read
back as English from a record written before reasons carried codes.

The machine records a renege's reason as a `pegline_core.messages.Message`
(`pegline_clabber.refusals`), shown by its template. A record keeps the reason as it was said,
and one written before then holds only the English: ``OLD_REASONS`` is the frozen list of the
sentences such records can hold, matched to recover their values for those records alone.

>>> from pegline_core.app.i18n import use_language
>>> reason = "J♥ may not be played: you must overtrump: 9♥ beats the K♥ in the trick"
>>> with use_language("zh-Hans"):
...     translate(reason).split("\uff1a")  # a full-width colon between the clauses
['J♥ 不能出', '必须超吃', '9♥ 大过本墩的 K♥']
>>> translate(reason) == reason
True
"""

from __future__ import annotations

from pegline_core.app.i18n import N_, RecordedEnglish
from pegline_core.app.problems import say
from pegline_core.messages import Message

__all__ = ["OLD_REASONS", "translate"]

OLD_REASONS = (
    # why a card may not be played, as pegline_clabber.cards.why_illegal said it
    N_("you must follow suit: {suit} was led and you hold {cards}"),
    N_("you must overtrump: {cards} beats the {card} in the trick"),
    N_("you must overtrump: {cards} beat the {card} in the trick"),
    N_("you must follow suit: trump ({suit}) was led and you hold {cards}"),
    N_("you must trump: you cannot follow {suit} and hold {cards}, though you cannot beat "
       "the {card}"),
    N_("you must trump: you cannot follow {suit} and hold {cards}"),
    # a renege's reason, as the machine recorded it
    N_("{card} may not be played: {why}"),
    N_("seat {seat} called a renege that the log disproves"),
    N_("{suit} was passed in the first round and cannot be named in the second"),
    N_("seat {seat} holds no {suit} and so cannot name it"),
)
"""Every reason a record written before reasons carried codes can hold (never to change: the
records are written)."""

_old = RecordedEnglish("pegline_clabber", OLD_REASONS)


def translate(reason: str) -> str:
    """``reason`` in the current language: by its template if it carries one, else (an old
    record's English) through ``OLD_REASONS``."""
    return say(reason) if isinstance(reason, Message) else _old.translate(reason)
