"""Map the element ids of a deck SVG to card codes ("QS", "10D", ...).

Every deck names its cards its own way (`queen_spade`, `spade_queen`, `queenspades`,
`club_1`, `1_club`, `qs`, ...), and many decks also contain ids that look like cards
but are only parts of one (paris has `queenspades` for the court picture *and*
`spade_queen` for the whole card). So ids are grouped by naming *style*, and the
first style (in preference order) that names all 52 cards exactly once wins.
"""

from __future__ import annotations

import re
from typing import Iterable

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_SUIT_WORDS = {
    "spade": "S", "spades": "S", "pique": "S", "piques": "S",
    "heart": "H", "hearts": "H", "coeur": "H", "coeurs": "H",
    "diamond": "D", "diamonds": "D", "carreau": "D", "carreaux": "D",
    "club": "C", "clubs": "C", "trefle": "C", "trefles": "C",
}
_RANK_WORDS = {
    "1": "A", "01": "A", "ace": "A", "as": "A",
    **{str(n): str(n) for n in range(2, 11)},
    **{f"0{n}": str(n) for n in range(2, 10)},
    "jack": "J", "knave": "J", "valet": "J",
    "queen": "Q", "dame": "Q",
    "king": "K", "roi": "K",
}
_SUIT_LETTERS = {"s": "S", "h": "H", "d": "D", "c": "C"}
_RANK_LETTERS = {"a": "A", "1": "A", "t": "10", "j": "J", "q": "Q", "k": "K",
                 **{str(n): str(n) for n in range(2, 11)}}

_WORD = r"([a-z]+|\d+)"
# (style name, regex, which group is the rank, rank table, suit table); order = preference.
_STYLES: tuple[tuple[str, re.Pattern[str], int, dict[str, str], dict[str, str]], ...] = (
    *((f"suit{sep}rank", re.compile(rf"^{_WORD}{re.escape(sep)}{_WORD}$"), 2, _RANK_WORDS, _SUIT_WORDS)
      for sep in "_-."),
    *((f"rank{sep}suit", re.compile(rf"^{_WORD}{re.escape(sep)}{_WORD}$"), 1, _RANK_WORDS, _SUIT_WORDS)
      for sep in "_-."),
    *((f"rank{sep}of{sep}suit", re.compile(rf"^{_WORD}{re.escape(sep)}of{re.escape(sep)}{_WORD}$"), 1,
       _RANK_WORDS, _SUIT_WORDS) for sep in "_-."),
    ("ranksuit", re.compile(r"^([a-z]+?|\d+)(spades?|hearts?|diamonds?|clubs?)$"), 1, _RANK_WORDS, _SUIT_WORDS),
    ("suitrank", re.compile(r"^(spades?|hearts?|diamonds?|clubs?)([a-z]+|\d+)$"), 2, _RANK_WORDS, _SUIT_WORDS),
    ("rs", re.compile(r"^(10|[a2-9tjqk1])([shdc])$"), 1, _RANK_LETTERS, _SUIT_LETTERS),
    ("sr", re.compile(r"^([shdc])(10|[a2-9tjqk1])$"), 2, _RANK_LETTERS, _SUIT_LETTERS),
)


def card_codes() -> list[str]:
    """The 52 codes, suit by suit: "AS", "2S", ..., "KS", "AH", ..., "KC"."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def parse_card_id(element_id: str) -> tuple[str, str] | None:
    """The first (style, card code) an element id can be read as, or None."""
    for style, code in _readings(element_id):
        return style, code
    return None


def _readings(element_id: str) -> Iterable[tuple[str, str]]:
    text = element_id.strip().lower()
    for style, pattern, rank_group, ranks, suits in _STYLES:
        match = pattern.match(text)
        if not match:
            continue
        rank_text = match.group(rank_group)
        suit_text = match.group(3 - rank_group)
        if rank_text in ranks and suit_text in suits:
            yield style, ranks[rank_text] + suits[suit_text]


def map_card_ids(element_ids: Iterable[str]) -> dict[str, str] | None:
    """{card code: element id} for the first naming style that covers all 52 cards once.

    None when no style does (e.g. a 32-card skat deck or an unknown naming scheme).
    """
    by_style: dict[str, dict[str, list[str]]] = {}
    for element_id in element_ids:
        for style, code in _readings(element_id):
            by_style.setdefault(style, {}).setdefault(code, []).append(element_id)
    for style, *_ in _STYLES:
        found = by_style.get(style, {})
        if len(found) == 52 and all(len(ids) == 1 for ids in found.values()):
            return {code: found[code][0] for code in card_codes()}
    return None
