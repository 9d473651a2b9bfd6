"""The shared core on its own: a toy game built on it, the ledger's pots, seats and options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import pytest

from engine.core.errors import ConservationError, EngineError, IllegalAction, RulesError
from engine.core.ledger import Ledger, OpenLedger, Payment
from engine.core.log import EventLog
from engine.core.options import Options, option
from engine.core.seats import check_players, left_of, seat_of, stacks


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass
class Total:
    value: int = 0


class Counter(EventLog[Total]):
    """The smallest game: events add to a total that must stay below ten."""

    def __init__(self, live: bool = False) -> None:
        super().__init__(live=live)
        self.state = self._fresh_state()

    def _fresh_state(self) -> Total:
        return Total()

    def _on_add(self, event: Add, index: int) -> None:
        if self.state.value + event.amount >= 10:
            self._violation("too_much", f"{event.amount} more makes ten or more", index)
        self.state.value += event.amount


Counter.HANDLERS = {**EventLog.HANDLERS, Add: Counter._on_add}


def test_a_new_game_gets_the_log_discipline_from_the_core():
    game = Counter()
    game.extend([Add(2), Add(3), Add(4)])
    assert game.state.value == 9
    with pytest.raises(IllegalAction, match="makes ten"):
        game.apply(Add(1))
    assert game.state.value == 9 and len(game.events) == 3
    assert game.undo() == Add(4) and game.state.value == 5
    assert game.redo() == Add(4) and game.state.value == 9
    game.correct(0, Add(0))
    assert game.state.value == 7 and [e for _, e in game.effective_events()] == [Add(0), Add(3), Add(4)]
    game.correct(1, None)
    assert game.state.value == 4
    with pytest.raises(EngineError, match="not an event of this game"):
        game.apply("play QS")


def test_live_mode_turns_a_broken_rule_into_a_notice():
    game = Counter(live=True)
    notices = game.extend([Add(6), Add(6)])
    assert game.state.value == 12
    assert [(n.kind, n.index) for n in notices] == [("too_much", 1)]


def test_a_correction_must_name_an_earlier_event():
    game = Counter()
    game.apply(Add(1))
    with pytest.raises(IllegalAction, match="earlier event"):
        game.correct(5, Add(2))
    assert game.state.value == 1 and len(game.events) == 1


def test_ledger_pots_are_named_and_chips_never_vanish_into_an_unknown_pot():
    ledger = Ledger([5, 5], {"pool": 2})
    made = ledger.pay(Payment.request("revoke", 0, "pool", 7))
    assert (made.amount, made.due) == (5, 7) and ledger.chips == [0, 5] and ledger.pots == {"pool": 7}
    with pytest.raises(KeyError):
        ledger.pay(Payment.request("ante", 1, "kitty", 1))
    assert ledger.chips == [0, 5] and ledger.pots == {"pool": 7}
    ledger.check()
    ledger.pots["pool"] -= 1
    with pytest.raises(ConservationError):
        ledger.check()
    assert Payment.request("sweep", "QS", 1, 3, "QS").to_dict(("Anne", "Bruno"), pot_prefix="board:") == {
        "reason": "sweep", "from": "board:QS", "to": "Bruno", "amount": 3, "card": "QS"}


def test_an_open_ledger_lets_seats_but_not_pots_go_below_zero():
    ledger = OpenLedger([5, 5], {"pool": 2})
    assert ledger.can_pay(0, 99) and not ledger.can_pay("pool", 3)
    owed = Payment.request("lost", 0, 1, 7)
    assert ledger.pay(owed) is owed and ledger.chips == [-2, 12]
    taken = ledger.pay(Payment.request("pool_won", "pool", 1, 9))
    assert (taken.amount, taken.due) == (2, 9) and ledger.chips == [-2, 14] and ledger.pots == {"pool": 0}
    with pytest.raises(KeyError):
        ledger.pay(Payment.request("ante", 0, "kitty", 1))
    assert ledger.chips == [-2, 14]
    copy = ledger.copy()
    assert type(copy) is OpenLedger and copy.chips == [-2, 14]
    ledger.check()
    ledger.chips[1] += 1
    with pytest.raises(ConservationError, match="not conserved"):
        ledger.check()
    ledger.chips[1] -= 1
    ledger.pots["pool"], ledger.chips[1] = -1, 15
    with pytest.raises(ConservationError, match="a pot went below zero"):
        ledger.check()
    assert not Ledger([1]).can_pay(0, 2) and Ledger([2]).can_pay(0, 2)


def test_seats_and_starting_stacks():
    players = check_players(["Anne", "Bruno", "Chloé"])
    assert left_of(2, 3) == 0 and seat_of(players, "Bruno") == 1 and seat_of(players, 2) == 2
    assert stacks(players, 50) == (50, 50, 50)
    assert stacks(players, {"Anne": 1, "Bruno": 2, "Chloé": 3}) == (1, 2, 3)
    with pytest.raises(EngineError, match="no chip count for Chloé"):
        stacks(players, {"Anne": 1, "Bruno": 2})
    with pytest.raises(EngineError, match="distinct"):
        check_players(["Anne", "Anne"])
    with pytest.raises(KeyError, match="unknown player 'Zoé'"):
        seat_of(players, "Zoé")


@dataclass(frozen=True)
class ToyOptions(Options):
    scale: Literal["standard", "doubled"] = option("standard", "How wins are scored.")
    ante: int = option(1, "Chips each player antes.", minimum=0, maximum=5)


def test_options_are_validated_against_their_documented_fields():
    assert ToyOptions.from_mapping({"scale": "doubled", "ante": 2}) == ToyOptions("doubled", 2)
    with pytest.raises(RulesError, match="unknown option 'pool'"):
        ToyOptions.from_mapping({"pool": True})
    with pytest.raises(RulesError, match="must be ≤ 5"):
        ToyOptions.from_mapping({"ante": 9})
    with pytest.raises(RulesError, match=re.escape("one of 'standard' | 'doubled'")):
        ToyOptions.from_mapping({"scale": "american"})
    assert [row[0] for row in ToyOptions.describe()] == ["scale", "ante"]


@dataclass(frozen=True)
class TextOptions(Options):
    pool: bool = option(False, "A pool.")
    units: int = option(5, "Units.")
    share: float = option(0.5, "A share.")
    limit: int | None = option(None, "A limit, or none.")
    scale: Literal["standard", "doubled"] = option("standard", "A scale.")


def test_command_line_text_is_coerced_to_each_options_type_and_nothing_else():
    assert TextOptions.coerce({"pool": "yes", "units": "7", "share": "0.25", "limit": "null", "scale": " doubled"}) == {
        "pool": True, "units": 7, "share": 0.25, "limit": None, "scale": "doubled"}
    assert TextOptions.coerce({"limit": "3", "pool": False, "other": "1"}) == {"limit": 3, "pool": False, "other": "1"}
    # text that does not read as the type is left for validation to refuse, with the option's name
    assert TextOptions.coerce({"units": "many"}) == {"units": "many"}
    with pytest.raises(RulesError, match="'units' must be a whole number"):
        TextOptions.from_mapping(TextOptions.coerce({"units": "many"}))
