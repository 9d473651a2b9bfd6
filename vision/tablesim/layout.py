"""Where the board's boxes, the pile and the seats lie on a widened table, in mat units (pure geometry).

The play area is the printed mat's rectangle whether or not a mat is drawn; without the mat the board can be
rotated, scaled and on either side of the pile, and players sit anywhere along the four edges.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from vision import mat
from vision.tablesim.look import Look
from vision.tablesim.scene import CARD_H, CARD_W

LAYOUT_CENTRE = (0.30, 0.355)
"""Centre of the five boxes on the printed mat (the 7D box)."""
BOARD_X, PILE_X = 0.27, 0.80
"""Without the mat: centres of the board and of the pile zone from the near side (mirrored when the board is right)."""
SEAT_NEAR, SEAT_FAR = 0.02, 0.36
"""A seat rectangle spans this far past the play area's edge (mat units)."""
BODY_SPACING = 450.0 / 420.0
"""Least distance between two neighbours' bodies along one table edge, in mat units (A3's 420 mm): a seated adult's
shoulders are 40-46 cm wide, so two players side by side sit 45 cm apart however close their places are drawn."""


@dataclass(frozen=True)
class Box:
    name: str
    centre: tuple[float, float]
    size: float
    """Floor height (the long side for a card-shaped floor, the diameter for a round one)."""
    angle: float
    """Degrees."""
    shape: str

    @property
    def half(self) -> tuple[float, float]:
        if self.shape == "card":
            return self.size * CARD_W / CARD_H / 2, self.size / 2
        return self.size / 2, self.size / 2

    def local(self, pt: tuple[float, float]) -> tuple[float, float]:
        a = math.radians(self.angle)
        dx, dy = pt[0] - self.centre[0], pt[1] - self.centre[1]
        return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)

    def to_plane(self, u: float, v: float) -> tuple[float, float]:
        a = math.radians(self.angle)
        return self.centre[0] + u * math.cos(a) - v * math.sin(a), self.centre[1] + u * math.sin(a) + v * math.cos(a)

    def contains(self, pt: tuple[float, float], margin: float = 0.0) -> bool:
        u, v = self.local(pt)
        if self.shape == "round":
            return math.hypot(u, v) <= self.size / 2 - margin
        hu, hv = self.half
        return abs(u) <= hu - margin and abs(v) <= hv - margin

    def outline(self, grow: float = 0.0) -> np.ndarray:
        """The floor's outline (a polygon; 24 points for a round floor), grown by `grow`."""
        if self.shape == "round":
            r = self.size / 2 + grow
            return np.array([self.to_plane(r * math.cos(t), r * math.sin(t))
                             for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)])
        hu, hv = self.half
        hu, hv = hu + grow, hv + grow
        return np.array([self.to_plane(u, v) for u, v in ((-hu, -hv), (hu, -hv), (hu, hv), (-hu, hv))])


@dataclass(frozen=True)
class Seat:
    """A player's place: the edge point in front of them, the outward normal, and the rectangle they lay into."""

    edge: tuple[float, float]
    normal: tuple[float, float]
    half_width: float
    shift: float = 0.0
    """Where the player's body sits along the edge (`tangent`), from the middle of their place: neighbours on one edge
    sit `BODY_SPACING` apart even where their places crowd together, and reach in at an angle."""

    @property
    def tangent(self) -> tuple[float, float]:
        return -self.normal[1], self.normal[0]

    def rect(self) -> np.ndarray:
        (ex, ey), (nx, ny), hw = self.edge, self.normal, self.half_width
        tx, ty = self.tangent
        return np.array([(ex + tx * s * hw + nx * d, ey + ty * s * hw + ny * d)
                         for s, d in ((-1, SEAT_NEAR), (1, SEAT_NEAR), (1, SEAT_FAR), (-1, SEAT_FAR))])


def boxes(look: Look) -> dict[str, Box]:
    """The five boxes: on the mat's printed squares when there is a mat, else wherever the board lies."""
    tray = look.tray
    if look.mat or tray is None:
        shape = tray.shape if tray is not None else "square"
        return {b: Box(b, (float(p[:, 0].mean()), float(p[:, 1].mean())), mat.BOX_SIZE, 0.0, shape)
                for b, p in mat.box_polygons().items()}
    centre = (BOARD_X if look.tray_left else mat.MAT_W - BOARD_X, LAYOUT_CENTRE[1])
    a = math.radians(tray.angle)
    scale = tray.spread * tray.box_size / mat.BOX_SIZE
    out = {}
    for b, poly in mat.box_polygons().items():
        dx = (float(poly[:, 0].mean()) - LAYOUT_CENTRE[0]) * scale
        dy = (float(poly[:, 1].mean()) - LAYOUT_CENTRE[1]) * scale
        c = (centre[0] + dx * math.cos(a) - dy * math.sin(a), centre[1] + dx * math.sin(a) + dy * math.cos(a))
        out[b] = Box(b, c, tray.box_size, tray.angle, tray.shape)
    return out


def tray_outline(bx: dict[str, Box], margin: float) -> np.ndarray:
    """The board: the rotated rectangle around the five boxes, `margin` wider on every side."""
    any_box = next(iter(bx.values()))
    pts = np.vstack([b.outline() for b in bx.values()])
    a = math.radians(any_box.angle)
    rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    local = pts @ rot.T
    (u0, v0), (u1, v1) = local.min(axis=0) - margin, local.max(axis=0) + margin
    corners = np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]])
    return corners @ rot


def pile_zone(look: Look, rng: random.Random) -> tuple[tuple[float, float], float, float, float]:
    """(centre, width, height, angle) of where cards land: beside the board, `look.pile_cards` card areas."""
    if look.mat:
        x0, y0, x1, y1 = mat.PILE_RECT
        return ((x0 + x1) / 2, (y0 + y1) / 2), x1 - x0, y1 - y0, 0.0
    area = look.pile_cards * CARD_W * CARD_H
    narrow = max(CARD_W * 1.3, area / 0.58)
    w = rng.uniform(narrow, max(narrow, min(0.42, area / (CARD_H * 1.25))))
    h = area / w
    x = PILE_X if look.tray_left else mat.MAT_W - PILE_X
    return (x + rng.uniform(-0.03, 0.03), mat.MAT_H / 2 + rng.uniform(-0.04, 0.04)), w, h, rng.uniform(-8, 8)


def rotated_rect(centre: tuple[float, float], w: float, h: float, angle: float) -> np.ndarray:
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return np.array([(centre[0] + u * c - v * s, centre[1] + u * s + v * c)
                     for u, v in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))])


def _perimeter_point(u: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Point and outward normal at arc length `u` along the play area, clockwise on screen from bottom right."""
    w, h = mat.MAT_W, mat.MAT_H
    edges = [((w, h), (-1, 0), w, (0, 1)), ((0, h), (0, -1), h, (-1, 0)), ((0, 0), (1, 0), w, (0, -1)),
             ((w, 0), (0, 1), h, (1, 0))]
    u %= 2 * (w + h)
    for (sx, sy), (dx, dy), length, normal in edges:
        if u <= length:
            t = min(max(u, 0.14), length - 0.14)
            return (sx + dx * t, sy + dy * t), normal
        u -= length
    raise AssertionError("unreachable")


def seats(players: tuple[str, ...], rng: random.Random) -> dict[str, Seat]:
    """Players at any edges, in clockwise order, each with a rectangle in front of them."""
    perimeter = 2 * (mat.MAT_W + mat.MAT_H)
    gap = perimeter / len(players)
    start = rng.uniform(0, perimeter)
    spots = [start + i * gap + rng.uniform(-0.15, 0.15) * gap for i in range(len(players))]
    placed = [Seat(*_perimeter_point(u), half_width=min(0.32, 0.42 * gap)) for u in spots]
    return dict(zip(players, _bodies_apart(placed)))


def _bodies_apart(placed: list[Seat]) -> list[Seat]:
    """`placed` (in seating order), each body moved along its edge until neighbours on one edge are `BODY_SPACING`
    apart, both moving away from each other by half of what is missing."""
    shifts = [0.0] * len(placed)
    for _ in range(8):
        for i, a in enumerate(placed):
            j = (i + 1) % len(placed)
            b = placed[j]
            if j == i or a.normal != b.normal:
                continue
            t = np.array(a.tangent)
            gap = float(np.dot(b.edge, t) + shifts[j] - np.dot(a.edge, t) - shifts[i])
            missing = BODY_SPACING - abs(gap)
            if missing > 1e-9:
                away = 1.0 if gap >= 0 else -1.0
                shifts[i] -= away * missing / 2
                shifts[j] += away * missing / 2
    return [Seat(s.edge, s.normal, s.half_width, shift) for s, shift in zip(placed, shifts)]
