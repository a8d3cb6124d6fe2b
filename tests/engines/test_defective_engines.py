"""Defective tricks (Law 67, a player who missed a trick) in the CP-SAT and python-constraint
engines, held to the brute force of ``tests.engines.brute`` (``evaluate`` as the judge).

The player who missed a trick holds the pseudo-card ``PHANTOM`` and plays it there: never as
the leader, whatever he holds, winning nothing, his intact row shifted by one trick after it.
Every engine must agree with the brute force on feasibility, minimum cost, counts, totals,
outcome groups (split by the trick he missed), contradicted units and the histories listed;
on a whole board CP-SAT must agree with the search.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import solver
from solver.engines import cpsat, search
from solver.engines.problem import PHANTOM, Problem, RevokePermit, compile_case
from solver.facts.outcome import Outcome
from solver.records import case_from_dict
from tests.engines.agreement import LISTED, check_all
from tests.strategies import defective_disputes, examples

CASES = Path(__file__).parents[2] / "cases"
RANDOM = examples(60)

# N: SAK73 HQ42 DT9 CAJ52     E: SQT5 HKJ7 DQJ84 CK63
# S: SJ984 HA963 DA2 CQ74     W: S62 HT85 DK7653 CT98
DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"


def make_problem(
    rows: dict[str, str], unplayed: dict[str, str], agreed: dict[int, str] | None = None
) -> Problem:
    """4S by South (West leads) on ``DEAL``, rows ``"mixed: ..."`` or intact, compiled."""
    play_rows: dict[str, Any] = {
        seat: {"mixed": text.removeprefix("mixed:").strip()} if text.startswith("mixed:") else text
        for seat, text in rows.items()
    }
    case = case_from_dict(
        {
            "title": "defective trick test",
            "deal": DEAL,
            "contract": "4S",
            "declarer": "S",
            "play": {"rows": play_rows, "unplayed": unplayed, "tricks": agreed or {}},
            "statements": [],
        }
    )
    return compile_case(case)


def missed_tricks(groups: dict[Outcome, Any]) -> set[tuple[int, str]]:
    """(1-based trick, seat) of every missed trick named by the outcome keys."""
    return {
        (event.trick + 1, "NESW"[event.seat])
        for key in groups
        for event in key.revokes
        if event.defective
    }


# --- explicit cases -------------------------------------------------------------------------


def test_the_missed_trick_splits_the_groups() -> None:
    # Two spade tricks (W S2 N S3 E S5 S SJ, then S S9 W S6 N S7 E S5): East's S5 follows
    # suit at either trick, so he missed trick 1 or trick 2, each a group of its own.
    p = make_problem({"W": "S2 S6", "N": "S3 S7", "E": "S5", "S": "SJ S9"}, unplayed={"E": "ST"})
    expected = check_all(p)
    assert expected.min_cost == 0
    assert missed_tricks(expected.groups) == {(1, "E"), (2, "E")}
    assert all(sum(1 for e in k.revokes if e.defective) == 1 for k in expected.groups)


# West leads DK to trick 1 (N D9, E D4, S DA), South then leads the SJ (W S2, N S3, E S5).


def test_his_real_cards_still_follow_suit() -> None:
    # East holds diamonds: his S5 cannot go to trick 1, so he missed trick 1, where he may
    # play no card whatever he holds, and no revoke allegation is needed for it.
    p = make_problem({"W": "DK S2", "N": "D9 S3", "E": "S5-", "S": "DA SJ"}, unplayed={"E": "D4"})
    expected = check_all(p)
    assert expected.min_cost == 0
    assert missed_tricks(expected.groups) == {(1, "E")}
    assert all(h[0][1][1] == PHANTOM for h in expected.histories)


def test_the_missed_trick_is_never_the_lead() -> None:
    # South wins trick 1 with the DA (agreed), so he leads trick 2: he cannot have missed it,
    # and he played to trick 1.
    p = make_problem(
        {"W": "DK S2", "N": "D9 S3", "E": "D4 S5", "S": "DA"},
        unplayed={"S": "SJ"},
        agreed={1: "W: DK D9 D4 DA"},
    )
    assert not check_all(p).feasible
    reasons = cpsat.explain_impossible(p)
    assert reasons and "S did not play to one trick" in reasons


def test_the_missed_trick_wins_nothing() -> None:
    # South misses trick 1: the DK holds it and West leads again.
    p = make_problem({"W": "DK S2", "N": "D9 S3", "E": "D4 S5", "S": "SJ"}, unplayed={"S": "DA"})
    expected = check_all(p)
    assert expected.feasible
    assert all(h[0][1][2] == PHANTOM and h[1][0] == 3 for h in expected.histories)


# --- random disputes ------------------------------------------------------------------------


@RANDOM
@given(defective_disputes(tricks=2))
def test_random_two_trick_disputes_agree_with_brute_force(dispute: Any) -> None:
    case_dict, _history, _trick, _seat = dispute
    check_all(compile_case(case_from_dict(case_dict)))


@RANDOM
@given(defective_disputes(tricks=3))
def test_random_three_trick_disputes_agree_with_brute_force(dispute: Any) -> None:
    case_dict, _history, _trick, _seat = dispute
    check_all(compile_case(case_from_dict(case_dict)))


@RANDOM
@given(
    defective_disputes(tricks=3),
    st.sampled_from(["wildcard", "suit", "trick"]),
    st.integers(0, 3),
    st.integers(0, 2),
)
def test_random_disputes_with_a_revoke_allegation_agree_with_brute_force(
    dispute: Any, kind: str, suit: int, trick: int
) -> None:
    """A missed trick is no revoke of Law 61A: it uses up no allegation, and an allegation
    against the player who missed a trick still admits his real revokes (all three engines:
    the search's ``_options`` does not spend a permit on the phantom)."""
    case_dict, _history, _trick, seat = dispute
    permit = {
        "wildcard": RevokePermit(None, None, None),
        "suit": RevokePermit(seat.index, None, suit),
        "trick": RevokePermit(seat.index, trick, None),
    }[kind]
    problem = compile_case(case_from_dict(case_dict))
    check_all(dataclasses.replace(problem, permits=(permit,)))


# --- a whole board --------------------------------------------------------------------------


def test_cpsat_agrees_with_search_on_a_trick_missed_in_ten() -> None:
    p = compile_case(solver.load_case(CASES / "defective-trick-found-at-10.yaml"))
    reference = search.solve(p, list_limit=LISTED)
    found = cpsat.solve(p, list_limit=LISTED)
    assert reference.count is not None and found.count == reference.count == 2
    assert found.min_cost == reference.min_cost == 0
    assert found.outcomes == reference.outcomes
    assert found.groups == reference.groups
    assert found.contradicted == reference.contradicted
    assert sorted(found.listed) == sorted(reference.listed)
    assert missed_tricks(found.groups) == {(7, "E"), (8, "E")}
