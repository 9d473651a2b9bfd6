"""The bundled demo: a few deals played by the engine with known hands, written as the observations a camera would
report (in each deal one unsure attribution and one forgotten call), so a new user sees a game unfold at once."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.cards import BOXES, DECK, RANK, Card
from engine.game import Game

DEMO_PLAYERS = ("Anne", "Bruno", "Chloé", "Denis")
DEMO_CHIPS = 120
SECONDS_PER_CARD = 2.5
SECONDS_PER_PASS = 1.5


def simulated_game(seed: int = 5, deals: int = 3, players: tuple[str, ...] = DEMO_PLAYERS,
                   chips: int = DEMO_CHIPS) -> list[dict[str, Any]]:
    """Observation dicts of a few whole deals: set-up, plays, passes, sweeps, showdowns and settlements."""
    rng = random.Random(seed)
    game = Game(players, chips=chips)
    out: list[dict[str, Any]] = [{"type": "game_setup", "players": list(players), "dealer": players[0],
                                  "chips": chips, "rules": "lindor"}]
    t = 1.0
    for _ in range(deals):
        if game.state.game_over:
            break
        t = _deal(game, rng, out, t) + 6.0  # a pause between deals, to read the settlement
    return out


def _deal(game: Game, rng: random.Random, out: list[dict[str, Any]], t: float) -> float:
    """One deal dealt from a shuffled deck and played to its settlement; returns the time it ends."""
    players = game.players
    deck = list(DECK)
    rng.shuffle(deck)
    size = game.rules.deal_sizes(len(players))[0]
    game.new_deal(hands=[deck[i * size:(i + 1) * size] for i in range(len(players))])
    forgot_one = asked_one = False
    st = game.state
    while st.phase == "play":
        seat, card = _choose(game)
        if card is None:
            game.pass_(seat)
            out.append({"t": round(t, 1), "type": "passed", "player": players[seat]})
            t += SECONDS_PER_PASS
            continue
        game.play(seat, card)
        obs: dict[str, Any] = {"t": round(t, 1), "type": "card_played", "card": card, "player": players[seat],
                               "confidence": round(rng.uniform(0.9, 0.995), 3)}
        if not asked_one and len(st.pile) > 6:
            other = players[(seat + 1) % len(players)]
            obs.update(player=None, candidates=[players[seat], other], confidence=0.71)
            asked_one = True
        out.append(obs)
        t += SECONDS_PER_CARD
        box = game.rules.box_for(card)
        if box is not None:
            if forgot_one or rng.random() < 0.2:
                game.sweep(seat, box)
                out.append({"t": round(t - 1.0, 1), "type": "box_swept", "box": box, "player": players[seat]})
            else:
                forgot_one = True  # the page announces it once the next card lands
    winner = st.winner
    assert winner is not None  # a deal played to its end has a winner
    out.append({"t": round(t, 1), "type": "deal_over", "winner": players[winner], "opera": st.opera})
    for s, name in enumerate(players):
        if s != winner:
            t += 1.0
            out.append({"t": round(t, 1), "type": "hand_revealed", "player": name, "cards": list(st.hand_of(s))})
    result = game.settle()
    t += 1.0
    out.append({"t": round(t, 1), "type": "settlement", "chips": dict(zip(players, result.chips)),
                "board": dict(zip(BOXES, result.board))})
    return t


def _choose(game: Game) -> tuple[int, Card | None]:
    """A simple player: lead the lowest card, continue whenever possible, else pass."""
    st = game.state
    if st.wanted is None:
        seat = int(st.to_move)  # type: ignore[arg-type]  # someone is always to move while playing
        return seat, min(st.legal_plays(seat), key=RANK.__getitem__)
    for seat in st.actors():
        legal = st.legal_plays(seat)
        if legal:
            return seat, legal[0]
    return st.actors()[-1], None


def demo_recording(data_dir: Path) -> Path:
    """The recording `nainjaune demo` replays, written next to the demo database."""
    path = data_dir / "demo-deal.jsonl"
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in simulated_game()), encoding="utf-8")
    return path
