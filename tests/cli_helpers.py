"""What the command-line tests share: running ``ruling`` in-process, and a claim too big to
adjudicate in no time."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cli import main


def run(argv: Sequence[str]) -> int:
    """``ruling ARGS`` in this process: its exit code, whether it returned or exited."""
    try:
        return main(list(argv))
    except SystemExit as stop:
        assert isinstance(stop.code, int)
        return stop.code


TRICK_ONE_CLAIM = """
title: 3NT by South, claiming all 13 after West's opening lead (benchmarks/claims.py, deal 18)
deal: N:AKQ.A2.AKQ9.A852 9742.8764.843.T7 653.KQJT9.J.KQJ6 JT8.53.T7652.943
contract: 3NT
declarer: S
claim:
  by: S
  tricks: 13
  position:
    hands: N:AKQ.A2.AKQ9.A852 9742.8764.843.T7 653.KQJT9.J.KQJ6 JT8.5.T7652.943
    leader: W
    current_trick: [H3]
    won: {NS: 0, EW: 0}
"""
"""A claim of all 13 at trick 1 with nothing said: seconds of search, millions of layouts for
the claimer's view."""
