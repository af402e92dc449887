"""The hot path's shortcuts give exactly what the plain code they stand for gives (in whichever
build runs the suite)."""

from __future__ import annotations

import random

from pegline_core import Game, RandomBot


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
        seat = None if isinstance(to_act, str) else to_act[0]
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
                            (300, 7), (8, 0)]:
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
