"""A Nap game at the companion, as the API and page tests play it: four players, the pool on, 20 chips each.

Hand 1 (Anne deals): Denis bids Nap and takes all five tricks by cards (spades trumps): he wins 5 from each
and the pool. Hand 2 (Bruno deals): Anne bids Four; Bruno shows out of hearts at trick 1 and plays a heart at
trick 2, which proves his revoke (5 into the pool); Anne takes four tricks. Hand 3 (Chloé deals): a quick
table, only the bidder's tricks: Denis bids Nap and takes three: he pays 5 to each and doubles the pool.
"""

from __future__ import annotations

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]
NAP_GAME = {"players": PLAYERS, "dealer": "Anne", "chips": 20, "rules": "nap", "options": {"pool": True}}

HAND1_BIDS = ["pass", "three", "nap", "pass"]           # Bruno, Chloé, Denis, Anne
HAND1_TRICKS = [["AS", "2S", "3S", "4S"], ["KS", "5S", "6S", "7S"], ["QS", "8S", "9S", "10S"],
                ["AH", "2H", "3H", "4H"], ["KH", "5H", "6H", "7H"]]   # Denis leads, then Anne, Bruno, Chloé

HAND2_BIDS = ["three", "pass", "four", "pass"]          # Chloé, Denis, Anne, Bruno
HAND2_TRICKS = [["AH", "2C", "2H", "3H"], ["KH", "4H", "5H", "6H"], ["AD", "2D", "3D", "4D"],
                ["AC", "3C", "4C", "5C"], ["2S", "AS", "3S", "4S"]]   # Anne leads, then Bruno, Chloé, Denis

HAND3_BIDS = ["nap", "pass", "pass", "pass"]            # Denis, Anne, Bruno, Chloé

# Stacks and pool after each hand (antes of 1 each, Nap worth 5, Four 4, a revoke 5 into the pool).
AFTER_HAND1 = {"Anne": 14, "Bruno": 14, "Chloé": 14, "Denis": 38}, 0
AFTER_HAND2 = {"Anne": 25, "Bruno": 4, "Chloé": 9, "Denis": 33}, 9
AFTER_HAND3 = {"Anne": 29, "Bruno": 8, "Chloé": 13, "Denis": 4}, 26
