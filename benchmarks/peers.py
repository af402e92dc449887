"""What the speed benchmarks share: peers in a virtual environment of their own, long-lived
measuring processes, and interleaved rounds summed up by their medians.

The environment lives in benchmarks/.venv (ignored by git) and is reused between runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import venv
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Self

VENV = Path(__file__).resolve().parent / ".venv"

SERVE = '''
import sys, time
def serve(commands):
    """Answer each stdin line "command argument" with one line: the command's result."""
    for line in sys.stdin:
        name, _, argument = line.rstrip("\\n").partition(" ")
        print(commands[name](argument), flush=True)
'''
"""Prepended to a `Server`'s code, which ends by calling ``serve({"name": function, ...})``."""


def peer_python(*packages: str) -> Path:
    """The venv's python, with ``packages`` installed (installing them the first time)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    missing = [p for p in packages if subprocess.run(
        [python, "-m", "pip", "show", "-q", p], capture_output=True, check=False).returncode != 0]
    if missing:
        print(f"installing {', '.join(missing)} into {VENV} ...", file=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "-q", *missing], check=True)
    return python


class Server:
    """A long-lived process running ``SERVE + code``: it warms up once and is then asked to do
    timed batches, timing them itself, so neither its start nor the pipe is ever timed."""

    def __init__(self, python: Path | str, code: str,
                 env: Mapping[str, str] | None = None) -> None:
        self.process = subprocess.Popen([str(python), "-c", SERVE + code], text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=None if env is None else dict(env))

    def ask(self, command: str, argument: object = "") -> list[float]:
        """Send one command and return the numbers of its one-line answer."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{command} {argument}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the server died on {command!r} (its traceback is above)")
        return [float(word) for word in answer.split()]

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def build_servers(code: str) -> dict[str, Server]:
    """A `Server` running ``code`` per Pegline build: "compiled" (where this install has
    compiled modules; ``code`` answers ``build`` with 1 there) and "pure" (Python)."""
    pure = {**os.environ, "PEGLINE_PURE_PYTHON": "1"}
    compiled = {k: v for k, v in os.environ.items() if k != "PEGLINE_PURE_PYTHON"}
    found = {"compiled": Server(sys.executable, code, compiled),
             "pure": Server(sys.executable, code, pure)}
    if not found["compiled"].ask("build")[0]:
        print("(this install has no compiled modules: the compiled column is left out)")
        found.pop("compiled").close()
    return found


def benchmark_parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's command line, with ``--rounds``: interleaved rounds, at least 5 (a median
    of fewer says little)."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=_rounds, default=5, help="interleaved rounds (>= 5)")
    return parser


def _rounds(text: str) -> int:
    rounds = int(text)
    if rounds < 5:
        raise argparse.ArgumentTypeError("medians need at least 5 rounds")
    return rounds


def interleaved(rounds: int, sides: Sequence[Callable[[int], Mapping[str, float]]]
                ) -> dict[str, float]:
    """The median over ``rounds`` of every figure the sides return, the sides taking turns within
    each round (each side is called with the round number)."""
    figures: dict[str, list[float]] = {}
    for number in range(rounds):
        for measure in sides:
            for name, value in measure(number).items():
                figures.setdefault(name, []).append(value)
    return {name: statistics.median(values) for name, values in figures.items()}


def ratio(ours: float, theirs: float | None) -> str:
    """ours / theirs for printing, or n/a without a peer figure."""
    return "n/a" if not theirs else f"{ours / theirs:.2f}"
