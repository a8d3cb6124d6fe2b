"""The python-constraint engine against a brute force written here, and against ``evaluate``.

The brute force below enumerates plays seat by seat with nothing but Law 44 and lets
``evaluate`` (the reference semantics) decide legality and cost; the engine builds a CSP and
prices its solutions itself. The two must agree on everything an engine reports.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.bridge import Card, Contract, Deal, Seat, Side, parse_cards
from solver.bridge.masks import trick_winner
from solver.engines import pyconstraint
from solver.engines.problem import Problem, compile_case, evaluate
from solver.engines.result import EngineResult
from solver.errors import EngineError
from solver.facts import AgreedTrick, Case, MixedWhen, Row, Statement
from solver.facts.history import History, PlayedTrick

DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"

# A real four-trick play of DEAL in 4S by South, West on lead (declarer wins trick 1 only):
#   1 W: DK D9 D4 DA (S)   2 S: SJ S2 S3 SQ (E)   3 E: HK H3 H5 H2 (E)   4 E: DQ D2 D3 DT (E)
PLAY = {"N": "D9 S3 H2 DT", "E": "D4 SQ HK DQ", "S": "DA SJ H3 D2", "W": "DK S2 H5 D3"}

# Another play, with a ruff at trick 4 (S is void in diamonds and trumps with the S4):
#   1 W: DK D9 D4 D2 (W)   2 W: D3 DT DQ DA (S)   3 S: H3 H5 HQ HK (E)   4 E: DJ S4 D5 S3 (S)
RUFF = {"N": "D9 DT HQ S3", "E": "D4 DQ HK DJ", "S": "D2 DA H3 S4", "W": "DK D3 H5 D5"}


# --- building cases -------------------------------------------------------------------------


def _row(seat: Seat, text: str, tricks: int) -> Row:
    """``"mixed: D9 S3"`` is a mixed row; ``"D9+ S3- H2"`` an intact row with marks."""
    if text.startswith("mixed:"):
        cards = tuple(parse_cards(text.removeprefix("mixed:"))[:tricks])
        return Row(seat, cards, mixed=True, when=MixedWhen.BEFORE_AGREEMENT)
    tokens = text.split()[:tricks]
    marks = tuple(token[-1] if token[-1] in "+-" else None for token in tokens)
    cards = tuple(Card.parse(token.rstrip("+-")) for token in tokens)
    return Row(seat, cards, mixed=False, marks=marks)


def _owner(text: str) -> Seat | Side:
    return Side.parse(text) if len(text) == 2 else Seat.parse(text)


def _statement(index: int, spec: dict[str, object]) -> Statement:
    """A statement from a dict shaped like the case file's ({"by": "NS", "winner": "E", ...})."""
    by = None if spec["by"] == "agreed" else _owner(str(spec["by"]))
    trick = spec.get("trick")
    number = None if trick is None else int(str(trick))
    if "declarer_tricks" in spec:
        total = int(str(spec["declarer_tricks"]))
        return Statement(index, by, "declarer_tricks", declarer_tricks=total)
    if "winner" in spec:
        return Statement(index, by, "winner", trick=number, winner=_owner(str(spec["winner"])))
    played = spec["played"]
    assert isinstance(played, dict)
    pairs = tuple((Seat.parse(s), Card.parse(c)) for s, c in played.items())
    return Statement(index, by, "played", trick=number, played=pairs)


def make_problem(
    rows: dict[str, str],
    tricks: int,
    *,
    contract: str = "4S",
    deal: str = DEAL,
    agreed: dict[int, str] | None = None,
    statements: list[dict[str, object]] | None = None,
) -> Problem:
    """Compile a case of ``tricks`` tricks: South declares, West leads."""
    case = Case(
        title="test",
        deal=Deal.from_pbn(deal),
        contract=Contract.parse(contract),
        declarer=Seat.SOUTH,
        opening_leader=Seat.WEST,
        tricks_played=tricks,
        rows={Seat.parse(s): _row(Seat.parse(s), text, tricks) for s, text in rows.items()},
        agreed_tricks=tuple(
            AgreedTrick(number, Seat.parse(text[0]), tuple(parse_cards(text[2:])))
            for number, text in (agreed or {}).items()
        ),
        statements=tuple(_statement(i, spec) for i, spec in enumerate(statements or [])),
    )
    return compile_case(case)


def mixed(play: dict[str, str]) -> dict[str, str]:
    return {seat: f"mixed: {cards}" for seat, cards in play.items()}


# --- the brute force ------------------------------------------------------------------------


@dataclass
class Expected:
    legal: set[History]
    feasible: bool
    min_cost: int | None
    consistent: list[History]
    outcomes: dict[int, int]
    contradicted: frozenset[int]


def _trick_plays(problem: Problem, leader: int, held: list[int]) -> list[tuple[int, ...]]:
    """Every way the four seats can contribute to a trick under Law 44C, by seat."""
    plays: list[dict[int, int]] = [{}]
    for offset in range(4):
        seat = (leader + offset) % 4
        grown = []
        for partial in plays:
            options = [c for c in range(52) if (held[seat] & problem.playable[seat]) >> c & 1]
            if offset:
                led = partial[leader] // 13
                if any(held[seat] >> c & 1 and c // 13 == led for c in range(52)):
                    options = [c for c in options if c // 13 == led]
            grown += [{**partial, seat: card} for card in options]
        plays = grown
    return [tuple(p[s] for s in range(4)) for p in plays]


def legal_histories(problem: Problem) -> set[History]:
    """Brute force: every Law 44 play, then ``evaluate`` for the hard facts."""
    out: set[History] = set()

    def extend(prefix: list[PlayedTrick], leader: int, held: list[int]) -> None:
        if len(prefix) == problem.tricks:
            history = tuple(prefix)
            if evaluate(problem, history).legal:
                out.add(history)
            return
        for cards in _trick_plays(problem, leader, held):
            four = (cards[0], cards[1], cards[2], cards[3])
            after = [held[s] & ~(1 << four[s]) for s in range(4)]
            extend([*prefix, (leader, four)], trick_winner(leader, four, problem.trump), after)

    extend([], problem.opening_leader, list(problem.hands))
    return out


def brute_force(problem: Problem) -> Expected:
    legal = legal_histories(problem)
    priced = {h: evaluate(problem, h) for h in legal}
    min_cost = min((e.cost for e in priced.values()), default=None)
    consistent = sorted(h for h, e in priced.items() if e.cost == min_cost)
    outcomes = Counter(priced[h].declarer_tricks for h in consistent)
    contradicted = frozenset().union(*(priced[h].contradicted for h in consistent))
    return Expected(legal, bool(legal), min_cost, consistent, dict(outcomes), contradicted)


def check(problem: Problem, list_limit: int = 5) -> tuple[EngineResult, Expected]:
    """Solve with the engine and hold every field to the brute force and to ``evaluate``."""
    found = pyconstraint.solve(problem, list_limit=list_limit)
    expected = brute_force(problem)
    assert found.engine == "pyconstraint"
    solutions = list(pyconstraint.histories(problem))
    assert {h for h, _w in solutions} == expected.legal
    assert len(solutions) == len(expected.legal), "the CSP produced a history twice"
    for history, winners in solutions:
        evaluation = evaluate(problem, history)
        assert winners == evaluation.winners
        assert pyconstraint.price(problem, history, winners) == (
            evaluation.cost,
            evaluation.contradicted,
        )
    assert found.feasible == expected.feasible
    assert found.min_cost == expected.min_cost
    assert found.count == found.count_at_least == len(expected.consistent)
    assert found.outcomes == expected.outcomes
    assert found.contradicted == expected.contradicted
    assert found.listed == expected.consistent[:list_limit]
    for history in found.listed:
        evaluation = evaluate(problem, history)
        assert evaluation.legal and evaluation.cost == found.min_cost
    _check_trick_winners(problem, found, expected)
    return found, expected


def _check_trick_winners(problem: Problem, found: EngineResult, expected: Expected) -> None:
    groups: dict[int, list[set[int]]] = {}
    for history in expected.consistent:
        evaluation = evaluate(problem, history)
        per_trick = groups.setdefault(evaluation.declarer_tricks, [set() for _ in history])
        for number, winner in enumerate(evaluation.winners):
            per_trick[number].add(winner)
    assert found.trick_winners == {k: [frozenset(s) for s in v] for k, v in groups.items()}


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [1, 2, 3, 4])
@pytest.mark.parametrize("contract", ["4S", "3NT"])
def test_all_rows_mixed(tricks: int, contract: str) -> None:
    found, expected = check(make_problem(mixed(PLAY), tricks, contract=contract))
    assert found.feasible and found.min_cost == 0
    true_play = pyconstraint.solve(make_problem(PLAY, tricks, contract=contract), list_limit=2)
    assert true_play.count == 1 and true_play.min_cost == 0
    assert true_play.listed[0] in expected.consistent


def test_intact_rows_in_true_order_give_the_true_play_only() -> None:
    found, _ = check(make_problem(PLAY, 4))
    assert found.count == 1 and found.min_cost == 0
    assert found.outcomes == {1: 1}


def test_mixed_and_intact_rows_together() -> None:
    rows = {"N": PLAY["N"], "E": "mixed: " + PLAY["E"], "S": PLAY["S"], "W": "mixed: " + PLAY["W"]}
    found, _ = check(make_problem(rows, 4))
    assert found.min_cost == 0


def test_intact_rows_that_cannot_both_be_right_are_both_contradicted() -> None:
    # West's row leads the DK to trick 1; North's puts the S3 there, though he holds diamonds.
    rows = {**mixed(PLAY), "N": "S3 D9 H2 DT", "W": PLAY["W"]}
    problem = make_problem(rows, 4)
    found, _ = check(problem)
    assert found.min_cost == 1000
    orders = {problem.order_unit[Seat.NORTH.index], problem.order_unit[Seat.WEST.index]}
    assert found.contradicted == frozenset(orders)


def test_orientation_marks() -> None:
    # True marks except East's HK pointed as lost (East won trick 3) and North's D9 as won.
    rows = {
        "N": "D9+ S3- H2- DT-",
        "E": "D4- SQ+ HK- DQ+",
        "S": "DA+ SJ- H3- D2-",
        "W": "DK- S2+ H5+ D3+",
    }
    problem = make_problem(rows, 4)
    found, _ = check(problem)
    assert found.min_cost is not None and found.min_cost >= 1000


def test_orientation_marks_on_mixed_order() -> None:
    rows = {**mixed(PLAY), "E": "DQ+ SQ+ HK+ D4+", "N": "D9- H2+ S3- DT-"}
    found, _ = check(make_problem(rows, 4))
    assert found.feasible


@pytest.mark.parametrize(
    "statement",
    [
        {"by": "NS", "declarer_tricks": 2},
        {"by": "EW", "declarer_tricks": 1},
        {"by": "E", "trick": 2, "winner": "E"},
        {"by": "W", "trick": 2, "winner": "NS"},
        {"by": "N", "trick": 3, "played": {"E": "HK"}},
        {"by": "S", "trick": 3, "played": {"E": "DQ", "W": "D3"}},
    ],
)
def test_each_statement_kind_as_evidence(statement: dict[str, object]) -> None:
    found, _ = check(make_problem(mixed(PLAY), 4, statements=[statement]))
    assert found.min_cost in (0, 1)


def test_statements_outweighed_by_the_cards() -> None:
    statements: list[dict[str, object]] = [
        {"by": "NS", "declarer_tricks": 3},
        {"by": "EW", "declarer_tricks": 1},
        {"by": "E", "trick": 4, "winner": "S"},
    ]
    rows = {**mixed(PLAY), "S": "DA+ SJ- H3- D2-"}
    found, _ = check(make_problem(rows, 4, statements=statements))
    assert found.min_cost is not None and found.min_cost % 1000 >= 1


@pytest.mark.parametrize(
    "statement",
    [
        {"by": "agreed", "declarer_tricks": 2},
        {"by": "agreed", "trick": 2, "winner": "EW"},
        {"by": "agreed", "trick": 4, "played": {"N": "DT"}},
    ],
)
def test_agreed_statements_are_hard(statement: dict[str, object]) -> None:
    found, expected = check(make_problem(mixed(PLAY), 4, statements=[statement]))
    unconstrained = brute_force(make_problem(mixed(PLAY), 4))
    assert expected.legal < unconstrained.legal
    assert found.feasible


def test_agreed_tricks() -> None:
    agreed = {1: "W: DK D9 D4 DA", 3: "E: HK H3 H5 H2"}
    found, expected = check(make_problem(mixed(PLAY), 4, agreed=agreed))
    assert found.feasible
    assert all(h[0] == expected.consistent[0][0] for h in expected.consistent)


@pytest.mark.parametrize(
    ("agreed", "statements"),
    [
        ({}, [{"by": "agreed", "declarer_tricks": 4}]),
        ({1: "W: DK D9 D8 DA"}, []),  # D8 is East's, but not in East's row
        ({2: "N: SA S2 S3 SQ"}, []),  # North cannot lead trick 2, nor play the SA (not in row)
        ({}, [{"by": "agreed", "trick": 1, "played": {"W": "S2", "E": "D4"}}]),  # E holds SQ
    ],
)
def test_impossible_hard_facts(agreed: dict[int, str], statements: list[dict[str, object]]) -> None:
    found, _ = check(make_problem(mixed(PLAY), 4, agreed=agreed, statements=statements))
    assert found.feasible is False
    assert found.min_cost is None and found.count == 0
    assert found.outcomes == {} and found.contradicted == frozenset() and found.listed == []


@pytest.mark.parametrize("contract", ["4S", "3NT", "4H"])
def test_trumps(contract: str) -> None:
    statements: list[dict[str, object]] = [{"by": "S", "trick": 4, "winner": "S"}]
    found, _ = check(make_problem(mixed(RUFF), 4, contract=contract, statements=statements))
    assert found.feasible


def test_the_ruff_wins_only_in_spades() -> None:
    spades, _ = check(make_problem(RUFF, 4, contract="4S"))
    notrump, _ = check(make_problem(RUFF, 4, contract="3NT"))
    assert spades.outcomes == {2: 1}
    assert notrump.outcomes == {1: 1}


@pytest.mark.parametrize("tricks", [1, 2])
def test_a_seat_without_a_row_may_play_any_card(tricks: int) -> None:
    rows = {seat: text for seat, text in mixed(PLAY).items() if seat != "W"}
    _found, expected = check(make_problem(rows, tricks), list_limit=1000)
    west_cards = {h[0][1][Seat.WEST.index] for h in expected.consistent}
    assert len(west_cards) > 1


def test_a_seat_without_a_row_still_must_follow_suit() -> None:
    # East has no row: at trick 1 (diamond lead) he must follow with one of his four diamonds.
    rows = {seat: text for seat, text in mixed(PLAY).items() if seat != "E"}
    found, expected = check(make_problem(rows, 1), list_limit=1000)
    east = {Card.from_index(h[0][1][Seat.EAST.index]) for h in expected.consistent}
    assert {str(c) for c in east} == {"DQ", "DJ", "D8", "D4"}
    assert found.count == 4


def test_listing_is_sorted_and_limited() -> None:
    problem = make_problem(mixed(PLAY), 4)
    everything = pyconstraint.solve(problem, list_limit=10_000)
    assert everything.count is not None and len(everything.listed) == everything.count
    assert everything.listed == sorted(everything.listed)
    assert pyconstraint.solve(problem, list_limit=3).listed == everything.listed[:3]
    assert pyconstraint.solve(problem).listed == []


def test_too_many_tricks_is_refused() -> None:
    problem = make_problem(mixed(PLAY), 4)
    too_big = dataclasses.replace(problem, tricks=pyconstraint.MAX_TRICKS + 1)
    with pytest.raises(EngineError, match="at most"):
        pyconstraint.solve(too_big)


def test_a_row_of_the_wrong_length_is_refused() -> None:
    problem = make_problem(mixed(PLAY), 4)
    with pytest.raises(EngineError, match="row holds 4 cards"):
        pyconstraint.solve(dataclasses.replace(problem, tricks=3))


def test_winner_of_reads_law_44() -> None:
    sa, s2, h3, c2 = (Card.parse(t).index for t in ("SA", "S2", "H3", "C2"))
    assert pyconstraint.winner_of(1, (sa, s2, h3, c2), None) == 0
    assert pyconstraint.winner_of(1, (sa, s2, h3, c2), 3) == 3
    assert pyconstraint.winner_of(2, (sa, s2, h3, c2), None) == 2


# --- random disputes --------------------------------------------------------------------------


RandomDispute = tuple[str, str, dict[str, str], list[dict[str, object]]]


def _random_dispute(rng: random.Random, tricks: int) -> RandomDispute:
    """A random deal, a random legal play, rows mixed or intact (shuffled, marks random)."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sorted(cards[13 * i : 13 * i + 13]) for i in range(4)]
    contract = rng.choice(["3NT", "4S", "4H", "5D", "5C"])
    trump = Contract.parse(contract).strain.trump_suit_index
    held, leader = [set(h) for h in hands], 3
    rows: list[list[int]] = [[] for _ in range(4)]
    for _ in range(tricks):
        trick = [-1, -1, -1, -1]
        for offset in range(4):
            seat = (leader + offset) % 4
            follow = [c for c in held[seat] if offset and c // 13 == trick[leader] // 13]
            trick[seat] = rng.choice(sorted(follow or held[seat]))
            held[seat].discard(trick[seat])
            rows[seat].append(trick[seat])
        leader = trick_winner(leader, (trick[0], trick[1], trick[2], trick[3]), trump)
    texts: dict[str, str] = {}
    for seat in range(4):
        names = [str(Card.from_index(c)) for c in rows[seat]]
        if rng.random() < 0.5:
            texts["NESW"[seat]] = "mixed: " + " ".join(names)
        else:
            if rng.random() < 0.3:
                rng.shuffle(names)
            texts["NESW"[seat]] = " ".join(n + rng.choice(["", "+", "-"]) for n in names)
    if tricks <= 2 and rng.random() < 0.3:
        del texts[rng.choice("NESW")]
    statements: list[dict[str, object]] = []
    for _ in range(rng.randint(0, 2)):
        by = rng.choice(["NS", "EW", "N", "E", "S", "W"])
        statements.append({"by": by, "declarer_tricks": rng.randint(0, tricks)})
        statements.append({"by": by, "trick": rng.randint(1, tricks), "winner": rng.choice("NESW")})
    deal = "N:" + " ".join(
        ".".join(
            "".join("23456789TJQKA"[c % 13] for c in sorted(hand, reverse=True) if c // 13 == suit)
            for suit in range(4)
        )
        for hand in hands
    )
    return deal, contract, texts, statements


@pytest.mark.parametrize("seed", range(30))
def test_random_disputes(seed: int) -> None:
    rng = random.Random(seed)
    tricks = rng.choice([1, 2, 3, 3])
    deal, contract, rows, statements = _random_dispute(rng, tricks)
    check(make_problem(rows, tricks, contract=contract, deal=deal, statements=statements))
