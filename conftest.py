"""Doctest collection: every module of ``solver`` runs its examples (``--doctest-modules``),
but the compiled ones are left to ``tests/test_compiled_doctests.py``: pytest would import the
source file beside its compiled copy and refuse the mismatch."""

from solver.native import COMPILED_SOURCES

collect_ignore = list(COMPILED_SOURCES)
