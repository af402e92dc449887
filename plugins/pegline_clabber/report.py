"""Clabber's part of a `pegline simulate` report: how the makers fare, melds, points per hand.

The simulation sums `Clabber.tally`'s labels over every game (integers, merged in any order);
`statistics` turns those sums into the report's figures and `lines` prints them. Rates of the
makers are over the hands played out to a settlement (made or set); per-hand figures are over
every hand dealt, dead hands included.

>>> section = statistics({"hands/made": 3, "hands/set": 1, "hands/dead": 1, "melds/shown": 60,
...                       "melds/scored": 40, "points/makers": 500, "points/defenders": 200,
...                       "rule/card-points": 600}, games=1, hands=5)
>>> section["makers"]["made"], section["makers"]["success_rate"], section["makers"]["set_rate"]
(3, 0.75, 0.25)
>>> section["meld_per_hand"], section["points_per_hand"]["makers"]
({'shown': 12.0, 'scored': 8.0}, 100.0)
>>> print("\\n".join(lines(section)))
  hands dealt: 5 (made 3, set 1, dead 1, ended by a renege 0, void 0)
  makers' success rate 75.0% of the 4 hands played out (95% CI 30.1% to 95.4%); set rate 25.0%
  average meld per hand: 12.00 points shown, 8.00 scored (the bella apart)
  points per hand: makers 100.00, defenders 40.00
    card-points      120.00
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegline_core.app.i18n import Messages
from pegline_core.app.simulate import wilson

_ = Messages("pegline_clabber").gettext

__all__ = ["statistics", "lines"]


def statistics(totals: Mapping[str, int], *, games: int, hands: int) -> dict[str, Any]:
    """The report's Clabber figures from the tally's sums over ``games`` games of ``hands``
    hands dealt in all (plain data, for ``--json``)."""
    made, set_ = totals.get("hands/made", 0), totals.get("hands/set", 0)
    played = made + set_
    void = totals.get("hands/void", 0)
    low, high = wilson(made, played)
    per_hand = max(hands, 1)
    return {
        "hands": {"dealt": hands, "made": made, "set": set_, "dead": totals.get("hands/dead", 0),
                  "renege": totals.get("hands/renege-called", 0) - void, "void": void},
        "makers": {"made": made, "played": played,
                   "success_rate": made / played if played else 0.0, "ci95": [low, high],
                   "set_rate": set_ / played if played else 0.0},
        "meld_per_hand": {"shown": totals.get("melds/shown", 0) / per_hand,
                          "scored": totals.get("melds/scored", 0) / per_hand},
        "points_per_hand": {
            "makers": totals.get("points/makers", 0) / per_hand,
            "defenders": totals.get("points/defenders", 0) / per_hand,
            **{label.removeprefix("rule/"): value / per_hand
               for label, value in sorted(totals.items()) if label.startswith("rule/")}},
    }


def lines(section: Mapping[str, Any]) -> list[str]:
    """The figures of `statistics` as the report's lines."""
    hands, makers = section["hands"], section["makers"]
    meld, points = section["meld_per_hand"], section["points_per_hand"]
    low, high = makers["ci95"]
    out = ["  " + _("hands dealt: {dealt} (made {made}, set {set}, dead {dead}, ended by a "
                    "renege {renege}, void {void})").format(
               **{key: f"{hands[key]:,}" for key in ("dealt", "made", "set", "dead", "renege",
                                                     "void")}),
           "  " + _("makers' success rate {rate} of the {played} hands played out (95% CI {low} "
                    "to {high}); set rate {set_rate}").format(
               rate=f"{makers['success_rate']:.1%}", played=f"{makers['played']:,}",
               low=f"{low:.1%}", high=f"{high:.1%}", set_rate=f"{makers['set_rate']:.1%}"),
           "  " + _("average meld per hand: {shown} points shown, {scored} scored (the bella "
                    "apart)").format(shown=f"{meld['shown']:.2f}", scored=f"{meld['scored']:.2f}"),
           "  " + _("points per hand: makers {makers}, defenders {defenders}").format(
               makers=f"{points['makers']:.2f}", defenders=f"{points['defenders']:.2f}")]
    out += [f"    {rule:<16} {value:6.2f}" for rule, value in points.items()
            if rule not in ("makers", "defenders")]
    return out
