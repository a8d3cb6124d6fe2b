"""What every engine returns: the same shape, so that tests can hold them to agree."""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.engines.interval import CONFIDENCE, INTERVAL_METHOD
from solver.facts.case import Case
from solver.facts.history import History
from solver.facts.outcome import Outcome
from solver.facts.played import PlayedHistory


@dataclass(frozen=True, slots=True)
class CountEstimate:
    """An estimate of the number of consistent histories, never a count."""

    value: float
    low: float
    high: float
    """The approximate 95 % interval (``interval.mean_and_interval``)."""
    probes: int
    seed: int
    exact_tricks: int
    confidence: float = CONFIDENCE
    method: str = "Knuth's tree-size estimator (random probes over the counting search)"
    interval: str = INTERVAL_METHOD

    def to_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "confidence": self.confidence,
            "method": self.method,
            "interval": self.interval,
            "probes": self.probes,
            "seed": self.seed,
            "exact_last_tricks": self.exact_tricks,
        }


@dataclass(frozen=True, slots=True)
class EngineResult:
    """The consistent histories of a problem, as far as an engine could establish them.

    Frozen: an engine builds it once (``dataclasses.replace`` makes a changed copy)."""

    engine: str
    feasible: bool | None
    """True: some legal history meets the hard facts; False: proved none; None: not known."""
    min_cost: int | None = None
    """Minimum cost (cards * 1000 + statements) over legal histories, when known."""
    count: int | None = None
    """Exact number of consistent histories, or None when counting did not finish."""
    count_at_least: int = 0
    """A proven lower bound on the count (equal to ``count`` when that is known)."""
    outcomes: dict[int, int | None] = field(default_factory=dict)
    """Declarer tricks -> number of consistent histories with that total (None: not counted).
    Every total or none: an engine that could not prove it had found them all leaves it empty
    (``totals_proved``), since a ruling on some of the totals could be a wrong ruling."""
    totals_proved: bool = True
    """False when time ran out before the engine proved which totals the consistent histories
    reach (``outcomes`` is then empty, however many it had found)."""
    groups: dict[Outcome, int | None] = field(default_factory=dict)
    """Outcome (declarer tricks, and the revokes and the double play, if any) -> number of
    consistent histories in that group (None: not counted), in the outcomes' order. Without
    revoke allegations or a double play an outcome is the total alone."""
    group_examples: dict[Outcome, History] = field(default_factory=dict)
    """Outcome -> one consistent history of that group, when the engine found one."""
    contradicted: frozenset[int] | None = None
    """Units contradicted by at least one consistent history (None when not established)."""
    forced: frozenset[int] | None = None
    """Units contradicted by every consistent history (None when not established)."""
    listed: list[History] = field(default_factory=list)
    """Some consistent histories, in the engine's stable order."""
    trick_winners: dict[int, list[frozenset[int]]] = field(default_factory=dict)
    """Declarer tricks -> per trick, the seats that win it in some history of that group."""
    elapsed: float = 0.0
    outcomes_elapsed: float | None = None
    """Seconds until the totals (and so the ruling) were known, when earlier than ``elapsed``."""
    notes: list[str] = field(default_factory=list)
    """What the engine wants a reader to know (time limits hit, and so on)."""
    count_stopped: str | None = None
    """Why counting stopped short ("time limit", "memory limit"), when it did; ``count`` is
    then None and ``count_at_least`` is what was counted before it stopped."""
    estimate: CountEstimate | None = None
    """When counting stopped short: an estimate of the count (never a count)."""

    def listed_histories(self, case: Case) -> list[PlayedHistory]:
        """``listed`` with seats and cards (``case``: the case they are histories of)."""
        return [PlayedHistory.of(case, history) for history in self.listed]
