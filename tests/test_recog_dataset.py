"""Training crops: the locator's own corners labelled from geometry, and ink recolouring."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from vision.training.dataset import labelled_corner_frames, located_samples, recolour_ink


def _scene() -> tuple[np.ndarray, dict]:
    """A lone upright card drawn on a table, labelled like the generator labels: QS, both indices showing."""
    image = np.full((300, 400, 3), (40, 90, 60), np.uint8)
    quad = np.array([[150, 80], [240, 80], [240, 208], [150, 208]], float)  # clockwise from the top-left
    cv2.fillPoly(image, [quad.astype(np.int32)], (235, 238, 240))
    cv2.putText(image, "Q", (155, 105), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (20, 20, 20), 2)

    def index_at(k: int) -> dict:
        corner = quad[k]
        inward = np.sign(quad.mean(axis=0) - corner)
        box = np.array([corner, corner + [inward[0] * 20, 0], corner + inward * [20, 36], corner + [0, inward[1] * 36]])
        return {"quad": box.tolist(), "visible": True, "visible_fraction": 1.0}

    labels = {"cards": [{"card": "QS", "quad": quad.tolist(), "indices": [index_at(0), index_at(2)]}]}
    return image, labels


def test_located_corners_on_index_corners_are_the_card_and_the_others_none() -> None:
    image, labels = _scene()
    samples = list(located_samples(image, labels, np.random.default_rng(0)))
    counts = Counter(s.label for s in samples)
    assert counts["QS"] >= 2  # the top-left and bottom-right corners, each found at least once
    assert counts["none"] >= 2  # the two index-less corners
    assert set(counts) == {"QS", "none"}
    assert all(s.crop.shape == (64, 64, 3) for s in samples)


def test_hidden_indices_give_no_card_label() -> None:
    image, labels = _scene()
    for index in labels["cards"][0]["indices"]:
        index["visible"], index["visible_fraction"] = False, 0.0
    assert {s.label for s in located_samples(image, labels, np.random.default_rng(0))} <= {"none"}


def test_recolouring_keeps_the_glyph_and_changes_the_ink() -> None:
    image, _ = _scene()
    crop = image[70:134, 140:204].copy()
    crop[30:40, 20:30] = (30, 30, 200)  # a red pip
    rng = np.random.default_rng(5)
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(float).ravel()
    inks = set()
    for _ in range(8):
        out = recolour_ink(crop, rng)
        assert out.shape == crop.shape and out.dtype == np.uint8
        out_grey = cv2.cvtColor(out, cv2.COLOR_BGR2GRAY).astype(float).ravel()
        assert np.corrcoef(grey, out_grey)[0, 1] > 0.8  # light stays light, ink stays ink
        inks.add(tuple(int(v) // 32 for v in out[25, 25]))  # the "Q" glyph's ink colour, coarsely
    assert len(inks) >= 3  # the ink colour varies between draws


def test_labelled_index_corner_frames_put_the_index_upright() -> None:
    """The top-left and bottom-right frames run along the short edge first, at the card's short side."""
    _, labels = _scene()
    frames = labelled_corner_frames(np.asarray(labels["cards"][0]["quad"]))
    top_left, bottom_right = frames[0], frames[2]
    assert top_left.origin == (150.0, 80.0) and bottom_right.origin == (240.0, 208.0)
    assert np.allclose(top_left.x_dir, (1, 0)) and np.allclose(top_left.y_dir, (0, 1))
    assert np.allclose(bottom_right.x_dir, (-1, 0)) and np.allclose(bottom_right.y_dir, (0, -1))
    assert {f.scale for f in frames} == {90.0}
