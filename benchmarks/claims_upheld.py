"""How often the real claims accepted at the table would stand if contested, per preset.

    .venv/bin/python benchmarks/claims_upheld.py [--policy WBF2017 EBU ACBL] [--time-limit S]
        [--records PATH ...] [--class expert|club]

Every claim (or concession) in the real records that ``benchmarks/claims.py`` reads, taken
where play stopped, adjudicated with nothing said, under each preset's normal-play policy. The
claims were accepted at the table by the opponents and none claims more than double dummy
gives, so a director would uphold nearly all of them: a claim the tool does not uphold is a
line the model calls normal and the table did not. For each one not upheld the table gives the
trick where the worst normal line first loses a trick the claim counted on, the card the
claimer's side played there, and which switches of the policy, turned the other way one at a
time, would let the claim stand (``-`` when none does: the line is normal under every single
switch). ``--records`` takes files or folders instead of the whole of ``data/real-records``
(one source at a time, say). ``--class`` gives every claimer that class of player, as a case's
``claim.player_class`` does (``for_class``: the EBU preset then judges entry problems by it;
the others are unchanged). This measures; it asserts nothing. Figures go to the terminal and
to ``--output`` (default ``benchmarks/claims-upheld-results.json``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(REPO))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from benchmarks.claims import RECORDS, double_dummy, real_claims  # noqa: E402
from solver.audit.judge import first_loss  # noqa: E402
from solver.engines.claims import Adjudication, ClaimProblem, ClaimTimeout, adjudicate  # noqa: E402
from solver.facts import Claim  # noqa: E402
from solver.facts.policy import PRESETS, NormalPolicy  # noqa: E402
from solver.laws.law70 import for_class  # noqa: E402

RESULTS = REPO / "benchmarks" / "claims-upheld-results.json"
SWITCHES = [f.name for f in fields(NormalPolicy) if f.name != "name"]


@dataclass
class Verdict:
    label: str
    cards_left: int
    claimed: int
    double_dummy: int
    worst: int | None
    """Tricks on the worst normal line; None when the search ran out of time."""
    upheld: bool | None
    first_loss: str
    """Where the worst line first falls short: "trick 11: S S5" (the board's trick, and the
    claimer's side's card)."""
    rescues: list[str]
    """Switches which, turned the other way alone, let the claim stand."""


def _value(
    claim: Claim, trump: int | None, policy: NormalPolicy, limit: float, best: int
) -> Adjudication:
    return adjudicate(ClaimProblem.from_claim(claim, trump, policy, best=best), limit)


def judge(
    label: str,
    claim: Claim,
    trump: int | None,
    preset: str,
    limit: float,
    player_class: str | None = None,
) -> Verdict:
    policy = for_class(PRESETS[preset], player_class)
    best = double_dummy(claim, trump)
    try:
        adjudication = _value(claim, trump, policy, limit, best)
    except ClaimTimeout:
        left = claim.position.tricks_left
        return Verdict(label, left, claim.tricks, best, None, None, "-", [])
    upheld = adjudication.claimer_tricks >= claim.tricks
    rescues: list[str] = []
    if not upheld:
        for switch in SWITCHES:
            flipped = policy.with_switches(**{switch: not getattr(policy, switch)})
            try:
                if _value(claim, trump, flipped, limit, best).claimer_tricks >= claim.tricks:
                    rescues.append(f"{switch}={'on' if getattr(flipped, switch) else 'off'}")
            except ClaimTimeout:
                continue
    return Verdict(
        label,
        claim.position.tricks_left,
        claim.tricks,
        best,
        adjudication.claimer_tricks,
        upheld,
        "-" if upheld else first_loss(claim, adjudication) or "-",
        rescues,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", nargs="+", default=list(PRESETS), choices=list(PRESETS))
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--output", type=Path, default=RESULTS)
    parser.add_argument(
        "--records", type=Path, nargs="+", default=[RECORDS], help="record files or folders"
    )
    parser.add_argument(
        "--class",
        dest="player_class",
        choices=["expert", "club"],
        help="the claimers' class of player (claim.player_class); none by default",
    )
    args = parser.parse_args(argv)
    claims = real_claims(args.records)
    console = Console(width=160)
    summary = Table(title="Real claims accepted at the table, adjudicated with nothing said")
    for column in ("preset", "claims", "upheld", "not upheld", "unfinished", "seconds"):
        summary.add_column(column)
    report: dict[str, list[dict[str, object]]] = {}
    for preset in args.policy:
        started = time.monotonic()
        verdicts = [judge(*item, preset, args.time_limit, args.player_class) for item in claims]
        report[preset] = [asdict(v) for v in verdicts]
        upheld = sum(v.upheld is True for v in verdicts)
        short = [v for v in verdicts if v.upheld is False]
        summary.add_row(
            preset,
            str(len(verdicts)),
            f"{upheld} ({100 * upheld / max(len(verdicts), 1):.0f}%)",
            str(len(short)),
            str(sum(v.upheld is None for v in verdicts)),
            f"{time.monotonic() - started:.0f}",
        )
        detail = Table(title=f"{preset}: claims not upheld")
        for column in ("claim", "cards", "claimed", "dd", "worst", "first loss", "rescued by"):
            detail.add_column(column)
        for v in short:
            detail.add_row(
                v.label,
                str(v.cards_left),
                str(v.claimed),
                str(v.double_dummy),
                str(v.worst),
                v.first_loss,
                ", ".join(v.rescues) or "-",
            )
        console.print(detail)
    console.print(summary)
    args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
