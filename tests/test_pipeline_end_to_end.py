"""End to end on a simulated deal: frames -> observation events, scored against the simulator's truth.

The card names come from a reference-deck matcher of the filmed design (the learned recogniser is tested
and benchmarked on its own), so this checks everything else: gating, finding and cropping the new card,
attribution, sweeps, missed calls, the end of the deal, the showdown, and the engine's settlement.
"""

from __future__ import annotations

import pytest

from vision.calibration import VIEW_SCALE, parse_calibration
from vision.tablesim.oracle import TemplateHandReader, TemplateIdentifier
from vision.tablesim.scene import CARD_H, SceneConfig, TableScene
from vision.tablesim.script import deal_script
from vision.tablesim.truth import expected_missed_calls, score_deal
from vision.watch import observe

PLAYERS = ("Anne", "Bruno", "Chloé")
QUICK = dict(frames_in=7, frames_hold=2, frames_out=6, frames_still=10)


def _watched(frames: list, identify=None) -> list[dict]:
    """The events of the filmed deal, read by the reference-deck matchers (`identify` for the pile, if given)."""
    return list(observe(frames, None, players=PLAYERS, dealer="Anne", identify=identify or TemplateIdentifier("plain"),
                        identify_image=TemplateHandReader("plain", int(CARD_H * VIEW_SCALE))))


def _misreading(scores: dict[str, dict[str, float]]):
    """The reference-deck matcher, except that the cards in `scores` are read with those scores instead."""
    template = TemplateIdentifier("plain")

    def identify(crop):
        card, confidence = template(crop)
        return scores[card] if card in scores else {card: confidence} if card else {}
    return identify


@pytest.fixture(scope="module")
def filmed() -> tuple[TableScene, list]:
    script = deal_script(PLAYERS, "Anne", seed=34)  # 28 plays, 3 sweeps, 1 forgotten call
    scene = TableScene(script, SceneConfig(seed=34, **QUICK))
    return scene, list(scene.frames())


@pytest.mark.slow
def test_a_whole_deal_is_read_from_the_mat_markers(filmed) -> None:
    scene, frames = filmed
    script = scene.script
    assert expected_missed_calls(script), "the clip must contain a missed call"
    events = _watched(frames)
    score = score_deal(script, scene.truth, events, scene.config.fps)
    assert score.plays == len(script.plays)
    assert score.cards_right >= score.plays - 1, score.problems
    assert score.players_right == score.plays, score.problems
    assert score.extra_plays == 0
    assert score.sweeps_caught == score.sweeps == 3, score.problems
    assert score.missed_caught == score.missed_calls == 1, score.problems
    assert score.deal_over_right
    assert [e["type"] for e in events].count("settlement") <= 1
    assert "deal_resumed" not in [e["type"] for e in events]   # the pile, read after the deal, saw no card
    assert all(isinstance(e["t"], float) for e in events if e["type"] != "settlement")
    times = [e["t"] for e in events if "t" in e and e["t"] is not None]
    assert times == sorted(times)


def test_calibration_file_source_reads_the_plays(filmed) -> None:
    """Without the mat: zones tapped in image pixels, no rectification."""
    scene, frames = filmed
    calib = parse_calibration(scene.calibration_json(), PLAYERS)
    first_plays = [t for t in scene.truth if t.event["type"] == "card_played"][:6]
    cut = first_plays[-1].frame + 12
    events = list(observe(frames[:cut], calib, players=PLAYERS, dealer="Anne",
                          identify=TemplateIdentifier("plain"), identify_image=lambda img, **size: []))
    plays = [e for e in events if e["type"] == "card_played"]
    assert len(plays) == 6
    named = [(p["player"], t.event["player"]) for p, t in zip(plays, first_plays) if p["player"] is not None]
    assert all(seen == truth for seen, truth in named)  # never a wrong name: unsure plays are asked
    assert len(named) >= 2
    asked = [(p["candidates"], t.event["player"]) for p, t in zip(plays, first_plays) if p["player"] is None]
    assert all(truth in candidates[:2] for candidates, truth in asked)  # the phone offers the right one


def test_observe_rejects_bad_setup(filmed) -> None:
    from vision.calibration import CalibrationError

    _, frames = filmed
    with pytest.raises(CalibrationError, match="dealer"):
        list(observe(frames[:2], None, players=PLAYERS, dealer="Zoé", identify=lambda c: ("AS", 1.0),
                     identify_image=lambda i, **size: []))
    with pytest.raises(CalibrationError, match="markers were never seen"):
        import numpy as np

        list(observe([np.zeros((90, 160, 3), np.uint8)] * 3, None, players=PLAYERS, dealer="Anne",
                     identify=lambda c: ("AS", 1.0), identify_image=lambda i, **size: []))


@pytest.mark.slow
def test_a_bumped_camera_is_recalibrated_and_the_deal_goes_on(filmed) -> None:
    import cv2
    import numpy as np

    scene, frames = filmed
    shift = np.float32([[1, 0, 30], [0, 1, -15]])
    bumped = [f if i < 300 else cv2.warpAffine(f, shift, (f.shape[1], f.shape[0]), borderMode=cv2.BORDER_REPLICATE)
              for i, f in enumerate(frames)]
    messages: list[str] = []
    events = list(observe(bumped, None, players=PLAYERS, dealer="Anne", identify=TemplateIdentifier("plain"),
                          identify_image=lambda img, **size: [], on_status=messages.append))
    assert any("camera moved" in m for m in messages)
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    later = [t for t in scene.truth if t.event["type"] == "card_played" and t.frame > 400]
    seen_later = [e for e in events if e["type"] == "card_played" and e["t"] * scene.config.fps > 400]
    assert len(seen_later) == len(later)  # after the re-calibration every play is seen again
    assert score.players_right >= score.plays - 2  # at most the card laid while the camera moved is lost


def test_a_recording_that_stops_as_the_last_hand_lands_still_reads_that_hand(filmed) -> None:
    """The file ends as the last loser's arm leaves the table: no settled frame shows that hand, so the end of
    the source reads the final frame (the gate finds it still) instead of giving up on the hand."""
    scene, frames = filmed
    last = [t for t in scene.truth if t.event["type"] == "hand_revealed"][-1]
    events = _watched(frames[:last.frame])
    revealed = {e["player"]: sorted(e["cards"]) for e in events if e["type"] == "hand_revealed"}
    assert revealed.get(last.event["player"]) == last.event["cards"]
    assert [e["type"] for e in events][-1] == "settlement"


@pytest.mark.slow
def test_a_card_the_arm_s_player_may_not_lay_gives_way_to_the_run(filmed) -> None:
    """The recogniser hesitates, 0.9 for a 9 against 0.1 for the truth. Chloé laying after Bruno's 5♣ can only
    follow the run: her card is the 6♥. Chloé laying after her own K♣ may start anything: the 9♠ stands."""
    scene, frames = filmed
    identify = _misreading({"6H": {"9H": 0.9, "6H": 0.1}, "AD": {"9S": 0.9, "AD": 0.1}})  # nines nobody lays here
    events = _watched(frames, identify)
    plays = [(e["player"], e["card"]) for e in events if e["type"] == "card_played"]
    truth = [(p.player, p.card) for p in scene.script.plays]
    assert truth[18] == ("Chloé", "6H") and truth[13] == ("Chloé", "AD")
    assert plays[18] == ("Chloé", "6H")
    assert plays[13] == ("Chloé", "9S")


@pytest.mark.slow
def test_a_card_read_again_renames_the_earlier_hesitant_reading(filmed) -> None:
    """Bruno's 4♦ is read as 4♠ (0.9, the 4♦ 0.6); when Bruno's real 4♠ lands, that first reading was the one that
    hesitated: a `card_corrected` renames it before the second 4♠ is played, and the deal settles exactly."""
    scene, frames = filmed
    identify = _misreading({"4D": {"4S": 0.9, "4D": 0.6}})
    events = _watched(frames, identify)
    truth = [(p.player, p.card) for p in scene.script.plays]
    assert truth[3] == ("Bruno", "4D") and truth[16] == ("Bruno", "4S")
    renamed = [e for e in events if e["type"] == "card_corrected"]
    assert [(e["was"], e["card"], e["player"]) for e in renamed] == [("4S", "4D", "Bruno")]
    assert renamed[0]["reason"] == "read_twice"
    second = [e for e in events if e["type"] == "card_played"][16]
    assert second["card"] == "4S" and "seen_twice" not in second.get("flags", [])
    assert events.index(renamed[0]) < events.index(second)
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    assert score.cards_right == score.plays and score.renamed == 1 and score.settled_right, score.problems


@pytest.mark.slow
def test_a_last_card_read_as_the_card_below_it_still_ends_and_settles_the_deal(filmed) -> None:
    """Deal 9011 of the benchmark: the winner's last card is read, surely, as the card they laid just before. It
    is flagged `seen_twice`, and the engine still counts a card laid, so it sees Bruno go out and settles."""
    scene, frames = filmed
    truth = [(p.player, p.card) for p in scene.script.plays]
    assert truth[-2:] == [("Bruno", "3H"), ("Bruno", "4C")]
    events = _watched(frames, _misreading({"4C": {"3H": 1.0}}))
    last = [e for e in events if e["type"] == "card_played"][-1]
    assert (last["player"], last["card"]) == ("Bruno", "3H") and "seen_twice" in last["flags"]
    assert not [e for e in events if e["type"] == "card_corrected"]
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    assert score.cards_right == score.plays - 1 and score.deal_over_right and score.settled_right, score.problems


@pytest.mark.slow
def test_an_honour_misread_and_renamed_later_still_reports_its_missed_call(filmed) -> None:
    """Deal 15016 of the benchmark: Chloé's Q♠, whose call she forgets, is read as Q♣ (0.9, the Q♠ 0.6). When
    Anne's real Q♣ lands, the earlier read is renamed; no box reading flagged the Q♠, yet the engine, told of the
    rename, counts its box left full: the `call_missed` is reported before the settlement."""
    scene, frames = filmed
    assert expected_missed_calls(scene.script) == [("QS", "Chloé")]
    events = _watched(frames, _misreading({"QS": {"QC": 0.9, "QS": 0.6}}))
    renamed = [(e["was"], e["card"], e["player"]) for e in events if e["type"] == "card_corrected"]
    assert renamed == [("QC", "QS", "Chloé")]
    missed = [e for e in events if e["type"] == "call_missed"]
    assert [(e["card"], e["player"]) for e in missed] == [("QS", "Chloé")]
    assert events.index(missed[0]) < [e["type"] for e in events].index("settlement")
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    assert score.missed_caught == 1 and score.settled_right, score.problems


@pytest.mark.slow
def test_a_pile_card_a_shown_hand_holds_is_renamed_to_the_runner_up_of_its_read(filmed) -> None:
    """Chloé's K♣ is read on the pile as K♠ (0.9, the K♣ 0.6), and she shows the real K♠ at the end: the pile's
    card becomes the K♣ (`card_corrected`, before the hands are revealed), and the deal settles exactly."""
    scene, frames = filmed
    identify = _misreading({"KC": {"KS": 0.9, "KC": 0.6}})
    events = _watched(frames, identify)
    truth = [(p.player, p.card) for p in scene.script.plays]
    assert truth[12] == ("Chloé", "KC")
    assert [e["card"] for e in events if e["type"] == "card_played"][12] == "KS"
    renamed = [e for e in events if e["type"] == "card_corrected"]
    assert [(e["was"], e["card"], e["player"]) for e in renamed] == [("KS", "KC", "Chloé")]
    assert renamed[0]["reason"] == "shown_hand"   # a guess: it teaches no deck
    shown = [e for e in events if e["type"] == "hand_revealed"]
    assert "KS" in next(e["cards"] for e in shown if e["player"] == "Chloé")
    assert events.index(renamed[0]) < min(events.index(e) for e in shown)
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    assert score.cards_right == score.plays and score.renamed == 1 and score.settled_right, score.problems


@pytest.mark.slow
def test_a_play_credited_to_the_winner_is_given_back_when_he_plays_after_his_early_end(filmed, monkeypatch) -> None:
    """The arm of one of Chloé's cards is taken, weakly, for Bruno's: the engine sees him go out a card early.
    His real last card comes before the table settles with no card, so no deal end was told: the doubtful play goes
    back to Chloé, and the deal ends after his last card and settles exactly."""
    from vision.attribute import Attribution
    from vision.deal_account import DealAccount

    scene, frames = filmed
    truth = [(p.player, p.card) for p in scene.script.plays]
    assert scene.script.winner == "Bruno" and truth[-1][0] == "Bruno"
    card = next(c for p, c in truth[6:] if p == "Chloé")
    laid = DealAccount.card_laid

    def misjudged(self, t, read, attribution):   # perception's fault, at its hand-over to the reasoning
        if read.card == card:
            attribution = Attribution("Bruno", ("Bruno", "Chloé"), {"Anne": 0.0, "Bruno": 30.0, "Chloé": 25.0})
        return laid(self, t, read, attribution)
    monkeypatch.setattr(DealAccount, "card_laid", misjudged)
    events = _watched(frames)
    kinds = [e["type"] for e in events]
    assert kinds.count("deal_resumed") == 0 and kinds.count("deal_over") == 1
    fixes = [(e["card"], e["was"], e["player"]) for e in events if e["type"] == "player_corrected"]
    assert fixes == [(card, "Bruno", "Chloé")]
    plays = [e for e in events if e["type"] == "card_played"]
    assert len(plays) == len(truth) and (plays[-1]["player"], plays[-1]["card"]) == truth[-1]
    assert kinds.index("player_corrected") < events.index(plays[-1])
    last_end = [e for e in events if e["type"] == "deal_over"][-1]
    assert last_end["winner"] == "Bruno" and events.index(last_end) > events.index(plays[-1])
    score = score_deal(scene.script, scene.truth, events, scene.config.fps)
    assert score.hands_right == score.hands and score.settled_right, score.problems
