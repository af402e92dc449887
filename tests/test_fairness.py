"""The toolkit's fairness check (pegline_core.fairness) on every shipped variant: no view shows
a card its seat has not seen, as the game's own redact says what each seat sees."""

from __future__ import annotations

import pytest
from attrs import frozen

from pegline_core import available_variants
from pegline_core.fairness import cards_in, check_fair_views


@pytest.mark.parametrize("variant", sorted(available_variants()))
def test_no_view_of_a_shipped_variant_shows_an_unseen_card(variant):
    assert check_fair_views(variant, games=4, seed=11) == []


def test_cards_are_found_in_any_shape_of_view():
    from pegline_core import parse_cards

    five, jack = parse_cards("5H JS")
    view = (0, "play", [five], {"starter": jack}, ((1, five),), "peg-run", "TH")
    assert [str(card) for card in cards_in(view)] == ["5H", "JS", "5H", "TH"]

    @frozen
    class View:
        seat: int
        held: tuple
        table: dict

    assert [str(c) for c in cards_in(View(0, (jack,), {"trick": [five]}))] == ["JS", "5H"]
    assert [str(c) for c in cards_in({"held": [jack]})] == ["JS"]  # a mapping view's values


@pytest.mark.parametrize("variant", ["two-player", "clabber"])
def test_what_a_seat_may_see_needs_none_of_the_application(variant):
    """The kernel's fairness check hides cards through the game's redactor, with no printer,
    translation, terminal or web module loaded (a game imports only the application's hook
    markers)."""
    import subprocess
    import sys

    code = ("import sys\nfrom pegline_core.fairness import check_fair_views\n"
            f"assert check_fair_views({variant!r}, games=1, seed=3) == []\n"
            "print(sorted(m for m in sys.modules if m.endswith(('.display', '.terminal', '.web'))"
            " or m == 'pegline_core.app.i18n'))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout
    assert shown.strip() == "[]"
