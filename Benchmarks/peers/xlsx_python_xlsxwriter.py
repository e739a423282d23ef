#!/usr/bin/env python3
"""Peer for JSON→XLSX: Python's xlsxwriter in constant-memory mode writes the same cells
boardkit writes (Cards with date cells in the board's zone, History, States, Board).

usage: xlsx_python_xlsxwriter.py INPUT.json OUTPUT.xlsx
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

import xlsxwriter

CANON = ["id", "title", "body", "state", "due", "start", "created", "updated", "completed",
         "labels", "assignees", "position", "archived", "url"]


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    zone = ZoneInfo(board["board"].get("timezone", "UTC"))
    names = {s["id"]: s["name"] for s in board["states"]}
    fields = sorted({k for c in board["cards"] for k in c.get("fields", {})})
    wb = xlsxwriter.Workbook(dst, {"constant_memory": True})
    date = wb.add_format({"num_format": "yyyy-mm-dd"})
    when = wb.add_format({"num_format": "yyyy-mm-dd hh:mm"})
    wrap = wb.add_format({"text_wrap": True})
    cards = wb.add_worksheet("Cards")
    history = wb.add_worksheet("History")
    states = wb.add_worksheet("States")
    meta = wb.add_worksheet("Board")

    def put_date(ws, r, c, text):
        if len(text) == 10:
            ws.write_datetime(r, c, datetime.datetime.fromisoformat(text), date)
        else:
            t = datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(zone).replace(tzinfo=None)
            ws.write_datetime(r, c, t, when)

    header = CANON + fields
    cards.write_row(0, 0, header)
    cards.freeze_panes(1, 0)
    cards.autofilter(0, 0, len(board["cards"]), len(header) - 1)
    if len(board["cards"]) > 1_048_575:
        sys.exit("more cards than one sheet holds: not measured")
    for r, c in enumerate(board["cards"], start=1):
        cards.write_string(r, 0, c["id"])
        cards.write_string(r, 1, c["title"])
        if c.get("body"):
            cards.write_string(r, 2, c["body"], wrap)
        cards.write_string(r, 3, names.get(c["state"], c["state"]))
        for k, key in ((4, "due"), (5, "start"), (6, "created"), (7, "updated"), (8, "completed")):
            if key in c:
                put_date(cards, r, k, c[key])
        if c.get("labels"):
            cards.write_string(r, 9, ", ".join(c["labels"]))
        if c.get("assignees"):
            cards.write_string(r, 10, ", ".join(c["assignees"]))
        if "position" in c:
            cards.write_number(r, 11, c["position"])
        cards.write_boolean(r, 12, c.get("archived", False))
        if c.get("url"):
            cards.write_string(r, 13, c["url"])
        for k, name in enumerate(fields, start=14):
            v = c.get("fields", {}).get(name)
            if v:
                cards.write_string(r, k, v)
    history_header = ["card", "at", "type", "from", "to", "actor"]
    history.write_row(0, 0, history_header)
    # Past Excel's last row the events continue in `History (2)`, … as boardkit's do
    # (xlsxwriter ignores a write beyond the last row: the peer would do less work).
    per_sheet = 1_048_575
    for n, e in enumerate(board.get("events", [])):
        r = n % per_sheet + 1
        if n and r == 1:
            history = wb.add_worksheet(f"History ({n // per_sheet + 1})")
            history.write_row(0, 0, history_header)
        history.write_string(r, 0, e["card"])
        put_date(history, r, 1, e["at"])
        history.write_string(r, 2, e["type"])
        for k, key in ((3, "from"), (4, "to"), (5, "actor")):
            if e.get(key):
                history.write_string(r, k, e[key])
    states.write_row(0, 0, ["id", "name", "category", "wip limit"])
    for r, s in enumerate(board["states"], start=1):
        states.write_row(r, 0, [s["id"], s["name"], s["category"]])
        if "wipLimit" in s:
            states.write_number(r, 3, s["wipLimit"])
    b = board["board"]
    for r, (k, v) in enumerate([("format", "boardkit/1"), ("id", b["id"]), ("name", b["name"]),
                                ("timezone", b.get("timezone", "UTC"))], start=1):
        meta.write_row(r, 0, [k, v])
    wb.close()


if __name__ == "__main__":
    main()
