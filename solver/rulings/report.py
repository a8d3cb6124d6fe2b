"""Readable reports of an analysis: plain text for the terminal, HTML for notebooks."""

from __future__ import annotations

import html

from solver.bridge import SEATS, Card, Seat
from solver.bridge.cards import suit_order_key
from solver.engines.problem import CARDS_WEIGHT
from solver.engines.result import EngineResult
from solver.facts import Case
from solver.facts.claim import Claim, ClaimPosition, Step
from solver.facts.history import History
from solver.facts.irregularity import Choice
from solver.facts.outcome import Outcome
from solver.facts.policy import SWITCH_NAMES
from solver.laws.citation import Assumption
from solver.rulings.claimer_view import ClaimerView
from solver.rulings.claims import ClaimAnalysis, in_force
from solver.rulings.decide import stopped_where
from solver.rulings.irregularities import irregularities_html, irregularity_lines
from solver.rulings.revokes import RevokeGroup
from solver.rulings.ruling import Analysis, board_score, edition_law, history_json
from solver.version import tool_version

IN_PLAY_LABEL = "tricks won in play (before any revoke transfer or claim adjustment)"
"""What the outcome totals count, said wherever a ruled figure on another basis stands beside
them (after a revoke transfer or a claim the two differ)."""


def text_report(
    analysis: Analysis, listed: int = 1, *, examples: bool = False, values: bool = False
) -> str:
    """The report a director reads at the table.

    ``listed``: how many of the engine's listed histories to show (at most those it kept,
    ``analysis.found.listed``, in its stable order). ``examples``: also show one history per
    outcome group, so that each possible total can be checked trick by trick.
    """
    body = _body(analysis, listed, examples)
    if analysis.pending is not None:
        body += ["", *_pending_lines(analysis, values)]
    return "\n".join([*body, "", provenance(analysis)]) + "\n"


def _pending_lines(analysis: Analysis, values: bool) -> list[str]:
    """The options open where play stopped, with their citations; their values only when
    asked (``--values``): at the table the director explains the options and does not advise
    (Law 10C). When none can be listed, why."""
    pending = analysis.pending
    if pending is None:
        return []
    lines = ["Choice pending where play stopped"]
    lines += [f"  {option.describe(values)}" for option in pending.options]
    if pending.remark is not None:
        lines.append(f"  ({pending.remark})")
    if not pending.options and pending.note is not None:
        lines.append(f"  (no options listed: {pending.note})")  # says nothing of values
    elif values and pending.note is not None:
        lines.append(f"  (no values: {pending.note})")
    return lines


def provenance(analysis: Analysis) -> str:
    """Which tool and Laws produced the report, so that a ruling can be traced when the tool or
    the Laws change (the JSON contract does not carry it)."""
    return f"ruling {tool_version()} (bridge-ruling-solver), Laws edition {analysis.case.edition}"


def _body(analysis: Analysis, listed: int, examples: bool) -> list[str]:
    case = analysis.case
    parts = [
        _heading(case),
        _diagram(case),
        "Facts",
        *_facts(case),
        *irregularity_lines(case),
    ]
    if analysis.found.engine != "none":
        parts += ["", *_histories(analysis), "", *_outcomes(analysis)]
    shown = analysis.found.listed[: max(listed, 0)]
    for number, history in enumerate(shown, start=1):
        parts += [
            "",
            f"Consistent history {number} of {len(shown)} shown",
            *_trick_table(case, history),
        ]
    if examples and analysis.found.engine != "none" and analysis.status != "impossible":
        parts += _group_examples(analysis)
    if analysis.claimed is not None:
        parts += ["", *_claim_section(analysis)]
    parts += ["", *_ruling(analysis)]
    return parts


def _heading(case: Case) -> str:
    named = case.title.lower().startswith("board")
    board = f"Board {case.board}: " if case.board is not None and not named else ""
    return (
        f"{board}{case.title}\n"
        f"Contract {case.contract} by {_declarer_text(case)}, vulnerable: {case.vulnerable}, "
        f"Laws edition {case.edition}\n"
    )


def _declarer_text(case: Case) -> str:
    """Who declares: the case's declarer, and his partner when declarer chose to become dummy
    after the opening lead out of turn (54A; the contract and score stay the side's). A
    choice recorded only as one side's account is named as that side's word, not as fact."""
    named = case.declarer.full_name
    choices = [
        fact
        for fact in case.irregularities
        if isinstance(fact, Choice) and fact.option == "declarer-becomes-dummy"
    ]
    if not choices:
        return named
    partner = case.declarer.partner.full_name
    became = f"{partner} declares: {named} became dummy, Law 54A"
    if any(fact.by is None for fact in choices):
        return f"{named} ({became})"
    speakers = sorted({str(fact.by) for fact in choices})
    verb = "says" if len(speakers) == 1 else "say"
    return f"{named} ({' and '.join(speakers)} {verb}: {became})"


def _hand_lines(case: Case, seat: Seat) -> list[str]:
    hand = case.deal.hand(seat)
    lines = []
    for suit_index, symbol in enumerate("SHDC"):
        ranks = sorted((c for c in hand if c.suit_index == suit_index), key=lambda c: -c.rank)
        lines.append(f"{symbol} " + ("".join(str(c)[1] for c in ranks) or "-"))
    return lines


def _diagram(case: Case) -> str:
    north, east, south, west = (_hand_lines(case, s) for s in SEATS)
    pad = " " * 16
    lines = [pad + "North"] + [pad + line for line in north]
    if not case.deal_given:
        lines.insert(0, "No deal given: the hands at the start of the trick of the claim")
    lines.append(f"{'West':<32}East")
    lines += [f"{w:<32}{e}" for w, e in zip(west, east, strict=True)]
    lines += [pad + "South"] + [pad + line for line in south]
    return "\n".join(lines) + "\n"


def _facts(case: Case) -> list[str]:
    lines = []
    for seat in SEATS:
        row = case.rows.get(seat)
        if row is None:
            lines.append(f"  {seat.full_name}: no row")
        elif row.mixed:
            when = row.when.value if row.when else "before-agreement"
            cards = " ".join(str(c) for c in row.cards)
            lines.append(f"  {seat.full_name}: mixed ({when}): {cards}")
        else:
            tokens = [f"{c}{m or ''}" for c, m in zip(row.cards, row.marks, strict=True)]
            lines.append(f"  {seat.full_name}: intact row: {' '.join(tokens)}")
    for seat, card in case.unplayed.items():
        lines.append(
            f"  {seat.full_name} kept {card} (play.unplayed): he did not play to one trick (Law 67)"
        )
    if case.surplus is not None:
        lines.append(
            f"  {case.surplus.full_name}'s row holds 13 cards, the others 12: he played two "
            "cards to one trick (Law 67B2)"
        )
    for trick in case.agreed_tricks:
        cards = " ".join(str(c) for c in trick.cards)
        lines.append(f"  agreed trick {trick.number}: {trick.leader} led: {cards}")
    current = case.trick_in_progress
    if current is not None:
        cards = " ".join(str(c) for c in current.cards)
        lines.append(f"  trick {current.number} in progress: {current.leader} led: {cards}")
    for statement in case.statements:
        lines.append(f"  statement {statement.index}: {statement.describe()}")
    if case.claim is not None:
        lines.append(f"  claim made after trick {case.tricks_played}")
    elif case.tricks_played < 13:
        lines.append(f"  {stopped_where(case.tricks_played)}")
    return lines


def _histories(analysis: Analysis) -> list[str]:
    found = analysis.found
    if analysis.status == "impossible":
        lines = ["No legal play history fits the hard facts."]
        for fact in analysis.explanation or []:
            lines.append(f"  cannot all hold: {fact}")
        return lines
    if analysis.pending_count is not None:
        count = "counted after the ruling, below"
    elif found.count is not None:
        count = f"{found.count:,}"
    else:
        count = f"at least {found.count_at_least:,}"
    lines = [f"Consistent histories: {count} (engine: {found.engine})"]
    if found.count_stopped is not None:
        lines += _stopped_count(found)
    if found.min_cost is not None:
        cards, statements = divmod(found.min_cost, CARDS_WEIGHT)
        lines.append(
            f"Facts that had to be set aside: {cards} shown by the cards, "
            f"{statements} statement{'s' * (statements != 1)}"
        )
    forced = {unit.key for unit in analysis.forced}
    for unit in analysis.contradicted:
        which = "every" if unit.key in forced else "some"
        lines.append(
            f"  contradicted by {which} consistent history: {unit.describe()} ({unit.owner})"
        )
    lines += [f"  note: {note}" for note in found.notes]
    return lines


def _stopped_count(found: EngineResult) -> list[str]:
    """A count stopped short: what it counted is a lower bound, and the estimate is labelled."""
    lines = [
        f"  counting stopped at its {found.count_stopped}: {found.count_at_least:,} histories "
        "counted, a lower bound"
    ]
    estimate = found.estimate
    if estimate is None:
        lines.append("  estimate: none (too few probes in the time left)")
    else:
        lines.append(
            f"  estimate (not a count): about {estimate.value:.3g} histories, "
            f"{estimate.confidence:.0%} interval {estimate.low:.3g} to {estimate.high:.3g}, "
            f"allowing for the probes' skew ({estimate.method}; {estimate.probes:,} probes, "
            f"seed {estimate.seed})"
        )
    return lines


def count_report(analysis: Analysis) -> str:
    """The count made after the ruling was printed: it does not change the ruling."""
    found = analysis.found
    lines = ["", "Count (made after the ruling; it does not change it)"]
    if found.count is not None:
        lines.append(f"  Consistent histories: {found.count:,} (engine: {found.engine})")
        for total, number in sorted(found.outcomes.items()):
            shown = "not counted" if number is None else f"{number:,}"
            lines.append(f"  {total:>2} tricks: {shown}")
    else:
        lines.append(f"  Consistent histories: at least {found.count_at_least:,}")
        lines += _stopped_count(found)
    lines += [f"  note: {note}" for note in found.notes]
    return "\n".join(lines) + "\n"


def _outcomes(analysis: Analysis) -> list[str]:
    found = analysis.found
    if not found.outcomes:
        return []
    hints = [f"Hint: {hint}" for hint in analysis.hints]
    if analysis.revoke_groups is not None:
        return _revoke_outcomes(analysis) + hints
    if analysis.case.irregularities:
        return _choice_outcomes(analysis) + hints
    lines = [
        f"Outcomes (declarer's side tricks {_plain_where(analysis)}: histories; tricks whose "
        "winner varies)"
    ]
    for total, count in sorted(found.outcomes.items()):
        shown = "not counted" if count is None else f"{count:,}"
        winners = found.trick_winners.get(total, [])
        varying = [str(i + 1) for i, seats in enumerate(winners) if len(seats) > 1]
        vary = f"; winner varies at tricks {', '.join(varying)}" if varying else ""
        lines.append(f"  {total:>2} tricks: {shown}{vary}")
    return lines + hints


def _choice_outcomes(analysis: Analysis) -> list[str]:
    """Outcome groups after an irregularity: each with the choices its histories assume."""
    lines = [f"Outcomes (declarer's side tricks {_plain_where(analysis)}: histories; choices)"]
    for outcome, count in analysis.found.groups.items():
        shown = "not counted" if count is None else f"{count:,}"
        made = "; ".join(
            choice.label(edition_law(analysis.case, choice)) for choice in outcome.choices
        )
        made = made or "no choice made"
        lines.append(f"  {outcome.declarer_tricks:>2} tricks: {shown}; {made}")
    return lines


def _plain_where(analysis: Analysis) -> str:
    """What a total without revokes counts: after a claim, only the tricks played before it."""
    return "won in play before the claim" if analysis.claimed is not None else "won in play"


def _revoke_where(analysis: Analysis) -> str:
    """What a revoke group's first total counts: after a claim, the claim's tricks too."""
    return "in play and by the claim" if analysis.claim is not None else "in play"


def _histories_of(count: int | None) -> str:
    if count is None:
        return "histories not counted"
    return "1 history" if count == 1 else f"{count:,} histories"


def _revoke_label(analysis: Analysis, group: RevokeGroup, width: int = 2) -> str:
    """One revoke group, as the outcome table and its example both name it."""
    where, histories = _revoke_where(analysis), _histories_of(group.histories)
    return (
        f"{group.in_play:>{width}} tricks {where}, {histories}: "
        f"{group.final} after adjustment{_score_of(analysis.case, group.final)}"
    )


def _group_examples(analysis: Analysis) -> list[str]:
    """One history per outcome group, headed as the outcome table names the group. A group the
    engine established without keeping a history of it (by optimisation, or an engine that
    keeps none) is said to have none, not left out."""
    found = analysis.found
    entries: list[tuple[str, int | None, History | None]]
    if analysis.revoke_groups is not None:
        entries = [
            (_revoke_label(analysis, g, 1), g.histories, g.example) for g in analysis.revoke_groups
        ]
    else:
        where = _plain_where(analysis)
        entries = []
        groups = found.groups or {Outcome(total): n for total, n in found.outcomes.items()}
        for outcome, count in sorted(groups.items()):
            label = f"{outcome.declarer_tricks} tricks {where}, {_histories_of(count)}"
            entries.append((label, count, found.group_examples.get(outcome)))
    lines: list[str] = []
    for number, (label, count, example) in enumerate(entries, start=1):
        lines += ["", f"Example {number} of {len(entries)} (one per outcome): {label}"]
        if example is not None:
            lines += _trick_table(analysis.case, example)
        elif count is None:
            lines.append("  no example listed: this total was established by optimisation")
        else:
            lines.append(
                f"  no example listed: the {found.engine} engine kept none of this outcome"
            )
    return lines


def _revoke_outcomes(analysis: Analysis) -> list[str]:
    """Each group: tricks in play, its revokes with their adjustment, the final count."""
    where = _revoke_where(analysis)
    lines = [f"Outcomes (declarer's side tricks {where}, revokes, tricks after Laws 62-64)"]
    assert analysis.revoke_groups is not None, "called only with revoke groups"
    for group in analysis.revoke_groups:
        lines.append(f"  {_revoke_label(analysis, group)}")
        double = group.double_play
        if double is not None:
            lines.append(
                f"       {double.seat.full_name} played {double.card_left} and "
                f"{double.card_restored} to trick {double.trick}: {double.card_left} stays, "
                f"{double.card_restored} back to his hand for trick 13 (Law 67B2)"
            )
        if not group.adjustment.findings:
            lines.append("       no revoke")
        for f in group.adjustment.findings:
            state = "established" if f.established else "not established"
            if f.corrected:
                state += ", corrected"
            if f.card_added is not None:
                lines.append(
                    f"       {f.seat.full_name} did not play to trick {f.trick} "
                    f"({'SHDC'[f.suit]} led): he adds {f.card_added}; {f.transfer} trick(s) to "
                    f"{f.seat.side.other} (Law {f.citation})"
                )
                continue
            deemed = ", the restored card deemed held (67B2)" if f.deemed_held else ""
            lines.append(
                f"       revoke by {f.seat.full_name} at trick {f.trick} ({'SHDC'[f.suit]} led, "
                f"{state}, noticed {f.noticed}{deemed}): {f.transfer} trick(s) to "
                f"{f.seat.side.other} (Law {f.citation})"
            )
        for estimate in (group.equity, *group.repeat_equity):
            if estimate is not None:
                lines.append(f"       {estimate.citation} {estimate.text(group.final)}")
    return lines


def _score_of(case: Case, tricks: int) -> str:
    """ ", 4S-1, NS -50" for a complete play; nothing after play that stopped early."""
    if not case.play_complete:
        return ""
    result, scores = board_score(case, tricks)
    side = str(case.declaring_side)
    return f", {result}, {side} {scores[side]:+d}"


def _trick_table(case: Case, history: History) -> list[str]:
    lines = ["  trick  lead   N    E    S    W    won by"]
    for trick in history_json(case, history):
        by_seat = {}
        leader = Seat.parse(trick["leader"])
        for offset, card in enumerate(trick["cards"]):
            by_seat[Seat.from_index(leader.index + offset)] = card
        note = ""
        surplus = trick.get("surplus")
        if surplus is not None:
            note = f"  (and {surplus['card']} from {Seat.parse(surplus['seat']).full_name}, 67B2)"
        if trick.get("restored"):
            note = "  (after the surplus card went back, 67B2)"
        cells = " ".join(f"{by_seat[s] or '--':<4}" for s in SEATS)
        lines.append(
            f"  {trick['trick']:>5}  {trick['leader']:<5}  {cells}  {trick['winner']}{note}"
        )
    return lines


def _claim_section(analysis: Analysis) -> list[str]:
    claimed = analysis.claimed
    assert claimed is not None, "called only for a claim"
    claim = claimed.claim
    position = claim.position
    lines = [
        f"Claim by {claim.by.full_name}: {claim.tricks} of the {position.tricks_left} tricks left"
        f" (won so far NS {position.won[0]}, EW {position.won[1]})",
    ]
    if claim.tricks_said:
        lines.append(f"  claimed: {claim.tricks_said}")
    for seat in SEATS:
        cards = " ".join(str(c) for c in sorted(position.hands[seat.index], reverse=True))
        lines.append(f"  {seat.full_name:<6} {cards or '-'}")
    if position.current_trick:
        played = " ".join(str(c) for c in position.current_trick)
        lines.append(f"  trick in progress, led by {position.leader}: {played}")
    else:
        lines.append(f"  {position.leader.full_name} to lead")
    if claim.said:
        lines.append(f"  said: {claim.said!r}")
    if claim.overlooked:
        cards = " ".join(str(card) for card in sorted(claim.overlooked, key=suit_order_key))
        reading = (
            "his cards only these beat are cards he thinks good (lead_believed_winner)"
            if claimed.policy.lead_believed_winner
            else "no effect, as lead_believed_winner is off"
        )
        lines.append(f"  found: the claimer overlooked {cards}; {reading}")
    if claim.claimer_asks_more:
        lines.append(
            f"  agreed at the table ({claim.tricks}); the claimer now asks for a conceded trick "
            "back (Law 71)"
        )
    steps = "; ".join(
        step.text + _condition_note(claim, step, held)
        for step, held in zip(claim.statement, claim.conditions_held(), strict=True)
    )
    steps = steps or "nothing"
    lines.append(
        f"  statement: {steps}; trumps mentioned: {'yes' if claim.trumps_mentioned else 'no'}"
        + (
            "; the last trick before the claim was a round of trumps his side led, all following"
            if claim.trump_round_before
            else ""
        )
    )
    bound = in_force(claimed.obligations)
    if bound:
        lines.append("  in force at the claim (every line obeys them):")
        lines.extend(f"    {entry.text} (Law {entry.citation})" for entry in bound)
    settled = analysis.claim
    if settled is None:
        unsettled = analysis.unsettled_claim
        assert unsettled is not None
        low, high = unsettled.at_least, unsettled.at_most
        proved = f"between {low} and {high} tricks" if low < high else f"{low} tricks, not traced"
        lines.append(
            f"Worst normal line for the claimer ({claimed.policy.name} policy): not found in "
            f"time, {proved}; double dummy: {claimed.double_dummy}"
        )
    else:
        lines.append(
            f"Worst normal line for the claimer ({claimed.policy.name} policy): "
            f"{settled.adjudication.claimer_tricks} tricks; double dummy: {claimed.double_dummy}"
        )
        lines.extend(_worst_line(settled, claim.by.index % 2, position))
        lines.extend(_judgement_costs(settled))
    view = analysis.claimer_view
    if view is not None:
        done = "all" if view.complete else "the first (time ran out)"
        lines.append(
            f"Claimer's view: over {done} {view.layouts} layouts of the unseen cards, the "
            f"claimer's side takes at most {view.worst} tricks double dummy on the worst one "
            f"({_layout_text(view.worst_layout)}); no plan for every layout can guarantee more"
        )
        lines.append(_sure_text(view))
    return lines


def _sure_text(view: ClaimerView) -> str:
    """The single-dummy line of the claimer's view: what one plan makes sure of."""
    if view.sure is not None:
        more = (view.worst or 0) - view.sure
        return (
            f"One plan for every layout (his cards chosen on what he sees, single dummy): "
            f"{view.sure} tricks for the claimer's side"
            + (
                f"; {more} more {'trick' if more == 1 else 'tricks'} in every layout double "
                "dummy, but only by a guess"
                if more > 0
                else ""
            )
        )
    return f"One plan for every layout: not searched ({view.sure_note or 'layouts not all solved'})"


def _layout_text(layout: dict[str, str] | None) -> str:
    """The unseen hands as a director reads them: "North ..T9875., South ..J.QJ9"."""
    if not layout:
        return "no layout"
    return ", ".join(f"{Seat.parse(seat).full_name} {hand}" for seat, hand in layout.items())


def _worst_line(claimed: ClaimAnalysis, side: int, position: ClaimPosition) -> list[str]:
    """The worst normal line trick by trick, the claimer's losses marked."""
    lines: list[str] = []
    before = _before_claim(position.leader, position.current_trick)
    current: list[str] = []
    for play in claimed.adjudication.line:
        if play.choice is not None:
            named = "".join("SHDC"[suit] for suit in play.choice.suits)
            current.append(
                f"[{SEATS[play.choice.chooser]} chooses {play.choice.option}"
                f"{' ' + named if named else ''}, Law {play.choice.law}]"
            )
        current.append(f"{SEATS[play.seat]} {Card.from_index(play.card)}")
        if play.wins_trick is not None:
            lost = "" if play.wins_trick % 2 == side else "   <- lost by the claimer's side"
            lines.append(
                f"  {play.trick:>2}: {before}{', '.join(current)}; won by "
                f"{SEATS[play.wins_trick]}{lost}"
            )
            before, current = "", []
    return lines


def _judgement_costs(claimed: ClaimAnalysis) -> list[str]:
    """Where the ruling turns: each judgement of the policy turned the other way alone."""
    if not claimed.judgements:
        return []
    settled = [cost for cost in claimed.judgements if cost.claimer_tricks is not None]
    unsettled = [cost.switch for cost in claimed.judgements if cost.claimer_tricks is None]
    lines = ["Where the ruling turns (each judgement turned the other way alone):"]
    lines.extend(f"  {cost.describe()}" for cost in settled)
    if not settled:
        lines.append("  no judgement turned alone changes the line, of those settled in time")
    if unsettled:
        lines.append(f"  not settled in time: {', '.join(unsettled)}")
    return lines


def _condition_note(claim: Claim, step: Step, held: bool) -> str:
    """What the report adds to a conditional step: passed over, or followed on a worse split
    than any the statement names (``Claim.worse_split``)."""
    if not held:
        return " (not so at the claim: passed over)"
    if claim.worse_split(step):
        return (
            " (the suit lies worse at the claim than any split named: followed as the line for "
            "the worst one named, the adjustment to a show-out credited, 70E1)"
        )
    return ""


def _before_claim(leader: Seat, cards: tuple[Card, ...]) -> str:
    """The cards already on the trick in progress, and where the claim came: the line starts
    after them, but a reader checks the first trick whole."""
    if not cards:
        return ""
    played = ", ".join(f"{Seat.from_index(leader.index + i)} {c}" for i, c in enumerate(cards))
    return f"{played}, then the claim: "


def _ruling(analysis: Analysis) -> list[str]:
    ruling = analysis.ruling
    lines = [f"Ruling: {ruling.status.upper()}"]
    if ruling.declarer_tricks is not None:
        lines.append(f"  {_credited(ruling.declarer_tricks)}")
    if ruling.result is not None and ruling.score is not None:
        ns, ew = ruling.score["NS"], ruling.score["EW"]
        lines.append(f"  result {ruling.result}, score NS {ns:+d}, EW {ew:+d}")
    for reason in ruling.reasons:
        lines.append(f"  - {reason}")
    shown, quiet = assumption_groups(analysis)
    for assumption in shown:
        lines.append(
            f"  assumption ({assumption.name}, Law {assumption.citation}): {assumption.text}"
        )
    if quiet:
        lines.append(f"  {_quiet_line(quiet)}")
    return lines


def assumption_groups(analysis: Analysis) -> tuple[list[Assumption], list[Assumption]]:
    """The ruling's assumptions in two groups: those the report gives in full, and the claim
    policy's judgements which, each turned the other way alone, leave the worst normal line as
    it is, which it only names. A committee reads first what its ruling turns on; thirty-odd
    judgements in full hid the two that mattered. When the turns were not sought, or a
    judgement's turn was not settled in time, the judgement is given in full."""
    assumptions = list(analysis.ruling.assumptions)
    claimed = analysis.claim
    if claimed is None or not claimed.judgements_sought:
        return assumptions, []
    prefix = f"{claimed.policy.name}:"
    turning = {prefix + cost.switch for cost in claimed.judgements}
    judgements = {prefix + name for name in SWITCH_NAMES}
    quiet = [a for a in assumptions if a.name in judgements and a.name not in turning]
    return [a for a in assumptions if a.name not in judgements or a.name in turning], quiet


def _quiet_line(quiet: list[Assumption]) -> str:
    """The judgements that do not turn the ruling, named on one line (``assumption_groups``)."""
    preset = quiet[0].name.split(":", 1)[0]
    laws = sorted({a.citation for a in quiet})
    names = ", ".join(a.name.split(":", 1)[1] for a in quiet)
    return (
        f"assumptions ({preset}, Law{'s' if len(laws) > 1 else ''} {', '.join(laws)}): "
        f"{len(quiet)} more judgements of normal play in force, "
        "none of which, turned the other way alone, changes the worst normal line (each stated "
        f"in docs/claims.md and in the JSON's assumptions): {names}"
    )


def _assumption_html(a: Assumption) -> str:
    e = html.escape
    return f"<li>assumption ({e(a.name)}, Law {e(a.citation)}): {e(a.text)}</li>"


def _credited(tricks: int) -> str:
    """The ruled figure, named as such: after a revoke transfer or a claim it is not a total
    the histories show in play."""
    return f"declarer's side credited with {tricks} tricks (the ruled figure)"


def html_report(analysis: Analysis, listed: int = 1, *, examples: bool = False) -> str:
    """A compact HTML rendering for Jupyter: the report, with the outcome table as a table.

    The table counts tricks won in play and the ruling may credit another figure (after a
    revoke transfer or a claim), so each is labelled with what it is."""
    rows = "".join(
        f"<tr><td>{total}</td><td>{'—' if count is None else f'{count:,}'}</td></tr>"
        for total, count in sorted(analysis.found.outcomes.items())
    )
    table = (
        f"<table><caption>Declarer's side: {html.escape(IN_PLAY_LABEL)}</caption>"
        "<thead><tr><th>tricks won in play</th><th>histories</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )
    ruling = analysis.ruling
    reasons = "".join(f"<li>{html.escape(str(r))}</li>" for r in ruling.reasons)
    summary = f"<b>{html.escape(ruling.status)}</b>"
    if ruling.result:
        summary += f": {html.escape(ruling.result)}"
    if ruling.declarer_tricks is not None:
        summary += f"; {html.escape(_credited(ruling.declarer_tricks))}"
    body = "\n".join(_body(analysis, listed, examples)) + "\n"
    return (
        f"<div><h4>{html.escape(analysis.case.title)}</h4>{table}"
        f"<p>Ruling: {summary}</p><ul>{reasons}</ul>"
        f"<pre>{html.escape(body)}</pre>"
        f"<p><small>{html.escape(provenance(analysis))}</small></p></div>"
    )


SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
"""Spades, hearts, diamonds, clubs: the order of a hand diagram."""

PRINT_CSS = """
@page { size: A4; margin: 15mm 14mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; color: #000;
  max-width: 190mm; margin: 0 auto; padding: 8px; line-height: 1.35; }
h1 { font-size: 15pt; margin: 0 0 4px; }
h2 { font-size: 12pt; margin: 14px 0 4px; border-bottom: 1px solid #888; }
p.sub { margin: 0 0 8px; }
table { border-collapse: collapse; margin: 4px 0; }
th, td { border: 1px solid #999; padding: 2px 6px; text-align: left; vertical-align: top; }
table.deal, table.deal td { border: none; }
table.deal td { width: 42mm; padding: 2px 8px; }
td.hand span.suit { display: inline-block; width: 1.2em; }
.red { color: #b00; }
td.seat { font-weight: bold; }
section { page-break-inside: avoid; break-inside: avoid; }
section.history { page-break-inside: auto; break-inside: auto; }
pre { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; white-space: pre-wrap; }
.ruling { border: 2px solid #000; padding: 6px 10px; }
.sign { margin-top: 18mm; }
.sign td { border: none; border-top: 1px solid #000; width: 80mm; padding-top: 2px; }
.sign td.gap { border-top: none; width: 10mm; }
footer { margin-top: 10px; font-size: 8.5pt; color: #333; }
@media print { body { padding: 0; } .noprint { display: none; } }
"""
"""The report's only style: inline, so the document needs nothing from outside."""


def html_document(
    analysis: Analysis, listed: int = 1, *, examples: bool = False, values: bool = False
) -> str:
    """The report as a self-contained HTML document for an appeals committee, laid out for A4.

    Hand diagrams, the facts, the histories and outcomes, one consistent history trick by
    trick, a claim's worst normal line, the ruling with its reasons and citations, and a line
    to sign. Everything taken from the case is escaped; the document loads nothing (its style
    is inline) and is well-formed XML as well as HTML, so that it can be checked by a parser.
    """
    case = analysis.case
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"/>',
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
        f"<title>{e(_title_line(case))}</title>",
        f"<style>{PRINT_CSS}</style></head><body>",
        f"<h1>{e(_title_line(case))}</h1>",
        f'<p class="sub">Contract {e(str(case.contract))} by {e(_declarer_text(case))}, '
        f"vulnerable: {e(str(case.vulnerable))}, Laws edition {case.edition}</p>",
        _ruling_html(analysis),
        "<section><h2>The deal</h2>",
    ]
    if not case.deal_given:
        parts.append("<p>No deal given: the hands at the start of the trick of the claim.</p>")
    parts += [_deal_html(case), "</section>"]
    parts += [
        "<section><h2>Facts</h2><ul>",
        *(f"<li>{e(line.strip())}</li>" for line in _facts(case)),
        "</ul></section>",
        *irregularities_html(case),
    ]
    pending = _pending_lines(analysis, values)
    if pending:
        items = "".join(f"<li>{e(line.strip())}</li>" for line in pending[1:])
        parts.append(f"<section><h2>{e(pending[0])}</h2><ul>{items}</ul></section>")
    if analysis.found.engine != "none":
        parts += [
            "<section><h2>Consistent histories</h2><ul>",
            *(f"<li>{e(line.strip())}</li>" for line in _histories(analysis)),
            "</ul>",
            _outcomes_html(analysis),
            "</section>",
        ]
    shown = analysis.found.listed[: max(listed, 0)]
    for number, history in enumerate(shown, start=1):
        parts += [
            '<section class="history">',
            f"<h2>Consistent history {number} of {len(shown)} shown</h2>",
            _tricks_html(case, history),
            "</section>",
        ]
    if examples and analysis.found.engine != "none" and analysis.status != "impossible":
        shown_examples = e("\n".join(_group_examples(analysis)))
        parts.append(
            f"<section><h2>One history per outcome</h2><pre>{shown_examples}</pre></section>"
        )
    if analysis.claimed is not None:
        claim = e("\n".join(_claim_section(analysis)))
        parts.append(f"<section><h2>The claim</h2><pre>{claim}</pre></section>")
    parts += [
        '<table class="sign"><tr><td>Director</td><td class="gap"></td><td>Date</td></tr></table>',
        f"<footer>{e(provenance(analysis))}</footer>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _title_line(case: Case) -> str:
    named = case.title.lower().startswith("board")
    board = f"Board {case.board}: " if case.board is not None and not named else ""
    return f"{board}{case.title}"


def _suit_html(cards: str, suit_index: int) -> str:
    red = ' class="suit red"' if suit_index in (1, 2) else ' class="suit"'
    return f"<span{red}>{SUIT_SYMBOLS[suit_index]}</span>{html.escape(cards)}"


def _hand_html(case: Case, seat: Seat) -> str:
    lines = _hand_lines(case, seat)
    suits = "<br/>".join(_suit_html(line[2:], i) for i, line in enumerate(lines))
    return f'<td class="hand"><b>{seat.full_name}</b><br/>{suits}</td>'


def _deal_html(case: Case) -> str:
    north, east, south, west = (_hand_html(case, s) for s in SEATS)
    return (
        '<table class="deal">'
        f"<tr><td></td>{north}<td></td></tr>"
        f"<tr>{west}<td></td>{east}</tr>"
        f"<tr><td></td>{south}<td></td></tr>"
        "</table>"
    )


def _outcomes_html(analysis: Analysis) -> str:
    lines = _outcomes(analysis)
    if analysis.revoke_groups is not None or not analysis.found.outcomes:
        return f"<pre>{html.escape(chr(10).join(lines))}</pre>" if lines else ""
    rows = []
    for total, count in sorted(analysis.found.outcomes.items()):
        shown = "not counted" if count is None else f"{count:,}"
        winners = analysis.found.trick_winners.get(total, [])
        varying = ", ".join(str(i + 1) for i, seats in enumerate(winners) if len(seats) > 1)
        rows.append(f"<tr><td>{total}</td><td>{shown}</td><td>{varying or '-'}</td></tr>")
    hints = "".join(f"<p>Hint: {html.escape(hint)}</p>" for hint in analysis.hints)
    return (
        f"<table><caption>Declarer's side: {html.escape(IN_PLAY_LABEL)}</caption>"
        "<thead><tr><th>tricks</th><th>histories</th><th>tricks whose winner varies</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>{hints}"
    )


def _tricks_html(case: Case, history: History) -> str:
    rows = []
    for trick in history_json(case, history):
        leader = Seat.parse(trick["leader"])
        by_seat = {Seat.from_index(leader.index + i): c for i, c in enumerate(trick["cards"])}
        cells = "".join(
            f"<td>{'<b>' if s == leader else ''}{html.escape(by_seat[s] or '--')}"
            f"{'</b>' if s == leader else ''}</td>"
            for s in SEATS
        )
        note = ""
        if trick.get("surplus") is not None:
            surplus = trick["surplus"]
            note = f" (and {surplus['card']} from {surplus['seat']}, 67B2)"
        if trick.get("restored"):
            note = " (after the surplus card went back, 67B2)"
        rows.append(
            f"<tr><td>{trick['trick']}</td><td>{trick['leader']}</td>{cells}"
            f"<td>{trick['winner']}{html.escape(note)}</td></tr>"
        )
    return (
        "<table><thead><tr><th>trick</th><th>lead</th><th>N</th><th>E</th><th>S</th><th>W</th>"
        f"<th>won by</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _ruling_html(analysis: Analysis) -> str:
    ruling = analysis.ruling
    e = html.escape
    parts = ['<section class="ruling">', f"<h2>Ruling: {e(ruling.status.upper())}</h2>"]
    if ruling.declarer_tricks is not None:
        parts.append(f"<p>{e(_credited(ruling.declarer_tricks))}</p>")
    if ruling.result is not None and ruling.score is not None:
        ns, ew = ruling.score["NS"], ruling.score["EW"]
        parts.append(f"<p>Result <b>{e(ruling.result)}</b>, score NS {ns:+d}, EW {ew:+d}</p>")
    parts.append("<ul>")
    parts += [f"<li>{e(str(reason))}</li>" for reason in ruling.reasons]
    shown, quiet = assumption_groups(analysis)
    parts += [_assumption_html(a) for a in shown]
    if quiet:
        parts += [
            f"<li><details><summary>{e(_quiet_line(quiet))}</summary><ul>",
            *(_assumption_html(a) for a in quiet),
            "</ul></details></li>",
        ]
    parts.append("</ul>")
    if ruling.citations:
        parts.append(f"<p>Laws cited: {e(', '.join(ruling.citations))}</p>")
    parts.append("</section>")
    return "".join(parts)
