"""The deck store: what is learnt survives a restart, a failed add loses nothing, remove forgets everything."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

from vision.deck.samples import Sample
from vision.deck.store import DeckError, DeckStore


def _samples(card: str, n: int, shade: int = 200) -> list[Sample]:
    return [Sample(card, "tl", np.full((64, 64, 3), shade + k, np.uint8)) for k in range(n)]


def test_a_deck_survives_a_restart(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    assert store.add("family", _samples("QS", 3) + _samples("none", 2), "add:a.jsonl") == 5
    store.use("family")
    again = DeckStore(tmp_path)
    labels, crops = again.samples("family")
    assert sorted(labels) == ["QS", "QS", "QS", "none", "none"]
    assert crops.shape == (5, 64, 64, 3)
    assert int(crops[0, 0, 0, 0]) == 200
    [info] = again.decks()
    assert (info.name, info.cards, info.crops) == ("family", 1, 5)
    assert again.last_used() == "family"


def test_a_failed_add_keeps_what_was_stored(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    store.add("family", _samples("QS", 2), "add:a.jsonl")

    def broken() -> Iterator[Sample]:
        yield from _samples("KH", 2)
        raise OSError("disk full")

    with pytest.raises(OSError):
        store.add("family", broken(), "add:b.jsonl")
    labels, _ = store.samples("family")
    assert labels == ["QS", "QS"]
    assert len(list(store.folder("family").glob("*.png"))) == 2


def test_remove_forgets_the_deck_and_its_files(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    store.add("family", _samples("QS", 2), "add:a.jsonl")
    store.add("cousins", _samples("KH", 1), "add:b.jsonl")
    folder = store.folder("family")
    store.remove("family")
    assert not folder.exists()
    assert [d.name for d in store.decks()] == ["cousins"]
    with pytest.raises(DeckError, match="unknown deck 'family' \\(decks: cousins\\)"):
        store.samples("family")


def test_each_crop_records_where_it_came_from(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    store.add("family", _samples("QS", 1), "learn:video.mp4")
    store.add("family", _samples("QS", 2), "correction:game 3 event 41")
    assert store.sources("family") == {"learn:video.mp4": 1, "correction:game 3 event 41": 2}
