"""Clabber's part of a variant file: who deals first, the play, the melds, the target.

Every key has a real default (the rules as Pegline plays them); `check_settings` returns
path-qualified problems for the variant loader.
"""

from __future__ import annotations

from attrs import frozen

from pegline_core.messages import Template
from pegline_core.plugins import Problems
from pegline_core.strict import FROM_1_TO, ONE_OF
from pegline_core.variant import Variant

__all__ = ["ClabberSettings", "DealRules", "PlayRules", "MeldRules", "ScoringRules",
           "TournamentRules", "FIRST_DEALER", "MAX_TARGET", "STANDINGS", "PLAYERS", "TEAMS",
           "check_settings"]

FIRST_DEALER = ("cut", "first-jack")
STANDINGS = ("games-won", "game-points")
PLAYERS = 4
TEAMS = ((0, 2), (1, 3))
MAX_TARGET = 5000
"""The highest target: a hand scores about 200 points between the teams, so a game to 5000
lasts some fifty hands."""


@frozen
class DealRules:
    """``[deal]``: how the first dealer is chosen."""

    first_dealer: str = "cut"
    """``cut``: each seat cuts a card, the lowest (ace low) deals, a tie cuts again;
    ``first-jack``: cards are dealt face up from seat 0 and the first jack deals."""


@frozen
class PlayRules:
    """``[play]``: the trick play."""

    undertrump: bool = True
    """A player who must trump but cannot beat the highest trump in the trick still plays a
    trump; off, that player may play any card."""
    show_turned_tricks: bool = False
    """Whether a view shows the cards of the tricks already turned (the league rules: no)."""
    renege_calls: bool = False
    """Reneges stand until called: a player may play any card and name any suit, and the seat
    to act may call a renege against the other team's play or call of the hand; the engine proves
    or disproves it from the log. Off (strict), illegal actions are refused with the reason."""


@frozen
class MeldRules:
    """``[melds]``: the best-meld contest."""

    four_of_a_kind_first: bool = True
    """At equal points, four of a kind beats any sequence."""


@frozen
class ScoringRules:
    """``[scoring]``: how a game is won."""

    target: int = 500


@frozen
class TournamentRules:
    """``[tournament]``: how a round robin between teams ranks them."""

    standings: str = "games-won"
    """``games-won``: by games won, game points breaking ties; ``game-points``: by the points
    scored in all games alone."""


@frozen
class ClabberSettings:
    """Every Clabber key of a variant file."""

    deal: DealRules = DealRules()
    play: PlayRules = PlayRules()
    melds: MeldRules = MeldRules()
    scoring: ScoringRules = ScoringRules()
    tournament: TournamentRules = TournamentRules()


_FOUR_PLAYERS = Template("clabber.players", "the game is for {n} players, got {players}",
                         "pegline_clabber")
_OPPOSITE = Template("clabber.teams", "partners sit opposite: teams must be {teams}",
                     "pegline_clabber")


def check_settings(variant: Variant) -> Problems:
    """Cross-field checks: four seats in two partnerships sitting opposite, a real target."""
    settings: ClabberSettings = variant.settings
    problems: Problems = []
    if variant.table.players != PLAYERS:
        problems.append((("table", "players"),
                         _FOUR_PLAYERS(n=PLAYERS, players=variant.table.players)))
    elif tuple(tuple(sorted(team)) for team in variant.table.teams) != TEAMS:
        teams = [list(team) for team in TEAMS]
        problems.append((("table", "teams"), _OPPOSITE(teams=teams)))
    if settings.deal.first_dealer not in FIRST_DEALER:
        problems.append((("deal", "first_dealer"),
                         ONE_OF(choices=", ".join(FIRST_DEALER),
                                value=repr(settings.deal.first_dealer))))
    if settings.tournament.standings not in STANDINGS:
        problems.append((("tournament", "standings"),
                         ONE_OF(choices=", ".join(STANDINGS),
                                value=repr(settings.tournament.standings))))
    if not 1 <= settings.scoring.target <= MAX_TARGET:
        problems.append((("scoring", "target"), FROM_1_TO(most=MAX_TARGET,
                                                          value=settings.scoring.target)))
    return problems
