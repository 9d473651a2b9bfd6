"""The variants [Nap]: Purchase Nap, Widow Nap, Nap with a floater (peeks, with/without, declared
trumps, Bonaparte and Wellington leads, pot payments for 3 to 7 players) and seven-card Nap."""

from __future__ import annotations

import pytest
from nap_support import FOUR, THREE, load_example, plays

from engine.core.errors import IllegalAction, RulesError
from engine.nap.cards import ORDER, SUIT
from engine.nap.game import Game
from engine.nap.rules import get_rules
from engine.nap.rules.scales import BARKER, MCLEOD
from engine.nap.transcript import settle_transcript

# ---- Purchase Nap -------------------------------------------------------------------------------

PURCHASE_HANDS = {"Anne": ["7S", "AC", "KC", "AD", "KD"], "Bruno": ["QS", "JS", "10S", "2C", "3D"],
                  "Chloé": ["9S", "8S", "AH", "KH", "QH"]}


def purchase_game(options=None, chips=20, stock=None):
    game = Game(THREE, options={"game": "purchase", **(options or {})}, chips=chips)
    game.new_hand("Anne", PURCHASE_HANDS, stock=stock)
    return game


@pytest.mark.parametrize(("pricing", "paid"), [("per_purchase", 2), ("per_card", 6)])
def test_purchase_price(pricing, paid):
    game = purchase_game({"purchase_price": 2, "purchase_pricing": pricing})
    game.purchase("Bruno", ["2C", "3D", "10S"], ["AS", "KS", "4D"])
    assert game.state.ledger.chips[1] == 19 - paid and game.state.pool == 3 + paid
    assert game.state.hands[1] == {"QS", "JS", "AS", "KS", "4D"}


def test_purchase_draws_from_the_top_of_a_known_stock():
    pack = [c for c in get_rules({"game": "purchase"}).deck(3)
            if all(c not in h for h in PURCHASE_HANDS.values())]
    game = purchase_game(stock=pack)
    with pytest.raises(IllegalAction, match=f"Bruno must draw the top of the stock, {pack[0]} {pack[1]}"):
        game.purchase("Bruno", ["2C", "3D"], [pack[1], pack[0]])
    game.purchase("Bruno", ["2C", "3D"], pack[:2])
    assert game.state.stock[:1] == pack[2:3]


@pytest.mark.parametrize(("purchase", "message"), [
    (("Bruno", ["2C"], ["AH"]), r"Bruno draws AH, which is not in the stock \(Chloé does\)"),
    (("Bruno", ["2C"], ["2C"]), "Bruno draws 2C, which is not in the stock"),
    (("Bruno", ["AH"], ["2H"]), r"Bruno discards AH but does not hold it \(Chloé does\)"),
    (("Bruno", ["2C", "3D"], ["2H"]), "Bruno draws 1 cards in a purchase of 2"),
])
def test_purchase_refusals(purchase, message):
    game = purchase_game()
    with pytest.raises(IllegalAction, match=message):
        game.purchase(*purchase)


def test_purchases_come_before_the_bids_in_order_and_must_be_paid():
    game = purchase_game()
    game.purchase("Chloé", ["QH"], ["2H"])
    with pytest.raises(IllegalAction, match="Bruno buys out of turn: purchases go round once from the dealer's left"):
        game.purchase("Bruno", ["2C"], ["3H"])
    game.bid("Bruno", "pass")
    with pytest.raises(IllegalAction, match="Anne buys cards but purchases come before the first bid"):
        game.purchase("Anne", ["KD"], ["4H"])
    poor = {"Anne": 5, "Bruno": 1, "Chloé": 5}   # the ante leaves Bruno nothing
    with pytest.raises(IllegalAction, match="Bruno cannot pay 1 for 1 card"):
        purchase_game({"debts": "cap"}, chips=poor).purchase("Bruno", ["2C"], ["4H"])
    on_paper = purchase_game(chips=poor)   # debts = allow: he buys and owes
    on_paper.purchase("Bruno", ["2C"], ["4H"])
    assert on_paper.state.ledger.chips[1] == -1 and on_paper.state.pool == 4
    with pytest.raises(RulesError, match="Purchase Nap is played with a pool"):
        get_rules({"game": "purchase", "pool": False})


def test_no_buying_outside_purchase_nap():
    game = Game(THREE)
    game.new_hand("Anne")
    with pytest.raises(IllegalAction, match="Nap has no buying of cards"):
        game.purchase("Bruno", 1)


def test_purchase_example():
    result = settle_transcript(load_example("purchase.json"))
    assert [p["reason"] for p in result["payments"]] == ["ante"] * 3 + ["purchase", "won", "won", "pool_won"]


# ---- Widow Nap ----------------------------------------------------------------------------------

def test_widow_example_and_the_discards_are_out_of_play():
    data = load_example("widow.json")
    assert settle_transcript(data)["made"] is True
    data["tricks"][0][0]["card"] = "2S"          # Chloé discarded the 2S with the widow
    with pytest.raises(Exception, match="trick 1: Chloé does not hold 2S"):
        settle_transcript(data)


# ---- Nap with a floater -------------------------------------------------------------------------

def floater_game(hands, floater, options=None, chips=20, dealer="Anne"):
    game = Game(FOUR, options={"game": "floater", **(options or {})}, chips=chips)
    game.new_hand(dealer, hands, floater=floater)
    return game


# 24-card pack (9 up); Bruno speaks first
F_HANDS = {"Anne": ["10H", "QD", "AD", "10C", "JC"], "Bruno": ["AS", "KS", "9S", "AH", "KH"],
           "Chloé": ["QS", "9H", "9D", "KD", "JD"], "Denis": ["10S", "JH", "QH", "10D", "9C"]}


def bid_and_pass(game, bid, with_floater=False):
    game.bid("Bruno", bid, with_floater=with_floater)
    for player in ("Chloé", "Denis", "Anne"):
        game.bid(player, "pass")


def test_peek_costs_a_unit_once_and_only_in_turn():
    game = floater_game(F_HANDS, "JS")
    with pytest.raises(IllegalAction, match="Chloé looks at the floater out of turn: Bruno is to bid"):
        game.peek("Chloé")
    game.peek("Bruno")
    assert game.state.pool == 4 + 1 and game.state.ledger.chips[1] == 18
    with pytest.raises(IllegalAction, match="Bruno has already looked at the floater"):
        game.peek("Bruno")
    game.bid("Bruno", "pass")   # peeked and passed: allowed
    dear = floater_game(F_HANDS, "JS", {"peek_cost": 3, "debts": "cap"}, chips=3)
    with pytest.raises(IllegalAction, match="Bruno cannot pay 3 for a look at the floater"):
        dear.peek("Bruno")
    on_paper = floater_game(F_HANDS, "JS", {"peek_cost": 3}, chips=3)
    on_paper.peek("Bruno")
    assert on_paper.state.ledger.chips[1] == -1 and on_paper.state.pool == 4 + 3


def test_bid_with_the_floater_takes_it_and_discards_before_declaring():
    game = floater_game(F_HANDS, "JS")
    bid_and_pass(game, "nap", with_floater=True)
    with pytest.raises(IllegalAction, match="Bruno must take the floater and discard before declaring trumps"):
        game.declare("S")
    with pytest.raises(IllegalAction, match="Bruno plays AS before the bidder is ready"):
        game.play("Bruno", "AS")
    with pytest.raises(IllegalAction, match=r"Bruno discards 10D, which is neither in their hand nor the floater"):
        game.take_floater("10D")
    game.take_floater("KH")
    assert game.state.hands[1] == {"AS", "KS", "9S", "AH", "JS"}
    game.declare("S")
    assert game.whose_turn() == "Bruno is to lead"


def test_a_bid_without_the_floater_may_not_take_it():
    game = floater_game(F_HANDS, "JS")
    bid_and_pass(game, "nap")
    with pytest.raises(IllegalAction, match="Bruno bid Nap without the floater and may not take it"):
        game.take_floater("KH")


def test_declared_trumps_not_the_suit_led():
    game = floater_game(F_HANDS, "JS")
    bid_and_pass(game, "four")
    game.declare("H")
    plays(game, "Bruno:AS Chloé:QS Denis:10S Anne:10H")   # Anne is void in spades and trumps
    assert game.state.trumps == "H" and game.state.tricks[0].winner == 0


def test_bonaparte_leads_the_lowest_trump():
    game = floater_game(F_HANDS, "JS")
    bid_and_pass(game, "bonaparte")
    with pytest.raises(IllegalAction, match="Bruno cannot declare diamonds: Bonaparte leads a trump and the "
                                            "bidder holds no diamond"):
        game.declare("D")
    game.declare("S")
    assert game.legal_plays() == ["9S"]
    with pytest.raises(IllegalAction, match=r"Bonaparte must lead the lowest trump \(9S\), not AS"):
        game.play("Bruno", "AS")
    with pytest.raises(IllegalAction, match="Bonaparte must lead a trump, not AH"):
        game.play("Bruno", "AH")
    plays(game, "Bruno:9S")
    anyone = floater_game(F_HANDS, "JS", {"floater_leads": "any"})
    bid_and_pass(anyone, "bonaparte")
    anyone.declare("S")
    assert anyone.legal_plays() == ["AS", "9S", "KS"]   # deck order


def test_wellington_leads_the_lowest_non_trump():
    game = floater_game(F_HANDS, "JS")
    bid_and_pass(game, "wellington")
    game.declare("H")
    assert game.legal_plays() == ["9S"]
    with pytest.raises(IllegalAction, match="Wellington must lead a non-trump, not AH"):
        game.play("Bruno", "AH")
    with pytest.raises(IllegalAction, match=r"Wellington must lead the lowest non-trump \(9S\), not KS"):
        game.play("Bruno", "KS")


def test_wellington_without_cannot_be_played_with_five_trumps():
    hands = dict(F_HANDS, Bruno=["AS", "KS", "QS", "JS", "10S"], Chloé=["9S", "9H", "9D", "KD", "JD"],
                 Denis=["KH", "JH", "QH", "10D", "9C"])
    game = floater_game(hands, "AH")
    bid_and_pass(game, "wellington")
    with pytest.raises(IllegalAction, match="Wellington leads a non-trump and the bidder holds only spades"):
        game.declare("S")
    # "with" the floater: take the non-trump floater, put away a trump, lead the floater
    game = floater_game(hands, "AH")
    bid_and_pass(game, "wellington", with_floater=True)
    game.take_floater("10S")
    game.declare("S")
    assert game.legal_plays() == ["AH"]


def four_of_a_suit_hand(n, lose):
    """The first bidder (seat 1, the dealer is seat 0) holds A K Q J of spades and either the 10 of spades
    (five sure tricks) or the lowest heart of the pack (Nap fails on it); the rest is dealt round."""
    rules = get_rules({"game": "floater"})
    pack = list(rules.deck(n))
    low_heart = min((c for c in pack if SUIT[c] == "H"), key=ORDER.__getitem__)
    bidder = ["AS", "KS", "QS", "JS", low_heart if lose else "10S"]
    rest = [c for c in pack if c not in bidder]
    hands = [rest[5 * i:5 * i + 5] for i in range(n - 1)]
    seats = [hands[0], bidder] + hands[1:]
    return seats, rest[5 * (n - 1)]


def play_out(game, bidder_cards):
    """The bidder plays ``bidder_cards`` in order; everybody else their lowest legal card."""
    st = game.state

    def others():
        while st.phase == "playing" and st.to_move != st.bidder:
            game.play(st.to_move, min(game.legal_plays(), key=ORDER.__getitem__))

    for card in bidder_cards:
        others()
        if st.phase == "playing":
            game.play(st.bidder, card)
    others()


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(("bid", "value", "wins_pot"), [("four", 2, False), ("nap", 5, True)])
def test_floater_pot_payments_by_number_of_players(n, bid, value, wins_pot):
    names = [f"P{i}" for i in range(n)]
    for lose in (False, True):
        hands, floater = four_of_a_suit_hand(n, lose)
        game = Game(names, options={"game": "floater"}, chips=100)
        game.new_hand(0, hands, floater=floater)
        game.bid(1, bid)
        for seat in range(2, n + 1):
            game.bid(seat % n, "pass")
        game.declare("S")
        play_out(game, ["AS", "KS", "QS", "JS", hands[1][4]])
        result = game.settle()
        assert result.made is (not lose or bid == "four"), (n, bid, lose)   # four tricks make a Four
        chips, pot = result.chips, result.pool
        if result.made:
            assert chips[1] == 99 + value * (n - 1) + (n if wins_pot else 0)
            assert pot == (0 if wins_pot else n)
            assert all(chips[s] == 99 - value for s in range(n) if s != 1)
        else:
            assert chips[1] == 99 - value * n and pot == n + value * n     # value × players into the pot
            assert all(chips[s] == 99 for s in range(n) if s != 1)
        assert sum(chips) + pot == 100 * n


def test_floater_loss_counted_per_opponent():
    hands, floater = four_of_a_suit_hand(4, True)
    game = Game(FOUR, options={"game": "floater", "floater_loss": "opponents"}, chips=100)
    game.new_hand(0, hands, floater=floater)
    game.bid(1, "nap")
    for seat in (2, 3, 0):
        game.bid(seat, "pass")
    game.declare("S")
    play_out(game, ["AS", "KS", "QS", "JS", hands[1][4]])
    assert game.settle().chips[1] == 99 - 15


def test_floater_example_and_its_pot_is_a_pool_that_cannot_be_turned_off():
    result = settle_transcript(load_example("floater.json"))
    assert [p["reason"] for p in result["payments"]][:5] == ["ante"] * 4 + ["peek"]
    assert result["with_floater"] is True and result["shuffle_next"] is True
    with pytest.raises(RulesError, match="Floater Nap is played with a pot"):
        get_rules({"game": "floater", "pool": False})
    with pytest.raises(RulesError, match="option 'scale' of Floater Nap must be one of 'floater'"):
        get_rules({"game": "floater", "scale": "standard"})


# ---- seven-card Nap -----------------------------------------------------------------------------

def test_seven_card_tables():
    assert dict(BARKER.won) == {"three": 3, "four": 4, "nap": 10, "misere": 10, "six": 18, "seven": 24}
    assert dict(BARKER.lost) == {"three": 3, "four": 4, "nap": 5, "misere": 5, "six": 9, "seven": 12}  # halved at 5+
    assert dict(MCLEOD.won) == {"three": 3, "four": 4, "nap": 10, "misere": 14, "six": 18, "seven": 28}
    assert dict(MCLEOD.lost) == {"three": 3, "four": 4, "nap": 5, "misere": 7, "six": 9, "seven": 14}
    with pytest.raises(RulesError, match="option 'scale' of Seven-card Nap must be one of 'barker', 'mcleod'"):
        get_rules({"game": "seven_card", "scale": "american"})


@pytest.mark.parametrize(("bid", "scale", "bidder_chips", "others"), [
    ("six", "barker", 104, 32),      # made: 18 from each
    ("six", "mcleod", 104, 32),
    ("seven", "barker", 14, 62),     # lost: 24 halved, 12 to each
    ("seven", "mcleod", 8, 64),      # lost: 14 to each
    ("nap", "barker", 80, 40),       # made: 10 from each
])
def test_seven_card_settlement(bid, scale, bidder_chips, others):
    data = load_example("seven_card.json")
    data["bids"][1]["bid"] = bid
    data["options"]["scale"] = scale
    result = settle_transcript(data)
    assert result["tricks_won"]["Chloé"] == 6 and len(result["tricks"]) == 7
    assert result["chips"] == {"Anne": others, "Bruno": others, "Chloé": bidder_chips, "Denis": others}


def test_seven_card_hands_have_seven_cards():
    game = Game(FOUR, options={"game": "seven_card"})
    with pytest.raises(IllegalAction, match="Anne is dealt 5 cards; each player gets 7"):
        game.new_hand("Anne", {p: [f"{r}{s}" for r in ("2", "3", "4", "5", "6")] for p, s in zip(FOUR, "SHDC")})
