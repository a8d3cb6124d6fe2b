"""The CP-SAT engine against an independent brute force over every legal history.

The brute force plays every legal card seat by seat (Law 44 only) and prices each complete
history with ``evaluate``, the reference semantics; the engine must agree on feasibility,
minimum cost, exact counts per declarer-trick total, contradicted and forced units.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bridge import ALL_CARDS, Card, Contract, Deal, Seat, Side, parse_cards
from solver.bridge.masks import trick_winner
from solver.engines.cpsat import declarer_trick_range, explain_impossible, forced_units, solve
from solver.engines.problem import Problem, compile_case, evaluate
from solver.facts import AgreedTrick, Case, MixedWhen, Row, Statement
from solver.facts.history import History
from tests.engines import brute
from tests.engines.brute import BruteResult

# N: SAKQJ HT98 D765 C432   E: ST987 HAKQ DJ8 CT987
# S: S65432 HJ7 DAKQ2 CAK    W: (void) H65432 DT943 CQJ65
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65")


# ---------------------------------------------------------------------------------------------
# Building cases


def intact(seat: str, text: str) -> Row:
    """An intact row: cards in trick order, each optionally marked + or -."""
    cards: list[Card] = []
    marks: list[str | None] = []
    for token in text.split():
        mark = token[-1] if token[-1] in "+-" else None
        cards.append(Card.parse(token.rstrip("+-")))
        marks.append(mark)
    return Row(Seat.parse(seat), tuple(cards), mixed=False, marks=tuple(marks))


def mixed(seat: str, text: str) -> Row:
    return Row(
        Seat.parse(seat), tuple(parse_cards(text)), mixed=True, when=MixedWhen.BEFORE_AGREEMENT
    )


def agreed(number: int, leader: str, text: str) -> AgreedTrick:
    return AgreedTrick(number, Seat.parse(leader), tuple(parse_cards(text)))


def says(by: str | None, **what: object) -> Statement:
    """A statement; ``index`` is filled in by ``problem``."""
    owner = None if by is None else Side.parse(by) if len(by) == 2 else Seat.parse(by)
    if "declarer_tricks" in what:
        return Statement(
            0, owner, "declarer_tricks", declarer_tricks=int(str(what["declarer_tricks"]))
        )
    trick = int(str(what["trick"]))
    if "winner" in what:
        text = str(what["winner"])
        winner = Side.parse(text) if len(text) == 2 else Seat.parse(text)
        return Statement(0, owner, "winner", trick=trick, winner=winner)
    played = what["played"]
    assert isinstance(played, dict)
    pairs = tuple((Seat.parse(s), Card.parse(c)) for s, c in played.items())
    return Statement(0, owner, "played", trick=trick, played=pairs)


def problem(
    rows: list[Row],
    *,
    tricks: int,
    contract: str = "3NT",
    declarer: str = "S",
    deal: Deal = DEAL,
    agreed_tricks: tuple[AgreedTrick, ...] = (),
    statements: tuple[Statement, ...] = (),
) -> Problem:
    seat = Seat.parse(declarer)
    numbered = tuple(
        Statement(i, s.by, s.kind, s.trick, s.declarer_tricks, s.winner, s.played)
        for i, s in enumerate(statements)
    )
    case = Case(
        title="test",
        deal=deal,
        contract=Contract.parse(contract),
        declarer=seat,
        opening_leader=seat.lho,
        tricks_played=tricks,
        rows={row.seat: row for row in rows},
        agreed_tricks=agreed_tricks,
        statements=numbered,
    )
    return compile_case(case)


# ---------------------------------------------------------------------------------------------
# The brute force


Trick = tuple[int, tuple[int, int, int, int]]


def all_legal_histories(p: Problem) -> list[History]:
    """Every play of p.tricks tricks obeying Law 44, each seat playing only its playable cards."""
    out: list[History] = []

    def trick(number: int, leader: int, held: list[int], prefix: list[Trick]) -> None:
        if number == p.tricks:
            out.append(tuple(prefix))
            return
        contribute(number, leader, held, prefix, [])

    def contribute(
        number: int, leader: int, held: list[int], prefix: list[Trick], cards: list[int]
    ) -> None:
        if len(cards) == 4:
            by_seat = [cards[(seat - leader) % 4] for seat in range(4)]
            rest = [held[seat] & ~(1 << by_seat[seat]) for seat in range(4)]
            four = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
            trick(number + 1, trick_winner(leader, four, p.trump), rest, [*prefix, (leader, four)])
            return
        seat = (leader + len(cards)) % 4
        options = [c for c in range(52) if (held[seat] & p.playable[seat]) >> c & 1]
        if cards:
            suit = cards[0] // 13
            if any(held[seat] >> c & 1 for c in range(52) if c // 13 == suit):
                options = [c for c in options if c // 13 == suit]
        for card in options:
            contribute(number, leader, held, prefix, [*cards, card])

    trick(0, p.opening_leader, list(p.hands), [])
    return out


def brute_force(p: Problem) -> BruteResult:
    """The cheapest of the histories ``all_legal_histories`` plays, as ``evaluate`` prices them."""
    return brute.brute_force(p, all_legal_histories(p))


def assert_agrees_with_brute_force(
    p: Problem, *, listed: int = 4, explain: bool = True
) -> BruteResult:
    """Everything ``solve`` and the explanation functions say, checked against the brute force.

    With ``explain`` False, ``explain_impossible`` is only asked about impossible facts.
    """
    expected = brute_force(p)
    got = solve(p, list_limit=listed)
    assert got.engine == "cpsat"
    assert got.feasible == expected.feasible
    if not expected.feasible:
        assert (got.count, got.count_at_least, got.outcomes) == (0, 0, {})
        assert explain_impossible(p)
        return expected
    assert got.min_cost == expected.min_cost
    assert got.notes == []  # in particular no duplicate solutions: auxiliaries follow the plays
    assert got.count == got.count_at_least == expected.count
    assert got.outcomes == expected.outcomes
    assert got.contradicted == expected.contradicted
    assert got.listed == expected.histories[:listed]
    assert got.trick_winners == expected.trick_winners
    assert expected.min_cost is not None
    assert forced_units(p, expected.min_cost) == expected.forced
    totals = sorted(expected.outcomes)
    assert declarer_trick_range(p, expected.min_cost) == (totals[-1], totals[0])
    if explain:
        assert explain_impossible(p) is None
    return expected


def unit_keys(p: Problem, units: frozenset[int] | None) -> set[str]:
    assert units is not None
    return {p.units[u].key for u in units}


# ---------------------------------------------------------------------------------------------
# A four-trick play at no trump, declarer South, West on lead:
#   1. W: D3 D5 DJ DA (S)   2. S: S2 H2 SA S7 (N)   3. N: HT HA H7 H3 (E)   4. E: CT CA C5 C2 (S)

NT_ROWS = {
    "W": "D3 H2 H3 C5",
    "N": "D5 SA HT C2",
    "E": "DJ S7 HA CT",
    "S": "DA S2 H7 CA",
}


def test_mixed_rows_count_every_legal_order() -> None:
    p = problem([mixed(seat, cards) for seat, cards in NT_ROWS.items()], tricks=4)
    expected = assert_agrees_with_brute_force(p)
    assert expected.count > 1
    assert expected.min_cost == 0


def test_intact_rows_in_the_true_order_give_one_history() -> None:
    p = problem([intact(seat, cards) for seat, cards in NT_ROWS.items()], tricks=4)
    expected = assert_agrees_with_brute_force(p)
    assert expected.count == 1
    assert expected.outcomes == {3: 1}


def test_an_intact_row_out_of_order_is_contradicted() -> None:
    rows = [intact(seat, cards) for seat, cards in NT_ROWS.items() if seat != "N"]
    rows.append(intact("N", "SA D5 HT C2"))  # SA cannot be played to a diamond lead
    p = problem(rows, tricks=4)
    expected = assert_agrees_with_brute_force(p)
    assert expected.min_cost is not None and expected.min_cost >= 1000
    result = solve(p)
    assert "order:N" in unit_keys(p, result.contradicted)


def test_orientation_marks_price_the_tricks_won() -> None:
    rows = [
        intact("W", "D3- H2+ H3+ C5-"),  # H2+ is wrong: NS won trick 2
        mixed("N", NT_ROWS["N"]),
        intact("E", "DJ- S7- HA+ CT-"),
        mixed("S", NT_ROWS["S"]),
    ]
    p = problem(rows, tricks=4)
    expected = assert_agrees_with_brute_force(p)
    assert expected.min_cost is not None and expected.min_cost >= 1000


def test_a_seat_with_no_row_may_play_any_of_its_cards() -> None:
    rows = [mixed("W", "D3 H2"), mixed("N", "D5 SA"), mixed("S", "DA S2")]
    p = problem(rows, tricks=2)
    expected = assert_agrees_with_brute_force(p)
    assert expected.count >= 8  # East follows with DJ or D8, then any of four spades


def test_statements_of_each_kind_are_evidence() -> None:
    statements = (
        says("NS", declarer_tricks=4),
        says("EW", declarer_tricks=3),
        says("E", trick=3, winner="E"),
        says("S", trick=2, winner="EW"),
        says("W", trick=4, played={"N": "C2", "E": "CT"}),
    )
    p = problem(
        [mixed(seat, cards) for seat, cards in NT_ROWS.items()], tricks=4, statements=statements
    )
    expected = assert_agrees_with_brute_force(p)
    assert expected.min_cost is not None and 0 < expected.min_cost < 1000


def test_agreed_statements_and_tricks_are_hard() -> None:
    statements = (says(None, trick=3, winner="E"), says("NS", declarer_tricks=4))
    p = problem(
        [mixed(seat, cards) for seat, cards in NT_ROWS.items()],
        tricks=4,
        agreed_tricks=(agreed(1, "W", "D3 D5 DJ DA"),),
        statements=statements,
    )
    expected = assert_agrees_with_brute_force(p)
    d3 = Card.parse("D3").index
    assert all(h[0][1][3] == d3 for h in expected.histories)


def test_trump_contract_with_ruffs() -> None:
    # 4H by North, East leads: 1. E: ST S2 H2 SJ (W ruffs)  2. W: D3 D5 D8 DA (S)
    #                          3. S: S3 H3 SQ S7 (W ruffs)
    rows = [
        intact("E", "ST+ D8- S7+"),
        intact("W", "H2+ D3- H3+"),
        mixed("S", "S2 DA S3"),
        intact("N", "SJ- D5+ SQ+"),  # SQ+ is wrong
    ]
    statements = (says("NS", declarer_tricks=2), says("EW", trick=1, winner="W"))
    p = problem(rows, tricks=3, contract="4H", declarer="N", statements=statements)
    expected = assert_agrees_with_brute_force(p)
    assert expected.outcomes
    ruffs = [h for h in expected.histories if any(c // 13 == 1 for _l, t in h for c in t)]
    assert ruffs


def test_impossible_hard_facts_are_explained() -> None:
    rows = [mixed(seat, cards) for seat, cards in NT_ROWS.items()]
    p = problem(rows, tricks=4, agreed_tricks=(agreed(1, "N", "D5 DJ DA D3"),))
    assert_agrees_with_brute_force(p)
    assert explain_impossible(p) == ["opening leader W", "agreed trick 1: N: D5 DJ DA D3"]


def test_an_impossible_agreed_total_names_the_statement_and_rows() -> None:
    rows = [mixed(seat, cards) for seat, cards in NT_ROWS.items()]
    p = problem(rows, tricks=4, statements=(says(None, declarer_tricks=0),))
    result = solve(p)
    assert result.feasible is False and result.count == 0
    reasons = explain_impossible(p)
    assert reasons and "agreed statement 0: declarer's side won 0 tricks" in reasons
    assert any("row holds" in reason for reason in reasons)


def test_count_limit_leaves_counts_open() -> None:
    p = problem([mixed(seat, cards) for seat, cards in NT_ROWS.items()], tricks=4)
    expected = brute_force(p)
    result = solve(p, count_limit=3)
    assert result.count is None
    assert result.count_at_least == 3
    assert set(result.outcomes) == set(expected.outcomes)
    assert None in result.outcomes.values()
    assert sum(v for v in result.outcomes.values() if v is not None) <= 3


# ---------------------------------------------------------------------------------------------
# Random disputes built from random legal plays


def random_dispute(seed: int) -> Problem:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal(tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    declarer = rng.choice(list("NESW"))
    tricks = rng.randint(1, 3)
    trump = None if strain == "NT" else "SHDC".index(strain)
    play = random_play(rng, deal, Seat.parse(declarer).lho.index, trump, tricks)
    rowless = rng.randrange(4) if tricks <= 2 and rng.random() < 0.3 else None
    rows = [random_row(rng, seat, play, trump) for seat in range(4) if seat != rowless]
    statements = tuple(random_statement(rng, play, trump) for _ in range(rng.randint(0, 2)))
    return problem(
        rows,
        tricks=tricks,
        contract=f"3{strain}",
        declarer=declarer,
        deal=deal,
        statements=statements,
    )


def random_play(
    rng: random.Random, deal: Deal, leader: int, trump: int | None, tricks: int
) -> list[Trick]:
    held = [sorted(c.index for c in deal.hands[s]) for s in range(4)]
    play = []
    for _ in range(tricks):
        by_seat = [0, 0, 0, 0]
        for offset in range(4):
            seat = (leader + offset) % 4
            options = held[seat]
            if offset:
                suit = by_seat[leader] // 13
                options = [c for c in options if c // 13 == suit] or options
            by_seat[seat] = rng.choice(options)
            held[seat].remove(by_seat[seat])
        four = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
        play.append((leader, four))
        leader = trick_winner(leader, four, trump)
    return play


def random_row(rng: random.Random, seat: int, play: list[Trick], trump: int | None) -> Row:
    """The seat's cards of the true play: mixed, or intact (sometimes disordered) with marks
    that are mostly true."""
    won = {t[seat]: trick_winner(lead, t, trump) % 2 == seat % 2 for lead, t in play}
    cards = [t[seat] for _lead, t in play]
    if rng.random() < 0.4:
        rng.shuffle(cards)
        return mixed("NESW"[seat], " ".join(str(Card.from_index(c)) for c in cards))
    if rng.random() < 0.3:
        rng.shuffle(cards)
    tokens = []
    for card in cards:
        mark = rng.choice(["", "true", "true", "false"])
        pointed = won[card] if mark == "true" else not won[card]
        tokens.append(str(Card.from_index(card)) + ("" if not mark else "+" if pointed else "-"))
    return intact("NESW"[seat], " ".join(tokens))


def random_statement(rng: random.Random, play: list[Trick], trump: int | None) -> Statement:
    by = rng.choice(["NS", "EW", "N", "E", "S", "W", None, "NS"])
    kind = rng.choice(["declarer_tricks", "winner", "played"])
    if kind == "declarer_tricks":
        return says(by, declarer_tricks=rng.randint(0, len(play)))
    trick = rng.randrange(len(play))
    if kind == "winner":
        return says(by, trick=trick + 1, winner=rng.choice(["N", "E", "S", "W", "NS", "EW"]))
    seat = rng.randrange(4)
    card = rng.choice(play)[1][seat]
    return says(by, trick=trick + 1, played={"NESW"[seat]: str(Card.from_index(card))})


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_disputes_agree_with_brute_force(seed: int) -> None:
    assert_agrees_with_brute_force(random_dispute(seed), explain=False)


def test_a_time_limit_never_gives_a_partial_count() -> None:
    rng = random.Random(5)
    play = random_play(rng, DEAL, Seat.WEST.index, None, 13)
    rows = [
        mixed("NESW"[seat], " ".join(str(Card.from_index(t[seat])) for _l, t in play))
        for seat in range(4)
    ]
    p = problem(rows, tricks=13)
    result = solve(p, time_limit=1.0, list_limit=3)
    # On a loaded machine even feasibility may not be decided in 1 s: then nothing is claimed.
    assert result.feasible in (True, None)
    assert result.count is None
    assert result.notes
    assert all(v is None for v in result.outcomes.values())
    if result.feasible is None or not result.totals_proved:
        assert result.outcomes == {}
    assert len(result.listed) == min(3, result.count_at_least)
    assert all(evaluate(p, history).legal for history in result.listed)


def test_the_examples_optimisation_lists_are_the_same_at_every_run() -> None:
    """When counting cannot finish, the histories listed are optimisation's examples: the same
    at every run (one worker, a fixed seed; docs/case-format.md, ``--list N``), and a shorter
    listing is the start of a longer one. All four rows mixed: about 10^23 histories."""
    from solver import load_case
    from solver.engines import decide_outcomes

    problem = compile_case(load_case("cases/four-rows-mixed.yaml"))
    runs = [
        decide_outcomes(problem, time_limit=20, list_limit=limit, first_search=0)[0]
        for limit in (3, 3, 1)
    ]
    assert all(found.totals_proved for found in runs)
    first, again, one = (found.listed for found in runs)
    assert len(first) == 2  # one example per total, 9 and 10
    assert first == again and one == first[:1]
