"""The ``claim:`` section of case files: the position, the statement's steps, and every error."""

from __future__ import annotations

import copy
import doctest
from pathlib import Path
from typing import Any

import pytest

from solver.bridge import Card, Deal, Seat, parse_cards
from solver.errors import CaseFileError
from solver.facts import Case, ClaimPosition, Step
from solver.records import claimfile
from solver.records.casefile import case_from_dict, load_case

DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"
TRICKS = {
    1: "W: D3 D9 DQ DA",  # South wins
    2: "S: D2 DK DT D4",  # West wins
    3: "W: D5 S3 DJ C4",  # North ruffs; North and South show out of diamonds
}
ENDING = "N:A.Q..A Q.K..K J.A..Q 6.T..T"
"""Three tricks left: North SA HQ CA, East SQ HK CK, South SJ HA CQ, West S6 HT CT."""
INVALID = Path(__file__).resolve().parents[2] / "cases" / "invalid"


def case(claim: dict[str, Any], **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "title": "a claim",
        "deal": DEAL,
        "contract": "4S",
        "declarer": "S",
        "claim": claim,
    }
    data.update(fields)
    return data


def after_three(**claim: Any) -> dict[str, Any]:
    """South claims after the three agreed tricks; the position comes from them."""
    return case({"by": "S", "tricks": 10, **claim}, play={"tricks": dict(TRICKS)})


def in_ending(play: dict[str, Any] | None = None, **claim: Any) -> dict[str, Any]:
    """South claims with three tricks left, the position given."""
    position = {"hands": ENDING, "leader": "S", "won": {"NS": 7, "EW": 3}}
    position.update(claim.pop("position", {}))
    data = case({"by": "S", "tricks": 3, "position": position, **claim})
    if play is not None:
        data["play"] = play
    return data


def load(data: dict[str, Any]) -> Case:
    return case_from_dict(copy.deepcopy(data), "claim.yaml")


def error_of(data: dict[str, Any]) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        load(data)
    return caught.value


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


# -- the position --------------------------------------------------------------------------------


def test_position_derived_from_the_agreed_tricks() -> None:
    loaded = load(after_three())
    claim = loaded.claim
    assert claim is not None
    position = claim.position
    deal = Deal.from_pbn(DEAL)
    played = {card for text in TRICKS.values() for card in parse_cards(text.split(":")[1])}
    assert position.hands == tuple(deal.hand(seat) - played for seat in Seat)
    assert position.leader is Seat.NORTH  # North ruffed trick 3
    assert position.won == (2, 1)
    assert position.current_trick == ()
    assert position.tricks_left == 10
    assert loaded.tricks_played == 3
    assert not loaded.play_complete
    assert (claim.by, claim.tricks, claim.conceded) == (Seat.SOUTH, 10, 0)
    assert claim.shown_out == {Seat.NORTH: frozenset({2}), Seat.SOUTH: frozenset({2})}


def test_a_round_of_trumps_just_drawn_all_following_is_read_from_the_play() -> None:
    # Trick 3 is a diamond ruffed: no round of trumps before the claim.
    claim = load(after_three()).claim
    assert claim is not None and not claim.trump_round_before
    # North then cashes the SA, everyone following with a spade: South, claiming at once, has
    # just drawn a round, all following (EBU White Book 8.70.4).
    four = {**TRICKS, 4: "N: SA S5 S4 S2"}
    drawn = load(case({"by": "S", "tricks": 9}, play={"tricks": four})).claim
    assert drawn is not None and drawn.trump_round_before
    # Not the defenders': the round was declarer's side's.
    defending = load(case({"by": "W", "tricks": 0}, play={"tricks": four})).claim
    assert defending is not None and not defending.trump_round_before
    # A position given, with no trick before it: nothing to read.
    ending = load(in_ending()).claim
    assert ending is not None and not ending.trump_round_before


def test_position_at_the_start_of_play_is_the_deal_with_the_opening_leader() -> None:
    claim = load(case({"by": "W", "tricks": 0})).claim
    assert claim is not None
    assert claim.position.hands == Deal.from_pbn(DEAL).hands
    assert (claim.position.leader, claim.position.won) == (Seat.WEST, (0, 0))


def test_position_given() -> None:
    loaded = load(in_ending(said="the rest are mine", trumps_mentioned=True))
    claim = loaded.claim
    assert claim is not None
    assert claim.position == ClaimPosition(
        (cards("SA HQ CA"), cards("SQ HK CK"), cards("SJ HA CQ"), cards("S6 HT CT")),
        Seat.SOUTH,
        (),
        (7, 3),
    )
    assert loaded.tricks_played == 10
    assert (claim.said, claim.trumps_mentioned, claim.agreed) == ("the rest are mine", True, False)
    assert not claim.correction_period_over
    assert claim.shown_out == {}
    assert claim.statement == ()


def test_given_position_agrees_with_the_position_the_agreed_tricks_give() -> None:
    derived = load(after_three()).claim
    position = {
        "hands": "N:AK7.Q42..AJ52 QT5.KJ7.8.K63 J984.A963..Q7 62.T85.76.T98",
        "leader": "N",
        "won": {"NS": 2, "EW": 1},
    }
    given = load(after_three(position=position)).claim
    assert derived is not None and given is not None
    assert given.position == derived.position


def test_position_in_the_middle_of_a_trick() -> None:
    hands = "N:A.Q.. Q.K..K J.A..Q 6...T"
    data = in_ending(
        position={"hands": hands, "current_trick": "W: D7 CA", "won": {"NS": 7, "EW": 3}},
        shown_out={"E": "D"},
        agreed=True,
        correction_period_over=True,
    )
    data["claim"]["position"].pop("leader")
    loaded = load(data)
    claim = loaded.claim
    assert claim is not None
    position = claim.position
    assert position.leader is Seat.WEST  # from current_trick
    assert position.current_trick == (Card.parse("D7"), Card.parse("CA"))
    assert [len(hand) for hand in position.hands] == [2, 3, 3, 2]
    assert position.tricks_left == 3
    assert position.to_play() is Seat.EAST
    assert loaded.tricks_played == 10
    # North discarded on the diamond lead (computed); East is given.
    assert claim.shown_out == {Seat.NORTH: frozenset({2}), Seat.EAST: frozenset({2})}
    assert claim.agreed and claim.correction_period_over


def test_trick_in_progress_after_the_agreed_tricks_with_the_hands_derived() -> None:
    claim = load(after_three(position={"current_trick": "N: SA S5"})).claim
    assert claim is not None
    position = claim.position
    assert position.leader is Seat.NORTH
    assert position.current_trick == (Card.parse("SA"), Card.parse("S5"))
    assert Card.parse("SA") not in position.hands[0] and Card.parse("S5") not in position.hands[1]
    assert [len(hand) for hand in position.hands] == [9, 9, 10, 10]
    assert position.won == (2, 1)


def test_rows_of_the_tricks_before_the_claim_are_accepted() -> None:
    rows = {"N": "D9+ DT- S3+", "E": "DQ- D4+ DJ-", "S": "DA+ D2- C4+", "W": "D3- DK+ D5-"}
    loaded = load(after_three() | {"play": {"rows": rows, "tricks": dict(TRICKS)}})
    assert loaded.tricks_played == 3 and loaded.claim is not None
    assert len(loaded.rows) == 4


def test_shown_out_accepts_seats_and_suits_in_any_case_as_letters_names_or_lists() -> None:
    claim = load(in_ending(shown_out={"n": ["diamonds", "D"], "W": "d"})).claim
    assert claim is not None
    assert claim.shown_out == {Seat.NORTH: frozenset({2}), Seat.WEST: frozenset({2})}


def test_overlooked_cards_are_read_as_a_list_or_a_string_in_any_case() -> None:
    claim = load(in_ending(overlooked="hk ck")).claim
    assert claim is not None and claim.overlooked == cards("HK CK")
    claim = load(in_ending(overlooked=["HK"])).claim
    assert claim is not None and claim.overlooked == cards("HK")
    claim = load(in_ending()).claim
    assert claim is not None and claim.overlooked == frozenset()


# -- the statement -------------------------------------------------------------------------------

STEPS = [
    ("draw trumps", Step("draw_trumps", "draw trumps")),
    ("Draw  the Trumps", Step("draw_trumps", "Draw  the Trumps")),
    ("cash C", Step("cash", "cash C", suit=3)),
    ("cash clubs from n", Step("cash", "cash clubs from n", suit=3, seat=Seat.NORTH)),
    ("CASH H FROM South", Step("cash", "CASH H FROM South", suit=1, seat=Seat.SOUTH)),
    ("ruff H in N", Step("ruff", "ruff H in N", suit=1, seat=Seat.NORTH)),
    ("ruff diamonds in s", Step("ruff", "ruff diamonds in s", suit=2, seat=Seat.SOUTH)),
    ("finesse SJ", Step("finesse", "finesse SJ", cards=(Card.parse("SJ"),))),
    ("finesse cj", Step("finesse", "finesse cj", cards=(Card.parse("CJ"),))),
    ("concede 1", Step("concede", "concede 1", count=1)),
    ("concede 2 tricks", Step("concede", "concede 2 tricks", count=2)),
    ("count S 4", Step("count", "count S 4", suit=0, count=4)),
    ("count hearts 2 tricks", Step("count", "count hearts 2 tricks", suit=1, count=2)),
    ("play SA HA", Step("play", "play SA HA", cards=(Card.parse("SA"), Card.parse("HA")))),
    ("play ck c10 h7", Step("play", "play ck c10 h7", cards=tuple(parse_cards("CK CT H7")))),
    ("play SA, HA", Step("play", "play SA, HA", cards=tuple(parse_cards("SA HA")))),
    (
        "play SA HA (all)",
        Step("play", "play SA HA (all)", cards=tuple(parse_cards("SA HA")), follows=True),
    ),
    ("draw one round of trumps", Step("draw_round", "draw one round of trumps")),
    ("draw a round of trump", Step("draw_round", "draw a round of trump")),
    ("draw the last trump", Step("draw_round", "draw the last trump")),
    ("draw trump", Step("draw_round", "draw trump")),
    (
        "cash S, H and C in any order",
        Step("cash_any", "cash S, H and C in any order", suits=(0, 1, 3)),
    ),
    (
        "cash clubs spades in any order",
        Step("cash_any", "cash clubs spades in any order", suits=(3, 0)),
    ),
    (
        "if spades 3-2: cash C",
        Step("cash", "if spades 3-2: cash C", suit=3, condition=(0, 3, 2)),
    ),
    (
        "If S 2-3 play SA HA (all)",
        Step(
            "play",
            "If S 2-3 play SA HA (all)",
            cards=tuple(parse_cards("SA HA")),
            follows=True,
            condition=(0, 3, 2),
        ),
    ),
    ("squeeze", Step("squeeze", "squeeze")),
    ("double squeeze", Step("squeeze", "double squeeze")),
    ("Squeeze S, H", Step("squeeze", "Squeeze S, H", suits=(0, 1))),
    (
        "simple squeeze hearts and clubs",
        Step("squeeze", "simple squeeze hearts and clubs", suits=(1, 3)),
    ),
    (
        "if spades 3-2: squeeze",
        Step("squeeze", "if spades 3-2: squeeze", condition=(0, 3, 2)),
    ),
    (
        "Play sa ha(ALL)",
        Step("play", "Play sa ha(ALL)", cards=tuple(parse_cards("SA HA")), follows=True),
    ),
]


@pytest.mark.parametrize(("text", "step"), STEPS, ids=[text for text, _ in STEPS])
def test_every_step_kind_is_read(text: str, step: Step) -> None:
    data = after_three(statement=[text], tricks=8)  # two tricks left to concede
    if text.startswith("play ck"):  # a defender's claim
        data = case(data["claim"] | {"by": "E"}, play={"tricks": dict(TRICKS)})
    claim = load(data).claim
    assert claim is not None
    assert claim.statement == (step,)


def test_ruffing_finesse_is_read_when_partner_is_void_with_a_trump() -> None:
    hands = "N:A.Q..A Q.K..K J.A.2. 6.T..T"  # South's D2 opposite North's void and SA
    claim = load(in_ending(position={"hands": hands}, statement=["ruffing finesse D2"])).claim
    assert claim is not None
    assert claim.statement == (
        Step("ruffing_finesse", "ruffing finesse D2", cards=(Card.parse("D2"),)),
    )


def test_a_conditional_step_written_without_quotes_is_read() -> None:
    """YAML reads ``- if spades 3-2: cash C`` as a mapping: it is taken as the step."""
    claim = load(after_three(statement=[{"if spades 3-2": "cash C"}])).claim
    assert claim is not None
    assert claim.statement == (Step("cash", "if spades 3-2: cash C", suit=3, condition=(0, 3, 2)),)


def without_deal(**claim: Any) -> dict[str, Any]:
    """A claim case given as its ending: no deal, the position given."""
    data = in_ending(**claim)
    del data["deal"]
    return data


def test_a_claim_case_may_be_given_as_its_ending_without_a_deal() -> None:
    loaded = load(without_deal())
    assert not loaded.deal_given
    assert loaded.claim is not None
    assert loaded.claim.position.hands == loaded.deal.hands  # the ending, 3 cards a hand
    assert (loaded.tricks_played, loaded.claim.position.won) == (10, (7, 3))
    assert load(in_ending()).deal_given


def test_an_ending_without_a_deal_gives_the_trick_in_progress_back_to_its_players() -> None:
    position = {"hands": "N:A.Q..A Q.K..K J.A.. 6.T..T", "current_trick": "S: CQ"}
    loaded = load(without_deal(position=position))
    assert loaded.claim is not None
    assert loaded.claim.position.current_trick == (Card.parse("CQ"),)
    assert Card.parse("CQ") in loaded.deal.hand(Seat.SOUTH)
    assert {len(hand) for hand in loaded.deal.hands} == {3}


def test_steps_keep_their_order() -> None:
    texts = ["draw trumps", "cash C", "ruff H in N", "finesse SJ", "concede 1", "play SA HA"]
    claim = load(after_three(statement=texts, tricks=9)).claim
    assert claim is not None
    assert [step.kind for step in claim.statement] == [
        "draw_trumps",
        "cash",
        "ruff",
        "finesse",
        "concede",
        "play",
    ]
    assert [step.text for step in claim.statement] == texts


def test_a_concession_counts_against_the_claim_only_where_its_condition_holds() -> None:
    """Spades lie 3-2 at the claim: a concession for 4-1 is no concession on this layout, so a
    claim of every trick may carry it; one for 3-2 may not."""
    claim = load(after_three(statement=["if spades 4-1: concede 1"])).claim
    assert claim is not None and claim.tricks == 10
    error = error_of(after_three(statement=["if spades 3-2: concede 1"]))
    assert "claim.statement.0" in str(error) and "concedes none" in str(error)


def test_a_draw_trumps_step_mentions_trumps_unless_the_case_says_otherwise() -> None:
    """A claimer who says he will draw trumps has mentioned them (Law 70C)."""
    said = load(in_ending(statement=["draw trumps"])).claim
    assert said is not None and said.trumps_mentioned
    silent = load(in_ending(statement=["cash C"])).claim
    assert silent is not None and not silent.trumps_mentioned
    written = load(in_ending(statement=["draw trumps"], trumps_mentioned=False)).claim
    assert written is not None and not written.trumps_mentioned
    aware = load(in_ending(trumps_mentioned=True)).claim
    assert aware is not None and aware.trumps_mentioned


def test_a_claim_amount_on_a_condition_of_the_layout_takes_the_one_that_holds() -> None:
    # At the claim East holds SQ HK CK and West S6 HT CT: every suit is 1-1.
    claim = load(in_ending(tricks={"if spades 1-1": 3, "otherwise": 2})).claim
    assert claim is not None
    assert claim.tricks == 3
    assert claim.tricks_said == "3 if spades 1-1, otherwise 2: spades 1-1 at the claim"
    claim = load(in_ending(tricks={"If Hearts 2-0": 1, "otherwise": 2})).claim
    assert claim is not None
    assert claim.tricks == 2
    assert claim.tricks_said == "1 if hearts 2-0, otherwise 2: no condition held at the claim"
    claim = load(in_ending(tricks={"if clubs 2-0": 1, "if clubs 1-1": 2})).claim
    assert claim is not None
    assert (claim.tricks, claim.tricks_said) == (
        2,
        "1 if clubs 2-0, 2 if clubs 1-1: clubs 1-1 at the claim",
    )
    plain = load(in_ending()).claim
    assert plain is not None and plain.tricks_said == ""


def test_empty_or_null_statement_says_nothing() -> None:
    statement: list[str] | None
    for statement in ([], None):
        claim = load(after_three(statement=statement)).claim
        assert claim is not None and claim.statement == ()


# -- errors: one test per message ----------------------------------------------------------------

ERRORS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "tricks-yes-or-no",
        in_ending(tricks=True),
        "claim.tricks",
        "got a yes/no value (expected a number)",
    ),
    (
        "board-zero",
        {**in_ending(), "board": 0},
        "board",
        "got 0; input should be greater than or equal to 1",
    ),
    (
        "board-yes-or-no",
        {**in_ending(), "board": True},
        "board",
        "got a yes/no value (expected a number)",
    ),
    (
        "tricks-condition-wrong-split",
        in_ending(tricks={"if spades 2-1": 3, "otherwise": 2}),
        "claim.tricks.if spades 2-1",
        "the opponents hold 2 spades at the claim, not 3 (expected a split of 2, like '1-1')",
    ),
    (
        "tricks-condition-otherwise-first",
        in_ending(tricks={"otherwise": 2, "if spades 1-1": 3}),
        "claim.tricks.otherwise",
        "'otherwise' must come last (expected a number of tricks, or numbers on conditions of "
        "the layout like {'if spades 3-2': 10, 'otherwise': 9})",
    ),
    (
        "tricks-condition-none-holds",
        in_ending(tricks={"if clubs 2-0": 3}),
        "claim.tricks",
        "no condition holds at the claim (the opponents' clubs 1-1; expected one that does, or "
        "an 'otherwise' entry last)",
    ),
    (
        "tricks-condition-unknown",
        in_ending(tricks={"when spades 1-1": 3}),
        "claim.tricks.when spades 1-1",
        "unknown condition (expected a number of tricks, or numbers on conditions of the "
        "layout like {'if spades 3-2': 10, 'otherwise': 9})",
    ),
    (
        "tricks-condition-too-many",
        in_ending(tricks={"if spades 1-1": 5}),
        "claim.tricks.if spades 1-1",
        "got 5 (expected 0 to 3, the tricks left)",
    ),
    (
        "tricks-condition-not-a-number",
        in_ending(tricks={"if spades 1-1": "all"}),
        "claim.tricks",
        "got {'if spades 1-1': 'all'}; if spades 1-1: input should be a valid integer, unable "
        "to parse string as an integer",
    ),
    (
        "tricks-condition-empty",
        in_ending(tricks={}),
        "claim.tricks",
        "got an empty mapping (expected a number of tricks, or numbers on conditions of the "
        "layout like {'if spades 3-2': 10, 'otherwise': 9})",
    ),
    (
        "claim-not-a-mapping",
        case({}) | {"claim": "S claims"},
        "claim",
        "got 'S claims'; expected a mapping with by, tricks, position, ...",
    ),
    (
        "by-missing",
        case({"tricks": 3}),
        "claim.by",
        "required field is missing",
    ),
    (
        "unknown-field",
        after_three(statment=["draw trumps"]),
        "claim.statment",
        "unknown field (expected one of: by, tricks, position, statement, said, "
        "trumps_mentioned, shown_out, overlooked, agreed, correction_period_over, "
        "claimer_asks_more, policy, switches, player_class); "
        "did you mean 'statement'?",
    ),
    (
        "unknown-position-field",
        in_ending(position={"leeder": "S"}),
        "claim.position.leeder",
        "unknown field (expected one of: hands, leader, current_trick, won); "
        "did you mean 'leader'?",
    ),
    (
        "by-not-a-seat",
        after_three(by="X"),
        "claim.by",
        "unknown seat 'X' (expected N, E, S or W)",
    ),
    (
        "by-dummy",
        after_three(by="N"),
        "claim.by",
        "got N: North is dummy (declarer is S); expected declarer or a defender",
    ),
    (
        "tricks-too-many",
        in_ending(tricks=4),
        "claim.tricks",
        "got 4 (expected 0 to 3, the tricks left)",
    ),
    (
        "tricks-negative",
        after_three(tricks=-1),
        "claim.tricks",
        "got -1 (expected 0 to 10, the tricks left)",
    ),
    (
        "hands-bad-pbn",
        in_ending(position={"hands": "N:A.Q..A Q.K..K J.A..Q"}),
        "claim.position.hands",
        "bad PBN deal 'N:A.Q..A Q.K..K J.A..Q': 3 hands (expected 4)",
    ),
    (
        "hands-bad-rank",
        in_ending(position={"hands": "N:A.Q..A Q.K..K J.A..Q 6.T..X"}),
        "claim.position.hands",
        "bad rank 'X' in hand '6.T..X' for W",
    ),
    (
        "hands-card-twice",
        in_ending(position={"hands": "N:A.Q..A A.K..K J.A..Q 6.T..T"}),
        "claim.position.hands",
        "card SA is given to both N and E",
    ),
    (
        "hands-empty",
        in_ending(position={"hands": "N:- - - -"}),
        "claim.position.hands",
        "no cards left (expected the cards still held at the claim)",
    ),
    (
        "hands-card-of-another-player",
        in_ending(position={"hands": "N:AQ.Q..A .K..K J.A..Q 6.T..T"}),
        "claim.position.hands",
        "card SQ is not in North's hand (it was dealt to East)",
    ),
    (
        "hands-sizes",
        in_ending(position={"hands": "N:AK.Q..A Q.K..K J.A..Q 6.T..T"}),
        "claim.position.hands",
        "got N 4, E 3, S 3, W 3 cards; expected N 4, E 4, S 4, W 4 (no trick in progress)",
    ),
    (
        "hands-sizes-mid-trick",
        in_ending(position={"leader": None, "current_trick": "W: D7"}),
        "claim.position.hands",
        "got N 3, E 3, S 3, W 3 cards; expected N 3, E 3, S 3, W 2 "
        "(W played to the trick in progress)",
    ),
    (
        "hands-card-on-the-trick",
        in_ending(position={"leader": None, "current_trick": "W: HT"}),
        "claim.position.hands",
        "card HT is on the trick in progress (claim.position.current_trick), "
        "so West no longer holds it",
    ),
    (
        "hands-card-in-agreed-trick",
        in_ending(play={"tricks": {10: "N: SK SQ SJ S6"}}, position={"leader": "N"}),
        "claim.position.hands",
        "card SQ was played to trick 10 (play.tricks.10), before the claim",
    ),
    (
        "hands-card-in-a-row",
        case(
            {
                "by": "S",
                "tricks": 10,
                "position": {
                    "hands": "N:A73.Q42..AJ52 QT5.KJ7.8.K63 J984.A963..Q7 62.T85.76.T98",
                    "leader": "N",
                    "won": {"NS": 2, "EW": 1},
                },
            },
            play={"rows": {"N": "D9 DT S3", "E": "DQ D4 DJ", "S": "DA D2 C4", "W": "D3 DK D5"}},
        ),
        "claim.position.hands",
        "card S3 is in North's row (play.rows.N), so it was played before the claim",
    ),
    (
        "leader-not-a-seat",
        in_ending(position={"leader": "Q"}),
        "claim.position.leader",
        "unknown seat 'Q' (expected N, E, S or W)",
    ),
    (
        "leader-missing",
        in_ending(position={"leader": None}),
        "claim.position.leader",
        "required field is missing (play.tricks do not give trick 10, whose winner leads next)",
    ),
    (
        "leader-not-the-winner",
        after_three(position={"leader": "W"}),
        "claim.position.leader",
        "got W, but N won trick 3 (play.tricks.3)",
    ),
    (
        "leader-not-the-opening-leader",
        case({"by": "S", "tricks": 13, "position": {"leader": "E"}}),
        "claim.position.leader",
        "got E, but W leads to trick 1",
    ),
    (
        "current-trick-led-by-the-wrong-seat",
        after_three(position={"current_trick": "E: SQ"}),
        "claim.position.current_trick",
        "led by E, but N won trick 3 (play.tricks.3)",
    ),
    (
        "current-trick-leader-disagrees",
        in_ending(position={"current_trick": "W: S6"}),
        "claim.position.current_trick",
        "led by W, but claim.position.leader is S (expected the same seat)",
    ),
    (
        "current-trick-too-long",
        in_ending(position={"leader": None, "current_trick": "W: S6 SA SQ SJ"}),
        "claim.position.current_trick",
        "4 cards (expected 0 to 3: the cards already played to the trick in progress, "
        "leader's first)",
    ),
    (
        "current-trick-bad-card",
        in_ending(position={"leader": None, "current_trick": "W: S1"}),
        "claim.position.current_trick",
        "bad card 'S1' (expected suit then rank, like 'SA' or 'H10')",
    ),
    (
        "current-trick-card-of-another-player",
        in_ending(position={"leader": None, "current_trick": "W: SA"}),
        "claim.position.current_trick",
        "card SA is not in West's hand (it was dealt to North; expected West's card in this place)",
    ),
    (
        "current-trick-card-played-before",
        after_three(position={"current_trick": "N: D9"}),
        "claim.position.current_trick",
        "card D9 was played to trick 1 (play.tricks.1), before the claim",
    ),
    (
        "current-trick-card-in-a-row",
        case(
            {
                "by": "S",
                "tricks": 12,
                "position": {
                    "hands": "N:AK7.Q42.T9.AJ52 QT.KJ7.QJ84.K63 J98.A963.A2.Q74 6.T85.K7653.T98",
                    "current_trick": "E: SQ S4",
                    "won": {"NS": 0, "EW": 1},
                },
            },
            play={"rows": {"N": "S3", "E": "S5", "S": "S4", "W": "S2"}},
        ),
        "claim.position.current_trick",
        "card S4 is in South's row (play.rows.S), so it was played before the claim",
    ),
    (
        "current-trick-revoke",
        in_ending(
            position={
                "hands": "N:A.Q.. Q.K..K J.A..Q .T..T",
                "leader": None,
                "current_trick": "W: S6 CA",
            }
        ),
        "claim.position.current_trick",
        "North played CA to a spade lead but still holds SA (expected North to follow suit; "
        "revokes in the trick in progress are not supported)",
    ),
    (
        "won-missing",
        in_ending(position={"won": None}),
        "claim.position.won",
        "required field is missing (play.tricks do not give every trick before the claim, "
        "so who won them is not known)",
    ),
    (
        "won-unknown-side",
        in_ending(position={"won": {"NS": 7, "WE": 3}}),
        "claim.position.won",
        "unknown side 'WE' (expected NS and EW)",
    ),
    (
        "won-negative",
        in_ending(position={"won": {"NS": 11, "EW": -1}}),
        "claim.position.won",
        "got EW -1 (expected 0 or more)",
    ),
    (
        "won-one-side",
        in_ending(position={"won": {"NS": 10}}),
        "claim.position.won",
        "expected both NS and EW, like {NS: 6, EW: 3}",
    ),
    (
        "won-total",
        in_ending(position={"won": {"NS": 7, "EW": 4}}),
        "claim.position.won",
        "NS 7 + EW 4 + 3 tricks left make 14 (expected 13)",
    ),
    (
        "won-contradicts-the-agreed-tricks",
        after_three(position={"won": {"NS": 1, "EW": 2}}),
        "claim.position.won",
        "got NS 1, EW 2, but play.tricks 1 to 3 give NS 2, EW 1",
    ),
    (
        "tricks-not-consecutive",
        case({"by": "S", "tricks": 10}, play={"tricks": {1: TRICKS[1], 3: TRICKS[3]}}),
        "play.tricks",
        "trick 2 is missing: without claim.position.hands, play.tricks must give every trick "
        "before the claim (1 to 3)",
    ),
    (
        "all-tricks-played",
        case(
            {"by": "S", "tricks": 0},
            play={"tricks": {n: "N: SA SQ SJ S6" for n in range(1, 14)}},
        ),
        "claim",
        "play.tricks give all 13 tricks: no trick is left to claim",
    ),
    (
        "rows-length",
        after_three()
        | {
            "play": {
                "rows": {"N": "D9 DT", "E": "DQ D4", "S": "DA D2", "W": "D3 DK"},
                "tricks": dict(TRICKS),
            }
        },
        "play.rows",
        "every row holds 2 cards, but the claim was made after trick 3 (play.tricks give "
        "tricks 1 to 3); expected 3 cards in each row",
    ),
    (
        "rows-length-with-hands",
        in_ending(play={"rows": {"N": "D9", "E": "DQ", "S": "DA", "W": "D3"}}),
        "play.rows",
        "every row holds 1 card, but the claim was made after trick 10 (claim.position.hands "
        "leave 3 tricks); expected 10 cards in each row",
    ),
    (
        "rows-without-tricks",
        case(
            {"by": "S", "tricks": 12}, play={"rows": {"N": "D9", "E": "DQ", "S": "DA", "W": "D3"}}
        ),
        "play.rows",
        "every row holds 1 card, but the claim was made before any trick was complete "
        "(play.tricks give no trick, and claim.position.hands is not given); expected no rows",
    ),
    (
        "agreed-trick-after-the-claim",
        in_ending(play={"tricks": {11: "N: SA SQ SJ S6"}}),
        "play.tricks.11",
        "play stopped after trick 10 (the claim was made with 3 tricks left)",
    ),
    (
        "statement-about-a-trick-after-the-claim",
        after_three() | {"statements": [{"by": "EW", "trick": 5, "winner": "E"}]},
        "statements.0.trick",
        "play stopped after trick 3 (the claim was made with 10 tricks left)",
    ),
    (
        "shown-out-not-a-seat",
        after_three(shown_out={"X": "H"}),
        "claim.shown_out",
        "unknown seat 'X' (expected N, E, S or W)",
    ),
    (
        "shown-out-not-a-suit",
        after_three(shown_out={"E": "hearts spaids"}),
        "claim.shown_out.E",
        "unknown suit 'spaids' (expected S, H, D or C)",
    ),
    (
        "shown-out-but-holds-one",
        after_three(shown_out={"E": ["H"]}),
        "claim.shown_out.E",
        "East holds HK, so cannot have shown out of hearts before the claim",
    ),
    (
        "shown-out-but-followed-on-the-trick",
        in_ending(
            position={"hands": "N:.Q..A Q.K..K .A..Q .T..T", "current_trick": "S: SJ S6 SA"},
            shown_out={"N": "S"},
        ),
        "claim.shown_out.N",
        "North played SA to the trick in progress, so cannot have shown out of spades "
        "before the claim",
    ),
    (
        "shown-out-but-holds-one-on-the-trick",
        in_ending(
            position={"hands": "N:.Q..A Q.K..K .A..Q .T..T", "current_trick": "S: SJ S6 SA"},
            shown_out={"E": "S"},
        ),
        "claim.shown_out.E",
        "East holds SQ, so cannot have shown out of spades before the claim",
    ),
    (
        "overlooked-card-of-the-claimer-side",
        in_ending(overlooked="HA"),
        "claim.overlooked",
        "HA is not in an opponent's hand at the claim (expected a card West or East holds)",
    ),
    (
        "overlooked-trump",
        in_ending(overlooked=["HK", "SQ"]),
        "claim.overlooked",
        "SQ is a trump (expected a card of a side suit: a trump the claimer forgot is Law 70C's "
        "matter, trumps_mentioned: false)",
    ),
    (
        "overlooked-twice",
        in_ending(overlooked="HK, hk"),
        "claim.overlooked",
        "card HK is listed twice",
    ),
    (
        "overlooked-not-a-card",
        in_ending(overlooked="HX"),
        "claim.overlooked",
        "bad card 'HX' (expected suit then rank, like 'SA' or 'H10')",
    ),
    (
        "one-trick-left-and-a-later-trick",
        case(
            {"by": "S", "tricks": 1, "position": {"hands": "N:A... Q... J... 6...", "leader": "S"}},
            play={"tricks": {13: "S: SJ S6 SA SQ"}},
        ),
        "play.tricks.13",
        "play stopped after trick 12 (the claim was made with 1 trick left)",
    ),
    (
        "step-unknown",
        after_three(statement=["draw trumps", "endplay East"]),
        "claim.statement.1",
        "'endplay East': unknown step (expected one of: 'draw trumps', "
        "'draw one round of trumps', 'cash <suit>', 'cash <suit> from <seat>', "
        "'cash <suits> in any order', 'ruff <suit> in <seat>', 'crossruff', 'finesse <card>', "
        "'ruffing finesse <card>', 'concede <number>', 'play <cards>', 'play <cards> (all)', "
        "'squeeze', 'squeeze <suits>', 'count <suit> <number>', 'if <suit> <n>-<m>: <step>')",
    ),
    (
        "step-draw-trumps-at-notrump",
        after_three(statement=["draw trumps"]) | {"contract": "3NT"},
        "claim.statement.0",
        "'draw trumps': the contract is 3NT, so there are no trumps to draw",
    ),
    (
        "step-cash-unknown-suit",
        after_three(statement=["cash X"]),
        "claim.statement.0",
        "'cash X': unknown suit 'x' (expected S, H, D or C)",
    ),
    (
        "step-cash-a-suit-the-side-lacks",
        after_three(statement=["cash D"]),
        "claim.statement.0",
        "'cash D': neither North nor South holds a diamond",
    ),
    (
        "step-cash-none-held",
        in_ending(statement=["cash D"]),
        "claim.statement.0",
        "'cash D': neither North nor South holds a diamond",
    ),
    (
        "step-cash-from-an-opponent",
        after_three(statement=["cash C from E"]),
        "claim.statement.0",
        "'cash C from E': East is not on the claimer's side (NS); expected N or S",
    ),
    (
        "step-cash-from-unknown-seat",
        after_three(statement=["cash C from X"]),
        "claim.statement.0",
        "'cash C from X': unknown seat 'x' (expected N, E, S or W)",
    ),
    (
        "step-cash-from-a-hand-without-the-suit",
        after_three(statement=["cash D from S"]),
        "claim.statement.0",
        "'cash D from S': South holds no diamonds",
    ),
    (
        "step-ruff-at-notrump",
        after_three(statement=["ruff H in N"]) | {"contract": "3NT"},
        "claim.statement.0",
        "'ruff H in N': the contract is 3NT, so there are no trumps to ruff with",
    ),
    (
        "step-ruff-trumps",
        after_three(statement=["ruff S in N"]),
        "claim.statement.0",
        "'ruff S in N': spades are trumps (expected a side suit to ruff)",
    ),
    (
        "step-ruff-in-an-opponent",
        after_three(statement=["ruff H in W"]),
        "claim.statement.0",
        "'ruff H in W': West is not on the claimer's side (NS); expected N or S",
    ),
    (
        "step-ruff-without-trumps",
        in_ending(position={"hands": "N:.Q4..A Q.K..K J.A..Q 6.T..T"}, statement=["ruff H in N"]),
        "claim.statement.0",
        "'ruff H in N': North holds no trumps",
    ),
    (
        "step-finesse-bad-card",
        after_three(statement=["finesse Q"]),
        "claim.statement.0",
        "'finesse Q': bad card 'q' (expected suit then rank, like 'SA' or 'H10')",
    ),
    (
        "step-finesse-card-not-held",
        after_three(statement=["finesse SQ"]),
        "claim.statement.0",
        "'finesse SQ': neither North nor South holds SQ",
    ),
    (
        "step-concede-on-a-claim-of-every-trick",
        after_three(statement=["cash C", "concede 1"]),
        "claim.statement.1",
        "'concede 1': the claim is for all 10 tricks left, so it concedes none (expected no "
        "concede step, or claim.tricks of 9 or fewer)",
    ),
    (
        "step-concede-past-the-tricks-the-claim-leaves",
        after_three(tricks=8, statement=["concede 1", "concede 1", "concede 1"]),
        "claim.statement.2",
        "'concede 1': the steps concede 3 tricks by here, more than the 2 the claim leaves "
        "the opponents (8 of the 10 tricks left claimed) (expected steps conceding 2 at most, "
        "or claim.tricks of 7 or fewer)",
    ),
    (
        "step-concede-not-a-number",
        after_three(statement=["concede one"]),
        "claim.statement.0",
        "'concede one': expected a number of tricks, like 'concede 1'",
    ),
    (
        "step-play-no-card",
        after_three(statement=["play ,"]),
        "claim.statement.0",
        "'play ,': no card named (expected 'play <cards>' or 'play <cards> (all)', like "
        "'play SA HK')",
    ),
    (
        "step-play-all-no-card",
        after_three(statement=["play , (all)"]),
        "claim.statement.0",
        "'play , (all)': no card named (expected 'play <cards>' or 'play <cards> (all)', like "
        "'play SA HK')",
    ),
    (
        "step-squeeze-no-suit",
        after_three(statement=["squeeze ,"]),
        "claim.statement.0",
        "'squeeze ,': no suit named (expected suits separated by spaces, commas or 'and')",
    ),
    (
        "step-cash-any-order-no-suit",
        after_three(statement=["cash , and in any order"]),
        "claim.statement.0",
        "'cash , and in any order': no suit named (expected suits separated by spaces, commas "
        "or 'and')",
    ),
    (
        "step-concede-superscript",
        after_three(statement=["concede ²"]),
        "claim.statement.0",
        "'concede ²': expected a number of tricks, like 'concede 1'",
    ),
    (
        "step-concede-none",
        after_three(statement=["concede 0"]),
        "claim.statement.0",
        "'concede 0': got 0 (expected 1 to 10, the tricks left)",
    ),
    (
        "step-count-not-a-number",
        after_three(statement=["count S six"]),
        "claim.statement.0",
        "'count S six': expected a number of tricks, like 'count D 6'",
    ),
    (
        "step-count-superscript",
        after_three(statement=["count S ²"]),
        "claim.statement.0",
        "'count S ²': expected a number of tricks, like 'count D 6'",
    ),
    (
        "step-count-a-suit-the-side-lacks",
        after_three(statement=["count D 1"]),
        "claim.statement.0",
        "'count D 1': neither North nor South holds a diamond",
    ),
    (
        "step-count-above-the-longer-holding",
        after_three(statement=["count S 5"]),
        "claim.statement.0",
        "'count S 5': got 5 (expected 1 to 4: no suit takes more tricks than the side's "
        "longer holding of it, 4 spades)",
    ),
    (
        "step-count-a-suit-twice",
        after_three(statement=["count S 2", "count H 1", "count spades 3"]),
        "claim.statement.2",
        "'count spades 3': spades are counted twice",
    ),
    (
        "step-concede-too-many",
        in_ending(statement=["concede 4"]),
        "claim.statement.0",
        "'concede 4': got 4 (expected 1 to 3, the tricks left)",
    ),
    (
        "step-play-card-not-held",
        after_three(statement=["play SA SQ"]),
        "claim.statement.0",
        "'play SA SQ': neither North nor South holds SQ",
    ),
    (
        "step-play-card-already-played",
        after_three(statement=["play DA"]),
        "claim.statement.0",
        "'play DA': neither North nor South holds DA",
    ),
    (
        "step-play-card-twice",
        after_three(statement=["play SA HA SA"]),
        "claim.statement.0",
        "'play SA HA SA': card SA is listed twice",
    ),
    (
        "step-draw-round-at-notrump",
        after_three(statement=["draw one round of trumps"]) | {"contract": "3NT"},
        "claim.statement.0",
        "'draw one round of trumps': the contract is 3NT, so there are no trumps to draw",
    ),
    (
        "step-cash-any-suit-twice",
        after_three(statement=["cash S H S in any order"]),
        "claim.statement.0",
        "'cash S H S in any order': spades are listed twice",
    ),
    (
        "step-cash-any-suit-not-held",
        after_three(statement=["cash S D in any order"]),
        "claim.statement.0",
        "'cash S D in any order': neither North nor South holds a diamond",
    ),
    (
        "step-cash-any-not-a-suit",
        after_three(statement=["cash S X in any order"]),
        "claim.statement.0",
        "'cash S X in any order': unknown suit 'x' (expected S, H, D or C)",
    ),
    (
        "step-squeeze-suit-not-held",
        after_three(statement=["squeeze S D"]),
        "claim.statement.0",
        "'squeeze S D': neither North nor South holds a diamond",
    ),
    (
        "step-squeeze-suit-twice",
        after_three(statement=["double squeeze hearts and hearts"]),
        "claim.statement.0",
        "'double squeeze hearts and hearts': hearts are listed twice",
    ),
    (
        "step-squeeze-not-a-suit",
        after_three(statement=["squeeze East"]),
        "claim.statement.0",
        "'squeeze East': unknown suit 'east' (expected S, H, D or C)",
    ),
    (
        "step-squeeze-by-a-defender",
        in_ending(by="W", tricks=1, statement=["squeeze"]),
        "claim.statement.0",
        "'squeeze': a defender's statement binds only his own plays (70D2), and a squeeze is "
        "played by both hands of the side (expected a claim by declarer)",
    ),
    (
        "step-ruffing-finesse-at-notrump",
        after_three(statement=["ruffing finesse HA"]) | {"contract": "3NT"},
        "claim.statement.0",
        "'ruffing finesse HA': the contract is 3NT, so there are no trumps to ruff with",
    ),
    (
        "step-ruffing-finesse-trump",
        after_three(statement=["ruffing finesse SA"]),
        "claim.statement.0",
        "'ruffing finesse SA': SA is a trump (expected a card of a side suit)",
    ),
    (
        "step-ruffing-finesse-partner-not-void",
        after_three(statement=["ruffing finesse HA"]),
        "claim.statement.0",
        "'ruffing finesse HA': North holds hearts (expected North, opposite the HA, void in "
        "them, to ruff)",
    ),
    (
        "step-ruffing-finesse-partner-without-trumps",
        in_ending(
            position={"hands": "N:.Q..AJ Q.K..K J.A.2. 6.T..T"},
            statement=["ruffing finesse D2"],
        ),
        "claim.statement.0",
        "'ruffing finesse D2': North holds no trumps",
    ),
    (
        "step-ruffing-finesse-card-not-held",
        after_three(statement=["ruffing finesse DQ"]),
        "claim.statement.0",
        "'ruffing finesse DQ': neither North nor South holds DQ",
    ),
    (
        "step-condition-bad-form",
        after_three(statement=["if spades 4/1: cash C"]),
        "claim.statement.0",
        "'if spades 4/1: cash C': expected 'if <suit> <n>-<m>: <step>', like "
        "'if spades 4-1: ruffing finesse SQ'",
    ),
    (
        "step-condition-split",
        after_three(statement=["if spades 3-3: cash C"]),
        "claim.statement.0",
        "'if spades 3-3: cash C': the opponents hold 5 spades at the claim, not 6 "
        "(expected a split of 5, like '3-2')",
    ),
    (
        "step-condition-not-a-suit",
        after_three(statement=["if x 3-2: cash C"]),
        "claim.statement.0",
        "'if x 3-2: cash C': unknown suit 'x' (expected S, H, D or C)",
    ),
    (
        "step-condition-twice",
        after_three(statement=["if spades 3-2: if hearts 3-3: cash C"]),
        "claim.statement.0",
        "'if spades 3-2: if hearts 3-3: cash C': one condition to a step (expected "
        "'if <suit> <n>-<m>: <step>', like 'if spades 4-1: ruffing finesse SQ')",
    ),
    (
        "step-condition-bad-step",
        after_three(statement=["if spades 3-2: cash X"]),
        "claim.statement.0",
        "'if spades 3-2: cash X': unknown suit 'x' (expected S, H, D or C)",
    ),
    (
        "step-play-bad-bracket",
        after_three(statement=["play SA (al)"]),
        "claim.statement.0",
        "'play SA (al)': unexpected '(al)' (expected 'play <cards>' or 'play <cards> (all)': "
        "the cards, then '(all)' when they bind follows too)",
    ),
    (
        "step-play-all-without-cards",
        after_three(statement=["play (all)"]),
        "claim.statement.0",
        "'play (all)': unexpected '(all)' (expected 'play <cards>' or 'play <cards> (all)': "
        "the cards, then '(all)' when they bind follows too)",
    ),
    (
        "no-deal-no-claim",
        {"title": "a board", "contract": "4S", "declarer": "S"},
        "deal",
        "required field is missing",
    ),
    (
        "no-deal-no-hands",
        {key: value for key, value in after_three().items() if key != "deal"},
        "deal",
        "required field is missing (a claim case may leave it out when claim.position.hands "
        "gives the cards held at the claim)",
    ),
    (
        "no-deal-with-play-tricks",
        without_deal() | {"play": {"tricks": {1: "W: D3 D9 DQ DA"}}},
        "play.tricks",
        "needs the deal: without deal, the case is the ending at the claim (claim.position), "
        "and the play before it is not known; give deal, or leave out play.tricks",
    ),
    (
        "no-deal-without-won",
        without_deal(position={"won": None}),
        "claim.position.won",
        "required field is missing (play.tricks do not give every trick before the claim, "
        "so who won them is not known)",
    ),
    (
        "no-deal-card-twice",
        without_deal(position={"hands": "N:A.Q..A Q.K..K J.A..Q A.T..T"}),
        "claim.position.hands",
        "card SA is given to both N and W",
    ),
    (
        "step-not-text",
        after_three(statement=[{"play": "SA"}]),
        "claim.statement.0",
        "got {'play': 'SA'}; input should be a valid string",
    ),
]


@pytest.mark.parametrize(
    ("data", "location", "message"),
    [(data, location, message) for _, data, location, message in ERRORS],
    ids=[name for name, *_ in ERRORS],
)
def test_error(data: dict[str, Any], location: str, message: str) -> None:
    error = error_of(data)
    assert (error.location, error.message) == (location, message)
    assert str(error) == f"claim.yaml: {location}: {message}"


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("concede " + "9" * 5000, "expected a number of tricks, like 'concede 1'"),
        ("count S " + "9" * 5000, "expected a number of tricks, like 'count D 6'"),
        ("if spades " + "9" * 5000 + "-1: cash C", "expected 'if <suit> <n>-<m>: <step>'"),
    ],
)
def test_a_number_of_thousands_of_digits_in_a_step_is_refused(
    statement: str, expected: str
) -> None:
    # Python refuses to read a number of more than 4,300 digits: a message, not a traceback.
    error = error_of(after_three(statement=[statement]))
    assert error.location == "claim.statement.0" and expected in error.message
    assert len(error.message) < 300


def test_a_split_of_thousands_of_digits_in_a_claim_amount_is_refused() -> None:
    error = error_of(in_ending(tricks={"if spades " + "1" * 5000 + "-1": 3, "otherwise": 2}))
    assert error.message.startswith("unknown condition (expected a number of tricks")


def test_claim_files_in_cases_invalid_fail_with_the_message_on_their_first_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(INVALID.parents[1])
    paths = sorted(INVALID.glob("claim-*.yaml"))
    assert len(paths) >= 8
    for path in paths:
        relative = path.relative_to(INVALID.parents[1]).as_posix()
        first = path.read_text(encoding="utf-8").splitlines()[0]
        with pytest.raises(CaseFileError) as caught:
            load_case(relative)
        assert first == f"# error: {caught.value}", relative


def test_doctests_of_the_claim_reader() -> None:
    failed, attempted = doctest.testmod(claimfile)
    assert attempted > 0 and failed == 0
