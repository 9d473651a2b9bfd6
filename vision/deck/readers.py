"""The live pipeline's readers reading with an enrolled deck (`vision.watch.observe`'s `identify` and
`classifier`), so `nainjaune watch --deck` and `serve` with a game's deck read the same way."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vision.deck.classifier import DeckClassifier


def deck_readers(classifier: DeckClassifier) -> dict[str, Any]:
    """`observe`'s pile reader over `classifier`, and `classifier` for the shown hands, which `observe` reads with
    it weighed by the suit inks the pile taught (as without a deck)."""
    from vision.recognise.identify import read_crop

    return {"identify": partial(read_crop, classifier=classifier), "classifier": classifier}
