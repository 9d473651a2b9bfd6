"""`nainjaune settle` on Nap transcripts and `nainjaune simulate --game nap`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from nap_support import EXAMPLES, ROOT, load_example

from nainjaune.cli import main


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_settle_prints_the_expected_fields(capsys, path):
    code, out, err = run_cli(capsys, "settle", str(path))
    assert code == 0 and err == ""
    result = json.loads(out)
    expected = json.loads(path.read_text(encoding="utf-8"))["expected"]
    for key in ("bidder", "bid", "trumps", "tricks_won", "made", "revokes", "chips", "pool"):
        assert result[key] == expected[key], key
    assert isinstance(result["payments"], list)


def settle_data(tmp_path, capsys, data):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return run_cli(capsys, "settle", str(path))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.__setitem__("rules", "belote"), "unknown rules 'belote' (known: lindor, avantcoureur, nap)"),
    (lambda d: d["bids"][1].__setitem__("bid", "two"), "bid 2: Two is not played at this table (option two)"),
    (lambda d: d["tricks"][2].reverse(), "trick 3: Bruno plays 8H out of turn: Chloé is to lead"),
    (lambda d: d["tricks"][0][0].__setitem__("card", "AD"), "trick 1: Chloé does not hold AD"),
    (lambda d: d["tricks"].pop(), "the hand stops early: 4 of 5 tricks played"),
    (lambda d: d["options"].__setitem__("colour", "red"), "unknown option 'colour'"),
])
def test_settle_refusals(tmp_path, capsys, change, message):
    data = load_example("classic_four.json")
    change(data)
    code, out, err = settle_data(tmp_path, capsys, data)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("nainjaune settle: error: ") and message in err


def test_settle_refusal_in_a_subprocess(tmp_path):
    data = load_example("widow.json")
    data["bids"][1]["bid"] = "four"
    path = tmp_path / "widow.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "nainjaune", "settle", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("nainjaune settle: error: bid 2: Chloé bids Four: who takes the widow must bid at least "
                           "Nap, not Four\n")


def test_settle_without_rules_is_still_nain_jaune(tmp_path, capsys):
    code, _, err = settle_data(tmp_path, capsys, {"players": []})
    assert code == 2 and "\"players\" must be a non-empty list" in err


def simulate(capsys, *args):
    return run_cli(capsys, "simulate", "--game", "nap", *args)


def test_simulate_reports_hands_per_second(capsys):
    code, out, _ = simulate(capsys, "--hands", "200", "--players", "5", "--seed", "2")
    assert code == 0
    assert "hands: 200" in out and "hands per second:" in out and "no bid share:" in out
    assert "bids made/failed:" in out and "revokes:" in out


def test_simulate_is_reproducible_by_seed(capsys):
    args = ("--hands", "150", "--seed", "11", "--option", "game=floater", "--option", "peek_cost=2", "--json")
    first = json.loads(simulate(capsys, *args)[1])
    second = json.loads(simulate(capsys, *args)[1])
    other = json.loads(simulate(capsys, "--hands", "150", "--seed", "12", "--option", "game=floater", "--json")[1])
    for summary in (first, second, other):
        assert summary.pop("seconds") >= 0 and summary.pop("hands_per_second") > 0
    assert first == second and first["bids"] != other["bids"]
    assert first["options"] == {"game": "floater", "peek_cost": 2} and first["hands"] == 150


def test_simulate_shows_stacks_below_zero_plainly(capsys):
    args = ("--hands", "300", "--players", "5", "--seed", "4", "--chips", "5")
    summary = json.loads(simulate(capsys, *args, "--json")[1])
    chips = summary["chips"]
    assert list(chips) == ["Anne", "Bruno", "Chloé", "Denis", "Emma"] and sum(chips.values()) == 25
    assert summary["lowest_stack"] < 0 and summary["payments_cut"] == 0
    line = next(x for x in simulate(capsys, *args)[1].splitlines() if x.startswith("chips: "))
    assert line == "chips: " + ", ".join(f"{name} {n}" for name, n in chips.items())
    capped = json.loads(simulate(capsys, *args, "--option", "debts=cap", "--json")[1])
    assert capped["lowest_stack"] >= 0 and capped["payments_cut"] > 0 and sum(capped["chips"].values()) == 25


@pytest.mark.parametrize(("args", "message"), [
    (("--option", "debts=never"), "option 'debts' must be one of 'allow' | 'cap'"),
    (("--deals", "5"), "--deals is a Nain Jaune flag, not one for --game nap"),
    (("--strategy", "simple"), "--strategy is a Nain Jaune flag"),
    (("--rules", "lindor"), "--rules is a Nain Jaune flag"),
    (("--hands", "0"), "--hands must be at least 1"),
    (("--players", "11"), "Nap is played by 3 to 10 players, not 11"),
    (("--option", "pool=perhaps"), "option 'pool' must be true or false"),
    (("--option", "game=bridge"), "option 'game' must be one of"),
    (("--option", "pool"), "expected NAME=VALUE"),
])
def test_simulate_refusals(capsys, args, message):
    code, _, err = simulate(capsys, *args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_nap_flags_are_refused_for_nain_jaune(capsys):
    code, _, err = run_cli(capsys, "simulate", "--hands", "5")
    assert code == 2 and "--hands is a Nap flag, not one for --game nain_jaune (use --game nap)" in err


def test_same_seed_same_hands_across_processes():
    """Hands are sets, whose order changes with Python's hash seed: the simulator must not depend on it."""
    import os

    code = ("from engine.nap.simulate import SimulationRequest, simulate\n"
            "for game in ('classic', 'purchase', 'widow', 'floater', 'seven_card'):\n"
            "    r = SimulationRequest.build(options={'game': game}, players=4, seed=5, hands=40, revoke_rate=0.3)\n"
            "    print([(o.bid, o.made, o.revokes) for o in simulate(r)])\n")
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60,
                       cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1
