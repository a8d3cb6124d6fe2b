"""Each of the claims search's sure-trick bounds against an exhaustive minimum, under every policy.

Each bound the search cuts with (``Bounds``: the trumps, the trick in progress, the claimer's
side taking the rest, with its own winners or by partner's masters, the run of winners and the
master trumps after it, the run of both hands, the crossing run, and ``Bounds.sure_tricks``,
which combines them) claims that the claimer's side takes at least so many tricks on every
normal line from a position. Here every position a random small ending can reach (2 to 5 cards
each, a trump suit or no trumps, any leader, either side claiming, sometimes a trick in progress
or a statement) is searched exhaustively, with a plain memo on the whole state, and each bound
is checked against the minimum found there, one test per policy: under every preset of
``PRESETS``, under the default with each single switch of ``NormalPolicy`` turned the other way,
and under the EBU preset with ``honour_master_binds`` on (every lone honour winner binding
top-down, lone spot cards not), and with ``nonclaimers_normal`` on (the single switch, and the
EBU preset with it): the other side then plays only its own normal plays, worked out here apart
from the search (``tests.claim_replay.nonclaimer_options``). The bounds rest on the policy's
judgements, so each must hold under every one of those policies; a policy that admits fewer
plays than these, of either side, can only raise the minimum, and a lower bound stays one. A
change to the model (``solver/laws/normal_play.py``) is re-proved here bound by bound.

The endings are drawn four ways: cards at random; the claimer's side holding most high cards
(its runs of winners); the same with the 2 to the T only and a trump suit the opponents do
not hold, or no trumps (the run of both hands applies only with no trump out, and lone
spot-card masters, which may be led under, are common there); and holdings where the
solidity at the claim decides whether a lone honour winner binds (``honour_master_binds`` off:
``tests/engines/test_claim_solidity.py``): in one or two suits a hand of the claimer's side
holds the top honours left, one to three of them, and a low card, an opponent a card between.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.bridge import Card, Seat
from solver.bridge.masks import SUIT_MASKS, hand_of
from solver.engines.claims import BOUNDS, Adjudicator, Bounds, ClaimProblem, State, adjudicate
from solver.engines.claims.bounds import _holds_a_loser_until
from solver.facts import Claim, Step
from solver.facts.claim import ClaimPosition
from solver.facts.policy import PRESETS, NormalPolicy
from solver.laws.normal_play import (
    believed_good,
    counted_cards,
    for_nonclaimers,
    masters_in,
    overlooked_belief,
)
from tests.claim_replay import legal_cards, nonclaimer_options, replay, start_state, trick_winner
from tests.engines.test_claims_engine import SWITCHES, random_statement

POLICIES: dict[str, NormalPolicy] = {
    **{f"preset {name}": policy for name, policy in PRESETS.items()},
    **{
        f"{name}={not getattr(PRESETS['WBF2017'], name)}": PRESETS["WBF2017"].with_switches(
            **{name: not getattr(PRESETS["WBF2017"], name)}
        )
        for name in SWITCHES
    },
    # A lone honour winner binding whatever its solidity at the claim, a lone spot card not:
    # the EBU preset with honour_master_binds on, which no preset nor single switch reaches.
    "EBU honour_master_binds=True": PRESETS["EBU"].with_switches(honour_master_binds=True),
    # The non-claimers held to normal play under the EBU preset, whose lone honours bind only
    # with solidity at the claim (theirs read for their side): "nonclaimers_normal=True" above
    # holds them to the WBF2017 preset.
    "EBU nonclaimers_normal=True": PRESETS["EBU"].with_switches(nonclaimers_normal=True),
}

deterministic = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def random_ending(rng: random.Random, policy: NormalPolicy) -> ClaimProblem:
    """A random ending of 2 to 5 cards each (see the module docstring for the four kinds)."""
    size = rng.randint(2, 5)
    kind = rng.randrange(4)
    suits, ranks = [0, 1, 2, 3], 13
    if kind == 2:  # two to four suits of spot cards: many opponents' cards lie between ours
        ranks = 9
        suits = rng.sample(suits, max(rng.randint(2, 4), -(-4 * size // ranks)))
    cards = rng.sample([13 * suit + rank for suit in suits for rank in range(ranks)], 4 * size)
    side = rng.randrange(2)
    held = [0, 0, 0, 0]
    if kind == 3:
        held = solid_holdings(rng, max(size, 3), side)
    elif kind == 0:
        for seat in range(4):
            for card in cards[seat * size : (seat + 1) * size]:
                held[seat] |= 1 << card
    else:
        for card in sorted(cards, key=lambda c: rng.random() * 6 - c % 13):
            seats = [seat for seat in range(4) if held[seat].bit_count() < size]
            weights = [3 if seat % 2 == side else 1 for seat in seats]
            held[rng.choices(seats, weights)[0]] |= 1 << card
    theirs = held[1 - side] | held[3 - side]
    if kind == 2:
        trump = rng.choice([s for s in range(4) if not theirs & SUIT_MASKS[s]] + [None])
    else:
        trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(4)
    if kind == 3 and rng.random() < 0.7:
        leader = rng.choice([side, side + 2])  # the claimer's side cashes its honours
    trick: list[int] = []
    if rng.random() < 0.25:
        for offset in range(rng.randint(1, 3)):
            seat = (leader + offset) % 4
            card = rng.choice(legal_cards(held[seat], trick))
            held[seat] &= ~(1 << card)
            trick.append(card)
    steps: tuple[Step, ...] = ()
    if rng.random() < 0.2:
        steps = random_statement(rng, held, trump, side, ("draw_trumps", "cash", "play"))
    bound = (1 << side) | (1 << (side + 2))
    believed = thought_good(rng, held, bound, side, trump)
    aware = rng.random() < 0.5
    others = nonclaimers_policy(rng, policy)
    counted = counted_by_statement(rng, held, side, bound)
    found = found_overlooked(rng, held, bound, side, trump)
    return ClaimProblem(
        held=(held[0], held[1], held[2], held[3]),
        leader=leader,
        trick=tuple(trick),
        trump=trump,
        claimer_side=side,
        steps=steps,
        voids=0,
        trumps_aware=aware,
        policy=policy,
        bound=bound,
        believed=believed | found,
        found=found,
        others=others,
        counted=counted,
    )


def found_overlooked(
    rng: random.Random, held: list[int], bound: int, side: int, trump: int | None
) -> int:
    """In some endings, a card of the opponents' found overlooked (``Claim.overlooked``): the
    claimer's cards only it beats are thought good, and a hand he takes for all winners may
    lead an idle trump among them. Drawn after everything else, so the rest of each ending is
    as it was before the finding existed."""
    if rng.random() >= 0.3:
        return 0
    theirs = held[1 - side] | held[3 - side]
    if trump is not None:
        theirs &= ~SUIT_MASKS[trump]
    cards = [card for card in range(52) if theirs >> card & 1]
    if not cards:
        return 0
    chosen = rng.sample(cards, min(len(cards), rng.randint(1, 2)))
    overlooked = sum(1 << card for card in chosen)
    return overlooked_belief((held[0], held[1], held[2], held[3]), bound, side, overlooked)


def nonclaimers_policy(rng: random.Random, policy: NormalPolicy) -> NormalPolicy | None:
    """Under ``nonclaimers_normal``, the non-claimers' policy, as the defenders' or declarer's
    side's (``for_nonclaimers``); else None. Drawn last, as ``thought_good``: the rest of each
    ending is as it was before the switch existed."""
    if not policy.nonclaimers_normal:
        return None
    return for_nonclaimers(policy, defenders=rng.random() < 0.5)


def counted_by_statement(rng: random.Random, held: list[int], side: int, bound: int) -> int:
    """In some endings, counts of tricks per suit (``count`` steps): the cards they need are
    discarded last. Drawn after everything else, so the rest of each ending is as it was
    before the counts existed."""
    if rng.random() >= 0.3:
        return 0
    ours = held[side] | held[side + 2]
    suits = [suit for suit in range(4) if ours & SUIT_MASKS[suit]]
    counts = [(suit, rng.randint(1, 4)) for suit in rng.sample(suits, min(2, len(suits)))]
    return counted_cards((held[0], held[1], held[2], held[3]), bound, counts)


def thought_good(
    rng: random.Random, held: list[int], bound: int, side: int, trump: int | None
) -> int:
    """In some endings, a claim above best play: the cards the claimer thinks good may be led
    among his winners (lead_believed_winner). Drawn last, so the rest of each ending is as it
    was before the judgement existed."""
    if rng.random() < 0.3:
        return believed_good((held[0], held[1], held[2], held[3]), bound, side, trump, 0)
    return 0


def solid_holdings(rng: random.Random, size: int, side: int) -> list[int]:
    """``size`` cards each (3 to 5), where the solidity at the claim matters: in one or two suits
    a hand of side ``side`` holds the suit's top one to three cards left, from the J to the A
    (AK5, KQ3; J6, a lone one), and a low card, an opponent a card between that card and the
    top ones (the J of AK5, the 9 of J6), partner sometimes a low card; the higher cards of the
    suit are gone. The rest are dealt at random from the other cards."""
    held = [0, 0, 0, 0]
    gone = 0
    for suit in rng.sample(range(4), rng.randint(1, 2)):
        top = rng.randint(9, 12)  # the J to the A
        run = rng.randint(1, 3)
        seat = rng.choice([side, side + 2])
        low = rng.randint(0, 3)
        between = rng.randint(low + 1, top - run)
        opponent = rng.choice([1 - side, 3 - side])
        if held[seat].bit_count() + run + 1 > size or held[opponent].bit_count() >= size:
            continue
        for rank in range(top, top - run, -1):
            held[seat] |= 1 << (13 * suit + rank)
        held[seat] |= 1 << (13 * suit + low)
        held[opponent] |= 1 << (13 * suit + between)
        partner = seat ^ 2
        partner_low = 1 << (13 * suit + rng.randint(0, 3))
        dealt = held[0] | held[1] | held[2] | held[3]
        if not dealt & partner_low and held[partner].bit_count() < size and rng.random() < 0.5:
            held[partner] |= partner_low
        gone |= sum(1 << (13 * suit + rank) for rank in range(top + 1, 13))
    dealt = held[0] | held[1] | held[2] | held[3]
    rest = [card for card in range(52) if not (dealt | gone) >> card & 1]
    for seat in range(4):
        while held[seat].bit_count() < size:
            card = rest.pop(rng.randrange(len(rest)))
            held[seat] |= 1 << card
    return held


def exhaustive(adjudicator: Adjudicator, state: State, values: dict[State, int]) -> int:
    """The least claimer's-side tricks from ``state`` over every admitted line (the claimer's
    side: ``admitted_plays``; the other side: any legal card, or under ``nonclaimers_normal``
    their normal plays, ``nonclaimer_options``, worked out apart from the search), each trick
    won by the tests' own Law 44; ``values`` collects every position reached with its
    minimum."""
    known = values.get(state)
    if known is not None:
        return known
    problem = adjudicator.p
    held, leader, trick = state.held, state.leader, state.trick
    seat = (leader + len(trick)) % 4
    if not held[seat]:
        values[state] = 0
        return 0
    if seat % 2 == problem.claimer_side:
        options = adjudicator.admitted_plays(state)
        assert options and set(options) <= set(legal_cards(held[seat], trick))
    else:
        theirs = nonclaimer_options(problem, state)
        options = legal_cards(held[seat], trick) if theirs is None else theirs
        assert options and set(options) <= set(legal_cards(held[seat], trick))
    best = 13
    for card in options:
        child, _gained = adjudicator.play(state, card)
        won = 0
        if len(trick) == 3:
            winner = trick_winner(leader, (*trick, card), problem.trump)
            assert child.leader == winner
            won = int(winner % 2 == problem.claimer_side)
        best = min(best, won + exhaustive(adjudicator, child, values))
    values[state] = best
    return best


def searched(problem: ClaimProblem) -> tuple[Adjudicator, dict[State, int]]:
    """Every position ``problem`` reaches, with its exhaustive minimum."""
    adjudicator = Adjudicator(problem)
    values: dict[State, int] = {}
    exhaustive(adjudicator, start_state(adjudicator), values)
    return adjudicator, values


Check = Callable[[Bounds, State, int, int], bool]
"""Does the bound hold at ``state`` (``least``: the exhaustive minimum there; ``left``: the
tricks left)? True where it does not apply."""


def _ours_to_lead(bounds: Bounds, state: State) -> bool:
    return not state.trick and state.leader % 2 == bounds.p.claimer_side


def _runs_apply(bounds: Bounds, state: State) -> bool:
    """Where the search uses the runs: its side on lead, the judgements on, the statement done."""
    done = state.plan[0] >= len(bounds.p.steps)
    return _ours_to_lead(bounds, state) and bounds._cashing and done


def _no_trump_out(bounds: Bounds, state: State) -> bool:
    side = bounds.p.claimer_side
    theirs = hand_of(state.held, 1 - side) | hand_of(state.held, 3 - side)
    return not theirs & bounds._trump_mask


def _masters(bounds: Bounds, state: State) -> tuple[int, int]:
    if bounds.p.trump is None:
        return (0, 0)
    first, second, _sure = bounds.trump_tricks(state)
    return (first, second)


def _only(bounds: Bounds, *kept: str) -> Bounds:
    """The same problem's bounds with only ``kept`` of the runs switched on."""
    runs = {"run_of_winners", "trumps_after_run", "both_hands_run", "crossing_run"}
    return Bounds(bounds.p, bounds._keys, frozenset(runs - set(kept)))


def _sure_tricks(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return all(bounds.sure_tricks(state, k, left) <= least for k in range(-1, left + 1))


def _trump_tricks(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return bounds.p.trump is None or max(bounds.trump_tricks(state)) <= least


def _trick_is_ours(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return not state.trick or not bounds.trick_is_ours(state) or least >= 1


def _claimer_takes_the_rest(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return not bounds.claimer_takes_the_rest(state) or least == left


def _partner_takes_the_rest(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return not bounds.partner_takes_the_rest(state) or least == left


def _run_of_winners(bounds: Bounds, state: State, least: int, left: int) -> bool:
    return not _runs_apply(bounds, state) or bounds.run_of_winners(state) <= least


def _trumps_after_run(bounds: Bounds, state: State, least: int, left: int) -> bool:
    if not _runs_apply(bounds, state):
        return True
    only = _only(bounds, "run_of_winners", "trumps_after_run")
    return only.run_then_trumps(state, -1, _masters(bounds, state)) <= least


def _both_hands_run(bounds: Bounds, state: State, least: int, left: int) -> bool:
    if not _runs_apply(bounds, state) or not _no_trump_out(bounds, state):
        return True
    return bounds.both_hands_run(state.held, state.leader) <= least


def _crossing_run(bounds: Bounds, state: State, least: int, left: int) -> bool:
    if not _runs_apply(bounds, state) or not _no_trump_out(bounds, state):
        return True
    side = bounds.p.claimer_side
    theirs = hand_of(state.held, 1 - side) | hand_of(state.held, 3 - side)
    winners = bounds.winners(hand_of(state.held, state.leader), theirs)
    return bounds.crossing_run(state, winners) <= least


def _run_then_trumps(bounds: Bounds, state: State, least: int, left: int) -> bool:
    if not _runs_apply(bounds, state):
        return True
    return bounds.run_then_trumps(state, -1, _masters(bounds, state)) <= least


CHECKS: dict[str, Check] = {
    "sure_tricks": _sure_tricks,
    "trump_tricks": _trump_tricks,
    "trick_is_ours": _trick_is_ours,
    "claimer_takes_the_rest": _claimer_takes_the_rest,
    "partner_takes_the_rest": _partner_takes_the_rest,
    "run_of_winners": _run_of_winners,
    "trumps_after_run": _trumps_after_run,
    "both_hands_run": _both_hands_run,
    "crossing_run": _crossing_run,
    "run_then_trumps": _run_then_trumps,
}
"""Each bound's check, by name: those of ``BOUNDS`` and the two that combine them."""


ENDINGS_PER_POLICY = 40
"""Random endings searched under each policy, every bound checked on each (seeds 0 to 39)."""


@pytest.mark.parametrize("policy", POLICIES.values(), ids=POLICIES.keys())
def test_every_bound_never_exceeds_the_exhaustive_minimum(policy: NormalPolicy) -> None:
    """Each ending is searched once and every bound checked at every position it reaches; a
    failure names the bound, the policy and the seed of the ending."""
    for seed in range(ENDINGS_PER_POLICY):
        adjudicator, values = searched(random_ending(random.Random(seed), policy))
        for bound, check in CHECKS.items():
            for state, least in values.items():
                left = hand_of(state.held, (state.leader + len(state.trick)) % 4).bit_count()
                if left:  # at the end there is nothing to bound
                    assert check(adjudicator.bounds, state, least, left), (
                        bound,
                        policy.name,
                        seed,
                        state,
                    )


def overlooked_ending(seed: int, policy: NormalPolicy) -> ClaimProblem:
    """The first ``random_ending`` from ``seed`` on (stepping by 1,000) in a suit contract with
    a card found overlooked (``found_overlooked``) and the claimer's side holding a trump, so
    that a hand taken for all winners may lead an idle trump (``no_idle_trump_lead``)."""
    while True:
        problem = random_ending(random.Random(seed), policy)
        trumps = 0 if problem.trump is None else SUIT_MASKS[problem.trump]
        side = problem.claimer_side
        ours = hand_of(problem.held, side) | hand_of(problem.held, side + 2)
        if problem.found and ours & trumps:
            return problem
        seed += 1_000


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_bounds_and_search_hold_with_a_card_found_overlooked(name: str) -> None:
    """On endings with a card found overlooked, every bound stays at or under the exhaustive
    minimum at every position, and the search's value is that minimum (a failure names the
    seed)."""
    for seed in range(30):
        problem = overlooked_ending(seed, PRESETS[name])
        adjudicator, values = searched(problem)
        for bound, check in CHECKS.items():
            for state, least in values.items():
                left = hand_of(state.held, (state.leader + len(state.trick)) % 4).bit_count()
                if left:
                    assert check(adjudicator.bounds, state, least, left), (bound, name, seed)
        least = values[start_state(adjudicator)]
        assert adjudicate(problem, 60.0).claimer_tricks == least, (name, seed)


def test_every_bound_the_search_can_leave_out_is_checked() -> None:
    assert set(BOUNDS) <= set(CHECKS)


def test_the_policies_checked_are_every_preset_and_every_single_switch() -> None:
    assert len(POLICIES) == len(PRESETS) + len(SWITCHES) + 2
    assert {policy.name for policy in POLICIES.values()} >= set(PRESETS)


def _subsets(cards: int, count: int) -> list[int]:
    """Every way of taking ``count`` of ``cards`` (a bit mask) away: what is left."""
    bits = [1 << card for card in range(52) if (cards >> card) & 1]
    if count >= len(bits):
        return [0]
    return [cards & ~sum(gone) for gone in itertools.combinations(bits, count)]


@settings(deterministic, max_examples=300)
@given(st.randoms(use_true_random=False))
def test_a_hand_holds_a_loser_until_the_trick_the_helper_says(rng: random.Random) -> None:
    """``_holds_a_loser_until``: at every trick before the one it gives, the hand holds a loser
    when it plays, whichever cards it has parted with (one a trick) and whichever the opponents
    have (one a trick each, both of them before the hand at that trick: they may play first)."""
    suits = rng.sample(range(4), rng.randint(1, 3))
    cards = rng.sample([13 * suit + rank for suit in suits for rank in range(13)], 12)
    hands = [0, 0, 0]
    for index, card in enumerate(cards[: rng.randint(3, 12)]):
        hands[index % 3] |= 1 << card
    hand, first, second = hands
    until = _holds_a_loser_until(hand, first, second)
    for trick in range(until):
        for mine in _subsets(hand, trick):
            for theirs in (
                a | b for a in _subsets(first, trick + 1) for b in _subsets(second, trick + 1)
            ):
                losers = [
                    suit
                    for suit in range(4)
                    if mine & SUIT_MASKS[suit] & ~masters_in(mine, theirs, suit)
                ]
                assert losers, (hand, first, second, trick)


def parsed_hand(cards: str) -> frozenset[Card]:
    """A hand written as card names: ``"SK SQ D5"``."""
    return frozenset(Card.parse(card) for card in cards.split())


def test_the_run_counts_the_low_lead_to_partners_lone_entry() -> None:
    """A real claim (board 14 of a World Championship record, 6C by South, the rest claimed
    with West's HK led): under keep_entries a hand may lead its low card of a suit to
    partner's lone entry rather than its winner over it. When ``run`` did not know that lead,
    the search cut a line short on a bound the policy's own line broke, and the worst normal
    line could not be traced back. Every bound switched on or off, the value is the same, and
    the line replays."""
    hands = (
        parsed_hand("SK SQ S5 S2 DA DQ DJ D7 D6 D5"),
        parsed_hand("SJ S9 H8 H6 H4 H3 D8 D3 D2 C9"),
        parsed_hand("ST S6 HA HJ H5 DK CK C7 C6 C4"),
        parsed_hand("S7 HQ HT H9 H7 H2 DT D9 D4"),
    )
    position = ClaimPosition(hands, Seat.W, (Card.parse("HK"),), (1, 2))
    claim = Claim(by=Seat.S, tricks=10, position=position)
    problem = ClaimProblem.from_claim(claim, 3, PRESETS["WBF2017"])
    assert problem.policy.keep_entries
    bounded = adjudicate(problem, 60.0)
    unbounded = adjudicate(problem, 60.0, disabled=frozenset(BOUNDS))
    assert bounded.claimer_tricks == unbounded.claimer_tricks == 10
    assert replay(problem, bounded.line) == 10


def test_the_run_counts_the_low_lead_to_partners_blocking_honour() -> None:
    """A real claim (board 64 of a World Championship record, 4C by North), with
    ``no_duck_with_winner`` turned off as the report's "where the ruling turns" does: South,
    on lead with D K Q T 4 3 opposite North's DA J, may lead the D3 at once to unblock the suit
    (``unblock_blocked_suits``); North's ace wins, and North's master spade is ruffed by East's
    last trump. ``run`` took the diamonds for cashed from the top, partner taking the lead no
    sooner than the second trick, so the search's value (2) could not be traced back by any
    line (1): an internal error in ``ruling check`` and ``ruling audit``."""
    hands = (
        parsed_hand("SJ S9 S8 DA DJ"),
        parsed_hand("H6 D7 D6 D2 C8"),
        parsed_hand("DK DQ DT D4 D3"),
        parsed_hand("HT H8 H3 D8 D5"),
    )
    position = ClaimPosition(hands, Seat.S, (), (6, 2))
    claim = Claim(by=Seat.N, tricks=5, position=position)
    policy = PRESETS["WBF2017"].with_switches(no_duck_with_winner=False)
    problem = ClaimProblem.from_claim(claim, 3, policy)
    assert problem.policy.unblock_blocked_suits
    bounded = adjudicate(problem, 60.0)
    unbounded = adjudicate(problem, 60.0, disabled=frozenset(BOUNDS))
    assert bounded.claimer_tricks == unbounded.claimer_tricks
    assert replay(problem, bounded.line) == bounded.claimer_tricks
