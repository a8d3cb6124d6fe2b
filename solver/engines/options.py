"""The value of each option at a pending choice: best play under the constraints it leaves.

When play stops because the director has just been called (a penalty card lies and its
holder's partner is to lead, a lead out of turn awaits acceptance, a defender played before his
partner), each option open to the chooser leaves different constraints on the play. Its value
is declarer's side's total for the board with best play by both sides from there, the
constraints obeyed: a small alpha-beta search over the constrained part of the play, which
hands the position to DDS (``solver.engines.dds``) as soon as nothing constrains it any more.
A later 50D2 choice met on the way is declarer's, and he takes its best option; so is a
defender's card when he must play one of two or more major penalty cards (declarer designates
it, 50D1 and 51A).

Why DDS gives a lower bound, used to cut the search: every constraint binds a defender (a
penalty card is always a defender's, Law 48A; a lead restriction binds the holder's partner;
57A binds the offender's partner), so the constraints only take choices away from declarer's
opponents (a designation hands one to declarer), and declarer's side does at least as well as
in the unconstrained position. Once
a move leaves nothing constraining the play, the DDS value after it is exact. DDS gives no upper
bound, so a branch worth no more than declarer already has (a fail-low) is shown by all his
moves; what keeps that small is the order: at a defender's turn the moves that take a
constraint off at once (a penalty card, a lead in the suit of the partner's penalty card) come
first, as they are usually the refutation and DDS is exact after them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from solver.bridge.masks import cards_in, trick_winner
from solver.engines.dds import masks_all_plays, masks_tricks
from solver.errors import EngineError
from solver.laws.choices import LawOption, apply_lead_option
from solver.laws.irregular_play import lead_options
from solver.laws.law52 import law52b2_wrong_card_lies
from solver.laws.obligations import Obligations, after_play, after_trick, choice_due, legal_plays


@dataclass(frozen=True, slots=True)
class Table:
    """Where play stands: the cards held (penalty cards included), the trick in progress and
    what constrains the rest."""

    hands: tuple[int, int, int, int]
    trump: int | None
    declarer: int
    leader: int
    """Who led the trick in progress, or is to lead the next."""
    trick: tuple[int, ...] = ()
    """Cards played to the trick in progress, from the leader."""
    won: int = 0
    """Tricks declarer's side has already won on the board."""
    state: Obligations = field(default_factory=Obligations)

    @property
    def declarer_side(self) -> int:
        return self.declarer % 2

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def led(self) -> int:
        """The suit led to the trick in progress, -1 when the next card is a lead."""
        return self.trick[0] // 13 if self.trick else -1


BOUNDED_AT = (0, 1, 3)
"""The places in a trick (cards already played) at which DDS values every card: at the lead,
second and fourth hand. Measured on benchmarks/options.py with the present move order: at
trick one (``oloot-1``) the slowest board takes 94 nodes and 65 DDS calls, against 14,457 and
5,443 at the lead only and 3,881 and 1,812 at the lead and fourth hand; with 8 cards a hand
(``loot-8``) the nodes drop by a third for a sixth more DDS calls. (With the earlier order,
highest card first everywhere, DDS at every card had measured slower than at the lead only.)"""


class OptionTimeout(Exception):
    """The valuation ran out of its time limit."""


class _Valuer:
    """Alpha-beta over the constrained play, memoised at trick boundaries (module docstring)."""

    def __init__(self, trump: int | None, declarer: int, deadline: float) -> None:
        self.trump = trump
        self.declarer = declarer
        self.side = declarer % 2
        self.deadline = deadline
        self.bounds: dict[tuple[tuple[int, int, int, int], int, Obligations], tuple[int, int]] = {}
        self.plays_cache: dict[
            tuple[tuple[int, int, int, int], int, tuple[int, ...]], dict[int, int]
        ] = {}
        self.tricks_cache: dict[tuple[tuple[int, int, int, int], int, tuple[int, ...]], int] = {}
        self.nodes = 0
        self.dds_calls = 0
        """Calls into DDS (the benchmark's load-independent measure)."""

    def dds(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...]) -> int:
        """Declarer's side's tricks from here (the trick in progress included), unconstrained:
        from the per-card values when they are known, else from a single-value DDS call."""
        key = (hands, leader, trick)
        plays = self.plays_cache.get(key)
        mover = (leader + len(trick)) % 4
        if plays is not None:
            return max(plays.values()) if mover % 2 == self.side else min(plays.values())
        found = self.tricks_cache.get(key)
        if found is None:
            self.dds_calls += 1
            found = masks_tricks(hands, self.trump, leader, trick)
            if mover % 2 != self.side:
                found = hands[mover].bit_count() - found
            self.tricks_cache[key] = found
        return found

    def floor(self, hands: tuple[int, int, int, int], leader: int) -> int:
        """``dds`` at a trick's lead, from the per-card values (the search needs them there)."""
        plays = self.dds_plays(hands, leader, ())
        return max(plays.values()) if leader % 2 == self.side else min(plays.values())

    def dds_plays(
        self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...]
    ) -> dict[int, int]:
        """Per card the player to move may play (Law 44 only): declarer's side's tricks from
        here after it, unconstrained. A lower bound under any obligation (module docstring)."""
        key = (hands, leader, trick)
        found = self.plays_cache.get(key)
        if found is None:
            mover = (leader + len(trick)) % 4
            left = hands[mover].bit_count()
            self.dds_calls += 1
            found = {
                card: tricks if mover % 2 == self.side else left - tricks
                for card, tricks in masks_all_plays(hands, self.trump, leader, trick).items()
            }
            self.plays_cache[key] = found
        return found

    def value(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        state: Obligations,
        alpha: int,
        beta: int,
    ) -> int:
        """Declarer's side's tricks from here with best play under ``state``, exact when it
        lies strictly between ``alpha`` and ``beta`` (fail-soft bounds otherwise)."""
        self.nodes += 1
        if self.nodes & 255 == 0 and time.monotonic() > self.deadline:
            raise OptionTimeout
        if not any(hands) and not trick:
            return 0
        if state.empty:
            return self.dds(hands, leader, trick)
        if trick:
            return self._in_trick(hands, leader, trick, state, alpha, beta)
        key = (hands, leader, state)
        known = self.bounds.get(key)
        low, high = known if known else (self.floor(hands, leader), hands[0].bit_count())
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        if choice_due(state, leader, self.side):
            found = self._choose(hands, leader, state, alpha, beta)
        else:
            found = self._in_trick(hands, leader, (), state, alpha, beta)
        if found <= alpha:
            high = min(high, found)
        elif found >= beta:
            low = max(low, found)
        else:
            low = high = found
        self.bounds[key] = (low, high)
        return found

    def _choose(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        state: Obligations,
        alpha: int,
        beta: int,
    ) -> int:
        """A 50D2 or 51B choice on the way: declarer takes the best option."""
        best = -1
        for option in lead_options(state, leader, self.declarer):
            chosen = apply_lead_option(state, option, leader)
            found = self._in_trick(hands, leader, (), chosen, max(alpha, best), beta)
            best = max(best, found)
            if best >= beta:
                break
        return best

    def _in_trick(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        state: Obligations,
        alpha: int,
        beta: int,
    ) -> int:
        seat = (leader + len(trick)) % 4
        led = trick[0] // 13 if trick else -1
        special = state.penalty_cards(seat)
        allowed = legal_plays(state, seat, hands[seat], led)
        legal = _distinct(allowed, hands, trick, special)
        # 50D1, 51A: a defender bound to play one of two or more major penalty cards plays the
        # one declarer designates
        maximise = seat % 2 == self.side or (len(legal) > 1 and not allowed & ~state.major[seat])
        children = [self._child(hands, leader, trick, state, card) for card in legal]
        settled = sum(1 for child in children if child[3].empty)
        floor: dict[int, int] | None = None
        if len(legal) > 1 and (len(trick) in BOUNDED_AT or settled > 1):
            floor = self.dds_plays(hands, leader, trick)
            # every child is worth at least its unconstrained value, exactly that once nothing
            # constrains it: order by it, and stop at once when the bounds settle the node
            values = [floor[card] for card in legal]
            if maximise:
                order = sorted(range(len(legal)), key=lambda i: -values[i])
                bound = max(values)
            else:
                lying = state.penalty_cards((seat + 2) % 4) | special
                order = sorted(
                    range(len(legal)), key=lambda i: (not _spends(legal[i], lying), values[i])
                )
                bound = min(values)
            if bound >= beta:
                return bound
            children = [children[i] for i in order]
        elif maximise:
            # no DDS here: declarer's highest card first, a defender's lowest (measured on
            # benchmarks/options.py's trick-one boards: 14,457 nodes against 17,797 with the
            # highest first for both on the slowest; declarer's lowest first ran out of time
            # on another)
            children.reverse()
        best = -1 if maximise else 99
        for card, after, next_leader, next_state, gained in children:
            if floor is not None and next_state.empty:
                found = floor[card]
            elif next_leader >= 0:
                found = gained + self.value(
                    after, next_leader, (), next_state, alpha - gained, beta - gained
                )
            else:
                found = self.value(after, leader, (*trick, card), next_state, alpha, beta)
            if maximise:
                best = max(best, found)
                alpha = max(alpha, best)
                if best >= beta:
                    break
            else:
                best = min(best, found)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _child(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        state: Obligations,
        card: int,
    ) -> tuple[int, tuple[int, int, int, int], int, Obligations, int]:
        """Where ``card`` leads: the card, the hands after it, the next trick's leader (-1
        while the trick goes on), the obligations then and the trick it gains declarer's
        side (0 or 1)."""
        seat = (leader + len(trick)) % 4
        held = list(hands)
        held[seat] &= ~(1 << card)
        after = (held[0], held[1], held[2], held[3])
        next_state = after_play(state, seat, card, leading=not trick)
        if len(trick) < 3:
            return card, after, -1, next_state, 0
        winner = trick_winner(leader, _by_seat(leader, (*trick, card)), self.trump)
        gained = 1 if winner % 2 == self.side else 0
        return card, after, winner, after_trick(next_state, winner), gained


def _distinct(
    legal: int, hands: tuple[int, int, int, int], trick: tuple[int, ...], special: int
) -> list[int]:
    """The legal cards, one of each run of equivalent ones: two cards of a suit with no card
    between them still in play are worth the same, unless one of them is a penalty card
    (``special``), whose play changes the obligations."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        live |= 1 << card
    out: list[int] = []
    previous = -2
    for card in cards_in(legal):
        run = previous >= 0 and card // 13 == previous // 13
        if run and not (live >> (previous + 1)) & ((1 << (card - previous - 1)) - 1):
            run = not ((special >> card) & 1 or (special >> previous) & 1)
        else:
            run = False
        if run:
            out[-1] = card  # keep the higher of the run
        else:
            out.append(card)
        previous = card
    return out


def _spends(card: int, lying: int) -> bool:
    """Whether a defender's ``card`` is of the suit of a penalty card lying (``lying``: his own
    and his partner's): the card itself, or a card of that suit which makes his partner play
    it now. Such moves usually take a constraint off at once and are tried first; an order
    only, so a card that does not in fact spend one costs time, never a value."""
    return bool(lying & (0x1FFF << (13 * (card // 13))))


def _by_seat(leader: int, played: tuple[int, ...]) -> tuple[int, int, int, int]:
    cards = [0, 0, 0, 0]
    for offset, card in enumerate(played):
        cards[(leader + offset) % 4] = card
    return (cards[0], cards[1], cards[2], cards[3])


def best_total(
    table: Table, time_limit: float = 30.0, above: int = -1, valuer: _Valuer | None = None
) -> int:
    """Declarer's side's total for the board with best play by both sides from ``table``.

    ``above``: only a total above it matters to the caller (declarer already has that much
    by another option); a total at or below it may then be given as any value not above it,
    which lets the search stop early. ``valuer``: one shared by the options of one choice
    (its tables of positions serve them all); its deadline then applies."""
    if valuer is None:
        valuer = _Valuer(table.trump, table.declarer, time.monotonic() + time_limit)
    tricks_left = max(h.bit_count() for h in table.hands) + (1 if table.trick else 0)
    alpha = max(-1, above - table.won)
    found = valuer.value(
        table.hands, table.leader, table.trick, table.state, alpha, tricks_left + 1
    )
    if not 0 <= found <= tricks_left and found > alpha:
        raise EngineError(f"option valuation gave {found} of {tricks_left} tricks")
    return table.won + found


def best_of(tables: list[Table], valuer: _Valuer) -> int:
    """Declarer's best total over several tables (a choice of his still to come), each
    searched only for what would beat the best so far."""
    best = -1
    for table in tables:
        best = max(best, best_total(table, above=best, valuer=valuer))
    return best


def valuer_for(table: Table, time_limit: float) -> _Valuer:
    """A valuer for the options of one choice: they share its tables of positions."""
    return _Valuer(table.trump, table.declarer, time.monotonic() + time_limit)


def after_lead_option(table: Table, option: LawOption) -> Table:
    """The table once declarer has chosen under 50D2 or 51B."""
    return replace(table, state=apply_lead_option(table.state, option, table.leader))


def after_lead(table: Table, card: int) -> Table:
    """The table once the player to lead (``table.leader``, nothing played to the trick yet)
    has led ``card``."""
    assert not table.trick
    return after_card(table, card)


def after_card(table: Table, card: int) -> Table:
    """The table once the player to play (``table.to_play``) has played ``card`` to the trick
    in progress; when it is the fourth card, the trick is won and the table is at the next
    lead (its winner's, the trick counted for declarer's side if it is theirs)."""
    seat = table.to_play
    held = list(table.hands)
    held[seat] &= ~(1 << card)
    hands = (held[0], held[1], held[2], held[3])
    state = after_play(table.state, seat, card, leading=not table.trick)
    trick = (*table.trick, card)
    if len(trick) < 4:
        return replace(table, hands=hands, trick=trick, state=state)
    winner = trick_winner(table.leader, _by_seat(table.leader, trick), table.trump)
    won = table.won + (1 if winner % 2 == table.declarer_side else 0)
    return replace(
        table, hands=hands, leader=winner, trick=(), won=won, state=after_trick(state, winner)
    )


def after_failure(table: Table, wrong: int) -> tuple[Table, list[Table]]:
    """The player to play (to lead, or to follow in the trick in progress) played ``wrong``
    while a penalty card of his was due (Law 52): the table once declarer accepts it (52B1:
    the card stands, the penalty card stays, still due), and once he rejects it (52B2), one
    table per penalty card that may be played in its place (declarer designates among
    several, 51A): that card played, ``wrong`` back in the hand as a major penalty card
    (making every other penalty card of his major, 50B)."""
    seat = table.to_play
    due = legal_plays(table.state, seat, table.hands[seat], table.led)
    due &= table.state.penalty_cards(seat)
    rejected = []
    for card in cards_in(due):
        played = after_card(table, card)
        rejected.append(replace(played, state=law52b2_wrong_card_lies(played.state, seat, wrong)))
    return after_card(table, wrong), rejected
