"""The claimer's view (analysis, not a ruling): what the layouts he could not see allow.

The claimer sees his own hand and dummy (a defender sees his hand and dummy); the other two
hands could be any split of the unseen cards that agrees with what the play has shown (the
voids in ``Claim.shown_out``, the cards already on the current trick). For every such layout
this computes the double-dummy value for the claimer's side; the smallest is an upper bound on
what he could guarantee without knowing the layout, and the layout that gives it shows why.
It is exact as an upper bound; the guarantee itself (a single plan for every layout) can be
lower: ``sure_line`` finds it (``solver.engines.single_dummy``), and the report gives both.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from solver.bridge import SUITS, Card, Seat
from solver.bridge.masks import cards_in, mask_of
from solver.engines.single_dummy import SureLine
from solver.facts import Case, Claim
from solver.laws.obligations import Obligations
from solver.rulings.claims import double_dummy_value, obligations_at_claim


@dataclass(frozen=True, slots=True)
class ClaimerView:
    layouts: int
    """Layouts examined."""
    complete: bool
    """False when not every layout was examined: the time ran out first, or a layout worth
    less than ``below`` ended the search."""
    worst: int | None
    """The smallest double-dummy value for the claimer's side over the layouts examined."""
    worst_layout: dict[str, str] | None
    """The two unseen hands of a layout that gives ``worst``, as 'S.H.D.C' strings."""
    sure: int | None = None
    """The most tricks one plan wins for the claimer's side in every layout, single dummy
    (``sure_line``), when asked for; None when not: a defender's claim, layouts not all
    solved, or the search not finished in the time left."""
    sure_note: str = ""
    """Why ``sure`` is None, when it was asked for."""


def claimer_view(
    case: Case,
    time_limit: float = 20.0,
    progress: Callable[[int, int], None] | None = None,
    below: int | None = None,
    most: int | None = None,
    single_dummy: bool = False,
    obligations: Obligations | None = None,
) -> ClaimerView:
    """``progress(done, total)``, if given, is called before the first layout and after each
    one: a claim early in the play has thousands of layouts, each solved double dummy, and
    takes many seconds. ``total`` is the number of layouts that agree with the voids shown.
    With ``below``, the first layout worth fewer tricks than that ends the search: enough to
    show that the claimer could not be sure of them (the audit's ``every_layout``). With
    ``most``, a claim with more layouts than that is not looked at (none examined). With
    ``single_dummy``, once every layout is solved, the most one plan wins in all of them
    (``sure``), searched in the time left (a second at least). ``obligations``: the penalty
    cards and restrictions in force at the claim, when the caller has them already
    (``obligations_at_claim`` otherwise)."""
    claim = case.claim
    assert claim is not None
    hidden = _hidden_seats(case, claim)
    position = claim.position
    if obligations is None:
        obligations = obligations_at_claim(case)
    known, pool, size = _unseen(claim, hidden, obligations)
    started = time.monotonic()
    worst: int | None = None
    worst_layout: dict[str, str] | None = None
    count = 0
    total = 0

    def stopped(why: str) -> ClaimerView:
        """The view of the layouts solved so far, not all of them: ``sure`` not looked for."""
        return ClaimerView(count, False, worst, worst_layout, None, why if single_dummy else "")

    if progress is not None or most is not None:
        total = _layouts(claim, hidden, pool, size)
        if most is not None and total > most:
            return stopped(f"more than {most} layouts")
    if progress is not None:
        progress(0, total)
    for first, second in _each_layout(claim, hidden, pool, size, known):
        left = time_limit - (time.monotonic() - started)
        hands = list(position.hands)
        hands[hidden[0].index], hands[hidden[1].index] = first, second
        # None: out of time, before this layout or (under obligations) while solving it.
        value = (
            None if left < 0 else double_dummy_value(case, claim, tuple(hands), obligations, left)
        )
        if value is None:
            return stopped("the time ran out before every layout was solved")
        count += 1
        if progress is not None:
            progress(count, total)
        if worst is None or value < worst:
            worst = value
            worst_layout = {str(hidden[0]): _pbn(first), str(hidden[1]): _pbn(second)}
            if below is not None and worst < below:
                return stopped(f"a layout gives fewer than {below} tricks double dummy")
    view = ClaimerView(count, True, worst, worst_layout)
    if single_dummy:
        left = max(time_limit - (time.monotonic() - started), 1.0)
        return _with_sure(case, view, left, obligations)
    return view


def _with_sure(
    case: Case, view: ClaimerView, time_limit: float, obligations: Obligations
) -> ClaimerView:
    """The view with what one plan makes sure of, or why that was not found."""
    claim = case.claim
    assert claim is not None
    if view.worst is None:
        return replace(view, sure_note="no layout agrees with the voids shown")
    if claim.by_defender:
        return replace(view, sure_note=_DEFENDER)
    if not obligations.empty:
        return replace(view, sure_note=_OBLIGED)
    line = sure_line(case, time_limit, most=view.worst, obligations=obligations)
    if line is None:
        return replace(view, sure_note="not settled in the time left")
    return replace(view, sure=line.tricks)


_DEFENDER = "a defender's claim: he cannot see his partner's hand, and partner is no opponent"
_OBLIGED = (
    "penalty cards or restrictions in force at the claim: the search for one plan does not "
    "apply them yet"
)


def sure_line(
    case: Case,
    time_limit: float = 20.0,
    most: int | None = None,
    obligations: Obligations | None = None,
) -> SureLine | None:
    """The most tricks one plan wins for the claimer's side whatever the layout of the cards he
    could not see (``solver.engines.single_dummy``): what he could be sure of, where
    ``claimer_view``'s double dummy is only an upper bound. At most ``most`` tricks are tried
    (all those left by default). None for a defender's claim (he cannot see his partner's
    hand, and partner is no opponent), for a claim with penalty cards or restrictions in force
    (the search does not apply them) and when the search takes longer than ``time_limit``.
    ``obligations``: those in force at the claim, when the caller has them already."""
    from solver.engines.single_dummy import Ending, OutOfTime, sure_tricks

    claim = case.claim
    assert claim is not None
    if claim.by_defender:
        return None
    if obligations is None:
        obligations = obligations_at_claim(case)
    if not obligations.empty:
        return None
    hidden = _hidden_seats(case, claim)
    position = claim.position
    held = [mask_of(card.index for card in hand) for hand in position.hands]
    seen = [0 if seat in hidden else held[seat.index] for seat in Seat]
    voids = [sum(1 << suit for suit in claim.shown_out.get(seat, ())) for seat in hidden]
    ending = Ending(
        (seen[0], seen[1], seen[2], seen[3]),
        (hidden[0].index, hidden[1].index),
        held[hidden[0].index] | held[hidden[1].index],
        (0, 0),
        (voids[0], voids[1]),
        case.contract.strain.trump_suit_index,
        position.leader.index,
        tuple(card.index for card in position.current_trick),
        claim.by.index % 2,
    )
    try:
        return sure_tricks(ending, position.tricks_left if most is None else most, time_limit)
    except (OutOfTime, ValueError):  # out of time, or no layout agrees with the voids shown
        return None


def _each_layout(
    claim: Claim,
    hidden: tuple[Seat, Seat],
    pool: list[Card],
    size: int,
    known: tuple[frozenset[Card], frozenset[Card]],
) -> Iterator[tuple[frozenset[Card], frozenset[Card]]]:
    """The two unseen hands of every layout: ``size`` cards of ``pool`` for the first, the rest
    for the second, each with its ``known`` cards, those that agree with the voids shown."""
    for chosen in itertools.combinations(pool, size):
        first = frozenset(chosen) | known[0]
        second = frozenset(pool) - first | known[1]
        if _agrees(claim, hidden[0], first) and _agrees(claim, hidden[1], second):
            yield first, second


def _unseen(
    claim: Claim, hidden: tuple[Seat, Seat], obligations: Obligations
) -> tuple[tuple[frozenset[Card], frozenset[Card]], list[Card], int]:
    """What the layouts are made of: the cards of each unseen hand known to be there
    (``_known_cards``), the rest of the two hands' cards, and how many of those the first
    unseen hand holds."""
    hands = claim.position.hands
    known = _known_cards(obligations, hidden)
    pool = sorted((hands[hidden[0].index] | hands[hidden[1].index]) - known[0] - known[1])
    return known, pool, len(hands[hidden[0].index]) - len(known[0])


def _known_cards(
    obligations: Obligations, hidden: tuple[Seat, Seat]
) -> tuple[frozenset[Card], frozenset[Card]]:
    """The cards of each unseen hand that the claimer knows are there all the same: its
    penalty cards, face up on the table (Law 50), and a card it played too early that is still
    its own (57D). Every layout keeps them with their holder."""
    known = []
    for seat in hidden:
        cards = obligations.major[seat.index] | obligations.minor[seat.index]
        if obligations.rho_turn_seat == seat.index and obligations.rho_turn_card >= 0:
            cards |= 1 << obligations.rho_turn_card
        known.append(frozenset(Card.from_index(card) for card in cards_in(cards)))
    return known[0], known[1]


def _hidden_seats(case: Case, claim: Claim) -> tuple[Seat, Seat]:
    dummy = case.declarer.partner
    seen = {claim.by, dummy}
    hidden = [s for s in Seat if s not in seen]
    if len(hidden) == 3:
        hidden = [s for s in hidden if s != case.declarer]
    return hidden[0], hidden[1]


def _layouts(claim: Claim, hidden: tuple[Seat, Seat], pool: list[Card], size: int) -> int:
    """How many of the ``size``-card hands for ``hidden[0]`` from ``pool`` agree with the voids
    (``_agrees`` for both hands), counted without listing them: a suit one hidden hand is void
    in goes to the other, and the cards left are shared freely."""
    voids = [claim.shown_out.get(seat, frozenset()) for seat in hidden]
    to_first = sum(card.suit_index in voids[1] for card in pool)
    to_second = sum(card.suit_index in voids[0] for card in pool)
    if any(card.suit_index in voids[0] and card.suit_index in voids[1] for card in pool):
        return 0
    free, wanted = len(pool) - to_first - to_second, size - to_first
    return math.comb(free, wanted) if 0 <= wanted <= free else 0


def _agrees(claim: Claim, seat: Seat, hand: frozenset[Card]) -> bool:
    voids = claim.shown_out.get(seat, frozenset())
    return not any(card.suit_index in voids for card in hand)


def _pbn(hand: frozenset[Card]) -> str:
    parts = []
    for suit in SUITS:
        ranks = sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)
        parts.append("".join(str(c)[1] for c in ranks))
    return ".".join(parts)
