# clickbox: `make run` serves, `make test` checks everything. Needs only python3.11 and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
STAMP_RUN := $(VENV)/.installed
# The exact versions installed, every package included (pyproject.toml has the ranges that
# clickbox itself needs); `make lock` renews it, and the next run installs from it.
CONSTRAINTS := constraints.txt

# The compiled build (setup.py, mypyc) is made from these; an edit builds it again.
COMPILED_SOURCES := setup.py src/clickbox/_build.py $(wildcard src/clickbox/core/*.py src/clickbox/rl/encoding.py \
	src/clickbox/games/*/*.py src/clickbox/bots/clever/*.py src/clickbox/sim/bench.py)

.PHONY: run test lint typecheck pytest bench clean debian compiler play screenshots lock

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make: $(PYTHON) not found (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python pyproject.toml $(CONSTRAINTS) $(COMPILED_SOURCES) | compiler
	$(BIN)/python -m pip install --quiet -c $(CONSTRAINTS) -e .
	@$(BIN)/python -m clickbox --version
	@touch $@

$(STAMP): $(BIN)/python pyproject.toml $(CONSTRAINTS) $(COMPILED_SOURCES) | compiler
	$(BIN)/python -m pip install --quiet -c $(CONSTRAINTS) -e '.[dev,rl,ray]'
	@$(BIN)/python -m clickbox --version
	@touch $@ $(STAMP_RUN)

## compiler: Debian's gcc and Python headers for the compiled build, if missing (without them,
## the package installs as pure Python and says so)
compiler:
	-@bash tools/ensure-debian-package.sh gcc /usr/bin/gcc
	-@bash tools/ensure-debian-package.sh python3-dev \
		"$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h"

## run: the online play server on http://127.0.0.1:8000 (SQLite in the user's data directory)
run: $(STAMP_RUN)
	$(BIN)/clickbox serve --host 127.0.0.1 --port 8000

## play: a terminal game of That's Pretty Clever against the greedy bot
play: $(STAMP_RUN)
	$(BIN)/clickbox play clever --players 2 --seat 0=human --seat 1=greedy

## debian: Debian's PostgreSQL (throwaway test databases) and chromium (browser tests), if missing
debian:
	@bash tools/ensure-debian-package.sh postgresql '/usr/lib/postgresql/*/bin/initdb'
	@bash tools/ensure-debian-package.sh chromium /usr/bin/chromium

## test: ruff, mypy and pytest (SQLite, a throwaway PostgreSQL, headless chromium)
test: $(STAMP) debian
	$(BIN)/ruff check setup.py src tests bench tools
	$(BIN)/ruff format --check setup.py src tests bench tools
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --durations=25

## screenshots: a table of each game at 1280x800 and on a 390x844 phone, into docs/screenshots
screenshots: $(STAMP) debian
	$(BIN)/python tools/shots.py docs/screenshots

## lock: constraints.txt made anew from pyproject.toml's ranges (the newest versions in them,
## every package of '.[dev,rl,ray]', tools/lock.py); the next run or test installs them
lock: $(BIN)/python
	$(BIN)/python tools/lock.py $(CONSTRAINTS)

bench: $(STAMP_RUN)
	$(BIN)/python bench/engines.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build
	find src -name '*.so' -delete
	rm -f src/clickbox/_compiled.json
