"""Where a claim ruling turns: each judgement of the normal-play policy turned the other way
alone, with the tricks the worst normal line would then give (solver/rulings/claims.py,
``judgement_costs``), in the JSON (``claim.judgements``) and the text report."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import solver
from solver.bridge import Card
from solver.cli import main
from solver.engines.claims import ClaimProblem, adjudicate
from solver.facts import Claim
from solver.facts.policy import PRESETS, NormalPolicy
from solver.records import load_case
from solver.rulings.claims import case_policy, judgement_costs

SWITCHES = [name for name in NormalPolicy.__dataclass_fields__ if name != "name"]

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"


def test_the_report_says_where_the_ruling_turns(capsys: pytest.CaptureFixture[str]) -> None:
    """Each judgement that, turned the other way alone, changes the worst normal line is shown
    with the tricks it would give: the claim of real-usbf-b47-open-unblock-short-hand-first
    stands on winners_first (4 of 9, 3NT-2, without it). unblock_short_hand_first and
    cash_before_crossing each keep the short hand's winners first there, so neither turned
    alone changes the line, and neither is listed."""
    case = CLAIMS / "real-usbf-b47-open-unblock-short-hand-first.yaml"
    assert main(["check", str(case), "--json"]) == 0
    judgements = json.loads(capsys.readouterr().out)["claim"]["judgements"]
    by_switch = {j["switch"]: j for j in judgements}
    assert by_switch["winners_first"] == {
        "switch": "winners_first",
        "citation": "70",
        "in_force": True,
        "turned": "off",
        "claimer_tricks": 4,
        "declarer_tricks": 7,
    }
    assert "third_hand_contests" not in by_switch  # turned off, it changes nothing here
    assert "unblock_short_hand_first" not in by_switch
    assert "cash_before_crossing" not in by_switch
    assert main(["check", str(case)]) == 0
    text = capsys.readouterr().out
    assert "Where the ruling turns" in text
    assert (
        "with winners_first off (Law 70), the worst normal line gives the claimer's "
        "side 4: declarer 7 tricks" in text
    )
    both = ["--switch", "unblock_short_hand_first=off", "--switch", "cash_before_crossing=off"]
    assert main(["check", str(case), "--json", *both]) == 0
    assert json.loads(capsys.readouterr().out)["claim"]["claimer_tricks"] == 4


def test_every_listed_judgement_changes_the_line_and_none_is_missed() -> None:
    """Recomputed one by one: a switch is listed exactly when turning it changes the worst
    normal line's tricks (the 754 ending under the EBU preset: only spot_master_binds does)."""
    case = solver.load_case(CLAIMS / "754-opposite-void-singleton-6.yaml")
    policy = PRESETS["EBU"]
    analysis = solver.analyse(case)
    assert analysis.claim is not None
    tricks = analysis.claim.adjudication.claimer_tricks
    costs = judgement_costs(case, policy, tricks, 60.0)
    assert [(c.switch, c.in_force, c.claimer_tricks, c.declarer_tricks) for c in costs] == [
        ("spot_master_binds", False, 3, 9)
    ]
    assert analysis.claim.judgements == costs


def test_a_defenders_claim_does_not_turn_what_for_defenders_fixes() -> None:
    case = solver.load_case(CLAIMS / "defender-claim-partner-must-discard.yaml")
    analysis = solver.analyse(case)
    assert analysis.claim is not None
    fixed = {"cross_to_partners_winners", "unblock_short_hand_first", "keep_links"}
    assert not fixed & {c.switch for c in analysis.claim.judgements}
    # keep_guards binds West's own discards only: East, his partner, may keep the H5 and
    # throw the CA (70D2), so turning it does not change the line either.
    assert "keep_guards" not in {c.switch for c in analysis.claim.judgements}
    assert analysis.claim.adjudication.claimer_tricks == 2


@pytest.mark.parametrize(
    "name",
    [
        "real-usbf-b47-open-unblock-short-hand-first",
        "real-usbf-b55-open-trumps-in-both-hands",
        "acbl-guideline-4-cross-ruff-not-trumps",
        "void-hand-ruffs-partners-beatable-card",
        "nonclaimers-normal-throw-in-not-seen",
    ],
)
def test_the_list_is_every_switch_whose_turn_changes_the_line(name: str) -> None:
    """Each switch turned by hand, the claim adjudicated again: listed exactly when the tricks
    differ, with those tricks. Turned on the case's own policy: on a defender's claim under
    ``nonclaimers_normal`` (the last case) declarer's side is judged by it, the judgements a
    claiming defender does not make included."""
    case = solver.load_case(CLAIMS / f"{name}.yaml")
    analysis = solver.analyse(case)
    claimed = analysis.claim
    assert claimed is not None and case.claim is not None
    trump = case.contract.strain.trump_suit_index
    expected = {}
    policy = case_policy(case.claim)
    for switch in SWITCHES:
        turned = policy.with_switches(**{switch: not getattr(policy, switch)})
        tricks = adjudicate(ClaimProblem.from_claim(case.claim, trump, turned)).claimer_tricks
        if tricks != claimed.adjudication.claimer_tricks:
            expected[switch] = tricks
    assert {c.switch: c.claimer_tricks for c in claimed.judgements} == expected
    assert expected  # each of these cases turns on at least one judgement


def test_a_card_thought_good_only_when_the_claim_is_above_best_play() -> None:
    """lead_believed_winner reads a false belief only from a claim of every trick above the
    double-dummy value: South's "the rest are mine" with the H8 below West's H9 (the forum's
    one down, 8 tricks); the same claim were best play 7 tricks, or for 6 of the 7, leaves
    the H8 a loser (6 of 7, 9 tricks)."""
    case = load_case(CLAIMS / "published" / "bbo-3nt-rest-are-mine-heart-eight-not-good.yaml")
    claim = case.claim
    assert claim is not None
    policy = PRESETS["ACBL"]

    def worst(claim: Claim, best: int | None) -> tuple[int, int]:
        problem = ClaimProblem.from_claim(claim, None, policy, 0, best=best)
        return problem.believed, adjudicate(problem, 60.0).claimer_tricks

    # South's D5 under East's D8 alone is thought good too.
    thought = (1 << Card.parse("H8").index) | (1 << Card.parse("D5").index)
    assert worst(claim, 6) == (thought, 5)
    assert worst(claim, 7) == (0, 6)
    assert worst(claim, None) == (0, 6)
    assert worst(replace(claim, tricks=6), 6) == (0, 6)
    off = policy.with_switches(lead_believed_winner=False)
    assert ClaimProblem.from_claim(claim, None, off, 0, best=6).believed == 0


def test_the_published_throw_in_turns_on_the_nonclaimers_judgement() -> None:
    """The EBU National Pairs ending under its preset: dummy's heart exit throws the claiming
    North in (1 of 4, 3NT+2); the report shows that holding declarer's side to normal play,
    as the TD did, gives North his two (declarer 10, 3NT+1), and nothing else turns it."""
    case = load_case(CLAIMS / "published" / "ebu-national-pairs-defender-claim-throw-in.yaml")
    analysis = solver.analyse(case)
    assert analysis.claim is not None
    assert analysis.claim.adjudication.claimer_tricks == 1
    assert [
        (c.switch, c.in_force, c.claimer_tricks, c.declarer_tricks)
        for c in analysis.claim.judgements
    ] == [("nonclaimers_normal", False, 2, 10)]
