"""Cribbage's part of a variant file: the deal, the pegging, how a game is won, the skunk lines.

Every key has a real default (the standard two-player game); the cross-field checks return
path-qualified problems for the variant loader.
"""

from __future__ import annotations

from attrs import Factory, field, frozen

from pegline_core.cards import DECK
from pegline_core.messages import Template
from pegline_core.plugins import Problems
from pegline_core.strict import AT_LEAST, FROM_1_TO, NEGATIVE
from pegline_core.variant import Variant

__all__ = ["CribbageSettings", "DealRules", "PeggingRules", "ScoringRules", "SkunkLine",
           "check_settings", "skunk_lines", "FOLLOWS", "MAX_TARGET", "MAX_SHOW_CARDS",
           "MIN_LIMIT"]

MAX_TARGET = 1000
"""The highest target: a game to 1000 already lasts about a hundred hands."""

MAX_SHOW_CARDS = 12
"""The most cards a hand or the crib may hold: the show counts every combination of the cards
and the starter, so each card more doubles the work (12 count in milliseconds, 24 in minutes)."""

MIN_LIMIT = 10
"""The lowest pegging limit: a ten or a face card counts 10, and with a lower limit a series could
start with no card that fits, which no rule of the play resolves."""

FOLLOWS = {"skunk": ("scoring.target", "scoring.win_game_points")}
"""Skunk lines set before a later file changes the target or the win's game points are
dropped: the new target brings its own lines (`skunk_lines`)."""


@frozen
class DealRules:
    """``[deal]``: cards to each player, how many each lays away, deck cards to the crib."""

    cards: int = 6
    discard: int = 2
    crib_from_deck: int = 0


@frozen
class PeggingRules:
    """``[pegging]``: how the play runs."""

    limit: int = 31
    """The count a play may not pass; reaching it exactly ends the series."""
    single_series: bool = False
    """Pegging stops at the first go or at the limit; cards left stay unplayed (the old game)."""
    strict_go: bool = False
    """With 3+ players: if the player right after a go cannot play either, the series ends."""


@frozen
class ScoringRules:
    """``[scoring]``: how a game is won."""

    target: int = 121
    lowball: bool = False
    """The first to reach the target loses."""
    win_game_points: int = 2


@frozen
class SkunkLine:
    """``[[skunk]]``: a loser below ``below`` is marked ``name``; the winner earns
    ``game_points``."""

    name: str
    below: int
    game_points: int


def skunk_lines(target: int, win_game_points: int = 2) -> tuple[SkunkLine, ...]:
    """The skunk lines that follow the target when a variant sets none of its own: at 121 a
    skunk below 91 and a double skunk below 61, at 61 a lurch below 31, each one game point more
    than the last; no lines at any other target.

    >>> [(line.name, line.below, line.game_points) for line in skunk_lines(61)]
    [('lurch', 31, 3)]
    """
    lines = {121: (("skunk", 91), ("double skunk", 61)), 61: (("lurch", 31),)}.get(target, ())
    return tuple(SkunkLine(name, below, win_game_points + step)
                 for step, (name, below) in enumerate(lines, 1))


def _derived_skunks(settings: CribbageSettings) -> tuple[SkunkLine, ...]:
    return skunk_lines(settings.scoring.target, settings.scoring.win_game_points)


@frozen
class CribbageSettings:
    """Every cribbage key of a variant file."""

    deal: DealRules = DealRules()
    pegging: PeggingRules = PeggingRules()
    scoring: ScoringRules = ScoringRules()
    skunk: tuple[SkunkLine, ...] = field(default=Factory(_derived_skunks, takes_self=True))
    """Unless a variant sets its own, the lines follow the target (`skunk_lines`)."""

    def hand_size(self) -> int:
        """Cards each player keeps for pegging and the show."""
        return self.deal.cards - self.deal.discard

    def crib_size(self, players: int) -> int:
        """Cards in the crib: every player's discards and the cards from the deck."""
        return players * self.deal.discard + self.deal.crib_from_deck


DOMAIN = "pegline_cribbage"
"""The gettext domain of cribbage's messages."""
_KEEP_A_CARD = Template("cribbage.keep-a-card", "each player must keep a card: {discard} must be "
                        "below {cards}", DOMAIN)
_EMPTY_CRIB = Template("cribbage.empty-crib", "the crib would be empty: {crib}", DOMAIN)
_DEAL_TOO_BIG = Template("cribbage.deal-too-big", "a deal of {n} cards with the starter ({deal}) "
                         "is more than the {deck} of the deck", DOMAIN)
_HAND_TOO_BIG = Template("cribbage.hand-too-big", "a hand of {n} cards ({hand}) is more than the "
                         "{most} the show can count", DOMAIN)
_CRIB_TOO_BIG = Template("cribbage.crib-too-big", "a crib of {n} cards ({crib}) is more than the "
                         "{most} the show can count", DOMAIN)
_BETWEEN = Template("cribbage.skunk-below", "must be between 1 and {target}, got {value}", DOMAIN)
_AT_LEAST_WIN = Template("cribbage.skunk-points", "must be at least scoring.win_game_points ({n}), "
                         "got {value}", DOMAIN)
_SAME_LINE = Template("cribbage.skunk-twice", "two skunk lines share a 'below' value", DOMAIN)


def check_settings(variant: Variant) -> Problems:
    """Cross-field checks that one key alone cannot express; each problem as (path, message).
    A problem of several keys names them all in its message (the loader reports it against the
    newest file that set one of them, at a key of that file)."""
    settings: CribbageSettings = variant.settings
    problems: Problems = []
    deal, scoring, players = settings.deal, settings.scoring, variant.table.players
    crib = (f"table.players × deal.discard + deal.crib_from_deck = {players} × {deal.discard} + "
            f"{deal.crib_from_deck}")
    if deal.cards < 1:
        problems.append((("deal", "cards"), AT_LEAST(n=1, value=deal.cards)))
    if deal.discard < 0 or deal.crib_from_deck < 0:
        key = "discard" if deal.discard < 0 else "crib_from_deck"
        problems.append((("deal", key), NEGATIVE(value=getattr(deal, key))))
    elif deal.discard >= deal.cards >= 1:
        problems.append((("deal", "discard"),
                         _KEEP_A_CARD(discard=f"deal.discard ({deal.discard})",
                                      cards=f"deal.cards ({deal.cards})")))
    if settings.crib_size(players) < 1 and deal.discard >= 0 and deal.crib_from_deck >= 0:
        problems.append((("deal", "discard"), _EMPTY_CRIB(crib=crib)))
    needed = players * deal.cards + deal.crib_from_deck + 1
    if needed > len(DECK):
        problems.append((("deal", "cards"),
                         _DEAL_TOO_BIG(n=needed, deal=(
                             f"table.players × deal.cards + deal.crib_from_deck + 1 = {players} × "
                             f"{deal.cards} + {deal.crib_from_deck} + 1"), deck=len(DECK))))
    if settings.pegging.limit < MIN_LIMIT:
        problems.append((("pegging", "limit"),
                         AT_LEAST(n=f"{MIN_LIMIT} (a ten or a face card counts 10)",
                                  value=settings.pegging.limit)))
    if settings.hand_size() > MAX_SHOW_CARDS:
        problems.append((("deal", "cards"),
                         _HAND_TOO_BIG(n=settings.hand_size(), hand=(
                             f"deal.cards - deal.discard = {deal.cards} - {deal.discard}"),
                                       most=MAX_SHOW_CARDS)))
    if settings.crib_size(players) > MAX_SHOW_CARDS:
        problems.append((("deal", "crib_from_deck"),
                         _CRIB_TOO_BIG(n=settings.crib_size(players), crib=crib,
                                       most=MAX_SHOW_CARDS)))
    if not 1 <= scoring.target <= MAX_TARGET:
        problems.append((("scoring", "target"), FROM_1_TO(most=MAX_TARGET, value=scoring.target)))
    if scoring.win_game_points < 1:
        problems.append((("scoring", "win_game_points"),
                         AT_LEAST(n=1, value=scoring.win_game_points)))
    for index, line in enumerate(settings.skunk):
        if not 0 < line.below < scoring.target:
            problems.append((("skunk", index, "below"),
                             _BETWEEN(target=f"scoring.target ({scoring.target})",
                                      value=line.below)))
        if line.game_points < scoring.win_game_points:
            problems.append((("skunk", index, "game_points"),
                             _AT_LEAST_WIN(n=scoring.win_game_points, value=line.game_points)))
    lines = [line.below for line in settings.skunk]
    if len(set(lines)) != len(lines):
        problems.append((("skunk",), _SAME_LINE()))
    return problems
