"""The central pile: find each new top card by change against the last settled state, crop it upright, name it.

The changed pixels between two settled views of the pile lie on the new card (whatever it covers is hidden
now), so their rotated bounding rectangle, slightly grown, is the new card. The crop is taken straight from the
camera image through the calibration (one small warp) and identified on a few consecutive still frames; the
scores of the reads add up, which removes single-frame misreads without waiting long. When the caller knows
which cards are likely (the rules: the card that continues the sequence; a card already seen cannot come
again), those weights multiply the scores before the verdict: a read that hesitates between the wanted
card and another goes to the wanted card, with the low confidence it had. So do the suit colours of the deck on
the table once the sure reads have shown them (`vision.inks`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Collection, Mapping

import cv2
import numpy as np

from vision.boxes import polygon_mask
from vision.figures import face_ink, figure_weights, shows_figure
from vision.inks import DeckInks, Ink, index_ink, mean_ink
from vision.pips import PipShapes, pip_notches
from vision.sightings import read_share
from vision.signs import index_sign

CARD_ASPECT = 88.0 / 63.0
CROP_SIZE = (128, 180)
"""Width, height of the upright card crop handed to the recogniser."""

CardScores = Mapping[str, float]
Identify = Callable[[np.ndarray], "tuple[str | None, float] | CardScores"]
"""A crop -> its card and confidence, or a score per card (the recogniser's `read_crop(...).scores`)."""
Prior = Callable[[], CardScores]
"""Weight per card for the read now pending (1 for a card not named)."""


def as_scores(result: "tuple[str | None, float] | CardScores") -> dict[str, float]:
    """One identify result as a score per card (a (card, confidence) pair is one card's score)."""
    if isinstance(result, tuple):
        card, confidence = result
        return {card: float(confidence)} if card else {}
    return {card: float(p) for card, p in result.items()}


@dataclass(frozen=True)
class CardLocation:
    corners: np.ndarray
    """4 x 2 corners in view pixels, ordered so that the crop is portrait."""
    outline_px: float | None = None
    """The area of the card's own outline when it was seen whole and card-shaped (a measure of the card size)."""
    stretch: float | None = None
    """How much longer along x the table is than the view shows, as this card's outline tells it (when asked)."""
    on_top: bool = False
    """A change smaller than a card, within the top card (`marked_on_top`)."""


@dataclass(frozen=True)
class PileRead:
    card: str | None
    confidence: float
    votes: int
    reads: int
    location: CardLocation | None = None
    evidence: Mapping[str, float] = field(default_factory=dict)
    """Every card's mean score times its prior weight: the runners-up, should the card turn out misread."""
    ink: Ink | None = None
    """The mean ink of the card's indices over the frames read (`vision.inks.index_ink`)."""
    at_rest: bool = False
    """The card read last, read while the hand laying it was still over the pile (`HELD_CARD`), now lying alone:
    a second read of that card, not a new one."""
    pips: tuple[tuple[int, ...], ...] = ()
    """Per frame read of a card located by its own outline, the notches of each pip its face showed
    (`vision.pips`)."""
    signs: tuple[np.ndarray | None, ...] = ()
    """Per frame read of a card located by its own outline, the suit sign of its index (`vision.signs`)."""
    shown_surely: Mapping[str, float] = field(default_factory=dict)
    """The cards every frame scored at least the watcher's `sure`, with their mean score: what the crop surely
    showed before the rules weighed anything (a crop can show several cards' indices)."""


def _box_area(location: CardLocation) -> float:
    return abs(float(cv2.contourArea(np.asarray(location.corners, np.float32))))


def overlap(a: CardLocation, b: CardLocation) -> float:
    """Intersection over union of two card outlines (a nudged card overlaps itself almost fully)."""
    inter, _ = cv2.intersectConvexConvex(a.corners.astype(np.float32), b.corners.astype(np.float32))
    union = _box_area(a) + _box_area(b) - inter
    return float(inter / union) if union > 0 else 0.0


CARD_SHAPE = (1.1, 1.8)
"""Long side over short side of a card's outline as the view shows it: 88/63 = 1.40 for every standard pack, with
room for a view stretched by up to a quarter (a top-down view made from a loosely drawn board, whose camera's focal
length is only bounded), a rounded corner cut off and blur. Two cards end to end (2.8) stay out."""
FEWEST_CARDS_IN_ZONE = 64.0
"""A pile zone is drawn around where cards land, a few card areas; an outline smaller than this share of it
cannot be a card, whatever the camera's distance."""


CHANGE_GREY = 30
"""A grey-level change well above sensor noise and compression: a pixel of the pile that changed."""
MIN_CHANGED = 0.04
"""The share of a card's area that a card laid squarely on another still changes (its indices and pips) is
above this."""
MIN_HULL = 0.25
"""A card laid squarely on one of its look changes its indices, at opposite corners, and its pips: spread over a third
of a card or more (two opposite index boxes alone span a + b - ab of it, a and b their share of its width and height,
0.3 for the smallest), while a chip on the pile spans less than a quarter (a 40 mm poker chip covers 0.23 of a card)."""
FAINT_FILL = 0.75
"""A faint change is a card's outline only where it fills most of its hull, holes filled: paper changes all over,
up to the rounded corners and blur, or only its edge does (border, shadow) around paper of the table's shade, while
the ink of two cards laid one on the other is scattered over theirs."""
FAINT_NOISE = 6.0
"""A pixel changed faintly when it moved this many times the zone's own noise (the robust spread of the change over
the zone, most of which did not change): far in the tail of sensor noise and compression on any camera, while paper
a shade brighter or darker than the table, or the shadow it casts, still passes."""
FAINT_BEYOND = 0.05
"""A faint change that holds fewer than twice the strong change's pixels still outlines the card when this share of it
lies beyond the strong change's hull in one piece wider than the view's blur (a `BLUR_PX` opening keeps it): a
corner of the card that fell on a patch of the table of its paper's shade (a check of a gingham cloth). The blur
fringe around a strong change that was the whole card already is gone after the opening."""
LIGHT_PATCH = 0.25
"""When the light's shift over the whole zone leaves no outline, it is taken off patch by patch: the median shift
over a window of this share of the zone's side. A lamp's fall-off and the patches a camera's compression brightens
at once change a table unevenly over the zone, but as smoothly as a window this wide, while a card's edge is a step
as sharp as the view's blur, which the window's median passes over."""
BLUR_PX = 3
"""Side of the opening that removes a blur fringe: resampling into the view and a camera's focus blur an edge over a
pixel or two of the view, whatever the table; a card's corner is many pixels across."""


THIN_OPENING = 2
"""A change the `BLUR_PX` opening leaves too small may still be a card when the card is so small in the view that its
index strokes are under a pixel wide (`THINNEST_STROKE`): laid a pixel off squarely on one of its look, it changes
those strokes and a sliver of its edge, bands the view's blur spreads to two pixels, which this opening keeps while
it still clears single pixels of noise."""
THINNEST_STROKE = 1 / 70
"""An index stroke's width as a share of the card's width: from 1/70 to 1/23 on 37 designs. Wider than a pixel, a
stroke stays three pixels wide or more once blurred, which the `BLUR_PX` opening keeps."""


def median_gain(now: np.ndarray, then: np.ndarray) -> np.ndarray:
    """The light's gain from `then` to `now`, per colour when the last of three axes holds colours: the median ratio
    of their pixels (one added to each, so black stays finite). Light falling on the table scales every pixel's
    brightness by one factor (illumination times reflectance, and a camera's gamma keeps a product a product); the
    median is that factor while the light changed more of the pixels than anything laid or moved among them."""
    ratio = (now + 1.0) / (then + 1.0)
    return np.median(ratio.reshape(-1, ratio.shape[-1] if ratio.ndim == 3 else 1), axis=0)


def relit(before: np.ndarray, after: np.ndarray, pile_polygon: np.ndarray) -> np.ndarray:
    """`before` (grey) under `after`'s light: scaled by their `median_gain` over the pile zone, a few cards wide,
    where the light's gain is steady."""
    inside = polygon_mask(after.shape[:2], pile_polygon) > 0
    gain = float(median_gain(after[inside].astype(np.float32), before[inside].astype(np.float32))[0])
    return np.clip(before.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def _zone_area(polygon: np.ndarray) -> float:
    return abs(float(cv2.contourArea(np.asarray(polygon, np.float32))))


def _on_table(points: np.ndarray, stretch: float) -> np.ndarray:
    """View points as the table has them, up to scale: the view's x axis `stretch` times longer."""
    return np.asarray(points, np.float32).reshape(-1, 2) * np.float32([stretch, 1.0])


def _card_rect(outline: np.ndarray | None, stretch: float) -> tuple[float, float, float] | None:
    """`outline`'s fitted rectangle on the table (the view's x axis `stretch` times too short) as (width, height,
    the outline's own area) when it has a card's shape, else None."""
    if outline is None or len(outline) < 5:
        return None
    pts = _on_table(outline, stretch)
    (_, _), (w, h), _ = cv2.minAreaRect(pts)
    short, long_ = min(w, h), max(w, h)
    if short < 4 or not CARD_SHAPE[0] <= long_ / short <= CARD_SHAPE[1]:
        return None
    area = cv2.contourArea(pts)
    if area < 0.85 * w * h:
        return None
    return w, h, area


def card_area(outline: np.ndarray | None, stretch: float = 1.0) -> float | None:
    """The area in view pixels of `outline`'s fitted rectangle when it has a card's shape on the table (the view's x
    axis `stretch` times too short), else None: the measure of the card size on this table, learnt from the cards
    laid."""
    rect = _card_rect(outline, stretch)
    return None if rect is None else float(rect[0] * rect[1] / stretch)


STRETCH_STEPS = 33
"""Stretches tried across the span the board left open (about 1 % apart over the widest span a webcam allows)."""


def fit_stretch(outline: np.ndarray | None, span: tuple[float, float]) -> float | None:
    """The stretch within `span` that makes `outline` most nearly a rectangle, among those giving it a card's
    proportions. Every card is a rectangle on any table, which a view stretched askew turns into a parallelogram,
    so one whole card laid tells the proportions a board's perspective left in doubt; its right angles are measured
    on the whole outline, its proportions less surely (blur, a corner cut off: `CARD_SHAPE`). None when no stretch
    makes it card-shaped."""
    best: tuple[tuple[float, float], float] | None = None
    for k in np.geomspace(span[0], span[1], STRETCH_STEPS):
        rect = _card_rect(outline, float(k))
        if rect is None:
            continue
        w, h, area = rect
        # A card along the view's axes stays a rectangle whatever the stretch: its proportions tell it then.
        rank = (round(area / (w * h), 3), -abs(np.log(max(w, h) / min(w, h) / CARD_ASPECT)))
        if best is None or rank > best[0]:
            best = (rank, float(k))
    return best[1] if best is not None else None


def _measure(outline: np.ndarray | None, stretch: float, span: tuple[float, float] | None
             ) -> tuple[float | None, float | None]:
    """The card area `outline` shows and, when `span` is given, the stretch it shows (else `stretch` is taken)."""
    if span is None:
        return card_area(outline, stretch), None
    seen = fit_stretch(outline, span)
    return (card_area(outline, seen), seen) if seen is not None else (None, None)


def locate_new_card(before: np.ndarray, after: np.ndarray, pile_polygon: np.ndarray, card_px: float | None = None,
                    threshold: int = CHANGE_GREY, min_changed: float = MIN_CHANGED, min_hull: float = MIN_HULL,
                    grow: float = 1.03, stretch: float | None = 1.0,
                    span: tuple[float, float] | None = None, opening: int = BLUR_PX) -> CardLocation | None:
    """Where a card appeared between two grey views of the pile (view pixels), or None if nothing did.

    Sizes are relative to `card_px`, one card's area on this table as measured from the cards laid so far: a card
    laid squarely on the one below still changes its indices and pips, so `min_changed` of a card is asked for,
    spread over `min_hull` of a card. Before any card was measured, the change must hold a card-shaped outline
    instead (its bright paper, the change itself, or what changed above the zone's own noise, which then changed all
    of it: an ace's ink alone may change less than `min_changed`), and the sizes are relative to it.
    The card is fitted on the table, whose x axis the view shows `stretch` times too short (None: not known yet,
    this card tells it); with `span`, the stretch this card's outline shows within it is measured too. `opening`: the
    side of the opening that clears the change of specks (a change it leaves too small on a table whose cards' index
    strokes are under a pixel is looked at again after `THIN_OPENING`)."""
    mask = polygon_mask(after.shape[:2], pile_polygon)
    smooth_before, smooth_after = cv2.GaussianBlur(before, (3, 3), 0), cv2.GaussianBlur(after, (3, 3), 0)
    diff = cv2.absdiff(smooth_before, smooth_after)
    changed = ((diff > threshold) & (mask > 0)).astype(np.uint8) * 255
    changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((opening, opening), np.uint8))
    zone = float(np.count_nonzero(mask))
    count = np.count_nonzero(changed)
    if count < 20:
        return None
    hull = cv2.convexHull(cv2.findNonZero(changed))
    outline = _bright_card(after, hull)
    known = stretch if stretch is not None else 1.0
    measured, seen = _measure(outline, known, span)
    if measured is None:  # no paper-bright card (a white cloth): a card laid alone changes its whole outline
        measured, seen = _measure(hull, known, span)
    for light in ((False, True) if measured is None and card_px is None else ()):
        # Paper of nearly the table's shade: only its ink changed that much.
        faint = _faint_outline(smooth_before, smooth_after, mask, count, hull, light)
        measured, seen = _measure(faint, known, span)
        if measured is not None:
            outline = hull = faint
            count = max(count, int(cv2.contourArea(faint)))
            break
    if card_px is not None:
        outline, measured, seen = _whole_card(after, hull, card_px, outline, (measured, seen), known, span)
    size = card_px
    if size is None:
        if measured is None or measured < zone / FEWEST_CARDS_IN_ZONE:
            return None
        size = measured
    if count < min_changed * size or cv2.contourArea(hull) < min_hull * size:
        if card_px is None or opening <= THIN_OPENING or np.sqrt(card_px / CARD_ASPECT) * THINNEST_STROKE >= 1.0:
            return None
        return locate_new_card(before, after, pile_polygon, card_px, threshold, min_changed, min_hull, grow, stretch,
                               span, THIN_OPENING)
    k = stretch if stretch is not None else seen if seen is not None else 1.0
    shape = _on_table(outline if outline is not None else hull, k)
    rect = cv2.minAreaRect(shape)
    (cx, cy), (w, h), angle = rect
    # The art and indices stop short of the card edge: grow a little, then widen to a card's aspect.
    long_, short = max(w, h) * grow, min(w, h) * grow
    long_, short = max(long_, short * CARD_ASPECT), max(short, long_ / CARD_ASPECT)
    w, h = (long_, short) if w > h else (short, long_)
    box = cv2.boxPoints(((cx, cy), (w, h), angle))
    skew = _perspective(rect, shape) if outline is not None else None
    if skew is not None:
        box = cv2.perspectiveTransform(box.reshape(-1, 1, 2).astype(np.float64), skew).reshape(-1, 2)
    return CardLocation(_portrait_order(box) / np.array([k, 1.0]), measured, seen)


UNEXPLAINED_SETTLES = 3
"""A change of the pile that is no card is compared again with the view before it this many times: a hand that
rested on the card it laid has gone by then, or the change is something else (light, a moved object) and is kept."""
WHOLE_CARD = (0.75, 1.3)
"""An outline counts as the whole new card when its area is within these shares of the card size measured."""
HELD_CARD = 1.5
"""A change whose card-shaped box covers more than this many card areas (measured on this table) is more than a card
lying on the pile, which changes at most its own outline (`WHOLE_CARD`): the hand laying it, or the card still held
above the pile (nearer the camera, so larger), is in it. Its card is read, and read again once it lies alone."""
AT_REST_INSIDE = 0.5
"""A card read while held comes to rest below where it was held: the change that shows it alone lies at least this
share (of its own box) inside the box read before. A card laid elsewhere is a new card."""
ON_TOP_INSIDE = 0.8
"""A change smaller than a card whose box lies at least this share inside the top card's lies on that card: the box
fitted around what changed sticks out of the card below by the widening to a card's aspect alone."""


def _card_sized(area: float | None, card_px: float | None) -> bool:
    """Whether an outline of `area` is one whole card on this table (`WHOLE_CARD` of `card_px`, the size measured)."""
    return area is not None and card_px is not None and WHOLE_CARD[0] * card_px <= area <= WHOLE_CARD[1] * card_px


def marked_on_top(location: CardLocation, top: CardLocation | None, card_px: float | None) -> CardLocation:
    """`location`, marked `on_top` when it has no outline of its own, is smaller than `WHOLE_CARD` of a card and lies
    within the top card (`ON_TOP_INSIDE`): a card laid squarely on it, or that card moving in its place (come to rest
    under where it was held, pushed), which changes the same pixels."""
    if location.outline_px is not None or top is None or card_px is None:
        return location
    area = _box_area(location)
    if area >= WHOLE_CARD[0] * card_px:
        return location
    inside, _ = cv2.intersectConvexConvex(location.corners.astype(np.float32), top.corners.astype(np.float32))
    return replace(location, on_top=True) if inside >= ON_TOP_INSIDE * area else location


def _whole_card(after: np.ndarray, hull: np.ndarray, card_px: float, outline: np.ndarray | None,
                measured: tuple[float | None, float | None], stretch: float, span: tuple[float, float] | None
                ) -> tuple[np.ndarray | None, float | None, float | None]:
    """The new card's whole outline: the bright region around the change, grown by a third of a card's side, when
    that region has a card's shape and size; else what was found. Laid squarely on the card below, a card changes
    only its pips and indices, whose hull is no card's outline."""
    margin = int(round(np.sqrt(card_px) / 3))
    region = np.zeros(after.shape[:2], np.uint8)
    cv2.fillConvexPoly(region, hull.reshape(-1, 2).astype(np.int32), 255)
    region = cv2.dilate(region, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * margin + 1, 2 * margin + 1)))
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    grown = _bright_card(after, cv2.convexHull(max(contours, key=cv2.contourArea)))
    area, seen = _measure(grown, stretch, span)
    if _card_sized(area, card_px):
        return grown, area, seen
    return outline, *measured


def _faint_outline(before: np.ndarray, after: np.ndarray, mask: np.ndarray, strong: int, strong_hull: np.ndarray,
                   light_by_patch: bool = False) -> np.ndarray | None:
    """The hull of the largest region of the zone that changed (`before` to `after`, both smoothed) by `FAINT_NOISE`
    times the zone's own noise, once the light's shift over the zone is taken off (with `light_by_patch`, the shift
    of each patch around a pixel: `LIGHT_PATCH`): a card laid alone on a table of nearly its shade, whose ink alone
    changed by `CHANGE_GREY` (`strong` pixels), shows its whole outline so, or at least its closed edge. Only a
    region that the faint change fills once its holes are filled (the card's paper, or the paper its edge closes;
    scattered ink is no outline) and that holds twice the strong change's pixels or more, or reaches beyond that
    change's hull (`strong_hull`) as a corner does (`FAINT_BEYOND`), counts: else that change was the card's outline
    already, and was no card's shape."""
    signed = after.astype(np.int16) - before
    if light_by_patch:
        side = int(LIGHT_PATCH * np.sqrt(np.count_nonzero(mask))) | 1
        shift = cv2.medianBlur(np.clip(signed + 128, 0, 255).astype(np.uint8), max(side, 5)).astype(np.int16) - 128
        inside = (signed - shift)[mask > 0]
        noise = 1.4826 * float(np.median(np.abs(inside)))
    else:
        inside = signed[mask > 0]
        shift = float(np.median(inside))
        noise = 1.4826 * float(np.median(np.abs(inside - shift)))
    changed = ((np.abs(signed - shift) > max(FAINT_NOISE * noise, 1.0)) & (mask > 0)).astype(np.uint8) * 255
    if not light_by_patch:   # by patch, what is sought is the card's edge, a line as thin as the blur
        changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    changed = cv2.morphologyEx(changed, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(changed, connectivity=8)
    if n <= 1:
        return None
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _ = cv2.findContours((labels == best).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = cv2.drawContours(np.zeros_like(changed), contours, -1, 255, cv2.FILLED)
    hull = cv2.convexHull(cv2.findNonZero(filled))
    area = float(np.count_nonzero(filled))
    if area < FAINT_FILL * cv2.contourArea(hull):
        return None
    if area < 2 * strong and _beyond(filled, strong_hull) < FAINT_BEYOND * area:
        return None
    return hull


def _beyond(region: np.ndarray, hull: np.ndarray) -> int:
    """Pixels of `region` (a mask) outside `hull`, in pieces wider than the view's blur (`BLUR_PX`)."""
    inside = cv2.fillConvexPoly(np.zeros_like(region), hull.reshape(-1, 2).astype(np.int32), 255)
    outside = ((region > 0) & (inside == 0)).astype(np.uint8)
    return int(np.count_nonzero(cv2.morphologyEx(outside, cv2.MORPH_OPEN, np.ones((BLUR_PX, BLUR_PX), np.uint8))))


def _bright_card(after: np.ndarray, hull: np.ndarray) -> np.ndarray | None:
    """The new card's own outline points: the paper-bright region inside the changed area.

    The changed area also holds the card's shadow (darker, so left out here); the cards underneath are hidden
    inside it, so what is bright there is the new card.
    """
    area = np.zeros(after.shape[:2], np.uint8)
    cv2.fillConvexPoly(area, hull.reshape(-1, 2).astype(np.int32), 255)
    values = after[area > 0]
    if values.size < 50:
        return None
    paper = float(np.percentile(values, 90))
    bright = ((after >= max(120.0, paper * 0.82)) & (area > 0)).astype(np.uint8) * 255
    bright = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(bright, connectivity=4)
    if n <= 1:
        return None
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[best, cv2.CC_STAT_AREA] < 0.5 * values.size:
        return None
    contours, _ = cv2.findContours((labels == best).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def _perspective(rect: tuple, outline: np.ndarray, max_shift: float = 0.15) -> np.ndarray | None:
    """The homography taking the card's fitted rectangle onto its true four sides, None when not measurable.

    Without a rectified view (zones tapped on the camera picture) a card is a slanted quadrilateral, not a
    rectangle: a rectangle fit misses its corners by several pixels, enough to cut an index or take in the
    card underneath. Each side is refitted as a line through the outline points along its middle (the rounded
    corners left out); the corners are where the lines meet.
    """
    box = cv2.boxPoints(rect).astype(np.float64)
    pts = outline.reshape(-1, 2).astype(np.float64)
    short = min(rect[1])
    if short < 10:
        return None
    lines = []
    for i in range(4):
        a, b = box[i], box[(i + 1) % 4]
        along = b - a
        length = float(np.hypot(*along))
        u = along / length
        n = np.array([-u[1], u[0]])
        t = (pts - a) @ u / length
        s = (pts - a) @ n
        near = pts[(t > 0.2) & (t < 0.8) & (np.abs(s) < 0.15 * short)]
        if len(near) < 5:
            return None
        vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append(np.cross([x0, y0, 1.0], [x0 + vx, y0 + vy, 1.0]))
    corners = []
    for i in range(4):
        p = np.cross(lines[i - 1], lines[i])
        if abs(p[2]) < 1e-9:
            return None
        corners.append(p[:2] / p[2])
    quad = np.array(corners)
    if np.abs(quad - box).max() > max_shift * short:
        return None
    return cv2.getPerspectiveTransform(box.astype(np.float32), quad.astype(np.float32)).astype(np.float64)


def _portrait_order(box: np.ndarray) -> np.ndarray:
    """Corners in order with the first side short, so the crop is portrait (180 degrees do not matter)."""
    pts = np.asarray(box, np.float64)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)
    return pts


def crop_matrix(location: CardLocation, view_from_image: np.ndarray, size: tuple[int, int] = CROP_SIZE) -> np.ndarray:
    """Homography camera image -> upright card crop (so the crop needs one warp of a small region)."""
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    crop_from_view = cv2.getPerspectiveTransform(location.corners.astype(np.float32), dst)
    return crop_from_view @ view_from_image


def crop_card(image: np.ndarray, location: CardLocation, view_from_image: np.ndarray,
              size: tuple[int, int] = CROP_SIZE) -> np.ndarray:
    return cv2.warpPerspective(image, crop_matrix(location, view_from_image, size), size, flags=cv2.INTER_AREA)


@dataclass
class PileWatcher:
    """Compares settled pile views, reads a new card over `confirm_frames` still frames, votes."""

    polygon: np.ndarray
    identify: Identify
    confirm_frames: int = 3
    sure: float = 0.85
    """Two agreeing reads at least this sure end the confirmation early (lower latency)."""
    rename_floor: float = 0.3
    """A card read while held, unsurely, is the card read next in its place after its hand came back when its read
    scored that card within this share of its own (`WatchConfig.rename_floor`, the floor of every rename)."""
    prior: Prior | None = None
    inks: DeckInks | None = None
    """The deck's suit inks learnt so far: a read whose ink is another suit's colour weighs its suit down."""
    pip_shapes: PipShapes | None = None
    """The deck's pip notches per suit learnt so far: a number card whose face shows another suit's weighs less."""
    _reference: np.ndarray | None = None
    _before: np.ndarray | None = None
    """The settled view before the card being read landed (to find it again after an interrupted read)."""
    _location: CardLocation | None = None
    _reads: list[dict[str, float]] = field(default_factory=list)
    _inks: list[Ink | None] = field(default_factory=list)
    _figures: list[bool] = field(default_factory=list)
    """Per frame read of a card located by its own outline, whether its face showed a figure (`vision.figures`)."""
    _pips: list[tuple[int, ...]] = field(default_factory=list)
    """Per such frame, the notches of each pip its face showed (`vision.pips`)."""
    _signs: list[np.ndarray | None] = field(default_factory=list)
    """Per such frame, the suit sign of its index (`vision.signs`)."""
    top: str | None = None
    top_location: CardLocation | None = None
    top_sure: bool = False
    """Whether the top card's read was sure (`_sure`)."""
    card_px: float | None = None
    """One card's area in view pixels on this table: the median of the card-shaped outlines seen laid."""
    _card_sizes: list[float] = field(default_factory=list)
    stretch_span: tuple[float, float] = (1.0, 1.0)
    """How much longer along x the table may be than the view shows (`Calibration.stretch_span`)."""
    stretch: float | None = None
    """How much longer along x the table is than the view shows: the median of what the whole cards laid showed,
    None before one was (1 when the view is a true top-down view)."""
    _stretches: list[float] = field(default_factory=list)
    _unexplained: int = 0
    """Settles in a row whose change of the pile was no card (a hand resting on the card it laid)."""
    _held: tuple[np.ndarray, CardLocation, PileRead] | None = None
    """The view before the card read last, where it was read and what it was read as, when a hand was over it then
    (`HELD_CARD`)."""
    _held_revoked: bool = False
    """`_held` is a card whose settle was revoked (`revoked`), not one whose hand was seen with it."""
    _laid: tuple[np.ndarray, CardLocation, PileRead] | None = None
    """The view before the card read last, where it was read and what it was read as, until the next settle: the
    settle it was read on may yet be revoked (`revoked`)."""
    _resting: bool = False
    """The read in progress is of the card read last, now lying alone (`PileRead.at_rest`)."""
    _unsure_held: PileRead | None = None
    """While `_resting` after the hand came back, or after a revoked settle: the read of the card held
    (`_still_held`)."""

    def measured_before(self, previous: PileWatcher) -> None:
        """Keep the card sizes `previous` measured, in this watcher's view (a new calibration of the same table), and
        the stretch it measured when the view leaves the same doubt (the same board).

        Both views show the table plane from above, each a similarity of it (the mat's markers, or the board's
        corners), so every area on the table, a card's as the pile zone's, changes between them by one factor:
        the ratio of the pile zone's areas, the same stretch of table in both (the mat's layout, the same file).
        A camera-picture view is no similarity, but cards are measured and used inside the pile zone alone, where
        the zone's ratio is the local one."""
        factor = _zone_area(self.polygon) / _zone_area(previous.polygon)
        self._card_sizes = [a * factor for a in previous._card_sizes]
        self.card_px = previous.card_px * factor if previous.card_px is not None else None
        if previous.stretch_span == self.stretch_span:
            self._stretches, self.stretch = list(previous._stretches), previous.stretch

    def same_card_nudged(self, read: PileRead, on_pile: Collection[str] = ()) -> bool:
        """The top card straightened, pushed or come to rest: not a new play. Either the same name at the same place,
        or the same name anywhere when both reads were sure (the deck holds one card of each name: a card held over
        the pile, read, then dropped a little apart), or a change within the top card (`marked_on_top`) whose reads
        did not all agree at `sure`: a card laid squarely on the top card shows its indices there, while the top
        card moving in its place shows parts of cards. Or a read that surely showed the top card and no new card
        surely (`_as_top`; `on_pile`: the cards on the pile)."""
        if read.location is None or self.top_location is None:
            return False
        if read.location.on_top and not self._sure(read):
            return True
        if self._as_top(read, on_pile) is not read:
            return True
        if read.card == self.top and self.top_sure and self._sure(read):
            return not self._still_lies_there(read)
        return read.card == self.top and overlap(read.location, self.top_location) > 0.85

    def _as_top(self, read: PileRead, on_pile: Collection[str]) -> PileRead:
        """`read` named as the top card when it is no card's own outline, every frame scored the top card surely, and
        the card it names is no new card surely read (no frame named it, or it lies on the pile already). A card laid
        lies whole and shows its outline; a change that is none shows parts of cards, and the rules weigh every card
        on the pile down, the top card too: a crop there that surely shows the card laid last and nothing new is that
        card again, moved by the hand that laid it, or uncovered as the hand left it."""
        if read.location is None or read.location.outline_px is not None:
            return read
        if self.top is None or read.card == self.top or self.top not in read.shown_surely:
            return read
        if read.votes and read.card not in on_pile:
            return read
        return replace(read, card=self.top, confidence=read.shown_surely[self.top], votes=read.reads)

    def _still_lies_there(self, read: PileRead) -> bool:
        """Whether the top card still lies where it was read, away from `read`'s place: its place outside `read`'s
        box, at least `MIN_HULL` of a card, changed in less than `MIN_CHANGED` of it since the last settled view. A
        card that left a place changes it at least as much as a card laid squarely on another changes the card; one
        card cannot lie in two places, so `read` is another card, and one of the two reads is wrong."""
        if (self.card_px is None or self._before is None or self._reference is None or read.location is None
                or self.top_location is None):
            return False
        shape = self._reference.shape[:2]
        left = (polygon_mask(shape, self.top_location.corners) > 0) & (polygon_mask(shape, read.location.corners) == 0)
        area = int(np.count_nonzero(left))
        if area < MIN_HULL * self.card_px:
            return False
        changed = cv2.absdiff(self._before, self._reference)[left] > CHANGE_GREY
        return int(np.count_nonzero(changed)) < MIN_CHANGED * area

    def lay(self, read: PileRead) -> None:
        """`read` is the new top card."""
        self.top, self.top_location, self.top_sure = read.card, read.location, self._sure(read)

    def moved(self, read: PileRead, on_pile: Collection[str] = ()) -> None:
        """The top card was read again where it lies now (`same_card_nudged`): later reads are compared there."""
        if self._as_top(read, on_pile).card == self.top:
            self.top_location = read.location

    @property
    def reading(self) -> bool:
        return self._location is not None

    def baseline(self, view_grey: np.ndarray) -> None:
        self._reference = view_grey.copy()
        self._held, self._held_revoked, self._laid = None, False, None
        self._start(None)

    def settled(self, view_grey: np.ndarray, came_back: bool = False) -> bool:
        """A settled view: start reading if the pile changed. True when a read has started. `came_back`: a hand
        visited the pile again since the last settled view, so a card read while held has not merely come to rest,
        unless its read was unsure and the card read now is one it scored closely (`_still_held`)."""
        if self._reference is None:
            self.baseline(view_grey)
            return False
        held, self._held, self._laid = self._held, None, None
        revoked, self._held_revoked = self._held_revoked, False
        unsure = held is not None and came_back and not self._sure(held[2])
        if held is not None and (not came_back or unsure) and \
                (rest := self._at_rest(held, view_grey, whole=revoked)) is not None:
            self._unexplained = 0
            self._before, self._reference = held[0], view_grey.copy()
            self._start(rest, resting=True)
            self._unsure_held = held[2] if came_back or revoked else None
            return True
        loc = self._locate(self._reference, view_grey)
        if loc is None and self._unexplained < UNEXPLAINED_SETTLES and self._changed(view_grey):
            self._unexplained += 1   # keep the reference: the next settle compares the card alone with it
            return False
        self._unexplained = 0
        self._before, self._reference = self._reference, view_grey.copy()
        if loc is None:
            return False
        loc = marked_on_top(loc, self.top_location, self.card_px)
        if loc.outline_px is not None:
            self._card_sizes.append(loc.outline_px)
            self.card_px = float(np.median(self._card_sizes))
        if loc.stretch is not None:
            self._stretches.append(loc.stretch)
            self.stretch = float(np.median(self._stretches))
        self._start(loc)
        if unsure and held is not None and self._below(loc, held[1]):
            self._resting, self._unsure_held = True, held[2]
        return True

    def _locate(self, before: np.ndarray, view_grey: np.ndarray) -> CardLocation | None:
        """The card laid since `before`. A change of more than a card (`HELD_CARD`) may be the light that changed
        over the whole zone as it landed: compared under the same light (`relit`), the card alone is that card."""
        loc = self._locate_in(before, view_grey)
        if loc is None or not self._more_than_a_card(loc):
            return loc
        alone = self._locate_in(relit(before, view_grey, self.polygon), view_grey)
        return alone if alone is not None and not self._more_than_a_card(alone) else loc

    def _locate_in(self, before: np.ndarray, view_grey: np.ndarray) -> CardLocation | None:
        doubt = self.stretch_span != (1.0, 1.0)
        return locate_new_card(before, view_grey, self.polygon, self.card_px, stretch=self.stretch if doubt else 1.0,
                               span=self.stretch_span if doubt else None)

    def _more_than_a_card(self, location: CardLocation) -> bool:
        """Whether `location`'s box covers more than `HELD_CARD` card areas (never before a card was measured)."""
        return self.card_px is not None and _box_area(location) > HELD_CARD * self.card_px

    def _sure(self, read: PileRead) -> bool:
        """Whether every frame of `read` named its card, at least `sure` on average."""
        return read.votes == read.reads and read.confidence >= self.sure

    def _still_held(self, held: PileRead | None, card: str) -> bool:
        """Whether `card`, read where the card held lay, is that card come to rest: always when no hand came back
        (`held` None), else when the held read, unsure, scored `card` within `rename_floor` of its own. A hand that
        came back may have laid another card squarely on the one it held (a 7♣ on the 6♦), which its read of the card
        held does not name; a hand that swept a box on its way may have nudged the pile, so the change since before
        the card held is no longer that card alone, and the card is found as any new card is."""
        return held is None or card == held.card or (
            held.card is not None and read_share(held.evidence, held.card, card) >= self.rename_floor)

    def _at_rest(self, held: tuple[np.ndarray, CardLocation, PileRead], view_grey: np.ndarray, whole: bool = False
                 ) -> CardLocation | None:
        """Where the card read while held lies now, when the pile changed since the view before it by that one card
        alone, below where it was held (`AT_REST_INSIDE`); else None. With `whole` (a revoked settle: no hand was
        seen with the card, and the next may have come with no calm in between), only the card's own outline, a
        card's size (`WHOLE_CARD`), is that card alone: two cards laid apart show no card's outline."""
        before, where, _ = held
        loc = self._locate(before, view_grey)
        if loc is None or not self._below(loc, where):
            return None
        return loc if not whole or _card_sized(loc.outline_px, self.card_px) else None

    def _below(self, location: CardLocation, held: CardLocation) -> bool:
        """Whether `location` is one card lying below where a card was held (`AT_REST_INSIDE`)."""
        if self._more_than_a_card(location):
            return False
        inside, _ = cv2.intersectConvexConvex(location.corners.astype(np.float32), held.corners.astype(np.float32))
        return inside >= AT_REST_INSIDE * _box_area(location)

    def _changed(self, view_grey: np.ndarray) -> bool:
        """Whether the pile changed by more than a card's indices would (a card's 4 %, or before a card was
        measured, the 256th of the zone)."""
        assert self._reference is not None
        mask = polygon_mask(view_grey.shape[:2], self.polygon) > 0
        count = int(np.count_nonzero((cv2.absdiff(self._reference, view_grey) > CHANGE_GREY) & mask))
        floor = MIN_CHANGED * self.card_px if self.card_px is not None else np.count_nonzero(mask) / 256
        return count >= floor

    def read(self, image: np.ndarray, view_from_image: np.ndarray) -> PileRead | None:
        """Identify the pending card on one more still frame; the verdict once enough frames were read."""
        if self._location is None:
            return None
        crop = crop_card(image, self._location, view_from_image)
        self._reads.append(as_scores(self.identify(crop)))
        # The ink and the face are taken from the crop: only a card located by its own outline surely has its
        # indices at its corners and its face alone inside (a crop placed around the ink that changed may put the
        # card below's edge or art there).
        own = self._location.outline_px is not None
        self._inks.append(index_ink(crop) if own else None)
        if own:
            face = face_ink(crop)
            self._figures.append(shows_figure(crop, face))
            self._pips.append(pip_notches(crop, face))
            self._signs.append(index_sign(crop))
        tops = [max(r.items(), key=lambda kv: kv[1], default=(None, 0.0)) for r in self._reads]
        agreed = len(tops) >= 2 and len({c for c, _ in tops}) == 1 and min(p for _, p in tops) >= self.sure
        if len(self._reads) < self.confirm_frames and not agreed:
            return None
        return self._verdict()

    def _start(self, location: CardLocation | None, resting: bool = False) -> None:
        """Begin reading the card at `location` (None: no card pending): nothing read of it yet."""
        self._location, self._reads, self._inks, self._figures, self._pips, self._signs = location, [], [], [], [], []
        self._resting, self._unsure_held = resting, None

    def interrupted(self) -> None:
        """Motion resumed before the card was confirmed: read it again once the table settles.

        A hand resting on the card can look settled, and a crop that takes in a fingertip and the card beneath
        can be read surely as another card. The reads so far are dropped and the next
        settled view is compared with the view before the card, so the card is found and read without the hand.
        """
        if self._location is not None:
            self._reference = self._before
            self._start(None)

    def revoked(self) -> None:
        """The settle the card read last was read on ended sooner than a settle takes: the hand laying it was still on
        it, hiding part of it, so it is a card read while held (`HELD_CARD`), read again once it lies alone. Compared
        with that view instead, the part the hand hid would be a card laid. The next hand may come with no calm in
        between: only the card's own outline is that card alone (`_at_rest`), and even then the next card may lie
        squarely on it, so the card read there is that card only when the first read named it or scored it closely
        (`_still_held`)."""
        if self._laid is not None and self._held is None and not self.reading:
            self._held, self._held_revoked = self._laid, True
        self._laid = None

    def abort(self) -> PileRead | None:
        """The source ended before all confirming reads: decide on what was read, if anything."""
        return self._verdict() if self._reads else None

    def _verdict(self) -> PileRead:
        """The card with the highest summed score, times its prior, ink and face weights; its confidence is its mean
        score."""
        reads, location, ink, resting, figures, pips, signs = (self._reads, self._location, mean_ink(self._inks),
                                                               self._resting, self._figures, tuple(self._pips),
                                                               tuple(self._signs))
        unsure_held = self._unsure_held
        self._start(None)
        totals: Counter = Counter()
        for scores in reads:
            totals.update(scores)
        if not totals:
            return PileRead(None, 0.0, 0, len(reads), location, ink=ink, at_rest=resting, pips=pips, signs=signs)
        weights = dict(self.prior()) if self.prior is not None else {}
        if self.inks is not None:
            for card, w in self.inks.card_weights(ink, list(totals)).items():
                weights[card] = weights.get(card, 1.0) * w
        for card, w in figure_weights(figures, totals).items():
            weights[card] = weights.get(card, 1.0) * w
        if self.pip_shapes is not None:
            for card, w in self.pip_shapes.card_weights(pips, totals).items():
                weights[card] = weights.get(card, 1.0) * w
        card = max(totals, key=lambda c: (totals[c] * weights.get(c, 1.0), totals[c]))
        votes = sum(1 for scores in reads if max(scores, key=scores.__getitem__, default=None) == card)
        evidence = {c: total * weights.get(c, 1.0) / len(reads) for c, total in totals.items()}
        shown = {c: total / len(reads) for c, total in totals.items()
                 if all(scores.get(c, 0.0) >= self.sure for scores in reads)}
        read = PileRead(card, min(1.0, totals[card] / len(reads)), votes, len(reads), location, evidence, ink,
                        resting and self._still_held(unsure_held, card), pips, signs, shown)
        if location is not None and not resting and self._before is not None:
            self._laid = (self._before, location, read)
            if self._more_than_a_card(location):
                self._held = self._laid
        return read
