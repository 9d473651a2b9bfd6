"""Card-id mapping: every installed deck names its 52 cards in some style the parser reads."""

from __future__ import annotations

import pytest

from vision.synth.card_ids import card_codes, map_card_ids, parse_card_id
from vision.synth.decks import DECK_ROOTS, DeckSource, design_name, discover_sources
from vision.synth.svgdeck import SvgDeck

SOURCES = discover_sources()
needs_decks = pytest.mark.skipif(not SOURCES, reason="deck packages not installed (make test installs them)")


def test_card_codes_are_the_52_rank_suit_codes() -> None:
    codes = card_codes()
    assert len(codes) == len(set(codes)) == 52
    assert codes[:3] == ["AS", "2S", "3S"] and "10D" in codes and codes[-1] == "KC"


@pytest.mark.parametrize("element_id, code", [
    ("queen_spade", "QS"), ("spade_queen", "QS"), ("queenspades", "QS"), ("club_1", "AC"), ("1_club", "AC"),
    ("qs", "QS"), ("10_heart", "10H"), ("heart-10", "10H"), ("Jack_of_Diamonds", "JD"), ("td", "10D"),
])
def test_naming_styles_are_read(element_id: str, code: str) -> None:
    parsed = parse_card_id(element_id)
    assert parsed is not None and parsed[1] == code


@pytest.mark.parametrize("element_id", ["back", "joker_red", "club", "use1234", "layer1", "it10", "card_back"])
def test_other_ids_are_not_cards(element_id: str) -> None:
    assert parse_card_id(element_id) is None


def test_style_covering_all_cards_wins_over_partial_ones() -> None:
    whole = [f"{s}_{r}" for s in ("spade", "heart", "diamond", "club")
             for r in ("1", *map(str, range(2, 11)), "jack", "queen", "king")]
    court_art = ["queenspades", "kingclubs", "jackhearts"]  # paris names its court pictures like this
    mapping = map_card_ids(court_art + whole + ["back"])
    assert mapping is not None and mapping["QS"] == "spade_queen" and mapping["AC"] == "club_1"


def test_incomplete_or_ambiguous_decks_are_refused() -> None:
    skat = [f"{r}_{s}" for s in ("spade", "heart", "diamond", "club")
            for r in ("1", "7", "8", "9", "10", "jack", "queen", "king")]
    assert map_card_ids(skat) is None
    full = [f"{r}_{s}" for s in ("spade", "heart", "diamond", "club")
            for r in ("1", *map(str, range(2, 11)), "jack", "queen", "king")]
    assert map_card_ids(full + ["ace_spade"]) is None  # two ids for AS in one style


def test_design_names_are_ascii_and_distinct() -> None:
    from pathlib import Path

    assert design_name("aisleriot", Path("/x/Атласные.svgz")) == "aisleriot-atlasnye-cyr"
    assert design_name("kde", Path("/y/svg-gm-paris/paris.svgz")) == "kde-gm-paris"
    names = [s.name for s in SOURCES]
    assert len(names) == len(set(names)) and all(n.isascii() for n in names)


@needs_decks
def test_both_packages_are_found() -> None:
    packages = {s.package for s in SOURCES}
    assert packages == {package for package, root, _ in DECK_ROOTS if root.exists()}


@needs_decks
@pytest.mark.parametrize("source", SOURCES, ids=[s.name for s in SOURCES])
def test_every_installed_design_maps_52_distinct_elements(source: DeckSource) -> None:
    deck = SvgDeck.load(source.path)
    mapping = map_card_ids(deck.ids)
    assert mapping is not None, f"{source.name}: no naming style covers the 52 cards"
    assert sorted(mapping) == sorted(card_codes())
    assert len(set(mapping.values())) == 52


def test_held_out_designs_are_whole_families_of_installed_designs() -> None:
    from vision.synth.decks import HELD_OUT_DESIGNS, family_of, split_designs

    assert len(HELD_OUT_DESIGNS) >= 4
    assert len({family_of(name) for name in HELD_OUT_DESIGNS}) >= 4, "at least four different art families"
    names = [s.name for s in SOURCES]
    train, held = split_designs(names)
    assert sorted(train + held) == sorted(names)
    assert not {family_of(n) for n in train} & {family_of(n) for n in held}
    if SOURCES:
        assert set(HELD_OUT_DESIGNS) <= set(names), "held-out names must match installed designs"
