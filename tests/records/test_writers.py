"""The PBN and LIN writers against our readers: every real record, and random boards.

A board written and read back keeps its deal, contract, declarer, play (complete tricks and
the cards of an unfinished one), claim, result, board number, vulnerability, players and
room. Written in the other format, the result is what that format can say (LIN has no result
but the claim, or the tricks won in a complete play), and the dealer and event are checked
only in the same format (LIN's ``vg`` keeps an event up to its first comma).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.bridge import Contract, Seat, Side, Strain
from solver.errors import CaseFileError
from solver.records import lin, lin_write, pbn, pbn_write
from solver.records.record import Record
from tests.records import REAL_RECORDS, assert_legal_play, suite_records
from tests.strategies import examples, random_deal, random_play

REAL = suite_records(".pbn", ".lin")
READERS = {".pbn": pbn, ".lin": lin}
WRITERS = {"pbn": (pbn_write, pbn), "lin": (lin_write, lin)}


def kept(record: Record, same_format: bool) -> dict[str, Any]:
    """The fields a round trip keeps."""
    fields: dict[str, Any] = {
        "board": record.board,
        "deal": record.deal,
        "vulnerable": record.vulnerable,
        "contract": record.contract,
        "declarer": record.declarer,
        "tricks": record.tricks,
        "partial_trick": record.partial_trick,
        "claimed_total": record.claimed_total,
        "players": record.players,
        "room": record.room,
    }
    if same_format:
        fields.update(result=record.result, dealer=record.dealer, event=record.event)
    return fields


def test_every_real_record_file_is_here() -> None:
    assert len(REAL) == 44


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_real_records_round_trip(path: Path, fmt: str) -> None:
    """Every board of every real file parses, and writing it and reading it back keeps it."""
    reader = READERS[path.suffix]
    records = reader.load(path)  # raises on any board that does not parse
    assert records
    writer, back_reader = WRITERS[fmt]
    back = back_reader.loads(writer.dumps(records), f"written.{fmt}")
    assert len(back) == len(records)
    same = back_reader is reader
    for original, copy in zip(records, back, strict=True):
        assert kept(copy, same) == kept(original, same), original.label()
        if copy.declarer is not None:
            assert_legal_play(copy)


@st.composite
def random_records(draw: st.DrawFn) -> Record:
    """A random board: deal, contract, declarer, dealer, a random legal play of any length
    (an unfinished trick included) and, when play stopped early, perhaps a claimed total."""
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    deal = random_deal(rng)
    declarer = rng.choice(list(Seat))
    strain = rng.choice(list(Strain))
    contract = Contract(rng.randint(1, 7), strain, rng.randint(0, 2))
    cards = draw(st.integers(min_value=0, max_value=52))
    complete, extra = divmod(cards, 4)
    played = random_play(rng, deal, declarer.lho, strain.trump_suit_index, min(complete + 1, 13))
    tricks = tuple(played[:complete])
    partial: tuple[tuple[Seat, Any], ...] = ()
    if extra:
        last = played[complete]
        partial = tuple(
            (Seat.from_index(last.leader.index + i), last.cards[i]) for i in range(extra)
        )
    won = sum(1 for t in tricks if t.winner(strain.trump_suit_index).side is declarer.side)
    claimed: int | None = None
    if cards and complete < 13 and draw(st.booleans()):
        claimed = won + rng.randint(0, 13 - complete)
    result = claimed if claimed is not None else (won if complete == 13 else None)
    names = ["Ann", "Bob", "Cy", "Di"]
    return Record(
        source="random",
        index=0,
        board=draw(st.none() | st.integers(min_value=1, max_value=99)),
        event=draw(st.none() | st.sampled_from(["Club night", 'The "Cup"', "Pairs {A}"])),
        deal=deal,
        dealer=rng.choice(list(Seat)),
        vulnerable=rng.choice(("None", "NS", "EW", "All")),
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        partial_trick=partial,
        claimed_total=claimed,
        result=result,
        players=dict(zip(Seat, names, strict=True)) if draw(st.booleans()) else {},
        room=None,
    )


@examples(60)
@given(random_records(), st.sampled_from(["pbn", "lin"]))
def test_random_boards_round_trip(record: Record, fmt: str) -> None:
    writer, reader = WRITERS[fmt]
    comments = ["a {braced} comment | with a bar"]
    back = reader.loads(writer.dumps([record], [comments]), f"random.{fmt}")
    assert len(back) == 1
    assert kept(back[0], True) == kept(record, True)


def test_lin_auction_gives_contract_and_declarer_from_every_dealer() -> None:
    """The auction the LIN writer makes reaches the contract with the right declarer, doubled
    or not, whoever dealt (read back by the LIN reader, which finds declarer from the bids)."""
    rng = random.Random(7)
    deal = random_deal(rng)
    for dealer in Seat:
        for declarer in Seat:
            for doubling in (0, 1, 2):
                contract = Contract(3, Strain.NOTRUMP, doubling)
                record = Record("x", 0, 1, None, deal, dealer, "None", contract, declarer)
                back = lin.loads(lin_write.dumps([record]), "x.lin")[0]
                assert (back.contract, back.declarer, back.dealer) == (contract, declarer, dealer)


def test_passed_out_board_round_trips() -> None:
    deal = random_deal(random.Random(3))
    record = Record("x", 0, 4, None, deal, Seat.WEST, "All", None, None)
    for fmt in ("pbn", "lin"):
        writer, reader = WRITERS[fmt]
        back = reader.loads(writer.dumps([record]), f"x.{fmt}")[0]
        assert (back.contract, back.declarer, back.vulnerable) == (None, None, "All")


def test_pbn_game_layout() -> None:
    """The play section is in columns from the opening leader; '-' fills an unfinished trick."""
    path = REAL_RECORDS / "forrestrice_bridge-bots/sample.pbn"
    record = pbn.load(path)[0]
    text = pbn_write.game(record)
    assert text.count("\n[Play ") == 1 and text.rstrip().endswith("*")
    leader = record.opening_leader
    assert leader is not None
    assert f'[Play "{leader}"]' in text
    assert record.partial_trick and "-" in text.split("[Play")[1]
    assert record.declarer is not None
    won = record.tricks_won(Side.NS if record.declarer.side is Side.NS else Side.EW)
    assert record.claimed_total is not None and record.claimed_total >= won


@examples(80)
@given(random_records(), st.sampled_from(["pbn", "lin"]), st.data())
def test_a_damaged_record_is_read_or_refused_with_file_and_line(
    record: Record, fmt: str, data: st.DataObject
) -> None:
    """A written board with one token replaced by a wrong one (a card that is not a card, a
    card of another hand, a stray word) is read, or refused with a CaseFileError naming the
    file, where (LIN: the line; PBN: the line, or the game and its tag) and what is wrong;
    never another exception."""
    writer, reader = WRITERS[fmt]
    text = writer.dumps([record])
    separators = re.compile(r"[|\s\[\]\"]+") if fmt == "lin" else re.compile(r"[\s\[\]\"]+")
    tokens = [m for m in separators.finditer(text)]
    cut = data.draw(st.integers(min_value=0, max_value=len(tokens) - 1))
    start = tokens[cut].end()
    end = tokens[cut + 1].start() if cut + 1 < len(tokens) else len(text)
    junk = data.draw(st.sampled_from(["S1", "ZZ", "H", "99", "-", "*", "X", "7N", "SA"]))
    damaged = text[:start] + junk + text[end:]
    try:
        reader.loads(damaged, f"damaged.{fmt}")
    except CaseFileError as error:
        assert error.path == f"damaged.{fmt}"
        assert error.message, error
        where = r"line \d+" if fmt == "lin" else r"line \d+|game \d+ \(board \d+\) \[\w+\]|game \d+"
        assert re.search(where, error.location), error
