"""Records of older schema versions: the rules digest a version-1 Pegline wrote, and the events
that records before schema 3 held.

Version 1 knew only cribbage. Its variants kept today's ``[scoring]`` table as ``[game]``, with
``counting = "muggins"`` where today the muggins plugin is named (and muggins dropped under
lowball), and had no pegging limit. Its record digest hashed that layout, less its defaults. To
check a migrated version-1 record against the installed rules, the installed variant is written
back in that layout and hashed exactly as version 1 did: the algorithm below is frozen, whatever
today's digest becomes.

Before schema 3 the late-game caps (plugin ``caps``) were stated only as scores; a variant that
states them relative to the target (``go_within``, ``heels_within``, as ``late-caps`` does now)
is written back as the scores they mean at its target before an older digest is computed
(`caps_as_scores`), so a record of ``late-caps`` to 121 made then still verifies.
"""

from __future__ import annotations

import attrs

from pegline_core.record import digest_of, rules_digest, without_defaults
from pegline_core.ruleset import Ruleset
from pegline_core.strict import converter

__all__ = ["rules_digest_v1", "rules_digest_v2", "caps_as_scores", "events_before_v3", "NEW_IN_V3"]

_V1_DEFAULTS: dict[str, object] = {
    "plugins": ["standard"], "disable": [], "table": {"players": 2, "teams": []},
    "deal": {"cards": 6, "discard": 2, "crib_from_deck": 0},
    "pegging": {"single_series": False, "strict_go": False},
    "game": {"target": 121, "lowball": False, "counting": "automatic", "win_game_points": 2},
    "skunk": [{"name": "skunk", "below": 91, "game_points": 3},
              {"name": "double skunk", "below": 61, "game_points": 4}],
}
"""The defaults of a version-1 variant, in the version-1 layout."""
_V1_LIMIT = 31
"""The pegging limit of every version-1 game (it was not a variant key)."""


def _table(value: object) -> dict[str, object]:
    """A copy of a table of the variant's TOML form (an empty one where there is none)."""
    return dict(value) if isinstance(value, dict) else {}


def rules_digest_v1(ruleset: Ruleset) -> str:
    """The digest version 1 wrote for these rules (``sha256:`` and 64 hex digits).

    >>> from pegline_core import load_variant
    >>> rules_digest_v1(Ruleset(load_variant("two-player")))[:20]
    'sha256:65d03bbad65e3'
    """
    variant = caps_as_scores(ruleset).variant
    data = variant.to_toml_dict()
    for key in ("game", "description", "source", "extends"):
        data.pop(key, None)
    config = _table(data.pop("config", None))
    scoring = _table(data.pop("scoring", None))
    plugins = list(variant.plugins)
    muggins = "muggins" in plugins
    if muggins:
        plugins.remove("muggins")
    data["plugins"] = plugins
    counting = "muggins" if muggins and not scoring.get("lowball") else "automatic"
    data["game"] = {**scoring, "counting": counting}
    pegging = _table(data.get("pegging"))
    if pegging.get("limit") == _V1_LIMIT:  # any other limit is a rule version 1 did not have
        del pegging["limit"]
    data["pegging"] = pegging
    rules = without_defaults(data, _V1_DEFAULTS)
    defaults = {}
    for name in plugins:
        config_cls = getattr(type(ruleset.plugins.get(name)), "Config", None)
        if config_cls is not None:
            defaults[name] = converter.unstructure(config_cls())
    rules["config"] = without_defaults(config, defaults)
    return digest_of(rules)


def rules_digest_v2(ruleset: Ruleset) -> str | None:
    """The digest version 2 wrote for these rules where it differs from today's (the caps
    stated relative to the target), else None."""
    before = caps_as_scores(ruleset)
    return None if before is ruleset else rules_digest(before)


def caps_as_scores(ruleset: Ruleset) -> Ruleset:
    """The rules with the late-game caps stated as scores (``go_within = 6`` in a game to 121:
    ``go_from = 115``), as records before schema 3 knew them; ``ruleset`` itself if they are.

    >>> from pegline_core import load_variant
    >>> sorted(caps_as_scores(Ruleset(load_variant("late-caps"))).variant.config["caps"].items())
    [('go_from', 115), ('heels_from', 119)]
    """
    variant = ruleset.variant
    caps = dict(variant.config.get("caps", {}))
    target = variant.settings.scoring.target
    for kind in ("heels", "go"):
        within = caps.pop(f"{kind}_within", 0)
        if within:
            caps = {f"{kind}_from": target - within, **caps}
    if caps == variant.config.get("caps", {}):
        return ruleset
    config = {name: dict(table) for name, table in variant.config.items()} | {"caps": caps}
    return Ruleset(attrs.evolve(variant, config=config))


NEW_IN_V3 = frozenset({"cut-tie", "dealt", "pass"})
"""The event types records of schema 3 added: a tied cut, how a deal was dealt, and the go of
each seat that could not play on."""


def events_before_v3(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """Events (dicts) as a record before schema 3 wrote them: without the event types and the
    show's ``awarded`` that schema 3 added (the kernel has left out ``cause`` and ``pending``
    already, and numbers them again)."""
    out = []
    for data in events:
        if data["type"] in NEW_IN_V3:
            continue
        out.append({key: value for key, value in data.items() if key != "awarded"})
    return out
