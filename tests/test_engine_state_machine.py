"""A hypothesis state machine that drives games with random legal, chance and near-miss actions.

After every legal step: apply then undo is the identity and re-applying gives the same events; a
copy is independent of its original both ways; replaying the inputs reproduces the log; the count
never passes the limit; no card is in two places; every side's score is the sum of its score
events; nothing follows the result, which comes right after the event that decided the game.

Near-miss actions are built from the live state to reach one check of the cribbage machine each (a
card not held, a play over the limit, a go while holding a playable card, an action out of turn or
in the wrong phase, a bad seat, a bad declaration or response under muggins, the wrong chance
action, ...). Each must raise `IllegalActionError` with that check's message and change nothing:
not the log, not the machine's snapshot, not the legal actions. `test_every_check_is_reached`
makes sure the generator keeps reaching every check.
"""

import copy
import pickle
import random
from typing import Any, NamedTuple

import attrs
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from pegline_core import (
    DECK,
    AskCoach,
    Game,
    GameEnded,
    IllegalActionError,
    Input,
    RandomBot,
    Ruleset,
    Scored,
    load_variant,
    play_game,
)
from pegline_core.action_types import wrong_field
from pegline_core.turns import CHANCE
from pegline_cribbage.actions import (
    CHANCE_ACTIONS,
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Go,
    Play,
    Respond,
)
from pegline_cribbage.combinations import pip
from pegline_cribbage.events import CountSettled
from pegline_cribbage.settings import SkunkLine

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


def short(name, overlays=()):
    """The variant with a low target, so that games end within a test's steps."""
    variant = load_variant(name, overlays=overlays)
    settings_ = variant.settings
    return attrs.evolve(variant, settings=attrs.evolve(
        settings_, scoring=attrs.evolve(settings_.scoring, target=31),
        skunk=(SkunkLine("lurch", 16, 3),)))


VARIANTS = {
    "two-player": short("two-player"),
    "three-player": short("three-player"),
    "partner": short("partner"),
    "five-card-traditional": short("five-card-traditional"),
    "five-card": short("five-card"),
    "two-player-61": load_variant("two-player-61"),  # its own target and lurch line
    "two-player+lowball": short("two-player", ["lowball"]),
    "two-player+muggins": short("two-player", ["muggins"]),
    "three-player+muggins": short("three-player", ["muggins"]),
    "partner+muggins": short("partner", ["muggins"]),
}
RULESETS = {name: Ruleset(variant) for name, variant in VARIANTS.items()}
"""Built once and shared between the games of a variant, as a simulation does."""

# -- near-miss actions -------------------------------------------------------------------------

BAD_SEATS = (99, -1, True)
PHASE_ACTIONS = {"cut": (CutForDeal,), "deal": (Deal,), "discard": (Discard,),
                 "starter": (CutStarter,), "pegging": (Play, Go), "show": (Declare, Respond)}


class NearMiss(NamedTuple):
    """An illegal call: ``how`` is "apply" (the action), "chance" (draw a chance action), or
    "view"/"legal" (for the seat ``action``); ``pattern`` is the start of the expected message."""

    kind: str
    action: Any
    pattern: str
    how: str = "apply"


KINDS = frozenset({
    "not-an-action", "game-over", "chance-not-due", "query-bad-seat", "wrong-phase",
    "wrong-chance", "coach-too-early", "bad-seat:ask-coach",
    "cut-count", "cut-duplicate", "cut-not-card",
    "deal-hands", "deal-crib", "deal-duplicate", "deal-not-card",
    "discard-twice", "discard-count", "discard-duplicate", "discard-not-held", "bad-seat:discard",
    "starter-dealt", "starter-not-card",
    "play-out-of-turn", "go-out-of-turn", "play-not-held", "play-over-limit", "go-while-playable",
    "bad-seat:play", "bad-seat:go",
    "declare-wrong-seat", "declare-out-of-range", "declare-twice", "bad-seat:declare",
    "respond-before-declare", "respond-out-of-turn", "respond-bad-word", "respond-bad-points",
    "respond-points-without-muggins", "bad-seat:respond",
})
REACHED: set[str] = set()
"""Every kind of near miss that was tried (and refused as expected) in this process."""
VARIANTS_RUN: set[str] = set()


def a_deal(game):
    """A well-formed deal for the game's variant (legal whenever a deal is due)."""
    deal, n = game.variant.settings.deal, game.players
    cards = list(DECK)
    random.Random(len(game.log)).shuffle(cards)
    hands = [tuple(cards[i * deal.cards:(i + 1) * deal.cards]) for i in range(n)]
    return Deal(hands, cards[n * deal.cards:n * deal.cards + deal.crib_from_deck])


def samples(game):
    """One plausible action of each type, for the wrong phase."""
    n, need = game.players, game.variant.settings.deal.discard
    return {CutForDeal: CutForDeal(DECK[:n]), Deal: a_deal(game),
            Discard: Discard(0, DECK[:max(need, 1)]), CutStarter: CutStarter(DECK[51]),
            Play: Play(0, DECK[0]), Go: Go(0), Declare: Declare(0, 0),
            Respond: Respond(1, "accept")}


def near_misses(game):
    """Illegal calls built from the live state, each aimed at one check of the machine."""
    m, phase, n = game.machine, game.phase, game.players
    out = [NearMiss("not-an-action", "not an action", "not an action"),
           NearMiss("not-an-action", Go, "not an action"),
           NearMiss("not-an-action", None, "not an action")]
    for bad in BAD_SEATS:
        out += [NearMiss("query-bad-seat", bad, f"no seat {bad!r} at a table of {n}", how)
                for how in ("view", "legal")]
    if game.to_act is not CHANCE:
        out.append(NearMiss("chance-not-due", None, "no chance action is due", "chance"))
    out += [NearMiss("bad-seat:ask-coach", AskCoach(bad), f"no seat {bad!r}") for bad in BAD_SEATS]
    acted = {e.actor for e in game.log if isinstance(e, Input)}
    out += [NearMiss("coach-too-early", AskCoach(seat), f"seat {seat} has no committed decision")
            for seat in range(n) if seat not in acted]
    if phase == "over":  # a seat may still compare its last decision after the end
        return out + [NearMiss("game-over", action, "the game is over")
                      for action in (Go(0), a_deal(game))]
    allowed = PHASE_ACTIONS[phase]
    for cls, action in samples(game).items():
        if cls not in allowed:
            kind = "wrong-chance" if game.to_act is CHANCE and cls in CHANCE_ACTIONS \
                else "wrong-phase"
            out.append(NearMiss(kind, action, f"{cls.__name__} is not allowed in the {phase} "
                                              "phase"))
    return out + _BY_PHASE[phase](game, m, n)


def _cut(game, m, n):
    cut = list(DECK[10:10 + n])
    return [
        NearMiss("cut-count", CutForDeal(cut + [DECK[0]]), "the cut for deal needs one card per"),
        NearMiss("cut-count", CutForDeal(cut[:-1]), "the cut for deal needs one card per seat"),
        NearMiss("cut-duplicate", CutForDeal([cut[0]] * n), "a card cannot be dealt twice"),
        NearMiss("cut-not-card", CutForDeal([str(cut[0]), *cut[1:]]), "every card must be a Card"),
    ]


def _deal(game, m, n):
    deal = game.variant.settings.deal
    good = a_deal(game)
    hands, crib = list(good.hands), good.crib
    spare = next(c for c in DECK if c not in {*crib, *(c for h in hands for c in h)})
    size = f"the deal needs {deal.cards} cards for each of {n} seats"
    out = [
        NearMiss("deal-hands", Deal(hands[:-1], crib), size),
        NearMiss("deal-hands", Deal([*hands, hands[0]], crib), size),
        NearMiss("deal-hands", Deal([hands[0][:-1], *hands[1:]], crib), size),
        NearMiss("deal-hands", Deal([hands[0] + (spare,), *hands[1:]], crib), size),
        NearMiss("deal-crib", Deal(hands, (*crib, spare)),
                 f"the deal needs {deal.crib_from_deck} card(s) for the crib"),
        NearMiss("deal-duplicate", Deal([hands[0], (hands[0][0], *hands[1][1:]), *hands[2:]],
                                        crib), "a card cannot be dealt twice"),
        NearMiss("deal-not-card", Deal([(str(hands[0][0]), *hands[0][1:]), *hands[1:]], crib),
                 "every card must be a Card"),
    ]
    if crib:
        out += [NearMiss("deal-crib", Deal(hands, crib[:-1]), "the deal needs"),
                NearMiss("deal-duplicate", Deal(hands, (hands[1][0], *crib[1:])),
                         "a card cannot be dealt twice")]
    return out


def _discard(game, m, n):
    need = game.variant.settings.deal.discard
    exactly = f"lay away exactly {need} different card"
    out = []
    for seat in range(n):
        held = m.held[seat]
        if m.discarded[seat]:
            out.append(NearMiss("discard-twice", Discard(seat, held[:need]),
                                f"seat {seat} has already laid away to the crib"))
            continue
        other = next(c for s in range(n) if s != seat for c in m.held[s])
        out += [
            NearMiss("discard-count", Discard(seat, held[:need + 1]), exactly),
            NearMiss("discard-count", Discard(seat, ()), exactly),
            NearMiss("discard-duplicate", Discard(seat, (held[0],) * max(need, 2)), exactly),
            NearMiss("discard-not-held", Discard(seat, (*held[:need - 1], other)),
                     f"seat {seat} does not hold {other}"),
        ]
        if need > 1:
            out.append(NearMiss("discard-count", Discard(seat, held[:need - 1]), exactly))
        out += [NearMiss("bad-seat:discard", Discard(bad, held[:need]), f"no seat {bad!r}")
                for bad in BAD_SEATS]
    return out


def _starter(game, m, n):
    dealt = [m.crib[0], m.kept[0][-1], m.kept[-1][0]]
    undealt = next(c for c in DECK if c not in {*m.crib, *(c for h in m.kept for c in h)})
    return [NearMiss("starter-dealt", CutStarter(card), f"the starter {card} has already been")
            for card in dealt] + [
        NearMiss("starter-not-card", CutStarter(str(undealt)), "the starter"),
        NearMiss("starter-not-card", CutStarter(None), "the starter"),
    ]


def _pegging(game, m, n):
    turn, count = m.turn, m.count
    limit = game.variant.settings.pegging.limit
    held = m.held[turn]
    not_yours = f"it is seat {turn}'s turn to play, not seat"
    out = []
    for seat in range(n):
        if seat != turn:
            out.append(NearMiss("go-out-of-turn", Go(seat), f"{not_yours} {seat}'s"))
            out += [NearMiss("play-out-of-turn", Play(seat, card), f"{not_yours} {seat}'s")
                    for card in m.held[seat][:2]]
    elsewhere = [c for s in range(n) if s != turn for c in m.held[s][:1]]
    elsewhere += [m.starter, *m.crib[:1], *(c for _, c in m.played[-1:])]
    out += [NearMiss("play-not-held", Play(turn, card), f"seat {turn} does not hold {card}")
            for card in elsewhere]
    for bad in BAD_SEATS:
        out += [NearMiss("bad-seat:play", Play(bad, held[0]), f"no seat {bad!r}"),
                NearMiss("bad-seat:go", Go(bad), f"no seat {bad!r}")]
    over = [c for c in held if count + pip(c) > limit]
    out += [NearMiss("play-over-limit", Play(turn, card),
                     f"{card} would make the count {count + pip(card)}, over {limit}")
            for card in over]
    if len(over) < len(held):
        out.append(NearMiss("go-while-playable", Go(turn),
                            f"seat {turn} cannot say go while holding a playable card"))
    return out


def _show(game, m, n):
    counter = m.counts[0][0]
    cap = game.view(counter).max_declaration
    out = []
    if m.declared < 0:
        out += [NearMiss("declare-wrong-seat", Declare(seat, 0),
                         f"it is seat {counter}'s count, not seat {seat}'s")
                for seat in range(n) if seat != counter]
        out += [NearMiss("declare-out-of-range", Declare(counter, points),
                         f"a declaration is a whole number from 0 to {cap}, not {points!r}")
                for points in (-1, cap + 1, True, 2.0, "3", None)]
        out += [NearMiss("bad-seat:declare", Declare(bad, 0), f"no seat {bad!r}")
                for bad in BAD_SEATS]
        out += [NearMiss("respond-before-declare", Respond(seat, "accept"),
                         "no declared count is waiting for a response")
                for seat in range(n) if seat != counter]
        return out
    first = m.responders[0]
    out.append(NearMiss("declare-twice", Declare(counter, 0),
                        "no count is waiting for a declaration"))
    out += [NearMiss("respond-out-of-turn", Respond(seat, "accept"),
                     f"it is seat {first}'s turn to respond, not seat {seat}'s")
            for seat in range(n) if seat != first]
    out += [NearMiss("bad-seat:respond", Respond(bad, "accept"), f"no seat {bad!r}")
            for bad in BAD_SEATS]
    out += [NearMiss("respond-bad-word", Respond(first, word), "a response is one of")
            for word in ("muggin", "Accept", "", "go", None)]
    out += [NearMiss("respond-bad-points", Respond(first, "muggins", points),
                     f"muggins claims a whole number of points from 1 to {cap}, not {points!r}")
            for points in (0, -1, cap + 1, True, 2.0)]
    out += [NearMiss("respond-points-without-muggins", Respond(first, word, points),
                     f"{word} claims no points")
            for word, points in (("accept", 1), ("overcount", 3), ("accept", -2),
                                 ("overcount", False), ("accept", 0.0))]
    return out


_BY_PHASE = {"cut": _cut, "deal": _deal, "discard": _discard, "starter": _starter,
             "pegging": _pegging, "show": _show}


def state_of(game):
    return game.log, game.machine.snapshot(), game.legal_actions(), game.to_act


def try_near_miss(game, miss):
    """The near miss must raise its own check's message and leave the game exactly as it was."""
    before = state_of(game)
    call = {"apply": game.apply, "view": game.view, "legal": game.legal_actions,
            "chance": lambda _: game.chance_action(random.Random(0))}[miss.how]
    with pytest.raises(IllegalActionError) as info:
        call(miss.action)
    assert isinstance(info.value, ValueError)
    # a field of the wrong type is refused where the action enters, naming the field
    pattern = (wrong_field(miss.action) if miss.how == "apply" else None) or miss.pattern
    assert str(info.value).startswith(pattern), (miss, str(info.value))
    assert state_of(game) == before, miss
    REACHED.add(miss.kind)


# -- the state machine -------------------------------------------------------------------------


class GameMachine(RuleBasedStateMachine):
    NAMES = tuple(VARIANTS)

    @initialize(data=st.data(), dealer=st.one_of(st.none(), st.integers(0, 3)))
    def start(self, data, dealer):
        self.name = data.draw(st.sampled_from(self.NAMES), label="variant")
        variant = VARIANTS[self.name]
        self.dealer = None if dealer is None else dealer % variant.table.players
        self.game = Game(variant, dealer=self.dealer, ruleset=RULESETS[self.name])
        self.replayed = 0  # the log length last checked by replaying the inputs
        VARIANTS_RUN.add(self.name)

    def step(self, action):
        """Apply a legal or chance action, checking undo, re-apply and copies around it."""
        game = self.game
        before = state_of(game)
        log = before[0]
        twin = game.copy()
        assert state_of(twin) == before
        events = game.apply(action)
        assert events and isinstance(events[0], Input) and events[0].action == action
        assert game.log == log + tuple(events)
        after = game.log, game.machine.snapshot()
        assert state_of(twin) == before, "applying to the original changed its copy"
        # apply then undo is the identity; applying again gives the same events
        assert game.undo() == action
        assert state_of(game) == before
        assert game.apply(action) == events
        assert (game.log, game.machine.snapshot()) == after
        # a copy of the new position is independent of the original, undo stack included
        twin = game.copy()
        assert (twin.log, twin.machine.snapshot()) == after
        moved = not twin.over
        if moved:
            twin.apply(twin.chance_action(random.Random(len(log))) if twin.to_act is CHANCE
                       else twin.legal_actions()[0])
        for _ in range(1 + moved):
            twin.undo()
        assert state_of(twin) == before
        assert (game.log, game.machine.snapshot()) == after, "the copy changed its original"
        return events

    @rule(seed=st.integers(0, 2**32))
    def chance(self, seed):
        if self.game.to_act is CHANCE:
            self.step(self.game.chance_action(random.Random(seed)))

    @rule(data=st.data())
    def legal(self, data):
        legal = self.game.legal_actions()
        if legal:
            action = data.draw(st.sampled_from(legal), label="legal action")
            assert self.game.is_legal(action)
            self.step(action)

    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 30))
    def advance(self, seed, steps):
        """Several random legal or chance actions in one rule, so that games reach their end."""
        rng = random.Random(seed)
        for _ in range(steps):
            game = self.game
            if game.over:
                return
            if game.to_act is CHANCE:
                self.step(game.chance_action(rng))
            else:
                self.step(rng.choice(game.legal_actions()))

    @rule(data=st.data())
    def near_miss(self, data):
        """One near miss, drawn by hypothesis; `is_legal` must refuse it too."""
        miss = data.draw(st.sampled_from(near_misses(self.game)), label="near miss")
        try_near_miss(self.game, miss)
        if miss.how == "apply":
            assert not self.game.is_legal(miss.action)
            assert not listed(miss.action, self.game.legal_actions())

    @rule()
    def every_near_miss(self):
        for miss in near_misses(self.game):
            try_near_miss(self.game, miss)

    @rule(seat=st.sampled_from(BAD_SEATS))
    def bad_seat_anywhere(self, seat):
        """A bad seat is refused by whichever action carries it, in any phase."""
        game = self.game
        for action in (Play(seat, DECK[0]), Go(seat), Discard(seat, DECK[:2]), Declare(seat, 0),
                       Respond(seat, "accept"), AskCoach(seat)):
            before = state_of(game)
            with pytest.raises(IllegalActionError):
                game.apply(action)
            assert state_of(game) == before

    # -- invariants ----------------------------------------------------------------------------

    @invariant()
    def count_never_passes_the_limit(self):
        assert 0 <= self.game.machine.count <= self.game.variant.settings.pegging.limit

    @invariant()
    def no_card_in_two_places(self):
        m = self.game.machine
        places = [c for hand in m.held for c in hand] + list(m.crib) + [c for _, c in m.played]
        assert len(places) == len(set(places))
        if m.starter is not None:
            assert m.starter not in places
        for seat, hand in enumerate(m.held):
            assert set(hand) <= set(m.kept[seat]), "a seat holds only cards of its kept hand"

    @invariant()
    def scores_are_the_sum_of_score_events(self):
        totals = [0] * len(self.game.variant.sides)
        for scored in self.game.log:
            if isinstance(scored, Scored):
                assert scored.side == self.game.variant.side_of(scored.actor)
                totals[scored.side] += scored.points
                assert scored.total == totals[scored.side]
        assert tuple(totals) == self.game.scores == self.game.machine.scores

    @invariant()
    def replaying_the_inputs_reproduces_the_log(self):
        # Once per rule rather than per step: the machine is deterministic and the log
        # append-only, so the whole log replaying exactly implies every prefix does too.
        game = self.game
        if len(game.log) != self.replayed:  # only when the log changed since the last check
            again = Game.from_inputs(game.variant, game.inputs(), dealer=self.dealer,
                                     ruleset=game.ruleset)
            assert again.log == game.log
            assert again.machine.snapshot() == game.machine.snapshot()
            self.replayed = len(game.log)

    @invariant()
    def every_seat_to_act_has_its_legal_actions(self):
        game = self.game
        legal = game.legal_actions()
        if game.to_act is CHANCE or game.over:
            assert legal == []
            return
        assert legal, "a seat to act always has a legal action"
        mine = [a for seat in game.to_act for a in game.legal_actions(seat)]
        assert sorted(map(repr, mine)) == sorted(map(repr, legal))
        assert all(a.seat in game.to_act for a in legal)

    @invariant()
    def the_result_is_last_and_right_after_the_deciding_event(self):
        game, log = self.game, self.game.log
        scoring = game.variant.settings.scoring
        ends = [i for i, e in enumerate(log) if isinstance(e, GameEnded)]
        event("over" if ends else f"in phase {game.phase}")
        if not ends:
            assert not game.over and game.result is None
            m = game.machine
            if not (m.counts and m.declared >= 0):  # only a declaration can wait above it
                assert all(score < scoring.target for score in game.scores)
            return
        assert ends == [len(log) - 1] and game.over and game.result is log[-1]
        assert game.to_act == () and game.legal_actions() == []
        result = log[-1]
        reached = result.results[-1 if scoring.lowball else 0]
        assert reached.score >= scoring.target
        assert sorted(r.side for r in result.results) == list(range(len(game.variant.sides)))
        deciding = log[-2]
        settled = max((i for i, e in enumerate(log) if isinstance(e, CountSettled)), default=-1)
        moves = log[settled + 1:-1]
        if settled >= 0 and all(isinstance(e, Scored) and e.phase == "show" for e in moves):
            # counting by hand: a standing (over)count decides once it is settled, and a
            # settlement is recorded whole (an overcount's excess taken from the counter and
            # given to the challenger), so the game may end on the challenger's share: the
            # winner is the counter, or a side the settlement itself took to the target
            counter = game.variant.side_of(log[settled].actor)
            assert reached.side == counter or any(
                e.side == reached.side and e.total >= scoring.target for e in moves)
        else:
            assert isinstance(deciding, Scored)
            assert deciding.total >= scoring.target and deciding.side == reached.side
        assert not any(isinstance(e, Input) for e in log[ends[0]:])

    def teardown(self):
        """Replay with a ruleset of its own; pickle and deep-copy the final position.

        (A fresh muggins ruleset works out the show's maximum, which takes a while: those games
        are replayed and pickled with their own ruleset in the plain tests below.)"""
        game = getattr(self, "game", None)
        if game is None:
            return
        twins = [copy.deepcopy(game)]
        if "muggins" not in self.name:
            again = Game.from_inputs(game.variant, game.inputs(), dealer=self.dealer)
            assert again.ruleset is not game.ruleset and again.log == game.log
            twins.append(pickle.loads(pickle.dumps(game)))
        for twin in twins:
            assert twin.log == game.log and twin.machine.snapshot() == game.machine.snapshot()


GameMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=80, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
TestGameMachine = GameMachine.TestCase


@pytest.mark.heavy  # what the generator reaches is the same in either build
def test_every_check_is_reached():
    """Run the machine on every variant with a fixed number of examples: every kind of near miss
    must have been tried, so the generator cannot silently stop reaching a check."""
    REACHED.clear()
    VARIANTS_RUN.clear()
    for examples in (3, 8, 20):  # more only while some check is still unreached
        fixed = settings(max_examples=examples, stateful_step_count=80, deadline=None,
                         derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))
        for name in VARIANTS:
            machine = type(f"Machine_{name}", (GameMachine,), {"NAMES": (name,)})
            run_state_machine_as_test(machine, settings=fixed)
        if KINDS <= REACHED:
            break
    assert VARIANTS_RUN == set(VARIANTS)
    assert sorted(KINDS - REACHED) == []
    assert REACHED <= KINDS


# -- plain tests of the Game facade ------------------------------------------------------------


def full(name):
    """The variant ``name`` (``base+overlay`` as in VARIANTS) with its own target."""
    base, *overlays = name.split("+")
    return load_variant(base, overlays=overlays)


def listed(action, legal):
    """``action in legal``, telling seat True from seat 1 (actions compare equal across them)."""
    return repr(action) in map(repr, legal)


def mid_game(name="two-player", seed=3, steps=25, dealer=1):
    """A game some steps in, played by random players from a seed."""
    game = Game(full(name), dealer=dealer)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(game.chance_action(rng) if game.to_act is CHANCE
                   else rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", ["two-player", "partner+muggins", "three-player"])
@pytest.mark.parametrize("clone", [copy.deepcopy, copy.copy, Game.copy,
                                   lambda g: pickle.loads(pickle.dumps(g))],
                         ids=["deepcopy", "copy", "Game.copy", "pickle"])
def test_copies_are_equal_and_independent(name, clone):
    game = mid_game(name)
    twin = clone(game)
    assert twin is not game and twin.log == game.log
    assert twin.machine.snapshot() == game.machine.snapshot()
    assert twin.legal_actions() == game.legal_actions() and twin.to_act == game.to_act
    log, snapshot = game.log, game.machine.snapshot()
    rng = random.Random(1)
    for _ in range(5):  # the twin moves on: the original does not
        twin.apply(twin.chance_action(rng) if twin.to_act is CHANCE
                   else twin.legal_actions()[-1])
    assert (game.log, game.machine.snapshot()) == (log, snapshot)
    twin_log, twin_snapshot = twin.log, twin.machine.snapshot()
    game.apply(game.chance_action(rng) if game.to_act is CHANCE else game.legal_actions()[0])
    game.undo()
    game.undo()  # the original moves, and takes back an earlier action: the twin does not
    assert (twin.log, twin.machine.snapshot()) == (twin_log, twin_snapshot)
    assert game.log == log[:len(game.log)] and len(game.log) < len(log)


def test_a_pickled_finished_game_keeps_its_result():
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=8)
    again = pickle.loads(pickle.dumps(game))
    assert again.over and again.result == game.result and again.log == game.log
    assert again.first_dealer == game.first_dealer is None
    assert again.undo() == game.inputs()[-1] and not again.over and game.over


def test_repr_names_the_variant_the_state_the_scores_and_the_events():
    game = Game("two-player", dealer=1)
    assert repr(game) == f"<Game 'two-player': hand 0, deal, scores 0, 0, {len(game.log)} events>"
    game = mid_game("three-player", steps=20)
    assert repr(game).startswith(f"<Game 'three-player': hand {game.hand}, {game.phase}, scores ")
    assert ", ".join(map(str, game.scores)) in repr(game)
    over = play_game("two-player-61", [RandomBot(1), RandomBot(2)], seed=2)
    assert repr(over) == (f"<Game 'two-player-61': over, scores {over.scores[0]}, "
                          f"{over.scores[1]}, {len(over.log)} events>")


@pytest.mark.parametrize("dealer", [None, 0, 1])
def test_undo_on_a_fresh_game_is_refused(dealer):
    game = Game("two-player", dealer=dealer)
    before = state_of(game)
    with pytest.raises(IllegalActionError, match="there is no action to undo"):
        game.undo()
    assert state_of(game) == before


def test_undo_takes_back_every_action_to_the_start():
    game = mid_game("two-player+muggins", steps=60)
    states = []
    replay = Game(full("two-player+muggins"), dealer=1)
    for action in game.inputs():
        states.append(state_of(replay))
        replay.apply(action)
    for action in reversed(game.inputs()):
        assert game.undo() == action
        assert state_of(game) == states.pop()
    with pytest.raises(IllegalActionError):
        game.undo()


def test_a_game_without_undo_keeps_no_history_and_plays_the_same_game():
    """``Game(..., undo=False)`` keeps no state per step: it plays the same game (the same log),
    a copy keeps none either, and `undo` and `compare` refuse, changing nothing."""
    kept = mid_game("two-player", steps=30)
    lean = Game(full("two-player"), dealer=1, undo=False)
    for action in kept.inputs():
        lean.apply(action)
    assert lean.log == kept.log and lean._undo == [] and kept._undo
    twin = lean.copy()
    unpickled = pickle.loads(pickle.dumps(lean))
    assert unpickled.log == lean.log
    for game in (lean, twin, unpickled):
        before = state_of(game)
        for refused in (game.undo, lambda game=game: game.compare(0)):
            with pytest.raises(IllegalActionError, match="keeps no history of its steps"):
                refused()
            assert state_of(game) == before
    twin.apply(twin.legal_actions()[0])
    assert twin._undo == [] and len(twin.log) > len(lean.log)


@pytest.mark.parametrize("name", ["two-player", "three-player", "partner+muggins",
                                  "two-player+muggins", "five-card"])
def test_is_legal_agrees_with_the_legal_actions(name):
    rng = random.Random(5)
    game = Game(VARIANTS[name], dealer=1)
    phases = set()
    for _ in range(60):
        if game.over:
            break
        log = game.log
        if game.to_act is CHANCE:
            action = game.chance_action(rng)
            assert game.legal_actions() == [] and game.is_legal(action)
        else:
            legal = game.legal_actions()
            assert all(game.is_legal(a) for a in legal)
            misses = [m for m in near_misses(game) if m.how == "apply"]
            for miss in rng.sample(misses, min(8, len(misses))):
                assert not game.is_legal(miss.action) and not listed(miss.action, legal)
            phases.add(game.phase)
            action = rng.choice(legal)
        assert game.log == log, "is_legal changes nothing"
        game.apply(action)
    assert {"discard", "pegging"} <= phases or "discard" not in phases


def test_only_a_seat_with_a_committed_decision_may_ask_the_coach():
    with pytest.raises(IllegalActionError, match="seat 0 has no committed decision"):
        Game("two-player", dealer=1).apply(AskCoach(0))
    game = mid_game("two-player", steps=3)  # the deal and both discards
    events = game.apply(AskCoach(0))
    assert [type(e) for e in events] == [Input] and events[0].actor == 0
    assert game.undo() == AskCoach(0)
