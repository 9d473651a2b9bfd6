"""Who played: the seat whose edge the arm crossed, checked against what the rules allow.

During a motion episode every moving blob is labelled; a blob that reaches a target zone (the pile, a box) is
an arm at work there, and the seats it overlaps are where it came from. Evidence is accumulated per target, so
when the scene settles the pipeline asks "who reached the pile?" or "who reached the QS box?". When the
strongest seat is not clearly ahead, or the rules say that player cannot be playing, the answer is
`player=None` with candidates for the phone to ask.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import cv2
import numpy as np

CORRIDOR_WEIGHT = 3.0
"""The corridor a whole motion swept outweighs the pieces seen frame by frame: those point wherever a piece of
arm happens to end, the corridor where the arm came from."""

SHOULDER_CARDS = 5.0
"""A seated player's shoulder lies about five card lengths (44 cm) beyond the middle of their place, away from the
play: a body's size counted in the cards on the table, so it holds at any camera distance and table size."""

PLACE_ELONGATED = 1.25
"""A place drawn this much longer than deep was drawn along its player's table edge, so the player sits beyond its
long side; a squarer place says only that its player sits beyond it, away from the play."""


def outer_half(seat_mask: np.ndarray, play_hull: np.ndarray, keep: float = 0.4) -> np.ndarray:
    """The part of a seat zone farthest from the play area (pile and boxes): the table edge an arm comes from.

    An arm reaching across the table passes over the inner part of other seats' zones, never over their
    outer edge, so only the outer half counts as evidence of where an arm comes from.
    """
    inside = np.full(seat_mask.shape, 255, np.uint8)
    cv2.fillConvexPoly(inside, np.round(cv2.convexHull(play_hull.astype(np.float32))).astype(np.int32), 0)
    dist = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    values = dist[seat_mask > 0]
    if values.size == 0:
        return seat_mask
    out = np.zeros_like(seat_mask)
    out[(seat_mask > 0) & (dist >= np.quantile(values, 1.0 - keep))] = 255
    return out


@dataclass(frozen=True)
class Attribution:
    player: str | None
    candidates: tuple[str, ...]
    evidence: dict[str, float]
    nearby: tuple[str, ...] = ()
    """Seats by how near they are to where the arm came from: if not the first, most likely the next."""
    margin: float = float("inf")
    """How much nearer (view pixels) the nearest seat is than the next: small when the arm came in between two."""


def outward(zone: np.ndarray, play_centre: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A place's middle and the unit direction, away from the play, in which its player sits (`PLACE_ELONGATED`)."""
    pts = np.argwhere(zone > 0)[:, ::-1].astype(np.float32)
    middle = pts.mean(axis=0).astype(np.float64)
    away = middle - play_centre
    corners = cv2.boxPoints(cv2.minAreaRect(pts)).astype(np.float64)
    sides = [corners[1] - corners[0], corners[2] - corners[1]]
    short, long_ = sorted(sides, key=lambda v: float(np.hypot(*v)))
    if np.hypot(*long_) >= PLACE_ELONGATED * max(float(np.hypot(*short)), 1.0):
        away = short if float(short @ away) >= 0 else -short
    norm = float(np.hypot(*away))
    return middle, away / norm if norm > 0 else np.array([0.0, -1.0])


@dataclass
class ArmTracker:
    """Accumulates, per target zone, how much moving arm overlapped each seat during one episode."""

    seat_masks: dict[str, np.ndarray]
    target_masks: dict[str, np.ndarray]
    seat_zones: dict[str, np.ndarray] | None = None
    """Whole seat zones, for pointing: where the arm's line leads when its root is not visible."""
    evidence: dict[str, dict[str, float]] = field(default_factory=dict)
    card_length: float | None = None
    """A card's long side in this view's pixels, once measured: sets how far beyond its place a player's shoulder
    lies (`SHOULDER_CARDS`). Until then an arm leaving the picture goes to the seat nearest where it leaves."""

    def __post_init__(self) -> None:
        self._seat_bool = {s: m > 0 for s, m in self.seat_masks.items()}
        self._target_bool = {t: m > 0 for t, m in self.target_masks.items()}
        self._centres = {t: np.argwhere(m)[:, ::-1].mean(axis=0) for t, m in self._target_bool.items() if m.any()}
        self._names = list(self.seat_masks)
        shape = next(iter(self.target_masks.values())).shape
        self._zone_index = np.zeros(shape, np.int16)
        self._seat_distance: dict[str, np.ndarray] = {}
        play = np.maximum.reduce([m.astype(np.uint8) for m in self._target_bool.values()])
        play_centre = np.argwhere(play)[:, ::-1].mean(axis=0) if play.any() else np.array(shape[::-1]) / 2
        self._outward: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for i, name in enumerate(self._names, start=1):
            zone = (self.seat_zones or self.seat_masks)[name]
            self._zone_index[zone > 0] = i
            self._seat_distance[name] = cv2.distanceTransform(np.where(zone > 0, 0, 255).astype(np.uint8),
                                                              cv2.DIST_L2, 3)
            if zone.any():
                self._outward[name] = outward(zone, play_centre)
        self.reset()

    def _by_shoulder(self, tip: np.ndarray, root: np.ndarray) -> list[tuple[float, str]]:
        """(distance, seat) from the arm's line, drawn from the hand at work out through its root, to each player's
        shoulder, nearest first: an arm runs straight from its shoulder, however it slants across other places."""
        u = root - tip
        u /= max(float(np.hypot(*u)), 1e-9)
        ranked = []
        for name, (middle, away) in self._outward.items():
            shoulder = middle + away * SHOULDER_CARDS * float(self.card_length or 0.0)
            v = shoulder - tip
            along = float(v @ u)
            ranked.append((float(abs(v[0] * u[1] - v[1] * u[0])) if along > 0 else float(np.hypot(*v)), name))
        return sorted(ranked)

    def _tip(self, pts: np.ndarray, target: str) -> np.ndarray:
        """Where the hand works: the arm's pixels in the target zone (a zone drawn loosely holds more than a card)."""
        target_mask = self._target_bool[target]
        xs, ys = pts[:, 0].astype(np.int64), pts[:, 1].astype(np.int64)
        inside = target_mask[ys, xs]
        return pts[inside].mean(axis=0) if inside.any() else self._centres[target]

    def _arm_line(self, pts: np.ndarray, target: str) -> tuple[np.ndarray, np.ndarray] | None:
        """(tip, root) of an arm at work on `target`: where its hand works and where it comes from. None when the
        root lies inside the target zone: an arm comes in from beyond the zone it works in, so motion wholly inside
        it (a hand or a card moving there while the arm holds still) points nowhere."""
        centre = self._centres.get(target)
        if centre is None or len(pts) < 10:
            return None
        root = self._root(pts, centre)     # a mean of the view's own pixels: inside the view
        if self._target_bool[target][int(round(root[1])), int(round(root[0]))]:
            return None
        return self._tip(pts, target), root

    def _pointed_seat(self, line: tuple[np.ndarray, np.ndarray], target: str) -> str | None:
        """Follow the arm from the target out through its far end to the seat it comes from.

        Once a card's size is known, that is the seat whose player's shoulder the arm's line passes nearest
        (`_by_shoulder`). Before, the line is walked to the first seat zone it meets, and when it leaves the picture
        without meeting one (tapped seats stop short of the picture edge), the seat nearest where it leaves.
        """
        tip, root = line
        if self.card_length and self._outward:
            return self._by_shoulder(tip, root)[0][1] if float(np.hypot(*(root - tip))) >= 3 else None
        u = root - self._centres[target]
        norm = float(np.hypot(*u))
        if norm < 3:
            return None
        u /= norm
        seat, exit_point = self._first_seat(root, u, range(0, 2 * sum(self._zone_index.shape), 2))
        if seat is not None or exit_point is None:
            return seat
        x, y = int(exit_point[0]), int(exit_point[1])
        return min(self._seat_distance, key=lambda name: self._seat_distance[name][y, x])

    @staticmethod
    def _root(pts: np.ndarray, centre: np.ndarray) -> np.ndarray:
        """The mean of an arm's pixels farthest from the target: where it comes from, not the hand at work."""
        d = np.hypot(pts[:, 0] - centre[0], pts[:, 1] - centre[1])
        return pts[d >= np.quantile(d, 0.9)].mean(axis=0)

    def _first_seat(self, start: np.ndarray, u: np.ndarray, steps: range) -> tuple[str | None, np.ndarray | None]:
        """The first seat zone met walking from `start` along `u` by `steps` pixels, else the last point in the
        picture (None when the walk never was in it)."""
        h, w = self._zone_index.shape
        last = None
        for step in steps:
            x, y = int(start[0] + u[0] * step), int(start[1] + u[1] * step)
            if not (0 <= x < w and 0 <= y < h):
                return None, last
            k = int(self._zone_index[y, x])
            if k:
                return self._names[k - 1], None
            last = np.array([x, y], np.float64)
        return None, last

    def reset(self) -> None:
        self.evidence = {t: {s: 0.0 for s in self.seat_masks} for t in [*self.target_masks, "any"]}
        self._swept = np.zeros(self._zone_index.shape, np.uint8)
        self._arms_at: dict[str, list[tuple[tuple[np.ndarray, np.ndarray], float]]] = {t: [] for t in self.target_masks}
        """Per target, each frame's arm at work there (its line, its size): weighed when the player is asked for,
        with the card size known by then."""

    def _path(self, target: str) -> np.ndarray | None:
        """(x, y) of the whole motion's path to `target`: the largest region the episode's motion swept there."""
        n, labels = cv2.connectedComponents(self._swept, connectivity=8)
        touching = np.unique(labels[self._target_bool[target]])
        touching = touching[touching > 0]
        if touching.size == 0:
            return None
        sizes = np.bincount(labels.ravel(), minlength=n)
        ys, xs = np.nonzero(labels == int(touching[np.argmax(sizes[touching])]))
        return np.stack([xs, ys], axis=1).astype(np.float64)

    def feed(self, motion_mask: np.ndarray) -> None:
        if not motion_mask.any():
            return
        # Close the gaps inside a moving arm (uniform skin shows motion mostly at its edges).
        joined = cv2.dilate(motion_mask, np.ones((3, 3), np.uint8))
        self._swept |= joined
        n, labels = cv2.connectedComponents(joined, connectivity=8)
        if n <= 1:
            return
        per_seat = {s: np.bincount(labels[m], minlength=n).astype(np.float64) for s, m in self._seat_bool.items()}
        for s, counts in per_seat.items():
            self.evidence["any"][s] += float(counts[1:].sum())
        sizes = np.bincount(labels.ravel(), minlength=n)
        for t, m in self._target_bool.items():
            touching = np.unique(labels[m])
            touching = touching[touching > 0]
            if touching.size == 0:
                continue
            for s, counts in per_seat.items():
                self.evidence[t][s] += float(counts[touching].sum())
            # The biggest blob at the target is the arm at work: its size goes to the seat it points at.
            arm = int(touching[np.argmax(sizes[touching])])
            ys, xs = np.nonzero(labels == arm)
            line = self._arm_line(np.stack([xs, ys], axis=1).astype(np.float64), t)
            if line is not None:
                self._arms_at[t].append((line, float(sizes[arm])))

    def attribute(self, target: str, allowed: list[str] | tuple[str, ...], min_pixels: float = 12.0,
                  ratio: float = 2.0) -> Attribution:
        ev = dict(self.evidence.get(target) or self.evidence["any"])
        for line, size in self._arms_at.get(target, []):
            pointed = self._pointed_seat(line, target)
            if pointed is not None:
                ev[pointed] = ev.get(pointed, 0.0) + size
        if not any(ev.values()):
            ev = self.evidence["any"]
        # The corridor the whole motion swept from the player's edge to the target: an arm whose skin matches the
        # table shows only in pieces on any one frame (the sleeve, the fingers), which together sweep that path.
        path = self._path(target) if target in self._target_bool else None
        line = self._arm_line(path, target) if path is not None else None
        seat = self._pointed_seat(line, target) if line is not None else None
        if path is not None and seat is not None:
            ev = {**ev, seat: ev.get(seat, 0.0) + CORRIDOR_WEIGHT * len(path)}
        verdict = decide(ev, allowed, min_pixels, ratio)
        if line is None:
            return verdict
        tip, root = line
        if self.card_length and self._outward:
            ranked = self._by_shoulder(tip, root)
        else:
            x, y = (int(round(v)) for v in root)
            ranked = sorted((float(self._seat_distance[name][y, x]), name) for name in self._seat_distance)
        nearby = tuple(name for _, name in ranked)
        margin = ranked[1][0] - ranked[0][0] if len(ranked) > 1 else float("inf")
        return dataclasses.replace(verdict, nearby=nearby, margin=margin)


def decide(evidence: dict[str, float], allowed: list[str] | tuple[str, ...], min_pixels: float = 12.0,
           ratio: float = 2.0) -> Attribution:
    """Combine seat evidence with the players the rules allow (ordered by turn)."""
    ranked = sorted(evidence, key=lambda s: -evidence[s])
    top = ranked[0] if ranked else None
    e1 = evidence.get(top, 0.0) if top else 0.0
    e2 = evidence.get(ranked[1], 0.0) if len(ranked) > 1 else 0.0
    strong = top is not None and e1 >= min_pixels and e1 >= ratio * max(e2, 1e-9)
    if strong and top in allowed:
        return Attribution(top, (top,), dict(evidence))
    if not strong and len(allowed) == 1 and (top is None or e1 < min_pixels or top in allowed):
        return Attribution(allowed[0], (allowed[0],), dict(evidence))
    seen = [s for s in ranked if evidence[s] > 0 and s in allowed]
    candidates = tuple(dict.fromkeys([*seen, *allowed]))[:3]
    return Attribution(None, candidates, dict(evidence))
