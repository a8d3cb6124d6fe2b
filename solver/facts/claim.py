"""A claim or concession (Law 68): who claimed how many tricks, from where, saying what."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from solver.bridge import Card, Seat, Side

StepKind = Literal[
    "draw_trumps",
    "draw_round",
    "cash",
    "cash_any",
    "ruff",
    "crossruff",
    "finesse",
    "ruffing_finesse",
    "concede",
    "play",
    "squeeze",
    "count",
]


PLAYER_CLASSES: Final = ("expert", "club")
"""The classes of player a case may give the claimer (``claim.player_class``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a clarification statement, in the order stated (Law 68C)."""

    kind: StepKind
    text: str
    """The step as written in the case file, for messages and the report."""
    suit: int | None = None
    """For ``cash``, ``ruff`` and ``count``: the suit (0 spades .. 3 clubs)."""
    suits: tuple[int, ...] = ()
    """For ``cash_any``: the suits whose winners are cashed, in any order (as written); for
    ``squeeze``: the suits named as the squeeze's (shown, not played: none when unnamed)."""
    seat: Seat | None = None
    """For ``ruff``: the hand that ruffs; for ``cash``, optionally the hand it is cashed from."""
    cards: tuple[Card, ...] = ()
    """For ``play``: the cards in order; for ``finesse`` and ``ruffing_finesse``: the card
    finessed (led, for a ruffing finesse)."""
    count: int = 0
    """For ``concede``: how many tricks; for ``count``: how many tricks the claimer counted
    in the suit (a count, not a line of play: nothing is played by it)."""
    follows: bool = False
    """For ``play``: the cards bind their holders when following too (``play <cards> (all)``);
    otherwise only when leading."""
    condition: tuple[int, int, int] | None = None
    """For a conditional step (``if spades 4-1: ...``): the suit and the two lengths, longer
    first, in which the opponents hold it at the claim. The step is part of the statement only
    when they hold it so (``holds_on``); otherwise it is passed over."""

    def holds_on(self, hands: tuple[frozenset[Card], ...], opponents: tuple[Seat, Seat]) -> bool:
        """Whether the step's condition holds on these hands (always, without a condition)."""
        if self.condition is None:
            return True
        suit, longer, shorter = self.condition
        return split_of(hands, opponents, suit) == (longer, shorter)


def split_of(
    hands: tuple[frozenset[Card], ...], opponents: tuple[Seat, Seat], suit: int
) -> tuple[int, int]:
    """How the two ``opponents`` hold ``suit`` in ``hands``: the longer holding first."""
    first, second = (
        sum(1 for card in hands[seat.index] if card.suit_index == suit) for seat in opponents
    )
    return (max(first, second), min(first, second))


@dataclass(frozen=True, slots=True)
class ClaimPosition:
    """Where play stood when the claim was made."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    """Cards still held by N, E, S, W (cards on the current trick are no longer held)."""
    leader: Seat
    """Who led the trick in progress, or is on lead."""
    current_trick: tuple[Card, ...] = ()
    """Cards already played to the trick in progress, from the leader."""
    won: tuple[int, int] = (0, 0)
    """Tricks already won by NS and by EW."""

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return max(len(h) for h in self.hands)

    def to_play(self) -> Seat:
        return Seat.from_index(self.leader.index + len(self.current_trick))

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        """The card ``seat`` has played to the trick in progress, if any (none or one)."""
        return tuple(
            card
            for offset, card in enumerate(self.current_trick)
            if Seat.from_index(self.leader.index + offset) is seat
        )

    def won_by(self, side: Side) -> int:
        return self.won[0] if side is Side.NS else self.won[1]


@dataclass(frozen=True, slots=True)
class Claim:
    """A contested claim (Law 70) or a concession (Law 71)."""

    by: Seat
    tricks: int
    """Of the tricks still to be decided, how many the claimer says his side takes."""
    position: ClaimPosition
    statement: tuple[Step, ...] = ()
    said: str = ""
    trumps_mentioned: bool = False
    trump_round_before: bool = False
    """True when the last trick before the claim was a round of trumps that the claimer's side
    led and every player followed with a trump: a claimer who has just drawn a round, all
    following, has not forgotten the trumps still out (EBU White Book 8.70.4; Law 70C2's "at
    all likely unaware"). Read from the play (records, agreed tricks), never guessed."""
    shown_out: dict[Seat, frozenset[int]] = field(default_factory=dict)
    """Suits each player had shown out of before the claim (what the claimer knew, 70E1)."""
    overlooked: frozenset[Card] = frozenset()
    """Opponents' cards (not trumps) the claimer is found to have overlooked, a finding of
    fact (his words, the objection at the table): the cards of his side that only these beat
    are cards he thinks good, led among his winners (``lead_believed_winner``), whether or
    not his claim is above best play. An overlooked trump is Law 70C's matter
    (``trumps_mentioned``)."""
    agreed: bool = False
    """True when the opponents agreed to the claim and later withdrew their agreement (69B)."""
    correction_period_over: bool = False
    """True when the question was raised after the Correction Period (71, 69B no longer apply)."""
    claimer_asks_more: bool = False
    """True when the table agreed to the claim (``tricks`` is the number agreed) and the claimer
    later asks for a conceded trick back: the agreement stands (69A), so he is never credited
    with fewer than ``tricks``, and a conceded trick is restored only when no normal play could
    have lost it, within the Correction Period (71B). Law 70 does not apply."""
    tricks_said: str = ""
    """When the number claimed depended on the layout (``tricks: {if spades 3-2: 10, otherwise:
    9}``): the conditions as written and which held at the claim, for the report ("10 if spades
    3-2, otherwise 9: spades 3-2 at the claim"); ``tricks`` is the number that held. Empty for
    a plain number."""
    by_defender: bool = False
    """True when a defender claimed (70D2: his statement binds his own plays, not partner's)."""
    policy: str | None = None
    """The normal-play preset the case file names (``claim.policy``: WBF2017, EBU or ACBL), or
    None when it names none; the command line's ``--policy`` overrides it."""
    switches: tuple[tuple[str, bool], ...] = ()
    """Judgements the case file turns on or off on top of that preset (``claim.switches``), in
    the order given."""
    player_class: str | None = None
    """The claimer's class of player (``claim.player_class``: ``expert`` or ``club``), when the
    case gives it: the Law 70 footnote's "careless or inferior for the class of player
    involved" (``solver.laws.law70.for_class``); the command line's ``--class`` overrides it."""

    @property
    def side(self) -> Side:
        return self.by.side

    @property
    def conceded(self) -> int:
        """Tricks the claim gives to the opponents."""
        return self.position.tricks_left - self.tricks

    @property
    def counts(self) -> tuple[tuple[int, int], ...]:
        """The statement's counts of tricks per suit (``count`` steps) in force at the claim
        (``conditions_held``), as (suit, tricks)."""
        return tuple(
            (step.suit, step.count)
            for step, held in zip(self.statement, self.conditions_held(), strict=True)
            if step.kind == "count" and step.suit is not None and held
        )

    def conditions_held(self) -> tuple[bool, ...]:
        """For each step of the statement, whether it is part of the statement at the claim:
        its condition holds on the hands (``Step.holds_on``), or it has none.

        A split more uneven than every split the statement names for its suit takes the steps
        of the most uneven one named, when that is a bad split (``worse_split``): a claimer who
        said what he does if clubs are 4-1, and sees South show out, is credited with that line
        against 5-0, the obvious adjustment to a show-out (70E1; the catalogue's E3). The most
        even split (3-2 of five) is no plan for a bad one, and is still passed over on 4-1."""
        opponents = self.side.other.seats
        return tuple(
            step.holds_on(self.position.hands, opponents) or self.worse_split(step)
            for step in self.statement
        )

    def worse_split(self, step: Step) -> bool:
        """Does ``step`` hold only because its suit lies worse than any split named for it: its
        condition is the most uneven split the statement names for the suit and a bad one (not
        the most even split of the cards out: 4-1 of five, not 3-2), and the opponents hold the
        suit more unevenly still at the claim?"""
        if step.condition is None:
            return False
        suit, longer, shorter = step.condition
        named = {s.condition[1] for s in self.statement if s.condition and s.condition[0] == suit}
        if longer != max(named) or longer - shorter <= 1:
            return False
        return split_of(self.position.hands, self.side.other.seats, suit)[0] > longer
