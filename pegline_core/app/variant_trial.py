"""A variant put to the test before anyone plays it (`pegline variants check`): one seeded
sample game between random players, which must end within `SAMPLE_HANDS` hands, and the game's
own checks of what such a game never asks of the plugins (``pegline_check_plugins`` hook of the game
definition: cribbage's show counters). A plugin's fault is named with the plugin's key path in
the variant and the file and line of the plugin's code: where it raised, or the hook (or
counter) that answered wrong."""

from __future__ import annotations

import inspect
import random
from typing import Any

from pegline_core.app import hookspecs
from pegline_core.app.clikit import one_line, plugin_fault
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages
from pegline_core.errors import PeglineError, PluginError
from pegline_core.game import Game
from pegline_core.players import RandomBot
from pegline_core.turns import Chance
from pegline_core.variant import Variant

_ = Messages("pegline_core.app").gettext

SAMPLE_HANDS = 300
"""The most hands a sample game may take: a game to 1000 between random players takes 60 to
170, the standard game about 10."""


def trial_problem(variant: Variant) -> str | None:
    """What the trial finds wrong with ``variant``, as ``key.path: message`` (or a message of
    the whole variant), or None."""
    game: Game | None = None
    try:
        game = Game(variant)
        too_long = _too_long(game)
    except PeglineError as exc:  # a plugin that fails in play, found before a real game
        return _at_plugin(variant, game, exc, _("a sample game between random players "
                                                "stopped: {error}"))
    if too_long:
        return too_long
    check_plugins = app_hooks(variant.game, game.definition).get(hookspecs.pegline_check_plugins)
    try:
        if check_plugins is not None:
            check_plugins(ruleset=game.ruleset)
    except PeglineError as exc:
        return _at_plugin(variant, game, exc, "{error}")
    return None


def _too_long(game: Game) -> str | None:
    """Why the variant's games would be absurdly long, from one seeded game between random
    players, or None. (Loading already refuses a variant in which nothing can score.)"""
    rng = random.Random(0)
    bots = [RandomBot(seat) for seat in range(game.players)]
    while not game.over and game.hand <= SAMPLE_HANDS:
        to_act = game.to_act
        if isinstance(to_act, Chance):
            game.apply(game.chance_action(rng))
        else:
            seat = to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    if game.over:
        return None
    return _("a sample game between random players did not end within {hands} hands (scores "
             "{scores}): its games would take too long to play; let more rules score or lower "
             "the target").format(hands=SAMPLE_HANDS, scores=", ".join(map(str, game.scores)))


def _at_plugin(variant: Variant, game: Game | None, exc: PeglineError, said: str) -> str:
    """``exc`` as one line in ``said``, after the key path of the plugin at fault, with the
    file and line of its hook (in ``game``'s rules) when its code raised nothing (it answered
    wrong)."""
    error = one_line(plugin_fault(exc))
    plugin = exc.plugin if isinstance(exc, PluginError) else None
    if isinstance(exc, PluginError) and exc.where is None and exc.hook is not None \
            and game is not None:
        where = _hook_location(game, exc.plugin, exc.hook)
        if where is not None:
            error = _("{message} (at {where})").format(message=error, where=where)
    text = said.format(error=error)
    if plugin in variant.plugins:
        return f"plugins[{variant.plugins.index(plugin)}]: {text}"
    return text


def _hook_location(game: Game, plugin: str | None, hook: str) -> str | None:
    """``file:line`` of ``plugin``'s implementation of ``hook`` (for a show counter, of the
    counter it offers), or None where that is not known (compiled code has no source)."""
    caller = getattr(game.ruleset.pm.hook, hook, None)
    for impl in caller.get_hookimpls() if caller is not None else ():
        if impl.plugin_name != plugin:
            continue
        function: Any = impl.function
        if hook == "pegline_show_counter":
            try:
                function = function()  # the counter it offers, where the fault is
            except Exception:  # noqa: BLE001 - the hook's own line is named instead
                function = impl.function
        return _definition(function)
    return None


def _definition(function: Any) -> str | None:
    """``file:line`` of the ``def`` (or ``lambda``) of ``function``, or None."""
    try:
        function = inspect.unwrap(function)
        lines, start = inspect.getsourcelines(function)
        path = inspect.getsourcefile(function)
    except (OSError, TypeError):
        return None
    offset = next((n for n, line in enumerate(lines)  # past its decorators
                   if line.lstrip().startswith(("def ", "async def "))), 0)
    return f"{path}:{start + offset}"
