"""The CP-SAT model of the consistent histories (docs/case-format.md, "Semantics").

The same semantics as ``problem.evaluate``, stated as constraints over Booleans
``plays[t, c]`` (card ``c`` was played to trick ``t``). Every other variable (leaders, winners,
suit led, revokes, the evidence literals ``ok[u]``) is fully determined by the ``plays``
literals, so an enumeration of the model's solutions lists every history exactly once.
Revoke allegations (``Problem.permits``) relax Law 44C exactly as ``Problem.permit`` does.
A player who missed a trick (Law 67, ``Problem.short_seat``) holds the pseudo-card ``PHANTOM``
and plays it there: it has a ``plays`` literal like any card, never leads, never wins, is
exempt from following suit, and his intact row shifts by one trick after it.
A player who played two cards to one trick (Law 67B2, ``Problem.surplus_seat``) has a second
set of literals ``extra[t, c]`` (``c`` is the surplus card of trick ``t``), true for one trick
only: ``plays`` holds the card that counts there, the one ``surplus_counted`` leaves in the
trick. The last trick (``Problem.restored_trick``) is played after the surplus card is back in
his hand: he plays it there, the others any card they still hold, following suit; no row,
mark, permit or agreed trick speaks of it. The revokes Law 67B2 deems when he later fails to
follow the surplus card's suit are read off each history by ``evaluate`` (they split the
outcome groups); they constrain nothing.
After an irregularity (Laws 50-57, ``Problem.irregular``) the penalty cards lying, the lead
restrictions and the choices made are literals too (``_Obligations``): a solution is then one
history under one sequence of choices, and its outcome key carries the choices.

Used for what CP-SAT is good at: the minimum cost, the reachable declarer-trick totals, which
units are contradicted, explanations (units every consistent history contradicts, a small set
of impossible hard facts), and as an independent check of the search engine. Enumeration is
done with one worker only: several workers return incomplete, duplicated solution sets.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.bridge import Card
from solver.bridge.masks import SUIT_MASKS, beats, cards_in, suit_of, trick_winner
from solver.engines.problem import (
    CARDS_WEIGHT,
    PHANTOM,
    STATEMENT_WEIGHT,
    Problem,
    StatementCheck,
    group_key,
    outcome_groups,
    surplus_counted,
)
from solver.engines.result import EngineResult
from solver.errors import EngineError
from solver.facts.history import History, PlayedTrick
from solver.facts.irregularity import CHOICE_CATALOGUE, CHOICE_CODE_BITS, CHOICE_TRICK_BITS
from solver.facts.irregularity import RETRACTED_MISINFORMED as RETRACTED
from solver.laws.law46 import ANYTHING, HIGH, LOW, RANK, SUIT, WIN
from solver.laws.law54 import law54_options
from solver.laws.law55 import law55a_options
from solver.laws.law56 import law56_options
from solver.laws.law57 import (
    law57a_before_partner,
    law57a_options,
    law57c3_in_position,
    law57d_in_position,
)

ENGINE = "cpsat"
FREE, COUNTED, NONE = "free", "counted", "none"
"""How a revoke could be admitted (``_revoke_cover``)."""
SEAT_NAMES = "NESW"
OPTIMISE_WORKERS = 1
"""Workers for optimisation and feasibility checks (never for enumeration). One: a single
worker with a fixed seed finds the same solutions at every run, so the examples listed when
counting stops short are the same from run to run (two workers race, and the contract wants a
stable listing); and it was no slower (25 disputes with two or three rows mixed, drawn from
the real records: median 0.35 s to decide the outcomes against 0.39 s with two workers, on
this project's two-core machine)."""

Lit = Any
"""A CP-SAT Boolean literal (``BoolVar`` or its negation); ortools ships no type stubs."""
Cond = Any
"""A literal, or the constant True or False (``_all``, ``_any`` and ``_not`` fold them)."""
LOOT_SLOT, LEAD_SLOT, ORDER_SLOT, FAILURE_SLOT = 0, 1, 2, 3
"""The slots of a trick's choices (``ChoiceMade.slot``)."""
ACCEPTED_PLAY = CHOICE_CATALOGUE.index(("52B1", "accept-play", ())) + 1
"""The code of declarer's acceptance of a failure to play a penalty card (52B1)."""


def _card(card: int) -> str:
    """A card's name; the phantom of a missed trick (Law 67) is no card of the pack."""
    return "no card" if card == PHANTOM else str(Card.from_index(card))


@dataclass
class CpsatModel:
    """A built model and the variables the solving functions need."""

    problem: Problem
    model: cp_model.CpModel
    explain: bool
    holder: dict[int, int]
    """Card -> the seat dealt it."""
    plays: dict[tuple[int, int], Lit] = field(default_factory=dict)
    """(trick, card) -> card played to that trick; only for cards the holder may play."""
    leader: dict[tuple[int, int], Lit] = field(default_factory=dict)
    winner: dict[tuple[int, int], Lit] = field(default_factory=dict)
    led: dict[tuple[int, int], Lit] = field(default_factory=dict)
    """(trick, suit) -> that suit was led."""
    card_at: list[tuple[Any, Any, Any, Any]] = field(default_factory=list)
    """Per trick and seat, the integer card played (decodes a solution quickly)."""
    extra: dict[tuple[int, int], Lit] = field(default_factory=dict)
    """Law 67B2: (trick, card) -> the surplus seat dropped this card too, as its surplus card."""
    doubled: list[Lit] = field(default_factory=list)
    """Law 67B2: per trick before the restored one, the surplus seat played two cards to it."""
    extra_at: list[Any] = field(default_factory=list)
    """Per trick before the restored one, the integer surplus card (0 when not doubled)."""
    declarer_won: list[Lit] = field(default_factory=list)
    total: Any = None
    total_is: list[Lit] = field(default_factory=list)
    ok: dict[int, Lit] = field(default_factory=dict)
    """Unit -> true when the history does not contradict it."""
    cost: Any = 0
    fixed_cost: bool = False
    """The cost is constrained to the minimum: solutions are consistent histories."""
    facts: list[tuple[Lit, str]] = field(default_factory=list)
    """Explain mode: one assumption literal per hard fact, with its name."""
    leader_at: list[Any] = field(default_factory=list)
    """After an irregularity: per trick, the integer seat that led it (a lead out of turn
    accepted moves the lead)."""
    choice_at: list[tuple[int, Any]] = field(default_factory=list)
    """After an irregularity: (shift in ``choices_bits``, the integer code chosen there)."""

    def seat_cards(self, seat: int) -> list[int]:
        """The cards this seat has variables for."""
        mask = self.problem.hands[seat] if self.explain else self.problem.playable[seat]
        return cards_in(mask)

    def trick_cards(self, t: int, seat: int) -> list[int]:
        """The cards this seat has variables for at trick ``t``: at the restored trick (Law
        67B2) the others play whatever they still hold, a card of no row."""
        problem = self.problem
        if t == problem.restored_trick and seat != problem.surplus_seat:
            return cards_in(problem.hands[seat])
        return self.seat_cards(seat)

    @property
    def physical(self) -> int:
        """The tricks the rows, marks and permits speak of: all but the restored trick."""
        return self.problem.tricks - (self.problem.surplus_seat is not None)

    def gone(self, t: int, card: int) -> list[Lit]:
        """Literals "``card`` left its holder's hand before trick ``t``" (at most one holds):
        played, or dropped as the surplus card of a double play (Law 67B2)."""
        before = range(min(t, self.physical))
        return [self.plays[u, card] for u in before if (u, card) in self.plays] + [
            self.extra[u, card] for u in before if (u, card) in self.extra
        ]

    def hard(self, name: str) -> list[Lit]:
        """Enforcement literals of a hard fact: none, or in explain mode one named assumption."""
        if not self.explain:
            return []
        literal = self.model.new_bool_var(name)
        self.facts.append((literal, name))
        return [literal]

    def false(self, name: str) -> Lit:
        literal = self.model.new_bool_var(name)
        self.model.add(literal == 0)
        return literal


# --------------------------------------------------------------------------------------------
# Building the model


def build_model(problem: Problem, *, explain: bool = False) -> CpsatModel:
    """The facts of ``problem`` as a CP-SAT model.

    With ``explain`` the rows' cards, the opening leader, agreed tricks and agreed statements are
    each enforced by a named assumption literal (``facts``), every card of a hand gets a variable,
    and the evidence is left out: the model is then for explaining impossible hard facts.
    """
    holder = {card: seat for seat in range(4) for card in cards_in(problem.hands[seat])}
    m = CpsatModel(problem, cp_model.CpModel(), explain, holder)
    _add_play_variables(m)
    _add_one_card_per_trick(m)
    _add_card_played_once(m)
    _add_rows(m)
    _add_leaders(m)
    _add_suit_led(m)
    _add_follow_suit(m)
    _add_double_play(m)
    _add_trick_winners(m)
    if problem.in_progress is not None:
        _add_in_progress(m)
    if problem.irregular is not None:
        _add_irregularities(m)
    _add_declarer_tricks(m)
    _add_agreed_tricks(m)
    _add_statements(m)
    if not explain:
        _add_row_order_units(m)
        _add_orientation_units(m)
        _add_cost(m)
    return m


def _add_play_variables(m: CpsatModel) -> None:
    """One literal per (trick, card) for every card its holder may play; leader literals.

    For a double play (Law 67B2) also a literal per (trick, card) of the surplus seat's cards
    for "his surplus card there", and one per trick for "he played two cards to it".
    """
    for t in range(m.problem.tricks):
        for seat in range(4):
            for card in m.trick_cards(t, seat):
                m.plays[t, card] = m.model.new_bool_var(f"play_t{t + 1}_{_card(card)}")
            m.leader[t, seat] = m.model.new_bool_var(f"lead_t{t + 1}_{SEAT_NAMES[seat]}")
            m.winner[t, seat] = m.model.new_bool_var(f"win_t{t + 1}_{SEAT_NAMES[seat]}")
    surplus = m.problem.surplus_seat
    if surplus is None:
        return
    cards = m.seat_cards(surplus)
    for t in range(m.physical):
        for card in cards:
            m.extra[t, card] = m.model.new_bool_var(f"extra_t{t + 1}_{_card(card)}")
        doubled = m.model.new_bool_var(f"doubled_t{t + 1}")
        m.model.add(doubled == sum(m.extra[t, c] for c in cards))
        m.doubled.append(doubled)
        extra_at = m.model.new_int_var(0, PHANTOM, f"extra_t{t + 1}")
        m.model.add(extra_at == sum(c * m.extra[t, c] for c in cards))
        m.extra_at.append(extra_at)


def _add_one_card_per_trick(m: CpsatModel) -> None:
    """Law 44B: each player contributes exactly one card to each trick.

    At the restored trick (Law 67B2) the surplus seat's card is the surplus card, one exactly
    when there was a double play (``_add_double_play``).
    """
    for t in range(m.problem.tricks):
        by_seat = []
        for seat in range(4):
            cards = m.trick_cards(t, seat)
            if not (t == m.problem.restored_trick and seat == m.problem.surplus_seat):
                m.model.add_exactly_one(m.plays[t, c] for c in cards)
            card = m.model.new_int_var(0, PHANTOM, f"card_t{t + 1}_{SEAT_NAMES[seat]}")
            m.model.add(card == sum(c * m.plays[t, c] for c in cards))
            by_seat.append(card)
        m.card_at.append((by_seat[0], by_seat[1], by_seat[2], by_seat[3]))


def _add_card_played_once(m: CpsatModel) -> None:
    """Law 44B with Law 65A: a card, once played and quitted, is not played again.

    When the play covers all 13 tricks every card of the deal is played exactly once, except
    by a player who missed a trick (Law 67): of his 13 cards and the phantom one stays over.
    A player who played two cards to one trick (Law 67B2) quits each card once, counted or as
    the surplus card; playing the surplus card again at the restored trick is no second play.
    (At most once is enough for him: his 13 cards fill the tricks anyway.)
    """
    problem = m.problem
    tricks = problem.tricks
    for card, seat in m.holder.items():
        if seat == problem.surplus_seat:
            m.model.add_at_most_one(m.gone(problem.restored_trick, card))
            continue
        literals = [m.plays[t, card] for t in range(tricks) if (t, card) in m.plays]
        if not literals:
            continue
        if tricks == 13 and seat != problem.short_seat:
            m.model.add_exactly_one(literals)
        else:
            m.model.add_at_most_one(literals)


def _add_rows(m: CpsatModel) -> None:
    """Law 65C (docs/case-format.md "Rows"): the cards of a row are the cards that player played.

    The player who missed a trick (Law 67) played his row and, once, no card: the phantom is
    played exactly once, so that no card outside his row takes the missed trick's place. The
    player who played two cards to one trick (Law 67B2) quitted each card of his row once,
    counted or as the surplus card; the restored trick, after the rows, is no part of them.
    """
    problem = m.problem
    for seat in range(4):
        if problem.playable[seat] == problem.hands[seat]:
            continue  # no row, or a full row that Law 44B already covers
        for card in cards_in(problem.playable[seat]):
            if card == PHANTOM:
                enforce = m.hard(f"{SEAT_NAMES[seat]} did not play to one trick")
            else:
                enforce = m.hard(f"{SEAT_NAMES[seat]}'s row holds {_card(card)}")
            played = sum(m.gone(m.physical, card))
            m.model.add(played == 1).only_enforce_if(enforce)


def _add_leaders(m: CpsatModel) -> None:
    """Law 41C/54A: the opening leader leads trick 1; Law 44G: the winner leads the next.
    (After an irregularity ``_add_irregularities`` says who leads each trick.)"""
    problem = m.problem
    for t in range(problem.tricks):
        m.model.add_exactly_one(m.leader[t, s] for s in range(4))
        if problem.irregular is not None:
            continue
        if t + 1 < problem.tricks:
            for seat in range(4):
                m.model.add(m.leader[t + 1, seat] == m.winner[t, seat])
    if problem.tricks and problem.irregular is None:
        opening = problem.opening_leader
        enforce = m.hard(f"opening leader {SEAT_NAMES[opening]}")
        m.model.add_bool_or([m.leader[0, opening]]).only_enforce_if(enforce)


def _add_in_progress(m: CpsatModel) -> None:
    """The trick play stopped in (``Problem.in_progress``), Law 44's part: the last trick
    played was won by its leader (44G), and each card faced to it is still in its player's
    hand, following suit if he still holds the suit led (44C). (After an irregularity
    ``_Obligations.in_progress`` adds what the Laws then require of those cards.)"""
    problem = m.problem
    current = problem.in_progress
    assert current is not None
    stopped = problem.tricks
    faced = " ".join(_card(card) for card in current.cards)
    enforce = m.hard(f"trick {stopped + 1} in progress: {SEAT_NAMES[current.leader]}: {faced}")
    program = problem.irregular
    if program is not None and stopped in program.leads_out_of_turn:
        pass  # led out of turn: ``_Obligations.in_progress_lead`` says who leads it
    elif stopped == 0:
        leads = current.leader == problem.opening_leader
        _require(m, leads, enforce)
    else:
        _require(m, m.winner[stopped - 1, current.leader], enforce)
    led = suit_of(current.cards[0])
    for seat, card in current.seat_cards():
        for gone in m.gone(stopped, card):
            _require(m, ~gone, enforce)
        if seat == current.leader or suit_of(card) == led:
            continue
        for other in cards_in(problem.hands[seat] & SUIT_MASKS[led]):
            _require(m, _any(m, m.gone(stopped, other), "x"), enforce)


def _add_suit_led(m: CpsatModel) -> None:
    """Law 44A: the suit led is the suit of the leader's card.

    The phantom belongs to no suit, so no trick is led with it: a player misses a trick only
    as a follower (Law 67). The constraints below would refuse it too (no suit would be led);
    the implication says so outright.
    """
    short = m.problem.short_seat
    for t in range(m.problem.tricks):
        if short is not None:
            m.model.add_implication(m.leader[t, short], ~m.plays[t, PHANTOM])
        for suit in range(4):
            m.led[t, suit] = m.model.new_bool_var(f"led_t{t + 1}_{'SHDC'[suit]}")
        m.model.add_exactly_one(m.led[t, suit] for suit in range(4))
        for seat in range(4):
            for suit in range(4):
                in_suit = [m.plays[t, c] for c in m.trick_cards(t, seat) if suit_of(c) == suit]
                m.model.add(m.led[t, suit] == sum(in_suit)).only_enforce_if(m.leader[t, seat])


def _add_follow_suit(m: CpsatModel) -> None:
    """Law 44C: follow suit if able, unless a revoke allegation admits the revoke (Law 61A).

    A player who still holds a card of the suit led plays that suit. Every card of the hand
    counts, including cards outside the row that are never played (held all the time). The
    leader satisfies this trivially, so it is stated for every seat.

    Where an allegation names this seat and trick (and the suit led, if it names one) the
    requirement is simply dropped: that permit covers any revoke there. Where only a suit
    allegation or a wildcard could cover the revoke, a literal says whether the seat revoked,
    and ``_add_revoke_allowance`` makes the allegations go round. A player who missed the trick
    (the phantom, Law 67) follows no suit and revokes nothing: it excuses him too. A card
    dropped as the surplus card of a double play (Law 67B2) is out of his hand for Law 44C
    until the restored trick, where he plays it whatever was led.
    """
    problem = m.problem
    counted: dict[tuple[int, int], list[Lit]] = {}
    for t in range(problem.tricks):
        for seat in range(4):
            for suit in range(4):
                held = cards_in(problem.hands[seat] & SUIT_MASKS[suit])
                cover = _revoke_cover(problem, seat, t, suit) if held else FREE
                if cover == FREE:
                    continue  # nothing to follow with, or any revoke here is admitted
                follows = [m.plays[t, c] for c in m.trick_cards(t, seat) if suit_of(c) == suit]
                missed = [m.plays[t, PHANTOM]] if seat == problem.short_seat else []
                excused = missed
                if cover == COUNTED:
                    revoke = _revoke_literal(m, t, seat, suit, follows + missed)
                    counted.setdefault((seat, suit), []).append(revoke)
                    excused = [*missed, revoke]
                for card in held:
                    gone = m.gone(t, card)
                    m.model.add(sum(follows) + sum(gone) + sum(excused) >= 1).only_enforce_if(
                        m.led[t, suit]
                    )
                    if not gone:
                        break  # held at trick t for certain: one constraint is enough
    _add_revoke_allowance(m, counted)


def _revoke_cover(problem: Problem, seat: int, trick: int, suit: int) -> str:
    """Which allegations could admit a revoke by ``seat`` at ``trick`` when ``suit`` was led.

    ``FREE``: one names this seat and trick (and this suit, if any): it covers every revoke
    there at no charge. ``COUNTED``: only a suit allegation for this seat and suit, or a
    wildcard, could cover it, each at most once. ``NONE``: the revoke is never admitted.
    This is ``Problem.permit`` with nothing used up yet: 0 (a permit for this very trick,
    never used up), a bit to use up, or -1 (none).
    No allegation speaks of the restored trick (Law 67B2): there the others follow suit and
    the surplus seat plays his surplus card, whatever was led.
    """
    if trick == problem.restored_trick:
        return FREE if seat == problem.surplus_seat else NONE
    bit = problem.permit(seat, trick, suit, 0)
    return FREE if bit == 0 else COUNTED if bit > 0 else NONE


def _revoke_literal(m: CpsatModel, t: int, seat: int, suit: int, excuses: list[Lit]) -> Lit:
    """A literal implying "``seat`` revoked at trick ``t`` with ``suit`` led" (Law 61A).

    It implies that the suit was led, that the seat played none of ``excuses`` (his cards of
    the suit and, if he missed a trick, the phantom: Law 67, not a revoke of 61A) and that it
    still held a card of the suit. The follow-suit constraints force it true whenever all
    three hold, so it is determined by the plays (no solution is enumerated twice).
    """
    revoke = m.model.new_bool_var(f"revoke_t{t + 1}_{SEAT_NAMES[seat]}_{'SHDC'[suit]}")
    m.model.add_implication(revoke, m.led[t, suit])
    for literal in excuses:
        m.model.add_implication(revoke, ~literal)
    held = cards_in(m.problem.hands[seat] & SUIT_MASKS[suit])
    gone = {card: m.gone(t, card) for card in held}
    if all(gone.values()):  # otherwise some card is certainly still held
        all_gone = [literal for literals in gone.values() for literal in literals]
        m.model.add(sum(all_gone) <= len(held) - 1).only_enforce_if(revoke)
    return revoke


def _add_revoke_allowance(m: CpsatModel, counted: dict[tuple[int, int], list[Lit]]) -> None:
    """Law 61A: each revoke no trick allegation covers needs an allegation of its own.

    A suit allegation ("E revoked in hearts") covers one revoke of that player with that suit
    led; a wildcard covers any one revoke. The revokes of a (seat, suit) beyond its suit
    allegations must be covered by wildcards, so the sum of those excesses is at most the
    number of wildcards.
    """
    problem = m.problem
    wildcards = sum(1 for permit in problem.permits if permit.seat is None)
    excesses: list[Any] = []
    for (seat, suit), revokes in sorted(counted.items()):
        allowed = sum(
            1
            for permit in problem.permits
            if permit.seat == seat and permit.trick is None and permit.suit == suit
        )
        if len(revokes) <= allowed:
            continue
        if not allowed:
            excesses.append(sum(revokes))
            continue
        excess = m.model.new_int_var(
            0, len(revokes) - allowed, f"excess_revokes_{SEAT_NAMES[seat]}_{'SHDC'[suit]}"
        )
        m.model.add_max_equality(excess, [sum(revokes) - allowed, 0])
        excesses.append(excess)
    if excesses:
        m.model.add(sum(excesses) <= wildcards)


def _add_double_play(m: CpsatModel) -> None:
    """Law 67B2: the surplus seat played two cards to one trick, never as its leader; the card
    that counts there is the one ``surplus_counted`` leaves in the trick; at the restored trick
    he plays the surplus card again.

    ``surplus_counted`` as clauses on a pair (``a`` counted, ``b`` surplus): ``b`` would count
    instead when it is of ``a``'s suit and higher; when it is of the suit led and ``a`` is not;
    or when, ``a`` not following, ``b`` ranks higher for a void player (``_void_keeps``). And a
    counted card off the suit led needs him void in it: holding the suit, a pair without a
    card of it is a revoke besides, which the law does not sort out (and no permit admits).
    """
    problem = m.problem
    seat = problem.surplus_seat
    if seat is None:
        return
    enforce = m.hard(f"{SEAT_NAMES[seat]} played two cards to one trick")
    m.model.add(sum(m.doubled) == 1).only_enforce_if(enforce)
    m.model.add(sum(m.doubled) <= 1)
    cards = m.seat_cards(seat)
    for card in cards:
        again = m.plays[problem.restored_trick, card]
        m.model.add(again == sum(m.extra[t, card] for t in range(m.physical)))
    for t in range(m.physical):
        m.model.add_implication(m.leader[t, seat], ~m.doubled[t])
        for a in cards:
            for b in cards:
                counted, surplus = m.plays[t, a], m.extra[t, b]
                if suit_of(a) == suit_of(b):
                    if b > a:
                        m.model.add_bool_or([~counted, ~surplus])
                    continue
                m.model.add_bool_or([~counted, ~surplus, ~m.led[t, suit_of(b)]])
                if _void_keeps(problem.trump, a, b):
                    m.model.add_bool_or([~counted, ~surplus, m.led[t, suit_of(a)]])
        for suit in range(4):
            follows = [m.plays[t, c] for c in cards if suit_of(c) == suit]
            for card in cards_in(problem.hands[seat] & SUIT_MASKS[suit]):
                gone = m.gone(t, card)
                m.model.add_bool_or([~m.doubled[t], ~m.led[t, suit], *follows, *gone])
                if not gone:
                    break  # held at trick t for certain: one clause is enough


def _void_keeps(trump: int | None, a: int, b: int) -> bool:
    """Law 67B2 for a player void in the suit led: of ``a`` and ``b`` (two suits), ``b`` stays
    in the trick. That is ``surplus_counted`` with no card of the suit led held (the suit led
    itself then does not matter): a trump first, then the higher rank, then the higher suit.
    """
    return surplus_counted(0, trump, (a, b), held=0) == b


def _add_trick_winners(m: CpsatModel) -> None:
    """Law 44E/F: the highest trump wins the trick, else the highest card of the suit led.

    The phantom of a missed trick (Law 67) is neither trump nor of the suit led: it never wins,
    so it is left out of the contest altogether.
    """
    problem = m.problem
    trump = problem.trump
    for t in range(problem.tricks):
        played = [(c, lit) for (u, c), lit in m.plays.items() if u == t and c != PHANTOM]
        trumped = None
        if trump is not None:
            trumps = [lit for c, lit in played if suit_of(c) == trump]
            trumped = m.model.new_bool_var(f"trumped_t{t + 1}")
            if trumps:
                m.model.add_max_equality(trumped, trumps)
            else:
                m.model.add(trumped == 0)
        wins = {c: _add_card_wins(m, t, c, played, trumped) for c, _lit in played}
        m.model.add_exactly_one(wins.values())
        for seat in range(4):
            seat_wins = [wins[c] for c in m.trick_cards(t, seat) if c != PHANTOM]
            m.model.add(m.winner[t, seat] == sum(seat_wins))


def _add_card_wins(
    m: CpsatModel, t: int, card: int, played: list[tuple[int, Lit]], trumped: Lit | None
) -> Lit:
    """A literal for "card wins trick t", equivalent to the conditions of Law 44E/F."""
    wins = m.model.new_bool_var(f"wins_t{t + 1}_{_card(card)}")
    plays = m.plays[t, card]
    higher = [lit for c, lit in played if suit_of(c) == suit_of(card) and c > card]
    conditions = [plays]
    blockers = list(higher)
    if suit_of(card) != m.problem.trump:
        conditions.append(m.led[t, suit_of(card)])
        if trumped is not None:
            blockers.append(trumped)
    m.model.add_bool_and([*conditions, *(~b for b in blockers)]).only_enforce_if(wins)
    m.model.add_bool_or([wins, *(~c for c in conditions), *blockers])
    return wins


def _add_declarer_tricks(m: CpsatModel) -> None:
    """Law 79A: the tricks won by declarer's side (before any transfer or claim adjustment)."""
    problem = m.problem
    side = problem.declarer_side
    for t in range(problem.tricks):
        won = m.model.new_bool_var(f"declarer_wins_t{t + 1}")
        m.model.add(won == m.winner[t, side] + m.winner[t, side + 2])
        m.declarer_won.append(won)
    m.total = m.model.new_int_var(0, problem.tricks, "declarer_tricks")
    m.model.add(m.total == sum(m.declarer_won))
    m.total_is = [
        m.model.new_bool_var(f"declarer_tricks_is_{k}") for k in range(problem.tricks + 1)
    ]
    m.model.add_map_domain(m.total, m.total_is, 0)


def _add_agreed_tricks(m: CpsatModel) -> None:
    """Agreed tricks are hard facts: their leader and every card are as agreed. An agreed trick
    has four cards, so nobody played two cards to it (Law 67B2); none speaks of the restored
    trick."""
    for t, (leader, cards) in sorted(m.problem.agreed.items()):
        if t == m.problem.restored_trick:
            continue
        text = " ".join(_card(cards[(leader + i) % 4]) for i in range(4))
        enforce = m.hard(f"agreed trick {t + 1}: {SEAT_NAMES[leader]}: {text}")
        literals = [_seat_played(m, t, seat, card) for seat, card in enumerate(cards)]
        if t < m.problem.tricks:
            literals.append(m.leader[t, leader])
        if t < len(m.doubled):
            literals.append(~m.doubled[t])
        m.model.add_bool_and(literals).only_enforce_if(enforce)


def _seat_played(m: CpsatModel, t: int, seat: int, card: int) -> Lit:
    """The literal "seat played card to trick t" (false when the seat cannot play it then)."""
    literal = m.plays.get((t, card))
    if literal is None or m.holder.get(card) != seat:
        return m.false(f"never_t{t + 1}_{SEAT_NAMES[seat]}_{_card(card)}")
    return literal


def _add_statements(m: CpsatModel) -> None:
    """What is said: agreed statements are hard facts; the rest are evidence units.

    A unit's literal ``ok[u]`` is equivalent to the statement holding for the history.
    """
    for index, check in enumerate(m.problem.checks):
        if check.unit is None:
            holds = _statement_holds(m, check, f"agreed_statement_{index}")
            enforce = m.hard(f"agreed statement {index}: {_describe_check(check)}")
            m.model.add_bool_or([holds]).only_enforce_if(enforce)
        elif not m.explain:
            m.ok[check.unit] = _statement_holds(m, check, f"ok:{m.problem.units[check.unit].key}")


def _statement_holds(m: CpsatModel, check: StatementCheck, name: str) -> Lit:
    """A literal equivalent to "the statement holds for this history"."""
    if check.kind == "declarer_tricks":
        if 0 <= check.total <= m.problem.tricks:
            holds = m.model.new_bool_var(name)
            m.model.add(holds == m.total_is[check.total])
            return holds
        return m.false(name)
    if not 0 <= check.trick < m.problem.tricks:
        return m.false(name)
    t = check.trick
    holds = m.model.new_bool_var(name)
    if check.kind == "winner":
        m.model.add(holds == sum(m.winner[t, s] for s in sorted(check.winners)))
        return holds
    literals = [_seat_played(m, t, seat, card) for seat, card in check.played]
    m.model.add_bool_and(literals).only_enforce_if(holds)
    m.model.add_bool_or([holds, *(~lit for lit in literals)])
    return holds


def _describe_check(check: StatementCheck) -> str:
    if check.kind == "declarer_tricks":
        return f"declarer's side won {check.total} tricks"
    if check.kind == "winner":
        seats = "/".join(SEAT_NAMES[s] for s in sorted(check.winners))
        return f"trick {check.trick + 1} was won by {seats}"
    plays = ", ".join(f"{SEAT_NAMES[s]} played {_card(c)}" for s, c in check.played)
    return f"at trick {check.trick + 1} {plays}"


def _add_row_order_units(m: CpsatModel) -> None:
    """Law 65C: an intact row's order is contradicted when a card lies at another trick."""
    problem = m.problem
    for seat in range(4):
        order = problem.row_order[seat]
        unit = problem.order_unit[seat]
        if order is None or unit is None:
            continue
        ok = m.model.new_bool_var(f"ok:{problem.units[unit].key}")
        if seat == problem.short_seat:
            in_place = _short_row_in_place(m, seat, order)
        elif seat == problem.surplus_seat:
            in_place = _long_row_in_place(m, seat, order)
        else:
            in_place = [m.plays[t, card] for t, card in enumerate(order) if t < m.physical]
        m.model.add_bool_and(in_place).only_enforce_if(ok)
        m.model.add_bool_or([ok, *(~lit for lit in in_place)])
        m.ok[unit] = ok


def _short_row_in_place(m: CpsatModel, seat: int, order: tuple[int, ...]) -> list[Lit]:
    """Per card of the row of a player who missed a trick (Law 67): "it lies where the row
    puts it", i.e. at its own position before the gap and one trick later after it.

    The row is read as his cards in trick order with the missed trick left out
    (``Problem.row_card``), wherever the gap is. Its card ``i`` must then lie at trick ``i``
    or ``i + 1``; conversely, when every card does, one card a trick leaves the phantom a
    single place and every card after it shifted: that is the row with a gap. Each literal
    is the sum of two plays of one card, at most one of which holds.
    """
    literals = []
    for position, card in enumerate(order):
        literal = m.model.new_bool_var(f"in_place_{SEAT_NAMES[seat]}_{_card(card)}")
        here_or_next = [m.plays[t, card] for t in (position, position + 1) if (t, card) in m.plays]
        m.model.add(literal == sum(here_or_next))
        literals.append(literal)
    return literals


def _long_row_in_place(m: CpsatModel, seat: int, order: tuple[int, ...]) -> list[Lit]:
    """Per card of the row of a player who played two cards to one trick (Law 67B2): "it lies
    where the row puts it", i.e. at its own position before the pair, in the pair's trick at
    the pair's two positions (in either order: ``_row_sequence``), one trick earlier after it.

    Card ``i`` of the row must then lie (counted or as the surplus card) at trick ``i`` or
    ``i - 1``. Conversely, when every card does and he doubled at trick ``d`` (his row holding
    one card per trick and the pair), trick by trick: before ``d`` card ``i`` cannot count at
    trick ``i - 1``, as card ``i - 1`` would then have no place; the pair holds cards ``d`` and
    ``d + 1``; after it cards up to ``i`` are all placed, so trick ``i`` gets card ``i + 1``.
    Each literal is a sum of plays of one card, at most one of which holds.
    """
    literals = []
    for position, card in enumerate(order):
        literal = m.model.new_bool_var(f"in_place_{SEAT_NAMES[seat]}_{_card(card)}")
        tricks = [t for t in (position - 1, position) if 0 <= t < m.physical]
        here = [m.plays[t, card] for t in tricks] + [m.extra[t, card] for t in tricks]
        m.model.add(literal == sum(here))
        literals.append(literal)
    return literals


def _add_orientation_units(m: CpsatModel) -> None:
    """Law 65B: a card pointed as won (lost) by its side is contradicted when that side lost
    (won) the trick the history plays it to. A marked card lies in an intact row, so it is
    played exactly once and ``ok`` is determined by that trick. The surplus card of a double
    play (Law 67B2) is judged at the trick he dropped it on, not at the restored trick.
    """
    problem = m.problem
    for card, (pointed_won, unit) in sorted(problem.marks.items()):
        ok = m.model.new_bool_var(f"ok:{problem.units[unit].key}")
        own_side_is_declarer = m.holder[card] % 2 == problem.declarer_side
        for t in range(m.physical):
            for played in (m.plays.get((t, card)), m.extra.get((t, card))):
                if played is None:
                    continue
                declarer_won = m.declarer_won[t]
                as_marked = declarer_won if own_side_is_declarer == pointed_won else ~declarer_won
                m.model.add_bool_or([~ok, as_marked]).only_enforce_if(played)
                m.model.add_bool_or([ok, ~as_marked]).only_enforce_if(played)
        m.ok[unit] = ok


def _add_cost(m: CpsatModel) -> None:
    """The cost (docs/case-format.md, "Semantics"): each cards-tier unit weighs 1000; the
    statements tier counts sides, each side's account one literal ``broken`` that is true
    exactly when one of its statements is contradicted (exactly, so that fixing the cost in
    enumeration admits each history once)."""
    problem = m.problem
    cards = [u for u in sorted(m.ok) if problem.unit_sides[u] < 0]
    accounts: list[Any] = []
    for side, name in enumerate(("NS", "EW")):
        units = [u for u in sorted(m.ok) if problem.unit_sides[u] == side]
        if not units:
            continue
        broken = m.model.new_bool_var(f"account_contradicted:{name}")
        m.model.add_bool_or([~m.ok[u] for u in units]).only_enforce_if(broken)
        for unit in units:
            m.model.add_implication(~m.ok[unit], broken)
        accounts.append(broken)
    m.cost = CARDS_WEIGHT * sum(1 - m.ok[u] for u in cards) + STATEMENT_WEIGHT * sum(accounts)


# --------------------------------------------------------------------------------------------
# Irregularities (Laws 50-57)


def _add_irregularities(m: CpsatModel) -> None:
    """The obligations after an irregularity, trick by trick (``_Obligations``)."""
    problem = m.problem
    if problem.surplus_seat is not None or problem.short_seat is not None:
        raise EngineError(
            f"{ENGINE}: a defective trick (Law 67) together with an irregularity "
            "(Laws 50-57) is not handled; use --engine search"
        )
    _Obligations(m).add()


def _all(m: CpsatModel, items: Iterable[Cond], name: str) -> Cond:
    """A literal equivalent to the conjunction (constants folded)."""
    lits = [x for x in items if x is not True]
    if any(x is False for x in lits):
        return False
    if not lits:
        return True
    if len(lits) == 1:
        return lits[0]
    out = m.model.new_bool_var(name)
    m.model.add_bool_and(lits).only_enforce_if(out)
    m.model.add_bool_or([out, *(~x for x in lits)])
    return out


def _any(m: CpsatModel, items: Iterable[Cond], name: str) -> Cond:
    """A literal equivalent to the disjunction (constants folded)."""
    lits = [x for x in items if x is not False]
    if any(x is True for x in lits):
        return True
    if not lits:
        return False
    if len(lits) == 1:
        return lits[0]
    out = m.model.new_bool_var(name)
    m.model.add_bool_or(lits).only_enforce_if(out)
    for x in lits:
        m.model.add_implication(x, out)
    return out


def _enforced(enforce: list[Lit]) -> Cond:
    """A hard fact's enforcement literals as one condition: True outside explain mode."""
    return enforce[0] if enforce else True


def _as_term(x: Cond) -> Any:
    """A condition as a term of a linear expression (a constant as 0 or 1)."""
    return int(x) if x is True or x is False else x


def _not(x: Cond) -> Cond:
    if x is True or x is False:
        return not x
    return ~x


def _require(m: CpsatModel, condition: Cond, enforce: list[Lit]) -> None:
    """``condition`` holds (under the enforcement literals of a hard fact)."""
    if condition is True:
        return
    if condition is False:
        m.model.add_bool_or([]).only_enforce_if(enforce)
        return
    m.model.add_bool_or([condition]).only_enforce_if(enforce)


def _implies(m: CpsatModel, premises: list[Cond], conclusion: Cond) -> None:
    """The conjunction of ``premises`` implies ``conclusion``."""
    if any(x is False for x in premises) or conclusion is True:
        return
    lits = [~x for x in premises if x is not True]
    if conclusion is not False:
        lits.append(conclusion)
    m.model.add_bool_or(lits)


class _Obligations:
    """The Laws on irregularities as constraints on the plays, trick by trick.

    The state at each moment is literals: ``major[seat][card]`` and ``minor[seat][card]``
    (that card lies as a penalty card), ``banned[seat][suit]`` (a lead prohibition binds
    him), each a function of the plays and the choices. Per trick, in the order the Laws
    take them (the semantics of ``solver.laws.irregular_play``): the penalty cards of the
    case that lie from it; a lead out of turn (its options as literals, exactly one; who
    leads; the card led; a refused defender's card a major penalty card); declarer's
    50D2/51B choice, due exactly when a defender is to lead freely while his partner has
    major penalty cards (its options as literals, exactly one when due, none otherwise);
    a premature play (a major penalty card, a 57A order as literals, exactly one). Then each
    seat's card must be one of the plays the obligations leave (``legal``), except that where
    declarer accepted a failure to play a penalty card (52B1) exactly one card of the trick
    obeys all but the penalty cards' duties; the card played is no penalty card any more; a
    prohibition lapses when another player wins the trick.
    Every literal is determined by the plays and the choices, so each solution is one
    history under one sequence of choices.
    """

    def __init__(self, m: CpsatModel) -> None:
        self.m = m
        program = m.problem.irregular
        assert program is not None
        self.program = program
        self.declarer_side = m.problem.declarer_side
        self.major: list[dict[int, Cond]] = [{}, {}, {}, {}]
        self.minor: list[dict[int, Cond]] = [{}, {}, {}, {}]
        self.banned: list[dict[int, Cond]] = [{}, {}, {}, {}]
        self.held_at: dict[tuple[int, int], Cond] = {}
        self.order_opts: dict[int, dict[int, Lit]] = {}
        """Per premature card's trick, declarer's 57A order literals (made once: a lead made
        too early has its order bind the trick before)."""
        self.enforce = m.hard("the obligations after the irregularities (Laws 50-57)")
        """In explain mode, the literal that makes the obligations bind (a hard fact)."""

    def add(self) -> None:
        m = self.m
        stopped = m.problem.tricks
        loot = self.program.leads_out_of_turn.get(stopped)
        if loot is not None and stopped > 0:
            # where play stopped: the lead is out of turn only if another player won the
            # trick before (he was the proper leader)
            offender = loot[0]
            name = f"{SEAT_NAMES[offender]} led out of turn to trick {stopped + 1}"
            _require(m, _not(m.winner[stopped - 1, offender]), m.hard(name))
        for t in range(m.problem.tricks):
            self.trick = t
            self.required: dict[int, Cond] = {}
            self.order: dict[tuple[str, int], Lit] = {}
            self.order_seat = -1
            for seat, card, is_major in self.program.penalty_cards.get(t, ()):
                name = f"{SEAT_NAMES[seat]}'s penalty card {_card(card)} from trick {t + 1}"
                enforce = m.hard(name)
                _require(m, self.held(seat, card), enforce)
                self.expose(seat, card, is_major, _enforced(enforce))
            for seat, card in self.program.returned.get(t, ()):
                # 45E2: declarer's fifth card went back to the hand
                name = f"{SEAT_NAMES[seat]}'s fifth card {_card(card)} back in hand at {t + 1}"
                _require(m, self.held(seat, card), m.hard(name))
            self.withdrawals()
            accepted = self.lead_out_of_turn()
            self.lead_choice(accepted)
            self.premature()
            self.forfeited_lead()
            self.early_order()
            self.rho_turn()
            self.declarer_early()
            self.designation()
            failures = [self.legal(seat) for seat in range(4)]
            if t in self.program.accepted_failures:
                # 52B1: exactly one card of the trick is the failure declarer accepted
                total = cp_model.LinearExpr.sum([_as_term(f) for f in failures])
                m.model.add(total == 1).only_enforce_if(self.enforce)
                shift = t * CHOICE_TRICK_BITS + FAILURE_SLOT * CHOICE_CODE_BITS
                m.choice_at.append((shift, ACCEPTED_PLAY))
            for seat in range(4):
                for card in list(self.major[seat]):
                    self.major[seat][card] = self.still(self.major[seat][card], card, "major")
                for card in list(self.minor[seat]):
                    self.minor[seat][card] = self.still(self.minor[seat][card], card, "minor")
                for suit in list(self.banned[seat]):
                    self.banned[seat][suit] = _all(
                        m,
                        [self.banned[seat][suit], m.winner[t, seat]],
                        f"banned_t{t + 2}_{SEAT_NAMES[seat]}_{'SHDC'[suit]}",
                    )
        self.at_stop()

    def at_stop(self) -> None:
        """What the trick play stopped at says of the play before it: a card led there
        instead of a penalty card (Law 52), its trick in progress, or a premature card."""
        stopped = self.m.problem.tricks
        if self.m.problem.in_progress is not None:
            self.in_progress()  # a card played there instead of a penalty card judged with it
            return
        if self.program.pending_failure is not None and stopped > 0:
            self.stopped_failure()
        if stopped in self.program.premature and stopped > 0:
            self.stopped_premature()

    def stopped_premature(self) -> None:
        """A premature card at the trick play stopped at, its cards not given: a lead to it
        made too early, its player the winner of the trick before (``early_order``), or a
        card played to it too early, after the lead of his left-hand opponent, who then won
        the trick before."""
        m = self.m
        stopped = m.problem.tricks
        offender, card = self.program.premature[stopped]
        name = f"{SEAT_NAMES[offender]} played {_card(card)} prematurely to trick {stopped + 1}"
        early = _all(
            m,
            [m.winner[stopped - 1, offender], self.before_partner(stopped - 1, offender)],
            f"early_lead_at_stop_{SEAT_NAMES[offender]}",
        )
        played_to = m.winner[stopped - 1, (offender + 1) % 4]
        _require(m, _any(m, [early, played_to], "premature_at_stop"), m.hard(name))

    # --- the trick in progress where play stopped -----------------------------------------

    def in_progress(self) -> None:
        """The trick play stopped in (``irregular_play.in_progress_starts``): the case's
        penalty cards lying from it (each still held), a premature card there (still held,
        its player on the leader's right, a major penalty card from then), and each card
        faced one the obligations leave its player in turn, in some way the trick may begin:
        declarer's 50D2/51B choice before a defender's lead (the recorded one, else any the
        Laws give; none when none is due), and the 57A order on the premature player's
        partner where recorded. Nothing chosen there is named in the outcome (an order not
        recorded is the choice pending)."""
        m, program = self.m, self.program
        current = m.problem.in_progress
        assert current is not None
        stopped = m.problem.tricks
        self.trick = stopped
        enforce = m.hard(f"the cards faced to trick {stopped + 1} obey the obligations")
        for seat, card, is_major in program.penalty_cards.get(stopped, ()):
            _require(m, self.held(seat, card), enforce)
            self.expose(seat, card, is_major, _enforced(enforce))
        for seat, card in program.returned.get(stopped, ()):
            _require(m, self.held(seat, card), enforce)
        accepted = self.in_progress_lead(enforce)
        premature = program.premature.get(stopped)
        if premature is not None:
            offender, card = premature
            _require(m, self.held(offender, card), enforce)
            _require(m, current.leader == (offender + 1) % 4, enforce)
            self.expose(offender, card, True, _enforced(enforce))
        leader = current.leader
        if leader % 2 == self.declarer_side or accepted:
            ways = [self.faced_fit("", ())]
        else:
            ways = self.lead_ways(leader, self.faced_fit, "progress")
        _require(m, _any(m, ways, "in_progress_fits"), enforce)

    def in_progress_lead(self, enforce: list[Lit]) -> bool:
        """A lead out of turn to the trick in progress (``irregular_play._lead_out_of_turn``),
        its answer the case's (the trick's leader tells which: the options are all of one
        kind there, the case reader sees to it). Its player still holds the card. Accepted
        (53A, 54A, 54B, 55A), he leads the trick with that card, having won no trick before
        (``add``); otherwise (refused, 53B, 47E1, no answer at trick 13 under 2017) the winner
        of the trick before leads it, an opponent of the offender for 53B, and a refused
        defender's card lies as a major penalty card from then. Whether it was accepted:
        then no 50D2/51B choice comes before the lead."""
        m, program = self.m, self.program
        current = m.problem.in_progress
        assert current is not None
        loot = program.leads_out_of_turn.get(self.trick)
        if loot is None:
            return False
        offender, card, response = loot
        _require(m, self.held(offender, card), enforce)
        _require(m, _not(self.proper(offender)), enforce)  # (``add`` says so after trick 1)
        if (self.trick == program.last_trick and program.edition >= 2017) or response == RETRACTED:
            options = []
        else:
            options = [option for _law, option, _suits in self.loot_options(offender, response)]
        if current.leader == offender:
            accepting = {"accept-lead", "declarer-becomes-dummy"} & set(options)
            _require(m, bool(accepting) and current.cards[0] == card, enforce)
            return True
        _require(m, self.proper(current.leader), enforce)
        if options == ["proper-lead"]:
            _require(m, offender % 2 != current.leader % 2, enforce)  # 53B: an opponent
        elif options and "refuse-lead" not in options:
            _require(m, False, enforce)
        elif options and offender % 2 != self.declarer_side:
            self.expose(offender, card, True, _enforced(enforce))
        return False

    def faced_fit(self, option: str, named: tuple[int, ...]) -> Cond:
        """ "Each card faced to the trick in progress is one the obligations leave its
        player", under declarer's 50D2/51B ``option`` before the lead (naming ``named``;
        "" for none): the lead obeys the requirement or prohibition (the one in force when
        none is chosen), then every card its player's penalty cards' duties, the holder's
        of the suits named taken back; the partner of a premature card's player obeys the
        57A order recorded. A card played there instead of a penalty card (Law 52 pending)
        obeys all but the penalty cards' duties, and one of those forbids it."""
        m, program = self.m, self.program
        current = m.problem.in_progress
        assert current is not None
        stopped = self.trick
        tag = f"progress_{option}_{named}"
        holder = (current.leader + 2) % 4
        # the holder's penalty cards of the suits a requirement or prohibition names go back
        taken_back = named if option == "require-suit" or option.startswith("forbid") else ()
        kept = {c: lit for c, lit in self.major[holder].items() if suit_of(c) not in taken_back}
        kept_minor = {
            c: lit for c, lit in self.minor[holder].items() if suit_of(c) not in taken_back
        }
        premature = program.premature.get(stopped)
        recorded = program.recorded.get((stopped, ORDER_SLOT))
        led = suit_of(current.cards[0])
        fits: list[Cond] = []
        for offset, (seat, card) in enumerate(current.seat_cards()):
            hand = cards_in(m.problem.hands[seat])
            held = {c: self.held(seat, c) for c in hand}
            where = f"{tag}_{SEAT_NAMES[seat]}"
            if offset == 0:
                may = dict(held)
                if option == "require-suit":
                    keep = {c: suit_of(c) == named[0] for c in hand}
                    may = self.narrow(may, keep, f"{where}_req")
                if option.startswith("forbid"):
                    keep = {c: suit_of(c) not in named for c in hand}
                    may = self.narrow(may, keep, f"{where}_ban")
                elif self.banned[seat]:
                    keep = {c: _not(self.banned[seat].get(suit_of(c), False)) for c in hand}
                    may = self.narrow(may, keep, f"{where}_banned")
            else:
                void = _not(_any(m, [held[c] for c in hand if suit_of(c) == led], "x"))
                may = {c: _all(m, [held[c], suit_of(c) == led or void], "x") for c in hand}
                if (
                    premature is not None
                    and recorded is not None
                    and seat == (premature[0] + 2) % 4
                ):
                    keep = self.order_keeps(recorded.option, recorded.suits, hand, held, led)
                    may = self.narrow(may, keep, f"{where}_order")
            major = kept if seat == holder else None
            minor = kept_minor if seat == holder else None
            legal = self.duties(seat, hand, may, where, major, minor)
            failure = program.pending_failure
            if failure is None or (failure[1], failure[2]) != (seat, card):
                fits.append(legal[card])
            elif program.failure_judged:
                # Law 52 pending: the card obeys all but a penalty card's duty, which forbids it
                fits.append(_all(m, [may[card], _not(legal[card])], f"{where}_fails"))
            else:
                fits.append(held[card])
        return _all(m, fits, f"{tag}_fits")

    def order_keeps(
        self,
        option: str,
        suits: tuple[int, ...],
        hand: list[int],
        held: dict[int, Cond],
        led: int,
    ) -> dict[int, Cond]:
        """Per card of the partner's hand: the recorded 57A ``option`` lets him play it (the
        highest or lowest he holds of the suit led ``led``, a card of the suit named, or one
        not of it); ``narrow`` drops an order that leaves nothing (59)."""
        m = self.m
        out: dict[int, Cond] = {}
        for c in hand:
            if option in ("partner-highest", "partner-lowest"):
                beyond = [
                    held[o]
                    for o in hand
                    if suit_of(o) == led and (o > c if option == "partner-highest" else o < c)
                ]
                out[c] = suit_of(c) == led and _all(m, [_not(b) for b in beyond], "x")
            elif option == "partner-play-suit":
                out[c] = suit_of(c) == suits[0]
            else:
                out[c] = suit_of(c) != suits[0]
        return out

    # --- cards withdrawn (45C4(b), 47E2) and a card not held (46B4) ------------------------

    def withdrawals(self) -> None:
        """A card that went back to its player's hand from this trick (45C4(b), 47E2) is in
        the hand at its start and is not played to it; an opponent's card withdrawn after
        declarer's correction was played after dummy's card and followed suit to the trick
        as it then stood (the suit of the card named by the slip when dummy led, else the
        suit led), or he had none of that suit. A card named in full that dummy did not hold
        (46B4) is not in his hand at the start of this trick."""
        m, t = self.m, self.trick
        for seat, card, dummy, slip in self.program.withdrawn.get(t, ()):
            tag = f"{SEAT_NAMES[seat]}_{_card(card)}_t{t + 1}"
            enforce = m.hard(f"{SEAT_NAMES[seat]}'s {_card(card)} withdrawn from trick {t + 1}")
            _require(m, self.held(seat, card), enforce)
            _require(m, _not(m.plays.get((t, card), False)), enforce)
            if slip < 0:
                continue
            leads = [
                m.leader[t, lead] for lead in range(4) if (seat - lead) % 4 > (dummy - lead) % 4
            ]
            _require(m, _any(m, leads, f"after_dummy_{tag}"), enforce)
            hand = cards_in(m.problem.hands[seat])
            for suit in range(4):
                if suit == suit_of(card):
                    continue
                holds = [self.held(seat, c) for c in hand if suit_of(c) == suit]
                void = _not(_any(m, holds, f"holds_{'SHDC'[suit]}_{tag}"))
                if suit == suit_of(slip):
                    _implies(m, [_enforced(enforce), m.leader[t, dummy]], void)
                by_dummy = m.leader[t, dummy]
                _implies(m, [_enforced(enforce), m.led[t, suit], ~by_dummy], void)
        for dummy, card in self.program.absent.get(t, ()):
            name = f"{SEAT_NAMES[dummy]} no longer held {_card(card)} at trick {t + 1}"
            _require(m, _not(self.held(dummy, card)), m.hard(name))

    # --- Law 52 pending where play stopped ------------------------------------------------

    def stopped_failure(self) -> None:
        """Where play stopped, a card led instead of a penalty card (Law 52, choice pending;
        ``irregular_play.failure_starts``): its player won the trick before and still holds
        it; and (unless ``failure_judged`` is off) in some way the trick may begin, leading it
        is a failure to lead a penalty card (52A): the penalty cards of the case lying from
        that trick added, declarer's 50D2/51B choice before it (his partner's penalty cards:
        the recorded one, else any the Laws give, none when none is due) restricting his
        lead, the card obeys the restrictions and a penalty card of his still lying forbids
        it. A premature card at that trick leaves no free lead."""
        m, program = self.m, self.program
        assert program.pending_failure is not None
        stopped, offender, card = program.pending_failure
        self.trick = stopped
        name = f"{SEAT_NAMES[offender]} led {_card(card)} to trick {stopped + 1} (Law 52)"
        enforce = m.hard(name)
        _require(m, m.winner[stopped - 1, offender], enforce)
        _require(m, self.held(offender, card), enforce)
        for seat, lying, is_major in program.penalty_cards.get(stopped, ()):
            _require(m, self.held(seat, lying), enforce)
            self.expose(seat, lying, is_major, _enforced(enforce))
        if not program.failure_judged:
            return
        if stopped in program.premature:
            _require(m, False, enforce)
            return
        _require(m, _any(m, self.failing_ways(offender, card), "failure_at_stop"), enforce)

    def failing_ways(self, offender: int, card: int) -> list[Cond]:
        """Per way the lead may begin (declarer's 50D2/51B options, or no choice when none
        is due and none is recorded): "it is given there, and ``card`` fails there"."""
        m, t = self.m, self.trick
        hand = cards_in(m.problem.hands[offender])
        held = {c: self.held(offender, c) for c in hand}
        banned = self.banned[offender]

        def fails(option: str, named: tuple[int, ...]) -> Cond:
            may = dict(held)
            if option == "require-suit":
                may = self.narrow(may, {c: suit_of(c) == named[0] for c in hand}, "stop_req")
            if option.startswith("forbid"):
                may = self.narrow(may, {c: suit_of(c) not in named for c in hand}, "stop_ban")
            elif banned:
                keep = {c: _not(banned.get(suit_of(c), False)) for c in hand}
                may = self.narrow(may, keep, "stop_banned")
            legal = self.duties(offender, hand, may, f"stop_t{t + 1}")
            return _all(m, [may[card], _not(legal[card])], f"stop_fails_{option}_{named}")

        return self.lead_ways(offender, fails, "stop")

    def lead_ways(
        self, leader: int, fits: Callable[[str, tuple[int, ...]], Cond], tag: str
    ) -> list[Cond]:
        """Per way a defender's lead where play stopped may begin (declarer's 50D2/51B
        options, the recorded one only where the case records it, or no choice when none is
        due and none is recorded): "it is given there, and ``fits`` holds under it" (``fits``
        takes the option's name, "" for none, and the suits it names)."""
        m, t = self.m, self.trick
        partner = (leader + 2) % 4
        in_suit = [
            _any(m, self.suit_major(partner, u), f"{tag}_penalty_suit_{'SHDC'[u]}")
            for u in range(4)
        ]
        one: Cond = False
        several: Cond = False
        if any(x is not False for x in in_suit):
            suits = cp_model.LinearExpr.sum([_as_term(x) for x in in_suit])
            one = m.model.new_bool_var(f"{tag}_one_penalty_suit")
            m.model.add(suits == 1).only_enforce_if(one)
            m.model.add(suits != 1).only_enforce_if(~one)
            several = m.model.new_bool_var(f"{tag}_penalty_suits")
            m.model.add(suits >= 2).only_enforce_if(several)
            m.model.add(suits <= 1).only_enforce_if(~several)
        recorded = self.program.recorded.get((t, LEAD_SLOT))
        ways: list[Cond] = []
        if recorded is None:
            due = _any(m, in_suit, f"{tag}_choice_due")
            ways.append(_all(m, [_not(due), fits("", ())], f"{tag}_no_choice"))
        for law, option, named in CHOICE_CATALOGUE:
            if not law.startswith(("50D2", "51B2")):
                continue
            if recorded is not None and (recorded.option, tuple(recorded.suits)) != (
                option,
                named,
            ):
                continue
            given = [one if law.startswith("50D2") else several, *(in_suit[u] for u in named)]
            ways.append(_all(m, [*given, fits(option, named)], f"{tag}_{law}_{option}_{named}"))
        return ways

    # --- the state ------------------------------------------------------------------------

    def held(self, seat: int, card: int) -> Cond:
        """``seat`` still holds ``card`` at the start of the current trick."""
        m, t = self.m, self.trick
        if m.holder.get(card) != seat:
            return False
        key = (t, card)
        if key not in self.held_at:
            gone = m.gone(t, card)
            if not gone:
                self.held_at[key] = True
            else:
                literal = m.model.new_bool_var(f"held_t{t + 1}_{_card(card)}")
                m.model.add(literal + sum(gone) == 1)
                self.held_at[key] = literal
        return self.held_at[key]

    def still(self, lying: Cond, card: int, kind: str) -> Cond:
        """A penalty card lying during the trick lies after it unless it was played."""
        played = self.m.plays.get((self.trick, card), False)
        name = f"{kind}_after_t{self.trick + 1}_{_card(card)}"
        return _all(self.m, [lying, _not(played)], name)

    def expose(self, seat: int, card: int, is_major: bool, cond: Cond) -> None:
        """When ``cond``: a new penalty card of ``seat`` (Law 50B: minor only when minor by
        itself and his only one; a second one makes all of his major)."""
        m, t = self.m, self.trick
        major, minor = self.major[seat], self.minor[seat]
        lying = _any(m, [*major.values(), *minor.values()], f"lying_t{t + 1}_{SEAT_NAMES[seat]}")
        tag = f"t{t + 1}_{_card(card)}"
        for other in set(major) | set(minor) | {card}:
            was_major, was_minor = major.get(other, False), minor.get(other, False)
            name = f"t{t + 1}_{_card(other)}_after_{tag}"
            if other == card and is_major:
                becomes_major: Cond = cond
                stays_minor: Cond = False
            elif other == card:
                becomes_major = _all(m, [cond, lying], f"major_{name}")
                stays_minor = _all(m, [cond, _not(lying)], f"minor_new_{name}")
            else:
                becomes_major = _all(m, [cond, was_minor], f"promoted_{name}")
                stays_minor = False
            major[other] = _any(m, [was_major, becomes_major], f"major_{name}")
            kept_minor = _all(m, [was_minor, _not(cond)], f"minor_kept_{name}")
            minor[other] = _any(m, [kept_minor, stays_minor], f"minor_{name}")

    def proper(self, seat: int) -> Cond:
        """``seat`` is the proper leader of the current trick (Law 44G; 41C at trick 1)."""
        t = self.trick
        if t == 0:
            return seat == self.m.problem.opening_leader
        return self.m.winner[t - 1, seat]

    def options(
        self, slot: int, given: list[tuple[str, str, tuple[int, ...]]], trick: int = -1
    ) -> dict[int, Lit]:
        """A literal per option given (the recorded one only, when the case records it), at
        ``trick`` (the current one by default)."""
        m = self.m
        t = self.trick if trick < 0 else trick
        recorded = self.program.recorded.get((t, slot))
        out: dict[int, Lit] = {}
        for law, option, suits in given:
            if recorded is not None and (
                recorded.option != option or (slot != LOOT_SLOT and tuple(recorded.suits) != suits)
            ):
                continue
            code = CHOICE_CATALOGUE.index((law, option, suits)) + 1
            out[code] = m.model.new_bool_var(f"choice_t{t + 1}_{law}_{option}_{suits}")
        shift = t * CHOICE_TRICK_BITS + slot * CHOICE_CODE_BITS
        chosen = m.model.new_int_var(0, len(CHOICE_CATALOGUE), f"choice_t{t + 1}_slot{slot}")
        m.model.add(chosen == sum(code * lit for code, lit in out.items()))
        m.choice_at.append((shift, chosen))
        return out

    # --- the start of a trick -------------------------------------------------------------

    def lead_out_of_turn(self) -> Cond:
        """Who leads, and (returned) whether a lead out of turn was accepted."""
        m, t, program = self.m, self.trick, self.program
        leader_at = m.model.new_int_var(0, 3, f"leader_t{t + 1}")
        m.model.add(leader_at == sum(s * m.leader[t, s] for s in range(4)))
        m.leader_at.append(leader_at)
        loot = program.leads_out_of_turn.get(t)
        if loot is None:
            if t == 0:
                opening = m.problem.opening_leader
                enforce = m.hard(f"opening leader {SEAT_NAMES[opening]}")
                m.model.add_bool_or([m.leader[0, opening]]).only_enforce_if(enforce)
            else:
                for seat in range(4):
                    m.model.add(m.leader[t, seat] == m.winner[t - 1, seat])
            return False
        offender, card, response = loot
        name = f"{SEAT_NAMES[offender]} led {_card(card)} out of turn to trick {t + 1}"
        enforce = m.hard(name)
        _require(m, _not(self.proper(offender)), enforce)
        _require(m, self.held(offender, card), enforce)
        if (t == program.last_trick and program.edition >= 2017) or response == RETRACTED:
            # 53A: no acceptance at the last trick; 47E1: a lead made on an opponent's wrong
            # word goes back, no penalty card; either way the card simply goes back
            for seat in range(4):
                self.equal(m.leader[t, seat], self.proper(seat), enforce)
            return False
        else:
            opts = self.options(LOOT_SLOT, self.loot_options(offender, response))
            m.model.add(cp_model.LinearExpr.sum(list(opts.values())) == 1).only_enforce_if(enforce)
            accepting = [
                lit
                for code, lit in opts.items()
                if CHOICE_CATALOGUE[code - 1][1] in ("accept-lead", "declarer-becomes-dummy")
            ]
            accepted = _any(m, accepting, f"lead_accepted_t{t + 1}")
            proper_lead = [
                lit for code, lit in opts.items() if CHOICE_CATALOGUE[code - 1][0] == "53B"
            ]
            if proper_lead:  # 53B: the proper leader is an opponent of the offender
                _require(m, _not(self.proper((offender + 2) % 4)), [*enforce, *proper_lead])
        for seat in range(4):
            if seat == offender:
                expected: Cond = accepted
            else:
                expected = _all(m, [self.proper(seat), _not(accepted)], f"proper_t{t + 1}_{seat}")
            self.equal(m.leader[t, seat], expected, enforce)
        _implies(m, [accepted], m.plays.get((t, card), False))
        if offender % 2 != self.declarer_side and not proper_lead:  # 53B leaves no penalty card
            refused = _all(m, [_not(accepted), _enforced(enforce)], f"lead_refused_t{t + 1}")
            self.expose(offender, card, True, refused)
        return accepted

    def equal(self, literal: Lit, value: Cond, enforce: list[Lit]) -> None:
        """``literal`` equals ``value`` (under the enforcement literals of a hard fact: the
        leaders of a trick with a lead out of turn follow from that fact)."""
        self.m.model.add(literal == _as_term(value)).only_enforce_if(enforce)

    def loot_options(
        self, offender: int, response: str | None
    ) -> list[tuple[str, str, tuple[int, ...]]]:
        program = self.program
        if offender % 2 == self.declarer_side:
            given = law55a_options((offender + 1) % 4)
        elif self.trick == 0:
            given = law54_options(program.declarer)
        else:
            given = law56_options(program.declarer)
        out = [(o.law, o.option, o.suits) for o in given]
        recorded = program.recorded.get((self.trick, LOOT_SLOT))
        if recorded is not None and recorded.option == "proper-lead":
            return [("53B", "proper-lead", ())]  # 53B: only where recorded
        if recorded is None and response is not None:
            wanted = "accept-lead" if response == "accepted" else "refuse-lead"
            out = [o for o in out if o[1] == wanted]
        return out

    def lead_choice(self, accepted: Cond) -> None:
        """Declarer's 50D2/51B choice before a defender's free lead while his partner has
        major penalty cards: of one suit, require it, forbid it or leave it (50D2); of
        several, require one, forbid any of them, or leave them (51B2). Requiring or
        forbidding picks up the penalty cards of the suits named."""
        m, t = self.m, self.trick
        recorded = self.program.recorded.get((t, LEAD_SLOT))
        # a recorded choice is an agreed fact: the history must be one where it arises
        placed = (
            m.hard(f"declarer's recorded {recorded.law} choice before trick {t + 1}")
            if recorded is not None
            else []
        )
        defenders = [s for s in range(4) if s % 2 != self.declarer_side]
        if not any(self.major[(d + 2) % 4] for d in defenders):
            if recorded is not None:
                _require(m, False, placed)
            return
        due = _all(
            m,
            [
                _not(accepted),
                _any(
                    m,
                    [
                        _all(
                            m,
                            [m.leader[t, d], _any(m, self.major[(d + 2) % 4].values(), "x")],
                            f"may_choose_t{t + 1}_{d}",
                        )
                        for d in defenders
                    ],
                    f"may_choose_t{t + 1}",
                ),
            ],
            f"choice_due_t{t + 1}",
        )
        in_suit = [
            _any(
                m,
                [
                    _all(m, [m.leader[t, d], _any(m, self.suit_major((d + 2) % 4, u), "x")], "x")
                    for d in defenders
                ],
                f"penalty_suit_t{t + 1}_{'SHDC'[u]}",
            )
            for u in range(4)
        ]
        if recorded is not None:
            _require(m, _all(m, [due, _any(m, in_suit, "x")], f"placed_t{t + 1}"), placed)
        if due is False or all(x is False for x in in_suit):
            return
        count = cp_model.LinearExpr.sum([_as_term(x) for x in in_suit])
        one = m.model.new_bool_var(f"one_penalty_suit_t{t + 1}")
        m.model.add(count == 1).only_enforce_if(one)
        m.model.add(count != 1).only_enforce_if(~one)
        given = [entry for entry in CHOICE_CATALOGUE if entry[0].startswith(("50D2", "51B2"))]
        opts = self.options(LEAD_SLOT, given)
        m.model.add(cp_model.LinearExpr.sum(list(opts.values())) == _as_term(due)).only_enforce_if(
            self.enforce
        )
        picked: list[list[Lit]] = [[], [], [], []]
        forbids: list[Lit] = []
        forbidden: list[list[Lit]] = [[], [], [], []]
        required: list[list[Lit]] = [[], [], [], []]
        for code, lit in opts.items():
            law, option, suits = CHOICE_CATALOGUE[code - 1]
            _implies(m, [lit], one if law.startswith("50D2") else ~one)
            for suit in suits:
                _implies(m, [lit], in_suit[suit])
                picked[suit].append(lit)
                (required if option == "require-suit" else forbidden)[suit].append(lit)
            if option.startswith("forbid"):
                forbids.append(lit)
        for suit in range(4):
            self.required[suit] = _any(m, required[suit], f"required_t{t + 1}_{suit}")
        self.pick_up(defenders, picked)
        forbid = _any(m, forbids, f"forbid_t{t + 1}")
        for d in defenders:
            for suit in range(4):
                now = _all(
                    m,
                    [forbid, m.leader[t, d], _any(m, forbidden[suit], "x")],
                    f"forbidden_t{t + 1}_{d}_{suit}",
                )
                kept = _all(m, [_not(forbid), self.banned[d].get(suit, False)], "x")
                value = _any(m, [now, kept], f"banned_t{t + 1}_{SEAT_NAMES[d]}_{suit}")
                if value is False:
                    self.banned[d].pop(suit, None)
                else:
                    self.banned[d][suit] = value

    def suit_major(self, seat: int, suit: int) -> list[Cond]:
        return [lit for card, lit in self.major[seat].items() if card // 13 == suit]

    def pick_up(self, defenders: list[int], picked: list[list[Lit]]) -> None:
        """The penalty cards of the suits named go back to the holder's hand."""
        m, t = self.m, self.trick
        for d in defenders:
            holder = (d + 2) % 4
            for state in (self.major[holder], self.minor[holder]):
                for card in list(state):
                    gone = _all(
                        m,
                        [m.leader[t, d], _any(m, picked[card // 13], "x")],
                        f"picked_up_t{t + 1}_{_card(card)}",
                    )
                    state[card] = _all(
                        m, [state[card], _not(gone)], f"after_choice_t{t + 1}_{_card(card)}"
                    )

    def premature(self) -> None:
        """57A: the card is a major penalty card, and declarer's order binds the partner's
        play to this trick (the trick led by the offender's left-hand opponent); an order
        naming a suit names another suit than the one led. Or the card was led to this trick
        before the partner played to the one before: the offender leads this trick, and the
        order bound the partner there (``early_order``)."""
        m, t, program = self.m, self.trick, self.program
        premature = program.premature.get(t)
        if premature is None:
            return
        offender, card = premature
        name = f"{SEAT_NAMES[offender]} played {_card(card)} prematurely to trick {t + 1}"
        enforce = m.hard(name)
        _require(m, self.held(offender, card), enforce)
        reading1 = m.leader[t, (offender + 1) % 4]
        early: Cond = False
        if t > 0:
            before = self.before_partner(t - 1, offender)
            early = _all(m, [m.leader[t, offender], before], f"early_lead_t{t + 1}")
        _require(m, _any(m, [reading1, early], f"premature_in_position_t{t + 1}"), enforce)
        self.expose(offender, card, True, _enforced(enforce))
        opts = self.order_options(t)
        m.model.add(cp_model.LinearExpr.sum(list(opts.values())) == 1).only_enforce_if(enforce)
        self.order_seat = (offender + 2) % 4
        for code, lit in opts.items():
            _law, option, suit = self.order_key(code)
            self.order[option, suit] = _all(m, [lit, reading1], f"order_t{t + 1}_{code}")
            if suit >= 0:
                _implies(m, [lit, reading1], _not(m.led[t, suit]))

    def forfeited_lead(self) -> None:
        """60A1: a lead to this trick made before the offender's partner had played to the
        one before, played to by his left-hand opponent before rectification: he played to
        the trick before ahead of his partner, leads this trick, with that card (still held
        at its start); no penalty card, no order."""
        m, t = self.m, self.trick
        found = self.program.forfeited.get(t)
        if found is None:
            return
        offender, card = found
        name = (
            f"{SEAT_NAMES[offender]} led {_card(card)} to trick {t + 1} too early, "
            "unrectified (60A1)"
        )
        enforce = m.hard(name)
        _require(m, self.held(offender, card), enforce)
        before = self.before_partner(t - 1, offender) if t > 0 else False
        leads = _all(m, [m.leader[t, offender], before], f"forfeited_lead_t{t + 1}")
        _require(m, leads, enforce)
        _require(m, m.plays.get((t, card), False), enforce)

    def early_order(self) -> None:
        """57A, a lead to the next trick made before the partner played to this one (the
        offender played to this trick before him): declarer's order, recorded at the next
        trick, binds the partner's play to this trick; a suit it names is not this trick's
        suit led."""
        m, t, program = self.m, self.trick, self.program
        following = program.premature.get(t + 1)
        if following is None:
            return
        offender = following[0]
        before = self.before_partner(t, offender)
        if before is False:
            return
        if t + 1 < m.problem.tricks:
            leads_next: Cond = m.leader[t + 1, offender]
        else:  # where play stopped: the winner of this trick leads it
            leads_next = m.winner[t, offender]
        early = _all(m, [before, leads_next], f"early_lead_t{t + 2}")
        opts = self.order_options(t + 1)
        if t + 1 >= m.problem.tricks:  # no order unless the card was led too early
            total = cp_model.LinearExpr.sum(list(opts.values()))
            m.model.add(total == _as_term(early)).only_enforce_if(self.enforce)
        self.order_seat = (offender + 2) % 4
        for code, lit in opts.items():
            _law, option, suit = self.order_key(code)
            gated = _all(m, [lit, early], f"early_order_t{t + 1}_{code}")
            self.order[option, suit] = _any(
                m, [self.order.get((option, suit), False), gated], f"order_t{t + 1}_{code}_any"
            )
            if suit >= 0:
                _implies(m, [lit, early], _not(m.led[t, suit]))

    def rho_turn(self) -> None:
        """57D: the offender still holds the card, and the trick is led by his partner or his
        left-hand opponent (his partner played before his right-hand opponent's turn). When
        the card follows suit and obeys any restriction binding him (no revoke), it is his
        card to this trick; otherwise it is a major penalty card from now on, and his card to
        this trick is another one."""
        m, t, program = self.m, self.trick, self.program
        found = program.rho_turn.get(t)
        if found is None:
            return
        offender, card = found
        name = (
            f"{SEAT_NAMES[offender]} played {_card(card)} at his right-hand opponent's turn to "
            f"trick {t + 1}"
        )
        enforce = m.hard(name)
        _require(m, self.held(offender, card), enforce)
        leaders = [m.leader[t, seat] for seat in range(4) if law57d_in_position(offender, seat)]
        _require(m, _any(m, leaders, f"rho_turn_position_t{t + 1}"), enforce)
        hand, held, first = self.follows(offender)
        legal = self.obeying(offender, hand, held, first)[card]
        played = m.plays.get((t, card), False)
        _implies(m, [legal, *enforce], played)
        _implies(m, [_not(legal), *enforce], _not(played))
        illegal = _all(m, [_not(legal), _enforced(enforce)], f"rho_turn_penalty_t{t + 1}")
        self.expose(offender, card, True, illegal)

    def declarer_early(self) -> None:
        """57C3: declarer's hand still holds the card, and the trick is led by that hand's
        partner or its left-hand opponent (it played third or fourth, before a hand whose
        turn came first). When the card follows suit there (or the hand has none of the suit
        led) it is the hand's card to this trick; otherwise the hand plays another one (no
        penalty card: 48A)."""
        m, t, program = self.m, self.trick, self.program
        found = program.declarer_early.get(t)
        if found is None:
            return
        seat, card = found
        enforce = m.hard(
            f"{SEAT_NAMES[seat]} played {_card(card)} before his turn to trick {t + 1}"
        )
        _require(m, self.held(seat, card), enforce)
        leaders = [m.leader[t, lead] for lead in range(4) if law57c3_in_position(seat, lead)]
        _require(m, _any(m, leaders, f"declarer_early_position_t{t + 1}"), enforce)
        _hand, _held, first = self.follows(seat)
        played = m.plays.get((t, card), False)
        _implies(m, [first[card], *enforce], played)
        _implies(m, [_not(first[card]), *enforce], _not(played))

    def designation(self) -> None:
        """46B: declarer called dummy's card incompletely. "High", "low" or a suit alone: the
        highest or the lowest card dummy holds of the suit named, else of the suit led (then
        dummy does not lead the trick). "Win": the lowest card known to win (``winning``). A
        rank alone: a card of that rank (``of_rank``). Where the call fixes no card (dummy
        holds none of it, 46B4), and after "play anything" (46B5), any legal card."""
        m, t, program = self.m, self.trick, self.program
        found = program.designations.get(t)
        if found is None or found[1] == ANYTHING:
            return
        dummy, said, named, rank = found
        enforce = m.hard(f"declarer's designation of dummy's card at trick {t + 1}")
        if named < 0 and said != RANK:
            _require(m, _not(m.leader[t, dummy]), enforce)
        if said in (HIGH, LOW, SUIT):
            self.extreme(dummy, said, named, enforce)
            return
        fixed = self.winning(dummy, named) if said == WIN else self.of_rank(dummy, rank)
        free = _not(_any(m, fixed.values(), f"designation_fixes_t{t + 1}"))
        for c in cards_in(m.problem.hands[dummy]):
            allowed = _any(
                m, [fixed.get(c, False), free], f"designation_allows_t{t + 1}_{_card(c)}"
            )
            _implies(m, [m.plays.get((t, c), False), *enforce], allowed)

    def extreme(self, dummy: int, said: int, named: int, enforce: list[Lit]) -> None:
        """46B1(a), 46B1(c), 46B2: the highest ("high") or the lowest card of the suit named,
        else of the suit led; holding none of it, any legal card (46B4)."""
        m, t = self.m, self.trick
        hand = cards_in(m.problem.hands[dummy])
        held = {c: self.held(dummy, c) for c in hand}
        high = said == HIGH
        for suit in range(4) if named < 0 else (named,):
            applies: Cond = m.led[t, suit] if named < 0 else True
            for c in hand:
                if suit_of(c) != suit:
                    continue
                beyond = [
                    held[o] for o in hand if suit_of(o) == suit and (o > c if high else o < c)
                ]
                extreme = _all(
                    m, [held[c], *(_not(b) for b in beyond)], f"designated_t{t + 1}_{_card(c)}"
                )
                _implies(m, [applies, extreme, *enforce], m.plays.get((t, c), False))

    def winning(self, dummy: int, named: int) -> dict[int, Cond]:
        """46B1(b), per card of dummy's: "it is the lowest card known to win". Known to win:
        of the suit named (else one that follows suit), it beats every card played to the
        trick before dummy's turn, and when a defender plays after dummy (the trick is not
        led by dummy's left-hand opponent) no card of the defenders' still unplayed could beat
        it, whoever holds it."""
        m, t = self.m, self.trick
        trump = m.problem.trump
        hand, held, follows = self.follows(dummy)
        before = {
            seat: _any(
                m,
                [m.leader[t, lead] for lead in range(4) if (seat - lead) % 4 < (dummy - lead) % 4],
                f"before_dummy_t{t + 1}_{SEAT_NAMES[seat]}",
            )
            for seat in range(4)
            if seat != dummy
        }
        later = _not(m.leader[t, (dummy + 1) % 4])
        others = [
            (c, m.holder[c])
            for (u, c) in m.plays
            if u == t and c != PHANTOM and m.holder.get(c) not in (None, dummy)
        ]
        known: dict[int, Cond] = {}
        for c in hand:
            if named >= 0 and suit_of(c) != named:
                continue
            candidate = held[c] if named >= 0 else follows[c]
            ruff = trump is not None and suit_of(c) == trump
            placed = _any(m, [ruff, m.led[t, suit_of(c)], m.leader[t, dummy]], "x")
            beaten = [
                _all(m, [m.plays[t, x], before[seat]], "x")
                for x, seat in others
                if beats(x, c, trump)
            ]
            threats = [
                _all(m, [later, self.held(seat, x), _not(_all(m, [shown, before[seat]], "x"))], "x")
                for seat in ((dummy + 1) % 4, (dummy + 3) % 4)
                for x in cards_in(m.problem.hands[seat])
                if beats(x, c, trump)
                for shown in (m.plays.get((t, x), False),)
            ]
            known[c] = _all(
                m,
                [candidate, placed, *(_not(b) for b in beaten + threats)],
                f"known_winner_t{t + 1}_{_card(c)}",
            )
        return {
            c: _all(m, [k, *(_not(known[o]) for o in known if o < c)], f"lowest_winner_{_card(c)}")
            for c, k in known.items()
        }

    def of_rank(self, dummy: int, rank: int) -> dict[int, Cond]:
        """46B3, per card of dummy's of the rank named: "the call lets him play it". Leading,
        the one of the suit in which dummy won the trick before (46B3(a)) if he holds it, else
        any he holds (declarer says which); following, any he may legally play (46B3(b))."""
        m, t = self.m, self.trick
        hand, held, follows = self.follows(dummy)
        leads = m.leader[t, dummy]
        cards = [c for c in hand if c % 13 == rank]
        first: dict[int, Cond] = {}
        for c in cards if t > 0 else ():
            won_in = _any(
                m,
                [m.plays.get((t - 1, o), False) for o in hand if suit_of(o) == suit_of(c)],
                "x",
            )
            first[c] = _all(
                m, [leads, m.winner[t - 1, dummy], won_in, held[c]], f"rank_first_{_card(c)}"
            )
        some_first = _any(m, first.values(), f"rank_first_t{t + 1}")
        return {
            c: _any(
                m,
                [
                    first.get(c, False),
                    _all(m, [leads, _not(some_first), held[c]], "x"),
                    _all(m, [_not(leads), follows[c]], "x"),
                ],
                f"rank_t{t + 1}_{_card(c)}",
            )
            for c in cards
        }

    def order_options(self, trick: int) -> dict[int, Lit]:
        """Declarer's 57A order literals for the premature card of ``trick`` (made once)."""
        opts = self.order_opts.get(trick)
        if opts is None:
            program = self.program
            given = law57a_options(program.declarer, -1, program.edition)
            opts = self.options(ORDER_SLOT, [(o.law, o.option, o.suits) for o in given], trick)
            self.order_opts[trick] = opts
        return opts

    @staticmethod
    def order_key(code: int) -> tuple[str, str, int]:
        law, option, suits = CHOICE_CATALOGUE[code - 1]
        return law, option, suits[0] if suits else -1

    def before_partner(self, t: int, offender: int) -> Cond:
        """The offender played to trick ``t`` before his partner: he led it or played second,
        or played early there under 57C1; never where his partner's card was the premature
        one (the partner played first)."""
        m, program = self.m, self.program
        premature = program.premature.get(t)
        exempt = program.exempt.get(t, -1)
        leaders = [
            leader
            for leader in range(4)
            if law57a_before_partner(
                offender, leader, exempt, premature[0] if premature is not None else -1
            )
        ]
        if len(leaders) == 4:
            return True
        return _any(
            m,
            [m.leader[t, leader] for leader in leaders],
            f"before_partner_t{t + 1}_{SEAT_NAMES[offender]}",
        )

    # --- the cards ------------------------------------------------------------------------

    def legal(self, seat: int) -> Cond:
        """Each card ``seat`` plays to the trick is one the obligations leave (``left``).

        Where declarer accepted a failure to play a penalty card (52B1) the card need only
        follow suit and obey the restrictions; the literal returned is then "his card is
        such a failure" (False where nothing binds him)."""
        m, t = self.m, self.trick
        left = self.left(seat)
        if left is None:
            return False
        first, restricted, may = left
        accepted = t in self.program.accepted_failures
        failures: list[Cond] = []
        for c in first:
            played = m.plays.get((t, c))
            if played is None:
                continue
            if not accepted:
                _implies(m, [played, first[c], *self.enforce], may[c])
                continue
            _implies(m, [played, first[c], *self.enforce], restricted[c])
            failure = _all(m, [played, first[c], _not(may[c])], f"failure_t{t + 1}_{_card(c)}")
            failures.append(failure)
        return _any(m, failures, f"failure_t{t + 1}_{SEAT_NAMES[seat]}")

    def left(self, seat: int) -> tuple[dict[int, Cond], dict[int, Cond], dict[int, Cond]] | None:
        """Per card of ``seat``'s hand: it follows suit (a card that does not while he holds
        the suit is a revoke, left to the revoke rules); it also obeys a lead requirement, a
        prohibition or a 57A order, each dropped if it leaves none (Law 59); it is moreover
        one of his major penalty cards if any is left, else not below the ten of his minor
        penalty card's suit but that card, if another is left. None when nothing binds him."""
        t = self.trick
        restricted = seat % 2 != self.declarer_side and (
            self.required or self.banned[seat] or self.order_seat == seat
        )
        if not (restricted or self.major[seat] or self.minor[seat]):
            return None
        tag = f"t{t + 1}_{SEAT_NAMES[seat]}"
        hand, held, first = self.follows(seat)
        obeys = self.obeying(seat, hand, held, first)
        return first, obeys, self.duties(seat, hand, obeys, tag)

    def duties(
        self,
        seat: int,
        hand: list[int],
        may: dict[int, Cond],
        tag: str,
        major: dict[int, Cond] | None = None,
        minor: dict[int, Cond] | None = None,
    ) -> dict[int, Cond]:
        """Of the cards ``may`` leaves (they follow suit and obey the restrictions), those the
        penalty cards' duties leave: one of his major penalty cards if any is among them,
        else not below the ten of his minor penalty card's suit but that card, if another is
        left (50D1, 50C). ``major`` and ``minor``: his penalty cards lying, when not the
        state's (some taken back by a choice)."""
        m = self.m
        major = self.major[seat] if major is None else major
        minor = self.minor[seat] if minor is None else minor
        if major:
            may = self.narrow(may, {c: major.get(c, False) for c in hand}, f"due_{tag}")
        if minor:
            barred = {
                c: _any(
                    m,
                    [
                        lit
                        for other, lit in minor.items()
                        if other != c and suit_of(other) == suit_of(c) and c % 13 < 8
                    ],
                    "x",
                )
                for c in hand
            }
            may = self.narrow(may, {c: _not(barred[c]) for c in hand}, f"minor_{tag}")
        return may

    def follows(self, seat: int) -> tuple[list[int], dict[int, Cond], dict[int, Cond]]:
        """``seat``'s hand, per card whether he still holds it, and whether it follows suit
        (led by him, of the suit led, or he is void in it)."""
        m, t = self.m, self.trick
        tag = f"t{t + 1}_{SEAT_NAMES[seat]}"
        hand = cards_in(m.problem.hands[seat])
        held = {c: self.held(seat, c) for c in hand}
        leads = m.leader[t, seat]
        void = [
            _not(_any(m, [held[c] for c in hand if suit_of(c) == u], f"holds_{tag}_{u}"))
            for u in range(4)
        ]
        void_led = _any(
            m, [_all(m, [m.led[t, u], void[u]], "x") for u in range(4)], f"void_led_{tag}"
        )
        may = {
            c: _all(
                m,
                [held[c], _any(m, [leads, m.led[t, suit_of(c)], void_led], "x")],
                f"follows_{tag}_{_card(c)}",
            )
            for c in hand
        }
        return hand, held, may

    def obeying(
        self, seat: int, hand: list[int], held: dict[int, Cond], first: dict[int, Cond]
    ) -> dict[int, Cond]:
        """Of the cards following suit (``first``), those that also obey a lead requirement, a
        prohibition or a 57A order binding ``seat`` now, each dropped if it leaves none (59)."""
        m, t = self.m, self.trick
        tag = f"t{t + 1}_{SEAT_NAMES[seat]}"
        leads = m.leader[t, seat]
        may = dict(first)
        if seat % 2 != self.declarer_side and self.required:
            may = self.narrow(
                may,
                {c: _all(m, [leads, self.required[suit_of(c)]], "x") for c in hand},
                f"required_{tag}",
            )
        if self.banned[seat]:
            may = self.narrow(
                may,
                {
                    c: _not(_all(m, [leads, self.banned[seat].get(suit_of(c), False)], "x"))
                    for c in hand
                },
                f"banned_{tag}",
            )
        if self.order_seat == seat:
            may = self.narrow(may, self.ordered(seat, hand, held), f"ordered_{tag}")
        return may

    def ordered(self, seat: int, hand: list[int], held: dict[int, Cond]) -> dict[int, Cond]:
        """The cards a 57A order leaves (it binds a follower only)."""
        m, t = self.m, self.trick
        follows = _not(m.leader[t, seat])
        out: dict[int, Cond] = {}
        for c in hand:
            suit = suit_of(c)
            higher = [held[o] for o in hand if suit_of(o) == suit and o > c]
            lower = [held[o] for o in hand if suit_of(o) == suit and o < c]
            reasons = [
                _all(
                    m,
                    [
                        self.order.get(("partner-highest", -1), False),
                        m.led[t, suit],
                        *(_not(h) for h in higher),
                    ],
                    "x",
                ),
                _all(
                    m,
                    [
                        self.order.get(("partner-lowest", -1), False),
                        m.led[t, suit],
                        *(_not(h) for h in lower),
                    ],
                    "x",
                ),
                self.order.get(("partner-play-suit", suit), False),
                *(self.order.get(("partner-not-suit", u), False) for u in range(4) if u != suit),
            ]
            out[c] = _any(m, [_not(follows), *reasons], "x")
        return out

    def narrow(self, may: dict[int, Cond], keep: dict[int, Cond], name: str) -> dict[int, Cond]:
        """Law 59: the cards of ``may`` that ``keep`` allows, unless that leaves none."""
        m = self.m
        kept = {c: _all(m, [may[c], keep[c]], f"{name}_{_card(c)}") for c in may}
        some = _any(m, kept.values(), f"{name}_some")
        return {
            c: _any(m, [kept[c], _all(m, [may[c], _not(some)], "x")], f"{name}_may_{_card(c)}")
            for c in may
        }


# --------------------------------------------------------------------------------------------
# Solving


@dataclass
class _Session:
    """Solves one model repeatedly before a deadline, remembering what solutions show."""

    m: CpsatModel
    deadline: float
    totals: set[int] = field(default_factory=set)
    contradicted: set[int] = field(default_factory=set)
    kept: set[int] = field(default_factory=set)
    """Units not contradicted by some solution seen."""
    undecided: bool = False
    """Some solve ran out of time without proving its answer."""
    workers: int = OPTIMISE_WORKERS
    examples: dict[int, History] = field(default_factory=dict)
    """Declarer total -> the first history seen with it (of minimum cost once that is fixed)."""

    def run(
        self,
        assumptions: Sequence[Lit] = (),
        objective: Any = None,
        maximise: bool = False,
    ) -> int | None:
        """Solve; return the objective value (0 without one) or None when no solution was found.

        Sets ``undecided`` when the solver stopped without proving its answer.
        """
        model = self.m.model
        model.clear_assumptions()
        model.add_assumptions(list(assumptions))
        if objective is None:
            model.clear_objective()  # type: ignore[no-untyped-call]
        elif maximise:
            model.maximize(objective)
        else:
            model.minimize(objective)
        solver = _solver(self.deadline, self.workers)
        status = solver.solve(model)
        model.clear_assumptions()
        if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            self.undecided = True
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        minimum = objective is self.m.cost and not maximise and status == cp_model.OPTIMAL
        self._record(solver, self.m.fixed_cost or minimum)
        return 0 if objective is None else round(solver.objective_value)

    def exhaust(self, pending: Callable[[], list[Lit]]) -> bool:
        """Look for solutions making one of the ``pending`` literals true until none exists.

        Each solution found is recorded, which shrinks ``pending``. True when it is proved that
        no further solution makes a pending literal true; False when time ran out.
        """
        while literals := pending():
            probe = self.m.model.new_bool_var("probe")
            self.m.model.add_bool_or(literals).only_enforce_if(probe)
            if self.run(assumptions=[probe]) is None:
                return not self.undecided
        return not self.undecided

    def _record(self, solver: cp_model.CpSolver, consistent: bool) -> None:
        """Note the solution's total and units; ``consistent``: it is of minimum cost, a
        consistent history (kept as the total's example if it has none)."""
        total = int(solver.value(self.m.total))
        self.totals.add(total)
        if consistent and total not in self.examples:
            m, value = self.m, solver.value
            cards = [(value(n), value(e), value(s), value(w)) for n, e, s, w in m.card_at]
            double = next(
                ((t, int(value(m.extra_at[t]))) for t, lit in enumerate(m.doubled) if value(lit)),
                None,
            )
            leaders, _choices = _leaders_and_choices(m, value)
            self.examples[total] = _history(m.problem, cards, double, leaders)
        for unit, ok in self.m.ok.items():
            (self.kept if solver.boolean_value(ok) else self.contradicted).add(unit)


def _session(problem: Problem, deadline: float, min_cost: int | None = None) -> _Session:
    """A session on a fresh model, hinted with the intact rows, its cost fixed if given."""
    m = build_model(problem)
    for seat in range(4):
        order = problem.row_order[seat]
        for position, card in enumerate(order or ()):
            for t in range(m.physical):
                m.model.add_hint(m.plays[t, card], t == position)
    if min_cost is not None:
        m.model.add(m.cost == min_cost)
    return _Session(m, deadline, workers=OPTIMISE_WORKERS)


def _solver(deadline: float, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, deadline - time.monotonic())
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 1
    return solver


def solve(
    problem: Problem,
    *,
    count_limit: int | None = 200_000,
    time_limit: float = 20.0,
    list_limit: int = 0,
) -> EngineResult:
    """The consistent histories of ``problem``, as CP-SAT establishes them.

    In order: feasibility of the hard facts and the minimum cost (one optimisation); with the
    cost fixed, the reachable declarer-trick totals and the units some consistent history
    contradicts (feasibility checks); then, per total, an enumeration with one worker that
    stops at ``count_limit`` histories in all or at ``time_limit`` seconds for the whole call.
    Totals not fully counted map to None and ``count`` is then None. ``listed`` holds the first
    ``list_limit`` histories in sorted order among those enumerated.
    """
    start = time.monotonic()
    session = _session(problem, start + time_limit)
    result = _Draft()
    min_cost = _minimum_cost(session, result)
    if min_cost is not None:
        session.m.model.add(session.m.cost == min_cost)
        session.m.fixed_cost = True
        totals, all_totals = _reachable_totals(session, result)
        result.contradicted = _contradicted_units(session, result)
        limits = _Limits(count_limit, list_limit, session.deadline)
        if all_totals:
            _count_histories(problem, min_cost, totals, limits, result)
            if count_limit == 0 and not problem.may_hold_revokes and problem.irregular is None:
                # Nothing was enumerated: one history per total from the checks above, and
                # the units every history contradicts, in the same session.
                result.group_examples = dict(sorted(session.examples.items()))
                result.listed = sorted(session.examples.values())[:list_limit]
                result.forced = _forced_in(session)
        else:  # never a partial list of totals: a ruling on it could be wrong
            result.totals_proved = False
            result.count = None
    return result.result(time.monotonic() - start)


@dataclass
class _Draft:
    """An ``EngineResult`` while the steps below fill it in (groups by packed outcome key)."""

    feasible: bool | None = None
    min_cost: int | None = None
    count: int | None = None
    count_at_least: int = 0
    outcomes: dict[int, int | None] = field(default_factory=dict)
    totals_proved: bool = True
    groups: dict[int, int | None] = field(default_factory=dict)
    group_examples: dict[int, History] = field(default_factory=dict)
    contradicted: frozenset[int] | None = None
    forced: frozenset[int] | None = None
    listed: list[History] = field(default_factory=list)
    trick_winners: dict[int, list[frozenset[int]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def result(self, elapsed: float) -> EngineResult:
        return EngineResult(
            engine=ENGINE,
            feasible=self.feasible,
            min_cost=self.min_cost,
            count=self.count,
            count_at_least=self.count_at_least,
            outcomes=self.outcomes,
            totals_proved=self.totals_proved,
            groups=outcome_groups(self.groups),
            group_examples=outcome_groups(self.group_examples),
            contradicted=self.contradicted,
            forced=self.forced,
            listed=self.listed,
            trick_winners=self.trick_winners,
            elapsed=elapsed,
            notes=self.notes,
        )


def _minimum_cost(session: _Session, result: _Draft) -> int | None:
    """Step 1 and 2: are the hard facts feasible, and what is the least cost of a history?"""
    cost = session.run(objective=session.m.cost)
    if cost is None:
        if session.undecided:
            result.notes.append("cpsat: time limit reached before feasibility was decided")
        else:
            result.feasible = False
            result.count = 0
            result.count_at_least = 0
            result.notes.append("cpsat: the hard facts admit no legal history")
        return None
    result.feasible = True
    if session.undecided:
        result.notes.append("cpsat: time limit reached before the minimum cost was proved")
        return None
    result.min_cost = cost
    return cost


def _reachable_totals(session: _Session, result: _Draft) -> tuple[list[int], bool]:
    """Step 3: the declarer-trick totals of minimum-cost histories (the cost is fixed).

    One feasibility check at a time for "a total not seen yet", until there is none. Returns
    the totals found and whether they are proved to be all.
    """
    m = session.m
    tricks = m.problem.tricks
    proved = session.exhaust(
        lambda: [m.total_is[k] for k in range(tricks + 1) if k not in session.totals]
    )
    if not proved:
        result.notes.append("cpsat: time limit reached while deciding the totals")
    return sorted(session.totals), proved


def _contradicted_units(session: _Session, result: _Draft) -> frozenset[int] | None:
    """Step 4: units contradicted by at least one minimum-cost history.

    Each check asks for a minimum-cost history contradicting some unit not yet seen
    contradicted; the last, infeasible one proves that the other units always hold.
    """
    m = session.m
    if not session.exhaust(
        lambda: [~m.ok[u] for u in sorted(m.ok) if u not in session.contradicted]
    ):
        result.notes.append("cpsat: time limit reached before the contradicted units were known")
        return None
    return frozenset(session.contradicted)


@dataclass(frozen=True)
class _Limits:
    count: int | None
    listed: int
    deadline: float


class _Collector(cp_model.CpSolverSolutionCallback):
    """Projects each solution to its history; stops at the count limit."""

    def __init__(self, m: CpsatModel, limit: int | None, list_limit: int) -> None:
        super().__init__()
        self.m = m
        self.limit = limit
        self.list_limit = list_limit
        self.seen: set[int] = set()
        self.duplicates = 0
        self.listed: list[History] = []
        self.winners: list[set[int]] = [set() for _ in range(m.problem.tricks)]
        self.groups: Counter[int] = Counter()
        """Public outcome key -> histories seen in that group."""
        self.examples: dict[int, History] = {}
        """Public outcome key -> the first history seen in that group."""
        self.stopped = False

    def on_solution_callback(self) -> None:
        m = self.m
        value = self.value
        cards = [(value(n), value(e), value(s), value(w)) for n, e, s, w in m.card_at]
        key = 0
        for n, e, s, w in cards:
            key = (((((key << 6 | n) << 6) | e) << 6 | s) << 6) | w
        double = next(
            ((t, int(value(m.extra_at[t]))) for t, lit in enumerate(m.doubled) if value(lit)),
            None,
        )
        if double is not None:
            key = (key << 4 | double[0]) << 6 | double[1]
        leaders, choices = _leaders_and_choices(m, value)
        if m.problem.irregular is not None:  # the leaders follow from the cards and choices
            key = key << (13 * CHOICE_TRICK_BITS) | choices
        if key in self.seen:
            self.duplicates += 1
            return
        self.seen.add(key)
        history = _history(m.problem, cards, double, leaders)
        for t, (leader, trick) in enumerate(history):
            self.winners[t].add(trick_winner(leader, trick, m.problem.trump))
        # after an irregularity: under the choices it assumes, not evaluate's first
        assumed = choices if m.problem.irregular is not None else None
        group = group_key(m.problem, history, int(value(m.total)), assumed)
        self.groups[group] += 1
        self.examples.setdefault(group, history)
        if self.list_limit:
            self.listed.append(history)
            if len(self.listed) > 2 * self.list_limit + 64:
                self.listed = sorted(self.listed)[: self.list_limit]
        if self.limit is not None and len(self.seen) >= self.limit:
            self.stopped = True
            self.stop_search()


def _history(
    problem: Problem,
    cards: Iterable[tuple[int, int, int, int]],
    double: tuple[int, int] | None = None,
    leaders: Sequence[int] = (),
) -> History:
    """The history with these cards per trick (indexed by seat), leaders by Law 44G (or as
    given, after an irregularity); the trick of a double play (Law 67B2), ``double`` =
    (trick, surplus card), gets the fifth card."""
    tricks: list[PlayedTrick] = []
    leader = problem.opening_leader
    for t, by_seat in enumerate(cards):
        if leaders:
            leader = leaders[t]
        extra = (double[1],) if double is not None and double[0] == t else ()
        tricks.append((leader, (*by_seat, *extra)))
        leader = trick_winner(leader, by_seat, problem.trump)
    return tuple(tricks)


def _leaders_and_choices(m: CpsatModel, value: Callable[[Any], int]) -> tuple[list[int], int]:
    """A solution's leaders and choices after an irregularity (none without)."""
    leaders = [int(value(v)) for v in m.leader_at]
    choices = 0
    for shift, code in m.choice_at:
        choices |= (code if isinstance(code, int) else int(value(code))) << shift
    return leaders, choices


def _count_histories(
    problem: Problem, min_cost: int, totals: list[int], limits: _Limits, result: _Draft
) -> None:
    """Step 5: enumerate the minimum-cost histories of each total, one worker, cost fixed."""
    counted = 0
    complete = True
    listed: list[History] = []
    for total in totals:
        left = None if limits.count is None else limits.count - counted
        if (left is not None and left <= 0) or time.monotonic() >= limits.deadline:
            result.outcomes[total] = None
            _record_groups(problem, total, None, False, result)
            complete = False
            continue
        collector, finished = _enumerate(problem, min_cost, total, left, limits)
        counted += len(collector.seen)
        listed.extend(collector.listed)
        if collector.duplicates:
            result.notes.append(f"cpsat: {collector.duplicates} duplicate solutions ignored")
        result.outcomes[total] = len(collector.seen) if finished else None
        _record_groups(problem, total, collector, finished, result)
        if finished:
            result.trick_winners[total] = [frozenset(w) for w in collector.winners]
        complete = complete and finished
    result.groups = dict(sorted(result.groups.items()))
    result.count = counted if complete else None
    result.count_at_least = counted
    result.listed = sorted(listed)[: limits.listed]
    if not complete:
        result.notes.append(f"cpsat: counting stopped after {counted} histories")


def _record_groups(
    problem: Problem,
    total: int,
    collector: _Collector | None,
    finished: bool,
    result: _Draft,
) -> None:
    """The outcome groups of one declarer-trick total, counted when its enumeration finished.

    When it did not, the groups seen map to None (their counts are not known, and groups not
    seen may exist); when no history revokes the total is its only group, seen or not.
    """
    seen: Counter[int] = Counter() if collector is None else collector.groups
    for key, number in seen.items():
        result.groups[key] = number if finished else None
        if collector is not None:
            result.group_examples.setdefault(key, collector.examples[key])
    if not problem.may_hold_revokes and problem.irregular is None and not finished:
        result.groups[total] = None


def _enumerate(
    problem: Problem, min_cost: int, total: int, limit: int | None, limits: _Limits
) -> tuple[_Collector, bool]:
    """All histories of cost ``min_cost`` and declarer tricks ``total``; finished or not."""
    m = build_model(problem)
    m.model.add(m.cost == min_cost)
    m.model.add(m.total == total)
    solver = _solver(limits.deadline, 1)
    solver.parameters.enumerate_all_solutions = True
    collector = _Collector(m, limit, limits.listed)
    status = solver.solve(m.model, collector)
    finished = not collector.stopped and status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return collector, finished


# --------------------------------------------------------------------------------------------
# Explanations


def forced_units(problem: Problem, min_cost: int, time_limit: float = 10.0) -> frozenset[int]:
    """Units contradicted by every history of cost ``min_cost``.

    Empty when no such history exists or when the time limit is reached before it is proved.
    """
    session = _session(problem, time.monotonic() + time_limit, min_cost)
    if session.run() is None:
        return frozenset()
    return _forced_in(session) or frozenset()


def _forced_in(session: _Session) -> frozenset[int] | None:
    """In a session whose cost is fixed at the minimum and which has found a history: the
    units no history keeps (each check asks for one keeping a unit not yet seen kept). None
    when the time limit is reached before that is proved."""
    m = session.m
    if not session.exhaust(lambda: [m.ok[u] for u in sorted(m.ok) if u not in session.kept]):
        return None
    return frozenset(m.ok) - session.kept


def declarer_trick_range(
    problem: Problem, min_cost: int, *, time_limit: float = 20.0
) -> tuple[int, int]:
    """(best, worst) for declarer: the most and the fewest declarer tricks of a history of
    cost ``min_cost``, by optimisation. Raises ValueError when there is no such history, or
    when the time limit is reached before both are proved.
    """
    session = _session(problem, time.monotonic() + time_limit, min_cost)
    m = session.m
    best = session.run(objective=m.total, maximise=True)
    worst = session.run(objective=m.total)
    if best is None or worst is None or session.undecided:
        raise ValueError(f"no history of cost {min_cost} found (or the search timed out)")
    return best, worst


def explain_impossible(problem: Problem, time_limit: float = 10.0) -> list[str] | None:
    """Names of a small set of hard facts that together admit no legal history.

    None when the hard facts are feasible; an empty list when the time limit left it open.
    The core from ``sufficient_assumptions_for_infeasibility`` is shrunk by deletion, so the
    set returned is minimal when time allows: dropping any one of its facts makes it feasible.
    """
    deadline = time.monotonic() + time_limit
    m = build_model(problem, explain=True)
    names = {literal.index: name for literal, name in m.facts}
    literal_of = {literal.index: literal for literal, _name in m.facts}
    status, core = _core(m, list(literal_of), deadline)
    if status == cp_model.OPTIMAL:
        return None
    if status != cp_model.INFEASIBLE:
        return []
    core = core or list(literal_of)
    for index in list(core):
        if index not in core or time.monotonic() >= deadline:
            continue
        trial = [i for i in core if i != index]
        status, smaller = _core(m, trial, deadline)
        if status == cp_model.INFEASIBLE:
            core = [i for i in trial if not smaller or i in smaller]
    return [names[i] for i in sorted(core)]


def _core(m: CpsatModel, indices: list[int], deadline: float) -> tuple[int, list[int]]:
    """Solve under the assumptions with these variable indices; status and core if infeasible."""
    by_index = {literal.index: literal for literal, _name in m.facts}
    m.model.clear_assumptions()
    m.model.add_assumptions([by_index[i] for i in indices])
    solver = _solver(deadline, 1)
    status = solver.solve(m.model)
    core = list(solver.sufficient_assumptions_for_infeasibility())
    m.model.clear_assumptions()
    return int(status), [i for i in core if i in by_index]
