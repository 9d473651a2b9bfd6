"""Small card pictures the deck tests draw themselves: a pack whose index letters the shipped model never saw
(T for the ace, D and B for queen and jack, as Russian and German decks print them)."""

from __future__ import annotations

import cv2
import numpy as np

LETTERS = {"AS": "T", "KS": "K", "QS": "D", "JS": "B", "10S": "10", "9S": "9", "8S": "8", "7S": "7"}
FELT = (40, 110, 40)


def face(card: str, width: int = 126, height: int = 180) -> np.ndarray:
    """A white card with its letter and a round pip at the top-left and, turned, at the bottom-right."""
    out = np.full((height, width, 3), 245, np.uint8)
    for turned in (False, True):
        layer = np.full_like(out, 255)
        cv2.putText(layer, LETTERS[card], (6, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2, cv2.LINE_AA)
        cv2.circle(layer, (18, 44), 7, (20, 20, 20), -1)
        out = np.minimum(out, cv2.rotate(layer, cv2.ROTATE_180) if turned else layer)
    cv2.rectangle(out, (40, 60), (86, 120), (60, 60, 160), 2)
    return out


def table(cards: list[str], angle: float = 0.0, scale: float = 1.0, size: tuple[int, int] = (640, 300),
          seed: int = 0) -> tuple[np.ndarray, list[list[float]]]:
    """The cards side by side on felt, each turned by `angle` degrees; the picture and each card's box."""
    rng = np.random.default_rng(seed)
    image = np.clip(np.full((size[1], size[0], 3), FELT, np.float32) + rng.normal(0, 3, (size[1], size[0], 3)),
                    0, 255).astype(np.uint8)
    boxes = []
    for i, card in enumerate(cards):
        f = face(card)
        h, w = f.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
        m[:, 2] += (size[0] * (i + 1) / (len(cards) + 1) - w / 2, size[1] / 2 - h / 2)
        inside = cv2.warpAffine(np.full((h, w), 255, np.uint8), m, size) > 0
        image[inside] = cv2.warpAffine(f, m, size)[inside]
        ys, xs = np.nonzero(inside)
        boxes.append([float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max())])
    return image, boxes
