"""Cribbage's table in the browser (`pegline serve`): a seat's view as JSON, moves from the page.

Everything here is built from one seat's `CribbageView` and the public part of the log (scores,
shows, how many cards each seat holds), never from another seat's cards; the server sends
nothing else. The page draws it with ``static/table.js``.

>>> from pegline_core import Game, parse_cards
>>> from pegline_cribbage.actions import Deal
>>> game = Game("two-player", dealer=1)
>>> _ = game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
>>> table = CribbageTable(game.variant)
>>> data = table.table(game.view(0), game.log)
>>> data["held"], data["holding"], data["crib_owner"]
(['2C', '5C', '5H', '9H', 'JD', 'KS'], [6, 6], 1)
>>> table.prompt(game.view(0), game.legal_actions(0))
{'kind': 'discard', 'need': 2}
>>> table.action(0, {"type": "discard", "cards": ["2C", "9H"]}, game.view(0))
Discard(seat=0, cards=(Card.parse('2C'), Card.parse('9H')))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from pegline_core.app.i18n import N_, Messages
from pegline_core.app.web.protocol import RequestError, move_kind, whole
from pegline_core.cards import Card, parse_cards
from pegline_core.coaching import Comparison
from pegline_core.events import Action, Event, Input, Scored
from pegline_core.game import Game
from pegline_core.variant import Variant
from pegline_cribbage.actions import (
    RESPONSES,
    Deal,
    Declare,
    Discard,
    Go,
    Play,
    Respond,
    move_cards,
)
from pegline_cribbage.events import CountSettled, HandShown
from pegline_cribbage.machine import CribbageMachine
from pegline_cribbage.views import CribbageView

__all__ = ["CribbageTable"]

Json = dict[str, Any]
STATIC = Path(__file__).resolve().parent / "static"

OPTIONS: tuple[Json, ...] = (
    {"name": "counting", "label": N_("Counting"),
     "choices": [{"value": "auto", "label": N_("hands count themselves"), "overlays": []},
                 {"value": "muggins", "label": N_("muggins: count your own hands"),
                  "overlays": ["muggins"]}]},
    {"name": "target", "label": N_("Game to"),
     "choices": [{"value": "variant", "label": N_("the variant's target"), "overlays": []},
                 {"value": "61", "label": N_("61 (once around)"), "overlays": ["to-61"]},
                 {"value": "121", "label": N_("121 (twice around)"), "overlays": ["to-121"]}]},
)
"""The setup choices: muggins on or off, 61 or 121 on any variant (overlays in variants/)."""

_ = Messages("pegline_cribbage").gettext
_MOVES = {"discard": {"cards"}, "play": {"card"}, "go": set(), "declare": {"points"},
          "respond": {"response", "points"}}


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _sorted(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in sorted(cards, key=lambda card: card.index)]


class CribbageTable:
    """Cribbage's `pegline_core.app.web.protocol.WebTable`."""

    script = STATIC / "table.js"
    style = STATIC / "table.css"
    options = OPTIONS

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    # -- what the page shows -------------------------------------------------------------------

    def table(self, view: CribbageView, log: Sequence[Event]) -> Json:
        sides = self.variant.sides
        counting = None
        if view.counting is not None:
            seat, cards, crib, declared = view.counting
            counting = {"seat": seat, "cards": _cards(cards), "crib": crib,
                        "declared": None if declared < 0 else declared}
        return {
            "seat": view.seat, "phase": view.phase, "hand": view.hand, "dealer": view.dealer,
            "crib_owner": view.dealer, "side": view.side, "sides": [list(s) for s in sides],
            "partners": [s for s in sides[view.side] if s != view.seat],
            "scores": list(view.scores), "target": view.target, "lowball": view.lowball,
            "limit": view.limit, "held": _sorted(view.held), "kept": _sorted(view.kept),
            "starter": None if view.starter is None else str(view.starter),
            "count": view.count, "series": _cards(view.series),
            "played": [[seat, str(card)] for seat, card in view.played],
            "counting": counting, "max_declaration": view.max_declaration,
            "pegs": _pegs(log, len(sides)), "holding": _holding(log, view.hand, view.players),
            "laid": _sorted(view.laid), "crib_cards": _crib_cards(log, view.hand),
            "shows": _shows(log),
        }

    def prompt(self, view: CribbageView, legal: Sequence[Action]) -> Json:
        if not legal:
            return {"kind": "wait"}
        first = legal[0]
        if isinstance(first, Discard):
            return {"kind": "discard", "need": len(first.cards)}
        if isinstance(first, Go):
            return {"kind": "go", "count": view.count, "limit": view.limit}
        if isinstance(first, Play):
            return {"kind": "play",
                    "playable": _sorted([a.card for a in legal if isinstance(a, Play)])}
        assert view.counting is not None
        seat, cards, crib, declared = view.counting
        asked = {"counter": seat, "cards": _cards(cards), "crib": crib,
                 "max": view.max_declaration}
        if isinstance(first, Declare):
            return {"kind": "declare", **asked}
        return {"kind": "respond", "declared": declared, **asked}

    # -- moves from the page -------------------------------------------------------------------

    def action(self, seat: int, data: Mapping[str, object], view: CribbageView) -> Action:
        kind = move_kind(data, _MOVES)
        if kind == "discard":
            cards = data.get("cards")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise RequestError(_("a discard's cards are a list of cards like ['5H', 'JS']"))
            return Discard(seat, parse_cards(cards))
        if kind == "play":
            card = data.get("card")
            if not isinstance(card, str):
                raise RequestError(_("a play's card is one card like '5H'"))
            return Play(seat, Card.parse(card))
        if kind == "go":
            return Go(seat)
        points = whole(data.get("points", 0), "points", 0, view.max_declaration)
        if kind == "declare":
            return Declare(seat, points)
        response = data.get("response")
        if response not in RESPONSES:
            raise RequestError(_("a response is one of {responses}, not {response}").format(
                responses=", ".join(RESPONSES), response=repr(response)))
        return Respond(seat, response, points)

    def committed(self, action: Action) -> bool:
        return isinstance(action, Discard | Play)

    def compare(self, comparison: Comparison) -> Json:
        from pegline_cribbage.compare import note, reason_label, reason_value

        evaluation = comparison.evaluation
        ranks = evaluation.ranks
        candidates = []
        for index, (candidate, rank) in enumerate(zip(evaluation.candidates, ranks,
                                                      strict=True)):
            candidates.append({
                "cards": _cards(move_cards(candidate.action)), "value": round(candidate.value, 6),
                "rank": rank, "tied": ranks.count(rank) > 1, "chosen": index == comparison.chosen,
                "reasons": [{"name": name, "value": reason, "label": reason_label(name),
                             "said": reason_value(reason)}
                            for name, reason in candidate.reasons],
            })
        return {"decision": evaluation.decision, "hand": comparison.hand,
                "note": note(evaluation.note), "candidates": candidates}

    def replay_table(self, game: Game) -> Json:
        machine = game.machine
        assert isinstance(machine, CribbageMachine)
        data = self.table(machine.view(0), game.log)
        dealt = bool(machine.held)
        data["hands"] = [_sorted(held) for held in machine.held] if dealt else []
        data["crib"] = _sorted(machine.crib)
        return data

    def public_table(self, game: Game) -> Json:
        data = self.table(cast(CribbageView, game.view(0)), game.log)
        data |= {"seat": None, "side": -1, "partners": [], "held": [], "kept": [], "laid": [],
                 "hands": [], "crib": [None] * data["crib_cards"]}
        return data


def _pegs(log: Sequence[Event], sides: int) -> list[Json]:
    """Each side's front and back peg: the score now and the score before its last points."""
    pegs = [{"front": 0, "back": 0} for _ in range(sides)]
    for event in log:
        if isinstance(event, Scored) and event.points:
            pegs[event.side] = {"front": event.total, "back": event.total - event.points}
    return pegs


def _holding(log: Sequence[Event], hand: int, players: int) -> list[int]:
    """How many cards each seat holds in ``hand`` (public: dealt, laid away and played)."""
    holding = [0] * players
    for event in log:
        if not isinstance(event, Input) or event.hand != hand:
            continue
        action = event.action
        if isinstance(action, Deal):
            holding = [len(cards) for cards in action.hands]
        elif isinstance(action, Discard):
            holding[action.seat] -= len(action.cards)
        elif isinstance(action, Play):
            holding[action.seat] -= 1
    return holding


def _crib_cards(log: Sequence[Event], hand: int) -> int:
    """How many cards the crib holds in ``hand`` (public: laid away, and from the deck)."""
    count = 0
    for event in log:
        if isinstance(event, Input) and event.hand == hand:
            action = event.action
            if isinstance(action, Deal):
                count = len(action.crib)
            elif isinstance(action, Discard):
                count += len(action.cards)
    return count


def _shows(log: Sequence[Event]) -> list[Json]:
    """The shows of the latest hand that had any, each with its breakdown: the hands and the
    crib as counted (automatically, or declared and settled when counting by hand)."""
    shows: list[Json] = []
    current: Json | None = None
    for event in log:
        if isinstance(event, HandShown | CountSettled):
            if shows and shows[-1]["hand"] != event.hand:
                shows = []
            current = {"hand": event.hand, "seat": event.actor, "crib": event.crib,
                       "cards": _cards(event.cards), "starter": str(event.starter),
                       "points": event.points, "lines": [], "moves": []}
            if isinstance(event, CountSettled):
                current |= {"declared": event.declared, "outcome": event.outcome,
                            "claimant": event.claimant,
                            "lines": [{"rule": c.rule, "points": c.points, "cards": _cards(c.cards)}
                                      for c in event.breakdown]}
            shows.append(current)
        elif isinstance(event, Scored) and current is not None:
            line = {"rule": event.rule, "points": event.points, "cards": _cards(event.cards),
                    "seat": event.actor}
            current["moves" if "outcome" in current else "lines"].append(line)
        elif not isinstance(event, Scored):
            current = None
    return shows
