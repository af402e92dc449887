"""`pegline serve`: play in the browser against bots (needs the ``web`` extra: Starlette, uvicorn).

The server sends each page only what its seat may see (`tables`); a game plugin supplies its table
(`protocol.WebTable`); the page is plain HTML, CSS and JavaScript shipped in ``static/``.
"""

from __future__ import annotations

from pegline_core.app.web.server import create_app

__all__ = ["create_app", "serve"]


def serve(host: str, port: int) -> None:
    """Run the server on ``host``:``port`` until interrupted."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
