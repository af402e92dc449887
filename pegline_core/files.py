"""Reading the files Pegline loads, with one clear message when a file cannot be read."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import tomllib
from pathlib import Path

from pegline_core.messages import Problem, Template

RECORD_FORMAT = "pegline-record"
"""The ``format`` a saved game's header names first: how a record is told from a variant file."""

MATCH_FORMAT = "pegline-match"
"""The ``format`` a saved match's header names (`pegline_core.app.match`)."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file Pegline reads (a record of a long match is a few MiB): a larger one, or an
endless one such as ``/dev/zero``, is refused rather than read without limit."""


def read_bytes(path: str | Path, error: type[ValueError], limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, or ``error("PATH: why")`` if it cannot be read or holds more than
    ``limit`` bytes."""
    path = Path(path)
    if path.is_fifo():  # opening one waits for a writer, maybe forever
        raise error(f"{path}: a pipe, not a file: give a file")
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"{path}: the file is larger than {limit // (1024 * 1024)} MiB, the most "
                    "Pegline reads") from None
    return data


def write_atomically(path: str | Path, data: bytes, error: type[ValueError]) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it into place: never a
    half-written file. Only a regular file is ever replaced (never a folder, a device such as
    ``/dev/null`` or a pipe); a failure is ``error("PATH: why")``."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise error(f"{path}: not a regular file, so nothing is written over it")
    temp = None
    try:
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError as exc:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)
        raise error(f"{path}: cannot write the file: {exc.strerror or exc}") from None


def read_text(path: str | Path, error: type[ValueError], *, cut: bool = False) -> str:
    """The file's text, or ``error("PATH: cannot read the file: why")``. ``cut``: the file is
    a log that a kill may have cut inside a character (`decode_text`)."""
    return decode_text(read_bytes(path, error), path, error, cut=cut)


def decode_text(data: bytes, name: str | Path, error: type[ValueError], *,
                cut: bool = False) -> str:
    """``data`` as UTF-8, or ``error("NAME: not a UTF-8 text file")``. ``cut``: the bytes of a
    log written as it happens, which a kill mid-write may end inside a multi-byte character:
    the unfinished character is dropped, everything whole before it kept."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if cut and exc.end == len(data) and exc.reason == "unexpected end of data":
            return data[: exc.start].decode("utf-8")
        raise error(f"{name}: not a UTF-8 text file") from None


def parse_toml(text: str, name: str, error: type[ValueError]) -> dict[str, object]:
    """The TOML document, or ``error("NAME: not valid TOML: why")``; one nested deeper than
    `MAX_DEPTH` is refused too."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    except ValueError:  # an integer literal longer than Python converts from text
        raise error(Problem(_TOO_LONG(n=sys.get_int_max_str_digits()), name, _NOT_TOML)) from None
    except RecursionError:  # the parser recurses once per nested array or inline table
        raise error(f"{name}: {_TOO_DEEP}") from None
    _check_depth(data, text, name, error)
    return data


MAX_DEPTH = 32
"""The deepest nesting of arrays and tables Pegline reads in JSON or TOML (a record nests five
deep): deeper input is refused as it is parsed, before anything recurses over it."""
_TOO_DEEP = f"arrays or tables nested more than {MAX_DEPTH} deep"
_HALF = Template("text.half-character", "a lone surrogate (half of a character) in a string")
_TOO_LONG = Template("number.too-long", "a number of more than {n} digits")
_NOT_JSON, _NOT_TOML = "not valid JSON", "not valid TOML"


def parse_json(text: str | bytes, name: str, error: type[ValueError]) -> object:
    """The JSON value, or ``error("NAME: not valid JSON: why")``; one nested deeper than
    `MAX_DEPTH` is refused too. Every JSON Pegline reads (log lines, request bodies) is read
    here."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{name}: not valid JSON: {exc.msg}") from None
    except UnicodeDecodeError:
        raise error(f"{name}: not valid JSON: not UTF-8 text") from None
    except ValueError:  # an integer literal longer than Python converts from text
        raise error(Problem(_TOO_LONG(n=sys.get_int_max_str_digits()), name, _NOT_JSON)) from None
    except RecursionError:
        raise error(f"{name}: {_TOO_DEEP}") from None
    _check_depth(value, text, name, error)
    _check_text(value, text, name, error)
    return value


def whole_json(line: str) -> bool:
    """Whether ``line`` holds a whole JSON value (a log's last line that a crash cut off does
    not, and is dropped; one nested too deep or with a number too long is whole, and refused
    by `parse_json`)."""
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return False
    except (ValueError, RecursionError):  # a number too long, or too deep: whole, and refused
        return True
    return True


def _check_text(value: object, text: str | bytes, name: str, error: type[ValueError]) -> None:
    """Refuse a string that holds half a character: a ``\\ud800`` escape without its pair,
    which no UTF-8 answer, file or database can carry."""
    escaped = (b"\\ud" in text or b"\\uD" in text) if isinstance(text, bytes) else \
        ("\\ud" in text or "\\uD" in text)
    if not escaped:  # no escape of a surrogate: the common case, at no cost
        return
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise error(Problem(_HALF(), name, _NOT_JSON)) from None


def _check_depth(value: object, text: str | bytes, name: str, error: type[ValueError]) -> None:
    marks = text.count(b"[") + text.count(b"{") + text.count(b".") if isinstance(text, bytes) \
        else text.count("[") + text.count("{") + text.count(".")
    if marks < MAX_DEPTH:  # (dotted TOML keys nest too; the document is a table itself)
        return  # too few brackets to nest deeper: the common case, at no cost
    level = [(value, 1)]
    while level:
        item, depth = level.pop()
        if depth > MAX_DEPTH:
            raise error(f"{name}: {_TOO_DEEP}")
        children = item.values() if isinstance(item, dict) else item if \
            isinstance(item, list) else ()
        level.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list))
