"""The facts of a case compiled to plain integers, shared by every engine.

Cards are 0..51 (``Card.index``), seats 0..3 clockwise from North, tricks 0-based here
(1-based everywhere a user sees them). A *history* is a tuple of tricks, each trick being
``(leader, cards)`` with ``cards[seat]`` the card that seat contributed.

``evaluate`` is the reference reading of docs/case-format.md "Semantics": every engine's answer is
checked against it in the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final, NamedTuple, TypeVar

from solver.bridge import Seat, Side
from solver.bridge.masks import SUIT_MASKS, mask_of, trick_winner, winner_so_far
from solver.facts import Case, EvidenceUnit, evidence_units
from solver.facts.history import PHANTOM as PHANTOM  # the engines name it from here too
from solver.facts.history import Cards, DoublePlay, History, InProgress, RevokeEvent
from solver.facts.irregularity import (
    CHOICE_TRICK_BITS,
    ChoiceMade,
    choices_bits,
    choices_from_bits,
)
from solver.facts.outcome import Outcome
from solver.laws.irregular_play import (
    PlayIrregularities,
    compile_irregularities,
    designated_plays,
    failure_bits,
    in_progress_of,
    stopped_trick_fits,
    trick_starts,
)
from solver.laws.law45 import law45c4b_replacement_fits
from solver.laws.law46 import ANY_CARD, law46b_cards
from solver.laws.law57 import law57c3_at_turn, law57d_at_turn
from solver.laws.law64 import law64b3_faced_card_due
from solver.laws.obligations import (
    Obligations,
    after_play,
    after_trick,
    legal_plays,
    restricted_plays,
)

STATEMENT_WEIGHT: Final = 1
CARDS_WEIGHT: Final = 1000
"""Costs are one integer: cards-tier units * 1000 + sides whose account is contradicted
(lexicographic: at most two sides, far below 1000)."""


def split_cost(cost: int) -> tuple[int, int]:
    """(cards units, sides contradicted) of an integer cost."""
    return divmod(cost, CARDS_WEIGHT)


def sides_count(sides: int) -> int:
    """How many sides a two-bit set of sides holds."""
    return (sides & 1) + (sides >> 1)


def surplus_counted(led: int, trump: int | None, pair: tuple[int, int], held: int) -> int | None:
    """Law 67B2: of two cards a player dropped on one trick, the one left in it when nobody can
    tell which he faced: the highest he could legally have contributed.

    ``held`` is his hand before the trick. Holding the suit led, only its cards were legal:
    the higher of those in the pair, or None when neither follows (a revoke besides, not
    admitted). Void, either was legal: a trump ranks above a card of another suit, then the
    higher rank, then (an assumption for two equal ranks) the higher suit, spades first.

    Cards are indices (spades 0-12, hearts 13-25, ...; H2 is 13, H9 is 20, SA 12, C2 39):

    >>> surplus_counted(1, None, (13, 20), held=(1 << 13) | (1 << 20))  # hearts led: H9 stays
    20
    >>> surplus_counted(1, 3, (12, 39), held=(1 << 12) | (1 << 14) | (1 << 39)) is None
    True
    >>> surplus_counted(1, 3, (12, 39), held=(1 << 12) | (1 << 39))  # void: the trump C2 stays
    39
    """
    if held & SUIT_MASKS[led]:
        following = [card for card in pair if card // 13 == led]
        return max(following) if following else None
    return max(pair, key=lambda card: (card // 13 == trump, card % 13, -(card // 13)))


@dataclass(frozen=True, slots=True)
class StatementCheck:
    """A statement as a test on a history."""

    unit: int | None
    """Index in ``Problem.units``, or None when the statement is agreed (a hard fact)."""
    kind: str
    trick: int = -1
    total: int = -1
    winners: frozenset[int] = frozenset()
    played: tuple[tuple[int, int], ...] = ()

    def holds_for_trick(self, leader: int, cards: Cards, winner: int) -> bool:
        """For per-trick statements: does this trick satisfy it?"""
        if self.kind == "winner":
            return winner in self.winners
        return all(cards[seat] == card for seat, card in self.played)


@dataclass(frozen=True, slots=True)
class RevokePermit:
    """An allegation read as a permission: this player may fail to follow suit (Law 61A).

    ``trick`` None: at one trick (any) where ``suit`` was led. ``seat`` None (with trick and
    suit None) is the wildcard the hint search uses: anyone, anywhere, once.
    """

    seat: int | None
    trick: int | None
    suit: int | None
    statement: int | None = None


class Mark(NamedTuple):
    """A card of an intact row pointed one way (Law 65B): an evidence unit."""

    won_by_own_side: bool
    """Pointed as won by the side of the player who played it."""
    unit: int
    """Its index in ``Problem.units``."""


class AgreedPlay(NamedTuple):
    """A trick both sides agree on: its leader, and the card of each seat."""

    leader: int
    cards: Cards
    """By seat."""


TOTAL_MASK: Final = 15
SUIT_WINS_SHIFT: Final = 4
DOUBLE_PLAY_SHIFT: Final = 20
SIDES_SHIFT: Final = 37
CHOICES_SHIFT: Final = 39
EVENTS_SHIFT: Final = CHOICES_SHIFT + 13 * CHOICE_TRICK_BITS
EVENT_BITS: Final = 24
EVENT_MASK: Final = (1 << EVENT_BITS) - 1
"""An outcome key is one int: declarer tricks (4 bits), then (1997 only) which seat won a
later trick with which suit (16 bits), then a double play (Law 67B2: 17 bits, see
``double_play_bits``), then (the search's bookkeeping) the sides whose account the history
contradicts (2 bits: 1 NS, 2 EW), then the choices made after irregularities (``choices_bits``:
18 bits a trick), then the revokes, earliest in the lowest slot."""


def pack_event(event: RevokeEvent) -> int:
    return (
        event.trick
        | event.seat << 4
        | event.suit << 6
        | int(event.revoker_won) << 8
        | int(event.side_won) << 9
        | min(event.side_later, 2) << 10
        | int(event.won_later_with_suit) << 12
        | (event.corrected_tricks + 1) << 13
        | (event.actual_tricks + 1) << 15
        | 1 << 17
        | int(event.defective) << 18
        | int(event.restored) << 19
        | int(event.faced) << 20
        | (event.replayed_tricks + 1) << 21
    )


def unpack_event(bits: int) -> RevokeEvent:
    return RevokeEvent(
        trick=bits & 15,
        seat=(bits >> 4) & 3,
        suit=(bits >> 6) & 3,
        revoker_won=bool((bits >> 8) & 1),
        side_won=bool((bits >> 9) & 1),
        side_later=(bits >> 10) & 3,
        won_later_with_suit=bool((bits >> 12) & 1),
        corrected_tricks=((bits >> 13) & 3) - 1,
        actual_tricks=((bits >> 15) & 3) - 1,
        defective=bool((bits >> 18) & 1),
        restored=bool((bits >> 19) & 1),
        faced=bool((bits >> 20) & 1),
        replayed_tricks=((bits >> 21) & 3) - 1,
    )


def key_total(key: int) -> int:
    """Declarer tricks of an outcome key."""
    return key & TOTAL_MASK


def key_events(key: int) -> tuple[RevokeEvent, ...]:
    """The revokes of an outcome key, in trick order."""
    events = []
    rest = key >> EVENTS_SHIFT
    while rest:
        events.append(unpack_event(rest & EVENT_MASK))
        rest >>= EVENT_BITS
    return tuple(events)


def public_key(key: int) -> int:
    """The key without its 1997 bookkeeping and without the sides it contradicts: what an
    outcome group is keyed by."""
    return key & ~(0xFFFF << SUIT_WINS_SHIFT) & ~(3 << SIDES_SHIFT)


def key_sides(key: int) -> int:
    """The sides (bit 0 NS, bit 1 EW) whose account a history of this key contradicts."""
    return (key >> SIDES_SHIFT) & 3


def outcome_key(
    total: int,
    events: tuple[RevokeEvent, ...] = (),
    double_play: DoublePlay | None = None,
    choices: tuple[ChoiceMade, ...] = (),
) -> int:
    key = total | choices_bits(choices) << CHOICES_SHIFT
    if double_play is not None:
        key |= double_play_bits(*double_play)
    for slot, event in enumerate(events):
        key |= pack_event(event) << (EVENTS_SHIFT + slot * EVENT_BITS)
    return key


def double_play_bits(trick: int, left: int, surplus: int) -> int:
    """The part of an outcome key that says where the double play was (0-based trick), which
    card stayed in that trick and which one Law 67B2 returned to the player's hand: outcome
    groups split on all three."""
    return (1 | trick << 1 | left << 5 | surplus << 11) << DOUBLE_PLAY_SHIFT


def key_double_play(key: int) -> DoublePlay | None:
    """The double play of an outcome key, or None."""
    bits = (key >> DOUBLE_PLAY_SHIFT) & 0x1FFFF
    if not bits & 1:
        return None
    return DoublePlay((bits >> 1) & 15, (bits >> 5) & 63, bits >> 11)


def key_outcome(key: int) -> Outcome:
    """The ``Outcome`` of an outcome key (its public part: see ``public_key``)."""
    return Outcome(key_total(key), key_events(key), key_double_play(key), key_choices(key))


def key_choices(key: int) -> tuple[ChoiceMade, ...]:
    """The choices of an outcome key."""
    return choices_from_bits((key >> CHOICES_SHIFT) & ((1 << (EVENTS_SHIFT - CHOICES_SHIFT)) - 1))


def outcome_to_key(outcome: Outcome) -> int:
    """The outcome key of an ``Outcome``: ``key_outcome`` read backwards."""
    return outcome_key(
        outcome.declarer_tricks, outcome.revokes, outcome.double_play, outcome.choices
    )


V = TypeVar("V")


def outcome_groups(groups: Mapping[int, V]) -> dict[Outcome, V]:
    """Groups keyed by packed outcome keys (public ones), keyed by ``Outcome`` instead, in
    the keys' order: where an engine's result is built, once."""
    return {key_outcome(key): value for key, value in sorted(groups.items())}


@dataclass(frozen=True, slots=True)
class Problem:
    """Everything an engine needs, in integers."""

    tricks: int
    trump: int | None
    declarer_side: int
    """0 when North-South declare, 1 when East-West do (seat % 2)."""
    opening_leader: int
    hands: tuple[int, int, int, int]
    """Bit mask of the 13 cards dealt to each seat."""
    playable: tuple[int, int, int, int]
    """Bit mask of the cards each seat may play: its row, or its whole hand without a row."""
    row_order: tuple[tuple[int, ...] | None, ...]
    """For an intact row: the card at each trick position; None otherwise."""
    order_unit: tuple[int | None, ...]
    """Per seat: the unit index of its intact row's order, or None."""
    marks: dict[int, Mark]
    """Card -> how its row points it, and its unit."""
    agreed: dict[int, AgreedPlay]
    """Trick (0-based) -> the agreed leader and cards."""
    checks: tuple[StatementCheck, ...]
    units: tuple[EvidenceUnit, ...]
    permits: tuple[RevokePermit, ...] = ()
    """Revokes the allegations admit (none: every history follows suit)."""
    track_suit_wins: bool = False
    """Record, for 1997 Law 64A2, whether a revoker later won a trick with the suit led."""
    short_seat: int | None = None
    """The player who missed one trick (Law 67): he holds ``PHANTOM`` to play there once."""
    surplus_seat: int | None = None
    """The player who played two cards to one trick (Law 67B2): he plays a pair there once,
    as a follower, and the last trick (``tricks`` - 1) is played after the card that Law 67B2
    returns to his hand (see ``surplus_counted``) is back."""
    unit_sides: tuple[int, ...] = ()
    """Per unit: -1 for a cards-tier unit; for a statements-tier unit, the side whose account it
    belongs to (0 NS, 1 EW)."""
    irregular: PlayIrregularities | None = None
    """Penalty cards, leads out of turn and premature plays (Laws 50-57), when the case has
    any: they bind the play and may branch on choices (``solver.laws.irregular_play``)."""
    in_progress: InProgress | None = None
    """Play stopped during trick ``tricks`` (from 0): its leader and the cards already faced
    to it, a hard fact. A history fits when that trick may begin so after it: its last
    trick won by that leader, each card still held and following suit (and, after an
    irregularity, obeying the obligations, ``irregular_play.in_progress_starts``)."""

    def row_card(self, seat: int, trick: int, played: int) -> int | None:
        """The card an intact row puts at this trick (the short row shifts after its gap, the
        long row after its pair).

        ``played`` is the position at the start of the trick; after a double play it holds
        one card more than four per trick.
        """
        order = self.row_order[seat]
        if order is None:
            return None
        if seat == self.short_seat and (played >> PHANTOM) & 1:
            trick -= 1
        if seat == self.surplus_seat and played.bit_count() % 4:
            trick += 1
        return order[trick] if trick < len(order) else None

    @property
    def may_hold_revokes(self) -> bool:
        """Can a history hold a revoke? Only when an allegation admits one, somebody missed a
        trick (a revoke of Law 67B1) or played two cards to one (after it Law 67B2 may deem
        one). Otherwise an outcome key is the declarer total alone."""
        return bool(self.permits) or self.short_seat is not None or self.surplus_seat is not None

    @property
    def restored_trick(self) -> int:
        """The trick played after Law 67B2 restores the surplus card (0-based), else -1."""
        return self.tricks - 1 if self.surplus_seat is not None else -1

    def permit(self, seat: int, trick: int, suit: int, used: int) -> int:
        """May ``seat`` revoke at ``trick`` in ``suit``? -1 no; else the permit bit it uses up.

        A permit for that very trick is used first (it costs nothing to keep); then a permit
        for the suit, then the wildcard. Trying them in this fixed order gives each history
        exactly one way through, so nothing is counted twice, and loses none (a history the
        wildcard admits for a suit that has its own permit would be admitted by that permit).
        """
        permits = self.permits
        if any(p.seat == seat and p.trick == trick and p.suit in (None, suit) for p in permits):
            return 0
        unused = [i for i in range(len(permits)) if not (used >> i) & 1]
        for i in unused:
            if permits[i].seat == seat and permits[i].trick is None and permits[i].suit == suit:
                return 1 << i
        return next((1 << i for i in unused if permits[i].seat is None), -1)

    def may_revoke(self, seat: int, trick: int) -> bool:
        """Could some permit let this seat revoke at this trick (in some suit)?"""
        return any(
            (p.seat is None or p.seat == seat) and (p.trick is None or p.trick == trick)
            for p in self.permits
        )

    def cost_of(self, contradicted: frozenset[int] | set[int]) -> int:
        """The cost of a history that contradicts these units: each cards-tier unit weighs
        ``CARDS_WEIGHT``; the statements tier counts sides, not statements (a side's account
        is contradicted once, however many of its statements are).

        >>> from solver.records import load_case
        >>> problem = compile_case(load_case("cases/example-mixed-row.yaml"))
        >>> problem.unit_sides[-2:]  # the last two units: NS's statement, EW's statement
        (0, 1)
        >>> ns, ew = len(problem.units) - 2, len(problem.units) - 1
        >>> problem.cost_of({ew}), problem.cost_of({0, ns, ew})  # unit 0: North's row order
        (1, 1002)
        """
        cards = sum(1 for unit in contradicted if self.unit_sides[unit] < 0)
        return cards * CARDS_WEIGHT + STATEMENT_WEIGHT * sides_count(self.sides_of(contradicted))

    def sides_of(self, units: frozenset[int] | set[int] | list[int]) -> int:
        """The sides (bit 0 NS, bit 1 EW) whose account some of these units belong to."""
        sides = 0
        for unit in units:
            side = self.unit_sides[unit]
            if side >= 0:
                sides |= 1 << side
        return sides

    @property
    def tricks_checks(self) -> tuple[StatementCheck, ...]:
        return tuple(c for c in self.checks if c.kind == "declarer_tricks")

    @property
    def trick_checks(self) -> tuple[StatementCheck, ...]:
        return tuple(c for c in self.checks if c.kind != "declarer_tricks")


def compile_case(case: Case) -> Problem:
    """Turn a validated case into the integer form the engines share."""
    units = evidence_units(case)
    unit_index = {unit.key: i for i, unit in enumerate(units)}
    hands = [mask_of([c.index for c in case.deal.hands[s]]) for s in range(4)]
    short_seat = next(iter(case.unplayed), None)
    if short_seat is not None:
        hands[short_seat.index] |= 1 << PHANTOM
    playable = list(hands)
    row_order: list[tuple[int, ...] | None] = [None] * 4
    order_unit: list[int | None] = [None] * 4
    marks: dict[int, Mark] = {}
    for seat, row in case.rows.items():
        playable[seat.index] = mask_of([c.index for c in row.cards])
        if seat == short_seat:
            playable[seat.index] |= 1 << PHANTOM
        if row.mixed:
            continue
        row_order[seat.index] = tuple(c.index for c in row.cards)
        order_unit[seat.index] = unit_index[f"order:{seat}"]
        for card, mark in zip(row.cards, row.marks, strict=True):
            if mark is not None:
                marks[card.index] = Mark(mark == "+", unit_index[f"orientation:{seat}:{card}"])
    agreed: dict[int, AgreedPlay] = {}
    for trick in case.agreed_tricks:
        by_seat = [0, 0, 0, 0]
        for offset, card in enumerate(trick.cards):
            by_seat[(trick.leader.index + offset) % 4] = card.index
        agreed[trick.number - 1] = AgreedPlay(
            trick.leader.index,
            (by_seat[0], by_seat[1], by_seat[2], by_seat[3]),
        )
    checks = tuple(
        _compile_statement(case, st, unit_index) for st in case.statements if st.kind != "revoke"
    ) + tuple(
        StatementCheck(None, "played", trick=trick, played=((seat, card),))
        for trick, seat, card in designated_plays(case)
    )
    permits = tuple(
        RevokePermit(
            st.revoker.index if st.revoker is not None else None,
            None if st.trick is None else st.trick - 1,
            st.revoke_suit,
            st.index,
        )
        for st in case.statements
        if st.kind == "revoke"
    )
    trump = case.contract.strain.trump_suit_index
    return Problem(
        tricks=case.tricks_played,
        trump=trump,
        declarer_side=case.declarer.index % 2,
        opening_leader=case.opening_leader.index,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        playable=(playable[0], playable[1], playable[2], playable[3]),
        row_order=tuple(row_order),
        order_unit=tuple(order_unit),
        marks=marks,
        agreed=agreed,
        checks=checks,
        units=units,
        permits=permits,
        track_suit_wins=bool(permits) and case.edition == 1997,
        short_seat=None if short_seat is None else short_seat.index,
        surplus_seat=None if case.surplus is None else case.surplus.index,
        unit_sides=tuple(-1 if u.tier == "cards" else 0 if u.side is Side.NS else 1 for u in units),
        irregular=compile_irregularities(case),
        in_progress=in_progress_of(case),
    )


def _compile_statement(case: Case, statement: object, unit_index: dict[str, int]) -> StatementCheck:
    from solver.facts import Statement

    assert isinstance(statement, Statement)
    unit = None if statement.by is None else unit_index[f"statement:{statement.index}"]
    trick = -1 if statement.trick is None else statement.trick - 1
    if statement.kind == "declarer_tricks":
        assert statement.declarer_tricks is not None
        return StatementCheck(unit, "declarer_tricks", total=statement.declarer_tricks)
    if statement.kind == "winner":
        winner = statement.winner
        seats = (
            frozenset(s.index for s in winner.seats)
            if isinstance(winner, Side)
            else frozenset({winner.index})
            if isinstance(winner, Seat)
            else frozenset()
        )
        return StatementCheck(unit, "winner", trick=trick, winners=seats)
    played = tuple((seat.index, card.index) for seat, card in statement.played)
    return StatementCheck(unit, "played", trick=trick, played=played)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What the reference semantics say of one history."""

    legal: bool
    reason: str
    cost: int
    contradicted: frozenset[int]
    declarer_tricks: int
    winners: tuple[int, ...]
    revokes: tuple[RevokeEvent, ...] = ()
    double_play: DoublePlay | None = None
    choice_paths: tuple[int, ...] = (0,)
    """With irregularities: each sequence of choices under which the plays obey the Laws
    (packed as ``choices_bits``); the history counts once per sequence. Without: one, empty."""
    faced: tuple[tuple[int, int], ...] = ()
    """With irregularities: (sequence of choices, ``ChoiceEnd.faced``) for each sequence under
    which a revoke of ``revokes`` was made in failing to play a penalty card faced on the
    table (64B3). Which cards lay face up can depend on the choices (a 50D2 choice picks a
    penalty card up), so the mark is per sequence."""

    @property
    def key(self) -> int:
        """The outcome group this history belongs to (see ``outcome_key``), under its first
        sequence of choices."""
        return self.keys[0]

    @property
    def keys(self) -> tuple[int, ...]:
        """The outcome key under each sequence of choices (one without irregularities)."""
        keys = tuple(self.key_under(bits) for bits in self.choice_paths)
        return keys or (outcome_key(self.declarer_tricks, self.revokes, self.double_play),)

    def key_under(self, choices: int) -> int:
        """The outcome key under the sequence of choices ``choices`` (packed): its revokes
        marked ``faced`` where, under it, they failed to play a penalty card (64B3)."""
        marks = next((seats for bits, seats in self.faced if bits == choices), 0)
        revokes = self.revokes
        if marks:
            revokes = tuple(
                replace(event, faced=bool(marks >> (4 * event.trick + event.seat) & 1))
                for event in revokes
            )
        return outcome_key(self.declarer_tricks, revokes, self.double_play) | (
            choices << CHOICES_SHIFT
        )

    @property
    def outcome(self) -> Outcome:
        """The outcome group of this history, as ``EngineResult.groups`` keys it."""
        return key_outcome(public_key(self.key))


def evaluate(problem: Problem, history: History) -> Evaluation:
    """Check a history against Law 44 and the hard facts, and price it against the evidence.

    ``legal`` is False (with a reason) when the history breaks Law 44 or a hard fact.
    """
    failure = _first_illegality(problem, history)
    paths: tuple[int, ...] = (0,)
    faced: tuple[tuple[int, int], ...] = ()
    if failure is None and problem.irregular is not None:
        ends = choice_ends(problem, problem.irregular, history)
        paths = tuple(end.choices for end in ends)
        faced = tuple((end.choices, end.faced) for end in ends if end.faced)
        if not paths:
            failure = "the play breaks what the Laws require after an irregularity"
    winners = tuple(trick_winner(leader, cards, problem.trump) for leader, cards in history)
    declarer_tricks = sum(1 for w in winners if w % 2 == problem.declarer_side)
    if failure is None:
        failure = _hard_statement_failure(problem, history, winners, declarer_tricks)
    contradicted = _contradicted_units(problem, history, winners, declarer_tricks)
    cost = problem.cost_of(contradicted)
    revokes = revokes_in(problem, history, winners) if failure is None else ()
    double_play = next(
        (
            DoublePlay(number, cards[problem.surplus_seat or 0], cards[4])
            for number, (_, cards) in enumerate(history)
            if len(cards) == 5
        ),
        None,
    )
    return Evaluation(
        failure is None,
        failure or "",
        cost,
        contradicted,
        declarer_tricks,
        winners,
        revokes,
        double_play,
        paths if failure is None else (),
        faced if failure is None else (),
    )


def choice_paths(problem: Problem, program: PlayIrregularities, history: History) -> list[int]:
    """The sequences of choices (packed) under which every card of ``history`` obeys the
    obligations after the case's irregularities (``solver.laws.irregular_play``). A card that
    does not follow suit is left to the revoke rules (an allegation may admit it)."""
    return [end.choices for end in choice_ends(problem, program, history)]


class ChoiceEnd(NamedTuple):
    """Where a history ends under one sequence of choices: what a pending choice is valued from."""

    choices: int
    next_leader: int
    """The proper leader of the next trick (the winner of the last one)."""
    state: Obligations
    """The obligations in force after the last trick."""
    faced: int = 0
    """The revokes made in failing to play a penalty card faced on the table (64B3): bit
    ``4 * trick + seat`` (trick 0-based)."""


def choice_ends(problem: Problem, program: PlayIrregularities, history: History) -> list[ChoiceEnd]:
    """For each sequence of choices ``history`` obeys, where it ends (see ``choice_paths``)."""
    return choices_through(program, history, problem.trump, problem.opening_leader, problem.hands)


def choices_through(
    program: PlayIrregularities,
    history: History,
    trump: int | None,
    opening_leader: int,
    hands: tuple[int, int, int, int],
) -> list[ChoiceEnd]:
    """``choice_ends`` from the deal itself (``hands`` at the start, the opening leader): also
    what a claim after an irregularity steps its agreed play through."""
    found: list[ChoiceEnd] = []

    def walk(
        number: int,
        proper: int,
        held: tuple[int, int, int, int],
        state: Obligations,
        bits: int,
        faced: int,
    ) -> None:
        if number == len(history):
            if stopped_trick_fits(program, number, proper, held, state):
                found.append(ChoiceEnd(bits, proper, state, faced))
            return
        leader, cards = history[number]
        for start in trick_starts(program, number, proper, held, state):
            if start.leader != leader or (start.lead >= 0 and cards[leader] != start.lead):
                continue
            if start.order_suit_not_led == cards[leader] // 13:
                continue
            accepted = number in program.accepted_failures
            done = obeyed(start.state, leader, cards, held, accepted)
            if done is None:
                continue
            after, seats = done
            made = start.choices | (failure_bits(number) if accepted else 0)
            winner = trick_winner(leader, cards[:4], trump)
            rest = (
                held[0] & ~(1 << cards[0]),
                held[1] & ~(1 << cards[1]),
                held[2] & ~(1 << cards[2]),
                held[3] & ~(1 << cards[3]),
            )
            ended = after_trick(after, winner)
            walk(number + 1, winner, rest, ended, bits | made, faced | seats << 4 * number)

    walk(0, opening_leader, hands, Obligations(), 0, 0)
    return found


def obeyed(
    state: Obligations,
    leader: int,
    cards: Cards,
    held: tuple[int, int, int, int],
    failure_accepted: bool = False,
) -> tuple[Obligations, int] | None:
    """The state after the trick's four cards, or None if one breaks an obligation; and the
    seats (a bit per seat) whose revoke in this trick was made in failing to play a penalty
    card faced on the table (64B3, ``law64b3_faced_card_due``, judged at his turn). With
    ``failure_accepted`` (52B1 recorded at this trick), exactly one card there must be a
    failure to play a penalty card: one that follows suit and obeys the restrictions but
    leaves a penalty card due unplayed (the penalty card then stays)."""
    if not withdrawals_fit(state, leader, cards, held):
        return None
    led = -1
    failures = 0
    faced = 0
    for offset in range(4):
        seat = (leader + offset) % 4
        card = cards[seat]
        if seat == state.dummy_seat and not designation_allows(state, leader, offset, cards, held):
            return None  # 46B: declarer's incomplete designation fixes dummy's card
        at_turn = _early_card_fits(state, seat, offset, card, held[seat], led)
        if at_turn is None:
            return None
        state = at_turn
        revoke = offset > 0 and is_revoke(leader, cards, seat, held[seat])
        if revoke and law64b3_faced_card_due(state, seat, held[seat], led):
            faced |= 1 << seat
        due = card != PHANTOM and not revoke
        if due and not legal_plays(state, seat, held[seat], led) >> card & 1:
            restricted = restricted_plays(state, seat, held[seat], led)
            if not (failure_accepted and restricted >> card & 1):
                return None
            failures += 1
        state = after_play(state, seat, card, leading=offset == 0)
        if offset == 0:
            led = card // 13
    if failure_accepted and failures != 1:
        return None
    return state, faced


def _early_card_fits(
    state: Obligations, seat: int, offset: int, card: int, held: int, led: int
) -> Obligations | None:
    """At ``seat``'s turn (``offset`` after the leader), a card he or declarer played before
    it: the state then (57D may leave it a penalty card), or None if ``card`` does not fit."""
    if seat == state.rho_turn_seat and offset > 0:
        # 57D: the card played early is his card here if legal, else a penalty card
        early = state.rho_turn_card
        must, state = law57d_at_turn(state, seat, held, led)
        if (must >= 0 and card != must) or (must < 0 and card == early):
            return None
    if seat == state.declarer_early_seat:
        # 57C3: declarer's card played before its turn is this hand's card if legal here
        must = law57c3_at_turn(state, seat, held, led)
        if (must >= 0 and card != must) or (must < 0 and card == state.declarer_early_card):
            return None
    return state


def withdrawals_fit(
    state: Obligations, leader: int, cards: Cards, held: tuple[int, int, int, int]
) -> bool:
    """Laws 45C4(b) and 47E2: a card that went back to its player's hand from this trick is
    not his card to it; an opponent's card withdrawn after declarer's correction was played
    after dummy's and legal before the change (``law45.law45c4b_replacement_fits``)."""
    for seat, card, dummy, slip in state.withdrawn:
        if cards[seat] == card:
            return False
        if slip >= 0 and not law45c4b_replacement_fits(
            seat, card, dummy, slip, leader, cards[leader], held[seat]
        ):
            return False
    return True


def designation_allows(
    state: Obligations,
    leader: int,
    offset: int,
    cards: Cards,
    held: tuple[int, int, int, int],
) -> bool:
    """Law 46B: does dummy's card (``cards[state.dummy_seat]``, played ``offset`` after the
    leader) fit declarer's call? ``law46.law46b_cards`` from what lies on the table then: the
    suit led, the card winning so far, and for "win" the defenders' cards not yet played
    when one of them plays after dummy."""
    dummy = state.dummy_seat
    before = tuple(cards[(leader + k) % 4] for k in range(offset))
    led = before[0] // 13 if before else -1
    best = winner_so_far(leader, before, _trump(state))[1] if before else -1
    hidden = 0
    if offset < 3:  # dummy's left-hand opponent, a defender, plays after him
        gone = sum(1 << c for c in before)
        hidden = (held[(dummy + 1) % 4] | held[(dummy + 3) % 4]) & ~gone
    allowed = law46b_cards(
        state.dummy_said,
        state.dummy_suit,
        state.dummy_rank,
        _trump(state),
        held[dummy],
        led,
        best,
        hidden,
    )
    return allowed == ANY_CARD or (allowed >= 0 and bool(allowed >> cards[dummy] & 1))


def _trump(state: Obligations) -> int | None:
    return None if state.dummy_trump < 0 else state.dummy_trump


def group_key(problem: Problem, history: History, total: int, choices: int | None = None) -> int:
    """The public outcome key of a legal history with this declarer total: the total alone
    when no history can revoke (evaluating it again would only cost time). ``choices``: after
    an irregularity, the sequence of choices (packed) the engine's history assumes; the key is
    then the one under it, not under ``evaluate``'s first (its revokes' 64B3 marks included)."""
    if not problem.may_hold_revokes:
        return total if choices is None else total | choices << CHOICES_SHIFT
    evaluation = evaluate(problem, history)
    return public_key(evaluation.key if choices is None else evaluation.key_under(choices))


def is_revoke(leader: int, cards: Cards, seat: int, held: int) -> bool:
    """Law 61A: ``seat`` played off the suit led while still holding (``held``) a card of it."""
    led = cards[leader] // 13
    return (
        seat != leader
        and cards[seat] != PHANTOM
        and cards[seat] // 13 != led
        and bool(held & SUIT_MASKS[led])
    )


def revokes_in(
    problem: Problem, history: History, winners: tuple[int, ...]
) -> tuple[RevokeEvent, ...]:
    """Every revoke of a legal history (Law 61A), in trick then seat order."""
    from solver.laws.law62 import TRICK_12, corrected_last_two

    held = list(problem.hands)
    events = []
    surplus: int | None = None
    for number, (leader, cards) in enumerate(history):
        if number == problem.restored_trick:
            break
        led = cards[leader] // 13
        for seat in range(4):
            if cards[seat] == PHANTOM:
                events.append(_deemed_event(number, seat, led, winners, defective=True))
                continue
            revoked = is_revoke(leader, cards, seat, held[seat])
            if (
                not revoked
                and surplus is not None
                and seat == problem.surplus_seat
                and seat != leader
                and surplus // 13 == led
                and cards[seat] // 13 != led
            ):
                events.append(_deemed_event(number, seat, led, winners, defective=False))
                continue
            if revoked:
                side = seat % 2
                later = [w for w in winners[number + 1 :] if w % 2 == side]
                with_suit = problem.track_suit_wins and any(
                    winners[t] == seat and history[t][1][seat] // 13 == led
                    for t in range(number + 1, len(history))
                )
                corrected = actual = replayed = -1
                if number == TRICK_12 and len(history) == 13 and problem.surplus_seat is None:
                    actual = sum(1 for w in winners[11:] if w % 2 == problem.declarer_side)
                    last_two = (problem.trump, leader, cards, history[12][1], seat)
                    corrected = corrected_last_two(*last_two, problem.declarer_side)
                    replayed = corrected_last_two(
                        *last_two, problem.declarer_side, partner_replays=True
                    )
                events.append(
                    RevokeEvent(
                        number,
                        seat,
                        led,
                        winners[number] == seat,
                        winners[number] % 2 == side,
                        min(len(later), 2),
                        with_suit,
                        corrected,
                        actual,
                        replayed_tricks=replayed,
                    )
                )
        _quit(problem, held, cards)
        if len(cards) == 5:
            surplus = cards[4]
    return tuple(events)


def _deemed_event(
    trick: int, seat: int, led: int, winners: tuple[int, ...], *, defective: bool
) -> RevokeEvent:
    """A revoke the Laws deem: a trick this seat did not play to (``defective``, 67B1), or a
    trick of the surplus card's suit he did not follow after dropping it (67B2: the card counts
    as held all along). The phantom of a missed trick never wins, so he never won it."""
    side = seat % 2
    later = sum(1 for w in winners[trick + 1 :] if w % 2 == side)
    return RevokeEvent(
        trick,
        seat,
        led,
        winners[trick] == seat,
        winners[trick] % 2 == side,
        min(later, 2),
        False,
        defective=defective,
        restored=not defective,
    )


def _play_failure(
    problem: Problem,
    number: int,
    leader: int,
    cards: Cards,
    seat: int,
    held: int,
    used: int,
) -> tuple[str | None, int]:
    """Law 44 for one card (and 61A: a revoke only where an allegation permits it)."""
    card = cards[seat]
    if not (held >> card) & 1:
        return f"trick {number + 1}: seat {seat} does not hold card {card}", used
    if not (problem.playable[seat] >> card) & 1:
        return f"trick {number + 1}: card {card} is not in seat {seat}'s row", used
    if not is_revoke(leader, cards, seat, held):
        return None, used
    bit = problem.permit(seat, number, cards[leader] // 13, used)
    if bit < 0:
        return f"trick {number + 1}: seat {seat} revoked", used
    return None, used | bit


def _first_illegality(problem: Problem, history: History) -> str | None:
    if len(history) != problem.tricks:
        return f"{len(history)} tricks (expected {problem.tricks})"
    held = list(problem.hands)
    expected_leader = problem.opening_leader
    used = 0
    surplus: int | None = None
    for number, (leader, cards) in enumerate(history):
        if leader != expected_leader and problem.irregular is None:
            # (after a lead out of turn the leader may differ: ``choice_paths`` checks it)
            return f"trick {number + 1}: led by seat {leader}, expected {expected_leader}"
        if number == problem.restored_trick:
            return _restored_trick_failure(problem, number, leader, cards, held, surplus)
        if cards[leader] == PHANTOM:
            return f"trick {number + 1}: no card led"
        for seat in range(4):
            failure, used = _play_failure(problem, number, leader, cards, seat, held[seat], used)
            if failure:
                return failure
        if len(cards) == 5:
            failure = _double_play_failure(problem, number, leader, cards, held, surplus)
            if failure:
                return failure
            surplus = cards[4]
        agreed = problem.agreed.get(number)
        if agreed is not None and agreed != (leader, cards):
            return f"trick {number + 1}: differs from the agreed trick"
        _quit(problem, held, cards)
        expected_leader = trick_winner(leader, cards, problem.trump)
    if problem.in_progress is not None and problem.irregular is None:
        return _in_progress_failure(problem.in_progress, expected_leader, held)
    return None


def _in_progress_failure(current: InProgress, proper: int, held: list[int]) -> str | None:
    """The trick play stopped in, without irregularities: led by the winner of the last
    trick (44G), each card faced still held and following suit (44C)."""
    number = "the trick in progress"
    if current.leader != proper:
        return f"{number}: led by seat {current.leader}, expected {proper}"
    led = current.cards[0] // 13
    for seat, card in current.seat_cards():
        if not held[seat] >> card & 1:
            return f"{number}: seat {seat} does not hold card {card}"
        if card // 13 != led and held[seat] & SUIT_MASKS[led]:
            return f"{number}: seat {seat} does not follow suit"
    return None


def _quit(problem: Problem, held: list[int], cards: Cards) -> None:
    """Take a trick's cards out of the hands that held them (a double play's pair too)."""
    for seat in range(4):
        held[seat] &= ~(1 << cards[seat])
    if len(cards) == 5:
        held[problem.surplus_seat or 0] &= ~(1 << cards[4])


def _double_play_failure(
    problem: Problem, number: int, leader: int, cards: Cards, held: list[int], before: int | None
) -> str | None:
    """Law 67B2: one pair (``before``: the surplus card of an earlier one), his, from his row,
    dropped as a follower, its card that stays in the trick (``cards[seat]``) the one
    ``surplus_counted`` leaves there."""
    seat = problem.surplus_seat
    if before is not None:
        return f"trick {number + 1}: a second double play"
    if seat is None:
        return f"trick {number + 1}: five cards, but nobody played two cards to one trick"
    if seat == leader:
        return f"trick {number + 1}: the double play is on a lead"
    extra = cards[4]
    if extra == cards[seat] or not (held[seat] >> extra) & 1:
        return f"trick {number + 1}: seat {seat} does not hold card {extra}"
    if not (problem.playable[seat] >> extra) & 1:
        return f"trick {number + 1}: card {extra} is not in seat {seat}'s row"
    pair = (cards[seat], extra)
    if surplus_counted(cards[leader] // 13, problem.trump, pair, held[seat]) != cards[seat]:
        return f"trick {number + 1}: card {cards[seat]} is not the one Law 67B2 leaves in the trick"
    return None


def _restored_trick_failure(
    problem: Problem, number: int, leader: int, cards: Cards, held: list[int], surplus: int | None
) -> str | None:
    """The last trick after Law 67B2: he plays the surplus card, back in his hand; the others
    play cards they still hold, following suit (Law 44). No row, mark or statement speaks of
    this trick. (On a real board each of them has one card left, so the trick is forced.)"""
    if surplus is None or len(cards) != 4:
        return f"trick {number + 1}: no double play came before the restored trick"
    led = (surplus if leader == problem.surplus_seat else cards[leader]) // 13
    for seat in range(4):
        card = cards[seat]
        if seat == problem.surplus_seat:
            if card != surplus:
                return f"trick {number + 1}: seat {seat} plays {card}, not the surplus card"
        elif not (held[seat] >> card) & 1:
            return f"trick {number + 1}: seat {seat} does not hold card {card}"
        elif seat != leader and card // 13 != led and held[seat] & SUIT_MASKS[led]:
            return f"trick {number + 1}: seat {seat} revoked"
    return None


def _hard_statement_failure(
    problem: Problem, history: History, winners: tuple[int, ...], declarer_tricks: int
) -> str | None:
    for check in problem.checks:
        if check.unit is None and not _check_holds(check, history, winners, declarer_tricks):
            return f"an agreed statement ({check.kind}) fails"
    return None


def _check_holds(
    check: StatementCheck, history: History, winners: tuple[int, ...], declarer_tricks: int
) -> bool:
    if check.kind == "declarer_tricks":
        return declarer_tricks == check.total
    leader, cards = history[check.trick]
    return check.holds_for_trick(leader, cards, winners[check.trick])


def _contradicted_units(
    problem: Problem, history: History, winners: tuple[int, ...], declarer_tricks: int
) -> frozenset[int]:
    contradicted: set[int] = set()
    for seat in range(4):
        order = problem.row_order[seat]
        unit = problem.order_unit[seat]
        if order is None or unit is None:
            continue
        sequence = _row_sequence(problem, history, seat)
        if sequence != list(order[: len(sequence)]):
            contradicted.add(unit)
    for number, (_leader, cards) in enumerate(history):
        if number == problem.restored_trick:
            continue
        for place, card in enumerate(cards):
            mark = problem.marks.get(card)
            if mark is not None:
                seat = place if place < 4 else problem.surplus_seat or 0
                won = winners[number] % 2 == seat % 2
                if won != mark.won_by_own_side:
                    contradicted.add(mark.unit)
    for check in problem.checks:
        if check.unit is not None and not _check_holds(check, history, winners, declarer_tricks):
            contradicted.add(check.unit)
    return frozenset(contradicted)


def _row_sequence(problem: Problem, history: History, seat: int) -> list[int]:
    """The cards this seat quitted, in the order a faithful row would hold them.

    A missed trick adds none; a double play adds both cards of the pair, in whichever order the
    row has them (which of the two came first is no fact); the restored trick adds none.
    """
    order = problem.row_order[seat] or ()
    sequence: list[int] = []
    for number, (_leader, cards) in enumerate(history):
        if number == problem.restored_trick or cards[seat] == PHANTOM:
            continue
        pair = [cards[seat], cards[4]] if len(cards) == 5 and seat == problem.surplus_seat else []
        if not pair:
            sequence.append(cards[seat])
        elif len(sequence) < len(order) and order[len(sequence)] == pair[1]:
            sequence += [pair[1], pair[0]]
        else:
            sequence += pair
    return sequence
