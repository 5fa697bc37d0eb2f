# The only commands a fresh machine needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench fuzz coverage-doc browser-deps postgres-deps compile clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

run: $(STAMP) compile
	$(BIN)/greatwar play fbsm

test: $(STAMP) browser-deps postgres-deps lint compile
	$(BIN)/pytest -n 2 -q

# Cython compiles the hot modules beside their sources (only those changed since the last
# compile); without a compiler greatwar runs as pure Python. GREATWAR_PURE=1 ignores them.
compile: $(STAMP)
	$(BIN)/python -m greatwar.tools.compile

# Debian's chromium and chromium-driver for the browser tests (tests/web/).
browser-deps:
	sh scripts/install-browser-deps.sh

# Debian's postgresql: the storage and server tests also run on a throwaway cluster.
postgres-deps:
	sh scripts/install-postgres-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check greatwar tests
	$(BIN)/ruff format --check greatwar tests
	$(BIN)/mypy

bench: $(STAMP) compile
	$(BIN)/python -m greatwar.bench
	$(BIN)/python -m greatwar.server.bench
	$(BIN)/python -m greatwar.server.loadbench --games 50 --seconds 60

# Long random-play fuzzing of every registered game (CI plays a few games per game).
fuzz: $(STAMP) compile
	GREATWAR_FUZZ_GAMES=$${GAMES:-200} $(BIN)/pytest tests/contract/test_fuzz.py -q -n 2

coverage-doc: $(STAMP)
	$(BIN)/python -m greatwar.tools.rules_coverage > docs/rules-coverage.md

clean:
	test ! -x $(BIN)/python || $(BIN)/python -m greatwar.tools.compile --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
