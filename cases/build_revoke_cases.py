"""Build the revoke cases (cases/revoke-*.yaml) from real records by injecting revokes.

Usage (from the repository root):

    .venv/bin/python cases/build_revoke_cases.py [REAL_RECORDS_DIR]

A real board's play has no revoke. To make one at trick ``t`` by a player ``P`` who discarded
there, the deal is changed: a card ``Y`` of the suit led at ``t``, which another player ``Q``
played at a later trick ``t2``, is given to ``P`` from the start, and the card ``P`` played at
``t2`` goes to ``Q``; at ``t2`` the two swap their cards. Every trick but ``t`` must still obey
Law 44 and keep its leader, and the play must hold exactly the revokes wanted; the builder tries
the records in a fixed order and keeps the first injection that does, and that gives the
revoke the shape the scenario asks for (who won the revoke trick, whether the offending side won
a later trick, and so on). Each case's ``notes`` say what was injected.

``expect`` blocks are not computed here: they were established by reading Laws 61-64 on the
true play (written in each case's notes), checked against the engines, and the transfers against
the independent count in tests/test_revoke_properties.py.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from build_real_cases import (  # type: ignore[import-not-found]
    records_root,
    write_all,
)

from solver.bridge import Card, Deal, Seat, Trick, result_notation
from solver.records import pbn
from solver.records.record import Record
from solver.records.to_case import case_from_record

CASES = Path(__file__).resolve().parent
BEN = "lorserker_ben_Boards_BBO"


@dataclasses.dataclass(frozen=True)
class Injected:
    """A record with revokes injected, and what was done."""

    record: Record
    revokes: tuple[tuple[int, Seat], ...]
    """(trick, seat) of each revoke in the new play."""
    story: str


def records(root: Path) -> Iterator[tuple[str, Record]]:
    """Complete real boards (13 tricks, a contract), in a fixed order."""
    for path in sorted((root / BEN).glob("*.pbn")):
        for rec in pbn.load(path):
            if rec.contract is not None and rec.declarer is not None and len(rec.tricks) == 13:
                yield f"{BEN}/{path.name}", rec


def revokes_in(deal: Deal, tricks: tuple[Trick, ...]) -> list[tuple[int, Seat]] | None:
    """The revokes of a play (Law 61A), or None when it breaks Law 44 otherwise."""
    held = {seat: set(deal.hand(seat)) for seat in Seat}
    found = []
    for trick in tricks:
        led = trick.cards[0].suit_index
        for seat in Seat:
            card = trick.card_of(seat)
            if card not in held[seat]:
                return None
            holds_led = any(c.suit_index == led for c in held[seat])
            if seat != trick.leader and card.suit_index != led and holds_led:
                found.append((trick.number, seat))
            held[seat].discard(card)
    return found


def inject(rec: Record, t: int, revoker: Seat) -> Iterator[Injected]:
    """Every single-swap injection of a revoke by ``revoker`` at trick ``t``."""
    trump = rec.contract.strain.trump_suit_index if rec.contract else None
    trick = rec.tricks[t - 1]
    if revoker == trick.leader:
        return
    led = trick.cards[0].suit_index
    if trick.card_of(revoker).suit_index == led:
        return
    for later in rec.tricks[t:]:
        for other in Seat:
            if other == revoker or later.card_of(other).suit_index != led:
                continue
            given, taken = later.card_of(other), later.card_of(revoker)
            hands = [set(rec.deal.hand(s)) for s in Seat]
            hands[revoker.index] = (hands[revoker.index] - {taken}) | {given}
            hands[other.index] = (hands[other.index] - {given}) | {taken}
            deal = Deal(tuple(frozenset(h) for h in hands))  # type: ignore[arg-type]
            cards = list(later.cards)
            cards[(revoker.index - later.leader.index) % 4] = given
            cards[(other.index - later.leader.index) % 4] = taken
            swapped = Trick(later.number, later.leader, tuple(cards))  # type: ignore[arg-type]
            tricks = tuple(swapped if x.number == later.number else x for x in rec.tricks)
            if any(tricks[i + 1].leader != tricks[i].winner(trump) for i in range(len(tricks) - 1)):
                continue
            made = revokes_in(deal, tricks)
            if made is None:
                continue
            story = (
                f"{revoker.full_name} was given {given} (which {other.full_name} played at trick "
                f"{later.number}) in exchange for {taken}, so that at trick {t} "
                f"{revoker.full_name} discarded {trick.card_of(revoker)} while holding {given}; "
                f"at trick {later.number} {revoker.full_name} played {given} and "
                f"{other.full_name} {taken}"
            )
            yield Injected(dataclasses.replace(rec, deal=deal, tricks=tricks), tuple(made), story)


def find(
    root: Path, wanted: Callable[[Record, Injected, int, Seat], bool], skip: int = 0
) -> tuple[str, Injected, int, Seat]:
    """The first injection (after ``skip`` matches) for which ``wanted`` holds."""
    for relative, rec in records(root):
        for t in range(1, 13):
            for revoker in Seat:
                for injected in inject(rec, t, revoker):
                    if injected.revokes and wanted(rec, injected, t, revoker):
                        if skip == 0:
                            return relative, injected, t, revoker
                        skip -= 1
    raise SystemExit("no injection found")


def won_by(rec: Record, number: int) -> Seat:
    trump = rec.contract.strain.trump_suit_index if rec.contract else None
    return rec.tricks[number - 1].winner(trump)


def later_won(rec: Record, number: int, seat: Seat) -> int:
    return sum(1 for n in range(number + 1, 14) if won_by(rec, n).side == seat.side)


# -- scenarios --------------------------------------------------------------------------------
# Each returns the case, its source, its notes and its expect block. The expectation is the
# scenario's law applied to the true play: the predicate that chose the injection guarantees
# the facts the law turns on (who won the revoke trick, what the offending side won later).


def declarer_total(rec: Record) -> int:
    assert rec.declarer is not None
    return sum(1 for n in range(1, 14) if won_by(rec, n).side == rec.declarer.side)


def one_revoke(
    t_range: range, shape: Callable[[Record, int, Seat], bool]
) -> Callable[[Record, Injected, int, Seat], bool]:
    def wanted(rec: Record, injected: Injected, t: int, revoker: Seat) -> bool:
        del rec
        new = injected.record
        assert new.declarer is not None
        return (
            t in t_range
            and injected.revokes == ((t, revoker),)
            and revoker != new.declarer.partner
            and shape(new, t, revoker)
        )

    return wanted


def allegation(revoker: Seat, t: int, noticed: str | None = None) -> dict[str, Any]:
    statement: dict[str, Any] = {
        "by": str(revoker.side.other),
        "revoke": {"seat": str(revoker), "trick": t},
    }
    if noticed:
        statement["noticed"] = noticed
    return statement


def one_history_expect(
    rec: Record, in_play: int, final: int, citations: list[str], revokes: list[str]
) -> dict[str, Any]:
    """The expect block of a case whose rows leave one history (intact rows, every mark)."""
    assert rec.contract is not None
    return {
        "status": "decided",
        "declarer_tricks": final,
        "result": result_notation(rec.contract, final),
        "count": 1,
        "outcomes": {in_play: 1},
        "min_cost": {"cards": 0, "statements": 0},
        "citations": list(dict.fromkeys(citations)),
        "groups": [
            {
                "declarer_tricks": in_play,
                "final_declarer_tricks": final,
                "histories": 1,
                "revokes": revokes,
            }
        ],
    }


def expect_one(
    rec: Record, revoker: Seat, t: int, citation: str, transfer: int, *, extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The expect block of a case whose single history holds one revoke."""
    assert rec.declarer is not None
    in_play = declarer_total(rec)
    final = in_play - transfer if revoker.side == rec.declarer.side else in_play + transfer
    citations = ["61A", "63A1", *extra, citation, "79B"]
    return one_history_expect(
        rec, in_play, final, citations, [f"{revoker} {t} {citation} {transfer}"]
    )


def single(
    root: Path,
    title: str,
    wanted: Callable[[Record, Injected, int, Seat], bool],
    citation: str,
    transfer: int,
    law: str,
    *,
    noticed: str | None = None,
    edition: int | None = None,
    extra: tuple[str, ...] = (),
    skip: int = 0,
) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    relative, injected, t, revoker = find(root, wanted, skip)
    rec = injected.record
    case = case_from_record(
        rec,
        title=title.format(t=t, seat=revoker.full_name),
        statements=[allegation(revoker, t, noticed)],
    )
    if edition is not None:
        case = {
            "title": case["title"],
            "edition": edition,
            **{k: v for k, v in case.items() if k != "title"},
        }
    notes = f"""
        Built from the real board by injecting a revoke: {injected.story}. Every row is intact
        and pointed as the tricks went, so the one history is the true play. {law}
        In play declarer's side took {declarer_total(rec)} tricks.
        """
    expect = expect_one(rec, revoker, t, citation, transfer, extra=extra)
    return case, f"real record {relative}, board {rec.board} (revoke injected)", notes, expect


def revoker_won_and_later(rec: Record, t: int, revoker: Seat) -> bool:
    return won_by(rec, t) == revoker and later_won(rec, t, revoker) > 0


def revoker_won_nothing_later(rec: Record, t: int, revoker: Seat) -> bool:
    return won_by(rec, t) == revoker and later_won(rec, t, revoker) == 0


def partner_won(rec: Record, t: int, revoker: Seat) -> bool:
    assert rec.declarer is not None
    return won_by(rec, t) == revoker.partner and revoker.side != rec.declarer.side


def nothing_from_t(rec: Record, t: int, revoker: Seat) -> bool:
    return won_by(rec, t).side != revoker.side and later_won(rec, t, revoker) == 0


def declarer_revokes_dummy_wins(rec: Record, t: int, revoker: Seat) -> bool:
    return revoker == rec.declarer and won_by(rec, t) == revoker.partner


def won_later_with_suit(rec: Record, t: int, revoker: Seat) -> bool:
    """1997 64A2: partner won t, and the revoker later won a trick with the suit led at t."""
    trump = rec.contract.strain.trump_suit_index if rec.contract else None
    led = rec.tricks[t - 1].cards[0].suit_index
    return partner_won(rec, t, revoker) and any(
        rec.tricks[n - 1].winner(trump) == revoker
        and rec.tricks[n - 1].card_of(revoker).suit_index == led
        for n in range(t + 1, 14)
    )


LAW_64A1_2 = (
    "The revoker won the revoke trick and his side won a later trick: the revoke trick and one "
    "later trick go to the other side (64A1)."
)


def scenarios(root: Path) -> dict[str, tuple[dict[str, Any], str, str, dict[str, Any]]]:
    early = range(1, 12)
    return {
        "revoke-64a1-two-tricks": single(
            root,
            "{seat} ruffed trick {t} holding the suit and won it; his side won later",
            one_revoke(early, revoker_won_and_later),
            "64A1",
            2,
            LAW_64A1_2,
        ),
        "revoke-64a1-one-trick": single(
            root,
            "{seat} won trick {t} with a revoke; his side won nothing later",
            one_revoke(early, revoker_won_nothing_later),
            "64A1",
            1,
            "The revoker won the revoke trick and his side won nothing after it: only the revoke "
            "trick is transferred (64A1).",
        ),
        "revoke-64a2-partner-wins": single(
            root,
            "{seat} revoked at trick {t}; his partner won it",
            one_revoke(early, partner_won),
            "64A2",
            1,
            "The revoker's partner won the revoke trick: one trick is transferred (64A2).",
        ),
        "revoke-declarer-dummy-wins": single(
            root,
            "Declarer revoked at trick {t}; dummy won it",
            one_revoke(early, declarer_revokes_dummy_wins),
            "64A2",
            1,
            "Declarer revoked and dummy won the trick: for Law 64 a trick won by dummy is not won "
            "by declarer, so 64A2 gives one trick, not two.",
        ),
        "revoke-64b1-nothing-from-the-revoke-on": single(
            root,
            "{seat} revoked at trick {t}; his side won nothing from then on",
            one_revoke(early, nothing_from_t),
            "64B1",
            0,
            "The offending side won neither the revoke trick nor any later one: no transfer "
            "(64B1); equity (64C) only.",
        ),
        "revoke-trick-12-corrected": single(
            root,
            "{seat} revoked at trick 12, noticed before the hands were boarded",
            one_revoke(range(12, 13), lambda rec, t, s: True),
            "62D1",
            0,
            "A trick-12 revoke noticed before the hands are returned to the board is corrected "
            "though established (62D1): tricks 12 and 13 are replayed with the revoker following "
            "suit; no trick is transferred (64B6). Here the replay leaves the count unchanged.",
            extra=("62D1", "64B6"),
        ),
        "revoke-trick-12-after-boarding": single(
            root,
            "{seat} revoked at trick 12, noticed after the hands were boarded",
            one_revoke(range(12, 13), lambda rec, t, s: True),
            "64B6",
            0,
            "Noticed after the hands went back to the board, the trick-12 revoke stands and "
            "transfers nothing (64B6).",
            noticed="after-boarding",
        ),
        "revoke-after-next-board": single(
            root,
            "{seat}'s revoke at trick {t} noticed after the next board began",
            one_revoke(early, revoker_won_and_later),
            "64B4",
            0,
            "First noticed after a player of the non-offending side had called on the next "
            "board: no trick is transferred (64B4); 64C in the correction period.",
            noticed="after-next-board",
        ),
        "revoke-1997-extra-trick": single(
            root,
            "1997 Laws: {seat} revoked at trick {t}, partner won it, he later won with that suit",
            one_revoke(early, won_later_with_suit),
            "64A2",
            2,
            "Under the 1997 Laws, 64A2 transfers one trick and a second one when the revoker later "
            "won a trick with a card he could have played to the revoke trick (as here).",
            edition=1997,
        ),
        "revoke-2007-one-trick": single(
            root,
            "2007 Laws: {seat} revoked at trick {t}, partner won it, he later won with that suit",
            one_revoke(early, won_later_with_suit),
            "64A2",
            1,
            "The same board as revoke-1997-extra-trick under the 2007 Laws: 64A2 transfers one "
            "trick only.",
            edition=2007,
        ),
    }


def plain_64a(rec: Record, t: int, revoker: Seat) -> tuple[str, int]:
    """Law 64A/64B1 for one established revoke, read straight off the true play."""
    later = later_won(rec, t, revoker)
    if won_by(rec, t) == revoker:
        return "64A1", 1 + (1 if later else 0)
    if won_by(rec, t).side == revoker.side or later:
        return "64A2", 1
    return "64B1", 0


def suit_allegation(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """East-West say South revoked in a suit, at no trick named."""
    relative, injected, t, revoker = find(root, one_revoke(range(1, 12), partner_won), skip=1)
    rec = injected.record
    suit = "SHDC"[rec.tricks[t - 1].cards[0].suit_index]
    statement = {"by": str(revoker.side.other), "revoke": {"seat": str(revoker), "suit": suit}}
    case = case_from_record(
        rec, title=f"{revoker.full_name} revoked in {suit} at some trick", statements=[statement]
    )
    citation, transfer = plain_64a(rec, t, revoker)
    notes = f"""
        The allegation names the suit, not the trick. Built by injecting a revoke:
        {injected.story}. Every row is intact, so the history is the true play and the revoke
        is at trick {t}; {citation} gives {transfer}.
        """
    expect = expect_one(rec, revoker, t, citation, transfer)
    return case, f"real record {relative}, board {rec.board} (revoke injected)", notes, expect


def repeated_revokes(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """One player revokes twice in the same suit."""

    def wanted(rec: Record, injected: Injected, t: int, revoker: Seat) -> bool:
        del rec
        new = injected.record
        assert new.declarer is not None
        made = injected.revokes
        return (
            len(made) == 2
            and all(seat == revoker for _, seat in made)
            and made[0][0] == t
            and made[1][0] < 12
            and revoker.side != new.declarer.side
        )

    relative, injected, t, revoker = find(root, wanted)
    rec = injected.record
    second = injected.revokes[1][0]
    statements = [allegation(revoker, t), allegation(revoker, second)]
    case = case_from_record(
        rec,
        title=f"{revoker.full_name} revoked twice in one suit, at tricks {t} and {second}",
        statements=statements,
    )
    citation, transfer = plain_64a(rec, t, revoker)
    assert rec.declarer is not None
    in_play = declarer_total(rec)
    final = in_play + transfer
    notes = f"""
        Built by injecting a revoke: {injected.story}; {revoker.full_name} discarded again at
        trick {second} in the same suit, still holding that card: two revokes. The first is
        assessed under 64A ({citation}: {transfer}); the second, in the same suit by the same
        player after the first was established, transfers nothing (64B2), 64C2(a) aside.
        """
    expect = one_history_expect(
        rec,
        in_play,
        final,
        ["61A", "63A1", citation, "64B2", "79B"],
        [f"{revoker} {t} {citation} {transfer}", f"{revoker} {second} 64B2 0"],
    )
    return case, f"real record {relative}, board {rec.board} (revoke injected)", notes, expect


def both_sides(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """A defender and declarer each revoke once: 64B7."""
    first = one_revoke(range(1, 12), lambda rec, t, s: s.side != rec.declarer.side)
    for relative, rec in records(root):
        for t in range(1, 12):
            for revoker in Seat:
                for injected in inject(rec, t, revoker):
                    if not first(rec, injected, t, revoker):
                        continue
                    for t2 in range(1, 12):
                        if t2 == t:
                            continue
                        other = injected.record.declarer
                        assert other is not None
                        for again in inject(injected.record, t2, other):
                            if sorted(again.revokes) == sorted([(t, revoker), (t2, other)]):
                                return _both_sides_case(relative, injected, again, t, revoker, t2)
    raise SystemExit("no injection found")


def _both_sides_case(
    relative: str, first: Injected, second: Injected, t: int, revoker: Seat, t2: int
) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    rec = second.record
    assert rec.declarer is not None
    declarer = rec.declarer
    statements = [allegation(revoker, t), allegation(declarer, t2)]
    case = case_from_record(
        rec,
        title=f"Both sides revoked: {revoker.full_name} at trick {t}, declarer at {t2}",
        statements=statements,
    )
    in_play = declarer_total(rec)
    notes = f"""
        Two revokes injected: {first.story}; then {second.story}. Both were established, one by
        each side: no automatic transfer (64B7); the Director restores equity as if neither had
        revoked (64C2(b)).
        """
    revokes = sorted([(t, revoker), (t2, declarer)])
    expect = one_history_expect(
        rec,
        in_play,
        in_play,
        ["61A", "63A1", "64B7", "79B"],
        [f"{seat} {n} 64B7 0" for n, seat in revokes],
    )
    return case, f"real record {relative}, board {rec.board} (revokes injected)", notes, expect


def refuted(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """An allegation the intact rows refute: the accused followed suit."""
    relative, rec = next(records(root))
    trick = rec.tricks[4]
    accused = trick.leader.lho
    statements = [allegation(accused, trick.number)]
    case = case_from_record(
        rec,
        title=f"{accused.full_name} is said to have revoked at trick 5; his row says not",
        statements=statements,
    )
    in_play = declarer_total(rec)
    notes = f"""
        The real play, unchanged. {accused.full_name}'s intact row shows
        {trick.card_of(accused)} at trick 5, where {trick.cards[0]} was led: he followed suit
        (or held none). The allegation permits a revoke but proves none: the only consistent
        history has no revoke, and the score stands.
        """
    expect = one_history_expect(rec, in_play, in_play, ["79B"], [])
    return case, f"real record {relative}, board {rec.board}", notes, expect


def chosen_by_analysis(
    root: Path,
    make: Callable[[Record, Injected, int, Seat], dict[str, Any]],
    accept: Callable[[Any], bool],
    shape: Callable[[Record, int, Seat], bool],
) -> tuple[str, Injected, int, Seat, dict[str, Any], Any]:
    """The first injection whose case, as analysed, ``accept`` takes (a selection only: the
    expectation is then checked against the rule it illustrates by the caller)."""
    import solver
    from solver.records import case_from_dict

    for relative, rec in records(root):
        for t in range(1, 12):
            for revoker in Seat:
                for injected in inject(rec, t, revoker):
                    if not one_revoke(range(1, 12), shape)(rec, injected, t, revoker):
                        continue
                    case = make(rec, injected, t, revoker)
                    analysis = solver.analyse(case_from_dict(case), time_limit=5)
                    if accept(analysis):
                        return relative, injected, t, revoker, case, analysis
    raise SystemExit("no injection found")


def observed_expect(analysis: Any) -> dict[str, Any]:
    """An expect block read off an analysis whose ruling the caller has checked."""
    found, ruling = analysis.found, analysis.ruling
    cards, statements = divmod(found.min_cost, 1000)
    return {
        "status": analysis.status,
        "declarer_tricks": ruling.declarer_tricks,
        "result": ruling.result,
        "count": found.count,
        "outcomes": dict(found.outcomes),
        "min_cost": {"cards": cards, "statements": statements},
        "citations": ruling.citations,
        "groups": [
            {
                "declarer_tricks": g.in_play,
                "final_declarer_tricks": g.final,
                "histories": g.histories,
                "revokes": [
                    f"{f.seat} {f.trick} {f.citation} {f.transfer}" for f in g.adjustment.findings
                ],
            }
            for g in analysis.revoke_groups or []
        ],
    }


def open_because_mixed(root: Path, mixer: str) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """The revoker (``mixer`` "revoker") or an accuser ("accuser") mixed his row: the facts
    leave the revoke open, and the doubt goes against the side that mixed (65D)."""

    def make(rec: Record, injected: Injected, t: int, revoker: Seat) -> dict[str, Any]:
        who = revoker if mixer == "revoker" else revoker.lho
        return case_from_record(
            injected.record,
            title=f"Did {revoker.full_name} revoke at trick {t}? {who.full_name} mixed his row",
            mixed={who: "before-agreement"},
            statements=[allegation(revoker, t)],
        )

    def accept(analysis: Any) -> bool:
        groups = analysis.revoke_groups or []
        finals = {g.final for g in groups}
        with_revoke = any(g.adjustment.findings for g in groups)
        without = any(not g.adjustment.findings for g in groups)
        return len(finals) > 1 and with_revoke and without and analysis.status == "decided"

    relative, injected, _t, revoker, case, analysis = chosen_by_analysis(
        root, make, accept, lambda rec, t, s: s.side != rec.declarer.side
    )
    who = revoker if mixer == "revoker" else revoker.lho
    finals = sorted({g.final for g in analysis.revoke_groups})
    declaring = injected.record.declarer.side  # type: ignore[union-attr]
    least = min(finals) if who.side == declaring else max(finals)
    assert analysis.ruling.declarer_tricks == least, (analysis.ruling, finals)
    notes = f"""
        Built by injecting a revoke: {injected.story}. {who.full_name} then swept his quitted
        cards together before the count was agreed; the other rows are intact. Histories with
        the revoke and without it both fit the cards, and they end on different final totals
        ({", ".join(map(str, finals))} for declarer's side after Law 64). {who.full_name}'s side
        disturbed its row (65D), so the doubt goes against it: {least} tricks.
        """
    expect = observed_expect(analysis)
    source = f"real record {relative}, board {injected.record.board} (revoke injected)"
    return case, source, notes, expect


def unalleged(root: Path) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """Nobody alleged the revoke that the intact rows show: the rows cannot all be right, and
    the report's hint names the allegation that would fit them."""
    relative, injected, t, revoker = find(root, one_revoke(range(1, 12), partner_won), skip=2)
    rec = injected.record
    case = case_from_record(
        rec, title=f"Nobody alleged a revoke; the rows show {revoker.full_name}'s at trick {t}"
    )
    import solver
    from solver.records import case_from_dict

    analysis = solver.analyse(case_from_dict(case), time_limit=10)
    assert analysis.found.min_cost and analysis.found.min_cost >= 1000
    assert any(f"{revoker.full_name} revoked at trick {t}" in h for h in analysis.hints)
    notes = f"""
        Built by injecting a revoke: {injected.story}. Every row is intact and pointed as the
        tricks went, but nobody alleged a revoke, so histories that follow suit throughout must
        set some quitted cards aside. The report's hint: an allegation that
        {revoker.full_name} revoked at trick {t} would fit every quitted card.
        """
    expect = observed_expect(analysis)
    expect.pop("groups")
    return case, f"real record {relative}, board {rec.board} (revoke injected)", notes, expect


def missed_trick(root: Path, t: int, stop: int) -> tuple[str, Record, Seat, Card]:
    """A real board on which a defender's card at trick ``t`` can be taken out of the play
    (he did not play to that trick) with every trick up to ``stop`` still legal, the trick's
    winner unchanged, the card of the suit led, and his side winning a trick from ``t`` on."""
    for relative, rec in records(root):
        trump = rec.contract.strain.trump_suit_index if rec.contract else None
        trick = rec.tricks[t - 1]
        for seat in Seat:
            if seat == trick.leader or seat.side == rec.declarer.side:  # type: ignore[union-attr]
                continue
            card = trick.card_of(seat)
            if card.suit_index != trick.cards[0].suit_index or trick.winner(trump) == seat:
                continue
            won_later = any(x.winner(trump).side == seat.side for x in rec.tricks[t - 1 : stop])
            if won_later and _still_legal(rec, t, seat, card, stop):
                return relative, rec, seat, card
    raise SystemExit("no board found")


def _still_legal(rec: Record, t: int, seat: Seat, kept: Card, stop: int) -> bool:
    """Holding ``kept`` from trick ``t`` to ``stop``, does he still follow suit everywhere?"""
    for trick in rec.tricks[t:stop]:
        led = trick.cards[0].suit_index
        if seat != trick.leader and kept.suit_index == led != trick.card_of(seat).suit_index:
            return False
    return True


def gap_tricks(rec: Record, seat: Seat, kept: Card) -> dict[int, tuple[int, bool]]:
    """Where the gap in ``seat``'s row can be: trick -> (declarer's tricks, whether his side won
    that trick or a later one), for every gap that gives a legal play (Law 44, with ``kept``
    held throughout) whose trick winners are those the intact rows' marks show."""
    assert rec.contract is not None and rec.declarer is not None
    trump = rec.contract.strain.trump_suit_index
    his = [t.card_of(seat) for t in rec.tricks if t.number != 7]
    marks = [t.winner(trump).side == seat.side for t in rec.tricks]
    out: dict[int, tuple[int, bool]] = {}
    for gap in range(1, len(rec.tricks) + 1):
        held = set(rec.deal.hand(seat))
        winners: list[Seat] = []
        leader = rec.tricks[0].leader
        position = 0
        legal = True
        for trick in rec.tricks:
            if trick.leader != leader:
                legal = False
                break
            plays = [(s, trick.card_of(s)) for s in Seat if s != seat]
            if trick.number == gap:
                if seat == trick.leader:
                    legal = False
                    break
            else:
                card = his[position]
                position += 1
                led = trick.cards[0].suit_index if seat != trick.leader else card.suit_index
                if card.suit_index != led and any(c.suit_index == led for c in held - {card}):
                    legal = False
                    break
                held.discard(card)
                plays.append((seat, card))
            lead_card = next(c for s, c in plays if s == trick.leader)
            best_seat, best = trick.leader, lead_card
            for s, c in plays:
                same = c.suit_index == best.suit_index
                if (same and c.rank > best.rank) or (not same and c.suit_index == trump):
                    best_seat, best = s, c
            winners.append(best_seat)
            leader = best_seat
        if legal and all((w.side == seat.side) == m for w, m in zip(winners, marks, strict=True)):
            in_play = sum(1 for w in winners if w.side == rec.declarer.side)
            out[gap] = (in_play, any(w.side == seat.side for w in winners[gap - 1 :]))
    return out


def defective_case(
    root: Path, edition: int | None
) -> tuple[dict[str, Any], str, str, dict[str, Any]]:
    """a defender did not play to trick 7; found at trick 10."""
    relative, rec, seat, kept = missed_trick(root, 7, 10)
    cut = dataclasses.replace(rec, tricks=rec.tricks[:10], claimed_total=None)
    case = case_from_record(
        cut,
        title=f"{seat.full_name} did not play to trick 7; found at trick 10"
        + (f", {edition} Laws" if edition else ""),
    )
    row = case["play"]["rows"][str(seat)].split()
    del row[6]
    case["play"]["rows"][str(seat)] = " ".join(row)
    case["play"]["unplayed"] = {str(seat): str(kept)}
    if edition is not None:
        case = {"title": case["title"], "edition": edition} | {
            k: v for k, v in case.items() if k != "title"
        }
    gaps = gap_tricks(cut, seat, kept)
    assert 7 in gaps, gaps
    groups = []
    for gap, (in_play, side_won) in sorted(gaps.items()):
        if edition == 1997:
            citation, transfer = "67B1", 0
        else:
            citation, transfer = ("67B1", 1) if side_won else ("64B1", 0)
        groups.append(
            {
                "declarer_tricks": in_play,
                "final_declarer_tricks": in_play + transfer,
                "histories": 1,
                "revokes": [f"{seat} {gap} {citation} {transfer}"],
            }
        )
    finals = {g["final_declarer_tricks"] for g in groups}
    assert len(finals) == 1, groups
    final = finals.pop()
    law = (
        "Under the 1997 Laws a player who held the suit led incurs no penalty (67B1(a))."
        if edition == 1997
        else "The failure to play is a revoke (67B1): his side won that trick or a later one, "
        "so one trick is transferred as in 64A2."
    )
    where = " or ".join(f"trick {g}" for g in sorted(gaps))
    notes = f"""
        The real play to trick 10, except that {seat.full_name} did not play to trick 7: his
        {kept} stayed in his hand (it is under play.unplayed) and his row holds 9 cards. Every
        row is intact; the gap in {seat.full_name}'s row can be at {where} (each gives a legal
        play that fits every mark), so the histories split by the defective trick. He holds
        {kept}, of the suit led there, and adds it; the trick's winner does not change. {law}
        Play stopped at trick 10, so the ruling gives the tricks of those 10.
        """
    citation = groups[0]["revokes"][0].split()[2]
    transfer = int(groups[0]["revokes"][0].split()[3])
    citations = ["67B1"] if transfer == 0 and citation == "67B1" else ["67B1", "64A2"]
    in_play = groups[0]["declarer_tricks"]
    expect = {
        "status": "decided",
        "declarer_tricks": final,
        "result": None,
        "count": len(groups),
        "outcomes": {in_play: len(groups)}
        if len({g["declarer_tricks"] for g in groups}) == 1
        else None,
        "min_cost": {"cards": 0, "statements": 0},
        "citations": [*citations, "79B"],
        "groups": groups,
    }
    return case, f"real record {relative}, board {rec.board} (a missed trick made)", notes, expect


def main(argv: list[str]) -> int:
    root = records_root(argv)
    if root is None:
        return 2
    built = scenarios(root)
    built["revoke-suit-allegation"] = suit_allegation(root)
    built["revoke-twice-in-one-suit"] = repeated_revokes(root)
    built["revoke-both-sides"] = both_sides(root)
    built["revoke-allegation-refuted"] = refuted(root)
    built["revoke-open-revoker-mixed"] = open_because_mixed(root, "revoker")
    built["revoke-open-accuser-mixed"] = open_because_mixed(root, "accuser")
    built["revoke-not-alleged-hint"] = unalleged(root)
    built["defective-trick-found-at-10"] = defective_case(root, None)
    built["defective-trick-1997"] = defective_case(root, 1997)
    write_all(built)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
