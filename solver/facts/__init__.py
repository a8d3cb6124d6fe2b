"""Facts with owners: quitted rows, agreed tricks, statements."""

from solver.facts.case import (
    AgreedTrick,
    Case,
    MixedWhen,
    Owner,
    Row,
    Statement,
    TrickInProgress,
)
from solver.facts.claim import Claim, ClaimPosition, Step
from solver.facts.evidence import EvidenceUnit, evidence_units
from solver.facts.outcome import Outcome
from solver.facts.played import HistoryTrick, PlayedHistory

__all__ = [
    "AgreedTrick",
    "Case",
    "Claim",
    "ClaimPosition",
    "EvidenceUnit",
    "HistoryTrick",
    "MixedWhen",
    "Outcome",
    "Owner",
    "PlayedHistory",
    "Row",
    "Statement",
    "Step",
    "TrickInProgress",
    "evidence_units",
]
