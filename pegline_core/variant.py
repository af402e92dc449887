"""Variants: the rules of a game as data, loaded strictly from TOML files.

A variant file sets any of the keys below (``docs/variants.md`` lists them all); what it leaves out
comes from the files it ``extends`` and then from the defaults of its ``game`` (cribbage unless it
names another). The kernel reads ``game``, ``description``, ``source``, ``extends``, ``plugins``,
``disable``, ``table`` and ``config``; every other key belongs to the game. Loading reports every
problem in every file at once, each as ``file: key.path: message``. Finding, reading and merging
the files is `pegline_core.variant_files`; structuring and checking the result is here.

>>> variant = load_variant("two-player")
>>> variant.game, variant.table.players, variant.settings.scoring.target
('cribbage', 2, 121)
>>> load_variant("three-player", overlays=["lowball"]).name
'three-player+lowball'
"""

from __future__ import annotations

import contextvars
import functools
import json
import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import attrs

from pegline_core.arguments import expect, paths, plugin_classes
from pegline_core.definition import GameDefinition
from pegline_core.descriptions import unknown_keys
from pegline_core.errors import PeglineError, VariantError
from pegline_core.files import parse_toml, read_text
from pegline_core.locate import Locator
from pegline_core.messages import Problem, Template, code_of, said
from pegline_core.plugins import UNKNOWN_PLUGIN, game_definition, plugin_class
from pegline_core.ruleset import Ruleset
from pegline_core.strict import (
    UNKNOWN_KEY,
    UNKNOWN_KEY_NEAR,
    describe,
    format_path,
    leniently,
    structure_strict,
    unknown_key,
)
from pegline_core.variant_data import (
    DEFAULT_GAME,
    DEFAULT_VARIANT,
    FrozenTable,
    Table,
    Variant,
)
from pegline_core.variant_files import (
    NO_FILE,
    Merger,
    Resolver,
    VariantFile,
    available_variants,
    own_keys_only,
    read_variant,
    variant_search_path,
)

__all__ = [
    "Variant", "Table", "VariantError", "FrozenTable", "load_variant", "available_variants",
    "variant_search_path", "DEFAULT_VARIANT", "DEFAULT_GAME", "variant_from_table",
    "renamed_from",
]

_SET_BY_LOADING = Template("variant.set-by-loading", "set by loading, never by a file")
_GAME_NAME = Template("variant.game-name", "expected a game's name, got {value}")
_OTHER_GAME = Template("variant.overlay-game", "a variant of {game} cannot be put on {variant}, "
                       "a variant of {under}")
_NO_SUCH_KEY = Template("variant.description-key", "{key} names no key of the variant")
_NOT_RULES = Template("variant.not-a-table", "expected a table of rules, got {value}")
_PLAYERS = Template("table.players", "must be from 2 to 8, got {n}")
_TEAMS = Template("table.teams", "{key} must split seats 0..{last} ({players}) with each seat "
                  "once, got {teams}")
_ONE_TEAM = Template("table.one-team", "needs at least two teams")
_TWICE = Template("plugins.twice", "a plugin is named twice")
_UNUSED = Template("config.unused", "{key} configures plugin {plugin}, which the variant does "
                   "not use ({plugins})")
_HINTED = Template("hinted", "{message}{hint}")
_UNKNOWN_KEYS = (UNKNOWN_KEY.code, UNKNOWN_KEY_NEAR.code)


def _set_by_loading(data: dict[str, object]) -> list[str]:
    """Take out of ``data`` the keys that loading sets (``name``, ``notices``, ``settings``),
    which a file may not; the ones it held."""
    return [key for key in ("name", "notices", "settings") if data.pop(key, None) is not None]


_KERNEL_KEYS = ("game", "description", "source", "extends", "plugins", "disable", "table",
                "config")
"""The keys of a variant file the kernel reads (``name``, ``notices`` and ``settings`` are set by
loading, never by a file: `_set_by_loading`)."""


# -- loading ----------------------------------------------------------------------------------


def load_variant(
    name_or_path: str | os.PathLike[str],
    *,
    overlays: Sequence[str | os.PathLike[str]] = (),
    search_path: Sequence[Path] | None = None,
    extra_plugins: Mapping[str, type] | None = None,
) -> Variant:
    """Load, resolve and validate a variant by name (on the search path) or by file path.

    ``overlays`` are variants (names or files) merged on top, in order (``--with lowball``).
    The game and the plugins the variant names are looked up among installed entry points and
    ``extra_plugins``. Raises `VariantError` listing every problem (a `PeglineError` for an
    argument of the wrong kind).
    """
    expect(isinstance(name_or_path, str | os.PathLike), "the variant",
           "a variant's name or a .toml file's path", name_or_path)
    overlays = paths(overlays, "overlays", "a list of variant names or .toml files' paths")
    plugin_classes(extra_plugins)
    folders = [Path(folder) for folder in paths(search_path, "search_path", "a list of folders")] \
        if search_path is not None else variant_search_path()
    resolver = Resolver(folders, loads=functools.partial(_loads, search_path=folders,
                                                          extra_plugins=extra_plugins))
    top = read_variant(resolver, name_or_path, "")
    added = []  # the overlays that add a file (one already part of the variant adds nothing)
    mixed: list[str] = []  # an overlay of another game: its plugins and settings mean nothing
    for overlay in overlays:
        count = len(resolver.files)
        where = f"--with {os.fspath(overlay)!r}"
        file = read_variant(resolver, overlay, where)
        if file is not None and len(resolver.files) > count:
            added.append(file)
        if file is not None and top is not None and \
                _game_of(file, resolver.files) != _game_of(top, resolver.files):
            mixed.append(Problem(_OTHER_GAME(game=_game_of(file, resolver.files),
                                             variant=_stem(name_or_path),
                                             under=_game_of(top, resolver.files)), where))
    if top is None or mixed:
        raise VariantError(resolver.problems + mixed)
    # a parent that cannot be read leaves the files that can: their problems are checked and
    # reported with it, all at once
    name = "+".join(map(_stem, (name_or_path, *overlays)))

    files = [own_keys_only(file, file is top, resolver.problems, resolver.notices)
             for file in resolver.files]
    for file in files:
        resolver.problems += [Problem(_SET_BY_LOADING(), file.shown, key)
                              for key in _set_by_loading(file.data)]
    game_name = next((f.data["game"] for f in reversed(files) if "game" in f.data), DEFAULT_GAME)
    game_file = next((f.shown for f in reversed(files) if "game" in f.data), top.shown)
    if not isinstance(game_name, str):
        wrong = describe(game_name)
        raise VariantError([Problem(_GAME_NAME(value=wrong), game_file, "game")])
    try:
        definition = game_definition(game_name, extra_plugins)
    except PeglineError as exc:
        raise VariantError([Problem(said(exc), game_file, "game")]) from None
    defaults = Variant(game=game_name, plugins=tuple(definition.default_plugins),
                       settings=definition.Settings()).to_toml_dict()
    merger = Merger()
    merger.add(VariantFile(NO_FILE, "", defaults, frozenset()))
    for file in files:
        merger.add(file)
    merger.follow(definition.follows)
    merger.follow(_config_follows(merger.data.get("plugins"), extra_plugins))
    merger.data["extends"] = [*map(_stem, (name_or_path, *overlays))] if overlays else \
        list(top.bases)
    early = resolver.problems + merger.problems  # (a list refused is merged as it likely meant)
    locate = Locator(merger.origin, merger.rank, top.shown)  # top: keys left to their defaults
    variant, found = _structure_leniently(merger.data, definition.Settings)
    if variant is None:
        raise VariantError(early + [locate(p, m) for p, m in found])
    more, notices = _semantic(variant, definition, extra_plugins,
                              skip={path for path, _ in found if path}, must_score=True)
    found += [(p, _hinted(m, _variant_hint(variant, p, m))) for p, m in more]
    setting = set(merger.origin.values())  # an overlay whose every key a later one changed
    described = [(file.shown, file.data.get("description")) for file in
                 (top, *(file for file in added if file.shown in setting))]  # says nothing
    descriptions = tuple(text for _, text in described if isinstance(text, str) and text)
    values = variant.to_toml_dict()
    late: list[str] = [Problem(_NO_SUCH_KEY(key=f"{{{key}}}"), shown, "description")
            for shown, text in described if isinstance(text, str)
            for key in unknown_keys(text, values)]
    if early or found or late:
        raise VariantError(early + [locate(p, m) for p, m in found] + late)
    variant = attrs.evolve(variant, descriptions=descriptions)
    return attrs.evolve(variant, name=name, description=variant.describe(),
                        notices=(*resolver.notices, *notices))


def _game_of(file: VariantFile, files: Sequence[VariantFile]) -> object:
    """The game ``file`` is a variant of: the ``game`` of the last of it and the files it
    extends to set one (`files` lists each after the files it extends), else the default."""
    chain = [f for f in files if f.key == file.key or f.key in file.ancestors]
    return next((f.data["game"] for f in reversed(chain) if "game" in f.data), DEFAULT_GAME)


_LISTING: contextvars.ContextVar[bool] = contextvars.ContextVar("pegline_listing", default=False)
"""True while the variants an "unknown variant" message lists are being loaded."""


def _loads(path: Path, *, search_path: Sequence[Path],
           extra_plugins: Mapping[str, type] | None) -> bool | None:
    """Whether the variant file ``path`` loads, for the "known" list of an unknown variant
    (None, list it unchecked, while already checking: a broken file extending a missing parent
    is itself checked for the list)."""
    if _LISTING.get():
        return None
    token = _LISTING.set(True)
    try:
        load_variant(path, search_path=search_path, extra_plugins=extra_plugins)
    except PeglineError:
        return False
    finally:
        _LISTING.reset(token)
    return True


def _config_follows(plugins: object, extra: Mapping[str, type] | None) -> dict[str, list[str]]:
    """Each plugin's ``follows`` (keys of its ``[config.NAME]`` table that another key's later
    change drops, as two ways of saying one thing replace each other) as dotted paths."""
    found: dict[str, list[str]] = {}
    for name in plugins if isinstance(plugins, list) else []:
        if not isinstance(name, str):
            continue  # reported with the variant's other problems
        try:
            cls = plugin_class(name, extra)
        except PeglineError:
            continue  # an unknown plugin is reported with the variant's other problems
        follows = getattr(cls, "follows", {})
        for key, followed in follows.items() if isinstance(follows, Mapping) else ():
            found[f"config.{name}.{key}"] = [f"config.{name}.{other}" for other in followed]
    return found


def _hinted(message: str, hint: str) -> str:
    return _HINTED(message=message, hint=hint) if hint else message


def _variant_hint(variant: Variant, path: tuple[str | int, ...], message: str) -> str:
    """For a variant's name written where a plugin's belongs (``plugins = ["+stink-hole"]``):
    how to use that variant, or the plugins it adds."""
    if len(path) != 2 or path[0] != "plugins" or code_of(message) != UNKNOWN_PLUGIN.code:
        return ""
    name = variant.plugins[path[1]] if isinstance(path[1], int) and \
        path[1] < len(variant.plugins) else ""
    if name not in available_variants():
        return ""
    try:
        own = [p for p in load_variant(name).plugins if p not in variant.plugins]
    except PeglineError:
        own = []
    adds = f", or add its plugins: {', '.join(json.dumps('+' + p) for p in own)}" if own else ""
    return f"; {name!r} is a variant: extends = [{json.dumps(name)}] builds on it{adds}"


def _stem(name_or_path: str | os.PathLike[str]) -> str:
    return Path(os.fspath(name_or_path)).stem


def renamed_from(old_name: str, search_path: Sequence[Path] | None = None) -> list[str]:
    """The variants that were once called ``old_name`` (their files' ``formerly`` key), so that a
    record naming the old variant still replays under its rules."""
    found = []
    for name, path in available_variants(search_path).items():
        try:
            data = parse_toml(read_text(path, ValueError), str(path), ValueError)
        except ValueError:
            continue
        formerly = data.get("formerly", [])
        if isinstance(formerly, list) and old_name in formerly:
            found.append(name)
    return found


def variant_from_table(data: Mapping[str, object], *, name: str,
                       extra_plugins: Mapping[str, type] | None = None) -> Variant:
    """A variant from its fully resolved table (`Variant.to_toml_dict`), as a record embeds it.

    Nothing is looked up on the search path and no file is read: ``extends`` is kept as
    information only. The game and plugins must be installed; every problem is reported as
    ``name: key.path: message`` (`VariantError`).

    >>> house = load_variant("two-player", overlays=["lowball"])
    >>> again = variant_from_table(house.to_toml_dict(), name=house.name)
    >>> again == house
    True
    """
    if not isinstance(data, Mapping):
        raise VariantError([Problem(_NOT_RULES(value=describe(data)), name)])
    game_name = data.get("game", DEFAULT_GAME)
    if not isinstance(game_name, str):
        raise VariantError([Problem(_GAME_NAME(value=describe(game_name)), name, "game")])
    try:
        definition = game_definition(game_name, extra_plugins)
    except PeglineError as exc:
        raise VariantError([Problem(said(exc), name, "game")]) from None
    data = dict(data)
    problems = [Problem(_SET_BY_LOADING(), name, key) for key in _set_by_loading(data)]
    variant, found = _structure_leniently(data, definition.Settings)
    more: list[tuple[tuple[str | int, ...], str]] = []
    notices: list[str] = []
    if variant is not None:
        more, notices = _semantic(variant, definition, extra_plugins,
                                  skip={path for path, _ in found if path})
    problems += [Problem(m, name, format_path(p) or "(top)") for p, m in found + more]
    if problems or variant is None:
        raise VariantError(problems)
    return attrs.evolve(variant, name=name, notices=tuple(notices))


def _structure_leniently(data: dict[str, object], settings: type
                         ) -> tuple[Variant | None, list[tuple[tuple[str | int, ...], str]]]:
    """Structure the variant, the kernel's keys and the game's, each key that fails left to its
    default, so that the semantic pass can still report every other mistake. None (with the
    problems) when leaving keys out cannot reach a variant."""
    kernel = {key: data[key] for key in _KERNEL_KEYS if key in data}
    own = {key: value for key, value in data.items() if key not in _KERNEL_KEYS}
    variant, found = leniently(functools.partial(structure_strict, cls=Variant), kernel)
    game_settings, more = leniently(functools.partial(structure_strict, cls=settings), own)
    top_keys = [*_KERNEL_KEYS, *(f.name for f in attrs.fields(settings))]
    found = [(path, unknown_key(str(path[0]), top_keys))
             if len(path) == 1 and code_of(message) in _UNKNOWN_KEYS
             else (path, message)
             for path, message in found + more]
    if variant is None or game_settings is None:
        return None, found
    return attrs.evolve(variant, settings=game_settings), found


def semantic_problems(variant: Variant, extra_plugins: Mapping[str, type] | None = None
                      ) -> list[tuple[tuple[str | int, ...], str]]:
    """Every cross-field problem of a structured variant: the kernel's, its game's, its
    plugins' (configuration, names, their own checks), as (path, message)."""
    return _semantic(variant, game_definition(variant.game, extra_plugins), extra_plugins)[0]


def _semantic(variant: Variant, definition: GameDefinition,
              extra_plugins: Mapping[str, type] | None,
              skip: Collection[tuple[str | int, ...]] = (), *, must_score: bool = False
              ) -> tuple[list[tuple[tuple[str | int, ...], str]], list[str]]:
    """Every problem at once: the kernel's, the game's, the plugins' (unless their names or
    tables failed to load), leaving out the keys in ``skip`` that already failed (and what is
    inside them); and the plugins' notices. A wrong number of players is reported once: the
    game's other checks run as at the game's own table. ``must_score``: a variant in which
    nothing can score is a problem (a file's; a variant built in code for a test may score
    nothing)."""
    def fresh(path: tuple[str | int, ...]) -> bool:
        return not any(path[:len(failed)] == failed for failed in skip)

    kernel = check_variant(variant)
    found = [(p, m) for p, m in kernel if fresh(p)]
    if any(p == ("table", "players") for p, _ in kernel):
        seated = attrs.evolve(variant, table=Table())  # the rest checked at a table that seats
        found += [(p, m) for p, m in definition.check_settings(seated)
                  if fresh(p) and p[0] != "table"]
    else:
        found += [(p, m) for p, m in definition.check_settings(variant) if fresh(p)]
    notices: list[str] = []
    if not {"plugins", "config"} & {path[0] for path in skip if path}:
        known = {p for p, _ in found}
        problems, notices = Ruleset.inspect(variant, extra_plugins, must_score=must_score)
        found += [(p, m) for p, m in problems if p not in known]
    return found, notices


def check_variant(variant: Variant) -> list[tuple[tuple[str | int, ...], str]]:
    """The kernel's cross-field checks: seats, teams, plugin names and their tables."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    table = variant.table
    players = table.players
    if not 2 <= players <= 8:
        problems.append((("table", "players"), _PLAYERS(n=players)))
    elif table.teams:  # (seats are only counted out for a table that can be seated)
        seats = [seat for team in table.teams for seat in team]
        if sorted(seats) != list(range(players)):
            teams = [list(t) for t in table.teams]
            problems.append((("table", "teams"), _TEAMS(
                key="table.teams", last=players - 1, players=f"table.players = {players}",
                teams=teams)))
        elif len(table.teams) < 2:
            problems.append((("table", "teams"), _ONE_TEAM()))
    if len(set(variant.plugins)) != len(variant.plugins):
        problems.append((("plugins",), _TWICE()))
    for plugin in variant.config:
        if plugin not in variant.plugins:
            used = json.dumps(list(variant.plugins))
            problems.append((("config", plugin), _UNUSED(
                key=f"config.{plugin}", plugin=repr(plugin), plugins=f"plugins = {used}")))
    return problems
