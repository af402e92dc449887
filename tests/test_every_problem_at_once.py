"""One file with several mistakes gives all of them in one run: a mistake in the plugins hides
none in `disable` or in a plugin's configuration, and `variants list` refuses what
`variants check` refuses."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.errors import VariantError
from pegline_core.variant import variant_from_table


def problems(folder, text: str) -> list[str]:
    (folder / "house.toml").write_text('extends = ["two-player"]\n' + text)
    with pytest.raises(VariantError) as caught:
        load_variant(folder / "house.toml")
    return [problem.replace(f"{folder}/", "") for problem in caught.value.problems]


def test_an_unknown_plugin_hides_no_misspelt_rule(tmp_path):
    found = problems(tmp_path, 'plugins = ["+mugins"]\ndisable = ["his-nobz"]\n')
    assert found[0].startswith("house.toml: plugins[1]: unknown plugin 'mugins' (did you mean "
                               "'muggins'?")
    assert found[1:] == ["house.toml: disable[0]: no plugin of this variant declares rule "
                         "'his-nobz' (did you mean 'his-nobs'?)"]


def test_a_rule_the_plugin_that_failed_may_declare_is_not_called_unknown(tmp_path):
    found = problems(tmp_path, 'plugins = ["+mugins"]\ndisable = ["false-muggins"]\n')
    assert len(found) == 1 and "unknown plugin 'mugins'" in found[0]


def test_a_list_mixing_edits_and_names_hides_no_configuration_mistake(tmp_path):
    found = problems(tmp_path, 'plugins = ["+corner", "standard"]\n'
                               'disable = ["peg-run", "show-run"]\n'
                               '[config.corner]\nrun_per_card = true\n')
    assert found == [
        "house.toml: plugins: mixes edits ('+name', '-name') with names; write only edits to "
        "change the inherited list, or only names to replace it",
        "house.toml: config.corner.run_per_card: expected an integer, got the boolean True",
    ]


def test_a_plugins_own_check_is_made_beside_a_mistyped_key(tmp_path):
    found = problems(tmp_path, 'plugins = ["+pegflush"]\n'
                               '[config.pegflush]\nmin_cards = 1\nper_card = "x"\n')
    assert found == [
        "house.toml: config.pegflush.per_card: expected an integer, got the string 'x'",
        "house.toml: config.pegflush.min_cards: (plugin 'pegflush') must be at least 2, got 1",
    ]


def test_a_key_set_by_loading_is_reported_once_as_such(tmp_path):
    found = problems(tmp_path, 'name = "mine"\nnotices = []\n[scoring]\ntargt = 61\n')
    assert found == [
        "house.toml: name: set by loading, never by a file",
        "house.toml: notices: set by loading, never by a file",
        "house.toml: scoring.targt: unknown key (did you mean 'target'?)",
    ]
    table = load_variant("two-player").to_toml_dict() | {"name": "mine"}
    with pytest.raises(VariantError) as caught:  # a record's table likewise
        variant_from_table(table, name="record")
    assert caught.value.problems == ["record: name: set by loading, never by a file"]


def test_variants_list_refuses_what_variants_check_refuses(tmp_path, monkeypatch):
    (tmp_path / "endless.toml").write_text(
        'extends = ["two-player"]\ndisable = ["show-fifteen", "show-pair", "show-run", '
        '"show-flush", "peg-fifteen", "peg-pair", "peg-pair-royal", "peg-double-pair-royal", '
        '"peg-run", "peg-thirty-one", "go", "last-card", "his-heels"]\n'
        "[scoring]\ntarget = 1000\n")
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    runner = CliRunner()
    assert runner.invoke(main, ["variants", "check", "endless"]).exit_code == 1
    listed = runner.invoke(main, ["variants", "list"]).output.splitlines()
    (line,) = [line for line in listed if line.startswith("endless ")]
    assert line.split(None, 1)[1] == "(invalid: run `pegline variants check` on it)"


def test_a_key_set_by_loading_is_said_in_the_language(tmp_path):
    (tmp_path / "house.toml").write_text('extends = ["two-player"]\nname = "mine"\n')
    said = CliRunner().invoke(main, ["--lang", "ja", "variants", "check",
                                     str(tmp_path / "house.toml")]).output
    assert said == (f"{tmp_path}/house.toml: name: 読み込み時に設定されるキーで、ファイルでは設定"
                    "できません\n")
