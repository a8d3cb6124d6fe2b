"""``ruling import`` and ``ruling export`` (docs/records.md).

- Import of every claim of the real records: the case loads, and its claim position (derived
  by the case loader from the agreed tricks and the trick in progress) is the one found by
  replaying the record's cards here with a Law 44 of its own; the claimed total is kept.
- Export re-imports to the same case, for every played board of the real records, in both
  formats; a dispute exports what is known and names the rest.
- The command: the board chosen, exit codes and messages, ``-o`` refusing to overwrite.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from solver.bridge import Card, Seat
from solver.records import case_from_dict, lin, load_case, pbn
from solver.records.export import export_case
from solver.records.record import Record
from solver.records.to_case import case_from_record, case_yaml
from tests.cli_helpers import run
from tests.records import handviewer_link, real_file, suite_records

ROOT = Path(__file__).parents[1]
REAL = suite_records(".pbn", ".lin")
USBF = "forrestrice_bridge-bots/usbf_sf_14502.lin"
KEMISTRY = "Rick-Wilson_EDGAR-Defense-Toolkit/kemistry-boards-2026-01-14.lin"


def _records(path: Path) -> list[Record]:
    return (pbn if path.suffix == ".pbn" else lin).load(path)


def _claims() -> list[tuple[Path, int]]:
    """(file, place in the file from 1) of every board that ends in a claim before trick 13."""
    out = []
    for path in REAL:
        for place, record in enumerate(_records(path), start=1):
            if record.claimed_total is not None and not record.play_complete:
                out.append((path, place))
    return out


CLAIMS = _claims()


def _import(
    capsys: pytest.CaptureFixture[str], *args: str, code: int = 0
) -> tuple[dict[str, Any], str]:
    """``ruling import ARGS`` to stdout: the case read back, and stderr."""
    assert run(["import", *args]) == code
    captured = capsys.readouterr()
    return (yaml.safe_load(captured.out) if code == 0 else {}), captured.err


Replayed = tuple[dict[Seat, set[Card]], Seat, list[Card], dict[str, int]]


def _replay(
    cards: list[Card], deal_hands: dict[Seat, set[Card]], leader: Seat, trump: int | None
) -> Replayed:
    """Plays ``cards`` in order (Law 44): hands left, leader, trick in progress, tricks won."""
    hands = {seat: set(held) for seat, held in deal_hands.items()}
    won = {"NS": 0, "EW": 0}
    trick: list[tuple[Seat, Card]] = []
    for card in cards:
        seat = Seat.from_index(leader.index + len(trick))
        assert card in hands[seat]
        if trick and card.suit_index != trick[0][1].suit_index:
            assert all(c.suit_index != trick[0][1].suit_index for c in hands[seat])
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) == 4:
            best_seat, best = trick[0]
            for other_seat, other in trick[1:]:
                higher = other.suit_index == best.suit_index and other.rank > best.rank
                ruffs = other.suit_index == trump and best.suit_index != trump
                if higher or ruffs:
                    best_seat, best = other_seat, other
            won["NS" if best_seat in (Seat.NORTH, Seat.SOUTH) else "EW"] += 1
            leader, trick = best_seat, []
    return hands, leader, [card for _, card in trick], won


def test_the_real_records_hold_claims() -> None:
    assert len(CLAIMS) == 42


@pytest.mark.parametrize(("path", "place"), CLAIMS, ids=[f"{p.name}#{n}" for p, n in CLAIMS])
def test_import_of_every_real_claim(
    path: Path, place: int, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _records(path)[place - 1]
    data, _ = _import(capsys, str(path), "--record", str(place))
    case = case_from_dict(data, "imported.yaml")
    assert case.claim is not None and record.declarer is not None
    cards = [c for t in record.tricks for c in t.cards] + [c for _, c in record.partial_trick]
    hands = {seat: set(record.deal.hand(seat)) for seat in Seat}
    held, leader, current, won = _replay(cards, hands, record.declarer.lho, record.trump_suit_index)
    position = case.claim.position
    assert {seat: set(position.hands[seat.index]) for seat in Seat} == held
    assert position.leader is leader
    assert list(position.current_trick) == current
    assert position.won == (won["NS"], won["EW"])
    assert case.claim.by is record.declarer
    declarer_won = won["NS" if record.declarer in (Seat.NORTH, Seat.SOUTH) else "EW"]
    assert declarer_won + case.claim.tricks == record.claimed_total


@pytest.mark.parametrize("place", [2, 9, 11])
def test_imported_claims_rule(
    place: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The case written for a claim is ruled by ``ruling check`` (kemistry's claims with at
    most four tricks left: the longer ones take seconds to adjudicate in pure Python)."""
    path = real_file(KEMISTRY)
    assert lin.load(path)[place - 1].claimed_total is not None
    data, _ = _import(capsys, str(path), "--record", str(place))
    case = tmp_case(data, tmp_path)
    assert run(["check", str(case), "--json"]) in (0, 1)
    result = capsys.readouterr()
    assert '"claim"' in result.out and result.err == ""


def tmp_case(data: dict[str, Any], folder: Path) -> Path:
    """The case written as YAML into ``folder``."""
    path = folder / "imported.yaml"
    path.write_text(case_yaml(data), encoding="utf-8")
    return path


def test_imported_complete_play_rules_as_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Thirteen agreed tricks: one history, the result as played; with --dispute rows, the
    rows as a careful player leaves them give the same total."""
    path = real_file("lorserker_ben_Boards_BBO/cold_6d.pbn")
    record = pbn.load(path)[0]
    assert record.declarer is not None
    played = record.tricks_won(record.declarer.side)
    for extra in ([], ["--dispute", "rows"]):
        data, _ = _import(capsys, str(path), *extra)
        assert ("rows" in data["play"]) == bool(extra)
        assert run(["check", str(tmp_case(data, tmp_path)), "--json"]) == 0
        assert f'"declarer_tricks": {played}' in capsys.readouterr().out


def _same(case: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in case.items() if key not in ("title", "source", "notes")}


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_export_reimports_to_the_same_case(path: Path) -> None:
    for record in _records(path):
        if record.contract is None:
            continue
        case = case_from_record(record, tricks=True, claim=True)
        loaded = case_from_dict(yaml.safe_load(case_yaml(case)), "case.yaml")
        for fmt, reader in (("pbn", pbn), ("lin", lin)):
            back = reader.loads(export_case(loaded, fmt), f"export.{fmt}")
            assert len(back) == 1
            again = case_from_record(back[0], tricks=True, claim=True)
            assert _same(again) == _same(case), (record.label(), fmt)


def test_export_of_a_dispute_names_what_it_leaves_out(capsys: pytest.CaptureFixture[str]) -> None:
    case = ROOT / "cases" / "example-mixed-row.yaml"
    assert run(["export", str(case), "--pbn"]) == 0
    text = capsys.readouterr().out
    assert '[Deal "N:T95.QJT7.AQJ54.K 74.K93.982.AJT74 AQJ63.A62.T76.86 K82.854.K3.Q9532"]' in text
    assert '[Contract "4S"]' in text and '[Declarer "S"]' in text and "[Play" not in text
    assert "{Not in the play: the quitted cards (play.rows of N E S W, 13 tricks)" in text
    assert "{Not in the play: the 2 statements of the dispute}" in text
    back = pbn.loads(text, "x.pbn")[0]
    assert back.result is None and not back.has_play


@pytest.mark.parametrize(
    ("name", "fmt", "sentence"),
    [
        (
            "ex01-major-penalty-card-due",
            "--pbn",
            "{Not in the play: W SQ lies as a penalty card from trick 8 (inadvertent) (agreed)}",
        ),
        (
            "ex04-premature-play",
            "--lin",
            "nt|Not in the play: E played DA prematurely to trick 8 (agreed)|",
        ),
    ],
)
def test_export_names_the_irregularities_it_cannot_hold(
    name: str, fmt: str, sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A record has no place for a penalty card or a premature play: left out silently, the
    # exported board would read as a plain play.
    assert run(["export", str(ROOT / "cases" / "irregularities" / f"{name}.yaml"), fmt]) == 0
    assert sentence in capsys.readouterr().out


def test_an_accepted_lead_out_of_turn_is_marked_in_pbn_and_cuts_lin_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """PBN 2.1 3.9 marks a lead out of turn ``^L``: Example 11's accepted lead from the wrong
    hand is written as play there and read back as the same irregularity; LIN has no mark, so
    its play stops before that trick and a comment names it."""
    case = ROOT / "cases" / "irregularities" / "ex11-declarer-lead-from-wrong-hand-accepted.yaml"
    assert run(["export", str(case), "--pbn"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[lines.index('[Play "W"]') + 9] == "D9 DT DJ ^L D2"  # columns W N E S
    assert "out of turn to trick 9" not in text  # in the play, not a comment
    (back,) = pbn.loads(text, "ex11.pbn")
    assert back.leads_out_of_turn == ((9, Seat.SOUTH, Card.parse("D2")),)
    assert len(back.tricks) == 9
    assert run(["export", str(case), "--lin"]) == 0
    text = capsys.readouterr().out
    assert "nt|Not in the play: trick 9, from S's lead of D2 out of turn, accepted" in text
    assert len(lin.loads(text, "ex11.lin")[0].tricks) == 8


def test_export_with_ruling_gives_the_adjusted_result(capsys: pytest.CaptureFixture[str]) -> None:
    """example-mixed-row is ruled 4S-1 under 65D: the adjusted result is 9 tricks."""
    case = ROOT / "cases" / "example-mixed-row.yaml"
    assert run(["export", str(case), "--lin", "--with-ruling"]) == 0
    text = capsys.readouterr().out
    assert "mc|9|" in text
    assert "nt|Ruling (ruling " in text and "credited with 9 tricks, 4S-1|" in text
    assert "nt|Law 65D: " in text
    assert lin.loads(text, "x.lin")[0].claimed_total == 9
    assert run(["export", str(case), "--pbn", "--with-ruling"]) == 0
    assert '[Result "9"]' in capsys.readouterr().out


def test_export_of_agreed_tricks_after_a_gap(capsys: pytest.CaptureFixture[str]) -> None:
    case = ROOT / "cases" / "impossible-agreed-revoke.yaml"
    assert run(["export", str(case), "--pbn"]) == 0
    assert "{Not in the play: agreed trick 2 (trick 1 is not known)}" in capsys.readouterr().out


def test_export_of_an_ending_without_deal_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    case = ROOT / "cases" / "claims" / "ending-without-deal.yaml"
    assert run(["export", str(case), "--lin"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {case}: deal: the case gives only the ending")


# -- the command -------------------------------------------------------------------------------


def test_several_boards_and_no_board_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file(USBF)
    _, err = _import(capsys, str(path), code=2)
    assert err.startswith(f"error: {path}: 30 boards in the file (expected --board N): ")
    assert "#1 board 46 (Open) 4H by E; #2 board 46 (Closed) 4H by E;" in err
    assert err.count("\n") == 1


def test_board_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file(USBF)
    _, err = _import(capsys, str(path), "--board", "46", code=2)
    assert err == (
        f"error: {path}: --board 46: 2 boards match (expected --table open or --table closed): "
        "#1 board 46 (Open) 4H by E; #2 board 46 (Closed) 4H by E\n"
    )
    data, _ = _import(capsys, str(path), "--board", "46", "--table", "closed")
    assert data["source"] == "usbf_sf_14502.lin, board 46 (Closed)"
    assert data["play"]["tricks"][1] == "S: C5 C3 CA CJ"
    assert data["claim"] == {"by": "E", "tricks": 7}


def test_missing_board(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file(KEMISTRY)
    _, err = _import(capsys, str(path), "--board", "99", code=2)
    assert err.startswith(f"error: {path}: --board 99: no such board (the file holds #1 board 1 ")
    _, err = _import(capsys, str(path), "--record", "13", code=2)
    assert err.startswith(f"error: {path}: --record 13: no such board (expected 1 to 12: ")


def test_same_board_twice_without_rooms_needs_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file("forrestrice_bridge-bots/shared_deals.pbn")
    _, err = _import(capsys, str(path), "--board", "62", code=2)
    assert "(expected --record K, the board's place in the file)" in err
    data, _ = _import(capsys, str(path), "--board", "62", "--record", "2")
    assert data["contract"] == "6SX" and data["declarer"] == "E"


def test_passed_out_board(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file("Rick-Wilson_Bridge-Game-Analysis/LBC-2026-01-26.pbn")
    _, err = _import(capsys, str(path), "--board", "1", code=2)
    assert err.startswith(f"error: {path}: board 1: no contract (passed out")


def test_output_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file(KEMISTRY)
    out = tmp_path / "board.yaml"
    assert run(["import", str(path), "--board", "2", "-o", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    assert load_case(out).claim is not None
    assert run(["import", str(path), "--board", "3", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {out}: already exists (expected a new file; --force overwrites it)\n"
    assert out.read_text(encoding="utf-8") == first
    assert run(["import", str(path), "--board", "3", "-o", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8") != first
    assert run(["export", str(out), "--pbn", "-o", str(out)]) == 2


def test_dispute_options(capsys: pytest.CaptureFixture[str]) -> None:
    path = real_file("lorserker_ben_Boards_BBO/cold_6d.pbn")
    data, _ = _import(capsys, str(path), "--dispute", "rows-unmarked", "--mixed", "W=after-dispute")
    assert data["play"]["rows"]["W"]["when"] == "after-dispute"
    assert not re.search(r"[+-]", data["play"]["rows"]["N"])
    case_from_dict(data, "x.yaml")
    _, err = _import(capsys, str(path), "--mixed", "W", code=2)
    assert "--mixed, --flip-mark, --drop-mark: they change rows" in err
    _, err = _import(capsys, str(path), "--dispute", "rows", "--flip-mark", "S1", code=2)
    assert ": --flip-mark: 'S1' is not a card" in err
    _, err = _import(capsys, str(path), "--dispute", "rows", "--mixed", "Q", code=2)
    assert ": --mixed: key 'Q' is not a seat" in err
    _, err = _import(capsys, str(path), "--dispute", "rows", "--mixed", "N=", code=2)
    assert "--mixed[N] is '' (expected one of before-agreement, after-dispute" in err
    # Options that would be ignored or contradict each other are refused, not guessed at.
    _, err = _import(capsys, str(path), "--dispute", "rows-unmarked", "--flip-mark", "CA", code=2)
    assert "--flip-mark, --drop-mark: rows-unmarked rows have no marks to turn or drop" in err
    played = _import(capsys, str(path), "--dispute", "rows")[0]["play"]["rows"]["N"].split()[0]
    card = played.rstrip("+-")
    twice = ("--dispute", "rows", "--flip-mark", card, "--flip-mark", card)
    _, err = _import(capsys, str(path), *twice, code=2)
    assert f"--flip-mark: {card} is given twice" in err
    both = ("--dispute", "rows", "--flip-mark", card, "--drop-mark", card)
    _, err = _import(capsys, str(path), *both, code=2)
    assert f"--flip-mark: {card} has its mark dropped too" in err


def test_claimer_option(capsys: pytest.CaptureFixture[str]) -> None:
    """A defender's concession: the claim is his side's share of the tricks left."""
    path = real_file(KEMISTRY)
    data, _ = _import(capsys, str(path), "--board", "2")
    left = 13 - len(data["play"]["tricks"])
    declarer = Seat.parse(data["declarer"])
    defended, _ = _import(capsys, str(path), "--board", "2", "--claimer", str(declarer.lho))
    assert defended["claim"] == {"by": str(declarer.lho), "tricks": left - data["claim"]["tricks"]}
    _, err = _import(capsys, str(path), "--board", "2", "--claimer", str(declarer.partner), code=2)
    assert "--claimer: " in err and "is dummy" in err
    # checked before the board is read: a board with no claim would never look at it
    for given in ("X", "NS", "north", ""):
        _, err = _import(capsys, str(path), "--board", "1", "--claimer", given, code=2)
        assert f"argument --claimer: expected N, E, S or W, got {given!r}" in err


def _import_text(
    folder: Path, name: str, text: str, capsys: pytest.CaptureFixture[str], code: int = 2
) -> tuple[Path, dict[str, Any], str]:
    """``ruling import`` of ``text`` written to ``folder/name``: the path, the case, stderr."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    data, err = _import(capsys, str(path), code=code)
    return path, data, err


LIN_DEAL = "qx|o1|md|3SAKQ2HK32DA32CK32,SJT9HQJTDKQJCQJT9,S876H987DT987C876,|"


def test_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Malformed records: the file, the line and what was expected; never a traceback."""
    text = LIN_DEAL + "\nmb|1N|mb|p|mb|p|mb|p|\npc|S1|\n"
    bad_lin, _, err = _import_text(tmp_path, "bad.lin", text, capsys)
    assert err == (
        f"error: {bad_lin}: board 1 (Open), trick 1, line 3: 'pc|S1|' "
        "(expected a card like SA, hT or c10)\n"
    )
    bad_pbn, _, err = _import_text(tmp_path, "bad.pbn", '[Board "1"]\n[Deal "N:AKQ"]\n', capsys)
    assert err.startswith(f"error: {bad_pbn}: game 1 (board 1) [Deal]: ")
    assert "expected a deal like" in err
    other, _, err = _import_text(tmp_path, "notes.txt", "hello\n", capsys)
    assert err.startswith(f"error: {other}: not a PBN or LIN record (expected ")
    _, err = _import(capsys, str(tmp_path / "none.lin"), code=2)
    assert err == f"error: {tmp_path / 'none.lin'}: no such file\n"


def test_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["import", "x.lin", "--bord", "3"]) == 2
    assert "unrecognized arguments: --bord" in capsys.readouterr().err
    assert run(["export", "x.yaml"]) == 2
    assert "one of the arguments --pbn --lin is required" in capsys.readouterr().err


@pytest.mark.parametrize("title", ["", "   "])
def test_an_empty_title_is_refused_not_replaced(
    title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["import", str(real_file(USBF)), "--board", "1", "--title", title]) == 2
    assert "--title: expected some text (leave --title out for the default title)" in (
        capsys.readouterr().err
    )


def test_dispute_rows_with_a_claim_give_the_whole_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rows do not say who won which trick: the claim then carries hands, leader and won."""
    path = real_file(KEMISTRY)
    agreed, _ = _import(capsys, str(path), "--board", "9")
    rows, _ = _import(capsys, str(path), "--board", "9", "--dispute", "rows")
    assert "tricks" not in rows["play"] and len(rows["play"]["rows"]) == 4
    position = rows["claim"]["position"]
    assert set(position) == {"hands", "leader", "current_trick", "won"}
    assert position["current_trick"] == agreed["claim"]["position"]["current_trick"]
    from_rows = case_from_dict(rows, "rows.yaml").claim
    from_tricks = case_from_dict(agreed, "tricks.yaml").claim
    assert from_rows is not None and from_tricks is not None
    assert from_rows.position == from_tricks.position
    assert from_rows.tricks == from_tricks.tricks


def test_a_claim_the_play_cannot_give(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """mc|13| after declarer's side has lost a trick: the record contradicts itself."""
    text = LIN_DEAL + "mb|1N|mb|p|mb|p|mb|p|pc|C4|pc|C2|pc|CQ|pc|C8|mc|13|\n"
    record, _, err = _import_text(tmp_path, "claim.lin", text, capsys)
    assert err == (
        f"error: {record}: board 1 (Open): the claim gives declarer's side 13 tricks in all, "
        "but it had won 0 of the first 1 with 12 left (expected 0 to 12)\n"
    )


def test_a_board_without_play_is_imported_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        '[Board "3"]\n[Dealer "S"]\n[Declarer "N"]\n[Contract "3NT"]\n'
        '[Deal "N:AKQ2.K32.A32.K32 JT9.QJT.KQJ.QJT9 876.987.T987.876 543.A654.654.A54"]\n'
    )
    record, data, err = _import_text(tmp_path, "deal.pbn", text, capsys, code=0)
    assert data["play"] == {} and data["contract"] == "3NT"
    assert err == (
        f"note: {record}: board 3: the record gives no play; write what is known of it into "
        "the case (docs/case-format.md)\n"
    )


BROKEN_SECOND_GAME = (
    '[Board "1"]\n[Dealer "N"]\n[Declarer "S"]\n[Contract "3NT"]\n'
    '[Deal "N:AKQ2.K32.A32.K32 JT9.QJT.KQJ.QJT9 876.987.T987.876 543.A654.654.A54"]\n\n'
    '[Board "2"]\n[Dealer "E"]\n[Declarer "S"]\n[Contract "3NTXR"]\n'
    '[Deal "N:AKQ2.K32.A32.K32 JT9.QJT.KQJ.QJT9 876.987.T987.876 543.A654.654.A54"]\n'
)


def test_a_broken_game_of_an_archive_does_not_stop_the_import_of_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "archive.pbn"
    path.write_text(BROKEN_SECOND_GAME, encoding="utf-8")
    broken = f"{path}: game 2 (board 2) [Contract]: got '3NTXR' (expected Pass or a contract"
    data, err = _import(capsys, str(path), "--board", "1")
    assert data["board"] == 1 and data["contract"] == "3NT"
    assert err.startswith(f"note: {broken}") and "(that board is left out" in err
    # The broken board itself, asked for, is an error that names why it cannot be read.
    _, err = _import(capsys, str(path), "--board", "2", code=2)
    assert err.startswith(f"error: {path}: --board 2: no such board (the file holds #1 board 1")
    assert "1 board(s) of the file cannot be read, the first game 2 (board 2)" in err
    # Asked for no board, the file's error stands: the one board left need not be the one meant.
    _, err = _import(capsys, str(path), code=2)
    assert err.startswith(f"error: {broken}")


def test_a_boards_place_is_its_place_in_the_file_as_the_audit_numbers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With game 2 of three broken, ``--record 3`` is still the third game (the audit's
    ``record`` column), and ``--record 2`` says why that board could not be read."""
    games = (
        real_file("forrestrice_bridge-bots/sample.pbn").read_text(encoding="utf-8").split("\n\n")
    )
    assert len(games) >= 3
    broken = games[1].replace('[Result "', '[Result "1', 1)
    path = tmp_path / "three.pbn"
    path.write_text("\n\n".join([games[0], broken, games[2]]) + "\n", encoding="utf-8")
    third = pbn.load(real_file("forrestrice_bridge-bots/sample.pbn"))[2]
    data, _ = _import(capsys, str(path), "--record", "3")
    assert data["board"] == third.board and data["contract"] == str(third.contract)
    _, err = _import(capsys, str(path), "--record", "2", code=2)
    assert "--record 2: no such board (expected one of the places listed: #1 " in err
    assert "this one game 2 (board" in err and "[Result]" in err


def test_a_hand_viewer_link_given_in_place_of_a_file_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An online TD pastes the board's BBO link on the command line: the link carries the LIN,
    nothing is fetched."""
    out = tmp_path / "board2.yaml"
    assert run(["import", handviewer_link(2), "-o", str(out)]) == 0
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert (case["board"], case["contract"], case["source"]) == (
        2,
        "1H",
        "BBO link, board 2 (Open)",
    )
    broken = "https://www.bridgebase.com/tools/handviewer.html?lin=zz"
    assert run(["import", broken]) == 2
    assert "error: BBO link: line 1: expected 'key|value|'" in capsys.readouterr().err
