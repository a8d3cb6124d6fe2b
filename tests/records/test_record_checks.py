"""What the record readers refuse or note rather than guess: an opening leader who is declarer
or dummy, an auction the laws do not allow, a tag given twice, a negative board number, two
claims, play after a claim, and a vulnerability not given."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.audit.boards import ClaimTask, Unreadable, claims_in
from solver.bridge import Contract, Seat
from solver.errors import CaseFileError
from solver.records import lin, pbn
from tests.cli_helpers import run

DEAL = "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"


def game(
    *, leader: str = "W", head: str = '[Board "1"]\n[Vulnerable "None"]\n', tags: str = ""
) -> str:
    """A PBN game: 5H by South, three tricks played, then a claim of 10."""
    return (
        f'[Event "Test"]\n{head}[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
        f'[Contract "5H"]\n[Result "10"]\n{tags}[Play "{leader}"]\n'
        "DQ D3 D4 D2\nSK S2 S4 SJ\nDJ DT DK D7\n*\n"
    )


def without_contract(auction: str) -> str:
    """The game with its contract to be read from ``auction`` (dealer North)."""
    text = game(tags=f'[Auction "N"]\n{auction.rstrip()}\n')
    return text.replace('[Contract "5H"]\n', "").replace('[Declarer "S"]\n', "")


def pbn_error(text: str) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        pbn.loads(text, "t.pbn")
    return caught.value


# -- PBN: the opening leader (report item 2) -------------------------------------------------


@pytest.mark.parametrize(("leader", "role"), [("N", "dummy"), ("S", "declarer")])
def test_an_opening_lead_by_declarer_or_dummy_is_refused_naming_the_play_tag(
    leader: str, role: str
) -> None:
    error = pbn_error(game(leader=leader))
    assert error.location == "game 1 (board 1) [Play]"
    assert f"is {role}" in error.message and "expected W, the player on declarer's left" in (
        error.message
    )


def test_a_lead_by_declarers_right_hand_opponent_is_still_read() -> None:
    """Law 54: declarer may accept a lead out of turn; the [Play] tag says who led."""
    (record,) = pbn.loads(game(leader="E").replace("DQ D3 D4 D2", "D3 D4 D2 DQ"))
    assert record.opening_leader is Seat.EAST


def test_the_import_exits_2_and_the_audit_leaves_the_board_out_but_reads_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(game(leader="N") + "\n" + game(head='[Board "2"]\n'), encoding="utf-8")
    assert run(["import", str(path), "--record", "1"]) == 2
    assert "[Play]: got N: North is dummy" in capsys.readouterr().err
    assert run(["import", str(path)]) == 2  # none asked for: the first error stops it
    items = list(claims_in([path]))
    unreadable = [item for item in items if isinstance(item, Unreadable)]
    claims = [item for item in items if isinstance(item, ClaimTask)]
    assert len(unreadable) == 1 and "dummy" in unreadable[0].reason
    assert unreadable[0].key.record == 1
    assert [claim.board for claim in claims] == [2]


# -- PBN: the auction (item 9) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ("1C 1S 2H 4S\n1H Pass Pass Pass", "'1H' on line 9: the bid 1H is not higher than 4S"),
        ("1C 1S 2H 4S\n5H Pass X AP", "'X' on line 9: the double is of partner's 5H"),
        ("1C 1S 2H 4S\n5H XX AP", "'XX' on line 9: the redouble comes after 5H, not a double"),
        ("1C X Pass XX\nAP", "'XX' on line 8: the redouble is of partner's X"),
        ("1C X XX X\nAP", "'X' on line 8: the double comes after XX, not a bid"),
        ("X 1C AP", "the double comes before any bid"),
        ("1C 1S 2H 4S\n5H AP Pass", "'Pass' on line 9: the call Pass comes after the auction"),
    ],
    ids=[
        "insufficient",
        "double-partner",
        "redouble-a-bid",
        "redouble-partner",
        "double-a-redouble",
        "no-bid",
        "after",
    ],
)
def test_a_call_the_laws_do_not_allow_is_refused_naming_the_call_and_the_rule(
    auction: str, expected: str
) -> None:
    error = pbn_error(without_contract(auction))
    assert error.location == "game 1 (board 1) [Auction]"
    assert expected in error.message


def test_an_illegal_auction_is_refused_when_the_contract_tag_is_given_too() -> None:
    error = pbn_error(game(tags='[Auction "N"]\n1C 1S 2H 4S\n1H Pass Pass Pass\n'))
    assert error.location.endswith("[Auction]") and "an insufficient bid" in error.message


def test_alerts_notes_annotations_ap_and_a_star_still_read() -> None:
    auction = '1C! 1S =1= 2H $1 4S\n5H! X AP\n[Note "1:five spades"]\n'
    (record,) = pbn.loads(without_contract(auction))
    assert record.contract == Contract.parse("5HX") and record.declarer is Seat.SOUTH
    # With [Contract] given, an auction that stops with '*' is fine: it is only checked.
    (record,) = pbn.loads(game(tags='[Auction "N"]\n1C 1S 2H 4S\n5H *\n'))
    assert record.contract == Contract.parse("5H") and record.notes == ()


def test_a_word_that_is_not_a_call_beside_a_contract_tag_is_noted_not_refused() -> None:
    (record,) = pbn.loads(game(tags='[Auction "N"]\n1C 1S 2H 4S\n5H foo AP\n'))
    assert record.contract == Contract.parse("5H")
    assert any("'foo' on line 11, which is not a call" in note for note in record.notes)


def test_a_star_without_contract_still_names_the_auction() -> None:
    error = pbn_error(without_contract("1C 1S 2H 4S\n5H *"))
    assert error.location.endswith("[Auction]")
    assert "got '*' on line 9" in error.message and "not finished" in error.message


# -- PBN: tags given twice, the vulnerability (items 14, 22) ---------------------------------


@pytest.mark.parametrize(
    ("tag", "extra", "expected"),
    [
        ("Board", '[Board "2"]\n', "given twice in one game, '1' on line 2 and '2' on line 3"),
        ("Contract", '[Contract "3NT"]\n', "given twice in one game, '5H' on line 7 and '3NT'"),
    ],
)
def test_a_tag_given_twice_in_a_game_is_refused_naming_it(
    tag: str, extra: str, expected: str
) -> None:
    text = game()
    anchor = f"[{tag} "
    line_end = text.index("\n", text.index(anchor)) + 1
    error = pbn_error(text[:line_end] + extra + text[line_end:])
    assert error.location == f"game 1 (board 1) [{tag}]"
    assert expected in error.message


def test_a_tag_the_reader_does_not_read_given_twice_is_only_noted() -> None:
    """Two [Score]s (seen in a public archive) say nothing the case uses: refusing the board
    for them would lose it for a value never read."""
    (record,) = pbn.loads(game(head='[Board "1"]\n[Score "EW 110"]\n[Score "NS -150"]\n'))
    assert record.board == 1
    assert any(note.startswith("[Score] given twice, on lines") for note in record.notes)


def test_a_repeated_event_still_starts_the_next_game() -> None:
    records = pbn.loads(game() + game(head='[Board "2"]\n[Vulnerable "All"]\n'))
    assert [(r.board, r.vulnerable) for r in records] == [(1, "None"), (2, "All")]


def test_a_tag_given_twice_leaves_the_board_out_of_an_archive_but_not_the_others() -> None:
    problems: list[CaseFileError] = []
    text = game(head='[Board "1"]\n[Board "1"]\n') + "\n" + game(head='[Board "2"]\n')
    records = pbn.loads(text, "t.pbn", errors=problems)
    assert [r.board for r in records] == [2]
    assert len(problems) == 1 and problems[0].location.endswith("[Board]")


@pytest.mark.parametrize(("head", "given"), [("", "not given"), ('[Vulnerable ""]\n', "empty")])
def test_a_vulnerability_not_given_reads_as_none_with_a_note(head: str, given: str) -> None:
    (record,) = pbn.loads(game(head='[Board "1"]\n' + head))
    assert record.vulnerable == "None"
    assert any(f"[Vulnerable] is {given}: read as none vulnerable" in n for n in record.notes)


# -- LIN -------------------------------------------------------------------------------------

HANDS = "1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,"
"""South deals; 3NT by North (p 1H 2N p 3N p p p: North bid notrump first), East leads."""
AUCTION = "mb|p|mb|1H|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
PLAY = "pc|H4|pc|H2|pc|HJ|pc|HA|pc|DA|pc|D4|pc|D3|pc|S3|"


def lin_board(
    auction: str = AUCTION, play: str = PLAY, tail: str = "mc|8|", head: str = "sv|n|"
) -> str:
    return f"pn|a,b,c,d|md|{HANDS}|ah|Board 15|{head}{auction}{play}{tail}pg||\n"


def lin_error(text: str) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        lin.loads(text, "t.lin")
    return caught.value


def test_the_lin_board_reads() -> None:
    (record,) = lin.loads(lin_board())
    assert (record.contract, record.declarer) == (Contract.parse("3NT"), Seat.NORTH)
    assert record.claimed_total == 8 and record.notes == ()


@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        (AUCTION.replace("mb|3N|", "mb|1N|"), "'mb|1N|': the bid 1NT is not higher than 2NT"),
        (AUCTION.replace("mb|3N|mb|p|", "mb|3N|mb|p|mb|d|"), "'mb|d|': the double is of partner"),
        (AUCTION.replace("mb|3N|", "mb|3N|mb|r|"), "'mb|r|': the redouble comes after 3NT"),
        (AUCTION + "mb|p|", "'mb|p|': the call Pass comes after the auction ended"),
        (AUCTION.replace("mb|1H|", "mb|1H!|"), None),
    ],
    ids=["insufficient", "double-partner", "redouble-undoubled", "after-the-end", "alert"],
)
def test_a_lin_call_the_laws_do_not_allow_is_refused(auction: str, expected: str | None) -> None:
    if expected is None:
        (record,) = lin.loads(lin_board(auction))
        assert record.contract == Contract.parse("3NT")
        return
    error = lin_error(lin_board(auction))
    assert error.location == "board 15, line 1" and expected in error.message


def test_a_bid_between_cards_is_refused_as_the_auction_not_the_play() -> None:
    error = lin_error(lin_board(play=PLAY.replace("pc|DA|", "mb|7N|pc|DA|")))
    assert "'mb|7N|' comes after play began ('pc|H4|' on line 1" in error.message
    assert "trick" not in error.location


def test_an_insufficient_bid_is_blamed_not_the_first_trick_it_does_not_fit() -> None:
    """1C after 2NT would make clubs trumps by West; the auction is what is wrong."""
    error = lin_error(lin_board(AUCTION.replace("mb|3N|", "mb|1C|")))
    assert "'mb|1C|'" in error.message and "an insufficient bid" in error.message
    assert "trick" not in error.location


def test_an_unfinished_lin_auction_is_refused_with_play_and_noted_without() -> None:
    unfinished = "mb|p|mb|1H|mb|2N|mb|p|mb|3N|"
    error = lin_error(lin_board(unfinished))
    assert "the auction is not finished after 'mb|3N|'" in error.message
    (record,) = lin.loads(lin_board(unfinished, play="", tail=""))
    assert record.contract is None
    assert any("the auction is not finished" in note for note in record.notes)


def test_a_negative_lin_board_number_is_refused() -> None:
    error = lin_error(lin_board().replace("Board 15", "Board -3"))
    assert "board number -3 (expected 1 to" in error.message


def test_a_missing_sv_reads_as_none_vulnerable_with_a_note() -> None:
    (record,) = lin.loads(lin_board(head=""))
    assert record.vulnerable == "None"
    assert any("no 'sv|' (vulnerability)" in note for note in record.notes)


def test_two_claims_of_different_totals_are_refused_the_same_twice_read_once() -> None:
    error = lin_error(lin_board(tail="mc|8|mc|7|"))
    assert "a second claim 'mc|7|' after 'mc|8|'" in error.message
    (record,) = lin.loads(lin_board(tail="mc|8|mc|8|"))
    assert record.claimed_total == 8


def test_play_after_a_claim_withdraws_it_with_a_note() -> None:
    (record,) = lin.loads(lin_board(tail="mc|8|pc|DJ|"))
    assert record.claimed_total is None and len(record.partial_trick) == 1
    assert any("'mc|8|' on line 1 is followed by more play" in note for note in record.notes)
