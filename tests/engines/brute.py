"""An independent brute force over every legal history, for small positions in tests.

It enumerates plays seat by seat with nothing but Law 44 (a seat some revoke allegation
covers may play any card, a player who played two cards to one trick any pair; ``evaluate``
then decides), then prices each history with ``evaluate`` (the reference semantics).
Exponential: keep positions to a few tricks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from solver.bridge.masks import SUIT_MASKS, trick_winner
from solver.engines.problem import PHANTOM, Problem, evaluate, outcome_groups, public_key
from solver.facts.history import History
from solver.facts.irregularity import choices_from_bits
from solver.facts.outcome import Outcome
from solver.laws.irregular_play import LEAD_SLOT, PlayIrregularities


@dataclass
class BruteResult:
    feasible: bool
    min_cost: int | None = None
    count: int = 0
    outcomes: dict[int, int] = field(default_factory=dict)
    groups: dict[Outcome, int] = field(default_factory=dict)
    """Public outcome key (declarer total and revokes) -> count."""
    contradicted: frozenset[int] = frozenset()
    forced: frozenset[int] = frozenset()
    """Units every cheapest history contradicts."""
    histories: list[History] = field(default_factory=list)
    trick_winners: dict[int, list[frozenset[int]]] = field(default_factory=dict)
    """Declarer total -> the seats winning each trick in some cheapest history of that total."""


def all_legal_histories(problem: Problem) -> list[History]:
    out: list[History] = []

    def trick(number: int, leader: int, held: list[int], prefix: list, surplus: int) -> None:
        if number == problem.tricks:
            out.append(tuple(prefix))
            return
        restored = number == problem.restored_trick
        if restored and surplus < 0:
            return  # nobody played two cards: no history of this problem
        for actual in _leaders(problem, number, leader):
            play_trick(number, actual, held, prefix, surplus, restored)

    def play_trick(
        number: int, leader: int, held: list[int], prefix: list, surplus: int, restored: bool
    ) -> None:
        cards = [0, 0, 0, 0]

        def play(offset: int, extra: int) -> None:
            if offset == 4:
                chosen = (cards[0], cards[1], cards[2], cards[3])
                after = [held[s] & ~(1 << chosen[s]) for s in range(4)]
                if extra >= 0:
                    after[problem.surplus_seat or 0] &= ~(1 << extra)
                prefix.append((leader, chosen if extra < 0 else (*chosen, extra)))
                winner = trick_winner(leader, chosen, problem.trump)
                trick(number + 1, winner, after, prefix, extra if extra >= 0 else surplus)
                prefix.pop()
                return
            seat = (leader + offset) % 4
            led = None if offset == 0 else cards[leader] // 13
            for card, surplus_card in _options(problem, number, seat, led, held[seat], surplus):
                cards[seat] = card
                play(offset + 1, extra if surplus_card < 0 else surplus_card)

        play(0, -1)

    trick(0, problem.opening_leader, list(problem.hands), [], -1)
    return out


def _leaders(problem: Problem, number: int, proper: int) -> list[int]:
    """Who may lead a trick: the proper leader, or a player said to have led out of turn to
    it (``evaluate`` decides whether the lead stood)."""
    program = problem.irregular
    loot = None if program is None else program.leads_out_of_turn.get(number)
    if loot is None or loot[0] == proper:
        return [proper]
    return [proper, loot[0]]


def _options(
    problem: Problem, number: int, seat: int, led: int | None, held: int, surplus: int
) -> list[tuple[int, int]]:
    """(card, surplus card or -1) a seat may try here; ``evaluate`` has the last word."""
    restored = number == problem.restored_trick
    if restored and seat == problem.surplus_seat:
        return [(surplus, -1)]
    options = [
        c
        for c in range(PHANTOM + 1)
        if (held >> c) & 1 and (restored or (problem.playable[seat] >> c) & 1)
    ]
    must_follow = restored or not problem.may_revoke(seat, number)
    if led is not None and led < 4 and must_follow and held & SUIT_MASKS[led]:
        options = [c for c in options if c // 13 == led or c == PHANTOM]
    out = [(card, -1) for card in options]
    if led is not None and seat == problem.surplus_seat and surplus < 0 and not restored:
        # a double play: every ordered pair; ``evaluate`` keeps the order Law 67B2 fixes
        mine = [c for c in range(52) if (held & problem.playable[seat]) >> c & 1]
        out += [(first, second) for first in mine for second in mine if first != second]
    return out


def brute_force(problem: Problem, histories: Iterable[History] | None = None) -> BruteResult:
    """The cheapest legal histories among ``histories`` (by default ``all_legal_histories``;
    a test may bring an enumeration of its own), as ``evaluate`` prices them."""
    if histories is None:
        histories = all_legal_histories(problem)
    legal = []
    for history in histories:
        ev = evaluate(problem, history)
        if ev.legal and _in_position(problem, history):
            paths = tuple(bits for bits in ev.choice_paths if _recorded_made(problem, bits))
            if paths:
                legal.append((history, replace(ev, choice_paths=paths)))
    if not legal:
        return BruteResult(feasible=False)
    best = min(ev.cost for _, ev in legal)
    chosen = [(h, ev) for h, ev in legal if ev.cost == best]
    # a history counts once per sequence of choices it obeys (after an irregularity)
    keyed = [(ev, key) for _, ev in chosen for key in ev.keys]
    contradicted: set[int] = set()
    for _, ev in chosen:
        contradicted |= ev.contradicted
    winners: dict[int, list[set[int]]] = {}
    for _, ev in chosen:
        per_trick = winners.setdefault(ev.declarer_tricks, [set() for _ in range(problem.tricks)])
        for number, seat in enumerate(ev.winners):
            per_trick[number].add(seat)
    every = frozenset(range(len(problem.units)))
    return BruteResult(
        feasible=True,
        min_cost=best,
        count=len(keyed),
        outcomes=dict(Counter(ev.declarer_tricks for ev, _ in keyed)),
        groups=outcome_groups(Counter(public_key(key) for _, key in keyed)),
        contradicted=frozenset(contradicted),
        forced=every.intersection(*(ev.contradicted for _, ev in chosen)),
        histories=sorted(h for h, ev in chosen for _ in ev.keys),
        trick_winners={k: [frozenset(s) for s in v] for k, v in winners.items()},
    )


def _in_position(problem: Problem, history: History) -> bool:
    """The positions the irregularities name, read off the history itself: a premature card
    (57A) by a defender who played before a partner whose turn came first (at its trick led
    by his left-hand opponent, or, a lead to it made too early, led by him, who played to the
    trick before ahead of his partner); a card played at the right-hand opponent's turn (57D)
    at a trick led by the offender's partner or left-hand opponent; a lead out of turn where
    play stopped not by the winner of the last trick played (the proper leader); a trick in
    progress where play stopped led by that winner (or by a player who led out of turn to
    it)."""
    if not _leads_in_progress(problem, history):
        return False
    program = problem.irregular
    if program is None:
        return True
    leaders = [leader for leader, _cards in history]
    for trick, (offender, _card) in program.premature.items():
        if trick >= len(history):
            continue
        partner_second = leaders[trick] == (offender + 1) % 4
        early_lead = (
            trick > 0
            and leaders[trick] == offender
            and _before_partner(program, trick - 1, offender, leaders[trick - 1])
        )
        if not (partner_second or early_lead):
            return False
    for trick, (offender, _card) in program.rho_turn.items():
        # 57D: his partner played before his right-hand opponent's turn (written apart from
        # ``law57.law57d_in_position``)
        if trick < len(history) and (leaders[trick] - offender) % 4 not in (1, 2):
            return False
    stopped = program.leads_out_of_turn.get(len(history))
    if stopped is not None and history:
        leader, cards = history[-1]
        if trick_winner(leader, cards[:4], problem.trump) == stopped[0]:
            return False
    failure = program.pending_failure
    if failure is not None and history and problem.in_progress is None:
        # Law 52 pending where play stopped: the player who led instead of his penalty card
        # was to lead there
        leader, cards = history[-1]
        if trick_winner(leader, cards[:4], problem.trump) != failure[1]:
            return False
    return True


def _leads_in_progress(problem: Problem, history: History) -> bool:
    """The trick play stopped in, when the case gives its cards, is led by the winner of the
    last trick played, or by the player said to have led out of turn to it (accepted: which
    answer fits is ``evaluate``'s to say)."""
    current = problem.in_progress
    if current is None or not history:
        return True
    program = problem.irregular
    loot = None if program is None else program.leads_out_of_turn.get(len(history))
    if loot is not None and loot[0] == current.leader:
        return True
    leader, cards = history[-1]
    return trick_winner(leader, cards[:4], problem.trump) == current.leader


def _before_partner(program: PlayIrregularities, trick: int, offender: int, leader: int) -> bool:
    """The offender played to ``trick`` before his partner: he led it or played second, or
    played early there under 57C1; not if his partner's card there was the premature one.
    Written apart from ``solver.laws.law57.law57a_before_partner`` on purpose: the brute
    force reads the position off the history without the engines' rules."""
    partner = (offender + 2) % 4
    premature = program.premature.get(trick)
    if program.exempt.get(trick) == partner or (premature is not None and premature[0] == partner):
        return False
    return leader in (offender, (offender + 3) % 4) or program.exempt.get(trick) == offender


def _recorded_made(problem: Problem, bits: int) -> bool:
    """Every choice before a lead (50D2, 51B) the case records at a trick played is among
    the choices this sequence makes: it is an agreed fact, not an option to skip."""
    program = problem.irregular
    if program is None:
        return True
    made = {(c.trick - 1, c.slot, c.option) for c in choices_from_bits(bits)}
    return all(
        (trick, slot, option.option) in made
        for (trick, slot), option in program.recorded.items()
        if slot == LEAD_SLOT and trick < problem.tricks
    )
