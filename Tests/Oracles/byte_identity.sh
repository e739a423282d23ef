#!/usr/bin/env bash
# Proves a change left every output byte-identical: runs two boardkit binaries (before and
# after) on the same inputs and compares what each writes, its diagnostics and its exit
# status. Inputs: samples/, samples/foreign/ and a generated board of CARDS cards (100,000 by
# default). Outputs: every format (json, csv, tsv, csv --excel with an events file, xlsx,
# ics with events and to-dos, trello, taskwarrior) and `report` in every report format.
# Workbooks are compared by their unzipped parts (zip timestamps may differ). Then the
# diagnostics on bad inputs (the last section; FUZZ_CORPUS may name a fuzz corpus to add).
#
#   Tests/Oracles/byte_identity.sh BEFORE_BINARY AFTER_BINARY [CARDS]
#
# Prints one line per difference and a count; exit status 1 when anything differs.
set -u
before=$(realpath "$1"); after=$(realpath "$2"); cards=${3:-100000}
corpus=${FUZZ_CORPUS:+$(realpath "$FUZZ_CORPUS")}
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

# Diagnostics on bad inputs. The inputs above are mostly good files, so their diagnostics
# say little; the fuzz targets' seeds (Fuzz/seeds.sh), the fuzz findings kept in
# Tests/FuzzFindings, a fuzz corpus when FUZZ_CORPUS names one (e.g. .build-fuzz/corpus),
# and deterministic damage done to the seeds (cut short at a third, two thirds and one byte
# before the end; a quote, a delimiter, a line break, '<' and a byte 0xFF put in at fixed
# places; each workbook part of Fuzz/Base cut in half inside an otherwise whole workbook)
# are each validated (as text and as JSON) and converted to JSON, and standard output,
# standard error and the exit status compared. The written file is not compared: the
# point is what the readers say.
(cd "$root" && Fuzz/seeds.sh "$work/seeds") > /dev/null
mkdir -p in-bad
python3 - "$work/seeds" "$root" in-bad "$corpus" <<'EOF'
import os, shutil, sys, zipfile
seeds, root, out, corpus = sys.argv[1:5]
def put(name, data):
    with open(os.path.join(out, name), "wb") as f: f.write(data)
ext = {"json": ".json", "csv": ".csv", "events": ".events.csv", "xlsx": ".xlsx", "ics": ".ics",
       "trello": ".json", "taskwarrior": ".json", "mapping": ".json", "store": ".db"}
for target in sorted(os.listdir(seeds)):
    if target not in ext: continue  # the byte-led variants read the same files as csv and xlsx
    for name in sorted(os.listdir(os.path.join(seeds, target))):
        data = open(os.path.join(seeds, target, name), "rb").read()
        stem = f"{target}-{os.path.splitext(name)[0]}"
        e = ext[target]
        put(f"{stem}{e}", data)
        for k, cut in enumerate([len(data) // 3, 2 * len(data) // 3, max(len(data) - 1, 0)]):
            put(f"{stem}-cut{k}{e}", data[:cut])
        for k, b in enumerate([b'"', b",", b"\n", b"<", b"\xff"]):
            at = (len(data) * (k + 1)) // 7
            put(f"{stem}-put{k}{e}", data[:at] + b + data[at + 1:])
base = os.path.join(root, "Fuzz", "Base")
for wb in sorted(d for d in os.listdir(base) if d.startswith("workbook-")):
    parts = []
    for folder, _, files in os.walk(os.path.join(base, wb)):
        for f in files:
            full = os.path.join(folder, f)
            parts.append(os.path.relpath(full, os.path.join(base, wb)))
    parts.sort()
    for k, broken in enumerate(parts):
        path = os.path.join(out, f"{wb}-part{k}.xlsx")
        with zipfile.ZipFile(path, "w") as z:
            for p in parts:
                data = open(os.path.join(base, wb, p), "rb").read()
                z.writestr(zipfile.ZipInfo(p, (2026, 1, 1, 0, 0, 0)), data[:len(data) // 2] if p == broken else data)
findings = os.path.join(root, "Tests", "FuzzFindings")
for name in sorted(os.listdir(findings)):
    shutil.copy(os.path.join(findings, name), os.path.join(out, f"finding-{name}"))
if corpus:
    for target in sorted(os.listdir(corpus)):
        if target not in ext: continue
        for name in sorted(os.listdir(os.path.join(corpus, target))):
            shutil.copy(os.path.join(corpus, target, name), os.path.join(out, f"corpus-{target}-{name}{ext[target]}"))
EOF
bad=0
for input in in-bad/*; do
    base=$(basename "$input"); base=bad-${base//./_}
    src=../$input
    run "$base.validate" "" validate "$src"
    run "$base.validate-json" "" validate "$src" --diagnostics json
    run "$base.to-json" "" convert "$src" "$base.json"
    bad=$((bad + 3))
    # An events file is read beside a board, a mapping file applied to one.
    case $base in
    bad-events-*|bad-corpus-events-*)
        run "$base.as-events" "" convert ../in/board.csv "$base.json" --events "$src"; bad=$((bad + 1)) ;;
    bad-mapping-*|bad-corpus-mapping-*)
        run "$base.as-mapping" "" convert ../in/board.csv "$base.json" --mapping "$src"; bad=$((bad + 1)) ;;
    esac
done
echo "$bad of the runs on bad inputs"

echo "$compared runs compared, $differences differences"
[ "$differences" -eq 0 ]
