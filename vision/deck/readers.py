"""The live pipeline's readers (`vision.watch.observe`'s `identify`, `identify_image`, `hand_scores`) reading
with an enrolled deck, so `nainjaune watch --deck` and `serve` with a game's deck read the same way."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vision.deck.classifier import DeckClassifier


def deck_readers(classifier: DeckClassifier) -> dict[str, Callable[..., Any]]:
    """`observe`'s three readers over `classifier`; its head knows the deck's own inks, so the shown hands are not
    weighed by the two-ink suit colours the pipeline learns otherwise."""
    from vision.recognise.identify import hand_scores, identify_hand, read_crop

    return {"identify": partial(read_crop, classifier=classifier),
            "identify_image": partial(identify_hand, classifier=classifier),
            "hand_scores": partial(hand_scores, classifier=classifier)}
