"""The fairness check every game gets: a seat's view may show only cards the seat has seen.

A game already says what each seat may see of each event: its ``pegline_redactor`` hook (the one
that hides other seats' cards in a person's JSON stream). A card in a seat's view that no event, as
redacted for that seat, ever showed it is a leak, whatever the view's shape: the check walks the
view's tuples (named or not), lists, mappings and attrs or dataclass fields for cards. A card
the rules lay face up as the step is asked (a hand spread to be counted by hand) is in the view
before it is in the log: it counts as seen when the step that follows shows it.

>>> check_fair_views("two-player", games=2)
[]
>>> check_fair_views("partner", games=1)
[]
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from pegline_core import game_hookspecs
from pegline_core.cards import Card, CardError
from pegline_core.events import Event
from pegline_core.game import Game
from pegline_core.game_hooks import GameHooks
from pegline_core.plugins import Plugins
from pegline_core.turns import Chance
from pegline_core.variant import Variant, load_variant

__all__ = ["cards_in", "SeenCards", "check_fair_views"]


def cards_in(value: object) -> Iterator[Card]:
    """Every card in a view (or an event's dict: card strings count as cards)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, str):
        if 2 <= len(value) <= 3:
            try:
                yield Card.parse(value)
            except CardError:
                pass
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from cards_in(item)
    elif attrs.has(kind := type(value)):
        for field in attrs.fields(kind):
            yield from cards_in(getattr(value, field.name))
    elif dataclasses.is_dataclass(value):
        for item in dataclasses.fields(value):
            yield from cards_in(getattr(value, item.name))


class SeenCards:
    """The cards ``seat`` has seen so far, followed event by event through the game's redactor."""

    def __init__(self, game: Game, seat: int) -> None:
        redactor = GameHooks.of(game.variant.game, game.definition).call(
            game_hookspecs.pegline_redactor)
        self.redact = redactor(variant=game.variant, reveal={seat}).redact
        self.codec = game.codec
        self.cards: set[Card] = set()
        self.followed = 0

    def follow(self, game: Game) -> set[Card]:
        for event in game.log[self.followed:]:
            self.cards.update(cards_in(self.redacted(event)))
        self.followed = len(game.log)
        return self.cards

    def redacted(self, event: Event) -> dict[str, Any]:
        """One event as the seat sees it, as a dict (the events must come in order: a redactor
        may follow the game, as one may follow the dealer)."""
        return self.redact(self.codec.to_dict(event))


def check_fair_views(variant: Variant | str, *, games: int = 20, seed: int = 0,
                     extra_plugins: Plugins | None = None) -> list[str]:
    """Play ``games`` random games and look at every seat's view at every step: a problem for
    each card a view shows that its seat never saw (an empty list when the views are fair)."""
    if isinstance(variant, str):
        variant = load_variant(variant, extra_plugins=extra_plugins)
    problems: list[str] = []
    for number in range(games):
        rng = random.Random(seed + number)
        game = Game(variant, extra_plugins=extra_plugins)
        seen = [SeenCards(game, seat) for seat in range(game.players)]
        while not game.over and len(problems) < 10:
            unseen = [set(cards_in(game.view(seat))) - known.follow(game)
                      for seat, known in enumerate(seen)]
            at = len(game.log)
            to_act = game.to_act
            if isinstance(to_act, Chance):
                game.apply(game.chance_action(rng))
            else:
                legal = game.legal_actions(to_act[0])
                game.apply(legal[rng.randrange(len(legal))])
            for seat, known in enumerate(seen):
                leaked = unseen[seat] - known.follow(game)
                if leaked:
                    problems.append(f"game {number}, event {at}: seat {seat}'s view shows "
                                    f"{' '.join(sorted(map(str, leaked)))}, never seen")
    return problems
