"""A trick in progress where play stopped (``play.tricks`` with fewer than four cards): the
three engines against the brute force.

Random plays of one to three tricks on one deal, rows mixed or intact, and the next trick
begun: one to three cards faced to it, following suit, from the winner of the last trick or
(sometimes) from another player, which no history then fits. With no irregularity, or with a
penalty card of a defender lying, or with a premature card of the defender who plays fourth
(his partner, second, not yet played: the 57A order pending, or recorded with the cards
played after it), and declarer's 50D2 choice before a defender's lead recorded or not. The
brute force plays tricks by Law 44 alone and ``evaluate`` judges each history, reading the
trick in progress; every engine must count the same histories in the same outcome groups.
And a premature card at the trick play stopped at without its cards given: the two readings
of its position (played to that trick, or led to it too early), held apart at the stop.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.bridge import Card, Seat
from solver.bridge.masks import SUIT_MASKS, cards_in, trick_winner
from solver.engines.problem import Problem, compile_case
from solver.errors import CaseFileError
from solver.facts.irregularity import PrematurePlay
from solver.records.casefile import case_from_dict
from tests.engines.agreement import check_all
from tests.engines.test_irregular_engines import (
    DEAL,
    HANDS,
    deterministic,
    random_rows,
    rows_case,
)


def _name(card: int) -> str:
    return str(Card.from_index(card))


def _play(
    rng: random.Random, held: list[int], leader: int, count: int, trump: int
) -> tuple[list[int], int]:
    """``count`` cards of a random trick from ``leader``, following suit (taken from
    ``held``): the cards in play order and the seat to play next."""
    cards: list[int] = []
    for offset in range(count):
        seat = (leader + offset) % 4
        options = held[seat]
        if cards and options & SUIT_MASKS[cards[0] // 13]:
            options &= SUIT_MASKS[cards[0] // 13]
        card = rng.choice(cards_in(options))
        held[seat] &= ~(1 << card)
        cards.append(card)
    return cards, (leader + count) % 4


def _stopped_play(
    rng: random.Random, declarer: int, tricks: int
) -> tuple[list[int], list[list[int]], int]:
    """A random play of ``tricks`` tricks (spades trumps): the cards each seat still holds,
    the rows, and the winner of the last trick."""
    held, rows = list(HANDS), [[], [], [], []]  # type: ignore[var-annotated]
    leader = (declarer + 1) % 4
    for _ in range(tricks):
        cards, _next = _play(rng, held, leader, 4, 0)
        by_seat = [0, 0, 0, 0]
        for offset, card in enumerate(cards):
            by_seat[(leader + offset) % 4] = card
            rows[(leader + offset) % 4].append(card)
        leader = trick_winner(leader, (by_seat[0], by_seat[1], by_seat[2], by_seat[3]), 0)
    return held, rows, leader


def random_in_progress(seed: int) -> Problem:
    """A random stopped play with its trick in progress, and at random the irregularities of
    the module docstring (see there)."""
    rng = random.Random(seed)
    declarer = rng.choice([0, 2])
    tricks = rng.randint(1, 3)
    held, rows, leader = _stopped_play(rng, declarer, tricks)
    if rng.random() < 0.15:
        leader = rng.choice([s for s in range(4) if s != leader])  # no history fits
    kind = rng.randrange(5)
    defending = leader % 2 != declarer % 2
    facts: list[dict[str, Any]] = []
    count = rng.randint(1, 3)
    stop = tricks + 1
    if kind >= 3 and not defending:
        # the defender who plays fourth plays before his partner (57A)
        offender = (leader + 3) % 4
        premature = rng.choice(cards_in(held[offender]))
        held_before = list(held)
        held[offender] &= ~(1 << premature)
        facts.append(
            {"premature": {"seat": "NESW"[offender], "card": _name(premature), "trick": stop}}
        )
        if kind == 4:
            option = rng.choice(["partner-highest", "partner-lowest", "partner-not-suit"])
            order: dict[str, Any] = {"trick": stop, "by": "NESW"[declarer], "law": "57A"}
            order["option"] = option
            if option == "partner-not-suit":
                order["suit"] = rng.choice("SHDC")
            facts.append({"choice": order})
        else:
            count = 1
        count = min(count, 3)
        faced, _next = _play(rng, held, leader, count, 0)
        held = held_before
    else:
        faced, _next = _play(rng, list(held), leader, count, 0)
    if kind in (1, 3) or (kind == 2 and defending):
        seat = rng.choice([1, 3])
        row_or_hand = rows[seat] + cards_in(held[seat])
        card = rng.choice(row_or_hand)
        trick = rng.randint(1, stop)
        how = rng.choice(["deliberate", "inadvertent"])
        facts.append(
            {
                "penalty_card": {
                    "seat": "NESW"[seat],
                    "card": _name(card),
                    "trick": trick,
                    "how": how,
                }
            }
        )
        if defending and rng.random() < 0.4:
            option = rng.choice(["leave-penalty-card", "forbid-suit", "require-suit"])
            choice: dict[str, Any] = {"trick": stop, "by": "NESW"[declarer], "law": "50D2"}
            choice["option"] = option
            if option != "leave-penalty-card":
                choice["suit"] = "SHDC"[card // 13]
            facts.append({"choice": choice})

    def text(cards: list[int]) -> str:
        return " ".join(_name(c) for c in cards)

    play_rows = {
        "NESW"[s]: {"mixed": text(rows[s])} if rng.random() < 0.6 else text(rows[s])
        for s in range(4)
    }
    data = {
        "title": "t",
        "deal": DEAL,
        "contract": "4S",
        "declarer": "NESW"[declarer],
        "edition": rng.choice([2017, 2017, 2007]),
        "play": {
            "rows": play_rows,
            "tricks": {stop: f"{'NESW'[leader]}: {text(faced)}"},
            "irregularities": facts,
        },
    }
    try:
        case = case_from_dict(data)
        return compile_case(case)
    except CaseFileError:
        assume(False)  # a combination the reader refuses (tested apart)
        raise


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_the_engines_count_the_same_histories_with_a_trick_in_progress(seed: int) -> None:
    problem = random_in_progress(seed)
    assert problem.in_progress is not None
    check_all(problem, every_failure=True)


def random_premature_at_stop(seed: int) -> Problem:
    """A random play of one to three tricks that stopped at a defender's premature card to
    the next trick, that trick's cards not given: his card played to it too early (after the
    lead of his left-hand opponent, the winner of the last trick) or a lead to it made too
    early (he won the last trick, having played to it before his partner)."""
    rng = random.Random(seed)
    tricks = rng.randint(1, 3)
    rows = random_rows(rng, tricks)
    case = rows_case(rng, rows)
    defender = rng.choice([1, 3])
    held = HANDS[defender] & ~sum(1 << c for c in rows[defender])
    card = Card.from_index(rng.choice(cards_in(held)))
    fact = PrematurePlay(Seat.from_index(defender), card, tricks + 1)
    return compile_case(dataclasses.replace(case, irregularities=(fact,)))


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_a_premature_card_where_play_stopped_agrees_with_the_brute_force(seed: int) -> None:
    check_all(random_premature_at_stop(seed), every_failure=True)


def random_failure_in_trick(seed: int, judged: bool = True) -> Problem:
    """A random stopped play whose trick in progress holds a defender's card played (not
    led) while a penalty card of his lay (Law 52 pending): his penalty card, major or minor,
    from a trick at random, and his card to the trick following suit, drawn at random (often
    no failure at all: then no history fits). ``judged`` off: the engines' lenient reading,
    by which the ruling tells a case that makes no failure (refused as input)."""
    rng = random.Random(seed)
    declarer = rng.choice([0, 2])
    tricks = rng.randint(1, 3)
    held, rows, leader = _stopped_play(rng, declarer, tricks)
    offset = 1 if leader % 2 == declarer % 2 else 2
    defender = (leader + offset) % 4
    penalty = rng.choice(cards_in(held[defender]))
    held[defender] &= ~(1 << penalty)
    assume(held[defender])
    faced, _next = _play(rng, list(held), leader, rng.randint(offset + 1, 3), 0)
    how = rng.choice(["deliberate", "deliberate", "inadvertent"])
    stop = tricks + 1

    def text(cards: list[int]) -> str:
        return " ".join(_name(c) for c in cards)

    facts = [
        {
            "penalty_card": {
                "seat": "NESW"[defender],
                "card": _name(penalty),
                "trick": rng.randint(1, stop),
                "how": how,
            }
        },
        {
            "failure_to_play": {
                "seat": "NESW"[defender],
                "card": _name(faced[offset]),
                "trick": stop,
            }
        },
    ]
    data = {
        "title": "t",
        "deal": DEAL,
        "contract": "4S",
        "declarer": "NESW"[declarer],
        "play": {
            "rows": {
                "NESW"[s]: {"mixed": text(rows[s])} if rng.random() < 0.6 else text(rows[s])
                for s in range(4)
            },
            "tricks": {stop: f"{'NESW'[leader]}: {text(faced)}"},
            "irregularities": facts,
        },
    }
    try:
        problem = compile_case(case_from_dict(data))
    except CaseFileError:
        assume(False)
        raise
    program = problem.irregular
    assert program is not None
    return dataclasses.replace(
        problem, irregular=dataclasses.replace(program, failure_judged=judged)
    )


@given(st.integers(0, 2**32 - 1), st.booleans())
@settings(deterministic, max_examples=40)
def test_a_card_played_instead_of_a_penalty_card_agrees_with_the_brute_force(
    seed: int, judged: bool
) -> None:
    """Law 52 pending at a card played (not led) to the trick in progress: the histories fit
    in which that card was such a failure there (every engine and the brute force alike),
    or, not judged, in which its player still held it."""
    check_all(random_failure_in_trick(seed, judged), every_failure=True)
