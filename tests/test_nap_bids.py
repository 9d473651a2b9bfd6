"""The bid ladder [Nap]: one round from the dealer's left, each bid above the last, Wellington only
over Nap, Blücher only over Wellington, the optional bids only when enabled, and every refusal."""

from __future__ import annotations

import pytest
from nap_support import FOUR, SOLID, THREE

from engine.core.errors import IllegalAction, RulesError
from engine.nap.bids import Contract, bid_name
from engine.nap.game import Game
from engine.nap.rules import get_rules


def names(options=None):
    return [str(b) for b in get_rules(options).ladder.steps]


def test_ladders_in_order():
    assert names() == ["Three", "Four", "Nap", "Wellington"]
    assert names({"two": True, "misere": True, "blucher": True}) == [
        "Two", "Three", "Misère", "Four", "Nap", "Wellington", "Blücher"]
    assert names({"game": "seven_card"}) == ["Three", "Four", "Nap", "Misère", "Six", "Seven"]
    assert names({"game": "seven_card", "misere": False}) == ["Three", "Four", "Nap", "Six", "Seven"]
    assert [(b.name, b.with_floater) for b in get_rules({"game": "floater"}).ladder.steps] == [
        ("four", True), ("four", False), ("nap", True), ("nap", False), ("bonaparte", True),
        ("bonaparte", False), ("wellington", True), ("wellington", False)]
    assert "wellington" not in get_rules({"game": "floater", "floater_wellington": False}).ladder.names()


def bidding(options=None, players=FOUR, dealer="Anne"):
    game = Game(players, options=options, chips=20)
    game.new_hand(dealer)
    return game


def test_bidding_starts_left_of_the_dealer_and_goes_round_once():
    game = bidding()
    assert game.whose_turn() == "Bruno is to bid"
    game.bid("Bruno", "three")
    game.bid("Chloé", "pass")
    game.bid("Denis", "four")
    game.bid("Anne", "pass")
    st = game.state
    assert st.bidder == 3 and st.contract == Contract("four") and st.to_move == 3  # the bidder leads
    assert game.whose_turn() == "Denis is to lead"


@pytest.mark.parametrize(("options", "bids", "message"), [
    ({}, [("Bruno", "four"), ("Chloé", "three")], "Three does not beat Four: each bid must be higher than the last"),
    ({}, [("Bruno", "four"), ("Chloé", "four")], "Four does not beat Four"),
    ({}, [("Bruno", "wellington")], "Wellington may only be bid over Nap (nobody has bid yet)"),
    ({}, [("Bruno", "four"), ("Chloé", "wellington")], "Wellington may only be bid over Nap (the bid so far is Four)"),
    ({"blucher": True}, [("Bruno", "nap"), ("Chloé", "blucher")], "Blücher may only be bid over Wellington"),
    ({}, [("Bruno", "nap"), ("Chloé", "wellington"), ("Denis", "blucher")],
     "Blücher is not played at this table (option blucher)"),
    ({}, [("Bruno", "misere")], "Misère is not played at this table (option misere)"),
    ({}, [("Bruno", "two")], "Two is not played at this table (option two)"),
    ({}, [("Bruno", "bonaparte")], "Nap has no Bonaparte bid"),
    ({}, [("Bruno", "six")], "Nap has no Six bid"),
    ({}, [("Bruno", "napoleon")], "unknown bid 'napoleon' (bids here: pass, three, four, nap, wellington)"),
    ({}, [("Chloé", "three")], "Chloé bids out of turn: Bruno is to bid"),
    ({}, [("Bruno", "pass"), ("Bruno", "three")], "Bruno has already bid: everyone speaks once"),
    ({"misere": True}, [("Bruno", "four"), ("Chloé", "misere")], "Misère does not beat Four"),
    ({}, [("Bruno", "nap", True)], "Bruno bids with the floater but Nap has none"),
])
def test_refused_bids(options, bids, message):
    game = bidding(options)
    *before, last = bids
    for bid in before:
        game.bid(*bid)
    with pytest.raises(IllegalAction) as exc:
        game.bid(*last)
    assert message in exc.value.message
    assert len(game.state.bids) == len(before)   # the refused bid changed nothing


@pytest.mark.parametrize(("options", "bids"), [
    ({}, ["three", "four", "nap", "wellington"]),
    ({"two": True, "misere": True, "blucher": True}, ["two", "three", "misere", "four"]),
    ({"misere": True, "blucher": True}, ["misere", "nap", "wellington", "blucher"]),
])
def test_legal_bid_sequences(options, bids):
    game = bidding(options)
    for player, bid in zip(("Bruno", "Chloé", "Denis", "Anne"), bids):
        game.bid(player, bid)
    assert game.state.contract == Contract(bids[-1]) and game.state.bidder == 0


def test_bid_words_are_forgiving_about_accents_and_case():
    assert bid_name("Misère") == "misere" and bid_name("BLÜCHER") == "blucher" and bid_name(" Nap ") == "nap"


def test_everyone_passes_no_game_next_dealer():
    game = bidding()
    for player in ("Bruno", "Chloé", "Denis", "Anne"):
        game.bid(player, "pass")
    with pytest.raises(IllegalAction, match="Bruno plays 2S but the hand was passed out"):
        game.play("Bruno", "2S")
    result = game.settle()
    assert result.bidder is None and result.made is None and result.payments == () and result.next_dealer == 1
    game.new_hand()
    assert game.state.dealer == 1 and game.whose_turn() == "Chloé is to bid"


def test_settling_before_the_bidding_ends_is_refused():
    game = bidding()
    game.bid("Bruno", "three")
    with pytest.raises(IllegalAction, match="the bidding is not over: Chloé is to bid"):
        game.settle()


def test_live_mode_notes_illegal_bids_and_ignores_them():
    game = Game(FOUR, live=True)
    game.new_hand("Anne")
    game.bid("Bruno", "four")
    notices = game.bid("Chloé", "three")
    assert [n.kind for n in notices] == ["illegal_bid"] and len(game.state.bids) == 1
    notices = game.bid("Denis", "nap")   # out of turn: Chloé has not spoken; the table goes on
    assert [n.kind for n in notices] == ["out_of_turn"] and game.state.high == Contract("nap")
    assert game.whose_turn() == "Chloé is to bid"


# ---- widow --------------------------------------------------------------------------------------


def widow_game():
    game = Game(THREE, options={"game": "widow"}, chips=20)
    game.new_hand("Chloé", SOLID, widow=["AH", "KH", "QH", "JH", "10H"])
    return game




def test_widow_discards_must_come_from_hand_or_widow():
    game = widow_game()
    with pytest.raises(IllegalAction, match="Anne discards 2H, which is neither in their hand nor in the widow "
                                            r"\(Bruno does\)"):
        game.take_widow("Anne", ["2H", "3H", "4H", "5H", "6H"])


def test_widow_bid_floor_and_no_pass():
    game = widow_game()
    game.take_widow("Anne", ["AH", "KH", "QH", "JH", "10H"])
    for bid, message in (("four", "who takes the widow must bid at least Nap, not Four"),
                         ("pass", "Anne took the widow and must bid, not pass")):
        with pytest.raises(IllegalAction, match=message):
            game.bid("Anne", bid)
    game.bid("Anne", "nap")
    game.bid("Bruno", "wellington")   # the others may still overbid
    assert game.state.high == Contract("wellington")


def test_widow_cannot_be_taken_when_no_bid_it_allows_can_win():
    game = widow_game()
    game.bid("Anne", "nap")
    game.bid("Bruno", "wellington")
    with pytest.raises(IllegalAction, match="Chloé cannot take the widow: no bid it allows beats Wellington"):
        game.take_widow("Chloé", ["2C", "3C", "4C", "5C", "6C"])


def test_only_widow_nap_has_a_widow():
    game = bidding()
    with pytest.raises(IllegalAction, match="Nap has no widow"):
        game.take_widow("Bruno")


# ---- floater ------------------------------------------------------------------------------------


def floater_game():
    game = Game(FOUR, options={"game": "floater"}, chips=20)
    game.new_hand("Anne")
    return game


def test_without_beats_the_same_bid_with():
    game = floater_game()
    game.bid("Bruno", "nap", with_floater=True)
    game.bid("Chloé", "nap")                      # without beats with
    with pytest.raises(IllegalAction, match="Nap with the floater does not beat Nap"):
        game.bid("Denis", "nap", with_floater=True)
    game.bid("Denis", "bonaparte", with_floater=True)   # a higher kind with beats a lower one without
    assert game.state.high == Contract("bonaparte", True)


def test_floater_four_without_is_below_nap_with():
    rules = get_rules({"game": "floater"})
    ladder = rules.ladder
    assert ladder.position(Contract("four")) < ladder.position(Contract("nap", True))
    assert ladder.problem(Contract("wellington"), None) is None   # no "only after" in floater Nap


def test_optional_bids_do_not_exist_in_floater_nap():
    with pytest.raises(RulesError, match="Floater Nap has no Misère bid"):
        get_rules({"game": "floater", "misere": True})
    with pytest.raises(RulesError, match="Seven-card Nap has no Blücher bid"):
        get_rules({"game": "seven_card", "blucher": True})
