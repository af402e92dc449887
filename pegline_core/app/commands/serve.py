"""``pegline serve``: the web table."""

from __future__ import annotations

import click

from pegline_core.app.clikit import Command, Failure
from pegline_core.app.i18n import Messages
from pegline_core.errors import PeglineError

_ = Messages("pegline_core.app").gettext


@click.command(cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (another address lets other machines play too).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option("--db", default=None,
              help="The SQLite file the games live in (default: in your data directory; "
                   ":memory: keeps them only while the server runs).")
@click.option("--max-tables", type=click.IntRange(1), default=200, show_default=True,
              help="The most games the server holds at once.")
def serve(host: str, port: int, db: str | None, max_tables: int) -> None:
    """Play in the browser with people and bots: a web page (needs pegline[web])."""
    try:
        from pegline_core.app.web import default_db
        from pegline_core.app.web import serve as run
    except ImportError as exc:
        raise Failure(_("{module} is not installed: pip install 'pegline[web]' for the web "
                         "page").format(module=exc.name)) from None
    try:
        run(host, port, announce=click.echo, db=db if db is not None else default_db(),
            max_tables=max_tables)
    except PeglineError as exc:
        raise Failure(str(exc)) from None
