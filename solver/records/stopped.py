"""Where a record's play stopped with a claim: the claim as the tool adjudicates it.

A LIN ``mc`` or a PBN ``*`` with ``[Result]`` gives declarer's side's total when play stopped;
neither says who claimed. The claim is taken as declarer's (a claim, or a concession of the
rest when the total is what he had already won): on a vugraph or club record that is nearly
always so, and a defender's claim of the rest reads the same total. ``claimer`` reads it as
another player's: a defender's claim of the tricks declarer's total leaves his side, which is
what ``ruling audit --claimer either`` rules where declarer's would not stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from solver.bridge import Card, Seat, Side
from solver.facts import Claim, ClaimPosition
from solver.records.claimfile import shown_out_in, trump_round_in
from solver.records.record import Record


class ClaimOutOfRange(ValueError):
    """The record's claimed total cannot be reached from where play stopped."""


def claim_at_stop(record: Record, claimer: Seat | None = None) -> Claim | None:
    """The record's claim by declarer (or by ``claimer``, a defender: his side's share of the
    tricks left is what declarer's total leaves it), from where play stopped, mid-trick
    included (None when the record has no claim: play complete, no claimed total, or no
    declarer).

    The claimer is credited with what the play showed him (70E1): the suits each player had
    shown out of before the claim, as a case file's ``shown_out`` would be filled in, and
    whether his side had just drawn a round of trumps, all following (``trump_round_before``).

    Raises ClaimOutOfRange when the total claimed is fewer than declarer's side had already won
    or more than it could still reach."""
    if record.claimed_total is None or record.declarer is None or record.play_complete:
        return None
    played = {card for trick in record.tricks for card in trick.cards}
    on_trick = tuple(card for _seat, card in record.partial_trick)
    hands = tuple(frozenset(record.deal.hand(seat) - played - set(on_trick)) for seat in Seat)
    if record.partial_trick:
        leader = record.partial_trick[0][0]
    elif record.tricks:
        leader = record.tricks[-1].winner(record.trump_suit_index)
    else:
        leader = record.declarer.lho
    won = (record.tricks_won(Side.NS), record.tricks_won(Side.EW))
    position = ClaimPosition((hands[0], hands[1], hands[2], hands[3]), leader, on_trick, won)
    before = record.tricks_won(record.declarer.side)
    tricks = record.claimed_total - before
    if not 0 <= tricks <= position.tricks_left:
        raise ClaimOutOfRange(
            f"{record.label()}: a claimed total of {record.claimed_total} cannot be reached: "
            f"declarer's side had won {before} with {position.tricks_left} tricks left"
        )
    tricks_seen: list[Sequence[Card]] = [trick.cards for trick in record.tricks]
    leaders = [trick.leader for trick in record.tricks]
    if on_trick:
        tricks_seen.append(on_trick)
        leaders.append(leader)
    shown = shown_out_in(tricks_seen, leaders)
    last = record.tricks[-1] if record.tricks else None
    trump_round = last is not None and trump_round_in(
        last.cards, last.leader, record.declarer.side, record.trump_suit_index
    )
    claim = Claim(
        by=record.declarer,
        tricks=tricks,
        position=position,
        shown_out={seat: frozenset(suits) for seat, suits in shown.items()},
        trump_round_before=trump_round,
    )
    return claim if claimer is None else as_claimed_by(record, claim, claimer)


def as_claimed_by(record: Record, claim: Claim, claimer: Seat) -> Claim:
    """Declarer's ``claim`` at the stop of ``record`` (``claim_at_stop``) read as made by
    ``claimer``, a defender: his side takes the tricks left that declarer's total leaves it,
    and the round of trumps just drawn counts for him only if his side led it. The position
    and the show-outs are the same, so they are not worked out again."""
    assert record.declarer is not None and claimer is not record.declarer.partner, "dummy"
    if claimer is record.declarer:
        return claim
    last = record.tricks[-1] if record.tricks else None
    return replace(
        claim,
        by=claimer,
        tricks=claim.conceded,
        trump_round_before=last is not None
        and trump_round_in(last.cards, last.leader, claimer.side, record.trump_suit_index),
        by_defender=True,
    )
