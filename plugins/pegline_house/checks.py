"""What makes a house rule written as data wrong beyond its types: a word the vocabulary does
not have, a key its moment does not read, a rule that can never match, an id taken twice.
Every problem at once, each as ``config.house.rules[N].key: message``."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Any

from pegline_core.app.i18n import LANGUAGES
from pegline_core.cards import Card
from pegline_core.errors import CardError
from pegline_core.messages import Problem, Template, either
from pegline_core.strict import (
    A_STRING,
    AT_LEAST,
    BELOW,
    DID_YOU_MEAN,
    EXPECTED,
    MISSING,
    NEGATIVE,
    ONE_OF,
    ONE_OF_NEAR,
    describe,
    did_you_mean,
    format_path,
)
from pegline_core.variant import Variant
from pegline_cribbage.settings import CribbageSettings
from pegline_house.schema import ENDINGS, MATCH_KEYS, RANKS, SHOWS, SIDES, WHEN, HouseRule

__all__ = ["rule_problems"]

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_PIPS = {name: min(index + 1, 10) for index, name in enumerate(RANKS)}
_CLAIMING = ("same_rank", "run", "flush", "nobs")
"""The keys that say what a show rule claims: one of them a rule."""
Path = tuple[str | int, ...]
DOMAIN = "pegline_house"
"""The gettext domain of the house rules' messages."""

_TAKEN = Template("house.id-taken", "another rule of the variant has the id {id}", DOMAIN)
_WORDS = Template("house.id-words", "must be lower-case words joined by '-', got {value}", DOMAIN)
_SHOW_ONLY = Template("house.show-only", "applies only when = 'show' or 'after-show'", DOMAIN)
_POINTS_OR_PER_CARD = Template("house.points-or-per-card", "give points (for each claim) or "
                               "per_card (for each card it claims), one of them", DOMAIN)
_NOT_BOTH = Template("house.not-both", "give points or per_card, not both", DOMAIN)
_LANGUAGE = Template("house.language", "unknown language {tag} ({close}Pegline speaks: {tags})",
                     DOMAIN)
_EMPTY = Template("house.empty", "must not be empty", DOMAIN)
_NOT_READ = Template("house.not-read", "does not apply when = {when} (it reads: {keys})", DOMAIN)
_FOUR_OF_A_RANK = Template("house.four-of-a-rank", "can never match: at most 4 cards share a "
                           "rank, got {value}", DOMAIN)
_UNKNOWN_RANK = Template("house.unknown-rank", "unknown rank {rank} ({close}ranks: {ranks})",
                         DOMAIN)
_NO_RANK = Template("house.no-rank", "can never match: no rank is named", DOMAIN)
_NOBS_RANKS = Template("house.nobs-ranks", "does not apply with nobs (its card is a jack)", DOMAIN)
_LONG_RUN = Template("house.long-run", "can never match: a run has at most 13 cards, got {value}",
                     DOMAIN)
_PLAY_ONLY = Template("house.play-only", "applies only when = 'play'", DOMAIN)
_LONG_SUIT = Template("house.long-suit", "can never match: a suit has 13 cards, got {value}",
                      DOMAIN)
_COUNT = Template("house.count", "can never match: the count is from 1 to pegging.limit "
                  "({limit}), got {value}", DOMAIN)
_NO_COUNT = Template("house.no-count", "can never match: no count is named", DOMAIN)
_NOBS_TRUE = Template("house.nobs-true", "must be true (leave it out to ask nothing)", DOMAIN)
_TOTAL = Template("house.total", "can never match: a show never totals below 0, got {value}",
                  DOMAIN)
_CLAIMS = Template("house.claims", "a show rule claims by one of same_rank, run, flush or nobs, "
                   "not {keys}", DOMAIN)
_SAME_RUN = Template("house.same-rank-run", "can never match with same_rank: a run's ranks all "
                     "differ", DOMAIN)
_SAME_SUIT = Template("house.same-rank-suit", "can never match with same_rank: cards of one rank "
                      "differ in suit", DOMAIN)
_OVER_LIMIT = Template("house.over-limit", "can never match: {n} cards of one rank among {ranks} "
                       "count more than pegging.limit ({limit})", DOMAIN)


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
            found.append((at + ("id",), _TAKEN(id=repr(rule.id))))
        seen.add(rule.id)
    return [Problem(message, format_path(path)) for path, message in found]


def _one_of(value: str, choices: Sequence[str]) -> str:
    near = difflib.get_close_matches(value, list(choices), n=3, cutoff=0.6)
    shown = {"choices": ", ".join(map(repr, choices)), "value": repr(value)}
    return ONE_OF_NEAR(**shown, names=either(near)) if near else ONE_OF(**shown)


def _rule(rule: HouseRule, at: Path, limit: int, target: int) -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    if not _ID.fullmatch(rule.id):
        found.append((at + ("id",), _WORDS(value=repr(rule.id))))
    found += _names(rule.name, at + ("name",))
    if rule.when not in WHEN:  # the rest is checked, but for the keys its moment reads
        found.append((at + ("when",), _one_of(rule.when, WHEN)))
    if rule.of is not None:
        if rule.of not in SIDES:
            found.append((at + ("of",), _one_of(rule.of, SIDES)))
        elif rule.when in WHEN and rule.when not in SHOWS:
            found.append((at + ("of",), _SHOW_ONLY()))
    if (rule.points is None) == (rule.per_card is None):
        found.append((at, _POINTS_OR_PER_CARD() if rule.points is None else _NOT_BOTH()))
    for key in ("points", "per_card"):
        value = getattr(rule, key)
        if value is not None and value < 0:
            found.append((at + (key,), NEGATIVE(value=value)))
    if rule.unless.short_of_target is not None:
        short = rule.unless.short_of_target
        if short < 1:
            found.append((at + ("unless", "short_of_target"), AT_LEAST(n=1, value=short)))
        elif target and short >= target:
            found.append((at + ("unless", "short_of_target"),
                          BELOW(target=f"scoring.target ({target})", value=short)))
    return found + _match(rule, at + ("match",), limit)


def _names(names: Any, at: Path) -> list[tuple[Path, str]]:
    found: list[tuple[Path, str]] = []
    if "en" not in names:
        found.append((at + ("en",), MISSING()))
    for tag, name in names.items():
        if tag not in LANGUAGES:
            close = did_you_mean(str(tag), LANGUAGES)
            found.append((at + (tag,), _LANGUAGE(tag=repr(tag), close=close,
                                                 tags=", ".join(LANGUAGES))))
        elif type(name) is not str:
            found.append((at + (tag,), EXPECTED(what=A_STRING, value=describe(name))))
        elif not name.strip():
            found.append((at + (tag,), _EMPTY()))
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
    found: list[tuple[Path, str]] = [(at + (key,), _NOT_READ(when=repr(rule.when),
                                                             keys=", ".join(reads)))
             for key in dict.fromkeys(given) if key not in reads]
    same = match.same_rank
    least = same if isinstance(same, int) else same.min if same is not None else 0
    if same is not None:
        where = at + (("same_rank",) if isinstance(same, int) else ("same_rank", "min"))
        if least < 1:
            found.append((where, AT_LEAST(n=1, value=least)))
        elif least > 4:
            found.append((where, _FOUR_OF_A_RANK(value=least)))
    if match.ranks is not None:
        for index, name in enumerate(match.ranks):
            if name not in RANKS:
                read = _read_rank(name)
                close = did_you_mean(name.upper(), RANKS) if read is None \
                    else DID_YOU_MEAN(names=repr(read))
                found.append((at + ("ranks", index), _UNKNOWN_RANK(
                    rank=repr(name), close=close, ranks=" ".join(RANKS))))
        if not match.ranks:
            found.append((at + ("ranks",), _NO_RANK()))
        if match.nobs:
            found.append((at + ("ranks",), _NOBS_RANKS()))
    if match.run is not None:
        run = match.run
        if run.min < 3:
            found.append((at + ("run", "min"), AT_LEAST(n=3, value=run.min)))
        elif run.min > 13:
            found.append((at + ("run", "min"), _LONG_RUN(value=run.min)))
        if run.in_order and rule.when != "play":
            found.append((at + ("run", "in_order"), _PLAY_ONLY()))
    if match.suit is not None:
        if match.suit.min < 1:
            found.append((at + ("suit", "min"), AT_LEAST(n=1, value=match.suit.min)))
        elif match.suit.min > 13:
            found.append((at + ("suit", "min"), _LONG_SUIT(value=match.suit.min)))
    counts = (match.count,) if isinstance(match.count, int) else match.count or ()
    for index, count in enumerate(counts):
        if not 1 <= count <= limit:
            where = at + (("count",) if isinstance(match.count, int) else ("count", index))
            found.append((where, _COUNT(limit=limit, value=count)))
    if match.count is not None and not counts:
        found.append((at + ("count",), _NO_COUNT()))
    if match.ending is not None and match.ending not in ENDINGS:
        found.append((at + ("ending",), _one_of(match.ending, ENDINGS)))
    if match.nobs is False:
        found.append((at + ("nobs",), _NOBS_TRUE()))
    if match.total is not None and match.total < 0:
        found.append((at + ("total",), _TOTAL(value=match.total)))
    if found:
        return found
    return _contradictions(rule, at, least, limit)


def _contradictions(rule: HouseRule, at: Path, same: int, limit: int) -> list[tuple[Path, str]]:
    """Keys each sound alone that can never hold together."""
    match = rule.match
    if rule.when == "show":
        claiming = [key for key in _CLAIMING if getattr(match, key) is not None]
        if len(claiming) > 1:
            return [(at, _CLAIMS(keys=" + ".join(claiming)))]
        return []
    if rule.when != "play" or same < 2:
        return []
    if match.run is not None:
        return [(at + ("run",), _SAME_RUN())]
    if match.suit is not None and match.suit.min >= 2:
        return [(at + ("suit",), _SAME_SUIT())]
    ranks = match.ranks if match.ranks is not None else RANKS
    if all(same * _PIPS[name] > limit for name in ranks):
        return [(at + ("same_rank",), _OVER_LIMIT(n=same, ranks=" ".join(ranks), limit=limit))]
    return []
