"""Design variants for the simulator: a deck with French or restyled indices is filmed with those indices."""

from __future__ import annotations

import numpy as np
import pytest

from vision.synth.decks import discover_sources
from vision.tablesim.faces import DeckVariant, deck_variant, face

DESIGN = "kde-standard"  # small SVG: renders fast when the face cache is cold (CI)
needs_deck = pytest.mark.skipif(DESIGN not in {s.name for s in discover_sources()},
                                reason="kdegames-card-data-kf5 not installed (make test installs it)")


def test_a_design_name_carries_its_index_variant() -> None:
    assert deck_variant("kde-dondorf") == DeckVariant("kde-dondorf")
    assert deck_variant("kde-dondorf:french") == DeckVariant("kde-dondorf", french=True)
    assert deck_variant("kde-dondorf:style7:russian") == DeckVariant("kde-dondorf", style=7, letters="russian")
    assert deck_variant("kde-dondorf:french:style3") == DeckVariant("kde-dondorf", french=True, style=3)


@pytest.mark.parametrize("name", ["kde-dondorf:blue", "kde-dondorf:russian", "kde-dondorf:style2:klingon",
                                  "plain:french"])
def test_a_variant_that_cannot_be_drawn_is_refused(name: str) -> None:
    with pytest.raises(ValueError):
        deck_variant(name)


def _changed(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels that differ by more than a few grey levels."""
    return float((np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 24).mean())


@needs_deck
def test_french_indices_change_only_the_court_cards_indices() -> None:
    plain_king, french_king = face(DESIGN, "KS", 300), face(f"{DESIGN}:french", "KS", 300)
    assert french_king.shape == plain_king.shape
    assert 0.002 < _changed(plain_king, french_king) < 0.1
    assert _changed(face(DESIGN, "5S", 300), face(f"{DESIGN}:french", "5S", 300)) == 0.0


@needs_deck
def test_a_restyled_variant_redraws_every_index_at_the_asked_height() -> None:
    restyled = face(f"{DESIGN}:style7:russian", "5S", 300)
    assert restyled.shape == face(DESIGN, "5S", 300).shape
    assert 0.002 < _changed(face(DESIGN, "5S", 300), restyled) < 0.1
    assert _changed(face(f"{DESIGN}:style7", "AS", 300), face(f"{DESIGN}:style7:russian", "AS", 300)) > 0.002
