"""A cribbage board drawn as text: one track of holes per side, a front and a back peg each.

A board has a hole for every point short of the target, in streets of 30 (a 121-hole board has
four, a 61-hole board two), then the game hole. Pegs at 0 stand in the start holes. The front
peg shows a side's score; the back peg where the front one stood before its last move, so a
player can check the last count, as on a wooden board.

>>> lines = draw_board([("you", Pegs(7, 5)), ("seat 1", Pegs(0, 0))], target=61)
>>> print("\\n".join(line.plain.rstrip() for line in lines))
                start  1                                30  game score
 1-30  you             ····○ ·●··· ····· ····· ····· ·····           7
       seat 1     ○●   ····· ····· ····· ····· ····· ·····           0
31-60  you             ····· ····· ····· ····· ····· ·····    ·
       seat 1          ····· ····· ····· ····· ····· ·····    ·
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen
from rich.text import Text

__all__ = ["Pegs", "draw_board", "STREET", "FRONT", "BACK", "HOLE"]

STREET = 30
"""Holes in one street of the board."""
FRONT, BACK, HOLE = "●", "○", "·"
"""The front peg, the back peg and an empty hole."""
_GROUP = 5
_LABEL = 8


@frozen
class Pegs:
    """A side's two pegs: ``front`` is its score, ``back`` its score before its last move."""

    front: int
    back: int

    def moved(self, total: int) -> Pegs:
        """The pegs after a move to ``total``: the front peg's hole is left to the back peg."""
        return Pegs(total, self.front)


def draw_board(tracks: Sequence[tuple[str, Pegs]], target: int,
               styles: Sequence[str] = ()) -> list[Text]:
    """The board as lines: each street has one line per side (its name, then its holes), the
    score at the end of the first.

    ``styles`` (one rich style per side, optional) colours that side's pegs.
    """
    holes = target - 1
    streets = [(start, min(start + STREET - 1, holes)) for start in range(1, holes + 1, STREET)]
    last = len(streets) - 1
    width = max([len(name) for name, _ in tracks] + [_LABEL])
    numbers = len(f"{streets[-1][0]}-{streets[-1][1]}")
    indent = numbers + 2 + width + 1
    head = " " * indent + "start  1" + " " * (_STREET_WIDTH - 3) + f"{STREET}  game score"
    lines = [Text(head)]
    for number, (first, end) in enumerate(streets):
        for index, (name, pegs) in enumerate(tracks):
            style = styles[index] if index < len(styles) else ""
            label = f"{first}-{end}" if index == 0 else ""
            line = Text(f"{label:>{numbers}}  {name:<{width}} ")
            line.append_text(_start(pegs, style) if number == 0 else Text(" " * 5))
            line.append("  ")
            line.append_text(_street(pegs, first, end, style))
            line.append(" " * (STREET - (end - first + 1) + (STREET - 1 - (end - first)) // _GROUP))
            if number == last:
                won = pegs.front >= target
                line.append("    ")
                line.append(FRONT if won else HOLE, style if won else "dim")
            else:
                line.append(" " * 5)
            if number == 0:
                line.append(f"  {pegs.front:>5}")
            lines.append(line)
    return lines


_STREET_WIDTH = STREET + STREET // _GROUP - 1


def _start(pegs: Pegs, style: str) -> Text:
    """The start holes: a peg that has not moved yet stands there."""
    cell = Text("  ")
    cell.append(BACK if pegs.back <= 0 else " ", style)
    cell.append(FRONT if pegs.front <= 0 else " ", style)
    cell.append(" ")
    return cell


def _street(pegs: Pegs, first: int, end: int, style: str) -> Text:
    text = Text()
    for hole in range(first, end + 1):
        if hole > first and (hole - first) % _GROUP == 0:
            text.append(" ")
        if hole == pegs.front:
            text.append(FRONT, f"bold {style}".strip())
        elif hole == pegs.back:
            text.append(BACK, style)
        else:
            text.append(HOLE, "dim")
    return text
