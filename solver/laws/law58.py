"""Law 58: simultaneous leads or plays.

58A: a card played at the same time as a legal play counts as played after it. 58B: a player
who plays two or more cards at once plays the one visible, or, several being visible,
designates the one he plays (58B2); a defender's other cards become penalty cards (given in a
case as penalty cards, ``how: second-card``), and an opponent who played after may take his
own card back and play another (58B3).

In a play history the card played shows the designation, so a recorded one is the hard fact
that it was played (``irregular_play.designated_plays``), and a replaced card is simply the
card the history shows; what the withdrawn card told the players is for the Director.
"""

from __future__ import annotations

from solver.laws.citation import Assumption


def law58b3_information() -> Assumption:
    """16C, for a card taken back after a simultaneous play (58B3): ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "16C",
        "a card taken back after a simultaneous play (58B3) showed something: authorized to "
        "the side that did not offend, unauthorized to the offender's partner; whether that "
        "was used is the Director's judgement",
    )
