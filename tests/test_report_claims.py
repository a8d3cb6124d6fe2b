"""A claim made in the middle of a trick: the worst normal line starts after the cards already
on the table, and the report shows that first trick whole, with where the claim came."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import solver
from solver.rulings.report import text_report

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"
MID_TRICK = [
    path
    for path in sorted(CLAIMS.glob("*.yaml"))
    if (claim := solver.load_case(path).claim) is not None and claim.position.current_trick
]


def line_of(report: str) -> list[str]:
    """The worst normal line's tricks, as printed."""
    after = report[report.index("Worst normal line for the claimer") :].splitlines()[1:]
    return [line for line in after if re.match(r"^ +\d+: ", line)]


def test_the_mid_trick_case_shows_the_cards_already_led() -> None:
    report = text_report(
        solver.analyse(solver.load_case(CLAIMS / "mid-trick-claim-trump-not-mentioned.yaml"))
    )
    tricks = line_of(report)
    assert tricks[0] == "   1: W HK, N H3, then the claim: E H9, S HA; won by S"
    assert tricks[1] == "   2: S DA, W C7, N D3, E S2; won by E   <- lost by the claimer's side"


def test_there_are_mid_trick_claim_cases() -> None:
    assert len(MID_TRICK) >= 2


@pytest.mark.parametrize("path", MID_TRICK, ids=[p.stem for p in MID_TRICK])
def test_every_trick_of_the_line_is_whole(path: Path) -> None:
    case = solver.load_case(path)
    report = text_report(solver.analyse(case))
    tricks = line_of(report)
    assert claim_left(case) == len(tricks)
    for trick in tricks:
        plays = re.findall(r"\b[NESW] [SHDC][2-9TJQKA]\b", trick)
        assert len(plays) == 4, trick
        assert len({play[0] for play in plays}) == 4, trick
    assert tricks[0].count("then the claim") == 1
    assert all("then the claim" not in trick for trick in tricks[1:])


def test_a_claim_between_tricks_has_no_claim_mark() -> None:
    case = solver.load_case(CLAIMS / "top-down-ak5-opposite-42.yaml")
    assert case.claim is not None and not case.claim.position.current_trick
    tricks = line_of(text_report(solver.analyse(case)))
    assert tricks and all("then the claim" not in trick for trick in tricks)
    assert all(len(re.findall(r"\b[NESW] [SHDC][2-9TJQKA]\b", t)) == 4 for t in tricks)


def claim_left(case: solver.Case) -> int:
    assert case.claim is not None
    return case.claim.position.tricks_left


def test_a_stated_crossruff_is_named_as_an_assumption() -> None:
    analysis = solver.analyse(solver.load_case(CLAIMS / "crossruff-stated-no-trump-lead.yaml"))
    assert "claim-crossruff" in [a.name for a in analysis.ruling.assumptions]
    plain = solver.analyse(solver.load_case(CLAIMS / "mid-trick-claim-trump-not-mentioned.yaml"))
    assert "claim-crossruff" not in [a.name for a in plain.ruling.assumptions]


def test_the_report_gives_in_full_the_judgements_the_ruling_turns_on() -> None:
    """Every judgement that, turned alone, changes the worst line is given in full; the rest of
    the preset's are named on one line; with the turns not sought, every one is in full."""
    case = solver.load_case(CLAIMS / "blocked-suit-king-opposite-aqjt.yaml")
    analysis = solver.analyse(case)
    claimed = analysis.claim
    assert claimed is not None and claimed.judgements
    report = text_report(analysis)
    prefix = f"{claimed.policy.name}:"
    turning = {prefix + cost.switch for cost in claimed.judgements}
    judgements = [a for a in analysis.ruling.assumptions if a.name.startswith(prefix)]
    full = [a for a in judgements if f"  assumption ({a.name}, Law {a.citation}): " in report]
    assert {a.name for a in full} == turning & {a.name for a in judgements}
    (named,) = [line for line in report.splitlines() if "more judgements of normal play" in line]
    quiet = [a.name.removeprefix(prefix) for a in judgements if a.name not in turning]
    assert named.endswith(": " + ", ".join(quiet)) and f"{len(quiet)} more" in named
    unsought = text_report(solver.analyse(case, judgements=False))
    assert all(f"assumption ({a.name}, Law {a.citation}): {a.text}" in unsought for a in judgements)
    assert "more judgements of normal play" not in unsought
