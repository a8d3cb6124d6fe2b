"""How irregularities shape the play trick by trick: who leads, what choices arise, what binds.

The engines walk a history trick by trick. At the start of each trick this module says, for the
irregularities of the case, in how many ways the trick may begin (``trick_starts``): each way
names the leader (a lead out of turn accepted moves the lead, Law 53A), the card he must lead
(the card led out of turn), the obligations then in force (penalty cards lying from this
trick, Law 50; a refused lead out of turn's card, Laws 54D and 56; a premature card, 57A) and
the choices made to get there (a lead out of turn accepted or refused, declarer's 50D2/51B
choice before a lead, his 57A order). A recorded choice is the only way; an unrecorded one
branches over every option the Laws give (the history is then its plays with the choices
made). Within the trick each card must be one of ``obligations.legal_plays``.

A premature card at trick T is read two ways that exclude each other: played to T (T led by
the offender's left-hand opponent, the order binding the partner at T), or led to T before the
partner had played to T-1 (the offender played before him there and won it; the order binds
the partner at T-1, recorded and labelled at T, and the offender leads the card to T).

A card played at the right-hand opponent's turn (57D) at trick T needs T led by the offender's
partner or left-hand opponent; the state carries it into the trick, and at the offender's turn
``law57.law57d_at_turn`` makes it his card there, or a major penalty card (the engines call it
from ``problem.obeyed``). Declarer's incomplete call for dummy's card (46B) is carried the same
way, and ``law46.law46b_cards`` fixes dummy's card at his turn; for a rank named alone, the
trick before is watched for the suit in which dummy wins it (46B3(a)).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from solver.bridge import Card, Seat
from solver.errors import CaseFileError
from solver.facts import Case
from solver.facts.history import InProgress
from solver.facts.irregularity import (
    CHOICE_CODE_BITS,
    CHOICE_TRICK_BITS,
    LEAD_ANSWERS,
    RETRACTED_MISINFORMED,
    Choice,
    ChoiceMade,
    DeclarerEarlyPlay,
    DummyDesignation,
    FailureToPlay,
    FifthCard,
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PlayAtRhoTurn,
    PrematurePlay,
)
from solver.laws.choices import LawOption, apply_lead_option, apply_play_order
from solver.laws.law45 import law45c4b_correction, law45c4b_replacement, law45e_penalty_card
from solver.laws.law46 import RANK, SAID_CODES, law46b_pick
from solver.laws.law50 import law50b_penalty_class, law50d2_options
from solver.laws.law51 import law51b_options
from solver.laws.law52 import (
    LAW52B1_ACCEPT,
    law52_is_rejection,
    law52a_wrong_lead,
    law52a_wrong_play,
    law52b2_rejection,
)
from solver.laws.law53 import law53b_proper_lead_stands, law53c_citation, law53c_lead_stands
from solver.laws.law54 import law54_options
from solver.laws.law55 import law55a_options
from solver.laws.law56 import law56_options
from solver.laws.law57 import (
    law57a_before_partner,
    law57a_options,
    law57c1_exempt,
    law57c3_in_position,
    law57d_in_position,
)
from solver.laws.obligations import (
    Obligations,
    add_penalty_card,
    after_play,
    choice_due,
    legal_plays,
)

LOOT_SLOT, LEAD_SLOT, ORDER_SLOT, FAILURE_SLOT = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class PlayIrregularities:
    """A case's irregularities in the engines' integers (tricks from 0)."""

    declarer: int
    edition: int = 2017
    trump: int = -1
    """The trump suit, -1 at no trump (Law 46B1(b) weighs a ruff)."""
    last_trick: int = 12
    """The last trick of the board (0-based): at it a lead out of turn cannot be accepted."""
    penalty_cards: dict[int, tuple[tuple[int, int, bool], ...]] = field(default_factory=dict)
    """Trick -> (seat, card, major) of the penalty cards that lie from its start."""
    leads_out_of_turn: dict[int, tuple[int, int, str | None]] = field(default_factory=dict)
    """Trick -> (offender, card, response or None)."""
    premature: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Trick -> (offender, card): a defender played before his partner to that trick."""
    returned: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Trick -> (seat, card) of declarer's fifth cards that went back to the hand (45E2):
    still held at the start of that trick."""
    forfeited: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Trick -> (offender, card): a defender's lead to it made before his partner had played
    to the trick before, played to by his left-hand opponent before rectification (60A1): no
    penalty card, no 57A order; he won the trick before, having played to it before his
    partner, and leads that card (``_forfeited_lead``)."""
    exempt: dict[int, int] = field(default_factory=dict)
    """Trick -> the defender whose card to it, played before his partner's, Law 57C1 leaves
    unrectified (declarer had played from both hands): he played before his partner there."""
    rho_turn: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Trick -> (offender, card): a defender played that card to it after his partner and
    before his right-hand opponent (57D)."""
    declarer_early: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Trick -> (declarer or dummy, card): declarer played that card from that hand to the
    trick before its turn (57C3)."""
    designations: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    """Trick -> (dummy, word as ``law46.SAID_CODES``, suit named or -1, rank named or -1):
    declarer called dummy's card incompletely (46B)."""
    withdrawn: dict[int, tuple[tuple[int, int, int, int], ...]] = field(default_factory=dict)
    """Trick -> (seat, card, dummy, slip) of each card that went back to its player's hand from
    that trick, another card played in its place: dummy's card named by declarer's slip and
    corrected (45C4(b)), an opponent's card withdrawn after that correction (dummy's seat and
    the slip card given, else -1, -1), a card retracted after a mistaken explanation (47E2).
    Held at the start of the trick (``lying_from``); the rest at the trick
    (``Obligations.withdrawn``, ``problem.obeyed``)."""
    absent: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Trick -> (dummy, card): declarer named in full a card dummy did not hold at the start of
    that trick (46B4, ``said: card``), one of his own played before it."""
    recorded: dict[tuple[int, int], LawOption] = field(default_factory=dict)
    """(trick, slot) -> the option chosen, where the case records it."""
    accepted_failures: frozenset[int] = frozenset()
    """Tricks at which declarer accepted a card played instead of a penalty card due (52B1):
    there, and only there, the holder's card may ignore the penalty card's duty."""
    pending_failure: tuple[int, int, int] | None = None
    """(trick, offender, card): where play stopped, the offender led that card while a
    penalty card of his was due, declarer's Law 52 choice pending (``FailureToPlay``). Only
    histories in which he won the trick before, still holding the card, and in which leading
    it there was a failure to lead a penalty card fit (``failure_starts``)."""
    failure_judged: bool = True
    """False: a history fits ``pending_failure`` when its player is on lead with the card,
    whether or not leading it was a failure (how the ruling tells a case that makes no
    failure, refused as input, from one with no legal history at all)."""
    in_progress: InProgress | None = None
    """Play stopped during the trick after the last one played: its leader and the cards
    already faced to it. Only histories in which that trick may begin so, each card one the
    obligations leave in turn, fit (``in_progress_starts``)."""

    @property
    def declarer_side(self) -> int:
        return self.declarer % 2

    def __bool__(self) -> bool:
        return bool(
            self.penalty_cards
            or self.leads_out_of_turn
            or self.premature
            or self.forfeited
            or self.returned
            or self.rho_turn
            or self.declarer_early
            or self.designations
            or self.withdrawn
            or self.absent
            or self.pending_failure is not None
        )


@dataclass(frozen=True, slots=True)
class TrickStart:
    """One way a trick may begin (see the module docstring)."""

    leader: int
    lead: int
    """The card the leader must lead, or -1 when he is free."""
    state: Obligations
    choices: int
    """The choices made at this trick, packed as an outcome key stores them (``ChoiceMade``)."""
    order_suit_not_led: int = -1
    """A 57A option naming a suit: it exists only if that suit is not the suit led."""


def failure_bits(trick: int) -> int:
    """The choice an accepted failure to play a penalty card adds at ``trick`` (52B1)."""
    return _bits(trick, FAILURE_SLOT, LAW52B1_ACCEPT)


def _bits(trick: int, slot: int, option: LawOption) -> int:
    made = ChoiceMade(trick + 1, slot, option.law, option.option, option.suits)
    return made.code << (trick * CHOICE_TRICK_BITS + slot * CHOICE_CODE_BITS)


def trick_starts(
    program: PlayIrregularities,
    trick: int,
    proper_leader: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> list[TrickStart]:
    """Every way trick ``trick`` may begin; none when the history so far contradicts a fact
    (a penalty card already played, a lead out of turn by the player who was to lead)."""
    lying = lying_from(program, trick, held, state)
    if lying is None:
        return []
    state = lying
    starts = _lead_out_of_turn(program, trick, proper_leader, held, state)
    out: list[TrickStart] = []
    for start in starts:
        out.extend(_lead_choice(program, trick, start))
    premature = program.premature.get(trick)
    if premature is not None:
        out = [s for start in out for s in _premature(program, trick, premature, held, start)]
    following = program.premature.get(trick + 1)
    if following is not None:
        out = [s for start in out for s in _may_lead_early(program, trick, start, following[0])]
    forfeited = program.forfeited.get(trick)
    if forfeited is not None:
        out = [s for start in out for s in _forfeited_lead(forfeited, held, start)]
    next_forfeited = program.forfeited.get(trick + 1)
    if next_forfeited is not None:
        offender = next_forfeited[0]
        out = [
            replace(s, state=replace(s.state, early_lead_seat=offender))
            if before_partner_at(program, trick, offender, s.leader)
            else s
            for s in out
        ]
    rho_turn = program.rho_turn.get(trick)
    if rho_turn is not None:
        out = [s for start in out for s in _at_rho_turn(rho_turn, held, start)]
    early = program.declarer_early.get(trick)
    if early is not None:
        out = [s for start in out for s in _declarer_early(early, held, start)]
    designation = program.designations.get(trick)
    if designation is not None:
        out = [replace(s, state=_designated(program, designation, s.state)) for s in out]
    next_call = program.designations.get(trick + 1)
    if next_call is not None and next_call[1] == RANK:
        # 46B3(a): the suit dummy wins this trick in names the suit of a rank at his lead
        out = [replace(s, state=replace(s.state, dummy_watch=next_call[0])) for s in out]
    withdrawn = program.withdrawn.get(trick)
    if withdrawn is not None:
        # 45C4(b), 47E2: the cards that went back are not their players' cards to this trick
        out = [replace(s, state=replace(s.state, withdrawn=withdrawn)) for s in out]
    return out


def _designated(
    program: PlayIrregularities, designation: tuple[int, int, int, int], state: Obligations
) -> Obligations:
    """46B at its trick: the call binds dummy's card (``law46.law46b_cards`` at his turn);
    a rank named alone takes the suit dummy won the trick before in (46B3(a))."""
    dummy, said, suit, rank = designation
    if said == RANK:
        suit = state.dummy_won_suit
    return replace(
        state,
        dummy_seat=dummy,
        dummy_said=said,
        dummy_suit=suit,
        dummy_rank=rank,
        dummy_trump=program.trump,
        dummy_won_suit=-1,
    )


def _at_rho_turn(
    rho_turn: tuple[int, int], held: tuple[int, int, int, int], start: TrickStart
) -> list[TrickStart]:
    """57D: the offender still holds the card, the trick is led by his partner or his
    left-hand opponent (his partner plays before his right-hand opponent's turn), and at his
    own turn the card binds him (``law57.law57d_at_turn``, applied as the trick is played)."""
    offender, card = rho_turn
    if not held[offender] >> card & 1 or not law57d_in_position(offender, start.leader):
        return []
    state = replace(start.state, rho_turn_seat=offender, rho_turn_card=card)
    return [replace(start, state=state)]


def _forfeited_lead(
    forfeited: tuple[int, int], held: tuple[int, int, int, int], start: TrickStart
) -> list[TrickStart]:
    """60A1 after a lead made too early: the offender played before his partner at the trick
    before (marked there, ``early_lead_seat``) and won it, still holds the card, and leads it
    to this trick as though in turn: no penalty card, no order (``law60``)."""
    offender, card = forfeited
    if not held[offender] >> card & 1 or start.leader != offender:
        return []
    if start.state.early_lead_seat != offender or start.lead not in (-1, card):
        return []
    return [replace(start, lead=card, state=replace(start.state, early_lead_seat=-1))]


def _declarer_early(
    early: tuple[int, int], held: tuple[int, int, int, int], start: TrickStart
) -> list[TrickStart]:
    """57C3: the hand still holds the card, and the trick is led by its partner or its
    left-hand opponent (``law57.law57c3_in_position``); at its own turn the card is its play
    if legal (``law57.law57c3_at_turn``, applied as the trick is played)."""
    seat, card = early
    if not held[seat] >> card & 1 or not law57c3_in_position(seat, start.leader):
        return []
    state = replace(start.state, declarer_early_seat=seat, declarer_early_card=card)
    return [replace(start, state=state)]


def stopped_trick_fits(
    program: PlayIrregularities,
    trick: int,
    proper: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> bool:
    """Where play stopped (``trick``, no card of it played; ``held`` and ``state`` as the
    trick before left them): a lead out of turn to it is not by ``proper``, the player who
    won the trick before (his lead would be in turn); a premature card there taken as a lead
    made too early (``state.early_lead_seat``) is led by its player, who won that trick, and
    otherwise played to it too early, after the lead of his left-hand opponent, who won it; and
    a failure to lead a penalty card there (Law 52, choice pending) is one
    (``failure_starts``); a trick in progress there begins as its cards say
    (``in_progress_starts``)."""
    early_lead_seat = state.early_lead_seat
    if early_lead_seat >= 0 and proper != early_lead_seat:
        return False
    if program.in_progress is not None:
        # a card played there instead of a penalty card (52) is judged with the trick's cards
        return bool(in_progress_starts(program, trick, proper, held, state))
    if early_lead_seat < 0 and not _played_to_at_stop(program, trick, proper):
        return False
    failure = program.pending_failure
    if (
        failure is not None
        and failure[0] == trick
        and not failure_starts(program, proper, held, state)
    ):
        return False
    loot = program.leads_out_of_turn.get(trick)
    return loot is None or loot[0] != proper


def _played_to_at_stop(program: PlayIrregularities, trick: int, proper: int) -> bool:
    """A premature card at the trick play stopped at, its cards not given, not a lead made
    too early: it was played to that trick after the lead of its player's left-hand
    opponent, who won the trick before (true when there is no such card)."""
    premature = program.premature.get(trick)
    return premature is None or premature_in_position(premature[0], proper, early_lead=False)


def in_progress_starts(
    program: PlayIrregularities,
    trick: int,
    proper: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> list[tuple[TrickStart, Obligations]]:
    """The ways the trick play stopped in may begin (``trick_starts``, ``proper`` the winner
    of the trick before) that fit the cards already faced to it (``program.in_progress``):
    its leader leads, with the card a lead out of turn accepted binds him to if any, a 57A
    option naming a suit names another than the one led, and each card faced is one the
    obligations leave its player in turn (``legal_plays``). With each, the obligations once
    those cards are played. Unrecorded choices there are any the Laws give: a history fits
    when some way fits, and nothing at that trick branches (the choices still to come there
    are the choice pending)."""
    current = program.in_progress
    assert current is not None
    failure = program.pending_failure
    wrong = (failure[1], failure[2]) if failure is not None and failure[0] == trick else None
    out = []
    for start in trick_starts(program, trick, proper, held, state):
        if start.leader != current.leader or start.lead not in (-1, current.cards[0]):
            continue
        if start.order_suit_not_led == current.cards[0] // 13:
            continue
        after = faced_obey(start.state, current, held, wrong, program.failure_judged)
        if after is not None:
            out.append((start, after))
    return out


def faced_obey(
    state: Obligations,
    current: InProgress,
    held: tuple[int, int, int, int],
    failure: tuple[int, int] | None = None,
    judged: bool = True,
    upto: int = 4,
) -> Obligations | None:
    """The obligations after the cards faced to the trick in progress (the first ``upto``),
    each played in turn, or None when one of them is not among the cards the obligations
    leave its player there (``legal_plays``: following suit first, then the restrictions,
    then the penalty cards' duties). ``failure``: (seat, card) played instead of a penalty
    card due, Law 52 pending: that card must be such a failure (52A, ``law52a_wrong_play``),
    or, not ``judged``, only still held; the penalty card stays."""
    led = -1
    for seat, card in current.seat_cards()[:upto]:
        if (seat, card) == failure:
            if judged and not law52a_wrong_play(state, seat, card, held, led):
                return None
        elif not legal_plays(state, seat, held[seat], led) >> card & 1:
            return None
        state = after_play(state, seat, card, leading=led < 0)
        if led < 0:
            led = card // 13
    return state


def failure_starts(
    program: PlayIrregularities,
    proper: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> list[TrickStart]:
    """The ways the trick where play stopped may begin (``trick_starts``, ``proper`` the
    winner of the trick before) in which the card of ``program.pending_failure`` led by its
    player is a failure to lead a penalty card (52A): he is the leader, free to lead (no card
    led out of turn), holds the card, and a penalty card of his still lies there and its
    duty forbids the card (``law52a_wrong_lead``: not one declarer's 50D2/51B choice took back
    before, nor one already played). Unrecorded, declarer's 50D2/51B choice at that lead (his
    partner's penalty card) may be any the Laws give. With ``failure_judged`` off, every start
    where he leads freely holding the card."""
    failure = program.pending_failure
    assert failure is not None
    trick, offender, card = failure
    if proper != offender or not held[offender] >> card & 1:
        return []
    return [
        start
        for start in trick_starts(program, trick, proper, held, state)
        if start.leader == offender
        and start.lead < 0
        and (not program.failure_judged or law52a_wrong_lead(start.state, offender, card, held))
    ]


def premature_in_position(offender: int, leader: int, early_lead: bool) -> bool:
    """57A needs a defender who played before his partner: at the premature card's trick his
    partner was to play second and he fourth (the trick led by his left-hand opponent), or
    (``early_lead``) he led to it before his partner had played to the trick before; then he
    is the leader of the premature card's trick (he won the trick before). The two readings
    exclude each other."""
    if early_lead:
        return leader == offender
    return leader == (offender + 1) % 4


def before_partner_at(program: PlayIrregularities, trick: int, offender: int, leader: int) -> bool:
    """``law57a_before_partner`` at ``trick`` (from 0), with the case's premature and exempt
    plays there."""
    premature = program.premature.get(trick)
    return law57a_before_partner(
        offender,
        leader,
        program.exempt.get(trick, -1),
        premature[0] if premature is not None else -1,
    )


def _may_lead_early(
    program: PlayIrregularities, trick: int, start: TrickStart, offender: int
) -> list[TrickStart]:
    """At a trick where the offender of the next trick's premature card played before his
    partner, that card may be a lead to the next trick made before his partner played to this
    one (57A): then declarer's order binds the partner's play to this trick (the suit led is
    this trick's), the choice keeps the next trick's place, and the offender must lead that
    card to the next trick (``_premature``). Or it is not such a lead: the start unchanged."""
    if not before_partner_at(program, trick, offender, start.leader):
        return [start]
    state = replace(start.state, early_lead_seat=offender)
    return [start, *_ordered_starts(program, trick + 1, offender, start, state)]


def _ordered_starts(
    program: PlayIrregularities,
    card_trick: int,
    offender: int,
    start: TrickStart,
    state: Obligations,
) -> list[TrickStart]:
    """Declarer's 57A orders on the offender's partner, each a way the trick of ``start``
    goes on (the recorded one only, where the case records it): the choice is labelled at
    ``card_trick``, the premature card's, whichever trick the order binds."""
    options = law57a_options(program.declarer, -1, program.edition)
    recorded = program.recorded.get((card_trick, ORDER_SLOT))
    if recorded is not None:
        options = [o for o in options if (o.option, o.suits) == (recorded.option, recorded.suits)]
    partner = (offender + 2) % 4
    return [
        TrickStart(
            start.leader,
            start.lead,
            apply_play_order(state, option, partner),
            start.choices | _bits(card_trick, ORDER_SLOT, option),
            option.suits[0] if option.suits else -1,
        )
        for option in options
    ]


def _lead_out_of_turn(
    program: PlayIrregularities,
    trick: int,
    proper: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> list[TrickStart]:
    loot = program.leads_out_of_turn.get(trick)
    if loot is None:
        return [TrickStart(proper, -1, state, 0)]
    offender, card, response = loot
    if offender == proper or not held[offender] >> card & 1:
        return []
    if trick == program.last_trick and program.edition >= 2017:
        return [TrickStart(proper, -1, state, 0)]  # 53A: no acceptance at trick 13
    if response == RETRACTED_MISINFORMED:
        return [TrickStart(proper, -1, state, 0)]  # 47E1: back to the hand, no penalty card
    recorded = program.recorded.get((trick, LOOT_SLOT))
    if recorded is not None and recorded.option == "proper-lead":
        if not law53b_proper_lead_stands(offender, proper):
            return []
        return [TrickStart(proper, -1, state, _bits(trick, LOOT_SLOT, recorded))]
    declarer_side = program.declarer_side
    options = _loot_options(program, trick, offender, response)
    out = []
    for option in options:
        bits = _bits(trick, LOOT_SLOT, option)
        if option.option in ("accept-lead", "declarer-becomes-dummy"):
            out.append(TrickStart(offender, card, state, bits))
        elif offender % 2 == declarer_side:  # 55B: the card goes back, no penalty card
            out.append(TrickStart(proper, -1, state, bits))
        else:  # 54D, 56: a major penalty card from this trick
            out.append(TrickStart(proper, -1, add_penalty_card(state, offender, card, True), bits))
    return out


def _loot_options(
    program: PlayIrregularities, trick: int, offender: int, response: str | None
) -> list[LawOption]:
    """The options the law gives after this lead out of turn (55 for declarer's side's, 54
    at trick one, 56 later): the recorded one only, or the one the response names."""
    if offender % 2 == program.declarer_side:
        options = law55a_options((offender + 1) % 4)
    elif trick == 0:
        options = law54_options(program.declarer)
    else:
        options = law56_options(program.declarer)
    recorded = program.recorded.get((trick, LOOT_SLOT))
    if recorded is not None:
        return [o for o in options if o.option == recorded.option]
    if response is not None:
        wanted = "accept-lead" if response == "accepted" else "refuse-lead"
        return [o for o in options if o.option == wanted]
    return options


def lead_options(state: Obligations, leader: int, declarer: int) -> list[LawOption]:
    """Declarer's options before the lead of the partner of a major penalty card's holder:
    Law 50D2 for cards of one suit, 51B for several."""
    return law50d2_options(state, leader, declarer) or law51b_options(state, leader, declarer)


def _lead_choice(program: PlayIrregularities, trick: int, start: TrickStart) -> list[TrickStart]:
    """Declarer's 50D2/51B choice before a defender leads while his partner has a major
    penalty card; recurs before each such lead (50D2(b))."""
    recorded = program.recorded.get((trick, LEAD_SLOT))
    if start.lead >= 0 or not choice_due(start.state, start.leader, program.declarer_side):
        # a recorded choice is an agreed fact: a history where it does not arise contradicts it
        return [] if recorded is not None else [start]
    options = lead_options(start.state, start.leader, program.declarer)
    if recorded is not None:
        options = [o for o in options if (o.option, o.suits) == (recorded.option, recorded.suits)]
    return [
        TrickStart(
            start.leader,
            -1,
            apply_lead_option(start.state, option, start.leader),
            start.choices | _bits(trick, LEAD_SLOT, option),
        )
        for option in options
    ]


def _premature(
    program: PlayIrregularities,
    trick: int,
    premature: tuple[int, int],
    held: tuple[int, int, int, int],
    start: TrickStart,
) -> list[TrickStart]:
    """57A: the card played too early is a major penalty card from then on, and declarer
    orders the offender's partner's play to this trick. An option naming a suit must name
    another suit than the one led (checked once the lead is known). A lead made too early
    (``_may_lead_early`` marked it at the trick before, where the order was given): the
    offender leads this trick, with that card, and no second order is given."""
    offender, card = premature
    if not held[offender] >> card & 1:
        return []
    early = start.state.early_lead_seat == offender
    if not premature_in_position(offender, start.leader, early):
        return []  # partner's turn did not come first: the card was played in turn
    state = add_penalty_card(replace(start.state, early_lead_seat=-1), offender, card, True)
    if early:
        # led too early: the order was given at the trick before; he leads it now
        if start.lead >= 0 and start.lead != card:
            return []
        return [TrickStart(start.leader, card, state, start.choices, start.order_suit_not_led)]
    return _ordered_starts(program, trick, offender, start, state)


def compile_irregularities(case: Case) -> PlayIrregularities | None:
    """The case's agreed irregularities in integers, or None when it has none."""
    if not case.irregularities:
        return None
    if case.unplayed or case.surplus is not None:
        raise CaseFileError(
            case.source,
            "play.irregularities",
            "irregularities together with a defective trick (Law 67: a card missing from a "
            "trick, or two played to one) are not applied by the engines yet",
        )
    for fact in case.irregularities:
        _check_supported(case, fact)
    trump = case.contract.strain.trump_suit_index
    program = PlayIrregularities(
        declarer=case.declarer.index, edition=case.edition, trump=-1 if trump is None else trump
    )
    for fact in case.irregularities:
        if isinstance(fact, PenaltyCard | FifthCard):
            _lies(case, program, fact)
        elif isinstance(fact, LeadOutOfTurn):
            program.leads_out_of_turn[fact.trick - 1] = (
                fact.seat.index,
                fact.card.index,
                fact.response,
            )
        elif isinstance(fact, PrematurePlay | PlayAtRhoTurn | DeclarerEarlyPlay):
            _early_play(program, fact)
        elif isinstance(fact, DummyDesignation):
            _call(program, fact)
        elif isinstance(fact, Choice) and fact.law.startswith(UNBRANCHED):
            _unbranched(case, program, fact)
        elif isinstance(fact, Choice) and fact.law.startswith("52"):
            program = _law52(case, program, fact)
        elif isinstance(fact, Choice):
            slot = _slot(fact)
            program.recorded[(fact.trick - 1, slot)] = LawOption(
                fact.chooser.index, fact.law, fact.option, fact.suits
            )
    program = replace(
        program, pending_failure=_pending_failure(case), in_progress=in_progress_of(case)
    )
    return _lead_stands(case, program)


def in_progress_of(case: Case) -> InProgress | None:
    """The case's trick in progress in integers, or None: also None when it is a lead out of
    turn alone whose answer is pending (``lead_pending_alone``), which tells no more than
    that lead where play stopped, the trick's cards not given."""
    current = case.trick_in_progress
    if current is None or lead_pending_alone(case):
        return None
    return InProgress(current.leader.index, tuple(card.index for card in current.cards))


def lead_pending_alone(case: Case) -> bool:
    """Whether the trick in progress is a lead out of turn alone, not yet accepted or refused
    (Laws 53 to 56): its card, by its offender, with no response, no play to it, no answer
    recorded, and no card of the defender on its right that makes declarer's lead stand
    (53C). The options are then those of that lead where play stopped."""
    current = case.trick_in_progress
    if current is None or len(current.cards) != 1:
        return False
    trick = current.number
    for fact in case.irregularities:
        if not (isinstance(fact, LeadOutOfTurn) and fact.trick == trick and fact.by is None):
            continue
        if (fact.seat, fact.card) != (current.leader, current.cards[0]) or fact.response:
            return False
        answered = any(
            isinstance(f, Choice) and f.trick == trick and f.law.startswith(LEAD_ANSWERS)
            for f in case.irregularities
        )
        stands = any(
            isinstance(f, PrematurePlay)
            and f.trick == trick
            and law53c_lead_stands(fact.seat.index, f.seat.index, case.declarer.index % 2)
            for f in case.irregularities
        )
        return not (answered or stands)
    return False


def _lies(case: Case, program: PlayIrregularities, fact: PenaltyCard | FifthCard) -> None:
    """A penalty card lying from its trick (classed by 50B); a fifth card (45E): a defender's
    a penalty card from the next trick (45E1), declarer's in its hand at the start of the
    next trick (45E2)."""
    penalty_card = law45e_penalty_card(fact, case.declarer) if isinstance(fact, FifthCard) else fact
    if penalty_card is None:
        entry = (fact.seat.index, fact.card.index)
        program.returned[fact.trick] = (*program.returned.get(fact.trick, ()), entry)
        return
    trick = penalty_card.trick - 1
    major = penalty_card_is_major(penalty_card, case.edition)
    lying = (penalty_card.seat.index, penalty_card.card.index, major)
    program.penalty_cards[trick] = (*program.penalty_cards.get(trick, ()), lying)


UNBRANCHED = ("45C4(b)", "46B", "47E1", "47E2", "50D1", "51A", "58")
"""The laws whose recorded choices say which card was played or what became of one: nothing
branches on them."""


def _call(program: PlayIrregularities, fact: DummyDesignation) -> None:
    """Declarer's call of dummy's card (46B): incomplete, it binds dummy's card at its trick;
    a card named in full that dummy no longer held (46B4), it says only that, and dummy plays
    any legal card there."""
    trick = fact.trick - 1
    if fact.card is not None:
        entry = (fact.seat.index, fact.card.index)
        program.absent[trick] = (*program.absent.get(trick, ()), entry)
        return
    said = SAID_CODES[fact.said]
    program.designations[trick] = (fact.seat.index, said, fact.suit, fact.rank)


def _unbranched(case: Case, program: PlayIrregularities, choice: Choice) -> None:
    """A choice that says which card was played (50D1, 51A and 58 designations, a 46B pick:
    ``designated_plays``), or that a lead out of turn was taken back (47E1: its lead says so),
    adds nothing here; a card back in its player's hand (45C4(b), 47E2) is ``_withdrawn``."""
    if choice.law in ("45C4(b)", "47E2"):
        _withdrawn(case, program, choice)


def _withdrawn(case: Case, program: PlayIrregularities, choice: Choice) -> None:
    """A card back in its player's hand from its trick (45C4(b), 47E2): an opponent's card
    withdrawn after declarer's correction carries dummy's seat and the card of the slip (the
    correction recorded at that trick: the reader requires it)."""
    assert choice.card is not None
    card = choice.card.index
    seat = case.deal.holder(choice.card).index
    dummy = slip = -1
    if law45c4b_replacement(choice):
        dummy = case.declarer.partner.index
        slip = next(
            f.card.index
            for f in case.irregularities
            if isinstance(f, Choice)
            and law45c4b_correction(f)
            and f.trick == choice.trick
            and f.card is not None
        )
    trick = choice.trick - 1
    program.withdrawn[trick] = (*program.withdrawn.get(trick, ()), (seat, card, dummy, slip))


def _pending_failure(case: Case) -> tuple[int, int, int] | None:
    """The card led instead of a penalty card where play stopped, declarer's Law 52 choice
    pending, as (trick from 0, offender, card); None when the case gives none."""
    for fact in case.irregularities:
        if isinstance(fact, FailureToPlay):
            return (fact.trick - 1, fact.seat.index, fact.card.index)
    return None


def _early_play(
    program: PlayIrregularities, fact: PrematurePlay | PlayAtRhoTurn | DeclarerEarlyPlay
) -> None:
    """A card played before its turn: a defender's before his partner's (57A, or 57C1 when
    declarer had played from both hands), or after it but before his right-hand opponent's
    (57D); declarer's, from either hand (57C3)."""
    trick = fact.trick - 1
    if isinstance(fact, DeclarerEarlyPlay):
        program.declarer_early[trick] = (fact.seat.index, fact.card.index)
    elif isinstance(fact, PlayAtRhoTurn):
        program.rho_turn[trick] = (fact.seat.index, fact.card.index)
    elif fact.played_after:
        # 60A1: the lead made too early stands as though in turn, unrectified
        program.forfeited[trick] = (fact.seat.index, fact.card.index)
    elif law57c1_exempt(fact):
        # 57C1: no rectification; the card played (``designated_plays``); he played before
        # his partner there, so a card of his at the next trick may be a lead made too
        # early (57A)
        program.exempt[trick] = fact.seat.index
    else:
        program.premature[trick] = (fact.seat.index, fact.card.index)


def _law52(case: Case, program: PlayIrregularities, choice: Choice) -> PlayIrregularities:
    """Declarer's choice after a failure to play a penalty card: an acceptance is the one
    trick where the holder's card may leave it unplayed (52B1); a rejection leaves the card
    played wrongly a major penalty card from the next trick (52B2; the penalty card played is
    ``designated_plays``')."""
    if not law52_is_rejection(choice):
        return replace(program, accepted_failures=program.accepted_failures | {choice.trick - 1})
    rejection = law52b2_rejection(case, choice)
    entry = (rejection.offender.index, rejection.wrong_card.index, True)
    program.penalty_cards[choice.trick] = (*program.penalty_cards.get(choice.trick, ()), entry)
    return program


def _lead_stands(case: Case, program: PlayIrregularities) -> PlayIrregularities:
    """53C: declarer's lead out of turn to which the defender on its right played first (the
    case's premature play at that trick) stands: it is taken as accepted, and a refusal
    recorded there is refused as input."""
    for trick, (offender, card, response) in list(program.leads_out_of_turn.items()):
        premature = program.premature.get(trick)
        if premature is None or not law53c_lead_stands(
            offender, premature[0], program.declarer_side
        ):
            continue
        recorded = program.recorded.get((trick, LOOT_SLOT))
        if response == RETRACTED_MISINFORMED:
            raise CaseFileError(
                case.source,
                "play.irregularities",
                f"{Seat.from_index(premature[0]).full_name} played to "
                f"{Seat.from_index(offender).full_name}'s lead out of turn to trick {trick + 1} "
                "before his partner (the premature play), but the case says the lead was taken "
                "back on an opponent's wrong word (Law 47E1): there was no lead to play to; "
                "expected one of the two",
            )
        if response == "refused" or (recorded is not None and recorded.option != "accept-lead"):
            law = law53c_citation(case.edition)
            raise CaseFileError(
                case.source,
                "play.irregularities",
                f"{Seat.from_index(premature[0]).full_name} played to "
                f"{Seat.from_index(offender).full_name}'s lead out of turn to trick {trick + 1} "
                f"before his partner (the premature play): the lead stands (Law {law}), so it "
                "is not refused; expected it accepted, or no response",
            )
        program.leads_out_of_turn[trick] = (offender, card, "accepted")
    return program


SUPPORTED_CHOICES = (
    "45C4(b)",
    "46B3(b)",
    "46B4",
    "46B5",
    "47E1",
    "47E2",
    "50D1",
    "50D2",
    "51A",
    "51B",
    "52",
    "53A",
    "53B",
    "54",
    "55",
    "56",
    "57A",
    "58",
)
"""The laws whose recorded choices the engines apply (by the start of their citation)."""


def designated_plays(case: Case) -> tuple[tuple[int, int, int], ...]:
    """The cards recorded choices say were played, as (trick from 0, seat, card): declarer's
    designation of a penalty card (50D1, 51A) and the offender's of one of the cards he played
    at once (58B2); the penalty card declarer required in place of a card played instead of
    it (52B2, ``law52.law52b2_rejection``); also a defender's card played before his partner
    that Law 57C1 leaves unrectified (it is simply his card to that trick), and dummy's card
    picked after declarer's call of it (46B3(b), 46B4, 46B5). The history shows which card was
    chosen, so a recorded one is the hard fact that its player played it; nothing branches. A
    designated penalty card the case never exposed, a card of another player than the one who
    designates, or a designation at a trick not played, is refused."""
    out = []
    for fact in case.irregularities:
        if isinstance(fact, PrematurePlay) and law57c1_exempt(fact):
            if fact.trick <= case.tricks_played:  # at the trick play stopped at: no card yet
                out.append((fact.trick - 1, fact.seat.index, fact.card.index))
            continue
        if law52_is_rejection(fact):
            assert isinstance(fact, Choice)
            rejection = law52b2_rejection(case, fact)
            out.append((fact.trick - 1, rejection.offender.index, rejection.penalty_card.index))
            continue
        if isinstance(fact, Choice) and law46b_pick(fact) and fact.card is not None:
            # 46B3(b), 46B4, 46B5: the card picked is dummy's card to that trick (the reader
            # checks it is his, at a trick played)
            out.append((fact.trick - 1, case.declarer.partner.index, fact.card.index))
            continue
        if not (isinstance(fact, Choice) and fact.option.startswith("designate-")):
            continue
        assert fact.card is not None
        holder = next(s for s in Seat if fact.card in case.deal.hands[s.index])
        if fact.trick > case.tricks_played:
            raise CaseFileError(
                case.source,
                "play.irregularities",
                f"{fact.describe()}: play stopped after trick {case.tricks_played}, before that "
                f"trick was complete; {_not_yet_made(fact)}",
            )
        if fact.option == "designate-played-card":
            _check_own_card(case, fact, holder)
        elif not any(
            _exposes(other, holder, fact.card, fact.trick) for other in case.irregularities
        ):
            raise CaseFileError(
                case.source,
                "play.irregularities",
                f"{fact.describe()}: the case makes {fact.card} no penalty card of "
                f"{holder.full_name} by trick {fact.trick} (expected a penalty card, a lead out "
                "of turn or a premature play of it at that trick or before)",
            )
        out.append((fact.trick - 1, holder.index, fact.card.index))
    return tuple(out)


def _not_yet_made(fact: Choice) -> str:
    """What becomes of a designation recorded at the trick play stopped at."""
    if fact.option == "designate-penalty-card":
        return (
            "leave it out: a designation still to be made where play stopped (at the holder's "
            "lead, or at his turn in the trick in progress) is listed with the options of the "
            "choice pending (50D1, 51A), and one made there shows as his card in the trick in "
            "progress"
        )
    return "a designation still to be made is not valued yet"


def _check_own_card(case: Case, fact: Choice, holder: Seat) -> None:
    """58B2: the offender designates one of his own cards (declarer, one of dummy's too)."""
    own = holder == fact.chooser or (
        fact.chooser == case.declarer and holder == case.declarer.partner
    )
    if not own:
        raise CaseFileError(
            case.source,
            "play.irregularities",
            f"{fact.describe()}: {fact.card} is {holder.full_name}'s; the player who played "
            "cards at once designates one of his own (Law 58B2)",
        )


def _exposes(fact: Irregularity, holder: Seat, card: Card, trick: int) -> bool:
    """``fact`` leaves ``card`` face up before ``holder`` by ``trick`` (a penalty card, or the
    card of a lead out of turn or a premature play that may become one)."""
    if isinstance(fact, PenaltyCard | LeadOutOfTurn | PrematurePlay | PlayAtRhoTurn):
        return fact.seat == holder and fact.card == card and fact.trick <= trick
    if isinstance(fact, FifthCard):
        return fact.seat == holder and fact.card == card and fact.trick < trick
    return False


def _check_supported(case: Case, fact: Irregularity) -> None:
    """Refuse, naming the fact, what the engines cannot apply yet, rather than rule without it."""
    if fact.by is not None:
        raise CaseFileError(
            case.source,
            "statements",
            f"{fact.describe()}, said by {fact.by}: an irregularity as one side's account is "
            "read but not yet weighed by the engines; give it under play.irregularities if "
            "both sides agree it",
        )
    if (
        isinstance(fact, Choice)
        and fact.law.startswith("52")
        and any(isinstance(f, PlayAtRhoTurn) for f in case.irregularities)
    ):
        raise CaseFileError(
            case.source,
            "play.irregularities",
            f"{fact.describe()}: a Law 52 choice together with a play at the right-hand "
            "opponent's turn (Law 57D, whose card may become a penalty card) is not applied by "
            "the engines yet",
        )
    if isinstance(fact, Choice) and not fact.law.startswith(SUPPORTED_CHOICES):
        raise CaseFileError(
            case.source,
            "play.irregularities",
            f"{fact.describe()}: a recorded choice under Law {fact.law} is not yet applied by "
            f"the engines (they apply choices under Laws {', '.join(SUPPORTED_CHOICES)})",
        )


def _slot(choice: Choice) -> int:
    if choice.law.startswith("57"):
        return ORDER_SLOT
    if choice.law.startswith(("50", "51")):
        return LEAD_SLOT
    return LOOT_SLOT


def penalty_card_is_major(fact: PenaltyCard, edition: int) -> bool:
    """Law 50B for the card alone (``law50.law50b_penalty_class``): a second penalty card of
    the same defender makes all his major as it comes (``obligations.add_penalty_card``)."""
    return (
        law50b_penalty_class(fact, other_penalty_card=False, edition=edition).penalty_class
        == "major"
    )


def lying_from(
    program: PlayIrregularities,
    trick: int,
    held: tuple[int, int, int, int],
    state: Obligations,
) -> Obligations | None:
    """The obligations at the start of trick ``trick`` before anything is chosen there: the
    penalty cards that lie from it added to ``state`` (as ``trick_starts`` adds them), or None
    when one of them is no longer held. A claim at the start of a trick stands here: a choice
    due at its lead is made in the claim's play (``claims.search``)."""
    for seat, card, major in program.penalty_cards.get(trick, ()):
        if not held[seat] >> card & 1:
            return None
        state = add_penalty_card(state, seat, card, major)
    if any(not held[seat] >> card & 1 for seat, card in program.returned.get(trick, ())):
        return None  # 45E2: declarer's fifth card went back to the hand
    withdrawn = program.withdrawn.get(trick, ())
    if any(not held[entry[0]] >> entry[1] & 1 for entry in withdrawn):
        return None  # 45C4(b), 47E2: a card withdrawn from this trick was in the hand then
    if any(held[seat] >> card & 1 for seat, card in program.absent.get(trick, ())):
        return None  # 46B4: declarer named a card dummy no longer held
    return state


def recorded_lead_option(
    program: PlayIrregularities, trick: int, state: Obligations, leader: int
) -> LawOption | None:
    """Declarer's 50D2/51B option the case records before the lead of trick ``trick``, among
    those the Laws give there (None when none is recorded). A recorded choice that is not due,
    or that the Laws do not give there, is a ``CaseFileError``-worthy fact: the caller says so."""
    recorded = program.recorded.get((trick, LEAD_SLOT))
    if recorded is None:
        return None
    if not choice_due(state, leader, program.declarer_side):
        raise ValueError("no 50D2/51B choice is due there")
    for option in lead_options(state, leader, program.declarer):
        if (option.option, option.suits) == (recorded.option, recorded.suits):
            return option
    raise ValueError("the Laws give no such option there")
