"""A game is a small contract plus hooks: the kernel's (`pegline_core.game_hookspecs`) and the
application's (`pegline_core.app.hookspecs`), each checked by pluggy when the game is loaded, each
missing one told by name, and listed in docs/writing-games.md from their specifications."""

from __future__ import annotations

import ast
import inspect
import random
import re
import textwrap
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

import pegline_core
from pegline_core import (
    Game,
    MissingHook,
    PeglineError,
    PluginError,
    Ruleset,
    game_definition,
    game_hookimpl,
    game_hookspecs,
    load_variant,
)
from pegline_core.app import hookspecs as app_hookspecs
from pegline_core.app.cli import main
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.hookspecs import app_hookimpl
from pegline_core.app.web import create_app
from pegline_core.app.web.tables import Tables
from pegline_core.fairness import check_fair_views
from pegline_core.game_hooks import GameHooks

ROOT = Path(pegline_core.__file__).resolve().parents[1]


def hook_list(specs: ModuleType, project: str) -> str:
    """The page's list of a module's hooks: each hook's call and its docstring, one paragraph."""
    marker = f"{project}_spec"
    items = []
    for name, function in vars(specs).items():
        if callable(function) and hasattr(function, marker):
            arguments = ", ".join(inspect.signature(function).parameters)
            said = " ".join((inspect.getdoc(function) or "(no docstring)").split())
            items.append(textwrap.fill(f"- `{name}({arguments})`: {said}", width=100,
                                       subsequent_indent="  "))
    return "\n".join(items)


def test_the_guide_lists_every_hook_from_its_specification():
    page = (ROOT / "docs" / "writing-games.md").read_text(encoding="utf-8")
    for specs, project in ((game_hookspecs, game_hookspecs.PROJECT),
                           (app_hookspecs, app_hookspecs.APP_PROJECT)):
        listed = hook_list(specs, project)
        assert listed in page, f"docs/writing-games.md should list, as written here:\n{listed}"


@pytest.fixture
def cribbage_without(monkeypatch):
    """Cribbage with some of its hooks taken away (each layer's hooks rebuilt from scratch)."""
    from pegline_cribbage import Cribbage

    monkeypatch.setattr(GameHooks, "_built", {})

    def without(*hooks: str) -> None:
        for hook in hooks:
            monkeypatch.setattr(Cribbage, hook, None)

    return without


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "game 'cribbage' does not implement pegline_human: a person cannot play it at the "
           "terminal"),
    ("ja", "pegline_human"),
    ("zh-Hans", "pegline_human"),
])
def test_the_command_line_names_the_hook_a_game_lacks(cribbage_without, lang, said):
    cribbage_without("pegline_human")
    result = CliRunner().invoke(main, ["--lang", lang, "play", "--human", "--seed", "1"],
                                input="1 2\n")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert said in result.output
    if lang != "en":  # in the user's language
        assert "does not implement" not in result.output and "cribbage" in result.output


def test_the_web_api_names_the_hook_a_game_lacks(cribbage_without):
    cribbage_without("pegline_web_table")
    with TestClient(create_app(Tables())) as client:
        listed = {v["name"]: v for v in client.get("/api/options").json()["variants"]}
        assert listed["two-player"]["playable"] is False
        assert listed["two-player"]["problem"] == ("game 'cribbage' does not implement "
                                                   "pegline_web_table: it cannot be played in "
                                                   "the browser")
        assert listed["clabber"]["playable"] is True
        response = client.post("/api/tables", json={"variant": "two-player",
                                                    "seats": ["person", "bot:greedy"]})
        assert response.status_code == 400
        assert "pegline_web_table" in response.json()["error"]
        japanese = client.post("/api/tables?lang=ja", json={"variant": "two-player",
                                                             "seats": ["person", "bot:greedy"]})
        assert japanese.status_code == 400
        assert "pegline_web_table" in japanese.json()["error"]
        assert "does not implement" not in japanese.json()["error"]


def test_python_is_told_which_kernel_hook_a_game_lacks(cribbage_without):
    from pegline_core.rl.environment import encoding_of

    cribbage_without("pegline_encoding", "pegline_redactor")
    with pytest.raises(MissingHook, match="game 'cribbage' does not implement pegline_encoding: "
                                          "it has no encoding for learning agents") as caught:
        encoding_of(Game("two-player").ruleset)
    assert (caught.value.game, caught.value.hook) == ("cribbage", "pegline_encoding")
    assert isinstance(caught.value, PeglineError)
    with pytest.raises(MissingHook, match="pegline_redactor"):
        check_fair_views("two-player", games=1)


@attrs.frozen
class NoSettings:
    """A game's keys of a variant file: none."""


class Misspelt:
    """A game's contract; each test adds a hook, misspelt or mistaken."""

    Settings, default_plugins, follows, actions, events = NoSettings, (), {}, {}, {}

    def check_settings(self, variant):
        return []

    def new_machine(self, ruleset, log):
        raise AssertionError("never reached")


def test_a_misspelt_kernel_hook_is_refused_when_the_game_loads(tmp_path):
    class Coached(Misspelt):
        @game_hookimpl
        def pegline_evalutor(self, ruleset):
            return None

    with pytest.raises(PluginError, match="plugin 'typo': 'pegline_evalutor' is not a hook "
                                          r"\(did you mean 'pegline_evaluator'\?\)") as caught:
        GameHooks.of("typo", Coached())
    assert caught.value.hook == "pegline_evalutor"
    problems = variant_problems(tmp_path, {"typo": Coached})
    assert any("'pegline_evalutor' is not a hook" in problem for problem in problems)


def test_a_misspelt_application_hook_is_refused_naming_it():
    class Served(Misspelt):
        @app_hookimpl
        def pegline_web_tabel(self, variant):
            return None

    with pytest.raises(PluginError, match="plugin 'typo': 'pegline_web_tabel' is not a hook "
                                          r"\(did you mean 'pegline_web_table'\?\)"):
        app_hooks("typo", Served())
    GameHooks.of("typo", Served())  # the kernel's hooks do not see the application's


def test_a_hook_under_the_other_layers_marker_is_refused_saying_which_marker_is_whose():
    class Mismarked(Misspelt):
        @game_hookimpl
        def pegline_web_table(self, variant):
            return None

    with pytest.raises(PluginError, match=r"^plugin 'typo': 'pegline_web_table' is a game's hook, "
                                          r"which is marked with app_hookimpl$"):
        GameHooks.of("typo", Mismarked())


def test_a_games_hook_under_the_rules_marker_is_refused_naming_its_marker(tmp_path):
    from pegline_core import hookimpl

    class RulesMarked(Misspelt):
        @hookimpl
        def pegline_evaluator(self, ruleset):
            return None

    assert variant_problems(tmp_path, {"typo": RulesMarked}) == [
        f"{tmp_path / 'typo.toml'}: plugins: plugin 'typo': 'pegline_evaluator' is a game's "
        "hook, which is marked with game_hookimpl"]


def test_a_hook_with_an_argument_its_specification_lacks_is_refused_by_pluggy():
    class Printed(Misspelt):
        @app_hookimpl
        def pegline_printer(self, variant, colour):
            return None

    with pytest.raises(PluginError, match="plugin 'typo': pegline_printer takes 'colour', which "
                                          "the hook does not pass"):
        app_hooks("typo", Printed())


def test_a_game_lacking_a_member_of_the_contract_is_told_which():
    class NoMachine:
        Settings, default_plugins, actions, events = object, (), {}, {}

    with pytest.raises(PluginError, match=r"is not a game \(it has no new_machine, "
                                          r"check_settings, follows\)"):
        game_definition("bare", {"bare": NoMachine})


def variant_problems(folder: Path, plugins: dict[str, type]) -> list[str]:
    (folder / "typo.toml").write_text('game = "typo"\n')
    try:
        load_variant(folder / "typo.toml", extra_plugins=plugins)
        Game(load_variant(folder / "typo.toml", extra_plugins=plugins), extra_plugins=plugins)
    except PeglineError as exc:
        return [str(exc)]
    return []


def test_the_kernel_and_the_application_probe_no_game_member():
    """No ``getattr`` or ``hasattr`` in pegline_core reads a member of a game definition or of a
    machine: those are the contract, or hooks."""
    assert game_member_probes(ROOT / "pegline_core") == []


FORMER = {"legacy_digest", "legacy_events", "redact", "web_table", "evaluator", "encoding",
          "statistics", "statistics_lines", "tally", "tally_seats", "script", "check_plugins",
          "scoring_words", "rule_words", "round_robin", "follows", "bots", "human", "printer",
          "choices", "play_bots", "quiet"}
"""The members a game or its machine once had optionally, each looked up where it was needed."""
CONTRACT = {"Settings", "default_plugins", "actions", "events", "check_settings", "new_machine"}
RULE_PLUGINS_FOLLOWS = ("pegline_core/variant.py", "cls", "'follows'")
"""A rule plugin's own ``follows`` (of its ``Config``'s keys), which is not a game's."""


def game_member_probes(folder: Path) -> list[tuple[str, str, str]]:
    """Each ``getattr``/``hasattr`` under ``folder`` that names a game's member (or a hook) or
    reads a definition or a machine: (module, object, name)."""
    hooks = {name for specs in (game_hookspecs, app_hookspecs) for name in vars(specs)
             if name.startswith("pegline_")}
    members = {repr(name) for name in FORMER | CONTRACT | hooks}
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "hasattr") and len(node.args) > 1:
                probe = (path.relative_to(ROOT).as_posix(), ast.unparse(node.args[0]),
                         ast.unparse(node.args[1]))
                if probe != RULE_PLUGINS_FOLLOWS and (
                        probe[2] in members
                        or re.search(r"definition|machine|\bgame\b(?!\.ruleset\.pm)", probe[1])):
                    found.append(probe)
    return found


def test_the_kernels_message_for_a_missing_hook_is_shown_in_the_users_language():
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown
    from pegline_core.game_hooks import GameHooks

    class Tricks:  # a game that implements no hook of the kernel's
        pass

    error = GameHooks.of("tricks", Tricks()).missing("pegline_evaluator")
    assert str(error) == ("game 'tricks' does not implement pegline_evaluator: it has no coach "
                          "to compare with")
    assert error.code == "game.missing-hook"
    with use_language("ja"):
        assert shown(error) == ("ゲーム 'tricks' は pegline_evaluator を実装していません："  # noqa: RUF001
                                 "比較するコーチがいません")
    with use_language("zh-Hans"):
        assert shown(error) == "游戏 'tricks' 未实现 pegline_evaluator：没有可供比较的教练"  # noqa: RUF001


def test_a_round_robin_the_game_lacks_is_said_in_the_users_language():
    result = CliRunner().invoke(main, ["--lang", "ja", "simulate", "--variant", "two-player",
                                       "--games", "2", "--round-robin"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pegline_round_robin" in result.output and "does not implement" not in result.output


def test_the_web_apis_list_of_variants_says_why_one_is_unplayable_in_the_requests_language(
        cribbage_without, tmp_path, monkeypatch):
    cribbage_without("pegline_web_table")
    (tmp_path / "broken.toml").write_text('extends = ["clabber"]\n[table]\nplayers = 9\n')
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    with TestClient(create_app(Tables())) as client:
        listed = {v["name"]: v for v in client.get("/api/options?lang=ja").json()["variants"]}
    assert "pegline_web_table" in listed["two-player"]["problem"]
    assert "does not implement" not in listed["two-player"]["problem"]
    assert listed["broken"]["problem"].endswith("table.players: 2から8まででなければなりません。指定は 9")


def test_a_game_without_a_coach_is_refused_a_compare_in_the_users_language(cribbage_without):
    from pegline_core import IllegalActionError
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown

    cribbage_without("pegline_evaluator")
    # a ruleset of its own: the shared one may keep a coach another test built
    game = Game(dealer=0, ruleset=Ruleset(load_variant("two-player")))
    game.apply(game.chance_action(random.Random(1)))  # the deal
    game.apply(game.legal_actions(0)[0])  # seat 0's discard: a decision to compare
    with pytest.raises(IllegalActionError) as caught:
        game.compare(0)
    assert caught.value.code == "game.missing-hook"
    with use_language("ja"):
        assert "pegline_evaluator" in shown(caught.value)
        assert "does not implement" not in shown(caught.value)


def test_a_game_authors_mistakes_are_said_in_the_users_language(tmp_path):
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown

    class Mismarked(Misspelt):
        @game_hookimpl
        def pegline_web_table(self, variant):
            return None

        @game_hookimpl
        def pegline_evalutor(self, ruleset):
            return None

    class Printed(Misspelt):
        @app_hookimpl
        def pegline_printer(self, variant, colour):
            return None

    errors = []
    for make in (lambda: GameHooks.of("typo", Mismarked()), lambda: app_hooks("typo", Printed())):
        with pytest.raises(PluginError) as caught:
            make()
        errors.append(caught.value)
    (tmp_path / "rules.toml").write_text('game = "standard"\n')
    with pytest.raises(PeglineError) as caught:
        load_variant(tmp_path / "rules.toml")
    assert caught.value.problems[0].endswith("game: plugin 'standard' is not a game (it has no "
                                             "new_machine, check_settings, Settings, "
                                             "default_plugins, follows, actions, events)")
    assert [error.code for error in errors] == ["joined", "plugin.argument-not-passed"]
    for tag in ("ja", "zh-Hans"):
        with use_language(tag):
            said = [*map(shown, errors), shown(caught.value)]
        for english in ("is not a hook", "did you mean", "a game's hook", "which the hook",
                        "is not a game", "it has no"):
            assert not any(english in text for text in said), (tag, said)
        assert "pegline_evalutor" in said[0] and "'pegline_evaluator'" in said[0]
        assert "colour" in said[1] and "new_machine" in said[2]


def test_the_source_names_no_member_a_game_no_longer_has():
    """A docstring that says where a game's coach or encoding comes from names its hook, not a
    member of `GameDefinition` that is now a hook."""
    named = re.compile(r"GameDefinition\.(\w+)|`GameDefinition` (?:may )?offers? `+(\w+)\(")
    paths = [path for folder in ("pegline_core", "plugins", "docs")
             for pattern in ("*.py", "*.md") for path in sorted((ROOT / folder).rglob(pattern))]
    texts = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
             for path in paths}
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    texts["CHANGELOG.md (this version)"] = changelog.split("\n## ")[1]  # older ones are history
    stale = [f"{name}: {found.group(0)}" for name, text in texts.items()
             for found in named.finditer(text)
             if (found.group(1) or found.group(2)) not in CONTRACT | {"follows"}]
    assert stale == []


def test_a_compare_the_coach_cannot_make_is_refused_in_the_users_language():
    """Only forced moves to judge (the evaluator answers None for each), or an evaluator that
    leaves out the move made: each refusal has a code and its words in every language."""
    from pegline_core import IllegalActionError
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown
    from pegline_core.coaching import Evaluation

    class Silent:  # judges nothing
        def evaluate(self, view):
            return None

    game = Game("two-player", dealer=0)
    game.apply(game.chance_action(random.Random(1)))
    game.apply(game.legal_actions(0)[0])
    with pytest.raises(IllegalActionError) as caught:
        game.compare(0, Silent())
    assert caught.value.code == "refused.only-forced"
    assert str(caught.value) == ("seat 0 has no committed decision the coach can compare yet "
                                 "(only forced moves)")
    with use_language("zh-Hans"):
        assert "only forced" not in shown(caught.value)

    class Forgetful:  # lists no move at all
        def evaluate(self, view):
            return Evaluation("discard", ())

    with pytest.raises(PeglineError) as caught:
        game.compare(0, Forgetful())
    assert caught.value.code == "coach.move-not-listed"
    assert str(caught.value).startswith("the evaluator did not list the move Discard(")
    with use_language("ja"):
        assert "did not list" not in shown(caught.value)


def test_a_game_named_among_the_rule_plugins_is_said_in_the_users_language(tmp_path):
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown

    (tmp_path / "both.toml").write_text('extends = ["two-player"]\nplugins = ["+clabber"]\n')
    with pytest.raises(PeglineError) as caught:
        load_variant(tmp_path / "both.toml")
    assert caught.value.problems[0].endswith(
        "plugins[1]: plugin 'clabber' is a game, not a rule plugin: a variant names its game in "
        "'game' ('cribbage' here)")
    with use_language("ja"):
        assert "is a game" not in shown(caught.value) and "'clabber'" in shown(caught.value)


def test_a_refused_compare_reaches_the_terminal_in_the_users_language(cribbage_without):
    """`play_game` hands a player's ``compare_refused`` the message with its code, and the
    terminal says it in the user's language."""
    import io

    from rich.console import Console

    from pegline_core import AskCoach, RandomBot, play_game
    from pegline_core.app.i18n import use_language
    from pegline_core.app.terminal_seat import TerminalSeat

    cribbage_without("pegline_evaluator")

    class Asker(TerminalSeat):  # asks the coach once, then plays as a random bot would
        def __init__(self):
            super().__init__(Console(file=io.StringIO(), width=200))
            self.asked, self.bot, self.reasons = False, RandomBot(3), []

        def choose(self, view, legal):
            if not self.asked:
                self.asked = True
                return AskCoach(view.seat)
            return legal[self.bot.choose_index(len(legal))]

        def compare_refused(self, reason):
            self.reasons.append(reason)
            super().compare_refused(reason)

    asker = Asker()
    game = Game(dealer=0, ruleset=Ruleset(load_variant("two-player")))  # no coach kept
    with use_language("ja"):
        play_game("two-player", [asker, RandomBot(1)], seed=2, game=game)
    said = asker.console.file.getvalue()
    assert [getattr(reason, "code", None) for reason in asker.reasons] == ["game.missing-hook"]
    assert "pegline_evaluator" in said and "does not implement" not in said
