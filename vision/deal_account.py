"""The pipeline's account of one deal: a belief built from what the camera saw, revised when later evidence
contradicts it.

Perception (`vision.watch`) hands it each pile read with the arm that laid it, each box emptied and each settled
view after the deal; the account keeps the cards seen and how surely, tells the live engine
(`vision.referee.LiveReferee`), renames misread cards, concludes the deal's end and starts the showdown reader.
A card laid after that end withdraws it (`deal_resumed`): no card is dropped for an earlier conclusion, and when
the engine had seen a player go out, the doubtful plays credited to them go to the reading the rules allow
(`player_corrected`; which play goes where is ranked in `vision.reattribution`). So do they when that player lays
out a hand at the showdown, and the deal's end is told again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Iterator, Mapping, Protocol, Sequence

import numpy as np

from engine.core.cards import DECK, SUIT
from engine.nain_jaune.cards import HONOURS
from vision.attribute import Attribution
from vision.inks import DeckInks, Ink, suit_of
from vision.pile import PileRead
from vision.pips import PipShapes
from vision.reattribution import (SURE, Sighting, disowned_play, play_doubt, recounted_play, reopening_play,
                                  winners_play)
from vision.referee import RULE_FLAGS, Contradicted, LiveReferee, PriorWeights, rule_prior, sweeper
from vision.showdown import ShowdownReader, cards_of
from vision.sightings import (doubts, hesitated, ink_renames, ink_swaps, likeliest_fit, misread_of_two,
                              misread_sighting, pile_alternatives, read_share)
from vision.signs import PARTNER, SignShapes, sign_renames, sign_swaps

log = logging.getLogger("nainjaune.watch")

MAX_REVISIONS = 3
"""Plays re-attributed for one contradiction at most: each must reopen the deal or set fewer plays aside."""
MAX_PASS_RENAMES = 3
"""Pile reads renamed at most at a deal's end for passes contradicted (`DealAccount._renamed_by_passes`): each
rename must leave fewer of them, and one misread card contradicts the passes of a round or two."""
PROVEN, READ_TWICE, AT_REST, INKS, SIGNS, SHOWN_HAND, SEQUENCE, PASSES = (
    "sweep", "read_twice", "read_at_rest", "inks", "signs", "shown_hand", "sequence", "passes")
"""Why a `card_corrected` renamed a card (its `reason`): only a sweep proves the card (its box was emptied right
after it was laid, which only that honour's player may do); the others choose a read's runner-up."""
HAND_OVER_PILE = "hand_over_pile"
"""Why a `play_withdrawn` took back a play the camera read (its `cause`): read while a hand was over the pile, it was
no card laid (`DealAccount._hand_over_pile_taken_back`). Without a cause, the play taken back was only inferred (`unseen`)."""
RUN = "run"
"""Why a change of the pile taken for no card laid was played after all (`proven`, beside `PROVEN`): the next card
breaks the rules without the card its read named and keeps them after it."""

StartShowdown = Callable[[dict[str, int], dict[str, float], dict[str, str], frozenset[str]], ShowdownReader]
"""(cards each loser holds, pile cards with the confidence the showdown weighs them by, pile alternatives, the cards
known to lie in the talon) -> the reader of the losers' zones (`vision.showdown.ShowdownReader`)."""


class Tuning(PriorWeights, Protocol):
    """The settings the account uses (`vision.watch.WatchConfig` has them)."""

    rename_floor: float
    min_card_confidence: float
    ink_learn_confidence: float


def _later_cards(found: Iterable[Contradicted]) -> int:
    """How many cards the players laid of ranks they had passed on (`LiveReferee.contradicted_if_renamed`): the
    measure a rename for contradicted passes must lower."""
    return sum(len(c.later) for c in found)


def _corrected(was: str, card: str, sighting: Sighting | None, t: float | None, reason: str) -> dict[str, Any]:
    """The `card_corrected` event of the play read as `was` (its sighting, if kept, says by whom and when)."""
    return {"t": t, "type": "card_corrected", "was": was, "card": card,
            "player": sighting.told if sighting is not None else None,
            "played_at": sighting.event.get("t") if sighting is not None else None, "reason": reason}


@dataclass(frozen=True)
class Nudge:
    """A change of the pile that perception took for no card laid (the top card moved,
    `vision.pile.PileWatcher.same_card_nudged`, or a hand brushing the pile): when, the read there, and the arm seen
    in that motion."""

    t: float
    read: PileRead
    arm: Attribution


class DealAccount:
    """What the pipeline believes about the deal; each method returns the events it produced."""

    def __init__(self, players: Sequence[str], referee: LiveReferee | None, config: Tuning, inks: DeckInks,
                 start_showdown: StartShowdown, close_boxes: Callable[[], Iterable[tuple[str, str | None]]],
                 on_rename: Callable[[str, str | None], None] = lambda was, card: None,
                 pip_shapes: PipShapes | None = None) -> None:
        self.players = tuple(players)
        self.referee = referee
        self.config = config
        self.inks = inks
        """The suit colours of the deck on the table, from the sure pile reads (`vision.inks`)."""
        self.pip_shapes = pip_shapes if pip_shapes is not None else PipShapes()
        """The pip notches of each suit of that deck, from the same reads (`vision.pips`)."""
        self.sign_shapes = SignShapes()
        """The index sign of each suit of that deck, from the same reads (`vision.signs`)."""
        self.start_showdown = start_showdown
        self.close_boxes = close_boxes
        """Missed calls of the honours whose box still holds its stake when the deal is settled."""
        self.on_rename = on_rename
        """Told of each rename (was, card; None: no card laid), for perception's own note of the top card."""
        self.events_seen: dict[str, float] = {}
        """Cards reported on the pile, with the surest confidence each was read with."""
        self.sightings: dict[str, Sighting] = {}
        self.proven: set[str] = set()
        """Honours on the pile whose box was then emptied: a sweep proves the card read."""
        self.emptied: set[str] = set()
        """Boxes seen emptied this deal, whether or not their honour was read."""
        self.taught: dict[str, Sighting] = {}
        """Per card, the sighting whose sure read taught the pip and sign shapes that card's suit."""
        self.read_before: dict[str, Sighting] = {}
        """Per card read a second time (and neither read renamed), the earlier sighting of it."""
        self.read_again_proven: set[str] = set()
        """Cards of `read_before` whose earlier read a sweep proved (`proven`) before the second: that one stands."""
        self.renamed_to: set[str] = set()
        """Cards that a `card_corrected` named: one may be an honour whose call was missed unseen."""
        self.laid_unseen: set[str] = set()
        """Cards perception took for no card laid, found laid since (`_proven_play`): no box was watched for them."""
        self.missed_told: dict[str, str | None] = {}
        """Honour -> player, for the `call_missed` events reported and not withdrawn."""
        self.missed_plays: dict[str, float] = {}
        """Honour -> when the play a told `call_missed` is about was laid: an honour may be read twice, and only a
        rename of that play takes the accusation back."""
        self.missed_in_doubt: dict[str, str | None] = {}
        """Honour -> player, for calls that seemed missed while the honour's read hesitated: told at the settlement
        only if the hands shown then settle the doubt (a false missed call accuses a player)."""
        self.played_by_me: dict[str, int] = {p: 0 for p in players}
        self.referee_current = True
        """Whether the referee was told the last card read; when it was not, who may lay what is not known."""
        self.deal_over = False
        self.winner: str | None = None
        """Who the deal's end says went out (None before it)."""
        self.inferred: list[str] = []
        """Cards played for the winner that nobody saw, so the engine sees them go out (`_unseen_to_the_winner`)."""
        self.nudged: Nudge | None = None
        """The last change of the pile that perception took for no card laid, no card laid since (`top_nudged`)."""
        self.end_pending = False
        """Someone is out of cards by the count and the table has not settled with no card since: the deal's end is
        concluded then (a card laid first shows the count was wrong, and no `deal_over` has to be withdrawn)."""
        self.showdown: ShowdownReader | None = None
        self._settled = False
        self._recredited: list[dict] = []
        """`player_corrected` events of the showdown's recounts (and the deal's end told again when the winner's place
        showed a hand, `_disowned`), told with the hands the view reveals."""

    # --- what the rules expect -------------------------------------------------------------------------

    def stakes(self) -> dict[str, int]:
        """Chips in each box as the engine counts them (none known without a referee)."""
        if self.referee is None:
            return {}
        return {str(b): int(n) for b, n in dict(self.referee.state.board).items()}

    def allowed(self) -> list[str]:
        """Players who may be laying the card now, the likeliest first."""
        return self.referee.allowed() if self.referee is not None else list(self.players)

    def prior(self, player: str | None) -> dict[str, float]:
        """`rule_prior` for the card being read now, `player` being the arm's (ignored when the referee is not
        current)."""
        return rule_prior(self.referee, self.events_seen, player if self.referee_current else None, self.config)

    # --- evidence ---------------------------------------------------------------------------------------

    def card_coming(self, t: float, card: str) -> list[dict]:
        """A new card was read on the pile (call before attributing it: who may lay it can change). A deal end it
        contradicts is withdrawn, and the doubtful plays of the player who went out are re-attributed when that
        lets the card count."""
        if not (self.deal_over or self.end_pending):
            return []
        return self._resume(t, card) + self._revise(t)

    def no_card_after_the_end(self, read: PileRead) -> bool:
        """Whether a new read after the deal's end was told is taken for no card laid (a nudge): the count ended the
        deal, so the rules expect no card, and a read the recogniser names below `min_card_confidence` does not
        outweigh them. A card laid since may still prove the nudge's card played (`_laid_when_nudged`)."""
        return self.deal_over and read.confidence < self.config.min_card_confidence

    def card_laid(self, t: float, read: PileRead, attribution: Attribution) -> list[dict]:
        """A new card on the pile, read as `read.card`, laid by the arm `attribution` names."""
        assert read.card is not None
        out = self._laid_when_nudged(t, read, attribution)
        tracked = attribution.player or (attribution.candidates[0] if attribution.candidates else None)
        out += self._hand_over_pile_taken_back(t, read, tracked)
        card, evidence = read.card, read.evidence
        previous = self._last_laid()
        player = attribution.player
        event: dict[str, Any] = {"t": t, "type": "card_played", "card": card, "player": player,
                                 "candidates": list(attribution.candidates),
                                 "confidence": round(float(read.confidence), 3)}
        flags = []
        if card in self.events_seen:
            renamed = self._rename_earlier(card, read.evidence, t)
            out += renamed
            named: str | None = None
            kept = None if renamed else self._rank_kept_by_the_doubt(previous, card, player, float(read.confidence),
                                                                       evidence)
            if kept is not None:
                (was, instead), named = kept
                out += self._rename(was, instead, t, SEQUENCE)
            elif not renamed:
                named = self._named_by_the_run(card, player, float(read.confidence), evidence)
            if named is not None:
                event.update(card=named, read_as=card)
                card, evidence = named, {**evidence, named: evidence.get(card, 0.0), card: evidence.get(named, 0.0)}
            elif not renamed:
                flags.append("seen_twice")
                if card in self.sightings:
                    self.read_before[card] = self.sightings[card]
                    if card in self.proven:
                        self.read_again_proven.add(card)
        if read.confidence < self.config.min_card_confidence:
            flags.append("low_confidence")
        teaches = read.confidence >= self.config.ink_learn_confidence and card == read.card \
            and card not in self.events_seen
        if teaches:
            self.inks.learn(card, read.ink)
            self.pip_shapes.learn(card, read.pips)
            self.sign_shapes.learn(card, read.signs)
        self.events_seen[card] = max(self.events_seen.get(card, 0.0), float(read.confidence))
        previous = self._last_laid()   # the card before, by the name the renames above left it
        self.sightings[card] = Sighting(event, evidence, read.ink, tracked, player,
                                        play_doubt(attribution, read.confidence, self.config.min_card_confidence),
                                        dict(attribution.evidence), attribution.nearby, attribution.margin, read.signs,
                                        read.wished if card == read.card else {})
        if teaches:
            self.taught[card] = self.sightings[card]
        if tracked is not None:
            self.played_by_me[tracked] += 1
        # a card read twice is still a card laid, misread: the engine counts it and forgets the run
        self.referee_current = self.referee is not None and tracked is not None
        if self.referee_current:
            assert self.referee is not None and tracked is not None
            out += self._sequence_proved(previous, tracked, card, float(read.confidence), evidence, t)
            flags += [k for k in self.referee.play(tracked, card, float(read.confidence)) if k in RULE_FLAGS]
        if flags:
            event["flags"] = sorted(set(flags))
        return out + [event]

    def _hand_over_pile_taken_back(self, t: float, read: PileRead, player: str | None) -> list[dict]:
        """The play last told, read unsurely on a change with a hand over the pile, withdrawn when `read`, below that
        change (`PileRead.rest_of`), keeps the rules without it and breaks them with it, and no other name of it lets
        both plays keep them: a hand over the pile shows a card held, tilted and half hidden, or moves a card already
        told, and neither is a card laid (`play_withdrawn`; `read` is then told as laid)."""
        held, card, referee = read.rest_of, read.card, self.referee
        if referee is None or not self.referee_current or player is None or held is None or card is None \
                or card in self.events_seen or held != self._last_laid() or held in self.proven \
                or held in self.read_before or self._read_surely(held) \
                or read.confidence < self.config.min_card_confidence:
            return []
        now, confidence = referee.rule_breaks(), float(read.confidence)
        second = referee.breaks_if_played(player, card, confidence)
        alone = referee.breaks_if_played(player, card, confidence, withdrawn=held)
        if second is None or alone is None or not alone <= now < second:
            return []
        if any(self._within(player, card, confidence, now, (held, other))
               for other in DECK if other not in self.events_seen and other != card):
            return []
        return self._withdrawn(held, card, t)

    def _withdrawn(self, was: str, card: str, t: float) -> list[dict]:
        """Take back the play read as `was`, which the rules show was no card laid, `card` told next
        (`_hand_over_pile_taken_back`)."""
        assert self.referee is not None
        if not self.referee.withdraw(was):
            return []
        seen = self.sightings.pop(was)
        self.events_seen.pop(was, None)
        self.taught.pop(was, None)
        self.missed_in_doubt.pop(was, None)
        if seen.credited is not None:
            self.played_by_me[seen.credited] -= 1
        self.on_rename(was, None)
        reason = f"read while a hand was over the pile; the {card} laid there keeps the rules only without it"
        return [{"t": t, "type": "play_withdrawn", "card": was, "cause": HAND_OVER_PILE, "reason": reason},
                *self._call_withdrawn(was, seen, t)]

    def _last_laid(self) -> str | None:
        """The pile card laid last, as the account names it now (None before any)."""
        return max(self.sightings, key=lambda c: self.sightings[c].event["t"], default=None)

    def _sequence_proved(self, previous: str | None, player: str, card: str, confidence: float,
                         evidence: Mapping[str, float], t: float) -> list[dict]:
        """`player` laying `card` now would break the rules because of the card laid just before, which broke the
        run itself (`out_of_sequence`) or was not read surely (`_read_surely`), whichever card the read of `card`
        still doubts between (`evidence`, `_proved_whichever`): when one card not seen yet lets both plays keep the
        rules, the earlier read was that card with its rank misread (an unseen deck's Д read as K), and it is
        renamed (`card_corrected`, `sequence`). For a run broken, that card is of the read's suit; for an unsure
        read, of the one rank the rules leave, the likeliest (`likeliest_fit`), never an honour (a box still full
        would accuse on a guess). A player who breaks the run by mistake is followed by plays that keep to the run
        from the card laid."""
        referee, seen = self.referee, self.sightings.get(previous) if previous is not None else None
        if referee is None or previous is None or seen is None or previous in self.proven:
            return []
        broke = "out_of_sequence" in seen.event.get("flags", ())
        unsure = not self._read_surely(previous) and confidence >= self.config.min_card_confidence
        if not (broke or unsure):
            return []
        now = referee.breaks_if_played(player, card, confidence)
        if now is None or now <= referee.rule_breaks():
            return []
        least = now - 2 if broke else referee.rule_breaks()
        fits = [other for other in DECK if (not broke or other[-1] == previous[-1])
                and other != previous and other not in self.events_seen
                and self._within(player, card, confidence, least, (previous, other))]
        if broke:
            return self._rename(previous, fits[0], t, SEQUENCE) if len(fits) == 1 else []
        named = likeliest_fit(previous, fits, seen.evidence, self.config.rename_floor)
        if named is None or not self._proved_whichever(player, card, confidence, evidence, (previous, named)):
            return []
        return self._rename(previous, named, t, SEQUENCE)

    def _proved_whichever(self, player: str, card: str, confidence: float, evidence: Mapping[str, float],
                          renamed: tuple[str, str]) -> bool:
        """Whether `renamed` is what lets `player` lay `card` whichever card its read still doubts between (its
        runner-ups within `rename_floor`, none on the pile): each would break the rules as things stand and keep them
        after the rename. A doubt between two cards the rules judge alike (a K♠ or a K♣ where any king follows) leaves
        the proof standing; a doubt with a card the rules would allow without the rename stops it."""
        referee = self.referee
        assert referee is not None
        now = referee.rule_breaks()
        for other in doubts(card, evidence, self.sightings, self.config.rename_floor):
            before = referee.breaks_if_played(player, other, confidence)
            after = referee.breaks_if_played(player, other, confidence, renamed)
            if before is None or after is None or before <= now or after > now:
                return False
        return True

    def _within(self, player: str, card: str, confidence: float, bound: int,
                renamed: tuple[str, str] | None = None) -> bool:
        """Whether the deal would count at most `bound` rule breaks were `player` to lay `card` now, after `renamed`
        (`LiveReferee.breaks_if_played`; not when the engine cannot try the play)."""
        assert self.referee is not None
        breaks = self.referee.breaks_if_played(player, card, confidence, renamed)
        return breaks is not None and breaks <= bound

    def _rank_kept_by_the_doubt(self, previous: str | None, card: str, player: str | None, confidence: float,
                                evidence: Mapping[str, float]) -> tuple[tuple[str, str], str] | None:
        """((the card laid just before, what it was), what this second read of `card` names) when the read's rank is
        one the rules forbid `player` now but allow after renaming the card before to the one doubt its read had that
        allows it (a runner-up within `rename_floor`, not on the pile, never an honour): this read named its rank
        first and the earlier one hesitated toward exactly the card that explains it, so the earlier read gave way,
        not this rank. Of the rank's cards not seen yet, the likeliest (`likeliest_fit`); else None."""
        referee, seen = self.referee, self.sightings.get(previous) if previous is not None else None
        if referee is None or player is None or previous is None or seen is None or previous in self.proven:
            return None
        now = referee.rule_breaks()
        unseen = [c for c in DECK if c[:-1] == card[:-1] and c not in self.events_seen]
        if any(self._within(player, c, confidence, now) for c in unseen):
            return None
        kept = {}
        for other in doubts(previous, seen.evidence, self.sightings, self.config.rename_floor):
            fits = [c for c in unseen if c != other and self._within(player, c, confidence, now, (previous, other))]
            if fits and other not in HONOURS:
                kept[other] = fits
        if len(kept) != 1:
            return None
        [(other, fits)] = kept.items()
        named = likeliest_fit(card, fits, evidence, self.config.rename_floor)
        return None if named is None else ((previous, other), named)

    def _named_by_the_run(self, card: str, player: str | None, confidence: float, evidence: Mapping[str, float]
                          ) -> str | None:
        """The card a second read of `card` (the earlier read standing) names instead, when the rules leave `player`
        one rank to lay now, not the read's own: of its cards not seen yet, the likeliest (`likeliest_fit`). The
        deck holds each card once, so one of the two reads is wrong; a player other than the run's last may only
        continue the run, and an unseen deck's index letter is misread far more often than its suit sign. A read of
        the rank the rules leave keeps to them either way: which read has its suit wrong they cannot tell. Never an
        honour: a box still full would accuse its player of a missed call on a guess; `read_as` in the event keeps
        what was read."""
        referee = self.referee
        if referee is None or player is None:
            return None
        now = referee.rule_breaks()
        fits = [other for other in DECK
                if other not in self.events_seen and self._within(player, other, confidence, now)]
        if any(c[:-1] == card[:-1] for c in fits):
            return None
        return likeliest_fit(card, fits, evidence, self.config.rename_floor)

    def card_at_rest(self, t: float, card: str, read: PileRead) -> list[dict]:
        """`card`, the card laid last, read while the hand laying it was still over the pile, was read again lying
        alone: both reads are of one card, so their evidence is pooled, and the card it then names (none already on
        the pile) renames it."""
        seen = self.sightings.get(card)
        if seen is None:
            return []
        names = set(seen.evidence) | set(read.evidence)
        seen.evidence = {c: (seen.evidence.get(c, 0.0) + read.evidence.get(c, 0.0)) / 2 for c in names}
        others = set(self.events_seen) - {card}
        best = max((c for c in seen.evidence if c not in others), key=seen.evidence.__getitem__, default=card)
        return [] if best == card else self._rename(card, best, t, AT_REST)

    def top_nudged(self, t: float, read: PileRead, arm: Attribution) -> None:
        """The pile changed at `t` by what perception took for no card laid (its top card straightened or pushed,
        `vision.pile.PileWatcher.same_card_nudged`, or a hand brushing it), read as `read`, with the arm `arm` names."""
        self.nudged = Nudge(t, read, arm)

    def _laid_when_nudged(self, t: float, read: PileRead, attribution: Attribution) -> list[dict]:
        """`read.card`, laid by the arm `attribution` names, breaks the rules where the card the read at the last
        nudge named (no card laid since, none on the pile) keeps them for both: that change was that card laid (its
        index hidden, the card below showing), and it is played then, by the arm seen then (`proven`: `run`); a nudge
        that read the top card's name again, `_top_misread_when_nudged`. A card that keeps the rules, or a name that
        mends nothing, leaves the nudge a nudge."""
        nudge, self.nudged = self.nudged, None
        player, referee = attribution.player, self.referee
        if nudge is None or referee is None or not self.referee_current or player is None:
            return []
        named, card, confidence = nudge.read.card, read.card, float(read.confidence)
        if named is None or named == card or card in self.events_seen:
            return []
        now, by = referee.rule_breaks(), nudge.arm.player or player
        alone = referee.breaks_if_played(player, card, confidence)
        if alone is None or alone <= now:
            return []
        arm = nudge.arm if nudge.arm.player is not None else Attribution(by, (by,), dict(nudge.arm.evidence))
        if named in self.events_seen:
            return self._top_misread_when_nudged(nudge, arm, card, player, confidence, t, now)
        if referee.breaks_if_played(player, card, confidence, first=(by, named)) != now:
            return []
        log.warning("%s breaks the run that %s, read when the top card seemed nudged, keeps: %s was laid then",
                    card, named, named)
        return self._proven_play(nudge.t, nudge.read, arm, RUN)

    def _top_misread_when_nudged(self, nudge: Nudge, arm: Attribution, card: str, player: str, confidence: float,
                                 t: float, now: int) -> list[dict]:
        """The last nudge read the top card's name again, and `player` laying `card` breaks the rules (more than the
        deal's `now`) where the top card renamed to one doubt of its read (a runner-up within `rename_floor`, none on
        the pile, never an honour), then the nudge's card laid by `arm`, keeps them, or mends a break the misread
        made: the top card was that doubt, misread as the card laid on it next (an unseen deck's Д read as K), and
        the change taken for a nudge was that card laid squarely on it. Only when one doubt alone leaves the fewest
        breaks; the nudge's card is then played there (`proven`: `run`)."""
        referee, top, named = self.referee, self._last_laid(), nudge.read.card
        seen = self.sightings.get(top) if top is not None else None
        if referee is None or top is None or seen is None or top != named or top in self.proven:
            return []
        fit = self._sole_doubt(top, seen, now, lambda other: referee.breaks_if_played(
            player, card, confidence, (top, other), (arm.player, named)))
        if fit is None:
            return []
        log.warning("%s breaks the rules where %s, read again when the top card seemed nudged, laid on %s keeps them",
                    card, named, fit)
        return self._rename(top, fit, t, SEQUENCE) + self._proven_play(nudge.t, nudge.read, arm, RUN)

    def _sole_doubt(self, card: str, seen: Sighting, now: int, breaks: Callable[[str], int | None]) -> str | None:
        """The one doubt of the read of `card` (a runner-up within `rename_floor`, none on the pile, never an honour)
        that leaves the fewest rule breaks (`breaks` counts them were `card` that doubt), no more than `now`; None
        when no doubt or several do: a rename the rules cannot single out is a guess."""
        floor = self.config.rename_floor
        counts = {other: breaks(other) for other in doubts(card, seen.evidence, self.sightings, floor)
                  if other not in HONOURS}
        fewest = min((count for count in counts.values() if count is not None), default=None)
        fits = [other for other, count in counts.items() if count == fewest]
        return fits[0] if fewest is not None and fewest <= now and len(fits) == 1 else None

    def _proven_play(self, t: float, read: PileRead, arm: Attribution, proof: str) -> list[dict]:
        """`card_laid` of a play perception took for no card laid, found since (`proven`: `proof`)."""
        events = self.card_laid(t, read, arm)
        if read.card is not None:
            self.laid_unseen.add(read.card)
        return [{**e, "proven": proof} if e["type"] == "card_played" and e["card"] == read.card else e for e in events]

    def card_unread(self) -> None:
        """A card landed that no read named: who may lay what next is not known."""
        self.referee_current = False

    def box_swept(self, t: float, box: str, seen: Attribution, honour_player: str | None,
                  moved: Mapping[str, float]) -> list[dict]:
        """`box` was emptied by the arm `seen` names (`moved`: every seat's arm evidence in that motion)."""
        who = self._asked_honour_s_player(box, sweeper(box, seen, honour_player, moved, self.referee))
        out = self._honour_laid_on_its_misread(box, seen, who, t)
        if out:
            who = seen.player
        out += self._honour_laid_when_nudged(box, who)
        out += self._read_before_disproved(box, who, t)
        out += self._runner_up_proved(box, who, t)
        if self.referee is not None and who is not None:
            # the pile showed the honour, misread: the card read is free to come later
            out += self._renamed_together(self.referee.sweep(who, box), t, PROVEN)
        self._emptied(box)
        return out + [{"t": t, "type": "box_swept", "box": box, "player": who}]

    def _asked_honour_s_player(self, box: str, who: str | None) -> str | None:
        """Who emptied `box`: `who`, unless its honour's play was asked (the phone told nobody) and the rules refuse
        the box to `who` but give it to the player the engine credits with that play (the likeliest candidate). Only
        the honour's player takes its box: told to `who`, the sweep would be refused and the box, emptied, would keep
        its stake at the settlement."""
        seen = self.sightings.get(box)
        if self.referee is None or seen is None or seen.told is not None or seen.credited is None:
            return who
        if who is not None and self.referee.may_sweep(who, box):
            return who
        return seen.credited if self.referee.may_sweep(seen.credited, box) else who

    def _honour_laid_on_its_misread(self, box: str, seen: Attribution, who: str | None, t: float) -> list[dict]:
        """The arm that emptied `box` is the one seen at the last nudge (no card laid since), read as `box`'s honour
        again, and not the arm of `who`, credited with the honour on top, whom the rules gave the sweep: only the
        honour's player takes its box, right after laying it, so the nudge was the honour laid by that arm, and the
        top card was one doubt of its read (a runner-up within `rename_floor`, none on the pile, never an honour),
        misread as the honour laid on it. Only when one doubt alone leaves the fewest breaks, no more than now."""
        nudge, referee, top = self.nudged, self.referee, self._last_laid()
        arm = seen.player
        if (nudge is None or referee is None or not self.referee_current or arm is None or arm == who
                or top != box or box in self.proven or nudge.read.card != box or nudge.arm.player != arm
                or referee.may_sweep(arm, box)):
            return []
        confidence = float(nudge.read.confidence)
        fit = self._sole_doubt(box, self.sightings[box], referee.rule_breaks(),
                               lambda other: referee.breaks_if_played(arm, box, confidence, (box, other)))
        if fit is None:
            return []
        self.nudged = None
        log.warning("%s emptied the %s box after its arm seemed to nudge the %s on top: %s was laid then on %s",
                    arm, box, box, box, fit)
        return self._rename(box, fit, t, PROVEN) + self._proven_play(nudge.t, nudge.read, nudge.arm, PROVEN)

    def _honour_laid_when_nudged(self, box: str, who: str | None) -> list[dict]:
        """`who` emptied `box`, whose honour nobody read, after the pile changed by what was taken for its top card
        nudged, no card laid since: only the honour's player takes its box, right after laying it, so that change was
        the honour, laid squarely on the top card and read as it (`card_played` then, `proven`: `sweep`)."""
        if self.nudged is None or who is None or box in self.events_seen:
            return []
        t, self.nudged = self.nudged.t, None
        log.warning("%s emptied the %s box after the top card seemed nudged: %s was laid then", who, box, box)
        return self._proven_play(t, PileRead(box, 1.0, 1, 1, evidence={box: 1.0}), Attribution(who, (who,), {who: 1.0}),
                                 PROVEN)

    def late_sweep(self, t: float, box: str, player: str | None, swept_at: float | None) -> list[dict]:
        """`box`, whose honour `player` laid, was emptied while its call was open (by `swept_at`), and is told a sweep
        only now (`BoxTracker.judged_again`): the engine makes the call it had counted missed. Only the honour's
        player takes its box, so the sweep is theirs; nothing when the engine has no such missed call."""
        if player is None or (self.referee is not None and not self.referee.late_sweep(player, box)):
            return []
        self._emptied(box)
        return [{"t": t, "type": "box_swept", "box": box, "player": player, "swept_at": swept_at}]

    def _emptied(self, box: str) -> None:
        """Note `box` emptied: its honour, if on the pile, is proven, and its call is not missed."""
        if box in self.events_seen:
            self.proven.add(box)
        self.emptied.add(box)
        self.missed_in_doubt.pop(box, None)
        if self.showdown is not None:
            self.showdown.stake_kept.discard(box)

    def _runner_up_proved(self, box: str, who: str | None, t: float) -> list[dict]:
        """`who` emptied `box` right after laying the card read last, whose read had the box's honour as a runner-up
        (within `rename_floor` of its score): only the honour's player takes its box, so that card was the honour
        (`card_corrected`, `sweep`). The engine's `sweep_proof` covers reads that share a sign with the honour."""
        card = self._last_laid()
        if who is None or box in self.events_seen or card is None:
            return []
        last = self.sightings[card]
        if last.credited != who or read_share(last.evidence, card, box) < self.config.rename_floor:
            return []
        return self._rename(card, box, t, PROVEN)

    def _read_before_disproved(self, box: str, who: str | None, t: float) -> list[dict]:
        """`box`'s honour was read twice and the player credited with the later read emptied its box: that read is
        the honour (its player takes the box as it is laid), so the earlier read named a card the deck holds once and
        is renamed to its likeliest card not on the pile (`card_corrected`, `first`; the call the engine counted
        missed for it falls), or, when it scored no such card, to its rank's other suit of its ink (`_sign_misread`).
        Without a referee, or a card to rename it to, nothing."""
        earlier, later = self.read_before.pop(box, None), self.sightings.get(box)
        if earlier is None or later is None or who is None or later.credited != who or self.referee is None:
            return []
        instead = max((c for c in earlier.evidence if c not in self.events_seen), key=earlier.evidence.__getitem__,
                      default=None) or self._sign_misread(box, earlier)
        return [] if instead is None else self._one_of_two_renamed(box, earlier, later, True, instead, t)

    def _sign_misread(self, card: str, seen: Sighting) -> str | None:
        """The card `seen` was, read as `card` and scoring no other card off the pile: the inks tell a card's colour
        and a sure read its rank, so what it misread was the index sign, and it was `card`'s rank in the other suit of
        its ink (`PARTNER`). None when that card is on the pile or the ink `seen` showed rules its suit out."""
        instead = card[:-1] + PARTNER[card[-1]]
        if instead in self.events_seen or self.inks.rules_out(seen.ink, instead):
            return None
        return instead

    def _one_of_two_renamed(self, card: str, earlier: Sighting, later: Sighting, first: bool, instead: str,
                            t: float | None) -> list[dict]:
        """Of the two plays read as `card`, the `first` one (else the later one) renamed to `instead` (the engine
        told, `card_corrected` with `read_twice`; the call counted missed for it falls); the other keeps `card`.
        Perception is not told: the card on top is the later read. Nothing when the engine refuses."""
        assert self.referee is not None
        if not self.referee.rename(card, instead, first=first):
            return []
        self.read_before.pop(card, None)
        self.read_again_proven.discard(card)
        renamed, kept = (earlier, later) if first else (later, earlier)
        self._teaching_renamed([(card, instead, renamed)])
        self.renamed_to.add(instead)
        self.events_seen[instead] = float(renamed.event["confidence"])
        self.sightings[instead] = renamed
        self.events_seen[card] = float(kept.event["confidence"])
        self.sightings[card] = kept
        return [{**_corrected(card, instead, renamed, t, READ_TWICE), **({"first": True} if first else {})},
                *self._call_withdrawn(card, renamed, t)]

    def _misreads_of_two(self, taken: set[str], talon: frozenset[str]
                         ) -> Iterator[tuple[str, Sighting, Sighting, bool, str]]:
        """Each card read twice on the pile that the signs (`_partner_of_two`), or else `misread_of_two`, settle (the
        later read alone when a sweep had proven the earlier, `read_again_proven`: named by its sign when that leans to
        the other suit of its ink, else as doubting more than any), with its two sightings, whether the earlier is the
        misread one and the card that one names instead, claimed in `taken` from then on (the reads are taken from a
        snapshot: a caller may rename them as it goes); `talon`: the cards of `taken` only the talon the pile's names
        infer claims (`_in_the_talon`)."""
        for card, earlier in list(self.read_before.items()):
            later = self.sightings.get(card)
            if later is None:
                found = None
            elif card in self.read_again_proven:
                signs = self._partner_of_two(card, earlier, later, taken, talon)
                found = signs if signs is not None and not signs[0] else misread_of_two(
                    card, {card: 1.0}, self._as_read(card, later.evidence), taken, ((), self._unlike_its_ink(later)))
            else:
                found = self._partner_of_two(card, earlier, later, taken, talon) \
                    or misread_of_two(card, earlier.evidence, self._as_read(card, later.evidence), taken,
                                      (self._unlike_its_ink(earlier), self._unlike_its_ink(later)))
            if found is not None:
                taken.add(found[1])
                yield card, earlier, later, *found

    def _unlike_its_ink(self, seen: Sighting) -> set[str]:
        """The cards `seen`'s evidence scored whose suit the ink of its index rules out (`DeckInks.weights`)."""
        return set(self.inks.card_weights(seen.ink, list(seen.evidence)))

    def _partner_of_two(self, card: str, earlier: Sighting, later: Sighting, taken: Collection[str],
                        talon: Collection[str]) -> tuple[bool, str] | None:
        """A card read twice: the deck holds it once, the inks tell a card's colour and its index sign the suit within
        it, so the misread one is the other suit of its ink (`PARTNER`; unclaimed, its ink not ruling it out, never an
        honour), the read whose sign leans to that suit's learnt sign (nearer it than its own suit's) and more than
        the other read's. The sign measures the suit itself, so it decides before the reads' doubts (`misread_of_two`),
        which may lean towards cards on the pile, that neither read can be. When one read's sign went unread, the other
        decides alone if it looks like one of the two suits (`SignShapes.looks_like`: `CLOSER` times nearer): its own,
        and the unsigned read is the misread; the other, and it is. None while the signs cannot tell. The `talon` the
        pile's names infer claims nothing here: those names count the card read twice as one, so the card one read
        misnamed seems to be missing from the pile, as if in the talon."""
        suit, other = card[-1], PARTNER[card[-1]]
        instead = card[:-1] + other
        if (instead in taken and instead not in talon) or instead in HONOURS:
            return None
        first = self._misread_by_sign(earlier, later, suit, other)
        if first is None or self.inks.rules_out((earlier if first else later).ink, instead):
            return None
        return first, instead

    def _misread_by_sign(self, earlier: Sighting, later: Sighting, suit: str, other: str) -> bool | None:
        """Whether the `earlier` of two reads of one card of `suit` is the misread one by their index signs (see
        `_partner_of_two`), None when the signs cannot tell."""
        told = [self.sign_shapes.distances(seen.signs) for seen in (earlier, later)]
        known = [suit in distances and other in distances for distances in told]
        if all(known):
            leans = [distances[suit] - distances[other] for distances in told]
            return None if leans[0] == leans[1] or max(leans) <= 0.0 else leans[0] > leans[1]
        if not any(known):
            return None
        signed = known.index(True)
        seen = (earlier, later)[signed]
        if self.sign_shapes.looks_like(seen.signs, suit, other):
            return signed == 0
        if self.sign_shapes.looks_like(seen.signs, other, suit):
            return signed == 1
        return None

    def _misread_twice_as(self) -> dict[str, float]:
        """Per card read twice on the pile, the card its misread play likeliest is (`_misreads_of_two`, with the pile
        and the talon claimed), with that read's score of it: a card on the pile too, which a hand's completion must
        not guess, and which a hand holds only if it reads it more surely (`ShowdownReader.exclude`)."""
        talon = self._in_the_talon()
        return {instead: float((earlier if first else later).evidence.get(instead, 0.0))
                for _, earlier, later, first, instead in self._misreads_of_two(set(self.events_seen) | talon, talon)}

    def _read_twice_settled(self, t: float | None) -> list[dict]:
        """Each card still read twice as the deal is settled, one of its reads renamed as `misread_of_two` says,
        with every card seen on the pile, in the hands shown or known in the talon claimed."""
        out: list[dict] = []
        talon = self._in_the_talon()
        for card, earlier, later, first, instead in self._misreads_of_two(
                set(self.events_seen) | self._shown() | talon, talon):
            out += self._one_of_two_renamed(card, earlier, later, first, instead, t)
        return out

    def _call_withdrawn(self, was: str, sighting: Sighting | None, t: float | None) -> list[dict]:
        """`call_withdrawn` when the play renamed from honour `was` is the one whose `call_missed` was reported: that
        player never laid the honour, so the accusation is taken back as openly as it was made."""
        if was not in self.missed_told or (sighting is not None and (
                self.missed_told[was] not in (None, sighting.told)
                or self.missed_plays.get(was, sighting.event["t"]) != sighting.event["t"])):
            return []
        self.missed_plays.pop(was, None)
        return [{"t": t, "type": "call_withdrawn", "card": was, "player": self.missed_told.pop(was)}]

    def missed(self, missed: Iterable[tuple[str, str | None]], t: float | None,
               shown: Collection[str] | None = None) -> list[dict]:
        """The `call_missed` events of (honour, player) pairs whose honour was surely read, each remembered as told.
        During the deal (`shown` None) a hesitant read's call waits for the settlement, where the cards the hands
        show (`shown`) may rule its runner-up out; a doubt that remains then accuses nobody."""
        out = []
        for box, who in missed:
            if self._read_in_doubt(box, shown):
                if shown is None:
                    self.missed_in_doubt[box] = who
                else:
                    log.info("the %s box kept its stake, but the %s's read hesitated: no missed call is told", box, box)
                continue
            self.missed_told[box] = who
            if (seen := self.sightings.get(box)) is not None:
                self.missed_plays[box] = seen.event["t"]
            out.append({"t": t, "type": "call_missed", "card": box, "player": who})
        return out

    def _laying(self, honour: str, who: str | None) -> str | None:
        """Who the account credits with the play of `honour` now (`who`, the player its call waited on, when it holds
        none): a call in doubt waits for the settlement, and meanwhile its read may have been renamed (the honour read
        twice, the real one laid by another player) or its play given to another seat."""
        seen = self.sightings.get(honour)
        return who if seen is None else seen.credited

    def _read_in_doubt(self, card: str, shown: Collection[str] | None) -> bool:
        """Whether the pile's read of `card` hesitated with a card that is neither on the pile nor in `shown` nor of a
        suit the inks rule out (`_ruled_out_by_ink`) nor, once the deal is over, one the run or the index sign rules
        out (`_ruled_out_by_the_run`, `_ruled_out_by_sign`), or its index sign leans to such a card
        (`_sign_disagrees`), or, during the deal (`shown` None), it was read with low confidence or hesitated once the
        run's wish is counted (a Slavic Q♥ "Д" read K♥ where the run wanted a queen: a misread is likelier than the
        whole table passing on it): which cards it may have been is only known at the settlement. So is a card read
        twice (`read_before`): one read is wrong, so which play laid the honour, and when its call was due, is unknown.
        A card proven since holds by that evidence instead. Otherwise the read's scores are weighed without the rules'
        wish (`_as_seen`). A rename is a runner-up's guess: in doubt when a shown hand holds the card (the deck holds it
        once), or when the read, as renamed, still hesitates with another card the deck allows (a Konqi-modern Q♦ read
        Q♣, then renamed Q♠ when the real Q♣ came, its read scoring the Q♦ nearly as high as the Q♠)."""
        seen = self.sightings.get(card)
        if seen is None or card in self.proven:
            return False
        renamed = card in self.renamed_to
        if renamed and card in (shown or ()):
            return True
        if not renamed and card in self.read_before:
            return True
        ruled_out = {*self.sightings, *(shown or ()), *self._ruled_out_by_ink(card, seen)}
        if shown is not None:
            ruled_out |= self._ruled_out_by_the_run(card, seen, ruled_out) | self._ruled_out_by_sign(card, seen)
        unsure = shown is None and not renamed and (
            self._unsure(seen) or hesitated(card, seen.evidence, ruled_out, self.config.rename_floor))
        return unsure or hesitated(card, self._as_seen(seen), ruled_out, self.config.rename_floor) \
            or self._sign_disagrees(card, seen, ruled_out)

    @staticmethod
    def _as_seen(seen: Sighting) -> dict[str, float]:
        """A read's evidence without the rules' wish (`Sighting.wished`): a missed call accuses a player on what the
        camera saw, and the run wanting the honour is no sign that it was laid."""
        return {c: v / seen.wished.get(c, 1.0) for c, v in seen.evidence.items()}

    def _ruled_out_by_the_run(self, card: str, seen: Sighting, ruled_out: Collection[str]) -> set[str]:
        """The runner-ups of `card`'s read that would break the rules more than the read does (a K♠ laid on a J, where
        the read's Q♠ follows it): players keep to the run, so a misread is likelier than a break made for it. The deal
        is laid again with its passes inferred anew (`LiveReferee.broken_if_renamed`), since the passes a play implies
        depend on its name: a new lead fits once the others passed, unless their shown hands held the card wanted."""
        referee, hands = self.referee, self._hands_read()
        left = doubts(card, self._as_seen(seen), ruled_out, self.config.rename_floor)
        if not left or referee is None or (now := referee.broken_if_renamed(hands)) is None:
            return set()
        return {other for other in left
                if (after := referee.broken_if_renamed(hands, {card: other})) is not None and after > now}

    def _ruled_out_by_sign(self, card: str, seen: Sighting) -> set[str]:
        """The card of `card`'s rank in the other suit of its ink, when the read's index sign looks like its own
        suit's learnt sign (`SignShapes.looks_like`: `CLOSER` times nearer it than the other suit's): the inks tell
        the colour, the sign the two suits of one ink, and no design's sign looks like the other suit of its ink."""
        suit, other = card[-1], PARTNER[card[-1]]
        return {card[:-1] + other} if self.sign_shapes.looks_like(seen.signs, other, suit) else set()

    def _ruled_out_by_ink(self, card: str, seen: Sighting) -> set[str]:
        """The cards of `card`'s read whose suit the deck's inks, as known now, rule out for the ink its index showed
        (`DeckInks.weights`: far from that suit's ink, near another colour's), unless they rule out `card`'s own suit
        too: a runner-up printed in another colour than the card laid is no doubt about which card it was."""
        weighed = self.inks.card_weights(seen.ink, list(seen.evidence))
        return set() if card in weighed else set(weighed)

    def _sign_disagrees(self, card: str, seen: Sighting, ruled_out: Collection[str]) -> bool:
        """Whether `card`'s index sign lies nearer the learnt sign of the other suit of its ink, whose card of that rank
        is in none of `ruled_out`: the recogniser and the sign disagree on the one thing that accuses a player."""
        suit, partner = card[-1], PARTNER[card[-1]]
        return card[:-1] + partner not in ruled_out and self.sign_shapes.leans_to(seen.signs, suit, partner)

    def settled(self, t: float, card_laid: bool, view: np.ndarray | None) -> list[dict]:
        """The scene settled (after the card, if one was laid): the deal's end once the table settles with no card
        after the one that put someone out (a card laid before that proves the count wrong, and nothing is withdrawn),
        or the showdown read."""
        if self.showdown is None:
            if card_laid:
                self.end_pending = self._deal_end() is not None
                return []
            out = self._end(t) if self.end_pending else []
            if out and view is not None:
                out += self.showdown_view(view, t)
            return out
        return self.showdown_view(view, t) if not card_laid and view is not None else []

    def hands_shown(self, t: float, view: np.ndarray, places: Collection[str] = ()) -> list[dict]:
        """Cards appeared in the losers' places (`places`) with none on the pile: the deal is over although nobody
        was seen going out (a play of the winner's credited to someone else). The player who laid the last card
        credited to someone showing no hand went out: the plays of others that may be theirs are given back until
        the engine agrees, then the hands are read."""
        if self.deal_over or self.showdown is not None or not self.sightings:
            return []
        latest_first = sorted(self.sightings.values(), key=lambda s: s.event["t"], reverse=True)
        winner = next((s.credited for s in latest_first if s.credited is not None and s.credited not in places), None)
        if winner is None:
            return []
        out = self._given_back(winner, t)
        ended = self._deal_end()
        if ended is None:
            left = {**self.left_by_my_count(), winner: 0}
            log.warning("hands were laid out with nobody seen going out; %s, who laid the last card, is out", winner)
            ended = (winner, False, left)
        return out + self._end(t, ended) + self.showdown_view(view, t)

    def _given_back(self, winner: str, t: float) -> list[dict]:
        """Give `winner` the plays credited to others that may be theirs (`winners_play`), until the engine sees them
        go out."""
        out: list[dict] = []
        referee = self.referee
        while referee is not None and not referee.over and len(out) < MAX_REVISIONS:
            card = winners_play(self.sightings, winner, referee)
            if card is None or not referee.reassign(card, winner):
                break
            out += self._credited(card, winner, t)
        return out

    def showdown_view(self, view: np.ndarray, t: float | None) -> list[dict]:
        """A settled view after the deal: the hands it reveals, and the settlement once all are."""
        assert self.showdown is not None
        hands = self.showdown.settled(view)
        out = [{**event, "t": t} for event in self._recredited] + self._revealed(hands, t)
        self._recredited.clear()
        if not self.showdown.waiting:
            out += self._settle(t)
        return out

    @property
    def showdown_waiting(self) -> bool:
        return self.showdown is not None and bool(self.showdown.waiting)

    def finish(self, t: float | None) -> list[dict]:
        """End of the source: the hands last read and the settlement, if the deal was over."""
        if self.showdown is None:
            return []
        out = self._revealed(self.showdown.finish(), t)
        if not self.showdown.waiting:
            out += self._settle(t)
        return out

    # --- the deal's end and its withdrawal --------------------------------------------------------------

    def _end(self, t: float, ended: tuple[str, bool, dict[str, int]] | None = None) -> list[dict]:
        """`deal_over` and the showdown reader once someone is out of cards (or as `ended` concludes), else
        nothing."""
        ended = ended or self._deal_end()
        if ended is None:
            return []
        self.deal_over, self.end_pending = True, False
        winner, opera, left = ended
        self.winner = winner
        out = [{"t": t, "type": "deal_over", "winner": winner, "opera": opera}]
        out += self._renamed_by_inks(t)
        out += self._renamed_by_signs(t)
        out += self._renamed_by_passes(t)
        self._read_the_hands(left).winners_place = winner if self._out_on_a_doubt(winner) else None
        return out

    def _read_the_hands(self, left: Mapping[str, int]) -> ShowdownReader:
        """Start the showdown's reader of the places of the losers in `left` (cards each still holds)."""
        # A pile card whose read had no close runner-up and was sure of its card (or that a sweep proved) is surely
        # on the pile: no hand holds it, however surely a hand reads it (a hand's own card may read as a pile card of
        # another suit).
        unsure = {c for c, seen in self.sightings.items() if self._unsure(seen)}
        alternatives = pile_alternatives(self._evidence_the_sign_allows(), self.proven, self.config.rename_floor,
                                         unsure)
        alternatives |= self._kept_stakes_signed_otherwise(alternatives)
        self.showdown = self.start_showdown(
            {p: n for p, n in left.items() if n > 0},
            {c: v if c in alternatives else 1.0 for c, v in self.events_seen.items()} | self._misread_twice_as(),
            alternatives, self._in_the_talon())
        self.showdown.recount = self._recount
        self.showdown.rename_pile = self._kept_to_the_rules
        self.showdown.ink_rules_out = self._ink_rules_out
        self.showdown.rename_floor = self.config.rename_floor
        self.showdown.lacking = self._lacking()
        self.showdown.laid_between = self._laid_between()
        self.showdown.stake_kept = {c for c in alternatives if c in HONOURS and c not in self.emptied}
        self.showdown.disown = self._disowned
        return self.showdown

    def _out_on_a_doubt(self, winner: str) -> bool:
        """Whether a play credited to `winner` is doubtful (`vision.reattribution.play_doubt`): then their going out
        is a conclusion their place at the showdown can contradict."""
        return any(seen.credited == winner and seen.doubt != SURE for seen in self.sightings.values())

    def _disowned(self, bare: Collection[str]) -> bool:
        """The winner's place shows a hand laid out (`ShowdownReader.disown`): a doubtful play of theirs goes to a
        loser whose place shows nothing (`bare`) and whom it puts out (`disowned_play`); `player_corrected` and the
        deal's end told again (with the next view's events), and the losers' places read anew. Whether it did."""
        referee, winner = self.referee, self.winner
        if referee is None or winner is None:
            return False
        found = disowned_play(self.sightings, winner, bare, referee.cards_left(), referee)
        if found is None or not referee.reassign(*found):
            return False
        card, player = found
        log.warning("%s's place shows a hand laid out after the deal: %s was %s's, who went out", winner, card, player)
        self._recredited += self._credited(card, player, 0.0)
        self._recredited.append({"t": 0.0, "type": "deal_over", "winner": player, "opera": bool(referee.state.opera)})
        self.winner = player
        self._read_the_hands(referee.cards_left())
        return True

    def _kept_stakes_signed_otherwise(self, alternatives: Mapping[str, str]) -> dict[str, str]:
        """Pile honours without an alternative whose box kept its stake and whose index sign leans to the other suit of
        its ink (`_sign_disagrees`), each with that suit's card of its rank: the full box says the honour may never
        have been laid, the sign says which card was, so a shown hand that reads the honour surely holds it."""
        return {card: card[:-1] + PARTNER[card[-1]] for card in HONOURS
                if card not in alternatives and card not in self.emptied and card not in self.proven
                and (seen := self.sightings.get(card)) is not None
                and self._sign_disagrees(card, seen, self.events_seen)}

    def _deal_end(self) -> tuple[str, bool, dict[str, int]] | None:
        """(winner, opera, cards left per player) once someone is out of cards, else None.

        The engine decides; the account's own count of plays per player backs it up when the engine refused a
        play (an engine error), so the showdown is still read.
        """
        if self.referee is None:
            return None
        st = self.referee.state
        if self.referee.over:
            return self.players[st.winner], bool(st.opera), self.referee.cards_left()
        size = self._hand_size()
        out = [p for p, n in self.played_by_me.items() if size and n >= size]
        if not out:
            return None
        left = self.left_by_my_count()
        log.warning("the engine did not see %s go out (a misread card?); the deal is taken as over", out[0])
        return out[0], False, left

    def _hand_size(self) -> int:
        """Cards each player was dealt, as the engine says (0 without a referee)."""
        return int(getattr(self.referee.state, "hand_size", 0) or 0) if self.referee is not None else 0

    def left_by_my_count(self) -> dict[str, int]:
        """Cards each player still holds by the account's own count of their plays (not the engine's)."""
        size = self._hand_size()
        return {p: max(0, size - n) for p, n in self.played_by_me.items()}

    def _resume(self, t: float, card: str) -> list[dict]:
        """`card` was laid after the deal was taken as over: withdraw that conclusion and its showdown."""
        if self._settled and self.referee is not None:
            self.referee.reopen()
        was_over = self.deal_over
        self.deal_over, self.end_pending, self.showdown, self._settled = False, False, None, False
        if not was_over:
            return []
        log.warning("%s was laid after the deal was taken as over: the deal goes on", card)
        self.winner = None
        resumed = {"t": t, "type": "deal_resumed", "reason": f"{card} was laid after the deal was taken as over"}
        return [resumed, *self._inferred_withdrawn(t, card)]

    def _inferred_withdrawn(self, t: float, card: str) -> list[dict]:
        """The winner's plays only inferred at the settlement are taken back: `card`, laid since, shows the deal's end
        they completed was wrong."""
        out: list[dict] = []
        while self.inferred and self.referee is not None:
            unseen = self.inferred.pop()
            if self.referee.withdraw(unseen):
                out.append({"t": t, "type": "play_withdrawn", "card": unseen,
                            "reason": f"{card} was laid after the deal this unseen play ended"})
        return out

    def _revise(self, t: float) -> list[dict]:
        """Re-attribute the doubtful plays of the player the engine saw go out until the deal is open again and
        the plays it set aside as laid after the deal count; `player_corrected` for each. When nothing explains
        the card, it is told all the same, and the deal's end concluded again once the table settles with no new
        card."""
        out: list[dict] = []
        referee = self.referee
        while referee is not None and referee.over and len(out) < MAX_REVISIONS:
            best = self._best_revision(referee)
            if best is None or not referee.reassign(*best):
                break
            out += self._credited(*best, t)
        return out

    def _best_revision(self, referee: LiveReferee) -> tuple[str, str] | None:
        """(card, player) of the re-attribution of a play of the player the engine saw go out that reopens the deal
        (`reopening_play`); None when none does better than now."""
        winner = referee.state.winner
        return None if winner is None else reopening_play(self.sightings, self.players, self.players[winner], referee)

    def _recount(self, player: str, held: int, short: Mapping[str, int]) -> dict[str, int] | None:
        """`player`'s place shows `held` cards read surely, more than the plays credited leave them, and the places of
        the losers in `short` show fewer: plays credited to `player` go to those losers (a sure play only to the seat
        next nearest to where its arm came from, and only when the arm crossed that seat's edge at all, the usual
        neighbour mix-up: otherwise a misread in the hands is likelier; else the most doubtful) while the engine
        keeps the deal's end; every loser's new count, None when no play moved."""
        referee = self.referee
        if referee is None or not referee.over:
            return None
        left, moved = referee.cards_left(), False
        while left[player] < held and len(self._recredited) < MAX_REVISIONS:
            moving = recounted_play(self.sightings, player, short, left, referee)
            if moving is None:
                break
            card, other = moving
            if not referee.reassign(card, other):
                break
            log.info("%s's place shows %d cards: %s's play of %s was %s's", player, held, player, card, other)
            self._recredited += self._credited(card, other, 0.0)
            left, moved = referee.cards_left(), True
        if moved and self.showdown is not None:
            self.showdown.lacking = self._lacking()   # the passes were inferred from who laid the cards
        return left if moved else None

    def _credited(self, card: str, player: str, t: float) -> list[dict]:
        """Bookkeeping once the play of `card` is known to be `player`'s; the event that tells the phone."""
        seen = self.sightings[card]
        was, seen.credited, seen.told = seen.credited, player, player
        if was is not None:
            self.played_by_me[was] -= 1
        self.played_by_me[player] += 1
        return [{"t": t, "type": "player_corrected", "card": card, "was": was, "player": player,
                 "played_at": seen.event.get("t")}]

    # --- renames ----------------------------------------------------------------------------------------

    def _evidence(self) -> dict[str, Mapping[str, float]]:
        """Per card on the pile, the evidence of its read (as renamed so far)."""
        return {c: seen.evidence for c, seen in self.sightings.items()}

    def _evidence_the_sign_allows(self) -> dict[str, Mapping[str, float]]:
        """`_evidence` without the card of each read's rank in the other suit of its ink where the read's index sign
        rules that suit out (`_ruled_out_by_sign`): a shown hand's read of the pile card then says the hand's read is
        wrong (a Slavic Q♠ read K♠), not that the pile card was the other suit's."""
        out: dict[str, Mapping[str, float]] = {}
        for card, seen in self.sightings.items():
            ruled_out = self._ruled_out_by_sign(card, seen)
            out[card] = {c: v for c, v in seen.evidence.items() if c not in ruled_out}
        return out

    def _rename_earlier(self, card: str, evidence: Mapping[str, float], t: float) -> list[dict]:
        """`card` is on the pile already: rename the earlier reading when it is the likelier misread (the
        `card_corrected` event, and the engine told), else nothing. The new read's score of `card` is taken before
        the rules weighed it down as seen before (`seen_weight`): that weight is the doubt being settled here, and
        left in, it makes every second read look hesitant, so an earlier read never gives way. The name it takes
        keeps to the rules where the earlier one did (`_kept_to_the_rules`): a read the run renamed once has the
        run's rank, whatever its runner-up. A read a sweep proved (`proven`) stands: only the honour's player takes its
        box, right after laying it."""
        earlier = self.sightings.get(card)
        if earlier is None or card in self.proven:
            return []
        name = misread_sighting(card, earlier.evidence, self._as_read(card, evidence), self.events_seen,
                                self.config.rename_floor)
        return [] if name is None else self._rename(card, self._kept_to_the_rules(card, name), t, READ_TWICE)

    def _as_read(self, card: str, evidence: Mapping[str, float]) -> dict[str, float]:
        """A second read's evidence of `card` with its score of `card` as read, before the rules weighed it down as a
        card seen before (`seen_weight`)."""
        return {**evidence, card: evidence.get(card, 0.0) / self.config.seen_weight}

    def _renamed_by_inks(self, t: float) -> list[dict]:
        """`ink_swaps`, then `ink_renames`, of the pile as the deal ends, told as `card_corrected` (and to the
        engine)."""
        out = self._swapped_pairs(ink_swaps(self._read_once(), self._read_inks(), self.inks, self.proven,
                                            self.config.rename_floor, self.config.ink_learn_confidence), t, INKS)
        read_inks = self._read_inks()
        for card, instead in ink_renames(self._evidence(), read_inks, self.inks, self.proven,
                                         self.config.rename_floor, self.config.ink_learn_confidence).items():
            out += self._rename(card, instead, t, INKS)
        return out

    def _read_inks(self) -> dict[str, Ink | None]:
        """Per card on the pile, the ink its read showed (as renamed so far)."""
        return {c: seen.ink for c, seen in self.sightings.items()}

    def _renamed_by_signs(self, t: float) -> list[dict]:
        """`sign_swaps`, then `sign_renames`, of the pile as the deal ends, when every number card has taught its
        suit's sign."""
        read_signs = {c: seen.signs for c, seen in self.sightings.items()}
        out = self._swapped_pairs(sign_swaps(self._read_once(), read_signs, self.sign_shapes, self.proven,
                                             self.config.rename_floor), t, SIGNS)
        for card, instead in sign_renames(self._evidence(), read_signs, self.sign_shapes, self.proven,
                                          self.config.rename_floor).items():
            out += self._rename(card, instead, t, SIGNS)
        return out

    def _renamed_by_passes(self, t: float) -> list[dict]:
        """Pile reads renamed while a pass is contradicted by its player's own later card (they laid a card of the
        rank they had passed on, and one passes only when unable): a read the pass was inferred from (the cards laid
        just before and after it) or that later card was another card (`_pass_renames`). Of the renames that leave
        fewer passes contradicted and no more rule breaks, every play laid again with its passes inferred anew
        (`LiveReferee.contradicted_if_renamed`), the one that leaves fewest is made when it alone does and is no
        honour (a box still full would accuse on a guess)."""
        referee, out = self.referee, []
        if referee is None:
            return out
        for _ in range(MAX_PASS_RENAMES):
            now = referee.contradicted_if_renamed()
            if now is None or not now[0]:
                break
            left: dict[tuple[str, str], int] = {}
            for was, instead in self._pass_renames(now[0]):
                after = referee.contradicted_if_renamed({was: instead})
                if after is not None and _later_cards(after[0]) < _later_cards(now[0]) and after[1] <= now[1]:
                    left[(was, instead)] = _later_cards(after[0])
            best = [rename for rename, n in left.items() if n == min(left.values())]
            if len(best) != 1 or best[0][1] in HONOURS:
                break
            out += self._rename(*best[0], t, PASSES)
        return out

    def _pass_renames(self, found: Iterable[Contradicted]) -> set[tuple[str, str]]:
        """(read, card) renames that may lift the contradicted passes `found`: a runner-up of a read around a pass
        or of the later card (`doubts`), and the card the rules leave for the card laid after the pass (of the rank
        passed on) or before it (one the card after continues), as `likeliest_fit` names it from the read's own
        evidence (a read that never scored a card is not taken for it). Only reads by the camera, read once, never
        renamed and not proven by a sweep; never to a card on the pile."""
        evidence, floor, on_pile = self._evidence(), self.config.rename_floor, self.events_seen
        out: set[tuple[str, str]] = set()

        def touchable(card: str | None) -> bool:
            return card is not None and card in self.sightings and card not in self.read_before and \
                card not in self.renamed_to and card not in self.proven

        for c in found:
            for was in (c.before, c.after, *c.later):
                if touchable(was):
                    out.update((was, instead) for instead in doubts(was, evidence[was], on_pile, floor))
            for was, fits in ((c.after, c.passed), (c.before, c.continued)):
                if not touchable(was):
                    continue
                free = [card for card in fits if card not in on_pile]
                named = likeliest_fit(was, free, evidence[was], floor)
                if named is not None and evidence[was].get(named, 0.0) > 0.0:
                    out.add((was, named))
        return out

    def _read_once(self) -> dict[str, Mapping[str, float]]:
        """`_evidence` of the pile cards whose name was read once: swaps leave a name read twice out, since which
        of its two plays to trade is not known."""
        return {c: e for c, e in self._evidence().items() if c not in self.read_before}

    def _swapped_pairs(self, pairs: Iterable[tuple[str, str]], t: float | None, reason: str) -> list[dict]:
        """`_swapped` of each pair of pile reads found each to be the other card, the earlier play first."""
        out: list[dict] = []
        for a, b in pairs:
            out += self._swapped(*sorted((a, b), key=lambda c: self.sightings[c].event["t"]), t, reason)
        return out

    def _swapped(self, first: str, then: str, t: float | None, reason: str) -> list[dict]:
        """The reads of `first` and, laid later, `then` were each of the other card: tell the engine, then as
        `_renamed_together`, in one `card_corrected` marked `swap` (neither rename alone leaves each card on the
        pile once)."""
        if self.referee is not None:
            self.referee.swap(first, then)
        told = self._renamed_together([(first, then), (then, first)], t, reason)
        corrected = next(e for e in told if e["type"] == "card_corrected")
        return [{**corrected, "swap": True}, *(e for e in told if e["type"] != "card_corrected")]

    def _rename(self, was: str, card: str, t: float | None, reason: str) -> list[dict]:
        """The account found the card read as `was` to be `card`: tell the engine, then as `_renamed`."""
        if self.referee is not None:
            self.referee.rename(was, card)
        return self._renamed(was, card, t, reason)

    def _renamed(self, was: str, card: str, t: float | None, reason: str) -> list[dict]:
        """Bookkeeping once the card read as `was` is known to be `card`; the event that tells the phone, with
        why (`PROVEN` ... `SHOWN_HAND`)."""
        return self._renamed_together([(was, card)], t, reason)

    def _renamed_together(self, renames: Sequence[tuple[str, str]], t: float | None, reason: str) -> list[dict]:
        """`_renamed` of several reads at once, so that two reads found swapped each keep their own sighting; the
        events in the order given (each renames the latest play of its `was` at that point)."""
        seen = {was: (self.events_seen.pop(was, 1.0), self.sightings.pop(was, None)) for was, _ in renames}
        self._teaching_renamed([(was, card, seen[was][1]) for was, card in renames])
        out = []
        for was, card in renames:
            confidence, sighting = seen[was]
            self.renamed_to.add(card)
            self.events_seen[card] = confidence
            if sighting is not None:
                self.sightings[card] = sighting
            self.on_rename(was, card)
            out += [_corrected(was, card, sighting, t, reason), *self._call_withdrawn(was, sighting, t)]
        return out

    def _teaching_renamed(self, renames: Sequence[tuple[str, str, Sighting | None]]) -> None:
        """Of reads found to be another card (was, card, the sighting renamed), those whose sure read taught `was`'s
        suit its pips and sign teach `card`'s instead: a read shown wrong showed the real card's face, and left with
        the name it misread, it would blur the very shapes that tell a suit from the other of its ink. (The inks keep
        theirs: each suit's colour is the one most of its reads agree on, `DeckInks.colours`.)"""
        moved = [(was, card, sighting) for was, card, sighting in renames
                 if sighting is not None and self.taught.get(was) is sighting]
        for was, _, _ in moved:
            del self.taught[was]
        for _, card, sighting in moved:
            self.taught[card] = sighting
        pairs = [(was, card) for was, card, _ in moved]
        self.pip_shapes.renamed(pairs)
        self.sign_shapes.renamed(pairs)

    # --- the showdown -----------------------------------------------------------------------------------

    def _in_the_talon(self) -> frozenset[str]:
        """The cards of the runs everybody passed on, told by pile cards read surely (`_tells_the_table`): a run that
        stopped and a new one led say that much whoever laid them. Which player alone passed turns on who laid the
        cards, and a neighbour's card credited to its player's neighbour makes the wrong one seem to stop."""
        return self.referee.in_the_talon(self._tells_the_table) if self.referee is not None else frozenset()

    def _lacking(self) -> dict[str, frozenset[str]]:
        """Per player, the cards they passed on this deal, told by pile cards read surely and laid by the players the
        arms named alone (`SURE`, not credited to another since): which player passed turns on who laid the cards
        around the pass."""
        if self.referee is None:
            return {}

        def sure(card: str) -> bool:
            seen = self.sightings.get(card)
            return self._tells_the_table(card) and seen is not None and seen.doubt == SURE and \
                seen.credited == seen.event["player"]

        return self.referee.lacking(sure)

    def _laid_between(self) -> list[frozenset[str]]:
        """Per play read surely that breaks the run (or leads anew where a later card contradicts the passes) only for
        want of one card between it and the card before, read surely too, the cards that could be the one laid unseen
        (`LiveReferee.laid_between`)."""
        return self.referee.laid_between(self._tells_the_table) if self.referee is not None else []

    def _unsure(self, seen: Sighting) -> bool:
        """Whether a pile read was under the confidence a card is taken on (`min_card_confidence`)."""
        return float(seen.event["confidence"]) < self.config.min_card_confidence

    def _read_surely(self, card: str) -> bool:
        """Whether the pile card read as `card` was read surely (at least `min_card_confidence`, no runner-up within
        `rename_floor`, and read once: the deck holds each card once, so one of two reads of a name is wrong)."""
        seen = self.sightings.get(card)
        return (seen is not None and card not in self.read_before
                and not self._unsure(seen)
                and not hesitated(card, seen.evidence, self.sightings, self.config.rename_floor))

    def _tells_the_table(self, card: str) -> bool:
        """Whether the pile card read as `card` says what the table holds, by the passes and the talon inferred around
        it: read surely (`_read_surely`), and on what the camera saw (`_as_seen`) with no doubt the run allows as well
        (`_ruled_out_by_the_run`). A read the run's wish chose over a card that keeps the rules too only repeats the
        run: the passes inferred from it would rule out of a hand the very card it holds."""
        seen = self.sightings.get(card)
        if seen is None or not self._read_surely(card):
            return False
        ruled_out = {*self.sightings, *self._ruled_out_by_ink(card, seen)}
        left = doubts(card, self._as_seen(seen), ruled_out, self.config.rename_floor)
        return not left or not set(left) - self._ruled_out_by_the_run(card, seen, ruled_out)

    def _revealed(self, hands: list[tuple[str, tuple[str, ...]]], t: float | None) -> list[dict]:
        """The events of `hands` just revealed, after those of the pile cards the shown hands renamed and not yet
        told (the engine renames them before it settles); a hand names the cards its completion only guessed, and
        those the rules say its player laid unseen (`ShowdownReader.laid_unseen`)."""
        assert self.showdown is not None
        out = []
        for was, card in self.showdown.renamed.items():
            if was in self.events_seen and card not in self.events_seen:
                out += self._rename(was, self._kept_to_the_rules(was, card), t, SHOWN_HAND)
        return out + [{"t": t, "type": "hand_revealed", "player": p, "cards": list(c),
                       **({"guessed": list(self.showdown.guessed[p])} if self.showdown.guessed.get(p) else {}),
                       **({"laid_unseen": list(laid)} if (laid := self.showdown.laid_unseen.get(p)) else {})}
                      for p, c in hands]

    def _ink_rules_out(self, was: str, card: str) -> bool:
        """Whether the ink the pile's read of `was` showed rules out `card`'s suit (the deal's learnt inks), or is of
        `was`'s suit's colour and not of `card`'s (`DeckInks.tells_apart`): a sure read names the rank and the ink."""
        seen = self.sightings.get(was)
        return seen is not None and (self.inks.rules_out(seen.ink, card)
                                     or self.inks.tells_apart(seen.ink, suit_of(was), suit_of(card)))

    def _kept_to_the_rules(self, was: str, card: str, held: Collection[str] = ()) -> str:
        """What the pile card read as `was`, which a shown hand or a later read claims, is renamed to: its read's
        runner-up `card`, unless that breaks the rules where `was` kept them (a Slavic Q♦ read Q♣ between a J and a
        K, its runner-up an A); then, when the rules leave one rank, the likeliest of its cards seen on no pile and
        in no hand, shown or being shown (`held`) (`likeliest_fit` of `was`'s evidence, never an honour)."""
        referee, seen = self.referee, self.sightings.get(was)
        if referee is None or seen is None:
            return card
        now = referee.rule_breaks()
        after = referee.breaks_if_renamed(was, card)
        if after is not None and after <= now:
            return card
        taken = set(self.events_seen) | self._shown() | set(held)
        fits = [other for other in DECK if other not in taken
                and (breaks := referee.breaks_if_renamed(was, other)) is not None and breaks <= now]
        return likeliest_fit(was, fits, seen.evidence, self.config.rename_floor) or card

    def _missed_unwatched(self, t: float | None) -> list[dict]:
        """Missed calls of honours that were read as another card when laid and renamed since, or taken for no card
        laid and found since (`laid_unseen`), their box never emptied: the engine, told of the play, counts the call
        missed, but no box reading said so: the box watched was the misread card's, or none."""
        if self.referee is None:
            return []
        unwatched = self.renamed_to | (self.laid_unseen - self.emptied)
        missed = [(card, self.players[seat]) for seat, card, _ in self.referee.state.missed_calls
                  if card in unwatched and card not in self.missed_told and not self._seen_by_nobody(card)]
        return self.missed(missed, t, self._read_in_hands())

    def _seen_by_nobody(self, card: str) -> bool:
        """Whether the play now named `card` was read with low confidence and its arm singled out nobody (the phone
        was asked): a missed call accuses a player of laying that honour, and when it was laid neither the card nor
        its player was seen, so a rename (a guess) is not enough to accuse."""
        seen = self.sightings.get(card)
        return seen is not None and seen.event["player"] is None and self._unsure(seen)

    def _unseen_to_the_winner(self, t: float | None) -> list[dict]:
        """The hands laid out ended a deal the engine never saw its winner go out of (a last card laid squarely on
        the one before, taken for it nudged): each card the winner's count lacks is played for them, the card seen on
        no pile, in no hand and in no talon that breaks the rules least (the last card's suit first; never an
        honour: its full box would accuse them of a missed call on a guess), told as an `unseen` play to check."""
        referee, winner, out = self.referee, self.winner, []
        if referee is None or winner is None:
            return out
        taken = set(self.events_seen) | self._shown() | self._in_the_talon() | HONOURS
        last = referee.state.last_card
        while not referee.over and referee.cards_left()[winner] > 0:
            ranked = [(breaks, last is None or SUIT[card] != SUIT[last], i, card) for i, card in enumerate(DECK)
                      if card not in taken and (breaks := referee.breaks_if_played(winner, card, 0.0)) is not None]
            if not ranked:
                break
            card = min(ranked)[-1]
            if "engine_error" in referee.play(winner, card, 0.0):
                break
            log.warning("%s went out with a card nobody saw: %s is the likeliest", winner, card)
            taken.add(card)
            self.inferred.append(card)
            out.append({"t": t, "type": "card_played", "card": card, "player": winner, "candidates": [],
                        "confidence": 0.0, "unseen": True})
        return out

    def _shown(self) -> set[str]:
        """The cards the losers' hands revealed."""
        return cards_of(self.showdown.revealed) if self.showdown is not None else set()

    def _hands_read(self) -> dict[str, set[str]]:
        """Per loser, the cards their revealed hand holds, less those its completion only guessed (as
        `_read_in_hands`)."""
        if self.showdown is None:
            return {}
        return {p: set(cards) - set(self.showdown.guessed.get(p, ())) for p, cards in self.showdown.revealed.items()}

    def _read_in_hands(self) -> set[str]:
        """The cards the losers' hands revealed, less those their completion only guessed (`ShowdownReader.guessed`):
        a guess may settle what a hand holds, never the doubt that would accuse a player of a missed call."""
        if self.showdown is None:
            return set()
        return self._shown() - cards_of(self.showdown.guessed)

    def _settle(self, t: float | None) -> list[dict]:
        if self.referee is None or self.showdown is None or self._settled:
            return []
        self._settled = True
        # a missed call needs its honour on the pile: one renamed since it was laid was never played
        doubted = [(box, self._laying(box, who)) for box, who in self.missed_in_doubt.items()]
        unswept = [(box, who) for box, who in [*self.close_boxes(), *doubted]
                   if box in self.events_seen and box not in self.missed_told]
        self.missed_in_doubt.clear()
        out = self.missed(unswept, t, self._read_in_hands()) + self._missed_unwatched(t)
        out += self._read_twice_settled(t)
        out += self._unseen_to_the_winner(t)
        try:
            result = self.referee.settle(dict(self.showdown.revealed))
        except Exception as exc:  # noqa: BLE001 - e.g. a misread hand the engine refuses; the phone can fix it
            log.warning("could not settle the deal from the hands read: %s", exc)
            return out
        return out + [{"t": t, "type": "settlement", **result}]
