"""Law 48: exposure of declarer's cards.

48A: declarer may expose his cards without penalty, and no card of declarer's or dummy's ever
becomes a penalty card. Encoded as ``law48a_may_become_penalty_card``, used where a rule would
otherwise make a card played wrongly a penalty card (Law 52B2, ``law52``).

Not encoded here: the rest of Law 48 (declarer facing his cards, left to the claim laws). The
reader's refusal of a ``penalty_card`` given to declarer or dummy states the same rule itself,
naming 48A: the records layer may not import the laws (the layers of ``pyproject.toml``).
"""

from __future__ import annotations

from solver.bridge import Seat

LAW48A_REASON = "declarer's and dummy's cards never become penalty cards (Law 48A)"
"""Why a card of declarer's side is never a penalty card, as an error message gives it."""


def law48a_may_become_penalty_card(holder: Seat, declarer: Seat) -> bool:
    """48A: only a defender's card can become a penalty card."""
    return holder.side != declarer.side
