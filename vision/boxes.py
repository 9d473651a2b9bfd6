"""Chips in the five boxes: whether a box was emptied, and when.

A box may be a printed square, or a tray's recess whose floor shows the honour's picture, with chips of any
colours (white on white included) lying loose or stacked: no colour or count tells chips from the floor on every
board. What holds on any board is that chips go into the boxes only with the ante, before the first card, and
after it a box only loses them. So each box is compared with how it looked before: a sweep changes a good part of
its floor; a box whose floor is as it was still holds its stake. `BoxTracker` turns these changes into sweeps and
missed calls, against the honours the pile stage reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

HONOURS = {"10D": "10D", "JC": "JC", "QS": "QS", "KH": "KH", "7D": "7D"}
"""Box -> the card that sweeps it."""

CHIP_PART = 0.5
"""Once a chip's size is known, an honour's box waiting for its sweep was emptied when at least this part of one
chip's footprint changed there: a stake may be one stack, covering one chip's footprint whatever its count."""

CHANGE_LAB = 18.0
"""A floor pixel has changed when its CIELAB colour moved this far, once the whole box's shift is taken off:
well above sensor noise and compression (a few units), far below a chip leaving the floor it covered."""

AROUND = 0.25
"""The band looked at around a box, as a part of the box's side: an arm reaching over the box to another crosses
it whatever its width, and it stays on the tray or the table next to the box."""


@dataclass(frozen=True)
class BoxLook:
    """A box floor as one settled view shows it: its CIELAB pixels and which of them lie inside the polygon."""

    lab: np.ndarray
    inside: np.ndarray


def polygon_mask(shape: tuple[int, int], polygon: np.ndarray) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(polygon).astype(np.int32)], 255)
    return mask


def look_at(view_bgr: np.ndarray, polygon: np.ndarray) -> BoxLook:
    """The floor of one box (polygon in view pixels), as compared later by `changed_share`."""
    x, y, w, h = cv2.boundingRect(np.round(polygon).astype(np.int32))
    x, y = max(0, x), max(0, y)
    crop = view_bgr[y:y + h, x:x + w]
    return _look(crop, polygon_mask(crop.shape[:2], polygon - [x, y]) > 0 if crop.size else None)


def look_within(view_bgr: np.ndarray, mask: np.ndarray) -> BoxLook:
    """The pixels of `view_bgr` under `mask` (a view-sized mask, e.g. from `surroundings`), like `look_at`."""
    x, y, w, h = cv2.boundingRect(mask)
    return _look(view_bgr[y:y + h, x:x + w], mask[y:y + h, x:x + w] > 0)


def _look(crop: np.ndarray, inside: np.ndarray | None) -> BoxLook:
    if crop.size == 0 or inside is None:
        return BoxLook(np.zeros((1, 1, 3), np.float32), np.zeros((1, 1), bool))
    lab = cv2.cvtColor(cv2.GaussianBlur(crop, (3, 3), 0).astype(np.float32) / 255.0, cv2.COLOR_BGR2LAB)
    return BoxLook(lab, inside)


def surroundings(shape: tuple[int, int], polygons: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Per box, a mask of the band around it (`AROUND` of its side wide), every box left out: the chips of the box
    next to it may be taken in the same motion."""
    floors = {b: polygon_mask(shape, p) for b, p in polygons.items()}
    any_box = np.max(np.stack(list(floors.values())), axis=0) if floors else np.zeros(shape, np.uint8)
    bands = {}
    for box, floor in floors.items():
        reach = max(1, int(round(AROUND * np.sqrt(np.count_nonzero(floor)))))
        grown = cv2.dilate(floor, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)))
        bands[box] = cv2.bitwise_and(grown, cv2.bitwise_not(any_box))
    return bands


def changed_share(now: BoxLook, before: BoxLook) -> float:
    """The share of the floor whose colour changed between two looks, the box's overall shift (light that
    changed over the whole box) taken off first."""
    if now.lab.shape != before.lab.shape or not now.inside.any():
        return 0.0
    diff = now.lab[now.inside] - before.lab[now.inside]
    diff -= np.median(diff, axis=0)
    return float(np.mean(np.linalg.norm(diff, axis=1) > CHANGE_LAB))


@dataclass(frozen=True)
class Undecided:
    """An honour's box whose floor, when its call closed, had changed too little to tell it emptied before this
    table's chips were measured (`emptied_share`), and too much to tell it still full (`still_share`)."""

    player: str | None
    """Who laid the honour."""
    changed_px: float
    """Floor pixels changed: compared with a chip's footprint once a clear sweep measured it."""
    area: int
    """The box's floor in view pixels."""
    t: float | None
    """When the call closed (the settle that judged it)."""


@dataclass
class BoxTracker:
    """Looks per box across settled frames -> sweeps and missed calls.

    An honour's box must be emptied before `call_window` more cards land on the pile; otherwise the call was
    missed and the chips stay for the next deal. Shares are of the box's own floor, so they hold at any board size
    and camera distance.
    """

    call_window: int = 1
    emptied_share: float = 0.025
    """A box whose floor changed at least this much was emptied: the poorest stake (a chip a player, three
    players) covers about twice this share of a floor made to hold a game's chips even where only its rim and
    shadow show (white chips on white paper)."""
    still_share: float = 0.01
    """A box whose floor changed less than this since its honour was laid still holds its stake (a missed call);
    between the two, nothing is claimed: a false missed call accuses a player."""
    references: dict[str, BoxLook] = field(default_factory=dict)
    """Per box, how it looked before: at the last settle, or before its honour was laid while that waits."""
    emptied: set[str] = field(default_factory=set)
    pending: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    """box -> (player who laid the honour, cards landed since)."""
    played: bool = False
    """Whether a card has landed: before that the ante may still be adding chips."""
    last_changes: dict[str, float] = field(default_factory=dict)
    """Per box, how much it had changed at the last settle."""
    chip_px: list[float] = field(default_factory=list)
    """Floor pixels one chip covers, measured on this table from clear sweeps (pixels changed / chips staked:
    at most a chip's footprint, as stacked chips cover less)."""
    stakes: dict[str, int] = field(default_factory=dict)
    """Chips in each box as the engine counts them (the ante and what stayed from earlier deals)."""
    around_before: dict[str, BoxLook] = field(default_factory=dict)
    """Per box, how the band around it (`surroundings`) looked at the last settle."""
    strays: set[str] = field(default_factory=set)
    """Boxes told emptied with no honour waiting: their floor before is kept, and one that looks so again was not
    emptied (`settle`)."""
    undecided: dict[str, Undecided] = field(default_factory=dict)
    """Honours' boxes whose call closed before this table's chips were measured, neither emptied nor full by the
    shares used until then: judged again once a clear sweep measures a chip (`judged_again`)."""

    def _emptied_at(self, box: str, look: BoxLook) -> float:
        """The share of `box`'s floor whose change means its honour's stake was taken: `emptied_share`, or less
        when this table's chips are small for its boxes (three chips stacked may cover under 2 % of a recess)."""
        return self._emptied_share(box, int(np.count_nonzero(look.inside)))

    def _emptied_share(self, box: str, area: int) -> float:
        if not self.chip_px or self.stakes.get(box, 0) <= 0 or area == 0:
            return self.emptied_share
        return min(self.emptied_share, CHIP_PART * float(np.median(self.chip_px)) / area)

    def _still_at(self, box: str, look: BoxLook | None) -> float:
        """Below this share the honour's box still holds its stake: `still_share`, and always under half of what
        empties it, so a small stake's sweep is never taken for a missed call."""
        if look is None:
            return self.still_share
        return min(self.still_share, self._emptied_at(box, look) / 2)

    def _reached_over(self, box: str, around: Mapping[str, BoxLook]) -> bool:
        """Whether the band around `box` changed since the last settle as much as an emptied box's floor: an arm
        lies across it (paused over this box on its way to another), while a hand that took chips has gone."""
        return box in around and box in self.around_before and \
            changed_share(around[box], self.around_before[box]) >= self.emptied_share

    def _closes(self, box: str, new_card: str | None) -> bool:
        """Whether this settle closes the call waited for on `box`: its last chance to be judged emptied."""
        return new_card is not None and box in self.pending and self.pending[box][1] + 1 >= self.call_window

    def baseline(self, looks: dict[str, BoxLook], around: Mapping[str, BoxLook] | None = None) -> None:
        self.references = dict(looks)
        self.around_before = dict(around or {})

    def settle(self, looks: dict[str, BoxLook], new_card: str | None, new_player: str | None,
               around: Mapping[str, BoxLook] | None = None, t: float | None = None
               ) -> tuple[list[tuple[str, str | None, bool]], list[tuple[str, str | None]]]:
        """One settled frame (at `t`): (sweeps as (box, player, honour was laid), missed calls as (box, player)).

        A box emptied while its honour waits is that honour's sweep; one emptied in the same motion as its
        honour landing is too; any other emptied box is reported with no honour (the engine flags it). A box with
        an arm across the band `around` it is judged again at the next settle, against its old look (unless this
        settle closes its call): the arm may lie over a full box.
        A call that closes on a box changed between the two shares before the chips were measured is `undecided`.
        """
        around = around or {}
        self._restore_strays(looks)
        changes = self._changes(looks)
        self.last_changes.update(changes)
        self.played = self.played or new_card is not None
        swept: list[tuple[str, str | None, bool]] = []
        for box, change in changes.items():
            waiting = box in self.pending or new_card == HONOURS[box]
            emptied_at = self._emptied_at(box, looks[box]) if waiting else self.emptied_share
            if self.played and change >= emptied_at and not self._closes(box, new_card) \
                    and self._reached_over(box, around):
                continue
            if self.played and change >= emptied_at:
                self.emptied.add(box)
                if waiting and change >= self.emptied_share and self.stakes.get(box, 0) > 0:
                    self.chip_px.append(change * np.count_nonzero(looks[box].inside) / self.stakes[box])
                if box in self.pending:
                    swept.append((box, self.pending.pop(box)[0], True))
                elif new_card == HONOURS[box]:
                    swept.append((box, new_player, True))
                else:
                    swept.append((box, None, False))
                    self.strays.add(box)
            elif box not in self.pending and new_card != HONOURS[box]:
                self.references[box] = looks[box]
        for box, look in looks.items():
            self.references.setdefault(box, look)
        self.around_before.update(around)
        missed: list[tuple[str, str | None]] = []
        if new_card is not None:
            for box, (player, seen) in list(self.pending.items()):
                if seen + 1 < self.call_window:
                    self.pending[box] = (player, seen + 1)
                    continue
                del self.pending[box]
                change = changes.get(box, 0.0)
                if change < self._still_at(box, looks.get(box)):
                    missed.append((box, player))
                elif not self.chip_px and box in looks:
                    area = int(np.count_nonzero(looks[box].inside))
                    self.undecided[box] = Undecided(player, change * area, area, t)
            for box, honour in HONOURS.items():
                if honour == new_card and box not in self.emptied and box in self.references:
                    self.pending[box] = (new_player, 0)
        return swept, missed

    def call_swept(self, looks: Mapping[str, BoxLook]) -> bool:
        """Whether `looks` show a box whose honour waits for its call emptied, as `settle` would judge it (nothing is
        changed): the hand of the honour's player has just reached for it."""
        changes = self._changes({box: look for box, look in looks.items() if box in self.pending})
        return any(change >= self._emptied_at(box, looks[box]) for box, change in changes.items())

    def _changes(self, looks: Mapping[str, BoxLook]) -> dict[str, float]:
        """Per box of `looks` not emptied yet, how much its floor changed since its reference look."""
        return {b: changed_share(look, self.references[b]) for b, look in looks.items()
                if b in self.references and b not in self.emptied}

    def _restore_strays(self, looks: Mapping[str, BoxLook]) -> None:
        """Boxes told emptied with no honour waiting whose floor looks as it did before (changed less than
        `still_share`) still hold their chips: during play chips only leave a box, so the change was something
        that passed (a sleeve, its shadow), and the box's honour is waited for again when it is laid."""
        for box in list(self.strays):
            if box in looks and changed_share(looks[box], self.references[box]) < self._still_at(box, looks[box]):
                self.strays.discard(box)
                self.emptied.discard(box)

    def judged_again(self) -> list[tuple[str, Undecided]]:
        """The `undecided` boxes that a chip's footprint, measured since on this table, tells were emptied while
        their call was open: their change was what emptied the box then; only how much a stake covers was unknown."""
        if not self.chip_px:
            return []
        out = []
        for box, seen in list(self.undecided.items()):
            if box in self.emptied:
                del self.undecided[box]
            elif seen.changed_px >= self._emptied_share(box, seen.area) * seen.area:
                del self.undecided[box]
                self.emptied.add(box)
                out.append((box, seen))
        return out

    def renamed(self, was: str, card: str | None) -> None:
        """The card read as `was` was `card` (None: no card laid): a call waited for on `was`'s box is waited for on
        `card`'s, when `card` is an honour whose box still holds its stake, and on no box otherwise (no honour was
        laid); a change of `was`'s box left undecided is no sweep of it."""
        waiting = [self.pending.pop(box) for box, honour in HONOURS.items() if honour == was and box in self.pending]
        for box, honour in HONOURS.items():
            if honour == was:
                self.undecided.pop(box, None)
        for box, honour in HONOURS.items():
            if waiting and honour == card and box not in self.emptied and box in self.references:
                self.pending[box] = waiting[0]

    def close_all(self) -> list[tuple[str, str | None]]:
        """End of the deal: every honour still waiting whose box still holds its stake is a missed call."""
        missed = [(b, p) for b, (p, _) in self.pending.items()
                  if self.last_changes.get(b, 0.0) < self._still_at(b, self.references.get(b))]
        self.pending.clear()
        return missed
