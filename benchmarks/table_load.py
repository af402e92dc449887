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

Each table is opened from a loopback address of its own (127.0.x.y: a client of its own, as
the server limits how fast each address opens tables).

With ``flood``, every round is played three times, in turn: once quiet; once while one more
client, in its own process, sends bad requests to the same tables as fast as one connection can
(another seat's token, a body that is no JSON, an unknown table, a table with too few seats),
each of which must be refused (403, 400, 404, 400) and change nothing; and once while one client,
in its own process and from one address, opens tables in a loop as fast as one connection can,
which the server must answer 201 until the address's burst is spent and then 429 with
Retry-After, while the people's clients, each from its own address, open their tables one by
one through the first half of the round (each must be created) and play them. The report
compares the people's moves a second and latencies with and without each flood (medians of the
rounds), and gives the creation flood's answers and the other clients' success and latency in
opening their tables.
"""

from __future__ import annotations

import asyncio
import http.client
import itertools
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


FLOODER = "127.1.0.1"
"""The address the creation flood comes from."""
_addresses = (f"127.0.{n // 250}.{1 + n % 250}" for n in itertools.count(250))
"""A loopback address for each table the people open (127.0.0.x is left to the rest)."""


def connection_from(base: str, source: str) -> http.client.HTTPConnection:
    """A connection to the server from the loopback address ``source``."""
    host, port = base.split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))


def open_table(base: str, seed: int, source: str) -> tuple[int, Any, float]:
    """Ask for a two-person table from ``source``: the status, the answer and the seconds it
    took."""
    connection = connection_from(base, source)
    body = json.dumps({"variant": "two-player", "seats": ["person"] * 2, "seed": seed})
    try:
        start = time.perf_counter()
        connection.request("POST", "/api/tables", body, {"content-type": "application/json"})
        answer = connection.getresponse()
        data = json.loads(answer.read())
        return answer.status, data, time.perf_counter() - start
    finally:
        connection.close()


def new_people(base: str, seed: int) -> list[Person]:
    """The people of a new table, opened from an address of its own."""
    status, created, _took = open_table(base, seed, next(_addresses))
    if status != 201:
        raise AssertionError(f"a table was refused: {status} {created}")
    return [Person(created["id"], s["seat"], s["token"]) for s in created["seats"]]


BAD = (  # (method, path for a table id, body, the status it must get)
    ("POST", "/api/tables/{id}/moves", b'{"expect": 0, "move": {"type": "go"}}', 403),
    ("POST", "/api/tables", b"{not json", 400),
    ("GET", "/api/tables/no-such-table", b"", 404),
    ("POST", "/api/tables", b'{"variant": "two-player", "seats": ["person"]}', 400),
)
"""What the flood sends, in turn (the first with a made-up token)."""


def create_flood(base: str, seconds: float) -> dict[str, int]:
    """One client, one address, one keep-alive connection, asking for new tables back to back
    for ``seconds``: how many it sent, were created (201), were refused 429 with Retry-After,
    and were answered otherwise (``wrong``)."""
    connection = connection_from(base, FLOODER)
    body = json.dumps({"variant": "two-player", "seats": ["person", "bot:greedy"]})
    counts = {"sent": 0, "created": 0, "limited": 0, "wrong": 0}
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        connection.request("POST", "/api/tables", body, {"content-type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        counts["sent"] += 1
        if answer.status == 201:
            counts["created"] += 1
        elif answer.status == 429 and (answer.getheader("retry-after") or "").isdigit():
            counts["limited"] += 1
        else:
            counts["wrong"] += 1
    connection.close()
    return counts


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


QUIET, BAD_REQUESTS, NEW_TABLES = "quiet", "flooded", "creation-flooded"
"""The kinds of round: no flood, a flood of bad requests, a flood of new tables."""


async def round_of(base: str, tables: int, seconds: float, seed: int,
                   kind: str = QUIET) -> tuple[list[Person], dict[str, Any]]:
    """One round of ``kind``. The people, and what the flood sent (with a creation flood, the
    other clients' openings too: ``asked``, ``opened`` and their ``latencies``)."""
    people: list[Person] = []
    if kind != NEW_TABLES:
        for n in range(tables):
            people += new_people(base, seed * 1000 + n)
    counts: dict[str, Any] = {"sent": 0, "wrong": 0}
    flooding = None
    if kind != QUIET:  # its own process: it must not take the people's clients' time
        command = ["create-flood", base, str(seconds)] if kind == NEW_TABLES \
            else ["flood", base, str(seconds), *{p.table for p in people}]
        flooding = subprocess.Popen([sys.executable, __file__, *command],
                                    stdout=subprocess.PIPE, text=True)
    until = time.monotonic() + seconds
    if kind == NEW_TABLES:
        opened: list[float] = []
        await asyncio.gather(*(_open_and_play(base, seed * 1000 + n, until,
                                              n * seconds / 2 / tables, people, opened)
                               for n in range(tables)))
    else:
        await asyncio.gather(*(person.play(base, until) for person in people))
    if flooding is not None:
        out, _err = flooding.communicate(timeout=60)
        counts = json.loads(out)
    if kind == NEW_TABLES:
        counts |= {"asked": tables, "opened": len(opened), "latencies": opened}
    return people, counts


async def _open_and_play(base: str, seed: int, until: float, after: float,
                         people: list[Person], opened: list[float]) -> None:
    """One client of a creation-flooded round: ``after`` seconds in, open a table from an
    address of its own (its latency into ``opened`` if created) and play it until ``until``."""
    await asyncio.sleep(after)  # pacing: the clients open their tables through the round
    status, created, took = await asyncio.to_thread(open_table, base, seed, next(_addresses))
    if status != 201:
        return
    opened.append(took)
    mine = [Person(created["id"], s["seat"], s["token"]) for s in created["seats"]]
    people += mine
    await asyncio.gather(*(person.play(base, until) for person in mine))


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
        kinds = (QUIET, BAD_REQUESTS, NEW_TABLES) if flood else (QUIET,)
        figures = {kind: Figures() for kind in kinds}
        sent = wrong = 0
        creation: dict[str, Any] = {"sent": 0, "created": 0, "limited": 0, "wrong": 0,
                                    "asked": 0, "opened": 0, "latencies": []}
        try:
            for number in range(rounds):
                for index, kind in enumerate(kinds):
                    people, counts = asyncio.run(round_of(
                        base, tables, seconds, len(kinds) * number + index, kind))
                    said = figures[kind].add(people, seconds)
                    if kind == BAD_REQUESTS:
                        sent, wrong = sent + counts["sent"], wrong + counts["wrong"]
                        said += f", {counts['sent']} bad requests"
                    elif kind == NEW_TABLES:
                        creation = {key: value + counts[key] for key, value in creation.items()}
                        said += (f", {counts['sent']} new tables asked by one client: "
                                 f"{counts['created']} created, {counts['limited']} refused 429"
                                 f"; the others opened {counts['opened']} of {counts['asked']}")
                    print(f"  round {number + 1}{'' if kind == QUIET else ' ' + kind}: {said}")
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
    rate, p95, median = figures[QUIET].medians_of_rounds()
    print(f"{tables} tables of two people over WebSockets on loopback, {rounds} rounds of "
          f"{seconds:.0f} s: median {rate:.0f} moves/s, p95 {p95:.1f} ms (median of the "
          f"rounds' p95), median latency {median:.1f} ms")
    if flood:
        rate2, p95_2, median2 = figures[BAD_REQUESTS].medians_of_rounds()
        print(f"  under a flood of {sent} bad requests from one client "
              f"({sent / rounds / seconds:.0f} a second; {wrong} not refused as expected): "
              f"{rate2:.0f} moves/s ({rate2 / rate:.2f}x), p95 {p95_2:.1f} ms "
              f"({p95_2 / p95:.2f}x), median latency {median2:.1f} ms ({median2 / median:.2f}x)")
        rate3, p95_3, median3 = figures[NEW_TABLES].medians_of_rounds()
        latencies = sorted(creation["latencies"])
        print(f"  under a flood of {creation['sent']} new tables asked by one client "
              f"({creation['sent'] / rounds / seconds:.0f} a second): {creation['created']} "
              f"created, {creation['limited']} refused 429 with Retry-After "
              f"({creation['limited'] / max(1, creation['sent']):.1%}), {creation['wrong']} "
              f"otherwise; the other clients opened {creation['opened']} of "
              f"{creation['asked']} tables asked "
              f"({creation['opened'] / max(1, creation['asked']):.0%}), median "
              f"{1000 * statistics.median(latencies):.1f} ms, p95 "
              f"{1000 * latencies[int(0.95 * (len(latencies) - 1))]:.1f} ms to open one, and "
              f"played {rate3:.0f} moves/s, p95 {p95_3:.1f} ms, median latency "
              f"{median3:.1f} ms")
        wrong += creation["wrong"] + creation["asked"] - creation["opened"]
    print(f"  {sum(seen.values())} moves seen done, {sum(stored.get(t, 0) for t in seen)} "
          "stored after a restart and a verified replay: "
          + ("none lost, none applied twice" if not lost else f"MISMATCH {lost}"))
    if lost or wrong:
        raise SystemExit(1)


if __name__ == "__main__" and sys.argv[1:2] == ["flood"]:  # the flood's process (round_of)
    print(json.dumps(flood(sys.argv[2], sys.argv[4:], float(sys.argv[3]))))
if __name__ == "__main__" and sys.argv[1:2] == ["create-flood"]:  # the creation flood's
    print(json.dumps(create_flood(sys.argv[2], float(sys.argv[3]))))
