# The interface a newcomer uses. `make run` and `make test` need nothing but python3 (3.11+) and, for the UI,
# node + npm; everything else is installed into .venv and frontend/node_modules on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUNTIME_STAMP := $(VENV)/.runtime-installed
DEV_STAMP := $(VENV)/.dev-installed
UI_DIR := frontend
UI_OUT := $(UI_DIR)/out/index.html
UI_DEPS := $(UI_DIR)/node_modules/.package-lock.json
UI_SOURCES := $(shell [ -d $(UI_DIR) ] && find $(UI_DIR) \( -path $(UI_DIR)/node_modules -o -path $(UI_DIR)/out -o -path $(UI_DIR)/.next -o -path $(UI_DIR)/test-results -o -path $(UI_DIR)/playwright-report -o -path $(UI_DIR)/next-env.d.ts \) -prune -o -type f -print)
PYTEST_ARGS ?=

.PHONY: install install-dev run serve ui ui-lint ui-test ui-e2e ui-types client test test-py lint lint-py format ci bench fuzz \
        db-upgrade db-revision doctor eval-safety eval-safety-dev eval-retrieval eval-answers eval-ocr eval-tables \
        eval-verification clean

$(VENV)/bin/python:
	$(PYTHON) -c 'import sys; sys.exit("ORION needs Python 3.11+") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(RUNTIME_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $(RUNTIME_STAMP) $@

install: $(RUNTIME_STAMP)
install-dev: $(DEV_STAMP)

# Build the static UI when it is missing or older than its sources (skipped when there is no frontend/).
ui:
	@if [ -f $(UI_DIR)/package.json ]; then $(MAKE) --no-print-directory $(UI_OUT); fi

$(UI_DEPS): $(UI_DIR)/package-lock.json
	cd $(UI_DIR) && npm ci --no-audit --no-fund

$(UI_OUT): $(UI_SOURCES) $(UI_DEPS)
	cd $(UI_DIR) && npm run build
	touch $@

ui-lint: $(UI_DEPS)
	cd $(UI_DIR) && npm run lint

ui-test: $(UI_DEPS)
	cd $(UI_DIR) && npm test

# End-to-end: a real `orion serve` on embedded Postgres driven by Debian's Chromium (skips loudly without one,
# fails instead when ORION_REQUIRE_BROWSER=1, as in CI).
ui-e2e: install ui
	cd $(UI_DIR) && npm run test:e2e

# Regenerate the UI's API types from the OpenAPI document (never hand-written).
ui-types: install $(UI_DEPS)
	$(BIN)/orion openapi --out $(UI_DIR)/openapi.json
	cd $(UI_DIR) && npm run gen:api

# Regenerate the typed Python client (clients/python) from the OpenAPI document; run after `make ui-types`.
client: install-dev
	$(BIN)/python tools/python_client.py

run: install ui
	$(BIN)/orion serve

serve: run

test: test-py ui-test ui-e2e

test-py: install-dev
	$(BIN)/pytest -n auto -p no:cacheprovider $(PYTEST_ARGS)

lint: lint-py ui-lint

lint-py: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy apps domains packages
	$(BIN)/python -m compileall -q apps domains packages tools bench > /dev/null

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

ci: lint test

# A longer, randomly seeded schemathesis session over every operation (the CI size runs inside `make test`).
fuzz: install-dev
	ORION_FUZZ_EXAMPLES=$${ORION_FUZZ_EXAMPLES:-200} ORION_FUZZ_SEED= $(BIN)/pytest -p no:cacheprovider -q -s tests/fuzz

bench: install-dev
	@for script in bench/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

db-upgrade: install
	$(BIN)/orion db upgrade

db-revision: install-dev
	@test -n "$(m)" || (echo 'usage: make db-revision m="what changes"' && exit 2)
	$(BIN)/alembic revision -m "$(m)"

doctor: install
	$(BIN)/orion doctor

# Evaluations on the shared public data (tune on train splits, report on test splits).
DATA ?= ../shared/data

eval-retrieval: install
	$(BIN)/orion eval retrieval --data $(DATA)/beir_scifact --split test

eval-answers: install
	$(BIN)/orion eval answers --data $(DATA)/squad2_dev_half --split test

# Formats (ADR-0018): PDF table rows against the hand-made truth files; OCR of rendered text-PDF pages.
eval-tables: install
	$(BIN)/python -m tools.formats.pdf_tables $(DATA)/pdfs

# Benign and tampered quote variants through the verifier (ADR 0021): >= 99% benign verified, 0 tampered verified.
eval-verification: install-dev
	$(BIN)/python -m tools.verification.evaluate --split test

eval-ocr: install
	$(BIN)/python -m tools.formats.ocr_eval $(DATA)/pdfs

# Content safety (ADR-0020): the test splits are for reporting, once per shipped detector; choose on dev.
eval-safety: install-dev
	$(BIN)/python -m tools.safety.evaluate --split test

eval-safety-dev: install-dev
	$(BIN)/python -m tools.safety.evaluate --split dev
	$(BIN)/python -m tools.safety.placements --counts

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache $(UI_DIR)/out $(UI_DIR)/.next
