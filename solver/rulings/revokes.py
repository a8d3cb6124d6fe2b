"""Revokes in the consistent histories: group by group, the Laws' adjustment (62-64), the
equity estimate beside it (64C), and the hint when a revoke would explain the evidence.

The engines split the consistent histories into groups by declarer's tricks in play and by
the revokes they contain; each group gets one ``Adjustment`` (solver/laws/law64.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from solver.bridge import SEATS, Card, Seat
from solver.bridge.masks import trick_winner
from solver.engines.problem import CARDS_WEIGHT, Problem, RevokePermit
from solver.engines.result import EngineResult
from solver.errors import EngineError
from solver.facts import Case
from solver.facts.history import History
from solver.facts.outcome import Outcome
from solver.laws.citation import Assumption, Reason
from solver.laws.law64 import Adjustment, RevokeFinding, assess
from solver.laws.law67 import DoublePlayFinding, law67b2
from solver.rulings.ruling import Ruling, board_score


class ClaimedTricks(NamedTuple):
    """After a claim: the tricks its ruling gives each side of those left (they count as won
    after the revoke for Law 64, 69A)."""

    declarer: int
    defenders: int


NO_CLAIM = ClaimedTricks(0, 0)


@dataclass(frozen=True, slots=True)
class Equity:
    """64C advice: what the non-offending side would have had had the revoker followed suit."""

    trick: int
    """1-based trick of the revoke the estimate starts from."""
    offender: Seat
    declarer_tricks: int
    """Tricks before the revoke as played, plus double dummy from there with the revoker
    following suit."""
    under_compensated: bool
    """The non-offending side fares worse at the table than by the estimate (64C2(b), both
    sides having revoked: the table result differs from the estimate)."""
    citation: str = "64C1"
    """64C1; 64C2(a) for a repeated revoke in one suit, measured from the position after the
    first; 64C2(b) when both sides revoked, as though neither had."""

    def text(self, final: int) -> str:
        side = self.offender.side.other
        if self.citation == "64C2(b)":
            verdict = (
                "the Director restores equity as though neither side had revoked (64C2(b))"
                if self.under_compensated
                else "the table result already matches it"
            )
            return (
                f"estimate, double dummy: had neither side revoked (from trick {self.trick}, "
                f"where {self.offender.full_name} revoked first), declarer's side would take "
                f"{self.declarer_tricks} tricks with best play, against {final} at the table; "
                f"{verdict}"
            )
        verdict = (
            f"{side} look under-compensated: the Director should consider an adjusted score "
            f"({self.citation})"
            if self.under_compensated
            else f"the transfer leaves {side} at least as well off (no 64C adjustment indicated)"
        )
        after = " (the earlier revoke as played, 64C2(a))" if self.citation == "64C2(a)" else ""
        return (
            f"estimate, double dummy: had {self.offender.full_name} followed suit at trick "
            f"{self.trick}{after}, declarer's side would take {self.declarer_tricks} tricks with "
            f"best play, against {final} after the adjustment; {verdict}"
        )

    def to_json(self, final: int) -> dict[str, Any]:
        return {
            "declarer_tricks": self.declarer_tricks,
            "from_trick": self.trick,
            "under_compensated": self.under_compensated,
            "citation": self.citation,
            "text": self.text(final),
        }


@dataclass(frozen=True, slots=True)
class RevokeGroup:
    """Consistent histories with one declarer total in play and the same revokes."""

    outcome: Outcome
    histories: int | None
    adjustment: Adjustment
    example: History | None = None
    equity: Equity | None = None
    double_play: DoublePlayFinding | None = None
    repeat_equity: tuple[Equity, ...] = ()
    """64C2(a): for each later revoke in a suit the same player had revoked in, the estimate
    from the position after the first."""

    @property
    def in_play(self) -> int:
        return self.adjustment.in_play

    @property
    def final(self) -> int:
        return self.adjustment.final

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "declarer_tricks": self.in_play,
            "histories": self.histories,
            "revokes": [f.to_json() for f in self.adjustment.findings],
            "final_declarer_tricks": self.final,
        }
        if self.double_play is not None:
            data["double_play"] = self.double_play.to_json()
        if self.equity is not None:
            data["equity_estimate"] = self.equity.to_json(self.final)
        if self.repeat_equity:
            data["repeat_equity_estimates"] = [e.to_json(self.final) for e in self.repeat_equity]
        return data


def revoke_groups(
    case: Case, found: EngineResult, *, equity: bool = True, claimed: ClaimedTricks = NO_CLAIM
) -> list[RevokeGroup]:
    """Every outcome group with its Law 64 adjustment (and a 64C estimate where it helps).

    ``claimed``: after a claim, the tricks the ruling on it gives declarer's side and the other
    side (counted in the group's total and, for Law 64, as won after the revoke).
    """
    groups = []
    for outcome, count in sorted(found.groups.items()):
        events = outcome.revokes
        adjustment = assess(case, events, outcome.declarer_tricks + claimed.declarer, claimed)
        double_play = None
        played_twice = outcome.double_play
        if played_twice is not None:
            deemed = sum(1 for event in events if event.restored)
            double_play = law67b2(case, played_twice, deemed)
            adjustment = replace(
                adjustment,
                preamble=double_play.reasons,
                assumptions=(*double_play.assumptions, *adjustment.assumptions),
            )
        example = found.group_examples.get(outcome)
        estimate: Equity | None = None
        repeats: tuple[Equity, ...] = ()
        if equity and example is not None and case.surplus is None:
            estimate, repeats = equity_estimates(case, example, adjustment)
        groups.append(
            RevokeGroup(outcome, count, adjustment, example, estimate, double_play, repeats)
        )
    return groups


def equity_estimates(
    case: Case, history: History, adjustment: Adjustment
) -> tuple[Equity | None, tuple[Equity, ...]]:
    """64C: the estimate from the first established revoke (64C1, or 64C2(b) when both sides
    revoked), and one from each repeated revoke in a suit (64C2(a), from the position after
    the first: the WBF Laws Committee's reading in the Laws). None where DDS cannot help.
    (Not given after a double play, Law 67B2: its player's hand is then a card short.)"""
    established = [f for f in adjustment.findings if f.established and not f.corrected]
    if not established or not case.play_complete:
        return None, ()
    both = len({f.seat.side for f in established}) == 2
    first = equity_estimate(case, history, established[0], adjustment.final, both)
    repeats = tuple(
        estimate
        for f in established[1:]
        if f.citation == "64B2"
        and (estimate := equity_estimate(case, history, f, adjustment.final, False)) is not None
    )
    return first, tuple(replace(e, citation="64C2(a)") for e in repeats)


def equity_estimate(
    case: Case, history: History, first: RevokeFinding, final: int, both_sides: bool
) -> Equity | None:
    """Double dummy from this revoke's trick as played up to it, the revoker following suit.
    ``None`` when DDS is missing or fails (advice only)."""
    from solver.engines.dds import Position, double_dummy_tricks

    trump = case.contract.strain.trump_suit_index
    number = first.trick - 1
    held = [set(case.deal.hands[s]) for s in range(4)]
    before = 0
    for leader, cards in history[:number]:
        for seat in range(4):
            held[seat].discard(Card.from_index(cards[seat]))
        if trick_winner(leader, cards, trump) % 2 == case.declarer.index % 2:
            before += 1
    leader, cards = history[number]
    order = [(leader + i) % 4 for i in range(4)]
    current = tuple(Card.from_index(cards[s]) for s in order[: order.index(first.seat.index)])
    for seat, card in zip(order, current, strict=False):
        held[seat].discard(card)
    hands = (frozenset(held[0]), frozenset(held[1]), frozenset(held[2]), frozenset(held[3]))
    try:
        position = Position(hands, trump, SEATS[leader], current)
        declaring = case.declaring_side
        tricks = before + double_dummy_tricks(position, declaring)
    except EngineError:  # advice only: a DDS failure must not stop the ruling
        return None
    if both_sides:
        return Equity(first.trick, first.seat, tricks, tricks != final, "64C2(b)")
    offenders_declare = first.seat.side is case.declaring_side
    under = tricks < final if offenders_declare else tricks > final
    return Equity(first.trick, first.seat, tricks, under)


def revoke_hints(problem: Problem, found: EngineResult, time_limit: float) -> list[str]:
    """When a revoke nobody alleged would fit the quitted cards better than they are read now.

    Searches again with one revoke allowed anywhere (a wildcard permit), within the cards-tier
    budgets strictly below the minimum found; says which revokes would do it.
    """
    if problem.permits or not found.feasible or not found.min_cost:
        return []
    cards_cost = found.min_cost // CARDS_WEIGHT
    if cards_cost == 0:
        return []
    from solver.engines import search

    widened = replace(problem, permits=(RevokePermit(None, None, None),))
    hinted = search.solve(widened, time_limit=min(1.0, time_limit), budgets=range(cards_cost))
    if not hinted.feasible or hinted.min_cost is None:
        return []
    revokes = sorted({(e.seat, e.trick) for outcome in hinted.groups for e in outcome.revokes})
    if not revokes:
        return []
    fits = (
        "would fit every quitted card"
        if hinted.min_cost // CARDS_WEIGHT == 0
        else f"would contradict {hinted.min_cost // CARDS_WEIGHT} quitted-card facts instead of "
        f"{cards_cost}"
    )
    named = " or ".join(f"{SEATS[s].full_name} revoked at trick {t + 1}" for s, t in revokes[:4])
    more = f" (and {len(revokes) - 4} more)" if len(revokes) > 4 else ""
    return [f"an allegation that {named}{more} {fits}"]


def claim_with_revokes(
    case: Case, found: EngineResult, ruling: Ruling
) -> tuple[list[RevokeGroup], Ruling]:
    """A revoke alleged before a claim: each group's Law 64 adjustment on top of the claim's
    ruling, the claimed and conceded tricks counting as won after the revoke (69A)."""
    assert case.claim is not None and ruling.declarer_tricks is not None
    position = case.claim.position
    declaring = case.declarer.index % 2
    by_claim = ruling.declarer_tricks - position.won[declaring]
    claimed = ClaimedTricks(by_claim, position.tricks_left - by_claim)
    groups = revoke_groups(case, found, claimed=claimed)
    finals = sorted({g.final for g in groups})
    counted = Reason(
        "69A",
        f"the {position.tricks_left} tricks decided by the claim count as won for Law 64: "
        f"{claimed.declarer} by declarer's side, {claimed.defenders} by the defenders",
    )
    reasons, assumptions = groups_reasons(groups, ruling.assumptions)
    revoke_reasons = [counted, *reasons]
    if len(finals) != 1:
        why = Reason(
            "85A",
            "the histories before the claim disagree on the revokes' adjustment (declarer's "
            f"side: {', '.join(str(t) for t in finals)} tricks): the Director decides",
        )
        return groups, Ruling(
            "undetermined", None, None, None, (*ruling.reasons, *revoke_reasons, why)
        )
    total = finals[0]
    result, scores = board_score(case, total)
    final = Reason("79B", f"after Law 64, declarer's side is credited with {total} tricks")
    return groups, replace(
        ruling,
        declarer_tricks=total,
        result=result,
        score=scores,
        reasons=(*(r for r in ruling.reasons if r.citation != "79B"), *revoke_reasons, final),
        assumptions=assumptions,
    )


def groups_reasons(
    groups: list[RevokeGroup], assumptions: tuple[Assumption, ...]
) -> tuple[list[Reason], tuple[Assumption, ...]]:
    """The groups' reasons (67B2, 61A, 63, 64) and, after ``assumptions``, theirs, each once."""
    reasons: list[Reason] = []
    merged = list(assumptions)
    for group in groups:
        reasons += [r for r in group.adjustment.reasons if r not in reasons]
        merged += [a for a in group.adjustment.assumptions if a not in merged]
    return reasons, tuple(merged)
