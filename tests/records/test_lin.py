"""The LIN reader: real hand records and vugraph streams, the auction, claims, errors."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from solver.bridge import Card, Contract, Deal, Seat, Trick
from solver.errors import CaseFileError
from solver.records import lin
from solver.records.casefile import record_format

from . import assert_legal_play, real_file, real_files

USBF = "forrestrice_bridge-bots/usbf_sf_14502.lin"
KEMISTRY = "Rick-Wilson_EDGAR-Defense-Toolkit/kemistry-boards-2026-01-14.lin"
SAMPLE = "forrestrice_bridge-bots/sample.lin"


def trick(number: int, leader: str, text: str) -> Trick:
    played = tuple(Card.parse(item) for item in text.split())
    return Trick(number, Seat.parse(leader), (played[0], played[1], played[2], played[3]))


# The deal N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65,
# given as LIN hands South, West, North (East left out), North dealing.
HANDS = "S65432HJ7DAKQ2CAK,SH65432DT943CQJ65,SAKQJHT98D765C432,"
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65")
AUCTION = "mb|p|mb|p|mb|1N|mb|p|mb|p|mb|p|"


def board(
    play: str = "pc|H2|pc|HT|pc|HA|pc|HJ|", *, auction: str = AUCTION, number: int = 1
) -> str:
    """One LIN board on DEAL: South declares 1NT, West leads."""
    return f"qx|o{number}|pn|s,w,n,e|md|3{HANDS}|sv|n|{auction}{play}pg||\n"


# -- the real files ---------------------------------------------------------------------------


def test_every_real_lin_board_reads_and_its_play_obeys_law_44() -> None:
    paths = real_files("**/*.lin")
    assert len(paths) == 4
    for path in paths:
        for record in lin.load(path):
            assert_legal_play(record)


def test_lin_totals_match_sources_44_played_36_claims_20_mid_trick_8_full() -> None:
    records = [r for path in real_files("**/*.lin") for r in lin.load(path)]
    assert sum(r.has_play for r in records) == 44
    claims = [r for r in records if r.claimed_total is not None]
    assert len(claims) == 36
    assert sum(bool(r.partial_trick) for r in claims) == 20
    assert sum(r.play_complete for r in records) == 8


def test_usbf_vugraph_has_30_boards_all_claimed_18_mid_trick() -> None:
    records = lin.load(real_file(USBF))
    assert len(records) == 30
    assert all(r.has_play and r.claimed_total is not None for r in records)
    assert sum(bool(r.partial_trick) for r in records) == 18
    assert [r.room for r in records[:4]] == ["Open", "Closed", "Open", "Closed"]
    assert [r.board for r in records[::2]] == list(range(46, 61))
    assert all(r.event == "2010 USBF SF A" for r in records)


def test_usbf_contracts_declarers_and_claims_agree_with_the_rs_results_line() -> None:
    path = real_file(USBF)
    found = re.search(r"rs\|([^|]*)\|", path.read_text())
    assert found is not None
    results = found.group(1).split(",")
    records = lin.load(path)
    assert len(results) == len(records) == 30
    for text, record in zip(results, records, strict=True):
        match = re.fullmatch(r"(\d)([CDHSN])([NESW])(x*)([=+-]\d*)", text)
        assert match, text
        level, strain, declarer, doubled, outcome = match.groups()
        expected = Contract.parse(level + strain + doubled.upper())
        assert (record.contract, record.declarer) == (expected, Seat.parse(declarer)), text
        made = int(level) + 6 + (0 if outcome == "=" else int(outcome))
        assert record.claimed_total == made == record.result, text


def test_usbf_board_46_open_room_is_read_by_hand() -> None:
    record = lin.load(real_file(USBF))[0]
    assert (record.board, record.room, str(record.contract), record.declarer) == (
        46,
        "Open",
        "4H",
        Seat.EAST,
    )
    assert record.dealer is Seat.EAST and record.vulnerable == "None"
    assert record.tricks[0] == trick(1, "S", "C2 C3 CA CJ")
    assert record.tricks[1] == trick(2, "N", "D7 D5 DA D4")
    assert len(record.tricks) == 5 and record.partial_trick == () and record.claimed_total == 10
    assert record.players == {
        Seat.SOUTH: "Meckstroth",
        Seat.WEST: "Levin",
        Seat.NORTH: "Rodwell",
        Seat.EAST: "Weinstein",
    }


def test_usbf_closed_room_takes_the_second_four_names_and_a_mid_trick_claim() -> None:
    records = lin.load(real_file(USBF))
    assert records[1].players[Seat.EAST] == "Mahmood"
    assert records[1].deal == records[0].deal
    open_47 = records[2]
    assert (open_47.board, str(open_47.contract), open_47.declarer) == (47, "3NT", Seat.WEST)
    assert [card for _, card in open_47.partial_trick] == [Card.parse("D5"), Card.parse("DJ")]
    assert open_47.claimed_total == 10


def test_kemistry_one_board_a_line_gives_12_boards_7_full_5_claims() -> None:
    records = lin.load(real_file(KEMISTRY))
    assert [r.board for r in records] == list(range(1, 13))
    assert sum(r.play_complete for r in records) == 7
    assert [r.board for r in records if r.claimed_total is not None] == [2, 6, 9, 11, 12]
    assert [r.board for r in records if r.partial_trick] == [9, 11]


def test_kemistry_boards_1_9_and_12_are_read_by_hand() -> None:
    records = lin.load(real_file(KEMISTRY))
    first = records[0]
    # North deals: 1S p p 2H X p 2S p p 3H p p X p p p -- West bid hearts first.
    assert (str(first.contract), first.declarer, first.dealer) == ("3HX", Seat.WEST, Seat.NORTH)
    assert first.tricks[0] == trick(1, "N", "DK DA D5 D4") and first.result == 7
    ninth = records[8]
    assert (str(ninth.contract), ninth.declarer, ninth.vulnerable) == ("5CX", Seat.NORTH, "EW")
    assert [card for _, card in ninth.partial_trick] == [Card.parse("S6")]
    last = records[11]
    assert (str(last.contract), last.declarer, last.vulnerable) == ("5H", Seat.WEST, "NS")
    assert last.tricks == (trick(1, "N", "SA S3 S4 S5"), trick(2, "N", "CA C7 C2 C3"))
    assert last.claimed_total == 11 and last.players[Seat.WEST] == "wacky1"


def test_sample_lin_with_the_fourth_hand_left_out_is_a_full_deal_and_full_play() -> None:
    (record,) = lin.load(real_file(SAMPLE))
    assert record.deal.to_pbn() == (
        "N:K5.A.AJT52.J9762 AT7.T94.984.K853 Q982.Q82.KQ763.T J643.KJ7653..AQ4"
    )
    assert (record.board, str(record.contract), record.declarer) == (15, "3NT", Seat.NORTH)
    assert record.tricks[0] == trick(1, "E", "H4 H2 HJ HA")
    assert record.play_complete and record.claimed_total is None
    assert record.result == record.declarer_tricks_played
    assert record.players[Seat.NORTH] == "smalark"


def test_every_real_lin_deal_round_trips_through_pbn() -> None:
    for path in real_files("**/*.lin"):
        for record in lin.load(path):
            for first in Seat:
                assert Deal.from_pbn(record.deal.to_pbn(first)) == record.deal


# -- LIN features on small inputs --------------------------------------------------------------


def test_a_small_board_gives_contract_declarer_and_tricks() -> None:
    (record,) = lin.loads(board("pc|H2|pc|HT|pc|HA|pc|HJ|pc|s7|pc|s2|pc|c5|pc|sA|"), "t.lin")
    assert record.deal == DEAL and record.source == "t.lin"
    assert (record.contract, record.declarer, record.vulnerable) == (
        Contract.parse("1NT"),
        Seat.SOUTH,
        "NS",
    )
    assert record.tricks == (trick(1, "W", "H2 HT HA HJ"), trick(2, "E", "S7 S2 C5 SA"))
    assert record.players == {Seat.SOUTH: "s", Seat.WEST: "w", Seat.NORTH: "n", Seat.EAST: "e"}


def test_the_fourth_hand_may_be_given_and_ten_written_as_10() -> None:
    text = board().replace(HANDS, HANDS + "S10987HAKQDJ8CT987").replace("pc|HT|", "pc|h10|")
    (record,) = lin.loads(text)
    assert record.deal == DEAL and record.tricks[0].cards[1] == Card.parse("HT")


def test_doubles_redoubles_and_the_first_to_bid_the_strain_declares() -> None:
    auctions = {
        "mb|1S|mb|d|mb|r|mb|p|mb|p|mb|p|": ("1SXX", Seat.NORTH),
        "mb|1S|mb|d|mb|2H|mb|p|mb|p|mb|p|": ("2H", Seat.SOUTH),
        "mb|1H!|an|hearts|mb|p|mb|4H|mb|p|mb|p|mb|P|": ("4H", Seat.NORTH),
        "mb|p|mb|1C|mb|p|mb|1N|mb|p|mb|3NT|mb|d!|mb|p|mb|p|mb|p|": ("3NTX", Seat.WEST),
    }
    for auction, (contract, declarer) in auctions.items():
        (record,) = lin.loads(board("", auction=auction))
        assert (str(record.contract), record.declarer) == (contract, declarer), auction


def test_a_passed_out_board_has_no_contract() -> None:
    (record,) = lin.loads(board("", auction="mb|p|mb|p|mb|p|mb|p|"))
    assert record.contract is None and record.declarer is None and not record.has_play


def test_a_claim_mid_trick_keeps_the_cards_of_the_unfinished_trick() -> None:
    (record,) = lin.loads(board("pc|H2|pc|HT|pc|HA|pc|HJ|pc|S7|pc|S2|mc|1|"))
    assert len(record.tricks) == 1
    assert record.partial_trick == ((Seat.EAST, Card.parse("S7")), (Seat.SOUTH, Card.parse("S2")))
    assert record.claimed_total == 1 == record.result


def test_a_card_played_after_a_claim_withdraws_it() -> None:
    (record,) = lin.loads(board("pc|H2|pc|HT|mc|7|pc|HA|pc|HJ|"))
    assert record.claimed_total is None and len(record.tricks) == 1


def test_a_second_deal_without_qx_starts_a_new_board() -> None:
    one = f"pn|s,w,n,e|md|3{HANDS}|ah|Board 7|{AUCTION}pc|H2|pg||\n"
    records = lin.loads(one + one.replace("Board 7", "Board 8"))
    assert [r.board for r in records] == [7, 8] and [r.index for r in records] == [0, 1]


def test_an_ah_without_a_number_is_noted_not_passed_over() -> None:
    text = f"pn|s,w,n,e|md|3{HANDS}|ah|Board x|{AUCTION}pc|H2|pg||\n"
    (record,) = lin.loads(text)
    assert record.board is None
    assert any("'ah|Board x|' names no board number" in note for note in record.notes)
    (numbered,) = lin.loads(text.replace("Board x", "Board 7"))
    assert numbered.board == 7 and not any("board number" in n for n in numbered.notes)


def test_eight_names_give_the_closed_room_its_own_players() -> None:
    text = "pn|a,b,c,d,e,f,g,h|" + board().replace("pn|s,w,n,e|", "").replace("qx|o1|", "qx|c1|")
    (record,) = lin.loads(text)
    assert record.room == "Closed" and record.players[Seat.SOUTH] == "e"


# -- errors -----------------------------------------------------------------------------------


def error_of(text: str) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        lin.loads(text, "bad.lin")
    assert caught.value.path == "bad.lin"
    return caught.value


def test_a_revoke_names_board_trick_and_line() -> None:
    error = error_of("\n" + board("pc|H2|pc|SA|"))
    assert error.location == "board 1 (Open), trick 1, line 2"
    assert "North plays SA" in error.message and "must follow" in error.message


def test_a_card_the_player_does_not_hold_is_an_error() -> None:
    error = error_of(board("pc|HA|"))
    assert "trick 1" in error.location and "West plays HA, which was dealt to East" in error.message


def test_unreadable_cards_calls_claims_and_vulnerability_are_errors() -> None:
    assert "expected a card" in error_of(board("pc|Z9|")).message
    assert "expected a call" in error_of(board("", auction="mb|9Q|")).message
    assert "0 to 13" in error_of(board("mc|14|")).message
    assert "expected o, n, e or b" in error_of(board().replace("sv|n|", "sv|q|")).message


@pytest.mark.parametrize("number", [0, 1_000_000])
def test_a_board_number_out_of_range_is_named(number: int) -> None:
    error = error_of(board(number=number))
    assert error.location == f"board {number} (Open), line 1"
    assert error.message == f"board number {number} (expected 1 to 999999)"


@pytest.mark.parametrize("written", ["qx|o" + "9" * 5000, "ah|Board " + "9" * 5000])
def test_a_board_number_of_thousands_of_digits_is_refused(written: str) -> None:
    # Python refuses to read a number of more than 4,300 digits: a message, not a traceback.
    error = error_of(board().replace("qx|o1", written))
    assert error.location == "board #1, line 1"
    assert error.message.startswith("a board number of 5000 characters in '")


def test_a_superscript_is_no_dealer_digit_nor_a_claim() -> None:
    assert (
        "has '²', which is no suit letter or rank"
        in error_of(board().replace("md|3", "md|²")).message
    )
    assert "0 to 13" in error_of(board("mc|²|")).message
    assert "0 to 13" in error_of(board("mc|" + "9" * 5000 + "|")).message


def test_bad_deals_are_errors() -> None:
    assert "13 cards" in error_of(board().replace("S65432HJ7", "S6543HJ7")).message
    assert "dealer digit" in error_of(board().replace("md|3", "md|7")).message
    assert "two hands" in error_of(board().replace("SAKQJHT98", "SAKQ2HT98")).message


def test_play_on_a_passed_out_board_and_play_before_any_deal_are_errors() -> None:
    assert "no contract" in error_of(board(auction="mb|p|mb|p|mb|p|mb|p|")).message
    assert "before any deal" in error_of("pc|H2|" + board()).message


def test_text_that_is_not_lin_is_an_error_naming_the_line() -> None:
    assert error_of('[Event "x"]\n[Deal "N:..."]\n').location == "line 1"
    assert "without a value" in error_of("qx|o1|md").message


def test_errors_can_be_collected_while_the_good_boards_are_read() -> None:
    problems: list[CaseFileError] = []
    text = board("pc|H2|pc|SA|", number=1) + board(number=2)
    records = lin.loads(text, "two.lin", errors=problems)
    assert [(r.board, r.index) for r in records] == [(2, 1)]
    assert len(problems) == 1 and problems[0].location.startswith("board 1")


def test_a_missing_file_is_a_case_file_error(tmp_path: Path) -> None:
    with pytest.raises(CaseFileError, match="cannot be read"):
        lin.load(tmp_path / "nope.lin")


def test_bbo_hand_viewer_links_are_read_as_the_lin_they_carry() -> None:
    """A page's hand-viewer links saved as a file (seen in a public archive), or one pasted:
    each link's ``lin=`` is decoded and read; a stream whose commentary quotes a link stays a
    stream."""
    one = board().strip()
    links = "".join(
        f"https://www.bridgebase.com/tools/handviewer.html?lin={quote(one)}&b={n}\n" for n in (1, 2)
    )
    records = lin.loads(links, "links.lin")
    assert [len(r.tricks) for r in records] == [1, 1]
    assert records[0].contract == Contract.parse("1NT") and records[0].deal == DEAL
    quoting = board().replace("pg||", "nt|see www.x.org/h?lin=zz%7Czz|pg||")
    assert len(lin.loads(quoting)[0].tricks) == 1
    assert record_format("pasted.txt", links) == "LIN"


def test_a_file_that_is_not_lin_is_quoted_short() -> None:
    message = error_of("x" * 5000).message
    assert message.endswith("...' without a value") and len(message) < 120
