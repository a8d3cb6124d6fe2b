"""Law 65 — Arrangement of Tricks (Laws of Duplicate Bridge 2017).

65B: each quitted card is pointed towards partner when the side won the trick, towards the
opponents when it lost. 65C: each player keeps his cards in an orderly overlapping row in
playing order. 65D: a player who disturbs his row before the trick count is agreed jeopardises
his right to claim doubtful tricks (or to assert or deny a revoke).

Encoded: a player is a 65D offender when his row was mixed before agreement, or when a
consistent history had to contradict his row's order (65C) or one of his marks (65B): the cards
he kept did not show what happened. Not encoded: how much weight the director gives to that
(85A); the ruling takes the least favourable total for the offending side and names that as an
assumption.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.bridge import Seat
from solver.facts import Case, EvidenceUnit, MixedWhen


@dataclass(frozen=True, slots=True)
class Offence:
    """A player whose quitted cards failed Law 65 (or 66), and how."""

    seat: Seat
    citation: str
    text: str


def law65c_disordered_rows(case: Case) -> list[Offence]:
    """Law 65C/65D: rows mixed before the trick count was agreed."""
    return [
        Offence(seat, "65D", f"{seat} mixed his quitted cards before the trick count was agreed")
        for seat, row in sorted(case.rows.items(), key=lambda item: item[0].index)
        if row.mixed and row.when is MixedWhen.BEFORE_AGREEMENT
    ]


def law65b_contradicted_cards(contradicted: list[EvidenceUnit]) -> list[Offence]:
    """Law 65B/65C: rows or marks that some consistent history had to contradict."""
    out: list[Offence] = []
    for unit in contradicted:
        if unit.tier != "cards" or not isinstance(unit.owner, Seat):
            continue
        if unit.kind == "order":
            out.append(Offence(unit.owner, "65C", f"{unit.owner}'s row is not in playing order"))
        else:
            out.append(
                Offence(unit.owner, "65B", f"{unit.owner} pointed {unit.card} the wrong way")
            )
    return out
