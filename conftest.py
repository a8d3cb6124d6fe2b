"""What the whole suite shares at collection.

Doctests: every module of ``solver`` runs its examples (``--doctest-modules``), but the compiled
ones are left to ``tests/test_compiled_doctests.py``: pytest would import the source file beside
its compiled copy and refuse the mismatch.

Slow tests: the exhaustive property tests, the brute-force comparisons and the longest claim
adjudications carry the ``slow`` mark, so that ``make test-fast`` (``-m "not slow"``) gives the
inner loop in a minute or two; ``make test`` and CI run everything.
"""

from __future__ import annotations

import pytest

from solver.native import COMPILED_SOURCES

collect_ignore = list(COMPILED_SOURCES)

SLOW: tuple[str, ...] = (
    "tests/engines/test_claims_bounds.py",
    "tests/engines/test_claim_statements.py::test_adjudication_equals_brute_force_with_every_form",
    "tests/engines/test_claims_engine.py::test_adjudication_equals_brute_force",
    "tests/engines/test_defective_engines.py::test_random_",
    "tests/engines/test_irregular_engines.py::test_random_",
    "tests/engines/test_revoke_engines.py::test_random_",
    "tests/engines/test_surplus_engines.py::test_random_",
    "tests/engines/test_dds.py::test_random_",
    "tests/test_properties.py",
    "tests/test_revoke_properties.py",
    "tests/test_cli_progress.py::test_the_total_is_the_number_of_layouts_examined",
    "tests/test_published_claims.py::test_case_is_analysed_to_a_decided_ruling",
    "tests/desk/test_browser.py::test_a_long_count_",
)
"""Node-id prefixes of the slow tests (``tests/test_fast_subset.py`` checks each still names
a test)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
