# wartable: every set-up step lives here so a fresh machine with Python 3.11 needs nothing else.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Extras the whole test suite needs (each issue that adds one adds it here).
TEST_EXTRAS := test,rl,ray,sim,server,tune
# Debian packages the tests drive for real: Chromium (Playwright's browser tests) and PostgreSQL
# (the server's storage tests start a throw-away cluster from these binaries: tests/pg_cluster.py).
SYSTEM_PACKAGES := chromium postgresql

.PHONY: run test lint bench soak strength compiled engine clean system-packages

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.test-stamp: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[$(TEST_EXTRAS)]'
	touch $@

$(VENV)/.server-stamp: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[server,compiled]'
	touch $@

# the web table on 127.0.0.1:8000 with a SQLite file (wartable-server.db); it prints the address
run: $(VENV)/.server-stamp engine
	$(BIN)/wartable serve --host 127.0.0.1 --port 8000

lint: $(VENV)/.test-stamp
	$(BIN)/ruff check src tests bench soak examples
	$(BIN)/ruff format --check src tests bench soak examples
	$(BIN)/mypy

# installs the Debian packages when missing (needs root, as on CI; apt-get update first)
system-packages:
	@if [ ! -x /usr/bin/chromium ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "installing $(SYSTEM_PACKAGES) with apt-get"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(SYSTEM_PACKAGES); \
	fi

# the tests marked slow (re-plays of whole searched games, the long counts of the kill, race
# and strength tests: minutes each) run in `make soak`. The compiled engine builds in the
# background meanwhile (only tests/test_compiled_engine.py uses it, and waits on the build's
# lock): the build's CPU fills what lint and the waiting browser and server tests leave idle.
test: $(VENV)/.test-stamp system-packages
	@mkdir -p build
	@$(BIN)/python -m bench.compiled_engine --if-possible > build/engine-build.log 2>&1 & build=$$!; \
	$(MAKE) --no-print-directory lint && $(BIN)/pytest -n 2 --dist loadgroup -m "not slow"; \
	status=$$?; wait $$build; cat build/engine-build.log; exit $$status

$(VENV)/.bench-stamp: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[$(TEST_EXTRAS),bench]'
	touch $@

bench: $(VENV)/.test-stamp $(VENV)/.bench-stamp engine
	$(BIN)/python -m bench

# the engine's hot paths compiled with mypyc into build/compiled, then used by `import wartable`
# itself while the source is unchanged (src/wartable/_fast.py); `engine` (a step of run and
# test) leaves the pure-Python engine, with a note, where it cannot be built
compiled: $(VENV)/.test-stamp
	$(BIN)/python -m bench.compiled_engine

engine: | $(BIN)/python
	$(BIN)/python -m bench.compiled_engine --if-possible

soak: $(VENV)/.test-stamp system-packages engine
	$(BIN)/pytest -n 2 soak
	$(BIN)/pytest -n 2 --dist loadgroup -m slow tests

# resumes the 1 s/decision tournaments behind docs/agents.md (hours; see docs/tournaments/)
strength: $(VENV)/.test-stamp
	$(BIN)/python -m bench.strength --workers 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
