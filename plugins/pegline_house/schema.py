"""The vocabulary of a house rule written as data: what a ``[[config.house.rules]]`` table may
say, structured strictly like every other key of a variant (`HouseRule`).

A rule names when it applies (``when``), what must hold (``match``, every key given), what
stops it (``unless``), and what it scores (``points``, or ``per_card`` times the cards it
claims). The keys each ``when`` reads are `MATCH_KEYS`; what makes a rule wrong beyond its
types is `pegline_house.checks`.

>>> from pegline_core.strict import structure_strict
>>> rule = structure_strict({"id": "house-peg-pair", "name": {"en": "pegging pair, 3"},
...                          "when": "play", "points": 3, "match": {"same_rank": 2}}, HouseRule)
>>> rule.match.same_rank, rule.points, rule.sides
(2, 3, 'both')
"""

from __future__ import annotations

from typing import Final

from attrs import field, frozen

__all__ = ["HouseRule", "Match", "AtLeast", "RunMatch", "FlushMatch", "Unless", "WHEN",
           "MATCH_KEYS", "SIDES", "ENDINGS", "RANKS", "SHOWS"]

WHEN: Final = ("play", "series-end", "starter", "show", "after-show")
"""When a rule applies: a pegging play, a series ended below the limit (a go or the last card),
the starter turned (for the dealer), a hand or the crib shown with the starter, and after a
show's other claims are known."""

SHOWS: Final = ("show", "after-show")
"""The moments that count a hand or the crib (the only ones ``of`` applies to)."""

SIDES: Final = ("hand", "crib", "both")
"""What ``of`` names: a show of a hand, of the crib, or of either."""

ENDINGS: Final = ("go", "last-card", "either")
"""How a series ended, for ``match.ending``: a go, the hand's last card, or either."""

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks ``match.ranks`` names, ace to king (rank 1 to 13)."""

MATCH_KEYS: Final = {
    "play": ("same_rank", "ranks", "run", "suit", "count"),
    "series-end": ("ending",),
    "starter": ("ranks",),
    "show": ("same_rank", "ranks", "run", "flush", "nobs"),
    "after-show": ("total",),
}
"""The keys of ``match`` each ``when`` reads."""


@frozen
class AtLeast:
    """``{ min = N }``: N or more."""

    min: int


@frozen
class RunMatch:
    """``match.run``: a run of ``min`` or more cards of distinct, consecutive ranks."""

    min: int = 3
    corner: bool = False
    """The ranks may wrap from king to ace (Q-K-A, K-A-2)."""
    in_order: bool = False
    """(play) The run's cards were played in consecutive order, ascending or descending."""


@frozen
class FlushMatch:
    """``match.flush``: every card of the hand (or crib) of one suit."""

    starter: bool = False
    """The starter too (all five); false: the hand's cards, or five with the starter, as the
    standard hand flush reads."""


@frozen
class Match:
    """What must hold for a rule to claim: every key given (absent: not asked)."""

    same_rank: int | AtLeast | None = None
    """(play) the series ends with exactly N cards of one rank (``{ min = N }``: N or more);
    (show) each group of exactly N cards of one rank, one claim per group."""
    ranks: tuple[str, ...] | None = None
    """The matched cards' ranks are among these (`RANKS`); for the starter, its rank."""
    run: RunMatch | None = None
    """(play) the longest run at the end of the series; (show) every run, with multiplicity."""
    suit: AtLeast | None = None
    """(play) the series ends with N or more cards of one suit."""
    count: int | tuple[int, ...] | None = None
    """(play) the count after the play is this (or one of these)."""
    ending: str | None = None
    """(series-end) how the series ended: one of `ENDINGS` (absent: either)."""
    flush: FlushMatch | None = None
    """(show) a flush."""
    nobs: bool | None = None
    """(show) the jack of the starter's suit among the hand's (or crib's) cards."""
    total: int | None = None
    """(after-show) the show's other claims total exactly this."""


@frozen
class Unless:
    """What stops a claim, on the scoring side."""

    short_of_target: int | None = None
    """The side's score before the step is exactly the target less this (the stink hole: 1)."""


@frozen
class HouseRule:
    """One ``[[config.house.rules]]`` table: a rule, its names, when it applies, what it
    matches and what it scores."""

    id: str
    """Lower-case words joined by ``-``; the rule id in the log, ``disable`` and records."""
    name: dict[str, str] = field(hash=False)
    """The rule's name by language tag: ``en`` required, ``ja`` and ``zh-Hans`` optional."""
    when: str
    """One of `WHEN`."""
    points: int | None = None
    """Fixed points per claim (exactly one of ``points`` and ``per_card``)."""
    per_card: int | None = None
    """Points per claimed card."""
    of: str | None = None
    """(show, after-show) one of `SIDES`; absent: both."""
    match: Match = Match()
    unless: Unless = Unless()

    @property
    def sides(self) -> str:
        """What a show rule counts: ``hand``, ``crib`` or ``both``."""
        return self.of or "both"
