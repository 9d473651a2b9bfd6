"""What the pile's reads say about misread cards: pure functions over the evidence each read kept.

A deck holds each card once, so a card read twice, a card a shown hand holds, or a suit the deck's inks rule out
says that one read named the wrong card; the runner-up of that read (`vision.pile.PileRead.evidence`) is the
card it likely was.
"""

from __future__ import annotations

from itertools import combinations
from typing import Collection, Mapping, Sequence

from engine.core.cards import SUITS
from engine.nain_jaune.cards import HONOURS
from vision.inks import DeckInks, Ink


def misread_sighting(card: str, earlier: Mapping[str, float], now: Mapping[str, float], on_pile: Collection[str],
                     floor: float) -> str | None:
    """`card` was read on the pile again: the card the earlier reading should have named, or None.

    A deck holds each card once, so one of the two readings is wrong: the one whose runner-up came closer to it
    (scores weighed by the rules, as `PileRead.evidence` keeps them, except the new read's score of `card`, which
    the caller gives as read: its weight as a card seen before is the very doubt; a card on the pile is no
    runner-up). The earlier one is renamed when its runner-up reached at least `floor` of its score and came closer
    than the new reading's did: a read that hesitated is the likelier misread of the two.
    """
    before, runner_up = _runner_up(card, earlier, on_pile)
    again, _ = _runner_up(card, now, on_pile)
    return runner_up if before >= floor and before > again else None


def misread_of_two(card: str, earlier: Mapping[str, float], later: Mapping[str, float], taken: Collection[str],
                   unlike: tuple[Collection[str], Collection[str]] = ((), ())) -> tuple[bool, str] | None:
    """A card read twice that no evidence settled by the deal's end: (whether the earlier read is the misread one,
    the card it names instead), or None.

    The deck holds the card once, so one read named another card. The read that doubted more (its other cards'
    scores as a share of its own, `read_doubt`) is the likelier misread; it is renamed to the card it scored highest
    of those claimed nowhere (not in `taken`: the pile, the hands shown, the talon), never an honour (a box's stake
    turns on it), nor one of `unlike` (per read, the cards its index's ink rules out: a card prints its suit's
    ink). Both reads as sure, or no card left to name: None. `later`: its score of `card` as read, before the rules
    weighed it down as seen before."""
    first, second = read_doubt(card, earlier), read_doubt(card, later)
    if first == second:
        return None
    evidence, ink_out = (earlier, unlike[0]) if first > second else (later, unlike[1])
    left = [c for c in evidence
            if c != card and c not in taken and c not in HONOURS and c not in ink_out and evidence[c] > 0.0]
    return None if not left else (first > second, max(left, key=evidence.__getitem__))


def read_doubt(card: str, evidence: Mapping[str, float]) -> float:
    """How much a read of `card` doubted: the scores of all the other cards as a share of `card`'s."""
    return sum(v for c, v in evidence.items() if c != card) / max(evidence.get(card, 0.0), 1e-9)


def hesitated(card: str, evidence: Mapping[str, float], ruled_out: Collection[str], floor: float) -> bool:
    """Whether a read of `card` left a doubt (`doubts`), as a read `misread_sighting` would rename."""
    return bool(doubts(card, evidence, ruled_out, floor))


def doubts(card: str, evidence: Mapping[str, float], ruled_out: Collection[str], floor: float) -> list[str]:
    """The runner-ups of a read of `card` that the deck still allows (not in `ruled_out`: on the pile, or in a hand
    shown) and that reached `floor` of its score: the cards the read may have been instead."""
    return [c for c in evidence if c != card and c not in ruled_out and read_share(evidence, card, c) >= floor]


def read_share(evidence: Mapping[str, float], card: str, other: str) -> float:
    """`other`'s score in a pile read of `card` as a share of `card`'s: how close the read came to naming it."""
    return evidence.get(other, 0.0) / max(evidence.get(card, 0.0), 1e-9)


def likeliest_fit(read: str, fits: Sequence[str], evidence: Mapping[str, float], floor: float) -> str | None:
    """Of the cards the rules leave for a misread `read`, when they are all of one rank, the one its evidence scored
    as a runner-up (at least `floor` of the read's score, as for the other renames), else the one of its suit, else
    the one its evidence scored at all; each only when alone there (the highest score singled out); never an honour
    (a box still full would accuse on a guess); None when nothing singles one out."""
    if len({c[:-1] for c in fits}) != 1:
        return None
    fits = [c for c in fits if c not in HONOURS]
    scores = sorted(((evidence.get(c, 0.0), c) for c in fits), reverse=True)
    singled = bool(scores) and scores[0][0] > 0.0 and (len(scores) == 1 or scores[1][0] < scores[0][0])
    if singled and read_share(evidence, read, scores[0][1]) >= floor:
        return scores[0][1]
    own = [c for c in fits if c[-1] == read[-1]]
    if own:
        return own[0] if len(own) == 1 else None
    return scores[0][1] if singled else None


def _runner_up(card: str, evidence: Mapping[str, float], on_pile: Collection[str]) -> tuple[float, str | None]:
    """The likeliest other card of a pile read (none on the pile) and its score as a share of `card`'s."""
    _, best = max(((p, c) for c, p in evidence.items() if c != card and c not in on_pile), default=(0.0, None))
    return (0.0 if best is None else read_share(evidence, card, best)), best


def pile_alternatives(sightings: Mapping[str, Mapping[str, float]], proven: Collection[str],
                      floor: float, unsure: Collection[str] = ()) -> dict[str, str]:
    """Per card on the pile, the card its read may have been instead, for the showdown to weigh.

    A shown hand that reads a pile card more surely than the pile did holds it; the pile card is then taken to
    be the runner-up of its read, since the deck holds each card once. Only a runner-up that reached `floor` of
    the read's score counts, as for `misread_sighting`, unless the read was `unsure` of its own card (under the
    confidence a card is taken on): then any runner-up it scored at all; and never for a card a sweep proved: its
    box was emptied, so it is that honour.
    """
    out = {}
    for card, evidence in sightings.items():
        share, runner_up = _runner_up(card, evidence, sightings)
        if card not in proven and runner_up is not None and (share >= floor or (card in unsure and share > 0.0)):
            out[card] = runner_up
    return out


def ink_renames(sightings: Mapping[str, Mapping[str, float]], read_inks: Mapping[str, Ink | None], inks: DeckInks,
                proven: Collection[str], floor: float, sure_rank: float) -> dict[str, str]:
    """Pile cards whose suit the inks known now rule out -> the likeliest other card of their read (`sightings`: the
    evidence per card) that the inks allow, when that came within `floor` of the read and is not on the pile; else
    the card of the read's rank in the one suit the inks allow (`same_rank_by_ink`); in the order to rename them.

    A read made before its suits' inks were known could not be weighed by them (the deal's first cards, or a
    four-colour deck's suits read by a model that leans on two colours). A read renamed frees its name for another
    read the inks rename (the deck holds each card once), so the pile is gone over until nothing more is renamed.
    Never a card a sweep proved."""
    on_pile = set(sightings)
    out: dict[str, str] = {}
    renamed = True
    while renamed:
        renamed = False
        for card, evidence in sightings.items():
            ink = read_inks.get(card)
            ruled_out = inks.card_weights(ink, list(evidence))
            if card in out or card in proven or card not in ruled_out:
                continue
            allowed = [c for c in evidence if c not in ruled_out and c not in on_pile]
            instead = max(allowed, key=evidence.__getitem__, default=None)
            if instead is None or evidence[instead] < floor * evidence[card]:
                instead = same_rank_by_ink(card, evidence, set(inks.weights(ink)), sure_rank)
            if instead is not None and instead not in on_pile:
                out[card] = instead
                on_pile = (on_pile - {card}) | {instead}
                renamed = True
    return out


def ink_swaps(sightings: Mapping[str, Mapping[str, float]], read_inks: Mapping[str, Ink | None], inks: DeckInks,
              proven: Collection[str], floor: float, sure_rank: float) -> list[tuple[str, str]]:
    """Pairs of pile cards each read as the other: each one's ink rules out its own suit and not the other's, or
    was not measured (too little ink showed) where the other's was, and each read scored the other card at least
    `floor` of its own (`sightings`: the evidence per card); or two cards of one rank, each read sure of its rank
    (`rank_share` at least `sure_rank`) and each ink ruling its own suit out and not the other's.

    A four-colour deck read by a model that leans on two colours can name two cards of one rank each by the other's
    suit; `ink_renames` cannot rename either, since each names a card on the pile. One ink ruling is evidence enough
    when the read without one scored the other card as closely: the deck holds each card once. Two inks, each
    measured on its own read, are evidence enough on their own for the suits of a rank both reads named surely: a
    read of a card on the pile already is weighed down by the rules (`seen_weight`), so its score of the other
    card says little. Never a card a sweep proved."""
    pairs: list[tuple[str, str]] = []
    paired: set[str] = set()
    for a, b in combinations(sorted(c for c in sightings if c not in proven), 2):
        if {a, b} & paired:
            continue
        told = [_read_as(x, y, sightings[x], read_inks.get(x), inks, floor) for x, y in ((a, b), (b, a))]
        unmeasured = [read_inks.get(x) is None and read_share(sightings[x], x, y) >= floor for x, y in ((a, b), (b, a))]
        inked = a[:-1] == b[:-1] and all(_read_as(x, y, sightings[x], read_inks.get(x), inks, 0.0)
                                         and rank_share(x, sightings[x]) >= sure_rank for x, y in ((a, b), (b, a)))
        if (any(told) and all(t or u for t, u in zip(told, unmeasured))) or inked:
            pairs.append((a, b))
            paired |= {a, b}
    return pairs


def _read_as(card: str, other: str, evidence: Mapping[str, float], ink: Ink | None, inks: DeckInks,
             floor: float) -> bool:
    """Whether a read of `card` was likely of `other`: its ink rules out `card`'s suit, not `other`'s, and it
    scored `other` within `floor`."""
    ruled_out = inks.card_weights(ink, [card, other])
    return card in ruled_out and other not in ruled_out and read_share(evidence, card, other) >= floor


def rank_share(card: str, evidence: Mapping[str, float]) -> float:
    """The share of a read's evidence that went to `card`'s rank, whatever the suit: how sure it was of the rank."""
    return sum(v for c, v in evidence.items() if c[:-1] == card[:-1]) / max(sum(evidence.values()), 1e-9)


def same_rank_by_ink(card: str, evidence: Mapping[str, float], ruled_out_suits: Collection[str],
                     sure_rank: float) -> str | None:
    """The read's rank in the one suit the inks leave, when the read was sure of its rank (that rank's share of its
    evidence at least `sure_rank`), else None. A four-colour deck read by a model that leans on two colours names
    the rank surely and the suit by the wrong colour: once every suit's ink is known, the ink names the suit. Never
    an honour: named on the ink alone, which the read never scored, its box still full would accuse its player of a
    missed call on a guess."""
    left = [s for s in SUITS if s not in ruled_out_suits]
    named = card[:-1] + left[0] if len(left) == 1 and rank_share(card, evidence) >= sure_rank else None
    return None if named in HONOURS else named
