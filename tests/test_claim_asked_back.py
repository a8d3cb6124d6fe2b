"""An agreed claim whose claimer later asks for a conceded trick back (``claimer_asks_more``).

The table agreed the claim, so the agreement stands (69A): the tricks agreed are never lowered,
Law 70 does not apply, and a conceded trick is restored only when no normal play could have lost
it, within the Correction Period (71B). The positions are the cases
``cases/claims/agreed-concession-asked-back-*.yaml`` and the published
``nswba-2010-concession-heart-finesse`` (eight tricks agreed, the ninth asked back; the
committee let the eight stand).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import solver
from solver.rulings.claims import analyse_claim, decide_claim

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"


def _ruled(name: str, **changes: object) -> tuple[int, int | None, list[str]]:
    """(worst normal line's tricks, the board's total, citations) for a claim case, with the
    claim's fields changed as given."""
    case = solver.load_case(CLAIMS / name)
    assert case.claim is not None
    case = replace(case, claim=replace(case.claim, **changes))
    analysis = analyse_claim(case, judgements=False)
    ruling = decide_claim(case, analysis)
    return analysis.adjudication.claimer_tricks, ruling.declarer_tricks, list(ruling.citations)


def test_unlosable_trick_is_restored() -> None:
    assert _ruled("agreed-concession-asked-back-restored.yaml") == (3, 11, ["69A", "71B", "79B"])


def test_after_the_correction_period_the_agreement_stands() -> None:
    worst, total, citations = _ruled(
        "agreed-concession-asked-back-restored.yaml", correction_period_over=True
    )
    assert (worst, total, citations) == (3, 10, ["69A", "71", "79B"])


def test_losable_trick_is_not_restored() -> None:
    assert _ruled("agreed-concession-asked-back-losable.yaml") == (3, 10, ["69A", "71B", "79B"])


def test_agreed_tricks_are_never_lowered() -> None:
    # With ruff_when_able off, the worst normal line gives 2 of the 4 tricks, fewer than the 3
    # agreed: still 3 are credited (69A), where the same claim contested gets 2 (70A).
    off = (("ruff_when_able", False),)
    assert _ruled("agreed-concession-asked-back-losable.yaml", switches=off) == (
        2,
        10,
        ["69A", "71B", "79B"],
    )
    contested = _ruled(
        "agreed-concession-asked-back-losable.yaml", switches=off, claimer_asks_more=False
    )
    assert contested[:2] == (2, 9) and "70A" in contested[2]


def test_published_concession_keeps_the_eight_agreed() -> None:
    # The worst normal line after the lost heart finesse gives fewer than the 7 of 12 agreed;
    # the agreement is not lowered, and no trick is restored: 8 tricks, as the committee ruled.
    case = solver.load_case(CLAIMS / "published" / "nswba-2010-concession-heart-finesse.yaml")
    analysis = analyse_claim(case, judgements=False)
    ruling = decide_claim(case, analysis)
    assert analysis.adjudication.claimer_tricks < 7
    assert ruling.declarer_tricks == 8
    assert list(ruling.citations) == ["69A", "71B", "79B"]


def test_a_trump_led_to_concede_can_lose_the_trick_asked_back() -> None:
    """The Swedish director's ruling: West conceded "one down" with the HJ out; dummy's H9
    led after the DK (the natural way to give up the trick he thought lost, the catalogue's
    G1) loses the trick asked back, so the concession stands: 9 tricks. The same claim
    contested reads no such lead (a claimer conceding a trick may have counted their trump in
    it), and with the judgement off the trick is restored."""
    name = "published/sbf-lk1408-4h-one-down-concession-stands-director.yaml"
    assert _ruled(name) == (1, 9, ["69A", "71B", "79B"])
    off = (("lead_forgotten_trump", False),)
    assert _ruled(name, switches=off)[:2] == (2, 10)
    contested = _ruled(name, claimer_asks_more=False)
    assert contested[0] == 2  # the CJ cashed first, ruffed, and the H9 ruffs the diamond back
