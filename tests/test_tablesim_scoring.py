"""The benchmark's scorer: one early or doubled read is one fault, not a shift of every later pair; a missed call
taken back is a false alarm withdrawn, and a true one taken back is not caught."""

from __future__ import annotations

from vision.tablesim.script import Action, DealScript, deal_script
from vision.tablesim.scene import TruthEvent
from vision.tablesim.truth import (align_plays, corrected_plays, expected_deal_end, false_alarms, standing_missed,
                                   sweeps_beyond, withdrawn_alarms)


def _plays(*reads: tuple[float, str]) -> list[dict]:
    return [{"t": t, "card": card} for t, card in reads]


def test_a_card_read_a_little_before_it_landed_is_paired_with_its_own_play() -> None:
    landed, cards = [6.4, 7.7, 9.5, 11.0], ["4S", "5C", "6D", "7D"]
    # 5C read 0.4 s early (held still just above the pile), 6D read as 5C again: one wrong card, no shift.
    plays = _plays((6.4, "4S"), (7.3, "5C"), (9.4, "5C"), (11.0, "7D"))
    assert align_plays(landed, cards, plays) == {0: 0, 1: 1, 2: 2, 3: 3}


def test_a_missed_play_leaves_only_that_play_unpaired() -> None:
    landed, cards = [1.0, 2.5, 4.0, 5.5], ["AH", "2H", "3H", "4H"]
    plays = _plays((1.0, "AH"), (4.0, "3H"), (5.5, "4H"))
    assert align_plays(landed, cards, plays) == {0: 0, 2: 1, 3: 2}


def test_a_read_far_from_any_landing_is_an_extra_play() -> None:
    landed, cards = [1.0, 2.5], ["AH", "2H"]
    plays = _plays((1.0, "AH"), (2.5, "2H"), (9.0, "3H"))
    assert align_plays(landed, cards, plays) == {0: 0, 1: 1}


def test_of_two_reads_in_one_window_the_one_naming_the_card_is_paired() -> None:
    landed, cards = [1.0, 3.0], ["AH", "2H"]
    plays = _plays((1.0, "AH"), (3.05, "KS"), (3.2, "2H"))
    assert align_plays(landed, cards, plays) == {0: 0, 1: 2}


def test_a_correction_renames_the_latest_play_of_its_name_or_the_first_when_it_says_so() -> None:
    played = [{"type": "card_played", "t": t, "card": "JC"} for t in (1.0, 5.0)]
    latest = {"type": "card_corrected", "was": "JC", "card": "JS"}
    assert [p["card"] for p in corrected_plays([*played, latest])] == ["JC", "JS"]
    assert [p["card"] for p in corrected_plays([*played, {**latest, "first": True}])] == ["JS", "JC"]


def test_a_play_withdrawn_is_no_longer_a_play() -> None:
    played = [{"type": "card_played", "t": t, "card": c} for t, c in ((1.0, "5D"), (2.0, "6D"), (9.0, "7D"))]
    withdrawn = {"type": "play_withdrawn", "card": "7D"}
    assert [p["t"] for p in corrected_plays([*played, withdrawn, {**played[2], "t": 9.5}])] == [1.0, 2.0, 9.5]
    assert [p["card"] for p in corrected_plays([*played, {**withdrawn, "card": "8D"}])] == ["5D", "6D", "7D"]


def test_a_swap_trades_the_cards_of_the_latest_plays_of_both_its_names() -> None:
    played = [{"type": "card_played", "t": t, "card": c} for t, c in ((1.0, "5D"), (2.0, "6C"), (3.0, "5S"))]
    swap = {"type": "card_corrected", "was": "5D", "card": "5S", "swap": True}
    assert [p["card"] for p in corrected_plays([*played, swap])] == ["5S", "6C", "5D"]
    assert [p["card"] for p in corrected_plays([*played[:2], swap])] == ["5D", "6C"]


def test_a_box_told_swept_while_it_was_not_or_told_again_counts_as_a_sweep_that_was_none() -> None:
    """Deal 183019: an arm the colour of the table rested across the tray at three settles, and the 10♦, J♣ and 7♦
    boxes under it were told swept each time, before their honours were laid; each was swept once, later."""
    truth = [TruthEvent(30 * t, {"type": "box_swept", "box": box, "player": who})
             for t, box, who in ((28, "QS", "Anne"), (39, "JC", "Chloé"), (58, "10D", "Bruno"))]
    told = [{"type": "box_swept", "box": box, "player": "Anne"} for box in ("10D", "JC", "10D", "QS", "JC", "10D")]
    assert sweeps_beyond(truth, told) == {"10D": 2, "JC": 1}
    assert sweeps_beyond(truth, [e for e in told if e["box"] == "QS"]) == {}
    assert sweeps_beyond([], told[:1]) == {"10D": 1}


def test_a_missed_call_withdrawn_stops_standing() -> None:
    """Anne's J♣ was swept (no call missed), Bruno's Q♠ was not. The pipeline told both missed, then withdrew the
    J♣: one false alarm withdrawn, none standing; withdrawing the Q♠ as well leaves the true missed call uncaught."""
    script = DealScript(("Anne", "Bruno"), "Anne", {}, (), (
        Action("play", "Anne", "JC"), Action("sweep", "Anne", box="JC"), Action("play", "Bruno", "QS"),
        Action("play", "Anne", "KD")), "Anne", False)
    told = [{"type": "call_missed", "card": "JC", "player": "Anne"},
            {"type": "call_missed", "card": "QS", "player": "Bruno"}]
    taken_back = [*told, {"type": "call_withdrawn", "card": "JC", "player": "Anne"}]
    assert (false_alarms(script, told), withdrawn_alarms(script, told)) == ([("JC", "Anne")], [])
    assert (false_alarms(script, taken_back), withdrawn_alarms(script, taken_back)) == ([], [("JC", "Anne")])
    assert standing_missed(taken_back) == {("QS", "Bruno")}
    other = {"type": "call_withdrawn", "card": "JC", "player": "Bruno"}   # not the player accused: stands
    assert standing_missed([*told, other]) == {("JC", "Anne"), ("QS", "Bruno")}
    assert standing_missed([*taken_back, {"type": "call_withdrawn", "card": "QS", "player": "Bruno"}]) == set()


def test_a_missed_call_told_against_a_player_who_did_not_lay_the_honour_is_a_false_alarm() -> None:
    """Deal 213010 before 048ecaf: Bruno laid the K♥ and missed its call; the call was told against Denis, whose Q♥
    had been read K♥. Denis was accused of a call he never had to make, and Bruno's missed call went uncaught."""
    script = DealScript(("Bruno", "Denis"), "Bruno", {}, (), (
        Action("play", "Denis", "QH"), Action("play", "Bruno", "KH"), Action("play", "Denis", "AD")), "Denis", False)
    told = [{"type": "call_missed", "card": "KH", "player": "Denis"}]
    assert false_alarms(script, told) == [("KH", "Denis")]
    assert false_alarms(script, [{**told[0], "player": "Bruno"}]) == []
    moved = [*told, {"type": "call_withdrawn", "card": "KH", "player": "Denis"}, {**told[0], "player": "Bruno"}]
    assert (false_alarms(script, moved), withdrawn_alarms(script, moved)) == ([], [("KH", "Denis")])


def test_the_deal_end_is_scored_as_the_rule_set_calls_it_on_the_true_plays() -> None:
    """Seed 70020: Emma went out in her first turn after Bruno and Chloé had laid cards. The script calls an opéra
    only the first player's going out before anybody else laid a card; Lindor's default ('first_turn') calls this
    one an opéra too, and so does the engine the pipeline feeds."""
    script = deal_script(["Anne", "Bruno", "Chloé", "Denis", "Emma"], "Anne", seed=70020)
    assert (script.winner, script.opera) == ("Emma", False)
    assert expected_deal_end(script) == ("Emma", True)
    first = next(a for a in script.actions if a.kind == "play")
    assert first.player != "Emma"
    laid = [a.player for a in script.actions if a.kind == "play"]
    assert laid[laid.index("Emma"):] == ["Emma"] * len(script.hands["Emma"])   # all hers, in one go
