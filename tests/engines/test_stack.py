"""``solver.engines.stack.with_room``: the search runs in it unchanged (its result, its
exceptions); what it saves is measured by ``benchmarks/stack_room.py``, not asserted here."""

from __future__ import annotations

import pytest

from solver.engines.stack import ROOM_SLOTS, _call_with_room, with_room


def depth_sum(n: int) -> int:
    return n + depth_sum(n - 1) if n else 0


def test_a_deep_recursion_in_the_room_returns_its_result() -> None:
    assert with_room(lambda: depth_sum(400)) == 400 * 401 // 2


def test_an_exception_in_the_room_reaches_the_caller() -> None:
    def fails() -> int:
        raise LookupError("out of time")

    with pytest.raises(LookupError, match="out of time"):
        with_room(fails)


def test_the_calling_frame_is_larger_than_a_32_kib_chunk_can_hold() -> None:
    # CPython sizes a new chunk by doubling 16 KiB until it holds the frame and 1,000 slots more.
    assert _call_with_room.__code__.co_stacksize == ROOM_SLOTS
    assert 8 * (ROOM_SLOTS + 1000) > 32 * 1024
