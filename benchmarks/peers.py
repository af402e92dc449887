"""Peers for benchmarks, installed from the package index into a virtual environment of their own.

The environment lives in benchmarks/.venv (ignored by git) and is reused between runs.
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

VENV = Path(__file__).resolve().parent / ".venv"


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


def run_peer(python: Path, code: str) -> str:
    """Run ``code`` with the peer's python and return what it printed."""
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()
