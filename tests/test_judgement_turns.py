"""Settling the judgements turned one by one within one time limit (solver/rulings/turns.py):
the values are the adjudications' own, in this process or in worker processes, and a limit too
small for all of them still settles some rather than none."""

from __future__ import annotations

import multiprocessing
import pickle
from pathlib import Path

import pytest

import solver
from solver.engines.claims import ClaimProblem, adjudicate
from solver.facts.policy import PRESETS
from solver.rulings import turns
from solver.rulings.claims import case_policy, judgement_turns

CLAIMS = Path(__file__).parents[1] / "cases" / "claims"


def _turned_problems(name: str) -> tuple[list[ClaimProblem], list[int]]:
    """Each judgement of the case's policy turned alone, and its adjudicated tricks."""
    case = solver.load_case(CLAIMS / f"{name}.yaml")
    assert case.claim is not None
    turned = judgement_turns(case, case_policy(case.claim))
    problems = [problem for _name, _citation, problem in turned]
    return problems, [adjudicate(problem, 60.0).claimer_tricks for problem in problems]


@pytest.mark.parametrize("workers", [1, 2])
def test_settled_values_are_the_adjudications_own(workers: int) -> None:
    """Given time enough, every turn is settled, to the value its own adjudication gives, in
    order; with two workers too (``expected`` large enough that the pool is used)."""
    problems, values = _turned_problems("real-usbf-b47-open-unblock-short-hand-first")
    assert len(set(values)) > 1  # some turns change the line, some do not
    assert turns.settle(problems, 120.0, 1.0, workers) == values


@pytest.mark.parametrize("policy", sorted(PRESETS))
def test_a_problem_and_its_policy_survive_pickling(policy: str) -> None:
    """What a worker process is sent comes back equal (the compiled frozen classes reduce to
    their fields)."""
    case = solver.load_case(CLAIMS / "defender-claim-partner-must-discard.yaml")
    assert case.claim is not None
    turned = PRESETS[policy].with_switches(keep_guards=not PRESETS[policy].keep_guards)
    assert pickle.loads(pickle.dumps(turned)) == turned
    problem = ClaimProblem.from_claim(case.claim, case.contract.strain.trump_suit_index, turned)
    assert pickle.loads(pickle.dumps(problem)) == problem


class _Clock:
    """A clock the fake adjudications advance: each takes its cost, or its budget if less."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


def _fake_run(
    monkeypatch: pytest.MonkeyPatch, costs: list[float], limit: float, expected: float
) -> list[int | None]:
    """``settle`` over problems whose searches take ``costs`` seconds (the value of problem i
    is i), on a fake clock, in this process."""
    clock = _Clock()

    def value_within(problem: int, budget: float) -> int | None:
        cost = costs[problem]
        clock.now += min(cost, budget)
        return problem if cost <= budget else None

    monkeypatch.setattr(turns, "time", clock)
    monkeypatch.setattr(turns, "value_within", value_within)
    values = turns.settle(list(range(len(costs))), limit, expected, 1)  # type: ignore[arg-type]
    assert clock.now <= limit + 1e-9  # no try runs past the limit
    return values


def test_a_limit_too_small_for_all_still_settles_some(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trick-1 claim whose search takes 12 s, 36 turns: 35 like it and one cheap. Shared out
    equally, 200 s gave each 5.5 s and settled only the cheap one; now the turns are settled one
    after another while the limit lasts (16 of them in 192 s)."""
    costs = [12.0] * 20 + [0.6] + [12.0] * 15
    values = _fake_run(monkeypatch, costs, 200.0, 12.0)
    assert values == list(range(16)) + [None] * 20


def test_cheap_turns_and_a_slow_one_are_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twenty turns of 0.5 s and five cheaper ones settle, and a turn needing four times the
    claim's search gets it in a later pass: shared out equally, that turn had 1.7 s when it
    came (what the 20 before it had left) and was not settled."""
    costs = [0.5] * 20 + [2.8] + [0.05] * 5
    values = _fake_run(monkeypatch, costs, 20.0, 0.65)
    assert values == list(range(len(costs)))


def test_nothing_runs_once_the_limit_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten turns of 5 s in 12 s: the first two settle, the third is cut short when the time
    is up, and the rest do not run."""
    costs = [5.0] * 10
    values = _fake_run(monkeypatch, costs, 12.0, 5.0)
    assert values == [0, 1] + [None] * 8


def _workers_in(result: multiprocessing.Queue[int]) -> None:
    result.put(turns.available_workers())


def test_a_daemonic_process_runs_its_turns_itself() -> None:
    """A desk worker (daemonic) may not start processes: it is given one worker."""
    context = multiprocessing.get_context("spawn")
    result: multiprocessing.Queue[int] = context.Queue()
    process = context.Process(target=_workers_in, args=(result,), daemon=True)
    process.start()
    try:
        assert result.get(timeout=60) == 1
    finally:
        process.join(timeout=10)
    assert turns.available_workers() >= 1
