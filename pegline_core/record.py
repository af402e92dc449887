"""Game records: save a game, load it, replay it, verify every point.

A record is a header (format, schema version, game, variant, a digest of its resolved rules,
plugin versions, the first dealer, the seed) and the game's events. Two forms hold the same
content:

- a TOML file (``*.toml``, written with tomli-w): the header's keys, then ``[[events]]``;
- JSON Lines (``*.jsonl``): the header object on the first line, then one event per line,
  flushed as it happens, so a crash loses nothing complete.

Events are written by the game's `EventCodec`. Replaying takes the input events (chance outcomes
and actions) and re-derives everything else; `verify` compares that with the derived events the
record holds and names the first difference. Records of an older schema are migrated on reading
(docs/records.md, "Schema versions").

>>> from pegline_core.players import RandomBot, play_game
>>> game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=7)
>>> record = GameRecord.of(game, seed=7)
>>> again = GameRecord.from_toml(record.to_toml()).replay()
>>> again.log == game.log
True
>>> GameRecord.from_toml(record.to_toml()).verify() is None
True
"""

from __future__ import annotations

import copy
import functools
import gzip
import hashlib
import json
import operator
import zlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NotRequired, SupportsIndex, TypedDict

import attrs
from attrs import field, frozen

from pegline_core import game_hookspecs, record_toml
from pegline_core.arguments import expect, file_path, text_of
from pegline_core.errors import PeglineError, RecordError, VariantError, short_repr
from pegline_core.events import AskCoach, Event, EventCodec, GameEnded, Input, Scored
from pegline_core.files import (
    MATCH_FORMAT,
    MAX_FILE_BYTES,
    RECORD_FORMAT,
    decode_text,
    parse_json,
    parse_toml,
    read_bytes,
    read_text,
    whole_json,
    write_atomically,
)
from pegline_core.game import Game
from pegline_core.game_hooks import GameHooks
from pegline_core.messages import Message, Problem, Template, lines, listed, said
from pegline_core.plugins import game_definition, installed_plugins
from pegline_core.record_header import same, structure_header
from pegline_core.ruleset import Ruleset
from pegline_core.strict import converter
from pegline_core.variant import (
    DEFAULT_GAME,
    Variant,
    load_variant,
    renamed_from,
    variant_from_table,
)
from pegline_core.variant_files import NAME

__all__ = ["GameRecord", "RecordError", "Difference", "FORMAT", "VERSION", "VERSION_POLICIES",
           "rules_digest", "summary_of", "Summary"]

FORMAT = RECORD_FORMAT
VERSION = 3
"""Version 3: the header embeds the resolved rules (``rules``) and states a ``summary`` checked
against the events; derived events name their ``cause``. Version 2: the header names the
record's ``game``; variants name their game and keep
cribbage's ``[game]`` table as ``[scoring]``; muggins is a plugin. Version 1 (cribbage only) is
migrated on reading, see `_migrate`."""
V1_GAME = "cribbage"
"""The game of every version-1 record: version 1 knew no other."""
V1_DIGEST = "v1-"
"""The prefix of a version-1 rules digest kept by the migration: the game checks it (its
``pegline_legacy_digest(1, ruleset)`` hook, e.g. `pegline_cribbage.legacy.rules_digest_v1`)."""


@frozen
class Difference:
    """The first event where a replay and a record disagree: ``expected`` is the replay's
    event, ``found`` the record's (None where one has no event).

    >>> str(Difference(7, {"type": "score", "points": 2}, {"type": "score", "points": 3}))
    'event 7 (score): points: the record has 3, the replay 2'
    >>> str(Difference(9, {"type": "go"}, None))
    'event 9: the record has no event, the replay a go event'
    """

    seq: int
    expected: dict[str, object] | None
    found: dict[str, object] | None

    @property
    def fields(self) -> list[str]:
        """The keys whose values differ (every key of either event, in order)."""
        if self.expected is None or self.found is None:
            return []
        keys = [*self.found, *(key for key in self.expected if key not in self.found)]
        return [key for key in keys if self.found.get(key) != self.expected.get(key)]

    @property
    def message(self) -> Message:
        """What differs, as a message (its text is ``str()``)."""
        if self.expected is None or self.found is None:
            def kind(event: dict[str, object] | None) -> str:
                return _NO_EVENT() if event is None else _AN_EVENT(type=event.get("type"))

            return _EVENT_HAS(seq=self.seq, difference=_HAS(found=kind(self.found),
                                                              expected=kind(self.expected)))
        tag = self.found.get("type") if self.found.get("type") == self.expected.get("type") \
            else None
        said: str = ""
        for key in self.fields:
            one = _KEY_HAS(key=key, found=_shown(self.found, key),
                           expected=_shown(self.expected, key))
            said = _AND(first=said, rest=one) if said else one
        return _EVENT_OF_TYPE_HAS(seq=self.seq, type=tag, difference=said) if tag else \
            _EVENT_HAS(seq=self.seq, difference=said)

    def __str__(self) -> str:
        return str(self.message)


_EVENT_HAS = Template("record.event-differs", "event {seq}: {difference}")
_EVENT_OF_TYPE_HAS = Template("record.event-of-type-differs", "event {seq} ({type}): {difference}")
_HAS = Template("record.differs", "the record has {found}, the replay {expected}")
_KEY_HAS = Template("record.key-differs", "{key}: the record has {found}, the replay {expected}")
_AND = Template("record.differences", "{first}; {rest}")
_NO_EVENT = Template("record.no-event", "no event")
_AN_EVENT = Template("record.an-event", "a {type} event")
_NOTHING = Template("record.nothing", "nothing")
_NOT_A_RECORD = Template("record.not-a-record", "not a Pegline record (format should be "
                         "{format})")
_UNSUPPORTED = Template("record.version", "record version {version} is not supported (this "
                        "Pegline reads versions 1 to {latest})")
_ALTERED_RULES = Template("record.altered-rules", "the record's rules do not match its digest "
                          "(digest {digest}, rules {rules}): it was altered")
_NO_PLUGIN = Template("record.no-plugin", "no plugin")
_ALTERED_PLUGINS = Template("record.altered-plugins", "the header lists the versions of {listed}, "
                            "but the rules use {used}: it was altered")
_NOT_AN_ARRAY = Template("record.events-array", "expected an array of tables")
_NOT_A_TABLE = Template("record.event-table", "expected a table")
_NOT_AN_OBJECT = Template("record.event-object", "expected a JSON object")
_NO_HEADER = Template("record.no-header", "no header line")
_A_MATCH = Template("record.a-match", "a match's record (format {match}), not one game's (format "
                    "{game})")
_NOT_INSTALLED = Template("record.plugins-missing", "the record needs plugins that are not "
                          "installed here: {plugins}")
_RULES_UNUSABLE = Template("record.rules-unusable", "the record's rules cannot be used here: "
                           "{reason}")
_ITEM_REFUSED = Template("record.item-refused", "event {seq} (record item {index}): {reason}")
_SUMMARY_DIFFERS = Template("record.summary-differs", "the header says {stated}, but the events "
                            "say {found}")
_PLUGIN_VERSION = Template("record.plugin-version", "{plugin} {old} (installed {new})")
_VERSIONS_REFUSED = Template("record.versions-refused", "the record was made with other plugin "
                             "versions: {detail}")
_VERSIONS_REFUSED_UNLESS_ANY = Template(
    "record.versions-refused-unless-any", "the record was made with other plugin versions: "
    "{detail}; to replay it anyway and let the verification decide, allow any versions "
    "(--versions any, or versions=\"any\")")
_VERSIONS_NOTICE = Template("record.versions-notice", "the record was made with other plugin "
                            "versions: {detail}; every derived event is checked against the replay")
_OLD_OVERLAYS = Template("record.old-overlays", "required key is missing (a header of version "
                         "{version} states the variants merged on top)")
_ASSIST_ONLY_TRUE = Template("record.old-assist-used", "a header of version {version} states it "
                             "only when the coach was asked, as true")
_ASSIST_DIFFERS = Template("record.old-assist-used-differs", "the header says assist_used = "
                           "{stated}, but the events say {found}")
_NOT_A_NAME = Template("record.variant-not-a-name", "the record names its variant {name}, which "
                       "is not a variant name: a record never makes Pegline read a file")
_UNEMBEDDED = Template("record.variant-not-embedded", "the record's variant cannot be loaded: "
                       "{reason}\n(a record of schema {schema} names its variant without "
                       "embedding it: put the variant file in a folder listed in "
                       "PEGLINE_VARIANT_PATH)")
_GAME_UNLOADABLE = Template("record.game-unloadable", "the record's game {game} cannot be "
                            "loaded: {reason}")
_NO_RULES = Template("record.rules-missing", "the table of the record's resolved rules is missing")
_OTHER_GAME_RULES = Template("record.rules-game", "the header says {game}, but its rules are a "
                             "game of {ruled}")
_UNRESOLVED = Template("record.rules-unresolved", "not the resolved rules (the header says "
                       "{stated}, resolved {resolved})")
_NO_SUMMARY = Template("record.summary-missing", "missing (only a streamed log's header, stream "
                       "= true, has none)")
_STREAM = Template("record.stream", "a record with a summary is not a streamed log")
_POLICY = Template("record.version-policy", "unknown version policy {policy} (choose from "
                   "{policies})")
_GAME_OF = Template("record.variant-game", "the record is a game of {game}, but the variant "
                    "{variant} is a game of {other}")
_NOT_STARTED = Template("record.game-not-started", "the record's game cannot be started: "
                        "{reason}")
_NOT_GZIP = Template("record.not-gzip", "not a gzip file: {why}")
_INFLATES = Template("record.inflates", "the log inflates to more than {mib} MiB, the most "
                     "Pegline reads")
_NO_V1_DIGEST = Template("record.v1-digest", "the game {game} cannot check a version-1 digest")
_OTHER_RULES = Template("record.other-rules", "the record was made under other rules than the "
                        "installed {name} (digest {digest}, installed {installed}); it is not "
                        "replayed under other rules")


def _shown(event: dict[str, object], key: str) -> str:
    """The value of ``key`` in a record's event as the record writes it (or "nothing")."""
    return _NOTHING() if key not in event else json.dumps(event[key], ensure_ascii=False)


def rules_digest(ruleset: Ruleset) -> str:
    """A digest of the resolved rules: two variants with the same digest score identically.

    Only what differs from the defaults counts (and not the description, source or extends), so a
    key added to the schema later with a default value leaves old records valid.
    """
    variant = ruleset.variant
    game = ruleset.game
    data = variant.to_toml_dict()
    for key in ("description", "source", "extends", "config"):
        data.pop(key)
    defaults = Variant(game=variant.game, plugins=tuple(game.default_plugins),
                       settings=game.Settings()).to_toml_dict()
    rules = without_defaults(data, defaults)
    config = {}
    for name, resolved in ruleset.resolved_config().items():
        config_cls = type(ruleset.plugins[name]).Config  # type: ignore[attr-defined]
        changed = without_defaults(resolved, converter.unstructure(config_cls()))
        if changed:
            config[name] = changed
    rules["config"] = config
    return digest_of(rules)


def digest_of(rules: dict[str, object]) -> str:
    """``sha256:`` and the hex digest of the rules as canonical JSON."""
    text = json.dumps(rules, sort_keys=True, ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def without_defaults(data: Mapping[str, object], defaults: Mapping[str, object]
                     ) -> dict[str, object]:
    """``data`` without the keys whose value equals the default (tables compared key by key)."""
    out: dict[str, object] = {}
    for key, value in data.items():
        default = defaults.get(key)
        if isinstance(value, dict) and isinstance(default, dict):
            rest = without_defaults(value, default)
            if rest:
                out[key] = rest
        elif value != default:
            out[key] = value
    return out


def _toml_safe(data: dict[str, object]) -> dict[str, object]:
    """TOML has no null: leave out the keys whose value is None."""
    return {k: v for k, v in data.items() if v is not None}


_JSON = json.JSONEncoder(ensure_ascii=False)
"""One encoder for every line (``json.dumps`` builds one per call)."""

VERSION_POLICIES = ("strict", "compatible", "any")
"""How plugin versions that differ from the record's are treated (`GameRecord.version_notices`):
``strict`` refuses any difference; ``compatible`` (the default) accepts the same major and minor
version with a notice and refuses the rest; ``any`` accepts every difference with a notice, and
the verification of every derived event decides."""


def _migrate(head: dict[str, object]) -> dict[str, object]:
    """An older header read as the current version (docs/records.md, "Schema versions").

    Version 1 was cribbage only, so the game is cribbage. Its rules digest was computed over the
    version-1 variant layout: it is kept with the `V1_DIGEST` prefix, and the game checks it
    against the installed rules written in that layout. Versions 1 and 2 name their variant
    instead of embedding its rules: it is looked up by name (never a path) on the search path.
    Their events are read as they are; their derived events are compared with a replay through
    the game's ``pegline_legacy_events`` hook (`GameRecord.verify`).
    """
    if head.get("version") == 1:
        head = {**head, "version": 2, "game": V1_GAME}
        digest = head.get("digest")
        if isinstance(digest, str) and digest:
            head["digest"] = V1_DIGEST + digest
        head["schema"] = 1
    if head.get("version") == 2:
        head = {"schema": 2, **head, "version": 3}
    return head


def _reason(exc: PeglineError) -> str:
    """What ``exc`` says, as a message shown in the user's language (a variant's problems one a
    line: a `VariantError`'s text is plain)."""
    return lines(exc.problems) if isinstance(exc, VariantError) else said(exc)


@functools.cache
def _codec(game: str) -> EventCodec:
    """The codec of the game named ``game`` (built once: reading a record checks every event)."""
    return EventCodec(game_definition(game))


def _version_key(version: str) -> tuple[str, ...]:
    """The major and minor parts of a version (``1.4.2`` -> ``('1', '4')``)."""
    return tuple(version.split(".")[:2])


class Summary(TypedDict):
    """What a record's header states about its events (docs/records.md): each key is checked
    against the events as the record is read."""

    players: int
    scores: list[int]
    assist_used: list[int]
    over: bool
    winner: NotRequired[int]
    game_points: NotRequired[int]


def summary_of(events: Iterable[Event], players: int, sides: int) -> Summary:
    """What a record's header states about its events: seats, each side's score (the last
    `Scored` total), the seats that asked the coach, and the result once the game is over."""
    scores = [0] * sides
    assisted: set[int] = set()
    result: GameEnded | None = None
    for event in events:
        if isinstance(event, Scored) and 0 <= event.side < sides:
            scores[event.side] = event.total
        elif isinstance(event, Input) and isinstance(event.action, AskCoach):
            assisted.add(event.action.seat)
        elif isinstance(event, GameEnded):
            result = event
    summary = Summary(players=players, scores=scores, assist_used=sorted(assisted),
                      over=result is not None)
    if result is not None:
        summary["winner"], summary["game_points"] = result.winner.side, result.game_points
    return summary


@frozen
class GameRecord:
    """A game's header and events, as plain data (event dicts).

    ``rules`` is the fully resolved variant (`Variant.to_toml_dict`): the record replays
    anywhere without a variant file. A record migrated from schema 1 or 2 has none and names its
    variant (and ``overlays``) instead. ``summary`` is what the header states about the events
    (`summary_of`); None in a streamed log's header, written before the game.
    """

    variant: str
    overlays: tuple[str, ...] = ()
    digest: str = ""
    plugins: dict[str, str] = field(factory=dict)
    dealer: int | None = None
    seed: int | None = None
    events: tuple[dict[str, object], ...] = ()
    game: str = DEFAULT_GAME
    """The game whose codec reads the events (``cribbage`` for every version-1 record)."""
    rules: dict[str, object] | None = None
    summary: Summary | None = None
    schema: int = VERSION
    """The schema version the record was written in (an older one is migrated on reading)."""

    @property
    def assist_used(self) -> bool:
        """Whether a player asked the coach during the game."""
        return any(e.get("type") == AskCoach.TAG for e in self.events)

    # -- making ------------------------------------------------------------------------------

    @classmethod
    def of(cls, game: Game, *, seed: SupportsIndex | None = None, derived: bool = True
           ) -> GameRecord:
        """The record of ``game`` so far, played from ``seed`` (a whole number, or None: a
        negative one only carries on an old record's); without ``derived`` only its inputs are
        kept (and the header states no summary)."""
        expect(isinstance(game, Game), "a record's game", "a Game (play_game returns one)", game)
        expect(seed is None or hasattr(type(seed), "__index__"), "seed", "a whole number or None",
               seed)
        number = None if seed is None else operator.index(seed)
        codec = game.codec
        log = game.log
        events = [codec.to_dict(e) for e in log if derived or isinstance(e, Input)]
        variant = game.variant
        summary = summary_of(log, game.players, len(variant.sides)) if derived else None
        ruleset = game.ruleset
        fixed = ruleset.cache.get("record")  # the same for every record of a ruleset
        if fixed is None:
            fixed = ruleset.cache["record"] = (rules_digest(ruleset), ruleset.versions(),
                                               variant.to_toml_dict())
        digest, versions, rules = fixed
        return cls(variant.name, (), digest, dict(versions), game.first_dealer, number,
                   tuple(events), variant.game, copy.deepcopy(rules), summary)

    def header(self, *, stream: bool = False) -> dict[str, object]:
        """The header as written (schema `VERSION`); ``stream``: a log's, before its events."""
        return _toml_safe({
            "format": FORMAT, "version": VERSION, "game": self.game, "variant": self.variant,
            "overlays": list(self.overlays) or None, "digest": self.digest,
            "plugins": self.plugins, "dealer": self.dealer, "seed": self.seed,
            "stream": stream or None, "rules": self.rules,
            "summary": None if stream else self.summary,
        })

    def to_toml(self) -> str:
        """The TOML form, as tomli-w writes it (quicker: `pegline_core.record_toml`)."""
        return record_toml.dumps(self.to_dict())

    def to_jsonl(self) -> str:
        """The JSON Lines form: a streamed log's header (it states no summary: a log is written
        before its events), then one event per line."""
        encode = _JSON.encode
        return "".join([encode(line) + "\n" for line in (self.header(stream=True), *self.events)])

    def save(self, path: str | Path) -> None:
        """Write atomically (a temporary file renamed into place): never a half-written record.
        ``*.jsonl`` is JSON Lines, ``*.jsonl.gz`` gzip-compressed JSON Lines, else TOML."""
        path = file_path(path, "a record's path")
        text = self.to_jsonl() if is_log_path(path) else self.to_toml()
        data = text.encode()
        if path.name.endswith(".gz"):
            data = gzip.compress(data, compresslevel=3, mtime=0)  # 8x smaller, quick
        write_atomically(path, data, RecordError)

    # -- reading -----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a TOML record or a JSON Lines log, gzip-compressed or not (by the file's
        suffix: ``.toml``, ``.jsonl``, ``.jsonl.gz``)."""
        path = file_path(path, "a record's path")
        text = read_record_text(path)
        if is_log_path(path):
            return cls.from_jsonl(text, name=str(path))
        return cls.from_toml(text, name=str(path))

    @classmethod
    def from_toml(cls, text: str, *, name: str = "<record>") -> GameRecord:
        return cls.from_dict(parse_toml(text_of(text, "a record's text"), name, RecordError),
                             name=name)

    @classmethod
    def from_dict(cls, data: dict[str, object], *, name: str = "<record>") -> GameRecord:
        """A record from its TOML form as a table: the header's keys and ``events``."""
        data = dict(data)
        events = data.pop("events", [])
        if not isinstance(events, list):
            raise RecordError(Problem(_NOT_AN_ARRAY(), name, "events"))
        return cls._from_parts(data, events, name, "events[{}]")

    def to_dict(self) -> dict[str, object]:
        """The TOML form as a table: the header's keys and ``events``."""
        return self.header() | {"events": list(self.events)}

    @classmethod
    def from_jsonl(cls, text: str, *, name: str = "<log>") -> GameRecord:
        """Read a log; a last line cut off by a crash is dropped, every complete event kept."""
        rows = []
        lines = text_of(text, "a record's text").split("\n")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = parse_json(line, f"{name}: line {number}", RecordError)
            except RecordError:
                if number == len(lines) and not whole_json(line):  # a crashed writer's last
                    break
                raise
            if not isinstance(row, dict):
                raise RecordError(Problem(_NOT_AN_OBJECT(), name, f"line {number}"))
            rows.append(row)
        if not rows:
            raise RecordError(Problem(_NO_HEADER(), name))
        return cls._from_parts(rows[0], rows[1:], name, "line {}", offset=2)

    @classmethod
    def _from_parts(cls, head: dict[str, object], events: Sequence[object], name: str, where: str,
                    offset: int = 0) -> GameRecord:
        if head.get("format") == MATCH_FORMAT:
            raise RecordError(Problem(_A_MATCH(match=repr(MATCH_FORMAT), game=repr(FORMAT)), name))
        if head.get("format") != FORMAT:
            raise RecordError(Problem(_NOT_A_RECORD(format=repr(FORMAT)), name))
        written = set(head)  # before migration: no file may set the migrated ``schema``
        version = head.get("version")
        if type(version) is not int:
            raise RecordError(Problem(_UNSUPPORTED(version=repr(version), latest=VERSION), name))
        if version < VERSION and "overlays" not in head:
            raise RecordError(Problem(_OLD_OVERLAYS(version=version), name, "overlays"))
        head = _migrate(head)
        if head.get("version") != VERSION:
            raise RecordError(Problem(_UNSUPPORTED(version=repr(head.get("version")),
                                                  latest=VERSION), name))
        tables: list[dict[str, object]] = []
        for index, event in enumerate(events):
            if not isinstance(event, dict):
                raise RecordError(Problem(_NOT_A_TABLE(), name, where.format(index + offset)))
            tables.append(event)
        header = structure_header(head, written, name)
        schema = header.schema
        record = cls(
            variant=header.variant, overlays=header.overlays, digest=header.digest,
            plugins=header.plugins, dealer=header.dealer, seed=header.seed,
            events=tuple(_toml_safe(e) for e in tables),  # one form for TOML and JSON
            game=header.game, rules=header.rules, schema=schema,
        )
        try:
            codec = _codec(record.game)
        except PeglineError as exc:
            raise RecordError(Problem(_GAME_UNLOADABLE(game=repr(record.game),
                                                       reason=_reason(exc)), name)) from None
        if schema >= 3 and not isinstance(record.rules, dict):
            raise RecordError(Problem(_NO_RULES(), name, "rules"))
        structured = []
        for index, event in enumerate(tables):
            try:
                structured.append(codec.from_dict(event))
            except PeglineError as exc:
                raise RecordError(Problem(said(exc), name, where.format(index + offset))) \
                    from None
        summary = record._checked_summary(structured, head, header.summary, name)
        return attrs.evolve(record, summary=summary) if summary is not None else record

    def _checked_summary(self, events: list[Event], head: dict[str, object],
                         stated: dict[str, object] | None, name: str) -> Summary | None:
        """The ``stated`` summary, checked: `RecordError` unless every header field that the
        events determine agrees with them (the events are then checked against the rules by
        `verify`)."""
        if self.schema < 3:  # version 2 stated only whether the coach was asked
            if head.get("assist_used", True) is not True:
                raise RecordError(Problem(_ASSIST_ONLY_TRUE(version=self.schema), name,
                                          "assist_used"))
            asked = head.get("assist_used", False)
            if asked is not self.assist_used:
                raise RecordError(Problem(_ASSIST_DIFFERS(stated=repr(asked),
                                                          found=self.assist_used), name))
            return None
        ruled = self.rules.get("game", DEFAULT_GAME) if isinstance(self.rules, dict) else None
        if ruled != self.game:
            raise RecordError(Problem(_OTHER_GAME_RULES(game=repr(self.game), ruled=repr(ruled)),
                                      name, "game"))
        variant = self.variant_here()
        resolved = variant.to_toml_dict()
        if not same(self.rules, resolved):  # every key, as written: nothing left to a default
            assert isinstance(self.rules, dict)
            key = min(k for k in set(resolved) | set(self.rules)
                      if not same(self.rules.get(k), resolved.get(k)))
            raise RecordError(Problem(_UNRESOLVED(stated=repr(self.rules.get(key, "(nothing)")),
                                                  resolved=repr(resolved.get(key, "(nothing)"))),
                                      name, f"rules.{key}"))
        if stated is None:
            if head.get("stream") is not True:
                raise RecordError(Problem(_NO_SUMMARY(), name, "summary"))
            return None
        if head.get("stream") is not None:
            raise RecordError(Problem(_STREAM(), name, "stream"))
        actual = summary_of(events, variant.table.players, len(variant.sides))
        found: dict[str, object] = dict(actual)
        for key in sorted(set(found) | set(stated)):
            if key not in stated or key not in found or not same(stated[key], found[key]):
                raise RecordError(Problem(_SUMMARY_DIFFERS(
                    stated=repr(stated[key]) if key in stated else _NOTHING(),
                    found=repr(found[key]) if key in found else _NOTHING()), name,
                    f"summary.{key}"))
        return actual  # the same as stated, value and type

    # -- replaying and verifying -------------------------------------------------------------

    def variant_here(self) -> Variant:
        """The record's variant: built from its embedded rules (no file is read), or for a
        migrated record looked up by name on the search path; `RecordError` if impossible."""
        if self.rules is not None:
            installed = installed_plugins()
            wanted = self.rules.get("plugins") if isinstance(self.rules, dict) else []
            wanted = wanted if isinstance(wanted, list) else []  # (the rules' check says why)
            missing = [p for p in [self.game, *wanted] if isinstance(p, str) and p not in installed]
            if missing:
                needs = ", ".join(f"{p} {self.plugins.get(p, '')}".strip() for p in missing)
                raise RecordError(_NOT_INSTALLED(plugins=needs))
            try:
                return variant_from_table(self.rules, name=self.variant)
            except PeglineError as exc:
                raise RecordError(_RULES_UNUSABLE(reason=_reason(exc))) from None
        names = (self.variant, *self.overlays)
        wrong = next((n for n in names if not isinstance(n, str) or not NAME.match(n)), None)
        if wrong is not None:
            raise RecordError(_NOT_A_NAME(name=repr(wrong)))
        try:
            return load_variant(self.variant, overlays=self.overlays)
        except PeglineError as exc:
            raise RecordError(_UNEMBEDDED(reason=_reason(exc), schema=self.schema)) from None


    def version_notices(self, installed: dict[str, str], policy: str = "compatible"
                        ) -> list[str]:
        """Notices about plugin versions that differ from the record's, or `RecordError` where
        ``policy`` (one of `VERSION_POLICIES`) refuses them."""
        if policy not in VERSION_POLICIES:
            raise RecordError(_POLICY(policy=short_repr(policy),
                                      policies=", ".join(VERSION_POLICIES)))
        changed = {p: (v, installed.get(p, "not installed")) for p, v in self.plugins.items()
                   if installed.get(p) != v}
        if not changed:
            return []
        detail = listed([_PLUGIN_VERSION(plugin=p, old=old, new=new)
                         for p, (old, new) in changed.items()])
        refused = [p for p, (old, new) in changed.items()
                   if policy == "strict"
                   or (policy == "compatible" and _version_key(old) != _version_key(new))]
        if refused:
            raise RecordError((_VERSIONS_REFUSED if policy == "strict" else
                               _VERSIONS_REFUSED_UNLESS_ANY)(detail=detail))
        return [_VERSIONS_NOTICE(detail=detail)]

    def new_game(self, versions: str = "compatible") -> Game:
        """A new game under the recorded rules, or `RecordError` if the rules differ or the
        plugin versions are refused by the ``versions`` policy (`version_notices`).

        A migrated record's variant renamed since the record was made is found by its old name
        (its file's ``formerly`` key) when the variant now of that name has other rules."""
        try:
            return self._new_game(self.variant_here(), versions)
        except RecordError as exc:
            if self.rules is not None or exc.code != _OTHER_RULES.code:
                raise
            for name in renamed_from(self.variant):
                try:
                    return self._new_game(load_variant(name, overlays=self.overlays), versions)
                except PeglineError:
                    continue
            raise

    def _new_game(self, variant: Variant, versions: str) -> Game:
        if variant.game != self.game:
            raise RecordError(_GAME_OF(game=self.game, variant=repr(variant.name),
                                       other=variant.game))
        try:
            game = Game(variant, dealer=self.dealer)
        except PeglineError as exc:
            raise RecordError(_NOT_STARTED(reason=_reason(exc))) from None
        legacy = GameHooks.of(self.game, game.definition).get(
            game_hookspecs.pegline_legacy_digest)
        if self.digest.startswith(V1_DIGEST):  # migrated: the game knows the old layout
            old = legacy(version=1, ruleset=game.ruleset) if legacy is not None else None
            if old is None:
                raise RecordError(_NO_V1_DIGEST(game=repr(self.game)))
            installed_digest = V1_DIGEST + old
        else:
            installed_digest = rules_digest(game.ruleset)
            if self.schema < VERSION and installed_digest != self.digest and legacy is not None:
                old = legacy(version=self.schema, ruleset=game.ruleset)
                installed_digest = old if old == self.digest else installed_digest
        if self.rules is not None and installed_digest != self.digest:
            raise RecordError(_ALTERED_RULES(digest=self.digest, rules=installed_digest))
        if self.digest and installed_digest != self.digest:
            raise RecordError(_OTHER_RULES(name=repr(variant.name), digest=self.digest,
                                           installed=installed_digest))
        installed = game.ruleset.versions()
        listed = set(installed)
        if self.schema == 1:  # version 1 listed no game and made muggins a setting: a part
            listed = set(self.plugins) & listed if self.plugins else listed
        if set(self.plugins) != listed:
            raise RecordError(Problem(_ALTERED_PLUGINS(
                listed=", ".join(sorted(self.plugins)) or _NO_PLUGIN(),
                used=", ".join(sorted(listed))),
                "plugins"))
        self.version_notices(installed, versions)
        return game

    def inputs(self, game: Game | None = None) -> list[tuple[int, Input]]:
        """The input events, with their index in the record."""
        codec = game.codec if game is not None else _codec(self.game)
        found = []
        for index, data in enumerate(self.events):
            event = codec.from_dict(data)
            if isinstance(event, Input):
                found.append((index, event))
        return found

    def replay(self, versions: str = "compatible") -> Game:
        """Re-derive the whole game from the inputs; `RecordError` names an illegal input."""
        game = self.new_game(versions)
        for index, event in self.inputs(game):
            try:
                game.apply(event.action)
            except ValueError as exc:
                raise RecordError(_ITEM_REFUSED(seq=event.seq, index=index, reason=said(exc))) \
                    from None
        return game

    def verify(self, versions: str = "compatible") -> Difference | None:
        """The first difference between the replayed game and the recorded events, or None.

        A record of an older schema is compared with the replay written in that schema (the
        game's ``pegline_legacy_events``: events and fields that schema did not have are left
        out); one whose events name no ``cause`` at all, with the replay's causes left out. A
        streamed log is checked as far as it goes (a crash may have stopped it anywhere)."""
        game = self.replay(versions)
        codec = game.codec
        derived = codec.dicts(game.log)
        recorded = list(self.events)
        if self.schema < VERSION:
            derived = legacy_events(game, self.schema, derived)
        elif not any("cause" in data for data in recorded):  # saved before its game named causes
            derived = [{k: v for k, v in data.items() if k != "cause"} for data in derived]
        if len(recorded) < len(derived) and all(
                data["type"] in codec.input_types for data in self.events):
            return None  # an inputs-only record has nothing derived to check
        if self.summary is None and self.schema == VERSION:  # a streamed log, which a crash may
            derived = derived[:len(recorded)]  # cut after an input, before all it caused
        for seq in range(max(len(derived), len(recorded))):
            expected = derived[seq] if seq < len(derived) else None
            found = recorded[seq] if seq < len(recorded) else None
            if expected is not None:
                expected = {k: v for k, v in expected.items() if v is not None}
            if expected != found:
                return Difference(seq, expected, found)
        return None


def legacy_events(game: Game, schema: int, events: list[dict[str, object]]
                  ) -> list[dict[str, object]]:
    """``events`` (the current schema's dicts) as a record of ``schema`` wrote them: the
    kernel's ``cause`` and ``pending`` left out, then the game's own changes undone (its
    ``pegline_legacy_events`` hook, where it implements one), then numbered again."""
    out = [{k: v for k, v in data.items() if k not in ("cause", "pending")} for data in events]
    legacy = GameHooks.of(game.variant.game, game.definition).get(
        game_hookspecs.pegline_legacy_events)
    if legacy is not None:
        out = legacy(version=schema, events=out)
    return [data | {"seq": seq} for seq, data in enumerate(out)]


def is_log_path(path: str | Path) -> bool:
    """Whether ``path`` names a JSON Lines log (``.jsonl`` or ``.jsonl.gz``)."""
    name = Path(path).name
    return name.endswith((".jsonl", ".jsonl.gz"))


def read_record_text(path: Path) -> str:
    """The text of a record or a log, inflated if its name ends in ``.gz``; of a log cut off by
    a crash (inside a character, too), whatever was complete."""
    if path.name.endswith(".gz"):
        return _read_gzip(path)
    return read_text(path, RecordError, cut=is_log_path(path))


def _read_gzip(path: Path) -> str:
    """The text of a gzip file; of one cut off by a crash, whatever was complete."""
    data = read_bytes(path, RecordError)
    inflate = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)  # with the gzip header
    try:
        raw = inflate.decompress(data, MAX_FILE_BYTES + 1)
    except zlib.error as exc:
        raise RecordError(Problem(_NOT_GZIP(why=str(exc)), str(path))) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(Problem(_INFLATES(mib=MAX_FILE_BYTES // (1024 * 1024)), str(path)))
    return decode_text(raw, path, RecordError, cut=True)


