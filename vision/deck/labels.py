"""Labelled images for a deck: the JSON lines `nainjaune identify` prints, checked whole before anything is stored.

One object per line, `{"image": "path", "cards": [{"card": "QS", "box": [x1, y1, x2, y2]}, ...]}`; `box` may be
left out when the image holds that one card. Every problem is found before a crop is stored, so a bad file adds
nothing and loses nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from engine.core.cards import CardError, parse_card
from vision.deck.samples import CARD_GROW, Sample, card_samples
from vision.locate import locate_new_card

BOX_MARGIN = 0.04  # the outline is looked for a little beyond the box: identify's boxes hug the card


class LabelError(ValueError):
    """A labels file that cannot be used, worded for the user (file, line and what is wrong)."""


@dataclass(frozen=True)
class LabelledCard:
    card: str
    box: tuple[float, float, float, float] | None


@dataclass(frozen=True)
class LabelledImage:
    path: Path
    image: np.ndarray
    cards: tuple[LabelledCard, ...]
    line: int


def _image_path(text: object, base: Path, where: str) -> Path:
    if not isinstance(text, str) or not text:
        raise LabelError(f"{where}: \"image\" must be a file path")
    path = Path(text).expanduser()
    if not path.is_absolute() and not path.exists() and (base / path).exists():
        path = base / path
    return path


def _box(value: object, size: tuple[int, int], card: str, where: str) -> tuple[float, float, float, float]:
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise LabelError(f"{where}: box of {card} must be [x1, y1, x2, y2]")
    x1, y1, x2, y2 = (float(v) for v in value)
    width, height = size
    if not (x1 < x2 and y1 < y2):
        raise LabelError(f"{where}: box of {card} {value} is empty (x1 < x2 and y1 < y2 are needed)")
    if x1 < -1 or y1 < -1 or x2 > width + 1 or y2 > height + 1:
        raise LabelError(f"{where}: box of {card} {value} lies outside the {width}x{height} image")
    return x1, y1, x2, y2


def _line(raw: str, base: Path, source: Path, number: int) -> LabelledImage | None:
    where = f"{source} line {number}"
    if not raw.strip():
        return None
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise LabelError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list) or not doc["cards"]:
        raise LabelError(f"{where}: expected {{\"image\": path, \"cards\": [{{\"card\": \"QS\", \"box\": [...]}}]}}")
    path = _image_path(doc.get("image"), base, where)
    image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
    if image is None:
        raise LabelError(f"{where}: {path}: {'no such file' if not path.exists() else 'not a readable image'}")
    size = (image.shape[1], image.shape[0])
    cards = []
    for entry in doc["cards"]:
        raw_card = entry.get("card") if isinstance(entry, dict) else entry
        try:
            card = parse_card(raw_card)
        except CardError:
            raise LabelError(f"{where}: {raw_card!r} is not a card (rank A 2-10 J Q K, suit S H D C)") from None
        box = entry.get("box") if isinstance(entry, dict) else None
        cards.append(LabelledCard(card, None if box is None else _box(box, size, card, where)))
    if len(cards) > 1 and any(c.box is None for c in cards):
        raise LabelError(f"{where}: an image of several cards needs a box for each")
    return LabelledImage(path, image, tuple(cards), number)


def read_labels(path: Path) -> list[LabelledImage]:
    """Every labelled image of a JSON-lines file, or a `LabelError` naming the first bad line."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise LabelError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LabelError(f"{path}: cannot be read ({exc})") from None
    out = [item for n, raw in enumerate(lines, 1) if (item := _line(raw, Path(path).parent, Path(path), n))]
    if not out:
        raise LabelError(f"{path}: no labelled image in it")
    return out


def card_outline(image: np.ndarray, box: tuple[float, float, float, float] | None) -> np.ndarray:
    """The card's four corners in `box` (the whole image when None): the paper-bright region there, as the pile
    reader finds a new card (`locate_new_card` against a black view); the box itself when nothing stands out."""
    height, width = image.shape[:2]
    x1, y1, x2, y2 = box if box is not None else (0.0, 0.0, float(width), float(height))
    mx, my = BOX_MARGIN * (x2 - x1), BOX_MARGIN * (y2 - y1)
    x1, y1, x2, y2 = max(0.0, x1 - mx), max(0.0, y1 - my), min(float(width), x2 + mx), min(float(height), y2 + my)
    polygon = np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float64)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    location = locate_new_card(np.zeros_like(grey), grey, polygon)
    if location is None:
        return polygon
    centre = location.corners.mean(axis=0)
    return centre + (location.corners - centre) / CARD_GROW


def labelled_samples(item: LabelledImage, rng: np.random.Generator) -> list[Sample]:
    """The crops of every card of one labelled image."""
    return [s for card in item.cards for s in card_samples(item.image, card_outline(item.image, card.box),
                                                           card.card, rng)]
