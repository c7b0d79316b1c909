# Floor: `make run` (the service with a demo, embedded default) and `make test` (the whole suite).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

# The real services the suite runs against (see README "Configuration").
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0
PYTEST_ARGS ?=
# pytest-xdist: each backend's run on two processes (the machine's two cores; much of the suite waits on a
# browser, a Celery worker or a clock, so two overlap well). Each worker has its own test database, Redis
# database, Celery worker, redis-server, live server and Chromium (README "Tests on both backends").
# `make test PYTEST_XDIST=` runs in one process; `PYTEST_XDIST="-n 3 --dist loadgroup"` on more.
PYTEST_XDIST ?= -n 2 --dist loadgroup

.PHONY: run test test-postgres test-sqlite lint format bench services messages clean help engine

help:
	@echo "make run    - the service with a demo on the embedded default (SQLite + filesystem broker)"
	@echo "make test   - lint, then the suite on both backends: test-postgres, then test-sqlite"
	@echo "make test-postgres - the whole suite against PostgreSQL and Redis"
	@echo "make test-sqlite   - the tests marked sqlite on the embedded default (SQLite + filesystem broker)"
	@echo "make lint   - ruff, mypy, the import contracts, module sizes, private names, makemigrations --check"
	@echo "make bench  - the benchmarks in bench/"
	@echo "make engine - compile the engine's hot modules with mypyc (run, test and bench depend on it)"

# A current setuptools too: the one a venv starts with warns that [tool.setuptools] is "beta" at every build.
$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip setuptools

$(VENV)/.installed-run: pyproject.toml | $(VENV)/bin/activate
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/activate
	$(PIP) install --quiet -e ".[test]"
	touch $@ $(VENV)/.installed-run

# The translations: locale/*/LC_MESSAGES/*.po -> .mo (msgfmt --check-format, else polib on a bare machine).
messages: $(VENV)/.installed-run
	$(PY) scripts/compile_messages.py

# The engine's hot modules compiled with mypyc into build/engine/lib (apps/engine/native.py), again whenever
# any apps/engine/*.py changes. The engine loads them only if built from the sources as they are, else runs
# them as plain Python: a build that fails (no C compiler...) warns and goes on.
ENGINE_SOURCES := $(wildcard apps/engine/*.py)
ENGINE_ATTEMPT := build/engine/.attempted

engine: $(ENGINE_ATTEMPT)

$(ENGINE_ATTEMPT): $(ENGINE_SOURCES) scripts/build_engine.py | $(VENV)/.installed-run
	@mkdir -p $(@D)
	@$(PY) -c "import mypyc" 2>/dev/null || $(PIP) install --quiet "mypy>=1.11" || true
	@$(PY) scripts/build_engine.py || echo "WARNING: the engine was not compiled (see above); Floor runs it as plain Python: same behaviour, slower." >&2
	@touch $@

run: $(VENV)/.installed-run messages engine
	@scripts/run.sh

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) scripts/check_module_size.py apps
	$(PY) scripts/check_private_imports.py apps
	$(VENV)/bin/mypy apps director
	$(PY) manage.py makemigrations --check --dry-run

format: $(VENV)/.installed-test
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

services: $(VENV)/.installed-test
	@scripts/ensure_tools.sh
	@DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) scripts/ensure_services.sh

test: lint test-postgres test-sqlite

test-postgres: services messages engine
	FLOOR_TEST_BACKEND=postgres DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) \
		$(VENV)/bin/pytest $(PYTEST_XDIST) $(PYTEST_ARGS)

# The embedded default: no DATABASE_URL, REDIS_URL or broker (tests/real_services.py clears them), its files
# in a fresh temporary folder; only the tests marked `sqlite` (README "Tests on both backends").
test-sqlite: $(VENV)/.installed-test messages engine
	@scripts/ensure_tools.sh
	FLOOR_TEST_BACKEND=sqlite $(VENV)/bin/pytest $(PYTEST_XDIST) $(PYTEST_ARGS)

bench: $(VENV)/.installed-test engine
	@for b in bench/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) var build staticfiles .pytest_cache .mypy_cache .ruff_cache
