"""What the Laws require of each play once a penalty card or a restriction exists (Laws 50-59).

The state is what lies on the table besides the trick: penalty cards, a lead requirement or
prohibition, a Law 57A order on a defender's play to one trick. It is kept as card masks and
small integers, since the engines call these functions at every card they consider.

The legal plays of a seat are built in the order of precedence the Laws give (50D1(b), 59):

1. the cards that follow suit, or every card when leading or void (Law 44C-D);
2. of those, the ones that obey a restriction binding him now (a lead requirement or
   prohibition, 50D2(a) and 51B; a 57A order); a restriction that would leave nothing is
   dropped (Law 59);
3. of those, his major penalty cards if any is among them (50D1(a)); two or more: declarer
   designates (51A), which in a play history is the card played;
4. the minor penalty card limit: no other card below the ten of that suit first (50C).

Every function returns a new state; nothing is changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.bridge.masks import SUIT_MASKS, highest_card, lowest_card
from solver.laws.law59 import law59_comply_if_able

HONOURS = sum(((1 << (13 * suit + rank)) for suit in range(4) for rank in range(8, 13)), 0)
"""The A, K, Q, J and 10 of every suit (Law 50B calls these the honours)."""

PlayOrder = str
"""A Law 57A order on the offender's partner: ``highest``, ``lowest``, ``play-suit``,
``not-suit`` (the option's name without ``partner-``)."""


@dataclass(frozen=True, slots=True)
class Obligations:
    """Penalty cards and restrictions in force at a moment of the play (see the module)."""

    major: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Per seat, the major penalty cards lying face up (Law 50B, 50D)."""
    minor: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Per seat, the minor penalty card lying face up (Law 50C): at most one."""
    required_seat: int = -1
    required_suit: int = -1
    """A lead requirement (50D2(a), 51B2(a)): that seat's next lead is in that suit."""
    banned_seat: int = -1
    banned_suits: int = 0
    """A lead prohibition (50D2(a), 51B2(b)): suits (bit per suit) the seat may not lead while
    he retains the lead."""
    order_seat: int = -1
    order: PlayOrder = ""
    order_suit: int = -1
    """A Law 57A order on one seat's play to the current trick."""
    lead_chosen: bool = False
    """Declarer has made his 50D2/51B choice for the coming lead (cleared once it is led)."""
    early_lead_seat: int = -1
    """A defender who played to this trick before his partner and whose premature card of
    the next trick is, in this history, a lead to it made before his partner played to this
    one (57A): declarer's order bound the partner here, and he must lead the next trick with
    that card. Cleared at that next trick."""
    rho_turn_seat: int = -1
    rho_turn_card: int = -1
    """Law 57D in the current trick: that defender played that card early, at his right-hand
    opponent's turn; at his own turn it is his card if legal there, else a major penalty card
    (``law57.law57d_at_turn``). Cleared once he has played."""
    declarer_early_seat: int = -1
    declarer_early_card: int = -1
    """Law 57C3 in the current trick: declarer played that card from that hand (his own or
    dummy's) before its turn; at its turn it is the hand's card if legal there
    (``law57.law57c3_at_turn``). Cleared once that hand has played."""
    dummy_seat: int = -1
    dummy_said: int = 0
    dummy_suit: int = -1
    dummy_rank: int = -1
    dummy_trump: int = -1
    """Law 46B in the current trick: declarer called dummy's card incompletely (the word as
    ``law46.SAID_CODES``; the suit named or -1, for a rank alone the suit in which dummy won
    the trick before or -1; the rank named or -1; the trump suit or -1, for "win");
    ``law46.law46b_cards`` fixes the card at dummy's turn. Cleared once dummy has played."""
    dummy_watch: int = -1
    dummy_won_suit: int = -1
    """Law 46B3(a), the trick before a rank named alone: dummy's seat, watched, and the suit
    of his card to it; after the trick, that suit if dummy won it, else -1 (``watch``
    cleared). Cleared at the next trick, where the designation takes it."""
    withdrawn: tuple[tuple[int, int, int, int], ...] = ()
    """Laws 45C4(b) and 47E2 in the current trick: (seat, card, dummy, slip) of each card that
    went back to its player's hand from it (held at its start; not his card to it). For an
    opponent's card withdrawn after declarer's correction, dummy's seat and the card named by
    the slip (``law45.law45c4b_replacement_fits``); else -1, -1. Cleared after the trick."""

    @property
    def empty(self) -> bool:
        """Nothing constrains the play any more: the rest is ordinary play."""
        return (
            not any(self.major)
            and not any(self.minor)
            and self.required_seat < 0
            and self.banned_seat < 0
            and self.order_seat < 0
            and self.early_lead_seat < 0
            and self.rho_turn_seat < 0
            and self.declarer_early_seat < 0
            and self.dummy_seat < 0
            and self.dummy_watch < 0
            and self.dummy_won_suit < 0
            and not self.withdrawn
        )

    def penalty_cards(self, seat: int) -> int:
        return self.major[seat] | self.minor[seat]


def _with(masks: tuple[int, int, int, int], seat: int, value: int) -> tuple[int, int, int, int]:
    out = list(masks)
    out[seat] = value
    return (out[0], out[1], out[2], out[3])


def add_penalty_card(state: Obligations, seat: int, card: int, major: bool) -> Obligations:
    """A new penalty card of ``seat``. A second one makes every penalty card of his major
    (50B); a major one never becomes minor again."""
    bit = 1 << card
    held = state.penalty_cards(seat)
    if major or held:
        return replace(
            state,
            major=_with(state.major, seat, state.major[seat] | held | bit),
            minor=_with(state.minor, seat, 0),
        )
    return replace(state, minor=_with(state.minor, seat, bit))


def follow_set(held: int, led_suit: int) -> int:
    """Law 44C-D: the cards a seat may play to a trick led in ``led_suit`` (-1 for a lead)."""
    if led_suit < 0:
        return held
    suited = held & SUIT_MASKS[led_suit]
    return suited if suited else held


def _restricted(state: Obligations, seat: int, allowed: int, led_suit: int) -> int:
    """Step 2: the cards that also obey every restriction binding ``seat`` now; Law 59 drops
    a restriction that leaves nothing."""
    if led_suit < 0:
        if state.required_seat == seat:
            allowed = law59_comply_if_able(allowed, allowed & SUIT_MASKS[state.required_suit])
        if state.banned_seat == seat:
            banned = sum(SUIT_MASKS[s] for s in range(4) if state.banned_suits >> s & 1)
            allowed = law59_comply_if_able(allowed, allowed & ~banned)
        return allowed
    if state.order_seat == seat:
        allowed = law59_comply_if_able(allowed, _ordered(state, allowed, led_suit))
    return allowed


def _ordered(state: Obligations, allowed: int, led_suit: int) -> int:
    """Law 57A's order applied to the cards the partner could play to this trick."""
    if state.order in ("highest", "lowest"):
        suited = allowed & SUIT_MASKS[led_suit]
        if not suited:
            return 0  # he cannot follow: the order cannot be met (59)
        card = highest_card(suited) if state.order == "highest" else lowest_card(suited)
        return 1 << card
    suit = SUIT_MASKS[state.order_suit]
    return allowed & suit if state.order == "play-suit" else allowed & ~suit


def restricted_plays(state: Obligations, seat: int, held: int, led_suit: int) -> int:
    """Steps 1 and 2 only: the cards that follow suit and obey the restrictions, before the
    penalty cards' duties. A card here but not in ``legal_plays`` is a failure to play a
    penalty card (Law 52), not a revoke."""
    return _restricted(state, seat, follow_set(held, led_suit), led_suit)


def legal_plays(state: Obligations, seat: int, held: int, led_suit: int) -> int:
    """The cards ``seat`` may play now (see the module docstring for the order of the steps).

    ``held`` includes his penalty cards (they are in his hand for Law 44), ``led_suit`` is
    the suit of the trick's lead, or -1 when he is to lead."""
    allowed = _restricted(state, seat, follow_set(held, led_suit), led_suit)
    due = allowed & state.major[seat]
    if due:
        return due
    minor = state.minor[seat]
    if minor:
        suit = (minor.bit_length() - 1) // 13
        barred = SUIT_MASKS[suit] & ~HONOURS & ~minor
        kept = allowed & ~barred
        if kept:
            return kept
    return allowed


def choice_due(state: Obligations, leader: int, declarer_side: int) -> bool:
    """Law 50D2: a defender is to lead while his partner has a major penalty card."""
    return (
        leader % 2 != declarer_side
        and not state.lead_chosen
        and bool(state.major[(leader + 2) % 4])
    )


def after_play(state: Obligations, seat: int, card: int, leading: bool) -> Obligations:
    """A card is played: a penalty card is no longer one, and a lead requirement has been
    met or has lapsed (it binds one lead)."""
    bit = 1 << card
    if state.major[seat] & bit:
        state = replace(state, major=_with(state.major, seat, state.major[seat] & ~bit))
    elif state.minor[seat] & bit:
        state = replace(state, minor=_with(state.minor, seat, 0))
    if leading and state.required_seat == seat:
        state = replace(state, required_seat=-1, required_suit=-1)
    if leading and state.lead_chosen:
        state = replace(state, lead_chosen=False)
    if state.order_seat == seat:
        state = replace(state, order_seat=-1, order="", order_suit=-1)
    if state.rho_turn_seat == seat:
        state = replace(state, rho_turn_seat=-1, rho_turn_card=-1)
    if state.declarer_early_seat == seat:
        state = replace(state, declarer_early_seat=-1, declarer_early_card=-1)
    if state.dummy_seat == seat:
        state = _designation_done(state)
    if state.dummy_watch == seat:
        state = replace(state, dummy_won_suit=card // 13)
    return state


def _designation_done(state: Obligations) -> Obligations:
    return replace(state, dummy_seat=-1, dummy_said=0, dummy_suit=-1, dummy_rank=-1, dummy_trump=-1)


def after_trick(state: Obligations, winner: int) -> Obligations:
    """The end of a trick: a lead prohibition lapses once a trick is won by anyone but the
    barred player (50D2(a), 51B); a 57A order lasts one trick; the suit dummy won a trick in
    is kept for a rank named alone at his next lead (46B3(a)); the cards withdrawn from it are
    back in their hands (45C4(b), 47E2)."""
    if state.banned_seat >= 0 and winner != state.banned_seat:
        state = replace(state, banned_seat=-1, banned_suits=0)
    if state.order_seat >= 0:
        state = replace(state, order_seat=-1, order="", order_suit=-1)
    if state.rho_turn_seat >= 0:
        state = replace(state, rho_turn_seat=-1, rho_turn_card=-1)
    if state.declarer_early_seat >= 0:
        state = replace(state, declarer_early_seat=-1, declarer_early_card=-1)
    if state.dummy_seat >= 0:
        state = _designation_done(state)
    if state.dummy_watch >= 0:
        won = state.dummy_won_suit if winner == state.dummy_watch else -1
        state = replace(state, dummy_watch=-1, dummy_won_suit=won)
    if state.withdrawn:
        state = replace(state, withdrawn=())
    return state


def pick_up(state: Obligations, seat: int, suits: int) -> Obligations:
    """The penalty cards of ``seat`` in those suits go back into his hand (50D2(a), 51B)."""
    kept = ~sum(SUIT_MASKS[s] for s in range(4) if suits >> s & 1)
    return replace(
        state,
        major=_with(state.major, seat, state.major[seat] & kept),
        minor=_with(state.minor, seat, state.minor[seat] & kept),
    )


def penalty_suits(state: Obligations, seat: int) -> int:
    """The suits (bit per suit) of the major penalty cards of ``seat``."""
    cards = state.major[seat]
    return sum(1 << s for s in range(4) if cards & SUIT_MASKS[s])
