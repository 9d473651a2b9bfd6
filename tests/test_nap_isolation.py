"""The shared core carries both games, and neither game imports the other."""

from __future__ import annotations

import json
import subprocess
import sys

from nap_support import EXAMPLES, ROOT

import engine
from engine.core.ledger import Ledger, OpenLedger
from engine.core.log import EventLog


def modules_after(code: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", code + "\nimport sys, json\n"
                           "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine'))))"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_nap_loads_no_nain_jaune_module():
    loaded = modules_after(
        "import json\n"
        "from engine.nap.transcript import settle_transcript\n"
        f"settle_transcript(json.load(open({str(EXAMPLES[0])!r}, encoding='utf-8')))\n"
        "from engine.nap.simulate import SimulationRequest, simulate\n"
        "list(simulate(SimulationRequest.build(options={'game': 'floater'}, hands=5)))\n"
        "import engine.nap.live\n")
    assert "engine.nap.game" in loaded and "engine.core.log" in loaded and "engine.core.ledger" in loaded
    assert not [m for m in loaded if m.startswith("engine.nain_jaune")]


def test_nain_jaune_loads_no_nap_module():
    loaded = modules_after(
        "from engine.nain_jaune.simulate import SimulationRequest, simulate\n"
        "list(simulate(SimulationRequest.build(rules='lindor', players=4, deals=3)))\n"
        "import engine.nain_jaune.transcript\n")
    assert "engine.nain_jaune.game" in loaded and "engine.core.log" in loaded
    assert not [m for m in loaded if m.startswith("engine.nap")]


def test_importing_engine_imports_no_game():
    loaded = modules_after("import engine")
    assert not [m for m in loaded if m.startswith(("engine.nap", "engine.nain_jaune"))]


def test_both_games_stand_on_the_core():
    from engine.nain_jaune.game import Game as NainJaune
    from engine.nap.game import Game as Nap

    assert issubclass(Nap, EventLog) and issubclass(NainJaune, EventLog)
    assert type(Nap(["A", "B", "C"]).state.ledger) is OpenLedger   # option debts = allow
    assert type(Nap(["A", "B", "C"], options={"debts": "cap"}).state.ledger) is Ledger
    assert type(NainJaune(["A", "B", "C"]).state.ledger) is Ledger
    assert engine.game_of_rules("nap") == "nap" and engine.game_of_rules("lindor") == "nain_jaune"
    assert "nap" in engine.rule_names()
