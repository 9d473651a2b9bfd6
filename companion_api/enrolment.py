"""Enrolling a deck from the phone: a pass of the pack through the pile zone, read on a worker thread while the
page shows each card; the user fixes what the learner doubts, then Save stores the crops as `deck learn` does.

The learner is `vision.deck.learn` (found as the pile reader finds a played card, read by the shipped
recogniser); this module only runs it on the server's source and keeps what the page needs between taps.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion_api.decks import NO_VISION
from companion_api.errors import ApiError
from companion_api.settings import Settings

if TYPE_CHECKING:
    import numpy as np

    from vision.deck.learn import Sighting
    from vision.deck.samples import Sample
    from vision.deck.store import DeckStore

PICTURE = (128, 180)  # the card as the page shows it for checking (width, height)
STOP_WAIT_S = 10.0
PENDING = "?"  # the label of a sighting's index crops until Save names its card (the user may fix it first)
NO_ENROLMENT = "no deck enrolment: start one first (POST /api/enrolment)"


@dataclass
class Seen:
    """One card of the pass: the learner's sighting (its frame dropped once cut), its crops, its picture."""

    sighting: Sighting
    samples: list[Sample]
    picture: bytes
    fixed: bool = False


def pass_source(settings: Settings) -> str:
    """The camera or video the server watches; a recording of observations has no pictures to learn from."""
    source = settings.source
    if not source or str(source).endswith((".jsonl", ".json")):
        raise ApiError(409, "no camera to enrol a deck with: start the companion with --camera N, --source VIDEO "
                            "or --demo")
    return str(source)


class Pass:
    """A pass of one pack through the pile zone, read by a worker thread; the page reads `view()` as it goes."""

    def __init__(self, name: str, pack_size: int, source: str, calibration: Path | None) -> None:
        self.name, self.pack_size, self.source, self.calibration = name, pack_size, source, calibration
        self.state = "reading"  # reading -> read (source ended or stopped) | failed; -> saved
        self.error: str | None = None
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deck-enrolment", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _frames(self) -> Iterator[np.ndarray]:
        from vision.sources import open_source

        for frame in open_source(int(self.source) if self.source.isdigit() else self.source):
            if self._stop.is_set():
                return
            yield frame.image

    def _run(self) -> None:
        try:
            self._read()
        except Exception as exc:  # noqa: BLE001 - shown on the page, the server goes on
            with self._lock:
                self.state, self.error = "failed", str(exc) or type(exc).__name__
            return
        with self._lock:
            if self.state == "reading":
                self.state = "read"

    def _read(self) -> None:
        import cv2
        import numpy as np

        from vision.calibration import calibrate_from_markers, load_calibration_file
        from vision.deck.learn import iter_sightings, upright
        from vision.deck.samples import card_samples
        from vision.recognise.classifier import DEFAULT_MODEL
        from vision.recognise.identify import crop_scores

        frames = self._frames()
        first = next(frames, None)
        if first is None:
            raise ValueError(f"{self.source}: no frame could be read")
        calib = (load_calibration_file(self.calibration) if self.calibration is not None
                 else calibrate_from_markers(first, ("1", "2", "3")))
        rng = np.random.default_rng(0)
        for sighting in iter_sightings(itertools.chain([first], frames), calib,
                                       lambda crop: crop_scores(crop, DEFAULT_MODEL)):
            samples = card_samples(sighting.image, sighting.quad, PENDING, rng)
            ok, jpeg = cv2.imencode(".jpg", upright(sighting, PICTURE), [int(cv2.IMWRITE_JPEG_QUALITY), 85])
            seen = Seen(replace(sighting, image=np.zeros((1, 1, 3), np.uint8)), samples,
                        jpeg.tobytes() if ok else b"")
            with self._lock:
                self.seen.append(seen)

    def stop(self) -> None:
        """End the pass (a camera never ends by itself); returns once the worker has let go of the source."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(STOP_WAIT_S)

    def saved(self) -> None:
        with self._lock:
            self.state = "saved"

    @property
    def reading(self) -> bool:
        return self.state == "reading"

    def view(self) -> dict[str, Any]:
        from vision.deck.learn import doubtful, missing

        with self._lock:
            sightings = [s.sighting for s in self.seen]
            fixed = [s.fixed for s in self.seen]
            state, error = self.state, self.error
        unsure, twice = {i for i, s in enumerate(sightings) if s.unsure}, set(doubtful(sightings))
        return {"name": self.name, "pack": self.pack_size, "state": state, "error": error,
                "sightings": [{"index": i, "card": s.card, "confidence": round(s.confidence, 3),
                               "unsure": i in unsure, "twice": i in twice - unsure, "fixed": fixed[i]}
                              for i, s in enumerate(sightings)],
                "missing": missing(sightings, self.pack_size), "to_check": len(twice)}

    def _get(self, index: int) -> Seen:
        if not 0 <= index < len(self.seen):
            raise ApiError(404, f"no card {index} in this pass ({len(self.seen)} read so far)")
        return self.seen[index]

    def fix(self, index: int, card: str) -> None:
        """The user's reading of card `index`: sure from now on."""
        from engine.core.cards import CardError, parse_card
        from vision.deck.cards import pack

        try:
            card = parse_card(card)
        except CardError:
            raise ApiError(422, f"{card!r} is not a card (rank A 2-10 J Q K, suit S H D C)") from None
        if card not in pack(self.pack_size):
            raise ApiError(422, f"{card} is not a card of a {self.pack_size}-card pack")
        with self._lock:
            seen = self._get(index)
            seen.sighting = replace(seen.sighting, card=card, confidence=1.0)
            seen.fixed = True

    def picture(self, index: int) -> bytes:
        with self._lock:
            return self._get(index).picture

    def storable(self) -> tuple[list[Sample], list[int]]:
        """The crops of every card read surely and once (or fixed), each labelled with its card; and the indexes
        of the cards left out (still to check)."""
        from vision.deck.learn import doubtful

        with self._lock:
            seen = list(self.seen)
        left_out = doubtful([s.sighting for s in seen])
        samples = [replace(x, label=s.sighting.card) if x.label == PENDING else x
                   for i, s in enumerate(seen) if i not in left_out for x in s.samples]
        return samples, left_out


class Enrolments:
    """The one enrolment pass of the table (a second cannot watch the pile at the same time)."""

    def __init__(self, settings: Settings, decks: Callable[[bool], DeckStore | None]) -> None:
        self.settings = settings
        self.decks = decks
        self.current: Pass | None = None

    def _pass(self) -> Pass:
        if self.current is None:
            raise ApiError(404, NO_ENROLMENT)
        return self.current

    def start(self, name: str, pack_size: int) -> dict[str, Any]:
        source = pass_source(self.settings)
        if self.current is not None and self.current.reading:
            raise ApiError(409, f"a pass for deck {self.current.name} is still being read: stop or cancel it first")
        calibration = self.settings.calibration_path if self.settings.calibration_path.is_file() else None
        self.current = Pass(name, pack_size, source, calibration)
        self.current.start()
        return self.current.view()

    def view(self) -> dict[str, Any]:
        return self._pass().view()

    def fix(self, index: int, card: str) -> dict[str, Any]:
        enrolment = self._pass()
        if enrolment.state == "saved":
            raise ApiError(409, f"deck {enrolment.name} is saved already: start a new pass to enrol more")
        enrolment.fix(index, card)
        return enrolment.view()

    def picture(self, index: int) -> bytes:
        return self._pass().picture(index)

    def stop(self) -> dict[str, Any]:
        enrolment = self._pass()
        enrolment.stop()
        return enrolment.view()

    def cancel(self) -> None:
        self._pass().stop()
        self.current = None

    def save(self) -> dict[str, Any]:
        """Store the pass's sure cards in its deck (made if new, added to if not), all or nothing."""
        from vision.deck.store import DeckError

        enrolment = self._pass()
        if enrolment.state == "saved":
            raise ApiError(409, f"deck {enrolment.name} is saved already")
        enrolment.stop()
        samples, left_out = enrolment.storable()
        if not samples:
            raise ApiError(409, "nothing to save: no card of this pass was read surely (fix the unsure ones first)"
                           if enrolment.seen else "nothing to save: no card was read yet")
        store = self.decks(True)
        if store is None:  # the pass could not have read a card without the vision extras either
            raise ApiError(409, NO_VISION)
        try:
            stored = store.add(enrolment.name, samples, f"learn:phone:{enrolment.source}")
        except DeckError as exc:
            raise ApiError(422, str(exc)) from None
        enrolment.saved()
        return {**enrolment.view(), "stored_crops": stored, "left_out": left_out}
