"""Film a deal on a widened table: `TableScene` with its look drawn from the seed (`SceneConfig.widened`).

A tilted pinhole camera at any yaw and roll; the printed mat or none; a traditional board tray or the mat's
printed boxes; chips of several colours and sizes, stacked; players at any edges; arms of any colour reaching
in at an angle, pausing and casting shadows; light that drifts during the deal. Without the mat the deal comes
with the zones a person would draw (`calibration_json`, in image pixels, loosely around the true areas).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Callable, Iterator

import cv2
import numpy as np

from vision import mat
from vision.tablesim import board, layout
from vision.tablesim.camera import PlaneView, covering_view, table_camera
from vision.tablesim.look import Look, skin_tone, sleeve_colour
from vision.tablesim.scene import CARD_H, CARD_W, Arm, Placed, TableScene

PLAY_MARGIN = 0.3
"""The camera frames the play area and this much around it (the seats), in mat units."""
SHOULDER_OUT = 0.7
"""How much farther out than the seat the arm starts: outside the picture even when the camera sees wide."""


@dataclass
class WideScene(TableScene):
    def __post_init__(self) -> None:
        look = self.config.look
        if look is None:
            raise ValueError("WideScene films a widened SceneConfig (SceneConfig.widened)")
        self.look: Look = look
        self.wrng = random.Random(look.seed * 15485863 + 3)
        m = PLAY_MARGIN
        self.region = np.array([[-m, -m], [mat.MAT_W + m, -m], [mat.MAT_W + m, mat.MAT_H + m], [-m, mat.MAT_H + m]])
        self.image_from_plane = table_camera(look.tilt, look.yaw, look.roll, look.hfov, self.config.size, self.region,
                                             look.zoom)
        self._view = covering_view(self.image_from_plane, self.config.size, self.region)
        self.config = replace(self.config, render_scale=self._view.scale)
        self.boxes = layout.boxes(look)
        self.pile_rect = layout.pile_zone(look, self.wrng)
        self.seats = None if look.mat else layout.seats(self.script.players, self.wrng)
        self._lateral = {p: 0.0 for p in self.script.players}
        self._light = _LightDrift(look.light_swing, self.config.fps, self.wrng)
        super().__post_init__()
        self.skin = {p: skin_tone(self.wrng) for p in self.players}
        self.sleeve = {p: sleeve_colour(self.wrng) for p in self.players}
        self.build = {p: (self.wrng.uniform(0.13, 0.17), self.wrng.uniform(0.19, 0.26), self.wrng.uniform(0.3, 0.38),
                          self.wrng.uniform(0.16, 0.21)) for p in self.players}
        """Per player, in mat units: forearm and sleeve widths, hand length and width."""

    # --- geometry -------------------------------------------------------------------------------------

    def _view_geometry(self) -> PlaneView:  # type: ignore[override]  # same interface as mat.ViewGeometry
        return self._view

    def _camera(self) -> np.ndarray:
        return self.image_from_plane @ np.linalg.inv(self._view.matrix())

    def box_centre(self, box: str) -> tuple[float, float]:
        return self.boxes[box].centre

    def plane_to_image(self, pts: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2),
                                        self.image_from_plane).reshape(-1, 2)

    def anchor(self, player: str) -> tuple[float, float]:
        if self.seats is None:
            return super().anchor(player)
        seat = self.seats[player]
        return seat.edge[0] + seat.normal[0] * 0.3, seat.edge[1] + seat.normal[1] * 0.3

    def _far_anchor(self, player: str) -> tuple[float, float]:
        """The shoulder: beyond the seat, moved sideways for this reach so the arm comes in at an angle."""
        if self.seats is None:
            x, y = super()._far_anchor(player)
            centre = (mat.MAT_W / 2, mat.MAT_H / 2)
            n = np.array([x - centre[0], y - centre[1]])
            n /= np.linalg.norm(n)
            x, y = x + n[0] * SHOULDER_OUT, y + n[1] * SHOULDER_OUT
        else:
            seat = self.seats[player]
            n = np.array(seat.normal, np.float64)
            out = layout.SEAT_FAR + 0.4 + SHOULDER_OUT
            body = np.array(seat.edge) + n * out + np.array(seat.tangent) * seat.shift
            x, y = float(body[0]), float(body[1])
        side = self._lateral[player]
        return x - n[1] * side, y + n[0] * side

    def pile_pose(self) -> Placed:
        """A card wholly inside the pile zone, near its middle, at any small angle."""
        if self.look.mat:
            return super().pile_pose()
        centre, w, h, angle = self.pile_rect
        zone = layout.rotated_rect(centre, w - 0.01, h - 0.01, angle).astype(np.float32)
        jitter = 1.0
        for _ in range(40):
            c = (centre[0] + self.wrng.uniform(-0.3, 0.3) * (w - CARD_W) * jitter,
                 centre[1] + self.wrng.uniform(-0.3, 0.3) * (h - CARD_H) * jitter)
            a = angle + self.wrng.uniform(-18, 18) * jitter
            card = layout.rotated_rect(c, CARD_W, CARD_H, -a)
            if all(cv2.pointPolygonTest(zone, (float(x), float(y)), False) >= 0 for x, y in card):
                return Placed("", c, a)
            jitter *= 0.9
        return Placed("", centre, -angle)

    def showdown_poses(self, player: str, cards: tuple[str, ...]) -> list[Placed]:
        """A row of overlapping cards along the player's edge, inside their seat rectangle."""
        if self.seats is None:
            return super().showdown_poses(player, cards)
        seat = self.seats[player]
        (ex, ey), (nx, ny) = seat.edge, seat.normal
        tx, ty = -ny, nx
        depth = (layout.SEAT_NEAR + layout.SEAT_FAR) / 2
        room = 2 * seat.half_width - CARD_W * 1.2
        step = min(0.05, room / max(1, len(cards) - 1))
        angle = 0.0 if abs(ny) > abs(nx) else 90.0
        poses = []
        for i, card in enumerate(cards):
            s = (i - (len(cards) - 1) / 2) * step
            poses.append(Placed(card, (ex + nx * depth + tx * s, ey + ny * depth + ty * s),
                                angle + self.wrng.uniform(-3, 3)))
        return poses

    def calibration_json(self) -> dict:
        """With the mat: its zones. Without: the zones as a person draws them, a little loose around the truth."""
        if self.look.mat:
            return super().calibration_json()
        w, h = self.config.size
        frame = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)

        def loose(poly: np.ndarray, lo: float, hi: float) -> list[list[float]]:
            centre = poly.mean(axis=0)
            grown = np.array([centre + (p - centre) * (1 + self.wrng.uniform(lo, hi)) for p in poly])
            img = self.plane_to_image(grown).astype(np.float32)
            _, cut = cv2.intersectConvexConvex(img, frame)
            return [[round(float(x), 1), round(float(y), 1)] for x, y in cut.reshape(-1, 2)]

        centre, pw, ph, angle = self.pile_rect
        boxes = {}
        for name, box in self.boxes.items():
            outline = box.outline(0.004)
            if box.shape == "round":
                outline = box.outline(box.size / 2 * (1 / math.cos(math.pi / 8) - 1) + 0.004)[::3]
            boxes[name] = loose(outline, 0.05, 0.2)
        assert self.seats is not None
        return {"pile": loose(layout.rotated_rect(centre, pw, ph, angle), 0.01, 0.08), "boxes": boxes,
                "seats": {p: loose(s.rect(), 0.0, 0.08) for p, s in self.seats.items()}}

    # --- drawing --------------------------------------------------------------------------------------

    def _scatter_chips(self, box: str, n: int) -> list:
        return board.scatter_chips(self.boxes[box], n, self.look, self.wrng)

    def _draw_base(self) -> np.ndarray:
        look, view = self.look, self._view
        canvas = board.table_top(look, view.size)
        s = view.scale
        if look.mat:
            m = mat.render_mat(s, board="outline" if look.tray is not None else "printed")
            ox, oy = (int(round(v)) for v in view.to_view(np.array([[0.0, 0.0]]))[0])
            mh, mw = m.shape[:2]
            corners = np.array([[ox, oy], [ox + mw, oy], [ox + mw, oy + mh], [ox, oy + mh]])
            board.soft_shadow(canvas, [corners], (2, 3), 2.0, 0.3)
            canvas[oy:oy + m.shape[0], ox:ox + m.shape[1]] = m
        if look.tray is not None:
            margin = 0.012 if look.mat else look.tray.box_size * 0.22
            board.draw_tray(canvas, view, self.boxes, look.tray, self.config.design, margin, look.seed)
        if not look.mat:
            self._draw_talon(canvas)
        heaps = []
        for p in self.players:
            ax, ay = self.anchor(p)
            heaps += board.loose_chips((ax + self.wrng.uniform(-0.12, 0.12), ay + self.wrng.uniform(-0.05, 0.05)),
                                       self.wrng.randint(4, 12), look, self.wrng)
        board.draw_chips(canvas, view, heaps)
        return canvas

    def _draw_talon(self, canvas: np.ndarray) -> None:
        """The face-down talon in the gap between the board and the pile, when there is room for it."""
        (px, py), w, _, _ = self.pile_rect
        board_edge = layout.tray_outline(self.boxes, 0.03)[:, 0]
        near, far = (board_edge.max(), px - w / 2) if self.look.tray_left else (px + w / 2, board_edge.min())
        if far - near < CARD_W * 1.4 or self.wrng.random() < 0.3:
            return
        back = layout.rotated_rect(((near + far) / 2, py + self.wrng.uniform(-0.15, 0.15)), CARD_W, CARD_H,
                                   self.wrng.uniform(-15, 15))
        pts = np.round(self._view.to_view(back)).astype(np.int32)
        board.soft_shadow(canvas, [pts], (2, 3), 2.0, 0.35)
        cv2.fillPoly(canvas, [pts], (235, 235, 235), cv2.LINE_AA)
        inner = np.round(self._view.to_view(back.mean(axis=0) + (back - back.mean(axis=0)) * 0.86)).astype(np.int32)
        colour = tuple(int(c) for c in self.wrng.choice(((150, 60, 40), (40, 40, 160), (60, 110, 40))))
        cv2.fillPoly(canvas, [inner], colour, cv2.LINE_AA)
        cv2.polylines(canvas, [inner], True, (235, 235, 235), 1, cv2.LINE_AA)

    def _draw_state(self) -> np.ndarray:
        canvas = self._base.copy()
        board.draw_chips(canvas, self._view, [c for chips in self.chips.values() for c in chips])
        for placed in self.pile + self.shown:
            self._paste(canvas, placed)
        return canvas

    def _draw_arm(self, canvas: np.ndarray, arm: Arm) -> None:
        """A life-size arm (a hand is twice a card's width): its shadow, the sleeve, the forearm, the hand."""
        s = self._view.scale
        if arm.carrying is not None:
            self._paste(canvas, Placed(arm.carrying.card, arm.hand, arm.carrying.angle))
        shoulder = self._view.to_view(np.array([self._far_anchor(arm.player)]))[0]
        tip = self._view.to_view(np.array([arm.hand]))[0]
        d = tip - shoulder
        length = float(np.linalg.norm(d))
        if length < 1:
            return
        u = d / length
        n = np.array([-u[1], u[0]])
        fore_w, sleeve_w, hand_l, hand_w = (v * s for v in self.build[arm.player])
        palm = tip - u * (hand_l * 0.5 + CARD_H * 0.2 * s)  # the fingertips hold the card's near edge
        wrist = palm - u * hand_l * 0.45
        elbow = wrist - u * min(0.55 * s, float(np.linalg.norm(wrist - shoulder)))
        forearm = np.array([wrist + n * fore_w * 0.4, elbow + n * fore_w / 2, elbow - n * fore_w / 2,
                            wrist - n * fore_w * 0.4])
        sleeve = np.array([elbow + n * sleeve_w / 2, shoulder + n * sleeve_w * 0.55, shoulder - n * sleeve_w * 0.55,
                           elbow - n * sleeve_w / 2])
        angle = math.degrees(math.atan2(u[1], u[0]))
        hand = cv2.ellipse2Poly((int(palm[0]), int(palm[1])), (int(hand_l / 2), int(hand_w / 2)), int(angle),
                                0, 360, 10)
        shapes = [np.round(p).astype(np.int32) for p in (sleeve, forearm)] + [hand]
        board.soft_shadow(canvas, shapes, (int(0.05 * s), int(0.06 * s)), 0.025 * s, 0.35)
        skin = self.skin[arm.player]
        cv2.fillConvexPoly(canvas, shapes[1], skin, cv2.LINE_AA)
        cv2.fillConvexPoly(canvas, shapes[0], self.sleeve[arm.player], cv2.LINE_AA)
        cv2.fillConvexPoly(canvas, hand, skin, cv2.LINE_AA)
        cv2.polylines(canvas, [hand], True, tuple(int(v * 0.8) for v in skin), max(1, int(0.004 * s)), cv2.LINE_AA)

    def render(self, arms: list[Arm]) -> np.ndarray:
        index = self.frame_index
        return self._light.apply(super().render(arms), index)

    # --- the film -------------------------------------------------------------------------------------

    def _reach(self, player: str, target: tuple[float, float], carrying: Placed | None,
               on_arrival: Callable[[], None], fidget: bool) -> Iterator[np.ndarray]:
        """In, a pause in mid-air now and then, a hold of any length, and out; from a new angle each time."""
        cfg, rng = self.config, self.wrng
        self._lateral[player] = rng.uniform(-0.35, 0.35)
        start = self._far_anchor(player)
        other = rng.choice([p for p in self.players if p != player]) if fidget and len(self.players) > 1 else None
        ease = [0.5 - 0.5 * math.cos(math.pi * i / cfg.frames_in) for i in range(1, cfg.frames_in + 1)]
        if rng.random() < 0.3:
            k = int(len(ease) * rng.uniform(0.5, 0.8))
            ease = ease[:k] + [ease[k]] * rng.randint(3, 15) + ease[k:]
        hold = max(1, cfg.frames_hold + rng.randint(-1, 8))
        total = len(ease) + hold + cfg.frames_out
        at = lambda e, a, b: (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e)  # noqa: E731
        frame = 0
        for e in ease:
            yield self.render([Arm(player, at(e, start, target), carrying)] + self._fidget(other, frame / total))
            frame += 1
        on_arrival()
        self._state = None
        for _ in range(hold):
            yield self.render([Arm(player, target)] + self._fidget(other, frame / total))
            frame += 1
        for i in range(1, cfg.frames_out + 1):
            e = 0.5 - 0.5 * math.cos(math.pi * i / cfg.frames_out)
            yield self.render([Arm(player, at(e, target, start))] + self._fidget(other, frame / total))
            frame += 1


class _LightDrift:
    """Light over the table that drifts slowly and now and then changes (a cloud, a lamp): a gain field."""

    def __init__(self, swing: float, fps: float, rng: random.Random) -> None:
        self.swing, self.fps = swing, fps
        self.period = rng.uniform(20, 60)
        self.phase = rng.uniform(0, 2 * math.pi)
        self.direction = rng.uniform(0, 2 * math.pi)
        self.slope = rng.uniform(0.05, 0.25)
        self.steps = [(rng.uniform(5, 200), rng.uniform(-swing, swing), rng.uniform(0.5, 2.0)) for _ in range(4)]
        self._grid: tuple[np.ndarray, np.ndarray] | None = None

    def gain(self, t: float) -> tuple[float, float]:
        level = 1 + self.swing * math.sin(2 * math.pi * t / self.period + self.phase)
        for at, delta, ramp in self.steps:
            level += delta * min(max((t - at) / ramp, 0.0), 1.0)
        return level, self.direction + 0.4 * math.sin(2 * math.pi * t / (self.period * 1.7))

    def apply(self, frame: np.ndarray, index: int) -> np.ndarray:
        h, w = frame.shape[:2]
        if self._grid is None:
            ys, xs = np.mgrid[0:h // 8 + 1, 0:w // 8 + 1].astype(np.float32)
            self._grid = (xs / (w / 8) - 0.5, ys / (h / 8) - 0.5)
        level, direction = self.gain(index / self.fps)
        xs, ys = self._grid
        field = level * (1 + self.slope * (xs * math.cos(direction) + ys * math.sin(direction)))
        field = cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)
        return np.clip(frame.astype(np.float32) * field[:, :, None], 0, 255).astype(np.uint8)
