#!/usr/bin/env python3
"""Peer for store→JSON: Python's sqlite3 and json doing what `boardkit convert team.db board.json`
does — read a boardkit store's cards and its change log (rows not undone, grouped into
events) and write the board as JSON."""
import json
import sqlite3
import sys


def main(src, dst):
    db = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    bid, name, tz = db.execute("SELECT id, name, timezone FROM board").fetchone()
    states = [{"id": i, "name": n, "category": c} for i, n, c in
              db.execute("SELECT id, name, category FROM states ORDER BY ord")]
    cards = []
    for row in db.execute("SELECT id, title, body, state, due, start, created, completed, labels, assignees, "
                          "position, archived, url, fields FROM cards WHERE present = 1 ORDER BY number"):
        i, title, body, state, due, start, created, completed, labels, assignees, pos, archived, url, fields = row
        c = {"id": i, "title": title, "body": body, "state": state}
        for k, v in (("due", due), ("start", start), ("created", created), ("completed", completed),
                     ("position", pos), ("url", url)):
            if v is not None:
                c[k] = v
        for k, v in (("labels", labels), ("assignees", assignees), ("fields", fields)):
            if v:
                c[k] = json.loads(v)
        if archived:
            c["archived"] = True
        cards.append(c)
    events, current = [], None
    ids = dict(db.execute("SELECT number, id FROM cards"))
    for ev, at, actor, number, kind, field, old, new in db.execute(
            "SELECT event, at, actor, card, kind, field, old, new FROM changes "
            "WHERE undone = 0 AND kind != 'imported' ORDER BY seq"):
        card = ids[number]
        if ev != current:
            current = ev
            e = {"card": card, "at": at, "type": kind}
            if actor:
                e["actor"] = actor
            events.append(e)
        if field == "state":
            if old:
                events[-1]["from"] = json.loads(old)
            if new:
                events[-1]["to"] = json.loads(new)
        elif field is not None:
            events[-1].setdefault("changes", []).append({"field": field, "old": json.loads(old) if old else None,
                                                        "new": json.loads(new) if new else None})
    with open(dst, "w", encoding="utf-8") as f:
        json.dump({"format": "boardkit/1", "board": {"id": bid, "name": name, "timezone": tz},
                   "states": states, "cards": cards, "events": events}, f, ensure_ascii=False, indent=4)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
