"""The writers never write what their own reader refuses: a title of several lines, names with
the format's separators, an opening lead out of turn, a character UTF-8 cannot hold."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from solver.bridge import Contract, Seat
from solver.errors import CaseFileError
from solver.records import lin, lin_write, loads_case, pbn, pbn_write
from solver.records.export import export_case
from solver.records.record import Record
from tests.cli_helpers import run
from tests.strategies import random_deal

CASE = """\
title: {title}
board: 1
vulnerable: None
deal: N:T95.QJT7.AQJ54.K 74.K93.982.AJT74 AQJ63.A62.T76.86 K82.854.K3.Q9532
contract: 4S
declarer: S
{leader}play:
  tricks:
    1: "{trick}"
statements: []
"""
TITLE = '"line1\\n[Deal \\"N:...\\"]\\r\\nline3\\u2028end"'


def case_text(title: str = TITLE, leader: str = "", trick: str = "W: C3 CK CA C6") -> str:
    return CASE.format(title=title, leader=leader, trick=trick)


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_title_of_several_lines_is_written_on_one_and_read_back(fmt: str) -> None:
    case = loads_case(case_text(), "t.yaml")
    reader = pbn if fmt == "pbn" else lin
    (record,) = reader.loads(export_case(case, fmt), f"t.{fmt}")  # type: ignore[arg-type]
    assert record.event == 'line1 [Deal "N:..."] line3 end'
    assert len(record.tricks) == 1 and record.contract == Contract.parse("4S")


def test_the_exported_title_imports_again_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "case.yaml"
    source.write_text(case_text(), encoding="utf-8")
    for fmt in ("pbn", "lin"):
        written = tmp_path / f"back.{fmt}"
        assert run(["export", str(source), f"--{fmt}", "-o", str(written)]) == 0
        assert run(["import", str(written), "-o", str(tmp_path / f"back-{fmt}.yaml")]) == 0
    assert "error" not in capsys.readouterr().err


def test_a_character_utf8_cannot_write_is_refused_naming_the_title() -> None:
    # A case file cannot hold it (the loader refuses the escape); a case made in Python can.
    case = dataclasses.replace(loads_case(case_text(), "t.yaml"), title="bad \ud800 title")
    for fmt in ("pbn", "lin"):
        with pytest.raises(CaseFileError) as caught:
            export_case(case, fmt)  # type: ignore[arg-type]
        assert caught.value.location == "title" and "U+D800" in caught.value.message


def test_a_lead_out_of_turn_is_play_in_pbn_and_a_comment_in_lin() -> None:
    """Law 54: East's opening lead out of turn, accepted. PBN's [Play] names the leader; LIN
    cannot (its reader has declarer's left-hand opponent lead), so the cards go in a comment
    rather than to the wrong players, and the LIN writer refuses such a record outright."""
    case = loads_case(
        case_text(title="rho", leader="opening_leader: E\n", trick="E: CA C6 C3 CK"), "t.yaml"
    )
    (record,) = pbn.loads(export_case(case, "pbn"), "t.pbn")
    assert record.opening_leader is Seat.EAST
    assert [str(card) for card in record.tricks[0].cards] == ["CA", "C6", "C3", "CK"]
    text = export_case(case, "lin")
    (back,) = lin.loads(text, "t.lin")
    assert not back.has_play and back.contract == Contract.parse("4S")
    assert "from E's opening lead out of turn, accepted (Law 54)" in text
    with pytest.raises(CaseFileError) as caught:
        lin_write.dumps([record])
    assert "LIN cannot hold a lead out of turn" in caught.value.message


@pytest.mark.parametrize("seed", range(20))
def test_names_and_events_with_separators_and_line_breaks_round_trip(seed: int) -> None:
    """Each writer's output is read back by its reader; what a value loses is only its line
    breaks (PBN, LIN) and LIN's separators, ``|`` and ``,``, written ``/`` and ``;``."""
    rng = random.Random(seed)
    pieces = ["Ann", "Smith, J", 'The "Cup"', "a|b", "two\nlines", "{brace}", "back\\slash", "x"]
    players = {seat: rng.choice(pieces) for seat in Seat}
    event = " ".join(rng.choice(pieces) for _ in range(3))
    record = Record(
        "x", 0, 7, event, random_deal(rng), Seat.SOUTH, "EW", None, None, players=players
    )
    (back,) = pbn.loads(pbn_write.dumps([record]), "x.pbn")
    assert back.event == " ".join(event.splitlines())
    assert back.players == {seat: " ".join(name.splitlines()) for seat, name in players.items()}
    (back,) = lin.loads(lin_write.dumps([record]), "x.lin")
    assert back.players == {
        seat: " ".join(name.split()).replace("|", "/").replace(",", ";")
        for seat, name in players.items()
    }
    assert back.vulnerable == "EW" and back.board == 7
