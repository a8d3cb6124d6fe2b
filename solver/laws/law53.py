"""Law 53: a lead out of turn accepted, or overtaken by the proper leader's lead.

53A: before the thirteenth trick a lead out of turn may be accepted, by the statement of the
player entitled to choose or by his playing to it (``irregular_play.trick_starts``; under the
2017 code there is no acceptance at trick 13: the card counts as played in turn). 53B (53C in
the 2007 code): when the proper leader, an opponent of the offender, leads anyway, his lead
stands and the card led out of turn goes back to its owner's hand without rectification (no
penalty card); what that card told the players is information under Law 16C, for the Director.
53C (53B before 2017): when declarer leads out of turn and the defender on the right of the
hand he led from plays to it, before his partner, the lead stands: the defenders have nothing
left to choose, and that defender's card is a premature play (Law 57).
"""

from __future__ import annotations

from solver.laws.citation import Assumption


def law53b_proper_lead_stands(offender: int, proper: int) -> bool:
    """53B applies only when the proper leader is an opponent of the offender: a history in
    which the offender's partner was to lead cannot have taken it."""
    return offender % 2 != proper % 2


def law53c_lead_stands(offender: int, player: int, declarer_side: int) -> bool:
    """53C: ``offender`` (declarer or dummy, by seat) led out of turn and ``player``, the
    defender on his right, played to the lead first (a premature play, Law 57): the lead
    stands, neither defender may refuse it. A play by the defender on his left accepts it
    under 53A instead."""
    return offender % 2 == declarer_side and player == (offender + 3) % 4


def law53c_citation(edition: int) -> str:
    """The letter of that rule: 53C in the 2017 code, 53B in the earlier ones (where 53C is
    the proper leader's lead)."""
    return "53C" if edition >= 2017 else "53B"


def law53_proper_lead_citation(edition: int) -> str:
    """The letter of the proper leader's lead that overtakes a lead out of turn: 53B in the
    2017 code, 53C in the earlier ones (a case file writes ``53B`` for it in every edition)."""
    return "53B" if edition >= 2017 else "53C"


def law53b_information(edition: int = 2017) -> Assumption:
    """16C, for the card a proper lead sent back (53B; 53C before 2017): ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "16C",
        "the card led out of turn went back to its owner's hand when the proper leader led "
        f"anyway ({law53_proper_lead_citation(edition)}): what it showed is authorized to the "
        "non-offenders and unauthorized to the offender's partner; whether that was used is "
        "the Director's judgement",
    )
