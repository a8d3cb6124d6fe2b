"""Law 70 — Contested Claim or Concession (Laws of Duplicate Bridge 2017).

70A: the Director adjudicates as equitably as possible, but any doubtful point goes against the
claimer. 70C: an outstanding trump the claimer did not mention, when he was at all likely
unaware of it and a normal play could lose a trick to it, wins a trick for the opponents.
70D1: no successful line outside the statement when a less successful normal one exists.
70D2: no part of a defender's claim that depends on his partner choosing among normal plays.
70E1: no unstated line that depends on finding a card with a particular opponent, unless that
opponent had shown out of the suit before the claim, or would on any normal line. 70E2: the
Regulating Authority may set the order in which an unclarified suit is played (top down).

Encoded: the adjudicated tricks are those of the worst normal line for the claimer (a minimum
over the claimer's side's normal plays consistent with his statement, and the other side's
legal plays), found by ``solver.engines.claims``; what "normal" admits is the named policy of
``solver.laws.normal_play``, each judgement shown as an assumption. 70D2 follows from the
minimum, with a defender's statement binding only his own plays: his partner's normal plays are
chosen against the claim too. 70C(3) is measured: when a trump the opponents held at the claim
takes a trick from the claimer's side on the worst normal line (a ruff or an overruff, whatever
judgement led to it, or a trump his side led thinking it good, ``lead_forgotten_trump``), the
claim is adjudicated again with those trumps unable to take a trick from his side in another
suit (and, for a trump led into them, without that lead before his winners); 70C is named, with
the trick the trump takes, when the worst normal line credits fewer tricks.
The class of player (the footnote's "careless or inferior for the class of player involved")
is encoded where the guidance makes it matter, entry problems (``for_class``); not encoded:
the Director's view that a claimer was or was not "at all likely" unaware of a
trump beyond the ``trumps_mentioned`` flag and the policy's ``aware_of_split_trumps``
(both opponents holding a trump at the claim) and ``aware_after_trump_round`` (a round of
trumps his side led, all following, the last trick before the claim).
"""

from __future__ import annotations

from typing import Final

from solver.facts import Claim
from solver.facts.claim import PLAYER_CLASSES as PLAYER_CLASSES
from solver.facts.policy import PRESETS, NormalPolicy
from solver.laws.citation import Assumption, Reason

CLASS_JUDGEMENTS: Final = (
    "unblock_blocked_suits",
    "keep_entries",
    "overtake_to_reach",
    "cash_before_crossing",
)
"""The judgements the claimer's class decides: entry problems, which the EBU judges by the
claimer's standard and shown awareness, the other judgements being the same for every class (a
careless claim shows that its maker may be careless, whatever his grade)."""
CLASS_PRESETS: Final = ("WBF2017", "EBU")
"""The presets under which the class applies. Not the ACBL's: its guideline 1 takes the worst
order for the claimer whatever his class."""


def law70a_adjudicated(claim: Claim, claimer_tricks: int) -> Reason:
    """Law 70A: the worst normal line decides; doubt goes against the claimer."""
    if claimer_tricks >= claim.tricks:
        return Reason(
            "70A",
            f"on every normal line the claimer's side takes at least the {claim.tricks} tricks "
            "claimed: the claim is upheld",
        )
    return Reason(
        "70A",
        f"on the worst normal line for the claimer his side takes {claimer_tricks} of the "
        f"{claim.position.tricks_left} tricks left, not the {claim.tricks} claimed; the doubt "
        "goes against the claimer",
    )


def law70c_outstanding_trump(
    claim: Claim, aware: bool, trump_outstanding: bool, cost: int | None, taken: tuple[str, ...]
) -> Reason | None:
    """Law 70C: an unmentioned outstanding trump, the claimer at all likely unaware of it.

    Named only when all three conditions hold: (1) the claimer did not mention the trump, (2)
    he is taken as at all likely unaware of it (``aware`` false: he did not mention trumps, and
    the policy's ``aware_of_trumps`` does not find him aware), (3) a normal play
    loses a trick to it. ``taken`` says which tricks of the worst normal line the trump takes
    from the claimer's side ("trick 3 of those left (the board's 12th: West's D2 ruffs South's
    HA)"): none, and it loses him nothing. ``cost`` is (3) measured: the tricks the claimer
    would be credited on the worst normal line were that trump unable to take a trick from his
    side in another suit, less those credited on the worst normal line (0: the trump takes no
    trick he would otherwise get, so 70C decides nothing; None: not settled within the time
    limit).
    """
    if not trump_outstanding or aware or claim.trumps_mentioned or not taken or cost == 0:
        return None
    tricks = _and(taken)
    if cost is None:
        return Reason(
            "70C",
            "an opponent held a trump the claimer did not mention; lines that ignore it are "
            f"normal, and on the worst normal line it takes {tricks} (whether that costs the "
            "claimer a trick was not settled in time)",
        )
    return Reason(
        "70C",
        f"an opponent held a trump the claimer did not mention and was at all likely unaware "
        f"of; on the worst normal line, which leaves it undrawn, it takes {tricks}: were it "
        f"unable to score, the claimer would be credited with {cost} more trick(s)",
    )


def _and(items: tuple[str, ...]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def law70d2_defenders_claim(claim: Claim, declarer_side: int) -> Reason | None:
    """Law 70D2: a defender's claim may not rely on partner's choice among normal plays."""
    if claim.by.index % 2 == declarer_side:
        return None
    return Reason(
        "70D2",
        "a defender claimed: his partner's normal plays are chosen against the claim as well",
    )


def for_class(policy: NormalPolicy, player_class: str | None) -> NormalPolicy:
    """The policy for a claimer of ``player_class`` (the Law 70 footnote: careless or inferior
    play "for the class of player involved"). An expert is not taken to leave an entry problem
    unsolved (``CLASS_JUDGEMENTS`` on); for a club player blocking a suit, throwing the only
    entry or stranding his own cards stays careless, so normal (off). Each judgement is set
    only where the policy still has its preset's value: a switch the case or the command line
    turned wins over the class. No class, or a preset outside ``CLASS_PRESETS``: unchanged."""
    if player_class is None or policy.name not in CLASS_PRESETS:
        return policy
    preset = PRESETS[policy.name]
    expert = player_class == "expert"
    return policy.with_switches(
        **{
            name: expert
            for name in CLASS_JUDGEMENTS
            if getattr(policy, name) == getattr(preset, name)
        }
    )


def class_assumption(policy: NormalPolicy, player_class: str | None) -> Assumption | None:
    """The claimer's class, as an assumption of the ruling (``for_class``); None when the case
    gives none."""
    if player_class is None:
        return None
    judgements = ", ".join(CLASS_JUDGEMENTS)
    if policy.name not in CLASS_PRESETS:
        text = (
            f"the claimer's class ({player_class}) is not applied under the {policy.name} "
            "preset: its guideline 1 takes the worst order for the claimer whatever his class"
        )
    elif player_class == "expert":
        text = (
            "the claimer is an expert: he is not taken to block a suit, throw his only entry or "
            f"strand his own cards ({judgements} on, unless a switch says otherwise; the EBU "
            "judges entry problems by the claimer's standard)"
        )
    else:
        text = (
            "the claimer is a club player: blocking a suit, throwing the only entry or "
            f"stranding his own cards is careless for him, a normal play ({judgements} off, "
            "unless a switch says otherwise)"
        )
    return Assumption(f"class:{player_class}", "70", text)


def policy_assumptions(
    policy: NormalPolicy, player_class: str | None = None
) -> tuple[Assumption, ...]:
    """Each judgement of the normal-play policy, as an assumption of the ruling, after the
    claimer's class when the case gives one (``class_assumption``)."""
    judgements = tuple(
        Assumption(f"{policy.name}:{switch}", citation, text)
        for switch, citation, text in policy.assumptions()
    )
    judged = class_assumption(policy, player_class)
    return judgements if judged is None else (judged, *judgements)
