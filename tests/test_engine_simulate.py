"""The simulator: determinism by seed, whole games, and the `nainjaune simulate` command."""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest

from engine.nain_jaune.cards import RANKS
from engine.nain_jaune.events import Event, Pass, Play
from engine.nain_jaune.game import Game
from engine.nain_jaune.simulate import SimulationRequest, Tally, play_deal, simulate
from nainjaune.cli import main


def outcomes(**kwargs: Any) -> list[Any]:
    return list(simulate(SimulationRequest.build(**kwargs)))


@pytest.mark.parametrize("rules", ["lindor", "avantcoureur"])
@pytest.mark.parametrize("strategy", ["random", "simple"])
def test_same_seed_same_deals(rules: str, strategy: str) -> None:
    first = outcomes(rules=rules, players=3, strategy=strategy, seed=11, deals=30)
    assert first == outcomes(rules=rules, players=3, strategy=strategy, seed=11, deals=30)
    assert first != outcomes(rules=rules, players=3, strategy=strategy, seed=12, deals=30)


def test_games_are_played_to_their_end() -> None:
    got = outcomes(rules="lindor", players=5, strategy="simple", seed=2, games=4, chips=60)
    ends = [o for o in got if o.ended_game]
    assert len(ends) == 4 and got[-1].ended_game
    assert [o.game for o in ends] == [0, 1, 2, 3]
    for game_no in range(4):
        numbers = [o.deal for o in got if o.game == game_no]
        assert numbers == list(range(1, len(numbers) + 1))


def test_a_finished_game_leaves_a_player_unable_to_ante() -> None:
    request = SimulationRequest.build(rules="lindor", players=4, strategy="random", seed=9, deals=1, chips=50)
    game = Game(("A", "B", "C", "D"), rules=request.rules, chips=50)
    rng = random.Random(9)
    while not (game.state.deals_played and game.state.game_over):
        play_deal(game, "random", rng)
    assert min(game.state.chips) < 15  # lindor: the game ends when someone cannot ante 15


def _random_deals(players: tuple[str, ...], rules: str, deals: int, seed: int, options: dict | None = None) -> Game:
    """A game of `deals` random deals, chips enough for all of them."""
    game = Game(players, rules=rules, options=options, chips=1000)
    rng = random.Random(seed)
    for _ in range(deals):
        play_deal(game, "random", rng)
    return game


def _replayed(game: Game) -> Iterator[tuple[Game, Event]]:
    """Each event of `game` with a replay of the game as it stood just before it."""
    replay = Game.from_setup(game.setup)
    for event in game.events:
        yield replay, event
        replay.apply(event)


def test_random_players_stop_only_when_unable_under_the_house_rule() -> None:
    """Under `stop_at_will` false the random player who laid the last card goes on while able; by default they may
    stop holding the next rank."""

    def stops_while_able(options: dict | None) -> int:
        count = 0
        for replay, event in _replayed(_random_deals(("A", "B", "C", "D"), "lindor", 30, 5, options)):
            st = replay.state
            stops = isinstance(event, Pass) or (isinstance(event, Play) and event.seat != st.to_move)
            if st.can_stop and stops:
                count += any(replay.rules.matches(st.wanted, c) for c in st.hands[st.to_move])
        return count

    assert stops_while_able({"stop_at_will": False}) == 0
    assert stops_while_able(None) > 50


def test_simulated_avantcoureur_runs_stay_in_suit() -> None:
    """The simulator asks the rules what may be played: in 1760 every card that continues a run is
    the wanted card of the same suit, or the wild 7♦."""
    checked = 0
    for replay, event in _replayed(_random_deals(("A", "B", "C"), "avantcoureur", 5, 4)):
        wanted = replay.state.wanted
        if isinstance(event, Play) and wanted is not None:
            assert event.card == "7D" or event.card == RANKS[wanted.rank - 1] + wanted.suit
            checked += 1
    assert checked > 20


def test_tally_summary_adds_up() -> None:
    request = SimulationRequest.build(rules="lindor", players=4, strategy="random", seed=1, deals=50)
    tally = Tally()
    for outcome in simulate(request):
        tally.add(outcome)
    summary = tally.summary(request)
    assert summary["deals"] == 50 and sum(summary["wins_by_seat"]) == 50
    assert summary["average_deal_length"] >= summary["average_cards_played"] > 0
    assert 0.0 <= summary["opera_rate"] <= 1.0


# ---- the command ------------------------------------------------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--rules", "avantcoureur", "--players", "5", "--deals", "40", "--seed", "3",
                           "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["rules"] == "avantcoureur" and summary["players"] == 5 and summary["deals"] == 40
    assert summary["deals_per_second"] > 0
    for key in ("games", "average_deal_length", "opera_rate"):
        assert key in summary


def test_cli_default_players_fit_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(run_cli(capsys, "--deals", "3", "--json")[1])["players"] == 4
    assert json.loads(run_cli(capsys, "--rules", "avantcoureur", "--deals", "3", "--json")[1])["players"] == 3


def test_cli_games_and_determinism(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "3", "--players", "6", "--strategy", "simple", "--seed", "7", "--json")
    first = json.loads(run_cli(capsys, *args)[1])
    second = json.loads(run_cli(capsys, *args)[1])
    assert first["games"] == 3 and first["deals"] >= 3
    for timing in ("seconds", "deals_per_second"):
        first.pop(timing), second.pop(timing)
    assert first == second


def test_cli_text_summary_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--deals", "20", "--option", "payment=cards", "--option", "chips_per_card=3")
    assert code == 0
    assert "deals: 20" in out and "deals per second:" in out and "opera rate:" in out
    code, out, _ = run_cli(capsys, "--deals", "5", "--rules", "avantcoureur", "--players", "3",
                           "--option", "dwarf=stand_in", "--option", "dwarf_double=false", "--json")
    assert json.loads(out)["options"] == {"dwarf": "stand_in", "dwarf_double": False}


@pytest.mark.parametrize(("args", "message"), [
    (("--rules", "whist"), "unknown rule set"),
    (("--rules", "avantcoureur", "--players", "4"), "3, 5 players"),
    (("--players", "9"), "not 9"),
    (("--deals", "0"), "--deals must be at least 1"),
    (("--games", "-2"), "--games must be at least 1"),
    (("--strategy", "clever"), "--strategy"),
    (("--option", "payment"), "NAME=VALUE"),
    (("--option", "opera=sometimes"), "opera"),
    (("--option", "colour=blue"), "unknown option"),
    (("--chips", "0"), "--chips"),
])
def test_cli_bad_arguments_give_one_clear_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                               message: str) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_cli_deals_and_games_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--deals", "3", "--games", "3"])
    assert exc.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_same_seed_same_games_across_processes() -> None:
    """Hands are sets, whose order changes with Python's hash seed: the simulator must not depend on it."""
    import os
    import subprocess
    import sys

    code = ("from engine.nain_jaune.simulate import SimulationRequest, simulate\n"
            "for rules, n in (('lindor', 4), ('avantcoureur', 3)):\n"
            "    for strategy in ('random', 'simple'):\n"
            "        r = SimulationRequest.build(rules=rules, players=n, strategy=strategy, seed=5, deals=15)\n"
            "        print([(o.winner, o.actions, o.plays) for o in simulate(r)])\n")
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1
