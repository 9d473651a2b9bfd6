"""Option ``debts``: a loser who cannot cover what they owe pays in full and goes below zero
(``allow``, the default: Nap is scored on paper) or pays what they hold, the shortfall falling on
the last to be paid (``cap``). Chips and pool are conserved either way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from nap_support import failed_by_anne, load_example

from engine.nap.simulate import SimulationRequest, simulate, simulated_game
from engine.nap.transcript import settle_transcript

SEVEN = ("Anne", "Bruno", "Chloé", "Denis", "Emma", "Félix", "Gaëlle")


def wellington(debts: str | None) -> dict:
    """The issue's hand (examples/nap/wellington_debts.json) with ``debts`` set, or left to its default."""
    data = load_example("wellington_debts.json")
    data["options"] = {} if debts is None else {"debts": debts}
    return data


def lost_to(result: dict) -> list[tuple[str, int, int]]:
    return [(p["to"], p["amount"], p.get("due", p["amount"])) for p in result["payments"] if p["reason"] == "lost"]


def test_lost_wellington_with_debts_allowed_goes_below_zero():
    """Seven players, 50 chips each; Chloé bids Wellington over Bruno's Nap, takes four tricks and
    Félix's ace of diamonds the fifth. She owes 10 (standard scale) to each of six opponents, in turn
    from her left: Denis, Emma, Félix, Gaëlle, Anne, Bruno — 60 in all, holding 50.

    allow: all six are paid 10; Chloé 50 - 60 = -10, everyone else 50 + 10 = 60;
    total -10 + 6 × 60 = 350 = 7 × 50."""
    for debts in (None, "allow"):   # allow is the default
        result = settle_transcript(wellington(debts))
        assert result["made"] is False and result["tricks_won"]["Chloé"] == 4 and result["tricks_won"]["Félix"] == 1
        assert lost_to(result) == [(p, 10, 10) for p in ("Denis", "Emma", "Félix", "Gaëlle", "Anne", "Bruno")]
        assert result["chips"] == {**{p: 60 for p in SEVEN}, "Chloé": -10}
        assert sum(result["chips"].values()) + result["pool"] == 350


def test_lost_wellington_with_debts_capped_leaves_the_last_payee_short():
    """cap, the same hand: Denis, Emma, Félix, Gaëlle and Anne are paid 10 each (50, all Chloé holds);
    Bruno, last in turn, gets 0 of the 10 due. Chloé 0, Bruno 50, the five others 60;
    total 0 + 50 + 5 × 60 = 350."""
    result = settle_transcript(wellington("cap"))
    assert lost_to(result) == [("Denis", 10, 10), ("Emma", 10, 10), ("Félix", 10, 10), ("Gaëlle", 10, 10),
                               ("Anne", 10, 10), ("Bruno", 0, 10)]
    assert result["payments"][-1] == {"reason": "lost", "from": "Chloé", "to": "Bruno", "amount": 0, "due": 10}
    assert result["chips"] == {**{p: 60 for p in SEVEN}, "Chloé": 0, "Bruno": 50}
    assert sum(result["chips"].values()) + result["pool"] == 350


def test_a_lost_nap_doubles_the_pool_in_full_when_debts_are_allowed():
    """Anne holds 7, the pool 10 + 3 antes = 13: she owes 5 to Bruno, 5 to Chloé and 13 to the pool.
    allow: Anne 6 - 23 = -17, Bruno and Chloé 49 + 5 = 54, pool 26 (total 117, as at the start)."""
    result = settle_transcript(failed_by_anne(options={"pool": True}, pool=10,
                                              chips={"Anne": 7, "Bruno": 50, "Chloé": 50}))
    assert all("due" not in p for p in result["payments"])
    assert result["payments"][-1] == {"reason": "pool_doubled", "from": "Anne", "to": "pool", "amount": 13}
    assert result["chips"] == {"Anne": -17, "Bruno": 54, "Chloé": 54} and result["pool"] == 26


VARIANTS = [{}, {"pool": True, "pool_dealer_extra": 2}, {"game": "purchase", "purchase_pricing": "per_card"},
            {"game": "floater"}, {"game": "widow"}, {"game": "seven_card"}, {"pool": True, "misere": True}]


@settings(max_examples=40, deadline=None)
@given(options=st.sampled_from(VARIANTS), debts=st.sampled_from(["allow", "cap"]), players=st.integers(3, 7),
       seed=st.integers(0, 2**32 - 1), hands=st.integers(1, 6), chips=st.integers(0, 12))
def test_chips_and_pool_are_conserved_under_both_settings(options, debts, players, seed, hands, chips):
    game = simulated_game(SimulationRequest.build(options={**options, "debts": debts}, players=players, seed=seed,
                                                  hands=hands, chips=chips, revoke_rate=0.1))
    total = players * chips
    for result in game.state.results:
        assert sum(result.chips) + result.pool == total and result.pool >= 0
        if debts == "cap":
            assert min(result.chips) >= 0
        else:
            assert all(p.amount == p.due for p in result.payments)


def test_short_stacks_go_below_zero_or_are_cut():
    """Over 300 hands from 5 chips each, someone runs short: allowed, a stack goes below zero and no
    payment is cut; capped, no stack does and some payments are."""
    runs = {debts: list(simulate(SimulationRequest.build(options={"debts": debts}, players=5, seed=4, hands=300,
                                                        chips=5)))
            for debts in ("allow", "cap")}
    assert min(min(o.chips) for o in runs["allow"]) < 0 and sum(o.cut for o in runs["allow"]) == 0
    assert min(min(o.chips) for o in runs["cap"]) >= 0 and sum(o.cut for o in runs["cap"]) > 0
