"""The live engine wrapper: passes nobody films are inferred, so legal play raises no rule flags."""

from __future__ import annotations

from vision.attribute import Attribution
from vision.watch import LiveReferee, WatchConfig, rule_prior, sweeper

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


def test_the_breaks_a_rename_would_make_are_counted_and_the_game_left_as_it_was() -> None:
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "4D", 0.99)
    ref.play("Chloé", "5S", 0.99)
    events = len(ref.game.events)
    assert ref.breaks_if_renamed("5S", "5H") == 0
    assert ref.breaks_if_renamed("5S", "9H") == 1   # Chloé could only have continued Bruno's run
    assert ref.breaks_if_renamed("7C", "9H") is None   # no play of the 7♣
    assert len(ref.game.events) == events and ref.rule_breaks() == 0


def test_a_rename_laid_again_counts_the_passes_its_new_name_implies_against_the_hands_shown() -> None:
    """As deal 194004's A♦ lead read as the K the run wanted: Bruno's card after his own 5♠, read 6♥, was a 9♣ lead.
    Renamed in place it breaks the run (a 6 was wanted); laid again, Chloé and Anne passed on the 6 and Bruno led
    anew: no break, unless a shown hand kept a 6 through its pass."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "4D", 0.99)
    ref.play("Bruno", "5S", 0.99)
    ref.play("Bruno", "6H", 0.3)
    events = len(ref.game.events)
    assert ref.breaks_if_renamed("6H", "9C") == 1
    assert ref.broken_if_renamed({}) == 0 and ref.broken_if_renamed({}, {"6H": "9C"}) == 0
    assert ref.broken_if_renamed({"Chloé": {"6S", "KD"}}, {"6H": "9C"}) == 1
    assert ref.broken_if_renamed({"Chloé": {"7S", "KD"}}, {"6H": "9C"}) == 0
    assert ref.broken_if_renamed({"Chloé": {"6S"}}) == 0
    assert len(ref.game.events) == events and ref.rule_breaks() == 0


def test_a_card_read_twice_still_counts_and_opens_the_prior() -> None:
    """Deal 9011 of the benchmark: Bruno's 8♠ read as the 8♣ he had just laid. The referee still counts his card
    (so it sees him go out), and with the run lost, the next reading's prior holds no card unplayable."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "8C", 0.99)
    assert "seen_twice" in ref.play("Bruno", "8C", 0.98)
    assert ref.cards_left()["Bruno"] == 13 and ref.wanted() == ()
    assert "AH" in ref.playable("Chloé") and "8C" not in ref.playable("Chloé")
    prior = rule_prior(ref, {"8C"}, "Chloé", WatchConfig())
    assert prior == {"8C": WatchConfig().seen_weight}


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
    assert ref.sweep("Bruno", "QS") == [("QD", "QS")]
    assert ref.state.pile[-1] == "QS" and "QD" not in ref.state.played_by and ref.state.board["QS"] == 0
    assert ref.sweep("Bruno", "KH") == []   # the last card is the Q♠ now: nothing proves a K♥


def test_the_wanted_cards_are_the_next_rank_in_every_suit_not_a_rank_name() -> None:
    """The pile's rule prior weighs card codes: Lindor wants a rank in any suit, so all four queens."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    assert ref.wanted() == ()   # Bruno leads: any card
    ref.play("Bruno", "JH", 0.99)
    assert ref.wanted() == ("QS", "QH", "QD", "QC")


def test_the_prior_hardly_believes_a_card_the_arm_s_player_may_not_lay() -> None:
    """After Bruno's 10♦, Anne's arm lays a card: it follows the run (a J), whatever the index looked like;
    Bruno's own arm may also start a new run with any card not yet seen."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "9C", 0.99)
    ref.play("Bruno", "10D", 0.99)
    config = WatchConfig()
    anne = rule_prior(ref, ["9C", "10D"], "Anne", config)
    assert anne["8C"] == config.unplayable_weight and anne["JC"] == config.wanted_weight
    assert anne["10D"] == config.seen_weight   # seen: it may have been misread then
    bruno = rule_prior(ref, ["9C", "10D"], "Bruno", config)
    assert "8C" not in bruno and bruno["JC"] == config.wanted_weight and bruno["10D"] == config.seen_weight
    unknown = rule_prior(ref, ["9C", "10D"], None, config)   # no arm to go by: only the wanted and seen cards
    assert "8C" not in unknown and unknown["JS"] == config.wanted_weight
    assert rule_prior(None, ["9C", "10D"], "Anne", config) == {"9C": config.seen_weight, "10D": config.seen_weight}


def test_the_verdict_follows_the_run_when_another_player_lays_a_card() -> None:
    """Deal 3007 of the benchmark: Anne's J♣ after Bruno's 10♦ read as 8♣ by a hesitant recogniser."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "9C", 0.99)
    ref.play("Bruno", "10D", 0.99)
    weights = rule_prior(ref, ["9C", "10D"], "Anne", WatchConfig())
    reads = {"8C": 0.6, "JC": 0.3, "QC": 0.1}
    assert max(reads, key=lambda c: reads[c] * weights.get(c, 1.0)) == "JC"


def test_a_box_emptied_by_an_arm_taken_for_a_neighbour_s_goes_to_the_honour_s_player() -> None:
    """Deal 3011 of the benchmark: Denis lays the K♥ and empties its box, reaching across Chloé's side."""
    ref = LiveReferee(("Anne", "Bruno", "Chloé", "Denis"), "Anne", 100, "lindor")
    ref.play("Bruno", "JH", 0.99)
    ref.play("Bruno", "QD", 0.99)
    ref.play("Denis", "KH", 0.99)
    chloe = Attribution("Chloé", ("Chloé",), {"Chloé": 400.0, "Denis": 0.0})
    assert sweeper("KH", chloe, "Denis", {}, ref) == "Denis"
    assert sweeper("KH", chloe, "Denis", {}, None) == "Chloé"   # no engine: the camera's word
    assert sweeper("KH", chloe, None, {}, ref) == "Chloé"       # no honour laid for it
    denis_moved = {"Denis": 30.0}
    assert sweeper("KH", chloe, "Denis", denis_moved, None) == "Denis"


def test_the_seat_seen_keeps_a_box_the_rules_give_to_it() -> None:
    ref = LiveReferee(("Anne", "Bruno", "Chloé"), "Anne", 100, "lindor")
    ref.play("Bruno", "JH", 0.99)
    ref.play("Bruno", "QS", 0.99)
    anne = Attribution("Anne", ("Anne",), {"Anne": 400.0})
    # Anne has no honour pending: only Bruno may take the Q♠ box.
    assert sweeper("QS", anne, "Bruno", {}, ref) == "Bruno"
    ref.game.sweep("Bruno", "QS")
    # The box is Bruno's no longer (already taken): nothing overrules the camera.
    assert sweeper("QS", anne, "Bruno", {}, ref) == "Anne"


def test_of_two_readings_of_one_card_the_one_that_hesitated_is_renamed() -> None:
    from vision.watch import misread_sighting

    earlier, now = {"JC": 0.98, "JS": 0.86, "8C": 0.65}, {"JC": 0.2}
    assert misread_sighting("JC", earlier, now, {"JC"}, 0.3) == "JS"
    assert misread_sighting("JC", earlier, now, {"JC", "JS"}, 0.3) == "8C"     # the J♠ is on the pile already
    assert misread_sighting("JC", {"JC": 0.98, "JS": 0.2}, now, {"JC"}, 0.3) is None   # the first read was sure
    # The new reading hesitated more: it is the likelier misread, the earlier one stands.
    assert misread_sighting("JC", earlier, {"JC": 0.5, "JH": 0.49}, {"JC"}, 0.3) is None
    assert misread_sighting("JC", {}, now, {"JC"}, 0.3) is None


def test_a_pile_card_has_an_alternative_only_when_its_read_hesitated_and_no_sweep_proved_it() -> None:
    from vision.watch import pile_alternatives

    sightings = {"KC": {"KC": 4.95, "KS": 2.49, "KD": 0.02},      # deal 3001: the K♠ read as K♣
                 "6C": {"6C": 4.97, "4C": 0.01},                   # a sure read
                 "QS": {"QD": 4.99, "QC": 4.35, "QS": 0.4},        # renamed from Q♦ by the sweep that proved it
                 "JH": {"JH": 3.0, "JD": 2.0, "QH": 1.5}}
    assert pile_alternatives(sightings, {"QS"}, 0.3) == {"KC": "KS", "JH": "JD"}
    assert pile_alternatives(sightings, set(), 0.3)["QS"] == "QD"
    assert pile_alternatives(sightings, {"QS"}, 0.6) == {"JH": "JD"}
    # A runner-up on the pile already is no alternative: the next one is.
    assert pile_alternatives({"JH": {"JH": 3.0, "JD": 2.0, "QH": 1.5}, "JD": {"JD": 5.0}}, set(), 0.3) == {"JH": "QH"}
    # A read unsure of its own card (99010: a Slavic Q♦ read A♦ at 0.36, the K♦ on the pile behind it, the Q♦ at
    # 0.06) may have been its likeliest runner-up not on the pile, however far behind.
    unsure = {"AD": {"AD": 0.363, "KD": 0.2, "QD": 0.064}, "KD": {"KD": 1.0}}
    assert pile_alternatives(unsure, set(), 0.3) == {}
    assert pile_alternatives(unsure, set(), 0.3, unsure={"AD"}) == {"AD": "QD"}
    assert pile_alternatives({"AD": {"AD": 0.363}}, set(), 0.3, unsure={"AD"}) == {}


def test_the_passes_told_to_the_showdown_are_inferred_anew_from_the_plays_as_renamed() -> None:
    """Bruno leads an A♠ read as the J♠, then lays the 2♥: everybody seems to have passed on the queens, Bruno
    stopping. The J♠ renamed to the A♠, the 2♥ continues his run and nobody passed: the log's passes, folded after the
    A♠, would say everybody passed on the twos and holds none, and that the twos lie in the talon."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor", {"stop_at_will": False})
    ref.play("Bruno", "JS", 0.99)
    ref.play("Bruno", "2H", 0.99)
    queens = frozenset({"QS", "QH", "QD", "QC"})
    assert ref.lacking(lambda card: True) == {"Anne": queens, "Bruno": queens, "Chloé": queens}
    assert ref.in_the_talon(lambda card: True) == queens
    assert ref.rename("JS", "AS")
    assert ref.lacking(lambda card: True) == {} and ref.in_the_talon(lambda card: True) == frozenset()
    assert ref.contradicted_if_renamed() == ([], 0)


def test_a_run_broken_for_want_of_one_card_counts_only_when_both_cards_were_read_surely() -> None:
    """Emma's 5♠, then Anne's 7♣ out of sequence: one 6 was laid unseen between, unless one of the two was misread."""
    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "4H", 0.99)
    ref.play("Chloé", "5S", 0.99)
    ref.play("Anne", "7C", 0.99)
    sixes = frozenset({"6S", "6D", "6C", "6H"})
    assert ref.laid_between(lambda card: True) == [sixes]
    assert ref.laid_between(lambda card: card != "5S") == [] and ref.laid_between(lambda card: card != "7C") == []


def test_an_honour_given_to_another_player_moves_with_its_sweep_or_not_at_all(monkeypatch) -> None:
    """The 10♦ credited to Bruno, who swept its box: given to Chloé, the sweep goes too, and a trial leaves the game
    as it was. When the engine refuses the sweep's correction, the play stays Bruno's as well."""
    from engine.nain_jaune.events import Sweep

    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "9D", 0.99)
    ref.play("Bruno", "10D", 0.6)
    ref.sweep("Bruno", "10D")
    events = len(ref.game.events)
    assert ref.if_reassigned("10D", "Chloé") == (False, 0, 0) and len(ref.game.events) == events
    assert ref.reassign("10D", "Chloé")
    st = ref.state
    assert st.played_by["10D"] == 2 and [(c.seat, c.called) for c in st.calls] == [(2, True)] and not st.false_sweeps

    ref = LiveReferee(PLAYERS, "Anne", 100, "lindor")
    ref.play("Bruno", "9D", 0.99)
    ref.play("Bruno", "10D", 0.6)
    ref.sweep("Bruno", "10D")
    events = len(ref.game.events)
    apply = ref.game.apply

    def refuse_sweeps(event):
        if type(getattr(event, "replacement", None)) is Sweep:
            raise ValueError("refused")
        return apply(event)

    monkeypatch.setattr(ref.game, "apply", refuse_sweeps)
    assert not ref.reassign("10D", "Chloé")
    assert len(ref.game.events) == events and ref.state.played_by["10D"] == 1
