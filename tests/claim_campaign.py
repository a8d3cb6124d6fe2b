"""The claim search held to the exhaustive minimum and to renaming, on random endings under
random mixes of judgements (not a test).

    .venv/bin/python -m tests.claim_campaign [--start K] [--count N]

The suite checks the search on a few dozen endings per preset and per single switch
(``tests/engines/test_claims_bounds.py``, ``test_claims_symmetry.py``). A fault in a memo key
or a bound can hide in a mix of judgements no single switch reaches (the void dropped from the
key that ``keep_live_last_card`` reads was found only by renaming real claims). Here every seed
draws a preset with one to twelve of its judgements turned at random, and checks two things:

- a random ending of 2 to 5 cards (``random_ending``): the search's worst normal line
  (``adjudicate``) gives exactly the least the exhaustive search of every admitted line gives
  (``searched``), each trick won by the tests' own Law 44;
- a random claim with a statement (``random_claim``, under another mix): turned round the table
  and its suits renamed, it gives the claimer the same tricks (``assert_alike``).

Each failure is printed with its seed; the exit code is 1 when any was found.
``tests/engines/test_claim_campaign.py`` runs a fixed handful of seeds.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback

from solver.engines.claims import adjudicate
from solver.facts.policy import PRESETS, SWITCH_NAMES, NormalPolicy
from tests.claim_replay import start_state
from tests.engines.test_claims_bounds import random_ending, searched
from tests.engines.test_claims_symmetry import assert_alike, random_claim


def random_mix(rng: random.Random, base: NormalPolicy, most: int) -> NormalPolicy:
    """``base`` with one to ``most`` of its judgements, drawn at random, set on or off at
    random."""
    drawn = rng.sample(list(SWITCH_NAMES), rng.randint(1, most))
    return base.with_switches(**{name: rng.random() < 0.5 for name in drawn})


def check_seed(seed: int) -> list[str]:
    """What is wrong at ``seed``: nothing, or a line for each check that failed."""
    rng = random.Random(seed)
    policy = random_mix(rng, PRESETS[rng.choice(sorted(PRESETS))], 12)
    found: list[str] = []
    problem = random_ending(rng, policy)
    adjudicator, values = searched(problem)
    least = values[start_state(adjudicator)]
    got = adjudicate(problem, 60).claimer_tricks
    if got != least:
        found.append(f"seed {seed}: the search gives {got}, every admitted line at least {least}")
    claim, trump, dummy, preset = random_claim(random.Random(seed + 10_000_000))
    try:
        assert_alike(claim, trump, dummy, random_mix(rng, preset, 8), rng)
    except AssertionError as error:
        found.append(f"seed {seed}: renamed, the claim is ruled otherwise {error}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--count", type=int, default=2000, help="seeds to check")
    args = parser.parse_args(argv)
    failures = 0
    for seed in range(args.start, args.start + args.count):
        try:
            found = check_seed(seed)
        except Exception:  # a crash is a finding too: print it and go on
            found = [f"seed {seed}: {traceback.format_exc()}"]
        for line in found:
            print(line, flush=True)
        failures += len(found)
        if (seed - args.start + 1) % 1000 == 0:
            print(f"{seed - args.start + 1} seeds, {failures} failures", flush=True)
    print(f"seeds {args.start} to {args.start + args.count - 1}: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
