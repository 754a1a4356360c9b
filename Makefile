# The two commands of the README: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project definition changes.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,research]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/cardtable serve

# pytest exits 5 when it collects no tests: that is a failure here, not a pass.
test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto -q; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; exit $$status

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
