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


@dataclass
class ArmTracker:
    """Accumulates, per target zone, how much moving arm overlapped each seat during one episode."""

    seat_masks: dict[str, np.ndarray]
    target_masks: dict[str, np.ndarray]
    seat_zones: dict[str, np.ndarray] | None = None
    """Whole seat zones, for pointing: where the arm's line leads when its root is not visible."""
    evidence: dict[str, dict[str, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._seat_bool = {s: m > 0 for s, m in self.seat_masks.items()}
        self._target_bool = {t: m > 0 for t, m in self.target_masks.items()}
        self._centres = {t: np.argwhere(m)[:, ::-1].mean(axis=0) for t, m in self._target_bool.items() if m.any()}
        self._names = list(self.seat_masks)
        shape = next(iter(self.target_masks.values())).shape
        self._zone_index = np.zeros(shape, np.int16)
        self._seat_distance: dict[str, np.ndarray] = {}
        for i, name in enumerate(self._names, start=1):
            zone = (self.seat_zones or self.seat_masks)[name]
            self._zone_index[zone > 0] = i
            self._seat_distance[name] = cv2.distanceTransform(np.where(zone > 0, 0, 255).astype(np.uint8),
                                                              cv2.DIST_L2, 3)
        self.reset()

    def _pointed_seat(self, pts: np.ndarray, target: str) -> str | None:
        """Follow the arm from the target out through its far end to the seat zone it points at.

        When the line leaves the picture without meeting a seat (tapped seats stop short of the picture edge, and
        an arm may enter the picture between two of them), the seat nearest to where it leaves is where it came
        from: a player reaches in from their own place at the table.
        """
        centre = self._centres.get(target)
        if centre is None or len(pts) < 10:
            return None
        root = self._root(pts, centre)
        u = root - centre
        norm = float(np.hypot(*u))
        if norm < 3:
            return None
        u /= norm
        h, w = self._zone_index.shape
        seat, exit_point = self._first_seat(root, u, range(0, 2 * (h + w), 2))
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
            pointed = self._pointed_seat(np.stack([xs, ys], axis=1).astype(np.float64), t)
            if pointed is not None:
                self.evidence[t][pointed] += float(sizes[arm])

    def attribute(self, target: str, allowed: list[str] | tuple[str, ...], min_pixels: float = 12.0,
                  ratio: float = 2.0) -> Attribution:
        ev = self.evidence.get(target) or self.evidence["any"]
        if not any(ev.values()):
            ev = self.evidence["any"]
        # The corridor the whole motion swept from the player's edge to the target: an arm whose skin matches the
        # table shows only in pieces on any one frame (the sleeve, the fingers), which together sweep that path.
        path = self._path(target) if target in self._target_bool else None
        seat = self._pointed_seat(path, target) if path is not None else None
        if path is not None and seat is not None:
            ev = {**ev, seat: ev.get(seat, 0.0) + CORRIDOR_WEIGHT * len(path)}
        verdict = decide(ev, allowed, min_pixels, ratio)
        if path is None or len(path) < 10 or target not in self._centres:
            return verdict
        x, y = (int(round(v)) for v in self._root(path, self._centres[target]))
        nearby = sorted(self._seat_distance, key=lambda name: float(self._seat_distance[name][y, x]))
        margin = float(self._seat_distance[nearby[1]][y, x] - self._seat_distance[nearby[0]][y, x]) \
            if len(nearby) > 1 else float("inf")
        return dataclasses.replace(verdict, nearby=tuple(nearby), margin=margin)


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
