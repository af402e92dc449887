"""A game of one person against bots through the tables' API, as the page plays it: a table
whose seat 0 is a person and every other seat a bot, each call with that seat's token."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pegline_core.variant import load_variant


def seats(variant: str, bots: Sequence[str]) -> list[str]:
    """A person at seat 0 and ``bots`` in turn at the others."""
    players = load_variant(variant).table.players
    return ["person", *(f"bot:{bot}" for bot in itertools.islice(itertools.cycle(bots),
                                                                 players - 1))]


class Seat:
    """Seat 0 of a table made by `open_seat`: its calls, sent with its token (and ``headers``,
    a language say)."""

    def __init__(self, client: Any, created: dict[str, Any], headers: dict[str, str]) -> None:
        self.client = client
        self.id: str = created["id"]
        self.token: str = created["seats"][0]["token"]
        self.headers = headers
        self.url = f"/api/tables/{self.id}"

    def _headers(self, more: dict[str, str] | None) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}", **self.headers, **(more or {})}

    def get(self, tail: str = "", *, headers: dict[str, str] | None = None, **kwargs: Any) -> Any:
        return self.client.get(self.url + tail, headers=self._headers(headers), **kwargs)

    def post(self, tail: str, *, headers: dict[str, str] | None = None, **kwargs: Any) -> Any:
        return self.client.post(self.url + tail, headers=self._headers(headers), **kwargs)

    def state(self) -> dict[str, Any]:
        response = self.get()
        assert response.status_code == 200, response.text
        return response.json()

    def move(self, move: Any, expect: int | None = None, **kwargs: Any) -> Any:
        """Send ``move`` for the table as it stands (``expect``: as the seat last saw it)."""
        expect = self.state()["next"] if expect is None else expect
        return self.post("/moves", json={"expect": expect, "move": move}, **kwargs)

    def compare(self, **kwargs: Any) -> Any:
        return self.post("/compare", **kwargs)

    def abandon(self, **kwargs: Any) -> Any:
        return self.post("/abandon", **kwargs)

    def record(self, **kwargs: Any) -> Any:
        return self.get("/record", **kwargs)


OPENED: dict[str, Seat] = {}
"""Every seat `open_seat` made, by its table's id (`seat_of`)."""


def seat_of(state: dict[str, Any]) -> Seat:
    """The seat whose table a ``state`` (an answer of the API) is of."""
    return OPENED[state["id"]]


def open_seat(client: Any, variant: str = "two-player", bots: Sequence[str] = ("greedy",),
              seed: int | None = 1, options: dict[str, str] | None = None,
              headers: dict[str, str] | None = None) -> Seat:
    """A new table of one person (seat 0) and ``bots``, as the page's new game makes it."""
    body: dict[str, Any] = {"variant": variant, "seats": seats(variant, bots), "seed": seed}
    if options is not None:
        body["options"] = options
    response = client.post("/api/tables", json=body, headers=headers or {})
    assert response.status_code == 201, response.text
    seat = Seat(client, response.json(), headers or {})
    OPENED[seat.id] = seat
    return seat
