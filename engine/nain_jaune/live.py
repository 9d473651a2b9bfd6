"""Live mode helpers: following a real table where the hands are unknown.

:class:`engine.nain_jaune.game.Game` does the work (``Game(..., live=True)``); this module adds the words a
camera feed and a phone need:

* :func:`start_live_game` — a live game with its first deal started, hands unknown;
* :func:`observe` — one observed play (card, player, optional confidence) → notices;
* :func:`unseen_passes` — the passes a camera cannot see that make an observed play legal;
* :func:`playable_now` — the cards a player may lay now, those passes included;
* :func:`sweep_proof` — the corrections a sweep proves: the card just laid was the honour, misread;
* :func:`late_sweep` — the correction that makes a call counted missed a call: its sweep was judged late;
* :func:`misread_as` — whether one card may be another read with one index sign wrong;
* :func:`renamed_play` — the correction that renames a card read earlier this deal (the camera saw it twice);
* :func:`reassigned_play` — the correction that gives a card read earlier this deal to another player;
* :func:`reassigned_claims` — the corrections that give an honour's sweep and call to the player its play went to;
* :func:`reassignment` — both: a play and its box's claims given to another player;
* :func:`withdrawn_play` — the correction that takes back a play of this deal the camera only inferred;
* :func:`dropped_plays` — the plays of this deal the engine set aside because the deal was already over;
* :func:`deal_start` — the log index where the current deal starts;
* :func:`lacking` — the cards each player passed on this deal, which their hand cannot hold;
* :func:`laid_between` — the plays out of sequence (or after passes contradicted) one unseen card would mend;
* :func:`stopped_at_will` — whether a player was seen to stop while able this deal (then a stop tells nothing);
* :func:`contradictions` — the passes of this deal that their seat's own later card contradicts;
* :func:`replayed` — this deal's plays laid again in a fresh game, some renamed, their passes inferred anew;
* :func:`reopened_deal` — the corrections that withdraw this deal's showdown and settlement (play went on);
* :func:`may_sweep` — whether a player has an honour on the pile whose box is theirs to empty now;
* :func:`view` — who is to play, what is wanted, how many cards each holds, who went out.

In live mode the engine knows each player's card count from the deal size, so it knows who went
out; an observation that breaks the rules (a card out of sequence, a card seen twice, a player
playing out of turn) is reported as a :class:`engine.nain_jaune.notices.Notice` and the game follows the
table. At the end, :meth:`Game.showdown` takes the revealed remaining hands and
:meth:`Game.settle` settles.
"""

from __future__ import annotations

from bisect import bisect_left
from contextlib import closing
from dataclasses import dataclass, replace
from typing import Any, Iterator, Mapping, Sequence

from engine.core.events import Correction
from engine.nain_jaune.cards import ACE, BOXES, DECK, JACK, KING, QUEEN, RANK, SUIT, Card, parse_card
from engine.nain_jaune.events import Ante, Call, Deal, NewDeal, Pass, Play, Settlement, Showdown, Sweep
from engine.nain_jaune.game import Game, PlayerRef
from engine.nain_jaune.notices import NOT_PLAYING, OUT_OF_SEQUENCE, Notice
from engine.nain_jaune.state import PLAY


def start_live_game(
    players: Sequence[str],
    *,
    rules: str = "lindor",
    options: Mapping[str, Any] | None = None,
    chips: int | Sequence[int] | Mapping[str, int] = 100,
    board: Mapping[str, int] | None = None,
    dealer: PlayerRef | None = None,
) -> Game:
    """A live game (hands unknown) with its first deal started: antes paid, cards dealt."""
    game = Game(players, rules=rules, options=options, chips=chips, board=board, live=True)
    game.new_deal(dealer)
    return game


def observe(game: Game, player: PlayerRef, card: str, confidence: float | None = None,
            call: bool = False) -> Sequence[Notice]:
    """One observed play. Never raises for a rule the table broke: that comes back as notices."""
    return game.play(player, card, call=call, confidence=confidence)


def _unseen_pass_walk(game: Game) -> Iterator[list[Pass]]:
    """Yield the passes applied so far (none at first), then apply the next: the player to move declines the
    run being followed, at most twice round the table. Closing the walk undoes them all."""
    passes: list[Pass] = []
    try:
        for _ in range(2 * len(game.state.players)):
            yield passes
            st = game.state
            if st.phase != PLAY or st.to_move is None or st.wanted is None:
                return
            step = Pass(int(st.to_move))
            game.apply(step)
            passes.append(step)
        yield passes
    finally:
        for _ in passes:
            game.undo()


def unseen_passes(game: Game, seat: int, card: Card) -> list[Pass]:
    """The passes that make `seat` laying `card` legal, in table order, or none if no run of passes does.

    A camera sees cards land, never a player declining: when Bruno lays the wanted rank after Anne, Anne
    passed. Without these passes a live game would flag every such play as out of turn. The game is left
    as it was (passes are tried, then undone); the caller applies them with the play.
    """
    with closing(_unseen_pass_walk(game)) as walk:
        for passes in walk:
            if game.state.may_play(seat, card):
                return list(passes)
    return []


def playable_now(game: Game, seat: int) -> frozenset[Card]:
    """The cards ``seat`` may lay now, counting the passes a camera cannot see (see :func:`unseen_passes`).

    Only the player who laid the last card may start a new sequence, once nobody can follow: anyone else
    lays the card that continues it. A camera that saw Chloé's arm lay a card after Bruno's Q therefore
    knows the card is a K, whatever its index looked like.
    """
    if game.state.phase != PLAY:
        return frozenset()
    cards: set[Card] = set()
    with closing(_unseen_pass_walk(game)) as walk:
        for _ in walk:
            st = game.state
            cards.update(c for c in DECK if st.may_play(seat, c))
    return frozenset(cards)


def may_sweep(game: Game, seat: int, box: Card) -> bool:
    """Whether ``seat`` laid an honour whose box ``box`` they may still empty (their call is pending).

    Only the honour's player takes its box: when the camera sees another arm empty it, that arm's seat
    was misjudged, as long as the honour's player may take it and the other may not.
    """
    return game.state.pending_honour(seat, box) is not None


def sweep_proof(game: Game, seat: int, box: Card) -> tuple[Correction, ...]:
    """The corrections that ``seat`` sweeping ``box`` proves, in the order to apply them (none: nothing to correct).

    Only the honour's player sweeps its box right after laying it. So when the last card laid this
    deal is ``seat``'s, was read by the camera (it has a confidence) and could be the honour misread, the
    camera misread it (:func:`misread_as`): Q♦ for the Q♠ whose box Anne then empties. When the honour is already
    on the pile, read by the camera earlier with its call missed (its stake then stays for the next deal: nobody
    may take it now), that earlier read was the misread one: the two reads are swapped. A card entered by hand
    (no confidence) is never second-guessed.
    """
    if box not in BOXES:
        return ()
    plays = list(_plays_this_deal(game))
    if not plays:
        return ()
    index, event = plays[0]
    if event.seat != seat or event.confidence is None or not misread_as(event.card, box):
        return ()
    proof = Correction(index, replace(event, card=box))
    if box not in game.state.played_by:
        return (proof,)
    earlier = next(((i, e) for i, e in plays[1:] if e.card == box), None)
    if earlier is None or earlier[1].confidence is None or (earlier[1].seat, box, earlier[0]) not in \
            game.state.missed_calls:
        return ()
    return Correction(earlier[0], replace(earlier[1], card=event.card)), proof


def late_sweep(game: Game, seat: int, box: Card) -> Correction | None:
    """The correction that makes ``seat``'s play of ``box``'s honour this deal a call, or ``None``: the camera saw
    the box emptied while the call was still open, but could only tell it was a sweep later (a few small chips on
    the box's picture, judged once a clear sweep showed this table's chips), when the engine had counted the call
    missed. Only a call the engine counted missed is made; a card entered by hand is left to the family."""
    if box not in BOXES:
        return None
    box_for = game.rules.box_for
    missed = {index for s, card, index in game.state.missed_calls if s == seat and box_for(card) == box}
    found = next(((index, event) for index, event in _plays_this_deal(game) if index in missed), None)
    if found is None or found[1].confidence is None:
        return None
    return Correction(found[0], replace(found[1], call=True))


def misread_as(read: Card, card: Card) -> bool:
    """Whether the camera may have read ``card`` as ``read``: one of the index's two signs wrong. The rank in
    another suit, or, for a lettered rank (the ace and the courts), any rank of its suit: a deck draws those letters
    in any alphabet (A/R/D/V, As/K/D/B, Т/К/Д/В), some shaped like digits (Cyrillic В like an 8, Д like a 4), so a
    lettered rank is the sign an unseen deck hides best; the number cards print digits in every deck."""
    if read == card:
        return False
    return RANK[read] == RANK[card] or (SUIT[read] == SUIT[card] and RANK[card] in (ACE, JACK, QUEEN, KING))


def renamed_play(game: Game, was: str, card: str, first: bool = False) -> Correction | None:
    """The correction that renames the latest play of ``was`` in this deal (``first``: its first) to ``card``, or
    ``None``.

    A deck holds each card once, so when the camera reads a card that is already on the pile, one of the two
    readings is wrong; the camera knows which hesitated (see ``vision.watch``), or which a sweep proved. Only a card
    the camera read (it has a confidence) is renamed, and only to a card not on the pile this deal.
    """
    was, card = parse_card(was), parse_card(card)
    if was == card or card in game.state.played_by:
        return None
    plays = [(index, event) for index, event in _plays_this_deal(game) if event.card == was]  # newest first
    found = (plays[-1] if first else plays[0]) if plays else None
    if found is None or found[1].confidence is None:
        return None
    return Correction(found[0], replace(found[1], card=card))


def swapped_plays(game: Game, a: str, b: str) -> tuple[Correction, ...]:
    """The corrections, in the order to apply them, that trade the cards of this deal's latest plays of ``a`` and
    ``b``; none when either was not laid this deal or not read by the camera.

    Two reads of one rank can each name the other's suit (a four-colour deck read by a model that leans on two
    colours): neither can be renamed alone, since each names a card on the pile. The first correction leaves the
    card on the pile twice, which live mode ignores, and the second sets it right.
    """
    a, b = parse_card(a), parse_card(b)
    found_a, found_b = _latest_play(game, a), _latest_play(game, b)
    if a == b or found_a is None or found_b is None or None in (found_a[1].confidence, found_b[1].confidence):
        return ()
    return Correction(found_a[0], replace(found_a[1], card=b)), Correction(found_b[0], replace(found_b[1], card=a))


def reassigned_play(game: Game, card: str, seat: int) -> Correction | None:
    """The correction that gives this deal's play of ``card`` to ``seat``, or ``None``.

    The camera may credit a card to the wrong arm; a later contradiction (a player who went out plays again)
    says so. Only a card the camera read (it has a confidence) is reassigned; the passes inferred before it stay.
    """
    card = parse_card(card)
    if type(seat) is not int or not 0 <= seat < game.state.n_players:
        return None
    found = _latest_play(game, card)
    if found is None or found[1].confidence is None or found[1].seat == seat:
        return None
    return Correction(found[0], replace(found[1], seat=seat))


def reassigned_claims(game: Game, card: str, seat: int) -> tuple[Correction, ...]:
    """The corrections that give ``seat`` the sweeps and calls of ``card``'s box made by others after this deal's
    play of ``card``; none when ``card`` has no box, or nobody else claimed it.

    Only the honour's player takes its box, right after laying it, so a claim on it then was theirs, whoever it was
    credited to (the play's player as the camera had it, or the arm it saw sweep): given the play
    (``reassigned_play``), ``seat`` takes the claims too. Left behind, the sweep would be a stray claim and the call
    counted missed.
    """
    card = parse_card(card)
    box = game.rules.box_for(card)
    found = _latest_play(game, card)
    if box is None or found is None or type(seat) is not int or not 0 <= seat < game.state.n_players:
        return ()
    claims = ((i, e) for i, e in game.effective_events()
              if i > found[0] and type(e) in (Sweep, Call) and e.seat != seat)
    return tuple(Correction(i, replace(e, seat=seat)) for i, e in claims
                 if (e.box if type(e) is Sweep else game.rules.box_for(e.card)) == box)


def reassignment(game: Game, card: str, seat: int) -> tuple[Correction, ...]:
    """The corrections that give ``seat`` this deal's play of ``card`` (``reassigned_play``) and its box's claims
    (``reassigned_claims``), in the order to apply them; none when the play may not be given."""
    fix = reassigned_play(game, card, seat)
    return () if fix is None else (fix, *reassigned_claims(game, card, seat))


def withdrawn_play(game: Game, card: str) -> Correction | None:
    """The correction that removes this deal's latest play of ``card``, or ``None``.

    A play the camera never saw, only inferred (the winner's last card, when the hands laid out ended a deal the
    engine never saw end), is taken back when cards are laid after all; a play read while a hand was over the pile,
    when the card laid next shows no card was laid. Only a camera play (with a confidence).
    """
    found = _latest_play(game, parse_card(card))
    if found is None or found[1].confidence is None:
        return None
    return Correction(found[0], None)


def dropped_plays(game: Game) -> list[int]:
    """Log indices of this deal's plays the engine did not apply because the deal was already over.

    In live mode such a play is kept in the log, flagged ``not_playing``: should a correction show the deal was
    not over then, the refold applies it.
    """
    start = deal_start(game)
    return sorted({n.index for n in game.notices
                   if n.kind == NOT_PLAYING and n.index >= start and type(game.events[n.index]) is Play})


def reopened_deal(game: Game) -> list[Correction]:
    """The corrections that remove this deal's showdown and settlement: cards were laid after all, so the deal
    was not over when its hands were shown. Newest first (a settlement needs its showdown); nothing once the
    next deal has started."""
    start = deal_start(game)
    return [Correction(index, None) for index, event in reversed(game.effective_events())
            if index >= start and type(event) in (Showdown, Settlement)]


def deal_start(game: Game) -> int:
    """Log index of the current deal's ``NewDeal`` (0 before any)."""
    return next((index for index, event in reversed(game.effective_events()) if type(event) is NewDeal), 0)


def _plays_this_deal(game: Game) -> Iterator[tuple[int, Play]]:
    """The plays of the current deal as they stand after corrections, with their log index, newest first."""
    for index, event in reversed(game.effective_events()):
        if type(event) is NewDeal:
            return
        if type(event) is Play:
            yield index, event


def _latest_play(game: Game, card: Card) -> tuple[int, Play] | None:
    """This deal's latest play of ``card`` with its log index, or ``None``."""
    return next(((index, event) for index, event in _plays_this_deal(game) if event.card == card), None)


def laid_between(game: Game) -> dict[Card, tuple[Card, tuple[Card, ...]]]:
    """Each play of this deal told out of sequence (a 7 after a 5), or whose passes a later card contradicts (a new
    lead after everybody passed on the fives, one of whom laid a five later), that one card laid just before it
    would continue, with the card laid before it and the cards laid nowhere this deal that could be that one: a card
    laid squarely on the one before goes unseen, and the rules say one was laid."""
    plays = _deal_plays(game)
    start = deal_start(game)
    broken = {n.index for n in game.notices if n.kind == OUT_OF_SEQUENCE and n.index >= start}
    contradicted = {c.after for c in contradictions(game)}
    laid = {card for _, card, _ in plays}
    follows = game.rules.follows
    out = {}
    for (_, before, _), (index, card, _) in zip(plays, plays[1:]):
        if index not in broken and card not in contradicted:
            continue
        fits = tuple(c for c in DECK if c not in laid and follows(before, c) and follows(c, card))
        if fits:
            out[card] = (before, fits)
    return out


def talon_told(game: Game) -> dict[Card, tuple[Card | None, Card | None]]:
    """Each card of `State.stuck_on` with the cards laid just before and just after the pass that put it in the
    talon this deal (None: no such play): the plays a camera inferred that round of passes from. None once a player
    was seen to stop at will (`stopped_at_will`): the run's last player may hold them."""
    plays = _deal_plays(game)
    if _stopped_at_will(game, plays):
        return {}
    indices = [index for index, _, _ in plays]
    around = {}
    for card, index in game.state.stuck_on.items():
        at = bisect_left(indices, index)
        around[card] = (plays[at - 1][1] if at > 0 else None, plays[at][1] if at < len(plays) else None)
    return around


def lacking(game: Game) -> dict[int, dict[Card, tuple[Card | None, Card | None]]]:
    """Per seat, the cards it passed on this deal (`State.passes`: the last card's player's stops only where one
    stops only when unable, option `stop_at_will`, and not once a player was seen to stop at will), those not laid
    before that pass, each with the cards laid just before and just after the pass (None: no such play), from which
    a camera inferred it: the others pass only when unable, and a hand only loses cards, so the seat holds none of
    them at the end. The passes inferred from one pair of plays stand or fall together: one that its seat's own later
    card contradicts (it laid one of them after all) shows those plays were not what they seemed, and they tell
    nothing."""
    plays = _deal_plays(game)
    laid = {card: (index, seat) for index, card, seat in plays}
    groups = _passes_by_plays(game, plays)
    at_will = _stops_contradicted(groups, plays, laid)
    out: dict[int, dict[Card, tuple[Card | None, Card | None]]] = {}
    for at, passes in groups.items():
        if at_will:
            passes = [p for p in passes if not _is_stop(plays, at, p[0])]
        if any(_contradicted(laid, *p) for p in passes):
            continue
        around = (plays[at - 1][1] if at > 0 else None, plays[at][1] if at < len(plays) else None)
        for seat, cards, index in passes:
            for card in cards:
                if laid.get(card, (index, None))[0] >= index:
                    out.setdefault(seat, {}).setdefault(card, around)
    return out


@dataclass(frozen=True)
class Contradiction:
    """A pass that its seat's own later card contradicts: one of the plays it was inferred from (`before`, `after`:
    the cards laid just before and just after it) or the seat's `later` card was not what it was read as. `passed`:
    the cards the pass declined (the rank `after` did not continue); `continued`: the cards `after` continues."""

    seat: int
    before: Card | None
    after: Card
    passed: tuple[Card, ...]
    later: tuple[Card, ...]
    continued: tuple[Card, ...]


def contradictions(game: Game) -> list[Contradiction]:
    """This deal's passes that their seat contradicts by laying one of the cards passed on after the pass, in the
    order of the plays they were inferred from. A player passes only when unable (or at a stop), and a hand only
    loses cards."""
    plays = _deal_plays(game)
    laid = {card: (index, seat) for index, card, seat in plays}
    out = []
    for at, passes in sorted(_passes_by_plays(game, plays).items()):
        if at >= len(plays):
            continue
        for seat, cards, index in passes:
            later = _laid_after(laid, seat, cards, index)
            if later:
                after = plays[at][1]
                out.append(Contradiction(seat, plays[at - 1][1] if at > 0 else None, after, tuple(cards), later,
                                         tuple(c for c in DECK if game.rules.follows(c, after))))
    return out


def replayed(game: Game, renames: Mapping[str, str] | None = None) -> Game:
    """A fresh live game in which this deal's plays (as they stand after corrections, `renames` applied: card read
    -> card) are laid again in their order, each with the passes that make it legal inferred anew (`unseen_passes`):
    what the camera's plays say when some were read otherwise. A rename keeps the passes inferred when the card was
    laid; only laying the plays again tells which passes the renamed plays imply."""
    told = {parse_card(was): parse_card(card) for was, card in (renames or {}).items()}
    setup = game.setup
    fresh = Game(setup.players, rules=setup.rules, options=setup.options, chips=setup.chips, board=setup.board,
                 live=True)
    start = deal_start(game)
    fresh.extend(event for index, event in game.effective_events()
                 if index < start or type(event) in (NewDeal, Ante, Deal))
    for _, event in reversed(list(_plays_this_deal(game))):
        card = told.get(event.card, event.card)
        fresh.extend(unseen_passes(fresh, event.seat, card))
        fresh.apply(replace(event, card=card))
    return fresh


def stopped_at_will(game: Game) -> bool:
    """Whether a player who laid the last card stopped this deal and later laid a card of the rank they stopped on:
    they stopped while able, so at this table a stop tells nothing of a hand (whatever option `stop_at_will` says),
    nor are the cards of a run everybody passed on surely in the talon."""
    return _stopped_at_will(game, _deal_plays(game))


Passes = dict[int, list[tuple[int, list[Card], int]]]
"""This deal's passes grouped by the play they came before (its place in `_deal_plays`, the number of plays before
them): (seat, the cards the pass declined, log index)."""


def _deal_plays(game: Game) -> list[tuple[int, Card, int]]:
    """This deal's plays as they stand after corrections: (log index, card, seat), in log order."""
    return sorted((index, event.card, event.seat) for index, event in _plays_this_deal(game))


def _passes_by_plays(game: Game, plays: list[tuple[int, Card, int]]) -> Passes:
    """`State.passes` grouped by the play each came before: the passes one pair of plays was read as telling."""
    indices = [index for index, _, _ in plays]
    rules = game.rules
    groups: Passes = {}
    for seat, wanted, index in game.state.passes:
        cards = [c for c in rules.playable(wanted) if rules.matches(wanted, c)]
        groups.setdefault(bisect_left(indices, index), []).append((seat, cards, index))
    return groups


def _is_stop(plays: list[tuple[int, Card, int]], at: int, seat: int) -> bool:
    """Whether a pass of `seat` before the play at `at` is that seat's stop after its own card."""
    return at > 0 and plays[at - 1][2] == seat


def _contradicted(laid: dict[Card, tuple[int, int]], seat: int, cards: list[Card], index: int) -> bool:
    """Whether `seat` laid one of the `cards` it passed on at `index` after that pass."""
    return bool(_laid_after(laid, seat, cards, index))


def _laid_after(laid: dict[Card, tuple[int, int]], seat: int, cards: list[Card], index: int) -> tuple[Card, ...]:
    """The `cards` that `seat`, having passed on them at `index`, laid after that pass."""
    return tuple(c for c in cards if laid.get(c, (-1, None))[1] == seat and laid[c][0] > index)


def _stopped_at_will(game: Game, plays: list[tuple[int, Card, int]]) -> bool:
    """`stopped_at_will` on this deal's plays (`_deal_plays`), already listed."""
    laid = {card: (index, seat) for index, card, seat in plays}
    return _stops_contradicted(_passes_by_plays(game, plays), plays, laid)


def _stops_contradicted(groups: Passes, plays: list[tuple[int, Card, int]], laid: dict[Card, tuple[int, int]]) -> bool:
    """Whether a stop of this deal is contradicted by its player's own later card (see `stopped_at_will`)."""
    return any(_is_stop(plays, at, seat) and _contradicted(laid, seat, cards, index)
               for at, passes in groups.items() for seat, cards, index in passes)


def view(game: Game) -> dict[str, Any]:
    """What the table looks like to the engine now, JSON-ready (names, not seats)."""
    st = game.state
    players = st.players
    actors = st.actors()
    return {
        "phase": st.phase,
        "dealer": None if st.dealer is None else players[st.dealer],
        "to_move": None if st.to_move is None or st.phase != PLAY else players[st.to_move],
        "may_act": [players[s] for s in actors],
        "leading": st.leading,
        "wanted": None if st.wanted is None or st.phase != PLAY else str(st.wanted),
        "whose_turn": game.whose_turn(),
        "cards_left": dict(zip(players, st.counts)),
        "out": None if st.winner is None else players[st.winner],
        "opera": st.opera if st.winner is not None else None,
        "pile": list(st.pile),
        "pending_calls": [{"player": players[s], "card": c} for s, c, _ in st.pending],
        "missed_calls": [{"player": players[s], "card": c} for s, c, _ in st.missed_calls],
        "chips": dict(zip(players, st.chips)),
        "board": {b: st.board[b] for b in BOXES},
        "game_over": st.game_over,
    }


__all__ = ["Contradiction", "contradictions", "deal_start", "dropped_plays", "laid_between", "lacking", "may_sweep",
           "misread_as", "observe", "playable_now", "reassigned_claims", "reassigned_play", "reassignment",
           "renamed_play", "reopened_deal", "replayed", "start_live_game", "stopped_at_will", "swapped_plays",
           "sweep_proof", "unseen_passes", "view"]
