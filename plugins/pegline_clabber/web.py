"""Clabber's table in the browser (`pegline serve`): a seat's view as JSON, moves from the page.

Everything here is built from one seat's `ClabberView` and the public part of the log (the
calls, the tricks as they are turned, melds, the counts, renege verdicts), never from another
seat's cards; the server sends nothing else. The page draws it with ``static/table.js``.

>>> from pegline_core import Game, parse_cards
>>> from pegline_clabber.actions import CutForDeal, Deal
>>> game = Game("clabber")
>>> _ = game.apply(CutForDeal(parse_cards("9C JD AH KS")))
>>> hands = [parse_cards(h) for h in ("JH 9H AS TS KC 9D", "QC QD AD TD KD 9S",
...                                   "JC 9C AC TC QS JS", "AH TH KH QH KS JD")]
>>> _ = game.apply(Deal(10, hands))
>>> table = ClabberTable(game.variant)
>>> data = table.table(game.view(3), game.log)
>>> data["dealer"], data["held"], data["turn_card"], data["trump"]
(2, ['JD', 'AH', 'TH', 'KH', 'QH', 'KS'], 'JS', '')
>>> table.prompt(game.view(3), game.legal_actions(3))   # play the turn card's suit, or pass
{'kind': 'name', 'round': 1, 'suits': ['S'], 'calls': []}
>>> table.action(3, {"type": "name", "suit": "S"}, game.view(3))
Name(seat=3, suit='S')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from pegline_clabber.actions import (
    Announce,
    CallRenege,
    Deal,
    LetStand,
    Name,
    Pass,
    Play,
    Show,
)
from pegline_clabber.cards import SUITS, legal_plays, power
from pegline_clabber.events import (
    HandCounted,
    HandDead,
    HandSettled,
    RenegeCalled,
    RenegesVoid,
    TrickTaken,
)
from pegline_clabber.machine import ClabberMachine
from pegline_clabber.reasons import translate
from pegline_clabber.views import ClabberView
from pegline_core.app.i18n import Messages
from pegline_core.app.web.protocol import LARGEST, RequestError, move_kind, whole
from pegline_core.cards import Card
from pegline_core.coaching import Comparison
from pegline_core.events import Action, Event, Input, Scored
from pegline_core.game import Game
from pegline_core.variant import Variant

__all__ = ["ClabberTable"]

Json = dict[str, Any]
_ = Messages("pegline_clabber").gettext
STATIC = Path(__file__).resolve().parent / "static"

_MOVES = {"pass": set(), "name": {"suit"}, "announce": set(), "show": set(), "play": {"card"},
          "renege": {"target"}, "stand": set()}


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _sorted(cards: Sequence[Card], trump: str) -> list[str]:
    """A hand as a player holds it: trump first, then suit by suit, high to low."""
    order = (trump + SUITS.replace(trump, "")) if trump else SUITS
    return [str(card) for card in sorted(
        cards, key=lambda card: (order.index(card.suit), -power(card, trump)))]


class ClabberTable:
    """Clabber's `pegline_core.app.web.protocol.WebTable`."""

    script = STATIC / "table.js"
    style = STATIC / "table.css"
    options: tuple[Json, ...] = ()

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    # -- what the page shows -------------------------------------------------------------------

    def table(self, view: ClabberView, log: Sequence[Event]) -> Json:
        sides = self.variant.sides
        players = self.variant.table.players
        trick = [[(view.leader + i) % players, str(card)] for i, card in enumerate(view.trick)] \
            if view.leader is not None else []
        return {
            "seat": view.seat, "phase": view.phase, "hand": view.hand, "dealer": view.dealer,
            "side": view.side, "sides": [list(s) for s in sides],
            "partners": [s for s in sides[view.side] if s != view.seat],
            "scores": list(view.scores), "target": view.target,
            "held": _sorted(view.held, view.trump),
            "turn_card": None if view.turn_card is None else str(view.turn_card),
            "trump": view.trump, "makers": view.makers, "round": view.round,
            "calls": [{"seat": seat, "suit": suit} for seat, suit in view.calls],
            "leader": view.leader, "trick": trick, "tricks_played": view.tricks_played,
            "taken": list(view.taken),
            "melds": [{"seat": seat, "rule": rule, "points": points, "cards": _cards(cards)}
                      for seat, rule, points, cards in view.melds],
            "bella": view.bella, "renege_calls": view.renege_calls,
            "holding": _holding(log, view.hand, players),
            "last_trick": _last_trick(log, view.hand),
            "settlement": _settlement(log),
        }

    def prompt(self, view: ClabberView, legal: Sequence[Action]) -> Json:
        if not legal:
            return {"kind": "wait"}
        calls = _calls(view, [a for a in legal if isinstance(a, CallRenege)])
        if isinstance(legal[0], LetStand):  # the last trick is complete: call or let it stand
            return {"kind": "calls", "calls": calls}
        if isinstance(legal[0], Pass):
            return {"kind": "name", "round": view.round,
                    "suits": [a.suit for a in legal if isinstance(a, Name)], "calls": calls}
        plays = [a.card for a in legal if isinstance(a, Play)]
        # where reneges stand until called every card may be played: mark those the rules allow
        allowed = legal_plays(view.held, view.trick, view.trump, view.undertrump) \
            if view.renege_calls else plays
        return {"kind": "play", "playable": _sorted(allowed, view.trump),
                "any": _sorted(plays, view.trump),
                "announce": any(isinstance(a, Announce) for a in legal),
                "show": any(isinstance(a, Show) for a in legal), "calls": calls}

    # -- moves from the page -------------------------------------------------------------------

    def action(self, seat: int, data: Mapping[str, object], view: ClabberView) -> Action:
        kind = move_kind(data, _MOVES)
        if kind == "pass":
            return Pass(seat)
        if kind == "announce":
            return Announce(seat)
        if kind == "show":
            return Show(seat)
        if kind == "stand":
            return LetStand(seat)
        if kind == "name":
            suit = data.get("suit")
            if not isinstance(suit, str) or suit not in SUITS:
                raise RequestError(_("a suit is one of {suits}, not {suit}").format(
                    suits=", ".join(SUITS), suit=repr(suit)))
            return Name(seat, suit)
        if kind == "play":
            card = data.get("card")
            if not isinstance(card, str):
                raise RequestError(_("a play's card is one card like 'JH'"))
            return Play(seat, Card.parse(card))
        return CallRenege(seat, whole(data.get("target"), "target", 0, LARGEST))

    def committed(self, action: Action) -> bool:
        return True  # every move of the person's is a decision the coach can judge

    def compare(self, comparison: Comparison) -> Json:
        """`Game.compare`'s answer (the coach, `pegline_clabber.coach.ClabberCoach`, on the
        person's last committed move) for the page: each candidate's text, value, rank (ties
        share one) and reasons."""
        from pegline_clabber.coach import move_text

        evaluation = comparison.evaluation
        candidates = [{"move": move_text(c.action), "value": round(c.value, 2), "rank": rank,
                       "tied": evaluation.ranks.count(rank) > 1,
                       "chosen": index == comparison.chosen,
                       "reasons": [{"name": name, "value": value, "label": _(str(name))}
                                   for name, value in c.reasons]}
                      for index, (rank, c) in enumerate(zip(evaluation.ranks,
                                                            evaluation.candidates, strict=True))]
        return {"decision": evaluation.decision, "hand": comparison.hand, "note": evaluation.note,
                "candidates": candidates,
                "said": _(evaluation.decision)}  # the decision, in the request's language

    def replay_table(self, game: Game) -> Json:
        machine = game.machine
        assert isinstance(machine, ClabberMachine)
        data = self.table(machine.view(0), game.log)
        data["hands"] = [_sorted(held, machine.trump) for held in machine.held]
        return data

    def public_table(self, game: Game) -> Json:
        data = self.table(cast(ClabberView, game.view(0)), game.log)
        data |= {"seat": None, "side": -1, "partners": [], "held": [], "hands": []}
        return data


def _calls(view: ClabberView, calls: Sequence[CallRenege]) -> list[Json]:
    """The renege calls the seat may make, each with the play (or naming) it is on."""
    played = {seq: (seat, card) for seq, seat, card in view.played}
    out: list[Json] = []
    for call in calls:
        seat, card = played.get(call.target, (None, None))
        out.append({"target": call.target, "seat": seat,
                    "card": None if card is None else str(card)})
    return out


def _holding(log: Sequence[Event], hand: int, players: int) -> list[int]:
    """How many cards each seat holds in ``hand`` (public: six dealt, less each card played)."""
    holding = [0] * players
    for event in log:
        if isinstance(event, Input) and event.hand == hand:
            if isinstance(event.action, Deal):
                holding = [len(cards) for cards in event.action.hands]
            elif isinstance(event.action, Play):
                holding[event.action.seat] -= 1
    return holding


def _last_trick(log: Sequence[Event], hand: int) -> Json | None:
    """The last trick turned this hand: who took it, its cards from the leader (all played face
    up, so public)."""
    for event in reversed(log):
        if event.hand != hand:
            return None
        if isinstance(event, TrickTaken):
            return {"number": event.number, "leader": event.leader, "winner": event.actor,
                    "cards": _cards(event.cards)}
    return None


def _settlement(log: Sequence[Event]) -> Json | None:
    """How the latest hand that ended was settled: each side's count by rule, the makers made
    or set, a renege proved, a dead hand; and the points each side scored for it."""
    found: Json | None = None
    for event in log:
        if isinstance(event, HandCounted):
            if found is None or found["hand"] != event.hand:
                found = {"hand": event.hand, "counts": [], "outcome": None, "scored": []}
            found["counts"].append({
                "side": event.side, "total": event.total, "tricks": event.tricks,
                "lines": [{"rule": c.rule, "points": c.points} for c in event.breakdown]})
        elif isinstance(event, HandSettled) and found is not None and found["hand"] == event.hand:
            found["outcome"] = {"kind": "made" if event.made else "set", "makers": event.makers,
                                "totals": list(event.totals)}
        elif isinstance(event, RenegeCalled):
            found = {"hand": event.hand, "counts": [], "scored": [], "outcome": {
                "kind": "renege", "caller": event.actor, "proved": event.proved,
                "offender": event.offender, "reason": event.reason,
                "said": translate(event.reason)}}
        elif isinstance(event, RenegesVoid | HandDead):
            found = {"hand": event.hand, "counts": [], "scored": [], "outcome": {
                "kind": "void" if isinstance(event, RenegesVoid) else "dead"}}
        elif isinstance(event, Scored) and found is not None and found["hand"] == event.hand \
                and found["outcome"] is not None:
            found["scored"].append({"side": event.side, "rule": event.rule,
                                    "points": event.points, "total": event.total})
    return found
