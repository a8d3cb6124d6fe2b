"""A lone honour winner binds top-down by its solidity at the claim (``honour_master_binds`` off).

Under the EBU preset (``honour_master_binds`` off) a lone honour winner binds top-down only when
it is an ace, an honour of trumps, or, at the claim, was one of two or more winners of its suit
in its hand (EBU White Book 8.70.5: "top-down, especially with solidity"): the K of AK5 opposite
42, once the A has gone, is still led before the 5, and so is the J of J32 in trumps; the J
of J6 in a side suit with the 9 out never had solidity, and the 6 may go first (an EBU club
TD's ruling, ``cases/claims/published/ebu-forum-j6-low-heart-first.yaml``); the A of A6 there
binds. The holding at the claim is problem data (``Keys.solid``): the view, the memo key, the
search's runs of cards and the sure-trick bounds all read the same mask. Here the rule itself,
then hand-made endings where it matters (AK5 opposite 42, KQ3, J6 and A6 with the 9 out, J32
of trumps with the ten out, AKJ5 with the Q out, the covering queen) held to the brute force
and every bound checked at every position they reach, under every policy of
``test_claims_bounds``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.bridge import Card
from solver.engines.claims import Adjudicator, ClaimProblem, adjudicate
from solver.engines.claims.keys import one_per_run
from solver.facts.policy import PRESETS, NormalPolicy
from solver.laws.normal_play import PlayView, claim_solidity, claimer_options
from tests.claim_replay import replay, start_state
from tests.engines.test_claims_bounds import CHECKS, POLICIES, searched
from tests.engines.test_claims_engine import brute_force, claim_at

EBU = PRESETS["EBU"]


def cards(*names: str) -> list[int]:
    return [Card.parse(name).index for name in names]


def names(indices: list[int]) -> list[str]:
    return sorted(str(Card.from_index(c)) for c in indices)


def leads_after(problem: ClaimProblem, *played: str) -> list[str]:
    """The leads ``Adjudicator.admitted_plays`` allows after ``played`` from the claim."""
    adjudicator = Adjudicator(problem)
    state = start_state(adjudicator)
    for card in played:
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    assert not state.trick
    return names(adjudicator.admitted_plays(state))


AK5 = "N:42.3.2.2 .JT.JT.J AK5.A.A. J3.K.K.K"
"""The White Book's AK5 opposite 42, West's jack doubleton out (South on lead, no trumps)."""
J6 = "N:.J6.. .9..A ..5.2 ..2.3"
"""The EBU forum's J6 with East's 9 out (North on lead, no trumps, no spade out)."""


def test_the_ebu_preset_leaves_honour_master_binds_off_and_the_others_on() -> None:
    assert not EBU.honour_master_binds
    assert PRESETS["WBF2017"].honour_master_binds and PRESETS["ACBL"].honour_master_binds


def test_solidity_is_two_or_more_winners_of_a_suit_in_one_hand_aces_and_trump_honours() -> None:
    problem, _claim = claim_at(AK5, "S", None, "S")
    # South's SA SK (two spade winners) and his aces, not North's cards.
    assert names([c for c in range(52) if claim_solidity(problem.held, 0, None) >> c & 1]) == [
        "DA",
        "HA",
        "SA",
        "SK",
    ]
    j6, _claim = claim_at(J6, "N", None, "N")
    assert claim_solidity(j6.held, 0, None) == 0
    # In trumps every honour binds: the J of J6 with hearts trumps.
    assert names([c for c in range(52) if claim_solidity(j6.held, 0, 1) >> c & 1]) == ["HJ"]
    # Spot cards never count: 987 with the 6 out are winners, not honours (South's aces do).
    spots, _claim = claim_at("N:987... 6.5.5. .A.A.A .4.4.4", "N", None, "N")
    assert names([c for c in range(52) if claim_solidity(spots.held, 0, None) >> c & 1]) == [
        "CA",
        "DA",
        "HA",
    ]


def test_ak5_after_the_ace_the_five_is_not_led_before_the_king_under_the_ebu() -> None:
    problem, _claim = claim_at(AK5, "S", None, "S")
    problem = replace(problem, policy=EBU)
    # The A, West's 3, North's 2, East's HT: South on lead again with SK S5, the SJ still out.
    after = leads_after(problem, "SA", "S3", "S2", "HT")
    assert "SK" in after and "S5" not in after
    # Three spade tricks, as the White Book rules (all five tricks left).
    assert adjudicate(problem).claimer_tricks == 5
    # Judged on the holding it sees (no solidity then), the K would be free to be led under:
    # the same position made the claim.
    later = claim_at("N:4.3.2.2 .JT.J.J K5.A.A. J.K.K.K", "S", None, "S")[0]
    assert "S5" in leads_after(replace(later, policy=EBU))


def test_j6_with_the_nine_out_the_six_may_be_led_first_under_the_ebu() -> None:
    problem, _claim = claim_at(J6, "N", None, "N")
    ebu = replace(problem, policy=EBU)
    assert leads_after(ebu) == ["H6", "HJ"]
    # The H6 into the H9, and East's CA: the defence takes both (the published ruling).
    assert adjudicate(ebu).claimer_tricks == 0
    for preset in ("WBF2017", "ACBL"):
        bound = replace(problem, policy=PRESETS[preset])
        assert leads_after(bound) == ["HJ"]
        assert adjudicate(bound).claimer_tricks == 2


def test_a_view_at_the_claim_reads_the_cards_it_holds_and_a_later_one_the_claims() -> None:
    """``PlayView``'s ``solid``: by default the holding of the view itself (a view at the
    claim); the search passes the holding at the claim, kept through ``with_held``."""
    ak5 = claim_at(AK5, "S", None, "S")[0]
    after_ace = claim_at("N:4.3.2.2 .JT.J.J K5.A.A. J.K.K.K", "S", None, "S")[0]
    view = PlayView(2, after_ace.held, (), 2, None, 0, 0, True)
    assert "S5" in names(claimer_options(EBU, view))
    solid = claim_solidity(ak5.held, 0, None)
    kept = PlayView(2, after_ace.held, (), 2, None, 0, 0, True, 15, solid)
    assert names(claimer_options(EBU, kept)) == ["DA", "HA", "SK"]
    assert kept.with_held(after_ace.held).solid == solid


def test_the_memo_key_tells_an_honour_with_solidity_from_one_without() -> None:
    """AKJ5 with the Q out: the suit had two winners at the claim (the A and K), so each of
    its honours binds, the J too once the Q has gone. The search's runs of touching cards
    (``one_per_run``) keep an honour in the mask apart from one outside it (here a mask with
    the K and not the J, as an ace beside a queen of a suit without solidity would be, the K
    gone), and the key marks the difference."""
    problem = replace(claim_at("N:42.3.2. Q9.J.J. AKJ5... T3.K.K.", "S", None, "S")[0], policy=EBU)
    adjudicator = Adjudicator(problem)
    assert names([c for c in range(52) if adjudicator.keys.solid >> c & 1]) == ["SA", "SJ", "SK"]
    state = start_state(adjudicator)
    for card in ("SA", "S3", "S2", "SQ"):
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    # South's SK SJ touch now (West's T and East's 9 are below).
    spades = cards("S5", "SJ", "SK")
    solid = adjudicator.keys.solid
    assert names(one_per_run(spades, state.held, 2, (), 0, solid)) == ["S5", "SK"]
    king_only = solid & ~(1 << Card.parse("SJ").index)
    assert names(one_per_run(spades, state.held, 2, (), 0, king_only)) == ["S5", "SJ", "SK"]
    plain = replace(problem, policy=EBU.with_switches(honour_master_binds=True))
    assert Adjudicator(plain).keys.solid == 0
    assert Adjudicator(plain).keys.position_key(problem.held) != adjudicator.keys.position_key(
        problem.held
    )


def test_an_honour_of_a_suit_the_side_held_solid_binds_in_either_hand() -> None:
    """HA4 opposite HQ63, the K gone (a real claim's ending): the side held two heart winners
    at the claim, one in each hand, so once the A has gone the Q is led before the 6; the J of
    J6 with the 9 out had no such suit and stays free."""
    problem = claim_at("N:.Q63.. .J97.. .A4.2 .T82..", "S", None, "S")[0]
    assert names([c for c in range(52) if claim_solidity(problem.held, 0, None) >> c & 1]) == [
        "HA",
        "HQ",
    ]


ENDINGS = {
    # AK5 opposite 42, the J doubleton out: the K after the A binds (solidity at the claim).
    "ak5-opposite-42": (AK5, "S", None, "S"),
    # KQ3 opposite 42, the J and the T out: the Q after the K binds.
    "kq3-opposite-42": ("N:42.3.2. .JT.JT. KQ3.A.. JT.K.K.", "S", None, "S"),
    # J6, the 9 out: the 6 may be led first.
    "j6-nine-out": (J6, "N", None, "N"),
    # A6, the 9 out: the same ending with an ace, which binds.
    "a6-nine-out": (J6.replace("J6", "A6"), "N", None, "N"),
    # J32 of trumps, the ten out: a lone honour trump winner without solidity, which binds.
    "j32-trumps-ten-out": ("N:..432. ...432 J32... T.32..", "S", 0, "S"),
    # AKJ5, the Q out: the K binds after the A, and the J after the K and Q (a solid suit).
    "akj5-queen-out": ("N:42.3.2. Q9.J.J. AKJ5... T3.K.K.", "S", None, "S"),
    # Q63 opposite A4, the J and others out: the Q binds once the A has gone.
    "q63-opposite-a4": ("N:.Q63.. .J97.. .A4.2 .T82..", "S", None, "S"),
    # AK5 opposite Q2, the J out: partner's master covers a low lead.
    "ak5-opposite-q2": ("N:Q2.3.2. J3.K.K. AK5.A.. T4.J.J.", "S", None, "S"),
    # AQ4 opposite K2 with hearts trumps, East's J and a trump out: ruffs as well.
    "aq4-opposite-k2-trumps": ("N:K2.3.2. J9.2.J. AQ4.A.. T3.K.K.", "S", 1, "S"),
}


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("policy", POLICIES.values(), ids=POLICIES.keys())
def test_endings_where_solidity_matters_search_and_bounds(
    ending: str, policy: NormalPolicy
) -> None:
    """The search finds the brute force's minimum and its line replays; every bound is at most
    the exhaustive minimum at every position the ending reaches."""
    hands, by, trump, leader = ENDINGS[ending]
    problem = replace(claim_at(hands, by, trump, leader)[0], policy=policy)
    adjudicator = Adjudicator(problem)
    adjudication = adjudicate(problem)
    assert adjudication.claimer_tricks == brute_force(adjudicator, start_state(adjudicator))
    assert replay(problem, adjudication.line) == adjudication.claimer_tricks
    searcher, values = searched(problem)
    for name, check in CHECKS.items():
        for state, least in values.items():
            left = (state.held[(state.leader + len(state.trick)) % 4]).bit_count()
            if left:
                assert check(searcher.bounds, state, least, left), (name, ending, state)


@pytest.mark.parametrize(
    ("ending", "ebu", "binding"),
    [
        ("ak5-opposite-42", 5, 5),
        ("kq3-opposite-42", 4, 4),
        ("j6-nine-out", 0, 2),
        ("a6-nine-out", 2, 2),
        ("j32-trumps-ten-out", 3, 3),
    ],
)
def test_the_ebu_preset_against_every_lone_honour_binding(
    ending: str, ebu: int, binding: int
) -> None:
    """The claimer's tricks under the EBU preset and under it with ``honour_master_binds`` on:
    they differ only where a lone honour winner of a side suit, not an ace, had no solidity at
    the claim."""
    hands, by, trump, leader = ENDINGS[ending]
    problem = claim_at(hands, by, trump, leader)[0]
    assert adjudicate(replace(problem, policy=EBU)).claimer_tricks == ebu
    on = EBU.with_switches(honour_master_binds=True)
    assert adjudicate(replace(problem, policy=on)).claimer_tricks == binding


def test_with_top_down_off_solidity_still_tells_which_lone_honour_a_claimer_knows() -> None:
    """``no_duck_with_winner`` reads the solidity at the claim too (``no_duck_with_lone_master``
    off: a lone honour binds only with solidity): turning ``top_down`` off, as the judgement
    costs do, must not turn that reading off with it. South held the SA K 5 at the claim (two
    winners: the K has solidity); once the A has gone and East leads a spade, South, second to
    play with West's J behind, wins with the K, top-down or not. A lone K that never had
    solidity (K 5 at the claim, the A played before) may still be ducked."""
    ending = "N:..42.42 6.A43.. AK5.2.. J3..3.3"
    no_top_down = EBU.with_switches(top_down=False)
    problem = replace(claim_at(ending, "S", None, "S")[0], policy=no_top_down)
    adjudicator = Adjudicator(problem)
    assert names([c for c in range(52) if adjudicator.keys.solid >> c & 1]) == ["SA", "SK"]
    state = start_state(adjudicator)
    for card in ("SA", "S3", "D2", "H3", "H2", "D3", "C2", "HA", "S6"):
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    assert names(adjudicator.admitted_plays(state)) == ["SK"]
    never_solid = "N:..42.42 6.A43.. K5.2..5 J3..3.3"
    problem = replace(claim_at(never_solid, "S", None, "E")[0], policy=no_top_down)
    adjudicator = Adjudicator(problem)
    state = start_state(adjudicator)
    for card in ("HA", "H2", "D3", "D2", "S6"):
        state, _gained = adjudicator.play(state, Card.parse(card).index)
    assert names(adjudicator.admitted_plays(state)) == ["S5", "SK"]
