"""Law 46B: declarer's incomplete designation of a card to be played from dummy.

Only the mechanical rules that fix the card are read (``DummyDesignation`` in the case):
"high" is the highest card of the suit (46B1(a)), "low" the lowest (46B1(c)), "win" the lowest
card known to win the trick (46B1(b)), a suit named alone its lowest card (46B2), a rank named
alone a card of that rank (46B3), and "play anything" leaves the card to the defenders (46B5).
The suit of "high", "low" and "win" is the one declarer named, else the suit led: with no
suit they fit no history where dummy leads the trick. A designation of a card dummy does not
hold (none of that suit, none of that rank, or a card named in full that he did not hold then,
``said: card``) is void, and any legal card may be played (46B4).

Who then picks dummy's card: declarer, after a call that names no card (46B4) or a rank alone
of which dummy may play several (46B3(b)), option ``declarer-picks-card``; a defender, after
"play anything" (46B5), option ``defender-picks-card``. A case may record the pick as a choice
naming the card; it is then the hard fact that dummy played it (nothing branches: unrecorded,
the history shows the card).
"""

from __future__ import annotations

from solver.bridge.masks import SUIT_MASKS, beats, cards_in, highest_card, lowest_card
from solver.facts.irregularity import CARD_NOT_HELD, Choice, DummyDesignation
from solver.laws.citation import Assumption, Reason
from solver.laws.obligations import follow_set

NO_FIT = -2
"""``law46b_cards``: the designation cannot have been made there (no suit to apply it to)."""
ANY_CARD = -1
"""``law46b_cards``: the designation fixes no card (void, 46B4; or the defenders choose,
46B5): dummy plays any legal card."""

SAID_CODES = {"high": 1, "low": 2, "suit": 3, "win": 4, "rank": 5, "anything": 6}
"""The words, as the engines' integers (0: none)."""
HIGH, LOW, SUIT, WIN, RANK, ANYTHING = 1, 2, 3, 4, 5, 6


def rank_mask(rank: int) -> int:
    """The four cards of one rank (0 the two .. 12 the ace)."""
    return sum(1 << (13 * suit + rank) for suit in range(4))


def law46b_cards(
    said: int,
    suit: int,
    rank: int,
    trump: int | None,
    held: int,
    led_suit: int,
    best: int,
    hidden: int,
) -> int:
    """The cards dummy may play after declarer said ``said`` (``SAID_CODES``): a mask (one
    card, or for a rank alone every card of it he may play, declarer then saying which:
    the history shows it), ``ANY_CARD`` or ``NO_FIT``.

    ``suit`` is the suit named (-1: none); for a rank alone (46B3(a)), the suit in which dummy
    won the trick before, when he did (-1 otherwise). ``rank`` is the rank named (46B3), dummy
    holds ``held``, ``led_suit`` is the suit led (-1 when dummy leads). For "win": ``best`` is
    the card winning the trick before dummy plays (-1 when he leads), ``hidden`` the cards a
    defender still to play after dummy might hold, as declarer sees the table (every card of
    the defenders' not yet played; 0 when dummy plays last)."""
    if said == ANYTHING:
        return ANY_CARD  # 46B5: a defender chose; any legal card
    if said == RANK:
        return _by_rank(rank, suit, held, led_suit)
    target = suit if suit >= 0 else led_suit
    if target < 0:
        return NO_FIT
    # "win" of the suit led: when dummy is void in it, a ruff may win
    cards = follow_set(held, led_suit) if said == WIN and suit < 0 else held & SUIT_MASKS[target]
    if not cards:
        return ANY_CARD
    if said == WIN:
        return _known_winner(cards, trump, best, hidden)
    return 1 << (highest_card(cards) if said == HIGH else lowest_card(cards))


def _known_winner(cards: int, trump: int | None, best: int, hidden: int) -> int:
    """46B1(b): the lowest of ``cards`` that beats the trick so far (``best``) and that no
    card still hidden from declarer (``hidden``) could beat; none such: the call is void."""
    threats = cards_in(hidden)
    for card in cards_in(cards):
        if best >= 0 and not beats(card, best, trump):
            continue
        if not any(beats(threat, card, trump) for threat in threats):
            return 1 << card
    return ANY_CARD


def _by_rank(rank: int, won_suit: int, held: int, led_suit: int) -> int:
    """46B3: leading, the card of that rank in the suit in which dummy won the trick before
    (46B3(a)) if he holds it; otherwise any card of that rank he may legally play (46B3(b):
    several, declarer says which). None of that rank he may play: void (46B4)."""
    of_rank = rank_mask(rank)
    if led_suit < 0 and won_suit >= 0 and held & of_rank & SUIT_MASKS[won_suit]:
        return held & of_rank & SUIT_MASKS[won_suit]
    cards = follow_set(held, led_suit) & of_rank
    return cards if cards else ANY_CARD


_CITATIONS = {
    "high": "46B1(a)",
    "low": "46B1(c)",
    "win": "46B1(b)",
    "suit": "46B2",
    "rank": "46B3",
    "anything": "46B5",
    CARD_NOT_HELD: "46B4",
}

DECLARER_PICKS_CARD = "declarer-picks-card"
DEFENDER_PICKS_CARD = "defender-picks-card"


def law46b_citation(fact: DummyDesignation) -> str:
    """46B1(a) for "high", 46B1(b) for "win", 46B1(c) for "low", 46B2 for a suit alone,
    46B3 for a rank alone, 46B5 for "play anything", 46B4 for a card named in full that dummy
    did not hold."""
    return _CITATIONS[fact.said]


def law46b_option(fact: DummyDesignation) -> str | None:
    """Who picks dummy's card after this call, where the call itself settles it: a defender
    after "play anything" (46B5), declarer after a card dummy did not hold (46B4); None
    where it depends on dummy's hand then (a call void or not, a rank he holds once or more
    often: the history shows the card)."""
    if fact.said == "anything":
        return DEFENDER_PICKS_CARD
    if fact.said == CARD_NOT_HELD:
        return DECLARER_PICKS_CARD
    return None


def law46b_pick(choice: Choice) -> bool:
    """Is this choice a recorded pick of dummy's card after declarer's call (46B3(b), 46B4,
    46B5)? Its card is then dummy's card to that trick."""
    return choice.option in (DECLARER_PICKS_CARD, DEFENDER_PICKS_CARD)


def law46b_pick_reason(choice: Choice) -> Reason:
    """What the recorded pick means: the card dummy played to that trick."""
    if choice.option == DEFENDER_PICKS_CARD:
        why = "after declarer's \"play anything\" a defender designated dummy's card"
    elif choice.law == "46B3(b)":
        why = "declarer's rank named alone left him a choice among dummy's cards of that rank"
    else:
        why = "declarer's call named no card dummy could play, so it was void"
    return Reason(
        choice.law,
        f"{why}: {choice.chooser.full_name} named the {choice.card}, dummy's card to trick "
        f"{choice.trick}",
    )


def law46b4_card_not_held(fact: DummyDesignation) -> Reason:
    """46B4 for a card named in full that dummy did not hold at that trick: void, and
    declarer designated another card (any legal one: the history shows which)."""
    return Reason(
        "46B4",
        f"dummy did not hold the {fact.card} at trick {fact.trick}: the call is void and "
        "declarer designated another card, any legal card of dummy's",
    )


def law46b_intention() -> Assumption:
    """46B applies unless declarer's different intention is incontrovertible: the Director's
    judgement, not the engines' (``judge-incontrovertible``)."""
    return Assumption(
        "judge-incontrovertible",
        "46B",
        "declarer's incomplete designation of dummy's card is given the meaning Law 46B fixes "
        "(highest, lowest, lowest known to win, lowest of a suit named, a card of a rank "
        "named); whether a different intention of his was "
        "incontrovertible is the Director's judgement, not made here",
    )


def law46b_no_suit_at_lead() -> Assumption:
    """ "High", "low" or "win" with no suit named picks a card of the suit led; when dummy leads
    there is none, and the Law does not say which suit is meant. The words are taken to name
    no card there: a history where dummy led that trick does not fit the call
    (``interp-46b-no-suit-at-lead``)."""
    return Assumption(
        "interp-46b-no-suit-at-lead",
        "46B",
        'declarer\'s "high", "low" or "win" for dummy\'s card with no suit named is read as '
        "a card of the suit led, so it names no card when dummy leads the trick: no history "
        "where dummy led that trick fits the call",
    )


def law46b_void_suit() -> Assumption:
    """A call for the highest, the lowest or the lowest winning card of a suit dummy no
    longer holds (the suit
    named, or the suit led) names a card that is not in dummy: void, as 46B4 says of a card
    not in dummy, and any legal card may be played (``interp-46b-void-suit``)."""
    return Assumption(
        "interp-46b-void-suit",
        "46B",
        "a call for a card of a suit dummy no longer holds (the suit named, else the suit "
        "led) is taken as a call for a card not in dummy: void (46B4), and dummy may play "
        "any legal card",
    )


def law46b_known_to_win() -> Assumption:
    """46B1(b) says "the lowest card known to win the trick" without saying known to whom, or
    from what. Read from what declarer sees: dummy's card must beat the cards played to the
    trick before it, and, when a defender plays after dummy, no card still unplayed in
    either defender's hand may beat it (no inference from the earlier play about who holds
    what: in a suit contract a card not a trump is then known to win only when the defenders
    hold no trump). When no card of dummy's is known to win, the call names no card and is
    void (46B4): ``interp-46b1b-known-to-win``."""
    return Assumption(
        "interp-46b1b-known-to-win",
        "46B1(b)",
        "declarer's \"win\" is read as dummy's lowest card that beats the cards already played "
        "to the trick and that no card still in a defender's hand could beat when a defender "
        "plays after dummy (what declarer sees, with no inference about who holds what); "
        "when dummy has no such card the call is void and he plays any legal card",
    )


def law46b_suit_won_in() -> Assumption:
    """46B3(a): a rank named alone when dummy leads is of "the suit in which dummy won the
    previous trick": read as the suit of dummy's card that won the trick just before (a
    trump when he ruffed it); when dummy did not win that trick there is no such suit, and
    46B3(b) applies: any card of that rank, declarer saying which
    (``interp-46b3-suit-won-in``)."""
    return Assumption(
        "interp-46b3-suit-won-in",
        "46B3",
        "a rank named alone for dummy's lead is taken in the suit of dummy's card that won "
        "the trick before (a trump when he ruffed it), if he holds that rank there; "
        "otherwise, or when dummy did not win the trick before, any card of that rank he "
        "holds, declarer saying which; none of that rank: void (46B4)",
    )
