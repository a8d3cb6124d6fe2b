"""Law 50: penalty cards. Here 50B, which penalty card is major and which minor, and 50D2,
declarer's choice before the partner of a major penalty card's holder leads.

A defender's card exposed outside normal play lies face up as a penalty card (Law 50). Law 50B
sorts them: a **minor** penalty card is a single card below the ten, exposed inadvertently (a
card dropped, or a second card played to a trick by accident), by a defender who has no other
penalty card; every other one is **major**: an honour (ace to ten), a card exposed by a
deliberate act (a lead out of turn, a premature play, a card shown on purpose), and every
penalty card of a defender who has two or more. The three conditions date from the 1987 code,
which first split the two classes (lettered 50C there); the 1997, 2007 and 2017 codes keep them
as 50B. What each class then obliges (50C's limit on a minor card, 50D1's duty to play a
major one at the first legal opportunity) is the legal-play rule of
``solver.laws.obligations.legal_plays``.

The class rests on how the card came to be exposed, which the Director judges: ``how: exposed``
(a card seen or named, without saying whether by accident) is taken as not inadvertent, a named
assumption; ``class:`` in the case file is the Director's own ruling and overrides the
conditions, shown as the assumption ``judge-penalty-class``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from solver.bridge import Card, Seat
from solver.errors import InternalError
from solver.facts.irregularity import PenaltyCard, PenaltyClass
from solver.laws.choices import LawOption
from solver.laws.citation import Assumption, Reason
from solver.laws.obligations import Obligations, penalty_suits

HONOUR_RANK = 10
"""The ten: it and the cards above it are honours (Law 50B)."""
INADVERTENT = frozenset({"inadvertent", "second-card"})
"""Exposures by accident: a card dropped, or a second card played with the one meant."""
DELIBERATE = frozenset({"deliberate", "lead-out-of-turn", "premature"})
"""Exposures by a deliberate act (a lead out of turn or a premature play is one)."""
EDITIONS = (2017, 2007, 1997, 1987)
NO_LATER_TRICK = 14
"""``gone`` for a card that never leaves the table within the play."""


@dataclass(frozen=True, slots=True)
class Classified:
    """A penalty card with its class, why, and the judgement the class rests on, if any."""

    card: PenaltyCard
    penalty_class: PenaltyClass
    reason: Reason
    """What Law 50B's conditions give, and why."""
    assumption: Assumption | None = None
    """The judgement the class rests on: the Director's own class (``judge-penalty-class``),
    how an exposure came about (``judge-inadvertent``), or a card staying major once its
    holder's other penalty card has gone (``interp-major-stays-major``)."""


def law50b_citation(edition: int) -> str:
    """The sub-law that sorts penalty cards under ``edition``: 50C in the 1987 code, whose Law
    50 is lettered one place further on; 50B since 1997."""
    if edition not in EDITIONS:
        raise InternalError(f"no Law 50B for the {edition} Laws (expected one of {EDITIONS})")
    return "50C" if edition == 1987 else "50B"


def law50b_penalty_class(
    penalty_card: PenaltyCard, *, other_penalty_card: bool, edition: int = 2017
) -> Classified:
    """Law 50B: major or minor, given whether its holder has (or had while it lay) another.

    >>> from solver.bridge import Card, Seat
    >>> dropped = PenaltyCard(Seat.W, Card.parse("C5"), 8, "inadvertent")
    >>> law50b_penalty_class(dropped, other_penalty_card=False).penalty_class
    'minor'
    >>> law50b_penalty_class(dropped, other_penalty_card=True).penalty_class
    'major'
    """
    citation = law50b_citation(edition)
    card, name = penalty_card.card, penalty_card.seat.full_name
    grounds: list[str] = []
    assumption: Assumption | None = None
    if card.rank >= HONOUR_RANK:
        grounds.append(f"{card} is an honour")
    if penalty_card.how in DELIBERATE:
        grounds.append(f"it was exposed by a deliberate act ({penalty_card.how})")
    elif penalty_card.how not in INADVERTENT and card.rank < HONOUR_RANK:
        grounds.append("its exposure is not said to be inadvertent")
        assumption = Assumption(
            "judge-inadvertent",
            citation,
            f"how {name}'s {card} came to be exposed is not said (how: {penalty_card.how}): "
            "taken as not inadvertent, so major (a doubtful point goes against the offending "
            "side); write how: inadvertent if the Director finds it was an accident",
        )
    if other_penalty_card:
        grounds.append(f"{name} has another penalty card, and all of his are then major")
    edition_note = " (the three conditions of the 1987 code)" if edition == 1987 else ""
    if grounds:
        found: PenaltyClass = "major"
        text = f"{name}'s {card} is a major penalty card: {'; '.join(grounds)}{edition_note}"
    else:
        found = "minor"
        way = " (a second card played to a trick)" if penalty_card.how == "second-card" else ""
        text = (
            f"{name}'s {card} is a minor penalty card: a single card below the ten, exposed "
            f"inadvertently{way}, and he has no other penalty card{edition_note}"
        )
    reason = Reason(citation, text)
    declared = penalty_card.declared_class
    if declared is None:
        return Classified(penalty_card, found, reason, assumption)
    agrees = "as" if declared == found else f"where {found} follows from"
    judged = Assumption(
        "judge-penalty-class",
        citation,
        f"the Director rules {name}'s {card} a {declared} penalty card (class: {declared} in "
        f"the case), {agrees} the conditions of Law {citation}",
    )
    return Classified(penalty_card, declared, reason, judged)


def law50b_classes_at(
    penalty_cards: Sequence[PenaltyCard],
    trick: int,
    *,
    edition: int = 2017,
    gone: Mapping[Card, int] | None = None,
) -> dict[Seat, tuple[Classified, ...]]:
    """Law 50B at the start of ``trick``: each holder's penalty cards lying then, classed.

    ``penalty_cards`` are the penalty cards of one account of the play (each lies from its
    ``trick``); ``gone`` gives, for a card played or picked up, the first trick at whose start
    it no longer lies (none: it still lies). A card is major if, while it lay, its holder had
    another penalty card lying too, even one gone since: a major penalty card does not turn
    minor again (the assumption ``interp-major-stays-major`` says so when that decides it).

    >>> from solver.bridge import Card, Seat
    >>> five = PenaltyCard(Seat.W, Card.parse("C5"), 3, "inadvertent")
    >>> queen = PenaltyCard(Seat.W, Card.parse("SQ"), 6, "deliberate")
    >>> [c.penalty_class for c in law50b_classes_at([five, queen], 4)[Seat.W]]
    ['minor']
    >>> [c.penalty_class for c in law50b_classes_at([five, queen], 6)[Seat.W]]
    ['major', 'major']
    """
    ends = gone or {}

    def lies(penalty_card: PenaltyCard, at: int) -> bool:
        return penalty_card.trick <= at < ends.get(penalty_card.card, NO_LATER_TRICK)

    def overlap(first: PenaltyCard, second: PenaltyCard) -> bool:
        start = max(first.trick, second.trick)
        end = min(ends.get(first.card, NO_LATER_TRICK), ends.get(second.card, NO_LATER_TRICK))
        return start < end and start <= trick

    out: dict[Seat, list[Classified]] = {}
    for penalty_card in sorted(penalty_cards, key=lambda p: (p.seat.index, p.trick)):
        if not lies(penalty_card, trick):
            continue
        others = [
            other
            for other in penalty_cards
            if other is not penalty_card
            and other.seat == penalty_card.seat
            and other.card != penalty_card.card
            and overlap(penalty_card, other)
        ]
        classified = law50b_penalty_class(
            penalty_card, other_penalty_card=bool(others), edition=edition
        )
        alone_now = not any(lies(other, trick) for other in others)
        if others and alone_now and classified.assumption is None:
            alone = law50b_penalty_class(penalty_card, other_penalty_card=False, edition=edition)
            if alone.penalty_class == "minor":
                stays = Assumption(
                    "interp-major-stays-major",
                    classified.reason.citation,
                    f"{penalty_card.seat.full_name}'s {penalty_card.card} became major while "
                    "another of his penalty cards lay beside it, and stays major now that it "
                    "lies alone (the Laws do not say it turns minor again)",
                )
                classified = Classified(penalty_card, "major", classified.reason, stays)
        out.setdefault(penalty_card.seat, []).append(classified)
    return {seat: tuple(cards) for seat, cards in out.items()}


def law50d2_options(state: Obligations, leader: int, declarer: int) -> list[LawOption]:
    """50D2(a)-(b): the partner of a defender with a major penalty card is to lead, and its
    cards are of one suit: declarer may require the lead of that suit, forbid it (while the
    leader retains the lead), or leave the card where it lies. With cards of several suits
    the choice is Law 51B's (``law51.law51b_options``)."""
    suits = penalty_suits(state, (leader + 2) % 4)
    named = tuple(s for s in range(4) if suits >> s & 1)
    if len(named) != 1:
        return []
    return [
        LawOption(declarer, "50D2(a)", "require-suit", named),
        LawOption(declarer, "50D2(a)", "forbid-suit", named),
        LawOption(declarer, "50D2(b)", "leave-penalty-card"),
    ]


def law50e_information(edition: int) -> Assumption:
    """50E (2007 on; Law 16 before): what a penalty card tells the players is no play
    constraint. While it lies, the holder's duty to play it is authorized information to
    everyone; once picked up, its sight is unauthorized to the holder's partner (50E2), and
    the Director adjusts if that information damaged declarer's side (50E3). The engines do
    not judge whether a play was suggested by it: the assumption ``judge-info-damage``."""
    if edition >= 2007:
        return Assumption(
            "judge-info-damage",
            "50E3",
            "what the penalty cards told the players is not weighed: every legal play is "
            "considered; whether the holder's partner used unauthorized information from a "
            "card picked up (50E2), and whether that damaged declarer's side, is the "
            "Director's judgement (50E3), with an adjusted score if so",
        )
    return Assumption(
        "judge-info-damage",
        "16",
        "what the penalty cards told the players is not weighed: every legal play is "
        "considered; under this code what a minor penalty card shows is unauthorized "
        "information to the holder's partner (Law 16), while the duty to play a major one is "
        "authorized to everyone; whether unauthorized information was used is the Director's "
        "judgement",
    )
