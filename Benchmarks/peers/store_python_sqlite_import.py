#!/usr/bin/env python3
"""Peer for JSON→store: Python's json and sqlite3 doing what `boardkit convert board.json team.db`
does — the board, its states, every card's current values and one log row per event (its
state change or field change) in a new SQLite file, indexed at the end."""
import json
import sqlite3
import sys


def main(src, dst):
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    db = sqlite3.connect(dst)
    db.executescript("""
        PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
        CREATE TABLE board (id TEXT, name TEXT, timezone TEXT, metadata TEXT);
        CREATE TABLE states (ord INTEGER PRIMARY KEY, id TEXT UNIQUE, name TEXT, category TEXT, wip_limit INTEGER);
        CREATE TABLE cards (number INTEGER PRIMARY KEY, id TEXT UNIQUE, title TEXT, body TEXT, state TEXT,
            due TEXT, start TEXT, created TEXT, updated TEXT, completed TEXT, labels TEXT, assignees TEXT,
            position REAL, archived INTEGER, url TEXT, fields TEXT);
        CREATE TABLE changes (seq INTEGER PRIMARY KEY, event INTEGER, at TEXT, actor TEXT, card INTEGER,
            kind TEXT, field TEXT, old TEXT, new TEXT);
    """)
    b = board.get("board", {})
    db.execute("INSERT INTO board VALUES (?, ?, ?, ?)",
               (b.get("id"), b.get("name"), b.get("timezone"), json.dumps(b.get("metadata", {}))))
    db.executemany("INSERT INTO states VALUES (?, ?, ?, ?, ?)",
                   ((k + 1, s["id"], s["name"], s["category"], s.get("wip")) for k, s in enumerate(board.get("states", []))))

    def lst(v):
        return json.dumps(v, ensure_ascii=False) if v else None

    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
        (k + 1, c["id"], c["title"], c.get("body", ""), c["state"], c.get("due"), c.get("start"), c.get("created"),
         c.get("updated"), c.get("completed"), lst(c.get("labels")), lst(c.get("assignees")), c.get("position"),
         1 if c.get("archived") else 0, c.get("url"), lst(c.get("fields")))
        for k, c in enumerate(board.get("cards", []))))

    number = {c["id"]: k + 1 for k, c in enumerate(board.get("cards", []))}

    def rows():
        for n, e in enumerate(board.get("events", []), 1):
            base = (n, e["at"], e.get("actor"), number[e["card"]], e["type"])
            wrote = False
            if "from" in e or "to" in e:
                yield base + ("state", json.dumps(e.get("from")), json.dumps(e.get("to")))
                wrote = True
            for ch in e.get("changes", []):
                yield base + (ch["field"], json.dumps(ch.get("old")), json.dumps(ch.get("new")))
                wrote = True
            if not wrote:
                yield base + (None, None, None)

    db.executemany("INSERT INTO changes (event, at, actor, card, kind, field, old, new) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows())
    db.commit()
    db.executescript("CREATE INDEX changes_card ON changes(card); CREATE INDEX cards_state ON cards(state);")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
