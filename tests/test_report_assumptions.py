"""The least-favourable-total assumption says what each Law allows: under 65D the offender's
rights are only jeopardised, so the Director may weigh the balance of probabilities (85A)
instead; under 66D the Director rules for the other side, with no weighing."""

from __future__ import annotations

from pathlib import Path

import solver
from solver.laws.citation import Assumption

CASES = Path(__file__).parents[1] / "cases"


def least_favourable(name: str) -> Assumption:
    ruling = solver.analyse(solver.load_case(CASES / name)).ruling
    (assumption,) = (a for a in ruling.assumptions if a.name == "least-favourable-total")
    return assumption


def test_66d_follows_66d_without_weighing() -> None:
    assumption = least_favourable("mixed-after-dispute.yaml")
    assert assumption.citation == "66D"
    assert assumption.text == (
        "the Director rules in favour of the other side (66D); this ruling follows 66D and "
        "takes the least favourable total for EW among the consistent histories, with no "
        "weighing of the balance of probabilities."
    )
    assert "85A" not in assumption.text and "may instead" not in assumption.text


def test_65d_leaves_the_balance_of_probabilities_open() -> None:
    assumption = least_favourable("example-mixed-row.yaml")
    assert assumption.citation == "65D"
    assert assumption.text == (
        "NS's rights to doubtful tricks are jeopardised (65D); this ruling takes the least "
        "favourable total for NS among the consistent histories. The Director may instead "
        "weigh the balance of probabilities (85A)."
    )
