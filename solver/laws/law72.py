"""Law 72: general principles. Here 72C (72B1 before 2007), the offender who could have known.

The tool applies the rectifications of Laws 50-57 as they stand. Whether an offender could have
known, at the time of his irregularity, that it could well damage the other side is a judgement
the Director makes after play, with an adjusted score (Law 12) if the offending side gained by
it; the tool does not make it, and says so as a named assumption wherever an irregularity is in
the case.
"""

from __future__ import annotations

from solver.laws.citation import Assumption


def law72_citation(edition: int) -> str:
    """72C in the 2007 and 2017 codes; 72B1 in the 1987 and 1997 codes."""
    return "72C" if edition >= 2007 else "72B1"


def law72_could_have_known(edition: int) -> Assumption:
    """The assumption ``judge-could-have-known``: rectified, not adjusted (see the module)."""
    citation = law72_citation(edition)
    if edition >= 2007:
        text = (
            "the rectifications are applied as the Laws give them; whether the offender could "
            "have known at the time of the irregularity that it could well damage the other "
            "side is the Director's judgement after play, and may lead to an adjusted score "
            "(Law 12): it is not judged here"
        )
    else:
        text = (
            "the rectifications are applied as the Laws give them; under this code, when the "
            "Director judges that the offender could have known at the time of the "
            "irregularity that it would be likely to damage the other side, he awards an "
            "adjusted score after play instead of letting the result stand: it is not judged "
            "here"
        )
    return Assumption("judge-could-have-known", citation, text)
