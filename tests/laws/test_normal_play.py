"""Single judgements of the normal-play policy (solver/laws/normal_play.py), on hand-made views."""

from __future__ import annotations

from solver.bridge import Card
from solver.laws.normal_play import PRESETS, NormalPolicy, PlayView, claimer_options


def mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def card(text: str) -> int:
    return Card.parse(text).index


def view(
    north: tuple[str, ...],
    east: tuple[str, ...],
    south: tuple[str, ...],
    west: tuple[str, ...],
    *,
    seat: int = 2,
    trick: tuple[str, ...] = (),
    leader: int = 2,
) -> PlayView:
    """Spades trumps; North-South claim; ``seat`` to play."""
    return PlayView(
        seat=seat,
        held=(mask(*north), mask(*east), mask(*south), mask(*west)),
        trick=tuple(card(c) for c in trick),
        leader=leader,
        trump=0,
        claimer_side=0,
        voids=0,
        trumps_aware=False,
    )


def test_acbl_guideline_4_leaves_out_idle_trump_leads() -> None:
    # Neither opponent holds a spade: under ACBL guideline 4 South is not made to lead his trump.
    position = view(("HA", "D2"), ("H4", "C2"), ("S2", "H3"), ("H5", "C3"))
    assert card("S2") in claimer_options(NormalPolicy(), position)
    assert claimer_options(PRESETS["ACBL"], position) == [card("H3")]
    # With a trump still out, or nothing but trumps, the switch changes nothing.
    trump_out = view(("HA", "D2"), ("S9", "C2"), ("S2", "H3"), ("H5", "C3"))
    assert card("S2") in claimer_options(PRESETS["ACBL"], trump_out)
    only_trumps = view(("HA", "D2"), ("H4", "C2"), ("S2", "S3"), ("H5", "C3"))
    # Two master trumps and nothing else: he leads them, from the top (top_down).
    assert claimer_options(PRESETS["ACBL"], only_trumps) == [card("S3")]


def test_ruff_low_with_only_trumps_and_partner_winning() -> None:
    # North led the HA (a winner); East followed; South, with only trumps, plays his lowest.
    position = view(
        ("HK", "D2"),
        ("H4", "C2"),
        ("S2", "SK"),
        ("H5", "C3"),
        trick=("HA", "H6"),
        leader=0,
    )
    assert claimer_options(NormalPolicy(), position) == [card("S2")]
    assert set(claimer_options(NormalPolicy(ruff_low=False), position)) == {card("S2"), card("SK")}
