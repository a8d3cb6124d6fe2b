"""The claim search's sure-trick bounds: lower bounds on the claimer's side's tricks.

Each bound says that on every normal line from a position (the claimer's side playing what the
statement or the policy admits, the other side any legal card) the claimer's side takes at
least so many tricks. ``Bounds.sure_tricks`` combines them; the search (``search.py``) cuts a
subtree short where they reach what it looks for. They are proved from the cards and the
policy's judgements, so they change the search's cost, never its result:
``tests/engines/test_claims_bounds.py`` checks each against an exhaustive minimum under every
preset and every single switch of the policy, and ``benchmarks/claim_bounds.py`` measures what
each saves. Each can be switched off by its name in ``BOUNDS``. When the policy holds the other
side to normal play too (``nonclaimers_normal``), its lines are among those the bounds are
proved for, so each stays a lower bound (``search.Adjudicator.admitted_plays``).
"""

from __future__ import annotations

from typing import Final

from solver.bridge.masks import SUIT_MASKS, cards_above, hand_of, popcount, winner_so_far
from solver.engines.claims.keys import Keys
from solver.engines.claims.state import PART_BITS, ClaimProblem, State
from solver.laws.normal_play import HONOURS, blocks, crashes, masters_bind, masters_in

BOUNDS: Final = (
    "trump_tricks",
    "trick_is_ours",
    "claimer_takes_the_rest",
    "partner_takes_the_rest",
    "run_of_winners",
    "trumps_after_run",
    "both_hands_run",
    "crossing_run",
)
"""The names of the bounds the search uses, each of which ``Bounds`` can leave out."""


class Bounds:
    """The sure-trick bounds of one problem's positions, with the tables they keep, less those
    named in ``disabled`` (names from ``BOUNDS``)."""

    def __init__(
        self, problem: ClaimProblem, keys: Keys, disabled: frozenset[str] = frozenset()
    ) -> None:
        unknown = sorted(disabled - set(BOUNDS))
        if unknown:
            raise ValueError(f"no such bound: {', '.join(unknown)}")
        self.p = problem
        self._keys = keys
        side = problem.claimer_side
        self._opponents = (1 - side, 3 - side)
        self._trump_mask = 0 if problem.trump is None else SUIT_MASKS[problem.trump]
        self._trumps: dict[int, tuple[int, int, int]] = {}
        """``trump_tricks`` by the lie of the trumps: the claimer's side's two hands and the
        opponents' (with their cards on the trick), 13 bits each."""
        self._trump_shift = 0 if problem.trump is None else 13 * problem.trump
        self._runs: dict[int, int] = {}
        """``run_then_trumps`` by position (``Keys.start_parts``, as in the memo key) and
        leader: many lines reach the same position, and keyed by the cards themselves the table
        grew to several times the memo's size (``benchmarks/README.md``)."""
        policy = problem.policy
        self._cashing = (
            policy.winners_first
            and policy.top_down
            and policy.follow_low_to_partner
            and (policy.cross_to_partners_winners or not policy.unblock_blocked_suits)
        )
        """May the runs be used: the judgements ``run`` relies on are on. Not with
        ``unblock_blocked_suits`` once ``cross_to_partners_winners`` is off: the low lead to
        partner's blocker may then leave the hand's winners stranded, which the runs do not
        count (the bound's property test found an ending)."""
        self._honours_bind = policy.honour_master_binds
        """Does a lone honour master bind top-down (``masters_bind``)? Without it an honour is
        treated as a spot card unless it had solidity at the claim (``_solid``): with a lower
        card beside it, that card may be led and lose."""
        self._solid = keys.solid
        """The claimer's side's honours with solidity at the claim (``Keys.solid``): each binds
        top-down as a lone master whatever ``honour_master_binds`` says (``masters_bind``).
        Fixed for the search, as the cards are: a card is in it or not in every position."""
        self._believed = problem.thought_good
        """The cards the claimer thinks good (``lead_believed_winner``): a hand holding one
        while an opponent's card still beats it may lead it among its winners and lose, so no
        run counts on that hand's leads (``_thinks_good``)."""
        self._covering = policy.wins_with_every_master and policy.no_master_discard
        """In a run, does partner's master of a suit cover L's low lead of it (``_suit_run``)?"""
        self._overtakes = policy.overtake_to_reach
        """May partner overtake L's last card of a suit with a higher one of his
        (``overtake_to_reach``), taking the lead (``_suit_run``)?"""
        self._spares = policy.keep_entries
        """May L lead low to partner's lone card of a suit rather than its top card over it
        (``keep_entries``: partner's only way in), partner taking the lead (``_suit_run``)?"""
        self._unblocks = policy.unblock_blocked_suits
        """May L lead low at once to partner's shorter holding headed by a higher card
        (``unblock_blocked_suits``), partner taking the lead (``_suit_run``)?"""
        trump = -1 if problem.trump is None else problem.trump
        self._trump_suit = trump
        """The trump suit, -1 at no trumps: a plain integer, as compiled an ``int | None`` is
        compared as an object, at many times the cost."""
        found = problem.found if policy.lead_believed_winner else 0
        self._idle_suit = trump if policy.no_idle_trump_lead and not found else -1
        """The trump suit when ``no_idle_trump_lead`` is on, else -1: its winners are not led in
        a run. Also -1 when a card the claimer overlooked is found: a hand he takes for all
        winners may then lead an idle trump (``normal_play._all_good_to_him``)."""
        self.use_trump_tricks = "trump_tricks" not in disabled
        self.use_trick_is_ours = "trick_is_ours" not in disabled
        self.use_claimer_takes_the_rest = "claimer_takes_the_rest" not in disabled
        self.use_partner_takes_the_rest = "partner_takes_the_rest" not in disabled
        self.use_run_of_winners = "run_of_winners" not in disabled
        self.use_trumps_after_run = "trumps_after_run" not in disabled
        self.use_both_hands_run = "both_hands_run" not in disabled
        self.use_crossing_run = "crossing_run" not in disabled
        self._use_runs = self._cashing and (
            self.use_run_of_winners or self.use_both_hands_run or self.use_crossing_run
        )

    def sure_tricks(self, state: State, k: int, left: int) -> int:
        """A lower bound on the claimer's side's tricks from ``state`` on every normal line
        (``left``: the tricks left), combining the bounds switched on: the first found above
        ``k``, else the best of those worked out.

        Where a bound could not raise the result above ``k`` it may be skipped (the search asks
        only whether the claimer's side is sure of more than ``k``). At the end (``left`` 0) it
        is 0: the bounds that say a trick is won hold vacuously of a hand with no card.
        """
        if not left:
            return 0
        leader, trick = state.leader, state.trick
        masters, sure = (0, 0), 0
        if self.p.trump is not None:
            first, second, trumps = self.trump_tricks(state)
            masters = (first, second)
            if self.use_trump_tricks:
                sure = trumps  # at least either master count
        if sure > k:
            return sure
        if trick:
            if self.use_trick_is_ours and self.trick_is_ours(state):
                return max(sure, 1)
            return sure
        if leader % 2 == self.p.claimer_side:
            if self.use_claimer_takes_the_rest and self.claimer_takes_the_rest(state):
                return left
            if self.use_partner_takes_the_rest and self.partner_takes_the_rest(state):
                return left
            if self._use_runs:
                sure = max(sure, self.run_then_trumps(state, k, masters))
        return sure

    def run_then_trumps(self, state: State, k: int, masters: tuple[int, int]) -> int:
        """A lower bound on the claimer's side's tricks from ``state``, its hand on lead and its
        statement done, on every normal line: the best of the run of winners with the master
        trumps it leaves each hand (``masters``: ``trump_tricks``' first two), the run of both
        hands and the crossing run, those switched on. 0, without working them out, when they
        could not add up to more than ``k``; 0 while the statement is not done.

        Why the run and the master trumps add up: during the run L leads R cards, so at most R
        of its master trumps go; partner P follows, and plays a trump only to a trump lead (at
        most R, and at most L's trumps) or when he holds nothing else (after his other cards,
        one a trick): ``follow_low_to_partner`` and ``ruff_when_able`` have him discard, not
        ruff, a trick L is sure to win, as L is through the run: L leads a master there (a card
        led under one wins only when P covers it with a master of the suit, which he then
        holds, so he follows), and on P's trick of the run (``partner_leads_a_winner``) P leads
        one. A card of L's that an opponent may still beat P would ruff, but the run stops
        before such a card. The master trumps left lie on tricks after the run, one a trick for
        each hand, as in ``trump_tricks``.
        """
        held, leader, plan = state.held, state.leader, state.plan
        if plan[0] < len(self.p.steps):
            return 0
        key = self._keys.start_parts(held) | leader << 4 * PART_BITS
        known = self._runs.get(key)
        if known is not None:
            return known
        lead_masters, partner_masters = masters
        if leader != self.p.claimer_side:
            lead_masters, partner_masters = partner_masters, lead_masters
        o1, o2 = self._opponents
        theirs = hand_of(held, o1) | hand_of(held, o2)
        winners = self.winners(hand_of(held, leader), theirs)
        trump_out = bool(theirs & self._trump_mask)
        reach = winners + partner_masters
        if not trump_out and self.p.policy.cross_to_partners_winners:
            reach = max(reach, winners + 1 + self.winners(hand_of(held, leader ^ 2), theirs))
        if reach <= k:
            return 0  # it cannot cut the search: not worth working out
        total = 0
        if self.use_run_of_winners:
            run, partner_led = self.run(state, winners)
            total = run
            if self.use_trumps_after_run and run and (lead_masters or partner_masters):
                trumps = self._trump_mask
                partner = hand_of(held, leader ^ 2)
                # One more when partner may have led a trick of the run (a trump, perhaps).
                partner_spends = (
                    min(run, popcount(hand_of(held, leader) & trumps))
                    + max(0, run - popcount(partner & ~trumps))
                    + partner_led
                )
                total = run + max(max(lead_masters - run, partner_masters - partner_spends), 0)
        if not trump_out:
            if self.use_both_hands_run:
                total = max(total, self.both_hands_run(held, leader))
            if self.use_crossing_run:
                total = max(total, self.crossing_run(state, winners))
        self._runs[key] = total
        return total

    def both_hands_run(self, held: tuple[int, int, int, int], leader: int) -> int:
        """A lower bound on the claimer's side's tricks on every normal line from a position at
        the start of a trick where ``leader``, of that side, is on lead, its statement done, the
        policy's runs in use (``_cashing``) and no trump out: the tricks it wins one after
        another whichever of its hands is on lead.

        Why: a second run of winners, for when partner (P) may take the lead from the hand on lead
        (L) and go on cashing his own (``run`` follows L's). Whoever leads holds a master and leads
        one (``winners_first``, ``top_down``), which wins, as no one can ruff: ``leads_win_until``
        says until when that is sure for each hand. L leads first; P leads only after winning a
        trick, which he cannot do if he holds no trump and, in each suit, no card above L's lowest
        (he would need to beat L's card of it). So the run lasts until the first trick at which the
        hand that may be on lead is no longer sure to lead a winner.
        """
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        lead, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        if self._thinks_good(lead | partner, first | second):
            return 0  # the hand on lead may lead the card it thinks good
        # P parts with no master at the first trick: ``leads_win_until``'s ``late``.
        late = self.p.policy.no_master_discard and self.leads_a_master(lead, first | second)
        run = self.leads_win_until(lead, partner, first, second, False, late)
        if not partner & self._trump_mask:
            for suit in range(4):
                ours = lead & SUIT_MASKS[suit]
                if ours and (partner & SUIT_MASKS[suit]).bit_length() > (ours & -ours).bit_length():
                    break
            else:
                return run  # P never wins a trick of L's run
        return min(run, max(self.leads_win_until(partner, lead, first, second, late, False), 1))

    def crossing_run(self, state: State, winners: int) -> int:
        """A lower bound on the claimer's side's tricks on every normal line from ``state``, its
        hand on lead (L) holding ``winners`` (T) winners, its statement done, the policy's runs
        in use and no trump out: T, the trick on which L crosses to partner's (P's) master, and
        P's tricks after it; 0 when that crossing is not sure.

        Why: L leads its winners and keeps the lead while ``run``'s limits allow (``run_limits``:
        no trick lost, nor the lead given up, before T), so at the trick T it holds just its
        losers of now, none of them a master yet: an opponent keeps a card above each, as he has
        parted only with cards of the suits L led, and with others only as discards once void in
        the suit led (``_keeps``; by induction, L led a master of now at each trick before). So
        L holds no winner, and ``cross_to_partners_winners`` has it lead a suit in which P then
        holds a master, when there is one. There is one when in some suit L holds a loser and P
        surely still holds a master at T: he parts with his masters of the suit only by
        following low to L's leads of it once his losers of it are gone (at most L's masters of
        the suit, at most T less his losers of it), or by discards, which ``no_master_discard``
        holds back while he holds a loser (``_holds_a_loser_until``). P wins that trick with a
        master (``wins_with_every_master``; no one can ruff) and leads: one more trick when his lead
        surely wins (``partner_leads_a_winner``); and when no card of L's is left above P's
        lowest of a suit and L holds no trump, L never takes the lead from him, so P's leads win
        until ``leads_win_until`` says (counted from now: the claimer's side leads every trick
        until then)."""
        policy = self.p.policy
        if not (policy.cross_to_partners_winners and policy.wins_with_every_master):
            return 0
        stop, takes = self.run_limits(state)
        if stop < winners or takes <= winners:
            return 0
        held, leader = state.held, state.leader
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        theirs = first | second
        hand, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        if self._thinks_good(partner, theirs):
            return 0  # P may lead the card he thinks good
        cross = winners
        discards = cross
        if policy.no_master_discard:
            discards = max(0, cross - _holds_a_loser_until(partner, first, second))
        # L's masters of each suit: its leads before the crossing trick.
        led = [
            0 if s == self._idle_suit else popcount(masters_in(hand, theirs, s)) for s in range(4)
        ]
        left = 0  # L's cards at the crossing trick
        crossing = False
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            masters = masters_in(hand, theirs, suit)
            if suit == self._idle_suit:
                left |= hand & mask
                continue
            losers = hand & mask & ~masters
            if not losers:
                continue
            left |= losers
            above = mask & ~((2 << (losers.bit_length() - 1)) - 1)
            if not (_keeps(first, above, led, suit) or _keeps(second, above, led, suit)):
                return 0  # L's best loser of the suit may be a winner by then
            partners = partner & mask
            covers = popcount(masters_in(partner, theirs, suit))
            partner_losers = popcount(partners) - covers
            gone = min(popcount(masters), max(0, cross - partner_losers)) + discards
            crossing = crossing or covers > gone
        if not crossing:
            return 0
        total = cross + 1
        if self.partner_leads_a_winner(state, cross + 1):
            total += 1
        if left & self._trump_mask or not _all_below(left, partner):
            return total  # L may win a trick of P's and lead
        return max(total, self.leads_win_until(partner, hand, first, second, False, False))

    def leads_a_master(self, hand: int, theirs: int) -> bool:
        """Does the hand, on lead now, surely lead a master: it holds one, and in each suit whose
        top card is a master it holds one card only or its masters bind top-down?"""
        holds_one = False
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            masters = masters_in(hand, theirs, suit)
            if not masters or (suit == self._idle_suit and hand & ~mask):
                continue
            holds_one = True
            if ours & (ours - 1) and not masters_bind(
                masters, suit, self._honours_bind, False, self._solid
            ):
                return False
        return holds_one

    def leads_win_until(
        self, hand: int, partner: int, first: int, second: int, late: bool, partner_late: bool
    ) -> int:
        """A trick (counted from 0) before which the hand, whenever it is on lead, leads a card
        that wins (no trump out), as long as the claimer's side wins every trick until then: for
        ``both_hands_run`` and ``crossing_run``.

        Why: holding M masters (its winners: ``winners``), it still holds one at each of the first M
        tricks, parting with one card a trick. It leads from a suit whose top card is a master:
        that card, when it binds top-down, and it binds unless it is a lone spot-card master
        with a lower card beside it (an opponent's card in between), which may be led and lose
        (or such an honour, under ``honour_master_binds`` off, without solidity at the claim).
        That can happen to a spot card c of the hand only once the hand's cards above c are gone
        and the opponents' (one a trick each), and, when partner covers a low lead with a master
        of his own (``wins_with_every_master``: he wins the trick with it, as the player between
        cannot ruff), once partner's masters of the suit may be gone too. The lower card may be
        any the hand still holds then (it may have followed with the others), so an opponent's
        card between c and the hand's lowest card of the suit is enough.

        Partner's masters of the suit go one a trick at most, and only to a lead of the suit or
        as discards (the claimer's side leads every trick until then). To his own lead the hand
        follows low, with a card under c; to the hand's lead he plays a master to cover a card
        under c or a non-master above it, and to a master above c he follows low, a master only
        once he holds no loser of the suit; and ``no_master_discard`` has him discard one only
        once he holds no loser at all (``_holds_a_loser_until``). So when the hand's cards
        under c (but one) and its non-masters above c are fewer than partner's masters, those
        go only after his losers of the suit; and, beyond its masters above c too, only as
        discards.

        ``late``: the hand is P, L surely leads a master at the first trick (``leads_a_master``)
        and ``no_master_discard`` is on. Then a card above c that is a master now cannot go at
        that trick: P does not lead it, follows low to L's master (``follow_low_to_partner``:
        his lowest card of the suit is under c), has no low lead of L's to cover, and discards
        no master while he holds a loser (his lowest card of the suit is one: an opponent's card
        lies above it). Those cards go one a trick from the second trick on. ``partner_late``:
        the same, the hand being L: P keeps his masters of a suit through the first trick when
        he also holds a loser of it.
        """
        theirs = first | second
        until = self.winners(hand, theirs)
        loserless = -1  # partner's ``_holds_a_loser_until``, worked out when needed
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            if suit == self._idle_suit or not ours & (ours - 1):
                continue  # not led while he holds another suit, or one card of it at most
            lowest = ours & -ours
            hand_masters = masters_in(hand, theirs, suit)
            covers = cover = partner_losers = 0
            if self.p.policy.wins_with_every_master:
                masters = masters_in(partner, theirs, suit)
                covers = cover = popcount(masters)
                partner_losers = popcount(partner & mask) - covers
                if partner_late and masters and partner_losers:
                    cover += 1  # he keeps them through the first trick
            rest = ours ^ lowest
            while rest:
                card = rest.bit_length() - 1
                rest ^= 1 << card
                if card % 13 >= HONOURS and (self._honours_bind or (self._solid >> card) & 1):
                    continue  # an honour master binds (under the switch, or solid at the claim)
                if not theirs & ((1 << card) - 1) & ~((lowest << 1) - 1):
                    break  # no opponent's card under this one: nor under a lower one
                above = mask & ~((2 << card) - 1)
                theirs_gone = max(popcount(first & above), popcount(second & above))
                higher = ours & above
                own_masters = higher & hand_masters
                own = popcount(higher)
                if late and higher and higher == own_masters:
                    own += 1  # his cards above c are all masters: none goes at the first trick
                lasts = cover
                # Partner's masters that go to the hand's leads of this suit while he may still
                # hold a loser of it: its low leads he covers (keeping one card under c) and his
                # leads the hand follows low to (taking those low cards), and its non-masters
                # above c, which he covers too. Its masters above c he follows low to.
                free = popcount(ours & ((1 << card) - 1)) - 1 + popcount(higher ^ own_masters)
                if covers > free and self.p.policy.no_master_discard:
                    lasts = max(lasts, covers + partner_losers)
                    discarded = covers - free - popcount(own_masters)
                    if discarded > 0:
                        if loserless < 0:
                            loserless = _holds_a_loser_until(partner, first, second)
                        lasts = max(lasts, loserless + discarded)
                until = min(until, max(max(own, theirs_gone), lasts))
        return until

    def _thinks_good(self, cards: int, theirs: int) -> bool:
        """Do ``cards`` include one the claimer thinks good (``lead_believed_winner``) that a
        card of ``theirs`` (the opponents') still beats? Its holder may lead it as a winner."""
        mine = cards & self._believed
        while mine:
            low = mine & -mine
            if theirs & cards_above(low.bit_length() - 1):
                return True
            mine ^= low
        return False

    def winners(self, hand: int, theirs: int) -> int:
        """The hand's cards above every card of their suit the opponents hold (``theirs``),
        trumps left out when ``no_idle_trump_lead`` keeps them from being led."""
        winners = 0
        for suit in range(4):
            if suit != self._idle_suit:
                winners += popcount(masters_in(hand, theirs, suit))
        return winners

    def trick_is_ours(self, state: State) -> bool:
        """True only if the trick in progress goes to the claimer's side on every line (so it
        takes at least one trick from ``state``): its card wins so far, and no opponent still to
        play can beat it (a higher card of the suit led when he holds one; a trump, or a higher
        one, when he holds none of the suit led)."""
        held, leader, trick = state.held, state.leader, state.trick
        seat, best = winner_so_far(leader, trick, self.p.trump)
        if seat % 2 != self.p.claimer_side:
            return False
        led = trick[0] // 13
        for offset in range(len(trick), 4):
            hand = hand_of(held, (leader + offset) % 4)
            if (leader + offset) % 2 == self.p.claimer_side:
                continue
            follows = hand & SUIT_MASKS[led]
            if follows:
                if best // 13 == led and follows >> (best + 1):
                    return False  # a higher card of the suit led
                continue
            trumps = hand & self._trump_mask
            if trumps and (best // 13 != self._trump_suit or trumps >> (best + 1)):
                return False  # a ruff, or an overruff
        return True

    def run_of_winners(self, state: State, winners: int | None = None) -> int:
        """``run``'s tricks: a lower bound on the claimer's side's tricks from ``state`` on every
        normal line, where ``run`` applies."""
        return self.run(state, winners)[0]

    def run(self, state: State, winners: int | None = None) -> tuple[int, bool]:
        """A lower bound on the claimer's side's tricks on every normal line from ``state``, its
        hand on lead (L) and its statement done, the policy's runs in use: the tricks it wins one
        after another while L cashes its winners; with whether partner may have led one of them.

        Why: used once the statement is done, and only while ``winners_first``, ``top_down`` and
        ``follow_low_to_partner`` are on (``_cashing``): then L, holding a winner, leads one (the
        top of its suit when top-down binds) and partner follows low to it. Not used when L must
        draw trumps first (``draw_trumps_when_aware``), nor when L, unaware of the opponents'
        trumps, may lead a trump of his below one of theirs (``lead_forgotten_trump``), nor
        while L holds a card the claimer thinks good that an opponent's card still beats
        (``lead_believed_winner``: he may lead it; partner holding one, he takes no lead in the
        run, ``partner_leads_a_winner``). L holds
        T winners; each trick he leads one and wins it, unless before then
        - an opponent's card between two of L's cards, the higher a spot card (or an honour
          that does not bind: ``_suit_run``), can make that card a lone winner that does not
          bind top-down: L may lead the lower card
          and lose (unless partner still holds a master of the suit to win that trick, after
          which partner leads: ``_suit_run``);
        - L may lead a card under which partner holds a higher one of the suit, so that partner
          wins and leads: that trick is still won, and so is the next when whatever partner
          then leads wins (``partner_leads_a_winner``);
        - an opponent, void in L's suit, may ruff;
        - partner, left with nothing but trumps, may ruff L's winner (that trick is won unless
          an opponent holds a trump to overruff).
        None of these comes sooner than the cards allow: each player parts with one card a
        trick, so a card of L's that n of one opponent's cards beat is not a winner before n
        tricks, nor before L's higher cards of its suit have been led. The result is the least
        of T and the first trick any of them can happen (``tests/engines``: never more than the
        search finds without it). ``winners``: T, when the caller has counted it. Returned with
        whether partner may have led one of the run's tricks.
        """
        if winners is None:
            held, leader = state.held, state.leader
            o1, o2 = self._opponents
            winners = self.winners(hand_of(held, leader), hand_of(held, o1) | hand_of(held, o2))
        stop, takes = self.run_limits(state)
        limit = min(winners, stop)
        if takes >= limit:
            return limit, False
        # Partner may take the lead at the trick ``takes`` - 1 or later; only then (a later
        # one leaves at least ``takes`` + 1 tricks won) must his lead win the next trick.
        if self.partner_leads_a_winner(state, takes):
            return min(limit, takes + 1), True
        return takes, False

    def run_limits(self, state: State) -> tuple[int, int]:
        """For ``run``: (the first trick at which L's run can stop with a trick lost, the
        tricks won when partner can first take the lead), as ``run`` describes; (0, 0) when
        the run is not used (the statement not done, or trumps to be drawn first)."""
        held, leader, plan = state.held, state.leader, state.plan
        if plan[0] < len(self.p.steps):
            return 0, 0
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        partner = hand_of(held, leader ^ 2)
        hand = hand_of(held, leader)
        theirs = first | second
        if self._thinks_good(hand, theirs):
            return 0, 0  # L may lead the card he thinks good, and lose it
        trumps = self._trump_mask
        first_ruffs, second_ruffs = bool(first & trumps), bool(second & trumps)
        ruffers = first_ruffs or second_ruffs
        if ruffers and hand & trumps:
            policy = self.p.policy
            if self.p.trumps_aware and policy.draw_trumps_when_aware:
                return 0, 0
            if (
                not self.p.trumps_aware
                and policy.lead_forgotten_trump
                and (theirs & trumps).bit_length() > (hand & trumps).bit_length()
            ):
                return 0, 0  # L may lead a trump he thinks good into theirs
        stop = takes = 13
        fewest, next_fewest, fewest_suit = _first_voids(hand, partner)
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = hand & mask
            if not ours:
                continue
            if ruffers and suit != self._trump_suit:
                ruffs = _first_ruff(ours, first & mask, second & mask, first_ruffs, second_ruffs)
                stop = min(stop, ruffs)
            covers = self._covering and suit != self._trump_suit
            # His first discard: not before he is void in another suit L leads.
            discard = next_fewest if suit == fewest_suit else fewest
            suit_stop, suit_takes = _suit_run(
                ours,
                partner & mask,
                first & mask,
                second & mask,
                covers,
                discard,
                self._honours_bind,
                self._solid,
                self._overtakes,
                self._spares,
                self._unblocks
                and (blocks(partner, hand, suit) or crashes(hand, partner, theirs, suit)),
            )
            stop, takes = min(stop, suit_stop), min(takes, suit_takes)
        if partner & trumps:
            # Partner, left with only trumps, may ruff L's winner and take the lead; an opponent
            # may overruff.
            if ruffers:
                stop = min(stop, popcount(partner & ~trumps))
            else:
                takes = min(takes, popcount(partner & ~trumps) + 1)
        return stop, takes

    def partner_leads_a_winner(self, state: State, tricks: int) -> bool:
        """True only if partner (P) of the hand on lead, on lead himself after ``tricks`` tricks of
        its run, wins the next on every normal line: for ``run`` and ``crossing_run``, when P may
        take the lead before the run's end (``_suit_run``).

        Why: P has parted with one card a trick, and holds more masters than that, so he still holds
        a winner and leads one (``winners_first``): from a suit whose top card is then a master.
        That card wins if no opponent holds a trump and, in each suit P holds with a loser in
        it, his masters bind top-down (the top one an honour, or two of them), and still do
        without the lowest (with which he may have won the trick before, covering L's lead):
        he parts with them only after his losers of the suit (he follows low, and discards no
        master while he holds a loser: ``no_master_discard``), so they bind when he leads the
        suit, unless nothing but masters is left. Without a master left, the opponents must not
        have been able to part by then with every card above his best loser (no card of the suit
        becomes a winner, so he does not lead it), unless that loser is his only one there: then
        it is all he holds of the suit, and if it has become a winner it wins when led.
        """
        held, leader = state.held, state.leader
        o1, o2 = self._opponents
        first, second = hand_of(held, o1), hand_of(held, o2)
        partner = hand_of(held, leader ^ 2)
        if (
            not self.p.policy.no_master_discard  # he might throw his masters, keep his losers
            or (first | second) & self._trump_mask
            or self._thinks_good(partner, first | second)  # he may lead the card he thinks good
        ):
            return False
        masters = 0
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = partner & mask
            if not ours:
                continue
            theirs = (first | second) & mask
            losers = ours & ((1 << theirs.bit_length()) - 1)
            winners = ours & ~losers
            if suit != self._idle_suit:
                masters += popcount(winners)
            if not losers:
                continue
            if winners:
                rest = winners & (winners - 1)  # he may have won the trick before with the lowest
                binds, solid = self._honours_bind, self._solid
                if not masters_bind(winners, suit, binds, False, solid) or (
                    rest and not masters_bind(rest, suit, binds, False, solid)
                ):
                    return False  # a lone spot-card master may be led under
                if rest:
                    continue
            if not losers & (losers - 1):
                continue  # one loser: if it has become a winner, it is all he holds there
            above = mask & ~((2 << (losers.bit_length() - 1)) - 1)
            if max(popcount(first & above), popcount(second & above)) <= tricks:
                return False  # his best loser may have become a winner, to be led under
        return masters > tricks

    def trump_tricks(self, state: State) -> tuple[int, int, int]:
        """Lower bounds on the claimer's side's tricks from ``state`` on every line, whatever
        anyone plays: its master trumps in each hand (its first seat, then partner), and the
        most tricks one hand's trumps take (``_scoring_trumps``: never fewer than its masters,
        which no trump beats).

        Why: a master trump is higher than every trump the opponents hold or have played to the
        trick in progress. Each such trump of one player lies on a different trick of those left,
        and a trick with one on it goes to the claimer's side (to it, or to a higher trump of
        partner's). Worked out once for each lie of the trumps (``_trumps``).
        """
        held, leader, trick = state.held, state.leader, state.trick
        mask = self._trump_mask
        side = self.p.claimer_side
        first, second = hand_of(held, side) & mask, hand_of(held, side + 2) & mask
        if not (first or second):
            return (0, 0, 0)
        o1, o2 = self._opponents
        theirs = (hand_of(held, o1) | hand_of(held, o2)) & mask
        # The opponents' cards on the trick: every other one, from the first or the second.
        for index in range(1 if leader % 2 == side else 0, len(trick), 2):
            theirs |= (1 << trick[index]) & mask
        shift = self._trump_shift
        key = (first >> shift) | (second >> shift << 13) | (theirs >> shift << 26)
        known = self._trumps.get(key)
        if known is None:
            above = ~((1 << theirs.bit_length()) - 1)
            known = (
                popcount(first & above),
                popcount(second & above),
                max(_scoring_trumps(first, theirs), _scoring_trumps(second, theirs)),
            )
            self._trumps[key] = known
        return known

    def claimer_takes_the_rest(self, state: State) -> bool:
        """True only if the claimer's side takes every trick left on every normal line: it is on
        lead and every card it holds wins its trick, unruffed.

        Why: every normal line takes all the tricks left: a hand on lead holding only winners
        leads a winner (or a stated card, also a winner), and nothing the opponents hold can
        beat it or ruff it.
        """
        return _takes_the_rest(state, self.p.claimer_side, self.p.trump)

    def partner_takes_the_rest(self, state: State) -> bool:
        """True only if the claimer's side takes every trick left whatever anyone plays: on lead
        at the start of a trick, its hand on lead (L) holds no trump, the opponents none,
        partner (P) only masters, and each card of L's is a master of a suit P is void in, or
        lies below P's lowest card of its suit, of which P holds more cards than L holds of the
        suits P is void in.

        Why, by the rules of play alone, no judgement: L leads a card of a suit P holds, P must
        follow with a master above it and wins; or L leads a master of a suit P is void in and
        it wins (no one holds a trump but P, whose ruff wins too), and P has parted with one
        card, so he still holds a card of each of L's other suits, all masters above L's. Once
        P is on lead he leads masters, which L cannot beat (below in P's suits, void of trumps)
        and the opponents cannot. A dummy whose small cards all lie under declarer's masters is
        the case the runs miss: a master of its own (a lone spot card, a card overtaken) lets
        partner take the lead, which their tricks count as the end of the run.
        """
        held, leader = state.held, state.leader
        side = self.p.claimer_side
        if state.trick or leader % 2 != side:
            return False
        lead, partner = hand_of(held, leader), hand_of(held, leader ^ 2)
        theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
        if (lead | theirs) & self._trump_mask:
            return False
        cashed = 0  # L's cards of the suits P is void in: each a master, cashed as L pleases
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            ours = lead & mask
            if ours and not partner & mask:
                if (theirs & mask).bit_length() > (ours & -ours).bit_length():
                    return False  # a card L may lead that an opponent's beats
                cashed += popcount(ours)
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            covers = partner & mask
            if not covers:
                continue
            lowest = (covers & -covers).bit_length()
            if (theirs & mask).bit_length() > lowest:
                return False  # a card of P's that an opponent's beats
            ours = lead & mask
            if ours and (ours.bit_length() > lowest or popcount(covers) <= cashed):
                return False
        return True


def _suit_run(
    ours: int,
    partners: int,
    first: int,
    second: int,
    covers: bool = False,
    discard: int = 0,
    honours_bind: bool = True,
    solid: int = 0,
    overtakes: bool = False,
    spares: bool = False,
    blocked: bool = False,
) -> tuple[int, int]:
    """For ``run_of_winners``, L's cards of one suit (``ours``), partner holding ``partners`` of
    the suit and the opponents ``first`` and ``second``: (the first trick at which the run can
    stop with a trick lost, the tricks won when partner can first win one and take the lead).

    Each card is not led before L's higher cards of the suit, nor before it is a winner (the
    opponents parting with their higher cards, one a trick each). Partner overtakes it, winning
    that trick and taking the lead, only once his lower cards of the suit are gone: one a trick,
    and beyond those he followed L's higher cards with, only by discards, not before the trick
    ``discard`` (he must first be void in a suit L leads). A spot card with an opponent's card
    between it and L's next card down is a lone spot-card winner that does not bind top-down:
    the lower card may be led and lose; so is an honour, without ``honours_bind``
    (``honour_master_binds``), unless it had solidity at the claim (``solid``: it binds as a
    lone master whatever the switch says). With ``overtakes`` (``overtake_to_reach``), partner,
    holding a higher card and another of the suit, may overtake L's last card of it at once.
    With ``spares`` (``keep_entries``), once partner is down to his top card of the suit, L
    holding cards above and below it may lead a low one for partner to win (his way in).
    With ``blocked`` (``unblock_blocked_suits`` on, and partner's shorter holding headed by the
    suit's highest card, ``blocks``, or all winners below L's top card, ``crashes``), L may
    lead low to that card at the first trick: partner takes the lead then, and the trick is
    lost unless his card is above the opponents'.

    Unless partner covers it (``covers``: a side suit, ``wins_with_every_master`` and
    ``no_master_discard`` on): holding a master of the suit, he wins that trick with one and
    takes the lead. He still holds one then if the trick comes before he can have parted with
    every card of the suit (as above, by following and by discards): he follows low to L's
    winners and discards no master while he holds a loser (his lower cards of the suit are
    losers), so his masters go last. A lead under at that trick or later may lose.
    """
    theirs = first | second
    covered = partners.bit_length() > theirs.bit_length() if covers else False
    partner_cards = popcount(partners)
    stop = takes = 13
    if blocked:  # L may lead low to his blocking card at once
        takes = 1
        if partners.bit_length() <= theirs.bit_length():
            stop = 0
    if spares and partners:
        his_top = partners.bit_length() - 1
        above = popcount(ours >> (his_top + 1))
        if above and ours & ((1 << his_top) - 1):
            takes = _parted(partner_cards - 1, above, discard) + 1
    led_before = 0
    while ours:
        card = ours.bit_length() - 1
        ours &= ~(1 << card)
        higher = ~((2 << card) - 1)
        ready = max(led_before, max(popcount(first & higher), popcount(second & higher)))
        followed = led_before  # partner's cards of the suit gone by following, at most
        led_before += 1
        if partners & higher:
            lower = popcount(partners & ((1 << card) - 1))
            takes = min(takes, max(ready, _parted(lower, followed, discard)) + 1)
            if overtakes and not ours and partner_cards >= 2:
                takes = min(takes, ready + 1)
        below = ours.bit_length() - 1 if ours else -1
        spot = card % 13 < HONOURS or not (honours_bind or (solid >> card) & 1)
        if spot and below >= 0 and theirs & ((1 << card) - 1) & ~((2 << below) - 1):
            # Partner still holds a card of the suit (a master) until he can have parted with
            # all of them.
            gone = _parted(partner_cards, followed, discard)
            if covered and ready < gone:
                takes = min(takes, ready + 1)
                stop = min(stop, gone)  # led under later, the trick may be lost
            else:
                stop = min(stop, ready)
    return stop, takes


def _keeps(hand: int, above: int, led: list[int], suit: int) -> bool:
    """For ``crossing_run``: does the opponent surely still hold one of his cards in ``above``
    (of ``suit``) after L's leads, ``led[u]`` of each suit u? He parts with a card of the suit
    by following to a lead of it, or by a discard, when void in the suit led: on a lead of u only
    once he has followed to it with all his cards of u."""
    gone = led[suit]
    for other in range(4):
        if other != suit:
            gone += max(0, led[other] - popcount(hand & SUIT_MASKS[other]))
    return popcount(hand & above) > gone


def _all_below(cards: int, other: int) -> bool:
    """In each suit ``other`` holds, every one of ``cards`` is below its lowest card (bit masks):
    none of them can win a trick that ``other`` leads a card of the suit to."""
    for suit in range(4):
        theirs = other & SUIT_MASKS[suit]
        if theirs and (cards & SUIT_MASKS[suit]).bit_length() > (theirs & -theirs).bit_length():
            return False
    return True


def _holds_a_loser_until(hand: int, first: int, second: int) -> int:
    """A trick (counted from 0) before which the hand surely holds a loser when it plays to the
    trick, a card of a suit below an opponent's (``first``, ``second``): it parts with one card a
    trick, and a loser becomes a master only once the opponents' cards above it are gone, one a
    trick each. An opponent who plays before the hand parts with his card of a trick before the
    hand plays to it, so one with n cards above a loser may have parted with the last of them
    when the hand plays to the trick n - 1 (counted from 0): from there the hand may hold only
    masters, and discard one (the ST thrown by East, who plays before South, makes South's S9 a
    master at the first trick). With no trump out (``leads_win_until``), trumps are masters."""
    theirs = first | second
    promoted_at: list[int] = []
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        losers = hand & mask & ~masters_in(hand, theirs, suit)
        while losers:
            card = (losers & -losers).bit_length() - 1
            losers &= losers - 1
            above = mask & ~((2 << card) - 1)
            promoted_at.append(max(popcount(first & above), popcount(second & above)) - 1)
    # At trick t it may have played the t losers promoted latest, if the others are by then.
    promoted_at.sort(reverse=True)
    trick = 0
    while trick < len(promoted_at) and promoted_at[trick] > trick:
        trick += 1
    return trick


def _first_ruff(ours: int, first: int, second: int, first_ruffs: bool, second_ruffs: bool) -> int:
    """The first trick of ``run`` an opponent may ruff L's lead of a suit (L's ``ours``, the
    opponents' ``first`` and ``second``; ``*_ruffs``: each holds a trump), 13 if none: an
    opponent void in the suit may ruff, not before he has parted with his cards of the suit, nor
    before L's top card is a winner."""
    top = ~((2 << (ours.bit_length() - 1)) - 1)
    opening = max(popcount(first & top), popcount(second & top))
    stop = 13
    if first_ruffs:
        stop = max(opening, popcount(first))
    if second_ruffs:
        stop = min(stop, max(opening, popcount(second)))
    return stop


def _first_voids(hand: int, partner: int) -> tuple[int, int, int]:
    """When partner can first be void in a suit, for ``run``'s discards: he parts with a card
    only by following L's lead or, void in its suit, by a discard, so he can first be void in a
    suit L holds more of than he does, once he has followed to it with all of his cards of it.
    The fewest such cards, the next fewest and the suit of the fewest (-1 if none): each suit
    then knows the fewest among the others (13: never)."""
    fewest = next_fewest = 13
    fewest_suit = -1
    for suit in range(4):
        mine = popcount(partner & SUIT_MASKS[suit])
        if popcount(hand & SUIT_MASKS[suit]) > mine:
            if mine < fewest:
                fewest, next_fewest, fewest_suit = mine, fewest, suit
            elif mine < next_fewest:
                next_fewest = mine
    return fewest, next_fewest, fewest_suit


def _parted(count: int, followed: int, discard: int) -> int:
    """For ``_suit_run``: the first trick by which partner can have parted with ``count`` of his
    cards of the suit: one a trick, and beyond the ``followed`` he followed L's higher cards
    with, only by discards, from the trick ``discard`` on."""
    if count <= followed:
        return count
    return max(count, discard + count - followed)


def _scoring_trumps(ours: int, theirs: int) -> int:
    """Tricks a hand holding the trumps ``ours`` takes with them, the opponents holding
    ``theirs``: each of its trumps goes on a different trick, which is the claimer's side's
    unless an opponent plays a higher trump on it; an opponent's trump is on one trick, so it
    beats at most one of them. The tricks lost are at most the most such pairs that can be
    formed: each of theirs, lowest first, takes our lowest trump still unbeaten below it."""
    tricks = popcount(ours)
    while theirs and ours:
        lowest = theirs & -theirs
        theirs ^= lowest
        under = ours & (lowest - 1)
        if under:
            ours ^= under & -under
            tricks -= 1
    return tricks


def _takes_the_rest(state: State, side: int, trump: int | None) -> bool:
    """The side is on lead, each card it holds beats every card of its suit the other side
    holds, and the other side holds no trump: it takes every trick left, whatever is played."""
    held, leader, trick = state.held, state.leader, state.trick
    if trick or leader % 2 != side:
        return False
    ours = hand_of(held, side) | hand_of(held, side + 2)
    theirs = hand_of(held, 1 - side) | hand_of(held, 3 - side)
    if trump is not None and theirs & SUIT_MASKS[trump]:
        return False
    for suit in range(4):
        our_cards = ours & SUIT_MASKS[suit]
        if not our_cards:
            continue
        lowest = our_cards & -our_cards
        if theirs & SUIT_MASKS[suit] & ~(lowest - 1) & ~lowest:
            return False
    return True
