"""A real `pegline serve` app on a loopback port, in a thread of the test's process: requests
and sockets go over TCP as a browser's would. `restart` stops it and starts it again on the same
port and database file."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from pegline_core.app.web import create_app, listen
from pegline_core.app.web.store import Store
from pegline_core.app.web.tables import Tables

__all__ = ["Site"]


class Site:
    """The server on a loopback port, its games in one SQLite file (``tables`` makes the
    `Tables` from the store: a test's limits and clock; ``app`` takes the app's own options)."""

    def __init__(self, path: Path | str, tables: Callable[[Store], Tables] | None = None,
                 **app: Any) -> None:
        self.path = str(path)
        self.port = 0
        self.make = tables or (lambda store: Tables(200, store))
        self.app = app
        self._start()

    def _start(self) -> None:
        self.store = Store(self.path)
        self.tables = self.make(self.store)
        sock = listen("127.0.0.1", self.port)
        self.port = sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(create_app(self.tables, **self.app),
                                                    log_level="warning", proxy_headers=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]},
                                       daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: bytes | dict[str, Any] | None = None,
                headers: dict[str, str] | None = None, source: str = "127.0.0.1",
                ) -> tuple[int, Any, dict[str, str]]:
        """One request on a new connection from the loopback address ``source``: the status,
        the JSON answer (or the text), and the headers. ``body`` goes as it is if bytes (a
        number JSON clients would not write)."""
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                source_address=(source, 0))
        try:
            connection.request(method, path, data, {"content-type": "application/json"}
                               | (headers or {}))
            answer = connection.getresponse()
            text = answer.read().decode()
            try:
                content: Any = json.loads(text)
            except ValueError:
                content = text
            return answer.status, content, {k.lower(): v for k, v in answer.getheaders()}
        finally:
            connection.close()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)
        assert not self.thread.is_alive()
        self.store.close()

    def restart(self) -> None:
        self.stop()
        self._start()
