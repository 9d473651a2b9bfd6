"""Ground truth of a filmed deal and how the pipeline's events are scored against it.

The expected settlement comes from the same live engine the pipeline feeds, given the true plays, sweeps and
hands; so a settlement is "exactly right" when every perception step was right, whatever the rules details.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from vision.referee import LiveReferee
from vision.tablesim.scene import TruthEvent
from vision.tablesim.script import HONOURS, DealScript


def expected_missed_calls(script: DealScript) -> list[tuple[str, str]]:
    """(card, player) of every honour laid whose box was not swept before the next card landed."""
    missed = []
    acts = list(script.actions)
    for i, a in enumerate(acts):
        if a.kind != "play" or a.card not in HONOURS:
            continue
        swept = False
        for b in acts[i + 1:]:
            if b.kind == "sweep" and b.box == a.card:
                swept = True
                break
            if b.kind == "play":
                break
        if not swept:
            missed.append((str(a.card), a.player))
    return missed


def _played(script: DealScript, chips: int, rules: str) -> LiveReferee:
    """The live engine the pipeline feeds, told the true plays and sweeps."""
    ref = LiveReferee(script.players, script.dealer, chips, rules)
    for a in script.actions:
        if a.kind == "play":
            ref.play(a.player, str(a.card), 1.0)
        elif a.kind == "sweep":
            ref.sweep(a.player, str(a.box))
    return ref


def expected_settlement(script: DealScript, chips: int = 100, rules: str = "lindor") -> dict[str, Any]:
    hands = {a.player: a.cards for a in script.actions if a.kind == "showdown"}
    return _played(script, chips, rules).settle(hands)


def expected_deal_end(script: DealScript, chips: int = 100, rules: str = "lindor") -> tuple[str | None, bool]:
    """(winner, opéra) as the rule set calls them on the true plays. The script's own `opera` (the first player out
    before anybody else laid a card) is narrower than a rule set's: Lindor's default counts a player who went out in
    their first turn, whoever played before."""
    state = _played(script, chips, rules).state
    return (script.players[state.winner] if state.winner is not None else None), bool(state.opera)


def standing_missed(events: list[dict]) -> set[tuple[str, str | None]]:
    """(honour, player) of the `call_missed` events that no later `call_withdrawn` took back."""
    told: list[tuple[str, str | None]] = []
    for e in events:
        if e["type"] == "call_missed":
            told.append((str(e["card"]), e.get("player")))
        elif e["type"] == "call_withdrawn" and (str(e["card"]), e.get("player")) in told:
            told.remove((str(e["card"]), e.get("player")))
    return set(told)


def false_alarms(script: DealScript, events: list[dict]) -> list[tuple[str, str | None]]:
    """(honour, player) of the missed calls told, and not withdrawn, that the deal holds no such missed call for: the
    call was made, the honour never laid, or the player told did not lay it. Each accuses a player."""
    missed = set(expected_missed_calls(script))
    return sorted(standing_missed(events) - missed, key=str)


def withdrawn_alarms(script: DealScript, events: list[dict]) -> list[tuple[str, str | None]]:
    """False alarms the pipeline took back later (`call_withdrawn`): a player was accused for a while."""
    missed = set(expected_missed_calls(script))
    told = {(str(e["card"]), e.get("player")) for e in events if e["type"] == "call_missed"}
    return sorted(told - missed - set(false_alarms(script, events)), key=str)


@dataclass
class Score:
    plays: int = 0
    cards_right: int = 0
    players_right: int = 0
    players_asked: int = 0
    extra_plays: int = 0
    renamed: int = 0
    """card_corrected events: earlier plays the pipeline renamed once it knew better (scored as renamed)."""
    sweeps: int = 0
    sweeps_caught: int = 0
    extra_sweeps: int = 0
    """box_swept events beyond the box's true sweeps (each box is emptied once a deal): a box told emptied that was
    not, or told again; the phone shows each one."""
    missed_calls: int = 0
    missed_caught: int = 0
    false_missed: int = 0
    """call_missed events, not withdrawn, of a call made or told against a player who did not lay the honour."""
    withdrawn_missed: int = 0
    """False alarms taken back by a `call_withdrawn` later in the deal."""
    hands: int = 0
    hands_right: int = 0
    deal_over_right: bool = False
    settled_right: bool = False
    latencies_frames: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def corrected_plays(events: list[dict]) -> list[dict]:
    """The card_played events as the pipeline left them: each card_corrected renames the latest play of its `was`
    (its first when the event says `first`), or trades the cards of the latest plays of `was` and `card` (`swap`);
    each play_withdrawn removes the latest play of its card."""
    plays: list[dict] = []
    for e in events:
        if e["type"] == "card_played":
            plays.append(dict(e))
        elif e["type"] == "play_withdrawn":
            latest = next((i for i in reversed(range(len(plays))) if plays[i]["card"] == e["card"]), None)
            if latest is not None:
                del plays[latest]
        elif e["type"] == "card_corrected":
            order = plays if e.get("first") else reversed(plays)
            target = next((p for p in order if p["card"] == e["was"]), None)
            other = next((p for p in reversed(plays) if p["card"] == e["card"]), None) if e.get("swap") else None
            if target is not None and (other is not None or not e.get("swap")):
                target["card"] = e["card"]
                if other is not None:
                    other["card"] = e["was"]
    return plays


EARLY_S = 1.0
"""A play may be read up to this long before the truth says it landed (a card held still just above the pile)."""
SKIP_COST_S = 2.0
"""Cost of leaving a play or an event unpaired, in seconds of timing error: a pair further off is no pair."""
SAME_CARD_S = 0.5
"""A pair naming the right card costs this much less, so that one early or doubled read does not shift the rest."""


def align_plays(landed: list[float], cards: list[str], plays: list[dict]) -> dict[int, int]:
    """Pairs true plays with the pipeline's, in time order, at the least total timing error (an edit alignment).

    A play is read in time when read before the next card lands (a player who sweeps at once keeps the table moving).
    Pairing each play with the first event in its window instead lets one early or doubled read shift every later
    pair by one, which would count a single fault as a wrong card and player for the rest of the deal.
    """
    n, m = len(landed), len(plays)

    def cost(k: int, i: int) -> float | None:
        t0, t = landed[k], plays[i]["t"]
        until = max(t0 + 0.45, landed[k + 1]) if k + 1 < n else t0 + 0.45
        if not t0 - EARLY_S <= t <= until:
            return None
        return abs(t - t0) - (SAME_CARD_S if plays[i]["card"] == cards[k] else 0.0)

    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    step = [[""] * (m + 1) for _ in range(n + 1)]
    for k in range(n + 1):
        for i in range(m + 1):
            if k == 0 and i == 0:
                continue
            options = []
            if k > 0:
                options.append((best[k - 1][i] + SKIP_COST_S, "k"))
            if i > 0:
                options.append((best[k][i - 1] + SKIP_COST_S, "i"))
            if k > 0 and i > 0 and (c := cost(k - 1, i - 1)) is not None:
                options.append((best[k - 1][i - 1] + c, "pair"))
            best[k][i], step[k][i] = min(options)
    pairs: dict[int, int] = {}
    k, i = n, m
    while k > 0 or i > 0:
        move = step[k][i]
        if move == "pair":
            pairs[k - 1] = i - 1
            k, i = k - 1, i - 1
        elif move == "k":
            k -= 1
        else:
            i -= 1
    return pairs


def sweeps_beyond(truth: list[TruthEvent], events: list[dict]) -> dict[str, int]:
    """Per box, how many more `box_swept` events were told than the box was swept: each box is emptied once a deal,
    so a box told emptied while its chips lay there (under a resting arm), or told again, is a sweep that was none."""
    told = Counter(str(e["box"]) for e in events if e["type"] == "box_swept")
    swept = Counter(str(t.event["box"]) for t in truth if t.event["type"] == "box_swept")
    return {box: n - swept[box] for box, n in told.items() if n > swept[box]}


def score_deal(script: DealScript, truth: list[TruthEvent], events: list[dict], fps: float,
               chips: int = 100, rules: str = "lindor") -> Score:
    s = Score()
    plays = corrected_plays(events)
    s.renamed = sum(1 for e in events if e["type"] == "card_corrected")
    laid = [t for t in truth if t.event["type"] == "card_played"]
    pairs = align_plays([t.frame / fps for t in laid], [str(t.event["card"]) for t in laid], plays)
    for k, te in enumerate(laid):
        s.plays += 1
        t0 = te.frame / fps
        match = pairs.get(k)
        if match is None:
            s.problems.append(f"play of {te.event['card']} at {t0:.2f}s not seen")
            continue
        e = plays[match]
        s.latencies_frames.append((e["t"] - t0) * fps)
        if e["card"] == te.event["card"]:
            s.cards_right += 1
        else:
            s.problems.append(f"{te.event['card']} read as {e['card']} at {t0:.2f}s")
        if e.get("player") == te.event["player"]:
            s.players_right += 1
        elif e.get("player") is None:
            s.players_asked += 1
        else:
            s.problems.append(f"{te.event['card']} attributed to {e['player']}, not {te.event['player']}")
    used = set(pairs.values())
    s.extra_plays = len(plays) - len(used)
    swept = [e for e in events if e["type"] == "box_swept"]
    for te in (t for t in truth if t.event["type"] == "box_swept"):
        s.sweeps += 1
        if any(e["box"] == te.event["box"] and e.get("player") == te.event["player"] for e in swept):
            s.sweeps_caught += 1
        else:
            s.problems.append(f"sweep of {te.event['box']} by {te.event['player']} not caught")
    for box, extra in sweeps_beyond(truth, events).items():
        s.extra_sweeps += extra
        s.problems.append(f"{box} box told swept {extra} more time(s) than it was")
    seen_missed = standing_missed(events)
    expected_missed = expected_missed_calls(script)
    for card, player in false_alarms(script, events):
        s.false_missed += 1
        s.problems.append(f"false alarm: call of {card} reported missed by {player}")
    for card, player in withdrawn_alarms(script, events):
        s.withdrawn_missed += 1
        s.problems.append(f"false alarm withdrawn: call of {card} reported missed by {player}, then taken back")
    for card, player in expected_missed:
        s.missed_calls += 1
        if (card, player) in seen_missed:
            s.missed_caught += 1
        else:
            s.problems.append(f"missed call of {card} by {player} not caught")
    over = [e for e in events if e["type"] == "deal_over"]
    s.deal_over_right = bool(over) and (over[0]["winner"], over[0]["opera"]) == expected_deal_end(script, chips, rules)
    revealed = {e["player"]: sorted(e["cards"]) for e in events if e["type"] == "hand_revealed"}
    for a in script.actions:
        if a.kind == "showdown":
            s.hands += 1
            if revealed.get(a.player) == sorted(a.cards):
                s.hands_right += 1
            else:
                s.problems.append(f"{a.player}'s hand {sorted(a.cards)} read as {revealed.get(a.player)}")
    settlement = [e for e in events if e["type"] == "settlement"]
    expected = expected_settlement(script, chips, rules)
    s.settled_right = bool(settlement) and settlement[-1]["chips"] == expected["chips"] and \
        settlement[-1]["board"] == expected["board"]
    if not s.settled_right:
        s.problems.append(f"settlement {settlement[-1] if settlement else None} != expected {expected}")
    return s
