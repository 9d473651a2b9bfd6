"""Properties over random legal hands of every variant, with deliberate revokes (hypothesis).

The hands come from the simulator, which plays through the strict engine. An independent oracle
walks the same event log and says where the revokes were; the engine must report exactly those, at
those plays, proven by the first later card of the withheld suit. The same log replayed live, with
every hand unknown, must report each revoke only once its proof has been played, and then all of them.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.nap.cards import ORDER, SUIT
from engine.nap.events import Deal, DeclareTrumps, Play, Purchase, Settle, TakeFloater, TakeWidow
from engine.nap.game import Game
from engine.nap.simulate import SimulationRequest, simulated_game

VARIANTS = [
    {}, {"two": True, "misere": True, "blucher": True, "scale": "american"}, {"pool": True, "pool_dealer_extra": 2},
    {"game": "purchase", "purchase_pricing": "per_card"}, {"game": "widow", "misere": True},
    {"game": "floater"}, {"game": "floater", "floater_leads": "any", "deck": "full"},
    {"game": "seven_card", "scale": "mcleod"}, {"pool": True, "shuffle": "habit", "play_out": False, "misere": True},
    {"revoke_penalty": "none", "scale": "doubled_wins"}, {"game": "purchase", "debts": "cap"},
]

games = st.builds(
    lambda options, players, seed, hands, rate: simulated_game(SimulationRequest.build(
        options=options, players=players, seed=seed, hands=hands, chips=40, revoke_rate=rate)),
    st.sampled_from(VARIANTS), st.integers(3, 7), st.integers(0, 2**32 - 1), st.integers(1, 4),
    st.sampled_from([0.0, 0.2, 0.6]))


def oracle(game: Game) -> list[list[tuple[int, int, str, str, int, int | None, str | None]]]:
    """Per hand, the revokes: (seat, trick, card, led, play index, proof trick, proof card), found by
    following every hand through the log independently of the engine."""
    out: list[list[tuple]] = []
    hands: list[set[str]] = []
    floater = widow = None
    trick: list[tuple[int, str]] = []
    trick_no = 0
    found: list[list] = []
    for index, event in game.effective_events():
        kind = type(event)
        if kind is Deal:
            hands = [set(h) for h in event.hands]
            floater, widow = event.floater, event.widow
            trick, trick_no, found = [], 0, []
        elif kind is Purchase:
            hands[event.seat] = (hands[event.seat] - set(event.discard)) | set(event.draw)
        elif kind is TakeWidow:
            hands[event.seat] = (hands[event.seat] | set(widow)) - set(event.discard)
        elif kind is TakeFloater:
            bidder = game.state.results[len(out)].bidder
            hands[bidder] = (hands[bidder] | {floater}) - {event.discard}
        elif kind is Play:
            seat, card = event.seat, event.card
            suit = SUIT[card]
            for record in found:   # the first later card of the withheld suit proves it
                if record[0] == seat and record[3] == suit and record[5] is None:
                    record[5], record[6] = trick_no, card
            if trick and suit != SUIT[trick[0][1]] and any(SUIT[c] == SUIT[trick[0][1]] for c in hands[seat]):
                found.append([seat, trick_no, card, SUIT[trick[0][1]], index, None, None])
            hands[seat].discard(card)
            trick.append((seat, card))
            if len(trick) == len(game.players):
                trick, trick_no = [], trick_no + 1
        elif kind is Settle:
            out.append([tuple(r) for r in found])
    return out


def winner(plays: tuple[tuple[int, str], ...], trumps: str | None) -> int:
    led = SUIT[plays[0][1]]
    trumped = [(ORDER[c], s) for s, c in plays if SUIT[c] == trumps]
    if trumped:
        return max(trumped)[1]
    return max((ORDER[c], s) for s, c in plays if SUIT[c] == led)[1]


@settings(max_examples=60, deadline=None)
@given(game=games)
def test_random_hands(game: Game):
    rules = game.rules
    n = len(game.players)
    total = sum(game.setup.chips) + game.setup.pool
    expected = oracle(game)
    assert len(expected) == len(game.state.results)
    for result, revokes in zip(game.state.results, expected):
        # chips and pool conserved; nobody below zero when debts are capped
        assert sum(result.chips) + result.pool == total and result.pool >= 0
        assert rules.options.debts == "allow" or min(result.chips) >= 0
        # every trick: one card from each player, exactly one winner, the right one
        for trick in result.tricks:
            assert sorted(s for s, _ in trick.plays) == list(range(n))
            assert trick.winner == winner(trick.plays, result.trumps)
        assert sum(result.tricks_won) == len(result.tricks)
        if result.bidder is None:
            assert result.tricks == () and result.made is None and result.revokes == ()
        elif rules.options.play_out:
            assert len(result.tricks) == rules.hand_size
        # revokes: exactly at the plays where they happened, with the play that proved them
        got = [(r.seat, r.trick, r.card, r.led, r.index, r.proven_trick, r.proven_card) for r in result.revokes]
        assert got == revokes
    revoke_notices = sorted(n.index for n in game.notices if n.kind == "revoke")
    assert revoke_notices == sorted(r[4] for hand in expected for r in hand)


def live_events(game: Game):
    """The log as a live table gives it: no card of any hand known, no discard seen."""
    for _, event in game.effective_events():
        kind = type(event)
        if kind is Deal:
            yield Deal()
        elif kind is Purchase:
            yield Purchase(event.seat, event.count)
        elif kind is TakeWidow:
            yield TakeWidow(event.seat)
        elif kind is TakeFloater:
            yield TakeFloater()
        else:
            yield event


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_live_replay_proves_revokes_only_after_the_fact(game: Game):
    expected = oracle(game)
    live = Game(game.players, rules=game.rules, chips=game.setup.chips, pool=game.setup.pool, live=True)
    total = sum(game.setup.chips) + game.setup.pool
    hand = 0
    for event in live_events(game):
        live.apply(event)
        st = live.state
        assert st.ledger.in_play() == total
        if type(event) is Play:
            now = len(live.events) - 1
            proven = sorted((r.seat, r.trick, r.card) for r in st.revokes if r.established)
            due = sorted((r[0], r[1], r[2]) for r in expected[hand]
                         if r[5] is not None and _proof_index(game, r) <= now)
            assert proven == due
        if type(event) is Settle:
            result = st.results[-1]
            assert sorted((r.seat, r.trick, r.card, r.proven_trick, r.proven_card) for r in result.revokes) == sorted(
                (r[0], r[1], r[2], r[5], r[6]) for r in expected[hand] if r[5] is not None)
            assert result.tricks == game.state.results[hand].tricks
            hand += 1
    assert {n.kind for n in live.notices} <= {"revoke"}


def _proof_index(game: Game, record: tuple) -> int:
    """The log index of the play that proves ``record``: the same seat playing its proof card."""
    seat, card = record[0], record[6]
    return next(i for i, e in game.effective_events() if type(e) is Play and e.seat == seat and e.card == card
                and i > record[4])


def test_the_oracle_sees_revokes_in_a_known_case():
    game = simulated_game(SimulationRequest.build(options={}, players=4, seed=3, hands=20, revoke_rate=0.5))
    assert sum(len(hand) for hand in oracle(game)) > 5


def test_declared_trumps_reach_the_oracle_unchanged():
    game = simulated_game(SimulationRequest.build(options={"game": "floater"}, players=4, seed=1, hands=10))
    declared = [e.suit for _, e in game.effective_events() if type(e) is DeclareTrumps]
    assert declared == [r.trumps for r in game.state.results if r.bidder is not None]
