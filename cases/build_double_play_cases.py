"""Build the Law 67B2 cases (cases/defective-two-cards-*.yaml) from real records.

Usage (from the repository root):

    .venv/bin/python cases/build_double_play_cases.py [REAL_RECORDS_DIR]

A real board's play has no defective trick. To make one, a defender ``P`` drops a second card
``Y`` with the card he really played to trick ``t``; he runs out a trick early, so his row
holds 13 cards and the others 12, and trick 13 is played once ``Y`` is back in his hand.

* ``defective-two-cards-to-one-trick``: ``Y`` is his real trick-13 card, so tricks 1-12 are
  played as they were, and trick 13 too.
* ``defective-two-cards-deemed-revoke``: ``Y`` is the card he really played to a later trick
  ``j`` of ``Y``'s suit, his last card of it; at ``j`` he now discards his real trick-13 card
  (no trump), so every trick keeps its winner up to 12. Law 67B2 deems ``Y`` held at ``j``: a
  revoke.

The builder computes the expectations itself, without the solver's engines or laws: it tries
the pair at every place in the long row, keeps the plays that obey Law 44 and fit every mark
(each trick's winner as the cards are pointed), and reads Laws 67B2 and 64 on each. The cases'
notes say what was done.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

from build_real_cases import records_root, write_all  # type: ignore[import-not-found]
from build_revoke_cases import records  # type: ignore[import-not-found]

from solver.bridge import Card, Seat, result_notation
from solver.records.record import Record
from solver.records.to_case import case_from_record


@dataclasses.dataclass(frozen=True)
class Built:
    """A real board with a double play made, as the case file will show it."""

    relative: str
    record: Record
    seat: Seat
    trick: int
    """1-based trick of the double play."""
    row: list[Card]
    """His 13 quitted cards in order."""
    marks: list[bool]
    """Per row card: did his side win the trick it was quitted to."""
    others: dict[Seat, list[Card]]
    """The others' cards, tricks 1 to 13 (the 13th is not in their rows)."""


@dataclasses.dataclass(frozen=True)
class Reading:
    """One place of the pair in his row that gives a legal play fitting every mark."""

    trick: int
    left: Card
    restored: Card
    in_play: int
    deemed: tuple[tuple[int, bool, bool, int], ...]
    """Per deemed revoke: (1-based trick, he won it, his side won it, his side's later tricks)."""


def trump_of(rec: Record) -> int | None:
    assert rec.contract is not None
    return rec.contract.strain.trump_suit_index


def beats(card: Card, best: Card, trump: int | None) -> bool:
    if card.suit_index == best.suit_index:
        return card.rank > best.rank
    return card.suit_index == trump


def left_in_trick(
    pair: tuple[Card, Card], led: int, held: set[Card], trump: int | None
) -> Card | None:
    """Law 67B2: the highest card he could legally have played of the two."""
    if any(c.suit_index == led for c in held):
        following = [c for c in pair if c.suit_index == led]
        return max(following, key=lambda c: c.rank) if following else None
    return max(pair, key=lambda c: (c.suit_index == trump, c.rank, -c.suit_index))


def read(built: Built) -> list[Reading]:
    """Every place of the pair that gives a legal play fitting every mark."""
    out = []
    for place in range(12):
        reading = _read_at(built, place)
        if reading is not None:
            out.append(reading)
    return out


def winner_of(plays: dict[Seat, Card], leader: Seat, trump: int | None) -> Seat:
    best = leader
    for offset in range(1, 4):
        seat = Seat.from_index(leader.index + offset)
        if beats(plays[seat], plays[best], trump):
            best = seat
    return best


def follows(plays: dict[Seat, Card], leader: Seat, held: dict[Seat, set[Card]]) -> bool:
    """Law 44C for every card of a trick (``held``: the hands before it)."""
    led = plays[leader].suit_index
    return all(
        s == leader or card.suit_index == led or not any(c.suit_index == led for c in held[s])
        for s, card in plays.items()
    )


def _read_at(built: Built, place: int) -> Reading | None:
    """The play with the pair at trick ``place`` (0-based), if legal and fitting every mark."""
    rec, seat, row = built.record, built.seat, built.row
    trump = trump_of(rec)
    assert rec.declarer is not None
    held = {s: set(rec.deal.hand(s)) for s in Seat}
    leader = rec.tricks[0].leader
    winners: list[Seat] = []
    pair = (row[place], row[place + 1])
    left: Card | None = None
    discards: list[int] = []
    for index in range(12):
        plays: dict[Seat, Card] = {s: built.others[s][index] for s in Seat if s != seat}
        position = index if index <= place else index + 1
        plays[seat] = row[position]
        marks = built.marks[position : position + (2 if index == place else 1)]
        if index == place:
            if leader == seat:
                return None
            left = left_in_trick(pair, plays[leader].suit_index, held[seat], trump)
            if left is None:
                return None
            plays[seat] = left
        if not follows(plays, leader, held):
            return None
        led = plays[leader].suit_index
        surplus_suit = pair_restored(pair, left).suit_index
        if index > place and seat != leader and surplus_suit == led != plays[seat].suit_index:
            discards.append(index)
        for s in Seat:
            held[s].discard(plays[s])
        held[seat] -= set(pair) if index == place else set()
        best = winner_of(plays, leader, trump)
        real = rec.tricks[index].winner(trump)
        if any((best.side == s.side) != (real.side == s.side) for s in Seat if s != seat):
            return None
        if any((best.side == seat.side) != m for m in marks):
            return None
        winners.append(best)
        leader = best
    if left is None:
        return None
    restored = pair_restored(pair, left)
    last = {s: built.others[s][12] for s in Seat if s != seat} | {seat: restored}
    winners.append(winner_of(last, leader, trump))
    in_play = sum(1 for w in winners if w.side == rec.declarer.side)
    deemed = tuple(
        (
            i + 1,
            winners[i] == seat,
            winners[i].side == seat.side,
            sum(1 for w in winners[i + 1 :] if w.side == seat.side),
        )
        for i in discards
    )
    return Reading(place + 1, left, restored, in_play, deemed)


def pair_restored(pair: tuple[Card, Card], left: Card | None) -> Card:
    """The pair's card that goes back to his hand."""
    return pair[1] if left == pair[0] else pair[0]


def law64(reading: Reading) -> tuple[int, list[str]]:
    """Tricks transferred to declarer's side and each deemed revoke as 'TRICK LAW N' (only
    the first revoke in the suit transfers, 64B2; none on trick 12, 64B6)."""
    total = 0
    findings = []
    for number, (trick, he_won, side_won, later) in enumerate(reading.deemed):
        if number:
            law, transfer = "64B2", 0
        elif trick == 12:
            law, transfer = "64B6", 0
        elif he_won:
            law, transfer = "64A1", 1 + (1 if later else 0)
        elif side_won or later:
            law, transfer = "64A2", 1
        else:
            law, transfer = "64B1", 0
        total += transfer
        findings.append((trick, law, transfer))
    return total, [f"{t} {law} {n}" for t, law, n in findings]


def make(root: Path, deemed: bool) -> Built:
    """The first real board (fixed order) that takes the wanted double play."""
    for relative, rec in records(root):
        trump = trump_of(rec)
        assert rec.declarer is not None
        for seat in (rec.declarer.lho, rec.declarer.rho):
            built = _try(relative, rec, seat, trump, deemed)
            if built is not None:
                return built
    raise SystemExit("no board found")


def _try(relative: str, rec: Record, seat: Seat, trump: int | None, deemed: bool) -> Built | None:
    his = [t.card_of(seat) for t in rec.tricks]
    for t in range(5, 10):
        trick = rec.tricks[t - 1]
        if trick.leader == seat:
            continue
        if not deemed:
            extra_at, instead = 13, None
        else:
            extra_at = _later_last_of_suit(rec, seat, t, his)
            if extra_at is None or his[12].suit_index in (trump, his[extra_at - 1].suit_index):
                continue
            instead = his[12]
        extra = his[extra_at - 1]
        before = set(rec.deal.hand(seat)) - set(his[: t - 1])
        if (
            left_in_trick((his[t - 1], extra), trick.cards[0].suit_index, before, trump)
            != his[t - 1]
        ):
            continue
        cards = list(his)
        if instead is not None:
            cards[extra_at - 1] = instead
        row = [*cards[:t], extra, *cards[t:12]]
        winners = [x.winner(trump) for x in rec.tricks]
        marks_of_tricks = [w.side == seat.side for w in winners]
        marks = [*marks_of_tricks[:t], marks_of_tricks[t - 1], *marks_of_tricks[t:12]]
        others = {s: [x.card_of(s) for x in rec.tricks] for s in Seat if s != seat}
        built = Built(relative, rec, seat, t, row, marks, others)
        readings = read(built)
        if not any(r.trick == t for r in readings):
            continue
        if not deemed or all(r.deemed and law64(r)[0] for r in readings):
            return built
    return None


def _later_last_of_suit(rec: Record, seat: Seat, t: int, his: list[Card]) -> int | None:
    """A trick j after t, before 12, where he followed with his last card of the suit led and
    did not win, and no trick between t and j was led in that suit."""
    trump = trump_of(rec)
    for j in range(t + 1, 12):
        trick = rec.tricks[j - 1]
        card = his[j - 1]
        led = trick.cards[0].suit_index
        if trick.leader == seat or card.suit_index != led or trick.winner(trump) == seat:
            continue
        if any(c.suit_index == led for c in his[j:]):
            continue
        if any(rec.tricks[i].cards[0].suit_index == led for i in range(t, j - 1)):
            continue
        return j
    return None


def case_of(built: Built, title: str) -> dict[str, Any]:
    rec = built.record
    cut = dataclasses.replace(rec, tricks=rec.tricks[:12], claimed_total=None)
    case = case_from_record(cut, title=title)
    tokens = [f"{c}{'+' if m else '-'}" for c, m in zip(built.row, built.marks, strict=True)]
    case["play"]["rows"][str(built.seat)] = " ".join(tokens)
    return case


def expect_of(built: Built, readings: list[Reading]) -> dict[str, Any]:
    rec = built.record
    assert rec.declarer is not None and rec.contract is not None
    groups = []
    for r in readings:
        transfer, revokes = law64(r)
        groups.append(
            {
                "declarer_tricks": r.in_play,
                "final_declarer_tricks": r.in_play + transfer,
                "histories": 1,
                "revokes": [f"{built.seat} {line}" for line in revokes],
            }
        )
    finals = sorted({g["final_declarer_tricks"] for g in groups})
    assert len(finals) == 1, groups
    outcomes: dict[int, int] = {}
    for g in groups:
        outcomes[g["declarer_tricks"]] = outcomes.get(g["declarer_tricks"], 0) + 1
    citations = ["67B2"]
    for g in groups:
        for line in g["revokes"]:
            for law in ("63A1", line.split()[2]):
                if law not in citations:
                    citations.append(law)
    return {
        "status": "decided",
        "declarer_tricks": finals[0],
        "result": result_notation(rec.contract, finals[0]),
        "count": len(groups),
        "outcomes": dict(sorted(outcomes.items())),
        "min_cost": {"cards": 0, "statements": 0},
        "citations": [*citations, "79B"],
        "groups": groups,
    }


def two_cards(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    built = make(root, deemed=False)
    readings = read(built)
    name, t = built.seat.full_name, built.trick
    extra = built.row[t]
    case = case_of(built, f"{name} played two cards to trick {t} (Law 67B2)")
    places = " or ".join(f"trick {r.trick}" for r in readings)
    notes = f"""
        The real play, except that {name} dropped {extra}, his trick-13 card, on trick {t}
        together with {built.row[t - 1]}: his row holds 13 cards, the others 12. Every row is
        intact and pointed as the tricks went ({extra} with trick {t}). The pair fits the row
        at {places}. At trick {t} {built.row[t - 1]} is the card he could legally have played
        (67B2: the highest legal card stays when nobody can tell which was faced), so the
        trick is won as it was; {extra} goes back to his hand and is played to trick 13.
        No later trick asked for {extra}'s suit while he was out of it: no revoke.
        """
    source = f"real record {built.relative}, board {built.record.board} (a double play made)"
    return case, source, notes, expect_of(built, readings)


def deemed_revoke(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    built = make(root, deemed=True)
    readings = read(built)
    name, t = built.seat.full_name, built.trick
    extra = built.row[t]
    first = readings[0].deemed[0][0]
    case = case_of(built, f"{name} dropped {extra} on trick {t}; deemed held at trick {first}")
    transfer, lines = law64(readings[0])
    notes = f"""
        The real play, except that {name} dropped {extra} on trick {t} together with
        {built.row[t - 1]}. {extra} is the card he really played to trick {first}, his last of
        its suit; with it gone he discarded his real trick-13 card there, which does not win
        it, so every trick keeps its winner. His row holds 13 cards, the others 12; every row
        is intact and pointed as the tricks went. 67B2: {built.row[t - 1]} stays in trick {t}
        and {extra} goes back to his hand; it counts as held all along, so not playing it to
        trick {first} is a revoke, established (63A1). Law 64: {"; ".join(lines)} (trick, law,
        tricks transferred): {transfer} trick(s) to declarer's side.
        """
    source = f"real record {built.relative}, board {built.record.board} (a double play made)"
    return case, source, notes, expect_of(built, readings)


def main(argv: list[str]) -> int:
    root = records_root(argv)
    if root is None:
        return 2
    write_all(
        {
            "defective-two-cards-to-one-trick": two_cards(root),
            "defective-two-cards-deemed-revoke": deemed_revoke(root),
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
