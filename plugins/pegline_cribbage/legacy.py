"""Records of older schema versions: the rules digest a version-1 Pegline wrote, and the events
that records before schema 3 held.

Version 1 knew only cribbage. Its variants kept today's ``[scoring]`` table as ``[game]``, with
``counting = "muggins"`` where today the muggins plugin is named (and muggins dropped under
lowball), and had no pegging limit. Its record digest hashed that layout, less its defaults. To
check a migrated version-1 record against the installed rules, the installed variant is written
back in that layout and hashed exactly as version 1 did: the algorithm below is frozen, whatever
today's digest becomes.
"""

from __future__ import annotations

from typing import Any

from pegline_core.record import digest_of, without_defaults
from pegline_core.ruleset import Ruleset
from pegline_core.strict import converter

__all__ = ["rules_digest_v1", "events_before_v3", "NEW_IN_V3"]

_V1_DEFAULTS: dict[str, Any] = {
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


def rules_digest_v1(ruleset: Ruleset) -> str:
    """The digest version 1 wrote for these rules (``sha256:`` and 64 hex digits).

    >>> from pegline_core import load_variant
    >>> rules_digest_v1(Ruleset(load_variant("two-player")))[:20]
    'sha256:65d03bbad65e3'
    """
    data = ruleset.variant.to_toml_dict()
    for key in ("game", "description", "source", "extends"):
        data.pop(key, None)
    config = dict(data.pop("config", {}))
    scoring = dict(data.pop("scoring", {}))
    plugins = list(data.get("plugins", ()))
    muggins = "muggins" in plugins
    if muggins:
        plugins.remove("muggins")
    data["plugins"] = plugins
    counting = "muggins" if muggins and not scoring.get("lowball") else "automatic"
    data["game"] = {**scoring, "counting": counting}
    pegging = dict(data.get("pegging", {}))
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


NEW_IN_V3 = frozenset({"cut-tie", "dealt", "pass"})
"""The event types records of schema 3 added: a tied cut, how a deal was dealt, and the go of
each seat that could not play on."""


def events_before_v3(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events (dicts) as a record before schema 3 wrote them: without the event types and the
    show's ``awarded`` that schema 3 added (the kernel has left out ``cause`` and ``pending``
    already, and numbers them again)."""
    out = []
    for data in events:
        if data["type"] in NEW_IN_V3:
            continue
        out.append({key: value for key, value in data.items() if key != "awarded"})
    return out
