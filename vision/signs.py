"""The suit sign under a corner index's rank, learnt per deck from the sure pile reads: the suit of a card whose
read hesitated between the two suits of one ink.

An unseen design's small black signs can leave the recogniser in doubt between two suits (a Slavic deck's thin clubs
and solid spades); an ace or a court card has no pips to count (`vision.pips`), and a number card's pips may not be
decisive either. Every card of a deck prints the same sign in its index, so the number cards read surely teach what
each suit's sign looks like on this deck, and a pile card whose sign looks far more like the other suit of its ink is
renamed.

Sizes are in the card's own units: the crop is cut to the card's outline and resized to one size
(`vision.locate.CROP_SIZE`), and each sign is compared on one grid, so a card near or far shows the same sign.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import cv2
import numpy as np

from engine.nain_jaune.cards import HONOURS
from vision.figures import NUMBER_RANKS
from vision.inks import INDEX_REGION, INK_CONTRAST
from vision.pips import learnt_by_suit, renamed_samples
from vision.sightings import read_share

SIGN_GRID = 12
"""A sign is compared as its darkness on this many cells square over its own bounding box: any sign's size, and
fine enough for a lobe or a stem to fill cells of its own."""
MIN_MARK = 0.0005
"""A mark of the index counts when its ink covers this many squared card widths: a sign a tenth of the card wide
covers ten times more, a speck of noise or of the table less."""
RANK_HEIGHT = 0.75
"""A mark the index region's top edge cuts is the rank above the sign when it stands at least this share of the sign's
height: an index prints its rank as tall as its sign or taller and the edge cuts a few rows off it, while a sliver of
the card's border is a few rows high."""
PARTNER = {"S": "C", "C": "S", "H": "D", "D": "H"}
"""The other suit printed in the same ink: the one a sign must tell a suit from, the inks telling the colours."""
CLOSER = 2.0
"""A card looks like another suit when its sign lies this many times nearer that suit's learnt sign
than its own suit's: two suits' signs differ by their whole shape, blur and a loosely cut outline by a part of it."""


def index_sign(crop: np.ndarray) -> np.ndarray | None:
    """The sign under the rank in an upright card crop's top-left index, as darkness (0 paper, 1 black) on a
    `SIGN_GRID` grid over its bounding box; None when the index shows no rank above a sign. A mark the region's edge
    cuts is never the sign (the card's border, the table beyond it, a court's large sign); one its top edge alone cuts
    is the rank (`RANK_HEIGHT`), printed against the card's top by some decks (Slavic)."""
    height, width = crop.shape[:2]
    (x0, x1), (y0, y1) = ((int(a * width), int(b * width)) for a, b in INDEX_REGION)
    if x1 - x0 < 4 or y1 - y0 < 4 or y1 > height:
        return None
    light = cv2.cvtColor(crop[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32) * (100.0 / 255.0)
    paper = float(np.percentile(light, 90))
    count, labels, stats, _ = cv2.connectedComponentsWithStats((light < paper - INK_CONTRAST).astype(np.uint8))
    rows, cols = light.shape
    left, top, wide, high, area = (stats[:, k] for k in range(5))
    marks = [i for i in range(1, count)
             if area[i] >= MIN_MARK * width * width and left[i] + wide[i] < cols and top[i] + high[i] < rows]
    whole = [i for i in marks if left[i] > 0 and top[i] > 0]
    if not whole:
        return None
    sign = max(whole, key=lambda i: top[i] + high[i] / 2)
    cut_rank = any(top[i] == 0 and left[i] > 0 and high[i] >= RANK_HEIGHT * high[sign]
                   and top[i] + high[i] / 2 < top[sign] for i in marks)
    if len(whole) < 2 and not cut_rank:
        return None
    x, y, w, h = (int(v) for v in stats[sign, :4])
    darkness = np.clip(1.0 - light[y:y + h, x:x + w] / max(paper, 1.0), 0.0, 1.0)
    return cv2.resize(darkness, (SIGN_GRID, SIGN_GRID), interpolation=cv2.INTER_AREA).ravel()


@dataclass
class SignShapes:
    """Each suit's index sign as the deck on the table prints it, learnt from its number cards read surely."""

    _signs: dict[str, list[np.ndarray]] = field(default_factory=dict)
    """Per card that taught, the signs its read showed."""

    def learn(self, card: str, signs: Sequence[np.ndarray | None]) -> None:
        """Note the signs a sure read of `card` showed, per frame read: a number card's suit its pips vouch for too
        (an ace or a court card, whose suit the recogniser misreads most, teaches nothing)."""
        seen = [s for s in signs if s is not None]
        if card[:-1] not in NUMBER_RANKS or not seen:
            return
        self._signs.setdefault(card, []).extend(seen)

    def renamed(self, renames: Sequence[tuple[str, str]]) -> None:
        """Reads that taught as (was) were found to be (card): see `vision.pips.renamed_samples`."""
        renamed_samples(self._signs, renames)

    def distances(self, signs: Sequence[np.ndarray | None]) -> dict[str, float]:
        """Suit -> how far one card's sign lies from that suit's mean sign, over the frames read, for the suits learnt
        from `vision.pips.LEARNT_CARDS` cards or more."""
        frames = [s for s in signs if s is not None]
        if not frames:
            return {}
        means = {suit: np.mean(learnt, axis=0) for suit, learnt in learnt_by_suit(self._signs).items()}
        return {suit: float(np.mean([np.linalg.norm(f - mean) for f in frames])) for suit, mean in means.items()}

    def leans_to(self, signs: Sequence[np.ndarray | None], suit: str, other: str) -> bool:
        """Whether a card's sign (per frame read) lies nearer `other`'s learnt sign than `suit`'s: too little to rename
        it (`looks_like`), enough to doubt a read of `suit` that would accuse a player; False while either is not
        learnt."""
        distances = self.distances(signs)
        return suit in distances and other in distances and distances[other] < distances[suit]

    def looks_like(self, signs: Sequence[np.ndarray | None], suit: str, other: str) -> bool:
        """Whether a card's sign (per frame read) lies `CLOSER` times nearer `other`'s learnt sign than `suit`'s;
        False while either suit is not learnt."""
        distances = self.distances(signs)
        return suit in distances and other in distances and distances[other] * CLOSER <= distances[suit]


def sign_swaps(sightings: Mapping[str, Mapping[str, float]], read_signs: Mapping[str, Sequence[np.ndarray | None]],
               shapes: SignShapes, proven: Collection[str], floor: float) -> list[tuple[str, str]]:
    """Pairs of pile cards of one rank in the two suits of one ink, each read's sign looking like the other's suit
    (`SignShapes.looks_like`) and each read scoring the other card at least `floor` of its own: each was the other
    card. `sign_renames` can rename neither, since each names a card on the pile; the deck holds each card once.
    Never a card a sweep proved, and never an honour (a box still full would accuse its player on a guess)."""
    pairs: list[tuple[str, str]] = []
    untouchable = set(proven) | HONOURS
    for card in sorted(sightings):
        rank, suit = card[:-1], card[-1]
        other = rank + PARTNER[suit]
        if suit not in "CH" or other not in sightings or {card, other} & untouchable:
            continue
        if all(read_share(sightings[x], x, y) >= floor and shapes.looks_like(read_signs.get(x, ()), x[-1], y[-1])
               for x, y in ((card, other), (other, card))):
            pairs.append((card, other))
    return pairs


def sign_renames(sightings: Mapping[str, Mapping[str, float]], read_signs: Mapping[str, Sequence[np.ndarray | None]],
                 shapes: SignShapes, proven: Collection[str], floor: float) -> dict[str, str]:
    """Pile cards whose sign looks like the other suit of their ink's (`SignShapes.looks_like`) -> their rank in that
    suit (`sightings`: the evidence per card), when the read scored it at least `floor` of its own card, as for the
    other renames to a runner-up, and it is not on the pile. The deck's inks already tell the colour; the sign tells
    the two suits of one ink apart. Read at the deal's end, when the number cards have taught every suit's sign;
    never a card a sweep proved, and never to an honour: a box still full would accuse its player of a missed call on
    a guess."""
    on_pile = set(sightings)
    out: dict[str, str] = {}
    for card, evidence in sightings.items():
        rank, suit = card[:-1], card[-1]
        instead = rank + PARTNER[suit]
        if card in proven or instead in on_pile or instead in HONOURS or read_share(evidence, card, instead) < floor:
            continue
        if shapes.looks_like(read_signs.get(card, ()), suit, PARTNER[suit]):
            out[card] = instead
            on_pile.add(instead)
    return out
