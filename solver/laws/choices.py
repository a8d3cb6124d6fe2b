"""A choice the Laws give after an irregularity, and what each option does to the play.

The options themselves are listed by the law that gives them (``law50.law50d2_options``,
``law51.law51b_options``, ``law57.law57a_options``, ``law54``/``law56`` for leads out of
turn); this module holds their common shape and applies the lead and play restrictions they
create to an ``Obligations`` state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.laws.obligations import Obligations, pick_up


@dataclass(frozen=True, slots=True)
class LawOption:
    """One option open to a chooser: who chooses, under which sub-law, which option."""

    chooser: int
    """The seat that chooses (0 North .. 3 West)."""
    law: str
    """The sub-law that gives the option, e.g. ``50D2(a)``."""
    option: str
    """The option's kebab-case name, e.g. ``require-suit``."""
    suits: tuple[int, ...] = ()
    """The suit or suits it names."""

    @property
    def suit_mask(self) -> int:
        return sum(1 << suit for suit in self.suits)


def apply_lead_option(state: Obligations, option: LawOption, leader: int) -> Obligations:
    """Declarer's choice before the lead of the partner of a major penalty card's holder
    (50D2(a), 51B): a requirement binds that one lead, a prohibition lasts while the leader
    retains the lead; either way the penalty cards of the suits named are picked up, even
    when the leader cannot comply (Law 59). Leaving the cards changes nothing now."""
    holder = (leader + 2) % 4
    state = _set(state, lead_chosen=True)
    if option.option == "require-suit":
        state = pick_up(state, holder, option.suit_mask)
        return _set(state, required_seat=leader, required_suit=option.suits[0])
    if option.option in ("forbid-suit", "forbid-suits"):
        state = pick_up(state, holder, option.suit_mask)
        return _set(state, banned_seat=leader, banned_suits=option.suit_mask)
    return state


def apply_play_order(state: Obligations, option: LawOption, partner: int) -> Obligations:
    """Law 57A: declarer's order on the offender's partner's play to this trick."""
    kind = option.option.removeprefix("partner-")
    suit = option.suits[0] if option.suits else -1
    return _set(state, order_seat=partner, order=kind, order_suit=suit)


def _set(state: Obligations, **fields: Any) -> Obligations:
    return replace(state, **fields)
