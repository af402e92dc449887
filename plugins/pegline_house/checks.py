"""What makes a house rule written as data wrong beyond its types: a word the vocabulary does
not have, a key its moment does not read, a rule that can never match, an id taken twice.
Every problem at once, each as ``config.house.rules[N].key: message``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pegline_core.app.i18n import LANGUAGES
from pegline_core.cards import Card
from pegline_core.errors import CardError
from pegline_core.strict import describe, did_you_mean, format_path
from pegline_core.variant import Variant
from pegline_cribbage.settings import CribbageSettings
from pegline_house.schema import ENDINGS, MATCH_KEYS, RANKS, SHOWS, SIDES, WHEN, HouseRule

__all__ = ["rule_problems"]

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_PIPS = {name: min(index + 1, 10) for index, name in enumerate(RANKS)}
_CLAIMING = ("same_rank", "run", "flush", "nobs")
"""The keys that say what a show rule claims: one of them a rule."""
Path = tuple[str | int, ...]


def rule_problems(rules: Sequence[HouseRule], variant: Variant) -> list[str]:
    """Every problem of the variant's house rules, as ``key.path: message``."""
    settings = variant.settings
    limit = settings.pegging.limit if isinstance(settings, CribbageSettings) else 31
    target = settings.scoring.target if isinstance(settings, CribbageSettings) else 0
    found: list[tuple[Path, str]] = []
    seen: set[str] = set()
    for index, rule in enumerate(rules):
        at: Path = ("config", "house", "rules", index)
        found += _rule(rule, at, limit, target)
        if rule.id in seen:
            found.append((at + ("id",), f"another rule of the variant has the id {rule.id!r}"))
        seen.add(rule.id)
    return [f"{format_path(path)}: {message}" for path, message in found]


def _one_of(value: str, choices: Sequence[str]) -> str:
    close = did_you_mean(value, choices).strip()
    said = f"must be one of {', '.join(map(repr, choices))}, got {value!r}"
    return f"{said}; {close}" if close else said


def _rule(rule: HouseRule, at: Path, limit: int, target: int) -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    if not _ID.fullmatch(rule.id):
        found.append((at + ("id",), f"must be lower-case words joined by '-', got {rule.id!r}"))
    found += _names(rule.name, at + ("name",))
    if rule.when not in WHEN:  # the rest is checked, but for the keys its moment reads
        found.append((at + ("when",), _one_of(rule.when, WHEN)))
    if rule.of is not None:
        if rule.of not in SIDES:
            found.append((at + ("of",), _one_of(rule.of, SIDES)))
        elif rule.when in WHEN and rule.when not in SHOWS:
            found.append((at + ("of",), "applies only when = 'show' or 'after-show'"))
    if (rule.points is None) == (rule.per_card is None):
        found.append((at, "give points (for each claim) or per_card (for each card it claims), "
                          "one of them" if rule.points is None else
                          "give points or per_card, not both"))
    for key in ("points", "per_card"):
        value = getattr(rule, key)
        if value is not None and value < 0:
            found.append((at + (key,), f"must not be negative, got {value}"))
    if rule.unless.short_of_target is not None:
        short = rule.unless.short_of_target
        if short < 1:
            found.append((at + ("unless", "short_of_target"), f"must be at least 1, got {short}"))
        elif target and short >= target:
            found.append((at + ("unless", "short_of_target"),
                          f"must be below scoring.target ({target}), got {short}"))
    return found + _match(rule, at + ("match",), limit)


def _names(names: Any, at: Path) -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    if "en" not in names:
        found.append((at + ("en",), "required key is missing"))
    for tag, name in names.items():
        if tag not in LANGUAGES:
            close = did_you_mean(str(tag), LANGUAGES)
            found.append((at + (tag,), (f"unknown language {tag!r} ({close}Pegline speaks: "
                                       f"{', '.join(LANGUAGES)})")))
        elif type(name) is not str:
            found.append((at + (tag,), f"expected a string, got {describe(name)}"))
        elif not name.strip():
            found.append((at + (tag,), "must not be empty"))
    return found


def _read_rank(name: str) -> str | None:
    """The rank (one of `RANKS`) a card written with ``name`` has, as Pegline reads cards
    (``T`` or ``t`` a ten, ``j`` a jack); None if no card is written so."""
    try:
        return RANKS[Card.parse(f"{name}S").rank - 1]
    except CardError:
        return None


def _match(rule: HouseRule, at: Path, limit: int) -> list[tuple[Path, str]]:
    match = rule.match
    given = [key for key in MATCH_KEYS["play"] + MATCH_KEYS["series-end"] + MATCH_KEYS["show"]
             + MATCH_KEYS["after-show"] if getattr(match, key) is not None]
    reads = MATCH_KEYS.get(rule.when, given)  # (an unknown moment: every key read)
    found = [(at + (key,), (f"does not apply when = {rule.when!r} (it reads: "
                           f"{', '.join(reads)})"))
             for key in dict.fromkeys(given) if key not in reads]
    same = match.same_rank
    least = same if isinstance(same, int) else same.min if same is not None else 0
    if same is not None:
        where = at + (("same_rank",) if isinstance(same, int) else ("same_rank", "min"))
        if least < 1:
            found.append((where, f"must be at least 1, got {least}"))
        elif least > 4:
            found.append((where, f"can never match: at most 4 cards share a rank, got {least}"))
    if match.ranks is not None:
        for index, name in enumerate(match.ranks):
            if name not in RANKS:
                read = _read_rank(name)
                close = did_you_mean(name.upper(), RANKS) if read is None \
                    else f"did you mean {read!r}? "
                found.append((at + ("ranks", index), (f"unknown rank {name!r} ({close}ranks: "
                                                     f"{' '.join(RANKS)})")))
        if not match.ranks:
            found.append((at + ("ranks",), "can never match: no rank is named"))
        if match.nobs:
            found.append((at + ("ranks",), "does not apply with nobs (its card is a jack)"))
    if match.run is not None:
        run = match.run
        if run.min < 3:
            found.append((at + ("run", "min"), f"must be at least 3, got {run.min}"))
        elif run.min > 13:
            found.append((at + ("run", "min"),
                          f"can never match: a run has at most 13 cards, got {run.min}"))
        if run.in_order and rule.when != "play":
            found.append((at + ("run", "in_order"), "applies only when = 'play'"))
    if match.suit is not None:
        if match.suit.min < 1:
            found.append((at + ("suit", "min"), f"must be at least 1, got {match.suit.min}"))
        elif match.suit.min > 13:
            found.append((at + ("suit", "min"),
                          f"can never match: a suit has 13 cards, got {match.suit.min}"))
    counts = (match.count,) if isinstance(match.count, int) else match.count or ()
    for index, count in enumerate(counts):
        if not 1 <= count <= limit:
            where = at + (("count",) if isinstance(match.count, int) else ("count", index))
            found.append((where, (f"can never match: the count is from 1 to pegging.limit "
                                 f"({limit}), got {count}")))
    if match.count is not None and not counts:
        found.append((at + ("count",), "can never match: no count is named"))
    if match.ending is not None and match.ending not in ENDINGS:
        found.append((at + ("ending",), _one_of(match.ending, ENDINGS)))
    if match.nobs is False:
        found.append((at + ("nobs",), "must be true (leave it out to ask nothing)"))
    if match.total is not None and match.total < 0:
        found.append((at + ("total",),
                      f"can never match: a show never totals below 0, got {match.total}"))
    if found:
        return found
    return _contradictions(rule, at, least, limit)


def _contradictions(rule: HouseRule, at: Path, same: int, limit: int) -> list[tuple[Path, str]]:
    """Keys each sound alone that can never hold together."""
    match = rule.match
    if rule.when == "show":
        claiming = [key for key in _CLAIMING if getattr(match, key) is not None]
        if len(claiming) > 1:
            return [(at, (f"a show rule claims by one of same_rank, run, flush or nobs, not "
                         f"{' + '.join(claiming)}"))]
        return []
    if rule.when != "play" or same < 2:
        return []
    if match.run is not None:
        return [(at + ("run",), "can never match with same_rank: a run's ranks all differ")]
    if match.suit is not None and match.suit.min >= 2:
        return [(at + ("suit",), ("can never match with same_rank: cards of one rank differ in "
                                 "suit"))]
    ranks = match.ranks if match.ranks is not None else RANKS
    if all(same * _PIPS[name] > limit for name in ranks):
        return [(at + ("same_rank",), (f"can never match: {same} cards of one rank among "
                                      f"{' '.join(ranks)} count more than pegging.limit "
                                      f"({limit})"))]
    return []
