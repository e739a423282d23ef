# boardkit — the two commands of the README's quick start are `make run` and `make test`.
SWIFT ?= swift
BOARDKIT = .build/debug/boardkit
APT_PACKAGES = libxlsxwriter-dev libcsv-dev zlib1g-dev pkg-config
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps system-deps python-deps build run test bench clean

all: build

## Install the Debian libraries when missing (libxlsxwriter, libcsv).
system-deps:
	@if ! pkg-config --exists xlsxwriter 2>/dev/null || [ ! -f /usr/include/csv.h ]; then \
		echo "Installing $(APT_PACKAGES) from Debian…"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

## Install the Python packages the tests use as independent oracles.
python-deps:
	@python3 -m pip install -q --disable-pip-version-check -r Tests/requirements.txt

deps: system-deps

build: deps
	$(SWIFT) build

## Build, then run the main job on the samples: every format into out/ and the weekly report.
run: build
	@mkdir -p out
	$(BOARDKIT) validate samples/board.json
	$(BOARDKIT) convert samples/board.json out/board.json

test: deps python-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	Benchmarks/run

clean:
	rm -rf .build out
