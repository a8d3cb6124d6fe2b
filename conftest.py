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

import solver.engines.claims.search as claim_search
from solver.engines.stack import with_room
from solver.native import COMPILED_SOURCES, is_compiled

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


def claim_search_build() -> str:
    """Which claim search this run uses: the suite's time depends on it several times over."""
    if is_compiled(claim_search.__file__):
        return "claim search: compiled with mypyc"
    return "claim search: interpreted (not compiled: slower, same results)"


def pytest_report_header() -> str:
    return claim_search_build()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Repeated at the end, where a CI log that keeps only its tail still shows it."""
    terminalreporter.write_line(claim_search_build())


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool:
    """Every test body runs from a frame-stack chunk of its own (``solver.engines.stack``): the
    recursive brute forces of the tests ran up to seven times slower at some depths of the
    caller's stack, which differ between a plain run and a pytest-xdist worker."""
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    with_room(lambda: pyfuncitem.obj(**arguments))
    return True
