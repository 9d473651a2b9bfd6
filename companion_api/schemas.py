"""Request and response models: the API's edge, and the OpenAPI schema the page and other clients read."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from companion_api.games.nap_views import NapGameView

MAX_ID = 2**63 - 1  # SQLite's INTEGER
MAX_PIXELS = 10_000  # wider than any camera image
MAX_POINTS = 100  # corners of one zone: a few taps, or a traced outline
MAX_EVENTS = 1_000_000  # far more events than a game night makes
INVISIBLE = frozenset({"Cf", "Zs", "Mn", "Me"})  # format characters, spaces, marks: nothing to read on their own
FORBIDDEN = frozenset({"Cc", "Cs", "Co", "Zl", "Zp"})  # controls, lone surrogates, private use, line breaks


def _visible_name(name: str, what: str, longest: int) -> str:
    """NFC, so "Chloé" typed on two phones is one name; something visible; nothing that breaks a line or a file."""
    name = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(name) <= longest:
        raise ValueError(f"{what} has 1 to {longest} characters")
    categories = {unicodedata.category(c) for c in name}
    if categories & FORBIDDEN:
        raise ValueError(f"{what} cannot hold control characters or line breaks")
    if categories <= INVISIBLE:
        raise ValueError(f"{what} needs a visible character")
    return name


def _player_name(name: str) -> str:
    return _visible_name(name, "a player's name", 24)


def _deck_name(name: str) -> str:
    return _visible_name(name, "a deck's name", 40)


PlayerName = Annotated[str, Field(min_length=1, max_length=32), AfterValidator(_player_name)]
DeckName = Annotated[str, Field(min_length=1, max_length=48, examples=["family"]), AfterValidator(_deck_name)]
Box = Literal["10D", "JC", "QS", "KH", "7D"]
BOX_NAMES: tuple[str, ...] = get_args(Box)
Coordinate = Annotated[float, Field(ge=0, le=MAX_PIXELS, allow_inf_nan=False)]
# [x, y] as a list of two, not a tuple: a tuple's `prefixItems` in the schema kept schemathesis off the calibration
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
Polygon = Annotated[list[Point], Field(min_length=3, max_length=MAX_POINTS)]
SizeValue = Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)]  # vision's reader asks for two, > 0
Pixels = Annotated[int, Field(ge=1, le=MAX_PIXELS, strict=True)]
OptionValue = (bool | Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
               | Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)] | Annotated[str, Field(max_length=64)]
               | None)
RowId = Annotated[int, Field(ge=1, le=MAX_ID)]  # a game or question id: a positive SQLite INTEGER
EventIndex = Annotated[int, Field(ge=0, le=MAX_EVENTS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameCreate(_Strict):
    """A new game: seating clockwise, who deals first, each player's starting stack, the rule set."""

    players: list[PlayerName] = Field(min_length=3, max_length=8, examples=[["Anne", "Bruno", "Chloé"]])
    dealer: PlayerName | None = Field(None, description="who deals first; default the first player")
    chips: int = Field(100, ge=1, le=100_000, strict=True, description="starting chips for each player")
    rules: str = Field("lindor", max_length=32, description="rule set name, see GET /api/rules")
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32,
                                            description="rule options, see GET /api/rules")
    deck: DeckName | None = Field(None, description="the enrolled deck the camera reads with (GET /api/decks); "
                                                    "default the shipped recogniser")

    @field_validator("players")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("two players have the same name")
        return names


class PlayRequest(_Strict):
    card: str = Field(examples=["7H"], description="rank + suit: A 2 … 10 J Q K × S H D C")
    player: PlayerName | None = Field(None, description="default: whoever's turn it is")
    call: bool = Field(False, description="the honour was announced as it was laid")


class PassRequest(_Strict):
    player: PlayerName | None = Field(None, description="default: whoever's turn it is")


class BoxRequest(_Strict):
    box: Box
    player: PlayerName | None = Field(None, description="default: who laid the last card")


class ShowdownRequest(_Strict):
    hands: dict[PlayerName, list[str]] = Field(description="each loser's remaining cards, face up")


class CorrectionRequest(_Strict):
    """Fix an earlier event: delete it (undo), or replace some of its fields (wrong card, wrong player...)."""

    index: EventIndex = Field(description="the event's index in GET /api/state → game.events")
    action: Literal["delete", "replace"] = "replace"
    player: PlayerName | None = None
    card: str | None = None
    box: Box | None = None
    call: bool | None = None
    bid: str | None = Field(None, description="Nap: the bid instead")
    tricks: int | None = Field(None, ge=0, le=10, description="Nap: the bidder's tricks instead")


class AnswerRequest(_Strict):
    player: PlayerName | None = Field(None, description="who played the card; null dismisses the question")


class Calibration(_Strict):
    """Zones in image pixels, as `vision` reads them from calib.json: the pile, all five boxes, a seat per player."""

    pile: Polygon
    boxes: dict[Box, Polygon] = Field(description="all five boxes")
    seats: dict[PlayerName, Polygon] = Field(min_length=1, max_length=8)
    image_size: Annotated[list[Pixels], Field(min_length=2, max_length=2)] | None = Field(
        None, description="width, height of the image the points refer to")
    board: Annotated[list[Point], Field(max_length=MAX_POINTS)] | None = Field(
        None, description="the board's 4 corners in turn around it: the table is then read top-down from them")
    board_size: Annotated[list[SizeValue], Field(max_length=MAX_POINTS)] | None = Field(
        None, description="the board's true width and height, in any unit (cm on the phone)")

    @model_validator(mode="after")
    def _complete_and_inside(self) -> Calibration:
        missing = [b for b in BOX_NAMES if b not in self.boxes]
        if missing:
            raise ValueError(f"boxes: missing box(es) {', '.join(missing)} (a calibration places all five)")
        if self.image_size is not None:
            width, height = self.image_size
            zones = {"pile": self.pile, **{f"boxes.{k}": v for k, v in self.boxes.items()},
                     **{f"seats.{k}": v for k, v in self.seats.items()}, "board": self.board or []}
            for name, polygon in zones.items():
                outside = next((p for p in polygon if p[0] > width or p[1] > height), None)
                if outside is not None:
                    raise ValueError(f"{name}: point {list(outside)} is not inside the {width}x{height} image")
        return self


class CalibrationView(BaseModel):
    """How `watch` sees the table with these zones: top-down ("plane") or the camera picture as it is ("file")."""

    source: Literal["plane", "file"]
    size: list[int] = Field(description="width, height of the view the cards are read in")
    from_board: bool = Field(description="the top-down view comes from the board's corners, not the corner boxes")


class CalibrationSaved(Calibration):
    view: CalibrationView


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
    deck: str | None = Field(None, description="the enrolled deck the game's camera reads with (null: the shipped "
                                               "recogniser)")


class DeckOut(BaseModel):
    name: str
    cards: int = Field(description="distinct cards with crops")
    crops: int
    size_bytes: int
    created_at: str
    last_used: str | None
    default: bool = Field(description="the last deck a game used: the set-up's default")


class EnrolmentStart(_Strict):
    name: DeckName = Field(description="the deck's name (a deck of that name gets the new crops added)")
    pack: Literal[32, 52] = Field(52, description="cards in the pack")


class SightingFix(_Strict):
    card: str = Field(max_length=8, examples=["QS"], description="the card it really is")


class SightingOut(BaseModel):
    index: int
    card: str | None
    confidence: float
    unsure: bool = Field(description="read less surely than the learner trusts: check it")
    twice: bool = Field(description="another card of the pass was read as the same card: check both")
    fixed: bool


class EnrolmentView(BaseModel):
    name: str
    pack: int
    state: Literal["reading", "read", "failed", "saved"]
    error: str | None
    sightings: list[SightingOut]
    missing: list[str] = Field(description="cards of the pack no sighting names")
    to_check: int = Field(description="cards Save would leave out until fixed (unsure, or read twice)")
    stored_crops: int | None = None
    left_out: list[int] | None = None


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
