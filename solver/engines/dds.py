"""Double-dummy values from Bo Haglund's DDS, through endplay: the one adapter to that library.

Claims (Laws 68-71) report beside the adjudicated result what best play by both sides would
give. This module answers exactly two questions about a position, possibly in the middle of a
trick:

* ``double_dummy_tricks``: how many of the remaining tricks a side takes with best play;
* ``double_dummy_all_plays``: for each legal card of the player to play, how many of the
  remaining tricks that player's side takes after playing it.

Plain project types go in and out; endplay's mutable ``Deal`` and its other types never leave this
module. endplay is imported lazily inside the functions, so that importing ``solver`` stays fast,
without its package ``__init__`` (which brings in matplotlib; see ``_bare_endplay``), and only
here, so that one DDS binding is loaded per process. Calls into DDS are serialised by a
lock (endplay always passes DDS thread index 0).

What it does not do: it does not decide what play is *normal* for a claimer (the worst normal line
is the claims engine's job), it does not check that the play that led to the position was legal (a
revoke already on the current trick is taken as it stands), and it does not use endplay's parsers
or trick counting, which are not trusted for records.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from solver.bridge import SEATS, Card, Seat, Side, legal_cards
from solver.errors import EngineError

MAX_TRICKS = 13

_DDS_LOCK = threading.Lock()
"""DDS keeps per-thread state and endplay always passes thread index 0: one call at a time."""


@dataclass(frozen=True, slots=True)
class Position:
    """Where play stands: the cards still held, the strain, and the trick in progress.

    >>> from solver.bridge import parse_cards
    >>> n, e, s, w = (frozenset(parse_cards(t)) for t in ("S2", "S3 S4", "H2 H3", "HA HK"))
    >>> p = Position((n, e, s, w), None, Seat.NORTH, (Card.parse("SK"),))
    >>> p.to_play(), p.tricks_left()
    (Seat.E, 2)
    """

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    """Cards still held by North, East, South and West (not those already on the current trick)."""
    trump_suit_index: int | None
    """0 spades, 1 hearts, 2 diamonds, 3 clubs; None at no trump."""
    leader: Seat
    """Who led the trick in progress, or is to lead the next one."""
    current_trick: tuple[Card, ...] = ()
    """Cards already played to the trick in progress, in play order from ``leader`` (0 to 3)."""

    def __post_init__(self) -> None:
        _check_shape(self)
        _check_sizes(self)
        _check_distinct(self)

    def to_play(self) -> Seat:
        """The player whose turn it is."""
        return Seat.from_index(self.leader.index + len(self.current_trick))

    def tricks_left(self) -> int:
        """Tricks still to be completed, counting the one in progress."""
        return len(self.hands[self.to_play().index])

    def has_played(self, seat: Seat) -> bool:
        """Whether ``seat`` has already played to the trick in progress."""
        return (seat.index - self.leader.index) % 4 < len(self.current_trick)


def _check_shape(position: Position) -> None:
    if len(position.hands) != 4:
        raise ValueError(f"a position needs four hands (N, E, S, W), got {len(position.hands)}")
    if position.trump_suit_index not in (None, 0, 1, 2, 3):
        raise ValueError(
            f"bad trump suit index {position.trump_suit_index!r} "
            "(expected 0 spades, 1 hearts, 2 diamonds, 3 clubs or None for no trump)"
        )
    if not isinstance(position.leader, Seat):
        raise ValueError(f"bad leader {position.leader!r} (expected a Seat)")
    if len(position.current_trick) > 3:
        raise ValueError(
            f"the current trick holds {len(position.current_trick)} cards (expected 0 to 3; "
            "a complete trick belongs to the play so far)"
        )


def _check_sizes(position: Position) -> None:
    """Those who played to the current trick hold one card fewer than those still to play."""
    left = position.tricks_left()
    expected = [left - 1 if position.has_played(seat) else left for seat in SEATS]
    actual = [len(hand) for hand in position.hands]
    if actual != expected or not 0 <= left <= MAX_TRICKS:
        counts = ", ".join(f"{seat} {len(position.hands[seat.index])}" for seat in SEATS)
        raise ValueError(
            f"hand sizes do not fit the current trick ({counts}; "
            f"{len(position.current_trick)} card(s) played from {position.leader}): "
            "those who played to the trick must hold one card fewer than the others, "
            f"and no hand more than {MAX_TRICKS}"
        )


def _check_distinct(position: Position) -> None:
    seen: dict[Card, str] = {}
    places = [(str(seat), position.hands[seat.index]) for seat in SEATS]
    places.append(("the current trick", frozenset(position.current_trick)))
    if len(set(position.current_trick)) != len(position.current_trick):
        raise ValueError("a card appears twice on the current trick")
    for place, cards in places:
        for card in cards:
            if not isinstance(card, Card):
                raise ValueError(f"bad card {card!r} in {place} (expected a Card)")
            if card in seen:
                raise ValueError(f"card {card} is both in {seen[card]} and in {place}")
            seen[card] = place


def double_dummy_tricks(position: Position, side: Side) -> int:
    """Tricks of those remaining (including the trick in progress) that ``side`` takes with best
    play by both sides."""
    left = position.tricks_left()
    if left == 0:
        return 0
    solved = _solve(position, optimal_only=True)
    best = max(score for _card, score in solved)
    return best if position.to_play().side is side else left - best


def double_dummy_masks(
    held: tuple[int, int, int, int],
    trump_suit_index: int | None,
    leader: int,
    trick: tuple[int, ...],
    side: int,
) -> int:
    """``double_dummy_tricks`` for a position given as the claim search holds it: each hand a
    mask of card indices (bit i: ``Card.from_index(i)``), the seats and the side as indices
    (0 North or NS, 1 East or EW, ...), the trick in progress as card indices from ``leader``."""
    hands = tuple(
        frozenset(Card.from_index(i) for i in range(52) if (mask >> i) & 1) for mask in held
    )
    position = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        trump_suit_index,
        Seat.from_index(leader),
        tuple(Card.from_index(c) for c in trick),
    )
    return double_dummy_tricks(position, Side.NS if side % 2 == 0 else Side.EW)


def double_dummy_all_plays(position: Position) -> dict[Card, int]:
    """For each legal card of the player to play: tricks the player's side takes (of those
    remaining, including the current trick) after playing it, with best play thereafter."""
    if position.tricks_left() == 0:
        return {}
    values = dict(_solve(position, optimal_only=False))
    led = position.current_trick[0] if position.current_trick else None
    legal = set(legal_cards(position.hands[position.to_play().index], led))
    if set(values) != legal:
        raise EngineError(
            f"DDS returned cards {_names(values)} for {position.to_play()}, "
            f"whose legal cards are {_names(legal)}"
        )
    return values


def _names(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in sorted(cards)) or "none"


def _solve(position: Position, *, optimal_only: bool) -> list[tuple[Card, int]]:
    """DDS's answer for the player to play: (card, tricks for that player's side) pairs."""
    try:
        _bare_endplay()
        from endplay.dds.solve import SolveMode, solve_board
    except (ImportError, RuntimeError) as error:  # endplay raises RuntimeError if DDS won't load
        raise EngineError(f"the DDS library (endplay) could not be loaded: {error}") from error
    mode = SolveMode.OptimalOne if optimal_only else SolveMode.Default
    deal = _to_endplay(position)
    try:
        with _DDS_LOCK:
            solved = [(_from_endplay(card), int(score)) for card, score in solve_board(deal, mode)]
    except Exception as error:  # DDSError, or a failure of the binding itself
        raise EngineError(f"DDS could not solve the position: {error}") from error
    return _checked(solved, position)


def _checked(solved: list[tuple[Card, int]], position: Position) -> list[tuple[Card, int]]:
    left = position.tricks_left()
    if not solved or any(not 0 <= score <= left for _card, score in solved):
        raise EngineError(
            f"DDS returned no usable answer for {position.to_play()} to play "
            f"with {left} trick(s) left: {[(str(c), s) for c, s in solved]}"
        )
    return solved


def _bare_endplay() -> None:
    """Make ``endplay`` importable without running its package ``__init__``.

    That ``__init__`` imports every part of endplay, ``endplay.dealer`` among them and with it
    matplotlib: most of a second of start-up that double dummy does not need. The package is
    registered bare (its path only), so that ``endplay.dds`` and ``endplay.types`` load on
    their own; the first time anything asks the bare package for a name its ``__init__``
    defines (``endplay.Deal``), the ``__init__`` runs then, so other users of endplay in the
    same process see the whole package. Nothing is done when endplay is already imported.
    """
    import importlib.util
    import sys

    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        raise ImportError("endplay is not installed")
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def complete(name: str) -> Any:
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, name)

    package.__dict__["__getattr__"] = complete
    sys.modules["endplay"] = package


def _to_endplay(position: Position) -> Any:
    """An endplay Deal: hands, trick leader as ``first``, trumps, and the trick so far."""
    from endplay.types import Deal, Denom, Hand, Player

    deal = Deal()
    for seat in SEATS:
        hand = Hand()
        hand.extend(_to_endplay_card(card) for card in position.hands[seat.index])
        deal[Player(seat.index)] = hand
    deal.first = Player(position.leader.index)
    trump = position.trump_suit_index
    deal.trump = Denom.nt if trump is None else Denom(trump)
    for card in position.current_trick:
        # Not from hand: the hands already exclude the cards on the trick.
        deal.play(_to_endplay_card(card), from_hand=False)
    return deal


def _to_endplay_card(card: Card) -> Any:
    from endplay.types import Card as EndplayCard
    from endplay.types import Denom, Rank

    return EndplayCard(suit=Denom(card.suit_index), rank=Rank(1 << card.rank))


def _from_endplay(card: Any) -> Card:
    """endplay ranks are bit masks, 0x4 for the two up to 0x4000 for the ace."""
    return Card(int(card.suit), int(card.rank).bit_length() - 1)


def masks_all_plays(
    hands: tuple[int, int, int, int], trump: int | None, leader: int, trick: tuple[int, ...]
) -> dict[int, int]:
    """``double_dummy_all_plays`` on the engines' integers (card masks and indexes), for
    callers that ask DDS thousands of times (the option values): the deal is written straight
    into DDS's own structure, without a ``Card`` for every card. Checked as the other entry
    points are: every card returned legal, every value in range."""
    data = _solve_masks(hands, trump, leader, trick, every_card=True)
    try:
        solved = []
        for i in range(data.cards):  # DDS's own answer: a card and the equal ones below it
            if data.score[i] < 0:
                continue
            holding = (1 << data.rank[i]) | data.equals[i]
            base = 13 * data.suit[i] - 2
            solved += [(base + rank, data.score[i]) for rank in range(2, 15) if holding >> rank & 1]
    except Exception as error:  # DDSError, or a failure of the binding itself
        raise EngineError(f"DDS could not solve the position: {error}") from error
    mover = (leader + len(trick)) % 4
    left = hands[mover].bit_count()
    legal = _legal_mask(hands[mover], trick)
    found = dict(solved)
    if sum(1 << card for card in found) != legal or any(not 0 <= v <= left for v in found.values()):
        raise EngineError(f"DDS returned {solved} for seat {mover}, whose legal cards differ")
    return found


def _legal_mask(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` Law 44 lets its holder play to ``trick``: the suit led if he
    holds it, else any."""
    if trick:
        led = hand & (0x1FFF << (13 * (trick[0] // 13)))
        if led:
            return led
    return hand


def _solve_masks(
    hands: tuple[int, int, int, int],
    trump: int | None,
    leader: int,
    trick: tuple[int, ...],
    every_card: bool,
) -> Any:
    """DDS's raw answer (its ``futureTricks``) for a position on the engines' integers: every
    card's value (``every_card``) or one best card's."""
    try:
        _bare_endplay()
        from endplay.dds.solve import SolveMode, solve_board
    except (ImportError, RuntimeError) as error:
        raise EngineError(f"the DDS library (endplay) could not be loaded: {error}") from error
    deal = _deal_from_masks(hands, trump, leader, trick)
    mode = SolveMode.Default if every_card else SolveMode.OptimalOne
    try:
        with _DDS_LOCK:
            return solve_board(deal, mode)._data
    except Exception as error:  # DDSError, or a failure of the binding itself
        raise EngineError(f"DDS could not solve the position: {error}") from error


def _deal_from_masks(
    hands: tuple[int, int, int, int], trump: int | None, leader: int, trick: tuple[int, ...]
) -> Any:
    from endplay.types import Deal, Denom, Player

    deal = Deal()
    remain = deal._data.remainCards
    for seat in range(4):
        for suit in range(4):
            remain[seat][suit] = ((hands[seat] >> (13 * suit)) & 0x1FFF) << 2
    deal.first = Player(leader)
    deal.trump = Denom.nt if trump is None else Denom(trump)
    for card in trick:
        deal.play(_to_endplay_card(Card.from_index(card)), from_hand=False)
    return deal


def masks_tricks(
    hands: tuple[int, int, int, int], trump: int | None, leader: int, trick: tuple[int, ...]
) -> int:
    """The tricks the side of the player to move takes from here (the trick in progress
    included) with best play by both sides, on the engines' integers: ``masks_all_plays``'s
    best value, from a single-value call (DDS then searches one best card, not every card's
    value: about half the time on a full deal). Checked: the card returned is legal and the
    value in range."""
    data = _solve_masks(hands, trump, leader, trick, every_card=False)
    try:
        card, score = 13 * data.suit[0] + data.rank[0] - 2, data.score[0]
    except Exception as error:  # DDSError, or a failure of the binding itself
        raise EngineError(f"DDS could not solve the position: {error}") from error
    mover = (leader + len(trick)) % 4
    legal = _legal_mask(hands[mover], trick)
    if data.cards < 1 or not legal >> card & 1 or not 0 <= score <= hands[mover].bit_count():
        raise EngineError(f"DDS returned {card} ({score}) for seat {mover}, not a legal card")
    return int(score)
