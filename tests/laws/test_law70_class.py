"""The claimer's class of player (Law 70 footnote: careless or inferior "for the class of player
involved"), ``solver.laws.law70.for_class``: it decides the entry judgements under the WBF2017
and EBU presets, not under the ACBL's, and a switch the case or the command line turned wins."""

from __future__ import annotations

from solver.facts.policy import PRESETS
from solver.laws.law70 import CLASS_JUDGEMENTS, class_assumption, for_class, policy_assumptions


def settings(policy: object) -> set[bool]:
    return {getattr(policy, name) for name in CLASS_JUDGEMENTS}


def test_an_expert_solves_entry_problems_under_the_ebu() -> None:
    assert settings(PRESETS["EBU"]) == {False}
    assert settings(for_class(PRESETS["EBU"], "expert")) == {True}
    assert for_class(PRESETS["EBU"], "expert").name == "EBU"


def test_a_club_player_may_leave_them_under_the_wbf_preset() -> None:
    assert settings(PRESETS["WBF2017"]) == {True}
    assert settings(for_class(PRESETS["WBF2017"], "club")) == {False}
    # Nothing else moves.
    club = for_class(PRESETS["WBF2017"], "club")
    others = [n for n in PRESETS["WBF2017"].__dataclass_fields__ if n not in CLASS_JUDGEMENTS]
    assert all(getattr(club, n) == getattr(PRESETS["WBF2017"], n) for n in others)


def test_no_class_and_the_acbl_preset_leave_the_policy_alone() -> None:
    for preset in PRESETS.values():
        assert for_class(preset, None) == preset
    assert for_class(PRESETS["ACBL"], "expert") == PRESETS["ACBL"]
    assumption = class_assumption(PRESETS["ACBL"], "expert")
    assert assumption is not None and "not applied" in assumption.text


def test_a_switch_turned_from_the_preset_wins_over_the_class() -> None:
    turned = PRESETS["EBU"].with_switches(keep_entries=True)
    club = for_class(turned, "club")
    assert club.keep_entries and not club.unblock_blocked_suits


def test_the_class_is_the_first_assumption_of_the_ruling() -> None:
    names = [a.name for a in policy_assumptions(for_class(PRESETS["EBU"], "expert"), "expert")]
    assert names[0] == "class:expert"
    assert "EBU:keep_entries" in names
    assert all(
        not n.startswith("class:") for n in (a.name for a in policy_assumptions(PRESETS["EBU"]))
    )
