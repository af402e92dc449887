"""Cribbage's state machine: one for every cribbage variant, driven by actions, recording events.

The state is flat and made of immutable values (tuples, frozensets), so a snapshot is one tuple
of the fields and `Game` can undo a step or roll back a failed one exactly. Each action is checked
in full before anything changes; then its `Input` event and everything it causes (scores through
the plugins, count resets, the show, the result) are appended to the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from pegline_core import draws
from pegline_core.card_tuples import position, replaced
from pegline_core.cards import DECK, Card, format_cards
from pegline_core.errors import IllegalActionError, PluginError
from pegline_core.event_rows import input_at, row
from pegline_core.events import AskCoach, Event, GameEnded, Input, Scored, SideResult
from pegline_core.rules import Award, Score
from pegline_core.ruleset import Ruleset
from pegline_cribbage.actions import (
    RESPONSES,
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Discards,
    Go,
    Play,
    Respond,
)
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.events import (  # records: what caused what
    Combination,
    CountReset,
    CountSettled,
    CutTie,
    DealerChosen,
    Dealt,
    HandShown,
    Passed,
)
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.settings import CribbageSettings
from pegline_cribbage.snapshots import ShowCounted, Snapshots
from pegline_cribbage.views import CribbageView

if TYPE_CHECKING:
    from pegline_cribbage.counting import CountingProtocol

__all__ = ["CribbageMachine", "Common", "seat_to_play"]

MAX_PIP = max(PIPS)
_PENDING = {"pending": True}

_STATE = ("phase", "hand", "dealer", "scores", "held", "kept", "discarded", "crib", "starter",
          "count", "series", "turn", "last_player", "said_go", "last_was_go", "played", "goes",
          "counts", "declared", "responders", "assisted")
_new_view = cast(Callable[..., CribbageView], tuple.__new__)
"""A view from its fields, all given in order (three times faster than its keyword `__new__`)."""


class Common:
    """What every game of one ruleset shares: settings, hooks, the snapshot builder, the
    counting protocol. Built once per ruleset (`common`)."""

    def __init__(self, ruleset: Ruleset) -> None:
        variant = ruleset.variant
        settings: CribbageSettings = variant.settings
        self.ruleset = ruleset
        self.variant = variant
        self.settings = settings
        self.players = variant.table.players
        self.side_of = tuple(variant.side_of(seat) for seat in range(self.players))
        self.limit = settings.pegging.limit
        self.target = settings.scoring.target
        self.lowball = settings.scoring.lowball
        self.strict_go = settings.pegging.strict_go
        self.snapshots = Snapshots(variant)
        self.score_game_start = ruleset.scoring("pegline_score_game_start")
        self.score_starter = ruleset.scoring("pegline_score_starter")
        self.score_play = ruleset.scoring("pegline_score_play")
        self.score_series_end = ruleset.scoring("pegline_score_series_end")
        self.score_show = ruleset.scoring("pegline_score_show")
        self.counting = self._counting_protocol(ruleset)
        self.max_declaration = self.counting.max_declaration if self.counting else 0
        self.scorer = Scorer(ruleset)
        """Scoring outside the game, for views (bots and the coach evaluate with it)."""
        self.what_if = self.scorer.snapshots
        """The snapshots of a quiet copy's steps: each ``hypothetical``."""
        # actions are values: each possible play and go exists once, as cards do
        self.plays = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(self.players))
        self.goes = tuple(Go(seat) for seat in range(self.players))

    @staticmethod
    def _counting_protocol(ruleset: Ruleset) -> CountingProtocol | None:
        if not ruleset.pm.hook.pegline_counting_protocol.get_hookimpls():
            return None  # hands count themselves: no need for the show's maximum
        settings: CribbageSettings = ruleset.variant.settings
        sizes = {(settings.hand_size(), False),
                 (settings.crib_size(ruleset.variant.table.players), True)}
        maximum = 0
        for size, crib in sizes:
            found = ruleset.hook("pegline_show_maximum").checked(
                size, crib, expect=lambda value: type(value) is int and value >= 0,
                what="a whole number")
            maximum = max(maximum, sum(value for _plugin, value in found))
        offered = ruleset.hook("pegline_counting_protocol").checked(
            ruleset.variant, maximum, expect=_is_protocol, what="a counting protocol")
        return offered[0][1] if offered else None


def _is_protocol(offered: Any) -> bool:
    """Whether a plugin's `pegline_counting_protocol` answer has what the engine uses."""
    return (isinstance(getattr(offered, "plugin", None), str)
            and isinstance(getattr(offered, "declaration_rule", None), str)
            and type(getattr(offered, "max_declaration", None)) is int
            and callable(getattr(offered, "responders", None))
            and callable(getattr(offered, "settle", None)))


def common(ruleset: Ruleset) -> Common:
    """The ruleset's shared cribbage parts, built on first use."""
    found = ruleset.cache.get("cribbage")
    if found is None:
        found = ruleset.cache["cribbage"] = Common(ruleset)
    return found


class CribbageMachine:
    """The state of one cribbage game and the rules that move it."""

    __slots__ = (*_STATE, "log", "c", "snapshots", "_hand", "_phase", "_reached", "_cause")

    def __init__(self, ruleset: Ruleset, log: list[Event]) -> None:
        self.log: list[Any] = log
        """The game's log: this machine appends rows (`pegline_core.event_rows`), not events."""
        self.c = c = common(ruleset)
        self.snapshots: Snapshots = c.snapshots
        """Builds the snapshots of this game's steps (hypothetical ones once `quiet`)."""
        self.phase = "cut"
        self.hand = 0
        self.dealer: int | None = None
        self.scores: tuple[int, ...] = (0,) * len(c.variant.sides)
        self.held: tuple[tuple[Card, ...], ...] = ()
        """What each seat holds now."""
        self.kept: tuple[tuple[Card, ...], ...] = ()
        """The hand each seat will show."""
        self.discarded: tuple[bool, ...] = ()
        self.crib: tuple[Card, ...] = ()
        self.starter: Card | None = None
        self.count = 0
        self.series: tuple[Card, ...] = ()
        self.turn: int | None = None
        self.last_player: int | None = None
        self.said_go: frozenset[int] = frozenset()
        self.last_was_go = False
        self.played: tuple[tuple[int, Card], ...] = ()
        self.goes: tuple[tuple[int, int], ...] = ()
        """Each go of this hand as (seat, count): said, or recorded at a series' end."""
        self.counts: tuple[tuple[int, bool], ...] = ()
        """Counting by hand: the counts still to make, as (seat, crib), the current one first."""
        self.declared = -1
        """Counting by hand: the current count's declaration, or -1 before it is declared."""
        self.responders: tuple[int, ...] = ()
        """Counting by hand: the opponents still to respond, in order."""
        self.assisted: frozenset[int] = frozenset()
        """Seats that have asked the coach."""
        self._hand = 0
        self._phase = "cut"
        self._reached: int | None = None
        self._cause: int | None = None
        """The seq of the input being applied: the ``cause`` of every event it derives."""

    # -- the Machine protocol ------------------------------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        # the fields of _STATE, in its order, spelt out: compiled, that is a few loads
        return (self.phase, self.hand, self.dealer, self.scores, self.held, self.kept,
                self.discarded, self.crib, self.starter, self.count, self.series, self.turn,
                self.last_player, self.said_go, self.last_was_go, self.played, self.goes,
                self.counts, self.declared, self.responders, self.assisted)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.phase, self.hand, self.dealer, self.scores, self.held, self.kept,
         self.discarded, self.crib, self.starter, self.count, self.series, self.turn,
         self.last_player, self.said_go, self.last_was_go, self.played, self.goes,
         self.counts, self.declared, self.responders, self.assisted) = snapshot

    def quiet(self) -> None:
        """From now on, every step's snapshots say ``hypothetical`` (`Game.copy(quiet=True)`):
        the plugins' hooks are still called, and score as ever, but can tell a look ahead."""
        self.snapshots = self.c.what_if

    def begin(self, dealer: int | None) -> None:
        if dealer is not None:
            self._start_step()
            self._cause = None
            self._choose_dealer(dealer)
            if self._reached is not None:
                self._end_game()

    def apply(self, action: Any) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"not an action: {action!r}")
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        self._start_step()
        self._cause = len(self.log)  # every handler logs its Input first
        handler(self, action)
        if self._reached is not None:
            self._end_game()

    def _start_step(self) -> None:
        """A step's events carry the hand and phase it started in; no side has won yet.

        (A method of its own: assigned here, ``_reached`` is not narrowed to None in `apply`,
        which mypyc would then check at run time.)"""
        self._hand, self._phase, self._reached = self.hand, self.phase, None

    def to_act(self) -> str | tuple[int, ...]:
        phase = self.phase
        if phase == "pegging":
            return (self.turn,)  # type: ignore[return-value]
        if phase in ("cut", "deal", "starter"):
            return "chance"
        if phase == "discard":
            return self._discarding()
        if phase == "show" and self.counts:
            return (self.counts[0][0],) if self.declared < 0 else self.responders[:1]
        return ()

    def _discarding(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.c.players) if not self.discarded[seat])

    def legal_actions(self, seat: int | None) -> list[Any]:
        phase = self.phase
        if phase == "pegging":
            turn = self.turn
            if seat is not None and seat != turn:
                return []
            room = self.c.limit - self.count
            plays = self.c.plays[turn]  # type: ignore[index]
            playable = [plays[c.index] for c in self.held[turn]  # type: ignore[index]
                        if PIPS[c.index] <= room]
            return playable or [self.c.goes[turn]]  # type: ignore[index]
        if phase == "discard":
            need = self.c.settings.deal.discard
            seats = [seat] if seat is not None else self._discarding()
            return [Discard(p, cards) for p in seats if not self.discarded[p]
                    for cards in combinations(self.held[p], need)]
        if phase == "show" and self.counts and (seat is None or seat in self.to_act()):
            cap = self.counting.max_declaration
            if self.declared < 0:
                return [Declare(self.counts[0][0], n) for n in range(cap + 1)]
            who = self.responders[0]
            return [Respond(who, "accept"), Respond(who, "overcount"),
                    *(Respond(who, "muggins", n) for n in range(1, cap + 1))]
        return []

    def choices(self, seat: int) -> Sequence[Any]:
        """`legal_actions` of ``seat``, the discards built only when read (what players get)."""
        if self.phase == "discard":
            return () if self.discarded[seat] else \
                Discards(seat, self.held[seat], self.c.settings.deal.discard)
        return self.legal_actions(seat)

    def chance_action(self, rng: random.Random) -> Any:
        n = self.c.players
        if self.phase == "cut":
            return CutForDeal(draws.sample(rng, DECK, n))
        if self.phase == "deal":
            deal = self.c.settings.deal
            # a random ordered draw of just the cards needed: the same as shuffling the whole deck
            deck = draws.sample(rng, DECK, n * deal.cards + deal.crib_from_deck)
            hands: list[list[Card]] = [[] for _ in range(n)]
            dealer = self.dealer or 0
            for _round in range(deal.cards):  # one at a time, from the dealer's left
                for offset in range(1, n + 1):
                    hands[(dealer + offset) % n].append(deck.pop())
            return Deal(hands, deck)
        if self.phase == "starter":
            dealt = self._dealt()
            return CutStarter(draws.choice(rng, [c for c in DECK if c not in dealt]))
        raise IllegalActionError(f"no chance action is due in the {self.phase} phase")

    def view(self, seat: int) -> CribbageView:
        c = self.c
        counting = None
        if self.phase == "show" and self.counts:
            counter, crib = self.counts[0]
            counting = (counter, self.crib if crib else self.kept[counter], crib, self.declared)
        held, kept = self.held, self.kept
        return _new_view(CribbageView, (  # by position, in the field order of CribbageView
            seat, self.phase, self.hand, self.dealer, self.scores, c.side_of[seat],
            held[seat] if held else (), kept[seat] if kept else (), self.starter, self.count,
            self.series, self.played, c.players, c.target, c.lowball, c.limit, counting,
            c.max_declaration, c.scorer, self._laid(seat), self.said_go, self.goes))

    def _laid(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` laid away this hand: it saw them go, so they are not hidden from it
        (the crib is one tuple in the state; the seat's share is its `Discard`, a few events back).
        """
        if not self.crib or self.phase in ("cut", "deal"):
            return ()
        log = self.log
        for index in range(len(log) - 1, -1, -1):
            entry = input_at(log, index)
            if entry is not None:
                action: Any = entry[1]
                if isinstance(action, Discard) and action.seat == seat:
                    return tuple(action.cards)
                if isinstance(action, Deal):
                    break
        return ()

    @property
    def counting(self) -> CountingProtocol:
        protocol = self.c.counting
        if protocol is None:
            raise IllegalActionError("this variant counts hands automatically")
        return protocol

    # -- steps ---------------------------------------------------------------------------------

    def _end_game(self) -> None:
        self._add(GameEnded, None, **self._result())
        self.phase, self.turn = "over", None

    def _add(self, cls: type, actor: int | None, **fields: Any) -> None:
        log = self.log
        log.append(row(cls, (len(log), self._hand, self._phase, actor), self._cause, fields))

    def _input(self, actor: int | None, action: Any) -> None:
        log = self.log
        log.append(row(Input, (len(log), self._hand, self._phase, actor, action), None, None))

    def _score(self, hook: Any, allowed: Sequence[Card], snapshot: Any, seat: int) -> bool:
        """Call a scoring hook and record its awards for ``seat`` (True once the game is won)."""
        if self._reached is not None:
            return True
        return self._record(hook(allowed, snapshot), seat)

    def _record(self, awards: Sequence[Award], seat: int, *, check_end: bool = True,
                pending: bool = False) -> bool:
        """Record awards for ``seat``; stop at the one that reaches the target (True)."""
        log = self.log
        side = self.c.side_of[seat]
        for plugin, rule, (_rule, points, cards) in awards:
            scores = self.scores
            total = scores[side] + points
            self.scores = (*scores[:side], total, *scores[side + 1:])
            log.append(row(Scored, (len(log), self._hand, self._phase, seat, side, points,
                                    rule.id, plugin, cards, total),
                           self._cause, _PENDING if pending else None))
            if check_end and self._check_end(side):
                return True
        return False

    def _check_end(self, side: int) -> bool:
        """End the game if ``side`` has reached the target."""
        if self.scores[side] >= self.c.target:
            self._reached = side
        return self._reached is not None

    def _need_phase(self, phase: str, action: Any) -> None:
        if self.phase != phase:
            raise IllegalActionError(
                f"{type(action).__name__} is not allowed in the {self.phase} phase")

    def _check_seat(self, seat: Any) -> int:
        players = self.c.players
        if type(seat) is not int or not 0 <= seat < players:
            raise IllegalActionError(f"no seat {seat!r} at a table of {players}")
        return seat

    def _ask_coach(self, action: Any) -> None:
        seat = self._check_seat(action.seat)
        log = self.log
        if not any((entry := input_at(log, index)) is not None and entry[0] == seat
                   for index in range(len(log))):
            raise IllegalActionError(f"seat {seat} has no committed decision to compare yet")
        self._input(seat, action)
        self.assisted = self.assisted | {seat}

    # -- the cut and the deal ------------------------------------------------------------------

    def _cut_for_deal(self, action: Any) -> None:
        self._need_phase("cut", action)
        _check_cards(action.cards, self.c.players, "the cut for deal needs one card per seat")
        self._input(None, action)
        low = min(card.rank for card in action.cards)
        lowest = [seat for seat, card in enumerate(action.cards) if card.rank == low]
        if len(lowest) == 1:  # a tie for lowest cuts again
            self._choose_dealer(lowest[0])
        else:
            self._add(CutTie, None, seats=tuple(lowest))

    def _choose_dealer(self, dealer: int) -> None:
        c = self.c
        self._add(DealerChosen, None, dealer=dealer)
        self._score(c.score_game_start, (), self.snapshots.game_start(dealer),
                    (dealer + 1) % c.players)
        self.phase, self.dealer = "deal", dealer

    def _deal(self, action: Any) -> None:
        self._need_phase("deal", action)
        c = self.c
        deal, players = c.settings.deal, c.players
        if len(action.hands) != players or any(len(h) != deal.cards for h in action.hands):
            raise IllegalActionError(f"the deal needs {deal.cards} cards for each of "
                                     f"{players} seats")
        if len(action.crib) != deal.crib_from_deck:
            raise IllegalActionError(f"the deal needs {deal.crib_from_deck} card(s) for the crib")
        _check_cards([c for hand in action.hands for c in hand] + list(action.crib), None, "")
        self._hand = self.hand + 1
        self._phase = "deal"
        self._input(None, action)
        dealer = self.dealer or 0
        self._add(Dealt, dealer, order=tuple((dealer + k) % players for k in range(1, players + 1)),
                  cutter=(dealer + 1) % players)
        discarding = deal.discard > 0
        self.phase = "discard" if discarding else "starter"
        self.hand += 1
        self.held = self.kept = action.hands
        self.discarded = (not discarding,) * players
        self.crib, self.starter, self.count, self.series = action.crib, None, 0, ()
        self.turn = self.last_player = None
        self.said_go, self.last_was_go, self.played, self.goes = frozenset(), False, (), ()

    def _discard(self, action: Any) -> None:
        self._need_phase("discard", action)
        seat = self._check_seat(action.seat)
        if self.discarded[seat]:
            raise IllegalActionError(f"seat {seat} has already laid away to the crib")
        need = self.c.settings.deal.discard
        if not all(type(card) is Card for card in action.cards):
            raise IllegalActionError(f"lay away cards, not {action.cards!r}")
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalActionError(f"lay away exactly {need} different card(s), "
                                     f"got {format_cards(action.cards) or 'none'}")
        missing = [c for c in action.cards if c not in self.held[seat]]
        if missing:
            raise IllegalActionError(f"seat {seat} does not hold {format_cards(missing)}")
        self._input(seat, action)
        kept = tuple(c for c in self.held[seat] if c not in action.cards)
        discarded = replaced(self.discarded, seat, True)
        self.phase = "starter" if all(discarded) else "discard"
        self.held = replaced(self.held, seat, kept)
        self.kept = replaced(self.kept, seat, kept)
        self.discarded = discarded
        self.crib = self.crib + action.cards

    def _cut_starter(self, action: Any) -> None:
        self._need_phase("starter", action)
        card = action.card
        if type(card) is not Card:
            raise IllegalActionError(f"the starter must be a card, not {card!r}")
        if card in self._dealt():
            raise IllegalActionError(f"the starter {card} has already been dealt")
        self._input(None, action)
        c, dealer = self.c, self.dealer
        assert dealer is not None
        self._score(c.score_starter, (card,), self.snapshots.starter(card, dealer, self.scores),
                    dealer)
        self.phase, self.starter, self.turn = "pegging", card, (dealer + 1) % c.players

    def _dealt(self) -> set[Card]:
        return ({c for hand in self.kept for c in hand} | set(self.crib)
                | {c for _, c in self.played})

    # -- pegging -------------------------------------------------------------------------------

    def _play(self, action: Any) -> None:
        seat, card = action.seat, action.card
        if self.phase != "pegging" or seat != self.turn or type(seat) is not int:
            self._need_turn(action)
        held = self.held[seat]
        at = position(held, card)
        if at < 0:
            raise IllegalActionError(f"seat {seat} does not hold {card}")
        c = self.c
        count = self.count + PIPS[card.index]
        if count > c.limit:
            raise IllegalActionError(f"{card} would make the count {count}, over {c.limit}")
        self._input(seat, action)
        series = (*self.series, card)
        self._score(c.score_play, series,
                    self.snapshots.play(seat, card, series, count, self.scores,
                                     self.dealer),  # type: ignore[arg-type]
                    seat)
        self.held = replaced(self.held, seat, held[:at] + held[at + 1:])
        self.count, self.series, self.last_player = count, series, seat
        self.played = self.played + ((seat, card),)
        self.last_was_go = False
        self._next_turn(seat, consecutive_go=False)

    def _go(self, action: Any) -> None:
        seat = action.seat
        if self.phase != "pegging" or seat != self.turn or type(seat) is not int:
            self._need_turn(action)
        room = self.c.limit - self.count
        playable = [c for c in self.held[seat] if PIPS[c.index] <= room]
        if playable:
            raise IllegalActionError(f"seat {seat} cannot say go while holding a playable "
                                     f"card ({format_cards(playable)}; count {self.count})")
        self._input(seat, action)
        consecutive = self.last_was_go
        self.said_go = self.said_go | {seat}
        self.goes = self.goes + ((seat, self.count),)
        self.last_was_go = True
        self._next_turn(seat, consecutive_go=consecutive)

    def _need_turn(self, action: Any) -> None:
        self._need_phase("pegging", action)
        self._check_seat(action.seat)
        raise IllegalActionError(f"it is seat {self.turn}'s turn to play, not seat "
                                 f"{action.seat}'s")

    def _next_turn(self, actor: int, consecutive_go: bool) -> None:
        if self._reached is not None:
            return
        c = self.c
        room = c.limit - self.count
        anyone_can_play = any(self.held) if room >= MAX_PIP else \
            any(PIPS[x.index] <= room for hand in self.held for x in hand)
        if self.count == c.limit or not anyone_can_play or (c.strict_go and consecutive_go):
            self._end_series()
        else:
            self.turn = self._next_seat(actor, skip=self.said_go)

    def _next_seat(self, after: int, skip: frozenset[int] = frozenset()) -> int | None:
        """The first seat clockwise after ``after`` (``after`` itself last) holding cards."""
        players = self.c.players
        for offset in range(1, players + 1):
            seat = (after + offset) % players
            if self.held[seat] and seat not in skip:
                return seat
        return None

    def _end_series(self) -> None:
        c = self.c
        last = self.last_player
        assert last is not None
        last_of_hand = not any(self.held)
        if self.count < c.limit:  # records: a go for each seat that could not play on
            room = c.limit - self.count
            for offset in range(1, c.players):
                seat = (last + offset) % c.players
                held = self.held[seat]
                if seat not in self.said_go and all(PIPS[x.index] > room for x in held):
                    self._add(Passed, seat, reason="cannot play" if held else "no cards")
                    if held:
                        self.goes = self.goes + ((seat, self.count),)
        self._score(c.score_series_end, self.series[-1:],
                    self.snapshots.series_end(last, self.count, self.series, last_of_hand,
                                           self.scores, self.dealer),  # type: ignore[arg-type]
                    last)
        if self._reached is not None:
            return
        self._add(CountReset, last, count=self.count)
        if last_of_hand or c.settings.pegging.single_series:
            self._show()
            return
        self.count, self.series, self.said_go, self.last_was_go = 0, (), frozenset(), False
        self.turn = self._next_seat(last)

    # -- the show and the end ------------------------------------------------------------------

    def _show(self) -> None:
        """Count every hand from the dealer's left, the dealer last, then the crib."""
        self._phase = "show"
        c = self.c
        dealer, players, starter = self.dealer, c.players, self.starter
        assert dealer is not None and starter is not None
        order = [((dealer + offset) % players, False) for offset in range(1, players + 1)]
        order.append((dealer, True))
        if c.counting is not None:
            self.phase, self.counts, self.declared, self.responders = "show", tuple(order), -1, ()
            return
        for seat, crib in order:
            cards = self.crib if crib else self.kept[seat]
            awards = c.score_show((*cards, starter),
                                  self.snapshots.show(seat, cards, starter, crib, self.scores,
                                                   dealer))
            points = sum(a.score.points for a in awards)
            self._add(HandShown, seat, cards=cards, starter=starter, crib=crib, points=points,
                      awarded=_awarded(awards, self.scores[c.side_of[seat]], c.target, points))
            if self._record(awards, seat):
                return
        self._next_hand()

    def _next_hand(self) -> None:
        self.phase, self.dealer = "deal", (self.dealer + 1) % self.c.players  # type: ignore[operator]
        self.turn, self.count, self.series = None, 0, ()
        self.counts, self.declared, self.responders = (), -1, ()

    # -- counting by hand ----------------------------------------------------------------------

    def _count_awards(self) -> tuple[ShowCounted, list[Award]]:
        c = self.c
        seat, crib = self.counts[0]
        cards = self.crib if crib else self.kept[seat]
        starter, dealer = self.starter, self.dealer
        assert starter is not None and dealer is not None
        snapshot = self.snapshots.show(seat, cards, starter, crib, self.scores, dealer)
        return snapshot, c.score_show((*cards, starter), snapshot)

    def _protocol_award(self, rule: str, points: int, cards: tuple[Card, ...]) -> Award | None:
        protocol = self.counting
        return self.c.ruleset.check_claim(protocol.plugin, "counting by hand",
                                          Score(rule, points, cards), cards)

    def _declare(self, action: Any) -> None:
        self._need_phase("show", action)
        if not self.counts or self.declared >= 0:
            raise IllegalActionError("no count is waiting for a declaration")
        seat = self.counts[0][0]
        if self._check_seat(action.seat) != seat:  # True == 1: only a real seat may count
            raise IllegalActionError(f"it is seat {seat}'s count, not seat {action.seat}'s")
        points, protocol = action.points, self.counting
        cap = protocol.max_declaration
        if type(points) is not int or not 0 <= points <= cap:
            raise IllegalActionError(f"a declaration is a whole number from 0 to {cap}, "
                                     f"not {points!r}")
        self._input(seat, action)
        snapshot, awards = self._count_awards()
        true = sum(a.score.points for a in awards)
        if points:  # an overcount reaching the target waits for the responses
            claim = self._protocol_award(protocol.declaration_rule, points,
                                         (*snapshot.cards, snapshot.starter))
            ends = points <= true and \
                self.scores[self.c.side_of[seat]] + points >= self.c.target  # records
            if claim is not None and self._record([claim], seat, check_end=points <= true,
                                                  pending=not ends):
                return
        self.declared, self.responders = points, _protocol(protocol.responders, seat)

    def _respond(self, action: Any) -> None:
        self._need_phase("show", action)
        if not self.responders:
            raise IllegalActionError("no declared count is waiting for a response")
        if self._check_seat(action.seat) != self.responders[0]:
            raise IllegalActionError(f"it is seat {self.responders[0]}'s turn to respond, "
                                     f"not seat {action.seat}'s")
        if action.response not in RESPONSES:
            raise IllegalActionError(f"a response is one of {', '.join(RESPONSES)}, "
                                     f"not {action.response!r}")
        n, protocol = action.points, self.counting
        cap = protocol.max_declaration
        if action.response == "muggins" and (type(n) is not int or not 1 <= n <= cap):
            raise IllegalActionError(f"muggins claims a whole number of points from 1 to {cap}, "
                                     f"not {n!r}")
        if action.response != "muggins" and (type(n) is not int or n != 0):  # not False, 0.0
            raise IllegalActionError(f"{action.response} claims no points")
        self._input(action.seat, action)
        if action.response == "accept" and len(self.responders) > 1:
            self.responders = self.responders[1:]
            return
        snapshot, awards = self._count_awards()
        true = sum(a.score.points for a in awards)
        settlement = _protocol(protocol.settle, self.declared, true, action.response, n)
        claimant = None if action.response == "accept" else action.seat
        shown = (*snapshot.cards, snapshot.starter)
        self._add(CountSettled, snapshot.seat, cards=snapshot.cards, starter=snapshot.starter,
                  crib=snapshot.crib, declared=self.declared, points=true,
                  outcome=settlement.outcome, claimant=claimant,
                  breakdown=tuple(Combination(a.rule.id, a.score.points, a.score.cards)
                                  for a in awards))
        for who, rule, points in settlement.moves:
            seat = snapshot.seat if who == "counter" else action.seat
            award = self._protocol_award(rule, points, shown)
            if award is not None and self._record([award], seat, check_end=points > 0):
                return
        if self._check_end(self.c.side_of[snapshot.seat]):  # a standing overcount can still win
            return
        counts = self.counts[1:]
        if not counts:
            self._next_hand()
        else:
            self.counts, self.declared, self.responders = counts, -1, ()

    def _result(self) -> dict[str, Any]:
        """Places, skunk marks and game points; in lowball the side reaching the target loses."""
        c = self.c
        scoring, sides, scores = c.settings.scoring, c.variant.sides, self.scores
        reached = self._reached
        others = sorted((side for side in range(len(sides)) if side != reached),
                        key=lambda side: (scores[side] if scoring.lowball else -scores[side], side))
        order = [*others, reached] if scoring.lowball else [reached, *others]
        lines = sorted(c.settings.skunk, key=lambda line: line.below)
        results, points = [], scoring.win_game_points
        for place, side in enumerate(order, 1):
            assert side is not None
            mark = ""
            if place > 1 and not scoring.lowball:
                line = next((ln for ln in lines if scores[side] < ln.below), None)
                if line is not None:
                    mark, points = line.name, max(points, line.game_points)
            results.append(SideResult(side, sides[side], scores[side], place, mark))
        return {"results": tuple(results), "game_points": points, "lowball": scoring.lowball,
                "assist_used": tuple(sorted(self.assisted))}


# Each handler takes its action as Any: an action's fields are untrusted input that the handler
# checks itself, and the compiled build must not assume the types the action class declares.
_HANDLERS: dict[type, Callable[[CribbageMachine, Any], None]] = {
    CutForDeal: CribbageMachine._cut_for_deal, Deal: CribbageMachine._deal,
    Discard: CribbageMachine._discard, CutStarter: CribbageMachine._cut_starter,
    Play: CribbageMachine._play, Go: CribbageMachine._go, Declare: CribbageMachine._declare,
    Respond: CribbageMachine._respond, AskCoach: CribbageMachine._ask_coach}
"""The handler of each action type."""


def _protocol(call: Callable[..., Any], *args: Any) -> Any:
    """Call into a counting protocol: whatever goes wrong there is its plugin's fault."""
    try:
        return call(*args)
    except Exception as exc:
        name = getattr(call, "__self__", None)
        plugin = getattr(name, "plugin", None)
        raise PluginError(f"plugin {plugin!r}: its counting protocol failed in "
                          f"{call.__name__}: {type(exc).__name__}: {exc}", plugin=plugin,
                          hook="pegline_counting_protocol", cause=exc) from exc


def seat_to_play(game: Any) -> int:
    """The seat whose turn it is to play or say go (`IllegalActionError` outside pegging)."""
    to_act = game.to_act
    if game.phase != "pegging" or isinstance(to_act, str) or not to_act:
        raise IllegalActionError(f"nobody is to play in the {game.phase} phase")
    return int(to_act[0])


def _awarded(awards: Sequence[Award], score: int, target: int, points: int) -> int | None:
    """For a record: the points of ``awards`` recorded up to the one that reaches ``target``
    from ``score`` (None when all ``points`` are)."""
    recorded = 0
    for award in awards:
        recorded += award.score.points
        if score + recorded >= target:
            return recorded if recorded < points else None
    return None


def _check_cards(cards: Sequence[Any], size: int | None, message: str) -> None:
    if size is not None and len(cards) != size:
        raise IllegalActionError(message)
    if not all(isinstance(c, Card) for c in cards):
        raise IllegalActionError("every card must be a Card")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("a card cannot be dealt twice")
