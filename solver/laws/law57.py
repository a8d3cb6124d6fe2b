"""Law 57: a premature lead or play by a defender."""

from __future__ import annotations

from solver.laws.choices import LawOption


def law57a_options(declarer: int, led_suit: int, edition: int) -> list[LawOption]:
    """57A: the offender's card is a major penalty card, and declarer may require his partner
    to play to this trick the highest or the lowest card he holds of the suit led, a card of
    another suit he names (from 2017 only), or no card of another suit he names.
    Following suit comes first; an order he cannot meet is dropped (Law 59)."""
    others = tuple(s for s in range(4) if s != led_suit)
    options = [
        LawOption(declarer, "57A", "partner-highest"),
        LawOption(declarer, "57A", "partner-lowest"),
    ]
    if edition >= 2017:
        options += [LawOption(declarer, "57A", "partner-play-suit", (s,)) for s in others]
    options += [LawOption(declarer, "57A", "partner-not-suit", (s,)) for s in others]
    return options
