"""The `lindor` rule set, rule by rule and option by option, written from the rules texts.

Texts (summarised in docs/rules.md): [DE] the German encyclopaedia article, [EN] the English one,
[FR] the French rules page, [1792] the French article on the 1760 and 1792 (Lindor) rules.
Each test's docstring says which text says what it checks.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, RulesError
from engine.nain_jaune import notices as nt
from engine.nain_jaune.cards import BOXES
from engine.nain_jaune.game import Game
from engine.nain_jaune.rules import get_rules
from engine_support import NAMES, deal, fill_hands, play_all


def pts(cards):
    """Card points as every text counts them: ace 1, pips face value, courts 10 (independent of the engine)."""
    total = 0
    for c in cards:
        r = c[:-1]
        total += 1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r)
    return total


# ---- set-up ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n,size,talon", [(3, 15, 7), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3), (8, 6, 4)])
def test_deal_table(n, size, talon):
    """[DE] table 'Anzahl der Spieler / Karten pro Spieler / Karten im Talon', [EN] the same table,
    [1792] art. 7-8: 15/12/9/8/7/6 cards and a talon of 7/4/7/4/3/4 for 3-8 players."""
    rules = get_rules("lindor")
    assert rules.deal_sizes(n) == (size, talon)
    assert n * size + talon == 52
    game = Game(NAMES[:n])
    game.new_deal(0, fill_hands(n, {}))
    assert game.state.counts == [size] * n
    assert len(game.state.talon) == talon


@pytest.mark.parametrize("n", [1, 2, 9])
def test_player_count_outside_3_to_8_is_refused(n):
    """[DE]/[EN] 'for 3 to 8 players'; [1792] art. 1: 3, 4, 5, 6, 7 or 8."""
    with pytest.raises(RulesError, match="3, 4, 5, 6, 7, 8 players"):
        Game(tuple(f"P{i}" for i in range(n)))


def test_every_player_antes_1_2_3_4_5_and_stakes_carry_over():
    """[EN] 'each player places chips in the boxes: one on the 10, two on the J, three on the Q, four on
    the K and five on the 7 … If there are any chips left from the previous round, they are kept and
    added to the new stakes'; [1792] art. 9.1 'tous les joueurs mettent 15 jetons'."""
    game = Game(NAMES[:4], chips=100, board={"QS": 4, "7D": 1})
    game.new_deal(0, fill_hands(4, {}))
    st = game.state
    assert st.chips == [85, 85, 85, 85]
    assert [st.board[b] for b in BOXES] == [4, 8, 12 + 4, 16, 20 + 1]
    antes = [p for p in st.payments if p.reason == "ante"]
    assert len(antes) == 20 and {(p.target, p.amount) for p in antes} == set(zip(BOXES, (1, 2, 3, 4, 5)))


def test_the_player_left_of_the_dealer_leads():
    """[EN] 'The game is played clockwise, so the player to the left of the dealer starts'
    (players are listed clockwise, so the dealer's left is the next seat)."""
    game = deal(4, {}, dealer=2)
    assert game.state.to_move == 3 and game.state.leading
    game2 = deal(4, {}, dealer=3)
    assert game2.state.to_move == 0


def test_next_dealer_is_on_the_right_and_option_left():
    """[EN] 'the player to the right of the last dealer now becomes the new dealer'; [FR] 'le donneur est
    fixé selon le sens contraire des aiguilles d'une montre'. Option next_dealer='left' for tables that
    pass the deal clockwise."""
    assert get_rules("lindor").next_dealer(0, 4) == 3
    assert get_rules("lindor", {"next_dealer": "left"}).next_dealer(0, 4) == 1


# ---- runs -----------------------------------------------------------------------------------------


def test_runs_rise_by_rank_regardless_of_suit():
    """[EN] 'continues with the next cards in sequence if they can e.g. Six, Seven, Eight … regardless of
    suit'; [1792] art. 5.1 'une suite de cartes qui n'est pas obligatoirement de la même couleur'."""
    game = deal(3, {1: ["5H", "6S", "7C", "8D"]})
    play_all(game, [(1, "5H"), (1, "6S"), (1, "7C"), (1, "8D")])
    assert game.state.wanted.rank == 9 and game.state.wanted.suit is None


def test_ace_is_low_and_starts_a_run():
    """[DE] 'das As als 1 zählt und damit der absolute Beginn einer Reihe ist'; [EN] 'Aces score 1'."""
    game = deal(3, {1: ["AH", "2S"], 2: ["KC"]})
    play_all(game, [(1, "AH"), (1, "2S")])
    assert game.state.wanted.rank == 3
    with pytest.raises(IllegalAction, match="out of sequence"):
        game.play(2, "KC")


def test_a_card_out_of_sequence_is_illegal():
    """[EN] the next player 'continues the sequence': only the wanted rank may follow."""
    game = deal(3, {1: ["5H"], 2: ["7S", "6C"]})
    game.play(1, "5H")
    with pytest.raises(IllegalAction, match=r"out of sequence: 6 is wanted") as err:
        game.play(2, "7S")
    assert err.value.kind == nt.OUT_OF_SEQUENCE
    game.play(2, "6C")  # the state did not change: 6 is still wanted
    assert game.state.last_seat == 2


def test_a_player_may_continue_or_stop_then_next_continues_or_passes():
    """[DE] 'Danach darf der links neben ihm sitzende Spieler mit einer 7 weitermachen, möglicherweise
    noch eine 8 anlegen und so weiter, bis auch er nicht mehr kann' (3 4 5 6 ohne 7); [EN] 'The player to
    his left continues the sequence if they can and if they wish'."""
    game = deal(4, {1: ["3C", "4H", "5S", "6D", "7S"], 2: ["7H", "8C"]})
    play_all(game, [(1, "3C"), (1, "4H"), (1, "5S"), (1, "6D")])   # "3 4 5 6 ohne 7" although 7S is held
    st = game.state
    assert st.actors() == (1, 2)
    play_all(game, [(2, "7H"), (2, "8C")])                          # the left neighbour goes on
    assert st.last_seat == 2 and st.wanted.rank == 9
    assert st.actors() == (2, 3)


def test_only_the_player_to_move_or_the_next_may_act():
    """[EN] play is clockwise: after a stop only the next player may continue or pass."""
    game = deal(4, {1: ["3C"], 3: ["4S"], 0: ["4D"]})
    game.play(1, "3C")
    with pytest.raises(IllegalAction, match="out of turn") as err:
        game.play(3, "4S")
    assert err.value.kind == nt.OUT_OF_TURN
    with pytest.raises(IllegalAction, match="out of turn"):
        game.pass_(0)
    game.pass_(2)
    with pytest.raises(IllegalAction, match="out of turn"):
        game.play(1, "4D")  # Anne's card, and not her turn either
    game.play(3, "4S")


def test_when_everybody_else_passes_the_player_who_stopped_leads_any_card():
    """[EN] 'If none of the players can complete the sequence, the player who has stopped starts a new
    sequence with a card of his choice'; [DE] Ablaufvarianten; [FR] 'ce dernier peut reprendre une
    nouvelle série'. (Default stuck='lead'.)"""
    game = deal(4, {1: ["5H", "9C"]})
    play_all(game, [(1, "5H"), (2, None), (3, None), (0, None)])
    st = game.state
    assert st.to_move == 1 and st.wanted is None and st.leading
    game.play(1, "9C")
    assert st.wanted.rank == 10


def test_the_stopper_may_also_stop_explicitly_with_a_pass():
    """A pass from the player who just played means "I stop" (transcripts usually leave it implicit)."""
    game = deal(3, {1: ["5H", "6H"]})
    play_all(game, [(1, "5H"), (1, None), (2, None), (0, None)])
    assert game.state.leading and game.state.to_move == 1


def test_the_leader_cannot_pass():
    """[EN] the player on lead 'put[s] down any card of his choice': leading is not optional."""
    game = deal(3, {})
    with pytest.raises(IllegalAction, match="must lead") as err:
        game.pass_(1)
    assert err.value.kind == nt.MUST_LEAD


def test_a_king_ends_the_run_and_its_player_leads_again():
    """[EN] 'When a player plays a king, they start a new sequence with a card of his choice'; [DE] 'Legt
    ein Spieler einen König, so hat er das Recht, irgendwo in der Skala neu zu beginnen'; [FR] 'Back cross'."""
    game = deal(3, {1: ["QH"], 2: ["KC", "2D"]})
    play_all(game, [(1, "QH"), (2, "KC")])
    st = game.state
    assert st.wanted is None and st.to_move == 2 and st.actors() == (2,)
    with pytest.raises(IllegalAction, match="must lead"):
        game.pass_(2)
    game.play(2, "2D")
    assert st.wanted.rank == 3


def test_stuck_skip_the_player_of_the_5_goes_on_with_a_7():
    """[DE] main text: 'Hat, nachdem ein Spieler eine 5 gelegt hat, keiner mehr eine 6 zum Drauflegen,
    darf der Spieler, der die 5 legte, mit einer 7 weitermachen' (option stuck='skip')."""
    game = deal(3, {1: ["5H", "7C", "8C"]}, options={"stuck": "skip"}, avoid=["6S", "6H", "6D", "6C"])
    play_all(game, [(1, "5H"), (2, None), (0, None)])
    st = game.state
    assert st.to_move == 1 and st.wanted.rank == 7 and not st.leading
    with pytest.raises(IllegalAction, match="7 is wanted"):
        game.play(1, "8C")
    play_all(game, [(1, "7C"), (1, "8C")])
    assert st.wanted.rank == 9


def test_stuck_skip_asks_the_others_then_skips_again_and_leads_past_the_king():
    """stuck='skip' (our reading of [DE], documented): if the stopper does not go on with the rank after
    the missing one, the others are asked for it in turn; each full round skips one more rank; past the
    king the stopper leads anew."""
    game = deal(3, {1: ["JH"], 2: ["KD"]}, options={"stuck": "skip"})
    play_all(game, [(1, "JH"), (2, None), (0, None)])          # nobody gives a queen: king is wanted
    st = game.state
    assert st.to_move == 1 and st.wanted.rank == 13
    play_all(game, [(1, None), (2, None), (0, None)])          # nobody gives a king either
    assert st.to_move == 1 and st.leading
    game2 = deal(3, {1: ["JH"], 2: ["KD"]}, options={"stuck": "skip"})
    play_all(game2, [(1, "JH"), (2, None), (0, None), (1, None), (2, "KD")])
    assert game2.state.leading and game2.state.to_move == 2


# ---- honours and calls ----------------------------------------------------------------------------


def test_an_announced_honour_sweeps_its_box():
    """[EN] 'When a player places one of the cards represented on the board, for example the Queen of
    Spades, they announce "the Queen who sweeps" (Dame qui prend) and sweeps up the chips in the box';
    [DE] 'legt die D ab und sagt "die Dame die nimmt" an, so bekommt man den Inhalt des Faches'."""
    game = deal(3, {1: ["JS", "QS"]}, board={"QS": 4})
    play_all(game, [(1, "JS"), (1, "QS!")])
    st = game.state
    assert st.board["QS"] == 0 and st.chips[1] == 85 + 4 + 9
    assert [r.called for r in st.calls] == [True]
    assert st.payments[-1].reason == "sweep" and st.payments[-1].amount == 13


def test_an_honour_not_announced_leaves_its_stake_and_is_a_missed_call():
    """[EN] 'If they forget to announce, the bet is lost for them and stays in place for the next game';
    [DE] 'Wenn man die Ansage vergisst, geht die Prämie verloren'. The engine records the missed call."""
    game = deal(3, {1: ["QS", "KS"]})
    play_all(game, [(1, "QS"), (1, "KS")])  # the next card lands: the window (next_card) is closed
    st = game.state
    assert st.board["QS"] == 9 and st.missed_calls == [(1, "QS", 4 + 1)]
    missed = [n for n in game.notices if n.kind == nt.CALL_MISSED]
    assert len(missed) == 1 and missed[0].seat == 1 and missed[0].card == "QS"
    game.call(1, "QS")
    assert st.board["QS"] == 9
    assert game.notices[-1].kind == nt.LATE_CALL


def test_call_window_next_card_allows_a_call_after_passes():
    """Option call_window='next_card' (default): the call may come until the next card lands."""
    game = deal(3, {1: ["QS", "2H"]})
    play_all(game, [(1, "QS"), (2, None)])
    game.call(1, "QS")
    assert game.state.board["QS"] == 0 and not game.state.missed_calls


@pytest.mark.parametrize("window,actions,missed", [
    ("play", [(1, "QS")], True),                       # only with the card itself
    ("next_action", [(1, "QS"), (2, None)], True),     # a pass closes it
    ("next_action", [(1, "QS")], False),
    ("next_card", [(1, "QS"), (2, None)], False),
    ("turn", [(1, "QS"), (1, "KS")], False),           # still the player's turn
    ("turn", [(1, "QS"), (2, None)], True),            # another player acted
    ("deal", [(1, "QS"), (2, None), (0, None), (1, "KS")], False),
])
def test_call_windows(window, actions, missed):
    """Option call_window: how long after an honour its call may come (the issue's 'configured window')."""
    game = deal(3, {1: ["QS", "KS"]}, options={"call_window": window})
    play_all(game, actions)
    game.call(1, "QS")
    assert bool(game.state.missed_calls) is missed
    assert (game.state.board["QS"] == 9) is missed


def test_sweeping_the_box_counts_as_the_call():
    """The camera sees the chips taken: a sweep within the window is the announcement."""
    game = deal(3, {1: ["QS", "2H"]})
    play_all(game, [(1, "QS"), (2, None)])
    game.sweep(1, "QS")
    assert game.state.board["QS"] == 0 and game.state.chips[1] == 85 + 9
    game.sweep(1, "QS")  # the same sweep seen again: nothing more
    assert game.state.chips[1] == 85 + 9 and not game.state.false_sweeps


def test_a_box_swept_without_its_honour_is_recorded_and_moves_nothing():
    """The opposite error of a missed call (issue): a box taken although its honour was not played."""
    game = deal(3, {1: ["5H"], 2: ["QS"]})
    game.play(1, "5H")
    game.sweep(1, "KH")
    st = game.state
    assert st.false_sweeps == [(1, "KH", 6)] and st.board["KH"] == 12  # events: new deal, 3 antes, deal, play, sweep
    assert game.notices[-1].kind == nt.SWEEP_WITHOUT_HONOUR


def test_announcing_a_card_not_played_is_a_notice_not_a_sweep():
    game = deal(3, {1: ["5H"]})
    game.play(1, "5H")
    game.call(1, "QS")
    assert game.state.board["QS"] == 9 and game.notices[-1].kind == nt.CALL_WITHOUT_HONOUR


# ---- end of the deal ------------------------------------------------------------------------------


def short_win(options=None, chips=100, board=None, fixed_extra=None):
    """8 players, 6 cards: Bruno (seat 1) lays 2C 3C 4C, stops, everybody passes, then 9C 10C JH: out
    in his second turn (no opéra). Honours go to the talon unless placed."""
    fixed = {1: ["2C", "3C", "4C", "9C", "10C", "JH"]}
    fixed.update(fixed_extra or {})
    avoid = [b for b in BOXES if not any(b in cards for cards in fixed.values())][:4]
    game = deal(8, fixed, options=options, chips=chips, board=board, avoid=avoid)
    play_all(game, [(1, "2C"), (1, "3C"), (1, "4C")] + [(s, None) for s in (2, 3, 4, 5, 6, 7, 0)]
             + [(1, "9C"), (1, "10C"), (1, "JH")])
    return game


def test_first_player_out_wins_and_the_others_pay_their_points():
    """[EN] 'They win from the other players … as many chips as they have points left in their hand (each
    court card is worth 10 …) Aces score 1 point'; [DE] 'Die Bilder zählen dabei jeweils zehn Punkte'."""
    game = short_win()
    st = game.state
    assert st.phase == "over" and st.winner == 1 and not st.opera
    hands = [list(st.hands[s]) for s in range(8)]
    result = game.settle()
    due = {s: pts(hands[s]) for s in range(8) if s != 1}
    paid = {p.source: p.amount for p in result.payments if p.reason == "cards"}
    assert paid == due
    assert st.chips[1] == 85 + sum(due.values())
    betes = {p.source: p.amount for p in result.payments if p.reason == "bete"}
    assert all(st.chips[s] == 85 - due[s] - betes.get(s, 0) for s in due)


def test_payment_per_card_three_chips_a_card():
    """[FR] 'une carte non défaussée … vaut trois jetons, mais cela dépend des règles fixées d'un commun
    accord'; [DE] Ablaufvariante 'so viele Jetons, wie die anderen noch Karten in der Hand haben'."""
    game = short_win(options={"payment": "cards", "chips_per_card": 3})
    result = game.settle()
    paid = {p.source: p.amount for p in result.payments if p.reason == "cards"}
    assert paid == {s: 6 * 3 for s in range(8) if s != 1}
    game1 = short_win(options={"payment": "cards"})
    assert {p.amount for p in game1.settle().payments if p.reason == "cards"} == {6}


def test_bete_a_loser_holding_an_honour_pays_what_its_box_holds():
    """[EN] 'If a player still holds one of the honour cards at the end of the game, they pay a bête to the
    board that matches what is in the box for that card'; [DE] 'den Inhalt des Faches nach dem Spiel
    verdoppeln'; [1792] art. 10.2.5."""
    game = short_win(fixed_extra={2: ["7D"]}, board={"7D": 3}, chips=1000)
    result = game.settle()
    betes = [p for p in result.payments if p.reason == "bete"]
    assert [(p.source, p.target, p.amount) for p in betes] == [(2, "7D", 40 + 3)]
    assert game.state.board["7D"] == 2 * (40 + 3)


def test_bete_off():
    """Option bete=False: no bête."""
    game = short_win(options={"bete": False}, fixed_extra={2: ["7D"]})
    assert not [p for p in game.settle().payments if p.reason == "bete"]


def test_bete_on_missed_call_german_reading():
    """[DE] 'Gleiches gilt für ein Übersehen dieser Karte': with bete_on_missed_call, a player who laid an
    honour without announcing it pays its bête too (into the box it failed to sweep)."""
    for flag in (False, True):
        game = deal(8, {1: ["2C", "3C", "4C", "5C", "JS", "QH"], 2: ["6S", "7S", "8S", "9S", "10D", "AH"]},
                    options={"bete_on_missed_call": flag}, avoid=["JC", "QS", "KH", "7D"], chips=1000)
        play_all(game, [(1, "2C"), (1, "3C"), (1, "4C"), (1, "5C"),
                        (2, "6S"), (2, "7S"), (2, "8S"), (2, "9S"), (2, "10D")]  # 10D not announced
                 + [(s, None) for s in (3, 4, 5, 6, 7, 0)] + [(1, "JS")])        # the next card: missed
        assert game.state.missed_calls == [(2, "10D", 18)]
        game.play(1, "QH")
        assert game.state.winner == 1
        betes = [(p.source, p.card, p.amount) for p in game.settle().payments if p.reason == "bete"]
        assert betes == ([(2, "10D", 8)] if flag else [])


def test_opera_first_turn_sweeps_all_five_boxes():
    """[DE] 'Gelingt es einem Spieler, sofort, wenn er zum ersten Mal an der Reihe ist, alle Karten zu
    legen, so ist ihm eine Grand Opéra gelungen und er darf zusätzlich alle Fächer des Tableaus leeren';
    [EN] 'it is an Opera … in addition to the payment of the other players, they sweep the board'."""
    game = deal(8, {1: ["8H", "9S", "10D", "JC", "QS", "KH"]}, board={"7D": 2})
    play_all(game, [(1, "8H"), (1, "9S"), (1, "10D!"), (1, "JC!"), (1, "QS!"), (1, "KH!")])
    st = game.state
    assert st.winner == 1 and st.opera
    result = game.settle()
    opera = [p for p in result.payments if p.reason == "opera"]
    assert [(p.source, p.amount) for p in opera] == [("7D", 40 + 2)]
    assert all(v == 0 for v in st.board.values())
    # settlement order: card payments come first
    reasons = [p.reason for p in result.payments if p.reason not in ("ante", "sweep")]
    assert reasons.index("opera") > max(i for i, r in enumerate(reasons) if r == "cards")


def test_opera_through_kings_in_one_turn():
    """A king lets its player lead again in the same turn [EN], so an opéra can span several runs."""
    game = deal(8, {1: ["QH", "KC", "5D", "6D", "7H", "2S"]})
    play_all(game, [(1, "QH"), (1, "KC"), (1, "5D"), (1, "6D"), (1, "7H")])
    assert game.state.to_move == 1 and not game.state.first_turn_over[1]
    play_all(game, [(1, None), (2, None), (3, None), (4, None), (5, None), (6, None), (7, None), (0, None)])
    game.play(1, "2S")
    assert game.state.winner == 1 and not game.state.opera  # his turn was interrupted by the passes


def test_opera_needs_the_first_turn_passing_ends_it():
    """A turn is one uninterrupted run of a player's actions (issue): once others acted, no opéra."""
    game = short_win()
    assert not game.state.opera


def test_opera_off():
    game = deal(8, {1: ["8H", "9S", "10D", "JC", "QS", "KH"]}, options={"opera": "off"})
    play_all(game, [(1, "8H"), (1, "9S"), (1, "10D!"), (1, "JC!"), (1, "QS!"), (1, "KH!")])
    assert not game.state.opera
    assert not [p for p in game.settle().payments if p.reason == "opera"]


def test_opera_no_opponent_honour_french_reading():
    """[FR] 'Dans le cas où un joueur se serait défaussé de toutes ses cartes alors qu'aucun de ses
    adversaires n'ait abattu une belle carte, ledit joueur fait un Grand opéra … les jetons présents sur
    le tableau lui reviennent' (option opera='no_opponent_honour')."""
    win = short_win(options={"opera": "no_opponent_honour"})
    assert win.state.opera                      # nobody else laid an honour
    game = deal(8, {1: ["2C", "3C", "4C", "9C", "10C", "JH"], 2: ["5S", "6S", "7S", "8S", "9S", "10D"]},
                options={"opera": "no_opponent_honour"}, avoid=["JC", "QS", "KH", "7D"])
    play_all(game, [(1, "2C"), (1, "3C"), (1, "4C"), (2, "5S"), (2, "6S"), (2, "7S"), (2, "8S"), (2, "9S"),
                    (2, "10D!")])
    assert game.state.winner == 2 and game.state.opera     # Chloé is out, and only she laid an honour
    game2 = deal(8, {1: ["9C", "10D", "4C", "5C", "6C", "7C"], 2: ["JH", "QH", "KH", "2C", "3C", "8C"]},
                 options={"opera": "no_opponent_honour"})
    play_all(game2, [(1, "9C"), (1, "10D!"), (2, "JH"), (2, "QH"), (2, "KH!"), (2, "2C"), (2, "3C")]
             + [(s, None) for s in (3, 4, 5, 6, 7, 0)] + [(1, "4C"), (1, "5C"), (1, "6C"), (1, "7C")])
    assert game2.state.winner == 1 and not game2.state.opera  # Chloé had laid the K♥


def test_opera_no_opponent_card():
    game = deal(8, {1: ["2C", "3C", "4C", "9C", "10C", "JH"]}, options={"opera": "no_opponent_card"},
                avoid=list(BOXES)[:4])
    play_all(game, [(1, "2C"), (1, "3C"), (1, "4C")] + [(s, None) for s in (2, 3, 4, 5, 6, 7, 0)]
             + [(1, "9C"), (1, "10C"), (1, "JH")])
    assert game.state.opera


def test_settlement_order_opera_empties_the_boxes_before_the_betes():
    """Settlement order (issue, docs): card payments, then the opéra sweep, then bêtes — so after an
    opéra a bête pays into an empty box, i.e. nothing."""
    game = deal(8, {1: ["8H", "9S", "10D", "JC", "QS", "KH"], 2: ["7D"]})
    play_all(game, [(1, "8H"), (1, "9S"), (1, "10D!"), (1, "JC!"), (1, "QS!"), (1, "KH!")])
    result = game.settle()
    assert [p for p in result.payments if p.reason == "bete"] == []
    game2 = deal(8, {1: ["8H", "9S", "10D", "JC", "QS", "KH"], 2: ["7D"]}, options={"opera": "off"},
                 chips=1000)
    play_all(game2, [(1, "8H"), (1, "9S"), (1, "10D!"), (1, "JC!"), (1, "QS!"), (1, "KH!")])
    betes = [p for p in game2.settle().payments if p.reason == "bete"]
    assert [(p.source, p.amount) for p in betes] == [(2, 40)]


def test_a_player_pays_at_most_what_they_have():
    """Issue: 'A player pays at most what they have' — the card payment comes first, the bête gets the rest."""
    chips = {name: 100 for name in NAMES[:8]}
    chips["Chloé"] = 20
    game = short_win(chips=chips, fixed_extra={2: ["KS", "QH", "JD", "10H", "7D"]})
    st = game.state
    assert st.chips[2] == 5
    result = game.settle()
    chloe = [p for p in result.payments if p.source == 2 and p.reason != "ante"]
    assert chloe[0].reason == "cards" and chloe[0].amount == 5 and chloe[0].due > 5
    assert chloe[1].reason == "bete" and chloe[1].amount == 0 and chloe[1].due == 40
    assert st.chips[2] == 0
    game.state.ledger.check()


# ---- the game -------------------------------------------------------------------------------------


def test_the_game_ends_when_a_player_cannot_ante_15():
    """[EN] 'The game is over when a player is "ruined" and can no longer place 15 chips at the beginning
    of the round.'"""
    chips = {name: 100 for name in NAMES[:8]}
    chips["Chloé"] = 30
    game = short_win(chips=chips)
    game.settle()
    assert game.state.chips[2] < 15 and game.state.game_over
    with pytest.raises(IllegalAction, match="the game is over: Chloé cannot ante 15 chips") as err:
        game.new_deal()
    assert err.value.kind == "game_over"


def test_max_deals_ends_the_game():
    """[EN] 'You can also choose a number of game turns' (option max_deals)."""
    game = short_win(options={"max_deals": 1})
    game.settle()
    assert game.state.game_over
    with pytest.raises(IllegalAction, match="the game is over: 1 deal played"):
        game.new_deal()
    game2 = short_win(options={"max_deals": 2})
    game2.settle()
    assert not game2.state.game_over


def test_unknown_options_and_values_are_refused():
    with pytest.raises(RulesError, match="unknown option 'colour'"):
        get_rules("lindor", {"colour": "red"})
    with pytest.raises(RulesError, match="'payment' must be one of"):
        get_rules("lindor", {"payment": "euros"})
    with pytest.raises(RulesError, match="chips_per_card' must be ≥ 1"):
        get_rules("lindor", {"chips_per_card": 0})
    with pytest.raises(RulesError, match="unknown rule set"):
        get_rules("poker")
