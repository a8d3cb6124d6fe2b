"""One board as a PBN or LIN record tells it, and the Law 44 check of its play.

Both readers (``pbn.py`` and ``lin.py``) build a :class:`Record` through
:class:`PlayRecorder`, which plays the record's cards one at a time and refuses any
card that breaks Law 44 (a card the player does not hold, a failure to follow suit, a
player out of turn). The readers turn its :class:`PlayError` into a
:class:`solver.errors.CaseFileError` naming the file, the board and the trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from solver.bridge import Card, Contract, Deal, Seat, Side, Trick, legal_cards
from solver.bridge.cards import suit_order_key

Vulnerability = Literal["None", "NS", "EW", "All"]
"""Who is vulnerable, as the case format writes it."""

VULNERABILITIES: tuple[Vulnerability, ...] = ("None", "NS", "EW", "All")

MAX_BOARD = 999_999
"""The highest board number a case or record may give: far above any event's, and low enough
for every place a board number goes (the desk's log, a browser's numbers)."""
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@dataclass(frozen=True)
class Record:
    """One board: the deal, the contract and the play as far as the record gives it.

    ``tricks`` holds the complete tricks only (numbered from 1, each with its leader and
    the four cards in play order); the cards of an unfinished last trick are in
    ``partial_trick``. ``claimed_total`` is the declaring side's total number of tricks
    when play stopped with a claim (or a concession) and the record gives the figure.
    """

    source: str
    """The file the record came from (or the name given to ``loads``)."""
    index: int
    """Position of the game (PBN) or board (LIN) in its file, from 0."""
    board: int | None
    event: str | None
    deal: Deal
    dealer: Seat | None
    vulnerable: Vulnerability
    contract: Contract | None
    """None when the board was passed out or the record gives no contract."""
    declarer: Seat | None
    tricks: tuple[Trick, ...] = ()
    partial_trick: tuple[tuple[Seat, Card], ...] = ()
    claimed_total: int | None = None
    """Declarer's side's total tricks claimed or agreed when play stopped early."""
    result: int | None = None
    """Declarer's side's total tricks as the record states it (PBN ``[Result]``; LIN: ``mc``,
    or the tricks won when all thirteen were played)."""
    players: dict[Seat, str] = field(default_factory=dict, hash=False)
    room: str | None = None
    """"Open" or "Closed" when the record says (PBN ``[Room]``, LIN ``qx|o..|``/``qx|c..|``)."""
    notes: tuple[str, ...] = ()
    """What the reader had to read past or put right, one sentence each (empty for most)."""
    leads_out_of_turn: tuple[tuple[int, Seat, Card], ...] = ()
    """Leads out of turn after trick 1 that the record marks as accepted (PBN ``^L``): the
    trick, the offender and his card; the trick is in ``tricks`` led by him (Laws 53, 55A)."""

    @property
    def trump_suit_index(self) -> int | None:
        """The trump suit's index in PBN order, None at no trump or without a contract."""
        return None if self.contract is None else self.contract.strain.trump_suit_index

    @property
    def opening_leader(self) -> Seat | None:
        """Who led to trick 1: the record's leader, else declarer's left-hand opponent."""
        if self.tricks:
            return self.tricks[0].leader
        if self.partial_trick:
            return self.partial_trick[0][0]
        return None if self.declarer is None else self.declarer.lho

    @property
    def has_play(self) -> bool:
        """True when at least one card was played."""
        return bool(self.tricks or self.partial_trick)

    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.partial_trick)

    @property
    def play_complete(self) -> bool:
        """True when all thirteen tricks were played out."""
        return len(self.tricks) == 13

    def winners(self) -> list[Seat]:
        """The winner of each complete trick, in trick order (Law 44E-G)."""
        return [trick.winner(self.trump_suit_index) for trick in self.tricks]

    def tricks_won(self, side: Side) -> int:
        """Complete tricks won by ``side`` in the recorded play."""
        return sum(1 for winner in self.winners() if winner.side is side)

    @property
    def declarer_tricks_played(self) -> int | None:
        """Complete tricks won by declarer's side, None without a declarer."""
        return None if self.declarer is None else self.tricks_won(self.declarer.side)

    def label(self) -> str:
        """How messages name this record: "board 12" or "record 3"."""
        room = f" ({self.room})" if self.room else ""
        if self.board is not None:
            return f"board {self.board}{room}"
        return f"record {self.index + 1}{room}"


class PlayError(ValueError):
    """A card that Law 44 does not allow at that point; ``trick`` numbers from 1."""

    def __init__(self, trick: int, message: str) -> None:
        self.trick = trick
        self.message = message
        super().__init__(f"trick {trick}: {message}")


class PlayRecorder:
    """Plays a record's cards one at a time under Law 44 and collects the tricks.

    >>> deal = Deal.from_pbn(
    ...     "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"
    ... )
    >>> play = PlayRecorder(deal, trump_suit_index=None, leader=Seat.EAST)
    >>> for text in ("HA", "HJ", "H2", "HT"):
    ...     play.play(Card.parse(text))
    >>> play.tricks[0].winner(None), play.next_seat
    (Seat.E, Seat.E)
    >>> play.play(Card.parse("S7"))
    >>> play.play(Card.parse("DA"))
    Traceback (most recent call last):
    ...
    solver.records.record.PlayError: trick 2: South plays DA but holds spades (S2 S3 S4 S5 S6) \
and must follow to the spade lead (Law 44C)
    """

    def __init__(self, deal: Deal, trump_suit_index: int | None, leader: Seat) -> None:
        self.trump_suit_index = trump_suit_index
        self.tricks: list[Trick] = []
        self.current: list[tuple[Seat, Card]] = []
        self._held: list[set[Card]] = [set(hand) for hand in deal.hands]
        self._leader = leader
        self._played_at: dict[Card, int] = {}
        self._deal = deal

    @property
    def trick_number(self) -> int:
        """Number of the trick the next card goes to, from 1."""
        return len(self.tricks) + 1

    @property
    def next_seat(self) -> Seat:
        """Whose turn it is (Law 44B: clockwise from the leader)."""
        return Seat.from_index(self._leader.index + len(self.current))

    @property
    def leader(self) -> Seat:
        """Who led (or is to lead) the current trick."""
        return self._leader

    def lead_out_of_turn(self, seat: Seat) -> None:
        """The next trick is led by ``seat`` out of turn, the lead accepted (Laws 53A, 55A):
        play goes on clockwise from him; raises PlayError mid-trick or for the proper leader."""
        if self.current:
            raise PlayError(
                self.trick_number,
                f"a lead out of turn is marked for {seat_name(seat)}, but the trick has begun",
            )
        if seat is self._leader:
            raise PlayError(
                self.trick_number,
                f"a lead out of turn is marked for {seat_name(seat)}, but it is his lead",
            )
        self._leader = seat

    def play(self, card: Card, seat: Seat | None = None) -> None:
        """Play ``card`` for ``seat`` (default: whoever's turn it is); raises PlayError."""
        expected = self.next_seat
        if len(self.tricks) == 13:
            raise PlayError(13, f"{card} is played after the thirteenth trick")
        if seat is not None and seat is not expected:
            raise PlayError(
                self.trick_number,
                f"{seat_name(seat)} plays {card} but it is {seat_name(expected)}'s turn (Law 44B)",
            )
        self._check_held(card, expected)
        self._check_follows(card, expected)
        self._held[expected.index].remove(card)
        self._played_at[card] = self.trick_number
        self.current.append((expected, card))
        if len(self.current) == 4:
            self._close_trick()

    def _check_held(self, card: Card, seat: Seat) -> None:
        if card in self._held[seat.index]:
            return
        if card in self._played_at:
            where = f"already played to trick {self._played_at[card]}"
        else:
            where = f"dealt to {seat_name(self._deal.holder(card))}"
        raise PlayError(self.trick_number, f"{seat_name(seat)} plays {card}, which was {where}")

    def _check_follows(self, card: Card, seat: Seat) -> None:
        if not self.current:
            return
        led = self.current[0][1]
        if card in legal_cards(self._held[seat.index], led):
            return
        suit = led.suit.value
        held = sorted(self._held[seat.index])
        holding = " ".join(str(c) for c in held if c.suit_index == led.suit_index)
        raise PlayError(
            self.trick_number,
            f"{seat_name(seat)} plays {card} but holds {SUIT_NAMES[suit]}s ({holding}) "
            f"and must follow to the {SUIT_NAMES[suit]} lead (Law 44C)",
        )

    def _close_trick(self) -> None:
        cards = (self.current[0][1], self.current[1][1], self.current[2][1], self.current[3][1])
        trick = Trick(self.trick_number, self._leader, cards)
        self.tricks.append(trick)
        self._leader = trick.winner(self.trump_suit_index)
        self.current = []


def seat_name(seat: Seat) -> str:
    """The seat's full name for messages: "North"."""
    return seat.full_name


__all__ = [
    "VULNERABILITIES",
    "PlayError",
    "PlayRecorder",
    "Record",
    "Vulnerability",
    "seat_name",
    "suit_order_key",
]
