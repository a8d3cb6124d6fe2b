"""Room on CPython's frame stack for a deep recursive search.

CPython 3.11 keeps Python frames in chunks of 16 KiB and frees a chunk as soon as the frame at
its base returns. A search whose recursion keeps crossing a chunk boundary maps and unmaps a
chunk at every crossing. On a trick-1 claim (52 plies, about 23 KiB of frames) that cost up to
70% of the run in the kernel, depending only on how deep the caller's stack happened to be;
``ruling check`` was at one of the bad depths (``benchmarks/stack_room.py`` measures it).

``with_room`` calls the search from a frame too big for a 32 KiB chunk, so CPython gives that
frame a 64 KiB chunk of its own, whose base it holds until the search returns: the search's
frames fit in the 39 KiB left, and no chunk is freed and mapped again while it runs. The frame
is big only in the stack size its code object declares; nothing fills it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

ROOM_SLOTS = 3200
"""Stack slots of the calling frame: with CPython's 1,000 slots of overhead, more than a 32 KiB
chunk holds, so the chunk allocated is 64 KiB and 25 KiB of it is this frame."""


def _call_with_room(run: Callable[[], T]) -> T:
    return run()


_call_with_room.__code__ = _call_with_room.__code__.replace(co_stacksize=ROOM_SLOTS)


def with_room(run: Callable[[], T]) -> T:
    """``run()``, called from a frame that holds a frame-stack chunk of its own (see above)."""
    return _call_with_room(run)
