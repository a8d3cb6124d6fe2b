"""A writer of PBN 2.1 games, the inverse of ``pbn.py`` for what a :class:`Record` holds.

Each game carries the tags of PBN's mandatory set (Event, Site, Date, Board, West, North,
East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result; a value not known
is written empty), ``[Room]`` when the record names it, and the ``[Play]`` section: one line
per trick, the cards in columns clockwise from the opening leader named by the tag, ``-`` for
a card not played to the last, unfinished trick, and ``*`` when play ended in a claim.
Comments are ``{...}`` commentary lines after the tags. A value or comment of several lines is
written on one (a tag cannot hold a line break). ``pbn.loads`` reads back every field written
(``tests/records/test_writers.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.bridge import Seat
from solver.records.record import Record

HEADER = "% PBN 2.1\n% EXPORT\n"
"""The first lines of a PBN 2.1 export file."""


def dumps(records: Sequence[Record], comments: Sequence[Sequence[str]] = ()) -> str:
    """A PBN file of ``records``; ``comments[i]`` are commentary lines for record ``i``."""
    games = []
    for index, record in enumerate(records):
        games.append(game(record, comments[index] if index < len(comments) else ()))
    return HEADER + "\n" + "\n".join(games)


def game(record: Record, comments: Sequence[str] = ()) -> str:
    """One game: its tags, its play and its commentary, ending with a newline."""
    lines = [_tag(name, value) for name, value in _tags(record)]
    if record.has_play:
        lines.extend(_play(record))
    lines.extend("{" + _commentary(text) + "}" for text in comments)
    return "\n".join(lines) + "\n"


def _tags(record: Record) -> list[tuple[str, str]]:
    dealer = record.dealer
    first = dealer if dealer is not None else Seat.NORTH
    if record.result is not None:
        result = str(record.result)
    elif record.claimed_total is not None:
        result = str(record.claimed_total)
    else:
        result = ""
    tags = [
        ("Event", record.event or ""),
        ("Site", ""),
        ("Date", ""),
        ("Board", "" if record.board is None else str(record.board)),
    ]
    for name, seat in (("West", Seat.WEST), ("North", Seat.NORTH)):
        tags.append((name, record.players.get(seat, "")))
    for name, seat in (("East", Seat.EAST), ("South", Seat.SOUTH)):
        tags.append((name, record.players.get(seat, "")))
    tags += [
        ("Dealer", "" if dealer is None else str(dealer)),
        ("Vulnerable", record.vulnerable),
        ("Deal", record.deal.to_pbn(first)),
        ("Scoring", ""),
        ("Declarer", "" if record.declarer is None else str(record.declarer)),
        ("Contract", "Pass" if record.contract is None else str(record.contract)),
        ("Result", result),
    ]
    if record.room:
        tags.append(("Room", record.room))
    return tags


def _tag(name: str, value: str) -> str:
    """A tag on one line, as the reader reads them: a line break in the value (a title of two
    lines) becomes a space, since PBN has no escape for one; quotes and backslashes escaped."""
    one_line = " ".join(value.splitlines())
    escaped = one_line.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _play(record: Record) -> list[str]:
    """``[Play "W"]`` and its lines: columns from the opening leader, in seat order."""
    leader = record.opening_leader
    assert leader is not None, "a record with play has an opening leader"
    columns = [Seat.from_index(leader.index + offset) for offset in range(4)]
    lines = [_tag("Play", str(leader))]
    out_of_turn = {number for number, _seat, _card in record.leads_out_of_turn}
    for trick in record.tricks:
        marked = trick.leader if trick.number in out_of_turn else None  # PBN 2.1 3.9 (D)
        lines.append(
            " ".join(
                ("^L " if seat is marked else "") + str(trick.card_of(seat)) for seat in columns
            )
        )
    if record.partial_trick:
        played = dict(record.partial_trick)
        lines.append(" ".join(str(played[seat]) if seat in played else "-" for seat in columns))
    if record.claimed_total is not None and not record.play_complete:
        lines.append("*")
    return lines


def _commentary(text: str) -> str:
    """Commentary text that cannot close or open a brace early, on one line."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


__all__ = ["HEADER", "dumps", "game"]
