"""What cribbage's rules say when they refuse an action, as message templates (translated in
the ``pegline_cribbage`` catalog; the refusals every game shares are `pegline_core.refusals`)."""

from __future__ import annotations

from pegline_core.messages import Template

__all__ = ["OVER_LIMIT", "MUST_PLAY", "LAID_AWAY", "LAY_AWAY", "COUNTED", "NOT_YOUR_PLAY",
           "DECLARATION", "RESPONSE", "MUGGINS", "NO_CODE", "CRIB_FROM_DECK", "LAY_AWAY_CARDS",
           "STARTER_CARD", "STARTER_DEALT", "NO_COUNT_WAITING", "NOT_YOUR_COUNT",
           "NO_RESPONSE_WAITING", "NOT_YOUR_RESPONSE", "NO_POINTS_CLAIMED"]

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
NO_CODE = Template("cribbage.no-code", "no card has the code {code}", DOMAIN)
CRIB_FROM_DECK = Template("cribbage.crib-from-deck", "the deal needs {n} card(s) for the crib",
                          DOMAIN)
LAY_AWAY_CARDS = Template("cribbage.lay-away-cards", "lay away cards, not {cards}", DOMAIN)
STARTER_CARD = Template("cribbage.starter-card", "the starter must be a card, not {card}", DOMAIN)
STARTER_DEALT = Template("cribbage.starter-dealt", "the starter {card} has already been dealt",
                         DOMAIN)
NO_COUNT_WAITING = Template("cribbage.no-count-waiting", "no count is waiting for a declaration",
                            DOMAIN)
NOT_YOUR_COUNT = Template("cribbage.not-your-count", "it is seat {seat}'s count, not seat "
                          "{other}'s", DOMAIN)
NO_RESPONSE_WAITING = Template("cribbage.no-response-waiting", "no declared count is waiting "
                               "for a response", DOMAIN)
NOT_YOUR_RESPONSE = Template("cribbage.not-your-response", "it is seat {seat}'s turn to "
                             "respond, not seat {other}'s", DOMAIN)
NO_POINTS_CLAIMED = Template("cribbage.no-points-claimed", "{response} claims no points", DOMAIN)
