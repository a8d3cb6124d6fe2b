"""A player who played two cards to one trick (Law 67B2) in the CP-SAT, python-constraint and
search engines, held to the brute force of ``tests.engines.brute`` (``evaluate`` as the judge).

He (``Problem.surplus_seat``) drops a pair at one trick where he does not lead: the card that
stays in it is the one ``surplus_counted`` picks (holding the suit led, the higher card of that
suit; void, a trump over a side card, then the higher rank, then spades first), the other is
the surplus card, its mark judged at that trick. His row holds the pair at two consecutive
places, in either order. The last trick is played once the surplus card is back in his hand: he
plays it there, the others any card they hold, following suit (on a whole board, their last
card). When its suit is led in between and he, void in fact, discards, Law 67B2 deems that a
revoke (``RevokeEvent(restored=True)``). Outcome groups split on where the double play was,
on its pair and on the deemed revokes.

Every engine must agree with the brute force on feasibility, minimum cost, counts, totals,
outcome groups, contradicted units and the histories listed. On whole boards (too big for the
brute force) the search must find the true history among the consistent ones. The independent
count of tests/independent_count.py is held to the brute force here too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from solver.bridge import Card
from solver.bridge.masks import trick_winner
from solver.engines import search
from solver.engines.problem import (
    Problem,
    compile_case,
    evaluate,
)
from solver.facts.history import DoublePlay
from solver.facts.outcome import Outcome
from solver.records import case_from_dict
from tests import independent_count
from tests.engines import agreement
from tests.engines.brute import BruteResult, brute_force
from tests.engines.surplus_problems import compile_surplus
from tests.strategies import SurplusDispute, examples, surplus_disputes

SMALL = examples(12)
FEW = examples(3)

# N: SAKQJ HAKQ DAKQ CAKQ       E: S65432 HJT98765 DJ (void in clubs)
# S: ST987 H432 DT987 CJT       W: D65432 C98765432 (void in spades and hearts)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ 65432.JT98765.J. T987.432.T987.JT ..65432.98765432"


def case_dict(
    rows: dict[str, Any], *, contract: str = "4S", agreed: dict[int, str] | None = None
) -> dict[str, Any]:
    """``contract`` by South (West leads) on ``DEAL``; one row (East's, mostly) one card longer
    than the others says its player played two cards to one trick. A row is a string (intact)
    or a mapping ``{"mixed": ...}``."""
    return {
        "title": "double play test",
        "deal": DEAL,
        "contract": contract,
        "declarer": "S",
        "play": {"rows": rows, "tricks": agreed or {}},
        "statements": [],
    }


def make_problem(
    rows: dict[str, Any], *, contract: str = "4S", agreed: dict[int, str] | None = None
) -> Problem:
    """``case_dict`` compiled."""
    return compile_surplus(case_dict(rows, contract=contract, agreed=agreed))


def c(text: str) -> int:
    return Card.parse(text).index


def double_plays(groups: dict[Outcome, Any]) -> set[DoublePlay | None]:
    """(0-based trick, card left, surplus card) of every group's double play."""
    return {key.double_play for key in groups}


def deemed(key: int) -> list[tuple[int, str]]:
    """(1-based trick, seat) of the revokes Law 67B2 deems in a group."""
    return [(e.trick + 1, "NESW"[e.seat]) for e in key.revokes if e.restored]


# --- holding the engines to the brute force (tests/engines/agreement.py) --------------------


def check_all(p: Problem) -> BruteResult:
    """The brute force's answer, once every engine (the search too) has been held to it; all
    their failures reported together."""
    return agreement.check_all(p, every_failure=True)


# --- explicit cases -------------------------------------------------------------------------
# West leads C2 to trick 1, North wins it with the CA (East, void in clubs, discards), North
# then leads the DA (East, with no diamond left but the DJ, discards or drops it).


def test_the_double_play_splits_the_groups_by_trick() -> None:
    # East's row HJ DJ H5: the pair HJ DJ at trick 1 (void in clubs, equal ranks: the HJ
    # stays), or HJ alone there and the pair DJ H5 at trick 2 (holding a diamond: it stays).
    # Two groups, one per double play, of the same total.
    p = make_problem({"W": "C2 D2", "N": "CA DA", "E": "HJ DJ H5", "S": "CT D7"})
    expected = check_all(p)
    assert expected.min_cost == 0
    assert double_plays(expected.groups) == {(0, c("HJ"), c("DJ")), (1, c("DJ"), c("H5"))}
    assert len({key.declarer_tricks for key in expected.groups}) == 1
    for history in expected.histories:
        assert sum(1 for _leader, cards in history if len(cards) == 5) == 1


def test_a_deemed_revoke_after_the_double_play() -> None:
    # Trick 2 is agreed as a trick of four cards (East's H5 on the DA), so East dropped HJ and
    # DJ at trick 1; void in diamonds in fact at trick 2, he is deemed to have revoked there
    # with the DJ Law 67B2 returns to his hand.
    p = make_problem(
        {"W": "C2 D2", "N": "CA DA", "E": "HJ DJ H5", "S": "CT D7"},
        agreed={2: "N: DA H5 D7 D2"},
    )
    expected = check_all(p)
    assert double_plays(expected.groups) == {(0, c("HJ"), c("DJ"))}
    for key in expected.groups:
        events = key.revokes
        assert [(e.trick, e.seat, e.suit, e.restored) for e in events] == [(1, 1, 2, True)]
        assert not events[0].revoker_won and not events[0].side_won


def test_holding_the_suit_led_the_higher_card_of_it_stays() -> None:
    # HT H5 HJ: the pair HT H5 at trick 1 (void: the higher rank, HT, stays) or H5 HJ on the
    # HA at trick 2 (holding hearts: the HJ stays, never the H5).
    p = make_problem({"W": "C2 C3", "N": "CA HA", "E": "HT H5 HJ", "S": "CT H2"})
    expected = check_all(p)
    assert double_plays(expected.groups) == {(0, c("HT"), c("H5")), (1, c("HJ"), c("H5"))}


def test_holding_the_suit_led_its_card_stays_even_against_a_trump() -> None:
    # HT H5 S6: at trick 2 East holds hearts, so of H5 and S6 the H5 stays (no ruff); the pair
    # at trick 1 would leave him a heart to follow with at trick 2, not the S6.
    p = make_problem({"W": "C2 C3", "N": "CA HA", "E": "HT H5 S6", "S": "CT H2"})
    expected = check_all(p)
    assert double_plays(expected.groups) == {(1, c("H5"), c("S6"))}
    assert all(trick_winner(*h[1], p.trump) == 0 for h in expected.histories)


def test_void_a_trump_stays_over_a_higher_side_card() -> None:
    # Void in clubs, East drops the HJ and the S2: the S2 stays and ruffs North's CA.
    p = make_problem({"W": "C2", "N": "CA", "E": "HJ S2", "S": "CT"})
    expected = check_all(p)
    assert double_plays(expected.groups) == {(0, c("S2"), c("HJ"))}
    assert all(evaluate(p, h).winners[0] == 1 for h in expected.histories)


def test_void_without_trumps_the_higher_rank_then_spades_first() -> None:
    # No trumps: of DJ and H5 the DJ stays; of DJ and HJ (equal ranks) the HJ, hearts ranking
    # above diamonds.
    by_rank = check_all(
        make_problem({"W": "C2", "N": "CA", "E": "DJ H5", "S": "CT"}, contract="3NT")
    )
    assert double_plays(by_rank.groups) == {(0, c("DJ"), c("H5"))}
    by_suit = check_all(
        make_problem({"W": "C2", "N": "CA", "E": "DJ HJ", "S": "CT"}, contract="3NT")
    )
    assert double_plays(by_suit.groups) == {(0, c("HJ"), c("DJ"))}


def test_the_double_play_is_never_on_a_lead() -> None:
    # West leads the only trick played: his two cards cannot both be his.
    p = make_problem({"W": "C2 C3", "N": "CA", "E": "HJ", "S": "CT"})
    assert not check_all(p).feasible


def test_the_double_play_is_not_at_a_trick_he_leads() -> None:
    # North's (mixed) row DA HK HA: he wins trick 1 with the DA and leads trick 2, so he
    # dropped two cards at trick 1, the DA staying (he holds diamonds).
    p = make_problem({"W": "D2 D3", "N": {"mixed": "DA HK HA"}, "E": "DJ H5", "S": "D7 H2"})
    expected = check_all(p)
    assert double_plays(expected.groups) == {(0, c("DA"), c("HK")), (0, c("DA"), c("HA"))}


def test_the_surplus_card_mark_is_judged_at_the_double_trick() -> None:
    # East ruffs trick 1 (S2 and HJ dropped): the HJ was quitted on a trick East won, though
    # he plays it again at the last trick, which North wins.
    right = make_problem({"W": "C2", "N": "CA", "E": "S2+ HJ+", "S": "CT"})
    expected = check_all(right)
    assert expected.min_cost == 0
    assert all(evaluate(right, h).winners[-1] == 0 for h in expected.histories)
    wrong = make_problem({"W": "C2", "N": "CA", "E": "S2+ HJ-", "S": "CT"})
    expected = check_all(wrong)
    assert expected.min_cost == 1000
    assert [wrong.units[u].key for u in expected.contradicted] == ["orientation:E:HJ"]


def test_the_restored_trick_counts_in_declarer_total() -> None:
    # East wins trick 1 by ruffing; at the last trick he leads the HJ back in his hand, which
    # North's top hearts beat: declarer's side takes that trick, one in all.
    p = make_problem({"W": "C2", "N": "CA", "E": "HJ S2", "S": "CT"})
    expected = check_all(p)
    assert expected.outcomes == {1: expected.count}
    for history in expected.histories:
        assert history[-1][0] == 1 and history[-1][1][1] == c("HJ")
        assert evaluate(p, history).winners[-1] == 0


def test_a_mixed_surplus_row() -> None:
    # East's row mixed: the pair may be any two of HJ DJ H5 Law 67B2 allows, at trick 1 or 2;
    # each double play a group of its own, and a deemed revoke when the DJ came back.
    p = make_problem({"W": "C2 D2", "N": "CA DA", "E": {"mixed": "HJ DJ H5"}, "S": "CT D7"})
    expected = check_all(p)
    plays = double_plays(expected.groups)
    assert {play[0] for play in plays if play is not None} == {0, 1}
    assert (0, c("HJ"), c("DJ")) in plays and (1, c("DJ"), c("H5")) in plays
    for key in expected.groups:
        double = key.double_play
        assert double is not None
        assert deemed(key) == ([(2, "E")] if double[:1] == (0,) and double[2] == c("DJ") else [])


# --- random disputes ------------------------------------------------------------------------


def check_dispute(dispute: SurplusDispute) -> None:
    """The true history is a legal one, and every engine agrees with the brute force."""
    p = compile_surplus(dispute.case)
    assert evaluate(p, dispute.history).legal
    check_all(p)


@SMALL
@given(surplus_disputes(tricks=2, max_mix=2))
def test_random_two_trick_double_plays_agree_with_brute_force(dispute: SurplusDispute) -> None:
    check_dispute(dispute)


@FEW
@given(surplus_disputes(tricks=3, max_mix=1))
def test_random_three_trick_double_plays_agree_with_brute_force(dispute: SurplusDispute) -> None:
    check_dispute(dispute)


@SMALL
@given(surplus_disputes(tricks=2, max_mix=2))
def test_random_double_plays_the_true_history_is_there(dispute: SurplusDispute) -> None:
    """The strategy's own reading of Law 67B2 against ``evaluate``, and the brute force."""
    p = compile_surplus(dispute.case)
    verdict = evaluate(p, dispute.history)
    assert verdict.legal, verdict.reason
    assert tuple(e.trick + 1 for e in verdict.revokes if e.restored) == dispute.deemed
    assert verdict.double_play is not None and verdict.double_play[0] == dispute.trick - 1
    expected = brute_force(p)
    assert expected.min_cost is not None and expected.min_cost <= verdict.cost
    if expected.min_cost == verdict.cost:
        assert dispute.history in expected.histories


# --- the independent count (tests/independent_count.py) ---------------------------------------


def independent_groups(p: Problem, groups: dict[Outcome, int]) -> dict[tuple[int, Any], int]:
    """Outcome groups as the independent count keys them: declarer tricks, then its events
    (revokes, deemed revokes, the double play) in a fixed order. It does not tell revokes
    apart by what Laws 62-64 need to know of the tricks around them (who won the trick, and
    so on): groups that differ only there are merged."""
    out: dict[tuple[int, Any], int] = {}
    for key, number in groups.items():
        events = [
            (e.trick + 1, "NESW"[e.seat] + (" 67B2" if e.restored else "")) for e in key.revokes
        ]
        double = key.double_play
        if double is not None:
            trick, left, surplus = double
            seat = "NESW"[p.surplus_seat or 0]
            events.append(
                (trick + 1, f"{seat} 67B2 {Card.from_index(left)} {Card.from_index(surplus)}")
            )
        short = (key.declarer_tricks, tuple(sorted(events)))
        out[short] = out.get(short, 0) + number
    return out


def assert_counts_agree(data: dict[str, Any]) -> None:
    p = compile_surplus(data)
    expected = brute_force(p)
    counted = independent_count.count(data)
    assert counted.feasible == expected.feasible
    if not expected.feasible:
        return
    assert counted.count == expected.count
    assert counted.outcomes == dict(sorted(expected.outcomes.items()))
    assert expected.min_cost is not None
    cards, statements = divmod(expected.min_cost, 1000)
    assert counted.min_cost == {"cards": cards, "statements": statements}
    found = {(total, tuple(sorted(events))): n for (total, events), n in counted.groups.items()}
    assert found == independent_groups(p, expected.groups)


EXPLICIT = [
    case_dict({"W": "C2 D2", "N": "CA DA", "E": "HJ DJ H5", "S": "CT D7"}),
    case_dict(
        {"W": "C2 D2", "N": "CA DA", "E": "HJ DJ H5", "S": "CT D7"}, agreed={2: "N: DA H5 D7 D2"}
    ),
    case_dict({"W": "C2 D2", "N": "CA DA", "E": {"mixed": "HJ DJ H5"}, "S": "CT D7"}),
    case_dict({"W": "C2 C3", "N": "CA HA", "E": "HT H5 S6", "S": "CT H2"}),
    case_dict({"W": "C2", "N": "CA", "E": "S2+ HJ-", "S": "CT"}),
    case_dict({"W": "C2", "N": "CA", "E": "DJ HJ", "S": "CT"}, contract="3NT"),
    case_dict({"W": "C2 C3", "N": "CA", "E": "HJ", "S": "CT"}),
    case_dict({"W": "D2 D3", "N": {"mixed": "DA HK HA"}, "E": "DJ H5", "S": "D7 H2"}),
]


@pytest.mark.parametrize("data", EXPLICIT, ids=range(len(EXPLICIT)))
def test_the_independent_count_agrees_on_the_explicit_cases(data: dict[str, Any]) -> None:
    assert_counts_agree(data)


@SMALL
@given(surplus_disputes(tricks=2, max_mix=2))
def test_the_independent_count_agrees_with_brute_force(dispute: SurplusDispute) -> None:
    assert_counts_agree(dispute.case)


# --- whole boards ---------------------------------------------------------------------------


@examples(15)
@given(surplus_disputes(tricks=12, max_mix=0))
def test_the_search_finds_the_true_history_of_a_whole_board(dispute: SurplusDispute) -> None:
    case = case_from_dict(dispute.case)
    assert case.surplus is not None and case.surplus.index == dispute.seat.index
    p = compile_case(case)
    verdict = evaluate(p, dispute.history)
    assert verdict.legal, verdict.reason
    found = search.solve(p, time_limit=20, list_limit=200)
    assert found.feasible, found.notes
    assert found.min_cost is not None and found.min_cost <= verdict.cost
    for history in found.listed:
        listed = evaluate(p, history)
        assert listed.legal, listed.reason
        assert listed.cost == found.min_cost
        assert listed.outcome in found.groups
    if found.min_cost == verdict.cost:
        assert verdict.outcome in found.groups
        assert found.count is not None
        if found.count <= 200:
            assert dispute.history in found.listed
