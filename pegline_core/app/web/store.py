"""Where the server's games live between restarts: one SQLite file (stdlib ``sqlite3``, WAL).

A game is stored as its record's inputs (the header once, then each input event), never as a
snapshot: it comes back by replaying them under the installed rules, and `tables` checks that
the replay gives the stored log (see `StoredTable.digest`). Every move is one transaction, so a
crash loses no committed move and leaves no half-written one. A file an older version wrote is
migrated in one transaction (`MIGRATIONS`); a file this version cannot read (a newer schema,
another program's database, a corrupt file) is refused at start with `StoreError`, before
anything is read from it.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from attrs import frozen

from pegline_core.errors import PeglineError

__all__ = ["Store", "StoreError", "StoredTable", "SCHEMA", "MEMORY"]

SCHEMA = 3
"""The layout this version writes and reads (``PRAGMA user_version``)."""
APPLICATION_ID = 0x50474C4E  # "PGLN": the mark of a Pegline database (PRAGMA application_id)
MEMORY = ":memory:"
"""The path of a database that lives as long as the server (the old behaviour)."""

MIGRATIONS: dict[int, str] = {
    1: """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    head TEXT NOT NULL,       -- the record's header (rules, digest, dealer, seed) as JSON
    seats TEXT NOT NULL,      -- each seat's kind when the table was made: "person" or "bot:NAME"
    tokens TEXT NOT NULL,     -- each person seat's token, hashed (SHA-256), by seat
    names TEXT NOT NULL,      -- the names people gave their seats, by seat
    options TEXT NOT NULL,    -- {"lobby": bool, "hand_over_after": seconds}
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    abandoned INTEGER NOT NULL DEFAULT 0,
    length INTEGER NOT NULL,  -- the log's length after the last committed move
    digest TEXT NOT NULL      -- SHA-256 of that log's events, to verify the replay
);
CREATE TABLE inputs (
    tbl TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,      -- one input event as the game's codec writes it
    PRIMARY KEY (tbl, seq)
);
""",
    2: """
-- the creator's and the spectators' tokens, hashed: {"host": hash, "watch": hash}
ALTER TABLE tables ADD COLUMN keys TEXT NOT NULL DEFAULT '{}';
-- the seats handed to a bot: [[events before it, seat, bot], ...]
ALTER TABLE tables ADD COLUMN handovers TEXT NOT NULL DEFAULT '[]';
""",
    3: """
-- when the table last had a move, a join or a socket message (seconds since the epoch), the
-- time of the upgrade for a table an older version kept
ALTER TABLE tables ADD COLUMN touched REAL NOT NULL DEFAULT 0;
UPDATE tables SET touched = CAST(strftime('%s', 'now') AS REAL);
-- the seconds untouched after which the table was closed before its end (NULL: it was not)
ALTER TABLE tables ADD COLUMN closed_idle REAL;
""",
}
"""The statements that bring a database from the schema before each version to that version; a
new file runs them all."""


class StoreError(PeglineError):
    """The database cannot be used: not Pegline's, another schema version, or corrupt."""


@frozen
class StoredTable:
    """One table as stored: enough to rebuild it by replay and check the result."""

    id: str
    head: dict[str, object]
    seats: list[str]
    tokens: dict[int, str]
    names: dict[int, str]
    options: Mapping[str, object]
    seed: int
    created: float
    abandoned: bool
    length: int
    digest: str
    inputs: list[dict[str, object]]
    keys: dict[str, str]
    """The creator's and the spectators' token hashes (``"host"``, ``"watch"``)."""
    handovers: list[tuple[int, int, str]]
    """The seats handed to a bot: (the log's length then, seat, bot)."""
    touched: float
    """When the table last had a move, a join or a socket message (`time.time`)."""
    closed_idle: float | None
    """The seconds untouched after which the table was closed (None: it was not)."""


class Store:
    """The database at ``path`` (`MEMORY`: none on disk), opened and checked at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from None
        try:
            self._check()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{path} is not a Pegline database (or it is damaged): "
                             f"{exc}") from None
        except StoreError:
            self._db.close()
            raise

    def _check(self) -> None:
        db = self._db
        ident = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if ident == 0 and version == 0 and objects == 0:  # a new, empty file: lay it out
            db.execute("PRAGMA journal_mode=WAL")
            self.migrate(0, SCHEMA)
            return
        if ident != APPLICATION_ID:
            raise StoreError(f"{self.path} is not a Pegline database (it holds another "
                             "program's data); give another file with --db")
        if not 1 <= version <= SCHEMA:
            raise StoreError(f"{self.path} was written by a Pegline with database schema "
                             f"{version}; this one reads schemas 1 to {SCHEMA} (use the "
                             "version that wrote it, or another file with --db)")
        problem = db.execute("PRAGMA quick_check").fetchone()[0]
        if problem != "ok":
            raise StoreError(f"{self.path} is damaged: {problem}")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA:
            self.migrate(version, SCHEMA)

    def migrate(self, start: int, end: int) -> None:
        """Bring the database from schema ``start`` to ``end`` in one transaction (all or
        nothing: a failure leaves the file as it was)."""
        with self._transaction() as db:
            if start == 0:
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            for version in range(start + 1, end + 1):
                for statement in MIGRATIONS[version].split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version={end}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- writing: each call one transaction ----------------------------------------------------

    def add(self, table: StoredTable) -> None:
        """A new table with its first inputs."""
        with self._transaction() as db:
            db.execute("INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", (
                table.id, json.dumps(table.head), json.dumps(table.seats),
                _by_seat(table.tokens), _by_seat(table.names), json.dumps(table.options),
                table.seed, table.created, int(table.abandoned), table.length, table.digest,
                json.dumps(table.keys), json.dumps(table.handovers), table.touched,
                table.closed_idle))
            _insert(db, table.id, table.inputs)

    def append(self, ident: str, inputs: Sequence[dict[str, object]], length: int,
               digest: str, touched: float) -> None:
        """A move: its inputs (the person's and whatever chance and the bots did after)."""
        with self._transaction() as db:
            _insert(db, ident, inputs)
            db.execute("UPDATE tables SET length=?, digest=?, touched=? WHERE id=?",
                       (length, digest, touched, ident))

    def update(self, ident: str, *, names: dict[int, str] | None = None,
               tokens: dict[int, str] | None = None, abandoned: bool | None = None,
               handovers: list[tuple[int, int, str]] | None = None,
               touched: float | None = None, closed_idle: float | None = None) -> None:
        with self._transaction() as db:
            if touched is not None:
                db.execute("UPDATE tables SET touched=? WHERE id=?", (touched, ident))
            if closed_idle is not None:
                db.execute("UPDATE tables SET closed_idle=? WHERE id=?", (closed_idle, ident))
            if names is not None:
                db.execute("UPDATE tables SET names=? WHERE id=?", (_by_seat(names), ident))
            if tokens is not None:
                db.execute("UPDATE tables SET tokens=? WHERE id=?", (_by_seat(tokens), ident))
            if handovers is not None:
                db.execute("UPDATE tables SET handovers=? WHERE id=?", (json.dumps(handovers),
                                                                        ident))
            if abandoned is not None:
                db.execute("UPDATE tables SET abandoned=? WHERE id=?", (int(abandoned), ident))

    def remove(self, ident: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM inputs WHERE tbl=?", (ident,))
            db.execute("DELETE FROM tables WHERE id=?", (ident,))

    # -- reading -------------------------------------------------------------------------------

    def tables(self) -> list[StoredTable]:
        """Every stored table, oldest first, with its inputs in order."""
        with self._lock:
            try:
                rows = self._db.execute("SELECT * FROM tables ORDER BY created, id").fetchall()
                inputs: dict[str, list[dict[str, object]]] = {row[0]: [] for row in rows}
                for ident, event in self._db.execute(
                        "SELECT tbl, event FROM inputs ORDER BY tbl, seq"):
                    inputs.setdefault(ident, []).append(json.loads(event))
                return [StoredTable(
                    row[0], json.loads(row[1]), json.loads(row[2]), _seats(row[3]),
                    _seats(row[4]), json.loads(row[5]), row[6], row[7], bool(row[8]), row[9],
                    row[10], inputs[row[0]], json.loads(row[11]),
                    [(at, seat, bot) for at, seat, bot in json.loads(row[12])],
                    float(row[13]), None if row[14] is None else float(row[14]))
                    for row in rows]
            except (sqlite3.DatabaseError, ValueError, KeyError, TypeError) as exc:
                raise StoreError(f"{self.path} cannot be read: {exc}") from None


def _insert(db: sqlite3.Connection, ident: str, inputs: Sequence[dict[str, object]]) -> None:
    db.executemany("INSERT INTO inputs VALUES (?,?,?)",
                   [(ident, data["seq"], json.dumps(data)) for data in inputs])


def _by_seat(values: dict[int, str]) -> str:
    return json.dumps({str(seat): value for seat, value in values.items()})


def _seats(text: str) -> dict[int, str]:
    return {int(seat): value for seat, value in json.loads(text).items()}
