# The two commands of the README: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean messages chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project definition changes.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/cardtable serve

# pytest exits 5 when it collects no tests: that is a failure here, not a pass.
test: $(STAMP) chromium
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto -q; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$status

# The browser tests drive Debian's Chromium (never Playwright's own download).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y chromium || \
			{ apt-get update && apt-get install -y chromium; }; \
		else echo "!!! /usr/bin/chromium is missing and this is not root: the browser tests" \
			"will be SKIPPED. Install it with: sudo apt-get install -y chromium !!!"; fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/cardtable bench

# Extract every gettext string into the catalog template (translations arrive in issue 8).
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 --no-location \
		--project cardtable -o src/cardtable/locale/cardtable.pot src

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .hypothesis
