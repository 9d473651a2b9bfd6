"""The suit sign under a corner index's rank, learnt per deck from the sure pile reads: the suit of an ace or a court
card, whose face has no pips to count (`vision.pips`).

An unseen design's small black signs can leave the recogniser in doubt between two suits (a Slavic deck's thin clubs
and solid spades), and an ace or a court card shows its suit nowhere else the pipeline looks. Every card of a deck
prints the same sign in its index, so the number cards read surely teach what each suit's sign looks like on this
deck, and an ace or a court card whose sign looks far more like another learnt suit's is weighed down.

Sizes are in the card's own units: the crop is cut to the card's outline and resized to one size
(`vision.pile.CROP_SIZE`), and each sign is compared on one grid, so a card near or far shows the same sign.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import cv2
import numpy as np

from vision.figures import NUMBER_RANKS
from vision.inks import INDEX_REGION, INK_CONTRAST
from vision.pips import LEARNT_CARDS, ODDS, PENALTY

SIGN_GRID = 12
"""A sign is compared as its darkness on this many cells square over its own bounding box: any sign's size, and
fine enough for a lobe or a stem to fill cells of its own."""
MIN_MARK = 0.0005
"""A mark of the index counts when its ink covers this many squared card widths: a sign a tenth of the card wide
covers ten times more, a speck of noise or of the table less."""
CLOSER = 2.0
"""An ace or a court card is weighed down when its sign lies this many times nearer another learnt suit's sign than
its own suit's: two suits' signs differ by their whole shape, blur and a loosely cut outline by a part of it."""


def index_sign(crop: np.ndarray) -> np.ndarray | None:
    """The sign under the rank in an upright card crop's top-left index, as darkness (0 paper, 1 black) on a
    `SIGN_GRID` grid over its bounding box; None when the index shows fewer than two marks (a rank and a sign)."""
    height, width = crop.shape[:2]
    (x0, x1), (y0, y1) = ((int(a * width), int(b * width)) for a, b in INDEX_REGION)
    if x1 - x0 < 4 or y1 - y0 < 4 or y1 > height:
        return None
    light = cv2.cvtColor(crop[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32) * (100.0 / 255.0)
    paper = float(np.percentile(light, 90))
    count, labels, stats, _ = cv2.connectedComponentsWithStats((light < paper - INK_CONTRAST).astype(np.uint8))
    rows, cols = light.shape
    marks = [i for i in range(1, count)
             if stats[i, cv2.CC_STAT_AREA] >= MIN_MARK * width * width and stats[i, cv2.CC_STAT_LEFT] > 0
             and stats[i, cv2.CC_STAT_TOP] > 0 and stats[i, cv2.CC_STAT_LEFT] + stats[i, cv2.CC_STAT_WIDTH] < cols
             and stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT] < rows]
    if len(marks) < 2:
        return None
    sign = max(marks, key=lambda i: stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT] / 2)
    x, y, w, h = (int(v) for v in stats[sign, :4])
    darkness = np.clip(1.0 - light[y:y + h, x:x + w] / max(paper, 1.0), 0.0, 1.0)
    return cv2.resize(darkness, (SIGN_GRID, SIGN_GRID), interpolation=cv2.INTER_AREA).ravel()


@dataclass
class SignShapes:
    """Each suit's index sign as the deck on the table prints it, learnt from its number cards read surely."""

    _signs: dict[str, list[np.ndarray]] = field(default_factory=dict)
    _cards: dict[str, set[str]] = field(default_factory=dict)

    def learn(self, card: str, signs: Sequence[np.ndarray | None]) -> None:
        """Note the signs a sure read of `card` showed, per frame read: a number card's suit its pips vouch for too
        (an ace or a court card, the cards these signs are for, teaches nothing)."""
        seen = [s for s in signs if s is not None]
        if card[:-1] not in NUMBER_RANKS or not seen:
            return
        self._signs.setdefault(card[-1], []).extend(seen)
        self._cards.setdefault(card[-1], set()).add(card)

    def distances(self, signs: Sequence[np.ndarray | None]) -> dict[str, float]:
        """Suit -> how far one card's sign lies from that suit's mean sign, over the frames read, for the suits learnt
        from `LEARNT_CARDS` cards or more."""
        frames = [s for s in signs if s is not None]
        if not frames:
            return {}
        return {suit: float(np.mean([np.linalg.norm(f - np.mean(learnt, axis=0)) for f in frames]))
                for suit, learnt in self._signs.items() if len(self._cards[suit]) >= LEARNT_CARDS}

    def card_weights(self, signs: Sequence[np.ndarray | None], scores: Mapping[str, float]) -> dict[str, float]:
        """`PENALTY` for each ace or court card of a learnt suit whose sign lies `CLOSER` times nearer another learnt
        suit's, when the index scored that suit's card of the same rank at least 1/`ODDS` as high (the index told the
        rank); nothing for the others."""
        distances = self.distances(signs)
        out: dict[str, float] = {}
        for card, score in scores.items():
            rank, suit = card[:-1], card[-1]
            if rank in NUMBER_RANKS or suit not in distances:
                continue
            rivals = [distances[other] for other in distances
                      if other != suit and scores.get(rank + other, 0.0) * ODDS >= score]
            if rivals and min(rivals) * CLOSER <= distances[suit]:
                out[card] = PENALTY
        return out


def sign_renames(sightings: Mapping[str, Mapping[str, float]], read_signs: Mapping[str, Sequence[np.ndarray | None]],
                 shapes: SignShapes, proven: Collection[str]) -> dict[str, str]:
    """Pile aces and court cards whose sign `SignShapes.card_weights` weighs down -> the card of their rank in the
    suit whose sign is nearest among those it allows, when that card is not on the pile (`sightings`: the evidence
    per card). Read at the deal's end, when the number cards have taught every suit's sign; never a card a sweep
    proved."""
    on_pile = set(sightings)
    out: dict[str, str] = {}
    for card, evidence in sightings.items():
        signs = read_signs.get(card, ())
        if card in proven or card not in shapes.card_weights(signs, evidence):
            continue
        distances = shapes.distances(signs)
        rank, score = card[:-1], evidence[card]
        options = [rank + suit for suit in distances if rank + suit != card and rank + suit not in on_pile
                   and evidence.get(rank + suit, 0.0) * ODDS >= score]
        instead = min(options, key=lambda c: distances[c[-1]], default=None)
        if instead is not None:
            out[card] = instead
            on_pile.add(instead)
    return out
