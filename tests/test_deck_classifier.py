"""The deck head's own parts: the batch ink measure agrees with `vision.inks`, the head learns what it is shown,
and a card the pass missed is left to the shipped model."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.core.cards import DECK
from vision.deck.cards import pack
from vision.deck.classifier import DeckClassifier, Head, index_inks, missed_cards, missed_from, train_head
from vision.deck.embed import FeatureClassifier, feature_graph, load_feature_classifier
from vision.deck.samples import corner_frames
from vision.inks import corner_ink
from vision.recognise.classifier import DEFAULT_MODEL, load_classifier
from vision.recognise.crops import corner_crop


def _corner(ink: tuple[int, int, int], seed: int) -> np.ndarray:
    """The top-left corner crop of a white card whose index is printed in `ink` (BGR), on felt."""
    rng = np.random.default_rng(seed)
    image = np.full((240, 240, 3), (40, 110, 40), np.uint8)
    cv2.rectangle(image, (40, 30), (166, 210), (235, 240, 245), -1)
    cv2.putText(image, "K", (46, 62), cv2.FONT_HERSHEY_SIMPLEX, 0.9, ink, 2, cv2.LINE_AA)
    cv2.circle(image, (58, 78), 7, ink, -1)
    image = np.clip(image + rng.normal(0, 2, image.shape), 0, 255).astype(np.uint8)
    return corner_crop(image, corner_frames(np.array([[40, 30], [166, 30], [166, 210], [40, 210]]))[0])


def test_batch_inks_are_the_inks_of_each_crop() -> None:
    """Measured on a quarter of the pixels (`INK_STRIDE`), each ink is the one `corner_ink` measures on all of them,
    within a small part of the distance between two colours (`DeckInks.far`, 18)."""
    crops = np.stack([_corner(ink, k) for k, ink in enumerate([(20, 20, 20), (30, 30, 200), (160, 120, 20)])]
                     + [np.full((64, 64, 3), 240, np.uint8)])
    batch = index_inks(crops)
    for crop, ink in zip(crops, batch):
        assert np.hypot(*(ink - np.array(corner_ink(crop) or (0.0, 0.0)))) < 2.0
    black, red, blue = batch[:3]
    assert np.hypot(*black) < 10 < red[0] and blue[1] < -10
    assert not index_inks(crops[3:]).any()            # a blank crop shows no ink


def test_batch_inks_read_a_quarter_of_the_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every other pixel each way: a pattern that leaves those pixels paper shows no ink."""
    crop = np.full((64, 64, 3), 235, np.uint8)
    crop[1::2, :] = (30, 30, 200)                     # red on the odd rows only
    assert not index_inks(crop[None]).any()
    monkeypatch.setattr("vision.deck.classifier.INK_STRIDE", 1)
    assert index_inks(crop[None])[0, 0] > 10          # all the pixels: red


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="shipped model not present")
def test_the_features_come_from_one_session_of_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """The edited graph gives probabilities and features at once: the shipped graph is not loaded besides."""
    import onnxruntime as ort

    made: list[object] = []
    real = ort.InferenceSession
    monkeypatch.setattr(ort, "InferenceSession", lambda graph, *a, **k: made.append(graph) or real(graph, *a, **k))
    classifier = FeatureClassifier(DEFAULT_MODEL)
    assert len(made) == 1 and isinstance(made[0], bytes)
    crops = np.stack([_corner((20, 20, 20), k) for k in range(3)])
    probs, features = classifier.probabilities_and_features(crops)
    assert np.allclose(probs, load_classifier(DEFAULT_MODEL).probabilities(crops), atol=1e-5)
    assert features.shape[0] == 3 and np.allclose(np.linalg.norm(features, axis=1), 1.0, atol=1e-5)


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="shipped model not present")
def test_a_deck_reads_many_crops_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """An image's thousands of corners never hold all their features at once; the chunks read as one batch would."""
    rng = np.random.default_rng(1)
    base = load_feature_classifier(DEFAULT_MODEL)
    dims = base.probabilities_and_features(np.zeros((1, 64, 64, 3), np.uint8))[1].shape[1] + 2
    present = np.ones(len(base.names), bool)
    classifier = DeckClassifier(Head(rng.normal(size=(dims, len(base.names))).astype(np.float32),
                                     np.zeros(len(base.names), np.float32), present), DEFAULT_MODEL)
    crops = np.stack([_corner((20, 20, 20), k) for k in range(5)] + [_corner((30, 30, 200), k) for k in range(5)])
    whole = classifier.probabilities(crops)
    sizes: list[int] = []
    reads = classifier.base.probabilities_and_features
    monkeypatch.setattr(classifier.base, "probabilities_and_features", lambda c: sizes.append(len(c)) or reads(c))
    monkeypatch.setattr("vision.deck.classifier.CHUNK", 4)
    assert np.allclose(classifier.probabilities(crops), whole, atol=1e-5)
    assert sizes == [4, 4, 2]


def test_the_head_names_the_classes_it_was_fitted_on() -> None:
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(3, 16))
    classes = np.repeat([0, 2, 4], 20)
    features = centres[classes // 2] + 0.3 * rng.normal(size=(60, 16))
    features /= np.linalg.norm(features, axis=1, keepdims=True)
    head = train_head(features, classes, 6)
    probs = head.probabilities(features)
    assert (probs.argmax(axis=1) == classes).mean() == 1.0
    assert probs[:, [1, 3, 5]].max() == 0.0


def test_a_card_the_pass_missed_is_read_as_the_shipped_model_reads_it() -> None:
    missed = np.array([False, False, True, False])    # classes: card 0, card 1, card 2 (missed), none
    generic = np.array([[0.05, 0.05, 0.85, 0.05], [0.7, 0.2, 0.0, 0.1]])
    deck = np.array([[0.1, 0.8, 0.0, 0.1], [0.9, 0.05, 0.0, 0.05]])
    out = missed_from(generic, deck, missed)
    assert out[0].argmax() == 2 and np.isclose(out[0, 2], 0.85) and np.isclose(out[0, 1], 0.8 * 0.15)
    assert np.allclose(out[1], deck[1])               # the shipped model gives the missed card nothing: as before
    assert np.allclose(out.sum(axis=1), 1.0)
    assert np.allclose(missed_from(generic, deck, np.zeros(4, bool)), deck)


def test_only_a_few_cards_missing_from_a_whole_pack_count_as_missed() -> None:
    names = [*DECK, "none"]

    def missed(held: list[str]) -> list[str]:
        return [n for n, m in zip(names, missed_cards(names, np.isin(names, [*held, "none"]))) if m]

    assert missed([c for c in DECK if c != "7D"]) == ["7D"]
    assert missed(pack(32)) == []                     # a piquet pack lacks no card of its own
    assert sorted(missed([c for c in pack(32) if c not in ("AS", "KH")])) == ["AS", "KH"]
    assert missed(["QS", "7D", "KH", "AC"]) == []     # a deck taught a few cards reads only those


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="shipped model not present")
def test_the_edited_graph_is_made_once_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Later starts load the kept graph (no `onnx` import, no second graph in memory); a cache that cannot be
    written still gives the graph."""
    first = feature_graph(DEFAULT_MODEL, tmp_path)
    assert isinstance(first, str) and Path(first).parent == tmp_path and Path(first).stat().st_size > 0
    monkeypatch.setattr("vision.deck.embed._with_features", lambda path: pytest.fail("edited again"))
    assert feature_graph(DEFAULT_MODEL, tmp_path) == first
    kept = FeatureClassifier(DEFAULT_MODEL, cache=tmp_path)
    crops = np.stack([_corner((20, 20, 20), 0)])
    assert np.allclose(kept.probabilities_and_features(crops)[0], load_classifier(DEFAULT_MODEL).probabilities(crops),
                       atol=1e-5)
    monkeypatch.undo()
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert isinstance(feature_graph(DEFAULT_MODEL, blocked), bytes)
