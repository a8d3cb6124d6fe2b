"""Calls as records write them, whether each is allowed where it stands (sufficient bids,
doubles of opponents, nothing after the end: Law 22A), and the contract and declarer an
auction arrives at.

Both readers need this: LIN records give no contract at all, only the auction (``mb|``), and
some PBN writers (BBO's club exports among them) leave out ``[Contract]`` and ``[Declarer]``
on a few boards while keeping the ``[Auction]`` section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from solver.bridge import Contract, Seat, Strain

_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
_CALLS = {
    "P": "P",
    "PASS": "P",
    "D": "X",
    "X": "X",
    "DBL": "X",
    "R": "XX",
    "XX": "XX",
    "RDBL": "XX",
}


def parse_call(text: str) -> str | None:
    """A call in one spelling: ``P``, ``X``, ``XX`` or a bid like ``1NT``, ``3S``; None when
    ``text`` (alert marks ``!`` and ``?`` already stripped) is not a call."""
    upper = text.strip().upper()
    if upper in _CALLS:
        return _CALLS[upper]
    match = _BID.match(upper)
    if match is None:
        return None
    strain = "NT" if match.group(2) in ("N", "NT") else match.group(2)
    return match.group(1) + strain


def is_finished(calls: Sequence[str]) -> bool:
    """Whether the calls end the auction (Law 22A): four passes, or three after a call."""
    return len(calls) >= 4 and all(call == "P" for call in calls[-3:])


_STRAIN_ORDER = ("C", "D", "H", "S", "NT")
_NAMES = {"X": "double", "XX": "redouble"}


def illegal_call(before: Sequence[str], call: str) -> str | None:
    """Why ``call`` cannot follow the calls ``before`` it, None when it can: a record whose
    auction breaks these rules would be read into a contract nobody played.

    >>> illegal_call(["1NT", "P"], "1S")
    'the bid 1S is not higher than 1NT (an insufficient bid: expected a higher one)'
    >>> illegal_call(["1NT", "P"], "X")
    "the double is of partner's 1NT (expected a double of an opponent's bid, only passes since)"
    >>> illegal_call(["1NT", "X"], "XX") is None
    True
    """
    if is_finished(before):
        return (
            f"the call {_shown(call)} comes after the auction ended (Law 22A: four passes, or "
            "three after a bid)"
        )
    if call == "P":
        return None
    made = [(position, earlier) for position, earlier in enumerate(before) if earlier != "P"]
    if call not in _NAMES:
        bids = [earlier for _, earlier in made if earlier not in _NAMES]
        if bids and _rank(call) <= _rank(bids[-1]):
            return (
                f"the bid {call} is not higher than {bids[-1]} (an insufficient bid: expected a "
                "higher one)"
            )
        return None
    return _illegal_double(before, call, made[-1] if made else None)


def _illegal_double(before: Sequence[str], call: str, last: tuple[int, str] | None) -> str | None:
    """A double is of the last bid, a redouble of the last double, made by an opponent with
    only passes since."""
    name = _NAMES[call]
    of = "an opponent's double" if call == "XX" else "an opponent's bid"
    expected = f"(expected a {name} of {of}, only passes since)"
    if last is None:
        return f"the {name} comes before any bid {expected}"
    position, made = last
    if (made == "X") is not (call == "XX") or made == "XX":
        kind = "a double" if call == "XX" else "a bid"
        return f"the {name} comes after {made}, not {kind} {expected}"
    if (len(before) - position) % 2 == 0:
        return f"the {name} is of partner's {made} {expected}"
    return None


def _rank(bid: str) -> int:
    return int(bid[0]) * 5 + _STRAIN_ORDER.index(bid[1:])


def _shown(call: str) -> str:
    return {"P": "Pass", "X": "X", "XX": "XX"}.get(call, call)


def contract_of(calls: list[str], dealer: Seat) -> tuple[Contract | None, Seat | None]:
    """The final contract and declarer of an auction (None, None when passed out): the last
    bid, doubled or redoubled by the calls after it, played by the first player of the side
    that made it to bid its strain (Law 22A)."""
    last_bid: int | None = None
    doubling = 0
    for position, call in enumerate(calls):
        if call in ("X", "XX"):
            doubling = 1 if call == "X" else 2
        elif call != "P":
            last_bid, doubling = position, 0
    if last_bid is None:
        return None, None
    bid = calls[last_bid]
    strain = Strain(bid[1:])
    side = Seat.from_index(dealer.index + last_bid).side
    for position, call in enumerate(calls):
        seat = Seat.from_index(dealer.index + position)
        if call not in ("P", "X", "XX") and seat.side is side and Strain(call[1:]) is strain:
            return Contract(int(bid[0]), strain, doubling), seat
    raise AssertionError("the last bid's side bid its strain")  # pragma: no cover
