"""A second, independent count of the histories of a case with one agreed irregularity in play.

Written from the case format's section on irregularities (Laws 50-57) alone: it reads the
case's YAML data itself and imports nothing from ``solver``; from ``tests.independent_count`` it
takes only the reading of the deal, rows, marks and statements, the pricing of a trick against
them, and the final tally. The play under the irregularity is its own dynamic programming over
(trick, leader, cards held, rows out of order, cards-tier budget, penalty card's state, lead
prohibition).

Covered: rows (intact or mixed), marks, agreed tricks and statements as in the plain count, with
exactly ONE irregularity under ``play.irregularities``:

* a penalty card of a defender (``penalty_card``), lying face up from the start of its trick:
  major or minor by Law 50B (2017 wording, the same three conditions in every edition: minor
  only for a card below the ten, dropped by accident or played as a second card), or by its
  ``class``. A major one must be played at the holder's first legal opportunity (50D1): when it
  is among the cards he may legally play after following suit and any lead restriction, it is
  the only one he may play. A minor one: he may play no other card below the ten of its suit
  while it lies (50C), unless nothing else is left. Before each lead by the holder's partner
  while a major one lies, declarer chooses (50D2): require its suit (the card goes back to the
  hand, that lead must be of the suit if the leader has one), forbid its suit (back to the hand,
  the leader may not lead it while he keeps winning the tricks he leads, unless he holds
  nothing else) or leave it (the choice comes back at his next lead). A recorded ``choice`` for
  that trick is the only option taken, and a history where no such choice arises there does
  not fit it; an unrecorded choice branches, each choice sequence a history of its own;
* a lead out of turn (``lead_out_of_turn``): whoever should have led the trick (the opening
  leader at trick 1, else the winner of the trick before) is not the offender. Accepted (53A),
  the offender leads the trick with that card and play goes on clockwise from him. Refused, the
  proper leader leads; a defender's card becomes a major penalty card from that trick (54D, 56),
  with 50D2's choice at once when the proper leader is his partner; declarer's or dummy's card
  simply goes back to the hand (55B). With no response the choice is pending where play stopped
  (the trick of the lead is the one after the last played), nothing branches. Under the 2017
  code a lead out of turn to trick 13 has no acceptance: the proper leader leads and the card
  counts as played in turn. Taken back because an opponent had wrongly told him it was his
  lead (``response: retracted-misinformed``, Law 47E1): the proper leader leads, the card goes
  back to the offender's hand with no penalty card, and nothing is chosen. With
  ``played_after`` (the player on the offender's left, of the other side, played to the lead
  before anything was ruled: Law 60A1) it is accepted;
* a premature play (``premature``, 57A) of a defender at a trick: he played before his partner,
  whose turn came first. Either the trick is led by the offender's left-hand opponent (partner
  second to play, offender fourth), and declarer's order binds the partner's card to that trick;
  or the card is a lead to that trick made before the partner had played to the trick before,
  which the offender led or played second to and won: he leads the trick with that card, and
  the order binds the partner's card to the trick before (its suit led is that trick's). His
  card is a major penalty card from the start of its trick (due at his own turn if legal). The
  order: highest or lowest of the suit led, a card of a suit he names (2017 only), or no card
  of a suit he names, a named suit never the one led; following suit comes first and an order
  that cannot be obeyed is dropped (Law 59). A recorded order (given at the card's trick in
  either reading) is the only one; otherwise each is a branch. With ``played_after`` (Law
  60A1: the player on his left played to it before anything was ruled) only the second
  reading fits, since the leader of the trick is the one on the offender's left after a card
  played to it too early: he led or played second to the trick before and won it, and leads
  the card to its trick as an ordinary lead; no penalty card, no order;
* a play at the right-hand opponent's turn (``played_at_rho_turn``, 57D): a defender's card
  shown to a trick after his partner had played and before declarer or dummy on his right did.
  The trick is led by his partner or his left-hand opponent. At his own turn, when the card
  follows suit (or he has none of the suit led) it is his card to the trick; otherwise he plays
  another card, following suit, and that one lies as a major penalty card from the next trick
  on, as above;
* declarer's play before his turn (``declarer_played_early``, 57C3), from his hand or dummy's:
  the trick is led by that hand's partner or its left-hand opponent, and at the hand's own
  turn the card is its card to the trick when it follows suit (or the hand has none of the
  suit led); otherwise the hand plays another card, and nothing lies on the table;
* a fifth card added to a complete trick (``fifth_card``, 45E): a defender's lies as a
  penalty card from the next trick, as above (``how`` as for a penalty card, ``exposed`` when
  not given); declarer's or dummy's goes back to the hand, so all it says is that the card
  was still held at the start of the next trick;
* declarer's incomplete call for dummy's card (``dummy_designation``, 46B) at a trick: "high"
  means dummy's highest card of the suit named, or of the suit led when none is named (then
  dummy cannot have led that trick), "low" the lowest, a suit named alone its lowest; when
  dummy has no card of that suit, the call names nothing and he plays as he may. "Win" (of
  the suit named, else of the suit led, the same way) is dummy's lowest card that outranks
  the cards played before his and, if a defender is still to play, every card either
  defender still holds; none such, he plays as he may. A rank alone: when dummy leads, his
  card of that rank in the suit of the card with which he won the trick before, if he won
  it and has that card, else any card of that rank; following, any card of that rank he
  may play; none, he plays as he may. "Play anything": he plays as he may. A card named in
  full that dummy did not hold (``said: card``, 46B4): he no longer held it at the start of
  that trick (it went earlier, or was never his), and plays as he may. A recorded pick of
  dummy's card after the call (``declarer-picks-card`` under 46B3(b) or 46B4,
  ``defender-picks-card`` under 46B5) is his card to that trick;
* cards that went back to the hand at one trick, recorded as choices alone (no other
  irregularity): declarer's correction of the card of dummy's his slip of the tongue named
  (``correct-designation``, 45C4(b)), a defender's card withdrawn after it
  (``replace-own-card``), a card retracted after a mistaken explanation
  (``retract-misexplained``, 47E2). Each named card was still in its player's hand at the
  start of that trick and is not his card to it. The defender who withdrew had played after
  dummy in that trick, and his card then followed the suit led as it was before the
  correction (the suit of the card named by the slip if dummy led) unless he had none of it.

A recorded ``retract-misinformed-turn`` (47E1, 2007) with a lead out of turn at its trick reads
as ``response: retracted-misinformed``.

Play may stop during a trick (an entry of ``play.tricks`` with fewer than four cards, the
trick after the rows' last): a history fits when that trick's leader won its last trick, the
cards faced to it were still held and follow suit, the irregularity's card at that trick (a
premature card, a penalty card lying from it) was still held, and in some way the trick may
begin (declarer's 50D2 choice, a 57A order) each card faced is one the rules above leave its
player. A premature card at the trick where play stopped is, in a history, either a lead to
it made too early (its player won the last trick, having played to it before his partner) or
a card played to it after the lead of his left-hand opponent, who won the last trick.

Beside that one irregularity, a case may give a card played to the trick in progress (not
led) instead of a penalty card due, Law 52 pending: it fits when that card is one the rules
above leave its player but for the penalty card's duty, which forbids it (not judged, only
that he held it).

Beside that one irregularity, a case may give a card led instead of a penalty card due
(``failure_to_play``, Law 52, declarer's choice pending) at the trick where play stopped. A
history fits it when its player won the trick before (he was on lead there), still held that
card, and leading it was a failure to lead a penalty card there: the irregularity's card lay as
his penalty card at that lead (not played, not taken back by declarer's 50D2 choice) and its
duty forbade the card: beside a major one any other card (nothing restricts the leads of the
holder himself here: declarer's 50D2 choice binds only the holder's partner), beside a minor
one any other card of its suit below the ten. When no history fits it but some has its player
on lead with the card in hand, the case is refused (``Refused``): the position where play
stopped gives no failure to rule on.

A card of the irregularity is in its player's hand at the start of its trick (it cannot have
been played earlier). Not covered (``NotCovered``): two or more irregularities (but the one
above with a failure to lead a penalty card), a failure to lead one with nothing else, accounts
of one side, revoke allegations, a defective trick (Law 67), claims, recorded choices other than the
ones above (52, 53B, 54B, 58...), a lead out of turn with no response before the last trick,
a fact with a field not named above (such as a 57C1 exemption).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tests.independent_count import (
    RANKS,
    SEATS,
    SUITS,
    Count,
    Counter,
    Dispute,
    Tally,
    best_of,
    bits,
    card_index,
    card_name,
    in_progress_fits,
    read,
    seat_index,
    suit_mask,
    with_totals,
)

TEN = 8
"""Index of the ten in a suit (2 is 0): honours are TEN and above."""

BEFORE, LYING, GONE = 0, 1, 2
"""The irregularity's card: not yet a penalty card, a penalty card lying, no longer one."""


class NotCovered(Exception):
    """A case this count does not handle."""


class Refused(Exception):
    """A case the count holds to be bad input: a failure to lead a penalty card that no
    consistent history makes one."""


@dataclass
class Irregularity:
    """The one agreed irregularity, in integers (trick from 0, seats from N)."""

    kind: str  # "penalty", "lead", "premature", "forfeit", "rho", "early", "designation",
    # "returned"
    seat: int
    card: int
    trick: int
    major: bool = True
    response: str | None = None
    edition: int = 2017
    lead_choices: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Trick -> (50D2 option, suit) recorded before that trick's lead."""
    said: str = ""
    named_suit: int = -1
    rank: int = -1
    """A rank named alone (46B3), 0 the two .. 12 the ace."""
    orders: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Trick -> (57A option, suit or -1) recorded for partner's card to that trick."""
    failure: tuple[int, int] | None = None
    """(seat, card) of a card led to the trick where play stopped instead of a penalty card
    due (Law 52, choice pending), or None."""
    withdrawals: list[tuple[int, int]] = field(default_factory=list)
    """(seat, card) of each card back in its hand from ``trick`` ("withdrawn")."""
    replacement: tuple[int, int, int] | None = None
    """(defender, card withdrawn, card of dummy's named by the slip), 45C4(b)."""
    absent: int = -1
    """A card dummy no longer held at ``trick`` (46B4, "absent")."""
    picked: int = -1
    """Dummy's card to ``trick`` as recorded after the call (46B), or -1."""

    @property
    def penalty(self) -> bool:
        """Does the card become a penalty card at its trick?"""
        if self.kind in ("penalty", "premature"):
            return True
        defender_loot = self.kind == "lead" and self.response == "refused"
        return defender_loot and not self.last_trick and self.seat % 2 != self.declarer_side

    declarer_side: int = 0
    last_trick: bool = False


def penalty_class(entry: dict[str, Any], card: int) -> bool:
    """Law 50B: is this lone penalty card major?"""
    if entry.get("class") is not None:
        return str(entry["class"]) == "major"
    how = str(entry.get("how", "exposed"))
    return card % 13 >= TEN or how not in ("inadvertent", "second-card")


def read_irregularity(data: dict[str, Any], dispute: Dispute) -> Irregularity:
    """The case's one agreed irregularity (NotCovered otherwise)."""
    play = data.get("play") or {}
    if play.get("unplayed") or dispute.surplus >= 0:
        raise NotCovered("defective trick")
    if dispute.revoke_tricks or dispute.revoke_suits:
        raise NotCovered("revoke allegation")
    if data.get("claim") is not None:
        raise NotCovered("claim")
    facts = [e for e in play.get("irregularities") or [] if "choice" not in e]
    choices = [e["choice"] for e in play.get("irregularities") or [] if "choice" in e]
    if not facts and any(str(c["law"]) in WITHDRAWING for c in choices):
        return read_withdrawals(choices, dispute, int(data.get("edition") or 2017))
    failures = [e["failure_to_play"] for e in facts if "failure_to_play" in e]
    facts = [e for e in facts if "failure_to_play" not in e]
    if len(facts) != 1 or len(failures) > 1:
        raise NotCovered("not exactly one irregularity (beside a failure to lead a penalty card)")
    (kind, entry), *_ = facts[0].items()
    irr = read_one(kind, entry, dispute, play, int(data.get("edition") or 2017))
    for failure in failures:
        if int(failure["trick"]) != dispute.tricks + 1:
            raise NotCovered("a failure to lead a penalty card at another trick than the next")
        irr.failure = (seat_index(failure["seat"]), card_index(str(failure["card"])))
    return irr


def read_one(
    kind: str, entry: dict[str, Any], dispute: Dispute, play: dict[str, Any], edition: int
) -> Irregularity:
    """The one irregularity, of ``kind``, with the choices recorded for it."""
    if kind == "dummy_designation":
        return read_choices(read_designation(entry, dispute, edition), play)
    if kind == "fifth_card":
        return read_fifth_card(entry, dispute, edition)
    if set(entry) - {"seat", "card", "trick", "how", "class", "response", "played_after"}:
        raise NotCovered(f"{kind} with {sorted(entry)}")  # e.g. a 57C1 exemption
    played_after = bool(entry.get("played_after"))
    if played_after and kind not in ("lead_out_of_turn", "premature"):
        raise NotCovered(f"played_after with {kind}")
    irr = Irregularity(
        kind={
            "penalty_card": "penalty",
            "lead_out_of_turn": "lead",
            "premature": "premature",
            "played_at_rho_turn": "rho",
            "declarer_played_early": "early",
        }[kind],
        seat=seat_index(entry["seat"]),
        card=card_index(str(entry["card"])),
        trick=int(entry["trick"]) - 1,
        response=entry.get("response"),
        edition=edition,
        declarer_side=dispute.declarer % 2,
    )
    if played_after and irr.kind == "lead":
        irr.response = "accepted"  # the side that did not offend played to it (60A1)
    if played_after and irr.kind == "premature":
        irr.kind = "forfeit"  # a lead made too early, played to: unrectified (60A1)
    read_choices(irr, play)
    irr.last_trick = irr.kind == "lead" and irr.trick == 12 and edition >= 2017
    if irr.kind == "penalty":
        irr.major = penalty_class(entry, irr.card)
    pending = irr.kind == "lead" and irr.response is None and not irr.last_trick
    if pending and dispute.tricks > irr.trick:
        raise NotCovered("a lead out of turn left unanswered before play stopped")
    return irr


WITHDRAWING = ("45C4(b)", "47E2")
"""The laws whose recorded choices put a card back in its player's hand."""


def read_withdrawals(choices: list[dict[str, Any]], dispute: Dispute, edition: int) -> Irregularity:
    """Cards back in their hands from one trick (45C4(b), 47E2), the choices alone."""
    if any(str(c["law"]) not in WITHDRAWING for c in choices):
        raise NotCovered("another choice beside a card withdrawn")
    tricks = {int(c["trick"]) for c in choices}
    if len(tricks) != 1:
        raise NotCovered("cards withdrawn at two tricks")
    irr = Irregularity(
        kind="withdrawn",
        seat=-1,
        card=-1,
        trick=tricks.pop() - 1,
        edition=edition,
        declarer_side=dispute.declarer % 2,
    )
    hands = dispute.hands
    slip = -1
    for choice in choices:
        card = card_index(str(choice["card"]))
        holder = next(s for s in range(4) if hands[s] >> card & 1)
        irr.withdrawals.append((holder, card))
        if choice["option"] == "correct-designation":
            slip = card
    for choice in choices:
        if choice["option"] == "replace-own-card":
            card = card_index(str(choice["card"]))
            irr.replacement = (seat_index(choice["by"]), card, slip)
    return irr


def read_fifth_card(entry: dict[str, Any], dispute: Dispute, edition: int) -> Irregularity:
    """A card added to a complete trick: a defender's lies as a penalty card from the next
    trick, classed like any other; declarer's (or dummy's) is only back in the hand, so it is
    still held at the start of the next trick ("returned")."""
    seat = seat_index(entry["seat"])
    card = card_index(str(entry["card"]))
    defender = seat % 2 != dispute.declarer % 2
    irr = Irregularity(
        kind="penalty" if defender else "returned",
        seat=seat,
        card=card,
        trick=int(entry["trick"]),  # from 0: the trick after the one it was added to
        edition=edition,
        declarer_side=dispute.declarer % 2,
    )
    if defender:
        irr.major = penalty_class(entry, card)
    return irr


def read_designation(entry: dict[str, Any], dispute: Dispute, edition: int) -> Irregularity:
    """Declarer's call for dummy's card: no card of its own, dummy its seat; a card named in
    full that he did not hold ("absent")."""
    suit = entry.get("suit")
    dummy: dict[str, Any] = {
        "seat": (dispute.declarer + 2) % 4,
        "card": -1,
        "trick": int(entry["trick"]) - 1,
        "edition": edition,
        "declarer_side": dispute.declarer % 2,
    }
    if str(entry["said"]) == "card":
        return Irregularity(kind="absent", absent=card_index(str(entry["card"])), **dummy)
    return Irregularity(
        kind="designation",
        **dummy,
        said=str(entry["said"]),
        named_suit=-1 if suit is None else SUITS.index(str(suit).upper()),
        rank=-1 if entry.get("rank") is None else RANKS.index(_rank_letter(entry["rank"])),
    )


def _rank_letter(value: Any) -> str:
    text = str(value).strip().upper()
    return "T" if text == "10" else text


def read_choices(irr: Irregularity, play: dict[str, Any]) -> Irregularity:
    """The choices recorded beside the irregularity (``read_choice``), and the irregularity."""
    for item in play.get("irregularities") or []:
        if "choice" in item:
            read_choice(irr, item["choice"])
    return irr


def read_choice(irr: Irregularity, choice: dict[str, Any]) -> None:
    law, option = str(choice["law"]), str(choice["option"])
    trick = int(choice["trick"]) - 1
    suit = SUITS.index(str(choice["suit"]).upper()) if choice.get("suit") is not None else -1
    if law == "50D2":
        irr.lead_choices[trick] = (option, suit)
    elif law == "57A" and irr.kind == "premature" and trick == irr.trick:
        irr.orders[trick] = (option, suit)
    elif law == "47E1" and irr.kind == "lead" and trick == irr.trick:
        irr.response = "retracted-misinformed"  # the offender took it back (2007)
    elif law.startswith("46B") and irr.kind in ("designation", "absent") and trick == irr.trick:
        irr.picked = card_index(str(choice["card"]))
    else:
        raise NotCovered(f"recorded choice under {law}")


State = tuple[int, int, tuple[int, ...], frozenset[int], int, int, int, int, int]
"""trick, leader, cards held, rows out of order, budget, the card's state, suit barred to the
holder's partner's leads (-1 none), 1 when a premature card of the next trick was led to it
too early (the order was given at this trick), else 0, and the suit of dummy's card that won
the trick before (-1 when dummy did not win it; kept only for a rank named alone)."""


class IrregularCounter(Counter):
    """Every legal history under the irregularity within a cards-tier budget."""

    def __init__(
        self,
        dispute: Dispute,
        irr: Irregularity,
        lenient: frozenset[str] = frozenset(),
        failing: bool = False,
    ) -> None:
        super().__init__(dispute)
        self.irr = irr
        self.lenient = lenient
        self.failing = failing
        """Keep only the histories where a failure to lead a penalty card is one (else it is
        enough that its player was on lead with the card in hand)."""
        self.partner = (irr.seat + 2) % 4
        self.memo2: dict[State, Tally] = {}

    def start(self, budget: int) -> Tally:
        start = (0, self.d.leader, tuple(self.d.hands), frozenset(), budget, BEFORE, -1, 0, -1)
        return self.rest2(start)

    def rest2(self, state: State) -> Tally:
        trick, leader = state[0], state[1]
        irr = self.irr
        proper = trick == irr.trick and irr.kind == "lead" and leader == irr.seat
        if proper and not (trick == self.d.tricks and "lead-at-stop" in self.lenient):
            return {}  # the offender was the proper leader: no lead out of turn
        if trick == self.d.tricks:
            if state[7] and leader != irr.seat:
                return {}  # a lead made too early is the winner's of the trick before
            at_stop = irr.kind == "premature" and trick == irr.trick
            if at_stop and not state[7] and not self.out_of_turn(leader):
                return {}  # played to this trick too early: led by his left-hand opponent
            # A choice recorded where play stopped must be one the history leads to.
            lying = state[5] == LYING or (irr.penalty and trick == irr.trick)
            due = lying and irr.major and leader == self.partner
            placed = due or trick not in irr.lead_choices or "choice-place" in self.lenient
            fits = self.failure_fits(leader, state[2], lying) and self.faced_fit(state)
            return {(frozenset(), 0, ()): 1} if placed and fits else {}
        if state not in self.memo2:
            self.memo2[state] = self.trick_start(state)
        return self.memo2[state]

    def faced_fit(self, state: State) -> bool:
        """The trick play stopped in, when the case gives its cards: led by the player to lead
        there (after a lead out of turn to it accepted, its offender, with that card), every
        card still held and following suit (``in_progress_fits``); the irregularity's card,
        when it is at that trick, still held; and in some way the trick may begin
        (declarer's 50D2 choice, the 57A order), each card faced one the rules leave its
        player (``allowed``: the order binding the premature player's partner, the penalty
        card's duty its holder). A lead out of turn not yet answered, given alone as the
        trick, is that lead where play stopped."""
        if self.d.in_progress is None:
            return True
        trick, leader, held, broken, budget, pc, ban, early, won = state
        irr = self.irr
        _first, cards = self.d.in_progress
        begun = self.lead_at_stop(trick, leader, held)
        if begun is None or isinstance(begun, bool):
            return bool(begun)
        leader, lead_card = begun
        if trick == irr.trick:
            if irr.card >= 0 and not held[irr.seat] >> irr.card & 1:
                return False
            if irr.penalty:
                pc = LYING
        orders = self.premature_orders(trick, leader, early)
        if orders is None:
            return False
        for pc_now, ban_now, required in self.lead_starts(trick, leader, pc, ban, lead_card):
            for option, suit, _early in orders:
                if suit >= 0 and suit == cards[0] // 13:
                    continue  # 57A: a suit named is another than the one led
                now = (trick, leader, held, broken, budget, pc_now, ban_now, early, won)
                if self.faced_allowed(now, cards, required, (option, suit)):
                    return True
        return False

    def lead_at_stop(
        self, trick: int, proper: int, held: tuple[int, ...]
    ) -> tuple[int, int] | bool | None:
        """Who leads the trick in progress and the card he must lead (-1 none), from
        ``proper`` (the winner of the last trick), or None when its cards do not begin so.
        After a lead out of turn to it: accepted, its offender with that card (53A); not
        answered yet, given alone, it is that lead where play stopped (True: it fits as
        though the trick were not given)."""
        irr = self.irr
        first, cards = self.d.in_progress or (-1, [])
        leader, lead_card = proper, -1
        if irr.kind == "lead" and trick == irr.trick and not irr.last_trick:
            if irr.response is None:
                alone = first == irr.seat and cards == [irr.card]
                return alone and bool(held[first] >> irr.card & 1)
            if irr.response == "accepted":
                leader, lead_card = irr.seat, irr.card
        if not in_progress_fits(self.d, leader, held):
            return None
        if lead_card >= 0 and cards[0] != lead_card:
            return None
        return leader, lead_card

    def faced_allowed(
        self, state: State, cards: list[int], required: int, order: tuple[str, int]
    ) -> bool:
        """Each card faced to the trick in progress is one ``allowed`` leaves its player, in
        turn from the leader (each seat plays once, so the penalty card's state is the
        start's); a card played there instead of a penalty card (Law 52 pending) is one his
        penalty card's duty alone forbids (``failing``; else only held)."""
        leader, held = state[1], state[2]
        picked = [0, 0, 0, 0]
        for offset, card in enumerate(cards):
            seat = (leader + offset) % 4
            allowed = self.allowed(state, seat, offset, picked, held[seat], required, order)
            if (seat, card) == self.irr.failure:
                free = (*state[:5], GONE, *state[6:])
                without = self.allowed(free, seat, offset, picked, held[seat], required, order)
                lying = seat == self.irr.seat and state[5] == LYING
                failed = lying and without >> card & 1 and not allowed >> card & 1
                if self.failing and not failed:
                    return False
            elif not allowed >> card & 1:
                return False
            picked[seat] = card
        return True

    def failure_fits(self, leader: int, held: tuple[int, ...], lying: bool) -> bool:
        """Law 52 pending where play stopped: the card was led by its player, on lead there,
        who still held it; with ``failing``, also while his penalty card forbade it (a major
        one lying: any other card; a minor one: another card of its suit below the ten)."""
        if self.irr.failure is None or self.d.in_progress is not None:
            return True  # a card played to the trick in progress is judged with it
        seat, card = self.irr.failure
        if leader != seat or not held[seat] >> card & 1:
            return False
        if not self.failing:
            return True
        mine = lying and seat == self.irr.seat and card != self.irr.card
        low = card // 13 == self.irr.card // 13 and card % 13 < TEN
        return mine and (self.irr.major or low)

    def held_as_said(self, held: tuple[int, ...]) -> bool:
        """At the irregularity's trick: its card still in its player's hand, and the cards
        withdrawn from it; a card dummy did not hold (46B4) not in his."""
        irr = self.irr
        if irr.card >= 0 and not held[irr.seat] >> irr.card & 1:
            return False
        if any(not held[s] >> c & 1 for s, c in irr.withdrawals):
            return False
        return not (irr.absent >= 0 and held[irr.seat] >> irr.absent & 1)

    def trick_start(self, state: State) -> Tally:
        """The ways the trick may begin: the card becoming a penalty card, a lead out of turn,
        declarer's 50D2 choice, a 57A order; then the trick itself."""
        trick, leader, held, broken, budget, pc, ban, early, won = state
        irr = self.irr
        lead_card = -1
        if trick == irr.trick:
            if not self.held_as_said(held):
                return {}
            if irr.penalty:
                pc = LYING
            if irr.kind in ("rho", "early") and (leader - irr.seat) % 4 not in (1, 2):
                return {}  # 57D: his partner had not played; 57C3: no hand's turn was before
            if irr.kind == "lead" and irr.response == "accepted" and not irr.last_trick:
                leader, lead_card = irr.seat, irr.card
            if irr.kind == "forfeit":
                lead_card = irr.card  # his own lead, as though in turn
        starts = self.lead_starts(trick, leader, pc, ban, lead_card)
        orders = self.premature_orders(trick, leader, early)
        if orders is None:
            return {}
        tally: Tally = defaultdict(int)
        for pc_now, ban_now, required in starts:
            for option, suit, early_now in orders:
                order = (option, suit)
                now = (trick, leader, held, broken, budget, pc_now, ban_now, early_now, won)
                for key, number in self.trick_tally2(now, lead_card, required, order).items():
                    tally[key] += number
        return tally

    def lead_starts(
        self, trick: int, leader: int, pc: int, ban: int, lead_card: int
    ) -> list[tuple[int, int, int]]:
        """After declarer's 50D2 choice, if one is due: each (card's state, barred suit,
        required suit) the lead may be made under (none if a recorded choice finds no place)."""
        irr = self.irr
        if not (pc == LYING and irr.major and leader == self.partner and lead_card < 0):
            placed = trick not in irr.lead_choices or "choice-place" in self.lenient
            return [(pc, ban, -1)] if placed else []
        suit = irr.card // 13
        options = {
            ("require-suit", suit): (GONE, ban, suit),
            ("forbid-suit", suit): (GONE, suit, -1),
            ("leave-penalty-card", -1): (pc, ban, -1),
        }
        if trick in irr.lead_choices:
            recorded = options.get(irr.lead_choices[trick])
            return [recorded] if recorded is not None else []
        return list(options.values())

    def premature_orders(
        self, trick: int, leader: int, early: int
    ) -> list[tuple[str, int, int]] | None:
        """57A: the orders binding the partner at this trick, each (option, suit, 1 when the
        premature card of the next trick is then a lead to it made too early), or None when
        the premature card cannot be where the history puts it."""
        irr = self.irr
        orders: list[tuple[str, int, int]] = [("", -1, 0)]
        if irr.kind == "forfeit":
            return self.forfeit_position(trick, leader, early)
        if irr.kind != "premature":
            return orders
        if trick == irr.trick:
            if early:
                # a lead made too early: he won the trick before and leads the card
                return orders if leader == irr.seat else None
            if not self.out_of_turn(leader):
                return None  # partner did not play before him in this trick
            return [(*o, 0) for o in self.orders_57a(trick)]
        if trick == irr.trick - 1 and leader in (irr.seat, (irr.seat + 3) % 4):
            # he plays before his partner: his card to the next trick may be a lead to it
            # made too early, and the order then binds his partner now
            orders += [(*o, 1) for o in self.orders_57a(irr.trick)]
        return orders

    def forfeit_position(
        self, trick: int, leader: int, early: int
    ) -> list[tuple[str, int, int]] | None:
        """60A1, a lead made too early and played to by the offender's left-hand opponent:
        at the trick before, he led or played second (before his partner), which marks it;
        at the card's trick he leads (he won the trick before), with no order anywhere. None
        where the history cannot hold it."""
        irr = self.irr
        if trick == irr.trick - 1:
            if leader in (irr.seat, (irr.seat + 3) % 4):
                return [("", -1, 1)]
            return None
        if trick == irr.trick:
            return [("", -1, 0)] if early and leader == irr.seat else None
        return [("", -1, 0)]

    def out_of_turn(self, leader: int) -> bool:
        """57A, his card played to the trick (not led to it too early): can the offender have
        played before a partner whose turn came first? Only fourth to play, his partner
        second: the trick is led by his left-hand opponent."""
        return leader == (self.irr.seat + 1) % 4 or "premature-position" in self.lenient

    def orders_57a(self, trick: int) -> list[tuple[str, int]]:
        options = [("partner-highest", -1), ("partner-lowest", -1)]
        named = ["partner-not-suit"]
        if self.irr.edition >= 2017:
            named.insert(0, "partner-play-suit")
        options += [(name, suit) for name in named for suit in range(4)]
        if trick in self.irr.orders:
            options = [o for o in options if o == self.irr.orders[trick]]
        return options

    def trick_tally2(
        self, state: State, lead_card: int, required: int, order: tuple[str, int]
    ) -> Tally:
        trick, leader, held, broken, budget, pc, ban, early, _ = state
        tally: Tally = defaultdict(int)
        for cards, newly in self.plays2(state, lead_card, required, order, 0, [0] * 4, ()):
            priced = self.price(trick, leader, cards, newly)
            if priced is None:
                continue
            units, winner = priced
            cost = sum(1 for u in units if u in self.d.cards_units)
            if cost > budget:
                continue
            after = tuple(held[s] & ~(1 << cards[s]) for s in range(4))
            pc_after = GONE if pc == LYING and cards[self.irr.seat] == self.irr.card else pc
            if self.irr.kind == "rho" and trick == self.irr.trick:
                # 57D: not played at his turn, the card lies as a major penalty card
                pc_after = GONE if cards[self.irr.seat] == self.irr.card else LYING
            ban_after = ban if winner == self.partner else -1
            won = 1 if winner % 2 == self.d.declarer % 2 else 0
            early_after = early if trick + 1 == self.irr.trick else 0
            dummy = self.irr.seat
            won_by_dummy = self.irr.kind == "designation" and winner == dummy
            won_after = cards[dummy] // 13 if won_by_dummy else -1
            later = self.rest2(
                (
                    trick + 1,
                    winner,
                    after,
                    broken | set(newly),
                    budget - cost,
                    pc_after,
                    ban_after,
                    early_after,
                    won_after,
                )
            )
            for (more, tricks, revokes), number in later.items():
                tally[(units | more, tricks + won, revokes)] += number
        return tally

    def plays2(
        self,
        state: State,
        lead_card: int,
        required: int,
        order: tuple[str, int],
        offset: int,
        cards: list[int],
        newly: tuple[int, ...],
    ) -> Any:
        if offset == 4:
            if order[1] >= 0 and order[1] == cards[state[1]] // 13:
                return  # 57A: a suit named must be another than the one led
            yield (cards[0], cards[1], cards[2], cards[3]), newly
            return
        trick, leader, _, broken, budget, _, _, _, _ = state
        seat = (leader + offset) % 4
        legal = self.legal(state, seat, offset, cards, lead_card, required, order)
        order_row = self.d.order[seat]
        row = order_row[trick : trick + 1] if order_row is not None else []
        in_order = order_row is not None and seat not in broken
        for card in bits(legal):
            breaks = in_order and card not in row
            if breaks and budget - len(newly) <= 0:
                continue
            cards[seat] = card
            yield from self.plays2(
                state, lead_card, required, order, offset + 1, cards, newly + (seat,) * breaks
            )

    def legal(
        self,
        state: State,
        seat: int,
        offset: int,
        cards: list[int],
        lead_card: int,
        required: int,
        order: tuple[str, int],
    ) -> int:
        """The cards ``seat`` may play: follow suit, then a lead or play restriction (dropped
        when it leaves nothing, Law 59), then a major penalty card due, then a minor one's
        limit."""
        trick, _, held, _, _, _, _, _, won = state
        irr = self.irr
        # What the Laws allow is found from his whole hand; his row (what he played, when the
        # rows say) then keeps only the cards it holds.
        mine = held[seat]
        if trick < irr.trick and seat == irr.seat and irr.card >= 0:
            mine &= ~(1 << irr.card)  # still in his hand at the irregularity's trick
        for owner, withdrawn in irr.withdrawals:
            if trick < irr.trick and seat == owner:
                mine &= ~(1 << withdrawn)  # still in his hand at the trick it went back from
        if offset == 0 and lead_card >= 0:
            mine &= 1 << lead_card
        allowed = self.allowed(state, seat, offset, cards, mine, required, order)
        if irr.kind == "designation" and trick == irr.trick and seat == irr.seat:
            allowed = self.designated(held, offset, cards, allowed, won)
        if irr.kind in ("rho", "early") and trick == irr.trick and seat == irr.seat:
            # 57D and 57C3 at his own turn: the card if it follows suit, else another card
            card = 1 << irr.card
            allowed = card if allowed & card else allowed & ~card
        if trick == irr.trick:
            allowed = self.after_withdrawal(state, seat, offset, cards, allowed)
            if irr.picked >= 0 and seat == irr.seat:
                allowed &= 1 << irr.picked  # the card picked for dummy after the call
        return allowed & self.d.playable[seat]

    def after_withdrawal(
        self, state: State, seat: int, offset: int, cards: list[int], allowed: int
    ) -> int:
        """At the trick cards went back from: not those cards; for the defender who withdrew
        after declarer's correction, nothing at all unless dummy played before him and his
        card withdrawn followed the suit led before the correction (the slip card's suit when
        dummy led) or he had none of that suit."""
        irr = self.irr
        for owner, withdrawn in irr.withdrawals:
            if owner == seat:
                allowed &= ~(1 << withdrawn)
        if irr.replacement is None or irr.replacement[0] != seat:
            return allowed
        _, withdrawn, slip = irr.replacement
        leader, held = state[1], state[2]
        dummy = (self.d.declarer + 2) % 4
        if (dummy - leader) % 4 >= offset:
            return 0  # dummy had not played before him
        suit = slip // 13 if leader == dummy else cards[leader] // 13
        if withdrawn // 13 != suit and held[seat] & suit_mask(suit):
            return 0  # the card withdrawn would not have followed suit
        return allowed

    def allowed(
        self,
        state: State,
        seat: int,
        offset: int,
        cards: list[int],
        mine: int,
        required: int,
        order: tuple[str, int],
    ) -> int:
        _, leader, held, _, _, pc, ban, _, _ = state
        irr = self.irr
        legal = mine
        if offset:
            led = cards[leader] // 13
            if held[seat] & suit_mask(led):
                legal = mine & suit_mask(led)
        else:
            if required >= 0 and legal & suit_mask(required):
                legal &= suit_mask(required)
            if ban >= 0 and seat == self.partner and legal & ~suit_mask(ban):
                legal &= ~suit_mask(ban)
        if order[0] and offset and seat == self.partner:
            legal = self.ordered(legal, order, cards[leader] // 13)
        if seat == irr.seat and pc == LYING:
            if irr.major:
                if legal >> irr.card & 1:
                    legal = 1 << irr.card
            else:
                suit = irr.card // 13
                low = sum(1 << (suit * 13 + r) for r in range(TEN)) & ~(1 << irr.card)
                legal = legal & ~low or legal
        return legal

    def designated(
        self, held: tuple[int, ...], offset: int, cards: list[int], allowed: int, won: int
    ) -> int:
        """46B: what declarer's call leaves dummy. "High" / "low": his highest / lowest card of
        the suit named, else of the suit led; a suit alone its lowest; "win" his lowest card
        sure to win (``sure_winner``); a rank alone a card of that rank (``of_rank``);
        "anything": whatever he may play (a defender chose). A call naming no card he has
        leaves him free."""
        irr = self.irr
        hand = held[irr.seat]
        leader = (irr.seat - offset) % 4
        if irr.said == "anything":
            return allowed
        if irr.said == "rank":
            named = self.of_rank(hand, offset, cards, leader, won)
            return allowed & named if named else allowed  # none of that rank: he is free
        if irr.named_suit >= 0:
            suit = irr.named_suit
        elif offset:
            suit = cards[leader] // 13
        else:
            return 0  # "high", "low" or "win" with no suit: not a call for dummy's lead
        if irr.said == "win":
            sure = self.sure_winner(held, offset, cards, leader, suit)
            return allowed & sure if sure else allowed  # none sure to win: he is free
        of_suit = list(bits(hand & suit_mask(suit)))
        if not of_suit:
            return allowed  # he holds none: the call names nothing
        card = max(of_suit) if irr.said == "high" else min(of_suit)
        return allowed & (1 << card)

    def sure_winner(
        self, held: tuple[int, ...], offset: int, cards: list[int], leader: int, suit: int
    ) -> int:
        """46B1(b): dummy's lowest card (of the suit named, else following suit, a trump when
        void) that outranks every card played to the trick before his and, when a defender
        plays after him, every card the two defenders still hold (declarer cannot see which
        is where); 0 when there is none."""
        irr, trump = self.irr, self.d.trump
        hand = held[irr.seat]
        before = [cards[(leader + k) % 4] for k in range(offset)]
        led = before[0] // 13 if before else suit
        if irr.named_suit >= 0:
            mine = hand & suit_mask(irr.named_suit)
        else:
            mine = hand & suit_mask(led) or hand
        others = list(before)
        if offset < 3:
            unseen = held[(irr.seat + 1) % 4] | held[(irr.seat + 3) % 4]
            others += [c for c in bits(unseen) if c not in before]

        def power(card: int) -> int:
            if card // 13 == trump:
                return 200 + card % 13
            return 100 + card % 13 if card // 13 == led else card % 13

        for card in sorted(bits(mine)):
            if power(card) >= 100 and all(power(x) < power(card) for x in others):
                return 1 << card
        return 0

    def of_rank(self, hand: int, offset: int, cards: list[int], leader: int, won: int) -> int:
        """46B3: leading, dummy's card of the rank in the suit he won the trick before with,
        if he has it; else (leading) any card of the rank, or (following) any of the rank he
        may play, following suit first; 0 when there is none."""
        irr = self.irr
        ranked = sum(1 << (13 * s + irr.rank) for s in range(4))
        if offset == 0:
            first = hand & ranked & (suit_mask(won) if won >= 0 else 0)
            return first or hand & ranked
        led = cards[leader] // 13
        legal = hand & suit_mask(led) or hand
        return legal & ranked

    @staticmethod
    def ordered(legal: int, order: tuple[str, int], led: int) -> int:
        """57A: partner's card to this trick under declarer's order (59 when it cannot be met)."""
        option, suit = order
        following = legal & suit_mask(led)
        if option == "partner-highest":
            return 1 << max(bits(following)) if following else legal
        if option == "partner-lowest":
            return 1 << min(bits(following)) if following else legal
        if option == "partner-play-suit":
            return legal & suit_mask(suit) or legal
        return legal & ~suit_mask(suit) or legal


LENIENCES = {
    "premature-position": "a premature play counted in a history where the offender played "
    "in turn (partner not before him in that trick)",
    "choice-place": "a recorded 50D2 choice ignored in a history where no such choice arises "
    "at its trick",
    "lead-at-stop": "a lead out of turn to the trick where play stopped counted in a history "
    "where its player won the trick before (he was the proper leader)",
}
"""Readings of the facts this count holds to be wrong (see ``count``), each to be turned on
alone to tell a known disagreement with the tool from a new one."""


def count(data: dict[str, Any], lenient: frozenset[str] = frozenset()) -> Count:
    """The consistent histories of a case with one agreed irregularity: how many (each choice
    sequence counted apart), by declarer total, and the least cost. ``lenient`` names readings
    of ``LENIENCES`` to take instead of this count's own, for diagnosis only."""
    if any(s.get("irregularity") is not None for s in data.get("statements") or []):
        raise NotCovered("a side's account of an irregularity")
    if "deal" not in data:
        raise NotCovered("a claim given as its ending, without the deal")
    dispute = read(data)
    irr = read_irregularity(data, dispute)
    failing = irr.failure is not None
    budgets = range(len(dispute.cards_units) + 1)
    for budget in budgets:
        tally = IrregularCounter(dispute, irr, lenient, failing).start(budget)
        finished = with_totals(dispute, tally)
        if finished:
            return best_of(dispute, finished)
    anywhere = IrregularCounter(dispute, irr, lenient).start(budgets[-1])
    if failing and with_totals(dispute, anywhere):
        raise refused(dispute, irr)  # on lead with the card, never with a penalty card due
    return Count(feasible=False)


def refused(dispute: Dispute, irr: Irregularity) -> Refused:
    assert irr.failure is not None
    seat, card = irr.failure
    verb = "led" if dispute.in_progress is None else "played"
    return Refused(
        f"{SEATS[seat]} {card_name(card)} {verb} to trick {dispute.tricks + 1} is no failure to "
        "play a penalty card in any history"
    )
