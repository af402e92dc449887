"""The refusals the kernel and every game's rules share, as message templates.

A game's machine refuses an action with one of these (or its own), so that the same refusal has
one code and one translation whichever game says it.
"""

from __future__ import annotations

from pegline_core.messages import Template

__all__ = ["GAME_OVER", "NOT_AN_ACTION", "NOT_NOW", "NO_SEAT", "NOT_YOUR_TURN", "NOT_HELD",
           "NO_UNDO", "NOTHING_TO_COMPARE", "ONLY_FORCED", "NO_CHANCE", "NOBODY_TO_PLAY"]

GAME_OVER = Template("refused.game-over", "the game is over")
NOT_AN_ACTION = Template("refused.not-an-action", "not an action: {action}")
NOT_NOW = Template("refused.not-now", "{action} is not allowed in the {phase} phase")
NO_SEAT = Template("refused.no-seat", "no seat {seat} at a table of {players}")
NOT_YOUR_TURN = Template("refused.not-your-turn", "it is seat {turn}'s turn, not seat {seat}'s")
NOT_HELD = Template("refused.not-held", "seat {seat} does not hold {cards}")
NO_UNDO = Template("refused.no-undo", "there is no action to undo")
NOTHING_TO_COMPARE = Template("refused.nothing-to-compare",
                              "seat {seat} has no committed decision to compare yet")
ONLY_FORCED = Template("refused.only-forced", "seat {seat} has no committed decision the coach "
                       "can compare yet (only forced moves)")
NO_CHANCE = Template("refused.no-chance", "no chance action is due in the {phase} phase")
NOBODY_TO_PLAY = Template("refused.nobody-to-play", "nobody is to play in the {phase} phase")
