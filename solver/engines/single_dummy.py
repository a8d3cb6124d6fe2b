"""Single dummy: the most tricks one plan of play wins in every layout of the unseen cards.

Double dummy over each layout (``solver.rulings.claimer_view``) lets the claimer play each
layout its own way, so its smallest value is only an upper bound on what he could be sure of:
a two-way finesse is 'made' in every layout and still needs a guess. Here the claimer chooses
each card knowing only what he sees, his side's two hands and the cards played, so the same
card in every layout that agrees with the play so far; the opponents see everything and play
whatever hurts most. The search is exact: an AND-OR search over the public play, the
claimer's node an OR over his legal cards, an opponent's node an AND over every card he could
hold and legally play in some layout still possible.

The layouts still possible are never listed. They start as every split of the unseen cards
that gives each unseen hand its cards known to be there and none of a suit it has shown out
of; a card played removes it from the pool (and from the cards known), a card off the suit
led marks the player void in it, and the layouts left are again every split of the smaller
pool under those marks. So a state is the pool, the cards known in each unseen hand, each
hand's voids and its size, and whether a reply is possible is a count of cards.

Only for a side whose two hands the claimer both sees (declarer and dummy): a defender cannot
see his partner's hand, and partner plays on what he sees, not as an opponent would.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solver.bridge.masks import SUIT_MASKS, cards_in, winner_so_far


class OutOfTime(Exception):
    """The search did not finish within its time limit."""


@dataclass(frozen=True, slots=True)
class Ending:
    """Where play stands, as the claimer knows it."""

    seen: tuple[int, int, int, int]
    """The cards still held by each seat the claimer sees (masks); 0 for the two unseen."""
    unseen: tuple[int, int]
    """The two seats the claimer does not see."""
    pool: int
    """The cards the two unseen seats hold between them."""
    known: tuple[int, int]
    """Cards of the pool known to be in each unseen hand (none, in a claim: a test may fix a
    whole layout so)."""
    voids: tuple[int, int]
    """The suits each unseen hand has shown out of, as bits (1 spades .. 8 clubs)."""
    trump: int | None
    leader: int
    trick: tuple[int, ...]
    """Cards already played to the trick in progress, in order from ``leader``."""
    side: int
    """The claimer's side: 0 North-South, 1 East-West."""


@dataclass(frozen=True, slots=True)
class SureLine:
    tricks: int
    """The most tricks the claimer's side wins in every layout with one plan."""
    plan: dict[tuple[int, ...], int]
    """That plan, when asked for (else empty): for each sequence of cards played from the
    ending on (the public play) at which the claimer's side is to play, the card it plays.
    Only the sequences its own cards and the opponents' possible replies reach."""


def sure_tricks(ending: Ending, most: int, time_limit: float, *, plan: bool = False) -> SureLine:
    """The most tricks, ``most`` at most, that one plan wins whatever the layout (trying
    ``most``, then one fewer, and so on); ``OutOfTime`` when the search takes longer than
    ``time_limit`` seconds. The plan itself only when asked (``plan``): written out for every
    reply of the opponents, it is far larger than the search that found it. A ValueError
    when no layout agrees with the ending's cards known and voids."""
    search = _Search(ending, time.monotonic() + time_limit)
    root = _root(ending)
    if not _possible(ending.pool, ending.known, ending.voids, root[4]):
        raise ValueError("no layout of the unseen cards agrees with the cards known and voids")
    tricks = max(most, 0)
    while tricks > 0 and not search.sure(root, tricks):
        tricks -= 1
    return SureLine(tricks, search.plan(root, tricks) if plan else {})


_State = tuple[
    tuple[int, int, int, int], int, tuple[int, int], tuple[int, int], tuple[int, int], int,
    tuple[int, ...],
]  # fmt: skip
"""(seen hands, pool, cards known in each unseen hand, their voids, their sizes, leader,
trick): where the public play stands, and with it every layout still possible."""


def _root(ending: Ending) -> _State:
    start = max(hand.bit_count() for hand in ending.seen)  # a seen hand that has not played
    for offset in range(len(ending.trick)):
        if (ending.leader + offset) % 4 not in ending.unseen:
            start = max(start, ending.seen[(ending.leader + offset) % 4].bit_count() + 1)
    played = [(ending.leader + offset) % 4 for offset in range(len(ending.trick))]
    sizes = (start - (ending.unseen[0] in played), start - (ending.unseen[1] in played))
    assert sizes[0] + sizes[1] == ending.pool.bit_count(), "the unseen hands' sizes"
    return (
        ending.seen, ending.pool, ending.known, ending.voids, sizes, ending.leader, ending.trick,
    )  # fmt: skip


class _Search:
    def __init__(self, ending: Ending, deadline: float) -> None:
        self.ending = ending
        self.deadline = deadline
        self.memo: dict[tuple[_State, int], bool] = {}
        self.choice: dict[tuple[_State, int], int] = {}
        self.nodes = 0

    def sure(self, state: _State, needed: int) -> bool:
        """Can the claimer's side win ``needed`` more tricks from ``state`` whatever the
        layout, choosing each card on the public play alone?"""
        if needed <= 0:
            return True
        seen, pool, _, _, _, leader, trick = state
        if not trick:
            if needed > _tricks_left(seen):
                return False
            if leader % 2 == self.ending.side and (
                needed <= _cashable(seen[leader], seen[leader ^ 2], pool, self.ending.trump)[0]
            ):
                return True
        key = (state, needed)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes % 1024 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime
        seat = (leader + len(trick)) % 4
        if seat % 2 == self.ending.side:
            result = False
            for card in self._choices(state, seat):
                if self.sure(*self._next(state, seat, card, needed)):
                    self.choice[key] = card
                    result = True
                    break
        else:
            result = all(
                self.sure(*self._next(state, seat, card, needed))
                for card in self._replies(state, seat)
            )
        self.memo[key] = result
        return result

    def _choices(self, state: _State, seat: int) -> list[int]:
        """The claimer's side's legal cards, one of each run of cards equal for play (touching
        once the cards played are left out, those of this trick counting as still in it),
        highest first."""
        seen, trick = state[0], state[6]
        out = _in_play(state)
        cards: list[int] = []
        for card in reversed(_legal(seen[seat], trick)):
            if cards and _equal_for_play(cards[-1], card, out):
                continue
            cards.append(card)
        return cards

    def _replies(self, state: _State, seat: int) -> list[int]:
        """``_every_reply``, of two cards equal for play only the higher, when both are known
        in the same hand or neither is: swapping the two in every layout maps the game after
        one onto the game after the other (the layouts still possible are the same once the
        two are swapped: nothing has told them apart), so both have the same value."""
        first, second = state[2]
        out = _in_play(state)
        kept: list[int] = []
        for card in sorted(self._every_reply(state, seat), reverse=True):
            if not any(
                _equal_for_play(other, card, out)
                and (first >> other & 1) == (first >> card & 1)
                and (second >> other & 1) == (second >> card & 1)
                for other in kept
            ):
                kept.append(card)
        return kept

    def _every_reply(self, state: _State, seat: int) -> list[int]:
        """Each card an unseen seat holds and may play in some layout still possible."""
        _, pool, known, voids, sizes, _, trick = state
        first = seat == self.ending.unseen[0]
        discard = voids[0 if first else 1] | (1 << (trick[0] // 13) if trick else 0)
        led = SUIT_MASKS[trick[0] // 13] if trick else 0
        replies = []
        for card in cards_in(pool & ~known[1 if first else 0]):
            bit = 1 << card
            gone = voids[0 if first else 1] if bit & led or not led else discard
            if first:
                possible = _possible(pool, (known[0] | bit, known[1]), (gone, voids[1]), sizes)
            else:
                possible = _possible(pool, (known[0], known[1] | bit), (voids[0], gone), sizes)
            if possible:
                replies.append(card)
        return replies

    def _next(self, state: _State, seat: int, card: int, needed: int) -> tuple[_State, int]:
        """The state after ``card``, and the tricks still needed."""
        seen, pool, known, voids, sizes, leader, trick = state
        bit = 1 << card
        if seat in self.ending.unseen:
            me = 0 if seat == self.ending.unseen[0] else 1
            pool &= ~bit
            known = (known[0] & ~bit, known[1] & ~bit)
            if trick and card // 13 != trick[0] // 13:
                gone = voids[me] | 1 << (trick[0] // 13)
                voids = (gone, voids[1]) if me == 0 else (voids[0], gone)
            sizes = (sizes[0] - 1, sizes[1]) if me == 0 else (sizes[0], sizes[1] - 1)
        else:
            hands = list(seen)
            hands[seat] &= ~bit
            seen = (hands[0], hands[1], hands[2], hands[3])
        trick = (*trick, card)
        if len(trick) < 4:
            return (seen, pool, known, voids, sizes, leader, trick), needed
        winner, _ = winner_so_far(leader, trick, self.ending.trump)
        after = (seen, pool, known, voids, sizes, winner, ())
        return after, needed - (winner % 2 == self.ending.side)

    def plan(self, state: _State, needed: int) -> dict[tuple[int, ...], int]:
        """The plan ``sure`` found for ``needed`` tricks, keyed by the public play."""
        plan: dict[tuple[int, ...], int] = {}
        self._walk(state, needed, (), plan)
        return plan

    def _walk(
        self, state: _State, needed: int, played: tuple[int, ...], plan: dict[tuple[int, ...], int]
    ) -> None:
        if needed <= 0:
            return
        seen, leader, trick = state[0], state[5], state[6]
        if not trick and not _tricks_left(seen):
            return
        seat = (leader + len(trick)) % 4
        if seat % 2 == self.ending.side:
            if (state, needed) not in self.choice:  # reached by a reply ``_replies`` passed over
                found = self.sure(state, needed)
                assert found, "a reply equal for play to one tried has another value"
            card = self.choice.get((state, needed))
            cards = [
                _cashable(seen[seat], seen[(seat + 2) % 4], state[1], self.ending.trump)[1]
                if card is None
                else card
            ]
            plan[played] = cards[0]
        else:
            cards = self._every_reply(state, seat)
        for card in cards:
            self._walk(*self._next(state, seat, card, needed), (*played, card), plan)


def _cashable(hand: int, partner: int, pool: int, trump: int | None) -> tuple[int, int]:
    """Tricks the hand on lead wins whatever the layout by cashing its masters, each above
    every unseen card of its suit, and the card to lead first: its masters in trumps, and
    once those draw every trump the opponents may hold (as many rounds as they hold trumps),
    its side masters too; at no trump, or with no trump out, all of them. Cashed from the
    top, each stays a master. A suit counts only if partner cannot be made to win one of its
    rounds and take the lead away: his cards of it all lower than the hand's masters, and,
    in a trump contract, a side suit as long in his hand as the hand's masters of it (or he
    holds no trump), so that he never has to ruff. (0, -1) when nothing counts."""
    counted = [0, 0, 0, 0]
    for suit in range(4):
        cards = SUIT_MASKS[suit]
        top = pool & cards
        masters = hand & cards & ~((1 << top.bit_length()) - 1)
        if not masters:
            continue
        lowest = masters & -masters
        if partner & cards & ~(lowest - 1):
            continue  # partner holds a card above one of the masters
        count = masters.bit_count()
        ruffs = trump is not None and suit != trump and partner & SUIT_MASKS[trump]
        if ruffs and (partner & cards).bit_count() < count:
            continue
        counted[suit] = count
    if trump is not None and pool & SUIT_MASKS[trump]:
        if counted[trump] < (pool & SUIT_MASKS[trump]).bit_count():
            counted = [counted[suit] if suit == trump else 0 for suit in range(4)]
        first = [trump] if counted[trump] else []
    else:
        first = []
    for suit in [*first, 0, 1, 2, 3]:
        if counted[suit]:
            return sum(counted), (hand & SUIT_MASKS[suit]).bit_length() - 1
    return 0, -1


def _possible(
    pool: int, known: tuple[int, int], voids: tuple[int, int], sizes: tuple[int, int]
) -> bool:
    """Is there a split of ``pool`` into the two unseen hands, of these sizes, each holding its
    known cards and none of a suit it is void in? The cards of a suit one hand is void in go
    to the other; the rest can go anywhere, so counting is enough."""
    barred = (_SUITS_OF_BITS[voids[0]], _SUITS_OF_BITS[voids[1]])
    if known[0] & known[1] or known[0] & barred[0] or known[1] & barred[1]:
        return False
    free = pool & ~known[0] & ~known[1]
    if free & barred[0] & barred[1]:
        return False
    first = (known[0] | (free & barred[1])).bit_count()
    second = (known[1] | (free & barred[0])).bit_count()
    return first <= sizes[0] and second <= sizes[1]


_SUITS_OF_BITS = tuple(
    sum(SUIT_MASKS[suit] for suit in range(4) if bits >> suit & 1) for bits in range(16)
)
"""The cards of the suits whose bits are set (1 spades .. 8 clubs), for each set of bits."""


def _legal(hand: int, trick: tuple[int, ...]) -> list[int]:
    """Law 44C: the cards of the suit led if the hand holds one, else any; lowest first."""
    if trick:
        follows = hand & SUIT_MASKS[trick[0] // 13]
        if follows:
            hand = follows
    return cards_in(hand)


def _in_play(state: _State) -> int:
    """Every card not yet played, and those of the trick in progress."""
    seen, pool, trick = state[0], state[1], state[6]
    out = pool
    for card in trick:
        out |= 1 << card
    for hand in seen:
        out |= hand
    return out


def _equal_for_play(higher: int, lower: int, out: int) -> bool:
    """Same suit, and no card still in play between them."""
    if higher // 13 != lower // 13:
        return False
    between = ((1 << higher) - 1) & ~((1 << (lower + 1)) - 1)
    return not between & out


def _tricks_left(seen: tuple[int, int, int, int]) -> int:
    """At a trick's start every hand holds the same number of cards: a seen one's count."""
    return max(hand.bit_count() for hand in seen)
