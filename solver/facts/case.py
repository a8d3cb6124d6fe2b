"""A case: one board and the facts in dispute, each fact with its owner."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from solver.bridge import Card, Contract, Deal, Seat, Side, Trick
from solver.facts.claim import Claim
from solver.facts.irregularity import Irregularity


class MixedWhen(Enum):
    """When a row lost its order (Laws 65D and 66D)."""

    BEFORE_AGREEMENT = "before-agreement"
    """Disturbed before the trick count was agreed: Law 65D."""
    AFTER_DISPUTE = "after-dispute"
    """Mixed once a dispute had arisen: Law 66D."""
    AFTER_AGREEMENT = "after-agreement"
    """Mixed once the count was agreed: no infraction."""


Owner = Seat | Side | None
"""Who vouches for a fact: a player, a side, or None for agreed (hard) facts."""


@dataclass(frozen=True, slots=True)
class Row:
    """One player's quitted cards (Law 65C)."""

    seat: Seat
    cards: tuple[Card, ...]
    """The cards the player played (a hard fact); for an intact row, in the order they lie."""
    mixed: bool
    """True when the order and orientation are lost."""
    marks: tuple[str | None, ...] = ()
    """For an intact row, per card: '+' pointed as won by own side, '-' as lost, None unknown."""
    when: MixedWhen | None = None
    """For a mixed row, when it was mixed."""


@dataclass(frozen=True, slots=True)
class AgreedTrick:
    """A trick everyone agrees on: a hard fact."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    """In play order from the leader."""

    def winner(self, trump_suit_index: int | None) -> Seat:
        """Who won the trick (and so leads the next one, 44G)."""
        cards = (self.cards[0], self.cards[1], self.cards[2], self.cards[3])
        return Trick(self.number, self.leader, cards).winner(trump_suit_index)


@dataclass(frozen=True, slots=True)
class TrickInProgress:
    """The trick play stopped in: the cards already faced to it, fewer than four, the
    leader's first (a hard fact). They were not quitted, so they are in no row."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    """In play order from the leader: one, two or three cards."""

    def seats(self) -> tuple[tuple[Seat, Card], ...]:
        """Each card with the player who faced it."""
        return tuple(
            (Seat.from_index(self.leader.index + offset), card)
            for offset, card in enumerate(self.cards)
        )

    def describe(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return f"trick {self.number} in progress, {self.leader} led: {cards}"


StatementKind = Literal["declarer_tricks", "winner", "played", "revoke"]

Noticed = Literal["during-play", "after-play", "after-boarding", "after-next-board", "after-round"]
"""When an alleged revoke came to light (Laws 62D, 63, 64B4, 64B5); ``after-play`` by default."""

NOTICED: tuple[Noticed, ...] = (
    "during-play",
    "after-play",
    "after-boarding",
    "after-next-board",
    "after-round",
)


@dataclass(frozen=True, slots=True)
class Statement:
    """What a side or a player says (evidence), or what all agree (hard, when ``by`` is None)."""

    index: int
    """Position in the case's list of statements, from 0."""
    by: Owner
    kind: StatementKind
    trick: int | None = None
    declarer_tricks: int | None = None
    winner: Seat | Side | None = None
    played: tuple[tuple[Seat, Card], ...] = ()
    revoker: Seat | None = None
    """For a revoke allegation: the player said to have revoked."""
    revoke_suit: int | None = None
    """For a revoke allegation with no trick: the suit (0-3, spades first) he revoked in."""
    noticed: Noticed = "after-play"
    """For a revoke allegation: when it came to light."""

    @property
    def is_agreed(self) -> bool:
        return self.by is None

    def describe(self) -> str:
        speaker = "agreed" if self.by is None else str(self.by)
        if self.kind == "declarer_tricks":
            return f"{speaker}: declarer's side won {self.declarer_tricks} tricks"
        if self.kind == "winner":
            return f"{speaker}: trick {self.trick} was won by {self.winner}"
        if self.kind == "revoke":
            where = (
                f"at trick {self.trick}"
                if self.trick is not None
                else f"in {'SHDC'[self.revoke_suit or 0]} at some trick"
            )
            return f"{speaker}: {self.revoker} revoked {where} (noticed {self.noticed})"
        plays = ", ".join(f"{seat} played {card}" for seat, card in self.played)
        return f"{speaker}: at trick {self.trick} {plays}"


@dataclass(frozen=True, slots=True)
class Case:
    """A board and its dispute, validated."""

    title: str
    deal: Deal
    contract: Contract
    declarer: Seat
    opening_leader: Seat
    tricks_played: int
    """Number of tricks the play covers (13, or k when every row holds k cards)."""
    rows: dict[Seat, Row] = field(default_factory=dict)
    agreed_tricks: tuple[AgreedTrick, ...] = ()
    statements: tuple[Statement, ...] = ()
    edition: int = 2017
    board: int | None = None
    vulnerable: str = "None"
    """None, NS, EW or All."""
    source: str = "<case>"
    """The file the case came from, for messages."""
    expect: dict[str, Any] | None = None
    """The expected ruling written in the case file, checked by the test suite."""
    claim: Claim | None = None
    """A contested claim or concession, when the dispute is about one (Laws 68-71)."""
    deal_given: bool = True
    """False for a claim case given as its ending, without ``deal:``: ``deal`` then holds the
    hands at the start of the trick of the claim (fewer than 13 cards each), and the play
    before the claim is not known (no rows, agreed tricks or statements)."""
    unplayed: dict[Seat, Card] = field(default_factory=dict)
    """A defective trick (Law 67): the player who finished with a card left over, and that
    card. His row is one card short: he did not play to one trick."""
    surplus: Seat | None = None
    """A defective trick (Law 67B2): the player who played two cards to one trick. His row
    holds all 13 cards while the others hold 12; trick 13 is played once the surplus card is
    back in his hand."""
    irregularities: tuple[Irregularity, ...] = ()
    """Penalty cards, leads out of turn, premature plays and the choices made (Laws 45-60),
    agreed (``play.irregularities``) or owned, in the order given."""
    trick_in_progress: TrickInProgress | None = None
    overruled: tuple[Irregularity, ...] = ()
    """Choices the case records that the Laws set aside: when the defenders answer declarer's
    lead out of turn differently, the one next in turn decides (55A), and the other's answer
    is kept here for the report, out of ``irregularities``."""
    """Play stopped during trick ``tricks_played`` + 1: the cards already faced to it
    (``play.tricks`` with fewer than four cards), a hard fact; None when play stopped between
    tricks (or never stopped)."""

    @property
    def declaring_side(self) -> Side:
        return self.declarer.side

    @property
    def declarer_vulnerable(self) -> bool:
        return self.vulnerable == "All" or self.vulnerable == str(self.declaring_side)

    @property
    def play_complete(self) -> bool:
        return self.tricks_played == 13
