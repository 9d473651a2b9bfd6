"""What a game at the table does the same way whatever the game: its engine game's event log applied all or
none, rolled back, stored as plain dicts and rebuilt from the store; players by name."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Correction
from engine.core.notices import Notice

from companion_api.games.base import TableError, TableSetup
from companion_api.store import GameRecord

log = logging.getLogger("nainjaune.companion")


class LoggedTable:
    """Base of each game's `Table`: a subclass says how to build its game (`new`), how its events read and write
    (`event_from_dict`, `event_to_dict`), which notices a tap may not raise (`breaks_a_rule`), which event starts
    a deal (`DEAL_START`) and which events a tap made (`CORRECTABLE`: what undo takes back)."""

    DEAL_START: type = object
    CORRECTABLE: tuple[type, ...] = ()
    POT_KIND = "pot"
    """What the ledger table calls the game's pots (Nain Jaune's boxes, Nap's pool)."""

    def __init__(self, setup: TableSetup, game: Any) -> None:
        self.setup = setup
        self.game = game
        self.revealed: dict[str, Any] = {}

    @classmethod
    def new(cls, setup: TableSetup) -> Any:
        """The table of a new game; a set-up the game refuses is a 422 with the engine's words."""
        if setup.dealer not in setup.players:
            raise TableError(422, f"the dealer {setup.dealer!r} is not one of the players")
        try:
            return cls(*cls.build(setup))
        except EngineError as exc:
            raise TableError(422, str(exc)) from None

    @classmethod
    def build(cls, setup: TableSetup) -> tuple[TableSetup, Any]:
        """The set-up as the game keeps it (its pots filled in) and the live engine game built from it."""
        raise NotImplementedError

    @staticmethod
    def event_from_dict(data: Any) -> Any:
        raise NotImplementedError

    @staticmethod
    def event_to_dict(event: Any) -> dict[str, Any]:
        raise NotImplementedError

    def breaks_a_rule(self, notice: Notice) -> bool:
        """Whether a tap that raised `notice` is refused (observations never are: the table did it)."""
        raise NotImplementedError

    def after_extend(self, events: Sequence[Any]) -> None:
        """What the table keeps beside the log follows the events just applied (nothing by default)."""

    @classmethod
    def from_record(cls, record: GameRecord) -> Any:
        """Rebuild a stored game by replaying its log (an event the engine now refuses is skipped, logged)."""
        setup = TableSetup(rules=record.rules, options=record.options, players=record.players,
                           chips=record.chips, dealer=record.dealer, board=record.board)
        table = cls.new(setup)
        for number, data in enumerate(record.events):
            try:
                table.game.apply(cls.event_from_dict(data))
            except (EngineError, ValueError) as exc:
                log.warning("stored event %d of game %d no longer applies: %s", number, record.id, exc)
        return table

    @property
    def events(self) -> list[Any]:
        events: list[Any] = self.game.events
        return events

    @property
    def start_board(self) -> dict[str, int]:
        return dict(self.setup.board)

    def name(self, seat: int | None) -> str | None:
        return None if seat is None else self.setup.players[seat]

    def seat(self, player: str) -> int:
        try:
            return self.setup.players.index(player)
        except ValueError:
            raise TableError(422, f"unknown player {player!r} (players: {', '.join(self.setup.players)})") from None

    def event_dicts(self, first: int) -> list[dict[str, Any]]:
        return [self.event_to_dict(e) for e in self.events[first:]]

    def extend(self, events: Sequence[Any], *, strict: bool) -> str | None:
        """Apply `events` (all or none). Returns the rule a tap broke (events rolled back) when `strict`."""
        start = len(self.events)
        applied_notices: list[Notice] = []
        try:
            for event in events:
                applied_notices.extend(self.game.apply(event))
        except (IllegalAction, EngineError) as exc:
            self.rollback(start)
            raise TableError(409, str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - an engine fault must not lose the game or answer a bare 500
            log.exception("the engine failed on %s", events)
            self.rollback(start)
            raise TableError(409, f"the game could not take this ({type(exc).__name__}: {exc})") from None
        broken = [n for n in applied_notices if self.breaks_a_rule(n)]
        if strict and broken:
            self.rollback(start)
            return broken[0].message
        self.after_extend(events)
        return None

    def rollback(self, length: int) -> None:
        """Back to a log of `length` events (a refused tap, or a transaction that failed)."""
        while len(self.events) > length:
            self.game.undo()

    def settlements(self) -> list[dict[str, Any]]:
        """Each settled deal as the API shows it (with its `deal_no`)."""
        raise NotImplementedError

    def stacks(self) -> list[dict[str, Any]]:
        """The stacks (`chips`) and pots (`board`) at the start and after each settled deal (`deal_no`)."""
        raise NotImplementedError

    def derived(self) -> dict[str, Any]:
        """What the deals, settlements and ledger tables hold, recomputed from the log."""
        starts = [(i, e) for i, e in self.game.effective_events() if isinstance(e, self.DEAL_START)]
        settled = len(self.game.state.results)
        deals = [{"deal_no": n, "dealer": self.setup.players[e.dealer], "first_seq": i,
                  "status": "settled" if n <= settled else "playing"} for n, (i, e) in enumerate(starts, start=1)]
        ledger: list[tuple[int, str, str, int]] = []
        for point in self.stacks():
            ledger += [(point["deal_no"], p, "player", c) for p, c in point["chips"].items()]
            ledger += [(point["deal_no"], b, self.POT_KIND, c) for b, c in point["board"].items()]
        return {"deals": deals, "settlements": {s["deal_no"]: s for s in self.settlements()}, "ledger": ledger}

    # corrections: the same for every game, since `Correction` is the core's

    def _deal_start(self) -> int:
        """The log index where the current deal (or hand) starts."""
        for index, event in reversed(self.game.effective_events()):
            if isinstance(event, self.DEAL_START):
                return int(index)
        return 0

    def last_undoable(self) -> int | None:
        """The last event of the current deal that a tap made (None: nothing to undo in it)."""
        deal_start = self._deal_start()
        for index, event in reversed(self.game.effective_events()):
            if index < deal_start:
                return None
            if isinstance(event, self.CORRECTABLE):
                return int(index)
        return None

    def effective(self, index: int) -> Any | None:
        """The event at `index` as it stands after corrections (None: deleted)."""
        if not 0 <= index < len(self.events):
            raise TableError(404, f"no event {index} (the log has {len(self.events)})")
        current: Any | None = self.events[index]
        for event in self.events[index + 1:]:
            if isinstance(event, Correction) and event.index == index:
                current = event.replacement
        return current

    def corrected(self) -> set[int]:
        """Indices of the events a later correction changed or removed."""
        targets = {e.index for e in self.events if isinstance(e, Correction)}
        return {i for i in targets if self.effective(i) != self.events[i]}

    def revert(self, index: int) -> tuple[Correction, dict[str, Any] | None, dict[str, Any] | None]:
        """The Correction that undoes the correction at `index`: its target back as it stood just before.

        Kept as a new correction (the log only grows), so a revert can itself be reverted."""
        if not 0 <= index < len(self.events):
            raise TableError(404, f"no event {index} (the log has {len(self.events)})")
        fix = self.events[index]
        if not isinstance(fix, Correction):
            raise TableError(409, f"event {index} is not a correction")
        before: Any | None = self.events[fix.index]
        for event in self.events[fix.index + 1:index]:
            if isinstance(event, Correction) and event.index == fix.index:
                before = event.replacement
        now = self.effective(fix.index)
        return Correction(fix.index, before), self._named_event(now), self._named_event(before)

    def _named_event(self, event: Any | None) -> dict[str, Any] | None:
        return None if event is None else self._named(self.event_to_dict(event))

    def _named(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event's dict with its player's name beside the seat number."""
        if isinstance(data.get("seat"), int) and 0 <= data["seat"] < len(self.setup.players):
            data["player"] = self.setup.players[data["seat"]]
        return data


__all__ = ["LoggedTable"]
