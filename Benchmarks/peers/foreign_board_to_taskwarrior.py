#!/usr/bin/env python3
"""Benchmark peer: boardkit's canonical JSON → JSON that `task import` takes, in plain
Python, doing what `boardkit convert board.json tasks.json --to taskwarrior` does: status
from the state's category, entry/modified/start/end in 20261122T141500Z form, labels →
tags, fields → UDAs.

usage: foreign_board_to_taskwarrior.py INPUT OUTPUT
"""
import json
import re
import sys
import uuid
from datetime import datetime, timezone


def tw(iso):
    if len(iso) == 10:
        iso += "T00:00:00Z"
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def main(inp, out):
    d = json.load(open(inp, encoding="utf-8"))
    cat = {s["id"]: s["category"] for s in d["states"]}
    first_doing = {}
    for e in d.get("events", []):
        if cat.get(e.get("to")) == "doing":
            first_doing.setdefault(e["card"], e["at"])
    with open(out, "w", encoding="utf-8") as f:
        f.write("[\n")
        cards = d["cards"]
        for k, c in enumerate(cards):
            c_cat = cat.get(c["state"], "todo")
            t = {"uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, c["id"])), "description": c["title"],
                 "status": "completed" if c_cat == "done" else "deleted" if c.get("archived") else "pending",
                 "entry": tw(c.get("created") or c.get("updated") or "1970-01-01T00:00:00Z")}
            if c.get("updated"):
                t["modified"] = tw(c["updated"])
            if c_cat != "todo" and (first_doing.get(c["id"]) or c.get("updated")):
                t["start"] = tw(first_doing.get(c["id"]) or c["updated"])
            if t["status"] != "pending":
                t["end"] = tw(c.get("completed") or c.get("updated") or c.get("created"))
            if c.get("due"):
                t["due"] = tw(c["due"])
            if c.get("labels"):
                t["tags"] = c["labels"]
            if c.get("body"):
                t["annotations"] = [{"entry": t["entry"], "description": c["body"]}]
            t["boardkit_id"] = c["id"]
            for name, value in sorted(c.get("fields", {}).items()):
                t[re.sub(r"[^A-Za-z0-9_]", "_", name)] = value
            f.write(json.dumps(t, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if k + 1 < len(cards) else "\n")
        f.write("]\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
