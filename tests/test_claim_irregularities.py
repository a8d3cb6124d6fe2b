"""A claim after an irregularity: the obligations in force at the claim, and what is refused.

The cases are Example 2 of ``cases/irregularities`` (West's SQ a major penalty card from trick
8, East to lead) with a claim added: at the start of trick 8 with declarer's 50D2 choice still
to make (the claim's play makes it), with the choice recorded, in the middle of trick 8, and
after a trick 8 that fits two unrecorded options leaving different obligations (refused).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import solver
from solver.errors import CaseFileError
from solver.laws.obligations import Obligations, add_penalty_card
from solver.rulings.claims import analyse_claim, decide_claim, in_force, obligations_at_claim

EXAMPLE_2 = """\
title: "Example 2 with a claim"
deal: "N:.QT96.QT43.AJ987 KT75.A32.J98.654 J94.K74.765.KQT2 AQ8632.J85.AK2.3"
contract: 4H
declarer: S
play:
  tricks:
    1: "W: H8 H9 H3 HK"
    2: "S: D7 DA DT D8"
    3: "W: HJ HT H2 H7"
    4: "W: S2 C7 S5 SJ"
    5: "S: C2 C3 C8 C5"
    6: "N: CJ C6 CK SA"
    7: "S: S4 S6 D4 ST"
{more}  irregularities:
    - penalty_card: {{seat: W, card: SQ, trick: 8, how: inadvertent}}
{choice}claim:
  by: {by}
  tricks: {tricks}
{position}"""

SQ = 10  # the spade queen's index
WEST, EAST = 3, 1


def load(tmp_path: Path, **fields: str) -> solver.Case:
    values = {"more": "", "choice": "", "by": "S", "tricks": "6", "position": ""} | fields
    path = tmp_path / "case.yaml"
    path.write_text(EXAMPLE_2.format(**values), encoding="utf-8")
    return solver.load_case(path)


def test_a_choice_due_at_the_claim_is_made_in_the_claims_play(tmp_path: Path) -> None:
    """East to lead, West's SQ lying: declarer's 50D2 choice is the claim's first move; the
    penalty card is in force at the claim, and the line starts with a choice the Laws give."""
    case = load(tmp_path)
    state = obligations_at_claim(case)
    assert state == add_penalty_card(Obligations(), WEST, SQ, True)
    claimed = analyse_claim(case, judgements=False)
    first = claimed.adjudication.line[0]
    assert first.seat == EAST and first.choice is not None
    assert first.choice.law == "50D2(a)" or first.choice.law == "50D2(b)"
    assert [entry.kind for entry in in_force(claimed.obligations)] == ["major-penalty-card"]
    ruling = decide_claim(case, claimed)
    assert "claim-choice-against-claimer" in [a.name for a in ruling.assumptions]


def test_a_recorded_choice_at_the_claims_trick_is_applied(tmp_path: Path) -> None:
    """Declarer forbade a spade lead before the claim: the SQ went back to West's hand and
    East may not lead a spade; nothing is chosen in the claim's play."""
    choice = "    - choice: {trick: 8, by: S, law: 50D2, option: forbid-suit, suit: S}\n"
    case = load(tmp_path, choice=choice)
    state = obligations_at_claim(case)
    assert state.major == (0, 0, 0, 0)
    assert (state.banned_seat, state.banned_suits) == (EAST, 1)
    claimed = analyse_claim(case, judgements=False)
    assert all(play.choice is None for play in claimed.adjudication.line)
    assert not [a for a in decide_claim(case, claimed).assumptions if "choice" in a.name]
    assert claimed.adjudication.line[0].card // 13 != 0  # East leads no spade
    assert [entry.citation for entry in in_force(state)] == ["50D2(a)"]


def test_a_claim_in_the_middle_of_a_trick(tmp_path: Path) -> None:
    """East has led the DJ after declarer left the penalty card; South claims with the trick
    in progress: the SQ still lies (West follows in diamonds)."""
    choice = "    - choice: {trick: 8, by: S, law: 50D2, option: leave-penalty-card}\n"
    position = (
        "  position:\n"
        '    hands: "N:.Q6.Q3.A9 K7.A.9.4 9.4.65.QT Q83.5.K2."\n'
        "    leader: E\n"
        '    current_trick: "E: DJ"\n'
        "    won: {NS: 4, EW: 3}\n"
    )
    case = load(tmp_path, choice=choice, position=position)
    assert obligations_at_claim(case) == add_penalty_card(Obligations(), WEST, SQ, True)
    claimed = analyse_claim(case, judgements=False)
    west = [play.card for play in claimed.adjudication.line if play.seat == WEST]
    assert west[0] // 13 == 2  # West follows in diamonds: the penalty card waits


def test_unrecorded_choices_leaving_different_obligations_are_refused(tmp_path: Path) -> None:
    """Trick 8 (East's DJ, won by West's king) fits both forbidding spades (the SQ picked up)
    and leaving the card (it still lies): the claim at trick 9 cannot be ruled without the
    choice."""
    more = '    8: "E: DJ D6 DK DQ"\n'
    with pytest.raises(CaseFileError, match="more than one of declarer's choices"):
        obligations_at_claim(load(tmp_path, more=more, tricks="5"))


def test_an_irregularity_at_the_claims_trick_that_cannot_be_placed(tmp_path: Path) -> None:
    """A lead out of turn at the trick of the claim is refused, naming the fact."""
    choice = "    - lead_out_of_turn: {seat: W, card: D2, trick: 8, response: accepted}\n"
    with pytest.raises(CaseFileError, match=r"play.irregularities.1: W led D2 out of turn"):
        obligations_at_claim(load(tmp_path, choice=choice))


def test_declarers_early_play_at_the_claims_trick_is_refused(tmp_path: Path) -> None:
    """57C3 at the trick of the claim (East to lead, dummy's card shown before South's turn):
    no card of that trick was played before the claim, so the reader refuses it."""
    early = "    - declarer_played_early: {seat: N, card: CA, trick: 8}\n"
    with pytest.raises(CaseFileError, match=r"declarer_played_early.trick: play stopped after"):
        obligations_at_claim(load(tmp_path, choice=early))


def test_the_report_lists_what_is_in_force_with_its_sub_law(tmp_path: Path) -> None:
    """The text report's claim section names the penalty card and cites 50D1; the line shows
    declarer's choice before East's lead."""
    from solver.rulings.report import text_report

    report = text_report(solver.analyse(load(tmp_path), judgements=False))
    assert "in force at the claim (every line obeys them):" in report
    assert "West's SQ: a major penalty card, played at the first legal opportunity" in report
    assert "(Law 50D1)" in report
    assert "[S chooses " in report


def test_a_defenders_claim_leaves_declarers_choice_to_him(tmp_path: Path) -> None:
    """East claims on lead while his partner's SQ lies: declarer's 50D2 choice comes first in
    the claim's play, and the ruling names it as declarer's own, any option (70A)."""
    case = load(tmp_path, by="E", tricks="3")
    claimed = analyse_claim(case, judgements=False)
    assert claimed.adjudication.line[0].choice is not None
    names = [a.name for a in decide_claim(case, claimed).assumptions]
    assert "claim-choice-by-declarer" in names and "claim-choice-against-claimer" not in names


IRREGULARITIES = Path(__file__).parents[1] / "cases" / "irregularities"


def test_an_ending_without_its_deal_takes_a_penalty_card_at_the_claims_trick() -> None:
    """A director often has only the cards held at the claim: West's SQ lying from the claim's
    own trick is placed there without the deal, and the claim is ruled as with the deal (the
    same obligations, line, total and reasons)."""
    with_deal = solver.analyse(
        solver.load_case(IRREGULARITIES / "claim-declarer-with-a-major-penalty-card.yaml")
    ).to_json()
    without = solver.analyse(
        solver.load_case(IRREGULARITIES / "claim-ending-without-deal-major-penalty-card.yaml")
    ).to_json()
    assert without["claim"]["in_force"] == with_deal["claim"]["in_force"]
    assert without["claim"]["worst_normal_line"] == with_deal["claim"]["worst_normal_line"]
    assert without["ruling"]["declarer_tricks"] == with_deal["ruling"]["declarer_tricks"] == 11
    assert without["ruling"]["reasons"] == with_deal["ruling"]["reasons"]


def test_an_ending_without_its_deal_cannot_name_a_card_played_before_the_claim(
    tmp_path: Path,
) -> None:
    """Without the deal, a card in no hand at the claim was played before it, in play that is
    not known: named as a penalty card, it is refused (exit 2), not an internal error."""
    text = (IRREGULARITIES / "claim-ending-without-deal-major-penalty-card.yaml").read_text(
        encoding="utf-8"
    )
    path = tmp_path / "case.yaml"
    path.write_text(text.replace("card: SQ", "card: D2"), encoding="utf-8")
    with pytest.raises(CaseFileError) as refused:
        solver.load_case(path)
    assert refused.value.location == "play.irregularities.0.penalty_card.card"
    assert "card D2 is in no hand at the claim" in str(refused.value)
