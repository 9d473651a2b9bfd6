"""A game as an event log and the state folded from it, with undo, redo and corrections.

Every game keeps the same log discipline, so it lives here once: a game subclasses
:class:`EventLog`, says how to start a fresh state (:meth:`EventLog._fresh_state`) and registers one
fold step per event type in ``HANDLERS``. The log keeps every event it was given; the state is the
fold of the log with its corrections applied.

Two modes, chosen per game instance:

* **strict** (``live=False``): an event the rules forbid raises :class:`IllegalAction` and leaves
  the game unchanged (handlers check before they change anything);
* **live** (``live=True``, fed by a camera): a rule broken at the table becomes a :class:`Notice`
  and the game follows what was seen.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar

from engine.core.cards import RANK
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Correction
from engine.core.notices import Notice

StateT = TypeVar("StateT")

Handler = Callable[[Any, Any, int], None]
"""A fold step: ``handler(game, event, log_index)``, updating ``game.state`` in place."""


class EventLog(Generic[StateT]):
    """The event log of one game and the state it folds to."""

    HANDLERS: ClassVar[Mapping[type, Handler]]
    """Fold step by event type. Plain functions, not bound methods kept on each game: those would
    make every game a reference cycle, freed only by the cyclic garbage collector (which long
    simulations pause)."""

    state: StateT

    def __init__(self, *, live: bool = False) -> None:
        self.live = live
        self.events: list[Any] = []
        self.notices: list[Notice] = []
        self._redo: list[Any] = []
        self._corrections: dict[int, Any] = {}

    def _fresh_state(self) -> StateT:
        """The state before the first event."""
        raise NotImplementedError

    # ---- the log --------------------------------------------------------------------------------

    def apply(self, event: Any) -> Sequence[Notice]:
        """Fold one event into the state and append it to the log; return the notices it raised
        (an empty tuple when none).

        Strict mode: an illegal event raises :class:`IllegalAction` and nothing changes.
        """
        if self._redo:
            self._redo.clear()
        try:
            handler = self.HANDLERS[type(event)]
        except KeyError:
            raise EngineError(f"not an event of this game: {event!r}") from None
        events = self.events
        notices = self.notices
        before = len(notices)
        try:
            handler(self, event, len(events))
        except IllegalAction:
            # handlers check before they change anything: only notices may need dropping
            del self.notices[before:]
            raise
        except Exception:
            # leave the game as it was: refold the log without this event
            self._rebuild()
            raise
        if handler is _fold_correction:
            notices = self.notices  # a correction refolds, which replaces the list
        else:
            events.append(event)
        if len(notices) == before:
            return ()
        return notices[before:]

    def extend(self, events: Iterable[Any]) -> list[Notice]:
        """Apply several events; return all their notices."""
        out: list[Notice] = []
        for event in events:
            out.extend(self.apply(event))
        return out

    def effective_events(self) -> list[tuple[int, Any]]:
        """``(log index, event)`` of the events the state is folded from: the log with its
        corrections applied and the corrections themselves left out."""
        out = []
        corrections = self._corrections
        for index, event in enumerate(self.events):
            if type(event) is Correction:
                continue
            if index in corrections:
                replacement = corrections[index]
                if replacement is None:
                    continue
                event = replacement
            out.append((index, event))
        return out

    def _rebuild(self) -> None:
        self.state = self._fresh_state()
        self.notices = []
        self._corrections = {}
        for event in self.events:
            if type(event) is Correction:
                self._corrections[event.index] = event.replacement
        handlers = self.HANDLERS
        for index, event in self.effective_events():
            handlers[type(event)](self, event, index)

    def _on_correction(self, event: Correction, index: int) -> None:
        target = event.index
        if (type(target) is not int or not 0 <= target < index or type(self.events[target]) is Correction):
            raise IllegalAction(f"a correction must name an earlier event that is not a correction, not {target!r}",
                                kind="malformed", index=index)
        if event.replacement is not None and (type(event.replacement) is Correction
                                              or type(event.replacement) not in self.HANDLERS):
            raise IllegalAction("a correction must put in an event other than a correction", kind="malformed",
                                index=index)
        self.events.append(event)
        try:
            self._rebuild()
        except Exception:
            self.events.pop()
            self._rebuild()
            raise

    def correct(self, index: int, replacement: Any) -> Sequence[Notice]:
        """Replace the event at ``index`` of the log (``None``: remove it) and refold."""
        return self.apply(Correction(index, replacement))

    def undo(self) -> Any:
        """Drop the last event of the log and refold; return it (``redo`` puts it back)."""
        if not self.events:
            raise EngineError("nothing to undo")
        event = self.events.pop()
        self._rebuild()
        self._redo.append(event)
        return event

    def redo(self) -> Any | None:
        """Re-apply the last undone event (``None`` when there is none)."""
        if not self._redo:
            return None
        redo = self._redo
        event = redo.pop()
        self._redo = []
        try:
            self.apply(event)
        except Exception:
            redo.append(event)
            raise
        finally:
            self._redo = redo
        return event

    # ---- what fold steps check and report --------------------------------------------------------

    def _check_seat(self, seat: object, index: int) -> int:
        """``seat`` when it is a seat of this game (the state's ``n_players``); else a malformed event."""
        n_players: int = self.state.n_players  # type: ignore[attr-defined]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n_players:
            raise IllegalAction(f"no seat {seat!r}", kind="malformed", index=index)
        return seat

    def _check_card(self, card: object, index: int) -> str:
        """``card`` when it is a card code of the pack; else a malformed event."""
        if card not in RANK:
            raise IllegalAction(f"unknown card {card!r}", kind="malformed", index=index)
        return card  # type: ignore[return-value]


    def _violation(self, kind: str, message: str, index: int, seat: int | None = None,
                   card: str | None = None) -> None:
        """A rule broken: an error in strict mode, a notice in live mode (the table did it)."""
        if not self.live:
            raise IllegalAction(message, kind=kind, index=index)
        self.notices.append(Notice(kind, index, message, seat, card))

    def _notice(self, kind: str, message: str, index: int, seat: int | None = None, card: str | None = None) -> None:
        self.notices.append(Notice(kind, index, message, seat, card))


_fold_correction = EventLog._on_correction
EventLog.HANDLERS = {Correction: _fold_correction}
