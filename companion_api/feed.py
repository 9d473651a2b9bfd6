"""The observation interface: what the camera pipeline tells the server, and where those observations come from.

An observation is one JSON object (one line of an `events.jsonl` file, or one item yielded by a live source).
Every observation may carry `t` (seconds in the source). Types:

- `{"type": "card_played", "card": "7H", "player": "Bruno" | null, "candidates": ["Bruno", "Chloé"],
   "confidence": 0.97, "call": false}` — a new card on the pile. `player: null` means the pipeline could not
   tell who played; the server then asks on the phone ("Who played the 7♥? Bruno / Chloé"), offering
   `candidates` (all players when empty). `call` is true when the honour was announced (optional).
   `"unseen": true` (optional): nobody saw this card; the pipeline inferred it (the hands laid out ended a deal in
   which the winner's count lacked it) and the phone asks the family to check it. `"proven": "sweep"` (optional):
   the card was not read as laid (the pile took it for the card below moved), and its player emptying its box
   proved it; its `t` is when it was laid, before the `box_swept` that follows it. `"proven": "run"` (optional): a
   change of the pile was read as this card but taken for no card laid (the card below moved, or a hand brushing the
   pile), and the next card breaks the rules without it and keeps them after it; its `t` is that change's, before
   the `card_played` that follows it.
- `{"type": "card_corrected", "was": "JC", "card": "JS", "player": "Anne", "played_at": 16.5, "reason": "sweep"}`
  — the card read as `was` earlier this deal was `card`: the pipeline read `was` a second time (`reason`
  `read_twice`: then, or as the deal is settled, the read that doubted more), read it again once the hand that
  held it over the pile had gone (`read_at_rest`), saw its honour's box swept (`sweep`: a proof, which teaches a
  game's deck as a phone correction does), saw it in a loser's shown hand (`shown_hand`), found that only that
  card of the read's suit let both it and the next play keep the rules (`sequence`), or found at the deal's end
  that its index ink is another suit's colour (`inks`), its index sign another suit's shape (`signs`), or that
  only that card leaves no player laying a card of a rank they had passed on (`passes`). `reason`
  is optional. The latest play read as `was` is renamed, the first when `"first": true` (optional): a card read
  twice whose later read its player's sweep proved, or whose first read doubted more when the deal was settled.
  With `"swap": true` (optional) the latest plays read as `was` and as `card` trade their cards: each was read as
  the other (`inks`: two reads of one rank in a four-colour deck, each by the other suit's colour).
- `{"type": "play_withdrawn", "card": "7C", "reason": "8C was laid after ..."}` — the pipeline takes back its
  latest play of `card`: an `unseen` play, when a card laid since showed that the deal it ended was not over; or,
  with `"cause": "hand_over_pile"` (optional), a play it read unsurely while a hand was over the pile (a card held,
  or one already told being moved), which the card laid next there showed was no card laid: that card keeps the
  rules only without it.
- `{"type": "player_corrected", "card": "7C", "was": "Bruno", "player": "Chloé", "played_at": 31.2}` — the card
  `card` laid earlier this deal was `player`'s, not `was`'s: the pipeline credited it to the wrong arm, as a
  later contradiction showed (a player who had gone out by its count laid another card, or laid out a hand at the
  showdown). The sweep and call of an honour's box that `was` made go to `player` with it: only the honour's player
  takes its box.
- `{"type": "box_swept", "box": "QS", "player": "Bruno"}` — a box emptied (by the honour's player: a call).
  `"swept_at": 26.5` (optional): the box had been emptied by then, while the call was open, but the pipeline could
  tell it was a sweep only now (a few small chips on the box's picture, judged once a later sweep measured the chips): the
  honour's play, whose call the engine counted missed, becomes a call.
- `{"type": "call_missed", "card": "QS", "player": "Bruno"}` — informational: the engine detects missed calls
  itself from the plays and sweeps; this is kept only to cross-check.
- `{"type": "call_withdrawn", "card": "QS", "player": "Bruno"}` — the pipeline takes back its `call_missed`: the
  `card_corrected` just before it renamed that play, so the honour was never laid. Informational too: the engine,
  told of the rename, no longer counts the call missed; cross-checked.
- `{"type": "passed", "player": "Chloé"}` — a player passed (optional: the engine infers turns from plays).
- `{"type": "deal_over", "winner": "Chloé", "opera": false}` — informational, cross-checked. Told again, after a
  `player_corrected`, when the place of the player taken to have gone out showed a hand laid out.
- `{"type": "deal_resumed", "reason": "8C was laid after the deal was taken as over"}` — the pipeline withdraws
  its last `deal_over`: cards were laid after it. The hands shown since are forgotten, and a showdown and
  settlement already made for the deal are withdrawn.
- `{"type": "hand_revealed", "player": "Anne", "cards": ["KS", "2C"], "guessed": ["2C"]}` — a loser's remaining
  cards at the showdown; the deal is settled when every loser has revealed. `guessed` (optional): the cards among
  them the camera did not read, only guessed as the likeliest left; the phone asks the family to check them.
  `laid_unseen` (optional): cards the player laid though nobody saw them (a card laid squarely on the one before):
  the rules say one was laid there, the hands laid out leave only that card, and only this hand is short of its
  count; the phone asks the family to check them.
- `{"type": "settlement", "chips": {...}, "board": {...}}` — the pipeline's own settlement, cross-checked.
- `{"type": "game_setup", "players": ["Anne", "Bruno", "Chloé"], "dealer": "Anne", "chips": 100,
   "rules": "lindor", "options": {}}` — optional first line of a recording: the replay starts a new game
   with this set-up (without it, a recording or a camera feeds the game set up on the page).

Sources: `read_jsonl(path)` for a recording, `vision_observations(source)` for a camera, a stream or a video
(the hook into `vision.watch.observe`), `paced(...)` to replay a recording at the speed it was recorded.
"""

from __future__ import annotations

import asyncio
import json
import math
import unicodedata
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Union

BOX_NAMES = ("10D", "JC", "QS", "KH", "7D")
PROVEN_RENAMES = ("sweep",)
"""The `card_corrected` reasons that prove the card (`vision.deal_account.PROVEN`); the others are the pipeline's
best guess, so only these teach a game's deck."""


class ObservationError(ValueError):
    """An observation that cannot be understood; the message says which field and why."""


class SourceUnavailable(RuntimeError):
    """A source that cannot be opened here (no vision pipeline, missing file...), worded for the user."""


@dataclass(frozen=True)
class CardPlayed:
    card: str
    player: str | None = None
    candidates: tuple[str, ...] = ()
    confidence: float | None = None
    call: bool = False
    t: float | None = None
    unseen: bool | None = None
    """True: inferred, not seen (see the module docstring). None, not False, otherwise: left out of a recording."""
    type: str = field(default="card_played", init=False)


@dataclass(frozen=True)
class BoxSwept:
    box: str
    player: str | None = None
    swept_at: float | None = None
    """When the box was emptied, for a sweep told after later cards (see the module docstring)."""
    t: float | None = None
    type: str = field(default="box_swept", init=False)


@dataclass(frozen=True)
class CardCorrected:
    was: str
    card: str
    player: str | None = None
    played_at: float | None = None
    reason: str | None = None
    first: bool | None = None
    """True: the deal's first play read as `was` is meant, not its latest (the card was read twice, and the later read
    was proved or doubted less). None, not False, otherwise: the field is left out of a recording, as the pipeline
    leaves it out."""
    swap: bool | None = None
    """True: the plays read as `was` and as `card` trade their cards (each was read as the other). None otherwise,
    as for `first`."""
    t: float | None = None
    type: str = field(default="card_corrected", init=False)


HAND_OVER_PILE = "hand_over_pile"
"""A `play_withdrawn`'s cause: the play was read while a hand was over the pile and was no card laid."""


@dataclass(frozen=True)
class PlayWithdrawn:
    card: str
    reason: str | None = None
    cause: str | None = None
    """`HAND_OVER_PILE`: a play read while a hand was over the pile, no card laid; None: an inferred play."""
    t: float | None = None
    type: str = field(default="play_withdrawn", init=False)


@dataclass(frozen=True)
class PlayerCorrected:
    card: str
    player: str
    was: str | None = None
    played_at: float | None = None
    t: float | None = None
    type: str = field(default="player_corrected", init=False)


@dataclass(frozen=True)
class CallMissed:
    card: str
    player: str | None = None
    t: float | None = None
    type: str = field(default="call_missed", init=False)


@dataclass(frozen=True)
class CallWithdrawn:
    card: str
    player: str | None = None
    t: float | None = None
    type: str = field(default="call_withdrawn", init=False)


@dataclass(frozen=True)
class Passed:
    player: str
    t: float | None = None
    type: str = field(default="passed", init=False)


@dataclass(frozen=True)
class DealOver:
    winner: str | None = None
    opera: bool = False
    t: float | None = None
    type: str = field(default="deal_over", init=False)


@dataclass(frozen=True)
class DealResumed:
    reason: str | None = None
    t: float | None = None
    type: str = field(default="deal_resumed", init=False)


@dataclass(frozen=True)
class HandRevealed:
    player: str
    cards: tuple[str, ...]
    t: float | None = None
    guessed: tuple[str, ...] | None = None
    """The cards of `cards` the camera only guessed (None: none said)."""
    laid_unseen: tuple[str, ...] | None = None
    """Cards not in `cards` that the player laid though nobody saw them, as the rules and the count say (None: none)."""
    type: str = field(default="hand_revealed", init=False)


@dataclass(frozen=True)
class SettlementSeen:
    chips: dict[str, int]
    board: dict[str, int]
    t: float | None = None
    type: str = field(default="settlement", init=False)


@dataclass(frozen=True)
class GameSetupSeen:
    players: tuple[str, ...]
    dealer: str | None = None
    chips: int = 100
    rules: str = "lindor"
    options: dict[str, Any] = field(default_factory=dict)
    t: float | None = None
    type: str = field(default="game_setup", init=False)


Observation = Union[CardPlayed, CardCorrected, BoxSwept, CallMissed, CallWithdrawn, Passed, DealOver, HandRevealed,
                    SettlementSeen, GameSetupSeen, PlayerCorrected, DealResumed, PlayWithdrawn]


def observation_to_dict(obs: Observation) -> dict[str, Any]:
    """JSON-safe form, `None` fields dropped, as written in events.jsonl."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(obs).items() if v is not None}


def _str(d: Mapping[str, Any], key: str, *, optional: bool = False) -> str | None:
    """A non-empty string in NFC (the form player names are stored in)."""
    value = d.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ObservationError(f"'{key}' must be a non-empty string, got {value!r}")
    return unicodedata.normalize("NFC", value.strip())


def _flag(d: Mapping[str, Any], key: str) -> bool:
    """`true` or `false` (absent: false); "no" or 1 are refused rather than read as true."""
    value = d.get(key, False)
    if not isinstance(value, bool):
        raise ObservationError(f"'{key}' must be true or false, got {value!r}")
    return value


def _number(value: Any) -> float | None:
    """A finite JSON number as a float, else None (a bool, a string, NaN, or an integer too big for a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _card(d: Mapping[str, Any], key: str = "card") -> str:
    value = _str(d, key)
    assert value is not None
    rank, suit = value[:-1].upper(), value[-1:].upper()
    if rank not in {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} or suit not in "SHDC":
        raise ObservationError(f"'{key}' must be a card like '7H' or '10D', got {value!r}")
    return rank + suit


def _time(d: Mapping[str, Any], key: str = "t") -> float | None:
    t = d.get(key)
    if t is None:
        return None
    seconds = _number(t)
    if seconds is None or seconds < 0:
        raise ObservationError(f"'{key}' must be a non-negative number of seconds, got {t!r}")
    return seconds


def _chip_map(d: Mapping[str, Any], key: str) -> dict[str, int]:
    value = d.get(key)
    if not isinstance(value, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        raise ObservationError(f"'{key}' must map names to whole numbers of chips, got {value!r}")
    return {str(k): int(v) for k, v in value.items()}


def _parse_card_played(d: Mapping[str, Any]) -> CardPlayed:
    candidates = d.get("candidates") or []
    if not isinstance(candidates, list) or not all(isinstance(c, str) for c in candidates):
        raise ObservationError(f"'candidates' must be a list of player names, got {candidates!r}")
    confidence = d.get("confidence")
    number = _number(confidence)
    if confidence is not None and (number is None or not 0.0 <= number <= 1.0):
        raise ObservationError(f"'confidence' must be a number from 0 to 1, got {confidence!r}")
    return CardPlayed(card=_card(d), player=_str(d, "player", optional=True),
                      candidates=tuple(unicodedata.normalize("NFC", c) for c in candidates),
                      confidence=number, call=_flag(d, "call"), t=_time(d), unseen=_flag(d, "unseen") or None)


def _parse_play_withdrawn(d: Mapping[str, Any]) -> PlayWithdrawn:
    cause = _str(d, "cause", optional=True)
    if cause not in (None, HAND_OVER_PILE):
        raise ObservationError(f"'cause' must be {HAND_OVER_PILE!r} or left out, got {cause!r}")
    return PlayWithdrawn(card=_card(d), reason=_str(d, "reason", optional=True), cause=cause, t=_time(d))


def _parse_box_swept(d: Mapping[str, Any]) -> BoxSwept:
    box = _card(d, "box")
    if box not in BOX_NAMES:
        raise ObservationError(f"'box' must be one of {', '.join(BOX_NAMES)}, got {box!r}")
    return BoxSwept(box=box, player=_str(d, "player", optional=True), swept_at=_time(d, "swept_at"), t=_time(d))


def _card_list(d: Mapping[str, Any], key: str, item: str | None = None) -> tuple[str, ...] | None:
    """The cards listed under `key` (None when absent), each checked as `_card` checks one, named `item` (else `key`)
    in its error."""
    value = d.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise ObservationError(f"'{key}' must be a list of cards, got {value!r}")
    return tuple(_card({item or key: c}, item or key) for c in value)


def _parse_hand_revealed(d: Mapping[str, Any]) -> HandRevealed:
    parsed = _card_list(d, "cards", "card")
    if parsed is None:
        raise ObservationError("'cards' must be a list of cards, got None")
    unsure = _card_list(d, "guessed")
    if unsure and not set(unsure) <= set(parsed):
        raise ObservationError(f"'guessed' names cards the hand does not show: {sorted(set(unsure) - set(parsed))}")
    unseen = _card_list(d, "laid_unseen")
    if unseen and set(unseen) & set(parsed):
        raise ObservationError(f"'laid_unseen' names cards the hand shows: {sorted(set(unseen) & set(parsed))}")
    return HandRevealed(player=str(_str(d, "player")), cards=parsed, t=_time(d), guessed=unsure, laid_unseen=unseen)


def _parse_game_setup(d: Mapping[str, Any]) -> GameSetupSeen:
    players = d.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ObservationError(f"'players' must be a list of names, got {players!r}")
    chips = d.get("chips", 100)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        raise ObservationError(f"'chips' must be a positive whole number, got {chips!r}")
    options = d.get("options") or {}
    if not isinstance(options, dict):
        raise ObservationError(f"'options' must be an object, got {options!r}")
    return GameSetupSeen(players=tuple(unicodedata.normalize("NFC", p.strip()) for p in players),
                         dealer=_str(d, "dealer", optional=True), chips=chips,
                         rules=str(_str(d, "rules", optional=True) or "lindor"), options=options, t=_time(d))


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Observation]] = {
    "card_played": _parse_card_played,
    "box_swept": _parse_box_swept,
    "card_corrected": lambda d: CardCorrected(was=_card(d, "was"), card=_card(d),
                                              player=_str(d, "player", optional=True),
                                              played_at=_time(d, "played_at"),
                                              reason=_str(d, "reason", optional=True), first=_flag(d, "first") or None,
                                              swap=_flag(d, "swap") or None, t=_time(d)),
    "call_missed": lambda d: CallMissed(card=_card(d), player=_str(d, "player", optional=True), t=_time(d)),
    "call_withdrawn": lambda d: CallWithdrawn(card=_card(d), player=_str(d, "player", optional=True), t=_time(d)),
    "passed": lambda d: Passed(player=str(_str(d, "player")), t=_time(d)),
    "deal_over": lambda d: DealOver(winner=_str(d, "winner", optional=True), opera=_flag(d, "opera"),
                                    t=_time(d)),
    "hand_revealed": _parse_hand_revealed,
    "settlement": lambda d: SettlementSeen(chips=_chip_map(d, "chips"), board=_chip_map(d, "board"), t=_time(d)),
    "game_setup": _parse_game_setup,
    "player_corrected": lambda d: PlayerCorrected(card=_card(d), player=str(_str(d, "player")),
                                                  was=_str(d, "was", optional=True),
                                                  played_at=_time(d, "played_at"), t=_time(d)),
    "deal_resumed": lambda d: DealResumed(reason=_str(d, "reason", optional=True), t=_time(d)),
    "play_withdrawn": _parse_play_withdrawn,
}
OBSERVATION_TYPES = tuple(_PARSERS)


def parse_observation(d: Any) -> Observation:
    """One observation from its JSON form; raises `ObservationError` naming the problem."""
    if not isinstance(d, dict):
        raise ObservationError(f"an observation must be a JSON object, got {type(d).__name__}")
    kind = d.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise ObservationError(f"unknown observation type {kind!r} (expected one of {', '.join(OBSERVATION_TYPES)})")
    return parser(d)


def read_jsonl(path: Path) -> list[Observation]:
    """A whole recording, checked up front so a bad line is reported before the replay starts."""
    if not path.is_file():
        raise SourceUnavailable(f"no such events file: {path}")
    observations: list[Observation] = []
    with path.open(encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                observations.append(parse_observation(json.loads(line)))
            except (json.JSONDecodeError, ObservationError) as exc:
                raise SourceUnavailable(f"{path}:{line_no}: {exc}") from None
    return observations


async def paced(observations: Iterable[Observation], speed: float = 1.0,
                sleep: Callable[[float], Any] = asyncio.sleep) -> AsyncIterator[Observation]:
    """Yield a recording at the pace its `t` stamps give (divided by `speed`); unstamped ones at once."""
    last: float | None = None
    for obs in observations:
        if obs.t is not None:
            if last is not None and obs.t > last and speed > 0:
                await sleep((obs.t - last) / speed)
            last = obs.t
        yield obs


def vision_observations(source: str, *, calibration: Path | None, players: tuple[str, ...], dealer: str,
                        chips: int = 100, rules: str = "lindor", options: Mapping[str, Any] | None = None,
                        on_frame: Callable[[Any], None] | None = None,
                        on_status: Callable[[str], None] | None = None,
                        readers: Mapping[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """THE HOOK into the camera pipeline: a camera index ("0"), stream URL or video file -> observation dicts.

    Runs `vision.watch.observe` (a blocking generator; the server pulls it from a worker thread) on the frames of
    `vision.sources.open_source(source)`; each frame also goes to `on_frame` (BGR numpy) for the phone's live
    view. `calibration` is a calib.json (None: the mat's markers); `options`, the game's house rules. `readers`:
    `observe`'s pile reader and classifier (an enrolled deck's, `vision.deck.readers`); default the shipped
    recogniser. Without the vision pipeline, says so.
    """
    try:
        from vision.sources import SourceError, open_source
        from vision.watch import observe
    except ImportError as exc:
        raise SourceUnavailable(
            f"the camera pipeline is not available in this install ({exc}); "
            "play by taps on the phone page, or replay a recorded events.jsonl with --source FILE"
        ) from None
    try:
        frames = open_source(int(source) if source.isdigit() else source,
                             on_reopen=lambda n: on_status and on_status(f"camera reopened after {n} tries"))
    except SourceError as exc:
        raise SourceUnavailable(str(exc)) from None

    def tee() -> Iterator[Any]:
        for frame in frames:
            if on_frame is not None:
                on_frame(frame.image)
            yield frame

    return observe(tee(), None if calibration is None else str(calibration), players=players,  # type: ignore[no-any-return]
                   dealer=dealer, chips=chips, rules=rules, options=options, on_status=on_status, **(readers or {}))
