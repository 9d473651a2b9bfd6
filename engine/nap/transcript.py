"""Hand transcripts: one hand of Nap written down as JSON, replayed and settled (``nainjaune settle``).

Pure: :func:`load_transcript` takes the parsed JSON value, :func:`settle_transcript` returns a plain
dict. Every problem raises :class:`engine.core.errors.TranscriptError` with one clear line that
names where it is: ``bid 2: …``, ``purchase 1: …``, ``trick 3: …`` (numbers from 1), or the key.

Format (``docs/nap.md`` has a worked example for every variant)::

    {"rules": "nap", "options": {"misere": true},
     "players": ["Anne", "Bruno", "Chloé", "Denis"],     # clockwise seating order
     "dealer": "Anne", "chips": {"Anne": 50, ...},        # or one number for all; before the antes
     "pool": 0,                                           # the pool (or pot) before the antes; optional
     "hands": {"Anne": ["QS", ...], ...},                 # as dealt
     "floater": "7H",                                     # floater Nap: the face-down card
     "widow": [...],                                      # Widow Nap: the extra hand
     "stock": [...],                                      # Purchase Nap: the undealt cards, top first; optional
     "purchases": [{"player": "Bruno", "discard": ["2C"], "draw": ["KD"]}],   # Purchase Nap, before the bids
     "bids": [{"player": "Bruno", "bid": "pass"},
              {"player": "Chloé", "bid": "nap", "with_floater": true, "peek": true},   # floater Nap
              {"player": "Denis", "bid": "nap", "widow": true, "discard": [...]}],    # Widow Nap
     "discard": "3D",                                     # floater Nap, a bid with the floater
     "trumps": "S",                                       # floater Nap: the trumps declared
     "tricks": [[{"player": "Chloé", "card": "QS"}, ...], ...]}

Keys starting with ``_`` and ``title``, ``comment``, ``source``, ``expected`` are annotations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.core import transcript as shared
from engine.core.errors import EngineError, IllegalAction, RulesError, TranscriptError
from engine.core.notices import Notice
from engine.nap import RULE_NAMES
from engine.nap.cards import SUITS, Card
from engine.nap.events import Bid, DeclareTrumps, Event, Peek, Play, Purchase, Settle, TakeFloater, TakeWidow
from engine.nap.game import Game
from engine.nap.rules import get_rules
from engine.nap.rules.base import NapRules
from engine.nap.state import BIDDING, OVER, PLAYING, PREPARING
from engine.nap.tricks import Revoke

KNOWN_KEYS = frozenset({"rules", "options", "players", "dealer", "chips", "pool", "hands", "floater", "widow",
                        "stock", "purchases", "bids", "discard", "trumps", "tricks"})
VARIANT_KEYS: Mapping[str, str] = {"floater": "floater", "discard": "floater", "trumps": "floater",
                                   "widow": "widow", "stock": "purchase", "purchases": "purchase"}
"""Keys only one variant reads → that variant (the option ``game``)."""
BID_KEYS = frozenset({"player", "bid", "with_floater", "peek", "widow", "discard"})
PLAY_KEYS = frozenset({"player", "card"})
PURCHASE_KEYS = frozenset({"player", "discard", "draw"})
SUIT_ALIASES: Mapping[str, str] = {**{s: s for s in SUITS}, "♠": "S", "♥": "H", "♦": "D", "♣": "C",
                                   "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}


@dataclass(frozen=True, slots=True)
class Step:
    """One transcript entry as engine events, with the words that name it in an error."""

    where: str
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Transcript:
    """A validated transcript: the hand's set-up and its entries as engine events."""

    rules: NapRules
    players: tuple[str, ...]
    dealer: str
    chips: Mapping[str, int]
    pool: int
    hands: Mapping[str, tuple[Card, ...]]
    floater: Card | None
    widow: tuple[Card, ...] | None
    stock: tuple[Card, ...] | None
    purchases: tuple[Step, ...]
    bids: tuple[Step, ...]
    discard: Card | None
    trumps: str | None
    tricks: tuple[tuple[Step, ...], ...]


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    """A list of cards given up or bought: each card once."""
    return tuple(shared.cards_in(value, where, {}))


def _entry(item: Any, keys: frozenset[str], where: str, seats: Mapping[str, int]) -> int:
    """Check one entry's keys and player; return the player's seat."""
    if not isinstance(item, Mapping):
        raise TranscriptError(f"{where}: an entry must be an object, not {shared.describe(item)}")
    unknown = [k for k in item if k not in keys and not str(k).startswith("_")]
    if unknown:
        raise TranscriptError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")
    player = item.get("player")
    if not isinstance(player, str) or player not in seats:
        raise TranscriptError(f"{where}: unknown player {shared.describe(player)}")
    return seats[player]


def _flag(item: Mapping[str, Any], key: str, where: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise TranscriptError(f"{where}: \"{key}\" must be true or false, not {shared.describe(value)}")
    return value


def load_transcript(data: Any) -> Transcript:
    """Validate the structure of a parsed transcript (the play itself is checked when replayed)."""
    data = shared.check_object(data, KNOWN_KEYS)
    if data.get("rules") not in RULE_NAMES:
        raise TranscriptError(f"unknown rules {shared.describe(data.get('rules'))} (this reader knows: "
                              f"{', '.join(RULE_NAMES)})")
    options = shared.options(data)
    try:
        rules = get_rules(options)
    except RulesError as exc:
        raise TranscriptError(str(exc)) from None
    for key, variant in VARIANT_KEYS.items():
        if key in data and rules.name != variant:
            raise TranscriptError(f"\"{key}\" belongs to {variant} Nap (option \"game\": \"{variant}\"), "
                                  f"not {rules.title}")

    players = shared.players(data)
    try:
        rules.check_players(len(players))
    except RulesError as exc:
        raise TranscriptError(str(exc)) from None
    seats = {name: i for i, name in enumerate(players)}

    dealer = shared.dealer(data, players)
    chips = shared.chips(data, players, "before the antes")
    pool = shared.chip_count(data.get("pool", 0), "\"pool\"")

    hands, where_dealt = shared.hands(data, players)
    floater = widow = stock = None
    if rules.floater_cards:
        if "floater" not in data:
            raise TranscriptError("\"floater\" is missing: floater Nap deals one card face down")
        floater = shared.cards_in([data["floater"]], "the floater", where_dealt)[0]
    if rules.widow_cards:
        if "widow" not in data:
            raise TranscriptError("\"widow\" is missing: Widow Nap deals an extra hand")
        widow = tuple(shared.cards_in(data["widow"], "the widow", where_dealt))
    if data.get("stock") is not None:
        stock = tuple(shared.cards_in(data["stock"], "the stock", where_dealt))

    purchases = tuple(_purchase(item, i, seats) for i, item in enumerate(_list(data, "purchases")))
    bids = tuple(_bid(item, i, seats) for i, item in enumerate(_list(data, "bids")))
    if not bids:
        raise TranscriptError("\"bids\" must list every player's bid, passes included")
    discard = None if data.get("discard") is None else shared.card(data["discard"], "\"discard\"")
    trumps = None
    if data.get("trumps") is not None:
        suit = data["trumps"]
        if not isinstance(suit, str) or suit.strip().upper() not in SUIT_ALIASES:
            raise TranscriptError(f"\"trumps\" must be a suit (S, H, D, C), not {shared.describe(suit)}")
        trumps = SUIT_ALIASES[suit.strip().upper()]
    tricks_in = _list(data, "tricks")
    tricks = []
    for t, trick in enumerate(tricks_in):
        where = f"trick {t + 1}"
        if not isinstance(trick, list) or not trick:
            raise TranscriptError(f"{where}: a trick must be a list of plays, not {shared.describe(trick)}")
        tricks.append(tuple(_play(item, where, seats) for item in trick))
    return Transcript(rules, tuple(players), dealer, chips, pool, hands, floater, widow, stock, purchases, bids,
                      discard, trumps, tuple(tricks))


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise TranscriptError(f"\"{key}\" must be a list, not {shared.describe(value)}")
    return value


def _purchase(item: Any, i: int, seats: Mapping[str, int]) -> Step:
    where = f"purchase {i + 1}"
    seat = _entry(item, PURCHASE_KEYS, where, seats)
    for key in ("discard", "draw"):
        if key not in item:
            raise TranscriptError(f"{where}: \"{key}\" is missing (the cards given up and the cards bought)")
    discard = _cards(item["discard"], f"{where}'s discard")
    draw = _cards(item["draw"], f"{where}'s draw")
    return Step(where, (Purchase(seat, len(discard), discard, draw),))


def _bid(item: Any, i: int, seats: Mapping[str, int]) -> Step:
    where = f"bid {i + 1}"
    seat = _entry(item, BID_KEYS, where, seats)
    word = item.get("bid")
    if not isinstance(word, str):
        raise TranscriptError(f"{where}: \"bid\" must be a word like \"pass\" or \"nap\", not {shared.describe(word)}")
    events: list[Event] = []
    if _flag(item, "peek", where):
        events.append(Peek(seat))
    if _flag(item, "widow", where):
        if "discard" not in item:
            raise TranscriptError(f"{where}: who takes the widow names the five cards they \"discard\"")
        events.append(TakeWidow(seat, _cards(item["discard"], f"{where}'s discard")))
    elif "discard" in item:
        raise TranscriptError(f"{where}: \"discard\" goes with \"widow\": true")
    events.append(Bid(seat, word, _flag(item, "with_floater", where)))
    return Step(where, tuple(events))


def _play(item: Any, where: str, seats: Mapping[str, int]) -> Step:
    seat = _entry(item, PLAY_KEYS, where, seats)
    if "card" not in item:
        raise TranscriptError(f"{where}: a play needs \"card\"")
    return Step(where, (Play(seat, shared.card(item["card"], f"{where}'s play")),))


def replay_transcript(transcript: Transcript) -> tuple[Game, dict[int, str]]:
    """Play the transcript's hand in a strict game and settle it; return the game and, for each event
    log index, the words naming the transcript entry it came from."""
    t = transcript
    rules = t.rules
    try:
        game = Game(t.players, rules=rules, chips=t.chips, pool=t.pool)
        game.new_hand(t.dealer, [t.hands[p] for p in t.players], floater=t.floater, widow=t.widow, stock=t.stock)
    except (IllegalAction, EngineError) as exc:
        raise TranscriptError(str(exc)) from None
    where: dict[int, str] = {}

    def run(step: Step) -> None:
        for event in step.events:
            where[len(game.events)] = step.where
            try:
                game.apply(event)
            except IllegalAction as exc:
                raise TranscriptError(f"{step.where}: {exc.message}") from None

    for step in t.purchases:
        run(step)
    for step in t.bids:
        run(step)
    st = game.state
    if st.phase == BIDDING:
        raise TranscriptError(f"the bidding is not over after {len(t.bids)} bids: {game.whose_turn()} "
                              "(every player speaks once, passes included)")
    contract = st.contract
    if t.discard is not None and (contract is None or not contract.with_floater):
        raise TranscriptError("\"discard\" is given but no bid was won with the floater")
    if st.phase == PREPARING:
        assert contract is not None
        name = t.players[st.bidder]  # type: ignore[index]
        if contract.with_floater:
            if t.discard is None:
                raise TranscriptError(f"\"discard\" is missing: {name} bid {contract} and must discard a card")
            run(Step("\"discard\"", (TakeFloater(t.discard),)))
        if rules.declares_trumps:
            if t.trumps is None:
                raise TranscriptError(f"\"trumps\" is missing: in {rules.title} {name} declares trumps")
            run(Step("\"trumps\"", (DeclareTrumps(t.trumps),)))
    elif t.trumps is not None:
        raise TranscriptError("\"trumps\" is given but everyone passed")
    n = len(t.players)
    for number, trick in enumerate(t.tricks, 1):
        if len(trick) > n:
            raise TranscriptError(f"trick {number}: {len(trick)} cards for {n} players")
        for step in trick:
            run(step)
        if len(trick) < n and game.state.phase == PLAYING:
            raise TranscriptError(f"trick {number}: the hand stops early: {len(trick)} of {n} cards")
    st = game.state
    if st.phase == PLAYING:
        raise TranscriptError(f"the hand stops early: {len(st.tricks)} of {rules.hand_size} tricks played "
                              f"({game.whose_turn()})")
    if st.phase != OVER:
        raise TranscriptError(game.whose_turn())
    where[len(game.events)] = "settlement"
    try:
        game.apply(Settle())
    except IllegalAction as exc:
        raise TranscriptError(exc.message) from None
    return game, where


def revoke_dict(revoke: Revoke, players: Sequence[str]) -> dict[str, Any]:
    return {
        "player": players[revoke.seat], "trick": revoke.trick + 1, "card": revoke.card, "led": revoke.led,
        "proven_at": None if revoke.proven_trick is None else {"trick": revoke.proven_trick + 1,
                                                               "card": revoke.proven_card},
    }


def result_dict(game: Game, where: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The settled hand as the JSON ``nainjaune settle`` prints."""
    st = game.state
    result = st.results[-1]
    players = st.players
    contract = result.contract

    def notice(n: Notice) -> dict[str, Any]:
        out = n.to_dict(players)
        out["at"] = (where or {}).get(out.pop("index"))
        return out

    return {
        "rules": "nap",
        "game": game.rules.name,
        "options": game.rules.option_values(),
        "dealer": players[result.dealer],
        "bidder": None if result.bidder is None else players[result.bidder],
        "bid": None if contract is None else contract.name,
        "with_floater": None if contract is None else contract.with_floater,
        "trumps": result.trumps,
        "tricks": [{"leader": players[tr.leader], "cards": [{"player": players[s], "card": c} for s, c in tr.plays],
                    "winner": players[tr.winner]} for tr in result.tricks],
        "tricks_won": dict(zip(players, result.tricks_won)),
        "made": result.made,
        "made_by_tricks": result.by_tricks,
        "forfeit": None if result.forfeit is None else players[result.forfeit],
        "revokes": [revoke_dict(r, players) for r in result.revokes],
        "chips": dict(zip(players, result.chips)),
        "pool": result.pool,
        "payments": [p.to_dict(players) for p in result.payments],
        "next_dealer": players[result.next_dealer],
        "shuffle_next": result.shuffle_next,
        "notices": [notice(n) for n in game.notices],
    }


def settle_transcript(data: Any) -> dict[str, Any]:
    """Validate, replay and settle a parsed transcript; return the result dict."""
    transcript = load_transcript(data)
    game, where = replay_transcript(transcript)
    return result_dict(game, where)


__all__ = ["Transcript", "load_transcript", "replay_transcript", "result_dict", "revoke_dict", "settle_transcript"]
