"""The boards an audit looks at: every claim in every record file under the paths given.

Files are read one at a time and their claims handed on as they are found, so that an archive
of any size is never held in memory whole. A file or a board that cannot be read, and a claim
whose total cannot be reached, become ``Unreadable`` items: the audit lists them with the
reason, it never drops them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from solver.bridge import Contract, Deal, Seat
from solver.errors import CaseFileError, input_file_problem
from solver.facts import Claim
from solver.records import lin, pbn
from solver.records.record import Record
from solver.records.stopped import ClaimOutOfRange, as_claimed_by, claim_at_stop

READERS = {".lin": lin, ".pbn": pbn}
"""Record readers by file suffix (lower case)."""


@dataclass(frozen=True, slots=True)
class BoardKey:
    """Which board of which file: what a resumed audit recognises as done."""

    source: str
    record: int
    """The board's place in its file, from 1 (a LIN file's boards, a PBN file's games); 0 for
    what the reader could not place in a board (then ``part`` says where it was)."""
    part: str = ""


@dataclass(frozen=True, slots=True)
class ClaimTask:
    """One claim to audit, with all it needs: small and picklable, so that it travels to a worker
    process or to a Dask worker on another machine without the file."""

    key: BoardKey
    board: int | None
    room: str | None
    deal: Deal
    contract: Contract
    declarer: Seat
    vulnerable: str
    claim: Claim
    """Declarer's claim: the audit's reading of a record, which does not say who claimed."""
    claimed_total: int
    defenders_claims: tuple[Claim, ...] = ()
    """The same claim read as each defender's, the one to play next first (``ruling audit
    --claimer either``); none when declarer's total leaves the defence no trick to claim."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file, a board or a claim the audit could not take up, and why."""

    key: BoardKey
    reason: str
    board: int | None = None
    room: str | None = None


def record_files(paths: Iterable[str | Path]) -> Iterator[Path | Unreadable]:
    """Every PBN and LIN file under ``paths`` (a folder is searched recursively, in name
    order); a path that does not exist, a file given by name that is neither, or a folder
    holding neither, is Unreadable. In a folder, whatever is named as a record and is no
    folder is kept, though it be a link to nothing, a pipe or a device: ``claims_in_file``
    says why it cannot be read, rather than the audit passing over it in silence."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = [
                inside
                for inside in sorted(path.rglob("*"))
                if inside.suffix.lower() in READERS and not inside.is_dir()
            ]
            if not found:  # an audit of nothing would read as one with nothing to report
                yield Unreadable(BoardKey(str(path), 0), "no .pbn or .lin file in this folder")
            yield from found
        elif path.is_file() and path.suffix.lower() in READERS:
            yield path
        elif path.exists():
            yield Unreadable(BoardKey(str(path), 0), "not a record file (expected .pbn or .lin)")
        else:
            yield Unreadable(BoardKey(str(path), 0), "no such file or folder")


def claims_in(paths: Iterable[str | Path]) -> Iterator[ClaimTask | Unreadable]:
    """The claims of every record file under ``paths``, file by file, board by board."""
    for item in record_files(paths):
        if isinstance(item, Unreadable):
            yield item
        else:
            yield from claims_in_file(item)


def claims_in_file(path: Path) -> Iterator[ClaimTask | Unreadable]:
    """The claims of one record file, and what in it could not be read: a file with no board
    at all is unreadable, as ``ruling import`` refuses it (an audit that went through it
    silently would read as one of a file with no claim)."""
    source = str(path)
    problem = input_file_problem(path)  # as the command line checks the files it is given
    if problem is not None:
        yield Unreadable(BoardKey(source, 0), problem)
        return
    errors: list[CaseFileError] = []
    try:
        records = READERS[path.suffix.lower()].load(path, errors=errors)
    except CaseFileError as error:
        yield Unreadable(BoardKey(source, 0), _reason(error, source))
        return
    if not records and not errors:
        kind = path.suffix[1:].upper()
        yield Unreadable(
            BoardKey(source, 0),
            f"no board in this {kind} file (expected a deal: PBN [Deal] or LIN md|)",
        )
        return
    for skipped in errors:
        # The place goes in the key (and the row's reason puts it in front of the message);
        # the board's place in the file and its number in the row's columns, as a claim's.
        key = BoardKey(source, skipped.record or 0, skipped.location)
        yield Unreadable(key, skipped.message, skipped.board)
    for record in records:
        item = _claim_task(record, source)
        if item is not None:
            yield item


def _claim_task(record: Record, source: str) -> ClaimTask | Unreadable | None:
    key = BoardKey(source, record.index + 1)
    try:
        claim = claim_at_stop(record)
    except ClaimOutOfRange as error:
        return Unreadable(key, str(error), record.board, record.room)
    if claim is None:
        return None
    assert record.contract is not None and record.declarer is not None
    assert record.claimed_total is not None
    defenders: tuple[Claim, ...] = ()
    if claim.conceded:
        position = claim.position
        next_to_play = Seat.from_index(position.leader.index + len(position.current_trick))
        first = next_to_play if next_to_play.side is not claim.side else next_to_play.lho
        defenders = tuple(as_claimed_by(record, claim, seat) for seat in (first, first.partner))
    return ClaimTask(
        key,
        record.board,
        record.room,
        record.deal,
        record.contract,
        record.declarer,
        record.vulnerable,
        claim,
        record.claimed_total,
        defenders,
    )


def _reason(error: CaseFileError, source: str) -> str:
    """The reader's message without the file name the row already gives."""
    text = str(error)
    return text[len(source) + 2 :] if text.startswith(source + ": ") else text
