"""Replaying a claim's worst normal line with an independent Law 44, for tests.

``replay`` walks the line the claims engine returned from the claim position: every card must be
held by the player whose turn it is and follow suit when he can (Law 44C), each trick goes to
the highest trump, else the highest card of the suit led, and its winner leads the next (Law
44E-G). Every play by the claimer's side must be one that ``Adjudicator.admitted_plays`` allows
there (the policy and the statement), and, when the policy holds the other side to normal play
too (``nonclaimers_normal``), every play of theirs one that ``nonclaimer_options`` allows. It
returns the tricks the claimer's side takes on the line.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.engines.claims import Adjudicator, ClaimProblem, LinePlay, State
from solver.laws.normal_play import PlayView, claim_length, claim_solidity, claimer_options


def start_state(adjudicator: Adjudicator) -> State:
    """The engine's state at the claim (as ``adjudicate`` builds it)."""
    return adjudicator.start()


def follows_law_44(hand: int, trick: Sequence[int], card: int) -> bool:
    """The card is held, and it is of the suit led when the player holds that suit."""
    if not (hand >> card) & 1:
        return False
    if not trick:
        return True
    led = trick[0] // 13
    holds_led = any((hand >> c) & 1 for c in range(13 * led, 13 * led + 13))
    return card // 13 == led or not holds_led


def trick_winner(
    leader: int, cards: Sequence[int], trump: int | None, dead: int = 0, side: int = 0
) -> int:
    """The seat (0 North .. 3 West) that wins a complete trick led by ``leader``.

    70C's measure (``ClaimProblem.opponents_ruff`` false): the cards in ``dead`` (the opponents'
    trumps at the claim, ``dead_trumps``) take no trick from side ``side`` (the claimer's) in a
    suit led other than trumps: when one of them wins and, without them, a card of ``side``
    would, that card wins."""
    winner = _best_of(leader, cards, trump, 0)
    if cards[0] // 13 != trump and (dead >> cards[(winner - leader) % 4]) & 1:
        other = _best_of(leader, cards, trump, dead)
        if other % 2 == side:
            return other
    return winner


def _best_of(leader: int, cards: Sequence[int], trump: int | None, dead: int) -> int:
    """Law 44E/F, passing over the cards in ``dead``: the seat with the highest trump, else the
    highest card of the suit led."""
    best = 0
    for offset in (1, 2, 3):
        card, top = cards[offset], cards[best]
        if (dead >> card) & 1:
            continue
        if card // 13 == top // 13:
            if card > top:
                best = offset
        elif card // 13 == trump:
            best = offset
    return (leader + best) % 4


def dead_trumps(problem: ClaimProblem) -> int:
    """The trumps that take no trick from the claimer's side in another suit: with
    ``opponents_ruff`` false (70C's measure), those the opponents hold at the claim; otherwise
    none."""
    if problem.opponents_ruff or problem.trump is None:
        return 0
    side = problem.claimer_side
    theirs = problem.held[1 - side] | problem.held[3 - side]
    return theirs & (0x1FFF << (13 * problem.trump))


def legal_cards(hand: int, trick: Sequence[int]) -> list[int]:
    return [card for card in range(52) if follows_law_44(hand, trick, card)]


def replay(problem: ClaimProblem, line: Sequence[LinePlay]) -> int:
    """The claimer's side's tricks on ``line``; AssertionError at the first play that is wrong."""
    adjudicator = Adjudicator(problem)
    state = start_state(adjudicator)
    dead = dead_trumps(problem)
    held = list(problem.held)
    leader, trick = problem.leader, list(problem.trick)
    taken = 0
    # A trick played double dummy under a stated squeeze: every trump scores (the trick in
    # progress at the claim too, when the squeeze is in force from the claim).
    squeezing = adjudicator.ending(state) >= 0
    for number, play in enumerate(line):
        seat = (leader + len(trick)) % 4
        if not trick:
            squeezing = adjudicator.ending(state) >= 0
        assert play.seat == seat == adjudicator.seat_to_play(state), f"play {number}: out of turn"
        assert follows_law_44(held[seat], trick, play.card), f"play {number}: not legal"
        if adjudicator.ending(state) >= 0:
            pass  # a stated squeeze in force: the ending is played double dummy, any legal card
        elif seat % 2 == problem.claimer_side:
            allowed = [card for card in adjudicator.admitted_plays(state)]
            assert play.card in allowed, f"play {number}: not a normal play ({allowed})"
        else:
            theirs = nonclaimer_options(problem, state)
            assert theirs is None or play.card in theirs, f"play {number}: not normal ({theirs})"
        state, _gained = adjudicator.play(state, play.card)
        held[seat] &= ~(1 << play.card)
        trick.append(play.card)
        if len(trick) < 4:
            assert play.wins_trick is None, f"play {number}: a trick ended too early"
            continue
        winner = trick_winner(
            leader, trick, problem.trump, 0 if squeezing else dead, problem.claimer_side
        )
        assert play.wins_trick == winner, f"play {number}: the trick's winner is {winner}"
        taken += winner % 2 == problem.claimer_side
        leader, trick = winner, []
    assert not any(held) and not trick, "the line stops before the last trick"
    return taken


def nonclaimer_options(problem: ClaimProblem, state: State) -> list[int] | None:
    """The plays of a non-claimer whose turn it is at ``state`` when the policy holds them to
    normal play (``problem.others``, ``nonclaimers_normal``), worked out here without the
    search: the normal-play policy asked from their own side, as players who know where the
    trumps are, made no statement, see partner's hand only as declarer's side
    (``problem.others_seen``), think nothing good that is not, and whose honours' solidity
    is read from the cards at the claim, and so are the suits their masters cleared
    (``keep_length_winners``: a suit cleared only by a discard after the claim is not one they
    need have watched). None when they may play any legal card."""
    if problem.others is None:
        return None
    seat = (state.leader + len(state.trick)) % 4
    side = seat % 2
    assert side != problem.claimer_side
    view = PlayView(
        seat,
        state.held,
        state.trick,
        state.leader,
        problem.trump,
        side,
        state.voids,
        trumps_aware=True,
        bound=problem.others_seen | (1 << seat),
        solid=claim_solidity(problem.held, side, problem.trump),
        believed=0,
        length=(
            claim_length(problem.held, side, problem.others_seen)
            if problem.others.keep_length_winners
            else 0
        ),
    )
    return claimer_options(problem.others, view)
