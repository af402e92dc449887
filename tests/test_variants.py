"""Loading variant files: the shipped files, extends, overlays, and every kind of mistake."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pegline_core import Game, VariantError, available_variants, load_variant

SHIPPED = ["two-player", "two-player-61", "three-player", "partner", "five-card-traditional",
           "five-card", "five-card-quick", "muggins", "lowball", "around-the-corner",
           "stink-hole", "late-caps", "pegging-flush", "to-61", "to-121", "clabber",
           "clabber-renege"]
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_loads(name):
    variant = load_variant(name)
    rules = "clabber-standard" if variant.game == "clabber" else "standard"
    assert variant.name == name and rules in variant.plugins


@pytest.mark.parametrize("name, players, dealt, hand, crib, target", [
    ("two-player", 2, 6, 4, 4, 121),
    ("two-player-61", 2, 6, 4, 4, 61),
    ("three-player", 3, 5, 4, 4, 61),
    ("partner", 4, 5, 4, 4, 121),
    ("five-card-traditional", 2, 5, 3, 4, 61),
    ("five-card", 2, 5, 4, 3, 121),
])
def test_table_of_rules_section_5(name, players, dealt, hand, crib, target):
    v = load_variant(name)
    rules = v.settings
    assert (v.table.players, rules.deal.cards, rules.hand_size(), rules.crib_size(v.table.players),
            rules.scoring.target) == (players, dealt, hand, crib, target)


def test_partner_teams_and_five_card_specials():
    assert load_variant("partner").sides == ((0, 2), (1, 3))
    five = load_variant("five-card-traditional")
    assert five.settings.pegging.single_series
    assert five.config["standard"]["three_for_last"] == 3
    assert [(s.name, s.below) for s in five.settings.skunk] == [("lurch", 31)]


def test_overlays_merge_on_top_and_muggins_yields_to_lowball():
    v = load_variant("partner", overlays=["muggins", "lowball"])
    assert v.name == "partner+muggins+lowball"
    assert v.settings.scoring.lowball and "muggins" in v.plugins
    assert Game(v).view(0).max_declaration == 0, "muggins stands aside: hands count themselves"
    assert v.notices == ("muggins does not combine with lowball: this game is lowball "
                         "without muggins",)
    assert v.table.players == 4


def write(tmp_path, name, text):
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return path


def problems(path, **kwargs):
    with pytest.raises(VariantError) as info:
        load_variant(path, **kwargs)
    assert isinstance(info.value, ValueError)
    return info.value.problems


def test_extends_a_file_beside_it_and_edits_lists(tmp_path):
    write(tmp_path, "base", 'extends = ["three-player"]\nplugins = ["-standard"]\n')
    house = write(tmp_path, "house", 'extends = ["base"]\nplugins = ["+standard"]\n'
                  "[scoring]\ntarget = 121\n")
    v = load_variant(house)
    assert (v.name, v.table.players, v.settings.scoring.target, v.plugins) == \
        ("house", 3, 121, ("standard",))


def test_a_pending_list_edit_meets_the_default_list(tmp_path):
    path = write(tmp_path, "v", 'plugins = ["+standard"]\n')
    assert load_variant(path).plugins == ("standard",)


def test_wrong_types_are_never_coerced(tmp_path):
    path = write(tmp_path, "v", '[table]\nplayers = "3"\n[deal]\ncards = 2.9\n'
                 "[scoring]\nlowball = 1\ntarget = true\n")
    assert problems(path) == [
        f"{path}: table.players: expected an integer, got the string '3'",
        f"{path}: deal.cards: expected an integer, got the float 2.9",
        f"{path}: scoring.target: expected an integer, got the boolean True",
        f"{path}: scoring.lowball: expected a boolean, got the integer 1",
    ]


def test_unknown_keys_and_bad_choices(tmp_path):
    path = write(tmp_path, "v", 'colour = "red"\n[deal]\nbogus = 1\n[scoring]\ncounting = "manual"\n')
    assert problems(path) == [
        f"{path}: deal.bogus: unknown key",
        f"{path}: scoring.counting: unknown key",
        f"{path}: colour: unknown key",
    ]
    path = write(tmp_path, "w", 'game = "chess"\n')
    (found,) = problems(path)
    assert found.startswith(f"{path}: game: unknown game 'chess' (installed games: ") and \
        "cribbage" in found


def test_a_misspelt_game_is_told_the_games_not_every_plugin(tmp_path):
    """``game`` names a game: the rule plugins (standard, muggins...) are no candidates."""
    path = write(tmp_path, "v", 'game = "cribage"\n')
    (found,) = problems(path)
    assert found.startswith(f"{path}: game: unknown game 'cribage' (did you mean 'cribbage'? "
                            "installed games: ")
    games = found.split("installed games: ")[1].rstrip(")").split(", ")
    assert {"clabber", "cribbage"} <= set(games) and not {"standard", "muggins"} & set(games)


def test_the_old_game_table_is_refused_with_its_file(tmp_path):
    """``[game]`` was cribbage's table before kernel v2 (now ``[scoring]``); ``game`` names the
    game."""
    base = write(tmp_path, "base", "[game]\ntarget = 61\n")
    child = write(tmp_path, "child", 'extends = ["base"]\n')
    assert problems(child) == [f"{base}: game: expected a game's name, got the table "
                               "{'target': 61}"]
    path = write(tmp_path, "v", "game = 3\n")
    assert problems(path) == [f"{path}: game: expected a game's name, got the integer 3"]


def test_a_string_is_not_an_array(tmp_path):
    path = write(tmp_path, "v", 'plugins = "standard"\n')
    assert problems(path) == [f"{path}: plugins: expected an array, got the string 'standard'"]


@pytest.mark.parametrize(("value", "shown"), [("[1]", "the array [1]"), ('"x"', "the string 'x'"),
                                             ("3", "the integer 3")])
@pytest.mark.parametrize("section", ["scoring", "deal", "table", "pegging"])
def test_a_section_that_is_not_a_table_says_so(tmp_path, section, value, shown):
    """It was Python's own words: 'list' object has no attribute 'keys'."""
    path = write(tmp_path, "v", f'extends = ["two-player"]\n{section} = {value}\n')
    assert problems(path) == [f"{path}: {section}: expected a table, got {shown}"]


def test_inherited_mistakes_name_the_file_they_came_from(tmp_path):
    write(tmp_path, "base", '[deal]\ncards = "6"\n')
    child = write(tmp_path, "child", 'extends = ["base"]\n[scoring]\ntarget = "x"\n')
    assert problems(child) == [
        f"{tmp_path / 'base.toml'}: deal.cards: expected an integer, got the string '6'",
        f"{child}: scoring.target: expected an integer, got the string 'x'",
    ]


def test_semantic_mistakes_all_at_once(tmp_path):
    path = write(tmp_path, "v", "[table]\nplayers = 3\nteams = [[0], [0]]\n[deal]\ncards = 18\n"
                 '[[skunk]]\nname = "x"\nbelow = 200\ngame_points = 3\n')
    assert problems(path) == [  # the kernel's checks, then the game's
        f"{path}: table.teams: table.teams must split seats 0..2 (table.players = 3) with each "
        "seat once, got [[0], [0]]",
        f"{path}: deal.cards: a deal of 55 cards with the starter (table.players × deal.cards + "
        "deal.crib_from_deck + 1 = 3 × 18 + 0 + 1) is more than the 52 of the deck",
        f"{path}: deal.cards: a hand of 16 cards (deal.cards - deal.discard = 18 - 2) is more "
        "than the 12 the show can count",
        f"{path}: skunk[0].below: must be between 1 and scoring.target (121), got 200",
    ]


def test_hand_and_crib_must_not_be_empty(tmp_path):
    path = write(tmp_path, "v", "[deal]\ncards = 2\ndiscard = 2\n")
    assert problems(path) == [f"{path}: deal.discard: each player must keep a card: deal.discard "
                              "(2) must be below deal.cards (2)"]
    path = write(tmp_path, "w", "[deal]\ndiscard = 0\n")
    assert problems(path) == [f"{path}: deal.discard: the crib would be empty: table.players × "
                              "deal.discard + deal.crib_from_deck = 2 × 0 + 0"]


def test_unknown_plugin_and_stray_configuration(tmp_path):
    path = write(tmp_path, "v", 'plugins = ["standard", "nosuch"]\n[config.other]\nx = 1\n')
    found = problems(path)
    assert found[0] == (f"{path}: config.other: config.other configures plugin 'other', which "
                        'the variant does not use (plugins = ["standard", "nosuch"])')
    assert found[1].startswith(f"{path}: plugins[1]: unknown plugin 'nosuch' (installed: ")


def test_plugin_configuration_is_as_strict_as_the_rest(tmp_path):
    path = write(tmp_path, "v", '[config.standard]\nheels = "2"\nnope = 1\n')
    assert problems(path) == [
        f"{path}: config.standard.heels: expected an integer, got the string '2'",
        f"{path}: config.standard.nope: unknown key",
    ]
    path = write(tmp_path, "w", "[config.standard]\ngo = -1\n")
    assert problems(path) == [f"{path}: config.standard.go: (plugin 'standard') must not be "
                              "negative, got -1"]


def test_extends_cycles_unknown_names_and_paths(tmp_path):
    a = write(tmp_path, "a", 'extends = ["b"]\n')
    write(tmp_path, "b", 'extends = ["a"]\n')
    assert problems(a) == [f"{a}: extends: cycle {a} -> {tmp_path / 'b.toml'} -> {a}"]
    c = write(tmp_path, "c", 'extends = ["nope", "../etc/passwd"]\n')
    found = problems(c)
    assert found[0].startswith(f"{c}: extends[0]: unknown variant 'nope' (known: ")
    assert found[1] == (f"{c}: extends[1]: '../etc/passwd' is not a variant name (lower-case "
                        "letters, digits, '-' and '_'; never a path)")


def test_bad_toml_and_missing_files(tmp_path):
    path = write(tmp_path, "v", "[deal\n")
    assert problems(path) == [f"{path}: not valid TOML: Expected ']' at the end of a table "
                              "declaration (at line 1, column 6)"]
    assert problems(tmp_path / "none.toml") == [f"{tmp_path / 'none.toml'}: no such variant file"]
    assert problems("no-such-variant")[0].startswith("unknown variant 'no-such-variant' (known: ")


def test_search_path_environment_variable(tmp_path, monkeypatch):
    write(tmp_path, "house", 'extends = ["two-player"]\n[scoring]\ntarget = 31\n[[skunk]]\n'
          'name = "lurch"\nbelow = 16\ngame_points = 3\n')
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    assert "house" in available_variants()
    assert load_variant("house").settings.scoring.target == 31


def test_resolved_variant_round_trips_through_toml(tmp_path):
    import tomli_w

    for name in SHIPPED:
        variant = load_variant(name)
        path = write(tmp_path, name.replace("-", "_"), tomli_w.dumps(variant.to_toml_dict()))
        again = load_variant(path)
        assert again.to_toml_dict() == variant.to_toml_dict()


def test_default_variant_is_the_standard_game(tmp_path):
    """A file that sets nothing plays the game's defaults: the standard two-player cribbage."""
    empty = load_variant(write(tmp_path, "empty", ""))
    assert empty.game == "cribbage" and empty.plugins == ("standard",)
    assert empty.to_toml_dict() | {"description": "", "source": ""} == \
        load_variant("two-player").to_toml_dict() | {"description": "", "source": ""}


@pytest.mark.xdist_group("wheel")  # the tests that read the wheel share one build
def test_variant_files_are_found_from_a_wheel(tmp_path, pure_wheel):
    """A wheel carries the variants inside the package (pegline_core/_variants)."""
    wheel = pure_wheel
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    names = {p.name for p in (site / "pegline_core" / "_variants").glob("*.toml")}
    assert names == {f"{name}.toml" for name in SHIPPED}
    code = ("import pegline_core.variant as v; print(v.variant_search_path()[0].parent.parent); "
            "print(sorted(v.available_variants()))")
    env_path = str(site)
    shown = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                            f"{env_path!r}); {code}"], capture_output=True, text=True, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    where, names_line = shown.stdout.splitlines()
    assert Path(where) == site
    assert eval(names_line) == sorted(SHIPPED)
