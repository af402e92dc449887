"""The load test of `pegline serve`'s tables (``web_latency.py --tables N``): loopback only,
bounded in tables, time and rounds.

The server runs as ``pegline serve --host 127.0.0.1 --port 0 --db FILE`` in its own process.
Each round opens ``tables`` two-person tables; for each person seat one scripted client holds
the seat's WebSocket, and whenever its seat is asked, sends the first move the page would offer
with the number of events it has seen. A move counts as done when the push that follows shows
it, as the first new event, by that seat; its latency is the time from sending to that push.
A client sends at most half the messages a second a socket may (`sockets.RATE`).
When time is up the clients stop sending and wait (bounded) for their last answers. At the end
the server is stopped and the database is replayed: each table's stored moves by people must be
exactly the moves its clients saw done.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets
from web_latency import move_for  # the first move the page offers

from pegline_core import Input
from pegline_core.app.web.sockets import RATE
from pegline_core.app.web.store import Store
from pegline_core.app.web.tables import Tables

HOST = "127.0.0.1"
GAP = 2 / RATE
"""The least time between a person's messages: half the rate a socket may send at."""


class Person:
    """One scripted person at one seat."""

    def __init__(self, table: str, seat: int, token: str) -> None:
        self.table, self.seat, self.token = table, seat, token
        self.done = 0
        self.stale = 0
        self.latencies: list[float] = []

    async def play(self, base: str, until: float) -> None:
        url = f"ws://{base}/api/tables/{self.table}/socket?seat={self.token}"
        async with websockets.connect(url, max_size=2**24) as socket:
            pending: tuple[int, float] | None = None
            last = 0.0
            while True:
                now = time.monotonic()
                if now >= until and pending is None:
                    return
                if now >= until + 10:
                    raise AssertionError(f"no answer to a move at {self.table} for 10 s")
                try:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 1))
                except TimeoutError:
                    continue
                if "error" in message:
                    if message.get("status") == 409:
                        self.stale += 1
                        pending = None
                        continue
                    raise AssertionError(message)
                state = message["state"]
                if pending is not None and state["events"]:
                    first = state["events"][0]
                    if first["seq"] == pending[0] and first["data"].get("actor") == self.seat:
                        self.done += 1
                        self.latencies.append(time.monotonic() - pending[1])
                        pending = None
                if (pending is None and time.monotonic() < until and not state["over"]
                        and state["prompt"]["kind"] != "wait"):
                    wait = last + GAP - time.monotonic()
                    if wait > 0:  # a script is quicker than a person: keep under the limit
                        await asyncio.sleep(wait)
                    last = time.monotonic()
                    pending = (state["next"], last)
                    await socket.send(json.dumps({"token": self.token, "expect": state["next"],
                                                  "move": move_for(state)}))


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(f"http://{base}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


async def round_of(base: str, tables: int, seconds: float, seed: int) -> list[Person]:
    people = []
    for n in range(tables):
        created = post(base, "/api/tables", {"variant": "two-player", "seats": ["person"] * 2,
                                             "seed": seed * 1000 + n})
        people += [Person(created["id"], s["seat"], s["token"]) for s in created["seats"]]
    until = time.monotonic() + seconds
    await asyncio.gather(*(person.play(base, until) for person in people))
    return people


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    command = "from pegline_core.app.cli import main; main()"
    process = subprocess.Popen(
        [sys.executable, "-c", command, "serve", "--host", HOST, "--port", "0", "--db", str(db),
         "--max-tables", "1000"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        process.kill()
        process.wait(30)
        raise SystemExit(f"the server did not start: {line!r}")
    base = f"{HOST}:{found[1]}"
    deadline = time.monotonic() + 20
    while True:  # bound, then listening once uvicorn has started
        try:
            with urllib.request.urlopen(f"http://{base}/api/options", timeout=5):
                return process, base
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                process.wait(30)
                raise
            time.sleep(0.1)


def load_test(tables: int, seconds: float, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.sqlite3"
        process, base = start_server(db)
        everyone: list[Person] = []
        rates, p95s, medians = [], [], []
        try:
            for number in range(rounds):
                start = time.monotonic()
                people = asyncio.run(round_of(base, tables, seconds, number))
                took = time.monotonic() - start
                latencies = sorted(t for p in people for t in p.latencies)
                done = sum(p.done for p in people)
                rates.append(done / seconds)
                p95s.append(1000 * latencies[int(0.95 * (len(latencies) - 1))])
                medians.append(1000 * statistics.median(latencies))
                print(f"  round {number + 1}: {done} moves in {seconds:.0f} s ({took:.1f} s "
                      f"with setup): {rates[-1]:.0f} moves/s, median {medians[-1]:.1f} ms, "
                      f"p95 {p95s[-1]:.1f} ms, {sum(p.stale for p in people)} stale")
                everyone += people
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(30)
            assert process.stdout is not None
            process.stdout.close()
        store = Store(str(db))
        restored = Tables(10_000, store)  # replays and verifies every stored game
        stored = {ident: sum(isinstance(e, Input) and isinstance(e.actor, int)
                             for e in table.game.log)
                  for ident, table in restored.ids().items()}
        store.close()
    seen: dict[str, int] = {}
    for person in everyone:
        seen[person.table] = seen.get(person.table, 0) + person.done
    lost = {t: seen[t] - stored.get(t, 0) for t in seen if seen[t] != stored.get(t, 0)}
    print(f"{tables} tables of two people over WebSockets on loopback, {rounds} rounds of "
          f"{seconds:.0f} s: median {statistics.median(rates):.0f} moves/s, p95 "
          f"{statistics.median(p95s):.1f} ms (median of the rounds' p95), median latency "
          f"{statistics.median(medians):.1f} ms")
    print(f"  {sum(seen.values())} moves seen done, {sum(stored.values())} stored after a "
          f"restart and a verified replay: "
          + ("none lost, none applied twice" if not lost else f"MISMATCH {lost}"))
    if lost:
        raise SystemExit(1)
