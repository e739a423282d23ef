#!/usr/bin/env python3
"""Peer for the forecast benchmark: `boardkit forecast --format json` in plain Python (json,
zoneinfo, numpy): the board replayed up to as-of for its finishes (entries into a done state
from another category, or creation in one) and its open cards, the finishes per calendar day
of the last 12 weeks in the board's zone (from the board's first card at the earliest), then
the trials drawn with numpy, a block of days at a time for every trial still running.

usage: forecast_python.py INPUT OUTPUT [AS_OF_DATE=2026-11-20] [TRIALS=10000] [SEED=1]
Prints load, replay and trials seconds to standard error.
"""
import json
import math
import sys
import time
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import numpy as np

HISTORY_WEEKS = 12
HORIZON_DAYS = 3653
LEVELS = (50, 85, 95)


def parse_instant(s):
    return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def main():
    src, out = sys.argv[1], sys.argv[2]
    as_of_day = date.fromisoformat(sys.argv[3] if len(sys.argv) > 3 else "2026-11-20")
    trials = int(sys.argv[4]) if len(sys.argv) > 4 else 10_000
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    t0 = time.perf_counter()
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    t1 = time.perf_counter()
    zone = ZoneInfo(board["board"].get("timezone", "UTC"))

    def midnight(d):
        return datetime.combine(d, datetime.min.time(), zone).timestamp()

    as_of = midnight(as_of_day + timedelta(days=1)) - 0.001
    category = {s["id"]: s["category"] for s in board["states"]}
    index = {c["id"]: k for k, c in enumerate(board["cards"])}
    n = len(board["cards"])
    state = [None] * n
    archived = [None] * n
    finishes = []
    born = math.inf
    for e in board["events"]:
        c = index.get(e["card"])
        if c is None:
            continue
        t = parse_instant(e["at"])
        kind = e["type"]
        if kind in ("archived", "restored", "deleted") and archived[c] is None:
            archived[c] = False
        if t > as_of:
            continue
        if kind in ("archived", "restored", "deleted"):
            archived[c] = kind != "restored"
            if kind == "deleted":
                state[c] = None
            continue
        if kind == "created":
            born = min(born, t)
        to = e.get("to")
        if kind not in ("created", "moved") or to is None or state[c] == to:
            continue
        if category.get(to) == "done" and (state[c] is None or category.get(state[c]) != "done"):
            finishes.append(t)
        state[c] = to
    remaining = sum(1 for k, card in enumerate(board["cards"])
                    if state[k] is not None and category.get(state[k]) != "done"
                    and not (archived[k] if archived[k] is not None else card.get("archived", False)))

    first = as_of_day - timedelta(days=7 * HISTORY_WEEKS - 1)
    if born <= as_of:
        first = max(first, datetime.fromtimestamp(born, zone).date())
    days = (as_of_day - first).days + 1
    bounds = np.array([midnight(first + timedelta(days=k)) for k in range(days + 1)])
    stamps = np.array(finishes)
    stamps = stamps[(stamps >= bounds[0]) & (stamps < bounds[-1])]
    per_day = np.bincount(np.searchsorted(bounds, stamps, side="right") - 1, minlength=days)
    t2 = time.perf_counter()
    if per_day.sum() == 0:
        print("no card was finished in the sample", file=sys.stderr)
        sys.exit(1)

    # When: each trial draws days until the remaining cards are done (day 0 when none remain).
    rng = np.random.default_rng(seed)
    needed = np.full(trials, HORIZON_DAYS + 1)
    done = np.zeros(trials, dtype=np.int64)
    running = np.arange(trials) if remaining > 0 else np.arange(0)
    if remaining == 0:
        needed[:] = 0
    day, block = 0, 64
    while running.size and day < HORIZON_DAYS:
        width = min(block, HORIZON_DAYS - day)
        totals = done[running, None] + np.cumsum(per_day[rng.integers(0, days, size=(running.size, width))], axis=1)
        finished = totals[:, -1] >= remaining
        needed[running[finished]] = day + 1 + np.argmax(totals[finished] >= remaining, axis=1)
        done[running] = totals[:, -1]
        running = running[~finished]
        day += width
    needed.sort()
    dates = {}
    for level in LEVELS:
        k = needed[max(1, -(-level * trials // 100)) - 1]
        dates[str(level)] = (as_of_day + timedelta(days=int(k))).isoformat() if k <= HORIZON_DAYS else None
    t3 = time.perf_counter()
    result = {"asOf": datetime.fromtimestamp(as_of, zone).isoformat(timespec="milliseconds"),
              "sample": {"from": first.isoformat(), "to": as_of_day.isoformat(), "days": days, "done": int(per_day.sum())},
              "when": {"remaining": remaining, "dates": dates}}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    print(f"python peer: load {t1 - t0:.2f} s, replay {t2 - t1:.2f} s, trials {t3 - t2:.2f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
