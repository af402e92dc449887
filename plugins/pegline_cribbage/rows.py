"""The rows cribbage's machine logs in place of events, and how each is built when read.

Cards in a row are codes (`Card.index`), and a row holds numbers and strings only (the garbage
collector stops tracking it); the events built from them hold the cards, equal to the events the
machine would have built at once (`pegline_core.event_rows`).
"""

from __future__ import annotations

from typing import Any, Final

from pegline_core.cards import DECK
from pegline_core.event_rows import RowKind, keyword_kind, phase_of
from pegline_core.events import GameEnded, Input, Scored, SideResult
from pegline_cribbage.actions import CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.events import (
    CountReset,
    CountSettled,
    CutTie,
    DealerChosen,
    Dealt,
    HandShown,
    Passed,
)
from pegline_cribbage.native import cards_of
from pegline_cribbage.phases import CribbagePhase

__all__ = ["score_facts", "labelled_scores", "INPUT", "DEAL", "DISCARD", "PLAY", "GO", "STARTER",
           "SCORED", "SHOWN", "DEALER_CHOSEN", "CUT_TIE", "DEALT",
           "PASSED", "COUNT_RESET", "COUNT_SETTLED", "GAME_ENDED"]

Row = tuple[Any, ...]


def _deal(row: Row) -> Deal:
    """``(DEAL, hand, phase, None, None, hands, crib)``, cards as codes."""
    return Deal(tuple([cards_of(hand) for hand in row[5]]), cards_of(row[6]))


def _discard(row: Row) -> Discard:
    """``(DISCARD, hand, phase, seat, None, codes)``."""
    return Discard(row[3], cards_of(row[5]))


def _play(row: Row) -> Play:
    """``(PLAY, hand, phase, seat, None, code)``."""
    return Play(row[3], DECK[row[5]])


def _go(row: Row) -> Go:
    """``(GO, hand, phase, seat, None)``."""
    return Go(row[3])


def _starter(row: Row) -> CutStarter:
    """``(STARTER, hand, phase, None, None, code)``."""
    return CutStarter(DECK[row[5]])


def _scored(row: Row, seq: int) -> Scored:
    """``(SCORED, hand, phase, seat, cause, side, points, rule, plugin, codes, total,
    pending)``."""
    return Scored(seq, row[1], phase_of(row), row[3], row[5], row[6], row[7], row[8],
                  cards_of(row[9]), row[10], row[11], cause=row[4])


def _shown(row: Row, seq: int) -> HandShown:
    """``(SHOWN, hand, phase, seat, cause, codes, starter, crib, points, awarded)``."""
    return HandShown(seq, row[1], phase_of(row), row[3], cards_of(row[5]), DECK[row[6]],
                     row[7], row[8], row[9], cause=row[4])


def _ended(row: Row, seq: int) -> GameEnded:
    """``(GAME_ENDED, hand, phase, None, cause, results, game_points, lowball, assist_used)``,
    each result a plain tuple of `SideResult`'s fields."""
    return GameEnded(seq, row[1], phase_of(row), row[3],
                     tuple([SideResult(*result) for result in row[5]]), row[6], row[7], row[8],
                     cause=row[4])


INPUT: Final = RowKind(Input).code
"""``(INPUT, hand, phase, actor, None, action)``"""
DEAL: Final = RowKind(Input, action=_deal).code
DISCARD: Final = RowKind(Input, action=_discard).code
PLAY: Final = RowKind(Input, action=_play).code
GO: Final = RowKind(Input, action=_go).code
STARTER: Final = RowKind(Input, action=_starter).code
SCORED: Final = RowKind(Scored, _scored).code
SHOWN: Final = RowKind(HandShown, _shown).code
GAME_ENDED: Final = RowKind(GameEnded, _ended).code
DEALER_CHOSEN: Final = RowKind(DealerChosen).code
"""``(DEALER_CHOSEN, hand, phase, None, cause, dealer)``"""
CUT_TIE: Final = RowKind(CutTie).code
"""``(CUT_TIE, hand, phase, None, cause, seats)``"""
DEALT: Final = RowKind(Dealt).code
"""``(DEALT, hand, phase, dealer, cause, order, cutter)``"""
PASSED: Final = RowKind(Passed).code
"""``(PASSED, hand, phase, seat, cause, reason)``"""
COUNT_RESET: Final = RowKind(CountReset).code
"""``(COUNT_RESET, hand, phase, seat, cause, count)``"""
COUNT_SETTLED: Final = keyword_kind(CountSettled).code


def score_facts(log: list[Any]) -> tuple[int, list[tuple[int | None, int, str, int, bool]]]:
    """The first dealer, and each score as (seat, hand, phase, points, whether it was in the
    crib's count), read from the log's rows where they are still rows (a simulation's tally
    builds no event), from its events where they were read."""
    first_dealer = -1
    crib = False
    found: list[tuple[int | None, int, str, int, bool]] = []
    for item in log:
        if type(item) is tuple:
            kind = item[0]
            if kind == SCORED:
                found.append((item[3], item[1], phase_of(item), item[6], crib))
            elif kind == SHOWN:
                crib = item[7]
            elif kind == DEALER_CHOSEN and first_dealer < 0:
                first_dealer = item[5]
        elif isinstance(item, Scored):
            found.append((item.actor, item.hand, item.phase, item.points, crib))
        elif isinstance(item, HandShown):
            crib = item.crib
        elif isinstance(item, DealerChosen) and first_dealer < 0:
            first_dealer = item.dealer
    return first_dealer, found


_PHASE_PLACES: Final[dict[str, int]] = {
    CribbagePhase.STARTER: 0, CribbagePhase.PEGGING: 1, CribbagePhase.CUT: 2}
"""Where a score's phase reads in `_LABELS`' order; a show's score is 3 (the crib) or 4."""
_LABELS: Final = tuple([f"{role}/{phase}" for role in ("dealer", "pone")
                        for phase in ("heels", "pegging", "start", "crib", "hand")])


def labelled_scores(log: list[Any], side_of: tuple[int, ...]
                    ) -> tuple[int, list[tuple[int | None, str, int]]]:
    """The first dealer, and each score as (seat, ``role/phase``, points): role dealer (the
    dealer's side) or pone, phase pegging, hand, crib, heels or start (`score_facts`, each
    label one of a few strings made once)."""
    first_dealer, scores = score_facts(log)
    players = len(side_of)
    out: list[tuple[int | None, str, int]] = []
    for seat, hand, phase, points, crib in scores:
        dealer = (first_dealer + hand - 1) % players
        pone = seat is None or side_of[seat] != side_of[dealer]
        place = _PHASE_PLACES.get(phase, 3 if crib else 4)
        out.append((seat, _LABELS[place + 5 if pone else place], points))
    return first_dealer, out
