"""Notices: what the engine tells the table without stopping the game.

In live mode an observation that breaks the rules (a card out of sequence, a card seen twice, a
player playing out of turn …) becomes a :class:`Notice` instead of an error, and so does every
missed announcement — the phone reads them out. In strict mode (a transcript) rule-breaking
actions raise :class:`engine.core.errors.IllegalAction` instead, but missed calls and boxes swept
without their honour are still notices: they are part of a legal game.
"""

from __future__ import annotations

from typing import Final

from engine.core.notices import Notice

# Kinds of notices. In strict mode the first seven raise IllegalAction instead (see STRICT_ERRORS).
OUT_OF_TURN: Final = "out_of_turn"          # a player acted when it was not their turn
OUT_OF_SEQUENCE: Final = "out_of_sequence"  # the card does not continue the run
SEEN_TWICE: Final = "seen_twice"            # a card already on the pile was played again (ignored; a camera's
                                            # read counts as a misread card: see Game._misread_card)
NOT_IN_HAND: Final = "not_in_hand"          # the player does not hold that card (known hands)
MUST_LEAD: Final = "must_lead"              # the player on lead passed (ignored)
NOT_PLAYING: Final = "not_playing"          # a play, pass or call outside the play phase (ignored)
HAND_MISMATCH: Final = "hand_mismatch"      # a shown hand disagrees with the cards' count or the pile
CALL_MISSED: Final = "call_missed"          # an honour (hoc) was played and not announced in time
LATE_CALL: Final = "late_call"              # an announcement after its window closed: the stake stays
CALL_WITHOUT_HONOUR: Final = "call_without_honour"    # an announcement of a card not just played
SWEEP_WITHOUT_HONOUR: Final = "sweep_without_honour"  # a box taken, its honour not played (by that player)
LOW_CONFIDENCE: Final = "low_confidence"    # a live observation under the configured confidence
DEAL_OVER: Final = "deal_over"              # a player has no card left: the deal ends

STRICT_ERRORS: Final[frozenset[str]] = frozenset(
    {OUT_OF_TURN, OUT_OF_SEQUENCE, SEEN_TWICE, NOT_IN_HAND, MUST_LEAD, NOT_PLAYING, HAND_MISMATCH}
)


__all__ = ["Notice"]
