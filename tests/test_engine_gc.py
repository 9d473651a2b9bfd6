"""The simulator pauses the cyclic garbage collector; these check that it is safe to.

`engine.nain_jaune.simulate.simulate` turns the collector off while it runs (collections cost 5-10 % of a long
simulation and find nothing). That is only right if games free themselves by reference counting,
and if the collector's state is put back however the simulation ends.
"""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from engine.nain_jaune.game import Game
from engine.nain_jaune.simulate import SimulationRequest, new_game, play_deal, simulate


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.parametrize("rules,players,strategy", [("lindor", 4, "random"), ("avantcoureur", 3, "simple")])
def test_a_played_game_is_freed_without_the_cyclic_collector(rules: str, players: int, strategy: str) -> None:
    request = SimulationRequest.build(rules=rules, players=players, strategy=strategy, seed=3, deals=1)
    gc.disable()
    try:
        game = new_game(request)
        rng = random.Random(3)
        for _ in range(3):
            if game.state.deals_played and game.state.game_over:
                break
            play_deal(game, strategy, rng)
        game.undo()      # the refold and the redo stack must not tie the game to itself either
        game.redo()
        replayed = game.replay()
        refs = [weakref.ref(game), weakref.ref(replayed)]
        del game, replayed
        assert [r() for r in refs] == [None, None]
    finally:
        gc.enable()


def test_a_simulation_puts_the_collector_back_when_it_ends(collector_on: None) -> None:
    request = SimulationRequest.build(players=4, seed=1, deals=5)
    outcomes = simulate(request)
    first = next(outcomes)
    assert not gc.isenabled()          # paused while the simulation is under way
    rest = list(outcomes)
    assert gc.isenabled()
    assert len(rest) == 4 and first.deal == 1


def test_a_simulation_closed_early_puts_the_collector_back(collector_on: None) -> None:
    outcomes = simulate(SimulationRequest.build(players=4, seed=1, deals=50))
    next(outcomes)
    outcomes.close()
    assert gc.isenabled()


def test_a_simulation_leaves_a_paused_collector_paused() -> None:
    gc.disable()
    try:
        list(simulate(SimulationRequest.build(players=3, seed=2, deals=3)))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_game_given_a_rule_set_instance_is_freed_too() -> None:
    """Per-rule-set caches (card flags, playable sets, seat orders) are shared by games and must not
    point back at any game."""
    request = SimulationRequest.build(players=5, seed=4, deals=1)
    gc.disable()
    try:
        game = Game(["A", "B", "C", "D", "E"], rules=request.rules)
        play_deal(game, "random", random.Random(4))
        ref = weakref.ref(game)
        del game
        assert ref() is None
    finally:
        gc.enable()
