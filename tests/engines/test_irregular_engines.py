"""Histories under the obligations after an irregularity (Laws 50-57): the engines against the
brute force.

Random plays of two or three tricks on one deal, rows mixed or intact, with a penalty card
(major or minor), a lead out of turn (accepted, refused or not yet answered) or a premature
play by a defender. The brute force (``tests.engines.brute``) plays every card Law 44 allows,
from the proper leader or the player said to have led out of turn, and ``evaluate`` judges each
history with the choices it obeys; the engines must find the same histories, counted once per
sequence of choices, in the same outcome groups (which carry the choices). CP-SAT and
python-constraint are held to the same brute force (``tests.engines.agreement``), on the same
random problems and on problems combining several irregularities: two penalty cards of one
defender (51), a lead out of turn refused whose partner then leads (50D2 at once), recorded
choices, a revoke allegation beside a penalty card.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.bridge import Card, Seat
from solver.bridge.masks import SUIT_MASKS, cards_in, trick_winner
from solver.engines import cpsat, decide_outcomes, find_consistent, pyconstraint, search
from solver.engines.problem import Problem, compile_case
from solver.errors import CaseFileError, EngineError
from solver.facts import Case
from solver.facts.irregularity import (
    CHOICE_CATALOGUE,
    DESIGNATION_WORDS,
    Choice,
    ChoiceMade,
    DeclarerEarlyPlay,
    DummyDesignation,
    FailureToPlay,
    FifthCard,
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PlayAtRhoTurn,
    PrematurePlay,
)
from solver.records import load_case as solver_case
from solver.records.casefile import case_from_dict
from tests.engines.agreement import (
    LISTED,
    assert_agrees,
    check_all,
    check_cpsat,
    check_pyconstraint,
)
from tests.engines.brute import BruteResult, brute_force

DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"
BASE = case_from_dict({"title": "t", "deal": DEAL, "contract": "4S", "declarer": "S"})
HANDS = [sum(1 << c.index for c in BASE.deal.hands[s]) for s in range(4)]

deterministic = settings(
    deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def random_rows(rng: random.Random, tricks: int, leader: int = 3) -> list[list[int]]:
    """The cards each seat played in a random legal play of ``tricks`` tricks (spades trumps,
    ``leader`` on lead: West when South declares)."""
    held, rows = list(HANDS), [[], [], [], []]
    for _ in range(tricks):
        cards, led = [0, 0, 0, 0], -1
        for offset in range(4):
            seat = (leader + offset) % 4
            options = held[seat]
            if led >= 0 and options & SUIT_MASKS[led]:
                options &= SUIT_MASKS[led]
            card = rng.choice(cards_in(options))
            cards[seat], held[seat] = card, held[seat] & ~(1 << card)
            rows[seat].append(card)
            led = card // 13 if offset == 0 else led
        leader = trick_winner(leader, (cards[0], cards[1], cards[2], cards[3]), 0)
    return rows


def rows_case(
    rng: random.Random, rows: list[list[int]], statements: tuple[dict[str, object], ...] = ()
) -> Case:
    """The case of a random play (South declares), each row mixed with probability 0.6."""

    def text(cards: list[int]) -> str:
        return " ".join(str(Card.from_index(c)) for c in cards)

    play_rows = {
        "NESW"[s]: {"mixed": text(rows[s])} if rng.random() < 0.6 else text(rows[s])
        for s in range(4)
    }
    return case_from_dict(
        {
            "title": "t",
            "deal": DEAL,
            "contract": "4S",
            "declarer": "S",
            "play": {"rows": play_rows},
            "statements": list(statements),
        }
    )


def random_problem(seed: int) -> tuple[Problem, Irregularity]:
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    defender = rng.choice([1, 3])
    seat, card = Seat.from_index(defender), Card.from_index(rng.choice(rows[defender]))
    trick = rng.randint(1, tricks)
    fact: Irregularity
    kind = rng.randrange(4)
    extra: tuple[Irregularity, ...] = ()
    if kind == 0:
        fact = PenaltyCard(seat, card, trick, rng.choice(["deliberate", "inadvertent"]))
    elif kind == 3:  # a penalty card, and declarer's acceptance of a failure to play it (52B1)
        fact = PenaltyCard(seat, card, trick, "deliberate")
        accepted = rng.randint(trick, tricks)
        extra = (Choice(accepted, Seat.S, "52", "accept-play"),)
    elif kind == 1:
        fact = LeadOutOfTurn(seat, card, trick, rng.choice([None, "accepted", "refused"]))
    else:
        fact = PrematurePlay(seat, card, trick)
    return compile_case(dataclasses.replace(case, irregularities=(fact, *extra))), fact


def random_defender_card(rng: random.Random, first_trick: int) -> tuple[Case, int, int, Card]:
    """A random play of two or three tricks, a defender, a trick from ``first_trick`` on and a
    card of his row he had not played before it: where a random irregularity strikes."""
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    defender = rng.choice([1, 3])
    trick = rng.randint(first_trick, tricks)
    card = Card.from_index(rng.choice(rows[defender][trick - 1 :]))
    return case, defender, trick, card


def random_proper_lead(seed: int) -> Problem:
    """A random play with a defender's lead out of turn after trick one, answered by the
    proper leader's own lead (53B, recorded): where that leader is the offender's partner the
    choice cannot have been made, and the history is not legal."""
    rng = random.Random(seed)
    case, defender, trick, card = random_defender_card(rng, first_trick=2)
    facts = (
        LeadOutOfTurn(Seat.from_index(defender), card, trick),
        Choice(trick, Seat.S, "53B", "proper-lead"),
    )
    return compile_case(dataclasses.replace(case, irregularities=facts))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_a_proper_lead_agrees_with_the_brute_force(seed: int) -> None:
    check_all(random_proper_lead(seed), every_failure=True)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_search_agrees_with_the_brute_force(seed: int) -> None:
    problem, _fact = random_problem(seed)
    expected = brute_force(problem)
    found = search.solve(problem, list_limit=LISTED)
    assert_agrees(problem, found, expected, examples=False)


def test_an_accepted_failure_is_a_history_only_where_recorded() -> None:
    """52B1: West does not play his penalty card when due; legal only at the trick where
    declarer's acceptance is recorded, and the outcome group names it."""
    case = solver_case("cases/irregularities/ex07-failure-to-play-penalty-card.yaml")
    for engine in (search, cpsat):
        found = engine.solve(compile_case(case), list_limit=LISTED)
        assert found.count == 1
        (outcome,) = found.groups
        choices = [(c.trick, c.law, c.option) for c in outcome.choices]
        assert choices == [(9, "52B1", "accept-play")]
    unrecorded = dataclasses.replace(
        case, irregularities=tuple(f for f in case.irregularities if not isinstance(f, Choice))
    )
    assert search.solve(compile_case(unrecorded)).feasible is False
    assert cpsat.solve(compile_case(unrecorded)).feasible is False


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=25)
def test_cpsat_and_the_csp_agree_with_the_brute_force(seed: int) -> None:
    problem, _fact = random_problem(seed)
    expected = brute_force(problem)
    check_cpsat(problem, expected)
    check_pyconstraint(problem, expected)


def random_combined(seed: int, tricks: int | None = None) -> Problem:
    """A random play of two or three tricks with one to three irregularities together:
    penalty cards (often two of one defender), leads out of turn, premature plays, choices
    recorded at random (the law may not give them there), sometimes a revoke allegation and
    an older edition. Cards are taken from the rows so that many such problems have
    histories. ``tricks``: that many tricks instead."""
    rng = random.Random(seed)
    tricks = tricks or rng.randint(2, 3)
    declarer = rng.choice("NS")
    rows = random_rows(rng, tricks, leader=3 if declarer == "S" else 1)

    def text(cards: list[int]) -> str:
        return " ".join(str(Card.from_index(c)) for c in cards)

    play_rows = {
        "NESW"[s]: {"mixed": text(rows[s])} if rng.random() < 0.6 else text(rows[s])
        for s in range(4)
    }
    statements = []
    if rng.random() < 0.3:
        seat = rng.choice("NESW")
        alleged = {"seat": seat, "trick": rng.randint(1, tricks)}
        statements.append({"by": "NS" if seat in "EW" else "EW", "revoke": alleged})
    case = case_from_dict(
        {
            "title": "t",
            "deal": DEAL,
            "contract": "4S",
            "declarer": declarer,
            "edition": rng.choice([2017, 2017, 2007]),
            "play": {"rows": play_rows},
            "statements": statements,
        }
    )
    facts: list[Irregularity] = []
    defender = rng.choice([1, 3])
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.4:
            defender = rng.choice([1, 3])
        place = rng.randrange(tricks)
        seat, card = Seat.from_index(defender), Card.from_index(rows[defender][place])
        trick = rng.randint(1, place + 1)
        kind = rng.randrange(6)
        chooser = Seat.from_index("NESW".index(declarer))
        if kind <= 1:
            how = rng.choice(["deliberate", "inadvertent"])
            facts.append(PenaltyCard(seat, card, trick, how))
        elif kind == 5:  # and declarer accepts a failure to play it (52B1) at some trick
            facts.append(PenaltyCard(seat, card, trick, "deliberate"))
            facts.append(Choice(rng.randint(trick, tricks), chooser, "52", "accept-play"))
        elif kind == 2 and all(not isinstance(f, LeadOutOfTurn) or f.trick != trick for f in facts):
            response = rng.choice([None, "accepted", "refused"])
            facts.append(LeadOutOfTurn(seat, card, trick, response))  # type: ignore[arg-type]
        elif kind == 3 and all(not isinstance(f, PrematurePlay) or f.trick != trick for f in facts):
            facts.append(PrematurePlay(seat, card, trick))
        else:
            law, option, suits = rng.choice(CHOICE_CATALOGUE)
            facts.append(Choice(rng.randint(1, tricks), chooser, law, option, suits))
    return compile_case(dataclasses.replace(case, irregularities=tuple(facts)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=25)
def test_combined_irregularities_agree_with_the_brute_force(seed: int) -> None:
    check_all(random_combined(seed), every_failure=True)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=150)
def test_random_combined_irregularities_agree_with_the_brute_force(seed: int) -> None:
    """The longer run of the test above (slow)."""
    check_all(random_combined(seed), every_failure=True)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_random_four_trick_irregularities_agree_with_the_brute_force(seed: int) -> None:
    """Four tricks: CP-SAT and the search (python-constraint is left to the shorter ones)."""
    problem = random_combined(seed, tricks=4)
    expected = brute_force(problem)
    check_cpsat(problem, expected)
    assert_agrees(problem, search.solve(problem, list_limit=LISTED), expected, examples=False)


# --- chosen cases ---------------------------------------------------------------------------


def chosen(
    rows: dict[str, str],
    facts: tuple[Irregularity, ...],
    *,
    declarer: str = "S",
    statements: tuple[dict[str, object], ...] = (),
    edition: int = 2017,
) -> Problem:
    """A case on ``DEAL`` (4S) with these rows (``"mixed: ..."`` or intact) and facts."""
    play_rows: dict[str, object] = {
        seat: {"mixed": text.removeprefix("mixed:").strip()} if text.startswith("mixed:") else text
        for seat, text in rows.items()
    }
    case = case_from_dict(
        {
            "title": "t",
            "deal": DEAL,
            "contract": "4S",
            "declarer": declarer,
            "edition": edition,
            "play": {"rows": play_rows},
            "statements": list(statements),
        }
    )
    return compile_case(dataclasses.replace(case, irregularities=facts))


def choices_of(expected: BruteResult) -> set[tuple[tuple[int, str, str, tuple[int, ...]], ...]]:
    """The choice sequences of the outcome groups, as (trick, sub-law, option, suits)."""
    return {
        tuple((c.trick, c.law, c.option, c.suits) for c in outcome.choices)
        for outcome in expected.groups
    }


E, W, S = Seat.from_index(1), Seat.from_index(3), Seat.from_index(2)


def test_two_penalty_cards_of_one_defender_give_declarer_the_51b_choice() -> None:
    # North declares, so East leads. West's S2 and D3 (the D3 inadvertent, yet major as his
    # second penalty card: 50B) lie from trick 1, outside his row: 51B2 before East's lead.
    # East holds spades and diamonds but his row only hearts: a requirement leaves no
    # history; forbidding a suit or both, or leaving the cards, does.
    rows = {"N": "mixed: H2 H4", "E": "mixed: H7 HK", "S": "mixed: H3 H6", "W": "mixed: H5 H8"}
    facts = (
        PenaltyCard(W, Card.parse("S2"), 1, "deliberate"),
        PenaltyCard(W, Card.parse("D3"), 1, "inadvertent"),
    )
    expected = check_all(chosen(rows, facts, declarer="N"))
    assert expected.feasible
    first = {sequence[0][1:] for sequence in choices_of(expected)}
    assert first == {
        ("51B2(b)", "forbid-suits", (0,)),
        ("51B2(b)", "forbid-suits", (2,)),
        ("51B2(b)", "forbid-suits", (0, 2)),
        ("51B2(c)", "leave-penalty-cards", ()),
    }


LOOT_ROWS = {"N": "mixed: H2 D9", "E": "mixed: H7 DQ", "S": "mixed: HA D2", "W": "mixed: H5 D3"}
"""South declares and West is on lead; East's H7 led out of turn to trick 1 (below)."""


def test_a_refused_lead_out_of_turn_gives_the_50d2_choice_at_once() -> None:
    # refused (54D): the H7 is a major penalty card, and declarer chooses before West, its
    # holder's partner, leads
    facts = (LeadOutOfTurn(E, Card.parse("H7"), 1, "refused"),)
    expected = check_all(chosen(LOOT_ROWS, facts))
    at_trick_one = {
        tuple(c[1:] for c in sequence if c[0] == 1) for sequence in choices_of(expected)
    }
    refused = ("54D", "refuse-lead", ())
    assert at_trick_one == {
        (refused, ("50D2(a)", "require-suit", (1,))),
        (refused, ("50D2(a)", "forbid-suit", (1,))),
        (refused, ("50D2(b)", "leave-penalty-card", ())),
    }


def test_a_recorded_choice_is_the_only_way() -> None:
    required = Choice(1, S, "50D2(a)", "require-suit", (1,))
    facts = (LeadOutOfTurn(E, Card.parse("H7"), 1, "refused"), required)
    expected = check_all(chosen(LOOT_ROWS, facts))
    assert choices_of(expected) == {
        ((1, "54D", "refuse-lead", ()), (1, "50D2(a)", "require-suit", (1,)))
    }
    # West must lead a heart, his H5, and East must then play his penalty card
    h5, h7 = Card.parse("H5").index, Card.parse("H7").index
    assert expected.histories
    assert all(h[0][1][3] == h5 and h[0][1][1] == h7 for h in expected.histories)
    # a choice the law does not give there leaves no history
    wrong = Choice(1, S, "51B2(c)", "leave-penalty-cards")
    facts = (LeadOutOfTurn(E, Card.parse("H7"), 1, "refused"), wrong)
    assert not check_all(chosen(LOOT_ROWS, facts)).feasible


def test_a_revoke_allegation_beside_a_penalty_card() -> None:
    # East's SQ lies as a major penalty card from trick 1; NS say East revoked at trick 2,
    # where he may ruff with it although he holds diamonds.
    rows = {"N": "mixed: D9 DT", "E": "mixed: SQ DQ", "S": "mixed: DA D2", "W": "mixed: D6 D7"}
    facts = (PenaltyCard(E, Card.parse("SQ"), 1, "deliberate"),)
    statements = ({"by": "NS", "revoke": {"seat": "E", "trick": 2}},)
    expected = check_all(chosen(rows, facts, statements=statements))
    assert expected.feasible
    assert any(outcome.revokes for outcome in expected.groups)


def test_a_revoke_of_a_faced_penalty_card_is_marked_under_the_choices_that_leave_it() -> None:
    """East's HK lies as a major penalty card from trick 1, where his partner leads: declarer's
    50D2 choice comes first. NS say East revoked at tricks 1 and 2. On West's H5 East
    discards the C3: with the card left on the table (50D2(b)) the only heart the Laws let
    him play was the faced king, a revoke of a faced card (64B3); had declarer required or
    forbidden hearts, the king went back to his hand first and the revoke is of concealed
    hearts. A revoke on a diamond lead, holding diamonds in his hand, is never marked. Every
    engine groups the histories alike (the mark is part of the outcome group)."""
    rows = {"N": "mixed: H2 D9", "E": "mixed: HK C3", "S": "mixed: H3 D2", "W": "mixed: H5 D5"}
    facts = (PenaltyCard(E, Card.parse("HK"), 1, "deliberate"),)
    statements = tuple({"by": "NS", "revoke": {"seat": "E", "trick": t}} for t in (1, 2))
    expected = check_all(chosen(rows, facts, statements=statements))
    first = {
        (outcome.revokes[0].suit, outcome.choices[0].option, outcome.revokes[0].faced)
        for outcome in expected.groups
    }
    hearts, diamonds = 1, 2
    assert (hearts, "leave-penalty-card", True) in first
    assert (hearts, "require-suit", False) in first
    assert all(not faced for suit, _option, faced in first if suit == diamonds)
    assert all(not e.faced for outcome in expected.groups for e in outcome.revokes[1:])


VOID_WEST = "N:AKQJ.432.432.432 T98765.765.65.65 432.AKQ.AKQ.AKQJ .JT98.JT987.T987"
"""West holds no spade."""


def premature_with_an_order(option: str) -> Problem:
    """West leads the HJ to South's HA; at trick 2 East plays the S5 before West has played
    to South's S2, and declarer orders West's play (recorded). West, void in spades, holds
    hearts, but his row has only the D7 left."""
    rows = {"N": "mixed: H2 SJ", "E": "mixed: H5 S5", "S": "mixed: HA S2", "W": "mixed: HJ D7"}
    facts = (PrematurePlay(E, Card.parse("S5"), 2), Choice(2, S, "57A", option, (1,)))
    play_rows = {seat: {"mixed": text.removeprefix("mixed: ")} for seat, text in rows.items()}
    case = case_from_dict(
        {
            "title": "t",
            "deal": VOID_WEST,
            "contract": "3NT",
            "declarer": "S",
            "play": {"rows": play_rows},
        }
    )
    return compile_case(dataclasses.replace(case, irregularities=facts))


def test_a_57a_order_not_to_play_a_suit() -> None:
    # ordered not to play a heart, West discards the D7: one history
    expected = check_all(premature_with_an_order("partner-not-suit"))
    assert expected.count == 1


def test_the_engines_read_a_57a_order_to_play_a_suit() -> None:
    # ordered to play a heart, which he holds, West may not discard the D7: no history
    problem = premature_with_an_order("partner-play-suit")
    assert not cpsat.solve(problem).feasible
    assert not pyconstraint.solve(problem).feasible


def test_the_reference_reads_a_57a_order_to_play_a_suit() -> None:
    """A 57A order to play a suit is not read as one not to (a bug found by the CSP)."""
    problem = premature_with_an_order("partner-play-suit")
    assert not brute_force(problem).feasible
    assert not search.solve(problem).feasible


def test_the_engines_refuse_a_defective_trick_with_an_irregularity() -> None:
    problem = dataclasses.replace(random_problem(1)[0], short_seat=0)
    for engine in ("cpsat", "pyconstraint"):
        with pytest.raises(EngineError, match="defective trick"):
            find_consistent(problem, engine=engine)


def test_choice_codes_round_trip() -> None:
    """The engines pack choices as ``ChoiceMade`` does (the catalogue index plus one)."""
    made = ChoiceMade(2, 1, "51B2(b)", "forbid-suits", (0, 2))
    assert CHOICE_CATALOGUE[made.code - 1] == ("51B2(b)", "forbid-suits", (0, 2))


def test_find_consistent_runs_every_engine_on_an_irregular_problem() -> None:
    problem, _fact = random_problem(10)
    expected = brute_force(problem)
    for engine in ("cpsat", "pyconstraint", "search", "auto"):
        found = find_consistent(problem, engine=engine, list_limit=3)
        assert found.count == expected.count and found.groups == expected.groups, engine
    assert cpsat.explain_impossible(problem) is None
    assert pyconstraint.solve(problem).count == expected.count
    assert search.solve(problem).count == expected.count


def test_optimisation_decides_an_irregular_problem_and_the_search_counts() -> None:
    """``decide_outcomes`` straight to CP-SAT (no first search): its totals, cost and
    contradicted units are the brute force's, and the count it leaves pending gives the
    groups with their choices (seed 56: three groups, two of them after declarer's 50D2
    choice; seed 35 has no history since a premature play must be out of turn)."""
    problem = random_combined(56)
    expected = brute_force(problem)
    decided, pending = decide_outcomes(problem, first_search=0)
    assert pending is not None
    assert (decided.min_cost, set(decided.outcomes)) == (expected.min_cost, set(expected.outcomes))
    assert decided.contradicted == expected.contradicted
    counted = pending.run()
    assert (counted.count, counted.groups) == (expected.count, expected.groups)


BOTH_ROWS = {
    "N": "mixed: H2 CA DT",
    "E": "mixed: H7 C3 D4",
    "S": "mixed: H3 C4 D2",
    "W": "mixed: HT CT DK",
}
"""South declares and West is on lead; West's DK and East's D4 lie as major penalty cards."""


def both_penalty_cards(option: str) -> Problem:
    """Example 9 on the engine deal: both defenders hold a major penalty card of one suit and
    West, on lead, is the partner of the D4's holder: declarer's 50D2 choice is recorded."""
    facts = (
        PenaltyCard(W, Card.parse("DK"), 1, "inadvertent"),
        PenaltyCard(E, Card.parse("D4"), 1, "deliberate"),
        Choice(1, S, "50D2", option, (2,) if option != "leave-penalty-card" else ()),
    )
    return chosen(BOTH_ROWS, facts)


def west_cards(expected: BruteResult) -> set[tuple[str, ...]]:
    """West's cards in trick order, in each history."""
    return {tuple(str(Card.from_index(trick[1][3])) for trick in h) for h in expected.histories}


def test_declarers_lead_ban_beats_the_leaders_own_penalty_card() -> None:
    """Example 9 (50D1(b), 50D2(a)): diamonds forbidden, West may not lead his own DK while he
    keeps the lead, even when he keeps it by winning a heart; the DK waits for a legal
    opportunity (here the DT led by North). Worked by hand: West leads the CT (North's CA
    wins, the bar lapses, then either order), or the HT, which wins, and then still not the
    DK but the CT. Were the penalty card's duty first, every history would open with the DK."""
    expected = check_all(both_penalty_cards("forbid-suit"))
    assert west_cards(expected) == {("CT", "HT", "DK"), ("CT", "DK", "HT"), ("HT", "CT", "DK")}
    # left on the table, both cards are due: West leads his DK and East must follow with the D4
    expected = check_all(both_penalty_cards("leave-penalty-card"))
    assert west_cards(expected) == {("DK", "HT", "CT"), ("DK", "CT", "HT")}
    d4 = Card.parse("D4").index
    assert all(h[0][1][1] == d4 for h in expected.histories)


def test_declarers_lead_stands_once_the_defender_on_its_right_plays() -> None:
    """53C: North won trick 1 with the CA; South led the D2 to trick 2 and East put the DQ on
    it before West. The lead stands (no refusal branch), the DQ is East's major penalty card
    and declarer's 57A order binds West: worked by hand, West's DK (his highest diamond, and
    forced by every order but the lowest) is one play under seven orders. Open to refusal,
    the same cards would also fit North leading the DT."""
    rows = {"N": "mixed: CA DT", "E": "mixed: C3 DQ", "S": "mixed: C4 D2", "W": "mixed: CT DK"}
    facts = (LeadOutOfTurn(S, Card.parse("D2"), 2), PrematurePlay(E, Card.parse("DQ"), 2))
    expected = check_all(chosen(rows, facts))
    assert expected.count == 7
    assert west_cards(expected) == {("CT", "DK")}
    sequences = choices_of(expected)
    assert all(sequence[0] == (2, "55A", "accept-lead", ()) for sequence in sequences)
    assert len(sequences) == 7
    refused = (LeadOutOfTurn(S, Card.parse("D2"), 2, "refused"), facts[1])
    with pytest.raises(CaseFileError, match=r"the lead stands \(Law 53C\)"):
        chosen(rows, refused)


def test_no_rectification_once_declarer_has_played_from_both_hands() -> None:
    """57C1: North won trick 1 with the CA and led the H2 to trick 2; South played before East
    and West then played the H5 before his partner. Exempt, the H5 is simply West's card to
    trick 2: one history, no choice (worked by hand). As an ordinary premature play (57A) it
    would be a major penalty card and declarer's order on East would branch: East's H7 obeys
    the lowest and the six orders naming another suit."""
    rows = {"N": "mixed: CA H2", "E": "mixed: C3 H7", "S": "mixed: C4 H3", "W": "mixed: CT H5"}
    exempt = PrematurePlay(W, Card.parse("H5"), 2, exempt=True)
    expected = check_all(chosen(rows, (exempt,)))
    assert expected.count == 1
    assert choices_of(expected) == {()}
    assert west_cards(expected) == {("CT", "H5")}
    plain = check_all(chosen(rows, (PrematurePlay(W, Card.parse("H5"), 2),)))
    assert plain.count == 7


def random_rejection(seed: int) -> Problem:
    """A random play of two or three tricks in which a defender's card at some trick is the
    penalty card declarer required there (52B2), the card he had played wrongly (one he plays
    later in the rows) lying as a major penalty card from the next trick."""
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    defender = rng.choice([1, 3])
    trick = rng.randint(1, tricks - 1)
    seat = Seat.from_index(defender)
    penalty = Card.from_index(rows[defender][trick - 1])
    later = rows[defender][trick:]
    wrong = Card.from_index(rng.choice(later))
    facts = (
        PenaltyCard(seat, penalty, rng.randint(1, trick), "deliberate"),
        Choice(trick, Seat.S, "52", "reject-play", card=wrong),
    )
    return compile_case(dataclasses.replace(case, irregularities=facts))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_a_rejected_failure_agrees_with_the_brute_force(seed: int) -> None:
    """52B2: the penalty card is the offender's card at the trick, and the card played wrongly
    binds him as a major penalty card from the next: every engine finds the brute force's
    histories (its ``evaluate`` checks both through the hard play fact and the penalty card)."""
    check_all(random_rejection(seed), every_failure=True)


def test_a_rejection_prunes_what_the_wrong_card_allowed() -> None:
    """Example 7 rejected, on a variant worked by hand (tricks 9 and 10 not agreed, the rows of
    North, East and South mixed, West's row not given): West's SQ goes to trick 9 and his S3
    lies from trick 10. North leads S6 or S4, East plays S2 or SJ, South S9 or SA (8 ways);
    trick 10 is then forced for all but West, and West must play S3 whether he follows or
    leads. South's SA at trick 9 wins it (7 tricks for declarer's side so far), and trick 10 is
    declarer's when East kept S2 (8); South's S9 loses trick 9 to the queen, and SA wins trick
    10 (7). So 8 histories: 2 with 8 tricks, 6 with 7. Without the rejection West's S8 is
    open at trick 10 too: more histories, the same for both engines. (Ten tricks are beyond
    the brute force, which enumerates every trick under Law 44 alone.)"""
    base = solver_case("cases/irregularities/ex07-failure-rejected.yaml")
    rows = {
        "N": {"mixed": "D4 H7 D5 S7 D8 H2 H6 H9 S6 S4"},
        "E": {"mixed": "C3 HJ D3 CQ D7 DJ C9 ST S2 SJ"},
        "S": {"mixed": "CK HQ DT C5 SK HA HK H8 S9 SA"},
    }
    tricks = {
        n: " ".join([f"{t.leader}:", *(str(c) for c in t.cards)])
        for t in base.agreed_tricks
        if (n := t.number) <= 8
    }
    variant = case_from_dict(
        {
            "title": "t",
            "deal": "N:764.976542.9854. JT2.J.QJ73.AQ932 AK95.AKQ8.T.KJ54 Q83.T3.AK62.T876",
            "contract": "4H",
            "declarer": "S",
            "play": {"rows": rows, "tricks": tricks},
        }
    )
    rejected = dataclasses.replace(variant, irregularities=base.irregularities)
    accepted_only = dataclasses.replace(variant, irregularities=base.irregularities[:1])
    free = set()
    for engine in (search, cpsat):
        found = engine.solve(compile_case(rejected), list_limit=LISTED)
        assert found.count == 8
        assert found.outcomes == {8: 2, 7: 6}
        free.add(engine.solve(compile_case(accepted_only), list_limit=LISTED).count)
    (count,) = free
    assert count > 8


# --- where an irregularity can stand ---------------------------------------------------------


def random_premature(seed: int) -> Problem:
    """A random play of two or three tricks with a defender's premature card at a random
    trick: in many histories he played in turn there (partner not before him), which 57A does
    not rectify; the brute force reads the position off each history."""
    rng = random.Random(seed)
    case, defender, trick, card = random_defender_card(rng, first_trick=1)
    fact = PrematurePlay(Seat.from_index(defender), card, trick)
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=30)
def test_a_premature_card_in_turn_agrees_with_the_brute_force(seed: int) -> None:
    check_all(random_premature(seed), every_failure=True)


def test_a_premature_card_played_in_turn_leaves_no_history() -> None:
    """South leads trick 2 (he won trick 1 with the HA), West void in spades: East plays
    fourth, after West, so a premature S5 of East's fits, under the orders West's D7 obeys
    (highest or lowest spade, both dropped; play a diamond; not a heart, not a club). West's
    HJ led to trick 1 in turn is no premature card (57A). Nor is his D7 at trick 2, where he
    plays second: he played before East to trick 1 (he led it), but a lead to trick 2 made
    too early would be his, the winner of trick 1's, and South won it (the old reading, any
    leader at trick 2, found histories here)."""
    rows = {"N": "H2 SJ", "E": "H5 S5", "S": "HA S2", "W": "HJ D7"}

    def problem(facts: tuple[Irregularity, ...]) -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": rows}})
        return compile_case(dataclasses.replace(case, irregularities=facts))

    assert check_all(problem((PrematurePlay(E, Card.parse("S5"), 2),))).count == 5
    assert not check_all(problem((PrematurePlay(W, Card.parse("HJ"), 1),))).feasible
    assert not check_all(problem((PrematurePlay(W, Card.parse("D7"), 2),))).feasible


def random_early_lead(seed: int) -> tuple[Problem, int, int]:
    """``early_lead_facts`` compiled: the problem, the offender and the trick (from 0) of the
    premature card."""
    case, facts, offender, trick = early_lead_facts(seed)
    return compile_case(dataclasses.replace(case, irregularities=facts)), offender, trick


def early_lead_facts(seed: int) -> tuple[Case, tuple[Irregularity, ...], int, int]:
    """A random play of three tricks where a defender wins trick 1 or 2 having played to it
    before his partner (he led it, played second, or, fourth by rotation, played early with
    declarer's consent under 57C1), and the card he led to the next trick is given as played
    too early: a lead to it made before his partner had played to the trick he won (57A).
    Returns the problem, the offender and the trick (from 0) of the premature card."""
    rng = random.Random(seed)
    while True:
        rows = random_rows(rng, 3)
        leader, found = 3, []
        for trick in range(2):
            cards = (rows[0][trick], rows[1][trick], rows[2][trick], rows[3][trick])
            winner = trick_winner(leader, cards, 0)
            if winner % 2 == 1 and leader != (winner + 1) % 4:
                found.append((trick, winner, leader))
            leader = winner
        if found:
            break
    trick, offender, leader = rng.choice(found)
    seat = Seat.from_index(offender)
    facts: tuple[Irregularity, ...] = (
        PrematurePlay(seat, Card.from_index(rows[offender][trick + 1]), trick + 2),
    )
    if leader == (offender + 2) % 4 or (leader == (offender + 1) % 4 and rng.random() < 0.5):
        # fourth to the trick he won: early there only with declarer's play from both hands
        card = Card.from_index(rows[offender][trick])
        facts = (PrematurePlay(seat, card, trick + 1, exempt=True), *facts)
    if leader == (offender + 2) % 4:
        facts = facts[1:]  # his partner led it: he played third, after him (no early lead)
    if rng.random() < 0.3:
        option = rng.choice(CHOICE_CATALOGUE_57A)
        facts = (*facts, Choice(trick + 2, S, "57A", option[0], option[1]))
    return rows_case(rng, rows), facts, offender, trick + 1


CHOICE_CATALOGUE_57A = [
    (option, suits) for law, option, suits in CHOICE_CATALOGUE if law.startswith("57A")
]


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=30)
def test_a_lead_made_too_early_agrees_with_the_brute_force(seed: int) -> None:
    """The engines against the brute force where the premature card may be a lead made too
    early: then the offender leads that trick, and declarer's order bound his partner's play
    to the trick before (57A)."""
    problem, offender, trick = random_early_lead(seed)
    expected = check_all(problem, every_failure=True)
    assert all(h[trick][0] in (offender, (offender + 1) % 4) for h in expected.histories)


def random_forfeited_lead(seed: int) -> tuple[Problem, int, int]:
    """``random_early_lead`` with the lead made too early played to by the offender's
    left-hand opponent before rectification (60A1): no order recorded, the card unrectified."""
    case, facts, offender, trick = early_lead_facts(seed)
    forfeited = tuple(
        dataclasses.replace(f, played_after=True) if f.trick == trick + 1 else f
        for f in facts
        if isinstance(f, PrematurePlay)
    )
    return compile_case(dataclasses.replace(case, irregularities=forfeited)), offender, trick


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=30)
def test_a_forfeited_lead_made_too_early_agrees_with_the_brute_force(seed: int) -> None:
    """60A1: every engine against the brute force where the lead made too early stands as
    though in turn: the offender leads that trick with that card, and nothing branches."""
    problem, offender, trick = random_forfeited_lead(seed)
    expected = check_all(problem, every_failure=True)
    assert all(h[trick][0] == offender for h in expected.histories)
    assert all(not outcome.choices for outcome in expected.groups)


def random_retracted_lead(seed: int) -> Problem:
    """A random play with a defender's lead out of turn taken back because an opponent had
    wrongly told him it was his lead (47E1): the proper leader leads, no penalty card, no
    choice; where the defender was the proper leader, no history."""
    rng = random.Random(seed)
    case, defender, trick, card = random_defender_card(rng, first_trick=1)
    fact = LeadOutOfTurn(Seat.from_index(defender), card, trick, "retracted-misinformed")
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


def random_fifth_card(seed: int) -> Problem:
    """A random play with a fifth card added to a trick (45E) by a defender (a penalty card
    from the next trick, inadvertent or not) or by South (back in his hand)."""
    rng = random.Random(seed)
    case, defender, trick, card = random_defender_card(rng, first_trick=2)
    seat = Seat.from_index(defender)
    if rng.random() < 0.3:
        seat = Seat.S
        card = rng.choice([c for c in case.deal.hand(seat)])
    fact = FifthCard(seat, card, trick - 1, how=rng.choice(["inadvertent", "exposed"]))
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


@pytest.mark.parametrize("make", [random_retracted_lead, random_fifth_card])
@given(seed=st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=30)
def test_a_lead_taken_back_or_a_fifth_card_agrees_with_the_brute_force(
    make: Callable[[int], Problem], seed: int
) -> None:
    """47E1 (a lead out of turn taken back: nothing chosen there) and 45E (a fifth card: a
    defender's penalty card, with 50D2 choices when his partner leads; declarer's back in
    hand): every engine against the brute force."""
    expected = check_all(make(seed), every_failure=True)
    if make is random_retracted_lead:
        assert all(not outcome.choices for outcome in expected.groups)


def test_a_forfeited_lead_occurs_in_the_random_problems() -> None:
    """Some of those random problems have histories (the agreement above is not only on
    problems with none)."""
    found = sum(brute_force(random_forfeited_lead(seed)[0]).feasible for seed in range(12))
    assert found >= 4


def test_a_lead_made_too_early_occurs_in_the_random_problems() -> None:
    """The random problems above do give histories where the card is a lead made too early."""
    early = 0
    for seed in range(12):
        problem, offender, trick = random_early_lead(seed)
        early += any(h[trick][0] == offender for h in brute_force(problem).histories)
    assert early >= 4


def test_a_recorded_choice_needs_a_history_where_it_arises() -> None:
    """East's H7 lies as a major penalty card from trick 1, before West's lead: declarer's
    50D2 choice arises there, so a recorded one fits. Recorded before trick 2 it does not:
    South wins trick 1 with the HA, or East with the DQ (on a diamond lead, following suit
    before his penalty card), and neither is the partner of a penalty card's holder; the
    choice, an agreed fact, then leaves no history (it is not skipped)."""
    facts: tuple[Irregularity, ...] = (PenaltyCard(E, Card.parse("H7"), 1, "deliberate"),)
    leave = ("50D2(b)", "leave-penalty-card")
    assert check_all(chosen(LOOT_ROWS, facts)).feasible
    assert check_all(chosen(LOOT_ROWS, (*facts, Choice(1, S, *leave)))).feasible
    assert not check_all(chosen(LOOT_ROWS, (*facts, Choice(2, S, *leave)))).feasible


def random_lead_where_play_stopped(seed: int) -> Problem:
    """A random play of two or three tricks, then a defender's lead out of turn to the trick
    where play stopped (a card he still holds, the response random): no history where he won
    the last trick played, his lead being in turn."""
    rng, case, defender, card = random_stop(seed)
    response = rng.choice([None, "accepted", "refused"])
    fact = LeadOutOfTurn(Seat.from_index(defender), card, case.tricks_played + 1, response)  # type: ignore[arg-type]
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


def random_stop(seed: int) -> tuple[random.Random, Case, int, Card]:
    """A random play of two or three tricks (rows mixed at random), a defender and a card he
    still holds where play stopped; with the generator, for more draws."""
    rng = random.Random(seed)
    rows = random_rows(rng, rng.randint(2, 3))
    case = rows_case(rng, rows)
    defender = rng.choice([1, 3])
    left = HANDS[defender] & ~sum(1 << c for c in rows[defender])
    return rng, case, defender, Card.from_index(rng.choice(cards_in(left)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=30)
def test_a_lead_out_of_turn_where_play_stopped_agrees_with_the_brute_force(seed: int) -> None:
    problem = random_lead_where_play_stopped(seed)
    expected = check_all(problem, every_failure=True)
    program = problem.irregular
    assert program is not None
    offender = program.leads_out_of_turn[problem.tricks][0]
    assert all(
        trick_winner(h[-1][0], h[-1][1][:4], problem.trump) != offender for h in expected.histories
    )


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=20)
def test_a_failure_to_lead_a_penalty_card_where_play_stopped_agrees_with_the_brute_force(
    seed: int,
) -> None:
    """Law 52 pending where play stopped: a defender led a card of his instead of a penalty
    card due. He was to lead, so only histories in which he won the last trick played fit;
    every engine agrees with the brute force on random plays (rows mixed at random)."""
    _rng, case, defender, card = random_stop(seed)
    fact = FailureToPlay(Seat.from_index(defender), card, case.tricks_played + 1)
    problem = compile_case(dataclasses.replace(case, irregularities=(fact,)))
    expected = check_all(problem, every_failure=True)
    assert all(
        trick_winner(h[-1][0], h[-1][1][:4], problem.trump) == defender for h in expected.histories
    )


# --- Law 57D: a defender's play at his right-hand opponent's turn ------------------------------


def random_rho_turn(seed: int) -> tuple[Problem, int, int, int]:
    """A random play of two or three tricks and a defender's card given as played at his
    right-hand opponent's turn at a random trick: mostly a card of his row from that trick on,
    sometimes another card he still held. In many histories the trick is led by him or his
    right-hand opponent (no 57D position); the card follows suit there or not (played, or a
    major penalty card). Returns the problem, the offender, the trick (from 0) and the card."""
    case, defender, trick, card = random_early_card(seed, [1, 3])
    fact = PlayAtRhoTurn(Seat.from_index(defender), Card.from_index(card), trick)
    problem = compile_case(dataclasses.replace(case, irregularities=(fact,)))
    return problem, defender, trick - 1, card


def random_early_card(seed: int, seats: list[int]) -> tuple[Case, int, int, int]:
    """A random play of two or three tricks (the case, its rows mixed at random), a seat of
    ``seats``, a trick (from 1) and a card of that seat's: mostly one of its row from that
    trick on, sometimes another card it still held."""
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    seat = rng.choice(seats)
    trick = rng.randint(1, tricks)
    later = rows[seat][trick - 1 :]
    unplayed = [c for c in cards_in(HANDS[seat]) if c not in rows[seat]]
    return case, seat, trick, rng.choice(later if rng.random() < 0.7 else unplayed)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=20)
def test_a_play_at_the_right_hand_opponents_turn_agrees_with_the_brute_force(seed: int) -> None:
    problem, _offender, _trick, _card = random_rho_turn(seed)
    check_all(problem, every_failure=True)


def test_both_readings_of_57d_occur_in_the_random_problems() -> None:
    """Among the random problems above, some have histories where the card shown early is the
    offender's card to its trick (legal there) and some where it is not (a penalty card)."""
    played, penalty = 0, 0
    for seed in range(40):
        problem, offender, trick, card = random_rho_turn(seed)
        expected = brute_force(problem)
        for history in expected.histories:
            if history[trick][1][offender] == card:
                played += 1
            else:
                penalty += 1
    assert played and penalty


def test_57d_the_card_is_played_at_its_turn_or_becomes_a_penalty_card() -> None:
    """West leads the HJ to trick 1, North plays the H2, East the H5, South wins with the HA
    and leads the S2 to trick 2; West, void in spades, discards the D7, North plays the SJ,
    East the S5 (worked by hand). East is in the 57D position at both tricks: at trick 1 his
    partner led and North was to play next, at trick 2 South led and West had played. Shown
    early at trick 1, his H5 follows suit: it is his card there, one history. Shown instead,
    his S5 (a spade while he held hearts) becomes a major penalty card; his card to trick 1 is
    another (the H5 of his row), and at trick 2, a spade led, he must play it: one history;
    had his row the S6 there, none. West led trick 1 himself: no 57D position for him."""
    rows = {"N": "H2 SJ", "E": "H5 S5", "S": "HA S2", "W": "HJ D7"}

    def problem(facts: tuple[Irregularity, ...], east: str = "H5 S5") -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": {**rows, "E": east}}})
        return compile_case(dataclasses.replace(case, irregularities=facts))

    h5, s5 = PlayAtRhoTurn(E, Card.parse("H5"), 1), PlayAtRhoTurn(E, Card.parse("S5"), 1)
    assert check_all(problem((h5,))).count == 1
    assert check_all(problem((s5,))).count == 1
    assert check_all(problem((), "H5 S6")).count == 1
    assert not check_all(problem((s5,), "H5 S6")).feasible
    assert check_all(problem((PlayAtRhoTurn(E, Card.parse("S5"), 2),))).count == 1
    assert not check_all(problem((PlayAtRhoTurn(W, Card.parse("HJ"), 1),))).feasible


@pytest.mark.parametrize("seed", [5, 13])
def test_a_57d_penalty_card_gives_declarer_the_50d2_choice(seed: int) -> None:
    """Random problems (seeds found by a scan) where the card shown at the right-hand
    opponent's turn is illegal there and lies as a major penalty card when the offender's
    partner leads: declarer's 50D2/51B choice arises, and every engine must offer it."""
    problem, _offender, _trick, _card = random_rho_turn(seed)
    expected = check_all(problem, every_failure=True)
    assert any(key.choices for key in expected.groups)


# --- Law 46B: declarer's incomplete designation of dummy's card ------------------------------


def random_designation(seed: int, words: tuple[str, ...] = DESIGNATION_WORDS) -> Problem:
    """A random play of two or three tricks and declarer's call for dummy's (North's) card at
    a random trick: "high", "low", "win" or a suit alone, with a suit named or not ("high",
    "low" and "win" then mean the suit led: no history where dummy led that trick), a rank
    alone (mostly one North holds), or "play anything"."""
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    said = rng.choice(words)
    named = said in ("high", "low", "win") and rng.random() < 0.4
    suit = rng.randrange(4) if said == "suit" or named else -1
    rank = -1
    if said == "rank":
        north = rng.choice(rows[0]) if rng.random() < 0.8 else rng.randrange(52)
        rank = north % 13
    fact = DummyDesignation(
        Seat.from_index(0),
        rng.randint(1, tricks),
        said,
        suit,
        rank=rank,  # type: ignore[arg-type]
    )
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=20)
def test_a_dummy_designation_agrees_with_the_brute_force(seed: int) -> None:
    check_all(random_designation(seed), every_failure=True)


def test_a_designation_fixes_dummys_card() -> None:
    """West leads the HJ; North (dummy) holds H4 H3 H2. "low": the H2, as his row says, one
    history; "high": the H4, so his row's H2 fits none. A spade named alone at trick 2 (South
    led the S2 after winning trick 1): North's lowest spade, the SJ (he holds AKQJ), one
    history. "high" with no suit at trick 1 means hearts, and without the H4 played, none."""
    rows = {"N": "H2 SJ", "E": "H5 S5", "S": "HA S2", "W": "HJ D7"}

    def problem(fact: DummyDesignation) -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": rows}})
        return compile_case(dataclasses.replace(case, irregularities=(fact,)))

    north = Seat.from_index(0)
    assert check_all(problem(DummyDesignation(north, 1, "low"))).count == 1
    assert not check_all(problem(DummyDesignation(north, 1, "high"))).feasible
    assert check_all(problem(DummyDesignation(north, 2, "suit", 0))).count == 1
    assert not check_all(problem(DummyDesignation(north, 2, "high", 0))).feasible


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=25)
def test_win_and_a_rank_alone_agree_with_the_brute_force(seed: int) -> None:
    """46B1(b) and 46B3, which depend on the cards before dummy's, the defenders' unplayed
    cards and (a rank at dummy's lead) the trick before: every engine as the brute force."""
    check_all(random_designation(seed, ("win", "rank")), every_failure=True)


def random_rank_at_dummys_lead(seed: int) -> Problem | None:
    """A random play in which dummy (North) leads a trick after winning the one before, and
    declarer names a rank alone there: North's card's rank, or another one."""
    rng = random.Random(seed)
    rows = random_rows(rng, 3)
    leader, led_by = 3, []
    for trick in range(3):
        led_by.append(leader)
        cards = (rows[0][trick], rows[1][trick], rows[2][trick], rows[3][trick])
        leader = trick_winner(leader, cards, 0)
    tricks = [t for t in (1, 2) if led_by[t] == 0]
    if not tricks:
        return None
    trick = rng.choice(tricks)
    rank = rows[0][trick] % 13 if rng.random() < 0.6 else rng.randrange(13)
    fact = DummyDesignation(Seat.from_index(0), trick + 1, "rank", rank=rank)
    return compile_case(dataclasses.replace(rows_case(rng, rows), irregularities=(fact,)))


def test_a_rank_at_dummys_lead_agrees_with_the_brute_force() -> None:
    """46B3(a): twelve random plays where dummy leads the trick of the call."""
    problems = (random_rank_at_dummys_lead(seed) for seed in range(100))
    found = [p for p in problems if p is not None][:12]
    assert len(found) == 12
    for problem in found:
        check_all(problem, every_failure=True)


def test_win_rank_and_anything_fix_dummys_card() -> None:
    """VOID_WEST, 3NT by South. Trick 1: West leads the HJ and North, second, holds H432:
    none of them wins, so "win" fixes nothing (void, 46B4) and the H2 stands. Trick 2:
    South leads the S2, West discards, North plays third with SAKQJ and East (to play after
    him) holds ST9876 ... : the lowest card sure to win is the SJ, so "win" there fits North's
    SJ. A rank alone at trick 3, North having won trick 2 with the SA: "K" is the SK (46B3(a)),
    "4" (no spade four) any four he holds (46B3(b)), none in his row: no history; "play
    anything" fixes nothing."""
    north = Seat.from_index(0)

    def problem(rows: dict[str, str], fact: DummyDesignation) -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": rows}})
        return compile_case(dataclasses.replace(case, irregularities=(fact,)))

    two = {"N": "H2 SJ", "E": "H5 S5", "S": "HA S2", "W": "HJ D7"}
    assert check_all(problem(two, DummyDesignation(north, 1, "win"))).count == 1
    assert check_all(problem(two, DummyDesignation(north, 2, "win"))).count == 1
    queen = {**two, "N": "H2 SQ"}
    assert not check_all(problem(queen, DummyDesignation(north, 2, "win"))).feasible
    assert check_all(problem(queen, DummyDesignation(north, 2, "anything"))).count == 1
    three = {"N": "H2 SA SK", "E": "H5 S5 S6", "S": "HA S2 S3", "W": "HJ D7 D8"}
    assert check_all(problem(three, DummyDesignation(north, 3, "rank", rank=11))).count == 1
    assert not check_all(problem(three, DummyDesignation(north, 3, "rank", rank=2))).feasible
    four = {"N": "H2 SA D4", "E": "H5 S5 D6", "S": "HA S2 DA", "W": "HJ D7 D8"}
    assert check_all(problem(four, DummyDesignation(north, 3, "rank", rank=2))).count == 1


# --- Law 57C3: declarer's play before his turn ----------------------------------------------


def random_declarer_early(seed: int) -> Problem:
    """A random play of two or three tricks and a card of declarer's (South's) or dummy's
    (North's) given as played before that hand's turn at a random trick: mostly a card of its
    row from that trick on, sometimes another card it still held. In many histories the trick
    is led by that hand or its right-hand opponent (no such position); the card follows suit
    there or not (it stands, or goes back and another is played)."""
    case, seat, trick, card = random_early_card(seed, [0, 2])
    fact = DeclarerEarlyPlay(Seat.from_index(seat), Card.from_index(card), trick)
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=20)
def test_declarers_play_before_his_turn_agrees_with_the_brute_force(seed: int) -> None:
    check_all(random_declarer_early(seed), every_failure=True)


def test_declarers_early_card_stands_only_where_legal() -> None:
    """VOID_WEST, 3NT by South. West leads the HJ; North plays second, East third, South
    fourth. South's HA shown before East played stands: his card to the trick. His CA shown
    there instead, holding hearts, is no legal card: it goes back, and South's heart is his
    card (his row's HA). North (second hand) cannot have played before his turn."""
    rows = {"N": "H2", "E": "H5", "S": "HA", "W": "HJ"}

    def problem(fact: DeclarerEarlyPlay) -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": rows}})
        return compile_case(dataclasses.replace(case, irregularities=(fact,)))

    south, north = Seat.from_index(2), Seat.from_index(0)
    assert check_all(problem(DeclarerEarlyPlay(south, Card.parse("HA"), 1))).count == 1
    assert check_all(problem(DeclarerEarlyPlay(south, Card.parse("CA"), 1))).count == 1
    assert not check_all(problem(DeclarerEarlyPlay(south, Card.parse("HK"), 1))).feasible
    assert not check_all(problem(DeclarerEarlyPlay(north, Card.parse("H2"), 1))).feasible


# --- Laws 45C4(b), 46B4 and 47E2: cards back in the hand, a card dummy no longer held ----------


def random_withdrawal(seed: int) -> Problem:
    """A random play of two or three tricks (South declares, North dummy) with, at a random
    trick, declarer's correction of the card of dummy's his slip named (45C4(b)), often with a
    defender's card withdrawn after it; or a card retracted after a mistaken explanation
    (47E2) by any player (declarer sometimes retracting dummy's card); or a card named in full
    that dummy no longer held (46B4), sometimes with declarer's pick of dummy's card there.
    The cards are mostly ones the rows show played at that trick or later, so that many
    problems have histories and some do not."""
    rng = random.Random(seed)
    tricks = rng.randint(2, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    trick = rng.randint(1, tricks)

    def card_of(seat: int) -> Card:
        later = rows[seat][trick - 1 :] if rng.random() < 0.8 else rows[seat]
        return Card.from_index(rng.choice(later))

    kind = rng.randrange(3)
    facts: tuple[Irregularity, ...]
    if kind == 0:
        facts = (Choice(trick, S, "45C4(b)", "correct-designation", card=card_of(0)),)
        if rng.random() < 0.6:
            defender = rng.choice([1, 3])
            facts += (
                Choice(
                    trick,
                    Seat.from_index(defender),
                    "45C4(b)",
                    "replace-own-card",
                    card=card_of(defender),
                ),
            )
    elif kind == 1:
        seat = rng.randrange(4)
        chooser = S if seat in (0, 2) else Seat.from_index(seat)
        facts = (Choice(trick, chooser, "47E2", "retract-misexplained", card=card_of(seat)),)
    else:
        gone = Card.from_index(rng.choice(rows[0]) if rng.random() < 0.8 else rng.randrange(52))
        facts = (DummyDesignation(Seat.from_index(0), trick, "card", card=gone),)
        if rng.random() < 0.5:
            facts += (Choice(trick, S, "46B4", "declarer-picks-card", card=card_of(0)),)
    return compile_case(dataclasses.replace(case, irregularities=facts))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_a_card_withdrawn_or_not_held_agrees_with_the_brute_force(seed: int) -> None:
    """45C4(b), 47E2 and 46B4: every engine as the brute force (the reference semantics): no
    choice is branched on, so no outcome group names one."""
    expected = check_all(random_withdrawal(seed), every_failure=True)
    assert all(not outcome.choices for outcome in expected.groups)


def test_withdrawals_have_histories_and_prune_in_the_random_problems() -> None:
    """Some of those problems have histories, and some have fewer than the same play without
    the facts (the agreement above is not only on problems with none, or with all)."""
    feasible = pruned = 0
    for seed in range(60):
        problem = random_withdrawal(seed)
        found = brute_force(problem)
        free = brute_force(dataclasses.replace(problem, irregular=None))
        feasible += found.feasible
        pruned += found.feasible and found.count < free.count
    assert feasible >= 15 and pruned >= 2, (feasible, pruned)


def test_an_opponents_withdrawal_needs_dummy_before_him_and_a_legal_card() -> None:
    """West leads the HJ to trick 1 and North (dummy) plays the H2, as his row says, after
    declarer corrected his slip naming the SJ (still in dummy, played to trick 2): one history.
    East then withdrew the H5? It is his card to the trick: none. The S5 (played to trick 2)?
    Not legal before the change (hearts were led and he held hearts): none. The H7 (never
    played): one history. West's D7? He led, before dummy played: none."""
    rows = {"N": "H2 SJ", "E": "H5 S5", "S": "HA S2", "W": "HJ D7"}

    def problem(*facts: Irregularity) -> Problem:
        data = {"title": "t", "deal": VOID_WEST, "contract": "3NT", "declarer": "S"}
        case = case_from_dict({**data, "play": {"rows": rows}})
        return compile_case(dataclasses.replace(case, irregularities=facts))

    def withdrawn(seat: int, text: str) -> Choice:
        return Choice(
            1, Seat.from_index(seat), "45C4(b)", "replace-own-card", card=Card.parse(text)
        )

    slip = Choice(1, S, "45C4(b)", "correct-designation", card=Card.parse("SJ"))
    assert check_all(problem(slip)).count == 1
    assert not check_all(problem(slip, withdrawn(1, "H5"))).feasible
    assert not check_all(problem(slip, withdrawn(1, "S5"))).feasible
    assert check_all(problem(slip, withdrawn(1, "H7"))).count == 1
    assert not check_all(problem(slip, withdrawn(3, "D7"))).feasible
