"""The corner crops one sighting of a card gives a deck: both indices, jittered, and its index-less corners.

Crops are cut exactly as the recogniser cuts them at run time (`vision.recognise.crops`), in the card's own
frame, so a stored crop and a crop read at play time look alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.recognise.classifier import NONE_CLASS
from vision.recognise.crops import CROP_PX, CornerFrame, corner_crop, frame_from_points

JITTERS = 5  # jittered copies per index corner, besides the exact crop
POSITION_JITTER = 0.03  # in card short sides: about how far a located corner strays
ANGLE_JITTER_DEG = 4.0
SCALE_JITTER = 0.12  # log-scale half range: the run-time ladder steps are ×1.45 apart
OFF_SCALES = (0.5, 2.1)  # an index read at a wrong card size must stay "none", as in training
CARD_GROW = 1.03  # the pile reader's outlines (`locate_new_card`) are this much bigger than the card


@dataclass(frozen=True)
class Sample:
    """One stored crop: its label (a card code or "none") and which corner it shows ("tl", "br", "tr", "bl")."""

    label: str
    corner: str
    crop: np.ndarray


def clockwise_portrait(quad: np.ndarray) -> np.ndarray:
    """The card outline clockwise on screen (image y down), its first side a short side."""
    pts = np.asarray(quad, float).reshape(4, 2)
    x, y = pts[:, 0], pts[:, 1]
    if float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) < 0:
        pts = pts[::-1]
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)
    return pts


def corner_frames(quad: np.ndarray) -> list[CornerFrame]:
    """Frames at the outline's corners (top-left, top-right, bottom-right, bottom-left of a portrait card):
    frames 0 and 2 put an index upright, 1 and 3 are the index-less corners."""
    pts = clockwise_portrait(quad)
    short = float(min(np.linalg.norm(pts[1] - pts[0]), np.linalg.norm(pts[2] - pts[1])))
    return [frame_from_points(pts[k], pts[(k + 1) % 4], pts[k - 1], short) for k in range(4)]


def jittered(frame: CornerFrame, rng: np.random.Generator) -> CornerFrame:
    """The frame moved, turned and rescaled a little, as a located corner differs from the true one."""
    angle = np.radians(rng.uniform(-ANGLE_JITTER_DEG, ANGLE_JITTER_DEG))
    c, s = np.cos(angle), np.sin(angle)
    x = np.array([c * frame.x_dir[0] - s * frame.x_dir[1], s * frame.x_dir[0] + c * frame.x_dir[1]])
    y = np.array([c * frame.y_dir[0] - s * frame.y_dir[1], s * frame.y_dir[0] + c * frame.y_dir[1]])
    shift = rng.uniform(-POSITION_JITTER, POSITION_JITTER, 2) * frame.scale
    origin = np.array(frame.origin) + shift[0] * np.array(frame.x_dir) + shift[1] * np.array(frame.y_dir)
    scale = frame.scale * float(np.exp(rng.uniform(-SCALE_JITTER, SCALE_JITTER)))
    return CornerFrame((float(origin[0]), float(origin[1])), (float(x[0]), float(x[1])), (float(y[0]), float(y[1])),
                       scale)


def card_samples(image: np.ndarray, quad: np.ndarray, card: str, rng: np.random.Generator,
                 jitters: int = JITTERS) -> list[Sample]:
    """The crops of one card whose outline in `image` is `quad` (4 points, any order around the card)."""
    frames = corner_frames(quad)
    out: list[Sample] = []
    for k, name in ((0, "tl"), (2, "br")):
        for frame in [frames[k]] + [jittered(frames[k], rng) for _ in range(jitters)]:
            out.append(Sample(card, name, corner_crop(image, frame, CROP_PX)))
        for factor in OFF_SCALES:
            out.append(Sample(NONE_CLASS, name, corner_crop(image, frames[k].with_scale(frames[k].scale * factor))))
    for k, name in ((1, "tr"), (3, "bl")):
        for frame in (frames[k], jittered(frames[k], rng)):
            out.append(Sample(NONE_CLASS, name, corner_crop(image, frame, CROP_PX)))
    return out


def pile_crop_samples(crop: np.ndarray, card: str, rng: np.random.Generator) -> list[Sample]:
    """The crops of a card as the pile reader cut it upright (`vision.locate.crop_card`): the card fills the crop
    but for the margin the reader's outline adds, so the outline needs no finding."""
    height, width = crop.shape[:2]
    centre = np.array([width / 2, height / 2])
    rect = np.array([[0, 0], [width, 0], [width, height], [0, height]], float)
    return card_samples(crop, centre + (rect - centre) / CARD_GROW, card, rng)
