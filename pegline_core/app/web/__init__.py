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
from pegline_core.app.web.server import create_app
from pegline_core.app.web.sockets import MAX_MESSAGE
from pegline_core.app.web.store import MEMORY, Store
from pegline_core.app.web.tables import Tables
from pegline_core.errors import PeglineError

__all__ = ["create_app", "serve", "listen", "default_db", "is_loopback"]

_ = Messages("pegline_core.app").gettext


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
        raise PeglineError(f"cannot listen on {host} port {port}: {exc.strerror or exc}"
                           " (choose another with --port)") from None
    return sock


def serve(host: str, port: int, announce: Callable[[str], None] = print, *,
          db: str | Path = MEMORY, max_tables: int = 200) -> None:
    """Run the server on ``host``:``port`` until interrupted, keeping its games in the SQLite
    file ``db`` (`MEMORY`: none); ``announce`` gets a warning for an address other machines can
    reach and the address once it is bound. `PeglineError` (before listening) for a database
    that cannot be used."""
    import uvicorn

    if str(db) != MEMORY:
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    store = Store(str(db))
    try:
        tables = Tables(max_tables, store)
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
    announce(f"Pegline is serving on http://{shown}:{bound}/ (Ctrl-C stops it)")
    server = uvicorn.Server(uvicorn.Config(create_app(tables), log_level="warning",
                                           ws_max_size=MAX_MESSAGE))
    try:
        server.run(sockets=[sock])
    finally:
        store.close()
