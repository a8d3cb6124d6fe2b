"""The claim cases (cases/claims/*.yaml): each gets the ruling its ``expect`` block states, and its
worst normal line is a legal line from the claim position that the policy and the statement allow.

The expectations were established outside the code under test: by hand on the small endings, by
reading the normal-play policy (solver/laws/normal_play.py) and Laws 68-71 (their worked
examples), and by double dummy; each case's ``notes`` say how. Where the author is sure
the tool rules otherwise than it should, ``expect`` carries ``tool_disagrees`` (what the tool
gives): that comparison is a strict expected failure, so that a fix shows up as XPASS.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
import solver.rulings.claims
import solver.rulings.report
from solver.engines.claims import ClaimProblem, ClaimTimeout, adjudicate
from solver.engines.claims.state import NO_OBLIGATIONS
from solver.rulings.claims import ClaimAnalysis, case_policy
from solver.rulings.ruling import Analysis
from tests.claim_replay import replay
from tests.cli_helpers import TRICK_ONE_CLAIM

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"
CASE_FILES = sorted(CLAIMS.glob("*.yaml"))
EXPECT_KEYS = {"status", "declarer_tricks", "result", "citations", "claim", "tool_disagrees"}
CLAIM_KEYS = {"claimer_tricks", "double_dummy", "upheld"}


@cache
def analysed(path: Path) -> Analysis:
    return solver.analyse(solver.load_case(path))


@cache
def expected(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    return data


def claim_of(path: Path) -> ClaimAnalysis:
    claim: ClaimAnalysis = analysed(path).claim
    return claim


def observed(analysis: Analysis) -> dict[str, Any]:
    """The analysis in the shape of an ``expect`` block."""
    ruling, claim = analysis.ruling, analysis.claim
    return {
        "status": ruling.status,
        "declarer_tricks": ruling.declarer_tricks,
        "result": ruling.result,
        "citations": ruling.citations,
        "claim": {
            "claimer_tricks": claim.adjudication.claimer_tricks,
            "double_dummy": claim.double_dummy,
            "upheld": claim.upheld,
        },
    }


def ruling_params() -> list[Any]:
    params = []
    for path in CASE_FILES:
        disagreement = expected(path).get("tool_disagrees")
        marks = [pytest.mark.xfail(strict=True, reason=disagreement)] if disagreement else []
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


by_stem = pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])


def test_there_are_at_least_twenty_claim_cases() -> None:
    assert len(CASE_FILES) >= 20, [p.name for p in CASE_FILES]


@by_stem
def test_case_says_where_it_comes_from_and_what_it_expects(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data.get("source") and data.get("notes") and "claim" in data
    assert set(data["expect"]) <= EXPECT_KEYS
    assert set(data["expect"]["claim"]) == CLAIM_KEYS


@pytest.mark.parametrize("path", ruling_params())
def test_ruling_is_the_expected_one(path: Path) -> None:
    want = {key: value for key, value in expected(path).items() if key != "tool_disagrees"}
    assert observed(analysed(path)) == want


# --- the worst normal line, replayed ------------------------------------------------------------


@by_stem
def test_worst_normal_line_is_legal_and_allowed_from_the_claim_position(path: Path) -> None:
    analysis = analysed(path)
    claimed = claim_of(path)
    position = claimed.claim.position
    trump = analysis.case.contract.strain.trump_suit_index
    # The case's own policy, as the analysis starts from (``claimed.policy`` is the claimer's,
    # narrowed for a defender: the non-claimers of a defender's claim are judged by the case's).
    problem = ClaimProblem.from_claim(
        claimed.claim, trump, case_policy(claimed.claim), best=claimed.double_dummy
    )
    line = claimed.adjudication.line
    assert len(line) == 4 * position.tricks_left - len(position.current_trick)
    assert replay(problem, line) == claimed.adjudication.claimer_tricks


@by_stem
def test_claimer_takes_no_more_than_double_dummy(path: Path) -> None:
    """Unless the case holds the non-claimers to normal play (``nonclaimers_normal``): they may
    then miss the best defence, and the claimer's side take more; free to play any card, they
    leave it no more than double dummy."""
    claimed = claim_of(path)
    assert claimed.double_dummy is not None
    tricks = claimed.adjudication.claimer_tricks
    policy = case_policy(claimed.claim)
    if policy.nonclaimers_normal:
        trump = analysed(path).case.contract.strain.trump_suit_index
        free = policy.with_switches(nonclaimers_normal=False)
        tricks = adjudicate(ClaimProblem.from_claim(claimed.claim, trump, free)).claimer_tricks
        assert tricks <= claimed.adjudication.claimer_tricks
    assert tricks <= claimed.double_dummy


# --- a claim the search cannot finish in time --------------------------------------------------


def test_a_claim_not_adjudicated_in_time_is_not_ruled_but_says_what_was_proved() -> None:
    case = solver.loads_case(TRICK_ONE_CLAIM)
    decided = solver.analyse(case)
    assert decided.claim is not None and decided.claim.adjudication.claimer_tricks == 13
    stopped = solver.analyse(case, time_limit=1e-9)  # stopped at once
    assert stopped.claim is None
    assert stopped.ruling.status == "undetermined" and stopped.ruling.declarer_tricks is None
    (reason,) = stopped.ruling.reasons
    assert reason.citation == "70A"
    # What the report says it proved is what the search proved: not the defaults 0 and 13.
    problem = ClaimProblem.from_claim(
        case.claim, case.contract.strain.trump_suit_index, case_policy(case.claim)
    )
    with pytest.raises(ClaimTimeout) as proved:
        adjudicate(problem, time_limit=0.0)
    low, high = (int(n) for n in re.findall(r"between (\d+) and (\d+) of the 13", reason.text)[0])
    assert (low, high) == (proved.value.at_least, proved.value.at_most)
    assert 0 < low <= 13 <= high


def test_an_unfinished_claim_says_it_is_not_upheld_in_full_when_a_line_gives_fewer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    case = solver.loads_case(TRICK_ONE_CLAIM)

    def stopped(*_args: object, **_kwargs: object) -> None:
        timeout = ClaimTimeout("out of time")
        timeout.at_least, timeout.at_most = 9, 11
        raise timeout

    monkeypatch.setattr(solver.rulings.claims, "adjudicate", stopped)
    (reason,) = solver.analyse(case).ruling.reasons
    assert "between 9 and 11 of the 13 tricks left" in reason.text
    assert "so the claim of 13 is not upheld in full" in reason.text


@pytest.mark.parametrize(
    ("low", "high", "upheld"), [(9, 11, False), (12, 13, None), (11, 11, False)]
)
def test_an_unfinished_claim_keeps_its_json_object_with_the_bounds(
    monkeypatch: pytest.MonkeyPatch, low: int, high: int, upheld: bool | None
) -> None:
    """The JSON's ``claim`` is there when the search ran out of time, with the keys a settled
    claim has, in their order: what was not found is null, the bounds stand beside
    ``claimer_tricks``, and ``upheld`` is false only when a normal line gives fewer than was
    claimed. The report's claim section says the same."""
    case = solver.loads_case(TRICK_ONE_CLAIM)
    settled = solver.analyse(case, judgements=False).to_json()["claim"]

    def stopped(*_args: object, **_kwargs: object) -> None:
        timeout = ClaimTimeout("out of time")
        timeout.at_least, timeout.at_most = low, high
        raise timeout

    monkeypatch.setattr(solver.rulings.claims, "adjudicate", stopped)
    analysis = solver.analyse(case)
    data = analysis.to_json()
    assert data["status"] == "undetermined" and data["ruling"]["declarer_tricks"] is None
    claim = data["claim"]
    bounds = ["claimer_tricks_at_least", "claimer_tricks_at_most"]
    assert [key for key in claim if key not in bounds] == list(settled)
    assert list(claim).index("claimer_tricks_at_least") == list(claim).index("claimer_tricks") + 1
    assert (claim["claimer_tricks_at_least"], claim["claimer_tricks_at_most"]) == (low, high)
    unknown = ["worst_normal_line", "claimer_tricks", "trump_tricks", "judgements", "positions"]
    assert all(claim[key] is None for key in unknown)
    assert claim["upheld"] is upheld
    same = ["by", "tricks", "double_dummy", "policy", "trumps_aware", "trump_round_before"]
    assert {key: claim[key] for key in same} == {key: settled[key] for key in same}
    # The policy's judgements are the ruling's assumptions, as on a settled claim.
    assert any(a["name"] == "WBF2017:winners_first" for a in data["ruling"]["assumptions"])
    text = solver.rulings.report.text_report(analysis)
    assert "Claim by South: 13 of the 13 tricks left" in text
    proved = f"between {low} and {high} tricks" if low < high else f"{low} tricks, not traced"
    assert f"not found in time, {proved}; double dummy: 13" in text


def test_an_unfinished_claim_is_upheld_once_every_line_giving_less_is_refuted() -> None:
    case = solver.loads_case(TRICK_ONE_CLAIM)
    assert case.claim is not None
    unsettled = solver.rulings.claims.UnsettledClaim(
        case.claim, 13, 13, 13, case_policy(case.claim), False, NO_OBLIGATIONS, 0.5
    )
    assert unsettled.upheld is True


def test_an_unfinished_claim_still_finds_the_play_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The play before the claim does not depend on the claim's search: with that search out of
    time, the histories of the agreed play are found and counted as without the limit."""
    case = solver.load_case(CLAIMS / "real-kemistry-b12-ruffs-above-the-ten.yaml")
    settled = solver.analyse(case, judgements=False).to_json()

    def stopped(*_args: object, **_kwargs: object) -> None:
        timeout = ClaimTimeout("out of time")
        timeout.at_least, timeout.at_most = 6, 11
        raise timeout

    monkeypatch.setattr(solver.rulings.claims, "adjudicate", stopped)
    data = solver.analyse(case).to_json()
    assert data["status"] == "undetermined"
    assert data["engine"] == settled["engine"] != "none"
    assert data["histories"] == settled["histories"] and data["histories"]["count"] == 1
    assert data["outcomes"] == settled["outcomes"]
    assert any("was not found within" in note for note in data["notes"])
