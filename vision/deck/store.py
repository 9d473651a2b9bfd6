"""The enrolled decks of a household: SQLite metadata and one PNG per stored corner crop, in the data directory.

`<data>/decks/decks.sqlite3` names each deck and records every crop with where it came from (a pass through the
pile, a labelled image, a correction on the phone): that table is the record a misread is traced back with.
Crops live in `<data>/decks/<deck id>/`. A crop file is written before its row and a row is committed with its
deck's other rows of the same call, so a failure part-way leaves what was stored before exactly as it was.
The learnt head is cached next to the crops and learnt again whenever the crops change; the network's graph that
gives the features the heads read is kept beside the database (`vision.deck.embed.feature_graph`).
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import cv2
import numpy as np

from vision.deck.samples import Sample
from vision.recognise.classifier import DEFAULT_MODEL, NONE_CLASS

if TYPE_CHECKING:
    from vision.deck.classifier import DeckClassifier

FOLDER = "decks"
DB_NAME = "decks.sqlite3"
HEAD_NAME = "head.npz"
SCHEMA = """
CREATE TABLE IF NOT EXISTS decks (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used TEXT
);
CREATE TABLE IF NOT EXISTS crops (
    id INTEGER PRIMARY KEY,
    deck_id INTEGER NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    corner TEXT NOT NULL,
    source TEXT NOT NULL,
    file TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS crops_by_deck ON crops(deck_id);
"""


class DeckError(ValueError):
    """A deck that does not exist or cannot be made, worded for the user."""


@dataclass(frozen=True)
class DeckInfo:
    """One stored deck as `nainjaune deck list` shows it."""

    name: str
    cards: int
    crops: int
    size_bytes: int
    created_at: str
    last_used: str | None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class DeckStore:
    """The decks under one data directory."""

    def __init__(self, data_dir: Path) -> None:
        self.root = Path(data_dir) / FOLDER
        self.root.mkdir(parents=True, exist_ok=True)
        with closing(self._db()) as db:
            db.executescript(SCHEMA)

    def _db(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.root / DB_NAME)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _id(self, db: sqlite3.Connection, name: str) -> int:
        row = db.execute("SELECT id FROM decks WHERE name = ?", (name,)).fetchone()
        if row is None:
            known = [r[0] for r in db.execute("SELECT name FROM decks ORDER BY name")]
            raise DeckError(f"unknown deck {name!r}" + (f" (decks: {', '.join(known)})" if known else
                                                         " (no deck enrolled yet: nainjaune deck learn or add)"))
        return int(row[0])

    def folder(self, name: str) -> Path:
        with closing(self._db()) as db:
            return self.root / str(self._id(db, name))

    def add(self, name: str, samples: Iterable[Sample], source: str) -> int:
        """Store `samples` in deck `name` (made if new), all or nothing; the number stored."""
        if not name.strip():
            raise DeckError("a deck needs a name")
        with closing(self._db()) as db, db:
            db.execute("INSERT OR IGNORE INTO decks (name, created_at) VALUES (?, ?)", (name, _now()))
            deck_id = self._id(db, name)
            folder = self.root / str(deck_id)
            folder.mkdir(exist_ok=True)
            written: list[Path] = []
            try:
                for sample in samples:
                    cur = db.execute("INSERT INTO crops (deck_id, label, corner, source, file, created_at) "
                                     "VALUES (?, ?, ?, ?, '', ?)", (deck_id, sample.label, sample.corner, source,
                                                                     _now()))
                    path = folder / f"{cur.lastrowid}.png"
                    if not cv2.imwrite(str(path), sample.crop):
                        raise OSError(f"cannot write {path}")
                    written.append(path)
                    db.execute("UPDATE crops SET file = ? WHERE id = ?", (path.name, cur.lastrowid))
            except BaseException:
                for path in written:
                    path.unlink(missing_ok=True)
                raise
            (folder / HEAD_NAME).unlink(missing_ok=True)
            return len(written)

    def remove(self, name: str) -> None:
        with closing(self._db()) as db, db:
            deck_id = self._id(db, name)
            db.execute("DELETE FROM crops WHERE deck_id = ?", (deck_id,))
            db.execute("DELETE FROM decks WHERE id = ?", (deck_id,))
        shutil.rmtree(self.root / str(deck_id), ignore_errors=True)

    def decks(self) -> list[DeckInfo]:
        with closing(self._db()) as db:
            rows = db.execute("SELECT id, name, created_at, last_used FROM decks ORDER BY name").fetchall()
            out = []
            for deck_id, name, created, used in rows:
                labels = [r[0] for r in db.execute("SELECT label FROM crops WHERE deck_id = ?", (deck_id,))]
                folder = self.root / str(deck_id)
                size = sum(p.stat().st_size for p in folder.iterdir()) if folder.is_dir() else 0
                out.append(DeckInfo(name, len(set(labels) - {NONE_CLASS}), len(labels), size, created, used))
            return out

    def sources(self, name: str) -> dict[str, int]:
        """Stored crops per source ("learn:...", "add:...", "correction:..."): where a deck's crops came from."""
        with closing(self._db()) as db:
            deck_id = self._id(db, name)
            return dict(db.execute("SELECT source, COUNT(*) FROM crops WHERE deck_id = ? GROUP BY source",
                                   (deck_id,)).fetchall())

    def samples(self, name: str) -> tuple[list[str], np.ndarray]:
        """Every stored crop of deck `name`: labels and crops (n, 64, 64, 3)."""
        with closing(self._db()) as db:
            deck_id = self._id(db, name)
            rows = db.execute("SELECT label, file FROM crops WHERE deck_id = ? ORDER BY id", (deck_id,)).fetchall()
        folder = self.root / str(deck_id)
        crops = [cv2.imread(str(folder / file), cv2.IMREAD_COLOR) for _, file in rows]
        kept = [(label, crop) for (label, _), crop in zip(rows, crops) if crop is not None]
        if not kept:
            return [], np.zeros((0, 64, 64, 3), np.uint8)
        return [label for label, _ in kept], np.stack([crop for _, crop in kept])

    def use(self, name: str) -> None:
        """Mark deck `name` as the last one used (the default of the next game)."""
        with closing(self._db()) as db, db:
            db.execute("UPDATE decks SET last_used = ? WHERE id = ?", (_now(), self._id(db, name)))

    def last_used(self) -> str | None:
        with closing(self._db()) as db:
            row = db.execute("SELECT name FROM decks WHERE last_used IS NOT NULL "
                             "ORDER BY last_used DESC, id DESC LIMIT 1").fetchone()
        return row[0] if row else None


def load_deck_classifier(store: DeckStore, name: str, model_path: Path = DEFAULT_MODEL) -> "DeckClassifier":
    """The `DeckClassifier` of deck `name`: its head from the cache (made with the same model), or learnt from
    its crops and cached."""
    from vision.deck.classifier import HEAD_VERSION, DeckClassifier, Head, learn_head

    folder = store.folder(name)
    cache = folder / HEAD_NAME
    stamp = f"{HEAD_VERSION}:{Path(model_path).name}:{Path(model_path).stat().st_size}"
    head: Head | None = None
    if cache.is_file():
        with np.load(cache) as data:
            if str(data["model"]) == stamp:
                head = Head(data["weights"], data["bias"], data["present"].astype(bool))
    if head is None:
        labels, crops = store.samples(name)
        if not any(label != NONE_CLASS for label in labels):
            raise DeckError(f"deck {name!r} holds no card yet")
        head = learn_head(labels, crops, model_path, store.root)
        np.savez_compressed(cache, weights=head.weights, bias=head.bias, present=head.present, model=stamp)
    return DeckClassifier(head, model_path, store.root)
