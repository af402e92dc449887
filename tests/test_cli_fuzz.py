"""Random command lines for every command: whatever the arguments, a result or a clean message
with an exit code, never a traceback (issue 15).

A seeded generator, so a failure names the case that reproduces it; PEGLINE_CLI_FUZZ=N runs N
cases (default 150, a few seconds). Every option's values mix good ones, bad ones and junk;
commands that could run long get a small size first, so a case stays quick.
"""

import os
import random

import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.record import GameRecord

CASES = int(os.environ.get("PEGLINE_CLI_FUZZ", "150"))

JUNK = ["", "-", "--", "-x", "--nope", "x", "💥", "5S", "0", "-1", "1e9", "None", "True",
        "../../etc", "a,b", ",", "\t", "--json", "--help"]
CARDS = ["5H", "5C", "5D", "JS", "AS", "10H", "TH", "1S", "ZZ", "5s", "5H5C", "|", "crib", "KD"]
VARIANTS = ["two-player", "three-player", "four-player", "partner", "five-card", "lowball",
            "muggins", "clabber", "two-players", "nope", "", "x.toml"]
BOTS = ["greedy", "random", "coach", "sloppy", "greedy,random", "random,random,random", "genius",
        "", ",", "greedy,"]
NUMBERS = ["0", "1", "2", "3", "-1", "-7", "x", "", "2.5", "99999999999999999999"]
SMALL = ["1", "2", "3"]


def _files(tmp_path):
    """Paths of every kind, all inside ``tmp_path`` (outputs are written to them): missing, a
    folder, junk, non-UTF-8, a pipe, a record."""
    (tmp_path / "junk.toml").write_text("this = [is not\n")
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe\x00 format = 1")
    (tmp_path / "deep.toml").write_text("a = " + "[" * 2000 + "]" * 2000 + "\n")
    (tmp_path / "empty.jsonl").write_text("")
    record = tmp_path / "game.toml"
    if not record.exists():
        from pegline_core.players import RandomBot, play_game

        game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=4)
        GameRecord.of(game, seed=4).save(record)
    paths = [tmp_path / name for name in ("junk.toml", "binary.toml", "deep.toml", "empty.jsonl",
                                          "game.toml", "missing.toml", "out.toml", "out.jsonl",
                                          "no/such/dir/f.toml")]
    fifo = tmp_path / "pipe.toml"  # a file that is not a regular file, never a real device:
    if hasattr(os, "mkfifo") and not fifo.exists():  # outputs are written here too
        os.mkfifo(fifo)
    paths += [tmp_path] + ([fifo] if fifo.exists() else [])
    return [str(p) for p in paths]


def _command(rng, files):
    """One random argument vector for one command."""
    pick = rng.choice

    def options(table, n):
        argv = []
        for _ in range(n):
            name, values = pick(table)
            argv.append(name)
            if values is not None:
                argv.append(pick(values + JUNK[:3]))
        return argv

    variant = ("--variant", VARIANTS + files)
    overlay = ("--with", VARIANTS + files)
    command = pick(["score", "score-stream", "variants", "analyze", "simulate", "play",
                    "replay", "plugins", "serve", "junk"])
    if command == "score":
        cards = [pick(CARDS) for _ in range(rng.randint(0, 6))]
        return ["score", *cards, *options([("--starter", CARDS), ("--crib", None),
                                           ("--json", None), variant, overlay],
                                          rng.randint(0, 4))], None
    if command == "score-stream":
        lines = [" ".join(pick(CARDS) for _ in range(rng.randint(0, 7))) for _ in range(4)]
        return ["score", *options([variant, ("--json", None)], rng.randint(0, 2))], \
            "\n".join(lines).encode() + pick([b"", b"\n\xff\xfe\n", b"\x00"])
    if command == "variants":
        sub = pick(["list", "show", "check", "nope", ""])
        return ["variants", sub, *[pick(VARIANTS + files + JUNK)
                                   for _ in range(rng.randint(0, 3))]], None
    if command == "analyze":  # no valid variant that would enumerate for minutes
        return ["analyze", pick(["show", "nope"]),
                *options([("--variant", ["nope", "", "x.toml", *files]), ("--json", None),
                          ("--with", ["nope", *files])], rng.randint(0, 3))], None
    if command == "simulate":
        return ["simulate", "--games", pick(SMALL), "--workers", "1",
                *options([variant, overlay, ("--games", ["0", "-1", "x", "2"]),
                          ("--bots", BOTS), ("--seed", NUMBERS), ("--workers", ["0", "1", "x"]),
                          ("--scheduler", ["inproc://x", "tls://h:1", "x"]),
                          ("--json", None), ("--round-robin", None),
                          ("--plot", files)], rng.randint(0, 5))], None
    if command == "play":
        argv = ["play", "--seed", pick(SMALL),
                *options([variant, overlay, ("--bots", BOTS), ("--seed", NUMBERS),
                          ("--human", None), ("--json", None), ("--log", [f for f in files if "pipe" not in f]),  # a pipe: a reader
                          # is expected, as anywhere in Unix
                          ("--save", files), ("--resume", files),
                          ("--versions", ["strict", "any", "x"]),
                          ("--match", ["1", "0", "x"]), ("--match-to", ["1", "0", "x"])],
                         rng.randint(0, 4))]
        answers = "\n".join(pick(CARDS + JUNK + ["quit", "help", "go"]) for _ in range(30))
        return argv, answers.encode()
    if command == "replay":
        return ["replay", pick(files + JUNK),
                *options([("--json", None), ("--verify", None),
                          ("--versions", ["strict", "any", "x"])], rng.randint(0, 2))], None
    if command == "plugins":
        return ["plugins", pick(["list", "nope", ""])], None
    if command == "serve":  # never a server that starts: always a port that is refused
        return ["serve", "--port", pick(["-1", "65536", "x", ""]),
                *options([("--host", ["", "x"])], rng.randint(0, 1))], None
    return [pick(JUNK) for _ in range(rng.randint(0, 4))], None


@pytest.mark.parametrize("block", range(3))
def test_random_command_lines_never_end_in_a_traceback(tmp_path, monkeypatch, block):
    monkeypatch.chdir(tmp_path)  # a human game that stops saves its record here
    files = _files(tmp_path)
    runner = CliRunner()
    for case in range(block, CASES, 3):
        argv, stdin = _command(random.Random(case), files)
        result = runner.invoke(main, argv, input=stdin)
        where = f"case {case}: pegline {' '.join(map(repr, argv))}"
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            f"{where}: {result.exception!r}"
        assert "Traceback" not in result.output, where
        assert result.exit_code in (0, 1, 2), f"{where}: exit {result.exit_code}"
        if result.exit_code:
            assert result.output.strip(), f"{where}: failed without a word"
