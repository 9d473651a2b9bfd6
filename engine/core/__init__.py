"""What every game at the table shares: the pack, seats, the chip ledger, the event log, notices
and errors. A game is a package beside this one (``engine.nain_jaune``, ``engine.nap``) that
imports from here and never from another game.
"""
