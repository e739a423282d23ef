#!/usr/bin/env bash
# Gives the generated manual pages what `--help` says of each option and they leave out:
# swift-argument-parser's generate-manual drops the "(default: 8)" and "(values: en, ko)"
# that `--help` appends, so `man boardkit-report` did not say --weeks covers 8 weeks.
# For every option of every page, the part of its `--help` text past the page's text is added.
# Usage: Packaging/manual-defaults.sh BOARDKIT PAGE...   (pages named boardkit[.COMMAND].1)
set -euo pipefail
program=${1:?usage: manual-defaults.sh BOARDKIT PAGE...}; shift
for page in "$@"; do
    name=$(basename "$page" .1)
    read -ra command <<<"$(echo "${name#boardkit}" | tr '.' ' ')"
    # One line per option (a wide terminal), its text after the spaces that follow its names;
    # an option whose names are long has its text on the next line.
    COLUMNS=10000 "$program" "${command[@]}" --help | awk '
        function remember(line,   text) {
            text = line; sub(/^ +/, "", text)
            if (option != "" && text != "") print option "\t" text
            option = ""
        }
        /^  -/ {
            option = ""
            if (match($0, /--[A-Za-z0-9-]+/)) option = substr($0, RSTART + 2, RLENGTH - 2)
            rest = $0; sub(/^  [^ ]+( [^ ]+)*/, "", rest)
            if (rest ~ /^  +[^ ]/) remember(rest)
            next
        }
        option != "" && /^          +[^ ]/ { remember($0) }
    ' >"$page.help"
    awk '
        FNR == NR { tab = index($0, "\t"); help[substr($0, 1, tab - 1)] = substr($0, tab + 1); next }
        pending != "" {
            text = $0; full = help[pending]; pending = ""
            if (substr(full, 1, length(text)) == text && length(full) > length(text)) {
                print text substr(full, length(text) + 1); next
            }
        }
        /^\.It / {
            # `.It Fl -weeks Ar weeks`, `.It Fl o , -output Ar output`: the long name.
            for (i = 2; i <= NF; i++) if ($i ~ /^-[A-Za-z0-9][A-Za-z0-9-]+$/) { pending = substr($i, 2); break }
        }
        { print }
    ' "$page.help" "$page" >"$page.new"
    mv "$page.new" "$page"
    rm -f "$page.help"
done
