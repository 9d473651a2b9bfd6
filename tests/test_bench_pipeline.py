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


@pytest.mark.parametrize("extra", [["--deals", "0"], ["--deals", "3", "--only", "0,1,2"]])
def test_a_set_with_no_deal_to_film_is_refused_in_one_line(bench, tmp_path: Path, capsys, extra) -> None:
    keep = tmp_path / "films"
    assert bench.main(["--seed", "5000", "--keep", str(keep), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("no deal to film or read")
    assert ("0, 1, 2" in err) == ("--only" in extra)
    assert not keep.exists()
