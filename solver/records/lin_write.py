"""A writer of BBO LIN boards, the inverse of ``lin.py`` for what a :class:`Record` holds.

Each board is one line of ``key|value|`` pairs, as BBO's handviewer reads them:

- ``vg|EVENT|`` when the record names an event; ``pn|S,W,N,E|`` when it names a player (a
  comma in an event or a name is written ``;``: it would start the next field; ``|`` is ``/``,
  and every value is on one line);
- ``qx|o12|`` (open room) or ``qx|c12|`` (closed) when it names the room;
- ``md|3SAK..H..D..C..,...,...,...|``: the dealer digit (1 South, 2 West, 3 North, 4 East)
  then the four hands, South first; then ``ah|Board 12|`` (after ``md``, which starts a board);
- ``sv|o|``, ``n``, ``e`` or ``b``;
- ``mb|..|``: an auction that reaches the contract with the right declarer: passes from the
  dealer round to declarer, his bid, the double (and redouble), three passes. A record keeps
  the contract, not the auction, so this is the shortest auction that gives it (with no
  dealer known, declarer deals);
- ``pc|SA|`` each card in play order, ``mc|10|`` the claim (declarer's side's total tricks);
- ``nt|...|`` each comment; ``pg||`` at the end of the board.

``lin.loads`` reads back every field written (``tests/records/test_writers.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.bridge import Card, Seat
from solver.errors import CaseFileError
from solver.records.record import Record, Vulnerability

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of the hands in ``md`` and of the names in ``pn``; dealer digits 1 to 4."""
_VULNERABLE: dict[Vulnerability, str] = {"None": "o", "NS": "n", "EW": "e", "All": "b"}


def dumps(records: Sequence[Record], comments: Sequence[Sequence[str]] = ()) -> str:
    """A LIN file of ``records``, a board a line; ``comments[i]`` are ``nt`` lines for ``i``."""
    lines = []
    for index, record in enumerate(records):
        lines.append(board(record, comments[index] if index < len(comments) else ()))
    return "".join(lines)


def board(record: Record, comments: Sequence[str] = ()) -> str:
    """One board as a line of LIN pairs, ending with a newline. Play opened by declarer's
    right-hand opponent (a lead out of turn accepted, Law 54) is refused: LIN has no place to
    name the leader, and its reader would give the cards to the wrong players."""
    declarer = record.declarer
    if record.has_play and declarer is not None and record.opening_leader is not declarer.lho:
        raise CaseFileError(
            record.source,
            record.label(),
            f"the opening lead is {record.opening_leader}'s, not {declarer.lho}'s "
            "(declarer's left): LIN cannot hold a lead out of turn (expected PBN)",
        )
    pairs: list[tuple[str, str]] = []
    if record.event:
        pairs.append(("vg", _value(record.event).replace(",", ";")))
    if record.players:
        names = (_value(record.players.get(seat, "")).replace(",", ";") for seat in LIN_SEATS)
        pairs.append(("pn", ",".join(names)))
    if record.board is not None and record.room in ("Open", "Closed"):
        pairs.append(("qx", f"{record.room[0].lower()}{record.board}"))
    dealer = dealer_for(record)
    hands = ",".join(hand_text(record.deal.hand(seat)) for seat in LIN_SEATS)
    pairs.append(("md", f"{LIN_SEATS.index(dealer) + 1}{hands}"))
    if record.board is not None:
        pairs.append(("ah", f"Board {record.board}"))
    pairs.append(("sv", _VULNERABLE[record.vulnerable]))
    pairs.extend(("mb", call) for call in auction(record, dealer))
    for trick in record.tricks:
        pairs.extend(("pc", str(card)) for card in trick.cards)
    pairs.extend(("pc", str(card)) for _seat, card in record.partial_trick)
    if record.claimed_total is not None:
        pairs.append(("mc", str(record.claimed_total)))
    pairs.extend(("nt", _value(text)) for text in comments)
    pairs.append(("pg", ""))
    return "".join(f"{key}|{value}|" for key, value in pairs) + "\n"


def dealer_for(record: Record) -> Seat:
    """The record's dealer; without one, declarer (North when there is no contract)."""
    if record.dealer is not None:
        return record.dealer
    return record.declarer if record.declarer is not None else Seat.NORTH


def auction(record: Record, dealer: Seat) -> list[str]:
    """The shortest auction from ``dealer`` to the record's contract by its declarer.

    >>> from solver.bridge import Contract, Deal
    >>> deal = Deal.from_pbn(
    ...     "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"
    ... )
    >>> contract = Contract.parse("4SX")
    >>> record = Record("x", 0, 1, None, deal, Seat.NORTH, "None", contract, Seat.SOUTH)
    >>> auction(record, Seat.NORTH)
    ['p', 'p', '4S', 'd', 'p', 'p', 'p']
    """
    if record.contract is None or record.declarer is None:
        return ["p"] * 4
    calls = ["p"] * ((record.declarer.index - dealer.index) % 4)
    contract = record.contract
    calls.append(f"{contract.level}{'N' if contract.strain.value == 'NT' else contract.strain}")
    calls.extend(["d", "r"][: contract.doubling])
    calls.extend(["p"] * 3)
    return calls


def hand_text(hand: frozenset[Card]) -> str:
    """A LIN hand: each suit letter followed by its ranks, high to low: ``SAK5HQ2D...C...``."""
    text = ""
    for suit in range(4):
        cards = sorted((c for c in hand if c.suit_index == suit), key=lambda c: -c.rank)
        text += "SHDC"[suit] + "".join(str(card)[1:] for card in cards)
    return text


def _value(text: str) -> str:
    """A value that cannot end its pair early: no ``|``, on one line."""
    return " ".join(text.replace("|", "/").split())


__all__ = ["LIN_SEATS", "auction", "board", "dealer_for", "dumps", "hand_text"]
