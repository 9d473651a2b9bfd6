"""Film a scripted deal: a fixed camera over a table with the printed mat, chips, arms, cards.

The scene is drawn in the mat's own coordinates (the rectified view geometry) and warped once per frame into
the camera, so perspective, the ground-truth zones and the calibration all come from one homography. Static
layers (table, mat, chips, laid cards) are re-drawn only when they change; a frame costs one warp and noise.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Iterator

import cv2
import numpy as np

from vision import mat
from vision.tablesim.faces import face
from vision.tablesim.look import Look, draw_look
from vision.tablesim.script import Action, DealScript

CARD_H = 88.0 / 420.0
"""A card's height in mat units (88 mm on an A3 mat 420 mm wide)."""
CARD_W = CARD_H * 63.0 / 88.0
CHIP_D = 0.032
CHIP_COLOURS = [(40, 40, 200), (200, 90, 30), (40, 160, 40), (30, 200, 230), (160, 60, 160)]
SKIN = [(120, 160, 215), (95, 130, 185), (140, 175, 225), (70, 100, 150)]
SLEEVES = [(150, 60, 40), (40, 40, 40), (60, 120, 60), (90, 90, 160), (170, 170, 170), (40, 80, 140)]
ANTE = {"10D": 1, "JC": 2, "QS": 3, "KH": 4, "7D": 5}


@dataclass
class SceneConfig:
    size: tuple[int, int] = (1280, 720)
    fps: float = 30.0
    design: str = "plain"
    seed: int = 0
    render_scale: float = 600.0
    """Pixels per mat unit of the internal drawing (about the camera's own resolution on the mat)."""
    mat_px: float = 560.0
    """Mat width in camera pixels."""
    tilt_px: float = 18.0
    noise: float = 2.0
    frames_in: int = 10
    frames_hold: int = 3
    frames_out: int = 8
    frames_still: int = 14
    fidget_rate: float = 0.15
    look: Look | None = None
    """A widened table (board, chips, camera, light drawn from a seed); None films the printed-mat table."""

    @classmethod
    def widened(cls, seed: int, design: str, size: tuple[int, int] = (1280, 720), fps: float = 30.0) -> "SceneConfig":
        """Every dimension of the table at random from `seed`, gestures paced and paused at random too."""
        rng = random.Random(seed * 31 + 7)
        pace = fps / 30.0
        return cls(size=size, fps=fps, design=design, seed=seed, render_scale=600.0 * size[0] / 1280,
                   noise=rng.uniform(1.0, 4.0), frames_in=max(4, round(rng.randint(7, 14) * pace)),
                   frames_hold=max(2, round(rng.randint(2, 6) * pace)), frames_out=max(4, round(rng.randint(6, 12) * pace)),
                   frames_still=max(9, round(rng.randint(12, 20) * pace)), fidget_rate=rng.uniform(0.1, 0.4),
                   look=draw_look(seed))


@dataclass
class Placed:
    card: str
    centre: tuple[float, float]
    angle: float


@dataclass
class Arm:
    player: str
    hand: tuple[float, float]
    carrying: Placed | None = None


@dataclass
class TruthEvent:
    frame: int
    event: dict


@dataclass
class TableScene:
    script: DealScript
    config: SceneConfig = field(default_factory=SceneConfig)
    truth: list[TruthEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        cfg = self.config
        self.rng = random.Random(cfg.seed * 7919 + 11)
        self.geometry = self._view_geometry()
        self.view_size = self.geometry.size
        self.image_from_view = self._camera()
        self.players = self.script.players
        self.skin = {p: SKIN[i % len(SKIN)] for i, p in enumerate(self.players)}
        self.sleeve = {p: SLEEVES[(i * 2 + cfg.seed) % len(SLEEVES)] for i, p in enumerate(self.players)}
        self.chips: dict[str, list[tuple[float, float, tuple[int, int, int]]]] = {}
        for box, per_player in ANTE.items():
            self.chips[box] = self._scatter_chips(box, per_player * len(self.players))
        self.pile: list[Placed] = []
        self.shown: list[Placed] = []
        self._base = self._draw_base()
        self._state: np.ndarray | None = None
        nrng = np.random.default_rng(cfg.seed)
        w, h = cfg.size
        self._noise = [nrng.normal(0, cfg.noise, (h, w, 3)) for _ in range(4)]
        self._noise_pos = [np.clip(n, 0, 255).astype(np.uint8) for n in self._noise]
        self._noise_neg = [np.clip(-n, 0, 255).astype(np.uint8) for n in self._noise]
        self.frame_index = 0

    # --- geometry -------------------------------------------------------------------------------------

    def _view_geometry(self) -> mat.ViewGeometry:
        """The drawing canvas: the mat and its seat band at the render scale."""
        return mat.ViewGeometry(self.config.render_scale)

    def box_centre(self, box: str) -> tuple[float, float]:
        poly = mat.box_polygons()[box]
        return float(poly[:, 0].mean()), float(poly[:, 1].mean())

    def _camera(self) -> np.ndarray:
        cfg = self.config
        w, h = cfg.size
        mw, mh = cfg.mat_px, cfg.mat_px * mat.MAT_H
        cx, cy = w / 2, h / 2
        j = lambda: self.rng.uniform(-cfg.tilt_px, cfg.tilt_px)  # noqa: E731
        narrowing = self.rng.uniform(0, cfg.tilt_px)
        img = np.array([[cx - mw / 2 + narrowing + j(), cy - mh / 2 + j()], [cx + mw / 2 - narrowing + j(), cy - mh / 2 + j()],
                        [cx + mw / 2 + j(), cy + mh / 2 + j()], [cx - mw / 2 + j(), cy + mh / 2 + j()]], np.float32)
        corners = np.array([[0, 0], [mat.MAT_W, 0], [mat.MAT_W, mat.MAT_H], [0, mat.MAT_H]], np.float32)
        image_from_mat = cv2.getPerspectiveTransform(corners, img)
        return image_from_mat @ np.linalg.inv(self.geometry.matrix())

    def view_to_image(self, pts_view: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(np.asarray(pts_view, np.float64).reshape(-1, 1, 2), self.image_from_view).reshape(-1, 2)

    def calibration_json(self) -> dict:
        """The zones in camera pixels, as a user would tap them (calib.json format)."""
        g = self.geometry
        pts = lambda poly: [[round(float(x), 1), round(float(y), 1)] for x, y in self.view_to_image(g.to_view(poly))]  # noqa: E731
        w, h = self.config.size
        seats = {}
        for p, poly in mat.seat_polygons(self.players).items():
            # Cut each seat at the picture's edge (a user taps only what they see).
            inside = np.zeros((h, w), np.uint8)
            cv2.fillPoly(inside, [np.round(self.view_to_image(g.to_view(poly))).astype(np.int32)], 255)
            contours, _ = cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            outline = cv2.approxPolyDP(max(contours, key=cv2.contourArea), 2.0, True).reshape(-1, 2)
            seats[p] = [[float(x), float(y)] for x, y in outline]
        return {"pile": pts(mat.pile_polygon()), "boxes": {b: pts(p) for b, p in mat.box_polygons().items()},
                "seats": seats}

    def _px(self, pt: tuple[float, float]) -> tuple[int, int]:
        v = self.geometry.to_view(np.array([pt]))[0]
        return int(round(v[0])), int(round(v[1]))

    def _scatter_chips(self, box: str, n: int) -> list[tuple[float, float, tuple[int, int, int]]]:
        poly = mat.box_polygons()[box]
        (x0, y0), (x1, y1) = poly[0], poly[2]
        r = CHIP_D / 2
        placed: list[tuple[float, float, tuple[int, int, int]]] = []
        for _ in range(n):
            for _try in range(200):
                x = self.rng.uniform(x0 + r * 1.3, x1 - r * 1.3)
                y = self.rng.uniform(y0 + r * 1.3 + 0.02, y1 - r * 1.3)
                if all(math.hypot(x - a, y - b) >= CHIP_D * 0.92 for a, b, _ in placed):
                    break
            placed.append((x, y, self.rng.choice(CHIP_COLOURS)))
        return placed

    def pile_pose(self) -> Placed:
        x0, y0, x1, y1 = mat.PILE_RECT
        c = ((x0 + x1) / 2 + self.rng.uniform(-0.025, 0.025), (y0 + y1) / 2 + self.rng.uniform(-0.03, 0.03))
        return Placed("", c, self.rng.uniform(-18, 18))

    def anchor(self, player: str) -> tuple[float, float]:
        return mat.seat_anchor(self.players, player)

    def showdown_poses(self, player: str, cards: tuple[str, ...]) -> list[Placed]:
        """A row of overlapping cards in the player's seat zone, along the mat edge, inside the picture."""
        theta = mat.seat_angles(len(self.players))[list(self.players).index(player)]
        depth = 0.125
        ax, ay = mat._ray_to_rect(mat.MAT_W / 2, mat.MAT_H / 2, theta, -depth, -depth, mat.MAT_W + depth, mat.MAT_H + depth)
        vertical = ax <= -depth + 1e-6 or ax >= mat.MAT_W + depth - 1e-6
        step = 0.05 if len(cards) < 10 else 0.04
        length = (len(cards) - 1) * step
        if vertical:
            lo, hi = -0.12 + length / 2, mat.MAT_H + 0.12 - length / 2
            ay = min(max(ay, lo), hi) if lo <= hi else mat.MAT_H / 2
            angle = 90.0
            return [Placed(c, (ax, ay - length / 2 + i * step), angle + self.rng.uniform(-3, 3)) for i, c in enumerate(cards)]
        lo, hi = -0.2 + length / 2, mat.MAT_W + 0.2 - length / 2
        ax = min(max(ax, lo), hi) if lo <= hi else mat.MAT_W / 2
        return [Placed(c, (ax - length / 2 + i * step, ay), self.rng.uniform(-3, 3)) for i, c in enumerate(cards)]

    # --- drawing --------------------------------------------------------------------------------------

    def _draw_base(self) -> np.ndarray:
        w, h = self.view_size
        rng = np.random.default_rng(self.config.seed + 3)
        streaks = cv2.resize(rng.normal(0, 12, (h // 3 + 1, 1)).astype(np.float32), (1, h), interpolation=cv2.INTER_CUBIC)
        base_colour = np.array([55, 95, 145], np.float32) * self.rng.uniform(0.85, 1.15)
        table = np.broadcast_to(base_colour, (h, w, 3)) + streaks[:, :, None]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        light = 1.0 + 0.12 * ((xx / w - 0.3) * math.cos(self.config.seed) + (yy / h - 0.5) * math.sin(self.config.seed))
        canvas = np.clip(table, 0, 255).astype(np.uint8)
        m = mat.render_mat(self.config.render_scale)
        ox, oy = self._px((0.0, 0.0))
        canvas[oy:oy + m.shape[0], ox:ox + m.shape[1]] = m
        return np.clip(canvas.astype(np.float32) * light[:, :, None], 0, 255).astype(np.uint8)

    def _paste(self, canvas: np.ndarray, placed: Placed) -> None:
        h_px = int(round(CARD_H * self.config.render_scale))
        f = face(self.config.design, placed.card, h_px)
        fh, fw = f.shape[:2]
        cx, cy = self.geometry.to_view(np.array([placed.centre]))[0]
        m = cv2.getRotationMatrix2D((fw / 2, fh / 2), placed.angle, 1.0)
        m[:, 2] += (cx - fw / 2, cy - fh / 2)
        r = int(math.ceil(math.hypot(fw, fh) / 2)) + 2
        x0, y0 = int(cx) - r, int(cy) - r
        x0c, y0c = max(0, x0), max(0, y0)
        x1c, y1c = min(canvas.shape[1], int(cx) + r), min(canvas.shape[0], int(cy) + r)
        if x1c <= x0c or y1c <= y0c:
            return
        m[:, 2] -= (x0c, y0c)
        size = (x1c - x0c, y1c - y0c)
        warped = cv2.warpAffine(f, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        a = warped[:, :, 3:4].astype(np.float32) / 255.0
        region = canvas[y0c:y1c, x0c:x1c].astype(np.float32)
        shadow = np.roll(cv2.GaussianBlur(a[:, :, 0], (0, 0), 3), (3, 3), axis=(0, 1))[:, :, None]
        region *= 1 - 0.25 * shadow
        region = region * (1 - a) + warped[:, :, :3].astype(np.float32) * a
        canvas[y0c:y1c, x0c:x1c] = np.clip(region, 0, 255).astype(np.uint8)

    def _draw_state(self) -> np.ndarray:
        canvas = self._base.copy()
        s = self.config.render_scale
        r = int(round(CHIP_D / 2 * s))
        for chips in self.chips.values():
            for x, y, colour in chips:
                c = self._px((x, y))
                cv2.circle(canvas, (c[0] + 2, c[1] + 2), r, (90, 90, 90), -1, cv2.LINE_AA)
                cv2.circle(canvas, c, r, tuple(int(v * 0.7) for v in colour), -1, cv2.LINE_AA)
                cv2.circle(canvas, c, int(r * 0.82), colour, -1, cv2.LINE_AA)
                cv2.circle(canvas, c, int(r * 0.45), tuple(min(255, int(v * 1.15) + 20) for v in colour), 1, cv2.LINE_AA)
        for placed in self.pile + self.shown:
            self._paste(canvas, placed)
        return canvas

    def _draw_arm(self, canvas: np.ndarray, arm: Arm) -> None:
        s = self.config.render_scale
        a = np.array(self._px(self._far_anchor(arm.player)), np.float64)
        h = np.array(self._px(arm.hand), np.float64)
        if arm.carrying is not None:
            self._paste(canvas, Placed(arm.carrying.card, arm.hand, arm.carrying.angle))
        d = h - a
        length = float(np.linalg.norm(d))
        if length < 1:
            return
        u = d / length
        n = np.array([-u[1], u[0]])
        wa, wh = 0.085 * s / 2, 0.06 * s / 2
        cuff = a + d * 0.55
        sleeve = np.array([a + n * wa, cuff + n * wa * 0.9, cuff - n * wa * 0.9, a - n * wa])
        forearm = np.array([cuff + n * wa * 0.75, h + n * wh, h - n * wh, cuff - n * wa * 0.75])
        skin = self.skin[arm.player]
        cv2.fillConvexPoly(canvas, np.round(forearm).astype(np.int32), skin, cv2.LINE_AA)
        cv2.fillConvexPoly(canvas, np.round(sleeve).astype(np.int32), self.sleeve[arm.player], cv2.LINE_AA)
        hand = h + u * 0.02 * s
        cv2.ellipse(canvas, (int(hand[0]), int(hand[1])), (int(0.045 * s), int(0.035 * s)),
                    math.degrees(math.atan2(u[1], u[0])), 0, 360, skin, -1, cv2.LINE_AA)
        shade = tuple(int(v * 0.8) for v in skin)
        cv2.ellipse(canvas, (int(hand[0]), int(hand[1])), (int(0.045 * s), int(0.035 * s)),
                    math.degrees(math.atan2(u[1], u[0])), 0, 360, shade, 2, cv2.LINE_AA)

    def _far_anchor(self, player: str) -> tuple[float, float]:
        """Where the arm leaves the picture: beyond the seat band, so the arm crosses the whole seat zone."""
        theta = mat.seat_angles(len(self.players))[list(self.players).index(player)]
        b = mat.SEAT_BAND + 0.4
        return mat._ray_to_rect(mat.MAT_W / 2, mat.MAT_H / 2, theta, -b, -b, mat.MAT_W + b, mat.MAT_H + b)

    def render(self, arms: list[Arm]) -> np.ndarray:
        if self._state is None:
            self._state = self._draw_state()
        canvas = self._state
        if arms:
            canvas = canvas.copy()
            for arm in arms:
                self._draw_arm(canvas, arm)
        w, h = self.config.size
        frame = cv2.warpPerspective(canvas, self.image_from_view, (w, h), flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_REPLICATE)
        k = self.frame_index % len(self._noise_pos)
        frame = cv2.subtract(cv2.add(frame, self._noise_pos[k]), self._noise_neg[k])
        self.frame_index += 1
        return frame

    # --- the film -------------------------------------------------------------------------------------

    def _reach(self, player: str, target: tuple[float, float], carrying: Placed | None,
               on_arrival, fidget: bool) -> Iterator[np.ndarray]:
        cfg = self.config
        start = self._far_anchor(player)
        other = None
        if fidget and len(self.players) > 1:
            other = self.rng.choice([p for p in self.players if p != player])
        path = [i / cfg.frames_in for i in range(1, cfg.frames_in + 1)]
        for i, f in enumerate(path):
            e = 0.5 - 0.5 * math.cos(math.pi * f)
            hand = (start[0] + (target[0] - start[0]) * e, start[1] + (target[1] - start[1]) * e)
            yield self.render([Arm(player, hand, carrying)] + self._fidget(other, i / (cfg.frames_in + cfg.frames_out)))
        on_arrival()
        self._state = None
        for i in range(cfg.frames_hold):
            yield self.render([Arm(player, target)] + self._fidget(other, (cfg.frames_in + i) / (cfg.frames_in + cfg.frames_out + cfg.frames_hold)))
        for i in range(1, cfg.frames_out + 1):
            e = 0.5 - 0.5 * math.cos(math.pi * i / cfg.frames_out)
            hand = (target[0] + (start[0] - target[0]) * e, target[1] + (start[1] - target[1]) * e)
            yield self.render([Arm(player, hand)] + self._fidget(other, 0.5 + 0.5 * i / cfg.frames_out, retract=True))

    def _fidget(self, player: str | None, phase: float, retract: bool = False) -> list[Arm]:
        """Another player's hand moving at the table edge (adjusting their cards), never reaching the play."""
        if player is None:
            return []
        start = self._far_anchor(player)
        edge = self.anchor(player)
        reach = 0.9 * math.sin(math.pi * min(max(phase, 0.0), 1.0))
        return [Arm(player, (start[0] + (edge[0] - start[0]) * reach, start[1] + (edge[1] - start[1]) * reach))]

    def _still(self, n: int) -> Iterator[np.ndarray]:
        for _ in range(n):
            yield self.render([])

    def _mark(self, event: dict) -> None:
        """Ground truth, stamped with the first still frame after the action (when the scene settles)."""
        self.truth.append(TruthEvent(self.frame_index, event))

    def frames(self) -> Iterator[np.ndarray]:
        cfg = self.config
        yield from self._still(cfg.frames_still + 6)
        acts = list(self.script.actions)
        last_play = max(i for i, a in enumerate(acts) if a.kind == "play")
        for i, act in enumerate(acts):
            fidget = self.rng.random() < cfg.fidget_rate
            yield from self._act(act, fidget)
            if i == last_play:
                self._mark({"type": "deal_over", "winner": self.script.winner, "opera": self.script.opera})
            yield from self._still(cfg.frames_still)

    def _act(self, act: Action, fidget: bool) -> Iterator[np.ndarray]:
        if act.kind == "play":
            pose = self.pile_pose()
            placed = Placed(str(act.card), pose.centre, pose.angle)
            yield from self._reach(act.player, placed.centre, placed, lambda: self.pile.append(placed), fidget)
            self._mark({"type": "card_played", "card": act.card, "player": act.player})
        elif act.kind == "sweep":
            box = str(act.box)
            yield from self._reach(act.player, self.box_centre(box), None, lambda: self.chips.__setitem__(box, []), fidget)
            self._mark({"type": "box_swept", "box": box, "player": act.player})
        elif act.kind == "showdown":
            poses = self.showdown_poses(act.player, act.cards)
            mid = poses[len(poses) // 2].centre
            yield from self._reach(act.player, mid, None, lambda: self.shown.extend(poses), False)
            self._mark({"type": "hand_revealed", "player": act.player, "cards": sorted(act.cards)})
