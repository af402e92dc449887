"""Clabber's coach: a small, honest evaluator for `Game.compare` (`pegline_core.coaching`).

It sees only its seat's `ClabberView` and does not claim perfect play. For each decision it
deals the cards the seat cannot see, ``budget`` times (the same deals for every candidate), and
plays on from there with the greedy policy (`pegline_clabber.bots.GreedyBot`) for every seat:

- naming trump (pass, or a suit): the whole hand is played out on a real game of the same
  rules; a candidate's value is the hand's score, your team's minus theirs, on average;
- a play: the rest of the hand is played out card by card; a card's value is the card points
  (and the last trick) your team takes from here on, minus theirs, on average. Announcing or
  showing melds, when due, is valued as the best play plus the melds' points (they count only
  if announced and shown);
- where reneges stand until called: a card or a suit the rules refuse is valued 162 lower (the
  penalty once it is called); a call on a renege the seat has seen proved is worth 162, any other
  call costs 162; letting the hand stand is worth 0.

What it knows of the hidden cards comes from the view alone: in a variant that shows neither
the turned tricks nor the plays (strict Clabber), it does not remember the cards played to
earlier tricks, and deals from every card it cannot see now. Its random choices are seeded by the
view, so the same view and budget always give the same answer, and the hidden cards themselves
(where they lie) never change it.

>>> from pegline_core import Game, parse_cards
>>> from pegline_clabber.actions import Deal, Pass
>>> game = Game("clabber", dealer=0)
>>> _ = game.apply(Deal(12, [parse_cards(h) for h in ("AH KH JC TC 9C QH", "JH 9H AS KS QS JS",
...                                                   "AD KD QD AC KC TH", "QC 9S TS JD 9D TD")]))
>>> evaluation = ClabberCoach(game.ruleset, budget=8).evaluate(game.view(1))
>>> evaluation.decision, sorted(str(c.action) for c in evaluation.candidates)
('naming trump', ["Name(seat=1, suit='H')", 'Pass(seat=1)'])
>>> evaluation == ClabberCoach(game.ruleset, budget=8).evaluate(game.view(1))   # seeded by the view
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from statistics import fmean
from typing import cast

from pegline_clabber.actions import Announce, CallRenege, Deal, LetStand, Name, Pass, Play, Show
from pegline_clabber.bots import GreedyBot, provable_reneges
from pegline_clabber.cards import DECK, SUIT_SYMBOLS, SUITS, legal_plays, points, trick_winner
from pegline_clabber.phases import ClabberPhase
from pegline_clabber.snapshots import HandHeld
from pegline_clabber.views import ClabberView
from pegline_core.app.i18n import N_, Messages
from pegline_core.cards import Card
from pegline_core.coaching import Candidate, Evaluation
from pegline_core.events import Action, Scored
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset
from pegline_core.turns import Seats

_ = Messages("pegline_clabber").gettext

__all__ = ["ClabberCoach", "CoachBot", "DEFAULT_BUDGET", "RENEGE_COST", "describe", "move_text"]

DEFAULT_BUDGET = 16
"""Deals of the unseen cards per decision, each played out once for every candidate."""
RENEGE_COST = 162
"""What a called renege costs (the other team's 162), in the evaluator's points."""
PLAYERS, HAND_SIZE = 4, 6


class ClabberCoach:
    """Evaluates a seat's decision from its view: naming trump, a play, melds, renege calls."""

    def __init__(self, ruleset: Ruleset, budget: int = DEFAULT_BUDGET) -> None:
        if type(budget) is not int or budget < 1:
            raise ValueError(f"the budget is a whole number of deals from 1 up, not {budget!r}")
        self.ruleset = ruleset
        self.budget = budget
        rule = ruleset.rules.get("last-trick")
        self.last_trick = (rule[1].points or 0) if rule is not None else 0

    @property
    def note(self) -> str:
        return _("{n} deals of the cards you cannot see, played on by the greedy policy; not "
                 "perfect play").format(n=self.budget)

    def evaluate(self, view: ClabberView) -> Evaluation | None:
        """The decision the view is at, every candidate valued, best first; None outside the
        seat's decisions."""
        rng = random.Random(hashlib.sha256(f"{self.budget}|{view!r}".encode()).digest())
        if view.phase == ClabberPhase.NAMING:
            return self._naming(view, rng)
        if view.phase == ClabberPhase.TRICKS:
            return self._tricks(view, rng)
        if view.phase == ClabberPhase.CALLING:
            return self._ranked(N_("whether to call a renege"),
                                [Candidate(LetStand(view.seat), 0.0,
                                           (("let the hand stand", 0),)), *_calls(view)])
        return None

    # -- naming trump --------------------------------------------------------------------------

    def _naming(self, view: ClabberView, rng: random.Random) -> Evaluation:
        assert view.turn_card is not None and view.dealer is not None
        turned, held = view.turn_card.suit, {card.suit for card in view.held}
        if view.round == 1:
            suits = [turned] if turned in held or view.renege_calls else []
        else:
            suits = [s for s in SUITS if view.renege_calls or (s in held and s != turned)]
        options: list[Pass | Name] = [Pass(view.seat), *(Name(view.seat, suit) for suit in suits)]
        deals = [self._deal(view, rng) for _ in range(self.budget)]
        candidates = []
        for action in options:
            value = fmean(self._hand_played(view, hands, action) for hands in deals)
            reasons: list[tuple[str, object]] = [(N_("the hand's score, yours minus theirs"),
                                                  round(value, 2))]
            if isinstance(action, Name) and (action.suit not in held or
                                             (view.round == 2 and action.suit == turned)):
                reasons.append((N_("a renege (played out: the others call what they can prove)"),
                                0))
            candidates.append(Candidate(action, value, tuple(reasons)))
        return self._ranked(N_("naming trump"), [*candidates, *_calls(view)])

    def _deal(self, view: ClabberView, rng: random.Random) -> list[tuple[Card, ...]]:
        """The seats' hands as dealt: the seat's own, the turn card with the dealer, the rest
        drawn from the cards the seat cannot see."""
        assert view.turn_card is not None and view.dealer is not None
        unseen = [c for c in DECK if c not in view.held and c != view.turn_card]
        rng.shuffle(unseen)
        hands: list[tuple[Card, ...]] = []
        for seat in range(PLAYERS):
            if seat == view.seat:
                own = [c for c in view.held if c != view.turn_card]
                hands.append((*own, view.turn_card) if seat == view.dealer else tuple(own))
                continue
            need = HAND_SIZE - (seat == view.dealer)
            drawn, unseen = unseen[:need], unseen[need:]
            hands.append((*drawn, view.turn_card) if seat == view.dealer else tuple(drawn))
        return hands

    def _hand_played(self, view: ClabberView, hands: Sequence[tuple[Card, ...]],
                     action: Pass | Name) -> float:
        """Play the hand out on a real game from ``action`` on, greedy bots everywhere: the
        hand's score, the seat's team minus the other."""
        game = Game(self.ruleset.variant, ruleset=self.ruleset, dealer=view.dealer)
        game.apply(Deal(12, hands))
        for seat, suit in view.calls:
            game.apply(Name(seat, suit) if suit else Pass(seat))
        start = len(game.log)
        game.apply(action)
        bots = [GreedyBot(seat) for seat in range(PLAYERS)]
        while game.hand == 1 and isinstance(to_act := game.to_act, Seats):
            seat = to_act[0]
            seen = cast(ClabberView, game.view(seat))
            game.apply(bots[seat].choose(seen, game.legal_actions(seat)))
        ours = view.seat % 2
        return float(sum(e.points if e.side % 2 == ours else -e.points
                         for e in game.log[start:] if isinstance(e, Scored)))

    # -- the tricks ----------------------------------------------------------------------------

    def _tricks(self, view: ClabberView, rng: random.Random) -> Evaluation:
        allowed = legal_plays(view.held, view.trick, view.trump, view.undertrump)
        cards = list(view.held) if view.renege_calls else allowed
        deals = [self._holdings(view, rng) for _ in range(self.budget)]
        candidates = []
        for card in cards:
            value = fmean(self._rest_played(view, hands, card) for hands in deals)
            reasons: list[tuple[str, object]] = [
                (N_("card points from here on, yours minus theirs"), round(value, 2))]
            if card not in allowed:
                value -= RENEGE_COST
                reasons.append((N_("a renege: if it is called, the other team scores 162"),
                                -RENEGE_COST))
            candidates.append(Candidate(Play(view.seat, card), value, tuple(reasons)))
        best = max(c.value for c in candidates)
        melds = self._melds_due(view)
        if melds is not None:
            action, meld_points = melds
            verb = "announce" if isinstance(action, Announce) else "show"
            candidates.append(Candidate(action, best + meld_points, (
                (f"{verb} your melds first: they count only if announced and shown",
                 meld_points),)))
        return self._ranked(N_("a play"), [*candidates, *_calls(view)])

    def _melds_due(self, view: ClabberView) -> tuple[Announce | Show, int] | None:
        """Announcing (before one's first play) or showing (before one's second), when due:
        the action and the melds' points."""
        mine = [meld for meld in view.melds if meld[0] == view.seat]
        if view.tricks_played == 0 and not mine:
            score = self.ruleset.scoring("pegline_clabber_melds")
            offered = score(view.held, HandHeld(view.seat, view.held, view.trump, view.side,
                                                self.ruleset.variant))
            total = sum(award.score.points for award in offered)
            return (Announce(view.seat), total) if offered else None
        if view.tricks_played == 1 and mine and not any(meld[3] for meld in mine):
            return Show(view.seat), sum(meld[2] for meld in mine)
        return None

    def _holdings(self, view: ClabberView, rng: random.Random) -> list[list[Card]]:
        """Each seat's cards now: the seat's own, the others drawn from what it cannot see
        (a meld shown and not yet played stays with its owner, where the plays are known)."""
        assert view.leader is not None
        out = set(view.held) | set(view.trick) | {c for t in view.turned for c in t.cards} | \
            {card for _seq, _seat, card in view.played}
        played_now = {(view.leader + i) % PLAYERS for i in range(len(view.trick))}
        need = {seat: HAND_SIZE - view.tricks_played - (seat in played_now)
                for seat in range(PLAYERS) if seat != view.seat}
        unseen = [c for c in DECK if c not in out]
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        hands[view.seat] = list(view.held)
        if len(unseen) == sum(need.values()):  # every play is known: shown melds stay put
            for seat, _rule, _points, cards in view.melds:
                for card in cards:
                    if card in unseen and seat != view.seat:
                        hands[seat].append(card)
                        unseen.remove(card)
        rng.shuffle(unseen)
        for seat, count in need.items():
            more = count - len(hands[seat])
            hands[seat] += unseen[:more]
            unseen = unseen[more:]
        return hands

    def _rest_played(self, view: ClabberView, hands: Sequence[list[Card]], card: Card) -> float:
        """Play ``card``, then the rest of the hand by the greedy policy: the card points (and
        the last trick) the seat's team takes from here on, minus the other team's."""
        assert view.leader is not None
        held = [list(cards) for cards in hands]
        trump, leader, ours = view.trump, view.leader, view.seat % 2
        trick, seat, total = list(view.trick), view.seat, 0
        held[seat].remove(card)
        trick.append(card)
        seat = (seat + 1) % PLAYERS
        while True:
            while len(trick) < PLAYERS:
                cards = legal_plays(held[seat], tuple(trick), trump, view.undertrump)
                seen = view._replace(seat=seat, held=tuple(held[seat]), trick=tuple(trick),
                                     leader=leader)
                chosen = GreedyBot._play(seen, [Play(seat, c) for c in cards]).card
                held[seat].remove(chosen)
                trick.append(chosen)
                seat = (seat + 1) % PLAYERS
            winner = (leader + trick_winner(trick, trump)) % PLAYERS
            value = sum(points(c, trump) for c in trick)
            last = not any(held)
            value += self.last_trick if last else 0
            total += value if winner % 2 == ours else -value
            if last:
                return float(total)
            trick, leader, seat = [], winner, winner

    # -- ranking -------------------------------------------------------------------------------

    def _ranked(self, decision: str, candidates: list[Candidate]) -> Evaluation:
        """Best first; equal values keep the order the candidates were listed in."""
        ordered = sorted(candidates, key=lambda c: -c.value)
        return Evaluation(decision, tuple(ordered), self.note)


class CoachBot:
    """Plays the coach's best move (for measuring its strength: benchmarks/clabber_coach.py);
    built on a ruleset, as the coach needs the rules to play hands out."""

    def __init__(self, ruleset: Ruleset, budget: int = DEFAULT_BUDGET) -> None:
        self.coach = ClabberCoach(ruleset, budget)

    def choose(self, view: ClabberView, legal: Sequence[Action]) -> Action:
        evaluation = self.coach.evaluate(view)
        if evaluation is not None:
            for candidate in evaluation.candidates:
                if candidate.action in legal:
                    return candidate.action
        return legal[0]


def _calls(view: ClabberView) -> list[Candidate]:
    """Where reneges stand until called: a call on each play or naming of the other team, worth
    162 if what the seat has seen proves it, and costing 162 otherwise."""
    if not view.renege_calls:
        return []
    proved = set(provable_reneges(view))
    ours = view.seat % 2
    targets = [seq for seq, seat, _card in view.played if seat % 2 != ours]
    namer = next((seat for seat, suit in reversed(view.calls) if suit), None)
    if view.named >= 0 and namer is not None and namer % 2 != ours:
        targets.append(view.named)
    return [Candidate(CallRenege(view.seat, seq), RENEGE_COST if seq in proved else -RENEGE_COST,
                      ((N_("a renege you have seen proved") if seq in proved else
                        N_("nothing you have seen proves it: a false call costs 162"),
                        RENEGE_COST if seq in proved else -RENEGE_COST),))
            for seq in sorted(targets)]


def describe(evaluation: Evaluation, chosen: Action, rank: int) -> list[str]:
    """The evaluation as lines: where ``chosen`` ranks, then each candidate with its value."""
    ranks = evaluation.ranks
    lines = [_("Your move ({move}) ranks {rank} of {n} for {decision}; the coach's best: "
               "{best}.").format(move=move_text(chosen), rank=rank, n=len(evaluation.candidates),
                                 decision=_(evaluation.decision),
                                 best=move_text(evaluation.best.action))]
    for number, candidate in zip(ranks, evaluation.candidates, strict=True):
        mark = "  " + _("<- your move") if candidate.action == chosen else ""
        why = _("; ").join(f"{_(str(reason))} {value}" for reason, value in candidate.reasons)
        lines.append(f"  {number:>2}. {move_text(candidate.action)}: {candidate.value:+.2f} "
                     f"({why}){mark}")
    return lines


def move_text(action: Action) -> str:
    """A candidate move in words: ``play J♥``, ``name ♠``, ``pass``…"""
    if isinstance(action, Play):
        return _("play {card}").format(card=action.card.symbol)
    if isinstance(action, Name):
        return _("name {suit}").format(suit=SUIT_SYMBOLS[action.suit])
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, CallRenege):
        return _("call a renege on event {n}").format(n=action.target)
    if isinstance(action, LetStand):
        return _("let the hand stand")
    return _("announce your melds") if isinstance(action, Announce) else _("show your melds")
