"""``pegline variants``: list, show, check and explain variant files."""

from __future__ import annotations

import sys

import click
import tomli_w

from pegline_core.app.clikit import Group, overlay_option
from pegline_core.app.i18n import Messages, variant_description
from pegline_core.app.problems import say
from pegline_core.app.variant_trial import trial_problem
from pegline_core.app.variant_words import variant_words
from pegline_core.errors import VariantError
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant, available_variants, load_variant

_ = Messages("pegline_core.app").gettext


@click.group(cls=Group)
def variants() -> None:
    """List, show, check and explain variant files."""


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


@variants.command("explain")
@click.argument("name")
@overlay_option
def variants_explain(name: str, overlays: tuple[str, ...]) -> None:
    """Print every rule of the resolved variant NAME (a name or a file) in words: what each
    rule scores, when, and its points; the rules switched off; the settings that change
    scoring. A variant that does not load gets the messages `variants check` prints (exit 2)."""
    try:
        variant = load_variant(name, overlays=overlays)
    except VariantError as exc:
        for problem in exc.problems:
            click.echo(say(problem), err=True)
        sys.exit(2)
    for notice in variant.notices:
        click.echo("# " + _("notice: {notice}").format(notice=notice))
    for line in variant_words(variant):
        click.echo(line)


def _checked(file: str) -> tuple[Variant | None, list[str]]:
    """The variant (None if it does not load) and every reason `variants check` refuses it,
    in the current language: none if it is fine. `variants list` shows the same verdict."""
    try:
        variant = load_variant(file)
    except VariantError as exc:
        return None, [say(problem) for problem in exc.problems]
    found = trial_problem(variant)
    return variant, [f"{file}: {found}"] if found else []
