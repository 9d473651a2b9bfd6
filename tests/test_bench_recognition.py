"""The recognition benchmark's ceiling: per card, what the classifier alone reads on exactly placed crops."""

from __future__ import annotations

import numpy as np
import pytest

from bench_support import load_benchmark


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("recognition")


def test_a_card_counts_once_when_either_index_is_read(bench) -> None:
    read = bench.ExactRead
    reads = [read(0, "< 80 px", False, False, False), read(0, "< 80 px", True, False, True),  # other index right
             read(1, "80-110 px", False, False, True), read(1, "80-110 px", False, False, False),  # unsure, first
             read(2, ">= 110 px", False, True, False)]  # read as another card
    assert bench.card_ceiling(reads) == (3, 1, 2)
    assert bench.card_ceiling([]) == (0, 0, 0)


class _FixedClassifier:
    """Reads every crop as the given rows of probabilities over (AS, KD, none)."""

    names = ["AS", "KD", "none"]
    none_index = 2
    imgsz = 16

    def __init__(self, rows: list[list[float]]) -> None:
        self.rows = np.array(rows, np.float32)

    def probabilities(self, crops: np.ndarray) -> np.ndarray:
        assert len(crops) == len(self.rows)
        return self.rows


def _card(code: str, x: float, fractions: tuple[float, float]) -> dict:
    quad = np.array([[x, 10], [x + 100, 10], [x + 100, 152], [x, 152]], float)
    boxes = [quad[0] + [4, 4], quad[2] - [16, 24]]
    indices = [{"quad": (b + [[0, 0], [12, 0], [12, 20], [0, 20]]).tolist(), "visible_fraction": f}
               for b, f in zip(boxes, fractions)]
    return {"card": code, "quad": quad.tolist(), "indices": indices}


def test_exact_readings_say_right_sure_and_first_choice(bench) -> None:
    cards = [_card("AS", 10, (1.0, 1.0)), _card("KD", 200, (1.0, 0.5))]  # KD's second index half covered
    rows = [[0.99, 0.0, 0.01], [0.6, 0.3, 0.1],  # AS: sure and right, then right but unsure
            [0.97, 0.02, 0.01]]  # KD: surely read as AS
    reads = bench.exact_readings(np.zeros((200, 400, 3), np.uint8), cards, _FixedClassifier(rows))
    assert [(r.card, r.right, r.misread, r.top1) for r in reads] == [
        (0, True, False, True), (0, False, False, True), (1, False, True, False)]
    assert all(r.band == "80-110 px" for r in reads)  # short side 100 px
    assert bench.card_ceiling(reads) == (2, 1, 1)
