"""A reference-deck identifier for tests and benchmarks of the pipeline's other stages.

It knows the one deck design being filmed and looks for each of its 52 corner indices in the corners of an
upright card crop (either way up) by normalised template matching, which tolerates a crop a few pixels off.
It isolates the pipeline (finding, cropping, timing, attribution) from the learned recogniser, which is
measured on its own; it says nothing about unseen designs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.locate import CROP_SIZE
from vision.tablesim.faces import face
from vision.tablesim.script import RANKS, SUITS

CORNER = 0.3
"""The corner index fills about this fraction of a face's width and height."""
SEARCH = 0.45


def _mix(bgr: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.float32), (3, 3), 0)


def _is_red(bgr: np.ndarray) -> bool:
    """Ink colour of a corner: are many of the inked pixels clearly red?"""
    img = bgr.reshape(-1, 3).astype(np.float32)
    total = img.sum(axis=1)
    ink = img[total < 0.8 * np.median(total)]
    if ink.shape[0] < 5:
        return False
    red = (ink[:, 2] - ink[:, 0] > 50) & (ink[:, 2] - ink[:, 1] > 40)
    return float(red.mean()) > 0.25


WHOLE = (64, 90)
"""The whole face at low resolution: pip layout and court art tell most cards apart."""


def _whole(bgr: np.ndarray) -> np.ndarray:
    m = cv2.resize(bgr, WHOLE, interpolation=cv2.INTER_AREA).astype(np.float32)[3:-3, 3:-3].ravel()
    m = m - m.mean()
    return m / (np.linalg.norm(m) + 1e-6)


@dataclass
class TemplateIdentifier:
    design: str
    size: tuple[int, int] = CROP_SIZE
    _names: list[str] = field(default_factory=list)
    _templates: list[np.ndarray] = field(default_factory=list)
    _centres: list[np.ndarray] = field(default_factory=list)
    _wholes: list[np.ndarray] = field(default_factory=list)
    _wholes_flipped: list[np.ndarray] = field(default_factory=list)

    def __post_init__(self) -> None:
        w, h = self.size
        cw, ch = int(w * CORNER), int(h * CORNER)
        for card in [r + s for s in SUITS for r in RANKS]:
            # Seen through the camera the face is softer than the art: match against a softened face.
            small = face(self.design, card, int(h * 0.65))[:, :, :3]
            bgr = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
            self._names.append(card)
            grey = _mix(bgr)
            self._wholes.append(_whole(bgr))
            self._wholes_flipped.append(_whole(bgr[::-1, ::-1]))
            self._templates.append(grey[2:ch, 2:cw].copy())
            self._centres.append(grey[int(h * 0.3):int(h * 0.7), int(w * 0.25):int(w * 0.75)].copy())

    def __call__(self, crop: np.ndarray) -> tuple[str | None, float]:
        w, h = self.size
        bgr = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA)
        img = _mix(bgr)
        sw, sh = int(w * SEARCH), int(h * SEARCH)
        red = _is_red(bgr[:sh, :sw])
        flipped = img[::-1, ::-1].copy()
        regions = [img[:sh, :sw], flipped[:sh, :sw]]
        middles = [img[int(h * 0.22):int(h * 0.78), int(w * 0.17):int(w * 0.83)],
                   flipped[int(h * 0.22):int(h * 0.78), int(w * 0.17):int(w * 0.83)]]
        whole = _whole(bgr)
        scores = []
        for name, corner, centre, w0, w1 in zip(self._names, self._templates, self._centres, self._wholes,
                                                self._wholes_flipped):
            best = max(float(cv2.matchTemplate(r, corner, cv2.TM_CCOEFF_NORMED).max())
                       + 0.5 * float(cv2.matchTemplate(m, centre, cv2.TM_CCOEFF_NORMED).max())
                       for r, m in zip(regions, middles))
            colour = 0.1 if (name[-1] in "HD") == red else 0.0
            scores.append((best + 1.5 * max(float(whole @ w0), float(whole @ w1)) + colour) / 3.1)
        i = int(np.argmax(scores))
        return self._names[i], max(0.0, min(1.0, scores[i]))


@dataclass(frozen=True)
class TemplateDetection:
    card: str
    confidence: float
    box: tuple[float, float, float, float]


@dataclass
class TemplateHandReader:
    """Reads an overlapping row of cards of the known design: every visible corner index, any of 4 turns.

    `card_height_px` is a card's height in the image it is given (the rectified view fixes it).
    """

    design: str
    card_height_px: int
    threshold: float = 0.72
    _entries: list[tuple[str, np.ndarray]] = field(default_factory=list)

    def __post_init__(self) -> None:
        h = self.card_height_px
        w = int(round(h * 63 / 88))
        cw, ch = int(w * CORNER), int(h * CORNER)
        for card in [r + s for s in SUITS for r in RANKS]:
            small = face(self.design, card, int(h * 0.75))[:, :, :3]
            grey = _mix(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))[2:ch, 2:cw]
            for k in range(4):
                self._entries.append((card, np.ascontiguousarray(np.rot90(grey, k))))

    def __call__(self, image: np.ndarray, card_short: float | None = None) -> list[TemplateDetection]:
        """The cards in `image`; `card_short` is not needed: the templates have the rectified view's card size."""
        img = _mix(image)
        found: list[TemplateDetection] = []
        for card, tpl in self._entries:
            if tpl.shape[0] > img.shape[0] or tpl.shape[1] > img.shape[1]:
                continue
            res = cv2.matchTemplate(img, tpl, cv2.TM_CCOEFF_NORMED)
            ys, xs = np.where(res >= self.threshold)
            for y, x in zip(ys, xs):
                th, tw = tpl.shape
                patch = image[y:y + th, x:x + tw]
                if _is_red(patch) != (card[-1] in "HD"):
                    continue
                found.append(TemplateDetection(card, float(res[y, x]), (float(x), float(y), float(x + tw), float(y + th))))
        found.sort(key=lambda d: -d.confidence)
        kept: list[TemplateDetection] = []
        for d in found:
            cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            size = (d.box[2] - d.box[0]) * 0.6
            if all(abs(cx - (k.box[0] + k.box[2]) / 2) > size or abs(cy - (k.box[1] + k.box[3]) / 2) > size for k in kept):
                kept.append(d)
        return kept
