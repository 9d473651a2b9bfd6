"""The table's enrolled decks: listing them, the deck a game reads with, teaching a deck from a correction, and
suggesting one to a game read without.

The decks live in the data directory (`vision.deck.store`, what `nainjaune deck` uses). The vision extras are
imported only when a deck is touched, so a companion installed without them still runs (it has no decks).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion_api.errors import ApiError

if TYPE_CHECKING:
    import numpy as np

    from vision.deck.store import DeckStore

log = logging.getLogger("nainjaune.companion")
NO_VISION = "decks need the camera pipeline, which is not installed here"
RECENT_READS = 12  # pile reads kept: a card is read on a few still frames before the pipeline reports it
KEPT_PICTURES = 200  # pictures of reported cards kept per game, for corrections (a long game night's deals)


def open_decks(data_dir: Path, create: bool = False) -> DeckStore | None:
    """The deck store of the data directory; None when the vision extras are missing, or when no deck was ever
    stored there and `create` is not asked (a refused request must not leave an empty store behind)."""
    try:
        from vision.deck.store import DB_NAME, FOLDER, DeckStore
    except ImportError:
        return None
    if not create and not (Path(data_dir) / FOLDER / DB_NAME).is_file():
        return None
    return DeckStore(data_dir)


def deck_list(store: DeckStore | None) -> list[dict[str, Any]]:
    """Every deck as `nainjaune deck list` shows it, the last used one marked (the set-up's default)."""
    if store is None:
        return []
    last = store.last_used()
    return [{"name": d.name, "cards": d.cards, "crops": d.crops, "size_bytes": d.size_bytes,
             "created_at": d.created_at, "last_used": d.last_used, "default": d.name == last} for d in store.decks()]


def check_deck(store: DeckStore | None, name: str) -> None:
    """Refuse (422) a deck name the store does not hold, naming the decks there are."""
    if store is None:
        raise ApiError(422, f"unknown deck {name!r} (no deck enrolled yet: enrol one on the Settings tab)")
    from vision.deck.store import DeckError

    try:
        store.folder(name)
    except DeckError as exc:
        raise ApiError(422, str(exc)) from None


class DeckUnavailable(RuntimeError):
    """The game's deck cannot be read with (removed, emptied, no vision extras), worded for the page."""


def deck_reading(store: DeckStore | None, deck: str, crops: PileCrops) -> dict[str, Any]:
    """`vision.watch.observe`'s readers for `deck` (its head is fitted here on first use: seconds), the pile's
    crops kept in `crops`."""
    if store is None:
        raise DeckUnavailable(f"deck {deck} is not stored here")
    from vision.deck.readers import deck_readers
    from vision.deck.store import DeckError, load_deck_classifier

    try:
        readers = deck_readers(load_deck_classifier(store, deck))
    except (DeckError, OSError) as exc:
        raise DeckUnavailable(f"deck {deck}: {exc}") from None
    return {**readers, "identify": crops.reader(readers["identify"])}


class PileCrops:
    """The upright card crops the live pipeline reads the pile from (its `identify` calls, on its thread), so that
    the card it reports can later be taught to the deck if the phone corrects it."""

    def __init__(self, keep: int = RECENT_READS) -> None:
        self._recent: deque[tuple[str | None, np.ndarray]] = deque(maxlen=keep)
        self._lock = threading.Lock()

    def reader(self, identify: Callable[[np.ndarray], Any]) -> Callable[[np.ndarray], Any]:
        """`identify`, keeping each crop it reads with the card it read best; what it read is passed on as it is (a
        score per card, or the recogniser's `read_crop`, whose scores are its `scores`)."""
        def read(crop: np.ndarray) -> Any:
            result = identify(crop)
            scores: Mapping[str, float] = getattr(result, "scores", result)
            top = max(scores, key=scores.__getitem__, default=None)
            with self._lock:
                self._recent.append((top, crop.copy()))
            return result

        return read

    def take(self, card: str) -> np.ndarray | None:
        """The latest crop read as `card` (the pipeline may settle on a card its last read did not put first),
        else the latest crop; None before any read."""
        with self._lock:
            recent = list(self._recent)
        best = next((crop for top, crop in reversed(recent) if top == card), None)
        return best if best is not None else (recent[-1][1] if recent else None)


class GamePictures:
    """Per event of the running game, the crop its card was read from (bounded: the oldest go first)."""

    def __init__(self, keep: int = KEPT_PICTURES) -> None:
        self.keep = keep
        self.game_id: int | None = None
        self._crops: dict[int, np.ndarray] = {}

    def put(self, game_id: int, index: int, crop: np.ndarray) -> None:
        if game_id != self.game_id:
            self.game_id, self._crops = game_id, {}
        self._crops[index] = crop
        while len(self._crops) > self.keep:
            self._crops.pop(next(iter(self._crops)))

    def get(self, game_id: int, index: int) -> np.ndarray | None:
        return self._crops.get(index) if game_id == self.game_id else None


DECK_SUGGESTED = "deck_suggested"
DECK_SUGGESTED_TEXT = ("the camera only guessed some cards of this deck: teach it your deck in Setup (Decks: lay the "
                       "whole pack face up on the pile, one card at a time, about two minutes), or pick it there if it "
                       "is taught already")


def deck_suggestion(deck: str | None, guessed: Collection[str] | None, notices: list[dict[str, Any]]
                    ) -> list[dict[str, Any]]:
    """The one notice per game, read without an enrolled deck, that suggests teaching it the deck once a shown hand
    held cards the camera only guessed: the shipped recogniser misreads index letters it never saw (a Cyrillic ace),
    and the family's own deck, taught once, reads them."""
    if deck is not None or not guessed or any(n["kind"] == DECK_SUGGESTED for n in notices):
        return []
    return [{"kind": DECK_SUGGESTED, "message": DECK_SUGGESTED_TEXT}]


def teach(store: DeckStore | None, deck: str, crop: np.ndarray | None, card: str, source: str) -> dict[str, str]:
    """Add the crops of one corrected sighting to `deck`; the notice that says what happened (never raises: a
    correction stands whether or not the deck could learn from it)."""
    if crop is None:
        message = f"deck {deck} did not learn {card}: the camera kept no picture of that card"
        log.info(message)
        return {"kind": "deck_not_taught", "message": message}
    if store is None:
        return {"kind": "deck_not_taught", "message": f"deck {deck} is no longer stored"}
    import numpy as np

    from vision.deck.samples import pile_crop_samples

    try:
        stored = store.add(deck, pile_crop_samples(crop, card, np.random.default_rng()), source)
    except (OSError, ValueError) as exc:
        log.warning("deck %s could not learn %s: %s", deck, card, exc)
        return {"kind": "deck_not_taught", "message": f"deck {deck} did not learn {card}: {exc}"}
    log.info("deck %s learnt %s from %s (%d crops)", deck, card, source, stored)
    return {"kind": "deck_taught", "message": f"deck {deck} learnt {card} from this correction ({stored} crops)"}
