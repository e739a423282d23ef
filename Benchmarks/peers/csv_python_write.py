#!/usr/bin/env python3
"""JSON → CSV peer: json and Python's csv module, writing boardkit's canonical columns.
Usage: csv_python_write.py INPUT OUTPUT"""
import csv, json, sys

CANONICAL = ["id", "title", "body", "state", "due", "start", "created", "updated", "completed",
             "labels", "assignees", "position", "archived", "url"]


def join(items):
    return ", ".join(i.replace("\\", "\\\\").replace(",", "\\,") for i in items)


with open(sys.argv[1], encoding="utf-8") as f:
    board = json.load(f)
names = {s["id"]: s["name"] for s in board["states"]}
field_names = sorted({k for c in board["cards"] for k in c.get("fields", {})})
with open(sys.argv[2], "w", newline="", encoding="utf-8") as out:
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CANONICAL + field_names)
    for c in board["cards"]:
        pos = c.get("position")
        w.writerow([c["id"], c["title"], c.get("body", ""), names.get(c["state"], c["state"]),
                    c.get("due", ""), c.get("start", ""), c.get("created", ""), c.get("updated", ""),
                    c.get("completed", ""), join(c.get("labels", [])), join(c.get("assignees", [])),
                    "" if pos is None else (str(int(pos)) if float(pos).is_integer() else str(pos)),
                    "true" if c.get("archived") else "false", c.get("url", "")]
                   + [c.get("fields", {}).get(k, "") for k in field_names])
