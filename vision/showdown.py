"""Showdown: read the cards each loser lays face up in their seat zone (a row or a fan, overlapping).

Each seat zone is cut out of the rectified view (outside the polygon blanked) and given to the multi-card
recogniser. A hand is ready once the reading is the same on two settled frames: a laid-out hand stays put, while the
first frame a place shows anything may catch the hand being laid (or a chip at the place's edge read as an index);
a duplicate name in one hand keeps the more confident reading.
The hands are revealed together when every loser's is ready (or after `REVEAL_PATIENCE` settled frames for
those that are, `REVEAL_PATIENCE_EMPTY` while a loser has laid nothing down yet), so that a card read in two zones
goes to the right one: the hand it lies with when both read it in one spot (places drawn loosely overlap), else
the zone that read it more surely among those that read no other card once told it lies elsewhere (`shared_owners`);
a card a place read before and misses on a view where it reads other cards contends there, as surely as it was read,
with a read of it elsewhere.
A stable reading short of the cards the engine says that player still holds is completed from the zone's scores
(`score_image`, told which cards lie elsewhere): the likeliest cards that nobody else was seen with, if they score
at least `FILL_FLOOR` (a name a place read beyond its player's count, and cut, counts as seen nowhere); a card two
such hands would both take goes to the zone that scores it more surely on average over the views. The
engine's count says how many are missing, so completion never adds more cards than the hand holds. A place still not
revealed when the source ends shows the cards read on most views since it showed its player's count, and takes its
likeliest such cards however low they score: a guess the family checks, where no hand would leave the deal unsettled.
A hand holds no card its player passed on during the deal (`lacking`): the others pass only when unable.
A card read in a hand that was also read on the pile stays on the pile, unless the pile's read hesitated (it has
one of the `alternatives`) and the hand read the card more surely (an honour whose box kept its stake: as surely as
a card is named, `stake_kept`): then either the hand's zone scores the
alternative too and the hand holds the alternative, or the hand keeps the card and the pile card is renamed
(`renamed`), so that a pile card read wrong does not take the real card out of the hand that holds it. A hand read
short takes such an honour when its zone, told nothing of it, scores it that surely.
A place that shows more cards, each read surely, than its player holds by the count, while another loser's place
shows fewer, says a play was credited to the wrong one of them: the account is asked to re-attribute it (`recount`)
before the surplus is cut.

A zone is read at one card size on every table: resized so that its cards' short side is `HAND_CARD_SHORT`, from
the card size the pile measured on this table (`card_px`). The other constants are recogniser scores and counts of
settled frames, which no table's geometry changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, partial
from typing import Callable, Collection, Mapping, Protocol, Sequence

import cv2
import numpy as np

from engine.core.cards import SUITS
from engine.nain_jaune.cards import HONOURS
from vision import mat
from vision.boxes import BoxLook, changed_share, polygon_mask
from vision.calibration import VIEW_SCALE
from vision.locate import card_short_side
from vision.sightings import read_share


class DetectionLike(Protocol):
    card: str
    confidence: float


class IdentifyImage(Protocol):
    """The cards read in a seat zone; told their short side in the zone's pixels when the pile measured it."""

    def __call__(self, image: np.ndarray, *, card_short: float = ...) -> Sequence[DetectionLike]: ...


Recount = Callable[[str, int, Mapping[str, int]], Mapping[str, int] | None]
"""(player, cards their place shows surely, {loser: cards their place shows} for those showing fewer than they hold)
-> every loser's count after re-attributing plays between them, or None when none was."""


class ScoreImage(Protocol):
    """Every card's best score in a zone, however unsure, given the cards known to lie `elsewhere` (and their short
    side, as for `IdentifyImage`); with `read_as`, only at the corners that read that card."""

    def __call__(self, image: np.ndarray, *, elsewhere: Collection[str] = ..., card_short: float = ...,
                 read_as: str | None = ...) -> Mapping[str, float]: ...


FILL_FLOOR = 0.5
"""Least score for a card that completes a hand read short. A corner's probabilities at one scale sum to one, so at
0.5 it vouches for one card at most, the one it finds likelier than all others together; lower, runners-up get in."""

ALTERNATIVE_FLOOR = 0.95
"""A hand's zone "scores" a pile card's alternative, so the hand's read hesitated as well and the hand holds the
alternative, when it scores it as surely as the recogniser needs to name a card (`identify.MIN_CONFIDENCE`). Not
`FILL_FLOOR`: a busy zone, with indices the recogniser never saw, scores many cards above 0.5 and would give its own
card away for the pile's; a hand that does hold the alternative scores it near 1."""

SURPLUS_FLOOR = 0.95
"""A card beyond its player's count weighs against the count only when read as surely as the recogniser needs to name
a card (`identify.MIN_CONFIDENCE`): a neighbour's overlapping edge taken for an index reads less surely."""

REVEAL_PATIENCE = 3
"""Settled frames the hands already ready wait for the other losers before they are revealed on their own.
Revealed together, a card read in two zones goes to the surer one: a hand revealed early would keep a card the
next loser is still laying down (a 10♠ read as the 10♦ that the next loser lays). 3 is not tuned."""

REVEAL_PATIENCE_EMPTY = 8
"""`REVEAL_PATIENCE` while some loser's zone shows no card yet: that loser has not laid their hand down, and the
hands already read must not be completed with cards that hand will show (completion takes the likeliest cards
nobody was seen with, and that loser's cards are not seen yet). 8 is not tuned: above the settled frames of
four losers laying their hands one after the other. A hand the count cut short waits as long: the loser whose place
will show the card it lacks (`recount`) may not have laid their hand down yet."""


HAND_CARD_SHORT = VIEW_SCALE * 63.0 / mat.PAGE_MM["A3"][0]
"""View pixels of a card's short side (63 mm) in the printed A3 mat's view (90 px), where the shown-hand reader was
made (`identify.HAND_ENLARGE` enlarges it further): a zone is read with its cards at this size, whether the camera is
near or far, the mat printed on A2, or the view a tapped board's or the camera picture itself. Smaller cards are
softer than the corner finder expects, larger ones give it details to take for indices."""
SAME_SIZE = (0.85, 1.15)
"""Cards whose short side is within these shares of `HAND_CARD_SHORT` are read as they are: the reader tries card
sizes from 0.85 to 1.15 of each outline it finds (`identify.scale_ladder`), so it covers them, and a resize would
only resample the indices once more."""


def reading_scale(card_px: float | None) -> float:
    """The factor a seat zone is resized by before it is read, given one card's area in view pixels (1: as it is)."""
    if card_px is None or card_px <= 0:
        return 1.0
    short = card_short_side(card_px)
    return 1.0 if SAME_SIZE[0] <= short / HAND_CARD_SHORT <= SAME_SIZE[1] else HAND_CARD_SHORT / short


def size_told(card_px: float | None) -> dict[str, float]:
    """What a reader is told of a zone resized by `reading_scale(card_px)`: its cards' short side there, when the
    pile measured a card (none otherwise)."""
    if card_px is None or card_px <= 0:
        return {}
    return {"card_short": card_short_side(card_px) * reading_scale(card_px)}


NEW_CARDS_AREA = 0.1
"""A place changed by this many card areas (the pile's measure of a card) since the last card laid may hold cards
laid since: a card lying on a table of its own colour still changes its two corner indices and a pip, about a
tenth of its face. A sweep's chips change as much, so such a place is read before it counts."""


def places_with_new_cards(before: Mapping[str, BoxLook], now: Mapping[str, BoxLook], card_px: float,
                          least: float = NEW_CARDS_AREA) -> list[str]:
    """The players whose place changed by at least `least` card areas (`card_px`, as the pile measured it) since
    `before`: where losers may have laid their hands out."""
    return [p for p, look in now.items()
            if p in before and changed_share(look, before[p]) * np.count_nonzero(look.inside) >= least * card_px]


def cards_of(hands: Mapping[str, Collection[str]]) -> set[str]:
    """Every card of `hands` (player -> cards), e.g. of the hands revealed so far."""
    return {c for hand in hands.values() for c in hand}


def seat_crop(view_bgr: np.ndarray, polygon: np.ndarray, fill: int = 128) -> np.ndarray:
    x, y, w, h = cv2.boundingRect(np.round(polygon).astype(np.int32))
    x0, y0 = max(0, x), max(0, y)
    crop = view_bgr[y0:y + h, x0:x + w].copy()
    inside = polygon_mask(crop.shape[:2], polygon - [x0, y0])
    crop[inside == 0] = fill
    return crop


def pile_reads(exclude: Collection[str] | Mapping[str, float]) -> dict[str, float]:
    """Card -> confidence of its pile read; a plain collection of cards counts as read surely (1.0)."""
    return dict(exclude) if isinstance(exclude, Mapping) else dict.fromkeys(exclude, 1.0)


def zone_image(view_bgr: np.ndarray, polygon: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """A seat zone cut out of the view, resized by `scale` (`reading_scale`)."""
    crop = seat_crop(view_bgr, polygon)
    if scale == 1.0:
        return crop
    return cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)


def read_hand(view_bgr: np.ndarray, polygon: np.ndarray, identify_image: IdentifyImage,
              min_confidence: float = 0.5, exclude: Collection[str] | Mapping[str, float] = frozenset(),
              card_px: float | None = None) -> dict[str, tuple[float, np.ndarray | None]]:
    """Card -> (confidence, where it lies in the view: its box x1, y1, x2, y2, None when the reader gives none) in
    one seat zone, read at one card size (`reading_scale` of `card_px`, the pile's card area; None: as it is).
    `exclude`: cards seen on the pile, which a hand cannot hold — as a mapping, with the confidence of that pile
    read, which only a surer reading in the hand overrules."""
    pile = pile_reads(exclude)
    scale = reading_scale(card_px)
    x, y, _, _ = cv2.boundingRect(np.round(polygon).astype(np.int32))
    offset = np.array([max(0, x), max(0, y)], np.float64)
    best: dict[str, tuple[float, np.ndarray | None]] = {}
    for det in identify_image(zone_image(view_bgr, polygon, scale), **size_told(card_px)):
        if det.confidence < min_confidence or det.confidence <= pile.get(det.card, -1.0):
            continue
        if det.confidence > best.get(det.card, (-1.0, None))[0]:
            box = getattr(det, "box", None)
            where = None if box is None else np.concatenate([offset, offset]) + np.asarray(box, np.float64) / scale
            best[det.card] = (det.confidence, where)
    return best


def _middle(box: np.ndarray) -> np.ndarray:
    return (box[:2] + box[2:]) / 2


def one_spot(boxes: Sequence[np.ndarray]) -> bool:
    """Whether readings of a card from two places are of one physical card: each box mostly inside the others (a
    place's crop cuts off the part of a card beyond its edge; a misread names a card lying elsewhere)."""
    for a in boxes:
        for b in boxes:
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
            if w <= 0 or h <= 0 or w * h < 0.5 * smaller:
                return False
    return True


def own_cards(place: str, reads: Mapping[str, Mapping[str, tuple[float, np.ndarray | None]]]) -> list[str]:
    """The cards read in `place` that no other place reads at the same spot (`one_spot`), whatever it names there: a
    card held over where two places overlap is one card seen through both, no hand laid out in either."""
    elsewhere = [where for other, seen in reads.items() if other != place
                 for _, where in seen.values() if where is not None]
    return [card for card, (_, where) in reads[place].items()
            if where is None or not any(one_spot([where, box]) for box in elsewhere)]


def shared_owners(reads: Mapping[str, Mapping[str, tuple[float, np.ndarray | None]]],
                  reads_otherwise: Callable[[str, str], bool] | None = None,
                  counts: Mapping[str, int] | None = None) -> dict[str, str]:
    """For each card read in two or more places, the place it belongs to.

    Loosely drawn places overlap, and a card lying in both is read by both: a hand is laid out as one group, so it
    belongs to the place whose own cards (read there alone) lie nearest around it, measured to their middle.
    Otherwise (readings in different spots: one of them is a misread) it goes to the place that read it more surely,
    among those that do not read another card instead (`reads_otherwise(place, card)`): a misread card is still
    there to be read once the name it took is known to lie elsewhere, a card read right leaves nothing in its stead.
    A place showing more names than its player holds (`counts`) reads one of them wrong: it gets the card only when
    every place that read it shows too many.
    """
    readers: dict[str, list[str]] = {}
    for player, found in reads.items():
        for card in found:
            readers.setdefault(card, []).append(player)
    middles = {}
    for player, found in reads.items():
        own = [_middle(box) for card, (_, box) in found.items() if len(readers[card]) == 1 and box is not None]
        if own:
            middles[player] = np.mean(own, axis=0)
    owners = {}
    for card, players in readers.items():
        if len(players) < 2:
            continue
        boxes = [reads[p][card][1] for p in players]
        if all(p in middles for p in players) and all(b is not None for b in boxes) and one_spot(boxes):
            spot = np.mean([_middle(b) for b in boxes], axis=0)
            owners[card] = min(players, key=lambda p: float(np.linalg.norm(spot - middles[p])))
        else:
            fitting = [p for p in players if counts is None or len(reads[p]) <= counts.get(p, len(reads[p]))]
            fitting = fitting or players
            plain = [p for p in fitting if reads_otherwise is None or not reads_otherwise(p, card)]
            owners[card] = max(plain or fitting, key=lambda p: reads[p][card][0])
    return owners


def misread_here(place: str, reads: Mapping[str, Mapping[str, tuple[float, np.ndarray | None]]],
                 owners: Mapping[str, str], reads_otherwise: Callable[[str, str], bool]) -> set[str]:
    """The names `place` read as surely as a card is named (`SURPLUS_FLOOR`) that `owners` gave to another place
    reading it at another spot, where `place` reads another card once told the name lies elsewhere
    (`reads_otherwise`): a misread card is still there to be read, and is still a card of this place. A spot either
    place gave no box for says nothing; a corner that names nothing new then (a kept card's second index) is no
    card of its own."""
    out = set()
    for card, (confidence, here) in reads[place].items():
        owner = owners.get(card, place)
        there = reads.get(owner, {}).get(card, (0.0, None))[1]
        if owner != place and confidence >= SURPLUS_FLOOR and here is not None and there is not None and \
                not one_spot([here, there]) and reads_otherwise(place, card):
            out.add(card)
    return out


def _doubts_by_mean(latest: Mapping[str, float], ranked: list[str], mean: Callable[[str], float]) -> list[str]:
    """`ranked` with the cards the `latest` of a place's views scores as surely as a card is named
    (`ALTERNATIVE_FLOOR`), when more than one, put in the order of their `mean` over the views, in the ranks they
    held: the hand lies laid out and stays put, so the card it holds scored on each view, where a misread comes and
    goes."""
    doubts = {c for c, v in latest.items() if v >= ALTERNATIVE_FLOOR} & set(ranked)
    if len(doubts) < 2:
        return ranked
    by_mean = iter(sorted(doubts, key=lambda c: -mean(c)))
    return [next(by_mean) if c in doubts else c for c in ranked]


@dataclass
class ShowdownReader:
    """Tracks the losers' zones after the deal is over; yields each hand once."""

    seats: dict[str, np.ndarray]
    identify_image: IdentifyImage
    expected: dict[str, int]
    """Cards each loser still holds (from the engine); 0 or missing = nothing to wait for."""
    exclude: Collection[str] | Mapping[str, float] = field(default_factory=set)
    """Cards seen on the pile: a hand cannot hold them (with a mapping: unless read there more surely)."""
    score_image: ScoreImage | None = None
    """Every card's best score in a zone, however unsure: completes a hand read short (None: never)."""
    alternatives: Mapping[str, str] = field(default_factory=dict)
    """Per pile card, what its read may have been instead: a hand revealed holding the pile card renames it so."""
    revealed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    guessed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Per revealed hand, the cards its completion added (`_completed`) that the place never read, only the zone's
    likeliest of the cards left, which the family is asked to check."""
    laid_unseen: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Per revealed hand, the cards the rules say were laid unseen that its count says its player laid
    (`_laid_unseen_by`): the count still held them, and the hand was completed without them."""
    renamed: dict[str, str] = field(default_factory=dict)
    """Pile cards a revealed hand holds, and the card each is taken for instead (see `alternatives`)."""
    talon: Collection[str] = frozenset()
    """Cards of the runs everybody passed on: a player passes only when unable, so they lie in the talon and no hand
    holds one, however it reads."""
    lacking: Mapping[str, Collection[str]] = field(default_factory=dict)
    """Per player, the cards they passed on during the deal (the last card's player's stops only where one stops only
    when unable): a pass is made only when unable, so their hand holds none of them, however it reads."""
    laid_between: Sequence[Collection[str]] = ()
    """Per card the rules say was laid on the pile unseen (a 7 read surely after a 5), the cards that could be it:
    once all but one lie elsewhere, that one lies on the pile, and no completion guesses it into a hand."""
    card_px: float | None = None
    """One card's area in view pixels, as the pile measured it on this table (None: not measured, read as it is)."""
    recount: Recount | None = None
    """Asked when a place shows more cards, read surely, than its player holds while other places show fewer; the
    counts it gives replace `expected` (None: the surest cards are kept, up to the count)."""
    stake_kept: set[str] = field(default_factory=set)
    """Pile honours with an `alternatives` whose box still holds its stake (kept up to date by the account): whoever
    lays an honour takes its box, a missed call being the exception, so a full box weighs against the pile's read,
    and a hand that reads the honour as surely as the recogniser names a card (`ALTERNATIVE_FLOOR`) overrules it."""
    rename_pile: Callable[[str, str, Collection[str]], str] | None = None
    """What the account renames a pile card a hand holds to, given the card taken for it here and the cards the
    hands hold (the rules may rule that card out): the showdown's pile must be the account's, or a card one rename
    left free looks taken to the next (None: the card taken for it)."""
    ink_rules_out: Callable[[str, str], bool] | None = None
    """Whether the ink the pile's read of a card showed rules out the other card it is about to be renamed to (the
    account's learnt inks; None: nothing is ruled out)."""
    rename_floor: float = 0.3
    """A score within this share of another's is a doubt between the two, as a pile read's runner-up within it is its
    alternative (`vision.watch.WatchConfig.rename_floor`, which the account gives)."""
    _pile: dict[str, float] = field(init=False, default_factory=dict)
    """Card -> confidence of its pile read, as `exclude` gave it and as renamed since."""
    _seen_with: dict[str, tuple[str, float]] = field(default_factory=dict)
    """Card -> the player in whose place it was last read (its owner, when two places read it), and how surely:
    hands stay put once laid out, so a hand read short takes back what its place showed before, and never a card
    seen as another loser's."""
    _last: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _shown_before: dict[str, set[str]] = field(default_factory=dict)
    """Each waiting place's own cards as read on the previous settled view, before any count cut them."""
    _found_before: dict[str, Mapping[str, float]] = field(default_factory=dict)
    """Each waiting place's reads (card -> confidence) on the previous settled view, for `_within_count`."""
    _last_view: np.ndarray | None = None
    _scores_seen: dict[str, list[tuple[Mapping[str, float], frozenset[str]]]] = field(default_factory=dict)
    """Each place read short: its zone's scores on every settled view since, with the cards they were told lie
    elsewhere then (read in other places, on the pile, in the talon), which they cannot score. A
    laid-out hand stays put, so each view is one more look at it, and completion takes each card's best: one view's
    scores swing between an unread index and a neighbour's edge read as a card, and a card laid last, or covered
    for a view, scores nothing on the views that do not show it; a doubt on the latest view goes by the mean
    (`_doubts_by_mean`). A card the place read before is taken back by its mean instead (`_still_shown`): it was
    read, so it was in view, and a misread comes and goes."""
    _laid_views: dict[str, list[tuple[dict[str, float], frozenset[str], dict[str, float]]]] = \
        field(default_factory=dict)
    """Per place, its cards (card -> confidence) on each settled view since it first showed as many as its player
    holds, with the names its count cut there (`_within_count`) and the names it kept a card for unnamed
    (`_unnamed`): the hand lies laid out from then on, each view one more look at the same cards (`_laid_read`)."""
    _unnamed: dict[str, int] = field(default_factory=dict)
    """Per waiting place, the cards it shows on the last settled view under a name another place holds
    (`misread_here`): cards of its own still to be named, which no card remembered from before stands for."""
    winners_place: str | None = None
    """The place of the player taken to have gone out, read too when that rests on a doubtful play (the account sets
    it): whoever went out has nothing to lay down, so a hand laid out there says the deal's winner is wrong."""
    disown: Callable[[Collection[str]], bool] | None = None
    """Asked once `winners_place` shows the same cards of its own on two settled views, with the waiting places that
    read no card: whether the account gave the deal another winner (it then reads the hands anew, and this reader
    reveals nothing more). Either way the place is no longer watched."""
    _winners_cards: set[str] = field(init=False, default_factory=set)
    _waited: int = 0

    def __post_init__(self) -> None:
        self._pile = pile_reads(self.exclude)

    @property
    def waiting(self) -> list[str]:
        return [p for p, n in self.expected.items() if n > 0 and p not in self.revealed]

    def settled(self, view_bgr: np.ndarray) -> list[tuple[str, tuple[str, ...]]]:
        """Read every waiting zone; reveal the hands once all of them are ready (see `REVEAL_PATIENCE`)."""
        self._last_view = view_bgr
        placed = self._with_remembered({p: read_hand(view_bgr, self.seats[p], self.identify_image,
                                                     exclude=self._ruled_out(p), card_px=self.card_px)
                                        for p in self.waiting})
        reads = {p: {c: confidence for c, (confidence, _) in found.items()} for p, found in placed.items()}
        if self._winners_hand(view_bgr, placed):
            self.winners_place = None
            if self.disown is not None and self.disown({p for p, found in reads.items() if not found}):
                return []
        reads_otherwise = cache(partial(self._reads_otherwise, view_bgr, reads))
        owners = shared_owners(placed, reads_otherwise, self.expected)
        taken = cards_of(self.revealed)
        shown = {player: {c for c in found if c not in taken and owners.get(c, player) == player}
                 for player, found in reads.items()}
        shown_before = self._shown_before
        self._recounted(shown, reads)
        misread = {player: misread_here(player, placed, owners, reads_otherwise) - taken for player in placed}
        counted = {player: self._within_count(player, shown[player] | misread[player], found,
                                              self._found_before.get(player, {}))
                   for player, found in reads.items()}
        kept = {player: names - misread[player] for player, names in counted.items()}
        unnamed = {player: names & misread[player] for player, names in counted.items()}
        self._unnamed = {player: len(names) for player, names in unnamed.items()}
        self._found_before = reads
        beyond = {c for player in reads for c in shown[player] - kept[player]}
        read_here = set().union(*reads.values()) - beyond
        self._look_again_at_short_hands(view_bgr, kept, read_here | taken)
        ready: dict[str, tuple[str, ...]] = {}
        laid = 0
        cut = any(kept[p] != shown[p] and self.expected[p] > 0 for p in reads)
        for player, found in reads.items():
            mine = kept[player]
            self._seen_with.update((c, (player, found[c])) for c in mine)
            cards = tuple(sorted(mine))
            if not cards:
                continue
            laid += 1
            if len(cards) + len(unnamed[player]) >= self.expected[player] or player in self._laid_views:
                self._laid_views.setdefault(player, []).append(({c: found[c] for c in cards},
                                                                frozenset(shown[player] - mine),
                                                                {c: found[c] for c in unnamed[player]}))
            if shown[player] == shown_before.get(player):
                ready[player] = cards
            self._last[player] = cards
        if not ready:
            self._waited = 0
            return []
        if len(ready) < len(reads):
            self._waited += 1
            if self._waited < (REVEAL_PATIENCE if laid == len(reads) and not cut else REVEAL_PATIENCE_EMPTY):
                return []
        self._waited = 0
        out = []
        remembered = {player: self._remembered(player, cards, read_here | taken, self._unnamed.get(player, 0))
                      for player, cards in ready.items()}
        held = cards_of(remembered)
        hands = self._renaming_pile_cards(remembered, view_bgr)
        left = self._left_to_others(hands, view_bgr, lambda p: read_here | taken | held | self._elsewhere(p))
        unseen = self._laid_unseen_by(hands, read_here | taken | held)
        for player, cards in hands.items():
            claimed = read_here | taken | held
            cards = self._completed(player, cards, view_bgr, claimed | self._elsewhere(player) | left[player],
                                    laid_unseen=unseen.get(player, ()))
            self.revealed[player] = cards
            out.append((player, cards))
            taken |= set(cards)
        return out

    def _winners_hand(self, view_bgr: np.ndarray,
                      placed: Mapping[str, Mapping[str, tuple[float, np.ndarray | None]]]) -> bool:
        """Whether `winners_place` shows cards of its own (`own_cards`: none that a loser's place reads at the same
        spot, where side-by-side places overlap) that it showed on the last settled view too: a hand laid out, not
        a card held over it for a moment."""
        place = self.winners_place
        if place is None:
            return False
        found = read_hand(view_bgr, self.seats[place], self.identify_image, exclude=self._ruled_out(),
                          card_px=self.card_px)
        own = set(own_cards(place, {**placed, place: found}))
        before, self._winners_cards = self._winners_cards, own
        return bool(own & before)

    def _with_remembered(self, placed: Mapping[str, Mapping[str, tuple[float, np.ndarray | None]]]
                         ) -> dict[str, dict[str, tuple[float, np.ndarray | None]]]:
        """`placed`, with each card another place reads now added, as surely as it was read there, to the place it
        was last given to (`_seen_with`) when that place does not read it now but reads other cards, fewer than its
        player holds: a laid-out hand stays put and a read that failed this view is no card gone, so the two reads
        contend as two places reading it at once do (`shared_owners`), and a misread seen last does not take a card
        its own place named more surely. A place reading nothing now shows no hand laid out there (a card read there
        may have been passing over it)."""
        out = {p: dict(found) for p, found in placed.items()}
        for player, found in placed.items():
            for card in found:
                owner, surely = self._seen_with.get(card, (player, 0.0))
                if owner != player and placed.get(owner) and card not in out[owner] and \
                        len(out[owner]) < self.expected.get(owner, 0):
                    out[owner][card] = (surely, None)
        return out

    def finish(self) -> list[tuple[str, tuple[str, ...]]]:
        """End of the source: give what each place still waiting showed (`_laid_read`: but a card seen since in
        another place, which `shared_owners` gave it), completed as in `settled`; a zone where no card was ever read
        gives what its scores complete it with (an index letter the recogniser never names surely, such as a Slavic
        queen's "Д", still scores), and, when nothing there reaches `FILL_FLOOR`, its likeliest cards claimed nowhere
        however low they score: without that hand the deal is never settled, and a guess (`guessed`) is one the
        family is asked to check."""
        out = []
        last = {p: self._laid_read(p) for p in self.waiting}
        remembered = {p: self._remembered(p, cards, self._claimed_besides(p, last), self._unnamed.get(p, 0))
                      for p, cards in last.items()}
        last = self._renaming_pile_cards(remembered, self._last_view)
        left = self._left_to_others(last, self._last_view, partial(self._claimed_besides, hands=last))
        unseen = self._laid_unseen_by(last, cards_of(self.revealed))
        for player, cards in last.items():
            cards = self._completed(player, cards, self._last_view, self._claimed_besides(player, last) | left[player],
                                    last_resort=True, laid_unseen=unseen.get(player, ()))
            if not cards:
                continue
            self.revealed[player] = cards
            out.append((player, cards))
        return out

    def _laid_read(self, player: str) -> tuple[str, ...]:
        """The cards a place still waiting when the source ends shows, but those last seen in another place: once it
        showed its player's count, the cards kept on most views since, then among cards kept as often those also
        read where the count cut them, then the surest, up to that count; else what the last view read. A laid-out
        hand stays put and each of its cards is read on every view that shows it, where a misread comes and goes:
        the last view alone may be the one misread, and a view reading more names than cards held holds one. A card
        kept unnamed (`_unnamed`) ranks as a name does, and takes its part of the count unnamed."""
        views = self._laid_views.get(player)
        if not views:
            return tuple(c for c in self._last.get(player, ()) if self._seen_with.get(c, (player, 0.0))[0] == player)
        read = {(c, False) for kept, _, _ in views for c in kept if self._seen_with.get(c, (player, 0.0))[0] == player}
        read |= {(c, True) for _, _, unnamed in views for c in unnamed}

        def looks(entry: tuple[str, bool]) -> list[dict[str, float]]:
            return [unnamed if entry[1] else kept for kept, _, unnamed in views]

        ranked = sorted(read, key=lambda e: (-sum(e[0] in seen for seen in looks(e)),
                                             -sum(e[0] in cut for _, cut, _ in views),
                                             -max(seen.get(e[0], 0.0) for seen in looks(e))))
        top = ranked[:self.expected[player]]
        self._unnamed[player] = sum(unnamed for _, unnamed in top)
        return tuple(sorted(c for c, unnamed in top if not unnamed))

    def _claimed_besides(self, player: str, hands: Mapping[str, Collection[str]]) -> set[str]:
        """Cards that lie elsewhere than `player`'s place: revealed, in another of `hands`, or last seen in another
        loser's place."""
        return cards_of(self.revealed) | {c for p, hand in hands.items() if p != player for c in hand} | \
            self._elsewhere(player)

    def _within_count(self, player: str, shown: set[str], found: Mapping[str, float],
                      before: Mapping[str, float]) -> set[str]:
        """The cards a place shows, the surest up to its player's count: more names than cards held means some read
        is wrong (an overlapping edge read as an index, a misread), and the least sure names go. Sure over this view
        and the one `before` it (the two a hand must agree on to be ready): a hand laid out stays put, so each card it
        holds is read on both, where a misread comes and goes. A name cut so is no card seen in that place: another
        hand read short may be completed with it. The names a place gave to another place but still holds a card
        under (`misread_here`) are ranked here too: each is a card lying here under another name, kept unnamed."""
        if len(shown) <= self.expected[player]:
            return shown
        return set(sorted(shown, key=lambda c: -(found[c] + before.get(c, 0.0)))[:self.expected[player]])

    def _look_again_at_short_hands(self, view_bgr: np.ndarray, shown: Mapping[str, set[str]],
                                   claimed: set[str]) -> None:
        """Note the zone scores of each place showing fewer cards than its player holds (see `_scores_seen`)."""
        if self.score_image is None:
            return
        for player, cards in shown.items():
            if 0 < len(cards) < self.expected[player]:
                elsewhere = (claimed | set(self._ruled_out(player)) | self._elsewhere(player)) - cards
                self._scores_seen.setdefault(player, []).append(
                    (self._zone_scores(player, view_bgr, elsewhere), frozenset(elsewhere)))

    def _recounted(self, shown: Mapping[str, set[str]], reads: Mapping[str, Mapping[str, float]]) -> None:
        """Ask `recount` about each place showing more cards read surely (`SURPLUS_FLOOR`), none of them a pile
        card, than its player holds, with the places of other losers that show some cards but fewer than they hold,
        all read alike on the last two settled views (a hand still being laid out is not short), and take the counts
        it gives: the cards are the evidence, the count only the sum of the plays credited."""
        before, self._shown_before = self._shown_before, {p: set(c) for p, c in shown.items()}
        if self.recount is None:
            return
        steady = {p: c for p, c in shown.items() if before.get(p) == c}
        for player, cards in steady.items():
            held = sum(1 for c in cards if reads[player][c] >= SURPLUS_FLOOR and c not in self._pile)
            short = {q: len(c) for q, c in steady.items() if q != player and 0 < len(c) < self.expected.get(q, 0)}
            if held <= self.expected[player] or not short:
                continue
            counts = self.recount(player, held, short)
            if counts:
                self.expected.update((p, n) for p, n in counts.items() if p in self.expected)

    def _reads_otherwise(self, view_bgr: np.ndarray, reads: Mapping[str, Mapping[str, float]], player: str,
                         card: str) -> bool:
        """Whether the corners of `player`'s zone that read `card`, told it lies elsewhere, score as surely as a card
        is named (`ALTERNATIVE_FLOOR`) a card that no place reads, no pile read or talon holds, and that the place
        does not show already: the misread's own corner then names what it shows. Only those corners: elsewhere in
        the zone a card scored so (one a neighbour still holds) is seen there whatever `card` is."""
        if self.score_image is None:
            return False
        own = set(reads[player]) - {card}
        away = ({c for p, found in reads.items() if p != player for c in found} | set(self._ruled_out(player))
                | cards_of(self.revealed) | {card}) - own
        scores = self._zone_scores(player, view_bgr, away, read_as=card)
        return any(v >= ALTERNATIVE_FLOOR and c not in away | own for c, v in scores.items())

    def _ruled_out(self, player: str | None = None) -> dict[str, float]:
        """Cards no hand holds, with how surely: the pile's (`exclude`) and the talon's; and those `player` passed
        on."""
        lacked = self.lacking.get(player, ()) if player is not None else ()
        pile = {c: min(v, ALTERNATIVE_FLOOR) if c in self.stake_kept and c in self.alternatives else v
                for c, v in self._pile.items()}
        return pile | dict.fromkeys([*self.talon, *lacked], 1.0)

    def _elsewhere(self, player: str) -> set[str]:
        """Cards last seen in another loser's place, unless that place now shows as many other cards as its player
        holds: what a place showed for a frame (a card passing over it, a misread while the hand was being laid) is
        not there once the hand it holds lies read in full without it."""
        return {c for c, (p, _) in self._seen_with.items() if p != player and not self._full_without(p, c)}

    def _full_without(self, player: str, card: str) -> bool:
        last = self._last.get(player, ())
        return card not in last and len(last) >= self.expected.get(player, 0)

    def _remembered(self, player: str, cards: tuple[str, ...], claimed: Collection[str], unnamed: int = 0
                    ) -> tuple[str, ...]:
        """A hand read short, with the cards its place showed before and does not show now (a read that failed
        this frame), up to the cards the player holds; none read now (`claimed`: in any place, or taken) nor seen
        on the pile at least as surely as the place showed it (the rule `read_hand` reads by: a card covered by its
        neighbour once the hand is laid out keeps the surer read it had). Those the zone still scores most surely
        over the views it was read short on come first (`_still_shown`), then the surest read."""
        missing = self.expected.get(player, 0) - len(cards) - unnamed
        if missing <= 0:
            return cards
        ruled, out = set(claimed) | set(self.renamed.values()), self._ruled_out(player)
        known = ruled - set(cards)
        before = sorted(((self._still_shown(player, c, confidence, known), confidence, c)
                         for c, (p, confidence) in self._seen_with.items()
                         if p == player and c not in cards and c not in ruled and confidence > out.get(c, -1.0)),
                        reverse=True)
        return tuple(sorted([*cards, *(c for *_, c in before[:missing])]))

    def _still_shown(self, player: str, card: str, read: float, known: Collection[str] = ()) -> float:
        """How surely the player's zone scores `card` on average over the views it was read short on that could
        score it (`_scores_seen`; its `read` confidence when none could: a pile card the place read more surely than
        the pile is told to lie elsewhere on the views that do not read it), those `_told_alike` with the cards
        `known` to lie elsewhere now: a laid-out hand stays put, so a card it holds scores on every view, where a
        misread comes and goes."""
        seen = [scores.get(card, 0.0) for scores, away in self._told_alike(player, known) if card not in away]
        return sum(seen) / len(seen) if seen else read

    def _told_alike(self, player: str, known: Collection[str]) -> list[tuple[Mapping[str, float], frozenset[str]]]:
        """The player's `_scores_seen` but those that scored at least `FILL_FLOOR` a card `known` to lie elsewhere now
        and not then (all of them when each did): that corner vouched for the card, and told it lies elsewhere it
        would have given its other cards at least twice what they scored there (a hand read before another showed
        the card its misread named)."""
        views = self._scores_seen.get(player, [])
        alike = [(scores, away) for scores, away in views
                 if all(scores.get(c, 0.0) < FILL_FLOOR for c in set(known) - away)]
        return alike or views

    def _renaming_pile_cards(self, hands: dict[str, tuple[str, ...]], view_bgr: np.ndarray | None
                             ) -> dict[str, tuple[str, ...]]:
        """`hands` about to be revealed, each pile card they hold settled one way or the other (a hand keeps a pile
        card only when it read it more surely than the pile did, or than a full box leaves it (`stake_kept`), and
        the pile's read has an alternative).

        When the hand also shows the alternative, or another place shows it as surely (`_shown_as_surely`), the pile
        card stands and the hand's read of it is dropped. When the holding hand's zone scores the alternative, the
        hand's read hesitated as well: the hand holds the alternative and the pile card stands (both reads hesitated
        between the same two cards, and this way each holds one of them). Otherwise the pile card is renamed to its
        alternative, which leaves the other hands. (`ALTERNATIVE_FLOOR` says when the zone scores the alternative.)"""
        hands = dict(hands)
        for player, cards in list(hands.items()):
            for card in cards:
                instead = self.alternatives.get(card)
                if card not in self._pile or instead is None or instead in self._pile:
                    continue
                if instead in hands[player] or self._shown_as_surely(instead, card, player, hands):
                    # The hand shows the alternative too, so the pile card is not it and stands: the hand's read
                    # of the pile card is what was wrong (swapping would give the hand the alternative twice).
                    # Completion reads that card again.
                    hands[player] = tuple(c for c in hands[player] if c != card)
                    continue
                if self._zone_score(player, view_bgr, instead) >= ALTERNATIVE_FLOOR and \
                        instead not in self._ruled_out(player) and \
                        not any(instead in other for q, other in hands.items() if q != player):
                    hands[player] = tuple(sorted(instead if c == card else c for c in hands[player]))
                    continue
                self._pile_card_renamed(card, instead, cards_of(hands) | cards_of(self.revealed))
        return {p: tuple(c for c in cards if c not in self.renamed.values()) for p, cards in hands.items()}

    def _pile_card_renamed(self, card: str, instead: str, held: Collection[str]) -> str:
        """The pile's `card` renamed to what the account renames it to (`rename_pile`), `instead` unless the rules
        rule that out; the name it takes is on the pile from then on."""
        name = instead if self.rename_pile is None else self.rename_pile(card, instead, held)
        self.renamed[card] = name
        del self._pile[card]
        self._pile[name] = 1.0
        return name

    def _shown_as_surely(self, instead: str, card: str, player: str, hands: Mapping[str, Collection[str]]) -> bool:
        """Whether another place shows `instead`, the alternative of the pile's `card`, read at least as surely as
        `player`'s place reads `card`: renaming the pile card would make that read wrong as well as the pile's, where
        keeping it makes one read wrong, this place's."""
        by, surely = self._seen_with.get(instead, (player, 0.0))
        shown = instead in cards_of(self.revealed) or any(instead in c for q, c in hands.items() if q != player)
        return shown and by != player and surely >= self._seen_with.get(card, (player, 1.0))[1]

    def _zone_score(self, player: str, view_bgr: np.ndarray | None, card: str) -> float:
        if self.score_image is None or view_bgr is None:
            return 0.0
        return self._zone_scores(player, view_bgr).get(card, 0.0)

    def _zone_scores(self, player: str, view_bgr: np.ndarray, elsewhere: Collection[str] = (),
                     read_as: str | None = None) -> Mapping[str, float]:
        """`score_image` of the player's zone, read at one card size as `read_hand` reads it (`read_as`: at the
        corners reading that card only)."""
        assert self.score_image is not None
        zone = zone_image(view_bgr, self.seats[player], reading_scale(self.card_px))
        only = {} if read_as is None else {"read_as": read_as}
        return self.score_image(zone, elsewhere=elsewhere, **size_told(self.card_px), **only)

    def _completed(self, player: str, cards: tuple[str, ...], view_bgr: np.ndarray | None,
                   claimed: set[str], last_resort: bool = False, laid_unseen: tuple[str, ...] = ()) -> tuple[str, ...]:
        """`cards` plus, when fewer than the player holds, the best-scoring cards of the zone that no other
        hand, no pile read, no pass of the player's (`lacking`), no card laid unseen (`laid_between`) and no reading
        of this hand claims (at least FILL_FLOOR each), scored knowing that the cards claimed elsewhere are not in
        this zone: their best over the views the place was read short on (`_scores_seen`), else on `view_bgr`. Pile
        cards it holds after all (`_taken_from_pile`, each scored as surely as a card is named) come before the cards
        scoring under `ALTERNATIVE_FLOOR`, which never include the card a pile card was renamed to: a sure read
        outweighs a guess (a Tigullio 2♠ taken by the pile's misread: told so, its corner scored the 3♠ 0.77). With
        `last_resort`, a place that would still show nothing takes those best-scoring cards however low they score.
        The cards added are noted in `guessed`, but those the place read before (`_seen_with`). The cards the player
        `laid_unseen` are no longer held: the count held them (noted in `laid_unseen`)."""
        if laid_unseen:
            self.laid_unseen[player] = laid_unseen
        missing = self.expected.get(player, 0) - len(cards) - len(laid_unseen)
        if missing <= 0 or self.score_image is None or view_bgr is None:
            return cards
        elsewhere = set(claimed)
        claimed = claimed | set(self._ruled_out()) | set(cards)
        claimed |= self._on_the_pile_unseen(claimed)
        extra = self._stakes_held(player, cards, view_bgr, claimed, elsewhere, missing)
        scores, unclaimed = self._ranked(player, cards, view_bgr, claimed)
        extra += [c for c in unclaimed if scores[c] >= ALTERNATIVE_FLOOR][:missing - len(extra)]
        if len(extra) < missing:
            extra += self._taken_from_pile(player, view_bgr, elsewhere, claimed, (*cards, *extra),
                                           missing - len(extra))
        extra += [c for c in unclaimed if FILL_FLOOR <= scores[c] < ALTERNATIVE_FLOOR and c not in self._pile
                  ][:missing - len(extra)]
        if last_resort and not extra and not cards:
            extra = unclaimed[:missing]
        if guesses := sorted(c for c in extra if self._seen_with.get(c, ("", 0.0))[0] != player):
            self.guessed[player] = tuple(guesses)
        return tuple(sorted(set(cards) | set(extra)))

    def _stakes_held(self, player: str, cards: tuple[str, ...], view_bgr: np.ndarray, claimed: set[str],
                     elsewhere: set[str], missing: int) -> list[str]:
        """Pile honours whose box kept its stake while their read hesitated with a card not on the pile
        (`stake_kept`) that a hand read short holds after all, up to `missing`: its zone, told nothing of them, scores
        them as surely as a read in the hand must be to overrule the pile's (`ALTERNATIVE_FLOOR`). Whoever lays an
        honour takes its box, so the full box says the pile's card was its alternative, which it is renamed to. Never
        an honour the player passed on (`lacking`)."""
        lacked = set(self.lacking.get(player, ()))
        doubted = {c for c in self.stake_kept & (set(self._pile) - elsewhere - lacked)
                   if self.alternatives.get(c) not in (None, *self._pile)}
        if not doubted:
            return []
        scores = self._zone_scores(player, view_bgr, (claimed | lacked) - doubted - set(cards))
        held = sorted((c for c in doubted if scores.get(c, 0.0) >= ALTERNATIVE_FLOOR), key=lambda c: -scores[c])
        for card in held[:missing]:
            self._pile_card_renamed(card, self.alternatives[card], elsewhere | set(cards) | set(held))
        return held[:missing]

    def _laid_unseen_by(self, hands: Mapping[str, Collection[str]],
                        claimed: set[str]) -> dict[str, tuple[str, ...]]:
        """The cards laid unseen (`_on_the_pile_unseen`, the `hands` and the `claimed` cards set aside), as the one
        loser whose hand reads short laid them, when every other loser's hand reads whole (revealed, or as its place
        last read): a card laid unseen leaves its player's count one too high, and no other count lacks one."""
        shown = {**self._last, **self.revealed, **hands}
        losers = {p for p, n in self.expected.items() if n > 0}
        short = [p for p in losers if len(shown.get(p, ())) < self.expected[p]]
        laid = sorted(self._on_the_pile_unseen(claimed | cards_of(hands)))
        if not laid or len(short) != 1 or short[0] not in hands or not losers <= set(shown):
            return {}
        player = short[0]
        return {player: tuple(laid[:self.expected[player] - len(shown[player])])}

    def _on_the_pile_unseen(self, claimed: set[str]) -> set[str]:
        """The cards `laid_between` leaves one choice of, the `claimed` cards set aside: the card laid unseen."""
        return {card for fits in self.laid_between if len(left := set(fits) - claimed) == 1 for card in left}

    def _ranked(self, player: str, cards: tuple[str, ...], view_bgr: np.ndarray,
                claimed: set[str]) -> tuple[dict[str, float], list[str]]:
        """Each card's best score in the player's zone over the views it was read short on (`_scores_seen`), else on
        `view_bgr` told that the `claimed` cards (and those the player passed on) lie elsewhere; and the cards neither
        claimed nor passed on, likeliest first (a doubt on the latest view by the mean, `_doubts_by_mean`)."""
        lacked = set(self.lacking.get(player, ()))
        seen = self._scores_seen.get(player)
        if seen:
            scores = {c: max(s.get(c, 0.0) for s, _ in seen) for c in set().union(*(s for s, _ in seen))}
        else:
            scores = dict(self._zone_scores(player, view_bgr, (claimed | lacked) - set(cards)))
        ranked = sorted((c for c in scores if c not in claimed | lacked), key=lambda c: -scores[c])
        if not seen:
            return scores, ranked
        known = claimed - set(cards)
        return scores, _doubts_by_mean(seen[-1][0], ranked, lambda c: self._still_shown(player, c, 0.0, known))

    def _fill_picks(self, player: str, cards: tuple[str, ...], view_bgr: np.ndarray | None,
                    claimed: Collection[str]) -> dict[str, float]:
        """The cards `_completed` would add to the hand from its zone's scores alone (at least `FILL_FLOOR`), with
        the score each is added by: the card's mean over the views (`_still_shown`), else that score."""
        missing = self.expected.get(player, 0) - len(cards)
        if missing <= 0 or self.score_image is None or view_bgr is None:
            return {}
        taken = set(claimed) | set(self._ruled_out()) | set(cards)
        scores, unclaimed = self._ranked(player, cards, view_bgr, taken)
        picks = [c for c in unclaimed if scores[c] >= FILL_FLOOR][:missing]
        return {c: self._still_shown(player, c, scores[c], taken - set(cards)) for c in picks}

    def _left_to_others(self, hands: Mapping[str, tuple[str, ...]], view_bgr: np.ndarray | None,
                        claimed: Callable[[str], set[str]]) -> dict[str, set[str]]:
        """Per hand about to be completed, the cards another hand's completion would add too, and whose zone scores
        them more surely on average over the views (`_fill_picks`): the deck holds each card once, and a laid-out
        hand's own card scores on every view, where a neighbour's card at the zone's edge comes and goes."""
        picks = {p: self._fill_picks(p, cards, view_bgr, claimed(p)) for p, cards in hands.items()}
        return {p: {c for c, v in mine.items() for q, theirs in picks.items() if q != p and theirs.get(c, 0.0) > v}
                for p, mine in picks.items()}

    def _taken_from_pile(self, player: str, view_bgr: np.ndarray, elsewhere: set[str], claimed: set[str],
                         held: tuple[str, ...], missing: int) -> list[str]:
        """Pile cards a hand read short holds after all, up to `missing`, when its zone scores nothing else as surely:
        the zone, scored with the pile's cards allowed, scores the pile card as surely as the recogniser names a card
        (`ALTERNATIVE_FLOOR`), and one card alone of its rank is claimed nowhere (not on the pile, in no place, not
        in the talon), which the pile's card is renamed to. The deck holds each card once and the hand's count asks
        for one more card than it shows: the pile's read was the wrong one. Not when the ink the pile's read showed
        rules that card out (`ink_rules_out`: a sure read names the rank, and a misread sign keeps the ink), nor when
        the zone scores that card within `rename_floor` of the pile card: the zone doubts between the two, so the hand
        holds the one claimed nowhere (a completion adds it) and the pile's read stands. Never an honour either way
        (a box's stake turns on it); `elsewhere`: the cards other places hold. The hand's own cards (`held`) are
        scored too: told they lie elsewhere, the corners naming them would score their look-alikes (a 4♦'s the 6♦ on
        the pile)."""
        lacked = set(self.lacking.get(player, ()))
        claimed = claimed | set(held)
        pile = [c for c in self._pile if c not in HONOURS and c not in elsewhere | lacked]
        if not pile:
            return []
        scores = self._zone_scores(player, view_bgr, (claimed | lacked) - set(pile) - set(held))
        out: list[str] = []
        for card in sorted((c for c in pile if scores.get(c, 0.0) >= ALTERNATIVE_FLOOR), key=lambda c: -scores[c]):
            if len(out) == missing:
                break
            others = [card[:-1] + suit for suit in SUITS if card[:-1] + suit not in claimed | {card}]
            if len(others) != 1 or others[0] in HONOURS or \
                    (self.ink_rules_out is not None and self.ink_rules_out(card, others[0])) or \
                    read_share(scores, card, others[0]) >= self.rename_floor:
                continue
            claimed = claimed | {self._pile_card_renamed(card, others[0], claimed)}
            out.append(card)
        return out
