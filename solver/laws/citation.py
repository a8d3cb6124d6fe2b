"""Citations and reasons: every reason a ruling gives carries the sub-law it applies."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of a ruling, with the sub-law it applies ("65D")."""

    citation: str
    text: str

    def __str__(self) -> str:
        return f"Law {self.citation}: {self.text}"


@dataclass(frozen=True, slots=True)
class Assumption:
    """An interpretive choice the ruling rests on, named so that a committee can question it."""

    name: str
    citation: str
    text: str
