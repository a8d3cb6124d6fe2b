"""How many of a claim's judgement turns ("where the ruling turns") are settled within the time
limit: the equal shares used before (each turn the time left over the turns left) against
``solver.rulings.turns.settle`` in one process and in two. The slowest claims of the published
corpus; the values settled are checked to agree between the three.

    PYTHONPATH=. .venv/bin/python benchmarks/judgement_turns.py [--time-limit 20] [CASE ...]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

from solver.engines.claims import ClaimProblem
from solver.records import load_case
from solver.rulings import claims
from solver.rulings.turns import settle, value_within

HERE = Path(__file__).parent
PUBLISHED = HERE.parent / "cases" / "claims" / "published"
SLOWEST = (
    "ebu-appeal-focus-6nt-count-of-tricks-at-trick-one",
    "usbf-2019-mixed-ruffing-finesse-stated",
    "bw-4nt-claim-twelve-unless-diamonds-five-jack",
    "bbo-6nt-a-club-finesse-for-the-overtrick",
)


def equal_shares(problems: list[ClaimProblem], time_limit: float) -> list[int | None]:
    """The scheme before: each turn in order, the time left divided by the turns left."""
    started = time.monotonic()
    values = []
    for done, problem in enumerate(problems):
        left = max(time_limit - (time.monotonic() - started), 0.0)
        values.append(value_within(problem, left / (len(problems) - done)))
    return values


def measure(name: str, time_limit: float) -> dict[str, object]:
    case = load_case(PUBLISHED / f"{name}.yaml")
    claim = case.claim
    assert claim is not None
    analysis = claims.analyse_claim(case, None, time_limit, judgements=False)
    turns = claims.judgement_turns(
        case, claims.case_policy(claim), claims.obligations_at_claim(case), analysis.double_dummy
    )
    problems = [problem for _name, _citation, problem in turns]
    expected = analysis.adjudication.elapsed
    row: dict[str, object] = {"case": name, "turns": len(problems), "claim_s": round(expected, 2)}
    results = {}
    runs: dict[str, Callable[[], list[int | None]]] = {
        "equal_shares": lambda: equal_shares(problems, time_limit),
        "settle_1": lambda: settle(problems, time_limit, expected, 1),
        "settle_2": lambda: settle(problems, time_limit, expected, 2),
    }
    for label, run in runs.items():
        started = time.monotonic()
        values = run()
        row[label] = {
            "settled": sum(v is not None for v in values),
            "wall_s": round(time.monotonic() - started, 1),
        }
        results[label] = values
    columns = zip(*results.values(), strict=True)
    row["values_agree"] = all(len({v for v in column if v is not None}) <= 1 for column in columns)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", default=list(SLOWEST))
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--output", default=str(HERE / "judgement-turns-results.json"))
    args = parser.parse_args()
    rows = []
    for name in args.cases:
        row = measure(name, args.time_limit)
        rows.append(row)
        print(json.dumps(row))
    Path(args.output).write_text(
        json.dumps({"time_limit": args.time_limit, "rows": rows}, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
