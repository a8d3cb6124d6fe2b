"""A case file's seats, sides and vulnerability in the spelling the case format writes them.

The reader accepts ``declarer: e``, ``vulnerable: both`` or ``by: ns`` as the command line's
users type them; a page that shows those facts in lists of fixed values (the desk) needs the
one spelling each list holds, or it would show, and rule, another value than the file's.
"""

from __future__ import annotations

from typing import Any

from solver.records.casefile import VULNERABILITY

SEAT_FIELDS = frozenset(
    {"by", "declarer", "defender", "leader", "opening_leader", "seat", "winner"}
)
"""Fields whose value is a seat, a side or ``agreed``, wherever they are in the case."""
SEAT_KEYED = frozenset({"rows", "played", "won"})
"""Mappings whose keys are seats or sides."""
NAMES = {"N", "E", "S", "W", "NS", "EW"}


def canonical_spellings(case: dict[str, Any]) -> dict[str, Any]:
    """A copy of a case's dict with seats and sides in capitals, ``agreed`` in lower case and
    the vulnerability as ``None``, ``NS``, ``EW`` or ``All``; anything else as it was (a value
    the reader refuses is left for its message).

    >>> canonical_spellings({"declarer": "e", "vulnerable": "both",
    ...                      "statements": [{"by": "ns", "winner": "w"}, {"by": "Agreed"}],
    ...                      "play": {"rows": {"n": "SA+"}}})
    {'declarer': 'E', 'vulnerable': 'All', 'statements': [{'by': 'NS', 'winner': 'W'}, \
{'by': 'agreed'}], 'play': {'rows': {'N': 'SA+'}}}
    """
    out = _canonical(case, None)
    vulnerable = case.get("vulnerable")
    if vulnerable is None and "vulnerable" in case:
        out["vulnerable"] = "None"
    elif isinstance(vulnerable, str):
        out["vulnerable"] = VULNERABILITY.get(vulnerable.strip().lower(), vulnerable)
    result: dict[str, Any] = out
    return result


def _canonical(value: Any, key: str | None) -> Any:
    if isinstance(value, dict):
        return {
            (_name(item) if key in SEAT_KEYED else item): _canonical(inner, item)
            for item, inner in value.items()
        }
    if isinstance(value, list):
        return [_canonical(item, key) for item in value]
    if key in SEAT_FIELDS:
        return _name(value)
    return value


def _name(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    cleaned = value.strip()
    if cleaned.upper() in NAMES:
        return cleaned.upper()
    if cleaned.lower() == "agreed":
        return "agreed"
    return value
