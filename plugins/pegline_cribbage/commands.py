"""Cribbage's own ``pegline`` commands, added through the command-line hook
(`pegline_core.app.hookspecs`): ``pegline score`` and ``pegline analyze
show|discard|win-table``."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from typing import BinaryIO

import click

from pegline_core.app.clikit import Command, Failure, Group, Usage, overlay_option, variant_option
from pegline_core.app.i18n import Messages, plugin_domain, rule_name
from pegline_core.app.problems import shown
from pegline_core.cards import Card, format_cards, parse_cards
from pegline_core.errors import PeglineError
from pegline_core.files import read_text
from pegline_core.messages import Template
from pegline_core.variant import load_variant
from pegline_cribbage.refusals import DOMAIN
from pegline_cribbage.scorer import Scorer, ShowScore

_ = Messages("pegline_cribbage").gettext


# -- score ------------------------------------------------------------------------------------


def _show_json(result: ShowScore) -> dict[str, object]:
    return {
        "total": result.total,
        "events": [
            {"rule": a.rule.id, "points": a.score.points, "cards": [str(c) for c in a.score.cards],
             "plugin": a.plugin}
            for a in result.awards
        ],
    }


_LINE = Template("cribbage.score-line", "expected 'CARDS | STARTER', e.g. '5H 5C 5D JS | 5S'",
                 DOMAIN)
_STARTERS = Template("cribbage.score-starters", "expected one starter after '|', got {n}", DOMAIN)
_NOT_UTF8 = Template("cribbage.score-not-utf8", "not UTF-8 text", DOMAIN)


def _parse_line(line: str) -> tuple[tuple[Card, ...], Card, bool]:
    """``5H 5C 5D JS | 5S`` with an optional ``crib`` word anywhere."""
    words = line.replace("|", " | ").split()
    crib = "crib" in (w.lower() for w in words)
    words = [w for w in words if w.lower() != "crib"]
    if words.count("|") != 1:
        raise PeglineError(_LINE())
    bar = words.index("|")
    starter = parse_cards(words[bar + 1:])
    if len(starter) != 1:
        raise PeglineError(_STARTERS(n=len(starter)))
    return parse_cards(words[:bar]), starter[0], crib


@click.command(cls=Command)
@click.argument("cards", nargs=-1)
@click.option("--starter", help="The starter card, e.g. 5S (required with CARDS).")
@click.option("--crib", is_flag=True, help="Count as the crib (a flush needs the starter too).")
@variant_option
@overlay_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a breakdown.")
def score(cards: tuple[str, ...], starter: str | None, crib: bool, variant_name: str,
          overlays: tuple[str, ...], as_json: bool) -> None:
    """Score a show hand with the starter, naming each rule, its cards and its points.

    With no CARDS, read one hand per line from standard input (`5H 5C 5D JS | 5S`, a `crib` word
    optional) and write one JSON object per line.
    """
    if not cards and starter is not None:
        raise Usage(_("--starter needs the CARDS of the hand too, e.g. pegline score 5H 5C "
                       "5D JS --starter 5S"))
    scorer = Scorer(load_variant(variant_name, overlays=overlays))
    if not cards:
        _score_stream(scorer)
        return
    if starter is None:
        raise Usage(_("give the starter with --starter, e.g. --starter 5S"))
    hand = parse_cards(cards)
    (turned,) = parse_cards([starter])
    result = scorer.show(hand, turned, crib=crib)
    if as_json:
        click.echo(json.dumps(_show_json(result)))
        return
    text = (_("crib {cards}  starter {starter}  ({variant})") if crib
            else _("hand {cards}  starter {starter}  ({variant})"))
    click.echo(text.format(cards=format_cards(hand, symbols=True), starter=turned.symbol,
                           variant=scorer.variant.name))
    names = [rule_name(award.rule.id, plugin_domain(award.plugin), award.rule.names)
             for award in result.awards]
    width = max([14, *map(_cells, names)])  # a house rule's name may be longer than most
    for name, award in zip(names, result.awards, strict=True):
        click.echo(f"  {_padded(name, width)} "
                   f"{format_cards(award.score.cards, symbols=True):<22} {award.score.points:>3}")
    total = _("total")
    click.echo(f"  {_padded(total, width + 23)} {result.total:>3}")


def _cells(text: str) -> int:
    """The terminal cells ``text`` takes (a Japanese or Chinese character takes two)."""
    from rich.cells import cell_len

    return cell_len(text)


def _padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` aligned in ``width`` terminal cells, on the left or the ``right``."""
    space = " " * max(0, width - _cells(text))
    return space + text if right else text + space


def _score_stream(scorer: Scorer) -> None:
    failed = False
    stdin: BinaryIO = sys.stdin.buffer
    for number, raw in enumerate(stdin, 1):
        line: str | None
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = None
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise PeglineError(_NOT_UTF8())
            hand, turned, crib = _parse_line(line)
            out = _show_json(scorer.show(hand, turned, crib=crib))
        except ValueError as exc:  # said as the web API says it: in the language, with its code
            failed = True
            code = exc.code if isinstance(exc, PeglineError) else None
            out = {"line": number, "error": shown(exc)} | ({"code": code} if code else {})
        click.echo(json.dumps(out))
    if failed:
        sys.exit(1)


# -- analyze ----------------------------------------------------------------------------------


@click.group(cls=Group)
def analyze() -> None:
    """Exact analysis of a variant's rules."""


@analyze.command("show")
@variant_option
@overlay_option
@click.option("--json", "as_json", is_flag=True, help="Print the distributions as JSON.")
def analyze_show(variant_name: str, overlays: tuple[str, ...], as_json: bool) -> None:
    """The exact distribution of show totals over every hand and starter, hand and crib rules."""
    import time

    from rich.progress import Progress, TaskID

    from pegline_cribbage.analysis import ShowDistribution, show_distribution

    variant = load_variant(variant_name, overlays=overlays)
    if not as_json and importlib.util.find_spec("numpy") is None:
        click.echo(_("(numpy is not installed: a variant's tables may be counted hand by hand, "
                     "a minute or more; pip install -e '.[scale]' for about a second)"),
                   err=True)
    results: dict[str, ShowDistribution] = {}
    start = time.perf_counter()
    with Progress(transient=True, disable=as_json) as bar:
        for crib in (False, True):
            task = bar.add_task("crib" if crib else "hand", total=None)

            def progress(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done, total=total)

            results["crib" if crib else "hand"] = show_distribution(variant, crib=crib,
                                                                    progress=progress)
    elapsed = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({name: {"cards": d.cards, "pairs": d.pairs, "mean": d.mean,
                                      "method": d.method, "counts": d.counts}
                               for name, d in results.items()}))
        return
    hands, cribs = results["hand"], results["crib"]
    click.echo(_("{variant}: show totals over every {hand}-card hand and {crib}-card crib with "
                 "a starter ({seconds} s, {method})").format(
        variant=variant.name, hand=hands.cards, crib=cribs.cards, seconds=f"{elapsed:.2f}",
        method={"plugin": _("plugin"), "enumerated": _("enumerated")}.get(hands.method,
                                                                          hands.method)))
    words = [_("total"), _("hand"), _("crib"), _("pairs"), _("mean")]
    click.echo(f"{_padded(words[0], 5, right=True)} {_padded(words[1], 12, right=True)} "
               f"{_padded(words[2], 12, right=True)}")
    for total in sorted(set(hands.counts) | set(cribs.counts)):
        click.echo(f"{total:>5} {hands.counts.get(total, 0):>12,} "
                   f"{cribs.counts.get(total, 0):>12,}")
    click.echo(f"{_padded(words[3], 5, right=True)} {hands.pairs:>12,} {cribs.pairs:>12,}")
    click.echo(f"{_padded(words[4], 5, right=True)} {hands.mean:>12.6f} {cribs.mean:>12.6f}")
    if hands.method == "enumerated" and importlib.util.find_spec("numpy") is None:
        click.echo(_("(counted hand by hand; with numpy, pip install -e '.[scale]', the "
                     "standard rules' tables take about a second)"), err=True)


@analyze.command("discard")
@click.argument("cards", nargs=-1, required=True)
@click.option("--dealer/--pone", default=True, show_default=True,
              help="Whose crib it is: yours (--dealer) or another side's (--pone).")
@variant_option
@overlay_option
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
def analyze_discard(cards: tuple[str, ...], dealer: bool, variant_name: str,
                    overlays: tuple[str, ...], as_json: bool) -> None:
    """Every discard of a dealt hand, e.g. 5H 5C JD QS 4H 9C, ranked by the kept hand's expected
    points over every starter (exact), the crib's expected points (estimated) and the net."""
    from pegline_cribbage.crib_odds import CRIB_DEALS
    from pegline_cribbage.discards import discard_table

    variant = load_variant(variant_name, overlays=overlays)  # a cribbage one: for_its_game
    hand = parse_cards(cards)
    table = discard_table(Scorer(variant), hand, dealer=dealer)
    starters = 52 - len(hand)
    if as_json:
        click.echo(json.dumps({
            "variant": variant.name, "hand": format_cards(hand),
            "role": "dealer" if dealer else "pone", "starters": starters,
            "crib_deals": CRIB_DEALS,
            "discards": [{"laid": format_cards(row.laid), "kept": format_cards(row.kept),
                          "hand": row.hand, "crib": row.crib, "net": row.net}
                         for row in table]}))
        return
    click.echo(_("{variant}: {hand}, {role}").format(
        variant=variant.name, hand=format_cards(hand),
        role=_("your crib (dealer)") if dealer else _("the other side's crib (pone)")))
    click.echo(_("hand: exact, over every starter ({n}); crib: estimated over {deals} random "
                 "deals of the other seats, each throwing what keeps its best hand, with a "
                 "random starter (within about 0.15 points); net: hand {sign} crib").format(
        n=starters, deals=CRIB_DEALS, sign=_crib_share(dealer, len(variant.sides))))
    words = [_("discard"), _("keep"), _("hand"), _("crib"), _("net")]
    width = 3 * variant.settings.deal.discard
    kept = 3 * len(table[0].kept) if table else 0
    click.echo(f"{_padded(words[0], width)} {_padded(words[1], kept)} "
               f"{_padded(words[2], 6, right=True)} {_padded(words[3], 6, right=True)} "
               f"{_padded(words[4], 6, right=True)}")
    for row in table:
        click.echo(f"{format_cards(row.laid):<{width}} {format_cards(row.kept):<{kept}} "
                   f"{row.hand:6.2f} {row.crib:6.2f} {row.net:6.2f}")


WIN_TABLE_SCORES = (0, 30, 60, 90, 100, 110, 115, 120)
"""The scores whose chances ``analyze win-table`` prints (those below the target)."""


@analyze.command("win-table")
@variant_option
@overlay_option
@click.option("--hands", type=click.IntRange(min=1), default=20_000, show_default=True,
              help="Hands to play (each dealt at love-all and played by two coaches).")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="Seed for the deals and the coaches: the same seed, the same table.")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="The coaches' simulated hands per decision (default: the coach's own).")
@click.option("--workers", type=click.IntRange(min=1),
              help="Local processes (default: every core).")
@click.option("--scheduler", help="A dask.distributed scheduler, e.g. tcp://HOST:8786.")
@click.option("--output", "output", type=click.Path(path_type=Path),
              help="Write the table here, as JSON (the form Pegline ships its tables in).")
def analyze_win_table(variant_name: str, overlays: tuple[str, ...], hands: int, seed: int,
                      budget: int | None, workers: int | None, scheduler: str | None,
                      output: Path | None) -> None:
    """The chance of winning from every score, for a two-player variant: hands played by the
    coach, then solved backward from the target (numpy)."""
    import functools
    import shlex

    from rich.console import Console
    from rich.progress import Progress

    from pegline_core.app.clikit import check_output
    from pegline_core.app.simulate import run_chunks
    from pegline_cribbage.coach import DEFAULT_BUDGET
    from pegline_cribbage.win_table import (
        Outcome,
        WinTable,
        check_variant,
        play_hands,
    )

    variant = load_variant(variant_name, overlays=overlays)
    try:
        check_variant(variant)
    except PeglineError as exc:
        raise Failure(shown(exc)) from None
    for needed, extra in (("numpy", "scale"), *((("distributed", "scale"),) if scheduler else ())):
        if importlib.util.find_spec(needed) is None:
            raise Failure(_("{module} is not installed: pip install -e '.[{extra}]'").format(
                module=needed, extra=extra))
    if output is not None:
        check_output(output, "--output", replaces=(_is_win_table, _("a win table")))
    budget = budget or DEFAULT_BUDGET
    outcomes: Counter[Outcome] = Counter()
    with Progress(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(_("hands"), total=hands)

        def collect(found: Counter[Outcome]) -> None:
            outcomes.update(found)
            bar.update(task, completed=sum(outcomes.values()))

        run_chunks(functools.partial(play_hands, variant, seed, budget), hands, collect,
                   workers=workers, scheduler=scheduler)
    made_by = " ".join(["pegline analyze win-table --variant", shlex.quote(variant_name),
                        *(f"--with {shlex.quote(o)}" for o in overlays),
                        f"--hands {hands} --seed {seed} --budget {budget}"])
    try:
        table = WinTable.made(variant, outcomes, seed=seed, budget=budget, made_by=made_by)
    except PeglineError as exc:  # hands that never score
        raise Failure(shown(exc)) from None
    if output is not None:
        try:
            output.write_text(json.dumps(table.to_dict()) + "\n", encoding="utf-8")
        except OSError as exc:
            raise Failure(_("{path} cannot be written: {reason}").format(
                path=output, reason=exc.strerror or exc)) from None
    click.echo(_("{variant}: {hands} hands played by two coaches (budget {budget}), seed {seed}; "
                 "the largest standard error of a chance: {error}").format(
        variant=variant.name, hands=f"{hands:,}", budget=budget, seed=seed,
        error=f"{table.error:.4f}" if table.error is not None else _("unknown (too few hands)")))
    click.echo(_("The dealer's chance to win, by the dealer's score (rows) and the other "
                 "side's (columns):"))
    scores = [s for s in WIN_TABLE_SCORES if s < table.target]
    click.echo("     " + "".join(f"{s:>7}" for s in scores))
    for mine in scores:
        click.echo(f"{mine:>5}" + "".join(f"{table.dealer_wins[mine][theirs]:>7.3f}"
                                          for theirs in scores))
    if output is not None:
        click.echo(_("written to {path}").format(path=output))


def _is_win_table(path: Path) -> bool:
    """Whether ``path`` holds a win table (one ``--output`` may write over)."""
    from pegline_cribbage.win_table import WinTable

    try:
        WinTable.from_dict(json.loads(read_text(path, PeglineError)))
    except (PeglineError, ValueError):
        return False
    return True


def _crib_share(dealer: bool, sides: int) -> str:
    """How the net counts the crib: ``+``, ``-``, or ``- 1/2`` with three sides."""
    return "+" if dealer else "-" if sides <= 2 else f"- 1/{sides - 1}"
