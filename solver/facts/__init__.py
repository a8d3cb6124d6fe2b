"""Facts with owners: quitted rows, agreed tricks, statements."""

from solver.facts.case import AgreedTrick, Case, MixedWhen, Owner, Row, Statement
from solver.facts.claim import Claim, ClaimPosition, Step
from solver.facts.evidence import EvidenceUnit, evidence_units

__all__ = [
    "AgreedTrick",
    "Case",
    "Claim",
    "ClaimPosition",
    "EvidenceUnit",
    "MixedWhen",
    "Owner",
    "Row",
    "Statement",
    "Step",
    "evidence_units",
]
