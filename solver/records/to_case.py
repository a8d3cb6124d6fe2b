"""From a PBN or LIN record to a case (the YAML shape of docs/case-format.md).

The case's rows are the quitted cards as a careful player would have left them: each player's
cards of the record's complete tricks in trick order, each pointed ``+`` when his side won the
trick and ``-`` when it lost it (Law 65B). Options take that picture apart to build disputes:
``marks=False`` (no orientation known), ``drop_marks`` (some cards' marks unknown),
``flip_marks`` (a card pointed the wrong way) and ``mixed`` (a row no longer in order).
Cards of an unfinished last trick are left out: every row holds the same number of cards.

``tricks=True`` writes the play as agreed tricks (``play.tricks``, hard facts) instead of rows:
the board as it was played, with nothing in dispute. ``claim=True`` adds the record's claim
(LIN ``mc``, PBN ``*`` with ``[Result]``) as a ``claim:`` section: who claimed (declarer unless
``claimer`` says otherwise: the records do not say), the tricks his side claimed of those left,
and the position (the trick in progress, or, beside rows, the whole position).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from solver.bridge import Card, Seat, Side, Trick
from solver.bridge.seats import SEATS
from solver.errors import CaseFileError
from solver.facts import MixedWhen
from solver.records.record import Record, suit_order_key

MIXED_WHEN = tuple(when.value for when in MixedWhen)
"""When a mixed row lost its order (docs/case-format.md ``when``)."""

MixedRows = (
    Mapping[Seat, MixedWhen | str]
    | Mapping[str, MixedWhen | str]
    | Mapping[Seat | str, MixedWhen | str]
)
"""``mixed``: seats (``Seat.WEST`` or ``"W"``) to when their rows were mixed."""


def case_from_record(
    record: Record,
    *,
    title: str | None = None,
    mixed: MixedRows | None = None,
    marks: bool = True,
    drop_marks: Iterable[Card | str] | None = None,
    flip_marks: Iterable[Card | str] | None = None,
    statements: Sequence[Mapping[str, Any]] | None = None,
    tricks: bool = False,
    claim: bool = False,
    claimer: Seat | str | None = None,
) -> dict[str, Any]:
    """The case dict of ``record``: board, deal, contract and the rows of its complete tricks.

    With ``tricks``, the complete tricks are agreed tricks instead of rows (and rows are added
    only when play stopped early without a claim, to say where it stopped); ``mixed`` and the
    marks options need rows. With ``claim``, the record's claim (when it has one and play
    stopped before trick 13) is the case's ``claim:``, made by ``claimer`` (a seat, default
    declarer). A claimed total the play before it cannot give raises CaseFileError.

    ``mixed`` maps a seat (``Seat.WEST`` or ``"W"``) to when its row was mixed
    (``before-agreement``, ``after-dispute``, ``after-agreement`` or a ``MixedWhen``);
    ``drop_marks`` and ``flip_marks`` name cards (``Card`` or ``"CA"``) of intact rows whose
    mark is left out or reversed; ``statements`` are copied, seats, sides and cards in them
    written as in a case file. Anything else in these raises ValueError naming it: a key of the
    wrong type must not be silently ignored. A record without a contract (passed out) cannot
    be a case: CaseFileError.
    """
    if record.contract is None or record.declarer is None:
        raise CaseFileError(
            record.source,
            record.label(),
            "no contract (passed out, or the record gives none): there is no play to rule on",
        )
    mixed_rows = _mixed_rows(mixed)
    dropped = _cards("drop_marks", drop_marks)
    flipped = _cards("flip_marks", flip_marks)
    said = _statements(statements)
    _check_options(record, mixed_rows, dropped, flipped)
    if tricks and (mixed_rows or dropped or flipped or not marks):
        raise ValueError("mixed, marks, drop_marks and flip_marks need rows (tricks=False)")
    claimed = claim_section(record, claimer, whole_position=not tricks) if claim else None
    case: dict[str, Any] = {"title": title or default_title(record)}
    if record.board is not None:
        case["board"] = record.board
    case["vulnerable"] = record.vulnerable
    case["deal"] = record.deal.to_pbn(Seat.NORTH)
    case["contract"] = str(record.contract)
    case["declarer"] = str(record.declarer)
    leader = record.opening_leader
    if leader is not None and leader is not record.declarer.lho:
        case["opening_leader"] = str(leader)
    options = _RowOptions(mixed_rows, marks, dropped, flipped)
    case["play"] = _play(record, tricks, claimed is not None, options)
    case["statements"] = said
    if claimed is not None:
        case["claim"] = claimed
    case["source"] = f"{Path(record.source).name}, {record.label()}"
    if record.notes:
        case["notes"] = "\n".join(note.rstrip(".") + "." for note in record.notes)
    return case


def default_title(record: Record) -> str:
    """A title naming the board, the contract and where the record came from."""
    board = f"Board {record.board}" if record.board is not None else f"Record {record.index + 1}"
    room = f" ({record.room} room)" if record.room else ""
    contract = f": {record.contract} by {record.declarer}" if record.contract is not None else ""
    event = f", {record.event}" if record.event else ""
    return f"{board}{room}{contract}{event}"


def case_yaml(case: dict[str, Any]) -> str:
    """The case as readable YAML, fields in the order of docs/case-format.md, rows one per line.

    >>> print(case_yaml({"title": "t", "contract": "4S", "play": {"rows": {"N": "SA+ S2-"}}}))
    title: t
    contract: 4S
    play:
      rows:
        N: SA+ S2-
    <BLANKLINE>
    """
    return yaml.dump(
        case,
        Dumper=_CaseDumper,
        sort_keys=False,
        default_flow_style=False,
        allow_unicode=True,
        width=100,
    )


_YAML_BREAKS = ("\x85", "\u2028", "\u2029")
"""Characters YAML reads as line breaks (NEL, the line and paragraph separators): written raw
in a quoted scalar, they come back as spaces, so a text holding one is written escaped."""


class _CaseDumper(yaml.SafeDumper):
    """The safe dumper, with a text holding a YAML line break written double-quoted, where it
    is escaped (``\\N``, ``\\L``, ``\\P``), so that the case reads back as it was saved."""


def _text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = '"' if any(mark in text for mark in _YAML_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_CaseDumper.add_representer(str, _text)


@dataclass(frozen=True)
class _RowOptions:
    """How the rows are written: which are mixed, and the marks of the intact ones."""

    mixed: dict[Seat, MixedWhen]
    marks: bool
    drop_marks: set[Card]
    flip_marks: set[Card]


def _play(record: Record, tricks: bool, claimed: bool, options: _RowOptions) -> dict[str, Any]:
    """``play``: rows, or agreed tricks (with rows too when play stopped early unclaimed)."""
    rows = _rows(record, options)
    play: dict[str, Any] = {}
    if not tricks and claimed and record.leads_out_of_turn:
        number = record.leads_out_of_turn[0][0]
        raise ValueError(
            f"dispute: the record marks a lead out of turn at trick {number} ('^L'), and an "
            "irregularity before a claim needs the tricks before it agreed; import it without "
            "--dispute"
        )
    if not tricks:
        play["rows"] = rows
    else:
        if not record.play_complete and not claimed and rows:
            play["rows"] = rows
        if record.tricks:
            play["tricks"] = {trick.number: _trick_text(trick) for trick in record.tricks}
    if record.leads_out_of_turn:
        play["irregularities"] = [
            {
                "lead_out_of_turn": {
                    "seat": str(seat),
                    "card": str(card),
                    "trick": number,
                    "response": "accepted",
                }
            }
            for number, seat, card in record.leads_out_of_turn
        ]
    return play


def _trick_text(trick: Trick) -> str:
    """An agreed trick as a case writes it: ``"W: DK D2 DA D4"``, the leader's card first."""
    return f"{trick.leader}: " + " ".join(str(card) for card in trick.cards)


def claim_section(
    record: Record, claimer: Seat | str | None = None, *, whole_position: bool = False
) -> dict[str, Any] | None:
    """The ``claim:`` of a record that ends in a claim, None when it does not.

    ``tricks`` counts, of the tricks left (the one in progress included), those the claimer's
    side takes by the record's claimed total. ``position`` gives the trick in progress when
    there is one (the rest follows from the agreed tricks); with ``whole_position`` (a case
    whose play is rows, not agreed tricks) it gives the hands, the leader and the tricks won.
    """
    if record.claimed_total is None or record.play_complete or record.declarer is None:
        return None
    by = _claimer(record.declarer, claimer)
    left = 13 - len(record.tricks)
    won = record.tricks_won(record.declarer.side)
    if not won <= record.claimed_total <= won + left:
        raise CaseFileError(
            record.source,
            record.label(),
            f"the claim gives declarer's side {record.claimed_total} tricks in all, but it had "
            f"won {won} of the first {len(record.tricks)} with {left} left "
            f"(expected {won} to {won + left})",
        )
    declarer_side = record.claimed_total - won
    claimed = declarer_side if by.side is record.declarer.side else left - declarer_side
    section: dict[str, Any] = {"by": str(by), "tricks": claimed}
    position: dict[str, Any] = {}
    if whole_position:
        position["hands"] = held_at_claim(record)
        position["leader"] = str(claim_leader(record))
    if record.partial_trick:
        position["current_trick"] = f"{record.partial_trick[0][0]}: " + " ".join(
            str(card) for _seat, card in record.partial_trick
        )
    if whole_position:
        position["won"] = {str(side): record.tricks_won(side) for side in Side}
    if position:
        section["position"] = position
    return section


def claim_leader(record: Record) -> Seat:
    """Who led the trick in progress at the claim, or is on lead (Law 44: the last winner)."""
    if record.partial_trick:
        return record.partial_trick[0][0]
    if record.tricks:
        return record.tricks[-1].winner(record.trump_suit_index)
    leader = record.opening_leader
    assert leader is not None, "a record with a claim has a declarer"
    return leader


def held_at_claim(record: Record) -> str:
    """The cards each player still held at the claim, as a PBN hands string from North."""
    gone = {card for trick in record.tricks for card in trick.cards}
    gone.update(card for _seat, card in record.partial_trick)
    hands = []
    for seat in SEATS:
        held = sorted(record.deal.hand(seat) - gone, key=suit_order_key)
        hands.append(
            ".".join(
                "".join(str(card)[1:] for card in held if card.suit_index == suit)
                for suit in range(4)
            )
        )
    return "N:" + " ".join(hands)


def _claimer(declarer: Seat, claimer: Seat | str | None) -> Seat:
    """The claiming seat: declarer by default; never dummy (he cannot claim)."""
    if claimer is None:
        return declarer
    seat = claimer if isinstance(claimer, Seat) else _seat_key(claimer, "claimer")
    if seat is declarer.partner:
        raise ValueError(
            f"claimer: {seat} is dummy (declarer is {declarer}); expected declarer or a defender"
        )
    return seat


def _rows(record: Record, options: _RowOptions) -> dict[str, Any]:
    """Each seat's row: intact (cards in trick order with marks) or mixed."""
    mixed = options.mixed
    if not record.tricks:
        return {}
    winners = record.winners()
    rows: dict[str, Any] = {}
    for seat in SEATS:
        cards = [trick.card_of(seat) for trick in record.tricks]
        if seat in mixed:
            listed = " ".join(str(card) for card in sorted(cards, key=suit_order_key))
            rows[str(seat)] = {"mixed": listed, "when": mixed[seat].value}
            continue
        tokens = []
        for card, winner in zip(cards, winners, strict=True):
            won = winner.side is seat.side
            tokens.append(str(card) + _mark(card, won, options))
        rows[str(seat)] = " ".join(tokens)
    return rows


def _mark(card: Card, won: bool, options: _RowOptions) -> str:
    """'+' for a trick the card's side won, '-' for one it lost (Law 65B), or '' if unknown."""
    if not options.marks or card in options.drop_marks:
        return ""
    if card in options.flip_marks:
        won = not won
    return "+" if won else "-"


def _mixed_rows(mixed: MixedRows | None) -> dict[Seat, MixedWhen]:
    """``mixed`` with each key read as a seat and each value as a MixedWhen; raises ValueError."""
    if mixed is None:
        return {}
    if not isinstance(mixed, Mapping):
        raise ValueError(
            f"mixed: got {mixed!r} (expected a mapping of seat to when, "
            "like {'W': 'after-dispute'})"
        )
    rows: dict[Seat, MixedWhen] = {}
    for key, when in mixed.items():
        seat = _seat_key(key, "mixed")
        if seat in rows:
            raise ValueError(f"mixed: {seat.full_name}'s row is given twice ({key!r})")
        rows[seat] = _when(seat, when)
    return rows


def _seat_key(key: object, name: str) -> Seat:
    """A key of ``mixed`` (or the ``claimer``): a Seat, or its letter in any case."""
    if isinstance(key, Seat):
        return key
    if isinstance(key, str) and key.strip().upper() in ("N", "E", "S", "W"):
        return Seat.parse(key)
    what = "key " if name == "mixed" else ""
    raise ValueError(f"{name}: {what}{key!r} is not a seat (expected 'N', 'E', 'S' or 'W')")


def _when(seat: Seat, when: object) -> MixedWhen:
    """A value of ``mixed``: a MixedWhen, or its value as a case file writes it."""
    if isinstance(when, MixedWhen):
        return when
    if isinstance(when, str) and when.strip().lower() in MIXED_WHEN:
        return MixedWhen(when.strip().lower())
    raise ValueError(f"mixed[{seat}] is {when!r} (expected one of {', '.join(MIXED_WHEN)})")


def _cards(name: str, cards: Iterable[Card | str] | None) -> set[Card]:
    """``drop_marks`` or ``flip_marks`` as a set of cards, each a Card or its name ("CA")."""
    if cards is None:
        return set()
    if isinstance(cards, str | Mapping) or not isinstance(cards, Iterable):
        raise ValueError(f"{name}: got {cards!r} (expected a set of cards, like {{'CA', 'H10'}})")
    given = [_card(name, card) for card in cards]
    twice = sorted({card for card in given if given.count(card) > 1})
    if twice:  # a card named twice is a slip, not a wish to turn it twice
        raise ValueError(f"{name}: {twice[0]} is given twice")
    return set(given)


def _card(name: str, card: object) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except ValueError:
            pass
    raise ValueError(f"{name}: {card!r} is not a card (expected a card name like 'CA' or 'H10')")


def _statements(statements: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """Copies of the statements, seats, sides and cards in them written as a case file does."""
    if statements is None:
        return []
    if isinstance(statements, str | Mapping) or not isinstance(statements, Sequence):
        raise ValueError(
            f"statements: got {statements!r} (expected a list of mappings, "
            "like [{'by': 'NS', 'declarer_tricks': 9}])"
        )
    copied: list[dict[str, Any]] = []
    for number, statement in enumerate(statements):
        if not isinstance(statement, Mapping):
            raise ValueError(
                f"statements[{number}]: got {statement!r} (expected a mapping, "
                "like {'by': 'NS', 'declarer_tricks': 9})"
            )
        copied.append({_as_written(key): _as_written(value) for key, value in statement.items()})
    return copied


def _as_written(value: Any) -> Any:
    """``value`` as a case file writes it: Seat.EAST as 'E', a Card as 'H2', through mappings."""
    if isinstance(value, Enum) and isinstance(value.value, str):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {_as_written(key): _as_written(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_as_written(item) for item in value]
    return value


def _check_options(
    record: Record, mixed: dict[Seat, MixedWhen], drop_marks: set[Card], flip_marks: set[Card]
) -> None:
    """Cards that the case cannot mark raise ValueError."""
    player = {trick.card_of(seat): seat for trick in record.tricks for seat in SEATS}
    both = sorted(drop_marks & flip_marks)
    if both:
        raise ValueError(
            f"flip_marks: {both[0]} has its mark dropped too (expected each card either pointed "
            "the wrong way or of a mark not known, not both)"
        )
    for name, chosen in (("drop_marks", drop_marks), ("flip_marks", flip_marks)):
        for card in sorted(chosen):
            holder = player.get(card)
            if holder is None:
                raise ValueError(f"{name}: {card} was not played to a complete trick of the record")
            if holder in mixed:
                raise ValueError(
                    f"{name}: {card} is in {holder}'s row, which is mixed (it has no marks)"
                )
