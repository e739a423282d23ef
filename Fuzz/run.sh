#!/bin/bash
# Runs fuzz targets one after another, each for SECONDS (docs/fuzzing.md), with its seeds
# (Fuzz/seeds.sh), its dictionary (Fuzz/dict/) and its own growing corpus under the fuzz
# build's scratch folder. Inputs that break the contract land in SCRATCH/findings/.
# With FUZZ_RUNS=N (as `make test` runs it), each target starts from its seeds alone in a
# corpus of this run's, with libFuzzer's seed fixed, and stops after N inputs (or SECONDS,
# whichever comes first): the same inputs on every clean machine, so CI does not fail on a
# finding its author's machine could not reproduce.
# Usage: Fuzz/run.sh SECONDS TARGET...   (run from the repository's root; SCRATCH=.build-fuzz)
set -u
seconds=${1:?usage: Fuzz/run.sh SECONDS TARGET...}; shift
scratch=${SCRATCH:-.build-fuzz}
bin=$scratch/debug/boardkit-fuzz
[ -x "$bin" ] || { echo "no $bin: build it first (make fuzz-build)" >&2; exit 2; }
# A copy of the binary (taken afresh for each target, so a long run fuzzes the latest
# build) and of the seeds per run, so a rebuild or a second run meanwhile disturbs neither.
run=$scratch/run-$$
trap 'rm -rf "$run"' EXIT
mkdir -p "$run"
Fuzz/seeds.sh "$run/seeds"
mkdir -p "$scratch/corpus" "$scratch/findings" "$scratch/logs"
failed=()
for t in "$@"; do
    case $t in
        json|access) dict=json ;;
        csv|csv-mapping|events) dict=csv ;;
        xlsx|xlsx-part) dict=xml ;;
        ics|trello|taskwarrior|mapping) dict=$t ;;
        *) dict= ;;
    esac
    if [ -n "${FUZZ_RUNS:-}" ]; then
        corpus=$run/corpus/$t
        repeatable=(-runs="$FUZZ_RUNS" -seed=1)
    else
        corpus=$scratch/corpus/$t
        repeatable=()
    fi
    mkdir -p "$corpus"
    cp "$bin" "$run/boardkit-fuzz"
    log=$scratch/logs/$t.log
    echo "fuzz $t: ${seconds}s (log: $log)"
    # 10 s for one input is a hang; inputs grow up to the largest seed (libFuzzer's default).
    # Leaks are not checked: Foundation leaks a few KB per file read (docs/fuzzing.md),
    # which would stop every run.
    ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no BOARDKIT_FUZZ_TARGET=$t "$run/boardkit-fuzz" \
        -max_total_time="$seconds" "${repeatable[@]}" -timeout=10 -rss_limit_mb=4096 \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$scratch/findings/$t-" \
        ${dict:+-dict=Fuzz/dict/$dict.dict} \
        "$corpus" "$run/seeds/$t" >"$log" 2>&1
    rc=$?
    grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | tr '\n' ' '; echo
    echo "  corpus: $(ls "$corpus" | wc -l) files"
    if [ $rc -ne 0 ]; then
        echo "  FOUND something (exit $rc): see $log and $scratch/findings/"
        grep -E 'contract broken|ERROR: (AddressSanitizer|libFuzzer)|Fatal error|SUMMARY' "$log" | head -5
        failed+=("$t")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: findings in: ${failed[*]}" >&2
    exit 1
fi
