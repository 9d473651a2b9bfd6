"""The event-sourced game: replay, undo/redo, corrections, the event format, the ledger across deals."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.errors import ConservationError, EngineError, IllegalAction
from engine.core.ledger import Ledger, Payment
from engine.nain_jaune.cards import BOXES, DECK, HONOURS
from engine.nain_jaune.events import (
    EVENT_TYPES, Ante, Call, Correction, Deal, NewDeal, Pass, Play, Settlement, Showdown, Sweep, event_from_dict,
    event_to_dict,
)
from engine.nain_jaune.game import Game
from engine_support import NAMES, deal, play_all


def random_deal(game: Game, rng: random.Random, call_rate: float = 0.8) -> None:
    """Play one deal with random legal moves (strict mode) and settle it."""
    n = game.state.n_players
    deck = list(DECK)
    rng.shuffle(deck)
    size = game.rules.deal_sizes(n)[0]
    game.new_deal(None, [deck[i * size:(i + 1) * size] for i in range(n)])
    st = game.state
    while st.phase == "play":
        options = []
        for seat in st.actors():
            options += [(seat, c) for c in st.legal_plays(seat)]
            if st.wanted is not None:
                options.append((seat, None))
        seat, card = rng.choice(options)
        if card is None:
            game.pass_(seat)
        else:
            game.play(seat, card, call=card in HONOURS and rng.random() < call_rate)
    game.settle()


def test_replaying_the_log_gives_the_same_state():
    rng = random.Random(3)
    game = Game(NAMES[:5], chips=200)
    for _ in range(3):
        random_deal(game, rng)
    again = game.replay()
    assert again.state.snapshot() == game.state.snapshot()
    assert again.notices == game.notices


def test_undo_then_redo_is_identity_at_every_step():
    rng = random.Random(5)
    game = Game(NAMES[:4], chips=200)
    random_deal(game, rng)
    reference = Game(NAMES[:4], chips=200)
    for event in game.events:
        reference.apply(event)
        before = reference.state.snapshot()
        undone = reference.undo()
        assert undone is event
        reference.redo()
        assert reference.state.snapshot() == before
    assert reference.state.snapshot() == game.state.snapshot()


def test_undo_restores_the_previous_state():
    game = deal(3, {1: ["QS", "KS"]})
    before = game.state.snapshot()
    game.play(1, "QS", call=True)
    assert game.state.board["QS"] == 0
    game.undo()
    assert game.state.snapshot() == before
    assert game.redo() == Play(1, "QS", True)
    assert game.state.board["QS"] == 0
    assert game.redo() is None


def test_a_new_event_clears_the_redo_stack():
    game = deal(3, {1: ["QS", "KS"]})
    game.play(1, "QS")
    game.undo()
    game.play(1, "KS")
    assert game.redo() is None


def test_undo_of_an_empty_game_is_an_error():
    with pytest.raises(EngineError, match="nothing to undo"):
        Game(NAMES[:3]).undo()


def test_an_illegal_event_leaves_the_game_unchanged():
    game = deal(3, {1: ["5H"], 2: ["7S"]})
    game.play(1, "5H")
    before = game.state.snapshot()
    events = list(game.events)
    with pytest.raises(IllegalAction) as err:
        game.play(2, "7S")
    assert err.value.index == len(events)
    assert game.state.snapshot() == before and game.events == events


def test_a_correction_replaces_an_earlier_event():
    """The table corrects a misread card: the fold is redone as if the right card had been played."""
    game = deal(3, {1: ["5H", "5S", "6C"]}, live=True)
    game.play(1, "5H")
    index = len(game.events) - 1
    game.play(1, "6C")
    game.correct(index, Play(1, "5S"))
    st = game.state
    assert st.pile == ["5S", "6C"] and "5H" in st.hands[1]
    assert isinstance(game.events[-1], Correction)
    game.undo()                                   # undoing the correction brings the misread back
    assert game.state.pile == ["5H", "6C"]


def test_a_correction_can_remove_an_event():
    game = deal(3, {1: ["5H"], 2: ["6S"]}, live=True)
    game.play(1, "5H")
    game.play(2, "6S")
    game.correct(len(game.events) - 1, None)
    assert game.state.pile == ["5H"] and game.state.counts[2] == 15


def test_a_correction_that_makes_the_log_illegal_is_refused_in_strict_mode():
    game = deal(3, {1: ["5H", "6C"], 2: ["9S"]})
    game.play(1, "5H")
    game.play(1, "6C")
    before = game.state.snapshot()
    with pytest.raises(IllegalAction):
        game.correct(len(game.events) - 2, Play(1, "9S"))   # not Bruno's card
    assert game.state.snapshot() == before and not isinstance(game.events[-1], Correction)
    with pytest.raises(IllegalAction, match="earlier event"):
        game.correct(99, None)


def test_events_round_trip_through_json():
    events = [NewDeal(2), Ante(0, (1, 2, 3, 4, 5)), Deal((("AS", "2S"), None), ("3S",)),
              Play(1, "QS", True, 0.75), Play(0, "2H"), Pass(2), Call(1, "QS"), Sweep(1, "KH"),
              Showdown((("AH",), None)), Settlement(), Correction(3, Pass(0)), Correction(4, None)]
    assert {type(e) for e in events} == set(EVENT_TYPES.values())
    for event in events:
        data = json.loads(json.dumps(event_to_dict(event)))
        assert event_from_dict(data) == event
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_dict({"type": "bid"})
    with pytest.raises(ValueError, match="unknown card"):
        event_from_dict({"type": "play", "seat": 0, "card": "ZZ"})


def test_the_ledger_is_conserved_over_many_deals():
    """No chip is created or lost: stacks plus boxes always add up to the starting total."""
    rng = random.Random(11)
    for n in (3, 4, 6, 8):
        game = Game(NAMES[:n], chips=60)
        total = 60 * n
        deals = 0
        while not game.state.game_over and deals < 40:
            random_deal(game, rng)
            deals += 1
            st = game.state
            assert sum(st.chips) + sum(st.board.values()) == total
            assert min(st.chips) >= 0 and min(st.board.values()) >= 0
            result = st.results[-1]
            assert sum(result.chips) + sum(result.board) == total
        assert deals >= 1


def test_the_deal_passes_to_the_right_and_stakes_stay_on_the_board():
    """[EN] 'the board is re-dressed for the next deal and the player to the right of the last dealer now
    becomes the new dealer'."""
    rng = random.Random(2)
    game = Game(NAMES[:4], chips=500)
    random_deal(game, rng)
    left = dict(game.state.board)
    game.new_deal()
    assert game.state.dealer == 3
    assert all(game.state.board[b] == left[b] + 4 * stake for b, stake in zip(BOXES, (1, 2, 3, 4, 5)))


def test_ledger_check_catches_a_leak():
    ledger = Ledger([10, 10], {"QS": 5})
    ledger.check()
    ledger.pay(Payment.request("sweep", "QS", 0, 5, "QS"))
    ledger.check()
    ledger.chips[1] += 1
    with pytest.raises(ConservationError, match="not conserved"):
        ledger.check()


def test_ledger_cuts_a_payment_to_what_the_payer_has():
    ledger = Ledger([3, 0])
    made = ledger.pay(Payment.request("cards", 0, 1, 10))
    assert (made.amount, made.due) == (3, 10) and ledger.chips == [0, 3]


def test_game_set_up_errors():
    with pytest.raises(EngineError, match="distinct"):
        Game(["A", "A", "B"])
    with pytest.raises(EngineError, match="no chip count"):
        Game(["A", "B", "C"], chips={"A": 1})
    with pytest.raises(EngineError, match="not a board box"):
        Game(["A", "B", "C"], board={"2S": 1})


def test_deal_errors():
    game = Game(NAMES[:3])
    with pytest.raises(IllegalAction, match="is dealt 14 cards; with 3 players each gets 15") as err:
        game.new_deal(0, [DECK[0:14], DECK[15:30], DECK[30:45]])
    assert err.value.kind == "hand_size"
    game = Game(NAMES[:3])
    with pytest.raises(IllegalAction, match="AS is dealt twice"):
        game.new_deal(0, [DECK[0:15], DECK[0:1] + DECK[16:30], DECK[30:45]])
    game = Game(NAMES[:3])
    with pytest.raises(IllegalAction, match="deal is in progress"):
        game.new_deal(0)
        game.new_deal(0)


def test_settlement_before_anyone_is_out_is_refused():
    game = deal(3, {})
    with pytest.raises(IllegalAction, match="not finished") as err:
        game.settle()
    assert err.value.kind == "not_finished"


def test_plays_after_the_deal_is_over_are_refused():
    game = deal(8, {1: ["8H", "9S", "10D", "JC", "QS", "KH"], 2: ["AS"]})
    play_all(game, [(1, "8H"), (1, "9S"), (1, "10D!"), (1, "JC!"), (1, "QS!"), (1, "KH!")])
    with pytest.raises(IllegalAction, match="the deal is over"):
        game.play(2, "AS")
    game.settle()
    with pytest.raises(IllegalAction, match="deal is settled"):
        game.pass_(2)
    assert [b for b in BOXES if game.state.board[b]] == []


def test_on_stuck_hook_moves_chips_when_everybody_passed():
    """Base hook for rule sets that pay when nobody can follow (1760 accidental hoc)."""
    from engine.nain_jaune.rules.lindor import LindorRules

    class Paying(LindorRules):
        def on_stuck(self, state, seat, wanted):
            return [Payment.request("hoc", other, seat, 1) for other in range(state.n_players) if other != seat]

    game = Game(NAMES[:3], rules=Paying())
    from engine_support import fill_hands
    game.new_deal(0, fill_hands(3, {1: ["5H"]}))
    play_all(game, [(1, "5H"), (2, None)])
    assert game.state.chips == [85, 85, 85]
    game.pass_(0)
    assert game.state.chips == [84, 87, 84] and game.state.leading
    game.state.ledger.check()
    assert game.replay().state.snapshot() == game.state.snapshot()
