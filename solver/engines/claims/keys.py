"""The claim search's memo keys: which positions it takes for the same.

Two positions get the same key when they differ only by cards no one can tell apart (cards left
by relative rank, honours of the claimer's side, those of them with solidity at the claim and the
cards the statement names kept apart)
and by known voids no normal play can depend on: they have the same worst normal line. The
search tries one card of each run of such cards (``one_per_run``), drawing the same lines.
"""

from __future__ import annotations

from solver.bridge.masks import SUIT_MASKS, hand_of
from solver.engines.claims.state import PART_BITS, ClaimProblem, Proved, State
from solver.engines.claims.statements import finessed_against
from solver.errors import EngineError
from solver.laws.normal_play import HONOURS, claim_length, claim_solidity, masters_in
from solver.laws.obligations import Obligations


class Keys:
    """The memo keys of one problem's positions, with the numbering of suit patterns they are
    made of (taken over from ``proved`` when given, so that its keys mean the same)."""

    def __init__(self, problem: ClaimProblem, proved: Proved | None = None) -> None:
        self.claimer_side = problem.claimer_side
        self.special = 0
        """The cards the statement names, those a finesse it states is taken against, and those
        the claimer thinks good (``ClaimProblem.believed``): each keeps its own name in the key."""
        for step in problem.steps:
            for card in step.cards:
                self.special |= 1 << card.index
            # A repeated finesse reads which cards it is taken against (``finessed_against``):
            # each keeps its own name too.
            self.special |= finessed_against(problem, step)
        side = problem.claimer_side
        policy = problem.policy
        # A card the claimer thinks good may be led where one beside it may not
        # (``lead_believed_winner``): each keeps its own name.
        self.special |= problem.thought_good
        # A card the claimer's count needs is discarded last (``ClaimProblem.counted``).
        self.special |= problem.counted
        self.solid = 0
        """The claimer's side's honours with solidity at the claim (``claim_solidity``), when
        the policy reads it: a lone honour winner binds top-down under ``honour_master_binds``
        off only if it is one of them. Problem data, fixed for the whole search (each card
        stays with its holder), passed in every ``PlayView``; the key marks these honours
        apart, and ``one_per_run`` does not take one for an honour next to it without. Two
        judgements read it: ``top_down`` (which lone honour is led first) and, with
        ``no_duck_with_lone_master`` off, ``no_duck_with_winner`` (which lone honour a
        claimer knows for a winner). 0 when neither does (``honour_master_binds`` on, or
        ``top_down`` off and ``no_duck_with_lone_master`` on): the keys are then as before."""
        if not policy.honour_master_binds and (
            policy.top_down or not policy.no_duck_with_lone_master
        ):
            self.solid = claim_solidity(problem.held, side, problem.trump)
        others = problem.others
        self.theirs_judged = others is not None
        """Are the non-claimers' plays held to normal play (``ClaimProblem.others``,
        ``nonclaimers_normal``)? Their policy then tells their honours from their spot cards
        as the claimer's does his, and reads the claimer's side's known voids: the key and the
        runs keep those apart too."""
        self.their_solid = 0
        """The non-claimers' honours with solidity at the claim, as ``solid`` is the claimer's
        side's (``claim_solidity`` for their side), when their policy reads it
        (``honour_master_binds`` off): fixed for the whole search, passed in their views."""
        if others is not None and not others.honour_master_binds:
            self.their_solid = claim_solidity(problem.held, 1 - side, problem.trump)
        self.length = (
            claim_length(problem.held, side, problem.bound) if policy.keep_length_winners else 0
        )
        """The claimer's side's cards of suits their masters cleared at the claim
        (``claim_length``), which ``keep_length_winners`` keeps while another loser goes: fixed
        for the whole search, passed in every ``PlayView``. A whole suit of one hand at a time,
        so the runs and the key need not mark them apart."""
        self.their_seen = problem.others_seen
        """The non-claimers who see partner's hand beside their own (``ClaimProblem.others_seen``:
        declarer's side on a defender's claim), read once for their views."""
        self.their_length = 0
        """The same as ``length`` for the non-claimers, when their policy reads it, partner's
        masters counted where they see partner's hand (``their_seen``)."""
        if others is not None and others.keep_length_winners:
            self.their_length = claim_length(problem.held, 1 - side, self.their_seen)
        self.marked = self.solid | self.their_solid
        """The honours the key and the runs mark apart for their solidity, of either side (each
        card stays with its holder, so the two sides' never mix)."""
        self._opponents = (1 - side, 3 - side)
        self._void_mask = (0xF << (4 * (1 - side))) | (0xF << (4 * (3 - side)))
        """Only the opponents' known voids can change a claimer's normal play
        (``_sure_position``); the memo key keeps those that still can (``live_voids``). The
        non-claimers' policy, when it binds them, reads the claimer's side's voids as its
        opponents': the key then keeps every one of those."""
        if others is not None:
            self._void_mask = 0xFFFF
        self._last_card_reads_voids = policy.keep_live_last_card
        """``keep_live_last_card`` reads an opponent's known void in any side suit at the
        twelfth trick (``_dead_last_card``): ``live_voids`` then keeps such a void while the
        claimer's side holds a card of that suit."""
        self._trump_suit = -1 if problem.trump is None else problem.trump
        self.names: tuple[dict[bytes, int], ...] = ({}, {}, {}, {})
        """Each suit's patterns (``suit_key``) numbered in the order met: the memo key is made of
        these numbers (one small integer hashes and compares faster than names). A search that
        takes over another's bounds takes over its numbering, so the keys mean the same."""
        if proved is not None:
            self.names = tuple(dict(names) for names in proved.names)
        self._ids_by_cards_left: list[list[int]] = [[-1] * 8192 for _ in range(4)]
        """``suit_id`` at the start of a trick, by the suit's cards left (13 bits), -1 until
        met: each card stays with the player dealt it, so those cards say who holds what. Every
        state given to the search must therefore come from its own problem's cards."""
        self.obligations: list[Obligations] = [Obligations()]
        """The obligations met so far (Laws 50-57), by the index a ``State`` carries: 0 is
        none. Interned, so that a state stays a few integers."""
        self._obligation_index: dict[Obligations, int] = {Obligations(): 0}

    def intern(self, obligations: Obligations) -> int:
        """The index of ``obligations`` in ``self.obligations`` (0 once nothing binds any more:
        ``Obligations.empty``, a spent ``lead_chosen`` flag aside)."""
        if obligations.empty:
            return 0
        index = self._obligation_index.get(obligations)
        if index is None:
            index = len(self.obligations)
            self.obligations.append(obligations)
            self._obligation_index[obligations] = index
        return index

    def key(self, state: State) -> object:
        """The memo key: ``position_key`` (by suit, each suit's pattern numbered: ``suit_id``),
        whose turn, the trick in progress, the statement step reached and the opponents' known
        voids that can still change a normal play (``live_voids``; the claimer's side's are
        never read by the claimer's policy, only by the non-claimers' when it binds them,
        ``nonclaimers_normal``, and then all are kept). One integer at the start of a trick; a
        tuple within one."""
        held = state.held
        trick = state.trick
        if state.obligations:
            # Under obligations a card may be a penalty card, which its equals are not: the key
            # is the exact position, with the obligations themselves (not their index, which
            # another search numbers otherwise: ``Proved``).
            voids = state.voids & self._void_mask
            return (
                held,
                state.leader,
                trick,
                state.plan,
                voids,
                self.obligations[state.obligations],
            )
        masked = self.live_voids(held, state.voids & self._void_mask)
        if trick:
            on_trick = 0
            for card in trick:
                on_trick |= 1 << card
            parts = 0
            for suit in range(4):
                parts |= self.suit_id(held, on_trick, suit) << PART_BITS * suit
            return (parts | state.leader << 4 * PART_BITS, trick, state.plan, masked)
        step, progress = state.plan
        rest = state.leader | masked << 2 | progress << 18 | step << 26
        return self.start_parts(held) | rest << 4 * PART_BITS

    def start_parts(self, held: tuple[int, int, int, int]) -> int:
        """The four suits' ``suit_id`` at the start of a trick, side by side (``PART_BITS``
        each), looked up by the cards left: this is computed at every position searched."""
        left = held[0] | held[1] | held[2] | held[3]
        parts = 0
        for suit in range(4):
            ids = self._ids_by_cards_left[suit]
            cards_left = (left >> (13 * suit)) & 0x1FFF
            part = ids[cards_left]
            if part < 0:
                part = ids[cards_left] = self.suit_id(held, 0, suit)
            parts |= part << PART_BITS * suit
        return parts

    def live_voids(self, held: tuple[int, int, int, int], voids: int) -> int:
        """The opponents' known voids that can still change a normal play; two positions that
        differ only by the others have the same worst normal line.

        The policy reads an opponent's known void in a suit only for the claimer's-side player
        just before him: following to that suit with a card that beats the trick
        (``_sure_position``: he then wins with his cheapest such card), or void in it with
        partner's card winning (``_shown_out_behind``: partner's card is sure, so he does not
        ruff it). When every card of the suit that player holds is a master, his cheapest
        winning card is his lowest master, which ``no_duck_with_winner`` plays anyway (a lone
        card is his only one, and two masters or more bind under ``no_duck_with_lone_master``
        off too); and it stays so, as the opponents' cards only go. Once void in the suit (now
        or after his masters) he may ruff partner's card, and the void decides whether he does:
        so a side-suit void is dropped only while he holds no trump (then, and for the rest of
        the play, he cannot ruff). The void in trumps is read for every suit led, so it is
        dropped only with all of that opponent's side-suit voids. One more reader: at the
        twelfth trick ``keep_live_last_card`` throws the card of a suit the opponent who will
        lead the last trick has shown out of, so under it a side-suit void stays while the
        claimer's side holds a card of that suit (two positions that differed only by such a
        void were once taken for one, and the worst line could not be traced back).
        """
        if not voids:
            return 0
        o1, o2 = self._opponents
        theirs = hand_of(held, o1) | hand_of(held, o2)
        # The claimer's side's cards, where ``keep_live_last_card`` may read a void (else none).
        ours = hand_of(held, o1 ^ 1) | hand_of(held, o2 ^ 1) if self._last_card_reads_voids else 0
        for opponent in (o1, o2):
            before = hand_of(held, (opponent + 3) & 3)
            ruffs = self._trump_suit >= 0 and before & SUIT_MASKS[self._trump_suit]
            side_suits = 0
            for suit in range(4):
                bit = 1 << (4 * opponent + suit)
                if voids & bit and suit != self._trump_suit:
                    if (
                        not ruffs
                        and not ours & SUIT_MASKS[suit]
                        and masters_in(before, theirs, suit) == before & SUIT_MASKS[suit]
                    ):
                        voids &= ~bit
                    else:
                        side_suits += 1
            trump = self._trump_suit
            if (
                trump >= 0
                and not side_suits
                and masters_in(before, theirs, trump) == before & SUIT_MASKS[trump]
            ):
                voids &= ~(1 << (4 * opponent + trump))
        return voids

    def suit_id(self, held: tuple[int, int, int, int], on_trick: int, suit: int) -> int:
        """The number of the suit's pattern (``suit_key``), numbered when first met.

        At the start of a trick a suit's pattern depends only on which of its 13 cards are left,
        so a search meets at most 8,192 of them, and a few more with a trick in progress (the
        claim position's): the numbers fit in ``PART_BITS``."""
        name = self.suit_key(held, on_trick, suit)
        names = self.names[suit]
        part = names.get(name)
        if part is None:
            part = len(names)
            if part >> PART_BITS:
                raise EngineError("too many card patterns in one suit for the memo key")
            names[name] = part
        return part

    def position_key(self, held: tuple[int, int, int, int], trick: tuple[int, ...] = ()) -> bytes:
        """The cards left by suit, each named by its holder and, for the claimer's side, whether
        it is an honour, and one with solidity at the claim (the policy's top-down rule asks
        that of its own masters, ``HONOURS``, ``solid``; nothing asks it of an opponent's card,
        unless the non-claimers' plays are held to normal play too, ``nonclaimers_normal``:
        their honours are then marked as well, and theirs with solidity, ``their_solid``),
        or by itself, if the statement names it or it lies on the trick in progress, where it
        is compared with the cards still held.

        Two positions that read the same differ only by cards no one can tell apart: they have
        the same worst normal line.
        """
        on_trick = 0
        for card in trick:
            on_trick |= 1 << card
        return b"".join(self.suit_key(held, on_trick, suit) for suit in range(4))

    def suit_key(self, held: tuple[int, int, int, int], on_trick: int, suit: int) -> bytes:
        """``position_key``'s part for one suit."""
        named = self.special | on_trick
        solid = self.marked
        judged = self.theirs_judged
        out = bytearray()
        for card in range(13 * suit, 13 * suit + 13):
            if (on_trick >> card) & 1:
                out.append(64 + card)
                continue
            for seat in range(4):
                if (hand_of(held, seat) >> card) & 1:
                    ours = judged or seat % 2 == self.claimer_side
                    honour = 4 if ours and card % 13 >= HONOURS else 0
                    if (solid >> card) & 1:
                        honour = 8
                    out.append(64 + card if (named >> card) & 1 else seat + honour)
                    break
        out.append(255)
        return bytes(out)


def one_per_run(
    cards: list[int],
    held: tuple[int, int, int, int],
    seat: int,
    trick: tuple[int, ...] = (),
    named: int | None = None,
    solid: int = 0,
) -> list[int]:
    """One card per run of touching cards (no other hand's card, nor a card on the trick in
    progress, between them): playing one or another leaves positions no one can tell apart.

    For the claimer's side (``named`` given, the cards the statement names), a run also stops at
    a named card, between a spot card and an honour, and between an honour with solidity at the
    claim (``solid``: ``Keys.marked``) and one without, which the policy and the statement tell
    apart (``masters_bind``, ``statements.step_plays``); the memo key draws the same lines. So
    too for the non-claimers when their plays are held to normal play (``named`` 0: they name
    no card).
    """
    others = 0
    for card in trick:
        others |= 1 << card
    for s in range(4):
        if s != seat:
            others |= hand_of(held, s)
    if named is not None:
        others |= named
    out: list[int] = []
    for card in cards:
        if out and out[-1] // 13 == card // 13:
            previous = out[-1]
            # The cards come in the policy's order, not always by rank within a suit (a true
            # winner before a card thought good, ``lead_believed_winner``): the gap is read
            # between the lower and the higher of the two, whichever comes first.
            low, high = (previous, card) if previous < card else (card, previous)
            between = others & ((2 << high) - 1) & ~((1 << low) - 1)
            if not between and (
                named is None
                or (
                    (card % 13 >= HONOURS) == (previous % 13 >= HONOURS)
                    and (solid >> card) & 1 == (solid >> previous) & 1
                )
            ):
                out[-1] = card
                continue
        out.append(card)
    return out
