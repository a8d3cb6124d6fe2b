"""A revoke alleged before a claim (Laws 63A3, 63A4, 64, 69A), end to end on a real board.

USBF semi-final board 50 (forrestrice_bridge-bots/usbf_sf_14502.lin): 4H by West, who claimed
after trick 6. At trick 6 North led the SQ, dummy (East) won with the SK and West discarded the
D8. The deal here gives West North's S3 (and North West's C7), so that West's discard is a
revoke; every other trick still follows suit. The claim is adjudicated as usual; these tests
check what the revoke adds: established by the claim (63A3) when the revoker's side claimed,
by agreement (63A4) when it agreed to the opponents' claim, not otherwise; and dummy's win of
the revoke trick, not the declarer's, gives one trick (64A2), the claimed tricks counting as won
after it (69A).
"""

from __future__ import annotations

from typing import Any

import solver
from solver.records import case_from_dict

# Real deal N:AQJT3.JT6.K765.6 K965.Q87.A92.A42 872.95.JT43.KQ95 4.AK432.Q8.JT873,
# with North's S3 and West's C7 exchanged.
DEAL = "N:AQJT.JT6.K765.76 K965.Q87.A92.A42 872.95.JT43.KQ95 43.AK432.Q8.JT83"
TRICKS = {
    1: "N: C6 CA C5 C3",
    2: "E: HQ H5 H2 H6",
    3: "E: H7 H9 HA HT",
    4: "W: HK HJ H8 S8",
    5: "W: S4 SA S5 S2",
    6: "N: SQ SK S7 D8",
}


def case(by: str, tricks: int, *, agreed: bool = False, revoke_trick: int = 6) -> dict[str, Any]:
    return {
        "title": "revoke before a claim",
        "deal": DEAL,
        "contract": "4H",
        "declarer": "W",
        "play": {"tricks": dict(TRICKS)},
        "claim": {"by": by, "tricks": tricks, "agreed": agreed},
        "statements": [{"by": "NS", "revoke": {"seat": "W", "trick": revoke_trick}}],
    }


def without_revoke(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "statements"}


def test_declarer_claims_after_his_revoke_it_is_established_and_costs_a_trick() -> None:
    data = case("W", 5)
    claim_only = solver.analyse(case_from_dict(without_revoke(data)))
    analysis = solver.analyse(case_from_dict(data))
    (group,) = analysis.revoke_groups
    (finding,) = group.adjustment.findings
    assert finding.established and finding.trick == 6
    assert (finding.citation, finding.transfer) == ("64A2", 1)
    citations = analysis.ruling.citations
    assert "63A3" in citations and "69A" in citations
    # Without the allegation the revoke is no legal history: nothing to rule on, but the claim
    # is still adjudicated on its position, and the revoke costs one trick against that.
    assert claim_only.ruling.status == "impossible"
    adjudicated = claim_only.to_json()["claim"]["claimer_tricks"]
    won_before = analysis.case.claim.position.won[1]  # East-West, declarer's side
    assert analysis.ruling.declarer_tricks == won_before + adjudicated - 1
    assert group.final == analysis.ruling.declarer_tricks
    result = analysis.to_json()
    assert result["outcomes"][0]["revokes"][0]["citation"] == "64A2"
    assert result["ruling"]["score"] is not None


def test_the_opponents_claim_establishes_it_only_if_the_revokers_agreed() -> None:
    disputed = solver.analyse(case_from_dict(case("N", 2)))
    (finding,) = disputed.revoke_groups[0].adjustment.findings
    assert not finding.established and finding.citation == "62A"
    agreed = solver.analyse(case_from_dict(case("N", 2, agreed=True)))
    (finding,) = agreed.revoke_groups[0].adjustment.findings
    assert finding.established
    assert "63A4" in [r.citation for r in agreed.revoke_groups[0].adjustment.reasons]
