"""The irregularity cases (cases/irregularities/*.yaml): each gives what its ``expect`` states.

Every key of an ``expect`` block is compared with the analysis: the ruling, the count of
histories (counted once per sequence of choices) and, where play stopped at a pending choice,
the options with their double-dummy values. The values of the two cases whose options differ or
whose position is worked by hand were checked against the independent minimax of
``tests/engines/test_options_brute.py``; the dispute with a mixed row is compared with
the same case without its penalty card (the obligation must prune histories).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
from solver.bridge import Card
from solver.engines import search
from solver.engines.problem import compile_case, evaluate
from solver.facts.irregularity import Choice, LeadOutOfTurn, PenaltyCard
from solver.rulings.ruling import Analysis
from tests.engines.agreement import LISTED

CASES = Path(__file__).parents[1] / "cases" / "irregularities"
CASE_FILES = sorted(CASES.glob("*.yaml"))
by_stem = pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])


@cache
def analysed(path: Path) -> Analysis:
    return solver.analyse(solver.load_case(path), list_limit=10)


def test_there_are_cases() -> None:
    assert len(CASE_FILES) >= 10


@by_stem
def test_the_case_gives_what_it_expects(path: Path) -> None:
    case = solver.load_case(path)
    assert case.expect is not None, f"{path.name} has no expect block"
    found: dict[str, Any] = analysed(path).to_json()
    expect = dict(case.expect)
    assert found["status"] == expect.pop("status")
    assert found["histories"]["count"] == expect.pop("count")
    if "declarer_tricks" in expect:
        assert found["ruling"]["declarer_tricks"] == expect.pop("declarer_tricks")
    if "citations" in expect:
        assert found["ruling"]["citations"] == expect.pop("citations")
    if "options" in expect:
        assert found["options"] == expect.pop("options")
    else:
        assert not found.get("options")
    if "claim" in expect:
        wanted = expect.pop("claim")
        assert {key: found["claim"][key] for key in wanted} == wanted
    if "in_force" in expect:
        assert found["claim"]["in_force"] == expect.pop("in_force")
    assert not expect, f"keys not checked: {sorted(expect)}"


CLAIMS = {
    "claim-declarer-with-a-major-penalty-card.yaml": (3, 2),
    "claim-defender-partner-minor-penalty-card.yaml": (2, 3),
}
"""The claim cases: the claimer's side's tricks on the worst normal line with the penalty card
and without it (each worked by hand in the case's notes)."""


@pytest.mark.parametrize("name", sorted(CLAIMS))
def test_the_penalty_card_changes_the_claim(name: str) -> None:
    """The claim search applies the penalty card: the same claim without it is ruled otherwise,
    and every play of the line obeys the Laws (the card falls when due)."""
    from solver.laws.obligations import after_play, after_trick, legal_plays
    from solver.rulings.claims import analyse_claim, obligations_at_claim

    case = solver.load_case(CASES / name)
    with_card, without = CLAIMS[name]
    claimed = analyse_claim(case, judgements=False)
    assert claimed.adjudication.claimer_tricks == with_card
    free = analyse_claim(dataclasses.replace(case, irregularities=()), judgements=False)
    assert free.adjudication.claimer_tricks == without
    assert free.obligations.empty and not claimed.obligations.empty
    state = obligations_at_claim(case)
    assert state == claimed.obligations
    assert case.claim is not None
    position = case.claim.position
    held = [sum(1 << c.index for c in position.hands[seat]) for seat in range(4)]
    leader, trick = position.leader.index, [c.index for c in position.current_trick]
    for play in claimed.adjudication.line:
        seat = (leader + len(trick)) % 4
        led = trick[0] // 13 if trick else -1
        assert legal_plays(state, seat, held[seat], led) >> play.card & 1
        state = after_play(state, seat, play.card, not trick)
        held[seat] &= ~(1 << play.card)
        trick.append(play.card)
        if play.wins_trick is not None:
            state, leader, trick = after_trick(state, play.wins_trick), play.wins_trick, []


def test_the_penalty_card_prunes_the_mixed_row() -> None:
    """The dispute with West's row mixed: every history the search lists obeys the Laws by the
    reference semantics, and the same case without the penalty card has more histories,
    among them these. (The search is held to the brute force on such problems in
    ``tests/engines/test_irregular_engines.py``.)"""
    case = solver.load_case(CASES / "dispute-penalty-card-prunes-a-mixed-row.yaml")
    problem = compile_case(case)
    found = search.solve(problem, list_limit=LISTED)
    assert found.count == len(found.listed) == 24
    assert all(evaluate(problem, history).legal for history in found.listed)
    without = compile_case(dataclasses.replace(case, irregularities=()))
    free = search.solve(without, list_limit=LISTED)
    assert free.count == 144
    assert set(found.listed) < set(free.listed)


def test_values_are_left_out_of_the_table_report_unless_asked() -> None:
    """Law 10C: the director explains the options; the values are for --values."""
    from solver.rulings.report import text_report

    analysis = analysed(CASES / "penalty-card-declarers-choice-valued.yaml")
    plain, valued = text_report(analysis), text_report(analysis, values=True)
    assert "S may choose forbid-suit D (Law 50D2(a))\n" in plain
    assert "double dummy" not in plain
    assert "forbid-suit D (Law 50D2(a)): declarer's side then takes 10 tricks" in valued


def test_the_html_document_lists_the_options_and_values_only_when_asked() -> None:
    from solver.rulings.report import html_document

    analysis = analysed(CASES / "penalty-card-declarers-choice-valued.yaml")
    plain = html_document(analysis)
    assert "<h2>Choice pending where play stopped</h2>" in plain
    assert "double dummy" not in plain
    assert "takes 10 tricks double dummy" in html_document(analysis, values=True)


def test_a_proper_lead_leaves_no_penalty_card() -> None:
    """53B: the card led out of turn goes back without penalty. The same facts with the lead
    refused instead (56) leave East a major penalty card he must lead at trick 6 (50D1), which
    his quitted cards deny: no history."""
    path = CASES / "law53b-proper-lead-stands.yaml"
    case = solver.load_case(path)
    assert analysed(path).ruling.status == "decided"
    refused = tuple(
        dataclasses.replace(f, law="56", option="refuse-lead")
        if getattr(f, "option", None) == "proper-lead"
        else f
        for f in case.irregularities
    )
    other = solver.analyse(dataclasses.replace(case, irregularities=refused), list_limit=10)
    assert other.ruling.status == "impossible"


def test_a_recorded_designation_binds_the_card_played() -> None:
    """51A: the designated penalty card is the one played to that trick, in every engine;
    the other one designated instead contradicts West's cards."""
    from solver.engines import cpsat

    path = CASES / "ex08-designation-recorded.yaml"
    case = solver.load_case(path)
    assert analysed(path).ruling.status == "decided"
    assert cpsat.solve(compile_case(case)).count == 1
    other = tuple(
        dataclasses.replace(f, card=Card.parse("SQ"))
        if getattr(f, "option", None) == "designate-penalty-card"
        else f
        for f in case.irregularities
    )
    problem = compile_case(dataclasses.replace(case, irregularities=other))
    assert search.solve(problem).feasible is False
    assert cpsat.solve(problem).feasible is False


def test_a_designation_of_a_card_that_never_lay_is_refused() -> None:
    case = solver.load_case(CASES / "ex08-designation-recorded.yaml")
    other = tuple(
        dataclasses.replace(f, card=Card.parse("S9"))
        if getattr(f, "option", None) == "designate-penalty-card"
        else f
        for f in case.irregularities
    )
    with pytest.raises(solver.CaseFileError, match="no penalty card of West by trick 8"):
        compile_case(dataclasses.replace(case, irregularities=other))


def test_a_simultaneous_play_designation_is_the_card_played() -> None:
    """58B2: the designated card is the one in the trick; naming the other card contradicts
    the agreed trick, and naming another player's card is refused."""
    path = CASES / "law58-simultaneous-play-designated.yaml"
    case = solver.load_case(path)

    def designating(text: str) -> Any:
        return dataclasses.replace(
            case,
            irregularities=tuple(
                dataclasses.replace(f, card=Card.parse(text))
                if getattr(f, "option", None) == "designate-played-card"
                else f
                for f in case.irregularities
            ),
        )

    assert search.solve(compile_case(designating("C5"))).feasible is False
    with pytest.raises(solver.CaseFileError, match="designates one of his own"):
        compile_case(designating("HJ"))


def test_example_9_values_match_an_independent_minimax() -> None:
    """Example 9: both defenders hold a major penalty card and West, on lead, is the partner of
    one. Each option's value is the independent minimax's (``test_options_brute``, written
    without ``solver.laws``) on the three-card ending, plus the tricks already won: there a
    lead bar also comes before the leader's own penalty card."""
    from tests.engines.test_options_brute import Brute

    path = CASES / "ex09-both-defenders-penalty-cards.yaml"
    case = solver.load_case(path)
    played = {card for trick in case.agreed_tricks for card in trick.cards}
    hands = tuple(
        frozenset((c.index // 13, c.index % 13) for c in case.deal.hands[s] if c not in played)
        for s in range(4)
    )
    assert all(len(hand) == 3 for hand in hands)
    jack, seven = (0, Card.parse("SJ").index % 13), (0, Card.parse("S7").index % 13)
    both = {(3, "major"): frozenset({jack}), (1, "major"): frozenset({seven})}
    picked_up = {(3, "major"): frozenset({jack}), (1, "major"): frozenset()}
    brute = Brute(None, 2)
    west = 3
    by_hand = {
        "require-suit": brute._trick(hands, west, [], picked_up, {"req": (west, 0)}),
        "forbid-suit": brute._trick(hands, west, [], picked_up, {"ban": (west, frozenset({0}))}),
        "leave-penalty-card": brute._trick(hands, west, [], both, {}),
    }
    assert by_hand == {"require-suit": 1, "forbid-suit": 2, "leave-penalty-card": 3}
    won = analysed(path).ruling.declarer_tricks
    assert won == 4
    found = {o["option"]: o["double_dummy"] - won for o in analysed(path).to_json()["options"]}
    assert found == by_hand


def test_example_9_played_on_fits_only_the_forbidden_suit() -> None:
    """Example 9 played on: with spades forbidden West's last cards fit one order (H8, C8, then
    the SJ), in the search and CP-SAT alike, every fact kept; with spades required, or the
    cards left, West must lead his SJ to trick 11, and only histories that set aside the order
    of North's and East's intact rows remain."""
    from solver.engines import cpsat

    case = solver.load_case(CASES / "ex09-forbid-suit-played-on.yaml")
    for engine in (search, cpsat):
        found = engine.solve(compile_case(case))
        assert (found.count, found.min_cost, found.outcomes) == (1, 0, {6: 1})
    for option in ("require-suit", "leave-penalty-card"):
        other = tuple(
            dataclasses.replace(
                f,
                option=option,
                suits=f.suits if option == "require-suit" else (),
            )
            if getattr(f, "option", None) == "forbid-suit"
            else f
            for f in case.irregularities
        )
        problem = compile_case(dataclasses.replace(case, irregularities=other))
        for engine in (search, cpsat):
            found = engine.solve(problem)
            assert found.min_cost is not None and found.min_cost > 0, option
            assert found.outcomes.keys() == {5}, option


EX11 = ("accepted", "refused")


@pytest.mark.parametrize("response", EX11)
def test_example_11_the_rows_fit_only_the_response_given(response: str) -> None:
    """Example 11 (Law 55): declarer led from the wrong hand. The rows of the accepted case fit
    play going on from South's D2; those of the refused case, North leading instead (55B).
    Each case with the other response has no history that keeps every fact (the accepted
    case's agreed trick 9, led by South; the order of the refused case's rows)."""
    from solver.engines import cpsat

    case = solver.load_case(CASES / f"ex11-declarer-lead-from-wrong-hand-{response}.yaml")
    other, option = (
        ("refused", "refuse-lead") if response == "accepted" else ("accepted", "accept-lead")
    )
    swapped = tuple(
        dataclasses.replace(f, response=other)
        if isinstance(f, LeadOutOfTurn)
        else dataclasses.replace(f, option=option)
        if isinstance(f, Choice)
        else f
        for f in case.irregularities
    )
    for engine in (search, cpsat):
        assert engine.solve(compile_case(case)).min_cost == 0
        found = engine.solve(compile_case(dataclasses.replace(case, irregularities=swapped)))
        assert not (found.feasible and found.min_cost == 0)


def test_example_11_reports_cite_55_and_53c() -> None:
    """The text report names the law of each lead out of turn: 55 for declarer's, 53C when the
    defender on its right played to it first (53B under the 2007 code), and the chooser's
    55A for the response recorded."""
    from solver.rulings.report import text_report

    accepted = text_report(analysed(CASES / "ex11-declarer-lead-from-wrong-hand-accepted.yaml"))
    assert "agreed: S led D2 out of turn to trick 9 (accepted), Law 55\n" in accepted
    assert "agreed: W chose accept-lead (Law 55A) at trick 9\n" in accepted
    path = CASES / "law53c-declarer-lead-stands.yaml"
    stands = text_report(analysed(path))
    assert "agreed: S led D2 out of turn to trick 9 (it stands), Law 53C\n" in stands
    assert "agreed: E played DJ prematurely to trick 9, Law 57A\n" in stands
    older = dataclasses.replace(solver.load_case(path), edition=2007)
    report = text_report(solver.analyse(older, list_limit=1))
    assert "out of turn to trick 9 (it stands), Law 53B\n" in report


def test_example_13_the_minor_penalty_card_prunes_a_mixed_row() -> None:
    """Example 13 (58B2, 50C): West's C3, shown with the C8 he named, lies as a minor penalty
    card, so he may not play the C2 before it. With his row mixed, his last three cards fit
    three orders (worked by hand in the case's notes: 7, 8 and 9 tricks), in the search and
    CP-SAT alike; without the penalty card they fit six (the C2 to trick 11, or led to 12)."""
    from solver.bridge import Seat
    from solver.engines import cpsat

    case = solver.load_case(CASES / "ex13-two-cards-shown-to-one-trick.yaml")
    west = case.rows[Seat.W]
    rows = {**case.rows, Seat.W: dataclasses.replace(west, mixed=True, when="after-dispute")}
    mixed = dataclasses.replace(case, rows=rows)
    free = dataclasses.replace(
        mixed, irregularities=tuple(f for f in case.irregularities if isinstance(f, Choice))
    )
    for engine in (search, cpsat):
        found = engine.solve(compile_case(mixed))
        assert (found.count, found.outcomes) == (3, {7: 1, 8: 1, 9: 1})
        assert engine.solve(compile_case(free)).count == 6


def test_example_6_an_exempt_play_leaves_nothing_to_rectify() -> None:
    """57C1: West's H6, played before East after declarer had played from both hands, is no
    penalty card and gives declarer no 57A order: one history; read as an ordinary premature
    play the same cards fit seven orders (East's H3 is his lowest heart, and he must follow
    whatever other suit is named), in the search and CP-SAT alike. The report cites 57C1."""
    from solver.engines import cpsat
    from solver.facts.irregularity import PrematurePlay
    from solver.rulings.report import text_report

    path = CASES / "ex06-exemption-declarer-played-both-hands.yaml"
    case = solver.load_case(path)
    plain = dataclasses.replace(
        case,
        irregularities=tuple(
            dataclasses.replace(f, exempt=False) if isinstance(f, PrematurePlay) else f
            for f in case.irregularities
        ),
    )
    for engine in (search, cpsat):
        assert engine.solve(compile_case(case)).count == 1
        assert engine.solve(compile_case(plain)).count == 7
    report = text_report(analysed(path))
    expected = "W played H6 prematurely to trick 9 after declarer had played from both hands"
    assert f"agreed: {expected}, Law 57C1\n" in report
    assert "57A" not in report


def test_the_57d_penalty_card_prunes_the_mixed_row() -> None:
    """East's row mixed after his C8, shown at North's turn while he held diamonds, became a
    major penalty card (57D): 48 histories, every one obeying the Laws by the reference
    semantics, all among the 240 of the same case without the irregularity (both figures
    worked by hand in the case's notes), CP-SAT agreeing with the search."""
    from solver.engines import cpsat

    case = solver.load_case(CASES / "law57d-penalty-card-prunes-a-mixed-row.yaml")
    problem = compile_case(case)
    found = search.solve(problem, list_limit=LISTED)
    assert found.count == len(found.listed) == 48
    assert all(evaluate(problem, history).legal for history in found.listed)
    assert cpsat.solve(problem).count == 48
    without = compile_case(dataclasses.replace(case, irregularities=()))
    free = search.solve(without, list_limit=LISTED)
    assert free.count == 240
    assert set(found.listed) < set(free.listed)
    east = 1
    assert {history[8][1][east] for history in found.listed} == {Card.parse("C8").index}


def test_a_57d_account_is_weighed_against_the_other_sides_word() -> None:
    """NS say East showed the C8 at trick 8 before dummy (57D), EW that he played it to trick
    7. Each alone is kept by the 48 histories worked by hand in the case's notes (the C8 led
    to trick 9 as a major penalty card; the C8 at trick 7), at no cost; the two never hold
    together, so the case has both sets, 96, each history contradicting one side, with every
    engine the accounts' worlds run. Agreed, the 57D play gives the same 48 histories as NS's
    account alone."""
    path = CASES / "law57d-disputed-by-the-other-side.yaml"
    case = solver.load_case(path)
    account = next(f for f in case.irregularities if f.by is not None)

    def histories(c: Any, engine: str = "auto") -> tuple[int, dict[str, int], frozenset[Any]]:
        found = solver.analyse(c, engine=engine, list_limit=LISTED)
        result = found.to_json()["histories"]
        return result["count"], result["min_cost"], frozenset(found.found.listed)

    ns_only = histories(dataclasses.replace(case, statements=()))
    ew_only = histories(dataclasses.replace(case, irregularities=()))
    agreed = dataclasses.replace(
        case, statements=(), irregularities=(dataclasses.replace(account, by=None),)
    )
    assert ns_only[:2] == ew_only[:2] == (48, {"cards": 0, "statements": 0})
    assert histories(agreed) == ns_only
    assert not ns_only[2] & ew_only[2]
    for engine in ("search", "cpsat"):
        both = histories(case, engine)
        assert both[:2] == (96, {"cards": 0, "statements": 1})
    assert both[2] == ns_only[2] | ew_only[2]
    assert analysed(path).to_json()["irregularities"][0]["by"] == "NS"


@pytest.mark.parametrize(
    ("name", "count", "without"),
    [
        ("law46b1b-win-fourth-hand-is-the-lowest-winner", 1, 1),
        ("law46b1b-win-second-hand-is-the-sure-winner", 2, 4),
        ("law46b3-a-rank-alone-at-dummys-lead", 1, 2),
        ("law46b5-play-anything-the-defenders-choose", 24, 24),
        ("law57c3-declarer-early-play-stands", 12, 32),
        ("law45c4b-declarer-corrects-a-slip-of-the-tongue", 1, 2),
        ("law45c4b-east-withdraws-his-card-after-the-correction", 1, 2),
        ("law46b4-a-card-dummy-no-longer-held-declarer-picks", 1, 2),
        ("law46b5-east-names-dummys-card", 1, 2),
        ("law47e2-a-lead-retracted-after-a-mistaken-explanation", 1, 2),
    ],
)
def test_a_call_or_an_early_card_prunes_as_worked(name: str, count: int, without: int) -> None:
    """46B1(b), 46B3, 46B4, 46B5, 57C3, 45C4(b), 47E2: the worked cases in the search and
    CP-SAT (python-constraint takes no eight-trick position; it is held to the brute force on
    small ones), each history the search lists legal by the reference semantics and among
    those of the same case without the fact ("play anything" takes nothing away)."""
    from solver.engines import cpsat

    case = solver.load_case(CASES / f"{name}.yaml")
    problem = compile_case(case)
    found = search.solve(problem, list_limit=LISTED)
    assert found.count == cpsat.solve(problem).count == count
    assert all(evaluate(problem, history).legal for history in found.listed)
    free = search.solve(
        compile_case(dataclasses.replace(case, irregularities=())), list_limit=LISTED
    )
    assert free.count == without
    assert set(found.listed) <= set(free.listed)


def test_play_anything_names_the_defenders_as_choosing() -> None:
    path = CASES / "law46b5-play-anything-the-defenders-choose.yaml"
    entry = analysed(path).to_json()["irregularities"][0]
    assert (entry["said"], entry["citation"], entry["chosen_by"]) == ("anything", "46B5", "EW")
    assert entry["option"] == "defender-picks-card"
    assert "judge-incontrovertible" not in [a.name for a in analysed(path).ruling.assumptions]


def _ending(case: Any) -> tuple[frozenset[tuple[int, int]], ...]:
    """The cards each seat still holds after the agreed tricks, as the minimax writes them."""
    played = {card for trick in case.agreed_tricks for card in trick.cards}
    return tuple(
        frozenset((c.index // 13, c.index % 13) for c in case.deal.hands[s] if c not in played)
        for s in range(4)
    )


def test_a_pending_law_52_choice_values_match_an_independent_minimax() -> None:
    """Law 52 pending: West led the D2 to trick 10 while his SQ was due. Each option's value is
    the independent minimax's on the four-card ending, plus the tricks already won: accepted,
    the D2 led with the queen still lying; rejected, the queen led and the D2 lying as a major
    penalty card."""
    path = CASES / "law52-failure-to-lead-choice-pending.yaml"
    queen, deuce = (0, Card.parse("SQ").index % 13), (2, 0)
    by_hand = {
        "accept-play": _west_leads(path, 4, deuce, lying=queen),
        "reject-play": _west_leads(path, 4, queen, lying=deuce),
    }
    assert by_hand == {"accept-play": 4, "reject-play": 3}
    assert _option_values(path, "option", won=6) == by_hand


def _west_leads(path: Path, size: int, card: tuple[int, int], lying: tuple[int, int]) -> int:
    """The independent minimax (``test_options_brute``, written without ``solver.laws``) on
    the case's ending of ``size`` cards a hand: declarer's side's tricks from there once West
    has led ``card`` with ``lying`` his one major penalty card (South declares)."""
    from tests.engines.test_options_brute import Brute

    case = solver.load_case(path)
    hands = _ending(case)
    assert all(len(hand) == size for hand in hands)
    west = 3
    rest = tuple(h - {card} if i == west else h for i, h in enumerate(hands))
    brute = Brute(case.contract.strain.trump_suit_index, 2)
    return brute._trick(rest, west, [card], {(west, "major"): frozenset({lying})}, {})


def _option_values(path: Path, key: str, won: int) -> dict[str, int]:
    """Each pending option's value (named by its ``key``) less the tricks already won, which
    must be ``won``."""
    assert analysed(path).ruling.declarer_tricks == won
    return {o[key]: o["double_dummy"] - won for o in analysed(path).to_json()["options"]}


def test_a_pending_law_52_choice_under_the_1987_laws_offers_acceptance_only() -> None:
    """The 1987 code's rejection is not applied (its effect is not settled): only acceptance
    is listed, and the report says why, values or not."""
    from solver.rulings.report import text_report

    case = solver.load_case(CASES / "law52-failure-to-lead-choice-pending.yaml")
    analysis = solver.analyse(dataclasses.replace(case, edition=1987), list_limit=10)
    found = analysis.to_json()
    assert [o["option"] for o in found["options"]] == ["accept-play"]
    assert "1987 Laws a rejection of the card led (52B2) is not applied" in found["options_remark"]
    assert "(under the 1987 Laws a rejection" in text_report(analysis)
    plain = analysed(CASES / "law52-failure-to-lead-choice-pending.yaml")
    assert "options_remark" not in plain.to_json()


def test_a_pending_51a_designation_values_match_an_independent_minimax() -> None:
    """51A pending: West, with the S9 and the H8 as major penalty cards, is on lead; declarer
    designates which he leads. Each option's value is the independent minimax's on the
    five-card ending (the card designated led, the other still lying), plus the tricks won."""
    path = CASES / "law51a-designation-pending.yaml"
    nine, eight = (0, 7), (1, 6)
    by_hand = {
        "S9": _west_leads(path, 5, nine, lying=eight),
        "H8": _west_leads(path, 5, eight, lying=nine),
    }
    assert by_hand == {"S9": 2, "H8": 1}
    assert _option_values(path, "card", won=3) == by_hand


def test_a_single_penalty_card_due_at_the_lead_is_no_choice() -> None:
    """50D1 with one major penalty card: the holder on lead must lead it, and declarer has
    nothing to designate, so nothing is pending (the same case with the H8 alone, ruled major
    by the director)."""
    case = solver.load_case(CASES / "law51a-designation-pending.yaml")
    one = tuple(
        dataclasses.replace(f, declared_class="major")
        for f in case.irregularities
        if getattr(f, "card", None) != Card.parse("S9")
    )
    alone = dataclasses.replace(case, irregularities=one)
    assert len(one) == 1
    assert solver.analyse(alone, list_limit=10).pending is None
    assert solver.analyse(case, list_limit=10).pending is not None


ORDER_PENDING = (
    "ex04-premature-play.yaml",
    "law57a-order-pending-partner-void-in-the-suit-led.yaml",
    "edition-2007-57a-order-pending-in-the-trick.yaml",
)
"""The cases that stop in a trick in progress with declarer's 57A order pending."""


@pytest.mark.parametrize("name", ORDER_PENDING)
def test_a_57a_order_pending_in_the_trick_values_match_an_independent_minimax(name: str) -> None:
    """57A pending in the trick play stopped in: South has led, East played a card before
    West. Each option's value is the independent minimax's (``test_options_brute``, written
    without ``solver.laws``) on the six-card ending from the trick as it stands, the order
    binding West's card and East's card a major penalty card, plus the four tricks won; and
    the options are the orders the edition gives, none naming the suit led."""
    from tests.engines.test_options_brute import Brute

    path = CASES / name
    case = solver.load_case(path)
    current = case.trick_in_progress
    assert current is not None and len(current.cards) == 1
    (premature,) = case.irregularities
    hands = _ending(case)
    assert all(len(hand) == 6 for hand in hands)
    lead = (current.cards[0].index // 13, current.cards[0].index % 13)
    leader, west = current.leader.index, premature.seat.partner.index
    rest = tuple(h - {lead} if i == leader else h for i, h in enumerate(hands))
    card = premature.card.index  # type: ignore[attr-defined]
    pen = {(premature.seat.index, "major"): frozenset({(card // 13, card % 13)})}
    brute = Brute(case.contract.strain.trump_suit_index, case.declarer.index)
    found = analysed(path).to_json()["options"]
    by_hand = [
        brute._trick(
            rest,
            leader,
            [lead],
            pen,
            {
                "order": (
                    west,
                    o["option"].removeprefix("partner-"),
                    "SHDC".find(o.get("suit", "-")),
                )
            },
        )
        for o in found
    ]
    assert [o["double_dummy"] - 4 for o in found] == by_hand
    others = [s for s in "SHDC" if "SHDC".index(s) != lead[0]]
    named = (
        ["partner-play-suit", "partner-not-suit"] if case.edition >= 2017 else ["partner-not-suit"]
    )
    expected = [("partner-highest", None), ("partner-lowest", None)]
    expected += [(option, suit) for option in named for suit in others]
    assert [(o["option"], o.get("suit")) for o in found] == expected


def test_a_pending_law_52_choice_at_a_card_followed_matches_an_independent_minimax() -> None:
    """Law 52 pending at a card played, not led, to the trick in progress: East led the S2 to
    trick 10, South played the S5 and West the S3 while his SQ was due. Each option's value
    is the independent minimax's on the four-card ending from the trick as it stands, plus
    the six tricks won: accepted, the S3 stands with the queen still lying; rejected, the
    queen goes to the trick and the S3 lies as a major penalty card."""
    from tests.engines.test_options_brute import Brute

    path = CASES / "law52-failure-to-follow-choice-pending.yaml"
    case = solver.load_case(path)
    current = case.trick_in_progress
    assert current is not None
    hands = _ending(case)
    assert all(len(hand) == 4 for hand in hands)
    east, west = 1, 3
    two, five, three, queen = (0, 0), (0, 3), (0, 1), (0, 10)
    assert [(c.index // 13, c.index % 13) for c in current.cards] == [two, five, three]

    def after(played: dict[int, tuple[int, int]]) -> tuple[frozenset[tuple[int, int]], ...]:
        return tuple(h - {played[i]} if i in played else h for i, h in enumerate(hands))

    brute = Brute(case.contract.strain.trump_suit_index, case.declarer.index)
    by_hand = {
        "accept-play": brute._trick(
            after({east: two, 2: five, west: three}),
            east,
            [two, five, three],
            {(west, "major"): frozenset({queen})},
            {},
        ),
        "reject-play": brute._trick(
            after({east: two, 2: five, west: queen}),
            east,
            [two, five, queen],
            {(west, "major"): frozenset({three})},
            {},
        ),
    }
    assert by_hand == {"accept-play": 4, "reject-play": 3}
    assert _option_values(path, "option", won=6) == by_hand


def test_only_acceptance_is_open_once_declarer_has_played_again() -> None:
    """A card played instead of a penalty card, followed by dummy's card (North's S3 after
    West's D2, his H7 due on the spade he cannot follow): declarer has played again from
    dummy, so only acceptance is listed (52B1), and the remark says why."""
    data = yaml.safe_load(
        (CASES / "law57a-order-pending-partner-void-in-the-suit-led.yaml").read_text()
    )
    data["play"]["tricks"][8] = "S: S6 D2 S3"
    data["play"]["irregularities"] = [
        {"penalty_card": {"seat": "W", "card": "H7", "trick": 8, "how": "deliberate"}},
        {"failure_to_play": {"seat": "W", "card": "D2", "trick": 8}},
    ]
    found = solver.analyse(solver.case_from_dict(data), list_limit=10).to_json()
    assert [o["option"] for o in found["options"]] == ["accept-play"]
    assert "only acceptance is open (Law 52B1)" in found["options_remark"]
    data["play"]["tricks"][8] = "S: S6 D2"
    both = solver.analyse(solver.case_from_dict(data), list_limit=10).to_json()
    assert [o["option"] for o in both["options"]] == ["accept-play", "reject-play"]


def test_a_card_followed_that_is_no_failure_is_refused() -> None:
    """West follows South's HJ with his H7 while his CJ lies as a major penalty card: he must
    follow suit, so the club was not due and the H7 was a legal play (52A): the case is
    refused, naming the fact and why, rather than ruled impossible."""
    data = yaml.safe_load((CASES / "ex04-premature-play.yaml").read_text())
    data["play"]["tricks"][8] = "S: HJ H7"
    data["play"]["irregularities"] = [
        {"penalty_card": {"seat": "W", "card": "CJ", "trick": 8, "how": "deliberate"}},
        {"failure_to_play": {"seat": "W", "card": "H7", "trick": 8}},
    ]
    with pytest.raises(solver.CaseFileError, match="H7 was a legal play there"):
        solver.analyse(solver.case_from_dict(data))


LEAD_ALONE = {
    "law56-lead-out-of-turn-pending-in-the-trick.yaml": 8,
    "law54-opening-lead-out-of-turn-in-the-trick.yaml": 1,
}
"""The cases whose trick in progress is a lead out of turn alone, its answer pending, with the
trick they give it at."""


@pytest.mark.parametrize("name", sorted(LEAD_ALONE))
def test_a_lead_out_of_turn_alone_in_the_trick_is_that_lead_where_play_stopped(name: str) -> None:
    """The lead out of turn given as the trick in progress, alone, its answer pending, tells
    what the same lead with that trick left out tells: the engines read no trick in progress,
    and the options and their values are the same."""
    path = CASES / name
    data = yaml.safe_load(path.read_text())
    trick = LEAD_ALONE[name]
    del data["play"]["tricks"][trick]
    if not data["play"]["tricks"]:
        del data["play"]["tricks"]
    without = solver.analyse(solver.case_from_dict(data), list_limit=10).to_json()
    case = solver.load_case(path)
    assert case.trick_in_progress is not None
    assert compile_case(case).in_progress is None
    found = analysed(path).to_json()
    assert found["options"] == without["options"]
    assert len(found["options"]) >= 2
    assert found["histories"]["count"] == without["histories"]["count"]


def test_a_pending_lead_out_of_turn_in_the_trick_matches_an_independent_minimax() -> None:
    """West led the D2 out of turn to trick 8 (South to lead). Accepted, West's D2 is the lead
    and play goes on from it; refused, South leads with the D2 a major penalty card of West.
    Each value is the independent minimax's on the six-card ending, plus the four tricks won."""
    from tests.engines.test_options_brute import Brute

    path = CASES / "law56-lead-out-of-turn-pending-in-the-trick.yaml"
    case = solver.load_case(path)
    hands = _ending(case)
    assert all(len(hand) == 6 for hand in hands)
    south, west, deuce = 2, 3, (2, 0)
    brute = Brute(case.contract.strain.trump_suit_index, case.declarer.index)
    rest = tuple(h - {deuce} if i == west else h for i, h in enumerate(hands))
    by_hand = {
        "accept-lead": brute._trick(rest, west, [deuce], {}, {}),
        "refuse-lead": brute._trick(hands, south, [], {(west, "major"): frozenset({deuce})}, {}),
    }
    assert by_hand == {"accept-lead": 5, "refuse-lead": 6}
    assert _option_values(path, "option", won=4) == by_hand


REFUSED_IN_TRICK = CASES / "law56-lead-out-of-turn-refused-in-the-trick.yaml"


@pytest.mark.parametrize(
    ("trick", "choice", "count"),
    [
        ("W: H9 C2 HA", None, 1),
        ("W: H9 C2 HK", None, 1),
        ("W: H9 C2 HA", "leave-penalty-card", 0),
        ("W: H9 C2 HK", "leave-penalty-card", 1),
        ("W: H9 C2 HA", "require-suit", 1),
        ("W: S2 S7 SK", "forbid-suit", 1),
        ("W: H9", "forbid-suit", 0),
    ],
)
def test_the_cards_after_a_refused_lead_out_of_turn_obey_declarers_choice(
    trick: str, choice: str | None, count: int
) -> None:
    """East's HK refused at trick 5: the king lies as his major penalty card, and West's lead
    comes with declarer's 50D2 choice. The trick in progress fits the options its cards obey
    (any, when none is recorded): the ace from East only once hearts were required (the king
    then back in his hand), no heart from West once they were forbidden. Every engine agrees
    with the brute force."""
    from tests.engines.agreement import check_all

    data = yaml.safe_load(REFUSED_IN_TRICK.read_text())
    data["play"]["tricks"][5] = trick
    if choice is not None:
        entry: dict[str, Any] = {"trick": 5, "by": "S", "law": "50D2", "option": choice}
        if choice != "leave-penalty-card":
            entry["suit"] = "H"
        data["play"]["irregularities"].append({"choice": entry})
    problem = compile_case(solver.case_from_dict(data))
    expected = check_all(problem, every_failure=True)
    assert expected.count == count


DESIGNATION_IN_TRICK = {
    "law51a-designation-pending-in-the-trick.yaml": ((3, 2), (0, 0), {"SQ": 2, "H4": 1}),
    "law50d1-designation-pending-in-the-trick.yaml": ((0, 5), (0, 3), {"SQ": 4, "S9": 4}),
}
"""The cases where play stopped in trick 8 at West's turn, declarer's designation pending:
East's lead and South's card, and each card's value by hand (the minimax) less the tricks
won."""


@pytest.mark.parametrize("name", sorted(DESIGNATION_IN_TRICK))
def test_a_designation_pending_in_the_trick_matches_an_independent_minimax(name: str) -> None:
    """50D1 and 51A pending at a card followed: West, with two major penalty cards, is to play
    to trick 8 after East's lead and South's card, and may play either. Each option's value
    is the independent minimax's on the six-card ending from the trick as it stands (that
    card played, the other still lying), plus the three tricks won."""
    from tests.engines.test_options_brute import Brute

    lead, second, expected = DESIGNATION_IN_TRICK[name]
    path = CASES / name
    case = solver.load_case(path)
    hands = _ending(case)
    east, south, west = 1, 2, 3
    pcs = {
        (f.card.index // 13, f.card.index % 13): str(f.card)
        for f in case.irregularities
        if isinstance(f, PenaltyCard)
    }
    brute = Brute(case.contract.strain.trump_suit_index, case.declarer.index)
    by_hand = {}
    for card, text in pcs.items():
        played = {east: lead, south: second, west: card}
        rest = tuple(h - {played[i]} if i in played else h for i, h in enumerate(hands))
        lying = {(west, "major"): frozenset(pcs) - {card}}
        by_hand[text] = brute._trick(rest, east, [lead, second, card], lying, {})
    assert by_hand == expected
    assert _option_values(path, "card", won=3) == by_hand


def test_a_designation_in_the_trick_waits_for_declarers_choice_before_the_lead() -> None:
    """The 51A case with declarer's 51B choice before East's lead left out: requiring or
    forbidding a suit would have taken a penalty card back, so whether West has two to
    choose from depends on that choice; no option is listed, and the note says why."""
    data = yaml.safe_load((CASES / "law51a-designation-pending-in-the-trick.yaml").read_text())
    data["play"]["irregularities"] = [
        entry for entry in data["play"]["irregularities"] if "choice" not in entry
    ]
    found = solver.analyse(solver.case_from_dict(data), list_limit=10).to_json()
    assert found["options"] == []
    assert "his choice before its lead, not recorded" in found["options_note"]


@pytest.mark.parametrize(
    ("name", "letter"),
    [
        ("law57c3-declarer-early-play-stands", "57C3"),  # 2017: C1, C2 the exemptions
        ("published-tricity-2016-57a-forbid-a-heart", "57C2"),  # 2007: C1 holds both
    ],
)
def test_declarers_early_play_is_cited_by_its_editions_letter(name: str, letter: str) -> None:
    found = analysed(CASES / f"{name}.yaml").to_json()
    (early,) = [e for e in found["irregularities"] if e["kind"] == "declarer_played_early"]
    assert early["citation"] == letter
    (reading,) = [
        a for a in found["ruling"]["assumptions"] if a["name"] == "interp-57C3-illegal-withdrawn"
    ]
    assert reading["citation"] == letter


@by_stem
def test_every_outcome_group_says_its_choices(path: Path) -> None:
    """After an irregularity every outcome group has ``choices`` (empty when none was made,
    docs/case-format.md): revoke groups too, as beside a penalty card (64A, 64B3)."""
    outcomes = analysed(path).to_json()["outcomes"]
    assert all("choices" in outcome for outcome in outcomes), path.name
