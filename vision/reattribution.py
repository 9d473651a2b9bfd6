"""Which play went to the wrong player, when the deal's account contradicts itself: pure rankers over the plays
the account holds and the engine's answer to a trial (`Trials`), so each choice is testable without a deal.

A play is doubtful in steps (`play_doubt`): asked on the phone, credited on an arm the evidence did not single
out, read with low confidence, sure. A contradiction (a player out of cards who plays again, a place showing
more cards than its count, a hand laid out where the player taken to have gone out sits) moves the most doubtful
play that resolves it; a sure play moves only to the seat next nearest to where its arm came from, the usual
neighbour mix-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterable, Mapping, Protocol, Sequence

import numpy as np

from vision.attribute import Attribution, decide
from vision.inks import Ink

ASKED, WEAK_ARM, LOW_CONFIDENCE, SURE = range(4)
"""How doubtful a play's player is, most doubtful first: asked on the phone (`player: null`), credited on an
arm the evidence did not single out, a card read with low confidence, sure."""


@dataclass
class Sighting:
    """One card on the pile as the account holds it now."""

    event: dict[str, Any]
    """Its card_played event, as emitted."""
    evidence: Mapping[str, float]
    """The evidence of its read (`PileRead.evidence`), to rename it if misread."""
    ink: Ink | None
    credited: str | None
    """The player the engine was told laid it (the arm's, or the likeliest candidate when asked)."""
    told: str | None
    """The player the phone was told laid it (None: it was asked)."""
    doubt: int
    """`ASKED`, `WEAK_ARM`, `LOW_CONFIDENCE` or `SURE`."""
    arms: Mapping[str, float]
    """Per seat, the arm evidence of the motion that laid it."""
    nearby: tuple[str, ...] = ()
    """Seats by how near they are to where that arm came from (`Attribution.nearby`)."""
    margin: float = float("inf")
    """How clearly the nearest seat was nearer than the next (`Attribution.margin`)."""
    signs: tuple[np.ndarray | None, ...] = ()
    """The suit sign of its index, per frame read (`PileRead.signs`)."""
    wished: Mapping[str, float] = field(default_factory=dict)
    """The rules' boost in `evidence` of each card the run wanted when it was read (`PileRead.wished`)."""

    def arm_crossed(self, seat: str) -> bool:
        """Whether the arm that laid it crossed `seat`'s outer edge at all: a play can be that seat's only then."""
        return self.arms.get(seat, 0.0) > 0

    def next_nearest(self, seat: str) -> bool:
        """Whether `seat` is the one next nearest to where the arm came from: the neighbour an arm is mistaken for."""
        return self.nearby[1:2] == (seat,)

    def near(self, seat: str) -> int:
        """How far down `nearby` `seat` comes (past the end when the arm was not placed near it)."""
        return self.nearby.index(seat) if seat in self.nearby else len(self.nearby)


def play_doubt(attribution: Attribution, confidence: float, min_confidence: float) -> int:
    """How doubtful the player of a play is: asked; credited although the arm evidence alone would not have
    named them (`vision.attribute.decide` with every seat allowed); a card read with low confidence; sure."""
    if attribution.player is None:
        return ASKED
    if decide(attribution.evidence, list(attribution.evidence)).player != attribution.player:
        return WEAK_ARM
    return LOW_CONFIDENCE if confidence < min_confidence else SURE


class Trials(Protocol):
    """The engine's answer to a re-attribution tried and undone (`vision.referee.LiveReferee` gives it)."""

    def if_reassigned(self, card: str, player: str) -> tuple[bool, int, int] | None:
        """(the deal over, plays set aside as laid after it, rule breaks), None when not possible."""

    def dropped(self) -> int:
        """Plays set aside now as laid after the deal's end."""


def reopening_play(sightings: Mapping[str, Sighting], players: Sequence[str], out_player: str, trials: Trials
                   ) -> tuple[str, str] | None:
    """(card, player) of the re-attribution of one of `out_player`'s plays that reopens the deal with fewest plays
    set aside, of the most doubtful play, to a seat its arm crossed (breaks are counted on an account already wrong
    somewhere; the arm is what the camera saw), with fewest rule breaks and most arm evidence; None when none does
    better than now (the deal over, `trials.dropped()` set aside).

    When no doubtful play explains it, a sure one must be wrong after all (an arm that came in before a
    neighbour's place): it goes to the seat next nearest to where its arm came from, the closest call first."""
    now = (True, trials.dropped())
    for sure_too in (False, True):
        ranked = []
        for card, seen in sightings.items():
            if seen.credited != out_player or (seen.doubt == SURE) != sure_too:
                continue
            for player in (seen.nearby[1:2] if sure_too else players):
                trial = trials.if_reassigned(card, player) if player != out_player else None
                if trial is not None and trial[:2] < now:
                    ranked.append(((*trial[:2], seen.doubt, not seen.arm_crossed(player), trial[2],
                                    -seen.arms.get(player, 0.0), seen.near(player), seen.margin), card, player))
        if ranked:
            _, card, player = min(ranked)
            return card, player
    return None


def recounted_play(sightings: Mapping[str, Sighting], player: str, short: Mapping[str, int],
                   left: Mapping[str, int], trials: Trials) -> tuple[str, str] | None:
    """(card, loser) of the play credited to `player` that goes to one of the losers whose place showed fewer cards
    (`short`) than the engine leaves them (`left`), keeping the deal's end and setting no more plays aside: the most
    doubtful, with fewest rule breaks and most arm evidence. A sure play goes only to the seat next nearest to where
    its arm came from, and only when the arm crossed that seat's edge at all: otherwise a misread in the hands is
    likelier. None when no play may move."""
    def towards(seen: Sighting) -> list[str]:
        return [q for q in short if left[q] > short[q]
                and (seen.doubt != SURE or (seen.next_nearest(q) and seen.arm_crossed(q)))]

    return _moved_keeping_the_end(sightings, player, towards, trials)


def winners_play(sightings: Mapping[str, Sighting], winner: str, trials: Trials) -> str | None:
    """The play credited to another player that may be `winner`'s (a doubtful one, or a sure one whose arm came in
    next nearest to their place), when the shown hands say `winner` went out and the engine does not see it: first
    one that makes the engine see it, then one whose arm was seen near the winner's place, then the most doubtful.
    None when no play may be theirs."""
    ranked = []
    for card, seen in sightings.items():
        if seen.credited in (None, winner) or (seen.doubt == SURE and not seen.next_nearest(winner)):
            continue
        trial = trials.if_reassigned(card, winner)
        if trial is not None:
            seen_near = seen.arm_crossed(winner) or seen.next_nearest(winner)
            ranked.append(((not trial[0], not seen_near, seen.doubt, trial[2], -seen.arms.get(winner, 0.0),
                            seen.margin), card))
    return min(ranked)[1] if ranked else None


def disowned_play(sightings: Mapping[str, Sighting], winner: str, bare: Collection[str], left: Mapping[str, int],
                  trials: Trials) -> tuple[str, str] | None:
    """(card, loser) of a doubtful play credited to `winner`, whose place shows a hand laid out after the deal, that
    goes to a loser whose place shows nothing (`bare`) and who held one card by the engine's count (`left`): whoever
    goes out has nothing to lay down, so that play was theirs and put them out. Only to a seat its arm crossed, and
    only keeping the deal over with no more plays set aside: the most doubtful, with fewest rule breaks and most arm
    evidence. None when no play fits."""
    def towards(seen: Sighting) -> list[str]:
        return [] if seen.doubt == SURE else [q for q in bare if left.get(q) == 1 and seen.arm_crossed(q)]

    return _moved_keeping_the_end(sightings, winner, towards, trials)


def _moved_keeping_the_end(sightings: Mapping[str, Sighting], player: str,
                           towards: Callable[[Sighting], Iterable[str]], trials: Trials) -> tuple[str, str] | None:
    """(card, seat) of the play credited to `player` that goes to a seat `towards` allows it, keeping the deal over
    with no more plays set aside: the most doubtful, with fewest rule breaks and most arm evidence; None when none
    may move."""
    ranked, set_aside = [], trials.dropped()
    for card, seen in sightings.items():
        if seen.credited != player:
            continue
        for other in towards(seen):
            trial = trials.if_reassigned(card, other)
            if trial is not None and trial[0] and trial[1] <= set_aside:
                ranked.append(((seen.doubt, trial[2], -seen.arms.get(other, 0.0), seen.margin), card, other))
    if not ranked:
        return None
    _, card, other = min(ranked)
    return card, other
