"""Tests of the PBN and LIN readers and of the record-to-case converter.

Shared here: where the real records live, and a Law 44 check of a record's play written
independently of ``solver.records.record.PlayRecorder``.
"""

from __future__ import annotations

import urllib.parse
from pathlib import Path

from solver.bridge import Card, Seat
from solver.records.record import Record

REAL_RECORDS = Path(__file__).resolve().parents[2] / "data" / "real-records"
"""The real records kept in the repository for testing (origin and licence: SOURCES.md there)."""

SUITE_SOURCES = (
    "Rick-Wilson_Bridge-Game-Analysis",
    "Rick-Wilson_EDGAR-Defense-Toolkit",
    "forrestrice_bridge-bots",
    "lorserker_ben_Boards_BBO",
)
"""The folders of ``REAL_RECORDS`` whose every file the slower tests read (imports of each claim,
export round trips, the seeded stress disputes). Folders added later only for the claim
benchmarks (``benchmarks/claims_upheld.py``) are left out, so that they neither lengthen the
suite nor move the seeded choices of the stress tests."""


def suite_records(*suffixes: str) -> list[Path]:
    """The record files with one of ``suffixes`` in the ``SUITE_SOURCES`` folders, sorted."""
    return sorted(
        path
        for path in REAL_RECORDS.rglob("*")
        if path.suffix in suffixes and path.relative_to(REAL_RECORDS).parts[0] in SUITE_SOURCES
    )


def real_file(relative: str) -> Path:
    """A real record file of the repository's collection."""
    path = REAL_RECORDS / relative
    assert path.is_file(), f"expected real record {path}"
    return path


def real_files(pattern: str) -> list[Path]:
    """The real record files matching a glob (at least one: a pattern matching none is a typo)."""
    found = sorted(REAL_RECORDS.glob(pattern))
    assert found, f"no real record matches {pattern!r} in {REAL_RECORDS}"
    return found


def assert_legal_play(record: Record) -> None:
    """Law 44, checked from scratch: turn, holding, following suit, winner leads next."""
    assert record.declarer is not None
    held = {seat: set(record.deal.hand(seat)) for seat in Seat}
    leader = record.declarer.lho
    trump = record.trump_suit_index
    for number, trick in enumerate(record.tricks, start=1):
        assert trick.number == number
        assert trick.leader is leader, f"{record.label()} trick {number}: wrong leader"
        plays = [(Seat.from_index(leader.index + i), card) for i, card in enumerate(trick.cards)]
        _assert_plays(held, plays, record, number)
        leader = _winner(plays, trump)
    if record.partial_trick:
        assert record.partial_trick[0][0] is leader
        for offset, (seat, _) in enumerate(record.partial_trick):
            assert seat is Seat.from_index(leader.index + offset)
        _assert_plays(held, list(record.partial_trick), record, len(record.tricks) + 1)


def _assert_plays(
    held: dict[Seat, set[Card]], plays: list[tuple[Seat, Card]], record: Record, number: int
) -> None:
    led_suit = plays[0][1].suit_index
    for seat, card in plays:
        where = f"{record.source} {record.label()} trick {number}: {seat} {card}"
        assert card in held[seat], f"{where} not held"
        if card.suit_index != led_suit:
            assert all(c.suit_index != led_suit for c in held[seat]), f"{where} revokes"
        held[seat].remove(card)


def _winner(plays: list[tuple[Seat, Card]], trump: int | None) -> Seat:
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit_index == best.suit_index:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit_index == trump:
            best_seat, best = seat, card
    return best_seat


def handviewer_link(board: int = 2) -> str:
    """A BBO hand-viewer link to one board of a real LIN hand record (one board a line), as
    an online TD gets one."""
    record = real_file("Rick-Wilson_EDGAR-Defense-Toolkit/kemistry-boards-2026-01-14.lin")
    lin = record.read_text(encoding="utf-8").splitlines()[board - 1].strip()
    return "https://www.bridgebase.com/tools/handviewer.html?lin=" + urllib.parse.quote(lin)
