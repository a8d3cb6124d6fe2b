"""Irregularities during the play (Laws 45-60): what happened, as facts of the case.

These are the facts as the case file gives them. What the Laws then require of the offender
and allow the other side (the obligations) lives in ``solver.laws``; which card is a major or a
minor penalty card is decided there too (Law 50B), not here, since it depends on the edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from solver.bridge import Card, Seat, Side
from solver.bridge.cards import RANK_CHARS

Exposure = Literal[
    "inadvertent", "deliberate", "lead-out-of-turn", "premature", "second-card", "exposed"
]
"""How a defender's card came to lie face up (Laws 49, 50B, 57A, 58B)."""

EXPOSURES: tuple[Exposure, ...] = (
    "inadvertent",
    "deliberate",
    "lead-out-of-turn",
    "premature",
    "second-card",
    "exposed",
)

PenaltyClass = Literal["major", "minor"]

Response = Literal["accepted", "refused", "retracted-misinformed"]
"""What became of a lead out of turn: accepted or refused by the side entitled to choose
(Laws 53-56), or taken back because an opponent had wrongly told its player it was his lead
(``RETRACTED_MISINFORMED``, Law 47E1: no penalty card, no acceptance)."""

RETRACTED_MISINFORMED: Response = "retracted-misinformed"


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's card lying face up before him, unplayed (Law 50)."""

    seat: Seat
    card: Card
    trick: int
    """The first trick (from 1) at whose start the card lies on the table: its obligations
    begin with that trick."""
    how: Exposure
    declared_class: PenaltyClass | None = None
    """``class:`` in the case file: the director's own classification, which overrides Law
    50B's (a judgement, shown as an assumption)."""
    by: Seat | Side | None = None
    """None when agreed; otherwise the side or player whose account this is."""

    def describe(self) -> str:
        return (
            f"{self.seat} {self.card} lies as a penalty card from trick {self.trick} ({self.how})"
        )


@dataclass(frozen=True, slots=True)
class LeadOutOfTurn:
    """A lead by a player who was not the proper leader (Laws 53-56)."""

    seat: Seat
    card: Card
    trick: int
    response: Response | None = None
    """None when the choice has not been made yet (the director was just called)."""
    by: Seat | Side | None = None
    played_after: bool = False
    """The offender's left-hand opponent, of the side that did not offend, played to the
    lead before any rectification was assessed: the right to refuse it is forfeited, and the
    lead stands as though in turn (Law 60A1); ``response`` is then ``accepted``."""

    def describe(self) -> str:
        state: str = self.response or "choice pending"
        if self.response == RETRACTED_MISINFORMED:
            state = "taken back: an opponent had told him it was his lead"
        if self.played_after:
            state = "played to by his left-hand opponent: accepted"
        return f"{self.seat} led {self.card} out of turn to trick {self.trick} ({state})"


@dataclass(frozen=True, slots=True)
class PrematurePlay:
    """A defender led or played before his partner had played (Law 57A)."""

    seat: Seat
    card: Card
    trick: int
    """The trick to which the card was led or played too early."""
    by: Seat | Side | None = None
    exempt: bool = False
    """Declarer had already played from both hands (dummy's card counting once named) when
    the defender played before his partner: Law 57C1 leaves it unrectified, the card simply
    played to that trick."""
    played_after: bool = False
    """The card was a lead to ``trick`` made before his partner had played to the trick
    before, and his left-hand opponent played to it before any rectification was assessed:
    the rectification is forfeited and the lead counts as made in turn (Law 60A1)."""

    def describe(self) -> str:
        after = " after declarer had played from both hands" if self.exempt else ""
        if self.played_after:
            after = ", his left-hand opponent playing to it before rectification"
        return f"{self.seat} played {self.card} prematurely to trick {self.trick}{after}"


@dataclass(frozen=True, slots=True)
class _CardAtTrick:
    """A card of one player at one trick: the fields the facts below share."""

    seat: Seat
    card: Card
    trick: int
    by: Seat | Side | None = None


@dataclass(frozen=True, slots=True)
class PlayAtRhoTurn(_CardAtTrick):
    """A defender played (not led) ``card`` to ``trick`` after his partner but before his
    right-hand opponent, declarer or dummy, had played to it (Law 57D)."""

    def describe(self) -> str:
        return (
            f"{self.seat} played {self.card} to trick {self.trick} before his right-hand "
            "opponent had played"
        )


@dataclass(frozen=True, slots=True)
class DeclarerEarlyPlay(_CardAtTrick):
    """Declarer played (not led) ``card`` from his own hand or from dummy (``seat``: the hand
    it came from) to ``trick`` before that hand's turn there: a player whose turn came first
    had not yet played (Law 57C3; 57C2 before 2017: ``declarer_early_sub_law``)."""

    def describe(self) -> str:
        return f"{self.seat} played {self.card} to trick {self.trick} before his turn"


def declarer_early_sub_law(edition: int) -> str:
    """The sub-law of declarer's premature play: 57C3 in the 2017 code, which split the
    defender's exemptions in two (C1 declarer has played from both hands, C2 dummy played or
    suggested a card); 57C2 in the 2007 code, whose C1 holds both exemptions (read from its
    Norwegian translation). The older codes are read as the 2007 one. Here, with the fact,
    because the case reader names it in its messages and Law 57's module in its rulings.

    >>> declarer_early_sub_law(2017), declarer_early_sub_law(2007)
    ('57C3', '57C2')
    """
    return "57C3" if edition >= 2017 else "57C2"


@dataclass(frozen=True, slots=True)
class FailureToPlay(_CardAtTrick):
    """A defender led another card (``card``, the wrong card) to the trick where play stopped
    (``trick``) while a penalty card of his was due (Law 52), or played it to that trick, its
    trick in progress, following (``followed``); declarer has not chosen yet between
    accepting that card (52B1) and requiring the penalty card instead (52B2). A choice already
    made is a ``Choice`` under Law 52 at a trick played."""

    followed: bool = False

    def describe(self) -> str:
        verb = "played" if self.followed else "led"
        return (
            f"{self.seat} {verb} {self.card} to trick {self.trick} while a penalty card of his "
            "was due (Law 52, choice pending)"
        )


@dataclass(frozen=True, slots=True)
class FifthCard(_CardAtTrick):
    """A player added ``card`` to ``trick`` after its four cards had been played (Law 45E),
    and the Director did not deem it a lead. ``how`` says how a defender's came to be shown
    (``inadvertent``, ``deliberate``, or ``exposed`` when the case does not say)."""

    how: Exposure = "exposed"

    def describe(self) -> str:
        return f"{self.seat} added {self.card} to trick {self.trick} as a fifth card"


DesignationWord = Literal["high", "low", "suit", "win", "rank", "anything", "card"]
"""What declarer said in place of a full designation of dummy's card (Law 46B): "high",
"low" and "win" (46B1), a suit alone (46B2), a rank alone (46B3), "play anything" (46B5); or
(``CARD_NOT_HELD``) a card named in full that dummy did not hold (46B4)."""

DESIGNATION_WORDS: tuple[DesignationWord, ...] = ("high", "low", "suit", "win", "rank", "anything")
"""The incomplete designations (46B1-46B3, 46B5)."""

CARD_NOT_HELD: DesignationWord = "card"
"""``said: card``: an invalid designation, a card named in full that dummy did not hold at that
trick (never dealt it, or already played it): void, declarer designates another (46B4)."""


@dataclass(frozen=True, slots=True)
class DummyDesignation:
    """Declarer named dummy's card incompletely at a trick: "high", "low", "win", a suit
    alone, a rank alone, or "play anything" (then a defender chose the card) (Law 46B)."""

    seat: Seat
    """Dummy."""
    trick: int
    said: DesignationWord
    suit: int = -1
    """The suit he named (0 spades .. 3 clubs), or -1 when he named none ("high", "low",
    "win" of the suit led)."""
    by: Seat | Side | None = None
    rank: int = -1
    """``said == "rank"``: the rank he named, 0 (the two) to 12 (the ace); else -1."""
    card: Card | None = None
    """``said == "card"`` (``CARD_NOT_HELD``): the card he named, which dummy did not hold at
    that trick (46B4); else None."""

    def describe(self) -> str:
        named = f" {'SHDC'[self.suit]}" if self.suit >= 0 else ""
        if self.said == CARD_NOT_HELD:
            return (
                f"declarer called {self.card}, a card {self.seat} did not hold, for his card at "
                f"trick {self.trick}"
            )
        if self.said == "rank":
            return (
                f"declarer called the {RANK_CHARS[self.rank]} (no suit) for {self.seat}'s card "
                f"at trick {self.trick}"
            )
        if self.said == "anything":
            return (
                f'declarer said "play anything" for {self.seat}\'s card at trick {self.trick}: '
                "a defender chose it"
            )
        return f"declarer called {self.said}{named} for {self.seat}'s card at trick {self.trick}"


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice the Laws gave and that was made, named by its option (Laws 50D2, 51, 52-57)."""

    trick: int
    """The trick to which it applies: before whose lead it was made, or to which the card
    concerned was led or played."""
    chooser: Seat
    law: str
    """The sub-law giving the choice, as written (``50D2``, ``57A``, ...)."""
    option: str
    """Kebab-case option name: ``require-suit``, ``forbid-suit``, ``leave-penalty-card``,
    ``accept-lead``, ``refuse-lead``, ``partner-highest``, ..."""
    suits: tuple[int, ...] = ()
    """The suit or suits the option names (0 spades .. 3 clubs), when it names any."""
    card: Card | None = None
    """The card the option names (``designate-penalty-card``), when it names one."""
    by: Seat | Side | None = None

    def describe(self) -> str:
        named = "".join("SHDC"[s] for s in self.suits)
        extra = f" {named}" if named else (f" {self.card}" if self.card is not None else "")
        return f"{self.chooser} chose {self.option}{extra} (Law {self.law}) at trick {self.trick}"


Irregularity = (
    PenaltyCard
    | LeadOutOfTurn
    | PrematurePlay
    | PlayAtRhoTurn
    | DeclarerEarlyPlay
    | DummyDesignation
    | FailureToPlay
    | FifthCard
    | Choice
)


def _catalogue() -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    """Every option a choice can take, as (sub-law, option, suits): an outcome key stores a
    choice as its index here plus one (``ChoiceMade.code``)."""
    out: list[tuple[str, str, tuple[int, ...]]] = [
        ("53A", "accept-lead", ()),
        ("54B", "accept-lead", ()),  # 54B: declarer accepts, dummy is spread
        ("54A", "declarer-becomes-dummy", ()),  # 54A: declarer spreads his hand
        ("54D", "refuse-lead", ()),
        ("56", "refuse-lead", ()),
        ("55A", "accept-lead", ()),
        ("55B", "refuse-lead", ()),
    ]
    out += [("50D2(a)", "require-suit", (s,)) for s in range(4)]
    out += [("50D2(a)", "forbid-suit", (s,)) for s in range(4)]
    out.append(("50D2(b)", "leave-penalty-card", ()))
    out += [("51B2(a)", "require-suit", (s,)) for s in range(4)]
    for bits in range(1, 16):
        out.append(("51B2(b)", "forbid-suits", tuple(s for s in range(4) if bits >> s & 1)))
    out.append(("51B2(c)", "leave-penalty-cards", ()))
    out += [("57A", "partner-highest", ()), ("57A", "partner-lowest", ())]
    out += [("57A", "partner-play-suit", (s,)) for s in range(4)]
    out += [("57A", "partner-not-suit", (s,)) for s in range(4)]
    out.append(("52B1", "accept-play", ()))
    out.append(("53B", "proper-lead", ()))
    return tuple(out)


CHOICE_CATALOGUE = _catalogue()
LEAD_ANSWERS = ("53", "54", "55", "56")
"""The laws whose choices answer a lead out of turn."""
CHOICE_SLOTS = 4
"""Per trick, four choices at most: a lead out of turn's response, the 50D2/51B choice before
the lead, a 57A order, and declarer's acceptance of a penalty card not played when due (52)."""
CHOICE_CODE_BITS = 6
CHOICE_TRICK_BITS = CHOICE_SLOTS * CHOICE_CODE_BITS


@dataclass(frozen=True, slots=True)
class ChoiceMade:
    """A choice an outcome group assumes: at which trick, which option of which sub-law."""

    trick: int
    """From 1."""
    slot: int
    """0 a lead out of turn's response, 1 the choice before the lead, 2 a 57A order, 3 a
    failure to play a penalty card accepted (Law 52)."""
    law: str
    option: str
    suits: tuple[int, ...] = ()

    @property
    def code(self) -> int:
        return CHOICE_CATALOGUE.index((self.law, self.option, self.suits)) + 1

    @property
    def bits(self) -> int:
        shift = (self.trick - 1) * CHOICE_TRICK_BITS + self.slot * CHOICE_CODE_BITS
        return self.code << shift

    def label(self, law: str | None = None) -> str:
        """``law``: the sub-law as the case's edition letters it, when not as catalogued."""
        named = "".join("SHDC"[s] for s in self.suits)
        cited = law or self.law
        return f"trick {self.trick}: {self.option}{' ' + named if named else ''} ({cited})"


def named_suits(option: str, suits: tuple[int, ...]) -> dict[str, str]:
    """The suits an option names, as the JSON gives them: ``suit`` for one, ``suits`` (the
    letters together) for several or for an option that takes several (``forbid-suits``)."""
    if len(suits) == 1 and not option.endswith("suits"):
        return {"suit": "SHDC"[suits[0]]}
    if suits:
        return {"suits": "".join("SHDC"[s] for s in suits)}
    return {}


def choices_bits(choices: tuple[ChoiceMade, ...]) -> int:
    """The choices as an outcome key stores them (above the sides, below the revokes)."""
    return sum(choice.bits for choice in choices)


def choices_from_bits(bits: int) -> tuple[ChoiceMade, ...]:
    """``choices_bits`` read backwards."""
    out = []
    for trick in range(13):
        for slot in range(CHOICE_SLOTS):
            shift = trick * CHOICE_TRICK_BITS + slot * CHOICE_CODE_BITS
            code = (bits >> shift) & ((1 << CHOICE_CODE_BITS) - 1)
            if code:
                law, option, suits = CHOICE_CATALOGUE[code - 1]
                out.append(ChoiceMade(trick + 1, slot, law, option, suits))
    return tuple(out)
