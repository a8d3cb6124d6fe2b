"""Case files (YAML, docs/case-format.md): load, validate and report errors by file and field.

The shape is checked by pydantic models; the bridge facts (a card not in that player's hand,
a card in two rows, a statement about a trick that was never played) by the checks below.
Every problem becomes a ``CaseFileError`` naming the file, the field path and what was expected.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, StrictBool, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from solver.bridge import Card, Contract, Deal, Seat, Side
from solver.bridge.cards import RANK_CHARS
from solver.errors import CaseFileError, input_name, read_input
from solver.facts import AgreedTrick, Case, Claim, MixedWhen, Row, Statement, TrickInProgress
from solver.facts.irregularity import (
    CARD_NOT_HELD,
    CHOICE_CATALOGUE,
    DESIGNATION_WORDS,
    EXPOSURES,
    LEAD_ANSWERS,
    RETRACTED_MISINFORMED,
    Choice,
    DeclarerEarlyPlay,
    DummyDesignation,
    Exposure,
    FailureToPlay,
    FifthCard,
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PenaltyClass,
    PlayAtRhoTurn,
    PrematurePlay,
    Response,
    declarer_early_sub_law,
)
from solver.facts.policy import PRESETS
from solver.records.claimfile import ClaimReader, RawClaim, claim_model_at, parse_hands
from solver.records.record import MAX_BOARD
from solver.records.strict import StrictModel as _Strict
from solver.records.yamlload import load_yaml, quoting, shown

VULNERABILITY = {
    "none": "None",
    "-": "None",
    "love": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


CHOICE_OPTIONS: dict[str, tuple[str, ...]] = {
    "45C4(b)": ("correct-designation", "replace-own-card"),
    "46B3(b)": ("declarer-picks-card",),
    "46B4": ("declarer-picks-card",),
    "46B5": ("defender-picks-card",),
    "47E1": ("retract-misinformed-turn",),
    "47E2": ("retract-misexplained",),
    "50D1": ("designate-penalty-card",),
    "50D2": ("require-suit", "forbid-suit", "leave-penalty-card"),
    "51A": ("designate-penalty-card",),
    "51B": ("require-suit", "forbid-suits", "leave-penalty-cards"),
    "52": ("accept-play", "reject-play"),
    "53A": ("accept-lead", "refuse-lead"),
    "53B": ("proper-lead",),
    "54": ("accept-lead", "declarer-becomes-dummy", "refuse-lead"),
    "55A": ("accept-lead", "refuse-lead"),
    "56": ("accept-lead", "refuse-lead"),
    "57A": ("partner-highest", "partner-lowest", "partner-play-suit", "partner-not-suit"),
    "58": ("designate-played-card", "replace-own-card"),
}
"""The choices the Laws give during play, by the sub-law that gives them: the option names a
case file writes under ``choice`` (docs/case-format.md, "Irregularities during play")."""
ONE_SUIT_OPTIONS = frozenset(
    {"require-suit", "forbid-suit", "partner-play-suit", "partner-not-suit"}
)
SUITS_OPTIONS = frozenset({"forbid-suits"})
CARD_OPTIONS = frozenset(
    {
        "designate-penalty-card",
        "designate-played-card",
        "reject-play",
        "correct-designation",
        "retract-misexplained",
        "declarer-picks-card",
        "defender-picks-card",
    }
)
LAW_CARD_OPTIONS = frozenset({("45C4(b)", "replace-own-card")})
"""Options that name a card under one law only: an opponent's card withdrawn after declarer's
correction (45C4(b)); under Law 58 ``replace-own-card`` names none."""
DECLARER_CHOOSES = frozenset(
    {"46B3(b)", "46B4", "50D1", "50D2", "51A", "51B", "52", "54", "56", "57A"}
)
"""The sub-laws whose choice is declarer's (54: presumed declarer, the case's ``declarer``)."""
FIFTH_CARD_HOWS: tuple[Exposure, ...] = ("inadvertent", "deliberate", "exposed")
RESPONSES: tuple[Response, ...] = ("accepted", "refused", RETRACTED_MISINFORMED)
PENALTY_CLASSES: tuple[PenaltyClass, ...] = ("major", "minor")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_T = TypeVar("_T", bound=str)


def option_names(law: str, option: str) -> str | None:
    """What an option of ``law`` names besides itself: ``suit``, ``suits``, ``card`` or None."""
    if option in ONE_SUIT_OPTIONS:
        return "suit"
    if option in SUITS_OPTIONS:
        return "suits"
    return "card" if option in CARD_OPTIONS or (law, option) in LAW_CARD_OPTIONS else None


def _law_spelling(text: str) -> str:
    """A law as a case may write it, without brackets or spaces, in capitals (``45c4b`` and
    ``45 c4 (b)`` alike)."""
    return re.sub(r"[\s()]", "", text).upper()


_LAW_SPELLINGS = {_law_spelling(law): law for law in CHOICE_OPTIONS}
"""The laws of ``CHOICE_OPTIONS`` by ``_law_spelling``: ``45c4b`` reads as Law 45C4(b)."""

_LAW54_LETTERS = {law: option for law, option, _suits in CHOICE_CATALOGUE if law.startswith("54")}
"""Law 54's options by the sub-law that gives each (54A becomes dummy, 54B accepts, 54D
refuses): a case may write ``law: 54A`` as the report cites it, read as ``law: 54``."""


class RawMixedRow(_Strict):
    mixed: str | list[str]
    when: Literal["before-agreement", "after-dispute", "after-agreement"] = "before-agreement"


class RawPenaltyCard(_Strict):
    seat: str
    card: str
    trick: int
    how: str
    class_: str | None = Field(default=None, alias="class")


class RawLeadOutOfTurn(_Strict):
    seat: str
    card: str
    trick: int
    response: str | None = None
    played_after: StrictBool = False


class RawPremature(_Strict):
    seat: str
    card: str
    trick: int
    declarer_played_both_hands: StrictBool = False
    played_after: StrictBool = False


class RawPlayAtRhoTurn(_Strict):
    seat: str
    card: str
    trick: int


class RawDeclarerEarlyPlay(_Strict):
    seat: str
    card: str
    trick: int


class RawDummyDesignation(_Strict):
    trick: int
    said: str
    suit: str | None = None
    rank: str | int | None = None
    card: str | None = None


class RawFailureToPlay(_Strict):
    seat: str
    card: str
    trick: int


class RawFifthCard(_Strict):
    seat: str
    card: str
    trick: int
    how: str | None = None


class RawChoice(_Strict):
    trick: int
    by: str
    law: str | int
    option: str
    suit: str | None = None
    suits: str | list[str] | None = None
    card: str | None = None


class RawIrregularity(_Strict):
    """One entry of ``play.irregularities`` (or of a statement's ``irregularity``): one kind."""

    penalty_card: RawPenaltyCard | None = None
    lead_out_of_turn: RawLeadOutOfTurn | None = None
    premature: RawPremature | None = None
    played_at_rho_turn: RawPlayAtRhoTurn | None = None
    declarer_played_early: RawDeclarerEarlyPlay | None = None
    dummy_designation: RawDummyDesignation | None = None
    failure_to_play: RawFailureToPlay | None = None
    fifth_card: RawFifthCard | None = None
    choice: RawChoice | None = None


IRREGULARITY_MODELS: dict[str, type[BaseModel]] = {
    "penalty_card": RawPenaltyCard,
    "lead_out_of_turn": RawLeadOutOfTurn,
    "premature": RawPremature,
    "played_at_rho_turn": RawPlayAtRhoTurn,
    "declarer_played_early": RawDeclarerEarlyPlay,
    "dummy_designation": RawDummyDesignation,
    "failure_to_play": RawFailureToPlay,
    "fifth_card": RawFifthCard,
    "choice": RawChoice,
}


class RawPlay(_Strict):
    rows: dict[str, Any] = Field(default_factory=dict)
    tricks: dict[int, str] = Field(default_factory=dict)
    unplayed: dict[str, str] = Field(default_factory=dict)
    irregularities: list[RawIrregularity] = Field(default_factory=list)

    @field_validator("tricks", mode="before")
    @classmethod
    def _each_trick_once(cls, value: Any) -> Any:
        """A trick numbered twice, once as a number and once as text (``13`` and ``'13'``,
        or ``1`` and ``'01'``), would silently keep the later: refused, as YAML's own duplicate
        keys are. A number written otherwise than plainly (``'1.0'``, ``'+1'``, ``'1_0'``,
        which the validation would read as 1, 1 and 10) is refused too: it is a guess."""
        if not isinstance(value, dict):
            return value
        seen: dict[int, Any] = {}
        for key in value:
            number = _key_number(key)
            if number is None:
                continue  # not a number at all: the validation names it
            if isinstance(key, str) and key.strip() != str(number):
                raise PydanticCustomError(
                    "trick_key",
                    f"got the key {shown(key)} (expected a trick number written plainly, like "
                    f"{number})",
                )
            if number in seen:
                raise PydanticCustomError(
                    "duplicate_trick",
                    f"trick {number} is given twice ({shown(seen[number])} and {shown(key)})",
                )
            seen[number] = key
        return value


def _key_number(key: Any) -> int | None:
    """The whole number a key reads as, as the validation's lax reading takes it (``'01'``,
    ``' 1'``, ``'1.0'``, ``'+1'``, ``'1_0'`` are numbers to it), or None.

    >>> [_key_number(key) for key in (3, " 3", "03", "3.0", "+3", "1_3", "three", "9" * 5000)]
    [3, 3, 3, 3, 3, 13, None, None]
    """
    if isinstance(key, bool) or not isinstance(key, int | str):
        return None
    if isinstance(key, int):
        return key
    try:
        return int(key)
    except ValueError:
        pass
    try:
        number = float(key)
    except ValueError:
        return None
    return int(number) if math.isfinite(number) and number.is_integer() else None


class RawRevoke(_Strict):
    seat: str
    trick: int | None = None
    suit: str | None = None


class RawStatement(_Strict):
    by: str
    declarer_tricks: int | None = None
    trick: int | None = None
    winner: str | None = None
    played: dict[str, str] | None = None
    revoke: RawRevoke | None = None
    irregularity: RawIrregularity | None = None
    noticed: (
        Literal["during-play", "after-play", "after-boarding", "after-next-board", "after-round"]
        | None
    ) = None


class RawPublished(_Strict):
    """Where a ruling on the case was published and what it gave (``published:``; extension).

    For the calibration corpus of published claim rulings (cases/claims/published): the tool
    never reads it; benchmarks/published_claims.py compares its ``declarer_tricks`` with the
    tool's ruling under the preset named by ``jurisdiction``.
    """

    source: str
    body: str
    ruled_by: Literal[
        "director", "appeals committee", "laws commission", "expert panel", "forum view"
    ]
    edition: Literal[2017, 2007, 1997, 1987]
    jurisdiction: str
    declarer_tricks: int = Field(ge=0, le=13)
    claimer_tricks: int | None = Field(default=None, ge=0, le=13)
    date: str | None = None
    summary: str | None = None
    superseded_by: str | None = None
    """The corpus case (its file name without ``.yaml``) recording a later ruling on the same
    claim, by a body that heard it after this one (a review panel, an appeals committee, a laws
    commission): that ruling is the claim's final word, whether it confirmed this one or not,
    so the benchmark counts this one among the rulings but not among the claims."""

    @field_validator("jurisdiction")
    @classmethod
    def _a_preset(cls, value: str) -> str:
        if value not in PRESETS:
            raise ValueError(f"expected one of the presets {', '.join(PRESETS)}")
        return value

    @field_validator("superseded_by")
    @classmethod
    def _a_case_name(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", value):
            raise ValueError(
                "expected the name of another case of the corpus: its file name without "
                "'.yaml', in lower-case letters, digits and hyphens"
            )
        return value


class RawCase(_Strict):
    title: str
    edition: Literal[2017, 2007, 1997, 1987] = 2017
    board: int | None = Field(default=None, ge=1, le=MAX_BOARD)
    vulnerable: str | None = "None"
    deal: str | None = None
    contract: str
    declarer: str
    opening_leader: str | None = None
    play: RawPlay = Field(default_factory=RawPlay)
    statements: list[RawStatement] = Field(default_factory=list)
    expect: dict[str, Any] | None = None
    source: str | None = None
    notes: str | None = None
    published: RawPublished | None = None


def load_case(path: str | Path) -> Case:
    """Read and validate a case file. Raises ``CaseFileError``; never modifies the file."""
    return read_case(path)[0]


def read_case(path: str | Path) -> tuple[Case, str]:
    """The case file's case and its text as read: a pipe or standard input (``-``) gives its
    text once, and ``check --log`` keeps the case as written."""
    name = input_name(path)
    try:
        data = read_input(path)
        # UTF-16 with its byte-order mark, as some Windows editors save text, says what it is
        text = data.decode("utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8")
    except FileNotFoundError:
        raise CaseFileError(name, "", "no such file") from None
    except UnicodeDecodeError as error:
        _refuse_record(name, data.decode("latin-1"))  # PBN may be Latin-1
        raise CaseFileError(
            name,
            "",
            f"cannot be read as text: byte {error.start + 1} ({data[error.start]:#04x}) is no "
            f"character of {error.encoding.upper()} (expected a case file saved as UTF-8)",
        ) from None
    except OSError as error:
        raise CaseFileError(name, "", f"cannot be read ({error})") from None
    return loads_case(text, name), text


def loads_case(text: str, source: str = "<case>") -> Case:
    """Validate a case given as YAML text; ``source`` names it in messages."""
    _refuse_record(source, text)
    data = load_yaml(text, source)
    if not isinstance(data, dict):
        raise CaseFileError(source, "", "expected a mapping of fields (title, deal, contract, ...)")
    return case_from_dict(data, source)


_PBN_TAG = re.compile(r'\[\s*[A-Za-z][A-Za-z0-9_]*\s+"(?:[^"\\]|\\.)*"\s*\]\s*')
"""A PBN tag line, ``[Event "..."]``: no case file starts with one (a case is a mapping)."""
_LIN_START = re.compile(r"[A-Za-z]{2}\|")
_LIN_KEY = re.compile(r"(?:^|\|)(?:pn|md|qx|vg|mb|pc|ah|sv)\|", re.MULTILINE)
"""LIN ``key|value|`` pairs, the keys that only a LIN record of a board would hold."""
_HANDVIEWER_LINK = re.compile(r"https?://\S*[?&#]lin=", re.IGNORECASE)
"""A BBO hand-viewer link, whose ``lin=`` carries a LIN record (``lin.loads`` decodes it)."""


def is_handviewer_link(text: str) -> bool:
    """Is ``text`` a BBO hand-viewer link carrying a LIN record (``...?lin=pn%7C...``)?"""
    return _HANDVIEWER_LINK.match(text.strip()) is not None


def record_format(source: str, text: str) -> str | None:
    """The format, "PBN" or "LIN", when ``source`` is a record of play, not a case; else None.

    By the file's suffix, else by its first line that is not blank or a PBN comment (a PBN
    tag, LIN pairs, or a BBO hand-viewer link carrying LIN); a YAML case cannot start with any
    of these, so a case is never taken for a record.
    """
    suffix = Path(source).suffix.lower()
    if suffix in (".pbn", ".lin"):
        return suffix[1:].upper()
    lines = (line.strip() for line in text.removeprefix("\ufeff").splitlines())
    first = next((line for line in lines if line and line[0] not in "%;"), "")
    if _PBN_TAG.fullmatch(first):
        return "PBN"
    if _LIN_START.match(first) and _LIN_KEY.search(text):
        return "LIN"
    if is_handviewer_link(first):
        return "LIN"
    return None


def _refuse_record(source: str, text: str) -> None:
    """A PBN or LIN file given as a case: say so, and how to make a case of it, instead of
    the YAML parser's "not valid YAML" (or a stranger message about its fields)."""
    kind = record_format(source, text)
    if kind is None:
        return
    reader = kind.lower()
    example = (
        f"from pathlib import Path; from solver.records import {reader}, to_case; "
        "Path('board.yaml').write_text(to_case.case_yaml(to_case.case_from_record("
        f"{reader}.load({source!r})[0])), encoding='utf-8')"
    )
    raise CaseFileError(
        source,
        "",
        f"a {kind} record of play, not a case file (YAML, docs/case-format.md); make a case "
        f"of one of its boards with 'ruling import {source} --board N -o board.yaml' "
        "(docs/records.md), then write the facts in dispute into it; or from Python (here "
        f'the first board, [0]): python -c "{example}"',
    )


def case_from_dict(data: dict[str, Any], source: str = "<case>") -> Case:
    """Validate a case already read into Python data (as from YAML)."""
    fields = {key: data[key] for key in data if key != "claim"}
    try:
        raw = RawCase.model_validate(fields)
    except ValidationError as error:
        raise _shape_error(source, error, data=fields) from None
    claim = _raw_claim(data["claim"], source) if "claim" in data else None
    return _CaseBuilder(source, raw, claim).build()


def _raw_claim(value: Any, source: str) -> RawClaim:
    """The shape of ``claim:`` (kept out of RawCase, whose field list the messages show)."""
    if not isinstance(value, dict):
        raise CaseFileError(
            source,
            "claim",
            f"got {shown(value)}; expected a mapping with by, tricks, position, ...",
        )
    try:
        return RawClaim.model_validate(value)
    except ValidationError as error:
        model = claim_model_at(error.errors()[0]["loc"][:-1])
        raise _shape_error(source, error, "claim", model, value) from None


def _shape_error(
    source: str,
    error: ValidationError,
    prefix: str = "",
    model: type[BaseModel] | None = None,
    data: Any = None,
) -> CaseFileError:
    """The first problem pydantic found, as a message naming the field as the case file
    spells it (``data``, the value validated, tells the file's own keys from pydantic's
    artefacts in its locations: a union member's type, ``[key]``)."""
    errors = error.errors()
    # A misspelt field shows as unknown and as missing: name the unknown one, with its hint.
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    path = _field_path(first["loc"], data, first["type"])
    location = ".".join([prefix] * bool(prefix) + path)
    kind = first["type"]
    value = first["input"]
    if kind == "missing":
        return CaseFileError(source, location, "required field is missing")
    if kind == "extra_forbidden":
        field = str(first["loc"][-1])
        model = model or _model_at(first["loc"][:-1])
        names = _field_names(model)
        if model is RawCase:  # claim: is read apart, but is a field of the case all the same
            names.insert(names.index("statements") + 1, "claim")
        expected = ", ".join(names)
        hint = difflib.get_close_matches(field, names, n=1, cutoff=0.6)
        suggestion = f"; did you mean {hint[0]!r}?" if hint else ""
        return CaseFileError(
            source, location, f"unknown field (expected one of: {expected}){suggestion}"
        )
    if kind == "model_type":
        return CaseFileError(
            source,
            location,
            f"got {shown(value)} (expected a mapping, like {{seat: E, trick: 5}})"
            if location.endswith("revoke")
            else f"got {shown(value)} (expected a mapping of fields)",
        )
    if kind == "bool_type":
        got = f"the text {shown(value)}" if isinstance(value, str) else shown(value)
        return CaseFileError(
            source, location, f"got {got} (expected a yes/no value: true or false, unquoted)"
        )
    # A union's members each fail at the same place: say what each would have taken.
    group = [e for e in errors if _field_path(e["loc"], data, e["type"]) == path]
    expected = " or ".join(dict.fromkeys(e["msg"].lower() for e in group))
    if isinstance(value, bool):
        if expected.startswith("got a yes/no value"):
            return CaseFileError(source, location, expected)
        yes_no = "YAML reads an unquoted yes, no, true, false, on or off as yes/no"
        if kind == "string_type":
            return CaseFileError(
                source,
                location,
                f"got a yes/no value where text was expected ({yes_no}: quote it if it is text)",
            )
        return CaseFileError(source, location, f"got a yes/no value ({yes_no}); {expected}")
    got = f"the key {shown(value)}" if "[key]" in first["loc"] else shown(value)
    kinds = list(dict.fromkeys(e["type"] for e in group))
    if len(kinds) > 1 and all(kind in _EXPECTED_INSTEAD for kind in kinds):
        listed = " or ".join(_EXPECTED_INSTEAD[kind] for kind in kinds)
        return CaseFileError(source, location, f"got {got} (expected {listed})")
    return CaseFileError(source, location, f"got {got}; {expected}")


_EXPECTED_INSTEAD = {
    "string_type": "text",
    "list_type": "a list",
    "dict_type": "a mapping",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
}
"""What a field takes, by pydantic's error type: for a yes/no value given in its place, and
for a union's members (``str | list[str]``: text or a list)."""


def _field_path(location: tuple[int | str, ...], data: Any, kind: str) -> list[str]:
    """A pydantic error location as the path of keys in the case file: the parts that are
    keys (or list positions) of ``data``, the value validated, and a missing field's name;
    pydantic's own parts (``str`` or ``list[str]`` for the member of a union that failed,
    ``[key]`` for a mapping key) are left out.

    >>> _field_path(("rows", 1, "[key]"), {"rows": {1: "CA"}}, "string_type")
    ['rows', '1']
    >>> _field_path(("position", "current_trick", "str"), {"position": {"current_trick": 7}}, "")
    ['position', 'current_trick']
    >>> _field_path(("play", "rows", "N", "when"), {"play": {"rows": {"N": {}}}}, "missing")
    ['play', 'rows', 'N', 'when']
    """
    path: list[str] = []
    here = data
    for index, part in enumerate(location):
        if isinstance(here, dict) and part in here:
            key = next(key for key in here if key == part)  # as written: no, not 0
            path.append(_key_text(key))
            here = here[key]
            continue
        if isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here):
            here = here[part]
        elif (
            isinstance(part, str)
            and _ARTEFACT.fullmatch(part)
            and not (kind == "missing" and index == len(location) - 1)
        ):
            continue
        else:
            here = None
        path.append(str(part))
    return path


def _key_text(key: Any) -> str:
    """A mapping key in a field path: a yes/no key (YAML's reading of ``no:``) as such."""
    if isinstance(key, bool):
        return "true" if key else "false"
    return "null" if key is None else str(key)


_ARTEFACT = re.compile(r"\[key\]|[a-z][a-z-]*(?:\[.*\])?|[A-Z]\w*")
"""What pydantic adds to an error's location besides the file's keys: ``[key]``, a union
member (``str``, ``list[str]``, ``function-wrap[...]``) or a model's name."""


def _field_names(model: type[BaseModel]) -> list[str]:
    """The fields as a case file spells them (``class``, not ``class_``)."""
    return [info.alias or name for name, info in model.model_fields.items()]


def _model_at(location: tuple[int | str, ...]) -> type[BaseModel]:
    if not location:
        return RawCase
    if "irregularities" in location[1:2] or "irregularity" in location[2:3]:
        kind = location[3:4]  # play.irregularities.N.KIND or statements.N.irregularity.KIND
        return IRREGULARITY_MODELS.get(str(kind[0]), RawIrregularity) if kind else RawIrregularity
    if location[0] == "play":
        return RawPlay
    if location[0] == "statements":
        return RawRevoke if "revoke" in location[2:3] else RawStatement
    if location[0] == "published":
        return RawPublished
    return RawCase


def _trick_in_progress(
    leader: str | None, trick: str | list[str] | None
) -> list[tuple[Seat, Card]]:
    """The cards of ``claim.position.current_trick`` with their players, as far as they can be
    read: the claim reader checks them and names any problem."""
    if trick is None:
        return []
    if isinstance(trick, str) and ":" in trick:
        leader, _colon, trick = trick.partition(":")
    tokens = trick.split() if isinstance(trick, str) else [str(token) for token in trick]
    try:
        first = Seat.parse(str(leader))
        cards = [Card.parse(token) for token in tokens]
    except ValueError:
        return []
    return [(Seat.from_index(first.index + offset), card) for offset, card in enumerate(cards)]


class _CaseBuilder:
    """Turns the validated shape into a Case, checking the bridge facts field by field."""

    def __init__(self, source: str, raw: RawCase, claim: RawClaim | None = None) -> None:
        self.source = source
        self.raw = raw
        self.raw_claim = claim
        self.unplayed: dict[Seat, Card] = {}
        self.surplus: Seat | None = None
        self.stop_note: str | None = None
        """Why play stopped early, when not because every row holds that many cards."""
        self.deal_given = True
        """False for a claim case given as its ending (no ``deal:``, ``_ending``)."""
        self.in_progress: TrickInProgress | None = None
        """The trick play stopped in, with the cards faced to it (``_trick_in_progress``)."""
        self.overruled: tuple[Irregularity, ...] = ()
        """Answers the Laws set aside (``_next_in_turn_decides``)."""

    def error(self, location: str, message: str) -> CaseFileError:
        return CaseFileError(self.source, location, message)

    def build(self) -> Case:
        raw = self.raw
        if not any(char.isprintable() and not char.isspace() for char in raw.title):
            # strip() keeps a zero-width space, which shows nothing either
            raise self.error("title", "must not be empty")
        deal = self._deal()
        contract = self._parse(Contract.parse, raw.contract, "contract")
        declarer = self._seat(raw.declarer, "declarer")
        leader = declarer.lho
        if raw.opening_leader is not None:
            leader = self._seat(raw.opening_leader, "opening_leader")
            if leader.side is declarer.side:
                defenders = f"{declarer.lho.value} or {declarer.lho.partner.value}"
                role = "declarer" if leader is declarer else "dummy"
                raise self.error(
                    "opening_leader",
                    f"got {shown(raw.opening_leader)}, {role} (expected a defender: {defenders})",
                )
        rows = self._rows(deal)
        self.unplayed = self._unplayed(deal, rows)
        self.surplus = self._surplus(rows)
        claim_reader = self._claim_reader(deal, contract, declarer, leader, rows)
        tricks_played = self._tricks_played(rows, claim_reader)
        agreed = self._agreed_tricks(deal, rows, tricks_played)
        if self.in_progress is not None:
            self._check_in_progress(deal, rows, agreed, contract)
        statements = self._statements(deal, rows, tricks_played)
        if claim_reader is not None and statements and not rows and not agreed:
            raise self.error(
                "statements",
                "a claim case that gives no play before the claim (play.rows or play.tricks) "
                "has nothing these statements can be weighed against (the claim's position "
                "gives the tricks won): give the play, or leave them out",
            )
        irregularities = self._irregularities(
            deal, rows, agreed, tricks_played, declarer, leader, contract
        )
        claim: Claim | None = None if claim_reader is None else claim_reader.claim(agreed)
        return Case(
            title=raw.title.strip(),
            deal=deal,
            contract=contract,
            declarer=declarer,
            opening_leader=leader,
            tricks_played=tricks_played,
            rows=rows,
            agreed_tricks=agreed,
            statements=statements,
            edition=raw.edition,
            unplayed=self.unplayed,
            surplus=self.surplus,
            board=raw.board,
            vulnerable=self._vulnerable(),
            source=self.source,
            expect=raw.expect,
            claim=claim,
            deal_given=self.deal_given,
            irregularities=irregularities,
            trick_in_progress=self.in_progress,
            overruled=self.overruled,
        )

    def _parse(self, parser: Any, value: str, location: str) -> Any:
        try:
            return parser(value)
        except ValueError as error:
            raise self.error(location, quoting(str(error), value)) from None

    def _seat(self, value: str, location: str) -> Seat:
        result: Seat = self._parse(Seat.parse, value, location)
        return result

    def _card(self, value: str, location: str) -> Card:
        result: Card = self._parse(Card.parse, value, location)
        return result

    def _deal(self) -> Deal:
        if self.raw.deal is None:
            return self._ending()
        result: Deal = self._parse(Deal.from_pbn, self.raw.deal, "deal")
        return result

    def _ending(self) -> Deal:
        """A claim case given as its ending, without ``deal:``: the hands at the start of the
        trick of the claim, from ``claim.position`` (the cards held, and those already played to
        the trick in progress given back to their players). Nothing before the claim is known,
        so no fact about that play may be given."""
        position = None if self.raw_claim is None else self.raw_claim.position
        if position is None or position.hands is None:
            why = (
                " (a claim case may leave it out when claim.position.hands gives the cards "
                "held at the claim)"
                if self.raw_claim is not None
                else ""
            )
            raise self.error("deal", f"required field is missing{why}")
        play = self.raw.play
        given: dict[str, Any] = {
            "play.rows": play.rows,
            "play.tricks": play.tricks,
            "play.unplayed": play.unplayed,
        }
        given["statements"] = self.raw.statements
        for location, value in given.items():
            if value:
                raise self.error(
                    location,
                    "needs the deal: without deal, the case is the ending at the claim "
                    "(claim.position), and the play before it is not known; give deal, or "
                    f"leave out {location}",
                )
        try:
            hands = [set(hand) for hand in parse_hands(position.hands)]
        except ValueError as error:
            raise self.error("claim.position.hands", str(error)) from None
        for seat, card in _trick_in_progress(position.leader, position.current_trick):
            hands[seat.index].add(card)
        self.deal_given = False
        return Deal(
            (frozenset(hands[0]), frozenset(hands[1]), frozenset(hands[2]), frozenset(hands[3]))
        )

    def _vulnerable(self) -> str:
        value = "None" if self.raw.vulnerable is None else str(self.raw.vulnerable)
        key = value.strip().lower()
        if key not in VULNERABILITY:
            raise self.error("vulnerable", f"got {shown(value)} (expected None, NS, EW or All)")
        return VULNERABILITY[key]

    # -- rows ---------------------------------------------------------------------------------

    def _rows(self, deal: Deal) -> dict[Seat, Row]:
        rows: dict[Seat, Row] = {}
        owner_of: dict[Card, Seat] = {}
        for key, value in self.raw.play.rows.items():
            location = f"play.rows.{key}"
            seat = self._seat(str(key), location)
            if seat in rows:
                raise self.error(location, f"{seat.full_name} has two rows")
            row = self._row(seat, value, location)
            for card in row.cards:
                if card in owner_of:
                    raise self.error(
                        location, f"card {card} is in two rows (play.rows.{owner_of[card]} too)"
                    )
                owner_of[card] = seat
                if card not in deal.hand(seat):
                    holder = deal.holder(card).full_name
                    raise self.error(
                        location,
                        f"card {card} is not in {seat.full_name}'s hand (it was dealt to {holder})",
                    )
            rows[seat] = row
        return rows

    def _row(self, seat: Seat, value: Any, location: str) -> Row:
        if isinstance(value, dict):
            try:
                mixed = RawMixedRow.model_validate(value)
            except ValidationError as error:
                raise _shape_error(self.source, error, location, RawMixedRow, value) from None
            tokens = (
                mixed.mixed.split()
                if isinstance(mixed.mixed, str)
                else [str(t) for t in mixed.mixed]
            )
            cards = []
            for token in tokens:
                if token[-1] in "+-":
                    raise self.error(
                        f"{location}.mixed",
                        f"{shown(token)} has an orientation mark, "
                        "but a mixed row has no known orientation",
                    )
                cards.append(self._card(token, f"{location}.mixed"))
            self._no_repeats(cards, f"{location}.mixed")
            return Row(seat, tuple(cards), mixed=True, when=MixedWhen(mixed.when))
        if isinstance(value, str | list):
            tokens = value.split() if isinstance(value, str) else [str(t) for t in value]
            cards, marks = [], []
            for token in tokens:
                mark = token[-1] if token and token[-1] in "+-" else None
                try:
                    cards.append(Card.parse(token[:-1] if mark else token))
                except ValueError:
                    raise self.error(
                        location,
                        f"bad card {shown(token)} (expected suit then rank, like 'SA' or "
                        "'H10', then one orientation mark or none: 'SA+', 'H10-')",
                    ) from None
                marks.append(mark)
            self._no_repeats(cards, location)
            return Row(seat, tuple(cards), mixed=False, marks=tuple(marks))
        raise self.error(
            location,
            "expected an intact row (cards in order, like 'D2- S3+') "
            "or a mapping with 'mixed' and 'when'",
        )

    def _no_repeats(self, cards: list[Card], location: str) -> None:
        if len(cards) > 13:
            raise self.error(location, f"holds {len(cards)} cards (at most 13)")
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise self.error(location, f"card {card} appears twice")
            seen.add(card)

    def _tricks_played(self, rows: dict[Seat, Row], claim: ClaimReader | None = None) -> int:
        if claim is not None:
            for number, text in sorted(self.raw.play.tricks.items()):
                if 0 < len(str(text).partition(":")[2].split()) < 4:
                    raise self.error(
                        f"play.tricks.{number}",
                        "with a claim, the trick in progress is given in the claim's position "
                        "(claim.position.leader and current_trick), not in play.tricks; "
                        "expected four cards",
                    )
            played = claim.tricks_played(
                self.raw.play.tricks, self._row_length(rows) if rows else None
            )
            self.stop_note = claim.stop_note
            return played
        if not rows:
            return 13
        return self._row_length(rows)

    def _unplayed(self, deal: Deal, rows: dict[Seat, Row]) -> dict[Seat, Card]:
        """Law 67: the card a player still held when play ended, his row one card short."""
        out: dict[Seat, Card] = {}
        for key, text in self.raw.play.unplayed.items():
            location = f"play.unplayed.{key}"
            seat = self._seat(str(key), location)
            card = self._card(str(text), location)
            if card not in deal.hand(seat):
                raise self.error(location, f"card {card} is not in {seat.full_name}'s hand")
            row = rows.get(seat)
            if row is None:
                raise self.error(
                    location,
                    f"a defective trick needs {seat.full_name}'s row (play.rows.{seat}), "
                    "one card shorter than the others",
                )
            if card in row.cards:
                raise self.error(
                    location, f"card {card} is in {seat.full_name}'s row: it was played"
                )
            out[seat] = card
        if len(out) > 1:
            raise self.error(
                "play.unplayed", "one player at most (one defective trick per case is supported)"
            )
        if out and self.raw_claim is not None:
            raise self.error("play.unplayed", "a defective trick with a claim is not supported")
        return out

    def _lengths(self, rows: dict[Seat, Row]) -> dict[Seat, int]:
        """Tricks each row covers: a short row (a missed trick) one more than its cards, a long
        one (a double play, once found) one fewer."""
        return {
            seat: len(row.cards) + (seat in self.unplayed) - (seat == self.surplus)
            for seat, row in rows.items()
        }

    def _listed(self, rows: dict[Seat, Row]) -> str:
        return ", ".join(
            f"{seat} {len(row.cards)}"
            for seat, row in sorted(rows.items(), key=lambda i: i[0].index)
        )

    def _row_length(self, rows: dict[Seat, Row]) -> int:
        """Tricks the play covers; after a double play, trick 13 is played once the surplus
        card is back (Law 67B2)."""
        lengths = self._lengths(rows)
        if len(set(lengths.values())) > 1:
            raise self.error(
                "play.rows",
                f"rows of unequal length ({self._listed(rows)}); every row must hold as many "
                "cards, except that of a player who missed a trick (his card under "
                "play.unplayed)",
            )
        count = next(iter(lengths.values()))
        if count == 0 and not self.raw.play.irregularities:
            raise self.error("play.rows", "rows are empty (expected the cards each player played)")
        return count + (self.surplus is not None)

    def _surplus(self, rows: dict[Seat, Row]) -> Seat | None:
        """Law 67B2: the one row a card longer than all the others, its player having played
        two cards to one trick; None when there is no such row."""
        lengths = self._lengths(rows)
        longest = max(lengths.values(), default=0)
        long_rows = [seat for seat, n in lengths.items() if n == longest]
        if len(long_rows) != 1 or set(lengths.values()) != {longest, longest - 1}:
            return None
        seat, listed = long_rows[0], self._listed(rows)
        location = f"play.rows.{seat}"
        if longest != 13:
            raise self.error(
                location,
                f"holds one card more than the other rows ({listed}): a player who played two "
                "cards to one trick (Law 67B2) is supported when his row holds all 13 cards "
                "and the others 12 (he ran out a trick early)",
            )
        if self.unplayed:
            raise self.error(location, "one defective trick per case is supported")
        if self.raw_claim is not None:
            raise self.error(location, "a defective trick with a claim is not supported")
        return seat

    # -- agreed tricks ------------------------------------------------------------------------

    def _agreed_tricks(
        self, deal: Deal, rows: dict[Seat, Row], played: int
    ) -> tuple[AgreedTrick, ...]:
        out: list[AgreedTrick] = []
        used: dict[Card, int] = {}
        for number, text in sorted(self.raw.play.tricks.items()):
            location = f"play.tricks.{number}"
            leader_text, _, cards_text = str(text).partition(":")
            tokens = cards_text.split()
            if 0 < len(tokens) < 4 and number == played + 1 and 1 <= number <= 13:
                leader = self._seat(leader_text, location)
                cards = [self._card(token, location) for token in tokens]
                self.in_progress = TrickInProgress(number, leader, tuple(cards))
                continue
            self._trick_number(number, played, location)
            if not cards_text:
                raise self.error(
                    location,
                    f"got {shown(text)} "
                    "(expected the leader then four cards, like 'W: DK D2 DA D4')",
                )
            leader = self._seat(leader_text, location)
            if len(tokens) != 4:
                raise self.error(location, _short_trick(len(tokens), played, bool(rows)))
            cards = []
            for offset, token in enumerate(tokens):
                card = self._card(token, location)
                seat = Seat.from_index(leader.index + offset)
                self._check_playable(deal, rows, seat, card, location)
                if card in used:
                    raise self.error(location, f"card {card} is also in play.tricks.{used[card]}")
                used[card] = number
                cards.append(card)
            out.append(AgreedTrick(number, leader, tuple(cards)))
        return tuple(out)

    def _check_in_progress(
        self,
        deal: Deal,
        rows: dict[Seat, Row],
        agreed: tuple[AgreedTrick, ...],
        contract: Contract,
    ) -> None:
        """The trick play stopped in (``play.tricks`` with fewer than four cards at trick
        *k* + 1): read after at least one trick played, with every player's row (the cards
        still held where play stopped are then known) and no defective trick; each card in
        its player's hand and not in his row (it was not quitted); led by the winner of trick
        *k* where that trick is agreed (44G); every card following suit (44C: a revoke in
        the trick in progress is not read)."""
        trick = self.in_progress
        assert trick is not None
        location = f"play.tricks.{trick.number}"
        led_out_of_turn = self._lead_out_of_turn_at(trick.number)
        if trick.number == 1 and not led_out_of_turn:
            raise self.error(
                location,
                "play stopped before trick 1 (the rows are empty): a trick in progress is read "
                "from trick 2 on, after a trick played, or at trick 1 after an opening lead out "
                "of turn (Law 54); expected four cards, or the trick left out",
            )
        missing = [str(seat) for seat in Seat if seat not in rows]
        if missing:
            raise self.error(
                location,
                "a trick in progress needs every player's row (play.rows), so that the cards "
                "each still held where play stopped are known; expected rows for "
                f"{', '.join(missing)}",
            )
        if self.unplayed or self.surplus is not None:
            raise self.error(
                location,
                "a trick in progress together with a defective trick (Law 67) is not read; "
                "expected one of the two",
            )
        used = {card: t.number for t in agreed for card in t.cards}
        held: dict[Seat, set[Card]] = {
            seat: set(deal.hand(seat)) - set(rows[seat].cards) for seat in Seat
        }
        before = next((t for t in agreed if t.number == trick.number - 1), None)
        winner = None if before is None else before.winner(contract.strain.trump_suit_index)
        if before is not None and winner != trick.leader and not led_out_of_turn:
            # (after a lead out of turn to it, ``check_in_progress`` says who may lead it)
            assert winner is not None
            raise self.error(
                location,
                f"{trick.leader.full_name} leads it, but {winner.full_name} won trick "
                f"{before.number} (play.tricks.{before.number}) and leads the next (Law 44G); "
                "expected the winner as its leader",
            )
        led = trick.cards[0].suit_index
        seen: set[Card] = set()
        for offset, (seat, card) in enumerate(trick.seats()):
            name = seat.full_name
            if card in seen:
                raise self.error(location, f"card {card} appears twice")
            seen.add(card)
            self._check_in_hand(deal, seat, card, location)
            if card in rows[seat].cards:
                raise self.error(
                    location,
                    f"card {card} is in {name}'s row (play.rows.{seat}): the cards of the trick "
                    f"in progress were not quitted; expected a card {name} still held",
                )
            if card in used:
                raise self.error(location, f"card {card} is also in play.tricks.{used[card]}")
            suited = sorted(c for c in held[seat] if c.suit_index == led)
            if offset and card.suit_index != led and suited:
                raise self.error(
                    location,
                    f"{name}'s {card} does not follow suit while he still held "
                    f"{' '.join(str(c) for c in suited)} (Law 44C): a revoke in the trick in "
                    "progress is not read; expected a card of the suit led",
                )

    def _lead_out_of_turn_at(self, number: int) -> bool:
        """Whether the case tells of a lead out of turn to trick ``number`` (agreed or as a
        side's account; read and checked with the irregularities)."""
        raws = [*self.raw.play.irregularities]
        raws += [s.irregularity for s in self.raw.statements if s.irregularity is not None]
        leads = [r.lead_out_of_turn for r in raws if r.lead_out_of_turn is not None]
        return any(lead.trick == number for lead in leads)

    def _trick_number(self, number: int, played: int, location: str) -> None:
        if not 1 <= number <= 13:
            raise self.error(location, f"there is no trick {number} (tricks are numbered 1 to 13)")
        if number > played:
            why = self.stop_note or f"every row holds {played} cards"
            raise self.error(location, f"play stopped after trick {played} ({why})")
        if number == 13 and self.surplus is not None:
            raise self.error(
                location,
                f"trick 13 is played only once {self.surplus.full_name}'s surplus card is back "
                "in his hand (Law 67B2): facts can name tricks 1 to 12",
            )

    def _check_playable(
        self, deal: Deal, rows: dict[Seat, Row], seat: Seat, card: Card, location: str
    ) -> None:
        self._check_in_hand(deal, seat, card, location)
        name = seat.full_name
        row = rows.get(seat)
        if row is not None and card not in row.cards:
            raise self.error(location, f"card {card} is not in {name}'s row (play.rows.{seat})")

    def _check_in_hand(self, deal: Deal, seat: Seat, card: Card, location: str) -> None:
        if card not in deal.hand(seat):
            name = seat.full_name
            raise self.error(
                location, f"card {card} is not in {name}'s hand (expected {name} to play it)"
            )

    # -- claim (Laws 68-71; the checks are in claimfile.py) --------------------------------------

    def _claim_reader(
        self, deal: Deal, contract: Contract, declarer: Seat, leader: Seat, rows: dict[Seat, Row]
    ) -> ClaimReader | None:
        if self.raw_claim is None:
            return None
        return ClaimReader(self.source, self.raw_claim, deal, contract, declarer, leader, rows)

    # -- statements ---------------------------------------------------------------------------

    def _statements(self, deal: Deal, rows: dict[Seat, Row], played: int) -> tuple[Statement, ...]:
        """The statements other than accounts of an irregularity (those are read with the
        irregularities), numbered from 0 in the order given: with no irregularity among them,
        a statement's number is its position in the file."""
        out: list[Statement] = []
        for index, raw in enumerate(self.raw.statements):
            statement = self._statement(index, raw, deal, rows, played)
            if statement is not None:
                out.append(dataclasses.replace(statement, index=len(out)))
        return tuple(out)

    def _statement(
        self, index: int, raw: RawStatement, deal: Deal, rows: dict[Seat, Row], played: int
    ) -> Statement | None:
        location = f"statements.{index}"
        by = self._speaker(raw.by, f"{location}.by")
        kind = self._statement_kind(raw, location)
        if kind == "irregularity":
            return None  # read by _irregularities
        if kind == "revoke":
            return self._revoke(index, raw, by, played, location)
        if kind == "declarer_tricks":
            if raw.trick is not None:
                raise self.error(
                    f"{location}.trick", "declarer_tricks is a total; it takes no trick"
                )
            total = raw.declarer_tricks
            assert total is not None
            if not 0 <= total <= played:
                raise self.error(
                    f"{location}.declarer_tricks", f"got {total} (expected 0 to {played})"
                )
            return Statement(index, by, "declarer_tricks", declarer_tricks=total)
        if raw.trick is None:
            raise self.error(f"{location}.trick", f"required with {kind}")
        self._trick_number(raw.trick, played, f"{location}.trick")
        if kind == "winner":
            assert raw.winner is not None
            winner: Seat | Side = self._winner(raw.winner, f"{location}.winner")
            return Statement(index, by, "winner", trick=raw.trick, winner=winner)
        assert raw.played is not None
        if not raw.played:
            raise self.error(
                f"{location}.played", "expected at least one seat and card, like {E: S4}"
            )
        plays = []
        for seat_text, card_text in raw.played.items():
            seat = self._seat(str(seat_text), f"{location}.played")
            card = self._card(str(card_text), f"{location}.played.{seat_text}")
            self._check_playable(deal, rows, seat, card, f"{location}.played.{seat_text}")
            plays.append((seat, card))
        return Statement(index, by, "played", trick=raw.trick, played=tuple(plays))

    def _statement_kind(self, raw: RawStatement, location: str) -> str:
        kinds = [
            k
            for k in ("declarer_tricks", "winner", "played", "revoke", "irregularity")
            if getattr(raw, k) is not None
        ]
        if len(kinds) != 1:
            raise self.error(
                location,
                "expected exactly one of declarer_tricks, winner, played, revoke or irregularity",
            )
        kind = kinds[0]
        if raw.noticed is not None and kind != "revoke":
            raise self.error(f"{location}.noticed", "noticed goes with a revoke allegation only")
        if kind == "irregularity" and raw.trick is not None:
            raise self.error(
                f"{location}.trick",
                "give the trick inside irregularity, like irregularity: {premature: "
                "{seat: W, card: C2, trick: 4}}",
            )
        return kind

    def _revoke(
        self, index: int, raw: RawStatement, by: Seat | Side | None, played: int, location: str
    ) -> Statement:
        """An allegation that a player revoked (Law 61A): at a trick, or in a suit."""
        assert raw.revoke is not None
        if self.raw.edition == 1987:
            raise self.error(
                f"{location}.revoke",
                "a revoke under the 1987 Laws is not ruled on: the transfers of that code's "
                "Law 64 are not encoded; expected edition 1997 or later for a revoke allegation",
            )
        if by is None:
            raise self.error(
                f"{location}.by",
                "a revoke is alleged by a side or a player (NS, EW, N, E, S, W), not agreed; "
                "an agreed revoke is written as the agreed trick in play.tricks",
            )
        if raw.trick is not None:
            raise self.error(
                f"{location}.trick",
                "give the trick inside revoke, like revoke: {seat: E, trick: 5}",
            )
        revoker = self._seat(raw.revoke.seat, f"{location}.revoke.seat")
        if raw.revoke.trick is None and raw.revoke.suit is None:
            raise self.error(
                f"{location}.revoke",
                "expected the trick (revoke: {seat: E, trick: 5}) or the suit "
                "(revoke: {seat: E, suit: H})",
            )
        if raw.revoke.trick is not None:
            self._trick_number(raw.revoke.trick, played, f"{location}.revoke.trick")
        suit = None
        if raw.revoke.suit is not None:
            text = str(raw.revoke.suit).strip().upper()
            if text not in ("S", "H", "D", "C"):
                raise self.error(
                    f"{location}.revoke.suit",
                    f"got {shown(raw.revoke.suit)} (expected S, H, D or C)",
                )
            suit = "SHDC".index(text)
        return Statement(
            index,
            by,
            "revoke",
            trick=raw.revoke.trick,
            revoker=revoker,
            revoke_suit=suit,
            noticed=raw.noticed or "after-play",
        )

    def _speaker(self, value: str, location: str) -> Seat | Side | None:
        text = str(value).strip()
        if text.lower() == "agreed":
            return None
        if text.upper() in ("NS", "EW"):
            return Side(text.upper())
        if text.upper() in ("N", "E", "S", "W"):
            return Seat.parse(text)
        raise self.error(location, f"got {shown(value)} (expected NS, EW, N, E, S, W or agreed)")

    def _winner(self, value: str, location: str) -> Seat | Side:
        text = str(value).strip().upper()
        if text in ("NS", "EW"):
            return Side(text)
        if text in ("N", "E", "S", "W"):
            return Seat.parse(text)
        raise self.error(
            location, f"got {shown(value)} (expected a seat N, E, S or W, or a side NS or EW)"
        )

    # -- irregularities during play (Laws 45-60) ----------------------------------------------

    def _irregularities(
        self,
        deal: Deal,
        rows: dict[Seat, Row],
        agreed: tuple[AgreedTrick, ...],
        played: int,
        declarer: Seat,
        leader: Seat,
        contract: Contract,
    ) -> tuple[Irregularity, ...]:
        """``play.irregularities`` (agreed) and the statements ``{by, irregularity}`` (owned),
        in that order, each checked against the deal, the agreed tricks and the rows."""
        reader = _IrregularityReader(self, deal, rows, agreed, played, declarer, leader, contract)
        entries: list[tuple[RawIrregularity, str, Seat | Side | None]] = [
            (raw, f"play.irregularities.{index}", None)
            for index, raw in enumerate(self.raw.play.irregularities)
        ]
        for index, statement in enumerate(self.raw.statements):
            if statement.irregularity is not None:
                by = self._speaker(statement.by, f"statements.{index}.by")
                entries.append((statement.irregularity, f"statements.{index}.irregularity", by))
        facts = [reader.read(raw, location, by) for raw, location, by in entries]
        facts = reader.misinformed_turns(facts, [location for _raw, location, _by in entries])
        reader.check_one_penalty_card(facts, [location for _raw, location, _by in entries])
        for fact, (_raw, location, _by) in zip(facts, entries, strict=True):
            if isinstance(fact, Choice):
                reader.check_chooser(fact, facts, f"{location}.choice.by")
                reader.check_situation(fact, facts, f"{location}.choice.trick")
                reader.check_answered(fact, facts, f"{location}.choice.trick")
            if isinstance(fact, FailureToPlay):
                reader.check_failure(fact, facts, location)
            reader.check_in_progress(fact, facts, location)
        facts, self.overruled = _next_in_turn_decides(facts, declarer)
        return tuple(facts)


def _next_in_turn_decides(
    facts: list[Irregularity], declarer: Seat
) -> tuple[list[Irregularity], tuple[Irregularity, ...]]:
    """55A: when the two defenders answer declarer's lead out of turn differently, the answer
    of the one next in turn after it applies. The other answer is set aside (returned apart,
    for the report): applied together, the two would leave no legal history."""
    loots = {
        f.trick: f for f in facts if isinstance(f, LeadOutOfTurn) and f.seat.side is declarer.side
    }
    overruled: list[Irregularity] = []
    for trick, loot in loots.items():
        answers = [
            f
            for f in facts
            if isinstance(f, Choice)
            and f.by is None
            and f.trick == trick
            and f.option in ("accept-lead", "refuse-lead")
        ]
        if len({answer.option for answer in answers}) < 2:
            continue
        deciding = loot.seat.lho
        if any(answer.chooser is deciding for answer in answers):
            overruled += [answer for answer in answers if answer.chooser is not deciding]
    kept = [f for f in facts if not any(f is other for other in overruled)]
    return kept, tuple(overruled)


class _IrregularityReader:
    """The checks of one irregularity entry: the shape is pydantic's, the bridge facts here."""

    def __init__(
        self,
        builder: _CaseBuilder,
        deal: Deal,
        rows: dict[Seat, Row],
        agreed: tuple[AgreedTrick, ...],
        played: int,
        declarer: Seat,
        leader: Seat,
        contract: Contract,
    ) -> None:
        self.builder = builder
        self.deal = deal
        self.rows = rows
        self.agreed = {trick.number: trick for trick in agreed}
        self.played = played
        self.declarer = declarer
        self.dummy = declarer.partner
        self.leader = leader
        self.trumps = contract.strain.trump_suit_index
        self.edition = builder.raw.edition

    def error(self, location: str, message: str) -> CaseFileError:
        return self.builder.error(location, message)

    def read(self, raw: RawIrregularity, location: str, by: Seat | Side | None) -> Irregularity:
        kinds = [kind for kind in IRREGULARITY_MODELS if getattr(raw, kind) is not None]
        if len(kinds) != 1:
            raise self.error(
                location,
                "expected exactly one of penalty_card, lead_out_of_turn, premature, "
                "played_at_rho_turn, declarer_played_early, dummy_designation, failure_to_play, "
                "fifth_card or choice",
            )
        kind = kinds[0]
        where = f"{location}.{kind}"
        if raw.penalty_card is not None:
            return self._penalty_card(raw.penalty_card, where, by)
        if raw.lead_out_of_turn is not None:
            return self._lead_out_of_turn(raw.lead_out_of_turn, where, by)
        if raw.premature is not None:
            return self._premature(raw.premature, where, by)
        if raw.played_at_rho_turn is not None:
            return self._at_rho_turn(raw.played_at_rho_turn, where, by)
        if raw.declarer_played_early is not None:
            return self._declarer_early(raw.declarer_played_early, where, by)
        if raw.dummy_designation is not None:
            return self._designation(raw.dummy_designation, where, by)
        if raw.failure_to_play is not None:
            return self._failure(raw.failure_to_play, where, by)
        if raw.fifth_card is not None:
            return self._fifth_card(raw.fifth_card, where, by)
        assert raw.choice is not None, "one kind is given"
        return self._choice(raw.choice, where, by)

    # -- the parts every kind shares

    def _trick(self, number: int, location: str) -> int:
        """1 to 13, and at most the trick after the last one played (where play stopped, the
        Director just called)."""
        if not 1 <= number <= 13:
            raise self.error(location, f"there is no trick {number} (tricks are numbered 1 to 13)")
        if number > self.played + 1:
            why = self.builder.stop_note or f"every row holds {self.played} cards"
            raise self.error(
                location,
                f"play stopped after trick {self.played} ({why}): an irregularity is at trick "
                f"{self.played + 1} at the latest, the trick play stopped at",
            )
        return number

    def _held_card(self, seat: Seat, text: str, location: str) -> Card:
        card = self.builder._card(text, location)
        if card not in self.deal.hand(seat):
            holder = self._holder(card, location).full_name
            where = (
                f"it was dealt to {holder}"
                if self.builder.deal_given
                else f"{holder} holds it at the claim"
            )
            raise self.error(location, f"card {card} is not in {seat.full_name}'s hand ({where})")
        return card

    def _holder(self, card: Card, location: str) -> Seat:
        """The seat dealt the card; for a case given as its ending (no deal), the seat holding
        it at the claim. A card played before such a claim is in no hand: refused here."""
        try:
            return self.deal.holder(card)
        except ValueError:
            raise self.error(
                location,
                f"card {card} is in no hand at the claim (claim.position.hands): without deal, "
                "the play before the claim is not known, so a card played then cannot be named; "
                "give deal",
            ) from None

    def _defender(self, text: str, location: str, why: str) -> Seat:
        seat = self.builder._seat(text, location)
        if seat in (self.declarer, self.dummy):
            role = "declarer" if seat == self.declarer else "dummy"
            defenders = f"{self.declarer.lho} or {self.declarer.rho}"
            raise self.error(location, f"{seat.full_name} is {role}: {why}; expected {defenders}")
        return seat

    def _not_played_before(self, seat: Seat, card: Card, trick: int, location: str) -> None:
        """The card is still in its player's hand at the start of ``trick``: it is in no agreed
        trick before it, and not among the cards of his row if that row ends before it (a
        row's cards are hard facts; the order of an intact row is evidence and is not used)."""
        for number, agreed in self.agreed.items():
            if number < trick and card in agreed.cards:
                raise self.error(
                    location,
                    f"card {card} was played to trick {number} (play.tricks.{number}), before "
                    f"trick {trick}",
                )
        row = self.rows.get(seat)
        if row is None or card not in row.cards:
            return
        covered = len(row.cards) + (seat in self.builder.unplayed)
        if covered < trick:
            raise self.error(
                location,
                f"card {card} is in {seat.full_name}'s row (play.rows.{seat}), which ends at "
                f"trick {covered}: it was played before trick {trick}",
            )

    def _proper_leader(self, trick: int) -> tuple[Seat, str] | None:
        """Who had to lead ``trick``, with why, when the hard facts say: the opening leader of
        trick 1, the winner of the agreed trick before (44G)."""
        if trick == 1:
            return self.leader, "the opening leader"
        before = self.agreed.get(trick - 1)
        if before is None:
            return None
        why = f"the winner of trick {trick - 1}, play.tricks.{trick - 1}"
        return before.winner(self.trumps), why

    # -- the four kinds

    def _penalty_card(
        self, raw: RawPenaltyCard, location: str, by: Seat | Side | None
    ) -> PenaltyCard:
        seat = self._defender(
            raw.seat,
            f"{location}.seat",
            "declarer's and dummy's cards never become penalty cards (Law 48A)",
        )
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._trick(raw.trick, f"{location}.trick")
        how = _one_of(raw.how, EXPOSURES, f"{location}.how", self)
        declared = None
        if raw.class_ is not None:
            declared = _one_of(raw.class_, PENALTY_CLASSES, f"{location}.class", self)
        self._not_played_before(seat, card, trick, f"{location}.card")
        return PenaltyCard(seat, card, trick, how, declared_class=declared, by=by)

    def _lead_out_of_turn(
        self, raw: RawLeadOutOfTurn, location: str, by: Seat | Side | None
    ) -> LeadOutOfTurn:
        seat = self.builder._seat(raw.seat, f"{location}.seat")
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._trick(raw.trick, f"{location}.trick")
        response = None
        if raw.response is not None:
            response = _one_of(raw.response, RESPONSES, f"{location}.response", self)
        proper = self._proper_leader(trick)
        if proper is not None and proper[0] == seat:
            misinformed = (
                " (Law 47E1 takes back only a lead out of turn made on an opponent's wrong word "
                "that it was his lead)"
                if response == RETRACTED_MISINFORMED
                else ""
            )
            raise self.error(
                f"{location}.seat",
                f"{seat.full_name} was the proper leader of trick {trick} ({proper[1]}): his "
                f"lead is not out of turn{misinformed}",
            )
        if trick == 1 and seat.side is self.declarer.side:
            # Law 54E: the declaring side "leading" before the opening lead is no lead out of
            # turn with options to accept or refuse: Law 24 (a card exposed during the
            # auction period) applies, which this tool does not encode.
            raise self.error(
                f"{location}.seat",
                f"{seat.full_name} is of declarer's side: a card his side faces as the opening "
                "lead is not a lead out of turn (Law 54E sends it to Law 24, not encoded here); "
                "expected a defender",
            )
        if response == RETRACTED_MISINFORMED:
            self._agreed_only(by, location, "a lead out of turn taken back under Law 47E1")
            if raw.played_after:
                raise self.error(
                    f"{location}.played_after",
                    "a lead out of turn made on an opponent's wrong word that it was his lead "
                    "goes back and cannot be accepted (Law 47E1), so no play to it stands; "
                    "expected played_after left out, or another response",
                )
        if trick == 13 and response == "accepted" and self.edition >= 2017:
            raise self.error(
                f"{location}.response",
                "no lead out of turn is accepted at trick 13 under the 2017 Laws (Law 53A "
                "applies before the thirteenth trick); expected refused, or no response",
            )
        self._not_played_before(seat, card, trick, f"{location}.card")
        if raw.played_after:
            response = self._lead_played_after(seat, trick, response, location, by)
        return LeadOutOfTurn(
            seat, card, trick, response=response, by=by, played_after=raw.played_after
        )

    def _lead_played_after(
        self,
        seat: Seat,
        trick: int,
        response: Response | None,
        location: str,
        by: Seat | Side | None,
    ) -> Response:
        """Law 60A1: the offender's left-hand opponent played to the lead out of turn before
        rectification: the lead is accepted, at a trick that was played (that card is in
        it), and not at trick 13 under the 2017 Laws (no acceptance there: the card counts as
        played in turn anyway)."""
        what = "a lead out of turn played to by the non-offending side (Law 60A1)"
        self._agreed_only(by, location, what)
        current = self.builder.in_progress
        if current is not None and current.number == trick and len(current.cards) < 2:
            raise self.error(
                f"{location}.played_after",
                f"the trick in progress (play.tricks.{trick}) gives no card played after "
                f"{seat.full_name}'s lead; expected {seat.lho.full_name}'s card there too, or "
                "played_after left out",
            )
        if current is None or current.number != trick:
            # (at the trick in progress its cards say who played: ``check_in_progress``)
            self._played_trick(trick, f"{location}.trick", what)
        if response == "refused":
            raise self.error(
                f"{location}.response",
                f"{seat.lho.full_name} played to {seat.full_name}'s lead out of turn before "
                "rectification (played_after: true): the right to refuse it is forfeited "
                "(Law 60A1); expected accepted, or no response",
            )
        if trick == 13 and self.edition >= 2017:
            raise self.error(
                f"{location}.played_after",
                "a lead out of turn to trick 13 counts as played in turn under the 2017 Laws "
                "(Law 53A): there is no rectification to forfeit; expected played_after left "
                "out",
            )
        return "accepted"

    def _premature(self, raw: RawPremature, location: str, by: Seat | Side | None) -> PrematurePlay:
        seat = self._defender(
            raw.seat, f"{location}.seat", "a premature lead or play under Law 57A is a defender's"
        )
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._trick(raw.trick, f"{location}.trick")
        self._not_played_before(seat, card, trick, f"{location}.card")
        if raw.declarer_played_both_hands:
            self._check_57c1(seat, trick, f"{location}.declarer_played_both_hands")
        if raw.played_after:
            self._premature_played_after(raw, seat, trick, location, by)
        return PrematurePlay(
            seat,
            card,
            trick,
            by=by,
            exempt=raw.declarer_played_both_hands,
            played_after=raw.played_after,
        )

    def _premature_played_after(
        self, raw: RawPremature, seat: Seat, trick: int, location: str, by: Seat | Side | None
    ) -> None:
        """Law 60A1 after a premature card: only a lead to ``trick`` made before the
        partner had played to the trick before can be followed by the offender's left-hand
        opponent (to a card played too early to the current trick, he is its leader), so:
        not at trick 1, not with 57C1 (that card is a play, not a lead), at a trick that was
        played, and led by the offender where the case says who led it."""
        what = "a premature lead played to by the non-offending side (Law 60A1)"
        self._agreed_only(by, location, what)
        where = f"{location}.played_after"
        if raw.declarer_played_both_hands:
            raise self.error(
                where,
                "declarer_played_both_hands (Law 57C1) makes the card his play to that trick, "
                "not a lead made too early, which is all that Law 60A1 can forfeit here; "
                "expected one of the two",
            )
        if trick == 1:
            raise self.error(
                where,
                "at trick 1 a premature card is played to the trick, whose leader (on the "
                "offender's left) plays nothing after it: Law 60A1 applies only to a lead to "
                "the next trick made too early; expected played_after left out",
            )
        self._played_trick(trick, f"{location}.trick", what)
        known = self._known_leader(trick)
        if known is not None and known[0] != seat:
            raise self.error(
                where,
                f"{known[0].full_name} led to trick {trick} ({known[1]}): Law 60A1 applies "
                f"to {seat.full_name}'s premature card only as his own lead to that trick, "
                "made before his partner had played to the trick before",
            )

    def _at_rho_turn(
        self, raw: RawPlayAtRhoTurn, location: str, by: Seat | Side | None
    ) -> PlayAtRhoTurn:
        """Law 57D (2017 only): a defender's card played to a trick before declarer or dummy
        on his right, his partner having played: the trick was led by his partner or his
        left-hand opponent, and it was played (a card of his went to it). Agreed, or one
        side's account (``by``), with the same checks."""
        if self.edition < 2017:
            raise self.error(
                location,
                f"Law 57D (a defender's play at his right-hand opponent's turn) is in the 2017 "
                f"Laws only; under the {self.edition} Laws it is not applied; expected edition "
                "2017",
            )
        what = "a play at the right-hand opponent's turn (Law 57D)"
        seat = self._defender(
            raw.seat,
            f"{location}.seat",
            "a play at the right-hand opponent's turn under Law 57D is a defender's",
        )
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._played_trick(raw.trick, f"{location}.trick", what)
        self._not_played_before(seat, card, trick, f"{location}.card")
        self._check_57d_position(seat, trick, f"{location}.trick")
        return PlayAtRhoTurn(seat, card, trick, by=by)

    def _declarer_early(
        self, raw: RawDeclarerEarlyPlay, location: str, by: Seat | Side | None
    ) -> DeclarerEarlyPlay:
        """Law 57C3 (57C2 before 2017): declarer's card played (not led) from his hand or from
        dummy before that hand's turn, at a trick played: the trick was led by that hand's
        partner (it plays third, before the second hand) or by its left-hand opponent (it
        plays fourth). Messages name the sub-law of the case's edition."""
        law = f"Law {declarer_early_sub_law(self.edition)}"
        what = f"declarer's play before his turn ({law})"
        self._agreed_only(by, location, what)
        seat = self.builder._seat(raw.seat, f"{location}.seat")
        if seat.side != self.declarer.side:
            raise self.error(
                f"{location}.seat",
                f"{seat.full_name} is a defender: {law} is about declarer's own play, from "
                f"his hand or dummy's; expected {self.declarer} or {self.dummy} (a defender's "
                "early card is premature or played_at_rho_turn)",
            )
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._played_trick(raw.trick, f"{location}.trick", what)
        self._not_played_before(seat, card, trick, f"{location}.card")
        known = self._known_leader(trick)
        if known is not None and known[0] not in (seat.partner, seat.lho):
            raise self.error(
                f"{location}.trick",
                f"{known[0].full_name} led to trick {trick} ({known[1]}): {seat.full_name} "
                f"could not play before his turn there ({law} needs a trick led by "
                f"{seat.partner.full_name} or {seat.lho.full_name}: a card before the lead is a "
                "lead out of turn, and the second hand plays right after the lead)",
            )
        return DeclarerEarlyPlay(seat, card, trick, by=by)

    def _failure(
        self, raw: RawFailureToPlay, location: str, by: Seat | Side | None
    ) -> FailureToPlay:
        """Law 52 with declarer's choice pending: a defender's lead, to the trick play stopped
        at, of another card than his penalty card due (that it was due is the engines' to
        see, from the position at the stop)."""
        what = "a failure to play a penalty card with the choice pending (Law 52)"
        self._agreed_only(by, location, what)
        seat = self._defender(
            raw.seat,
            f"{location}.seat",
            "declarer's and dummy's cards never become penalty cards (Law 48A), so only a "
            "defender fails to play one",
        )
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._trick(raw.trick, f"{location}.trick")
        if trick != self.played + 1:
            raise self.error(
                f"{location}.trick",
                f"play stopped after trick {self.played}, so the lead pending a Law 52 choice "
                f"is to trick {self.played + 1}; at a trick that was played, record declarer's "
                "choice instead (choice: {law: 52, option: accept-play or reject-play})",
            )
        current = self.builder.in_progress
        if current is not None and current.leader != seat:
            return self._failure_in_trick(seat, card, current, location, by)
        proper = self._proper_leader(trick)
        if proper is not None and proper[0] != seat:
            raise self.error(
                f"{location}.seat",
                f"{proper[0].full_name} was to lead trick {trick} ({proper[1]}), not "
                f"{seat.full_name}; expected the defender who led instead of his penalty card "
                "(a lead by another player is a lead out of turn)",
            )
        self._not_played_before(seat, card, trick, f"{location}.card")
        return FailureToPlay(seat, card, trick, by=by)

    def _failure_in_trick(
        self,
        seat: Seat,
        card: Card,
        current: TrickInProgress,
        location: str,
        by: Seat | Side | None,
    ) -> FailureToPlay:
        """Law 52 pending at a card played, not led, to the trick in progress: it is the
        card that defender faced to it (``play.tricks``)."""
        faced = dict(current.seats())
        n = current.number
        if faced.get(seat) != card:
            given = (
                f"{seat.full_name} played {faced[seat]} to the trick in progress"
                if seat in faced
                else f"the trick in progress gives no card of {seat.full_name}'s"
            )
            raise self.error(
                f"{location}.card",
                f"{given} (play.tricks.{n}); expected the card he played to it instead of his "
                "penalty card",
            )
        return FailureToPlay(seat, card, n, by=by, followed=True)

    def _fifth_card(self, raw: RawFifthCard, location: str, by: Seat | Side | None) -> FifthCard:
        """Law 45E: a card added to a trick already complete, at a trick that was played; the
        card was still in its player's hand after that trick. ``how`` only for a defender's
        (inadvertent or deliberate; not said, it is exposed)."""
        what = "a fifth card added to a trick (Law 45E)"
        self._agreed_only(by, location, what)
        seat = self.builder._seat(raw.seat, f"{location}.seat")
        card = self._held_card(seat, raw.card, f"{location}.card")
        trick = self._played_trick(raw.trick, f"{location}.trick", what)
        self._not_played_before(seat, card, trick + 1, f"{location}.card")
        how: Exposure = "exposed"
        if raw.how is not None:
            if seat.side == self.declarer.side:
                raise self.error(
                    f"{location}.how",
                    f"{seat.full_name}'s fifth card goes back to the hand (Law 45E2: declarer's "
                    "and dummy's cards never become penalty cards, 48A), so how it was shown is "
                    "not read; expected no how",
                )
            how = _one_of(raw.how, FIFTH_CARD_HOWS, f"{location}.how", self)
        return FifthCard(seat, card, trick, by=by, how=how)

    def check_failure(self, fact: FailureToPlay, facts: list[Irregularity], location: str) -> None:
        """A pending Law 52 choice is the only thing pending at its lead: no lead out of turn
        and no Law 52 choice recorded at that trick, and one such lead only."""
        for other in facts:
            if other is fact or other.trick != fact.trick:
                continue
            if isinstance(other, FailureToPlay):
                why = "another failure_to_play at that trick: one card was led to it"
            elif isinstance(other, LeadOutOfTurn):
                why = "a lead out of turn to that trick too: one card was led to it"
            elif isinstance(other, Choice) and other.law.startswith("52"):
                why = (
                    f"a Law 52 choice recorded at that trick ({other.describe()}): the "
                    "choice is pending there, or made at a trick played"
                )
            else:
                continue
            raise self.error(location, f"{fact.describe()}: {why}")

    def _designation(
        self, raw: RawDummyDesignation, location: str, by: Seat | Side | None
    ) -> DummyDesignation:
        """Law 46B: declarer's incomplete designation of dummy's card at a trick played: "high",
        "low" or "win" (of the suit named, else of the suit led), a suit alone, a rank alone,
        or "play anything"."""
        what = "declarer's incomplete designation of dummy's card (Law 46B)"
        self._agreed_only(by, location, what)
        trick = self._played_trick(raw.trick, f"{location}.trick", what)
        said = _one_of(raw.said, (*DESIGNATION_WORDS, CARD_NOT_HELD), f"{location}.said", self)
        suit = -1 if raw.suit is None else self._suit(raw.suit, f"{location}.suit")
        rank = self._designated_rank(raw, said, suit, location)
        card = self._designated_card(raw, said, suit, trick, location)
        if said == "suit" and suit < 0:
            raise self.error(f"{location}.suit", "said: suit needs the suit named, like suit: H")
        if said == "anything" and suit >= 0:
            raise self.error(
                f"{location}.suit",
                'said: anything ("play anything", Law 46B5) names no suit; expected no suit '
                "(a suit named alone is said: suit)",
            )
        known = self._known_leader(trick)
        if said in ("high", "low", "win") and suit < 0 and known and known[0] == self.dummy:
            raise self.error(
                f"{location}.suit",
                f"{self.dummy.full_name} (dummy) led to trick {trick} ({known[1]}): {said} "
                "names no card there without a suit; expected the suit declarer named",
            )
        return DummyDesignation(self.dummy, trick, said, suit, by=by, rank=rank, card=card)

    def _designated_card(
        self, raw: RawDummyDesignation, said: str, suit: int, trick: int, location: str
    ) -> Card | None:
        """46B4: ``said: card`` names its card (and no suit), one dummy did not hold at that
        trick: another player's, or one of his that left his hand before it (so not in an
        agreed trick from that one on, and in his row when his row is given: a card of his
        never played he held throughout). No other word takes a card."""
        if said != CARD_NOT_HELD:
            if raw.card is not None:
                raise self.error(
                    f"{location}.card",
                    "a card is read only with said: card (a card named in full that dummy did "
                    f"not hold, Law 46B4); got said: {said}",
                )
            return None
        if raw.card is None:
            raise self.error(f"{location}.card", "said: card needs the card named, like card: HQ")
        if suit >= 0:
            raise self.error(
                f"{location}.suit",
                "said: card names its card in full (card: ...), so no suit; expected no suit",
            )
        card = self.builder._card(raw.card, f"{location}.card")
        if self._holder(card, f"{location}.card") != self.dummy:
            return card
        held = ""
        later = [n for n, agreed in self.agreed.items() if n >= trick and card in agreed.cards]
        row = self.rows.get(self.dummy)
        if later:
            held = f"he plays it to trick {later[0]} (play.tricks.{later[0]})"
        elif row is not None and card not in row.cards:
            held = f"it is not in his row (play.rows.{self.dummy}): he still held it at the end"
        if held:
            raise self.error(
                f"{location}.card",
                f"card {card} was in {self.dummy.full_name}'s hand at trick {trick}: {held}; a "
                "card dummy holds is played as named, and Law 46B4 reads a card he did not "
                "hold (another player's, or one of his played before that trick)",
            )
        return card

    def _designated_rank(
        self, raw: RawDummyDesignation, said: str, suit: int, location: str
    ) -> int:
        """46B3: ``said: rank`` names its rank (0 the two .. 12 the ace), and no suit (a rank
        with its suit is a card named in full); no other word takes a rank."""
        if said != "rank":
            if raw.rank is not None:
                raise self.error(
                    f"{location}.rank",
                    f"a rank is read only with said: rank (a rank named alone, Law 46B3); "
                    f"got said: {said}",
                )
            return -1
        if raw.rank is None:
            raise self.error(f"{location}.rank", "said: rank needs the rank named, like rank: Q")
        text = str(raw.rank).strip().upper()
        text = "T" if text == "10" else text
        if len(text) != 1 or text not in RANK_CHARS:
            raise self.error(
                f"{location}.rank", f"got {shown(raw.rank)} (expected A, K, Q, J, T or 10, 9 ... 2)"
            )
        if suit >= 0:
            card = Card.parse(f"{'SHDC'[suit]}{text}")
            raise self.error(
                f"{location}.suit",
                f"said: rank names a rank without a suit (Law 46B3); with suit {'SHDC'[suit]} it "
                f"names {card} in full, not an incomplete designation (a card named in full "
                f"that dummy did not hold is said: card, card: {card}, Law 46B4); expected no "
                "suit",
            )
        return RANK_CHARS.index(text)

    def _agreed_only(self, by: Seat | Side | None, location: str, what: str) -> None:
        """Refuse ``what`` as one side's account: the engines weigh it only when agreed."""
        if by is not None:
            raise self.error(
                location,
                f"{what} as one side's account is not weighed yet; give it under "
                "play.irregularities if both sides agree it",
            )

    def _played_trick(self, number: int, location: str, what: str) -> int:
        """``_trick``, and a trick that was played (a card went to it)."""
        trick = self._trick(number, location)
        if trick > self.played:
            raise self.error(
                location,
                f"play stopped after trick {self.played}: {what} is read at a trick that was "
                f"played, trick {self.played} at the latest",
            )
        return trick

    def _known_leader(self, trick: int) -> tuple[Seat, str] | None:
        """Who led ``trick``, with why, where the case says: its agreed trick (or the trick in
        progress), else the proper leader (``_proper_leader``)."""
        agreed = self._given(trick)
        if agreed is not None:
            return agreed.leader, f"play.tricks.{trick}"
        return self._proper_leader(trick)

    def _given(self, trick: int) -> AgreedTrick | TrickInProgress | None:
        """The agreed trick ``trick``, or the trick in progress when it is that one."""
        current = self.builder.in_progress
        if current is not None and current.number == trick:
            return current
        return self.agreed.get(trick)

    def check_in_progress(
        self, fact: Irregularity, facts: list[Irregularity], location: str
    ) -> None:
        """What is read at the trick in progress (``play.tricks`` with fewer than four cards):
        penalty cards lying, declarer's 50D2/51B choice before its lead, a lead out of turn
        to it, alone while its answer is pending, or with the cards its answer leaves
        (``_lead_in_progress``), and a premature card by the defender who plays fourth, his
        partner (second) not having played (57A), with his order when recorded; refused
        there, naming the fact: a lead out of turn the cards do not fit, a card led instead
        of a penalty card (Law 52), a premature card by another defender, the partner's card
        given before the order is recorded, and a card 57C1 leaves unrectified."""
        current = self.builder.in_progress
        if current is None or fact.trick != current.number:
            return
        n = current.number
        where = f"the trick in progress (play.tricks.{n})"
        why = None
        if isinstance(fact, LeadOutOfTurn):
            why = self._lead_in_progress(fact, facts, current)
        elif isinstance(fact, FailureToPlay) and not fact.followed:
            why = (
                f"a card led instead of a penalty card is given alone where play stopped, not "
                f"with {where}; expected play.tricks.{n} left out"
            )
        elif isinstance(fact, FailureToPlay) and any(
            isinstance(f, PrematurePlay) and f.trick == fact.trick for f in facts
        ):
            why = (
                f"a card played instead of a penalty card at {where}, where a card was also "
                "played too early (57A), is not read yet"
            )
        elif isinstance(fact, PrematurePlay):
            why = self._premature_in_progress(fact, facts, current)
        if why is not None:
            raise self.error(location, f"{fact.describe()}: {why}")

    def _lead_in_progress(
        self, fact: LeadOutOfTurn, facts: list[Irregularity], current: TrickInProgress
    ) -> str | None:
        """Why a lead out of turn to the trick in progress does not fit its cards, or None.
        Its answer still pending, the trick gives the card led out of turn alone, by its
        player (then nothing else is known of the trick: it is read as that lead where play
        stopped). Answered, the cards agree with the answer: accepted (a response, a play by
        the next hand, 60A1, a recorded 53A, 54 or 55 acceptance, or declarer's lead standing
        under 53C), the offender leads the trick with that card; refused, taken back (47E1),
        or overtaken by the proper leader's lead (53B), the proper leader leads it (53B: an
        opponent of the offender). Not read: a side's account of it, and one at trick 13
        under the 2017 Laws (no answer there)."""
        seat, card, n = fact.seat, fact.card, current.number
        alone = f'"{seat}: {card}"'
        if fact.by is not None:
            return (
                f"a lead out of turn to the trick in progress as one side's account is not "
                f"read; expected it under play.irregularities, or play.tricks.{n} left out"
            )
        if n == 13 and self.edition >= 2017:
            return (
                "a lead out of turn to trick 13 has no answer under the 2017 Laws (Law 53A "
                "applies before the thirteenth trick), and is not read with the trick in "
                f"progress; expected play.tricks.{n} left out"
            )
        answer = self._lead_answer(fact, facts)
        leads = current.leader == seat and current.cards[0] == card
        if answer is None:
            if leads and len(current.cards) == 1:
                return None
            if leads:
                return (
                    f"{seat.lho.full_name} played to it (play.tricks.{n}), which accepts the "
                    "lead (Law 53A): no answer is pending any more; expected response: "
                    "accepted (or played_after: true), or the lead alone while the answer is "
                    "pending"
                )
            return (
                f"with its answer pending, the trick in progress is the card led out of turn "
                f"alone ({alone}), but play.tricks.{n} gives {current.leader.full_name}'s lead "
                f"{current.cards[0]}; expected play.tricks.{n}: {alone}, or the answer given "
                "(response: accepted or refused, or the choice recorded) with the cards played "
                "after it"
            )
        if answer == "accepted":
            if leads:
                return None
            return (
                f"the lead accepted, {seat.full_name}'s {card} is the lead of trick {n}; "
                f"expected play.tricks.{n} to begin {alone}"
            )
        return self._proper_lead_in_progress(fact, answer, current)

    def _proper_lead_in_progress(
        self, fact: LeadOutOfTurn, answer: str, current: TrickInProgress
    ) -> str | None:
        """A lead out of turn to the trick in progress that did not stand (``answer``:
        refused, 47E1, 53B): the trick is led by the proper leader, an opponent of the
        offender for 53B, the winner of the trick before where the case gives it."""
        seat, n, leader = fact.seat, current.number, current.leader
        why = {
            "refused": "the lead refused",
            "proper-lead": "the proper leader having led anyway (Law 53B)",
            RETRACTED_MISINFORMED: "the lead taken back (Law 47E1)",
        }[answer]
        if leader == seat:
            return (
                f"{why}, the proper leader leads trick {n}, not {seat.full_name}; expected "
                f"play.tricks.{n} led by the proper leader"
            )
        proper = self._proper_leader(n)
        if proper is not None and proper[0] != leader:
            return (
                f"{why}, {proper[0].full_name} ({proper[1]}) leads trick {n}, not "
                f"{leader.full_name}; expected play.tricks.{n} led by {proper[0].full_name}"
            )
        if answer == "proper-lead" and leader.side == seat.side:
            return (
                f"{leader.full_name} is {seat.full_name}'s partner: Law 53B lets the proper "
                "leader's own lead stand only when he is an opponent of the offender; expected "
                "another answer"
            )
        return None

    def _lead_answer(self, fact: LeadOutOfTurn, facts: list[Irregularity]) -> str | None:
        """How a lead out of turn was answered, as far as the case says: ``accepted``
        (its response, a play to it by the next hand, a recorded 53A, 54A/B or 55A
        acceptance, or declarer's lead standing under 53C because the defender on the right
        of the hand he led from played to it first), ``refused``, ``proper-lead`` (53B),
        ``retracted-misinformed`` (47E1), or None while it is pending."""
        for other in facts:
            if not (isinstance(other, Choice) and other.trick == fact.trick):
                continue
            if other.law.startswith(LEAD_ANSWERS):
                if other.option in ("accept-lead", "declarer-becomes-dummy"):
                    return "accepted"
                return "refused" if other.option == "refuse-lead" else other.option
        if fact.response is not None:
            return fact.response
        stands = any(
            isinstance(other, PrematurePlay)
            and other.trick == fact.trick
            and other.seat == fact.seat.rho
            and fact.seat.side == self.declarer.side
            for other in facts
        )
        return "accepted" if stands else None

    def _premature_in_progress(
        self, fact: PrematurePlay, facts: list[Irregularity], current: TrickInProgress
    ) -> str | None:
        """Why a premature card at the trick in progress is not read there, or None: it must
        be a card played to it (not led) by the defender who plays fourth, before his partner
        (second to play) had played; the card lies as a penalty card, not in the trick, and
        the trick gives the partner's card only once declarer's 57A order is recorded (the
        offender's own card, fourth to play, cannot be among the cards faced)."""
        seat, n = fact.seat, current.number
        if fact.exempt:
            return (
                f"declarer_played_both_hands (Law 57C1) at the trick in progress is not read; "
                f"expected play.tricks.{n} left out, or no declarer_played_both_hands"
            )
        if current.leader != seat.lho:
            return (
                f"{current.leader.full_name} led trick {n} (play.tricks.{n}): at the trick in "
                "progress a premature card is read only as the fourth hand's play before his "
                f"partner, second to play; for {seat.full_name}, expected the trick led by "
                f"{seat.lho.full_name}, his left-hand opponent"
            )
        ordered = any(isinstance(f, Choice) and f.law == "57A" and f.trick == n for f in facts)
        if len(current.cards) > 1 and not ordered:
            return (
                f"{seat.partner.full_name}, his partner, had not played when he did, and "
                f"declarer's order on that card (57A) is not recorded: play.tricks.{n} gives "
                "the lead alone (with the order recorded, the cards played after it too)"
            )
        return None

    def _check_57d_position(self, seat: Seat, trick: int, location: str) -> None:
        """57D needs the partner to have played before the right-hand opponent's turn: the
        trick was led by the partner or by the left-hand opponent. Checked where the case says
        who led it (its agreed trick, else the proper leader)."""
        known = self._known_leader(trick)
        if known is None:
            return
        leader, why = known
        if leader in (seat.partner, seat.lho):
            return
        raise self.error(
            location,
            f"{leader.full_name} led to trick {trick} ({why}): {seat.full_name}'s partner had "
            f"not played before {seat.rho.full_name}'s turn there (Law 57D needs a trick led by "
            f"{seat.partner.full_name} or {seat.lho.full_name})",
        )

    def _check_57c1(self, seat: Seat, trick: int, location: str) -> None:
        """Law 57C1 exempts a defender who plays before his partner once declarer has played
        from both hands: in a trick led from declarer's or dummy's hand, that defender is the
        fourth hand (the leader's right), his partner second. Checked where the case says who
        led the trick (its agreed trick, else the proper leader)."""
        known = self._known_leader(trick)
        if known is None:
            return
        leader, why = known
        if leader.side == self.declarer.side and seat == leader.rho:
            return
        raise self.error(
            location,
            f"{leader.full_name} led to trick {trick} ({why}): {seat.full_name} cannot have "
            "played before his partner after declarer had played from both hands (Law 57C1 "
            "concerns the defender on the right of declarer's or dummy's lead); expected "
            "no declarer_played_both_hands",
        )

    def _choice(self, raw: RawChoice, location: str, by: Seat | Side | None) -> Choice:
        trick = self._trick(raw.trick, f"{location}.trick")
        chooser = self.builder._seat(raw.by, f"{location}.by")
        spelled = _law_spelling(str(raw.law))
        law = _LAW_SPELLINGS.get(spelled)
        if spelled in _LAW54_LETTERS:
            law = "54"
            if str(raw.option).strip().lower() != _LAW54_LETTERS[spelled]:
                raise self.error(
                    f"{location}.option",
                    f"got {shown(raw.option)}, which Law {spelled} does not give; expected "
                    f"{_LAW54_LETTERS[spelled]} (or law: 54 with any of "
                    f"{_listing(CHOICE_OPTIONS['54'])})",
                )
        if law is None:
            raise self.error(
                f"{location}.law",
                f"got {shown(raw.law)}; expected a law that gives a choice during play: "
                f"{_listing(tuple(CHOICE_OPTIONS))}",
            )
        options = CHOICE_OPTIONS[law]
        option = str(raw.option).strip().lower()
        if option not in options:
            raise self.error(
                f"{location}.option",
                f"got {shown(raw.option)}, which Law {law} does not give; "
                f"expected {_listing(options)}",
            )
        if option == "partner-play-suit" and self.edition < 2017:
            raise self.error(
                f"{location}.option",
                f"partner-play-suit is an option of the 2017 Laws only; under the "
                f"{self.edition} Laws Law 57A gives "
                f"{_listing(tuple(o for o in options if o != option))}",
            )
        suits = self._choice_suits(raw, option, location)
        card = self._choice_card(raw, law, option, location)
        if option in ("partner-play-suit", "partner-not-suit"):
            self._check_order_suit(trick, option, suits, location)
        choice = Choice(trick, chooser, law, option, suits=suits, card=card, by=by)
        if law.startswith(("45", "46", "47")):
            self._card_choice(choice, location)
        return choice

    def _check_order_suit(
        self, trick: int, option: str, suits: tuple[int, ...], location: str
    ) -> None:
        """A 57A order naming a suit names another than the suit led to the trick it binds,
        where an agreed trick says which: the premature card's trick, or, when a defender led
        that trick (his card a lead to it made too early), the trick before."""
        bound = trick
        led = self._given(trick)
        if led is not None and led.leader.side != self.declarer.side:
            bound = trick - 1
            led = self._given(bound)
        if led is not None and suits == (led.cards[0].suit_index,):
            suit = suits[0]
            raise self.error(
                f"{location}.suit",
                f"{SUIT_NAMES[suit]} were led to trick {bound} (play.tricks.{bound}): "
                f"{option} names another suit (partner must follow suit anyway)",
            )

    def _choice_suits(self, raw: RawChoice, option: str, location: str) -> tuple[int, ...]:
        if option in ONE_SUIT_OPTIONS:
            if raw.suits is not None:
                raise self.error(f"{location}.suits", f"{option} names one suit: write suit: S")
            if raw.suit is None:
                raise self.error(f"{location}.suit", f"{option} needs the suit, like suit: S")
            return (self._suit(raw.suit, f"{location}.suit"),)
        if option in SUITS_OPTIONS:
            if raw.suit is not None and raw.suits is not None:
                raise self.error(f"{location}.suits", "give suit or suits, not both")
            if raw.suit is None and raw.suits is None:
                raise self.error(
                    f"{location}.suits", f"{option} needs the suits, like suits: [S, H]"
                )
            if raw.suit is not None:
                return (self._suit(raw.suit, f"{location}.suit"),)
            assert raw.suits is not None
            tokens = (
                [t for t in re.split(r"[\s,]+", raw.suits) if t]
                if isinstance(raw.suits, str)
                else [str(t) for t in raw.suits]
            )
            if len(tokens) == 1 and len(tokens[0]) > 1:
                tokens = list(tokens[0])  # "SH"
            suits = tuple(self._suit(t, f"{location}.suits") for t in tokens)
            if not suits or len(set(suits)) != len(suits):
                raise self.error(
                    f"{location}.suits",
                    f"got {shown(raw.suits)}; expected one or more different suits",
                )
            return suits
        for name in ("suit", "suits"):
            if getattr(raw, name) is not None:
                raise self.error(f"{location}.{name}", f"{option} names no suit")
        return ()

    def _choice_card(self, raw: RawChoice, law: str, option: str, location: str) -> Card | None:
        if option_names(law, option) != "card":
            if raw.card is not None:
                raise self.error(f"{location}.card", f"{option} names no card")
            return None
        if raw.card is None:
            raise self.error(f"{location}.card", f"{option} needs the card, like card: SQ")
        card = self.builder._card(raw.card, f"{location}.card")
        holder = self._holder(card, f"{location}.card")
        if option == "designate-penalty-card" and holder in (self.declarer, self.dummy):
            raise self.error(
                f"{location}.card",
                f"card {card} is {holder.full_name}'s: a penalty card is a defender's",
            )
        return card

    def _suit(self, text: str, location: str) -> int:
        cleaned = str(text).strip().upper()
        if cleaned not in ("S", "H", "D", "C"):
            raise self.error(location, f"got {shown(text)} (expected S, H, D or C)")
        return "SHDC".index(cleaned)

    def check_chooser(self, choice: Choice, facts: list[Irregularity], location: str) -> None:
        """The player the law names makes the choice; dummy makes none."""
        chooser, law = choice.chooser, choice.law
        declarer = f"declarer ({self.declarer})"
        defenders = f"a defender ({self.declarer.lho} or {self.declarer.rho})"
        if law in DECLARER_CHOOSES:
            if chooser != self.declarer:
                raise self.error(
                    location,
                    f"Law {law} gives the choice to {declarer}, not {chooser.full_name}",
                )
            return
        if chooser == self.dummy:
            raise self.error(
                location, f"{chooser.full_name} is dummy, who makes no choice under Law {law}"
            )
        offender = next(
            (
                f.seat
                for f in facts
                if isinstance(f, LeadOutOfTurn)
                and f.trick == choice.trick
                and (f.by is None or _side(f.by) == _side(choice.by))
            ),
            None,
        )
        defender_chooses = law == "55A" or (
            law in ("53A", "53B") and offender in (self.declarer, self.dummy)
        )
        if defender_chooses and chooser == self.declarer:
            why = "declarer's lead out of turn" if law == "55A" else f"{offender}'s lead"
            raise self.error(
                location, f"Law {law} gives the choice to {defenders} for {why}, not declarer"
            )
        if law in ("53A", "53B") and offender is not None and offender.side == chooser.side:
            raise self.error(
                location,
                f"Law {law} gives the choice to an opponent of {offender.full_name}, who led out "
                f"of turn to trick {choice.trick}; expected "
                f"{declarer if offender.side != self.declarer.side else defenders}",
            )

    def check_situation(self, choice: Choice, facts: list[Irregularity], location: str) -> None:
        """A choice the case records answers an irregularity the case gives: a lead out of
        turn to that trick (53, 54, 55, 56), or a premature card led or played to it that is
        rectified (57A, not 57C1). Recorded with nothing to answer, it would be left
        unapplied: an error, never a silent skip. (A 50D, 51 or 52 choice answers a penalty
        card that may come from the play itself; the engines hold every history to it. A 52
        choice is made at a trick played: where play stopped the failure is pending.)"""
        law, trick = choice.law, choice.trick
        if law == "52" and trick > self.played:
            raise self.error(
                location,
                f"{choice.describe()}: play stopped after trick {self.played}, so no card was "
                f"yet accepted or rejected at trick {trick}, and the choice would answer "
                "nothing (it is recorded at a trick played); expected the wrong card as "
                f"failure_to_play at trick {self.played + 1}, declarer's choice pending",
            )
        if law.startswith(LEAD_ANSWERS):
            needed = "a lead out of turn to that trick (play.irregularities: lead_out_of_turn)"
            found = any(isinstance(f, LeadOutOfTurn) and f.trick == trick for f in facts)
        elif law == "57A":
            needed = (
                "a premature lead or play to that trick that is rectified (premature, without "
                "declarer_played_both_hands); the order is recorded at the trick of the "
                "premature card"
            )
            found = any(
                isinstance(f, PrematurePlay)
                and f.trick == trick
                and not f.exempt
                and not f.played_after
                for f in facts
            )
        else:
            return
        forfeited = next(
            (
                f
                for f in facts
                if isinstance(f, LeadOutOfTurn) and f.trick == trick and f.played_after
            ),
            None,
        )
        retracted = next(
            (
                f
                for f in facts
                if isinstance(f, LeadOutOfTurn)
                and f.trick == trick
                and f.response == RETRACTED_MISINFORMED
            ),
            None,
        )
        if retracted is not None and law != "57A":
            raise self.error(
                location,
                f"{choice.describe()}: {retracted.seat.full_name}'s lead out of turn to trick "
                f"{trick} went back because an opponent had told him it was his lead (Law "
                "47E1): it cannot be accepted, and there is no choice to record; expected no "
                "choice under Laws 53 to 56 at that trick",
            )
        if forfeited is not None and law != "57A" and choice.option != "accept-lead":
            raise self.error(
                location,
                f"{choice.describe()}: {forfeited.seat.lho.full_name} played to the lead out "
                f"of turn to trick {trick} before rectification (played_after: true), so it "
                "stands, accepted (Law 60A1; a proper leader's own lead instead is no play to "
                "it, Law 53B); expected accept-lead, or no choice",
            )
        if not found:
            raise self.error(
                location,
                f"{choice.describe()}: the case gives no irregularity that Law {law} answers "
                f"at trick {trick}; expected {needed}",
            )

    # -- choices that name a card withdrawn or picked (45C4(b), 46B, 47E2); 47E1 --------------

    def _card_choice(self, choice: Choice, location: str) -> None:
        """The choices of Laws 45C4(b), 46B, 47E1 and 47E2, agreed only. 47E1's names no card (the
        lead out of turn it answers does: ``misinformed_turns``) and is the 2007 code's. The
        others are made at a trick that was played, and name a card of the right player: a
        card withdrawn (45C4(b): dummy's card named by declarer's slip, or the card of the
        opponent who played after it; 47E2: the player's own, declarer's from either hand)
        was still in that hand at the start of the trick and is not the card an agreed
        trick gives that player there (it went back, another was played); a card picked
        for dummy (46B) is dummy's, not played before."""
        law, option, trick = choice.law, choice.option, choice.trick
        what = f"a choice under Law {law} ({option})"
        self._agreed_only(choice.by, location, what)
        if law == "47E1":
            if self.edition >= 2017:
                raise self.error(
                    f"{location}.option",
                    "retract-misinformed-turn is the offender's option under the 2007 code (a "
                    "lead out of turn made on an opponent's wrong word may be retracted, Law "
                    "47E1); under the 2017 Laws it is retracted without a choice: give the lead "
                    "out of turn with response: retracted-misinformed, and no choice",
                )
            return
        self._played_trick(trick, f"{location}.trick", what)
        assert choice.card is not None, "these options name a card"
        card, chooser = choice.card, choice.chooser
        holder = self._holder(card, f"{location}.card")
        expected, why = self._card_owner(choice)
        if holder not in expected:
            owners = " or ".join(f"{seat.full_name}'s" for seat in expected)
            raise self.error(
                f"{location}.card",
                f"card {card} is {holder.full_name}'s: {why}; expected a card of {owners}",
            )
        declarer_chooses = option == "correct-designation" or law in DECLARER_CHOOSES
        if declarer_chooses != (chooser == self.declarer) and option != "retract-misexplained":
            who = "declarer" if declarer_chooses else "a defender"
            expected_by = (
                str(self.declarer)
                if declarer_chooses
                else f"{self.declarer.lho} or {self.declarer.rho}"
            )
            raise self.error(
                f"{location}.by",
                f"{option} under Law {law} is {who}'s choice; expected {expected_by}, not "
                f"{chooser.full_name}",
            )
        if law.startswith("46B"):
            self._not_played_before(holder, card, trick, f"{location}.card")
            return
        known = self._known_leader(trick) if option == "replace-own-card" else None
        if known is not None and self._before_dummy(chooser, known[0]):
            raise self.error(
                f"{location}.by",
                f"{known[0].full_name} led to trick {trick} ({known[1]}): {chooser.full_name} "
                f"played before dummy there, not after the card declarer's slip named (Law "
                f"45C4(b)); expected the opponent who played after dummy",
            )
        self._not_played_before(holder, card, trick, f"{location}.card")
        agreed = self.agreed.get(trick)
        if agreed is not None and card in agreed.cards:
            raise self.error(
                f"{location}.card",
                f"card {card} is {holder.full_name}'s card to trick {trick} in "
                f"play.tricks.{trick}, but the choice says it went back to his hand (Law "
                f"{law}), another card being played to that trick in its place; expected the "
                "card withdrawn",
            )

    def _before_dummy(self, seat: Seat, leader: Seat) -> bool:
        """In a trick led by ``leader``, does ``seat`` play before dummy (or is he dummy)?"""
        return (seat.index - leader.index) % 4 <= (self.dummy.index - leader.index) % 4

    def _card_owner(self, choice: Choice) -> tuple[tuple[Seat, ...], str]:
        """Whose card a 45C4(b), 46B or 47E2 choice names, and why."""
        option, chooser = choice.option, choice.chooser
        if option == "correct-designation":
            return (self.dummy,), (
                "declarer corrects a designation of a card of dummy's (Law 45C4(b)), and the "
                "card named is the one his slip of the tongue named"
            )
        if option == "replace-own-card":
            return (chooser,), (
                f"{chooser.full_name} withdraws his own card after declarer's correction (Law "
                "45C4(b))"
            )
        if option.endswith("picks-card"):
            return (self.dummy,), f"the card picked under Law {choice.law} is dummy's"
        if chooser == self.declarer:
            return (self.declarer, self.dummy), (
                "declarer retracts a card he played, from his hand or from dummy (Law 47E2)"
            )
        return (chooser,), f"{chooser.full_name} retracts a card he played (Law 47E2)"

    def _check_once(
        self, choice: Choice, facts: list[Irregularity], location: str, why: str
    ) -> None:
        """Refuse, saying ``why``, a choice the case records a second time at its trick."""
        law, option, trick = choice.law, choice.option, choice.trick
        same = [
            f
            for f in facts
            if isinstance(f, Choice) and f.trick == trick and (f.law, f.option) == (law, option)
        ]
        if same[0] is not choice:
            raise self.error(
                location,
                f"{choice.describe()}: the case records {option} under Law {law} at trick "
                f"{trick} twice; {why}",
            )

    def check_answered(self, choice: Choice, facts: list[Irregularity], location: str) -> None:
        """What a 45C4(b) or 46B choice answers is given at its trick: an opponent's
        replacement follows declarer's correction there; declarer's pick of dummy's card
        follows a call of dummy's card there that left it to him (46B3(b) a rank alone, 46B4
        a call that names no card he may play: not "play anything"), a defender's pick
        "play anything" (46B5). One such choice of each kind a trick; and one Law 52
        acceptance a trick (52B1), though two defenders may each play another card than a
        penalty card due at one trick: the engines let one card a trick leave a penalty card
        unplayed, so a second acceptance is refused rather than dropped."""
        law, option, trick = choice.law, choice.option, choice.trick
        if law.startswith("52") and option == "accept-play":
            self._check_once(
                choice,
                facts,
                location,
                "two cards played instead of a penalty card at one trick, each accepted (52B1), "
                "are not read yet; expected one acceptance a trick",
            )
            return
        if not law.startswith(("45", "46B")):
            return
        self._check_once(choice, facts, location, "expected it once")
        if option == "correct-designation":
            return
        if option == "replace-own-card":
            missing = (
                f"correction of declarer's designation of dummy's card at trick {trick}: an "
                "opponent withdraws his card under Law 45C4(b) only after that correction"
            )
            needed = "choice: {law: 45C4(b), option: correct-designation} at that trick"
            found = any(
                isinstance(f, Choice) and f.trick == trick and f.option == "correct-designation"
                for f in facts
            )
        else:
            calls = {
                "46B5": ("anything",),
                "46B3(b)": ("rank",),
                "46B4": ("high", "low", "suit", "win", "rank", CARD_NOT_HELD),
            }[law]
            missing = (
                f"call of dummy's card at trick {trick} after which Law {law} gives that choice"
            )
            needed = f"a dummy_designation at that trick with said: {_listing(calls)}"
            found = any(
                isinstance(f, DummyDesignation) and f.trick == trick and f.said in calls
                for f in facts
            )
        if not found:
            raise self.error(
                location, f"{choice.describe()}: the case gives no {missing}; expected {needed}"
            )

    def check_one_penalty_card(self, facts: list[Irregularity], locations: list[str]) -> None:
        """An agreed penalty card is given once: not twice at the same trick (the same entry
        twice, or with another ``how`` or ``class``: a card is one penalty card, of one
        class), and not besides a refused lead out of turn of the same defender's card at
        the same trick (``response: refused`` or a recorded ``refuse-lead``), which already
        makes it his major penalty card from that trick. Either would leave the reader to
        guess which entry holds. Sides' accounts are evidence, and are not checked here."""
        given: dict[tuple[Seat, Card, int], tuple[Irregularity, str]] = {}
        refused = {
            fact.trick
            for fact in facts
            if isinstance(fact, Choice) and fact.by is None and fact.option == "refuse-lead"
        }
        for fact, location in zip(facts, locations, strict=True):
            if fact.by is not None:
                continue
            if isinstance(fact, PenaltyCard):
                where = f"{location}.penalty_card"
            elif (
                isinstance(fact, LeadOutOfTurn)
                and (fact.response == "refused" or fact.trick in refused)
                and fact.seat not in (self.declarer, self.dummy)
            ):
                where = f"{location}.lead_out_of_turn"
            else:
                continue
            key = (fact.seat, fact.card, fact.trick)
            if key not in given:
                given[key] = (fact, where)
                continue
            other, other_where = given[key]
            card = f"{fact.seat.full_name}'s {fact.card}"
            if isinstance(fact, PenaltyCard) and isinstance(other, PenaltyCard):
                same = "identical"
                if fact != other:
                    same = _penalty_card_difference(other, fact)
                raise self.error(
                    where,
                    f"{card} is given as a penalty card from trick {fact.trick} twice, here and "
                    f"in {other_where} ({same}); expected each penalty card once, with one how "
                    "and one class",
                )
            pc_where, loot_where = (
                (other_where, "here") if isinstance(other, PenaltyCard) else ("here", other_where)
            )
            raise self.error(
                where,
                f"{card} is given as a penalty card from trick {fact.trick} ({pc_where}) and "
                f"as a lead out of turn to trick {fact.trick}, refused ({loot_where}), which "
                "already makes it his major penalty card from that trick; expected one of the "
                "two: the refused lead alone, or the penalty card alone if the lead was not "
                "refused",
            )

    def misinformed_turns(
        self, facts: list[Irregularity], locations: list[str]
    ) -> list[Irregularity]:
        """Law 47E1 in the 2007 code: the offender's choice ``retract-misinformed-turn`` says
        he took back a lead out of turn made on an opponent's wrong word that it was his
        lead, which the lead's ``response: retracted-misinformed`` says too: the lead out of
        turn it answers (agreed, at its trick, by the chooser or, from dummy's hand, by
        declarer; not accepted, refused or played to) is given that response, and read as
        any such lead."""
        out = list(facts)
        for fact, location in zip(facts, locations, strict=True):
            if not (isinstance(fact, Choice) and fact.law == "47E1"):
                continue
            where = f"{location}.choice"
            index = next(
                (
                    i
                    for i, lead in enumerate(out)
                    if isinstance(lead, LeadOutOfTurn) and lead.trick == fact.trick
                ),
                None,
            )
            if index is None:
                raise self.error(
                    f"{where}.trick",
                    f"{fact.describe()}: the case gives no lead out of turn to trick "
                    f"{fact.trick} for Law 47E1 to take back; expected one (play.irregularities: "
                    "lead_out_of_turn at that trick)",
                )
            lead = out[index]
            assert isinstance(lead, LeadOutOfTurn)
            offender = self.declarer if lead.seat == self.dummy else lead.seat
            if fact.chooser != offender:
                raise self.error(
                    f"{where}.by",
                    f"Law 47E1 lets the player who led out of turn take his lead back: "
                    f"{lead.seat.full_name} led to trick {fact.trick}; expected by: {offender}",
                )
            clash = ""
            if lead.by is not None:
                clash = f"the lead out of turn is {lead.by}'s account, not agreed"
            elif lead.played_after:
                clash = (
                    "the lead out of turn was played to before rectification (played_after, "
                    "Law 60A1), and a lead taken back is played to by nobody"
                )
            elif lead.response not in (None, RETRACTED_MISINFORMED):
                clash = (
                    f"the lead out of turn is given as {lead.response}, and a lead taken back "
                    "under Law 47E1 is neither accepted nor refused"
                )
            if clash:
                raise self.error(where, f"{fact.describe()}: {clash}; expected one of the two")
            out[index] = dataclasses.replace(lead, response=RETRACTED_MISINFORMED)
        return out


def _penalty_card_difference(first: PenaltyCard, second: PenaltyCard) -> str:
    """How two entries of one penalty card differ, for the message refusing the second."""
    parts = []
    if first.how != second.how:
        parts.append(f"how: {first.how} there, {second.how} here")
    if first.declared_class != second.declared_class:
        there = first.declared_class or "not given"
        here = second.declared_class or "not given"
        parts.append(f"class: {there} there, {here} here")
    return ", ".join(parts) or "given differently"


def _short_trick(given: int, played: int, rows: bool) -> str:
    """Why an agreed trick of ``given`` cards is refused (four are expected; fewer only in the
    trick play stopped in, after the rows' tricks)."""
    expected = f"{given} cards (expected 4, leader's card first"
    if not 0 < given < 4:
        return f"{expected})"
    if not rows:
        return (
            f"{expected}; fewer are read only in the trick play stopped in, and without "
            "play.rows play is taken as complete)"
        )
    return (
        f"{expected}; only the trick play stopped in, trick {played + 1}, may give fewer: "
        "the cards already faced to it)"
    )


def _side(owner: Seat | Side | None) -> Side | None:
    return owner.side if isinstance(owner, Seat) else owner


def _listing(values: tuple[str, ...]) -> str:
    """``a, b or c``."""
    if len(values) == 1:
        return values[0]
    return f"{', '.join(values[:-1])} or {values[-1]}"


def _one_of(value: str, allowed: tuple[_T, ...], location: str, reader: _IrregularityReader) -> _T:
    cleaned = str(value).strip().lower()
    for name in allowed:
        if name == cleaned:
            return name
    raise reader.error(location, f"got {shown(value)} (expected {_listing(tuple(allowed))})")
