"""Restyled corner indices: new glyphs drawn only inside the index boxes, labels unchanged, reproducible."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.synth import restyle as restyle_module
from vision.synth.dataset import scene_spec
from vision.synth.decks import DeckDesign, discover_sources
from vision.synth.indices import box_at_corner
from vision.synth.layouts import KINDS
from vision.synth.restyle import STYLE_COUNT, IndexStyle, index_styles, restyle

DESIGN = "kde-standard"  # small SVG: renders fast when the face cache is cold (CI)
needs_deck = pytest.mark.skipif(DESIGN not in {s.name for s in discover_sources()},
                                reason="kdegames-card-data-kf5 not installed (make test installs it)")


@pytest.fixture(scope="module")
def design() -> DeckDesign:
    from vision.synth.decks import get_design

    return get_design(DESIGN)


def _face(design: DeckDesign, card: str) -> np.ndarray:
    from vision.synth.decks import load_face

    return load_face(design, card)


def _index_mask(design: DeckDesign, shape: tuple[int, ...], grow: int = 1) -> np.ndarray:
    """True inside the design's index boxes (every indexed corner), `grow` px wider."""
    h, w = shape[:2]
    mask = np.zeros((h, w), bool)
    for corner in design.layout.corners:
        x0, y0, x1, y1 = box_at_corner(design.layout.box, corner)
        rows = slice(max(0, int(y0 * h) - grow), int(np.ceil(y1 * h)) + grow)
        mask[rows, max(0, int(x0 * w) - grow):int(np.ceil(x1 * w)) + grow] = True
    return mask


def _index_pixels(design: DeckDesign, face: np.ndarray) -> np.ndarray:
    """The top-left index box's pixels (BGR)."""
    h, w = face.shape[:2]
    x0, y0, x1, y1 = design.layout.box
    return face[int(y0 * h):int(np.ceil(y1 * h)), int(x0 * w):int(np.ceil(x1 * w)), :3].astype(int)


@needs_deck
@pytest.mark.parametrize("card, style", [("AS", 0), ("10D", 1), ("QH", 2), ("7C", 3)])
def test_only_the_index_boxes_are_repainted(design: DeckDesign, card: str, style: int) -> None:
    before = _face(design, card)
    after = restyle(before, card, design.layout, index_styles()[style])
    changed = np.any(before != after, axis=2)
    assert changed.sum() > 20, "a new index must be drawn"
    assert not (changed & ~_index_mask(design, before.shape)).any(), "art outside the index boxes is kept"


@needs_deck
def test_ranks_suits_and_colours_differ_as_on_a_real_deck(design: DeckDesign) -> None:
    style = index_styles()[5]

    def index(card: str, french: bool = False) -> np.ndarray:
        return _index_pixels(design, restyle(_face(design, card), card, design.layout, style, french))

    assert np.abs(index("7S") - index("8S")).max() > 100, "another rank, another glyph"
    assert np.abs(index("7S") - index("7C")).max() > 100, "another suit, another pip"
    assert np.abs(index("QS") - index("QS", french=True)).max() > 100, "a French queen reads D"
    hearts = index("7H")
    ink = hearts[hearts.min(axis=2) < 128]
    blue, green, red = ink.mean(axis=0)
    assert red > blue + 60 and red > green + 60, "hearts keep the design's red ink"


def test_styles_are_numbered_and_reproducible() -> None:
    first = index_styles()
    index_styles.cache_clear()
    assert index_styles() == first and len(first) == STYLE_COUNT
    assert len(set(first)) == STYLE_COUNT


@needs_deck
def test_without_system_fonts_the_built_in_fonts_are_used(design: DeckDesign, monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    monkeypatch.setattr(restyle_module, "FONT_DIRS", (tmp_path,))
    index_styles.cache_clear()
    try:
        styles = index_styles()
        assert all(s.rank_font is None and s.suit_font is None for s in styles)
        before = _face(design, "9D")
        after = restyle(before, "9D", design.layout, styles[0])
        changed = np.any(before != after, axis=2)
        assert changed.sum() > 20 and not (changed & ~_index_mask(design, before.shape)).any()
    finally:
        index_styles.cache_clear()


@needs_deck
def test_a_restyled_scene_keeps_its_labels(design: DeckDesign) -> None:
    from vision.synth.scene import scene

    plain_image, plain = scene(11, design, "row", (640, 360))
    image, labels = scene(11, design, "row", (640, 360), index_style=7)
    assert labels["cards"] == plain["cards"] and labels["index_style"] == 7 and "index_style" not in plain
    assert np.abs(image.astype(int) - plain_image.astype(int)).max() > 60, "the indices look different"


def test_restyle_share_changes_nothing_else_in_a_scene_spec() -> None:
    designs = ["a", "b", "c"]
    for index in range(40):
        plain = scene_spec(3, index, designs, 0.3, KINDS)
        assert plain.index_style is None and plain == scene_spec(3, index, designs, 0.3, KINDS, restyle_share=0.0)
        restyled = scene_spec(3, index, designs, 0.3, KINDS, restyle_share=1.0)
        assert (restyled.seed, restyled.design, restyled.kind, restyled.french_indices) == \
            (plain.seed, plain.design, plain.kind, plain.french_indices)
        assert restyled.index_style is not None and 0 <= restyled.index_style < STYLE_COUNT
    shares = [scene_spec(3, i, designs, 0.3, KINDS, restyle_share=0.5).index_style is not None for i in range(400)]
    assert 0.4 < np.mean(shares) < 0.6


def _style_with_font(name: str) -> IndexStyle | None:
    return next((s for s in index_styles() if s.rank_font and name in Path(s.rank_font).name), None)


@needs_deck
def test_foreign_letters_are_drawn_where_the_font_has_them(design: DeckDesign) -> None:
    """A Russian ace reads Т (туз) in a TrueType face with Cyrillic; a Hershey font has no Т, so the ace keeps A."""
    from vision.synth.restyle import _draws

    style = _style_with_font("DejaVu")
    if style is None:
        pytest.skip("no DejaVu face among the index styles (make test installs fonts-dejavu-core)")
    face = _face(design, "AS")
    plain = restyle(face, "AS", design.layout, style)
    russian = restyle(face, "AS", design.layout, style, letters="russian")
    german = restyle(face, "AS", design.layout, style, letters="german")
    assert _draws(style.rank_font, "\u0422") and np.any(plain != russian), "the ace's index reads Т, not A"
    assert np.array_equal(plain, german), "a German ace is an A"
    hershey = next((s for s in index_styles() if s.rank_font is None), None)
    assert not _draws(None, "\u0422")
    if hershey is not None:
        assert np.array_equal(restyle(face, "AS", design.layout, hershey),
                              restyle(face, "AS", design.layout, hershey, letters="russian"))


def test_foreign_letters_change_nothing_else_in_a_scene_spec() -> None:
    designs = ["a", "b", "c"]
    specs = [(scene_spec(3, i, designs, 0.3, KINDS, restyle_share=0.6),
              scene_spec(3, i, designs, 0.3, KINDS, restyle_share=0.6, foreign_share=0.5)) for i in range(400)]
    for plain, foreign in specs:
        assert foreign.index_letters is None or (foreign.index_style is not None and not foreign.french_indices)
        assert plain.index_letters is None and plain == scene_spec(3, plain.index, designs, 0.3, KINDS, 0.6, 0.0)
        assert (foreign.seed, foreign.design, foreign.kind, foreign.french_indices, foreign.index_style) == \
            (plain.seed, plain.design, plain.kind, plain.french_indices, plain.index_style)
    eligible = [f for _, f in specs if f.index_style is not None and not f.french_indices]
    share = np.mean([f.index_letters is not None for f in eligible])
    assert 0.4 < share < 0.6 and {f.index_letters for f in eligible} == {None, "german", "russian", "swedish"}
