"""Geometry of the printable calibration mat, shared by the PDF writer, calibration and the simulator.

Everything is expressed in *mat units*: the mat is 1.0 wide and 1/sqrt(2) high (A3 and A2 landscape have
the same shape), so one layout serves both sizes and the rectified view is the same whatever was printed.
The rectified view extends past the mat by `SEAT_BAND` on every side so that seats (the table edge where
each player sits) and the cards they lay out at the showdown are inside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

MAT_W = 1.0
MAT_H = 1.0 / math.sqrt(2.0)
SEAT_BAND = 0.28
"""How far past the mat edge the seat zones reach, in mat units."""

PAGE_MM: dict[str, tuple[float, float]] = {"A3": (420.0, 297.0), "A2": (594.0, 420.0)}

ARUCO_DICT = cv2.aruco.DICT_4X4_50
MARKER_SIZE = 0.06
MARKER_MARGIN = 0.012

BOX_SIZE = 0.15
# French board layout: K♥ top left, Q♠ top right, 10♦ bottom left, J♣ bottom right, 7♦ centre.
_BOX_CENTRES: dict[str, tuple[float, float]] = {
    "KH": (0.16, 0.175),
    "QS": (0.44, 0.175),
    "10D": (0.16, 0.535),
    "JC": (0.44, 0.535),
    "7D": (0.30, 0.355),
}
BOX_LABELS: dict[str, str] = {
    "KH": "Roi de coeur", "QS": "Dame de pique", "10D": "Dix de carreau", "JC": "Valet de trefle",
    "7D": "Nain jaune (7 de carreau)",
}
PILE_RECT = (0.62, 0.13, 0.92, 0.58)
"""Pile zone (x0, y0, x1, y1): room for a card at any rotation plus the offsets of a real pile."""


def _marker_positions() -> dict[int, tuple[float, float]]:
    """Top-left corner of each marker: four corners and four edge middles, so covering some is harmless."""
    m, s = MARKER_MARGIN, MARKER_SIZE
    xs = (m, (MAT_W - s) / 2, MAT_W - m - s)
    ys = (m, (MAT_H - s) / 2, MAT_H - m - s)
    spots = [(xs[0], ys[0]), (xs[1], ys[0]), (xs[2], ys[0]), (xs[2], ys[1]),
             (xs[2], ys[2]), (xs[1], ys[2]), (xs[0], ys[2]), (xs[0], ys[1])]
    return {i: p for i, p in enumerate(spots)}


MARKERS: dict[int, tuple[float, float]] = _marker_positions()


def marker_corners(marker_id: int) -> np.ndarray:
    """The 4 corners of a marker in mat units, in ArUco order (TL, TR, BR, BL)."""
    x, y = MARKERS[marker_id]
    s = MARKER_SIZE
    return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], dtype=np.float64)


def _rect(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def box_polygons() -> dict[str, np.ndarray]:
    h = BOX_SIZE / 2
    return {b: _rect(cx - h, cy - h, cx + h, cy + h) for b, (cx, cy) in _BOX_CENTRES.items()}


def pile_polygon() -> np.ndarray:
    return _rect(*PILE_RECT)


def _ray_to_rect(cx: float, cy: float, theta: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
    """Where a ray from the centre leaves an axis-aligned rectangle that contains the centre."""
    dx, dy = math.cos(theta), math.sin(theta)
    ts = []
    if abs(dx) > 1e-12:
        ts += [(x1 - cx) / dx if dx > 0 else (x0 - cx) / dx]
    if abs(dy) > 1e-12:
        ts += [(y1 - cy) / dy if dy > 0 else (y0 - cy) / dy]
    t = min(ts)
    return cx + t * dx, cy + t * dy


def seat_angles(n_players: int) -> list[float]:
    """Seat directions from the mat centre: first player at the bottom edge, then clockwise on screen."""
    return [math.pi / 2 + 2 * math.pi * i / n_players for i in range(n_players)]


def seat_polygons(players: list[str] | tuple[str, ...]) -> dict[str, np.ndarray]:
    """One wedge of the band around the mat per player, in seating (clockwise) order."""
    if not players:
        return {}
    cx, cy = MAT_W / 2, MAT_H / 2
    half = math.pi / len(players) * 0.9
    inner = (-0.01, -0.01, MAT_W + 0.01, MAT_H + 0.01)
    outer = (-SEAT_BAND, -SEAT_BAND, MAT_W + SEAT_BAND, MAT_H + SEAT_BAND)
    seats = {}
    for name, theta in zip(players, seat_angles(len(players))):
        angles = np.linspace(theta - half, theta + half, 24)
        out = [_ray_to_rect(cx, cy, a, *outer) for a in angles]
        inn = [_ray_to_rect(cx, cy, a, *inner) for a in angles[::-1]]
        seats[name] = np.array(out + inn, dtype=np.float64)
    return seats


def seat_anchor(players: list[str] | tuple[str, ...], name: str) -> tuple[float, float]:
    """Middle of a seat's outer edge: where that player's arm comes from."""
    theta = seat_angles(len(players))[list(players).index(name)]
    b = SEAT_BAND * 0.85
    return _ray_to_rect(MAT_W / 2, MAT_H / 2, theta, -b, -b, MAT_W + b, MAT_H + b)


@dataclass(frozen=True)
class ViewGeometry:
    """The rectified top-down view: mat units to view pixels (`scale` pixels per mat unit)."""

    scale: float

    @property
    def size(self) -> tuple[int, int]:
        return (int(round((MAT_W + 2 * SEAT_BAND) * self.scale)), int(round((MAT_H + 2 * SEAT_BAND) * self.scale)))

    def to_view(self, pts: np.ndarray) -> np.ndarray:
        return (np.asarray(pts, dtype=np.float64) + SEAT_BAND) * self.scale

    def matrix(self) -> np.ndarray:
        """Homography mat units -> view pixels."""
        s, o = self.scale, SEAT_BAND * self.scale
        return np.array([[s, 0, o], [0, s, o], [0, 0, 1]], dtype=np.float64)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, side_px)


def render_mat(px_per_unit: float, board: str = "printed") -> np.ndarray:
    """The mat as a BGR image (used by the simulator; the PDF draws the same shapes as vectors)."""
    w, h = int(round(MAT_W * px_per_unit)), int(round(MAT_H * px_per_unit))
    img = np.full((h, w, 3), 245, np.uint8)
    p = lambda v: int(round(v * px_per_unit))  # noqa: E731 - tiny local unit converter
    for mid, (x, y) in MARKERS.items():
        side = p(MARKER_SIZE)
        img[p(y):p(y) + side, p(x):p(x) + side] = cv2.cvtColor(marker_image(mid, side), cv2.COLOR_GRAY2BGR)
    x0, y0, x1, y1 = PILE_RECT
    cv2.rectangle(img, (p(x0), p(y0)), (p(x1), p(y1)), (150, 150, 150), max(1, p(0.003)), cv2.LINE_AA)
    cv2.putText(img, "PILE", (p(x0) + p(0.01), p(y1) - p(0.012)), cv2.FONT_HERSHEY_SIMPLEX,
                px_per_unit / 900, (150, 150, 150), max(1, p(0.002)), cv2.LINE_AA)
    for box, poly in box_polygons().items():
        a, b = poly[0], poly[2]
        colour = (60, 60, 60) if board == "printed" else (170, 170, 170)
        cv2.rectangle(img, (p(a[0]), p(a[1])), (p(b[0]), p(b[1])), colour, max(1, p(0.003)), cv2.LINE_AA)
        cv2.putText(img, box, (p(a[0]) + p(0.008), p(a[1]) + p(0.025)), cv2.FONT_HERSHEY_SIMPLEX,
                    px_per_unit / 1100, colour, max(1, p(0.002)), cv2.LINE_AA)
    return img


def write_pdf(path: str, size: str = "A3", board: str = "printed") -> None:
    """Vector PDF of the mat at true size: markers cell by cell, the pile zone and the boxes or board outline."""
    from fpdf import FPDF

    if size not in PAGE_MM:
        raise ValueError(f"unknown mat size {size!r}: use one of {', '.join(PAGE_MM)}")
    if board not in ("printed", "outline"):
        raise ValueError(f"unknown board style {board!r}: use printed or outline")
    pw, ph = PAGE_MM[size]
    k = pw / MAT_W
    pdf = FPDF(orientation="L", unit="mm", format=(ph, pw))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.add_page()
    pdf.set_title(f"Nain Jaune calibration mat ({size}, {board} board)")
    pdf.set_fill_color(0, 0, 0)
    bits = 6  # DICT_4X4 plus its one-cell black border
    for mid, (x, y) in MARKERS.items():
        cells = marker_image(mid, bits)
        cell = MARKER_SIZE * k / bits
        for r in range(bits):
            for c in range(bits):
                if cells[r, c] < 128:
                    pdf.rect(x * k + c * cell, y * k + r * cell, cell, cell, style="F")
    pdf.set_line_width(0.6)
    x0, y0, x1, y1 = PILE_RECT
    pdf.set_draw_color(150, 150, 150)
    pdf.set_dash_pattern(dash=4, gap=3)
    pdf.rect(x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k)
    pdf.set_dash_pattern()
    pdf.set_font("Helvetica", style="B", size=14)
    pdf.set_text_color(150, 150, 150)
    pdf.text(x0 * k + 4, y1 * k - 4, "PILE - cartes jouees")
    for box, poly in box_polygons().items():
        a, b = poly[0], poly[2]
        if board == "printed":
            pdf.set_draw_color(40, 40, 40)
            pdf.rect(a[0] * k, a[1] * k, (b[0] - a[0]) * k, (b[1] - a[1]) * k)
            pdf.set_font("Helvetica", style="B", size=16)
            pdf.set_text_color(40, 40, 40)
            pdf.text(a[0] * k + 3, a[1] * k + 9, box)
            pdf.set_font("Helvetica", size=7)
            pdf.text(a[0] * k + 3, b[1] * k - 3, BOX_LABELS[box])
        else:
            pdf.set_draw_color(170, 170, 170)
            pdf.set_dash_pattern(dash=2, gap=2)
            pdf.rect(a[0] * k, a[1] * k, (b[0] - a[0]) * k, (b[1] - a[1]) * k)
            pdf.set_dash_pattern()
            pdf.set_font("Helvetica", size=9)
            pdf.set_text_color(170, 170, 170)
            pdf.text(a[0] * k + 3, a[1] * k + 6, f"{box}: case du plateau")
    pdf.set_font("Helvetica", size=8)
    pdf.set_text_color(120, 120, 120)
    pdf.text(0.56 * k, MAT_H * k - 3, f"nainjaune mat {size} - print at 100 %, no scaling")
    pdf.output(path)
