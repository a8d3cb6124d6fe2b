"""Facts with owners: quitted rows, agreed tricks, statements."""

from solver.facts.case import AgreedTrick, Case, MixedWhen, Owner, Row, Statement
from solver.facts.evidence import EvidenceUnit, evidence_units

__all__ = [
    "AgreedTrick",
    "Case",
    "EvidenceUnit",
    "MixedWhen",
    "Owner",
    "Row",
    "Statement",
    "evidence_units",
]
