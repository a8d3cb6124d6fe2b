"""The options' values at a pending choice against an independent constrained minimax.

The minimax here is written from the Laws again, on its own data (cards as (suit, rank) pairs,
penalty cards as sets), without ``solver.laws.obligations``, the options modules or DDS: it
plays every card out to the end. Endings of up to 4 cards a hand, random penalty cards (one or
two, major or minor, of one defender), a random leader, and a pending 50D2/51B choice when the
holder's partner is to lead, or a pending Law 52 choice when the holder led another card than
the penalty card due. A defender who must play one of several major penalty cards plays the one
declarer designates (50D1, 51A). And endings of up to 5 cards a hand where declarer's side has
led to a trick and the defender who plays fourth played a card before his partner: declarer's
57A order pending, each option valued from that trick in progress.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.engines.options import Table, after_card, after_failure, after_lead_option, best_total
from solver.laws.irregular_play import lead_options
from solver.laws.obligations import Obligations, add_penalty_card

deterministic = settings(
    deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)

Cardp = tuple[int, int]  # (suit, rank): suit 0 spades .. 3 clubs, rank 0 (the 2) .. 12 (the ace)


def _winner(leader: int, cards: list[Cardp], trump: int | None) -> int:
    best = 0
    for i in range(1, 4):
        a, b = cards[i], cards[best]
        if (a[0] == b[0] and a[1] > b[1]) or (a[0] == trump and b[0] != trump):
            best = i
    return (leader + best) % 4


class Brute:
    """Best play by both sides under the penalty-card rules, every card played out."""

    def __init__(self, trump: int | None, declarer: int) -> None:
        self.trump = trump
        self.side = declarer % 2

    def legal(
        self, seat: int, hand: frozenset[Cardp], led: int | None, pen: dict, rules: dict
    ) -> list[Cardp]:
        cards = sorted(hand)
        if led is not None and any(c[0] == led for c in cards):
            cards = [c for c in cards if c[0] == led]
        if led is None:
            req = rules.get("req")
            if req and req[0] == seat and any(c[0] == req[1] for c in cards):
                cards = [c for c in cards if c[0] == req[1]]
            ban = rules.get("ban")
            if ban and ban[0] == seat:
                kept = [c for c in cards if c[0] not in ban[1]]
                if kept:
                    cards = kept
        order = rules.get("order")
        if led is not None and order and order[0] == seat:
            cards = _ordered(cards, led, order[1], order[2])
        majors = [c for c in cards if c in pen.get((seat, "major"), frozenset())]
        if majors:
            return majors
        minors = pen.get((seat, "minor"), frozenset())
        for m in minors:
            kept = [c for c in cards if not (c[0] == m[0] and c[1] < 8 and c != m)]
            if kept:
                cards = kept
        return cards

    def solve(self, hands: tuple, leader: int, pen: dict, rules: dict) -> int:
        return self._solve(hands, leader, _freeze(pen), _freeze(rules))

    @cache  # noqa: B019 - one Brute per example
    def _solve(self, hands: tuple, leader: int, pen: tuple, rules: tuple) -> int:
        if not hands[0]:
            return 0
        pens, rule = dict(pen), dict(rules)
        holder = (leader + 2) % 4
        majors = pens.get((holder, "major"), frozenset())
        if leader % 2 != self.side and majors:
            best = -1
            for option in self._options(majors, holder, leader):
                new_pen, new_rule = dict(pens), dict(rule)
                kind, suits = option
                if kind != "leave":
                    new_pen[(holder, "major")] = frozenset(c for c in majors if c[0] not in suits)
                    if kind == "require":
                        new_rule["req"] = (leader, suits[0])
                    else:
                        new_rule["ban"] = (leader, frozenset(suits))
                best = max(best, self._trick(hands, leader, [], new_pen, new_rule))
            return best
        return self._trick(hands, leader, [], pens, rule)

    def _options(
        self, majors: frozenset, holder: int, leader: int
    ) -> list[tuple[str, tuple[int, ...]]]:
        suits = sorted({c[0] for c in majors})
        out: list[tuple[str, tuple[int, ...]]] = [("require", (s,)) for s in suits]
        for bits in range(1, 1 << len(suits)):
            out.append(("forbid", tuple(s for i, s in enumerate(suits) if bits >> i & 1)))
        return [*out, ("leave", ())]

    def _trick(self, hands: tuple, leader: int, played: list, pen: dict, rules: dict) -> int:
        seat = (leader + len(played)) % 4
        led = played[0][0] if played else None
        cards = self.legal(seat, hands[seat], led, pen, rules)
        # a defender who must play one of several major penalty cards plays the one declarer
        # names (50D1, 51A)
        named = len(cards) > 1 and set(cards) <= pen.get((seat, "major"), frozenset())
        maximise = seat % 2 == self.side or named
        results = []
        for card in cards:
            new_hands = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
            new_pen = {k: v - {card} for k, v in pen.items()}
            new_rules = dict(rules)
            if not played and new_rules.get("req", (None,))[0] == seat:
                del new_rules["req"]
            trick = [*played, card]
            if len(trick) == 4:
                new_rules.pop("order", None)  # a 57A order binds one trick
                winner = _winner(leader, trick, self.trump)
                ban = new_rules.get("ban")
                if ban and ban[0] != winner:
                    del new_rules["ban"]
                gained = 1 if winner % 2 == self.side else 0
                results.append(
                    gained + self._solve(new_hands, winner, _freeze(new_pen), _freeze(new_rules))
                )
            else:
                results.append(self._trick(new_hands, leader, trick, new_pen, new_rules))
        return max(results) if maximise else min(results)


def _ordered(cards: list[Cardp], led: int, kind: str, suit: int) -> list[Cardp]:
    """57A: declarer's order on the partner's card to this trick, after following suit (59:
    one that leaves nothing is dropped)."""
    suited = [c for c in cards if c[0] == led]
    if kind in ("highest", "lowest") and suited:
        return [max(suited) if kind == "highest" else min(suited)]
    if kind == "play-suit":
        return [c for c in cards if c[0] == suit] or cards
    if kind == "not-suit":
        return [c for c in cards if c[0] != suit] or cards
    return cards


def _freeze(d: dict) -> tuple:
    return tuple(
        sorted((k, frozenset(v) if isinstance(v, (set, frozenset)) else v) for k, v in d.items())
    )


def _mask(cards: frozenset[Cardp]) -> int:
    return sum(1 << (13 * s + r) for s, r in cards)


def _random_deal(rng: random.Random, most: int) -> tuple[int, tuple, int, int | None]:
    """An ending of 2 to ``most`` cards a hand dealt at random: its size, the hands, declarer
    and the trump suit (None at no trump)."""
    size = rng.randint(2, most)
    cards = rng.sample([(s, r) for s in range(4) for r in range(13)], 4 * size)
    hands = tuple(frozenset(cards[i * size : (i + 1) * size]) for i in range(4))
    declarer = rng.randrange(4)
    trump = rng.choice([None, 0, 1, 2, 3])
    return size, hands, declarer, trump


def random_ending(rng: random.Random) -> tuple:
    size = rng.randint(2, 4)
    cards = rng.sample([(s, r) for s in range(4) for r in range(13)], 4 * size)
    hands = tuple(frozenset(cards[i * size : (i + 1) * size]) for i in range(4))
    declarer = rng.randrange(4)
    trump = rng.choice([None, 0, 1, 2, 3])
    holder = rng.choice([(declarer + 1) % 4, (declarer + 3) % 4])
    count = rng.choice([1, 1, 2])
    pcs = rng.sample(sorted(hands[holder]), count)
    majors = [rng.random() < 0.7 or c[1] >= 8 or count == 2 for c in pcs]
    leader = rng.choice([(holder + 2) % 4, rng.randrange(4)])
    return hands, declarer, trump, holder, pcs, majors, leader


def _penalty_cards(holder: int, pcs: list[Cardp], majors: list[bool]) -> tuple[Obligations, dict]:
    """The penalty cards of ``random_ending`` as the options module's state and as the
    minimax's sets (two or more are all major, Law 50B)."""
    state = Obligations()
    for card, major in zip(pcs, majors, strict=True):
        state = add_penalty_card(state, holder, 13 * card[0] + card[1], major)
    kind = "major" if len(pcs) == 2 or majors[0] else "minor"
    return state, {(holder, kind): frozenset(pcs)}


@given(st.integers(0, 2**32 - 1))
@deterministic
def test_option_values_match_an_independent_minimax(seed: int) -> None:
    rng = random.Random(seed)
    hands, declarer, trump, holder, pcs, majors, leader = random_ending(rng)
    state, pen = _penalty_cards(holder, pcs, majors)
    table = Table(tuple(_mask(h) for h in hands), trump, declarer, leader, (), 0, state)  # type: ignore[arg-type]
    brute = Brute(trump, declarer)
    assert best_total(table) == brute.solve(hands, leader, pen, {})
    if leader % 2 != declarer % 2 and (holder, "major") in pen:
        for option in lead_options(state, leader, declarer):
            kind = {"require-suit": "req", "forbid-suit": "ban", "forbid-suits": "ban"}.get(
                option.option
            )
            suits = set(option.suits)
            after = {
                k: (frozenset(c for c in v if c[0] not in suits) if kind else v)
                for k, v in pen.items()
            }
            rules: dict = {}
            if kind == "req":
                rules["req"] = (leader, option.suits[0])
            elif kind == "ban":
                rules["ban"] = (leader, frozenset(suits))
            expected = brute._trick(hands, leader, [], after, rules)
            assert best_total(after_lead_option(table, option)) == expected, option


@given(st.integers(0, 2**32 - 1), st.integers(0, 4))
@settings(deterministic, max_examples=20)
def test_a_penalty_card_left_lying_matches_the_minimax(seed: int, margin: int) -> None:
    """Longer endings (4 or 5 cards a hand) where declarer leaves a major penalty card lying: it may
    lie several tricks, the choice coming back at each lead by the holder's partner. With
    ``above`` (a total the caller already has), a total above it must be exact and one at or
    below it must not be reported above it: the fail-low path of the search."""
    rng = random.Random(seed)
    size = rng.choice([4, 5])
    cards = rng.sample([(s, r) for s in range(4) for r in range(13)], 4 * size)
    hands = tuple(frozenset(cards[i * size : (i + 1) * size]) for i in range(4))
    declarer = rng.randrange(4)
    trump = rng.choice([None, 0, 1, 2, 3])
    holder = rng.choice([(declarer + 1) % 4, (declarer + 3) % 4])
    pcs = rng.sample(sorted(hands[holder]), rng.choice([1, 1, 2]))
    state = Obligations()
    for card in pcs:
        state = add_penalty_card(state, holder, 13 * card[0] + card[1], True)
    leader = (holder + 2) % 4
    table = Table(tuple(_mask(h) for h in hands), trump, declarer, leader, (), 0, state)  # type: ignore[arg-type]
    leave = next(o for o in lead_options(state, leader, declarer) if o.option.startswith("leave"))
    brute = Brute(trump, declarer)
    pen = {(holder, "major"): frozenset(pcs)}
    expected = brute._trick(hands, leader, [], pen, {})
    above = expected - 2 + margin
    found = best_total(after_lead_option(table, leave), above=above)
    if expected > above:
        assert found == expected
    else:
        assert found <= above
    assert best_total(table) == brute.solve(hands, leader, pen, {})


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_a_failure_to_lead_a_penalty_card_matches_the_minimax(seed: int) -> None:
    """Law 52 pending: the holder of the penalty cards leads a card their duty forbids (any
    other card beside a major one; a lower spot card of a minor one's suit). Accepted
    (52B1), the lead stands and the penalty cards stay; rejected (52B2), declarer designates
    one of the penalty cards the holder could lead, which is led, and the wrong card lies as
    a major penalty card with the rest (all major now: two or more)."""
    rng = random.Random(seed)
    hands, declarer, trump, holder, pcs, majors, _leader = random_ending(rng)
    state, pen = _penalty_cards(holder, pcs, majors)
    brute = Brute(trump, declarer)
    allowed = brute.legal(holder, hands[holder], None, pen, {})
    wrong_cards = [c for c in sorted(hands[holder]) if c not in allowed]
    assume(wrong_cards)
    wrong = rng.choice(wrong_cards)
    table = Table(tuple(_mask(h) for h in hands), trump, declarer, holder, (), 0, state)  # type: ignore[arg-type]
    accepted, rejected = after_failure(table, 13 * wrong[0] + wrong[1])

    def without(card: Cardp) -> tuple:
        return tuple(h - {card} if i == holder else h for i, h in enumerate(hands))

    assert best_total(accepted) == brute._trick(without(wrong), holder, [wrong], pen, {})
    due = [c for c in allowed if c in pcs]
    expected = [
        brute._trick(
            without(card),
            holder,
            [card],
            {(holder, "major"): (frozenset(pcs) - {card}) | {wrong}},
            {},
        )
        for card in due
    ]
    assert len(rejected) == len(due)
    assert sorted(best_total(t) for t in rejected) == sorted(expected)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=80)
def test_a_57a_order_pending_in_the_trick_matches_the_minimax(seed: int) -> None:
    """57A pending in the trick play stopped in: declarer (or dummy) has led, and the
    defender on the leader's right played a card before his partner, second to play. Each
    order the Laws give there (``pending.order_tables``, from the engines' reading of the
    trick in progress) is worth, double dummy, what the minimax finds with the order binding
    the partner's card to this trick and the premature card a major penalty card of its
    holder (due at his turn when legal; otherwise it stays)."""
    from solver.facts.history import InProgress
    from solver.laws.irregular_play import PlayIrregularities
    from solver.rulings.pending import order_tables

    rng = random.Random(seed)
    size, hands, declarer, trump = _random_deal(rng, 5)
    edition = rng.choice([2017, 2017, 2007, 1997, 1987])
    leader = rng.choice([declarer, (declarer + 2) % 4])
    offender, partner = (leader + 3) % 4, (leader + 1) % 4
    lead = rng.choice(sorted(hands[leader]))
    premature = rng.choice(sorted(hands[offender]))
    trick = 13 - size
    program = PlayIrregularities(
        declarer=declarer,
        edition=edition,
        trump=-1 if trump is None else trump,
        premature={trick: (offender, 13 * premature[0] + premature[1])},
        in_progress=InProgress(leader, (13 * lead[0] + lead[1],)),
    )
    held = tuple(_mask(h) for h in hands)
    groups = order_tables(program, trick, trump, held, {(leader, Obligations())}, 0)  # type: ignore[arg-type]
    names = [(option, suits) for (_law, option, suits), _tables in groups]
    others = [s for s in range(4) if s != lead[0]]
    expected_names = [("partner-highest", ()), ("partner-lowest", ())]
    if edition >= 2017:
        expected_names += [("partner-play-suit", (s,)) for s in others]
    expected_names += [("partner-not-suit", (s,)) for s in others]
    assert names == expected_names
    brute = Brute(trump, declarer)
    rest = tuple(h - {lead} if i == leader else h for i, h in enumerate(hands))
    pen = {(offender, "major"): frozenset({premature})}
    for (_law, option, suits), tables in groups:
        (table,) = tables
        kind = option.removeprefix("partner-")
        order = {"order": (partner, kind, suits[0] if suits else -1)}
        assert best_total(table) == brute._trick(rest, leader, [lead], pen, order), option


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_a_failure_to_follow_with_a_penalty_card_matches_the_minimax(seed: int) -> None:
    """Law 52 pending at a card played, not led: the holder of the penalty cards follows
    (second or third to play) with a card their duty forbids. Accepted (52B1), the card
    stands and the penalty cards stay; rejected (52B2), declarer designates one of the
    penalty cards the holder could play there, which is played, and the wrong card lies as a
    major penalty card with the rest."""
    rng = random.Random(seed)
    hands, declarer, trump, holder, pcs, majors, _leader = random_ending(rng)
    state, pen = _penalty_cards(holder, pcs, majors)
    offset = rng.choice([1, 2])
    leader = (holder - offset) % 4
    trick: list[Cardp] = []
    held = list(hands)
    for i in range(offset):
        seat = (leader + i) % 4
        options = Brute(trump, declarer).legal(
            seat, held[seat], trick[0][0] if trick else None, pen, {}
        )
        card = rng.choice(options)
        trick.append(card)
        held[seat] = held[seat] - {card}
    led = trick[0][0]
    brute = Brute(trump, declarer)
    allowed = brute.legal(holder, hands[holder], led, pen, {})
    follows = [c for c in sorted(hands[holder]) if c[0] == led] or sorted(hands[holder])
    wrong_cards = [c for c in follows if c not in allowed]
    assume(wrong_cards)
    wrong = rng.choice(wrong_cards)
    table = Table(tuple(_mask(h) for h in held), trump, declarer, leader, (), 0, state)  # type: ignore[arg-type]
    table = replace(table, trick=tuple(13 * c[0] + c[1] for c in trick))
    accepted, rejected = after_failure(table, 13 * wrong[0] + wrong[1])

    def without(card: Cardp) -> tuple:
        return tuple(h - {card} if i == holder else h for i, h in enumerate(held))

    assert best_total(accepted) == brute._trick(without(wrong), leader, [*trick, wrong], pen, {})
    due = [c for c in allowed if c in pcs]
    expected = [
        brute._trick(
            without(card),
            leader,
            [*trick, card],
            {(holder, "major"): (frozenset(pcs) - {card}) | {wrong}},
            {},
        )
        for card in due
    ]
    assert len(rejected) == len(due)
    assert sorted(best_total(t) for t in rejected) == sorted(expected)


@given(st.integers(0, 2**32 - 1))
@settings(deterministic, max_examples=60)
def test_a_designation_at_a_card_followed_matches_the_minimax(seed: int) -> None:
    """50D1 and 51A pending at a card followed in the trick in progress: the holder of two
    major penalty cards plays second or fourth, and both (or more) are among the cards he
    may play there. The cards to designate are those (``pending.designation_tables``, from
    the engines' reading of the trick in progress), and each is worth, double dummy, what
    the minimax finds once it is played to the trick, the others still lying."""
    from solver.facts.history import InProgress
    from solver.laws.irregular_play import PlayIrregularities
    from solver.rulings.pending import designation_tables

    rng = random.Random(seed)
    size, hands, declarer, trump = _random_deal(rng, 5)
    holder = rng.choice([(declarer + 1) % 4, (declarer + 3) % 4])
    pcs = rng.sample(sorted(hands[holder]), min(size, rng.choice([2, 2, 3])))
    pen = {(holder, "major"): frozenset(pcs)}
    offset = rng.choice([1, 3])
    leader = (holder - offset) % 4
    brute = Brute(trump, declarer)
    held = list(hands)
    trick: list[Cardp] = []
    for i in range(offset):
        seat = (leader + i) % 4
        card = rng.choice(brute.legal(seat, held[seat], trick[0][0] if trick else None, pen, {}))
        trick.append(card)
        held[seat] = held[seat] - {card}
    due = brute.legal(holder, held[holder], trick[0][0], pen, {})
    assume(len(due) > 1 and set(due) <= set(pcs))
    number = 13 - size
    program = PlayIrregularities(
        declarer=declarer,
        trump=-1 if trump is None else trump,
        penalty_cards={number: tuple((holder, 13 * c[0] + c[1], True) for c in pcs)},
        in_progress=InProgress(leader, tuple(13 * c[0] + c[1] for c in trick)),
    )
    start = tuple(_mask(h) for h in hands)
    ((table, found),) = designation_tables(
        program, number, trump, start, {(leader, Obligations())}, 0
    )  # type: ignore[arg-type]
    assert found == sorted(13 * c[0] + c[1] for c in due)
    for card in due:
        rest = tuple(h - {card} if i == holder else h for i, h in enumerate(held))
        lying = {(holder, "major"): frozenset(pcs) - {card}}
        played = [*trick, card]
        if len(played) < 4:
            expected = brute._trick(rest, leader, played, lying, {})
        else:
            winner = _winner(leader, played, trump)
            expected = (winner % 2 == declarer % 2) + brute.solve(rest, winner, lying, {})
        assert best_total(after_card(table, 13 * card[0] + card[1])) == expected, card
