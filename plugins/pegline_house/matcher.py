"""The one matcher of house rules written as data, on card codes (compiled: ``[tool.pegline]
compiled`` in pyproject.toml).

A variant's rules are prepared once, when the plugin is built, into `Prepared` rows of plain
integers (rank and count sets as bit masks); each step is matched against the rows of its
moment. Both lanes call it: the native counterparts with the step in codes, the hook
implementations with the snapshot's cards turned into codes, so both give the same claims.
A claim is ``(rule id, points, codes)`` (`pegline_cribbage.native`). A code is a card's index:
``code >> 2`` is its rank less one, ``code & 3`` its suit.

>>> from pegline_core.strict import structure_strict
>>> from pegline_cribbage.native import codes_of
>>> from pegline_core.cards import parse_cards
>>> from pegline_house.schema import HouseRule
>>> rule = structure_strict({"id": "long-run", "name": {"en": "a long run"}, "when": "play",
...                          "points": 2, "match": {"run": {"min": 5}}}, HouseRule)
>>> matcher = Matcher([rule])
>>> matcher.play(codes_of(parse_cards("3C 4D 6H 5S 7C")), 25, -1)
[('long-run', 2, (8, 13, 22, 19, 24))]
>>> matcher.play(codes_of(parse_cards("3C 4D 6H 5S")), 18, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegline_cribbage.combinations import run_tail_codes, same_rank_tail_codes
from pegline_house.schema import RANKS, HouseRule, Match

__all__ = ["Matcher", "Prepared", "prepare", "run_tail", "show_runs"]

Claim = tuple[str, int, tuple[int, ...]]

PLAY: Final = 0
SERIES_END: Final = 1
STARTER: Final = 2
SHOW: Final = 3
AFTER_SHOW: Final = 4
_MOMENTS: Final = {"play": PLAY, "series-end": SERIES_END, "starter": STARTER, "show": SHOW,
                   "after-show": AFTER_SHOW}
_ALL_RANKS: Final = (1 << 13) - 1
_HAND: Final = 1
_CRIB: Final = 2
_ENDING: Final = {"go": 1, "last-card": 2}
_JACK: Final = 10


class Prepared:
    """One rule as plain integers: 0 (or -1 where 0 is a value) for a key not given."""

    def __init__(self, rule_id: str, moment: int, fixed: int, per_card: int, sides: int,
                 same_exact: int, same_min: int, ranks: int, run_min: int, corner: bool,
                 in_order: bool, suit_min: int, counts: int, ending: int, flush: int,
                 nobs: bool, total: int, short: int) -> None:
        self.rule_id = rule_id
        self.moment = moment
        self.fixed = fixed
        """The points of a claim, or -1 where they are ``per_card`` times its cards."""
        self.per_card = per_card
        self.sides = sides
        """Bits: 1 a hand's show, 2 the crib's."""
        self.same_exact = same_exact
        self.same_min = same_min
        self.ranks = ranks
        """Bit ``rank - 1`` for each rank a matched card may have."""
        self.run_min = run_min
        self.corner = corner
        self.in_order = in_order
        self.suit_min = suit_min
        self.counts = counts
        """Bit ``count`` for each count the play may make (0: any)."""
        self.ending = ending
        """1 a go, 2 the last card, 0 either."""
        self.flush = flush
        """-1 not asked, 0 the hand's cards (five with the starter), 1 all five."""
        self.nobs = nobs
        self.total = total
        """The other claims' total an after-show rule needs, or -1."""
        self.short = short
        """The stink hole: no claim for a side this many points short of the target (0: none)."""

    def points(self, cards: int) -> int:
        """The points of a claim of ``cards`` cards."""
        return self.fixed if self.fixed >= 0 else self.per_card * cards


def prepare(rule: HouseRule) -> Prepared:
    """The rule as plain integers. A value the checks refuse (`pegline_house.checks`) is read
    as nothing asked: such a rule never reaches a game."""
    match: Match = rule.match
    same = match.same_rank
    same_exact = same if isinstance(same, int) else 0
    same_min = same.min if same is not None and not isinstance(same, int) else 0
    ranks = _ALL_RANKS
    if match.ranks is not None:
        ranks = 0
        for name in match.ranks:
            if name in RANKS:
                ranks |= 1 << RANKS.index(name)
    counts = 0
    for count in ((match.count,) if isinstance(match.count, int) else match.count or ()):
        if 0 <= count < 1024:
            counts |= 1 << count
    run = match.run
    flush = match.flush
    return Prepared(
        rule.id, _MOMENTS.get(rule.when, -1),
        rule.points if rule.points is not None else -1,
        rule.per_card if rule.per_card is not None else 0,
        {"hand": _HAND, "crib": _CRIB}.get(rule.sides, _HAND | _CRIB),
        same_exact, same_min, ranks,
        max(run.min, 3) if run is not None else 0,
        run is not None and run.corner, run is not None and run.in_order,
        match.suit.min if match.suit is not None else 0,
        counts, _ENDING.get(match.ending or "", 0),
        -1 if flush is None else int(flush.starter),
        bool(match.nobs),
        match.total if match.total is not None else -1,
        rule.unless.short_of_target or 0)


class Matcher:
    """A variant's house rules, prepared, by the moment they apply."""

    def __init__(self, rules: Sequence[HouseRule]) -> None:
        prepared = [prepare(rule) for rule in rules]
        self.moments: list[list[Prepared]] = [
            [rule for rule in prepared if rule.moment == moment] for moment in range(5)]
        self.play_rules: Final = self.moments[PLAY]
        self.series_end_rules: Final = self.moments[SERIES_END]
        self.starter_rules: Final = self.moments[STARTER]
        self.show_rules: Final = self.moments[SHOW]
        self.after_show_rules: Final = self.moments[AFTER_SHOW]
        self.reads_score: Final = any(rule.short for rule in prepared)
        """Whether a rule reads the side's score (the steps' ``gap`` is -1 otherwise)."""

    # -- the pegging ---------------------------------------------------------------------------

    def play(self, series: tuple[int, ...], count: int, gap: int) -> list[Claim] | None:
        """The claims for the last card of ``series``, which made ``count``; ``gap`` is the
        playing side's points short of the target (-1 where no rule reads it)."""
        claims: list[Claim] | None = None
        n = len(series)
        same = suited = straight = -1  # each tail measured once a step, when a rule asks
        for rule in self.play_rules:
            if rule.short and gap == rule.short:
                continue
            if rule.counts and not (rule.counts >> count) & 1:
                continue
            length = 0
            if rule.same_exact or rule.same_min:
                if same < 0:
                    same = same_rank_tail_codes(series)
                if same < rule.same_min or (rule.same_exact and same != rule.same_exact):
                    continue
                length = same
            if rule.run_min:
                if rule.corner or rule.in_order:
                    run = run_tail(series, rule.corner, rule.in_order)
                else:
                    if straight < 0:
                        straight = run_tail_codes(series)
                    run = straight
                if run < rule.run_min:
                    continue
                length = max(length, run)
            if rule.suit_min:
                if suited < 0:
                    suited = suit_tail(series)
                if suited < rule.suit_min:
                    continue
                length = max(length, suited)
            if length == 0:
                length = n if rule.counts else 1
            claimed = series[n - length:]
            if not _ranks_among(claimed, rule.ranks):
                continue
            claims = _added(claims, (rule.rule_id, rule.points(length), claimed))
        return claims

    def series_end(self, series: tuple[int, ...], count: int, limit: int, last_of_hand: bool,
                   gap: int) -> list[Claim] | None:
        """The claims for a series ended by its last card at ``count``: below the ``limit``,
        a go or the hand's last card (at the limit, nothing)."""
        if count == limit:
            return None
        claims: list[Claim] | None = None
        ending = 2 if last_of_hand else 1
        for rule in self.series_end_rules:
            if (rule.short and gap == rule.short) or (rule.ending and rule.ending != ending):
                continue
            claims = _added(claims, (rule.rule_id, rule.points(1), series[len(series) - 1:]))
        return claims

    def starter(self, starter: int, gap: int) -> list[Claim] | None:
        """The claims for the starter turned, for the dealer."""
        claims: list[Claim] | None = None
        for rule in self.starter_rules:
            if (rule.short and gap == rule.short) or not (rule.ranks >> (starter >> 2)) & 1:
                continue
            claims = _added(claims, (rule.rule_id, rule.points(1), (starter,)))
        return claims

    # -- the show ------------------------------------------------------------------------------

    def show(self, cards: tuple[int, ...], starter: int, crib: bool,
             gap: int) -> list[Claim] | None:
        """The claims for a hand (or the crib) shown with the starter."""
        claims: list[Claim] | None = None
        side = _CRIB if crib else _HAND
        for rule in self.show_rules:
            if not rule.sides & side or (rule.short and gap == rule.short):
                continue
            for claimed in _show_matches(rule, cards, starter):
                if _ranks_among(claimed, rule.ranks):
                    claims = _added(claims, (rule.rule_id, rule.points(len(claimed)), claimed))
        return claims

    def after_show(self, cards: tuple[int, ...], crib: bool, total: int,
                   gap: int) -> list[Claim] | None:
        """The claims for a show whose other claims total ``total``; a claim names the shown
        hand's (or crib's) cards."""
        claims: list[Claim] | None = None
        side = _CRIB if crib else _HAND
        for rule in self.after_show_rules:
            if not rule.sides & side or (rule.short and gap == rule.short) or \
                    (rule.total >= 0 and total != rule.total):
                continue
            claims = _added(claims, (rule.rule_id, rule.points(len(cards)), cards))
        return claims

    def show_maximum(self, hand_size: int, crib: bool) -> int:
        """A bound on the points the show rules and after-show rules can give a hand (or the
        crib) of ``hand_size`` cards with the starter: each rule's most claims times its most
        points a claim (a double-double run's runs are at most 2 ** cards)."""
        side = _CRIB if crib else _HAND
        cards = hand_size + 1
        bound = 0
        for rule in self.show_rules + self.after_show_rules:
            if not rule.sides & side:
                continue
            claims = 1
            if rule.moment == SHOW and (rule.same_exact or rule.same_min):
                claims = cards // max(rule.same_exact, rule.same_min, 1)
            elif rule.moment == SHOW and rule.run_min:
                claims = 2 ** cards
            bound += claims * rule.points(cards)
        return bound

    def show_points(self, cards: tuple[int, ...], starter: int, crib: bool) -> int:
        """The sum of `show`'s claims (the plugin's show counter): no rule of the show reads the
        side's score then."""
        points = 0
        for _rule, claimed_points, _codes in self.show(cards, starter, crib, -1) or ():
            points += claimed_points
        return points


def _added(claims: list[Claim] | None, claim: Claim) -> list[Claim]:
    """``claims`` with ``claim`` added (a list made for the first: most steps claim nothing)."""
    if claims is None:
        return [claim]
    claims.append(claim)
    return claims


def _show_matches(rule: Prepared, cards: tuple[int, ...],
                  starter: int) -> list[tuple[int, ...]]:
    """The cards of each claim a show rule makes (before its ``ranks`` are checked)."""
    if rule.same_exact or rule.same_min:
        return _same_ranks(cards, starter, rule.same_exact, rule.same_min)
    if rule.run_min:
        if not _may_run(cards, starter, rule.corner):
            return []
        return show_runs(cards + (starter,), rule.corner, rule.run_min)
    if rule.flush >= 0:
        suit = cards[0] & 3
        for code in cards:
            if code & 3 != suit:
                return []
        if starter & 3 == suit:
            return [cards + (starter,)]
        return [] if rule.flush else [cards]
    if rule.nobs:
        return [(code, starter) for code in cards
                if code >> 2 == _JACK and code & 3 == starter & 3]
    return [cards + (starter,)]


def _same_ranks(cards: tuple[int, ...], starter: int, exact: int,
                least: int) -> list[tuple[int, ...]]:
    """Each group of the cards and starter of one rank, ascending, that has ``exact`` cards
    (or, where ``exact`` is 0, ``least`` or more): the ranks held at least once, twice, three
    and four times are four bit masks, made in one pass."""
    once = 1 << (starter >> 2)
    twice = thrice = four = 0
    for code in cards:
        bit = 1 << (code >> 2)
        four |= thrice & bit
        thrice |= twice & bit
        twice |= once & bit
        once |= bit
    held = (once, twice, thrice, four)
    size = exact or least
    wanted = held[size - 1] if 1 <= size <= 4 else 0
    if exact and exact < 4:
        wanted &= ~held[exact]
    found: list[tuple[int, ...]] = []
    if wanted:
        codes = cards + (starter,)
        for rank in range(13):
            if (wanted >> rank) & 1:
                found.append(tuple(sorted([code for code in codes if code >> 2 == rank])))
    return found


def _may_run(cards: tuple[int, ...], starter: int, corner: bool) -> bool:
    """Whether three consecutive ranks are among the cards (a quick test before the runs)."""
    ranks = 1 << (starter >> 2)
    for code in cards:
        ranks |= 1 << (code >> 2)
    if corner:
        ranks |= ranks << 13
    return ranks & (ranks >> 1) & (ranks >> 2) != 0


def _ranks_among(codes: tuple[int, ...], ranks: int) -> bool:
    if ranks == _ALL_RANKS:
        return True
    for code in codes:
        if not (ranks >> (code >> 2)) & 1:
            return False
    return True


def suit_tail(series: tuple[int, ...]) -> int:
    """How many cards at the end of the series share the last card's suit, unbroken."""
    n = len(series)
    suit = series[n - 1] & 3
    length = 1
    while length < n and series[n - 1 - length] & 3 == suit:
        length += 1
    return length


def run_tail(series: tuple[int, ...], corner: bool, in_order: bool) -> int:
    """The longest tail of 3 or more cards of distinct, consecutive ranks (``corner``: around
    the king to the ace too; ``in_order``: played in consecutive order, up or down), else 0.

    >>> from pegline_cribbage.native import codes_of
    >>> from pegline_core.cards import parse_cards
    >>> [run_tail(codes_of(parse_cards(text)), corner, order) for text, corner, order in (
    ...     ("4C 6D 5H", False, False), ("4C 6D 5H", False, True), ("QC KD AH", True, False),
    ...     ("QC KD AH", False, False), ("2C KD AH", True, True), ("6C 5D 4H 3S", False, True),
    ...     ("AC KD QH", False, True), ("AC KD QH", True, True))]
    [3, 0, 3, 0, 0, 4, 0, 3]
    """
    n = len(series)
    if n < 3:
        return 0
    if in_order:
        step = ((series[n - 1] >> 2) - (series[n - 2] >> 2)) % 13 if corner else \
            (series[n - 1] >> 2) - (series[n - 2] >> 2)
        if step != 1 and step != (12 if corner else -1):
            return 0
        length = 2
        while length < n and length < 13:
            before = (series[n - length] >> 2) - (series[n - 1 - length] >> 2)
            if corner:
                before %= 13
            if before != step:
                break
            length += 1
        return length if length >= 3 else 0
    if not corner:
        return run_tail_codes(series)
    seen = 0
    longest = 0
    for index in range(n - 1, max(n - 14, -1), -1):  # the tails, shortest first
        bit = 1 << (series[index] >> 2)
        if seen & bit:
            break
        seen |= bit
        if n - index >= 3 and _arcs(seen) == 1:
            longest = n - index
    return longest


def _arcs(ranks: int) -> int:
    """How many arcs of consecutive ranks the rank bits make on the 13-rank circle."""
    starts = 0
    for rank in range(13):
        if (ranks >> rank) & 1 and not (ranks >> ((rank + 12) % 13)) & 1:
            starts += 1
    return starts


def show_runs(codes: tuple[int, ...], corner: bool, least: int) -> list[tuple[int, ...]]:
    """Every run of ``least`` (3 or more) consecutive ranks among ``codes``, with multiplicity
    (a double run is two), each the longest its ranks make (``corner``: around the king to
    the ace too); each run's cards in rank order, and of one rank in the order given.

    >>> from pegline_cribbage.native import codes_of
    >>> from pegline_core.cards import parse_cards
    >>> len(show_runs(codes_of(parse_cards("KH AC 2D 2S 9C")), True, 3))
    2
    """
    buckets: list[list[int]] = [[] for _ in range(13)]
    ranks: list[int] = []  # in the order the cards first show them: the runs come in that order
    for code in codes:
        if not buckets[code >> 2]:
            ranks.append(code >> 2)
        buckets[code >> 2].append(code)
    present = len(ranks)
    found: list[tuple[int, ...]] = []
    for start in ranks:
        before = (start + 12) % 13 if corner else start - 1
        if before >= 0 and buckets[before]:
            continue
        arc = [start]
        rank = start
        while len(arc) < present:
            rank = (rank + 1) % 13 if corner else rank + 1
            if rank > 12 or not buckets[rank]:
                break
            arc.append(rank)
        if len(arc) < max(least, 3):
            continue
        runs: list[tuple[int, ...]] = [()]
        for arc_rank in arc:
            runs = [run + (code,) for run in runs for code in buckets[arc_rank]]
        found.extend(runs)
    return found
