"""A time limit on one piece of work, by the process's alarm (Unix): the stress check and the
estimate's calibration benchmark put it on independent counts that may not finish."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


class TooSlow(BaseException):
    """Raised when the time is up; not an ``Exception``, so that no handler in the code it
    interrupts takes it for an error of its own."""


def _raise(*_: object) -> None:
    raise TooSlow


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``TooSlow`` in the block once ``seconds`` have passed; the alarm and its former
    handler are restored on the way out."""
    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
