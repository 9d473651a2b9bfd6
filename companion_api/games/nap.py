"""Nap at the table: a live `engine.nap.game.Game` by player name, its taps (bids, cards or the bidder's tricks,
trumps, the floater), its corrections and the view the phone shows.

Each hand settles itself in the fold as soon as it is over (`SettlingGame`), so the log holds no settlement of
its own: a correction that reopens a hand (a last card taken back) unsettles it, and one that closes it pays it.
Camera seam: `observed_play` takes a card seen landing in the trick zone from one player; a Nap observer will
feed it like Nain Jaune's, one card per player and trick.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Callable

from pydantic import ValidationError

from companion_api import feed
from companion_api.games.base import TableError, TableSetup
from companion_api.games.logged import LoggedTable
from companion_api.games.nap_taps import TAPS, BidTap, FloaterTap, PlayerTap, PurchaseTap, TricksTap, TrumpsTap
from companion_api.games.options import option_spec, option_words_by_language
from companion_api.store import Question
from engine.core.events import Correction
from engine.core.ledger import Payment
from engine.core.notices import Notice
from engine.nap import RULE_NAMES
from engine.nap import notices as nt
from engine.nap.bids import PASS, Contract
from engine.nap.cards import Card, parse_card
from engine.nap.events import (
    Bid, Deal, DeclareTrumps, Event, NewHand, Peek, Play, Purchase, Settle, TakeFloater, TakeWidow, TricksWon,
    event_from_dict, event_to_dict,
)
from engine.nap.game import Game
from engine.nap.live import proven_revokes
from engine.nap.rules import NapOptions, NapRules
from engine.nap.rules.base import MAX_PLAYERS, MIN_PLAYERS, POOL
from engine.nap.state import BIDDING, IDLE, OVER, PLAYING, PREPARING, SETTLED
from engine.nap.tricks import Revoke

CORRECTABLE = (Bid, Play, TricksWon, DeclareTrumps, TakeFloater, Peek, TakeWidow, Purchase)
"""What a tap made: what undo and corrections may change (a hand's start and deal follow from 'next hand')."""
ALLOWED_AT_TAP = frozenset({nt.REVOKE})
"""Notices a tap may raise and still stand: a revoke is legal at the table and penalised; anything else is refused."""


def _settling(handler: Callable[[Game, Any, int], None]) -> Callable[[Game, Any, int], None]:
    def fold(game: Game, event: Any, index: int) -> None:
        handler(game, event, index)
        if game.state.phase == OVER:
            Game._on_settle(game, Settle(), index)
    return fold


class SettlingGame(Game):
    """A Nap game that settles each hand in the fold of the event that ends it (the last card, the tricks won,
    the last pass), so the settlement always follows the log as corrected."""


SettlingGame.HANDLERS = {**Game.HANDLERS, Bid: _settling(Game._on_bid), Play: _settling(Game._on_play),
                         TricksWon: _settling(Game._on_tricks_won)}


def rules_catalogue() -> list[dict[str, Any]]:
    """One rule set, "nap"; its option `game` picks the variant, with the engine's words for each option."""
    hints = typing.get_type_hints(NapOptions)
    options = [option_spec(f.name, hints[f.name], f.default, f.metadata.get("doc", ""), f.metadata.get("label"),
                           option_words_by_language(f.metadata))
               for f in dataclasses.fields(NapOptions)]
    return [{"name": name, "label": NapRules.title, "titles": {"fr": "Nap", "en": "Nap"},
             "players": list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), "options": options} for name in RULE_NAMES]


def _card(text: str) -> Card:
    try:
        return parse_card(text)
    except ValueError as exc:
        raise TableError(422, f"card: {exc}") from None


def _party(players: Sequence[str], party: int | str) -> str:
    return players[party] if isinstance(party, int) else str(party)


class Table(LoggedTable):
    """A game of Nap at the table. Mutated only by the service's single writer, through `extend` and `rollback`."""

    event_from_dict = staticmethod(event_from_dict)
    event_to_dict = staticmethod(event_to_dict)
    DEAL_START = NewHand
    CORRECTABLE = CORRECTABLE
    POT_KIND = "pool"

    # construction

    @classmethod
    def build(cls, setup: TableSetup) -> tuple[TableSetup, SettlingGame]:
        setup = dataclasses.replace(setup, board={POOL: int(setup.board.get(POOL, 0))})
        return setup, SettlingGame(setup.players, options=setup.options, chips=setup.chips,
                                   pool=setup.board[POOL], live=True)

    # properties

    @property
    def options(self) -> dict[str, Any]:
        return self.game.rules.option_values()

    @property
    def game_over(self) -> bool:
        return False  # Nap goes on as long as the table wants; stacks may go below zero

    @property
    def needs_new_deal(self) -> bool:
        return self.game.state.phase in (IDLE, SETTLED)

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def breaks_a_rule(self, notice: Notice) -> bool:
        return notice.kind not in ALLOWED_AT_TAP

    # builders: taps -> engine events

    def start_deal(self) -> list[Event]:
        """The next hand, dealt by the player left of the last dealer (the first: the set-up's dealer)."""
        st = self.game.state
        if st.phase not in (IDLE, SETTLED):
            raise TableError(409, f"the current hand is not over: {self.game.whose_turn()}")
        dealer = (self.seat(self.setup.dealer) if st.dealer is None
                  else self.game.rules.next_dealer(st.dealer, st.n_players))
        return [NewHand(dealer), Deal()]

    def _to_act(self, player: str | None, seat: int | None, what: str) -> int:
        if player is not None:
            return self.seat(player)
        if seat is None:
            raise TableError(409, f"nobody is to {what}: {self.game.whose_turn()}")
        return seat

    def play(self, player: str | None, card: str, *, call: bool = False, confidence: float | None = None) -> Play:
        if call:
            raise TableError(422, "Nap has no announced honours: leave out 'call'")
        return Play(self._to_act(player, self.game.state.to_move, "play"), _card(card))

    def pass_(self, player: str | None) -> Bid:
        return Bid(self._to_act(player, self.game.state.to_bid, "bid"), PASS)

    def tap(self, action: str, fields: Mapping[str, Any]) -> list[Event]:
        """One of Nap's own taps (`nap_taps.TAPS`), checked, as the events it makes."""
        model = TAPS.get(action)
        if model is None:
            raise TableError(404, f"Nap has no tap {action!r} (taps: {', '.join(TAPS)})")
        try:
            body = model.model_validate(dict(fields))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise TableError(422, f"{where}: {first.get('msg')}" if where else str(first.get("msg"))) from None
        st = self.game.state
        if isinstance(body, BidTap):
            return [Bid(self._to_act(body.player, st.to_bid, "bid"), body.bid, body.with_floater)]
        if isinstance(body, TricksTap):
            return [TricksWon(body.count)]
        if isinstance(body, TrumpsTap):
            return [DeclareTrumps(body.suit)]
        if isinstance(body, FloaterTap):
            return [TakeFloater(None if body.discard is None else _card(body.discard))]
        if isinstance(body, PurchaseTap):
            return [Purchase(self.seat(body.player), body.count)]
        assert isinstance(body, PlayerTap)
        seat = self._to_act(body.player, st.to_bid, "bid")
        return [Peek(seat) if action == "peek" else TakeWidow(seat)]

    def _no(self, what: str) -> TableError:
        return TableError(409, f"Nap has no {what}")

    def call(self, player: str | None, box: str) -> Event:
        raise self._no("boxes to call")

    def sweep(self, player: str | None, box: str) -> Event:
        raise self._no("boxes to sweep")

    def showdown(self, hands: Mapping[str, Sequence[str]]) -> list[Event]:
        raise self._no("showdown: a hand is settled from its tricks")

    def reshow(self, hands: Mapping[str, Sequence[str]]) -> tuple[Event, dict[str, Any], dict[str, Any]]:
        raise self._no("showdown to correct")

    # the camera seam: a card seen landing in the trick zone

    def observed_play(self, obs: feed.CardPlayed) -> tuple[list[Event], str | None, list[str]]:
        """The card, and (guess, candidates) when the pipeline could not tell who laid it (then: whose turn)."""
        if obs.player is not None:
            return [self.play(obs.player, obs.card)], None, []
        candidates = [c for c in obs.candidates if c in self.players] or list(self.players)
        turn = self.name(self.game.state.to_move)
        guess = turn if turn in candidates else candidates[0]
        return [self.play(guess, obs.card)], guess, candidates

    def observed_rename(self, obs: feed.CardCorrected) -> list[Event]:
        raise self._no("renamed cards from the camera yet")

    def observed_sweep(self, obs: feed.BoxSwept) -> list[Event]:
        raise self._no("boxes to sweep")

    def observed_reassign(self, obs: feed.PlayerCorrected) -> list[Event]:
        raise self._no("plays given to another player by the camera yet")

    def observed_withdrawal(self, obs: feed.PlayWithdrawn) -> list[Event]:
        raise self._no("inferred plays for the camera to take back")

    def resumed_deal(self) -> list[Event]:
        raise self._no("deal ends for the camera to withdraw")

    def shown_hands(self) -> list[Event]:
        return []   # no hands are laid out at the end of a Nap hand

    def reveal(self, player: str, cards: list[str]) -> list[Event]:
        raise self._no("hands shown at the end")

    def disagreement(self, obs: feed.Observation) -> str | None:
        return None

    # corrections

    def correction(self, index: int, action: str, *, player: str | None = None, card: str | None = None,
                   bid: str | None = None, tricks: int | None = None,
                   **other: Any) -> tuple[Correction, dict[str, Any], dict[str, Any] | None]:
        """The Correction event, and (before, after) as dicts, for a bid, a card, the tricks won or a preparation."""
        event = self.effective(index)
        if event is None:
            raise TableError(409, f"event {index} was already undone")
        if not isinstance(event, CORRECTABLE):
            raise TableError(409, f"event {index} is a {event.kind}: only bids, plays, the tricks won and the "
                                  "bidder's preparations can be corrected")
        before = self._named(event_to_dict(event))
        if action == "delete":
            return Correction(index, None), before, None
        unknown = [k for k, v in other.items() if v is not None]
        if unknown:
            raise TableError(422, f"a Nap event has no {', '.join(unknown)} to change")
        changes: dict[str, Any] = {}
        if player is not None and hasattr(event, "seat"):
            changes["seat"] = self.seat(player)
        if card is not None and isinstance(event, Play):
            changes["card"] = _card(card)
        if bid is not None and isinstance(event, Bid):
            changes["bid"] = bid
        if tricks is not None and isinstance(event, TricksWon):
            changes["count"] = tricks
        if not changes:
            raise TableError(422, "nothing to change: give a new player, card, bid or tricks")
        replacement = dataclasses.replace(event, **changes)  # type: ignore[type-var]
        return Correction(index, replacement), before, self._named(event_to_dict(replacement))

    # views

    def _payments(self, payments: Sequence[Payment]) -> list[dict[str, Any]]:
        return [{"payer": _party(self.players, p.source), "payee": _party(self.players, p.target),
                 "amount": p.amount, "due": p.due, "reason": p.reason, "card": p.card}
                for p in payments if p.amount or p.due]

    def _revokes(self, revokes: Sequence[Revoke]) -> list[dict[str, Any]]:
        rules = self.game.rules
        penalty = ("forfeit" if rules.revoke_forfeits
                   else "pool" if rules.revoke_penalty == "pool" and rules.options.revoke_units else "none")
        return [{"player": self.players[r.seat], "trick": r.trick + 1, "card": r.card, "led": r.led,
                 "proven_by": r.proven_card, "penalty": penalty,
                 "units": rules.options.revoke_units if penalty == "pool" else 0} for r in revokes]

    def settlements(self) -> list[dict[str, Any]]:
        players = self.players
        out = []
        for r in self.game.state.results:
            contract: Contract | None = r.contract
            out.append({
                "deal_no": r.number, "dealer": players[r.dealer], "bidder": self.name(r.bidder),
                "bid": None if contract is None else contract.name,
                "bid_label": None if contract is None else str(contract),
                "with_floater": bool(contract and contract.with_floater), "trumps": r.trumps,
                "made": r.made, "tricks_won": None if r.bidder is None else r.tricks_won[r.bidder],
                "by_cards": bool(r.tricks), "forfeit": self.name(r.forfeit),
                "revokes": self._revokes(r.revokes), "payments": self._payments(r.payments),
                "chips": dict(zip(players, r.chips)), "pool": r.pool,
            })
        return out

    def stacks(self) -> list[dict[str, Any]]:
        start = {"deal_no": 0, "chips": dict(self.setup.chips), "pool": self.setup.board[POOL]}
        return [{**point, "board": {POOL: point["pool"]}} for point in (
            start, *({"deal_no": s["deal_no"], "chips": s["chips"], "pool": s["pool"]} for s in self.settlements()))]

    def _actor(self) -> int | None:
        st = self.game.state
        return {BIDDING: st.to_bid, PREPARING: st.bidder, PLAYING: st.to_move}.get(st.phase)

    def _before_bids(self) -> list[str]:
        """The variants' steps open now, before or instead of a bid: buying cards, a look at the floater, the widow."""
        st = self.game.state
        rules = self.game.rules
        if st.phase != BIDDING:
            return []
        steps = []
        if rules.purchase_price(1) is not None and not st.bids and not st.peeked and st.widow_taker is None:
            steps.append("purchase")
        if rules.peek_cost() is not None and st.to_bid not in st.peeked:
            steps.append("peek")
        if rules.widow_cards and st.widow_taker is None:
            steps.append("widow")
        return steps

    def _bid_choices(self) -> list[dict[str, Any]]:
        if self.game.state.phase != BIDDING:
            return []
        pass_ = [] if self.game.state.widow_taker == self.game.state.to_bid else [
            {"bid": PASS, "with_floater": False, "label": "Pass"}]
        return pass_ + [{"bid": c.name, "with_floater": c.with_floater, "label": str(c)}
                        for c in self.game.legal_bids()]

    def _event_view(self, index: int, event: Event, source: str, corrected: bool) -> dict[str, Any]:
        data = self._named(event_to_dict(event))
        if isinstance(event, Correction):
            text = f"correction of #{event.index}"
        else:
            what = " ".join(str(data[k]) for k in ("bid", "card", "count", "suit") if data.get(k) is not None)
            text = " ".join(w for w in (data.get("player"), event.kind.replace("_", " "), what) if w)
        return {"index": index, "kind": event.kind, "text": text, "player": data.get("player"),
                "card": data.get("card"), "source": source, "corrected": corrected, "data": data}

    def view(self, game_id: int, sources: Sequence[str], questions: Sequence[Question],
             feed_notices: Sequence[dict[str, Any]]) -> dict[str, Any]:
        game = self.game
        st = game.state
        players = self.players
        start = self._deal_start()
        corrected = self.corrected()
        actor = self._actor()
        in_hand = st.phase in (BIDDING, PREPARING, PLAYING, OVER)
        rules = game.rules
        notices = [{"kind": n.kind, "message": n.message, "player": self.name(n.seat), "card": n.card,
                    "event_index": n.index} for n in game.notices if n.index >= start]
        notices += [{"kind": f["kind"], "message": f["message"]} for f in feed_notices[-5:]]
        return {
            "id": game_id,
            "game": "nap",
            "rules": self.setup.rules,
            "options": self.options,
            "players": [{"name": p, "seat": s, "chips": st.ledger.chips[s],
                         "cards_left": st.counts[s] if st.phase == PLAYING else None,
                         "tricks": st.tricks_won[s] if st.phase in (PLAYING, OVER, SETTLED) else 0,
                         "is_turn": actor == s,
                         "is_dealer": st.dealer == s, "is_bidder": st.bidder == s} for s, p in enumerate(players)],
            "dealer": self.name(st.dealer) or self.setup.dealer,
            "deal_no": st.hands_played + (1 if in_hand else 0),
            "phase": st.phase,
            "turn": self.name(actor),
            "turn_text": game.whose_turn(),
            "bids": [{"player": players[s], "bid": PASS if c is None else c.name,
                      "label": "Pass" if c is None else str(c)} for s, c in st.bids],
            "bid_choices": self._bid_choices(),
            "before_bids": self._before_bids(),
            "bidder": self.name(st.bidder),
            "bid": None if st.contract is None else st.contract.name,
            "bid_label": None if st.contract is None else str(st.contract),
            "trumps": st.trumps,
            "declares_trumps": rules.declares_trumps,
            "needs_floater": bool(st.phase == PREPARING and st.contract is not None and st.contract.with_floater
                                  and not st.floater_taken),
            "hand_size": rules.hand_size,
            "deck": list(rules.deck(st.n_players)),
            "played": list(st.played),
            "trick": [{"player": players[s], "card": c} for s, c in st.current],
            "tricks": [{"number": t.number + 1, "leader": players[t.leader], "winner": players[t.winner],
                        "plays": [{"player": players[s], "card": c} for s, c in t.plays]} for t in st.tricks],
            "tricks_entered": st.claimed,
            "revokes": self._revokes(proven_revokes(game)),
            "pool": st.pool,
            "pool_on": bool(rules.options.pool),
            "game_over": False,
            "events": [self._event_view(i, e, sources[i] if i < len(sources) else "tap", i in corrected)
                       for i, e in enumerate(self.events) if i >= start],
            "notices": notices,
            "questions": [{"id": q.id, "card": q.observation["card"], "candidates": q.observation["candidates"],
                           "confidence": q.observation.get("confidence")} for q in questions],
            "settlements": self.settlements(),
            "stacks": self.stacks(),
        }


__all__ = ["SettlingGame", "Table", "rules_catalogue"]
