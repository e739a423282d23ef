#!/usr/bin/env bash
# Times two boardkit binaries (before and after a change) on the benchmark's boardkit tasks,
# alternating runs, on a board made like the benchmark's (`sample --weeks 26 --seed 42`).
# Prints each run's wall seconds and peak memory, and the medians.
#
#   Benchmarks/before_after.sh BEFORE_BINARY AFTER_BINARY [CARDS] [RUNS]
set -eu
before=$(realpath "$1"); after=$(realpath "$2"); cards=${3:-100000}; runs=${4:-3}
data=${BENCH_DATA:-/tmp/boardkit-before-after}
mkdir -p "$data"; cd "$data"
board=board-$cards
[ -f $board.json ] || "$before" sample --cards "$cards" --weeks 26 --seed 42 -o $board.json
[ -f $board.csv ] || "$before" convert $board.json $board.csv --events $board.events.csv 2>/dev/null
[ -f $board.ics ] || "$before" convert $board.json $board.ics --include-done 2>/dev/null
[ -f $board.xlsx ] || "$before" convert $board.json $board.xlsx 2>/dev/null

tasks=(
  "JSON→JSON|convert $board.json out.json"
  "CSV→JSON|convert $board.csv out.json"
  "JSON→CSV|convert $board.json out.csv"
  "JSON→ICS|convert $board.json out.ics"
  "ICS→JSON|convert $board.ics out.json"
  "JSON→XLSX|convert $board.json out.xlsx"
  "XLSX→JSON|convert $board.xlsx out.json"
  "JSON→store|convert $board.json out.db"
  "report (JSON)|report $board.json --format json --as-of 2026-11-20 -o out.report.json"
)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-14s %-7s %s\n' task binary "wall s (peak MB) per run → median"
for task in "${tasks[@]}"; do
  name=${task%%|*}; args=${task#*|}
  declare -A walls=() mems=()
  for ((k = 0; k < runs; k++)); do
    for side in before after; do
      bin=$before; [ $side = after ] && bin=$after
      rm -f out.json out.csv out.ics out.xlsx out.db out.report.json
      /usr/bin/time -f "%e %M" -o time.txt "$bin" $args > /dev/null 2>&1 || true
      read -r wall kb < <(tail -1 time.txt)
      walls[$side]+="$wall "; mems[$side]+="$((kb / 1024)) "
    done
  done
  for side in before after; do
    m=$(tr ' ' '\n' <<< "${walls[$side]}" | grep . | median)
    printf '%-14s %-7s %s→ %s\n' "$name" $side "${walls[$side]}(${mems[$side]% }) " "$m"
  done
  unset walls mems
done
