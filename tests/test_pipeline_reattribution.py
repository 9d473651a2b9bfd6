"""The re-attribution rankers alone: plays as the account holds them, and an engine whose answer to each trial is
written out, so each choice is checked without a deal, a referee or a video."""

from __future__ import annotations

from dataclasses import dataclass, field

from vision.reattribution import (ASKED, LOW_CONFIDENCE, SURE, WEAK_ARM, Sighting, disowned_play, recounted_play,
                                  reopening_play, winners_play)


@dataclass
class Answers:
    """The engine's answer to each (card, player) trial; `asked` records the trials made."""

    outcomes: dict[tuple[str, str], tuple[bool, int, int]]
    set_aside: int = 0
    asked: list[tuple[str, str]] = field(default_factory=list)

    def if_reassigned(self, card: str, player: str) -> tuple[bool, int, int] | None:
        self.asked.append((card, player))
        return self.outcomes.get((card, player))

    def dropped(self) -> int:
        return self.set_aside


def seen(card: str, credited: str, doubt: int, nearby: tuple[str, ...] = (), margin: float = float("inf"),
         **arms: float) -> Sighting:
    return Sighting({"type": "card_played", "card": card, "player": credited}, {card: 1.0}, None, credited,
                    credited, doubt, arms, nearby, margin)


PLAYERS = ("Anne", "Bruno", "Chloé")


def test_a_deal_wrongly_ended_reopens_on_the_most_doubtful_play_of_the_player_seen_going_out() -> None:
    plays = {"7C": seen("7C", "Anne", LOW_CONFIDENCE), "8C": seen("8C", "Anne", ASKED),
             "9C": seen("9C", "Bruno", ASKED)}
    both_reopen = (False, 0, 0)
    engine = Answers({("7C", "Bruno"): both_reopen, ("8C", "Chloé"): both_reopen}, set_aside=1)
    assert reopening_play(plays, PLAYERS, "Anne", engine) == ("8C", "Chloé")
    assert all(card != "9C" for card, _ in engine.asked)   # only the plays of the player seen going out move
    assert all(player != "Anne" for _, player in engine.asked)


def test_reopening_prefers_fewest_plays_set_aside_then_fewest_rule_breaks() -> None:
    plays = {"7C": seen("7C", "Anne", ASKED), "8C": seen("8C", "Anne", ASKED)}
    engine = Answers({("7C", "Bruno"): (False, 1, 0), ("8C", "Bruno"): (False, 0, 2), ("8C", "Chloé"): (False, 0, 1)},
                     set_aside=2)
    assert reopening_play(plays, PLAYERS, "Anne", engine) == ("8C", "Chloé")


def test_no_reopening_when_no_trial_does_better_than_now() -> None:
    plays = {"7C": seen("7C", "Anne", ASKED)}
    still_over = Answers({("7C", "Bruno"): (True, 0, 0), ("7C", "Chloé"): (True, 1, 0)}, set_aside=0)
    assert reopening_play(plays, PLAYERS, "Anne", still_over) is None


def test_a_doubtful_play_reopens_towards_a_seat_its_arm_crossed_before_one_with_fewer_rule_breaks() -> None:
    plays = {"8H": seen("8H", "Anne", ASKED, nearby=("Chloé", "Anne", "Bruno"), Anne=10531.0, Chloé=9261.0)}
    reopen_fewer_breaks, reopen_more_breaks = (False, 0, 1), (False, 0, 3)
    engine = Answers({("8H", "Bruno"): reopen_fewer_breaks, ("8H", "Chloé"): reopen_more_breaks}, set_aside=1)
    # the arm that laid it crossed Anne's and Chloé's edges, never Bruno's: breaks counted on a wrong account weigh less
    assert reopening_play(plays, PLAYERS, "Anne", engine) == ("8H", "Chloé")
    unseen_arm = {"8H": seen("8H", "Anne", ASKED)}
    assert reopening_play(unseen_arm, PLAYERS, "Anne", engine) == ("8H", "Bruno")


def test_a_sure_play_reopens_only_towards_the_seat_next_nearest_its_arm_and_only_when_no_doubtful_one_does() -> None:
    plays = {"7C": seen("7C", "Anne", SURE, nearby=("Anne", "Chloé", "Bruno")),
             "8C": seen("8C", "Anne", WEAK_ARM)}
    reopen = (False, 0, 0)
    engine = Answers({("7C", "Bruno"): reopen, ("7C", "Chloé"): reopen}, set_aside=1)
    assert reopening_play(plays, PLAYERS, "Anne", engine) == ("7C", "Chloé")
    assert ("7C", "Bruno") not in engine.asked
    engine = Answers({("7C", "Chloé"): reopen, ("8C", "Bruno"): reopen}, set_aside=1)
    assert reopening_play(plays, PLAYERS, "Anne", engine) == ("8C", "Bruno")


def test_a_recount_moves_a_doubtful_play_to_a_loser_shown_short_keeping_the_deal_s_end() -> None:
    plays = {"7C": seen("7C", "Anne", SURE, nearby=("Anne", "Bruno")),
             "8C": seen("8C", "Anne", LOW_CONFIDENCE, Bruno=5.0),
             "9C": seen("9C", "Anne", ASKED)}
    engine = Answers({("7C", "Bruno"): (True, 0, 0), ("8C", "Bruno"): (True, 0, 0), ("9C", "Bruno"): (False, 0, 0)})
    # the 7C is sure and its arm never crossed Bruno's edge; the 9C would reopen the deal
    assert recounted_play(plays, "Anne", {"Bruno": 2}, {"Anne": 1, "Bruno": 3}, engine) == ("8C", "Bruno")


def test_a_recount_moves_nothing_to_a_loser_whose_count_already_matches_his_place() -> None:
    plays = {"8C": seen("8C", "Anne", ASKED)}
    engine = Answers({("8C", "Bruno"): (True, 0, 0)})
    assert recounted_play(plays, "Anne", {"Bruno": 3}, {"Anne": 1, "Bruno": 3}, engine) is None
    assert engine.asked == []


def test_a_sure_play_is_recounted_to_its_arm_s_next_nearest_seat_when_that_arm_crossed_its_edge() -> None:
    crossed = {"7C": seen("7C", "Anne", SURE, nearby=("Anne", "Bruno"), Anne=300.0, Bruno=20.0)}
    engine = Answers({("7C", "Bruno"): (True, 0, 0)})
    assert recounted_play(crossed, "Anne", {"Bruno": 2}, {"Anne": 1, "Bruno": 3}, engine) == ("7C", "Bruno")
    never = {"7C": seen("7C", "Anne", SURE, nearby=("Anne", "Bruno"), Anne=300.0)}
    assert recounted_play(never, "Anne", {"Bruno": 2}, {"Anne": 1, "Bruno": 3}, engine) is None


def test_the_winner_takes_back_first_the_play_that_puts_them_out_then_one_whose_arm_came_near() -> None:
    plays = {"7C": seen("7C", "Bruno", ASKED), "8C": seen("8C", "Bruno", WEAK_ARM, Anne=10.0),
             "9C": seen("9C", "Chloé", SURE, nearby=("Chloé", "Bruno")), "10C": seen("10C", "Anne", ASKED)}
    engine = Answers({("7C", "Anne"): (False, 0, 0), ("8C", "Anne"): (False, 0, 0), ("9C", "Anne"): (True, 0, 0)})
    assert winners_play(plays, "Anne", engine) == "8C"     # near the winner beats more doubtful
    engine.outcomes[("7C", "Anne")] = (True, 0, 0)
    assert winners_play(plays, "Anne", engine) == "7C"     # putting the winner out beats both
    assert ("9C", "Anne") not in engine.asked               # sure, and its arm came nearest Bruno after Chloé
    assert ("10C", "Anne") not in engine.asked              # already the winner's


def test_no_play_goes_to_the_winner_when_the_engine_refuses_every_trial() -> None:
    plays = {"7C": seen("7C", "Bruno", ASKED)}
    assert winners_play(plays, "Anne", Answers({})) is None


def test_a_winner_whose_place_shows_a_hand_gives_a_doubtful_play_to_a_bare_place_its_arm_crossed() -> None:
    """206022: the 10♦, asked, credited to Bruno beside Chloé on one edge; his place shows his hand, Chloé's and
    Denis's show nothing, each held one card. The arm crossed Chloé's edge, never Denis's."""
    plays = {"10D": seen("10D", "Bruno", ASKED, Bruno=12361.0, Chloé=8415.0), "8D": seen("8D", "Bruno", SURE,
                                                                                          Bruno=22899.0)}
    out_still = (True, 0, 0)
    engine = Answers({("10D", "Chloé"): out_still, ("10D", "Denis"): out_still, ("8D", "Chloé"): out_still})
    left = {"Anne": 2, "Bruno": 0, "Chloé": 1, "Denis": 1}
    assert disowned_play(plays, "Bruno", {"Chloé", "Denis"}, left, engine) == ("10D", "Chloé")
    assert ("10D", "Denis") not in engine.asked and all(card != "8D" for card, _ in engine.asked)   # a sure play stays
    assert disowned_play(plays, "Bruno", {"Denis"}, left, engine) is None        # Chloé's place shows a hand
    assert disowned_play(plays, "Bruno", {"Chloé"}, {**left, "Chloé": 2}, engine) is None   # it would not put her out
    reopens = Answers({("10D", "Chloé"): (False, 0, 0)})
    assert disowned_play(plays, "Bruno", {"Chloé"}, left, reopens) is None       # the deal must stay over
    sets_aside = Answers({("10D", "Chloé"): (True, 1, 0)})
    assert disowned_play(plays, "Bruno", {"Chloé"}, left, sets_aside) is None    # no play may be dropped for it
