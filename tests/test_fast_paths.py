"""The hot path's shortcuts give exactly what the plain code they stand for gives (in whichever
build runs the suite)."""

from __future__ import annotations

import random

import pytest

from pegline_core import Game, RandomBot
from pegline_core.turns import Chance

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


def test_random_bot_draws_as_randrange_does():
    """`RandomBot.choose` draws with getrandbits itself: the same picks as ``randrange``."""
    bot, twin = RandomBot(7), random.Random(7)
    for count in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 100] * 40:
        legal = list(range(count))
        assert bot.choose(None, legal) == twin.randrange(count)


def test_random_bot_with_another_generator_uses_its_randrange():
    class Fixed(random.Random):
        def randrange(self, *_args: object, **_kw: object) -> int:  # type: ignore[override]
            return 2

    bot = RandomBot(1)
    bot.rng = Fixed(1)
    assert bot.choose(None, ["a", "b", "c", "d"]) == "c"


def test_clabber_snapshot_lists_the_state_fields_in_order():
    from pegline_clabber.machine import _STATE

    game = Game("clabber")
    rng = random.Random(3)
    bots = [RandomBot(seat) for seat in range(4)]
    for _ in range(60):  # into the tricks of the first hand
        machine = game.machine
        to_act = machine.to_act()
        seat = None if isinstance(to_act, Chance) else to_act[0]
        game.apply(machine.chance_action(rng) if seat is None
                   else bots[seat].choose(None, machine.legal_actions(seat)))
    machine = game.machine
    snapshot = machine.snapshot()
    assert snapshot == tuple(getattr(machine, name) for name in _STATE)
    twin = game.copy()
    assert twin.machine.snapshot() == snapshot and twin.log == game.log


def test_draws_are_the_standard_librarys():
    from pegline_core import draws

    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size, count in [(52, 12), (52, 16), (52, 20), (52, 4), (24, 24), (24, 4), (52, 52),
                            (300, 7), (8, 0), (85, 12), (86, 12), (400, 63), (400, 64),
                            (1200, 70)]:  # each side of the pool method's limit, and beyond 63
            population = list(range(size))
            assert draws.sample(ours, population, count) == theirs.sample(population, count)
        assert draws.choice(ours, "abcdefg") == theirs.choice("abcdefg")
        assert draws.between(ours, 4, 20) == theirs.randint(4, 20)
        assert draws.below(ours, 1) == theirs.randrange(1) == 0
        assert ours.random() == theirs.random()  # and both generators are in the same state


def test_draws_refuse_what_the_standard_library_refuses():
    import pytest

    from pegline_core import draws

    with pytest.raises(ValueError):
        draws.sample(random.Random(1), [1, 2], 3)
    with pytest.raises(ValueError):
        draws.below(random.Random(1), 0)
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])


def test_cribbage_snapshots_built_positionally_equal_those_built_by_keyword():
    from pegline_core import load_variant, parse_cards
    from pegline_cribbage.snapshots import (
        PlayMade,
        SeriesEnded,
        ShowCounted,
        Snapshots,
        StarterTurned,
    )

    variant = load_variant("partner")
    build = Snapshots(variant)
    five, jack, *more = parse_cards("5H JS 4C 6D")
    assert build.starter(jack, 3, (4, 9)) == StarterTurned(
        starter=jack, dealer=3, players=4, scores=(4, 9), side=1, variant=variant)
    assert build.play(2, five, (jack, five), 15, (4, 9), 3) == PlayMade(
        seat=2, card=five, series=(jack, five), count=15, players=4, scores=(4, 9), side=0,
        dealer=3, variant=variant)
    assert build.series_end(1, 15, (jack, five), True, (4, 9), 3) == SeriesEnded(
        seat=1, count=15, series=(jack, five), last_of_hand=True, players=4, scores=(4, 9),
        side=1, dealer=3, variant=variant)
    assert build.show(3, tuple(more), jack, True, (4, 9), 3) == ShowCounted(
        seat=3, cards=tuple(more), starter=jack, crib=True, players=4, scores=(4, 9), side=1,
        dealer=3, variant=variant)
    assert type(build.play(2, five, (five,), 5, (0, 0), 3)) is PlayMade


def test_cribbage_snapshot_lists_the_state_fields_in_order():
    from pegline_cribbage.machine import _STATE

    game = Game("two-player")
    rng = random.Random(5)
    bots = [RandomBot(seat) for seat in range(2)]
    for _ in range(20):  # the deal, the discards, the starter: into the pegging
        if game.machine.phase == "pegging":
            break
        machine = game.machine
        to_act = machine.to_act()
        if isinstance(to_act, Chance):
            game.apply(machine.chance_action(rng))
        else:
            for seat in to_act:
                game.apply(bots[seat].choose(None, machine.legal_actions(seat)))
    assert game.machine.phase == "pegging"
    game.apply(bots[game.machine.to_act()[0]].choose(None, game.machine.legal_actions(None)))
    machine = game.machine
    assert machine.snapshot() == tuple(getattr(machine, name) for name in _STATE)
    twin = game.copy()
    assert twin.machine.snapshot() == machine.snapshot() and twin.log == game.log


def test_a_claim_naming_a_card_outside_the_step_is_refused_in_a_tuple_and_a_set():
    import pytest

    from pegline_core import Ruleset, load_variant, parse_cards
    from pegline_core.errors import PluginError
    from pegline_core.rules import Score

    ruleset = Ruleset(load_variant("two-player"))
    five, ten, king = parse_cards("5H TD KS")
    claim = Score("peg-fifteen", 2, (five, ten))
    for allowed in ((five, ten), frozenset((five, ten)), [ten, five]):
        assert ruleset.check_claim("standard", "pegline_score_play", claim, allowed) is not None
    for allowed in ((five, king), frozenset((five, king)), (), [king]):
        with pytest.raises(PluginError, match="not among the cards of this step"):
            ruleset.check_claim("standard", "pegline_score_play", claim, allowed)


def test_a_card_not_held_is_refused_whatever_it_is():
    """The machines find a played card by identity: anything else held is still refused
    cleanly (compiled code trusts declared types, so they take it untyped)."""
    import pytest

    from pegline_core import parse_cards
    from pegline_core.errors import IllegalActionError

    for variant, play_class in (("two-player", "pegline_cribbage.actions"),
                                ("clabber", "pegline_clabber.actions")):
        game = Game(variant)
        rng = random.Random(2)
        bots = [RandomBot(seat) for seat in range(game.players)]
        while game.phase not in ("pegging", "tricks"):
            to_act = game.to_act
            if isinstance(to_act, Chance):
                game.apply(game.chance_action(rng))
            else:
                for seat in to_act:
                    if game.phase not in ("pegging", "tricks"):
                        game.apply(bots[seat].choose(None, game.legal_actions(seat)))
        seat = game.to_act[0]
        held = game.view(seat).held
        outside = next(card for card in parse_cards("AS AH AD AC 9S 9H 9D 9C")
                       if card not in held)
        Play = __import__(play_class, fromlist=["Play"]).Play
        before = game.log
        for card, refusal in ((outside, "does not hold"), ("AS", "every card must be a Card"),
                              (None, "every card must be a Card"),
                              (3, "every card must be a Card")):  # (as the action enters)
            with pytest.raises(IllegalActionError, match=refusal):
                game.apply(Play(seat, card))
            assert game.log == before
