#!/usr/bin/env python3
"""Checks Benchmarks/RESULTS.md against the goals the issues set, and writes the verdicts
into RESULTS.md under "Goals" (replacing an earlier such section).

usage: goals.py [RESULTS.md]

Each goal is read at the largest board size that has the figures it needs. "ratio" is the
peer's median time divided by boardkit's (above 1: boardkit is faster).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (issue, task, what, kind, tool, threshold). Kinds: "ratio" peer time / boardkit time must
# be at least threshold; "memory-x" boardkit's peak over the input size at most threshold;
# "memory-mb" boardkit's peak at most threshold MB; "compute-s" the report's compute seconds
# at most threshold; "rps" serve requests per second at least threshold; "latency-ms" the median
# milliseconds of one editing command (tool names the command) under threshold; "p99-ms" a
# serve row's 99th-percentile latency under threshold; "wall-s" boardkit's median wall seconds
# under threshold; "trials-s" a forecast's trials (its --timings) in seconds under threshold;
# "trials-share" those seconds over the report's wall time at the same size under threshold;
# "sync-ratio" vdirsyncer's wall over boardkit's for one sync row (tool names the row), at
# least threshold; "sync-wall-s" boardkit's wall seconds for one sync row under threshold;
# "rps-ratio" a serve row's requests per second over another's (tool names the two rows), at
# least threshold; "store-ratio" one store's figure over another's for one measure of the
# PostgreSQL section (tool: measure, store, the store it is divided by), at least threshold;
# "store-time-x" the same for seconds, at most threshold; "size-ratio" like "ratio" but per MB of
# each one's input (the peer's seconds per MB over boardkit's), at least threshold.
# A seventh element reads the goal at that many cards, not the largest size.
GOALS = [
    (2, "JSON→JSON", "faster than Python's json", "ratio", "python json", 1.0),
    (2, "JSON→JSON", "within 2x of orjson", "ratio", "python orjson", 0.5),
    (2, "JSON→JSON", "peak memory under 4x the file", "memory-x", None, 4.0),
    (3, "CSV→JSON", "faster than Miller", "ratio", "miller", 1.0),
    (3, "CSV→JSON", "5x faster than Python csv + json", "ratio", "python csv+json", 5.0),
    (3, "CSV→JSON", "peak memory under 4x the file", "memory-x", None, 4.0),
    (3, "JSON→CSV", "faster than Miller", "ratio", "miller", 1.0),
    (3, "JSON→CSV", "5x faster than Python json + csv", "ratio", "python json+csv", 5.0),
    (3, "JSON→CSV", "peak memory under 4x the file", "memory-x", None, 4.0),
    (4, "JSON→XLSX", "within 1.3x of the C program", "ratio", "C libcsv+libxlsxwriter", 1 / 1.3),
    (4, "JSON→XLSX", "5x faster than Python's xlsxwriter", "ratio", "python xlsxwriter", 5.0),
    (4, "JSON→XLSX", "peak memory under 1 GB", "memory-mb", None, 1024),
    (4, "XLSX→JSON", "10x faster than openpyxl", "ratio", "openpyxl read-only", 10.0),
    (4, "XLSX→JSON", "no slower than python-calamine", "ratio", "python-calamine", 1.0),
    (4, "XLSX→JSON", "peak memory under 1 GB", "memory-mb", None, 1024),
    (5, "JSON→ICS", "20x faster than icalendar", "ratio", "python icalendar", 20.0),
    (5, "JSON→ICS", "3x faster than a hand-written Python writer", "ratio", "python hand-written", 3.0),
    (5, "ICS→JSON", "20x faster than icalendar", "ratio", "python icalendar", 20.0),
    (5, "serve", "over 10,000 revalidations per second", "rps", "revalidate 304", 10_000),
    (6, "report (JSON)", "compute under 3 s at 1M cards, 5M events", "compute-s", None, 3.0),
    (6, "report (JSON)", "peak memory under 2 GB", "memory-mb", None, 2048),
    (14, "JSON→store", "within 3x of boardkit's JSON→JSON", "ratio", "boardkit JSON→JSON", 1 / 3),
    (14, "JSON→store", "peak memory under 1 GB", "memory-mb", None, 1024),
    (14, "store→JSON", "within 3x of boardkit's JSON→JSON", "ratio", "boardkit JSON→JSON", 1 / 3),
    (14, "store→JSON", "peak memory under 1 GB", "memory-mb", None, 1024),
    (14, "edits", "one add on the largest store under 50 ms", "latency-ms", "add", 50),
    (14, "edits", "one move on the largest store under 50 ms", "latency-ms", "move", 50),
    (14, "edits", "show of a 1,000-card board under 100 ms", "latency-ms", "show", 100),
    (15, "serve", "page API: GET board at 2,000 requests/s or more (1,000-card store)", "rps", "store GET api/board", 2_000),
    (15, "serve", "page API: GET board p99 under 20 ms", "p99-ms", "store GET api/board", 20),
    (15, "serve", "page API: card moves at 2,000 requests/s or more", "rps", "store POST move", 2_000),
    (15, "serve", "page API: card move p99 under 20 ms", "p99-ms", "store POST move", 20),
    (29, "serve", "page API, 8 connections, group commit: 2,000 moves/s or more", "rps", "move c8 grouped", 2_000),
    (29, "serve", "page API, 8 connections, group commit: move p99 under 20 ms", "p99-ms", "move c8 grouped", 20),
] + [
    (18, task, f"5x faster than Python's json at {cards:,} cards", "ratio", "python json", 5.0, cards)
    for task in ("Trello→JSON", "JSON→Trello", "Taskwarrior→JSON", "JSON→Taskwarrior")
    for cards in (100_000, 1_000_000)
] + [
    (18, "Trello→JSON", "peak memory under the export's size", "memory-x", None, 1.0),
    (18, "report (JSON)", "under 6 s wall at 1M cards, 5M events, load included", "wall-s", None, 6.0, 1_000_000),
    (34, "forecast (10,000 trials)", "10,000 trials add under 10% to the report's time", "trials-share", None, 0.10),
    (34, "forecast (100,000 trials)", "100,000 trials under a second", "trials-s", None, 1.0),
    (46, "sync", "first sync within 2x of vdirsyncer's (every to-do up)", "sync-ratio", "first sync: every to-do up", 0.5),
] + [
    (44, task, "five comments and a checklist per card: each MB within 1.3x of the board's without them",
     "size-ratio", "boardkit, board without it", 1 / 1.3, 100_000)
    for task in ("Trello→JSON (conversation)", "JSON→XLSX (conversation)")
] + [
    (44, task, "peak memory under 1 GB at 100,000 cards", "memory-mb", None, 1024, 100_000)
    for task in ("Trello→JSON (conversation)", "JSON→XLSX (conversation)")
] + [
    (46, "sync", "a sync with nothing to do under 1 s", "sync-wall-s", "nothing changed", 1.0),
    (49, "serve", "GET api/board p99 under 20 ms while 8 connections move cards (1,000 cards, 200 boards served)",
     "p99-ms", "GET api/board while 8 move", 20),
    (49, "serve", "100 open pages cost the feed under 10 % (200 boards served, against one and no page)", "rps-ratio",
     ("feed, 200 boards, 100 pages open", "feed, one board, no page open"), 0.9),
    (49, "serve", "100 open pages cost card moves under 10 % (200 boards served, against one and no page)", "rps-ratio",
     ("move c8, 200 boards, 100 pages open", "move c8, one board, no page open"), 0.9),
] + [
    (48, "PostgreSQL", "page moves through one instance at least half of SQLite's", "store-ratio",
     ("moves/s through the page's API", "PostgreSQL", "SQLite"), 0.5),
    (48, "PostgreSQL", "page moves through two instances behind nginx at least 1.5x one instance's", "store-ratio",
     ("moves/s through the page's API", "PostgreSQL, two instances behind nginx", "PostgreSQL"), 1.5),
    (48, "PostgreSQL", "page moves on two boards of one instance at least 1.5x one board's", "store-ratio",
     ("moves/s through the page's API", "PostgreSQL, two boards in one instance", "PostgreSQL"), 1.5),
    (48, "PostgreSQL", "page moves on two boards through two instances behind nginx at least 1.5x one board through one",
     "store-ratio", ("moves/s through the page's API", "PostgreSQL, two boards through two instances behind nginx", "PostgreSQL"),
     1.5),
    (48, "PostgreSQL", "an import within 2x of SQLite's time", "store-time-x",
     ("import (init --from JSON)", "PostgreSQL", "SQLite"), 2.0),
] + [
    (18, task, "peak memory under 1 GB at 1M cards", "memory-mb", None, 1024, 1_000_000)
    for task in ("JSON→JSON", "CSV→JSON", "JSON→CSV", "JSON→XLSX", "XLSX→JSON", "JSON→ICS", "ICS→JSON",
                 "Trello→JSON", "JSON→Trello", "Taskwarrior→JSON", "JSON→Taskwarrior", "JSON→store",
                 "store→JSON", "report (JSON)")
]


def number(text):
    text = text.replace(",", "").replace("×", "").strip()
    try:
        return float(text)
    except ValueError:
        return None


def read(path):
    rows, serve, compute, edits, syncs, stores = [], {}, {}, {}, {}, {}
    section = "tasks"
    for line in open(path, encoding="utf-8"):
        if line.startswith("## Goals"):
            break
        if line.startswith("## boardkit serve"):
            section = "serve"
        elif line.startswith("## Editing a store"):
            section = "edits"
        elif line.startswith("## Sync with CalDAV"):
            section = "sync"
        elif line.startswith("## The store in PostgreSQL"):
            section = "postgres"
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and number(cells[0]) is not None:
            if section == "serve":
                serve[cells[1]] = number(cells[2])
                serve["p99 " + cells[1]] = number(cells[3])
            elif section == "sync":
                # (sync, tool) -> (cards, wall); the largest board measured wins.
                cards, what, tool, wall = cells[:4]
                if syncs.get((what, tool), (0,))[0] <= int(number(cards)):
                    syncs[(what, tool)] = (int(number(cards)), number(wall))
            elif section == "postgres":
                # (measure, store) -> (cards, value); the largest board measured wins.
                cards, measure, store, value = cells[:4]
                if stores.get((measure, store), (0,))[0] <= int(number(cards)):
                    stores[(measure, store)] = (int(number(cards)), number(value.split()[0]))
            elif section == "edits":
                if cells[2] == "boardkit":
                    edits[cells[1]] = (int(number(cells[0])), number(cells[3]))
            else:
                cards, task, tool, wall, _, rss, size, ratio, _ = cells
                rows.append({"cards": int(number(cards)), "task": task, "tool": tool, "wall": number(wall),
                             "rss": number(rss), "size": number(size), "ratio": number(ratio)})
        m = re.match(r"- ([\d,]+) cards, (.+?): .* (computed the report|ran the trials) in ([\d.]+) s", line)
        if m:
            compute[(int(m.group(1).replace(",", "")), m.group(2))] = float(m.group(4))
    return rows, serve, compute, edits, syncs, stores


def verdicts(rows, serve, compute, edits, syncs=None, stores=None):
    out = []
    syncs, stores = syncs or {}, stores or {}
    for issue, task, what, kind, tool, limit, *at in GOALS:
        if kind in ("store-ratio", "store-time-x"):
            measure, store, base = tool
            cards, value = stores.get((measure, store), (None, None))
            base_cards, base_value = stores.get((measure, base), (None, None))
            ratio = value / base_value if value and base_value and cards == base_cards else None
            shown = f"{ratio:.2f}× ({value:,.1f} against {base_value:,.1f})" if ratio is not None else "not measured"
            ok = ratio is not None and (ratio >= limit if kind == "store-ratio" else ratio <= limit)
            out.append((issue, task, what, ratio, shown, ok, cards))
            continue
        if kind in ("sync-ratio", "sync-wall-s"):
            cards, mine = syncs.get((tool, "boardkit"), (None, None))
            if kind == "sync-wall-s":
                out.append((issue, task, what, mine, f"{mine:.2f} s" if mine is not None else "not measured",
                            mine is not None and mine < limit, cards))
                continue
            other_cards, theirs = syncs.get((tool, "vdirsyncer"), (None, None))
            value = theirs / mine if mine and theirs and cards == other_cards else None
            shown = (f"{value:.2f}× (vdirsyncer {theirs:.2f} s, boardkit {mine:.2f} s)" if value is not None
                     else "not measured")
            out.append((issue, task, what, value, shown, value is not None and value >= limit, cards))
            continue
        if kind == "latency-ms":
            cards, value = edits.get(tool, (None, None))
            out.append((issue, task, what, value, f"{value:.1f} ms (median)" if value is not None else "not measured",
                        value is not None and value < limit, cards))
            continue
        if kind == "rps":
            value = serve.get(tool)
            out.append((issue, task, what, value, f"{value:,.0f} req/s" if value else "not measured",
                        value is not None and value >= limit, None))
            continue
        if kind == "rps-ratio":
            row, base = (serve.get(label) for label in tool)
            value = row / base if row and base else None
            shown = f"{value:.2f}× ({row:,.0f} against {base:,.0f} req/s)" if value is not None else "not measured"
            out.append((issue, task, what, value, shown, value is not None and value >= limit, None))
            continue
        if kind == "p99-ms":
            value = serve.get("p99 " + tool)
            out.append((issue, task, what, value, f"{value:.2f} ms" if value is not None else "not measured",
                        value is not None and value < limit, None))
            continue
        if kind in ("trials-s", "trials-share"):
            sizes = sorted((c for c, t in compute if t == task), reverse=True)
            seconds = compute[(sizes[0], task)] if sizes else None
            if kind == "trials-s" or seconds is None:
                value, shown = seconds, f"{seconds:.3f} s" if seconds is not None else "not measured"
            else:
                report = next((r["wall"] for r in rows if r["cards"] == sizes[0] and r["task"] == "report (JSON)"
                               and r["tool"] == "boardkit" and r["wall"]), None)
                value = seconds / report if report else None
                shown = f"{value:.1%} ({seconds:.3f} s of {report:.2f} s)" if value is not None else "not measured"
            out.append((issue, task, what, value, shown, value is not None and value < limit, sizes[0] if sizes else None))
            continue
        if kind == "compute-s":
            sizes = sorted((c for c, t in compute if t == task), reverse=True)
            value = compute[(sizes[0], task)] if sizes else None
            out.append((issue, task, what, value, f"{value:.2f} s" if value is not None else "not measured",
                        value is not None and value < limit, sizes[0] if sizes else None))
            continue
        mine = {r["cards"]: r for r in rows if r["task"] == task and r["tool"] == "boardkit" and r["wall"]
                and (not at or r["cards"] == at[0])}
        if kind in ("ratio", "size-ratio"):
            theirs = {r["cards"]: r for r in rows if r["task"] == task and r["tool"] == tool and r["ratio"]}
            sizes = sorted(set(mine) & set(theirs), reverse=True)
            if not sizes:
                out.append((issue, task, what, None, "not measured", False, None))
                continue
            peer, me = theirs[sizes[0]], mine[sizes[0]]
            if kind == "ratio":
                value = peer["ratio"]
                shown = f"{value:.2f}× ({tool} {peer['wall']:.2f} s, boardkit {me['wall']:.2f} s)"
            else:
                value = (peer["wall"] / peer["size"]) / (me["wall"] / me["size"])
                shown = (f"{value:.2f}× ({tool} {peer['wall']:.2f} s for {peer['size']:,.0f} MB, "
                         f"boardkit {me['wall']:.2f} s for {me['size']:,.0f} MB)")
            out.append((issue, task, what, value, shown, value >= limit, sizes[0]))
        else:
            sizes = sorted(mine, reverse=True)
            if not sizes:
                out.append((issue, task, what, None, "not measured", False, None))
                continue
            r = mine[sizes[0]]
            if kind == "wall-s":
                value = r["wall"]
                shown = f"{value:.2f} s"
                ok = value < limit
            elif kind == "memory-x":
                value = r["rss"] / r["size"] if r["size"] else None
                shown = f"{value:.1f}× ({r['rss']:,.0f} MB for {r['size']:,.0f} MB)"
                ok = value is not None and value < limit
            else:
                value = r["rss"]
                shown = f"{value:,.0f} MB"
                ok = value < limit
            out.append((issue, task, what, value, shown, ok, sizes[0]))
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Benchmarks", "RESULTS.md")
    rows, serve, compute, edits, syncs, stores = read(path)
    table = ("## Goals\n\nEach goal from the issues, read at the largest size measured.\n\n"
             "| issue | task | goal | cards | measured | met |\n|---:|---|---|---:|---|---|\n")
    for issue, task, what, _, shown, ok, cards in verdicts(rows, serve, compute, edits, syncs, stores):
        table += f"| #{issue} | {task} | {what} | {f'{cards:,}' if cards else '—'} | {shown} | {'yes' if ok else '**no**'} |\n"
    text = open(path, encoding="utf-8").read()
    text = text.split("\n## Goals")[0].rstrip("\n") + "\n\n" + table
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(table)


if __name__ == "__main__":
    main()
