"""A pile card's face: a figure (a court card's picture, an ornate ace) rules the number cards out of its read."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pile_support import image_of, reading
from vision.figures import FIGURE, PENALTY, figure_weights, shows_figure
from vision.locate import CROP_SIZE
from vision.tablesim.faces import plain_face


def _number_face(card: str = "7H") -> np.ndarray:
    return cv2.resize(plain_face(card, 360)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)


def _with_figure(face: np.ndarray, share: float, centre: tuple[int, int] | None = None) -> np.ndarray:
    """`face` with a dark oval of `share` squared card widths painted on it (a picture, or a hand when off centre)."""
    out = face.copy()
    width = out.shape[1]
    half_width = width * np.sqrt(share / (1.4 * np.pi))                     # an oval 1.4 times taller than wide
    axes = (int(round(half_width)), int(round(1.4 * half_width)))
    cv2.ellipse(out, centre or (width // 2, out.shape[0] // 2), axes, 0, 0, 360, (60, 40, 120), -1)
    return out


def test_a_number_card_shows_no_figure_and_a_picture_on_its_face_is_one() -> None:
    for card in ("2D", "7H", "10C", "AS"):
        assert not shows_figure(_number_face(card))
    assert shows_figure(_with_figure(_number_face(), 2 * FIGURE))
    assert not shows_figure(_with_figure(_number_face(), 0.5 * FIGURE))      # the size of two pips, not a picture
    top_half = (_number_face().shape[1] // 2, _number_face().shape[0] // 3)
    assert not shows_figure(_with_figure(_number_face(), 1.2 * FIGURE, top_half))   # touching pips of a ten


def test_a_dark_mark_reaching_over_the_cards_edge_is_no_figure() -> None:
    """A hand or a sleeve over the card enters from beyond its edge: it is not the card's print."""
    face = _number_face()
    assert not shows_figure(_with_figure(face, 3 * FIGURE, (face.shape[1] // 2, face.shape[0] - 10)))


@pytest.mark.parametrize("width", [0.5, 2.0])
def test_the_figure_is_measured_in_the_cards_own_units(width: float) -> None:
    """A card half or twice the crop's size in the view gives the same crop once cut to its outline and resized."""
    face = _with_figure(_number_face(), 2 * FIGURE)
    size = (int(CROP_SIZE[0] * width), int(CROP_SIZE[1] * width))
    seen = cv2.resize(cv2.resize(face, size, interpolation=cv2.INTER_AREA), CROP_SIZE, interpolation=cv2.INTER_LINEAR)
    assert shows_figure(seen)


def test_most_frames_must_show_the_figure() -> None:
    cards = ["7H", "AH", "KH", "10D"]
    assert figure_weights([True, True, False], cards) == {"7H": PENALTY, "10D": PENALTY}
    assert figure_weights([True, False], cards) == {}
    assert figure_weights([], cards) == {}


def test_the_pile_verdict_takes_the_ace_whose_face_shows_its_ornament() -> None:
    """Deal 58010: a Slavic A♥ (its index a Cyrillic Т) read 7♥ 0.995, A♥ 0.97, the rules wanting a 7. Its face shows
    the ace's ornament, which no 7 prints: the verdict is A♥. The same read of a face with pips stays 7♥."""
    for face, expected in ((_with_figure(_number_face("AH"), 2 * FIGURE), "AH"), (_number_face("7H"), "7H")):
        watcher = reading({"7H": 0.995, "AH": 0.97})
        image = image_of(watcher, face)
        assert watcher.read(image, np.eye(3)) is None
        verdict = watcher.read(image, np.eye(3))
        assert verdict is not None and verdict.card == expected


@pytest.mark.parametrize("design, figures", [("aisleriot-slavic_costumes", {"AS", "AH", "KS", "QH"}),
                                              ("aisleriot-plastic", {"AS", "AD"})])
def test_real_packs_show_figures_on_court_cards_and_aces_only(design: str, figures: set[str]) -> None:
    """The Slavic pack (Cyrillic indices) shows its ornate aces and its court cards as figures; the plastic pack's
    tens, whose pips touch in chains as large as its aces, show none."""
    decks = pytest.importorskip("vision.synth.decks")
    if design not in {s.name for s in decks.discover_sources()}:
        pytest.skip("deck art packages not installed")
    pack = decks.get_design(design)

    def shown(card: str) -> bool:
        face = decks.render_face(pack, card, 360)[..., :3]
        return shows_figure(cv2.resize(face, CROP_SIZE, interpolation=cv2.INTER_AREA))

    numbers = [str(n) + suit for n in range(2, 11) for suit in "SHDC"]
    assert not [card for card in numbers if shown(card)]
    assert all(shown(card) for card in figures)
