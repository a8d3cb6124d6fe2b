"""What a claim's statement prescribes (Law 68C, 70), and how far the play has taken it.

``step_plays`` gives the plays a statement step prescribes for the player to play, or None when
it says nothing of that play (the policy then chooses); ``skip_done``, ``advance_on_card`` and
``advance_on_trick`` move the plan (the step in force, the progress within it) on as the cards
are played.
"""

from __future__ import annotations

from solver.bridge import Card
from solver.bridge.masks import SUIT_MASKS, beats, cards_in, hand_of, top_of
from solver.engines.claims.state import ClaimProblem, Plan
from solver.facts import Step
from solver.facts.policy import NormalPolicy
from solver.laws.normal_play import (
    PlayView,
    claimer_options,
    current_winner,
    is_master,
    legal,
    masters_in,
    partner_sure_to_win,
    partner_wins_as_the_cards_lie,
)


def active_step(problem: ClaimProblem, plan: Plan) -> Step | None:
    """The statement step in force, None once the statement is done."""
    index = plan[0]
    if index >= len(problem.steps):
        return None
    return problem.steps[index]


def advance_on_card(
    problem: ClaimProblem,
    plan: Plan,
    seat: int,
    card: int,
    trick: tuple[int, ...],
    held: tuple[int, int, int, int],
) -> Plan:
    """The plan after ``seat`` played ``card`` (``trick``: the trick with it, ``held``: the
    cards left after it): a ruff step ends with its ruff."""
    index = plan[0]
    if index >= len(problem.steps):
        return plan
    step = problem.steps[index]
    if step.kind == "ruff" and step.seat is not None and seat == step.seat.index:
        if card // 13 != problem.trump:
            return skip_done(problem, plan, held)
        if trick[0] // 13 == step.suit:
            return skip_done(problem, (index + 1, 0), held)
    return skip_done(problem, plan, held)


def advance_on_trick(
    problem: ClaimProblem,
    plan: Plan,
    winner: int,
    trick: tuple[int, ...],
    held: tuple[int, int, int, int],
) -> Plan:
    """The plan after a complete ``trick`` that ``winner`` won: a concession counts the tricks
    given up, a round of trumps and a finesse end with their trick."""
    index, progress = plan
    if index < len(problem.steps) and problem.steps[index].kind == "concede":
        if winner % 2 != problem.claimer_side:
            progress += 1
        plan = (index, progress)
    step = problem.steps[index] if index < len(problem.steps) else None
    trump = -1 if problem.trump is None else problem.trump
    if step is not None and step.kind == "draw_round" and trick[0] // 13 == trump:
        plan = (index, 1)  # one round of trumps: the first trick led in trumps
    if step is not None and (step.kind == "finesse" or step.kind == "ruffing_finesse"):
        # The finesse is taken (or lost) by the first trick played in its suit. A finesse the
        # policy may repeat goes on while its suit is led trick after trick (progress 1) and
        # ends with the first trick in another suit (progress 2).
        card = step.cards[0].index
        if trick[0] // 13 == card // 13 or card in trick:
            plan = (index, 1)
        elif progress:
            plan = (index, 2)
    return skip_done(problem, plan, held)


def skip_done(problem: ClaimProblem, plan: Plan, held: tuple[int, int, int, int]) -> Plan:
    """The plan moved past every step already done with the cards ``held``."""
    index, progress = plan
    while index < len(problem.steps) and step_done(problem, problem.steps[index], progress, held):
        index, progress = index + 1, 0
    return (index, progress)


def step_done(
    problem: ClaimProblem, step: Step, progress: int, held: tuple[int, int, int, int]
) -> bool:
    """Is the step done, or can it no longer be played, with the cards ``held``?"""
    side = problem.claimer_side
    ours = hand_of(held, side) | hand_of(held, side + 2)
    theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
    trump = problem.trump
    if step.kind == "draw_trumps" or step.kind == "draw_round":
        return (
            (step.kind == "draw_round" and progress >= 1)
            or trump is None
            or not (theirs & SUIT_MASKS[trump])
            or not (ours & SUIT_MASKS[trump])
        )
    if step.kind == "cash":
        assert step.suit is not None
        return not masters_in(ours, theirs, step.suit)
    if step.kind == "cash_any":
        return not any(masters_in(ours, theirs, suit) for suit in step.suits)
    if step.kind == "ruff":
        assert step.suit is not None and step.seat is not None and trump is not None
        ruffer = hand_of(held, step.seat.index)
        other = hand_of(held, (step.seat.index + 2) % 4)
        return not (ruffer & SUIT_MASKS[trump]) or not (other & SUIT_MASKS[step.suit])
    if step.kind == "crossruff":
        assert trump is not None
        return not any(_ruffable(held, seat, trump) for seat in (side, side + 2))
    if step.kind == "finesse":
        return progress >= 2 or (progress == 1 and not _repeatable(problem, step, held))
    if step.kind == "ruffing_finesse":
        return progress >= 1
    if step.kind == "concede":
        return progress >= step.count
    if step.kind == "squeeze":
        return False  # the ending is played double dummy to the last card (search.py)
    return not any((ours >> c.index) & 1 for c in step.cards)


def step_plays(
    step: Step, view: PlayView, policy: NormalPolicy, progress: int = 0, against: int = 0
) -> list[int] | None:
    """Law 68C/70: the plays a statement step prescribes for this player, if any
    (``progress``: how far the step has gone; ``against``: for a finesse, the cards it is taken
    against, ``finessed_against``)."""
    hand = hand_of(view.held, view.seat)
    leading = not view.trick
    if step.kind == "squeeze":
        # Any legal card: the search values the ending double dummy (``Adjudicator.ending``),
        # and the line follows a card that keeps to that value.
        return legal(view)
    if step.kind == "play":
        # The first named card the side still holds, played by its holder at his turn: on lead
        # only, unless the step says its cards bind follows too (``(all)``).
        if not (leading or step.follows):
            return None
        ours = hand | hand_of(view.held, view.seat ^ 2)
        pending = [c.index for c in step.cards if (ours >> c.index) & 1]
        if pending and (hand >> pending[0]) & 1 and pending[0] in legal(view):
            return [pending[0]]
        return None
    if step.kind == "finesse":
        if progress:
            return _repeat_plays(step.cards[0], view, policy, against)
        return _finesse_plays(step.cards[0], view, policy)
    if step.kind == "ruffing_finesse":
        return _ruffing_finesse_plays(step.cards[0], view, policy)
    if not leading:
        return _ruff_follow(step, view)
    return _step_leads(step, view, policy)


def _step_leads(step: Step, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    hand = hand_of(view.held, view.seat)
    trump = view.trump
    drawing = step.kind == "draw_trumps" or step.kind == "draw_round"
    if drawing and trump is not None and hand & SUIT_MASKS[trump]:
        return [top_of(hand, trump)]
    if step.kind == "cash":
        assert step.suit is not None
        return _cash_leads(step.suit, view, policy)
    if step.kind == "cash_any":
        # Any stated suit the side still holds a winner of, each from the top as ``cash``.
        ours = hand | hand_of(view.held, view.seat ^ 2)
        theirs = hand_of(view.held, view.seat ^ 1) | hand_of(view.held, view.seat ^ 3)
        leads: list[int] = []
        for suit in step.suits:
            if masters_in(ours, theirs, suit):
                leads += _cash_leads(suit, view, policy) or []
        return leads or None
    if step.kind == "ruff":
        assert step.suit is not None and step.seat is not None
        if step.seat.index != view.seat and hand & SUIT_MASKS[step.suit]:
            return _ruff_leads(step.suit, view.held[step.seat.index], view, policy)
        return None
    if step.kind == "crossruff":
        return _crossruff_leads(view, policy)
    # ``concede``: no lead of its own. The tricks are given up in the natural way, as the
    # policy plays them (winners first, the losers after: Laws 70, 71); leading any card here
    # let the side give up the lead before cashing its winners, worse than saying nothing.
    return None


def _cash_leads(suit: int, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """``cash <suit>``'s leads: the hand's top card of the suit while it is a master, any card of
    it when not (the top one if ``top_down`` is off); None when the hand holds none."""
    hand = hand_of(view.held, view.seat)
    if not hand & SUIT_MASKS[suit]:
        return None
    top = top_of(hand, suit)
    if is_master(view, top) or not policy.top_down:
        return [top]
    return cards_in(hand & SUIT_MASKS[suit])


def _ruff_leads(suit: int, ruffer: int, view: PlayView, policy: NormalPolicy) -> list[int]:
    """``ruff <suit> in <seat>``'s leads by the ruffer's partner: the cards of the suit the
    policy admits as leads from the suit alone. While the ruffer still holds the suit the round
    is no ruff yet ("ruff the fourth round"): the winners are cashed from the top, not the C8
    led from C A K 8 7 2 for an opponent's jack. Once he is void, a card that is no master goes
    first: a master led for partner to ruff throws a trick away."""
    cards = hand_of(view.held, view.seat) & SUIT_MASKS[suit]
    if not ruffer & SUIT_MASKS[suit]:
        theirs = hand_of(view.held, view.seat ^ 1) | hand_of(view.held, view.seat ^ 3)
        losers = cards & ~masters_in(cards, theirs, suit)
        cards = losers or cards
    leading = view.with_held(_with_hand(view.held, view.seat, cards))
    return claimer_options(policy, leading) or cards_in(cards)


def _crossruff_leads(view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """``crossruff``'s leads: a card of a side suit partner ruffs (he is void in it and holds
    a trump), as ``ruff <suit> in <seat>`` leads it once the ruffer is void (a loser first);
    with none, the policy's leads but a trump while the hand holds another card: leading
    trumps is outside a crossruff (the catalogue's C5)."""
    trump = view.trump
    assert trump is not None
    partner = view.held[view.seat ^ 2]
    suits = _ruffable(view.held, view.seat, trump)
    if suits:
        return [card for suit in suits for card in _ruff_leads(suit, partner, view, policy)]
    side_leads = [card for card in claimer_options(policy, view) if card // 13 != trump]
    return side_leads or None


def _ruffable(held: tuple[int, int, int, int], seat: int, trump: int) -> list[int]:
    """The side suits ``seat`` holds that his partner, void in them, can ruff (he holds a
    trump)."""
    hand, partner = hand_of(held, seat), hand_of(held, seat ^ 2)
    if not partner & SUIT_MASKS[trump]:
        return []
    return [
        suit
        for suit in range(4)
        if suit != trump and hand & SUIT_MASKS[suit] and not partner & SUIT_MASKS[suit]
    ]


def _ruff_follow(step: Step, view: PlayView) -> list[int] | None:
    """The ruff a ``ruff`` step's ruffer, or a ``crossruff`` hand, makes void in the suit led:
    for ``ruff``, the stated suit; for ``crossruff``, a side suit partner led (a defender's lead
    is the policy's, C5). Not on partner's card sure to win: as he sees it for ``ruff``
    (ruffing it wastes the trump, C4(c); the ruff waits for the next round), as the cards lie
    for ``crossruff`` (``partner_wins_as_the_cards_lie``)."""
    trump = view.trump
    led = view.trick[0] // 13
    if step.kind == "crossruff":
        ruffs = view.leader == view.seat ^ 2 and led != trump
    else:
        ruffs = step.kind == "ruff" and step.seat is not None and step.seat.index == view.seat
        ruffs = ruffs and led == step.suit
    hand = hand_of(view.held, view.seat)
    if trump is None or not ruffs or hand & SUIT_MASKS[led] or not hand & SUIT_MASKS[trump]:
        return None
    sure = (
        partner_wins_as_the_cards_lie(view)
        if step.kind == "crossruff"
        else partner_sure_to_win(view)
    )
    if sure:
        return None
    winning = current_winner(view)
    assert winning is not None
    trumps = cards_in(hand & SUIT_MASKS[trump])
    winners = [c for c in trumps if beats(c, winning[1], trump)]
    return (winners or trumps)[:1]


def _finesse_plays(card: Card, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """Law 68C: "finesse X", played as a finesse is (see ``docs/claims.md``).

    X is led only when it is the hand's way of taking the finesse: its holder holds no higher card
    of the suit and partner does (QJ10 opposite A: the Q is led and, uncovered, runs). Otherwise
    the finesse is taken by leading towards X: partner, on lead, leads his lowest card of the
    suit; the holder, on lead, leads another suit (to cross), as the policy admits; when that
    cannot be done from here the step says nothing of the lead. The holder plays X when the suit
    is led, unless an opponent's card that beats X is already on the trick: playing X under the
    card finessed against is no finesse (worse than careless), so he plays as the policy admits
    (wins with a higher card, or follows). The step ends with the first trick led in X's suit.
    """
    hand = hand_of(view.held, view.seat)
    suit = card.suit_index
    holds_x = bool((hand >> card.index) & 1)
    partner = hand_of(view.held, view.seat ^ 2)
    if not view.trick:
        if not holds_x:
            if _running(card, partner, hand):
                return None  # X is to be led from its own hand: nothing stated for this lead
            return _lowest(hand, suit)
        if _running(card, hand, partner):
            return [card.index]
        others = hand & ~SUIT_MASKS[suit]
        if not (partner & SUIT_MASKS[suit]) or not others:
            return None
        crossing = view.with_held(_with_hand(view.held, view.seat, others))
        return claimer_options(policy, crossing)
    if view.trick[0] // 13 != suit:
        return None
    winning = current_winner(view)
    assert winning is not None
    if holds_x:
        if winning[0] % 2 != view.claimer_side and beats(winning[1], card.index, view.trump):
            return None
        return [card.index]
    if view.trick[0] == card.index and view.seat == view.leader ^ 2 and winning[1] == card.index:
        # X led and not covered: partner lets it run.
        return _lowest(hand, suit)
    return None


def finessed_against(problem: ClaimProblem, step: Step) -> int:
    """The cards a stated ``finesse X`` is taken against, kept for its repeats
    (``repeat_stated_finesse``): the opponents' cards of X's suit above X at the claim; 0 when
    the policy does not repeat a finesse, or the step is no finesse."""
    if step.kind != "finesse" or not problem.policy.repeat_stated_finesse:
        return 0
    card = step.cards[0].index
    side = problem.claimer_side
    theirs = hand_of(problem.held, 1 - side) | hand_of(problem.held, 3 - side)
    return theirs & SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def _repeatable(problem: ClaimProblem, step: Step, held: tuple[int, int, int, int]) -> bool:
    """May the stated finesse still be taken again (``repeat_stated_finesse``): does the
    claimer's side still hold a card that only the cards it is taken against beat?"""
    against = finessed_against(problem, step)
    if not against:
        return False
    side = problem.claimer_side
    mask = SUIT_MASKS[step.cards[0].suit_index]
    theirs = (hand_of(held, 1 - side) | hand_of(held, 3 - side)) & mask
    ours = (hand_of(held, side) | hand_of(held, side + 2)) & mask
    return _finessing(ours, theirs, against, -1) >= 0


def _repeat_plays(
    card: Card, view: PlayView, policy: NormalPolicy, against: int
) -> list[int] | None:
    """The round after a stated finesse has won one (``repeat_stated_finesse``, the catalogue's
    E2: posters held a claimer who said he would take "a club finesse" to repeating it at
    once). Besides the plays the policy admits: on lead, a hand whose partner holds a
    finessing card (``_finessing``) above its lowest card of the suit may lead that card again,
    before its winners; third to play, partner having led the suit below his finessing card,
    the player may play that card rather than his master. A trick in another suit ends the
    finesse (``advance_on_trick``): a repeat after cashing winners elsewhere is no continuation
    of the stated line, and the policy alone plays the suit then. Nothing else is said."""
    suit = card.suit_index
    mask = SUIT_MASKS[suit]
    hand = hand_of(view.held, view.seat) & mask
    if not hand:
        return None
    theirs = (hand_of(view.held, view.seat ^ 1) | hand_of(view.held, view.seat ^ 3)) & mask
    if not view.trick:
        finessing = _finessing(hand_of(view.held, view.seat ^ 2) & mask, theirs, against, -1)
        lowest = (hand & -hand).bit_length() - 1
        if finessing < lowest:  # none (-1), or none above the hand's lowest card
            return None
        options = claimer_options(policy, view)
        if lowest not in options:
            options.append(lowest)
        return options
    if len(view.trick) != 2 or view.leader != view.seat ^ 2 or view.trick[0] // 13 != suit:
        return None
    winning = current_winner(view)
    assert winning is not None
    if winning[0] == view.leader and _finessing(1 << winning[1], theirs, against, -1) >= 0:
        return None  # partner's card is the finesse already
    finessing = _finessing(hand, theirs, against, winning[1])
    if finessing < 0 or not beats(finessing, winning[1], view.trump):
        return None
    options = claimer_options(policy, view)
    if finessing not in options:
        options.append(finessing)
    return options


def _finessing(cards: int, theirs: int, against: int, above: int) -> int:
    """The lowest of ``cards`` above the card ``above`` (-1: any) that only cards of ``against``
    still beat (``theirs``: the opponents' cards of the suit), one at least; -1 when none."""
    for candidate in cards_in(cards):
        if candidate <= above:
            continue
        higher = theirs & ~((2 << candidate) - 1)
        if higher and not higher & ~against:
            return candidate
    return -1


def _ruffing_finesse_plays(card: Card, view: PlayView, policy: NormalPolicy) -> list[int] | None:
    """Law 68C: "ruffing finesse X" (see ``docs/claims.md``): X's holder, on lead, leads X;
    partner, void in its suit, ruffs when the next player has covered it (with his lowest trump
    that wins the trick) and otherwise discards, as the policy admits, letting X run. The step
    says nothing of other plays, and ends with the first trick led in X's suit."""
    hand = hand_of(view.held, view.seat)
    if not view.trick:
        return [card.index] if (hand >> card.index) & 1 else None
    if view.trick[0] != card.index or view.seat != view.leader ^ 2 or view.trump is None:
        return None
    if hand & SUIT_MASKS[card.suit_index]:
        return None  # partner is not void after all: he follows as the policy admits
    trumps = hand & SUIT_MASKS[view.trump]
    winning = current_winner(view)
    assert winning is not None
    if winning[1] != card.index:
        # Covered (or ruffed): ruff, with the lowest trump that wins the trick.
        winners = [c for c in cards_in(trumps) if beats(c, winning[1], view.trump)]
        return winners[:1] or None
    if hand == trumps:
        return None  # nothing to discard: the policy chooses among his trumps
    discarding = view.with_held(_with_hand(view.held, view.seat, hand & ~trumps))
    return claimer_options(policy, discarding)


def _running(card: Card, hand: int, partner: int) -> bool:
    """Is X led to take the finesse: partner holds a higher card of its suit, its holder none?"""
    above = SUIT_MASKS[card.suit_index] & ~((1 << (card.index + 1)) - 1)
    return bool(partner & above) and not (hand & above)


def _with_hand(held: tuple[int, int, int, int], seat: int, hand: int) -> tuple[int, int, int, int]:
    out = list(held)
    out[seat] = hand
    return (out[0], out[1], out[2], out[3])


def _lowest(hand: int, suit: int) -> list[int] | None:
    """The hand's lowest card of the suit, alone in a list; None when it holds none."""
    cards = hand & SUIT_MASKS[suit]
    return [(cards & -cards).bit_length() - 1] if cards else None
