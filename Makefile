# Two entry points for a fresh machine with Python 3.11 and make:
#   make demo   installs and runs the main job on the bundled example case
#   make test   installs and runs the whole suite (lint, types, tests, doctests, notebooks)
#   make test-fast  the same without the slow tests and notebooks: the inner loop
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The claim search is compiled (setup.py, solver/native.py): an edit to it reinstalls.
COMPILED := $(shell $(PYTHON) -c "import sys; sys.path.insert(0, 'solver'); import native; print(*native.COMPILED_SOURCES)")

$(STAMP): pyproject.toml setup.py $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The desk's browser tests (tests/desk/test_browser.py) drive Debian's Chromium through
# Playwright; installed here when missing (never by `playwright install`, which downloads).
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	apt-get update -qq && apt-get install -y -qq chromium

browser: $(CHROMIUM)

# The ruling log's tests start a PostgreSQL server of their own (tests/desk/postgres.py) from
# Debian's package, installed here when missing.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		(apt-get update -qq && apt-get install -y -qq postgresql)

demo: $(STAMP)
	$(BIN)/ruling check cases/example-mixed-row.yaml; test $$? -le 1

lint: $(STAMP)
	$(BIN)/ruff check setup.py conftest.py solver tests benchmarks cases
	$(BIN)/ruff format --check setup.py conftest.py solver tests benchmarks cases
	$(BIN)/mypy
	$(BIN)/lint-imports

# Both cores (pytest-xdist); the slowest tests are listed at the end of the run.
test: lint $(CHROMIUM) postgresql
	$(BIN)/pytest -n auto --durations=15
	$(BIN)/pytest -n auto --nbmake notebooks -o addopts=-q

# The inner loop: lint, then every test but the slow ones (conftest.py), stopping at the first
# failure. CI runs `make test`.
test-fast: lint $(CHROMIUM) postgresql
	$(BIN)/pytest -n auto -m "not slow" -x

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

.PHONY: install browser postgresql demo lint test test-fast bench
