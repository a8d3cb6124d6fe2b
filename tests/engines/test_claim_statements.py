"""Statement steps in the claims engine: what each step binds, on hand-made endings and as
properties on random ones (docs/claims.md "Statement steps").

The random examples are derandomised: the same positions run every time.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bridge import Card, Seat
from solver.engines.claims import Adjudicator, ClaimProblem, adjudicate
from solver.facts import Step
from solver.facts.policy import PRESETS
from tests.claim_replay import replay, start_state
from tests.engines.test_claims_engine import (
    MORE_KINDS,
    STEP_KINDS,
    brute_force,
    claim_at,
    deterministic,
    double_dummy,
    first_moves,
    random_claim,
)


def concede(count: int) -> Step:
    return Step("concede", f"concede {count}", count=count)


def with_statement(problem: ClaimProblem, *steps: Step) -> ClaimProblem:
    return replace(problem, steps=steps)


def play(text: str) -> Step:
    """A ``play`` step: ``play SA HA`` binds leads, ``play SA HA (all)`` every turn."""
    names = text.removesuffix(" (all)").split()
    cards = tuple(Card.parse(name) for name in names)
    return Step("play", f"play {text}", cards=cards, follows=text.endswith("(all)"))


# --- concede ------------------------------------------------------------------------------------


def test_conceding_gives_up_the_losers_after_the_winners() -> None:
    # South holds SA K and the D2, East the DA and West the HK Q: "concede 1" (the diamond).
    # Giving up the lead first lets West cash the HK Q as well (1 trick); the natural way cashes
    # the spades first and then loses the diamond: 2, as with nothing said.
    problem, _claim = claim_at("N:32.4.. 4.J.A. AK..2. .KQ.3.", "S", None, "S")
    assert adjudicate(problem).claimer_tricks == 2
    assert adjudicate(with_statement(problem, concede(1))).claimer_tricks == 2


@settings(deterministic, max_examples=120)
@given(st.randoms(use_true_random=False))
def test_conceding_the_double_dummy_losers_is_never_worse_than_silence(
    rng: random.Random,
) -> None:
    """``concede k``, k the tricks the claimer's side cannot win double dummy, never gives the
    claimer fewer tricks than the same claim with nothing said; nor does it after another step."""
    problem, claim = random_claim(rng, max_cards=4, kinds=STEP_KINDS)
    left = max(len(hand) for hand in claim.position.hands)
    lost = left - double_dummy(claim, problem.trump)
    if lost == 0:
        return
    silent = adjudicate(with_statement(problem)).claimer_tricks
    assert adjudicate(with_statement(problem, concede(lost))).claimer_tricks >= silent
    if problem.steps:
        first = problem.steps[0]
        before = adjudicate(with_statement(problem, first)).claimer_tricks
        after = adjudicate(with_statement(problem, first, concede(lost))).claimer_tricks
        assert after >= before


# --- play ---------------------------------------------------------------------------------------


def test_play_binds_the_lead_not_a_discard() -> None:
    # West leads the CK; South, void, holds DA HA S2 and says "play DA HA": the aces are his
    # leads, so he discards the S2 (East's S4 beats it) and takes two tricks. With "(all)" the
    # DA is thrown on the club, as stated.
    position = "N:3.2..2 4.3..3 2.A.A. .5.5.K"
    leads, _claim = claim_at(position, "S", None, "W", statement=(play("DA HA"),))
    assert first_moves(leads, "CK", "C2", "C3") == ["S2"]
    assert adjudicate(leads).claimer_tricks == 2
    every, _claim = claim_at(position, "S", None, "W", statement=(play("DA HA (all)"),))
    assert first_moves(every, "CK", "C2", "C3") == ["DA"]
    assert adjudicate(every).claimer_tricks == 0


def test_play_all_binds_the_overtake() -> None:
    # Singleton DK opposite AQJT: "play DK DA" leads the K and leaves dummy's card to the policy
    # (low: the suit is blocked); "play DK DA (all)" overtakes.
    position = "N:..AQJT. AK...43 32..K.2 .5432.."
    leads, _claim = claim_at(position, "S", None, "S", statement=(play("DK DA"),))
    assert first_moves(leads) == ["DK"]
    assert first_moves(leads, "DK", "H5") == ["DT"]
    assert adjudicate(leads).claimer_tricks == 1
    every, _claim = claim_at(position, "S", None, "S", statement=(play("DK DA (all)"),))
    assert first_moves(every, "DK", "H5") == ["DA"]
    assert adjudicate(every).claimer_tricks == 4


# --- one round of trumps ------------------------------------------------------------------------

ONE_ROUND = Step("draw_round", "draw one round of trumps")
DRAW = Step("draw_trumps", "draw trumps")
RUFF_H_IN_N = Step("ruff", "ruff H in N", suit=1, seat=Seat.NORTH)
ROUND_ENDING = "N:54..2.2 7.AQ..3 AK.2.A. Q8.K.3."
"""Spades trumps: South SA K H2 DA, dummy S5 4 D2 C2, West SQ 8 HK D3, East S7 HA Q C3."""


def test_one_round_of_trumps_leaves_dummy_a_trump_to_ruff_with() -> None:
    # "One round, ruff a heart, draw the last trump": 4. "Draw trumps" first takes both of
    # dummy's trumps, and the heart is lost: 3.
    once, _claim = claim_at(ROUND_ENDING, "S", 0, "S", statement=(ONE_ROUND, RUFF_H_IN_N, DRAW))
    assert first_moves(once) == ["SA"]
    assert first_moves(once, "SA", "S8", "S4", "S7") == ["H2"]
    assert adjudicate(once).claimer_tricks == 4
    drawn, _claim = claim_at(ROUND_ENDING, "S", 0, "S", statement=(DRAW, RUFF_H_IN_N))
    assert first_moves(drawn, "SA", "S8", "S4", "S7") == ["SK"]
    assert adjudicate(drawn).claimer_tricks == 3


RUFF_C_IN_N = Step("ruff", "ruff C in N", suit=3, seat=Seat.NORTH)
FOURTH_ROUND = "N:876...54 ..T.QJT9 ..A.AK32 ..KQ.876"
"""Spades trumps, none out: dummy S8 7 6 C5 4, South DA CA K 3 2, East DT CQ J T 9."""


def test_a_stated_ruff_cashes_the_top_cards_while_the_ruffer_still_follows() -> None:
    # "Ruff the third club in dummy": the CA and CK first, then the ruff. Leading the C3 from
    # C A K 3 2 gave East's CQ a trick, one fewer than saying nothing.
    problem, _claim = claim_at(FOURTH_ROUND, "S", 0, "S", statement=(RUFF_C_IN_N,))
    assert first_moves(problem) == ["CA"]
    assert first_moves(problem, "CA", "C8", "C4", "CQ", "CK", "C7", "C5", "CJ") == ["C2"]
    assert adjudicate(problem).claimer_tricks == 5
    assert adjudicate(with_statement(problem)).claimer_tricks == 5


def test_a_stated_ruff_leads_a_loser_for_the_void_ruffer_not_a_master() -> None:
    # Dummy void in clubs: South leads the C2 for the ruff, not the master CA, which dummy
    # would ruff (the step ruffs any club led): a diamond ruffed with the SA then reaches it.
    ending = "N:7..32. ..T.QJ A...A2 ..KQ.8"
    problem, _claim = claim_at(ending, "S", 0, "S", statement=(RUFF_C_IN_N,))
    assert first_moves(problem) == ["C2"]
    assert adjudicate(problem).claimer_tricks == 3


def test_a_stated_ruff_is_not_made_on_partners_sure_winner() -> None:
    # "Ruff two clubs in dummy": East shows out of clubs on the first ruff. On the second club
    # West plays the C7 under South's C8 and none but West holds a club: the C8 is sure, and
    # dummy discards the D3 rather than ruff it; the ruff waits for the next club.
    ending = "N:98..32. .5432.. ..A.982 .6..K73"
    problem, _claim = claim_at(ending, "S", 0, "S", statement=(RUFF_C_IN_N, RUFF_C_IN_N))
    assert first_moves(problem, "C9", "C3") == ["S8"]
    shown_out = ("C9", "C3", "S8", "H2", "D2", "H3", "DA", "H6")
    assert first_moves(problem, *shown_out, "C8", "C7") == ["D3"]


def test_one_round_ends_with_the_first_trick_led_in_trumps_even_with_trumps_out() -> None:
    problem, _claim = claim_at(ROUND_ENDING, "S", 0, "S", statement=(ONE_ROUND,))
    adjudicator = Adjudicator(problem)
    state = start_state(adjudicator)
    assert state.plan == (0, 0)
    for card in ("SA", "S8", "S4", "S7"):
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    assert state.plan == (1, 0)  # West still holds the SQ: the step is over all the same


# --- cash in any order --------------------------------------------------------------------------

ANY_ORDER_ENDING = "N:.AK.3.3 J.QJ.A. AK.2..2 Q...AKQ"
"""No trumps: South SA K H2 C2, dummy HA K D3 C3; hearts first strands South's spades."""


def test_cash_in_any_order_plays_the_worst_order_of_the_stated_suits() -> None:
    unordered = Step("cash_any", "cash H S in any order", suits=(1, 0))
    problem, _claim = claim_at(ANY_ORDER_ENDING, "S", None, "S", statement=(unordered,))
    assert sorted(first_moves(problem)) == ["H2", "SA"]
    assert adjudicate(problem).claimer_tricks == 2
    ordered = (Step("cash", "cash S", suit=0), Step("cash", "cash H", suit=1))
    assert adjudicate(with_statement(problem, *ordered)).claimer_tricks == 4
    assert adjudicate(with_statement(problem)).claimer_tricks == 4


def test_cash_in_any_order_comes_before_anything_else() -> None:
    # South SA K and DA, dummy's hearts: "spades and hearts in any order" leaves the DA for
    # later; nothing said, the DA is a winner South may lead first.
    problem, _claim = claim_at(
        "N:.AK.3.3 J.QJ.K. AK.2.A. Q..Q2.2",
        "S",
        None,
        "S",
        statement=(Step("cash_any", "cash S H in any order", suits=(0, 1)),),
    )
    assert sorted(first_moves(problem)) == ["H2", "SA"]
    assert "DA" in first_moves(with_statement(problem))


# --- a stated finesse, repeated ----------------------------------------------------------------


def finesse(card: str) -> Step:
    return Step("finesse", f"finesse {card}", cards=(Card.parse(card),))


REPEAT = "N:3.7..AQT Q..K.K72 A7.3..J3 9.J2.7.9"
"""No trumps, South to lead: South SA 7 H3 CJ 3, dummy S3 H7 CA Q T, East CK 7 2 behind
dummy's tenace; "I'll take the club finesse"."""


def test_a_stated_finesse_that_wins_may_be_repeated_at_once() -> None:
    # East ducks the CJ. The posters' reading of "a club finesse" (the catalogue's E2): South
    # may lead the C3 again before his SA, and dummy may finesse the Q (the K the only card
    # above it) rather than cash the A; the K wins and dummy's clubs are stranded.
    _hand_made, claim = claim_at(REPEAT, "S", None, "S", statement=(finesse("CJ"),))
    problem = ClaimProblem.from_claim(claim, None, PRESETS["WBF2017"])
    ducked = ("CJ", "C9", "CT", "C2")
    assert first_moves(problem, *ducked) == ["SA", "C3"]
    assert first_moves(problem, *ducked, "C3", "H2") == ["CA", "CQ"]
    adjudicator = Adjudicator(problem)
    assert (
        adjudicate(problem).claimer_tricks
        == 2
        == brute_force(adjudicator, start_state(adjudicator))
    )
    # Cashing the SA first ends the finesse: the C3 then goes to the CA.
    assert first_moves(problem, *ducked, "SA", "S9", "S3", "SQ", "C3", "H2") == ["CA"]
    # Without the switch the finesse is taken once.
    policy = PRESETS["WBF2017"].with_switches(repeat_stated_finesse=False)
    once = ClaimProblem.from_claim(claim, None, policy)
    assert first_moves(once, *ducked) == ["SA"]
    assert first_moves(once, *ducked, "C3", "H2") == ["CA"]
    assert adjudicate(once).claimer_tricks == 3


# --- ruffing finesse ----------------------------------------------------------------------------


def ruffing_finesse(card: str) -> Step:
    return Step("ruffing_finesse", f"ruffing finesse {card}", cards=(Card.parse(card),))


ONSIDE = "N:.2.2.2 76...A QJ..A. K5...3"
"""Hearts trumps: South SQ J DA, dummy H2 D2 C2 (void in spades), West SK 5 C3, East S7 6 CA."""
OFFSIDE = "N:.2.2.2 K5...A QJ..A. 76...3"


def test_ruffing_finesse_ruffs_the_cover_and_discards_when_not_covered() -> None:
    problem, _claim = claim_at(ONSIDE, "S", 1, "S", statement=(ruffing_finesse("SQ"),))
    assert first_moves(problem) == ["SQ"]
    assert first_moves(problem, "SQ", "SK") == ["H2"]
    assert first_moves(problem, "SQ", "S5") == ["C2"]  # the loser; the D2 is a winner
    assert adjudicate(problem).claimer_tricks == 3
    assert adjudicate(with_statement(problem)).claimer_tricks == 2


def test_ruffing_finesse_loses_to_the_king_behind() -> None:
    problem, _claim = claim_at(OFFSIDE, "S", 1, "S", statement=(ruffing_finesse("SQ"),))
    assert first_moves(problem, "SQ", "S6") == ["C2"]
    assert adjudicate(problem).claimer_tricks == 2


def test_ruffing_finesse_overruffs_a_ruff_and_ends_after_the_suits_first_trick() -> None:
    # West, void in spades, ruffs the SQ with the H5: dummy overruffs with the H9.
    problem, _claim = claim_at(
        "N:.9.2.2 76...A QJ..A. .5.K.3", "S", 1, "S", statement=(ruffing_finesse("SQ"),)
    )
    assert first_moves(problem, "SQ", "H5") == ["H9"]
    adjudicator = Adjudicator(problem)
    state = start_state(adjudicator)
    for card in ("SQ", "H5", "H9", "S6"):
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    assert state.plan == (1, 0)


# --- conditional steps --------------------------------------------------------------------------


def test_a_conditional_step_is_tested_on_the_split_at_the_claim() -> None:
    _problem, claim = claim_at(ONSIDE, "S", 1, "S")
    step = ruffing_finesse("SQ")
    two_two = replace(step, text="if spades 2-2: ruffing finesse SQ", condition=(0, 2, 2))
    three_one = replace(step, text="if spades 3-1: ruffing finesse SQ", condition=(0, 3, 1))
    policy = _problem.policy
    holds = ClaimProblem.from_claim(replace(claim, statement=(two_two,)), 1, policy)
    assert holds.steps == (two_two,)
    assert adjudicate(holds).claimer_tricks == 3
    passed = ClaimProblem.from_claim(replace(claim, statement=(three_one,)), 1, policy)
    assert passed.steps == ()
    assert adjudicate(passed).claimer_tricks == 2


def test_a_split_worse_than_any_named_takes_the_line_of_the_worst_named() -> None:
    # East holds all four spades out. "If spades are 3-1, ruffing finesse": the claimer who
    # sees West show out is credited with the line against 4-0 too (70E1, the catalogue's E3);
    # a 2-2 named alone is no plan for a bad split and stays passed over.
    ending = "N:.32.2.2 K765... QJ..AK. ..Q3.A3"
    _problem, claim = claim_at(ending, "S", 1, "S")
    step = ruffing_finesse("SQ")
    two_two = replace(step, text="if spades 2-2: ruffing finesse SQ", condition=(0, 2, 2))
    three_one = replace(step, text="if spades 3-1: ruffing finesse SQ", condition=(0, 3, 1))
    assert replace(claim, statement=(three_one,)).conditions_held() == (True,)
    assert replace(claim, statement=(two_two,)).conditions_held() == (False,)
    both = replace(claim, statement=(two_two, three_one))
    assert both.conditions_held() == (False, True)
    assert both.worse_split(three_one) and not both.worse_split(two_two)
    held = ClaimProblem.from_claim(both, 1, _problem.policy)
    assert held.steps == (three_one,)
    # On a kinder split than any named (2-2), the bad-split line is passed over.
    _onside, kinder = claim_at(ONSIDE, "S", 1, "S")
    assert replace(kinder, statement=(three_one,)).conditions_held() == (False,)


# --- every form against the brute force ---------------------------------------------------------


@settings(deterministic, max_examples=150)
@given(st.randoms(use_true_random=False))
def test_adjudication_equals_brute_force_with_every_form(rng: random.Random) -> None:
    problem, _claim = random_claim(
        rng, max_cards=4, kinds=(*STEP_KINDS, *MORE_KINDS, "finesse", "concede"), defenders=True
    )
    adjudicator = Adjudicator(problem)
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == brute_force(adjudicator, start_state(adjudicator))
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks


def test_a_count_per_suit_plays_nothing_and_says_which_suits_were_counted() -> None:
    """``count <suit> <n>`` ("six diamonds, five spades and two clubs") is a count, not a line
    of play: the problem holds no step for it. It names the suits the claimer counted, so
    ``lead_believed_winner`` takes none of their cards for one he overlooked; and counts that
    make up every trick claimed leave no other suit where he counted a trick. The published
    6NT claim (13 claimed, 11 double dummy): said only, the D9 (the DT out) and the HK (the HA
    out) are taken as thought good; counted, neither is."""
    from solver import load_case

    case = load_case(
        "cases/claims/published/ebu-appeal-focus-6nt-count-of-tricks-at-trick-one.yaml"
    )
    claim = case.claim
    assert claim is not None
    assert [(s.kind, s.suit, s.count) for s in claim.statement] == [
        ("count", 2, 6),
        ("count", 0, 5),
        ("count", 3, 2),
    ]
    trump, policy = case.contract.strain.trump_suit_index, PRESETS["EBU"]
    counted = ClaimProblem.from_claim(claim, trump, policy, best=11)
    assert counted.steps == () and counted.believed == 0
    said_only = ClaimProblem.from_claim(replace(claim, statement=()), trump, policy, best=11)
    assert sorted(str(Card.from_index(c)) for c in range(52) if said_only.believed >> c & 1) == [
        "D6",
        "D7",
        "D8",
        "D9",
        "HK",
    ]
    # Counts short of the claim name only their suits: the HK may still be thought good.
    diamonds = replace(claim, statement=claim.statement[:1])
    partly = ClaimProblem.from_claim(diamonds, trump, policy, best=11)
    assert [str(Card.from_index(c)) for c in range(52) if partly.believed >> c & 1] == ["HK"]
    assert adjudicate(counted).claimer_tricks == 8


def test_a_count_whose_condition_fails_does_not_make_up_the_claim() -> None:
    """A conditional count (``if diamonds 3-2: count D 6``) counts toward the claim only when
    the split holds at the claim; the 6NT claim's diamonds are 4-1."""
    from solver import load_case

    case = load_case(
        "cases/claims/published/ebu-appeal-focus-6nt-count-of-tricks-at-trick-one.yaml"
    )
    claim = case.claim
    assert claim is not None
    trump, policy = case.contract.strain.trump_suit_index, PRESETS["EBU"]

    def thought_good(diamonds: tuple[int, int]) -> list[str]:
        longer, shorter = diamonds
        text = f"if diamonds {longer}-{shorter}: count D 6"
        first = Step("count", text, suit=2, count=6, condition=(2, longer, shorter))
        counted = replace(claim, statement=(first, *claim.statement[1:]))
        problem = ClaimProblem.from_claim(counted, trump, policy, best=11)
        return [str(Card.from_index(c)) for c in range(52) if problem.believed >> c & 1]

    assert thought_good((4, 1)) == []
    assert thought_good((3, 2)) == ["HK"]


def _names(mask: int) -> list[str]:
    return [str(Card.from_index(c)) for c in range(52) if mask >> c & 1]


def test_the_cards_a_count_needs_are_discarded_last() -> None:
    """A count of n tricks in a suit needs each hand's n highest cards of it
    (``normal_play.counted_cards``), and a hand of the claimer's side discards those last. In
    the published 6NT claim West, counting five spades and two clubs, keeps the SA and SK and
    the CA and CK and throws his small clubs on the diamonds: counted, the claim gives 8. With
    ``keep_counted_cards`` off (the same counts, nothing spared) West throws the SK and SA once
    every club of his is good, and the claim gives 7."""
    from solver import load_case

    case = load_case(
        "cases/claims/published/ebu-appeal-focus-6nt-count-of-tricks-at-trick-one.yaml"
    )
    claim = case.claim
    assert claim is not None
    trump, policy = case.contract.strain.trump_suit_index, PRESETS["EBU"]
    problem = ClaimProblem.from_claim(claim, trump, policy, best=11)
    assert _names(problem.counted) == [
        "S2", "S3", "S6", "S8", "S9", "SQ", "SK", "SA",
        "D6", "D7", "D8", "D9", "DJ", "DQ", "DK", "DA",
        "C8", "CK", "CA",
    ]  # fmt: skip
    assert adjudicate(problem).claimer_tricks == 8
    off = policy.with_switches(keep_counted_cards=False)
    careless = ClaimProblem.from_claim(claim, trump, off, best=11)
    assert careless.counted == 0
    assert adjudicate(careless).claimer_tricks == 7


def test_a_defenders_count_needs_only_his_own_cards() -> None:
    """70D2: a defender's statement speaks for his own hand; his count spares none of his
    partner's cards."""
    count = Step("count", "count S 2", suit=0, count=2)

    def counted(by_defender: bool) -> list[str]:
        hands = "N:A2.K.. Q3.A.. 54.Q.. KJ.2.."
        problem, _claim = claim_at(hands, "N", None, "N", "", (count,), by_defender)
        return _names(problem.counted)

    assert counted(by_defender=True) == ["S2", "SA"]
    assert counted(by_defender=False) == ["S2", "S4", "S5", "SA"]


@settings(deterministic, max_examples=150)
@given(st.randoms(use_true_random=False))
def test_a_count_only_spares_cards_so_never_costs_the_claimer_a_trick(rng: random.Random) -> None:
    """The cards a count needs are spared only among the discards the other judgements leave:
    the claimer's total with them is never below his total without."""
    problem, _claim = random_claim(rng, max_cards=4, kinds=("count", "count", "cash", "play"))
    with_counts = adjudicate(problem).claimer_tricks
    assert with_counts >= adjudicate(replace(problem, counted=0)).claimer_tricks


# --- crossruff ----------------------------------------------------------------------------------

CROSSRUFF = Step("crossruff", "crossruff")
CROSSRUFF_ENDING = "N:.86.96. K..7.87 86..JT. .QJ.54."
"""Diamonds trumps: South DJ T S8 6, dummy D9 6 H8 6, East SK D7 C8 7, West HQ J D5 4."""


def test_a_stated_crossruff_leads_no_trump_and_overruffs() -> None:
    # The side's four trumps are its only tricks: the spades ruffed in dummy, the hearts in
    # hand, each over a defender's trump. Said nothing, the claimer aware of the trumps out
    # draws them, his own going two at a time: 2 of 4 (cases/claims/crossruff-stated-...).
    problem, _claim = claim_at(CROSSRUFF_ENDING, "S", 2, "S", statement=(CROSSRUFF,))
    assert first_moves(problem) == ["S6"]
    assert first_moves(problem, "S6", "D4") == ["D6"]  # over West's ruff
    assert adjudicate(problem).claimer_tricks == 4
    assert adjudicate(with_statement(problem)).claimer_tricks == 2


def test_a_crossruffer_ruffs_a_master_only_when_an_opponent_behind_can_ruff_it() -> None:
    # South leads his master S8 (no spade out) for dummy: East, behind, is void in spades with
    # a trump, so dummy ruffs. With East holding a spade instead, the S8 is sure and dummy
    # keeps its trump (the catalogue's C4(a) and C4(c)).
    problem, _claim = claim_at("N:.8.9. .7.7. 8..J. ..5.4", "S", 2, "S", statement=(CROSSRUFF,))
    assert first_moves(problem, "S8", "C4") == ["D9"]
    following, _claim = claim_at("N:.8.9. 7..7. 8..J. ..5.4", "S", 2, "S", statement=(CROSSRUFF,))
    assert first_moves(following, "S8", "C4") == ["H8"]
