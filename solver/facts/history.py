"""Facts about a play history: its tricks, and the revokes and the double play found in it.

A *history* is a tuple of tricks, each ``(leader, cards)`` with ``cards[seat]`` the card that
seat contributed (cards 0..51 as ``Card.index``, seats 0..3 clockwise from North). The engines
find histories and the revokes in them; Laws 61-64 and 67 judge those revokes (``RevokeEvent``)
and that double play (``DoublePlay``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

PHANTOM: Final = 52
"""The "card" a player contributes to a trick he did not play to (a defective trick, Law 67).
It belongs to no suit (52 // 13 == 4), so it never follows, never wins and is never led."""

Cards = tuple[int, ...]
"""A trick's cards by seat (four); a fifth is the surplus card of a double play (Law 67B2)."""
PlayedTrick = tuple[int, Cards]
History = tuple[PlayedTrick, ...]


class InProgress(NamedTuple):
    """The trick play stopped in (the one after the history's last trick): who led it and the
    cards already faced to it, in play order from him (one to three; a hard fact)."""

    leader: int
    cards: tuple[int, ...]

    def seat_cards(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) for each card faced, the leader's first."""
        return tuple(((self.leader + i) % 4, card) for i, card in enumerate(self.cards))


class DoublePlay(NamedTuple):
    """Law 67B2: where a player dropped two cards on one trick, and what became of them."""

    trick: int
    """0-based."""
    left: int
    """The card left in the trick (a card index)."""
    surplus: int
    """The card returned to his hand, played to trick 13 (a card index)."""


@dataclass(frozen=True, slots=True)
class RevokeEvent:
    """A revoke in a history, with what Laws 62-64 need to know of the tricks around it."""

    trick: int
    """0-based."""
    seat: int
    suit: int
    """The suit led, which the revoker held."""
    revoker_won: bool
    side_won: bool
    side_later: int
    """Tricks the revoker's side won after the revoke trick, counted up to 2."""
    won_later_with_suit: bool
    """The revoker later won a trick with a card of the suit led (1997 Law 64A2 only)."""
    corrected_tricks: int = -1
    """For a trick-12 revoke: declarer's side's tricks 12-13 after correction (62D1), else -1."""
    actual_tricks: int = -1
    """For a trick-12 revoke: declarer's side's tricks 12-13 as played, else -1."""
    defective: bool = False
    """Not a card played off suit but no card at all: the player missed this trick (Law 67)."""
    restored: bool = False
    """Deemed, not played: he failed to follow with the surplus card that Law 67B2 returns to
    his hand after he had dropped it on an earlier trick (it counts as held all along)."""
    faced: bool = False
    """Every card the Laws let him play to the trick lay face up as a penalty card of his: the
    revoke was made in failing to play a card faced on the table (Law 64B3,
    ``law64.law64b3_faced_card_due``)."""
    replayed_tricks: int = -1
    """For a trick-12 revoke: declarer's side's tricks 12-13 after correction when the
    revoker's partner may also choose his card to trick 12 again (``law62``'s looser reading
    of 62D2), else -1."""
