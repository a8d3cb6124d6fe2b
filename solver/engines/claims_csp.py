"""A constraint-satisfaction cross-check of the claims engine, with python-constraint2.

``claimer_tricks_csp`` finds the worst normal line's tricks for the claimer (Law 70A; see
``solver.engines.claims``) on small endings, by enumerating every joint play from the claim
position as the solutions of a CSP and taking the least number of tricks the claimer's side
takes over them. It is meant for the tests, on endings of up to ``MAX_CARDS`` cards a hand.

The model:

* ``("card", t, s)``: the card seat ``s`` plays to trick ``t`` (0 = the trick in progress, or
  the next one), its domain the cards ``s`` holds; a card already on the trick in progress is
  its seat's only value for trick 0;
* ``("lead", t)``: the seat that leads trick ``t``; ``("lead", 0)`` is the claim's leader and
  ``("lead", T)`` the winner of the last trick, so the winner of trick ``t`` is ``lead[t + 1]``;
* each card once: a seat's cards are all different (a permutation of its hand);
* Law 44C: a player who does not follow suit plays no card of the suit led later (the cards he
  plays later are the cards he held);
* Law 44E/F/G: the highest trump, else the highest card of the suit led, wins; the winner leads;
* ``ClaimProblem.opponents_ruff`` false (the 70C measure): a trump an opponent held at the claim
  takes no trick from the claimer's side in a suit led other than trumps (where it wins one that
  a card of the claimer's side would win without it, that card wins it);
* the policy: every play by the claimer's side is one that ``Adjudicator.moves`` allows after the
  plays before it (replayed with ``Adjudicator.play``, which keeps the statement step reached
  and the voids seen).

What is independent of ``adjudicate`` and what is not: the policy and the statement, i.e. which
cards count as normal for the claimer's side at a turn, are the engine's own (``moves``, and the
statement's progress kept by ``play``); this module does not re-derive them. So every step form
of docs/claims.md but ``squeeze`` (a double-dummy ending, not a minimum) is modelled here as
the engine plays it (a conditional step is resolved before
either sees it, by ``ClaimProblem.from_claim``), and tests/engines/test_claims_csp.py draws
random statements of every form. Everything else is
written here: Law 44 (legality, trick winners, who leads), the opponents' plays (every legal
card, not grouped into runs of equivalent cards as the engine groups them), the 70C measure's
trick winners, the count of tricks and the minimisation, which is python-constraint's plain
enumeration of all solutions rather than the engine's memoised null-window search (no memo,
no position key, no shortcut when the claimer takes the rest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import constraint

from solver.bridge.masks import cards_in
from solver.engines.claims import Adjudicator, ClaimProblem, State
from solver.errors import EngineError

MAX_CARDS = 4
"""Largest number of cards a hand may hold (``claimer_tricks_csp`` raises ``EngineError``)."""

Var = tuple[Any, ...]
_UNASSIGNED = constraint.Unassigned


def _card(trick: int, seat: int) -> Var:
    return ("card", trick, seat)


def _lead(trick: int) -> Var:
    return ("lead", trick)


def _beats(card: int, best: int, trump: int | None) -> bool:
    """Law 44E/F: ``card`` beats ``best``, the card winning the trick so far."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def _best(cards: list[int], trump: int | None) -> int:
    """The position in ``cards`` (in play order) of the card winning so far."""
    best = 0
    for position in range(1, len(cards)):
        if _beats(cards[position], cards[best], trump):
            best = position
    return best


def _in_order(leader: Any, four: tuple[Any, ...]) -> list[Any]:
    """A trick's cards (indexed by seat) in play order from ``leader``."""
    return [four[(leader + offset) % 4] for offset in range(4)]


class _TrickOrderSolver(constraint.OptimizedBacktrackingSolver):  # type: ignore[misc]
    """The library's backtracking solver, assigning trick by trick (the leader first).

    The set of solutions is the same as with its own order; this one lets the Law 44 and
    policy checks prune as soon as the plays they read are down.
    """

    def getSortedVariables(
        self, domains: dict[Var, Any], vconstraints: dict[Var, Any]
    ) -> list[Var]:
        return sorted(domains, key=lambda var: (var[1], 0 if var[0] == "lead" else 1, var))


class ClaimCSP:
    """The CSP of a claim position: its solutions are the joint plays ``adjudicate`` ranges over."""

    def __init__(self, problem: ClaimProblem) -> None:
        self.p = problem
        self.adjudicator = Adjudicator(problem)
        self.start: State = self.adjudicator.start()
        self.tricks = max(mask.bit_count() for mask in problem.held)
        if self.tricks > MAX_CARDS:
            raise EngineError(f"claims CSP: {self.tricks} cards a hand, at most {MAX_CARDS}")
        self.played = {
            (problem.leader + offset) % 4: card for offset, card in enumerate(problem.trick)
        }
        """Seat -> its card on the trick in progress."""
        self._states: dict[tuple[int, ...], State] = {(): self.start}

    # -- the model -------------------------------------------------------------------------

    def build(self) -> constraint.Problem:
        csp = constraint.Problem(_TrickOrderSolver())
        tricks = self.tricks
        csp.addVariable(_lead(0), [self.p.leader])
        for trick in range(tricks):
            csp.addVariable(_lead(trick + 1), [0, 1, 2, 3])
            for seat in range(4):
                fixed = trick == 0 and seat in self.played
                domain = [self.played[seat]] if fixed else cards_in(self.p.held[seat])
                csp.addVariable(_card(trick, seat), domain)
        for seat in range(4):
            csp.addConstraint(
                constraint.AllDifferentConstraint(), [_card(t, seat) for t in range(tricks)]
            )
        for trick in range(tricks):
            self._add_winner_leads(csp, trick)
            for seat in range(4):
                if trick == 0 and seat in self.played:
                    continue  # on the trick already: legal, normal, and played
                self._add_seat_rule(csp, trick, seat, self._follows_suit)
                if seat % 2 == self.p.claimer_side:
                    self._add_normal_play(csp, trick, seat)
        return csp

    def _add_winner_leads(self, csp: constraint.Problem, trick: int) -> None:
        """Law 44E/F/G: the winner of trick ``t`` leads trick ``t + 1``. In the 70C measure
        (``opponents_ruff`` false) a trump the opponents held at the claim takes no trick from
        the claimer's side in a suit led other than trumps: where it wins and, passing over
        those trumps, a card of the claimer's side would, that card wins."""
        trump = self.p.trump
        dead: set[int] = set()
        if not self.p.opponents_ruff and trump is not None:
            side = self.p.claimer_side
            for seat in (1 - side, 3 - side):
                dead |= {card for card in cards_in(self.p.held[seat]) if card // 13 == trump}

        def winner_leads(leader: int, c0: int, c1: int, c2: int, c3: int, nxt: int) -> bool:
            cards = _in_order(leader, (c0, c1, c2, c3))
            best = _best(cards, trump)
            if cards[best] in dead and cards[0] // 13 != trump:
                live = [o for o in range(4) if cards[o] not in dead]
                other = live[_best([cards[o] for o in live], trump)]
                if (leader + other) % 2 == self.p.claimer_side:
                    best = other
            return nxt == (leader + best) % 4

        variables = [_lead(trick), *(_card(trick, s) for s in range(4)), _lead(trick + 1)]
        csp.addConstraint(constraint.FunctionConstraint(winner_leads), variables)

    def _add_seat_rule(
        self,
        csp: constraint.Problem,
        trick: int,
        seat: int,
        rule: Callable[[int, list[int], int, list[int]], bool],
    ) -> None:
        """A rule on ``seat``'s play to ``trick``, given the cards before it and those after.

        ``rule(seat, before, mine, later)``: the cards played to the trick before his (in
        order), his card, and the cards he plays to later tricks (so his hand is mine + later).
        Unknown until all are down: True then, so that a partial assignment is not refused.
        """

        def holds(leader: Any, *rest: Any) -> bool:
            four, later = rest[:4], list(rest[4:])
            if leader is _UNASSIGNED:
                return True
            order = _in_order(leader, four)
            before = order[: (seat - leader) % 4]
            mine = four[seat]
            if _UNASSIGNED in (*before, mine, *later):
                return True
            return rule(seat, before, mine, later)

        variables = [_lead(trick), *(_card(trick, s) for s in range(4))]
        variables += [_card(t, seat) for t in range(trick + 1, self.tricks)]
        csp.addConstraint(constraint.FunctionConstraint(holds, assigned=False), variables)

    @staticmethod
    def _follows_suit(seat: int, before: list[int], mine: int, later: list[int]) -> bool:
        """Law 44C: a player who does not follow suit holds none of the suit led."""
        if not before or mine // 13 == before[0] // 13:
            return True
        return all(card // 13 != before[0] // 13 for card in later)

    def _add_normal_play(self, csp: constraint.Problem, trick: int, seat: int) -> None:
        """The claimer's side plays a card ``Adjudicator.moves`` allows after the plays so far."""

        def normal(*values: Any) -> bool:
            leads, cards = values[: trick + 1], values[trick + 1 :]
            if _UNASSIGNED in leads:
                return True
            history: list[int] = []
            for t in range(trick + 1):
                order = _in_order(leads[t], tuple(cards[4 * t : 4 * t + 4]))
                if t == trick:
                    order = order[: (seat - leads[t]) % 4 + 1]
                if t == 0:
                    order = order[len(self.p.trick) :]
                history += order
            if _UNASSIGNED in history:
                return True
            state = self._state_after(tuple(history[:-1]))
            if self.adjudicator.seat_to_play(state) != seat:
                return True  # leaders out of step with the cards: Law 44G refuses it
            return history[-1] in self.adjudicator.admitted_plays(state)

        variables = [_lead(t) for t in range(trick + 1)]
        variables += [_card(t, s) for t in range(trick + 1) for s in range(4)]
        csp.addConstraint(constraint.FunctionConstraint(normal, assigned=False), variables)

    def _state_after(self, history: tuple[int, ...]) -> State:
        """The engine's state after the cards ``history`` are played from the claim."""
        state = self._states.get(history)
        if state is None:
            state, _gained = self.adjudicator.play(self._state_after(history[:-1]), history[-1])
            self._states[history] = state
        return state

    # -- solving ---------------------------------------------------------------------------

    def claimer_tricks(self, solution: dict[Var, Any]) -> int:
        """Tricks the claimer's side takes in a solution: the winners are lead[1..T]."""
        side = self.p.claimer_side
        return sum(1 for t in range(self.tricks) if solution[_lead(t + 1)] % 2 == side)


def claimer_tricks_csp(problem: ClaimProblem) -> int:
    """The least number of tricks the claimer's side takes over every solution of the CSP."""
    model = ClaimCSP(problem)
    best: int | None = None
    for solution in model.build().getSolutionIter():
        tricks = model.claimer_tricks(solution)
        best = tricks if best is None else min(best, tricks)
        if best == 0:
            break
    if best is None:
        raise EngineError("claims CSP: no joint play from the claim position")
    return best
