"""The claim search's data: the problem, the search state, and what a search returns.

A claim position in integers (``ClaimProblem``: cards 0..51, seats 0..3 from North), the state
the search walks (``State``), one card of the worst normal line (``LinePlay``), what a search
proved for a later one (``Proved``), the result (``Adjudication``) and the time-out
(``ClaimTimeout``). Nothing here searches: ``search.py`` does, with ``bounds.py`` and ``keys.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Final, final

from solver.bridge.masks import SUIT_MASKS, mask_of
from solver.errors import EngineError
from solver.facts import Claim, Step
from solver.facts.policy import NormalPolicy
from solver.laws.choices import LawOption
from solver.laws.normal_play import (
    aware_of_trumps,
    believed_good,
    counted_cards,
    for_defenders,
    for_nonclaimers,
    overlooked_belief,
)
from solver.laws.obligations import Obligations

NO_OBLIGATIONS: Final = Obligations()
"""No penalty card nor restriction: the claim of a board without irregularity."""

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
    obligations: Obligations = NO_OBLIGATIONS
    """The penalty cards and restrictions in force at the claim (Laws 50-57;
    ``rulings.claims.obligations_at_claim``): every play of the search obeys them
    (``obligations.legal_plays``). None by default: the claim of a board without irregularity."""
    declarer: int = -1
    """Declarer's seat, who makes the 50D2/51B choice before a defender's lead while his partner
    has a major penalty card; needed only with ``obligations``."""
    believed: int = 0
    """The claimer's side's cards he is taken as thinking good though an opponent's card beats
    them (``normal_play.believed_good``, ``lead_believed_winner``), a bit mask; none unless his
    claim of every trick is more than best play gives, or a card he overlooked is found."""
    found: int = 0
    """Of ``believed``, the cards a finding of fact gives (``Claim.overlooked``:
    ``normal_play.overlooked_belief``), not the guess a claim above best play prompts: only on
    these is a hand taken for all winners in his mind (``no_idle_trump_lead``)."""
    counted: int = 0
    """The claimer's side's cards his counts of tricks per suit need (``count`` steps whose
    condition holds: ``normal_play.counted_cards``), a bit mask; a hand discards them last
    (``keep_counted_cards``; none with it off)."""
    others: NormalPolicy | None = None
    """The policy the non-claimers' plays are held to (``nonclaimers_normal``:
    ``normal_play.for_nonclaimers``), or None: they play any legal card, as practice has it."""

    def __reduce__(self) -> tuple[type[ClaimProblem], tuple[object, ...]]:
        """Pickled as its fields in order, so that a problem can be sent to a worker process
        (``solver.rulings.turns``): compiled, the frozen class cannot restore itself by
        setting its fields one by one, as pickle otherwise does."""
        return (ClaimProblem, tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def others_seen(self) -> int:
        """The non-claimers who see partner's hand beside their own, a bit per seat: declarer
        and dummy on a defender's claim (``bound`` is then the claiming defender alone), none
        on declarer's (a defender does not see his partner's cards). Under
        ``nonclaimers_normal`` their judgements read partner's hand only where this says so."""
        ours = (1 << self.claimer_side) | (1 << (self.claimer_side + 2))
        if self.bound & ours == ours:
            return 0
        return 0b1111 & ~ours

    @property
    def thought_good(self) -> int:
        """``believed`` where the policy reads it (``lead_believed_winner``), else none: what
        the plays, the memo keys and the runs go by."""
        return self.believed if self.policy.lead_believed_winner else 0

    @staticmethod
    def from_claim(
        claim: Claim,
        trump: int | None,
        policy: NormalPolicy,
        dummy: int | None = None,
        obligations: Obligations = NO_OBLIGATIONS,
        best: int | None = None,
    ) -> ClaimProblem:
        """The problem of the claim under ``policy``. ``dummy``: dummy's seat, when known; on a
        defender's claim dummy is an opponent whose cards everyone sees, so a suit it holds
        none of at the claim is a known void, as if it had shown out (70E1); so too for the
        defenders on a declarer's claim when their plays are held to normal play
        (``nonclaimers_normal``). ``obligations``:
        those in force at the claim (they need ``dummy``, whose partner is declarer). ``best``:
        the claimer's side's tricks with best play (double dummy), when known: a claim of every
        trick above it shows a card overlooked (``lead_believed_winner``)."""
        position = claim.position
        held = tuple(mask_of([c.index for c in hand]) for hand in position.hands)
        voids = 0
        for seat, suits in claim.shown_out.items():
            for suit in suits:
                voids |= 1 << (4 * seat.index + suit)
        # On a declarer's claim, defenders held to normal play (``nonclaimers_normal``) see
        # dummy's voids as a claiming defender does; declarer's side reads none of its own.
        if dummy is not None and (claim.by_defender or policy.nonclaimers_normal):
            for suit in range(4):
                if not held[dummy] & SUIT_MASKS[suit]:
                    voids |= 1 << (4 * dummy + suit)
        side = claim.by.index % 2
        # The non-claimers' policy comes from the one given, before anything below narrows it
        # for the claimer: declarer's side, the non-claimers of a defender's claim, sees dummy.
        others = (
            for_nonclaimers(policy, defenders=not claim.by_defender)
            if policy.nonclaimers_normal
            else None
        )
        # A conditional step ("if spades 4-1: ...") is tested on the hands at the claim: the
        # lie of the suit the claimer learns in the play (docs/claims.md); a worse split than
        # any named takes the steps of the worst one named (``Claim.conditions_held``).
        # A count of tricks in a suit ("six diamonds") is a count, not a line of play: it plays
        # nothing, and only tells which suits the claimer counted (below).
        steps = tuple(
            step
            for step, held in zip(claim.statement, claim.conditions_held(), strict=True)
            if step.kind != "count" and held
        )
        bound = (1 << side) | (1 << (side + 2))
        if claim.tricks < position.tricks_left and not claim.claimer_asks_more:
            # ``lead_forgotten_trump`` is the judgement on a claimer who thinks every card he
            # holds good; one who concedes a trick may have counted the opponents' trump in it.
            # Not when the concession was agreed and he asks a trick back (69A, 71B): leading
            # his trump to give up the trick he thought lost is the natural way of conceding,
            # a normal play (the catalogue's G1).
            policy = replace(policy, lead_forgotten_trump=False)
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
        believed = 0
        if (
            policy.lead_believed_winner
            and best is not None
            and claim.tricks == position.tricks_left
            and best < claim.tricks
        ):
            believed = believed_good(
                (held[0], held[1], held[2], held[3]), bound, side, trump, _counted_suits(claim)
            )
        found = 0
        if policy.lead_believed_winner and claim.overlooked:
            found = overlooked_belief(
                (held[0], held[1], held[2], held[3]),
                bound,
                side,
                mask_of([c.index for c in claim.overlooked]),
            )
            believed |= found
        return ClaimProblem(
            held=(held[0], held[1], held[2], held[3]),
            leader=position.leader.index,
            trick=tuple(c.index for c in position.current_trick),
            trump=trump,
            claimer_side=side,
            steps=steps,
            voids=voids,
            trumps_aware=aware_of_trumps(
                policy,
                claim.trumps_mentioned,
                (held[0], held[1], held[2], held[3]),
                side,
                trump,
                claim.trump_round_before,
            ),
            policy=policy,
            bound=bound,
            obligations=obligations,
            declarer=-1 if dummy is None else (dummy + 2) % 4,
            believed=believed,
            found=found,
            counted=(
                counted_cards((held[0], held[1], held[2], held[3]), bound, claim.counts)
                if policy.keep_counted_cards
                else 0
            ),
            others=others,
        )


def _counted_suits(claim: Claim) -> int:
    """The suits (a bit per suit) in which the claimer is taken as having counted the cards, so
    that none of them is one he overlooked (``lead_believed_winner``): those his statement names
    or counts tricks in (``count``), all four when his counts (those whose condition holds)
    make up every trick claimed (he counted no trick elsewhere), and those an opponent has
    shown out of (70E1: he is credited with the show-out)."""
    counted = _named_suits(claim.statement)
    if sum(tricks for _suit, tricks in claim.counts) >= claim.tricks:
        counted = 0xF
    side = claim.by.index % 2
    for seat, suits in claim.shown_out.items():
        if seat.index % 2 != side:
            for suit in suits:
                counted |= 1 << suit
    return counted


def _named_suits(statement: tuple[Step, ...]) -> int:
    """The suits a statement names (a bit per suit): those of its steps and of their cards and
    conditions. A claimer who named a suit is not taken as having overlooked a card of it."""
    named = 0
    for step in statement:
        suits = list(step.suits) + [card.suit_index for card in step.cards]
        if step.suit is not None:
            suits.append(step.suit)
        if step.condition is not None:
            suits.append(step.condition[0])
        for suit in suits:
            named |= 1 << suit
    return named


@dataclass(frozen=True, slots=True)
class LinePlay:
    """One card of the worst normal line."""

    trick: int
    """Trick number counted from the claim (1 = the trick in progress or the next one)."""
    seat: int
    card: int
    wins_trick: int | None = None
    """Set on a trick's last card: the seat that won it."""
    choice: LawOption | None = None
    """On a lead: declarer's 50D2/51B choice made just before it, when one was due."""


@dataclass(frozen=True, slots=True)
class Proved:
    """What a search proved at the start of tricks, by memo key: values, and lower bounds where
    it was cut. Each holds as a lower bound for a problem whose lines are among these:
    ``adjudicate``'s ``proved``. For the 70C measure (``opponents_ruff`` false) they are only a
    guide (``solver/rulings/claims.py``): a trick that goes to the claimer's side there instead
    of to the trump changes who leads, so its value may be lower. The keys number each suit's
    pattern of cards (``keys.Keys.suit_id``); ``names`` is that numbering, which the later
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


@final
class State:
    """A position of the search: who holds what, who led the trick in progress and its cards,
    how far the statement has got and the voids the players have shown. Never changed once
    made (the search makes a new one for each card played); equal, and hashing alike, when
    every field is.

    A plain class rather than a ``NamedTuple``: compiled, its fields are read in place, where a
    named tuple's are boxed Python objects built and read through the interpreter
    (``benchmarks/README.md`` gives the cost)."""

    held: tuple[int, int, int, int]
    """Each seat's cards (bit masks, bit c for card c)."""
    leader: int
    """The seat that led the trick in progress, or leads the next one."""
    trick: tuple[int, ...]
    """The cards of the trick in progress, in the order played (empty between tricks)."""
    plan: Plan
    """The statement step in force and the progress within it."""
    voids: int
    """Bit 4 * seat + suit: the seat has shown out of the suit."""
    obligations: int
    """The obligations in force (Laws 50-57), by their index in ``keys.Keys.obligations``;
    0: none."""

    def __init__(
        self,
        held: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        plan: Plan,
        voids: int,
        obligations: int = 0,
    ) -> None:
        self.held = held
        self.leader = leader
        self.trick = trick
        self.plan = plan
        self.voids = voids
        self.obligations = obligations

    def _fields(self) -> tuple[tuple[int, int, int, int], int, tuple[int, ...], Plan, int, int]:
        return (self.held, self.leader, self.trick, self.plan, self.voids, self.obligations)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"State(held={self.held}, leader={self.leader}, trick={self.trick}, "
            f"plan={self.plan}, voids={self.voids}"
            + (f", obligations={self.obligations})" if self.obligations else ")")
        )


PART_BITS: Final = 14
"""Bits of a suit's pattern number in the memo key (``keys.Keys.suit_id``)."""
