"""A reader for BBO LIN records: hand records (one board a line) and vugraph streams.

A LIN file is a stream of ``key|value|`` pairs. The keys read here:

- ``qx|o12|`` / ``qx|c12|``: a new board (open or closed room, board 12);
- ``md|3S...H...D...C...,...,...,...|``: the dealer (1 South, 2 West, 3 North, 4 East), then
  the hands of South, West, North and East; the last hand may be left out (it is the rest);
  a second ``md`` without a ``qx`` also starts a new board;
- ``sv|o|`` (none), ``n`` (NS), ``e`` (EW), ``b`` (both): vulnerability (none, noted, when
  it is missing);
- ``mb|1H!|``: the auction, from the dealer (``p`` pass, ``d`` double, ``r`` redouble, ``!`` an
  alert). The contract is the last bid, with any double after it; the declarer is the first
  player of the side that made it to bid its strain. A call the laws do not allow where it
  stands (an insufficient bid, a double of partner, a call after the auction ended or after
  the first card) is refused, as is play after an auction without its closing passes;
- ``pc|cA|``: the cards in play order (suits in either case); the opening leader is
  declarer's left-hand opponent and each trick's winner leads the next (Law 44);
- ``mc|10|``: a claim or concession: the declaring side's total tricks (a ``pc`` after it
  withdraws it, with a note; a second ``mc`` of another total before any card is refused);
- ``ah|Board 12|``, ``pn|`` (four names South, West, North, East, or eight: the open room's
  then the closed room's), ``vg|`` (the event, first field).

``rh``, ``st``, ``pg``, ``nt``, ``an``, ``rs``, ``zz`` and other keys are read past.
Problems are reported as :class:`solver.errors.CaseFileError` naming the file, the board, the
line and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote_plus

from solver.bridge import Card, Contract, Deal, Seat
from solver.bridge.cards import ALL_CARDS
from solver.errors import CaseFileError, input_name, read_input
from solver.records.auction import contract_of, illegal_call, is_finished, parse_call
from solver.records.numbers import whole_number
from solver.records.pbn import decode
from solver.records.record import MAX_BOARD, PlayError, PlayRecorder, Record, Vulnerability
from solver.records.yamlload import MAX_SHOWN, shown

_KEY = re.compile(r"^[A-Za-z]{2}$")
_LINK = re.compile(r"[?&#]lin=([^&#\s]*)")
"""The LIN of a hand-viewer link, percent-encoded: ``...handviewer.html?lin=pn%7C...``."""
_SHOWN = 60
"""How much of a text that is not a LIN pair a message quotes."""
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of hands in ``md`` and of names in ``pn``; also the dealer digits 1 to 4."""
_VULNERABLE: dict[str, Vulnerability] = {
    "o": "None",
    "0": "None",
    "-": "None",
    "n": "NS",
    "e": "EW",
    "b": "All",
}
_BOARD_KEYS = frozenset({"qx", "md", "sv", "ah", "mb", "pc", "mc"})
"""Keys that belong to one board (a ``qx`` after any of them starts the next board)."""


def load(path: str | Path, *, errors: list[CaseFileError] | None = None) -> list[Record]:
    """Read every board of a LIN file; raises CaseFileError (also for an unreadable file).

    With ``errors`` (a list), a board that cannot be read is left out and its error appended
    there instead of raised.
    """
    name = input_name(path)
    try:
        data = read_input(path)
    except OSError as error:
        raise CaseFileError(name, "", f"cannot be read ({error.strerror or error})") from None
    return loads(decode(data), name, errors=errors)


def loads(
    text: str, source: str = "<lin>", *, errors: list[CaseFileError] | None = None
) -> list[Record]:
    """Read every board of LIN text; ``source`` names it in messages (``errors``: see load)."""
    records: list[Record] = []
    text = _from_handviewer_links(text)
    for index, board in enumerate(_split_boards(_tokens(text, source), source)):
        reader = None
        try:
            reader = _BoardReader(source, board, index)
            records.append(reader.read())
        except CaseFileError as error:
            if errors is None:
                raise
            error.record = index + 1
            error.board = None if reader is None else reader.number
            errors.append(error)
    return records


# -- tokens and boards -----------------------------------------------------------------------


def _from_handviewer_links(text: str) -> str:
    """The LIN that BBO hand-viewer links carry (``https://www.bridgebase.com/tools/
    handviewer.html?lin=pn%7C...``), decoded, a link a line, when the text starts with such a
    link (a director pastes one, or a page's links are saved as a file); else the text as it
    is: a LIN stream whose commentary quotes a link stays a stream."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "|" in first.partition("lin=")[0] or not _LINK.search(first):
        return text
    return "\n".join(
        unquote_plus(match.group(1)) if match else line
        for line in text.splitlines()
        for match in [_LINK.search(line)]
    )


@dataclass
class _Pair:
    key: str
    value: str
    line: int

    @property
    def written(self) -> str:
        """The pair as a message quotes it, ``'mc|9|'``, a long value cut as ``shown`` cuts."""
        value = self.value if len(self.value) <= MAX_SHOWN else self.value[:MAX_SHOWN] + "…"
        return f"'{self.key}|{value}|'"


def _tokens(text: str, source: str) -> list[_Pair]:
    """The ``key|value|`` pairs of the text, keys lowercased, each with its line."""
    parts = text.split("|")
    pairs: list[_Pair] = []
    line = 1
    for position in range(0, len(parts) - 1, 2):
        raw_key, value = parts[position], parts[position + 1]
        key_line = line + raw_key[: len(raw_key) - len(raw_key.lstrip())].count("\n")
        line += raw_key.count("\n") + value.count("\n")
        key = raw_key.strip()
        if not _KEY.match(key):
            raise CaseFileError(
                source,
                f"line {key_line}",
                f"expected a two-letter LIN key like 'md|', got {_shown(key)}",
            )
        pairs.append(_Pair(key.lower(), value, key_line))
    if len(parts) % 2 == 1 and parts[-1].strip():
        raise CaseFileError(
            source,
            f"line {line}",
            f"expected 'key|value|', got {_shown(parts[-1].strip())} without a value",
        )
    return pairs


def _shown(text: str) -> str:
    """A stretch of the file for a message, cut short: a file that is not LIN at all would
    otherwise be quoted whole."""
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


@dataclass
class _Board:
    """The pairs of one board, with the file-level values in force when its deal was read."""

    pairs: list[_Pair] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    event: str | None = None
    has_deal: bool = False


def _split_boards(pairs: list[_Pair], source: str) -> list[_Board]:
    """Cuts the stream into boards: at each ``qx``, and at an ``md`` when the board has one."""
    boards: list[_Board] = []
    current = _Board()
    names: list[str] = []
    event: str | None = None
    for pair in pairs:
        if pair.key == "pn":
            names = [name.strip() for name in pair.value.split(",")]
        elif pair.key == "vg":
            event = pair.value.split(",")[0].strip() or None
        starts_after_board = pair.key == "qx" and any(p.key in _BOARD_KEYS for p in current.pairs)
        if starts_after_board or (pair.key == "md" and current.has_deal):
            boards.append(current)
            current = _Board()
        current.pairs.append(pair)
        if pair.key == "md":
            current.has_deal, current.names, current.event = True, names, event
    boards.append(current)
    for board in boards:
        _check_has_deal(board, source)
    return [board for board in boards if board.has_deal]


def _check_has_deal(board: _Board, source: str) -> None:
    if board.has_deal:
        return
    for pair in board.pairs:
        if pair.key in ("mb", "pc", "mc"):
            raise CaseFileError(
                source,
                f"line {pair.line}",
                f"'{pair.key}|' comes before any deal (expected 'md|' first)",
            )


# -- reading one board -----------------------------------------------------------------------


class _BoardReader:
    """Builds the Record of one board from its pairs."""

    def __init__(self, source: str, board: _Board, index: int) -> None:
        self.source = source
        self.board = board
        self.index = index
        self.number_line = 0
        self.notes: list[str] = []
        self.room: str | None = None
        self.number: int | None = None
        self.room, self.number = self._board_id()
        self.dealer: Seat | None = None

    def where(self, line: int, trick: int | None = None) -> str:
        name = f"board {self.number}" if self.number is not None else f"board #{self.index + 1}"
        room = f" ({self.room})" if self.room else ""
        at_trick = f", trick {trick}" if trick is not None else ""
        return f"{name}{room}{at_trick}, line {line}"

    def error(self, line: int, message: str, trick: int | None = None) -> CaseFileError:
        return CaseFileError(self.source, self.where(line, trick), message)

    def values(self, key: str) -> list[_Pair]:
        return [pair for pair in self.board.pairs if pair.key == key]

    def read(self) -> Record:
        if self.number is not None and not 1 <= self.number <= MAX_BOARD:
            raise self.error(
                self.number_line, f"board number {self.number} (expected 1 to {MAX_BOARD})"
            )
        deal = self._deal()
        vulnerable = self._vulnerable()
        contract, declarer = self._auction()
        recorder, claim = self._play(deal, contract, declarer)
        tricks = tuple(recorder.tricks) if recorder else ()
        partial = tuple(recorder.current) if recorder else ()
        return Record(
            source=self.source,
            index=self.index,
            board=self.number,
            event=self.board.event,
            deal=deal,
            dealer=self.dealer,
            vulnerable=vulnerable,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            partial_trick=partial,
            claimed_total=claim,
            result=claim if claim is not None else _tricks_won(recorder, declarer),
            players=self._players(),
            room=self.room,
            notes=tuple(self.notes),
        )

    def _board_id(self) -> tuple[str | None, int | None]:
        room: str | None = None
        number: int | None = None
        for pair in self.values("qx"):
            match = re.match(r"^\s*([oc])?\s*(-?[0-9]+)", pair.value, re.IGNORECASE)
            if match:
                room = {"o": "Open", "c": "Closed"}.get((match.group(1) or "").lower())
                number = self._number(pair, match.group(2))
                self.number_line = pair.line
        unnumbered: _Pair | None = None
        for pair in self.values("ah"):
            match = re.search(r"(-?[0-9]+)", pair.value)
            if match:
                number = self._number(pair, match.group(1))
                self.number_line = pair.line
            else:
                unnumbered = pair
        if number is None and unnumbered is not None:
            self.notes.append(
                f"line {unnumbered.line}: {unnumbered.written} names no board number "
                "(expected one like 'ah|Board 12|'): the board is read without one"
            )
        return room, number

    def _number(self, pair: _Pair, digits: str) -> int:
        """A board number as written (``read`` checks its range), refused here when it is too
        long to be read at all."""
        value = whole_number(digits.removeprefix("-"))
        if value is None:
            raise self.error(
                pair.line,
                f"a board number of {len(digits)} characters in '{pair.key}|' (expected 1 to "
                f"{MAX_BOARD})",
            )
        return -value if digits.startswith("-") else value

    def _deal(self) -> Deal:
        pair = self.values("md")[0]
        text = pair.value.strip()
        digit = whole_number(text[:1])
        if digit is not None:
            text = text[1:]
            if not 1 <= digit <= 4:
                raise self.error(
                    pair.line, f"dealer digit {digit} in 'md|' (expected 1 S, 2 W, 3 N, 4 E)"
                )
            self.dealer = _LIN_SEATS[digit - 1]
        hands = [hand.strip() for hand in text.split(",")]
        try:
            return _deal_from_hands(hands)
        except ValueError as error:
            raise self.error(pair.line, f"'md|': {error}") from None

    def _vulnerable(self) -> Vulnerability:
        pairs = self.values("sv")
        if not pairs:
            self.notes.append(
                "no 'sv|' (vulnerability): read as none vulnerable (the case's default); "
                "correct vulnerable if it was not so"
            )
            return "None"
        key = pairs[-1].value.strip().lower()
        if key not in _VULNERABLE:
            raise self.error(pairs[-1].line, f"{pairs[-1].written} (expected o, n, e or b)")
        return _VULNERABLE[key]

    def _players(self) -> dict[Seat, str]:
        names = self.board.names
        if len(names) >= 8 and self.room == "Closed":
            names = names[4:8]
        return {seat: name for seat, name in zip(_LIN_SEATS, names[:4], strict=False) if name}

    def _auction(self) -> tuple[Contract | None, Seat | None]:
        """The contract and declarer of the ``mb`` calls, each checked against the calls before
        it (Law 22A among the rules) and all made before the first card; an auction not finished
        gives no contract (a board with play is then refused), as PBN's [Auction] does."""
        calls: list[str] = []
        play: _Pair | None = None
        for pair in self.board.pairs:
            if pair.key in ("pc", "mc") and play is None:
                play = pair
            if pair.key != "mb":
                continue
            call = self._call(pair)
            if play is not None:
                raise self.error(
                    pair.line,
                    f"{pair.written} comes after play began ({play.written} on "
                    f"line {play.line}; expected the whole auction before the first card)",
                )
            reason = illegal_call(calls, call)
            if reason is not None:
                raise self.error(pair.line, f"{pair.written}: {reason}")
            calls.append(call)
        if not calls:
            return None, None
        if self.dealer is None:
            raise self.error(
                self.values("mb")[0].line,
                "the auction needs a dealer (expected a digit 1-4 first in 'md|')",
            )
        if not is_finished(calls):
            return self._unfinished(play)
        return contract_of(calls, self.dealer)

    def _unfinished(self, play: _Pair | None) -> tuple[Contract | None, Seat | None]:
        """An auction without its closing passes: refused when cards follow (the contract
        would be a guess), else a board without contract, noted."""
        last = self.values("mb")[-1]
        if play is not None:
            raise self.error(
                last.line,
                f"the auction is not finished after {last.written} (expected three passes "
                "after the last bid), so the contract cannot be read",
            )
        self.notes.append(
            f"the auction is not finished after {last.written} on line {last.line}: "
            "read as a board without contract"
        )
        return None, None

    def _call(self, pair: _Pair) -> str:
        call = parse_call(pair.value.strip().rstrip("!"))
        if call is None:
            raise self.error(
                pair.line, f"{pair.written} (expected a call: p, d, r or a bid like 1H, 3N)"
            )
        return call

    def _play(
        self, deal: Deal, contract: Contract | None, declarer: Seat | None
    ) -> tuple[PlayRecorder | None, int | None]:
        events = [pair for pair in self.board.pairs if pair.key in ("pc", "mc")]
        if not events:
            return None, None
        if contract is None or declarer is None:
            line = events[0].line
            raise self.error(
                line, f"'{events[0].key}|' but the auction gives no contract (passed out?)"
            )
        recorder = PlayRecorder(deal, contract.strain.trump_suit_index, declarer.lho)
        claim: _Pair | None = None
        for pair in events:
            if pair.key == "mc":
                claim = self._second_claim(claim, pair)
                continue
            if claim is not None:
                self.notes.append(
                    f"the claim {claim.written} on line {claim.line} is followed by more "
                    "play: read as withdrawn or not accepted, and play went on"
                )
                claim = None
            self._play_card(recorder, pair)
        return recorder, None if claim is None else self._claim(claim)

    def _second_claim(self, first: _Pair | None, pair: _Pair) -> _Pair:
        """A claim after another with no card between: the same total again is read once;
        another total leaves the claim in doubt, and is refused."""
        self._claim(pair)
        if first is not None and self._claim(first) != self._claim(pair):
            raise self.error(
                pair.line,
                f"a second claim {pair.written} after {first.written} on line "
                f"{first.line}, with no card between (expected one claimed total)",
            )
        return pair

    def _play_card(self, recorder: PlayRecorder, pair: _Pair) -> None:
        try:
            card = Card.parse(pair.value)
        except ValueError:
            raise self.error(
                pair.line,
                f"{pair.written} (expected a card like SA, hT or c10)",
                recorder.trick_number,
            ) from None
        try:
            recorder.play(card)
        except PlayError as error:
            raise self.error(pair.line, error.message, error.trick) from None

    def _claim(self, pair: _Pair) -> int:
        tricks = whole_number(pair.value.strip())
        if tricks is None or tricks > 13:
            raise self.error(
                pair.line, f"{pair.written} (expected declarer's total tricks, 0 to 13)"
            )
        return tricks


def _tricks_won(recorder: PlayRecorder | None, declarer: Seat | None) -> int | None:
    """Declarer's side's tricks when all thirteen were played, else None."""
    if recorder is None or declarer is None or len(recorder.tricks) < 13:
        return None
    trump = recorder.trump_suit_index
    return sum(1 for trick in recorder.tricks if trick.winner(trump).side is declarer.side)


def _deal_from_hands(hands: list[str]) -> Deal:
    """The deal from LIN hands in the order S, W, N, E; a missing last hand is the rest."""
    parsed = [_parse_hand(text) for text in hands[:4]]
    while len(parsed) < 4:
        parsed.append(set())
    given = [card for hand in parsed for card in hand]
    if len(given) != len(set(given)):
        raise ValueError("a card is given in two hands")
    if not parsed[3] and all(len(hand) == 13 for hand in parsed[:3]):
        parsed[3] = set(ALL_CARDS) - set(given)
    sizes = ", ".join(f"{seat} {len(hand)}" for seat, hand in zip(_LIN_SEATS, parsed, strict=True))
    if any(len(hand) != 13 for hand in parsed):
        raise ValueError(f"each hand must hold 13 cards ({sizes}; hands in order S, W, N, E)")
    by_seat = {seat: frozenset(hand) for seat, hand in zip(_LIN_SEATS, parsed, strict=True)}
    return Deal((by_seat[Seat.NORTH], by_seat[Seat.EAST], by_seat[Seat.SOUTH], by_seat[Seat.WEST]))


def _parse_hand(text: str) -> set[Card]:
    """A LIN hand: suit letters each followed by ranks ("SAK5HQ2D...C..."), any case, T or 10."""
    cards: set[Card] = set()
    suit: str | None = None
    odd = next((char for char in text if not char.isascii()), None)
    if odd is not None:  # upper() makes the long s an S: a guess
        raise ValueError(f"hand {shown(text)} has {odd!r}, which is no suit letter or rank")
    for char in text.upper().replace("10", "T"):
        if char in "SHDC":
            suit = char
        elif char.isspace():
            continue
        elif suit is None:
            raise ValueError(f"hand {shown(text)} has rank {char!r} before any suit letter")
        else:
            try:
                card = Card.parse(suit + char)
            except ValueError:
                raise ValueError(f"bad rank {char!r} in hand {shown(text)}") from None
            if card in cards:
                raise ValueError(f"card {card} appears twice in hand {shown(text)}")
            cards.add(card)
    return cards
