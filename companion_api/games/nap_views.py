"""The Nap table as the API shows it (`GET /api/state` → `game` when its rules are "nap"): the OpenAPI schema."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class NapPlayer(BaseModel):
    name: str
    seat: int
    chips: int = Field(description="may be below zero: Nap's option debts='allow' (the default)")
    cards_left: int | None
    tricks: int = Field(description="tricks taken in this hand")
    is_turn: bool
    is_dealer: bool
    is_bidder: bool


class NapBid(BaseModel):
    player: str
    bid: str
    label: str


class BidChoice(BaseModel):
    bid: str
    with_floater: bool
    label: str


class CardLaid(BaseModel):
    player: str
    card: str


class TrickView(BaseModel):
    number: int
    leader: str
    winner: str
    plays: list[CardLaid]


class RevokeView(BaseModel):
    player: str
    trick: int
    card: str
    led: str
    proven_by: str | None = Field(description="the card of the withheld suit that proved it")
    penalty: Literal["forfeit", "pool", "none"]
    units: int = Field(description="chips put into the pool, for the 'pool' penalty")


class NapPayment(BaseModel):
    payer: str
    payee: str
    amount: int
    due: int
    reason: str = Field(description="ante, won, lost, pool_won, pool_doubled, revoke, out_of_turn, purchase, peek")
    card: str | None = None


class HandSettlement(BaseModel):
    deal_no: int
    dealer: str
    bidder: str | None = Field(description="null: everyone passed")
    bid: str | None
    bid_label: str | None
    with_floater: bool
    trumps: str | None
    made: bool | None
    tricks_won: int | None = Field(description="tricks the bidder took")
    by_cards: bool = Field(description="the cards were entered (false: only the bidder's tricks)")
    forfeit: str | None = Field(description="whose revoke decided the hand")
    revokes: list[RevokeView]
    payments: list[NapPayment]
    chips: dict[str, int]
    pool: int


class NapStackPoint(BaseModel):
    deal_no: int
    chips: dict[str, int]
    pool: int


class NapGameView(BaseModel):
    id: int
    game: Literal["nap"]
    rules: str
    options: dict[str, Any]
    players: list[NapPlayer]
    dealer: str
    deal_no: int = Field(description="the hand's number")
    phase: Literal["idle", "dealing", "bidding", "preparing", "playing", "over", "settled"]
    turn: str | None
    turn_text: str
    bids: list[NapBid]
    bid_choices: list[BidChoice] = Field(description="the bids the player to bid may make now")
    before_bids: list[Literal["purchase", "peek", "widow"]] = Field(
        description="variants: buying cards, a look at the floater, taking the widow, open now (POST /api/taps/...)")
    bidder: str | None
    bid: str | None
    bid_label: str | None
    trumps: str | None
    declares_trumps: bool
    needs_floater: bool
    hand_size: int
    deck: list[str] = Field(description="the cards in play with this many players")
    played: list[str]
    trick: list[CardLaid]
    tricks: list[TrickView]
    tricks_entered: int | None = Field(description="a quick table: the bidder's tricks, entered without the cards")
    revokes: list[RevokeView] = Field(description="revokes of this hand proven so far")
    pool: int
    pool_on: bool
    game_over: bool
    events: list[dict[str, Any]]
    notices: list[dict[str, Any]]
    questions: list[dict[str, Any]]
    settlements: list[HandSettlement]
    stacks: list[NapStackPoint]


__all__ = ["HandSettlement", "NapGameView"]
