"""The PBN reader: real files, PBN 2.1 features, and errors that name file and place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.bridge import Card, Contract, Deal, Seat, Trick
from solver.errors import CaseFileError
from solver.records import pbn
from solver.records.casefile import loads_case
from solver.records.record import Record
from solver.records.to_case import case_from_record, case_yaml
from solver.records.yamlload import shown

from . import assert_legal_play, real_file, real_files


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(item) for item in text.split())


def trick(number: int, leader: str, text: str) -> Trick:
    played = cards(text)
    assert len(played) == 4
    return Trick(number, Seat.parse(leader), (played[0], played[1], played[2], played[3]))


DEAL = "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"


def game(play: str = "", *, contract: str = "3NT", declarer: str = "S", extra: str = "") -> str:
    """A small PBN game on DEAL; West leads against South."""
    section = f'[Play "W"]\n{play}\n' if play else ""
    return (
        f'[Event "Test"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "9"]\n{extra}{section}'
    )


# -- the real files ---------------------------------------------------------------------------


def test_every_real_pbn_file_reads_without_error_and_every_play_obeys_law_44() -> None:
    paths = real_files("**/*.pbn")
    assert len(paths) == 45
    for path in paths:
        for record in pbn.load(path):
            if record.has_play:
                assert_legal_play(record)


def test_ben_robot_files_hold_292_full_plays_4_passed_out_boards_and_no_claims() -> None:
    records = [r for path in real_files("lorserker_ben_Boards_BBO/*.pbn") for r in pbn.load(path)]
    played = [r for r in records if r.has_play]
    assert len(played) == 292
    assert all(r.play_complete and not r.partial_trick for r in played)
    assert [r for r in records if r.claimed_total is not None] == []
    passed_out = [r for r in records if not r.has_play]
    assert len(passed_out) == 4
    assert all(r.contract is None and r.declarer is None and r.result == 0 for r in passed_out)


def test_ben_results_agree_with_the_tricks_won_in_the_replayed_play() -> None:
    for path in real_files("lorserker_ben_Boards_BBO/*.pbn"):
        for record in pbn.load(path):
            if record.has_play:
                assert record.result == record.declarer_tricks_played, (path.name, record.board)


def test_sample_pbn_has_three_claims_each_after_a_partial_trick() -> None:
    records = pbn.load(real_file("forrestrice_bridge-bots/sample.pbn"))
    assert [(r.board, str(r.contract), str(r.declarer)) for r in records] == [
        (10, "3NT", "W"),
        (1, "3D", "E"),
        (14, "5C", "E"),
    ]
    assert [r.claimed_total for r in records] == [9, 9, 11]
    assert [len(r.tricks) for r in records] == [7, 7, 5]
    assert records[0].partial_trick == ((Seat.WEST, Card.parse("S6")),)
    assert records[1].partial_trick == (
        (Seat.WEST, Card.parse("S9")),
        (Seat.NORTH, Card.parse("S3")),
        (Seat.EAST, Card.parse("ST")),
    )
    assert records[2].partial_trick == (
        (Seat.WEST, Card.parse("HQ")),
        (Seat.NORTH, Card.parse("H7")),
    )


def test_sample_pbn_board_10_tricks_are_put_back_in_play_order_from_the_columns() -> None:
    record = pbn.load(real_file("forrestrice_bridge-bots/sample.pbn"))[0]
    # [Play "N"]: columns N E S W. Line 1 "CQ CA C8 C3": North leads, East's ace wins;
    # line 2 "H6 H4 HT HK": East leads H4, South HT, West HK, North H6.
    assert record.tricks[0] == trick(1, "N", "CQ CA C8 C3")
    assert record.tricks[1] == trick(2, "E", "H4 HT HK H6")
    assert record.tricks[2] == trick(3, "W", "H3 H2 HQ HA")
    assert record.vulnerable == "All" and record.dealer is Seat.EAST
    assert record.event == "Cavendish Pairs Day 2" and record.result == 9


def test_sample_pbn_reads_commentary_with_braces_inside_and_names_players() -> None:
    record = pbn.load(real_file("forrestrice_bridge-bots/sample.pbn"))[1]
    assert record.players[Seat.WEST] == "Franky Karwur"
    assert record.room == "Open"
    assert record.tricks[1] == trick(2, "W", "C2 C7 CK CA")


def test_shared_deals_games_without_deal_inherit_the_previous_board() -> None:
    records = pbn.load(real_file("forrestrice_bridge-bots/shared_deals.pbn"))
    assert [(r.board, str(r.contract), str(r.declarer)) for r in records] == [
        (62, "6C", "N"),
        (62, "6SX", "E"),
        (7, "6NT", "W"),
        (7, "6C", "W"),
    ]
    assert records[1].deal == records[0].deal and records[1].event == "Spingold"
    assert records[1].dealer is Seat.EAST and records[1].vulnerable == "None"
    assert records[3].deal == records[2].deal and records[3].vulnerable == "All"
    assert records[1].players[Seat.WEST] == "Nunes"
    assert [r.claimed_total for r in records] == [11, 9, 12, 12]
    assert records[2].tricks == () and records[2].partial_trick == ((Seat.NORTH, Card.parse("HQ")),)


def test_shared_deals_lines_written_from_the_wrong_seat_are_read_by_the_deal_and_noted() -> None:
    records = pbn.load(real_file("forrestrice_bridge-bots/shared_deals.pbn"))
    # Game 1 line 4 "H5 H3 CK C6" sits under columns E S W N, but CK and C6 are both North's
    # and East's; North (won trick 3 with CA) leads CK, East C6, South H5, West H3.
    assert records[0].tricks[3] == trick(4, "N", "CK C6 H5 H3")
    assert len(records[0].notes) == 1 and "trick 4" in records[0].notes[0]
    assert records[3].tricks[2] == trick(3, "W", "CK H8 C6 CT")
    assert len(records[3].notes) == 2 and "trick 3" in records[3].notes[1]
    assert records[1].notes == ()


def test_a_contract_the_auction_beside_it_does_not_end_in_is_read_from_the_tags_and_noted() -> None:
    # Board 7 of the Spingold: West declared 6NT, but the [Auction] as recorded ("S": 1C ...
    # 6NT by North after South's 3NT) makes South declarer. The tags are what was scored.
    records = pbn.load(real_file("forrestrice_bridge-bots/shared_deals.pbn"))
    assert (str(records[2].contract), records[2].declarer) == ("6NT", Seat.WEST)
    assert records[2].notes == (
        "[Contract] 6NT by West differs from the [Auction], which ends in 6NT by South: the "
        "tags are read; check the record",
    )
    assert "differs from the [Auction]" in records[3].notes[0]


def test_cold_6d_board_79_is_read_by_hand() -> None:
    (record,) = pbn.load(real_file("lorserker_ben_Boards_BBO/cold_6d.pbn"))
    assert (record.board, record.contract, record.declarer) == (
        79,
        Contract.parse("6D"),
        Seat.SOUTH,
    )
    assert record.vulnerable == "NS" and record.result == 11
    # [Play "W"]: "S2 S8 ST SA" then "D7 DA D4 D2": South won the spade ace and leads D2.
    assert record.tricks[0] == trick(1, "W", "S2 S8 ST SA")
    assert record.tricks[1] == trick(2, "S", "D2 D7 DA D4")
    assert len(record.tricks) == 13 and record.claimed_total is None


def test_deal_only_hand_record_gives_36_boards_without_contract_or_play() -> None:
    records = pbn.load(real_file("Rick-Wilson_Bridge-Game-Analysis/LBC-2026-01-26.pbn"))
    assert [r.board for r in records] == list(range(1, 37))
    assert all(r.contract is None and not r.has_play and r.result is None for r in records)
    assert records[1].deal.to_pbn(Seat.EAST).startswith("E:7.AKJ6543.3.AK93 ")


def test_every_real_deal_string_round_trips() -> None:
    for path in real_files("**/*.pbn"):
        text = path.read_text(encoding="latin-1")
        deals = {r.deal for r in pbn.load(path)}
        for value in re.findall(r'\[Deal "([^"]+)"\]', text):
            deal = Deal.from_pbn(value)
            assert deal.to_pbn(Seat.parse(value[0])) == value
            assert deal in deals


# -- PBN features on small inputs --------------------------------------------------------------


def test_comments_commentary_and_annotations_are_read_past() -> None:
    play = (
        "H2 HT HA HJ! ; a comment\n{commentary\n\nwith a blank line {and braces}}\n"
        "C5 $12 SA =1= S7 ! S2 ?\n*"
    )
    text = "% a file comment\n" + game(play, extra='[Note "1: a note"]\n')
    (record,) = pbn.loads(text, "t.pbn")
    # Columns W N E S; East won trick 1 with the ace and leads S7 to trick 2.
    assert record.tricks == (trick(1, "W", "H2 HT HA HJ"), trick(2, "E", "S7 S2 C5 SA"))
    assert record.claimed_total == 9 and record.notes == ()


def test_lowercase_cards_ten_as_rank_and_a_deal_given_from_east() -> None:
    east_first = Deal.from_pbn(DEAL).to_pbn(Seat.EAST).replace("T", "10").lower()
    (record,) = pbn.loads(game("h2 h10 ha hj").replace(DEAL, east_first))
    assert record.deal == Deal.from_pbn(DEAL)
    assert record.tricks[0].cards == cards("H2 HT HA HJ")


def test_doubled_contracts_pass_and_declarer_with_caret() -> None:
    (redoubled,) = pbn.loads(game(contract="4SXX", declarer="^E"))
    assert redoubled.contract == Contract.parse("4SXX") and redoubled.declarer is Seat.EAST
    (passed,) = pbn.loads(game(contract="Pass"))
    assert passed.contract is None and passed.declarer is None


def test_vulnerability_names_are_normalised() -> None:
    for value, expected in (("Both", "All"), ("Love", "None"), ("-", "None"), ("EW", "EW")):
        (record,) = pbn.loads(game().replace('"None"', f'"{value}"'))
        assert record.vulnerable == expected


def test_hash_copies_the_previous_game_and_escaped_quotes_are_read() -> None:
    text = game() + '\n[Event "Say \\"hi\\" ]"]\n[Board "#"]\n[Deal "#"]\n[Contract "2H"]\n'
    text += '[Declarer "E"]\n'
    first, second = pbn.loads(text)
    assert second.deal == first.deal and second.board == 1
    assert second.event == 'Say "hi" ]'


def test_crlf_line_endings_and_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    path = tmp_path / "crlf.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + game("H2 HT HA HJ").replace("\n", "\r\n").encode())
    (record,) = pbn.load(path)
    assert len(record.tricks) == 1 and record.source == str(path)


def test_a_repeated_tag_starts_a_new_game_even_without_a_blank_line() -> None:
    records = pbn.loads(game() + game().replace('"1"', '"2"'))
    assert [r.board for r in records] == [1, 2]
    assert [r.index for r in records] == [0, 1]


def test_full_play_without_claim_gives_thirteen_tricks_and_no_claimed_total() -> None:
    records = pbn.load(real_file("lorserker_ben_Boards_BBO/too_many_trumps.pbn"))
    assert records[0].play_complete and records[0].claimed_total is None


def test_play_ending_in_dashes_with_a_result_is_a_claim_as_bbo_writes_it() -> None:
    """BBO's PBN marks the cards not played with ``-`` and gives the [Result], with no ``*``:
    an outside check found 602 such claims read as play that only stopped."""
    dashes = game("H2 HT HA HJ\n- - - -\n- - - -")  # [Result "9"]: East won trick 1
    (record,) = pbn.loads(dashes)
    assert len(record.tricks) == 1 and record.claimed_total == 9
    assert any("read as a claim" in note for note in record.notes)
    without_result = dashes.replace('[Result "9"]\n', "")
    (stopped,) = pbn.loads(without_result)
    assert stopped.claimed_total is None  # nothing says the rest was claimed


@pytest.mark.parametrize(("written", "declarer_tricks"), [("NS 11", 11), ("EW 4", 9), ("ns 9", 9)])
def test_a_result_given_as_a_sides_tricks_is_declarers(written: str, declarer_tricks: int) -> None:
    (record,) = pbn.loads(game().replace('[Result "9"]', f'[Result "{written}"]'))
    assert record.result == declarer_tricks  # South declares


# -- errors -----------------------------------------------------------------------------------


def error_of(text: str) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        pbn.loads(text, "bad.pbn")
    assert caught.value.path == "bad.pbn"
    return caught.value


def test_a_revoke_names_the_game_board_trick_and_line() -> None:
    # West leads H2; North must follow with a heart (he holds T98) but plays a spade.
    error = error_of(game("H2 SA HA HJ"))
    assert error.location.startswith("game 1 (board 1) [Play] trick 1")
    assert "line 10" in error.location
    assert "must follow" in error.message and "Law 44C" in error.message


def test_a_card_played_twice_is_an_error() -> None:
    # East won trick 1 and leads HK; West then plays H2 again.
    error = error_of(game("H2 HT HA HJ\nH2 H9 HK H7"))
    assert "trick 2" in error.location and "already played to trick 1" in error.message


def test_a_line_of_five_cards_is_named_as_such() -> None:
    # A fifth card on the first trick's line would shift every later card into another
    # player's column: the line is named, not a card of the next trick.
    error = error_of(game("H2 HT HA HJ H9\nS7 S2 S3 S4"))
    assert "line 10" in error.location and "more than four cards" in error.message


@pytest.mark.parametrize("number", ["0", "1000000", "99999999999999999999", "²", "9" * 5000])
def test_a_board_number_out_of_range_is_named(number: str) -> None:
    # A case cannot hold it, so the board would otherwise fail only when made a case.
    error = error_of(game().replace('[Board "1"]', f'[Board "{number}"]'))
    assert error.location == "game 1 [Board]"
    assert error.message == f"got {shown(number)} (expected a board number, 1 to 999999)"


@pytest.mark.parametrize("result", ["²", "9" * 5000, "NS ²", "NS 9 EW " + "4" * 5000, "NS"])
def test_a_result_that_is_no_count_of_tricks_is_named(result: str) -> None:
    # str.isdigit takes "²", which int() refuses, and int() refuses thousands of digits.
    error = error_of(game().replace('[Result "9"]', f'[Result "{result}"]'))
    assert error.location.endswith("[Result]") and "expected declarer's tricks" in error.message


def test_a_bad_deal_names_the_deal_tag() -> None:
    error = error_of(game().replace(DEAL, "N:AKQ.T98.765.432 - - -"))
    assert error.location == "game 1 (board 1) [Deal]" and "expected a deal" in error.message


def test_a_bad_contract_result_and_vulnerability_name_their_tags() -> None:
    assert error_of(game(contract="4Z")).location.endswith("[Contract]")
    assert error_of(game().replace('"9"', '"14"')).location.endswith("[Result]")
    assert "NS or EW and that side's tricks" in error_of(game().replace('"9"', '"XY 9"')).message
    assert error_of(game().replace('"None"', '"Some"')).location.endswith("[Vulnerable]")
    assert error_of(game().replace('[Board "1"]', '[Board "x"]')).location == "game 1 [Board]"


def test_play_without_a_contract_is_an_error() -> None:
    error = error_of(game("H2 HT HA HJ", contract="Pass"))
    assert error.location.endswith("[Play]") and "no contract" in error.message


def test_an_unreadable_card_and_a_card_after_the_end_are_errors() -> None:
    assert "expected a card" in error_of(game("H2 HT XX HJ")).message
    assert "after the end of play" in error_of(game("H2 HT HA HJ\n*\nS7")).message


def test_a_card_after_a_missing_card_of_the_same_trick_is_an_error() -> None:
    # Columns W N E S: North's card is missing but East, who plays after him, has one.
    error = error_of(game("H2 - HA -"))
    assert "trick 1" in error.location and "has no card" in error.message


def test_unclosed_commentary_and_broken_tags_give_the_line() -> None:
    assert error_of(game() + "{ never closed\n").location == "line 9"
    assert error_of('[Event "x"]\n[Deal N:AKQ]\n').location == "line 2"
    assert error_of("3NT by South\n").location == "line 1"


def test_hash_in_the_first_game_and_a_missing_deal_are_errors() -> None:
    error = error_of(game().replace(DEAL, "#"))
    assert error.location == "game 1 (board 1) [Deal]" and "there is none" in error.message
    assert "missing" in error_of('[Board "3"]\n[Contract "4S"]\n').message


def test_errors_can_be_collected_while_the_good_games_are_read() -> None:
    problems: list[CaseFileError] = []
    text = game("H2 SA HA HJ") + "\n" + game("H2 HT HA HJ")
    records = pbn.loads(text, "two.pbn", errors=problems)
    assert len(records) == 1 and records[0].index == 1
    assert len(problems) == 1 and problems[0].location.startswith("game 1")


def test_a_missing_file_is_a_case_file_error(tmp_path: Path) -> None:
    with pytest.raises(CaseFileError, match="cannot be read"):
        pbn.load(tmp_path / "nope.pbn")


def test_records_are_values() -> None:
    (record,) = pbn.loads(game("H2 HT HA HJ"))
    assert isinstance(record, Record)
    assert record == pbn.loads(game("H2 HT HA HJ"))[0]
    assert hash(record) == hash(pbn.loads(game("H2 HT HA HJ"))[0])


def test_a_utf16_file_with_its_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Saved so by some Windows editors; read as ISO-8859-1 it began with 'ÿþ'."""
    path = tmp_path / "board.pbn"
    path.write_bytes(game("H2 HT HA HJ\n*").encode("utf-16"))
    (record,) = pbn.load(path)
    assert record.board == 1 and record.claimed_total == 9


def test_a_board_without_a_contract_is_listed_as_such_not_as_passed_out() -> None:
    from solver.records.importing import listing

    (record,) = pbn.loads(game().replace('[Contract "3NT"]\n', "").replace('[Result "9"]\n', ""))
    assert listing([record]) == "#1 board 1 no contract"


# -- a game with an [Auction] but no [Contract] -----------------------------------------------

AUCTION = '[Auction "N"]\nPass Pass 1NT =1= Pass\n3NT! Pass Pass Pass\n[Note "1:15-17"]\n'


def without_contract(auction: str = AUCTION, play: str = "H2 HT HA HJ\n- - - -") -> str:
    """The small game with [Contract] and [Declarer] left out, as a BBO club export has them
    on a board or two; the auction comes before the play, as PBN orders its sections."""
    text = game(play, extra=auction)
    return text.replace('[Contract "3NT"]\n', "").replace('[Declarer "S"]\n', "")


def test_the_contract_and_declarer_are_read_from_the_auction_when_the_tags_are_missing() -> None:
    (record,) = pbn.loads(without_contract())
    assert record.contract == Contract.parse("3NT") and record.declarer is Seat.SOUTH
    assert record.claimed_total == 9  # the dashes and [Result]: a claim, as with the tags
    assert any("read from the [Auction]" in note for note in record.notes)


def test_ap_ends_the_auction_and_a_double_after_the_last_bid_counts() -> None:
    (record,) = pbn.loads(without_contract('[Auction "N"]\nPass Pass 1NT Pass\n3NT X AP\n'))
    assert record.contract == Contract.parse("3NTX") and record.declarer is Seat.SOUTH


def test_an_unfinished_auction_without_play_is_a_board_without_contract() -> None:
    (record,) = pbn.loads(without_contract('[Auction "N"]\nPass\n', play=""))
    assert record.contract is None and record.tricks == ()


@pytest.mark.parametrize(
    ("auction", "expected"),
    [
        ('[Auction "N"]\nPass Pass 1NT Pass\n3NT Pass\n', "the auction is not finished"),
        ('[Auction "N"]\nPass Pass 1NT Pass\n3NT Pass Pass *\n', "got '*'"),
        ('[Auction "N"]\nPass Pass 1NT Pass\n3NT Pass Pass Pass\nPass\n', "after the auction"),
        ('[Auction "N"]\nPass Pass 1NT Pass\n8NT Pass Pass Pass\n', "got '8NT'"),
    ],
)
def test_an_auction_the_contract_cannot_be_read_from_names_its_tag(
    auction: str, expected: str
) -> None:
    error = error_of(without_contract(auction))
    assert error.location == "game 1 (board 1) [Auction]" and expected in error.message


def test_a_declarer_the_auction_contradicts_is_an_error() -> None:
    named_north = without_contract().replace('[Result "9"]', '[Declarer "N"]\n[Result "9"]')
    error = error_of(named_north)
    assert error.location.endswith("[Declarer]") and "makes South declarer" in error.message


def test_a_contract_tag_that_is_not_a_contract_is_read_from_the_auction() -> None:
    auction = '[Auction "N"]\nPass Pass 1NT Pass\n3NT X Pass Pass\nXX AP\n'
    redoubled = game("H2 HT HA HJ\n*", contract="3NTXR", extra=auction)
    (record,) = pbn.loads(redoubled)
    assert record.contract == Contract.parse("3NTXX") and record.declarer is Seat.SOUTH
    assert any("'3NTXR' is not a contract" in note for note in record.notes)


@pytest.mark.parametrize("written", ["3NR", "3NTR", "3nr"])
def test_a_redouble_written_r_is_read_as_xx_with_a_note(written: str) -> None:
    """A World Championship file writes every redoubled contract so (``3NR``, ``5DR``; its
    auctions end X XX). Read from the tags, as a contract written XX would be."""
    auction = '[Auction "N"]\nPass Pass 1NT Pass\n3NT X Pass Pass\nXX AP\n'
    (record,) = pbn.loads(game("H2 HT HA HJ\n*", contract=written, extra=auction))
    assert record.contract == Contract.parse("3NTXX") and record.declarer is Seat.SOUTH
    assert [note for note in record.notes if "R taken for redoubled" in note] == [
        f"[Contract] {written!r} read as 3NTXX: R taken for redoubled (PBN writes XX)"
    ]
    assert not any("differs from the [Auction]" in note for note in record.notes)


def test_a_redouble_written_r_needs_no_auction() -> None:
    """#5712 of that file: ``2HR`` and no [Auction] at all."""
    (record,) = pbn.loads(game("H2 HT HA HJ\n*", contract="2HR"))
    assert record.contract == Contract.parse("2HXX") and record.declarer is Seat.SOUTH
    assert any("'2HR' read as 2HXX" in note for note in record.notes)


def test_a_redouble_written_r_is_read_from_the_tags_when_the_auction_differs() -> None:
    """As for any contract the tags give (they are what the players scored): read, and the
    difference noted. The file's two such boards name the declarer the play confirms."""
    north_declares = '[Auction "N"]\n1NT Pass 3NT X\nPass Pass XX AP\n'
    (record,) = pbn.loads(game("H2 HT HA HJ\n*", contract="3NR", extra=north_declares))
    assert record.contract == Contract.parse("3NTXX") and record.declarer is Seat.SOUTH
    assert any("differs from the [Auction]" in note for note in record.notes)


def test_a_bad_contract_tag_the_auction_cannot_settle_is_still_refused() -> None:
    west = game("H2 HT HA HJ\n*", contract="3NTXR", declarer="W", extra=AUCTION)
    error = error_of(west)
    assert error.location.endswith("[Contract]") and "nor can the [Auction]" in error.message
    assert "makes South declarer" in error.message
    other_level = game("H2 HT HA HJ\n*", contract="4NTXR", extra=AUCTION)
    error = error_of(other_level)
    assert error.location.endswith("[Contract]") and "ends in 3NT" in error.message


def test_a_hand_left_out_as_a_dash_holds_the_cards_the_others_do_not() -> None:
    """PBN 2.1 lets one hand of [Deal] be '-': it is the rest of the pack, so nothing is
    guessed; the record's notes say the hand was filled in."""
    north, _east, south, west = DEAL[2:].split()
    (record,) = pbn.loads(game("H2 HT HA HJ").replace(west, "-"))
    assert record.deal == Deal.from_pbn(DEAL)
    assert any("leaves West's hand out" in note for note in record.notes)
    assert Deal.from_pbn(f"N:{north} - {south} {west}") == Deal.from_pbn(DEAL)


def test_two_hands_left_out_are_refused_with_the_reason() -> None:
    north, _east, south, _west = DEAL[2:].split()
    error = error_of(game().replace(DEAL, f"N:{north} - {south} -"))
    assert error.location.endswith("[Deal]") and "only one hand may be left out" in error.message


def test_a_question_mark_is_a_value_not_known() -> None:
    """PBN 2.1's '?': a contract not known comes from the auction (or there is none), a result
    not known gives no claimed total; a vulnerability not known is refused, not guessed."""
    unknown = without_contract().replace('[Result "9"]', '[Contract "?"]\n[Result "?"]')
    (record,) = pbn.loads(unknown)
    assert record.contract == Contract.parse("3NT") and record.claimed_total is None
    (no_contract,) = pbn.loads(game().replace('[Contract "3NT"]', '[Contract "?"]'))
    assert no_contract.contract is None
    assert error_of(game().replace('"None"', '"?"')).location.endswith("[Vulnerable]")


# -- PBN 2.1 as other programs write it (an outside check of public archives) ---------------


def test_a_tag_pair_may_span_lines_as_the_import_format_allows() -> None:
    """PBN 2.1 3.3: a tag pair may span more than one line (the verifier's test file has
    ``[`` / ``Declarer`` / ``"S"`` / ``]`` on four lines)."""
    spread = game("H2 HT HA HJ").replace('[Declarer "S"]', ' [\n   Declarer\n    "S"\n  ] ')
    (record,) = pbn.loads(spread)
    assert record.declarer is Seat.SOUTH and len(record.tricks) == 1
    two_on_the_line = game().replace('[Declarer "S"]\n', '[Declarer\n"S"] [Room "Open"]\n')
    assert pbn.loads(two_on_the_line)[0].room == "Open"
    never_closed = error_of(game() + "[Note\n")
    assert never_closed.location == "line 9" and "never closed" in never_closed.message
    assert error_of('[Event "x"]\n[Deal\nN:AKQ]\n').location == "line 2"
    assert "got '[Note \"1:'" in error_of(game() + '[Note "1:\n').message  # a value spans no line


def test_a_tag_pair_spanning_more_than_a_hundred_lines_is_refused_where_it_begins() -> None:
    # Each line re-reads the pair so far: 130,000 lines after a '[' took over a minute.
    spread = game().replace('[Declarer "S"]', "[\n" + "\n" * 98 + 'Declarer "S"]')
    assert pbn.loads(spread)[0].declarer is Seat.SOUTH  # closed on the hundredth line
    error = error_of(game() + "[Note" + "\n" * 130_000)
    assert error.location == "line 9"
    assert error.message == "tag '[Note' is not closed within 100 lines (expected ']')"


def test_a_game_of_thousands_of_tags_is_read_once_each() -> None:
    many = "".join(f'[T{number:x} "{number}"]\n' for number in range(20_000))
    (record,) = pbn.loads(game().replace('[Declarer "S"]\n', '[Declarer "S"]\n' + many))
    assert record.declarer is Seat.SOUTH


def test_braces_do_not_nest_when_read_nesting_a_commentary_never_closes() -> None:
    """PBN 2.1 3.8: a ``{`` inside commentary is text. Files that quote ``{...}`` in their
    commentary still read as before (the test above); ``{ {} {`` is one closed commentary."""
    text = game("H2 HT HA HJ").replace('[Result "9"]\n', '{ {} { open\n\n{ {{{ }[Result "9"]\n')
    (record,) = pbn.loads(text)
    assert record.result == 9 and len(record.tricks) == 1


def test_a_plus_in_the_play_is_play_to_be_continued_and_no_claim() -> None:
    """PBN 2.1 3.6: ``+`` stands for the next card of a play to be continued; the [Result] is
    then the completed tricks' count (3.4.15), not a claim."""
    (record,) = pbn.loads(game("H2 HT HA HJ\n- + - -"))
    assert len(record.tricks) == 1 and record.claimed_total is None
    assert any("to be continued" in note for note in record.notes)
    (ended,) = pbn.loads(game("H2 HT HA HJ\n- - - -"))
    assert ended.claimed_total == 9  # dashes alone: a claim, as BBO writes one


def test_a_result_the_played_tricks_cannot_give_is_a_claim_without_a_star() -> None:
    """BBO Helper writes a claim at a trick's end with neither ``*`` nor ``-``: a [Result]
    above the tricks won and within reach of the tricks left is a claim, noted; one equal to
    the tricks won is the count of the tricks played (3.4.15), no claim."""
    (claimed,) = pbn.loads(game("H2 HT HA HJ"))  # East won trick 1; [Result "9"]
    assert claimed.claimed_total == 9
    assert any("read as a claim" in note for note in claimed.notes)
    (counted,) = pbn.loads(game("H2 HT HA HJ").replace('"9"', '"0"'))
    assert counted.claimed_total is None and counted.result == 0


def test_tag_names_in_another_case_are_read_with_a_note() -> None:
    """Easy Bridge 4.0.3 writes [AUCTION] and [PLAY]: left unread, its play was lost
    without a word."""
    upper = game("H2 HT HA HJ\n*").replace('[Play "W"]', '[PLAY "W"]')
    (record,) = pbn.loads(upper)
    assert len(record.tricks) == 1 and record.claimed_total == 9
    assert "[PLAY] read as [Play] (PBN tag names are case sensitive)" in record.notes


def test_a_double_hash_gives_its_value_to_every_later_game_until_redefined() -> None:
    """PBN 2.1 4.8: ``##text`` is text for this game and every later one that leaves the tag
    out; a later value replaces it from there on."""
    first = game().replace('[Event "Test"]', '[Event "##Autumn regional"]')
    second = game().replace('[Event "Test"]\n', "").replace('"1"]', '"2"]', 1)
    third = game().replace('[Event "Test"]', '[Event "Day 2"]').replace('"1"]', '"3"]', 1)
    fourth = game().replace('[Event "Test"]\n', "").replace('"1"]', '"4"]', 1)
    records = pbn.loads("\n".join((first, second, third, fourth)))
    assert [r.event for r in records] == ["Autumn regional", "Autumn regional", "Day 2", "Day 2"]


@pytest.mark.parametrize(
    ("written", "declarer_tricks"),
    [("^9", 9), ("NS 9 EW 4", 9), ("EW 4 NS 9", 9), ("ew 5 ns 8", 8)],
)
def test_a_result_with_a_caret_or_both_sides_tricks_is_read(
    written: str, declarer_tricks: int
) -> None:
    (record,) = pbn.loads(game().replace('[Result "9"]', f'[Result "{written}"]'))
    assert record.result == declarer_tricks
    assert ("agreed" in " ".join(record.notes)) is written.startswith("^")


def test_both_sides_tricks_that_do_not_make_13_are_refused() -> None:
    error = error_of(game().replace('[Result "9"]', '[Result "NS 9 EW 5"]'))
    assert error.location.endswith("[Result]") and "make 13" in error.message


def test_a_sides_result_without_a_declarer_is_left_aside_with_a_note() -> None:
    (record,) = pbn.loads(
        game().replace('[Declarer "S"]\n[Contract "3NT"]\n', "").replace('"9"', '"EW 4"')
    )
    assert record.result is None and any("not read" in note for note in record.notes)


def test_a_revoke_mark_in_the_play_is_named() -> None:
    error = error_of(game("H2 HT ^R HA HJ"))
    assert "'^R' marks a revoke (PBN 2.1 3.9)" in error.message
    assert error.location == "game 1 (board 1) [Play], line 10"


def test_a_lead_out_of_turn_marked_is_read_as_accepted_and_goes_to_the_case() -> None:
    """PBN 2.1 3.9 (D): ``^L`` before the card led out of turn, the other three playing
    clockwise after it. East won trick 1, West leads to trick 2."""
    (record,) = pbn.loads(game("H2 HT HA HJ\n^L D3 D5 DJ DA\n*"))
    assert record.tricks[1] == trick(2, "W", "D3 D5 DJ DA")
    assert record.leads_out_of_turn == ((2, Seat.WEST, Card.parse("D3")),)
    case = case_from_record(record)
    assert case["play"]["irregularities"] == [
        {"lead_out_of_turn": {"seat": "W", "card": "D3", "trick": 2, "response": "accepted"}}
    ]
    (loaded,) = loads_case(case_yaml(case), "loot.yaml").irregularities
    assert (loaded.seat, loaded.card, loaded.trick, loaded.response) == (
        Seat.WEST,
        Card.parse("D3"),
        2,
        "accepted",
    )


def test_a_lead_out_of_turn_before_a_claim_needs_the_tricks_agreed() -> None:
    """Rows of quitted cards cannot hold an irregularity before a claim (the case format asks
    for the tricks before it agreed): ``--dispute rows`` is refused, naming the trick."""
    (record,) = pbn.loads(game("H2 HT HA HJ\n^L D3 D5 DJ DA\n*"))
    with pytest.raises(ValueError, match="lead out of turn at trick 2"):
        case_from_record(record, tricks=False, claim=True)
    (unclaimed,) = pbn.loads(game("H2 HT HA HJ\n^L D3 D5 DJ DA").replace('[Result "9"]\n', ""))
    rows = case_from_record(unclaimed, tricks=False, claim=True)
    assert "rows" in rows["play"] and rows["play"]["irregularities"]


def test_a_lead_out_of_turn_mark_that_cannot_be_one_is_refused() -> None:
    proper = error_of(game("H2 HT HA HJ\nD3 D5 ^L DJ DA"))  # East won trick 1: his lead
    assert "but it is his lead" in proper.message and "trick 2" in proper.location
    by_declarer = error_of(game("H2 HT HA ^L HJ"))
    assert "the opening lead is a defender's" in by_declarer.message
    assert "not followed by the card" in error_of(game("H2 HT HA HJ\n^L")).message
    (opening,) = pbn.loads(game("^L HA HJ H2 HT"))  # East, declarer's RHO, leads: Law 54
    assert opening.tricks[0].leader is Seat.EAST and opening.leads_out_of_turn == ()


def test_an_end_position_is_named_as_one() -> None:
    ending = "N:AKQ... T98... 765... 432..."
    message = error_of(game().replace(DEAL, ending)).message
    assert "end position (PBN 2.1 3.10)" in message and "claim.position.hands" in message


def test_bbo_helper_claims_without_a_star_are_read_from_the_real_file() -> None:
    records = pbn.load(real_file("wopdevries_Calculate_PBN_Results/PJ__wop.pbn"))
    claims = {r.board: (len(r.tricks), r.claimed_total) for r in records if r.claimed_total}
    assert claims == {2: (9, 12), 7: (9, 7)}
    assert all(r.play_complete for r in records if r.board not in claims)


def test_a_bridgecomposer_match_reads_whole_and_every_result_is_the_play() -> None:
    camrose = "wopdevries_Calculate_PBN_Results/DDS_Camrose24_1-_BENCAM22_v_WBridge5.pbn"
    records = pbn.load(real_file(camrose))
    played = [r for r in records if r.has_play]
    assert len(records) == 320 and len(played) == 315
    assert all(r.play_complete and r.result == r.declarer_tricks_played for r in played)
    for record in played:
        assert_legal_play(record)


def test_a_star_written_against_a_card_still_ends_the_play() -> None:
    """PBN 2.1 3.2: ``*`` is a token by itself (a BridgeComposer file writes ``d4*``)."""
    (record,) = pbn.loads(game("H2 HT HA HJ*"))
    assert len(record.tricks) == 1 and record.claimed_total == 9


def test_a_lone_star_between_games_is_read_past() -> None:
    records = pbn.loads(game("H2 HT HA HJ\n*") + "\n*\n\n" + game().replace('"1"]', '"2"]', 1))
    assert [r.board for r in records] == [1, 2]


def test_a_declarer_the_tags_leave_out_comes_from_an_auction_ending_in_the_contract() -> None:
    """No tag is required in PBN's import format: [Contract] with its [Auction] and no
    [Declarer] (a RoboBridge training file) reads the declarer from the calls, noted."""
    text = without_contract(play="H2 HT HA HJ\n*").replace(
        '[Result "9"]', '[Contract "3NT"]\n[Result "9"]'
    )
    (record,) = pbn.loads(text)
    assert record.declarer is Seat.SOUTH and record.claimed_total == 9
    assert "no [Declarer]: South read from the [Auction]" in record.notes
    other = text.replace('[Contract "3NT"]', '[Contract "4S"]')
    assert "missing" in error_of(other).message  # the auction ends elsewhere: not guessed
