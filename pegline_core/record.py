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

>>> from pegline_core.app.players import RandomBot, play_game
>>> game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=7)
>>> record = GameRecord.of(game, seed=7)
>>> again = GameRecord.from_toml(record.to_toml()).replay()
>>> again.log == game.log
True
>>> GameRecord.from_toml(record.to_toml()).verify() is None
True
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import tomli_w
from attrs import field, frozen

from pegline_core.errors import PeglineError, RecordError
from pegline_core.events import EventCodec, Input
from pegline_core.files import parse_toml, read_text
from pegline_core.game import Game
from pegline_core.plugins import game_definition
from pegline_core.ruleset import Ruleset
from pegline_core.strict import converter
from pegline_core.variant import DEFAULT_GAME, Variant, load_variant, renamed_from

__all__ = ["GameRecord", "RecordError", "Difference", "FORMAT", "VERSION", "rules_digest"]

FORMAT = "pegline-record"
VERSION = 2
"""Version 2: the header names the record's ``game``; variants name their game and keep
cribbage's ``[game]`` table as ``[scoring]``; muggins is a plugin. Version 1 (cribbage only) is
migrated on reading, see `_migrate`."""
V1_GAME = "cribbage"
"""The game of every version-1 record: version 1 knew no other."""
V1_DIGEST = "v1-"
"""The prefix of a version-1 rules digest kept by the migration: the game checks it (its
``legacy_digest(1, ruleset)``, e.g. `pegline_cribbage.legacy.rules_digest_v1`)."""


@frozen
class Difference:
    """The first event where a replay and a record disagree (None where one has no event)."""

    seq: int
    expected: dict[str, Any] | None
    found: dict[str, Any] | None

    def __str__(self) -> str:
        return f"event {self.seq} differs: expected {self.expected}, found {self.found}"


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


def digest_of(rules: dict[str, Any]) -> str:
    """``sha256:`` and the hex digest of the rules as canonical JSON."""
    text = json.dumps(rules, sort_keys=True, ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def without_defaults(data: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the keys whose value equals the default (tables compared key by key)."""
    out = {}
    for key, value in data.items():
        default = defaults.get(key)
        if isinstance(value, dict) and isinstance(default, dict):
            rest = without_defaults(value, default)
            if rest:
                out[key] = rest
        elif value != default:
            out[key] = value
    return out


def _toml_safe(data: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: leave out the keys whose value is None."""
    return {k: v for k, v in data.items() if v is not None}


def _migrate(head: dict[str, Any]) -> dict[str, Any]:
    """A version-1 header read as version 2 (docs/records.md, "Schema versions").

    Version 1 was cribbage only, so the game is cribbage. Its rules digest was computed over the
    version-1 variant layout: it is kept with the `V1_DIGEST` prefix, and the game checks it
    against the installed rules written in that layout. The events need no change: version 2
    reads them as they are (a null written by a version-1 ``--log``, such as a chance event's
    ``actor``, reads as a key left out, like every null).
    """
    if head.get("version") == 1:
        head = {**head, "version": 2, "game": V1_GAME}
        digest = head.get("digest")
        if isinstance(digest, str) and digest:
            head["digest"] = V1_DIGEST + digest
    return head


@functools.cache
def _codec(game: str) -> EventCodec:
    """The codec of the game named ``game`` (built once: reading a record checks every event)."""
    return EventCodec(game_definition(game))


@frozen
class GameRecord:
    """A game's header and events, as plain data (event dicts)."""

    variant: str
    overlays: tuple[str, ...] = ()
    digest: str = ""
    plugins: dict[str, str] = field(factory=dict)
    dealer: int | None = None
    seed: int | None = None
    events: tuple[dict[str, Any], ...] = ()
    game: str = DEFAULT_GAME
    """The game whose codec reads the events (``cribbage`` for every version-1 record)."""

    @property
    def assist_used(self) -> bool:
        """Whether a player asked the coach during the game."""
        return any(e.get("type") == "ask-coach" for e in self.events)

    # -- making ------------------------------------------------------------------------------

    @classmethod
    def of(cls, game: Game, *, seed: int | None = None, derived: bool = True) -> GameRecord:
        """The record of ``game`` so far; without ``derived`` only its inputs are kept."""
        base, *overlays = game.variant.name.split("+")
        codec = game.codec
        events = [codec.to_dict(e) for e in game.log if derived or isinstance(e, Input)]
        return cls(base, tuple(overlays), rules_digest(game.ruleset), game.ruleset.versions(),
                   game.first_dealer, seed, tuple(events), game.variant.game)

    def header(self) -> dict[str, Any]:
        return _toml_safe({
            "format": FORMAT, "version": VERSION, "game": self.game, "variant": self.variant,
            "overlays": list(self.overlays), "digest": self.digest, "plugins": self.plugins,
            "dealer": self.dealer, "seed": self.seed, "assist_used": self.assist_used or None,
        })

    def to_toml(self) -> str:
        return tomli_w.dumps(self.header() | {"events": list(self.events)})

    def to_jsonl(self) -> str:
        lines = [self.header(), *self.events]
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)

    def save(self, path: str | Path) -> None:
        """Write atomically (a temporary file renamed into place): never a half-written record."""
        path = Path(path)
        text = self.to_jsonl() if path.suffix == ".jsonl" else self.to_toml()
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)

    # -- reading -----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a TOML record or a JSON Lines log (by the file's suffix)."""
        path = Path(path)
        text = read_text(path, RecordError)
        if path.suffix == ".jsonl":
            return cls.from_jsonl(text, name=str(path))
        return cls.from_toml(text, name=str(path))

    @classmethod
    def from_toml(cls, text: str, *, name: str = "<record>") -> GameRecord:
        data = parse_toml(text, name, RecordError)
        events = data.pop("events", [])
        if not isinstance(events, list):
            raise RecordError(f"{name}: events: expected an array of tables")
        return cls._from_parts(data, events, name, "events[{}]")

    @classmethod
    def from_jsonl(cls, text: str, *, name: str = "<log>") -> GameRecord:
        """Read a log; a last line cut off by a crash is dropped, every complete event kept."""
        rows = []
        lines = text.split("\n")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                if number == len(lines):  # the unfinished last line of a crashed writer
                    break
                raise RecordError(f"{name}: line {number}: not valid JSON: {exc.msg}") from None
            if not isinstance(row, dict):
                raise RecordError(f"{name}: line {number}: expected a JSON object")
            rows.append(row)
        if not rows:
            raise RecordError(f"{name}: no header line")
        return cls._from_parts(rows[0], rows[1:], name, "line {}", offset=2)

    @classmethod
    def _from_parts(cls, head: dict[str, Any], events: list[Any], name: str, where: str,
                    offset: int = 0) -> GameRecord:
        if head.get("format") != FORMAT:
            raise RecordError(f"{name}: not a Pegline record (format should be {FORMAT!r})")
        head = _migrate(head)
        version = head.get("version")
        if version != VERSION:
            raise RecordError(f"{name}: record version {version!r} is not supported "
                              f"(this Pegline reads versions 1 and {VERSION})")
        for index, event in enumerate(events):
            if not isinstance(event, dict):
                raise RecordError(f"{name}: {where.format(index + offset)}: expected a table")
        try:
            record = cls(
                variant=_typed(head, "variant", str, name),
                overlays=tuple(head.get("overlays", ())),
                digest=head.get("digest", ""), plugins=dict(head.get("plugins", {})),
                dealer=head.get("dealer"), seed=head.get("seed"),
                events=tuple(_toml_safe(e) for e in events),  # one form for TOML and JSON
                game=_typed(head, "game", str, name) if "game" in head else DEFAULT_GAME,
            )
        except TypeError as exc:
            raise RecordError(f"{name}: {exc}") from None
        if not isinstance(record.digest, str):
            raise RecordError(f"{name}: digest: expected a str, got {record.digest!r}")
        try:
            codec = _codec(record.game)
        except PeglineError as exc:
            raise RecordError(f"{name}: the record's game {record.game!r} cannot be loaded: "
                              f"{exc}") from None
        for index, event in enumerate(events):
            try:
                codec.from_dict(event)
            except PeglineError as exc:
                raise RecordError(f"{name}: {where.format(index + offset)}: {exc}") from None
        return record

    # -- replaying and verifying -------------------------------------------------------------

    def load_variant(self) -> Variant:
        """The recorded variant as installed here, or `RecordError`."""
        try:
            return load_variant(self.variant, overlays=self.overlays)
        except PeglineError as exc:
            raise RecordError(f"the record's variant cannot be loaded: {exc}") from None

    def new_game(self) -> Game:
        """A new game under the recorded rules, or `RecordError` if the installed rules differ.

        A variant renamed since the record was made is found by its old name (its file's
        ``formerly`` key) when the variant now of that name has other rules."""
        try:
            return self._new_game(self.load_variant())
        except RecordError as exc:
            if "other rules" not in str(exc):
                raise
            for name in renamed_from(self.variant):
                try:
                    return self._new_game(load_variant(name, overlays=self.overlays))
                except PeglineError:
                    continue
            raise

    def _new_game(self, variant: Variant) -> Game:
        if variant.game != self.game:
            raise RecordError(f"the record is a game of {self.game}, but the installed variant "
                              f"{variant.name!r} is a game of {variant.game}")
        try:
            game = Game(variant, dealer=self.dealer)
        except PeglineError as exc:
            raise RecordError(f"the record's game cannot be started: {exc}") from None
        if self.digest.startswith(V1_DIGEST):  # migrated: the game knows the old layout
            legacy = getattr(game.ruleset.game, "legacy_digest", None)
            old = legacy(1, game.ruleset) if legacy is not None else None
            if old is None:
                raise RecordError(f"the game {self.game!r} cannot check a version-1 digest")
            installed_digest = V1_DIGEST + old
        else:
            installed_digest = rules_digest(game.ruleset)
        if self.digest and installed_digest != self.digest:
            raise RecordError(f"the record was made under other rules than the installed "
                              f"{variant.name!r} (digest {self.digest}, installed "
                              f"{installed_digest}); it is not replayed under other rules")
        installed = game.ruleset.versions()
        changed = {p: (v, installed.get(p)) for p, v in self.plugins.items()
                   if installed.get(p) != v}
        if changed:
            detail = ", ".join(f"{p} {old} (installed {new})" for p, (old, new) in changed.items())
            raise RecordError(f"the record was made with other plugin versions: {detail}")
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

    def replay(self) -> Game:
        """Re-derive the whole game from the inputs; `RecordError` names an illegal input."""
        game = self.new_game()
        for index, event in self.inputs(game):
            try:
                game.apply(event.action)
            except ValueError as exc:
                raise RecordError(f"event {event.seq} (record item {index}): {exc}") from None
        return game

    def verify(self) -> Difference | None:
        """The first difference between the replayed game and the recorded events, or None."""
        game = self.replay()
        codec = game.codec
        derived = codec.dicts(game.log)
        recorded = list(self.events)
        if len(recorded) < len(derived) and all(
                data["type"] in codec.input_types for data in self.events):
            return None  # an inputs-only record has nothing derived to check
        for seq in range(max(len(derived), len(recorded))):
            expected = derived[seq] if seq < len(derived) else None
            found = recorded[seq] if seq < len(recorded) else None
            if expected is not None:
                expected = {k: v for k, v in expected.items() if v is not None}
            if expected != found:
                return Difference(seq, expected, found)
        return None


def _typed(data: dict[str, Any], key: str, kind: type, name: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise RecordError(f"{name}: {key}: expected a {kind.__name__}, got {value!r}")
    return value
