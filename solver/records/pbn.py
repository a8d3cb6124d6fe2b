"""A reader for PBN 2.1 files as real programs write them.

What it reads, beyond the plain ``[Tag "value"]`` lines:

- ``%`` lines, ``;`` comments to the end of the line and ``{...}`` commentary, which may span
  lines and nest (commentary that quotes ``{...}`` is closed by its own last brace; when a
  commentary then never closes, the file is read again without nesting, as PBN 2.1 3.8 says);
- tag pairs spread over several lines (PBN 2.1 3.3), and tag names in another case than PBN's
  (``[PLAY]``, with a note);
- games separated by empty lines, or by a repeat of the tag their games start with
  (``[Event]`` mostly); any other tag the reader reads given twice in a game is refused
  (which one holds?), one it does not read only noted;
- the ``#`` value ("as in the previous game"), ``##text`` (text in every later game that
  leaves the tag out), ``?`` (not known: for ``[Contract]``,
  ``[Declarer]``, ``[Dealer]`` and ``[Result]``, as if the tag were not given), and games
  that omit ``[Deal]``: they continue
  the previous game's board (its deal, board number, dealer, vulnerability and event);
- ``[Contract "Pass"]`` (passed out), ``X``/``XX`` doubling, ``[Declarer "^S"]``; a game
  with play but no ``[Contract]``, or with a ``[Contract]`` that is not one (``3NR`` for
  3NTXX), takes its contract and declarer from a finished ``[Auction]`` (``AP`` for the
  closing passes), with a note;
- the ``[Play]`` section: each trick's cards in columns, clockwise from the opening leader
  named by the tag, so the card that led a later trick sits in the winner's column. The play
  order is rebuilt by finding each trick's winner (Law 44). ``-`` marks a card not played,
  ``*`` the end of play (a claim), ``^L`` a lead out of turn accepted (PBN 2.1 3.9, the trick
  led by that card's holder); ``!``, ``?``, ``$N`` and ``=N=`` annotations are skipped.
  Play that ends in ``-`` marks with a ``[Result]`` is read as a claim too (BBO writes one so),
  and so is play that just stops with a ``[Result]`` above the tricks won (BBO Helper); ``+``
  (play to be continued) is no claim. ``[Result "NS 11"]`` or ``"NS 11 EW 2"`` (a side's
  tricks, PBN 2.1) is turned into declarer's; ``^9`` is the number the players agreed.

The [Play] tag's leader must be a defender (declarer's right-hand opponent only after a lead
out of turn accepted, Law 54); every [Auction] is checked call by call (bids sufficient,
doubles of opponents, nothing after the end, Law 22A); a tag given twice in a game is refused;
a game without [Vulnerable] reads as none vulnerable, with a note. Every card is checked
against Law 44 (see :class:`solver.records.record.PlayRecorder`).
Problems are reported as :class:`solver.errors.CaseFileError` naming the file, the line or
the game and tag, and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from solver.bridge import Card, Contract, Deal, Seat, Trick
from solver.bridge.deal import parse_hands
from solver.errors import CaseFileError, input_name, read_input
from solver.records.auction import contract_of, illegal_call, is_finished, parse_call
from solver.records.numbers import whole_number
from solver.records.record import (
    MAX_BOARD,
    PlayError,
    PlayRecorder,
    Record,
    Vulnerability,
    seat_name,
)
from solver.records.yamlload import shown

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_BEGUN = re.compile(r'\[\s*(?:[A-Za-z0-9_]+\s*(?:"(?:[^"\\]|\\.)*"\s*)?)?')
"""The start of a tag pair that goes on on the next line (PBN 2.1 import format lets a tag pair
span lines): ``[``, then its name, then its quoted value, each optional from the end."""
MAX_TAG_LINES = 100
"""The most lines one tag pair may span. PBN's import format lets a pair go on over lines, and
each line re-reads the pair so far: without a bound, a ``[`` never closed costs time growing with
the square of the lines after it."""
_ANNOTATION = re.compile(r"^(?:[!?]+|\$\d+|=\d+=|\^\d*)$")
_PLACEHOLDER = re.compile(r"^-+$")
_REPEATABLE_TAGS = frozenset({"Note"})
_SELF_TERMINATING = "*+"
"""PBN 2.1 3.2: ``*`` and ``+`` are tokens by themselves, even written against a card (``D4*``)."""
_ENDS_A_WORD = "[{;" + _SELF_TERMINATING
"""What ends a token written against it: a tag, a commentary, a comment, ``*`` or ``+``."""
_BOARD_TAGS = ("Event", "Board", "Deal", "Dealer", "Vulnerable")
"""Tags a game that omits [Deal] takes from the previous game (the same board, another table)."""

_REDOUBLED_AS_R = re.compile(r"^([1-7](?:C|D|H|S|NT|N))R$", re.IGNORECASE)
"""A contract whose redouble is written ``R`` (``3NR``, ``5DR``), as a World Championship
file writes every redoubled contract, its auctions ending X XX: PBN writes ``XX``."""

_VULNERABLE: dict[str, Vulnerability] = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}
_MAY_BE_UNKNOWN = frozenset({"Contract", "Declarer", "Dealer", "Result"})
"""Tags whose value "?" (not known) reads as the tag not given: the contract then comes from
the auction or is none, the claim has no total. Not [Vulnerable]: a missing one reads as
none vulnerable, which for "?" would be a guess."""
_PLAYER_TAGS = {"North": Seat.NORTH, "East": Seat.EAST, "South": Seat.SOUTH, "West": Seat.WEST}
_TAGS_READ = {
    name.lower(): name
    for name in (
        *_BOARD_TAGS,
        *_PLAYER_TAGS,
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Room",
        "Note",
    )
}
"""The tags the reader reads, by their names in lower case: PBN tag names are case sensitive
(2.1, 3.3), but a program that writes ``[PLAY "W"]`` means the play, and leaving it out would
lose the play without a word. Such a tag is read under PBN's name, with a note."""


def load(path: str | Path, *, errors: list[CaseFileError] | None = None) -> list[Record]:
    """Read every game of a PBN file; raises CaseFileError (also for an unreadable file).

    With ``errors`` (a list), a game that cannot be read is left out and its error appended
    there instead of raised; errors in the file's layout (an unclosed commentary, a broken
    tag) are still raised.
    """
    name = input_name(path)
    try:
        data = read_input(path)
    except OSError as error:
        raise CaseFileError(name, "", f"cannot be read ({error.strerror or error})") from None
    return loads(decode(data), name, errors=errors)


def decode(data: bytes) -> str:
    """Text of a record file: UTF-8 (with or without BOM), else ISO-8859-1 as PBN 2.1 allows;
    UTF-16 with its byte-order mark, as some Windows editors save text, is read too (as
    ISO-8859-1 it would be nonsense every other byte)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def loads(
    text: str, source: str = "<pbn>", *, errors: list[CaseFileError] | None = None
) -> list[Record]:
    """Read every game of PBN text; ``source`` names it in messages (``errors``: see load)."""
    games = _Lexer(source).run(text)
    records: list[Record] = []
    previous: dict[str, str] = {}
    header: dict[str, str] = {}
    for game in games:
        reader = None
        try:
            reader = _GameReader(source, game, previous, header)
            previous = reader.values
            record = reader.read()
        except CaseFileError as error:
            if errors is None:
                raise
            error.record = game.number
            error.board = None if reader is None else reader.board
            errors.append(error)
            continue
        if record is not None:
            records.append(record)
    return records


# -- lexing ----------------------------------------------------------------------------------


@dataclass
class _Token:
    text: str
    line: int


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    section: list[_Token] = field(default_factory=list)
    written: str = ""
    """The name as the file spells it, when that is another case than PBN's (``PLAY``)."""


@dataclass
class _Game:
    number: int
    """From 1, in file order."""
    tags: list[_Tag] = field(default_factory=list)
    repeated: list[_Tag] = field(default_factory=list)
    """Tags given a second time in the game (the first is in ``tags``): the game is refused."""
    first: dict[str, _Tag] = field(default_factory=dict)
    """Each tag's first pair in the game, by name: looked up for every tag read, so a game of
    thousands of tags is not read in quadratic time."""

    def add(self, tag: _Tag) -> None:
        self.tags.append(tag)
        self.first.setdefault(tag.name, tag)

    def tag(self, name: str) -> _Tag | None:
        return self.first.get(name)


class _Lexer:
    """Splits PBN text into games of tags, each tag with the tokens of its section.

    Brace commentary is first read as nesting (``{a {b} c}`` one commentary, as files that
    quote braces in their commentary write it); when a commentary then never closes, the text
    is read again as PBN 2.1 says (3.8: braces do not nest, the first ``}`` closes), so
    ``{ {} {`` is one closed commentary."""

    def __init__(self, source: str, nesting: bool = True) -> None:
        self.source = source
        self.nesting = nesting
        self.games: list[_Game] = []
        self.current = _Game(1)
        self.depth = 0
        self.comment_line = 0
        self.open_tag: tuple[str, int] | None = None
        """A tag pair begun on an earlier line and not yet closed: its text so far, its line."""

    def run(self, text: str) -> list[_Game]:
        for number, line in enumerate(text.splitlines(), start=1):
            self._line(line, number)
        if self.depth:
            if self.nesting:
                return _Lexer(self.source, nesting=False).run(text)
            raise CaseFileError(
                self.source,
                f"line {self.comment_line}",
                "commentary '{' is never closed (expected '}')",
            )
        if self.open_tag is not None:
            begun, started = self.open_tag
            raise CaseFileError(
                self.source,
                f"line {started}",
                f"tag {shown(begun.strip())} is never closed (expected ']')",
            )
        self._end_game()
        return self.games

    def _line(self, line: str, number: int) -> None:
        position = 0
        if self.open_tag is not None:
            begun, started = self.open_tag
            if number - started >= MAX_TAG_LINES:
                raise CaseFileError(
                    self.source,
                    f"line {started}",
                    f"tag {shown(begun.strip())} is not closed within {MAX_TAG_LINES} lines "
                    "(expected ']')",
                )
            position = self._tag_goes_on(line)
        elif self.depth == 0:
            if not line.strip():
                self._end_game()
                return
            if line.startswith("%"):
                return
        while position < len(line):
            position = self._step(line, position, number)

    def _step(self, line: str, position: int, number: int) -> int:
        if self.depth:
            return self._in_commentary(line, position)
        char = line[position]
        if char.isspace():
            return position + 1
        if char == ";":
            return len(line)
        if char == "{":
            self.depth, self.comment_line = 1, number
            return position + 1
        if char == "[":
            return self._tag(line, position, number)
        if char in _SELF_TERMINATING:
            self._token(char, number)
            return position + 1
        end = position
        while end < len(line) and not line[end].isspace() and line[end] not in _ENDS_A_WORD:
            end += 1
        self._token(line[position:end], number)
        return end

    def _in_commentary(self, line: str, position: int) -> int:
        for index in range(position, len(line)):
            if line[index] == "{" and self.nesting:
                self.depth += 1
            elif line[index] == "}":
                self.depth -= 1
                if self.depth == 0:
                    return index + 1
        return len(line)

    def _tag(self, line: str, position: int, number: int) -> int:
        return position + self._tag_in(line[position:], number)

    def _tag_goes_on(self, line: str) -> int:
        """A line after one that began a tag pair: where in it the tag ends (the rest is read
        as usual), or its length when the tag goes on further still."""
        assert self.open_tag is not None
        begun, first = self.open_tag
        self.open_tag = None
        return self._tag_in(f"{begun}\n{line}", first) - len(begun) - 1

    def _tag_in(self, text: str, number: int) -> int:
        """Reads the tag pair ``text`` starts with (begun on line ``number``): where it ends,
        or, when it goes on on the next line, the length of ``text``, kept in ``open_tag``."""
        match = _TAG.match(text)
        if match is None:
            if _TAG_BEGUN.fullmatch(text):
                self.open_tag = (text, number)
                return len(text)
            raise CaseFileError(
                self.source,
                f"line {number}",
                f'expected a tag like [Board "12"], got {shown(text)}',
            )
        self._add_tag(match, number)
        return match.end()

    def _add_tag(self, match: re.Match[str], number: int) -> None:
        written = match.group(1)
        name = _TAGS_READ.get(written.lower(), written)
        value = re.sub(r"\\(.)", r"\1", match.group(2))
        tag = _Tag(name, value, number, written="" if name == written else written)
        if name not in _REPEATABLE_TAGS and self.current.tag(name) is not None:
            if name != self.current.tags[0].name:
                # Not how a game starts: the same game gives the tag twice. Its section
                # still needs a tag to hold its tokens; the game is refused when read.
                self.current.repeated.append(tag)
                self.current.add(tag)
                return
            self._end_game()
        self.current.add(tag)

    def _token(self, text: str, number: int) -> None:
        if not self.current.tags and text == "*":
            return  # an end of play with no game before it (seen between games): it ends nothing
        if not self.current.tags:
            raise CaseFileError(
                self.source,
                f"line {number}",
                f'expected a tag like [Event "..."], got {shown(text)}',
            )
        self.current.tags[-1].section.append(_Token(text, number))

    def _end_game(self) -> None:
        if self.current.tags:
            self.games.append(self.current)
            self.current = _Game(self.current.number + 1)


# -- reading one game ------------------------------------------------------------------------


class _GameReader:
    """Builds the Record of one game, given the tag values of the game before it."""

    def __init__(
        self, source: str, game: _Game, previous: dict[str, str], header: dict[str, str]
    ) -> None:
        self.source = source
        self.game = game
        self.previous = previous
        self.header = header
        """Values a ``##`` gave for every game after (PBN 2.1 4.8), by tag; a later game that
        gives the tag again replaces its value there."""
        self.continues = game.tag("Deal") is None and bool(previous.get("Deal"))
        names = [tag.name for tag in game.tags] + [n for n in _BOARD_TAGS if game.tag(n) is None]
        names += [name for name in header if name not in names]
        # Every tag's value after inheritance; the next game inherits from these.
        self.values = {name: self._resolve(name) for name in names}
        self.board = self._board()
        self.notes: list[str] = []
        self.leads_out_of_turn: list[tuple[int, Seat, Card]] = []
        self._play_reader: _PlayReader | None = None

    def where(self, tag: str = "") -> str:
        board = f" (board {self.board})" if self.board is not None else ""
        return f"game {self.game.number}{board}" + (f" [{tag}]" if tag else "")

    def error(self, tag: str, message: str) -> CaseFileError:
        return CaseFileError(self.source, self.where(tag), message)

    def value(self, name: str) -> str:
        """A tag's value after inheritance, "" when the game does not give it."""
        return self.values.get(name, "")

    def _resolve(self, name: str) -> str:
        """The value after inheritance: "#" copies the previous game's (none: ""), "##text"
        gives text to this game and every later one that leaves the tag out; a game that
        continues the previous board inherits its board tags. "?" (PBN 2.1: the value is not
        known) reads as a tag not given where that is read without a guess
        (``_MAY_BE_UNKNOWN``)."""
        tag = self.game.tag(name)
        if tag is None:
            if self.continues and name in _BOARD_TAGS:
                return self.previous.get(name, "")
            return self.header.get(name, "")
        value = tag.value.strip()
        if value.startswith("##"):
            value = self.header[name] = value[2:].strip()
            return value
        if value == "?" and name in _MAY_BE_UNKNOWN:
            return ""
        if value == "#":
            return self.previous.get(name, "")
        if name in self.header:
            self.header[name] = value  # redefined from here on (PBN 2.1 4.8)
        return value

    def read(self) -> Record | None:
        self._no_tag_twice()
        for spelt in self.game.tags:
            if spelt.written:
                self.notes.append(
                    f"[{spelt.written}] read as [{spelt.name}] (PBN tag names are case sensitive)"
                )
        deal_text = self.values["Deal"]
        if not deal_text:
            if not any(self.game.tag(name) for name in ("Play", "Contract", "Auction", "Deal")):
                return None
            tag = self.game.tag("Deal")
            if tag is not None and tag.value.strip() == "#":
                raise self.error("Deal", "'#' copies the previous game's deal, but there is none")
            raise self.error("Deal", "missing (expected a deal like 'N:AKQ.T98.765.432 ...')")
        deal = self._deal(deal_text)
        vulnerable = self._vulnerable()
        contract, declarer = self._contract_and_declarer()
        result = self._result(declarer)
        tricks, partial, claimed = self._play(deal, contract, declarer, result)
        return Record(
            source=self.source,
            index=self.game.number - 1,
            board=self.board,
            event=self.values["Event"] or None,
            deal=deal,
            dealer=self._seat("Dealer"),
            vulnerable=vulnerable,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            partial_trick=partial,
            claimed_total=result if claimed else None,
            result=result,
            players=self._players(),
            room=self.value("Room") or None,
            notes=tuple(self.notes),
            leads_out_of_turn=tuple(self.leads_out_of_turn),
        )

    def _no_tag_twice(self) -> None:
        """A tag the reader reads given twice in one game (two [Board]s, two [Contract]s) is
        refused: which one holds is not for the reader to guess. One it does not read (two
        [Score]s) is only noted: refusing it would lose a board for a value never used."""
        for tag in self.game.repeated:
            first = self.game.tag(tag.name)
            assert first is not None, "a repeated tag was given before"
            if tag.name.lower() not in _TAGS_READ:
                self.notes.append(
                    f"[{tag.name}] given twice, on lines {first.line} and {tag.line}: not read"
                )
                continue
            raise self.error(
                tag.name,
                f"given twice in one game, {shown(first.value)} on line {first.line} and "
                f"{shown(tag.value)} on line {tag.line} (expected each tag once; games are "
                "separated by an empty line)",
            )

    def _board(self) -> int | None:
        text = self.values["Board"]
        if not text:
            return None
        number = whole_number(text)
        if number is None or not 1 <= number <= MAX_BOARD:
            raise CaseFileError(
                self.source,
                f"game {self.game.number} [Board]",
                f"got {shown(text)} (expected a board number, 1 to {MAX_BOARD})",
            )
        return number

    def _deal(self, text: str) -> Deal:
        try:
            deal = Deal.from_pbn(text)
        except ValueError as error:
            raise self.error(
                "Deal",
                f"{error} (expected a deal like 'N:AKQ.T98.765.432 ...'){self._ending(text)}",
            ) from None
        if "-" not in text and "..." not in text:
            return deal  # no hand left out: the text need not be read again
        for seat, hand in zip(Seat, parse_hands(text), strict=True):
            if not hand:
                self.notes.append(
                    f"[Deal] leaves {seat_name(seat)}'s hand out ('-'): read as the 13 cards "
                    "the other hands do not hold"
                )
        return deal

    @staticmethod
    def _ending(text: str) -> str:
        """What to say of a [Deal] that is an end position (PBN 2.1 3.10: hands of equal
        length under 13): a board to import needs the whole deal; a claim's ending can be
        written as a case by hand."""
        try:
            sizes = {len(hand) for hand in parse_hands(text)}
        except ValueError:
            return ""
        if len(sizes) != 1 or not 0 < min(sizes) < 13:
            return ""
        return (
            "; this is an end position (PBN 2.1 3.10), not a whole deal: give a claim in an "
            "ending as a case file, claim.position.hands (docs/case-format.md)"
        )

    def _seat(self, name: str) -> Seat | None:
        text = self.value(name).lstrip("^")
        if not text:
            return None
        try:
            return Seat.parse(text)
        except ValueError:
            raise self.error(name, f"got {shown(text)} (expected N, E, S or W)") from None

    def _vulnerable(self) -> Vulnerability:
        text = self.values["Vulnerable"]
        if not text:
            given = "empty" if self.game.tag("Vulnerable") is not None else "not given"
            self.notes.append(
                f"[Vulnerable] is {given}: read as none vulnerable (the case's default); "
                "correct vulnerable if it was not so"
            )
            return "None"
        if text.lower() not in _VULNERABLE:
            raise self.error(
                "Vulnerable", f"got {shown(text)} (expected None, NS, EW, All or Both)"
            )
        return _VULNERABLE[text.lower()]

    def _contract_and_declarer(self) -> tuple[Contract | None, Seat | None]:
        """From [Contract] and [Declarer]; from the [Auction] when the game has play and no
        [Contract], or a [Contract] that is not one. A redouble written ``R`` (``3NR``) is read
        as ``XX``, with a note, like any contract the tags give: the auction, where there is
        one, is checked against it and a difference noted. Any [Auction] is checked first: a
        call it cannot hold is the error, not trick 1."""
        text = self.value("Contract")
        if not text:
            if self._auction_calls() and self._play_given():
                return self._from_auction("no [Contract]")
            self._check_auction()
            return None, None
        text = self._redouble_as_xx(text)
        try:
            contract = None if text.lower() == "pass" else Contract.parse(text)
        except ValueError:
            expected = f"got {shown(text)} (expected Pass or a contract like 4S, 3NTX)"
            if not self._auction_calls():
                raise self.error("Contract", expected) from None
            try:
                read, declarer = self._from_auction(f"[Contract] {shown(text)} is not a contract")
            except CaseFileError as error:
                raise self.error(
                    "Contract", f"{expected}; nor can the [Auction] give it: {error.message}"
                ) from None
            if read is None or not text.startswith(str(read.level)):
                raise self.error(
                    "Contract", f"{expected}; the [Auction] ends in {read or 'Pass'}"
                ) from None
            return read, declarer
        calls = self._check_auction()
        declarer = self._declarer()
        if declarer is None and contract is not None and calls is not None:
            declarer = self._declarer_from_auction(calls, contract)
        if calls is not None:
            self._note_other_auction(calls, contract, declarer)
        return (contract, declarer) if contract is not None else (None, None)

    def _declarer_from_auction(self, calls: list[str], contract: Contract) -> Seat | None:
        """A game that gives [Contract] and a finished [Auction] ending in it, but no
        [Declarer] (no tag is required in PBN's import format): the auction's declarer, with
        a note; None when the auction ends in another contract (the declarer is not guessed)."""
        first = self._first_caller()
        if first is None:
            return None
        read, by = contract_of(calls, first)
        if by is None or str(read) != str(contract):
            return None
        self.notes.append(f"no [Declarer]: {seat_name(by)} read from the [Auction]")
        return by

    def _redouble_as_xx(self, text: str) -> str:
        """A [Contract] whose redouble is written ``R`` (``5DR``) in PBN's spelling (``5DXX``),
        with a note; any other text as it is."""
        redoubled = _REDOUBLED_AS_R.match(text)
        if not redoubled:
            return text
        read_as = f"{redoubled.group(1).upper()}XX"
        self.notes.append(
            f"[Contract] {shown(text)} read as {Contract.parse(read_as)}: R taken for redoubled "
            "(PBN writes XX)"
        )
        return read_as

    def _note_other_auction(
        self, calls: list[str], contract: Contract | None, declarer: Seat | None
    ) -> None:
        """A finished [Auction] (``calls``) that ends in another contract or declarer than the
        tags give: the tags are read (they are what the players scored), and the case's notes
        say so, so that the disagreement is not read past silently."""
        first = self._first_caller()
        if first is None:
            return
        read, by = contract_of(calls, first)
        if str(read) == str(contract) and (declarer is None or by is declarer or read is None):
            return
        tags = "Pass" if contract is None else str(contract)
        if contract is not None and declarer is not None:
            tags += f" by {seat_name(declarer)}"
        auction = "Pass" if read is None or by is None else f"{read} by {seat_name(by)}"
        self.notes.append(
            f"[Contract] {tags} differs from the [Auction], which ends in {auction}: the "
            "tags are read; check the record"
        )

    def _declarer(self) -> Seat | None:
        return self._seat("Declarer")

    def _first_caller(self) -> Seat | None:
        """Who made the first call: the [Auction] tag's seat, else the dealer."""
        return self._seat("Auction") or self._seat("Dealer")

    def _play_section(self) -> _PlayReader | None:
        """The [Play] section read once (None without the tag): both the contract's fallback
        and the play ask for it."""
        tag = self.game.tag("Play")
        if tag is not None and self._play_reader is None:
            self._play_reader = _PlayReader(self, tag)
        return self._play_reader

    def _play_given(self) -> bool:
        play = self._play_section()
        return play is not None and play.cards_given()

    def _auction_calls(self) -> list[_Token]:
        tag = self.game.tag("Auction")
        return [] if tag is None else [t for t in tag.section if not _ANNOTATION.match(t.text)]

    def _from_auction(self, why: str) -> tuple[Contract | None, Seat | None]:
        """The contract and declarer of a game that gives an [Auction] but no [Contract] (some
        BBO exports leave the tag out on a board or two) or one that is not a contract: read
        from the calls, with a note that starts with ``why``, and checked against [Declarer]
        where the game names it. The opening leader is the [Play] tag's, as when the contract
        is given (a lead out of turn may have been accepted, Law 54)."""
        first = self._first_caller()
        if first is None:
            raise self.error(
                "Auction", 'no seat for the first call (expected [Auction "N"] or [Dealer])'
            )
        calls = self._calls()
        contract, declarer = contract_of(calls, first)
        if contract is None or declarer is None:
            return None, None
        named = self._declarer()
        if named is not None and named is not declarer:
            raise self.error(
                "Declarer",
                f"got {seat_name(named)}, but the auction makes {seat_name(declarer)} declarer",
            )
        self.notes.append(f"{why}: {contract} by {seat_name(declarer)} read from the [Auction]")
        return contract, declarer

    def _calls(self) -> list[str]:
        """The calls of the [Auction] section, which must be complete (Law 22A) for a contract
        to be read from it: ``AP`` stands for the passes that end it; ``*`` (the rest is not
        recorded) and words that are not calls are refused."""
        calls, stop = self._auction()
        if stop is not None and stop.text != "*":
            raise self.error(
                "Auction",
                f"got {shown(stop.text)} on line {stop.line} (expected a call: Pass, X, XX, AP "
                "or a bid like 1H, 3NT), so the contract cannot be read: give [Contract]",
            )
        if not is_finished(calls):
            ends = f"got {shown(stop.text)} on line {stop.line}: " if stop is not None else ""
            raise self.error(
                "Auction",
                f"{ends}the auction is not finished (expected three passes or AP after the "
                "last call), so the contract cannot be read: give [Contract] and [Declarer]",
            )
        return calls

    def _auction(self) -> tuple[list[str], _Token | None]:
        """The calls of the [Auction] section up to ``*`` or a word that is not a call (the
        token returned with them), each checked against the calls before it (``illegal_call``):
        an auction that breaks the rules is refused, whether or not [Contract] is given, as a
        record nobody could have played."""
        calls: list[str] = []
        for token in self._auction_calls():
            if token.text == "*":
                return calls, token
            all_pass = token.text.upper() == "AP"
            call = "P" if all_pass else parse_call(token.text.rstrip("!?"))
            if call is None:
                return calls, token
            reason = illegal_call(calls, call)
            if reason is not None:
                raise self.error("Auction", f"{shown(token.text)} on line {token.line}: {reason}")
            calls.append(call)
            while all_pass and not is_finished(calls):
                calls.append("P")
        return calls, None

    def _check_auction(self) -> list[str] | None:
        """The [Auction] of a game whose contract the tags give: checked all the same (an
        illegal call raises); a word in it that is not a call stops the check, with a note.
        The calls, when the auction is there whole and finished (else None)."""
        calls, stop = self._auction()
        if stop is not None and stop.text != "*":
            self.notes.append(
                f"[Auction] holds {shown(stop.text)} on line {stop.line}, which is not a call: the "
                "calls from there on are not checked (the contract is not read from them)"
            )
        return calls if stop is None and calls and is_finished(calls) else None

    def _result(self, declarer: Seat | None) -> int | None:
        """Declarer's tricks. PBN 2.1 also lets a side's tricks be written with the side
        first (``NS 11``), or both sides' (``NS 11 EW 2``): they are turned into declarer's."""
        text = self.value("Result")
        if text.startswith("^"):
            # PBN 2.1 3.4.15: the players agreed a number other than the tricks won.
            self.notes.append(
                f"[Result] {shown(text)}: the caret says the players agreed on another number of "
                "tricks than the play gives; read as the number agreed"
            )
            text = text[1:].strip()
        if not text:
            return None
        expected = (
            f"got {shown(text)} (expected declarer's tricks, 0 to 13, or NS or EW and that side's "
            "tricks, or both sides', NS 9 EW 4)"
        )
        by_side = self._tricks_by_side(text.upper().split(), expected)
        if by_side is None:
            return whole_number(text)
        if declarer is None:
            # No declarer, so no play to read (which needs one): the count is left aside.
            self.notes.append(
                f"[Result] {shown(text)} gives a side's tricks, but no [Declarer] says whose: "
                "not read"
            )
            return None
        mine = declarer.side.name
        return by_side[mine] if mine in by_side else 13 - next(iter(by_side.values()))

    def _tricks_by_side(self, words: list[str], expected: str) -> dict[str, int] | None:
        """``NS 9`` or ``NS 9 EW 4`` as each side's tricks; None for declarer's bare count."""
        single = whole_number(words[0]) if len(words) == 1 else None
        if single is not None and single <= 13:
            return None
        if len(words) not in (2, 4):
            raise self.error("Result", expected)
        pairs = [(words[at], whole_number(words[at + 1])) for at in range(0, len(words), 2)]
        by_side: dict[str, int] = {}
        for side, count in pairs:
            if side not in ("NS", "EW") or count is None or count > 13:
                raise self.error("Result", expected)
            by_side[side] = count
        if len(pairs) == 2 and (len(by_side) != 2 or sum(by_side.values()) != 13):
            raise self.error("Result", f"{expected}; the two sides' tricks make 13")
        return by_side

    def _players(self) -> dict[Seat, str]:
        players: dict[Seat, str] = {}
        for name, seat in _PLAYER_TAGS.items():
            text = self.value(name)
            if text:
                players[seat] = text
        return players

    def _play(
        self, deal: Deal, contract: Contract | None, declarer: Seat | None, result: int | None
    ) -> tuple[tuple[Trick, ...], tuple[tuple[Seat, Card], ...], bool]:
        play = self._play_section()
        if play is None or not play.cards_given():
            return (), (), False
        if contract is None:
            raise self.error(
                "Play", "cards are played but there is no contract (expected [Contract])"
            )
        if declarer is None:
            raise self.error("Declarer", "missing (expected N, E, S or W: [Play] needs a declarer)")
        leader = self._seat("Play")
        if leader is None:
            raise self.error("Play", 'expected the opening leader\'s seat, like [Play "W"]')
        if leader in (declarer, declarer.partner):
            role = "declarer" if leader is declarer else "dummy"
            raise self.error(
                "Play",
                f"got {leader}: {seat_name(leader)} is {role} (expected {declarer.lho}, the "
                f"player on declarer's left, who makes the opening lead; {declarer.rho} only "
                "if his lead out of turn was accepted, Law 54)",
            )
        tricks, partial, claimed = play.replay(deal, contract, leader)
        self.notes.extend(play.notes)
        self._leads_out_of_turn(play.leads_out_of_turn, declarer)
        if claimed or result is None or len(tricks) == 13:
            return tricks, partial, claimed
        if play.continued:
            # PBN 2.1 3.4.15: with play to be continued, [Result] counts the tricks completed.
            self.notes.append(
                f"[Play] holds '+', play to be continued: [Result] {result} counts the "
                "completed tricks only, and no claim is read"
            )
            return tricks, partial, False
        if play.ends_in_dashes():
            # The tricks not played are marked '-' and the [Result] gives the total: a claim,
            # as BBO's PBN writes one (it has no '*'). Without a [Result] play only stopped.
            self.notes.append(
                f"[Play] ends with '-' for the cards not played and [Result] gives {result} "
                "tricks: read as a claim (the '*' that marks one is missing)"
            )
            return tricks, partial, True
        won = sum(
            1 for t in tricks if t.winner(contract.strain.trump_suit_index).side is declarer.side
        )
        if won < result <= won + 13 - len(tricks):
            # A [Result] the completed tricks cannot give is no partial count (PBN 2.1
            # 3.4.15): the rest was claimed, as BBO Helper writes a claim at a trick's end.
            self.notes.append(
                f"[Play] stops after {self._cards_given(tricks, partial)} with no '*' and "
                f"[Result] gives {result} tricks, {won} won in the play: read as a claim"
            )
            return tricks, partial, True
        return tricks, partial, False

    def _leads_out_of_turn(self, leads: list[tuple[int, Seat, Card]], declarer: Seat) -> None:
        """The leads out of turn the play marks (``^L``), read as accepted: at trick 1 only a
        defender's, the case's ``opening_leader`` (Law 54); later ones go to the record, for
        the case's irregularities (Laws 53A, 55A)."""
        for number, offender, card in leads:
            if number == 1 and offender in (declarer, declarer.partner):
                raise self.error(
                    "Play",
                    f"trick 1: {seat_name(offender)}'s {card} is marked led out of turn ('^L'), "
                    "but the opening lead is a defender's (expected "
                    f"{declarer.lho} or, out of turn, {declarer.rho})",
                )
            self.notes.append(
                f"[Play] trick {number}: {seat_name(offender)}'s {card} is marked led out of "
                "turn ('^L'): read as a lead out of turn accepted"
            )
            if number > 1:
                self.leads_out_of_turn.append((number, offender, card))

    @staticmethod
    def _cards_given(tricks: tuple[Trick, ...], partial: tuple[tuple[Seat, Card], ...]) -> str:
        where = f"trick {len(tricks)}"
        return where if not partial else f"{where} and {len(partial)} card(s) of the next"


class _PlayReader:
    """The [Play] section: tokens to columns, columns to tricks in play order."""

    def __init__(self, game: _GameReader, tag: _Tag) -> None:
        self.game = game
        self.columns: list[tuple[Card | None, int]] = []
        self.ended = False
        self.continued = False
        """``+`` was given: the play is to be continued (PBN 2.1 3.6), no claim."""
        self.out_of_turn: set[int] = set()
        """The columns of cards marked ``^L``: led out of turn, the lead accepted (3.9 D)."""
        self._marked: int | None = None
        """The line of a ``^L`` waiting for its card."""
        self.leads_out_of_turn: list[tuple[int, Seat, Card]] = []
        """After ``replay``: each trick led out of turn, its offender and his card."""
        self.notes: list[str] = []
        for token in tag.section:
            self._token(token)
        if self._marked is not None:
            raise self._error(self._marked, "'^L' is not followed by the card led out of turn")
        self._one_trick_a_line()

    def _one_trick_a_line(self) -> None:
        """Each line of the section is a trick, a column per player: more than four cards on a
        line would shift every later card into another player's column and trick."""
        per_line: dict[int, int] = {}
        for _card, line in self.columns:
            per_line[line] = per_line.get(line, 0) + 1
            if per_line[line] > 4:
                raise self._error(
                    line,
                    "more than four cards on one line (expected a trick a line, one card "
                    "or '-' per player)",
                )

    def cards_given(self) -> bool:
        return any(card is not None for card, _ in self.columns)

    def ends_in_dashes(self) -> bool:
        """Is every column after the last card ``-``, at least one: how BBO's PBN (and programs
        that copy it) writes a claim, the cards not played marked, with no ``*``?"""
        return bool(self.columns) and self.columns[-1][0] is None and self.cards_given()

    def _token(self, token: _Token) -> None:
        text = token.text
        if text == "*":
            self.ended = True
            return
        if _ANNOTATION.match(text):
            return
        if text == "^L":
            if self._marked is not None:
                raise self._error(token.line, "'^L' twice, with no card between")
            self._marked = token.line
            return
        if text == "^R":
            raise self._error(
                token.line,
                "'^R' marks a revoke (PBN 2.1 3.9), which the reader does not take as agreed "
                "play: import the board without it and enter the revoke in the case "
                "(docs/case-format.md, revoke allegations)",
            )
        if _PLACEHOLDER.match(text) or text == "+":
            if self._marked is not None:
                raise self._error(token.line, f"'^L' is followed by {shown(text)}, not a card")
            self.continued = self.continued or text == "+"
            card = None
        else:
            card = self._card(token)
            if self.ended:
                raise self._error(token.line, f"card {card} comes after the end of play '*'")
        if self._marked is not None:
            self.out_of_turn.add(len(self.columns))
            self._marked = None
        if not self.ended:
            self.columns.append((card, token.line))

    def _card(self, token: _Token) -> Card:
        try:
            return Card.parse(token.text.rstrip("!?"))
        except ValueError:
            raise self._error(
                token.line, f"expected a card like SA or H10, '-' or '*', got {shown(token.text)}"
            ) from None

    def _error(self, line: int, message: str, trick: int | None = None) -> CaseFileError:
        at_trick = f" trick {trick}" if trick is not None else ""
        return CaseFileError(
            self.game.source, f"{self.game.where('Play')}{at_trick}, line {line}", message
        )

    def replay(
        self, deal: Deal, contract: Contract, first: Seat
    ) -> tuple[tuple[Trick, ...], tuple[tuple[Seat, Card], ...], bool]:
        """Replays the columns trick by trick; the bool is True when play stopped at a claim."""
        recorder = PlayRecorder(deal, contract.strain.trump_suit_index, first)
        groups = [self.columns[start : start + 4] for start in range(0, len(self.columns), 4)]
        stopped_at: int | None = None
        for number, group in enumerate(groups, start=1):
            by_seat = self._seats(deal, first, group, number)
            if stopped_at is not None:
                self._nothing_after(by_seat, number, stopped_at)
                continue
            self._led_out_of_turn(recorder, deal, number)
            if not self._play_trick(recorder, by_seat, number):
                stopped_at = number
        tricks = tuple(recorder.tricks)
        partial = tuple(recorder.current)
        return tricks, partial, self.ended and len(tricks) < 13

    def _led_out_of_turn(self, recorder: PlayRecorder, deal: Deal, number: int) -> None:
        """A trick whose card is marked ``^L`` is led by that card's holder (3.9 D: the other
        three play clockwise after him), the lead accepted."""
        for column in range(4 * (number - 1), min(4 * number, len(self.columns))):
            card, line = self.columns[column]
            if column not in self.out_of_turn or card is None:
                continue
            offender = deal.holder(card)
            try:
                recorder.lead_out_of_turn(offender)
            except PlayError as error:
                raise self._error(line, error.message, error.trick) from None
            self.leads_out_of_turn.append((number, offender, card))

    def _seats(
        self, deal: Deal, first: Seat, group: list[tuple[Card | None, int]], number: int
    ) -> dict[Seat, tuple[Card, int]]:
        """Who played each card of one line: its column, or the hand it was dealt to.

        A line whose cards are not in their players' columns (seen in real files: a line
        written from another seat) is read by the deal, which names each card's player
        unambiguously, and noted; Law 44 is checked all the same.
        """
        by_seat: dict[Seat, tuple[Card, int]] = {}
        moved = False
        for column, (card, line) in enumerate(group):
            if card is None:
                continue
            seat = deal.holder(card)
            moved = moved or seat is not Seat.from_index(first.index + column)
            if seat in by_seat:
                other = by_seat[seat][0]
                raise self._error(line, f"{seat_name(seat)} plays both {other} and {card}", number)
            by_seat[seat] = (card, line)
        if moved:
            self.notes.append(
                f"[Play] trick {number} (line {group[0][1]}): cards not in their players' columns; "
                "each card was read as played by the hand it was dealt to"
            )
        return by_seat

    def _play_trick(
        self, recorder: PlayRecorder, by_seat: dict[Seat, tuple[Card, int]], number: int
    ) -> bool:
        """Plays one trick in play order; False when a card is missing (play stopped there)."""
        leader = recorder.leader
        for offset in range(4):
            seat = Seat.from_index(leader.index + offset)
            if seat not in by_seat:
                self._rest_missing(by_seat, leader, offset, number)
                return False
            card, line = by_seat[seat]
            try:
                recorder.play(card, seat)
            except PlayError as error:
                raise self._error(line, error.message, error.trick) from None
        return True

    def _rest_missing(
        self, by_seat: dict[Seat, tuple[Card, int]], leader: Seat, offset: int, number: int
    ) -> None:
        missing = Seat.from_index(leader.index + offset)
        for later in range(offset + 1, 4):
            seat = Seat.from_index(leader.index + later)
            if seat in by_seat:
                card, line = by_seat[seat]
                raise self._error(
                    line,
                    f"{seat_name(seat)} plays {card} but {seat_name(missing)}, who plays before, "
                    f"has no card (a trick goes clockwise from its leader, {seat_name(leader)})",
                    number,
                )

    def _nothing_after(
        self, by_seat: dict[Seat, tuple[Card, int]], number: int, stopped_at: int
    ) -> None:
        for card, line in by_seat.values():
            raise self._error(
                line, f"card {card} is given after play stopped at trick {stopped_at}", number
            )
