"""Clabber's `pegline play --human` as a person meets it: through a pseudo-terminal (pexpect).

Seed 18: the turn card is the ten of hearts and seat 0 holds no heart, so in round 1 it may only
pass. The test reads the table as drawn, types words, refused and allowed answers, plays a trick,
quits, resumes to the same table, and leaves with Ctrl-D.
"""

from __future__ import annotations

import re
import shlex

import pytest

from pegline_core.record import GameRecord

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal tests: "
                                                "pip install -e '.[test]'")
from tests.test_terminal_pty import plain, spawn, tables  # noqa: E402

PROMPTS = [r"round 1: [^\r\n]*?: ", r"round 2: [^\r\n]*?: ", r"(announce|show) your melds\? "
           r"\(y/n\): ", r"play a card: ", pexpect.EOF]
ROUND_1, ROUND_2, MELDS, PLAY, ENDED = range(5)


def prompt(child) -> tuple[int, str]:
    which = child.expect(PROMPTS)
    return which, plain(child.before + (child.after if isinstance(child.after, str) else ""))


def hand_line(screen: str) -> str:
    return next(line for line in tables(screen)[-1].splitlines() if "Your hand:" in line)


def test_a_clabber_hand_at_the_terminal_then_quit_and_resume(tmp_path):
    child = spawn(["play", "--variant", "clabber", "--human", "--seed", "18"], tmp_path)
    which, screen = prompt(child)
    assert which == ROUND_1 and "round 1: pass: " in screen  # no heart held: nothing to take
    table = tables(screen)[-1]
    for text in ("hand 1", "Turn card 10♥.", "Naming trump, round 1.", "Your partner: seat 2.",
                 "Game to 500.", "Score: your team (0 & 2) 0, the others (1 & 3) 0.",
                 "Your hand:  1 "):
        assert text in table, text
    assert "*" not in hand_line(screen)  # nothing is played while naming
    assert "type help to see what you can type" in screen

    child.sendline("help")
    which, screen = prompt(child)
    assert which == ROUND_1 and "These words stand alone:" in screen and "score" in screen
    child.sendline("spades")
    which, screen = prompt(child)
    refusal = "not allowed: in round 1 trump can only be the turn card's suit, ♥ (or pass)"
    assert which == ROUND_1 and refusal in screen
    child.sendline("hearts")
    which, screen = prompt(child)
    refusal = "not allowed: you may name only a suit you hold, and you hold no ♥"
    assert which == ROUND_1 and refusal in screen
    child.sendline("pass")

    refused, played = False, []
    which, screen = prompt(child)
    while "Trick 2 of 6" not in tables(screen)[-1]:
        assert which in (ROUND_2, MELDS, PLAY), screen
        if which == ROUND_2:
            named = re.search(r"name ([♣♦♥♠])", screen.splitlines()[-1])
            child.sendline(named.group(1) if named else "pass")
        elif which == MELDS:
            child.sendline("y")
        else:
            line = hand_line(screen)
            numbers = re.findall(r"(\d) (?:10|[AKQJ9])[♣♦♥♠](\*?)", line)
            marked = [n for n, star in numbers if star]
            unmarked = [n for n, star in numbers if not star]
            assert marked and "Trump " in tables(screen)[-1]
            if unmarked and not refused:
                child.sendline(unmarked[0])
                which, again = prompt(child)
                assert which == PLAY and "not allowed: you must" in again
                refused = True
            child.sendline(marked[0])
            played.append(marked[0])
        which, screen = prompt(child)
    table = tables(screen)[-1]
    assert "Tricks taken: yours " in table and "Trump " in table
    taken = re.search(r"Tricks taken: yours (\d), theirs (\d)", table)
    assert int(taken.group(1)) + int(taken.group(2)) == 1
    # the hand is numbered once: the card played leaves a gap, the others keep their numbers
    numbers = re.findall(r"(\d) (?:10|[AKQJ9])[♣♦♥♠]", hand_line(screen))
    assert played == [played[0]] and set(numbers) == set("123456") - set(played)

    child.sendline("score")
    which, again = prompt(child)
    assert "no hand has been counted yet" in again

    child.sendline("quit")
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in out
    saved = tmp_path / "pegline-clabber-18.toml"
    assert f"you quit: the game is saved in {saved.name}" in out
    command = re.search(r"to go on: (.*)", out).group(1).strip()
    assert command.startswith(f"pegline play --human --resume {saved.name}")
    record = GameRecord.load(saved)
    assert record.verify() is None and len(record.replay().machine.tricks) == 1

    resumed = spawn(shlex.split(command)[1:], tmp_path)
    which, screen = prompt(resumed)
    assert "resumed from" in screen
    assert tables(screen)[0] == table, "the resumed game draws the table as it stood"
    resumed.sendeof()  # Ctrl-D saves the same way
    resumed.expect(pexpect.EOF)
    out = plain(resumed.before)
    resumed.close()
    assert resumed.exitstatus == 1 and "Aborted" not in out
    assert f"end of input: the game is saved in {saved.name}" in out


def test_the_clabber_screen_in_the_docs_is_the_real_one(tmp_path):
    """docs/playing.md shows the table of seed 18 after passing and announcing the melds."""
    from pathlib import Path

    doc = (Path(__file__).parents[1] / "docs" / "playing.md").read_text(encoding="utf-8")
    (shown,) = [table for table in tables(doc) if "clabber ─╯" in table]
    child = spawn(["play", "--variant", "clabber", "--human", "--seed", "18"], tmp_path)
    for answer in ("pass", "y"):
        prompt(child)
        child.sendline(answer)
    which, screen = prompt(child)
    assert which == PLAY and tables(screen)[-1] == shown
    child.sendline("quit")
    child.expect(pexpect.EOF)
