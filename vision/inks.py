"""The ink colour of each suit of the deck on the table, learnt while it is played, to weigh the suit of a read.

Decks differ in their suit colours. Most print hearts and diamonds red, spades and clubs black. Some print four
colours; one held-out design prints spades red, diamonds teal, hearts green and clubs blue. The recogniser,
trained on decks whose spades are black, leans on colour: it can read such a red A♠ as A♦ as surely as A♠. The
table does not have to guess: every card the pile reads surely shows its suit's ink. A later read whose index ink
lies far from its suit's learnt ink, and much nearer another suit's, weighs that suit down.

Inks are compared by their CIELAB chroma (a*, b*) once the paper is made neutral, which cancels the camera's white
balance. Within one deck two suits of one colour print nearly one ink, a red and a black suit differ more, but a
single read (a small, blurred or shaded index) can stray from its suit's ink by more than that difference. Hence
the rule in `DeckInks.weights`: a suit is ruled out only by an ink much nearer another suit's ink, when the two
suits' inks are two colours. (The inks measured: docs/benchmarks.md.)

Sizes are in the card's own units: the crops read here are cut to the card's measured outline and resized to one
size (`vision.locate.CROP_SIZE`, the recogniser's `CROP_PX` corner), so a card near or far, on any table, gives the same
pixels to count. The other constants are colour distances (CIELAB), which no table's geometry changes: a small
card's ink is paler (its thin strokes blur into the paper) but keeps its hue, and each suit's ink is learnt on the
table it is read on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.recognise.crops import REGION_X, REGION_Y

Ink = tuple[float, float]
"""(a*, b*) of a card index's ink, CIELAB, once the paper is made neutral."""

INDEX_REGION = ((0.03, 0.25), (0.03, 0.42))
"""Where a card's corner index lies, in units of the card's short side from its corner (x, y), within the art."""
INK_CONTRAST = 20.0
"""An index pixel is ink when it is this much darker (L*, 0-100) than the paper around it."""
GREY_CHROMA = 10.0
"""An ink with less chroma than this is grey: a black index. With the paper made neutral a black ink keeps almost no
chroma (2 or less), a red much (21 or more); the palest coloured ink seen, a four-colour deck's teal, has 14."""
SAME_HUE_DEG = 40.0
"""Two coloured inks whose hues lie this close are one colour: the reds' hues lay from 13 to 34 degrees, the four
colours' 57 degrees apart or more."""
SUIT_INK_SPREAD = 18.0
"""Inks farther apart than this are taken for two suits' inks, not one's (a*, b* units): a red and a black suit's
learnt inks lie 19 or more apart (`DeckInks.far`)."""
MIN_INK_SHARE = 0.03
"""Fewer ink pixels than this share of the index region: no index there (a blank or washed-out crop)."""
MIN_REGION_PIXELS = 20
"""Fewer pixels than this in an index region: a crop cut wrong. The crops are of one size whatever the card's size in
the view (the module's docstring), and their index regions hold about 2,300 (a corner) to 2,900 (a pile card)."""


def suit_of(card: str) -> str:
    return card[-1]


def index_ink(crop: np.ndarray) -> Ink | None:
    """The ink of the indices of an upright card crop (top-left and bottom-right corners), or None when the
    corners show too little ink to tell, or inks of two colours (`same_colour`) as far apart as two suits' inks
    (`SUIT_INK_SPREAD`): a card prints both indices in one ink, so one corner shows something else (a card below,
    a shadow, a hand)."""
    height, width = crop.shape[:2]
    (x0, x1), (y0, y1) = ((int(a * width), int(b * width)) for a, b in INDEX_REGION)
    if x1 - x0 < 2 or y1 - y0 < 2 or y1 > height:
        return None
    top = crop[y0:y1, x0:x1].reshape(-1, 3)
    bottom = crop[height - y1:height - y0, width - x1:width - x0].reshape(-1, 3)
    one, other = _ink(top), _ink(bottom)
    if one is not None and other is not None and not same_colour(one, other) and \
            _distance(one, other) > SUIT_INK_SPREAD:
        return None
    return _ink(np.concatenate([top, bottom]))


def corner_ink(corner: np.ndarray) -> Ink | None:
    """The ink of the index in a recogniser's corner crop (`vision.recognise.crops.corner_crop`: the card's corner
    at the top left, the crop spanning `REGION_X` by `REGION_Y` card widths), or None."""
    height, width = corner.shape[:2]
    (rx0, rx1), (ry0, ry1) = REGION_X, REGION_Y
    (x0, x1), (y0, y1) = INDEX_REGION
    cols = slice(int((x0 - rx0) / (rx1 - rx0) * width), int((x1 - rx0) / (rx1 - rx0) * width))
    rows = slice(int((y0 - ry0) / (ry1 - ry0) * height), int((y1 - ry0) / (ry1 - ry0) * height))
    return _ink(corner[rows, cols].reshape(-1, 3))


def _ink(pixels: np.ndarray) -> Ink | None:
    """The mean chroma of the ink among BGR `pixels` of an index, the paper made neutral first (each channel scaled
    to the paper's grey), so that a camera's colour cast leaves a black ink black and a red ink red. The mean, not
    the median: many decks outline their red pips and court figures in black, and most of the dark pixels of
    their red cards can then be black: the median would read such a red card's ink as black and weigh its own
    suit down, while the mean keeps the red ink's share."""
    if len(pixels) < MIN_REGION_PIXELS:
        return None
    pixels = pixels.astype(np.float32)
    light = pixels.mean(axis=1)
    paper = pixels[light >= np.percentile(light, 80)].mean(axis=0)
    balanced = np.clip(pixels * (paper.mean() / np.maximum(paper, 1.0)), 0.0, 255.0) / 255.0
    lab = cv2.cvtColor(balanced.reshape(-1, 1, 3), cv2.COLOR_BGR2LAB).reshape(-1, 3)
    ink = lab[lab[:, 0] <= np.percentile(lab[:, 0], 80) - INK_CONTRAST]
    if len(ink) < MIN_INK_SHARE * len(lab):
        return None
    a, b = ink[:, 1:].mean(axis=0)
    return float(a), float(b)


def mean_ink(inks: list[Ink | None]) -> Ink | None:
    """The mean of the inks measured (None if none was)."""
    known = [i for i in inks if i is not None]
    if not known:
        return None
    a, b = np.mean(known, axis=0)
    return float(a), float(b)


@dataclass
class DeckInks:
    """Per suit, the inks of the cards read surely so far; `weights` says which suits an ink rules out."""

    samples: dict[str, list[Ink]] = field(default_factory=dict)
    min_samples: int = 2
    """A suit's ink is known once this many sure reads showed it (the sooner, the more reads it can weigh)."""
    far: float = SUIT_INK_SPREAD
    """An ink farther than this from a suit's learnt ink is not taken for that suit's; a card's read agrees with
    its suit's colour when nearer."""
    closer: float = 2.0
    """An ink this many times nearer another colour's learnt ink than a suit's is not that suit's colour."""
    penalty: float = 0.05
    """Weight of a suit whose colour the ink is not (a factor on its score, like the rules' prior)."""

    def learn(self, card: str, ink: Ink | None) -> None:
        """A card read surely showed `ink` (kept even when it disagrees: `colour` takes the majority)."""
        if ink is not None:
            self.samples.setdefault(suit_of(card), []).append(ink)

    def colour(self, suit: str) -> Ink | None:
        """The suit's learnt ink (`colours`), or None."""
        return self.colours().get(suit)

    def colours(self) -> dict[str, Ink]:
        """Per suit whose ink is known, that ink: the one its reads agree on (`_agreed`), or else the one they agree
        on once those showing another suit's agreed ink are set aside (`_apart`)."""
        agreed = {s: c for s, inks in self.samples.items() if (c := self._agreed(inks)) is not None}
        apart = {s: c for s, inks in self.samples.items()
                 if s not in agreed and (c := self._apart(inks, list(agreed.values()))) is not None}
        return agreed | apart

    def _agreed(self, inks: list[Ink]) -> Ink | None:
        """The per-channel median of `inks`, or None when fewer than `min_samples`, or while fewer than two thirds
        of them lie within `far` of it: one misread must not set a suit's colour (a card of another suit read as
        this one among its first reads would teach it that suit's ink)."""
        if len(inks) < self.min_samples:
            return None
        a, b = np.median(np.asarray(inks, dtype=np.float64), axis=0)
        centre = float(a), float(b)
        agree = sum(_distance(i, centre) <= self.far for i in inks)
        return centre if 3 * agree >= 2 * len(inks) else None

    def _apart(self, inks: list[Ink], known: list[Ink]) -> Ink | None:
        """The ink a suit's reads agree on without those within `far` of one other suit's known ink, when that is
        another colour and only one such ink comes out; else None.

        A four-colour deck's red spades, read surely as diamonds, split the diamonds' reads in two: the reads of
        the spades' ink are the misreads, since each suit prints one ink. When setting aside either of two inks
        leaves reads that agree (a two-colour deck's hearts read half black), nothing tells which were misread."""
        found: list[Ink] = []
        for other in known:
            rest = self._agreed([i for i in inks if _distance(i, other) > self.far])
            if rest is not None and not same_colour(rest, other):
                found.append(rest)
        if not found or any(_distance(f, found[0]) > self.far for f in found):
            return None
        return found[0]

    def weights(self, ink: Ink | None) -> dict[str, float]:
        """Per suit, `penalty` when `ink` is far from its learnt ink and from that of every suit of its colour
        (`same_colour`), not far from the learnt ink of a suit of another colour, and at least `closer` times nearer
        that one (else not named). Hearts and diamonds, or spades and clubs, mostly share one ink, and where they do
        not, their inks differ less than one card's ink varies: neither rules the other out, and an ink near one is
        of their colour. Nearer, not near: a shown hand's small, soft indices print paler than the pile's, yet lie
        far nearer their own suit's ink learnt on the pile than another colour's."""
        if ink is None:
            return {}
        known = self.colours()
        distance = {s: _distance(ink, c) for s, c in known.items()}
        return {s: self.penalty for s, d in distance.items()
                if all(distance[u] > self.far for u in known if same_colour(known[s], known[u]))
                and any(distance[t] <= self.far and distance[t] * self.closer < d
                        and not same_colour(known[s], known[t]) for t in known)}

    def tells_apart(self, ink: Ink | None, suit: str, other: str) -> bool:
        """Whether `ink` is one colour with `suit`'s learnt ink and another than `other`'s (`same_colour`), and
        `closer` times nearer the former: a deck printing its red pale brings a black index's ink within `far` of the
        red, yet black shows no hue, so `weights` keeps the red suits while the eye tells the two apart."""
        known = self.colours()
        if ink is None or suit not in known or other not in known:
            return False
        mine, theirs = known[suit], known[other]
        return same_colour(ink, mine) and not same_colour(ink, theirs) \
            and _distance(ink, mine) * self.closer < _distance(ink, theirs)

    def corner_weights(self, corner: np.ndarray) -> dict[str, float]:
        """`weights` of the ink of a recogniser's corner crop (how the showdown weighs the corners of a hand)."""
        return self.weights(corner_ink(corner))

    def rules_out(self, ink: Ink | None, card: str) -> bool:
        """Whether `ink` rules out `card`'s suit (`weights`)."""
        return suit_of(card) in self.weights(ink)

    def card_weights(self, ink: Ink | None, cards: list[str]) -> dict[str, float]:
        """`weights` for each of `cards` (cards of a suit not ruled out are not named)."""
        suits = self.weights(ink)
        return {c: suits[suit_of(c)] for c in cards if suit_of(c) in suits}


def same_colour(a: Ink, b: Ink) -> bool:
    """Whether two inks are one colour to the eye: both grey (black ink), or both coloured with hues within
    `SAME_HUE_DEG`. A red printed paler or deeper stays red (one held-out deck's learnt hearts and diamonds lay up to
    14 apart, and once more than `DeckInks.far` within one deal, with one hue)."""
    grey_a, grey_b = np.hypot(*a) < GREY_CHROMA, np.hypot(*b) < GREY_CHROMA
    if grey_a or grey_b:
        return bool(grey_a and grey_b)
    turn = abs(np.degrees(np.arctan2(a[1], a[0]) - np.arctan2(b[1], b[0]))) % 360.0
    return bool(min(turn, 360.0 - turn) <= SAME_HUE_DEG)


def _distance(a: Ink, b: Ink) -> float:
    return float(np.hypot(a[0] - b[0], a[1] - b[1]))
