"""A number card's pips, learnt per deck from the sure pile reads, tell its suit when the index leaves it in doubt."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pile_support import image_of, reading
from vision.locate import CROP_SIZE
from vision.pips import LEARNT_CARDS, PENALTY, PipShapes, pip_notches
from vision.tablesim.faces import plain_face


def _face(card: str) -> np.ndarray:
    return cv2.resize(plain_face(card, 360)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)


def _learnt(face=_face, ranks: tuple[str, ...] = ("2", "3", "4")) -> PipShapes:  # noqa: ANN001
    shapes = PipShapes()
    for rank in ranks:
        for suit in "SHDC":
            shapes.learn(rank + suit, (pip_notches(face(rank + suit)),) * 2)
    return shapes


def test_a_clubs_pips_have_more_notches_than_a_spades() -> None:
    spade, club = pip_notches(_face("6S")), pip_notches(_face("6C"))
    assert spade and club and max(club) > max(spade)


def test_a_face_far_likelier_another_suits_weighs_its_read_down_only_against_a_rival_the_index_read() -> None:
    shapes = _learnt()
    spade = (pip_notches(_face("6S")),) * 3
    assert shapes.card_weights(spade, {"6C": 5.0, "6S": 4.95}) == {"6C": PENALTY}
    assert shapes.card_weights(spade, {"6S": 5.0, "6C": 4.9}) == {"6C": PENALTY}
    # The index read no spade of that rank, or one far too faintly: the pips are not weighed against it.
    assert shapes.card_weights(spade, {"6C": 5.0, "KS": 0.2}) == {}
    assert shapes.card_weights(spade, {"6C": 5.0, "6S": 0.01}) == {}
    assert shapes.card_weights(spade, {"QC": 5.0, "QS": 4.9}) == {}     # a court card shows no pips


def test_a_suit_is_weighed_only_once_enough_of_its_cards_were_read_surely() -> None:
    shapes = _learnt(ranks=tuple(str(r) for r in range(2, 2 + LEARNT_CARDS - 1)))
    assert shapes.card_weights((pip_notches(_face("6S")),), {"6C": 5.0, "6S": 4.95}) == {}
    shapes.learn("KS", (pip_notches(_face("KS")),))                        # a court card teaches nothing
    assert shapes.card_weights((pip_notches(_face("6S")),), {"6C": 5.0, "6S": 4.95}) == {}


def test_a_read_renamed_teaches_its_pips_to_the_card_it_was() -> None:
    """A spade read surely as a club taught the clubs its pips; found to be the spade, they count for the spades."""
    shapes = _learnt(ranks=tuple(str(r) for r in range(2, 2 + LEARNT_CARDS - 1)))
    spade = (pip_notches(_face("6S")),)
    shapes.learn("9C", (pip_notches(_face("9S")),))
    assert set(shapes.log_likelihoods(spade)) == {"C"}                     # the only suit taught by enough cards
    shapes.renamed([("9C", "9S")])
    assert set(shapes.log_likelihoods(spade)) == {"S"}


def test_the_frames_of_one_face_are_averaged_not_multiplied() -> None:
    """Read over many frames, one face is still one face: its odds do not grow with the frames."""
    shapes = _learnt()
    one, many = (pip_notches(_face("6S")),), (pip_notches(_face("6S")),) * 10
    assert shapes.log_likelihoods(one) == pytest.approx(shapes.log_likelihoods(many))


def test_the_pile_verdict_takes_the_suit_the_pips_show() -> None:
    """Deal 56022: a Slavic 6♠ read 6♣ 5.0, 6♠ 4.95; its face shows spades, as the deck's spades read surely did."""
    for face, expected in ((_face("6S"), "6S"), (_face("6C"), "6C")):
        watcher = reading({"6C": 0.99, "6S": 0.98}, pip_shapes=_learnt())
        image = image_of(watcher, face)
        assert watcher.read(image, np.eye(3)) is None
        verdict = watcher.read(image, np.eye(3))
        assert verdict is not None and verdict.card == expected and len(verdict.pips) == 2


@pytest.mark.parametrize("design", ["aisleriot-slavic_costumes", "aisleriot-plastic", "kde-dondorf"])
def test_on_real_packs_learnt_pips_never_weigh_the_right_suit_down(design: str) -> None:
    """Learnt from the 2, 3 and 4 of each suit, the faces of the 5 to 10 never weigh their own card down, and tell
    spades from clubs for most of them: the Slavic pack, kde-dondorf, and the plastic pack, whose spades show as many
    notches as a standard club (no count fixed in advance would do)."""
    decks = pytest.importorskip("vision.synth.decks")
    if design not in {s.name for s in decks.discover_sources()}:
        pytest.skip("deck art packages not installed")
    pack = decks.get_design(design)

    def face(card: str) -> np.ndarray:
        return cv2.resize(decks.render_face(pack, card, 360)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)

    shapes = _learnt(face)
    told = 0
    for rank in ("5", "6", "7", "8", "9", "10"):
        for suit, partner in (("S", "C"), ("C", "S")):
            weights = shapes.card_weights((pip_notches(face(rank + suit)),), {rank + s: 1.0 for s in "SHDC"})
            assert rank + suit not in weights
            told += rank + partner in weights
    assert told >= 6
