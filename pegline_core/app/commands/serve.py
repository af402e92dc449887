"""``pegline serve``: the web table."""

from __future__ import annotations

import math
from typing import Any

import click

from pegline_core.app.clikit import Command, Failure
from pegline_core.app.i18n import Messages
from pegline_core.app.problems import shown
from pegline_core.errors import PeglineError

_ = Messages("pegline_core.app").gettext


class _Rate(click.FloatRange):
    """Games an hour: from one in 1000 hours (a slower rate's wait overflows), never nan or
    inf (which click's range lets through: nan meant no limit at all)."""

    def __init__(self) -> None:
        super().__init__(0.001)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        rate = super().convert(value, param, ctx)
        if not math.isfinite(rate):
            self.fail(_("{value} is not a number of games an hour").format(value=value),
                      param, ctx)
        return rate


@click.command(cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (another address lets other machines play too).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free one; the address served on is printed).")
@click.option("--db", default=None,
              help="The SQLite file the games live in (default: in your data directory; "
                   ":memory: keeps them only while the server runs).")
@click.option("--max-tables", type=click.IntRange(1), default=200, show_default=True,
              help="The most games in play the server holds at once (finished, abandoned and "
                   "closed ones do not count); a new game beyond them gets 503.")
@click.option("--close-idle-after", "idle", type=click.IntRange(1), default=4 * 3600,
              show_default=True, metavar="SECONDS",
              help="Close a game in play after this many seconds with no move, join or "
                   "socket message; its people are told why (410).")
@click.option("--create-burst", "burst", type=click.IntRange(1), default=10,
              show_default=True, metavar="N",
              help="The games one client address may open at once; after them, "
                   "--create-per-hour.")
@click.option("--create-per-hour", "per_hour", type=_Rate(),
              default=30, show_default=True, metavar="N",
              help="The games an hour one client address may open after its burst; one asked "
                   "sooner gets 429 with Retry-After.")
@click.option("--trust-proxy-header", "proxy_header", default=None, metavar="HEADER",
              help="Take a client's address from this header of a proxy in front of the "
                   "server, e.g. X-Forwarded-For (its last address); default: the connection's "
                   "peer. Only behind a proxy that sets it: a client can write any header.")
def serve(host: str, port: int, db: str | None, max_tables: int, idle: int, burst: int,
          per_hour: float, proxy_header: str | None) -> None:
    """Play in the browser with people and bots: a web page (needs pegline[web])."""
    try:
        from pegline_core.app.web import default_db
        from pegline_core.app.web import serve as run
    except ImportError as exc:
        raise Failure(_("{module} is not installed: pip install -e '.[web]' for the web "
                         "page").format(module=exc.name)) from None
    try:
        run(host, port, announce=click.echo, db=db if db is not None else default_db(),
            max_tables=max_tables, idle=idle, burst=burst, per_hour=per_hour,
            proxy_header=proxy_header)
    except PeglineError as exc:
        raise Failure(shown(exc)) from None
