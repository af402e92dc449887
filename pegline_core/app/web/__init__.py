"""`pegline serve`: play in the browser against bots (needs the ``web`` extra: Starlette, uvicorn).

The server sends each page only what its seat may see (`tables`); a game plugin supplies its table
(`protocol.WebTable`); the page is plain HTML, CSS and JavaScript shipped in ``static/``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from pathlib import Path

from pegline_core.app.i18n import Messages
from pegline_core.app.web.limits import BURST, PER_HOUR, CreationLimit
from pegline_core.app.web.server import create_app
from pegline_core.app.web.sockets import MAX_MESSAGE
from pegline_core.app.web.store import MEMORY, Store
from pegline_core.app.web.tables import IDLE, Tables
from pegline_core.errors import PeglineError
from pegline_core.messages import Template

__all__ = ["create_app", "serve", "listen", "default_db", "is_loopback"]

_ = Messages("pegline_core.app").gettext

_CANNOT_LISTEN = Template("serve.cannot-listen", "cannot listen on {host} port {port}: {reason} "
                          "(choose another with --port)")


def default_db() -> Path:
    """Where the server keeps its games unless told (``--db``): the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("pegline", appauthor=False)) / "tables.sqlite3"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is only reachable from this machine (``localhost``, 127.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (port 0: any free one), or `PeglineError` saying why
    not (the port is taken, the address is not this machine's)."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise PeglineError(f"cannot listen on {host}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise PeglineError(_CANNOT_LISTEN(host=host, port=port,
                                          reason=exc.strerror or str(exc))) from None
    return sock


SWEEP = 60.0
"""Seconds at most between two looks for idle tables to close."""


def serve(host: str, port: int, announce: Callable[[str], None] = print, *,
          db: str | Path = MEMORY, max_tables: int = 200, idle: float = IDLE,
          burst: int = BURST, per_hour: float = PER_HOUR,
          proxy_header: str | None = None) -> None:
    """Run the server on ``host``:``port`` until interrupted, keeping its games in the SQLite
    file ``db`` (`MEMORY`: none); ``announce`` gets a warning for an address other machines can
    reach and the address once it is bound. At most ``max_tables`` in play, each closed once
    untouched ``idle`` seconds; a client address opens ``burst`` tables at once, then
    ``per_hour`` an hour; the address is the peer's, or ``proxy_header``'s if given (a proxy
    the server trusts). `PeglineError` (before listening) for a database that cannot be
    used."""
    import uvicorn

    if str(db) != MEMORY:
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    store = Store(str(db))
    try:
        tables = Tables(max_tables, store, idle=idle)
    except PeglineError:
        store.close()
        raise
    if not is_loopback(host):
        announce(_("warning: {host} can be reached from other machines: anyone who can reach "
                   "it can create games here, and a seat's link is all it takes to play that "
                   "seat; serve on 127.0.0.1 unless you mean to share").format(host=host))
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    announce(_("Pegline is serving on {address} (Ctrl-C stops it)").format(
        address=f"http://{shown}:{bound}/"))
    app = create_app(tables, creation=CreationLimit(per_hour, burst), proxy_header=proxy_header,
                     sweep_every=min(SWEEP, idle / 4))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=MAX_MESSAGE,
                                           proxy_headers=False))  # only --trust-proxy-header
    try:
        server.run(sockets=[sock])
    finally:
        store.close()
