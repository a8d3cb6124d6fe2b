"""Law 46B: declarer's incomplete designation of a card to be played from dummy.

Only the mechanical rules that fix the card are read (``DummyDesignation`` in the case): "high"
is the highest card of the suit (46B1(a)), "low" the lowest (46B1(c)), a suit named alone its
lowest card (46B2). The suit is the one declarer named, else the suit led: "high" or "low" with
no suit fits no history where dummy leads the trick. A designation of a card dummy does not
hold (none of that suit) is void, and any legal card may be played (46B4). Declarer's
"win" (46B1(b)), a rank named alone (46B3) and "play anything" (46B5) are not read.
"""

from __future__ import annotations

from solver.bridge.masks import SUIT_MASKS, highest_card, lowest_card
from solver.facts.irregularity import DummyDesignation
from solver.laws.citation import Assumption

NO_FIT = -2
"""``law46b_card``: the designation cannot have been made there (no suit to apply it to)."""
ANY_CARD = -1
"""``law46b_card``: the designation is void (46B4); dummy plays any legal card."""

SAID_CODES = {"high": 1, "low": 2, "suit": 3}
"""The words, as the engines' integers (0: none)."""


def law46b_card(said: int, suit: int, held: int, led_suit: int) -> int:
    """The card dummy must play after declarer said ``said`` (``SAID_CODES``) naming ``suit``
    (-1: none), dummy holding ``held``, ``led_suit`` the suit led (-1 when dummy leads):
    the card, ``ANY_CARD`` (void, 46B4) or ``NO_FIT``."""
    target = suit if suit >= 0 else led_suit
    if target < 0:
        return NO_FIT
    cards = held & SUIT_MASKS[target]
    if not cards:
        return ANY_CARD
    return highest_card(cards) if said == SAID_CODES["high"] else lowest_card(cards)


def law46b_citation(fact: DummyDesignation) -> str:
    """46B1(a) for "high", 46B1(c) for "low", 46B2 for a suit alone."""
    return {"high": "46B1(a)", "low": "46B1(c)", "suit": "46B2"}[fact.said]


def law46b_intention() -> Assumption:
    """46B applies unless declarer's different intention is incontrovertible: the Director's
    judgement, not the engines' (``judge-incontrovertible``)."""
    return Assumption(
        "judge-incontrovertible",
        "46B",
        "declarer's incomplete designation of dummy's card is given the meaning Law 46B fixes "
        "(highest, lowest, lowest of a suit named); whether a different intention of his was "
        "incontrovertible is the Director's judgement, not made here",
    )


def law46b_no_suit_at_lead() -> Assumption:
    """ "High" or "low" with no suit named picks a card of the suit led; when dummy leads
    there is none, and the Law does not say which suit is meant. The words are taken to name
    no card there: a history where dummy led that trick does not fit the call
    (``interp-46b-no-suit-at-lead``)."""
    return Assumption(
        "interp-46b-no-suit-at-lead",
        "46B",
        'declarer\'s "high" or "low" for dummy\'s card with no suit named is read as '
        "a card of the suit led, so it names no card when dummy leads the trick: no history "
        "where dummy led that trick fits the call",
    )


def law46b_void_suit() -> Assumption:
    """A call for the highest or the lowest card of a suit dummy no longer holds (the suit
    named, or the suit led) names a card that is not in dummy: void, as 46B4 says of a card
    not in dummy, and any legal card may be played (``interp-46b-void-suit``)."""
    return Assumption(
        "interp-46b-void-suit",
        "46B",
        "a call for a card of a suit dummy no longer holds (the suit named, else the suit "
        "led) is taken as a call for a card not in dummy: void (46B4), and dummy may play "
        "any legal card",
    )
