"""Helpers for testing cribbage plugins and variants: build a game with extra plugins, stack a
deal, play.

>>> from pegline_cribbage.testing import make_game, stack, play
>>> game = make_game("two-player")
>>> _ = stack(game, ["3C 4H 9C TH KC KD", "5D TS 2D 7S QC QD"], discards=["KC KD", "QC QD"],
...           starter="AS")
>>> [(e.rule, e.points) for e in scores(play(game, "3C 5D 4H"))]
[('peg-run', 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from pegline_core.cards import DECK, Card, parse_cards
from pegline_core.errors import VariantError
from pegline_core.events import Event, Scored
from pegline_core.game import Game
from pegline_core.strict import format_path
from pegline_core.variant import Variant, load_variant, semantic_problems
from pegline_cribbage.actions import CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.machine import seat_to_play
from pegline_cribbage.phases import CribbagePhase

PEGGING = CribbagePhase.PEGGING

if TYPE_CHECKING:  # the strategies need hypothesis (the test extra); the helpers above do not
    from hypothesis import strategies as st

__all__ = ["make_game", "stack", "play", "scores", "cards", "hands", "deals"]


def make_game(
    variant: str | Variant = "two-player",
    *,
    plugins: Mapping[str, type] | None = None,
    config: Mapping[str, Mapping[str, Any]] | None = None,
    disable: Sequence[str] = (),
    dealer: int = 1,
) -> Game:
    """A game whose variant also uses ``plugins`` (name -> plugin class, not installed), with
    ``config`` tables for them and rule ids to ``disable``; ``dealer`` deals first."""
    plugins = dict(plugins or {})
    base = variant if isinstance(variant, Variant) else load_variant(variant)
    changed = attrs.evolve(
        base,
        plugins=base.plugins + tuple(name for name in plugins if name not in base.plugins),
        config={**base.config, **{k: dict(v) for k, v in (config or {}).items()}},
        disable=base.disable + tuple(disable),
    )
    problems = [f"{format_path(p)}: {m}" for p, m in semantic_problems(changed, plugins)]
    if problems:
        raise VariantError(problems)
    return Game(changed, dealer=dealer, extra_plugins=plugins)


def _cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    return parse_cards(text, distinct=True)


def stack(game: Game, hands: Sequence[str | Iterable[str]], *, discards: Sequence[str],
          starter: str, crib: str = "") -> list[Event]:
    """Deal ``hands`` (one per seat), lay away ``discards`` (per seat), turn the ``starter``."""
    events = [*game.apply(Deal([_cards(h) for h in hands], _cards(crib)))]
    for seat, laid in enumerate(discards):
        events += game.apply(Discard(seat, _cards(laid)))
    return events + game.apply(CutStarter(Card.parse(starter)))


def play(game: Game, plays: str | Iterable[str]) -> list[Event]:
    """Play cards in turn order; a seat that cannot play says go by itself."""
    events: list[Event] = []
    for card in _cards(plays):
        while game.phase == PEGGING and game.legal_actions() == [Go(seat_to_play(game))]:
            events += game.apply(Go(seat_to_play(game)))
        events += game.apply(Play(seat_to_play(game), card))
    return events


def scores(events: Iterable[Event]) -> list[Scored]:
    """The score events among ``events``."""
    return [event for event in events if isinstance(event, Scored)]


def cards() -> st.SearchStrategy[Card]:
    """Any card."""
    from hypothesis import strategies as st

    return st.sampled_from(DECK)


def hands(size: int = 4, *, with_starter: bool = True) -> st.SearchStrategy[tuple[Any, ...]]:
    """Distinct cards: a hand of ``size``, and a starter too (as ``(hand, starter)``)."""
    from hypothesis import strategies as st

    total = size + (1 if with_starter else 0)
    drawn = st.lists(cards(), min_size=total, max_size=total, unique=True)
    if with_starter:
        return drawn.map(lambda cs: (tuple(cs[:size]), cs[size]))
    return drawn.map(tuple)


def deals(variant: Variant) -> st.SearchStrategy[Deal]:
    """A random `Deal` action for ``variant``: its hands and the cards from the deck to the crib."""
    deal = variant.settings.deal
    n, per, extra = variant.table.players, deal.cards, deal.crib_from_deck
    from hypothesis import strategies as st

    return st.permutations(DECK).map(
        lambda deck: Deal([deck[i * per:(i + 1) * per] for i in range(n)],
                          deck[n * per:n * per + extra]))
