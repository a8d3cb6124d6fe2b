"""One claim of a record, ruled on as if the opponents had contested it with nothing said.

The ruling is the tool's own (Laws 70 and 71 through ``solver.rulings.claims``): the worst
normal line under the chosen preset, 70C where an unmentioned trump takes a trick, and the
total a director would credit. Beside it, double dummy and, for a claim that would not stand,
which judgements of the policy, turned the other way alone, would let it stand: where the
claims that fail come from.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields, replace

from solver.audit.boards import ClaimTask, Unreadable
from solver.bridge import SEATS, Card, Seat
from solver.engines.claims import Adjudication, ClaimTimeout
from solver.errors import SolverError
from solver.facts import Case, Claim
from solver.rulings.claimer_view import claimer_view, sure_line
from solver.rulings.claims import analyse_claim, case_policy, decide_claim, judgement_costs


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One line of the audit table (``COLUMNS`` in this order)."""

    source: str
    record: int
    board: int | None
    room: str | None
    contract: str | None
    declarer: str | None
    cards_left: int | None
    """Cards each player held when play stopped, the trick in progress counted."""
    before: int | None
    """Tricks declarer's side had won when play stopped."""
    claimed: int | None
    """Declarer's side's total as the record gives it."""
    worst_normal: int | None
    """Declarer's side's total on the worst normal line, nothing said (None: not settled)."""
    ruling: int | None
    """The total a director would credit were the claim contested (70A, 70C, 71B)."""
    double_dummy: int | None
    stands: bool | None
    """The ruling credits at least the total claimed (None: not settled)."""
    lost_to_trump: bool | None
    """An outstanding trump the claimer did not mention takes a trick on the worst line (70C)."""
    first_loss: str
    """Where the worst line first falls short of the claim: "trick 3: S S5"."""
    turns_on: str
    """Judgements which, turned the other way alone, let the claim stand ("top_down=off")."""
    status: str
    """ruled, timeout, unreadable or error."""
    reason: str
    seconds: float
    policy: str
    """The preset the claim was ruled under (``--policy``)."""
    player_class: str | None
    """The claimer's class of player given to the audit (``--class``; None: none given)."""
    switches: str
    """Judgements turned on or off over the preset and class (``--switch``): "ruff_low=off"."""
    claimer_reading: str
    """Who the audit took the claims for (``--claimer``): "declarer", or "either" (declarer,
    or a defender where only that reading lets the claim stand)."""
    claimer: str | None
    """The seat the claim was ruled as made by (None: not ruled on, unreadable)."""
    every_layout: bool | None
    """For a claim that would not stand, looked at with the reasons (``why``): does double
    dummy reach the claimer's tricks in every layout of the two hands he could not see that
    agrees with the play (the suits shown out)? True: no lie of the cards beats it double
    dummy, so it fails on a judgement of normal play, or on a guess (the line that makes it
    may differ from one layout to another); False: some lie beats it even double dummy, so it
    needed the cards to lie well. None: not looked at, or not settled in the time left."""
    sure_line: bool | None
    """For a claim that would not stand, looked at with the reasons: is there one plan, the
    claimer's side's cards chosen on what the claimer could see, that wins the tricks claimed
    in every such layout (single dummy, ``sure_line``)? True: the claim was sound and fails on
    a judgement of normal play; False: it needed a guess or the lie (always so when
    ``every_layout`` is False). None: not looked at (a defender's claim, whose partner's hand
    he could not see; more than ``MOST_SURE_CARDS`` cards left; ``every_layout`` None), or
    not settled in the time left."""

    @property
    def beyond_double_dummy(self) -> bool | None:
        """Does the claim ask for more than best play by both sides gives the claimer's side
        (declarer's total above ``double_dummy``, or below it for a defender's claim)? Under
        every preset such a claim fails whatever the model judges normal (only
        ``nonclaimers_normal``, off in them all, can credit more than best play), so it
        measures nothing; the real claims of a calibration set, accepted at the table by
        expert opponents, ask no more. None when either total is unknown."""
        if self.claimed is None or self.double_dummy is None:
            return None
        claimer, declarer = self.claimer, self.declarer
        if claimer and declarer and Seat.parse(claimer).side != Seat.parse(declarer).side:
            return self.claimed < self.double_dummy  # a defender's claim
        return self.claimed > self.double_dummy


COLUMNS = tuple(field.name for field in fields(AuditRow))

PolicyColumns = tuple[str, str | None, str, str]
"""An audit's settings as its rows name them: ``policy``, ``player_class``, ``switches``,
``claimer_reading``."""

CLAIMER_READINGS = ("declarer", "either")
"""Who an audit takes a record's claim for (``--claimer``; records do not say)."""


def policy_columns(
    policy: str,
    player_class: str | None,
    switches: tuple[tuple[str, bool], ...],
    claimer_reading: str = "declarer",
) -> PolicyColumns:
    """The settings columns of every row of an audit run under these settings."""
    turned = ", ".join(f"{name}={'on' if on else 'off'}" for name, on in switches)
    return (policy, player_class, turned, claimer_reading)


def unreadable_row(item: Unreadable, settings: PolicyColumns) -> AuditRow:
    """The row of a file, board or claim the audit could not take up."""
    key = item.key
    reason = f"{key.part}: {item.reason}" if key.part else item.reason
    return AuditRow(
        key.source, key.record, item.board, item.room, None, None, None, None, None, None, None,
        None, None, None, "", "", "unreadable", reason, 0.0, *settings, None, None, None,
    )  # fmt: skip


def audit_claim(
    task: ClaimTask,
    *,
    policy: str = "WBF2017",
    time_limit: float = 20.0,
    why: bool = True,
    player_class: str | None = None,
    switches: tuple[tuple[str, bool], ...] = (),
    claimer_reading: str = "declarer",
) -> AuditRow:
    """Rule on one claim under the preset, the claimer's class and the judgements turned on
    or off over them, as ``ruling check`` would with ``--policy``, ``--class`` and
    ``--switch``; never raises for a claim the engines cannot settle (status timeout) or
    refuse (status error, with the engine's message).

    A record does not say who claimed. ``claimer_reading`` "declarer" takes the claim as
    declarer's; "either" also rules it, where declarer's would not stand, as each defender's
    (``ClaimTask.defenders_claims``) and gives the first reading under which it stands, or
    declarer's when none does: a defender who claimed the rest reads in the record as a
    declarer who conceded it, and is otherwise held to lines he never had to play. Each
    reading has the whole time limit; the row's seconds are those of every reading tried."""
    settings = policy_columns(policy, player_class, switches, claimer_reading)

    def ruled_as(claim: Claim, why: bool) -> AuditRow:
        given = replace(claim, policy=policy, player_class=player_class, switches=switches)
        return _audit_as(task, given, settings, time_limit, why)

    if claimer_reading != "either":
        return ruled_as(task.claim, why)
    # Where the ruling turns is sought only for a claim no reading lets stand: it costs an
    # adjudication per judgement, wasted on a declarer's reading a defender's replaces.
    row = ruled_as(task.claim, why=False)
    if row.stands:
        return row
    spent = row.seconds
    for claim in task.defenders_claims:
        other = ruled_as(claim, why=False)
        spent += other.seconds
        if other.stands:
            return replace(other, seconds=spent)
    if why and row.stands is False:
        row = ruled_as(task.claim, why=True)
        spent += row.seconds
    return replace(row, seconds=spent)


def _audit_as(
    task: ClaimTask, claim: Claim, settings: PolicyColumns, time_limit: float, why: bool
) -> AuditRow:
    """The row of the record's claim read as ``claim`` (declarer's, or a defender's, with the
    audit's settings); every total counted for declarer's side, as the record gives it."""
    started = time.monotonic()

    def time_left() -> float:
        """What the time limit leaves for the reasons (a second at least)."""
        return max(time_limit - (time.monotonic() - started), 1.0)

    case = _case_of(task, claim)
    declarers = task.declarer.side
    before = claim.position.won_by(declarers)
    left = claim.position.tricks_left
    ours = claim.side is declarers

    def declarers_total(claimer_tricks: int) -> int:
        """Declarer's side's total when the claimer's side takes ``claimer_tricks`` of those
        left."""
        return before + (claimer_tricks if ours else left - claimer_tricks)

    common = _common(task, claim, before)
    try:
        analysis = analyse_claim(case, case_policy(claim), time_limit, judgements=False)
    except ClaimTimeout:
        return AuditRow(
            *common, None, None, None, None, None, "", "", "timeout",
            f"the worst normal line was not settled within {time_limit:g} s",
            time.monotonic() - started, *settings, str(claim.by), None, None,
        )  # fmt: skip
    except SolverError as error:
        return AuditRow(
            *common, None, None, None, None, None, "", "", "error", str(error),
            time.monotonic() - started, *settings, str(claim.by), None, None,
        )  # fmt: skip
    ruling = decide_claim(case, analysis)
    credited = ruling.declarer_tricks
    worst = declarers_total(analysis.adjudication.claimer_tricks)
    stands: bool | None = None
    if credited is not None:  # declarer's claim stands at its total or more, a defender's at most
        stands = credited >= task.claimed_total if ours else credited <= task.claimed_total
    turns = ""
    broken = ""
    every_layout: bool | None = None
    sure: bool | None = None
    if stands is False and why:
        try:
            costs = judgement_costs(
                case,
                analysis.policy,
                analysis.adjudication.claimer_tricks,
                time_left(),
                analysis.obligations,
                analysis.double_dummy,
                analysis.adjudication.elapsed,
            )
        except SolverError as error:  # a bug: the row keeps its ruling and says so
            costs = ()
            broken = f"where the ruling turns was not found: {error}"
        turns = ", ".join(
            f"{cost.switch}={cost.turned}"
            for cost in costs
            if cost.claimer_tricks is not None and cost.claimer_tricks >= claim.tricks
        )
        try:
            every_layout = _every_layout(case, claim.tricks, time_left())
            sure = False if every_layout is False else None
            if every_layout:
                sure = _sure_line(case, claim.tricks, time_left())
        except SolverError as error:  # a bug, as above: the row keeps its ruling
            broken = "; ".join(filter(None, (broken, f"the layouts were not solved: {error}")))
    dd = analysis.double_dummy
    return AuditRow(
        *common,
        worst,
        credited,
        None if dd is None else declarers_total(dd),
        stands,
        bool(analysis.trump_tricks) and not analysis.trumps_aware,
        "" if stands else first_loss(claim, analysis.adjudication),
        turns,
        "ruled",
        broken,
        time.monotonic() - started,
        *settings,
        str(claim.by),
        every_layout,
        sure,
    )


MOST_LAYOUTS = 13_000
"""The most layouts of the unseen hands the audit solves for ``every_layout``: a claim with
more (nine cards left or more, less the suits shown out) is not looked at. Each layout is
solved double dummy (a few milliseconds in an ending), and a claim early in the play has tens
of thousands: looked at, every such failing claim would take the whole time limit."""


def _every_layout(case: Case, tricks: int, time_limit: float) -> bool | None:
    """Does double dummy give the claimer's side ``tricks`` in every layout of the hands he
    could not see (``claimer_view``)? None when there are more than ``MOST_LAYOUTS`` of them,
    or they were not all solved in time and none of those solved fell short. A claim some lie
    beats even double dummy was a gamble on the lie (a finesse, a guess, a drop), whatever the
    normal-play judgements say."""
    view = claimer_view(case, time_limit, below=tricks, most=MOST_LAYOUTS)
    if view.worst is not None and view.worst < tricks:
        return False
    return True if view.complete else None


MOST_SURE_CARDS = 7
"""The most cards left at a claim for which the audit searches for one plan (``sure_line``):
an ending of eight cards takes from a few seconds to a minute, most of a claim's time limit
(figures in benchmarks/README.md)."""


def _sure_line(case: Case, tricks: int, time_limit: float) -> bool | None:
    """Does one plan win ``tricks`` for the claimer's side in every layout he could not see
    (``solver.rulings.claimer_view.sure_line``)? None for a defender's claim, one with more
    than ``MOST_SURE_CARDS`` cards left, or when the search did not finish in time."""
    assert case.claim is not None
    if case.claim.position.tricks_left > MOST_SURE_CARDS:
        return None
    line = sure_line(case, time_limit, most=tricks)
    return None if line is None else line.tricks >= tricks


def first_loss(claim: Claim, adjudication: Adjudication) -> str:
    """The trick (of the board) at which the worst line has lost more tricks than the claim
    concedes, and the card the claimer's side played to it last."""
    side = claim.by.index % 2
    lost = 0
    ours = ""
    completed = sum(claim.position.won)
    for play in adjudication.line:
        if play.seat % 2 == side:
            ours = f"{SEATS[play.seat]} {Card.from_index(play.card)}"
        if play.wins_trick is not None and play.wins_trick % 2 != side:
            lost += 1
            if lost > claim.conceded:
                return f"trick {completed + play.trick}: {ours}"
    return ""


def _common(
    task: ClaimTask, claim: Claim, before: int
) -> tuple[str, int, int | None, str | None, str, str, int, int, int]:
    return (
        task.key.source,
        task.key.record,
        task.board,
        task.room,
        str(task.contract),
        str(task.declarer),
        claim.position.tricks_left,
        before,
        task.claimed_total,
    )


def _case_of(task: ClaimTask, claim: Claim) -> Case:
    """The claim as a case whose play before the claim is not given: only the claim is ruled
    on, as ``ruling check`` does with a claim case that has no rows."""
    return Case(
        title=f"{task.key.source} #{task.key.record}",
        deal=task.deal,
        contract=task.contract,
        declarer=task.declarer,
        opening_leader=task.declarer.lho,
        tricks_played=0,
        board=task.board,
        vulnerable=task.vulnerable,
        source=task.key.source,
        claim=claim,
    )
