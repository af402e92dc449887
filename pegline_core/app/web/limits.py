"""How fast one client may open tables on `pegline serve`: a token bucket per client address.

A client may open ``burst`` tables at once, then one every ``3600 / per_hour`` seconds; a table
asked sooner is refused with `TooMany` (HTTP 429, with ``Retry-After``). Together with closing
idle tables (`tables.Tables`), one address holds at most about ``burst + per_hour * idle hours``
tables in play, so with the defaults (10, 30 an hour, 4 hours: 130) it cannot fill the server's
200. The address is the connection's peer, or, behind a proxy the server is told to trust, the
last address in the proxy's header (`client_address`).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from starlette.requests import HTTPConnection

from pegline_core.app.i18n import Messages
from pegline_core.errors import PeglineError

__all__ = ["CreationLimit", "TooMany", "client_address", "BURST", "PER_HOUR"]

_ = Messages("pegline_core.app").gettext
BURST = 10
"""Tables one client address may open at once."""
PER_HOUR = 30.0
"""Tables an hour one client address may open after its burst."""
KEPT = 10_000
"""Addresses remembered before those whose bucket has filled again are forgotten."""


class TooMany(PeglineError):
    """A client opened tables faster than it may (HTTP 429); ``retry_after`` in whole seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class CreationLimit:
    """A token bucket per client address (``per_hour`` above 0); ``clock`` is
    `time.monotonic` or a test's."""

    def __init__(self, per_hour: float = PER_HOUR, burst: int = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_hour / 3600
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """By address: the tokens it had and when."""
        self._lock = threading.Lock()

    def _tokens(self, address: str, now: float) -> float:
        tokens, then = self._buckets.get(address, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate)

    def take(self, address: str) -> None:
        """Count a new table for ``address``, or `TooMany` saying when it may open the next."""
        with self._lock:
            now = self.clock()
            tokens = self._tokens(address, now)
            if tokens < 1:
                wait = max(1, math.ceil((1 - tokens) / self.rate))
                raise TooMany(_("{address} has opened tables faster than {n} an hour after the "
                                "first {burst}; try again in {seconds} s").format(
                    address=address, n=f"{self.rate * 3600:g}", burst=self.burst,
                    seconds=wait), wait)
            self._buckets[address] = (tokens - 1, now)
            if len(self._buckets) > KEPT:
                self._buckets = {a: kept for a, kept in self._buckets.items()
                                 if self._tokens(a, now) < self.burst}


def client_address(connection: HTTPConnection, trusted_header: str | None) -> str:
    """Who is asking: the connection's peer, or with ``trusted_header`` (a proxy's, such as
    ``X-Forwarded-For``) the last address in it, the one the proxy itself saw (the earlier
    ones are whatever the client wrote)."""
    if trusted_header:
        said = connection.headers.get(trusted_header, "").split(",")[-1].strip()
        if said:
            return said
    return connection.client.host if connection.client is not None else "unknown"
