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

_PIPE = Template("file.pipe", "a pipe, not a file: give a file")
_NO_FILE = Template("file.missing", "no such file")
_UNREADABLE = Template("file.unreadable", "cannot read the file: {why}")
_TOO_LARGE = Template("file.too-large", "the file is larger than {mib} MiB, the most Pegline reads")
_NOT_REGULAR = Template("file.not-regular", "not a regular file, so nothing is written over it")
_UNWRITABLE = Template("file.unwritable", "cannot write the file: {why}")
_NOT_UTF8_FILE = Template("file.not-utf-8", "not a UTF-8 text file")

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file Pegline reads (a record of a long match is a few MiB): a larger one, or an
endless one such as ``/dev/zero``, is refused rather than read without limit."""


def read_bytes(path: str | Path, error: type[ValueError], limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, or ``error("PATH: why")`` if it cannot be read or holds more than
    ``limit`` bytes."""
    path = Path(path)
    if path.is_fifo():  # opening one waits for a writer, maybe forever
        raise error(Problem(_PIPE(), str(path)))
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise error(Problem(_NO_FILE(), str(path))) from None
    except OSError as exc:
        raise error(Problem(_UNREADABLE(why=exc.strerror or exc), str(path))) from None
    if len(data) > limit:
        raise error(Problem(_TOO_LARGE(mib=limit // (1024 * 1024)), str(path))) from None
    return data


def write_atomically(path: str | Path, data: bytes, error: type[ValueError]) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it into place: never a
    half-written file. Only a regular file is ever replaced (never a folder, a device such as
    ``/dev/null`` or a pipe); a failure is ``error("PATH: why")``."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise error(Problem(_NOT_REGULAR(), str(path)))
    temp = None
    try:
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError as exc:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)
        raise error(Problem(_UNWRITABLE(why=exc.strerror or exc), str(path))) from None


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
        raise error(Problem(_NOT_UTF8_FILE(), str(name))) from None


def parse_toml(text: str, name: str, error: type[ValueError]) -> dict[str, object]:
    """The TOML document, or ``error("NAME: not valid TOML: why")``; one nested deeper than
    `MAX_DEPTH` is refused too."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(Problem(_NOT_TOML(why=str(exc)), name)) from None
    except ValueError:  # an integer literal longer than Python converts from text
        raise error(Problem(_NOT_TOML(why=_TOO_LONG(n=sys.get_int_max_str_digits())),
                            name)) from None
    except RecursionError:  # the parser recurses once per nested array or inline table
        raise error(Problem(_TOO_DEEP(n=MAX_DEPTH), name)) from None
    _check_depth(data, text, name, error)
    return data


MAX_DEPTH = 32
"""The deepest nesting of arrays and tables Pegline reads in JSON or TOML (a record nests five
deep): deeper input is refused as it is parsed, before anything recurses over it."""
_TOO_DEEP = Template("file.too-deep", "arrays or tables nested more than {n} deep")
_HALF = Template("text.half-character", "a lone surrogate (half of a character) in a string")
_TOO_LONG = Template("number.too-long", "a number of more than {n} digits")
_NOT_UTF8 = Template("text.not-utf-8", "not UTF-8 text")
NOT_JSON = Template("file.not-json", "not valid JSON: {why}")
"""JSON that cannot be read; ``why`` says what is wrong."""
_NOT_TOML = Template("file.not-toml", "not valid TOML: {why}")


def parse_json(text: str | bytes, name: str, error: type[ValueError]) -> object:
    """The JSON value, or ``error("NAME: not valid JSON: why")``; one nested deeper than
    `MAX_DEPTH` is refused too. Every JSON Pegline reads (log lines, request bodies) is read
    here."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(Problem(NOT_JSON(why=exc.msg), name)) from None
    except UnicodeDecodeError:
        raise error(Problem(NOT_JSON(why=_NOT_UTF8()), name)) from None
    except ValueError:  # an integer literal longer than Python converts from text
        raise error(Problem(NOT_JSON(why=_TOO_LONG(n=sys.get_int_max_str_digits())),
                            name)) from None
    except RecursionError:
        raise error(Problem(_TOO_DEEP(n=MAX_DEPTH), name)) from None
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
        raise error(Problem(NOT_JSON(why=_HALF()), name)) from None


def _check_depth(value: object, text: str | bytes, name: str, error: type[ValueError]) -> None:
    marks = text.count(b"[") + text.count(b"{") + text.count(b".") if isinstance(text, bytes) \
        else text.count("[") + text.count("{") + text.count(".")
    if marks < MAX_DEPTH:  # (dotted TOML keys nest too; the document is a table itself)
        return  # too few brackets to nest deeper: the common case, at no cost
    level = [(value, 1)]
    while level:
        item, depth = level.pop()
        if depth > MAX_DEPTH:
            raise error(Problem(_TOO_DEEP(n=MAX_DEPTH), name))
        children = item.values() if isinstance(item, dict) else item if \
            isinstance(item, list) else ()
        level.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list))
