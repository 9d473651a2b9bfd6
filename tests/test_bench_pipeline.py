"""The pipeline benchmark's `--decks`: each deal is read with its own design's enrolled deck, or refused early."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench_support import load_benchmark
from vision.deck.samples import Sample
from vision.deck.store import DeckStore
from vision.recognise.classifier import DEFAULT_MODEL


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("pipeline")


def _deck(store: DeckStore, name: str, shade: int) -> None:
    crops = [Sample(card, "tl", np.full((64, 64, 3), shade + k, np.uint8)) for k, card in enumerate(["QS", "none"])]
    store.add(name, crops, "add:test")


def test_a_design_without_a_deck_is_refused_before_anything_is_filmed(bench, tmp_path: Path, capsys) -> None:
    _deck(DeckStore(tmp_path / "data"), "aisleriot-dondorf", 100)
    keep = tmp_path / "films"
    code = bench.main(["--decks", str(tmp_path / "data"), "--designs", "aisleriot-dondorf,kde-dondorf",
                       "--deals", "2", "--keep", str(keep)])
    assert code == 2
    err = capsys.readouterr().err
    assert "kde-dondorf" in err and "aisleriot-dondorf" not in err.split("for:")[1]
    assert not keep.exists()


def test_footage_names_no_design_to_read_a_deck_for(bench, tmp_path: Path, capsys) -> None:
    assert bench.main(["--footage", str(tmp_path), "--decks", str(tmp_path)]) == 2
    assert "--decks" in capsys.readouterr().err


def test_each_design_reads_with_its_own_deck_loaded_once(bench, tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    _deck(store, "aisleriot-dondorf", 100)
    _deck(store, "kde-dondorf", 180)
    decks = bench.DeckReaders(tmp_path, DEFAULT_MODEL)
    one, other = decks("aisleriot-dondorf"), decks("kde-dondorf")
    assert set(one) == {"identify", "classifier"} and one["identify"].keywords["classifier"] is one["classifier"]
    assert decks("aisleriot-dondorf") is one
    heads = {name: readers["identify"].keywords["classifier"].head for name, readers in
             (("a", one), ("k", other))}
    assert not np.array_equal(heads["a"].weights, heads["k"].weights)
    assert bench._identifiers("onnx", "kde-dondorf", 100, DEFAULT_MODEL, decks) == {**other, "model": DEFAULT_MODEL}
    assert bench._identifiers("onnx", "kde-dondorf", 100, DEFAULT_MODEL) == {"model": DEFAULT_MODEL}


@pytest.mark.parametrize(("extra", "message"), [
    (["--deals", "0"], "no deal to film or read: --deals 0"),
    (["--deals", "3", "--only", "0,1,2"], "--only names seeds outside the set (seeds 5000 to 5002): 0, 1, 2"),
    (["--deals", "3", "--only", "5001,5003"], "--only names seeds outside the set (seeds 5000 to 5002): 5003"),
])
def test_a_set_with_a_deal_it_cannot_film_is_refused_in_one_line(bench, tmp_path: Path, capsys, extra: list[str],
                                                                 message: str) -> None:
    """`--only` takes seeds (deal numbers, or a seed beyond the set, name no deal of it); nothing is filmed."""
    keep = tmp_path / "films"
    assert bench.main(["--seed", "5000", "--keep", str(keep), *extra]) == 2
    assert capsys.readouterr().err.strip() == message
    assert not keep.exists()
