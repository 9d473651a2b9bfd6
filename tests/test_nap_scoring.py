"""Settlement [Nap]: the bid's value from (or to) each opponent, on every scale the text gives; the
pool (antes, won by the next five-trick bid, doubled by a lost one); revoke and out-of-turn
penalties; payments cut to what a player holds (option debts = cap); chips never created or lost."""

from __future__ import annotations

import pytest
from nap_support import (
    FOUR_ONLY,
    FOUR_ONLY_TRICKS,
    SOLID,
    SOLID_TRICKS,
    THREE,
    failed_by_anne,
    nap_by_anne,
    plays,
    transcript,
)

from engine.core.errors import RulesError
from engine.nap.game import Game
from engine.nap.rules.scales import AMERICAN, DOUBLED_WINS, STANDARD
from engine.nap.transcript import settle_transcript


def test_scale_tables_are_the_texts():
    base = {"two": 2, "three": 3, "misere": 3, "four": 4, "nap": 5, "wellington": 10, "blucher": 20}
    assert dict(STANDARD.won) == dict(STANDARD.lost) == base
    assert dict(DOUBLED_WINS.won) == {**base, "nap": 10, "wellington": 20, "blucher": 40}
    assert dict(DOUBLED_WINS.lost) == base
    assert dict(AMERICAN.won) == {**base, "nap": 10, "wellington": 10, "blucher": 10}
    assert dict(AMERICAN.lost) == base


def big_bid(bid: str, hands, trick_lines, scale: str):
    """Anne deals and bids ``bid`` last, after the bids it must follow (Bruno Nap, Chloé Wellington)."""
    before = {"nap": ["pass", "pass"], "wellington": ["nap", "pass"], "blucher": ["nap", "wellington"]}[bid]
    bids = [("Bruno", before[0]), ("Chloé", before[1]), ("Anne", bid)]
    return transcript(hands, bids, trick_lines, dealer="Anne", options={"scale": scale, "blucher": True})


@pytest.mark.parametrize(("bid", "scale", "won", "lost"), [
    ("nap", "standard", 5, 5), ("nap", "doubled_wins", 10, 5), ("nap", "american", 10, 5),
    ("wellington", "standard", 10, 10), ("wellington", "doubled_wins", 20, 10), ("wellington", "american", 10, 10),
    ("blucher", "standard", 20, 20), ("blucher", "doubled_wins", 40, 20), ("blucher", "american", 10, 20),
])
def test_five_trick_bids_on_every_scale(bid, scale, won, lost):
    made = settle_transcript(big_bid(bid, SOLID, SOLID_TRICKS, scale))
    assert made["made"] is True
    assert made["chips"] == {"Anne": 50 + 2 * won, "Bruno": 50 - won, "Chloé": 50 - won}
    failed = settle_transcript(big_bid(bid, FOUR_ONLY, FOUR_ONLY_TRICKS, scale))
    assert failed["made"] is False and failed["tricks_won"]["Anne"] == 4
    assert failed["chips"] == {"Anne": 50 - 2 * lost, "Bruno": 50 + lost, "Chloé": 50 + lost}
    assert [p["reason"] for p in failed["payments"]] == ["lost", "lost"]
    assert [p["to"] for p in failed["payments"]] == ["Bruno", "Chloé"]   # from the bidder's left


@pytest.mark.parametrize("scale", ["standard", "doubled_wins", "american"])
def test_lower_bids_are_the_same_on_every_scale(scale):
    made = settle_transcript(failed_by_anne("four", options={"scale": scale}))
    assert made["made"] is True and made["chips"] == {"Anne": 58, "Bruno": 46, "Chloé": 46}
    two = settle_transcript(nap_by_anne("two", options={"scale": scale, "two": True}))
    assert two["chips"] == {"Anne": 54, "Bruno": 48, "Chloé": 48}


def test_pool_antes_and_dealer_extra():
    result = settle_transcript(nap_by_anne("four", options={"pool": True, "pool_ante": 2, "pool_dealer_extra": 2},
                                           pool=5))
    antes = [(p["from"], p["amount"]) for p in result["payments"] if p["reason"] == "ante"]
    assert antes == [("Anne", 2), ("Bruno", 2), ("Chloé", 4)]   # Chloé deals
    assert result["pool"] == 13   # a Four does not take the pool
    assert result["chips"] == {"Anne": 48 + 8, "Bruno": 44, "Chloé": 42}


def test_pool_refill_when_empty():
    full = settle_transcript(nap_by_anne("four", options={"pool": True, "pool_refill": "when_empty"}, pool=5))
    assert [p for p in full["payments"] if p["reason"] == "ante"] == [] and full["pool"] == 5
    empty = settle_transcript(nap_by_anne("four", options={"pool": True, "pool_refill": "when_empty"}, pool=0))
    assert empty["pool"] == 3


def test_nap_won_takes_the_pool():
    result = settle_transcript(nap_by_anne(options={"pool": True}, pool=10))
    assert result["payments"][-1] == {"reason": "pool_won", "from": "pool", "to": "Anne", "amount": 13}
    assert result["chips"] == {"Anne": 72, "Bruno": 44, "Chloé": 44} and result["pool"] == 0


def test_nap_lost_doubles_the_pool():
    result = settle_transcript(failed_by_anne(options={"pool": True}, pool=10))
    assert result["payments"][-1] == {"reason": "pool_doubled", "from": "Anne", "to": "pool", "amount": 13}
    assert result["chips"] == {"Anne": 26, "Bruno": 54, "Chloé": 54} and result["pool"] == 26


def test_a_four_lost_leaves_the_pool_alone():
    hands = {"Anne": ["AS", "KS", "QS", "2D", "3D"], "Bruno": ["2H", "3H", "4H", "AD", "KD"],
             "Chloé": ["2C", "3C", "4C", "5C", "6C"]}
    data = transcript(hands, [("Anne", "four"), ("Bruno", "pass"), ("Chloé", "pass")],
                      ["Anne:AS Bruno:2H Chloé:2C", "Anne:KS Bruno:3H Chloé:3C", "Anne:QS Bruno:4H Chloé:4C",
                       "Anne:2D Bruno:AD Chloé:5C", "Bruno:KD Chloé:6C Anne:3D"], options={"pool": True}, pool=10)
    result = settle_transcript(data)
    assert result["made"] is False and result["tricks_won"]["Anne"] == 3
    assert result["pool"] == 13 and result["chips"] == {"Anne": 41, "Bruno": 53, "Chloé": 53}
    data["bids"][0]["bid"] = "nap"
    assert settle_transcript(data)["pool"] == 26


def test_with_debts_capped_nobody_pays_more_than_they_hold():
    result = settle_transcript(failed_by_anne(options={"pool": True, "debts": "cap"}, pool=10,
                                              chips={"Anne": 7, "Bruno": 50, "Chloé": 50}))
    lost = [p for p in result["payments"] if p["reason"] in ("lost", "pool_doubled")]
    assert lost == [{"reason": "lost", "from": "Anne", "to": "Bruno", "amount": 5},
                    {"reason": "lost", "from": "Anne", "to": "Chloé", "amount": 1, "due": 5},
                    {"reason": "pool_doubled", "from": "Anne", "to": "pool", "amount": 0, "due": 13}]
    assert result["chips"] == {"Anne": 0, "Bruno": 54, "Chloé": 50} and result["pool"] == 13
    assert sum(result["chips"].values()) + result["pool"] == 117


# ---- penalties ----------------------------------------------------------------------------------

# Anne bids Three, leads the ace of spades (trumps); Bruno wins the diamond and leads hearts; Anne
# trumps with the king of spades while holding the 5 of hearts (a revoke, proven at trick 5).
BIDDER_REVOKES = ({"Anne": ["AS", "KS", "QS", "5H", "2D"], "Bruno": ["AH", "2H", "3H", "4D", "5D"],
                   "Chloé": ["2C", "3C", "4C", "5C", "6C"]},
                  ["Anne:AS Bruno:4D Chloé:2C", "Anne:2D Bruno:5D Chloé:3C", "Bruno:AH Chloé:4C Anne:KS",
                   "Anne:QS Bruno:2H Chloé:5C", "Anne:5H Bruno:3H Chloé:6C"])
# Anne bids Nap and leads the 2 of diamonds (trumps); Bruno keeps back the ace of diamonds (a revoke)
# and trumps her last spade with it: four tricks, but Bruno revoked.
OPPONENT_REVOKES = ({"Anne": ["AS", "KS", "QS", "JS", "2D"], "Bruno": ["2H", "3H", "4H", "5H", "AD"],
                     "Chloé": ["2C", "3C", "4C", "5C", "6C"]},
                    ["Anne:2D Bruno:2H Chloé:2C", "Anne:AS Bruno:3H Chloé:3C", "Anne:KS Bruno:4H Chloé:4C",
                     "Anne:QS Bruno:5H Chloé:5C", "Anne:JS Bruno:AD Chloé:6C"])


def revoke_hand(case, bid, **kwargs):
    hands, lines = case
    return transcript(hands, [("Anne", bid), ("Bruno", "pass"), ("Chloé", "pass")], lines, **kwargs)


def test_forfeit_bidder_revoke_fails_a_bid_the_tricks_made():
    result = settle_transcript(revoke_hand(BIDDER_REVOKES, "three"))   # no pool: 'auto' is 'forfeit'
    assert result["made_by_tricks"] is True and result["made"] is False and result["forfeit"] == "Anne"
    assert result["revokes"] == [{"player": "Anne", "trick": 3, "card": "KS", "led": "H",
                                  "proven_at": {"trick": 5, "card": "5H"}}]
    assert result["chips"] == {"Anne": 44, "Bruno": 53, "Chloé": 53}


def test_forfeit_opponent_revoke_makes_a_bid_the_tricks_failed():
    result = settle_transcript(revoke_hand(OPPONENT_REVOKES, "nap"))
    assert result["tricks_won"] == {"Anne": 4, "Bruno": 1, "Chloé": 0}
    assert result["made_by_tricks"] is False and result["made"] is True and result["forfeit"] == "Bruno"
    assert result["chips"] == {"Anne": 60, "Bruno": 45, "Chloé": 45}


def test_no_revoke_penalty():
    result = settle_transcript(revoke_hand(OPPONENT_REVOKES, "nap", options={"revoke_penalty": "none"}))
    assert result["made"] is False and result["revokes"] and result["chips"] == {"Anne": 40, "Bruno": 55, "Chloé": 55}


def test_foster_revoke_penalty_into_the_pool():
    result = settle_transcript(revoke_hand(OPPONENT_REVOKES, "nap", options={"pool": True, "revoke_units": 3},
                                           pool=0))
    assert {"reason": "revoke", "from": "Bruno", "to": "pool", "amount": 3, "card": "2H"} in result["payments"]
    assert result["made"] is False   # the tricks decide; the pool is doubled: 3 antes + 3 penalty
    assert result["pool"] == 12 and result["chips"] == {"Anne": 49 - 10 - 6, "Bruno": 49 - 3 + 5, "Chloé": 54}


def test_penalty_options_that_need_the_pool():
    for name in ("revoke_penalty", "out_of_turn_penalty"):
        with pytest.raises(RulesError, match=f"option '{name}' = 'pool' needs the pool"):
            Game(THREE, options={name: "pool"})


def test_out_of_turn_in_live_play_pays_into_the_pool():
    game = Game(THREE, options={"pool": True}, chips=20, live=True)
    game.new_hand("Chloé", SOLID)
    for bid in ("nap", "pass", "pass"):
        game.bid(game.state.to_bid, bid)
    notices = plays(game, "Chloé:2C")            # Anne is to lead
    assert [n.kind for n in notices] == ["out_of_turn"]
    assert game.state.payments[-1].reason == "out_of_turn" and game.state.pool == 3 + 2
    assert game.whose_turn() == "Anne is to play"  # the card stays on the trick; Anne still plays
    without_pool = Game(THREE, chips=20, live=True)
    without_pool.new_hand("Chloé", SOLID)
    for bid in ("nap", "pass", "pass"):
        without_pool.bid(without_pool.state.to_bid, bid)
    plays(without_pool, "Chloé:2C")
    assert without_pool.state.payments == [] and without_pool.state.pool == 0


def test_chips_are_conserved_in_every_example_like_hand():
    for data in (nap_by_anne(options={"pool": True}, pool=4), failed_by_anne(options={"pool": True}, pool=4),
                 revoke_hand(OPPONENT_REVOKES, "nap", options={"pool": True}, pool=4)):
        result = settle_transcript(data)
        assert sum(result["chips"].values()) + result["pool"] == 154
