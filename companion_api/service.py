"""The table service: the one writer of the game. Routers and the observation feed call it; it talks to the engine
(through `companion_api.table`), persists every change in one transaction, and pushes the new state.

All mutations take `self._lock`, so two phones tapping at once, or a tap racing a camera observation, are applied
one after the other in a single order, which is also the order of the events in the database.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion_api import feed
from companion_api.decks import GamePictures, check_deck, deck_suggestion, open_decks, teach
from companion_api.enrolment import Enrolments
from companion_api.errors import ApiError
from companion_api.frames import FrameBuffer
from companion_api.games import GameTable, rules_catalogue, table_class
from companion_api.hub import Hub
from companion_api.schemas import CorrectionRequest, GameCreate
from companion_api.settings import Settings
from companion_api.store import Store
from companion_api.table import TableError, TableSetup

if TYPE_CHECKING:
    import numpy as np

    from vision.deck.store import DeckStore

log = logging.getLogger("nainjaune.companion")
Build = Callable[[GameTable], list[Any]]
Extra = Callable[[Any, int], None]
TAP = "tap"


class TableService:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.hub = Hub()
        self.frames = FrameBuffer()
        self._lock = asyncio.Lock()
        self.table: GameTable | None = None
        self.game_id: int | None = None
        self.sources: list[str] = []
        self.revision = 0
        self.source: dict[str, Any] = {"kind": "idle", "label": "", "running": False, "error": None}
        self.feed_notices: list[dict[str, Any]] = []
        self._feed_task: asyncio.Task[None] | None = None
        self._view: dict[str, Any] | None = None
        self.deck: str | None = None  # the enrolled deck the game's camera reads with
        self.pictures = GamePictures()
        self.enrolments = Enrolments(settings, self.deck_store)
        self._decks: DeckStore | None = None

    # --- life cycle ----------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Resume the last game from the database, then start the observation feed if one was given."""
        game_id = self.store.active_game_id()
        if game_id is not None:
            record = self.store.load_game(game_id)
            if record is not None:
                self.table = table_class(record.rules).from_record(record)
                self.game_id, self.sources = game_id, list(record.sources)
                self.table.revealed.update(self.store.get_meta(self._revealed_key) or {})
                self.deck = self.store.get_meta(self._deck_key)
        if self.settings.source:
            from companion_api.runner import run_source

            self._feed_task = asyncio.create_task(run_source(self, self.settings))

    async def stop(self) -> None:
        if self.enrolments.current is not None:
            await asyncio.to_thread(self.enrolments.current.stop)
        if self._feed_task is not None:
            self._feed_task.cancel()
            await asyncio.gather(self._feed_task, return_exceptions=True)

    # --- reading -------------------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The state the page shows (cached until the next change)."""
        if self._view is None:
            game = None
            if self.table is not None and self.game_id is not None:
                questions = self.store.open_questions(self.game_id)
                game = self.table.view(self.game_id, self.sources, questions, self.feed_notices)
            self._view = {
                "revision": self.revision,
                "game": game,
                "source": {**self.source, "camera_view": self.frames.active},
                "calibrated": self.settings.calibration_path.is_file(),
                "deck": self.deck,
            }
        return self._view

    def rules_catalogue(self) -> list[dict[str, Any]]:
        return rules_catalogue()

    def deck_store(self, create: bool = False) -> DeckStore | None:
        """The data directory's decks, opened on first use (the vision extras load only then); None while there
        are none, unless `create`."""
        if self._decks is None:
            self._decks = open_decks(self.settings.data_dir, create)
        return self._decks

    def changed(self) -> None:
        """Something outside the game changed (source status, calibration, first camera frame): push it."""
        self._publish()

    def set_source(self, **fields: Any) -> None:
        self.source.update(fields)
        self._publish()

    def _publish(self) -> None:
        self.revision += 1
        self._view = None
        self.hub.publish(self.view())

    # --- the single writer ---------------------------------------------------------------------------------

    @property
    def _revealed_key(self) -> str:
        return f"revealed:{self.game_id}"

    @property
    def _deck_key(self) -> str:
        return f"deck:{self.game_id}"

    def _require_table(self) -> GameTable:
        if self.table is None or self.game_id is None:
            raise ApiError(409, "no game yet: set one up first (POST /api/games)")
        return self.table

    def _commit(self, table: GameTable, events: list[Any], source: str, *, strict: bool,
                extra: Extra | None = None) -> GameTable:
        """Apply `events` and persist them in one transaction (see `_apply` and `_persist`)."""
        first = len(table.events)
        self._apply(table, events, strict=strict)
        self._persist(table, first, source, extra=extra)
        return table

    @staticmethod
    def _apply(table: GameTable, events: list[Any], *, strict: bool) -> None:
        """Apply `events` in memory only, all or none.

        `strict` (taps): an event the rules forbid is refused with 409. Observations are never refused for the
        rules: the engine records them and flags them with notices, as the camera saw them.
        """
        try:
            rejected = table.extend(events, strict=strict)
        except TableError as exc:
            raise ApiError(exc.status, str(exc)) from None
        if rejected:
            raise ApiError(409, rejected)

    def _persist(self, table: GameTable, first: int, source: str, *,
                 extra: Extra | None = None, create: Callable[[Any], int] | None = None) -> None:
        """Write the events from `first` on and what follows from them in one transaction, then publish.

        `extra(tx, first_index)` adds rows to the same transaction (corrections, questions); `create(tx)` makes
        the game row first and returns its id (a new game is stored whole or not at all). If the write fails,
        the table is rolled back to `first`: memory never runs ahead of the file.
        """
        try:
            with self.store.transaction() as tx:
                game_id = create(tx) if create is not None else self.game_id
                assert game_id is not None
                for offset, data in enumerate(table.event_dicts(first)):
                    self.store.append_event(tx, game_id, first + offset, data, source)
                if extra is not None:
                    extra(tx, first)
                self.store.write_derived(tx, game_id, **table.derived())
                self.store.set_status(tx, game_id, "over" if table.game_over else "active")
        except BaseException:
            table.rollback(first)
            raise
        if create is not None:
            self.table, self.game_id, self.sources = table, game_id, []
            self.deck = self.store.get_meta(self._deck_key)
            self.feed_notices.clear()
        self.sources.extend([source] * (len(table.events) - first))
        self._publish()

    async def _act(self, build: Build, source: str = TAP, *, strict: bool = True) -> dict[str, Any]:
        async with self._lock:
            table = self._require_table()
            try:
                events = build(table)
            except TableError as exc:
                raise ApiError(exc.status, str(exc)) from None
            self._commit(table, events, source, strict=strict)
            return self.view()

    # --- set-up and deals ----------------------------------------------------------------------------------

    async def new_game(self, req: GameCreate) -> dict[str, Any]:
        """The new game and its first deal are made in memory, then stored in one transaction with the old game's
        end: a set-up the engine refuses (say, too few chips to ante) leaves the running game as it was."""
        dealer = req.dealer or req.players[0]
        try:
            setup = TableSetup(rules=req.rules, options=dict(req.options), players=tuple(req.players),
                               chips={p: req.chips for p in req.players}, dealer=dealer)
            table = table_class(req.rules).new(setup)
            self._apply(table, table.start_deal(), strict=True)
        except TableError as exc:
            raise ApiError(exc.status, str(exc)) from None
        if req.deck is not None:
            check_deck(self.deck_store(), req.deck)

        def create(tx: Any) -> int:
            game_id = self.store.create_game(tx, rules=setup.rules, options=table.options, players=setup.players,
                                             chips=setup.chips, dealer=dealer, board=table.start_board)
            if req.deck is not None:
                self.store.set_meta(tx, f"deck:{game_id}", req.deck)
            return game_id

        async with self._lock:
            self._persist(table, 0, TAP, create=create)
            if req.deck is not None:
                self._mark_used(req.deck)
            return self.view()

    def _mark_used(self, deck: str) -> None:
        """The deck becomes the next set-up's default; the game stands even if the deck store cannot say so."""
        store = self.deck_store()
        try:
            if store is not None:
                store.use(deck)
        except (OSError, ValueError) as exc:
            log.warning("deck %s could not be marked as the last used: %s", deck, exc)

    async def resume_game(self, game_id: int) -> dict[str, Any]:
        """Bring back a game that a new one replaced: it becomes the table's game again, where it was left."""
        record = self.store.load_game(game_id)
        if record is None:
            raise ApiError(404, f"no game {game_id}")
        async with self._lock:
            table = table_class(record.rules).from_record(record)
            with self.store.transaction() as tx:
                self.store.reopen_game(tx, game_id, "over" if table.game_over else "active")
            self.table, self.game_id, self.sources = table, game_id, list(record.sources)
            self.table.revealed.update(self.store.get_meta(self._revealed_key) or {})
            self.deck = self.store.get_meta(self._deck_key)
            self.feed_notices.clear()
            self._publish()
            return self.view()

    async def next_deal(self) -> dict[str, Any]:
        return await self._act(lambda t: t.start_deal())

    # --- taps ----------------------------------------------------------------------------------------------

    async def play(self, card: str, player: str | None, *, call: bool = False) -> dict[str, Any]:
        return await self._act(lambda t: [t.play(player, card, call=call)])

    async def pass_(self, player: str | None) -> dict[str, Any]:
        return await self._act(lambda t: [t.pass_(player)])

    async def call(self, box: str, player: str | None) -> dict[str, Any]:
        return await self._act(lambda t: [t.call(player, box)])

    async def sweep(self, box: str, player: str | None) -> dict[str, Any]:
        return await self._act(lambda t: [t.sweep(player, box)])

    async def tap(self, action: str, fields: dict[str, Any]) -> dict[str, Any]:
        """One of the game's own taps (a Nap bid, the tricks won ...), named by `action`."""
        return await self._act(lambda t: t.tap(action, fields))

    async def showdown(self, hands: dict[str, list[str]]) -> dict[str, Any]:
        return await self._act(lambda t: t.showdown(hands))

    # --- corrections ---------------------------------------------------------------------------------------

    async def correct(self, req: CorrectionRequest) -> dict[str, Any]:
        async with self._lock:
            self._correct(self._require_table(), req)
            return self.view()

    async def undo(self) -> dict[str, Any]:
        async with self._lock:
            table = self._require_table()
            index = table.last_undoable()
            if index is None:
                raise ApiError(409, "nothing to undo in this deal")
            self._correct(table, CorrectionRequest(index=index, action="delete"))
            return self.view()

    def _correct(self, table: GameTable, req: CorrectionRequest) -> None:
        assert self.game_id is not None
        game_id = self.game_id
        try:
            correction, before, after = table.correction(req.index, req.action, player=req.player, card=req.card,
                                                         box=req.box, call=req.call, bid=req.bid, tricks=req.tricks)
        except TableError as exc:
            raise ApiError(exc.status, str(exc)) from None

        def record(tx: Any, first: int) -> None:
            self.store.add_correction(tx, game_id, seq=first, target_seq=req.index, before=before, after=after,
                                      source=self.sources[req.index] if req.index < len(self.sources) else TAP)

        seq = len(table.events)
        self._commit(table, [correction], TAP, strict=False, extra=record)
        card = (after or {}).get("card")
        if self.deck is not None and card and card != (before or {}).get("card"):
            self._teach(game_id, req.index, str(card), f"correction:{game_id}/{seq}")

    def _teach(self, game_id: int, index: int, card: str, source: str) -> None:
        """A card corrected in a game with a deck: the deck learns the picture the camera read it from."""
        assert self.deck is not None
        notice = teach(self.deck_store(), self.deck, self.pictures.get(game_id, index), card, source)
        self.feed_notices.append(notice)
        self._publish()

    async def revert_correction(self, index: int) -> dict[str, Any]:
        """Take back the correction at `index` (a deletion or a replacement): a one-tap mistake is not final."""
        async with self._lock:
            table = self._require_table()
            assert self.game_id is not None
            game_id = self.game_id
            try:
                correction, now, restored = table.revert(index)
            except TableError as exc:
                raise ApiError(exc.status, str(exc)) from None

            def record(tx: Any, first: int) -> None:
                self.store.add_correction(tx, game_id, seq=first, target_seq=correction.index, before=now or {},
                                          after=restored, source="revert")

            self._commit(table, [correction], TAP, strict=False, extra=record)
            return self.view()

    async def correct_showdown(self, hands: dict[str, list[str]]) -> dict[str, Any]:
        """Change the cards shown at the end of this deal; the deal is settled again from them."""
        async with self._lock:
            table = self._require_table()
            assert self.game_id is not None
            game_id = self.game_id
            try:
                correction, before, after = table.reshow(hands)
            except TableError as exc:
                raise ApiError(exc.status, str(exc)) from None

            def record(tx: Any, first: int) -> None:
                self.store.add_correction(tx, game_id, seq=first, target_seq=correction.index, before=before,
                                          after=after, source=TAP)

            self._commit(table, [correction], TAP, strict=False, extra=record)
            return self.view()

    async def answer(self, question_id: int, player: str | None) -> dict[str, Any]:
        async with self._lock:
            table = self._require_table()
            assert self.game_id is not None
            game_id = self.game_id
            question = next((q for q in self.store.open_questions(game_id) if q.id == question_id), None)
            if question is None:
                raise ApiError(404, f"no open question {question_id}")
            index = int(question.observation["event_index"])
            guess = question.observation.get("guess")
            if player is None or player == guess:
                with self.store.transaction() as tx:
                    self.store.close_question(tx, question_id, player)
                self._publish()
                return self.view()
            try:
                correction, before, after = table.correction(index, "replace", player=player)
            except TableError as exc:
                raise ApiError(exc.status, str(exc)) from None

            def record(tx: Any, first: int) -> None:
                self.store.close_question(tx, question_id, player)
                self.store.add_correction(tx, game_id, seq=first, target_seq=index, before=before, after=after,
                                          source="question")

            self._commit(table, [correction], TAP, strict=False, extra=record)
            return self.view()

    # --- observations from the camera pipeline (or a replayed file) -----------------------------------------

    async def observe_json(self, data: Any, source: str) -> dict[str, Any]:
        try:
            obs = feed.parse_observation(data)
        except feed.ObservationError as exc:
            raise ApiError(422, str(exc)) from None
        return await self.observe(obs, source)

    async def observe(self, obs: feed.Observation, source: str, crop: np.ndarray | None = None) -> dict[str, Any]:
        """Map one observation to engine events (see `companion_api.feed` for the format), all written in one
        transaction: a refused observation leaves the game as it was, even when it would have started a deal.
        `crop`: the upright picture a played card was read from, kept in case a correction teaches the deck."""
        async with self._lock:
            table = self._require_table()
            first, revealed = len(table.events), dict(table.revealed)
            try:
                write, extra = self._observed(table, obs)
                if write:
                    self._persist(table, first, source, extra=extra)
                if crop is not None and isinstance(obs, feed.CardPlayed) and len(table.events) > first:
                    assert self.game_id is not None
                    self.pictures.put(self.game_id, len(table.events) - 1, crop)
            except BaseException as exc:
                table.rollback(first)
                table.revealed.clear()
                table.revealed.update(revealed)
                if isinstance(exc, TableError):
                    raise ApiError(exc.status, str(exc)) from None
                raise
            if isinstance(obs, feed.CardCorrected) and len(table.events) > first:
                self._taught_by_camera(table, obs, first)
            return self.view()

    def _taught_by_camera(self, table: GameTable, obs: feed.CardCorrected, seq: int) -> None:
        """A rename the pipeline proved (`feed.PROVEN_RENAMES`, logged at `seq`) teaches the game's deck as a phone
        correction does; its guesses do not, lest a wrong runner-up be learnt."""
        if self.deck is None or obs.reason not in feed.PROVEN_RENAMES:
            return
        assert self.game_id is not None
        self._teach(self.game_id, table.events[seq].index, obs.card, f"correction:{self.game_id}/{seq}:{obs.reason}")

    def _observed(self, table: GameTable, obs: feed.Observation) -> tuple[bool, Extra | None]:
        """Apply `obs` to `table` in memory; returns whether there is anything to write, and the extra rows."""
        assert self.game_id is not None
        game_id = self.game_id
        if isinstance(obs, feed.CardPlayed):
            if table.needs_new_deal:
                self._apply(table, table.start_deal(), strict=False)
            first = len(table.events)
            events, guess, candidates = table.observed_play(obs)
            self._apply(table, events, strict=False)
            if obs.unseen:
                self.feed_notices.append(_card_unseen(obs.player, obs.card))
            # the hands the camera showed before this play ended the deal (the winner's last card, inferred)
            shown = table.shown_hands()
            self._apply(table, shown, strict=False)
            writes: list[Extra] = []
            if guess is not None:
                question = {**feed.observation_to_dict(obs), "guess": guess, "candidates": candidates,
                            "event_index": first + len(events) - 1}  # after the passes nobody saw
                writes.append(lambda tx, _: self.store.add_question(tx, game_id, question))
            if shown:
                writes.append(lambda tx, _: self.store.set_meta(tx, self._revealed_key, {}))
            return True, _in_turn(writes)
        if isinstance(obs, (feed.CardCorrected, feed.PlayerCorrected)):
            events = table.observed_rename(obs) if isinstance(obs, feed.CardCorrected) else table.observed_reassign(obs)
            self._apply(table, events, strict=False)
            return bool(events), None
        if isinstance(obs, feed.DealResumed):  # the camera withdrew its deal end: forget the hands shown, say so
            self._apply(table, table.resumed_deal(), strict=False)
            self.feed_notices.append({"kind": "deal_resumed", "message": "the camera saw play go on after the "
                                      "deal's end" + (f": {obs.reason}" if obs.reason else "")})
            return True, lambda tx, _: self.store.set_meta(tx, self._revealed_key, {})
        if isinstance(obs, feed.PlayWithdrawn):
            events = table.observed_withdrawal(obs)
            self._apply(table, events, strict=False)
            if events and obs.cause == feed.HAND_OVER_PILE:
                self.feed_notices.append({"kind": "held_read_withdrawn", "card": obs.card,
                                          "message": f"the camera takes back {obs.card}: it read it while a hand was "
                                                     "over the pile, and the card laid next shows no card was laid"})
            elif events:
                self.feed_notices.append({"kind": "play_withdrawn", "card": obs.card,
                                          "message": f"the camera takes back {obs.card}, which it had inferred"
                                                     + (f": {obs.reason}" if obs.reason else "")})
            return bool(events), None
        if isinstance(obs, feed.BoxSwept):
            self._apply(table, table.observed_sweep(obs), strict=False)
            return True, None
        if isinstance(obs, feed.Passed):
            self._apply(table, [table.pass_(obs.player)], strict=False)
            return True, None
        if isinstance(obs, feed.HandRevealed):
            events = table.reveal(obs.player, list(obs.cards))
            self.feed_notices += [{"kind": "hand_guessed", "player": obs.player, "card": card,
                                   "message": f"{obs.player}'s {card} was not read, only guessed: check that hand"}
                                  for card in obs.guessed or ()]
            self.feed_notices += [_card_unseen(obs.player, card) for card in obs.laid_unseen or ()]
            self.feed_notices += deck_suggestion(self.deck, obs.guessed, self.feed_notices)
            self._apply(table, events, strict=False)
            waiting = {} if events else {p: list(c) for p, c in table.revealed.items()}
            return True, lambda tx, _: self.store.set_meta(tx, self._revealed_key, waiting)  # survives a restart
        self._cross_check(table, obs)
        return False, None

    def _cross_check(self, table: GameTable, obs: feed.Observation) -> None:
        """`deal_over`, `call_missed`, `call_withdrawn`, `settlement`: the engine decides these itself; disagreements
        are shown."""
        disagreement = table.disagreement(obs)
        if disagreement:
            self.feed_notices.append({"kind": "pipeline_disagrees", "message": disagreement})
            self._publish()

    # --- exports -------------------------------------------------------------------------------------------

    def export_game(self, game_id: int) -> dict[str, Any]:
        record = self.store.load_game(game_id)
        if record is None:
            raise ApiError(404, f"no game {game_id}")
        return {
            "game": game_id,
            "created_at": record.created_at,
            "rules": record.rules,
            "options": record.options,
            "players": list(record.players),
            "dealer": record.dealer,
            "chips": record.chips,
            "board": record.board,
            "status": record.status,
            "deck": self.store.get_meta(f"deck:{game_id}"),
            "events": [{**e, "source": s} for e, s in zip(record.events, record.sources)],
            "corrections": self.store.corrections(game_id),
            "settlements": self.store.settlements(game_id),
        }

    def ledger_csv(self, game_id: int) -> str:
        if self.store.load_game(game_id) is None:
            raise ApiError(404, f"no game {game_id}")
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["deal_no", "holder", "kind", "chips"])
        for row in self.store.ledger(game_id):
            writer.writerow([row["deal_no"], spreadsheet_safe(row["holder"]), row["holder_kind"], row["chips"]])
        return out.getvalue()


def _card_unseen(player: str | None, card: str) -> dict[str, Any]:
    """The notice for a card nobody saw laid, inferred from the hands laid out (a winner's last card, or one a
    loser's count says they laid): the family is asked to check it."""
    return {"kind": "card_unseen", "player": player, "card": card,
            "message": f"nobody saw {player} lay {card}: the camera inferred it from the hands laid out; check it"}


def _in_turn(writes: Sequence[Extra]) -> Extra | None:
    """One extra that makes each of `writes` in the same transaction (None when there are none)."""
    if not writes:
        return None

    def extra(tx: Any, first: int) -> None:
        for write in writes:
            write(tx, first)
    return extra


def spreadsheet_safe(cell: str) -> str:
    """A name opened in a spreadsheet stays text: a leading = + - @ (or tab, CR) would make it a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
