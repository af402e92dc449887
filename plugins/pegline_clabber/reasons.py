"""The reasons Clabber's rules give in English, shown in the player's language.

The rules put a refusal or a renege into words in English (`pegline_clabber.cards.why_illegal`,
the machine's `IllegalActionError` messages), and a record keeps a renege's reason as it was
said, so that a game recorded in one language replays in another. These are the templates of
those sentences, translated in the ``pegline_clabber`` catalog; `translate` turns a reason said
in English into the current language (a reason no template matches stays as it is).

>>> from pegline_core.app.i18n import use_language
>>> reason = "J♥ may not be played: you must overtrump: 9♥ beats the K♥ in the trick"
>>> with use_language("zh-Hans"):
...     translate(reason).split("\uff1a")  # a full-width colon between the clauses
['J♥ 不能出', '必须超吃', '9♥ 大过本墩的 K♥']
>>> translate(reason) == reason
True
"""

from __future__ import annotations

from pegline_core.app.i18n import N_, Formatted

__all__ = ["REASONS", "translate"]

REASONS = (
    # why a card may not be played (pegline_clabber.cards.why_illegal)
    N_("you must follow suit: {suit} was led and you hold {cards}"),
    N_("you must overtrump: {cards} beats the {card} in the trick"),
    N_("you must overtrump: {cards} beat the {card} in the trick"),
    N_("you must follow suit: trump ({suit}) was led and you hold {cards}"),
    N_("you must trump: you cannot follow {suit} and hold {cards}, though you cannot beat "
       "the {card}"),
    N_("you must trump: you cannot follow {suit} and hold {cards}"),
    # a renege's reason, as the machine records it
    N_("{card} may not be played: {why}"),
    N_("seat {seat} called a renege that the log disproves"),
    N_("{suit} was passed in the first round and cannot be named in the second"),
    N_("seat {seat} holds no {suit} and so cannot name it"),
    # the machine's refusals (an illegal action sent through the API or the page)
    N_("in the first round only the turn card's suit ({suit}) may be named"),
    N_("a suit is one of {suits}, not {suit}"),
    N_("melds are announced before one's play to the first trick"),
    N_("seat {seat} has already announced"),
    N_("seat {seat} holds no meld to announce"),
    N_("melds are shown before one's play to the second trick"),
    N_("seat {seat} announced no meld to show"),
    N_("seat {seat} has already shown its melds"),
    N_("seat {seat} does not hold {card}"),
    N_("this variant refuses illegal actions: there are no reneges to call"),
    N_("seat {seat} may call a renege only on a play or call of this hand by the other team, "
       "not on event {n}"),
)
"""Every reason the rules give, as an English template."""

_reasons = Formatted("pegline_clabber", REASONS)


def translate(reason: str) -> str:
    """``reason`` (said in English by the rules) in the current language."""
    return _reasons.translate(reason)
