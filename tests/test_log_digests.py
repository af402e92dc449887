"""Speed work changes no event: game logs hash to the digests stored before the hot path was
optimised (tests/data/log_digests.json, written by benchmarks/log_digests.py), in whichever build
runs the suite, compiled or pure."""

from __future__ import annotations

import pytest

from tests.pinned_logs import STORED, log_digests

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

CASES = log_digests.variants()


def test_every_shipped_variant_is_covered() -> None:
    assert {log_digests.key(n, o) for n, o in CASES} == set(STORED)
    assert len(CASES) >= 12


@pytest.mark.parametrize(("name", "overlays"), CASES, ids=[log_digests.key(*c) for c in CASES])
def test_first_seeds_give_the_stored_logs(name: str, overlays: tuple[str, ...]) -> None:
    stored = STORED[log_digests.key(name, overlays)]
    assert log_digests.digests(name, overlays, "random", 12) == stored["random"][:12]
    assert log_digests.digests(name, overlays, "sloppy", 2) == stored["sloppy"][:2]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "overlays"), CASES, ids=[log_digests.key(*c) for c in CASES])
def test_every_seed_gives_the_stored_logs(name: str, overlays: tuple[str, ...]) -> None:
    stored = STORED[log_digests.key(name, overlays)]
    for kind in log_digests.BOTS:
        assert log_digests.digests(name, overlays, kind, len(stored[kind])) == stored[kind]


def test_a_changed_event_changes_the_digest() -> None:
    ruleset = log_digests.Ruleset(log_digests.load_variant("two-player"))
    one = log_digests.digest(ruleset, log_digests.RandomBot, 3)
    assert one == log_digests.digest(ruleset, log_digests.RandomBot, 3)
    assert one != log_digests.digest(ruleset, log_digests.RandomBot, 4)
