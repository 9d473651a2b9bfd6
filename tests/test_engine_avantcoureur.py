"""The 1760 rules (`avantcoureur`), each checked on a deal worked out by hand from the texts.

Seating is clockwise Anne, Bruno, Chloé; Anne deals. Play is anticlockwise by default, so Chloé
(the player after the dealer, *le premier en carte*) leads, then Bruno, then Anne. Every player
starts with 500 chips unless said otherwise; the board starts empty and the dealer alone stakes
1, 2, 3, 4, 5 on 10♦, J♣, Q♠, K♥, 7♦.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAction, RulesError
from engine.nain_jaune.cards import BOXES, DECK
from engine.nain_jaune.game import Game
from engine.nain_jaune.notices import CALL_MISSED
from engine.nain_jaune.rules import get_rules
from engine.nain_jaune.rules.base import Wanted
from engine.nain_jaune.simulate import SimulationRequest, simulate

PLAYERS = ("Anne", "Bruno", "Chloé")
SPADES = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
HEARTS = [r + "H" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
TALON = ["5D", "6D", "8D", "9D", "JD", "QD", "KD"]

# Deal A: Chloé holds every spade, the 7♦ and the 10♦; Anne all hearts and A♣ 2♣ (88 points, K♥);
# Bruno 3♣…K♣ and A♦…4♦ (92 points, J♣).
HANDS_A = {
    "Anne": HEARTS + ["AC", "2C"],
    "Bruno": ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD", "2D", "3D", "4D"],
    "Chloé": SPADES + ["7D", "10D"],
}
# Deal B: Chloé holds every spade, the J♣ and the 10♦; Bruno keeps the 7♦ (89 points with it).
HANDS_B = {
    "Anne": HEARTS + ["AC", "2C"],
    "Bruno": ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "QC", "KC", "AD", "2D", "3D", "4D", "7D"],
    "Chloé": SPADES + ["JC", "10D"],
}


def test_hands_are_whole_deals() -> None:
    for hands in (HANDS_A, HANDS_B):
        cards = [c for h in hands.values() for c in h] + TALON
        assert sorted(cards) == sorted(DECK)
        assert all(len(h) == 15 for h in hands.values())


def new_game(hands: dict[str, list[str]], chips: Any = 500, **options: Any) -> Game:
    game = Game(PLAYERS, rules="avantcoureur", options=options, chips=chips)
    game.new_deal("Anne", hands=hands, talon=TALON)
    return game


def chips(game: Game) -> dict[str, int]:
    return dict(zip(PLAYERS, game.state.chips))


def board(game: Game) -> dict[str, int]:
    return dict(game.state.board)


def chloe_opera(game: Game, last: tuple[str, ...], call: bool = True) -> None:
    """Chloé runs A♠…K♠ in one go (Q♠ and K♠ are hocs: she leads again), then ``last`` one by one."""
    for card in SPADES:
        game.play("Chloé", card, call=call and card in ("QS", "KS"))
    for card in last:
        game.play("Chloé", card, call=call)


# ---- set-up -----------------------------------------------------------------------------------------


def test_three_or_five_players_only() -> None:
    for n in (3, 5):
        Game(("A", "B", "C", "D", "E")[:n], rules="avantcoureur")
    for n in (4, 6, 8):
        with pytest.raises(RulesError, match="3, 5 players"):
            Game(tuple("ABCDEFGH"[:n]), rules="avantcoureur")


def test_deal_sizes_leave_seven_in_the_talon() -> None:
    rules = get_rules("avantcoureur")
    assert rules.deal_sizes(3) == (15, 7)
    assert rules.deal_sizes(5) == (9, 7)


def test_only_the_dealer_stakes_fifteen() -> None:
    game = new_game(HANDS_A)
    assert chips(game) == {"Anne": 485, "Bruno": 500, "Chloé": 500}
    assert board(game) == dict(zip(BOXES, (1, 2, 3, 4, 5)))


def test_a_dealer_without_fifteen_chips_cannot_deal() -> None:
    game = Game(PLAYERS, rules="avantcoureur", chips={"Anne": 14, "Bruno": 500, "Chloé": 500})
    with pytest.raises(IllegalAction, match="cannot ante"):
        game.new_deal("Anne", hands=HANDS_A, talon=TALON)


def test_play_goes_anticlockwise_from_the_dealer() -> None:
    game = new_game(HANDS_A)
    assert game.state.to_move == PLAYERS.index("Chloé")
    game.play("Chloé", "AS")
    game.pass_("Chloé")  # she stops although she holds 2♠
    assert game.state.to_move == PLAYERS.index("Bruno")
    game.pass_("Bruno")
    assert game.state.to_move == PLAYERS.index("Anne")


def test_clockwise_option_starts_left_of_the_dealer() -> None:
    game = new_game(HANDS_A, direction="clockwise")
    assert game.state.to_move == PLAYERS.index("Bruno")


def test_the_deal_passes_on_in_the_direction_of_play() -> None:
    rules = get_rules("avantcoureur")
    assert rules.next_dealer(0, 3) == 2
    assert get_rules("avantcoureur", {"direction": "clockwise"}).next_dealer(0, 3) == 1


# ---- runs -------------------------------------------------------------------------------------------


def test_a_run_stays_in_its_suit() -> None:
    game = new_game(HANDS_A)
    game.play("Chloé", "AS")
    assert game.state.wanted == Wanted(2, "S")
    game.pass_("Chloé")
    with pytest.raises(IllegalAction) as err:
        game.play("Bruno", "2D")  # a two, but not of spades (fine in lindor)
    assert err.value.kind == "out_of_sequence"


def test_nobody_follows_so_the_last_player_leads_again() -> None:
    """Accidental hoc: the wanted card is out of everybody's reach; the player of the last card leads."""
    game = new_game(HANDS_A)
    game.play("Chloé", "AS")
    game.pass_("Chloé")
    game.pass_("Bruno")
    game.pass_("Anne")
    assert game.state.to_move == PLAYERS.index("Chloé")
    assert game.state.wanted is None


def test_accidental_hocs_are_paid_only_with_every_hoc() -> None:
    for option, paid in (("kings_and_honours", 0), ("every_hoc", 1), ("off", 0)):
        game = new_game(HANDS_A, hoc_payment=option)
        game.play("Chloé", "AS")
        game.pass_("Chloé")
        game.pass_("Bruno")
        game.pass_("Anne")  # nobody follows the A♠: Chloé makes hoc and leads again
        assert chips(game) == {"Anne": 485 - paid, "Bruno": 500 - paid, "Chloé": 500 + 2 * paid}, option
        assert game.replay().state.snapshot() == game.state.snapshot()
        game.undo()
        assert chips(game) == {"Anne": 485, "Bruno": 500, "Chloé": 500}


@pytest.mark.parametrize("hoc", ["QS", "KS"])
def test_permanent_hocs_and_kings_end_the_run(hoc: str) -> None:
    game = new_game(HANDS_A)
    for card in SPADES[: SPADES.index(hoc) + 1]:
        game.play("Chloé", card, call=card == hoc)
    assert game.state.wanted is None  # nothing follows: Chloé leads again with any card
    assert game.state.to_move == PLAYERS.index("Chloé")
    game.play("Chloé", "10D", call=True)  # a lead in another suit is fine


def test_which_cards_are_hocs() -> None:
    rules = get_rules("avantcoureur")
    hocs = {c for c in DECK if rules.ends_sequence(c)}
    assert hocs == {"KS", "KH", "KD", "KC", "QS", "JC", "10D", "7D"}
    assert {c for c in DECK if rules.is_wild(c)} == {"7D"}
    assert get_rules("lindor").ends_sequence("QS") is False  # 1792: no permanent hocs


def test_a_king_announced_just_after_it_is_played_is_paid() -> None:
    game = new_game(HANDS_A)
    for card in SPADES:
        game.play("Chloé", card, call=card == "QS")
    game.call("Chloé", "KS")  # within the window: before the next card
    assert chips(game) == {"Anne": 483, "Bruno": 498, "Chloé": 507}
    assert [n.kind for n in game.play("Chloé", "10D", call=True)] == []


def test_an_unannounced_hoc_still_ends_the_run_but_earns_nothing() -> None:
    game = new_game(HANDS_A)
    for card in SPADES[:12]:  # … J♠ Q♠, the queen not announced
        game.play("Chloé", card)
    assert game.state.wanted is None
    notices = game.play("Chloé", "KS", call=True)  # the next card closes the window
    assert [n.kind for n in notices] == [CALL_MISSED]
    assert board(game)["QS"] == 3
    assert chips(game) == {"Anne": 485 - 1, "Bruno": 500 - 1, "Chloé": 500 + 2}  # only the king paid


def test_an_announced_king_earns_a_chip_from_each_player() -> None:
    game = new_game(HANDS_A)
    for card in SPADES[:12]:
        game.play("Chloé", card, call=card == "QS")
    assert chips(game) == {"Anne": 484, "Bruno": 499, "Chloé": 502 + 3}  # Q♠: a hoc and its box
    game.play("Chloé", "KS", call=True)
    assert chips(game) == {"Anne": 483, "Bruno": 498, "Chloé": 507}
    assert board(game)["QS"] == 0


def test_hoc_payment_off_leaves_only_the_boxes() -> None:
    game = new_game(HANDS_A, hoc_payment="off")
    for card in SPADES:
        game.play("Chloé", card, call=card == "QS")
    assert chips(game) == {"Anne": 485, "Bruno": 500, "Chloé": 503}


def test_the_dwarf_is_wild_and_makes_hoc() -> None:
    game = new_game(HANDS_B)
    game.play("Chloé", "AS")
    game.pass_("Chloé")
    game.play("Bruno", "7D", call=True)  # stands in for the 2♠ Bruno does not have
    assert game.state.wanted is None
    assert game.state.to_move == PLAYERS.index("Bruno")
    assert board(game)["7D"] == 0
    assert chips(game) == {"Anne": 485 - 1, "Bruno": 500 + 5 + 2, "Chloé": 500 - 1}


def test_the_dwarf_as_a_stand_in_lets_the_run_go_on() -> None:
    game = new_game(HANDS_B, dwarf="stand_in")
    game.play("Chloé", "AS")
    game.pass_("Chloé")
    game.play("Bruno", "7D", call=True)  # as the 2♠
    assert game.state.wanted == Wanted(3, "S")
    game.pass_("Bruno")
    game.pass_("Anne")
    game.play("Chloé", "3S")


def test_stand_in_dwarf_follows_the_replaced_card() -> None:
    rules = get_rules("avantcoureur", {"dwarf": "stand_in"})
    assert not rules.ends_sequence("7D")
    assert rules.after_wild(Wanted(2, "S"), "7D") == Wanted(3, "S")
    assert rules.after_wild(Wanted(7, "D"), "7D") == Wanted(8, "D")  # the dwarf as itself
    assert rules.after_wild(Wanted(13, "S"), "7D") is None  # for a king: a hoc
    assert rules.after_wild(Wanted(12, "S"), "7D") is None  # for the Q♠: a hoc
    assert rules.after_wild(None, "7D") is None  # led: stands for nothing
    assert get_rules("avantcoureur").ends_sequence("7D")


def test_nobody_has_to_play_the_dwarf() -> None:
    game = new_game(HANDS_B)
    game.play("Chloé", "AS")
    game.pass_("Chloé")
    game.pass_("Bruno")  # holds the wild 7♦ but keeps it
    assert game.state.to_move == PLAYERS.index("Anne")


# ---- settlement -------------------------------------------------------------------------------------


def test_opera_doubles_card_payments_then_betes() -> None:
    """Deal A: Chloé goes out before anybody else plays. Hocs: Q♠ K♠ 7♦ 10♦, 1 chip from each (+8);
    boxes Q♠ 3, 7♦ 5, 10♦ 1. Opéra: Anne pays 2×88, Bruno 2×92. Bêtes: Anne K♥ 4, Bruno J♣ 2."""
    game = new_game(HANDS_A)
    chloe_opera(game, ("7D", "10D"))
    result = game.settle()
    assert result.winner == PLAYERS.index("Chloé") and result.opera
    assert chips(game) == {"Anne": 485 - 4 - 176 - 4, "Bruno": 500 - 4 - 184 - 2, "Chloé": 500 + 8 + 9 + 176 + 184}
    assert board(game) == {"10D": 0, "JC": 4, "QS": 0, "KH": 8, "7D": 0}
    reasons = [p.reason for p in result.payments if p.reason in ("cards", "bete")]
    assert reasons == ["cards", "cards", "bete", "bete"]  # card payments first, then bêtes


def test_opera_off_pays_single() -> None:
    game = new_game(HANDS_A, opera="off")
    chloe_opera(game, ("7D", "10D"))
    result = game.settle()
    assert not result.opera
    assert chips(game) == {"Anne": 485 - 4 - 88 - 4, "Bruno": 500 - 4 - 92 - 2, "Chloé": 500 + 8 + 9 + 88 + 92}


def _out_in_second_turn(**options: Any) -> Game:
    """Chloé stops after A♠, both others pass (they play no card), then she plays everything else."""
    game = new_game(HANDS_A, **options)
    game.play("Chloé", "AS")
    game.pass_("Chloé")
    game.pass_("Bruno")
    game.pass_("Anne")
    for card in SPADES[1:]:
        game.play("Chloé", card, call=card in ("QS", "KS"))
    game.play("Chloé", "7D", call=True)
    game.play("Chloé", "10D", call=True)
    return game


def test_opera_means_no_opponent_laid_a_card() -> None:
    assert _out_in_second_turn().settle().opera


def test_opera_first_turn_option() -> None:
    assert not _out_in_second_turn(opera="first_turn").settle().opera
    game = new_game(HANDS_A, opera="first_turn")
    chloe_opera(game, ("7D", "10D"))
    assert game.settle().opera


def test_the_dwarf_in_hand_pays_double_and_four_times_in_an_opera() -> None:
    """Deal B: Bruno keeps the 7♦ (89 points): 4×89 = 356. Hocs Q♠ K♠ J♣ 10♦ (+8), boxes 3+2+1."""
    game = new_game(HANDS_B)
    chloe_opera(game, ("JC", "10D"))
    game.settle()
    assert chips(game) == {"Anne": 485 - 4 - 176 - 4, "Bruno": 500 - 4 - 356, "Chloé": 500 + 8 + 6 + 176 + 356}
    assert board(game) == {"10D": 0, "JC": 0, "QS": 0, "KH": 8, "7D": 5}  # no bête for the dwarf


def test_dwarf_double_off() -> None:
    game = new_game(HANDS_B, dwarf_double=False)
    chloe_opera(game, ("JC", "10D"))
    game.settle()
    assert chips(game)["Bruno"] == 500 - 4 - 178


def test_bete_all_includes_the_dwarf() -> None:
    game = new_game(HANDS_B, bete="all")
    chloe_opera(game, ("JC", "10D"))
    game.settle()
    assert chips(game)["Bruno"] == 500 - 4 - 356 - 5
    assert board(game)["7D"] == 10


def test_bete_off() -> None:
    game = new_game(HANDS_B, bete="off")
    chloe_opera(game, ("JC", "10D"))
    game.settle()
    assert chips(game)["Anne"] == 485 - 4 - 176
    assert board(game)["KH"] == 4


def test_nobody_pays_more_than_they_have() -> None:
    game = new_game(HANDS_A, chips=100)
    chloe_opera(game, ("7D", "10D"))
    game.settle()
    assert chips(game) == {"Anne": 0, "Bruno": 0, "Chloé": 300 - 6}
    assert board(game) == {"10D": 0, "JC": 2, "QS": 0, "KH": 4, "7D": 0}
    game.state.ledger.check()


def test_no_opera_sweep_of_the_board() -> None:
    game = new_game(HANDS_B)
    chloe_opera(game, ("JC", "10D"))
    result = game.settle()
    assert not [p for p in result.payments if p.reason == "opera"]


# ---- length of the game -----------------------------------------------------------------------------


def test_usual_game_length() -> None:
    rules = get_rules("avantcoureur")
    assert rules.deals_in_game(3) == 12 * 3
    assert rules.deals_in_game(5) == 10 * 5
    assert get_rules("avantcoureur", {"rounds": 2, "round_unit": "deal"}).deals_in_game(5) == 2


@pytest.mark.parametrize(("options", "deals"), [({"rounds": 1}, 3), ({"rounds": 4, "round_unit": "deal"}, 4)])
def test_a_game_stops_after_its_rounds(options: dict[str, Any], deals: int) -> None:
    request = SimulationRequest.build(rules="avantcoureur", options=options, players=3, strategy="simple",
                                      seed=3, games=1, chips=10_000)
    outcomes = list(simulate(request))
    assert len(outcomes) == deals
    assert outcomes[-1].ended_game and not outcomes[-1].cut_short


def test_a_game_stops_when_the_next_dealer_cannot_stake() -> None:
    request = SimulationRequest.build(rules="avantcoureur", players=3, strategy="random", seed=5, games=1, chips=40)
    outcomes = list(simulate(request))
    assert outcomes[-1].ended_game and len(outcomes) < 36


# ---- options ----------------------------------------------------------------------------------------


def test_every_option_has_a_plain_words_label_and_help() -> None:
    rows = {name: (kind, default, doc) for name, kind, default, doc in get_rules("avantcoureur").Options.describe()}
    for name in ("rounds", "round_unit", "direction", "dwarf", "hoc_payment", "dwarf_double", "opera", "bete"):
        assert name in rows and len(rows[name][2]) > 20


@pytest.mark.parametrize(("name", "value"), [("dwarf", "joker"), ("rounds", -1), ("bete", True), ("opera", 3)])
def test_bad_option_values_are_refused_by_name(name: str, value: Any) -> None:
    with pytest.raises(RulesError, match=name):
        get_rules("avantcoureur", {name: value})
