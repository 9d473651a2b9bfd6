"""Request and response models: the API's edge, and the OpenAPI schema the page and other clients read."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from companion_api.games.nap_views import NapGameView

PlayerName = str
Point = tuple[float, float]
OptionValue = bool | int | float | str | None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameCreate(_Strict):
    """A new game: seating clockwise, who deals first, each player's starting stack, the rule set."""

    players: list[PlayerName] = Field(min_length=3, max_length=8, examples=[["Anne", "Bruno", "Chloé"]])
    dealer: PlayerName | None = Field(None, description="who deals first; default the first player")
    chips: int = Field(100, ge=1, le=100_000, description="starting chips for each player")
    rules: str = Field("lindor", description="rule set name, see GET /api/rules")
    options: dict[str, OptionValue] = Field(default_factory=dict, description="rule options, see GET /api/rules")

    @field_validator("players")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        cleaned = [n.strip() for n in names]
        if any(not n or len(n) > 24 for n in cleaned):
            raise ValueError("each player needs a name of 1 to 24 characters")
        if len({n.casefold() for n in cleaned}) != len(cleaned):
            raise ValueError("two players have the same name")
        return cleaned


class PlayRequest(_Strict):
    card: str = Field(examples=["7H"], description="rank + suit: A 2 … 10 J Q K × S H D C")
    player: PlayerName | None = Field(None, description="default: whoever's turn it is")
    call: bool = Field(False, description="the honour was announced as it was laid")


class PassRequest(_Strict):
    player: PlayerName | None = Field(None, description="default: whoever's turn it is")


class BoxRequest(_Strict):
    box: Literal["10D", "JC", "QS", "KH", "7D"]
    player: PlayerName | None = Field(None, description="default: who laid the last card")


class ShowdownRequest(_Strict):
    hands: dict[PlayerName, list[str]] = Field(description="each loser's remaining cards, face up")


class CorrectionRequest(_Strict):
    """Fix an earlier event: delete it (undo), or replace some of its fields (wrong card, wrong player...)."""

    index: int = Field(ge=0, description="the event's index in GET /api/state → game.events")
    action: Literal["delete", "replace"] = "replace"
    player: PlayerName | None = None
    card: str | None = None
    box: Literal["10D", "JC", "QS", "KH", "7D"] | None = None
    call: bool | None = None
    bid: str | None = Field(None, description="Nap: the bid instead")
    tricks: int | None = Field(None, ge=0, le=10, description="Nap: the bidder's tricks instead")


class AnswerRequest(_Strict):
    player: PlayerName | None = Field(None, description="who played the card; null dismisses the question")


class Calibration(_Strict):
    """Zones in image pixels, as `vision` reads them from calib.json."""

    pile: list[Point] = Field(min_length=3)
    boxes: dict[Literal["10D", "JC", "QS", "KH", "7D"], list[Point]] = Field(default_factory=dict)
    seats: dict[PlayerName, list[Point]] = Field(default_factory=dict)
    image_size: tuple[int, int] | None = Field(None, description="width, height of the image the points refer to")

    @field_validator("boxes", "seats")
    @classmethod
    def _polygons(cls, zones: dict[str, list[Point]]) -> dict[str, list[Point]]:
        for name, polygon in zones.items():
            if len(polygon) < 3:
                raise ValueError(f"zone {name!r} needs at least 3 points")
        return zones


class Access(BaseModel):
    can_edit: bool
    message: str


class OptionWords(BaseModel):
    label: str
    help: str
    choices: dict[str, str] = Field(default_factory=dict, description="a player's words for each choice")


class OptionSpecOut(BaseModel):
    name: str
    kind: Literal["bool", "int", "number", "choice"]
    default: OptionValue
    choices: list[OptionValue] | None = None
    nullable: bool = Field(False, description="null (left empty) is allowed and means 'no limit'")
    label: str
    help: str
    words: dict[str, OptionWords] = Field(default_factory=dict, description="for players, by language (fr, en)")


class RuleSetOut(BaseModel):
    name: str
    label: str
    titles: dict[str, str] = Field(default_factory=dict, description="short name for players, by language")
    players: list[int]
    options: list[OptionSpecOut]


class Payment(BaseModel):
    payer: str
    payee: str
    amount: int = Field(description="chips actually paid")
    reason: str
    due: int | None = Field(None, description="chips the rules asked for (more than `amount` when the payer ran short)")
    card: str | None = Field(None, description="the card the payment is about (a bête's honour, a box)")


class SettlementOut(BaseModel):
    deal_no: int
    winner: str | None
    opera: bool
    payments: list[Payment]
    chips: dict[str, int]
    board: dict[str, int]
    missed_calls: list[dict[str, Any]]
    antes: dict[str, int] = Field(default_factory=dict, description="chips each player staked on the board")
    remaining: dict[str, list[str]] = Field(default_factory=dict, description="cards left in each loser's hand")


class PlayerView(BaseModel):
    name: str
    seat: int
    chips: int
    cards_left: int | None
    is_turn: bool
    is_dealer: bool


class EventView(BaseModel):
    index: int
    kind: str
    text: str
    player: str | None = None
    card: str | None = None
    box: str | None = None
    confidence: float | None = None
    source: str
    corrected: bool = Field(False, description="replaced or deleted by a later correction")
    data: dict[str, Any]


class NoticeView(BaseModel):
    kind: str
    message: str
    player: str | None = None
    card: str | None = None
    box: str | None = None
    event_index: int | None = None
    stake: int | None = Field(None, description="chips left in the box, for a missed call")


class QuestionView(BaseModel):
    id: int
    card: str
    candidates: list[str]
    confidence: float | None


class PendingCall(BaseModel):
    player: str
    box: str
    stake: int


class LastPlay(BaseModel):
    player: str
    card: str
    confidence: float | None
    index: int


class StackPoint(BaseModel):
    deal_no: int
    chips: dict[str, int]


class GameView(BaseModel):
    id: int
    rules: str
    options: dict[str, Any]
    players: list[PlayerView]
    dealer: str
    deal_no: int
    phase: str
    turn: str | None
    wanted: str | None
    sequence: list[str]
    stopped: bool = Field(description="the run's last player stopped: the page shows '… sans 8'")
    board: dict[str, int]
    last_play: LastPlay | None
    pending_call: PendingCall | None
    losers_to_reveal: list[str]
    winner: str | None
    opera: bool
    game_over: bool
    events: list[EventView]
    notices: list[NoticeView]
    questions: list[QuestionView]
    settlements: list[SettlementOut]
    stacks: list[StackPoint]
    played: list[str]


class SourceView(BaseModel):
    kind: Literal["idle", "replay", "camera", "demo"]
    label: str
    running: bool
    error: str | None
    camera_view: bool = Field(description="GET /api/camera.mjpg streams the annotated view")


class StateView(BaseModel):
    revision: int = Field(description="rises by one on every change; the WebSocket pushes each one")
    game: GameView | NapGameView | None
    source: SourceView
    calibrated: bool


class GameSummary(BaseModel):
    id: int
    created_at: str
    rules: str
    status: str
    ended_at: str | None
    players: str | None
    events: int


class ErrorOut(BaseModel):
    detail: str
