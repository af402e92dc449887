"""What cribbage's rules say when they refuse an action, as message templates (translated in
the ``pegline_cribbage`` catalog; the refusals every game shares are `pegline_core.refusals`)."""

from __future__ import annotations

from pegline_core.messages import Template

__all__ = ["OVER_LIMIT", "MUST_PLAY", "LAID_AWAY", "LAY_AWAY", "COUNTED", "NOT_YOUR_PLAY",
           "DECLARATION", "RESPONSE", "MUGGINS"]

DOMAIN = "pegline_cribbage"

OVER_LIMIT = Template("cribbage.over-limit", "{card} would make the count {count}, over {limit}",
                      DOMAIN)
MUST_PLAY = Template("cribbage.must-play", "seat {seat} cannot say go while holding a playable "
                     "card ({cards}; count {count})", DOMAIN)
LAID_AWAY = Template("cribbage.laid-away", "seat {seat} has already laid away to the crib", DOMAIN)
LAY_AWAY = Template("cribbage.lay-away", "lay away exactly {n} different card(s), got {cards}",
                    DOMAIN)
COUNTED = Template("cribbage.counted", "this variant counts hands automatically", DOMAIN)
NOT_YOUR_PLAY = Template("cribbage.not-your-play", "it is seat {turn}'s turn to play, not seat "
                         "{seat}'s", DOMAIN)
DECLARATION = Template("cribbage.declaration", "a declaration is a whole number from 0 to {cap}, "
                       "not {points}", DOMAIN)
RESPONSE = Template("cribbage.response", "a response is one of {responses}, not {response}",
                    DOMAIN)
MUGGINS = Template("cribbage.muggins", "muggins claims a whole number of points from 1 to {cap}, "
                   "not {points}", DOMAIN)
