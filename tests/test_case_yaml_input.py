"""Reading a case file's YAML: what YAML 1.1 would guess is refused or read as text, and the
messages name the field as the file spells it and quote what it says, never at any length.

The broken files of cases/invalid hold one example of each message (tests/test_cli.py runs
them); here the limits themselves, and inputs too large to keep as files.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from solver.errors import CaseFileError
from solver.records import load_case, loads_case
from solver.records.yamlload import MAX_DEPTH, MAX_SHOWN, load_yaml, shown

ROOT = Path(__file__).parents[1]

CASE = """\
title: "Board 4: 4H by South, play stopped after trick 4"
board: 4
vulnerable: All
deal: "N:AT.KJ97.A7.T9643 QJ8762.64.J863.Q 5.QT53.KT52.AK85 K943.A82.Q94.J72"
contract: 4H
declarer: S
play:
  rows:
    N: "C3- HJ+ H7- H9+"
    E: "CQ- H6- H4+ S8-"
    S: "CA+ H3+ HT- H5+"
    W: "C2- H2- HA+ H8-"
statements:
  - by: NS
    declarer_tricks: 3
  - by: EW
    declarer_tricks: 2
"""


def error_of(text: str) -> CaseFileError:
    with pytest.raises(CaseFileError) as caught:
        loads_case(text, "x.yaml")
    return caught.value


def with_line(old: str, new: str) -> str:
    assert old in CASE
    return CASE.replace(old, new)


def test_the_base_case_loads() -> None:
    assert loads_case(CASE, "x.yaml").board == 4


# -- YAML 1.1's guesses ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            "010",
            "the number 010 is written with a leading zero, which YAML 1.1 reads as the octal "
            "number 8; expected a number without leading zeros, like 10 (or quotes, for text)",
        ),
        (
            "09",
            "the number 09 is written with a leading zero; expected a number without leading "
            "zeros, like 9 (or quotes, for text)",
        ),
        (
            "-012",
            "the number -012 is written with a leading zero, which YAML 1.1 reads as the octal "
            "number -10; expected a number without leading zeros, like -12 (or quotes, for text)",
        ),
    ],
)
def test_a_number_with_a_leading_zero_is_refused(written: str, message: str) -> None:
    error = error_of(with_line("board: 4", f"board: {written}"))
    assert (error.location, error.message) == ("line 2, column 8", message)


@pytest.mark.parametrize("written", ["9" * 5000, "-" + "9" * 4999, "0" + "1" * 4999])
def test_a_number_of_thousands_of_digits_is_refused(written: str) -> None:
    # Python refuses to read a number of more than 4,300 digits: a message, not a traceback.
    error = error_of(with_line("board: 4", f"board: {written}"))
    assert error.location == "line 2, column 8"
    assert error.message.endswith("digits; expected one of at most 30 digits")


@pytest.mark.parametrize(
    ("written", "tag"),
    [("!!int 010", "!!int"), ("!!int 0x4", "!!int"), ("!!float 4", "!!float"), ("! 4", "!")],
)
def test_an_explicit_tag_is_refused(written: str, tag: str) -> None:
    """A tag would read again what the rules above refuse (``!!int 010`` is octal 8)."""
    error = error_of(with_line("board: 4", f"board: {written}"))
    assert error.location == "line 2, column 8"
    assert error.message == (
        f"an explicit tag ({tag}) says how to read a value; case files take no tags (expected "
        "the value written plainly, in quotes for text)"
    )


def test_a_tag_on_text_or_a_mapping_is_refused_too() -> None:
    assert "(!!binary)" in error_of(CASE + "notes: !!binary aGVsbG8=\n").message
    assert "(!!map)" in error_of(CASE + "extra: !!map {}\n").message
    assert "(!local)" in error_of(CASE + "notes: !local x\n").message


@pytest.mark.parametrize("written", ["1:30", "0x10", "0b11", "2024-01-01", "1_0:00"])
def test_other_yaml_1_1_numbers_and_dates_are_text(written: str) -> None:
    """Sexagesimal (YAML 1.1 reads 1:30 as 90), hexadecimal, binary and dates are text, as in
    YAML 1.2: refused where a number is expected, kept as written where text is."""
    assert load_yaml(f"a: {written}", "x") == {"a": written}
    error = error_of(with_line("board: 4", f"board: {written}"))
    assert error.location == "board"
    assert error.message.startswith(f"got {written!r}; input should be a valid integer")
    assert loads_case(CASE + f"notes: {written}\n", "x.yaml").board == 4


def test_plain_numbers_yes_no_and_null_read_as_before() -> None:
    text = "a: 0\nb: -7\nc: +12\nd: 1.5\ne: yes\nf: Off\ng: ~\nh:\ni: .inf\n"
    assert load_yaml(text, "x") == yaml.safe_load(text)


def test_every_bundled_yaml_file_reads_as_the_yaml_library_reads_it() -> None:
    """The stricter reading changes nothing in the project's own files."""
    files = sorted(ROOT.glob("cases/**/*.yaml")) + sorted(ROOT.glob("data/**/*.yaml"))
    files = [path for path in files if path.parent.name != "invalid"]
    assert len(files) > 250
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert load_yaml(text, str(path)) == yaml.safe_load(text), path


# -- anchors, aliases, depth, keys ----------------------------------------------------------------


def test_an_alias_bomb_is_refused_at_once() -> None:
    lines = ["notes:", '  - &b0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 9):
        lines.append(f"  - &b{level} [" + ",".join([f"*b{level - 1}"] * 9) + "]")
    text = CASE.replace("title:", "\n".join(lines) + "\ntitle:")
    started = time.monotonic()
    error = error_of(text)
    assert time.monotonic() - started < 5
    assert error.location == "line 2, column 5"
    assert error.message.startswith("an anchor (&b0) names a value to repeat; case files take")
    assert len(str(error)) < 300


def test_an_alias_is_refused() -> None:
    error = error_of(with_line("declarer_tricks: 2", "declarer_tricks: *two"))
    assert error.location == "line 17, column 22"
    assert error.message.startswith("an alias (*two) repeats a value named elsewhere")


@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("{a: ", "}")])
def test_deep_nesting_is_refused_not_a_recursion_error(opening: str, closing: str) -> None:
    text = CASE + "notes: " + opening * 5000 + "1" + closing * 5000 + "\n"
    error = error_of(text)
    assert error.message == (
        f"lists or mappings nested more than {MAX_DEPTH} levels deep (expected the fields of "
        "a case, a few levels deep)"
    )


def test_nesting_up_to_the_limit_is_read() -> None:
    depth = MAX_DEPTH - 1  # the top-level mapping is one level
    value = load_yaml("a: " + "[" * depth + "1" + "]" * depth, "x")
    value = value["a"]
    for _ in range(depth):
        value = value[0]
    assert value == 1
    error = error_of(CASE + "notes: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert error.location == f"line 18, column {8 + depth}"


@pytest.mark.parametrize(("key", "kind"), [("[a, b]", "list"), ("{a: b}", "mapping")])
def test_a_complex_key_is_refused(key: str, kind: str) -> None:
    error = error_of(CASE + f"? {key}\n: c\n")
    assert error.location == "line 18, column 3"
    assert error.message == (
        f"a {kind} as a mapping key (expected a field name, a seat or a number)"
    )


def test_a_merge_key_is_an_unknown_field() -> None:
    error = error_of(CASE + "<<: {board: 5}\n")
    assert error.location == "<<"
    assert error.message.startswith("unknown field")


# -- yes/no values --------------------------------------------------------------------------------

CLAIM = """\
title: a claim
deal: N:AK73.Q42.T9.AJ52 QT5.KJ7.QJ84.K63 J984.A963.A2.Q74 62.T85.K7653.T98
contract: 4S
declarer: S
claim:
  by: S
  tricks: 3
  {field}: {value}
  position:
    hands: N:A.Q..A Q.K..K J.A..Q 6.T..T
    leader: S
    won:
      NS: 7
      EW: 3
"""


@pytest.mark.parametrize(
    "field", ["agreed", "correction_period_over", "claimer_asks_more", "trumps_mentioned"]
)
@pytest.mark.parametrize(
    ("value", "got"),
    [('"yes"', "the text 'yes'"), ("'no'", "the text 'no'"), ("1", "1"), ("0", "0")],
)
def test_a_yes_no_field_takes_no_text_and_no_number(field: str, value: str, got: str) -> None:
    error = error_of(CLAIM.format(field=field, value=value))
    assert (error.location, error.message) == (
        f"claim.{field}",
        f"got {got} (expected a yes/no value: true or false, unquoted)",
    )


@pytest.mark.parametrize(("value", "meant"), [("yes", True), ("true", True), ("no", False)])
def test_a_yes_no_field_takes_yaml_yes_and_no(value: str, meant: bool) -> None:
    claim = loads_case(CLAIM.format(field="trumps_mentioned", value=value), "x.yaml").claim
    assert claim is not None and claim.trumps_mentioned is meant


@pytest.mark.parametrize("value", ["true", "no", "yes", "off"])
def test_a_yes_no_value_where_a_number_or_text_goes(value: str) -> None:
    board = error_of(with_line("board: 4", f"board: {value}"))
    assert (board.location, board.message) == ("board", "got a yes/no value (expected a number)")
    vulnerable = error_of(with_line("vulnerable: All", f"vulnerable: {value}"))
    assert vulnerable.location == "vulnerable"
    assert vulnerable.message.startswith("got a yes/no value where text was expected")


# -- messages -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "location", "message"),
    [
        (
            'S: "CA+ H3+',
            'S: "CA+- H3+',
            "play.rows.S",
            "bad card 'CA+-' (expected suit then rank, like 'SA' or 'H10', then one "
            "orientation mark or none: 'SA+', 'H10-')",
        ),
        (
            'W: "C2- H2- HA+ H8-"',
            "W: {mixed: 7}",
            "play.rows.W.mixed",
            "got 7 (expected text or a list)",
        ),
        ('W: "C2- H2- HA+ H8-"', '4: "C2- H2- HA+ H8-"', "play.rows.4", "got the key 4; "),
        (
            "board: 4",
            "board: 2024-01-01",
            "board",
            "got '2024-01-01'; input should be a valid integer",
        ),
        ("vulnerable: All", "vulnerable: [NS]", "vulnerable", "got ['NS']; input should be"),
    ],
)
def test_messages_name_the_field_and_quote_the_value_as_written(
    old: str, new: str, location: str, message: str
) -> None:
    error = error_of(with_line(old, new))
    assert error.location == location
    assert error.message.startswith(message)
    for artefact in (".str", "[key]", ".int", "datetime", "True", "False"):
        assert artefact not in str(error)


def test_a_long_value_is_cut_in_the_message() -> None:
    error = error_of(with_line("board: 4", "board: " + "x" * 100_000))
    assert error.message == (
        f"got '{'x' * MAX_SHOWN}…'; input should be a valid integer, unable to parse string "
        "as an integer"
    )
    deal = error_of(with_line('deal: "N:', 'deal: "N:' + "A" * 100_000))
    assert len(deal.message) < 300, deal.message


def test_a_long_list_is_cut_in_the_message() -> None:
    big = "[" + ", ".join(["[" + ", ".join(["abcdef"] * 200) + "]"] * 200) + "]"
    error = error_of(with_line("board: 4", f"board: {big}"))
    assert len(error.message) < 200, error.message


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("CK+-", "'CK+-'"),
        (7, "7"),
        (True, "true"),
        (None, "null"),
        ({"seat": "E", "won": [1, False]}, "{'seat': 'E', 'won': [1, false]}"),
    ],
)
def test_shown(value: Any, text: str) -> None:
    assert shown(value) == text


def test_expect_is_a_mapping() -> None:
    error = error_of(CASE + "expect: decided\n")
    assert (error.location, error.message) == (
        "expect",
        "got 'decided'; input should be a valid dictionary",
    )
    assert loads_case(CASE + "expect: {status: decided}\n", "x.yaml").board == 4


def test_a_yes_no_key_is_named_as_such_not_as_a_number() -> None:
    error = error_of(with_line('W: "C2- H2- HA+ H8-"', 'no: "C2- H2- HA+ H8-"'))
    assert error.location == "play.rows.false"
    assert error.message.startswith("got a yes/no value where text was expected")


def test_a_yes_no_value_where_one_of_a_list_goes() -> None:
    error = error_of(with_line("board: 4", "edition: yes"))
    assert (error.location, error.message) == (
        "edition",
        "got a yes/no value (YAML reads an unquoted yes, no, true, false, on or off as "
        "yes/no); input should be 2017, 2007, 1997 or 1987",
    )


# -- the file's encoding --------------------------------------------------------------------------


def test_a_case_saved_as_utf16_with_its_byte_order_mark_is_read(tmp_path: Path) -> None:
    # as some Windows editors save text; the mark says what it is, as for a record
    for encoding in ("utf-16", "utf-16-be"):
        path = tmp_path / f"{encoding}.yaml"
        mark = b"\xfe\xff" if encoding.endswith("be") else b""
        path.write_bytes(mark + CASE.encode(encoding))
        assert load_case(path).board == 4


def test_a_case_that_is_not_utf8_names_the_byte_and_the_encoding_expected(
    tmp_path: Path,
) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(CASE.replace("by South", "by Süd").encode("latin-1"))
    with pytest.raises(CaseFileError) as caught:
        load_case(path)
    byte = CASE.index("by South") + len("by S") + 1
    assert caught.value.message == (
        f"cannot be read as text: byte {byte} (0xfc) is no character of UTF-8 (expected a case "
        "file saved as UTF-8)"
    )


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\U0000D800", "\\ud83c\\udca1"])
def test_half_a_surrogate_pair_written_as_an_escape_is_refused(escape: str) -> None:
    # It is no character: printing the report or sending the desk's answer failed on it.
    error = error_of(with_line('title: "Board 4:', f'title: "{escape}Board 4:'))
    assert error.location == "line 1, column 8"
    assert error.message.startswith("text holding \\ud")
    assert error.message.endswith(
        "half of a UTF-16 surrogate pair, which is no character (expected the character "
        "itself, or its \\U escape of eight digits)"
    )


def test_nul_written_as_an_escape_is_refused_and_a_whole_character_is_read() -> None:
    error = error_of(with_line('title: "Board 4:', 'title: "\\0Board 4:'))
    assert error.message == "text holding NUL (\\0), which no file or page can show (expected text)"
    case = loads_case(with_line('title: "Board 4:', 'title: "\\U0001F0A1 Board 4:'), "x.yaml")
    assert case.title.startswith("\U0001f0a1 Board 4:")
