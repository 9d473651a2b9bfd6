# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
APT_PACKAGES := gnome-cards-data kdegames-card-data-kf5 fonts-dejavu-core fonts-liberation chromium poppler-utils \
  libcairo2

.PHONY: run test system-deps clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# The runtime install: what a family needs to run the companion (no torch, no ultralytics).
$(VENV)/.run-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

# Everything the tests need: training stack (for the offline-training test), pytest, Playwright.
$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[train,test]'
	touch $@ $(VENV)/.run-installed

# Debian packages: deck art and index typefaces for the scene generator, chromium for the page tests.
system-deps:
	@dpkg -s $(APT_PACKAGES) >/dev/null 2>&1 || { \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES) >/dev/null; }

run: $(VENV)/.run-installed
	$(VENV)/bin/nainjaune demo

test: system-deps $(VENV)/.test-installed
	$(PY) -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
