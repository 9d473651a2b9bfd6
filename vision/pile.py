"""The central pile: each new top card, found against the last settled state (`vision.locate`), named.

The watcher keeps the state across settles (the reference view, the top card, a card held over the pile) and
reads the new card's upright crop on a few consecutive still frames; the scores of the reads add up, which
removes single-frame misreads without waiting long. When the caller knows
which cards are likely (the rules: the card that continues the sequence; a card already seen cannot come
again), those weights multiply the scores before the verdict: a read that hesitates between the wanted
card and another goes to the wanted card, with the low confidence it had. So do the suit colours of the deck on
the table once the sure reads have shown them (`vision.inks`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Collection, Mapping, Protocol

import cv2
import numpy as np

from vision.boxes import polygon_mask
from vision.figures import face_ink, figure_weights, shows_figure
from vision.inks import DeckInks, Ink, corner_ink, index_ink, mean_ink
from vision.locate import (CHANGE_GREY, CROP_SIZE, MIN_CHANGED, MIN_HULL, WHOLE_CARD, CardLocation, box_area,
                           card_short_side, card_sized, crop_card, intersection, locate_new_card, overlap, relit,
                           zone_area)
from vision.pips import PipShapes, pip_notches
from vision.recognise.crops import CornerFrame, corner_crop
from vision.sightings import read_share
from vision.signs import index_sign


CardScores = Mapping[str, float]
Identify = Callable[[np.ndarray], "tuple[str | None, float] | CardScores | CornerRead"]
"""A crop -> its card and confidence, a score per card, or the recogniser's `read_crop` (scores and the corner its
card was read at)."""
Prior = Callable[[], CardScores]
"""Weight per card for the read now pending (1 for a card not named)."""


class CornerRead(Protocol):
    """What `read_crop` gives beside a score per card: its card's confidence and the corner it was read at."""

    confidence: float
    scores: CardScores
    corner: CornerFrame | None


def as_scores(result: "tuple[str | None, float] | CardScores | CornerRead") -> dict[str, float]:
    """One identify result as a score per card (a (card, confidence) pair is one card's score)."""
    result = getattr(result, "scores", result)
    if isinstance(result, tuple):
        card, confidence = result
        return {card: float(confidence)} if card else {}
    return {card: float(p) for card, p in result.items()}


@dataclass(frozen=True)
class PileRead:
    card: str | None
    confidence: float
    votes: int
    reads: int
    location: CardLocation | None = None
    evidence: Mapping[str, float] = field(default_factory=dict)
    """Every card's mean score times its prior weight: the runners-up, should the card turn out misread."""
    ink: Ink | None = None
    """The mean ink of the card's indices over the frames read (`vision.inks.index_ink`; for a card located by what
    changed, `corner_ink` of the corner it was read at)."""
    at_rest: bool = False
    """The card read last, read while the hand laying it was still over the pile (`HELD_CARD`) or from part of its
    outline (`PileWatcher._in_part`), now lying alone: a second read of that card, not a new one."""
    pips: tuple[tuple[int, ...], ...] = ()
    """Per frame read of a card located by its own outline, the notches of each pip its face showed
    (`vision.pips`)."""
    signs: tuple[np.ndarray | None, ...] = ()
    """Per frame read of a card located by its own outline, the suit sign of its index (`vision.signs`)."""
    shown_surely: Mapping[str, float] = field(default_factory=dict)
    """The cards every frame scored at least the watcher's `sure`, with their mean score: what the crop surely
    showed before the rules weighed anything (a crop can show several cards' indices)."""
    rest_of: str | None = None
    """Read below a change read while a hand was over the pile (`HELD_CARD`, `revoked`), the card that read named,
    when this read is not taken for it (`_still_held`): the card held come to rest, a second card laid on it, or, that
    read having been a hand moving a card already told, a card laid where it moved; the rules may tell which
    (`vision.deal_account`)."""
    wished: Mapping[str, float] = field(default_factory=dict)
    """The rules' boost of each card the run wanted (the prior's weights over 1), which `evidence` holds: what a read
    owes to the rules' wish rather than to what the camera saw."""


UNEXPLAINED_SETTLES = 3
"""A change of the pile that is no card is compared again with the view before it this many times: a hand that
rested on the card it laid has gone by then, or the change is something else (light, a moved object) and is kept."""
HELD_CARD = 1.5
"""A change whose card-shaped box covers more than this many card areas (measured on this table) is more than a card
lying on the pile, which changes at most its own outline (`WHOLE_CARD`): the hand laying it, or the card still held
above the pile (nearer the camera, so larger), is in it. Its card is read, and read again once it lies alone."""
AT_REST_INSIDE = 0.5
"""A card read while held comes to rest below where it was held: the change that shows it alone lies at least this
share (of its own box) inside the box read before. A card laid elsewhere is a new card."""
SURE_CORNER = 0.95
"""A card located by what changed takes its ink from the corner its crop's read named it at, when named this surely:
as surely as the recogniser names a card (`identify.MIN_CONFIDENCE`). A corner read less surely may be no index at
all (a picture or the card below half taken for one), and its colour would weigh the read by an ink no index shows."""
ZONE_EDGE = 0.1
"""A change whose box comes this near the pile zone's edge (a share of a card's short side) or beyond it stops where
the zone does: the change is looked for inside the zone alone, so a card lying across its edge shows only the part
inside, whose box lies on the edge, within the few pixels that the change's blur and opening take off it."""
UNCOVERED_INSIDE = 0.5
"""A change that holds at least this share of a card's outline where that card was laid, uncovered by the cards laid
after it, shows that card where it lies (uncovered, or seen round a neighbour that moved), not a card misread there:
a share of the card's own area."""
ON_TOP_INSIDE = 0.8
"""A change whose box lies at least this share inside the top card's lies on that card: the box fitted around what
changed sticks out of the card below by the widening to a card's aspect alone, or a card laid squarely on it by its
small offset."""


def marked_on_top(location: CardLocation, top: CardLocation | None, card_px: float | None) -> CardLocation:
    """`location`, marked `on_top` when it has no outline of its own, is smaller than `WHOLE_CARD` of a card and lies
    within the top card (`ON_TOP_INSIDE`): a card laid squarely on it, or that card moving in its place (come to rest
    under where it was held, pushed), which changes the same pixels."""
    if location.outline_px is not None or top is None or card_px is None:
        return location
    if box_area(location) >= WHOLE_CARD[0] * card_px:
        return location
    return replace(location, on_top=True) if lies_on(location, top) else location


def lies_on(location: CardLocation, top: CardLocation) -> bool:
    """Whether at least `ON_TOP_INSIDE` of `location`'s box lies inside the top card's."""
    return intersection(location, top) >= ON_TOP_INSIDE * box_area(location)


@dataclass
class PileWatcher:
    """Compares settled pile views, reads a new card over `confirm_frames` still frames, votes."""

    polygon: np.ndarray
    identify: Identify
    confirm_frames: int = 3
    sure: float = 0.85
    """Two agreeing reads at least this sure end the confirmation early (lower latency)."""
    rename_floor: float = 0.3
    """A card read while held, unsurely, is the card read next in its place after its hand came back when its read
    scored that card within this share of its own (`WatchConfig.rename_floor`, the floor of every rename)."""
    named: float = 0.5
    """A read below this named no card (`WatchConfig.min_card_confidence`, below which the phone is asked): read on a
    settle its hand revoked, it tells nothing of which card lay there, so the card read whole where it was is that
    card come to rest, whatever its name (`settled`)."""
    prior: Prior | None = None
    inks: DeckInks | None = None
    """The deck's suit inks learnt so far: a read whose ink is another suit's colour weighs its suit down."""
    pip_shapes: PipShapes | None = None
    """The deck's pip notches per suit learnt so far: a number card whose face shows another suit's weighs less."""
    _reference: np.ndarray | None = None
    _before: np.ndarray | None = None
    """The settled view before the card being read landed (to find it again after an interrupted read)."""
    _location: CardLocation | None = None
    _reads: list[dict[str, float]] = field(default_factory=list)
    _inks: list[Ink | None] = field(default_factory=list)
    _figures: list[bool] = field(default_factory=list)
    """Per frame read of a card located by its own outline, whether its face showed a figure (`vision.figures`)."""
    _pips: list[tuple[int, ...]] = field(default_factory=list)
    """Per such frame, the notches of each pip its face showed (`vision.pips`)."""
    _signs: list[np.ndarray | None] = field(default_factory=list)
    """Per such frame, the suit sign of its index (`vision.signs`)."""
    top: str | None = None
    top_location: CardLocation | None = None
    top_sure: bool = False
    """Whether the top card's read was sure (`_sure`)."""
    places: dict[str, CardLocation] = field(default_factory=dict)
    """Where each card was read as it was laid, in the order laid: cards stay where they were laid until a hand moves
    them, and each lies over those laid before it."""
    unsure_places: set[str] = field(default_factory=set)
    """The cards of `places` whose read there was not sure (`_sure`): that place may hold another card."""
    card_px: float | None = None
    """One card's area in view pixels on this table: the median of the card-shaped outlines seen laid."""
    _card_sizes: list[float] = field(default_factory=list)
    stretch_span: tuple[float, float] = (1.0, 1.0)
    """How much longer along x the table may be than the view shows (`Calibration.stretch_span`)."""
    stretch: float | None = None
    """How much longer along x the table is than the view shows: the median of what the whole cards laid showed,
    None before one was (1 when the view is a true top-down view)."""
    _stretches: list[float] = field(default_factory=list)
    _measures_before: tuple[int, int, float | None, float | None] | None = None
    """The card sizes and stretches measured (how many, and their medians) before the settle the card read last was
    read on, until the next settle: a revoked settle's outline took in the hand (`revoked`), and its samples are
    withdrawn."""
    _unexplained: int = 0
    """Settles in a row whose change of the pile was no card (a hand resting on the card it laid)."""
    _held: tuple[np.ndarray, CardLocation, PileRead] | None = None
    """The view before the card read last, where it was read and what it was read as, when a hand was over it then
    (`HELD_CARD`)."""
    _held_in_part: bool = False
    """`_held` is a card not seen whole as it was read, its settle revoked (`revoked`) or its outline part of a card
    (`_in_part`), not one whose hand was seen with it: only one card's own outline alone is that card at rest."""
    _taken: tuple[tuple[np.ndarray, CardLocation, PileRead] | None, bool] = (None, False)
    """`_held` and `_held_in_part` as the settle being read took them: given back if its read is interrupted
    (`interrupted`), as no settle was."""
    _laid: tuple[np.ndarray, CardLocation, PileRead] | None = None
    """The view before the card read last, where it was read and what it was read as, until the next settle: the
    settle it was read on may yet be revoked (`revoked`)."""
    _resting: bool = False
    """The read in progress is of the card read last, now lying alone (`PileRead.at_rest`)."""
    _unsure_held: PileRead | None = None
    """While `_resting` after the hand came back, or after a card not seen whole (`_held_in_part`): the read of the
    card held (`_still_held`)."""
    _rest_whole: bool = False
    """While `_resting` after a card not seen whole (`_held_in_part`): the change read is one card's own outline alone
    (`_at_rest`)."""

    def measured_before(self, previous: PileWatcher) -> None:
        """Keep the card sizes `previous` measured, in this watcher's view (a new calibration of the same table), and
        the stretch it measured when the view leaves the same doubt (the same board).

        Both views show the table plane from above, each a similarity of it (the mat's markers, or the board's
        corners), so every area on the table, a card's as the pile zone's, changes between them by one factor:
        the ratio of the pile zone's areas, the same stretch of table in both (the mat's layout, the same file).
        A camera-picture view is no similarity, but cards are measured and used inside the pile zone alone, where
        the zone's ratio is the local one."""
        factor = zone_area(self.polygon) / zone_area(previous.polygon)
        self._card_sizes = [a * factor for a in previous._card_sizes]
        self.card_px = previous.card_px * factor if previous.card_px is not None else None
        if previous.stretch_span == self.stretch_span:
            self._stretches, self.stretch = list(previous._stretches), previous.stretch

    def same_card_nudged(self, read: PileRead, on_pile: Collection[str] = ()) -> bool:
        """The top card straightened, pushed or come to rest: not a new play. Either the same name at the same place,
        or the same name anywhere when both reads were sure (the deck holds one card of each name: a card held over
        the pile, read, then dropped a little apart), or a change within the top card (`marked_on_top`) whose reads
        did not all agree at `sure`: a card laid squarely on the top card shows its indices there, while the top
        card moving in its place shows parts of cards. Or a read that surely showed the top card and no new card
        surely (`_shows_top`; `on_pile`: the cards on the pile), or one of the cards below seen again where it lies
        (`_uncovered`)."""
        if read.location is None or self.top_location is None:
            return False
        if read.location.on_top and not self._sure(read):
            return True
        if self._shows_top(read, on_pile) or self._uncovered(read, on_pile):
            return True
        if read.card == self.top and self._in_another_ink(read):
            return False
        if read.card == self.top and self.top_sure and self._sure(read):
            return not self._still_lies_there(read)
        return read.card == self.top and overlap(read.location, self.top_location) > 0.85

    def _in_another_ink(self, read: PileRead) -> bool:
        """Whether the ink `read` measured at its indices rules out its own card's suit (`DeckInks.rules_out`): a
        card moved keeps its colours, so a read of the top card's name in another suit's ink is a new card whose
        crop showed the top card's index peeking out from under it."""
        if self.inks is None or read.card is None:
            return False
        return self.inks.rules_out(read.ink, read.card)

    def _shows_top(self, read: PileRead, on_pile: Collection[str]) -> bool:
        """Whether `read`, naming another card, is the top card again: it is no card's own outline (`_own_outline`: a
        card moved off the layers below changes its new place and its old one, more than one card's size), every frame
        scored the top card surely, and the card it names is no new card surely read (no frame named it, nor, in a
        change lying on the top card, did every frame score it surely; or it lies on the pile already). A card laid lies
        whole and shows its outline; a change that is none shows parts of cards, and the rules weigh every card on the
        pile down, the top card too: a crop there that surely shows the card laid last and nothing new is that card
        again, moved by the hand that laid it, or uncovered as the hand left it. A card prints one name, so a second
        name every frame shows surely on the top card (`lies_on`) is a card laid squarely on it, unless the crop surely
        shows a card lying under the top card too: a card laid on the top card covers what lies below it, and a crop
        that sees the layers below saw the top card moved off them, their indices misread as well as read. A hand laying
        a card shows it over the pile in a change off the top card, and the card is read again once it lies alone."""
        if read.location is None or self._own_outline(read.location):
            return False
        if self.top is None or read.card == self.top or self.top not in read.shown_surely:
            return False
        below = any(card in on_pile and card != self.top for card in read.shown_surely)
        if read.card not in on_pile and read.card in read.shown_surely and self.top_location is not None \
                and lies_on(read.location, self.top_location) and not below:
            return False
        return not read.votes or read.card in on_pile

    def _uncovered(self, read: PileRead, on_pile: Collection[str]) -> bool:
        """Whether `read` is a card laid earlier seen again where it lies: it names a card on the pile below the top
        card, every frame scored it surely, the change is no card's own outline (`_own_outline`) and it holds that
        card's place but where the cards laid since lie, the top card aside (`UNCOVERED_INSIDE`). The deck holds one
        card of each name and a laid card stays put, so a hand leaving the pile, or the card it laid settling beside
        it, shows that card again: no card laid. A place the later cards cover shows no card of its own, nor does one
        whose read was not sure hold that name for certain (`unsure_places`): a read there names a new card (the
        earlier read, of that name, was the misread one)."""
        if read.location is None or read.card is None or read.card == self.top or read.card not in on_pile \
                or read.card in self.unsure_places:
            return False
        place = self.places.get(read.card)
        if place is None or self._reference is None or read.card not in read.shown_surely \
                or self._own_outline(read.location):
            return False
        shape = self._reference.shape[:2]
        seen = (polygon_mask(shape, place.corners) > 0) & (polygon_mask(shape, read.location.corners) > 0)
        laid = list(self.places)
        for card in laid[laid.index(read.card) + 1:]:
            if card != self.top:
                seen &= polygon_mask(shape, self.places[card].corners) == 0
        return int(np.count_nonzero(seen)) >= UNCOVERED_INSIDE * box_area(place)

    def _still_lies_there(self, read: PileRead) -> bool:
        """Whether the top card still lies where it was read, away from `read`'s place: its place outside `read`'s
        box, at least `MIN_HULL` of a card, changed in less than `MIN_CHANGED` of it since the last settled view. A
        card that left a place changes it at least as much as a card laid squarely on another changes the card; one
        card cannot lie in two places, so `read` is another card, and one of the two reads is wrong. A top card read
        in a box larger than a whole card (`WHOLE_CARD`) was read with the hand laying it, or held above the pile:
        where it lies is not known. A read lying on the top card (`lies_on`) is no card beside it: what changed there
        is the top card itself (the hand that held it gone), or a card laid squarely on it, which shows its own
        index."""
        if (self.card_px is None or self._before is None or self._reference is None or read.location is None
                or self.top_location is None or box_area(self.top_location) > WHOLE_CARD[1] * self.card_px
                or lies_on(read.location, self.top_location)):
            return False
        shape = self._reference.shape[:2]
        left = (polygon_mask(shape, self.top_location.corners) > 0) & (polygon_mask(shape, read.location.corners) == 0)
        area = int(np.count_nonzero(left))
        if area < MIN_HULL * self.card_px:
            return False
        changed = cv2.absdiff(self._before, self._reference)[left] > CHANGE_GREY
        return int(np.count_nonzero(changed)) < MIN_CHANGED * area

    def lay(self, read: PileRead) -> None:
        """`read` is the new top card."""
        self.top, self.top_location, self.top_sure = read.card, read.location, self._sure(read)
        if read.card is not None and read.location is not None:
            self.places.pop(read.card, None)
            self.places[read.card] = read.location
            if self.top_sure:
                self.unsure_places.discard(read.card)
            else:
                self.unsure_places.add(read.card)

    def moved(self, read: PileRead, on_pile: Collection[str] = ()) -> None:
        """The top card was read again where it lies now (`same_card_nudged`): later reads are compared there. A card
        below seen again (`_uncovered`) is no card laid either: nothing of that change comes to rest later. Nor is the
        card read again held (`HELD_CARD`) when its change was more than a card: that was laid and read before, and
        the hand that made the change large may be the one gone since the view before, as it left the card lying."""
        if read.card == self.top or self._shows_top(read, on_pile):
            self.top_location = read.location
        elif self._uncovered(read, on_pile):
            self.brushed()
        if self._held is not None and self._held[2] is read:
            self._held = None

    def brushed(self) -> None:
        """The change read last was no card laid but a hand brushing the pile: nothing of it comes to rest later."""
        self._held = self._laid = None

    @property
    def reading(self) -> bool:
        return self._location is not None

    def baseline(self, view_grey: np.ndarray) -> None:
        self._reference = view_grey.copy()
        self._held, self._held_in_part, self._laid, self._taken = None, False, None, (None, False)
        self._start(None)

    def settled(self, view_grey: np.ndarray, came_back: bool = False) -> bool:
        """A settled view: start reading if the pile changed. True when a read has started. `came_back`: a hand
        visited the pile again since the last settled view, so a card read while held has not merely come to rest,
        unless its read was unsure and the card read now is one it scored closely (`_still_held`)."""
        if self._reference is None:
            self.baseline(view_grey)
            return False
        held, self._held, self._laid, self._measures_before = self._held, None, None, None
        in_part, self._held_in_part = self._held_in_part, False
        self._taken = held, in_part
        unsure = held is not None and came_back and not self._sure(held[2])
        if held is not None and (not came_back or unsure) and \
                (rest := self._at_rest(held, view_grey, whole=in_part)) is not None:
            self._unexplained = 0
            self._before, self._reference = held[0], view_grey.copy()
            if in_part:
                self._measure(rest)   # the card's own outline, lying alone: the measure its read was not
            self._start(rest, resting=True)
            named = held[2].confidence >= self.named
            self._unsure_held = held[2] if came_back or (in_part and named) else None
            self._rest_whole = in_part
            return True
        loc = self._located_without_the_hand(held if in_part else None, view_grey)
        if loc is None and self._unexplained < UNEXPLAINED_SETTLES and self._changed(view_grey):
            self._unexplained += 1   # keep the reference: the next settle compares the card alone with it
            return False
        self._unexplained = 0
        self._before, self._reference = self._reference, view_grey.copy()
        if loc is None:
            return False
        loc = marked_on_top(loc, self.top_location, self.card_px)
        self._measures_before = len(self._card_sizes), len(self._stretches), self.card_px, self.stretch
        if not self._in_part(loc):
            self._measure(loc)   # part of a card is no measure of one
        self._start(loc)
        if unsure and held is not None and self._below(loc, held[1]):
            self._resting, self._unsure_held = True, held[2]
        return True

    def _located_without_the_hand(self, held: tuple[np.ndarray, CardLocation, PileRead] | None,
                                  view_grey: np.ndarray) -> CardLocation | None:
        """The card laid since the last settled view. After a card not seen whole (`held`: a revoked settle, or part of
        a card), that view held the hand laying the card, or the card on its way: a change from it takes in where the
        hand or the card was, and where the card lay before a hand that came back moved it. The view before the card
        held shows no hand, so a change from it that is one card's own outline is one card lying alone, and where that
        card lies."""
        assert self._reference is not None
        loc = self._locate(self._reference, view_grey)
        if held is None or (loc is not None and self._own_outline(loc)):
            return loc
        alone = self._locate(held[0], view_grey)
        return alone if alone is not None and self._own_outline(alone) else loc

    def _locate(self, before: np.ndarray, view_grey: np.ndarray) -> CardLocation | None:
        """The card laid since `before`. A change of more than a card (`HELD_CARD`) may be the light that changed
        over the whole zone as it landed: compared under the same light (`relit`), the card alone is that card."""
        loc = self._locate_in(before, view_grey)
        if loc is None or not self._more_than_a_card(loc):
            return loc
        alone = self._locate_in(relit(before, view_grey, self.polygon), view_grey)
        return alone if alone is not None and not self._more_than_a_card(alone) else loc

    def _locate_in(self, before: np.ndarray, view_grey: np.ndarray) -> CardLocation | None:
        doubt = self.stretch_span != (1.0, 1.0)
        return locate_new_card(before, view_grey, self.polygon, self.card_px, stretch=self.stretch if doubt else 1.0,
                               span=self.stretch_span if doubt else None)

    def _measure(self, location: CardLocation) -> None:
        """Take `location`'s outline as one more sample of a card's size (and its stretch), when it has one."""
        if location.outline_px is not None:
            self._card_sizes.append(location.outline_px)
            self.card_px = float(np.median(self._card_sizes))
        if location.stretch is not None:
            self._stretches.append(location.stretch)
            self.stretch = float(np.median(self._stretches))

    def _more_than_a_card(self, location: CardLocation) -> bool:
        """Whether `location`'s box covers more than `HELD_CARD` card areas (never before a card was measured)."""
        return self.card_px is not None and box_area(location) > HELD_CARD * self.card_px

    def _in_part(self, location: CardLocation) -> bool:
        """Whether `location` is the part inside the zone of a card across its edge (`ZONE_EDGE`): an outline smaller
        than a whole card (`WHOLE_CARD`). The pile's cards lie inside the zone, so such a card is still on its way
        there, held across the edge, and is read again once it lies alone."""
        if location.outline_px is None or self.card_px is None or location.outline_px >= WHOLE_CARD[0] * self.card_px:
            return False
        corners = np.asarray(location.corners, np.float32)
        points = np.vstack([corners, (corners + np.roll(corners, -1, axis=0)) / 2])
        zone = np.asarray(self.polygon, np.float32)
        inside = min(cv2.pointPolygonTest(zone, (float(x), float(y)), True) for x, y in points)
        return inside <= ZONE_EDGE * card_short_side(self.card_px)

    def _sure(self, read: PileRead) -> bool:
        """Whether every frame of `read` named its card, at least `sure` on average."""
        return read.votes == read.reads and read.confidence >= self.sure

    def _still_held(self, held: PileRead | None, card: str, seen: Mapping[str, float], shown: Collection[str] = ()
                    ) -> bool:
        """Whether `card`, read where the card held lay, is that card come to rest: always when no hand came back
        (`held` None), else when the held read, unsure, scored `card` within `rename_floor` of its own, when every
        frame read there scored the card held surely (`shown`, given for a change that is one card's own outline
        alone: a card laid on it would hide its index, or show as a second outline), or when the frames read there
        scored the card held above `card` (`seen`, their mean scores before the rules weighed them: the rules weigh
        the read as a new card's, the card held as one already laid, and a card laid on it would hide its index).
        A hand that came back may have laid another card squarely on the one it held (a 7♣ on the 6♦), which its
        read of the card held does not name; a hand that swept a box on its way may have nudged the pile, so the
        change since before the card held is no longer that card alone, and the card is found as any new card is."""
        return held is None or card == held.card or (held.card is not None and (
            read_share(held.evidence, held.card, card) >= self.rename_floor or held.card in shown
            or seen.get(held.card, 0.0) > seen.get(card, 0.0)))

    def _at_rest(self, held: tuple[np.ndarray, CardLocation, PileRead], view_grey: np.ndarray, whole: bool = False
                 ) -> CardLocation | None:
        """Where the card read while held lies now, when the pile changed since the view before it by that one card
        alone, below where it was held (`AT_REST_INSIDE`); else None. With `whole` (a card not seen whole: no hand was
        seen with it, and the next may have come with no calm in between), only the card's own outline, a
        card's size (`WHOLE_CARD`), is that card alone: two cards laid apart show no card's outline."""
        before, where, _ = held
        loc = self._locate(before, view_grey)
        if loc is None or not self._below(loc, where):
            return None
        return loc if not whole or self._own_outline(loc) else None

    def _own_outline(self, location: CardLocation) -> bool:
        """Whether `location` is one card's own outline: of a card's size (`WHOLE_CARD`), or any outline before a
        card was measured on this table (the first card's size was measured on the settle revoked, with the hand)."""
        if self.card_px is None:
            return location.outline_px is not None
        return card_sized(location.outline_px, self.card_px)

    def _below(self, location: CardLocation, held: CardLocation) -> bool:
        """Whether `location` is one card lying below where a card was held (`AT_REST_INSIDE`)."""
        if self._more_than_a_card(location):
            return False
        return intersection(location, held) >= AT_REST_INSIDE * box_area(location)

    def _changed(self, view_grey: np.ndarray) -> bool:
        """Whether the pile changed by more than a card's indices would (a card's 4 %, or before a card was
        measured, the 256th of the zone)."""
        assert self._reference is not None
        mask = polygon_mask(view_grey.shape[:2], self.polygon) > 0
        count = int(np.count_nonzero((cv2.absdiff(self._reference, view_grey) > CHANGE_GREY) & mask))
        floor = MIN_CHANGED * self.card_px if self.card_px is not None else np.count_nonzero(mask) / 256
        return count >= floor

    def read(self, image: np.ndarray, view_from_image: np.ndarray) -> PileRead | None:
        """Identify the pending card on one more still frame; the verdict once enough frames were read."""
        if self._location is None:
            return None
        crop = crop_card(image, self._location, view_from_image)
        result = self.identify(crop)
        self._reads.append(as_scores(result))
        # The face is taken from the crop: only a card located by its own outline surely has its indices at its
        # corners and its face alone inside (a crop placed around the ink that changed may put the card below's edge
        # or art there). A card located so takes its ink at the corner it was read at instead, its own index.
        own = self._location.outline_px is not None
        self._inks.append(index_ink(crop) if own else self._corner_ink(crop, result))
        if own:
            face = face_ink(crop)
            self._figures.append(shows_figure(crop, face))
            self._pips.append(pip_notches(crop, face))
            self._signs.append(index_sign(crop))
        tops = [max(r.items(), key=lambda kv: kv[1], default=(None, 0.0)) for r in self._reads]
        agreed = len(tops) >= 2 and len({c for c, _ in tops}) == 1 and min(p for _, p in tops) >= self.sure
        if len(self._reads) < self.confirm_frames and not agreed:
            return None
        return self._verdict()

    def _corner_ink(self, crop: np.ndarray, result: "tuple[str | None, float] | CardScores | CornerRead"
                    ) -> Ink | None:
        """The ink of the index at the corner the crop's read named its card at (None: none given, or not named
        `SURE_CORNER`), cut at the card's measured size: the crop was placed around what changed, so a card's size in
        it is the table's (`card_px`), not the crop's, and a corner cut larger would take in the table or the card
        below as ink."""
        corner = getattr(result, "corner", None)
        if corner is None or getattr(result, "confidence", 0.0) < SURE_CORNER:
            return None
        if self.card_px is not None and self._location is not None:
            # The crop spans the location's box, cut to a card's proportions: a card is as much smaller in it.
            corner = corner.with_scale(CROP_SIZE[0] * np.sqrt(self.card_px / max(box_area(self._location), 1.0)))
        return corner_ink(corner_crop(crop, corner))

    def _start(self, location: CardLocation | None, resting: bool = False) -> None:
        """Begin reading the card at `location` (None: no card pending): nothing read of it yet."""
        self._location, self._reads, self._inks, self._figures, self._pips, self._signs = location, [], [], [], [], []
        self._resting, self._unsure_held, self._rest_whole = resting, None, False

    def interrupted(self) -> None:
        """Motion resumed before the card was confirmed: read it again once the table settles.

        A hand resting on the card can look settled, and a crop that takes in a fingertip and the card beneath
        can be read surely as another card. The reads so far are dropped and the next
        settled view is compared with the view before the card, so the card is found and read without the hand. A
        card held that the settle took (`_held`) is given back: that settle read nothing, so the next is the one that
        finds the card held come to rest.
        """
        if self._location is not None:
            self._reference = self._before
            self._held, self._held_in_part = self._taken
            self._start(None)

    def revoked(self) -> None:
        """The settle the card read last was read on ended sooner than a settle takes: the hand laying it was still on
        it, hiding part of it, so it is a card read while held (`HELD_CARD`), read again once it lies alone. Compared
        with that view instead, the part the hand hid would be a card laid. The next hand may come with no calm in
        between: only the card's own outline is that card alone (`_at_rest`), and even then the next card may lie
        squarely on it, so the card read there is that card only when the first read named it or scored it closely
        (`_still_held`). The card sizes that settle measured are withdrawn: its outline may take in the hand."""
        if self._laid is not None and self._measures_before is not None:
            sizes, stretches, self.card_px, self.stretch = self._measures_before
            del self._card_sizes[sizes:], self._stretches[stretches:]
        if self._laid is not None and self._held is None and not self.reading:
            self._held, self._held_in_part = self._laid, True
        self._laid = None

    def abort(self) -> PileRead | None:
        """The source ended before all confirming reads: decide on what was read, if anything."""
        return self._verdict() if self._reads else None

    def _verdict(self) -> PileRead:
        """The card with the highest summed score, times its prior, ink and face weights; its confidence is its mean
        score."""
        reads, location, ink, resting, figures, pips, signs = (self._reads, self._location, mean_ink(self._inks),
                                                               self._resting, self._figures, tuple(self._pips),
                                                               tuple(self._signs))
        unsure_held, whole = self._unsure_held, self._rest_whole
        self._start(None)
        totals: Counter = Counter()
        for scores in reads:
            totals.update(scores)
        if not totals:
            return PileRead(None, 0.0, 0, len(reads), location, ink=ink, at_rest=resting, pips=pips, signs=signs)
        weights = dict(self.prior()) if self.prior is not None else {}
        wished = {c: w for c, w in weights.items() if w > 1.0 and c in totals}
        if self.inks is not None:
            for card, w in self.inks.card_weights(ink, list(totals)).items():
                weights[card] = weights.get(card, 1.0) * w
        for card, w in figure_weights(figures, totals).items():
            weights[card] = weights.get(card, 1.0) * w
        if self.pip_shapes is not None:
            for card, w in self.pip_shapes.card_weights(pips, totals).items():
                weights[card] = weights.get(card, 1.0) * w
        card = max(totals, key=lambda c: (totals[c] * weights.get(c, 1.0), totals[c]))
        votes = sum(1 for scores in reads if max(scores, key=scores.__getitem__, default=None) == card)
        evidence = {c: total * weights.get(c, 1.0) / len(reads) for c, total in totals.items()}
        seen = {c: total / len(reads) for c, total in totals.items()}
        shown = {c: mean for c, mean in seen.items() if all(scores.get(c, 0.0) >= self.sure for scores in reads)}
        at_rest = resting and self._still_held(unsure_held, card, seen, shown if whole else ())
        rest_of = unsure_held.card if resting and not at_rest and unsure_held is not None else None
        read = PileRead(card, min(1.0, totals[card] / len(reads)), votes, len(reads), location, evidence, ink,
                        at_rest, pips, signs, shown, rest_of, wished)
        if location is not None and not resting and self._before is not None:
            self._laid = (self._before, location, read)
            if self._more_than_a_card(location):
                self._held = self._laid
            elif self._in_part(location):
                self._held, self._held_in_part = self._laid, True
        return read
