"""The shape of a number card's pips, learnt per deck from the sure pile reads: spades from clubs, hearts from diamonds.

A corner index of an unseen design can leave its suit in doubt (a Slavic deck's small black suit signs), while the
face of a number card prints the same sign large, several times. A pip's outline has about as many deep notches as
its sign has lobes meeting: a standard diamond none, a heart one, a spade two (beside its stem), a club four. Designs
draw their signs differently (some spades have notched lobes) and blur blunts notches, so no count is assumed: how
often each suit's pips show each count is learnt from the number cards read surely on the pile, and a read is
weighed by it only where its face is far likelier to show another learnt suit.

Sizes are in the card's own units: the crop is cut to the card's outline and resized to one size
(`vision.locate.CROP_SIZE`), so a card near or far, on any table, shows the same face.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping, Sequence, TypeVar

import cv2
import numpy as np

from vision.figures import NUMBER_RANKS, edge_px, face_ink

PIP_AREA = (0.006, 0.06)
"""A pip's ink, in squared card widths: a ten's ten pips must fit on the face (each below about 0.06, see
`vision.figures.FIGURE`), and a mark under 0.006 is a speck or a stroke of the art, not a sign read for its shape."""
NOTCH_DEPTH = 0.12
"""A notch counts when it cuts this share of the pip's size (the square root of its area) into its convex hull:
deeper than the wobble that blur and the ink threshold leave on a rounded outline."""
LEARNT_CARDS = 3
"""A suit's pip counts are known once this many number cards of it were read surely: one card may be a misread."""
ODDS = 100.0
"""A number card is weighed down when its face's pips are this many times likelier under another learnt suit's counts
than under its own: odds no single ambiguous pip gives, only several pips that agree."""
MAX_NOTCHES = 6
"""Notch counts above this are pooled: no suit sign has more lobes, so only noise counts there."""
PENALTY = 0.05
"""Weight of a number card whose face is far likelier another suit's (as `vision.figures`)."""

T = TypeVar("T")


def pip_notches(crop: np.ndarray, ink: np.ndarray | None = None) -> tuple[int, ...]:
    """The notch count of each pip on an upright card crop's face (`vision.figures.face_ink`; `ink`: that mask, when
    the caller made it already)."""
    height, width = crop.shape[:2]
    edge = edge_px(width)
    contours, _ = cv2.findContours(face_ink(crop) if ink is None else ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    lo_area, hi_area = PIP_AREA[0] * width * width, PIP_AREA[1] * width * width
    counts = []
    for contour in contours:
        area = cv2.contourArea(contour)
        x, y, w, h = cv2.boundingRect(contour)
        if not lo_area <= area <= hi_area or x <= edge or y <= edge or x + w >= width - edge or y + h >= height - edge:
            continue
        counts.append(_notches(contour, float(np.sqrt(area))))
    return tuple(counts)


def _notches(contour: np.ndarray, size: float) -> int:
    """The dents deeper than `NOTCH_DEPTH` of `size` into the outline's convex hull (-1: no hull order to measure)."""
    try:
        defects = cv2.convexityDefects(contour, cv2.convexHull(contour, returnPoints=False))
    except cv2.error:   # a self-touching outline: no reliable hull order
        return -1
    if defects is None:
        return 0
    return int(np.count_nonzero(defects.reshape(-1, 4)[:, 3] / 256.0 > NOTCH_DEPTH * size))


def learnt_by_suit(samples: Mapping[str, list[T]]) -> dict[str, list[T]]:
    """Per-card `samples` pooled per suit, for the suits taught by `LEARNT_CARDS` cards or more (one may be a
    misread), in the order the cards taught."""
    by_suit: dict[str, list[str]] = {}
    for card in samples:
        by_suit.setdefault(card[-1], []).append(card)
    return {suit: [s for card in cards for s in samples[card]] for suit, cards in by_suit.items()
            if len(cards) >= LEARNT_CARDS}


def renamed_samples(samples: dict[str, list[T]], renames: Sequence[tuple[str, str]]) -> None:
    """Per-card `samples` of reads that taught as (was), found to be (card), all at once (a swap trades the two): a
    read shown wrong showed its real card's face, so what it showed teaches that card's suit (nothing, for an ace or
    a court card, which no learner takes)."""
    taught = [(card, samples.pop(was, [])) for was, card in renames]
    for card, shown in taught:
        if shown and card[:-1] in NUMBER_RANKS:
            samples.setdefault(card, []).extend(shown)


@dataclass
class PipShapes:
    """Each suit's pip notches as the deck on the table prints them, learnt from its number cards read surely."""

    _counts: dict[str, list[int]] = field(default_factory=dict)
    """Per card that taught, the notch counts of the pips its read showed."""

    def learn(self, card: str, pips: Sequence[Sequence[int]]) -> None:
        """Note the pips a sure read of `card` showed, per frame read (a court card or an ace teaches nothing)."""
        counts = [n for frame in pips for n in frame if n >= 0]
        if card[:-1] not in NUMBER_RANKS or not counts:
            return
        self._counts.setdefault(card, []).extend(counts)

    def renamed(self, renames: Sequence[tuple[str, str]]) -> None:
        """Reads that taught as (was) were found to be (card): see `renamed_samples`."""
        renamed_samples(self._counts, renames)

    def log_likelihoods(self, pips: Sequence[Sequence[int]]) -> dict[str, float]:
        """Suit -> log-probability of one face's pips under its learnt counts (add-one smoothed), for the suits learnt
        from `LEARNT_CARDS` cards or more. `pips`: per frame read; the frames show the same face, so they are
        averaged, not multiplied."""
        frames = [[n for n in frame if n >= 0] for frame in pips]
        frames = [frame for frame in frames if frame]
        out: dict[str, float] = {}
        if not frames:
            return out
        for suit, counts in learnt_by_suit(self._counts).items():
            tally = Counter(min(c, MAX_NOTCHES) for c in counts)
            total = sum(tally.values()) + MAX_NOTCHES + 1
            per_frame = [sum(np.log((tally[min(n, MAX_NOTCHES)] + 1) / total) for n in frame) for frame in frames]
            out[suit] = float(np.mean(per_frame))
        return out

    def card_weights(self, pips: Sequence[Sequence[int]], scores: Mapping[str, float]) -> dict[str, float]:
        """`PENALTY` for each number card of a learnt suit under which the face's pips are `ODDS` times less likely
        than under another learnt suit whose card of the same rank the index scored at least 1/`ODDS` as high;
        nothing for the others. (The index told the rank: pips that fit no card it read, a ten's blurred into
        hearts, are no evidence.)"""
        likelihoods = self.log_likelihoods(pips)
        out: dict[str, float] = {}
        for card, score in scores.items():
            rank, suit = card[:-1], card[-1]
            if rank not in NUMBER_RANKS or suit not in likelihoods:
                continue
            rivals = [likelihoods[other] for other in likelihoods
                      if other != suit and scores.get(rank + other, 0.0) * ODDS >= score]
            if rivals and max(rivals) > likelihoods[suit] + np.log(ODDS):
                out[card] = PENALTY
        return out
