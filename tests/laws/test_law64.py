"""Laws 62D1, 63 and 64 on revoke events built by hand: every branch of the assessment.

The events stand for what the engines report of a history (who won the revoke trick, what the
offending side won later); each test states the expected transfer from Law 64.
"""

from __future__ import annotations

from typing import Any

import pytest

from solver.bridge import Card
from solver.facts import Case
from solver.facts.history import RevokeEvent
from solver.laws.law62 import corrected_last_two
from solver.laws.law64 import assess, law64b3_faced_card_due
from solver.laws.obligations import Obligations
from solver.records import loads_case

DEAL = "N:AT.KJ97.A7.T9643 J8762.64.J8632.Q Q5.QT53.KT5.AK85 K943.A82.Q94.J72"
N, E, S, W = 0, 1, 2, 3


def case(*statements: str, edition: int = 2017, rows: str = "") -> Case:
    text = f"title: t\nedition: {edition}\ndeal: {DEAL}\ncontract: 4H\ndeclarer: S\n{rows}"
    if statements:
        text += "statements:\n" + "".join(f"  - {s}\n" for s in statements)
    return loads_case(text)


def event(trick: int, seat: int, **facts: Any) -> RevokeEvent:
    """A revoke on ``trick`` (1-based) by ``seat`` in hearts."""
    values: dict[str, Any] = {
        "revoker_won": False,
        "side_won": False,
        "side_later": 0,
        "won_later_with_suit": False,
    }
    values.update(facts)
    return RevokeEvent(trick - 1, seat, 1, **values)


def alleged(seat: str, trick: int, noticed: str = "after-play") -> str:
    return f"{{by: NS, revoke: {{seat: {seat}, trick: {trick}}}, noticed: {noticed}}}"


@pytest.mark.parametrize(
    ("facts", "citation", "transfer"),
    [
        ({"revoker_won": True, "side_won": True, "side_later": 1}, "64A1", 2),
        ({"revoker_won": True, "side_won": True, "side_later": 0}, "64A1", 1),
        ({"side_won": True, "side_later": 2}, "64A2", 1),
        ({"side_later": 1}, "64A2", 1),
        ({}, "64B1", 0),
    ],
)
def test_law64a_and_64b1(facts: dict[str, Any], citation: str, transfer: int) -> None:
    adjustment = assess(case(alleged("E", 5)), (event(5, E, **facts),), 9)
    (finding,) = adjustment.findings
    assert (finding.citation, finding.transfer, finding.established) == (citation, transfer, True)
    assert adjustment.final == 9 + transfer  # East is a defender: declarer gains


def test_a_revoking_declarers_transfer_lowers_declarers_count() -> None:
    adjustment = assess(case(alleged("S", 5)), (event(5, S, revoker_won=True, side_later=1),), 10)
    assert adjustment.final == 8


def test_1997_second_trick_needs_a_card_of_the_suit_and_two_tricks() -> None:
    extra = {"side_won": True, "side_later": 1, "won_later_with_suit": True}
    old = assess(case(alleged("E", 5), edition=1997), (event(5, E, **extra),), 9)
    assert (old.findings[0].citation, old.findings[0].transfer) == ("64A2", 2)
    new = assess(case(alleged("E", 5), edition=2007), (event(5, E, **extra),), 9)
    assert new.findings[0].transfer == 1
    short = {"side_won": True, "side_later": 0, "won_later_with_suit": True}
    one = assess(case(alleged("E", 5), edition=1997), (event(5, E, **short),), 9)
    assert one.findings[0].transfer == 1


@pytest.mark.parametrize(
    ("noticed", "citation"),
    [("after-next-board", "64B4"), ("after-round", "64B5")],
)
def test_late_revokes_transfer_nothing(noticed: str, citation: str) -> None:
    adjustment = assess(
        case(alleged("E", 5, noticed)), (event(5, E, revoker_won=True, side_later=1),), 9
    )
    assert (adjustment.findings[0].citation, adjustment.final) == (citation, 9)


def test_trick_12_corrected_before_boarding_replays_the_last_two_tricks() -> None:
    revoke = event(12, E, corrected_tricks=2, actual_tricks=1)
    corrected = assess(case(alleged("E", 12, "after-play")), (revoke,), 9)
    assert (corrected.findings[0].citation, corrected.findings[0].corrected) == ("62D1", True)
    assert corrected.final == 10
    stands = assess(case(alleged("E", 12, "after-boarding")), (revoke,), 9)
    assert (stands.findings[0].citation, stands.final) == ("64B6", 9)


def test_the_partners_other_reading_is_shown_only_where_it_gives_another_figure() -> None:
    """62D2: the ruling keeps the partner's card (62C2) and names the reading that lets him
    choose again, with its figure, when that figure differs; never for declarer's revoke."""
    differs = event(12, E, corrected_tricks=1, actual_tricks=0, replayed_tricks=0)
    ruled = assess(case(alleged("E", 12)), (differs,), 11)
    assert ruled.final == 12
    (reading,) = ruled.assumptions
    assert (reading.name, reading.citation) == ("interp-62D2-partner-card-stands", "62D2")
    assert "West" in reading.text and "give declarer's side 0 of them, not 1" in reading.text
    same = event(12, E, corrected_tricks=1, actual_tricks=0, replayed_tricks=1)
    assert assess(case(alleged("E", 12)), (same,), 11).assumptions == ()
    declarers = event(12, S, corrected_tricks=1, actual_tricks=0, replayed_tricks=2)
    assert assess(case(alleged("S", 12)), (declarers,), 11).assumptions == ()
    boarded = assess(case(alleged("E", 12, "after-boarding")), (differs,), 11)
    assert boarded.assumptions == ()


def test_the_last_two_tricks_replayed_with_the_partner_choosing_again() -> None:
    """The Welsh directors' trick-12 case (January 2019): dummy leads a diamond, East ruffs
    holding the D5, South's DQ, West discards a club. Corrected, South's DQ wins unless
    West, who could not change under 62C2 (South had no other diamond), ruffs it."""
    cards = {c: Card.parse(c).index for c in ("D2", "HJ", "DQ", "C6", "C2", "D5", "H3", "H9")}
    trick12 = (cards["D2"], cards["HJ"], cards["DQ"], cards["C6"])
    trick13 = (cards["C2"], cards["D5"], cards["H3"], cards["H9"])
    strict = corrected_last_two(1, N, trick12, trick13, E, 0)
    replayed = corrected_last_two(1, N, trick12, trick13, E, 0, partner_replays=True)
    assert (strict, replayed) == (1, 0)


def test_dummy_revoke_transfers_nothing() -> None:
    adjustment = assess(case(alleged("N", 5)), (event(5, N, revoker_won=True, side_later=1),), 10)
    assert (adjustment.findings[0].citation, adjustment.final) == ("64B3", 10)


def test_a_revoke_failing_to_play_a_faced_penalty_card_transfers_nothing() -> None:
    won = {"revoker_won": True, "side_won": True, "side_later": 1}
    faced = assess(case(alleged("E", 5)), (event(5, E, faced=True, **won),), 9)
    (finding,) = faced.findings
    assert (finding.citation, finding.transfer, finding.established) == ("64B3", 0, True)
    assert "faced on the table" in finding.reasons[-1].text
    assert faced.final == 9
    assert [a.name for a in faced.assumptions] == ["64B3-card-required"]
    concealed = assess(case(alleged("E", 5)), (event(5, E, **won),), 9)
    assert (concealed.findings[0].citation, concealed.final) == ("64A1", 11)
    assert concealed.assumptions == ()
    dummy = assess(case(alleged("N", 5)), (event(5, N, faced=False, **won),), 10)
    assert (dummy.findings[0].citation, dummy.assumptions) == ("64B3", ())


def test_64b3_comes_after_the_trick_12_and_late_notice_exemptions() -> None:
    revoke = event(12, E, faced=True, corrected_tricks=2, actual_tricks=1)
    stands = assess(case(alleged("E", 12, "after-boarding")), (revoke,), 9)
    assert stands.findings[0].citation == "64B6"
    late = event(5, E, faced=True, revoker_won=True, side_later=1)
    after_round = assess(case(alleged("E", 5, "after-round")), (late,), 9)
    assert after_round.findings[0].citation == "64B5"


def mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


HEARTS = 1


@pytest.mark.parametrize(
    ("held", "major", "minor", "faced"),
    [
        (("HQ", "S2", "C5"), ("HQ",), (), True),  # his only heart lies face up
        (("HQ", "H7", "H3", "C5"), ("HQ",), (), True),  # a major one must be played (50D1)
        (("H3", "H7", "H4", "C5"), (), ("H3",), True),  # no other heart below the ten (50C)
        (("H3", "HJ", "H4", "C5"), (), ("H3",), False),  # he could follow with the jack
        (("SQ", "H7", "C5"), ("SQ",), (), False),  # the penalty card is not of the suit led
        (("H7", "C5"), (), (), False),  # no penalty card: a revoke of a concealed card
        (("HQ", "SQ", "C5"), ("HQ", "SQ"), (), True),  # two major ones (50B), one of them due
    ],
)
def test_law64b3_a_revoke_fails_to_play_a_faced_card_when_only_faced_cards_were_legal(
    held: tuple[str, ...], major: tuple[str, ...], minor: tuple[str, ...], faced: bool
) -> None:
    state = Obligations(major=(0, mask(*major), 0, 0), minor=(0, mask(*minor), 0, 0))
    assert law64b3_faced_card_due(state, E, mask(*held), HEARTS) is faced


def test_law64b3_a_57a_order_to_play_a_concealed_card_is_not_a_faced_card() -> None:
    """Ordered to play his highest heart (57A), he had to play the concealed king, not his
    penalty card: failing to follow fails to play a card of his hand."""
    held = mask("HK", "H3", "C5")
    state = Obligations(minor=(0, mask("H3"), 0, 0), order_seat=E, order="highest")
    assert not law64b3_faced_card_due(state, E, held, HEARTS)
    lowest = Obligations(minor=(0, mask("H3"), 0, 0), order_seat=E, order="lowest")
    assert law64b3_faced_card_due(lowest, E, held, HEARTS)


def test_second_revoke_in_the_same_suit_transfers_nothing() -> None:
    first = event(3, E, side_won=True, side_later=1)
    second = event(6, E, side_won=True, side_later=1)
    adjustment = assess(case(alleged("E", 3), alleged("E", 6)), (first, second), 9)
    assert [(f.citation, f.transfer) for f in adjustment.findings] == [("64A2", 1), ("64B2", 0)]
    assert adjustment.final == 10


def test_revokes_by_both_sides() -> None:
    events = (event(3, E, side_won=True), event(6, S, side_won=True, side_later=1))
    statements = (alleged("E", 3), "{by: EW, revoke: {seat: S, trick: 6}}")
    modern = assess(case(*statements), events, 9)
    assert [f.citation for f in modern.findings] == ["64B7", "64B7"]
    assert modern.final == 9
    old = assess(case(*statements, edition=1997), events, 9)
    assert [f.citation for f in old.findings] == ["64A2", "64A2"]
    assert old.final == 9  # one trick each way
    assert any(a.name == "both-sides-1997" for a in old.assumptions)


def test_transfers_never_exceed_the_tricks_the_side_won() -> None:
    first = event(3, E, revoker_won=True, side_won=True, side_later=1)
    second = event(6, W, revoker_won=True, side_won=True, side_later=0)
    statements = (alleged("E", 3), alleged("W", 6))
    adjustment = assess(case(*statements), (first, second), 11)  # E-W won 2 tricks
    assert sum(f.transfer for f in adjustment.findings) == 3
    assert adjustment.final == 13
    assert {a.name for a in adjustment.assumptions} == {
        "revokes-assessed-one-by-one",
        "transfer-capped",
    }


def test_a_revoke_on_the_last_trick_played_is_not_established() -> None:
    rows = "play:\n  rows:\n    N: HK D7 C3\n    E: H6 D2 CQ\n    S: H3 DK C5\n    W: HA D4 C2\n"
    short = case(alleged("E", 3), rows=rows)
    adjustment = assess(short, (event(3, E, side_won=True),), 1)
    (finding,) = adjustment.findings
    assert (finding.established, finding.citation, finding.transfer) == (False, "62A", 0)
