"""The only module that speaks to the engine: a live `engine.nain_jaune.game.Game` with the table's names, the builders
that turn taps and observations into engine events, and the view the phone page shows.

The engine works with seats and card codes; everything here is by player name, so the API and the page never
see a seat number.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from companion_api import feed
from companion_api.games.base import TableError, TableSetup
from companion_api.games.logged import LoggedTable
from companion_api.games.options import option_spec, option_words_by_language
from companion_api.store import Question
from engine.core.errors import EngineError
from engine.core.ledger import Payment
from engine.core.notices import Notice
from engine.nain_jaune import notices as nt
from engine.nain_jaune.cards import BOXES, Card, CardError, parse_card
from engine.nain_jaune.events import (
    Ante, Call, Correction, Deal, Event, NewDeal, Pass, Play, Settlement, Showdown, Sweep, event_from_dict,
    event_to_dict,
)
from engine.nain_jaune.game import Game
from engine.nain_jaune.live import (late_sweep, reassignment, renamed_play, reopened_deal, stopped_at_will,
                                    swapped_plays, sweep_proof, unseen_passes, withdrawn_play)
from engine.nain_jaune.rules import RULESETS, rules_class
from engine.nain_jaune.state import ANTE, IDLE, OVER, PLAY, SETTLED

CORRECTABLE = (Play, Pass, Call, Sweep)
SETTLEMENT_REASONS = ("cards", "opera", "bete", "sweep", "hoc")
PHASES = {IDLE: "idle", ANTE: "ante", PLAY: "play", OVER: "showdown", SETTLED: "settled"}
STOPS_AT_WILL = "stops_at_will"
STOPS_AT_WILL_TEXT = ("a player stopped, then laid the card they could have laid: this table stops at will; tick "
                      "\"Stopping at will\" for the next game (this deal's stops tell nothing of the hands)")
"""The notice while the option `stop_at_will` is off and a stop of this deal was contradicted
(`engine.nain_jaune.live.stopped_at_will`): the family plays otherwise than set up, and the camera reads the hands
better with the option that says how they play."""


# --- rule sets for the setup form ---------------------------------------------------------------------------


def rules_catalogue() -> list[dict[str, Any]]:
    out = []
    for name in RULESETS:
        try:
            cls = rules_class(name)
        except EngineError:
            continue  # a rule set not in this version
        hints = typing.get_type_hints(cls.Options)
        options = [option_spec(f.name, hints[f.name], f.default, f.metadata.get("doc", ""),
                               f.metadata.get("label"), option_words_by_language(f.metadata))
                   for f in dataclasses.fields(cls.Options)]
        out.append({"name": name, "label": cls.title, "titles": dict(cls.titles), "players": list(cls.player_counts),
                    "options": options})
    return out


# --- the table ----------------------------------------------------------------------------------------------


def _card(text: str, what: str = "card") -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
        raise TableError(422, f"{what}: {exc}") from None


class Table(LoggedTable):
    """A game at the table. Mutated only by the service's single writer, through `extend` and `rollback`."""

    event_from_dict = staticmethod(event_from_dict)
    event_to_dict = staticmethod(event_to_dict)
    DEAL_START = NewDeal
    CORRECTABLE = CORRECTABLE
    POT_KIND = "box"

    # construction

    @classmethod
    def build(cls, setup: TableSetup) -> tuple[TableSetup, Game]:
        setup = dataclasses.replace(setup, board=setup.board or {b: 0 for b in BOXES})
        return setup, Game(setup.players, rules=setup.rules, options=setup.options, chips=setup.chips,
                           board=setup.board, live=True)

    # properties

    @property
    def options(self) -> dict[str, Any]:
        return self.game.rules.options.to_dict()

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def game_over(self) -> bool:
        return bool(self.state.game_over)

    @property
    def needs_new_deal(self) -> bool:
        return self.state.phase in (IDLE, SETTLED) and not self.game_over

    def breaks_a_rule(self, notice: Notice) -> bool:
        return notice.kind in nt.STRICT_ERRORS

    def after_extend(self, events: Sequence[Event]) -> None:
        if any(isinstance(e, Settlement) for e in events):
            self.revealed.clear()

    # builders: taps and observations -> engine events

    def start_deal(self) -> list[Event]:
        st = self.state
        if st.phase not in (IDLE, SETTLED):
            raise TableError(409, "the current deal is not settled yet")
        if self.game_over:
            raise TableError(409, "the game is over: " + self._ruined_text())
        n = st.n_players
        dealer = self.seat(self.setup.dealer) if st.dealer is None else self.game.rules.next_dealer(st.dealer, n)
        rules = self.game.rules
        antes = [Ante(seat, tuple(rules.ante(n, dealer, seat))) for seat in range(n)]
        return [NewDeal(dealer), *[a for a in antes if sum(a.stakes)], Deal(None)]

    def _ruined_text(self) -> str:
        st = self.state
        poor = [self.setup.players[s] for s, c in enumerate(st.chips) if c < 15]
        return f"{', '.join(poor)} cannot ante any more" if poor else "the last deal was played"

    def _actor(self, player: str | None) -> int:
        if player is not None:
            return self.seat(player)
        st = self.state
        if st.phase != PLAY or st.to_move is None:
            raise TableError(409, f"nobody is to play: {self.game.whose_turn()}")
        return int(st.to_move)

    def play(self, player: str | None, card: str, *, call: bool = False, confidence: float | None = None) -> Play:
        return Play(self._actor(player), _card(card), call, confidence)

    def pass_(self, player: str | None) -> Pass:
        return Pass(self._actor(player))

    def _claimant(self, player: str | None, box: str) -> int:
        """Who calls or sweeps `box` when the page does not say: whoever laid its honour, else the last player."""
        if player is not None:
            return self.seat(player)
        st = self.state
        rules = self.game.rules
        for seat, card, _ in reversed(st.pending):
            if rules.box_for(card) == box:
                return int(seat)
        owner = st.played_by.get(box)
        if owner is not None:
            return int(owner)
        if st.last_seat is None:
            raise TableError(409, f"nobody has played yet: who takes the {box} box?")
        return int(st.last_seat)

    def tap(self, action: str, fields: Mapping[str, Any]) -> list[Event]:
        raise TableError(404, f"Nain Jaune has no tap {action!r}: its taps are /api/play, /api/pass, /api/call")

    def call(self, player: str | None, box: str) -> Call:
        box = _card(box, "box")
        return Call(self._claimant(player, box), box)

    def sweep(self, player: str | None, box: str) -> Sweep:
        box = _card(box, "box")
        return Sweep(self._claimant(player, box), box)

    def observed_sweep(self, obs: feed.BoxSwept) -> list[Event]:
        """The sweep, after the corrections it proves: the camera's last card was the box's honour, misread
        (`engine.nain_jaune.live.sweep_proof`). A sweep told late (`swept_at`) makes the honour's play, whose call
        the engine counted missed, a call (`engine.nain_jaune.live.late_sweep`)."""
        sweep = self.sweep(obs.player, obs.box)
        late = late_sweep(self.game, sweep.seat, sweep.box) if obs.swept_at is not None else None
        if late is not None:
            return [late]
        return [*sweep_proof(self.game, sweep.seat, sweep.box), sweep]

    def observed_rename(self, obs: feed.CardCorrected) -> list[Event]:
        """The correction renaming this deal's latest play of `was`, or its first (`obs.first`), or the two trading
        the cards of its latest plays of `was` and `card` (`obs.swap`); nothing when there is none (e.g. already
        renamed)."""
        if obs.swap:
            return list(swapped_plays(self.game, obs.was, obs.card))
        fix = renamed_play(self.game, obs.was, obs.card, bool(obs.first))
        return [] if fix is None else [fix]

    def observed_reassign(self, obs: feed.PlayerCorrected) -> list[Event]:
        """The correction giving this deal's play of `card` to `player`, with the sweep and call of its box if it is
        an honour (nothing when there is no such play, or it is theirs already)."""
        return list(reassignment(self.game, obs.card, self.seat(obs.player)))

    def observed_withdrawal(self, obs: feed.PlayWithdrawn) -> list[Event]:
        """The correction removing this deal's latest play of `obs.card` (nothing when there is none)."""
        fix = withdrawn_play(self.game, obs.card)
        return [] if fix is None else [fix]

    def resumed_deal(self) -> list[Event]:
        """The camera saw cards laid after the deal's end: the hands shown so far are forgotten, and the showdown
        and settlement this deal already has are withdrawn (`engine.nain_jaune.live.reopened_deal`)."""
        self.revealed.clear()
        return list(reopened_deal(self.game))

    def losers_to_reveal(self) -> list[str]:
        st = self.state
        if st.phase != OVER:
            return []
        return [p for s, p in enumerate(self.setup.players) if not st.hand_known(s)]

    def showdown(self, hands: Mapping[str, Sequence[str]]) -> list[Event]:
        """The losers' cards, then the settlement, in one step."""
        if self.state.phase != OVER:
            raise TableError(409, f"no showdown now: {self.game.whose_turn()}")
        shown: dict[int, tuple[Card, ...]] = {}
        for player, cards in hands.items():
            shown[self.seat(player)] = tuple(_card(c, f"{player}'s cards") for c in cards)
        missing = [p for p in self.losers_to_reveal() if self.seat(p) not in shown]
        if missing:
            raise TableError(422, f"the cards of {', '.join(missing)} are missing")
        row = tuple(shown.get(s) for s in range(len(self.setup.players)))
        return [Showdown(row), Settlement()]

    def reshow(self, hands: Mapping[str, Sequence[str]]) -> tuple[Correction, dict[str, Any], dict[str, Any]]:
        """The correction of this deal's shown hands (a card picked wrong, or a play given to another player
        after the showdown): the settlement is then worked out again from the corrected hands."""
        index = next((i for i, e in reversed(self.game.effective_events())
                      if i >= self._deal_start() and isinstance(e, Showdown)), None)
        if index is None:
            raise TableError(409, "no hands have been shown in this deal")
        shown = self.effective(index)
        assert isinstance(shown, Showdown)
        row = list(shown.hands)
        for player, cards in hands.items():
            row[self.seat(player)] = tuple(_card(c, f"{player}'s cards") for c in cards)
        replacement = Showdown(tuple(row))
        return (Correction(index, replacement), self._named(event_to_dict(shown)),
                self._named(event_to_dict(replacement)))

    def reveal(self, player: str, cards: list[str]) -> list[Event]:
        """A loser's hand seen by the camera; the showdown happens once every loser has shown."""
        self.seat(player)
        self.revealed[player] = tuple(_card(c) for c in cards)
        return self.shown_hands()

    def shown_hands(self) -> list[Event]:
        """The showdown, once the deal is over and every loser's hand was seen: the camera may show the hands before
        the engine sees the deal end (the winner's last card, which nobody saw, is inferred after them)."""
        losers = self.losers_to_reveal()
        if losers and all(p in self.revealed for p in losers):
            return self.showdown({p: list(self.revealed[p]) for p in losers})
        return []

    def observed_play(self, obs: feed.CardPlayed) -> tuple[list[Event], str | None, list[str]]:
        """The play with the passes the camera could not see before it, plus (guess, candidates) when the
        pipeline could not tell who played."""
        guess: str | None = None
        candidates: list[str] = []
        player = obs.player
        if player is None:
            players = self.setup.players
            candidates = [c for c in obs.candidates if c in players] or list(players)
            turn = self.name(self.state.to_move)
            guess = player = turn if turn in candidates else candidates[0]
        play = self.play(player, obs.card, call=obs.call, confidence=obs.confidence)
        return [*unseen_passes(self.game, play.seat, play.card), play], guess, candidates

    # corrections

    def correction(self, index: int, action: str, *, player: str | None = None, card: str | None = None,
                   box: str | None = None, call: bool | None = None,
                   **other: Any) -> tuple[Correction, dict[str, Any], dict[str, Any] | None]:
        """The Correction event, and (before, after) as dicts: the pair kept as a training label."""
        unknown = [k for k, v in other.items() if v is not None]
        if unknown:
            raise TableError(422, f"a Nain Jaune event has no {', '.join(unknown)} to change")
        event = self.effective(index)
        if event is None:
            raise TableError(409, f"event {index} was already undone")
        if not isinstance(event, CORRECTABLE):
            raise TableError(409, f"event {index} is a {event.kind}: only plays, passes, calls and sweeps "
                                  "can be corrected")
        before = self._named(event_to_dict(event))
        if action == "delete":
            return Correction(index, None), before, None
        changes: dict[str, Any] = {}
        if player is not None:
            changes["seat"] = self.seat(player)
        if card is not None and hasattr(event, "card"):
            changes["card"] = _card(card)
        if box is not None and isinstance(event, Sweep):
            changes["box"] = _card(box, "box")
        if call is not None and isinstance(event, Play):
            changes["call"] = call
        if not changes:
            raise TableError(422, "nothing to change: give a new player, card, box or call")
        replacement = dataclasses.replace(event, **changes)
        return Correction(index, replacement), before, self._named(event_to_dict(replacement))

    def disagreement(self, obs: feed.Observation) -> str | None:
        """Where the pipeline's own conclusion differs from the engine's."""
        st = self.state
        if isinstance(obs, feed.DealOver):
            winner = self.name(st.winner)
            if obs.winner and obs.winner != winner:
                return f"the camera says {obs.winner} went out; the game says {winner or 'nobody yet'}"
        elif isinstance(obs, feed.CallMissed):
            missed = {(self.setup.players[s], c) for s, c, _ in st.missed_calls}
            if obs.player and (obs.player, obs.card) not in missed and st.pending == []:
                return f"the camera saw {obs.player} forget to call {obs.card}; the game did not"
        elif isinstance(obs, feed.CallWithdrawn):
            missed = {(self.setup.players[s], c) for s, c, _ in st.missed_calls}
            if obs.player and (obs.player, obs.card) in missed:
                return f"the camera no longer says {obs.player} forgot to call {obs.card}; the game still does"
        elif isinstance(obs, feed.SettlementSeen) and st.results:
            # the stacks after the deal, or (the pipeline settles each deal alone) what the deal changed
            players = self.setup.players
            before = st.results[-2].chips if len(st.results) > 1 else tuple(self.setup.chips[p] for p in players)
            after = dict(zip(players, st.results[-1].chips))
            ours = {p: after[p] - b for p, b in zip(players, before)}
            theirs = {p: obs.chips.get(p, 0) - self.setup.chips[p] for p in players}
            if obs.chips != after and ours != theirs:
                return f"the camera's settlement moves {theirs} chips; the game's moves {ours}"
        return None

    # views

    def _party(self, party: int | str) -> str:
        return self.setup.players[party] if isinstance(party, int) else str(party)

    def _payments(self, payments: Sequence[Payment]) -> list[dict[str, Any]]:
        """What each payer owed (`due`) and paid (`amount`); every bête is listed, also one that was not paid."""
        return [{"payer": self._party(p.source), "payee": self._party(p.target), "amount": p.amount,
                 "due": p.due, "card": p.card, "reason": p.reason}
                for p in payments if p.reason in SETTLEMENT_REASONS and (p.amount or p.due or p.reason == "bete")]

    def _antes(self, payments: Sequence[Payment]) -> dict[str, int]:
        """Chips each player staked on the board for the deal (the settlement shows them)."""
        antes: dict[str, int] = {}
        for p in payments:
            if p.reason == "ante" and isinstance(p.source, int):
                name = self.setup.players[p.source]
                antes[name] = antes.get(name, 0) + p.amount
        return antes

    def settlements(self) -> list[dict[str, Any]]:
        players = self.setup.players
        return [{
            "deal_no": r.number,
            "winner": players[r.winner],
            "opera": r.opera,
            "payments": self._payments(r.payments),
            "chips": dict(zip(players, r.chips)),
            "board": dict(zip(BOXES, r.board)),
            "missed_calls": [{"player": players[s], "card": c} for s, c in r.missed_calls],
            "antes": self._antes(r.payments),
            "remaining": {players[s]: list(hand) for s, hand in enumerate(r.remaining) if hand},
        } for r in self.state.results]

    def stacks(self) -> list[dict[str, Any]]:
        start = {"deal_no": 0, "chips": dict(self.setup.chips), "board": dict(self.setup.board)}
        return [start, *({"deal_no": s["deal_no"], "chips": s["chips"], "board": s["board"]}
                         for s in self.settlements())]

    def _sequence(self) -> list[Card]:
        """The current run: the longest tail of the pile where each card follows the one before."""
        pile = self.state.pile
        if self.state.wanted is None or self.state.phase != PLAY:
            return []
        run: list[Card] = []
        for card in reversed(pile):
            if run and not self.game.rules.follows(card, run[-1]):
                break
            run.append(card)
        return run[::-1]

    def _event_view(self, index: int, event: Event, source: str, corrected: bool) -> dict[str, Any]:
        data = self._named(event_to_dict(event))
        if isinstance(event, Correction):
            text = f"correction of #{event.index}" + ("" if event.replacement is None else ": " + " ".join(
                str(v) for k, v in self._named(event_to_dict(event.replacement)).items() if k not in ("seat",)))
        else:
            what = " ".join(str(data[k]) for k in ("card", "box") if k in data)
            text = " ".join(w for w in (data.get("player"), event.kind.replace("_", " "), what) if w)
        return {"index": index, "kind": event.kind, "text": text, "player": data.get("player"),
                "card": data.get("card"), "box": data.get("box"), "confidence": data.get("confidence"),
                "source": source, "corrected": corrected, "data": data}

    def view(self, game_id: int, sources: Sequence[str], questions: Sequence[Question],
             feed_notices: Sequence[dict[str, Any]]) -> dict[str, Any]:
        st = self.state
        players = self.setup.players
        rules = self.game.rules
        start = self._deal_start()
        corrected = self.corrected()
        in_deal = st.phase in (PLAY, OVER)
        last_play = None
        for index, event in reversed(self.game.effective_events()):
            if index < start:
                break
            if isinstance(event, Play):
                last_play = {"player": players[event.seat], "card": event.card, "confidence": event.confidence,
                             "index": index}
                break
        effective = [e for i, e in self.game.effective_events() if i >= start]
        pending = None
        if st.pending:
            seat, card, _ = st.pending[-1]
            box = rules.box_for(card)
            if box is not None:
                pending = {"player": players[seat], "box": box, "stake": st.board[box]}
        notices = []
        for n in self.game.notices:
            if n.index < start:
                continue
            box = rules.box_for(n.card) if n.card else None
            notices.append({"kind": n.kind, "message": n.message, "player": self.name(n.seat), "card": n.card,
                            "box": box, "event_index": n.index,
                            "stake": st.board[box] if box and n.kind == nt.CALL_MISSED else None})
        if self.options.get("stop_at_will") is False and in_deal and stopped_at_will(self.game):
            notices.append({"kind": STOPS_AT_WILL, "message": STOPS_AT_WILL_TEXT, "player": None, "card": None})
        notices += [{"kind": f["kind"], "message": f["message"], "player": f.get("player"), "card": f.get("card")}
                    for f in feed_notices[-5:]]
        return {
            "id": game_id,
            "rules": self.setup.rules,
            "options": self.options,
            "players": [{"name": p, "seat": s, "chips": st.chips[s], "cards_left": st.counts[s] if in_deal else None,
                         "is_turn": st.phase == PLAY and st.to_move == s, "is_dealer": st.dealer == s}
                        for s, p in enumerate(players)],
            "dealer": self.name(st.dealer) or self.setup.dealer,
            "deal_no": st.deals_played + (1 if st.phase in (ANTE, PLAY, OVER) else 0),
            "phase": PHASES.get(st.phase, st.phase),
            "turn": self.name(st.to_move) if st.phase == PLAY else None,
            "wanted": None if st.wanted is None or st.phase != PLAY else str(st.wanted),
            "sequence": self._sequence(),
            "stopped": bool(effective) and isinstance(effective[-1], Pass) and st.wanted is not None,
            "board": dict(st.board),
            "last_play": last_play,
            "pending_call": pending,
            "losers_to_reveal": self.losers_to_reveal(),
            "winner": self.name(st.winner) if st.phase in (OVER, SETTLED) else None,
            "opera": bool(st.opera),
            "game_over": self.game_over,
            "events": [self._event_view(i, e, sources[i] if i < len(sources) else "tap", i in corrected)
                       for i, e in enumerate(self.events) if i >= start],
            "notices": notices,
            "questions": [{"id": q.id, "card": q.observation["card"], "candidates": q.observation["candidates"],
                           "confidence": q.observation.get("confidence")} for q in questions],
            "settlements": self.settlements(),
            "stacks": [{"deal_no": p["deal_no"], "chips": p["chips"]} for p in self.stacks()],
            "played": list(st.pile),
        }
