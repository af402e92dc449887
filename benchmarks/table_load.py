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

With ``flood``, every round is played twice, in turn: once quiet and once while one more client,
in its own process, sends bad requests to the same tables as fast as one connection can (another
seat's token, a body that is no JSON, an unknown table, a table with too few seats), each of
which must be refused (403, 400, 404, 400) and change nothing. The report compares the people's
moves a second and latencies with and without the flood (medians of the rounds).
"""

from __future__ import annotations

import asyncio
import http.client
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


BAD = (  # (method, path for a table id, body, the status it must get)
    ("POST", "/api/tables/{id}/moves", b'{"expect": 0, "move": {"type": "go"}}', 403),
    ("POST", "/api/tables", b"{not json", 400),
    ("GET", "/api/tables/no-such-table", b"", 404),
    ("POST", "/api/tables", b'{"variant": "two-player", "seats": ["person"]}', 400),
)
"""What the flood sends, in turn (the first with a made-up token)."""


def flood(base: str, idents: list[str], seconds: float) -> dict[str, int]:
    """One client, one keep-alive connection, bad requests back to back for ``seconds``; how
    many it sent, and how many were answered otherwise than expected (``wrong``)."""
    host, port = base.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"authorization": "Bearer not-a-seat-token", "content-type": "application/json"}
    sent = wrong = 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        method, path, body, status = BAD[sent % len(BAD)]
        connection.request(method, path.format(id=idents[sent % len(idents)]), body or None,
                           headers)
        answer = connection.getresponse()
        answer.read()
        sent += 1
        wrong += answer.status != status
    connection.close()
    return {"sent": sent, "wrong": wrong}


async def round_of(base: str, tables: int, seconds: float, seed: int,
                   flooded: bool = False) -> tuple[list[Person], dict[str, int]]:
    """One round; with ``flooded``, the flood runs through it. The people, and what the flood
    sent."""
    people = []
    for n in range(tables):
        created = post(base, "/api/tables", {"variant": "two-player", "seats": ["person"] * 2,
                                             "seed": seed * 1000 + n})
        people += [Person(created["id"], s["seat"], s["token"]) for s in created["seats"]]
    flooding, counts = None, {"sent": 0, "wrong": 0}
    if flooded:  # its own process: it must not take the people's clients' time
        flooding = subprocess.Popen(
            [sys.executable, __file__, "flood", base, str(seconds), *{p.table for p in people}],
            stdout=subprocess.PIPE, text=True)
    until = time.monotonic() + seconds
    await asyncio.gather(*(person.play(base, until) for person in people))
    if flooding is not None:
        out, _err = flooding.communicate(timeout=60)
        counts = json.loads(out)
    return people, counts


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


class Figures:
    """The rounds of one kind (quiet or flooded): moves a second, median and p95 latency."""

    def __init__(self) -> None:
        self.rates: list[float] = []
        self.p95s: list[float] = []
        self.medians: list[float] = []

    def add(self, people: list[Person], seconds: float) -> str:
        latencies = sorted(t for p in people for t in p.latencies)
        done = sum(p.done for p in people)
        self.rates.append(done / seconds)
        self.p95s.append(1000 * latencies[int(0.95 * (len(latencies) - 1))])
        self.medians.append(1000 * statistics.median(latencies))
        return (f"{done} moves in {seconds:.0f} s: {self.rates[-1]:.0f} moves/s, median "
                f"{self.medians[-1]:.1f} ms, p95 {self.p95s[-1]:.1f} ms, "
                f"{sum(p.stale for p in people)} stale")

    def medians_of_rounds(self) -> tuple[float, float, float]:
        return (statistics.median(self.rates), statistics.median(self.p95s),
                statistics.median(self.medians))


def load_test(tables: int, seconds: float, rounds: int, flood: bool = False) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.sqlite3"
        process, base = start_server(db)
        everyone: list[Person] = []
        quiet, flooded = Figures(), Figures()
        sent = wrong = 0
        try:
            for number in range(rounds):
                for kind in (False, True) if flood else (False,):
                    people, counts = asyncio.run(round_of(base, tables, seconds,
                                                          2 * number + kind, kind))
                    said = (flooded if kind else quiet).add(people, seconds)
                    sent, wrong = sent + counts["sent"], wrong + counts["wrong"]
                    print(f"  round {number + 1}{' flooded' if kind else ''}: {said}"
                          + (f", {counts['sent']} bad requests" if kind else ""))
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
    rate, p95, median = quiet.medians_of_rounds()
    print(f"{tables} tables of two people over WebSockets on loopback, {rounds} rounds of "
          f"{seconds:.0f} s: median {rate:.0f} moves/s, p95 {p95:.1f} ms (median of the "
          f"rounds' p95), median latency {median:.1f} ms")
    if flood:
        rate2, p95_2, median2 = flooded.medians_of_rounds()
        print(f"  under a flood of {sent} bad requests from one client "
              f"({sent / rounds / seconds:.0f} a second; {wrong} not refused as expected): "
              f"{rate2:.0f} moves/s ({rate2 / rate:.2f}x), p95 {p95_2:.1f} ms "
              f"({p95_2 / p95:.2f}x), median latency {median2:.1f} ms ({median2 / median:.2f}x)")
    print(f"  {sum(seen.values())} moves seen done, {sum(stored.values())} stored after a "
          f"restart and a verified replay: "
          + ("none lost, none applied twice" if not lost else f"MISMATCH {lost}"))
    if lost or wrong:
        raise SystemExit(1)


if __name__ == "__main__" and sys.argv[1:2] == ["flood"]:  # the flood's process (round_of)
    print(json.dumps(flood(sys.argv[2], sys.argv[4:], float(sys.argv[3]))))
