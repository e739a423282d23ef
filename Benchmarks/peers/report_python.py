#!/usr/bin/env python3
"""Peer for the report benchmark: the core of `boardkit report --format json` in plain Python
(json + zoneinfo): state counts, overdue, throughput per state per ISO week, cycle and lead
time percentiles (nearest rank), replayed from the events up to as-of.

usage: report_python.py INPUT OUTPUT [AS_OF_DATE=2026-11-20] [WEEKS=8]
Prints load and compute seconds to standard error.
"""
import json
import math
import sys
import time
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def parse_instant(s):
    return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def main():
    src, out = sys.argv[1], sys.argv[2]
    as_of_day = date.fromisoformat(sys.argv[3] if len(sys.argv) > 3 else "2026-11-20")
    weeks = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    t0 = time.perf_counter()
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    t1 = time.perf_counter()
    zone = ZoneInfo(board["board"].get("timezone", "UTC"))
    as_of = datetime.combine(as_of_day + timedelta(days=1), datetime.min.time(), zone).timestamp() - 0.001
    monday = as_of_day - timedelta(days=as_of_day.weekday())
    mondays = [monday - timedelta(weeks=weeks - 1 - k) for k in range(weeks)]
    bounds = [datetime.combine(m, datetime.min.time(), zone).timestamp() for m in mondays]
    bounds.append(datetime.combine(monday + timedelta(days=7), datetime.min.time(), zone).timestamp())
    category = {s["id"]: s["category"] for s in board["states"]}
    index = {c["id"]: k for k, c in enumerate(board["cards"])}
    n = len(board["cards"])
    state = [None] * n
    created = [None] * n
    first_doing = [None] * n
    last_done = [None] * n
    entries = {s: [0] * weeks for s in category}
    # Archived at as-of, from the history; None = no archive event at all, so the card's own
    # flag stands (a board whose archiving left no event).
    archived = [None] * n

    def week_of(t):
        if t < bounds[0] or t >= bounds[-1]:
            return None
        for k in range(weeks):
            if t < bounds[k + 1]:
                return k
        return None

    for e in board["events"]:
        c = index.get(e["card"])
        if c is None:
            continue
        t = parse_instant(e["at"])
        if e["type"] in ("archived", "restored", "deleted") and archived[c] is None:
            archived[c] = False  # it has archive history: the flag no longer decides
        if t > as_of:
            continue
        to = e.get("to")
        if e["type"] in ("archived", "restored", "deleted"):
            archived[c] = e["type"] != "restored"
            if e["type"] == "deleted":
                state[c] = None
            continue
        if e["type"] == "created":
            created[c] = t
        if e["type"] not in ("created", "moved") or to is None:
            continue
        if state[c] == to:
            continue
        state[c] = to
        w = week_of(t)
        if w is not None and to in entries:
            entries[to][w] += 1
        cat = category.get(to)
        if cat == "doing" and first_doing[c] is None:
            first_doing[c] = t
        elif cat == "done":
            last_done[c] = t
    counts = {s: 0 for s in category}
    overdue = []
    today = as_of_day
    cycles, leads = [], []
    for k, card in enumerate(board["cards"]):
        s = state[k]
        if s is None:
            continue
        gone = archived[k] if archived[k] is not None else bool(card.get("archived"))
        if not gone:
            counts[s] = counts.get(s, 0) + 1
        cat = category.get(s)
        due = card.get("due")
        if due and cat != "done" and not gone:
            if len(due) == 10:
                d = date.fromisoformat(due)
                late_from = datetime.combine(d + timedelta(days=1), datetime.min.time(), zone).timestamp()
            else:
                late_from = parse_instant(due)
                d = datetime.fromtimestamp(late_from, zone).date()
            if late_from <= as_of:
                overdue.append((late_from, k, card["id"], (today - d).days))
        if cat == "done" and last_done[k] is not None and bounds[0] <= last_done[k] <= as_of:
            if first_doing[k] is not None:
                cycles.append(last_done[k] - first_doing[k])
            if created[k] is not None:
                leads.append(last_done[k] - created[k])
    overdue.sort()

    def summary(values):
        values.sort()
        def rank(p):
            if not values:
                return None
            return round(values[max(1, math.ceil(p * len(values) / 100)) - 1] / 86400, 1)
        return {"count": len(values), "p50": rank(50), "p70": rank(70), "p85": rank(85), "p95": rank(95)}

    report = {"counts": counts, "overdue": [{"id": i, "daysOverdue": d} for _, _, i, d in overdue],
              "throughput": entries, "cycleTime": summary(cycles), "leadTime": summary(leads)}
    t2 = time.perf_counter()
    with open(out, "w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False)
    print(f"python peer: load {t1 - t0:.2f} s, compute {t2 - t1:.2f} s, write {time.perf_counter() - t2:.2f} s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
