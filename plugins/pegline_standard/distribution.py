"""The exact show distribution under the standard rules, vectorised with numpy (about a second).

The rank-based points (fifteens, pairs, runs) of a hand and starter depend only on the hand's rank
pattern and the starter's rank, so they are filled into a table through the plugin's own scalar
counter, once per pattern. Flushes and nobs are then added per starter over all hands at once.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pegline_standard import StandardRules

@cache
def _hands() -> np.ndarray:
    """Every 4-card hand as card indices (rank = index // 4, suit = index % 4)."""
    return np.array(list(combinations(range(52), 4)), dtype=np.int16)


def show_distribution(rules: StandardRules, crib: bool) -> dict[int, int]:
    """Count of every total over all 12,994,800 (4-card hand, starter) pairs."""
    hands = _hands()
    rows = np.arange(len(hands))
    ranks, suits = hands // 4, hands % 4
    pattern = ((ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]) * 13 + ranks[:, 3]
    patterns, which = np.unique(pattern, return_inverse=True)
    # rank-based points per (pattern, starter rank): the plugin's own rank formula
    rank_points = np.zeros((len(patterns), 13), dtype=np.int32)
    for row, code in enumerate(patterns.tolist()):
        pattern_ranks = [(code // 13 ** k) % 13 + 1 for k in (3, 2, 1, 0)]
        for starter_rank in range(1, 14):
            rank_points[row, starter_rank - 1] = rules.rank_points([*pattern_ranks, starter_rank])
    c = rules.config
    holds = np.zeros((len(hands), 52), dtype=bool)
    for column in range(4):
        holds[rows, hands[:, column]] = True
    flush_suit = np.where((suits == suits[:, :1]).all(axis=1), suits[:, 0], -1)
    jack_suits = ((ranks == 10) * (1 << suits)).sum(axis=1)  # a bit per suit of a jack held
    hand_flush = 0 if crib and c.crib_flush_needs_starter else 4 * c.flush_per_card
    counts = np.zeros(64, dtype=np.int64)
    for starter in range(52):
        keep = ~holds[:, starter]
        s_rank, s_suit = starter // 4, starter % 4
        points = rank_points[which[keep], s_rank]
        flush = flush_suit[keep]
        points = points + np.where(flush == s_suit, 5 * c.flush_per_card,
                                   np.where(flush >= 0, hand_flush, 0))
        points += c.nobs * ((jack_suits[keep] >> s_suit) & 1)
        counts += np.bincount(points, minlength=64)[:64]
    return {total: int(n) for total, n in enumerate(counts) if n}
