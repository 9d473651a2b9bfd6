"""Motion gating: decide cheaply, on a small view, when the table is settled.

Recognition runs only on settled frames, so a half-placed card is never read and the cost per frame stays a
small warp plus a difference. "Settled" means still for `still_frames` frames AND no hand over the play area:
a hand can rest still, so the small view is also compared with the last settled one outside the zones where
cards and chips legitimately change. A hand that mostly hides over the pile can still pass that test while it
pauses; when motion comes back sooner than a settle takes, the settle is revoked and the reference from before it
restored, so a view with an arm in it never becomes the measure of an empty table. A settle can still take in a
hand (one resting past `patience_frames`, or skin the colour of the table): outside the pile and the boxes only
hands come and go, so what most of the last `MEMORY` settled views show there is the table, and a hand is only where
the view differs from most of them. One view holding a hand then neither hides a hand that comes back there nor
leaves its ghost. Patience is the stillness of what blocks the settle, not of the whole view, and it is counted per
pixel: play elsewhere, and an arm that comes to rest elsewhere and leaves, do not restart it, so neither a moved
object nor the ghost of views that took in a hand blocks the deal for good.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np

from vision.locate import card_short_side, median_gain

Light = Literal["none", "view", "local"]
"""How much of the light's change a comparison takes off: none, the whole view's, or the local one."""

MEMORY = 3
"""Settled views the hand test compares with (once it has them): the least number in which one view holding a hand
is outvoted."""

GAIN_STEPS = 64.0
"""Steps per octave of the light's gain in the local median: a gain known to about 1 %, ratios from 1/4 to 4."""

LIGHT_SPAN_CARDS = 3.0
"""The light's local change is the median gain over this many card widths: an arm, narrower than a card, covers far
less than half of such a square, so it stands out of it whole."""


@dataclass
class GateConfig:
    pixel_threshold: int = 18
    """Grey-level change that counts as motion (above sensor noise and compression artefacts)."""
    still_fraction: float = 0.002
    """At most this fraction of moving pixels for a frame to count as still."""
    still_frames: int = 4
    hand_fraction: float = 0.01
    """Changed fraction of the play area (against the last settled view) that means a hand is still there, where
    neither a card's nor a box's size is known."""
    hand_cards: float = 0.3
    """Changed play area of this many card areas means a hand is still there (a forearm crossing from the table
    edge to the pile is wider than a third of a card and longer than a card); a box stands for the card until the
    pile has measured one."""
    patience_frames: int = 60
    """Still frames with the play area changed, and nothing moved where it changed: accept it anyway (a moved object,
    light that changed, or a hand resting that long). Motion elsewhere in between pauses the count."""


@dataclass
class GateResult:
    moving: bool
    settled: bool
    """True on the frame where the scene becomes settled after motion (once per episode)."""
    motion_mask: np.ndarray
    motion_fraction: float
    revoked: bool = False
    """True on the moving frame that revokes the last settle: it held fewer than `still_frames` frames."""


@dataclass
class MotionGate:
    """Feed small grey views; get motion masks (for attribution) and settle events."""

    play_mask: np.ndarray
    """Where only hands may appear (uint8 0/255, small-view size): the view minus the pile, boxes and seats."""
    config: GateConfig = field(default_factory=GateConfig)
    _prev: np.ndarray | None = None
    _reference: np.ndarray | None = None
    _earlier: list[np.ndarray] = field(default_factory=list)
    """The settled views before `_reference`, latest first (`MEMORY` - 1 of them at most)."""
    _kept_out: np.ndarray | None = None
    """Where the last settle kept the settled view before it, outside the pile and the boxes (`_settled_view`)."""
    _revocable: tuple[np.ndarray, list[np.ndarray], np.ndarray | None] | None = None
    """`_reference`, `_earlier` and `_kept_out` before the last settle, while that settle may still be revoked."""
    _since_settle: int = 0
    _still: int = 0
    _patience: np.ndarray | None = None
    """Per pixel of the view, the still frames it has stayed unmoved while the play area showed a change, across
    motion elsewhere (None: no change since the last settle)."""
    _patient: np.ndarray | None = None
    """The view at the last still frame counted in `_patience`."""
    _in_episode: bool = True
    _area: int = 1
    card_px: float | None = None
    """One card's area in small-view pixels, once the pile has measured it."""
    box_px: float | None = None
    """A box's area in small-view pixels: a box holds an honour's picture and its stake, so it is about a card's size,
    the measure of a hand before the pile has measured a card."""
    reach_mask: np.ndarray | None = None
    """Where a hand at work rests (the pile and the boxes; uint8 0/255, small-view size)."""
    edge_mask: np.ndarray | None = None
    """Where an arm comes into the view: the edge of what the camera sees, outside `reach_mask`."""

    def __post_init__(self) -> None:
        self._area = max(1, int(np.count_nonzero(self.play_mask)))

    def reset(self) -> None:
        """Forget the settled reference (after a re-calibration the view moved)."""
        self._prev, self._reference, self._still, self._in_episode = None, None, 0, True
        self._earlier, self._revocable, self._kept_out = [], None, None
        self._patience, self._patient = None, None

    def hand_present(self, small: np.ndarray) -> bool:
        """Whether the play area differs from the last settled view (grey, or colour: skin as bright as the table
        still differs from it in colour)."""
        return self._hand_region(small) is not None

    def _hand_region(self, small: np.ndarray) -> np.ndarray | None:
        """Where the view shows a hand, outside the pile and the boxes (a boolean mask), or None. The changed area
        counts what changed both as it is and beyond the light's change over the whole view (a hand and its shadow
        cover a small part of the view, light all of it); the arm's shape is looked for once the light's local
        change is taken off."""
        if self._reference is None or self._reference.shape != small.shape:
            return None
        pairs = self._compared(small)
        strong = self.config.pixel_threshold * 2
        changed = ((self._unexplained(pairs, "none") > strong) & (self._unexplained(pairs, "view") > strong)
                   & (self.play_mask > 0))
        limit = self.config.hand_fraction * self._area
        size = self.card_px if self.card_px is not None else self.box_px
        if size is not None:
            limit = min(limit, self.config.hand_cards * size)
        if np.count_nonzero(changed) > limit:
            return changed
        arm = self._resting_arms(self._unexplained(pairs, "local") > self.config.pixel_threshold)
        return arm if arm.any() else None

    def _compared(self, small: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """The view paired with each settled view the hand test compares it with: the last, then (once there are
        `MEMORY` of them) the ones before it."""
        assert self._reference is not None
        views = [self._reference, *(v for v in self._earlier if v.shape == small.shape)]
        views = views[:MEMORY] if len(views) >= MEMORY else views[:1]
        now = small.astype(np.float32)
        return [(now, v.astype(np.float32)) for v in views]

    def _unexplained(self, pairs: list[tuple[np.ndarray, np.ndarray]], light: Light) -> np.ndarray:
        """Per pixel, how far the view is from the last settled one; outside the pile and the boxes, from what most
        of the last `MEMORY` settled views show there (the median of the changes from each), once there are that
        many. Every card laid and every sweep changes the pile and the boxes for good, so there the last view is
        the measure; elsewhere a view holding a resting arm (crossing a player's place to the pile) is outvoted."""
        changes = [self._light_free_change(now, then, light) for now, then in pairs]
        if len(changes) == 1:
            return changes[0]
        return np.where(self._outvoted(), np.median(np.stack(changes), axis=0), changes[0])

    def _outvoted(self) -> np.ndarray:
        """Where only hands come and go: outside the pile and the boxes (the play area, until they are known)."""
        return self.play_mask > 0 if self.reach_mask is None else self.reach_mask == 0

    def _light_free_change(self, now: np.ndarray, then: np.ndarray, light: Light) -> np.ndarray:
        """How far a view is from a settled one once the light's change is taken off: none, the view's, or (`local`,
        once a card's size is known) the one over `LIGHT_SPAN_CARDS`. Light multiplies what the table reflects, so
        its change is a gain (`_light_gain`): the same on a white mat and on dark cloth under one lamp, where a
        difference would be several times larger on the mat. Light that dims or warms part of the table changes
        it smoothly, over distances of several cards, while an arm changes a strip narrower than a card."""
        if light == "none":
            left = np.abs(now - then)
        else:
            local = light == "local" and self.card_px is not None
            left = np.abs(now + 1.0 - self._light_gain(now, then, local) * (then + 1.0))
        return left.max(axis=2) if left.ndim == 3 else left

    def _light_gain(self, now: np.ndarray, then: np.ndarray, local: bool) -> np.ndarray:
        """The light's gain from `then` to `now` (per colour): the median ratio over the view (`median_gain`), or over
        `LIGHT_SPAN_CARDS` around each pixel (as a log ratio in `GAIN_STEPS` per octave, which a median filter of
        that width takes)."""
        if not local:
            return median_gain(now, then)
        assert self.card_px is not None
        ratio = (now + 1.0) / (then + 1.0)
        k = max(3, int(round(LIGHT_SPAN_CARDS * card_short_side(self.card_px))) | 1)
        coded = np.clip(128.0 + GAIN_STEPS * np.log2(ratio), 0, 255).astype(np.uint8)
        return np.exp2((cv2.medianBlur(coded, min(k, 255)).astype(np.float32) - 128.0) / GAIN_STEPS)

    def _resting_arms(self, changed: np.ndarray) -> np.ndarray:
        """The changed regions that join the pile or a box to the edge of the view, outside the zones (empty when
        none does): a hand at rest there is always joined to the table's edge by its arm, however little of the arm
        lies outside the zones (seat zones drawn up to the pile leave only a short stretch of forearm between
        them). The shape is the evidence, so any change above noise counts: skin close to the table's colour stays
        one region."""
        none = np.zeros(changed.shape, bool)
        if self.reach_mask is None or self.edge_mask is None:
            return none
        n, labels = cv2.connectedComponents(changed.astype(np.uint8), connectivity=8)
        if n <= 1:
            return none
        at_work = np.unique(labels[(self.reach_mask > 0) & changed])
        coming_in = np.unique(labels[(self.edge_mask > 0) & changed])
        arms = np.intersect1d(at_work[at_work > 0], coming_in[coming_in > 0])
        return np.isin(labels, arms) & (self.reach_mask == 0) if arms.size else none

    def _patience_after(self, seen: np.ndarray) -> np.ndarray:
        """`_patience` counted on to this still frame, per pixel: on within a still stretch; on from the last stretch
        where nothing moved at that pixel (the same test as a still frame's, against the last view counted, the whole
        view's light change taken off); else from this stretch's start. Counted per pixel, whether or not the pixel
        shows the hand this frame, an arm that comes to rest elsewhere, then leaves, restarts its own count and not
        that of a change that stayed put (a settle that took in a resting arm leaves its ghost while the other
        players go on laying cards)."""
        before = self._patience
        if before is None or before.shape != seen.shape[:2]:
            before = np.zeros(seen.shape[:2], np.int32)
        if self._still > self.config.still_frames:
            return before + 1
        if self._patient is None or self._patient.shape != seen.shape:
            return np.full(seen.shape[:2], self._still, np.int32)
        change = self._light_free_change(seen.astype(np.float32), self._patient.astype(np.float32), "view")
        return np.where(change > self.config.pixel_threshold, 0, before) + self._still

    def _patient_enough(self, hand: np.ndarray) -> bool:
        """Whether the change over the play area has stayed `patience_frames` unmoved, all but as many pixels as a
        still frame lets move (`still_fraction`)."""
        assert self._patience is not None
        short = np.count_nonzero(hand & (self._patience < self.config.patience_frames))
        return short <= self.config.still_fraction * hand.size

    def _settled_view(self, seen: np.ndarray, taken_whole: bool) -> tuple[np.ndarray, np.ndarray | None]:
        """The view a settle keeps, and where it kept the last settled view instead. A change in the play area too
        small to be a hand can be the part of a paused hand that reaches past its seat; a player who pauses at the
        same place before each card of a run would leave it in most settled views, where it would outvote the
        table. So it is kept out once; still there at the next settle, it is the table's and taken in."""
        if taken_whole or self._reference is None or self._reference.shape != seen.shape:
            return seen.copy(), None
        changed = self._unexplained(self._compared(seen), "local") > self.config.pixel_threshold
        changed &= self._outvoted() & (self.play_mask > 0)
        if self._kept_out is not None:
            changed &= ~self._kept_out
        if not changed.any():
            return seen.copy(), None
        view = seen.copy()
        view[changed] = self._reference[changed]
        return view, changed

    def feed(self, small: np.ndarray, colour: np.ndarray | None = None) -> GateResult:
        """One small grey view (and the same in colour, when there is one, for the hand test)."""
        cfg = self.config
        seen = colour if colour is not None else small
        if self._prev is None:
            mask = np.zeros_like(small)
        else:
            mask = (cv2.absdiff(small, self._prev) > cfg.pixel_threshold).astype(np.uint8) * 255
        self._prev = small
        fraction = float(np.count_nonzero(mask)) / mask.size
        moving = fraction > cfg.still_fraction
        if moving:
            revoked = self._revocable is not None and self._since_settle < cfg.still_frames
            if revoked:
                self._reference, self._earlier, self._kept_out = self._revocable
            self._revocable = None
            self._still = 0
            self._in_episode = True
            return GateResult(True, False, mask, fraction, revoked)
        self._still += 1
        self._since_settle += 1
        settled = False
        if self._in_episode and self._still >= cfg.still_frames:
            hand = self._hand_region(seen)
            self._patience = None if hand is None else self._patience_after(seen)
            self._patient = None if hand is None else seen
            if hand is None or self._patient_enough(hand):
                settled = True
                self._in_episode = False
                self._revocable = (None if self._reference is None
                                   else (self._reference, self._earlier, self._kept_out))
                self._since_settle = 0
                view, self._kept_out = self._settled_view(seen, taken_whole=hand is not None)
                if self._reference is not None:
                    self._earlier = [self._reference, *self._earlier][:MEMORY - 1]
                self._reference = view
        return GateResult(False, settled, mask, fraction)
