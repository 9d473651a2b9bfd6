"""The live engine wrapper: passes nobody films are inferred, so legal play raises no rule flags."""

from __future__ import annotations

from vision.watch import LiveReferee

PLAYERS = ("Anne", "Bruno", "Chloé")


def test_new_lead_after_unseen_passes_is_not_out_of_sequence() -> None:
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    assert ref.allowed()[0] == "Bruno"  # left of the dealer leads
    assert ref.play("Bruno", "4D", 0.99) == []
    assert ref.play("Bruno", "5S", 0.99) == []
    # Nobody holds a 6: everyone passed (unseen) and Bruno leads again with anything.
    assert ref.play("Bruno", "9C", 0.99) == []
    # Anne continues Bruno's run (Chloé passed, unseen): legal, no flag.
    assert ref.play("Anne", "10H", 0.99) == []


def test_real_rule_breaks_are_still_flagged() -> None:
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "4D", 0.99)
    assert "seen_twice" in ref.play("Chloé", "4D", 0.99)


def test_cards_left_follow_the_plays() -> None:
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    start = ref.cards_left()
    assert set(start.values()) == {15}
    ref.play("Bruno", "AH", 0.9)
    assert ref.cards_left()["Bruno"] == 14 and not ref.over


def test_a_sweep_proves_the_misread_honour_and_the_referee_says_so() -> None:
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "JH", 0.99)
    ref.play("Bruno", "QD", 0.97)
    assert ref.sweep("Bruno", "QS") == ("QD", "QS")
    assert ref.state.pile[-1] == "QS" and "QD" not in ref.state.played_by and ref.state.board["QS"] == 0
    assert ref.sweep("Bruno", "KH") is None   # the last card is the Q♠ now: nothing proves a K♥


def test_the_wanted_cards_are_the_next_rank_in_every_suit_not_a_rank_name() -> None:
    """The pile's rule prior weighs card codes: Lindor wants a rank in any suit, so all four queens."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    assert ref.wanted() == ()   # Bruno leads: any card
    ref.play("Bruno", "JH", 0.99)
    assert ref.wanted() == ("QS", "QH", "QD", "QC")
