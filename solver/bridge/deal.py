"""A deal: the four hands, read from and written to PBN deal strings."""

from __future__ import annotations

from dataclasses import dataclass

from solver.bridge.cards import ALL_CARDS, RANK_CHARS, Card
from solver.bridge.seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class Deal:
    """Thirteen distinct cards in each of four hands.

    >>> text = "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"
    >>> deal = Deal.from_pbn(text)
    >>> sorted(str(c) for c in deal.hand(Seat.WEST) if c.suit_index == 3)
    ['C5', 'C6', 'CJ', 'CQ']
    >>> deal.to_pbn() == text
    True
    >>> Deal.from_pbn("N:A... K... Q... J...", allow_short=True)
    Deal.from_pbn('N:A... K... Q... J...', allow_short=True)
    """

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    """Hands of North, East, South, West."""

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat.index]

    def holder(self, card: Card) -> Seat:
        """The seat dealt this card."""
        for seat in SEATS:
            if card in self.hands[seat.index]:
                return seat
        raise ValueError(f"card {card} is in no hand")

    @staticmethod
    def from_pbn(text: str, *, allow_short: bool = False) -> Deal:
        """Read a PBN deal string ("N:S.H.D.C S.H.D.C ..."); raises ValueError naming the problem.

        With ``allow_short`` the hands may hold fewer than 13 cards (positions at a claim),
        but all four must hold the same number. Otherwise one hand may be left out (``-``, as
        PBN 2.1 allows): it holds the 13 cards the other three do not.
        """
        hands = parse_hands(text)
        if not allow_short:
            hands = _with_the_left_out_hand(hands)
        sizes = {len(h) for h in hands}
        if not allow_short and sizes != {13}:
            counts = ", ".join(f"{s} {len(hands[s.index])}" for s in SEATS)
            hint = "; only one hand may be left out ('-')" if 0 in sizes else ""
            raise ValueError(f"each hand must hold 13 cards ({counts}){hint}")
        if allow_short and len(sizes) != 1:
            counts = ", ".join(f"{s} {len(hands[s.index])}" for s in SEATS)
            raise ValueError(f"the four hands must hold the same number of cards ({counts})")
        return Deal((hands[0], hands[1], hands[2], hands[3]))

    def __repr__(self) -> str:
        """The PBN string as a call that reads it back: one line, where the fields are 52 cards."""
        sizes = {len(hand) for hand in self.hands}
        if len(sizes) != 1 or len(frozenset().union(*self.hands)) != 4 * len(self.hands[0]):
            return f"Deal(hands={self.hands!r})"  # not a deal from_pbn would read
        short = "" if sizes == {13} else ", allow_short=True"
        return f"Deal.from_pbn({self.to_pbn()!r}{short})"

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        parts = [_format_hand(self.hands[(first.index + i) % 4]) for i in range(4)]
        return f"{first}:" + " ".join(parts)


Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


def _with_the_left_out_hand(hands: Hands) -> Hands:
    """The hands with the one given as ``-`` (empty) filled with the 13 cards the other three,
    of 13 distinct cards each, do not hold; the hands as they were otherwise."""
    empty = [hand for hand in hands if not hand]
    if len(empty) != 1 or any(len(hand) != 13 for hand in hands if hand):
        return hands
    rest = frozenset(ALL_CARDS).difference(*hands)
    if len(rest) != 13:
        return hands
    north, east, south, west = (hand or rest for hand in hands)
    return north, east, south, west


def parse_hands(text: str, *, verb: str = "dealt") -> Hands:
    """The four hands of a PBN deal string, of any sizes, in N E S W order; raises ValueError.

    >>> [len(h) for h in parse_hands("W:A.K.. - Q... .J..")]
    [0, 1, 1, 2]
    """
    cleaned = " ".join(str(text).split())
    if len(cleaned) < 2 or cleaned[1] != ":" or cleaned[0].upper() not in "NESW":
        raise ValueError(
            f"bad PBN deal {text!r} (expected 'N:' then four hands like AKQ.T98.765.432)"
        )
    first = Seat.parse(cleaned[0])
    hand_texts = cleaned[2:].split(" ")
    if len(hand_texts) != 4:
        raise ValueError(f"bad PBN deal {text!r}: {len(hand_texts)} hands (expected 4)")
    hands: list[frozenset[Card]] = [frozenset()] * 4
    seen: dict[Card, Seat] = {}
    for offset, hand_text in enumerate(hand_texts):
        seat = Seat.from_index(first.index + offset)
        cards = _parse_hand(hand_text, seat)
        for card in cards:
            if card in seen:
                raise ValueError(f"card {card} is {verb} to both {seen[card]} and {seat}")
            seen[card] = seat
        hands[seat.index] = frozenset(cards)
    return (hands[0], hands[1], hands[2], hands[3])


def _parse_hand(text: str, seat: Seat) -> list[Card]:
    if text == "-":
        return []
    suits = text.split(".")
    if len(suits) != 4:
        raise ValueError(f"bad hand {text!r} for {seat} (expected four suits separated by dots)")
    cards: list[Card] = []
    for suit_index, ranks in enumerate(suits):
        normalised = ranks.upper().replace("10", "T")
        for char in normalised:
            if char not in RANK_CHARS:
                raise ValueError(f"bad rank {char!r} in hand {text!r} for {seat}")
            card = Card(suit_index, RANK_CHARS.index(char) + 2)
            if card in cards:
                raise ValueError(f"card {card} appears twice in hand {text!r} for {seat}")
            cards.append(card)
    return cards


def _format_hand(hand: frozenset[Card]) -> str:
    suits = []
    for suit_index in range(4):
        ranks = sorted((c.rank for c in hand if c.suit_index == suit_index), reverse=True)
        suits.append("".join(RANK_CHARS[r - 2] for r in ranks))
    return ".".join(suits)
