"""Evidence units: the facts that may turn out wrong, in two tiers (docs/case-format.md,
"Semantics").

The cards tier (what the quitted cards show) outweighs the statements tier (what players say).
Each statement is a unit of its own, so that a report can name the one contradicted; what a
history costs in the statements tier is the number of sides with any of their units
contradicted, not the number of units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from solver.bridge import Card, Seat, Side
from solver.facts.case import Case

UnitKind = Literal["order", "orientation", "statement", "irregularity"]


@dataclass(frozen=True, slots=True)
class EvidenceUnit:
    """One unit of evidence that a history may contradict."""

    kind: UnitKind
    owner: Seat | Side
    card: Card | None = None
    """For orientation units: the card whose mark this is."""
    statement: int | None = None
    """For statement units: the statement's index in the case."""
    account: int | None = None
    """For a side's account of an irregularity: its index in ``Case.irregularities``."""
    says: str = ""
    """For a side's account of an irregularity: the irregularity it tells of."""

    @property
    def tier(self) -> Literal["cards", "statements"]:
        return "statements" if self.kind in ("statement", "irregularity") else "cards"

    @property
    def side(self) -> Side:
        """The partnership this unit speaks for. A statements-tier unit belongs to its side's
        account: partners are not independent witnesses, so the cost counts sides whose
        account is contradicted, not statements (see ``solver.engines.problem.Problem.cost``).
        """
        return self.owner if isinstance(self.owner, Side) else self.owner.side

    @property
    def key(self) -> str:
        """A stable identifier, used as a literal name by the CP-SAT model."""
        if self.kind == "order":
            return f"order:{self.owner}"
        if self.kind == "orientation":
            return f"orientation:{self.owner}:{self.card}"
        if self.kind == "irregularity":
            return f"irregularity:{self.account}"
        return f"statement:{self.statement}"

    def to_json(self, case: Case) -> dict[str, Any]:
        data: dict[str, Any] = {"unit": self.kind, "owner": str(self.owner)}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.statement is not None:
            data["statement"] = self.statement
            data["says"] = case.statements[self.statement].describe()
        if self.account is not None:
            data["says"] = f"{self.owner}: {self.says}"
        return data

    def describe(self) -> str:
        if self.kind == "order":
            return f"the order of {self.owner}'s quitted row"
        if self.kind == "orientation":
            return f"the way {self.owner} pointed {self.card}"
        if self.kind == "irregularity":
            return f"{self.owner}'s account: {self.says}"
        return f"statement {self.statement}"


def evidence_units(case: Case) -> tuple[EvidenceUnit, ...]:
    """Every evidence unit of the case, cards tier first, in a stable order.

    A revoke allegation is no unit: it costs nothing and proves nothing; it only permits a
    history in which that player revoked (Law 61A).
    """
    units: list[EvidenceUnit] = []
    for seat in sorted(case.rows, key=lambda s: s.index):
        row = case.rows[seat]
        if row.mixed:
            continue
        units.append(EvidenceUnit("order", seat))
        for card, mark in zip(row.cards, row.marks, strict=True):
            if mark is not None:
                units.append(EvidenceUnit("orientation", seat, card=card))
    for statement in case.statements:
        if statement.by is not None and statement.kind != "revoke":
            units.append(EvidenceUnit("statement", statement.by, statement=statement.index))
    for index, fact in enumerate(case.irregularities):
        if fact.by is not None:
            units.append(EvidenceUnit("irregularity", fact.by, account=index, says=fact.describe()))
    return tuple(units)
