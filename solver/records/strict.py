"""The base of the case file's models: unknown fields refused, and no yes/no for a number."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError


class StrictModel(BaseModel):
    """Unknown fields are refused (``extra="forbid"``); values are otherwise read leniently
    (a trick number written ``'5'`` is 5), but not a boolean for a number."""

    model_config = ConfigDict(extra="forbid", strict=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_yes_or_no_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        """YAML reads ``yes``, ``no``, ``true`` and ``false`` as booleans, which pydantic would
        take for the numbers 1 and 0 (``declarer_tricks: true`` read as one trick): refused
        where a number is expected, also as the values of a mapping of numbers (``won``)."""
        if info.field_name is None:
            return value
        annotation = str(cls.model_fields[info.field_name].annotation)
        if "int" not in annotation or "bool" in annotation:
            return value
        values = value.values() if isinstance(value, dict) else [value]
        if any(isinstance(item, bool) for item in values):
            raise PydanticCustomError("int_type", "got a yes/no value (expected a number)")
        return value
