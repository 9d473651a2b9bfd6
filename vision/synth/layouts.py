"""Where cards lie on the table: single cards, piles, fanned hands, overlapping rows, mixes.

Layouts work in table coordinates and return cards bottom to top. Every card of a deck
appears at most once in a scene (a real deck has no duplicates). Positions are drawn as
image points and mapped to the table, so layouts land where the camera looks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from vision.synth.camera import Camera

KINDS = ("single", "pile", "fan", "row", "mixed")
# Short side of a card in the image, px, per kind (the recogniser's range is 60–250 px).
CARD_SIZES = {"single": (70, 250), "pile": (70, 220), "fan": (60, 160), "row": (60, 150), "mixed": (60, 130)}


@dataclass(frozen=True)
class CardPlacement:
    card: str | None  # None: face down
    centre: tuple[float, float]  # table coordinates
    angle: float  # radians, rotation of the card's up direction
    width: float  # table units


@dataclass(frozen=True)
class ChipPlacement:
    centre: tuple[float, float]
    radius: float
    colour: tuple[int, int, int]


@dataclass
class Layout:
    cards: list[CardPlacement]
    chips: list[ChipPlacement]
    keep_clear: list[int]  # indices into cards that must stay uncovered (the top of a pile)


class _Deck:
    """Deals distinct cards at random."""

    def __init__(self, rng: np.random.Generator, codes: list[str]) -> None:
        self.codes = [codes[i] for i in rng.permutation(len(codes))]

    def deal(self) -> str:
        return self.codes.pop() if self.codes else "AS"


def _image_point(rng: np.random.Generator, camera: Camera, margin: float) -> np.ndarray:
    width, height = camera.size
    point = np.array([rng.uniform(margin * width, (1 - margin) * width),
                      rng.uniform(margin * height, (1 - margin) * height)])
    return camera.to_table(point)[0]


def _card_width(rng: np.random.Generator, camera: Camera, at: np.ndarray, kind: str, aspect: float) -> float:
    low, high = CARD_SIZES[kind]
    short_side_px = float(np.exp(rng.uniform(np.log(low), np.log(high))))
    return short_side_px / camera.scale_at(at)


def _angle(rng: np.random.Generator) -> float:
    """Cards on a table: often roughly square to the player, sometimes anyhow."""
    if rng.random() < 0.5:
        return float(rng.choice([0.0, np.pi / 2, np.pi, 3 * np.pi / 2]) + rng.normal(0.0, 0.12))
    return float(rng.uniform(0.0, 2 * np.pi))


def _rotate(vector: tuple[float, float], angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])


def _start(rng: np.random.Generator, camera: Camera, kind: str, aspect: float, counts: tuple[int, int],
           margin: float) -> tuple[int, np.ndarray, float]:
    """How many cards, an anchor point on the table, and the card width for a grouped layout."""
    count = int(rng.integers(*counts))
    anchor = _image_point(rng, camera, margin)
    return count, anchor, _card_width(rng, camera, anchor, kind, aspect)


def singles(rng: np.random.Generator, camera: Camera, deck: _Deck, aspect: float, kind: str = "single",
            count: int | None = None, face_down: float = 0.0) -> Layout:
    count = count or int(rng.integers(1, 5))
    cards: list[CardPlacement] = []
    width = _card_width(rng, camera, camera.to_table(np.array([camera.size]) / 2)[0], kind, aspect)
    for _ in range(count):
        for _attempt in range(20):
            centre = _image_point(rng, camera, 0.1)
            if all(np.hypot(*(centre - c.centre)) > 1.25 * width * aspect for c in cards):
                break
        card = None if rng.random() < face_down else deck.deal()
        cards.append(CardPlacement(card, tuple(centre), _angle(rng), width))
    return Layout(cards, [], [])


def pile(rng: np.random.Generator, camera: Camera, deck: _Deck, aspect: float, kind: str = "pile") -> Layout:
    """Cards played one on another: each lands near the pile centre, turned a little or a lot."""
    count, centre, width = _start(rng, camera, kind, aspect, (2, 11), 0.3)
    base = _angle(rng)
    spread = rng.choice([0.15, 0.4, 1.2])
    cards = []
    for _ in range(count):
        offset = rng.normal(0.0, 0.18 * width, 2)
        angle = base + rng.normal(0.0, spread)
        cards.append(CardPlacement(deck.deal(), tuple(centre + offset), float(angle), width))
    return Layout(cards, [], [len(cards) - 1])


def fan(rng: np.random.Generator, camera: Camera, deck: _Deck, aspect: float, kind: str = "fan") -> Layout:
    """A hand spread in an arc around a pivot below the cards (left indices stay visible)."""
    count, pivot, width = _start(rng, camera, kind, aspect, (3, 14), 0.3)
    height = width * aspect
    step = rng.uniform(0.08, 0.22)
    radius = rng.uniform(0.55, 1.0) * height
    turn = _angle(rng)
    cards = []
    for i in range(count):
        angle = turn + (i - (count - 1) / 2) * step
        centre = pivot + _rotate((0.0, -radius), angle)
        cards.append(CardPlacement(deck.deal(), tuple(centre), float(angle), width))
    return Layout(cards, [], [])


def row(rng: np.random.Generator, camera: Camera, deck: _Deck, aspect: float, kind: str = "row") -> Layout:
    """An overlapping row (a played sequence) or column (solitaire style): each card shifted on the last."""
    count, start, width = _start(rng, camera, kind, aspect, (3, 9), 0.25)
    angle = _angle(rng)
    if rng.random() < 0.5:
        shift = (rng.uniform(0.25, 0.7) * width, rng.normal(0.0, 0.03) * width)
    else:
        shift = (rng.normal(0.0, 0.03) * width, rng.uniform(0.18, 0.4) * width * aspect)
    step = _rotate(shift, angle)
    origin = start - step * (count - 1) / 2
    cards = [CardPlacement(deck.deal(), tuple(origin + i * step + rng.normal(0.0, 0.01 * width, 2)),
                           float(angle + rng.normal(0.0, 0.03)), width) for i in range(count)]
    return Layout(cards, [], [])


def mixed(rng: np.random.Generator, camera: Camera, deck: _Deck, aspect: float, kind: str = "mixed") -> Layout:
    """A game in progress: a pile, a played row, a face-down stock, a few loose cards, chips."""
    # The pile is laid last, so its top card is the top of the scene (the card the game is about).
    parts = [row(rng, camera, deck, aspect, kind),
             singles(rng, camera, deck, aspect, kind, count=int(rng.integers(1, 4)), face_down=0.4),
             pile(rng, camera, deck, aspect, kind)]
    cards: list[CardPlacement] = []
    keep: list[int] = []
    for part in parts:
        keep += [len(cards) + i for i in part.keep_clear]
        cards += part.cards
    chips = scatter_chips(rng, camera, cards[-1].width if cards else 80.0, int(rng.integers(0, 12)))
    return Layout(cards, chips, keep)


def scatter_chips(rng: np.random.Generator, camera: Camera, card_width: float, count: int) -> list[ChipPlacement]:
    """Game chips (jetons): small discs in a few colours, loose or in little heaps."""
    colours = [(40, 40, 200), (200, 60, 40), (40, 160, 40), (20, 200, 230), (230, 230, 230), (30, 30, 30)]
    chips = []
    heap = _image_point(rng, camera, 0.1)
    for _ in range(count):
        centre = heap + rng.normal(0.0, card_width * 0.4, 2) if rng.random() < 0.6 else _image_point(rng, camera, 0.05)
        colour = colours[rng.integers(len(colours))]
        chips.append(ChipPlacement(tuple(centre), float(card_width * rng.uniform(0.18, 0.3)), colour))
    return chips


LAYOUTS: dict[str, Callable[..., Layout]] = {"single": singles, "pile": pile, "fan": fan, "row": row, "mixed": mixed}


def make_layout(rng: np.random.Generator, camera: Camera, kind: str, codes: list[str], aspect: float) -> Layout:
    """Cards (bottom to top) and chips for one scene of `kind`."""
    layout = LAYOUTS[kind](rng, camera, _Deck(rng, codes), aspect, kind)
    if kind != "mixed" and rng.random() < 0.25:
        width = layout.cards[0].width if layout.cards else 80.0
        layout.chips.extend(scatter_chips(rng, camera, width, int(rng.integers(1, 6))))
    return layout
