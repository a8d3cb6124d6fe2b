"""The claim search: the worst normal line for the claimer (Law 70), by branch and bound.

The claimer's side plays the clarification statement's steps in order, and otherwise any play
the normal-play policy admits; the other side plays any legal card (or, under the policy's
``nonclaimers_normal``, what its own normal-play policy admits: ``admitted_plays``). Every
doubtful point goes against the claimer (70A), so the result is a minimum over all those joint
plays, not a minimax: ``adjudicate`` finds it exactly, with memoisation on the position
(``keys.Keys``) at the start of each trick, from any position, including the middle of a trick,
and returns a line that produces it. The search is a few passes of branch and bound, each under
the middle of the interval between what is proved and the tricks of a few random lines, keeping
the values and bounds it proves. A subtree is cut short where the claimer's side is sure of as
many tricks as the pass looks under (``bounds.Bounds.sure_tricks``). The bounds are proved from
the cards and the policy's judgements, so they cannot change the result, only its cost. The
search tries one card of each run of cards no one can tell apart (``moves``); ``admitted_plays``
lists them all.
"""

from __future__ import annotations

import random
import time
from typing import Final

from solver.bridge.masks import (
    SUIT_MASKS,
    cards_in,
    hand_of,
    popcount,
    winner_so_far,
    winner_without,
)
from solver.engines.claims.bounds import BOUNDS, Bounds
from solver.engines.claims.keys import Keys, one_per_run
from solver.engines.claims.state import (
    NO_OBLIGATIONS,
    Adjudication,
    ClaimProblem,
    ClaimTimeout,
    LinePlay,
    Plan,
    Proved,
    State,
)
from solver.engines.claims.statements import (
    active_step,
    advance_on_card,
    advance_on_trick,
    finessed_against,
    skip_done,
    step_plays,
)
from solver.engines.dds import double_dummy_masks
from solver.engines.stack import with_room
from solver.errors import InternalError
from solver.laws.choices import LawOption, apply_lead_option
from solver.laws.irregular_play import lead_options
from solver.laws.normal_play import PlayView, claimer_options
from solver.laws.obligations import (
    Obligations,
    after_play,
    after_trick,
    choice_due,
    follow_set,
    legal_plays,
)

PLAYOUTS: Final = 10
"""Random lines played for ``value``'s first bound: a few are as good as many."""
ENDINGS: Final[dict[tuple[tuple[int, int, int, int], int, tuple[int, ...], int, int], int]] = {}
"""Double-dummy values of positions reached under a ``squeeze`` step (``Adjudicator.ending``),
by cards held, leader, trick in progress, trump (-1 at no trump) and the claimer's side: shared
by the adjudications of one ruling (the judgements turned each way reach the same endings)."""
ENDINGS_KEPT: Final = 100_000
"""``ENDINGS`` is emptied when it holds more than this many values."""

CARD_MASK: Final = 63
CHOICE_SHIFT: Final = 6
"""Under obligations a move is a card (0..51), or, on a lead before which declarer's 50D2/51B
choice is due, the card plus (the option's number in ``lead_options`` + 1) << ``CHOICE_SHIFT``:
the choice and the lead it constrains are one step of the search."""


class Adjudicator:
    """Memoised minimum over normal claimer plays and any legal opponent plays.

    ``disabled``: names of bounds (``bounds.BOUNDS``) the search leaves out, to measure what
    each saves (``benchmarks/claim_bounds.py``); the result is the same without them."""

    def __init__(
        self,
        problem: ClaimProblem,
        deadline: float = float("inf"),
        proved: Proved | None = None,
        disabled: frozenset[str] = frozenset(),
    ) -> None:
        """``proved``: what a search of a problem admitting every line this one does proved
        (``adjudicate``'s ``proved``), taken as lower bounds."""
        self.p = problem
        self.deadline = deadline
        self.keys = Keys(problem, proved)
        self.against = tuple(finessed_against(problem, step) for step in problem.steps)
        """For each statement step that is a finesse the policy may repeat, the cards it is
        taken against (``finessed_against``), else 0."""
        if not problem.obligations.empty:
            if problem.declarer < 0:
                raise InternalError("a claim problem with obligations but no declarer")
            if problem.claimer_side != problem.declarer % 2:
                disabled = frozenset(BOUNDS)  # see ``obliged_moves``
        self.bounds = Bounds(problem, self.keys, disabled)
        self.memo: dict[object, int] = {}
        """What ``below`` proved at the start of a trick, by ``Keys.key``: 2v + 1 for a value v,
        2v for "the claimer's side takes at least v tricks" (one table, one look-up)."""
        if proved is not None:
            self.memo = {key: 2 * tricks for key, tricks in proved.bounds.items()}
        self.nodes = 0
        self.interval = (0, 13)
        """What ``value`` knows so far: the value lies in [low, high]."""
        self._trump_suit = -1 if problem.trump is None else problem.trump
        self._squeezes = any(step.kind == "squeeze" for step in problem.steps)
        """Whether the statement has a ``squeeze`` step (``ending`` has anything to do)."""
        self._dead = 0
        """With ``opponents_ruff`` false, the trumps the opponents hold at the claim: none of
        them takes a trick from the claimer's side in a suit led other than trumps (``play``)."""
        if not problem.opponents_ruff and problem.trump is not None:
            side = problem.claimer_side
            theirs = hand_of(problem.held, 1 - side) | hand_of(problem.held, 3 - side)
            self._dead = theirs & SUIT_MASKS[problem.trump]
        self._their_named: int | None = 0 if problem.others is not None else None
        """``one_per_run``'s ``named`` for a non-claimer's plays: None while they may play any
        card (a run is any touching cards); 0 when their policy judges them
        (``nonclaimers_normal``), which tells honours from spot cards and reads solidity as the
        claimer's does, so their runs stop there too (they name no card)."""

    def proved(self) -> Proved:
        """What the search has proved so far, for a later search (``Proved``)."""
        return Proved({key: known >> 1 for key, known in self.memo.items()}, self.keys.names)

    def start(self) -> State:
        """The state at the claim: the statement's first step not already done."""
        p = self.p
        plan = skip_done(p, (0, 0), p.held)
        return State(p.held, p.leader, p.trick, plan, p.voids, self.keys.intern(p.obligations))

    def _squeezing(self, plan: Plan) -> bool:
        """Is a ``squeeze`` step in force at this point of the statement?"""
        return (
            self._squeezes
            and plan[0] < len(self.p.steps)
            and self.p.steps[plan[0]].kind == "squeeze"
        )

    def ending(self, state: State) -> int:
        """With a ``squeeze`` step in force, the claimer's side's tricks from here: the ending
        played double dummy (a claimer who states a squeeze is credited with executing it
        correctly, the opponents play any card, so the minimum over their plays of his best,
        even when ``nonclaimers_normal`` holds them to normal play elsewhere: a stated squeeze
        is credited against any defence; in 70C's measure too, their trumps scoring there as
        double dummy has them, the claimer who executes it seeing every card); -1 when no such
        step is in force."""
        if not self._squeezing(state.plan):
            return -1
        key = (state.held, state.leader, state.trick, self._trump_suit, self.p.claimer_side)
        known = ENDINGS.get(key)
        if known is None:
            known = double_dummy_masks(
                state.held, self.p.trump, state.leader, state.trick, self.p.claimer_side
            )
            if len(ENDINGS) > ENDINGS_KEPT:
                ENDINGS.clear()
            ENDINGS[key] = known
        return known

    # -- the recursion ------------------------------------------------------------------------

    def value(self, state: State, at_least: int = 0) -> int:
        """Claimer's-side tricks from this state on the worst normal line (known to be
        ``at_least``, when the caller knows more than 0).

        The value lies between the best lower bound known and the tricks of a few random lines
        (``playout_bound``). Each pass of ``below`` asks for the lines under the middle of that
        interval, by branch and bound: it finds the value when it is there, or proves a lower
        bound and the interval halves. Passes keep what they prove, so none searches a subtree
        twice for the same bound. Halving is the robust order (``benchmarks/README.md`` gives
        what the other orders cost).
        """
        ending = self.ending(state)
        if ending >= 0:
            return ending
        key = self.keys.key(state)
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
        best = popcount(hand_of(state.held, (state.leader + len(state.trick)) & 3))
        rng = random.Random(0)
        for _ in range(count):
            tricks = 0
            current = state
            while any(current.held) or current.trick:
                ending = self.ending(current)
                if ending >= 0:
                    tricks += ending
                    break
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
        of ``bound`` tricks or more (``Bounds.sure_tricks``). At the start of a trick the results
        are memoised: exact values, and lower bounds where the search was cut.
        """
        ending = self.ending(state)
        if ending >= 0:
            return ending
        bounds = self.bounds
        trick = state.trick
        left = popcount(hand_of(state.held, (state.leader + len(trick)) & 3))
        sure = bounds.sure_tricks(state, bound - 1, left)
        if sure >= bound or sure == left:
            return sure
        if trick:
            # In the middle of a trick, no memo: the position is reached only through the one
            # at the start of the trick, which is memoised.
            return self._children(state, bound, sure)
        key = self.keys.key(state)
        known = self.memo.get(key, 0)
        lower = known >> 1
        if known & 1 or lower >= bound:
            return lower  # the value, or a lower bound reaching the bound
        found = self._children(state, bound, max(sure, lower))
        self.memo[key] = 2 * found + 1 if found < bound else 2 * found
        return found

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
            raise InternalError("no legal play in a claim position (the hands are inconsistent)")
        return moves

    # -- moves --------------------------------------------------------------------------------

    def seat_to_play(self, state: State) -> int:
        return (state.leader + len(state.trick)) % 4

    def moves(self, state: State) -> list[int]:
        """The plays the search tries: every legal card of the other side, the normal plays of
        the claimer's side, each with one card per run of cards no one can tell apart."""
        seat = (state.leader + len(state.trick)) % 4
        named = self.keys.special if seat % 2 == self.p.claimer_side else self._their_named
        if state.obligations:
            return self.obliged_moves(state, seat, named)
        return one_per_run(
            self.admitted_plays(state), state.held, seat, state.trick, named, self.keys.marked
        )

    # -- after an irregularity (Laws 50-57) ---------------------------------------------------

    def obliged_moves(self, state: State, seat: int, named: int | None) -> list[int]:
        """``moves`` while penalty cards or restrictions are in force
        (``ClaimProblem.obligations``).

        Each seat's admitted plays are cut to the cards the Laws let him play
        (``obligations.legal_plays``): an opponent's to his legal cards; the claimer's side's to
        its normal plays that are legal, or, when no normal play is legal (a penalty card that
        must be played, a lead the Laws forbid), to every legal card: the Laws come first, and
        the doubt of which he would play goes against the claimer (70A). A penalty card is kept
        apart from the cards equal to it (``one_per_run``'s ``named``).

        Before the lead of a defender whose partner has a major penalty card, declarer chooses
        (50D2, 51B): each option with each lead it leaves is a move. The minimum over them is the
        ruling either way: when declarer claims, his choice is his own play and the worst option
        counts against him (70A); when a defender claims, it is an opponent's, who may choose any.

        The sure-trick bounds (``bounds.Bounds``) are proved for free play. When declarer
        claims, the obligations bind only the defenders, his opponents: the search's lines are
        then among the free play's lines (fewer opponent plays, his own plays unchanged), whose
        minimum is no higher, so every bound stays a lower bound. When a defender claims, his
        side's plays may leave what the policy admits (a penalty card played to partner's
        winner, a lead forced into a suit), which no bound allows for: ``Adjudicator`` then
        leaves every bound out."""
        obligations = self.keys.obligations[state.obligations]
        p = self.p
        if not state.trick and choice_due(obligations, seat, p.declarer % 2):
            options = lead_options(obligations, seat, p.declarer)
            if options:
                out: list[int] = []
                for number, option in enumerate(options):
                    after = apply_lead_option(obligations, option, seat)
                    for card in self._obeying(state, after, seat, named):
                        out.append(card | (number + 1) << CHOICE_SHIFT)
                return out
        return self._obeying(state, obligations, seat, named)

    def _obeying(
        self, state: State, obligations: Obligations, seat: int, named: int | None
    ) -> list[int]:
        """The admitted plays of ``seat`` under ``obligations`` (``obliged_moves``)."""
        led = state.trick[0] // 13 if state.trick else -1
        legal = legal_plays(obligations, seat, hand_of(state.held, seat), led)
        admitted = [card for card in self.admitted_plays(state) if legal >> card & 1]
        if not admitted:
            admitted = cards_in(legal)
        penalty = obligations.penalty_cards(seat)
        if penalty:
            named = penalty if named is None else named | penalty
        return one_per_run(admitted, state.held, seat, state.trick, named, self.keys.marked)

    def obliged_after(self, state: State, seat: int, move: int) -> Obligations:
        """The obligations once ``move`` is made (its choice, then its card), before the trick
        ends (``play`` applies ``after_trick``)."""
        obligations = self.keys.obligations[state.obligations]
        option = self.choice_of(state, move)
        if option is not None:
            obligations = apply_lead_option(obligations, option, seat)
        return after_play(obligations, seat, move & CARD_MASK, not state.trick)

    def choice_of(self, state: State, move: int) -> LawOption | None:
        """Declarer's 50D2/51B option a move makes (``CHOICE_SHIFT``), or None."""
        number = move >> CHOICE_SHIFT
        if not number:
            return None
        seat = (state.leader + len(state.trick)) % 4
        obligations = self.keys.obligations[state.obligations]
        return lead_options(obligations, seat, self.p.declarer)[number - 1]

    def admitted_plays(self, state: State) -> list[int]:
        """Every play admitted here: for the claimer's side, the statement's or else the policy's
        (Law 70); for the other side, any legal card (in 70C's measure too, ``opponents_ruff``:
        there a ruff of theirs does not win, ``play``), or, when the policy holds them to normal
        play too (``nonclaimers_normal``: ``ClaimProblem.others``), what their policy admits.

        Those fewer plays leave every bound sound: each bound (``bounds.py``), and what another
        search ``proved`` of a problem without the switch, is a lower bound on the claimer's
        tricks over every line in which the other side plays any legal card, so over these
        lines, which are among them, too; ``playout_bound`` plays only lines drawn from here, so
        it stays an upper bound on their minimum."""
        held, leader, trick = state.held, state.leader, state.trick
        seat = (leader + len(trick)) % 4
        p = self.p
        if seat % 2 != p.claimer_side:
            others = p.others
            if others is not None:
                # Their own view: they know where the trumps are, made no statement, see their
                # own hand and partner's only where they are declarer's side
                # (``Keys.their_seen``), and are taken as thinking nothing good that
                # is not; their honours' solidity is fixed at the claim, as the claimer's is
                # (``Keys.their_solid``).
                theirs = PlayView(
                    seat,
                    held,
                    trick,
                    leader,
                    p.trump,
                    1 - p.claimer_side,
                    state.voids,
                    True,
                    self.keys.their_seen | (1 << seat),
                    self.keys.their_solid,
                    0,
                    0,
                    self.keys.their_length,
                )
                return claimer_options(others, theirs)
            hand = hand_of(held, seat)
            if trick:
                follow = hand & SUIT_MASKS[trick[0] // 13]
                if follow:
                    hand = follow
            return cards_in(hand)
        view = PlayView(
            seat,
            held,
            trick,
            leader,
            p.trump,
            p.claimer_side,
            state.voids,
            p.trumps_aware,
            p.bound,
            self.keys.solid,
            p.believed,
            p.counted,
            self.keys.length,
            p.found,
        )
        stated = self.stated_plays(view, state.plan)
        return stated if stated is not None else claimer_options(p.policy, view)

    def stated_plays(self, view: PlayView, plan: Plan) -> list[int] | None:
        """The plays the statement prescribes here, or None when it says nothing of this play."""
        step = active_step(self.p, plan)
        if step is None or not (self.p.bound >> view.seat) & 1:
            return None
        return step_plays(step, view, self.p.policy, plan[1], self.against[plan[0]])

    # -- playing a card -----------------------------------------------------------------------

    def play(self, state: State, move: int) -> tuple[State, int]:
        """The state after ``move`` (a card, with a choice before it under obligations:
        ``CHOICE_SHIFT``), and the claimer's-side tricks it completes (0 or 1)."""
        held, leader, trick, plan, voids = (
            state.held,
            state.leader,
            state.trick,
            state.plan,
            state.voids,
        )
        seat = (leader + len(trick)) % 4
        card = move & CARD_MASK
        obliged = state.obligations
        obligations = NO_OBLIGATIONS
        if obliged:
            obligations = self.obliged_after(state, seat, move)
            obliged = self.keys.intern(obligations)
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
        p = self.p
        stated = plan[0] < len(p.steps)
        if len(trick_after) < 4:
            if stated:
                plan = advance_on_card(p, plan, seat, card, trick_after, held_after)
            return State(held_after, leader, trick_after, plan, voids, obliged), 0
        winner = winner_so_far(leader, trick_after, p.trump)[0]
        if (
            self._dead
            and winner % 2 != p.claimer_side
            and trick_after[0] // 13 != self._trump_suit
            and not self._squeezing(plan)
        ):
            # 70C's measure: the opponents' trumps take no trick from the claimer's side (but
            # in a stated squeeze, played double dummy: there he sees every trump, ``ending``).
            other = winner_without(leader, trick_after, self._trump_suit, self._dead)
            if other % 2 == p.claimer_side:
                winner = other
        if stated:
            plan = advance_on_card(p, plan, seat, card, trick_after, held_after)
            plan = advance_on_trick(p, plan, winner, trick_after, held_after)
        gained = 1 if winner % 2 == p.claimer_side else 0
        if obliged:
            obliged = self.keys.intern(after_trick(obligations, winner))
        return State(held_after, winner, (), plan, voids, obliged), gained

    # -- the line -----------------------------------------------------------------------------

    def line(self, state: State) -> list[LinePlay]:
        """A worst normal line from ``state``: at each play, a card that keeps to the minimum."""
        out: list[LinePlay] = []
        number = 1
        target = self.value(state)
        while any(state.held) or state.trick:
            seat = self.seat_to_play(state)
            for move in self._traced_moves(state):
                child, gained = self.play(state, move)
                # Every child's value is at least target - gained: find one with no more. (Under
                # a ``squeeze`` step the claimer's cards may give less: the one kept gives it.)
                if target >= gained and self.below(child, target - gained + 1) == target - gained:
                    break
            else:
                raise InternalError("the worst normal line could not be traced back")
            finished = len(state.trick) == 3
            winner = child.leader if finished else None
            choice = self.choice_of(state, move)
            out.append(LinePlay(number, seat, move & CARD_MASK, winner, choice))
            number += 1 if finished else 0
            target -= gained
            state = child
        return out

    def _traced_moves(self, state: State) -> list[int]:
        """The plays ``line`` looks among: the search's, and, with a ``squeeze`` step in force,
        after them every other legal card of the seat to play, as the double-dummy ending
        ranges over them (the claimer's best, and any card of theirs even when
        ``nonclaimers_normal`` holds them to normal play elsewhere: their normal plays may not
        hold the card that beats him)."""
        moves = self.moves(state)
        if self.ending(state) < 0:
            return moves
        seat = (state.leader + len(state.trick)) % 4
        led = state.trick[0] // 13 if state.trick else -1
        hand = follow_set(hand_of(state.held, seat), led)
        tried = 0
        for move in moves:
            tried |= 1 << (move & CARD_MASK)
        return moves + cards_in(hand & ~tried)


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


def adjudicate(
    problem: ClaimProblem,
    time_limit: float = 20.0,
    at_least: int = 0,
    proved: Proved | None = None,
    disabled: frozenset[str] = frozenset(),
) -> Adjudication:
    """The worst normal line for the claimer, exactly, or ``ClaimTimeout``. ``at_least``: a
    lower bound the caller knows; ``proved``: lower bounds by position (``Adjudication.proved``
    of a problem admitting every line this one does). They narrow the search, never change its
    result: a minimum over more lines is no higher. (Bounds that do not hold, ``proved`` of the
    plain problem given to the 70C measure's, can only raise the result, never lower it; and
    from ``at_least``, a value above it is exact.) ``disabled``: bounds left out
    (``Adjudicator``)."""
    started = time.monotonic()
    solver = Adjudicator(problem, started + time_limit, proved, disabled)
    start = solver.start()
    try:
        tricks, line = with_room(lambda: (solver.value(start, at_least), solver.line(start)))
    except ClaimTimeout as timeout:
        timeout.at_least, timeout.at_most = solver.interval
        raise
    elapsed = time.monotonic() - started
    return Adjudication(tricks, tuple(line), solver.nodes, elapsed, solver.proved())
