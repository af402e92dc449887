"""`pegline play --human` as a person meets it: through a pseudo-terminal (pexpect).

The real command runs in a terminal of its own; the test reads the screen as drawn (colours and
all, stripped for reading) and types as a player would.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from pegline_core.record import GameRecord

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal tests: "
                                                "pip install -e '.[test]'")

PEGLINE = Path(sys.executable).with_name("pegline")
if not PEGLINE.exists():  # an install whose scripts are elsewhere on the PATH
    PEGLINE = Path(shutil.which("pegline") or PEGLINE)
COMMAND = ([str(PEGLINE)] if PEGLINE.exists()
           else [sys.executable, "-c", "from pegline_core.app.cli import main; main()"])
"""The installed ``pegline`` command (or the same entry point through this Python)."""

SEED = "7"
"""A game in which the player must say go during the first hand's pegging."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPTS = [r"lay away \d cards? to [^\r\n]*crib: ", r"play a card: ", r"type go: ",
           r"\(points, 0 to \d+\): ", r"or overcount: ", pexpect.EOF]
"""The prompts, in the order `prompt` numbers them."""
DISCARD, PLAY, GO, COUNT, RESPOND, ENDED = range(6)


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def spawn(args: list[str], cwd: Path) -> pexpect.spawn:
    env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8")
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], *args], cwd=str(cwd), encoding="utf-8",
                         timeout=60, dimensions=(60, 100), env=env)


def prompt(child: pexpect.spawn) -> tuple[int, str]:
    """Wait for the next prompt: which one, and the screen printed before it."""
    which = child.expect(PROMPTS)
    return which, plain(child.before)


def tables(screen: str) -> list[str]:
    """The tables drawn on ``screen`` (rich panels), each as its lines."""
    return re.findall(r"╭[^\n]*╮\n(?:│[^\n]*│\n)*╰[^\n]*╯", screen)


def playable(screen: str) -> list[int]:
    """The numbers of the cards marked playable on the last table drawn."""
    hand = [line for line in tables(screen)[-1].splitlines() if "Your hand:" in line][0]
    return [int(number) for number in re.findall(r"(\d) [^ ]+\*", hand)]


def test_a_hand_at_the_terminal_then_quit_and_resume_redraws_the_table(tmp_path):
    child = spawn(["play", "--human", "--seed", SEED, "--no-auto-go"], tmp_path)
    which, screen = prompt(child)
    assert which == DISCARD
    table = tables(screen)[-1]
    for text in ("hand 1", "the crib is", "Game to 121", "start  1", "1-30  you",
                 "91-120", "Your hand:  1 "):
        assert text in table, text
    assert "type help to see what you can type" in screen

    child.sendline("help")
    which, screen = prompt(child)
    assert which == DISCARD and "A number is always a card's number, never a rank" in screen
    assert "quit     save the game" in screen

    child.sendline("1")  # one card where two are needed: refused with the reason
    which, screen = prompt(child)
    assert which == DISCARD and "not allowed: choose exactly 2 cards, not 1" in screen
    child.sendline("go")
    which, screen = prompt(child)
    assert which == DISCARD and "not allowed: go is said in the pegging" in screen
    child.sendline("1 2")

    said_go = refused_go = refused_ten = False
    which, screen = prompt(child)
    while which in (PLAY, GO):
        if which == GO:
            child.sendline("1")  # a card that does not fit: refused with the count it would make
            which, again = prompt(child)
            assert which == GO and re.search(r"not allowed: .* (would make the count \d+, over "
                                             r"31|is played already)", again)
            child.sendline("go")
            said_go = True
        else:
            table = tables(screen)[-1]
            assert "Count " in table and "(limit 31)" in table
            if not refused_ten:
                child.sendline("10")
                which, again = prompt(child)
                assert which == PLAY and "not allowed: there is no card number 10" in again
                refused_ten = True
            if not refused_go:
                child.sendline("go")
                which, again = prompt(child)
                assert which == PLAY and "say go only when no card you hold fits" in again
                refused_go = True
            child.sendline(str(playable(screen)[0]))
        which, screen = prompt(child)
    assert said_go, f"seed {SEED} should need a go in hand 1"
    assert which == DISCARD, "the first hand is over: the second one's discard is asked"
    table = tables(screen)[-1]
    assert "hand 2" in table and "shows hand" in screen and "shows crib" in screen

    child.sendline("score")  # the whole breakdown of hand 1's show
    which, shown = prompt(child)
    assert which == DISCARD and "the show of hand 1 (starter " in shown
    assert "your hand" in shown and "crib" in shown

    child.sendline("quit")
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 0
    saved = tmp_path / f"pegline-two-player-{SEED}.toml"
    assert f"you quit: the game is saved in {saved.name}" in out
    command = re.search(r"to go on: (.*)", out).group(1).strip()
    assert command == f"pegline play --human --resume {saved.name}"
    record = GameRecord.load(saved)
    assert record.verify() is None and record.replay().hand == 2

    resumed = spawn(shlex.split(command)[1:], tmp_path)
    which, screen = prompt(resumed)
    assert which == DISCARD and "resumed from" in screen
    assert tables(screen)[0] == table, "the resumed game draws the table as it stood"

    resumed.sendline("compare")  # the game itself compares a move made before the resume
    which, screen = prompt(resumed)
    assert which == DISCARD and "The coach: A searching evaluator" in screen
    assert re.search(r"You played \S+: ", screen) and screen.count("<- your move") == 1

    resumed.sendeof()  # Ctrl-D saves the same way
    resumed.expect(pexpect.EOF)
    out = plain(resumed.before)
    resumed.close()
    assert resumed.exitstatus == 1
    assert f"end of input: the game is saved in {saved.name}" in out and "Aborted" not in out
    assert f"to go on: {command}" in out
    assert GameRecord.load(saved).assist_used, "the compare is in the saved record"


def test_ctrl_c_saves_the_game_too(tmp_path):
    child = spawn(["play", "--human", "--seed", SEED, "--bots", "coach", "--save", "mine.toml"],
                  tmp_path)
    which, _screen = prompt(child)
    assert which == DISCARD
    child.sendintr()
    child.expect(pexpect.EOF)
    out = plain(child.before)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in out and "Aborted" not in out
    assert "interrupted: the game is saved in mine.toml" in out
    assert "to go on: pegline play --human --resume mine.toml --bots coach" in out
    assert GameRecord.load(tmp_path / "mine.toml").replay().phase == "discard"


def test_the_screen_in_the_docs_is_the_real_one(tmp_path):
    """docs/playing.md shows the table of seed 7 after laying away 1 2 and playing 2."""
    doc = (Path(__file__).parents[1] / "docs" / "playing.md").read_text(encoding="utf-8")
    shown = tables(doc)[0]
    child = spawn(["play", "--human", "--seed", SEED], tmp_path)
    for answer in ("1 2", "10", "2"):
        prompt(child)
        child.sendline(answer)
    which, screen = prompt(child)
    assert which == PLAY and tables(screen)[-1] == shown
    child.sendline("quit")
    child.expect(pexpect.EOF)
