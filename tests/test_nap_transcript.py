"""Nap transcripts: the examples settle to their hand-checked results; every malformed or illegal
transcript is one clear TranscriptError line naming the bid, trick or key."""

from __future__ import annotations

import copy
import json

import pytest
from nap_support import EXAMPLES, SOLID, SOLID_TRICKS, load_example, nap_by_anne, transcript

from engine.core.errors import TranscriptError
from engine.nap.transcript import settle_transcript


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_settle_to_their_hand_checked_results(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    result = settle_transcript(data)
    for key, value in data["expected"].items():
        assert result[key] == value, key
    assert sum(result["chips"].values()) + result["pool"] == _total(data)


def _total(data):
    chips = data["chips"]
    return (chips * len(data["players"]) if isinstance(chips, int) else sum(chips.values())) + data.get("pool", 0)


def test_output_has_the_fields_the_issue_asks_for():
    result = settle_transcript(load_example("pool_revoke.json"))
    assert {"bidder", "bid", "trumps", "tricks_won", "made", "revokes", "chips", "pool", "payments"} <= result.keys()
    assert result["payments"][:3] == [{"reason": "ante", "from": p, "to": "pool", "amount": 1}
                                      for p in ("Anne", "Bruno", "Chloé")]
    assert {"reason": "revoke", "from": "Chloé", "to": "pool", "amount": 5, "card": "9D"} in result["payments"]
    assert result["payments"][-1] == {"reason": "pool_won", "from": "pool", "to": "Anne", "amount": 14}
    assert result["next_dealer"] == "Anne" and result["tricks"][0]["winner"] == "Anne"
    assert result["notices"][0]["kind"] == "revoke" and result["notices"][0]["at"] == "trick 3"


def test_all_pass_settles_to_no_game():
    data = nap_by_anne()
    data["bids"][0]["bid"] = "pass"
    data["tricks"] = []
    result = settle_transcript(data)
    assert result["bidder"] is None and result["bid"] is None and result["made"] is None
    assert result["payments"] == [] and result["chips"] == {"Anne": 50, "Bruno": 50, "Chloé": 50}
    assert result["next_dealer"] == "Anne"


def mutated(fn, data=None):
    data = copy.deepcopy(data if data is not None else load_example("classic_four.json"))
    fn(data)
    return data


CASES = {
    "unknown card": (lambda d: d["hands"]["Anne"].__setitem__(0, "1X"), "unknown card '1X' in Anne's hand"),
    "duplicate card": (lambda d: d["hands"]["Bruno"].__setitem__(0, "3S"),
                       "duplicate card 3S: in Anne's hand and Bruno's hand"),
    "wrong hand size": (lambda d: d["hands"]["Bruno"].pop(), "Bruno is dealt 4 cards; each player gets 5"),
    "unknown player in hands": (lambda d: d["hands"].__setitem__("Zoé", []), "\"hands\" names 'Zoé'"),
    "unknown option": (lambda d: d["options"].__setitem__("misery", True), "unknown option 'misery'"),
    "bad option value": (lambda d: d["options"].__setitem__("scale", "double"), "option 'scale' must be one of"),
    "unknown game": (lambda d: d["options"].__setitem__("game", "napoleon"), "option 'game' must be one of"),
    "unknown rules": (lambda d: d.__setitem__("rules", "whist"), "unknown rules 'whist'"),
    "two players": (lambda d: d["players"].__delitem__(slice(2, None)), "played by 3 to 10 players, not 2"),
    "unknown top-level key": (lambda d: d.__setitem__("talon", []), "unknown key 'talon'"),
    "floater key outside floater nap": (lambda d: d.__setitem__("floater", "2H"), "\"floater\" belongs to floater"),
    "dealer not a player": (lambda d: d.__setitem__("dealer", "Zoé"), "the dealer 'Zoé' is not one of the players"),
    "bid out of order": (lambda d: d["bids"].insert(0, d["bids"].pop(1)),
                         "bid 1: Chloé bids out of turn: Bruno is to bid"),
    "bid twice": (lambda d: d["bids"].append({"player": "Bruno", "bid": "nap"}),
                  "bid 5: Bruno has already bid: everyone speaks once"),
    "bid not above": (lambda d: d["bids"][1].__setitem__("bid", "three"),
                      "bid 2: Chloé bids Three: Three does not beat Three"),
    "misère not enabled": (lambda d: d["bids"][1].__setitem__("bid", "misere"),
                           "bid 2: Misère is not played at this table (option misere)"),
    "wellington not after nap": (lambda d: d["bids"][1].__setitem__("bid", "wellington"),
                                 "bid 2: Chloé bids Wellington: Wellington may only be bid over Nap (the bid so far "
                                 "is Three)"),
    "unknown bid word": (lambda d: d["bids"][1].__setitem__("bid", "grand"), "bid 2: unknown bid 'grand'"),
    "bidding not over": (lambda d: d["bids"].pop(), "the bidding is not over after 3 bids: Anne is to bid"),
    "unknown player in a bid": (lambda d: d["bids"][0].__setitem__("player", "Zoé"), "bid 1: unknown player 'Zoé'"),
    "play out of turn": (lambda d: d["tricks"][0].insert(0, d["tricks"][0].pop(1)),
                         "trick 1: Denis plays JS out of turn: Chloé is to lead"),
    "card not in hand": (lambda d: d["tricks"][0][1].__setitem__("card", "KH"),
                         "trick 1: Denis does not hold KH (Anne does)"),
    "card played twice": (lambda d: d["tricks"][1][0].__setitem__("card", "AS"),
                          "trick 2: Chloé plays AS, which Chloé already played"),
    "hand stops early": (lambda d: d["tricks"].pop(), "the hand stops early: 4 of 5 tricks played"),
    "trick stops early": (lambda d: d["tricks"][4].pop(), "trick 5: the hand stops early: 3 of 4 cards"),
    "too many cards in a trick": (lambda d: d["tricks"][0].append({"player": "Chloé", "card": "KS"}),
                                  "trick 1: 5 cards for 4 players"),
    "a trick after the end": (lambda d: d["tricks"].append([{"player": "Denis", "card": "2C"}]),
                              "trick 6: Denis plays 2C but the hand is over: every trick is played"),
    "play without card": (lambda d: d["tricks"][0][0].pop("card"), "trick 1: a play needs \"card\""),
    "trumps outside floater": (lambda d: d.__setitem__("trumps", "S"), "\"trumps\" belongs to floater Nap"),
    "missing chips": (lambda d: d.__setitem__("chips", {"Anne": 3}), "\"chips\" gives no count for Bruno"),
    "negative pool": (lambda d: d.__setitem__("pool", -1), "\"pool\" must be a whole number of chips ≥ 0"),
}


@pytest.mark.parametrize("name", CASES)
def test_refusals_are_one_clear_line(name):
    fn, message = CASES[name]
    with pytest.raises(TranscriptError) as exc:
        settle_transcript(mutated(fn))
    text = str(exc.value)
    assert message in text and "\n" not in text


def test_a_revoke_is_recorded_not_refused():
    data = load_example("pool_revoke.json")
    result = settle_transcript(data)
    assert result["revokes"] and result["made"] is True


def test_short_pack_refuses_a_card_it_does_not_have():
    data = transcript(SOLID, [("Anne", "nap"), ("Bruno", "pass"), ("Chloé", "pass")], SOLID_TRICKS,
                      options={"deck": "examples"})
    with pytest.raises(TranscriptError, match="2H in Bruno's hand is not in the pack: 3 players play with 24 cards"):
        settle_transcript(data)


@pytest.mark.parametrize(("game", "key", "message"), [
    ("floater", "floater", "\"floater\" is missing"),
    ("widow", "widow", "\"widow\" is missing"),
])
def test_variants_need_their_cards(game, key, message):
    data = load_example(f"{game}.json")
    del data[key]
    with pytest.raises(TranscriptError, match=message):
        settle_transcript(data)


def test_floater_needs_discard_and_trumps():
    data = load_example("floater.json")
    del data["discard"]
    with pytest.raises(TranscriptError, match="\"discard\" is missing: Chloé bid Nap with the floater"):
        settle_transcript(data)
    data = load_example("floater.json")
    del data["trumps"]
    with pytest.raises(TranscriptError, match="\"trumps\" is missing"):
        settle_transcript(data)
    data = load_example("floater.json")
    data["bids"][1]["with_floater"] = False
    with pytest.raises(TranscriptError, match="\"discard\" is given but no bid was won with the floater"):
        settle_transcript(data)
