"""The search engine: exact counts of consistent histories by memoised trick-by-trick search.

How it stays fast enough for a director at the table:

* Memoisation at trick boundaries on (cards played, leader, broken rows, budget): the same
  position reached by different orders of earlier tricks is solved once.
* Iterative deepening on the cards tier: first only histories that contradict no quitted card
  (intact rows then fix their player's card at each trick), then one contradicted unit, and so on.
  The first budget with any history is the minimum.
* Statements weigh by side: a history's statements-tier cost is the number of sides with some
  statement contradicted, which does not add up trick by trick. So a trick step's cost is its
  cards-tier units only, and the sides it contradicts go into the outcome key (two bits): each
  summary keeps, per declarer total and set of sides, the cheapest continuations, and the root
  prices each set once.
* Equivalent cards: two cards of one player in one suit, with no other player's unplayed card
  between them and named in no fact, can be swapped in any history without changing its
  legality, its winners or its cost. The search plays only the highest of each such class and
  multiplies the count by the class size; ``expand_orbit`` gives back every real history.

A history's cost and legality are always those of ``problem.evaluate``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from solver.bridge.masks import SUIT_MASKS, cards_in, trick_winner
from solver.engines.interval import mean_and_interval
from solver.engines.problem import (
    CARDS_WEIGHT,
    CHOICES_SHIFT,
    EVENT_BITS,
    EVENTS_SHIFT,
    PHANTOM,
    SIDES_SHIFT,
    STATEMENT_WEIGHT,
    SUIT_WINS_SHIFT,
    TOTAL_MASK,
    AgreedPlay,
    Problem,
    StatementCheck,
    double_play_bits,
    is_revoke,
    key_sides,
    key_total,
    obeyed,
    outcome_groups,
    pack_event,
    public_key,
    sides_count,
    surplus_counted,
)
from solver.engines.result import CountEstimate, EngineResult
from solver.facts.history import Cards, History, PlayedTrick, RevokeEvent
from solver.laws.irregular_play import (
    PlayIrregularities,
    failure_bits,
    stopped_trick_fits,
    trick_starts,
)
from solver.laws.law46 import RANK
from solver.laws.law62 import TRICK_12, corrected_last_two
from solver.laws.obligations import Obligations, after_trick

TrickDeal = tuple[Cards, int, int, int, frozenset[int]]
"""Cards by seat, weight, order cost, flags after, order units broken."""

Option = tuple[int, int, int, int, int | None]
"""A card a seat may play: (card, class size, order cost, flags after, order unit broken).

A plain tuple on purpose, read by index (``lead[2] + a[2]``): options are made and read in the
innermost loop of the search, and a NamedTuple there is measurably slower (CPython 3.11, one
million each: making one 1.31 s against 0.21 s for the tuple, reading four fields 0.36 s
against 0.22 s). It never leaves this module."""

_NO_UNITS: frozenset[int] = frozenset()

PERMIT_SHIFT = 4
"""Flags: bits 0-3 mark broken rows, bits from 4 the revoke permits used up."""
SURPLUS_SHIFT = 32
"""Flags from bit 32: after a double play (Law 67B2), the surplus card + 1."""
OBLIGATIONS_SHIFT = 40
"""Flags from bit 40: after an irregularity, the index of the obligations in force
(``Searcher.obligations``): positions with different obligations are different positions."""
PAIR = 64
"""A double play as one option: ``PAIR * (surplus card + 1) + counted card``."""

Summary = dict[int, tuple[int, int, int, int, int]]
"""Outcome key from here (declarer tricks, the sides whose account is contradicted from here,
and revokes when allegations admit them; see ``problem.outcome_key``) -> (minimum cards-tier
cost from here, number of histories at that cost,
units contradicted by some of them (bit mask), trick winners in some of them (bit 4*trick+seat),
units contradicted by all of them (bit mask)).
"""


RAW_MEMO_LIMIT = 1 << 17
"""Entries of the raw memo (positions by their played cards, a shortcut in front of the memo
by position labels) past which it starts afresh: a long count makes several times as many
raw keys as positions, and they were most of its memory growth."""


class SearchTimeout(Exception):
    """The search ran past its time limit (or its memory limit); nothing it computed is
    reported as complete.

    ``partial``: on the way out, each position being searched folds in the continuations it
    had finished, so that at the root it holds the summary of the histories actually counted
    (every count in it is exact for the histories it covers, none is extrapolated).
    """

    def __init__(self, reason: str = "time limit") -> None:
        super().__init__(reason)
        self.reason = reason
        self.partial: Summary = {}
        self.root: tuple[int, Summary] | None = None
        """(budget, what was counted) when the search stopped inside the root's search."""


@dataclass(frozen=True, slots=True)
class TrickStep:
    """One way to play a trick from a position, with what it costs and where it leads."""

    cards: Cards
    """By seat; a double play (Law 67B2) adds the surplus card as a fifth."""
    weight: int
    winner: int
    cost: int
    flags: int
    units_mask: int
    """Evidence units this trick contradicts (bit mask)."""
    revokers: tuple[int, ...] = ()
    """Seats that revoked in this trick (only when allegations admit revokes)."""
    sides: int = 0
    """Sides (bit 0 NS, bit 1 EW) with a statement this trick contradicts. The statements
    tier counts sides, not statements, so its cost is not a sum over tricks: the sides ride
    in the outcome key (``SIDES_SHIFT``) and are priced once, at the root."""
    leader: int = -1
    """Who led it, when that is not the position's leader (a lead out of turn accepted)."""
    choices: int = 0
    """The choices made at this trick after an irregularity (``choices_bits``), if any."""
    faced: int = 0
    """Of ``revokers``, the seats (bit per seat) whose revoke failed to play a penalty card
    faced on the table (64B3, ``law64b3_faced_card_due``): after an irregularity only."""


class Searcher:
    """Memoised search over one problem (see the module docstring)."""

    def __init__(
        self,
        problem: Problem,
        *,
        reduce_equivalent: bool = True,
        hard_units: frozenset[int] = frozenset(),
    ) -> None:
        self.problem = problem
        self.surplus_seat = problem.surplus_seat
        self.restored_trick = problem.restored_trick
        self.reduce = reduce_equivalent and self.surplus_seat is None
        """The surplus card of a double play comes back at the last trick, where its rank
        against every other card counts: no two cards are equivalent then. (After an
        irregularity the cards it names are told apart: ``_cards_named_in_facts``.)"""
        self.hard_units = hard_units
        """Evidence units known to hold in every minimum-cost history (from optimisation)."""
        self.memo: dict[tuple[bytes, int, int, int], Summary] = {}
        self.raw_memo: dict[tuple[int, int, int, int], Summary] = {}
        self.steps_cache: dict[tuple[int, int, int, int], list[TrickStep]] = {}
        """Trick steps by position, kept while reading the optimum back."""
        self.deadline = float("inf")
        self.memory_limit: int | None = None
        """Bytes of resident memory at which the search stops (``SearchTimeout("memory
        limit")``): its memo tables are what grows."""
        self.progress: Callable[[int], None] | None = None
        """Called with the number of positions searched, now and then."""
        self.node_stop = -1
        """The position after which the search stops (``SearchTimeout("position limit")``),
        -1 for none: a limit that cuts a count short at the same place on every machine."""
        self.nodes = 0
        self.special = self._cards_named_in_facts() if self.reduce else (1 << 52) - 1
        self.labels = self._card_labels()
        self.suit_pieces: list[dict[int, bytes]] = [{}, {}, {}, {}]
        self.marked = sum(1 << card for card in problem.marks)
        self.mark_wants = [-1] * (PHANTOM + 1)
        for card, (won, _unit) in problem.marks.items():
            self.mark_wants[card] = 1 if won else 0
        self.checks_by_trick: dict[int, list[StatementCheck]] = {}
        for check in problem.trick_checks:
            self.checks_by_trick.setdefault(check.trick, []).append(check)
        self.revokes = problem.may_hold_revokes
        """Some tricks may hold a revoke or a missing card: outcome keys record them."""
        self.may_revoke = [
            sum(1 << seat for seat in range(4) if problem.may_revoke(seat, trick))
            for trick in range(problem.tricks)
        ]
        """Per trick: the seats some allegation may let revoke there (bit mask)."""
        self.watched = [
            problem.short_seat is not None or self.surplus_seat is not None or bool(seats)
            for seats in self.may_revoke
        ]
        """Per trick: may a step hold a revoke or a missing card?"""
        self.counted_permits = any(p.trick is None for p in problem.permits)
        """Some permit is used up (suit or wildcard): two revokes of a trick may clash."""
        self.flags_move = self.counted_permits or self.surplus_seat is not None
        """An option may set flags at no cost (a permit used up, a double play)."""
        self.plain_keys = not self.revokes and not problem.track_suit_wins
        """Outcome keys are plain declarer totals: a child's key plus the trick won."""
        self.irregular = problem.irregular
        self.obligations: list[Obligations] = [Obligations()]
        """The obligations met so far, by the index the flags carry (0: none)."""
        self.obligation_index: dict[Obligations, int] = {Obligations(): 0}
        self.irregular_tricks: frozenset[int] = frozenset()
        """Tricks at which an irregularity or a recorded choice of the case acts."""
        if self.irregular is not None:
            self.plain_keys = False  # outcome keys carry the choices made
            program = self.irregular
            self.irregular_tricks = frozenset(
                (
                    *program.penalty_cards,
                    *program.leads_out_of_turn,
                    *program.premature,
                    *program.rho_turn,
                    *program.declarer_early,
                    *program.designations,
                    # 46B3(a): the trick before a rank named alone tells the suit dummy won in
                    *(t - 1 for t, d in program.designations.items() if d[1] == RANK and t > 0),
                    *program.accepted_failures,
                    *(trick for trick, _slot in program.recorded),
                    # the trick before a premature card: it may be a lead made too early
                    *(trick - 1 for trick in program.premature if trick > 0),
                    # a lead made too early, unrectified (60A1), and the trick before it
                    *program.forfeited,
                    *program.returned,
                    *program.withdrawn,
                    *program.absent,
                    *(trick - 1 for trick in program.forfeited if trick > 0),
                    # the last trick played: its winner may not lead out of turn where play
                    # stopped
                    *(t - 1 for t in program.leads_out_of_turn if t == problem.tricks > 0),
                    # ... and must be the player who failed to lead his penalty card there,
                    # or begin the trick in progress as its cards say
                    *(
                        (problem.tricks - 1,)
                        if (program.pending_failure is not None or program.in_progress is not None)
                        and problem.tricks > 0
                        else ()
                    ),
                )
            )

    def _cards_named_in_facts(self) -> int:
        """Cards that facts tell apart: they are never merged with others."""
        p = self.problem
        mask = 0
        for seat in range(4):
            if p.row_order[seat] is not None:
                mask |= p.playable[seat]
        for card in p.marks:
            mask |= 1 << card
        for _leader, cards in p.agreed.values():
            for card in cards:
                mask |= 1 << card
        for check in p.checks:
            for _seat, card in check.played:
                mask |= 1 << card
        for card in p.in_progress.cards if p.in_progress is not None else ():
            mask |= 1 << card
        return mask | _irregular_cards(p)

    def _card_labels(self) -> list[int]:
        """What a position needs to know of each card: who holds it, and its name if facts use it.

        Two positions whose unplayed cards read the same, suit by suit from the lowest, are
        the same up to renaming cards no fact mentions: they have the same continuations.
        """
        p = self.problem
        labels = [0] * 52
        for card in range(52):
            owner = next(s for s in range(4) if (p.hands[s] >> card) & 1)
            if (self.special >> card) & 1:
                labels[card] = 16 + card
            else:
                labels[card] = owner + (0 if (p.playable[owner] >> card) & 1 else 4)
        return labels

    def position_key(self, played: int) -> bytes:
        """The unplayed cards as labels, suit by suit (255 ends a suit)."""
        unplayed = ~played
        pieces = self.suit_pieces
        return (
            (pieces[0].get(unplayed & 0x1FFF) or self._piece(0, unplayed & 0x1FFF))
            + (
                pieces[1].get((unplayed >> 13) & 0x1FFF)
                or self._piece(1, (unplayed >> 13) & 0x1FFF)
            )
            + (
                pieces[2].get((unplayed >> 26) & 0x1FFF)
                or self._piece(2, (unplayed >> 26) & 0x1FFF)
            )
            + (
                pieces[3].get((unplayed >> 39) & 0x1FFF)
                or self._piece(3, (unplayed >> 39) & 0x1FFF)
            )
        )

    def _piece(self, suit: int, rest: int) -> bytes:
        out = bytearray()
        for rank in range(13):
            if (rest >> rank) & 1:
                out.append(self.labels[suit * 13 + rank])
        out.append(255)
        piece = bytes(out)
        self.suit_pieces[suit][rest] = piece
        return piece

    # -- the recursion ---------------------------------------------------------------------

    def solve(self, played: int, leader: int, flags: int, budget: int) -> Summary:
        """Minimum-cost summary of all legal continuations within ``budget`` cards units."""
        if self.counted_permits:
            flags = self._spent_permits(played, flags)
        raw = (played, leader, flags, budget)
        found = self.raw_memo.get(raw)
        if found is not None:
            return found
        key = (self.position_key(played), leader, flags, budget)
        found = self.memo.get(key)
        if found is not None:
            self.raw_memo[raw] = found
            return found
        self.nodes += 1
        if self.nodes & 1023 == 1 or self.nodes == self.node_stop:
            self._check_limits()
        trick = played.bit_count() // 4
        summary: Summary
        if trick == self.problem.tricks:
            summary = {0: (0, 1, 0, 0, 0)} if trick or self._fits_at_deal() else {}
        else:
            summary = self._combine(trick, played, leader, flags, budget)
        self.memo[key] = summary
        self.raw_memo[raw] = summary
        return summary

    def _fits_at_deal(self) -> bool:
        """Play stopped before trick 1 with its trick in progress given (after an opening lead
        out of turn): that trick begins as its cards say from the deal itself (the other
        facts at the trick play stopped at are the case reader's and the ruling's to judge
        there)."""
        p = self.problem
        if p.in_progress is None or self.irregular is None:
            return True
        return stopped_trick_fits(self.irregular, 0, p.opening_leader, p.hands, Obligations())

    def forget(self) -> None:
        """Empty the memo tables (their memory is what a long search grows)."""
        self.memo.clear()
        self.raw_memo.clear()
        self.steps_cache.clear()

    def _check_limits(self) -> None:
        if len(self.raw_memo) > RAW_MEMO_LIMIT:
            self.raw_memo.clear()  # only a shortcut to ``memo``, and its largest table
        if time.monotonic() > self.deadline:
            raise SearchTimeout("time limit")
        if self.nodes == self.node_stop:
            raise SearchTimeout("position limit")
        if self.nodes & 8191 == 1:
            if self.memory_limit is not None and resident_bytes() > self.memory_limit:
                raise SearchTimeout("memory limit")
            if self.progress is not None:
                self.progress(self.nodes)

    def _spent_permits(self, played: int, flags: int) -> int:
        """Mark as used the suit permits whose player has no card of that suit left: they can
        no longer be used, so positions that differ only there have the same continuations."""
        hands = self.problem.hands
        for index, permit in enumerate(self.problem.permits):
            bit = 1 << (PERMIT_SHIFT + index)
            if (
                flags & bit
                or permit.seat is None
                or permit.suit is None
                or permit.trick is not None
            ):
                continue
            if not hands[permit.seat] & ~played & SUIT_MASKS[permit.suit]:
                flags |= bit
        return flags

    def _combine(self, trick: int, played: int, leader: int, flags: int, budget: int) -> Summary:
        """Best continuations per declarer total, over every way to play this trick."""
        summary: Summary = {}
        for step in self.steps(trick, played, leader, flags, budget):
            try:
                child = self.solve(
                    played | _mask(step.cards),
                    step.winner,
                    step.flags,
                    budget - step.cost // CARDS_WEIGHT,
                )
            except SearchTimeout as stopped:
                self.fold(summary, trick, played, leader, step, stopped.partial)
                stopped.partial = summary
                raise
            self.fold(summary, trick, played, leader, step, child)
        return summary

    def fold(
        self,
        summary: Summary,
        trick: int,
        played: int,
        leader: int,
        step: TrickStep,
        child: Summary,
    ) -> None:
        """Add to ``summary`` the continuations ``child`` after this trick step."""
        child_played = played | _mask(step.cards)
        plain = self.plain_keys
        track = self.problem.track_suit_wins
        gained = 1 if step.winner % 2 == self.problem.declarer_side else 0
        winner_bit = 1 << (4 * trick + step.winner)
        for child_key, (cost, count, units, winners, always) in child.items():
            if plain or not (step.revokers or track or len(step.cards) == 5 or step.choices):
                total = child_key + gained  # the total is in the key's low bits
            else:
                total = self.step_key(trick, leader, child_played, step, child_key)
            if step.sides:
                total |= step.sides << SIDES_SHIFT
            new_cost = cost + step.cost
            current = summary.get(total)
            if current is None or new_cost < current[0]:
                summary[total] = (
                    new_cost,
                    count * step.weight,
                    units | step.units_mask,
                    winners | winner_bit,
                    always | step.units_mask,
                )
            elif new_cost == current[0]:
                summary[total] = (
                    new_cost,
                    current[1] + count * step.weight,
                    current[2] | units | step.units_mask,
                    current[3] | winners | winner_bit,
                    current[4] & (always | step.units_mask),
                )

    def step_key(
        self, trick: int, leader: int, child_played: int, step: TrickStep, child_key: int
    ) -> int:
        """The outcome key of this trick followed by a continuation keyed ``child_key``.

        A revoke's record needs the tricks its side won later (the continuation's total) and,
        for 1997 Law 64A2, whether the revoker later won a trick in the suit led.
        """
        p = self.problem
        if step.leader >= 0:
            leader = step.leader
        child_total = child_key & TOTAL_MASK
        gained = 1 if step.winner % 2 == p.declarer_side else 0
        key = child_key + gained | step.choices << CHOICES_SHIFT
        if p.track_suit_wins:
            win_suit = step.cards[step.winner] // 13
            key |= 1 << (SUIT_WINS_SHIFT + 4 * step.winner + win_suit)
        if len(step.cards) == 5:
            key |= double_play_bits(trick, step.cards[p.surplus_seat or 0], step.cards[4])
        if not step.revokers:
            return key
        led = step.cards[leader] // 13
        left = p.tricks - trick - 1
        packed = 0
        for slot, seat in enumerate(step.revokers):
            side_later = child_total if seat % 2 == p.declarer_side else left - child_total
            missed = step.cards[seat] == PHANTOM
            restored = not missed and not p.hands[seat] & ~child_played & SUIT_MASKS[led]
            corrected = actual = replayed = -1
            if trick == TRICK_12 and p.tricks == 13 and not missed and p.surplus_seat is None:
                last = tuple(cards_in(p.hands[s] & ~child_played)[0] for s in range(4))
                trick13 = (last[0], last[1], last[2], last[3])
                winner13 = trick_winner(step.winner, trick13, p.trump)
                actual = gained + (1 if winner13 % 2 == p.declarer_side else 0)
                last_two = (p.trump, leader, step.cards, trick13, seat, p.declarer_side)
                corrected = corrected_last_two(*last_two)
                replayed = corrected_last_two(*last_two, partner_replays=True)
            event = RevokeEvent(
                trick,
                seat,
                led,
                step.winner == seat,
                step.winner % 2 == seat % 2,
                min(side_later, 2),
                bool((child_key >> (SUIT_WINS_SHIFT + 4 * seat + led)) & 1) and not missed,
                corrected,
                actual,
                missed,
                restored,
                bool(step.faced >> seat & 1),
                replayed,
            )
            packed |= pack_event(event) << (slot * EVENT_BITS)
        events = key >> EVENTS_SHIFT
        low = key & ((1 << EVENTS_SHIFT) - 1)
        shifted = (events << (EVENT_BITS * len(step.revokers))) | packed
        return low | shifted << EVENTS_SHIFT

    # -- one trick -------------------------------------------------------------------------

    def steps(
        self,
        trick: int,
        played: int,
        leader: int,
        flags: int,
        budget: int,
        deals: Iterable[TrickDeal] | None = None,
    ) -> list[TrickStep]:
        """Every way to play this trick (one per equivalence class), priced; or only those of
        ``deals`` that are legal here (the estimator's sampled deal, never at a trick an
        irregularity binds: ``bound_by_irregularity``)."""
        p = self.problem
        if trick == self.restored_trick:
            return self._restored_steps(played, leader, flags)
        if self.bound_by_irregularity(trick, flags):
            if deals is not None:
                raise ValueError(f"a sampled deal given at trick {trick + 1}, which is bound")
            return self._irregular_steps(trick, played, leader, flags, budget)
        agreed = p.agreed.get(trick)
        if agreed is not None and agreed.leader != leader:
            return []
        if deals is None:
            deals = self._deals_of_trick(trick, played, leader, flags, budget, agreed)
        steps = self._priced_steps(trick, played, leader, flags, budget, deals)
        current = p.in_progress
        if current is not None and trick == p.tricks - 1:
            # the trick play stopped in is led by this trick's winner (its cards, not in any
            # row, are still held and follow suit: the case reader saw to that)
            steps = [step for step in steps if step.winner == current.leader]
        return steps

    def _priced_steps(
        self,
        trick: int,
        played: int,
        leader: int,
        flags: int,
        budget: int,
        deals: Iterable[TrickDeal],
    ) -> list[TrickStep]:
        """The deals of a trick as steps: winner, revokes, and the cost of the rows' marks and
        of the statements about this trick; those over ``budget`` or breaking a hard fact go."""
        p = self.problem
        out: list[TrickStep] = []
        checks = self.checks_by_trick.get(trick)
        watch = self.watched[trick]
        marked = self.marked
        trump = p.trump
        for cards, weight, order_cost, new_flags, order_units in deals:
            if self.surplus_seat is not None:
                cards = _unpack_pair(cards, self.surplus_seat)
            winner = trick_winner(leader, cards, trump)
            revokers = self._revokers(played, leader, cards, flags) if watch else ()
            if not order_cost and not checks:
                touched = marked & _mask(cards)
                if not touched:
                    out.append(TrickStep(cards, weight, winner, 0, new_flags, 0, revokers))
                    continue
                if budget == 0 and self._marks_hold(cards, winner):
                    out.append(TrickStep(cards, weight, winner, 0, new_flags, 0, revokers))
                    continue
            units = set(order_units)
            marks_cost = self._marks_cost(cards, winner, units)
            if marks_cost < 0:
                continue
            cost = order_cost + marks_cost
            if cost // CARDS_WEIGHT > budget:
                continue
            if not self._trick_checks_pass(trick, leader, cards, winner, units):
                continue
            mask = sum(1 << u for u in units)
            sides = p.sides_of(units)
            out.append(TrickStep(cards, weight, winner, cost, new_flags, mask, revokers, sides))
        return out

    def _irregular_steps(
        self,
        trick: int,
        played: int,
        proper: int,
        flags: int,
        budget: int,
    ) -> list[TrickStep]:
        """The trick's steps after an irregularity: for each way the trick may begin
        (``trick_starts``: who leads, what is chosen), the plays that obey the obligations,
        each step carrying its leader, its choices and the obligations after it."""
        p = self.problem
        program = self.irregular
        assert program is not None
        held4 = tuple(p.hands[s] & ~played for s in range(4))
        held = (held4[0], held4[1], held4[2], held4[3])
        state = self.obligations[flags >> OBLIGATIONS_SHIFT]
        base_flags = flags & ((1 << OBLIGATIONS_SHIFT) - 1)
        out: list[TrickStep] = []
        accepted = trick in program.accepted_failures
        made = failure_bits(trick) if accepted else 0
        agreed = p.agreed.get(trick)
        for start in trick_starts(program, trick, proper, held, state):
            leader = start.leader
            if agreed is not None and agreed.leader != leader:
                continue
            # cards of a kept deal -> the seats whose revoke there failed to play a penalty
            # card faced on the table (64B3)
            faced: dict[Cards, int] = {}
            found = self._deals_of_trick(trick, played, leader, base_flags, budget, agreed)
            kept: list[TrickDeal] = []
            for deal in found:
                cards = deal[0]
                if start.lead >= 0 and cards[leader] != start.lead:
                    continue
                if start.order_suit_not_led == cards[leader] // 13:
                    continue
                done = obeyed(start.state, leader, cards, held, accepted)
                if done is None:
                    continue
                after, seats = done
                if seats:
                    faced[_unpack_pair(cards, self.surplus_seat or 0)] = seats
                winner = trick_winner(leader, cards, p.trump)
                ended = after_trick(after, winner)
                if trick == p.tricks - 1 and not stopped_trick_fits(
                    program, p.tricks, winner, _without(held, cards), ended
                ):
                    continue
                index = self._obligations_index(ended)
                kept.append(
                    (cards, deal[1], deal[2], deal[3] | index << OBLIGATIONS_SHIFT, deal[4])
                )
            choices = start.choices | made
            steps = self._priced_steps(trick, played, leader, flags, budget, kept)
            if faced:
                steps = [replace(s, faced=faced.get(s.cards, 0)) for s in steps]
            if leader == proper and not choices:  # as the position's leader, nothing chosen
                out.extend(steps)
            else:
                out.extend(replace(s, leader=leader, choices=choices) for s in steps)
        return out

    def bound_by_irregularity(self, trick: int, flags: int) -> bool:
        """Something binds this trick: an obligation still in force, or an irregularity or a
        recorded choice of the case acting at it. Otherwise it begins and is played as without
        irregularities (the proper leader alone, every deal obeying), and with no obligation
        in force the flags carry obligations index 0. A bound trick may begin with another
        leader or a chosen card, so the estimator lists its steps instead of drawing one deal
        from the proper leader's (``_probe``)."""
        return self.irregular is not None and (
            trick in self.irregular_tricks or not self.obligations[flags >> OBLIGATIONS_SHIFT].empty
        )

    def _obligations_index(self, state: Obligations) -> int:
        index = self.obligation_index.get(state)
        if index is None:
            index = len(self.obligations)
            self.obligations.append(state)
            self.obligation_index[state] = index
        return index

    def _restored_steps(self, played: int, leader: int, flags: int) -> list[TrickStep]:
        """The last trick after Law 67B2: the surplus card back in its player's hand, the
        others each playing a card they hold, following suit (one card each on a real board)."""
        p = self.problem
        seat_x = self.surplus_seat
        surplus = (flags >> SURPLUS_SHIFT) - 1
        if seat_x is None or surplus < 0:
            return []  # nobody played two cards to a trick: not a history of this problem
        chosen = [0, 0, 0, 0]
        chosen[seat_x] = surplus
        order = [(leader + i) % 4 for i in range(4)]
        led = surplus // 13 if leader == seat_x else None
        out: list[TrickStep] = []

        def place(index: int, led: int | None) -> None:
            if index == 4:
                cards = (chosen[0], chosen[1], chosen[2], chosen[3])
                winner = trick_winner(leader, cards, p.trump)
                out.append(TrickStep(cards, 1, winner, 0, flags, 0))
                return
            seat = order[index]
            if seat == seat_x:
                place(index + 1, led)
                return
            held = p.hands[seat] & ~played
            if led is not None and held & SUIT_MASKS[led]:
                held &= SUIT_MASKS[led]
            for card in cards_in(held):
                chosen[seat] = card
                place(index + 1, card // 13 if led is None else led)

        place(0, led)
        return out

    def _revokers(self, played: int, leader: int, cards: Cards, flags: int) -> tuple[int, ...]:
        """Law 61A: the seats that did not follow suit while holding the suit led; (Law 67)
        the seat that played no card to this trick; (Law 67B2) the player who dropped a card
        of the suit led on an earlier trick and now discards: the card is deemed held."""
        hands = self.problem.hands
        surplus = (flags >> SURPLUS_SHIFT) - 1
        led = cards[leader] // 13
        return tuple(
            seat
            for seat in range(4)
            if cards[seat] == PHANTOM
            or is_revoke(leader, cards, seat, hands[seat] & ~played)
            or (
                seat == self.surplus_seat
                and surplus // 13 == led  # never when no card was dropped (-1 // 13 == -1)
                and seat != leader
                and cards[seat] // 13 != led
            )
        )

    def _marks_hold(self, cards: Cards, winner: int) -> bool:
        """Law 65B: every marked card of this trick points the way its side fared."""
        want = self.mark_wants
        side = winner & 1
        for seat in (0, 1, 2, 3):
            wanted = want[cards[seat]]
            if wanted >= 0 and ((seat & 1) == side) != bool(wanted):
                return False
        if len(cards) == 5:  # a double play's surplus card is its player's
            wanted = want[cards[4]]
            seat = self.surplus_seat or 0
            return wanted < 0 or ((seat & 1) == side) == bool(wanted)
        return True

    def _cards_by_seat(self, cards: Cards) -> list[tuple[int, int]]:
        """(seat, card) for every card of a trick: a double play's surplus card is its
        player's."""
        pairs = [(0, cards[0]), (1, cards[1]), (2, cards[2]), (3, cards[3])]
        if len(cards) == 5:
            pairs.append((self.surplus_seat or 0, cards[4]))
        return pairs

    def _marks_cost(self, cards: Cards, winner: int, units: set[int]) -> int:
        """Law 65B marks contradicted by this trick's winner; -1 if one of them must hold."""
        cost = 0
        for seat, card in self._cards_by_seat(cards):
            mark = self.problem.marks.get(card)
            if mark is not None and (winner % 2 == seat % 2) != mark.won_by_own_side:
                if mark.unit in self.hard_units:
                    return -1
                cost += CARDS_WEIGHT
                units.add(mark.unit)
        return cost

    def _trick_checks_pass(
        self,
        trick: int,
        leader: int,
        cards: Cards,
        winner: int,
        units: set[int],
    ) -> bool:
        """Hard per-trick statements must hold; evidence ones add their unit when they fail."""
        for check in self.checks_by_trick.get(trick, ()):
            if check.holds_for_trick(leader, cards, winner):
                continue
            if check.unit is None or check.unit in self.hard_units:
                return False
            units.add(check.unit)
        return True

    def _deals_of_trick(
        self,
        trick: int,
        played: int,
        leader: int,
        flags: int,
        budget: int,
        agreed: AgreedPlay | None,
    ) -> Iterator[TrickDeal]:
        """Yield (cards by seat, weight, order cost, flags after, order units broken).

        Each follower's options depend only on the suit led, so they are computed once per
        suit; the budget is enforced on the trick's total afterwards.
        """
        s1, s2, s3 = (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4
        follow: dict[int, tuple[list[Option], list[Option], list[Option]]] = {}
        chosen = [0, 0, 0, 0]
        for lead in self._options(trick, played, leader, None, flags, budget, agreed):
            suit = lead[0] // 13
            if suit not in follow:
                follow[suit] = (
                    self._options(trick, played, s1, suit, flags, budget, agreed),
                    self._options(trick, played, s2, suit, flags, budget, agreed),
                    self._options(trick, played, s3, suit, flags, budget, agreed),
                )
            first, second, third = follow[suit]
            chosen[leader] = lead[0]
            for a in first:
                chosen[s1] = a[0]
                for b in second:
                    chosen[s2] = b[0]
                    for c in third:
                        chosen[s3] = c[0]
                        cost = lead[2] + a[2] + b[2] + c[2]
                        if cost:
                            if cost // CARDS_WEIGHT > budget:
                                continue
                            broken = frozenset(o[4] for o in (lead, a, b, c) if o[4] is not None)
                            new_flags = lead[3] | a[3] | b[3] | c[3]
                        else:
                            broken, new_flags = _NO_UNITS, flags
                        if self.flags_move:
                            if self.counted_permits and _permit_clash(flags, a[3], b[3], c[3]):
                                continue
                            new_flags = lead[3] | a[3] | b[3] | c[3]
                        yield (
                            (chosen[0], chosen[1], chosen[2], chosen[3]),
                            lead[1] * a[1] * b[1] * c[1],
                            cost,
                            new_flags,
                            broken,
                        )

    def sample_deal(
        self, trick: int, played: int, leader: int, flags: int, budget: int, rng: random.Random
    ) -> tuple[TrickDeal | None, int]:
        """One deal of ``_deals_of_trick``, each seat's option drawn uniformly in turn, and the
        number of deals it stands for (the product of the numbers of options); (None, 0) when
        the draw is not a deal there (a seat without a card, the budget overspent)."""
        agreed = self.problem.agreed.get(trick)
        leads = self._options(trick, played, leader, None, flags, budget, agreed)
        if not leads:
            return None, 0
        lead = leads[rng.randrange(len(leads))]
        suit = lead[0] // 13
        chosen = [0, 0, 0, 0]
        chosen[leader] = lead[0]
        picked = [lead]
        scale = len(leads)
        for seat in ((leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4):
            options = self._options(trick, played, seat, suit, flags, budget, agreed)
            if not options:
                return None, 0
            option = options[rng.randrange(len(options))]
            chosen[seat] = option[0]
            picked.append(option)
            scale *= len(options)
        cost = sum(o[2] for o in picked)
        if cost // CARDS_WEIGHT > budget:
            return None, 0
        new_flags = flags
        if cost or self.flags_move:
            new_flags = picked[0][3] | picked[1][3] | picked[2][3] | picked[3][3]
        if self.counted_permits and _permit_clash(flags, picked[1][3], picked[2][3], picked[3][3]):
            return None, 0
        broken = frozenset(o[4] for o in picked if o[4] is not None) if cost else _NO_UNITS
        weight = picked[0][1] * picked[1][1] * picked[2][1] * picked[3][1]
        deal = ((chosen[0], chosen[1], chosen[2], chosen[3]), weight, cost, new_flags, broken)
        return deal, scale

    def _options(
        self,
        trick: int,
        played: int,
        seat: int,
        led: int | None,
        flags: int,
        budget: int,
        agreed: AgreedPlay | None,
    ) -> list[Option]:
        """Cards this seat may play here: (card, weight, order cost, flags after, order unit)."""
        p = self.problem
        available = p.playable[seat] & ~played
        missing = available & (1 << PHANTOM)
        revoke_bit = -1
        if led is None:
            available &= ~missing
        else:
            held_of_suit = p.hands[seat] & ~played & SUIT_MASKS[led]
            if held_of_suit:
                if (self.may_revoke[trick] >> seat) & 1:
                    revoke_bit = p.permit(seat, trick, led, flags >> PERMIT_SHIFT)
                if revoke_bit < 0:
                    available = (available & SUIT_MASKS[led]) | missing
        if agreed is not None:
            available &= 1 << agreed.cards[seat]
        if not available:
            return []
        if p.row_order[seat] is not None and not (flags >> seat) & 1:
            row_card = p.row_card(seat, trick, played)
            options = self._intact_row_options(seat, row_card, available, flags, budget)
        else:
            options = [
                (card, weight, 0, flags, None)
                for card, weight in self._classes(seat, available, played)
            ]
        if revoke_bit > 0 and led is not None:
            used = flags | (revoke_bit << PERMIT_SHIFT)
            options = [
                (o[0], o[1], o[2], o[3] | used, o[4])
                if o[0] // 13 != led and o[0] != PHANTOM
                else o
                for o in options
            ]
        if seat == self.surplus_seat and led is not None and agreed is None:
            options += self._pair_options(trick, played, seat, led, flags, budget)
        return options

    def _pair_options(
        self, trick: int, played: int, seat: int, led: int, flags: int, budget: int
    ) -> list[Option]:
        """Law 67B2: the two cards this player can have dropped on this trick, once per play,
        each pair once with the card ``surplus_counted`` leaves in the trick (see ``PAIR``).

        An intact, unbroken row puts its next two cards here at no cost; any other pair
        breaks it.
        """
        p = self.problem
        if flags >> SURPLUS_SHIFT:
            return []
        held = p.hands[seat] & ~played
        mine = cards_in(p.playable[seat] & ~played)
        intact = p.row_order[seat] is not None and not (flags >> seat) & 1
        unit = p.order_unit[seat]
        may_break = budget >= 1 and unit not in self.hard_units
        in_order: frozenset[int] = frozenset()
        if intact:
            order = p.row_order[seat] or ()
            in_order = frozenset(order[trick : trick + 2])
        options: list[Option] = []
        for i, first in enumerate(mine):
            for second in mine[i + 1 :]:
                counted = surplus_counted(led, p.trump, (first, second), held)
                if counted is None:
                    continue
                extra = second if counted == first else first
                after = flags | (extra + 1) << SURPLUS_SHIFT
                value = PAIR * (extra + 1) + counted
                if not intact or {first, second} == in_order:
                    options.append((value, 1, 0, after, None))
                elif may_break:
                    options.append((value, 1, CARDS_WEIGHT, after | 1 << seat, unit))
        return options

    def _intact_row_options(
        self, seat: int, row_card: int | None, available: int, flags: int, budget: int
    ) -> list[Option]:
        """An unbroken intact row: its card for this trick, or any other at the cost of the row.

        Missing a trick (Law 67) leaves the row in order: the row's cards follow the gap.
        """
        options: list[Option] = []
        if row_card is not None and (available >> row_card) & 1:
            options.append((row_card, 1, 0, flags, None))
        if (available >> PHANTOM) & 1:
            options.append((PHANTOM, 1, 0, flags, None))
        unit = self.problem.order_unit[seat]
        if budget >= 1 and unit not in self.hard_units:
            rest = available & ~(1 << PHANTOM)
            if row_card is not None:
                rest &= ~(1 << row_card)
            while rest:
                low = rest & -rest
                rest ^= low
                options.append((low.bit_length() - 1, 1, CARDS_WEIGHT, flags | (1 << seat), unit))
        return options

    def _classes(self, seat: int, available: int, played: int) -> list[tuple[int, int]]:
        """(representative, class size) for each class of equivalent available cards."""
        if not self.reduce:
            return [(card, 1) for card in cards_in(available)]
        others = ~played & ~self.problem.hands[seat]
        out: list[tuple[int, int]] = []
        previous = -1
        for card in cards_in(available):
            if (
                previous >= 0
                and card // 13 == previous // 13
                and not (self.special >> card) & 1
                and not (self.special >> previous) & 1
                and not (others >> previous) & ((1 << (card - previous)) - 1)
            ):
                _, size = out[-1]
                out[-1] = (card, size + 1)
            else:
                out.append((card, 1))
            previous = card
        return out


def _irregular_cards(problem: Problem) -> int:
    """Cards an irregularity tells apart: penalty cards, cards led out of turn or played at
    the right-hand opponent's turn (57D) or by declarer before his turn (57C3), a card led
    instead of a penalty card where play stopped (52), a card withdrawn (45C4(b), 47E2) or
    named but not held (46B4), and every
    card of a premature player's partner (a
    57A order to play the highest or the lowest) and of dummy under a 46B designation."""
    program = problem.irregular
    mask = 0
    if program is None:
        return mask
    for cards in program.penalty_cards.values():
        for _seat, card, _major in cards:
            mask |= 1 << card
    for _seat, card, _response in program.leads_out_of_turn.values():
        mask |= 1 << card
    for seat, card in program.premature.values():
        mask |= 1 << card | problem.hands[(seat + 2) % 4]
    for _seat, card in program.rho_turn.values():
        mask |= 1 << card
    returned = [entry for entries in program.returned.values() for entry in entries]
    for _seat, card in (*program.forfeited.values(), *returned):
        mask |= 1 << card
    for _seat, card in program.declarer_early.values():
        mask |= 1 << card
    for dummy, _said, _suit, _rank in program.designations.values():
        mask |= problem.hands[dummy]  # 46B: the highest or lowest card of a suit, a rank
    mask |= _withdrawn_cards(program)
    if program.pending_failure is not None:
        mask |= 1 << program.pending_failure[2]
    return mask


def _withdrawn_cards(program: PlayIrregularities) -> int:
    """The cards back in their hands from a trick (45C4(b), 47E2) with the card of a slip an
    opponent's withdrawal refers to, and the cards declarer named that dummy no longer held
    (46B4)."""
    mask = 0
    for withdrawn in program.withdrawn.values():
        for _seat, card, _dummy, slip in withdrawn:
            mask |= 1 << card | (1 << slip if slip >= 0 else 0)
    for absent in program.absent.values():
        for _seat, card in absent:
            mask |= 1 << card
    return mask


def _permit_clash(flags: int, a: int, b: int, c: int) -> bool:
    """Two revokes of one trick cannot use up the same permit (the wildcard)."""
    new_a, new_b, new_c = a & ~flags, b & ~flags, c & ~flags
    return bool((new_a & new_b) | (new_a & new_c) | (new_b & new_c))


def _without(held: tuple[int, int, int, int], cards: Cards) -> tuple[int, int, int, int]:
    """The cards each seat holds once the trick's ``cards`` are played."""
    return (
        held[0] & ~(1 << cards[0]),
        held[1] & ~(1 << cards[1]),
        held[2] & ~(1 << cards[2]),
        held[3] & ~(1 << cards[3]),
    )


def _mask4(cards: tuple[int, int, int, int]) -> int:
    return (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])


def _mask(cards: Cards) -> int:
    """The cards of a trick, a double play's surplus card included."""
    mask = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
    return mask | (1 << cards[4]) if len(cards) == 5 else mask


def _unpack_pair(cards: Cards, seat: int) -> Cards:
    """A trick whose ``seat`` option was a double play (``PAIR``): the counted card in his
    place, the surplus card fifth."""
    value = cards[seat]
    if value < PAIR:
        return cards
    out = list(cards)
    out[seat] = value % PAIR
    return (*out, value // PAIR - 1)


# -- reading the optimum back ----------------------------------------------------------------


@dataclass(slots=True)
class Optimum:
    """The minimum-cost outcomes at the root, for a budget that admits some history."""

    budget: int
    min_cost: int
    suffix_cost: dict[int, int]
    """Outcome key -> cards-tier cost of its best histories (the statements tier is priced
    from the key's sides and the declarer-total statements).
    (Every dict here is keyed by outcome key: the declarer total, with revokes if any.)"""
    counts: dict[int, int]
    units: dict[int, int]
    """Declarer total -> units contradicted by some of its consistent histories (bit mask)."""
    winners: dict[int, int]
    """Declarer total -> (trick, winner) pairs seen in its consistent histories (bit mask)."""
    always: dict[int, int]
    """Declarer total -> units contradicted by every one of its consistent histories."""


def find_optimum(searcher: Searcher, budgets: range | None = None) -> Optimum | None:
    """Iterative deepening on the cards tier; None when no budget tried admits a history."""
    p = searcher.problem
    cards_units = sum(1 for u in p.units if u.tier == "cards")
    for budget in budgets if budgets is not None else range(cards_units + 1):
        try:
            summary = searcher.solve(0, p.opening_leader, 0, budget)
        except SearchTimeout as stopped:
            stopped.root = (budget, stopped.partial)
            raise
        priced = {
            key: (entry[0] + _statements_cost(p, key), entry[1])
            for key, entry in summary.items()
            if _total_hard_checks_hold(p, key_total(key), searcher.hard_units)
        }
        if not priced:
            continue
        best = min(cost for cost, _ in priced.values())
        return Optimum(
            budget=budget,
            min_cost=best,
            suffix_cost={t: summary[t][0] for t, (c, _) in priced.items() if c == best},
            counts={t: n for t, (c, n) in priced.items() if c == best},
            units={t: summary[t][2] for t, (c, _) in priced.items() if c == best},
            winners={t: summary[t][3] for t, (c, _) in priced.items() if c == best},
            always={t: summary[t][4] for t, (c, _) in priced.items() if c == best},
        )
    return None


def _statements_cost(problem: Problem, key: int) -> int:
    """The statements tier of a root outcome key: the sides contradicted at some trick (in the
    key) or by a declarer-total statement, each side once."""
    total = key_total(key)
    sides = key_sides(key) | problem.sides_of(
        [c.unit for c in problem.tricks_checks if c.unit is not None and c.total != total]
    )
    return STATEMENT_WEIGHT * sides_count(sides)


def _total_hard_checks_hold(problem: Problem, total: int, hard_units: frozenset[int]) -> bool:
    return all(
        c.total == total for c in problem.tricks_checks if c.unit is None or c.unit in hard_units
    )


def read_optimum(searcher: Searcher, optimum: Optimum) -> Readout:
    """What the consistent histories say beyond their number (see ``Readout``)."""
    p = searcher.problem
    every = (1 << len(p.units)) - 1
    some_mask, all_mask = 0, every
    winners: dict[int, list[frozenset[int]]] = {}
    for key in optimum.counts:
        total = key_total(key)
        statements = sum(
            1 << c.unit for c in p.tricks_checks if c.unit is not None and c.total != total
        )
        some_mask |= optimum.units[key] | statements
        all_mask &= optimum.always[key] | statements
        seen = optimum.winners[key]
        before = winners.get(total, [frozenset()] * p.tricks)
        winners[total] = [
            before[t] | frozenset(s for s in range(4) if (seen >> (4 * t + s)) & 1)
            for t in range(p.tricks)
        ]
    return Readout(_unit_set(some_mask, len(p.units)), _unit_set(all_mask, len(p.units)), winners)


def _unit_set(mask: int, size: int) -> frozenset[int]:
    return frozenset(u for u in range(size) if (mask >> u) & 1)


@dataclass(frozen=True, slots=True)
class Readout:
    contradicted: frozenset[int]
    """Units contradicted by at least one consistent history."""
    forced: frozenset[int]
    """Units contradicted by every consistent history: the facts that had to go."""
    winners: dict[int, list[frozenset[int]]]
    """Declarer total -> per trick, the seats winning it in some history of that total."""


def _optimal_steps(
    searcher: Searcher, played: int, leader: int, flags: int, budget: int, need: int, need_cost: int
) -> Iterator[tuple[TrickStep, tuple[int, int, int, int, int, int]]]:
    """The trick steps from a node that stay on a minimum-cost path to ``need`` more tricks."""
    p = searcher.problem
    trick = played.bit_count() // 4
    cache_key = (played, leader, flags, budget)
    steps = searcher.steps_cache.get(cache_key)
    if steps is None:
        steps = searcher.steps(trick, played, leader, flags, budget)
        searcher.steps_cache[cache_key] = steps
    need_sides = key_sides(need)
    for step in steps:
        if step.sides & ~need_sides:
            continue
        child_budget = budget - step.cost // CARDS_WEIGHT
        child_played = played | _mask(step.cards)
        child = searcher.solve(child_played, step.winner, step.flags, child_budget)
        if searcher.plain_keys:
            child_total = key_total(need) - (1 if step.winner % 2 == p.declarer_side else 0)
            for child_sides in range(4):
                if child_sides | step.sides != need_sides:
                    continue
                child_need = child_total | child_sides << SIDES_SHIFT
                entry = child.get(child_need)
                if entry is not None and entry[0] + step.cost == need_cost:
                    node = (
                        child_played,
                        step.winner,
                        step.flags,
                        child_budget,
                        child_need,
                        entry[0],
                    )
                    yield step, node
            continue
        for child_key, entry in child.items():
            key = searcher.step_key(trick, leader, child_played, step, child_key)
            if entry[0] + step.cost == need_cost and key | step.sides << SIDES_SHIFT == need:
                node = (child_played, step.winner, step.flags, child_budget, child_key, entry[0])
                yield step, node


def canonical_histories(searcher: Searcher, optimum: Optimum) -> Iterator[History]:
    """Consistent histories with one representative per class of equivalent cards, in order:
    by outcome key, then trick by trick by the cards played. The sides a history contradicts
    are bookkeeping, not an outcome: the keys that differ only there are walked together, so
    the order does not depend on whose account a history contradicts."""
    for keys in _keys_by_outcome(optimum).values():
        yield from canonical_histories_of(searcher, optimum, keys)


def _keys_by_outcome(optimum: Optimum) -> dict[int, list[int]]:
    """The root keys of the consistent histories, by key without its sides, in order."""
    grouped: dict[int, list[int]] = {}
    for key in sorted(optimum.counts, key=lambda k: (k & ~(3 << SIDES_SHIFT), k)):
        grouped.setdefault(key & ~(3 << SIDES_SHIFT), []).append(key)
    return grouped


Wants = tuple[tuple[int, int], ...]
"""The (outcome key, cards-tier cost) pairs a walk still wants from a node."""


def canonical_histories_of(
    searcher: Searcher, optimum: Optimum, keys: list[int]
) -> Iterator[History]:
    """The canonical consistent histories of some root outcome keys, merged in one order."""
    p = searcher.problem

    def descend(
        node: tuple[int, int, int, int], wants: Wants, prefix: list[PlayedTrick]
    ) -> Iterator[History]:
        played, leader, flags, budget = node
        if played.bit_count() // 4 == p.tricks:
            yield tuple(prefix)
            return
        children: dict[
            tuple[Cards, int, int],
            tuple[TrickStep, tuple[int, int, int, int], list[tuple[int, int]]],
        ]
        children = {}
        for need, need_cost in wants:
            for step, child in _optimal_steps(
                searcher, played, leader, flags, budget, need, need_cost
            ):
                entry = children.setdefault(_step_id(step), (step, child[:4], []))
                if (child[4], child[5]) not in entry[2]:
                    entry[2].append((child[4], child[5]))
        for step_id in sorted(children):
            step, child_node, child_wants = children[step_id]
            prefix.append((step.leader if step.leader >= 0 else leader, step.cards))
            yield from descend(child_node, tuple(child_wants), prefix)
            prefix.pop()

    root = (0, p.opening_leader, 0, optimum.budget)
    yield from descend(root, tuple((key, optimum.suffix_cost[key]) for key in keys), [])


def _step_id(step: TrickStep) -> tuple[Cards, int, int]:
    """Steps that are one history apart: their cards, and (after an irregularity) the choices
    and obligations that go with them (the same plays under two choices are two histories)."""
    return (step.cards, step.choices, step.flags >> OBLIGATIONS_SHIFT)


def expand_orbit(searcher: Searcher, history: History) -> Iterator[History]:
    """Every real history that the search represented by this canonical one."""
    if not searcher.reduce:
        yield history  # every class has one card
        return
    p = searcher.problem
    plays = [(t, (history[t][0] + i) % 4) for t in range(len(history)) for i in range(4)]

    def walk(
        index: int, current: list[list[int]], leaders: list[int], flags: int
    ) -> Iterator[History]:
        if index == len(plays):
            yield tuple((leaders[t], (c[0], c[1], c[2], c[3])) for t, c in enumerate(current))
            return
        trick, seat = plays[index]
        played = 0
        for earlier in current[:trick]:
            played |= _mask4((earlier[0], earlier[1], earlier[2], earlier[3]))
        card = current[trick][seat]
        led = None if seat == leaders[trick] else current[trick][leaders[trick]] // 13
        members = _class_of(searcher, trick, played, seat, led, flags, card)
        next_flags = flags
        if p.row_order[seat] is not None and card not in (p.row_card(seat, trick, played), PHANTOM):
            next_flags |= 1 << seat
        for member in members:
            swapped = _swap(current, trick, seat, card, member)
            yield from walk(index + 1, swapped, leaders, next_flags)

    yield from walk(0, [list(cards) for _, cards in history], [leader for leader, _ in history], 0)


def _class_of(
    searcher: Searcher, trick: int, played: int, seat: int, led: int | None, flags: int, card: int
) -> list[int]:
    p = searcher.problem
    order = p.row_order[seat]
    if order is not None and not (flags >> seat) & 1:
        return [card]
    available = p.playable[seat] & ~played
    if led is not None and card // 13 == led:
        available &= SUIT_MASKS[led]
    agreed = p.agreed.get(trick)
    if agreed is not None:
        available &= 1 << agreed.cards[seat]
    classes: list[list[int]] = []
    sizes = searcher._classes(seat, available, played)
    members = [c for c in cards_in(available)]
    position = 0
    for _representative, size in sizes:
        classes.append(members[position : position + size])
        position += size
    for group in classes:
        if card in group:
            return group
    return [card]


def _swap(
    current: list[list[int]], trick: int, seat: int, card: int, member: int
) -> list[list[int]]:
    if member == card:
        return current
    swapped = [list(cards) for cards in current]
    for t in range(trick, len(swapped)):
        if swapped[t][seat] == card:
            swapped[t][seat] = member
        elif swapped[t][seat] == member:
            swapped[t][seat] = card
    return swapped


# -- the engine's entry point ----------------------------------------------------------------


def solve(
    problem: Problem,
    *,
    time_limit: float = 30.0,
    list_limit: int = 0,
    budgets: range | None = None,
    hard_units: frozenset[int] = frozenset(),
    known_min_cost: int | None = None,
    memory_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
    estimate_seconds: float = 0.0,
    seed: int = 1,
    node_limit: int | None = None,
) -> EngineResult:
    """Count and group every consistent history; list the first ``list_limit`` of them.

    ``budgets`` limits the cards-tier costs tried (all by default): when none of them admits a
    history the result has ``feasible=None`` (not proved impossible). ``hard_units`` are units
    that optimisation proved to hold in every minimum-cost history. On time-out the result has
    ``feasible=None`` and ``count=None``: the caller decides the outcomes by optimisation
    instead (CP-SAT), never from a partial count.

    When the caller knows the minimum cost (``known_min_cost``, from optimisation), a search
    stopped at its time or memory limit (``memory_limit`` bytes resident) still says how many
    consistent histories it had counted: ``count_at_least``, with ``count_stopped`` naming the
    limit; and with ``estimate_seconds`` it then spends that long on ``estimate_count``.
    ``progress`` is called with the positions searched so far, now and then; ``node_limit``
    stops the search after that many positions.
    """
    started = time.monotonic()
    searcher = Searcher(problem, hard_units=hard_units)
    searcher.deadline = started + time_limit
    searcher.memory_limit = memory_limit
    searcher.progress = progress
    searcher.node_stop = -1 if node_limit is None else node_limit + 1
    try:
        optimum = find_optimum(searcher, budgets)
        if optimum is None:
            proved = budgets is None and not hard_units
            return EngineResult(
                "search",
                feasible=False if proved else None,
                count=0 if proved else None,
                elapsed=time.monotonic() - started,
            )
        readout = read_optimum(searcher, optimum)
        listed = _first_histories(searcher, optimum, list_limit)
    except SearchTimeout as stopped:
        elapsed = time.monotonic() - started
        note = (
            f"search stopped at its time limit of {time_limit:g} s"
            if stopped.reason == "time limit"
            else f"search stopped at its {stopped.reason}"
        )
        if known_min_cost is None or stopped.root is None:
            return EngineResult("search", feasible=None, elapsed=elapsed, notes=[note])
        budget, partial = stopped.root
        at_least = counted(problem, partial, known_min_cost, hard_units)
        estimate = None
        if estimate_seconds > 0:
            if stopped.reason == "memory limit":
                searcher.forget()
            estimate = estimate_count(
                searcher,
                budget,
                known_min_cost,
                deadline=time.monotonic() + estimate_seconds,
                seed=seed,
            )
        return EngineResult(
            "search",
            feasible=None,
            count_at_least=at_least,
            elapsed=elapsed,
            notes=[note],
            count_stopped=stopped.reason,
            estimate=estimate,
        )
    count = sum(optimum.counts.values())
    outcomes: dict[int, int | None] = {}
    groups: dict[int, int | None] = {}
    examples: dict[int, History] = {}
    for key, number in sorted(optimum.counts.items()):
        total, group = key_total(key), public_key(key)
        outcomes[total] = (outcomes.get(total) or 0) + number
        groups[group] = (groups.get(group) or 0) + number
    for keys in _keys_by_outcome(optimum).values():
        group = public_key(keys[0])
        if group not in examples:
            examples[group] = next(canonical_histories_of(searcher, optimum, keys))
    return EngineResult(
        "search",
        feasible=True,
        min_cost=optimum.min_cost,
        count=count,
        count_at_least=count,
        outcomes=dict(sorted(outcomes.items())),
        groups=outcome_groups(groups),
        group_examples=outcome_groups(examples),
        contradicted=readout.contradicted,
        forced=readout.forced,
        listed=listed,
        trick_winners=readout.winners,
        elapsed=time.monotonic() - started,
        notes=[f"{len(searcher.memo)} positions searched"],
    )


def _first_histories(searcher: Searcher, optimum: Optimum, limit: int) -> list[History]:
    out: list[History] = []
    if limit <= 0:
        return out
    for canonical in canonical_histories(searcher, optimum):
        for history in expand_orbit(searcher, canonical):
            out.append(history)
            if len(out) >= limit:
                return out
    return out


# -- when counting stops short -----------------------------------------------------------------


def counted(
    problem: Problem, summary: Summary, min_cost: int, hard_units: frozenset[int] = frozenset()
) -> int:
    """The consistent histories in a root summary (whole or partial): those of cost
    ``min_cost``, the proved minimum. A partial summary holds only continuations searched to
    the end, so this is a count of real histories, a lower bound on the whole count."""
    return sum(
        entry[1]
        for key, entry in summary.items()
        if _total_hard_checks_hold(problem, key_total(key), hard_units)
        and entry[0] + _statements_cost(problem, key) == min_cost
    )


def resident_bytes() -> int:
    """This process's resident memory now (Linux), else its peak so far; 0 when unknown."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[1])
        import resource

        return pages * resource.getpagesize()
    except (OSError, ValueError, IndexError, ImportError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except ImportError:
        return 0
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024


ESTIMATE_EXACT_TRICKS = 3
"""The estimator's probes walk down at random until this many tricks are left, then count
what lies below exactly (the memoised search): the last tricks, where the branching is
narrowest and a random walk gains least, add no variance."""
ESTIMATE_SAMPLED_SEATS = 3
"""With this many seats free to play any card of theirs, a probe draws the trick card by card
(``Searcher.sample_deal``) instead of listing every way to play it: thousands of ways, listed
at every step of every probe, would leave few probes. With fewer free seats it lists them and
draws one: no draw is then wasted on a trick the facts rule out."""
ESTIMATE_MIN_PROBES = 30
"""Fewer probes than this give no interval: the normal approximation needs a sample."""
ESTIMATE_MEMO_LIMIT = 400_000
"""Positions the estimator keeps memoised before starting its tables afresh."""


def estimate_count(
    searcher: Searcher,
    budget: int,
    min_cost: int,
    *,
    seed: int = 1,
    probes: int | None = None,
    deadline: float | None = None,
    exact_tricks: int = ESTIMATE_EXACT_TRICKS,
) -> CountEstimate | None:
    """Knuth's estimator of the size of a search tree, over the counting search.

    A probe walks from the first trick to the last ``exact_tricks`` tricks, choosing each trick
    step uniformly at random among the legal ones (classes of equivalent cards weighted by
    their size, as the search counts them; with ``ESTIMATE_SAMPLED_SEATS`` free seats, card by
    card among each seat's options, a draw the facts rule out counting 0), then counts exactly
    the consistent continuations
    below (the memoised search). The number counted, times the product of the numbers of
    choices on the way, is an unbiased estimate of the whole count; the mean of the probes is
    the estimate, with an approximate 95 % interval that allows for the probes' skew
    (``mean_and_interval``; with few probes and a heavy-tailed tree it can still miss).
    Seeded: the same seed and the same number of probes give the same estimate. Stops after
    ``probes`` probes or at ``deadline`` (at least ``ESTIMATE_MIN_PROBES`` when the deadline
    allows); None when fewer than ``ESTIMATE_MIN_PROBES`` probes were made.
    """
    values = probe_values(
        searcher,
        budget,
        min_cost,
        seed=seed,
        probes=probes,
        deadline=deadline,
        exact_tricks=exact_tricks,
    )
    if len(values) < ESTIMATE_MIN_PROBES:
        return None
    mean, low, high = mean_and_interval(values)
    return CountEstimate(mean, low, high, len(values), seed, exact_tricks)


def probe_values(
    searcher: Searcher,
    budget: int,
    min_cost: int,
    *,
    seed: int,
    probes: int | None,
    deadline: float | None,
    exact_tricks: int = ESTIMATE_EXACT_TRICKS,
) -> list[int]:
    """The estimator's probes themselves (``estimate_count``), one value each: what
    ``benchmarks/estimate_calibration.py`` puts more than one interval to."""
    rng = random.Random(seed)
    searcher.deadline = float("inf")
    searcher.memory_limit = None
    searcher.progress = None
    values: list[int] = []
    while probes is None or len(values) < probes:
        if deadline is not None and time.monotonic() > deadline:
            break
        values.append(_probe(searcher, rng, budget, min_cost, exact_tricks))
        if len(searcher.memo) > ESTIMATE_MEMO_LIMIT:
            searcher.forget()
    return values


def _probe(searcher: Searcher, rng: random.Random, budget: int, min_cost: int, exact: int) -> int:
    """One random descent and the exact count below it, scaled by the choices on the way."""
    p = searcher.problem
    played, leader, flags = 0, p.opening_leader, 0
    path: list[tuple[int, int, int, TrickStep]] = []
    scale = 1
    while True:
        trick = played.bit_count() // 4
        if trick >= p.tricks - exact:
            summary = searcher.solve(played, leader, flags, budget)
            break
        if searcher.counted_permits:
            flags = searcher._spent_permits(played, flags)
        free = sum(1 for seat in range(4) if p.row_order[seat] is None or (flags >> seat) & 1)
        if (
            trick == searcher.restored_trick
            or free < ESTIMATE_SAMPLED_SEATS
            or searcher.bound_by_irregularity(trick, flags)
        ):
            steps = searcher.steps(trick, played, leader, flags, budget)
            choices = len(steps)
        else:
            deal, choices = searcher.sample_deal(trick, played, leader, flags, budget, rng)
            deals = () if deal is None else (deal,)
            steps = searcher.steps(trick, played, leader, flags, budget, deals)
        if not steps:
            return 0
        step = steps[rng.randrange(len(steps))]
        scale *= choices
        path.append((trick, played, leader, step))
        played |= _mask(step.cards)
        leader, flags, budget = step.winner, step.flags, budget - step.cost // CARDS_WEIGHT
    for trick, before, lead, step in reversed(path):
        parent: Summary = {}
        searcher.fold(parent, trick, before, lead, step, summary)
        summary = parent
    return scale * counted(p, summary, min_cost, searcher.hard_units)
