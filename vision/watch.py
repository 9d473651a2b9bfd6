"""The live pipeline: frames in, observation events out (one dict per event, the `events.jsonl` format).

    observe(source, calibration, players, dealer, ...) -> Iterator[dict]

Per frame only a small warp and a difference run (the motion gate); while something moves, the arm tracker
notes which seats the moving blobs cross; when the table settles, the pile, the boxes and (after the deal) the
seat zones are read. This module is the perception (what the camera saw, with its scores); what that says about
the deal is `vision.deal_account.DealAccount`'s: with a live engine game (`vision.referee.LiveReferee`) it says
who may be playing and which card continues the sequence (a pile read that hesitates leans to it), renames
misread cards, spots the end of the deal, settles it, and revises what it concluded when later evidence says so.
Events: card_played, card_corrected, player_corrected, box_swept, call_missed, call_withdrawn, deal_over,
deal_resumed, hand_revealed, settlement.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

import cv2
import numpy as np

from vision.attribute import ArmTracker, Attribution, outer_half
from vision.boxes import HONOURS, BoxLook, BoxTracker, look_at, look_within, polygon_mask, surroundings
from vision.calibration import Calibration, CalibrationError, MarkerCalibrator, fit_to_frame, load_calibration_file
from vision.deal_account import DealAccount
from vision.gate import GateConfig, MotionGate
from vision.inks import DeckInks
from vision.locate import card_long_side, zone_area
from vision.pile import Identify, PileRead, PileWatcher
from vision.pips import PipShapes
from vision.referee import RULE_FLAGS, LiveReferee, rule_prior, sweeper
from vision.showdown import IdentifyImage, ScoreImage, ShowdownReader, own_cards, places_with_new_cards, read_hand
from vision.sightings import ink_renames, misread_sighting, pile_alternatives
from vision.sources import CameraSettings, Frame, SourceError, open_source

if TYPE_CHECKING:
    from vision.recognise.identify import Classifier

log = logging.getLogger("nainjaune.watch")

__all__ = ["RULE_FLAGS", "LiveReferee", "WatchConfig", "ink_renames", "misread_sighting", "observe",
           "pile_alternatives", "recogniser_model", "rule_prior", "sweeper"]
"""The reasoning's names stay importable from here (`vision.referee`, `vision.sightings` hold them)."""


@dataclass
class WatchConfig:
    gate_factor: float = 0.25
    """Small view for motion, as a fraction of the rectified view."""
    gate: GateConfig = field(default_factory=GateConfig)
    confirm_frames: int = 3
    call_window: int = 1
    """Cards that may land after an honour before its box must have been swept."""
    marker_every: int = 15
    """Frames between two marker checks (bumped camera) in automatic calibration."""
    min_card_confidence: float = 0.5
    wanted_weight: float = 5.0
    """Prior weight of the cards that continue the sequence when a pile read hesitates (others weigh 1): the rules
    make the wanted card the likeliest one to land, so a hesitating read leans to it, with the low confidence it
    had."""
    seen_weight: float = 0.2
    """Prior weight of a card already seen on the pile: it cannot come again, unless it was misread then."""
    unplayable_weight: float = 0.05
    """Prior weight of a card that the player whose arm laid it may not lay now: only the player who laid the
    last card may start a new sequence, anyone else follows it (`engine.nain_jaune.live.playable_now`). Only used
    while the referee heard the last card read (after a card read twice, the engine knows the run is lost: any card
    not on the pile may come)."""
    rename_floor: float = 0.3
    """A card read on the pile a second time renames the earlier reading to its runner-up when that came within
    this share of its score (and closer than the new reading's runner-up did): see `misread_sighting`."""
    ink_learn_confidence: float = 0.9
    """A pile read at least this sure (and of a card not seen before) teaches its suit's ink (`vision.inks`); a read
    this sure of its rank keeps it when the inks name another suit (`vision.sightings.same_rank_by_ink`)."""


def recogniser_model() -> Path | None:
    """The installed recogniser's ONNX file, or None when the recogniser or its model is missing."""
    try:
        from vision.recognise.classifier import DEFAULT_MODEL
    except ImportError:
        return None
    return Path(DEFAULT_MODEL) if Path(DEFAULT_MODEL).is_file() else None


def _load_recogniser(model: Path | None, inks: DeckInks, classifier: Classifier | None = None
                     ) -> tuple[Identify, IdentifyImage, ScoreImage]:
    """The ONNX recogniser (`model`, else the installed one; `classifier`: an enrolled deck's, `vision.deck`), its
    shown hands weighed by the `inks` the pile taught: a deck's head learnt its inks under the enrolment's light,
    the pile's are measured under this table's."""
    try:
        from vision.recognise.classifier import DEFAULT_MODEL
        from vision.recognise.identify import hand_scores, identify_hand, read_crop
    except ImportError as exc:
        raise SourceError(f"the card recogniser is not installed ({exc})") from None
    path = Path(model) if model is not None else Path(DEFAULT_MODEL)
    if not path.is_file():
        raise SourceError(f"the card recogniser's model {path} is missing: train it with `nainjaune train`")
    return (partial(read_crop, model_path=path, classifier=classifier),
            partial(identify_hand, model_path=path, suit_weights=inks.corner_weights, classifier=classifier),
            partial(hand_scores, model_path=path, suit_weights=inks.corner_weights, classifier=classifier))


def _frames(source: str | int | Path | Iterable[Frame] | Iterable[np.ndarray], settings: CameraSettings | None,
            on_status: Callable[[str], None]) -> Iterable[Frame]:
    """Open a camera, stream or file now (so a bad source fails before anything else), or wrap given frames."""
    if isinstance(source, (str, int, Path)):
        return open_source(str(source) if isinstance(source, Path) else source, settings,
                           on_reopen=lambda n: on_status(f"camera reopened after {n} tries; the game goes on"))
    return (item if isinstance(item, Frame) else Frame(item, i / 30.0, i) for i, item in enumerate(source))


def _calibrator(calibration: str | Path | Calibration | None, players: Sequence[str]
                ) -> tuple[Calibration | None, MarkerCalibrator | None]:
    if isinstance(calibration, Calibration):
        return calibration, None
    if calibration is None or str(calibration) in ("auto", "markers"):
        return None, MarkerCalibrator(tuple(players))
    return load_calibration_file(calibration, players), None


class _Pipeline:
    """State across frames; `step(frame)` returns the events that frame produced."""

    def __init__(self, calib: Calibration, players: Sequence[str], referee: LiveReferee | None,
                 identify: Identify, identify_image: IdentifyImage, hand_scores: ScoreImage | None,
                 config: WatchConfig, frame_shape: tuple[int, ...], inks: DeckInks | None = None) -> None:
        self.players = tuple(players)
        self.identify = identify
        self.identify_image = identify_image
        self.hand_scores = hand_scores
        self.config = config
        self.inks = inks if inks is not None else DeckInks()
        """The suit colours of the deck on the table, from the sure pile reads (kept when the camera is bumped); the
        pile's reads are weighed by them, and so are the shown hands' when `observe` gave the recogniser them."""
        self.pip_shapes = PipShapes()
        """The pip notches of each suit of that deck, from the same reads; the pile's reads are weighed by them."""
        self._renamed_now: set[str] = set()
        """Cards the account renamed while the card of the settle being told was laid."""
        self._nudge: PileRead | None = None
        """The last read taken for the top card nudged, no card laid since: where an honour its sweep proves lies."""
        self._strays_held: dict[str, dict] = {}
        """`box_swept` events of boxes emptied with no honour laid that proved nothing, not told yet (`_swept`)."""
        self.account = DealAccount(players, referee, config, self.inks, self._start_showdown,
                                   lambda: self.boxes.close_all(), self._renamed, self.pip_shapes)
        """What the frames say about the deal (the reasoning, apart from this perception)."""
        self.settled_once = False
        self.moving = False
        self._last_image: np.ndarray | None = None
        self.pending_settle: dict[str, Any] | None = None
        self.latencies: list[float] = []
        self.emitted: list[dict] = []
        """For each card_played: the frame that emitted it and how long that frame took (latency figures)."""
        self._step_start = time.perf_counter()
        self._last_moving = -1
        self.configure(calib, frame_shape)

    def configure(self, calib: Calibration, frame_shape: tuple[int, ...]) -> None:
        """(Re)build everything that depends on where the view is (first fit, bumped camera)."""
        self.calib = calib
        cfg = self.config
        f = cfg.gate_factor
        w, h = calib.view_size
        small = (max(1, int(round(h * f))), max(1, int(round(w * f))))
        zones_small = calib.zones.scaled(f)
        # Where a resting hand would hide the play: everything but the pile, the boxes and the seats (cards
        # laid out at the showdown and hands holding cards at the table edge are expected there).
        play = np.full(small, 255, np.uint8)
        for poly in [zones_small.pile, *zones_small.boxes.values(), *zones_small.seats.values()]:
            cv2.fillPoly(play, [np.round(poly).astype(np.int32)], 0)
        self._reference_bgr: np.ndarray | None = None
        self._revocable_bgr: np.ndarray | None = None
        targets = {"pile": polygon_mask(small, zones_small.pile)}
        targets.update({b: polygon_mask(small, p) for b, p in zones_small.boxes.items()})
        hull = np.vstack([zones_small.pile, *zones_small.boxes.values()])
        # Only the part of the view the camera really sees can hold evidence of an arm.
        seen = calib.warp(np.full(frame_shape[:2], 255, np.uint8), f, cv2.INTER_NEAREST)
        reach = np.maximum.reduce(list(targets.values()))
        edge = cv2.subtract(seen, cv2.erode(seen, np.ones((3, 3), np.uint8), borderValue=0))
        edge = cv2.bitwise_and(edge, cv2.bitwise_not(reach))
        box_px = float(np.median([zone_area(p) for p in zones_small.boxes.values()]))
        self.gate = MotionGate(play, cfg.gate, reach_mask=reach, edge_mask=edge, box_px=box_px)
        self._pile_small = targets["pile"] > 0
        self._pile_visits, self._pile_calm = 0, cfg.gate.still_frames
        zones = {s: polygon_mask(small, p) for s, p in zones_small.seats.items() if s in self.players}
        seats = {s: outer_half(cv2.bitwise_and(z, seen), hull) for s, z in zones.items()}
        self.arms = ArmTracker(seats, targets, zones)
        previous_pile: PileWatcher | None = getattr(self, "pile", None)
        self.pile = PileWatcher(calib.zones.pile, self.identify, cfg.confirm_frames, rename_floor=cfg.rename_floor,
                                named=cfg.min_card_confidence, prior=self._rule_prior, inks=self.inks,
                                pip_shapes=self.pip_shapes, stretch_span=calib.stretch_span)
        if previous_pile is not None:   # the camera moved, the cards did not: their size stays what was measured
            self.pile.measured_before(previous_pile)
        previous: BoxTracker | None = getattr(self, "boxes", None)
        # The camera moved: what was emptied or waits stays, the looks are taken again in the new view.
        self.boxes = BoxTracker(cfg.call_window, emptied=set(previous.emptied) if previous else set(),
                                pending=dict(previous.pending) if previous else {},
                                played=previous.played if previous else False)
        self._box_bands = surroundings((h, w), calib.zones.boxes)
        self.settled_once = False
        self._seat_looks: dict[str, BoxLook] | None = None
        """How the players' places looked when the last card was laid (to see hands laid out after it)."""

    # --- per frame ------------------------------------------------------------------------------------

    def step(self, frame: Frame) -> list[dict]:
        self._step_start = time.perf_counter()
        image = self._last_image = frame.image
        small_bgr = cv2.GaussianBlur(self.calib.warp(image, self.config.gate_factor), (5, 5), 0)
        small = cv2.cvtColor(small_bgr, cv2.COLOR_BGR2GRAY)
        result = self.gate.feed(small, small_bgr)
        self.moving = result.moving
        if result.moving:
            self._last_moving = frame.index
        self._count_pile_visits(result.motion_mask)
        if result.settled:
            self._revocable_bgr, self._reference_bgr = self._reference_bgr, small_bgr
        elif result.revoked:
            self._reference_bgr = self._revocable_bgr
            self.pile.revoked()
        out: list[dict] = []
        if result.moving:
            self.arms.feed(self._foreground(small_bgr, result.motion_mask))
            self.pile.interrupted()
            return out
        self._card_size_measured()
        if self.pile.reading:
            verdict = self.pile.read(image, self.calib.homography)
            if verdict is not None:
                out += self._after_settle(frame, verdict)
            return out
        if not result.settled:
            return out
        view = self.calib.warp(image)
        grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY)
        readings = {b: look_at(view, p) for b, p in self.calib.zones.boxes.items()}
        around = {b: look_within(view, band) for b, band in self._box_bands.items()}
        if not self.settled_once:
            self.settled_once = True
            self.boxes.baseline(readings, around)
            self.pile.baseline(grey)
            self.arms.reset()
            return out
        self.pending_settle = {"t": frame.t_seconds, "readings": readings, "around": around, "view": view,
                               "wall": time.perf_counter()}
        came_back, self._pile_visits = self._pile_visits > 1, 0
        if self.pile.settled(grey, came_back):
            verdict = self.pile.read(image, self.calib.homography)
            if verdict is not None:
                out += self._after_settle(frame, verdict)
            return out
        return out + self._after_settle(frame, None)

    def _count_pile_visits(self, motion: np.ndarray) -> None:
        """Count the hands' visits to the pile since the last settle: motion there after as many calm frames as
        make a settle is a new visit (a hand coming back), a shorter lull is the same hand."""
        limit = self.config.gate.still_fraction * motion.size
        if np.count_nonzero(motion[self._pile_small]) > limit:
            if self._pile_calm >= self.config.gate.still_frames:
                self._pile_visits += 1
            self._pile_calm = 0
        else:
            self._pile_calm += 1

    def _rule_prior(self) -> dict[str, float]:
        """The account's rule prior for the card being read now, given the arm that laid it."""
        return self.account.prior(self._attribute("pile", self.account.allowed()).player)

    def _foreground(self, small_bgr: np.ndarray, motion: np.ndarray) -> np.ndarray:
        """What differs from the last settled view, in colour (a sleeve as grey as the table still shows), and what
        moved since the last frame (skin the colour of the table shows where it passes over the table's pattern)."""
        if self._reference_bgr is None or self._reference_bgr.shape != small_bgr.shape:
            return motion
        diff = cv2.absdiff(small_bgr, self._reference_bgr).max(axis=2)
        return np.maximum((diff > self.config.gate.pixel_threshold * 2).astype(np.uint8) * 255, motion)

    # --- a settled scene, with its pile verdict -------------------------------------------------------

    def _after_settle(self, frame: Frame, verdict: PileRead | None) -> list[dict]:
        pending = self.pending_settle
        self.pending_settle = None
        if pending is None:
            return []
        t = round(pending["t"], 3)
        out: list[dict] = []
        card = None
        attribution: Attribution | None = None
        account = self.account
        brushed = verdict is not None and not verdict.at_rest and self._brushed(verdict, pending["readings"])
        if verdict is not None and verdict.at_rest:
            if verdict.card and self.pile.top is not None:
                out += account.card_at_rest(t, self.pile.top, verdict)
                self.pile.top_location = verdict.location
        elif verdict is not None and verdict.card and not self.pile.same_card_nudged(verdict, account.events_seen) \
                and not brushed and not account.no_card_after_the_end(verdict):
            card = verdict.card
            out += account.card_coming(t, card)
            attribution = self._attribute("pile", account.allowed())
        elif verdict is not None and verdict.card:
            self.pile.moved(verdict, account.events_seen)
            if brushed:
                self.pile.brushed()
            account.top_nudged(t, verdict, self.arms.attribute("pile", account.allowed()))
            self._nudge = verdict
        elif verdict is not None and verdict.card is None:
            log.info("a card landed on the pile at t=%.1f s but could not be read", t)
            account.card_unread()
        self.boxes.stakes = account.stakes()
        swept, missed = self.boxes.settle(pending["readings"], card,
                                          attribution.player if attribution is not None else None, pending["around"],
                                          t)
        out += self._strays_still_emptied()
        earlier, later = sweeps_around(swept, card)
        for box, honour_player, _ in earlier:
            out += self._swept(t, box, honour_player)
        if card is not None and verdict is not None and attribution is not None:
            self._renamed_now.clear()
            self._nudge = None
            out += account.card_laid(t, verdict, attribution)
            # the boxes were judged before the card was laid: an honour it renamed (read twice) was never laid
            missed = [(box, who) for box, who in missed if box not in self._renamed_now]
            self.pile.lay(verdict)
            self.latencies.append(time.perf_counter() - pending["wall"])
            self.emitted.append({"card": card, "frame": frame.index, "still_since": self._last_moving + 1,
                                 "step_s": time.perf_counter() - self._step_start})
        for box, honour_player, _ in later:
            out += self._swept(t, box, honour_player)
        for box, seen in self.boxes.judged_again():
            out += account.late_sweep(t, box, seen.player, seen.t)
        out += account.missed(missed, t)
        out += account.settled(t, card is not None, pending["view"])
        if card is not None or self._seat_looks is None:
            self._seat_looks = self._look_at_seats(pending["view"])
        elif shown := self._hands_laid(pending["view"]):
            out += account.hands_shown(t, pending["view"], shown)
        self.arms.reset()
        return out

    def _brushed(self, verdict: PileRead, looks: Mapping[str, BoxLook]) -> bool:
        """Whether the pile change `verdict` read is no card but the hand that emptied a box whose honour waits for
        its call (in `looks`), brushing the pile on its way: no frame showed a card (the rules alone named it)."""
        return not (verdict.votes or verdict.shown_surely) and self.boxes.call_swept(looks)

    def _swept(self, t: float, box: str, honour_player: str | None) -> list[dict]:
        """The account told that `box` was emptied; an honour its sweep proves laid when the top card seemed nudged
        (`DealAccount.top_nudged`) lies on the pile where that change was read, and its box was emptied by right."""
        out = self.account.box_swept(t, box, self._attribute(box, list(self.players)), honour_player,
                                     self.arms.evidence["any"])
        if self._nudge is not None and any(e.get("proven") and e.get("card") == box for e in out):
            self.pile.lay(replace(self._nudge, card=box))
            self.boxes.strays.discard(box)
            self._nudge = None
        if box in self.boxes.strays and [e["type"] for e in out] == ["box_swept"]:
            self._strays_held[box] = out[0]
            return []
        return out

    def _strays_still_emptied(self) -> list[dict]:
        """The held sweeps of boxes emptied with no honour laid (`_strays_held`) whose box this settle still shows
        emptied; the others are dropped. During play chips leave a box only with its honour's sweep, so such a box,
        which proved nothing, may be one something lay over (an arm the colour of the table, still on the tray when
        the table settled): it is told only when the next settle agrees (`BoxTracker._restore_strays`)."""
        held, self._strays_held = self._strays_held, {}
        return [event for box, event in held.items() if box in self.boxes.strays]

    def _look_at_seats(self, view: np.ndarray) -> dict[str, BoxLook]:
        return {p: look_at(view, poly) for p, poly in self.calib.zones.seats.items() if p in self.players}

    def _hands_laid(self, view: np.ndarray) -> list[str]:
        """The places where cards not on the pile now lie that were not there at the last card laid, when two or
        more do (else none): the losers showing their hands. Only one player sweeps chips into their place at a
        time, and a place counts only once a card of its own is read there (`own_cards`); two, when its player holds
        two or more by the count: a loser lays out every card held, and one card read is a card held over the place.
        One such place will do when every player's place but one shows a card of its own and that one player is a
        card from out by the count: a play of the winner's went unseen, and some losers' cards are hard to read."""
        account = self.account
        if account.deal_over or account.showdown is not None or self.pile.card_px is None or not self._seat_looks:
            return []
        changed = places_with_new_cards(self._seat_looks, self._look_at_seats(view), self.pile.card_px)
        if len(changed) < 2:
            return []
        reads = {p: read_hand(view, self.calib.zones.seats[p], self.identify_image, exclude=account.events_seen,
                              card_px=self.pile.card_px) for p in changed}
        left = account.left_by_my_count()
        held = {p: len(own_cards(p, reads)) for p in changed}
        shown = [p for p in changed if held[p] >= max(1, min(2, left.get(p, 0)))]
        if len(shown) >= 2:
            return shown
        others = [p for p in self.players if p not in changed]
        if shown and all(held.values()) and len(others) == 1 and left.get(others[0], 0) <= 1:
            return list(changed)
        return []

    def _start_showdown(self, expected: dict[str, int], exclude: dict[str, float], alternatives: dict[str, str],
                        talon: frozenset[str]) -> ShowdownReader:
        """The reader of the losers' seat zones, for the account to start at the deal's end."""
        return ShowdownReader(dict(self.calib.zones.seats), self.identify_image, expected, exclude=exclude,
                              score_image=self.hand_scores, alternatives=alternatives, card_px=self.pile.card_px,
                              talon=talon)

    def _renamed(self, was: str, card: str | None) -> None:
        """The account renamed the card read as `was` (None: it took the play back): so is the pile's top card, if it
        was that one, and a call waited for on its box."""
        if self.pile.top == was:
            self.pile.top = card
        self.boxes.renamed(was, card)
        self._renamed_now.add(was)

    def _card_size_measured(self) -> None:
        """Hand the card size the pile measured to the stages that count in cards, in their smaller view; a measure
        the pile withdrew (taken with the hand laying the card) is withdrawn from them too."""
        f, card_px = self.config.gate_factor, self.pile.card_px
        self.gate.card_px = None if card_px is None else card_px * f ** 2
        self.arms.card_length = None if card_px is None else card_long_side(card_px) * f

    def _attribute(self, target: str, allowed: list[str]) -> Attribution:
        self._card_size_measured()
        return self.arms.attribute(target, allowed)

    def finish(self, t: float | None) -> list[dict]:
        """End of the source: close what can be closed (missed calls, hands last read, the settlement)."""
        out: list[dict] = []
        if self.pile.reading:
            verdict = self.pile.abort()
            if verdict is not None:
                out += self._after_settle(Frame(np.zeros((1, 1, 3), np.uint8), t or 0.0, -1), verdict)
        if self.account.end_pending and t is not None:
            # the source ended before the table settled with no card after the last: the deal ends here
            view = self.calib.warp(self._last_image) if self._last_image is not None and not self.moving else None
            out += self.account.settled(t, False, view)
        if self.account.showdown_waiting and not self.moving and self._last_image is not None:
            # A recording may stop before the table settles again after the last card a loser lays: read the
            # final, still frame once more rather than the last settled one, which may predate that card.
            out += self.account.showdown_view(self.calib.warp(self._last_image), t)
        out += self._strays_still_emptied()
        return out + self.account.finish(t)


Sweep = tuple[str, str | None, bool]
"""(box, the honour's player, whether its honour was laid), as `BoxTracker.settle` reports a sweep."""


def sweeps_around(swept: Sequence[Sweep], card: str | None) -> tuple[list[Sweep], list[Sweep]]:
    """The sweeps seen in the settle that showed `card` (None: no card), split into those told before the card and
    those told after it. The camera cannot tell their order within one settle; the box of an honour laid before the
    card was emptied in its time (the box tracker waited for it), and told after the card the engine would count
    that call missed. The card's own box, and a box emptied with no honour laid, come after it."""
    before = [s for s in swept if s[2] and card is not None and HONOURS[s[0]] != card]
    return before, [s for s in swept if s not in before]


def observe(source: str | int | Path | Iterable[Frame] | Iterable[np.ndarray],
            calibration: str | Path | Calibration | None = None, *, players: Sequence[str], dealer: str,
            chips: int = 100, rules: str = "lindor", options: Mapping[str, Any] | None = None,
            identify: Identify | None = None,
            identify_image: IdentifyImage | None = None, hand_scores: ScoreImage | None = None,
            config: WatchConfig | None = None, settings: CameraSettings | None = None,
            on_status: Callable[[str], None] | None = None, stats: dict[str, Any] | None = None,
            model: Path | None = None, classifier: Classifier | None = None) -> Iterator[dict]:
    """Observation events of one deal, as the frames come. Raises `CalibrationError` / `SourceError`.

    `calibration`: a calib.json path, a `Calibration`, or None / "auto" for the mat's markers. `options`: the house
    rules the table plays (under `stop_at_will` false a stop tells what a hand lacks). `identify` and
    `identify_image` default to the ONNX recogniser (`model`, else the installed one), and so does `hand_scores`
    (what completes a shown hand read short) when `identify_image` is not given; that recogniser weighs the shown
    hands by the suit inks the pile taught (`vision.inks`). `classifier`: an enrolled deck's (`vision.deck`), which the
    default readers read with instead of the shipped model's. `stats`, when given, receives frame counts and
    latencies.
    """
    players = tuple(players)
    if len(set(players)) != len(players) or len(players) < 3:
        raise CalibrationError("players: give 3 to 8 distinct names, in clockwise seating order")
    if dealer not in players:
        raise CalibrationError(f"dealer {dealer!r} is not one of the players ({', '.join(players)})")
    config = config or WatchConfig()
    status = on_status or (lambda msg: log.warning(msg))
    fixed, markers = _calibrator(calibration, players)
    frame_source = _frames(source, settings, status)
    inks = DeckInks()
    if identify is None or identify_image is None:
        default_crop, default_image, default_scores = _load_recogniser(model, inks, classifier)
        identify = identify or default_crop
        if identify_image is None:
            identify_image, hand_scores = default_image, hand_scores or default_scores
    referee = LiveReferee(players, dealer, chips, rules, options)
    pipeline: _Pipeline | None = None
    last_t: float | None = None
    frames = 0
    started = time.perf_counter()
    for frame in frame_source:
        frames += 1
        last_t = frame.t_seconds
        if markers is not None and (pipeline is None or frame.index % config.marker_every == 0):
            if pipeline is None or not pipeline.moving:
                calib, moved = markers.update(frame.image)
                if calib is None:
                    if frame.index >= 60 and frame.index % 60 == 0:
                        status("waiting for the mat: no markers seen yet (at least 2 of the 8 must be visible)")
                    continue
                if pipeline is None:
                    pipeline = _Pipeline(calib, players, referee, identify, identify_image, hand_scores, config,
                                         frame.image.shape, inks)
                elif moved:
                    status("the camera moved: re-calibrated from the mat's markers")
                    pipeline.configure(calib, frame.image.shape)
        if pipeline is None:
            assert fixed is not None
            pipeline = _Pipeline(fit_to_frame(fixed, frame.image.shape), players, referee, identify,
                                 identify_image, hand_scores, config, frame.image.shape, inks)
        yield from pipeline.step(frame)
    if frames == 0:
        raise SourceError("the source gave no frame")
    if pipeline is None:
        raise CalibrationError("the mat's markers were never seen: check that the mat is in view, flat and lit")
    yield from pipeline.finish(last_t)
    if stats is not None:
        stats.update(frames=frames, seconds=time.perf_counter() - started, latencies=list(pipeline.latencies),
                     emitted=list(pipeline.emitted))
