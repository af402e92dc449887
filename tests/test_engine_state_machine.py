"""A hypothesis state machine that drives games with random legal and illegal actions.

After every step: the count never passes 31, no card is in two places, every side's score is the
sum of its score events, nothing follows the result, and the result comes right after the score
that reached the target. An illegal action must raise and change nothing.
"""

import random

import attrs
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pegline_core import DECK, Game, GameEnded, IllegalActionError, Input, Scored, load_variant
from pegline_cribbage.actions import CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.settings import SkunkLine


def short(name):
    """The variant with a low target, so that games end within a test's steps."""
    variant = load_variant(name)
    return attrs.evolve(variant, game=attrs.evolve(variant.game, target=31),
                        skunk=(SkunkLine("lurch", 16, 3),))


VARIANTS = {name: short(name) for name in
            ("two-player", "three-player", "partner", "five-card", "five-card-quick")}


class GameMachine(RuleBasedStateMachine):
    @initialize(name=st.sampled_from(sorted(VARIANTS)), dealer=st.integers(0, 3))
    def start(self, name, dealer):
        variant = VARIANTS[name]
        self.game = Game(variant, dealer=dealer % variant.table.players)

    @rule(seed=st.integers(0, 2**32))
    def chance(self, seed):
        if self.game.to_act == "chance":
            self.game.apply(self.game.chance_action(random.Random(seed)))

    @rule(data=st.data())
    def legal(self, data):
        legal = self.game.legal_actions()
        if legal:
            self.game.apply(data.draw(st.sampled_from(legal)))

    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 30))
    def advance(self, seed, steps):
        """Several random legal or chance actions in one rule, so that games reach their end."""
        rng = random.Random(seed)
        for _ in range(steps):
            if self.game.over:
                return
            if self.game.to_act == "chance":
                self.game.apply(self.game.chance_action(rng))
            else:
                self.game.apply(rng.choice(self.game.legal_actions()))

    @rule(seat=st.integers(-1, 4), cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=6),
          kind=st.sampled_from(["play", "go", "discard", "starter", "deal"]))
    def anything(self, seat, cards, kind):
        action = {"play": Play(seat, cards[0]), "go": Go(seat), "discard": Discard(seat, cards),
                  "starter": CutStarter(cards[0]), "deal": Deal([cards] * 2)}[kind]
        before = (self.game.state, len(self.game.log))
        try:
            self.game.apply(action)
        except IllegalActionError:
            assert (self.game.state, len(self.game.log)) == before

    @invariant()
    def count_never_passes_31(self):
        assert 0 <= self.game.state.count <= 31

    @invariant()
    def no_card_in_two_places(self):
        s = self.game.state
        places = [c for hand in s.held for c in hand] + list(s.crib) + [c for _, c in s.played]
        assert len(places) == len(set(places))
        if s.starter is not None:
            assert s.starter not in places

    @invariant()
    def scores_are_the_sum_of_score_events(self):
        totals = [0] * len(self.game.variant.sides)
        for scored in self.game.log:
            if isinstance(scored, Scored):
                totals[scored.side] += scored.points
                assert scored.total == totals[scored.side]
        assert tuple(totals) == self.game.state.scores

    @invariant()
    def the_result_is_last_and_right_after_the_winning_score(self):
        log = self.game.log
        ends = [i for i, e in enumerate(log) if isinstance(e, GameEnded)]
        target = self.game.variant.game.target
        event("over" if ends else f"in phase {self.game.phase}")
        if not ends:
            assert all(score < target for score in self.game.state.scores)
            return
        assert ends == [len(log) - 1] and self.game.over
        winning = log[-2]
        assert isinstance(winning, Scored) and winning.total >= target
        assert not any(isinstance(e, Input) for e in log[ends[0]:])


GameMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=120, deadline=None)
TestGameMachine = GameMachine.TestCase
