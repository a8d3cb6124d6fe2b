"""A choice pending where play stopped: the options the Laws give, each with its value.

When the director is called to an irregularity and the case stops there (a lead out of turn
not yet accepted or refused, the partner of a penalty card's holder about to lead), the ruling
lists every option open to the chooser with its citation, and, for the analyst, declarer's
side's total for the board with best play by both sides under the constraints the option
leaves (``solver.engines.options``). The table report leaves the values out unless asked: the
director explains the options, he does not advise (Law 10C).

The position at the stop comes from the consistent histories: their leader and obligations
must agree, and the tricks declarer's side has won are those of the ruling. Not handled yet:
a 57A order pending in the middle of a trick (the case format gives no trick in progress).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.bridge import Side
from solver.engines.options import OptionTimeout, Table, best_of, valuer_for
from solver.engines.problem import Problem, choice_ends
from solver.engines.result import EngineResult
from solver.facts import Case
from solver.facts.irregularity import (
    CHOICE_CATALOGUE,
    CHOICE_CODE_BITS,
    CHOICE_TRICK_BITS,
    named_suits,
)
from solver.laws.irregular_play import LEAD_SLOT, LOOT_SLOT, TrickStart, trick_starts
from solver.laws.obligations import after_play
from solver.rulings.ruling import chooser

SUITS = "SHDC"


@dataclass(frozen=True, slots=True)
class PendingOption:
    """One option open at the stop, with its value when it could be found."""

    chooser: str
    """A seat ("S"), or a side ("EW") when either defender may choose (Law 55A)."""
    law: str
    option: str
    suits: tuple[int, ...]
    double_dummy: int | None
    best: bool = False
    """The best for the chooser's side double dummy (ties all marked), when every option was
    valued: for the analyst, never said at the table (Law 10C)."""

    def to_json(self, values: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.chooser, "law": self.law, "option": self.option}
        out |= named_suits(self.option, self.suits)
        if values:
            out["double_dummy"] = self.double_dummy
            if self.best:
                out["best"] = True
        return out

    def describe(self, values: bool) -> str:
        named = "".join(SUITS[s] for s in self.suits)
        option = f"{self.option} {named}".strip()
        text = f"{self.chooser} may choose {option} (Law {self.law})"
        if values and self.double_dummy is not None:
            text += f": declarer's side then takes {self.double_dummy} tricks double dummy"
            if self.best:
                text += f" (best for {self.chooser})"
        return text


@dataclass(frozen=True, slots=True)
class Pending:
    """The choice pending at the stop."""

    options: tuple[PendingOption, ...]
    note: str | None = None
    """Why the options carry no values, when they do not."""


def pending_choice(
    case: Case,
    problem: Problem,
    found: EngineResult,
    declarer_tricks: int | None,
    time_limit: float = 10.0,
) -> Pending | None:
    """The choice pending where play stopped, or None when none is."""
    program = problem.irregular
    trick = case.tricks_played
    if program is None or trick >= 13 or not found.feasible or not found.listed:
        return None
    held = _held(problem, found)
    ends = {
        (end.next_leader, end.state)
        for history in found.listed
        for end in choice_ends(problem, program, history)
    }
    positions = [trick_starts(program, trick, leader, held, state) for leader, state in ends]
    if all(len(starts) < 2 for starts in positions):
        return None
    note = _uncertain(found, declarer_tricks, len(positions))
    slot = _first_slot(positions[0], trick)
    if slot is None:
        return Pending((), "a 57A order pending in the middle of a trick cannot be read yet")
    by_option: dict[int, list[TrickStart]] = {}
    for start in positions[0]:
        by_option.setdefault(_code(start.choices, trick, slot), []).append(start)
    options = []
    valuer = None
    unvalued = []
    for code, group in sorted(by_option.items()):
        law, option, suits = CHOICE_CATALOGUE[code - 1]
        value = None
        if note is None and declarer_tricks is not None:
            tables = [_table(problem, held, start, declarer_tricks) for start in group]
            valuer = valuer or valuer_for(tables[0], time_limit)
            try:
                value = best_of(sorted(tables, key=_constraints), valuer)
            except OptionTimeout:
                unvalued.append(option)
        options.append(PendingOption(chooser(case, law), law, option, suits, value))
    if unvalued:
        note = f"not valued within {time_limit:g} s: {', '.join(unvalued)}"
    return Pending(_marked(options, declaring=case.declaring_side), note)


def _marked(options: list[PendingOption], declaring: Side) -> tuple[PendingOption, ...]:
    """The options, the best for the chooser marked when every one has its value: the most
    tricks for declarer's side when it chooses, the fewest when the defenders do."""
    values = [o.double_dummy for o in options]
    if not options or any(v is None for v in values):
        return tuple(options)
    known = [v for v in values if v is not None]
    chooser = options[0].chooser
    declarers_choose = chooser in (str(declaring), *(str(s) for s in declaring.seats))
    target = max(known) if declarers_choose else min(known)
    return tuple(replace(o, best=o.double_dummy == target) for o in options)


def _held(problem: Problem, found: EngineResult) -> tuple[int, int, int, int]:
    """The cards still held at the stop (the same in every history: the rows say who played
    what)."""
    played = 0
    for _leader, cards in found.listed[0]:
        for card in cards[:4]:
            played |= 1 << card
    return (
        problem.hands[0] & ~played,
        problem.hands[1] & ~played,
        problem.hands[2] & ~played,
        problem.hands[3] & ~played,
    )


def _uncertain(found: EngineResult, declarer_tricks: int | None, positions: int) -> str | None:
    """Why the options cannot be valued, or None when they can."""
    if positions > 1:
        return "the position at the stop differs between the consistent histories"
    if found.count is None or found.count > len(found.listed):
        return "not every consistent history was listed, so the position is not certain"
    if declarer_tricks is None:
        return "the tricks won before the stop are not settled"
    return None


def _constraints(table: Table) -> int:
    """Tables with fewer penalty cards lying first: they are the quick ones, and the best of
    them bounds the search of the others."""
    return sum(mask.bit_count() for mask in table.state.major + table.state.minor)


def _first_slot(starts: list[TrickStart], trick: int) -> int | None:
    """The first choice that differs between the ways the trick may begin: a lead out of
    turn's answer before the 50D2 choice; None when only a 57A order differs."""
    for slot in (LOOT_SLOT, LEAD_SLOT):
        if len({_code(s.choices, trick, slot) for s in starts}) > 1:
            return slot
    return None


def _code(bits: int, trick: int, slot: int) -> int:
    shift = trick * CHOICE_TRICK_BITS + slot * CHOICE_CODE_BITS
    return (bits >> shift) & ((1 << CHOICE_CODE_BITS) - 1)


def _table(problem: Problem, held: tuple[int, int, int, int], start: TrickStart, won: int) -> Table:
    """The position an option leaves: an accepted lead out of turn is already on the table."""
    if start.lead < 0:
        return Table(held, problem.trump, _declarer(problem), start.leader, (), won, start.state)
    after = list(held)
    after[start.leader] &= ~(1 << start.lead)
    state = after_play(start.state, start.leader, start.lead, leading=True)
    return Table(
        (after[0], after[1], after[2], after[3]),
        problem.trump,
        _declarer(problem),
        start.leader,
        (start.lead,),
        won,
        state,
    )


def _declarer(problem: Problem) -> int:
    assert problem.irregular is not None
    return problem.irregular.declarer
