"""The Nain Jaune rules engine: pure Python, no I/O, fully typed.

A game is a list of events (:mod:`engine.events`); its state (:mod:`engine.state`) is a fold over
them, computed by :class:`engine.game.Game`. Rule sets (:mod:`engine.rules`) are named presets
whose every rule is a documented option. See ``docs/rules.md``.
"""

from engine.cards import BOXES, DECK, HONOURS, POINTS, RANK, SUIT, Card, parse_card
from engine.errors import ConservationError, EngineError, IllegalAction, RulesError, TranscriptError
from engine.events import (
    Ante, Call, Correction, Deal, Event, NewDeal, Pass, Play, Settlement, Showdown, Sweep,
    event_from_dict, event_to_dict,
)
from engine.game import Game, GameSetup
from engine.ledger import Ledger, Payment
from engine.notices import Notice
from engine.rules import RULESETS, RuleSet, Wanted, get_rules
from engine.state import DealResult, State
from engine.transcript import settle_transcript

__all__ = [
    "Ante", "BOXES", "Call", "Card", "ConservationError", "Correction", "DECK", "Deal", "DealResult",
    "EngineError", "Event", "Game", "GameSetup", "HONOURS", "IllegalAction", "Ledger", "NewDeal", "Notice",
    "POINTS", "Pass", "Payment", "Play", "RANK", "RULESETS", "RuleSet", "RulesError", "SUIT", "Settlement",
    "Showdown", "State", "Sweep", "TranscriptError", "Wanted", "event_from_dict", "event_to_dict",
    "get_rules", "parse_card", "settle_transcript",
]
