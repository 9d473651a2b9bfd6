"""`nainjaune settle FILE`: the examples settle to their hand-checked results, and every malformed or
illegal transcript gives one clear line (naming the action) and a non-zero exit, never a traceback."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.errors import TranscriptError
from engine.nain_jaune.transcript import settle_transcript
from nainjaune.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "transcripts").glob("*.json"))
ISSUE = ROOT / "examples" / "transcripts" / "issue_example.json"


def load(path: Path = ISSUE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["settle", *args])
    out, err = capsys.readouterr()
    return code, out, err


def settle_file(tmp_path, capsys, data, raw: bytes | None = None) -> tuple[int, str, str]:
    path = tmp_path / "deal.json"
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return run_cli(capsys, str(path))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_settle_to_their_hand_checked_results(path, capsys):
    code, out, err = run_cli(capsys, str(path))
    assert code == 0 and err == ""
    result = json.loads(out)
    expected = load(path)["expected"]
    for key in ("winner", "opera", "chips", "board"):
        assert result[key] == expected[key], key
    assert [{"player": m["player"], "card": m["card"]} for m in result["missed_calls"]] == expected["missed_calls"]
    assert {"winner", "opera", "chips", "board", "missed_calls", "payments"} <= result.keys()


def test_issue_example_output_shape(capsys):
    code, out, _ = run_cli(capsys, str(ISSUE))
    result = json.loads(out)
    assert result["payments"][0] == {"reason": "ante", "from": "Anne", "to": "board:10D", "amount": 1, "card": "10D"}
    sweep = next(p for p in result["payments"] if p["reason"] == "sweep")
    assert sweep == {"reason": "sweep", "from": "board:QS", "to": "Bruno", "amount": 13, "card": "QS"}
    cards = [p for p in result["payments"] if p["reason"] == "cards"]
    assert cards == [{"reason": "cards", "from": "Bruno", "to": "Anne", "amount": 9},
                     {"reason": "cards", "from": "Chloé", "to": "Anne", "amount": 3}]
    assert result["calls"][0] == {"player": "Bruno", "card": "QS", "called": True, "action": 1}


def test_stuck_skip_example_is_illegal_under_the_default_rules():
    data = load(ROOT / "examples" / "transcripts" / "stuck_skip_german.json")
    del data["options"]
    with pytest.raises(TranscriptError, match=r"^action 8: Bruno passes but must lead a card$"):
        settle_transcript(data)


def test_settle_reads_standard_input():
    raw = ISSUE.read_bytes()
    proc = subprocess.run([sys.executable, "-m", "nainjaune", "settle", "-"], input=raw, capture_output=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode("utf-8"))["winner"] == "Anne"


def test_settle_imports_no_heavy_library():
    """Issue: 'nainjaune settle must not import OpenCV, torch or ultralytics' (nor numpy)."""
    code = (
        "import sys, io, contextlib\n"
        "from nainjaune.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    rc = main(['settle', {str(ISSUE)!r}])\n"
        "assert rc == 0, rc\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('cv2', 'torch', 'ultralytics', 'numpy', 'onnxruntime', 'fastapi', 'torchvision'))\n"
        "print(','.join(heavy))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


# ---- errors: one line, exit 2, the action named ---------------------------------------------------


def mutate(fn):
    data = load()
    fn(data)
    return data


def hand(data, name):
    return data["hands"][name]


CASES = {
    "unknown card": (lambda d: hand(d, "Anne").__setitem__(0, "1X"),
                     "unknown card '1X' in Anne's hand"),
    "duplicate card": (lambda d: hand(d, "Chloé").__setitem__(0, hand(d, "Anne")[0]),
                       "duplicate card 4S: in Anne's hand and Chloé's"),
    "wrong hand size": (lambda d: hand(d, "Bruno").pop(),
                        "Bruno is dealt 14 cards; with 3 players each gets 15"),
    "out of turn": (lambda d: d["actions"].insert(0, {"player": "Chloé", "play": "2C"}),
                    "action 0: Chloé plays 2C out of turn: Bruno is to lead"),
    "out of sequence": (lambda d: d["actions"].__setitem__(1, {"player": "Bruno", "play": "8S"}),
                        "action 1: Bruno plays 8S out of sequence: Q is wanted"),
    "card not held": (lambda d: d["actions"].__setitem__(1, {"player": "Bruno", "play": "QH"}),
                      "action 1: Bruno does not hold QH (Anne does)"),
    "cannot ante": (lambda d: d["chips"].__setitem__("Bruno", 14),
                    "Bruno cannot ante 15 chips (has 14)"),
    "deal not finished": (lambda d: d["actions"].__delitem__(slice(40, None)),
                          "the deal is not finished: nobody went out after 40 actions"),
    "play after the end": (lambda d: d["actions"].append({"player": "Bruno", "play": "2S"}),
                           "action 50: the deal is over: Anne played their last card at action 49"),
    "unknown player": (lambda d: d["actions"].__setitem__(0, {"player": "Zoé", "play": "JS"}),
                       "action 0: unknown player 'Zoé'"),
    "empty action": (lambda d: d["actions"].__setitem__(2, {"player": "Chloé"}),
                     "action 2: an action needs \"play\", \"pass\", \"call\" or \"sweep\""),
    "pass not true": (lambda d: d["actions"].__setitem__(2, {"player": "Chloé", "pass": "yes"}),
                      "action 2: \"pass\" must be true"),
    "unknown rules": (lambda d: d.__setitem__("rules", "belote"), "unknown rules 'belote'"),
    "unknown option": (lambda d: d["options"].__setitem__("payement", "cards"), "unknown option 'payement'"),
    "bad option value": (lambda d: d["options"].__setitem__("chips_per_card", -3), "must be ≥ 1"),
    "dealer not a player": (lambda d: d.__setitem__("dealer", "Zoé"), "the dealer 'Zoé' is not one of the players"),
    "two players": (lambda d: (d["players"].pop(), d["hands"].pop("Chloé"), d["chips"].pop("Chloé")),
                    "lindor is played by 3, 4, 5, 6, 7, 8 players, not 2"),
    "missing chips": (lambda d: d["chips"].pop("Anne"), "\"chips\" gives no count for Anne"),
    "bad board box": (lambda d: d["board"].__setitem__("9C", 1), "\"board\" has no box '9C'"),
    "unknown top-level key": (lambda d: d.__setitem__("hand", {}), "unknown key 'hand'"),
}


@pytest.mark.parametrize("name", CASES)
def test_malformed_or_illegal_transcripts(name, tmp_path, capsys):
    fn, message = CASES[name]
    code, out, err = settle_file(tmp_path, capsys, mutate(fn))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("nainjaune settle: error: ")
    assert message in err


@pytest.mark.parametrize("raw,message", [
    (b"{\"players\": [", "is not valid JSON: Expecting value (line 1, column 14)"),
    (b"", "is empty"),
    (b"[1, 2]", "a transcript must be a JSON object"),
    ("{\"players\": [\"Chlo\u00e9\"]}".encode("latin-1"), "is not UTF-8 text (byte 0xe9 at offset 18)"),
    (b"{\"rules\": \"lindor\"}", "\"players\" must be a non-empty list"),
])
def test_unreadable_files(raw, message, tmp_path, capsys):
    code, out, err = settle_file(tmp_path, capsys, None, raw=raw)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert message in err


def test_missing_file_and_directory(tmp_path, capsys):
    code, _, err = run_cli(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and err == f"nainjaune settle: error: no such file: {tmp_path / 'nope.json'}\n"
    code, _, err = run_cli(capsys, str(tmp_path))
    assert code == 2 and "is a directory" in err


def test_an_error_in_a_subprocess_is_one_line_without_traceback(tmp_path):
    path = tmp_path / "bad.json"
    data = mutate(lambda d: d["actions"].insert(0, {"player": "Chloé", "play": "2C"}))
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "nainjaune", "settle", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "nainjaune settle: error: action 0: Chloé plays 2C out of turn: Bruno is to lead\n"


def test_calls_and_sweeps_as_separate_actions():
    """A call or a sweep may be its own action, within the call window."""
    data = load()
    data["actions"][1] = {"player": "Bruno", "play": "QS"}
    data["actions"].insert(3, {"player": "Bruno", "call": "QS"})   # after Chloé's pass: still in time
    result = settle_transcript(data)
    assert result["chips"] == load()["expected"]["chips"] and result["missed_calls"] == []
    data = load()
    data["actions"][1] = {"player": "Bruno", "play": "QS"}
    data["actions"].insert(2, {"player": "Bruno", "sweep": "QS"})
    assert settle_transcript(data)["chips"] == load()["expected"]["chips"]


def test_a_missed_call_in_a_transcript():
    data = load()
    data["actions"][1] = {"player": "Bruno", "play": "QS"}
    result = settle_transcript(data)
    assert [(m["player"], m["card"], m["action"]) for m in result["missed_calls"]] == [("Bruno", "QS", 1)]
    assert result["board"]["QS"] == 13 and result["chips"]["Bruno"] == 104 - 13
    assert any(n["kind"] == "call_missed" and n["action"] == 3 for n in result["notices"])


def test_a_false_sweep_in_a_transcript():
    data = load()
    data["actions"].insert(2, {"player": "Chloé", "sweep": "KH"})
    result = settle_transcript(data)
    assert result["false_sweeps"] == [{"player": "Chloé", "box": "KH", "action": 2}]
    assert result["chips"] == load()["expected"]["chips"]


def test_transcript_cards_may_use_aliases_and_lower_case():
    data = load()
    data["hands"]["Anne"] = [c.lower().replace("10", "T") for c in data["hands"]["Anne"]]
    assert settle_transcript(data)["winner"] == "Anne"


def test_the_talon_is_checked_when_given():
    data = load()
    data["talon"] = ["AS"] * 7
    with pytest.raises(TranscriptError, match="duplicate card AS"):
        settle_transcript(copy.deepcopy(data))
