"""Records on the command line: telling a record file from another, and the plugin versions a
record names that differ from those installed."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import click

from pegline_core.app.i18n import Messages
from pegline_core.app.problems import say
from pegline_core.files import MATCH_FORMAT
from pegline_core.record import FORMAT, GameRecord

__all__ = ["is_record_file", "is_saved_play", "saved_play", "say_version_notices"]

_ = Messages("pegline_core.app").gettext


def is_record_file(file: Path, form: str = FORMAT) -> bool:
    if file.is_fifo():  # never opened here: that waits for a writer
        return False
    try:
        with (gzip.open(file) if file.name.endswith(".gz") else file.open("rb")) as handle:
            head = handle.read(4096).decode("utf-8", errors="replace")  # never a whole line
    except (OSError, EOFError):
        return False
    if head.startswith("{"):  # a log: its header line (json.dumps writes format first)
        return head.startswith(f'{{"format": "{form}"')
    return any(line.startswith("format = ") and f'"{form}"' in line
               for line in head.splitlines()[:3])


def is_saved_play(file: Path) -> bool:
    """Whether ``file`` holds a game's or a match's record or log: what ``--save`` and
    ``--log`` may write over."""
    return is_record_file(file) or is_record_file(file, MATCH_FORMAT)


def saved_play() -> tuple[Callable[[Path], bool], str]:
    """What ``--save`` and ``--log`` may write over, for `check_output`."""
    return is_saved_play, _("a Pegline record or log")


def say_version_notices(record: GameRecord, versions: str) -> None:
    """Say which plugin versions differ from the record's (or refuse them, by the policy)."""
    installed = record.new_game(versions).ruleset.versions()
    for notice in record.version_notices(installed, versions):
        click.echo(_("notice: {notice}").format(notice=say(notice)), err=True)
