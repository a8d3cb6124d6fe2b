"""From a case back to a record of play (PBN or LIN), with the ruling when there is one.

A record holds a played board: the deal, the contract, the play in order and the result. A
case holds what is known of it, and a dispute. :func:`record_from_case` keeps what a record
can say for sure: the deal, the contract and declarer, the vulnerability, the board number,
and the agreed tricks from trick 1 on, in order, as long as each follows from the one before
(Law 44: the winner leads next), then the trick play stopped in when the case gives its
cards; a claim made just after them (its trick in progress and the total it claims).
Everything else (rows of quitted cards, statements, agreed tricks after a gap, a claim made
after tricks that are not agreed) is in dispute or not known: it is not written as play, and
each such fact is named in a sentence that the writers put in a comment.

With a ruling (:class:`RulingNote`), the ruling goes in a comment and the adjusted result, the
ruled total of declarer's side, in PBN's ``[Result]`` (LIN: ``mc``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from solver.bridge import Seat, Trick
from solver.bridge.seats import SEATS
from solver.errors import CaseFileError
from solver.facts import Case
from solver.facts.irregularity import LeadOutOfTurn
from solver.records import lin_write, pbn_write
from solver.records.record import PlayError, PlayRecorder, Record, Vulnerability

RecordFormat = Literal["pbn", "lin"]


@dataclass(frozen=True)
class RulingNote:
    """What a record says of a ruling: its status, the ruled total and its reasons."""

    status: str
    """decided, undetermined or impossible."""
    declarer_tricks: int | None
    """The ruled total of declarer's side (the adjusted result), None unless decided."""
    result: str | None
    """Like 4S-1; None when play stopped early or the ruling is not decided."""
    reasons: tuple[str, ...] = ()
    """Each reason as the report writes it: "Law 79B: ..."."""
    tool: str = ""
    """The tool and version that ruled ("ruling 0.1.0")."""

    def sentences(self) -> list[str]:
        """The ruling as comment lines."""
        by = f" ({self.tool})" if self.tool else ""
        if self.declarer_tricks is None:
            head = f"Ruling{by}: {self.status}, no total ruled"
        else:
            result = f", {self.result}" if self.result else ""
            head = (
                f"Ruling{by}: {self.status}, declarer's side credited with "
                f"{self.declarer_tricks} tricks{result}"
            )
        return [head, *self.reasons]


def board_dealer(board: int | None) -> Seat | None:
    """The dealer of a board by the usual rotation (board 1 North, 2 East, ...)."""
    return None if board is None else Seat.from_index((board - 1) % 4)


def record_from_case(case: Case) -> tuple[Record, list[str]]:
    """The record of what ``case`` establishes, and a sentence for its claim and for each fact
    it leaves out ("Not in the play: ...")."""
    if not case.deal_given:
        raise CaseFileError(
            case.source,
            "deal",
            "the case gives only the ending (claim.position.hands); a record needs the whole "
            "deal (expected a case with deal:)",
        )
    left_out: list[str] = []
    leads = accepted_leads(case)
    recorder = _agreed_play(case, leads, left_out)
    _in_progress(case, recorder, left_out)
    claimed = _claim(case, recorder, left_out)
    tricks = tuple(recorder.tricks)
    written = [
        lead
        for lead in leads.values()
        if lead.trick <= len(tricks) and tricks[lead.trick - 1].leader is lead.seat
    ]
    _disputed(case, recorder, left_out, written)
    result: int | None = None
    if len(tricks) == 13:
        trump = recorder.trump_suit_index
        result = sum(1 for t in tricks if t.winner(trump).side is case.declaring_side)
    record = Record(
        source=case.source,
        index=0,
        board=case.board,
        event=case.title,
        deal=case.deal,
        dealer=board_dealer(case.board),
        vulnerable=_vulnerable(case.vulnerable),
        contract=case.contract,
        declarer=case.declarer,
        tricks=tricks,
        partial_trick=tuple(recorder.current),
        claimed_total=claimed,
        result=claimed if claimed is not None else result,
        leads_out_of_turn=tuple((lead.trick, lead.seat, lead.card) for lead in written),
    )
    return record, left_out


def _vulnerable(text: str) -> Vulnerability:
    for value in ("None", "NS", "EW", "All"):
        if text == value:
            return value
    raise ValueError(f"vulnerable {text!r} (expected None, NS, EW or All)")  # pragma: no cover


def accepted_leads(case: Case) -> dict[int, LeadOutOfTurn]:
    """The agreed leads out of turn accepted after trick 1, by trick: a PBN record marks such
    a trick's lead ``^L`` (PBN 2.1 3.9) and plays it from the offender."""
    return {
        lead.trick: lead
        for lead in case.irregularities
        if isinstance(lead, LeadOutOfTurn)
        and lead.by is None
        and lead.response == "accepted"
        and lead.trick > 1
    }


def _agreed_play(case: Case, leads: dict[int, LeadOutOfTurn], left_out: list[str]) -> PlayRecorder:
    """The agreed tricks from trick 1, in order, while each is led by the last winner or by
    the offender of a lead out of turn accepted there (``leads``, ``accepted_leads``)."""
    recorder = PlayRecorder(case.deal, case.contract.strain.trump_suit_index, case.opening_leader)
    agreed = {trick.number: trick for trick in case.agreed_tricks}
    number = 1
    while number in agreed:
        trick = agreed[number]
        lead = leads.get(number)
        if lead is not None and (trick.leader, trick.cards[0]) == (lead.seat, lead.card):
            recorder.lead_out_of_turn(lead.seat)
        if trick.leader is not recorder.leader:
            left_out.append(
                f"Not in the play: agreed trick {number}, led by {trick.leader}, but "
                f"{recorder.leader} won the trick before it (Law 44G)"
            )
            break
        try:
            for card in trick.cards:
                recorder.play(card)
        except PlayError as error:
            left_out.append(f"Not in the play: agreed {error}")
            recorder = _replayed(case, recorder.tricks)
            break
        number += 1
    later = sorted(n for n in agreed if n > len(recorder.tricks))
    if later and len(recorder.tricks) + 1 not in agreed:
        left_out.append(
            "Not in the play: agreed trick"
            + ("s " if len(later) > 1 else " ")
            + ", ".join(str(n) for n in later)
            + f" (trick {len(recorder.tricks) + 1} is not known)"
        )
    return recorder


def _in_progress(case: Case, recorder: PlayRecorder, left_out: list[str]) -> None:
    """The trick play stopped in, when the case gives it and every trick before it is in the
    play: its cards, led by the winner of the last (a case may leave that to the histories,
    when the last trick is not agreed: then it is only named)."""
    current = case.trick_in_progress
    if current is None:
        return
    if len(recorder.tricks) != current.number - 1 or recorder.leader is not current.leader:
        left_out.append(
            f"Not in the play: {current.describe()} (the tricks before it are not all agreed)"
        )
        return
    for card in current.cards:
        recorder.play(card)  # the case reader checked the trick: each card follows suit


def _replayed(case: Case, tricks: list[Trick]) -> PlayRecorder:
    """A recorder holding ``tricks`` (already checked) and nothing of the trick after them."""
    recorder = PlayRecorder(case.deal, case.contract.strain.trump_suit_index, case.opening_leader)
    for trick in tricks:
        for card in trick.cards:
            recorder.play(card)
    return recorder


def _claim(case: Case, recorder: PlayRecorder, left_out: list[str]) -> int | None:
    """Declarer's side's total by the claim, when it was made just after the agreed tricks."""
    claim = case.claim
    if claim is None:
        return None
    position = claim.position
    declarer_side = case.declaring_side
    won = position.won_by(declarer_side)
    left = position.tricks_left
    ours = claim.tricks if claim.by.side is declarer_side else left - claim.tricks
    total = won + ours
    text = (
        f"claim by {claim.by} with {left} tricks left, {claim.tricks} of them for the claimer's "
        f"side: declarer's side {total} in all"
    )
    if claim.said:
        text += f"; said: {claim.said}"
    steps = "; ".join(step.text for step in claim.statement)
    if steps:
        text += f"; statement: {steps}"
    if len(recorder.tricks) != 13 - left:
        left_out.append(f"Not in the play: {text} (the tricks before it are not all agreed)")
        return None
    try:
        for card in position.current_trick:
            recorder.play(card)
    except PlayError as error:  # pragma: no cover - the case loader checked the trick
        left_out.append(f"Not in the play: {text} (the trick in progress: {error})")
        return None
    left_out.append(f"Claim: {text}")
    return total


def _disputed(
    case: Case, recorder: PlayRecorder, left_out: list[str], written: list[LeadOutOfTurn]
) -> None:
    """Sentences for the facts of the dispute that a record cannot hold as play (``written``:
    the leads out of turn the play holds, PBN's ``^L``)."""
    if case.rows:
        seats = " ".join(str(seat) for seat in SEATS if seat in case.rows)
        left_out.append(
            f"Not in the play: the quitted cards (play.rows of {seats}, "
            f"{case.tricks_played} tricks), which are in dispute"
        )
    if case.statements:
        count = len(case.statements)
        left_out.append(
            f"Not in the play: the {count} statement{'s' * (count != 1)} of the dispute"
        )
    if case.unplayed or case.surplus is not None:
        left_out.append("Not in the play: the defective trick alleged (Law 67)")
    for irregularity in case.irregularities:  # a record has no place for most (Laws 45-60)
        if irregularity in written:
            continue  # in the play: PBN marks it ^L (LIN names it when it cuts the play there)
        whose = "agreed" if irregularity.by is None else f"{irregularity.by}'s account"
        left_out.append(f"Not in the play: {irregularity.describe()} ({whose})")
    known = len(recorder.tricks)
    if known < case.tricks_played and case.claim is None:
        left_out.append(f"Not in the play: tricks {known + 1} to {case.tricks_played}, not known")


def export_case(case: Case, fmt: RecordFormat, ruling: RulingNote | None = None) -> str:
    """The case as a PBN or LIN record, with the facts left out (and the ruling) as comments.

    A decided ruling's total is the record's result (PBN ``[Result]``, LIN ``mc``); play that
    is not complete then ends as a claim of that total would (``*``, ``mc``).
    """
    record, left_out = record_from_case(case)
    comments = [f"Case: {case.title}", *left_out]
    if ruling is not None:
        comments.extend(ruling.sentences())
        if ruling.declarer_tricks is not None:
            record = _adjusted(record, ruling.declarer_tricks, fmt)
    if fmt == "pbn":
        text = pbn_write.dumps([record], [comments])
    else:
        record = _lin_play(record, comments)
        text = lin_write.dumps([record], [comments])
    _check_writable(text, case)
    return text


def _lin_play(record: Record, comments: list[str]) -> Record:
    """The record as LIN can hold it: LIN names no opening leader (its reader has declarer's
    left-hand opponent lead), so play opened by the other defender's lead out of turn, which
    declarer accepted (Law 54), is named in a comment instead of written as play; and it
    cannot mark a later lead out of turn, so the play stops before the first one."""
    if record.leads_out_of_turn:
        number, seat, card = record.leads_out_of_turn[0]
        last = len(record.tricks)
        tricks = f"trick {number}" if last == number else f"tricks {number} to {last}"
        comments.append(
            f"Not in the play: {tricks}, from {seat}'s lead of {card} out of turn, accepted "
            "(Laws 53A, 55A): LIN cannot mark it (PBN can, ^L)"
        )
        record = replace(
            record,
            tricks=record.tricks[: number - 1],
            partial_trick=(),
            claimed_total=None,
            leads_out_of_turn=(),
        )
    leader = record.opening_leader
    if record.declarer is None or leader is None or leader is record.declarer.lho:
        return record
    comments.append(
        f"Not in the play: the {record.cards_played} card(s) played from {leader}'s opening "
        f"lead out of turn, accepted (Law 54): LIN cannot name that leader (PBN can)"
    )
    return replace(record, tricks=(), partial_trick=(), claimed_total=None)


def _check_writable(text: str, case: Case) -> None:
    """A record is written in UTF-8: a character it cannot hold (a lone surrogate, which YAML's
    ``\\ud800`` escape lets a title carry) is refused here, naming the field, rather than
    failing as the file is written."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        char = text[error.start]
        where = "title" if char in case.title else "the case's text"
        raise CaseFileError(
            case.source,
            where,
            f"holds the character U+{ord(char):04X}, which a record file cannot hold "
            "(expected text that UTF-8 can write)",
        ) from None


def _adjusted(record: Record, declarer_tricks: int, fmt: RecordFormat) -> Record:
    """The record with the ruled total as its result: PBN's [Result] holds it after any play;
    LIN has no result but ``mc``, written after the play when the ruling changes its count."""
    if record.play_complete and (fmt == "pbn" or declarer_tricks == record.result):
        return replace(record, result=declarer_tricks)
    return replace(record, result=declarer_tricks, claimed_total=declarer_tricks)


__all__ = ["RecordFormat", "RulingNote", "board_dealer", "export_case", "record_from_case"]
