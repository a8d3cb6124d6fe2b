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
of its position (played to that trick, or led to it too early), held apart at the stop. And a
lead out of turn to the trick in progress, alone with its answer pending or answered as its
cards say (accepted, refused, taken back, 53B), also at trick 1 (Law 54), where the search
and python-constraint judge the trick on the deal itself.
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
    rng: random.Random,
    held: list[int],
    leader: int,
    count: int,
    trump: int,
    forced: tuple[int, int] | None = None,
    favoured: int = -1,
) -> tuple[list[int], int]:
    """``count`` cards of a random trick from ``leader``, following suit (taken from
    ``held``): the cards in play order and the seat to play next. ``forced``: (seat, card)
    the leader leads (an accepted lead out of turn); ``favoured``: a card its holder plays
    more often than not where he may (the penalty card of a refused lead out of turn)."""
    cards: list[int] = []
    for offset in range(count):
        seat = (leader + offset) % 4
        options = held[seat]
        if cards and options & SUIT_MASKS[cards[0] // 13]:
            options &= SUIT_MASKS[cards[0] // 13]
        card = rng.choice(cards_in(options))
        if offset == 0 and forced is not None and forced[0] == seat:
            card = forced[1]
        elif favoured >= 0 and options >> favoured & 1 and rng.random() < 0.7:
            card = favoured
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
            facts.append(_lead_choice(rng, stop, declarer, card // 13))

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


LEAD_ANSWERS = (
    "pending",
    "accepted",
    "played_after",
    "refused",
    "accept-lead",
    "refuse-lead",
    "proper-lead",
    "retracted-misinformed",
)
"""How ``random_lead_in_progress`` answers its lead out of turn: a response, a recorded
choice (Laws 53 to 56, 53B), or none (the lead alone where play stopped)."""


def random_lead_in_progress(seed: int) -> Problem:
    """A random stopped play whose trick in progress was led out of turn: the lead alone, its
    answer pending; accepted (the offender leads it with that card, the cards after it
    following suit); or refused, taken back (47E1) or overtaken by the proper leader's lead
    (53B), the trick led by the winner of the last trick, where the offender, a defender
    with the card of a refused lead lying as a major penalty card, plays it when he may
    (often), and his partner leading faces declarer's 50D2 choice (recorded or not).
    Sometimes a penalty card of a defender lies too, and sometimes the offender is the
    proper leader or the trick's leader is another player, which no history then fits."""
    rng = random.Random(seed)
    declarer = rng.choice([0, 2])
    tricks = rng.randint(1, 3)
    held, rows, winner = _stopped_play(rng, declarer, tricks)
    stop = tricks + 1
    answer = rng.choice(LEAD_ANSWERS)
    offender = rng.choice([s for s in range(4) if s != winner or rng.random() < 0.1])
    card = rng.choice(cards_in(held[offender]))
    facts = _lead_facts(answer, offender, card, stop, declarer, winner)
    stands = answer in ("pending", "accepted", "played_after", "accept-lead")
    leader = offender if stands else winner
    if rng.random() < 0.1:
        leader = rng.choice([s for s in range(4) if s != leader])  # no history fits
    count = 1 if answer == "pending" else rng.randint(2 if answer == "played_after" else 1, 3)
    forced = (offender, card) if stands else None
    faced, _next = _play(rng, list(held), leader, count, 0, forced, card)
    if rng.random() < 0.3:
        seat = rng.choice([1, 3])
        lying = rng.choice(rows[seat] + cards_in(held[seat]))
        how = rng.choice(["deliberate", "inadvertent"])
        penalty = {"seat": "NESW"[seat], "card": _name(lying), "trick": rng.randint(1, stop)}
        facts.append({"penalty_card": {**penalty, "how": how}})
    partner_leads = offender % 2 != declarer % 2 and leader == (offender + 2) % 4
    if partner_leads and answer == "refused" and rng.random() < 0.5:
        facts.append(_lead_choice(rng, stop, declarer, card // 13))
    rows_given = {
        "NESW"[s]: {"mixed": _text(rows[s])} if rng.random() < 0.6 else _text(rows[s])
        for s in range(4)
    }
    edition = rng.choice([2017, 2017, 2007])
    return _compiled(declarer, edition, rows_given, stop, leader, faced, facts)


def _text(cards: list[int]) -> str:
    return " ".join(_name(c) for c in cards)


def _lead_choice(rng: random.Random, trick: int, declarer: int, suit: int) -> dict[str, Any]:
    """Declarer's 50D2 choice recorded before the lead of ``trick``, an option at random
    (``suit`` the suit of the penalty card it names)."""
    option = rng.choice(["leave-penalty-card", "forbid-suit", "require-suit"])
    choice: dict[str, Any] = {"trick": trick, "by": "NESW"[declarer], "law": "50D2"}
    choice["option"] = option
    if option != "leave-penalty-card":
        choice["suit"] = "SHDC"[suit]
    return {"choice": choice}


def _compiled(
    declarer: int,
    edition: int,
    rows: dict[str, Any],
    stop: int,
    leader: int,
    faced: list[int],
    facts: list[dict[str, Any]],
) -> Problem:
    """The problem of a case on ``DEAL`` (4S) stopped in trick ``stop``, ``faced`` its cards
    from ``leader``; a combination the reader refuses is no example (tested apart)."""
    data = {
        "title": "t",
        "deal": DEAL,
        "contract": "4S",
        "declarer": "NESW"[declarer],
        "edition": edition,
        "play": {
            "rows": rows,
            "tricks": {stop: f"{'NESW'[leader]}: {_text(faced)}"},
            "irregularities": facts,
        },
    }
    try:
        return compile_case(case_from_dict(data))
    except CaseFileError:
        assume(False)
        raise


def _lead_facts(
    answer: str, offender: int, card: int, stop: int, declarer: int, winner: int
) -> list[dict[str, Any]]:
    """The lead out of turn of ``random_lead_in_progress`` with its ``answer``: a response,
    ``played_after``, a choice recorded (by the player the law names), or none."""
    loot: dict[str, Any] = {"seat": "NESW"[offender], "card": _name(card), "trick": stop}
    facts: list[dict[str, Any]] = [{"lead_out_of_turn": loot}]
    defender = offender % 2 != declarer % 2
    if answer in ("accepted", "refused", "retracted-misinformed"):
        loot["response"] = answer
    elif answer == "played_after":
        loot["played_after"] = True
    elif answer in ("accept-lead", "refuse-lead", "proper-lead"):
        accept, refuse = ("53A", "56") if defender else ("55A", "55B")
        chooser = declarer if defender else (offender + 1) % 4
        law = {"accept-lead": accept, "refuse-lead": refuse, "proper-lead": "53B"}[answer]
        if answer == "proper-lead":
            chooser = winner
        order = {"trick": stop, "by": "NESW"[chooser], "law": law, "option": answer}
        facts.append({"choice": order})
    return facts


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_a_lead_out_of_turn_to_the_trick_in_progress_agrees_with_the_brute_force(
    seed: int,
) -> None:
    """A lead out of turn to the trick in progress, answered as its cards say (or pending,
    the lead alone: read as that lead where play stopped): every engine counts the histories
    the brute force finds, in the same outcome groups."""
    check_all(random_lead_in_progress(seed), every_failure=True)


def random_opening_lead_in_progress(seed: int) -> Problem:
    """Play stopped in trick 1 after an opening lead out of turn (the rows empty): the lead
    alone, its answer pending, or answered as in ``random_lead_in_progress`` (Law 54 for a
    defender's), with the cards faced after it; sometimes a defender's penalty card lying
    from trick 1 and declarer's 50D2 choice before the proper leader's lead recorded."""
    rng = random.Random(seed)
    declarer = rng.choice([0, 2])
    opening = (declarer + 1) % 4
    answer = rng.choice([a for a in LEAD_ANSWERS if a != "retracted-misinformed"])
    offender = rng.choice([s for s in range(4) if s != opening or rng.random() < 0.1])
    card = rng.choice(cards_in(HANDS[offender]))
    facts = _lead_facts(answer, offender, card, 1, declarer, opening)
    if offender % 2 != declarer % 2:
        for fact in facts:  # Law 54 names the options at trick 1
            if "choice" in fact and fact["choice"]["law"] in ("53A", "56"):
                fact["choice"]["law"] = {"53A": "54", "56": "54"}[fact["choice"]["law"]]
    stands = answer in ("pending", "accepted", "played_after", "accept-lead")
    leader = offender if stands else opening
    count = 1 if answer == "pending" else rng.randint(2 if answer == "played_after" else 1, 3)
    forced = (offender, card) if stands else None
    faced, _next = _play(rng, list(HANDS), leader, count, 0, forced, card)
    if rng.random() < 0.3:
        seat = rng.choice([1, 3])
        lying = rng.choice(cards_in(HANDS[seat]))
        penalty = {"seat": "NESW"[seat], "card": _name(lying), "trick": 1, "how": "deliberate"}
        facts.append({"penalty_card": penalty})
    if answer == "refused" and offender % 2 != declarer % 2 and rng.random() < 0.5:
        facts.append(_lead_choice(rng, 1, declarer, card // 13))
    rows = {seat: "" for seat in "NESW"}
    return _compiled(declarer, rng.choice([2017, 2007]), rows, 1, leader, faced, facts)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=40)
def test_an_opening_lead_out_of_turn_in_the_trick_agrees_with_the_brute_force(seed: int) -> None:
    """Trick 1 in progress after an opening lead out of turn: every engine keeps the empty
    history exactly when the brute force (``evaluate`` on the deal) does."""
    check_all(random_opening_lead_in_progress(seed), every_failure=True)
