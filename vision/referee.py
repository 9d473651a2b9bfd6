"""The rules' side of the live pipeline: a live engine game for the deal, and what it makes likely.

`LiveReferee` wraps `engine.nain_jaune.game.Game(live=True)`: who may play, the passes nobody films, the
corrections the camera's later evidence proves, when the deal is over, the settlement. `rule_prior` weighs a
pile read by the rules; `sweeper` says who emptied a box.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Mapping, Protocol, Sequence

from vision.attribute import Attribution

log = logging.getLogger("nainjaune.watch")

RULE_FLAGS = ("engine_error", "out_of_turn", "out_of_sequence", "seen_twice", "not_in_hand", "not_playing", "too_many_cards")
"""Engine notices that mark a card_played as doubtful (shown to the players, never silently accepted)."""
RULE_BREAKS = ("out_of_turn", "out_of_sequence", "not_in_hand")
"""Engine notices that make a reading of the deal less likely (a revision prefers the reading with fewest)."""


class PriorWeights(Protocol):
    """The weights `rule_prior` gives (`vision.watch.WatchConfig` has them)."""

    wanted_weight: float
    seen_weight: float
    unplayable_weight: float


@dataclass(frozen=True)
class Contradicted:
    """A pass its player's own later card contradicts, in card names (`engine.nain_jaune.live.Contradiction`): the
    cards laid just `before` and `after` it, the cards it `passed` on, the player's `later` cards among them, and the
    cards `after` `continued` (those the card before may have been)."""

    before: str | None
    after: str
    passed: tuple[str, ...]
    later: tuple[str, ...]
    continued: tuple[str, ...]


class LiveReferee:
    """A live-mode engine game for one deal: who may play, when it is over, and the settlement."""

    def __init__(self, players: Sequence[str], dealer: str, chips: int, rules: str,
                 options: Mapping[str, Any] | None = None) -> None:
        from engine.nain_jaune.game import Game

        self.game = Game(list(players), rules=rules, options=options, chips=chips, live=True)
        self.game.new_deal(dealer=dealer)
        self.players = tuple(players)

    @property
    def state(self):  # noqa: ANN201 - engine.nain_jaune.state.State
        return self.game.state

    def wanted(self) -> tuple[str, ...]:
        """The cards that continue the sequence now: the wanted rank in every suit the rules allow (Lindor: all
        four), wild cards included; none when any card may start a new sequence."""
        from engine.nain_jaune.state import PLAY

        st = self.state
        if st.phase != PLAY or st.wanted is None or st.winner is not None:
            return ()
        return tuple(st.rules.playable(st.wanted))

    def playable(self, player: str) -> frozenset[str]:
        """The cards `player` may lay now, the passes nobody sees included; none outside the play."""
        from engine.nain_jaune.live import playable_now

        return playable_now(self.game, self.players.index(player))

    def may_sweep(self, player: str, box: str) -> bool:
        """Whether `player` laid `box`'s honour and may still empty the box (by the engine's count)."""
        from engine.nain_jaune.live import may_sweep

        return may_sweep(self.game, self.players.index(player), box)

    def allowed(self) -> list[str]:
        """Players who still hold cards, from the player to move clockwise (the likeliest first)."""
        st = self.state
        start = st.to_move if st.to_move is not None else 0
        n = len(self.players)
        return [self.players[(start + k) % n] for k in range(n) if st.counts[(start + k) % n] > 0]

    def _guarded(self, what: str, call: Callable[[], list]) -> list[str]:
        """The camera keeps watching even if the rules engine trips on an observation; the lead hears of it."""
        try:
            return [n.kind for n in call()]
        except Exception as exc:  # noqa: BLE001 - one bad observation must not stop the live pipeline
            log.warning("the rules engine rejected %s: %s: %s", what, type(exc).__name__, exc)
            return ["engine_error"]

    def _applied(self, what: str, fix: Any) -> bool:
        """Apply a correction (`engine.core.events.Correction`, None: there is none to make) through `_guarded`;
        whether the engine took it."""
        return fix is not None and "engine_error" not in self._guarded(what, lambda: self.game.apply(fix))

    def play(self, player: str, card: str, confidence: float) -> list[str]:
        """Lay a card, first inferring the passes nobody sees: a camera cannot watch a player decline."""
        self._guarded("inferred passes", lambda: self._infer_passes(player, card))
        return self._guarded(f"{player} plays {card}", lambda: self.game.play(player, card, confidence=confidence))

    def _infer_passes(self, player: str, card: str) -> list:
        from engine.nain_jaune.cards import parse_card
        from engine.nain_jaune.live import unseen_passes

        for event in unseen_passes(self.game, self.players.index(player), parse_card(card)):
            self.game.apply(event)
        return []

    def sweep(self, player: str, box: str) -> list[tuple[str, str]]:
        """Apply a sweep, first correcting the plays the sweep proves misread (`engine.nain_jaune.live.sweep_proof`:
        the last card was the honour, read in another suit); return the (card read, card) renames it made."""
        from engine.nain_jaune.live import sweep_proof

        renames = []
        for fix in sweep_proof(self.game, self.players.index(player), box):
            was = next(e.card for i, e in self.game.effective_events() if i == fix.index)
            if not self._applied(f"the sweep's proof that {was} was {fix.replacement.card}", fix):
                break
            renames.append((was, fix.replacement.card))
        self._guarded(f"{player} sweeps {box}", lambda: self.game.sweep(player, box))
        return renames

    def late_sweep(self, player: str, box: str) -> bool:
        """Make `player`'s honour of `box`, whose call the engine counted missed, a call: its box was emptied in time
        but told a sweep only later (`engine.nain_jaune.live.late_sweep`); whether the engine took it."""
        from engine.nain_jaune.live import late_sweep

        fix = late_sweep(self.game, self.players.index(player), box)
        return self._applied(f"{player}'s late sweep of {box}", fix)

    def rename(self, was: str, card: str, first: bool = False) -> bool:
        """Rename the latest play of `was` this deal (`first`: its first) to `card` (the camera saw `was` twice);
        whether the engine took it."""
        from engine.nain_jaune.live import renamed_play

        fix = renamed_play(self.game, was, card, first)
        return self._applied(f"renaming {was} to {card}", fix)

    def swap(self, a: str, b: str) -> bool:
        """Trade the cards of this deal's latest plays of `a` and `b` (each read as the other's card); whether the
        engine took it. Undone whole if the engine trips halfway: a half swap leaves one card on the pile twice."""
        from engine.nain_jaune.live import swapped_plays

        fixes = swapped_plays(self.game, a, b)
        before = len(self.game.events)
        if fixes and "engine_error" not in self._guarded(f"swapping {a} and {b}",
                                                         lambda: self.game.extend(fixes)):
            return True
        while len(self.game.events) > before:
            self.game.undo()
        return False

    def breaks_if_played(self, player: str, card: str, confidence: float, renamed: tuple[str, str] | None = None,
                         first: tuple[str, str] | None = None, withdrawn: str | None = None) -> int | None:
        """The rule breaks of this deal (`rule_breaks`) were `player` to lay `card` now (the passes nobody sees
        inferred), after this deal's latest play of `renamed[0]` was renamed to `renamed[1]`, its latest play of
        `withdrawn` taken back and `first[0]` laid `first[1]`; the game is left as it was. None when the rename or
        the withdrawal is not possible or the engine trips."""
        from engine.nain_jaune.live import renamed_play, withdrawn_play

        before = len(self.game.events)
        try:
            if renamed is not None:
                fix = renamed_play(self.game, *renamed)
                if not self._applied(f"trying {renamed[0]} as {renamed[1]}", fix):
                    return None
            if withdrawn is not None and not self._applied(f"trying without {withdrawn}",
                                                           withdrawn_play(self.game, withdrawn)):
                return None
            if first is not None and "engine_error" in self.play(*first, confidence):
                return None
            if "engine_error" in self.play(player, card, confidence):
                return None
            return self.rule_breaks()
        finally:
            while len(self.game.events) > before:
                self.game.undo()

    def breaks_if_renamed(self, was: str, card: str) -> int | None:
        """The rule breaks of this deal (`rule_breaks`) were its latest play of `was` renamed to `card`; the game is
        left as it was. None when the rename is not possible or the engine trips."""
        from engine.nain_jaune.live import renamed_play

        fix = renamed_play(self.game, was, card)
        if not self._applied(f"trying {was} as {card}", fix):
            return None
        try:
            return self.rule_breaks()
        finally:
            self.game.undo()

    def reassign(self, card: str, player: str) -> bool:
        """Give this deal's play of `card` to `player` (a later contradiction showed the arm misjudged), with the
        sweep and call of its box if it is an honour; whether the engine took them (else none is kept)."""
        return self._applied_all(f"giving {card} to {player}", self._reassignment(card, player))

    def _reassignment(self, card: str, player: str) -> tuple[Any, ...]:
        """`engine.nain_jaune.live.reassignment`: the play and its box's claims (only the honour's player takes its
        box); none when the play may not be given."""
        from engine.nain_jaune.live import reassignment

        return reassignment(self.game, card, self.players.index(player))

    def _applied_all(self, what: str, fixes: Sequence[Any]) -> bool:
        """Apply `fixes` in order (`_applied`); when the engine refuses one, those already applied are undone.
        Whether all were taken (False when there are none)."""
        for applied, fix in enumerate(fixes):
            if not self._applied(what, fix):
                for _ in range(applied):
                    self.game.undo()
                return False
        return bool(fixes)

    def withdraw(self, card: str) -> bool:
        """Take back this deal's latest play of `card` (one only inferred, which later play disproved, or one read
        while a hand was over the pile, which the next card showed was none); whether the engine took it."""
        from engine.nain_jaune.live import withdrawn_play

        fix = withdrawn_play(self.game, card)
        return self._applied(f"taking back {card}", fix)

    def if_reassigned(self, card: str, player: str) -> tuple[bool, int, int] | None:
        """(the deal over, plays set aside as laid after it, rule breaks) were `card` given to `player`; the game
        is left as it was. None when no such reassignment is possible."""
        fixes = self._reassignment(card, player)
        if not self._applied_all(f"trying {card} as {player}'s", fixes):
            return None
        try:
            return self.over, self.dropped(), self.rule_breaks()
        finally:
            for _ in fixes:
                self.game.undo()

    def contradicted_if_renamed(self, renames: Mapping[str, str] | None = None
                                ) -> tuple[list[Contradicted], int] | None:
        """(the passes their seat's own later card contradicts, rule breaks) of this deal's plays laid again with
        `renames` (card read -> card), every pass inferred anew (`engine.nain_jaune.live.contradictions` of
        `_replayed`); the game is left as it is. None when the engine trips."""
        from engine.nain_jaune.live import contradictions

        game = self._replayed(renames)
        if game is None:
            return None
        names = lambda cards: tuple(str(c) for c in cards)  # noqa: E731
        return ([Contradicted(None if c.before is None else str(c.before), str(c.after), names(c.passed),
                              names(c.later), names(c.continued)) for c in contradictions(game)],
                _deal_breaks(game))

    def broken_if_renamed(self, hands: Mapping[str, Collection[str]], renames: Mapping[str, str] | None = None
                          ) -> int | None:
        """The rule breaks of this deal laid again with `renames` (card read -> card), every pass inferred anew
        (`_replayed`), and the cards its players passed on that their shown `hands` (player -> cards) hold: one
        passes only when unable, so a pass of a card kept to the end breaks the rules too. None when the engine
        trips."""
        from engine.nain_jaune.live import lacking

        game = self._replayed(renames)
        if game is None:
            return None
        held = sum(1 for seat, cards in lacking(game).items() for card in cards
                   if str(card) in hands.get(self.players[seat], ()))
        return held + _deal_breaks(game)

    def _replayed(self, renames: Mapping[str, str] | None = None):  # noqa: ANN202 - engine.nain_jaune.game.Game
        """`engine.nain_jaune.live.replayed` of this deal with `renames`; None when the engine trips (a check that
        trips tells nothing and stops nothing, as `_guarded`)."""
        from engine.nain_jaune.live import replayed

        try:
            return replayed(self.game, renames)
        except Exception as exc:  # noqa: BLE001 - one bad observation must not stop the live pipeline
            log.warning("the rules engine could not lay this deal's plays again: %s: %s", type(exc).__name__, exc)
            return None

    def dropped(self) -> int:
        """Plays of this deal the engine set aside because someone had gone out before them."""
        from engine.nain_jaune.live import dropped_plays

        return len(dropped_plays(self.game))

    def rule_breaks(self) -> int:
        """Plays of this deal out of turn, out of sequence or not in hand, as the engine folds the log now."""
        return _deal_breaks(self.game)

    def reopen(self) -> None:
        """Withdraw this deal's showdown and settlement: cards were laid after it."""
        from engine.nain_jaune.live import reopened_deal

        self._guarded("reopening the deal", lambda: self.game.extend(reopened_deal(self.game)))

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def in_the_talon(self, sure: Callable[[str], bool]) -> frozenset[str]:
        """The cards of the runs everybody passed on this deal, which lie in the talon (a player passes only when
        unable), counting a run only when the cards laid just before and after its last pass were read surely
        (`sure`, per pile card): the passes are inferred from them, and one misread card makes everybody seem to
        pass."""
        from engine.nain_jaune.live import talon_told

        return _told_surely(talon_told(self._laid_again()), sure)

    def laid_between(self, sure: Callable[[str], bool]) -> list[frozenset[str]]:
        """Per play out of sequence (a 7 after a 5), or new lead whose passes a later card contradicts, that one card
        laid unseen just before it would continue, the cards that could be that one, counting it only when the play
        and the card before it are `sure`: a misread of either breaks the run as well."""
        from engine.nain_jaune.live import laid_between

        return [frozenset(fits) for card, (before, fits) in laid_between(self._laid_again()).items()
                if sure(card) and sure(before)]

    def lacking(self, sure: Callable[[str], bool]) -> dict[str, frozenset[str]]:
        """Per player, the cards they passed on this deal, which their hand cannot hold (the others pass only when
        unable; the last card's player's stop tells only where the rules say one stops only when unable), counting a
        pass only when the cards laid just before and after it are `sure`: the pass was inferred from who laid them."""
        from engine.nain_jaune.live import lacking

        told = {self.players[seat]: _told_surely(cards, sure) for seat, cards in lacking(self._laid_again()).items()}
        return {player: cards for player, cards in told.items() if cards}

    def _laid_again(self):  # noqa: ANN202 - engine.nain_jaune.game.Game
        """This deal's plays laid again with their passes inferred anew (`_replayed`), else the game itself: the
        passes inferred as each card was laid follow the plays as they were read then, and a card renamed since may
        imply others (a J♠ renamed A♠ turns the passes on the queens before the 2♥ laid next into passes on the
        twos)."""
        game = self._replayed()
        return self.game if game is None else game

    def cards_left(self) -> dict[str, int]:
        return {p: int(self.state.counts[i]) for i, p in enumerate(self.players)}

    def settle(self, hands: dict[str, tuple[str, ...]]) -> dict[str, Any]:
        from engine.nain_jaune.cards import BOXES

        self.game.showdown({p: list(c) for p, c in hands.items()})
        result = self.game.settle()
        return {"chips": dict(zip(self.players, (int(c) for c in result.chips))),
                "board": {str(b): int(v) for b, v in zip(BOXES, result.board)}}


def _deal_breaks(game) -> int:  # noqa: ANN001 - engine.nain_jaune.game.Game
    """The notices of `game`'s current deal that are rule breaks (`RULE_BREAKS`)."""
    from engine.nain_jaune.live import deal_start

    start = deal_start(game)
    return sum(1 for n in game.notices if n.index >= start and n.kind in RULE_BREAKS)


def _told_surely(told: Mapping[str, tuple[str | None, str | None]], sure: Callable[[str], bool]) -> frozenset[str]:
    """The cards of `told` (card -> the cards laid just before and after the passes it was inferred from, None: no
    such play) whose both plays are `sure`."""
    return frozenset(card for card, around in told.items() if all(laid is None or sure(laid) for laid in around))


def rule_prior(referee: LiveReferee | None, seen: Iterable[str], player: str | None,
               config: PriorWeights) -> dict[str, float]:
    """What the rules make likely for the card being read (1 for a card not named): the wanted cards; hardly a
    card seen before, or one that `player`, whose arm laid it, may not lay now. Without a referee, only the
    cards seen are known."""
    seen = set(seen)
    weights = {card: config.seen_weight for card in seen}
    if referee is None:
        return weights
    for card in referee.wanted():
        if card not in seen:
            weights[card] = config.wanted_weight
    playable = referee.playable(player) if player is not None else frozenset()
    if playable:
        from engine.core.cards import DECK

        for card in DECK:
            if card not in playable and card not in seen:   # a card seen keeps its own weight: misread then?
                weights[card] = config.unplayable_weight
    return weights


def sweeper(box: str, seen: Attribution, honour_player: str | None, moved: Mapping[str, float],
            referee: LiveReferee | None) -> str | None:
    """Who emptied `box`: the seat the sweeping arm came from (`seen`), unless the honour's player is likelier.

    The honour's player sweeping is the rule. They are kept when their arm moved at all in this motion (`moved`:
    an arm reaching across the table can look as if it came from a neighbour's seat), and when the engine gives
    the box to them and not to the seat seen (only the honour's player may take its box).
    """
    who = seen.player or honour_player
    if honour_player is None or seen.player == honour_player:
        return who
    ev = seen.evidence
    if ev.get(honour_player, 0.0) * 10 >= max(ev.values(), default=0.0) or moved.get(honour_player, 0.0) > 0:
        return honour_player
    if referee is not None and referee.may_sweep(honour_player, box) and not (
            seen.player is not None and referee.may_sweep(seen.player, box)):
        return honour_player
    return who
