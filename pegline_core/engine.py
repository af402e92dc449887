"""The game engine: one state machine for every variant, driven by actions, recording events.

`Game` is the mutable facade over an immutable `GameState`. `Game.apply` checks an action, derives
everything it causes (scores through the plugins, series resets, the show, the result) into a new
state and a list of events, and only then commits both. An illegal action or a failing plugin
leaves the game exactly as it was.

>>> import random
>>> game = Game("two-player", dealer=1)
>>> rng = random.Random(7)
>>> _ = game.apply(game.chance_action(rng))           # the deal
>>> for seat in (0, 1):
...     _ = game.apply(game.legal_actions(seat)[0])    # each lays away two cards
>>> game.phase, len(game.state.crib)
('starter', 4)
>>> game.legal_actions()
[]
>>> game.to_act
'chance'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from pegline_core import muggins, snapshots
from pegline_core.actions import (
    RESPONSES,
    Action,
    AskCoach,
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Go,
    IllegalActionError,
    Play,
    Respond,
)
from pegline_core.cards import DECK, Card, format_cards
from pegline_core.events import (
    Combination,
    CountSettled,
    DealerChosen,
    Event,
    GameEnded,
    HandShown,
    Input,
    Scored,
    SeriesEnded,
    SideResult,
)
from pegline_core.plugins import Award
from pegline_core.rules import Score
from pegline_core.scorer import Scorer
from pegline_core.state import GameState, PlayerView
from pegline_core.variant import DEFAULT_VARIANT, Variant, load_variant

__all__ = ["Game"]


class _Step:
    """The events and scores one action produces, built apart from the game until committed."""

    def __init__(self, game: Game, state: GameState) -> None:
        self.game = game
        self.seq = len(game._log)
        self.hand = state.hand
        self.phase = state.phase
        self.events: list[Event] = []
        self.scores = list(state.scores)
        self.over = False
        self.reached: int | None = None

    def add(self, cls: type, actor: int | None, **fields) -> None:
        self.events.append(cls(self.seq, self.hand, self.phase, actor, **fields))
        self.seq += 1

    def score(self, hook: str, snapshot: object, seat: int) -> bool:
        """Call a scoring hook and record its awards for ``seat`` (True once the game is won)."""
        return self.over or self.record(self.game.scorer.plugins.score(hook, snapshot), seat)

    def record(self, awards: Sequence[Award], seat: int, *, check_end: bool = True) -> bool:
        """Record awards for ``seat``; stop at the one that reaches the target (True)."""
        for award in awards:
            side = self.game._side_of[seat]
            self.scores[side] += award.score.points
            self.add(Scored, seat, side=side, points=award.score.points, rule=award.rule.id,
                     plugin=award.plugin, cards=award.score.cards, total=self.scores[side])
            if check_end and self.check_end(side):
                return True
        return False

    def check_end(self, side: int) -> bool:
        """End the game if ``side`` has reached the target."""
        if self.scores[side] >= self.game.variant.game.target:
            self.over, self.reached = True, side
        return self.over


class Game:
    """A game of cribbage under one variant.

    Create it with a variant (name, file or `Variant`); apply chance actions (`chance_action`
    draws them from a random generator, or give stacked ones) and players' actions; read
    `state`, `log`, `legal_actions` and `view`. ``dealer`` skips the cut for deal.
    """

    def __init__(
        self,
        variant: Variant | str = DEFAULT_VARIANT,
        *,
        dealer: int | None = None,
        scorer: Scorer | None = None,
        extra_plugins: Mapping[str, type] | None = None,
    ) -> None:
        if not isinstance(variant, Variant):
            variant = load_variant(variant, extra_plugins=extra_plugins)
        self.variant = variant
        self.fixed_dealer = dealer
        """The first dealer given instead of a cut (kept in records), or None."""
        self.scorer = scorer or Scorer(variant, extra_plugins)
        self.players = variant.table.players
        self._side_of = [variant.side_of(seat) for seat in range(self.players)]
        self._log: list[Event] = []
        self._state = GameState(phase="cut", hand=0, dealer=None,
                                scores=(0,) * len(variant.sides))
        self._handlers = {CutForDeal: self._cut_for_deal, Deal: self._deal,
                          Discard: self._discard, CutStarter: self._cut_starter,
                          Play: self._play, Go: self._go, Declare: self._declare,
                          Respond: self._respond, AskCoach: self._ask_coach}
        if dealer is not None:
            if not (isinstance(dealer, int) and 0 <= dealer < self.players):
                raise IllegalActionError(f"dealer must be a seat from 0 to {self.players - 1}")
            step = _Step(self, self._state)
            self._commit(step, self._choose_dealer(step, self._state, dealer))

    # -- reading -------------------------------------------------------------------------------

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, in order (append-only: only `apply` adds to it)."""
        return tuple(self._log)

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def over(self) -> bool:
        return self._state.phase == "over"

    @property
    def result(self) -> GameEnded | None:
        return self._log[-1] if self.over else None  # type: ignore[return-value]

    @property
    def to_act(self) -> str | tuple[int, ...]:
        """``"chance"``, the seats that may act now, or ``()`` when the game is over."""
        s = self._state
        if s.phase in ("cut", "deal", "starter"):
            return "chance"
        if s.phase == "discard":
            return tuple(seat for seat in range(self.players) if not s.discarded[seat])
        if s.phase == "pegging":
            return (s.turn,)
        if s.phase == "show" and s.counts:
            return (s.counts[0][0],) if s.declared < 0 else s.responders[:1]
        return ()

    def inputs(self) -> list[Action]:
        """The actions that drove this game: replaying them reproduces the whole log."""
        return [event.action for event in self._log if isinstance(event, Input)]

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now."""
        s = self._state
        return PlayerView(
            seat=seat, phase=s.phase, hand=s.hand, dealer=s.dealer, scores=s.scores,
            side=self._side_of[seat], held=s.held[seat] if s.held else (),
            kept=s.kept[seat] if s.kept else (), starter=s.starter, count=s.count,
            series=s.series, played=s.played, players=self.players,
            target=self.variant.game.target, lowball=self.variant.game.lowball,
            counting=self._counting(s),
        )

    def _counting(self, s: GameState) -> tuple[int, tuple[Card, ...], bool, int] | None:
        if s.phase != "show" or not s.counts:
            return None
        seat, crib = s.counts[0]
        return seat, s.crib if crib else s.kept[seat], crib, s.declared

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (or of every seat to act); chance phases have none."""
        s = self._state
        if s.phase == "discard":
            seats = [seat] if seat is not None else list(self.to_act)
            return [Discard(p, cards) for p in seats if not s.discarded[p]
                    for cards in combinations(s.held[p], self.variant.deal.discard)]
        if s.phase == "pegging" and seat in (None, s.turn):
            playable = [Play(s.turn, c) for c in s.held[s.turn] if s.count + c.value <= 31]
            return playable or [Go(s.turn)]
        if s.phase == "show" and s.counts and seat in (None, *self.to_act):
            if s.declared < 0:
                return [Declare(s.counts[0][0], n) for n in range(muggins.MAX_DECLARATION + 1)]
            who = s.responders[0]
            return [Respond(who, "accept"), Respond(who, "overcount"),
                    *(Respond(who, "muggins", n) for n in range(1, muggins.MAX_DECLARATION + 1))]
        return []

    def chance_action(self, rng: random.Random) -> Action:
        """Draw the chance action due now (cut for deal, deal or starter) from ``rng``."""
        s = self._state
        n = self.players
        if s.phase == "cut":
            return CutForDeal(rng.sample(DECK, n))
        if s.phase == "deal":
            deal = self.variant.deal
            # a random ordered draw of just the cards needed: the same as shuffling the whole deck
            deck = rng.sample(DECK, n * deal.cards + deal.crib_from_deck)
            hands: list[list[Card]] = [[] for _ in range(n)]
            for _round in range(deal.cards):  # one at a time, from the dealer's left
                for offset in range(1, n + 1):
                    hands[(s.dealer + offset) % n].append(deck.pop())
            return Deal(hands, deck)
        if s.phase == "starter":
            dealt = self._dealt()
            return CutStarter(rng.choice([c for c in DECK if c not in dealt]))
        raise IllegalActionError(f"no chance action is due in the {s.phase} phase")

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return the events it produced (its `Input` first).

        Raises `IllegalActionError` (a `ValueError`) with the reason, or `PluginError` if a
        plugin fails; the game is then unchanged.
        """
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalActionError(f"not an action: {action!r}")
        if self._state.phase == "over":
            raise IllegalActionError("the game is over")
        step = _Step(self, self._state)
        new_state = handler(step, self._state, action)
        return self._commit(step, new_state)

    def _commit(self, step: _Step, state: GameState) -> list[Event]:
        if step.over:
            state = self._finish(step, state)
        scores = tuple(step.scores)
        self._state = state if scores == state.scores else state._replace(scores=scores)
        self._log.extend(step.events)
        return step.events

    def _ask_coach(self, step: _Step, s: GameState, action: AskCoach) -> GameState:
        seat = self._check_seat(action.seat)
        if not any(isinstance(e, Input) and e.actor == seat for e in self._log):
            raise IllegalActionError(f"seat {seat} has no committed decision to compare yet")
        step.add(Input, seat, action=action)
        return s._replace(assisted=s.assisted | {seat})

    def _need_phase(self, state: GameState, phase: str, action: Action) -> None:
        if state.phase != phase:
            raise IllegalActionError(
                f"{type(action).__name__} is not allowed in the {state.phase} phase")

    # -- the cut and the deal ------------------------------------------------------------------

    def _cut_for_deal(self, step: _Step, s: GameState, action: CutForDeal) -> GameState:
        self._need_phase(s, "cut", action)
        _check_cards(action.cards, self.players, "the cut for deal needs one card per seat")
        step.add(Input, None, action=action)
        low = min(card.rank for card in action.cards)
        lowest = [seat for seat, card in enumerate(action.cards) if card.rank == low]
        if len(lowest) > 1:
            return s  # a tie for lowest: cut again
        return self._choose_dealer(step, s, lowest[0])

    def _choose_dealer(self, step: _Step, s: GameState, dealer: int) -> GameState:
        step.add(DealerChosen, None, dealer=dealer)
        pone = (dealer + 1) % self.players
        step.score("pegline_score_game_start",
                   snapshots.GameStart(players=self.players, dealer=dealer), pone)
        return s._replace(phase="deal", dealer=dealer)

    def _deal(self, step: _Step, s: GameState, action: Deal) -> GameState:
        self._need_phase(s, "deal", action)
        deal = self.variant.deal
        if len(action.hands) != self.players or any(len(h) != deal.cards for h in action.hands):
            raise IllegalActionError(f"the deal needs {deal.cards} cards for each of "
                                     f"{self.players} seats")
        if len(action.crib) != deal.crib_from_deck:
            raise IllegalActionError(f"the deal needs {deal.crib_from_deck} card(s) for the crib")
        _check_cards([c for hand in action.hands for c in hand] + list(action.crib), None, "")
        step.hand = s.hand + 1
        step.phase = "deal"
        step.add(Input, None, action=action)
        discarding = deal.discard > 0
        return s._replace(
            phase="discard" if discarding else "starter", hand=s.hand + 1, held=action.hands,
            kept=action.hands, discarded=(not discarding,) * self.players, crib=action.crib,
            starter=None, count=0, series=(), turn=None, last_player=None, said_go=frozenset(),
            last_was_go=False, played=(),
        )

    def _discard(self, step: _Step, s: GameState, action: Discard) -> GameState:
        self._need_phase(s, "discard", action)
        seat = self._check_seat(action.seat)
        if s.discarded[seat]:
            raise IllegalActionError(f"seat {seat} has already laid away to the crib")
        need = self.variant.deal.discard
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalActionError(f"lay away exactly {need} different card(s), "
                                     f"got {format_cards(action.cards) or 'none'}")
        missing = [c for c in action.cards if c not in s.held[seat]]
        if missing:
            raise IllegalActionError(f"seat {seat} does not hold {format_cards(missing)}")
        step.add(Input, seat, action=action)
        kept = tuple(c for c in s.held[seat] if c not in action.cards)
        discarded = _replace(s.discarded, seat, True)
        return s._replace(phase="starter" if all(discarded) else "discard",
            held=_replace(s.held, seat, kept), kept=_replace(s.kept, seat, kept),
            discarded=discarded, crib=s.crib + action.cards,
        )

    def _cut_starter(self, step: _Step, s: GameState, action: CutStarter) -> GameState:
        self._need_phase(s, "starter", action)
        if not isinstance(action.card, Card) or action.card in self._dealt():
            raise IllegalActionError(f"the starter {action.card} has already been dealt")
        step.add(Input, None, action=action)
        step.score("pegline_score_starter",
                   snapshots.StarterTurned(action.card, s.dealer, self.players, tuple(step.scores),
                                           self._side_of[s.dealer]), s.dealer)
        return s._replace(phase="pegging", starter=action.card,
                            turn=(s.dealer + 1) % self.players)

    def _dealt(self) -> set[Card]:
        s = self._state
        return {c for hand in s.kept for c in hand} | set(s.crib) | {c for _, c in s.played}

    # -- pegging -------------------------------------------------------------------------------

    def _play(self, step: _Step, s: GameState, action: Play) -> GameState:
        self._need_turn(s, action)
        card = action.card
        if card not in s.held[action.seat]:
            raise IllegalActionError(f"seat {action.seat} does not hold {card}")
        count = s.count + card.value
        if count > 31:
            raise IllegalActionError(f"{card} would make the count {count}, over 31")
        step.add(Input, action.seat, action=action)
        series = s.series + (card,)
        step.score("pegline_score_play",
                   snapshots.PlayMade(action.seat, card, series, count, self.players,
                                      tuple(step.scores), self._side_of[action.seat]),
                   action.seat)
        held = _replace(s.held, action.seat, tuple(c for c in s.held[action.seat] if c is not card))
        s = s._replace(held=held, count=count, series=series, last_player=action.seat,
                         played=s.played + ((action.seat, card),), last_was_go=False)
        return self._next_turn(step, s, action.seat, consecutive_go=False)

    def _go(self, step: _Step, s: GameState, action: Go) -> GameState:
        self._need_turn(s, action)
        playable = [c for c in s.held[action.seat] if s.count + c.value <= 31]
        if playable:
            raise IllegalActionError(f"seat {action.seat} cannot say go while holding a playable "
                                     f"card ({format_cards(playable)}; count {s.count})")
        step.add(Input, action.seat, action=action)
        consecutive = s.last_was_go
        s = s._replace(said_go=s.said_go | {action.seat}, last_was_go=True)
        return self._next_turn(step, s, action.seat, consecutive_go=consecutive)

    def _need_turn(self, s: GameState, action: Play | Go) -> None:
        self._need_phase(s, "pegging", action)
        self._check_seat(action.seat)
        if action.seat != s.turn:
            raise IllegalActionError(
                f"it is seat {s.turn}'s turn to play, not seat {action.seat}'s")

    def _next_turn(self, step: _Step, s: GameState, actor: int, consecutive_go: bool) -> GameState:
        if step.over:
            return s
        room = 31 - s.count
        anyone_can_play = any(c.value <= room for hand in s.held for c in hand)
        strict_stop = self.variant.pegging.strict_go and consecutive_go
        if s.count == 31 or not anyone_can_play or strict_stop:
            return self._end_series(step, s)
        turn = self._next_seat(s, actor, skip=s.said_go)
        return s._replace(turn=turn)

    def _next_seat(self, s: GameState, after: int,
                   skip: frozenset[int] = frozenset()) -> int | None:
        """The first seat clockwise after ``after`` (``after`` itself last) holding cards."""
        for offset in range(1, self.players + 1):
            seat = (after + offset) % self.players
            if s.held[seat] and seat not in skip:
                return seat
        return None

    def _end_series(self, step: _Step, s: GameState) -> GameState:
        last_of_hand = not any(s.held)
        step.score("pegline_score_series_end",
                   snapshots.SeriesEnded(s.last_player, s.count, s.series, last_of_hand,
                                         self.players, tuple(step.scores),
                                         self._side_of[s.last_player]), s.last_player)
        if step.over:
            return s
        step.add(SeriesEnded, s.last_player, count=s.count)
        if last_of_hand or self.variant.pegging.single_series:
            return self._show(step, s)
        return s._replace(count=0, series=(), said_go=frozenset(), last_was_go=False,
                            turn=self._next_seat(s, s.last_player))

    # -- the show and the end ------------------------------------------------------------------

    def _show(self, step: _Step, s: GameState) -> GameState:
        """Count every hand from the dealer's left, the dealer last, then the crib."""
        step.phase = "show"
        seats = self.players
        order = [((s.dealer + offset) % seats, False) for offset in range(1, seats + 1)]
        order.append((s.dealer, True))
        if self.variant.game.counting == "muggins":
            return s._replace(phase="show", counts=tuple(order), declared=-1, responders=())
        for seat, crib in order:
            cards = s.crib if crib else s.kept[seat]
            snapshot = snapshots.ShowCounted(seat, cards, s.starter, crib, self.players)
            awards = self.scorer.plugins.score("pegline_score_show", snapshot)
            step.add(HandShown, seat, cards=cards, starter=s.starter, crib=crib,
                     points=sum(a.score.points for a in awards))
            if step.record(awards, seat):
                return s
        return self._next_hand(s)

    def _next_hand(self, s: GameState) -> GameState:
        return s._replace(phase="deal", dealer=(s.dealer + 1) % self.players, turn=None,
                          count=0, series=(), counts=(), declared=-1, responders=())

    # -- muggins: counting by hand -------------------------------------------------------------

    def _count_awards(self, s: GameState) -> tuple[snapshots.ShowCounted, list[Award]]:
        seat, crib = s.counts[0]
        snapshot = snapshots.ShowCounted(seat, s.crib if crib else s.kept[seat], s.starter, crib,
                                         self.players)
        return snapshot, self.scorer.plugins.score("pegline_score_show", snapshot)

    @staticmethod
    def _muggins_award(rule: str, points: int, cards: tuple[Card, ...]) -> Award:
        return Award(muggins.PLUGIN, muggins.RULES[rule], Score(rule, points, cards))

    def _declare(self, step: _Step, s: GameState, action: Declare) -> GameState:
        self._need_phase(s, "show", action)
        if not s.counts or s.declared >= 0:
            raise IllegalActionError("no count is waiting for a declaration")
        seat = s.counts[0][0]
        if action.seat != seat:
            raise IllegalActionError(f"it is seat {seat}'s count, not seat {action.seat}'s")
        points = action.points
        if type(points) is not int or not 0 <= points <= muggins.MAX_DECLARATION:
            raise IllegalActionError(f"a declaration is a whole number from 0 to "
                                     f"{muggins.MAX_DECLARATION}, not {points!r}")
        step.add(Input, seat, action=action)
        snapshot, awards = self._count_awards(s)
        true = sum(a.score.points for a in awards)
        if points:  # an overcount reaching the target waits for the responses
            claim = self._muggins_award("declared-count", points,
                                        (*snapshot.cards, snapshot.starter))
            if step.record([claim], seat, check_end=points <= true):
                return s
        return s._replace(declared=points, responders=muggins.responders(self.variant, seat))

    def _respond(self, step: _Step, s: GameState, action: Respond) -> GameState:
        self._need_phase(s, "show", action)
        if not s.responders:
            raise IllegalActionError("no declared count is waiting for a response")
        if action.seat != s.responders[0]:
            raise IllegalActionError(f"it is seat {s.responders[0]}'s turn to respond, "
                                     f"not seat {action.seat}'s")
        if action.response not in RESPONSES:
            raise IllegalActionError(f"a response is one of {', '.join(RESPONSES)}, "
                                     f"not {action.response!r}")
        n = action.points
        if action.response == "muggins" and (type(n) is not int or not 1 <= n <= 29):
            raise IllegalActionError(f"muggins claims a whole number of points from 1 to 29, "
                                     f"not {n!r}")
        if action.response != "muggins" and n != 0:
            raise IllegalActionError(f"{action.response} claims no points")
        step.add(Input, action.seat, action=action)
        if action.response == "accept" and len(s.responders) > 1:
            return s._replace(responders=s.responders[1:])
        snapshot, awards = self._count_awards(s)
        true = sum(a.score.points for a in awards)
        settlement = muggins.settle(s.declared, true, action.response, n)
        claimant = None if action.response == "accept" else action.seat
        step.add(CountSettled, snapshot.seat, cards=snapshot.cards, starter=snapshot.starter,
                 crib=snapshot.crib, declared=s.declared, points=true, outcome=settlement.outcome,
                 claimant=claimant,
                 breakdown=[Combination(a.rule.id, a.score.points, a.score.cards) for a in awards])
        for who, rule, points in settlement.moves:
            seat = snapshot.seat if who == "counter" else action.seat
            award = self._muggins_award(rule, points, (*snapshot.cards, snapshot.starter))
            if step.record([award], seat, check_end=points > 0):
                return s
        if step.check_end(self._side_of[snapshot.seat]):  # a standing overcount can still win
            return s
        counts = s.counts[1:]
        if not counts:
            return self._next_hand(s)
        return s._replace(counts=counts, declared=-1, responders=())

    def _finish(self, step: _Step, s: GameState) -> GameState:
        step.add(GameEnded, None, **self._result(step.scores, step.reached, s.assisted))
        return s._replace(phase="over", turn=None)

    def _result(self, scores: Sequence[int], reached: int, assisted: frozenset[int]) -> dict:
        """Places, skunk marks and game points; in lowball the side reaching the target loses."""
        game, sides = self.variant.game, self.variant.sides
        others = sorted((side for side in range(len(sides)) if side != reached),
                        key=lambda side: (scores[side] if game.lowball else -scores[side], side))
        order = others + [reached] if game.lowball else [reached] + others
        lines = sorted(self.variant.skunk, key=lambda line: line.below)
        results, points = [], game.win_game_points
        for place, side in enumerate(order, 1):
            mark = ""
            if place > 1 and not game.lowball:
                line = next((ln for ln in lines if scores[side] < ln.below), None)
                if line is not None:
                    mark, points = line.name, max(points, line.game_points)
            results.append(SideResult(side, sides[side], scores[side], place, mark))
        return {"results": tuple(results), "game_points": points, "lowball": game.lowball,
                "assist_used": tuple(sorted(assisted))}

    def _check_seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.players}")
        return seat


def _replace(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _check_cards(cards: Sequence[Card], size: int | None, message: str) -> None:
    if size is not None and len(cards) != size:
        raise IllegalActionError(message)
    if not all(isinstance(c, Card) for c in cards):
        raise IllegalActionError("every card must be a Card")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("a card cannot be dealt twice")
