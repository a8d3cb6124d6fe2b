"""Regenerate the example cases that are built from real records.

Usage (from the repository root):

    .venv/bin/python cases/build_real_cases.py [REAL_RECORDS_DIR]

Each case takes a real board's deal and played cards (the records listed in
``data/real-records/SOURCES.md``) through ``case_from_record``: intact rows in trick order,
each card pointed the way its trick went (Law 65B). The options then take that picture apart the
way a dispute does: a row mixed, some cards left unpointed, a card pointed the wrong way, two cards
of a row swapped, what each side says. ``case_yaml`` writes the case; ``source``, ``notes`` and
``expect`` are added after it.

The ``expect`` blocks are not computed here (except those of ``COMPUTED``, cases too large to
count, see ``computed_expect``): they were established by running the engines
(search, CP-SAT where the count allows, python-constraint for short cases) and an independent
counter, and by reading the Laws (which side offended, which total is least favourable to it).
Regenerating rewrites the YAML files with the same content; a change to the converter shows up as
a diff in the committed files.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from textwrap import dedent
from typing import Any

import yaml

from solver.bridge import Card, Seat
from solver.records import lin, pbn
from solver.records.record import Record
from solver.records.to_case import case_from_record, case_yaml

CASES = Path(__file__).resolve().parent
REAL_RECORDS = CASES.parent / "data" / "real-records"

BEN = "lorserker_ben_Boards_BBO"
EDGAR = "Rick-Wilson_EDGAR-Defense-Toolkit"


def record(root: Path, relative: str, board: int) -> Record:
    """Board ``board`` of a real record file."""
    path = root / relative
    reader = lin if path.suffix == ".lin" else pbn
    for found in reader.load(path):
        if found.board == board:
            return found
    raise SystemExit(f"{path}: no board {board}")


def unpointed(rec: Record, tricks: list[int], except_seats: str = "") -> set[Card]:
    """The cards of the given tricks (numbered from 1), of every seat not in ``except_seats``."""
    return {
        rec.tricks[number - 1].card_of(seat)
        for number in tricks
        for seat in Seat
        if str(seat) not in except_seats
    }


def seats(text: str, when: str) -> dict[Seat, str]:
    return {Seat.parse(s): when for s in text}


def swap(case: dict[str, Any], seat: str, first: int, second: int) -> dict[str, Any]:
    """Swap two cards (with their marks) of an intact row: a player who misarranged his row."""
    tokens = case["play"]["rows"][seat].split()
    tokens[first - 1], tokens[second - 1] = tokens[second - 1], tokens[first - 1]
    case["play"]["rows"][seat] = " ".join(tokens)
    return case


def write(
    name: str,
    case: dict[str, Any],
    source: str,
    notes: str,
    expect: dict[str, Any],
) -> None:
    """Write one case file: the converter's YAML, then source, notes and expect."""
    case = dict(case)
    case.pop("source", None)
    case.pop("notes", None)
    text = case_yaml(case)
    text += yaml.safe_dump({"source": source}, sort_keys=False, width=100)
    text += "notes: |\n" + "".join(f"  {line}\n" for line in dedent(notes).strip().splitlines())
    text += yaml.safe_dump({"expect": expect}, sort_keys=False, width=100)
    (CASES / f"{name}.yaml").write_text(text, encoding="utf-8")


Written = tuple[dict[str, Any], str, str, dict[str, Any]]
"""A built case ready for ``write``: (case, source, notes, expect)."""


def write_all(built: dict[str, Written]) -> None:
    """Write each built case under its name, saying so."""
    for name, (case, source, notes, expect) in built.items():
        write(name, case, source, notes, expect)
        print(f"wrote cases/{name}.yaml")


def records_root(argv: list[str]) -> Path | None:
    """The real-records folder: the first argument, else the repository's; None (said) if
    absent."""
    root = Path(argv[0]) if argv else REAL_RECORDS
    if not root.is_dir():
        print(f"real records not found at {root}", file=sys.stderr)
        return None
    return root


def real(relative: str, board: int) -> str:
    return f"real record {relative}, board {board}"


def build(root: Path) -> list[str]:
    """Write every real-record case; returns their names."""
    written = []
    for name, make in BUILDERS.items():
        case, source, notes = make(root)
        expect = computed_expect(case) if name in COMPUTED else EXPECT[name]
        write(name, case, source, notes, expect)
        written.append(name)
    return written


def example_mixed_row(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-06-08_Daylong.pbn"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 4S by South; South gathered his cards before the count was agreed",
        mixed=seats("S", "before-agreement"),
        drop_marks=unpointed(rec, [7, 8], "S"),
        statements=[
            {"by": "NS", "declarer_tricks": 10},
            {"by": "EW", "declarer_tricks": 9},
        ],
    )
    notes = """
        The real play (a robot tournament) gave declarer 10 tricks. For the dispute: South,
        declarer, swept his quitted cards together before the trick count was agreed, and North,
        East and West had left their cards of tricks 7 and 8 unpointed. N/S say 10 tricks, E/W
        say 9. The three intact rows leave room for histories in which declarer won only 9
        tricks. South's row was disturbed before agreement, so the doubtful trick goes against
        N/S (65D): 9 tricks, 4S-1.
        """
    return case, real(rel, 1), notes


def mixed_row_defender(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{EDGAR}/kemistry-boards-2026-01-14.lin"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 3HX by West; South mixed his row, N/S say they won trick 10",
        mixed=seats("S", "before-agreement"),
        drop_marks=unpointed(rec, [10], "S"),
        statements=[
            {"by": "NS", "trick": 10, "winner": "NS"},
            {"by": "EW", "trick": 10, "winner": "W"},
        ],
    )
    notes = """
        Real play: West ruffed North's diamond queen at trick 10 and made 7 tricks (3HX-2).
        For the dispute: South, a defender, mixed his quitted cards before the count was agreed,
        and the other three players left their trick-10 cards unpointed. N/S say their side won
        trick 10, E/W that West ruffed it. Some histories give declarer 6 tricks, others 7.
        South is the only offender (65D), so the doubt goes against N/S: the total most
        favourable to declarer, 7 tricks, 3HX-2.
        """
    return case, real(rel, 1), notes


def two_mixed_rows_one_side(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-06-21_Daylong.pbn"
    rec = record(root, rel, 6)
    case = case_from_record(
        rec,
        title="Board 6: 3NTX by West; both defenders gathered their cards before agreement",
        mixed=seats("NS", "before-agreement"),
        drop_marks=unpointed(rec, [3], "NS"),
        statements=[
            {"by": "NS", "declarer_tricks": 10},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    notes = """
        Real play: West made 10 tricks in 3NT doubled; South won trick 3 with the diamond king.
        For the dispute: North and South, the defenders, both mixed their quitted cards before
        the count was agreed, and East and West had not pointed their trick-3 cards. N/S say
        10 tricks, E/W say 11. Without the defenders' rows, histories giving declarer 10 or 11
        tricks remain. Both offenders are on one side (65D): the doubt goes against N/S, 11
        tricks, 3NTX+2, although the real play gave 10.
        """
    return case, real(rel, 6), notes


def _slam(root: Path) -> tuple[Record, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-07-10_Daylong.pbn"
    return record(root, rel, 2), rel


def mixed_rows_both_sides(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _slam(root)
    case = case_from_record(
        rec,
        title="Board 2: 6NT by North; declarer and East both mixed their rows",
        mixed=seats("NE", "before-agreement"),
        drop_marks=unpointed(rec, [7], "NE"),
        statements=[
            {"by": "NS", "declarer_tricks": 12},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    notes = """
        Real play: North made 12 tricks in 6NT. For the dispute: North (declarer) and East both
        swept up their quitted cards before the count was agreed, and South and West had not
        pointed their trick-7 cards. N/S say 12 tricks, E/W say 11; histories with either total
        remain. There are offenders on both sides (65D for North and for East), so no side
        loses the doubt automatically: undetermined, the Director weighs the evidence (85A).
        """
    return case, real(rel, 2), notes


def mixed_after_dispute(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _slam(root)
    mixed = seats("N", "before-agreement") | seats("E", "after-dispute")
    case = case_from_record(
        rec,
        title="Board 2: 6NT by North; East mixed his cards after the dispute arose",
        mixed=mixed,
        drop_marks=unpointed(rec, [7], "NE"),
        statements=[
            {"by": "NS", "declarer_tricks": 12},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    notes = """
        The same facts as mixed-rows-both-sides, except for when East mixed his cards: North
        gathered his before the count was agreed (65D), but East shuffled his into the board
        after the dispute about the count had arisen, so the facts can no longer be settled
        (66D). A 66D offender outweighs a 65D offender: the ruling goes against E/W, 12 tricks,
        6NT made.
        """
    return case, real(rel, 2), notes


def agreed_tricks_narrow(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _slam(root)
    case = case_from_record(
        rec,
        title="Board 2: 6NT by North; both sides mixed, but all agree on tricks 1 and 7",
        mixed=seats("NE", "before-agreement"),
        drop_marks=unpointed(rec, [7], "NE"),
        statements=[
            {"by": "NS", "declarer_tricks": 12},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    case["play"]["tricks"] = {1: "E: H6 H4 HA HQ", 7: "S: D5 D3 DK D7"}
    notes = """
        The facts of mixed-rows-both-sides, plus two tricks all four players agree on: West won
        the opening heart lead with the ace, and at trick 7 South led the diamond five to
        North's king. Agreed tricks are hard facts. They cut the consistent histories down, and
        every remaining history gives declarer 12 tricks: decided on the facts (79B) without
        needing to find an offender.
        """
    return case, real(rel, 2), notes


def _doubled_game(root: Path) -> tuple[Record, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-08-02_Daylong.pbn"
    return record(root, rel, 2), rel


def wrong_orientation(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _doubled_game(root)
    case = case_from_record(
        rec,
        title="Board 2: 4HX by West; East's spade nine at trick 8 pointed as won",
        flip_marks={Card.parse("S9")},
        statements=[
            {"by": "EW", "trick": 8, "winner": "E"},
            {"by": "NS", "trick": 8, "winner": "S"},
        ],
    )
    notes = """
        Real play: at trick 8 West led a spade, East played the nine and South won with the
        king; declarer made 9 tricks (4HX-1). All four rows are intact, but East pointed his
        spade nine as won. E/W say East won trick 8; N/S say South did. The order of the four
        rows allows only one history, in which South won trick 8: East's mark is set aside
        (one cards-tier unit, 65B) and so is E/W's statement. One total: 9 tricks (79B).
        """
    return case, real(rel, 2), notes


def rows_contradict(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{EDGAR}/kemistry-boards-2026-01-14.lin"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 3HX by West; West's and South's rows disagree about tricks 9 and 10",
        drop_marks=unpointed(rec, [9, 10]),
        statements=[
            {"by": "NS", "declarer_tricks": 6},
            {"by": "EW", "declarer_tricks": 7},
        ],
    )
    swap(case, "W", 9, 10)
    notes = """
        Real play: trick 9, West led the club four to North's jack; trick 10, North led the
        diamond queen and West ruffed with the heart six. Declarer made 7 tricks. For the
        dispute West's row has the heart six and the club four the wrong way round, and nobody
        pointed the cards of tricks 9 and 10. The intact rows cannot all be right: if West
        led the heart six at trick 9 as his row says, South, who still held hearts, could not
        have played the club seven his row shows there. Either West's row or South's row is out
        of order (one cards-tier unit each, 65C), and the histories that remain give declarer
        6 or 7 tricks. The offenders are on both sides, so the ruling is undetermined (85A).
        """
    return case, real(rel, 1), notes


def _cold(root: Path) -> tuple[Record, str]:
    rel = f"{BEN}/cold_6d.pbn"
    return record(root, rel, 79), rel


def statements_contradict_rows(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _cold(root)
    case = case_from_record(
        rec,
        title="Board 79: 6D by South; N/S say the slam made, the quitted cards say one down",
        statements=[
            {"by": "NS", "declarer_tricks": 12},
            {"by": "NS", "trick": 11, "winner": "S"},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    notes = """
        Real play: 11 tricks, 6D-1; at trick 11 South led the heart ten and West won with the
        jack. N/S remember it differently: South's ten held trick 11 and the slam made. All
        four rows are intact and pointed. What the cards show outweighs what the players say:
        the only history that contradicts no row contradicts both N/S statements. Those are one
        side's account, set aside once (min_cost statements 1, not 2). 11 tricks, 6D-1 (79B).
        """
    return case, real(rel, 79), notes


def mixed_after_agreement(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _cold(root)
    case = case_from_record(
        rec,
        title="Board 79: 6D by South; dummy's row mixed after the count was agreed",
        mixed=seats("N", "after-agreement"),
        drop_marks=unpointed(rec, [11, 12], "N"),
        statements=[
            {"by": "NS", "declarer_tricks": 12},
            {"by": "EW", "declarer_tricks": 11},
        ],
    )
    notes = """
        The count was agreed at the table and North (dummy) put his cards back in the board;
        during the Correction Period N/S say the slam made, E/W say one down. East, South and
        West still have their rows, but nobody pointed the cards of tricks 11 and 12. Mixing
        after agreement is no infraction, so there is no offender, and histories with 11 and 12
        tricks remain: undetermined (85A).
        """
    return case, real(rel, 79), notes


def play_stopped_after_10(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{EDGAR}/kemistry-boards-2026-01-14.lin"
    rec = record(root, rel, 2)
    case = case_from_record(
        rec,
        title="Board 2: 1H by South; play stopped after trick 10, West mixed his row",
        mixed=seats("W", "before-agreement"),
        drop_marks=unpointed(rec, [6], "W"),
        statements=[
            {"by": "NS", "declarer_tricks": 7},
            {"by": "EW", "declarer_tricks": 6},
        ],
    )
    notes = """
        Real record: play ended with a claim after trick 10 (the record gives declarer 9 tricks
        in all). This case covers only the ten tricks played, as every row holds 10 cards;
        the claim is not part of it. Real play: West won trick 6 with the heart eight, and N/S
        won 6 of the 10 tricks. For the dispute West mixed his cards before agreement and
        nobody pointed the cards of trick 6. N/S say they won 7 of the 10 tricks, E/W say 6.
        Against E/W (65D): 7 tricks of 10. As play stopped early there is no result or score.
        """
    return case, real(rel, 2), notes


def statement_vs_own_row(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{EDGAR}/kemistry-boards-2026-01-14.lin"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 3HX by West; North says his spade queen won trick 8, his row disagrees",
        statements=[
            {"by": "N", "trick": 8, "winner": "N"},
            {"by": "NS", "declarer_tricks": 6},
            {"by": "EW", "declarer_tricks": 7},
        ],
    )
    notes = """
        Real play: at trick 8 North led the spade queen and West ruffed; declarer made 7 tricks.
        North now says his queen held the trick, so N/S say declarer made only 6. North's own
        row shows the spade queen at trick 8 pointed as lost, and the other rows agree. A
        player's statement does not outweigh the quitted cards, not even his own: 7 tricks,
        3HX-2 (79B), with North's and N/S's statements set aside: both are N/S's account, which
        counts once (min_cost statements 1).
        """
    return case, real(rel, 1), notes


def laws_example_14(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-08-07_Daylong.pbn"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 3NT by East; E/W say they won trick 8, East had scrambled his row",
        mixed=seats("E", "before-agreement"),
        drop_marks=unpointed(rec, [8], "E"),
        statements=[
            {"by": "EW", "trick": 8, "winner": "EW"},
            {"by": "NS", "trick": 8, "winner": "NS"},
        ],
    )
    notes = """
        A worked example of Law 66D on a real deal: after play E/W say they
        won trick 8, N/S deny it. East had scrambled his row before the count was agreed, and
        the other rows do not settle trick 8 (nobody pointed its cards). Histories with 9 and
        with 10 tricks for declarer remain. Resolved against E/W (65D): 9 tricks, 3NT made
        exactly (in the real play East won trick 8 and made 10).
        """
    return case, real(rel, 1), notes


def first_tricks(rec: Record, count: int) -> Record:
    """The record as if play had stopped after ``count`` tricks."""
    return dataclasses.replace(rec, tricks=rec.tricks[:count], partial_trick=())


def constructed(relative: str, board: int, tricks: int) -> str:
    return (
        f"constructed: deal and first {tricks} tricks of real record {relative}, board {board}; "
        "play stopped there for this case"
    )


def _forums_board_4(root: Path) -> tuple[Record, str]:
    rel = f"{BEN}/BBO_Forums_Sunday_Daylong_Daylong.pbn"
    return first_tricks(record(root, rel, 4), 4), rel


def abandoned_after_4(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _forums_board_4(root)
    case = case_from_record(
        rec,
        title="Board 4: 4H by South; play stopped after trick 4, dummy picked up his trumps",
        mixed=seats("N", "before-agreement"),
        marks=False,
        statements=[
            {"by": "NS", "declarer_tricks": 3},
            {"by": "EW", "declarer_tricks": 2},
        ],
    )
    notes = """
        A short case that every engine can check, python-constraint included. Play stopped
        after trick 4 (the round was called); no card had been pointed either way. North,
        dummy, had picked up his four cards (three trumps and a club) before the tricks were
        agreed. N/S say they won 3 of the 4 tricks, E/W say 2. Depending on which trump dummy
        played where, dummy's side won 2 or 3. North is the offender (65D): 2 tricks of 4.
        """
    return case, constructed(rel, 4, 4), notes


def statement_narrows(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _forums_board_4(root)
    case = case_from_record(
        rec,
        title="Board 4: 4H by South; dummy's trumps mixed, West remembers dummy's nine at trick 4",
        mixed=seats("N", "before-agreement"),
        marks=False,
        statements=[{"by": "W", "trick": 4, "played": {"N": "H9"}}],
    )
    notes = """
        The facts of abandoned-after-4, but nobody disputes a total: West only says that dummy
        played the heart nine at trick 4 (he remembers it beating his eight), and nobody
        denies it. A statement is evidence; among the histories that contradict no quitted
        card, those that agree with West's statement are preferred. Only one remains, with 3
        tricks for N/S: decided on the facts (79B), against the interest of the speaker's side.
        """
    return case, constructed(rel, 4, 4), notes


def _kemistry_board_2(root: Path, tricks: int) -> tuple[Record, str]:
    rel = f"{EDGAR}/kemistry-boards-2026-01-14.lin"
    return first_tricks(record(root, rel, 2), tricks), rel


def impossible_agreed_revoke(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _kemistry_board_2(root, 3)
    case = case_from_record(
        rec,
        title="Board 2: 1H by South; the agreed trick 2 has North discarding on a diamond",
    )
    case["play"]["tricks"] = {2: "S: D3 D2 H2 D4"}
    notes = """
        Play stopped after trick 3. All four agree that at trick 2 North threw the heart two on
        South's diamond lead. But North was dealt four diamonds, and only the ace is among the
        cards he played: he still held diamonds, so discarding was a revoke, and revokes are
        not legal histories (no allegation of a revoke is made). The agreed facts admit no
        legal history: impossible, nothing to rule on until the facts are corrected.
        """
    return case, constructed(rel, 2, 3), notes


def impossible_agreed_statement(root: Path) -> tuple[dict[str, Any], str, str]:
    rec, rel = _kemistry_board_2(root, 4)
    case = case_from_record(
        rec,
        title="Board 2: 1H by South; all agree N/S won none of the first four tricks",
        statements=[{"by": "agreed", "declarer_tricks": 0}],
    )
    notes = """
        Play stopped after trick 4. The players agree that declarer's side won none of the four
        tricks. South's row holds the ace of hearts, the top trump: whichever trick it was
        played to, South won it. No legal history fits the agreed statement: impossible.
        """
    return case, constructed(rel, 2, 4), notes


def four_rows_mixed(root: Path) -> tuple[dict[str, Any], str, str]:
    rel = f"{BEN}/Ben_Friends_Daily_-_2024-06-08_Daylong.pbn"
    rec = record(root, rel, 1)
    case = case_from_record(
        rec,
        title="Board 1: 4S by South; all four players gathered their cards before agreement",
        mixed=seats("NESW", "before-agreement"),
        statements=[
            {"by": "NS", "declarer_tricks": 10},
            {"by": "EW", "declarer_tricks": 9},
        ],
    )
    notes = """
        The deal of example-mixed-row, with every row mixed: all four players gathered their
        quitted cards before the trick count was agreed, so only the hands and what each side
        says are left. N/S say 10 tricks, E/W say 9. Legal plays giving declarer 9 and 10
        tricks both remain (each contradicts one side's statement); the histories are far too
        many to count (an estimate is of the order of 10^24). Offenders on both sides (65D
        cannot pick one): the Director decides on the balance of probabilities (85A). The
        ruling needs only which totals are possible, decided by optimisation; the expectation
        gives no count.
        """
    return case, real(rel, 1), notes


BUILDERS = {
    "example-mixed-row": example_mixed_row,
    "mixed-row-defender": mixed_row_defender,
    "two-mixed-rows-one-side": two_mixed_rows_one_side,
    "mixed-rows-both-sides": mixed_rows_both_sides,
    "mixed-after-dispute": mixed_after_dispute,
    "agreed-tricks-narrow": agreed_tricks_narrow,
    "wrong-orientation": wrong_orientation,
    "rows-contradict": rows_contradict,
    "statements-contradict-rows": statements_contradict_rows,
    "mixed-after-agreement": mixed_after_agreement,
    "play-stopped-after-10": play_stopped_after_10,
    "statement-vs-own-row": statement_vs_own_row,
    "laws-example-14": laws_example_14,
    "abandoned-after-4": abandoned_after_4,
    "statement-narrows": statement_narrows,
    "impossible-agreed-revoke": impossible_agreed_revoke,
    "impossible-agreed-statement": impossible_agreed_statement,
    "four-rows-mixed": four_rows_mixed,
}
COMPUTED = frozenset({"four-rows-mixed"})
"""Cases whose histories are too many to count: their ``expect`` block (the ruling, the
minimum cost) is computed when the case is built, from the outcomes decided by optimisation
(``solver.analyse`` without counting), not typed into ``EXPECT``."""


def computed_expect(case: dict[str, Any]) -> dict[str, Any]:
    """The ``expect`` block of a case too large to count: the ruling on the outcomes that
    optimisation decides, and the minimum cost; no count, no outcomes."""
    from solver import analyse, case_from_dict
    from solver.engines.problem import split_cost

    analysis = analyse(case_from_dict(case), count=False, list_limit=0)
    found, ruling = analysis.found, analysis.ruling
    assert found.min_cost is not None, "a computed expectation needs the minimum cost"
    cards, statements = split_cost(found.min_cost)
    return {
        "status": analysis.status,
        "declarer_tricks": ruling.declarer_tricks,
        "result": ruling.result,
        "min_cost": {"cards": cards, "statements": statements},
        "citations": ruling.citations,
    }


def _expect(
    status: str,
    declarer_tricks: int | None,
    result: str | None,
    count: int,
    outcomes: dict[int, int],
    min_cost: dict[str, int] | None,
    citations: list[str],
) -> dict[str, Any]:
    """The ``expect`` block of a case (see docs/case-format.md)."""
    return {
        "status": status,
        "declarer_tricks": declarer_tricks,
        "result": result,
        "count": count,
        "outcomes": outcomes,
        "min_cost": min_cost,
        "citations": citations,
    }


# fmt: off
EXPECT: dict[str, dict[str, Any]] = {
    "example-mixed-row": _expect(
        "decided", 9, "4S-1", 2_304, {9: 1536, 10: 768},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "mixed-row-defender": _expect(
        "decided", 7, "3HX-2", 8_640, {6: 864, 7: 7776},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "two-mixed-rows-one-side": _expect(
        "decided", 11, "3NTX+2", 6_531_840_000, {10: 2612736000, 11: 3919104000},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "mixed-rows-both-sides": _expect(
        "undetermined", None, None, 72_990_720, {11: 4561920, 12: 68428800},
        {"cards": 0, "statements": 1}, ["85A"],
    ),
    "mixed-after-dispute": _expect(
        "decided", 12, "6NT=", 72_990_720, {11: 4561920, 12: 68428800},
        {"cards": 0, "statements": 1}, ["66D", "79B"],
    ),
    "agreed-tricks-narrow": _expect(
        "decided", 12, "6NT=", 760_320, {12: 760320},
        {"cards": 0, "statements": 1}, ["79B"],
    ),
    "wrong-orientation": _expect(
        "decided", 9, "4HX-1", 1, {9: 1},
        {"cards": 1, "statements": 1}, ["79B"],
    ),
    "rows-contradict": _expect(
        "undetermined", None, None, 96, {6: 64, 7: 32},
        {"cards": 1, "statements": 1}, ["85A"],
    ),
    "statements-contradict-rows": _expect(
        "decided", 11, "6D-1", 1, {11: 1},
        {"cards": 0, "statements": 1}, ["79B"],
    ),
    "mixed-after-agreement": _expect(
        "undetermined", None, None, 192, {11: 128, 12: 64},
        {"cards": 0, "statements": 1}, ["85A"],
    ),
    "play-stopped-after-10": _expect(
        "decided", 7, None, 108, {6: 36, 7: 72},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "statement-vs-own-row": _expect(
        "decided", 7, "3HX-2", 1, {7: 1},
        {"cards": 0, "statements": 1}, ["79B"],
    ),
    "laws-example-14": _expect(
        "decided", 9, "3NT=", 80, {9: 16, 10: 64},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "abandoned-after-4": _expect(
        "decided", 2, None, 6, {2: 2, 3: 4},
        {"cards": 0, "statements": 1}, ["65D", "79B"],
    ),
    "statement-narrows": _expect(
        "decided", 3, None, 2, {3: 2},
        {"cards": 0, "statements": 0}, ["79B"],
    ),
    "impossible-agreed-revoke": _expect(
        "impossible", None, None, 0, {},
        None, [],
    ),
    "impossible-agreed-statement": _expect(
        "impossible", None, None, 0, {},
        None, [],
    ),
}
# fmt: on


def main(argv: list[str]) -> int:
    root = records_root(argv)
    if root is None:
        return 2
    for name in build(root):
        print(f"wrote cases/{name}.yaml")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
