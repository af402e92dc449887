"""What Clabber's rules say when they refuse an action or record a renege, as message templates
(translated in the ``pegline_clabber`` catalog).

A renege's reason is kept in the game's log as it was said; a record written before these
templates existed holds it as English text, which `pegline_clabber.reasons` still translates.
"""

from __future__ import annotations

from pegline_core.messages import Template

__all__ = ["FOLLOW_SUIT", "OVERTRUMP_ONE", "OVERTRUMP", "FOLLOW_TRUMP", "TRUMP_BEAT", "TRUMP",
           "MAY_NOT_PLAY", "DISPROVED", "PASSED_SUIT", "NO_SUIT", "TURN_SUIT", "NOT_A_SUIT",
           "ANNOUNCE_FIRST", "ANNOUNCED", "NO_MELD", "SHOW_SECOND", "NOTHING_TO_SHOW", "SHOWN",
           "NO_RENEGES", "CALL_ON", "CUT_PACKETS", "FIRST_JACK", "NOT_CLABBER"]

DOMAIN = "pegline_clabber"

# why a card may not be played (pegline_clabber.cards.why_illegal)
FOLLOW_SUIT = Template("clabber.follow-suit", "you must follow suit: {suit} was led and you hold "
                       "{cards}", DOMAIN)
OVERTRUMP_ONE = Template("clabber.overtrump-one", "you must overtrump: {cards} beats the {card} "
                         "in the trick", DOMAIN)
OVERTRUMP = Template("clabber.overtrump", "you must overtrump: {cards} beat the {card} in the "
                     "trick", DOMAIN)
FOLLOW_TRUMP = Template("clabber.follow-trump", "you must follow suit: trump ({suit}) was led and "
                        "you hold {cards}", DOMAIN)
TRUMP_BEAT = Template("clabber.trump-beat", "you must trump: you cannot follow {suit} and hold "
                      "{cards}, though you cannot beat the {card}", DOMAIN)
TRUMP = Template("clabber.trump", "you must trump: you cannot follow {suit} and hold {cards}",
                 DOMAIN)
# a renege's reason, as the machine records it
MAY_NOT_PLAY = Template("clabber.may-not-play", "{card} may not be played: {why}", DOMAIN)
DISPROVED = Template("clabber.disproved", "seat {seat} called a renege that the log disproves",
                     DOMAIN)
PASSED_SUIT = Template("clabber.passed-suit", "{suit} was passed in the first round and cannot "
                       "be named in the second", DOMAIN)
NO_SUIT = Template("clabber.no-suit", "seat {seat} holds no {suit} and so cannot name it", DOMAIN)
# the machine's refusals
TURN_SUIT = Template("clabber.turn-suit", "in the first round only the turn card's suit ({suit}) "
                     "may be named", DOMAIN)
NOT_A_SUIT = Template("clabber.not-a-suit", "a suit is one of {suits}, not {suit}", DOMAIN)
ANNOUNCE_FIRST = Template("clabber.announce-first", "melds are announced before one's play to "
                          "the first trick", DOMAIN)
ANNOUNCED = Template("clabber.announced", "seat {seat} has already announced", DOMAIN)
NO_MELD = Template("clabber.no-meld", "seat {seat} holds no meld to announce", DOMAIN)
SHOW_SECOND = Template("clabber.show-second", "melds are shown before one's play to the second "
                       "trick", DOMAIN)
NOTHING_TO_SHOW = Template("clabber.nothing-to-show", "seat {seat} announced no meld to show",
                           DOMAIN)
SHOWN = Template("clabber.shown", "seat {seat} has already shown its melds", DOMAIN)
NO_RENEGES = Template("clabber.no-reneges", "this variant refuses illegal actions: there are no "
                      "reneges to call", DOMAIN)
CALL_ON = Template("clabber.call-on", "seat {seat} may call a renege only on a play or call of "
                   "this hand by the other team, not on event {n}", DOMAIN)
CUT_PACKETS = Template("clabber.cut", "the cut leaves at least {least} cards in each packet: it "
                       "lifts {least} to {most}, not {cut}", DOMAIN)
FIRST_JACK = Template("clabber.first-jack", "dealing for the first jack turns cards up to the "
                      "first jack and no further", DOMAIN)
NOT_CLABBER = Template("clabber.not-an-action", "not an action of Clabber: {action}", DOMAIN)
