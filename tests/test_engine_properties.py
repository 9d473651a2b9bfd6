"""Properties of the engine over random legal deals (hypothesis drives the simulator's seed).

For both rule sets, every player count they allow and a spread of options: chips are never
created or lost, every deal ends with a winner, replaying the event log rebuilds the same state,
and undoing events then redoing them gives back the same state.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.nain_jaune.cards import BOXES
from engine.nain_jaune.events import Deal, Settlement, Showdown
from engine.nain_jaune.game import Game
from engine.nain_jaune.notices import CALL_MISSED, DEAL_OVER
from engine.nain_jaune.simulate import STRATEGIES, play_deal
from engine.nain_jaune.state import SETTLED, DealResult

PLAYERS = ("Anne", "Bruno", "Chloé", "Denis", "Emma", "Félix", "Gaëlle", "Hugo")

# (rules, player counts, option choices drawn from)
RULE_SETS: tuple[tuple[str, tuple[int, ...], dict[str, tuple[Any, ...]]], ...] = (
    ("lindor", (3, 4, 5, 6, 7, 8), {
        "payment": ("points", "cards"),
        "stuck": ("lead", "skip"),
        "opera": ("first_turn", "no_opponent_honour", "no_opponent_card", "off"),
        "bete_on_missed_call": (False, True),
        "call_window": ("next_card", "play", "turn"),
    }),
    ("avantcoureur", (3, 5), {
        "dwarf": ("hoc", "stand_in"),
        "direction": ("anticlockwise", "clockwise"),
        "hoc_payment": ("kings_and_honours", "every_hoc", "off"),
        "opera": ("none_played", "first_turn", "off"),
        "bete": ("not_dwarf", "all", "off"),
        "call_window": ("next_card", "play", "turn"),
    }),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, random.Random, str]:
    """A fresh game (rules, players, options, chips) with the seeded random source and strategy to play it."""
    rules, counts, choices = draw(st.sampled_from(RULE_SETS))
    n = draw(st.sampled_from(counts))
    options = {name: draw(st.sampled_from(values)) for name, values in choices.items()}
    chips = draw(st.integers(min_value=30, max_value=400))
    board = draw(st.lists(st.integers(min_value=0, max_value=20), min_size=len(BOXES), max_size=len(BOXES)))
    game = Game(PLAYERS[:n], rules=rules, options=options, chips=chips, board=board)
    return game, random.Random(draw(st.integers(min_value=0, max_value=2**32))), draw(st.sampled_from(STRATEGIES))


def total(game: Game) -> int:
    return sum(game.state.chips) + sum(game.state.board.values())


def play_some_deals(game: Game, rng: random.Random, strategy: str, deals: int) -> None:
    for _ in range(deals):
        if game.state.deals_played and game.state.game_over:
            return
        play_deal(game, strategy, rng)


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(games())
def test_every_deal_ends_with_a_winner_and_conserves_chips(case: tuple[Game, random.Random, str]) -> None:
    game, rng, strategy = case
    start = total(game)
    n = game.state.n_players
    for _ in range(3):
        if game.state.deals_played and game.state.game_over:
            break
        actions, plays = play_deal(game, strategy, rng)
        state = game.state
        assert state.phase == SETTLED
        winner = state.results[-1].winner
        assert state.counts[winner] == 0 and state.hand_of(winner) == ()
        # a card is played at least once in 13 laps of passes (the 'skip' variant climbs a rank a lap)
        assert plays <= 52 and actions <= plays * (1 + 13 * n)
        assert total(game) == start
        assert min(state.chips) >= 0 and min(state.board.values()) >= 0
        assert {notice.kind for notice in game.notices} <= {CALL_MISSED, DEAL_OVER}


@PROPERTY
@given(games())
def test_replaying_the_log_gives_the_same_state(case: tuple[Game, random.Random, str]) -> None:
    game, rng, strategy = case
    play_some_deals(game, rng, strategy, 2)
    assert game.replay().state.snapshot() == game.state.snapshot()


@PROPERTY
@given(games(), st.integers(min_value=1, max_value=25))
def test_undo_then_redo_is_identity(case: tuple[Game, random.Random, str], steps: int) -> None:
    game, rng, strategy = case
    play_some_deals(game, rng, strategy, 1)
    before = game.state.snapshot()
    log = list(game.events)
    steps = min(steps, len(log))
    undone = [game.undo() for _ in range(steps)]
    assert undone == log[::-1][:steps]
    assert game.state.snapshot() == Game.from_setup(game.setup, log[: len(log) - steps]).state.snapshot()
    for _ in range(steps):
        game.redo()
    assert game.events == log
    assert game.state.snapshot() == before


@PROPERTY
@given(games())
def test_live_play_with_unknown_hands_settles_the_same(case: tuple[Game, random.Random, str]) -> None:
    """The camera's view: hands unknown at the deal, shown at the end. Same plays, same settlement."""
    game, rng, strategy = case
    play_some_deals(game, rng, strategy, 2)
    setup = game.setup
    live = Game(setup.players, rules=setup.rules, options=setup.options, chips=setup.chips,
                board=setup.board, live=True)
    results = iter(game.state.results)
    for event in game.events:
        if isinstance(event, Deal):
            event = Deal(None, None)
        elif isinstance(event, Settlement):
            live.apply(Showdown(next(results).remaining))
        live.apply(event)
    assert [n.kind for n in live.notices] == [n.kind for n in game.notices]
    # the same deals, except for event indices (the live log has one Showdown more per deal)
    assert [_settled(r) for r in live.state.results] == [_settled(r) for r in game.state.results]


def _settled(result: DealResult) -> tuple[Any, ...]:
    return (result.winner, result.opera, result.payments, result.remaining, result.missed_calls,
            result.chips, result.board)
