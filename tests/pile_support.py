"""A pile watcher that has just seen a card land, and the camera image that shows a chosen face there."""

from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from vision.inks import DeckInks
from vision.locate import crop_matrix
from vision.pile import PileWatcher
from vision.pips import PipShapes


def reading(scores: Mapping[str, float], inks: DeckInks | None = None,
            pip_shapes: PipShapes | None = None) -> PileWatcher:
    """A watcher that located a card by its own outline and whose recogniser reads every crop as `scores`."""
    polygon = np.array([[10, 10], [150, 10], [150, 190], [10, 190]], np.float64)
    watcher = PileWatcher(polygon, lambda crop: dict(scores), confirm_frames=2, inks=inks, pip_shapes=pip_shapes)
    empty = np.full((200, 160), 200, np.uint8)
    watcher.baseline(empty)
    card = empty.copy()
    cv2.rectangle(card, (40, 40), (110, 140), 30, -1)
    assert watcher.settled(card) and watcher._location is not None
    return watcher


def image_of(watcher: PileWatcher, face: np.ndarray) -> np.ndarray:
    """The camera image whose crop at the watcher's card location is `face`."""
    assert watcher._location is not None
    to_image = np.linalg.inv(crop_matrix(watcher._location, np.eye(3)))
    return cv2.warpPerspective(face, to_image, (160, 200), borderValue=(200, 200, 200))
