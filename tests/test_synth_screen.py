"""Skip detection: French suits and corner indices are found from the art, or the design is skipped."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.synth.card_ids import RANKS, SUITS, card_codes
from vision.synth.faces import rounded_rect_mask
from vision.synth.indices import IndexLayout, find_index_layout, frenchify, index_regions
from vision.synth.screen import SCREEN_CARDS, check_french_suits, reference_shapes

H, W = 512, 360
RED, BLACK = (30, 30, 200), (20, 20, 20)


def _stamp(face: np.ndarray, shape: np.ndarray, x: int, y: int, w: int, h: int, colour: tuple[int, int, int]) -> None:
    mask = cv2.resize(shape.astype(np.uint8) * 255, (w, h), interpolation=cv2.INTER_NEAREST) > 0
    face[y:y + h, x:x + w, :3][mask] = colour


def synthetic_face(card: str, corners: tuple[str, ...] = ("tl", "br"), diamond_as_disc: bool = False,
                   same_glyph: bool = False) -> np.ndarray:
    """A plain card: centre pip, and rank glyph + small suit in the given corners."""
    rank, suit = card[:-1], card[-1]
    shapes = dict(reference_shapes())
    if diamond_as_disc:
        shapes["D"] = shapes["O"]
    colour = RED if suit in "HD" else BLACK
    face = np.full((H, W, 4), 255, np.uint8)
    face[:, :, 3] = rounded_rect_mask(H, W, 18)
    _stamp(face, shapes[suit], W // 2 - 35, H // 2 - 40, 70, 80, colour)
    layer = np.full((H, W, 3), 255, np.uint8)
    cv2.putText(layer, "#" if same_glyph else rank, (16, 62), cv2.FONT_HERSHEY_SIMPLEX, 1.3, colour, 4, cv2.LINE_AA)
    small = np.full((H, W, 4), 255, np.uint8)
    _stamp(small, shapes[suit], 20, 76, 30, 34, colour)
    layer = np.minimum(layer, small[:, :, :3])
    for corner in corners:
        turned = {"tl": layer, "br": cv2.flip(layer, -1), "tr": cv2.flip(layer, 1), "bl": cv2.flip(layer, 0)}[corner]
        face[:, :, :3] = np.minimum(face[:, :, :3], turned)
    return face


def deck(**options: object) -> dict[str, np.ndarray]:
    return {card: synthetic_face(card, **options) for card in card_codes()}  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def french_deck() -> dict[str, np.ndarray]:
    return deck()


@pytest.fixture(scope="module")
def layout(french_deck: dict[str, np.ndarray]) -> IndexLayout:
    found, reason = find_index_layout(french_deck)
    assert found is not None, reason
    return found


def test_french_pips_pass_and_round_diamonds_fail() -> None:
    french = {c: synthetic_face(c) for c in SCREEN_CARDS}
    assert check_french_suits(french).ok
    german_like = {c: synthetic_face(c, diamond_as_disc=True) for c in SCREEN_CARDS}
    verdict = check_french_suits(german_like)
    assert not verdict.ok and "diamonds" in verdict.reason and "hearts" not in verdict.reason


def test_missing_pips_fail() -> None:
    blank = {c: np.dstack([np.full((H, W, 3), 255, np.uint8), rounded_rect_mask(H, W, 18)]) for c in SCREEN_CARDS}
    assert not check_french_suits(blank).ok


def test_indices_in_two_opposite_corners_are_found(layout: IndexLayout) -> None:
    assert layout.corners == ("tl", "br")
    x0, y0, x1, y1 = layout.box
    assert x0 <= 16 / W and y0 <= 30 / H and x1 >= 50 / W and y1 >= 110 / H  # glyph and suit inside
    assert x1 < 0.35 and y1 < 0.35  # and the box stays in the corner


def test_index_regions_are_point_symmetric(layout: IndexLayout) -> None:
    class Design:  # index_regions only reads .layout
        pass

    design = Design()
    design.layout = layout  # type: ignore[attr-defined]
    top, bottom = index_regions(design)  # type: ignore[arg-type]
    assert np.allclose(np.array(top) + np.array(bottom)[[2, 3, 0, 1]], 1.0)


def test_no_corner_index_is_a_skip_reason() -> None:
    layout, reason = find_index_layout(deck(corners=()))
    assert layout is None and "no corner indices" in reason


def test_index_in_one_corner_only_is_a_skip_reason() -> None:
    layout, reason = find_index_layout(deck(corners=("tl",)))
    assert layout is None and "only one corner" in reason


def test_court_cards_without_indices_are_a_skip_reason() -> None:
    faces = deck()
    for card in faces:
        if card[:-1] in "JQK":  # a full-length picture instead of an index, not point-symmetric
            face = synthetic_face(card, corners=())
            cv2.rectangle(face, (10, 10), (W - 60, H - 200), (60, 120, 200), cv2.FILLED)
            faces[card] = face
    layout, reason = find_index_layout(faces)
    assert layout is None and reason.startswith("faces without corner indices") and "QS" in reason


def test_a_corner_ornament_that_never_changes_is_not_an_index() -> None:
    layout, reason = find_index_layout(deck(same_glyph=True))
    assert layout is None, "an identical mark on every card does not name the rank"


@pytest.mark.parametrize("card", ["QS", "KH", "JD"])
def test_french_indices_repaint_only_the_court_rank_glyph(card: str, french_deck: dict[str, np.ndarray],
                                                         layout: IndexLayout) -> None:
    faces = french_deck
    before = faces[card]
    after = frenchify(before, card, layout)
    changed = np.argwhere(np.any(before != after, axis=2))
    assert changed.size, "the rank glyph must be repainted"
    x0, y0, x1, y1 = layout.rank_boxes[card]
    ys, xs = changed[:, 0] / H, changed[:, 1] / W
    in_tl = (xs <= x1 + 0.01) & (ys <= y1 + 0.01)
    in_br = (xs >= 1 - x1 - 0.01) & (ys >= 1 - y1 - 0.01)
    assert np.all(in_tl | in_br)
    assert np.array_equal(frenchify(faces["7S"], "7S", layout), faces["7S"])


def test_rank_and_suit_tables_cover_the_deck() -> None:
    assert len(RANKS) * len(SUITS) == len(card_codes())


def test_an_installed_swiss_suited_deck_is_skipped(tmp_path: Path) -> None:
    from vision.synth.decks import discover_sources, screen_source

    swiss = [s for s in discover_sources() if s.name == "aisleriot-swiss-xvii"]
    if not swiss:
        pytest.skip("gnome-cards-data not installed (make test installs it)")
    status = screen_source(swiss[0], tmp_path, progress=False)
    assert not status.usable and status.design is None
    assert "French suit" in status.reason
    assert len(list((tmp_path / swiss[0].name).glob("*.png"))) == len(SCREEN_CARDS), "stops after the pips"
