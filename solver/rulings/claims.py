"""Rulings on contested claims and concessions (Laws 69, 70, 71), and their JSON.

The order, written once: an agreed-then-withdrawn claim goes by 69B; otherwise 70A decides
(the worst normal line), 71B restores conceded tricks no normal play loses, 70C and 70D2 are
named where they applied; Law 79B credits the total and Law 77 scores it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from solver.bridge import SEATS, Card, Seat
from solver.bridge.cards import suit_order_key
from solver.bridge.masks import mask_of, winner_without
from solver.engines.claims import Adjudication, ClaimProblem, ClaimTimeout, LinePlay, adjudicate
from solver.engines.claims.state import NO_OBLIGATIONS
from solver.engines.problem import choices_through
from solver.errors import CaseFileError
from solver.facts import Case, Claim
from solver.facts.case import AgreedTrick
from solver.facts.irregularity import (
    Choice,
    DeclarerEarlyPlay,
    FailureToPlay,
    Irregularity,
    LeadOutOfTurn,
    PlayAtRhoTurn,
    PrematurePlay,
)
from solver.facts.policy import PRESETS, NormalPolicy
from solver.laws.choices import LawOption, apply_lead_option
from solver.laws.citation import Assumption, Reason
from solver.laws.irregular_play import (
    PlayIrregularities,
    compile_irregularities,
    lying_from,
    recorded_lead_option,
    trick_starts,
)
from solver.laws.law69 import law69a_agreement_stands, law69b_withdrawn_agreement
from solver.laws.law70 import (
    for_class,
    law70a_adjudicated,
    law70c_outstanding_trump,
    law70d2_defenders_claim,
    policy_assumptions,
)
from solver.laws.law71 import law71b_asked_back, law71b_unlosable_concession
from solver.laws.normal_play import for_defenders
from solver.laws.obligations import Obligations, after_play, legal_plays
from solver.rulings.ruling import Ruling, board_score
from solver.rulings.turns import settle


@dataclass(frozen=True, slots=True)
class TrumpTrick:
    """A trick of the worst normal line that a trump an opponent held at the claim takes from the
    claimer's side (70C): led in another suit, it goes to that trump (a ruff, or an overruff),
    or led by the claimer's side in trumps (``lead_forgotten_trump``), that trump beats his;
    and without the opponents' trumps it would go to a card of the claimer's side."""

    trick: int
    """Counted from the claim, as in the line (1: the trick in progress, or the next one)."""
    seat: int
    card: int
    """The opponent and the trump that win the trick."""
    instead_seat: int
    instead: int
    """The claimer's side's player, and his card, that would win it without that trump."""
    led: int
    """The card led to the trick."""

    def describe(self, before: int) -> str:
        """'trick 3 of those left (the board's 12th: West's D2 ruffs South's HA)'; ``before``:
        the tricks completed at the claim."""
        if self.led // 13 == self.card // 13:
            verb = "beats"  # a trump led by the claimer's side
        elif self.instead // 13 == self.card // 13:
            verb = "overruffs"
        else:
            verb = "ruffs"
        return (
            f"trick {self.trick} of those left (the board's {_ordinal(before + self.trick)}: "
            f"{SEATS[self.seat].full_name}'s {Card.from_index(self.card)} {verb} "
            f"{SEATS[self.instead_seat].full_name}'s {Card.from_index(self.instead)})"
        )

    def to_json(self, before: int) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "board_trick": before + self.trick,
            "seat": str(SEATS[self.seat]),
            "card": str(Card.from_index(self.card)),
            "instead_seat": str(SEATS[self.instead_seat]),
            "instead_card": str(Card.from_index(self.instead)),
        }


@dataclass(frozen=True, slots=True)
class JudgementCost:
    """Where the ruling turns: one judgement of the policy, turned the other way alone, and the
    claimer's side's tricks on the worst normal line then (Law 70; docs/claims.md)."""

    switch: str
    citation: str
    in_force: bool
    """The judgement's value in the policy the claim was ruled under."""
    claimer_tricks: int | None
    """With the judgement turned the other way; None when that was not settled in time."""
    declarer_tricks: int | None
    """The board's total for declarer's side that would then be credited (70A, 71B)."""

    @property
    def turned(self) -> str:
        """How the judgement was turned: "off" when it was in force, else "on"."""
        return "off" if self.in_force else "on"

    def describe(self) -> str:
        if self.claimer_tricks is None:
            return f"with {self.switch} {self.turned} (Law {self.citation}): not settled in time"
        return (
            f"with {self.switch} {self.turned} (Law {self.citation}), the worst normal line gives "
            f"the claimer's side {self.claimer_tricks}: declarer {self.declarer_tricks} tricks"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "switch": self.switch,
            "citation": self.citation,
            "in_force": self.in_force,
            "turned": self.turned,
            "claimer_tricks": self.claimer_tricks,
            "declarer_tricks": self.declarer_tricks,
        }


def _choice_json(option: LawOption) -> dict[str, Any]:
    """Declarer's 50D2/51B choice made on the worst normal line, before the lead it binds."""
    out: dict[str, Any] = {"by": str(SEATS[option.chooser]), "law": option.law}
    out["option"] = option.option
    if option.suits:
        out["suits"] = "".join("SHDC"[suit] for suit in option.suits)
    return out


ORDINAL_SUFFIXES: dict[int, str] = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ORDINAL_SUFFIXES.get(number % 10, 'th')}"


@dataclass(frozen=True, slots=True)
class ClaimAnalysis:
    """The adjudication of a claim, beside its double-dummy value."""

    claim: Claim
    adjudication: Adjudication
    double_dummy: int | None
    """Tricks of those left that the claimer's side takes with best play (None if unavailable)."""
    policy: NormalPolicy
    unruffed_tricks: int | None = None
    """With an outstanding trump the claimer did not mention that takes a trick on the worst
    normal line (``trump_tricks``; 70C): the claimer's tricks on the worst normal line were that
    trump unable to score, i.e. with no trump the opponents held at the claim taking a trick
    from his side in another suit (``ClaimProblem.opponents_ruff`` false), nor, when it took a
    trump his side led (``lead_forgotten_trump``), with him leading one into it before his
    winners. None when no such
    trump takes a trick, when the claimer is credited with all he could be anyway, or when that
    adjudication did not finish in time."""
    unruffed_checked: bool = True
    """False when the adjudication without the trump scoring ran out of time."""
    trump_tricks: tuple[TrumpTrick, ...] = ()
    """The tricks of the worst normal line that the opponents' trumps take from the claimer's
    side (``TrumpTrick``), mentioned or not."""
    trumps_aware: bool = False
    """Whether the claimer is taken as aware of the opponents' trumps (mentioned, held by both
    opponents, or a round just drawn, all following: ``normal_play.aware_of_trumps``); when he
    is, 70C does not arise."""
    judgements: tuple[JudgementCost, ...] = ()
    """The judgements the ruling turns on: each one that, turned the other way alone, changes
    the claimer's tricks on the worst normal line (or could not be settled in time)."""
    obligations: Obligations = NO_OBLIGATIONS
    """The penalty cards and restrictions in force at the claim (``obligations_at_claim``),
    which every line of the adjudication obeys."""
    judgements_sought: bool = True
    """Whether each judgement was turned to find where the ruling turns (``judgements``): when
    it was, a judgement not among them leaves the worst normal line as it is."""

    @property
    def upheld(self) -> bool:
        return self.adjudication.claimer_tricks >= self.claim.tricks

    def to_json(self) -> dict[str, Any]:
        return {
            **_claimed_json(self.claim),
            "worst_normal_line": [
                {
                    "trick": play.trick,
                    "seat": str(SEATS[play.seat]),
                    "card": str(Card.from_index(play.card)),
                    **(
                        {"winner": str(SEATS[play.wins_trick])}
                        if play.wins_trick is not None
                        else {}
                    ),
                    **({"choice": _choice_json(play.choice)} if play.choice is not None else {}),
                }
                for play in self.adjudication.line
            ],
            "claimer_tricks": self.adjudication.claimer_tricks,
            "trump_tricks": [
                taken.to_json(sum(self.claim.position.won)) for taken in self.trump_tricks
            ],
            "judgements": [cost.to_json() for cost in self.judgements],
            **_in_force_json(self.obligations),
            "unruffed_tricks": self.unruffed_tricks,
            # Why 70C did or did not arise: the claimer taken as aware of the opponents'
            # trumps, and whether a round of trumps just drawn, all following, made him so.
            "trumps_aware": self.trumps_aware,
            "trump_round_before": self.claim.trump_round_before,
            "double_dummy": self.double_dummy,
            "upheld": self.upheld,
            **_policy_json(self.claim, self.policy),
            "positions": self.adjudication.positions,
            "elapsed": round(self.adjudication.elapsed, 4),
        }


@dataclass(frozen=True, slots=True)
class UnsettledClaim:
    """A claim whose worst normal line was not found in the time given, and what the search had
    proved by then (``ClaimTimeout``'s bounds). Kept so that the JSON still says who claimed
    what, under which policy, and how far apart the rulings it could come to are."""

    claim: Claim
    at_least: int
    """Every line giving the claimer's side fewer of the tricks left was refuted."""
    at_most: int
    """A normal line giving the claimer's side this many of the tricks left was found."""
    double_dummy: int | None
    policy: NormalPolicy
    trumps_aware: bool
    obligations: Obligations
    elapsed: float

    @property
    def upheld(self) -> bool | None:
        """False when a normal line found already gives less than was claimed; True when every
        line giving less was refuted; None while the bounds straddle the claim."""
        if self.at_most < self.claim.tricks:
            return False
        if self.at_least >= self.claim.tricks:
            return True
        return None

    def to_json(self) -> dict[str, Any]:
        """The keys of a settled claim's object, in its order; what the search did not find is
        null (``worst_normal_line``, ``claimer_tricks``, ``trump_tricks``, ``judgements``,
        ``positions``), and its bounds are given beside ``claimer_tricks``."""
        return {
            **_claimed_json(self.claim),
            "worst_normal_line": None,
            "claimer_tricks": None,
            "claimer_tricks_at_least": self.at_least,
            "claimer_tricks_at_most": self.at_most,
            "trump_tricks": None,
            "judgements": None,
            **_in_force_json(self.obligations),
            "unruffed_tricks": None,
            "trumps_aware": self.trumps_aware,
            "trump_round_before": self.claim.trump_round_before,
            "double_dummy": self.double_dummy,
            "upheld": self.upheld,
            **_policy_json(self.claim, self.policy),
            "positions": None,
            "elapsed": round(self.elapsed, 4),
        }


class ClaimUnsettled(ClaimTimeout):
    """``analyse_claim`` ran out of time: the search's ``ClaimTimeout``, with what was known of
    the claim (``unsettled``) for the ruling's JSON."""

    def __init__(self, unsettled: UnsettledClaim) -> None:
        super().__init__("the claim adjudication ran out of time")
        self.unsettled = unsettled
        self.at_least = unsettled.at_least
        self.at_most = unsettled.at_most


def _claimed_json(claim: Claim) -> dict[str, Any]:
    """Who claimed, and how many: the claim object's first keys."""
    return {
        "by": str(claim.by),
        "tricks": claim.tricks,
        # Only when the number claimed depended on the layout (claim.tricks as conditions).
        **({"tricks_said": claim.tricks_said} if claim.tricks_said else {}),
    }


def _in_force_json(obligations: Obligations) -> dict[str, Any]:
    """The penalty cards and restrictions in force at the claim, when there are any."""
    if obligations.empty:
        return {}
    return {"in_force": [entry.to_json() for entry in in_force(obligations)]}


def _policy_json(claim: Claim, policy: NormalPolicy) -> dict[str, Any]:
    """The policy ruled under, the claimer's class when given, the cards he overlooked."""
    return {
        "policy": policy.name,
        **({"player_class": claim.player_class} if claim.player_class else {}),
        **(
            {"overlooked": [str(c) for c in sorted(claim.overlooked, key=suit_order_key)]}
            if claim.overlooked
            else {}
        ),
    }


def analyse_claim(
    case: Case,
    policy: NormalPolicy | None = None,
    time_limit: float = 20.0,
    judgements: bool = True,
    workers: int = 1,
) -> ClaimAnalysis:
    """Adjudicate the case's claim: the worst normal line, and the double-dummy value.

    ``policy`` None: the case file's own policy (``case_policy``), the claimer's class applied;
    a policy given is used as it is (the command line applies the class before its switches).
    ``workers``: processes the judgements' turns may run in (``judgement_costs``)."""
    claim = case.claim
    assert claim is not None
    given = policy or case_policy(claim)
    # The problem and the judgements' turns start from the policy given: ``from_claim`` fixes
    # a claiming defender's judgements itself, and the non-claimers' plays, when held to normal
    # play (``nonclaimers_normal``), are judged by the policy given (declarer sees dummy).
    chosen = for_defenders(given) if claim.by_defender else given
    trump = case.contract.strain.trump_suit_index
    started = time.monotonic()
    obligations = obligations_at_claim(case)
    best = _double_dummy(case, claim, obligations, time_limit)
    problem = ClaimProblem.from_claim(claim, trump, given, _dummy(case), obligations, best)
    try:
        adjudication = adjudicate(problem, time_limit)
    except ClaimTimeout as timeout:
        unsettled = UnsettledClaim(
            claim,
            timeout.at_least,
            timeout.at_most,
            best,
            chosen,
            problem.trumps_aware,
            obligations,
            time.monotonic() - started,
        )
        raise ClaimUnsettled(unsettled) from timeout
    taken = trump_tricks(claim, trump, adjudication.line, problem.policy.lead_forgotten_trump)
    unruffed: int | None = None
    checked = True
    plain = adjudication.claimer_tricks
    could_gain = _credit_of(claim, plain) < _credit_of(claim, claim.position.tricks_left)
    if not problem.trumps_aware and taken and could_gain and not claim.claimer_asks_more:
        # 70C(3): the worst normal line loses a trick to the trump; is it one the claimer would
        # otherwise take? Adjudicate again with that trump unable to score: no trump the
        # opponents hold takes a trick from the claimer's side in another suit. (When the worst
        # line gives the trump no trick, that line is one of the measure's too, so the measure
        # is no higher: nothing to compare.)
        measure = replace(problem, opponents_ruff=False)
        try:
            if any(t.led // 13 == trump for t in taken):
                # The trump won a trump his side led, thinking it good (lead_forgotten_trump):
                # unable to score, it wins no such lead either, so the claimer who forgot it
                # leads as one who thinks his trump a loser: his winners first. A different
                # policy: the first search's keys and bounds are not a guide to it.
                measure = replace(
                    measure, policy=replace(problem.policy, lead_forgotten_trump=False)
                )
                unruffed = adjudicate(measure, _left(time_limit, started), plain).claimer_tricks
            else:
                # What the first search proved guides the second, but does not bind it: a trick
                # that goes to the claimer's side instead changes who leads, which can cost him
                # later, so from some positions the measure may be lower. A guided value is never
                # too low; one that would credit the claimer with more is found again without
                # the guide.
                unruffed = adjudicate(
                    measure, _left(time_limit, started), plain, adjudication.proved
                ).claimer_tricks
                if _credit_of(claim, unruffed) > _credit_of(claim, plain):
                    unruffed = adjudicate(measure, _left(time_limit, started), plain).claimer_tricks
        except ClaimTimeout:
            unruffed, checked = None, False
    costs = (
        judgement_costs(
            case,
            given,
            adjudication.claimer_tricks,
            time_limit,
            obligations,
            best,
            adjudication.elapsed,
            workers,
        )
        if judgements
        else ()
    )
    return ClaimAnalysis(
        claim,
        adjudication,
        best,
        chosen,
        unruffed,
        checked,
        taken,
        problem.trumps_aware,
        costs,
        obligations,
        judgements_sought=judgements,
    )


def judgement_costs(
    case: Case,
    policy: NormalPolicy,
    claimer_tricks: int,
    time_limit: float,
    obligations: Obligations = NO_OBLIGATIONS,
    best: int | None = None,
    expected: float = 0.0,
    workers: int = 1,
) -> tuple[JudgementCost, ...]:
    """Each judgement of ``policy`` turned the other way alone, where it changes the worst
    normal line's tricks (``claimer_tricks``): what a director or committee needs to see where
    the ruling turns. The adjudications share ``time_limit`` (``turns.settle``: ``expected``,
    the seconds the claim's own search took, sizes their tries); one not settled within it is
    listed as such. ``best``: the double-dummy value (``ClaimProblem.from_claim``).
    ``workers``: processes to run them in (``turns.available_workers`` gives this machine's;
    in this process by default, which any caller may use: worker processes are started
    afresh, so a script using more needs the ``if __name__ == "__main__":`` guard)."""
    claim = case.claim
    assert claim is not None
    turns = judgement_turns(case, policy, obligations, best)
    values = settle([problem for _name, _citation, problem in turns], time_limit, expected, workers)
    out = []
    for (name, citation, _problem), value in zip(turns, values, strict=True):
        if value == claimer_tricks:
            continue
        total = None if value is None else _declarer_total(case, claim, _credit_of(claim, value))
        out.append(JudgementCost(name, citation, getattr(policy, name), value, total))
    return tuple(out)


def judgement_turns(
    case: Case,
    policy: NormalPolicy,
    obligations: Obligations = NO_OBLIGATIONS,
    best: int | None = None,
) -> list[tuple[str, str, ClaimProblem]]:
    """The claim under each judgement of ``policy`` that can turn there, turned the other way
    alone: its name, its citation and the problem (``judgement_costs`` settles them)."""
    claim = case.claim
    assert claim is not None
    trump = case.contract.strain.trump_suit_index
    counts = _counts_tricks(claim)
    dummy = _dummy(case)
    turns = []
    for name, citation, _text in policy.assumptions(every=True):
        if name == "keep_counted_cards" and not counts:
            continue  # it reads only the statement's counts: nothing to turn without them
        flipped = policy.with_switches(**{name: not getattr(policy, name)})
        # A judgement for_defenders fixes for a defender's claim does not turn there, unless
        # declarer's side, not claiming, is held to normal play: it is theirs to make then.
        fixed = for_defenders(flipped) == for_defenders(policy) and not policy.nonclaimers_normal
        if not (claim.by_defender and fixed):
            problem = ClaimProblem.from_claim(claim, trump, flipped, dummy, obligations, best)
            turns.append((name, citation, problem))
    return turns


def _dummy(case: Case) -> int:
    """Dummy's seat: declarer's partner."""
    return (case.declarer.index + 2) % 4


def _declarer_total(case: Case, claim: Claim, credited: int) -> int:
    """Declarer's side's total when the claimer's side is credited ``credited`` of those left."""
    declaring = case.declarer.index % 2
    left = claim.position.tricks_left
    more = credited if claim.by.index % 2 == declaring else left - credited
    return claim.position.won[declaring] + more


def _left(time_limit: float, started: float) -> float:
    """What is left of the time limit."""
    return max(time_limit - (time.monotonic() - started), 0.0)


def trump_tricks(
    claim: Claim, trump: int | None, line: tuple[LinePlay, ...], led_into: bool = False
) -> tuple[TrumpTrick, ...]:
    """The tricks of ``line`` (from the claim position) that a trump an opponent held at the
    claim takes from the claimer's side: led in a suit other than trumps, won by that trump, and
    won by a card of the claimer's side were the opponents' trumps played to it passed over
    (70C; the measure of ``ClaimProblem.opponents_ruff`` false). With ``led_into`` (the policy's
    ``lead_forgotten_trump`` in force), a trick led in trumps by the claimer's side counts too:
    his trump, led as a card he thinks good, beaten by the one he forgot."""
    if trump is None:
        return ()
    position = claim.position
    side = claim.by.index % 2
    theirs = {
        card.index
        for seat in range(4)
        if seat % 2 != side
        for card in position.hands[seat]
        if card.suit_index == trump
    }
    if not theirs:
        return ()
    dead = sum(1 << card for card in theirs)
    out: list[TrumpTrick] = []
    leader = position.leader.index
    cards = [card.index for card in position.current_trick]
    number = 1
    for play in line:
        cards.append(play.card)
        if play.wins_trick is None:
            continue
        trick = tuple(cards)
        winner = play.wins_trick
        won_with = trick[(winner - leader) % 4]
        led_trump = trick[0] // 13 == trump
        if won_with in theirs and (not led_trump or (led_into and trick[0] not in theirs)):
            instead = winner_without(leader, trick, trump, dead)
            if instead % 2 == side:
                instead_card = trick[(instead - leader) % 4]
                out.append(TrumpTrick(number, winner, won_with, instead, instead_card, trick[0]))
        leader, cards, number = winner, [], number + 1
    return tuple(out)


def case_policy(claim: Claim) -> NormalPolicy:
    """The policy the case file gives (``claim.policy`` and ``claim.switches``), by default
    WBF2017; the command line's ``--policy`` and ``--switch`` override it (solver/cli.py)."""
    return for_class(PRESETS[claim.policy or "WBF2017"], claim.player_class).with_switches(
        **dict(claim.switches)
    )


def _double_dummy(
    case: Case, claim: Claim, obligations: Obligations = NO_OBLIGATIONS, time_limit: float = 20.0
) -> int | None:
    from solver.errors import EngineError

    try:
        return double_dummy_value(case, claim, claim.position.hands, obligations, time_limit)
    except EngineError:
        return None


def double_dummy_value(
    case: Case,
    claim: Claim,
    held: tuple[frozenset[Card], ...],
    obligations: Obligations,
    time_limit: float,
) -> int | None:
    """The claimer's side's double-dummy tricks from the claim with the cards ``held`` (the
    claim's, or a layout of the claimer's view): by DDS (whose failure raises
    ``EngineError``), or, with penalty cards or restrictions in force, by the search that
    obeys them (``options.best_total``: best play by both sides, declarer taking the best of
    any 50D2/51B choice), None when that search does not finish in ``time_limit``."""
    from solver.engines import dds, options
    from solver.errors import EngineError

    position = claim.position
    if obligations.empty:
        return dds.double_dummy_tricks(
            dds.Position(
                (held[0], held[1], held[2], held[3]),
                case.contract.strain.trump_suit_index,
                position.leader,
                position.current_trick,
            ),
            claim.side,
        )
    hands = [mask_of(card.index for card in held[seat.index]) for seat in Seat]
    table = options.Table(
        (hands[0], hands[1], hands[2], hands[3]),
        case.contract.strain.trump_suit_index,
        case.declarer.index,
        position.leader.index,
        tuple(card.index for card in position.current_trick),
        0,
        obligations,
    )
    try:
        declaring = options.best_total(table, time_limit)
    except (EngineError, options.OptionTimeout):
        return None
    if claim.by.index % 2 == case.declarer.index % 2:
        return declaring
    return position.tricks_left - declaring


def decide_claim(case: Case, analysis: ClaimAnalysis) -> Ruling:
    """Rule on the claim: the claimer's side's tricks of those left, then the board's total."""
    claim = analysis.claim
    adjudicated = analysis.adjudication.claimer_tricks
    reasons: list[Reason] = []
    if claim.claimer_asks_more:
        # Law 69A: the table agreed; the claimer asks for a conceded trick back (Law 71B).
        reasons += [law69a_agreement_stands(claim), law71b_asked_back(claim, adjudicated)]
        return _credit(case, claim, _credit_of(claim, adjudicated), reasons, analysis.policy)
    # Law 69B: the opponents had agreed, then withdrew.
    if claim.agreed:
        reason, settled = law69b_withdrawn_agreement(claim, adjudicated)
        reasons.append(reason)
        if not settled:
            return Ruling(
                "undetermined",
                None,
                None,
                None,
                tuple(reasons),
                policy_assumptions(analysis.policy, claim.player_class),
            )
        credited = claim.tricks
    else:
        # Law 70A: the worst normal line, doubt against the claimer.
        reasons.append(law70a_adjudicated(claim, adjudicated))
        credited = min(adjudicated, claim.tricks)
    # Law 70C and 70D2, where they bore on the line.
    trump = case.contract.strain.trump_suit_index
    completed = sum(claim.position.won)
    for extra in (
        law70c_outstanding_trump(
            claim,
            analysis.trumps_aware,
            _trump_outstanding(claim, trump),
            _trump_cost(claim, analysis),
            tuple(taken.describe(completed) for taken in analysis.trump_tricks),
        ),
        law70d2_defenders_claim(claim, case.declarer.index % 2),
    ):
        if extra is not None:
            reasons.append(extra)
    # Law 71: conceded tricks no normal play could lose.
    concession = law71b_unlosable_concession(claim, adjudicated)
    if concession is not None:
        reasons.append(concession)
        if concession.citation == "71B":
            credited = adjudicated
    more = _choice_assumption(analysis) + _count_assumption(claim) + _crossruff_assumption(claim)
    return _credit(case, claim, credited, reasons, analysis.policy, more)


def _counts_tricks(claim: Claim) -> bool:
    """Does the statement count tricks per suit (a ``count`` step, whatever its condition)?"""
    return any(step.kind == "count" for step in claim.statement)


def _count_assumption(claim: Claim) -> tuple[Assumption, ...]:
    """When the statement counts tricks per suit (``count`` steps), how the ruling reads the
    counts: named, as they decide which cards the claimer keeps (docs/claims.md)."""
    if not _counts_tricks(claim):
        return ()
    return (
        Assumption(
            "claim-count-per-suit",
            "70",
            "a count of tricks per suit is a count, not a line of play: it plays nothing, and "
            "the claimer is taken as having counted the cards of the suits he counts tricks in "
            "(none of them is a card he overlooked); which cards he keeps for his counts is the "
            "judgement keep_counted_cards",
        ),
    )


def _crossruff_assumption(claim: Claim) -> tuple[Assumption, ...]:
    """When the statement names a crossruff, how the ruling plays it: named, as which of
    partner's cards are ruffed is read from the cards as they lie (docs/claims.md)."""
    if not any(step.kind == "crossruff" for step in claim.statement):
        return ()
    return (
        Assumption(
            "claim-crossruff",
            "70",
            "a stated crossruff leads side suits for partner to ruff, never a trump while the "
            "hand holds another card (the catalogue's C5); partner ruffs unless no opponent "
            "still to play, as the cards lie, can beat or ruff his partner's card",
        ),
    )


def _choice_assumption(analysis: ClaimAnalysis) -> tuple[Assumption, ...]:
    """When declarer's 50D2/51B choice is made on the worst normal line (a major penalty card
    lying at the claim), how the ruling takes it: named, so that a committee can question it."""
    made = [play.choice for play in analysis.adjudication.line if play.choice is not None]
    if not made:
        return ()
    claim = analysis.claim
    if claim.by_defender:
        return (
            Assumption(
                "claim-choice-by-declarer",
                "70A",
                "declarer's choice under 50D2/51B during the play after a defender's claim is "
                "his own and may be any option; the doubt goes against the defender who claimed",
            ),
        )
    return (
        Assumption(
            "claim-choice-against-claimer",
            "70A",
            "declarer's own choice under 50D2/51B during the play after his claim, which his "
            "statement does not make, is taken as the option worst for his side (the doubt "
            "goes against the claimer)",
        ),
    )


def _trump_cost(claim: Claim, analysis: ClaimAnalysis) -> int | None:
    """Tricks credited to the claimer's side that the unmentioned trump costs him (70C(3)): the
    credit on the worst normal line were the opponents' trumps unable to take a trick from his
    side in another suit, less the credit on the worst normal line; None if unknown."""
    if not analysis.unruffed_checked:
        return None
    if analysis.unruffed_tricks is None:  # no trick to the trump, or none left to lose
        return 0
    unruffed = _credit_of(claim, analysis.unruffed_tricks)
    return max(unruffed - _credit_of(claim, analysis.adjudication.claimer_tricks), 0)


def _credit_of(claim: Claim, claimer_tricks: int) -> int:
    """The tricks credited for a worst-normal-line value: at most those claimed (70A), unless
    71B restores conceded tricks no normal play loses. On an agreed claim whose claimer asks for
    more (69A), never fewer than the tricks agreed."""
    if claim.claimer_asks_more:
        restorable = claimer_tricks > claim.tricks and not claim.correction_period_over
        return claimer_tricks if restorable else claim.tricks
    if claimer_tricks > claim.tricks and not claim.correction_period_over and not claim.agreed:
        return claimer_tricks
    return min(claimer_tricks, claim.tricks)


def _trump_outstanding(claim: Claim, trump: int | None) -> bool:
    if trump is None:
        return False
    side = claim.by.index % 2
    hands = claim.position.hands
    return any(
        card.suit_index == trump for seat in range(4) if seat % 2 != side for card in hands[seat]
    )


def _credit(
    case: Case,
    claim: Claim,
    credited: int,
    reasons: list[Reason],
    policy: NormalPolicy,
    more: tuple[Assumption, ...] = (),
) -> Ruling:
    total = _declarer_total(case, claim, credited)
    reasons.append(Reason("79B", f"declarer's side is credited with {total} tricks in all"))
    result, scores = board_score(case, total)
    assumptions = policy_assumptions(policy, claim.player_class) + more
    return Ruling("decided", total, result, scores, tuple(reasons), assumptions)


@dataclass(frozen=True, slots=True)
class InForce:
    """One penalty card or restriction in force at the claim, with the sub-law it rests on."""

    kind: str
    """``major-penalty-card``, ``minor-penalty-card``, ``lead-required``, ``lead-forbidden``
    or ``play-ordered``."""
    seat: int
    citation: str
    text: str
    card: int | None = None
    suits: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": str(SEATS[self.seat])}
        if self.card is not None:
            out["card"] = str(Card.from_index(self.card))
        if self.suits:
            out["suits"] = "".join("SHDC"[suit] for suit in self.suits)
        out["citation"] = self.citation
        return out


def in_force(obligations: Obligations) -> tuple[InForce, ...]:
    """What binds the play at the claim, seat by seat, each with its citation."""
    out: list[InForce] = []
    for seat in range(4):
        name = SEATS[seat].full_name
        partner = SEATS[(seat + 2) % 4].full_name
        majors = [card for card in range(52) if obligations.major[seat] >> card & 1]
        several = len(majors) > 1
        for card in majors:
            out.append(
                InForce(
                    "major-penalty-card",
                    seat,
                    "51A" if several else "50D1",
                    f"{name}'s {Card.from_index(card)}: a major penalty card, played at the "
                    "first legal opportunity"
                    + (" (declarer designates which, 51A)" if several else "")
                    + f"; before each lead of {partner}'s, declarer's choice "
                    + ("(51B)" if several else "(50D2)"),
                    card=card,
                )
            )
        minor = obligations.minor[seat]
        if minor:
            card = minor.bit_length() - 1
            out.append(
                InForce(
                    "minor-penalty-card",
                    seat,
                    "50C",
                    f"{name}'s {Card.from_index(card)}: a minor penalty card, played before any "
                    "other card below an honour of its suit",
                    card=card,
                )
            )
    if obligations.required_seat >= 0:
        seat, suit = obligations.required_seat, obligations.required_suit
        out.append(
            InForce(
                "lead-required",
                seat,
                "50D2(a)",
                f"{SEATS[seat].full_name} must lead a {_suit_name(suit)} at his next lead "
                "(51B2(a) after penalty cards of several suits; dropped if he cannot, 59)",
                suits=(suit,),
            )
        )
    if obligations.banned_seat >= 0:
        seat = obligations.banned_seat
        suits = tuple(s for s in range(4) if obligations.banned_suits >> s & 1)
        out.append(
            InForce(
                "lead-forbidden",
                seat,
                "50D2(a)",
                f"{SEATS[seat].full_name} may not lead "
                + " or ".join(_suit_name(s) for s in suits)
                + " while he retains the lead (51B2(b) after penalty cards of several suits)",
                suits=suits,
            )
        )
    if obligations.order_seat >= 0:
        seat = obligations.order_seat
        out.append(
            InForce(
                "play-ordered",
                seat,
                "57A",
                f"{SEATS[seat].full_name}'s play to this trick is ordered: {obligations.order}",
                suits=(obligations.order_suit,) if obligations.order_suit >= 0 else (),
            )
        )
    return tuple(out)


def _suit_name(suit: int) -> str:
    return ("spade", "heart", "diamond", "club")[suit]


def obligations_at_claim(case: Case) -> Obligations:
    """The penalty cards and restrictions in force at the claim (Laws 50-57), from the case's
    agreed irregularities and the play before the claim; none without irregularities.

    The irregularities are stepped through the play by the engines' own walk over a history's
    choices (``problem.choices_through``), which needs every trick before the claim agreed
    (``play.tricks``). Without them only what lies from the trick of the claim can be placed:
    a penalty card or a recorded 50D2/51B choice at that trick. A choice due at the lead of
    the claim's trick and not recorded is made in the claim's play (``claims.search``).

    Refused (``CaseFileError``, exit 2), naming the fact: an irregularity that cannot be
    placed (after the claim's trick; a lead out of turn, premature play or accepted failure
    at the claim's trick; one at an earlier trick when that play is not agreed), agreed play
    that breaks an obligation, and play that fits several unrecorded choices leaving
    different obligations."""
    program = compile_irregularities(case)
    claim = case.claim
    if program is None or claim is None:
        return NO_OBLIGATIONS
    position = claim.position
    at = sum(position.won)  # the claim's trick, from 0
    agreed = {trick.number: trick for trick in case.agreed_tricks}
    full = all(number in agreed for number in range(1, at + 1))
    for number, fact in enumerate(case.irregularities):
        _check_placeable(case, number, fact, at, full)
    states = {NO_OBLIGATIONS}
    if full and at:
        states = _through_play(case, program, agreed, at)
    held_at_start = [sum(1 << card.index for card in position.hands[seat.index]) for seat in Seat]
    leader = position.leader.index
    for offset, card in enumerate(position.current_trick):
        held_at_start[(leader + offset) % 4] |= 1 << card.index
    held = (held_at_start[0], held_at_start[1], held_at_start[2], held_at_start[3])
    found: set[Obligations] = set()
    for state in states:
        found |= _at_claim_trick(case, program, at, held, state)
    if not found:
        raise CaseFileError(
            case.source,
            "play.irregularities",
            "the play before the claim does not obey what the Laws require after the "
            "irregularities (a penalty card not played when due, a lead the Laws forbid, or a "
            "penalty card already played)",
        )
    if len(found) > 1:
        raise CaseFileError(
            case.source,
            "play.irregularities",
            "the play before the claim fits more than one of declarer's choices not recorded "
            "(50D2, 51B, 57A), and they leave different penalty cards or restrictions at the "
            "claim: record the choice made (a choice entry)",
        )
    return found.pop()


def _check_placeable(case: Case, number: int, fact: Irregularity, at: int, full: bool) -> None:
    """Refuse an irregularity the claim cannot be ruled with (``obligations_at_claim``)."""
    field_name = f"play.irregularities.{number}"
    trick = fact.trick - 1
    why = ""
    if trick > at:
        why = f"it comes after the claim, made at trick {at + 1}"
    elif trick == at and isinstance(
        fact, LeadOutOfTurn | PrematurePlay | PlayAtRhoTurn | DeclarerEarlyPlay | FailureToPlay
    ):
        why = (
            f"it is at trick {at + 1}, the trick of the claim: a lead out of turn, a "
            "premature play or a Law 52 choice pending there is not applied to the claim's "
            "play yet"
        )
    elif trick == at and isinstance(fact, Choice) and not fact.law.startswith(("50D2", "51B")):
        why = f"a choice under Law {fact.law} at the trick of the claim is not applied yet"
    elif trick < at and not full:
        tricks = f"trick {at} is" if trick + 1 == at else f"tricks {trick + 1} to {at} are"
        why = (
            f"it is before the claim at trick {at + 1}, and {tricks} not agreed (play.tricks, "
            "every trick before the claim): whether it still binds at the claim cannot be "
            f"told; give the play, or what still lies at the claim as from trick {at + 1}"
        )
    if why:
        raise CaseFileError(case.source, field_name, f"{fact.describe()}: {why}")


def _through_play(
    case: Case, program: PlayIrregularities, agreed: dict[int, AgreedTrick], at: int
) -> set[Obligations]:
    """The obligations after the agreed tricks 1..``at``: one per set of unrecorded choices
    the play fits."""
    history = []
    for trick in range(at):
        played = agreed[trick + 1]
        leader = played.leader.index
        by_seat = [0, 0, 0, 0]
        for offset, card in enumerate(played.cards):
            by_seat[(leader + offset) % 4] = card.index
        history.append((leader, tuple(by_seat)))
    hands = [sum(1 << card.index for card in case.deal.hand(seat)) for seat in Seat]
    ends = choices_through(
        program,
        tuple(history),
        case.contract.strain.trump_suit_index,
        (case.declarer.index + 1) % 4,
        (hands[0], hands[1], hands[2], hands[3]),
    )
    return {end.state for end in ends}


def _at_claim_trick(
    case: Case,
    program: PlayIrregularities,
    at: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> set[Obligations]:
    """The obligations at the claim from those at the start of its trick: the penalty cards
    lying from it, declarer's recorded 50D2/51B choice, the cards already played to it."""
    position = case.claim.position if case.claim is not None else None
    assert position is not None
    leader = position.leader.index
    trick = [card.index for card in position.current_trick]
    lying = lying_from(program, at, held, state)
    if lying is None:
        return set()
    if not trick:
        try:
            option = recorded_lead_option(program, at, lying, leader)
        except ValueError as error:
            raise CaseFileError(
                case.source,
                "play.irregularities",
                f"the choice recorded at trick {at + 1}, the trick of the claim: {error}",
            ) from None
        return {lying if option is None else apply_lead_option(lying, option, leader)}
    out: set[Obligations] = set()
    for start in trick_starts(program, at, leader, held, state):
        if start.leader != leader or start.lead not in (-1, trick[0]):
            continue
        now = start.state
        for offset, card in enumerate(trick):
            seat = (leader + offset) % 4
            if not legal_plays(now, seat, held[seat], trick[0] // 13 if offset else -1) >> card & 1:
                break
            now = after_play(now, seat, card, offset == 0)
        else:
            out.add(now)
    return out
