"""``pegline variants``: list, show and check variant files."""

from __future__ import annotations

import random
import sys
from typing import Any

import click
import tomli_w

from pegline_core.app.clikit import Group, debugging, one_line, overlay_option, plugin_fault
from pegline_core.app.i18n import Messages, variant_description
from pegline_core.app.problems import explain
from pegline_core.errors import PeglineError, VariantError
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant, available_variants, load_variant

_ = Messages("pegline_core.app").gettext


@click.group(cls=Group)
def variants() -> None:
    """List, show and check variant files."""


@variants.command("list")
def variants_list() -> None:
    """Every variant on the search path, with its description."""
    found = available_variants()
    width = max(map(len, found), default=0)
    for name, path in found.items():
        variant, refusals = _checked(str(path))
        description = variant_description(variant) if variant and not refusals \
            else _("(invalid: run `pegline variants check` on it)")
        click.echo(f"{name:<{width}}  {description}")


@variants.command("show")
@click.argument("name")
@overlay_option
def variants_show(name: str, overlays: tuple[str, ...]) -> None:
    """Print the resolved variant NAME as TOML."""
    variant = load_variant(name, overlays=overlays)
    for notice in variant.notices:
        click.echo("# " + _("notice: {notice}").format(notice=notice))
    click.echo("# " + _("{name}: resolved, with every inherited and default key").format(
        name=variant.name))
    data = variant.to_toml_dict() | {"config": Ruleset(variant).resolved_config()}
    click.echo(tomli_w.dumps(data), nl=False)


@variants.command("check")
@click.argument("files", nargs=-1, required=True)
def variants_check(files: tuple[str, ...]) -> None:
    """Check variant FILES (or names); print every problem as `file: key.path: message` (exit 1
    if any). A variant whose sample game between random players does not end within 300 hands is
    refused as too long to play."""
    failed = False
    for file in files:
        variant, refusals = _checked(file)
        for notice in variant.notices if variant else ():
            click.echo(_("{file}: notice: {notice}").format(file=file, notice=notice))
        for refusal in refusals:
            click.echo(refusal, err=True)
        if not refusals:
            click.echo(_("{file}: ok").format(file=file))
        failed = failed or bool(refusals)
    if failed:
        sys.exit(1)


def _checked(file: str) -> tuple[Variant | None, list[str]]:
    """The variant (None if it does not load) and every reason `variants check` refuses it,
    in the current language: none if it is fine. `variants list` shows the same verdict."""
    try:
        variant = load_variant(file)
    except VariantError as exc:
        return None, [explain(problem) for problem in exc.problems]
    try:
        too_long = _too_long(variant)
    except PeglineError as exc:  # a plugin that fails in play, found before a real game
        too_long = _("a sample game between random players stopped: {error}").format(
            error=one_line(plugin_fault(exc, debug=debugging(False))))
    return variant, [f"{file}: {too_long}"] if too_long else []


SAMPLE_HANDS = 300
"""The most hands a sample game may take: a game to 1000 between random players takes 60 to
170, the standard game about 10."""


def _too_long(variant: Any) -> str | None:
    """Why the variant's games would be absurdly long, from one seeded game between random
    players, or None. (Loading already refuses a variant in which nothing can score.)"""
    from pegline_core.players import RandomBot

    game = Game(variant)
    rng = random.Random(0)
    bots = [RandomBot(seat) for seat in range(game.players)]
    while not game.over and game.hand <= SAMPLE_HANDS:
        to_act = game.to_act
        if isinstance(to_act, str):
            game.apply(game.chance_action(rng))
        else:
            seat = to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    if game.over:
        return None
    return _("a sample game between random players did not end within {hands} hands (scores "
             "{scores}): its games would take too long to play; let more rules score or lower "
             "the target").format(hands=SAMPLE_HANDS, scores=", ".join(map(str, game.scores)))
