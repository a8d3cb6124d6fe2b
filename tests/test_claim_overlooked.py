"""A card the claimer is found to have overlooked (``claim.overlooked``): his cards that only it
beats are cards he thinks good (``lead_believed_winner``), even in a claim that best play makes,
and a hand he takes for all winners cashes them in any order, an idle trump among them.

The ending is a Laws-forum claim (cases/claims/published/bbo-clubs-cash-the-trump-king-hearts-
not-good.yaml): clubs trumps, North H9 6 5 below East's HT. Double dummy North-South take all
five (South ruffs the heart), so nothing in the claim shows that North forgot the HT; the
objection at the table does, and the posters gave the defence three tricks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver
from solver.bridge import Card
from solver.bridge.deal import parse_hands
from solver.bridge.masks import cards_in, mask_of
from solver.facts.policy import PRESETS
from solver.laws.normal_play import PlayView, claimer_options, overlooked_belief
from solver.records import loads_case
from solver.rulings.report import text_report
from tests.cli_helpers import run

ENDING: dict[str, Any] = {
    "title": "overlooked HT: the claimer cashes his last trump, then the hearts",
    "contract": "4C",
    "declarer": "N",
    "claim": {
        "by": "N",
        "tricks": 5,
        "position": {
            "hands": "N:.965..K9 J.T.J6.7 ..KT9.T6 9..A852.",
            "leader": "N",
            "won": {"NS": 6, "EW": 2},
        },
        "statement": ["play CK"],
        "said": "I cash the king of trumps and then they are all mine.",
        "trumps_mentioned": True,
    },
}


def case_text(**claim: Any) -> str:
    data = json.loads(json.dumps(ENDING))
    data["claim"].update(claim)
    return yaml.safe_dump(data, sort_keys=False)


def declarer_tricks(text: str, policy: str | None = None) -> int:
    """The claimer's side's tricks on the worst normal line, under ``policy`` or, when None,
    the case's own (its switches applied)."""
    case = loads_case(text)
    analysis = solver.analyse(case, policy=None if policy is None else PRESETS[policy])
    assert analysis.claim is not None
    return analysis.claim.adjudication.claimer_tricks


@pytest.mark.parametrize("policy", sorted(PRESETS))
def test_without_the_finding_best_play_upholds_the_claim(policy: str) -> None:
    """South ruffs the heart (ruff_when_able), North ruffs the diamond back: all five."""
    assert declarer_tricks(case_text(), policy) == 5


@pytest.mark.parametrize("policy", sorted(PRESETS))
def test_with_the_ht_overlooked_the_idle_trump_goes_first_and_three_tricks_are_lost(
    policy: str,
) -> None:
    """The C9 cashed (no trump is out: an idle lead, normal for a hand he takes for all
    winners), South's CT falls under it, and the H5 loses to the HT: the SJ and DA follow."""
    assert declarer_tricks(case_text(overlooked="HT"), policy) == 2


def test_the_finding_is_what_turns_it_and_the_line_shows_the_idle_trump() -> None:
    analysis = solver.analyse(loads_case(case_text(overlooked="HT")))
    assert analysis.claim is not None
    line = [
        (play.seat, str(Card.from_index(play.card))) for play in analysis.claim.adjudication.line
    ]
    assert line[:2] == [(0, "CK"), (1, "C7")]
    assert (0, "C9") in line[4:8]
    turns = {cost.switch for cost in analysis.claim.judgements}
    assert "lead_believed_winner" in turns


def test_with_lead_believed_winner_off_the_finding_changes_nothing() -> None:
    text = case_text(overlooked="HT", switches={"lead_believed_winner": "off"})
    assert declarer_tricks(text) == 5
    report = text_report(solver.analyse(loads_case(text)))
    assert "found: the claimer overlooked HT; no effect, as lead_believed_winner is off" in report


def test_overlooked_belief_takes_only_cards_no_other_opponents_card_beats() -> None:
    """North H9 6 5 and D Q 3 opposite East's HT, West's DA and DK: with the HT and DA found
    overlooked, the hearts are thought good; the diamonds are not (the DK, not overlooked,
    still beats them)."""
    hands = parse_hands("N:.965.Q3. .T.. ... ..AK.")
    held = tuple(mask_of([c.index for c in part]) for part in hands)
    overlooked = mask_of([Card.parse("HT").index, Card.parse("DA").index])
    believed = overlooked_belief((held[0], held[1], held[2], held[3]), 0b0101, 0, overlooked)
    assert sorted(str(Card.from_index(c)) for c in cards_in(believed)) == ["H5", "H6", "H9"]


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert run(["check", *argv, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_the_report_and_the_json_name_the_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "overlooked.yaml"
    path.write_text(case_text(overlooked=["HT"]), encoding="utf-8")
    result = cli_json([str(path)], capsys)
    assert result["claim"]["overlooked"] == ["HT"]
    assert result["claim"]["claimer_tricks"] == 2
    plain = tmp_path / "plain.yaml"
    plain.write_text(case_text(), encoding="utf-8")
    assert "overlooked" not in cli_json([str(plain)], capsys)["claim"]
    assert run(["check", str(path)]) == 0
    text = capsys.readouterr().out
    assert "found: the claimer overlooked HT" in text


def test_an_idle_trump_is_led_only_on_a_card_found_overlooked_not_on_a_guess() -> None:
    """North C9 and H9 6 5 after the CK, no trump out: with the hearts found thought good
    (``found``) the C9 is among his leads; with the same hearts only guessed so (a claim above
    best play, ``believed_good``) it is not: the guess covers every card one opponent's card
    beats, more than he overlooked (a USBF director gave 5D-1 where cashing dummy's idle
    trumps on such a guess would be two down)."""
    hands = parse_hands("N:.965..9 .T.. ...T ..A85.")
    held = tuple(mask_of([c.index for c in hand]) for hand in hands)
    hearts = mask_of([Card.parse(c).index for c in ("H9", "H6", "H5")])
    policy = PRESETS["WBF2017"]

    def leads(found: int) -> list[str]:
        view = PlayView(
            0,
            (held[0], held[1], held[2], held[3]),
            (),
            0,
            3,
            0,
            0,
            True,
            0b0101,
            -1,
            hearts,
            0,
            -1,
            found,
        )
        return sorted(str(Card.from_index(c)) for c in claimer_options(policy, view))

    assert "C9" in leads(hearts)
    assert "C9" not in leads(0)
