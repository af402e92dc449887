"""The native lane: the standard rules' compiled counterparts claim exactly what their hook
implementations claim, and dispatch takes the native lane only when nothing could tell the
difference; whichever lane a hook takes, the logs are the ones pinned before it existed."""

from __future__ import annotations

import functools
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import (
    DECK,
    PluginError,
    RandomBot,
    Rule,
    Ruleset,
    Score,
    hookimpl,
    load_variant,
    native,
    parse_cards,
)
from pegline_core.build import build_name
from pegline_core.cards import Card
from pegline_core.hookspecs import native_counterpart
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.native import (
    GameStartCodes,
    PlayCodes,
    SeriesEndCodes,
    ShowCodes,
    StarterCodes,
    codes_of,
)
from pegline_cribbage.scoring import Scoring
from pegline_cribbage.snapshots import (
    GameStart,
    PlayMade,
    SeriesEnded,
    ShowCounted,
    Snapshots,
    StarterTurned,
)
from pegline_cribbage.testing import make_game, play, stack
from pegline_standard import StandardRules, counterparts
from tests.pinned_logs import STORED, log_digests

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

DEAL_HANDS = ["3C 4H 9C TH KC KD", "5D TS 2D 7S QC QD"]
DEAL_DISCARDS = ["KC KD", "QC QD"]
SNAPSHOTS = Snapshots(load_variant("two-player"))
STEPS = {GameStart: GameStartCodes, StarterTurned: StarterCodes, PlayMade: PlayCodes,
         SeriesEnded: SeriesEndCodes, ShowCounted: ShowCodes}
NATIVE = Scoring(Ruleset(load_variant("two-player")), hypothetical=False)
CONTRACT = Scoring(Ruleset(load_variant("two-player")), hypothetical=False)
CONTRACT.ruleset.pm.add_hookcall_monitoring(lambda *_: None, lambda *_: None)
SCORING = ("pegline_score_game_start", "pegline_score_starter", "pegline_score_play",
           "pegline_score_series_end", "pegline_score_show")

points = st.integers(min_value=0, max_value=13)
configs = st.builds(
    StandardRules.Config, fifteen=points, thirty_one=points, go=points, pair=points,
    pair_royal=points, double_pair_royal=points, run_per_card=points, flush_per_card=points,
    nobs=points, heels=points, crib_flush_needs_starter=st.booleans(), three_for_last=points)


def _series(cards: list) -> tuple:
    """The longest prefix of ``cards`` that a series can hold (its count at most 31)."""
    kept, count = [], 0
    for card in cards:
        if count + PIPS[card.index] > 31:
            break
        kept.append(card)
        count += PIPS[card.index]
    return tuple(kept)


def _step(snapshot):
    """The step in card codes that the native lane hands a counterpart for ``snapshot``."""
    fields = [field.index if isinstance(field, Card) else
              codes_of(field) if isinstance(field, tuple) and field and isinstance(field[0], Card)
              else field for field in snapshot]
    step = STEPS[type(snapshot)]
    if step in (PlayCodes, SeriesEndCodes):
        fields.append(31)  # the pegging limit
    return step(*fields)


def _same(native: list | None, claims: list) -> None:
    """A counterpart's claims (codes) are the implementation's (cards), claim for claim."""
    assert (native or []) == [(claim.rule, claim.points, codes_of(claim.cards))
                              for claim in claims]
    for rule, points, codes in native or []:
        assert type(rule) is str and type(points) is int and type(codes) is tuple
        assert all(type(code) is int for code in codes)


@settings(max_examples=300, deadline=None)
@given(configs, st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True),
       st.integers(0, 1),
       st.integers(0, 3), st.booleans())
def test_play_and_series_end_claims_match_the_hooks(config, cards, seat, dealer, last_of_hand):
    rules = StandardRules(config)
    series = _series(cards)
    count = sum(PIPS[card.index] for card in series)
    scores = (5, 7)
    play = SNAPSHOTS.play(seat, series[-1], series, count, scores, dealer % 2)
    _same(counterparts.score_play(rules, _step(play)), rules.pegline_score_play(play))
    ended = SNAPSHOTS.series_end(seat, count, series, last_of_hand, scores, dealer % 2)
    _same(counterparts.score_series_end(rules, _step(ended)),
          rules.pegline_score_series_end(ended))


@settings(max_examples=300, deadline=None)
@given(configs, st.lists(st.sampled_from(DECK), min_size=4, max_size=6, unique=True),
       st.booleans())
def test_show_starter_and_start_claims_match_the_hooks(config, cards, crib):
    rules = StandardRules(config)
    *hand, starter = cards  # three, four or five cards with the starter
    show = SNAPSHOTS.show(0, tuple(hand), starter, crib, (0, 0), 1)
    _same(counterparts.score_show(rules, _step(show)), rules.pegline_score_show(show))
    turned = SNAPSHOTS.starter(starter, 1, (0, 0))
    _same(counterparts.score_starter(rules, _step(turned)), rules.pegline_score_starter(turned))
    start = SNAPSHOTS.game_start(1)
    _same(counterparts.score_game_start(rules, _step(start)),
          rules.pegline_score_game_start(start))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=13, unique=True), st.integers(0, 1),
       st.booleans())
def test_both_lanes_of_the_engine_give_the_same_awards_on_the_same_steps(cards, seat, crib):
    """`Scoring` on the native lane, and on the contract lane (a monitor attached), for the
    same plays, series ends, shows and starters: the same award rows, in the same order."""
    series = codes_of(_series(cards))
    count = sum(PIPS[code] for code in series)
    hand, starter = codes_of(cards[:4]), cards[4].index
    for lane in (NATIVE, CONTRACT):
        assert lane.play_hook.natives() is not None or lane is CONTRACT
    for step in ((lambda lane: lane.play(seat, series, count, (3, 4), 1)),
                 (lambda lane: lane.series_end(seat, count, series, True, (3, 4), 1)),
                 (lambda lane: lane.show(seat, hand, starter, crib, (3, 4), 1)),
                 (lambda lane: lane.starter(starter, 1, (3, 4))),
                 (lambda lane: lane.game_start(1))):
        assert step(NATIVE) == step(CONTRACT)


def test_a_thirty_one_and_a_go_are_claimed_on_the_native_lane():
    rules = StandardRules()
    series = tuple(DECK[i] for i in (36, 40, 44, 0))  # TC JC QC AC: 31
    play = SNAPSHOTS.play(0, series[-1], series, 31, (0, 0), 1)
    assert counterparts.score_play(rules, _step(play)) == [("peg-thirty-one", 2, (36, 40, 44, 0))]
    ended = SNAPSHOTS.series_end(0, 30, series[:3], True, (0, 0), 1)
    assert counterparts.score_series_end(rules, _step(ended)) == [("last-card", 1, (44,))]


# -- which lane dispatch takes ----------------------------------------------------------------


def _lanes(ruleset: Ruleset, hooks: tuple[str, ...] = SCORING) -> dict[str, bool]:
    """Whether each scoring hook takes the native lane now."""
    found = {}
    for name in hooks:
        hook = ruleset.scoring(name).hook
        hook._refresh()
        found[name] = hook._native is not None
    return found


def _digests(ruleset: Ruleset, seeds: int) -> list[str]:
    return [log_digests.digest(ruleset, RandomBot, seed) for seed in range(seeds)]


class PlainRule:
    """A house rule in plain Python, with no native counterpart: it claims nothing."""

    @hookimpl
    def pegline_score_play(self, play):
        return []


class PassThrough:
    """A wrapper that leaves every result as it is."""

    @hookimpl(wrapper=True)
    def pegline_score_show(self, show):
        return (yield)


def test_the_standard_rules_alone_take_the_native_lane_for_every_scoring_hook():
    assert set(_lanes(Ruleset(load_variant("two-player"))).values()) == {True}


def test_a_house_rule_variant_moves_only_its_own_hooks_to_the_contract_lane():
    lanes = _lanes(Ruleset(load_variant("stink-hole")))
    assert not lanes["pegline_score_series_end"] and not lanes["pegline_score_starter"]
    assert lanes["pegline_score_show"] and lanes["pegline_score_play"]


@pytest.mark.parametrize("variant", ["pegging-flush", "around-the-corner"])
def test_the_pegflush_and_corner_rules_are_scored_by_the_house_rules_matcher(variant):
    """Their rules are house rules as data writes them: every hook stays on the native lane,
    and the logs are as pinned."""
    ruleset = Ruleset(load_variant(variant))
    assert set(_lanes(ruleset).values()) == {True}
    assert _digests(ruleset, 4) == STORED[variant]["random"][:4]


@pytest.mark.parametrize("plugin", [PlainRule, PassThrough], ids=["plain-rule", "wrapper"])
def test_a_plugin_without_a_counterpart_forces_the_hook_path_and_the_log_is_unchanged(plugin):
    ruleset = Ruleset(load_variant("two-player"))
    ruleset.pm.register(plugin(), "house")
    lanes = _lanes(ruleset)
    forced = "pegline_score_play" if plugin is PlainRule else "pegline_score_show"
    assert not lanes[forced]
    assert all(native for name, native in lanes.items() if name != forced)
    assert _digests(ruleset, 8) == STORED["two-player"]["random"][:8]
    ruleset.pm.unregister(name="house")
    assert set(_lanes(ruleset).values()) == {True}


def test_a_monitor_forces_every_hook_to_the_hook_path_and_the_log_is_unchanged():
    ruleset = Ruleset(load_variant("two-player"))
    calls: list[str] = []
    stop = ruleset.pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name),
                                              lambda outcome, name, impls, kwargs: None)
    assert set(_lanes(ruleset).values()) == {False}
    assert _digests(ruleset, 4) == STORED["two-player"]["random"][:4]
    assert "pegline_score_show" in calls  # the monitor saw every call
    stop()
    assert set(_lanes(ruleset).values()) == {True}


def test_a_counterpart_that_claims_an_undeclared_rule_is_refused_like_a_hook():
    def cheat(plugin, play):
        return [("peg-everything", 5, ())]

    class Cheat:
        @hookimpl
        @native(cheat)
        def pegline_score_play(self, play):
            return [Score("peg-everything", 5, ())]

    game = make_game("two-player", plugins={"cheat": Cheat})
    assert _lanes(game.ruleset)["pegline_score_play"]
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    before = len(game.log)
    with pytest.raises(PluginError, match="'peg-everything' was not declared by this plugin"):
        play(game, "3C")
    assert len(game.log) == before


def test_a_switched_off_rule_is_dropped_on_the_native_lane():
    variant = attrs.evolve(load_variant("two-player"), disable=("show-fifteen",))
    ruleset = Ruleset(variant)
    assert set(_lanes(ruleset).values()) == {True}
    game = log_digests.Game(ruleset=ruleset)
    log_digests.play_game(variant, [RandomBot(1), RandomBot(2)], seed=3, game=game)
    rules = {getattr(event, "rule", None) for event in game.log}
    assert "show-fifteen" not in rules and "show-pair" in rules


# -- Clabber's standard rules -------------------------------------------------------------------

CLABBER_SCORING = ("pegline_clabber_melds", "pegline_clabber_count_hand",
                   "pegline_clabber_settle_hand", "pegline_clabber_renege")
clabber_points = st.integers(min_value=0, max_value=300)


def _clabber_log(ruleset: Ruleset, seed: int) -> tuple:
    game = log_digests.Game(ruleset=ruleset)
    log_digests.play_game(ruleset.variant, [RandomBot(seed * 4 + s) for s in range(4)],
                          seed=seed, game=game)
    return tuple(game.log)


@pytest.mark.parametrize("variant", ["clabber", "clabber-renege"])
def test_clabber_standard_rules_take_the_native_lane_and_a_monitor_moves_them_off_it(variant):
    ruleset = Ruleset(load_variant(variant))
    assert set(_lanes(ruleset, CLABBER_SCORING).values()) == {True}
    native_logs = [_clabber_log(ruleset, seed) for seed in range(6)]
    assert _digests(ruleset, 6) == STORED[variant]["random"][:6]
    calls: list[str] = []
    stop = ruleset.pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name),
                                              lambda outcome, name, impls, kwargs: None)
    assert set(_lanes(ruleset, CLABBER_SCORING).values()) == {False}
    assert [_clabber_log(ruleset, seed) for seed in range(6)] == native_logs
    assert "pegline_clabber_melds" in calls  # the monitor saw the calls
    assert ("pegline_clabber_count_hand" if variant == "clabber" else "pegline_clabber_renege") \
        in calls  # (random play reneges at once where reneges may be called)
    stop()


@settings(max_examples=15, deadline=None)
@given(st.fixed_dictionaries(dict.fromkeys(("last_trick", "dad", "fifty", "hundred", "four_of_a_kind", "mule", "bella", "renege"), clabber_points)),
    st.sampled_from(["clabber", "clabber-renege"]), st.integers(0, 10_000))
def test_clabber_claims_are_the_same_on_both_lanes_for_any_point_values(points, variant, seed):
    changed = attrs.evolve(load_variant(variant), config={"clabber-standard": points})
    native, hooks = Ruleset(changed), Ruleset(changed)
    hooks.pm.register(ClabberPassThrough(), "house")  # a wrapper: every hook on the hook path
    assert set(_lanes(native, CLABBER_SCORING).values()) == {True}
    assert not _lanes(hooks, CLABBER_SCORING)["pegline_clabber_count_hand"]
    assert _clabber_log(native, seed) == _clabber_log(hooks, seed)


class ClabberPassThrough:
    """A wrapper on every Clabber scoring hook that leaves its results as they are."""

    @hookimpl(wrapper=True)
    def pegline_clabber_melds(self, held):
        return (yield)

    @hookimpl(wrapper=True)
    def pegline_clabber_count_hand(self, hand):
        return (yield)

    @hookimpl(wrapper=True)
    def pegline_clabber_settle_hand(self, totals):
        return (yield)

    @hookimpl(wrapper=True)
    def pegline_clabber_renege(self, penalty):
        return (yield)


def test_the_lists_counterparts_return_are_read_never_changed():
    """Two native scorers on one hook, each returning the same list object every time: the
    engine lends the first one's list when it can, and never appends to or sorts either."""
    first_claims = [("tip-first", 1, ())]
    second_claims = [("tip-second", 1, ())]

    def first_natively(plugin, play):
        return first_claims

    def second_natively(plugin, play):
        return second_claims

    def house(rule, claims, counterpart):
        class Tip:
            @hookimpl
            def pegline_rules(self):
                return [Rule(rule, "a tip for every play", "house", 1)]

            @hookimpl
            @native(counterpart)
            def pegline_score_play(self, play):
                return [Score(rule, 1)]

        return Tip

    game = make_game("two-player", plugins={"second": house("tip-second", second_claims,
                                                            second_natively),
                                            "first": house("tip-first", first_claims,
                                                           first_natively)})
    assert _lanes(game.ruleset)["pegline_score_play"]
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    events = play(game, "3C 5D 4H")
    tips = [e.rule for e in events if getattr(e, "rule", "").startswith("tip")]
    assert tips == ["tip-second", "tip-first"] * 3  # the variant's order of plugins
    assert first_claims == [("tip-first", 1, ())] and second_claims == [("tip-second", 1, ())]


def test_a_counterpart_reads_each_step_during_its_call_and_keeps_its_tuples():
    """The step is lent: the engine fills one object per hook again for each call, so what a
    counterpart read during a call is that call's step, and the tuples it kept stay as they
    were; the step object itself is the same from call to call."""
    seen: list[tuple[object, tuple[int, ...], int, tuple[int, ...]]] = []

    def watch(plugin, play):
        seen.append((play, play.series, play.count, play.scores))

    class Watcher:
        @hookimpl
        @native(watch)
        def pegline_score_play(self, play):
            return None

    game = make_game("two-player", plugins={"watcher": Watcher})
    assert _lanes(game.ruleset)["pegline_score_play"]
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    play(game, "3C 5D 4H")
    assert [(series, count) for _step, series, count, _scores in seen] == [
        (codes_of(parse_cards("3C")), 3), (codes_of(parse_cards("3C 5D")), 8),
        (codes_of(parse_cards("3C 5D 4H")), 12)]
    assert [scores for *_, scores in seen] == [(0, 0), (0, 0), (0, 0)]
    assert len({id(step) for step, *_ in seen}) == 1  # one object, lent for each call
    last = seen[-1][0]
    assert (last.series, last.count) == (seen[-1][1], 12)


# -- every claim is checked on the native lane too ----------------------------------------------

ACE_OF_CLUBS = 0
"""The code of A♣, a card none of the steps below holds."""


def _liar(claim):
    """A plugin declaring ``lucky`` (1 point) whose counterpart makes ``claim`` on every play,
    while its implementation claims honestly: only the native lane hears the lie."""
    def lying(plugin, play):
        return [claim(play)]

    class Liar:
        @hookimpl
        def pegline_rules(self):
            return [Rule("lucky", "any card played", "house", 1),
                    Rule("unlucky", "a card played, in debt", "house", None, negative=True)]

        @hookimpl
        @native(lying)
        def pegline_score_play(self, play):
            return [Score("lucky", 1, (play.card,))]

    return Liar


@pytest.mark.parametrize(("claim", "refusal"), [
    (lambda play: ("lucky", 5, (ACE_OF_CLUBS,)), "'lucky' declared 1 point, claimed 5"),
    (lambda play: ("lucky", 1, (ACE_OF_CLUBS,)), "names AC, which is not among the cards"),
    (lambda play: ("lucky", True, (play.card,)), "must be an integer, not True"),
    (lambda play: ("lucky", 1, (play.card, 52)), "a native claim is"),
    (lambda play: ("lucky", 1), "a native claim is"),
    (lambda play: ("unlucky", -2, (play.card,)), None),  # declared negative: accepted
], ids=["points", "card-not-in-step", "bool-points", "no-card", "two-items", "negative-declared"])
def test_a_native_claim_is_checked_as_the_contract_checks_it(claim, refusal):
    game = make_game("two-player", plugins={"liar": _liar(claim)})
    assert _lanes(game.ruleset)["pegline_score_play"]  # the counterpart is on the native lane
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    before = len(game.log)
    if refusal is None:
        assert [(e.rule, e.points) for e in play(game, "3C") if hasattr(e, "rule")] \
            == [("unlucky", -2)]
        return
    with pytest.raises(PluginError, match=refusal) as refused:
        play(game, "3C")
    assert refused.value.plugin == "liar" and refused.value.hook == "pegline_score_play"
    assert len(game.log) == before


@pytest.mark.parametrize("claim", [lambda play: ["lucky", 1, (play.card,)],
                                   lambda play: ("lucky", 1, [play.card])],
                         ids=["a-list", "codes-in-a-list"])
def test_a_native_claim_of_another_shape_is_taken_as_the_contract_takes_it(claim):
    """Not the quick check's tuples: the contract's full check reads the claim, and accepts it
    as it would a hook's."""
    game = make_game("two-player", plugins={"liar": _liar(claim)})
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    awarded = [(e.rule, e.points, e.cards) for e in play(game, "3C") if hasattr(e, "rule")]
    assert awarded == [("lucky", 1, (Card.parse("3C"),))]


def test_a_native_claim_of_negative_points_needs_a_rule_declared_negative():
    game = make_game("two-player", plugins={"liar": _liar(
        lambda play: ("lucky", -1, (play.card,)))})
    stack(game, DEAL_HANDS, discards=DEAL_DISCARDS, starter="AS")
    with pytest.raises(PluginError, match="'lucky' declared 1 point, claimed -1"):
        play(game, "3C")


def _claims_nothing(function):
    """A well-behaved decorator (it copies the function's attributes, markers included) whose
    wrapper claims nothing."""
    @functools.wraps(function)
    def wrapper(self, play):
        return []
    return wrapper


class QuietPegging(StandardRules):
    """The standard rules, with the pegging's hook wrapped to claim nothing."""

    pegline_score_play = _claims_nothing(StandardRules.pegline_score_play)


class OverriddenPegging(StandardRules):
    """The standard rules, with the pegging's hook overridden (and marked) to claim nothing."""

    @hookimpl
    def pegline_score_play(self, play):
        return []


@pytest.mark.parametrize("plugin", [QuietPegging, OverriddenPegging], ids=["wraps", "override"])
def test_a_wrapped_or_overridden_implementation_runs_its_own_code(plugin):
    variant = attrs.evolve(load_variant("two-player"), plugins=("quiet",),
                           config={"quiet": {}})
    ruleset = Ruleset(variant, {"quiet": plugin})
    assert not _lanes(ruleset)["pegline_score_play"]  # its own code: the contract lane
    assert _lanes(ruleset)["pegline_score_show"]  # the rest keep their counterparts
    rules = set()
    for seed in range(3):
        game = log_digests.Game(ruleset=ruleset)
        log_digests.play_game(variant, [RandomBot(seed), RandomBot(seed + 9)], seed=seed,
                              game=game)
        rules |= {getattr(event, "rule", "") for event in game.log}
    assert not {rule for rule in rules if rule.startswith("peg-")}
    assert "show-fifteen" in rules


def test_a_counterpart_moved_to_another_function_is_not_taken_for_it():
    def honest(plugin, play):
        return None

    @native(honest)
    def first(self, play):
        return []

    def second(self, play):
        return []

    second.__dict__.update(first.__dict__)  # what functools.wraps does
    assert native_counterpart(first) is honest
    assert native_counterpart(second) is None


def test_a_counterparts_claim_names_its_rule_by_the_rulesets_own_string() -> None:
    """Rule ids are interned, as a compiled counterpart's strings are: the machine finds the
    rule of each award by identity (a string equal but not the same is compared char by
    char, at every award)."""
    ruleset = Ruleset(load_variant("two-player"))
    scoring = Scoring(ruleset, hypothetical=True)
    claims = scoring.play(0, codes_of(parse_cards("5H 5C")), 10, (0, 0), 1)
    assert all(sys.intern(rule) is rule for rule in ruleset.rules)
    assert Rule("my-rule", "mine").id is sys.intern("my-" + "rule")
    if build_name() == "compiled (mypyc)":  # interpreted, "peg-pair" is not interned
        keys = {rule: rule for rule in ruleset.rules}
        assert claims and all(keys[rule] is rule for rule, _points, _codes in claims)
