"""Enrolment from a pass of the deck through the pile zone: each card dealt face up is found, cut and read.

The pile's own machinery does the finding (`vision.gate` for when the table is still, `vision.pile` for where
the new top card lies); the shipped recogniser names each card as well as it can, and the sightings it is unsure
of, or reads twice, are what the user is asked to fix before the deck is stored.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.deck.cards import pack
from vision.deck.samples import clockwise_portrait
from vision.gate import MotionGate
from vision.locate import CardLocation, crop_card, locate_new_card

SMALL = 0.25  # the motion gate's view, as a fraction of the rectified view (as the live pipeline uses)
SURE = 0.9  # a sighting read less surely than this is shown to the user to check

ReadCard = Callable[[np.ndarray], Mapping[str, float]]
"""An upright card crop -> a score per card (the recogniser's `crop_scores`)."""


@dataclass(frozen=True)
class Sighting:
    """One card laid on the pile: its outline in the camera image, the frame it was read on, the read."""

    quad: np.ndarray
    image: np.ndarray
    card: str | None
    confidence: float

    @property
    def unsure(self) -> bool:
        return self.card is None or self.confidence < SURE


def pass_sightings(frames: Iterable[np.ndarray], calib: Calibration, read: ReadCard) -> list[Sighting]:
    """Every card laid on the pile zone during `frames`, in order, read once the table is still."""
    return list(iter_sightings(frames, calib, read))


def iter_sightings(frames: Iterable[np.ndarray], calib: Calibration, read: ReadCard) -> Iterator[Sighting]:
    """The cards of `pass_sightings` as each is read, so a screen can show the pass while it goes."""
    gate: MotionGate | None = None
    reference: np.ndarray | None = None
    for image in frames:
        small = cv2.cvtColor(cv2.GaussianBlur(calib.warp(image, SMALL), (5, 5), 0), cv2.COLOR_BGR2GRAY)
        if gate is None:
            gate = MotionGate(np.zeros_like(small))
        if not gate.feed(small).settled:
            continue
        grey = cv2.cvtColor(calib.warp(image), cv2.COLOR_BGR2GRAY)
        if reference is None:
            reference = grey
            continue
        location = locate_new_card(reference, grey, calib.zones.pile)
        reference = grey
        if location is None:
            continue
        scores = read(crop_card(image, location, calib.homography))
        card = max(scores, key=scores.__getitem__, default=None)
        yield Sighting(calib.to_image(location.corners), image, card, scores.get(card, 0.0) if card else 0.0)


def upright(sighting: Sighting, size: tuple[int, int]) -> np.ndarray:
    """The sighting's card cut upright at `size` (width, height): a picture to check by eye."""
    return crop_card(sighting.image, CardLocation(clockwise_portrait(sighting.quad)), np.eye(3), size)


def doubtful(sightings: list[Sighting]) -> list[int]:
    """The sightings to show the user: read unsurely, or naming a card another sighting also names."""
    twice = {c for c, n in Counter(s.card for s in sightings).items() if n > 1}
    return [i for i, s in enumerate(sightings) if s.unsure or s.card in twice]


def missing(sightings: list[Sighting], deck_size: int) -> list[str]:
    """The cards of a 32- or 52-card pack no sighting names."""
    named = {s.card for s in sightings}
    return [c for c in pack(deck_size) if c not in named]
