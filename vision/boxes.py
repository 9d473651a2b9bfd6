"""Chips in the five boxes: present or not, and roughly how many.

Chips are coloured discs (several colours, touching each other), the box floor is a light mat or a board:
saturated, not-too-dark pixels are chip; the count is the chip area over one chip's area, which stays right
when discs touch (where counting blobs would merge them). Sweeps and missed calls are decided from these
counts by `BoxTracker`, against the honours the pile stage reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

HONOURS = {"10D": "10D", "JC": "JC", "QS": "QS", "KH": "KH", "7D": "7D"}
"""Box -> the card that sweeps it."""


@dataclass(frozen=True)
class ChipReading:
    present: bool
    count: int
    fraction: float


def polygon_mask(shape: tuple[int, int], polygon: np.ndarray) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(polygon).astype(np.int32)], 255)
    return mask


def chip_mask(view_bgr: np.ndarray, min_saturation: int = 70, min_value: int = 60) -> np.ndarray:
    hsv = cv2.cvtColor(view_bgr, cv2.COLOR_BGR2HSV)
    return ((hsv[..., 1] >= min_saturation) & (hsv[..., 2] >= min_value)).astype(np.uint8) * 255


def count_chips(view_bgr: np.ndarray, polygon: np.ndarray, chip_area_px: float,
                present_fraction: float = 0.01) -> ChipReading:
    """Chips inside one box polygon (view pixels); `chip_area_px` is one chip's visible area."""
    x, y, w, h = cv2.boundingRect(np.round(polygon).astype(np.int32))
    x, y = max(0, x), max(0, y)
    crop = view_bgr[y:y + h, x:x + w]
    if crop.size == 0:
        return ChipReading(False, 0, 0.0)
    inside = polygon_mask(crop.shape[:2], polygon - [x, y])
    chips = cv2.bitwise_and(chip_mask(crop), inside)
    chips = cv2.morphologyEx(chips, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    area = float(np.count_nonzero(chips))
    fraction = area / max(1.0, float(np.count_nonzero(inside)))
    present = fraction >= present_fraction
    count = int(round(area / chip_area_px)) if present else 0
    return ChipReading(present, max(count, 1) if present else 0, fraction)


@dataclass
class BoxTracker:
    """Counts per box across settled frames -> sweeps and missed calls.

    An honour's box must be emptied before `call_window` more cards land on the pile; otherwise the call was
    missed and the chips stay for the next deal.
    """

    call_window: int = 1
    counts: dict[str, int] = field(default_factory=dict)
    pending: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    """box -> (player who laid the honour, cards landed since)."""

    def baseline(self, readings: dict[str, ChipReading]) -> None:
        self.counts = {b: r.count for b, r in readings.items()}

    def settle(self, readings: dict[str, ChipReading], new_card: str | None, new_player: str | None
               ) -> tuple[list[tuple[str, str | None, bool]], list[tuple[str, str | None]]]:
        """One settled frame: (sweeps as (box, player, honour was laid), missed calls as (box, player)).

        A box emptied while its honour waits is that honour's sweep; one emptied in the same motion as its
        honour landing is too; any other emptied box is reported with no honour (the engine flags it).
        """
        swept: list[tuple[str, str | None, bool]] = []
        for box, r in readings.items():
            if self.counts.get(box, 0) > 0 and not r.present:
                if box in self.pending:
                    swept.append((box, self.pending.pop(box)[0], True))
                elif new_card == HONOURS[box]:
                    swept.append((box, new_player, True))
                else:
                    swept.append((box, None, False))
            self.counts[box] = r.count
        missed: list[tuple[str, str | None]] = []
        if new_card is not None:
            for box, (player, seen) in list(self.pending.items()):
                if seen + 1 >= self.call_window:
                    missed.append((box, player))
                    del self.pending[box]
                else:
                    self.pending[box] = (player, seen + 1)
            for box, honour in HONOURS.items():
                if honour == new_card and self.counts.get(box, 0) > 0 and all(s[0] != box for s in swept):
                    self.pending[box] = (new_player, 0)
        return swept, missed

    def close_all(self) -> list[tuple[str, str | None]]:
        """End of the deal: every honour still waiting is a missed call."""
        missed = [(b, p) for b, (p, _) in self.pending.items()]
        self.pending.clear()
        return missed
