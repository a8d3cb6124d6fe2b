"""A second, independent count of the consistent histories of a case, for the bundled examples.

Written from the case format alone: it reads the case's YAML data itself and imports nothing from
``solver``, so that the examples' expectations do not rest only on the code under test. It is
plain dynamic programming over (trick, leader, cards still held, rows already out of order,
cards-tier budget left, suit revoke allegations unused), trying budgets 0, 1, 2, ... until some
history fits. It assumes a valid case (the loader's checks are not repeated) and has no time limit:
keep it to the examples. Where play stopped during a trick (an entry of ``play.tricks`` with
fewer than four cards, the trick after the rows' last), a history fits when that trick's leader
won its last trick and the cards faced to it were still held, following suit.

Revoke allegations (``{by: EW, revoke: {seat: S, trick: 7}}``, or ``suit: H`` for ``trick: 7``)
are not evidence: they cost nothing and have no unit. One with a trick lets that player revoke at
that trick; one with a suit lets him revoke once at any one trick where that suit is led. A revoke
is a player other than the leader not following suit while he still holds a card of the suit led.

A player who played two cards to one trick (Law 67B2) has a row one card longer than the others
(13 against 12 on a whole board). At one trick he does not lead he drops two cards of his row,
which lie next to each other in it (in either order); the one that stays in the trick (and wins
it, or not) is the higher of the pair's cards of the suit led when he holds that suit (one must
follow), else a trump before a side card, then the higher rank, then spades first. The other,
the surplus card, is quitted at that trick (its mark judged there) and comes back to his hand
for the last trick, which no fact speaks of: he plays it there, the others a card each (their
last on a whole board), following suit. Once it is back, a trick of its suit before the last on
which he, not leading and void in fact, played another suit is a revoke Law 67B2 deems him to
have made. An agreed trick (four cards) is one where he played one card.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "23456789TJQKA"
CARDS_TIER = 1000
"""A cards-tier unit outweighs any number of statements."""
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "NS": "NS", "E": "EW", "W": "EW", "EW": "EW"}
"""A statement belongs to its side's account: N and S speak for NS, E and W for EW."""

Cards = tuple[int, int, int, int]
"""The card each seat (N, E, S, W) played to a trick."""
TrickTest = Callable[[Cards, int], bool]
"""A per-trick statement: does it hold for these cards and this winning seat?"""
Revokes = tuple[tuple[int, str], ...]
"""(trick from 1, seat letter) of each revoke in a history, by trick then seat N, E, S, W. With
a double play (Law 67B2), also its deemed revokes, ``(trick, "E 67B2")``, and the double play
itself, ``(trick, "E 67B2 HJ DJ")``: the card left in the trick, then the surplus card."""
Tally = dict[tuple[frozenset[int], int, Revokes], int]
"""(units contradicted, declarer tricks, revokes) -> number of histories."""


def card_index(text: str) -> int:
    text = text.strip().upper().replace("10", "T")
    return SUITS.index(text[0]) * 13 + RANKS.index(text[1])


def card_name(card: int) -> str:
    return SUITS[card // 13] + RANKS[card % 13]


def tokens(value: str | list[Any]) -> list[str]:
    return value.split() if isinstance(value, str) else [str(item) for item in value]


def seat_index(text: Any) -> int:
    return SEATS.index(str(text).strip().upper())


def deal_masks(text: str) -> list[int]:
    first, _, hands = text.partition(":")
    masks = [0, 0, 0, 0]
    for offset, hand in enumerate(hands.split()):
        seat = (seat_index(first) + offset) % 4
        for suit, holding in enumerate(hand.split(".")):
            for rank in holding.upper().replace("10", "T"):
                masks[seat] |= 1 << (suit * 13 + RANKS.index(rank))
    return masks


NO_CARD = 52
"""What a player who did not play to a trick contributes: of no suit, it never wins."""


def winner_of(leader: int, cards: Cards, trump: int | None) -> int:
    best_seat, best = leader, cards[leader]
    for offset in (1, 2, 3):
        seat = (leader + offset) % 4
        card = cards[seat]
        if card // 13 == best // 13:
            if card > best:
                best_seat, best = seat, card
        elif card // 13 == trump:
            best_seat, best = seat, card
    return best_seat


@dataclass
class Dispute:
    """The facts of a case as integers: cards 0..51 (S, H, D, C; 2 to A), seats 0..3 from N."""

    hands: list[int]
    trump: int | None
    declarer: int
    leader: int
    tricks: int = 13
    playable: list[int] = field(default_factory=list)
    order: list[list[int] | None] = field(default_factory=lambda: [None] * 4)
    order_unit: list[int] = field(default_factory=lambda: [-1] * 4)
    marks: dict[int, tuple[bool, int]] = field(default_factory=dict)
    agreed: dict[int, tuple[int, Cards]] = field(default_factory=dict)
    per_trick: dict[int, list[tuple[int | None, TrickTest]]] = field(default_factory=dict)
    totals: list[tuple[int | None, int]] = field(default_factory=list)
    cards_units: set[int] = field(default_factory=set)
    units: int = 0
    accounts: dict[int, str] = field(default_factory=dict)
    """Statement unit -> the side whose account it belongs to (NS or EW)."""
    revoke_tricks: set[tuple[int, int]] = field(default_factory=set)
    """(trick from 0, seat) where an allegation permits a revoke."""
    revoke_suits: list[tuple[int, int]] = field(default_factory=list)
    """(seat, suit) of each suit allegation, one entry per allegation."""
    surplus: int = -1
    """The player who played two cards to one trick (Law 67B2), or -1."""
    in_progress: tuple[int, list[int]] | None = None
    """The trick play stopped in (an entry of ``play.tricks`` with fewer than four cards):
    who led it and the cards already faced to it, his first."""

    @property
    def restored(self) -> int:
        """The trick (from 0) played once the surplus card is back in his hand, or -1."""
        return self.tricks - 1 if self.surplus >= 0 else -1

    def suit_keys(self) -> list[tuple[int, int]]:
        """The distinct (seat, suit) pairs of the suit allegations, in a fixed order."""
        return sorted(set(self.revoke_suits))

    def new_unit(self, cards_tier: bool) -> int:
        self.units += 1
        if cards_tier:
            self.cards_units.add(self.units - 1)
        return self.units - 1

    def weight(self, units: frozenset[int]) -> int:
        """Cards-tier units one by one, then the sides with some statement contradicted: a
        side's account is one unit however many statements it holds."""
        sides = {self.accounts[u] for u in units if u not in self.cards_units}
        return CARDS_TIER * sum(1 for u in units if u in self.cards_units) + len(sides)


def read(data: dict[str, Any]) -> Dispute:
    """The dispute of a case file's YAML data."""
    strain = str(data["contract"]).upper().rstrip("X")[1:]
    declarer = seat_index(data["declarer"])
    leader = data.get("opening_leader") or SEATS[(declarer + 1) % 4]
    hands = deal_masks(str(data["deal"]))
    dispute = Dispute(
        hands=hands,
        trump=None if strain in ("N", "NT") else SUITS.index(strain),
        declarer=declarer,
        leader=seat_index(leader),
        playable=list(hands),
    )
    play = data.get("play") or {}
    rows = play.get("rows") or {}
    for key, row in rows.items():
        read_row(dispute, seat_index(key), row)
    lengths = {
        seat_index(key): len(tokens(r["mixed"] if isinstance(r, dict) else r))
        for key, r in rows.items()
    }
    if lengths:
        dispute.tricks = max(lengths.values())
        longest = [seat for seat, n in lengths.items() if n == dispute.tricks]
        if set(lengths.values()) == {dispute.tricks, dispute.tricks - 1} and len(longest) == 1:
            # One row a card longer: a double play (Law 67B2), unless another row is short
            # because its player missed a trick (then the long rows are the usual ones).
            dispute.surplus = -1 if play.get("unplayed") else longest[0]
    for key in play.get("unplayed") or {}:
        # A player who missed a trick holds a pseudo-card, "no card", to play there once.
        seat = seat_index(key)
        dispute.hands[seat] |= 1 << NO_CARD
        dispute.playable[seat] |= 1 << NO_CARD
    for number, text in (play.get("tricks") or {}).items():
        lead, _, cards = str(text).partition(":")
        if len(cards.split()) < 4:
            dispute.in_progress = (seat_index(lead), [card_index(c) for c in cards.split()])
            continue
        by_seat = [0, 0, 0, 0]
        for offset, card in enumerate(cards.split()):
            by_seat[(seat_index(lead) + offset) % 4] = card_index(card)
        played = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
        dispute.agreed[int(number) - 1] = (seat_index(lead), played)
    for statement in data.get("statements") or []:
        read_statement(dispute, statement)
    return dispute


def in_progress_fits(dispute: Dispute, leader: int, held: tuple[int, ...]) -> bool:
    """Where play stopped, the trick in progress (if the case gives one) is led by the
    player to lead there (``leader``), and each card faced to it was still in its player's
    hand (``held``) and follows suit unless he had none of the suit led."""
    if dispute.in_progress is None:
        return True
    first, cards = dispute.in_progress
    if first != leader:
        return False
    for offset, card in enumerate(cards):
        seat = (first + offset) % 4
        if not held[seat] >> card & 1:
            return False
        led = cards[0] // 13
        if offset and card // 13 != led and held[seat] & suit_mask(led):
            return False
    return True


def read_row(dispute: Dispute, seat: int, row: Any) -> None:
    mixed = isinstance(row, dict)
    cards = []
    for token in tokens(row["mixed"] if mixed else row):
        mark = token[-1] if token[-1] in "+-" else None
        cards.append(card_index(token[:-1] if mark else token))
        if mark and not mixed:
            dispute.marks[cards[-1]] = (mark == "+", dispute.new_unit(cards_tier=True))
    dispute.tricks = len(cards)
    dispute.playable[seat] = sum(1 << card for card in cards)
    if not mixed:
        dispute.order[seat] = cards
        dispute.order_unit[seat] = dispute.new_unit(cards_tier=True)


def read_statement(dispute: Dispute, statement: dict[str, Any]) -> None:
    if statement.get("revoke") is not None:
        read_allegation(dispute, statement["revoke"])
        return
    agreed = str(statement["by"]).lower() == "agreed"
    unit = None if agreed else dispute.new_unit(cards_tier=False)
    if unit is not None:
        dispute.accounts[unit] = SIDE_OF_SEAT[str(statement["by"]).upper()]
    if statement.get("declarer_tricks") is not None:
        dispute.totals.append((unit, int(statement["declarer_tricks"])))
        return
    test: TrickTest
    if statement.get("winner") is not None:
        winners = {seat_index(s) for s in str(statement["winner"])}

        def test(cards: Cards, winner: int) -> bool:
            return winner in winners

    else:
        plays = [(seat_index(s), card_index(str(c))) for s, c in statement["played"].items()]

        def test(cards: Cards, winner: int) -> bool:
            return all(cards[seat] == card for seat, card in plays)

    dispute.per_trick.setdefault(int(statement["trick"]) - 1, []).append((unit, test))


def read_allegation(dispute: Dispute, revoke: dict[str, Any]) -> None:
    """A revoke allegation: no unit, only a revoke it permits."""
    seat = seat_index(revoke["seat"])
    if revoke.get("trick") is not None:
        dispute.revoke_tricks.add((int(revoke["trick"]) - 1, seat))
    else:
        dispute.revoke_suits.append((seat, SUITS.index(str(revoke["suit"]).strip().upper())))


def suit_mask(suit: int) -> int:
    return ((1 << 13) - 1) << (13 * suit)


def bits(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    card = 0
    while mask >> card:
        if (mask >> card) & 1:
            yield card
        card += 1


def left_in_trick(led: int, trump: int | None, pair: tuple[int, int], holds_led: bool) -> int:
    """Law 67B2: which card of a pair stays in the trick (-1: neither may, holding the suit led
    and following with neither)."""
    if holds_led:
        following = [card for card in pair if card // 13 == led]
        return max(following) if following else -1
    return max(pair, key=lambda card: (card // 13 == trump, card % 13, -(card // 13)))


Play = tuple[Cards, tuple[int, ...], tuple[int, ...], int]
"""One way to play a trick: the cards, the rows it puts out of order, the revokers, and the
surplus card of a double play there (-1 if none)."""
Option = tuple[int, int, bool, bool]
"""A seat's choice: its card, a surplus card dropped with it (or -1), whether it puts his row
out of order, whether it is a revoke."""


class Counter:
    """Every legal history within a cards-tier budget, tallied by units and declarer tricks."""

    def __init__(self, dispute: Dispute) -> None:
        self.d = dispute
        self.suit_keys = dispute.suit_keys()
        self.memo: dict[
            tuple[int, int, tuple[int, ...], frozenset[int], int, tuple[int, ...], int], Tally
        ] = {}

    def start(self, budget: int) -> Tally:
        """Tally of every history within ``budget``."""
        unused = tuple(self.d.revoke_suits.count(key) for key in self.suit_keys)
        return self.rest(0, self.d.leader, tuple(self.d.hands), frozenset(), budget, unused, -1)

    def rest(
        self,
        trick: int,
        leader: int,
        held: tuple[int, ...],
        broken: frozenset[int],
        budget: int,
        unused: tuple[int, ...],
        surplus: int,
    ) -> Tally:
        """Tally of the histories from ``trick`` on; ``unused`` counts suit allegations left,
        ``surplus`` is the card of a double play already made (-1 if none)."""
        if trick == self.d.tricks:
            fits = in_progress_fits(self.d, leader, held)
            return {(frozenset(), 0, ()): 1} if fits else {}
        key = (trick, leader, held, broken, budget, unused, surplus)
        if key not in self.memo:
            if trick == self.d.restored:
                self.memo[key] = self.restored_tally(leader, held, surplus)
            else:
                self.memo[key] = self.trick_tally(
                    trick, leader, held, broken, budget, unused, surplus
                )
        return self.memo[key]

    def trick_tally(
        self,
        trick: int,
        leader: int,
        held: tuple[int, ...],
        broken: frozenset[int],
        budget: int,
        unused: tuple[int, ...],
        surplus: int,
    ) -> Tally:
        tally: Tally = defaultdict(int)
        state = (trick, leader, held, broken, budget, unused, surplus)
        for cards, newly, revokers, extra in self.plays(state, 0, [0, 0, 0, 0], (), (), -1):
            priced = self.price(trick, leader, cards, newly, extra)
            if priced is None:
                continue
            units, winner = priced
            cost = sum(1 for u in units if u in self.d.cards_units)
            if cost > budget:
                continue
            after = [held[s] & ~(1 << cards[s]) for s in range(4)]
            if extra >= 0:
                after[self.d.surplus] &= ~(1 << extra)
            won = 1 if winner % 2 == self.d.declarer % 2 else 0
            left = self.after_revokes(trick, cards[leader] // 13, revokers, unused)
            here = tuple((trick + 1, SEATS[seat]) for seat in sorted(revokers))
            here += self.surplus_events(trick, leader, cards, revokers, surplus, extra)
            later = self.rest(
                trick + 1,
                winner,
                tuple(after),
                broken | set(newly),
                budget - cost,
                left,
                extra if extra >= 0 else surplus,
            )
            for (more, tricks, revokes), count in later.items():
                tally[(units | more, tricks + won, here + revokes)] += count
        return tally

    def surplus_events(
        self,
        trick: int,
        leader: int,
        cards: Cards,
        revokers: tuple[int, ...],
        surplus: int,
        extra: int,
    ) -> Revokes:
        """Law 67B2 at this trick: his double play, or a revoke deemed once it is behind."""
        seat = self.d.surplus
        if extra >= 0:
            left = card_name(cards[seat])
            return ((trick + 1, f"{SEATS[seat]} 67B2 {left} {card_name(extra)}"),)
        led = cards[leader] // 13
        if (
            surplus >= 0
            and seat != leader
            and surplus // 13 == led
            and cards[seat] // 13 != led
            and seat not in revokers
        ):
            return ((trick + 1, f"{SEATS[seat]} 67B2"),)
        return ()

    def restored_tally(self, leader: int, held: tuple[int, ...], surplus: int) -> Tally:
        """The last trick, once the surplus card is back in his hand: he plays it, the others
        any card they hold, following suit. No fact speaks of it."""
        tally: Tally = defaultdict(int)
        if surplus < 0:
            return tally  # nobody played two cards: no history fills every row
        for cards in self.restored_plays(leader, held, surplus, 0, [0, 0, 0, 0]):
            winner = winner_of(leader, cards, self.d.trump)
            tally[(frozenset(), 1 if winner % 2 == self.d.declarer % 2 else 0, ())] += 1
        return tally

    def restored_plays(
        self, leader: int, held: tuple[int, ...], surplus: int, offset: int, cards: list[int]
    ) -> Iterator[Cards]:
        if offset == 4:
            yield cards[0], cards[1], cards[2], cards[3]
            return
        seat = (leader + offset) % 4
        options = 1 << surplus if seat == self.d.surplus else held[seat] & ~(1 << NO_CARD)
        if offset and seat != self.d.surplus:
            led = suit_mask(cards[leader] // 13)
            options = options & led or options
        for card in bits(options):
            cards[seat] = card
            yield from self.restored_plays(leader, held, surplus, offset + 1, cards)

    def may_revoke(self, trick: int, seat: int, suit: int, unused: tuple[int, ...]) -> bool:
        """Does an allegation permit ``seat`` to revoke at ``trick``, where ``suit`` was led?"""
        if (trick, seat) in self.d.revoke_tricks:
            return True
        return (seat, suit) in self.suit_keys and unused[self.suit_keys.index((seat, suit))] > 0

    def after_revokes(
        self, trick: int, suit: int, revokers: tuple[int, ...], unused: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The suit allegations left once this trick's revokes are covered.

        An allegation naming the trick covers its revoke first: it can serve no other trick.
        """
        left = list(unused)
        for seat in revokers:
            if (trick, seat) not in self.d.revoke_tricks:
                left[self.suit_keys.index((seat, suit))] -= 1
        return tuple(left)

    def plays(
        self,
        state: tuple[int, int, tuple[int, ...], frozenset[int], int, tuple[int, ...], int],
        offset: int,
        cards: list[int],
        newly: tuple[int, ...],
        revokers: tuple[int, ...],
        extra: int,
    ) -> Iterator[Play]:
        """Each legal way to play the trick, with the rows it puts out of order, the revokers
        and the surplus card of a double play there.

        ``state`` is ``rest``'s: trick, leader, cards held, rows out of order, budget, suit
        allegations unused, surplus card. A seat revokes at most once a trick, and the seats'
        allegations are their own, so each revoke is checked against the allegations left at
        the start of the trick.
        """
        if offset == 4:
            yield (cards[0], cards[1], cards[2], cards[3]), newly, revokers, extra
            return
        seat = (state[1] + offset) % 4
        for card, pair, breaks, revokes in self.options(state, seat, offset, cards, len(newly)):
            cards[seat] = card
            yield from self.plays(
                state,
                offset + 1,
                cards,
                newly + (seat,) * breaks,
                revokers + (seat,) * revokes,
                pair if pair >= 0 else extra,
            )

    def options(
        self,
        state: tuple[int, int, tuple[int, ...], frozenset[int], int, tuple[int, ...], int],
        seat: int,
        offset: int,
        cards: list[int],
        spent: int,
    ) -> Iterator[Option]:
        """What ``seat`` may play (``spent``: rows this trick already puts out of order)."""
        trick, leader, held, broken, budget, unused, surplus = state
        options = held[seat] & self.d.playable[seat]
        missing = options & (1 << NO_CARD)
        if not offset:
            options &= ~missing  # nobody leads "no card"
        following = options
        led = cards[leader] // 13
        if offset and held[seat] & suit_mask(led):
            following = (options & suit_mask(led)) | missing
            if not self.may_revoke(trick, seat, led, unused):
                options = following
        order = self.d.order[seat]
        # A row that missed a trick: its cards after the gap sit one place earlier; the row
        # of a double play: one place later.
        place = trick - (1 if self.d.playable[seat] >> NO_CARD & 1 and not missing else 0)
        place += 1 if seat == self.d.surplus and surplus >= 0 else 0
        row = order[place : place + 2] if order is not None else []
        in_order = order is not None and seat not in broken
        for card in bits(options):
            breaks = in_order and card not in [*row[:1], NO_CARD]
            if not (breaks and budget - spent <= 0):
                yield card, -1, breaks, not (following >> card) & 1
        if offset and seat == self.d.surplus and surplus < 0:
            mine = held[seat] & self.d.playable[seat]
            holds_led = bool(held[seat] & suit_mask(led))
            for card in bits(mine):
                for other in bits(mine & ~(1 << card)):
                    if left_in_trick(led, self.d.trump, (card, other), holds_led) != card:
                        continue
                    breaks = in_order and sorted(row) != sorted((card, other))
                    if not (breaks and budget - spent <= 0):
                        yield card, other, breaks, False

    def price(
        self, trick: int, leader: int, cards: Cards, newly: tuple[int, ...], extra: int = -1
    ) -> tuple[frozenset[int], int] | None:
        """Units this trick contradicts and its winner; None if it breaks a hard fact."""
        agreed = self.d.agreed.get(trick)
        if agreed is not None and (agreed != (leader, cards) or extra >= 0):
            return None
        winner = winner_of(leader, cards, self.d.trump)
        units = {self.d.order_unit[seat] for seat in newly}
        quitted = [(seat, cards[seat]) for seat in range(4)]
        if extra >= 0:
            quitted.append((self.d.surplus, extra))
        for seat, card in quitted:
            mark = self.d.marks.get(card)
            if mark is not None and mark[0] != (winner % 2 == seat % 2):
                units.add(mark[1])
        for unit, test in self.d.per_trick.get(trick, []):
            if not test(cards, winner):
                if unit is None:
                    return None
                units.add(unit)
        return frozenset(units), winner


@dataclass
class Count:
    feasible: bool
    count: int = 0
    outcomes: dict[int, int] = field(default_factory=dict)
    min_cost: dict[str, int] | None = None
    groups: dict[tuple[int, Revokes], int] = field(default_factory=dict)
    """(declarer tricks, revokes) -> number of consistent histories."""


def count(data: dict[str, Any]) -> Count:
    """The consistent histories of a case (its YAML data): how many, by declarer total."""
    dispute = read(data)
    for budget in range(len(dispute.cards_units) + 1):
        tally = Counter(dispute).start(budget)
        finished = with_totals(dispute, tally)
        if finished:
            return best_of(dispute, finished)
    return Count(feasible=False)


def with_totals(dispute: Dispute, tally: Tally) -> Tally:
    """Apply the statements about declarer's total: hard ones filter, others add their unit."""
    out: Tally = defaultdict(int)
    for (units, tricks, revokes), number in tally.items():
        failed = {unit for unit, total in dispute.totals if total != tricks}
        if None in failed:
            continue
        out[(units | {u for u in failed if u is not None}, tricks, revokes)] += number
    return out


def best_of(dispute: Dispute, tally: Tally) -> Count:
    least = min(dispute.weight(units) for units, _, _ in tally)
    outcomes: dict[int, int] = defaultdict(int)
    groups: dict[tuple[int, Revokes], int] = defaultdict(int)
    for (units, tricks, revokes), number in tally.items():
        if dispute.weight(units) == least:
            outcomes[tricks] += number
            groups[(tricks, revokes)] += number
    cards, statements = divmod(least, CARDS_TIER)
    return Count(
        feasible=True,
        count=sum(outcomes.values()),
        outcomes=dict(sorted(outcomes.items())),
        min_cost={"cards": cards, "statements": statements},
        groups=dict(sorted(groups.items())),
    )
