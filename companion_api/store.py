"""SQLite persistence: the game log is the truth, everything else is derived and rewritten with it.

One connection, used only by the service's single writer (and its reads on the same event loop). WAL mode and
one transaction per mutation, so a server killed at any instant restarts on the last committed event.
"""

from __future__ import annotations

import json
import math
import secrets
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    dealer TEXT NOT NULL,
    board TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    ended_at TEXT
);
CREATE TABLE IF NOT EXISTS players (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    chips INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, name)
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS deals (
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_no INTEGER NOT NULL,
    dealer TEXT,
    first_seq INTEGER NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (game_id, deal_no)
);
CREATE TABLE IF NOT EXISTS settlements (
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_no INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, deal_no)
);
CREATE TABLE IF NOT EXISTS ledger (
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_no INTEGER NOT NULL,
    holder TEXT NOT NULL,
    holder_kind TEXT NOT NULL,
    chips INTEGER NOT NULL,
    PRIMARY KEY (game_id, deal_no, holder)
);
CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    target_seq INTEGER NOT NULL,
    before TEXT NOT NULL,
    after TEXT,
    source TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    observation TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    answer TEXT,
    created_at TEXT NOT NULL
);
"""

JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a table
JOIN_CODE_LENGTH = 8  # 31**8 codes: years of guessing even without the back-off on wrong codes


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _finite_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options without NaN or Infinity (an older version stored them): those fall back to the rule's default, so
    the game still loads, shows and exports as JSON."""
    return {k: v for k, v in options.items() if not (isinstance(v, float) and not math.isfinite(v))}


@dataclass(frozen=True)
class GameRecord:
    """A stored game as the service needs it to rebuild the engine's Game."""

    id: int
    created_at: str
    rules: str
    options: dict[str, Any]
    players: tuple[str, ...]
    chips: dict[str, int]
    dealer: str
    board: dict[str, int]
    status: str
    events: tuple[dict[str, Any], ...]
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """An observation the pipeline was unsure about, waiting for a tap."""

    id: int
    observation: dict[str, Any]


class Store:
    """The database file. Methods that write must run inside `transaction()`."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: a failure anywhere inside leaves the file as it was."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # --- the table's join code -------------------------------------------------------------------------------

    def join_code(self) -> str:
        """The code kept across restarts, so a QR code printed once stays valid (an older, shorter one too)."""
        row = self._db.execute("SELECT value FROM meta WHERE key='join_code'").fetchone()
        if row:
            return str(row["value"])
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        with self.transaction() as tx:
            tx.execute("INSERT INTO meta(key, value) VALUES ('join_code', ?)", (code,))
        return code

    def get_meta(self, key: str) -> Any:
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else json.loads(row["value"])

    def set_meta(self, tx: sqlite3.Connection, key: str, value: Any) -> None:
        tx.execute("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                   (key, _dumps(value)))

    # --- games -------------------------------------------------------------------------------------------------

    def create_game(self, tx: sqlite3.Connection, *, rules: str, options: Mapping[str, Any],
                    players: Sequence[str], chips: Mapping[str, int], dealer: str, board: Mapping[str, int]) -> int:
        tx.execute("UPDATE games SET status='abandoned', ended_at=? WHERE status='active'", (_now(),))
        cur = tx.execute(
            "INSERT INTO games(created_at, rules, options, dealer, board) VALUES (?, ?, ?, ?, ?)",
            (_now(), rules, _dumps(dict(options)), dealer, _dumps(dict(board))),
        )
        game_id = int(cur.lastrowid or 0)
        tx.executemany(
            "INSERT INTO players(game_id, seat, name, chips) VALUES (?, ?, ?, ?)",
            [(game_id, seat, name, int(chips[name])) for seat, name in enumerate(players)],
        )
        return game_id

    def set_status(self, tx: sqlite3.Connection, game_id: int, status: str) -> None:
        ended = None if status == "active" else _now()
        tx.execute("UPDATE games SET status=?, ended_at=? WHERE id=?", (status, ended, game_id))

    def reopen_game(self, tx: sqlite3.Connection, game_id: int, status: str) -> None:
        """Make `game_id` the table's game again: the running one, and any later one, step aside."""
        tx.execute("UPDATE games SET status='abandoned', ended_at=? WHERE id!=? AND (status='active' OR id>?)",
                   (_now(), game_id, game_id))
        self.set_status(tx, game_id, status)

    def active_game_id(self) -> int | None:
        row = self._db.execute("SELECT id FROM games WHERE status!='abandoned' ORDER BY id DESC LIMIT 1").fetchone()
        return int(row["id"]) if row else None

    def list_games(self) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT g.id, g.created_at, g.rules, g.status, g.ended_at, "
            "(SELECT group_concat(name, ', ') FROM (SELECT name FROM players p WHERE p.game_id=g.id ORDER BY seat)) "
            "AS players, (SELECT count(*) FROM events e WHERE e.game_id=g.id) AS events "
            "FROM games g ORDER BY g.id DESC"
        ).fetchall()
        return [dict(r) for r in rows]

    def load_game(self, game_id: int) -> GameRecord | None:
        game = self._db.execute("SELECT * FROM games WHERE id=?", (game_id,)).fetchone()
        if game is None:
            return None
        players = self._db.execute("SELECT name, chips FROM players WHERE game_id=? ORDER BY seat", (game_id,))
        seats = [(str(r["name"]), int(r["chips"])) for r in players]
        events = self._db.execute("SELECT data, source FROM events WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
        return GameRecord(
            id=game_id,
            created_at=str(game["created_at"]),
            rules=str(game["rules"]),
            options=_finite_options(json.loads(game["options"])),
            players=tuple(name for name, _ in seats),
            chips=dict(seats),
            dealer=str(game["dealer"]),
            board=json.loads(game["board"]),
            status=str(game["status"]),
            events=tuple(json.loads(r["data"]) for r in events),
            sources=tuple(str(r["source"]) for r in events),
        )

    # --- the event log -----------------------------------------------------------------------------------------

    def append_event(self, tx: sqlite3.Connection, game_id: int, seq: int, event: Mapping[str, Any],
                     source: str) -> None:
        kind = str(event.get("kind", event.get("type", "?")))
        tx.execute(
            "INSERT INTO events(game_id, seq, kind, data, source, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seq, kind, _dumps(dict(event)), source, _now()),
        )

    def add_correction(self, tx: sqlite3.Connection, game_id: int, *, seq: int, target_seq: int,
                       before: Mapping[str, Any], after: Mapping[str, Any] | None, source: str) -> None:
        """Kept apart from the log: each row pairs what was seen with what was true (a training label)."""
        tx.execute(
            "INSERT INTO corrections(game_id, seq, target_seq, before, after, source, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seq, target_seq, _dumps(dict(before)), None if after is None else _dumps(dict(after)),
             source, _now()),
        )

    def corrections(self, game_id: int) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT seq, target_seq, before, after, source, created_at FROM corrections WHERE game_id=? ORDER BY id",
            (game_id,),
        ).fetchall()
        return [{**dict(r), "before": json.loads(r["before"]),
                 "after": None if r["after"] is None else json.loads(r["after"])} for r in rows]

    # --- derived tables: rewritten after every change, inside the same transaction ------------------------------

    def write_derived(self, tx: sqlite3.Connection, game_id: int, *, deals: Sequence[Mapping[str, Any]],
                      settlements: Mapping[int, Mapping[str, Any]],
                      ledger: Sequence[tuple[int, str, str, int]]) -> None:
        """Deals, settlements and ledger follow from the log; a correction of an old deal rewrites them."""
        for table in ("deals", "settlements", "ledger"):
            tx.execute(f"DELETE FROM {table} WHERE game_id=?", (game_id,))  # noqa: S608 - fixed table names
        tx.executemany(
            "INSERT INTO deals(game_id, deal_no, dealer, first_seq, status) VALUES (?, ?, ?, ?, ?)",
            [(game_id, d["deal_no"], d.get("dealer"), d["first_seq"], d["status"]) for d in deals],
        )
        tx.executemany(
            "INSERT INTO settlements(game_id, deal_no, data) VALUES (?, ?, ?)",
            [(game_id, deal_no, _dumps(dict(data))) for deal_no, data in settlements.items()],
        )
        tx.executemany(
            "INSERT INTO ledger(game_id, deal_no, holder, holder_kind, chips) VALUES (?, ?, ?, ?, ?)",
            [(game_id, deal_no, holder, kind, chips) for deal_no, holder, kind, chips in ledger],
        )

    def ledger(self, game_id: int) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT deal_no, holder, holder_kind, chips FROM ledger WHERE game_id=? ORDER BY deal_no, holder_kind "
            "DESC, rowid", (game_id,),
        ).fetchall()
        return [dict(r) for r in rows]

    def settlements(self, game_id: int) -> dict[int, dict[str, Any]]:
        rows = self._db.execute("SELECT deal_no, data FROM settlements WHERE game_id=? ORDER BY deal_no", (game_id,))
        return {int(r["deal_no"]): json.loads(r["data"]) for r in rows}

    # --- questions from an unsure pipeline ---------------------------------------------------------------------

    def add_question(self, tx: sqlite3.Connection, game_id: int, observation: Mapping[str, Any]) -> int:
        cur = tx.execute("INSERT INTO questions(game_id, observation, created_at) VALUES (?, ?, ?)",
                         (game_id, _dumps(dict(observation)), _now()))
        return int(cur.lastrowid or 0)

    def open_questions(self, game_id: int) -> list[Question]:
        rows = self._db.execute("SELECT id, observation FROM questions WHERE game_id=? AND status='open' ORDER BY id",
                                (game_id,)).fetchall()
        return [Question(int(r["id"]), json.loads(r["observation"])) for r in rows]

    def close_question(self, tx: sqlite3.Connection, question_id: int, answer: str | None) -> None:
        status = "dismissed" if answer is None else "answered"
        tx.execute("UPDATE questions SET status=?, answer=? WHERE id=?", (status, answer, question_id))
