"""The DDS adapter against an independent exact minimax, on hand-made and random endings."""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.bridge import ALL_CARDS, SEATS, Card, Deal, Seat, Side, legal_cards, parse_cards
from solver.bridge import winning_position as trick_winning_position
from solver.engines.dds import Position, double_dummy_all_plays, double_dummy_tricks
from solver.errors import EngineError
from tests.strategies import examples

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


# --- the reference: plain memoised minimax over the legal plays of Law 44 -----------------------


@cache
def minimax_ns(hands: Hands, trump: int | None, leader: Seat, trick: tuple[Card, ...]) -> int:
    """Tricks North-South take of those remaining (the trick in progress included)."""
    if len(trick) == 4:
        winner = Seat.from_index(leader.index + trick_winning_position(trick, trump))
        won = 1 if winner.side is Side.NS else 0
        return won + minimax_ns(hands, trump, winner, ())
    seat = Seat.from_index(leader.index + len(trick))
    if not hands[seat.index]:
        return 0
    values = [
        minimax_ns(_without(hands, seat, card), trump, leader, (*trick, card))
        for card in legal_cards(hands[seat.index], trick[0] if trick else None)
    ]
    return max(values) if seat.side is Side.NS else min(values)


def _without(hands: Hands, seat: Seat, card: Card) -> Hands:
    rest = list(hands)
    rest[seat.index] = hands[seat.index] - {card}
    return (rest[0], rest[1], rest[2], rest[3])


def reference_tricks(position: Position, side: Side) -> int:
    ns = minimax_ns(
        position.hands, position.trump_suit_index, position.leader, position.current_trick
    )
    return ns if side is Side.NS else position.tricks_left() - ns


def reference_all_plays(position: Position) -> dict[Card, int]:
    seat = position.to_play()
    led = position.current_trick[0] if position.current_trick else None
    values = {}
    for card in legal_cards(position.hands[seat.index], led):
        ns = minimax_ns(
            _without(position.hands, seat, card),
            position.trump_suit_index,
            position.leader,
            (*position.current_trick, card),
        )
        values[card] = ns if seat.side is Side.NS else position.tricks_left() - ns
    return values


def assert_matches_reference(position: Position) -> None:
    for side in (Side.NS, Side.EW):
        assert double_dummy_tricks(position, side) == reference_tricks(position, side)
    assert double_dummy_all_plays(position) == reference_all_plays(position)


# --- building positions --------------------------------------------------------------------------


def position(
    north: str,
    east: str,
    south: str,
    west: str,
    *,
    trump: int | None = None,
    leader: Seat = Seat.SOUTH,
    trick: str = "",
) -> Position:
    hands = tuple(frozenset(parse_cards(text)) for text in (north, east, south, west))
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(parse_cards(trick))
    )


def after(start: Position, *names: str) -> Position:
    """The position once the named cards are played in turn (a finished trick is gathered)."""
    current = start
    for name in names:
        card = Card.parse(name)
        seat = current.to_play()
        hands = _without(current.hands, seat, card)
        trick = (*current.current_trick, card)
        leader = current.leader
        if len(trick) == 4:
            leader = Seat.from_index(
                leader.index + trick_winning_position(trick, current.trump_suit_index)
            )
            trick = ()
        current = Position(hands, current.trump_suit_index, leader, trick)
    return current


# --- hand-made endings ---------------------------------------------------------------------------

SQUEEZE = position("SA SJ HQ", "D2 D3 H3", "CA S2 H2", "SK SQ HK", leader=Seat.SOUTH)
"""West alone guards spades (KQ against AJ) and hearts (K against Q); South's club squeezes him."""


def test_simple_squeeze_takes_every_trick_and_only_the_squeeze_card_does() -> None:
    assert double_dummy_tricks(SQUEEZE, Side.NS) == 3
    assert double_dummy_tricks(SQUEEZE, Side.EW) == 0
    plays = double_dummy_all_plays(SQUEEZE)
    assert plays[Card.parse("CA")] == 3
    assert max(v for card, v in plays.items() if card != Card.parse("CA")) < 3
    assert_matches_reference(SQUEEZE)


def test_squeeze_fails_when_the_threats_sit_in_front_of_the_defender() -> None:
    """Swap East and West: North must discard before East, and the squeeze is gone."""
    north, east, south, west = SQUEEZE.hands
    swapped = Position((north, west, south, east), None, Seat.SOUTH)
    assert double_dummy_tricks(swapped, Side.NS) == 2
    assert_matches_reference(swapped)


def test_finesse_wins_when_the_king_is_onside_and_loses_when_offside() -> None:
    onside = position("SA SQ", "S5 S6", "S2 S3", "SK S4")
    offside = position("SA SQ", "SK S4", "S2 S3", "S5 S6")
    assert double_dummy_tricks(onside, Side.NS) == 2
    assert double_dummy_tricks(offside, Side.NS) == 1
    assert double_dummy_all_plays(onside) == {Card.parse("S2"): 2, Card.parse("S3"): 2}
    assert_matches_reference(onside)
    assert_matches_reference(offside)


def test_a_ruff_costs_the_tricks_that_no_trump_would_give() -> None:
    hands = ("SA SK", "H2 C2", "D2 D3", "D4 D5")
    assert double_dummy_tricks(position(*hands, leader=Seat.NORTH), Side.NS) == 2
    assert double_dummy_tricks(position(*hands, leader=Seat.NORTH, trump=1), Side.NS) == 0
    assert double_dummy_tricks(position(*hands, leader=Seat.NORTH, trump=0), Side.NS) == 2
    for trump in (None, 0, 1, 2, 3):
        assert_matches_reference(position(*hands, leader=Seat.NORTH, trump=trump))


MID = position("SA S2 H5", "SK S3 D5", "HA H2 C5", "HK H3 D6", leader=Seat.NORTH)
"""A three-trick ending, to be entered after one, two and three cards of its first trick."""


@pytest.mark.parametrize(
    ("played", "to_play", "ns_tricks"),
    [
        ((), Seat.NORTH, 3),
        (("SA",), Seat.EAST, 3),
        (("SA", "S3"), Seat.SOUTH, 3),
        (("SA", "S3", "H2"), Seat.WEST, 3),
        (("S2",), Seat.EAST, 1),
        (("S2", "SK"), Seat.SOUTH, 1),
        (("S2", "SK", "H2"), Seat.WEST, 1),
        (("S2", "S3", "C5"), Seat.WEST, 1),
    ],
)
def test_positions_in_the_middle_of_a_trick_count_the_trick_in_progress(
    played: tuple[str, ...], to_play: Seat, ns_tricks: int
) -> None:
    mid = after(MID, *played)
    assert mid.current_trick == tuple(Card.parse(name) for name in played)
    assert mid.to_play() is to_play
    assert mid.tricks_left() == 3
    assert double_dummy_tricks(mid, Side.NS) == ns_tricks
    assert double_dummy_tricks(mid, Side.EW) == 3 - ns_tricks
    assert_matches_reference(mid)


def test_the_last_player_to_a_trick_is_scored_for_his_own_side() -> None:
    """West, last to play, wins both tricks with the SK, none by letting North's SQ hold."""
    last = position("H2", "H3", "H4", "SK S4", leader=Seat.NORTH, trick="SQ S3 S2")
    assert last.to_play() is Seat.WEST
    assert double_dummy_all_plays(last) == {Card.parse("SK"): 2, Card.parse("S4"): 0}
    assert double_dummy_tricks(last, Side.NS) == 0
    assert_matches_reference(last)


def test_the_choice_in_the_middle_of_a_trick_is_valued_card_by_card() -> None:
    """After SA and S3, South must keep the HA to reach his club: H2 3, C5 2, HA 1."""
    values = double_dummy_all_plays(after(MID, "SA", "S3"))
    assert values == {Card.parse("H2"): 3, Card.parse("C5"): 2, Card.parse("HA"): 1}


def test_an_empty_position_has_no_tricks_and_no_plays() -> None:
    empty = Position((frozenset(), frozenset(), frozenset(), frozenset()), None, Seat.WEST)
    assert double_dummy_tricks(empty, Side.EW) == 0
    assert double_dummy_all_plays(empty) == {}


# --- random endings ------------------------------------------------------------------------------


@st.composite
def endings(draw: st.DrawFn) -> Position:
    """1 to 4 cards a hand, any strain and leader, then 0 to 3 legal cards of the first trick."""
    size = draw(st.integers(1, 4))
    suits = draw(
        st.lists(st.integers(0, 3), min_size=4 * size, max_size=4 * size).filter(
            lambda chosen: max(chosen.count(suit) for suit in range(4)) <= 13
        )
    )
    cards = _cards_with_suits(draw, suits)
    held = [set(cards[seat * size : (seat + 1) * size]) for seat in range(4)]
    trump = draw(st.sampled_from([None, 0, 1, 2, 3]))
    leader = draw(st.sampled_from(SEATS))
    trick: list[Card] = []
    for offset in range(draw(st.integers(0, 3))):
        seat = (leader.index + offset) % 4
        options = sorted(legal_cards(held[seat], trick[0] if trick else None))
        card = draw(st.sampled_from(options))
        held[seat].discard(card)
        trick.append(card)
    hands = tuple(frozenset(hand) for hand in held)
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))


def _cards_with_suits(draw: st.DrawFn, suits: list[int]) -> list[Card]:
    """Distinct cards with the given suits, in that order (suits first gives varied shapes)."""
    cards = []
    for suit in range(4):
        wanted = suits.count(suit)
        ranks = draw(st.permutations(range(2, 15)))[:wanted]
        cards.append([Card(suit, rank) for rank in ranks])
    return [cards[suit].pop() for suit in suits]


@examples(200)
@given(endings())
def test_random_endings_match_exact_minimax(ending: Position) -> None:
    assert_matches_reference(ending)


# --- a full deal ---------------------------------------------------------------------------------

FULL = "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"


@pytest.mark.parametrize(("trump", "leader"), [(None, Seat.EAST), (0, Seat.WEST), (3, Seat.NORTH)])
def test_full_deal_splits_thirteen_tricks_as_the_dd_table_says(
    trump: int | None, leader: Seat
) -> None:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    start = Position(Deal.from_pbn(FULL).hands, trump, leader)
    ns = double_dummy_tricks(start, Side.NS)
    ew = double_dummy_tricks(start, Side.EW)
    assert ns + ew == 13
    declarer = leader.rho
    table = calc_dd_table(EndplayDeal(FULL))
    denom = Denom.nt if trump is None else Denom(trump)
    declarer_tricks = ns if declarer.side is Side.NS else ew
    assert declarer_tricks == table[denom, Player(declarer.index)]
    plays = double_dummy_all_plays(start)
    assert len(plays) == 13
    assert max(plays.values()) == (ns if leader.side is Side.NS else ew)


# --- inputs and failures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "trick", "message"),
    [
        (("SA", "SK", "SQ", "SJ S2"), "", "hand sizes"),
        (("SA S3", "SK", "SQ", "SJ"), "", "hand sizes"),
        (("SA", "SK S3", "SQ S4", "SJ S5"), "", "hand sizes"),
        (("SA", "SK", "SQ", "SJ"), "S2", "hand sizes"),
        (("SA", "SA", "SQ", "SJ"), "", "card SA"),
        (("SA", "SK S2", "SQ S3", "SJ S4"), "SA", "card SA"),
        (("", "SK", "SQ", "SJ"), "S2 S3 S4 S5", "current trick holds 4"),
    ],
)
def test_inconsistent_positions_are_refused(
    hands: tuple[str, str, str, str], trick: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        position(*hands, leader=Seat.NORTH, trick=trick)


def test_more_than_thirteen_tricks_are_refused() -> None:
    cards = list(ALL_CARDS)
    hands = tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4))
    big = (hands[0] | {cards[-1]}, hands[1], hands[2], hands[3] - {cards[-1]})
    with pytest.raises(ValueError, match="hand sizes"):
        Position(big, None, Seat.NORTH)


def test_a_bad_trump_index_is_refused() -> None:
    with pytest.raises(ValueError, match="trump suit index"):
        position("SA", "SK", "SQ", "SJ", trump=4)


def test_a_dds_failure_is_reported_as_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import endplay.dds.solve
    from endplay._dds import DDSError

    def failing(*_args: object) -> None:
        raise DDSError("simulated failure")

    monkeypatch.setattr(endplay.dds.solve, "solve_board", failing)
    with pytest.raises(EngineError, match="simulated failure"):
        double_dummy_tricks(MID, Side.NS)


def test_importing_the_adapter_does_not_load_endplay() -> None:
    code = "import sys, solver.engines.dds; print('endplay' in sys.modules)"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def _random_position(
    seed: int,
) -> tuple[tuple[int, int, int, int], int | None, int, tuple[int, ...]]:
    """A random deal of ``seed``, cut to 3-8 cards a hand, with 0-3 cards of a trick played
    legally: the engines' integers (card masks and indexes)."""
    import random

    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    size = rng.randint(3, 8)
    hands = [sum(1 << c for c in cards[13 * s : 13 * s + size]) for s in range(4)]
    trump = rng.choice([None, 0, 1, 2, 3])
    leader = rng.randrange(4)
    trick: list[int] = []
    for _ in range(rng.randint(0, 3)):
        seat = (leader + len(trick)) % 4
        held = hands[seat]
        if trick and held & (0x1FFF << (13 * (trick[0] // 13))):
            held &= 0x1FFF << (13 * (trick[0] // 13))
        card = rng.choice([c for c in range(52) if held >> c & 1])
        hands[seat] &= ~(1 << card)
        trick.append(card)
    return (hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick)


@pytest.mark.parametrize("seed", range(40))
def test_the_single_value_call_is_the_best_of_every_cards_value(seed: int) -> None:
    """``masks_tricks`` (DDS's one-best-card mode, used by the option values) gives the value
    of the best card that ``masks_all_plays`` lists for the player to move."""
    from solver.engines.dds import masks_all_plays, masks_tricks

    hands, trump, leader, trick = _random_position(seed)
    assert masks_tricks(hands, trump, leader, trick) == max(
        masks_all_plays(hands, trump, leader, trick).values()
    )
