#!/usr/bin/env python3
"""Benchmark peer: `task export` JSON → boardkit's canonical JSON, in plain Python (json
module), doing what `boardkit convert tasks.json board.json` does: status and start → state,
entry/modified/end/due → dates, tags → labels, annotations → body, other attributes →
fields, and entry/start/end → events.

usage: foreign_taskwarrior_to_board.py INPUT OUTPUT
"""
import json
import sys
from datetime import datetime, timezone

CORE = {"uuid", "description", "status", "entry", "modified", "start", "end", "due", "scheduled", "tags",
        "annotations", "id", "urgency", "boardkit_id", "boardkit_state", "boardkit_assignees", "boardkit_url"}


def iso(tw):
    return datetime.strptime(tw, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main(inp, out):
    tasks = json.load(open(inp, encoding="utf-8"))
    cards, events = [], []
    for t in tasks:
        status = t["status"]
        state = "done" if status == "completed" else "doing" if t.get("start") else "todo"
        cid = t.get("boardkit_id", t["uuid"])
        card = {"id": cid, "title": t["description"], "state": state, "created": iso(t["entry"])}
        if t.get("modified"):
            card["updated"] = iso(t["modified"])
        if status == "completed" and t.get("end"):
            card["completed"] = iso(t["end"])
        if t.get("due"):
            card["due"] = iso(t["due"])
        if t.get("tags"):
            card["labels"] = t["tags"]
        if t.get("annotations"):
            card["body"] = "\n".join(f"{iso(a['entry'])} {a['description']}" for a in t["annotations"])
        fields = {k: v for k, v in t.items() if k not in CORE}
        if fields:
            card["fields"] = {k: ",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in fields.items()}
        if status == "deleted":
            card["archived"] = True
        cards.append(card)
        events.append({"card": cid, "at": card["created"], "type": "created", "to": "todo"})
        if t.get("start"):
            events.append({"card": cid, "at": iso(t["start"]), "type": "moved", "from": "todo", "to": "doing"})
        if t.get("end") and status == "completed":
            events.append({"card": cid, "at": iso(t["end"]), "type": "moved", "from": "doing", "to": "done"})
    events.sort(key=lambda e: e["at"])
    json.dump({"format": "boardkit/1", "board": {"id": "taskwarrior", "name": "Taskwarrior", "timezone": "UTC"},
               "states": [{"id": "todo", "name": "Pending", "category": "todo"},
                          {"id": "doing", "name": "Active", "category": "doing"},
                          {"id": "done", "name": "Completed", "category": "done"}],
               "cards": cards, "events": events}, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
