"""The independent count with revoke allegations, on small hand-built cases.

Every case here is a full deal played for 2 or 3 tricks, with an intact row for every seat, and
the leader's side winning every trick with top cards: so declarer's side takes no trick, and the
only question is which orders of the rows are legal and what they cost. The expected numbers are
worked out by hand in the comments (an intact row's order is one cards-tier unit, whatever the
number of its cards out of place).
"""

from __future__ import annotations

from typing import Any

from tests import independent_count

# A 2-trick deal (1NT by South, West leads). West leads hearts twice (HA, HK) and wins both;
# North (H2 H3) and South (H5 H6) follow. East's only heart is H4: his row "C2 H4" says he
# discarded C2 on trick 1 while holding H4, a revoke.
DEAL_2 = "N:5432.32.98765.QJ AKQJT9876.4.JT.2 .65.432.T9876543 .AKQJT987.AKQ.AK"

# A 3-trick deal (1NT by South, West leads). West leads HA HK HQ and wins all three; North
# (H2 H3 H5) and South (H6 H7 H8) follow. East's only heart is H4: his row "C2 C3 H4" says he
# revoked at tricks 1 and 2.
DEAL_3 = "N:432.532.98765.QJ QJT98765.4.JT.32 .876.432.T987654 AK.AKQJT9.AKQ.AK"

# A 2-trick deal (1NT by North, so East leads). East leads SA SK and wins both; South (S2 S3)
# follows. West's only spade is S4, North's only spade is S5: their rows "D2 S4" and "C2 S5" say
# both discarded at trick 1, West (third to play) before North (fourth).
DEAL_ORDER = "N:5.765.QJT987.432 AKQJT9876.AK.AK. 32.432.6543.8765 4.QJT98.2.AKQJT9"


def case(
    deal: str, declarer: str, rows: dict[str, str], statements: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "title": "hand-built revoke case",
        "deal": deal,
        "contract": "1NT",
        "declarer": declarer,
        "play": {"rows": rows},
        "statements": statements,
    }


def two_tricks(east: str, *statements: dict[str, Any]) -> dict[str, Any]:
    rows = {"N": "H2 H3", "E": east, "S": "H5 H6", "W": "HA HK"}
    return case(DEAL_2, "S", rows, list(statements))


def three_tricks(*statements: dict[str, Any]) -> dict[str, Any]:
    rows = {"N": "H2 H3 H5", "E": "C2 C3 H4", "S": "H6 H7 H8", "W": "HA HK HQ"}
    return case(DEAL_3, "S", rows, list(statements))


def revoke(by: str, **where: Any) -> dict[str, Any]:
    return {"by": by, "revoke": where}


def test_the_deals_are_whole() -> None:
    for deal in (DEAL_2, DEAL_3, DEAL_ORDER):
        masks = independent_count.deal_masks(deal)
        assert [bin(mask).count("1") for mask in masks] == [13, 13, 13, 13]
        assert masks[0] | masks[1] | masks[2] | masks[3] == (1 << 52) - 1


def test_without_an_allegation_the_revoke_is_not_counted() -> None:
    # East must play H4 to trick 1, then C2: his row is out of order (1 cards unit). West, North
    # and South play their rows in order (any other order costs more): one history, no revoke.
    counted = independent_count.count(two_tricks("C2 H4"))
    assert counted.feasible
    assert counted.count == 1
    assert counted.outcomes == {0: 1}
    assert counted.min_cost == {"cards": 1, "statements": 0}
    assert counted.groups == {(0, ()): 1}


def test_a_trick_allegation_permits_the_revoke() -> None:
    # East may now discard C2 at trick 1 while holding H4: every row in order, cost 0, one
    # history, and its group lists East's revoke at trick 1.
    counted = independent_count.count(two_tricks("C2 H4", revoke("NS", seat="E", trick=1)))
    assert counted.count == 1
    assert counted.outcomes == {0: 1}
    assert counted.min_cost == {"cards": 0, "statements": 0}
    assert counted.groups == {(0, ((1, "E"),)): 1}


def test_an_allegation_is_no_unit_and_shifts_nothing() -> None:
    # The allegation (with `noticed`, which the count ignores) has no unit; NS's total of 1 is
    # contradicted by the one history (declarer takes 0), EW's "West won trick 2" holds. So the
    # cost is (0 cards, 1 statement) and the count is as above.
    counted = independent_count.count(
        two_tricks(
            "C2 H4",
            {"by": "NS", "revoke": {"seat": "E", "trick": 1}, "noticed": "after-play"},
            {"by": "NS", "declarer_tricks": 1},
            {"by": "EW", "trick": 2, "winner": "W"},
        )
    )
    assert counted.count == 1
    assert counted.min_cost == {"cards": 0, "statements": 1}
    assert counted.groups == {(0, ((1, "E"),)): 1}


def test_an_allegation_where_the_player_was_void_adds_nothing() -> None:
    # An allegation for East at trick 2: in every legal history East played H4 to trick 1 (the
    # revoke there is not permitted), so he is void of hearts at trick 2 and the allegation
    # permits nothing. The count is exactly the one without any allegation.
    alleged = independent_count.count(two_tricks("C2 H4", revoke("NS", seat="E", trick=2)))
    assert alleged == independent_count.count(two_tricks("C2 H4"))
    # Same with an allegation for a suit never led.
    alleged = independent_count.count(two_tricks("C2 H4", revoke("NS", seat="E", suit="D")))
    assert alleged == independent_count.count(two_tricks("C2 H4"))


def test_a_suit_allegation_permits_one_revoke_only() -> None:
    # East's row "C2 C3 H4" holds two revokes; a heart allegation permits one. West, North and
    # South keep their rows in order (cost 0); East's row order (C2 C3 H4) is not legal, so he
    # pays its unit (cards 1), with any legal order:
    #   H4 C2 C3, H4 C3 C2           no revoke
    #   C2 H4 C3, C3 H4 C2           a revoke at trick 1 (the one permitted)
    #   C2 C3 H4, C3 C2 H4           two revokes: not legal
    # 4 histories, all giving declarer 0 tricks; 2 without a revoke, 2 with East's at trick 1.
    counted = independent_count.count(three_tricks(revoke("NS", seat="E", suit="H")))
    assert counted.count == 4
    assert counted.outcomes == {0: 4}
    assert counted.min_cost == {"cards": 1, "statements": 0}
    assert counted.groups == {(0, ()): 2, (0, ((1, "E"),)): 2}


def test_without_allegations_the_same_rows_allow_no_revoke() -> None:
    # Only the two orders starting with H4 are legal: 2 histories at a cost of 1 cards unit.
    counted = independent_count.count(three_tricks())
    assert counted.count == 2
    assert counted.min_cost == {"cards": 1, "statements": 0}
    assert counted.groups == {(0, ()): 2}


def test_two_suit_allegations_permit_two_revokes() -> None:
    # Two heart allegations for East (or one per trick): East's row order is legal, every row is
    # in order, cost 0, one history with revokes at tricks 1 and 2.
    both = ((0, ((1, "E"), (2, "E"))), 1)
    for statements in (
        [revoke("NS", seat="E", suit="H"), revoke("W", seat="E", suit="H")],
        [revoke("NS", seat="E", trick=1), revoke("NS", seat="E", trick=2)],
        [revoke("NS", seat="E", trick=2), revoke("NS", seat="E", suit="H")],
    ):
        counted = independent_count.count(three_tricks(*statements))
        assert counted.count == 1
        assert counted.min_cost == {"cards": 0, "statements": 0}
        assert counted.groups == dict([both])


def test_a_trick_allegation_is_used_before_a_suit_one() -> None:
    # A trick-1 allegation and a heart allegation: the trick one covers trick 1, the heart one
    # stays free for trick 2. (Were the heart allegation spent at trick 1, the row order would
    # not be legal.)
    counted = independent_count.count(
        three_tricks(revoke("NS", seat="E", suit="H"), revoke("NS", seat="E", trick=1))
    )
    assert counted.count == 1
    assert counted.groups == {(0, ((1, "E"), (2, "E"))): 1}


def test_a_card_never_played_still_makes_a_revoke() -> None:
    # East's row "C2 DJ" leaves H4 in his hand, never played: discarding at both tricks is two
    # revokes. Rows are hard facts, so without allegations for both tricks nothing is legal.
    assert not independent_count.count(two_tricks("C2 DJ")).feasible
    assert not independent_count.count(
        two_tricks("C2 DJ", revoke("NS", seat="E", trick=1))
    ).feasible
    assert not independent_count.count(
        two_tricks("C2 DJ", revoke("NS", seat="E", suit="H"))
    ).feasible
    # With both permitted: East's row in order (or DJ first, cost 1); one history at cost 0.
    for statements in (
        [revoke("NS", seat="E", trick=1), revoke("NS", seat="E", trick=2)],
        [revoke("NS", seat="E", suit="H"), revoke("NS", seat="E", suit="H")],
    ):
        counted = independent_count.count(two_tricks("C2 DJ", *statements))
        assert counted.count == 1
        assert counted.min_cost == {"cards": 0, "statements": 0}
        assert counted.groups == {(0, ((1, "E"), (2, "E"))): 1}


def test_revokes_in_one_trick_are_listed_in_seat_order() -> None:
    # East leads SA then SK; South follows S2 S3; West ("D2 S4") and North ("C2 S5") discard at
    # trick 1 while holding a spade, West playing before North. Permitted, every row is in order:
    # one history, whose revokes are listed North first (seat order N, E, S, W), not West.
    rows = {"N": "C2 S5", "E": "SA SK", "S": "S2 S3", "W": "D2 S4"}
    statements = [revoke("EW", seat="W", trick=1), revoke("EW", seat="N", suit="S")]
    counted = independent_count.count(case(DEAL_ORDER, "N", rows, statements))
    assert counted.count == 1
    assert counted.min_cost == {"cards": 0, "statements": 0}
    assert counted.groups == {(0, ((1, "N"), (1, "W"))): 1}
    # Only West's permitted: North must play S5 to trick 1, breaking his row (cards 1).
    counted = independent_count.count(case(DEAL_ORDER, "N", rows, statements[:1]))
    assert counted.count == 1
    assert counted.min_cost == {"cards": 1, "statements": 0}
    assert counted.groups == {(0, ((1, "W"),)): 1}
    # Neither: both rows broken (cards 2).
    counted = independent_count.count(case(DEAL_ORDER, "N", rows, []))
    assert counted.count == 1
    assert counted.min_cost == {"cards": 2, "statements": 0}
    assert counted.groups == {(0, ()): 1}
