"""The locate stage: where the new top card lies in the pile zone, and its upright crop.

The changed pixels between two settled views of the pile lie on the new card (whatever it covers is hidden
now), so their rotated bounding rectangle, slightly grown, is the new card; its own outline, when it shows whole,
measures the card on this table. The crop is taken straight from the camera image through the calibration (one
small warp). Pure functions of the views: `vision.pile` keeps the state across settles and reads the crops.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.boxes import polygon_mask

CARD_ASPECT = 88.0 / 63.0
"""A standard card's long side over its short side (88 x 63 mm), whatever the pack's size."""
CROP_SIZE = (128, 180)
"""Width, height of the upright card crop handed to the recogniser."""


def card_short_side(card_px: float) -> float:
    """A card's short side in view pixels from its measured area: every standard pack has the 63 x 88 mm shape."""
    return math.sqrt(card_px / CARD_ASPECT)


def card_long_side(card_px: float) -> float:
    """A card's long side in view pixels from its measured area, by the same shape."""
    return math.sqrt(card_px * CARD_ASPECT)


@dataclass(frozen=True)
class CardLocation:
    corners: np.ndarray
    """4 x 2 corners in view pixels, ordered so that the crop is portrait."""
    outline_px: float | None = None
    """The area of the card's own outline when it was seen whole and card-shaped (a measure of the card size)."""
    stretch: float | None = None
    """How much longer along x the table is than the view shows, as this card's outline tells it (when asked)."""
    on_top: bool = False
    """A change smaller than a card, within the top card (`vision.pile.marked_on_top`)."""


def box_area(location: CardLocation) -> float:
    """The area of a location's box in view pixels: what the watcher compares with a card's measured area."""
    return abs(float(cv2.contourArea(np.asarray(location.corners, np.float32))))


def intersection(a: CardLocation, b: CardLocation) -> float:
    """The area two card outlines share, in view pixels."""
    inter, _ = cv2.intersectConvexConvex(a.corners.astype(np.float32), b.corners.astype(np.float32))
    return float(inter)


def overlap(a: CardLocation, b: CardLocation) -> float:
    """Intersection over union of two card outlines (a nudged card overlaps itself almost fully)."""
    inter = intersection(a, b)
    union = box_area(a) + box_area(b) - inter
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
FAINT_EDGE = 0.65
"""A faint change that does not fill its hull still outlines a card when it runs along this share of that hull's edge:
paper of the table's own shade shows no edge where the light falls square on it, only where the card shades the
table or carries a printed border, so its change may be three of its sides (0.71 to 0.79 of its edge), while the ink
of two cards laid one on the other lies scattered inside theirs."""
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


def zone_area(polygon: np.ndarray) -> float:
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
        if card_px is None or opening <= THIN_OPENING or card_short_side(card_px) * THINNEST_STROKE >= 1.0:
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

WHOLE_CARD = (0.75, 1.3)
"""An outline counts as the whole new card when its area is within these shares of the card size measured."""


def card_sized(area: float | None, card_px: float | None) -> bool:
    """Whether an outline of `area` is one whole card on this table (`WHOLE_CARD` of `card_px`, the size measured)."""
    return area is not None and card_px is not None and WHOLE_CARD[0] * card_px <= area <= WHOLE_CARD[1] * card_px


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
    if card_sized(area, card_px):
        return grown, area, seen
    return outline, *measured


def _faint_outline(before: np.ndarray, after: np.ndarray, mask: np.ndarray, strong: int, strong_hull: np.ndarray,
                   light_by_patch: bool = False) -> np.ndarray | None:
    """The hull of the largest region of the zone that changed (`before` to `after`, both smoothed) by `FAINT_NOISE`
    times the zone's own noise, once the light's shift over the zone is taken off (with `light_by_patch`, the shift
    of each patch around a pixel: `LIGHT_PATCH`): a card laid alone on a table of nearly its shade, whose ink alone
    changed by `CHANGE_GREY` (`strong` pixels), shows its whole outline so, or at least most of its edge. Only a
    region that the faint change fills once its holes are filled (the card's paper, or the paper its edge closes;
    scattered ink is no outline) or that runs along most of its hull's edge (`FAINT_EDGE`), and that holds twice the
    strong change's pixels or more, or reaches beyond that change's hull (`strong_hull`) as a corner does
    (`FAINT_BEYOND`), counts: else that change was the card's outline already, and was no card's shape."""
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
    if area < FAINT_FILL * cv2.contourArea(hull) and _edge_share(filled, hull) < FAINT_EDGE:
        return None
    if area < 2 * strong and _beyond(filled, strong_hull) < FAINT_BEYOND * area:
        return None
    return hull


def _edge_share(region: np.ndarray, hull: np.ndarray) -> float:
    """The share of `hull`'s edge that `region` (a mask) runs along, within the view's blur (`BLUR_PX`)."""
    edge = cv2.polylines(np.zeros_like(region), [hull.reshape(-1, 1, 2).astype(np.int32)], True, 255, 1)
    near = cv2.dilate(region, np.ones((2 * BLUR_PX + 1, 2 * BLUR_PX + 1), np.uint8))
    return float(np.count_nonzero((edge > 0) & (near > 0))) / max(np.count_nonzero(edge), 1)


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
