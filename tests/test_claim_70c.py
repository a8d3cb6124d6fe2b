"""Law 70C: named when a trump the claimer did not mention takes, on the worst normal line, a
trick from his side that he would otherwise take, and only then (docs/claims.md, "Rulings").

The two cases worked by hand in their notes:

- cases/claims/unmentioned-trump-forced-to-ruff.yaml: dummy follows low to partner's DQ
  (follow_low_to_partner), then ruffs West's SA with its last trump (ruff_when_able), and at
  trick 13 West, holding nothing but the D4, has to ruff the HQ. 70C was once left out: the
  measure of 70C(3) barred only the ruffs a defender could avoid, so it let this one win and
  found no trick lost to the trump.
- cases/claims/unmentioned-trump-ruffs-after-one-round.yaml: one round of trumps, then dummy's
  winners, and East ruffs the DJ with his last trump. 70C was left out there too: barred from
  ruffing the DJ while he held the H3, East threw it and ruffed the D6 perforce.
- cases/claims/forgotten-trump-led-into-the-master.yaml: South, unaware of West's HQ, leads his
  H4 first as a card he thinks good (lead_forgotten_trump) and West's HQ wins it. 70C was left
  out: only a trump that won a trick led in another suit counted as taking one.
- cases/claims/trump-overruffed-takes-no-trick.yaml: East's S6 ruffs the CA and South overruffs;
  no trick goes to a trump. 70C was once named, "the claimer loses 2 trick(s)", on an upheld
  claim: the measure barred that ruff, which wins nothing, with every other.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import solver
import solver.rulings.claims as claim_rulings
from solver.bridge import Card, Seat
from solver.engines.claims import Adjudicator, ClaimProblem, ClaimTimeout, State, adjudicate
from solver.facts import Case
from solver.facts.policy import PRESETS
from solver.laws.law70 import law70c_outstanding_trump
from solver.records import loads_case
from solver.rulings.claims import ClaimAnalysis, analyse_claim, decide_claim, trump_tricks
from solver.rulings.ruling import Analysis
from tests.claim_replay import legal_cards, start_state

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"
FORCED = CLAIMS / "unmentioned-trump-forced-to-ruff.yaml"
ONE_ROUND = CLAIMS / "unmentioned-trump-ruffs-after-one-round.yaml"
OVERRUFFED = CLAIMS / "trump-overruffed-takes-no-trick.yaml"
LED_INTO = CLAIMS / "forgotten-trump-led-into-the-master.yaml"
FORCED_TRICK = "trick 3 of those left (the board's 13th: West's D4 ruffs North's HQ)"


def analysed(case: Case) -> tuple[Analysis, ClaimAnalysis]:
    analysis = solver.analyse(case)
    claim: ClaimAnalysis = analysis.claim
    return analysis, claim


def reason_70c(analysis: Analysis) -> str:
    texts = [reason.text for reason in analysis.ruling.reasons if reason.citation == "70C"]
    assert len(texts) == 1, analysis.ruling.citations
    return texts[0]


def problem_of(case: Case) -> ClaimProblem:
    assert case.claim is not None
    trump = case.contract.strain.trump_suit_index
    return ClaimProblem.from_claim(case.claim, trump, PRESETS["WBF2017"])


def old_measure(adjudicator: Adjudicator, state: State) -> int:
    """The measure of 70C(3) before this rule, by brute force: the opponents may not play a
    trump that beats the card winning so far while they hold another card, and every trick
    goes by Law 44 (a ruff they cannot avoid wins)."""
    problem = adjudicator.p
    held, leader, trick = state.held, state.leader, state.trick
    seat = (leader + len(trick)) % 4
    if not held[seat]:
        return 0
    if seat % 2 == problem.claimer_side:
        options = adjudicator.admitted_plays(state)
    else:
        options = legal_cards(held[seat], trick)
        trump = problem.trump
        if trick and trump is not None and options[0] // 13 != trick[0] // 13:
            best = trick[0]
            for card in trick[1:]:
                if (card // 13 == best // 13 and card > best) or (
                    card // 13 == trump != best // 13
                ):
                    best = card
            kept = [c for c in options if c // 13 != trump or (best // 13 == trump and c < best)]
            options = kept or options
    values = []
    for card in options:
        child, gained = adjudicator.play(state, card)
        values.append(gained + old_measure(adjudicator, child))
    return min(values)


@pytest.mark.parametrize("path", [FORCED, ONE_ROUND], ids=lambda path: path.stem)
def test_the_old_measure_let_the_forced_ruff_win_the_new_one_does_not(path: Path) -> None:
    """Why 70C was missed: the old measure found the worst normal line's two tricks again (its
    defender kept his trump until he had nothing else and ruffed then); the trump unable to
    score, the claimer takes all three."""
    problem = problem_of(solver.load_case(path))
    plain = adjudicate(problem).claimer_tricks
    adjudicator = Adjudicator(problem)
    assert old_measure(adjudicator, start_state(adjudicator)) == plain == 2
    assert adjudicate(replace(problem, opponents_ruff=False)).claimer_tricks == 3


def test_a_forced_ruff_by_the_unmentioned_trump_names_70c_with_its_trick() -> None:
    analysis, claim = analysed(solver.load_case(FORCED))
    assert analysis.ruling.citations == ["70A", "70C", "79B"]
    assert analysis.ruling.result == "5D-1"
    text = reason_70c(analysis)
    assert FORCED_TRICK in text
    assert "credited with 1 more trick" in text
    assert claim.adjudication.claimer_tricks == 2
    assert claim.unruffed_tricks == 3
    [taken] = claim.trump_tricks
    assert (taken.trick, Seat.from_index(taken.seat), Card.from_index(taken.card)) == (
        3,
        Seat.W,
        Card.parse("D4"),
    )
    assert (Seat.from_index(taken.instead_seat), Card.from_index(taken.instead)) == (
        Seat.N,
        Card.parse("HQ"),
    )


def test_the_worst_line_loses_the_trick_through_other_judgements() -> None:
    """Dummy follows low to the DQ (follow_low_to_partner), ruffs the SA with the DJ, its last
    trump (ruff_when_able), and West, whose last card is the D4, ruffs the HQ: not a ruff he
    chose, so the old measure let it win."""
    _analysis, claim = analysed(solver.load_case(FORCED))
    plays = [
        (p.trick, str(Seat.from_index(p.seat)), str(Card.from_index(p.card)))
        for p in claim.adjudication.line
    ]
    assert (1, "N", "D8") in plays and (2, "N", "DJ") in plays
    # South leads the S3 from S7 3, keeping the 7 (lead_low_from_losers), and has it left.
    assert (2, "S", "S3") in plays
    assert plays[-4:] == [(3, "N", "HQ"), (3, "E", "CA"), (3, "S", "S7"), (3, "W", "D4")]


def test_the_plainest_70c_claim_names_70c() -> None:
    """One round of trumps, then dummy's winners: East ruffs the DJ with his last trump."""
    analysis, claim = analysed(solver.load_case(ONE_ROUND))
    assert analysis.ruling.citations == ["70A", "70C", "79B"]
    assert analysis.ruling.result == "4S-1"
    assert "trick 2 of those left (the board's 12th: East's S2 ruffs North's DJ)" in reason_70c(
        analysis
    )
    assert claim.unruffed_tricks == 3


def test_in_the_measure_a_trump_forced_onto_a_side_suit_takes_no_trick() -> None:
    problem = problem_of(solver.load_case(FORCED))
    assert adjudicate(problem).claimer_tricks == 2
    measure = replace(problem, opponents_ruff=False)
    assert adjudicate(measure).claimer_tricks == 3
    # West holds nothing but the D4 at trick 13: in the measure the HQ wins that trick.
    assert adjudicate(measure).line[-1].wins_trick == Seat.N.index


def test_a_trump_that_is_overruffed_takes_no_trick_and_70c_is_not_named() -> None:
    analysis, claim = analysed(solver.load_case(OVERRUFFED))
    assert analysis.ruling.citations == ["70A", "79B"]
    assert claim.upheld
    first = [str(Card.from_index(p.card)) for p in claim.adjudication.line[:4]]
    assert first == ["CA", "S6", "ST", "C2"]  # East ruffs, South overruffs
    assert claim.adjudication.line[3].wins_trick == Seat.S.index
    assert claim.trump_tricks == ()
    assert claim.unruffed_tricks is None  # nothing to measure: the trump took no trick
    # Were the trumps unable to score, the worst normal line would be the same two tricks.
    problem = problem_of(solver.load_case(OVERRUFFED))
    assert adjudicate(replace(problem, opponents_ruff=False)).claimer_tricks == 2


def test_a_mentioned_trump_is_never_a_70c_matter() -> None:
    case = solver.load_case(FORCED)
    assert case.claim is not None
    case = replace(case, claim=replace(case.claim, trumps_mentioned=True))
    analysis, claim = analysed(case)
    assert "70C" not in analysis.ruling.citations
    assert [taken.trick for taken in claim.trump_tricks] == [3]  # still reported in the JSON
    assert claim.unruffed_tricks is None


def test_the_json_says_which_trick_the_trump_takes() -> None:
    analysis, _claim = analysed(solver.load_case(FORCED))
    data: dict[str, Any] = analysis.to_json()["claim"]
    assert data["trump_tricks"] == [
        {
            "trick": 3,
            "board_trick": 13,
            "seat": "W",
            "card": "D4",
            "instead_seat": "N",
            "instead_card": "HQ",
        }
    ]
    assert data["unruffed_tricks"] == 3
    overruffed: dict[str, Any] = solver.analyse(solver.load_case(OVERRUFFED)).to_json()["claim"]
    assert overruffed["trump_tricks"] == [] and overruffed["unruffed_tricks"] is None
    assert (data["trumps_aware"], data["trump_round_before"]) == (False, False)


def test_the_json_says_why_the_claimer_is_aware_of_the_trumps() -> None:
    # The round of trumps before the claim is read from the case's agreed tricks.
    case = solver.load_case(CLAIMS / "trump-round-just-drawn-read-from-play.yaml")
    analysis = solver.analyse(case)
    data: dict[str, Any] = analysis.to_json()["claim"]
    assert (data["trumps_aware"], data["trump_round_before"]) == (True, True)
    assert "70C" not in analysis.ruling.citations


PRE_CLAIM_RUFF = """
title: East ruffed the trick in progress before the claim
deal: N:JT84.AJ4.AQ2.AQ6 KQ975.76.987.K82 A6.Q52.JT43.JT73 32.KT983.K65.954
contract: 4S
declarer: S
claim:
  by: S
  tricks: 1
  position:
    hands: N:.A.. ...2 ..43. 3..5.
    leader: N
    current_trick: 'N: D2 S5'
    won: {NS: 8, EW: 3}
"""


def test_a_ruff_made_before_the_claim_is_no_trick_to_the_unmentioned_trump() -> None:
    """East ruffed dummy's D2 with the S5 before the claim; South's D4 would otherwise win the
    trick. That trump was not in his hand at the claim: neither the line's tricks to the trump
    nor the measure count it. West's S3 then ruffs his partner's C2, no trick of South's."""
    case = loads_case(PRE_CLAIM_RUFF)
    analysis, claim = analysed(case)
    assert claim.adjudication.line[1].wins_trick == Seat.E.index
    assert claim.trump_tricks == ()
    assert "70C" not in analysis.ruling.citations
    problem = problem_of(case)
    assert adjudicate(replace(problem, opponents_ruff=False)).claimer_tricks == 0


def test_trump_tricks_reads_the_trick_in_progress_and_the_line() -> None:
    case = solver.load_case(FORCED)
    assert case.claim is not None
    line = adjudicate(problem_of(case)).line
    assert [t.trick for t in trump_tricks(case.claim, 2, line)] == [3]
    assert trump_tricks(case.claim, None, line) == ()  # at no trump nothing ruffs


def test_an_unsettled_measure_names_70c_and_the_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    real = claim_rulings.adjudicate

    def out_of_time_for_the_measure(problem: ClaimProblem, *args: Any) -> Any:
        if not problem.opponents_ruff:
            raise ClaimTimeout("the claim adjudication ran out of time")
        return real(problem, *args)

    monkeypatch.setattr(claim_rulings, "adjudicate", out_of_time_for_the_measure)
    case = solver.load_case(FORCED)
    claim = analyse_claim(case)
    assert not claim.unruffed_checked and claim.unruffed_tricks is None
    ruling = decide_claim(case, claim)
    assert ruling.citations == ["70A", "70C", "79B"]
    text = next(r.text for r in ruling.reasons if r.citation == "70C")
    assert FORCED_TRICK in text and "not settled in time" in text


def test_law70c_is_named_only_with_a_trick_to_the_trump() -> None:
    case = solver.load_case(FORCED)
    claim = case.claim
    assert claim is not None
    taken = (FORCED_TRICK,)
    assert law70c_outstanding_trump(claim, False, True, 1, ()) is None  # no trick goes to it
    assert law70c_outstanding_trump(claim, False, True, 0, taken) is None  # it costs nothing
    assert law70c_outstanding_trump(claim, False, False, 1, taken) is None  # none outstanding
    mentioned = replace(claim, trumps_mentioned=True)
    assert law70c_outstanding_trump(mentioned, True, True, 1, taken) is None
    # Taken as aware without a word (trumps in both hands: aware_of_split_trumps).
    assert law70c_outstanding_trump(claim, True, True, 1, taken) is None
    reason = law70c_outstanding_trump(claim, False, True, 1, taken)
    assert reason is not None and reason.citation == "70C" and FORCED_TRICK in reason.text
    two = law70c_outstanding_trump(claim, False, True, 2, ("trick 1 (a)", "trick 2 (b)"))
    assert two is not None and "trick 1 (a) and trick 2 (b)" in two.text


def test_a_forgotten_master_trump_that_wins_a_trump_lead_names_70c() -> None:
    """South leads his H4 into West's forgotten HQ (lead_forgotten_trump): the trump takes that
    trick, and 70C is named. The measure: the HQ unable to score, South, no longer leading his
    trump before his winners, cashes a spade; West keeps the HQ for the last trick: 2 of 3."""
    analysis, claim = analysed(solver.load_case(LED_INTO))
    assert analysis.ruling.citations == ["70A", "70C", "79B"]
    assert analysis.ruling.result == "4H-2"
    assert "trick 1 of those left (the board's 11th: West's HQ beats South's H4)" in reason_70c(
        analysis
    )
    assert "credited with 2 more trick" in reason_70c(analysis)
    assert claim.adjudication.claimer_tricks == 0
    assert claim.unruffed_tricks == 2
    [taken] = claim.trump_tricks
    assert (Seat.from_index(taken.instead_seat), Card.from_index(taken.instead)) == (
        Seat.S,
        Card.parse("H4"),
    )


def test_a_trump_lead_counts_only_when_led_as_a_card_thought_good() -> None:
    """Without lead_forgotten_trump in force, a trump lead beaten by the opponents' trump is not
    one of the tricks the forgotten trump takes (he leads it last, perforce, aware or not)."""
    case = solver.load_case(LED_INTO)
    assert case.claim is not None
    line = adjudicate(problem_of(case)).line
    assert [t.trick for t in trump_tricks(case.claim, 1, line, led_into=True)] == [1]
    assert trump_tricks(case.claim, 1, line) == ()
