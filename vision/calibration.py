"""Where things are on the table: a rectified top-down view and the zones in it.

Two ways in. `MarkerCalibrator` finds the ArUco markers of the printed mat, so the view is a true top-down
view of the mat whatever the camera angle; it keeps the last good homography while hands cover markers and
re-calibrates when the camera was bumped. `load_calibration_file` reads polygons given in image pixels (for a
table without the mat); `fit_to_frame` then turns them into a top-down view of the table plane from the board's
corners, given or found from the boxes (`vision.rectify`), or keeps the camera image itself when neither is known.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from vision import mat, rectify

BOX_NAMES = ("10D", "JC", "QS", "KH", "7D")
VIEW_SCALE = 600.0
"""Pixels per mat unit of the rectified view: a card's short side is then about 90 px, near what the camera resolves."""


class CalibrationError(ValueError):
    """A calibration that cannot be used, worded for the user."""


@dataclass(frozen=True)
class Zones:
    """Polygons (N x 2 float arrays) in view pixels."""

    pile: np.ndarray
    boxes: dict[str, np.ndarray]
    seats: dict[str, np.ndarray]

    def scaled(self, factor: float) -> "Zones":
        return Zones(self.pile * factor, {k: v * factor for k, v in self.boxes.items()},
                     {k: v * factor for k, v in self.seats.items()})


@dataclass(frozen=True)
class Calibration:
    """Image -> view homography, the view size and the zones in the view."""

    homography: np.ndarray
    view_size: tuple[int, int]
    zones: Zones
    source: str
    """"markers", "file" (the view is the camera image) or "plane" (a file's zones, seen top-down)."""
    board: np.ndarray | None = None
    """A file's board corners in image pixels, when given (else the corner boxes may stand for them)."""
    board_size: tuple[float, float] | None = None
    """The board's true width and height (any unit), when given."""
    stretch_span: tuple[float, float] = (1.0, 1.0)
    """The least and greatest factor by which the table may be longer along the view's x axis than the view shows
    (1, 1: a true top-down view). A board whose proportions were inferred from its perspective alone leaves this
    much doubt (`rectify.side_ratio_span`); the first cards laid, of known shape, settle it (`vision.pile`)."""

    def warp(self, image: np.ndarray, factor: float = 1.0, interpolation: int = cv2.INTER_LINEAR) -> np.ndarray:
        """The rectified view, optionally downscaled by `factor` (one warp, no second resize)."""
        w, h = self.view_size
        size = (max(1, int(round(w * factor))), max(1, int(round(h * factor))))
        if self.source == "file" and factor == 1.0:
            return image
        m = np.diag([factor, factor, 1.0]) @ self.homography
        return cv2.warpPerspective(image, m, size, flags=interpolation, borderMode=cv2.BORDER_CONSTANT)

    def to_image(self, pts_view: np.ndarray) -> np.ndarray:
        """View pixels back to image pixels (to draw the zones over the camera picture)."""
        inv = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(np.asarray(pts_view, np.float64).reshape(-1, 1, 2), inv).reshape(-1, 2)


def mat_zones(players: list[str] | tuple[str, ...], geometry: mat.ViewGeometry) -> Zones:
    return Zones(
        pile=geometry.to_view(mat.pile_polygon()),
        boxes={b: geometry.to_view(p) for b, p in mat.box_polygons().items()},
        seats={n: geometry.to_view(p) for n, p in mat.seat_polygons(players).items()},
    )


# --- (b) calib.json ---------------------------------------------------------------------------------------

def _polygon(value: object, where: str) -> np.ndarray:
    if not isinstance(value, list) or len(value) < 3:
        raise CalibrationError(f"{where}: expected a polygon, a list of at least 3 [x, y] points")
    arr = _points(value, where)
    if abs(cv2.contourArea(arr.astype(np.float32))) < 1.0:
        raise CalibrationError(f"{where}: the polygon has no area (points in a line or repeated)")
    return arr


def _points(value: list, where: str) -> np.ndarray:
    pts = []
    for i, p in enumerate(value):
        if (not isinstance(p, (list, tuple)) or len(p) != 2
                or not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in p)):
            raise CalibrationError(f"{where}: point {i + 1} is {p!r}, expected [x, y] numbers")
        if p[0] < 0 or p[1] < 0:
            raise CalibrationError(f"{where}: point {i + 1} {list(p)} has a negative coordinate (image pixels)")
        pts.append([float(p[0]), float(p[1])])
    return np.array(pts, dtype=np.float64)


def parse_calibration(data: object, players: list[str] | tuple[str, ...] | None = None) -> Calibration:
    """Validate a calib.json document; every message says which entry is wrong and why."""
    if not isinstance(data, dict):
        raise CalibrationError("expected a JSON object with keys pile, boxes, seats")
    missing = [k for k in ("pile", "boxes", "seats") if k not in data]
    if missing:
        raise CalibrationError(f"missing key(s) {', '.join(missing)} (a calibration gives pile, boxes and seats)")
    pile = _polygon(data["pile"], "pile")
    boxes_in = data["boxes"]
    if not isinstance(boxes_in, dict):
        raise CalibrationError("boxes: expected an object {\"10D\": polygon, ...}")
    unknown = sorted(set(boxes_in) - set(BOX_NAMES))
    if unknown:
        raise CalibrationError(f"boxes: unknown box(es) {', '.join(unknown)}; the boxes are {', '.join(BOX_NAMES)}")
    absent = [b for b in BOX_NAMES if b not in boxes_in]
    if absent:
        raise CalibrationError(f"boxes: missing box(es) {', '.join(absent)}")
    boxes = {b: _polygon(boxes_in[b], f"boxes.{b}") for b in BOX_NAMES}
    seats_in = data["seats"]
    if not isinstance(seats_in, dict) or not seats_in:
        raise CalibrationError("seats: expected an object {\"Anne\": polygon, ...} with one seat per player")
    seats = {str(n): _polygon(p, f"seats.{n}") for n, p in seats_in.items()}
    if players is not None:
        no_seat = [p for p in players if p not in seats]
        if no_seat:
            raise CalibrationError(f"seats: no seat zone for player(s) {', '.join(no_seat)} "
                                   f"(the file has {', '.join(seats)})")
    board = _board(data["board"]) if data.get("board") is not None else None
    board_size = _size(data["board_size"]) if data.get("board_size") is not None else None
    every = np.vstack([pile, *boxes.values(), *seats.values()])
    w, h = int(math.ceil(every[:, 0].max())) + 1, int(math.ceil(every[:, 1].max())) + 1
    return Calibration(np.eye(3), (w, h), Zones(pile, boxes, seats), "file", board, board_size)


def _board(value: object) -> np.ndarray:
    """The board's four corners in turn around it: a rectangle seen from any angle is a convex quadrilateral, so
    sides that cross (corners tapped out of turn) or a corner bent inward is a mistake, not a board."""
    if not isinstance(value, list) or len(value) != 4:
        got = f"{len(value)} points" if isinstance(value, list) else repr(value)
        raise CalibrationError(f"board: expected its 4 corners, got {got}")
    quad = _points(value, "board")
    turns = rectify.turns(quad)
    if abs(int(turns.sum())) == 4:
        return quad
    if len(cv2.convexHull(quad.astype(np.float32))) == 4:
        raise CalibrationError("board: its sides cross; give the 4 corners in turn around the board")
    raise CalibrationError("board: a corner lies inside or in line with the others; give the board's 4 outer "
                           "corners")


def _size(value: object) -> tuple[float, float]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) and c > 0
                       for c in value)):
        raise CalibrationError(f"board_size: expected [width, height], two positive numbers, got {value!r}")
    return float(value[0]), float(value[1])


def load_calibration_file(path: str | Path, players: list[str] | tuple[str, ...] | None = None) -> Calibration:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CalibrationError(f"calibration file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CalibrationError(f"calibration file {path} cannot be read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CalibrationError(f"calibration file {path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    try:
        return parse_calibration(data, players)
    except CalibrationError as exc:
        raise CalibrationError(f"{path}: {exc}") from None


def fit_to_frame(calib: Calibration, frame_shape: tuple[int, ...]) -> Calibration:
    """Check a file calibration's zones lie inside the camera image, then view them top-down when the board's
    corners are given or its boxes lie in the Nain Jaune layout; else the view is the camera image."""
    if calib.source != "file":
        return calib
    h, w = frame_shape[:2]
    cw, ch = calib.view_size
    if cw - 1 > w + 2 or ch - 1 > h + 2:
        raise CalibrationError(f"calibration zones reach ({cw - 1}, {ch - 1}) but the camera image is only {w}x{h}: "
                               "was it made for another camera or resolution?")
    fitted = replace(calib, view_size=(w, h))
    z = calib.zones
    quad = calib.board if calib.board is not None else rectify.board_from_boxes(z.boxes)
    if quad is None:
        return fitted
    every = np.vstack([z.pile, *z.boxes.values(), *z.seats.values(), quad])
    seen = rectify.side_ratio(rectify.ordered(quad), (w, h))
    span = (1.0, 1.0)
    if calib.board is not None and calib.board_size is not None:
        bw, bh = calib.board_size
        ratio = min((bw / bh, bh / bw), key=lambda r: abs(math.log(r / seen)))
    else:
        ratio = seen
        lo, hi = rectify.side_ratio_span(rectify.ordered(quad), (w, h))
        span = (min(1.0, lo / ratio), max(1.0, hi / ratio))
    plane = rectify.plane_homography(quad, (w, h), every, ratio)
    if plane is None:
        return fitted
    m, size = plane
    move = lambda poly: cv2.perspectiveTransform(poly.reshape(-1, 1, 2), m).reshape(-1, 2)  # noqa: E731
    zones = Zones(move(z.pile), {b: move(p) for b, p in z.boxes.items()}, {n: move(p) for n, p in z.seats.items()})
    return Calibration(m, size, zones, "plane", calib.board, calib.board_size, span)


def calibration_to_json(calib: Calibration) -> dict:
    """Zones in IMAGE pixels in the calib.json format (so an automatic calibration can be saved and edited)."""
    z = calib.zones
    pts = lambda a: [[round(float(x), 1), round(float(y), 1)] for x, y in calib.to_image(a)]  # noqa: E731
    return {"pile": pts(z.pile), "boxes": {b: pts(p) for b, p in z.boxes.items()},
            "seats": {n: pts(p) for n, p in z.seats.items()}}


# --- (a) ArUco markers on the mat ------------------------------------------------------------------------

@dataclass
class MarkerCalibrator:
    """Homography from the mat's markers, robust to covered markers and to a bumped camera.

    `update(frame)` returns the current calibration (None until the mat was seen once) and whether the camera
    moved since the last good fit; the caller asks only now and then (markers cost ~10 ms per 720p frame).
    """

    players: tuple[str, ...]
    scale: float = VIEW_SCALE
    min_markers: int = 2
    moved_px: float = 6.0
    """Mean marker-corner error, in view pixels, above which the camera is taken as moved."""
    calibration: Calibration | None = None
    _detector: cv2.aruco.ArucoDetector = field(init=False, repr=False)

    def __post_init__(self) -> None:
        dictionary = cv2.aruco.getPredefinedDictionary(mat.ARUCO_DICT)
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._detector = cv2.aruco.ArucoDetector(dictionary, params)
        self.geometry = mat.ViewGeometry(self.scale)
        self.zones = mat_zones(self.players, self.geometry)

    def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Matched (image points, view points) of every known marker seen."""
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        corners, ids, _ = self._detector.detectMarkers(gray)
        src, dst = [], []
        if ids is not None:
            for c, i in zip(corners, ids.ravel()):
                if int(i) in mat.MARKERS:
                    src.append(c.reshape(4, 2))
                    dst.append(self.geometry.to_view(mat.marker_corners(int(i))))
        if not src:
            return np.zeros((0, 2)), np.zeros((0, 2))
        return np.vstack(src).astype(np.float64), np.vstack(dst)

    def update(self, image: np.ndarray) -> tuple[Calibration | None, bool]:
        src, dst = self.detect(image)
        n = len(src) // 4
        if n < self.min_markers:
            return self.calibration, False
        if self.calibration is not None:
            seen = cv2.perspectiveTransform(src.reshape(-1, 1, 2), self.calibration.homography).reshape(-1, 2)
            err = float(np.mean(np.linalg.norm(seen - dst, axis=1)))
            if err <= self.moved_px:
                return self.calibration, False
        h, _ = cv2.findHomography(src, dst, cv2.RANSAC, 3.0)
        if h is None:
            return self.calibration, False
        moved = self.calibration is not None
        self.calibration = Calibration(h, self.geometry.size, self.zones, "markers")
        return self.calibration, moved


def calibrate_from_markers(image: np.ndarray, players: list[str] | tuple[str, ...]) -> Calibration:
    cal, _ = MarkerCalibrator(tuple(players)).update(image)
    if cal is None:
        raise CalibrationError("the mat's markers are not visible: at least 2 of the 8 must be in view and flat")
    return cal


def draw_zones(image: np.ndarray, calib: Calibration) -> np.ndarray:
    """The camera picture with the pile, boxes and seats outlined and named (the phone's preview)."""
    out = image.copy()
    z = calib.zones
    named = [("pile", z.pile, (0, 200, 255))] + [(b, p, (0, 220, 0)) for b, p in z.boxes.items()] + \
        [(s, p, (255, 160, 0)) for s, p in z.seats.items()]
    for name, poly, colour in named:
        pts = np.round(calib.to_image(poly)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, 2, cv2.LINE_AA)
        x, y = pts.min(axis=0)
        cv2.putText(out, name, (int(x) + 4, int(y) + 18), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2, cv2.LINE_AA)
    return out
