# boardkit — the two commands of the README's quick start are `make run` and `make test`.
SWIFT ?= swift
BOARDKIT = .build/debug/boardkit
APT_PACKAGES = libxlsxwriter-dev libcsv-dev libsqlite3-dev zlib1g-dev libpq-dev pkg-config
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
## The Python packages the tests use live in a virtual environment inside the project
## (git-ignored), never in the system's Python (Debian's refuses pip: PEP 668). It sees the
## system's packages, so what is installed already is not fetched again. Its bin comes first
## on the PATH of every recipe: the tests run `python3` and find the environment's.
VENV = .venv
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: all deps system-deps python-deps test-tools build run test torture torture-postgres bench samples screenshots install uninstall install-check clean fuzz fuzz-build

all: build

## Install the Debian libraries when missing (libxlsxwriter, libcsv, SQLite and libpq for the store).
system-deps:
	@if ! pkg-config --exists xlsxwriter 2>/dev/null || [ ! -f /usr/include/csv.h ] || [ ! -f /usr/include/sqlite3.h ] || [ ! -f /usr/include/zlib.h ] || ! pkg-config --exists libpq 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES) from Debian…"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

## Install the Python packages the tests use as independent oracles, into $(VENV) (made
## first, with Debian's python3-venv when the system's Python lacks it).
python-deps: $(VENV)/.installed
$(VENV)/.installed: Tests/requirements.txt
	@if [ ! -x $(VENV)/bin/python3 ]; then \
		if ! /usr/bin/env -u VIRTUAL_ENV python3 -c 'import ensurepip, venv' 2>/dev/null; then \
			echo "Installing python3-venv from Debian…"; \
			$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; \
		fi; \
		python3 -m venv --system-site-packages $(VENV); \
	fi
	@$(VENV)/bin/python3 -m pip install -q --disable-pip-version-check -r Tests/requirements.txt
	@touch $@

## Real tools the tests hand boardkit's output to: Taskwarrior's own `task import`, a real
## browser for the board page (Debian's chromium and its chromedriver, driven by Selenium;
## Korean fonts so the Korean page renders in screenshots), LibreOffice with poppler's
## pdftotext to print workbooks as a person would, msmtp, the `sendmail` mail goes
## through to a test SMTP server, and PostgreSQL, whose server the store tests start in a
## temporary folder of their own (Tests/Oracles/postgres_server.py), and nginx, the load
## balancer in front of two `serve` instances in the PostgreSQL torture run.
TEST_APT_PACKAGES = taskwarrior chromium chromium-driver fonts-noto-cjk libreoffice-calc-nogui poppler-utils msmtp postgresql nginx-light
test-tools:
	@if [ ! -x /usr/bin/task ] || [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -d /usr/share/fonts/opentype/noto ] || [ ! -x /usr/bin/soffice ] || [ ! -x /usr/bin/pdftotext ] || [ ! -x /usr/bin/msmtp ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ ! -x /usr/sbin/nginx ]; then \
		echo "Installing $(TEST_APT_PACKAGES) from Debian…"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_APT_PACKAGES) >/dev/null; \
	fi

deps: system-deps

build: deps
	$(SWIFT) build

## Build, then run the main job on the samples: every format into out/ and the weekly report.
## The report is as of 2026-11-20 (the day the sample board's history ends), so it reads the
## same on any day; drop --as-of for "now".
SAMPLE = samples/board.json
AS_OF = 2026-11-20
run: build
	@mkdir -p out
	$(BOARDKIT) validate $(SAMPLE)
	$(BOARDKIT) convert $(SAMPLE) out/board.json
	$(BOARDKIT) convert $(SAMPLE) out/board.csv --events out/board.events.csv
	$(BOARDKIT) convert $(SAMPLE) out/board-excel.csv --excel --events out/board-excel.events.csv
	$(BOARDKIT) convert $(SAMPLE) out/board.xlsx
	$(BOARDKIT) convert $(SAMPLE) out/board.ics --alarm=-P1D
	$(BOARDKIT) convert $(SAMPLE) out/board-todo.ics --component todo --include-done
	$(BOARDKIT) convert $(SAMPLE) out/jira.csv --mapping jira
	$(BOARDKIT) convert $(SAMPLE) out/trello.json --to trello
	$(BOARDKIT) convert $(SAMPLE) out/taskwarrior.json --to taskwarrior
	$(BOARDKIT) convert samples/foreign/trello-board.json out/from-trello.json
	$(BOARDKIT) convert samples/foreign/jira.csv out/from-jira.xlsx
	$(BOARDKIT) report $(SAMPLE) --as-of $(AS_OF) --format md -o out/report.md
	$(BOARDKIT) report $(SAMPLE) --as-of $(AS_OF) --format html -o out/report.html
	$(BOARDKIT) report $(SAMPLE) --as-of $(AS_OF) --format json -o out/report.json
	$(BOARDKIT) report $(SAMPLE) --as-of $(AS_OF) --format xlsx -o out/report.xlsx
	@echo
	$(BOARDKIT) report $(SAMPLE) --as-of $(AS_OF)
	$(BOARDKIT) forecast $(SAMPLE) --as-of $(AS_OF)
	@echo
	@echo "The reminders each assignee would be mailed (nothing is sent: --dry-run)."
	$(BOARDKIT) remind $(SAMPLE) --as-of $(AS_OF) --mail --dry-run --people samples/people.csv > out/reminders.eml
	$(BOARDKIT) remind $(SAMPLE) --as-of $(AS_OF)
	@echo
	@echo "Working on a board: the sample imported into a store, a few edits, an undo, the history."
	@rm -f out/team.db out/team.db-wal out/team.db-shm
	$(BOARDKIT) init -b out/team.db --from $(SAMPLE) --actor demo
	$(BOARDKIT) add -b out/team.db "Write the release notes" --due 2026-12-01 --label docs --assignee mina --actor mina
	$(BOARDKIT) edit -b out/team.db c1 --due 2026-12-03 --label +urgent --actor mina
	$(BOARDKIT) move -b out/team.db 5 done --actor jisoo
	$(BOARDKIT) undo -b out/team.db
	$(BOARDKIT) comment -b out/team.db c1 "Okta first, then Azure." --actor mina
	$(BOARDKIT) check -b out/team.db c1 "Write the runbook" --checklist Launch --done --actor jisoo
	$(BOARDKIT) history -b out/team.db --limit 4
	$(BOARDKIT) show -b out/team.db c1
	$(BOARDKIT) show -b out/team.db --state doing
	$(BOARDKIT) convert out/team.db out/team.json
	@echo
	@echo "Written to out/:" && ls out

## Fuzzing (docs/fuzzing.md): one libFuzzer target per reader, built with the fuzzer and
## address sanitizers in its own scratch folder; `make fuzz` runs each for FUZZ_SECONDS, one
## after another, each keeping its growing corpus in $(FUZZ_SCRATCH)/corpus/TARGET.
## `make test` runs each format target for FUZZ_TEST_RUNS inputs from its seeds with a fixed
## seed (at most FUZZ_TEST_SECONDS), the same inputs on every clean machine, so the targets
## stay alive. The store and access targets link the server stack, whose sanitized build
## would add ten minutes: `make test` builds them out (FUZZ_TRAITS) and holds them to the same
## contract in the Swift suite (ServerFuzzTargetsTests); `make fuzz` fuzzes all twelve.
FUZZ_SECONDS ?= 600
FUZZ_TEST_SECONDS ?= 60
FUZZ_TEST_RUNS ?= 1000
FUZZ_FORMAT_TARGETS = json csv csv-mapping events xlsx xlsx-part ics trello taskwarrior mapping
FUZZ_TARGETS ?= $(FUZZ_FORMAT_TARGETS) store access
FUZZ_TRAITS ?=
FUZZ_SCRATCH = .build-fuzz
fuzz-build: deps
	$(SWIFT) build --scratch-path $(FUZZ_SCRATCH) $(FUZZ_TRAITS) --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address --product boardkit-fuzz
fuzz: fuzz-build
	SCRATCH=$(FUZZ_SCRATCH) Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

test: deps python-deps test-tools
	python3 Tests/imports_check.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	Tests/install_check.sh
	python3 Tests/docs_check.py
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) FUZZ_RUNS=$(FUZZ_TEST_RUNS) \
		FUZZ_TARGETS="$(FUZZ_FORMAT_TARGETS)" FUZZ_TRAITS=--disable-default-traits
	$(MAKE) torture TORTURE_SECONDS=$(TORTURE_TEST_SECONDS)
	$(MAKE) torture-postgres TORTURE_SECONDS=$(TORTURE_TEST_SECONDS)

## The torture run (docs/store.md): one store under terminal writers, a served page's API
## and form posts, readers of every kind and sync with a real Radicale, with writers and the
## server killed at random; then every acknowledged change is looked for in the log, the log
## checked, undone back to the import and redone. `make test` runs it for TORTURE_TEST_SECONDS.
## torture-postgres: the same on a board in PostgreSQL, served by two instances behind nginx
## (docs/postgres.md).
TORTURE_SECONDS ?= 1800
TORTURE_TEST_SECONDS ?= 30
TORTURE_SEED ?= 1
torture: build python-deps
	python3 Tests/Torture/torture.py $(BOARDKIT) --seconds $(TORTURE_SECONDS) --seed $(TORTURE_SEED)

torture-postgres: build python-deps test-tools
	python3 Tests/Torture/torture.py $(BOARDKIT) --seconds $(TORTURE_SECONDS) --seed $(TORTURE_SEED) --postgres

## Screenshots of the sample board's page in docs/ (desktop and phone width), shown in the README.
screenshots: build python-deps test-tools
	@rm -rf out/shots && mkdir -p out/shots docs/images
	$(BOARDKIT) init -b out/shots/team.db --from $(SAMPLE) --actor demo
	python3 Tests/Oracles/page_screenshots.py $(BOARDKIT) out/shots/team.db docs/images

## Regenerate samples/board.json and its renditions (a test checks they agree).
samples: build
	$(BOARDKIT) sample --cards 40 --weeks 8 --seed 1 -o $(SAMPLE)
	$(BOARDKIT) convert $(SAMPLE) samples/board.csv --events samples/board.events.csv
	$(BOARDKIT) convert $(SAMPLE) samples/board.xlsx
	$(BOARDKIT) convert $(SAMPLE) samples/board.ics --include-done --alarm=-P1D
	$(BOARDKIT) convert $(SAMPLE) samples/board.trello.json --to trello
	$(BOARDKIT) convert $(SAMPLE) samples/board.taskwarrior.json --to taskwarrior

## Install: `make install` (PREFIX=/usr/local, DESTDIR for packaging; CONFIG=debug installs
## the debug build, as the install check does). The program and its resource bundles (report
## templates, the board page's files) go to PREFIX/lib/boardkit, found beside the program
## wherever it runs from; PREFIX/bin/boardkit links to it. Manual pages (one per command,
## generated from the help the commands print, with the defaults it appends), bash, zsh and fish completions, and the
## systemd units (Packaging/): `serve` with an example configuration, and the report and
## reminder mails with their timers and an example settings file (docs/mail.md).
PREFIX ?= /usr/local
CONFIG ?= release
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/BoardKit/BuildInfo.swift)
LIBDIR = $(DESTDIR)$(PREFIX)/lib/boardkit
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
install: deps
	$(SWIFT) build -c $(CONFIG) --product boardkit
	@rm -rf .build/manual && mkdir -p .build/manual
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration $(CONFIG) \
		--multi-page --authors "the boardkit authors" --output-directory .build/manual >/dev/null
	Packaging/manual-defaults.sh .build/$(CONFIG)/boardkit .build/manual/*.1
	install -d $(LIBDIR) $(DESTDIR)$(PREFIX)/bin $(MANDIR) \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d $(DESTDIR)$(PREFIX)/lib/systemd/system \
		$(DESTDIR)$(PREFIX)/share/doc/boardkit
	install -m 755 .build/$(CONFIG)/boardkit $(LIBDIR)/boardkit
	rm -rf $(LIBDIR)/*.resources && cp -R .build/$(CONFIG)/*.resources $(LIBDIR)/
	ln -sf ../lib/boardkit/boardkit $(DESTDIR)$(PREFIX)/bin/boardkit
	@# `boardkit.report.1` as `boardkit-report.1`, as man(1) users type it.
	for page in .build/manual/*.1; do \
		name=$$(basename $$page | sed 's/^boardkit\.\(.*\)\.1$$/boardkit-\1.1/'); \
		sed -e 's/boardkit\.\([a-z][a-z]*\) 1/boardkit-\1 1/' -e 's/^\.Dt BOARDKIT\./.Dt BOARDKIT-/' $$page > $(MANDIR)/$$name; \
	done
	.build/$(CONFIG)/boardkit --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/boardkit
	.build/$(CONFIG)/boardkit --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_boardkit
	.build/$(CONFIG)/boardkit --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/boardkit.fish
	for unit in boardkit-serve.service boardkit-report@.service boardkit-remind@.service; do \
		sed 's|@BINDIR@|$(PREFIX)/bin|' Packaging/$$unit > $(DESTDIR)$(PREFIX)/lib/systemd/system/$$unit; \
	done
	install -m 644 Packaging/boardkit-report@.timer Packaging/boardkit-remind@.timer $(DESTDIR)$(PREFIX)/lib/systemd/system/
	install -m 644 Packaging/serve.yaml Packaging/mail.env $(DESTDIR)$(PREFIX)/share/doc/boardkit/
	@# The help and manual pages name docs/report.md and the like: they are here, as in the source.
	install -d $(DESTDIR)$(PREFIX)/share/doc/boardkit/docs
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/boardkit/README.md
	install -m 644 docs/*.md $(DESTDIR)$(PREFIX)/share/doc/boardkit/docs/
	@echo "Installed boardkit $(VERSION) into $(DESTDIR)$(PREFIX)"

uninstall:
	rm -rf $(LIBDIR) $(DESTDIR)$(PREFIX)/bin/boardkit $(MANDIR)/boardkit.1 $(MANDIR)/boardkit-*.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/boardkit \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_boardkit \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/boardkit.fish \
		$(DESTDIR)$(PREFIX)/lib/systemd/system/boardkit-serve.service \
		$(DESTDIR)$(PREFIX)/lib/systemd/system/boardkit-report@.service $(DESTDIR)$(PREFIX)/lib/systemd/system/boardkit-report@.timer \
		$(DESTDIR)$(PREFIX)/lib/systemd/system/boardkit-remind@.service $(DESTDIR)$(PREFIX)/lib/systemd/system/boardkit-remind@.timer \
		$(DESTDIR)$(PREFIX)/share/doc/boardkit

## Installs the debug build into a temporary DESTDIR and uses it as a user would, from another
## folder with the build's resource bundles out of reach (Tests/install_check.sh).
install-check: build
	Tests/install_check.sh

bench: deps python-deps
	Benchmarks/run

clean:
	rm -rf .build out
