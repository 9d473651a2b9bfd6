"""Enrolment from a short generated pass: `tablesim` films cards dealt one by one onto the pile; every card is
found where it landed, in order, and the learner points out what the user must check."""

from __future__ import annotations

import numpy as np
import pytest

from vision.calibration import parse_calibration
from vision.deck.learn import Sighting, doubtful, missing, pass_sightings
from vision.tablesim.scene import SceneConfig, TableScene
from vision.tablesim.script import Action, DealScript

PLAYERS = ("Anne", "Bruno", "Chloé")
CARDS = ("QS", "7D", "KH", "AC")


@pytest.mark.slow
def test_a_pass_finds_every_card_where_it_landed() -> None:
    script = DealScript(PLAYERS, "Anne", {p: () for p in PLAYERS}, (),
                        tuple(Action("play", "Bruno", c) for c in CARDS), "Bruno", False)
    scene = TableScene(script, SceneConfig(design="plain", seed=3, fidget_rate=0.0))
    calib = parse_calibration(scene.calibration_json(), list(PLAYERS))
    order: list[str] = []

    def read(crop: np.ndarray) -> dict[str, float]:
        """Stands in for the recogniser: names the card the scene laid last, as a user's fix would."""
        order.append(scene.pile[-1].card)
        return {scene.pile[-1].card: 0.99}

    sightings = pass_sightings(scene.frames(), calib, read)
    assert [s.card for s in sightings] == list(CARDS)
    for sighting, placed in zip(sightings, scene.pile):
        centre = scene.view_to_image(scene.geometry.to_view(np.array([placed.centre])))[0]
        short = min(np.linalg.norm(sighting.quad[1] - sighting.quad[0]),
                    np.linalg.norm(sighting.quad[2] - sighting.quad[1]))
        assert np.linalg.norm(sighting.quad.mean(axis=0) - centre) < 0.15 * short
    assert not doubtful(sightings)


def _seen(card: str | None, confidence: float) -> Sighting:
    return Sighting(np.zeros((4, 2)), np.zeros((1, 1, 3), np.uint8), card, confidence)


def test_unsure_and_twice_read_cards_are_pointed_out() -> None:
    sightings = [_seen("QS", 0.99), _seen("KH", 0.5), _seen("QS", 0.97), _seen(None, 0.0), _seen("7D", 0.99)]
    assert doubtful(sightings) == [0, 1, 2, 3]
    gone = missing(sightings, 32)
    assert len(gone) == 29 and {"QS", "KH", "7D"}.isdisjoint(gone)
    assert "7S" in gone and "2S" not in gone and "2S" in missing(sightings, 52)
