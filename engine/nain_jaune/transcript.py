"""Deal transcripts: one deal written down as JSON, replayed and settled (``nainjaune settle``).

Pure: :func:`load_transcript` takes the already-parsed JSON value, :func:`settle_transcript`
returns a plain dict. Every problem raises :class:`engine.core.errors.TranscriptError` with one clear
line that names it and, for an action, its 0-based index in ``actions``.

Format (see ``docs/rules.md``)::

    {"rules": "lindor", "options": {"payment": "cards", "chips_per_card": 3},
     "players": ["Anne", "Bruno", "Chloé"],         # clockwise seating order
     "dealer": "Anne",
     "chips": {"Anne": 100, "Bruno": 100, "Chloé": 100},   # before this deal's ante
     "board": {"10D": 0, "JC": 0, "QS": 4, "KH": 0, "7D": 0},  # before the ante; optional
     "hands": {"Anne": ["10D", ...], ...},           # as dealt
     "talon": [...],                                  # optional: checked when given
     "actions": [{"player": "Bruno", "play": "JS"},
                 {"player": "Bruno", "play": "QS", "call": true},
                 {"player": "Chloé", "pass": true},
                 {"player": "Bruno", "call": "QS"},   # an announcement on its own
                 {"player": "Bruno", "sweep": "QS"}]} # a box taken (counts as the announcement)

Keys starting with ``_`` and the keys ``title``, ``comment``, ``source`` and ``expected`` are
annotations and are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from engine.core import transcript as shared
from engine.core.errors import IllegalAction, RulesError, TranscriptError
from engine.nain_jaune.cards import BOXES, POINTS, Card, CardError, parse_card
from engine.nain_jaune.events import Call, Deal, Event, Pass, Play, Sweep
from engine.nain_jaune.game import Game
from engine.nain_jaune.notices import Notice
from engine.nain_jaune.rules import DEFAULT_RULES, RULESETS, get_rules
from engine.nain_jaune.state import OVER, PLAY

KNOWN_KEYS = frozenset({"rules", "options", "players", "dealer", "chips", "board", "hands", "talon", "actions"})
ACTION_KEYS = frozenset({"player", "play", "call", "pass", "sweep", "confidence"})


@dataclass(frozen=True)
class Transcript:
    """A validated transcript: the deal's set-up and its actions as engine events."""

    rules: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    dealer: str
    chips: Mapping[str, int]
    board: Mapping[Card, int]
    hands: Mapping[str, tuple[Card, ...]]
    talon: tuple[Card, ...] | None
    actions: tuple[Event, ...]


def load_transcript(data: Any) -> Transcript:
    """Validate the structure of a parsed transcript (the deal itself is checked when replayed)."""
    data = shared.check_object(data, KNOWN_KEYS)
    rules = data.get("rules", DEFAULT_RULES)
    if not isinstance(rules, str) or rules not in RULESETS:
        raise TranscriptError(f"unknown rules {shared.describe(rules)} (known: {', '.join(RULESETS)})")
    options = shared.options(data)
    players = shared.players(data)
    try:
        get_rules(rules, options).check_players(len(players))
    except RulesError as exc:
        raise TranscriptError(str(exc)) from None
    dealer = shared.dealer(data, players)
    chips = shared.chips(data, players, "before the ante")

    board_in = data.get("board", {})
    if board_in is None:
        board_in = {}
    if not isinstance(board_in, Mapping):
        raise TranscriptError(f"\"board\" must map the boxes {', '.join(BOXES)} to chips")
    board: dict[Card, int] = {b: 0 for b in BOXES}
    for key, value in board_in.items():
        try:
            box = parse_card(key)
        except CardError:
            box = None
        if box not in board:
            raise TranscriptError(f"\"board\" has no box {shared.describe(key)} (boxes: {', '.join(BOXES)})")
        board[box] = shared.chip_count(value, f"the {box} box")

    hands, where_dealt = shared.hands(data, players)

    talon: tuple[Card, ...] | None = None
    if data.get("talon") is not None:
        talon = tuple(shared.cards_in(data["talon"], "the talon", where_dealt))

    actions_in = data.get("actions")
    if not isinstance(actions_in, list):
        raise TranscriptError("\"actions\" must be a list of plays and passes")
    seat = {name: i for i, name in enumerate(players)}
    actions = tuple(_action(a, i, seat) for i, a in enumerate(actions_in))
    return Transcript(rules, dict(options), players, dealer, chips, board, hands, talon, actions)


def _action(item: Any, index: int, seat: Mapping[str, int]) -> Event:
    if not isinstance(item, Mapping):
        raise TranscriptError(f"an action must be an object, not {shared.describe(item)}", action=index)
    unknown = [k for k in item if k not in ACTION_KEYS and not str(k).startswith("_")]
    if unknown:
        raise TranscriptError(f"unknown key {unknown[0]!r} (an action has player and one of play, pass, "
                              "call, sweep)", action=index)
    player = item.get("player")
    if not isinstance(player, str) or player not in seat:
        raise TranscriptError(f"unknown player {shared.describe(player)}", action=index)
    s = seat[player]
    has_play = "play" in item
    has_pass = "pass" in item
    has_sweep = "sweep" in item
    call = item.get("call", False)
    confidence = item.get("confidence")
    if confidence is not None and (not isinstance(confidence, (int, float)) or isinstance(confidence, bool)
                                   or not 0 <= confidence <= 1):
        raise TranscriptError(f"confidence must be a number from 0 to 1, not {shared.describe(confidence)}",
                              action=index)
    if has_play + has_pass + has_sweep > 1:
        raise TranscriptError("an action is one of a play, a pass, a call or a sweep", action=index)
    if has_play:
        if not isinstance(call, bool):
            raise TranscriptError(f"\"call\" with a play must be true or false, not {shared.describe(call)}",
                                  action=index)
        return Play(s, shared.card(item["play"], "the play", index), call,
                    None if confidence is None else float(confidence))
    if has_pass:
        if item["pass"] is not True:
            raise TranscriptError(f"\"pass\" must be true, not {shared.describe(item['pass'])}", action=index)
        if "call" in item:
            raise TranscriptError("a pass cannot carry a call", action=index)
        return Pass(s)
    if has_sweep:
        if "call" in item:
            raise TranscriptError("a sweep cannot carry a call", action=index)
        box = shared.card(item["sweep"], "the sweep", index)
        if box not in BOXES:
            raise TranscriptError(f"{box} is not a board box ({', '.join(BOXES)})", action=index)
        return Sweep(s, box)
    if "call" in item:
        if isinstance(call, bool):
            raise TranscriptError("an announcement on its own names its card: {\"player\": …, \"call\": \"QS\"}",
                                  action=index)
        return Call(s, shared.card(call, "the call", index))
    raise TranscriptError("an action needs \"play\", \"pass\", \"call\" or \"sweep\"", action=index)


def replay_transcript(transcript: Transcript) -> Game:
    """Play the transcript's deal in a strict game and settle it; return the game."""
    try:
        game = Game(transcript.players, rules=transcript.rules, options=transcript.options,
                    chips=transcript.chips, board=transcript.board)
    except RulesError as exc:
        raise TranscriptError(str(exc)) from None
    hands = [transcript.hands[p] for p in transcript.players]
    try:
        game.new_deal(transcript.dealer, hands, transcript.talon)
    except IllegalAction as exc:
        raise TranscriptError(exc.message) from None
    went_out: int | None = None
    for i, event in enumerate(transcript.actions):
        state = game.state
        if state.phase == OVER and isinstance(event, (Play, Pass)):
            name = state.players[state.winner]  # type: ignore[index]
            raise TranscriptError(f"the deal is over: {name} played their last card at action {went_out}",
                                  action=i)
        try:
            game.apply(event)
        except IllegalAction as exc:
            raise TranscriptError(exc.message, action=i) from None
        if went_out is None and game.state.phase == OVER:
            went_out = i
    state = game.state
    if state.phase == PLAY:
        counts = ", ".join(f"{p} {c}" for p, c in zip(state.players, state.counts))
        raise TranscriptError(f"the deal is not finished: nobody went out after {len(transcript.actions)} "
                              f"actions (cards left: {counts})")
    try:
        game.settle()
    except IllegalAction as exc:
        raise TranscriptError(exc.message) from None
    return game


def result_dict(game: Game) -> dict[str, Any]:
    """The settled deal as the JSON ``nainjaune settle`` prints."""
    state = game.state
    result = state.results[-1]
    players = state.players
    first_action = _first_action_index(game)

    def action_of(index: int) -> int | None:
        return None if first_action is None or index < first_action else index - first_action

    return {
        "rules": game.rules.name,
        "options": game.rules.options.to_dict(),
        "dealer": players[result.dealer],
        "winner": players[result.winner],
        "opera": result.opera,
        "chips": dict(zip(players, result.chips)),
        "board": dict(zip(BOXES, result.board)),
        "remaining": {p: list(h) for p, h in zip(players, result.remaining)},
        "points": {p: sum(POINTS[c] for c in h) for p, h in zip(players, result.remaining)},
        "calls": [{"player": players[r.seat], "card": r.card, "called": r.called, "action": action_of(r.index)}
                  for r in result.calls],
        "missed_calls": [{"player": players[s], "card": c, "action": action_of(i)}
                         for s, c, i in state.missed_calls],
        "false_sweeps": [{"player": players[s], "box": b, "action": action_of(i)} for s, b, i in state.false_sweeps],
        "payments": [p.to_dict(players, pot_prefix="board:") for p in result.payments],
        "notices": [_notice_dict(n, players, action_of) for n in game.notices],
    }


def _notice_dict(notice: Notice, players: Sequence[str], action_of: Callable[[int], int | None]) -> dict[str, Any]:
    out = notice.to_dict(tuple(players))
    del out["index"]
    out["action"] = action_of(notice.index)
    return out


def _first_action_index(game: Game) -> int | None:
    for i, event in enumerate(game.events):
        if isinstance(event, Deal):
            return i + 1
    return None


def settle_transcript(data: Any) -> dict[str, Any]:
    """Validate, replay and settle a parsed transcript; return the result dict."""
    transcript = load_transcript(data)
    game = replay_transcript(transcript)
    return result_dict(game)


__all__ = ["Transcript", "load_transcript", "replay_transcript", "result_dict", "settle_transcript"]
