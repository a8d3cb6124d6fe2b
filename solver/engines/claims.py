"""Adjudication of a contested claim: the worst normal line for the claimer (Law 70).

The claimer's side plays the clarification statement's steps in order, and otherwise any play
the normal-play policy admits; the other side plays any legal card. Every doubtful point goes
against the claimer (70A), so the result is a minimum over all those joint plays, not a minimax:
``adjudicate`` finds it exactly, with memoisation on the position (cards left by relative rank,
whose turn, the statement step reached, the opponents' voids seen) at the start of each trick,
from any position, including the middle of a trick, and returns a line that produces it. The
search is a few passes of branch and bound, each under the middle of the interval between what
is proved and the tricks of a few random lines, keeping the values and bounds it proves. A
subtree is cut short where the claimer's side is sure of as many tricks as the pass looks under
(``Adjudicator._sure_tricks``: trumps the opponents' cannot all beat, a trick in progress no
opponent can take from it, a lead that wins whatever card it is, an opponent's lead that loses
whatever suit it is in, a run of winners the policy makes the hand on lead cash and the master
trumps left after it), or where either side takes the rest. These bounds are proved from the
cards and the policy's judgements, so they cannot change the result, only its cost. The search
tries one card of each run of cards no one can tell apart (``moves``); ``admitted_plays`` lists
them all.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from typing import Final

from solver.bridge import Card
from solver.bridge.masks import (
    SUIT_MASKS,
    beats,
    cards_in,
    hand_of,
    mask_of,
    popcount,
    top_of,
    winner_so_far,
    winner_without,
)
from solver.engines.stack import with_room
from solver.errors import EngineError
from solver.facts import Claim, Step
from solver.facts.policy import NormalPolicy
from solver.laws.normal_play import (
    HONOURS,
    PlayView,
    aware_of_trumps,
    claimer_options,
    current_winner,
    for_defenders,
    is_master,
    legal,
    masters_bind,
    masters_in,
)

Plan = tuple[int, int]
"""(index of the statement step in force, progress within it)."""


@dataclass(frozen=True, slots=True)
class ClaimProblem:
    """A claim position in integers (cards 0..51, seats 0..3 from North)."""

    held: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    trump: int | None
    claimer_side: int
    steps: tuple[Step, ...]
    voids: int
    trumps_aware: bool
    policy: NormalPolicy
    bound: int = 0b1111
    """Bit per seat: the players whose plays the statement prescribes. Declarer's statement binds
    both hands of his side; a defender's binds only his own plays (70D2)."""
    opponents_ruff: bool = True
    """False for the measure of 70C(3), the trump unable to score by ruffing: a trump the
    opponents held at the claim takes no trick from the claimer's side in a suit led other than
    trumps. Where it would win such a trick that the claimer's side's card would win without it
    (a ruff, an overruff; by choice, or because its holder holds nothing else), that card wins
    it instead; their trumps still score as trumps led or followed with, and they play any
    legal card."""

    @staticmethod
    def from_claim(claim: Claim, trump: int | None, policy: NormalPolicy) -> ClaimProblem:
        position = claim.position
        held = tuple(mask_of([c.index for c in hand]) for hand in position.hands)
        voids = 0
        for seat, suits in claim.shown_out.items():
            for suit in suits:
                voids |= 1 << (4 * seat.index + suit)
        side = claim.by.index % 2
        # A conditional step ("if spades 4-1: ...") is tested on the hands at the claim: the
        # lie of the suit the claimer learns in the play (docs/claims.md).
        opponents = claim.side.other.seats
        steps = tuple(step for step in claim.statement if step.holds_on(position.hands, opponents))
        bound = (1 << side) | (1 << (side + 2))
        if claim.by_defender:
            policy = for_defenders(policy)
            # 70D2: a defender's statement cannot choose his partner's plays; the partner's
            # cards it names are dropped, and the partner plays what the policy admits.
            bound = 1 << claim.by.index
            own = position.hands[claim.by.index]
            steps = tuple(
                replace(step, cards=tuple(c for c in step.cards if c in own))
                if step.kind == "play"
                else step
                for step in steps
            )
        return ClaimProblem(
            held=(held[0], held[1], held[2], held[3]),
            leader=position.leader.index,
            trick=tuple(c.index for c in position.current_trick),
            trump=trump,
            claimer_side=side,
            steps=steps,
            voids=voids,
            trumps_aware=aware_of_trumps(
                policy, claim.trumps_mentioned, (held[0], held[1], held[2], held[3]), side, trump
            ),
            policy=policy,
            bound=bound,
        )


@dataclass(frozen=True, slots=True)
class LinePlay:
    """One card of the worst normal line."""

    trick: int
    """Trick number counted from the claim (1 = the trick in progress or the next one)."""
    seat: int
    card: int
    wins_trick: int | None = None
    """Set on a trick's last card: the seat that won it."""


@dataclass(frozen=True, slots=True)
class Proved:
    """What a search proved at the start of tricks, by memo key: values, and lower bounds where
    it was cut. Each holds as a lower bound for a problem whose lines are among these:
    ``adjudicate``'s ``proved``. For the 70C measure (``opponents_ruff`` false) they are only a
    guide (``solver/rulings/claims.py``): a trick that goes to the claimer's side there instead
    of to the trump changes who leads, so its value may be lower. The keys number each suit's
    pattern of cards (``Adjudicator._suit_id``); ``names`` is that numbering, which the later
    search takes over so that its keys mean the same positions."""

    bounds: dict[object, int]
    names: tuple[dict[bytes, int], ...]


@dataclass(frozen=True, slots=True)
class Adjudication:
    claimer_tricks: int
    """Tricks of those left at the claim that the claimer's side takes on the worst normal line."""
    line: tuple[LinePlay, ...]
    positions: int
    elapsed: float
    proved: Proved | None = field(default=None, repr=False, compare=False)
    """What the search proved, for a later one (``adjudicate``'s ``proved``)."""


class ClaimTimeout(EngineError):
    """The adjudication did not finish in the time given. ``at_least`` and ``at_most`` bound
    the claimer's-side tricks it was looking for, as far as it got: every line giving fewer than
    ``at_least`` was refuted, and a normal line giving ``at_most`` was found."""

    at_least: int = 0
    at_most: int = 13


State = tuple[tuple[int, int, int, int], int, tuple[int, ...], Plan, int]
"""(held, leader, trick in progress, plan, voids)."""


class Adjudicator:
    """Memoised minimum over normal claimer plays and any legal opponent plays."""

    def __init__(
        self, problem: ClaimProblem, deadline: float = float("inf"), proved: Proved | None = None
    ) -> None:
        """``proved``: what a search of a problem admitting every line this one does proved
        (``adjudicate``'s ``proved``), taken as lower bounds."""
        self.p = problem
        self.deadline = deadline
        self.memo: dict[object, int] = {}
        """What ``below`` proved at the start of a trick, by ``_key``: 2v + 1 for a value v,
        2v for "the claimer's side takes at least v tricks" (one table, one look-up)."""
        self.nodes = 0
        self.interval = (0, 13)
        """What ``value`` knows so far: the value lies in [low, high]."""
        self.special = 0
        for step in problem.steps:
            for card in step.cards:
                self.special |= 1 << card.index
        side = problem.claimer_side
        self._opponents = (1 - side, 3 - side)
        self._void_mask = (0xF << (4 * (1 - side))) | (0xF << (4 * (3 - side)))
        """Only the opponents' known voids can change a normal play (``_sure_position``); the
        memo key keeps those that still can (``_live_voids``)."""
        self._names: tuple[dict[bytes, int], ...] = ({}, {}, {}, {})
        """Each suit's patterns (``_suit_key``) numbered in the order met: the memo key is made of
        these numbers (one small integer hashes and compares faster than names). A search that
        takes over another's bounds takes over its numbering, so the keys mean the same."""
        if proved is not None:
            self._names = tuple(dict(names) for names in proved.names)
            self.memo = {key: 2 * tricks for key, tricks in proved.bounds.items()}
        self._ids_by_cards_left: list[list[int]] = [[-1] * 8192 for _ in range(4)]
        """``_suit_id`` at the start of a trick, by the suit's cards left (13 bits), -1 until
        met: each card stays with the player dealt it, so those cards say who holds what. Every
        state given to the adjudicator must therefore come from its own problem's cards."""
        self._trump_mask = 0 if problem.trump is None else SUIT_MASKS[problem.trump]
        self._dead = 0
        """With ``opponents_ruff`` false, the trumps the opponents hold at the claim: none of
        them takes a trick from the claimer's side in a suit led other than trumps (``play``)."""
        if not problem.opponents_ruff:
            self._dead = (hand_of(problem.held, 1 - side) | hand_of(problem.held, 3 - side)) & (
                self._trump_mask
            )
        self._trumps: dict[int, tuple[int, int, int]] = {}
        """``_trump_tricks`` by the lie of the trumps: the claimer's side's two hands and the
        opponents' (with their cards on the trick), 13 bits each."""
        self._trump_shift = 0 if problem.trump is None else 13 * problem.trump
        self._runs: dict[int, int] = {}
        """``_run_then_trumps`` by position (``_start_parts``, as in the memo key) and leader: many
        lines reach the same position, and keyed by the cards themselves the table grew to
        several times the memo's size (847,027 entries on trick-1 deal 13, against 365,150)."""
        policy = problem.policy
        self._cashing = policy.winners_first and policy.top_down and policy.follow_low_to_partner
        """May ``_run_of_winners`` be used: the judgements it relies on are on."""
        self._covering = policy.no_duck_with_winner and policy.no_master_discard
        """In a run, does partner's master of a suit cover L's low lead of it (``_suit_run``)?"""
        trump = -1 if problem.trump is None else problem.trump
        self._trump_suit = trump
        """The trump suit, -1 at no trumps: a plain integer, as compiled an ``int | None`` is
        compared as an object, at many times the cost."""
        self._idle_suit = trump if policy.no_idle_trump_lead else -1
        """The trump suit when ``no_idle_trump_lead`` is on, else -1: its winners are not led in
        a run."""

    def proved(self) -> Proved:
        """What the search has proved so far, for a later search (``Proved``)."""
        return Proved({key: known >> 1 for key, known in self.memo.items()}, self._names)

    def start(self) -> State:
        """The state at the claim: the statement's first step not already done."""
        p = self.p
        return (p.held, p.leader, p.trick, self._skip_done((0, 0), p.held), p.voids)

    # -- the recursion ------------------------------------------------------------------------

    def value(self, state: State, at_least: int = 0) -> int:
        """Claimer's-side tricks from this state on the worst normal line (known to be
        ``at_least``, when the caller knows more than 0).

        The value lies between the best lower bound known and the tricks of a few random lines
        (``playout_bound``). Each pass of ``below`` asks for the lines under the middle of that
        interval, by branch and bound: it finds the value when it is there, or proves a lower
        bound and the interval halves. Passes keep what they prove, so none searches a subtree
        twice for the same bound. Halving is the robust order (``benchmarks/claims.py``): one
        pass under the random lines' tricks alone saves up to a third of the positions on some
        trick-1 deals, but a real 13-card claim worth 4 tricks, the random lines giving 12, then
        takes 6.5 s instead of 0.05 s, and trick-1 deal 10 does not finish in 40 s instead of
        14 s. Starting the interval from the sure tricks (``_sure_tricks``) moves the first
        middle up and searched up to a fifth more positions.
        """
        key = self._key(state)
        known = self.memo.get(key, 0)
        if known & 1:
            return known >> 1
        low = max(known >> 1, at_least)
        high = self.playout_bound(state, PLAYOUTS)
        while low < high:
            self.interval = (low, high)
            middle = (low + high + 1) // 2
            found = self.below(state, middle)
            if found < middle:
                low = high = found
            else:
                low = found
        self.interval = (high, high)
        self.memo[key] = 2 * high + 1
        return high

    def playout_bound(self, state: State, count: int) -> int:
        """An upper bound on ``value``: the fewest claimer's-side tricks over ``count`` lines
        the search would consider, played at random to the end (seeded: the same every run)."""
        held, leader, trick, _plan, _voids = state
        best = popcount(hand_of(held, (leader + len(trick)) & 3))
        rng = random.Random(0)
        for _ in range(count):
            tricks = 0
            current = state
            while any(current[0]) or current[2]:
                current, gained = self.play(current, rng.choice(self._expand(current)))
                tricks += gained
            best = min(best, tricks)
        return best

    def below(self, state: State, bound: int) -> int:
        """The value from here if it is less than ``bound``; if not, a lower bound at least
        ``bound`` (every normal line from here gives the claimer's side that many tricks).

        Both sides' plays are tried in turn, and each play's subtree is searched only for lines
        better than the best found so far (branch and bound: both sides minimise, so this is a
        plain minimum, not alpha-beta). A subtree is cut short where the claimer's side is sure
        of ``bound`` tricks or more (``_sure_tricks``). At the start of a trick the results are
        memoised: exact values, and lower bounds where the search was cut.
        """
        held, leader, trick, _plan, _voids = state
        left = popcount(hand_of(held, (leader + len(trick)) & 3))
        if not trick and leader % 2 != self.p.claimer_side and self._opponents_take_the_rest(state):
            return 0
        sure = self._sure_tricks(state, bound - 1, left)
        if sure >= bound or sure == left:
            return sure
        if trick:
            # In the middle of a trick, no memo: the position is reached only through the one
            # at the start of the trick, which is memoised.
            return self._children(state, bound, sure)
        key = self._key(state)
        known = self.memo.get(key, 0)
        lower = known >> 1
        if known & 1 or lower >= bound:
            return lower  # the value, or a lower bound reaching the bound
        found = self._children(state, bound, max(sure, lower))
        self.memo[key] = 2 * found + 1 if found < bound else 2 * found
        return found

    def _sure_tricks(self, state: State, k: int, left: int) -> int:
        """A lower bound on the claimer's side's tricks from here, whatever anyone plays (the run
        of winners: whatever the policy admits), more than k, or the best found before it was
        seen to be at most k."""
        _held, leader, trick, _plan, _voids = state
        if self.p.trump is None:
            masters, sure = (0, 0), 0
        else:
            first, second, sure = self._trump_tricks(state)  # sure: at least either master count
            masters = (first, second)
        if sure > k:
            return sure
        if trick:
            return max(sure, 1) if self._trick_is_ours(state) else sure
        if leader % 2 == self.p.claimer_side:
            if self._claimer_takes_the_rest(state):
                return left
            if self._cashing:
                sure = max(sure, self._run_then_trumps(state, k, masters))
            if not sure and self._lead_wins(state):
                return 1
        elif not sure and self._answer_wins(state):
            return 1
        return sure

    def _run_then_trumps(self, state: State, k: int, masters: tuple[int, int]) -> int:
        """The run of winners (R tricks), then the master trumps it leaves each hand: both are
        sure, so they add up. 0 while the statement is not done (the run is not used then), and
        0, without working them out, when they could not add up to more than ``k``.

        During the run L leads R cards, so at most R of its master trumps go; partner P follows,
        and plays a trump only to a trump lead (at most R, and at most L's trumps) or when he
        holds nothing else (after his other cards, one a trick): ``follow_low_to_partner`` and
        ``ruff_when_able`` have him discard, not ruff, a trick L is sure to win, as L is through
        the run: L leads a master there (a card led under one wins only when P covers it with a
        master of the suit, which he then holds, so he follows), and on P's trick of the run
        (``_partner_leads_a_winner``) P leads one. A card of L's that an opponent may still
        beat P would ruff, but the run stops before such a card. The master trumps left lie on
        tricks after the run, one a trick for each hand, as in ``_trump_tricks``.
        """
        held, leader, _trick, plan, _voids = state
        if plan[0] < len(self.p.steps):
            return 0
        key = self._start_parts(held) | leader << 4 * PART_BITS
        known = self._runs.get(key)
        if known is not None:
            return known
        lead_masters, partner_masters = masters
        if leader != self.p.claimer_side:
            lead_masters, partner_masters = partner_masters, lead_masters
        o1, o2 = self._opponents
        theirs = hand_of(held, o1) | hand_of(held, o2)
        winners = self._winners(hand_of(held, leader), theirs)
        trump_out = bool(theirs & self._trump_mask)
        reach = winners + partner_masters
        if not trump_out and self.p.policy.cross_to_partners_winners:
            reach = max(reach, winners + 1 + self._winners(hand_of(held, leader ^ 2), theirs))
        if reach <= k:
            return 0  # it cannot cut the search: not worth working out
        run, partner_led = self._run(state, winners)
        total = run
        if run and (lead_masters or partner_masters):
            trumps = self._trump_mask
            partner = hand_of(held, leader ^ 2)
            # One more when partner may have led a trick of the run (a trump, perhaps).
            partner_spends = (
                min(run, popcount(hand_of(held, leader) & trumps))
                + max(0, run - popcount(partner & ~trumps))
                + partner_led
            )
            total = run + max(max(lead_masters - run, partner_masters - partner_spends), 0)
        if not trump_out:
            total = max(
                total, self._both_hands_run(held, leader), self._crossing_run(state, winners)
            )
        self._runs[key] = total
        return total

    def _both_hands_run(self, held: tuple[int, int, int, int], leader: int) -> int:
        """With no trump out, the tricks the claimer's side surely wins one after another
        whichever of its hands is on lead: a second run of winners, for when partner (P) may take
        the lead from the hand on lead (L) and go on cashing his own (``_run`` follows L's).

        Whoever leads holds a master and leads one (``winners_first``, ``top_down``), which
        wins, as no one can ruff: ``_leads_win_until`` says until when that is sure for each
        hand. L leads first; P leads only after winning a trick, which he cannot do if he holds
        no trump and, in each suit, no card above L's lowest (he would need to beat L's card of
        it). So the run lasts until the first trick at which the hand that may be on lead is no
        longer sure to lead a winner.
        """
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        lead, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        # P parts with no master at the first trick: ``_leads_win_until``'s ``late``.
        late = self.p.policy.no_master_discard and self._leads_a_master(lead, first | second)
        run = self._leads_win_until(lead, partner, first, second, False, late)
        if not partner & self._trump_mask:
            for suit in range(4):
                ours = lead & SUIT_MASKS[suit]
                if ours and (partner & SUIT_MASKS[suit]).bit_length() > (ours & -ours).bit_length():
                    break
            else:
                return run  # P never wins a trick of L's run
        return min(run, max(self._leads_win_until(partner, lead, first, second, late, False), 1))

    def _crossing_run(self, state: State, winners: int) -> int:
        """With no trump out and ``cross_to_partners_winners``, a lower bound on the tricks the
        claimer's side wins one after another when the hand on lead (L) cashes its T winners
        (``winners``) and then, holding none, crosses to partner's (P's) winners; 0 when that is
        not sure. Counted: T, the crossing trick, and P's tricks after it.

        L leads its winners and keeps the lead while ``_run``'s limits allow (``_run_limits``:
        no trick lost, nor the lead given up, before T), so at the trick T it holds just its
        losers of now, none of them a master yet: an opponent keeps a card above each, as he has
        parted only with cards of the suits L led, and with others only as discards once void in
        the suit led (``_keeps``; by induction, L led a master of now at each trick before). So
        L holds no winner, and ``cross_to_partners_winners`` has it lead a suit in which P then
        holds a master, when there is one. There is one when in some suit L holds a loser and P
        surely still holds a master at T: he parts with his masters of the suit only by
        following low to L's leads of it once his losers of it are gone (at most L's masters of
        the suit, at most T less his losers of it), or by discards, which ``no_master_discard``
        holds back while he holds a loser (``_holds_a_loser_until``). P wins that trick with a
        master (``no_duck_with_winner``; no one can ruff) and leads: one more trick when his lead
        surely wins (``_partner_leads_a_winner``); and when no card of L's is left above P's
        lowest of a suit and L holds no trump, L never takes the lead from him, so P's leads win
        until ``_leads_win_until`` says (counted from now: the claimer's side leads every trick
        until then)."""
        policy = self.p.policy
        if not (policy.cross_to_partners_winners and policy.no_duck_with_winner):
            return 0
        stop, takes = self._run_limits(state)
        if stop < winners or takes <= winners:
            return 0
        held, leader = state[0], state[1]
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        theirs = first | second
        hand, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        cross = winners
        discards = cross
        if policy.no_master_discard:
            discards = max(0, cross - _holds_a_loser_until(partner, first, second))
        # L's masters of each suit: its leads before the crossing trick.
        led = [
            0 if s == self._idle_suit else popcount(masters_in(hand, theirs, s)) for s in range(4)
        ]
        left = 0  # L's cards at the crossing trick
        crossing = False
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            masters = masters_in(hand, theirs, suit)
            if suit == self._idle_suit:
                left |= hand & mask
                continue
            losers = hand & mask & ~masters
            if not losers:
                continue
            left |= losers
            above = mask & ~((2 << (losers.bit_length() - 1)) - 1)
            if not (_keeps(first, above, led, suit) or _keeps(second, above, led, suit)):
                return 0  # L's best loser of the suit may be a winner by then
            partners = partner & mask
            covers = popcount(masters_in(partner, theirs, suit))
            partner_losers = popcount(partners) - covers
            gone = min(popcount(masters), max(0, cross - partner_losers)) + discards
            crossing = crossing or covers > gone
        if not crossing:
            return 0
        total = cross + 1
        if self._partner_leads_a_winner(state, cross + 1):
            total += 1
        if left & self._trump_mask or not _all_below(left, partner):
            return total  # L may win a trick of P's and lead
        return max(total, self._leads_win_until(partner, hand, first, second, False, False))

    def _leads_a_master(self, hand: int, theirs: int) -> bool:
        """Does the hand, on lead now, surely lead a master: it holds one, and in each suit whose
        top card is a master it holds one card only or its masters bind top-down?"""
        holds_one = False
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            masters = masters_in(hand, theirs, suit)
            if not masters or (suit == self._idle_suit and hand & ~mask):
                continue
            holds_one = True
            if ours & (ours - 1) and not masters_bind(masters, suit):
                return False
        return holds_one

    def _leads_win_until(
        self, hand: int, partner: int, first: int, second: int, late: bool, partner_late: bool
    ) -> int:
        """For ``_both_hands_run``: a trick (counted from 0) before which the hand, whenever it is
        on lead, leads a card that wins (no trump out), as long as the claimer's side wins
        every trick until then.

        Holding M masters (its winners: ``_winners``), it still holds one at each of the first M
        tricks, parting with one card a trick. It leads from a suit whose top card is a master:
        that card, when it binds top-down, and it binds unless it is a lone spot-card master
        with a lower card beside it (an opponent's card in between), which may be led and lose.
        That can happen to a spot card c of the hand only once the hand's cards above c are gone
        and the opponents' (one a trick each), and, when partner covers a low lead with a master
        of his own (``no_duck_with_winner``: he wins the trick with it, as the player between
        cannot ruff), once partner's masters of the suit may be gone too. The lower card may be
        any the hand still holds then (it may have followed with the others), so an opponent's
        card between c and the hand's lowest card of the suit is enough.

        Partner's masters of the suit go one a trick at most, and only to a lead of the suit or
        as discards (the claimer's side leads every trick until then). To his own lead the hand
        follows low, with a card under c; to the hand's lead he plays a master to cover a card
        under c or a non-master above it, and to a master above c he follows low, a master only
        once he holds no loser of the suit; and ``no_master_discard`` has him discard one only
        once he holds no loser at all (``_holds_a_loser_until``). So when the hand's cards
        under c (but one) and its non-masters above c are fewer than partner's masters, those
        go only after his losers of the suit; and, beyond its masters above c too, only as
        discards.

        ``late``: the hand is P, L surely leads a master at the first trick (``_leads_a_master``)
        and ``no_master_discard`` is on. Then a card above c that is a master now cannot go at
        that trick: P does not lead it, follows low to L's master (``follow_low_to_partner``:
        his lowest card of the suit is under c), has no low lead of L's to cover, and discards
        no master while he holds a loser (his lowest card of the suit is one: an opponent's card
        lies above it). Those cards go one a trick from the second trick on. ``partner_late``:
        the same, the hand being L: P keeps his masters of a suit through the first trick when
        he also holds a loser of it.
        """
        theirs = first | second
        until = self._winners(hand, theirs)
        loserless = -1  # partner's ``_holds_a_loser_until``, worked out when needed
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            if suit == self._idle_suit or not ours & (ours - 1):
                continue  # not led while he holds another suit, or one card of it at most
            lowest = ours & -ours
            hand_masters = masters_in(hand, theirs, suit)
            covers = cover = partner_losers = 0
            if self.p.policy.no_duck_with_winner:
                masters = masters_in(partner, theirs, suit)
                covers = cover = popcount(masters)
                partner_losers = popcount(partner & mask) - covers
                if partner_late and masters and partner_losers:
                    cover += 1  # he keeps them through the first trick
            rest = ours ^ lowest
            while rest:
                card = rest.bit_length() - 1
                rest ^= 1 << card
                if card % 13 >= HONOURS:
                    continue  # an honour master binds
                if not theirs & ((1 << card) - 1) & ~((lowest << 1) - 1):
                    break  # no opponent's card under this one: nor under a lower one
                above = mask & ~((2 << card) - 1)
                theirs_gone = max(popcount(first & above), popcount(second & above))
                higher = ours & above
                own_masters = higher & hand_masters
                own = popcount(higher)
                if late and higher and higher == own_masters:
                    own += 1  # his cards above c are all masters: none goes at the first trick
                lasts = cover
                # Partner's masters that go to the hand's leads of this suit while he may still
                # hold a loser of it: its low leads he covers (keeping one card under c) and his
                # leads the hand follows low to (taking those low cards), and its non-masters
                # above c, which he covers too. Its masters above c he follows low to.
                free = popcount(ours & ((1 << card) - 1)) - 1 + popcount(higher ^ own_masters)
                if covers > free and self.p.policy.no_master_discard:
                    lasts = max(lasts, covers + partner_losers)
                    discarded = covers - free - popcount(own_masters)
                    if discarded > 0:
                        if loserless < 0:
                            loserless = _holds_a_loser_until(partner, first, second)
                        lasts = max(lasts, loserless + discarded)
                until = min(until, max(max(own, theirs_gone), lasts))
        return until

    def _winners(self, hand: int, theirs: int) -> int:
        """The hand's cards above every card of their suit the opponents hold (``theirs``),
        trumps left out when ``no_idle_trump_lead`` keeps them from being led."""
        winners = 0
        for suit in range(4):
            if suit != self._idle_suit:
                winners += popcount(masters_in(hand, theirs, suit))
        return winners

    def _children(self, state: State, bound: int, least_possible: int) -> int:
        """``below`` over the plays from here: the least value below ``bound`` found (exact),
        else the least of the children's lower bounds. The search stops early on reaching
        ``least_possible``, a lower bound already known."""
        best = bound
        least = 14
        for card in self._expand(state):
            child, gained = self.play(state, card)
            found = gained + self.below(child, best - gained)
            if found < best:
                best = found
                if best <= least_possible:
                    break
            else:
                least = min(least, found)
        return best if best < bound else least

    def _expand(self, state: State) -> list[int]:
        """The plays to try from a position searched: counted, under the deadline."""
        self.nodes += 1
        if self.nodes & 4095 == 0 and time.monotonic() > self.deadline:
            raise ClaimTimeout("the claim adjudication ran out of time")
        moves = self.moves(state)
        if not moves:
            raise EngineError("no legal play in a claim position (the hands are inconsistent)")
        return moves

    def _trick_is_ours(self, state: State) -> bool:
        """The trick in progress goes to the claimer's side whatever anyone plays: its card
        winning so far, and no opponent still to play can beat it (a higher card of the suit led
        when he holds one; a trump, or a higher one, when he holds none of the suit led)."""
        held, leader, trick, _plan, _voids = state
        seat, best = winner_so_far(leader, trick, self.p.trump)
        if seat % 2 != self.p.claimer_side:
            return False
        led = trick[0] // 13
        for offset in range(len(trick), 4):
            hand = hand_of(held, (leader + offset) % 4)
            if (leader + offset) % 2 == self.p.claimer_side:
                continue
            follows = hand & SUIT_MASKS[led]
            if follows:
                if best // 13 == led and follows >> (best + 1):
                    return False  # a higher card of the suit led
                continue
            trumps = hand & self._trump_mask
            if trumps and (best // 13 != self._trump_suit or trumps >> (best + 1)):
                return False  # a ruff, or an overruff
        return True

    def _run_of_winners(self, state: State, winners: int | None = None) -> int:
        """The run of winners (``_run``)."""
        return self._run(state, winners)[0]

    def _run(self, state: State, winners: int | None = None) -> tuple[int, bool]:
        """Under the policy, the tricks the claimer's side surely wins one after another from
        here: the hand on lead (L) cashes its winners, each a trick, before anything stops it.

        Used once the statement is done, and only while ``winners_first``, ``top_down`` and
        ``follow_low_to_partner`` are on (``_cashing``): then L, holding a winner, leads one (the
        top of its suit when top-down binds) and partner follows low to it. Not used when L must
        draw trumps first (``draw_trumps_when_aware``). L holds T winners; each trick he leads
        one and wins it, unless before then
        - an opponent's card between two of L's cards, the higher a spot card, can make that
          card a lone spot-card winner that does not bind top-down: L may lead the lower card
          and lose (unless partner still holds a master of the suit to win that trick, after
          which partner leads: ``_suit_run``);
        - L may lead a card under which partner holds a higher one of the suit, so that partner
          wins and leads: that trick is still won, and so is the next when whatever partner
          then leads wins (``_partner_leads_a_winner``);
        - an opponent, void in L's suit, may ruff;
        - partner, left with nothing but trumps, may ruff L's winner (that trick is won unless
          an opponent holds a trump to overruff).
        None of these comes sooner than the cards allow: each player parts with one card a
        trick, so a card of L's that n of one opponent's cards beat is not a winner before n
        tricks, nor before L's higher cards of its suit have been led. The result is the least
        of T and the first trick any of them can happen (``tests/engines``: never more than the
        search finds without it). ``winners``: T, when the caller has counted it. Returned with
        whether partner may have led one of the run's tricks.
        """
        if winners is None:
            held, leader = state[0], state[1]
            o1, o2 = self._opponents
            winners = self._winners(hand_of(held, leader), hand_of(held, o1) | hand_of(held, o2))
        stop, takes = self._run_limits(state)
        limit = min(winners, stop)
        if takes >= limit:
            return limit, False
        # Partner may take the lead at the trick ``takes`` - 1 or later; only then (a later
        # one leaves at least ``takes`` + 1 tricks won) must his lead win the next trick.
        if self._partner_leads_a_winner(state, takes):
            return min(limit, takes + 1), True
        return takes, False

    def _run_limits(self, state: State) -> tuple[int, int]:
        """For ``_run``: (the first trick at which L's run can stop with a trick lost, the
        tricks won when partner can first take the lead), as ``_run`` describes; (0, 0) when
        the run is not used (the statement not done, or trumps to be drawn first)."""
        held, leader, _trick, plan, _voids = state
        if plan[0] < len(self.p.steps):
            return 0, 0
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        partner = hand_of(held, leader ^ 2)
        hand = hand_of(held, leader)
        trumps = self._trump_mask
        first_ruffs, second_ruffs = bool(first & trumps), bool(second & trumps)
        ruffers = first_ruffs or second_ruffs
        if (
            ruffers
            and hand & trumps
            and self.p.trumps_aware
            and self.p.policy.draw_trumps_when_aware
        ):
            return 0, 0
        stop = takes = 13
        fewest, next_fewest, fewest_suit = _first_voids(hand, partner)
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            if not ours:
                continue
            if ruffers and suit != self._trump_suit:
                ruffs = _first_ruff(ours, first & mask, second & mask, first_ruffs, second_ruffs)
                stop = min(stop, ruffs)
            covers = self._covering and suit != self._trump_suit
            # His first discard: not before he is void in another suit L leads.
            discard = next_fewest if suit == fewest_suit else fewest
            suit_stop, suit_takes = _suit_run(
                ours, partner & mask, first & mask, second & mask, covers, discard
            )
            stop, takes = min(stop, suit_stop), min(takes, suit_takes)
        if partner & trumps:
            # Partner, left with only trumps, may ruff L's winner and take the lead; an opponent
            # may overruff.
            if ruffers:
                stop = min(stop, popcount(partner & ~trumps))
            else:
                takes = min(takes, popcount(partner & ~trumps) + 1)
        return stop, takes

    def _partner_leads_a_winner(self, state: State, tricks: int) -> bool:
        """Partner (P) of the hand on lead, on lead himself after ``tricks`` tricks of its run,
        surely wins the next: for ``_run_of_winners``, when P may take the lead before the run's
        end (``_suit_run``).

        P has parted with one card a trick, and holds more masters than that, so he still holds
        a winner and leads one (``winners_first``): from a suit whose top card is then a master.
        That card wins if no opponent holds a trump and, in each suit P holds with a loser in
        it, his masters bind top-down (the top one an honour, or two of them), and still do
        without the lowest (with which he may have won the trick before, covering L's lead):
        he parts with them only after his losers of the suit (he follows low, and discards no
        master while he holds a loser: ``no_master_discard``), so they bind when he leads the
        suit, unless nothing but masters is left. Without a master left, the opponents must not
        have been able to part by then with every card above his best loser (no card of the suit
        becomes a winner, so he does not lead it), unless that loser is his only one there: then
        it is all he holds of the suit, and if it has become a winner it wins when led.
        """
        held, leader, _trick, _plan, _voids = state
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        if not self.p.policy.no_master_discard:
            return False  # he might throw his masters and keep his losers
        if (first | second) & self._trump_mask:
            return False
        partner = hand_of(held, leader ^ 2)
        masters = 0
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = partner & mask
            if not ours:
                continue
            theirs = (first | second) & mask
            losers = ours & ((1 << theirs.bit_length()) - 1)
            winners = ours & ~losers
            if suit != self._idle_suit:
                masters += popcount(winners)
            if not losers:
                continue
            if winners:
                rest = winners & (winners - 1)  # he may have won the trick before with the lowest
                if not masters_bind(winners, suit) or (rest and not masters_bind(rest, suit)):
                    return False  # a lone spot-card master may be led under
                if rest:
                    continue
            if not losers & (losers - 1):
                continue  # one loser: if it has become a winner, it is all he holds there
            above = mask & ~((2 << (losers.bit_length() - 1)) - 1)
            if max(popcount(first & above), popcount(second & above)) <= tricks:
                return False  # his best loser may have become a winner, to be led under
        return masters > tricks

    def _lead_wins(self, state: State) -> bool:
        """The claimer's side is to lead, and whatever card its leader leads wins the trick: each
        is a master of its suit that no opponent can ruff (he holds the suit, or no trump), or
        the leader must cross to partner's master (``_crossing_lead_wins``)."""
        if state[1] % 2 != self.p.claimer_side:
            return False
        return self._all_leads_master(state) or self._crossing_lead_wins(state)

    def _crossing_lead_wins(self, state: State) -> bool:
        """The claimer's side is to lead, its statement done, and its leader holds no winner it
        may lead (as ``claimer_options`` reads the policy), so ``cross_to_partners_winners`` has
        him lead a suit in which partner holds a master, and there is one: partner wins the trick
        with it (``no_duck_with_winner``), as no opponent void in any such suit holds a trump."""
        policy = self.p.policy
        held, leader, _trick, plan, _voids = state
        if not (policy.cross_to_partners_winners and policy.no_duck_with_winner):
            return False
        if plan[0] < len(self.p.steps):
            return False
        hand, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        theirs = first | second
        trumps = self._trump_mask
        suits = [suit for suit in range(4) if hand & SUIT_MASKS[suit]]
        trump = self._trump_suit
        if (
            policy.draw_trumps_when_aware
            and self.p.trumps_aware
            and hand & trumps
            and theirs & trumps
        ):
            suits = [trump]  # as ``claimer_options``: trumps drawn first
        elif (
            policy.no_idle_trump_lead
            and trump >= 0
            and not theirs & trumps
            and any(suit != trump for suit in suits)
        ):
            suits = [suit for suit in suits if suit != trump]
        crossing = False
        for suit in suits:
            if masters_in(hand, theirs, suit):
                return False  # a winner of his own, led instead
            if not masters_in(partner, theirs, suit):
                continue
            mask = SUIT_MASKS[suit]
            crossing = True
            if suit != trump and (
                (not first & mask and first & trumps) or (not second & mask and second & trumps)
            ):
                return False  # an opponent void in the suit may ruff
        return crossing

    def _all_leads_master(self, state: State) -> bool:
        """For ``_lead_wins``: every card of the leader is a master no opponent can ruff."""
        held, leader, _trick, _plan, _voids = state
        hand = hand_of(held, leader)
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        trumps = self._trump_mask
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            if not ours:
                continue
            if ((first | second) & mask) >> ((ours & -ours).bit_length()):
                return False  # an opponent's card beats our lowest of the suit
            if (not first & mask and first & trumps) or (not second & mask and second & trumps):
                return False  # an opponent void in the suit may ruff (never so in trumps)
        return True

    def _answer_wins(self, state: State) -> bool:
        """An opponent is on lead, and whatever suit he leads, the claimer's side wins the trick:
        it holds a card of that suit above every card of it the opponents hold, and his partner
        cannot ruff it (the suit is trumps, or he holds a card of it or no trump).

        The holder of that master plays it, or partner wins anyway (``no_duck_with_winner``;
        ``follow_low_to_partner`` or not, the trick is the side's). Used once the statement is
        done, while ``no_duck_with_winner`` is on.
        """
        held, leader, _trick, plan, _voids = state
        if plan[0] < len(self.p.steps) or not self.p.policy.no_duck_with_winner:
            return False
        side = self.p.claimer_side
        ours = hand_of(held, side) | hand_of(held, side + 2)
        lead_hand, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        partner_trumps = partner & self._trump_mask
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            if not lead_hand & mask:
                continue
            if (ours & mask).bit_length() <= ((lead_hand | partner) & mask).bit_length():
                return False  # no master of ours in the suit
            if suit != self._trump_suit and partner_trumps and not partner & mask:
                return False  # partner may ruff
        return True

    def _trump_tricks(self, state: State) -> tuple[int, int, int]:
        """What the trumps of the claimer's side surely take, whatever anyone plays: its master
        trumps in each hand (its first seat, then partner), and the most tricks one hand's
        trumps take (``_scoring_trumps``: never fewer than its masters, which no trump beats).

        A master trump is higher than every trump the opponents hold or have played to the trick
        in progress. Each such trump of one player lies on a different trick of those left, and
        a trick with one on it goes to the claimer's side (to it, or to a higher trump of
        partner's). Worked out once for each lie of the trumps (``_trumps``).
        """
        held, leader, trick, _plan, _voids = state
        mask = self._trump_mask
        side = self.p.claimer_side
        first, second = hand_of(held, side) & mask, hand_of(held, side + 2) & mask
        if not (first or second):
            return (0, 0, 0)
        o1, o2 = self._opponents
        theirs = (hand_of(held, o1) | hand_of(held, o2)) & mask
        # The opponents' cards on the trick: every other one, from the first or the second.
        for index in range(1 if leader % 2 == side else 0, len(trick), 2):
            theirs |= (1 << trick[index]) & mask
        shift = self._trump_shift
        key = (first >> shift) | (second >> shift << 13) | (theirs >> shift << 26)
        known = self._trumps.get(key)
        if known is None:
            above = ~((1 << theirs.bit_length()) - 1)
            known = (
                popcount(first & above),
                popcount(second & above),
                max(_scoring_trumps(first, theirs), _scoring_trumps(second, theirs)),
            )
            self._trumps[key] = known
        return known

    def _claimer_takes_the_rest(self, state: State) -> bool:
        """The claimer's side is on lead and every card it holds wins its trick, unruffed.

        Then every normal line takes all the tricks left: a hand on lead holding only winners
        leads a winner (or a stated card, also a winner), and nothing the opponents hold can
        beat it or ruff it.
        """
        return _takes_the_rest(state, self.p.claimer_side, self.p.trump)

    def _opponents_take_the_rest(self, state: State) -> bool:
        """The same for the opponents: whatever anyone plays, the claimer's side takes nothing."""
        return _takes_the_rest(state, 1 - self.p.claimer_side, self.p.trump)

    def _key(self, state: State) -> object:
        """The memo key: ``position_key`` (by suit, each suit's pattern numbered: ``_suit_id``),
        whose turn, the trick in progress, the statement step reached and the opponents' known
        voids that can still change a normal play (``_live_voids``; the claimer's side's are
        never read by the policy). One integer at the start of a trick; a tuple within one."""
        held, leader, trick, plan, voids = state
        masked = self._live_voids(held, voids & self._void_mask)
        if trick:
            on_trick = 0
            for card in trick:
                on_trick |= 1 << card
            parts = 0
            for suit in range(4):
                parts |= self._suit_id(held, on_trick, suit) << PART_BITS * suit
            return (parts | leader << 4 * PART_BITS, trick, plan, masked)
        step, progress = plan
        rest = leader | masked << 2 | progress << 18 | step << 26
        return self._start_parts(held) | rest << 4 * PART_BITS

    def _start_parts(self, held: tuple[int, int, int, int]) -> int:
        """The four suits' ``_suit_id`` at the start of a trick, side by side (``PART_BITS``
        each), looked up by the cards left: this is computed at every position searched."""
        left = held[0] | held[1] | held[2] | held[3]
        parts = 0
        for suit in range(4):
            ids = self._ids_by_cards_left[suit]
            cards_left = (left >> (13 * suit)) & 0x1FFF
            part = ids[cards_left]
            if part < 0:
                part = ids[cards_left] = self._suit_id(held, 0, suit)
            parts |= part << PART_BITS * suit
        return parts

    def _live_voids(self, held: tuple[int, int, int, int], voids: int) -> int:
        """The opponents' known voids that can still change a normal play; two positions that
        differ only by the others have the same worst normal line.

        The policy reads an opponent's known void in a suit only for the claimer's-side player
        just before him, following to that suit with a card that beats the trick
        (``_sure_position``: he then wins with his cheapest such card). When every card of the
        suit that player holds is a master, his cheapest winning card is his lowest master,
        which ``no_duck_with_winner`` plays anyway; and it stays so, as the opponents' cards
        only go. The void in trumps is read for every suit led, so it is dropped only with all
        of that opponent's side-suit voids.
        """
        if not voids:
            return 0
        o1, o2 = self._opponents
        theirs = hand_of(held, o1) | hand_of(held, o2)
        for opponent in (o1, o2):
            before = hand_of(held, (opponent + 3) & 3)
            side_suits = 0
            for suit in range(4):
                bit = 1 << (4 * opponent + suit)
                if voids & bit and suit != self._trump_suit:
                    if masters_in(before, theirs, suit) == before & SUIT_MASKS[suit]:
                        voids &= ~bit
                    else:
                        side_suits += 1
            trump = self._trump_suit
            if (
                trump >= 0
                and not side_suits
                and masters_in(before, theirs, trump) == before & SUIT_MASKS[trump]
            ):
                voids &= ~(1 << (4 * opponent + trump))
        return voids

    def _suit_id(self, held: tuple[int, int, int, int], on_trick: int, suit: int) -> int:
        """The number of the suit's pattern (``_suit_key``), numbered when first met.

        At the start of a trick a suit's pattern depends only on which of its 13 cards are left,
        so a search meets at most 8,192 of them, and a few more with a trick in progress (the
        claim position's): the numbers fit in ``PART_BITS``."""
        name = self._suit_key(held, on_trick, suit)
        names = self._names[suit]
        part = names.get(name)
        if part is None:
            part = len(names)
            if part >> PART_BITS:
                raise EngineError("too many card patterns in one suit for the memo key")
            names[name] = part
        return part

    def position_key(self, held: tuple[int, int, int, int], trick: tuple[int, ...] = ()) -> bytes:
        """The cards left by suit, each named by its holder and, for the claimer's side, whether
        it is an honour (the policy's top-down rule asks that of its own masters, ``HONOURS``;
        nothing asks it of an opponent's card), or by itself, if the statement names it or it
        lies on the trick in progress, where it is compared with the cards still held.

        Two positions that read the same differ only by cards no one can tell apart: they have
        the same worst normal line.
        """
        on_trick = 0
        for card in trick:
            on_trick |= 1 << card
        return b"".join(self._suit_key(held, on_trick, suit) for suit in range(4))

    def _suit_key(self, held: tuple[int, int, int, int], on_trick: int, suit: int) -> bytes:
        """``position_key``'s part for one suit."""
        named = self.special | on_trick
        out = bytearray()
        for card in range(13 * suit, 13 * suit + 13):
            if (on_trick >> card) & 1:
                out.append(64 + card)
                continue
            for seat in range(4):
                if (hand_of(held, seat) >> card) & 1:
                    ours = seat % 2 == self.p.claimer_side
                    honour = 4 if ours and card % 13 >= HONOURS else 0
                    out.append(64 + card if (named >> card) & 1 else seat + honour)
                    break
        out.append(255)
        return bytes(out)

    # -- moves --------------------------------------------------------------------------------

    def seat_to_play(self, state: State) -> int:
        return (state[1] + len(state[2])) % 4

    def moves(self, state: State) -> list[int]:
        """The plays the search tries: every legal card of the other side, the normal plays of
        the claimer's side, each with one card per run of cards no one can tell apart."""
        held, leader, trick, _plan, _voids = state
        seat = (leader + len(trick)) % 4
        named = self.special if seat % 2 == self.p.claimer_side else None
        return _reduce(self.admitted_plays(state), held, seat, trick, named)

    def admitted_plays(self, state: State) -> list[int]:
        """Every play admitted here: for the claimer's side, the statement's or else the policy's
        (Law 70); for the other side, any legal card (in 70C's measure too, ``opponents_ruff``:
        there a ruff of theirs does not win, ``play``)."""
        held, leader, trick, plan, voids = state
        seat = (leader + len(trick)) % 4
        if seat % 2 != self.p.claimer_side:
            hand = hand_of(held, seat)
            if trick:
                follow = hand & SUIT_MASKS[trick[0] // 13]
                if follow:
                    hand = follow
            return cards_in(hand)
        view = PlayView(
            seat, held, trick, leader, self.p.trump, self.p.claimer_side, voids, self.p.trumps_aware
        )
        stated = self.stated_plays(view, plan)
        return stated if stated is not None else claimer_options(self.p.policy, view)

    def stated_plays(self, view: PlayView, plan: Plan) -> list[int] | None:
        """The plays the statement prescribes here, or None when it says nothing of this play."""
        step = self._active_step(plan)
        if step is None or not (self.p.bound >> view.seat) & 1:
            return None
        return _step_plays(step, view, self.p.policy)

    def _active_step(self, plan: Plan) -> Step | None:
        index = plan[0]
        if index >= len(self.p.steps):
            return None
        return self.p.steps[index]

    # -- playing a card -----------------------------------------------------------------------

    def play(self, state: State, card: int) -> tuple[State, int]:
        """The state after ``card``, and the claimer's-side tricks it completes (0 or 1)."""
        held, leader, trick, plan, voids = state
        seat = (leader + len(trick)) % 4
        if trick and card // 13 != trick[0] // 13:
            voids |= 1 << (4 * seat + trick[0] // 13)
        bit = 1 << card
        if seat == 0:
            held_after = (held[0] & ~bit, held[1], held[2], held[3])
        elif seat == 1:
            held_after = (held[0], held[1] & ~bit, held[2], held[3])
        elif seat == 2:
            held_after = (held[0], held[1], held[2] & ~bit, held[3])
        else:
            held_after = (held[0], held[1], held[2], held[3] & ~bit)
        trick_after = _with_card(trick, card)
        stated = plan[0] < len(self.p.steps)
        if len(trick_after) < 4:
            if stated:
                plan = self._advance_on_card(plan, seat, card, trick_after, held_after)
            return (held_after, leader, trick_after, plan, voids), 0
        winner = winner_so_far(leader, trick_after, self.p.trump)[0]
        if (
            self._dead
            and winner % 2 != self.p.claimer_side
            and trick_after[0] // 13 != self._trump_suit
        ):
            # 70C's measure: the opponents' trumps take no trick from the claimer's side.
            other = winner_without(leader, trick_after, self._trump_suit, self._dead)
            if other % 2 == self.p.claimer_side:
                winner = other
        if stated:
            plan = self._advance_on_card(plan, seat, card, trick_after, held_after)
            plan = self._advance_on_trick(plan, winner, trick_after, held_after)
        gained = 1 if winner % 2 == self.p.claimer_side else 0
        return (held_after, winner, (), plan, voids), gained

    def _advance_on_card(
        self,
        plan: Plan,
        seat: int,
        card: int,
        trick: tuple[int, ...],
        held: tuple[int, int, int, int],
    ) -> Plan:
        index = plan[0]
        if index >= len(self.p.steps):
            return plan
        step = self.p.steps[index]
        if step.kind == "ruff" and step.seat is not None and seat == step.seat.index:
            if card // 13 != self.p.trump:
                return self._skip_done(plan, held)
            if trick[0] // 13 == step.suit:
                return self._skip_done((index + 1, 0), held)
        return self._skip_done(plan, held)

    def _advance_on_trick(
        self, plan: Plan, winner: int, trick: tuple[int, ...], held: tuple[int, int, int, int]
    ) -> Plan:
        index, progress = plan
        if index < len(self.p.steps) and self.p.steps[index].kind == "concede":
            if winner % 2 != self.p.claimer_side:
                progress += 1
            plan = (index, progress)
        step = self.p.steps[index] if index < len(self.p.steps) else None
        if step is not None and step.kind == "draw_round" and trick[0] // 13 == self._trump_suit:
            plan = (index, 1)  # one round of trumps: the first trick led in trumps
        if step is not None and (step.kind == "finesse" or step.kind == "ruffing_finesse"):
            # The finesse is taken (or lost) by the first trick played in its suit.
            card = step.cards[0].index
            if trick[0] // 13 == card // 13 or card in trick:
                plan = (index, 1)
        return self._skip_done(plan, held)

    def _skip_done(self, plan: Plan, held: tuple[int, int, int, int]) -> Plan:
        index, progress = plan
        while index < len(self.p.steps) and self._step_done(self.p.steps[index], progress, held):
            index, progress = index + 1, 0
        return (index, progress)

    def _step_done(self, step: Step, progress: int, held: tuple[int, int, int, int]) -> bool:
        side = self.p.claimer_side
        ours = hand_of(held, side) | hand_of(held, side + 2)
        theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
        trump = self.p.trump
        if step.kind == "draw_trumps" or step.kind == "draw_round":
            return (
                (step.kind == "draw_round" and progress >= 1)
                or trump is None
                or not (theirs & SUIT_MASKS[trump])
                or not (ours & SUIT_MASKS[trump])
            )
        if step.kind == "cash":
            assert step.suit is not None
            return not masters_in(ours, theirs, step.suit)
        if step.kind == "cash_any":
            return not any(masters_in(ours, theirs, suit) for suit in step.suits)
        if step.kind == "ruff":
            assert step.suit is not None and step.seat is not None and trump is not None
            ruffer = hand_of(held, step.seat.index)
            other = hand_of(held, (step.seat.index + 2) % 4)
            return not (ruffer & SUIT_MASKS[trump]) or not (other & SUIT_MASKS[step.suit])
        if step.kind == "finesse" or step.kind == "ruffing_finesse":
            return progress >= 1
        if step.kind == "concede":
            return progress >= step.count
        return not any((ours >> c.index) & 1 for c in step.cards)

    # -- the line -----------------------------------------------------------------------------

    def line(self, state: State) -> list[LinePlay]:
        """A worst normal line from ``state``: at each play, a card that keeps to the minimum."""
        out: list[LinePlay] = []
        number = 1
        target = self.value(state)
        while any(state[0]) or state[2]:
            seat = self.seat_to_play(state)
            for card in self.moves(state):
                child, gained = self.play(state, card)
                # Every child's value is at least target - gained: find one with no more.
                if target >= gained and self.below(child, target - gained + 1) <= target - gained:
                    break
            else:
                raise EngineError("the worst normal line could not be traced back")
            finished = len(state[2]) == 3
            out.append(LinePlay(number, seat, card, child[1] if finished else None))
            number += 1 if finished else 0
            target -= gained
            state = child
        return out


def _suit_run(
    ours: int, partners: int, first: int, second: int, covers: bool = False, discard: int = 0
) -> tuple[int, int]:
    """For ``_run_of_winners``, L's cards of one suit (``ours``), partner holding ``partners`` of
    the suit and the opponents ``first`` and ``second``: (the first trick at which the run can
    stop with a trick lost, the tricks won when partner can first win one and take the lead).

    Each card is not led before L's higher cards of the suit, nor before it is a winner (the
    opponents parting with their higher cards, one a trick each). Partner overtakes it, winning
    that trick and taking the lead, only once his lower cards of the suit are gone: one a trick,
    and beyond those he followed L's higher cards with, only by discards, not before the trick
    ``discard`` (he must first be void in a suit L leads). A spot card with an opponent's card
    between it and L's next card down is a lone spot-card winner that does not bind top-down:
    the lower card may be led and lose.

    Unless partner covers it (``covers``: a side suit, ``no_duck_with_winner`` and
    ``no_master_discard`` on): holding a master of the suit, he wins that trick with one and
    takes the lead. He still holds one then if the trick comes before he can have parted with
    every card of the suit (as above, by following and by discards): he follows low to L's
    winners and discards no master while he holds a loser (his lower cards of the suit are
    losers), so his masters go last. A lead under at that trick or later may lose.
    """
    theirs = first | second
    covered = partners.bit_length() > theirs.bit_length() if covers else False
    partner_cards = popcount(partners)
    stop = takes = 13
    led_before = 0
    while ours:
        card = ours.bit_length() - 1
        ours &= ~(1 << card)
        higher = ~((2 << card) - 1)
        ready = max(led_before, max(popcount(first & higher), popcount(second & higher)))
        followed = led_before  # partner's cards of the suit gone by following, at most
        led_before += 1
        if partners & higher:
            lower = popcount(partners & ((1 << card) - 1))
            takes = min(takes, max(ready, _parted(lower, followed, discard)) + 1)
        below = ours.bit_length() - 1 if ours else -1
        if card % 13 < HONOURS and below >= 0 and theirs & ((1 << card) - 1) & ~((2 << below) - 1):
            # Partner still holds a card of the suit (a master) until he can have parted with
            # all of them.
            gone = _parted(partner_cards, followed, discard)
            if covered and ready < gone:
                takes = min(takes, ready + 1)
                stop = min(stop, gone)  # led under later, the trick may be lost
            else:
                stop = min(stop, ready)
    return stop, takes


def _keeps(hand: int, above: int, led: list[int], suit: int) -> bool:
    """For ``_crossing_run``: does the opponent surely still hold one of his cards in ``above``
    (of ``suit``) after L's leads, ``led[u]`` of each suit u? He parts with a card of the suit
    by following to a lead of it, or by a discard, when void in the suit led: on a lead of u only
    once he has followed to it with all his cards of u."""
    gone = led[suit]
    for other in range(4):
        if other != suit:
            gone += max(0, led[other] - popcount(hand & SUIT_MASKS[other]))
    return popcount(hand & above) > gone


def _all_below(cards: int, other: int) -> bool:
    """In each suit ``other`` holds, every one of ``cards`` is below its lowest card (bit masks):
    none of them can win a trick that ``other`` leads a card of the suit to."""
    for suit in range(4):
        theirs = other & SUIT_MASKS[suit]
        if theirs and (cards & SUIT_MASKS[suit]).bit_length() > (theirs & -theirs).bit_length():
            return False
    return True


def _with_card(trick: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``(*trick, card)`` for a trick of up to three cards, spelled out: compiled, the starred
    form builds a list and copies it."""
    count = len(trick)
    if count == 0:
        return (card,)
    if count == 1:
        return (trick[0], card)
    if count == 2:
        return (trick[0], trick[1], card)
    return (trick[0], trick[1], trick[2], card)


def _holds_a_loser_until(hand: int, first: int, second: int) -> int:
    """A trick (counted from 0) before which the hand surely holds a loser when it plays to the
    trick, a card of a suit below an opponent's (``first``, ``second``): it parts with one card a
    trick, and a loser becomes a master only once the opponents' cards above it are gone, one a
    trick each. An opponent who plays before the hand parts with his card of a trick before the
    hand plays to it, so one with n cards above a loser may have parted with the last of them
    when the hand plays to the trick n - 1 (counted from 0): from there the hand may hold only
    masters, and discard one (the ST thrown by East, who plays before South, makes South's S9 a
    master at the first trick). With no trump out (``_leads_win_until``), trumps are masters."""
    theirs = first | second
    promoted_at: list[int] = []
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        losers = hand & mask & ~masters_in(hand, theirs, suit)
        while losers:
            card = (losers & -losers).bit_length() - 1
            losers &= losers - 1
            above = mask & ~((2 << card) - 1)
            promoted_at.append(max(popcount(first & above), popcount(second & above)) - 1)
    # At trick t it may have played the t losers promoted latest, if the others are by then.
    promoted_at.sort(reverse=True)
    trick = 0
    while trick < len(promoted_at) and promoted_at[trick] > trick:
        trick += 1
    return trick


def _first_ruff(ours: int, first: int, second: int, first_ruffs: bool, second_ruffs: bool) -> int:
    """The first trick of ``_run`` an opponent may ruff L's lead of a suit (L's ``ours``, the
    opponents' ``first`` and ``second``; ``*_ruffs``: each holds a trump), 13 if none: an
    opponent void in the suit may ruff, not before he has parted with his cards of the suit, nor
    before L's top card is a winner."""
    top = ~((2 << (ours.bit_length() - 1)) - 1)
    opening = max(popcount(first & top), popcount(second & top))
    stop = 13
    if first_ruffs:
        stop = max(opening, popcount(first))
    if second_ruffs:
        stop = min(stop, max(opening, popcount(second)))
    return stop


def _first_voids(hand: int, partner: int) -> tuple[int, int, int]:
    """When partner can first be void in a suit, for ``_run``'s discards: he parts with a card
    only by following L's lead or, void in its suit, by a discard, so he can first be void in a
    suit L holds more of than he does, once he has followed to it with all of his cards of it.
    The fewest such cards, the next fewest and the suit of the fewest (-1 if none): each suit
    then knows the fewest among the others (13: never)."""
    fewest = next_fewest = 13
    fewest_suit = -1
    for suit in range(4):
        mine = popcount(partner & SUIT_MASKS[suit])
        if popcount(hand & SUIT_MASKS[suit]) > mine:
            if mine < fewest:
                fewest, next_fewest, fewest_suit = mine, fewest, suit
            elif mine < next_fewest:
                next_fewest = mine
    return fewest, next_fewest, fewest_suit


def _parted(count: int, followed: int, discard: int) -> int:
    """For ``_suit_run``: the first trick by which partner can have parted with ``count`` of his
    cards of the suit: one a trick, and beyond the ``followed`` he followed L's higher cards
    with, only by discards, from the trick ``discard`` on."""
    if count <= followed:
        return count
    return max(count, discard + count - followed)


def _scoring_trumps(ours: int, theirs: int) -> int:
    """Tricks a hand holding the trumps ``ours`` takes with them, the opponents holding
    ``theirs``: each of its trumps goes on a different trick, which is the claimer's side's
    unless an opponent plays a higher trump on it; an opponent's trump is on one trick, so it
    beats at most one of them. The tricks lost are at most the most such pairs that can be
    formed: each of theirs, lowest first, takes our lowest trump still unbeaten below it."""
    tricks = popcount(ours)
    while theirs and ours:
        lowest = theirs & -theirs
        theirs ^= lowest
        under = ours & (lowest - 1)
        if under:
            ours ^= under & -under
            tricks -= 1
    return tricks


def _takes_the_rest(state: State, side: int, trump: int | None) -> bool:
    """The side is on lead, each card it holds beats every card of its suit the other side
    holds, and the other side holds no trump: it takes every trick left, whatever is played."""
    held, leader, trick, _plan, _voids = state
    if trick or leader % 2 != side:
        return False
    ours = hand_of(held, side) | hand_of(held, side + 2)
    theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
    if trump is not None and theirs & SUIT_MASKS[trump]:
        return False
    for suit in range(4):
        our_cards = ours & SUIT_MASKS[suit]
        if not our_cards:
            continue
        lowest = our_cards & -our_cards
        if theirs & SUIT_MASKS[suit] & ~(lowest - 1) & ~lowest:
            return False
    return True


def _step_plays(step: Step, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """Law 68C/70: the plays a statement step prescribes for this player, if any."""
    hand = hand_of(view.held, view.seat)
    leading = not view.trick
    if step.kind == "play":
        # The first named card the side still holds, played by its holder at his turn: on lead
        # only, unless the step says its cards bind follows too (``(all)``).
        if not (leading or step.follows):
            return None
        ours = hand | hand_of(view.held, view.seat ^ 2)
        pending = [c.index for c in step.cards if (ours >> c.index) & 1]
        if pending and (hand >> pending[0]) & 1 and pending[0] in legal(view):
            return [pending[0]]
        return None
    if step.kind == "finesse":
        return _finesse_plays(step.cards[0], view, policy)
    if step.kind == "ruffing_finesse":
        return _ruffing_finesse_plays(step.cards[0], view, policy)
    if not leading:
        return _ruff_follow(step, view)
    return _step_leads(step, view, policy)


def _step_leads(step: Step, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    hand = hand_of(view.held, view.seat)
    trump = view.trump
    drawing = step.kind == "draw_trumps" or step.kind == "draw_round"
    if drawing and trump is not None and hand & SUIT_MASKS[trump]:
        return [top_of(hand, trump)]
    if step.kind == "cash":
        assert step.suit is not None
        return _cash_leads(step.suit, view, policy)
    if step.kind == "cash_any":
        # Any stated suit the side still holds a winner of, each from the top as ``cash``.
        ours = hand | hand_of(view.held, view.seat ^ 2)
        theirs = hand_of(view.held, view.seat ^ 1) | hand_of(view.held, view.seat ^ 3)
        leads: list[int] = []
        for suit in step.suits:
            if masters_in(ours, theirs, suit):
                leads += _cash_leads(suit, view, policy) or []
        return leads or None
    if step.kind == "ruff":
        assert step.suit is not None and step.seat is not None
        if step.seat.index != view.seat and hand & SUIT_MASKS[step.suit]:
            return cards_in(hand & SUIT_MASKS[step.suit])
        return None
    # ``concede``: no lead of its own. The tricks are given up in the natural way, as the
    # policy plays them (winners first, the losers after: Laws 70, 71); leading any card here
    # let the side give up the lead before cashing its winners, worse than saying nothing.
    return None


def _cash_leads(suit: int, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """``cash <suit>``'s leads: the hand's top card of the suit while it is a master, any card of
    it when not (the top one if ``top_down`` is off); None when the hand holds none."""
    hand = hand_of(view.held, view.seat)
    if not hand & SUIT_MASKS[suit]:
        return None
    top = top_of(hand, suit)
    if is_master(view, top) or not policy.top_down:
        return [top]
    return cards_in(hand & SUIT_MASKS[suit])


def _ruff_follow(step: Step, view: PlayView) -> list[int] | None:
    if step.kind != "ruff" or step.seat is None or step.seat.index != view.seat:
        return None
    trump = view.trump
    hand = hand_of(view.held, view.seat)
    if trump is None or view.trick[0] // 13 != step.suit or hand & SUIT_MASKS[step.suit]:
        return None
    winning = current_winner(view)
    assert winning is not None
    trumps = cards_in(hand & SUIT_MASKS[trump])
    winners = [c for c in trumps if beats(c, winning[1], trump)]
    return (winners or trumps)[:1]


def _finesse_plays(card: Card, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """Law 68C: "finesse X", played as a finesse is (see ``docs/claims.md``).

    X is led only when it is the hand's way of taking the finesse: its holder holds no higher card
    of the suit and partner does (QJ10 opposite A: the Q is led and, uncovered, runs). Otherwise
    the finesse is taken by leading towards X: partner, on lead, leads his lowest card of the
    suit; the holder, on lead, leads another suit (to cross), as the policy admits; when that
    cannot be done from here the step says nothing of the lead. The holder plays X when the suit
    is led, unless an opponent's card that beats X is already on the trick: playing X under the
    card finessed against is no finesse (worse than careless), so he plays as the policy admits
    (wins with a higher card, or follows). The step ends with the first trick led in X's suit.
    """
    hand = hand_of(view.held, view.seat)
    suit = card.suit_index
    holds_x = bool((hand >> card.index) & 1)
    partner = hand_of(view.held, view.seat ^ 2)
    if not view.trick:
        if not holds_x:
            if _running(card, partner, hand):
                return None  # X is to be led from its own hand: nothing stated for this lead
            return _lowest(hand, suit)
        if _running(card, hand, partner):
            return [card.index]
        others = hand & ~SUIT_MASKS[suit]
        if not (partner & SUIT_MASKS[suit]) or not others:
            return None
        crossing = view.with_held(_with_hand(view.held, view.seat, others))
        return claimer_options(policy, crossing)
    if view.trick[0] // 13 != suit:
        return None
    winning = current_winner(view)
    assert winning is not None
    if holds_x:
        if winning[0] % 2 != view.claimer_side and beats(winning[1], card.index, view.trump):
            return None
        return [card.index]
    if view.trick[0] == card.index and view.seat == view.leader ^ 2 and winning[1] == card.index:
        # X led and not covered: partner lets it run.
        return _lowest(hand, suit)
    return None


def _ruffing_finesse_plays(card: Card, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """Law 68C: "ruffing finesse X" (see ``docs/claims.md``): X's holder, on lead, leads X;
    partner, void in its suit, ruffs when the next player has covered it (with his lowest trump
    that wins the trick) and otherwise discards, as the policy admits, letting X run. The step
    says nothing of other plays, and ends with the first trick led in X's suit."""
    hand = hand_of(view.held, view.seat)
    if not view.trick:
        return [card.index] if (hand >> card.index) & 1 else None
    if view.trick[0] != card.index or view.seat != view.leader ^ 2 or view.trump is None:
        return None
    if hand & SUIT_MASKS[card.suit_index]:
        return None  # partner is not void after all: he follows as the policy admits
    trumps = hand & SUIT_MASKS[view.trump]
    winning = current_winner(view)
    assert winning is not None
    if winning[1] != card.index:
        # Covered (or ruffed): ruff, with the lowest trump that wins the trick.
        winners = [c for c in cards_in(trumps) if beats(c, winning[1], view.trump)]
        return winners[:1] or None
    if hand == trumps:
        return None  # nothing to discard: the policy chooses among his trumps
    discarding = view.with_held(_with_hand(view.held, view.seat, hand & ~trumps))
    return claimer_options(policy, discarding)


def _running(card: Card, hand: int, partner: int) -> bool:
    """Is X led to take the finesse: partner holds a higher card of its suit, its holder none?"""
    above = SUIT_MASKS[card.suit_index] & ~((1 << (card.index + 1)) - 1)
    return bool(partner & above) and not (hand & above)


def _with_hand(held: tuple[int, int, int, int], seat: int, hand: int) -> tuple[int, int, int, int]:
    out = list(held)
    out[seat] = hand
    return (out[0], out[1], out[2], out[3])


def _lowest(hand: int, suit: int) -> list[int] | None:
    """The hand's lowest card of the suit, alone in a list; None when it holds none."""
    cards = hand & SUIT_MASKS[suit]
    return [(cards & -cards).bit_length() - 1] if cards else None


def _reduce(
    cards: list[int],
    held: tuple[int, int, int, int],
    seat: int,
    trick: tuple[int, ...] = (),
    named: int | None = None,
) -> list[int]:
    """One card per run of touching cards (no other hand's card, nor a card on the trick in
    progress, between them): playing one or another leaves positions no one can tell apart.

    For the claimer's side (``named`` given, the cards the statement names), a run also stops at
    a named card and between a spot card and an honour, which the policy and the statement tell
    apart (``masters_bind``, ``_step_plays``); the memo key draws the same lines.
    """
    others = 0
    for card in trick:
        others |= 1 << card
    for s in range(4):
        if s != seat:
            others |= hand_of(held, s)
    if named is not None:
        others |= named
    out: list[int] = []
    for card in cards:
        if out and out[-1] // 13 == card // 13:
            previous = out[-1]
            between = others & ((2 << card) - 1) & ~((1 << previous) - 1)
            if not between and (
                named is None or (card % 13 >= HONOURS) == (previous % 13 >= HONOURS)
            ):
                out[-1] = card
                continue
        out.append(card)
    return out


PART_BITS: Final = 14
"""Bits of a suit's pattern number in the memo key (``Adjudicator._suit_id``)."""

PLAYOUTS: Final = 10
"""Random lines played for ``value``'s first bound: a few are as good as many."""


def adjudicate(
    problem: ClaimProblem,
    time_limit: float = 20.0,
    at_least: int = 0,
    proved: Proved | None = None,
) -> Adjudication:
    """The worst normal line for the claimer, exactly, or ``ClaimTimeout``. ``at_least``: a
    lower bound the caller knows; ``proved``: lower bounds by position (``Adjudication.proved``
    of a problem admitting every line this one does). They narrow the search, never change its
    result: a minimum over more lines is no higher. (Bounds that do not hold, ``proved`` of the
    plain problem given to the 70C measure's, can only raise the result, never lower it; and
    from ``at_least``, a value above it is exact.)"""
    started = time.monotonic()
    solver = Adjudicator(problem, started + time_limit, proved)
    start = solver.start()
    try:
        tricks, line = with_room(lambda: (solver.value(start, at_least), solver.line(start)))
    except ClaimTimeout as timeout:
        timeout.at_least, timeout.at_most = solver.interval
        raise
    elapsed = time.monotonic() - started
    return Adjudication(tricks, tuple(line), solver.nodes, elapsed, solver.proved())
