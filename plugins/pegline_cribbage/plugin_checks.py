"""What a sample game does not ask of a variant's plugins (`pegline variants check`): each
plugin's fast show counter, which only the bots and the coach call, against the plugin's own
show hooks, on seeded sample hands and cribs."""

from __future__ import annotations

import random

from pegline_core.cards import DECK
from pegline_core.errors import PluginError
from pegline_core.messages import Template
from pegline_core.ruleset import Ruleset
from pegline_cribbage.scorer import Scorer, guarded_counter

SAMPLES = 30
"""Sample hands (and as many cribs) each counter is asked about: a counter that counts a
combination wrong meets it in a few (a fifteen, a pair or a run is in most hands)."""


def check_show_counters(ruleset: Ruleset, samples: int = SAMPLES) -> None:
    """`PluginError` for the first plugin whose show counter fails, or counts other points
    than its own ``pegline_score_show`` scores, on seeded sample hands and cribs."""
    scorer = Scorer(ruleset)
    if scorer.show_counter() is None:  # the show is counted by the hooks alone
        return
    offered = dict(ruleset.hook("pegline_show_counter").checked(
        expect=callable, what="a function (cards, starter, crib) -> points"))
    counters = {plugin: guarded_counter(plugin, counter) for plugin, counter in offered.items()
                if plugin is not None}
    rng = random.Random(0)
    sizes = ((scorer.settings.hand_size(), False),
             (scorer.settings.crib_size(scorer.players), True))
    for _ in range(samples):
        for size, crib in sizes:
            *cards, starter = rng.sample(DECK, size + 1)
            awards = scorer.show(cards, starter, crib=crib).awards
            for plugin, counter in counters.items():
                counted = counter(cards, starter, crib)
                scored = sum(award.score.points for award in awards if award.plugin == plugin)
                if counted != scored:
                    said = CRIB_LIE if crib else HAND_LIE
                    raise PluginError(said(
                        plugin=repr(plugin), counted=counted, cards=" ".join(map(str, cards)),
                        starter=starter, scored=scored), plugin=plugin,
                        hook="pegline_show_counter")


HAND_LIE = Template("cribbage.counter-hand", "plugin {plugin}: its pegline_show_counter counts "
                    "{counted} for the hand {cards} and starter {starter}, but its "
                    "pegline_score_show scores {scored}", "pegline_cribbage")
CRIB_LIE = Template("cribbage.counter-crib", "plugin {plugin}: its pegline_show_counter counts "
                    "{counted} for the crib {cards} and starter {starter}, but its "
                    "pegline_score_show scores {scored}", "pegline_cribbage")
