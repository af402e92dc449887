"""`pegline serve`: play in the browser against bots (needs the ``web`` extra: Starlette, uvicorn).

The server sends each page only what its seat may see (`tables`); a game plugin supplies its table
(`protocol.WebTable`); the page is plain HTML, CSS and JavaScript shipped in ``static/``.
"""

from __future__ import annotations

import socket
from collections.abc import Callable

from pegline_core.app.web.server import create_app
from pegline_core.errors import PeglineError

__all__ = ["create_app", "serve", "listen"]


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


def serve(host: str, port: int, announce: Callable[[str], None] = print) -> None:
    """Run the server on ``host``:``port`` until interrupted; ``announce`` gets its address once
    it is bound."""
    import uvicorn

    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    announce(f"Pegline is serving on http://{shown}:{bound}/ (Ctrl-C stops it)")
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    server.run(sockets=[sock])
