# The two commands of the README: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Python keeps its compiled modules (and pytest its rewritten test modules) between runs even
# where the environment says not to: each xdist worker would otherwise compile the whole
# project and suite again, seconds of every `make check`.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check lint bench clean messages chromium postgresql redis nginx cluster cluster-stop test-cluster axe caddy icons

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

PLAY_STAMP := $(VENV)/.installed-play
CATALOGS := $(wildcard src/cardtable/locale/*/LC_MESSAGES/*.po)

# Reinstall only when the project definition or a catalog changes (the build compiles catalogs).
# Playing needs only the package; tests, lint and the research environments need the extras.
$(PLAY_STAMP): $(BIN)/python pyproject.toml $(CATALOGS)
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

# --no-compile: pip byte-compiled every module of the research libraries (ray, jax, torch,
# pandas…), half of the install's minute; Python compiles the ones that are imported, once.
$(STAMP): $(BIN)/python pyproject.toml $(CATALOGS)
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test,research,train,ray,jax]'
	touch $(STAMP) $(PLAY_STAMP)

# `make run HOST=0.0.0.0` serves the home network: the server prints the address to give friends.
HOST ?= 127.0.0.1
run: $(PLAY_STAMP)
	@if [ "$(HOST)" = 127.0.0.1 ]; then echo "This computer only. To play with friends on" \
		"your home network: make run HOST=0.0.0.0 (README: Playing with friends on a home network)"; fi
	$(BIN)/cardtable serve --host $(HOST)

# pytest exits 5 when it collects no tests: that is a failure here, not a pass. The golden files
# are compared, never rewritten (CARDTABLE_REGOLD emptied: tests/helpers/golden.py).
# The 25 slowest tests are listed at the end: where to look first when the suite grows slow.
# mypy runs beside the tests (half a minute of one core, from a clean clone, which the tests'
# waits leave idle now and then) and its verdict comes after theirs: either failing fails.
test: $(STAMP) chromium postgresql redis axe caddy
	$(BIN)/ruff check src tests
	$(BIN)/lint-imports
	@typing=$$(mktemp); $(BIN)/mypy > $$typing 2>&1 & mypy=$$!; \
	echo "mypy: running beside the tests"; \
	CARDTABLE_REGOLD= $(BIN)/python -m pytest -n auto -q --durations=25; status=$$?; \
	wait $$mypy; typed=$$?; echo "mypy:"; cat $$typing; rm -f $$typing; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; \
	if [ $$typed -ne 0 ]; then echo "mypy found errors: failing"; exit 1; fi; exit $$status

# The inner loop (two minutes on two cores): lint, types, the import layers and the tests that
# need nothing beyond this process. tests/conftest.py marks the others by what they use (a
# browser, PostgreSQL, Redis, a subprocess, the PDF writer); long ones are marked slow.
CHECK_MARKERS := not slow and not browser and not postgresql and not redis and not subprocess and not pdf
check: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports
	CARDTABLE_REGOLD= $(BIN)/python -m pytest -n auto -q -m "$(CHECK_MARKERS)" -x

# The browser tests drive Debian's Chromium headless shell (a fifth less CPU than the full
# browser for the same pages), and the full Chromium where they need it (Web Push); never
# Playwright's own download.
CHROMIUMS := chromium chromium-headless-shell
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y $(CHROMIUMS) || \
			{ apt-get update && apt-get install -y $(CHROMIUMS); }; \
		else echo "!!! Debian's $(CHROMIUMS) are missing and this is not root: the browser" \
			"tests will be SKIPPED. Install them with: sudo apt-get install -y $(CHROMIUMS) !!!"; fi; \
	fi

# The app icon's PNG sizes, rendered from web/static/icons/icon.svg (committed; run after
# changing the drawing).
icons: chromium
	$(BIN)/python tools/render_icons.py /usr/bin/chromium

# The accessibility scan injects axe-core (npm, pinned in tests/web/axe/package.json).
AXE := tests/web/axe/node_modules/axe-core/axe.min.js
axe: $(AXE)
$(AXE): tests/web/axe/package.json
	@if command -v npm >/dev/null; then npm install --no-audit --no-fund --prefix tests/web/axe && touch $(AXE); \
	else echo "!!! npm is missing: the accessibility scan will be SKIPPED. Install it with: apt-get install -y npm !!!"; fi

# The server tests run on SQLite and on a throwaway PostgreSQL cluster made from Debian's binaries.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y postgresql || \
			{ apt-get update && apt-get install -y postgresql; }; \
		else echo "!!! PostgreSQL's server binaries are missing and this is not root: the" \
			"PostgreSQL tests will be SKIPPED. Install them with: sudo apt-get install -y postgresql !!!"; fi; \
	fi

# The cluster tests (and `make cluster`) need Redis and nginx from Debian, installed when root.
redis:
	@if ! command -v redis-server >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y redis-server || \
			{ apt-get update && apt-get install -y redis-server; }; \
		else echo "!!! redis-server is missing and this is not root: the cluster tests" \
			"will be SKIPPED. Install it with: sudo apt-get install -y redis-server !!!"; fi; \
	fi

nginx:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y nginx || \
			{ apt-get update && apt-get install -y nginx; }; \
		else echo "!!! nginx is missing and this is not root: install it with" \
			"sudo apt-get install -y nginx !!!"; exit 1; fi; \
	fi

# The TLS proxy test (tests/server/test_proxy_caddy.py) runs Debian's Caddy, as the family host
# does (docs/hosting.md).
caddy:
	@if ! command -v caddy >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y caddy || \
			{ apt-get update && apt-get install -y caddy; }; \
		else echo "!!! caddy is missing and this is not root: the TLS proxy test will be" \
			"SKIPPED. Install it with: sudo apt-get install -y caddy !!!"; fi; \
	fi

# A local cluster: PostgreSQL, Redis, three servers and nginx in front (docs/deploy.md). Every
# part listens on CLUSTER_BIND; empty ports are free ones (e.g. `make cluster CLUSTER_PORT=9100
# CLUSTER_SERVER_PORTS=9101,9102,9103 CLUSTER_PG_PORT=9104 CLUSTER_REDIS_PORT=9105`).
CLUSTER_DIR ?= .cluster
CLUSTER_BIND ?= 127.0.0.1
CLUSTER_PORT ?= 8080
CLUSTER_SERVER_PORTS ?=
CLUSTER_PG_PORT ?= 0
CLUSTER_REDIS_PORT ?= 0
cluster: $(STAMP) postgresql redis nginx
	$(BIN)/python -m cardtable.server.cluster.localcluster start --folder $(CLUSTER_DIR) \
		--port $(CLUSTER_PORT) --bind $(CLUSTER_BIND) --server-ports "$(CLUSTER_SERVER_PORTS)" \
		--pg-port $(CLUSTER_PG_PORT) --redis-port $(CLUSTER_REDIS_PORT)

cluster-stop:
	@if [ -x $(BIN)/python ]; then $(BIN)/python -m cardtable.server.cluster.localcluster stop --folder $(CLUSTER_DIR); fi

# The cluster under fire: processes SIGKILLed mid-deal (tests/cluster); .ci/run runs it after
# `make test`.
test-cluster: $(STAMP) postgresql redis nginx
	CARDTABLE_TEST_CLUSTER=1 $(BIN)/python -m pytest tests/cluster -q -p no:xdist

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/cardtable bench

# The catalogs in one command: extract every string (gettext calls and click help texts) into
# the template, merge it into each language's catalog, compile the catalogs (.mo, git-ignored).
LANGS   := eu hu pt_BR
LOCALE  := src/cardtable/locale
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k NC_:1c,2 -k N_plural:1,2 \
		--no-location --sort-output --project cardtable -o $(LOCALE)/cardtable.pot src
	for lang in $(LANGS); do \
		$(BIN)/pybabel update -D cardtable -i $(LOCALE)/cardtable.pot -d $(LOCALE) -l $$lang \
			--init-missing --no-fuzzy-matching --ignore-obsolete || exit 1; \
	done
	$(BIN)/pybabel compile -D cardtable -d $(LOCALE) --statistics

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .hypothesis
