"""`pegline score` and `pegline variants`, as a user runs them."""

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.record import GameRecord


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_score_prints_the_29_breakdown():
    result = run("score", "5H", "5C", "5D", "JS", "--starter", "5S")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "hand 5♥ 5♣ 5♦ J♠  starter 5♠  (two-player)"
    assert sum("show-fifteen" in line for line in lines) == 8
    assert sum("show-pair" in line for line in lines) == 6
    assert "his-nobs" in lines[-2] and lines[-1].split() == ["total", "29"]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_score_keeps_its_columns_under_a_rule_name_longer_than_the_column(tmp_path, language):
    """A house rule written as data may have a long name: the points still line up."""
    from rich.cells import cell_len

    house = tmp_path / "long-name.toml"
    house.write_text('extends = ["two-player"]\nplugins = ["+house"]\ndisable = ["show-flush"]\n'
                     '[[config.house.rules]]\nid = "hand-flush"\nname = { en = "flush (hands '
                     'only)", ja = "ハンドだけのフラッシュ" }\nwhen = "show"\nof = "hand"\n'
                     "per_card = 1\nmatch = { flush = {} }\n", encoding="utf-8")
    result = run("--lang", language, "score", "2H", "4H", "6H", "9H", "--starter", "6S",
                 "--variant", str(house))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()[1:]
    assert len(lines) == 6
    assert {cell_len(line) for line in lines} == {cell_len(lines[-1])}, result.output


def test_score_json_and_crib():
    result = run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--json")
    assert json.loads(result.output) == {"total": 4, "events": [
        {"rule": "show-flush", "points": 4, "cards": ["2H", "4H", "6H", "8H"],
         "plugin": "standard"}]}
    crib = run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(crib.output) == {"total": 0, "events": []}


def test_score_with_a_variant_uses_its_hand_size():
    result = run("score", "5H", "5C", "JS", "--starter", "5S", "--variant",
                 "five-card-traditional", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["total"] == 15


def test_score_reads_many_hands_from_standard_input():
    result = run("score", input="5H 5C 5D JS | 5S\n\n2H 4H 6H 8H | KS crib\n4H 4C 5D 6S|6D\n")
    assert result.exit_code == 0
    assert [json.loads(line)["total"] for line in result.output.splitlines()] == [29, 0, 24]


def test_bad_lines_on_standard_input_are_reported_and_the_rest_scored():
    result = run("score", input="1Z 5C 5D JS | 5S\n5H 5C 5D JS | 5S\n5H 5C 5D JS\n")
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.output.splitlines()]
    assert out == [{"line": 1, "error": "'1Z': unknown suit 'Z'", "code": "card.suit"},
                   out[1], {"line": 3, "error": "expected 'CARDS | STARTER', e.g. '5H 5C 5D JS | 5S'",
                            "code": "cribbage.score-line"}]
    assert out[1]["total"] == 29


def test_bad_input_is_one_clear_message_and_exit_1():
    for args, message in [
        (["score", "1Z", "5C", "5D", "JS", "--starter", "5S"], "Error: '1Z': unknown suit 'Z'"),
        (["score", "5H", "5C", "5D", "--starter", "5S"], "Error: a hand in two-player has 4 cards"),
        (["score", "5H", "5C", "5D", "JS", "--starter", "5S", "--variant", "nope"],
         "Error: unknown variant 'nope' (known: "),
        (["score", "5H", "5H", "5D", "JS", "--starter", "5S"], "Error: '5H' is given twice"),
    ]:
        result = run(*args)
        assert result.exit_code == 1, args
        assert result.output.startswith(message), result.output
        assert "Traceback" not in result.output


def test_variants_list_show_and_check(tmp_path):
    listed = run("variants", "list").output.splitlines()
    assert [line.split()[0] for line in listed] == sorted(
        ["five-card-traditional", "five-card", "five-card-quick", "lowball", "muggins", "partner",
         "three-player", "two-player", "two-player-61", "around-the-corner", "stink-hole",
         "late-caps", "pegging-flush", "to-61", "to-121", "clabber", "clabber-renege"])
    shown = run("variants", "show", "partner", "--with", "lowball")
    assert shown.exit_code == 0
    assert "teams = [\n    [\n        0,\n        2,\n    ]," in shown.output
    assert "lowball = true" in shown.output and "heels = 2" in shown.output

    good = tmp_path / "good.toml"
    good.write_text('extends = ["three-player"]\n[scoring]\ntarget = 121\n[[skunk]]\nname = "s"\n'
                    "below = 91\ngame_points = 3\n")
    bad = tmp_path / "bad.toml"
    bad.write_text('[deal]\ncards = "6"\nextra = 1\n')
    assert run("variants", "check", str(good)).output == f"{good}: ok\n"
    result = run("variants", "check", str(bad))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{bad}: deal.cards: expected an integer, got the string '6'",
        f"{bad}: deal.extra: unknown key",
    ]


# -- broken plugins: every fault is one line and exit 1, never a traceback --------------------

BROKEN_MODULE = '''
"""Plugins broken in every way a third-party plugin can be."""
import time

import attrs

from pegline_core import Rule, Score, hookimpl


class Healthy:
    @hookimpl
    def pegline_rules(self):
        return [Rule("fine-rule", "never claimed", "test", points=1)]


class ConstructorRaises:
    def __init__(self):
        raise RuntimeError("the constructor exploded")


class ConfigMissing:  # wants a configuration but declares no Config class
    def __init__(self, config):
        self.config = config


class ConfigBroken:
    class Config:  # not an attrs class
        pass

    def __init__(self, config):
        self.config = config


@attrs.frozen
class _BadDefaults:
    bonus: int = attrs.field(default=-1, validator=attrs.validators.ge(0))


class ConfigDefaultInvalid:
    Config = _BadDefaults

    def __init__(self, config):
        self.config = config


class TakesNoConfig:
    @hookimpl
    def pegline_rules(self):
        return []


class RulesRaise:
    @hookimpl
    def pegline_rules(self):
        raise RuntimeError("the rules exploded")


class Misspelt:
    @hookimpl
    def pegline_rules(self):
        return []

    @hookimpl
    def pegline_score_plya(self, play):
        return []


class ExtraArgument:
    @hookimpl
    def pegline_rules(self):
        return []

    @hookimpl
    def pegline_score_play(self, play, count):
        return []


class ScoreRaises:
    @hookimpl
    def pegline_rules(self):
        return [Rule("boom", "explodes", "test", points=1)]

    @hookimpl
    def pegline_score_play(self, play):
        raise RuntimeError("the hook exploded")


class ShowRaises:
    @hookimpl
    def pegline_rules(self):
        return [Rule("boom", "explodes", "test", points=1)]

    @hookimpl
    def pegline_score_show(self, show):
        raise RuntimeError("the show exploded")


class ShowUndeclared:
    @hookimpl
    def pegline_rules(self):
        return [Rule("bonus", "a bonus", "test", points=1)]

    @hookimpl
    def pegline_score_show(self, show):  # claims a rule it never declared
        return [Score("undeclared", 1, show.cards[:1])]


class PeggingWrongPoints:
    @hookimpl
    def pegline_rules(self):
        return [Rule("bonus", "a bonus", "test", points=1)]

    @hookimpl
    def pegline_score_play(self, play):  # declared 1 point, claims 5 at a count of 15
        return [Score("bonus", 5, play.series)] if play.count == 15 else []


class SlowPlay:  # a few milliseconds a pegging play: a plugin that slows every game
    @hookimpl
    def pegline_rules(self):
        return [Rule("slow", "never claimed", "test", points=1)]

    @hookimpl
    def pegline_score_play(self, play):
        time.sleep(0.003)
        return []


class FiveBonus:
    @hookimpl
    def pegline_rules(self):
        return [Rule("five-bonus", "a point for each five", "test", points=1)]

    @hookimpl
    def pegline_score_show(self, show):
        return [Score("five-bonus", 1, (card,)) for card in (*show.cards, show.starter)
                if card.rank == 5]

    @hookimpl
    def pegline_show_counter(self):
        return lambda cards, starter, crib: sum(card.rank == 5 for card in (*cards, starter))


class CounterLies(FiveBonus):
    @hookimpl
    def pegline_show_counter(self):
        return lambda cards, starter, crib: sum(card.rank == 5 for card in cards)  # no starter


class CounterRaises(FiveBonus):
    @hookimpl
    def pegline_show_counter(self):
        def count(cards, starter, crib):
            raise RuntimeError("the counter exploded")
        return count
'''

BROKEN = {  # entry point name: (object reference, the one-line message)
    "importerr": ("pegline_broken_import:Plugin",
                  "plugins[1]: plugin 'importerr' cannot be loaded: ModuleNotFoundError: No module "
                  "named 'pegline_no_such_dependency'"),
    "nosuchclass": ("pegline_broken_plugins:DoesNotExist",
                    "plugins[1]: plugin 'nosuchclass' cannot be loaded: AttributeError: module "
                    "'pegline_broken_plugins' has no attribute 'DoesNotExist'"),
    "ctor": ("pegline_broken_plugins:ConstructorRaises",
             "plugins[1]: plugin 'ctor' cannot be built: RuntimeError: the constructor exploded"),
    "configmissing": ("pegline_broken_plugins:ConfigMissing",
                      "plugins[1]: plugin 'configmissing' cannot be built: TypeError: "),
    "configbroken": ("pegline_broken_plugins:ConfigBroken",
                     "plugins[1]: plugin 'configbroken' cannot be built: "),
    "configdefault": ("pegline_broken_plugins:ConfigDefaultInvalid",
                      "config.configdefault: 'bonus' must be >= 0: -1"),
    "rulesraise": ("pegline_broken_plugins:RulesRaise",
                   "plugins: plugin 'rulesraise' failed in pegline_rules: RuntimeError: the rules "
                   "exploded"),
    "misspelt": ("pegline_broken_plugins:Misspelt",
                 "plugins: plugin 'misspelt': 'pegline_score_plya' is not a hook (did you mean "
                 "'pegline_score_play'?)"),
    "extraarg": ("pegline_broken_plugins:ExtraArgument",
                 "plugins[1]: plugin 'extraarg': pegline_score_play takes 'count', which the hook "
                 "does not pass (it passes: play)"),
}
HEALTHY = {"healthy": "pegline_broken_plugins:Healthy",
           "noconfig": "pegline_broken_plugins:TakesNoConfig",
           "scoreraise": "pegline_broken_plugins:ScoreRaises",
           "showraise": "pegline_broken_plugins:ShowRaises",
           "showundeclared": "pegline_broken_plugins:ShowUndeclared",
           "peggingpoints": "pegline_broken_plugins:PeggingWrongPoints",
           "fivebonus": "pegline_broken_plugins:FiveBonus",
           "counterlies": "pegline_broken_plugins:CounterLies",
           "counterraise": "pegline_broken_plugins:CounterRaises",
           "slowplay": "pegline_broken_plugins:SlowPlay"}


@pytest.fixture(scope="module")
def broken_plugins(tmp_path_factory):
    """A distribution installed in a temporary folder, with an entry point in the ``pegline``
    group for each plugin above, and a variant file using each; the folder is put on sys.path
    (found by importlib.metadata, as pip would install it) and on PYTHONPATH for subprocesses."""
    site = tmp_path_factory.mktemp("site")
    (site / "pegline_broken_plugins.py").write_text(BROKEN_MODULE)
    (site / "pegline_broken_import.py").write_text(
        "import pegline_no_such_dependency  # noqa: F401\n\n\nclass Plugin:\n    pass\n")
    info = site / "pegline_broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pegline-broken\nVersion: 0.1\n")
    points = {name: ref for name, (ref, _) in BROKEN.items()} | HEALTHY
    (info / "entry_points.txt").write_text(
        "[pegline]\n" + "".join(f"{name} = {ref}\n" for name, ref in points.items()))
    variants = tmp_path_factory.mktemp("variants")
    for name in points:
        extra = "\n[config.noconfig]\nlevel = 1\n" if name == "noconfig" else ""
        (variants / f"uses-{name}.toml").write_text(
            f'extends = ["two-player"]\nplugins = ["+{name}"]\n{extra}')
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(site))
        yield site, variants
    for module in ("pegline_broken_plugins", "pegline_broken_import"):
        sys.modules.pop(module, None)


def _one_error_line(result, message):
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1, result.output
    assert message in result.output, result.output


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_plugin_is_one_line_and_exit_1_in_every_command(broken_plugins, name):
    _, variants = broken_plugins
    file = variants / f"uses-{name}.toml"
    message = BROKEN[name][1]
    checked = run("variants", "check", str(file))
    _one_error_line(checked, f"{file}: {message}")
    assert not checked.output.endswith(": ok\n")
    _one_error_line(run("play", "--variant", str(file), "--seed", "1"), f"Error: {file}: {message}")
    _one_error_line(run("score", "5H", "5C", "5D", "JS", "--starter", "5S", "--variant", str(file)),
                    f"Error: {file}: {message}")


def test_a_configuration_for_a_plugin_without_config_is_reported(broken_plugins):
    _, variants = broken_plugins
    file = variants / "uses-noconfig.toml"
    message = f"{file}: config.noconfig: plugin 'noconfig' takes no configuration"
    _one_error_line(run("variants", "check", str(file)), message)
    _one_error_line(run("play", "--variant", str(file)), f"Error: {message}")


def test_a_plugin_failing_in_the_middle_of_a_game_stops_it_with_one_line(broken_plugins, tmp_path):
    _, variants = broken_plugins
    file = variants / "uses-scoreraise.toml"
    module, _ = broken_plugins
    where = f"{module / 'pegline_broken_plugins.py'}:{_line_of('the hook exploded')}"
    checked = run("variants", "check", str(file))  # its sample game finds the fault first
    assert checked.exit_code == 1 and checked.output == (
        f"{file}: plugins[1]: a sample game between random players stopped: plugin 'scoreraise' failed in "
        f"pegline_score_play: RuntimeError: the hook exploded (at {where}; add --debug to the "
        "command for the traceback)\n")
    saved = tmp_path / "stopped.toml"
    result = run("play", "--variant", str(file), "--seed", "1", "--json", "--save", str(saved))
    assert result.exit_code == 1 and "Traceback" not in result.output
    *events, error = result.output.splitlines()
    assert [json.loads(line)["type"] for line in events][:2] == ["cut-for-deal", "dealer"]
    assert error == ("Error: plugin 'scoreraise' failed in pegline_score_play: RuntimeError: "
                     f"the hook exploded (at {where}; add --debug to the command for the traceback)")
    assert len(GameRecord.load(saved).events) == len(events)  # saved up to the fault


SAMPLE_STOPPED = "plugins[1]: a sample game between random players stopped: "
FAULTS = {  # plugin: what `variants check` says of it, then the line of BROKEN_MODULE it names
    "showraise": (SAMPLE_STOPPED + "plugin 'showraise' failed in pegline_score_show: "
                  "RuntimeError: the show exploded (at {where}; add --debug to the command for "
                  "the traceback)",
                  'raise RuntimeError("the show exploded")'),
    "showundeclared": (SAMPLE_STOPPED + "plugin 'showundeclared' in pegline_score_show: rule "
                       "'undeclared' was not declared by this plugin (at {where})",
                       "claims a rule it never declared"),
    "peggingpoints": (SAMPLE_STOPPED + "plugin 'peggingpoints' in pegline_score_play: 'bonus' "
                      "declared 1 point, claimed 5 (at {where})", "claims 5 at a count of 15"),
    "counterlies": ("plugins[1]: plugin 'counterlies': its pegline_show_counter counts 0 for "
                    "the hand ", "# no starter"),
    "counterraise": ("plugins[1]: plugin 'counterraise' failed in its pegline_show_counter: "
                     "RuntimeError: the counter exploded (at {where}; add --debug to the command "
                     "for the traceback)", 'raise RuntimeError("the counter exploded")'),
}


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_variants_check_names_a_plugin_failing_in_play_with_its_file_and_line(broken_plugins,
                                                                             name):
    """A plugin that raises in a hook, claims an undeclared rule or other points (in the show,
    or in the pegging only), or offers a show counter that raises or disagrees with its show
    hooks: `variants check` reports it as a problem of the variant file, with the plugin's
    key path and the file and line of its code, and exits 1."""
    module, variants = broken_plugins
    file = variants / f"uses-{name}.toml"
    said, line = FAULTS[name]
    where = f"{module / 'pegline_broken_plugins.py'}:{_line_of(line)}"
    checked = run("variants", "check", str(file))
    _one_error_line(checked, f"{file}: " + said.format(where=where))
    assert f"(at {where}" in checked.output  # the counter that lies, too


def test_variants_check_passes_a_good_plugin_with_a_show_counter(broken_plugins):
    _, variants = broken_plugins
    file = variants / "uses-fivebonus.toml"
    assert run("variants", "check", str(file)).output == f"{file}: ok\n"


def _line_of(text):
    """The line of BROKEN_MODULE that holds ``text``."""
    return next(n for n, line in enumerate(BROKEN_MODULE.splitlines(), 1) if text in line)


@pytest.mark.parametrize("how", ["before the command", "after the command", "PEGLINE_DEBUG"])
def test_debug_prints_a_failing_plugins_traceback(broken_plugins, monkeypatch, how):
    module, variants = broken_plugins
    file = variants / "uses-scoreraise.toml"
    args = ["play", "--variant", str(file), "--seed", "1"]
    if how == "PEGLINE_DEBUG":
        monkeypatch.setenv("PEGLINE_DEBUG", "1")
    else:
        args = ["--debug", *args] if how == "before the command" else [*args, "--debug"]
    result = run(*args)
    where = f"{module / 'pegline_broken_plugins.py'}:{_line_of('the hook exploded')}"
    line = _line_of("the hook exploded")
    assert result.exit_code == 1
    assert "Traceback (most recent call last):" in result.output
    assert f'pegline_broken_plugins.py", line {line}, in pegline_score_play' in result.output
    assert 'raise RuntimeError("the hook exploded")' in result.output
    assert result.output.rstrip().endswith(
        f"Error: plugin 'scoreraise' failed in pegline_score_play: RuntimeError: the hook "
        f"exploded (at {where})")
    monkeypatch.setenv("PEGLINE_DEBUG", "0")
    assert "Traceback" not in run(*[arg for arg in args if arg != "--debug"]).output


def test_plugins_list_lists_the_healthy_and_reports_each_broken_plugin(broken_plugins):
    result = run("plugins", "list")
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.splitlines()
    for name in ("standard", "cribbage", "muggins", *HEALTHY):
        assert any(line.startswith(f"{name} ") and line.endswith(")") for line in lines), name
    assert "healthy 0.1 (pegline_broken_plugins:Healthy)" in lines
    assert "  rules: fine-rule (1)" in lines
    for name, (_, message) in BROKEN.items():
        reason = message.split(": ", 1)[1] if name != "configdefault" else \
            "plugin 'configdefault' has no default configuration"
        line = next(line for line in lines if line.startswith(f"{name} 0.1: broken: "))
        assert reason in line, (name, line)


def test_a_broken_plugin_in_a_real_process(broken_plugins):
    site, variants = broken_plugins
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-c", "from pegline_core.app.cli import main; main()"]
    result = subprocess.run([*command, "play", "--variant", str(variants / "uses-misspelt.toml")],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (f"Error: {variants / 'uses-misspelt.toml'}: {BROKEN['misspelt'][1]}\n")
    listed = subprocess.run([*command, "plugins", "list"], capture_output=True, text=True, env=env)
    assert listed.returncode == 1 and "Traceback" not in listed.stderr
    assert "ctor 0.1: broken: plugin 'ctor' cannot be built" in listed.stdout


def test_variants_check_says_a_lying_counter_in_japanese_and_chinese(broken_plugins):
    _, variants = broken_plugins
    file = variants / "uses-counterlies.toml"
    ja = run("--lang", "ja", "variants", "check", str(file))
    zh = run("--lang", "zh-Hans", "variants", "check", str(file))
    assert ja.exit_code == zh.exit_code == 1
    assert ja.output.startswith(f"{file}: plugins[1]: プラグイン 'counterlies'"), ja.output
    assert "pegline_show_counter は手札 " in ja.output, ja.output
    assert zh.output.startswith(f"{file}: plugins[1]: 插件 'counterlies'"), zh.output
    assert "pegline_show_counter 把手牌 " in zh.output, zh.output


def test_every_shipped_variant_passes_variants_check():
    from pegline_core.variant import available_variants

    names = sorted(available_variants())
    checked = run("variants", "check", *names)
    assert checked.exit_code == 0, checked.output
    assert [line for line in checked.stdout.splitlines() if ": notice: " not in line] == [
        f"{name}: ok" for name in names]
