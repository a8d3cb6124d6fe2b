"""Irregularities during play as the case file gives them: read, checked, classed, reported.

The reading of each kind (agreed and owned), Law 50B's classes on the worked examples of
``cases/irregularities/`` and on constructed cards, and the listing in the JSON, the text and
the HTML reports. The broken files of ``cases/invalid/irregularity-*.yaml`` are run by
``tests/test_cli.py`` with their exact messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import solver
from solver.bridge import Card, Seat, Side
from solver.errors import CaseFileError, InternalError
from solver.facts.irregularity import Choice, LeadOutOfTurn, PenaltyCard, PrematurePlay
from solver.laws.law50 import law50b_citation, law50b_classes_at, law50b_penalty_class
from solver.records import loads_case
from solver.rulings.irregularities import irregularities_json, irregularity_lines
from solver.rulings.report import html_document, html_report, text_report

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "cases" / "irregularities"
EXAMPLE_FILES = sorted(EXAMPLES.glob("ex*.yaml"))
"""The worked examples (the other cases of the folder are built for the engines' tests)."""

BOARD = """\
title: "Board 4: 4H by South, play stopped after trick 4"
deal: "N:AT.KJ97.A7.T9643 QJ8762.64.J863.Q 5.QT53.KT52.AK85 K943.A82.Q94.J72"
contract: 4H
declarer: S
{edition}play:
  rows:
    N: "C3 HJ H7 H9"
    E: "CQ H6 H4 S8"
    S: "CA H3 HT H5"
    W: "C2 H2 HA H8"
  tricks:
    1: "W: C2 C3 CQ CA"
    2: "S: H3 H2 HJ H6"
    3: "N: H7 H4 HT HA"
    4: "W: H8 H9 S8 H5"
  irregularities:
{entries}{statements}"""
"""Board 4 after four agreed tricks (North won the fourth: he leads trick 5); defenders E, W."""


def case_with(entries: list[str], statements: str = "", edition: int | None = None) -> Any:
    text = BOARD.format(
        entries="".join(f"    - {entry}\n" for entry in entries) or "    []\n",
        statements=statements,
        edition="" if edition is None else f"edition: {edition}\n",
    )
    if not entries:
        text = text.replace("  irregularities:\n    []\n", "")
    return loads_case(text, "board4.yaml")


def refused(entries: list[str], statements: str = "", edition: int | None = None) -> str:
    with pytest.raises(CaseFileError) as caught:
        case_with(entries, statements, edition)
    return str(caught.value)


def card(text: str) -> Card:
    return Card.parse(text)


# -- reading ------------------------------------------------------------------------------------


def test_every_kind_is_read_as_agreed() -> None:
    case = case_with(
        [
            "penalty_card: {seat: W, card: SK, trick: 5, how: inadvertent}",
            "lead_out_of_turn: {seat: E, card: DJ, trick: 5, response: refused}",
            "premature: {seat: W, card: C7, trick: 5}",
            "choice: {trick: 5, by: S, law: 50D2, option: forbid-suit, suit: S}",
            "penalty_card: {seat: E, card: D3, trick: 5, how: second-card, class: major}",
        ]
    )
    assert case.irregularities == (
        PenaltyCard(Seat.W, card("SK"), 5, "inadvertent"),
        LeadOutOfTurn(Seat.E, card("DJ"), 5, response="refused"),
        PrematurePlay(Seat.W, card("C7"), 5),
        Choice(5, Seat.S, "50D2", "forbid-suit", suits=(0,)),
        PenaltyCard(Seat.E, card("D3"), 5, "second-card", declared_class="major"),
    )
    assert all(fact.by is None for fact in case.irregularities)


def test_a_statement_of_an_irregularity_is_owned_and_keeps_the_other_numbers_dense() -> None:
    statements = """\
statements:
  - by: EW
    irregularity: {premature: {seat: W, card: C7, trick: 5}}
  - by: NS
    declarer_tricks: 3
  - by: N
    irregularity: {lead_out_of_turn: {seat: E, card: DJ, trick: 5}}
  - by: agreed
    irregularity: {penalty_card: {seat: W, card: SK, trick: 5, how: deliberate}}
  - by: EW
    declarer_tricks: 2
"""
    case = case_with([], statements)
    assert case.irregularities == (
        PrematurePlay(Seat.W, card("C7"), 5, by=Side.EW),
        LeadOutOfTurn(Seat.E, card("DJ"), 5, by=Seat.N),
        PenaltyCard(Seat.W, card("SK"), 5, "deliberate"),
    )
    assert [(s.index, s.by, s.declarer_tricks) for s in case.statements] == [
        (0, Side.NS, 3),
        (1, Side.EW, 2),
    ]


def test_a_case_without_irregularities_reads_as_before() -> None:
    assert case_with([]).irregularities == ()


@pytest.mark.parametrize(
    ("written", "suits"),
    [("suits: SH", (0, 1)), ("suits: [S, H]", (0, 1)), ("suits: 'C D'", (3, 2)), ("suit: D", (2,))],
)
def test_forbid_suits_takes_its_suits_in_any_of_the_written_forms(
    written: str, suits: tuple[int, ...]
) -> None:
    choice = f"choice: {{trick: 5, by: S, law: 51B, option: forbid-suits, {written}}}"
    (fact,) = case_with([choice]).irregularities
    assert isinstance(fact, Choice) and fact.suits == suits


def test_a_law_given_as_a_number_and_a_card_option() -> None:
    case = case_with(
        [
            "choice: {trick: 4, by: S, law: 52, option: accept-play}",
            "choice: {trick: 5, by: S, law: 51a, option: designate-penalty-card, card: SK}",
        ]
    )
    assert [(c.law, c.option, c.card) for c in case.irregularities if isinstance(c, Choice)] == [
        ("52", "accept-play", None),
        ("51A", "designate-penalty-card", card("SK")),
    ]


def test_a_law_52_choice_is_made_at_a_trick_played_not_where_play_stopped() -> None:
    """Where play stopped nothing was yet accepted or rejected: the choice would answer
    nothing there, and was listed and ignored."""
    message = refused(["choice: {trick: 5, by: S, law: 52, option: accept-play}"])
    assert "play stopped after trick 4" in message
    assert "expected the wrong card as failure_to_play at trick 5" in message


def test_law_54_may_be_written_with_the_letter_of_its_option() -> None:
    text = (EXAMPLES / "law54a-declarer-becomes-dummy.yaml").read_text(encoding="utf-8")
    written = "law: 54A, option: declarer-becomes-dummy"
    assert written in text
    case = loads_case(text, "law54a.yaml")
    assert [(c.law, c.option) for c in case.irregularities if isinstance(c, Choice)] == [
        ("54", "declarer-becomes-dummy")
    ]
    with pytest.raises(CaseFileError, match="which Law 54D does not give; expected refuse-lead"):
        loads_case(text.replace(written, "law: 54d, option: accept-lead"), "law54a.yaml")


def test_the_trick_play_stopped_at_is_allowed_and_the_one_after_is_not() -> None:
    assert case_with(["premature: {seat: W, card: C7, trick: 5}"]).irregularities
    assert "at trick 5 at the latest" in refused(["premature: {seat: W, card: C7, trick: 6}"])


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "lead_out_of_turn: {seat: S, card: DK, trick: 5}",
            "",  # declarer's lead out of turn to trick 5: North had the lead
        ),
        (
            "choice: {trick: 5, by: N, law: 58, option: replace-own-card}",
            "choice.by: North is dummy, who makes no choice under Law 58",
        ),
        (
            "choice: {trick: 5, by: S, law: 57A, option: partner-highest, suit: S}",
            "choice.suit: partner-highest names no suit",
        ),
        (
            "choice: {trick: 5, by: S, law: 51B, option: require-suit, suits: [S, H]}",
            "choice.suits: require-suit names one suit: write suit: S",
        ),
        (
            "choice: {trick: 5, by: S, law: 51A, option: designate-penalty-card}",
            "choice.card: designate-penalty-card needs the card, like card: SQ",
        ),
        (
            "choice: {trick: 5, by: S, law: 51A, option: designate-penalty-card, card: SA}",
            "choice.card: card SA is North's: a penalty card is a defender's",
        ),
        (
            "choice: {trick: 5, by: S, law: 51B, option: forbid-suits, suits: SS}",
            "choice.suits: got 'SS'; expected one or more different suits",
        ),
        (
            "choice: {trick: 5, by: S, law: 57A, option: partner-play-suit, suit: X}",
            "choice.suit: got 'X' (expected S, H, D or C)",
        ),
    ],
)
def test_further_checks_of_an_entry(entry: str, message: str) -> None:
    if not message:
        assert case_with([entry]).irregularities
        return
    assert refused([entry]).startswith(f"board4.yaml: play.irregularities.0.{message}")


def test_the_chooser_under_53a_is_an_opponent_of_the_recorded_offender() -> None:
    loot = "lead_out_of_turn: {seat: E, card: DJ, trick: 5}"
    assert case_with([loot, "choice: {trick: 5, by: S, law: 53A, option: accept-lead}"])
    message = refused([loot, "choice: {trick: 5, by: W, law: 53A, option: refuse-lead}"])
    assert message == (
        "board4.yaml: play.irregularities.1.choice.by: Law 53A gives the choice to an opponent "
        "of East, who led out of turn to trick 5; expected declarer (S)"
    )
    declarer_lead = "lead_out_of_turn: {seat: S, card: DK, trick: 5}"
    message = refused([declarer_lead, "choice: {trick: 5, by: S, law: 53A, option: accept-lead}"])
    assert "Law 53A gives the choice to a defender (W or E) for S's lead" in message


def test_acceptance_at_trick_13_is_refused_under_2017_only() -> None:
    text = (
        'title: "t"\ndeal: "N:AT.KJ97.A7.T9643 QJ8762.64.J863.Q 5.QT53.KT52.AK85 '
        'K943.A82.Q94.J72"\ncontract: 4H\ndeclarer: S\n{edition}play:\n  irregularities:\n'
        "    - lead_out_of_turn: {{seat: E, card: D3, trick: 13, response: accepted}}\n"
    )
    with pytest.raises(CaseFileError, match="no lead out of turn is accepted at trick 13"):
        loads_case(text.format(edition=""), "t.yaml")
    assert loads_case(text.format(edition="edition: 2007\n"), "t.yaml").irregularities


def test_edition_1987_is_read_but_a_revoke_under_it_is_refused() -> None:
    assert case_with([], edition=1987).edition == 1987
    allegation = "statements:\n  - {by: NS, revoke: {seat: E, trick: 1}}\n"
    with pytest.raises(CaseFileError, match=r"statements\.0\.revoke: a revoke under the 1987"):
        case_with([], allegation, edition=1987)


# -- Law 50B ------------------------------------------------------------------------------------


def pc(seat: str, text: str, trick: int, how: str = "inadvertent", **kw: Any) -> PenaltyCard:
    return PenaltyCard(Seat.parse(seat), card(text), trick, how, **kw)  # type: ignore[arg-type]


def example(name: str) -> Any:
    return solver.load_case(EXAMPLES / f"{name}.yaml")


def classes(case: Any, trick: int) -> dict[str, str]:
    cards = [f for f in case.irregularities if isinstance(f, PenaltyCard)]
    found = law50b_classes_at(cards, trick, edition=case.edition)
    return {str(c.card.card): c.penalty_class for seated in found.values() for c in seated}


def test_worked_example_1_the_queen_is_major_as_an_honour() -> None:
    case = example("ex01-major-penalty-card-due")
    assert classes(case, 8) == {"SQ": "major"}
    (only,) = law50b_classes_at([case.irregularities[0]], 8)[Seat.W]
    assert only.reason.citation == "50B"
    assert "SQ is an honour" in only.reason.text


def test_worked_example_8_two_penalty_cards_are_both_major() -> None:
    case = example("ex08-two-penalty-cards")
    assert classes(case, 8) == {"SQ": "major", "H4": "major"}
    four = law50b_penalty_class(case.irregularities[1], other_penalty_card=False)
    assert four.penalty_class == "minor", "alone, the four would be minor"


def test_worked_example_10_the_dropped_five_is_minor_until_a_second_card() -> None:
    case = example("ex10-minor-penalty-card")
    assert classes(case, 8) == {"C5": "minor"}
    five = case.irregularities[0]
    second = pc("W", "D7", 9)
    assert classes_of([five, second], 9) == {"C5": "major", "D7": "major"}
    assert classes_of([five, second], 8) == {"C5": "minor"}


def classes_of(cards: list[PenaltyCard], trick: int, **kw: Any) -> dict[str, str]:
    found = law50b_classes_at(cards, trick, **kw)
    return {str(c.card.card): c.penalty_class for seated in found.values() for c in seated}


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("inadvertent", "minor"),
        ("second-card", "minor"),  # the two cards shown together: the spare one
        ("deliberate", "major"),
        ("lead-out-of-turn", "major"),
        ("premature", "major"),
        ("exposed", "major"),
    ],
)
def test_how_the_card_was_exposed(how: str, expected: str) -> None:
    result = law50b_penalty_class(pc("W", "C3", 5, how), other_penalty_card=False)
    assert result.penalty_class == expected
    assumption = result.assumption
    assert (assumption is not None and assumption.name) == (
        how == "exposed" and "judge-inadvertent"
    )


@pytest.mark.parametrize("rank", ["A", "K", "Q", "J", "T"])
def test_every_honour_is_major_and_the_nine_is_not(rank: str) -> None:
    assert law50b_penalty_class(pc("E", f"H{rank}", 2), other_penalty_card=False).penalty_class == (
        "major"
    )
    assert law50b_penalty_class(pc("E", "H9", 2), other_penalty_card=False).penalty_class == "minor"


def test_the_directors_class_overrides_as_a_named_assumption() -> None:
    result = law50b_penalty_class(
        pc("W", "C3", 5, declared_class="major"), other_penalty_card=False
    )
    assert result.penalty_class == "major"
    assert result.assumption is not None
    assert (result.assumption.name, result.assumption.citation) == ("judge-penalty-class", "50B")
    assert "where minor follows from the conditions of Law 50B" in result.assumption.text
    lowered = law50b_penalty_class(
        pc("W", "CA", 5, declared_class="minor"), other_penalty_card=False
    )
    assert lowered.penalty_class == "minor"


def test_a_card_once_major_stays_major_once_the_other_has_gone() -> None:
    five, queen = pc("W", "C5", 3), pc("W", "SQ", 5, "deliberate")
    gone = {card("SQ"): 7}  # the queen played to trick 6
    at_8 = law50b_classes_at([five, queen], 8, gone=gone)[Seat.W]
    assert [(str(c.card.card), c.penalty_class) for c in at_8] == [("C5", "major")]
    assert at_8[0].assumption is not None
    assert at_8[0].assumption.name == "interp-major-stays-major"
    # Gone before the queen came, the five never lay beside it.
    assert classes_of([five, queen], 8, gone={card("C5"): 5}) == {"SQ": "major"}


def test_the_defenders_cards_are_classed_apart() -> None:
    assert classes_of([pc("W", "C5", 3), pc("E", "D4", 3)], 3) == {"C5": "minor", "D4": "minor"}


def test_editions_the_1987_conditions_are_the_same_cited_50c() -> None:
    five = pc("W", "C5", 3)
    for edition in (2017, 2007, 1997, 1987):
        assert law50b_penalty_class(
            five, other_penalty_card=False, edition=edition
        ).penalty_class == ("minor")
        assert law50b_penalty_class(
            five, other_penalty_card=True, edition=edition
        ).penalty_class == ("major")
    assert [law50b_citation(e) for e in (2017, 2007, 1997, 1987)] == ["50B", "50B", "50B", "50C"]
    old = law50b_penalty_class(five, other_penalty_card=False, edition=1987)
    assert "1987 code" in old.reason.text
    with pytest.raises(InternalError):
        law50b_citation(1975)


# -- the worked examples ------------------------------------------------------------------------


def test_there_are_the_worked_examples_named_by_the_task() -> None:
    stems = {p.stem.split("-")[0] for p in EXAMPLE_FILES}
    assert {"ex01", "ex02", "ex03", "ex04", "ex07", "ex08", "ex10", "ex12"} <= stems


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_a_worked_example_is_a_complete_deal_with_its_irregularity(path: Path) -> None:
    case = solver.load_case(path)
    assert case.irregularities
    assert case.expect is not None  # checked by tests/test_irregularity_cases.py
    assert sorted(len(case.deal.hand(seat)) for seat in Seat) == [13, 13, 13, 13]
    played = len(case.agreed_tricks)
    assert [t.number for t in case.agreed_tricks] == list(range(1, played + 1))
    assert all(fact.trick in (played, played + 1) for fact in case.irregularities)


@pytest.mark.parametrize(
    "path",
    EXAMPLE_FILES,
    ids=[p.stem for p in EXAMPLE_FILES],
)
def test_the_agreed_play_of_a_worked_example_obeys_law_44(path: Path) -> None:
    """One history: the agreed tricks themselves (ex03 has none: play stopped before trick 1)."""
    analysis = solver.analyse(solver.load_case(path), list_limit=1)
    assert analysis.status == "decided"
    assert analysis.found.count == 1


# -- the reports --------------------------------------------------------------------------------


def test_json_lists_each_irregularity_with_its_citation_and_class() -> None:
    case = case_with(
        [
            "penalty_card: {seat: W, card: C7, trick: 3, how: inadvertent}",
            "lead_out_of_turn: {seat: E, card: DJ, trick: 5, response: refused}",
            "choice: {trick: 5, by: S, law: 56, option: refuse-lead}",
            "premature: {seat: W, card: S3, trick: 5}",
        ],
        "statements:\n  - by: NS\n    irregularity: {penalty_card: {seat: E, card: D3, trick: 5,"
        " how: exposed}}\n",
    )
    entries = irregularities_json(case)
    assert entries[0] == {
        "kind": "penalty_card",
        "seat": "W",
        "card": "C7",
        "trick": 3,
        "by": None,
        "how": "inadvertent",
        "exposure": {
            "citation": "49",
            "reason": "West's C7 was exposed by accident outside the normal course of play: a "
            "defender's exposed card lies face up as a penalty card (Law 50)",
        },
        "citation": "50B",
        "class": "minor",
        "reason": "West's C7 is a minor penalty card: a single card below the ten, exposed "
        "inadvertently, and he has no other penalty card",
        "major_from_trick": 5,
    }
    assert entries[1] == {
        "kind": "lead_out_of_turn",
        "seat": "E",
        "card": "DJ",
        "trick": 5,
        "by": None,
        "citation": "56",
        "response": "refused",
    }
    assert entries[2] == {
        "kind": "choice",
        "seat": "S",
        "card": None,
        "trick": 5,
        "by": None,
        "citation": "56",
        "option": "refuse-lead",
    }
    assert entries[3]["citation"] == "57A"
    owned = entries[4]
    assert (owned["by"], owned["class"], owned["assumption"]["name"]) == (
        "NS",
        "major",
        "judge-inadvertent",
    )
    assert "East has another penalty card" in owned["reason"], "the refused lead's jack"
    assert owned["exposure"]["citation"] == "49"


def test_the_law_that_put_a_penalty_card_on_the_table_is_cited_before_its_class() -> None:
    """Law 49 for a card exposed, 58B2 for a card played with another; a card a refused lead
    or a premature play leaves is cited by that entry (56, 57A), not twice."""
    case = case_with(
        [
            "penalty_card: {seat: W, card: C7, trick: 3, how: exposed}",
            "penalty_card: {seat: E, card: D6, trick: 4, how: second-card}",
            "premature: {seat: W, card: S3, trick: 5}",
        ]
    )
    entries = irregularities_json(case)
    assert [entry.get("exposure", {}).get("citation") for entry in entries] == ["49", "58B2", None]
    report = "\n".join(irregularity_lines(case))
    assert "    Law 49: West's C7 was exposed (seen by partner or named as held)" in report
    assert report.index("Law 49: West's C7") < report.index("Law 50B: West's C7")
    assert "    Law 58B2: East's D6 was played to a trick at the same time" in report


def test_each_sides_account_is_classed_with_the_agreed_facts_alone() -> None:
    statements = "".join(
        f"  - by: {side}\n    irregularity: {{penalty_card: {{seat: W, card: {c}, trick: 5, "
        "how: inadvertent}}\n"
        for side, c in (("NS", "C7"), ("EW", "S3"))
    )
    case = case_with([], "statements:\n" + statements)
    assert [(e["by"], e["card"], e["class"]) for e in irregularities_json(case)] == [
        ("NS", "C7", "minor"),
        ("EW", "S3", "minor"),
    ]
    agreed = case_with(
        ["penalty_card: {seat: W, card: DQ, trick: 5, how: inadvertent}"],
        "statements:\n" + statements,
    )
    assert [e["class"] for e in irregularities_json(agreed)] == ["major", "major", "major"]


def test_the_json_of_an_analysis_has_irregularities_only_when_the_case_does() -> None:
    with_them = solver.analyse(example("ex10-minor-penalty-card"), list_limit=1)
    data = json.loads(json.dumps(with_them.to_json()))
    assert [(e["kind"], e["card"], e["class"]) for e in data["irregularities"]] == [
        ("penalty_card", "C5", "minor")
    ]
    without = solver.analyse(solver.load_case(ROOT / "cases" / "abandoned-after-4.yaml"))
    assert "irregularities" not in without.to_json()
    assert "Irregularities" not in text_report(without)
    assert "Irregularities" not in html_document(without)


def test_the_text_and_html_reports_list_them_under_a_heading() -> None:
    analysis = solver.analyse(example("ex02-forbid-suit-chosen"), list_limit=1)
    report = text_report(analysis)
    heading = "Irregularities during play (as the case gives them; Laws 45-60)"
    assert f"\n{heading}\n" in report
    assert "  agreed: W SQ lies as a penalty card from trick 8 (inadvertent): a major penalty" in (
        report
    )
    assert "  agreed: S chose forbid-suit S (Law 50D2) at trick 8\n" in report
    assert heading in html_report(analysis)
    document = html_document(analysis)
    assert f"<section><h2>{heading}</h2>" in document
    assert "Law 50B: West&#x27;s SQ is a major penalty card" in document
    assert irregularity_lines(analysis.case)[1] == heading


def test_an_accounts_choice_is_checked_against_the_lead_of_the_same_side() -> None:
    statements = """\
statements:
  - by: N
    irregularity: {lead_out_of_turn: {seat: E, card: DJ, trick: 5}}
  - by: NS
    irregularity: {choice: {trick: 5, by: W, law: 53A, option: accept-lead}}
"""
    with pytest.raises(CaseFileError, match=r"statements\.1\.irregularity\.choice\.by: Law 53A"):
        case_with([], statements)
    other_side = statements.replace("by: NS", "by: EW")
    assert len(case_with([], other_side).irregularities) == 2


# -- Law 52B2: a rejected failure to play a penalty card ------------------------------------------

EAST_SQ = "penalty_card: {seat: E, card: SQ, trick: 4, how: inadvertent}"


def rejection_refused(entries: list[str], edition: int | None = None) -> str:
    """The message compiling the case for the engines gives (the rejection is checked by the
    laws, ``law52.law52b2_rejection``, where the reader leaves it)."""
    from solver.laws.irregular_play import compile_irregularities

    case = case_with(entries, edition=edition)
    with pytest.raises(CaseFileError) as caught:
        compile_irregularities(case)
    return str(caught.value)


def test_a_rejection_names_the_wrong_card_and_leaves_it_a_major_penalty_card() -> None:
    """East's SQ lies from trick 4; he discarded S8 on the heart lead instead and declarer
    required the queen (52B2): the queen is East's card to trick 4, the eight a major penalty
    card from trick 5, and the choice cites 52B2."""
    from solver.laws.irregular_play import compile_irregularities, designated_plays

    case = case_with([EAST_SQ, "choice: {trick: 4, by: S, law: 52, option: reject-play, card: S8}"])
    choice = case.irregularities[1]
    assert isinstance(choice, Choice) and choice.card == card("S8")
    assert designated_plays(case) == ((3, Seat.E.index, card("SQ").index),)
    program = compile_irregularities(case)
    assert program is not None
    assert program.penalty_cards[4] == ((Seat.E.index, card("S8").index, True),)
    assert program.accepted_failures == frozenset()
    entry = irregularities_json(case)[1]
    assert (entry["citation"], entry["option"], entry["card"]) == ("52B2", "reject-play", "S8")
    assert any("major penalty card from trick 5" in line for line in irregularity_lines(case))


def test_an_acceptance_cites_52b1() -> None:
    case = case_with([EAST_SQ, "choice: {trick: 4, by: S, law: 52, option: accept-play}"])
    assert irregularities_json(case)[1]["citation"] == "52B1"


@pytest.mark.parametrize(
    ("entry", "edition", "message"),
    [
        ("card: SQ", None, "SQ is East's penalty card itself"),
        ("card: SK", None, "the case gives West, who holds SK, no penalty card lying at trick 4"),
        ("card: DK", None, "DK is South's: declarer's and dummy's cards never become penalty"),
        ("card: S8", 1987, "the effect of a rejection (52B2) under the 1987 Laws is not settled"),
    ],
)
def test_a_rejection_is_checked_against_the_case(
    entry: str, edition: int | None, message: str
) -> None:
    choice = f"choice: {{trick: 4, by: S, law: 52, option: reject-play, {entry}}}"
    said = rejection_refused([EAST_SQ, choice], edition)
    assert said.startswith("board4.yaml: play.irregularities: S chose reject-play")
    assert message in said


def test_a_rejection_at_the_trick_play_stopped_at_is_not_valued() -> None:
    later = "penalty_card: {seat: E, card: SQ, trick: 5, how: inadvertent}"
    choice = "choice: {trick: 5, by: S, law: 52, option: reject-play, card: S7}"
    assert "play stopped after trick 4" in refused([later, choice])  # the reader says so


def test_a_rejection_needs_the_card_and_an_acceptance_names_none() -> None:
    without = "choice: {trick: 4, by: S, law: 52, option: reject-play}"
    assert "reject-play needs the card, like card: SQ" in refused([EAST_SQ, without])
    named = "choice: {trick: 4, by: S, law: 52, option: accept-play, card: S8}"
    assert "accept-play names no card" in refused([EAST_SQ, named])


@pytest.mark.parametrize(
    ("written", "rank"), [('"Q"', 10), ("9", 7), ("10", 8), ('"t"', 8), ('"2"', 0)]
)
def test_a_rank_alone_is_read_as_written(written: str, rank: int) -> None:
    """46B3: ``said: rank`` takes its rank as a letter or a number (10 or T for the ten); the
    JSON gives it back as a letter, the report as a rank with no suit."""
    path = EXAMPLES / "law46b3-a-rank-alone-at-dummys-lead.yaml"
    text = path.read_text().replace('rank: "9"', f"rank: {written}")
    case = loads_case(text, str(path))
    fact = case.irregularities[0]
    assert (fact.said, fact.rank, fact.suit) == ("rank", rank, -1)
    entry = irregularities_json(case)[0]
    assert (entry["citation"], entry["rank"]) == ("46B3", "23456789TJQKA"[rank])
    assert "(no suit)" in irregularity_lines(case)[2]
