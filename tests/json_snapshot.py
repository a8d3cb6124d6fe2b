"""The JSON of ``ruling check CASE --json`` on every case, to hold a refactoring to it exactly.

Each case of ``cases/`` (not ``cases/invalid/``) is run in process through ``solver.cli.main``,
the function the command runs, and its JSON is kept with the keys that carry seconds removed
(``elapsed``). A case whose JSON depends on how fast the machine is (counting or a claim search
stopped by the time limit) is marked ``timed`` and is not compared.

    python -m tests.json_snapshot record SNAPSHOT.json [--time-limit S] [CASE ...]
    python -m tests.json_snapshot compare SNAPSHOT.json [--time-limit S] [CASE ...]
    python -m tests.json_snapshot digests DIGESTS.json SNAPSHOT.json

``tests/test_json_snapshot.py`` holds the current code to the SHA-256 digests of the snapshot
(``tests/json_digests.json``): rewrite them (``digests``) only when a change to the JSON is
intended.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

from solver.cli import main

ROOT = Path(__file__).parents[1]
CASES = ROOT / "cases"
TIME_KEYS = frozenset({"elapsed"})
"""Keys whose values are seconds measured, different at every run."""
TIMED_MARKS = ("time limit", "was not found within", "not settled in time")
"""Words that say a search stopped at its time limit (in a note, a reason, a claim's turns)."""
DEFAULT_TIME_LIMIT = 20.0
"""The command's own default."""
FAST_SECONDS = 1.0
"""Only a case that ran in at most this when the digests were taken is recorded: a slower one
may have a claim judgement near its share of the time limit, settled on one machine and not on
a slower one."""


NOT_RECORDED = ("invalid", "irregularities")
"""Folders of ``cases/`` whose JSON is not recorded: the broken files, and the irregularity
examples, whose histories the engines do not yet hold to the obligations of Laws 45-60 (the
engines' part records them, with their ``expect`` blocks)."""


def case_paths() -> list[Path]:
    """Every case file but those of ``NOT_RECORDED``, in a stable order."""
    return sorted(
        p for p in CASES.rglob("*.yaml") if not set(NOT_RECORDED) & set(p.relative_to(CASES).parts)
    )


def case_name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _without_time(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_time(v) for k, v in value.items() if k not in TIME_KEYS}
    if isinstance(value, list):
        return [_without_time(v) for v in value]
    return value


def _timed(data: dict[str, Any]) -> bool:
    """True when the JSON shows a search stopped by its time limit (or counting by memory)."""
    if (data.get("histories") or {}).get("count_stopped") is not None:
        return True
    text = json.dumps(data)
    return any(mark in text for mark in TIMED_MARKS) or _unsettled(data)


def _unsettled(value: Any) -> bool:
    """A judgement of a claim not settled in time (its ``claimer_tricks`` null)."""
    if isinstance(value, dict):
        if "switch" in value and value.get("claimer_tricks", 0) is None:
            return True
        return any(_unsettled(v) for v in value.values())
    if isinstance(value, list):
        return any(_unsettled(v) for v in value)
    return False


def case_json(path: Path, time_limit: float = DEFAULT_TIME_LIMIT) -> tuple[str, int, bool]:
    """(the JSON text without its seconds, the exit code, whether it depends on timing)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", str(path), "--json", "--time-limit", f"{time_limit:g}"])
    data = json.loads(out.getvalue())
    return json.dumps(_without_time(data), indent=2), code, _timed(data)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _selected(names: list[str]) -> list[Path]:
    paths = case_paths()
    if not names:
        return paths
    wanted = {(ROOT / n).resolve() for n in names}
    return [p for p in paths if p.resolve() in wanted]


def record(target: Path, time_limit: float, names: list[str]) -> None:
    snapshot: dict[str, Any] = {}
    for path in _selected(names):
        started = time.monotonic()
        text, code, timed = case_json(path, time_limit)
        seconds = time.monotonic() - started
        snapshot[case_name(path)] = {"json": text, "exit": code, "timed": timed, "s": seconds}
        print(f"{seconds:7.1f} s  exit {code}  {'timed ' if timed else ''}{case_name(path)}")
        target.write_text(json.dumps(snapshot, indent=1), encoding="utf-8")


def compare(source: Path, time_limit: float, names: list[str]) -> int:
    snapshot = json.loads(source.read_text(encoding="utf-8"))
    failures = 0
    for path in _selected(names):
        name = case_name(path)
        kept = snapshot.get(name)
        if kept is None or kept["timed"]:
            print(f"skipped  {name}")
            continue
        text, code, timed = case_json(path, time_limit)
        same = text == kept["json"] and code == kept["exit"]
        if timed and not same:
            print(f"skipped  {name}  (stopped by its time limit this time)")
            continue
        failures += not same
        print(f"{'same   ' if same else 'DIFFERS'}  {name}")
    print(f"{failures} differ")
    return 1 if failures else 0


def digests(target: Path, source: Path) -> None:
    snapshot = json.loads(source.read_text(encoding="utf-8"))
    kept = {
        name: {
            "sha256": digest(entry["json"]),
            "exit": entry["exit"],
            "fast": entry["s"] < FAST_SECONDS,
        }
        for name, entry in sorted(snapshot.items())
        if not entry["timed"] and entry["s"] <= FAST_SECONDS
    }
    target.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")


def _main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "compare", "digests"))
    parser.add_argument("file", type=Path)
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    args = parser.parse_intermixed_args()
    if args.action == "record":
        record(args.file, args.time_limit, args.cases)
        return 0
    if args.action == "compare":
        return compare(args.file, args.time_limit, args.cases)
    digests(args.file, Path(args.cases[0]))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
