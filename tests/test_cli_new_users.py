"""What new users of the command line tripped on: ``--debug`` after a command, a bot of one's
own that fails, wrapping and tables, did-you-mean, the progress of a long simulation."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.app.clikit import one_line


def run(*args: str, **kwargs: object) -> object:
    return CliRunner().invoke(main, list(args), **kwargs)


def _command_paths() -> list[tuple[str, ...]]:
    """Every command and group of ``pegline`` (the plugins' too), as the words that call it."""
    found: list[tuple[str, ...]] = []
    waiting: list[tuple[tuple[str, ...], click.Command]] = [((), main)]
    while waiting:
        path, command = waiting.pop(0)
        found.append(path)
        if isinstance(command, click.Group):
            context = click.Context(command)
            waiting += [((*path, name), command.get_command(context, name))
                        for name in sorted(command.list_commands(context))]
    return found


@pytest.mark.parametrize("path", _command_paths(), ids=lambda path: " ".join(path) or "pegline")
def test_every_command_takes_debug_after_it_and_says_where_it_goes(path):
    result = run(*path, "--debug", "--help")
    assert result.exit_code == 0, result.output
    assert "it goes after any command, e.g. pegline play --debug" in one_line(result.output)
