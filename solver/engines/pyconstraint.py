"""A plain constraint-satisfaction model of the play, solved with python-constraint2.

The third, independent reference engine (docs/claims.md): slow, but written from the facts
alone, so that the search and CP-SAT engines have something unrelated to disagree with on
small positions (end positions, a few tricks) in the tests.

The model holds the *hard* facts only (docs/case-format.md "Semantics"):

* ``("card", t, s)``: the card seat ``s`` played to trick ``t`` (0-based), its domain the cards
  that seat may play (its row, or its whole hand without a row);
* ``("lead", t)``: the seat that led trick ``t``; ``("lead", tricks)`` is the winner of the last
  trick, so that "the winner of trick t" is always ``lead[t + 1]``;
* Law 44A: ``lead[0]`` is the opening leader; a seat plays each card once (all different);
* Law 65C / docs/case-format.md "Rows": a row's cards are exactly the cards its player played;
* Law 44C: a player who does not follow suit held no card of the suit led, counting every card
  of his hand not yet played (cards outside his row count as held), unless a revoke allegation
  admits the revoke (Law 61A; ``Problem.permits``, read as ``Problem.permit`` reads them);
* Law 44E/F/G: the highest trump, else the highest card of the suit led, wins; the winner leads;
* agreed tricks and agreed statements;
* Law 67: a player who missed a trick (``Problem.short_seat``) has the pseudo-card ``PHANTOM``
  in his domain (his row plus the phantom: one "card" a trick). It is never led, never wins,
  is exempt from following suit and is not a revoke that needs an allegation.
* Law 67B2: a player who played two cards to one trick (``Problem.surplus_seat``) has a row
  one card longer than the others. His card in the last trick (``Problem.restored_trick``,
  played once the surplus card is back in his hand) *is* the surplus card, and ``DOUBLE``
  names the earlier trick where he dropped it as a fifth card. There he was no leader, and
  his ``("card", t, seat)`` is the card Law 67B2 leaves in the trick: of the pair, the higher
  card of the suit led if he held that suit, else the higher card (trumps first). After it he
  holds neither card (Law 44C counts without the surplus card). In the restored trick the
  others play any card still held (outside their rows too: on a whole board their one card
  left), following suit; no allegation admits a revoke there.

* Laws 50-57 after an irregularity (``Problem.irregular``): a choice variable per trick and
  slot (catalogue codes, 0 for none) and a winner variable per trick (a lead out of turn
  accepted moves the lead); one constraint, ``_Obligations``, walks the play with this
  module's own statement of the obligations. A solution is a history under one sequence of
  choices, and counts as one history in the outcome group of its choices.

Every solution is then priced against the evidence units (the order of intact rows, orientation
marks, owned statements) by this module's own reading of the semantics, not by
``problem.evaluate``; the tests cross-check the two. Only the outcome group of a history (its
total and the details of its revokes that Laws 62-64 need, the revokes Law 67 deems included)
is taken from ``problem.evaluate``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import constraint

from solver.engines.problem import (
    CARDS_WEIGHT,
    PHANTOM,
    STATEMENT_WEIGHT,
    Problem,
    group_key,
    outcome_groups,
)
from solver.engines.result import EngineResult
from solver.errors import EngineError
from solver.facts.history import History
from solver.facts.irregularity import CHOICE_CATALOGUE, CHOICE_CODE_BITS, CHOICE_TRICK_BITS
from solver.facts.irregularity import RETRACTED_MISINFORMED as RETRACTED
from solver.laws.law46 import SAID_CODES
from solver.laws.law57 import law57a_before_partner, law57d_in_position

MAX_TRICKS = 4
"""Largest number of tricks this engine accepts (``solve`` raises ``EngineError`` beyond).

Measured with every row mixed (order and marks lost: only Law 44 prunes), on random deals
with random legal plays, 100 positions each: 3 tricks median 0.004 s, worst 0.05 s (at most
224 histories); 4 tricks median 0.03 s, worst about 1 s (9,888 histories); 5 tricks median
about 1 s but worst 13-25 s (172,800 histories), too slow for an oracle run in every test.
Enumeration costs about 0.1 ms a history, and the number of histories multiplies with each
trick. A double play (Law 67B2) counts its restored trick, where the others may play any card
still held: with 3 tricks before it (4 in all), random disputes with rows mixed at random,
30 positions: median 0.9 s, worst about 8 s (72,000 histories).
"""

ENGINE = "pyconstraint"

Var = tuple[Any, ...]
"""A CSP variable name: ``("card", trick, seat)``, ``("lead", trick)`` or ``DOUBLE``."""

DOUBLE: Var = ("double", -1)
"""The trick where the surplus seat played two cards (Law 67B2); only with a surplus seat."""

_UNASSIGNED = constraint.Unassigned


def _card_var(trick: int, seat: int) -> Var:
    return ("card", trick, seat)


def _lead_var(trick: int) -> Var:
    return ("lead", trick)


def _winner_var(problem: Problem, trick: int) -> Var:
    """The seat that won trick ``trick``: the next trick's leader, except after an
    irregularity, where a lead out of turn accepted moves the lead (``("won", trick)``)."""
    return ("won", trick) if problem.irregular is not None else _lead_var(trick + 1)


def _choice_var(trick: int, slot: int) -> Var:
    return ("choice", trick, slot)


def _cards_of(mask: int) -> list[int]:
    """The card indices in a bit mask, in ascending order (the phantom, 52, last)."""
    return [card for card in range(PHANTOM + 1) if (mask >> card) & 1]


def _suit(card: int) -> int:
    return card // 13


def _left_in_trick(
    led_suit: int, trump: int | None, pair: tuple[int, int], held: int
) -> int | None:
    """Law 67B2: which of two cards dropped on one trick stays there (the higher he could
    legally have played). ``held`` is his hand before the trick.

    Holding the suit led he could play only that suit: its higher card in the pair, None if
    neither follows (a revoke besides; no history). Void, a trump beats another suit, then
    the higher rank; two equal ranks (no rule says) go to the higher suit, spades first.

    Deliberately this module's own reading of the rule, not ``problem.surplus_counted`` (which
    the search engine and ``problem.evaluate`` use), so that the tests cross-check the two.
    """
    if (held >> (13 * led_suit)) & 0x1FFF:  # he holds a card of the suit led
        following = [card for card in pair if _suit(card) == led_suit]
        return max(following) if following else None
    return max(pair, key=lambda card: (_suit(card) == trump, card % 13, -_suit(card)))


def _rank_key(card: int, led_suit: int, trump: int | None) -> tuple[int, int]:
    """How strongly a card competes for the trick (Law 44E/F): trumps, then the suit led.

    The phantom of a missed trick (Law 67) is no card: it competes with nothing.
    """
    if card == PHANTOM:
        return (-1, card)
    if _suit(card) == trump:
        return (2, card)
    if _suit(card) == led_suit:
        return (1, card)
    return (0, card)


def winner_of(leader: int, cards: tuple[int, ...], trump: int | None) -> int:
    """The seat whose card wins a trick (Law 44E/F); ``cards`` indexed by seat.

    >>> winner_of(0, (12, 0, 1, 51), None)   # North leads the SA
    0
    >>> winner_of(0, (12, 0, 1, 51), 3)      # ... and West ruffs with the CA
    3
    """
    led_suit = _suit(cards[leader])
    return max(range(4), key=lambda seat: _rank_key(cards[seat], led_suit, trump))


# --- building the model -------------------------------------------------------------------


_KIND_ORDER = {"choice": 0, "lead": 1, "card": 2, "won": 3}


class _TrickOrderSolver(constraint.OptimizedBacktrackingSolver):  # type: ignore[misc]
    """The library's backtracking solver, made to assign variables trick by trick.

    Its own static order (most constrained first) assigns the cards of every trick before
    any later leader, so Law 44C could only prune at the leaves; play order lets each trick
    be checked as soon as its four cards are down. The set of solutions is the same.

    ``first`` variables go before all others: after a double play (Law 67B2) whether the
    surplus seat still holds a card depends on where and which the surplus card was, so
    those two are chosen first for Law 44C to prune each trick in play order again.
    """

    def __init__(self, first: tuple[Var, ...] = ()) -> None:
        super().__init__()
        self.first = first

    def getSortedVariables(
        self, domains: dict[Var, Any], vconstraints: dict[Var, Any]
    ) -> list[Var]:
        """The ``first`` variables, then, within a trick, the choices made after an
        irregularity, the leader, the cards in play order and the winner."""
        first = self.first

        def order(var: Var) -> tuple[Any, ...]:
            if var in first:
                return (0, first.index(var))
            return (1, var[1], _KIND_ORDER.get(var[0], 2), var)

        return sorted(domains, key=order)


def build_csp(problem: Problem) -> constraint.Problem:
    """The CSP of the hard facts of ``problem``: its solutions are the legal histories."""
    _require_one_defect(problem)
    csp = constraint.Problem(_TrickOrderSolver(_surplus_variables(problem)))
    _add_variables(csp, problem)
    _add_opening_lead(csp, problem)
    _add_rows(csp, problem)
    for trick in range(problem.tricks):
        _add_no_phantom_lead(csp, problem, trick)
        for seat in range(4):
            _add_follow_suit(csp, problem, trick, seat)
        _add_winner_leads(csp, problem, trick)
        _add_double_play(csp, problem, trick)
    _add_revoke_allowance(csp, problem)
    _add_agreed_tricks(csp, problem)
    _add_in_progress(csp, problem)
    _add_agreed_statements(csp, problem)
    if problem.irregular is not None:
        _add_irregularities(csp, problem)
    return csp


def _require_one_defect(problem: Problem) -> None:
    """A case has one defective trick at most (the case file refuses more), and a double play
    needs a trick to happen at before the restored one."""
    if problem.surplus_seat is None:
        return
    if problem.short_seat is not None:
        raise EngineError(f"{ENGINE}: a missed trick and a double play in one problem")
    if problem.restored_trick < 1:
        raise EngineError(f"{ENGINE}: a double play needs a trick before the restored one")


def _surplus_variables(problem: Problem) -> tuple[Var, ...]:
    """After a double play: the trick it was at and the surplus card (his restored-trick card)."""
    seat = problem.surplus_seat
    if seat is None:
        return ()
    return (DOUBLE, _card_var(problem.restored_trick, seat))


def _add_variables(csp: constraint.Problem, problem: Problem) -> None:
    """One card per seat and trick, one leader per trick (plus the last trick's winner).

    In the trick restored after a double play (Law 67B2) the others play whatever they still
    hold, rows or not: each row holds one card fewer than the tricks. ``DOUBLE`` ranges over
    the tricks before the restored one.
    """
    restored, surplus_seat = problem.restored_trick, problem.surplus_seat
    for trick in range(problem.tricks + 1):
        if trick < problem.tricks or problem.irregular is None:
            csp.addVariable(_lead_var(trick), [0, 1, 2, 3])
        if trick == problem.tricks:
            if _order_at_stop(problem):
                # 57A: the order given for a lead to this trick made too early (0: no such lead)
                orders = [code for code in _choice_domains(problem, trick)[2] if code > 0]
                csp.addVariable(_choice_var(trick, ORDER_SLOT), [0, *orders])
            break
        if problem.irregular is not None:
            csp.addVariable(("won", trick), [0, 1, 2, 3])
            for slot, codes in enumerate(_choice_domains(problem, trick)):
                csp.addVariable(_choice_var(trick, slot), codes)
        for seat in range(4):
            domain = problem.playable[seat]
            if trick == restored and seat != surplus_seat:
                domain = problem.hands[seat]
            csp.addVariable(_card_var(trick, seat), _cards_of(domain))
    if surplus_seat is not None:
        csp.addVariable(DOUBLE, list(range(restored)))


def _add_opening_lead(csp: constraint.Problem, problem: Problem) -> None:
    """Law 44A: the opening leader leads to the first trick (after an irregularity,
    ``_add_irregularities`` says who leads each trick)."""
    if problem.irregular is not None:
        return
    csp.addConstraint(constraint.InSetConstraint({problem.opening_leader}), [_lead_var(0)])


def _add_rows(csp: constraint.Problem, problem: Problem) -> None:
    """Each card is played once; a row (Law 65C) holds exactly the cards its player played.

    A row has ``problem.tricks`` cards and is each of its seat's domains, so all-different
    over that seat's cards makes them a permutation of the row. The row of a player who
    missed a trick (Law 67) has one card fewer; with the phantom it still fills every trick,
    so he plays the phantom exactly once. After a double play (Law 67B2) the surplus seat's
    row fills every trick, the surplus card being his card of the restored trick; the others'
    rows fill every trick but that one, where they play a card from outside their rows, and
    all-different keeps it a card not played before.
    """
    for seat in range(4):
        played = [_card_var(trick, seat) for trick in range(problem.tricks)]
        if problem.playable[seat] != problem.hands[seat]:
            size = problem.playable[seat].bit_count()
            expected = problem.tricks
            if problem.surplus_seat not in (None, seat):
                expected -= 1
            if size != expected:
                raise EngineError(
                    f"{ENGINE}: seat {seat}'s row holds {size} cards, expected {expected}"
                )
        if len(played) > 1:
            csp.addConstraint(constraint.AllDifferentConstraint(), played)


def _add_no_phantom_lead(csp: constraint.Problem, problem: Problem, trick: int) -> None:
    """Law 67: a player misses a trick as a follower; a trick is never led with no card."""
    short = problem.short_seat
    if short is None:
        return

    def led_a_card(leader: int, card: int) -> bool:
        return leader != short or card != PHANTOM

    variables = [_lead_var(trick), _card_var(trick, short)]
    csp.addConstraint(constraint.FunctionConstraint(led_a_card), variables)


def _add_follow_suit(csp: constraint.Problem, problem: Problem, trick: int, seat: int) -> None:
    """Law 44C: a seat that does not follow suit held no card of the suit led.

    Held means dealt to him and not played to an earlier trick, whether in his row or not.
    A revoke is let through here when some allegation could admit it (Law 61A); whether the
    allegations that are used up stretch to all of a history's revokes is
    ``_add_revoke_allowance``'s business. The check is written to answer "not yet known"
    (True) on a partial assignment, so the solver can prune as soon as the leader's card and
    this seat's card are down. The phantom of a missed trick (Law 67) follows no suit and needs
    no excuse; a phantom lead is ``_add_no_phantom_lead``'s to refuse.

    After a double play (Law 67B2) the surplus seat no longer holds the surplus card, and
    nobody may revoke in the restored trick (no allegation speaks of it); the surplus seat
    plays the surplus card there, whatever he holds.
    """
    surplus_seat, restored = problem.surplus_seat, problem.restored_trick
    if trick == restored and seat == surplus_seat:
        return
    hand = _cards_of(problem.hands[seat])
    hand_by_suit = [frozenset(c for c in hand if _suit(c) == suit) for suit in range(4)]
    may_revoke_in: frozenset[int] = frozenset()  # none at the restored trick
    if trick != restored:
        free, by_suit = _free_revokes(problem), _suit_permits(problem)
        wildcards = _wildcards(problem)
        may_revoke_in = frozenset(
            suit
            for suit in range(4)
            if (seat, trick, suit) in free or by_suit[seat, suit] or wildcards
        )
    double_play = seat == surplus_seat  # where, and which card he no longer holds after it

    def follows(leader: Any, *rest: Any) -> bool:
        if leader is _UNASSIGNED or leader == seat:
            return True
        led, mine = rest[leader], rest[seat]
        if led is _UNASSIGNED or mine is _UNASSIGNED or _suit(led) == _suit(mine):
            return True
        if PHANTOM in (led, mine):
            return True
        earlier = rest[4:]
        if _suit(led) in may_revoke_in or any(card is _UNASSIGNED for card in earlier):
            return True
        if not double_play:
            return not (hand_by_suit[_suit(led)] - set(earlier))
        *played, double, surplus = earlier
        gone = set(played)
        if double < trick:
            gone.add(surplus)
        return not (hand_by_suit[_suit(led)] - gone)

    variables = [_lead_var(trick)]
    variables += [_card_var(trick, s) for s in range(4)]
    variables += [_card_var(t, seat) for t in range(trick)]
    if double_play:
        variables += _surplus_variables(problem)
    csp.addConstraint(constraint.FunctionConstraint(follows, assigned=False), variables)


def _free_revokes(problem: Problem) -> frozenset[tuple[int, int, int]]:
    """(seat, trick, suit led) where an allegation names that seat and trick (and that suit,
    if it names one): it admits any revoke of that seat there, and is never used up.

    This and the two helpers below restate ``Problem.permit`` on purpose, as sets and counts
    of this module's own, rather than call it: the engine stays independent of the reading
    the search engine and ``problem.evaluate`` share (see the module docstring).
    """
    return frozenset(
        (permit.seat, permit.trick, suit)
        for permit in problem.permits
        if permit.seat is not None and permit.trick is not None
        for suit in range(4)
        if permit.suit in (None, suit)
    )


def _suit_permits(problem: Problem) -> Counter[tuple[int, int]]:
    """(seat, suit) -> allegations that the seat revoked once, at some trick, in that suit."""
    return Counter(
        (permit.seat, permit.suit)
        for permit in problem.permits
        if permit.seat is not None and permit.trick is None and permit.suit is not None
    )


def _wildcards(problem: Problem) -> int:
    """Allegations that anyone revoked once, anywhere (those with no seat)."""
    return sum(1 for permit in problem.permits if permit.seat is None)


def _add_revoke_allowance(csp: constraint.Problem, problem: Problem) -> None:
    """Law 61A: every revoke of a history is admitted, each allegation used up at most once.

    A missed trick (the phantom, Law 67) is no revoke of Law 61A and needs no allegation.
    Revokes at a trick an allegation names for that seat are admitted freely. Each other
    revoke spends a suit allegation of its own (same seat, same suit led) while one is left,
    else a wildcard: a wildcard is never needed where such an allegation is left, so spending
    in this order loses no history. The check walks the tricks whose cards are all down, so
    it prunes as soon as those hold one revoke too many. The trick restored after a double
    play (Law 67B2) admits no revoke (``_add_follow_suit``) and is left out; after the double
    play its player no longer holds the surplus card.
    """
    suit_permits = _suit_permits(problem)
    wildcards = _wildcards(problem)
    if not suit_permits and not wildcards:
        return  # every admitted revoke is admitted by its trick (see _add_follow_suit)
    free = _free_revokes(problem)
    surplus_seat = problem.surplus_seat
    tricks = problem.tricks if surplus_seat is None else problem.restored_trick

    def admitted(*values: Any) -> bool:
        spare, wild = dict(suit_permits), wildcards
        held = list(problem.hands)
        double, surplus = values[5 * tricks :] if surplus_seat is not None else (-1, -1)
        if double is _UNASSIGNED or surplus is _UNASSIGNED:
            return True
        for trick in range(tricks):
            leader = values[trick]
            four = values[tricks + 4 * trick : tricks + 4 * trick + 4]
            if leader is _UNASSIGNED or any(card is _UNASSIGNED for card in four):
                return True
            if four[leader] == PHANTOM:
                return True  # not a history (``_add_no_phantom_lead``), nothing to count
            led = _suit(four[leader])
            for seat, card in enumerate(four):
                still_held = (held[seat] >> (13 * led)) & 0x1FFF  # his cards of the suit led
                revoked = card != PHANTOM and _suit(card) != led and still_held
                held[seat] &= ~(1 << card)
                if not revoked or (seat, trick, led) in free:
                    continue
                if spare.get((seat, led), 0):
                    spare[seat, led] -= 1
                elif wild:
                    wild -= 1
                else:
                    return False
            if trick == double and surplus_seat is not None:
                held[surplus_seat] &= ~(1 << surplus)  # dropped with his card (Law 67B2)
        return True

    variables = [_lead_var(t) for t in range(tricks)]
    variables += [_card_var(t, s) for t in range(tricks) for s in range(4)]
    variables += _surplus_variables(problem)
    csp.addConstraint(constraint.FunctionConstraint(admitted, assigned=False), variables)


def _add_winner_leads(csp: constraint.Problem, problem: Problem, trick: int) -> None:
    """Law 44E/F/G: the winner of trick t leads trick t + 1 (``lead[t + 1]`` is that winner)."""
    trump = problem.trump

    def next_leader_won(leader: int, c0: int, c1: int, c2: int, c3: int, nxt: int) -> bool:
        return nxt == winner_of(leader, (c0, c1, c2, c3), trump)

    variables = [_lead_var(trick)] + [_card_var(trick, s) for s in range(4)]
    variables.append(_winner_var(problem, trick))
    csp.addConstraint(constraint.FunctionConstraint(next_leader_won), variables)


def _add_double_play(csp: constraint.Problem, problem: Problem, trick: int) -> None:
    """Law 67B2 at the trick ``DOUBLE`` names: the surplus seat followed (never led) with two
    cards, and the one left in the trick is the one ``_left_in_trick`` leaves there.

    Both are cards he still held: all-different over his cards (``_add_rows``) keeps the
    surplus card, his restored-trick card, apart from every card he played.
    """
    seat = problem.surplus_seat
    if seat is None or trick >= problem.restored_trick:
        return
    hand, trump = problem.hands[seat], problem.trump

    def pair_left(double: Any, leader: Any, *rest: Any) -> bool:
        if double is _UNASSIGNED or leader is _UNASSIGNED or double != trick:
            return True
        if leader == seat:
            return False
        led, counted, surplus, earlier = rest[leader], rest[seat], rest[4], rest[5:]
        if any(card is _UNASSIGNED for card in (led, counted, surplus, *earlier)):
            return True
        held = hand
        for card in earlier:
            held &= ~(1 << card)
        return _left_in_trick(_suit(led), trump, (counted, surplus), held) == int(counted)

    variables = [DOUBLE, _lead_var(trick)]
    variables += [_card_var(trick, s) for s in range(4)]
    variables.append(_card_var(problem.restored_trick, seat))
    variables += [_card_var(t, seat) for t in range(trick)]
    csp.addConstraint(constraint.FunctionConstraint(pair_left, assigned=False), variables)


# --- irregularities (Laws 50-57) -----------------------------------------------------------

LOOT_SLOT, LEAD_SLOT, ORDER_SLOT, FAILURE_SLOT = 0, 1, 2, 3
"""The slots of a trick's choices (``ChoiceMade.slot``): a lead out of turn's response, the
choice before a defender's lead, a 57A order, a failure to play a penalty card accepted."""
BROKEN, LEGAL, FAILURE = 0, 1, 2
"""What a card is under the obligations (``_Rule.allows``)."""
NO_OPTION = -1
"""A choice domain holding no option the law gives (a recorded choice it does not give)."""
SLOT_VARIABLES = 9
"""Per trick, in the order ``_add_irregularities`` passes them: three choices, the leader,
four cards, the winner."""


def _code(law: str, option: str, suits: tuple[int, ...] = ()) -> int:
    """A choice as an outcome key stores it: its index in the catalogue, plus one."""
    return CHOICE_CATALOGUE.index((law, option, suits)) + 1


def _choice_domains(problem: Problem, trick: int) -> tuple[list[int], list[int], list[int]]:
    """The codes each choice of ``trick`` may take (0: no choice made there).

    A lead out of turn (not at the last trick, where 2017 Law 53A allows no acceptance): the
    options of Law 55 (declarer's side offended), 54 (the opening lead) or 53A/56 (a defender
    later), only the recorded one or the one the response names when the case gives it. The
    choice before a defender's lead (50D2, 51B): 0 or any of their options (the constraint
    says which is due), once a penalty card can lie. A premature play: the 57A orders (a
    card of a named suit only from 2017), or the recorded one.
    """
    program = problem.irregular
    assert program is not None
    recorded = program.recorded
    loot_codes = [0]
    loot = program.leads_out_of_turn.get(trick)
    last = trick == program.last_trick and program.edition >= 2017
    if loot is not None and not last and loot[2] != RETRACTED:
        offender, _card, response = loot
        if offender % 2 == program.declarer % 2:
            given = [("55A", "accept-lead"), ("55B", "refuse-lead")]
        elif trick == 0:
            given = [("54B", "accept-lead"), ("54A", "declarer-becomes-dummy")]
            given.append(("54D", "refuse-lead"))
        else:
            given = [("53A", "accept-lead"), ("56", "refuse-lead")]
        wanted = None
        if (trick, LOOT_SLOT) in recorded:
            wanted = recorded[trick, LOOT_SLOT].option
        if wanted == "proper-lead":
            given = [("53B", "proper-lead")]
        elif response is not None:
            wanted = "accept-lead" if response == "accepted" else "refuse-lead"
        loot_codes = [_code(law, option) for law, option in given if wanted in (None, option)]
    # a recorded choice is an agreed fact: no history where none is made at its trick
    lead_codes = [] if (trick, LEAD_SLOT) in recorded else [0]
    may_lie = {  # the suits of every card that may lie as a penalty card at this lead
        card // 13
        for t, cards in program.penalty_cards.items()
        if t <= trick
        for _seat, card, _major in cards
    }
    may_lie |= {card // 13 for t, (_o, card, _r) in program.leads_out_of_turn.items() if t <= trick}
    may_lie |= {card // 13 for t, (_o, card) in program.premature.items() if t < trick}
    may_lie |= {card // 13 for t, (_o, card) in program.rho_turn.items() if t < trick}
    if may_lie:
        lead_codes += [
            code
            for code, (law, option, suits) in enumerate(CHOICE_CATALOGUE, 1)
            if law.startswith(("50D2", "51B2"))
            and set(suits) <= may_lie
            and (len(may_lie) > 1 or law.startswith("50D2"))
            and _recorded_allows(program.recorded.get((trick, LEAD_SLOT)), option, suits)
        ]
    order_codes = [0]
    if trick in program.premature:
        orders: list[tuple[str, tuple[int, ...]]] = [
            ("partner-highest", ()),
            ("partner-lowest", ()),
        ]
        if program.edition >= 2017:
            orders += [("partner-play-suit", (s,)) for s in range(4)]
        orders += [("partner-not-suit", (s,)) for s in range(4)]
        order_codes = [
            _code("57A", option, suits)
            for option, suits in orders
            if _recorded_allows(recorded.get((trick, ORDER_SLOT)), option, suits)
        ]
    return (loot_codes or [NO_OPTION], lead_codes or [NO_OPTION], order_codes or [NO_OPTION])


def _recorded_allows(recorded: Any, option: str, suits: tuple[int, ...]) -> bool:
    """No recorded choice, or this option with these suits is the one recorded."""
    return recorded is None or (recorded.option, tuple(recorded.suits)) == (option, suits)


def _add_irregularities(csp: constraint.Problem, problem: Problem) -> None:
    """The Laws on irregularities as one constraint over the whole play (``_Obligations``):
    who leads each trick, which choices are due and given, and every card of a defender
    under them. Written on partial assignments, it prunes at the first card that breaks an
    obligation."""
    if problem.surplus_seat is not None or problem.short_seat is not None:
        raise EngineError(
            f"{ENGINE}: a defective trick (Law 67) together with an irregularity (Laws 50-57) "
            "is not handled; use --engine search"
        )
    rules = _Obligations(problem)
    variables: list[Var] = []
    for trick in range(problem.tricks):
        variables += [_choice_var(trick, slot) for slot in (LOOT_SLOT, LEAD_SLOT, ORDER_SLOT)]
        variables.append(_lead_var(trick))
        variables += [_card_var(trick, seat) for seat in range(4)]
        variables.append(_winner_var(problem, trick))
    if _order_at_stop(problem):
        variables.append(_choice_var(problem.tricks, ORDER_SLOT))
    csp.addConstraint(constraint.FunctionConstraint(rules.obeyed, assigned=False), variables)


def _order_at_stop(problem: Problem) -> bool:
    """A premature card at the trick play stopped at (after one played, at least): it may be
    a lead to it made too early, whose 57A order bound the partner at the last trick played,
    so that order is a variable of its own (the stopped trick has no others)."""
    program = problem.irregular
    return program is not None and problem.tricks > 0 and problem.tricks in program.premature


class _Obligations:
    """This engine's own statement of what the Laws require after an irregularity.

    Walking the tricks in order, with the cards each seat still holds and the penalty cards
    lying (``major`` a set per seat, ``minor`` one card or None per seat):

    * at the start of a trick the penalty cards of the case that lie from it (each still
      held; a second penalty card of a seat makes all of his major, Law 50B);
    * a lead out of turn: not by the proper leader, with a card he holds; accepted (or
      declarer becoming dummy), the offender leads that card; refused, the proper leader
      leads, and a defender's card becomes a major penalty card (54D, 56);
    * before a defender's free lead while his partner has major penalty cards, declarer's
      choice (50D2 for one suit, 51B for several): requiring a suit or forbidding suits
      picks up the penalty cards of those suits; a prohibition binds while the leader keeps
      the lead;
    * a premature play: the card becomes a major penalty card and declarer's 57A order binds
      the partner's play to this trick (an order naming a suit, not the suit led);
    * each card: following suit first (a card off the suit led while holding it is a revoke,
      left to the revoke rules); then the lead requirement, the prohibition or the 57A order,
      each only if it leaves a card (Law 59); then a major penalty card if one is among
      those; then no card below the ten of a minor penalty card's suit but that card;
    * at a trick where declarer accepted a failure to play a penalty card (52B1), exactly one
      card obeys all but the penalty cards' duties (the choice is recorded, never branched).
    """

    def __init__(self, problem: Problem) -> None:
        program = problem.irregular
        assert program is not None
        self.tricks = problem.tricks
        self.hands = [frozenset(_cards_of(hand)) for hand in problem.hands]
        self.opening = problem.opening_leader
        self.declarer_side = problem.declarer_side
        self.penalty_cards = program.penalty_cards
        self.leads_out_of_turn = program.leads_out_of_turn
        self.premature = program.premature
        self.forfeited = program.forfeited
        self.returned = program.returned
        self.exempt = program.exempt
        self.rho_turn = program.rho_turn
        self.declarer_early = program.declarer_early
        self.designations = program.designations
        self.withdrawn = program.withdrawn
        self.absent = program.absent
        self.trump = problem.trump
        self.accepted_failures = program.accepted_failures
        self.pending_failure = program.pending_failure
        self.failure_judged = program.failure_judged
        self.stopped_choice = program.recorded.get((problem.tricks, LEAD_SLOT))
        self.in_progress = problem.in_progress
        self.stopped_loot_codes = _choice_domains(problem, problem.tricks)[0]
        """The answers a lead out of turn to the trick play stopped at may have (0: none to
        give; ``_lead_out_of_turn``)."""
        order = program.recorded.get((problem.tricks, ORDER_SLOT))
        self.stopped_order = (
            None if order is None else _code(order.law, order.option, tuple(order.suits))
        )
        self.after: dict[tuple[Any, ...], tuple[_Walk, int]] = {}
        """The walk after each sequence of whole tricks met so far (the values of their
        variables), and the next proper leader: a later call starts from there."""

    def obeyed(self, *values: Any) -> bool:
        """False once an assigned value breaks a rule; True while nothing assigned does."""
        walk, proper, first = self._resume(values)
        for trick in range(first, self.tricks):
            base = SLOT_VARIABLES * trick
            loot_code, lead_code, order_code, leader = values[base : base + 4]
            if not self._held_at_start(walk, trick):
                return False
            if loot_code is _UNASSIGNED:
                return True
            start = self._lead_out_of_turn(walk, trick, proper, loot_code)
            if start is None or leader is _UNASSIGNED:
                return start is not None
            expected, forced = start
            if leader != expected:
                return False
            if lead_code is _UNASSIGNED:
                return True
            rule = _Rule(walk, forced, trick in self.accepted_failures)
            if not self._lead_choice(walk, rule, leader, lead_code):
                return False
            if order_code is _UNASSIGNED:
                return True
            orders = self._orders(walk, rule, trick, order_code, values)
            if orders is not None:
                return orders
            verdict = rule.trick(leader, values[base + 4 : base + 8])
            if verdict is not None:
                return verdict
            won = values[base + 8]
            if won is _UNASSIGNED:
                return True
            proper = self._won(walk, values, trick + 1, won)
        return proper >= 0  # -1: a lead out of turn where play stopped was in turn

    def _held_at_start(self, walk: _Walk, trick: int) -> bool:
        """The case's penalty cards lying from this trick (each still held), declarer's fifth
        cards gone back to the hand (45E2) and the cards withdrawn from this trick (45C4(b),
        47E2) still held at its start; a card declarer named that dummy did not hold (46B4)
        not in dummy's hand then."""
        if not walk.lying_from(self.penalty_cards.get(trick, ())):
            return False
        if any(card not in walk.held[seat] for seat, card in self.returned.get(trick, ())):
            return False
        if any(entry[1] not in walk.held[entry[0]] for entry in self.withdrawn.get(trick, ())):
            return False
        return all(card not in walk.held[seat] for seat, card in self.absent.get(trick, ()))

    def _won(self, walk: _Walk, values: tuple[Any, ...], done: int, winner: int) -> int:
        """The end of a trick won by ``winner``, the next proper leader (remembered after
        the first ``done`` tricks); -1 after the last trick played when its winner is said to
        have led out of turn to the trick where play stopped (his lead was in turn), or when
        another player is said to have led there instead of his penalty card (Law 52)."""
        stopped = self.leads_out_of_turn.get(self.tricks)
        if done == self.tricks and stopped and stopped[0] == winner:
            return -1
        current = self.in_progress
        failure = None if current is not None else self.pending_failure
        if done == self.tricks and failure is not None and failure[1] != winner:
            return -1
        # (led out of turn to it, the lead accepted: ``_faced_fit`` says who leads it)
        led_by = current is not None and current.leader == winner
        if done == self.tricks and current is not None and not led_by and stopped is None:
            return -1
        premature = self.premature.get(done)
        if done == self.tricks and premature is not None and current is None:
            # the card played too early: to this trick, led by its player's left-hand
            # opponent, or a lead to it made before his partner played to the trick before
            offender = premature[0]
            leader = values[SLOT_VARIABLES * (done - 1) + 3]
            early = winner == offender and self._before_partner(done - 1, offender, leader)
            if winner != (offender + 1) % 4 and not early:
                return -1
        walk.won_by(winner)
        if done == self.tricks and failure is not None and not self._failing(walk.copy()):
            return -1
        fits = current is None or done < self.tricks or self._faced_fit(walk.copy(), winner)
        if not fits:
            return -1
        if done < self.tricks:
            self.after[self._key(values, done)] = (walk.copy(), winner)
        return winner

    def fits_at_deal(self) -> bool:
        """Play stopped before trick 1 (``_won``'s checks at the stop, the opening leader to
        lead it): a lead out of turn there is not his; a card led instead of a penalty card,
        its trick not given, is his, and a failure (``_failing``); a premature card there,
        its trick not given, was played after his lead, its player on his right; the trick
        in progress, when given, fits (``_faced_fit``)."""
        walk = self._resume(())[0]
        proper, current = self.opening, self.in_progress
        stopped = self.leads_out_of_turn.get(0)
        if stopped is not None and stopped[0] == proper:
            return False
        if current is not None:
            return self._faced_fit(walk, proper)
        failure = self.pending_failure
        if failure is not None and (failure[1] != proper or not self._failing(walk.copy())):
            return False
        premature = self.premature.get(0)
        return premature is None or proper == (premature[0] + 1) % 4

    def _failing(self, walk: _Walk) -> bool:
        """Law 52 pending where play stopped, its player on lead there: he still holds the
        card, and (the failure judged) leading it is a failure to lead a penalty card in some
        way that lead may begin: the case's penalty cards lying from that trick added, under
        declarer's choice before it (his partner's major penalty cards: the recorded one,
        else any the law gives; none when none is due), the card obeys the restrictions on
        his lead and a penalty card of his forbids it (``_Rule.allows``). A premature card
        at that trick leaves him no free lead."""
        assert self.pending_failure is not None
        trick, offender, card = self.pending_failure
        lying = self.penalty_cards.get(trick, ())
        if card not in walk.held[offender] or not walk.lying_from(lying):
            return False
        if not self.failure_judged:
            return True
        if trick in self.premature:
            return False
        for code in self._stopped_lead_codes():
            way = walk.copy()
            rule = _Rule(way, -1, False)
            if not self._lead_choice(way, rule, offender, code):
                continue
            if rule.allows(offender, card, -1, way.held[offender]) == FAILURE:
                return True
        return False

    def _stopped_lead_codes(self) -> list[int]:
        """Declarer's choice before the lead where play stopped, as codes: the recorded one,
        else none (0) or any 50D2/51B option (``_lead_choice`` says which are due)."""
        chosen = self.stopped_choice
        codes = [] if chosen is not None else [0]
        return codes + [
            code
            for code, (law, option, suits) in enumerate(CHOICE_CATALOGUE, 1)
            if law.startswith(("50D2", "51B2")) and _recorded_allows(chosen, option, suits)
        ]

    def _faced_fit(self, walk: _Walk, proper: int) -> bool:
        """The trick play stopped in, ``proper`` (the winner of the last trick) to lead it:
        the case's penalty cards lying from it (each still held) and declarer's fifth cards
        back in hand; a lead out of turn to it (``_lead_out_of_turn``, under each answer it
        may have: accepted, the offender leads with its card; else the proper leader, a
        refused defender's card lying as a major penalty card) by the trick's leader, else
        the proper leader leads it; a premature card there still held, its player on the
        leader's right, lying as a major penalty card; and in some way the lead may begin
        (declarer's choice before it when his partner has major penalty cards: the recorded
        one, else any the law gives; none when none is due, nor after a lead out of turn
        accepted), each card faced one the rules leave its player (``_Rule.trick``), the
        premature player's partner under declarer's recorded order."""
        current = self.in_progress
        assert current is not None
        trick, leader = self.tricks, current.leader
        if not self._held_at_start(walk, trick):
            return False
        for loot_code in self.stopped_loot_codes:
            start = walk.copy()
            begun = self._lead_out_of_turn(start, trick, proper, loot_code)
            if begun is None or begun[0] != leader or begun[1] not in (-1, current.cards[0]):
                continue
            if self._faced_from(start, leader, begun[1]):
                return True
        return False

    def _faced_from(self, walk: _Walk, leader: int, forced: int) -> bool:
        """``_faced_fit`` once the trick's leader is settled (``forced``: the card a lead out
        of turn accepted binds him to, else -1)."""
        current = self.in_progress
        assert current is not None
        premature = self.premature.get(self.tricks)
        if premature is not None:
            offender, card = premature
            if card not in walk.held[offender] or leader != (offender + 1) % 4:
                return False
            walk.expose(offender, card, True)
        for code in self._stopped_lead_codes():
            way = walk.copy()
            rule = _Rule(way, forced, False)
            if not self._lead_choice(way, rule, leader, code):
                continue
            if premature is not None and self.stopped_order is not None:
                rule.order = _order_on_partner(self.stopped_order, premature[0])
            if self._faced_obey(rule, leader, current.cards):
                return True
        return False

    def _faced_obey(self, rule: _Rule, leader: int, faced: tuple[int, ...]) -> bool:
        """Each card faced to the trick in progress is one ``rule`` leaves its player
        (``_Rule.allows``), but a card played there instead of a penalty card (Law 52
        pending): that one must be a failure (``FAILURE``), unless not judged; a card played
        is no penalty card any more."""
        walk, led = rule.walk, -1
        failure = self.pending_failure
        for offset, card in enumerate(faced):
            seat = (leader + offset) % 4
            if offset == 0 and not rule.lead_stands(card):
                return False
            verdict = rule.allows(seat, card, led, walk.held[seat])
            if failure is not None and (failure[1], failure[2]) == (seat, card):
                if self.failure_judged and verdict != FAILURE:
                    return False
            elif verdict != LEGAL:
                return False
            walk.played(seat, card)
            if offset == 0:
                led = card // 13
        return True

    def _key(self, values: tuple[Any, ...], done: int) -> tuple[Any, ...]:
        """What the walk after the first ``done`` tricks depends on: their values, and where
        the next trick has a premature card, its order and its leader (a lead made too early
        moves the order to the trick before, ``_early_order``)."""
        key = values[: SLOT_VARIABLES * done]
        if done in self.premature:
            base = SLOT_VARIABLES * done
            key += (values[base + 2], values[base + 3])
        return key

    def _resume(self, values: tuple[Any, ...]) -> tuple[_Walk, int, int]:
        """Where to start: after the longest run of whole tricks already walked (the walk,
        the proper leader, the trick), or from the deal."""
        for done in range(self.tricks - 1, 0, -1):
            known = self.after.get(self._key(values, done))
            if known is not None:
                return known[0].copy(), known[1], done
        fresh = _Walk([set(hand) for hand in self.hands], [set(), set(), set(), set()], [None] * 4)
        return fresh, self.opening, 0

    def _before_partner(self, trick: int, offender: int, leader: int) -> bool:
        """``law57a_before_partner`` at ``trick``, with the case's premature and exempt plays."""
        premature = self.premature.get(trick)
        return law57a_before_partner(
            offender, leader, self.exempt.get(trick, -1), premature[0] if premature else -1
        )

    def _orders(
        self, walk: _Walk, rule: _Rule, trick: int, code: int, values: tuple[Any, ...]
    ) -> bool | None:
        """The 57A orders binding this trick (``_premature``, ``_early_order``), and a 57D
        card (``_at_rho_turn``): None once they are set, else the verdict."""
        if not self._premature(walk, rule, trick, code, values):
            return False
        if not self._forfeited(walk, rule, trick, values):
            return False
        if not self._at_rho_turn(walk, rule, trick, values[SLOT_VARIABLES * trick + 3]):
            return False
        early = self.declarer_early.get(trick)
        if early is not None:
            # 57C3: declarer's hand played third (its partner led) or fourth (its left-hand
            # opponent led), before a hand whose turn came first, the card still in it
            seat, card = early
            leader = values[SLOT_VARIABLES * trick + 3]
            if card not in walk.held[seat] or leader not in ((seat + 1) % 4, (seat + 2) % 4):
                return False
            rule.declarer_early = early
        rule.designation = self.designations.get(trick)
        rule.withdrawn = self.withdrawn.get(trick, ())
        rule.trump = self.trump
        if rule.designation is not None and trick > 0:
            # 46B3(a): the suit of dummy's card to the trick before, when it won that trick
            before = SLOT_VARIABLES * (trick - 1)
            dummy = rule.designation[0]
            if values[before + 8] == dummy:
                rule.won_suit = values[before + 4 + dummy] // 13
        return self._early_order(rule, trick, values)

    def _early_order(self, rule: _Rule, trick: int, values: tuple[Any, ...]) -> bool | None:
        """57A, a lead to the next trick made before the partner played to this one: the
        order (the next trick's order variable) binds the partner's play to this trick. None
        once that is settled; True while the next trick's order or leader is unassigned."""
        following = self.premature.get(trick + 1)
        if following is None:
            return None
        offender = following[0]
        if not self._before_partner(trick, offender, values[SLOT_VARIABLES * trick + 3]):
            if trick + 1 == self.tricks:
                code = values[SLOT_VARIABLES * (trick + 1)]
                return True if code is _UNASSIGNED else (None if code == 0 else False)
            return None
        base = SLOT_VARIABLES * (trick + 1)
        if trick + 1 == self.tricks:
            # where play stopped: its order variable alone, and the winner of this trick leads
            code, leader = values[base], values[base - 1]
        else:
            code, leader = values[base + 2], values[base + 3]
        if code is _UNASSIGNED or leader is _UNASSIGNED:
            return True
        if leader != offender:
            return None if trick + 1 < self.tricks or code == 0 else False
        if code in (0, NO_OPTION):
            return False
        rule.order = _order_on_partner(code, offender)
        return None

    def _lead_out_of_turn(
        self, walk: _Walk, trick: int, proper: int, code: int
    ) -> tuple[int, int] | None:
        """(who leads, the card he must lead or -1), or None when the lead out of turn of
        this trick cannot be (the proper leader's, a card not held, no option given)."""
        loot = self.leads_out_of_turn.get(trick)
        if loot is None:
            return proper, -1
        offender, card, _response = loot
        if offender == proper or card not in walk.held[offender] or code == NO_OPTION:
            return None
        if not code:  # the last trick (no acceptance) or 47E1: the card simply goes back
            return proper, -1
        if CHOICE_CATALOGUE[code - 1][1] in ("accept-lead", "declarer-becomes-dummy"):
            return offender, card
        if CHOICE_CATALOGUE[code - 1][0] == "53B":  # the proper lead stands; no penalty card
            return (proper, -1) if offender % 2 != proper % 2 else None
        if offender % 2 != self.declarer_side:
            walk.expose(offender, card, True)
        return proper, -1

    def _lead_choice(self, walk: _Walk, rule: _Rule, leader: int, code: int) -> bool:
        """Declarer's 50D2/51B choice: due exactly when a defender is to lead freely while
        his partner has major penalty cards, and then one the law gives."""
        holder = (leader + 2) % 4
        if rule.forced >= 0 or leader % 2 == self.declarer_side or not walk.major[holder]:
            return code == 0
        if code in (0, NO_OPTION):
            return False
        law, option, suits = CHOICE_CATALOGUE[code - 1]
        if not _lead_option_given(law, option, suits, {c // 13 for c in walk.major[holder]}):
            return False
        if option == "require-suit" or option.startswith("forbid"):
            walk.major[holder] = {c for c in walk.major[holder] if c // 13 not in suits}
            lying = walk.minor[holder]
            if lying is not None and lying // 13 in suits:
                walk.minor[holder] = None
        if option == "require-suit":
            rule.required = suits[0]
        elif option.startswith("forbid"):
            walk.banned = (leader, frozenset(suits))
        return True

    def _at_rho_turn(self, walk: _Walk, rule: _Rule, trick: int, leader: int) -> bool:
        """57D: the offender still holds the card and the trick is led by his partner or his
        left-hand opponent; at his turn the card binds him (``_Rule.rho_turn``)."""
        found = self.rho_turn.get(trick)
        if found is None:
            return True
        offender, card = found
        if card not in walk.held[offender] or not law57d_in_position(offender, leader):
            return False
        rule.rho_turn = found
        return True

    def _premature(
        self, walk: _Walk, rule: _Rule, trick: int, code: int, values: tuple[Any, ...]
    ) -> bool:
        """57A: a premature card is a major penalty card; the order given binds the partner.
        ``values`` say who led this trick and the one before (none at the first): the offender
        played before a partner whose turn came first, second to him at this trick (led by
        his left-hand opponent), or at the trick before, where the offender played before
        him, when the card is a lead to this trick made too early: he leads this trick, and
        the order bound the partner at the trick before (``_early_order``)."""
        premature = self.premature.get(trick)
        if premature is None:
            return code == 0
        offender, card = premature
        if card not in walk.held[offender] or code == NO_OPTION:
            return False
        leader = values[SLOT_VARIABLES * trick + 3]
        previous = values[SLOT_VARIABLES * (trick - 1) + 3] if trick > 0 else -1
        if leader == offender and trick > 0 and self._before_partner(trick - 1, offender, previous):
            walk.expose(offender, card, True)  # he leads it: the order bound the trick before
            return code != 0
        if leader != (offender + 1) % 4:
            return False
        walk.expose(offender, card, True)
        rule.order = _order_on_partner(code, offender)
        return True

    def _forfeited(self, walk: _Walk, rule: _Rule, trick: int, values: tuple[Any, ...]) -> bool:
        """60A1: a lead made too early that the offender's left-hand opponent played to before
        rectification stands as though in turn: the offender, who played to the trick before
        ahead of his partner, leads this trick with that card, still in his hand; nothing is
        rectified (no penalty card, no order)."""
        found = self.forfeited.get(trick)
        if found is None:
            return True
        offender, card = found
        leader = values[SLOT_VARIABLES * trick + 3]
        if trick == 0 or leader != offender or card not in walk.held[offender]:
            return False
        previous = values[SLOT_VARIABLES * (trick - 1) + 3]
        if not self._before_partner(trick - 1, offender, previous):
            return False
        rule.forced = card
        return True


def _order_on_partner(code: int, offender: int) -> tuple[int, str, int]:
    """The 57A order of choice ``code``: (the offender's partner, the option, its suit or -1)."""
    _law, option, suits = CHOICE_CATALOGUE[code - 1]
    return (offender + 2) % 4, option, suits[0] if suits else -1


@dataclass(slots=True)
class _Walk:
    """What lies on the table as the walk goes: the cards each seat still holds, his major
    penalty cards, his minor one, and a lead prohibition (the seat, the suits)."""

    held: list[set[int]]
    major: list[set[int]]
    minor: list[int | None]
    banned: tuple[int, frozenset[int]] = (-1, frozenset())

    def copy(self) -> _Walk:
        return _Walk(
            [set(cards) for cards in self.held],
            [set(cards) for cards in self.major],
            list(self.minor),
            self.banned,
        )

    def lying_from(self, cards: tuple[tuple[int, int, bool], ...]) -> bool:
        """The case's penalty cards lying from this trick: (seat, card, major) each, every
        one still in its holder's hand, or False."""
        for seat, card, is_major in cards:
            if card not in self.held[seat]:
                return False
            self.expose(seat, card, is_major)
        return True

    def played(self, seat: int, card: int) -> None:
        """A card played is no penalty card any more."""
        self.major[seat].discard(card)
        if self.minor[seat] == card:
            self.minor[seat] = None

    def won_by(self, winner: int) -> None:
        """A prohibition lapses once another player than the one it binds wins a trick."""
        if self.banned[0] >= 0 and winner != self.banned[0]:
            self.banned = (-1, frozenset())

    def expose(self, seat: int, card: int, is_major: bool) -> None:
        """A new penalty card of ``seat``: minor only when minor by itself and his only one
        (Law 50B: a second one makes all of them major)."""
        lying = self.minor[seat]
        if is_major or self.major[seat] or lying is not None:
            if lying is not None:
                self.major[seat].add(lying)
                self.minor[seat] = None
            self.major[seat].add(card)
        else:
            self.minor[seat] = card


def _lead_option_given(law: str, option: str, suits: tuple[int, ...], lying: set[int]) -> bool:
    """Is this option one the law gives declarer, the holder's major penalty cards being of
    the suits ``lying``? One suit: 50D2 (require it, forbid it, leave it); several: 51B2
    (require one of them, forbid any of them, leave them)."""
    if len(lying) == 1:
        suit = next(iter(lying))
        return (law, option, suits) in (
            ("50D2(a)", "require-suit", (suit,)),
            ("50D2(a)", "forbid-suit", (suit,)),
            ("50D2(b)", "leave-penalty-card", ()),
        )
    if law == "51B2(a)":
        return suits[0] in lying
    if law == "51B2(b)":
        return set(suits) <= lying
    return law == "51B2(c)"


class _Rule:
    """What binds the plays of the current trick: the card the leader must lead after a lead
    out of turn accepted, a lead requirement, a 57A order (the seat it binds, the option, the
    suit it names or -1), with the walk's penalty cards and prohibition."""

    def __init__(self, walk: _Walk, forced: int, failure_accepted: bool) -> None:
        self.walk = walk
        self.forced = forced
        self.failure_accepted = failure_accepted
        """52B1: declarer accepted, at this trick, a card played instead of a penalty card
        that was due: exactly one card of the trick is such a failure."""
        self.required = -1
        self.order: tuple[int, str, int] | None = None
        self.rho_turn: tuple[int, int] | None = None
        self.declarer_early: tuple[int, int] | None = None
        """57C3: declarer's hand and the card it played before its turn."""
        self.designation: tuple[int, int, int, int] | None = None
        """46B: (dummy, the word as ``SAID_CODES``, the suit named or -1, the rank or -1)."""
        self.trump: int | None = None
        self.won_suit = -1
        """46B3(a): the suit in which dummy won the trick before, or -1."""
        """57D: the defender who played this card at his right-hand opponent's turn."""
        self.withdrawn: tuple[tuple[int, int, int, int], ...] = ()
        """45C4(b), 47E2: (seat, card, dummy, slip) of the cards that went back to the hand
        from this trick; dummy and slip -1 but for an opponent's card withdrawn after
        declarer's correction of the slip card."""

    def trick(self, leader: int, cards: tuple[Any, ...]) -> bool | None:
        """Play the trick's cards in turn: False at one that breaks a rule, True at the first
        not yet assigned, None when all four are played (each taken from its hand)."""
        walk = self.walk
        led, failures = -1, 0
        for offset in range(4):
            seat = (leader + offset) % 4
            card = cards[seat]
            if card is _UNASSIGNED:
                return True
            if offset == 0 and not self.lead_stands(card):
                return False
            named = self.designation is not None and seat == self.designation[0]
            if named and not self.designated(card, leader, offset, cards):
                return False
            fits = self.early_card_fits(seat, card, led, offset)
            if not (fits and self.not_withdrawn(seat, card, leader, cards)):
                return False
            verdict = self.allows(seat, card, led, walk.held[seat])
            if verdict == FAILURE and self.failure_accepted:
                failures += 1
            elif verdict != LEGAL:
                return False
            walk.played(seat, card)
            if offset == 0:
                led = card // 13
        if self.failure_accepted and failures != 1:
            return False
        for seat in range(4):
            walk.held[seat].discard(cards[seat])
        return None

    def not_withdrawn(self, seat: int, card: int, leader: int, cards: tuple[Any, ...]) -> bool:
        """A card withdrawn from this trick is not its player's card to it. After declarer
        corrected the card of his slip, an opponent withdrew only a card he had played after
        dummy's (dummy earlier in the rotation from the leader) that followed the suit led
        then (the slip card's when dummy led) or that he could not follow."""
        for holder, withdrawn, dummy, slip in self.withdrawn:
            if holder != seat:
                continue
            if card == withdrawn:
                return False
            if slip < 0:
                continue
            order = [(leader + k) % 4 for k in range(4)]
            if order.index(dummy) > order.index(seat):
                return False
            suit = (slip if leader == dummy else cards[leader]) // 13
            suited = [c for c in self.walk.held[seat] if c // 13 == suit]
            if withdrawn // 13 != suit and suited:
                return False
        return True

    def designated(self, card: int, leader: int, offset: int, cards: tuple[Any, ...]) -> bool:
        """46B: dummy's card (played ``offset`` after ``leader``) is the one declarer's call
        fixes: "high" / "low" his highest / lowest of the suit named, else of the suit led (no
        such word, nor "win", fits a lead by dummy), a suit alone its lowest, "win" his
        lowest card known to win (``winners``), a rank alone one of that rank
        (``of_rank``). A call that fixes no card he holds, and "play anything", leave any."""
        assert self.designation is not None
        dummy, said, named, rank = self.designation
        held = self.walk.held[dummy]
        earlier = [cards[(leader + k) % 4] for k in range(offset)]
        led = earlier[0] // 13 if earlier else -1
        if said == SAID_CODES["anything"]:
            return True
        if said == SAID_CODES["rank"]:
            fixed = self.of_rank(held, rank, led)
            return not fixed or card in fixed
        suit = named if named >= 0 else led
        if suit < 0:
            return False
        if said == SAID_CODES["win"]:
            fixed = self.winners(dummy, named, earlier, offset)
            return not fixed or card in fixed
        of_suit = [c for c in held if c // 13 == suit]
        if not of_suit:
            return True
        return card == (max(of_suit) if said == SAID_CODES["high"] else min(of_suit))

    def winners(self, dummy: int, named: int, earlier: list[int], offset: int) -> set[int]:
        """46B1(b): dummy's lowest card known to win, as a set (empty: none). Of the suit
        named, else of those following suit, one stronger than every card played before it;
        and with a defender to play after dummy, stronger than every card the defenders have
        not played (declarer cannot tell who holds which)."""
        held = self.walk.held[dummy]
        led = earlier[0] // 13 if earlier else -1
        if named >= 0:
            cards = {c for c in held if c // 13 == named}
        else:
            cards = {c for c in held if c // 13 == led} or set(held)
        hidden: set[int] = set()
        if offset < 3:
            hidden = (self.walk.held[(dummy + 1) % 4] | self.walk.held[(dummy + 3) % 4]) - set(
                earlier
            )
        for c in sorted(cards):
            suit_led = led if led >= 0 else c // 13
            strength = _rank_key(c, suit_led, self.trump)
            if strength[0] < 1:
                continue
            if all(_rank_key(x, suit_led, self.trump) < strength for x in [*earlier, *hidden]):
                return {c}
        return set()

    def of_rank(self, held: set[int], rank: int, led: int) -> set[int]:
        """46B3: leading, his card of that rank in the suit he won the trick before in, if he
        holds it (a); else every card of that rank he may legally play, declarer saying which
        (b)."""
        if led < 0:
            first = {c for c in held if c // 13 == self.won_suit and c % 13 == rank}
            return first or {c for c in held if c % 13 == rank}
        legal = {c for c in held if c // 13 == led} or held
        return {c for c in legal if c % 13 == rank}

    def at_own_turn(self, seat: int, card: int, led: int) -> bool:
        """57D at the offender's turn: the card he played early is his card now if it follows
        suit and obeys the restrictions binding him (no revoke); else it becomes a major
        penalty card of his and his card is another one."""
        assert self.rho_turn is not None
        early = self.rho_turn[1]
        held = self.walk.held[seat]
        suited = {c for c in held if c // 13 == led}
        if early in self.restricted(seat, led, suited or set(held)):
            return card == early
        if card == early:
            return False
        self.walk.expose(seat, early, True)
        return True

    def early_card_fits(self, seat: int, card: int, led: int, offset: int) -> bool:
        """A card played before its turn, at the player's own turn: a defender's at his
        right-hand opponent's turn (57D, ``at_own_turn``), declarer's (57C3,
        ``early_stands``)."""
        rho_turn = self.rho_turn is not None and seat == self.rho_turn[0] and offset > 0
        if rho_turn and not self.at_own_turn(seat, card, led):
            return False
        early = self.declarer_early
        return early is None or seat != early[0] or self.early_stands(card, led)

    def early_stands(self, card: int, led: int) -> bool:
        """57C3 at the hand's turn: the card declarer played from it early is its card if it
        follows suit (or the hand has none of the suit led); else it went back, no penalty
        card, and the hand's card is another one."""
        assert self.declarer_early is not None
        seat, early = self.declarer_early
        held = self.walk.held[seat]
        suited = {c for c in held if c // 13 == led}
        return (card == early) == (early in (suited or held))

    def lead_stands(self, card: int) -> bool:
        """The card led out of turn and accepted; a 57A order names a suit not led."""
        if self.forced >= 0 and card != self.forced:
            return False
        return self.order is None or self.order[2] != card // 13

    def allows(self, seat: int, card: int, led: int, held: set[int]) -> int:
        """May ``seat`` play ``card`` (``led`` the suit led, -1 on the lead)? ``LEGAL``;
        ``FAILURE`` when it follows suit and obeys the restrictions but leaves a penalty
        card's duty unmet (Law 52); else ``BROKEN``."""
        if card == PHANTOM:
            return LEGAL  # a missed trick (Law 67): no card to choose
        suited = {c for c in held if c // 13 == led}
        if led >= 0 and card // 13 != led and suited:
            return LEGAL  # a revoke: Law 61 and the allegations decide
        may = self.restricted(seat, led, suited or set(held))
        if card not in may:
            return BROKEN
        due = may & self.walk.major[seat]
        if due:
            return LEGAL if card in due else FAILURE
        lying = self.walk.minor[seat]
        if lying is not None:
            may = _if_any(
                may, {c for c in may if c == lying or c // 13 != lying // 13 or c % 13 >= 8}
            )
        return LEGAL if card in may else FAILURE

    def restricted(self, seat: int, led: int, may: set[int]) -> set[int]:
        """Of the cards following suit, those a lead requirement, a prohibition or a 57A
        order leaves (each dropped if it leaves none, Law 59)."""
        if led < 0:
            may = _if_any(may, {c for c in may if c // 13 == self.required})
            banned = self.walk.banned
            if banned[0] == seat:
                may = _if_any(may, {c for c in may if c // 13 not in banned[1]})
            return may
        if self.order is None or self.order[0] != seat:
            return may
        _seat, option, suit = self.order
        if option in ("partner-highest", "partner-lowest"):
            of_led = [c for c in may if c // 13 == led]
            pick = max if option == "partner-highest" else min
            return _if_any(may, {pick(of_led)} if of_led else set())
        if option == "partner-play-suit":
            return _if_any(may, {c for c in may if c // 13 == suit})
        return _if_any(may, {c for c in may if c // 13 != suit})


def _if_any(cards: set[int], kept: set[int]) -> set[int]:
    """Law 59: a restriction that leaves no card is dropped."""
    return kept or cards


def _add_agreed_tricks(csp: constraint.Problem, problem: Problem) -> None:
    """Agreed tricks are hard facts: their leader and every card are fixed.

    An agreed trick has four cards, so the double play (Law 67B2) was at another trick.
    """
    for trick, (leader, cards) in problem.agreed.items():
        _require_trick(problem, trick, "an agreed trick")
        if problem.surplus_seat is not None:
            csp.addConstraint(constraint.NotInSetConstraint({trick}), [DOUBLE])
        csp.addConstraint(constraint.InSetConstraint({leader}), [_lead_var(trick)])
        for seat in range(4):
            csp.addConstraint(constraint.InSetConstraint({cards[seat]}), [_card_var(trick, seat)])


def _add_in_progress(csp: constraint.Problem, problem: Problem) -> None:
    """The trick play stopped in (``Problem.in_progress``), Law 44's part: the winner of the
    last trick led it, and each card faced to it was still held (never one of its player's
    cards before) and follows suit unless he no longer held the suit led. (After an
    irregularity ``_Obligations`` adds what the Laws require of those cards.)"""
    current = problem.in_progress
    if current is None or not problem.tricks:
        return  # (at trick 1 the deal alone says whether it fits: ``solutions``)
    leader, faced = current.leader, current.cards
    program = problem.irregular
    if program is None or problem.tricks not in program.leads_out_of_turn:
        # (led out of turn, ``_Obligations._faced_fit`` says who leads it)
        winner = _winner_var(problem, problem.tricks - 1)
        csp.addConstraint(constraint.InSetConstraint({leader}), [winner])
    led = _suit(faced[0])
    for offset, card in enumerate(faced):
        seat = (leader + offset) % 4
        of_led = frozenset(c for c in _cards_of(problem.hands[seat]) if _suit(c) == led)
        must_be_gone = of_led if offset and _suit(card) != led else frozenset()

        def still_held(*played: Any, card: int = card, gone: frozenset[int] = must_be_gone) -> bool:
            if any(c is _UNASSIGNED for c in played):
                return card not in played
            return card not in played and gone <= set(played)

        variables = [_card_var(t, seat) for t in range(problem.tricks)]
        csp.addConstraint(constraint.FunctionConstraint(still_held, assigned=False), variables)


def _add_agreed_statements(csp: constraint.Problem, problem: Problem) -> None:
    """Agreed statements (``unit is None``) are hard facts."""
    for check in problem.checks:
        if check.unit is not None:
            continue
        if check.kind == "declarer_tricks":
            csp.addConstraint(_declarer_total_is(problem, check.total), _winner_vars(problem))
            continue
        _require_trick(problem, check.trick, f"an agreed '{check.kind}' statement")
        if check.kind == "winner":
            winner = _winner_var(problem, check.trick)
            csp.addConstraint(constraint.InSetConstraint(set(check.winners)), [winner])
        for seat, card in check.played:
            csp.addConstraint(constraint.InSetConstraint({card}), [_card_var(check.trick, seat)])


def _winner_vars(problem: Problem) -> list[Var]:
    """The winners of tricks 0..tricks-1, which are the leaders of tricks 1..tricks."""
    return [_winner_var(problem, trick) for trick in range(problem.tricks)]


def _declarer_total_is(problem: Problem, total: int) -> constraint.FunctionConstraint:
    """A constraint over the trick winners: declarer's side won exactly ``total`` tricks."""
    side = problem.declarer_side

    def holds(*winners: int) -> bool:
        return sum(1 for w in winners if w % 2 == side) == total

    return constraint.FunctionConstraint(holds)


def _require_trick(problem: Problem, trick: int, what: str) -> None:
    """Facts about tricks outside the play are input errors upstream; refuse them here too.

    So are facts about the trick restored after a double play (Law 67B2): nobody recorded it.
    """
    if not 0 <= trick < problem.tricks:
        raise EngineError(
            f"{ENGINE}: {what} names trick {trick + 1}, but play covers {problem.tricks} tricks"
        )
    if trick == problem.restored_trick:
        raise EngineError(
            f"{ENGINE}: {what} names trick {trick + 1}, the trick restored after a double play"
        )


# --- reading and pricing solutions --------------------------------------------------------


def histories(problem: Problem) -> Iterator[tuple[History, tuple[int, ...]]]:
    """Every legal history meeting the hard facts, with its trick winners; after an
    irregularity, once per sequence of choices it obeys (see ``solutions``)."""
    for history, winners, _choices in solutions(problem):
        yield history, winners


def solutions(problem: Problem) -> Iterator[tuple[History, tuple[int, ...], int]]:
    """Every solution of the CSP: a legal history, its trick winners and the choices made
    after an irregularity (packed as an outcome key stores them, ``choices_bits``; 0 without).

    After a double play (Law 67B2) the trick ``DOUBLE`` names has the surplus card as a fifth.
    """
    surplus_seat = problem.surplus_seat
    irregular = problem.irregular is not None
    order_at_stop = _order_at_stop(problem)
    if not problem.tricks:
        # play stopped before trick 1: no variable, one history (the empty one) if the deal
        # fits what is said of the trick play stopped at
        if not irregular or _Obligations(problem).fits_at_deal():
            yield (), (), 0
        return
    for solution in build_csp(problem).getSolutionIter():
        extra: dict[int, tuple[int, ...]] = {}
        if surplus_seat is not None:
            extra[solution[DOUBLE]] = (solution[_card_var(problem.restored_trick, surplus_seat)],)
        history = tuple(
            (
                solution[_lead_var(t)],
                tuple(solution[_card_var(t, s)] for s in range(4)) + extra.get(t, ()),
            )
            for t in range(problem.tricks)
        )
        winners = tuple(solution[_winner_var(problem, t)] for t in range(problem.tricks))
        choices = 0
        if irregular:
            for t in range(problem.tricks):
                for slot in (LOOT_SLOT, LEAD_SLOT, ORDER_SLOT):
                    shift = t * CHOICE_TRICK_BITS + slot * CHOICE_CODE_BITS
                    choices |= solution[_choice_var(t, slot)] << shift
            if order_at_stop:
                shift = problem.tricks * CHOICE_TRICK_BITS + ORDER_SLOT * CHOICE_CODE_BITS
                choices |= solution[_choice_var(problem.tricks, ORDER_SLOT)] << shift
            for t in problem.irregular.accepted_failures:  # type: ignore[union-attr]
                shift = t * CHOICE_TRICK_BITS + FAILURE_SLOT * CHOICE_CODE_BITS
                choices |= _code("52B1", "accept-play") << shift
        yield history, winners, choices


def price(
    problem: Problem, history: History, winners: tuple[int, ...]
) -> tuple[int, frozenset[int]]:
    """Cost (cards units * 1000 + sides whose account is contradicted) and the units a history
    contradicts. A side's statements are one account: two of them broken cost what one does."""
    broken = _broken_row_orders(problem, history)
    broken |= _broken_marks(problem, history, winners)
    broken |= _broken_statements(problem, history, winners)
    cards = sum(1 for unit in broken if problem.units[unit].tier == "cards")
    sides = {
        problem.units[unit].side for unit in broken if problem.units[unit].tier == "statements"
    }
    return cards * CARDS_WEIGHT + len(sides) * STATEMENT_WEIGHT, frozenset(broken)


def _broken_row_orders(problem: Problem, history: History) -> set[int]:
    """An intact row's order is contradicted when any card lies at another trick.

    The row of a player who missed a trick (Law 67) lists his cards only: it is read against
    the cards he played in trick order with the missed trick left out, wherever it was. The
    row of a player who dropped two cards on one trick (Law 67B2) holds the pair in two
    places in a row, in either order (nobody can tell which he faced first); no row lists the
    restored trick, played after the rows were made.
    """
    broken: set[int] = set()
    for seat in range(4):
        order, unit = problem.row_order[seat], problem.order_unit[seat]
        if order is None or unit is None:
            continue
        places = _row_places(problem, history, seat)
        at = 0
        for place in places:
            if set(order[at : at + len(place)]) != place:
                broken.add(unit)
                break
            at += len(place)
        if at != len(order):
            broken.add(unit)
    return broken


def _row_places(problem: Problem, history: History, seat: int) -> list[set[int]]:
    """The cards a seat quitted, trick by trick: one, none (missed), or a pair (Law 67B2)."""
    places = []
    for trick, (_leader, cards) in enumerate(history):
        if trick == problem.restored_trick or cards[seat] == PHANTOM:
            continue
        place = {cards[seat]}
        if seat == problem.surplus_seat and len(cards) == 5:
            place.add(cards[4])
        places.append(place)
    return places


def _broken_marks(problem: Problem, history: History, winners: tuple[int, ...]) -> set[int]:
    """A mark is judged at the trick where its card is played: '+' wrong if lost, '-' if won.

    The surplus card of a double play (Law 67B2) was turned when it was dropped, so it is
    judged there, for its player's side; the restored trick was never turned.
    """
    broken: set[int] = set()
    for trick, (_leader, cards) in enumerate(history):
        if trick == problem.restored_trick:
            continue
        for place, card in enumerate(cards):
            if card not in problem.marks:
                continue
            seat = place if place < 4 else problem.surplus_seat
            assert seat is not None
            pointed_won, unit = problem.marks[card]
            side_won = winners[trick] % 2 == seat % 2
            if pointed_won != side_won:
                broken.add(unit)
    return broken


def _broken_statements(problem: Problem, history: History, winners: tuple[int, ...]) -> set[int]:
    """Owned statements that this history makes false."""
    declarer_total = sum(1 for w in winners if w % 2 == problem.declarer_side)
    broken: set[int] = set()
    for check in problem.checks:
        if check.unit is None:
            continue
        if check.kind == "declarer_tricks":
            true = declarer_total == check.total
        elif check.kind == "winner":
            true = winners[check.trick] in check.winners
        else:
            cards = history[check.trick][1]
            true = all(cards[seat] == card for seat, card in check.played)
        if not true:
            broken.add(check.unit)
    return broken


# --- keeping the minimum --------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """The running minimum-cost class: its count, outcomes, contradicted units, first histories."""

    list_limit: int
    problem: Problem
    min_cost: int | None = None
    count: int = 0
    outcomes: dict[int, int] = field(default_factory=dict)
    groups: dict[int, int] = field(default_factory=dict)
    """Public outcome key -> histories in that group."""
    group_examples: dict[int, History] = field(default_factory=dict)
    """Public outcome key -> the first history met in that group."""
    contradicted: set[int] = field(default_factory=set)
    trick_winners: dict[int, list[set[int]]] = field(default_factory=dict)
    listed: list[History] = field(default_factory=list)

    def add(
        self,
        history: History,
        winners: tuple[int, ...],
        total: int,
        cost: int,
        units: frozenset[int],
        choices: int = 0,
    ) -> None:
        """Count a history (under ``choices``, after an irregularity) if it ties the minimum;
        start afresh when it beats it."""
        if self.min_cost is not None and cost > self.min_cost:
            return
        if self.min_cost is None or cost < self.min_cost:
            self._reset(cost)
        self.count += 1
        self.outcomes[total] = self.outcomes.get(total, 0) + 1
        # after an irregularity: under the choices it assumes, not evaluate's first
        assumed = choices if self.problem.irregular is not None else None
        group = group_key(self.problem, history, total, assumed)
        self.groups[group] = self.groups.get(group, 0) + 1
        self.group_examples.setdefault(group, history)
        self.contradicted |= units
        tricks = self.problem.tricks
        per_trick = self.trick_winners.setdefault(total, [set() for _ in range(tricks)])
        for trick, winner in enumerate(winners):
            per_trick[trick].add(winner)
        self._keep_for_listing(history)

    def _reset(self, cost: int) -> None:
        self.min_cost = cost
        self.count = 0
        self.outcomes.clear()
        self.groups.clear()
        self.group_examples.clear()
        self.contradicted.clear()
        self.trick_winners.clear()
        self.listed.clear()

    def _keep_for_listing(self, history: History) -> None:
        """Keep the smallest ``list_limit`` histories, trimming in batches to stay linear."""
        if self.list_limit <= 0:
            return
        self.listed.append(history)
        if len(self.listed) >= 2 * self.list_limit + 64:
            self.listed = sorted(self.listed)[: self.list_limit]

    def result(self, elapsed: float) -> EngineResult:
        """The tally as an engine answer (an impossible problem has count 0, no cost)."""
        return EngineResult(
            engine=ENGINE,
            feasible=self.min_cost is not None,
            min_cost=self.min_cost,
            count=self.count,
            count_at_least=self.count,
            outcomes=dict(sorted(self.outcomes.items())),
            groups=outcome_groups(self.groups),
            group_examples=outcome_groups(self.group_examples),
            contradicted=frozenset(self.contradicted),
            listed=sorted(self.listed)[: self.list_limit],
            trick_winners={
                total: [frozenset(seats) for seats in per_trick]
                for total, per_trick in sorted(self.trick_winners.items())
            },
            elapsed=elapsed,
        )


def solve(problem: Problem, *, list_limit: int = 0) -> EngineResult:
    """Enumerate every legal history, price each, and report the minimum-cost ones exactly.

    Raises ``EngineError`` for positions of more than ``MAX_TRICKS`` tricks: enumeration
    without memoisation grows with the number of legal histories, hopeless beyond a few tricks.
    """
    if problem.tricks > MAX_TRICKS:
        raise EngineError(
            f"{ENGINE}: {problem.tricks} tricks is more than this engine handles "
            f"(at most {MAX_TRICKS}); use the search or CP-SAT engine"
        )
    start = time.perf_counter()
    tally = _Tally(list_limit=list_limit, problem=problem)
    for history, winners, choices in solutions(problem):
        total = sum(1 for w in winners if w % 2 == problem.declarer_side)
        cost, units = price(problem, history, winners)
        tally.add(history, winners, total, cost, units, choices)
    return tally.result(time.perf_counter() - start)


__all__ = [
    "ENGINE",
    "MAX_TRICKS",
    "build_csp",
    "histories",
    "price",
    "solutions",
    "solve",
    "winner_of",
]
