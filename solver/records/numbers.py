"""Whole numbers read from text that someone typed: ASCII digits, and not thousands of them.

``str.isdigit`` accepts characters that ``int`` refuses (the superscript "²"), and ``int``
refuses a number of more than 4,300 digits; a check with the one followed by the other ends in
a traceback instead of the message bad input is owed. Every number a record, a case's
statement or the desk reads from text goes through ``whole_number``.
"""

from __future__ import annotations

MOST_DIGITS = 9
"""Digits a number read from text may have: a board number, a trick count or a log entry's
number needs far fewer, and a larger number is refused as any other bad value is."""


def whole_number(text: str, most_digits: int = MOST_DIGITS) -> int | None:
    """``text`` as a whole number when it is one to ``most_digits`` ASCII digits, else None.

    >>> whole_number("12"), whole_number("007"), whole_number("²"), whole_number("")
    (12, 7, None, None)
    >>> whole_number("9" * 5000), whole_number("-3"), whole_number(" 4")
    (None, None, None)
    """
    if 0 < len(text) <= most_digits and text.isascii() and text.isdigit():
        return int(text)
    return None
