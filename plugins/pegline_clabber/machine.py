"""Clabber's state machine: the cut, the deal, naming trump, the tricks, melds, the count.

The state is flat and made of immutable values, so a snapshot is one tuple of the fields and
`Game` undoes a step or rolls back a failed one exactly. Each action is checked in full before
anything changes; then its `Input` event and everything it causes are appended to the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from pegline_clabber.actions import (
    Announce,
    CallRenege,
    CutForDeal,
    Deal,
    LetStand,
    Name,
    Pass,
    Play,
    Show,
    moves,
)
from pegline_clabber.cards import DECK, SUIT_SYMBOLS, SUITS, legal_plays, trick_winner, why_illegal
from pegline_clabber.events import (
    BellaAnnounced,
    Combination,
    DealerChosen,
    HandCounted,
    HandDead,
    HandSettled,
    MeldsAnnounced,
    MeldsShown,
    RenegeCalled,
    RenegesVoid,
    TrickTaken,
    TrumpMade,
)
from pegline_clabber.phases import ClabberPhase
from pegline_clabber.refusals import (
    ANNOUNCE_FIRST,
    ANNOUNCED,
    CALL_ON,
    CUT_PACKETS,
    DISPROVED,
    FIRST_JACK,
    MAY_NOT_PLAY,
    NO_MELD,
    NO_RENEGES,
    NO_SUIT,
    NOT_A_SUIT,
    NOT_CLABBER,
    NOTHING_TO_SHOW,
    PASSED_SUIT,
    SHOW_SECOND,
    SHOWN,
    TURN_SUIT,
)
from pegline_clabber.settings import ClabberSettings
from pegline_clabber.snapshots import (
    HandHeld,
    HandPlayed,
    HandTotals,
    RenegePenalty,
    ShownMeld,
    Trick,
)
from pegline_clabber.views import ClabberView, TableMeld
from pegline_core import draws
from pegline_core.card_game.dealing import (
    check_cards,
    check_hands,
    draw_cut,
    draw_hands,
    lowest_cut,
)
from pegline_core.card_game.seating import Seating
from pegline_core.card_tuples import position, replaced
from pegline_core.cards import Card
from pegline_core.errors import IllegalActionError
from pegline_core.event_rows import RowKind, coached_seats, input_at, keyword_kind
from pegline_core.events import Action, Event, GameEnded, Input, Scored, SideResult
from pegline_core.index_player import IndexPlayer, checked_index
from pegline_core.phases import row_codes
from pegline_core.refusals import (
    GAME_OVER,
    NO_CHANCE,
    NO_SEAT,
    NOT_HELD,
    NOT_NOW,
    NOT_YOUR_TURN,
)
from pegline_core.rules import Award
from pegline_core.ruleset import Ruleset
from pegline_core.steps import step
from pegline_core.turns import CHANCE, OVER, Seats, ToAct

__all__ = ["ClabberMachine", "HAND_SIZE", "TRICKS"]

_INPUT: Final = RowKind(Input).code
_SCORED: Final = RowKind(Scored).code

PLAYERS = 4
HAND_SIZE = TRICKS = 6
JACK, QUEEN, KING = 11, 12, 13
CUT_MIN = 4
"""The cut leaves at least four cards in each packet."""
_IN_DECK = frozenset(DECK)
_NAMING: Final = ClabberPhase.NAMING
_TRICKS: Final = ClabberPhase.TRICKS
_CALLING: Final = ClabberPhase.CALLING
_OVER: Final = ClabberPhase.OVER
"""The phases read on every step, as names of this module (compiled, statics: no look-up on
the enum's class); the others once a hand."""
_ROW_CODE: Final = row_codes(ClabberPhase)
"""The number a row holds for each phase (numbers are no work for the garbage collector)."""
_COUNT_ROW: Final = _ROW_CODE[ClabberPhase.COUNT]
_BELLA = {suit: (Card.of(QUEEN, suit), Card.of(KING, suit)) for suit in SUITS}
"""The trump Q and K, by trump suit."""

# named tuples built from their fields in order by tuple.__new__, skipping their interpreted
# __new__ (hooks get one per seat or side every hand, and a Trick is made for every trick)
_new_held = cast(Callable[..., HandHeld], tuple.__new__)
_new_played = cast(Callable[..., HandPlayed], tuple.__new__)
_new_trick = cast(Callable[..., Trick], tuple.__new__)

_STATE = ("phase", "hand", "dealer", "scores", "held", "dealt", "turn_card", "trump", "makers",
          "round", "passes", "calls", "turn", "leader", "trick", "tricks", "taken", "offered",
          "announced", "shown", "table_melds", "bella", "bella_holder", "played", "reneges",
          "named")
"""The fields of the state, in the order of a snapshot (spelt out there, not read through the
card-game layer's `StateFields`: compiled, a snapshot of every step is then a few loads)."""


class Common:
    """What every game of one ruleset shares: settings, hooks, the actions as values."""

    def __init__(self, ruleset: Ruleset) -> None:
        variant = ruleset.variant
        settings: ClabberSettings = variant.settings
        self.variant = variant
        self.settings = settings
        seating = Seating(variant)
        self.sides = seating.sides
        self.side_of = seating.side_of
        self.turns: tuple[Seats, ...] = seating.turns
        """Each seat alone to act (`ClabberMachine.to_act`'s), made once."""
        self.target = settings.scoring.target
        self.undertrump = settings.play.undertrump
        self.show_turned = settings.play.show_turned_tricks
        self.renege_calls = settings.play.renege_calls
        self.score_melds = ruleset.scoring("pegline_clabber_melds")
        self.count_hand = ruleset.scoring("pegline_clabber_count_hand")
        self.settle_hand = ruleset.scoring("pegline_clabber_settle_hand")
        self.score_renege = ruleset.scoring("pegline_clabber_renege")
        # actions are values: each possible one exists once, as cards do (interned)
        self.plays, self.names, self.passes, self.announces, self.shows, self.stands = moves()


def common(ruleset: Ruleset) -> Common:
    """The ruleset's shared Clabber parts, built on first use."""
    return ruleset.shared("clabber", Common)


class ClabberMachine:
    """The state of one Clabber game and the rules that move it."""

    __slots__ = (*_STATE, "log", "c", "_hand", "_phase", "_memo", "_cause")

    def __init__(self, ruleset: Ruleset, log: list[Event]) -> None:
        self.log: list[Any] = log
        """The game's log: this machine appends rows (`pegline_core.event_rows`), not events."""
        self._cause: int | None = None
        """The seq of the input being applied: the ``cause`` of every event it derives."""
        self.c = c = common(ruleset)
        self.phase: ClabberPhase = ClabberPhase.CUT
        self.hand = 0
        self.dealer: int | None = None
        self.scores: tuple[int, ...] = (0,) * len(c.sides)
        self.held: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
        """What each seat holds now."""
        self.dealt: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
        """Each seat's hand as dealt (the dealer's with the turn card)."""
        self.turn_card: Card | None = None
        self.trump = ""
        self.makers = -1
        self.round = 1
        self.passes = 0
        """Passes in the current naming round."""
        self.calls: tuple[tuple[int, str], ...] = ()
        self.turn: int | None = None
        self.leader: int | None = None
        self.trick: tuple[Card, ...] = ()
        self.tricks: tuple[Trick, ...] = ()
        self.taken: tuple[int, ...] = (0,) * len(c.sides)
        self.offered: tuple[tuple[Award, ...], ...] = ((),) * PLAYERS
        """The melds each seat holds and may announce (from `pegline_clabber_melds`)."""
        self.announced: tuple[bool, ...] = (False,) * PLAYERS
        self.shown: tuple[bool, ...] = (False,) * PLAYERS
        self.table_melds: tuple[TableMeld, ...] = ()
        self.bella: tuple[int, tuple[Card, ...]] | None = None
        self.bella_holder = -1
        """The seat dealt the trump K and Q, or -1."""
        self.played: tuple[tuple[int, int, Card], ...] = ()
        """This hand's plays as (seq, seat, card)."""
        self.reneges: tuple[tuple[int, int, str], ...] = ()
        """With renege calls: this hand's reneges as (seq, seat, the rule broken)."""
        self.named = -1
        """The event number of this hand's naming of trump, or -1."""
        self._hand = 0
        self._phase = _ROW_CODE[ClabberPhase.CUT]
        """The phase the step started in, as its rows hold it (`_ROW_CODE`)."""
        self._memo: tuple[Any, ...] = ((), (), "", [])
        """The last legal cards worked out: (held, trick, trump, cards); not part of the state,
        as it follows from it (the same tuples give the same cards)."""

    @property
    def assisted(self) -> frozenset[int]:
        """The seats that asked the coach to compare (the game is then "assist used"): the
        kernel logs their requests, the machine never sees one."""
        return frozenset(coached_seats(self.log))

    # -- the Machine protocol ------------------------------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        # the fields of _STATE, in its order, spelt out: compiled, that is a few loads
        return (self.phase, self.hand, self.dealer, self.scores, self.held, self.dealt,
                self.turn_card, self.trump, self.makers, self.round, self.passes, self.calls,
                self.turn, self.leader, self.trick, self.tricks, self.taken, self.offered,
                self.announced, self.shown, self.table_melds, self.bella, self.bella_holder,
                self.played, self.reneges, self.named)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.phase, self.hand, self.dealer, self.scores, self.held, self.dealt,
         self.turn_card, self.trump, self.makers, self.round, self.passes, self.calls,
         self.turn, self.leader, self.trick, self.tricks, self.taken, self.offered,
         self.announced, self.shown, self.table_melds, self.bella, self.bella_holder,
         self.played, self.reneges, self.named) = snapshot

    def begin(self, dealer: int | None) -> None:
        if dealer is not None:
            self._hand, self._phase, self._cause = self.hand, _ROW_CODE[self.phase], None
            self._choose_dealer(dealer)

    def apply(self, action: Any) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(NOT_CLABBER(action=repr(action)))
        if self.phase == _OVER:
            raise IllegalActionError(GAME_OVER())
        self._hand, self._phase = self.hand, _ROW_CODE[self.phase]
        self._cause = len(self.log)  # every handler logs its Input first
        handler(self, action)

    def to_act(self) -> ToAct:
        phase = self.phase
        if phase in (_TRICKS, _NAMING, _CALLING):
            return self.c.turns[self.turn]  # type: ignore[index]
        if phase in (ClabberPhase.CUT, ClabberPhase.DEAL):
            return CHANCE
        return OVER

    def legal_actions(self, seat: int | None) -> list[Action]:
        phase, turn = self.phase, self.turn
        if phase not in (_TRICKS, _NAMING, _CALLING) or (seat is not None and seat != turn):
            return []
        assert turn is not None
        c, held = self.c, self.held[turn]
        if phase == _CALLING:
            return [c.stands[turn], *self._calls(turn)]
        if phase == _NAMING:
            turned = self.turn_card.suit  # type: ignore[union-attr]
            names = c.names[turn]
            suits = set(SUITS) if c.renege_calls else {card.suit for card in held}
            if self.round == 1:
                legal: list[Action] = [c.passes[turn],
                                       *([names[turned]] if turned in suits else [])]
            else:
                legal = [c.passes[turn], *(names[s] for s in SUITS if s in suits
                                            and (s != turned or c.renege_calls))]
            return legal + self._calls(turn) if c.renege_calls else legal
        plays = c.plays[turn]
        cards = held if c.renege_calls else self._legal_cards(held)
        legal = [plays[card.index] for card in cards]
        done = len(self.tricks)
        if done == 0 and self.offered[turn] and not self.announced[turn]:
            legal.insert(0, c.announces[turn])
        elif done == 1 and self.announced[turn] and not self.shown[turn]:
            legal.insert(0, c.shows[turn])
        return legal + self._calls(turn) if c.renege_calls else legal

    def choices(self, seat: int) -> Sequence[Action]:
        """`legal_actions` of ``seat`` (what `play_game` hands the players)."""
        return self.legal_actions(seat)

    def quiet(self) -> bool:
        """False: Clabber's snapshots have no hypothetical mark (`Game.copy(quiet=True)`)."""
        return False

    def _calls(self, seat: int) -> list[Action]:
        """The renege calls ``seat`` may make: one on each play or call of this hand by the
        other team."""
        side_of = self.c.side_of
        ours = side_of[seat]
        log = self.log
        return [CallRenege(seat, index) for index in range(self._start(), len(log))
                if (entry := input_at(log, index)) is not None
                and type(entry[1]) in (Name, Play)
                and side_of[entry[0]] != ours]  # type: ignore[index]

    def _start(self) -> int:
        """The log index of this hand's deal."""
        log = self.log
        for index in range(len(log) - 1, -1, -1):
            entry = input_at(log, index)
            if entry is not None and type(entry[1]) is Deal:
                return index
        return len(log)

    def _legal_cards(self, held: tuple[Card, ...]) -> list[Card]:
        """The cards of ``held`` that may be played to the trick (remembered: the play loop asks
        for the legal actions, then applies one of them)."""
        held_then, trick_then, trump_then, cards = self._memo
        trick, trump = self.trick, self.trump
        if held_then is not held or trick_then is not trick or trump_then != trump:
            cards = legal_plays(held, trick, trump, self.c.undertrump)
            self._memo = (held, trick, trump, cards)
        return cards  # type: ignore[no-any-return]

    def chance_action(self, rng: random.Random) -> Action:
        if self.phase == ClabberPhase.CUT:
            if self.c.settings.deal.first_dealer == "cut":
                return draw_cut(rng, DECK, players=PLAYERS)
            deck = draws.sample(rng, DECK, len(DECK))
            first = next(i for i, card in enumerate(deck) if card.rank == JACK)
            return CutForDeal(deck[:first + 1])
        if self.phase == ClabberPhase.DEAL:
            hands, _ = draw_hands(rng, DECK, players=PLAYERS, size=HAND_SIZE,
                                  dealer=self.dealer or 0)
            return Deal(draws.between(rng, CUT_MIN, len(DECK) - CUT_MIN), hands)
        raise IllegalActionError(NO_CHANCE(phase=self.phase))

    def play_bots(self, rng: random.Random, bots: list[IndexPlayer | None],
                  undo: list[tuple[object, int]] | None) -> bool:
        """Take every step due to chance (drawn from ``rng``) or to a seat whose entry in
        ``bots`` is an `IndexPlayer` (a player that reads no view, asked for the index of its
        pick), until a seat with None is to act or the game is over: the very steps
        `play_game`'s loop would take with the same players, each taken as `Game` takes one
        (`pegline_core.steps.step`: noted in ``undo`` with the state before it, put back whole
        if it fails). True: Clabber has this lane."""
        log = self.log
        while True:
            phase = self.phase
            if phase == _TRICKS or phase == _NAMING or phase == _CALLING:
                seat = self.turn
                assert seat is not None
                bot = bots[seat]
                if bot is None:
                    return True
                legal = self.legal_actions(seat)
                action = legal[checked_index(bot, len(legal), seat)]
            elif phase == ClabberPhase.CUT or phase == ClabberPhase.DEAL:
                action = self.chance_action(rng)
            else:
                return True
            step(self, log, undo, action)

    def view(self, seat: int) -> ClabberView:
        c = self.c
        # by position, in the field order of ClabberView; tuple.__new__ skips the named tuple's
        # interpreted __new__ (one is built for every decision)
        return tuple.__new__(ClabberView, (
            seat, self.phase, self.hand, self.dealer, self.scores, c.side_of[seat],
            self.held[seat], self.turn_card, self.trump, self.makers, self.round, self.calls,
            self.leader, self.trick, len(self.tricks), self.taken, self.table_melds,
            self.bella[0] if self.bella else -1, self.tricks if c.show_turned else (),
            c.target, c.undertrump, c.renege_calls,
            self.played if c.renege_calls or c.show_turned else (),
            self.named if c.renege_calls else -1))

    # -- recording -----------------------------------------------------------------------------

    def _add(self, cls: type, actor: int | None, **fields: Any) -> None:
        self.log.append((keyword_kind(cls).code, self._hand, self._phase, actor, self._cause,
                         fields))

    def _input(self, actor: int | None, action: Any) -> None:
        self.log.append((_INPUT, self._hand, self._phase, actor, None, action))

    def _record(self, awards: Sequence[Award], side: int) -> None:
        log = self.log
        for plugin, rule, (_rule, points, cards) in awards:
            scores = self.scores
            total = scores[side] + points
            self.scores = (*scores[:side], total, *scores[side + 1:])
            log.append((_SCORED, self._hand, self._phase, None, self._cause, side, points,
                        rule.id, plugin, cards, total))

    # -- checks --------------------------------------------------------------------------------

    def _need_phase(self, phase: ClabberPhase, action: Any) -> None:
        if self.phase != phase:
            raise IllegalActionError(NOT_NOW(action=type(action).__name__, phase=self.phase))

    def _need_turn(self, phase: ClabberPhase, action: Any) -> int:
        """The acting seat, checked: the right phase, a real seat, whose turn it is."""
        self._need_phase(phase, action)
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise IllegalActionError(NO_SEAT(seat=repr(seat), players=PLAYERS))
        if seat != self.turn:
            raise IllegalActionError(NOT_YOUR_TURN(turn=self.turn, seat=seat))
        return seat

    # -- the cut and the deal ------------------------------------------------------------------

    def _cut_for_deal(self, action: Any) -> None:
        self._need_phase(ClabberPhase.CUT, action)
        cards = action.cards
        check_cards(cards, _IN_DECK)
        if self.c.settings.deal.first_dealer == "cut":
            lowest = lowest_cut(cards, players=PLAYERS)
            self._input(None, action)
            if len(lowest) == 1:  # a tie for lowest cuts again
                self._choose_dealer(lowest[0])
            return
        jacks = [i for i, card in enumerate(cards) if card.rank == JACK]
        if jacks != [len(cards) - 1]:
            raise IllegalActionError(FIRST_JACK())
        self._input(None, action)
        self._choose_dealer((len(cards) - 1) % PLAYERS)

    def _choose_dealer(self, dealer: int) -> None:
        self._add(DealerChosen, None, dealer=dealer)
        self.phase, self.dealer = ClabberPhase.DEAL, dealer

    def _deal(self, action: Any) -> None:
        self._need_phase(ClabberPhase.DEAL, action)
        cut, hands = action.cut, action.hands
        if type(cut) is not int or not CUT_MIN <= cut <= len(DECK) - CUT_MIN:
            raise IllegalActionError(CUT_PACKETS(least=CUT_MIN, most=len(DECK) - CUT_MIN,
                                                 cut=repr(cut)))
        check_hands(hands, players=PLAYERS, size=HAND_SIZE, deck=_IN_DECK)
        dealer = self.dealer
        assert dealer is not None
        self._hand = self.hand + 1
        self._input(None, action)
        self.phase, self.hand = _NAMING, self._hand
        self.held = self.dealt = hands
        self.turn_card = hands[dealer][-1]
        self.trump, self.makers, self.round, self.passes, self.calls = "", -1, 1, 0, ()
        self.turn = self.leader = (dealer + 1) % PLAYERS
        self.trick, self.tricks, self.taken = (), (), (0,) * len(self.c.sides)
        self.offered = ((),) * PLAYERS
        self.announced = self.shown = (False,) * PLAYERS
        self.table_melds, self.bella, self.bella_holder = (), None, -1
        self.played, self.reneges, self.named = (), (), -1

    # -- naming trump --------------------------------------------------------------------------

    def _name(self, action: Any) -> None:
        seat = self._need_turn(_NAMING, action)
        suit, turned = action.suit, self.turn_card.suit  # type: ignore[union-attr]
        if suit not in SUITS or type(suit) is not str:
            raise IllegalActionError(NOT_A_SUIT(suits=", ".join(SUITS), suit=repr(suit)))
        if self.round == 1 and suit != turned:
            raise IllegalActionError(TURN_SUIT(suit=SUIT_SYMBOLS[turned]))
        renege: str | None = None
        if self.round == 2 and suit == turned:
            renege = PASSED_SUIT(suit=SUIT_SYMBOLS[suit])
        elif not any(card.suit == suit for card in self.held[seat]):
            renege = NO_SUIT(seat=seat, suit=SUIT_SYMBOLS[suit])
        if renege is not None:
            if not self.c.renege_calls:
                raise IllegalActionError(renege)
            self.reneges += ((len(self.log), seat, renege),)
        self.named = len(self.log)
        self._input(seat, action)
        c = self.c
        self._add(TrumpMade, seat, trump=suit, makers=c.side_of[seat], round=self.round)
        self.trump, self.makers = suit, c.side_of[seat]
        self.calls = (*self.calls, (seat, suit))
        self.phase = _TRICKS
        self.turn = self.leader = (self.dealer + 1) % PLAYERS  # type: ignore[operator]
        self.offered = tuple(
            tuple(c.score_melds(self.dealt[s], _new_held(HandHeld, (s, self.dealt[s], suit,
                                                                     c.side_of[s], c.variant))))
            for s in range(PLAYERS))
        pair = _BELLA[suit]
        self.bella_holder = next((s for s in range(PLAYERS)
                                  if pair[0] in self.dealt[s] and pair[1] in self.dealt[s]), -1)

    def _pass(self, action: Any) -> None:
        seat = self._need_turn(_NAMING, action)
        self._input(seat, action)
        self.calls = (*self.calls, (seat, ""))
        dealer = self.dealer
        assert dealer is not None
        if self.passes + 1 < PLAYERS:
            self.passes += 1
            self.turn = (seat + 1) % PLAYERS
        elif self.round == 1:
            self.round, self.passes, self.turn = 2, 0, (dealer + 1) % PLAYERS
        else:  # all passed twice: the same dealer deals again
            self._add(HandDead, None, dealer=dealer)
            self.phase, self.turn, self.leader = ClabberPhase.DEAL, None, None

    # -- melds ---------------------------------------------------------------------------------

    def _announce(self, action: Any) -> None:
        seat = self._need_turn(_TRICKS, action)
        if self.tricks:
            raise IllegalActionError(ANNOUNCE_FIRST())
        if self.announced[seat]:
            raise IllegalActionError(ANNOUNCED(seat=seat))
        melds = self.offered[seat]
        if not melds:
            raise IllegalActionError(NO_MELD(seat=seat))
        self._input(seat, action)
        self._add(MeldsAnnounced, seat,
                  melds=tuple(Combination(a.rule.id, a.score.points, ()) for a in melds))
        self.announced = replaced(self.announced, seat, True)
        self.table_melds += tuple((seat, a.rule.id, a.score.points, ()) for a in melds)

    def _show(self, action: Any) -> None:
        seat = self._need_turn(_TRICKS, action)
        if len(self.tricks) != 1:
            raise IllegalActionError(SHOW_SECOND())
        if not self.announced[seat]:
            raise IllegalActionError(NOTHING_TO_SHOW(seat=seat))
        if self.shown[seat]:
            raise IllegalActionError(SHOWN(seat=seat))
        self._input(seat, action)
        melds = self.offered[seat]
        self._add(MeldsShown, seat, melds=tuple(Combination(a.rule.id, a.score.points,
                                                            a.score.cards) for a in melds))
        self.shown = replaced(self.shown, seat, True)
        self.table_melds = tuple(m for m in self.table_melds if m[0] != seat) + tuple(
            (seat, a.rule.id, a.score.points, a.score.cards) for a in melds)
        shown = {card for a in melds for card in a.score.cards}
        pair = _BELLA[self.trump]
        if self.bella is None and seat == self.bella_holder and set(pair) <= shown:
            self._announce_bella(seat, pair)

    def _announce_bella(self, seat: int, pair: tuple[Card, Card]) -> None:
        self._add(BellaAnnounced, seat, cards=pair)
        self.bella = (seat, pair)

    # -- the tricks ----------------------------------------------------------------------------

    def _play(self, action: Any) -> None:
        seat = action.seat
        if self.phase != _TRICKS or seat != self.turn or type(seat) is not int:
            seat = self._need_turn(_TRICKS, action)
        card, held, c = action.card, self.held[seat], self.c
        at = position(held, card)
        if at < 0:
            raise IllegalActionError(NOT_HELD(seat=seat, cards=str(card)))
        if self.trick and position(self._legal_cards(held), card) < 0:
            why = why_illegal(held, self.trick, self.trump, card, c.undertrump)
            reason = MAY_NOT_PLAY(card=card.symbol, why=why)
            if not c.renege_calls:
                raise IllegalActionError(reason)
            self.reneges += ((len(self.log), seat, reason),)
        log = self.log
        seq = len(log)
        self.played += ((seq, seat, card),)
        log.append((_INPUT, self._hand, self._phase, seat, None, action))
        held = held[:at] + held[at + 1:]
        hands = self.held
        self.held = (*hands[:seat], held, *hands[seat + 1:])
        if seat == self.bella_holder and self.bella is None:
            pair = _BELLA[self.trump]
            if card in pair and pair[0] not in held and pair[1] not in held:  # its second card
                self._announce_bella(seat, pair)
        trick = self.trick = (*self.trick, card)
        if len(trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return
        leader = self.leader
        assert leader is not None
        winner = (leader + trick_winner(trick, self.trump)) % PLAYERS
        self.tricks = (*self.tricks, _new_trick(Trick, (leader, trick, winner)))
        self._add(TrickTaken, winner, number=len(self.tricks), leader=leader, cards=trick)
        side = c.side_of[winner]
        self.taken = replaced(self.taken, side, self.taken[side] + 1)
        self.trick, self.turn, self.leader = (), winner, winner
        if len(self.tricks) == TRICKS:
            if c.renege_calls:  # the last trick lies face up while anyone may call a renege
                self.phase = _CALLING
                self.turn = self.leader = (self.dealer + 1) % PLAYERS  # type: ignore[operator]
            else:
                self._end_hand()

    # -- renege calls --------------------------------------------------------------------------

    def _call_renege(self, action: Any) -> None:
        c = self.c
        if not c.renege_calls:
            raise IllegalActionError(NO_RENEGES())
        if self.phase not in (_NAMING, _TRICKS, _CALLING):
            raise IllegalActionError(NOT_NOW(action="CallRenege", phase=self.phase))
        seat = self._need_turn(self.phase, action)
        seq = action.target
        if action not in self._calls(seat):
            raise IllegalActionError(CALL_ON(seat=seat, n=repr(seq)))
        self._input(seat, action)
        called = input_at(self.log, seq)  # one of _calls: an input of a seat
        assert called is not None and called[0] is not None
        accused = called[0]
        found = next((why for at, _who, why in self.reneges if at == seq), None)
        offender = c.side_of[accused] if found is not None else c.side_of[seat]
        reason = found or DISPROVED(seat=seat)
        self._add(RenegeCalled, seat, called=seq, proved=found is not None, offender=offender,
                  reason=reason)
        if found is None:  # the false call is a renege of the caller's team
            self.reneges += ((len(self.log) - 2, seat, reason),)
        sides = {c.side_of[who] for _at, who, _why in self.reneges}
        if len(sides) > 1:  # both teams reneged: no score, the same dealer deals again
            self._add(RenegesVoid, None, dealer=self.dealer)
            self.phase, self.turn, self.leader = ClabberPhase.DEAL, None, None
            return
        side = next(s for s in range(len(c.sides)) if s != offender)
        melds = tuple(ShownMeld(s, a.rule.id, a.score.points, a.score.cards)
                      for s in c.sides[side] if self.announced[s] for a in self.offered[s])
        self._phase = _COUNT_ROW
        bella = self.bella if self.bella and c.side_of[self.bella[0]] == side else None
        awards = c.score_renege(_IN_DECK, RenegePenalty(side, offender, reason, melds,
                                                        self.scores, c.variant, bella))
        self._record(awards, side)
        self._next_hand()

    def _let_stand(self, action: Any) -> None:
        seat = self._need_turn(_CALLING, action)
        self._input(seat, action)
        if seat == self.dealer:  # the dealer calls last: no call, the last trick is turned
            self._end_hand()
        else:
            self.turn = (seat + 1) % PLAYERS

    # -- the count, the settlement, the end ----------------------------------------------------

    def _end_hand(self) -> None:
        c = self.c
        self._phase = _COUNT_ROW
        shown = tuple(ShownMeld(seat, a.rule.id, a.score.points, a.score.cards)
                      for seat in range(PLAYERS) if self.shown[seat] for a in self.offered[seat])
        counts = []
        for side in range(len(c.sides)):
            snapshot = _new_played(HandPlayed, (side, self.makers, self.trump, self.tricks,
                                                shown, self.bella, c.sides, self.scores,
                                                c.variant))
            awards = c.count_hand(_IN_DECK, snapshot)
            counts.append(awards)
            self._add(HandCounted, None, side=side, tricks=self.taken[side],
                      total=sum(a.score.points for a in awards),
                      breakdown=tuple(Combination(a.rule.id, a.score.points, a.score.cards)
                                      for a in awards))
        totals = tuple(sum(a.score.points for a in awards) for awards in counts)
        settlement = c.settle_hand((), HandTotals(self.makers, totals, self.trump, self.scores,
                                                  c.variant))
        self._add(HandSettled, None, makers=self.makers, made=not settlement, totals=totals)
        for side, awards in enumerate(counts):
            self._record(settlement if settlement and side == self.makers else awards, side)
        self._next_hand()

    def _next_hand(self) -> None:
        c, scores = self.c, self.scores
        best = max(scores)
        leaders = [side for side, score in enumerate(scores) if score == best]
        if best >= c.target and len(leaders) == 1:  # a tie at or over the target plays on
            self._end_game(leaders[0])
            return
        self.phase, self.dealer = ClabberPhase.DEAL, (self.dealer + 1) % PLAYERS  # type: ignore[operator]
        self.turn = self.leader = None

    def _end_game(self, winner: int) -> None:
        c, scores = self.c, self.scores
        order = sorted(range(len(scores)), key=lambda side: (side != winner, -scores[side], side))
        results = tuple(SideResult(side, c.sides[side], scores[side], place)
                        for place, side in enumerate(order, 1))
        self._add(GameEnded, None, results=results, game_points=1,
                  assist_used=coached_seats(self.log))
        self.phase, self.turn, self.leader = _OVER, None, None


# The handlers take their action untyped: compiled, a declared field type would be trusted, so
# a bad field (a seat or a target that is no integer) would be a TypeError, not the engine's error.
_HANDLERS: dict[type, Callable[[ClabberMachine, Any], None]] = {
    CutForDeal: ClabberMachine._cut_for_deal, Deal: ClabberMachine._deal,
    Name: ClabberMachine._name, Pass: ClabberMachine._pass,
    Announce: ClabberMachine._announce, Show: ClabberMachine._show, Play: ClabberMachine._play,
    CallRenege: ClabberMachine._call_renege, LetStand: ClabberMachine._let_stand}
"""The handler of each action type."""

