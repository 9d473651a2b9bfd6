"""The words of Nap's notices (:class:`engine.core.notices.Notice` kinds).

A *revoke* is a notice in both modes: it is a legal-but-penalised event of the game, Nap's
counterpart of Nain Jaune's missed announcement. The other kinds are rules broken at the table:
in strict mode (a transcript) they raise :class:`engine.core.errors.IllegalAction` instead.
"""

from __future__ import annotations

from typing import Final

from engine.core.notices import Notice

REVOKE: Final = "revoke"                  # a player did not follow suit while holding it
OUT_OF_TURN: Final = "out_of_turn"        # a card played, a bid made, a purchase out of turn
ALREADY_PLAYED: Final = "already_played"  # a second card from the same player in one trick (ignored)
SEEN_TWICE: Final = "seen_twice"          # a card already played was played again (ignored)
NOT_IN_HAND: Final = "not_in_hand"        # the player does not hold that card (known hands)
NOT_IN_PACK: Final = "not_in_pack"        # a card the short pack does not have (ignored)
NOT_NOW: Final = "not_now"                # an action outside its phase (ignored)
ILLEGAL_BID: Final = "illegal_bid"        # a bid that does not beat the last, or may not follow it (ignored)
ALREADY_BID: Final = "already_bid"        # a second bid from the same player (ignored)
LEAD_RULE: Final = "lead_rule"            # Bonaparte/Wellington's first lead broken
CANNOT_PAY: Final = "cannot_pay"          # a purchase or a look at the floater the player cannot pay
ALREADY_DONE: Final = "already_done"      # a second look at the floater, a second purchase, trumps twice

__all__ = ["Notice"]
