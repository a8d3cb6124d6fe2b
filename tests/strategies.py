"""Random deals, random legal plays and random disputes built from them, for property tests."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from solver.bridge import ALL_CARDS, SEATS, Card, Deal, Seat, Trick, legal_cards

STRAINS = ["C", "D", "H", "S", "NT"]


def random_deal(rng: random.Random) -> Deal:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4))
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` examples of a slow property: no deadline, and no health
    check for slow data generation (whole boards are drawn)."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _random_setting(draw: st.DrawFn) -> tuple[random.Random, Deal, str, Seat, int | None]:
    """A generator seeded from ``draw``, a random deal, strain and declarer, and the trump suit
    (None at no trump)."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    rng = random.Random(seed)
    deal = random_deal(rng)
    strain = rng.choice(STRAINS)
    declarer = rng.choice(list(SEATS))
    return rng, deal, strain, declarer, None if strain == "NT" else "SHDC".index(strain)


def _rows_case(
    title: str, rng: random.Random, deal: Deal, strain: str, declarer: Seat, rows: dict[str, Any]
) -> dict[str, Any]:
    """A case of the deal with these rows, at a random level in the strain."""
    return {
        "title": title,
        "deal": deal.to_pbn(),
        "contract": f"{rng.randint(1, 7)}{strain}",
        "declarer": str(declarer),
        "play": {"rows": rows},
    }


_WHEN_MIXED = ["before-agreement", "after-dispute", "after-agreement"]


def _mixed_row(rng: random.Random, cards: list[Card], *, when: str | None = None) -> dict[str, str]:
    """A mixed row of ``cards``, shuffled, written down ``when`` (if None, drawn at random)."""
    shuffled = [str(c) for c in cards]
    rng.shuffle(shuffled)
    return {"mixed": " ".join(shuffled), "when": when or rng.choice(_WHEN_MIXED)}


def _write_rows(
    rng: random.Random,
    cards: dict[Seat, list[tuple[Card, bool]]],
    mixed: set[Seat],
    *,
    when: str | None = None,
    flips: int = 0,
) -> dict[str, Any]:
    """Rows of each seat's (card, won by his side) in order: ``mixed`` rows as ``_mixed_row``
    writes them, the others intact with seven marks in ten, ``flips`` of those marks turned."""
    rows: dict[str, Any] = {}
    marked: list[tuple[Seat, int]] = []
    for seat in SEATS:
        if seat in mixed:
            rows[str(seat)] = _mixed_row(rng, [c for c, _ in cards[seat]], when=when)
            continue
        tokens: list[str] = []
        for card, won in cards[seat]:
            if rng.random() < 0.7:
                marked.append((seat, len(tokens)))
                tokens.append(f"{card}{'+' if won else '-'}")
            else:
                tokens.append(str(card))
        rows[str(seat)] = tokens
    for seat, place in rng.sample(marked, min(flips, len(marked))):
        token = rows[str(seat)][place]
        rows[str(seat)][place] = token[:-1] + ("-" if token[-1] == "+" else "+")
    return {key: row if isinstance(row, dict) else " ".join(row) for key, row in rows.items()}


def random_play(
    rng: random.Random,
    deal: Deal,
    leader: Seat,
    trump: int | None,
    tricks: int,
    revokes: frozenset[tuple[int, Seat]] = frozenset(),
) -> list[Trick]:
    """A random legal play of ``tricks`` tricks (Law 44), with a revoke injected at each
    (trick, seat) of ``revokes`` where that seat holds the suit led and another suit too."""
    held = {seat: set(deal.hand(seat)) for seat in SEATS}
    out: list[Trick] = []
    for number in range(1, tricks + 1):
        cards: list[Card] = []
        for offset in range(4):
            seat = Seat.from_index(leader.index + offset)
            options = sorted(legal_cards(held[seat], cards[0] if cards else None))
            if cards and (number, seat) in revokes:
                off_suit = sorted(c for c in held[seat] if c.suit_index != cards[0].suit_index)
                if off_suit and len(off_suit) < len(held[seat]):
                    options = off_suit
            card = rng.choice(options)
            held[seat].discard(card)
            cards.append(card)
        trick = Trick(number, leader, (cards[0], cards[1], cards[2], cards[3]))
        out.append(trick)
        leader = trick.winner(trump)
    return out


def dispute_from_play(
    rng: random.Random,
    deal: Deal,
    contract: str,
    declarer: Seat,
    play: list[Trick],
    trump: int | None,
    *,
    mix: int,
    flips: int,
    statements: int,
    hide_marks: float = 0.3,
) -> dict[str, Any]:
    """A case dict from a true play: some rows mixed, some marks turned, statements made up."""
    rows: dict[str, Any] = {}
    mixed_seats = set(rng.sample(list(SEATS), mix))
    flip_cards: set[Card] = set()
    all_marked: list[Card] = []
    for seat in SEATS:
        cards = [t.card_of(seat) for t in play]
        if seat in mixed_seats:
            rows[str(seat)] = _mixed_row(rng, cards)
            continue
        tokens = []
        for trick, card in zip(play, cards, strict=True):
            if rng.random() < hide_marks:
                tokens.append(str(card))
                continue
            won = trick.winner(trump).side == seat.side
            tokens.append(f"{card}{'+' if won else '-'}")
            all_marked.append(card)
        rows[str(seat)] = " ".join(tokens)
    if all_marked and flips:
        flip_cards = set(rng.sample(all_marked, min(flips, len(all_marked))))
    for seat_text, value in rows.items():
        if isinstance(value, str):
            rows[seat_text] = " ".join(
                (t[:-1] + ("-" if t[-1] == "+" else "+"))
                if t[-1] in "+-" and Card.parse(t[:-1]) in flip_cards
                else t
                for t in value.split()
            )
    made_up = [_random_statement(rng, deal, play, trump, declarer) for _ in range(statements)]
    return {
        "title": "random dispute",
        "deal": deal.to_pbn(),
        "contract": contract,
        "declarer": str(declarer),
        "play": {"rows": rows},
        "statements": made_up,
    }


def _random_statement(
    rng: random.Random, deal: Deal, play: list[Trick], trump: int | None, declarer: Seat
) -> dict[str, Any]:
    speaker = rng.choice(["NS", "EW", "N", "E", "S", "W"])
    kind = rng.choice(["declarer_tricks", "winner", "played"])
    truthful = rng.random() < 0.6
    if kind == "declarer_tricks":
        true_total = sum(1 for t in play if t.winner(trump).side == declarer.side)
        total = true_total if truthful else rng.randint(0, len(play))
        return {"by": speaker, "declarer_tricks": total}
    trick = rng.choice(play)
    if kind == "winner":
        winner = trick.winner(trump) if truthful else rng.choice(list(SEATS))
        return {"by": speaker, "trick": trick.number, "winner": str(winner)}
    seat = rng.choice(list(SEATS))
    card = trick.card_of(seat) if truthful else rng.choice([t.card_of(seat) for t in play])
    return {"by": speaker, "trick": trick.number, "played": {str(seat): str(card)}}


@st.composite
def disputes(
    draw: st.DrawFn, *, tricks: int, max_mix: int = 4, max_flips: int = 2, max_statements: int = 2
) -> tuple[dict[str, Any], list[Trick]]:
    """A random dispute over ``tricks`` tricks of a random deal, with its true play."""
    rng, deal, strain, declarer, trump = _random_setting(draw)
    contract = f"{rng.randint(1, 7)}{strain}"
    play = random_play(rng, deal, declarer.lho, trump, tricks)
    case = dispute_from_play(
        rng,
        deal,
        contract,
        declarer,
        play,
        trump,
        mix=draw(st.integers(0, max_mix)),
        flips=draw(st.integers(0, max_flips)),
        statements=draw(st.integers(0, max_statements)),
    )
    return case, play


def true_history(play: list[Trick]) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
    """The true play in the engines' integer form."""
    return tuple(
        (t.leader.index, tuple(t.card_of(s).index for s in SEATS))  # type: ignore[misc]
        for t in play
    )


@st.composite
def revoke_disputes(
    draw: st.DrawFn, *, tricks: int, max_mix: int = 4
) -> tuple[dict[str, Any], list[Trick], list[tuple[int, Seat]]]:
    """A random dispute whose true play may hold a revoke, with allegations.

    Returns the case, the true play, and the revokes truly made ((trick, seat) pairs). Each
    true revoke is alleged (at its trick, or by its suit); a false allegation may be added.
    """
    rng, deal, strain, declarer, trump = _random_setting(draw)
    contract = f"{rng.randint(1, 7)}{strain}"
    wanted = frozenset(
        (rng.randint(1, tricks), rng.choice(list(SEATS))) for _ in range(draw(st.integers(1, 2)))
    )
    play = random_play(rng, deal, declarer.lho, trump, tricks, wanted)
    made = revokes_made(deal, play)
    case = dispute_from_play(
        rng,
        deal,
        contract,
        declarer,
        play,
        trump,
        mix=draw(st.integers(0, max_mix)),
        flips=draw(st.integers(0, 1)),
        statements=draw(st.integers(0, 1)),
    )
    allegations: list[dict[str, Any]] = []
    for number, seat in made:
        accusers = str(seat.side.other)
        if rng.random() < 0.5:
            allegations.append({"by": accusers, "revoke": {"seat": str(seat), "trick": number}})
        else:
            suit = "SHDC"[play[number - 1].cards[0].suit_index]
            allegations.append({"by": accusers, "revoke": {"seat": str(seat), "suit": suit}})
    if rng.random() < 0.3:
        seat = rng.choice(list(SEATS))
        allegations.append(
            {
                "by": str(seat.side.other),
                "revoke": {"seat": str(seat), "trick": rng.randint(1, tricks)},
            }
        )
    case["statements"] = list(case["statements"]) + allegations
    return case, play, made


def revokes_made(deal: Deal, play: list[Trick]) -> list[tuple[int, Seat]]:
    """(trick, seat) of every revoke in a play (Law 61A), counted independently of the solver."""
    held = {seat: set(deal.hand(seat)) for seat in SEATS}
    out: list[tuple[int, Seat]] = []
    for trick in play:
        led = trick.cards[0].suit_index
        for seat in SEATS:
            card = trick.card_of(seat)
            holds_led = any(c.suit_index == led for c in held[seat])
            if seat != trick.leader and card.suit_index != led and holds_led:
                out.append((trick.number, seat))
            held[seat].discard(card)
    return out


@st.composite
def defective_disputes(
    draw: st.DrawFn, *, tricks: int, max_mix: int = 4
) -> tuple[dict[str, Any], tuple[tuple[int, tuple[int, int, int, int]], ...], int, Seat]:
    """A random dispute in which one player did not play to one trick (Law 67).

    Returns the case (his row one card short, a card he kept under ``play.unplayed``), the true
    history in the engines' integer form (52 where he played nothing), the trick (from 1) and
    the player.
    """
    rng, deal, strain, declarer, trump = _random_setting(draw)
    missing_trick = rng.randint(1, tricks)
    missing_seat = rng.choice(list(SEATS))
    held = {seat: set(deal.hand(seat)) for seat in SEATS}
    leader = declarer.lho
    history = []
    played: dict[Seat, list[tuple[Card, bool]]] = {seat: [] for seat in SEATS}
    for number in range(1, tricks + 1):
        plays: list[tuple[Seat, Card]] = []
        for offset in range(4):
            seat = Seat.from_index(leader.index + offset)
            if (number, seat) == (missing_trick, missing_seat) and offset:
                continue
            options = sorted(legal_cards(held[seat], plays[0][1] if plays else None))
            card = rng.choice(options)
            held[seat].discard(card)
            plays.append((seat, card))
        best_seat, best = plays[0]
        for seat, card in plays[1:]:
            same = card.suit_index == best.suit_index
            if (same and card.rank > best.rank) or (not same and card.suit_index == trump):
                best_seat, best = seat, card
        by_seat = dict(plays)
        history.append(
            (leader.index, tuple(by_seat[s].index if s in by_seat else 52 for s in SEATS))
        )
        for seat, card in plays:
            played[seat].append((card, best_seat.side == seat.side))
        leader = best_seat
    if len(played[missing_seat]) == tricks:  # he was on lead there: nobody missed a trick
        missing_trick = 0
    mix = set(rng.sample(list(SEATS), draw(st.integers(0, max_mix))))
    rows = _write_rows(rng, played, mix, when="before-agreement")
    case = _rows_case("random defective trick", rng, deal, strain, declarer, rows)
    if missing_trick:
        case["play"]["unplayed"] = {str(missing_seat): str(sorted(held[missing_seat])[0])}
    return case, tuple(history), missing_trick, missing_seat


SurplusHistory = tuple[tuple[int, tuple[int, ...]], ...]
"""A history in the engines' integer form: a trick's four cards by seat, then at the double
play a fifth, the surplus card."""


class SurplusDispute(NamedTuple):
    """A random dispute in which one player played two cards to one trick (Law 67B2)."""

    case: dict[str, Any]
    """The case dict: his row holds k + 1 cards, the others k (``compile_surplus`` reads it;
    for k = 12, ``case_from_dict`` too)."""
    history: SurplusHistory
    """The true history: k tricks, then the restored trick."""
    trick: int
    """The trick (from 1) where he played two cards."""
    seat: Seat
    deemed: tuple[int, ...]
    """The tricks (from 1) after it where the surplus card's suit was led and he, not leading,
    void of it in fact, discarded: a revoke Law 67B2 deems him to have made."""


def higher_of_pair(led: int, trump: int | None, pair: tuple[Card, Card]) -> Card:
    """Law 67B2, written here apart from the solver: the card of a pair that stays in the
    trick. With a card of the suit led in the pair (a player holding that suit), the higher of
    those; else a trump above a side card, then the higher rank, then spades first."""
    following = [c for c in pair if c.suit_index == led]
    if following:
        return max(following, key=lambda c: c.rank)
    return max(pair, key=lambda c: (c.suit_index == trump, c.rank, -c.suit_index))


def _double_play(
    rng: random.Random, held: set[Card], led: Card, trump: int | None
) -> tuple[Card, Card]:
    """A legal card and one more of ``held``, ordered (counted, surplus) by Law 67B2."""
    legal = rng.choice(sorted(legal_cards(held, led)))
    other = rng.choice(sorted(held - {legal}))
    counted = higher_of_pair(led.suit_index, trump, (legal, other))
    return counted, other if counted == legal else legal


PlayedWithSurplus = tuple[Seat, dict[Seat, Card], Card | None]
"""A trick: its leader, each seat's (counted) card, and the surplus card of a double play."""


def play_with_a_double(
    rng: random.Random, deal: Deal, leader: Seat, trump: int | None, tricks: int, double: int
) -> tuple[list[PlayedWithSurplus], Seat]:
    """``tricks`` random legal tricks in which a follower picked at random at trick ``double``
    drops two of his cards (``_double_play``), then the restored trick (Law 67B2): he plays the
    surplus card, back in his hand, and the others a card each, following suit.

    Returns the ``tricks`` + 1 tricks and the player who played two cards.
    """
    held = {seat: set(deal.hand(seat)) for seat in SEATS}
    out: list[PlayedWithSurplus] = []
    doubler = leader
    surplus: Card | None = None
    for number in range(1, tricks + 2):
        by_seat: dict[Seat, Card] = {}
        extra: Card | None = None
        if number == double:
            doubler = Seat.from_index(leader.index + rng.randint(1, 3))
        for offset in range(4):
            seat = Seat.from_index(leader.index + offset)
            led = by_seat.get(leader)
            if number == tricks + 1 and seat == doubler:
                assert surplus is not None
                card = surplus
            elif number == double and seat == doubler:
                assert led is not None
                card, extra = _double_play(rng, held[seat], led, trump)
                held[seat].discard(extra)
            else:
                card = rng.choice(sorted(legal_cards(held[seat], led)))
            held[seat].discard(card)
            by_seat[seat] = card
        surplus = extra or surplus
        out.append((leader, by_seat, extra))
        cards = tuple(by_seat[Seat.from_index(leader.index + i)] for i in range(4))
        leader = Trick(number, leader, cards).winner(trump)  # type: ignore[arg-type]
    return out, doubler


def _deemed_revokes(
    play: list[PlayedWithSurplus], doubler: Seat, double: int, surplus: Card
) -> tuple[int, ...]:
    """Tricks after the double play (not the restored one) where the surplus card's suit was led
    and he, not leading, played another suit (legal play: he was void of it in fact)."""
    return tuple(
        number
        for number, (leader, by_seat, _extra) in enumerate(play[:-1], start=1)
        if number > double
        and leader != doubler
        and by_seat[leader].suit_index == surplus.suit_index
        and by_seat[doubler].suit_index != surplus.suit_index
    )


def _surplus_rows(
    rng: random.Random,
    play: list[PlayedWithSurplus],
    doubler: Seat,
    trump: int | None,
    mixed: set[Seat],
    flips: int,
) -> dict[str, Any]:
    """Rows of the physical tricks: the pair in either order; intact rows marked at random
    (the surplus card as at the trick he dropped it), ``flips`` marks turned; ``mixed`` rows
    shuffled."""
    cards: dict[Seat, list[tuple[Card, bool]]] = {seat: [] for seat in SEATS}
    for number, (leader, by_seat, extra) in enumerate(play[:-1], start=1):
        order = tuple(by_seat[Seat.from_index(leader.index + i)] for i in range(4))
        winner = Trick(number, leader, order).winner(trump)  # type: ignore[arg-type]
        for seat, card in by_seat.items():
            pair = [card] if extra is None or seat != doubler else rng.sample([card, extra], 2)
            cards[seat] += [(c, winner.side == seat.side) for c in pair]
    return _write_rows(rng, cards, mixed, flips=flips)


@st.composite
def surplus_disputes(
    draw: st.DrawFn, *, tricks: int, max_mix: int = 4, max_flips: int = 1
) -> SurplusDispute:
    """A random dispute over ``tricks`` tricks in which one follower, at one of them, played a
    legal card and another of his cards (Law 67B2), then the restored trick ``tricks`` + 1.

    His row holds ``tricks`` + 1 cards, the others ``tricks``: ``compile_surplus`` (in
    tests/engines/surplus_problems.py) compiles any; with ``tricks`` = 12 it is a whole board
    that ``case_from_dict`` reads. Rows are mixed and marked as in ``defective_disputes``, a mark
    or two possibly turned.
    """
    rng, deal, strain, declarer, trump = _random_setting(draw)
    double = rng.randint(1, tricks)
    play, doubler = play_with_a_double(rng, deal, declarer.lho, trump, tricks, double)
    mixed = set(rng.sample(list(SEATS), draw(st.integers(0, max_mix))))
    rows = _surplus_rows(rng, play, doubler, trump, mixed, draw(st.integers(0, max_flips)))
    case = _rows_case("random double play", rng, deal, strain, declarer, rows)
    history = tuple(
        (
            leader.index,
            tuple(by_seat[s].index for s in SEATS) + (() if extra is None else (extra.index,)),
        )
        for leader, by_seat, extra in play
    )
    surplus = play[double - 1][2]
    assert surplus is not None
    deemed = _deemed_revokes(play, doubler, double, surplus)
    return SurplusDispute(case, history, double, doubler, deemed)
