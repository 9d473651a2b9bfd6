"""What a widened table looks like, every dimension drawn from one seed: board, chips, camera, table, light.

The default simulator films one look (printed mat, camera nearly straight above, one felt); a pipeline tuned on
it learns that look. `draw_look` draws the things a family's table varies in, so a benchmark on fresh seeds
measures the pipeline on tables it was not built on.
"""

from __future__ import annotations

import colorsys
import random
from dataclasses import dataclass

BGR = tuple[int, int, int]

TABLES = ("felt", "wood", "cloth", "plain")
BOX_SHAPES = ("card", "square", "round")
CHIP_PALETTE: tuple[BGR, ...] = ((235, 235, 232), (40, 40, 200), (200, 90, 30), (40, 160, 40), (30, 200, 230),
                                 (160, 60, 160), (30, 30, 30), (60, 120, 230))
"""White, red, blue, green, yellow, purple, black, orange (BGR): the usual colours of game chips."""
TRAY_BODIES: tuple[BGR, ...] = ((40, 190, 225), (40, 40, 150), (50, 110, 40), (25, 25, 30), (60, 100, 150),
                                (120, 60, 30), (200, 215, 225))
"""Yellow (the 'nain jaune' board), red lacquer, green, black, wood, blue, ivory."""


@dataclass(frozen=True)
class TrayStyle:
    """A traditional board: five recessed boxes whose floors show the honour's picture."""

    shape: str
    """Box floor: "card" (the card's own outline), "square" or "round"."""
    body: BGR
    rim: BGR
    floor: BGR
    wood: bool
    box_size: float
    """Box floor height in mat units (a card is 0.21)."""
    spread: float
    """Distance between box centres relative to the printed mat's layout."""
    angle: float
    """Rotation of the board on the table, degrees."""


@dataclass(frozen=True)
class Look:
    mat: bool
    """The printed mat lies on the table (its markers give the calibration); else a calib.json is drawn."""
    tray: TrayStyle | None
    """None: the mat's printed boxes hold the chips."""
    table: str
    table_colour: BGR
    """The colour of a "plain" table (the textured ones draw their own)."""
    tilt: float
    """Camera angle off vertical, degrees (0 to 45)."""
    yaw: float
    """From which side of the table the camera looks, degrees (near one of the four edges, as a person sets it)."""
    roll: float
    hfov: float
    """Horizontal field of view, degrees."""
    zoom: float
    """How loosely the table is framed: 1.0 is tight, smaller leaves a margin."""
    chip_colours: tuple[BGR, ...]
    chip_d: float
    """Chip diameter in mat units (the printed mat's chips are 0.032)."""
    stack_rate: float
    """Chance that a chip lands on another one."""
    pile_cards: float
    """Area of the drawn pile zone in card areas (2 to 8)."""
    tray_left: bool
    """The board lies left of the pile (else right) when there is no mat."""
    light_swing: float
    """Relative amplitude of the light's drift during the deal."""
    seed: int


def _colour(h: float, s: float, v: float) -> BGR:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return int(b * 255), int(g * 255), int(r * 255)


def plain_colour(rng: random.Random) -> BGR:
    """A plain table top: laminate or painted wood of any pale-to-mid colour."""
    return _colour(rng.random(), rng.uniform(0.0, 0.3), rng.uniform(0.5, 0.95))


def draw_tray(rng: random.Random) -> TrayStyle:
    body = rng.choice(TRAY_BODIES)
    rim = tuple(int(c * rng.uniform(0.45, 0.75)) for c in body)
    floor = _colour(rng.uniform(0.08, 0.15), rng.uniform(0.0, 0.2), rng.uniform(0.85, 0.98))
    return TrayStyle(shape=rng.choice(BOX_SHAPES), body=body, rim=rim, floor=floor, wood=rng.random() < 0.4,
                     box_size=rng.uniform(0.15, 0.19), spread=rng.uniform(0.9, 1.05), angle=rng.uniform(-12, 12))


def draw_look(seed: int) -> Look:
    """Every dimension of the table at random from `seed` (the same seed gives the same look)."""
    rng = random.Random(seed * 104729 + 17)
    setting = rng.choice(("printed mat", "mat and board", "board only", "board only"))
    table = rng.choice(TABLES)
    n_colours = rng.randint(2, 4)
    colours = [CHIP_PALETTE[0]] if rng.random() < 0.6 else []
    colours += rng.sample(CHIP_PALETTE[1:], n_colours - len(colours))
    return Look(
        mat=setting != "board only",
        tray=None if setting == "printed mat" else draw_tray(rng),
        table=table, table_colour=plain_colour(rng),
        tilt=rng.uniform(0, 45), yaw=90 * rng.randrange(4) + rng.uniform(-25, 25), roll=rng.uniform(-8, 8),
        hfov=rng.uniform(55, 75),
        zoom=rng.uniform(0.85, 1.0),
        chip_colours=tuple(colours), chip_d=rng.uniform(0.025, 0.045), stack_rate=rng.uniform(0.05, 0.4),
        pile_cards=rng.uniform(2, 8), tray_left=rng.random() < 0.5, light_swing=rng.uniform(0.03, 0.15),
        seed=seed,
    )


def skin_tone(rng: random.Random) -> BGR:
    """From pale to dark skin (BGR)."""
    t = rng.random()
    pale, dark = (185, 200, 235), (45, 65, 105)
    return tuple(int(p + (d - p) * t) for p, d in zip(pale, dark))


def sleeve_colour(rng: random.Random) -> BGR:
    return _colour(rng.random(), rng.uniform(0, 0.9), rng.uniform(0.12, 0.95))
