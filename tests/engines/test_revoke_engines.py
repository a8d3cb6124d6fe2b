"""Revoke allegations (Law 61A) in the CP-SAT and python-constraint engines.

A revoke allegation relaxes Law 44C: the accused player may have failed to follow suit, at the
trick named (any number of times there), or once in the suit named, or (a wildcard) anyone once
anywhere. Both engines are held to a brute force written here: it plays every card of every
row at every trick, prunes a play only once ``Problem.permit`` admits none of its revokes, and
lets ``evaluate`` (the reference semantics) judge each complete history. They must agree on
feasibility, minimum cost, counts, totals, outcome groups (total and revokes), contradicted
units and the histories listed.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bridge import ALL_CARDS, Card, Deal, Seat
from solver.bridge.masks import SUIT_MASKS, trick_winner
from solver.engines import cpsat, pyconstraint
from solver.engines.problem import (
    Problem,
    RevokePermit,
    compile_case,
    evaluate,
)
from solver.engines.result import EngineResult
from solver.facts.history import History, PlayedTrick
from solver.facts.outcome import Outcome
from solver.records.casefile import case_from_dict, loads_case
from tests.engines import brute
from tests.engines.agreement import assert_agrees
from tests.engines.brute import BruteResult

# N: SAK73 HQ42 DT9 CAJ52     E: SQT5 HKJ7 DQJ84 CK63
# S: SJ984 HA963 DA2 CQ74     W: S62 HT85 DK7653 CT98
DEAL = "N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98"
WILDCARD = RevokePermit(None, None, None)
"""Anyone may have revoked once, anywhere: what the hint search adds (no case file says it)."""


# --- building cases -------------------------------------------------------------------------


def make_problem(
    rows: dict[str, str],
    *,
    revokes: Sequence[Mapping[str, object]] = (),
    statements: Sequence[Mapping[str, object]] = (),
    wildcards: int = 0,
    agreed: dict[int, str] | None = None,
    deal: str = DEAL,
    contract: str = "4S",
    declarer: str = "S",
    edition: int = 2017,
) -> Problem:
    """A case whose rows are ``"mixed: ..."`` or intact (``"D9+ S3-"``), compiled.

    ``revokes`` are the allegations as a case file writes them (``{"seat": "E", "trick": 2}``),
    made by the other side of the table.
    """
    play_rows: dict[str, Any] = {
        seat: {"mixed": text.removeprefix("mixed:").strip()} if text.startswith("mixed:") else text
        for seat, text in rows.items()
    }
    alleged = [{"by": "NS" if str(r["seat"]) in "EW" else "EW", "revoke": r} for r in revokes]
    case = case_from_dict(
        {
            "title": "revoke test",
            "edition": edition,
            "deal": deal,
            "contract": contract,
            "declarer": declarer,
            "play": {"rows": play_rows, "tricks": agreed or {}},
            "statements": [*statements, *alleged],
        }
    )
    problem = compile_case(case)
    return dataclasses.replace(problem, permits=problem.permits + (WILDCARD,) * wildcards)


# --- the brute force ------------------------------------------------------------------------


def _trick_plays(p: Problem, number: int, leader: int, held: list[int], used: int) -> list[Any]:
    """Every (cards by seat, permits used up) for one trick: any card a seat still holds in its
    row, except a revoke that no permit still unused admits (``Problem.permit``)."""
    options = [[c for c in range(52) if (held[s] & p.playable[s]) >> c & 1] for s in range(4)]
    if number in p.agreed:  # any other play is ruled out by ``evaluate`` anyway
        options = [[card] for card in p.agreed[number][1]]
    plays = []
    for four in itertools.product(*options):
        led = four[leader] // 13
        spent = used
        for seat in range(4):
            if four[seat] // 13 != led and held[seat] & SUIT_MASKS[led]:
                bit = p.permit(seat, number, led, spent)
                if bit < 0:
                    break
                spent |= bit
        else:
            plays.append((four, spent))
    return plays


def all_histories(p: Problem) -> list[History]:
    """Plays of ``p.tricks`` tricks that no prefix rules out; ``evaluate`` still judges them."""
    out: list[History] = []

    def extend(prefix: list[PlayedTrick], leader: int, held: list[int], used: int) -> None:
        if len(prefix) == p.tricks:
            out.append(tuple(prefix))
            return
        for four, spent in _trick_plays(p, len(prefix), leader, held, used):
            after = [held[s] & ~(1 << four[s]) for s in range(4)]
            winner = trick_winner(leader, four, p.trump)
            extend([*prefix, (leader, four)], winner, after, spent)

    extend([], p.opening_leader, list(p.hands), 0)
    return out


def brute_force(p: Problem) -> BruteResult:
    """The cheapest of the histories ``all_histories`` plays, as ``evaluate`` prices them."""
    return brute.brute_force(p, all_histories(p))


# --- holding the engines to it --------------------------------------------------------------


def check_cpsat(p: Problem, expected: BruteResult, *, listed: int = 3) -> EngineResult:
    found = cpsat.solve(p, list_limit=listed)
    assert_agrees(p, found, expected, listed=listed, trick_winners=True)
    if not expected.feasible:
        assert cpsat.explain_impossible(p)
        return found
    assert found.notes == []  # in particular no duplicate solutions: revoke literals are exact
    assert expected.min_cost is not None
    assert cpsat.forced_units(p, expected.min_cost) == expected.forced
    totals = sorted(expected.outcomes)
    assert cpsat.declarer_trick_range(p, expected.min_cost) == (totals[-1], totals[0])
    return found


def check_pyconstraint(
    p: Problem, expected: BruteResult, *, listed: int = 3, each_history: bool = True
) -> EngineResult:
    """With ``each_history``, also the CSP's every solution (not only the cheapest) against
    ``evaluate``: a second enumeration, which takes seconds on some four-trick endings."""
    found = pyconstraint.solve(p, list_limit=listed)
    assert_agrees(p, found, expected, listed=listed, trick_winners=True)
    if each_history:
        solutions = [h for h, _w in pyconstraint.histories(p)]
        assert len(solutions) == len(set(solutions)), "the CSP produced a history twice"
        legal = {h for h in all_histories(p) if evaluate(p, h).legal}
        assert set(solutions) == legal
    return found


def check_both(p: Problem, *, each_history: bool = True) -> BruteResult:
    expected = brute_force(p)
    check_cpsat(p, expected)
    check_pyconstraint(p, expected, each_history=each_history)
    return expected


def revokes_of(key: Outcome) -> list[tuple[int, str, str]]:
    """The revokes of an outcome key as (1-based trick, seat, suit led)."""
    return [(e.trick + 1, "NESW"[e.seat], "SHDC"[e.suit]) for e in key.revokes]


# --- explicit cases -------------------------------------------------------------------------
# 4S by South, West on lead. South holds DA D2 throughout the diamond tricks below.

TWO_DIAMOND_DISCARDS = {"W": "mixed: DK D3", "N": "mixed: D9 DT", "E": "mixed: D4 DQ"}
"""Two diamond tricks in which South, holding diamonds, discards twice (row below)."""


def test_without_an_allegation_a_revoke_is_no_history() -> None:
    p = make_problem({**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 H6"})
    assert not check_both(p).feasible
    reasons = cpsat.explain_impossible(p)
    assert reasons and all("row holds" in reason for reason in reasons)


def test_a_trick_allegation_admits_that_trick_only() -> None:
    # South's H3 and DA: the H3 on trick 1's diamond is a revoke; the DA first would win
    # trick 1 and lead the H3, on which North, East and West (holding hearts) would discard.
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 DA"}
    at_one = check_both(make_problem(rows, revokes=({"seat": "S", "trick": 1},)))
    assert at_one.feasible
    assert {tuple(revokes_of(key)) for key in at_one.groups} == {((1, "S", "D"),)}
    assert all(h[0][1][2] == Card.parse("H3").index for h in at_one.histories)
    at_two = check_both(make_problem(rows, revokes=({"seat": "S", "trick": 2},)))
    assert not at_two.feasible


def test_a_trick_allegation_naming_another_suit_admits_nothing() -> None:
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 DA"}
    revokes = ({"seat": "S", "trick": 1, "suit": "H"},)
    assert not check_both(make_problem(rows, revokes=revokes)).feasible
    revokes = ({"seat": "S", "trick": 1, "suit": "D"},)
    assert check_both(make_problem(rows, revokes=revokes)).feasible


def test_a_trick_allegation_covers_every_revoke_at_that_trick_only() -> None:
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 H6"}
    one = make_problem(rows, revokes=({"seat": "S", "trick": 1},))
    assert not check_both(one).feasible  # trick 2 is a second, unadmitted revoke
    both = make_problem(rows, revokes=({"seat": "S", "trick": 1}, {"seat": "S", "trick": 2}))
    expected = check_both(both)
    assert expected.feasible
    assert {tuple(revokes_of(k)) for k in expected.groups} == {((1, "S", "D"), (2, "S", "D"))}


def test_a_suit_allegation_is_used_up_by_one_revoke() -> None:
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 H6"}
    once = make_problem(rows, revokes=({"seat": "S", "suit": "D"},))
    assert not check_both(once).feasible  # a second diamond revoke is not admitted
    twice = make_problem(rows, revokes=({"seat": "S", "suit": "D"}, {"seat": "S", "suit": "D"}))
    assert check_both(twice).feasible
    other_suit = make_problem(
        rows, revokes=({"seat": "S", "suit": "D"}, {"seat": "S", "suit": "H"})
    )
    assert not check_both(other_suit).feasible
    with_trick = make_problem(rows, revokes=({"seat": "S", "suit": "D"}, {"seat": "S", "trick": 2}))
    assert check_both(with_trick).feasible


def test_a_suit_allegation_admits_one_revoke_in_its_suit() -> None:
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 DA"}
    expected = check_both(make_problem(rows, revokes=({"seat": "S", "suit": "D"},)))
    assert expected.feasible and expected.count > 0
    assert {tuple(revokes_of(key)) for key in expected.groups} == {((1, "S", "D"),)}
    hearts = make_problem(rows, revokes=({"seat": "S", "suit": "H"},))
    assert not check_both(hearts).feasible


def test_a_wildcard_admits_any_one_revoke() -> None:
    rows = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 DA"}
    suit = brute_force(make_problem(rows, revokes=({"seat": "S", "suit": "D"},)))
    one = check_both(make_problem(rows, wildcards=1))
    assert one.groups == suit.groups and one.histories == suit.histories
    two_discards = {**TWO_DIAMOND_DISCARDS, "S": "mixed: H3 H6"}
    assert not check_both(make_problem(two_discards, wildcards=1)).feasible
    assert check_both(make_problem(two_discards, wildcards=2)).feasible
    mixed_permits = make_problem(two_discards, revokes=({"seat": "S", "suit": "D"},), wildcards=1)
    assert check_both(mixed_permits).feasible


def test_a_revoke_may_split_a_total_into_groups() -> None:
    # West leads the DK (South may follow with the D2 or discard the HA, still holding the DA)
    # or the H5; an allegation of South at trick 1 and in hearts admits both discards.
    rows = {"W": "mixed: DK H5", "N": "mixed: D9 H2", "E": "mixed: D4 H7", "S": "mixed: HA D2"}
    plain = check_both(make_problem(rows))
    revokes = ({"seat": "S", "trick": 1}, {"seat": "S", "suit": "H"})
    alleged = check_both(make_problem(rows, revokes=revokes))
    assert alleged.count > plain.count
    assert all(not key.revokes for key in plain.groups)
    assert any(key.revokes for key in alleged.groups)
    totals = Counter(key.declarer_tricks for key in alleged.groups)
    assert sum(alleged.groups.values()) == alleged.count
    assert sorted(alleged.outcomes) == sorted(totals)


def test_a_revoke_costs_nothing() -> None:
    # The same histories with intact rows: the revoke in the true order costs nothing.
    rows = {"W": "DK+ D3-", "N": "D9- DT+", "E": "D4+ DQ-", "S": "H3- DA+"}
    expected = check_both(make_problem(rows, revokes=({"seat": "S", "trick": 1},)))
    assert expected.min_cost == 0 and expected.count == 1


def test_groups_drop_the_1997_bookkeeping() -> None:
    rows = {"W": "mixed: DK H5", "N": "mixed: D9 H2", "E": "mixed: D4 H7", "S": "mixed: HA D2"}
    revokes = ({"seat": "S", "trick": 1}, {"seat": "S", "suit": "H"})
    p = make_problem(rows, revokes=revokes, edition=1997)
    assert p.track_suit_wins
    expected = check_both(p)
    assert expected.groups == brute_force(make_problem(rows, revokes=revokes)).groups


def test_an_allegation_read_from_a_case_file() -> None:
    text = f"""
title: South discards on trick 1
deal: {DEAL}
contract: 4S
declarer: S
play:
  rows:
    W: {{mixed: DK D3}}
    N: {{mixed: D9 DT}}
    E: {{mixed: D4 DQ}}
    S: H3 DA
statements:
  - {{by: EW, revoke: {{seat: S, trick: 1}}}}
"""
    p = compile_case(loads_case(text))
    assert p.permits == (RevokePermit(2, 0, None, 0),)
    expected = check_both(p)
    assert expected.feasible and expected.min_cost == 0


def test_without_allegations_groups_are_the_totals() -> None:
    rows = {
        "W": "mixed: DK H5 S2",
        "N": "mixed: D9 H2 S3",
        "E": "mixed: D4 H7 S5",
        "S": "mixed: D2 HA S4",
    }
    for engine in (cpsat.solve, pyconstraint.solve):
        found = engine(make_problem(rows))
        assert found.groups == by_total(found.outcomes) and found.groups
    uncounted = cpsat.solve(make_problem(rows), count_limit=0)
    assert uncounted.groups == by_total(uncounted.outcomes)
    assert uncounted.groups == dict.fromkeys(by_total(uncounted.outcomes))


def by_total(outcomes: dict[int, int | None]) -> dict[Outcome, int | None]:
    """Totals as the outcomes of histories with neither revoke nor double play."""
    return {Outcome(total): number for total, number in outcomes.items()}


def test_a_count_limit_leaves_group_counts_open() -> None:
    rows = {"W": "mixed: DK H5", "N": "mixed: D9 H2", "E": "mixed: D4 H7", "S": "mixed: HA D2"}
    p = make_problem(rows, revokes=({"seat": "S", "trick": 1}, {"seat": "S", "suit": "H"}))
    expected = brute_force(p)
    found = cpsat.solve(p, count_limit=1)
    assert found.count is None
    assert set(found.groups) <= set(expected.groups)
    assert None in found.groups.values()
    assert all(key in found.groups for key in found.group_examples)


# --- random endings with random allegations -------------------------------------------------


def random_play(
    rng: random.Random,
    hands: list[list[int]],
    leader: int,
    trump: int | None,
    tricks: int,
    revokes: float = 0.2,
) -> list[PlayedTrick]:
    """A play that mostly follows suit but now and then (with chance ``revokes``) revokes."""
    held = [sorted(hand) for hand in hands]
    play = []
    for _ in range(tricks):
        by_seat = [0, 0, 0, 0]
        for offset in range(4):
            seat = (leader + offset) % 4
            options = held[seat]
            if offset and rng.random() >= revokes:
                suit = by_seat[leader] // 13
                options = [c for c in options if c // 13 == suit] or options
            by_seat[seat] = rng.choice(options)
            held[seat].remove(by_seat[seat])
        four = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
        play.append((leader, four))
        leader = trick_winner(leader, four, trump)
    return play


def random_deal(rng: random.Random) -> tuple[Deal, list[list[int]]]:
    """A shuffled deal, and each seat's cards as indices."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal(tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]
    return deal, [sorted(c.index for c in deal.hands[s]) for s in range(4)]


def _card_text(card: int) -> str:
    return str(Card.from_index(card))


def _trick_text(trick: PlayedTrick) -> str:
    """A trick as the case file writes it: ``"W: DK D9 D4 DA"``, leader's card first."""
    leader, four = trick
    return "NESW"[leader] + ": " + " ".join(_card_text(four[(leader + i) % 4]) for i in range(4))


def random_row(rng: random.Random, seat: int, play: list[PlayedTrick], trump: int | None) -> str:
    """The seat's cards: mixed, or intact (sometimes out of order) with marks mostly true."""
    cards = [four[seat] for _leader, four in play]
    if rng.random() < 0.5:
        rng.shuffle(cards)
        return "mixed: " + " ".join(_card_text(c) for c in cards)
    won = {four[seat]: trick_winner(lead, four, trump) % 2 == seat % 2 for lead, four in play}
    if rng.random() < 0.2:
        rng.shuffle(cards)
    tokens = []
    for card in cards:
        mark = rng.choice(["", "true", "true", "false"])
        pointed = won[card] if mark == "true" else not won[card]
        tokens.append(_card_text(card) + ("" if not mark else "+" if pointed else "-"))
    return " ".join(tokens)


def random_allegations(
    rng: random.Random, hands: list[list[int]], play: list[PlayedTrick]
) -> tuple[list[dict[str, object]], int]:
    """Allegations covering some of the play's revokes (in one of the three ways), plus a few
    at random; and a number of wildcards."""
    revokes: list[dict[str, object]] = []
    wildcards = 0
    held = [set(hand) for hand in hands]
    for number, (leader, four) in enumerate(play):
        led = four[leader] // 13
        for seat in range(4):
            if four[seat] // 13 != led and any(c // 13 == led for c in held[seat]):
                way = rng.choice(["trick", "suit", "wildcard", "none"])
                if way == "trick":
                    revokes.append({"seat": "NESW"[seat], "trick": number + 1})
                    if rng.random() < 0.3:  # naming the suit too (or, rarely, a wrong one)
                        revokes[-1]["suit"] = "SHDC"[led] if rng.random() < 0.8 else "S"
                elif way == "suit":
                    revokes.append({"seat": "NESW"[seat], "suit": "SHDC"[led]})
                elif way == "wildcard":
                    wildcards += 1
        for seat in range(4):
            held[seat].discard(four[seat])
    for _ in range(rng.choice([0, 0, 1, 2])):
        name = rng.choice("NESW")
        if rng.random() < 0.5:
            revokes.append({"seat": name, "trick": rng.randint(1, len(play))})
        else:
            revokes.append({"seat": name, "suit": rng.choice("SHDC")})
    if rng.random() < 0.15:
        wildcards += 1
    return revokes, wildcards


def random_statements(rng: random.Random, play: list[PlayedTrick]) -> list[dict[str, object]]:
    """Now and then a side's word on the total or on a trick's winner (evidence, never hard)."""
    out: list[dict[str, object]] = []
    for _ in range(rng.choice([0, 0, 1])):
        by = rng.choice(["NS", "EW", "N", "E", "S", "W"])
        if rng.random() < 0.5:
            out.append({"by": by, "declarer_tricks": rng.randint(0, len(play))})
        else:
            number = rng.randrange(len(play))
            out.append({"by": by, "trick": number + 1, "winner": rng.choice(["NS", "EW", "E"])})
    return out


def random_ending(seed: int, tricks: int, max_mixed: int = 4) -> Problem:
    """A random deal, a random play of ``tricks`` tricks with some revokes, its rows, and
    allegations admitting some of those revokes (and perhaps others)."""
    rng = random.Random(seed)
    deal, hands = random_deal(rng)
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    trump = None if strain == "NT" else "SHDC".index(strain)
    declarer = rng.randrange(4)
    play = random_play(rng, hands, (declarer + 1) % 4, trump, tricks)
    rows = {"NESW"[s]: random_row(rng, s, play, trump) for s in range(4)}
    mixed = [s for s, text in rows.items() if text.startswith("mixed:")]
    for seat in mixed[max_mixed:]:
        rows[seat] = " ".join(_card_text(four["NESW".index(seat)]) for _l, four in play)
    revokes, wildcards = random_allegations(rng, hands, play)
    return make_problem(
        rows,
        revokes=tuple(revokes),
        statements=tuple(random_statements(rng, play)),
        wildcards=wildcards,
        deal=deal.to_pbn(),
        contract=f"3{strain}",
        declarer="NESW"[declarer],
        edition=rng.choice([2017, 2017, 1997]),
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_three_trick_endings_agree_with_brute_force(seed: int) -> None:
    check_both(random_ending(seed, 3))


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_four_trick_endings_agree_with_brute_force(seed: int) -> None:
    check_both(random_ending(seed, 4, max_mixed=2), each_history=False)


# --- a whole deal ---------------------------------------------------------------------------


def test_a_revoke_at_trick_12_is_grouped_with_its_correction() -> None:
    # A whole deal: tricks 1-11 agreed (a legal play), 12 and 13 free; the allegations name
    # every player who can revoke at trick 12. Law 62D: declarer's side's tricks 12-13 as
    # corrected are part of the outcome key, so each such revoke forms a group of its own.
    rng = random.Random(3)
    deal, hands = random_deal(rng)
    play = random_play(rng, hands, Seat.WEST.index, None, 13, revokes=0)
    agreed = {number + 1: _trick_text(trick) for number, trick in enumerate(play[:11])}
    seats = [seat for seat in range(4) if seat != play[11][0]]
    revokes = tuple({"seat": "NESW"[seat], "trick": 12} for seat in seats)
    p = make_problem({}, revokes=revokes, agreed=agreed, deal=deal.to_pbn(), contract="3NT")
    assert p.tricks == 13
    expected = brute_force(p)
    check_cpsat(p, expected)
    events = [event for key in expected.groups for event in key.revokes]
    assert events and all(e.trick == 11 and e.corrected_tricks >= 0 for e in events)
