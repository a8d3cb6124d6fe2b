"""Law 57: a premature lead or play by a defender (57A-57D), or by declarer (57C3)."""

from __future__ import annotations

from dataclasses import replace

from solver.facts.irregularity import (
    DeclarerEarlyPlay,
    PlayAtRhoTurn,
    PrematurePlay,
    declarer_early_sub_law,
)
from solver.laws.choices import LawOption
from solver.laws.citation import Assumption
from solver.laws.obligations import Obligations, add_penalty_card, follow_set, restricted_plays


def law57a_options(declarer: int, led_suit: int, edition: int) -> list[LawOption]:
    """57A: the offender's card is a major penalty card, and declarer may require his partner
    to play to the current trick (the one he has not yet played to: for a lead to the next
    trick made too early, the trick before that card's) the highest or the lowest card he
    holds of the suit led to it, a card of another suit he names (from 2017 only), or no card
    of another suit he names. Following suit comes first; an order he cannot meet is dropped
    (Law 59). Pending where play stopped, every one of these is listed, one that binds
    nothing in the position too: the Director explains the options the Law gives
    (``rulings.pending``)."""
    others = tuple(s for s in range(4) if s != led_suit)
    options = [
        LawOption(declarer, "57A", "partner-highest"),
        LawOption(declarer, "57A", "partner-lowest"),
    ]
    if edition >= 2017:
        options += [LawOption(declarer, "57A", "partner-play-suit", (s,)) for s in others]
    options += [LawOption(declarer, "57A", "partner-not-suit", (s,)) for s in others]
    return options


def law57a_before_partner(
    offender: int, leader: int, exempt_seat: int = -1, premature_seat: int = -1
) -> bool:
    """57A's position at a trick led by ``leader``: the offender played to it before his
    partner, first or second by rotation, or early under 57C1 (``exempt_seat``, the defender
    whose card to it 57C1 leaves unrectified); never where his partner's own card to it was
    the one played too early (``exempt_seat`` or ``premature_seat`` the partner): then the
    partner played first. Only then can a card of his at the next trick be a lead to it made
    before his partner had played to this one."""
    partner = (offender + 2) % 4
    if partner in (exempt_seat, premature_seat):
        return False
    return leader in (offender, (offender + 3) % 4) or exempt_seat == offender


def law57c1_exempt(premature: PrematurePlay) -> bool:
    """57C1: a defender who plays before his partner after declarer has played from both
    hands (a card of dummy's counting once declarer named it) is not subject to rectification:
    no penalty card, no order on his partner; the card is his play to that trick. The case says
    so (``declarer_played_both_hands``): the order of the cards within a trick is not
    recorded, so it cannot be told from the trick itself. The reader checks that the defender
    is the one on the right of the hand that led, the only one who can be in that position."""
    return premature.exempt


def law57a_must_choose() -> Assumption:
    """57A reads as if declarer must pick one of the options; whether he may waive them all is
    unsettled. The engines branch only over the options: ``interp-57A-must-choose``."""
    return Assumption(
        "interp-57A-must-choose",
        "57A",
        "after a premature lead or play declarer is taken to choose one of Law 57A's options "
        "(the wording reads as compulsory; whether he may waive them is unsettled): no history "
        "leaves the offender's partner free at that trick",
    )


def law57a_minor_card_yields() -> Assumption:
    """A 57A order and the limit of a minor penalty card (50C) on the same player: where both
    cannot be met, the order wins and the minor card's limit is dropped
    (``obligations.legal_plays``): ``interp-minor-vs-57``."""
    return Assumption(
        "interp-minor-vs-57",
        "57A",
        "where a Law 57A order and the limit of a minor penalty card (50C) bind the same "
        "player and cannot both be met, the order is obeyed and the minor card's limit yields",
    )


def law57d_in_position(offender: int, leader: int) -> bool:
    """57D: the defender played after his partner and before his right-hand opponent (declarer
    or dummy): the trick was led by his partner (he plays third, after declarer's or dummy's
    second card) or by his left-hand opponent (he plays fourth, after the right-hand
    opponent's third card). Led by himself or by his right-hand opponent, his partner plays
    after him: that is no 57D position."""
    return leader in ((offender + 1) % 4, (offender + 2) % 4)


def law57d_at_turn(
    state: Obligations, seat: int, held: int, led_suit: int
) -> tuple[int, Obligations]:
    """57D at the offender's own turn in the trick (``state.rho_turn_card`` the card he played
    early): (the card he must play, the state) when that card is a legal play there (it
    follows suit and obeys any restriction binding him: no revoke, Law 61A), played at his
    proper turn without rectification; else (-1, the state with the card a major penalty card
    of his), and he plays another card to the trick under that state."""
    card = state.rho_turn_card
    state = replace(state, rho_turn_seat=-1, rho_turn_card=-1)
    if restricted_plays(state, seat, held, led_suit) >> card & 1:
        return card, state
    return -1, add_penalty_card(state, seat, card, True)


def law57d_information(fact: PlayAtRhoTurn) -> Assumption:
    """57D leaves the play itself unrectified (a legal card) or the card a major penalty card;
    what declarer learnt from seeing it early is a Law 16 matter for the Director, never a
    constraint on the play: ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "57D",
        f"{fact.seat.full_name}'s card shown before {fact.seat.rho.full_name} had played to "
        f"trick {fact.trick} gave information (Law 16): whether it damaged the other side, and "
        "any adjustment, is the Director's judgement; the histories do not weigh it",
    )


def law57d_legal_at_turn() -> Assumption:
    """57D lets the card stand when it is a legal play; ``law57d_at_turn`` reads "legal" at
    the defender's own turn, after his right-hand opponent's card, and against following
    suit and the restrictions on him only: a major penalty card of his that falls due there
    does not make it illegal (playing it is then his failure to play that penalty card,
    Law 52). ``interp-57D-legal-at-turn``."""
    return Assumption(
        "interp-57D-legal-at-turn",
        "57D",
        "a card played at the right-hand opponent's turn is judged at the defender's own turn, "
        "after that opponent's card: it stands when it follows suit and obeys any restriction "
        "on him; a major penalty card of his then due does not make it illegal (playing it "
        "instead is a failure to play the penalty card, Law 52)",
    )


def law57c3_in_position(seat: int, leader: int) -> bool:
    """57C3: declarer's hand played before its turn, not leading: a player whose turn came
    first had not played. The hand played third (the trick led by its partner, the second
    hand yet to play) or fourth (led by its left-hand opponent). A card before the lead is a
    lead out of turn (Law 55), and the second hand plays right after the lead."""
    return leader in ((seat + 1) % 4, (seat + 2) % 4)


def law57c3_at_turn(state: Obligations, seat: int, held: int, led_suit: int) -> int:
    """57C3 at that hand's own turn (``state.declarer_early_card``): the card is a played
    card and stands when it is legal there (it follows suit, or the hand has none of the suit
    led); then it is the card that hand must play. Not legal, it goes back (a card of
    declarer's side never becomes a penalty card, 48A) and the hand plays another legal card:
    -1."""
    card = state.declarer_early_card
    return card if follow_set(held, led_suit) >> card & 1 else -1


def law57c3_illegal_withdrawn(fact: DeclarerEarlyPlay, edition: int) -> Assumption:
    """57C3 says a legal premature card of declarer's may not be withdrawn; of one that is
    not legal (he could follow suit with another card) it says nothing. Read as going back
    to the hand with no penalty (48A), the hand playing a legal card at its turn, rather than
    standing as a revoke: ``interp-57C3-illegal-withdrawn``."""
    return Assumption(
        "interp-57C3-illegal-withdrawn",
        declarer_early_sub_law(edition),
        f"{fact.seat.full_name}'s card played to trick {fact.trick} before his turn stands "
        "when it is legal there; one that is not (he could have followed suit with another "
        "card) is taken to go back to the hand, no penalty card (48A), and a legal card is "
        "played at his turn instead of its standing as a revoke",
    )
