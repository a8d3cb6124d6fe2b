"""Law 62: correcting a revoke. Only 62D1 changes a trick count after play: a revoke on
trick 12 is corrected, though established, when noticed before the hands go back to the board.

The correction replays tricks 12 and 13 with the revoker following suit (62B). Each player of
the non-offending side who played to trick 12 after the revoker may then change his card
(62C1), and the offending player next in turn after such a change may change his (62C2). With
two cards left this is a tiny game, solved here exactly: the non-offending side picks its
replacements to win most, the offending side answers to win most for itself.

What a defender's partner may do after his trick-12 revoke is read in two ways. The text gives
him a change only after a non-offender's (62C2), and makes what the revoke card showed him
unauthorized (62D2, Law 16C): his card to trick 12 stands otherwise, as the tool rules. Some
directors replay the last two tricks as they should have gone, the partner choosing his card
to trick 12 again (the Welsh Bridge Union's directors, January 2019; the ACBL's club
directors' note on trick-12 revokes: "the cards play themselves"). ``partner_replays`` gives
that reading's figure, which the ruling shows beside its own when they differ
(``interp-62D2-partner-card-stands``); which play 16C would then bar is the Director's call.
"""

from __future__ import annotations

from solver.bridge import SEATS
from solver.bridge.masks import trick_winner
from solver.facts.history import RevokeEvent
from solver.laws.citation import Assumption, Reason

TRICK_12 = 11
"""Trick 12, 0-based as the engines count."""


def _four(cards: list[int]) -> tuple[int, int, int, int]:
    return (cards[0], cards[1], cards[2], cards[3])


def corrected_last_two(
    trump: int | None,
    leader: int,
    trick12: tuple[int, ...],
    trick13: tuple[int, ...],
    revoker: int,
    declarer_side: int,
    partner_replays: bool = False,
) -> int:
    """Declarer's side's tricks among tricks 12 and 13 once a trick-12 revoke is corrected (62D1).

    ``trick12`` and ``trick13`` are the cards by seat as played; the revoker's two cards swap.
    ``partner_replays``: the revoker's partner, if he played to trick 12 after him, may change
    his card whether or not a non-offender changed first (the looser reading above).
    """
    led = trick12[leader] // 13
    offenders = revoker % 2
    order = [(leader + i) % 4 for i in range(4)]
    later = order[order.index(revoker) + 1 :]

    def value(cards12: list[int], cards13: list[int]) -> int:
        first = trick_winner(leader, _four(cards12), trump)
        second = trick_winner(first, _four(cards13), trump)
        return sum(1 for w in (first, second) if w % 2 == declarer_side)

    def legal_swap(seat: int, cards12: list[int], cards13: list[int]) -> bool:
        keep, other = cards12[seat], cards13[seat]
        return other // 13 == led or keep // 13 != led

    def best(index: int, cards12: list[int], cards13: list[int], changed: bool) -> int:
        """Declarer tricks when the players from ``later[index]`` on choose their cards."""
        if index == len(later):
            return value(cards12, cards13)
        seat = later[index]
        options = [best(index + 1, cards12, cards13, changed)]
        may_change = (
            seat % 2 != offenders or changed or (partner_replays and seat == (revoker + 2) % 4)
        )
        if may_change and legal_swap(seat, cards12, cards13):
            swapped12, swapped13 = list(cards12), list(cards13)
            swapped12[seat], swapped13[seat] = cards13[seat], cards12[seat]
            options.append(best(index + 1, swapped12, swapped13, seat % 2 != offenders))
        declarer_chooses = seat % 2 == declarer_side
        return max(options) if declarer_chooses else min(options)

    cards12, cards13 = list(trick12), list(trick13)
    cards12[revoker], cards13[revoker] = trick13[revoker], trick12[revoker]
    return best(0, cards12, cards13, False)


def corrected_reason(seat: str, before: int, after: int) -> Reason:
    return Reason(
        "62D1",
        f"{seat}'s revoke on trick 12 came to light before the hands were returned to the board: "
        f"it is corrected though established; tricks 12 and 13 give declarer's side {after} "
        f"(not {before}) once {seat} follows suit and the other side may change the cards played "
        "after his (62C1)",
    )


def partner_card_stands(event: RevokeEvent, declarer_side: int) -> Assumption | None:
    """The reading of 62C2 and 62D2 a corrected trick-12 revoke's ruling rests on, with the
    other reading's figure, when the two differ (module docstring); None otherwise, and for
    declarer's revoke (62D2 speaks of a defender's)."""
    replayed, corrected = event.replayed_tricks, event.corrected_tricks
    if event.seat % 2 == declarer_side or not 0 <= replayed != corrected:
        return None
    revoker, partner = SEATS[event.seat].full_name, SEATS[(event.seat + 2) % 4].full_name
    return Assumption(
        "interp-62D2-partner-card-stands",
        "62D2",
        f"{partner}, who played to trick 12 after his partner {revoker}'s revoke, keeps his card "
        "there unless a non-offender changed his first (62C2); what the revoke card showed him "
        "is unauthorized (62D2, Law 16C). Replaying the last two tricks with "
        f"{partner} choosing his card to trick 12 again, as some directors do, would give "
        f"declarer's side {replayed} of them, not {corrected}; which play Law 16C would then "
        "bar him is the Director's judgement",
    )
