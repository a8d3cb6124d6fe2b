"""A choice pending where play stopped: the options the Laws give, each with its value.

When the director is called to an irregularity and the case stops there (a lead out of turn
not yet accepted or refused, the partner of a penalty card's holder about to lead, a card led
instead of a penalty card due, Law 52, the holder of several penalty cards about to lead one,
50D1 and 51A, the fourth hand's card played before his partner's, 57A), the ruling
lists every option open to the chooser with its citation, and, for the analyst, declarer's
side's total for the board with best play by both sides under the constraints the option
leaves (``solver.engines.options``). The table report leaves the values out unless asked: the
director explains the options, he does not advise (Law 10C).

The position at the stop comes from the consistent histories: their leader and obligations
must agree, and the tricks declarer's side has won are those of the ruling. Where play stopped
in a trick in progress (its cards given), the options are valued from that trick as it stands:
declarer's 57A order after the fourth hand's premature card (``_order_pending``), his
designation of the penalty card a defender must play there (``_designation_in_trick``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.bridge import Card, Side
from solver.bridge.masks import cards_in, mask_of
from solver.engines.options import (
    OptionTimeout,
    Table,
    after_card,
    after_failure,
    after_lead,
    best_of,
    valuer_for,
)
from solver.engines.problem import Problem, choice_ends
from solver.engines.result import EngineResult
from solver.errors import CaseFileError
from solver.facts import Case
from solver.facts.irregularity import (
    CHOICE_CATALOGUE,
    CHOICE_CODE_BITS,
    CHOICE_TRICK_BITS,
    FailureToPlay,
    named_suits,
)
from solver.laws.irregular_play import (
    LEAD_SLOT,
    LOOT_SLOT,
    ORDER_SLOT,
    PlayIrregularities,
    TrickStart,
    faced_obey,
    failure_starts,
    in_progress_starts,
    trick_starts,
)
from solver.laws.law52 import (
    law52_citation,
    law52_options,
    law52a_wrong_play,
    law52b1_only_acceptance,
)
from solver.laws.obligations import Obligations, legal_plays, restricted_plays
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
    card: Card | None = None
    """The card the option names: the card led wrongly (52B2, as a recorded rejection names
    it), the penalty card designated (50D1, 51A)."""

    def to_json(self, values: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.chooser, "law": self.law, "option": self.option}
        out |= named_suits(self.option, self.suits)
        if self.card is not None:
            out["card"] = str(self.card)
        if values:
            out["double_dummy"] = self.double_dummy
            if self.best:
                out["best"] = True
        return out

    def label(self) -> str:
        """The option with the suits or the card it names."""
        named = "".join(SUITS[s] for s in self.suits) or (
            "" if self.card is None else str(self.card)
        )
        return f"{self.option} {named}".strip()

    def describe(self, values: bool) -> str:
        text = f"{self.chooser} may choose {self.label()} (Law {self.law})"
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
    remark: str | None = None
    """What the report says besides the options, values or not: an option the Laws give that
    is not applied (a 52B2 rejection under the 1987 code)."""


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
    stop = _Stop(case, problem.trump, program, found, declarer_tricks, time_limit, ends, held)
    failure = next((f for f in case.irregularities if isinstance(f, FailureToPlay)), None)
    if program.in_progress is not None and failure is None:
        return _order_pending(stop) or _designation_in_trick(stop)
    if failure is not None:
        return _law52_pending(stop, failure)
    positions = [trick_starts(program, trick, leader, held, state) for leader, state in ends]
    if all(len(starts) < 2 for starts in positions):
        return _designation_pending(stop, positions)
    note = stop.uncertain(len(positions))
    slot = _first_slot(positions[0], trick)
    if slot is None:
        return Pending((), "a 57A order pending in the middle of a trick cannot be read yet")
    by_option: dict[int, list[TrickStart]] = {}
    for start in positions[0]:
        by_option.setdefault(_code(start.choices, trick, slot), []).append(start)
    rows = []
    for code, group in sorted(by_option.items()):
        law, option, suits = CHOICE_CATALOGUE[code - 1]
        # Tables only where they will be valued (``_Stop.pending``): none once a note says why not.
        tables = [_table(stop, start) for start in group] if note is None else []
        rows.append((option, stop.option(law, option, suits), tables))
    return stop.pending(rows, note)


@dataclass(frozen=True, slots=True)
class _Stop:
    """Where play stopped, as the listed histories leave it: what each kind of pending choice
    reads, and how its options are listed and valued."""

    case: Case
    trump: int | None
    program: PlayIrregularities
    found: EngineResult
    declarer_tricks: int | None
    time_limit: float
    ends: set[tuple[int, Obligations]]
    """(next leader, obligations) where the listed histories leave play."""
    held: tuple[int, int, int, int]
    """The cards still held at the stop (``_held``)."""

    def uncertain(self, positions: int) -> str | None:
        """Why the options cannot be valued (``_uncertain``), or None when they can."""
        return _uncertain(self.found, self.declarer_tricks, positions)

    def option(
        self, law: str, option: str, suits: tuple[int, ...] = (), card: Card | None = None
    ) -> PendingOption:
        """The option, its chooser the one the law names, not valued yet."""
        return PendingOption(chooser(self.case, law), law, option, suits, None, card=card)

    def pending(
        self,
        rows: list[tuple[str, PendingOption, list[Table]]],
        note: str | None,
        remark: str | None = None,
    ) -> Pending:
        """The options (each named for the note, with the tables it may leave), valued unless
        ``note`` says why not (``_valued``), the best for the chooser marked."""
        values, note = _valued(
            [(name, tables if note is None else []) for name, _option, tables in rows],
            self.time_limit,
            note,
        )
        options = [
            replace(option, double_dummy=value)
            for (_name, option, _tables), value in zip(rows, values, strict=True)
        ]
        return Pending(_marked(options, declaring=self.case.declaring_side), note, remark)


def _valued(
    groups: list[tuple[str, list[Table]]], time_limit: float, note: str | None
) -> tuple[list[int | None], str | None]:
    """Each option's value (named, with the tables it may leave): the best of its tables for
    declarer's side, None when it has none (not valued) or runs out of time; and the note,
    which then says which options were not valued in time. One valuer serves them all."""
    valuer = None
    values: list[int | None] = []
    unvalued = []
    for name, tables in groups:
        value = None
        if tables:
            valuer = valuer or valuer_for(tables[0], time_limit)
            try:
                value = best_of(sorted(tables, key=_constraints), valuer)
            except OptionTimeout:
                unvalued.append(name)
        values.append(value)
    if unvalued:
        note = f"not valued within {time_limit:g} s: {', '.join(unvalued)}"
    return values, note


def _law52_pending(stop: _Stop, failure: FailureToPlay) -> Pending:
    """Law 52 pending where play stopped: the offender led ``failure.card`` while a penalty
    card of his was due, or played it to the trick in progress. Declarer may accept it (52B1:
    the card stands, the penalty card stays) or reject it (52B2: a penalty card due is played
    instead, declarer designating which when several are, and the card played wrongly lies as
    a major penalty card); only acceptance under the 1987 code, or once declarer has played
    from his hand or dummy after the card, which the remark says."""
    case, held = stop.case, stop.held
    leader, before, later, fitting, positions = _failure_position(
        stop.program, failure, stop.ends, held
    )
    note = stop.uncertain(positions)
    if note is None and len(set(fitting)) > 1:
        note = "declarer's choice before that lead (Law 50D2 or 51B) is not recorded"
    if not fitting:
        note = note or "the position at the stop could not be found"
    side = case.declarer.index % 2
    played_again = any((leader + len(before) + 1 + i) % 2 == side for i in range(len(later)))
    editions = ("accept-play",) if played_again else law52_options(case.edition)
    tables: dict[str, list[Table]] = {}
    if note is None and stop.declarer_tricks is not None:
        hands = _without(held, mask_of(before))
        table = Table(
            hands, stop.trump, stop.program.declarer, leader, before, stop.declarer_tricks
        )
        accepted, rejected = after_failure(replace(table, state=fitting[0]), failure.card.index)
        for card in later:
            accepted = after_card(accepted, card)
        tables = {"accept-play": [accepted], "reject-play": rejected}
    rows = []
    for option in editions:
        law = law52_citation(option)
        named = failure.card if option == "reject-play" else None
        rows.append((option, stop.option(law, option, card=named), tables.get(option, [])))
    return stop.pending(rows, note, law52b1_only_acceptance(case.edition, played_again))


def _failure_position(
    program: PlayIrregularities,
    failure: FailureToPlay,
    ends: set[tuple[int, Obligations]],
    held: tuple[int, int, int, int],
) -> tuple[int, tuple[int, ...], tuple[int, ...], list[Obligations], int]:
    """Where the card played instead of a penalty card was played: the trick's leader, the
    cards faced before it and after it, the obligations just before it in each way the
    histories reach it and fit (a lead: ``failure_starts``; a card played to the trick in
    progress: ``in_progress_starts``, replayed up to it), and the number of positions at the
    stop."""
    offender, wrong = failure.seat.index, failure.card.index
    current = program.in_progress
    if current is None:
        states = {state for leader, state in ends if leader == offender}
        fitting = [
            start.state
            for state in states
            for start in failure_starts(program, offender, held, state)
        ]
        return offender, (), (), fitting, len(states)
    place = current.cards.index(wrong)
    trick = failure.trick - 1
    fitting = []
    for leader, state in ends:
        for start, _after in in_progress_starts(program, trick, leader, held, state):
            before = faced_obey(start.state, current, held, upto=place)
            if before is not None:
                fitting.append(before)
    cards = current.cards
    return current.leader, cards[:place], cards[place + 1 :], fitting, len(ends)


def _order_pending(stop: _Stop) -> Pending | None:
    """Declarer's 57A order pending in the trick play stopped in: the defender who plays
    fourth played his card before his partner, second to play, had played (the case's
    premature card at that trick, its order not recorded). One option per order the Laws
    give there (``law57.law57a_options``: no suit named that is the suit led), each valued
    from the trick as it stands (``order_tables``). Every option is listed, also one that
    binds nothing in this position (a suit named that the partner cannot play anyway, or
    one he may not play when he must follow suit): they are the options the Director
    explains, and such an option is simply worth what leaving the partner free is. None
    when no order is pending there."""
    program = stop.program
    trick = stop.case.tricks_played
    if trick not in program.premature or (trick, ORDER_SLOT) in program.recorded:
        return None
    note = stop.uncertain(len(stop.ends))
    groups = order_tables(
        program, trick, stop.trump, stop.held, stop.ends, stop.declarer_tricks or 0
    )
    if not groups:
        note = note or "the position at the stop could not be found"
    rows = []
    for (law, option, suits), tables in groups:
        named = stop.option(law, option, suits)
        rows.append((named.label(), named, tables))
    return stop.pending(rows, note)


def order_tables(
    program: PlayIrregularities,
    trick: int,
    trump: int | None,
    held: tuple[int, int, int, int],
    ends: set[tuple[int, Obligations]],
    won: int,
) -> list[tuple[tuple[str, str, tuple[int, ...]], list[Table]]]:
    """Per 57A option open at the trick in progress (``program.in_progress``, at ``trick``
    from 0; ``held`` the hands at its start, ``ends`` the leader and obligations each way
    the histories reach it), in the catalogue's order: the tables it leaves, the cards faced
    played, the order binding the partner's card to this trick and the premature card a
    major penalty card of its holder (``irregular_play.in_progress_starts``), declarer's
    side having ``won`` tricks."""
    by_option: dict[int, list[Table]] = {}
    for start, table in _in_trick(program, trick, trump, held, ends, won):
        by_option.setdefault(_code(start.choices, trick, ORDER_SLOT), []).append(table)
    return [(CHOICE_CATALOGUE[code - 1], by_option[code]) for code in sorted(by_option)]


def _in_trick(
    program: PlayIrregularities,
    trick: int,
    trump: int | None,
    held: tuple[int, int, int, int],
    ends: set[tuple[int, Obligations]],
    won: int,
) -> list[tuple[TrickStart, Table]]:
    """Each way the trick in progress (``program.in_progress``, at ``trick`` from 0) may have
    begun and fits its cards (``irregular_play.in_progress_starts``; ``held`` the hands at
    its start, ``ends`` the leader and obligations each way the histories reach it), with
    the table once its cards are played, declarer's side having ``won`` tricks."""
    current = program.in_progress
    assert current is not None
    hands = _without(held, mask_of(current.cards))
    return [
        (start, Table(hands, trump, program.declarer, current.leader, current.cards, won, after))
        for leader, state in ends
        for start, after in in_progress_starts(program, trick, leader, held, state)
    ]


def _designation_pending(stop: _Stop, positions: list[list[TrickStart]]) -> Pending | None:
    """Declarer's designation pending where play stopped (50D1, 51A): the holder of two or
    more major penalty cards that he may lead is on lead, and declarer says which he leads;
    None when no such lead is due. One option per card, valued with that card led."""
    due = [
        (start, _due_penalty_cards(start.state, start.leader, stop.held))
        for starts in positions
        for start in starts
        if start.lead < 0
    ]
    due = [(start, cards) for start, cards in due if len(cards) > 1]
    if not due:
        return None
    note = stop.uncertain(len(positions))
    start, cards = due[0]
    return _designations(stop, _table(stop, start), cards, note)


def _designations(stop: _Stop, table: Table, cards: list[int], note: str | None) -> Pending:
    """Declarer's designation among the major penalty ``cards`` the player to play at
    ``table`` (to lead, or to follow in the trick in progress) must play one of: one option
    per card, cited 50D1 when they are of one suit and 51A otherwise, each valued with that
    card played (``after_card``), unless ``note`` says why not."""
    law = "50D1" if len({card // 13 for card in cards}) == 1 else "51A"
    rows = [
        (
            str(Card.from_index(card)),
            stop.option(law, "designate-penalty-card", card=Card.from_index(card)),
            [after_card(table, card)],
        )
        for card in cards
    ]
    return stop.pending(rows, note)


def _designation_in_trick(stop: _Stop) -> Pending | None:
    """Declarer's designation pending at a card followed in the trick play stopped in (50D1,
    51A): the defender to play next must play one of two or more major penalty cards, and
    declarer says which. One option per card, valued with that card played to the trick as
    it stands (``designation_tables``); None when no such card is due there. When the ways
    the trick may have begun (declarer's 50D2/51B choice before its lead not recorded, say)
    leave different positions, the options are listed without values, and none at all when
    they leave different cards to designate among (or none), with the note saying why."""
    positions = designation_tables(
        stop.program,
        stop.case.tricks_played,
        stop.trump,
        stop.held,
        stop.ends,
        stop.declarer_tricks or 0,
    )
    due = [(table, cards) for table, cards in positions if len(cards) > 1]
    if not due:
        return None
    if len({tuple(cards) for _table, cards in positions}) > 1:
        return Pending(
            (),
            "whether declarer designates a penalty card here, and which, depends on how the "
            "trick in progress began (his choice before its lead, not recorded)",
        )
    note = stop.uncertain(len(stop.ends))
    if note is None and len({table.state for table, _cards in positions}) > 1:
        note = "the ways the trick in progress may have begun leave different positions"
    table, cards = due[0]
    return _designations(stop, table, cards, note)


def designation_tables(
    program: PlayIrregularities,
    trick: int,
    trump: int | None,
    held: tuple[int, int, int, int],
    ends: set[tuple[int, Obligations]],
    won: int,
) -> list[tuple[Table, list[int]]]:
    """Per way the trick in progress (``program.in_progress``, at ``trick`` from 0) may have
    begun and fits its cards (``irregular_play.in_progress_starts``; ``held`` the hands at
    its start, ``ends`` the leader and obligations each way the histories reach it): the
    table once its cards are played, and the major penalty cards the player to play next
    must play one of there (``_due_penalty_cards``: those among his legal plays, 50D1),
    declarer's side having ``won`` tricks."""
    return [
        (table, _due_penalty_cards(table.state, table.to_play, table.hands, table.led))
        for _start, table in _in_trick(program, trick, trump, held, ends, won)
    ]


def _due_penalty_cards(
    state: Obligations, seat: int, held: tuple[int, int, int, int], led: int = -1
) -> list[int]:
    """The major penalty cards ``seat`` must lead (``led`` -1) or play to a trick led in
    ``led`` one of now (50D1): those among his legal plays."""
    return cards_in(legal_plays(state, seat, held[seat], led) & state.major[seat])


def refuse_no_failure(case: Case, problem: Problem, found: EngineResult, time_limit: float) -> None:
    """Law 52 pending where play stopped: raise ``CaseFileError``, naming the fact and why,
    when the position makes the card led no failure to lead a penalty card. Every engine
    keeps only the histories in which it is one (``irregular_play.failure_starts``); when
    none is left but some history has its player on lead with the card (the least costly
    such histories, searched again with the failure not judged), the fact is wrong, not the
    play: the case is refused rather than ruled impossible. Before trick 1 the position is the
    deal's, and is judged at once."""
    program = problem.irregular
    if program is None or program.pending_failure is None:
        return
    failure = next(f for f in case.irregularities if isinstance(f, FailureToPlay))
    loose = replace(program, failure_judged=False)
    if problem.tricks == 0:
        held, ends = problem.hands, {(problem.opening_leader, Obligations())}
    elif found.feasible is False:
        from solver.engines import search

        lenient = replace(problem, irregular=loose)
        seen = search.solve(lenient, time_limit=time_limit, list_limit=PENDING_SEEN)
        if not seen.feasible or not seen.listed:
            return
        held = _held(problem, seen)
        ends = {
            (end.next_leader, end.state)
            for history in seen.listed
            for end in choice_ends(lenient, loose, history)
        }
    else:
        return
    _leader, before, _later, states, _positions = _failure_position(loose, failure, ends, held)
    offender, wrong = failure.seat.index, failure.card.index
    led = before[0] // 13 if before else -1
    if states and not any(law52a_wrong_play(s, offender, wrong, held, led) for s in states):
        raise CaseFileError(
            case.source,
            "play.irregularities",
            f"{failure.describe()}: {_why_no_failure(states, failure, held, led)}",
        )


PENDING_SEEN = 50
"""How many of the least costly histories with the offender on lead are read for why the
card led was no failure."""


def _why_no_failure(
    states: list[Obligations], failure: FailureToPlay, held: tuple[int, int, int, int], led: int
) -> str:
    """Why leading the card (``led`` -1), or playing it to a trick led in ``led``, is no
    failure to play a penalty card in any of the ways the trick where play stopped may begin
    (``states``: the obligations just before it)."""
    seat, bit = failure.seat.index, 1 << failure.card.index
    name = failure.seat.full_name
    turn, verb = ("lead", "led") if led < 0 else ("play", "played")
    if not held[seat] & bit:
        return f"{name} no longer holds {failure.card} where play stopped"
    lying = [state.penalty_cards(seat) for state in states if state.penalty_cards(seat)]
    if not lying:
        return (
            f"{name} has no penalty card lying at trick {failure.trick}, so none was due; "
            f"expected the defender whose penalty card was due at that {turn}"
        )
    if any(cards & bit for cards in lying):
        return (
            f"{failure.card} is {name}'s penalty card itself; expected the card he {verb} "
            "instead of it"
        )
    if any(restricted_plays(state, seat, held[seat], led) & bit for state in states):
        cards = ", ".join(str(Card.from_index(c)) for c in cards_in(lying[0]))
        return (
            f"{failure.card} was a legal {turn} there: no penalty card of {name}'s ({cards}) "
            "was due instead of it"
        )
    rule = "lead requirement or prohibition" if led < 0 else "57A order"
    return (
        f"{failure.card} breaks declarer's {rule} on {name}, not a penalty card's duty (Law 52 "
        "is about a penalty card not played when due)"
    )


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
    return _without(
        problem.hands, mask_of(card for _leader, cards in found.listed[0] for card in cards[:4])
    )


def _without(held: tuple[int, int, int, int], gone: int) -> tuple[int, int, int, int]:
    """The hands with the cards of ``gone`` taken out."""
    return (held[0] & ~gone, held[1] & ~gone, held[2] & ~gone, held[3] & ~gone)


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


def _table(stop: _Stop, start: TrickStart) -> Table:
    """The position an option leaves: an accepted lead out of turn is already on the table."""
    table = Table(
        stop.held,
        stop.trump,
        stop.program.declarer,
        start.leader,
        (),
        stop.declarer_tricks or 0,
        start.state,
    )
    return table if start.lead < 0 else after_lead(table, start.lead)
