"""The ``claim:`` section of a case file (docs/case-format.md "Claims"; Laws 68-71).

A claim is read in two steps, because the position at the claim and the agreed tricks depend on
each other. ``ClaimReader.tricks_played`` says how many tricks were complete when the claim was
made (from ``claim.position.hands``, else from ``play.tricks``), so that the case loader can check
the rows and the agreed tricks against it; ``ClaimReader.claim`` then builds the position (given, or
derived from the deal and the agreed tricks) and the clarification statement, checking both
against the deal, the rows and the agreed tricks. Every problem is a ``CaseFileError`` whose
location starts with ``claim.`` (or ``play.``), with what was expected.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from pydantic import (
    BaseModel,
    Field,
    StrictBool,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
)
from pydantic_core import PydanticCustomError

from solver.bridge import SEATS, Card, Contract, Deal, Seat, Side, winning_position
from solver.bridge.deal import parse_hands as parse_pbn_hands
from solver.errors import CaseFileError
from solver.facts import AgreedTrick, Claim, ClaimPosition, Row, Step
from solver.facts.claim import PLAYER_CLASSES
from solver.facts.policy import PRESETS, SWITCH_NAMES
from solver.records.numbers import whole_number
from solver.records.strict import StrictModel as _Strict
from solver.records.yamlload import quoting, shown

SUIT_LETTERS = "SHDC"
SUIT_PLURAL = ("spades", "hearts", "diamonds", "clubs")
SUIT_SINGULAR = ("spade", "heart", "diamond", "club")
SUIT_WORDS = {
    **{letter.lower(): index for index, letter in enumerate(SUIT_LETTERS)},
    **{word: index for index, word in enumerate(SUIT_PLURAL)},
    **{word: index for index, word in enumerate(SUIT_SINGULAR)},
}
SEAT_WORDS = {
    **{letter.lower(): Seat.parse(letter) for letter in "NESW"},
    **{seat.full_name.lower(): seat for seat in SEATS},
}
STEP_FORMS = (
    "'draw trumps', 'draw one round of trumps', 'cash <suit>', 'cash <suit> from <seat>', "
    "'cash <suits> in any order', 'ruff <suit> in <seat>', 'crossruff', 'finesse <card>', "
    "'ruffing finesse <card>', 'concede <number>', 'play <cards>', 'play <cards> (all)', "
    "'squeeze', 'squeeze <suits>', 'count <suit> <number>', 'if <suit> <n>-<m>: <step>'"
)
"""The accepted forms of a step, for the message naming an unknown one."""
PLAY_FORMS = "'play <cards>' or 'play <cards> (all)'"

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


class RawPosition(_Strict):
    hands: str | None = None
    leader: str | None = None
    current_trick: str | list[str] | None = None
    won: dict[str, int] | None = None


class RawClaim(_Strict):
    by: str
    tricks: int | dict[str, int]
    position: RawPosition = Field(default_factory=RawPosition)
    statement: list[Any] | None = None
    said: str | None = None
    trumps_mentioned: StrictBool | None = None
    shown_out: dict[str, str | list[str]] | None = None
    overlooked: str | list[str] | None = None
    agreed: StrictBool = False
    correction_period_over: StrictBool = False
    claimer_asks_more: StrictBool = False
    policy: Any = None
    switches: Any = None
    player_class: Any = None

    @field_validator("tricks", mode="wrap")
    @classmethod
    def _number_or_conditions(cls, value: Any, _handler: ValidatorFunctionWrapHandler) -> Any:
        """A mapping is numbers on conditions of the layout; anything else is read as a number.
        Read here rather than as a union, so that an error is named at ``claim.tricks`` (with
        the condition it is about), not at the union's branch."""
        if not isinstance(value, dict):
            return _number(value, "")
        return {str(key): _number(count, f"{key}: ") for key, count in value.items()}


def _number(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise PydanticCustomError("int_type", where + "got a yes/no value (expected a number)")
    try:
        return _NUMBER.validate_python(value)
    except ValidationError as error:
        first = error.errors()[0]
        raise PydanticCustomError(first["type"], where + first["msg"]) from None


_NUMBER: TypeAdapter[int] = TypeAdapter(int)


def _trumps_mentioned(written: bool | None, steps: tuple[Step, ...]) -> bool:
    """What the case says, else whether a step draws trumps: a claimer who says he will draw
    trumps has mentioned them (Law 70C speaks of a claimer who did not)."""
    if written is not None:
        return written
    return any(step.kind in ("draw_trumps", "draw_round") for step in steps)


SWITCH_VALUES = {"on": True, "off": False, "true": True, "false": False}
"""Accepted spellings of a switch's value (YAML reads a bare on/off/true/false as a boolean)."""


def claim_model_at(location: Sequence[int | str]) -> type[BaseModel]:
    """The shape model at a location inside ``claim`` (for 'unknown field' messages)."""
    return RawPosition if tuple(location[:1]) == ("position",) else RawClaim


def _did_you_mean(name: str, known: list[str]) -> str:
    hint = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if not hint:
        hint = [k for k in known if k.lower() == name.lower()]
    return f"; did you mean {hint[0]!r}?" if hint else ""


def _listing(counts: Sequence[int]) -> str:
    return ", ".join(f"{seat} {count}" for seat, count in zip(SEATS, counts, strict=True))


def parse_hands(text: str) -> Hands:
    """A PBN deal string whose hands may hold different numbers of cards; raises ValueError.

    >>> [len(h) for h in parse_hands("W:A.K.. - Q... .J..")]
    [0, 1, 1, 2]
    """
    return parse_pbn_hands(text, verb="given")


def shown_out_in(tricks: Iterable[Sequence[Card]], leaders: Iterable[Seat]) -> dict[Seat, set[int]]:
    """Suits each player showed out of: the suit led to a trick he did not follow.

    >>> trick = [Card.parse(c) for c in ("D5", "S3", "DJ", "C4")]
    >>> shown_out_in([trick], [Seat.WEST])
    {Seat.N: {2}, Seat.S: {2}}
    """
    out: dict[Seat, set[int]] = {}
    for cards, leader in zip(tricks, leaders, strict=True):
        for position, card in enumerate(cards[1:], start=1):
            if card.suit_index != cards[0].suit_index:
                out.setdefault(Seat.from_index(leader.index + position), set()).add(
                    cards[0].suit_index
                )
    return out


def trump_round_in(cards: Sequence[Card], leader: Seat, side: Side, trump: int | None) -> bool:
    """Is the trick ``cards`` (led by ``leader``) a round of trumps that ``side`` led and every
    player followed with a trump (``Claim.trump_round_before``, when it is the last trick before
    the claim)?

    >>> round = [Card.parse(c) for c in ("S8", "S4", "SQ", "S9")]
    >>> trump_round_in(round, Seat.WEST, Side.EW, 0), trump_round_in(round, Seat.WEST, Side.NS, 0)
    (True, False)
    """
    return (
        trump is not None
        and len(cards) == 4
        and leader.side is side
        and all(card.suit_index == trump for card in cards)
    )


def _rows_message(rows_played: int, played: int, basis: str) -> str:
    held = f"{rows_played} card{'s' * (rows_played != 1)}"
    if played == 0:
        return (
            f"every row holds {held}, but the claim was made before any trick was complete "
            f"({basis}); expected no rows"
        )
    return (
        f"every row holds {held}, but the claim was made after trick {played} ({basis}); "
        f"expected {played} cards in each row"
    )


class ClaimReader:
    """Reads and checks ``claim:`` against the deal, the contract, the rows and agreed tricks."""

    def __init__(
        self,
        source: str,
        raw: RawClaim,
        deal: Deal,
        contract: Contract,
        declarer: Seat,
        opening_leader: Seat,
        rows: dict[Seat, Row],
    ) -> None:
        self.source = source
        self.raw = raw
        self.deal = deal
        self.trumps = contract.strain.trump_suit_index
        self.contract = contract
        self.declarer = declarer
        self.opening_leader = opening_leader
        self.rows = rows
        self.given_hands: Hands | None = None
        self.left = 0
        """Tricks left at the claim, the one in progress included."""

    def error(self, location: str, message: str) -> CaseFileError:
        return CaseFileError(self.source, f"claim.{location}" if location else "claim", message)

    def parse(self, parser: Callable[[str], Any], value: str, location: str) -> Any:
        try:
            return parser(value)
        except ValueError as error:
            raise self.error(location, quoting(str(error), value)) from None

    @property
    def stop_note(self) -> str:
        """Why play stopped where it did, for messages about later tricks."""
        return f"the claim was made with {self.left} trick{'s' * (self.left != 1)} left"

    # -- step 1: where play stopped -----------------------------------------------------------

    def tricks_played(self, agreed_numbers: Iterable[int], rows_played: int | None) -> int:
        """Complete tricks before the claim; checks the rows (``rows_played``) hold as many."""
        self._claimer()
        if self.raw.position.hands is not None:
            played = self._played_from_hands(self.raw.position.hands)
            basis = f"claim.position.hands leave {self.left} tricks"
        else:
            played = self._played_from_tricks(agreed_numbers)
            basis = f"play.tricks give tricks 1 to {played}"
            if not played:
                basis = "play.tricks give no trick, and claim.position.hands is not given"
        if rows_played is not None and rows_played != played:
            raise CaseFileError(self.source, "play.rows", _rows_message(rows_played, played, basis))
        return played

    def _claimer(self) -> Seat:
        by: Seat = self.parse(Seat.parse, self.raw.by, "by")
        if by is self.declarer.partner:
            raise self.error(
                "by",
                f"got {by}: {by.full_name} is dummy (declarer is {self.declarer}); "
                "expected declarer or a defender",
            )
        return by

    def _played_from_hands(self, text: str) -> int:
        hands: Hands = self.parse(parse_hands, text, "position.hands")
        self.given_hands = hands
        self.left = max(len(hand) for hand in hands)
        if self.left == 0:
            raise self.error(
                "position.hands", "no cards left (expected the cards still held at the claim)"
            )
        return 13 - self.left

    def _played_from_tricks(self, agreed_numbers: Iterable[int]) -> int:
        numbers = {n for n in agreed_numbers if 1 <= n <= 13}
        played = max(numbers, default=0)
        missing = [n for n in range(1, played + 1) if n not in numbers]
        if missing:
            raise CaseFileError(
                self.source,
                "play.tricks",
                f"trick {missing[0]} is missing: without claim.position.hands, play.tricks "
                f"must give every trick before the claim (1 to {played})",
            )
        if played == 13:
            raise self.error("", "play.tricks give all 13 tricks: no trick is left to claim")
        self.left = 13 - played
        return played

    # -- step 2: the claim ---------------------------------------------------------------------

    def claim(self, agreed: tuple[AgreedTrick, ...]) -> Claim:
        """The claim, its position checked against the deal, the rows and the agreed tricks."""
        raw = self.raw
        by = self._claimer()
        position = PositionReader(self, agreed).position()
        tricks, tricks_said = self._tricks(position)
        if raw.agreed and raw.claimer_asks_more:
            raise self.error(
                "claimer_asks_more",
                "got true with agreed: true (expected one of them: 'agreed' when the opponents "
                "withdraw their agreement, 69B; 'claimer_asks_more' when the claimer asks for a "
                "conceded trick back, 71)",
            )
        if raw.claimer_asks_more and tricks == self.left:
            raise self.error(
                "claimer_asks_more",
                f"the claim agreed was for all {self.left} tricks left (expected a claim that "
                "conceded at least one trick, the one the claimer asks back)",
            )
        shown_out = self._shown_out(position, agreed)
        before = next((t for t in agreed if t.number == sum(position.won)), None)
        steps = StepReader(self, by.side, position).steps(raw.statement or [])
        policy, switches = self._policy(), self._switches()
        claim = Claim(
            by=by,
            tricks=tricks,
            tricks_said=tricks_said,
            position=position,
            statement=steps,
            said=raw.said or "",
            trumps_mentioned=_trumps_mentioned(raw.trumps_mentioned, steps),
            trump_round_before=before is not None
            and trump_round_in(before.cards, before.leader, by.side, self.trumps),
            shown_out=shown_out,
            overlooked=self._overlooked(position, by),
            agreed=raw.agreed,
            correction_period_over=raw.correction_period_over,
            claimer_asks_more=raw.claimer_asks_more,
            by_defender=by is not self.declarer,
            policy=policy,
            switches=switches,
            player_class=self._player_class(),
        )
        self._check_concessions(claim)
        return claim

    def _check_concessions(self, claim: Claim) -> None:
        """The ``concede`` steps in force at the claim give up no more tricks than the claim
        leaves the opponents: a step past them would never come into force, and a claim of
        every trick that concedes one says two things, one of which the Director must ask
        about before the case can be ruled."""
        leaves, conceded = claim.conceded, 0
        for index, (step, held) in enumerate(
            zip(claim.statement, claim.conditions_held(), strict=True)
        ):
            if step.kind != "concede" or not held:
                continue
            conceded += step.count
            if conceded > leaves:
                raise self.error(f"statement.{index}", self._overconceded(claim, conceded, step))

    def _overconceded(self, claim: Claim, conceded: int, step: Step) -> str:
        most = f"claim.tricks of {self.left - conceded} or fewer"
        if claim.conceded == 0:
            said = f"the claim is for all {self.left} tricks left, so it concedes none"
            expected = f"no concede step, or {most}"
        else:
            said = (
                f"the steps concede {conceded} tricks by here, more than the "
                f"{claim.conceded} the claim leaves the opponents ({claim.tricks} of the "
                f"{self.left} tricks left claimed)"
            )
            expected = f"steps conceding {claim.conceded} at most, or {most}"
        return f"{shown(step.text)}: {said} (expected {expected})"

    def _tricks(self, position: ClaimPosition) -> tuple[int, str]:
        """``claim.tricks``: a number, or numbers on conditions of the layout (``{if spades 3-2:
        10, otherwise: 9}``), the first whose condition holds on the hands at the claim taken;
        with the text for the report (empty for a plain number)."""
        value = self.raw.tricks
        if isinstance(value, int):
            return self._count(value, "tricks"), ""
        if not value:
            raise self.error("tricks", f"got an empty mapping (expected {TRICKS_FORMS})")
        said: list[str] = []
        chosen: tuple[int, str] | None = None
        named: list[int] = []
        entries = list(value.items())
        for index, (key, count) in enumerate(entries):
            location = f"tricks.{key}"
            self._count(count, location)
            words = " ".join(key.split()).lower()
            if words in ("otherwise", "else"):
                if index != len(entries) - 1:
                    raise self.error(
                        location, f"'otherwise' must come last (expected {TRICKS_FORMS})"
                    )
                said.append(f"otherwise {count}")
                if chosen is None:
                    chosen = (count, "no condition held at the claim")
                continue
            suit, longer, shorter = self._split(words, location, position)
            named.append(suit)
            said.append(f"{count} if {SUIT_PLURAL[suit]} {longer}-{shorter}")
            if chosen is None and self._split_at_claim(suit, position) == (longer, shorter):
                chosen = (count, f"{SUIT_PLURAL[suit]} {longer}-{shorter} at the claim")
        if chosen is None:
            splits = ", ".join(
                f"{SUIT_PLURAL[suit]} {'-'.join(map(str, self._split_at_claim(suit, position)))}"
                for suit in sorted(set(named))
            )
            raise self.error(
                "tricks",
                f"no condition holds at the claim (the opponents' {splits}; expected one that "
                "does, or an 'otherwise' entry last)",
            )
        return chosen[0], f"{', '.join(said)}: {chosen[1]}"

    def _count(self, count: int, location: str) -> int:
        if not 0 <= count <= self.left:
            raise self.error(location, f"got {count} (expected 0 to {self.left}, the tricks left)")
        return count

    def _split(self, words: str, location: str, position: ClaimPosition) -> tuple[int, int, int]:
        """A condition ``if <suit> <n>-<m>``: the suit and the split, longer first, checked
        against the opponents' cards of the suit at the claim."""
        match = _TRICKS_CONDITION.fullmatch(words)
        suit = SUIT_WORDS.get(match.group(1)) if match is not None else None
        first = whole_number(match.group(2)) if match is not None else None
        second = whole_number(match.group(3)) if match is not None else None
        if match is None or suit is None or first is None or second is None:
            raise self.error(location, f"unknown condition (expected {TRICKS_FORMS})")
        longer, shorter = max(first, second), min(first, second)
        out = sum(self._split_at_claim(suit, position))
        if longer + shorter != out:
            name = SUIT_PLURAL[suit] if out != 1 else SUIT_SINGULAR[suit]
            raise self.error(
                location,
                f"the opponents hold {out} {name} at the claim, not {longer + shorter} "
                f"(expected a split of {out}, like '{(out + 1) // 2}-{out // 2}')",
            )
        return suit, longer, shorter

    def _split_at_claim(self, suit: int, position: ClaimPosition) -> tuple[int, int]:
        """The opponents' lengths in ``suit`` on the hands at the claim, longer first."""
        first, second = (
            sum(1 for card in position.hands[seat.index] if card.suit_index == suit)
            for seat in self._claimer().side.other.seats
        )
        return max(first, second), min(first, second)

    def _policy(self) -> str | None:
        """``claim.policy``: the name of a normal-play preset, or None when not given."""
        value = self.raw.policy
        if value is None:
            return None
        expected = ", ".join(PRESETS)
        if not isinstance(value, str):
            raise self.error("policy", f"got {shown(value)} (expected a preset name: {expected})")
        if value not in PRESETS:
            hint = _did_you_mean(value, list(PRESETS))
            raise self.error(
                "policy", f"unknown preset {shown(value)} (expected one of: {expected}){hint}"
            )
        return value

    def _player_class(self) -> str | None:
        """``claim.player_class``: the claimer's class of player, or None when not given."""
        value = self.raw.player_class
        if value is None:
            return None
        expected = ", ".join(PLAYER_CLASSES)
        if value not in PLAYER_CLASSES:
            hint = _did_you_mean(str(value), list(PLAYER_CLASSES))
            raise self.error(
                "player_class", f"got {shown(value)} (expected one of: {expected}){hint}"
            )
        return str(value)

    def _switches(self) -> tuple[tuple[str, bool], ...]:
        """``claim.switches``: judgements turned on or off on top of the preset."""
        value = self.raw.switches
        if value is None:
            return ()
        if not isinstance(value, dict):
            raise self.error(
                "switches",
                f"got {shown(value)} (expected a mapping of judgements to on or off, "
                "like {ruff_low: off})",
            )
        out = []
        for name, setting in value.items():
            location = f"switches.{name}"
            if name not in SWITCH_NAMES:
                hint = _did_you_mean(str(name), list(SWITCH_NAMES))
                raise self.error(
                    location,
                    f"unknown switch (expected one of: {', '.join(SWITCH_NAMES)}){hint}",
                )
            out.append((str(name), self._switch_value(setting, location)))
        return tuple(out)

    def _switch_value(self, setting: Any, location: str) -> bool:
        if isinstance(setting, bool):
            return setting
        if isinstance(setting, str) and setting.strip().lower() in SWITCH_VALUES:
            return SWITCH_VALUES[setting.strip().lower()]
        raise self.error(location, f"got {shown(setting)} (expected on or off, or true or false)")

    def _shown_out(
        self, position: ClaimPosition, agreed: tuple[AgreedTrick, ...]
    ) -> dict[Seat, frozenset[int]]:
        """Given suits, checked against the position, merged with those the play shows."""
        merged = shown_out_in([t.cards for t in agreed], [t.leader for t in agreed])
        if position.current_trick:
            current = shown_out_in([position.current_trick], [position.leader])
            for player, suits in current.items():
                merged.setdefault(player, set()).update(suits)
        for key, value in (self.raw.shown_out or {}).items():
            seat: Seat = self.parse(Seat.parse, str(key), "shown_out")
            for suit in self._suits(value, f"shown_out.{key}"):
                self._check_void(position, seat, suit, f"shown_out.{key}")
                merged.setdefault(seat, set()).add(suit)
        return {player: frozenset(merged[player]) for player in SEATS if merged.get(player)}

    def _overlooked(self, position: ClaimPosition, by: Seat) -> frozenset[Card]:
        """The opponents' cards the claimer is found to have overlooked: each one an opponent
        holds at the claim, none a trump (a forgotten trump is 70C's: ``trumps_mentioned``)."""
        value = self.raw.overlooked
        if value is None:
            return frozenset()
        tokens = value.replace(",", " ").split() if isinstance(value, str) else value
        opponents = (by.lho, by.rho)
        theirs = position.hands[by.lho.index] | position.hands[by.rho.index]
        cards: set[Card] = set()
        for token in tokens:
            card: Card = self.parse(Card.parse, str(token), "overlooked")
            if card not in theirs:
                names = " or ".join(seat.full_name for seat in opponents)
                raise self.error(
                    "overlooked",
                    f"{card} is not in an opponent's hand at the claim (expected a card {names} "
                    "holds)",
                )
            if card.suit_index == self.trumps:
                raise self.error(
                    "overlooked",
                    f"{card} is a trump (expected a card of a side suit: a trump the claimer "
                    "forgot is Law 70C's matter, trumps_mentioned: false)",
                )
            if card in cards:
                raise self.error("overlooked", f"card {card} is listed twice")
            cards.add(card)
        return frozenset(cards)

    def _suits(self, value: str | list[str], location: str) -> list[int]:
        tokens = value.split() if isinstance(value, str) else [str(t) for t in value]
        suits = []
        for token in tokens:
            suit = SUIT_WORDS.get(token.lower())
            if suit is None:
                raise self.error(location, f"unknown suit {shown(token)} (expected S, H, D or C)")
            suits.append(suit)
        return suits

    def _check_void(self, position: ClaimPosition, seat: Seat, suit: int, location: str) -> None:
        held = sorted(c for c in position.hands[seat.index] if c.suit_index == suit)
        played = [c for c in position.played_by(seat) if c.suit_index == suit]
        if held or played:
            did = f"holds {held[-1]}" if held else f"played {played[0]} to the trick in progress"
            raise self.error(
                location,
                f"{seat.full_name} {did}, so cannot have shown out of "
                f"{SUIT_PLURAL[suit]} before the claim",
            )


class PositionReader:
    """The position at the claim: hands, leader, trick in progress and tricks won so far."""

    def __init__(self, claim: ClaimReader, agreed: tuple[AgreedTrick, ...]) -> None:
        self.claim = claim
        self.raw = claim.raw.position
        self.agreed = agreed
        self.played = 13 - claim.left
        self.played_at = {card: trick.number for trick in agreed for card in trick.cards}
        self.row_of = {card: seat for seat, row in claim.rows.items() for card in row.cards}
        numbers = {trick.number for trick in agreed}
        self.all_agreed = numbers == set(range(1, self.played + 1))
        """True when play.tricks give every trick before the claim."""

    def error(self, location: str, message: str) -> CaseFileError:
        return self.claim.error(f"position.{location}", message)

    def position(self) -> ClaimPosition:
        leader = self._leader()
        trick = self._current_trick(leader)
        hands = self._hands(leader, trick)
        self._check_follows(leader, trick, hands)
        return ClaimPosition(hands, leader, tuple(trick), self._won())

    # -- leader and trick in progress ----------------------------------------------------------

    def _leader(self) -> Seat:
        given = self._given_leader()
        derived, why = self._derived_leader()
        if given is None:
            if derived is None:
                raise self.error("leader", f"required field is missing ({why})")
            return derived
        if derived is not None and given is not derived:
            if self.raw.leader is not None:
                raise self.error("leader", f"got {given}, but {why}")
            raise self.error("current_trick", f"led by {given}, but {why}")
        return given

    def _given_leader(self) -> Seat | None:
        raw = self.raw
        leader: Seat | None = None
        if raw.leader is not None:
            leader = self.claim.parse(Seat.parse, raw.leader, "position.leader")
        if isinstance(raw.current_trick, str) and ":" in raw.current_trick:
            prefix = raw.current_trick.partition(":")[0]
            led: Seat = self.claim.parse(Seat.parse, prefix, "position.current_trick")
            if leader is not None and led is not leader:
                raise self.error(
                    "current_trick",
                    f"led by {led}, but claim.position.leader is {leader} (expected the same seat)",
                )
            leader = led
        return leader

    def _derived_leader(self) -> tuple[Seat | None, str]:
        """Who leads after the agreed tricks, with the reason (or why it is not known)."""
        if self.played == 0:
            return self.claim.opening_leader, f"{self.claim.opening_leader} leads to trick 1"
        last = next((t for t in self.agreed if t.number == self.played), None)
        if last is None:
            return None, f"play.tricks do not give trick {self.played}, whose winner leads next"
        winner = self._winner(last)
        return winner, f"{winner} won trick {self.played} (play.tricks.{self.played})"

    def _winner(self, trick: AgreedTrick) -> Seat:
        position = winning_position(trick.cards, self.claim.trumps)
        return Seat.from_index(trick.leader.index + position)

    def _current_trick(self, leader: Seat) -> list[Card]:
        raw = self.raw.current_trick
        if raw is None:
            return []
        location = "current_trick"
        if isinstance(raw, list):
            tokens = [str(token) for token in raw]
        else:
            tokens = raw.partition(":")[2].split() if ":" in raw else raw.split()
        if len(tokens) > 3:
            raise self.error(
                location,
                f"{len(tokens)} cards (expected 0 to 3: the cards already played to the trick "
                "in progress, leader's first)",
            )
        cards = []
        for offset, token in enumerate(tokens):
            card: Card = self.claim.parse(Card.parse, token, f"position.{location}")
            self._check_on_trick(card, Seat.from_index(leader.index + offset), location)
            cards.append(card)
        return cards

    def _check_on_trick(self, card: Card, seat: Seat, location: str) -> None:
        holder = self.claim.deal.holder(card)
        if holder is not seat:
            raise self.error(
                location,
                f"card {card} is not in {seat.full_name}'s hand "
                f"(it was dealt to {holder.full_name}; "
                f"expected {seat.full_name}'s card in this place)",
            )
        self._check_not_played(card, location)

    def _check_not_played(self, card: Card, location: str) -> None:
        if card in self.played_at:
            number = self.played_at[card]
            raise self.error(
                location,
                f"card {card} was played to trick {number} (play.tricks.{number}), "
                "before the claim",
            )
        if card in self.row_of:
            seat = self.row_of[card]
            raise self.error(
                location,
                f"card {card} is in {seat.full_name}'s row (play.rows.{seat}), "
                "so it was played before the claim",
            )

    # -- hands ---------------------------------------------------------------------------------

    def _hands(self, leader: Seat, trick: list[Card]) -> Hands:
        given = self.claim.given_hands
        if given is None:
            return self._derived_hands(trick)
        for seat in SEATS:
            for card in sorted(given[seat.index]):
                self._check_held(card, seat, trick)
        expected = [self.claim.left] * 4
        for offset in range(len(trick)):
            expected[(leader.index + offset) % 4] -= 1
        counts = [len(hand) for hand in given]
        if counts != expected:
            played = ", ".join(str(Seat.from_index(leader.index + i)) for i in range(len(trick)))
            why = f"{played} played to the trick in progress" if trick else "no trick in progress"
            raise self.error(
                "hands",
                f"got {_listing(counts)} cards; expected {_listing(expected)} ({why})",
            )
        return given

    def _check_held(self, card: Card, seat: Seat, trick: list[Card]) -> None:
        holder = self.claim.deal.holder(card)
        if holder is not seat:
            raise self.error(
                "hands",
                f"card {card} is not in {seat.full_name}'s hand "
                f"(it was dealt to {holder.full_name})",
            )
        if card in trick:
            raise self.error(
                "hands",
                f"card {card} is on the trick in progress (claim.position.current_trick), "
                f"so {seat.full_name} no longer holds it",
            )
        self._check_not_played(card, "hands")

    def _derived_hands(self, trick: list[Card]) -> Hands:
        gone = set(self.played_at) | set(trick)
        hands = [frozenset(self.claim.deal.hand(seat) - gone) for seat in SEATS]
        return (hands[0], hands[1], hands[2], hands[3])

    def _check_follows(self, leader: Seat, trick: list[Card], hands: Hands) -> None:
        """Law 44C: each card on the trick in progress follows suit if the player could."""
        for offset, card in enumerate(trick[1:], start=1):
            seat = Seat.from_index(leader.index + offset)
            suit = trick[0].suit_index
            held = sorted(c for c in hands[seat.index] if c.suit_index == suit)
            if card.suit_index != suit and held:
                raise self.error(
                    "current_trick",
                    f"{seat.full_name} played {card} to a {SUIT_SINGULAR[suit]} lead but still "
                    f"holds {held[-1]} (expected {seat.full_name} to follow suit; revokes in the "
                    "trick in progress are not supported)",
                )

    # -- tricks won ----------------------------------------------------------------------------

    def _won(self) -> tuple[int, int]:
        derived = self._derived_won()
        if self.raw.won is None:
            if derived is None:
                raise self.error(
                    "won",
                    "required field is missing (play.tricks do not give every trick before "
                    "the claim, so who won them is not known)",
                )
            return derived
        won = self._given_won(self.raw.won)
        if derived is not None and won != derived:
            raise self.error(
                "won",
                f"got NS {won[0]}, EW {won[1]}, but play.tricks 1 to {self.played} give "
                f"NS {derived[0]}, EW {derived[1]}",
            )
        return won

    def _derived_won(self) -> tuple[int, int] | None:
        if not self.all_agreed:
            return None
        ns = sum(self._winner(trick).side is Side.NS for trick in self.agreed)
        return ns, self.played - ns

    def _given_won(self, raw: dict[str, int]) -> tuple[int, int]:
        won: dict[Side, int] = {}
        for key, count in raw.items():
            side = Side(str(key).upper()) if str(key).upper() in ("NS", "EW") else None
            if side is None:
                raise self.error("won", f"unknown side {shown(key)} (expected NS and EW)")
            if count < 0:
                raise self.error("won", f"got {side} {count} (expected 0 or more)")
            won[side] = count
        if len(won) != 2:
            raise self.error("won", "expected both NS and EW, like {NS: 6, EW: 3}")
        total = won[Side.NS] + won[Side.EW] + self.claim.left
        if total != 13:
            raise self.error(
                "won",
                f"NS {won[Side.NS]} + EW {won[Side.EW]} + {self.claim.left} tricks left "
                f"make {total} (expected 13)",
            )
        return won[Side.NS], won[Side.EW]


_STEP_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("draw_trumps", re.compile(r"draw (?:the )?trumps")),
    (
        "draw_round",
        re.compile(r"draw (?:(?:one|a) round of trumps?|the last trump|(?:the )?trump)"),
    ),
    ("cash_any", re.compile(r"cash (.+) in any order")),
    ("cash", re.compile(r"cash (\S+)(?: from (\S+))?")),
    ("ruff", re.compile(r"ruff (\S+) in (\S+)")),
    ("crossruff", re.compile(r"(?:a |on a )?cross-?ruff(?:ing)?")),
    ("finesse", re.compile(r"finesse (\S+)")),
    ("ruffing_finesse", re.compile(r"ruffing finesse (\S+)")),
    ("concede", re.compile(r"concede (\S+)(?: tricks?)?")),
    ("play", re.compile(r"play (.+?) ?(\(all\))?")),
    ("squeeze", re.compile(r"(?:double |simple )?squeeze(?: (.+))?")),
    ("count", re.compile(r"count (\S+) (\S+)(?: tricks?)?")),
)

_CONDITION = re.compile(r"if (\S+) (\d+) ?- ?(\d+):? (.+)")
_TRICKS_CONDITION = re.compile(r"if (\S+) (\d+) ?- ?(\d+)")
TRICKS_FORMS = (
    "a number of tricks, or numbers on conditions of the layout like "
    "{'if spades 3-2': 10, 'otherwise': 9}"
)
CONDITION_FORM = "'if <suit> <n>-<m>: <step>', like 'if spades 4-1: ruffing finesse SQ'"


def _step_text(value: Any) -> str | None:
    """A step as text: a string, or a conditional step YAML read as a mapping (``- if spades
    3-2: cash S`` unquoted is ``{'if spades 3-2': 'cash S'}``); None for anything else."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and len(value) == 1:
        ((key, step),) = value.items()
        if isinstance(key, str) and key.lower().startswith("if ") and isinstance(step, str):
            return f"{key}: {step}"
    return None


class StepReader:
    """The clarification statement (Law 68C), step by step, checked against the position."""

    def __init__(self, claim: ClaimReader, side: Side, position: ClaimPosition) -> None:
        self.claim = claim
        self.side = side
        self.position = position
        self.location = "statement"
        self.text = ""

    def error(self, message: str) -> CaseFileError:
        return self.claim.error(self.location, f"{shown(self.text)}: {message}")

    def steps(self, texts: list[Any]) -> tuple[Step, ...]:
        out: list[Step] = []
        for index, text in enumerate(texts):
            self.location = f"statement.{index}"
            step_text = _step_text(text)
            if step_text is None:
                raise self.claim.error(
                    self.location, f"got {shown(text)}; input should be a valid string"
                )
            self.text = step_text
            step = self._step(step_text)
            if step.kind == "count" and any(s.kind == "count" and s.suit == step.suit for s in out):
                raise self.error(f"{SUIT_PLURAL[step.suit or 0]} are counted twice")
            out.append(step)
        return tuple(out)

    def _step(self, text: str) -> Step:
        normal = " ".join(text.split()).lower()
        if normal.startswith("if "):
            return self._conditional(normal)
        for kind, pattern in _STEP_PATTERNS:
            match = pattern.fullmatch(normal)
            if match is not None:
                return self._read(kind, match.groups())
        raise self.error(f"unknown step (expected one of: {STEP_FORMS})")

    def _read(self, kind: str, groups: Sequence[str | None]) -> Step:
        if kind in ("draw_trumps", "draw_round"):
            self._trumps("there are no trumps to draw")
            return Step("draw_round" if kind == "draw_round" else "draw_trumps", self.text)
        if kind == "cash_any":
            return self._cash_any(str(groups[0]))
        if kind == "ruffing_finesse":
            return self._ruffing_finesse(str(groups[0]))
        if kind == "cash":
            return self._cash(str(groups[0]), groups[1])
        if kind == "ruff":
            return self._ruff(str(groups[0]), str(groups[1]))
        if kind == "finesse":
            card = self._card(str(groups[0]))
            self._held_by_side(card)
            return Step("finesse", self.text, cards=(card,))
        if kind == "concede":
            return self._concede(str(groups[0]))
        if kind == "squeeze":
            return self._squeeze(groups[0])
        if kind == "crossruff":
            return self._crossruff()
        if kind == "count":
            return self._count(str(groups[0]), str(groups[1]))
        return self._play(str(groups[0]), groups[1] is not None)

    # -- pieces --------------------------------------------------------------------------------

    def _trumps(self, why: str) -> int:
        trumps = self.claim.trumps
        if trumps is None:
            raise self.error(f"the contract is {self.claim.contract}, so {why}")
        return trumps

    def _suit(self, token: str) -> int:
        suit = SUIT_WORDS.get(token)
        if suit is None:
            raise self.error(f"unknown suit {shown(token)} (expected S, H, D or C)")
        return suit

    def _seat(self, token: str) -> Seat:
        seat = SEAT_WORDS.get(token)
        if seat is None:
            raise self.error(f"unknown seat {shown(token)} (expected N, E, S or W)")
        if seat.side is not self.side:
            raise self.error(
                f"{seat.full_name} is not on the claimer's side ({self.side}); "
                f"expected {' or '.join(s.value for s in self.side.seats)}"
            )
        return seat

    def _card(self, token: str) -> Card:
        try:
            return Card.parse(token)
        except ValueError as error:
            raise self.error(str(error)) from None

    def _holds(self, seat: Seat, suit: int) -> bool:
        return any(card.suit_index == suit for card in self.position.hands[seat.index])

    def _side_names(self) -> str:
        first, second = self.side.seats
        return f"neither {first.full_name} nor {second.full_name}"

    def _held_by_side(self, card: Card) -> None:
        if not any(card in self.position.hands[seat.index] for seat in self.side.seats):
            raise self.error(f"{self._side_names()} holds {card}")

    # -- steps ---------------------------------------------------------------------------------

    def _cash(self, suit_token: str, seat_token: str | None) -> Step:
        suit = self._suit(suit_token)
        if seat_token is None:
            if not any(self._holds(seat, suit) for seat in self.side.seats):
                raise self.error(f"{self._side_names()} holds a {SUIT_SINGULAR[suit]}")
            return Step("cash", self.text, suit=suit)
        seat = self._seat(seat_token)
        if not self._holds(seat, suit):
            raise self.error(f"{seat.full_name} holds no {SUIT_PLURAL[suit]}")
        return Step("cash", self.text, suit=suit, seat=seat)

    def _cash_any(self, tokens: str) -> Step:
        return Step("cash_any", self.text, suits=self._held_suits(tokens))

    def _held_suits(self, tokens: str) -> tuple[int, ...]:
        """Suits separated by spaces, commas or 'and', each named once and held by the side."""
        words = [word for word in tokens.replace(",", " ").split() if word != "and"]
        if not words:
            # "squeeze ," or "cash , in any order" would otherwise be a step naming nothing
            raise self.error("no suit named (expected suits separated by spaces, commas or 'and')")
        suits: list[int] = []
        for word in words:
            suit = self._suit(word)
            if suit in suits:
                raise self.error(f"{SUIT_PLURAL[suit]} are listed twice")
            if not any(self._holds(seat, suit) for seat in self.side.seats):
                raise self.error(f"{self._side_names()} holds a {SUIT_SINGULAR[suit]}")
            suits.append(suit)
        return tuple(suits)

    def _squeeze(self, tokens: str | None) -> Step:
        """A stated squeeze: the ending played double dummy from the step on (70D1, 70E)."""
        if self.side is not self.claim.declarer.side:
            raise self.error(
                "a defender's statement binds only his own plays (70D2), and a squeeze is "
                "played by both hands of the side (expected a claim by declarer)"
            )
        suits = self._held_suits(tokens) if tokens is not None else ()
        return Step("squeeze", self.text, suits=suits)

    def _crossruff(self) -> Step:
        """A stated crossruff: side losers ruffed in alternate hands (the catalogue's C5)."""
        trumps = self._trumps("there are no trumps to ruff with")
        if self.side is not self.claim.declarer.side:
            raise self.error(
                "a defender's statement binds only his own plays (70D2), and a crossruff is "
                "played by both hands of the side (expected a claim by declarer)"
            )
        for seat in self.side.seats:
            if not self._holds(seat, trumps):
                raise self.error(
                    f"{seat.full_name} holds no trumps (expected both hands of the side to "
                    "hold a trump, to ruff in turn)"
                )
        return Step("crossruff", self.text)

    def _ruffing_finesse(self, token: str) -> Step:
        card = self._card(token)
        self._held_by_side(card)
        trumps = self._trumps("there are no trumps to ruff with")
        suit = card.suit_index
        if suit == trumps:
            raise self.error(f"{card} is a trump (expected a card of a side suit)")
        holder = next(seat for seat in self.side.seats if card in self.position.hands[seat.index])
        ruffer = holder.partner
        if self._holds(ruffer, suit):
            raise self.error(
                f"{ruffer.full_name} holds {SUIT_PLURAL[suit]} (expected {ruffer.full_name}, "
                f"opposite the {card}, void in them, to ruff)"
            )
        if not self._holds(ruffer, trumps):
            raise self.error(f"{ruffer.full_name} holds no trumps")
        return Step("ruffing_finesse", self.text, cards=(card,))

    def _conditional(self, normal: str) -> Step:
        match = _CONDITION.fullmatch(normal)
        if match is None:
            raise self.error(f"expected {CONDITION_FORM}")
        suit_token, first, second, inner = match.groups()
        suit = self._suit(suit_token)
        out = sum(
            1
            for seat in self.side.other.seats
            for card in self.position.hands[seat.index]
            if card.suit_index == suit
        )
        numbers = (whole_number(first), whole_number(second))
        if numbers[0] is None or numbers[1] is None:
            raise self.error(f"expected {CONDITION_FORM}")
        longer, shorter = max(numbers[0], numbers[1]), min(numbers[0], numbers[1])
        if longer + shorter != out:
            name = SUIT_PLURAL[suit] if out != 1 else SUIT_SINGULAR[suit]
            raise self.error(
                f"the opponents hold {out} {name} "
                f"at the claim, not {longer + shorter} (expected a split of {out}, like "
                f"'{(out + 1) // 2}-{out // 2}')"
            )
        if inner.startswith("if "):
            raise self.error(f"one condition to a step (expected {CONDITION_FORM})")
        step = self._step(inner)
        return replace(step, text=self.text, condition=(suit, longer, shorter))

    def _ruff(self, suit_token: str, seat_token: str) -> Step:
        suit = self._suit(suit_token)
        trumps = self._trumps("there are no trumps to ruff with")
        if suit == trumps:
            raise self.error(f"{SUIT_PLURAL[suit]} are trumps (expected a side suit to ruff)")
        seat = self._seat(seat_token)
        if not self._holds(seat, trumps):
            raise self.error(f"{seat.full_name} holds no trumps")
        return Step("ruff", self.text, suit=suit, seat=seat)

    def _concede(self, token: str) -> Step:
        count, left = whole_number(token), self.position.tricks_left
        if count is None:
            raise self.error("expected a number of tricks, like 'concede 1'")
        if not 1 <= count <= left:
            raise self.error(f"got {count} (expected 1 to {left}, the tricks left)")
        return Step("concede", self.text, count=count)

    def _count(self, suit_token: str, token: str) -> Step:
        """ "Six diamonds": a count of the tricks the claimer takes in a suit (the catalogue's
        A1: a count, not an order of play), held to what the side's longer holding allows."""
        suit = self._suit(suit_token)
        count = whole_number(token)
        if count is None:
            raise self.error("expected a number of tricks, like 'count D 6'")
        position = self.position
        longest = max(
            sum(
                card.suit_index == suit
                for card in (*position.hands[seat.index], *position.played_by(seat))
            )
            for seat in self.side.seats
        )
        if longest == 0:
            raise self.error(f"{self._side_names()} holds a {SUIT_SINGULAR[suit]}")
        if not 1 <= count <= longest:
            expected = "1" if longest == 1 else f"1 to {longest}"
            cards = SUIT_SINGULAR[suit] if longest == 1 else SUIT_PLURAL[suit]
            raise self.error(
                f"got {count} (expected {expected}: no suit takes more tricks than the side's "
                f"longer holding of it, {longest} {cards})"
            )
        return Step("count", self.text, suit=suit, count=count)

    def _play(self, tokens: str, follows: bool) -> Step:
        cards: list[Card] = []
        for token in tokens.replace(",", " ").split():
            if "(" in token or ")" in token:
                raise self.error(
                    f"unexpected {shown(token)} (expected {PLAY_FORMS}: the cards, then '(all)' "
                    "when they bind follows too)"
                )
            card = self._card(token)
            if card in cards:
                raise self.error(f"card {card} is listed twice")
            self._held_by_side(card)
            cards.append(card)
        if not cards:
            raise self.error(f"no card named (expected {PLAY_FORMS}, like 'play SA HK')")
        return Step("play", self.text, cards=tuple(cards), follows=follows)
