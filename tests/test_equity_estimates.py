"""Law 64C estimates beside the automatic adjustment: which sub-law labels them, and the
figure itself checked against an independent minimax where the position is small."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import solver
from solver.rulings.ruling import Analysis

CASES = Path(__file__).parent.parent / "cases"


@cache
def analysed(name: str) -> Analysis:
    return solver.analyse(solver.load_case(CASES / f"{name}.yaml"))


def test_both_sides_revoked_is_labelled_as_though_neither_had() -> None:
    (group,) = analysed("revoke-both-sides").revoke_groups
    assert group.equity is not None
    assert group.equity.citation == "64C2(b)"
    assert group.equity.under_compensated == (group.equity.declarer_tricks != group.final)
    assert "as though neither side had revoked" in group.equity.text(group.final)


def test_a_repeated_revoke_is_estimated_from_after_the_first() -> None:
    (group,) = analysed("revoke-twice-in-one-suit").revoke_groups
    assert [f.citation for f in group.adjustment.findings] == ["64A2", "64B2"]
    assert group.equity is not None and group.equity.citation == "64C1"
    (repeat,) = group.repeat_equity
    assert (repeat.citation, repeat.trick) == ("64C2(a)", 11)
    assert repeat.declarer_tricks == _minimax_from(analysed("revoke-twice-in-one-suit"), 11)


def _minimax_from(analysis: Analysis, trick: int) -> int:
    """Declarer's tricks: those won before ``trick`` as played, then best play by both sides
    from that trick, its cards before the revoker's as played and the revoker following suit."""
    case = analysis.case
    (group,) = analysis.revoke_groups
    history = group.example
    assert history is not None
    trump = case.contract.strain.trump_suit_index
    declaring = case.declarer.index % 2
    held = [{c.index for c in case.deal.hands[s]} for s in range(4)]
    won = 0
    for leader, cards in history[: trick - 1]:
        for seat in range(4):
            held[seat].discard(cards[seat])
        won += _winner(leader, cards, trump) % 2 == declaring
    leader, cards = history[trick - 1]
    revoker = group.repeat_equity[0].offender.index
    order = [(leader + i) % 4 for i in range(4)]
    before = order[: order.index(revoker)]
    current = {seat: cards[seat] for seat in before}
    for seat in before:
        held[seat].discard(cards[seat])
    return won + _best(tuple(frozenset(h) for h in held), leader, current, trump, declaring)


def _winner(leader: int, cards: tuple[int, ...], trump: int | None) -> int:
    best = leader
    for seat in range(4):
        card, top = cards[seat], cards[best]
        if (card // 13 == top // 13 and card > top) or (card // 13 == trump != top // 13):
            best = seat
    return best


def _best(
    held: tuple[frozenset[int], ...],
    leader: int,
    current: dict[int, int],
    trump: int | None,
    declaring: int,
) -> int:
    if not any(held) and not current:
        return 0
    seat = (leader + len(current)) % 4
    options = sorted(held[seat])
    if current:
        led = current[leader] // 13
        following = [c for c in options if c // 13 == led]
        options = following or options
    results = []
    for card in options:
        now = {**current, seat: card}
        rest = tuple(h - {card} if s == seat else h for s, h in enumerate(held))
        if len(now) == 4:
            cards = tuple(now[s] for s in range(4))
            winner = _winner(leader, cards, trump)
            gained = 1 if winner % 2 == declaring else 0
            results.append(gained + _best(rest, winner, {}, trump, declaring))
        else:
            results.append(_best(rest, leader, now, trump, declaring))
    return max(results) if seat % 2 == declaring else min(results)
