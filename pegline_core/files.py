"""Reading the files Pegline loads, with one clear message when a file cannot be read."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_text(path: str | Path, error: type[ValueError]) -> str:
    """The file's text, or ``error("PATH: cannot read the file: why")``."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a UTF-8 text file") from None


def parse_toml(text: str, name: str, error: type[ValueError]) -> dict[str, Any]:
    """The TOML document, or ``error("NAME: not valid TOML: why")``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:  # the parser recurses once per nested array or inline table
        raise error(f"{name}: not valid TOML here: arrays or tables nested too deeply") from None
