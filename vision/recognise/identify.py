"""Name the cards in a photo, or the one card in a crop. The live pipeline's entry points.

    identify_image(image) -> list[Detection]
        Every physical card whose corner index can be read, each reported once even
        when both of its indices are visible. `image` is a BGR uint8 array (OpenCV's
        order) of any size; cards whose short side is 60–250 px, any rotation, camera
        up to 45° off vertical.

    identify_crop(image) -> (card, confidence)
        The one settled card of a crop (e.g. the top card of the pile, cut from the
        rectified view). `card` is a code like "QS" or "10D", or None when no index
        could be read (confidence 0.0). `read_crop` adds a score for every card.

    identify_hand(image, card_short=None) -> list[Detection]
        `identify_image` for a seat zone holding a hand laid out at the showdown, its
        cards' short side given when known; `hand_scores` gives every card's best score
        there, however unsure.

How: `locate` finds convex card corners on the outlines of bright blobs and at the
junctions of straight edges (cards on cards, pale tables); a small fast gate model
(32×32 crops) turns down the corners that surely show no index; each remaining corner
is cut out at a few card scales (`crops`) and classified (`classifier`) into one of
the 52 cards or "none"; the two corner indices of one card are merged by geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection, Mapping, Protocol, Sequence

import cv2
import numpy as np

from vision.recognise.classifier import DEFAULT_MODEL, IndexClassifier, load_classifier
from vision.recognise.crops import CornerFrame, corner_crop, frame_from_points
from vision.recognise.locate import locate, locate_corners

CARD_ASPECT = 1.42
MIN_LEFT = 1e-3
"""`conditioned`: below this much probability left over, a corner's other classes are rounding noise."""
# Short sides tried at every corner; the classifier is trained on ±30 % around each.
SCALES_PX = (62.0, 92.0, 136.0, 200.0, 290.0)
LADDER_RATIO = 1.45
MIN_CONFIDENCE = 0.95  # chosen on held-out scenes 0-99 (see the model card), so figures on 100-299 are unbiased
CROP_INSET = 0.025  # where a grown crop's card corners lie, as a fraction of its sides
MERGE_DISTANCE = 0.9  # in card short sides, between the card centres two readings of one card predict
PROMISING_NONE = 0.995  # a corner read as "none" more surely than this in the first pass is not tried further
SAME_SPOT = 0.22  # closer than this (card centres, in short sides), two readings may claim the same card
SAME_CORNER = 0.1  # closer than this (corner points, in short sides), two readings are of one corner
SURE_CROP = 0.97  # a crop's own corners read this surely need no located corners
CROP_MIN_CONFIDENCE = 0.5  # a crop is known to hold a card: its best reading counts, the caller weighs it
GATE_FILE = "card-index-gate.onnx"  # the gate model, looked for next to the classifier
GATE_NONE = 0.9  # on validation crops of the training designs the gate keeps 99.5 % of index corners here
HAND_ENLARGE = 1.5  # zoom of a shown hand's seat zone before it is read (see identify_hand)
HAND_AXIS_COS = -0.5  # cosine of the doubled angle: corners turned more than 60° off a shown hand's axis are left out


class Classifier(Protocol):
    """What reads corner crops: the shipped model (`IndexClassifier`) or an enrolled deck's
    (`vision.deck.classifier.DeckClassifier`)."""

    names: list[str]
    none_index: int
    imgsz: int

    def probabilities(self, crops: np.ndarray) -> np.ndarray: ...


SuitWeights = Callable[[np.ndarray], Mapping[str, float]]
"""A corner crop (`crops.corner_crop`) -> a weight per suit ("S", "H", "D", "C") for the cards read there."""


@dataclass(frozen=True)
class Detection:
    """One physical card: its code ("QS", "10D"), confidence in [0, 1], and pixel box (x1, y1, x2, y2)."""

    card: str
    confidence: float
    box: tuple[float, float, float, float]

    def to_json(self) -> dict:
        return {"card": self.card, "confidence": round(self.confidence, 4),
                "box": [round(v, 1) for v in self.box]}


@dataclass(frozen=True)
class _Reading:
    card: str
    confidence: float
    frame: CornerFrame

    def card_quad(self) -> np.ndarray:
        f = self.frame
        return np.array([f.to_image(0, 0), f.to_image(1, 0), f.to_image(1, CARD_ASPECT), f.to_image(0, CARD_ASPECT)])

    def centre(self) -> np.ndarray:
        return np.array(self.frame.to_image(0.5, CARD_ASPECT / 2))


def _corner_probabilities(image: np.ndarray, frames: list[CornerFrame], scales: tuple[float, ...],
                          classifier: Classifier, gate: IndexClassifier | None = None
                          ) -> tuple[list[CornerFrame], np.ndarray]:
    """The corners worth reading and their class probabilities, shape (corners, scales, classes).

    Every corner is first read at the middle scale (every other scale of a long ladder); only
    corners where a reading is not clearly "none" are read at the other scales (most corners
    are table corners or index-less card corners); the others keep "none" there. With a `gate`,
    a small fast model first turns down the corners it is sure show no index, and only the rest
    are read at all.
    """
    if gate is not None and frames:
        frames = _gated(image, frames, [scales[k] for k in first_pass(len(scales))], gate)
    probs = np.zeros((len(frames), len(scales), len(classifier.names)), np.float32)
    if not frames:
        return frames, probs
    first = first_pass(len(scales))
    rest = [k for k in range(len(scales)) if k not in first]
    probs[:, :, classifier.none_index] = 1.0
    trials = [f.with_scale(scales[k]) for f in frames for k in first]
    probs[:, first] = _classify(image, trials, classifier).reshape(len(frames), len(first), -1)
    promising = [i for i in range(len(frames)) if probs[i, first, classifier.none_index].min() < PROMISING_NONE]
    if promising and rest:
        trials = [frames[i].with_scale(scales[k]) for i in promising for k in rest]
        probs[np.ix_(promising, rest)] = _classify(image, trials, classifier).reshape(len(promising), len(rest), -1)
    return frames, probs


def _readings(frames: list[CornerFrame], probs: np.ndarray, scales: tuple[float, ...], classifier: Classifier,
              min_confidence: float) -> list[_Reading]:
    """For each corner, its most confident card over the scales, when at least `min_confidence`."""
    card_probs = probs.copy()
    card_probs[..., classifier.none_index] = -1.0
    readings: list[_Reading] = []
    for i, frame in enumerate(frames):
        s, c = np.unravel_index(np.argmax(card_probs[i]), card_probs[i].shape)
        confidence = float(probs[i, s, c])
        if confidence >= min_confidence:
            readings.append(_Reading(classifier.names[c], confidence, frame.with_scale(scales[s])))
    return readings


def first_pass(count: int) -> list[int]:
    """The ladder steps every corner is read at: every other step of a long ladder, else the middle.
    (A card between two read steps is still "not none" at both, so the steps skipped are tried only at
    corners that may hold a card: `PROMISING_NONE`.)"""
    return list(range(1, count, 2)) if count > 3 else [count // 2]


def _gated(image: np.ndarray, frames: list[CornerFrame], scales: list[float], gate: IndexClassifier) -> list[CornerFrame]:
    """The frames the gate does not call "none" surely at every one of `scales`."""
    trials = [f.with_scale(s) for f in frames for s in scales]
    none = _classify(image, trials, gate)[:, gate.none_index].reshape(len(frames), len(scales))
    return [f for f, p in zip(frames, none.min(axis=1)) if p < GATE_NONE]


def _classify(image: np.ndarray, trials: list[CornerFrame], classifier: Classifier) -> np.ndarray:
    return classifier.probabilities(np.stack([corner_crop(image, t, classifier.imgsz) for t in trials]))


def _merge(readings: list[_Reading], width: int, height: int) -> list[Detection]:
    """One detection per card code (one deck on the table): the most confident reading of a code
    wins, and a second reading of it is that card's other index when near enough, else a misreading.
    A reading whose spot is already claimed by a more confident reading of another card is dropped."""
    kept: list[_Reading] = []
    groups: dict[str, list[_Reading]] = {}
    for r in sorted(readings, key=lambda r: -r.confidence):
        if any(_same_card(r, k) and not _other_index_read(k, r, readings) for k in kept if k.card != r.card):
            continue
        kept.append(r)
        group = groups.setdefault(r.card, [])
        if not group or _indices_of_one_card(r, group[0]):
            group.append(r)
    detections = []
    for group in groups.values():
        points = group[0].card_quad()
        if len(group) > 1:
            points = np.concatenate([points, [g.frame.origin for g in group[1:]]])
        x1, y1 = np.clip(points.min(axis=0), 0, [width, height])
        x2, y2 = np.clip(points.max(axis=0), 0, [width, height])
        detections.append(Detection(group[0].card, group[0].confidence, (float(x1), float(y1), float(x2), float(y2))))
    return detections


def load_gate(model_path: Path) -> IndexClassifier | None:
    """The gate model next to the classifier `model_path`, if there is one (without it every corner is read)."""
    path = Path(model_path).with_name(GATE_FILE)
    return load_classifier(path) if path.is_file() else None


def _other_index_read(k: _Reading, r: _Reading, readings: Sequence[_Reading]) -> bool:
    """Whether `k`, an index facing away from `r` whose card would lie where `r`'s does, has its own opposite index
    read at a corner of its own, facing as `r` and not `r`'s: a card has one index each way, so `r` is the corner of
    another card. In a tight row or column the last card's far index predicts a spot a card below or above it
    predicts as well (a 4♠ an eighth of a card above the 8♠ that covers it). That index is `k`'s name read where
    `_merge` takes it for the same card (`_indices_of_one_card`), not where its own corner predicts `k`'s spot: a
    corner's second edge found along the card above it slants that spot."""
    if float(np.dot(k.frame.x_dir, r.frame.x_dir)) >= -0.8:
        return False
    for g in readings:
        if g.card != k.card or float(np.dot(g.frame.x_dir, r.frame.x_dir)) <= 0.8:
            continue
        apart = np.hypot(g.frame.origin[0] - r.frame.origin[0], g.frame.origin[1] - r.frame.origin[1])
        if apart >= SAME_CORNER * r.frame.scale and _indices_of_one_card(g, k):
            return True
    return False


def _indices_of_one_card(a: _Reading, b: _Reading) -> bool:
    """Whether `a`, read as `b`'s name, is near enough to be that card's other index: one deck holds each card once,
    so only a misreading puts the name further off (`MERGE_DISTANCE`, in `b`'s short sides)."""
    return bool(np.linalg.norm(a.centre() - b.centre()) < MERGE_DISTANCE * b.frame.scale)


def _same_card(a: _Reading, b: _Reading) -> bool:
    """Two readings name one physical card: the same corner read twice, or its two opposite corners.
    (Neighbours in a row or fan also predict nearby centres, but from corners side by side.)
    One corner point facing one way shows one index, whatever card size it was read at and however its second
    edge was found: a fan's top 6♥ was also read 4♥ from its corner, at a larger size along a slanted edge."""
    same_corner = np.hypot(a.frame.origin[0] - b.frame.origin[0], a.frame.origin[1] - b.frame.origin[1]) \
        < SAME_CORNER * b.frame.scale
    facing = float(np.dot(a.frame.x_dir, b.frame.x_dir))
    if same_corner and facing > 0.8:
        return True
    if np.linalg.norm(a.centre() - b.centre()) >= SAME_SPOT * b.frame.scale:
        return False
    return same_corner or facing < -0.8


def scale_ladder(card_widths: list[float]) -> tuple[float, ...]:
    """Card short sides to try: around the whole-card outlines seen in the photo, else the full range.
    Outlines wider than the widest card we read (a printed box, a board) say nothing about the cards."""
    card_widths = [w for w in card_widths if w <= SCALES_PX[-1]]
    if not card_widths:
        return SCALES_PX
    lo, hi = 0.85 * min(card_widths), 1.15 * max(card_widths)
    steps = max(1, int(np.ceil(np.log(hi / lo) / np.log(LADDER_RATIO))))
    return tuple(float(lo * (hi / lo) ** (k / steps)) for k in range(steps + 1))


def _located_probabilities(image: np.ndarray, model_path: Path,
                           ladder: Callable[[list[float]], tuple[float, ...]] = scale_ladder,
                           classifier: Classifier | None = None, card_short: float | None = None
                           ) -> tuple[list[CornerFrame], np.ndarray, tuple[float, ...], Classifier]:
    """The located corners of a whole image worth reading (`locate`, told `card_short` when measured), their
    probabilities, the ladder (from the outlines' card widths) and the classifier (`classifier`, else the model at
    `model_path`)."""
    classifier = classifier or load_classifier(Path(model_path))
    location = locate(image, card_short)
    scales = ladder(location.card_widths)
    frames, probs = _corner_probabilities(image, location.frames, scales, classifier, load_gate(Path(model_path)))
    return frames, probs, scales, classifier


def identify_image(image: np.ndarray, model_path: Path = DEFAULT_MODEL, classifier: Classifier | None = None
                   ) -> list[Detection]:
    """Every readable card of a BGR image, each physical card once (see the module docstring). `classifier`:
    one to read the corners with instead of the shipped model (an enrolled deck's, `vision.deck`)."""
    frames, probs, scales, classifier = _located_probabilities(image, model_path, classifier=classifier)
    height, width = image.shape[:2]
    return _merge(_readings(frames, probs, scales, classifier, MIN_CONFIDENCE), width, height)


def identify_hand(image: np.ndarray, model_path: Path = DEFAULT_MODEL, suit_weights: SuitWeights | None = None,
                  classifier: Classifier | None = None, card_short: float | None = None) -> list[Detection]:
    """`identify_image` for a hand laid out at the showdown, cut from its seat zone: read enlarged, and only
    along the hand's axis (see `along_hand_axis`).

    A shown hand's cards are as small as the camera resolves them (short sides near 60 px) and overlap
    to a narrow strip; the corner finder finds more of them, and no more wrong ones, on the zone enlarged
    ×1.5. Boxes are in the given image's pixels. `suit_weights`: see `weighed_by_suit`; `card_short`: the
    cards' short side in `image` when the caller measured it (see `hand_ladder`)."""
    big = _enlarged(image)
    frames, probs, scales, classifier = _hand_probabilities(big, model_path, suit_weights, classifier, card_short)
    out = []
    for d in _merge(_readings(frames, probs, scales, classifier, MIN_CONFIDENCE), big.shape[1], big.shape[0]):
        x1, y1, x2, y2 = d.box
        out.append(Detection(d.card, d.confidence, (x1 / HAND_ENLARGE, y1 / HAND_ENLARGE, x2 / HAND_ENLARGE,
                                                    y2 / HAND_ENLARGE)))
    return out


def hand_scores(image: np.ndarray, model_path: Path = DEFAULT_MODEL, elsewhere: Collection[str] = (),
                suit_weights: SuitWeights | None = None, classifier: Classifier | None = None,
                card_short: float | None = None, read_as: str | None = None) -> dict[str, float]:
    """Per card, its best probability at any corner of a shown hand's zone, read as `identify_hand`
    reads it but however unsure: what can complete a hand read short of the cards its player holds.

    `elsewhere`: cards known to lie outside this zone (on the pile, in other hands); each corner's
    probabilities are conditioned on not being one of them (`conditioned`), and a corner of a card named surely at
    another of its corners scores no other card (`named_elsewhere_on_card`); `suit_weights`: see `weighed_by_suit`;
    `card_short`: as for `identify_hand`; `read_as`: only the corners that read that card (`reading_as`), for what
    the corners of one read name besides it."""
    frames, probs, scales, classifier = _hand_probabilities(_enlarged(image), model_path, suit_weights, classifier,
                                                            card_short)
    if read_as is not None:
        kept = reading_as(probs, classifier, read_as)
        frames, probs = [f for f, k in zip(frames, kept) if k], probs[kept]
    scores = conditioned(probs, classifier.names, elsewhere).copy()
    for i, names in named_elsewhere_on_card(frames, probs, scales, classifier, elsewhere).items():
        keep = [c == classifier.none_index or classifier.names[c] in names for c in range(len(classifier.names))]
        scores[i, :, ~np.array(keep)] = 0.0
    return _card_scores(scores, classifier)


def reading_as(probs: np.ndarray, classifier: Classifier, card: str) -> np.ndarray:
    """Which corners read `card`: their likeliest card over the scales, at least as likely there as every other
    class together (`CROP_MIN_CONFIDENCE`), so the corner vouches for it."""
    if card not in classifier.names or not len(probs):
        return np.zeros(len(probs), bool)
    cards = probs.copy()
    cards[..., classifier.none_index] = -1.0
    best = cards.reshape(len(cards), -1).argmax(axis=1) % len(classifier.names)
    surest = cards.max(axis=(1, 2))
    return (best == classifier.names.index(card)) & (surest >= CROP_MIN_CONFIDENCE)


def named_elsewhere_on_card(frames: list[CornerFrame], probs: np.ndarray, scales: tuple[float, ...],
                            classifier: Classifier, elsewhere: Collection[str] = ()) -> dict[int, set[str]]:
    """Corner -> the cards named at another corner of the same physical card (`_same_card`: the same corner found
    twice, or the card's opposite index), read there surely (`MIN_CONFIDENCE`) and more surely than anything this
    corner reads, for the corners that have such a card. A card prints one name at both its indices, so such a
    corner vouches for no other card: a Tigullio J♥ read at 1.0 at one index and as the Q♥ at 0.94 at its other is
    the J♥. A corner hesitating by itself keeps every card it reads; names of `elsewhere` cards are no claim (their
    corners' probabilities go to the cards that can be there, `conditioned`)."""
    cards = probs.copy()
    cards[..., classifier.none_index] = -1.0
    best = cards.max(axis=(1, 2)) if len(cards) else np.zeros(0)
    named = []
    for j, frame in enumerate(frames):
        s, c = np.unravel_index(np.argmax(cards[j]), cards[j].shape)
        if best[j] >= MIN_CONFIDENCE and classifier.names[c] not in elsewhere:
            named.append((j, _Reading(classifier.names[c], float(best[j]), frame.with_scale(scales[s]))))
    out: dict[int, set[str]] = {}
    sure = [reading for _, reading in named]
    for i, frame in enumerate(frames):
        for j, reading in named:
            here = _Reading(reading.card, float(best[i]), frame.with_scale(reading.frame.scale))
            if j != i and reading.confidence > best[i] and _same_card(here, reading) and \
                    not _other_index_read(reading, here, sure):
                out.setdefault(i, set()).add(reading.card)
    return out


def weighed_by_suit(image: np.ndarray, frames: list[CornerFrame], probs: np.ndarray, scales: tuple[float, ...],
                    classifier: Classifier, suit_weights: SuitWeights) -> np.ndarray:
    """Each corner's class probabilities with the suits `suit_weights` rules out for that corner's crop (cut at the
    scale of its likeliest card) weighed down, what they lose given to the same rank in the suits left
    (`rank_kept`); classes of a suit not named keep their probability.

    What knows the deck on the table can weigh a corner by more than its shape: the live pipeline gives the suit
    inks it learnt from the pile (`vision.inks`), so that a four-colour deck's teal Q♦ is not read as its red Q♠:
    the classifier, trained on decks with red diamonds and black spades, reads a suit partly from its colour."""
    suits = [None if c == classifier.none_index else name[-1] for c, name in enumerate(classifier.names)]
    ranks = [None if c == classifier.none_index else name[:-1] for c, name in enumerate(classifier.names)]
    out = probs.copy()
    for i, frame in enumerate(frames):
        cards = np.where([s is not None for s in suits], probs[i], -1.0)
        step = int(np.unravel_index(np.argmax(cards), cards.shape)[0])
        weights = suit_weights(corner_crop(image, frame.with_scale(scales[step])))
        if weights:
            out[i] = rank_kept(probs[i], suits, ranks, weights)
    return out


def rank_kept(probs: np.ndarray, suits: Sequence[str | None], ranks: Sequence[str | None],
              weights: Mapping[str, float]) -> np.ndarray:
    """Class probabilities (last axis) with each card of a suit in `weights` down to that weight, the rest of its
    probability moved to the cards of its rank in the suits not named (in proportion to theirs, evenly where they
    have none). The ink rules out a suit, not the rank the index's letter showed: a red Q♠ of a four-colour deck
    read Q♦ at 1.0 is the Q♠, where weighing alone would leave it the Q♦ at a twentieth of nothing else."""
    out = probs.astype(np.float64)
    for c, suit in enumerate(suits):
        weight = weights.get(suit, 1.0) if suit is not None else 1.0
        if weight >= 1.0:
            continue
        taken = probs[..., c] * (1.0 - weight)
        out[..., c] -= taken
        same = [k for k, r in enumerate(ranks) if r == ranks[c] and weights.get(suits[k] or "", 1.0) >= 1.0]
        if not same:
            continue
        theirs = probs[..., same].astype(np.float64)
        total = theirs.sum(axis=-1, keepdims=True)
        share = np.where(total > 0, theirs / np.maximum(total, 1e-30), 1.0 / len(same))
        out[..., same] += taken[..., None] * share
    out /= np.maximum(out.sum(axis=-1, keepdims=True), 1e-12)
    return out.astype(probs.dtype)


def conditioned(probs: np.ndarray, names: Sequence[str], elsewhere: Collection[str]) -> np.ndarray:
    """Class probabilities (last axis, in `names` order) given that no card of `elsewhere` is there.

    An index the classifier never saw is often read as a card of the same rank or suit that lies elsewhere
    (a Slavic deck's ace of spades, its index "Т", read as the A♣ that another hand holds):
    the probability left over then goes to the cards that can be there, in proportion, "none" included, so a
    corner that shows no index stays "none". A corner with less than `MIN_LEFT` left over says nothing more."""
    away = set(elsewhere)
    gone = [i for i, name in enumerate(names) if name in away]
    if not gone or not len(probs):
        return probs
    kept = probs.copy()
    kept[..., gone] = 0.0
    left = kept.sum(axis=-1, keepdims=True)
    return np.where(left >= MIN_LEFT, kept / np.maximum(left, MIN_LEFT), 0.0)


def _hand_probabilities(enlarged: np.ndarray, model_path: Path, suit_weights: SuitWeights | None = None,
                        classifier: Classifier | None = None, card_short: float | None = None
                        ) -> tuple[list[CornerFrame], np.ndarray, tuple[float, ...], Classifier]:
    """`_located_probabilities` of an enlarged seat zone (`hand_ladder`, spanning `card_short` when given), weighed
    by `suit_weights` if given, the corners off the hand's axis left out."""
    known = None if card_short is None else card_short * HAND_ENLARGE
    frames, probs, scales, classifier = _located_probabilities(enlarged, model_path, lambda w: hand_ladder(w, known),
                                                               classifier, known)
    if suit_weights is not None:
        probs = weighed_by_suit(enlarged, frames, probs, scales, classifier, suit_weights)
    keep = along_hand_axis(frames, _readings(frames, probs, scales, classifier, MIN_CONFIDENCE))
    return [frames[i] for i in keep], probs[keep], scales, classifier


def hand_ladder(card_widths: list[float], card_short: float | None = None) -> tuple[float, ...]:
    """`scale_ladder` that also spans the outlines' short sides taken as a card's long side: a row of overlapping
    cards merges into one outline of card proportions whose short side is a card's height, and a ladder around
    that width alone starts above the cards' own size, so cards of the row go unread. A ladder found from outlines
    is widened to `card_short`, the short side the caller measured, when that lies more than half a step
    (`LADDER_RATIO`) beyond its ends, as far as any size between two steps lies from one: a fan on a pale table merges
    with the table into an outline of no card's size."""
    widths = card_widths + [w / CARD_ASPECT for w in card_widths]
    ladder = scale_ladder(widths)
    half_step = math.sqrt(LADDER_RATIO)
    if card_short is None or ladder == SCALES_PX or ladder[0] / half_step <= card_short <= ladder[-1] * half_step:
        return ladder
    return scale_ladder([w for w in widths if w <= SCALES_PX[-1]] + [card_short])


def along_hand_axis(frames: list[CornerFrame], readings: list[_Reading]) -> list[int]:
    """The indices of `frames` whose card lies along the shown hand's axis, found from the sure `readings`.

    A hand laid in a row or fan points one way, give or take the fan's spread. A corner read a quarter turn
    off that axis is a card's side corner: on decks with four indices (Dondorf) it shows the index on its
    side, which the classifier, never trained on such a view of those designs, can take for another card
    (a sideways "2" read as "V", a French jack, at 0.999). Axes are compared by
    their doubled angle, so a card's two index corners (turned half a turn) agree."""
    if not readings:
        return list(range(len(frames)))
    weights = np.array([r.confidence for r in readings])
    doubled = np.array([_doubled(r.frame) for r in readings])
    axis = (weights[:, None] * doubled).sum(axis=0)
    if np.linalg.norm(axis) < 1e-9:
        return list(range(len(frames)))
    axis /= np.linalg.norm(axis)
    return [i for i, f in enumerate(frames) if float(np.dot(_doubled(f), axis)) >= HAND_AXIS_COS]


def _doubled(frame: CornerFrame) -> np.ndarray:
    """The unit vector at twice the angle of the frame's x direction: the same for opposite directions."""
    angle = 2.0 * np.arctan2(frame.x_dir[1], frame.x_dir[0])
    return np.array([np.cos(angle), np.sin(angle)])


def _enlarged(image: np.ndarray) -> np.ndarray:
    return cv2.resize(image, None, fx=HAND_ENLARGE, fy=HAND_ENLARGE, interpolation=cv2.INTER_CUBIC)


def _crop_corner_frames(width: int, height: int) -> list[CornerFrame]:
    """Frames at the four corners of a crop that the card nearly fills (it may be cut a little grown),
    for when the card's outline merges with the cards under it."""
    inset = CROP_INSET * np.array([width, height], float)
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], float)
    corners = corners + np.where(corners == 0, inset, -inset)
    return [frame_from_points(corners[k], corners[(k + 1) % 4], corners[k - 1], 1.0) for k in range(4)]


@dataclass(frozen=True)
class CropRead:
    """One settled-card crop: its card (None if unreadable) and confidence, plus a score for every card
    the corners gave any weight (its best probability at any corner and scale), so that a caller who
    knows which cards are likely — the rules of the game — can weigh the runners-up too."""

    card: str | None
    confidence: float
    scores: dict[str, float]
    corner: CornerFrame | None = None
    """The corner its card was read at most surely (at the card size it was read at), None when unread: that card's
    own index, wherever the crop's corners lie, for a caller that measures more there (the pile reader: its ink)."""


def identify_crop(image: np.ndarray, model_path: Path = DEFAULT_MODEL, classifier: Classifier | None = None
                  ) -> tuple[str | None, float]:
    """The card of a crop holding one settled card, and its confidence; (None, 0.0) if unreadable.

    The crop is expected to hold the card about as large as itself (upright or at any angle,
    as the pile reader cuts it, ~6 % grown). The crop's own corners are read first (a few
    milliseconds); only when they give no sure reading are the located corners read too.
    """
    read = read_crop(image, model_path, classifier)
    return read.card, read.confidence


def read_crop(image: np.ndarray, model_path: Path = DEFAULT_MODEL, classifier: Classifier | None = None
              ) -> CropRead:
    """`identify_crop` with every card's score (see `CropRead`)."""
    classifier = classifier or load_classifier(Path(model_path))
    height, width = image.shape[:2]
    short = float(min(height, width))
    scales = tuple(short * k for k in (0.75, 0.93))
    frames, probs = _corner_probabilities(image, _crop_corner_frames(width, height), scales, classifier)
    readings = _readings(frames, probs, scales, classifier, CROP_MIN_CONFIDENCE)
    card, confidence = _vote(readings)
    if confidence < SURE_CROP:
        located, more = _corner_probabilities(image, locate_corners(image), scales, classifier,
                                              load_gate(Path(model_path)))
        readings = readings + _readings(located, more, scales, classifier, CROP_MIN_CONFIDENCE)
        card, confidence = _vote(readings)
        probs = np.concatenate([probs, more])
    surest = max((r for r in readings if r.card == card), key=lambda r: r.confidence, default=None)
    return CropRead(card, confidence, _card_scores(probs, classifier), None if surest is None else surest.frame)


def crop_scores(image: np.ndarray, model_path: Path = DEFAULT_MODEL, classifier: Classifier | None = None
                ) -> dict[str, float]:
    """The scores of `read_crop`: what the live pile reader weighs against the rules."""
    return read_crop(image, model_path, classifier).scores


def _card_scores(probs: np.ndarray, classifier: Classifier, floor: float = 1e-3) -> dict[str, float]:
    """Per card, its best probability at any corner and scale (cards under `floor` left out)."""
    if not len(probs):
        return {}
    best = probs.max(axis=(0, 1))
    return {name: float(best[c]) for c, name in enumerate(classifier.names)
            if c != classifier.none_index and best[c] >= floor}


def _vote(readings: list[_Reading]) -> tuple[str | None, float]:
    """Both index corners of the card vote: the card with the most summed confidence wins."""
    if not readings:
        return None, 0.0
    votes: dict[str, float] = {}
    for r in readings:
        votes[r.card] = votes.get(r.card, 0.0) + r.confidence
    card = max(votes, key=votes.__getitem__)
    return card, max(r.confidence for r in readings if r.card == card)
