#!/usr/bin/env bash
# Proves a change left every output byte-identical: runs two boardkit binaries (before and
# after) on the same inputs and compares what each writes, its diagnostics and its exit
# status. Inputs: samples/, samples/foreign/ and a generated board of CARDS cards (100,000 by
# default). Outputs: every format (json, csv, tsv, csv --excel with an events file, xlsx,
# ics with events and to-dos, trello, taskwarrior) and `report` in every report format.
# Workbooks are compared by their unzipped parts (zip timestamps may differ).
#
#   Tests/Oracles/byte_identity.sh BEFORE_BINARY AFTER_BINARY [CARDS]
#
# Prints one line per difference and a count; exit status 1 when anything differs.
set -u
before=$(realpath "$1"); after=$(realpath "$2"); cards=${3:-100000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/byte-identity.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in" "$work/before" "$work/after"
cp "$root"/samples/*.* "$root"/samples/foreign/*.* "$work/in/"
cd "$work"
differences=0
compared=0

# The generated board must be the same bytes from both binaries, then serves as input.
"$before" sample --cards "$cards" --weeks 12 --seed 7 -o before/generated.json 2>/dev/null
"$after" sample --cards "$cards" --weeks 12 --seed 7 -o after/generated.json 2>/dev/null
if ! cmp -s before/generated.json after/generated.json; then
    echo "differs: sample --cards $cards"; differences=$((differences + 1))
fi
cp before/generated.json in/generated.json

# Runs `boardkit ARGS…` with each binary in its own folder (so paths in diagnostics match),
# then compares the named output, standard output, standard error and exit status.
run() {
    local name=$1 output=$2; shift 2
    local side bin
    for side in before after; do
        bin=$before; [ "$side" = after ] && bin=$after
        (cd "$side" && "$bin" "$@" > "$name.stdout" 2> "$name.stderr"; echo $? > "$name.status")
    done
    compared=$((compared + 1))
    local part
    for part in stdout stderr status; do
        if ! cmp -s "before/$name.$part" "after/$name.$part"; then
            echo "differs: $name ($part): $*"; differences=$((differences + 1))
        fi
    done
    [ -n "$output" ] && compare "$name" "$output" "$*"
    return 0
}

# Compares one output file of both sides (a workbook by its unzipped parts).
compare() {
    local name=$1 output=$2 what=$3
    if [ -e "before/$output" ] || [ -e "after/$output" ]; then
        case "$output" in
        *.xlsx)
            rm -rf "before/$output.parts" "after/$output.parts"
            mkdir -p "before/$output.parts" "after/$output.parts"
            (cd "before/$output.parts" && unzip -q -o "../$(basename "$output")" 2>/dev/null)
            (cd "after/$output.parts" && unzip -q -o "../$(basename "$output")" 2>/dev/null)
            # The two things a workbook says about when it was written: the package's
            # created/modified times and the Board sheet's export time.
            find "before/$output.parts" "after/$output.parts" -name '*.xml' -exec sed -i -E \
                -e 's|(<dcterms:[a-z]+ [^>]*>)[^<]*(</dcterms:[a-z]+>)|\1(time)\2|g' \
                -e 's|(<t>exported</t></is></c><c r="B[0-9]+" s="[0-9]+"><v>)[0-9.E+-]+(</v>)|\1(time)\2|' {} +
            if ! diff -rq "before/$output.parts" "after/$output.parts" > /dev/null; then
                echo "differs: $name ($output parts): $what"; differences=$((differences + 1))
            fi ;;
        *)
            if ! cmp -s "before/$output" "after/$output"; then
                echo "differs: $name ($output): $what"; differences=$((differences + 1))
            fi ;;
        esac
    fi
}

for input in in/*; do
    base=$(basename "$input"); base=${base//./_}
    src=../$input
    run "$base.to-json" "$base.json" convert "$src" "$base.json"
    run "$base.to-csv" "$base.csv" convert "$src" "$base.csv"
    run "$base.to-tsv" "$base.tsv" convert "$src" "$base.tsv"
    run "$base.to-excel-csv" "$base.excel.csv" convert "$src" "$base.excel.csv" --excel --events-out "$base.events.csv"
    compare "$base.to-excel-csv" "$base.events.csv" "--events-out"
    run "$base.to-xlsx" "$base.xlsx" convert "$src" "$base.xlsx"
    run "$base.to-ics" "$base.ics" convert "$src" "$base.ics" --component both --include-done
    run "$base.to-trello" "$base.trello.json" convert "$src" "$base.trello.json" --to trello
    run "$base.to-taskwarrior" "$base.tw.json" convert "$src" "$base.tw.json" --to taskwarrior
    run "$base.validate" "" validate "$src" --diagnostics json
    for format in text md html json xlsx; do
        run "$base.report-$format" "$base.report.$format" report "$src" --as-of 2026-11-20 --format "$format" -o "$base.report.$format"
    done
done

echo "$compared runs compared, $differences differences"
[ "$differences" -eq 0 ]
