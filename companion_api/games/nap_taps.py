"""The taps of a Nap table, checked at the edge: each is a small pydantic model of what the page sends."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PlayerName = str


class _Tap(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BidTap(_Tap):
    """One player's bid ("pass", "three", "nap" ...), by default from whoever is to bid."""

    bid: str = Field(examples=["nap"], description="pass, two, three, misere, four, nap, wellington, blucher ...")
    player: PlayerName | None = None
    with_floater: bool = False


class TricksTap(_Tap):
    """A quick table: the tricks the bidder took, instead of the cards."""

    count: int = Field(ge=0, le=10)


class TrumpsTap(_Tap):
    """Floater Nap: the suit the bidder names."""

    suit: Literal["S", "H", "D", "C"]


class FloaterTap(_Tap):
    """Floater Nap: the bidder takes the floater and discards a card (None: not seen)."""

    discard: str | None = None


class PlayerTap(_Tap):
    """A look at the floater, or the widow taken: by default by whoever is to bid."""

    player: PlayerName | None = None


class PurchaseTap(_Tap):
    """Purchase Nap: a player exchanges `count` cards before the bidding."""

    player: PlayerName
    count: int = Field(ge=1, le=10)


TAPS: dict[str, type[_Tap]] = {"bid": BidTap, "tricks": TricksTap, "trumps": TrumpsTap, "floater": FloaterTap,
                               "peek": PlayerTap, "widow": PlayerTap, "purchase": PurchaseTap}
"""The action name in `POST /api/taps/{action}` → what its body holds."""

__all__ = ["BidTap", "FloaterTap", "PlayerTap", "PurchaseTap", "TAPS", "TricksTap", "TrumpsTap"]
