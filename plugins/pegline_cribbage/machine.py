"""Cribbage's state machine: one for every cribbage variant, driven by actions, recording events.

The state is flat and made of immutable values (tuples, small integers), so a snapshot is one
tuple of the fields and `Game` can undo a step or roll back a failed one exactly. Inside, a card
is its code (`Card.index`): hands, the crib, the series and the log's rows hold codes, and a
`Card` is made only where someone reads one (a view, a property, an event). Each action is
checked in full before anything changes; then its `Input` and everything it causes (scores
through the plugins, count resets, the show, the result) are appended to the log as rows
(`pegline_cribbage.rows`).

`play_bots` plays the steps that chance and the built-in random bots take without building an
action, a view or a legal list: the same steps, drawn from the same numbers, as `play_game`'s
loop would take through `apply`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, cast

from pegline_core import draws
from pegline_core.card_game.dealing import check_hands, draw_cut, draw_hands, lowest_cut
from pegline_core.card_game.seating import Seating
from pegline_core.card_tuples import appended, replaced, without
from pegline_core.cards import DECK, Card, format_cards
from pegline_core.errors import IllegalActionError, PluginError
from pegline_core.event_rows import coached_seats, inputs_of
from pegline_core.events import Action
from pegline_core.index_player import IndexPlayer, checked_index
from pegline_core.phases import row_codes
from pegline_core.refusals import (
    GAME_OVER,
    NO_CHANCE,
    NO_SEAT,
    NOBODY_TO_PLAY,
    NOT_AN_ACTION,
    NOT_HELD,
    NOT_NOW,
)
from pegline_core.rules import Score
from pegline_core.ruleset import Ruleset
from pegline_core.turns import CHANCE, OVER, Seats, ToAct
from pegline_cribbage.actions import (
    RESPONSES,
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Go,
    Play,
    Respond,
    declarations_of,
    discard_of,
    discards_of,
    go_of,
    plays_of,
    responses_of,
)
from pegline_cribbage.choices import WAYS, Discards, combination
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.events import Combination
from pegline_cribbage.native import Claim, cards_of, codes_of
from pegline_cribbage.phases import CribbagePhase
from pegline_cribbage.refusals import (
    COUNTED,
    CRIB_FROM_DECK,
    DECLARATION,
    LAID_AWAY,
    LAY_AWAY,
    LAY_AWAY_CARDS,
    MUGGINS,
    MUST_PLAY,
    NO_CODE,
    NO_COUNT_WAITING,
    NO_POINTS_CLAIMED,
    NO_RESPONSE_WAITING,
    NOT_YOUR_COUNT,
    NOT_YOUR_PLAY,
    NOT_YOUR_RESPONSE,
    OVER_LIMIT,
    RESPONSE,
    STARTER_CARD,
    STARTER_DEALT,
)
from pegline_cribbage.rows import (
    COUNT_RESET,
    COUNT_SETTLED,
    CUT_TIE,
    DEAL,
    DEALER_CHOSEN,
    DEALT,
    DISCARD,
    GAME_ENDED,
    GO,
    INPUT,
    PASSED,
    PLAY,
    SCORED,
    SHOWN,
    STARTER,
)
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.scoring import Scoring
from pegline_cribbage.settings import CribbageSettings
from pegline_cribbage.views import CribbageView

if TYPE_CHECKING:
    from pegline_cribbage.counting import CountingProtocol

__all__ = ["CribbageMachine", "Common", "Seen", "seat_to_play"]

_DECK: Final = DECK
"""The cards by code (a name of this module: compiled, a static, not a global looked up)."""
NOBODY: Final = -1
"""A seat field that names no seat (the dealer before the cut, the turn outside pegging)."""
_CUT: Final = CribbagePhase.CUT
_DEAL: Final = CribbagePhase.DEAL
_DISCARD: Final = CribbagePhase.DISCARD
_STARTER: Final = CribbagePhase.STARTER
_PEGGING: Final = CribbagePhase.PEGGING
_SHOW: Final = CribbagePhase.SHOW
_OVER: Final = CribbagePhase.OVER
"""The phases as names of this module (compiled, statics: no look-up on the enum's class). The
machine's phase is always one of these members, so it is compared by identity: ``==`` on a
`StrEnum` compares the strings, a call each time (2% of a random game's instructions)."""
_PHASE_ROWS: Final = row_codes(CribbagePhase)
_PHASE_ORDER: Final = sorted(CribbagePhase, key=lambda phase: phase is not _PEGGING)
_ROW_PHASES: Final[tuple[object, ...]] = tuple(_PHASE_ORDER)
_ROW_CODES: Final[tuple[object, ...]] = tuple([_PHASE_ROWS[phase] for phase in _PHASE_ORDER])
"""The number a row holds for each phase of `_ROW_PHASES` (numbers are no work for the garbage
collector): found by identity (`_row_code`), cheaper than a member's hash, the pegging's first."""
_CUT_ROW: Final = _PHASE_ROWS[_CUT]
_DEAL_ROW: Final = _PHASE_ROWS[_DEAL]
_SHOW_ROW: Final = _PHASE_ROWS[_SHOW]

_STATE: Final = ("phase", "hand", "_dealer", "scores", "_held", "_kept", "_laid", "discarded",
                 "_crib", "_starter", "count", "_series", "_turn", "_last", "_said_go",
                 "last_was_go", "_played", "goes", "counts", "declared", "responders")
"""The fields of the state, in the order of a snapshot."""
_new_view = cast(Callable[..., CribbageView], tuple.__new__)
Seen = tuple[CribbagePhase, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int,
             tuple[int, ...], int, int, tuple[tuple[int, int], ...], int, tuple[int, ...], int,
             tuple[int, tuple[int, ...], bool, int] | None]
"""What a seat sees in codes (`CribbageMachine.seen`): phase, held, kept, laid, series,
starter (-1: none), plays (``seat << 6 | code``), count, the seats that said go (bits), goes,
dealer (-1: none), scores, its side, and under counting by hand the count on the table
(seat, codes, crib, declared)."""
"""A view from its fields, all given in order (three times faster than its keyword `__new__`)."""


class Common:
    """What every game of one ruleset shares: settings, the scoring in codes, the counting
    protocol, the actions that are values. Built once per ruleset (`common`)."""

    def __init__(self, ruleset: Ruleset) -> None:
        variant = ruleset.variant
        settings: CribbageSettings = variant.settings
        self.ruleset = ruleset
        self.variant = variant
        self.settings = settings
        seating = Seating(variant)
        self.players: int = seating.players
        self.side_of: tuple[int, ...] = seating.side_of
        self.limit: int = settings.pegging.limit
        self.target: int = settings.scoring.target
        self.lowball: bool = settings.scoring.lowball
        self.strict_go: bool = settings.pegging.strict_go
        self.single_series: bool = settings.pegging.single_series
        self.cards: int = settings.deal.cards
        self.discard: int = settings.deal.discard
        self.crib_from_deck: int = settings.deal.crib_from_deck
        self.counting = self._counting_protocol(ruleset)
        self.max_declaration: int = self.counting.max_declaration if self.counting else 0
        self.scorer = Scorer(ruleset)
        """Scoring outside the game, for views (bots and the coach evaluate with it)."""
        self.scoring = Scoring(ruleset, hypothetical=False)
        """The scoring hooks, called in codes, for the steps of a game."""
        self.what_if = self.scorer.scoring
        """The same, for a quiet copy's steps: each ``hypothetical``."""
        players = self.players
        # actions are values: each possible one exists once, as cards do (interned)
        self.plays = tuple([plays_of(seat) for seat in range(players)])
        self.goes = tuple([go_of(seat) for seat in range(players)])
        self.discards = tuple([discards_of(seat) for seat in range(players)])
        self.turns: tuple[Seats, ...] = seating.turns
        """Each seat alone to act (`to_act`'s), made once."""
        self.played_pairs = tuple([(seat, card) for seat in range(players) for card in _DECK])
        """Each (seat, card) a view's ``played`` may hold, made once: by ``seat * 52 + code``."""
        self.seat_sets: dict[int, frozenset[int]] = {}
        """The seats of each bit set a view has shown (``said_go``), made once."""
        self.dealt = tuple([seating.order(from_left_of=dealer) for dealer in range(players)])
        """The order of the deal from each dealer's left (the `Dealt` event's)."""
        self.show_order = tuple(
            (*(((dealer + k) % players, False) for k in range(1, players + 1)), (dealer, True))
            for dealer in range(players))
        """The counts of the show for each dealer: (seat, crib) from the dealer's left, the
        dealer's hand, then the crib."""

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
    return ruleset.shared("cribbage", Common)


class CribbageMachine:
    """The state of one cribbage game and the rules that move it."""

    def __init__(self, ruleset: Ruleset, log: list[Any]) -> None:
        self.log: list[Any] = log
        """The game's log: this machine appends rows (`pegline_cribbage.rows`), not events."""
        self.c: Common = common(ruleset)
        c = self.c
        self.scoring: Scoring = c.scoring
        """Asks the plugins what this game's steps score (hypothetically once `quiet`)."""
        players = c.players
        self.phase: CribbagePhase = _CUT
        self.hand = 0
        self._dealer = NOBODY
        self.scores: tuple[int, ...] = (0,) * len(c.variant.sides)
        self._held: tuple[tuple[int, ...], ...] = ()
        """What each seat holds now."""
        self._kept: tuple[tuple[int, ...], ...] = ()
        """The hand each seat will show."""
        self._laid: tuple[tuple[int, ...], ...] = ((),) * players
        """What each seat laid away to the crib this hand."""
        self.discarded: tuple[bool, ...] = ()
        self._crib: tuple[int, ...] = ()
        self._starter = NOBODY
        self.count = 0
        self._series: tuple[int, ...] = ()
        self._turn = NOBODY
        self._last = NOBODY
        self._said_go = 0
        """The seats that said go in this series, one bit each."""
        self.last_was_go = False
        self._played: tuple[int, ...] = ()
        """Each card played this hand, in order, as ``seat << 6 | code``."""
        self.goes: tuple[tuple[int, int], ...] = ()
        """Each go of this hand as (seat, count): said, or recorded at a series' end."""
        self.counts: tuple[tuple[int, bool], ...] = ()
        """Counting by hand: the counts still to make, as (seat, crib), the current one first."""
        self.declared = -1
        """Counting by hand: the current count's declaration, or -1 before it is declared."""
        self.responders: tuple[int, ...] = ()
        """Counting by hand: the opponents still to respond, in order."""
        self._hand = 0
        self._phase: object = _CUT_ROW
        """The phase the step started in, as its rows hold it (`_ROW_CODES`)."""
        self._reached = NOBODY
        """The side that reached the target in this step."""
        self._drawn: tuple[Deal, tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
        """The deal `chance_action` drew last, with its codes: applied, it needs no check (a
        deal is valid in any hand of this game's settings), nor its cards read back."""
        self._cause: int | None = None
        """The seq of the input being applied: the ``cause`` of every event it derives."""

    # -- the state, as cards -------------------------------------------------------------------

    @property
    def dealer(self) -> int | None:
        return None if self._dealer < 0 else self._dealer

    @property
    def turn(self) -> int | None:
        """The seat to play or say go (None outside the pegging)."""
        return None if self._turn < 0 else self._turn

    @property
    def last_player(self) -> int | None:
        return None if self._last < 0 else self._last

    @property
    def held(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat holds now."""
        return tuple([cards_of(hand) for hand in self._held])

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """The hand each seat will show."""
        return tuple([cards_of(hand) for hand in self._kept])

    @property
    def crib(self) -> tuple[Card, ...]:
        return cards_of(self._crib)

    @property
    def starter(self) -> Card | None:
        return None if self._starter < 0 else _DECK[self._starter]

    @property
    def series(self) -> tuple[Card, ...]:
        return cards_of(self._series)

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Each card played this hand, in order, with the seat that played it."""
        pairs = self.c.played_pairs
        return tuple(pairs[(play >> 6) * 52 + (play & 63)] for play in self._played)

    @property
    def said_go(self) -> frozenset[int]:
        bits = self._said_go
        known = self.c.seat_sets
        found = known.get(bits)
        if found is None:
            found = known[bits] = _seats(bits, self.c.players)
        return found

    @property
    def assisted(self) -> frozenset[int]:
        """Seats that have asked the coach (the kernel logs their requests: the machine never
        sees one)."""
        return frozenset(coached_seats(self.log))

    # -- the Machine protocol ------------------------------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        # the fields of _STATE, in its order, spelt out: compiled, that is a few loads
        return (self.phase, self.hand, self._dealer, self.scores, self._held, self._kept,
                self._laid, self.discarded, self._crib, self._starter, self.count, self._series,
                self._turn, self._last, self._said_go, self.last_was_go, self._played,
                self.goes, self.counts, self.declared, self.responders)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.phase, self.hand, self._dealer, self.scores, self._held, self._kept,
         self._laid, self.discarded, self._crib, self._starter, self.count, self._series,
         self._turn, self._last, self._said_go, self.last_was_go, self._played,
         self.goes, self.counts, self.declared, self.responders) = snapshot

    def quiet(self) -> bool:
        """From now on, every step's snapshots say ``hypothetical`` (`Game.copy(quiet=True)`):
        the plugins' hooks are still called, and score as ever, but can tell a look ahead."""
        self.scoring = self.c.what_if
        return True

    def begin(self, dealer: int | None) -> None:
        if dealer is not None:
            self._start_step()
            self._cause = None
            self._choose_dealer(dealer)
            if self._reached >= 0:
                self._end_game()

    def apply(self, action: Any) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(NOT_AN_ACTION(action=repr(action)))
        if self.phase is _OVER:
            raise IllegalActionError(GAME_OVER())
        self._start_step()
        self._cause = len(self.log)  # every handler logs its Input first
        handler(self, action)
        if self._reached >= 0:
            self._end_game()

    def _start_step(self) -> None:
        """A step's events carry the hand and phase it started in; no side has won yet."""
        self._hand, self._phase, self._reached = self.hand, _row_code(self.phase), NOBODY

    def to_act(self) -> ToAct:
        phase = self.phase
        turns = self.c.turns
        if phase is _PEGGING:
            return turns[self._turn]
        if phase in (_CUT, _DEAL, _STARTER):
            return CHANCE
        if phase is _DISCARD:
            return self._discarding()
        if phase is _SHOW and self.counts:
            if self.declared < 0:
                return turns[self.counts[0][0]]
            if self.responders:
                return turns[self.responders[0]]
        return OVER

    def _discarding(self) -> Seats:
        return Seats([seat for seat in range(self.c.players) if not self.discarded[seat]])

    def legal_actions(self, seat: int | None) -> list[Action]:
        phase = self.phase
        c = self.c
        if phase is _PEGGING:
            turn = self._turn
            if seat is not None and seat != turn:
                return []
            room = c.limit - self.count
            plays = c.plays[turn]
            playable: list[Action] = [plays[code] for code in self._held[turn]
                                      if PIPS[code] <= room]
            return playable or [c.goes[turn]]
        if phase is _DISCARD:
            seats = [seat] if seat is not None else list(self._discarding())
            discards = c.discards
            return [discards[p].get(cards) or discard_of(p, cards)
                    for p in seats if not self.discarded[p]
                    for cards in combinations(cards_of(self._held[p]), c.discard)]
        if phase is _SHOW and self.counts and (seat is None or seat in self.to_act()):
            cap = self.counting.max_declaration
            if self.declared < 0:
                return list(declarations_of(self.counts[0][0], cap))
            return list(responses_of(self.responders[0], cap))
        return []

    def choices(self, seat: int) -> Sequence[Action]:
        """`legal_actions` of ``seat``, the discards built only when read (what players get)."""
        if self.phase is _DISCARD:
            return () if self.discarded[seat] else \
                Discards(seat, self._held[seat], self.c.discard)
        return self.legal_actions(seat)

    def chance_action(self, rng: random.Random) -> Action:
        c = self.c
        if self.phase is _CUT:
            return draw_cut(rng, DECK, players=c.players)
        if self.phase is _DEAL:
            hands, crib = self._draw_deal(rng)
            deal = Deal(tuple([cards_of(hand) for hand in hands]), cards_of(crib))
            self._drawn = (deal, hands, crib)
            return deal
        if self.phase is _STARTER:
            return CutStarter(_DECK[self._draw_starter(rng)])
        raise IllegalActionError(NO_CHANCE(phase=self.phase))

    def _draw_deal(self, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...],
                                                      tuple[int, ...]]:
        """A deal's hands and crib cards, as codes: a random ordered draw of just the cards
        needed (the same as shuffling the whole deck), dealt one at a time from the dealer's
        left."""
        c = self.c
        hands, crib = draw_hands(rng, _CODES, players=c.players, size=c.cards,
                                 dealer=max(self._dealer, 0), extra=c.crib_from_deck)
        return tuple([tuple(hand) for hand in hands]), tuple(crib)

    def _draw_starter(self, rng: random.Random) -> int:
        """The starter, drawn as ``draws.choice`` draws from the cards not dealt, in deck
        order."""
        dealt = self._dealt()
        if type(rng) is not random.Random:  # another generator chooses by its own method
            return draws.choice(rng, [code for code in _CODES if not dealt >> code & 1])
        pick = draws.below(rng, 52 - dealt.bit_count())  # draws.choice's draw, no list built
        code = 0
        while True:  # the pick-th code not dealt (``pick`` is below their number)
            if not dealt >> code & 1:
                if pick == 0:
                    return code
                pick -= 1
            code += 1

    def view(self, seat: int) -> CribbageView:
        c = self.c
        counting = None
        if self.phase is _SHOW and self.counts:
            counter, crib = self.counts[0]
            counting = (counter, cards_of(self._crib if crib else self._kept[counter]), crib,
                        self.declared)
        held, kept = self._held, self._kept
        laid = self._laid_seen(seat)
        return _new_view(CribbageView, (  # by position, in the field order of CribbageView
            seat, self.phase, self.hand, self.dealer, self.scores, c.side_of[seat],
            cards_of(held[seat]) if held else (), cards_of(kept[seat]) if kept else (),
            self.starter, self.count, cards_of(self._series), self.played, c.players, c.target,
            c.lowball, c.limit, counting, c.max_declaration, c.scorer, cards_of(laid),
            self.said_go, self.goes))

    # -- by codes: what the encoding's numbers read and take ---------------------------------

    def seen(self, seat: int) -> Seen:
        """What ``seat`` may see, in codes: `view`'s fields before they become cards (the
        encoding numbers a seat's observation from them without building a view)."""
        counting: tuple[int, tuple[int, ...], bool, int] | None = None
        if self.phase is _SHOW and self.counts:
            counter, crib = self.counts[0]
            counting = (counter, self._crib if crib else self._kept[counter], crib, self.declared)
        held, kept = self._held, self._kept
        return (self.phase, held[seat] if held else (), kept[seat] if kept else (),
                self._laid_seen(seat), self._series, self._starter, self._played, self.count,
                self._said_go, self.goes, self._dealer, self.scores, self.c.side_of[seat],
                counting)

    def _laid_seen(self, seat: int) -> tuple[int, ...]:
        """What ``seat`` laid away this hand, once it is in the crib (it saw them go)."""
        return self._laid[seat] if self._crib and self.phase not in (_CUT, _DEAL) else ()

    def hand_codes(self, seat: int) -> tuple[int, ...]:
        """The codes of the cards ``seat`` holds now."""
        return self._held[seat] if self._held else ()

    def play_code(self, seat: int, code: int) -> None:
        """``seat`` plays the card ``code`` (-1: says go): `apply` of a `Play` (a `Go`), with
        its checks, the action logged by its codes."""
        if not -1 <= code < len(_DECK):
            raise IllegalActionError(NO_CODE(code=code))
        if self.phase is not _PEGGING or seat != self._turn:
            self._need_turn(Play(seat, _DECK[code]) if code >= 0 else Go(seat))
        held = self._held[seat]
        room = self.c.limit - self.count
        at = -1
        for index in range(len(held)):
            if held[index] == code:
                at = index
                break
        if code >= 0 and at < 0:
            raise IllegalActionError(NOT_HELD(seat=seat, cards=str(_DECK[code])))
        if at >= 0 and PIPS[code] > room:
            raise IllegalActionError(OVER_LIMIT(card=str(_DECK[code]),
                                                count=self.count + PIPS[code], limit=self.c.limit))
        if at < 0 and _playable(held, room):
            playable = tuple([card for card in held if PIPS[card] <= room])
            raise IllegalActionError(MUST_PLAY(seat=seat, cards=format_cards(cards_of(playable)),
                                               count=self.count))
        self._start_step()
        self._cause = len(self.log)
        if at >= 0:
            self.log.append((PLAY, self._hand, self._phase, seat, None, code))
            self._play_code(seat, code, at)
        else:
            self.log.append((GO, self._hand, self._phase, seat, None))
            self._say_go(seat)
        if self._reached >= 0:
            self._end_game()

    def discard_codes(self, seat: int, codes: tuple[int, ...]) -> None:
        """``seat`` lays away the cards ``codes``: `apply` of a `Discard`, with its checks, the
        action logged by its codes."""
        if self.phase is not _DISCARD:
            raise IllegalActionError(NOT_NOW(action="Discard", phase=self.phase))
        self._check_seat(seat)
        if self.discarded[seat]:
            raise IllegalActionError(LAID_AWAY(seat=seat))
        need = self.c.discard
        if len(codes) != need or len(set(codes)) != need:
            raise IllegalActionError(LAY_AWAY(n=need,
                                              cards=format_cards(cards_of(codes)) or "none"))
        held = self._held[seat]
        missing = [code for code in codes if code not in held]
        if missing:
            raise IllegalActionError(NOT_HELD(seat=seat,
                                              cards=format_cards(cards_of(tuple(missing)))))
        self._start_step()
        self._cause = len(self.log)
        self.log.append((DISCARD, self._hand, self._phase, seat, None, codes))
        self._lay_away(seat, codes)
        if self._reached >= 0:
            self._end_game()

    @property
    def counting(self) -> CountingProtocol:
        protocol = self.c.counting
        if protocol is None:
            raise IllegalActionError(COUNTED())
        return protocol

    # -- the built-in bots' lane ---------------------------------------------------------------

    def play_bots(self, rng: random.Random, bots: list[IndexPlayer | None],
                  undo: list[tuple[object, int]] | None) -> bool:
        """Take every step due to chance (drawn from ``rng``) or to a seat whose entry in
        ``bots`` is an `IndexPlayer` (a player that reads no view, asked for the index of its
        pick), until a seat with None is to act or the game is over: exactly the steps
        `play_game`'s loop would take with the same players. Each is noted in ``undo`` as
        `Game` notes a step, the state before it only for the first (`Game` rebuilds the others
        by replay when it needs one). A step that fails is undone whole, and raises.
        True: cribbage has this lane."""
        log = self.log
        c = self.c
        checkpoint: tuple[Any, ...] | None = None
        """The state before this run's first step, at ``base`` in the log."""
        base = len(log)
        while True:
            phase = self.phase
            seat = at = code = -1
            laid: tuple[int, ...] = ()
            hands: tuple[tuple[int, ...], ...] = ()
            if phase is _PEGGING:  # the bot's pick among its playable cards, in hand order
                seat = self._turn
                bot = bots[seat]
                if bot is None:
                    return True
                room = c.limit - self.count
                held = self._held[seat]
                playable = 0  # counted, then the pick found among them: no list built
                for code in held:
                    if PIPS[code] <= room:
                        playable += 1
                pick = checked_index(bot, playable or 1, seat)
                code = -1
                if playable:
                    at = 0
                    while True:
                        if PIPS[held[at]] <= room:
                            if pick == 0:
                                break
                            pick -= 1
                        at += 1
                    code = held[at]
            elif phase is _DISCARD:  # the bot's pick among the discards, in `Discards` order
                seat = 0
                while self.discarded[seat]:
                    seat += 1
                bot = bots[seat]
                if bot is None:
                    return True
                held = self._held[seat]
                laid = combination(held, c.discard,
                                   checked_index(bot, WAYS[len(held)][c.discard], seat))
            elif phase is _DEAL:
                hands, laid = self._draw_deal(rng)
            elif phase is _STARTER:
                code = self._draw_starter(rng)
            else:  # the cut, counting by hand and the end: `apply`'s steps
                return True
            start = len(log)
            if checkpoint is None:
                checkpoint, base = self.snapshot(), start
            self._start_step()
            self._cause = start
            try:
                if phase is _PEGGING:
                    if code >= 0:
                        log.append((PLAY, self._hand, self._phase, seat, None, code))
                        self._play_code(seat, code, at)
                    else:
                        log.append((GO, self._hand, self._phase, seat, None))
                        self._say_go(seat)
                elif phase is _DISCARD:
                    log.append((DISCARD, self._hand, self._phase, seat, None, laid))
                    self._lay_away(seat, laid)
                elif phase is _DEAL:
                    self._hand, self._phase = self.hand + 1, _DEAL_ROW
                    log.append((DEAL, self._hand, self._phase, None, None, hands, laid))
                    self._begin_hand(hands, laid)
                else:
                    log.append((STARTER, self._hand, self._phase, None, None, code))
                    self._turn_starter(code)
                if self._reached >= 0:
                    self._end_game()
            except BaseException:
                self._replay(checkpoint, base, start)
                raise
            if undo is not None:  # None: the game keeps no history
                undo.append((checkpoint if start == base else None, start))

    def _replay(self, checkpoint: tuple[Any, ...], base: int, start: int) -> None:
        """Put the state back as it was at ``start`` in the log: from ``checkpoint``, the state
        at ``base``, apply again the inputs logged in between (and drop the rest), the plugins
        told that these steps are hypothetical (they have seen them already)."""
        log = self.log
        actions = inputs_of(log[base:start])
        self.restore(checkpoint)
        del log[base:]
        scoring, self.scoring = self.scoring, self.c.what_if  # the plugins saw these steps
        try:
            for action in actions:
                self.apply(action)
        finally:
            self.scoring = scoring

    # -- recording -----------------------------------------------------------------------------

    def _end_game(self) -> None:
        results, game_points = self._result()
        self.log.append((GAME_ENDED, self._hand, self._phase, None, self._cause, results,
                         game_points, self.c.lowball, coached_seats(self.log)))
        self.phase, self._turn = _OVER, NOBODY

    def _log_input(self, actor: int | None, action: Any) -> None:
        self.log.append((INPUT, self._hand, self._phase, actor, None, action))

    def _score(self, claims: list[Claim], seat: int) -> bool:
        """Record a step's awards for ``seat`` (True once the game is won)."""
        return self._record(claims, seat) if claims else False

    def _record(self, claims: list[Claim], seat: int, *, check_end: bool = True,
                pending: bool = False) -> bool:
        """Record awards for ``seat``; stop at the one that reaches the target (True)."""
        log = self.log
        c = self.c
        side = c.side_of[seat]
        rules = c.ruleset.rules  # the plugin behind an award: the one that declared it
        hand, phase, cause = self._hand, self._phase, self._cause
        total = self.scores[side]
        ended = False
        for rule, points, codes in claims:
            total += points
            log.append((SCORED, hand, phase, seat, cause, side, points, rule, rules[rule][0],
                        codes, total, pending))
            if check_end and self._check_end(side, total):
                ended = True
                break
        self.scores = replaced(self.scores, side, total)  # once for the step's awards
        return ended

    def _check_end(self, side: int, score: int) -> bool:
        """End the game if ``side``, at ``score``, has reached the target."""
        if score >= self.c.target:
            self._reached = side
        return self._reached >= 0

    def _need_phase(self, phase: CribbagePhase, action: Any) -> None:
        if self.phase != phase:
            raise IllegalActionError(
                NOT_NOW(action=type(action).__name__, phase=self.phase))

    def _check_seat(self, seat: Any) -> int:
        players = self.c.players
        if type(seat) is not int or not 0 <= seat < players:
            raise IllegalActionError(NO_SEAT(seat=repr(seat), players=players))
        return int(seat)

    # -- the cut and the deal ------------------------------------------------------------------

    def _cut_for_deal(self, action: Any) -> None:
        self._need_phase(_CUT, action)
        lowest = lowest_cut(action.cards, players=self.c.players)
        self._log_input(None, action)
        if len(lowest) == 1:  # a tie for lowest cuts again
            self._choose_dealer(lowest[0])
        else:
            self.log.append((CUT_TIE, self._hand, self._phase, None, self._cause, lowest))

    def _choose_dealer(self, dealer: int) -> None:
        c = self.c
        self.log.append((DEALER_CHOSEN, self._hand, self._phase, None, self._cause, dealer))
        if self._reached < 0:
            self._score(self.scoring.game_start(dealer), (dealer + 1) % c.players)
        self.phase, self._dealer = _DEAL, dealer

    def _deal(self, action: Any) -> None:
        self._need_phase(_DEAL, action)
        c = self.c
        players = c.players
        drawn = self._drawn
        if drawn is not None and drawn[0] is action:  # this machine's own draw: right as made
            hands, crib = drawn[1], drawn[2]
        else:
            if len(action.crib) != c.crib_from_deck:
                raise IllegalActionError(CRIB_FROM_DECK(n=c.crib_from_deck))
            check_hands(action.hands, players=players, size=c.cards, more=action.crib)
            hands = tuple([codes_of(hand) for hand in action.hands])
            crib = codes_of(action.crib)
        self._hand, self._phase = self.hand + 1, _DEAL_ROW
        self._log_input(None, action)
        self._begin_hand(hands, crib)

    def _begin_hand(self, hands: tuple[tuple[int, ...], ...], crib: tuple[int, ...]) -> None:
        c = self.c
        players = c.players
        dealer = max(self._dealer, 0)
        self.log.append((DEALT, self._hand, self._phase, dealer, self._cause, c.dealt[dealer],
                         (dealer + 1) % players))
        discarding = c.discard > 0
        self.phase = _DISCARD if discarding else _STARTER
        self.hand += 1
        self._held = self._kept = hands
        self._laid = ((),) * players
        self.discarded = (not discarding,) * players
        self._crib, self._starter, self.count, self._series = crib, NOBODY, 0, ()
        self._turn = self._last = NOBODY
        self._said_go, self.last_was_go, self._played, self.goes = 0, False, (), ()

    def _discard(self, action: Any) -> None:
        self._need_phase(_DISCARD, action)
        seat = self._check_seat(action.seat)
        if self.discarded[seat]:
            raise IllegalActionError(LAID_AWAY(seat=seat))
        need = self.c.discard
        if not all(type(card) is Card for card in action.cards):
            raise IllegalActionError(LAY_AWAY_CARDS(cards=repr(action.cards)))
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalActionError(LAY_AWAY(n=need,
                                              cards=format_cards(action.cards) or "none"))
        held = self._held[seat]
        missing = [card for card in action.cards if card.index not in held]
        if missing:
            raise IllegalActionError(NOT_HELD(seat=seat, cards=format_cards(missing)))
        self._log_input(seat, action)
        self._lay_away(seat, codes_of(action.cards))

    def _lay_away(self, seat: int, laid: tuple[int, ...]) -> None:
        kept = _kept(self._held[seat], laid)
        discarded = replaced(self.discarded, seat, True)
        self.phase = _STARTER
        for done in discarded:
            if not done:
                self.phase = _DISCARD
                break
        self._held = replaced(self._held, seat, kept)
        self._kept = replaced(self._kept, seat, kept)
        self._laid = replaced(self._laid, seat, laid)
        self.discarded = discarded
        self._crib = self._crib + laid

    def _cut_starter(self, action: Any) -> None:
        self._need_phase(_STARTER, action)
        card = action.card
        if type(card) is not Card:
            raise IllegalActionError(STARTER_CARD(card=repr(card)))
        if self._dealt() >> card.index & 1:
            raise IllegalActionError(STARTER_DEALT(card=str(card)))
        self.log.append((STARTER, self._hand, self._phase, None, None, card.index))
        self._turn_starter(card.index)

    def _turn_starter(self, code: int) -> None:
        dealer = self._dealer
        if self._reached < 0:
            self._score(self.scoring.starter(code, dealer, self.scores), dealer)
        self.phase, self._starter, self._turn = _PEGGING, code, (dealer + 1) % self.c.players

    def _dealt(self) -> int:
        """The cards dealt this hand (kept, in the crib, played), one bit each."""
        dealt = 0
        for code in self._crib:
            dealt |= 1 << code
        for hand in self._kept:
            for code in hand:
                dealt |= 1 << code
        for play in self._played:
            dealt |= 1 << (play & 63)
        return dealt

    # -- pegging -------------------------------------------------------------------------------

    def _play(self, action: Any) -> None:
        seat, card = action.seat, action.card
        if self.phase is not _PEGGING or seat != self._turn or type(seat) is not int:
            self._need_turn(action)
        held = self._held[seat]
        at = held.index(card.index) if type(card) is Card and card.index in held else -1
        if at < 0:
            raise IllegalActionError(NOT_HELD(seat=seat, cards=str(card)))
        count = self.count + PIPS[held[at]]
        if count > self.c.limit:
            raise IllegalActionError(OVER_LIMIT(card=str(card), count=count, limit=self.c.limit))
        self.log.append((PLAY, self._hand, self._phase, seat, None, held[at]))
        self._play_code(seat, held[at], at)

    def _play_code(self, seat: int, code: int, at: int) -> None:
        """``seat`` plays the card ``code``, at ``at`` in its hand (checked by the caller)."""
        count = self.count + PIPS[code]
        series = appended(self._series, code)
        if self._reached < 0:
            self._score(self.scoring.play(seat, series, count, self.scores, self._dealer), seat)
        self._held = replaced(self._held, seat, without(self._held[seat], at))
        self.count, self._series, self._last = count, series, seat
        self._played = appended(self._played, seat << 6 | code)
        self.last_was_go = False
        self._next_turn(seat, consecutive_go=False)

    def _go(self, action: Any) -> None:
        seat = action.seat
        if self.phase is not _PEGGING or seat != self._turn or type(seat) is not int:
            self._need_turn(action)
        room = self.c.limit - self.count
        playable = tuple([code for code in self._held[seat] if PIPS[code] <= room])
        if playable:
            raise IllegalActionError(MUST_PLAY(seat=seat, cards=format_cards(cards_of(playable)),
                                               count=self.count))
        self.log.append((GO, self._hand, self._phase, seat, None))
        self._say_go(seat)

    def _say_go(self, seat: int) -> None:
        consecutive = self.last_was_go
        self._said_go |= 1 << seat
        self.goes = self.goes + ((seat, self.count),)
        self.last_was_go = True
        self._next_turn(seat, consecutive_go=consecutive)

    def _need_turn(self, action: Any) -> None:
        self._need_phase(_PEGGING, action)
        self._check_seat(action.seat)
        raise IllegalActionError(NOT_YOUR_PLAY(turn=self._turn,
                                               seat=action.seat))

    def _next_turn(self, actor: int, consecutive_go: bool) -> None:
        if self._reached >= 0:
            return
        c = self.c
        if self.count == c.limit or not self._anyone_can_play(c.limit - self.count) \
                or (c.strict_go and consecutive_go):
            self._end_series()
        else:
            self._turn = self._next_seat(actor, self._said_go)

    def _anyone_can_play(self, room: int) -> bool:
        for hand in self._held:
            if _playable(hand, room):
                return True
        return False

    def _next_seat(self, after: int, skip: int) -> int:
        """The first seat clockwise after ``after`` (``after`` itself last) holding cards, not
        in the bits of ``skip`` (`NOBODY` if none)."""
        players = self.c.players
        for offset in range(1, players + 1):
            seat = (after + offset) % players
            if self._held[seat] and not skip >> seat & 1:
                return seat
        return NOBODY

    def _end_series(self) -> None:
        c = self.c
        last = self._last
        log = self.log
        last_of_hand = True
        for hand in self._held:
            if hand:
                last_of_hand = False
                break
        if self.count < c.limit:  # records: a go for each seat that could not play on
            room = c.limit - self.count
            for offset in range(1, c.players):
                seat = (last + offset) % c.players
                held = self._held[seat]
                if not self._said_go >> seat & 1 and not _playable(held, room):
                    log.append((PASSED, self._hand, self._phase, seat, self._cause,
                                "cannot play" if held else "no cards"))
                    if held:
                        self.goes = self.goes + ((seat, self.count),)
        if self._reached < 0:
            self._score(self.scoring.series_end(last, self.count, self._series, last_of_hand,
                                                self.scores, self._dealer), last)
        if self._reached >= 0:
            return
        log.append((COUNT_RESET, self._hand, self._phase, last, self._cause, self.count))
        if last_of_hand or c.single_series:
            self._show()
            return
        self.count, self._series, self._said_go, self.last_was_go = 0, (), 0, False
        self._turn = self._next_seat(last, 0)

    # -- the show and the end ------------------------------------------------------------------

    def _show(self) -> None:
        """Count every hand from the dealer's left, the dealer last, then the crib."""
        self._phase = _SHOW_ROW
        c = self.c
        dealer, starter = self._dealer, self._starter
        order = c.show_order[dealer]
        if c.counting is not None:
            self.phase, self.counts, self.declared, self.responders = _SHOW, order, -1, ()
            return
        log = self.log
        for seat, crib in order:
            cards = self._crib if crib else self._kept[seat]
            claims = self.scoring.show(seat, cards, starter, crib, self.scores, dealer)
            points = 0
            for claim in claims:
                points += claim[1]
            log.append((SHOWN, self._hand, self._phase, seat, self._cause, cards, starter, crib,
                        points, _awarded(claims, self.scores[c.side_of[seat]], c.target,
                                         points)))
            if self._score(claims, seat):
                return
        self._next_hand()

    def _next_hand(self) -> None:
        self.phase, self._dealer = _DEAL, (self._dealer + 1) % self.c.players
        self._turn, self.count, self._series = NOBODY, 0, ()
        self.counts, self.declared, self.responders = (), -1, ()

    # -- counting by hand ----------------------------------------------------------------------

    def _count_claims(self) -> tuple[int, tuple[int, ...], bool, list[Claim]]:
        """The count on the table: (seat, cards, crib, its true awards)."""
        seat, crib = self.counts[0]
        cards = self._crib if crib else self._kept[seat]
        return seat, cards, crib, self.scoring.show(seat, cards, self._starter, crib,
                                                    self.scores, self._dealer)

    def _protocol_claim(self, rule: str, points: int, cards: tuple[int, ...]) -> list[Claim]:
        shown = cards_of(cards)
        award = self.c.ruleset.check_claim(self.counting.plugin, "counting by hand",
                                           Score(rule, points, shown), shown)
        return [] if award is None else [(rule, points, cards)]

    def _declare(self, action: Any) -> None:
        self._need_phase(_SHOW, action)
        if not self.counts or self.declared >= 0:
            raise IllegalActionError(NO_COUNT_WAITING())
        seat = self.counts[0][0]
        if self._check_seat(action.seat) != seat:  # True == 1: only a real seat may count
            raise IllegalActionError(NOT_YOUR_COUNT(seat=seat, other=action.seat))
        points, protocol = action.points, self.counting
        cap = protocol.max_declaration
        if type(points) is not int or not 0 <= points <= cap:
            raise IllegalActionError(DECLARATION(cap=cap,
                                                 points=repr(points)))
        self._log_input(seat, action)
        _seat, cards, _crib, claims = self._count_claims()
        true = sum([claim[1] for claim in claims])
        if points:  # an overcount reaching the target waits for the responses
            claim = self._protocol_claim(protocol.declaration_rule, points,
                                         (*cards, self._starter))
            ends = points <= true and \
                self.scores[self.c.side_of[seat]] + points >= self.c.target  # records
            if claim and self._record(claim, seat, check_end=points <= true, pending=not ends):
                return
        self.declared, self.responders = points, _protocol(protocol.responders, seat)

    def _respond(self, action: Any) -> None:
        self._need_phase(_SHOW, action)
        if not self.responders:
            raise IllegalActionError(NO_RESPONSE_WAITING())
        if self._check_seat(action.seat) != self.responders[0]:
            raise IllegalActionError(NOT_YOUR_RESPONSE(seat=self.responders[0],
                                                       other=action.seat))
        if action.response not in RESPONSES:
            raise IllegalActionError(RESPONSE(responses=", ".join(RESPONSES),
                                              response=repr(action.response)))
        n, protocol = action.points, self.counting
        cap = protocol.max_declaration
        if action.response == "muggins" and (type(n) is not int or not 1 <= n <= cap):
            raise IllegalActionError(MUGGINS(cap=cap,
                                             points=repr(n)))
        if action.response != "muggins" and (type(n) is not int or n != 0):  # not False, 0.0
            raise IllegalActionError(NO_POINTS_CLAIMED(response=action.response))
        self._log_input(action.seat, action)
        if action.response == "accept" and len(self.responders) > 1:
            self.responders = self.responders[1:]
            return
        counter, cards, crib, claims = self._count_claims()
        true = sum([claim[1] for claim in claims])
        settlement = _protocol(protocol.settle, self.declared, true, action.response, n)
        claimant = None if action.response == "accept" else action.seat
        shown = (*cards, self._starter)
        self.log.append((COUNT_SETTLED, self._hand, self._phase, counter, self._cause, {
            "cards": cards_of(cards), "starter": _DECK[self._starter], "crib": crib,
            "declared": self.declared, "points": true, "outcome": settlement.outcome,
            "claimant": claimant, "breakdown": tuple([
                Combination(rule, points, cards_of(codes))
                for rule, points, codes in claims])}))
        for who, rule, points in settlement.moves:
            seat = counter if who == "counter" else action.seat
            claim = self._protocol_claim(rule, points, shown)
            if claim and self._record(claim, seat, check_end=points > 0):
                return
        side = self.c.side_of[counter]
        if self._check_end(side, self.scores[side]):  # a standing overcount can still win
            return
        counts = self.counts[1:]
        if not counts:
            self._next_hand()
        else:
            self.counts, self.declared, self.responders = counts, -1, ()

    def _result(self) -> tuple[tuple[tuple[Any, ...], ...], int]:
        """Each side's `SideResult` fields in order of place (skunk marks included), and the game
        points; in lowball the side reaching the target loses."""
        c = self.c
        scoring, sides, scores = c.settings.scoring, c.variant.sides, self.scores
        reached = self._reached
        others = sorted((side for side in range(len(sides)) if side != reached),
                        key=lambda side: (scores[side] if scoring.lowball else -scores[side], side))
        order = [*others, reached] if scoring.lowball else [reached, *others]
        lines = sorted(c.settings.skunk, key=lambda line: line.below)
        results: list[tuple[Any, ...]] = []
        points = scoring.win_game_points
        for place, side in enumerate(order, 1):
            mark = ""
            if place > 1 and not scoring.lowball:
                line = next((ln for ln in lines if scores[side] < ln.below), None)
                if line is not None:
                    mark, points = line.name, max(points, line.game_points)
            results.append((side, sides[side], scores[side], place, mark))
        return tuple(results), points


# Each handler takes its action as Any: an action's fields are untrusted input that the handler
# checks itself, and the compiled build must not assume the types the action class declares.
_HANDLERS: Final[dict[type, Callable[[CribbageMachine, Any], None]]] = {
    CutForDeal: CribbageMachine._cut_for_deal, Deal: CribbageMachine._deal,
    Discard: CribbageMachine._discard, CutStarter: CribbageMachine._cut_starter,
    Play: CribbageMachine._play, Go: CribbageMachine._go, Declare: CribbageMachine._declare,
    Respond: CribbageMachine._respond}
"""The handler of each action type."""

_CODES: Final = tuple(range(52))
"""Every card's code, in deck order (chance draws from these as from `DECK`)."""
def _row_code(phase: object) -> object:
    """The number a row holds for ``phase``."""
    phases = _ROW_PHASES
    for at in range(len(phases)):
        if phases[at] is phase:
            return _ROW_CODES[at]
    raise AssertionError(phase)


def _seats(bits: int, players: int) -> frozenset[int]:
    return frozenset([seat for seat in range(players) if bits >> seat & 1])


def _kept(held: tuple[int, ...], laid: tuple[int, ...]) -> tuple[int, ...]:
    """The codes of ``held`` not in ``laid``, in order (loops on machine integers, compiled)."""
    kept: list[int] = []
    for code in held:
        for gone in laid:
            if gone == code:
                break
        else:
            kept.append(code)
    return tuple(kept)


def _playable(held: tuple[int, ...], room: int) -> bool:
    """Whether a card of ``held`` fits in ``room`` (a loop: all() over a generator is slow
    compiled)."""
    for code in held:
        if PIPS[code] <= room:
            return True
    return False


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
    if game.phase is not _PEGGING or not isinstance(to_act, Seats):
        raise IllegalActionError(NOBODY_TO_PLAY(phase=game.phase))
    return int(to_act[0])


def _awarded(claims: list[Claim], score: int, target: int, points: int) -> int | None:
    """For a record: the points of ``claims`` recorded up to the one that reaches ``target``
    from ``score`` (None when all ``points`` are)."""
    recorded = 0
    for claim in claims:
        recorded += claim[1]
        if score + recorded >= target:
            return recorded if recorded < points else None
    return None

