"""Clabber's own derived events (the kernel's `Scored` and `GameEnded` serve every game; the
first dealer's `DealerChosen` and a meld's `Combination` are the card-game layer's)."""

from __future__ import annotations

from attrs import frozen

from pegline_core.card_game.events import Combination, DealerChosen
from pegline_core.cards import Card
from pegline_core.events import Event

__all__ = ["DealerChosen", "TrumpMade", "HandDead", "Combination", "MeldsAnnounced",
           "MeldsShown", "BellaAnnounced", "TrickTaken", "HandCounted", "HandSettled",
           "RenegeCalled", "RenegesVoid", "EVENTS"]


@frozen
class TrumpMade(Event):
    """``actor`` named ``trump`` in naming round ``round``; its side are the makers."""

    TAG = "trump"
    trump: str
    makers: int
    round: int


@frozen
class HandDead(Event):
    """Everyone passed twice: no score, and the same ``dealer`` deals again."""

    TAG = "dead-hand"
    dealer: int


@frozen
class MeldsAnnounced(Event):
    """``actor`` announces melds: each by rule and points (the cards come with the show)."""

    TAG = "announce-melds"
    melds: tuple[Combination, ...]


@frozen
class MeldsShown(Event):
    """``actor`` shows the melds announced, with their cards."""

    TAG = "show-melds"
    melds: tuple[Combination, ...]


@frozen
class BellaAnnounced(Event):
    """``actor`` holds the trump K and Q: announced as its second card is played, or when
    shown in a meld."""

    TAG = "bella"
    cards: tuple[Card, ...]


@frozen
class TrickTaken(Event):
    """Trick ``number`` (1-6) is taken by ``actor``; ``cards`` in play order from ``leader``."""

    TAG = "trick"
    number: int
    leader: int
    cards: tuple[Card, ...]


@frozen
class HandCounted(Event):
    """What ``side`` counts for the hand (before the makers' settlement): ``breakdown`` by rule,
    ``total``, and the number of ``tricks`` it took."""

    TAG = "count"
    side: int
    tricks: int
    total: int
    breakdown: tuple[Combination, ...]


@frozen
class HandSettled(Event):
    """The makers' count against the defenders': ``made`` when it is greater; otherwise the
    makers are set (their count is lost). ``totals`` are the counts by side."""

    TAG = "settle"
    makers: int
    made: bool
    totals: tuple[int, ...]


@frozen
class RenegeCalled(Event):
    """``actor`` called a renege on event ``called``: ``proved`` from the log (``reason`` says
    which rule it broke), or not, and then the false call is the caller's team's renege.
    ``offender`` is the side that reneged."""

    TAG = "renege"
    called: int
    proved: bool
    offender: int
    reason: str


@frozen
class RenegesVoid(Event):
    """Both teams reneged this hand: no score, and the same ``dealer`` deals again."""

    TAG = "reneges-void"
    dealer: int


EVENTS: dict[str, type] = {cls.TAG: cls for cls in (
    DealerChosen, TrumpMade, HandDead, MeldsAnnounced, MeldsShown, BellaAnnounced, TrickTaken,
    HandCounted, HandSettled, RenegeCalled, RenegesVoid)}
