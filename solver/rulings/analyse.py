"""From a case to its analysis: engines first, then the Laws."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from solver.engines import (
    DEFAULT_MEMORY_LIMIT,
    PendingCount,
    compile_case,
    decide_outcomes,
    find_consistent,
)
from solver.engines.problem import Problem
from solver.engines.result import EngineResult
from solver.errors import CaseFileError, SettingsError
from solver.facts import Case
from solver.facts.policy import PRESETS, NormalPolicy
from solver.rulings.accounts import find_with_accounts, has_accounts
from solver.rulings.decide import decide
from solver.rulings.revokes import claim_with_revokes, revoke_groups, revoke_hints
from solver.rulings.ruling import Analysis, Ruling

if TYPE_CHECKING:
    from solver.rulings.claims import ClaimAnalysis, UnsettledClaim
    from solver.rulings.pending import Pending


def analyse(
    case: Case,
    *,
    engine: str = "auto",
    list_limit: int = 5,
    time_limit: float = 20.0,
    policy: NormalPolicy | str | None = None,
    claimer_view: bool = False,
    progress: Callable[[int, int], None] | None = None,
    judgements: bool = True,
    count: bool = True,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    count_progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> Analysis:
    """Find the consistent histories of a case and rule on them (or on its claim).

    ``policy``: the normal-play policy for a claim, or a preset's name (``"EBU"``); None uses
    the one the case file gives in ``claim.policy`` and ``claim.switches`` (WBF2017 when it
    gives none). Arguments of the wrong kind are a TypeError or a ``SettingsError`` naming the
    argument, as the command line refuses them, before any work.
    ``progress``: called as ``progress(layouts done, layouts in all)`` while the claimer's view
    runs, the step that can take many seconds with no other sign of life (a terminal's bar).
    ``judgements``: for a claim, also find where the ruling turns (each judgement of the policy
    turned alone; up to ``time_limit`` more); off for a batch that needs only the rulings.
    ``workers``: processes those turns may run in at once (``turns.available_workers`` gives
    this machine's; more than one needs the ``if __name__ == "__main__":`` guard in a script).
    ``count``: off, a case whose count takes long is ruled on without it (the outcomes are
    decided by optimisation) and ``analysis.pending_count`` holds the count still to make,
    for ``finish_count``; on, it is made before returning, within ``time_limit`` in all and
    ``memory_limit`` bytes resident (``count_progress`` called with the positions searched)."""
    policy = _checked(case, list_limit, time_limit, policy, memory_limit)
    if case.claim is not None and has_accounts(case):
        raise CaseFileError(
            case.source,
            "statements",
            "an irregularity given as one side's account together with a claim is not weighed "
            "yet: give it under play.irregularities if both sides agree it",
        )
    if case.claim is not None:
        analysis = _analyse_claim(case, engine, list_limit, time_limit, policy, judgements, workers)
        if case.irregularities:
            analysis = replace(analysis, ruling=_with_judgements(case, analysis.ruling))
        if claimer_view:
            from solver.rulings.claimer_view import claimer_view as view_of

            claimed = analysis.claimed
            obligations = None if claimed is None else claimed.obligations
            view = view_of(case, time_limit, progress, single_dummy=True, obligations=obligations)
            analysis = replace(analysis, claimer_view=view)
        return analysis
    if has_accounts(case):
        problem, found = find_with_accounts(
            case, engine=engine, time_limit=time_limit, list_limit=list_limit
        )
        return _rule(case, problem, found, time_limit)
    problem = compile_case(case)
    pending: PendingCount | None = None
    if engine == "auto":
        found, pending = decide_outcomes(problem, time_limit=time_limit, list_limit=list_limit)
        if pending is not None and problem.may_hold_revokes:
            found, pending = pending.run(memory_limit=memory_limit), None  # groups need counts
    else:
        found = find_consistent(
            problem, engine=engine, time_limit=time_limit, list_limit=list_limit
        )
    if problem.irregular is not None and problem.irregular.pending_failure is not None:
        from solver.rulings.pending import refuse_no_failure

        refuse_no_failure(case, problem, found, time_limit)
    analysis = replace(_rule(case, problem, found, time_limit), pending_count=pending)
    if count:
        analysis = finish_count(analysis, memory_limit=memory_limit, progress=count_progress)
    if problem.irregular is not None and case.tricks_played < 13:
        analysis = replace(analysis, pending=_pending(analysis, problem, time_limit))
    return analysis


def check_time_limit(value: object) -> None:
    """A time limit from Python, refused as ``--time-limit`` refuses it: a positive finite
    number of seconds (0 would rule nothing, text fails inside an engine)."""
    if isinstance(value, bool) or not (isinstance(value, int | float) and 0 < value < math.inf):
        raise SettingsError(f"time_limit: expected a positive number of seconds, got {value!r}")


def check_whole_number(name: str, value: object, least: int) -> None:
    """A count from Python (a list limit, a memory limit, jobs): a whole number, ``least`` or
    more."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SettingsError(f"{name}: expected a whole number, {least} or more, got {value!r}")


def _checked(
    case: Case,
    list_limit: int,
    time_limit: float,
    policy: NormalPolicy | str | None,
    memory_limit: int | None,
) -> NormalPolicy | None:
    """The arguments a notebook may get wrong, refused with what was expected rather than
    failing deep inside an engine (or, for a time limit of 0, ruling nothing); a preset's name
    is read as that preset."""
    if not isinstance(case, Case):
        raise TypeError(
            f"analyse: expected a Case (solver.load_case(path) reads one), got {case!r}"
        )
    check_time_limit(time_limit)
    check_whole_number("list_limit", list_limit, 0)
    if memory_limit is not None:
        check_whole_number("memory_limit", memory_limit, 1)
    if isinstance(policy, str):
        if policy not in PRESETS:
            raise SettingsError(
                f"policy {policy!r}: unknown preset (expected one of: {', '.join(PRESETS)})"
            )
        return PRESETS[policy]
    if policy is not None and not isinstance(policy, NormalPolicy):
        raise TypeError(f"policy: expected a NormalPolicy, a preset's name or None, got {policy!r}")
    return policy


PENDING_LISTED = 5000
"""At most this many consistent histories are walked to find the position at a pending
choice; with more, the options are listed without values."""


def _pending(analysis: Analysis, problem: Problem, time_limit: float) -> Pending | None:
    """The choice pending where play stopped, from every consistent history."""
    from solver.engines import search
    from solver.rulings.pending import pending_choice

    found = analysis.found
    if found.count is not None and len(found.listed) < found.count <= PENDING_LISTED:
        found = search.solve(problem, time_limit=time_limit, list_limit=found.count)
    return pending_choice(
        analysis.case, problem, found, analysis.ruling.declarer_tricks, time_limit
    )


def finish_count(
    analysis: Analysis,
    *,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    progress: Callable[[int], None] | None = None,
) -> Analysis:
    """Count the histories of an analysis whose ruling was made before counting (with the time
    left of its limit), and rule again on the count: the new analysis, with the same ruling,
    its reasons now giving the number of histories where they give it. The analysis itself
    when nothing is pending."""
    pending = analysis.pending_count
    if pending is None:
        return analysis
    found = pending.run(memory_limit=memory_limit, progress=progress)
    return _rule(analysis.case, pending.problem, found, pending.time_limit, analysis.hints)


def _rule(
    case: Case,
    problem: Problem,
    found: EngineResult,
    time_limit: float,
    hints: list[str] | None = None,
) -> Analysis:
    """The ruling on the outcomes an engine found (counted or not: the Laws need the totals)."""
    units = [problem.units[u] for u in sorted(found.contradicted or ())]
    forced = [problem.units[u] for u in sorted(found.forced or ())]
    groups = None
    if problem.may_hold_revokes and found.feasible:
        groups = revoke_groups(case, found)
    elif found.feasible and hints is None:
        hints = revoke_hints(problem, found, time_limit)
    ruling = decide(case, found, units, groups)
    if case.irregularities:
        ruling = _with_judgements(case, ruling)
    explanation = None
    if found.feasible is False and problem.irregular is not None:
        explanation = [
            "no play history both fits the facts and obeys what the Laws require after the "
            "irregularities (Laws 50-57): a penalty card not played when due, a lead the "
            "Laws forbid, or a lead out of turn by the player whose turn it was"
        ]
    elif found.feasible is False:
        from solver.engines import cpsat

        explanation = cpsat.explain_impossible(problem, time_limit=time_limit)
    return Analysis(
        case, found, ruling, units, explanation, forced, revoke_groups=groups, hints=hints or []
    )


def _with_judgements(case: Case, ruling: Ruling) -> Ruling:
    """The ruling with the judgements the irregularities leave to the Director named."""
    from solver.rulings.irregularities import irregularity_assumptions

    return replace(ruling, assumptions=(*ruling.assumptions, *irregularity_assumptions(case)))


def _analyse_claim(
    case: Case,
    engine: str,
    list_limit: int,
    time_limit: float,
    policy: NormalPolicy | None,
    judgements: bool = True,
    workers: int = 1,
) -> Analysis:
    from solver.laws.citation import Reason
    from solver.laws.law70 import policy_assumptions
    from solver.rulings.claims import ClaimUnsettled, analyse_claim, decide_claim

    claimed: ClaimAnalysis | None = None
    unsettled: UnsettledClaim | None = None
    unfinished: list[str] = []
    try:
        claimed = analyse_claim(case, policy, time_limit, judgements, workers)
        ruling = decide_claim(case, claimed)
    except ClaimUnsettled as timeout:
        # Nothing is ruled; the play before the claim is still found, as it does not depend
        # on the claim's search.
        unsettled = timeout.unsettled
        reason = Reason("70A", _unfinished(case, unsettled, time_limit))
        unfinished.append(reason.text)
        assumptions = policy_assumptions(unsettled.policy, unsettled.claim.player_class)
        ruling = Ruling("undetermined", None, None, None, (reason,), assumptions)
    if case.tricks_played and (case.rows or case.agreed_tricks):
        problem = compile_case(case)
        found = find_consistent(
            problem, engine=engine, time_limit=time_limit, list_limit=list_limit
        )
        units = [problem.units[u] for u in sorted(found.contradicted or ())]
        if found.feasible is False:
            # The play before the claim cannot have happened as the facts say: ruled as a case
            # without a claim (impossible, and why), the claim's adjudication kept beside it.
            impossible = _rule(case, problem, found, time_limit)
            return replace(impossible, claim=claimed, unsettled_claim=unsettled)
        groups = None
        if problem.permits and found.feasible and ruling.declarer_tricks is not None:
            groups, ruling = claim_with_revokes(case, found, ruling)
        found = replace(found, notes=[*found.notes, *unfinished])
        return Analysis(
            case,
            found,
            ruling,
            units,
            claim=claimed,
            unsettled_claim=unsettled,
            revoke_groups=groups,
        )
    found = EngineResult(
        "none",
        feasible=True,
        notes=[
            "the play before the claim is not given by rows or tricks; only the claim is ruled on",
            *unfinished,
        ],
    )
    return Analysis(case, found, ruling, claim=claimed, unsettled_claim=unsettled)


def _unfinished(case: Case, unsettled: UnsettledClaim, time_limit: float) -> str:
    """Why a claim is not ruled on: the search ran out of time. What it had proved is said, so
    that the Director knows how far apart the possible rulings are."""
    claim = case.claim
    assert claim is not None
    low, high = unsettled.at_least, unsettled.at_most
    known = (
        f"it gives the claimer's side {low} of the {claim.position.tricks_left} tricks left"
        if low == high
        else f"it gives the claimer's side between {low} and {high} of the "
        f"{claim.position.tricks_left} tricks left (fewer than {low} is refuted; a normal line "
        f"giving {high} was found)"
    )
    if high < claim.tricks:
        known += f", so the claim of {claim.tricks} is not upheld in full"
    return (
        f"the worst normal line was not found within {time_limit:g} s: {known}; nothing is "
        "ruled (raise --time-limit, or give the statement's steps)"
    )
