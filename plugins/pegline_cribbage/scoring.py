"""Cribbage's scoring hooks called in codes: the one way the machine, the scorer and the coach's
playouts ask the plugins what a step scores.

Each call takes the step with its cards as codes and returns its checked awards in the declared rule
order, each as a counterpart claims it: ``(rule, points, codes)`` (the plugin behind it is the one
that declared the rule, ``ruleset.rules[rule][0]``). While every implementation of the hook has a
native counterpart (and no wrapper or monitor is attached) the counterparts get the step in codes
(`pegline_cribbage.native`) and no `Card` is touched; otherwise the hook takes the contract lane:
its snapshot is built once, with cards, and every implementation is called and checked as
docs/hooks.md says. Both lanes give the same claims, and check every claim alike: its rule
declared by its plugin, its points, its cards among the step's (tests/test_native_lane.py).

>>> from pegline_core import Ruleset, load_variant, parse_cards
>>> from pegline_cribbage.native import codes_of
>>> scoring = Scoring(Ruleset(load_variant("two-player")), hypothetical=True)
>>> series = codes_of(parse_cards("5H 5C 5D"))
>>> [(rule, points) for rule, points, _codes in scoring.play(0, series, 15, (0, 0), 1)]
[('peg-fifteen', 2), ('peg-pair-royal', 6)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pegline_core.cards import DECK
from pegline_core.dispatch import ScoringHook
from pegline_core.errors import PluginError, short_repr
from pegline_core.rules import Award, Score
from pegline_core.ruleset import Ruleset
from pegline_cribbage.native import (
    Claim,
    GameStartCodes,
    PlayCodes,
    SeriesEndCodes,
    ShowCodes,
    ShowTotalCodes,
    StarterCodes,
    cards_of,
    codes_of,
)
from pegline_cribbage.snapshots import Snapshots

__all__ = ["Scoring"]

_DECK: Final = DECK
_Natives = list[tuple[str, Callable[..., Any], object]]
_Known = tuple[int, int | None, bool]
"""A declared rule as the native lane checks a claim of it: (its order, its fixed points or
None where they vary, whether it may be negative)."""
UNDECLARED: Final = -2
"""The order of a claim whose rule its plugin did not declare (it takes the full check)."""
DISABLED: Final = -1
"""The order of a rule the variant switched off (its claims are dropped)."""
_NOTHING: Final[list[Claim]] = []
"""The claims of a step where nothing scores: one list, lent like a counterpart's (never
changed)."""


class Scoring:
    """A ruleset's five cribbage scoring hooks, called in codes; ``hypothetical`` marks every
    step they are asked about (a quiet copy's, the scorer's, the coach's)."""

    def __init__(self, ruleset: Ruleset, *, hypothetical: bool) -> None:
        variant = ruleset.variant
        self.ruleset: Final = ruleset
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical
        self.snapshots: Final = Snapshots(variant, hypothetical=hypothetical)
        self.players: Final[int] = variant.table.players
        self.side_of: Final = tuple([variant.side_of(seat) for seat in range(self.players)])
        self.limit: Final[int] = variant.settings.pegging.limit
        self.game_start_hook: Final = ruleset.scoring("pegline_score_game_start")
        self.starter_hook: Final = ruleset.scoring("pegline_score_starter")
        self.play_hook: Final = ruleset.scoring("pegline_score_play")
        self.series_end_hook: Final = ruleset.scoring("pegline_score_series_end")
        self.show_hook: Final = ruleset.scoring("pegline_score_show")
        self.show_total_hook: Final = ruleset.scoring("pegline_score_show_total")
        self._version = -1
        self._by_plugin: dict[str, dict[str, _Known]] = {}
        # the steps lent to the counterparts, filled for each call (`pegline_cribbage.native`);
        # between calls they hold only what was public (a view's scorer may reach them)
        self._play_step: Final = PlayCodes(0, 0, (), 0, self.players, (), 0, 0, variant,
                                           hypothetical, self.limit)
        self._series_end_step: Final = SeriesEndCodes(0, 0, (), False, self.players, (), 0, 0,
                                                      variant, hypothetical, self.limit)
        self._show_step: Final = ShowCodes(0, (), 0, False, self.players, (), 0, 0, variant,
                                           hypothetical)

    # -- the five steps ------------------------------------------------------------------------

    def game_start(self, dealer: int) -> list[Claim]:
        hook = self.game_start_hook
        natives = hook.natives()
        if natives is not None:
            return self._native(hook, natives, GameStartCodes(
                self.players, dealer, self.variant, self.hypothetical), ())
        return _rows(hook.contract((), self.snapshots.game_start(dealer)))

    def starter(self, starter: int, dealer: int, scores: tuple[int, ...]) -> list[Claim]:
        hook = self.starter_hook
        natives = hook.natives()
        if natives is not None:
            return self._native(hook, natives, StarterCodes(
                starter, dealer, self.players, scores, self.side_of[dealer], self.variant,
                self.hypothetical), None)
        card = _DECK[starter]
        return _rows(hook.contract((card,), self.snapshots.starter(card, dealer, scores)))

    def play(self, seat: int, series: tuple[int, ...], count: int, scores: tuple[int, ...],
             dealer: int) -> list[Claim]:
        """The awards for the last card of ``series`` (the series so far, that card last)."""
        hook = self.play_hook
        natives = hook.natives()
        card = series[len(series) - 1]
        if natives is not None:
            step = self._play_step
            step.seat, step.card, step.series, step.count = seat, card, series, count
            step.scores, step.side, step.dealer = scores, self.side_of[seat], dealer
            return self._native(hook, natives, step, series)
        cards = cards_of(series)
        return _rows(hook.contract(cards, self.snapshots.play(
            seat, _DECK[card], cards, count, scores, dealer)))

    def series_end(self, seat: int, count: int, series: tuple[int, ...], last_of_hand: bool,
                   scores: tuple[int, ...], dealer: int) -> list[Claim]:
        """The awards for a series ended by ``seat``'s last card (a go, the last card)."""
        hook = self.series_end_hook
        natives = hook.natives()
        if natives is not None:
            ended = self._series_end_step
            ended.seat, ended.count, ended.series, ended.last_of_hand = \
                seat, count, series, last_of_hand
            ended.scores, ended.side, ended.dealer = scores, self.side_of[seat], dealer
            return self._native(hook, natives, ended, None)
        return _rows(hook.contract(cards_of(series[len(series) - 1:]), self.snapshots.series_end(
            seat, count, cards_of(series), last_of_hand, scores, dealer)))

    def show(self, seat: int, cards: tuple[int, ...], starter: int, crib: bool,
             scores: tuple[int, ...], dealer: int) -> list[Claim]:
        """The awards of a hand (or the crib) shown with the starter, then those of
        `pegline_score_show_total` on their total, where a plugin implements it."""
        hook = self.show_hook
        natives = hook.natives()
        if natives is not None:
            show = self._show_step
            show.seat, show.cards, show.starter, show.crib = seat, cards, starter, crib
            show.scores, show.side, show.dealer = scores, self.side_of[seat], dealer
            try:
                claims = self._native(hook, natives, show, None)
            finally:  # a hand is private until shown: nothing keeps it past the call
                show.cards = ()
        else:
            shown = cards_of(cards)
            card = _DECK[starter]
            claims = _rows(hook.contract((*shown, card), self.snapshots.show(
                seat, shown, card, crib, scores, dealer)))
        if not self.show_total_hook.hook.implemented():
            return claims
        total = 0
        for claim in claims:
            total += claim[1]
        more = self._show_total(seat, cards, starter, crib, scores, dealer, total)
        return claims + more if more else claims

    def _show_total(self, seat: int, cards: tuple[int, ...], starter: int, crib: bool,
                    scores: tuple[int, ...], dealer: int, total: int) -> list[Claim]:
        """The awards of `pegline_score_show_total` for a show whose claims total ``total``."""
        hook = self.show_total_hook
        natives = hook.natives()
        allowed = cards + (starter,)
        if natives is not None:
            return self._native(hook, natives, ShowTotalCodes(
                seat, cards, starter, crib, self.players, scores, self.side_of[seat], dealer,
                self.variant, self.hypothetical, total), allowed)
        shown = cards_of(cards)
        card = _DECK[starter]
        return _rows(hook.contract((*shown, card), self.snapshots.show(
            seat, shown, card, crib, scores, dealer), total))

    # -- the native lane -----------------------------------------------------------------------

    def _native(self, hook: ScoringHook, natives: _Natives, step: object,
                allowed: tuple[int, ...] | None) -> list[Claim]:
        """Call every counterpart with ``step``; every claim is checked as the contract checks
        it: its rule declared by that plugin, its points the rule's (or any, where the rule's
        vary; below zero only where it is declared negative), its cards among the step's. A
        sound claim is kept as it is (dropped if the variant switched its rule off); any other
        takes the contract's full check, which refuses it with the reason. One counterpart's
        list of claims, all sound and in order, comes back as it is."""
        found: list[Claim] = _NOTHING  # replaced by a list of its own before any append
        borrowed = False  # whether ``found`` is a counterpart's own list (never changed here)
        orders: dict[str, dict[str, _Known]] | None = None  # looked up once something is claimed
        mask = -1  # the step's cards as bits, made with the first claim
        ordered = True  # whether the awards came in the declared order (they usually do)
        last = -1
        for name, counterpart, owner in natives:
            try:
                claims = counterpart(owner, step)
            except Exception as exc:
                raise hook.hook._failed(name, exc) from exc
            if claims is None:
                continue
            if type(claims) is not list:
                raise PluginError(f"plugin {name!r}: the native counterpart of {hook.name} must "
                                  f"return a list of claims or None, got "
                                  f"{type(claims).__name__}", plugin=name, hook=hook.name)
            if orders is None:
                orders = self._orders()
            if mask < 0 and claims:
                mask = _mask(allowed if allowed is not None else _allowed(step))
            rules = orders.get(name)
            whole = not found  # its sound claims alone so far: its list can be lent as it is
            for index in range(len(claims)):
                raw: Any = claims[index]
                order = UNDECLARED
                if rules is not None and type(raw) is tuple and len(raw) == 3 \
                        and type(raw[0]) is str:
                    known = rules.get(raw[0])
                    if known is not None and _sound(raw[1], raw[2], known, mask):
                        order = known[0]
                if order < 0 or not whole:
                    if whole:  # the claims before this one, then no more lending
                        found, borrowed, whole = claims[:index], False, False
                    elif borrowed:
                        found, borrowed = list(found), False
                    if order == DISABLED:
                        continue
                    if order == UNDECLARED:
                        award = self.ruleset.check_claim(name, hook.name,
                                                         _as_score(name, hook.name, raw),
                                                         cards_of(allowed if allowed is not None
                                                                  else _allowed(step)))
                        if award is None:
                            continue
                        raw = _rows([award])[0]
                        order = self.ruleset.order[award.rule.id]
                    found.append(raw)
                if order < last:
                    ordered = False
                last = order
            if whole and claims:
                found, borrowed = claims, True
        if not ordered:
            order_of = self.ruleset.order
            found = sorted(found, key=lambda claim: order_of[claim[0]])
        return found

    def _orders(self) -> dict[str, dict[str, _Known]]:
        """Each plugin's declared rules with their place in the rule order (`DISABLED` for a
        rule the variant switched off), their fixed points (None where they vary) and
        whether they may be negative, kept until a plugin joins or leaves."""
        changes = self.ruleset.pm.changes
        if self._version != changes.version:
            ruleset = self.ruleset
            order, disabled = ruleset.order, ruleset.disabled
            self._by_plugin = {
                plugin: {rule_id: (DISABLED if rule_id in disabled else order[rule_id],
                                   rule.points,
                                   rule.negative)
                         for rule_id, rule in rules.items()}
                for plugin, rules in ruleset._declared.items()}
            self._version = changes.version
        return self._by_plugin


def _sound(points: Any, codes: Any, known: _Known, mask: int) -> bool:
    """Whether a claim of a declared rule (``known``: its order, points and sign) passes the
    contract's check: integer points, the rule's own where fixed, below zero only where declared
    negative, and a tuple of codes of cards in ``mask`` (the step's)."""
    if type(points) is not int:
        return False
    fixed = known[1]
    if (fixed is not None and points != fixed) or (points < 0 and not known[2]):
        return False
    if type(codes) is not tuple:
        return False
    for code in codes:
        if type(code) is not int or code < 0 or code > 51 or not (mask >> code) & 1:
            return False
    return True


def _mask(codes: tuple[int, ...]) -> int:
    """The cards ``codes`` as bits: bit ``code`` for each."""
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


def _allowed(step: object) -> tuple[int, ...]:
    """The cards a claim on ``step`` may name, where the caller did not have them at hand (made
    only once something is claimed)."""
    if isinstance(step, ShowCodes):
        return step.cards + (step.starter,)
    if isinstance(step, SeriesEndCodes):
        return step.series[len(step.series) - 1:]
    if isinstance(step, StarterCodes):
        return (step.starter,)
    return ()


def _rows(awards: list[Award]) -> list[Claim]:
    """Checked `Award` objects as claims in codes."""
    return [(rule.id, score[1], codes_of(score[2])) for _plugin, rule, score in awards]


def _as_score(plugin: str, hook: str, claim: Any) -> Score:
    """A counterpart's claim that failed the quick check, as the `Score` it stands for (its
    codes read as cards), for the contract's check to accept or refuse with the reason."""
    try:
        rule, points, codes = claim
        codes = tuple(codes)
    except Exception:  # noqa: BLE001 - anything a plugin returns becomes a PluginError
        codes = None
    if codes is None or not all(type(code) is int and 0 <= code < 52 for code in codes):
        raise PluginError(f"plugin {plugin!r} in {hook}: a native claim is (rule, points, "
                          f"card codes), not {short_repr(claim)}", plugin=plugin, hook=hook)
    return Score(rule, points, cards_of(codes))
