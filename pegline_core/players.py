"""Players and the loop that plays a game: any game, any players.

A player sees only its own view and its legal actions, and returns one of them; it never gets
the `Game`. A player may also return `AskCoach` for its own seat after committing a move: if it
has a ``compared(comparison)`` method, the loop asks `Game.compare` and hands it the result
(and, if the game refuses because the seat has committed nothing yet or has no coach at all,
tells its ``compare_refused(reason)`` when it has one). A player whose ``choose`` raises, or
answers what the rules refuse, stops the game with a `PlayerError` naming it and its seat.

>>> game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=5)
>>> game.over, game.result.winner.place
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex

from mypy_extensions import mypyc_attr

from pegline_core.action_types import INTERNED
from pegline_core.arguments import A_VARIANT, expect, players_of, seed_of
from pegline_core.definition import Player
from pegline_core.draws import below
from pegline_core.errors import IllegalActionError, PeglineError, PlayerError, PluginError
from pegline_core.events import AskCoach, Event
from pegline_core.game import Game
from pegline_core.index_player import IndexPlayer, checked_index, reads_no_view
from pegline_core.variant import Variant

__all__ = ["Player", "IndexPlayer", "RandomBot", "play_game", "PlayerLeft"]


class PlayerLeft(Exception):
    """A person left the table (``quit``, the end of input, Ctrl-C) before the game ended.

    Raised from a player's ``choose``; nothing of the pending decision is applied, so the game
    stands as it was and can be saved and resumed. ``how`` says which way the player left.
    """

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may extend it
class RandomBot(IndexPlayer):
    """Picks uniformly among the legal actions, in any game: an `IndexPlayer`, so it reads no
    view (a player of your own can do the same)."""

    def __init__(self, seed: SupportsIndex | None = None) -> None:
        self.rng = random.Random(seed_of(seed))  # a whole number: see play_game

    def choose_index(self, count: int) -> int:
        return below(self.rng, count)  # rng.randrange(count), compiled


def play_game(
    variant: Variant | str,
    players: Sequence[Player],
    *,
    seed: SupportsIndex | None = None,
    on_event: Callable[[Event], None] | None = None,
    game: Game | None = None,
) -> Game:
    """Play a game to its end (or continue ``game``), drawing chance from ``seed`` (a whole
    number: an int, or a numpy integer)."""
    # checked here, once: compiled, an int in the signature would be mypyc's TypeError
    players_of(players)
    number = seed_of(seed)
    expect(on_event is None or callable(on_event), "on_event", "None or a function of an event",
           on_event)
    expect(game is None or isinstance(game, Game), "game", "None or a Game to carry on", game)
    expect(game is not None or variant is not None, "the variant", A_VARIANT, variant)
    game = game or Game(variant)
    if len(players) != game.players:
        raise PeglineError(f"{game.variant.name} needs {game.players} players, "
                           f"got {len(players)}")
    rng = random.Random(number)
    machine: Any = None  # the seats come from the machine itself: no need to check them
    bots = [reads_no_view(player) for player in players]
    while True:
        if game.machine is not machine:  # at first, and after a player or a listener read
            machine = game.machine  # game.ruleset: the game then plays on a machine of its own
            choices = machine.choices
            # a machine's own lane for chance and the players that read no view, while nobody
            # reads events as they come (one without a lane says so, and is not asked again)
            bots_lane = machine.play_bots if on_event is None else None
            notes = game.undo_notes  # one list for the game's life (or None)
            take = game.step
        if bots_lane is not None and not bots_lane(rng, bots, notes):
            bots_lane = None
        to_act = machine.to_act()
        made = True  # the action is one the machine made: its fields' types are right
        chosen = False  # by a player, whose refused action is a PlayerError naming it
        if isinstance(to_act, str):
            action = machine.chance_action(rng)
        elif to_act:
            seat = to_act[0]
            player = players[seat]
            bot = bots[seat]
            if bot is not None:  # it reads no view: none is built for it
                legal = choices(seat)
                action = legal[checked_index(bot, len(legal), seat)]
            else:
                view, legal = machine.view(seat), choices(seat)
                try:
                    action = player.choose(view, legal)
                except (PlayerLeft, PluginError):  # leaving; a plugin failing it called on
                    raise
                except Exception as exc:  # any other failure is the player's own
                    raise PlayerError.raised(seat, player, exc) from exc
                # one of ``legal`` is interned: its fields were checked when it was made, as
                # `Game.apply` knows; any other is checked there
                made = id(action) in INTERNED
                chosen = True
            if isinstance(action, AskCoach) and action.seat == seat:
                compared = getattr(players[seat], "compared", None)
                if callable(compared):
                    try:
                        comparison = game.compare(seat)
                    except IllegalActionError as exc:  # no coach, or nothing committed yet
                        refused = getattr(players[seat], "compare_refused", None)
                        if not callable(refused):
                            raise
                        refused(exc.message)  # its code kept: said in the reader's language
                        continue
                    compared(comparison)
                    _emit(game.log[-1:], on_event)  # the request compare logged
                    continue
        else:  # nobody is to act: the game is over
            break
        if not made:
            try:
                events = game.apply(action)
            except IllegalActionError as exc:
                raise PlayerError.refused(seat, players[seat], action, exc) from exc
            _emit(events, on_event)
        else:  # its fields are right: the game's step, on the game's machine (the player
            try:  # may have given it one of its own)
                start = take(action)
            except IllegalActionError as exc:
                if chosen:
                    raise PlayerError.refused(seat, players[seat], action, exc) from exc
                raise
            if on_event is not None:  # else nobody reads the events now: they stay rows
                _emit(game.events_from(start), on_event)
    if not game.over:
        raise PeglineError(f"nobody is to act in the {game.phase} phase, yet the game is not over")
    return game


def _emit(events: Sequence[Event], on_event: Callable[[Event], None] | None) -> None:
    if on_event is not None:
        for event in events:
            on_event(event)
