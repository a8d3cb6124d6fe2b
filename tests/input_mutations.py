"""Broken inputs made at random from good ones, through the command line (not a test).

    .venv/bin/python -m tests.input_mutations [--seed K] [--cases N] [--records N] [--jobs J]

Bad input must get exit 2 and a message, never exit 3 (the tool's own failure) or a traceback,
so every case file of ``cases/`` (the broken ones of ``cases/invalid`` aside) is taken apart:
a field deleted, a value swapped for one of another type or for another field's, a string
edited a character at a time, a list item repeated; the play's rows or its last agreed tricks
dropped (the play after them unknown); a claim's statement replaced by steps
drawn from its vocabulary, some of them malformed. Each mutant is run through ``ruling check``
with a time limit drawn from 0.1 to 2 seconds (the limits reach the paths taken when a search
stops: partial counts, estimates, claims not settled) and one of the report's options. Boards
of the records of ``data/real-records`` are edited as text (characters and tokens of the
format inserted, deleted, repeated or reversed; lines dropped) and imported, as agreed tricks
and as rows; each case imported is checked.

Every run whose exit code is not that of a ruling (0, 1) or of bad input (2) is printed with
its seed, and its input kept in ``--keep``. ``tests/test_input_mutations.py`` runs a fixed
sample; this runs thousands (the mutation that found the estimator's failure on penalty cards
with the play unknown, commit "Estimator: list the tricks an irregularity binds").
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import random
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.cli_helpers import run

ROOT = Path(__file__).parents[1]
CASES = sorted(path for path in (ROOT / "cases").rglob("*.yaml") if "invalid" not in path.parts)
RECORDS = ROOT / "data" / "real-records"
RULED = (0, 1)
"""Exit codes of a ruling: decided, or not decided by the facts."""
BAD_INPUT = 2

ODD_VALUES: list[Any] = [
    None, 0, -1, 1, 13, 99, 10**30, 1.5, float("nan"), True, False, "", "x", "SA", "XX", "N",
    "NS", "EW", "2007", "S:A", "4S", "7NTXX", [], {}, ["a"], {"a": 1}, "SA SK", "-", "+",
    "C3- HJ+", "all", "ruff S in N", "concede 1", "N:AKQJ.T98.765.432 - - -", "\x00", "x" * 3000,
    "²", "9" * 5000,
]  # fmt: skip
"""Values put in place of a field's: other types, near misses of the format, the very long."""
EDITS = "SHDCAKQJT98765432NEW+-*: .²"
"""Characters a string edit inserts or puts in place of another."""
RECORD_TOKENS = [
    "|", "[", "]", '"', ";", "\n", " ", "-", "*", "+", "S", "H", "D", "C", "A", "K", "T", "9",
    "N", "E", "W", "x", "0", "13", "mc|", "pc|", "md|", "sv|", "ah|", "pg||", '[Play "W"]',
    '[Result "', '[Contract "', '[Declarer "', "NT", "Pass", "²", "9" * 5000,
]  # fmt: skip
"""What an edit of a record inserts: the punctuation and tags of PBN and LIN, and numbers
Python's ``int`` refuses though ``str.isdigit`` takes them (a superscript, 5,000 digits)."""


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


def edit_string(text: str, rng: random.Random) -> str:
    """One character deleted, inserted or replaced, a stretch reversed, or a tail repeated."""
    if not text:
        return rng.choice(EDITS)
    i = rng.randrange(len(text))
    kind = rng.randrange(5)
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + rng.choice(EDITS) + text[i:]
    if kind == 2:
        return text[:i] + rng.choice(EDITS) + text[i + 1 :]
    if kind == 3:
        j = rng.randrange(len(text))
        low, high = sorted((i, j))
        return text[:low] + text[low:high][::-1] + text[high:]
    return text + text[i:]


def forget_play(data: dict[str, Any], rng: random.Random) -> None:
    """The play's rows dropped, or its agreed tricks cut after a random one: the play after
    them unknown, as when play stopped (every way of playing it then counts)."""
    play = data.get("play")
    if not isinstance(play, dict):
        return
    if "rows" in play and rng.random() < 0.5:
        del play["rows"]
    elif isinstance(play.get("tricks"), dict) and play["tricks"]:
        keys = list(play["tricks"])
        for key in keys[rng.randrange(len(keys)) :]:
            del play["tricks"][key]


def mutate_data(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three changes to a case read as YAML (changed in place and returned)."""
    if rng.random() < 0.2:
        forget_play(data, rng)
        return data
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = [path for path in _paths(data) if path]
        if not paths:
            break
        path = rng.choice(paths)
        parent, key = _at(data, path[:-1]), path[-1]
        value = parent[key]
        kind = rng.randrange(6)
        if kind == 0:
            del parent[key]
        elif kind == 1:
            parent[key] = rng.choice(ODD_VALUES)
        elif kind == 2 and isinstance(value, str):
            parent[key] = edit_string(value, rng)
        elif kind == 3 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + rng.choice([-2, -1, 1, 2, 13])
        elif kind == 4 and isinstance(parent, list):
            parent.insert(key, value)
        elif kind == 5:
            parent[key] = json.loads(json.dumps(_at(data, rng.choice(paths)), default=str))
    return data


def _card(rng: random.Random) -> str:
    return rng.choice("SHDC") + rng.choice("AKQJT98765432")


def _plain_step(rng: random.Random) -> str:
    suit, seat = rng.choice("SHDCx"), rng.choice("NESWX")
    other = rng.choice(["S", "H", "spades", "NT"])
    steps = [
        "draw trumps", "draw one round of trumps", f"cash {suit}", f"cash {suit} from {seat}",
        f"cash {suit} {other} in any order", f"ruff {suit} in {seat}", "crossruff",
        f"finesse {_card(rng)}", f"ruffing finesse {_card(rng)}",
        f"concede {rng.randrange(-1, 14)}", f"concede {rng.choice(['²', '9' * 5000])}",
        "play " + " ".join(_card(rng) for _ in range(rng.randrange(1, 5))),
        "play " + " ".join(_card(rng) for _ in range(rng.randrange(1, 4))) + " (all)",
        rng.choice(["squeeze", f"squeeze {suit} {other}", "double squeeze"]),
        f"count {suit} {rng.randrange(0, 8)}", f"count {suit} {rng.choice(['²', '9' * 5000])}",
        "a step nobody wrote",
    ]  # fmt: skip
    return rng.choice(steps)


def random_statement(rng: random.Random) -> list[str]:
    """Zero to four steps of the statement vocabulary (docs/claims.md), any of them malformed
    or impossible in the position, some under a condition."""
    steps = []
    for _ in range(rng.randrange(0, 5)):
        step = _plain_step(rng)
        if rng.random() < 0.15:
            step = f"if {rng.choice('SHDC')} {rng.randrange(0, 6)}-{rng.randrange(0, 6)}: {step}"
        steps.append(step)
    return steps


def mutant_case(source: Path, rng: random.Random) -> str:
    """A case file of ``cases/`` taken apart, as YAML text."""
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    claim = data.get("claim")
    if isinstance(claim, dict) and rng.random() < 0.5:
        claim["statement"] = random_statement(rng)
        if rng.random() < 0.5:
            data = mutate_data(data, rng)
    else:
        data = mutate_data(data, rng)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def record_boards() -> list[tuple[str, str]]:
    """(suffix, text) of the first boards of each record of ``data/real-records``."""
    boards: list[tuple[str, str]] = []
    for path in sorted(RECORDS.rglob("*")):
        suffix = path.suffix.lower()
        if suffix == ".pbn":
            chunks = re.split(r"\n\s*\n", path.read_text(encoding="utf-8", errors="replace"))
            boards += [(suffix, chunk) for chunk in chunks if "[Deal " in chunk][:40]
        elif suffix == ".lin":
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            boards += [(suffix, line) for line in lines if "md|" in line][:40]
    return boards


def edit_record(text: str, rng: random.Random) -> str:
    """One to five edits of a board's text."""
    for _ in range(rng.choice([1, 1, 2, 3, 5])):
        if not text:
            break
        i = rng.randrange(len(text))
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:i] + text[i + rng.randrange(1, 12) :]
        elif kind == 1:
            text = text[:i] + rng.choice(RECORD_TOKENS) + text[i:]
        elif kind == 2:
            text = text[:i] + rng.choice(RECORD_TOKENS) + text[i + 1 :]
        elif kind == 3:
            text = text[:i] + text[i : i + rng.randrange(1, 40)] + text[i:]
        elif kind == 4:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        else:
            j = rng.randrange(len(text))
            low, high = sorted((i, j))
            text = text[:low] + text[low:high][::-1] + text[high:]
    return text


@dataclass(frozen=True)
class Failure:
    seed: int
    kind: str
    argv: list[str]
    code: int
    message: str
    text: str
    """The input as run."""


def _run(argv: list[str]) -> tuple[int, str]:
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        code = run(argv)
    return code, errors.getvalue()


def _failed(code: int, message: str) -> bool:
    return code not in (*RULED, BAD_INPUT) or "Traceback" in message


CHECK_OPTIONS = [
    ["--json"], [], ["--examples", "--values"], ["--list", "0"], ["--policy", "EBU"],
    ["--policy", "ACBL", "--json"], ["--class", "club"], ["--memory-limit", "64M"],
    ["--engine", "cpsat"], ["--engine", "pyconstraint", "--json"], ["--engine", "search"],
    ["--claimer-view"], ["--switch", "keep_entries=off", "--json"],
]  # fmt: skip
"""One of these goes with each check of a mutant case (or an HTML report, or the log)."""


def try_case(seed: int, folder: Path) -> Failure | None:
    """The mutant case of ``seed`` checked: its failure, if it is one."""
    rng = random.Random(seed)
    text = mutant_case(CASES[seed % len(CASES)], rng)
    path = folder / f"case-{seed}.yaml"
    path.write_text(text, encoding="utf-8")
    argv = ["check", str(path), "--time-limit", rng.choice(["0.1", "0.3", "1", "2"])]
    written = [["--html", str(folder / "report.html")], ["--log", str(folder / "log.sqlite")]]
    argv += rng.choice(CHECK_OPTIONS + written)
    code, message = _run(argv)
    return Failure(seed, "case", argv, code, message, text) if _failed(code, message) else None


def try_record(seed: int, folder: Path, boards: list[tuple[str, str]]) -> Failure | None:
    """The mutant board of ``seed`` imported both ways, and the case made of it checked."""
    rng = random.Random(seed)
    suffix, board = rng.choice(boards)
    text = edit_record(board, rng)
    record = folder / f"record-{seed}{suffix}"
    record.write_text(text, encoding="utf-8")
    made = folder / f"record-{seed}.yaml"
    for argv in (
        ["import", str(record), "--record", "1", "-o", str(made), "--force"],
        ["import", str(record), "--record", "1", "--dispute", "rows"],
        ["check", str(made), "--time-limit", "1", "--json"],
    ):
        if argv[0] == "check" and not made.exists():
            break
        code, message = _run(argv)
        if _failed(code, message):
            return Failure(seed, "record", argv, code, message, text)
    return None


def _case_job(seed: int) -> Failure | None:
    with tempfile.TemporaryDirectory() as folder:
        return try_case(seed, Path(folder))


_BOARDS: list[tuple[str, str]] = []


def _record_job(seed: int) -> Failure | None:
    if not _BOARDS:
        _BOARDS.extend(record_boards())
    with tempfile.TemporaryDirectory() as folder:
        return try_record(seed, Path(folder), _BOARDS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=1000, help="mutant case files")
    parser.add_argument("--records", type=int, default=1000, help="mutant boards of records")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, default=Path("mutation-failures"))
    args = parser.parse_args()
    failures = 0
    with multiprocessing.Pool(args.jobs, maxtasksperchild=50) as pool:
        for job, count in ((_case_job, args.cases), (_record_job, args.records)):
            seeds = range(args.seed, args.seed + count)
            for failure in pool.imap_unordered(job, seeds, chunksize=4):
                if failure is None:
                    continue
                failures += 1
                args.keep.mkdir(exist_ok=True)
                kept = args.keep / f"{failure.kind}-{failure.seed}.txt"
                kept.write_text(failure.text, encoding="utf-8")
                command = " ".join(failure.argv)
                print(f"{failure.kind} seed {failure.seed}: exit {failure.code}: {command}")
                print(f"{failure.message.strip()[-800:]}\n(kept in {kept})")
    print(f"{args.cases} cases, {args.records} records: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
