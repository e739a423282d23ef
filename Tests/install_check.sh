#!/usr/bin/env bash
# The install as a user meets it: `make install` (of the debug build, already built by
# `make test`) into a temporary DESTDIR, then the installed program run from another folder
# with the build's resource bundles out of reach: --version, convert, report in every
# format, serve (the feed, the report and the board page), the manual pages and the
# completions. Any failure stops with a message and exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
build="$root/.build/debug"
aside="$work/resources-aside"
server=""

restore() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    if [ -d "$aside" ]; then
        for bundle in "$aside"/*.resources; do [ -e "$bundle" ] && mv "$bundle" "$build/"; done
    fi
    rm -rf "$work"
}
trap restore EXIT
fail() { echo "install check: $*" >&2; exit 1; }
# `has TEXT WHAT COMMAND…`: the command's whole output holds TEXT. (Not `command | grep -q`:
# grep stops reading at the first match, and with pipefail the writer's SIGPIPE fails the
# pipeline.)
has() {
    local text=$1 what=$2; shift 2
    local out
    out=$("$@") || fail "$what (exit status)"
    grep -q -- "$text" <<<"$out" || fail "$what"
}

make -s install CONFIG=debug DESTDIR="$work/dest" PREFIX=/usr >/dev/null
prefix="$work/dest/usr"
bin="$prefix/bin/boardkit"
[ -L "$bin" ] || fail "no $bin"

# The build's bundles out of reach: only the installed ones can serve.
mkdir -p "$aside"
mv "$build"/*.resources "$aside/"

mkdir -p "$work/elsewhere" && cd "$work/elsewhere"
cp "$root/samples/board.json" .
has "^boardkit [0-9]" "--version" "$bin" --version
has "^libxlsxwriter " "version" "$bin" version
"$bin" convert board.json board.xlsx >/dev/null || fail "convert"
for format in md html json xlsx text; do
    "$bin" report board.json --as-of 2026-11-20 --format "$format" -o "report.$format" >/dev/null \
        || fail "report --format $format"
    [ -s "report.$format" ] || fail "report.$format is empty"
done
grep -q "<svg" report.html || fail "the HTML report has no charts"

"$bin" init -b team.db --from board.json >/dev/null
"$bin" serve --board team=team.db --port 0 --quiet --state-file serve-tokens.json > serve.out &
server=$!
for _ in $(seq 50); do grep -q "board: " serve.out 2>/dev/null && break; sleep 0.1; done
page=$(sed -n 's/^team board: \(http[^ ]*\).*/\1/p' serve.out)
feed=$(sed -n 's/^team: \(http[^ ]*\).*/\1/p' serve.out)
[ -n "$page" ] || fail "serve printed no board URL"
has "BEGIN:VCALENDAR" "the feed" curl -sf "$feed"
has "<svg" "the live report" curl -sf "${page}report.html"
has 'class="column"' "the board page" curl -sf "$page"
has "use strict" "the page's script" curl -sf "${page}board.js"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

# Manual pages: one per command, the same text the help prints.
has "--format" "man boardkit-report" env LC_ALL=C MANPATH="$prefix/share/man" man -P cat boardkit-report
has "boardkit-sync" "man boardkit" env LC_ALL=C MANPATH="$prefix/share/man" man -P cat boardkit
# ...with the defaults and choices the help appends (generate-manual leaves them out).
has "ending with the week of --as-of. (default: 8)" "man boardkit-report says --weeks' default" \
    env LC_ALL=C MANPATH="$prefix/share/man" MANWIDTH=1000 man -P cat boardkit-report
# Completions: bash knows the subcommands.
completions=$(bash -c "source '$prefix/share/bash-completion/completions/boardkit'; COMP_WORDS=(boardkit rep); COMP_CWORD=1; _boardkit; echo \${COMPREPLY[*]}")
grep -q "report" <<<"$completions" || fail "bash completion ($completions)"
[ -s "$prefix/share/zsh/site-functions/_boardkit" ] || fail "zsh completion"
[ -s "$prefix/share/fish/vendor_completions.d/boardkit.fish" ] || fail "fish completion"

# The service: the unit verifies, with the installed program's path filled in.
unit="$prefix/lib/systemd/system/boardkit-serve.service"
grep -q "^ExecStart=/usr/bin/boardkit serve --config" "$unit" || fail "the unit's ExecStart"
sed "s|^ExecStart=/usr/bin/|ExecStart=$prefix/bin/|" "$unit" > "$work/boardkit-serve.service"
if command -v systemd-analyze >/dev/null; then
    MANPATH="$prefix/share/man" systemd-analyze verify "$work/boardkit-serve.service" || fail "systemd-analyze verify"
fi
# The mail units: the report's and the reminders' services and timers, each verified as
# installed (ExecStart at the installed program), the timers at the documented times.
for unit in boardkit-report@.service boardkit-report@.timer boardkit-remind@.service boardkit-remind@.timer; do
    [ -s "$prefix/lib/systemd/system/$unit" ] || fail "no $unit"
    sed "s|^ExecStart=/usr/bin/|ExecStart=$prefix/bin/|" "$prefix/lib/systemd/system/$unit" > "$work/$unit"
done
grep -q "^ExecStart=/usr/bin/boardkit report \${BOARD} --mail-to \${MAIL_TO}" "$prefix/lib/systemd/system/boardkit-report@.service" \
    || fail "boardkit-report@.service's ExecStart"
grep -q "^ExecStart=/usr/bin/boardkit remind \${BOARD} --mail" "$prefix/lib/systemd/system/boardkit-remind@.service" \
    || fail "boardkit-remind@.service's ExecStart"
grep -q "^OnCalendar=Mon \*-\*-\* 09:00:00$" "$work/boardkit-report@.timer" || fail "the report's timer is not Mondays 09:00"
grep -q "^OnCalendar=\*-\*-\* \*:00/15:00$" "$work/boardkit-remind@.timer" || fail "the reminders' timer is not every 15 minutes"
grep -q -- "--digest-at \${DIGEST_AT} \$LEDGER_OPTION" "$prefix/lib/systemd/system/boardkit-remind@.service" \
    || fail "boardkit-remind@.service does not send the digest once a day with a ledger"
[ -s "$prefix/share/doc/boardkit/mail.env" ] || fail "no mail.env example"
if command -v systemd-analyze >/dev/null; then
    (cd "$work" && MANPATH="$prefix/share/man" systemd-analyze verify ./boardkit-report@.service ./boardkit-report@.timer \
        ./boardkit-remind@.service ./boardkit-remind@.timer) || fail "systemd-analyze verify (the mail units)"
fi
# The installed program mails: a report through a stand-in sendmail, read back whole.
printf '#!/bin/sh\ncat > "%s"\n' "$work/mailed.eml" > "$work/sendmail" && chmod +x "$work/sendmail"
(cd "$work/elsewhere" && has "^Mailed the report" "report --mail-to" "$bin" report board.json --as-of 2026-11-20 \
    --mail-to team@example.org --attach xlsx --sendmail "$work/sendmail")
grep -q "^Content-Type: text/html" "$work/mailed.eml" || fail "the mailed report has no HTML part (the mail template installed?)"
# The documents the help and manual pages name (docs/report.md) are installed beside them.
grep -q "docs/report.md" "$prefix/share/man/man1/boardkit-report.1" || fail "the report's manual page names docs/report.md"
[ -s "$prefix/share/doc/boardkit/docs/report.md" ] && [ -s "$prefix/share/doc/boardkit/README.md" ] \
    || fail "docs/report.md and README.md under share/doc/boardkit"
# The example configuration, pointed at this folder, is one serve takes (its state file the
# one the serve above used: the store keeps that feed link's secret now).
sed -e "s|/var/lib/boardkit/|$work/elsewhere/|" -e "s|^port: 8080|port: 0|" -e "/ops: /d" \
    "$prefix/share/doc/boardkit/serve.yaml" > "$work/serve.yaml"
"$bin" serve --config "$work/serve.yaml" > "$work/configured.out" 2>/dev/null &
server=$!
for _ in $(seq 50); do grep -q "board: " "$work/configured.out" 2>/dev/null && break; sleep 0.1; done
grep -q "^team: https://example.org/boards/[0-9a-f]*/team.ics$" "$work/configured.out" || fail "serve --config"
# Behind the public URL a board without people is not open: people get their own links.
grep -q "^team board: each person's own link (boardkit access add NAME" "$work/configured.out" || fail "serve --config: open behind a public URL"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

cd "$root"
make -s uninstall DESTDIR="$work/dest" PREFIX=/usr
[ ! -e "$bin" ] && [ ! -e "$prefix/lib/boardkit" ] || fail "uninstall left files"
echo "install check: installed, ran from elsewhere without the build's resources, uninstalled"
