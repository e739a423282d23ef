#!/usr/bin/env python3
"""Peer for JSON→ICS: the `icalendar` package building and serialising the same items
boardkit writes by default (one VEVENT per card with a due date that is not done or
archived; all-day dates with an exclusive DTEND; instants keep their offset).

usage: ics_icalendar_write.py INPUT.json OUTPUT.ics
"""
import datetime
import json
import sys

import icalendar


def instant(ts):
    return datetime.datetime.fromisoformat(ts.replace("Z", "+00:00"))


def main():
    board = json.load(open(sys.argv[1], encoding="utf-8"))
    bid = board["board"]["id"]
    done = {s["id"] for s in board["states"] if s["category"] == "done"}
    cal = icalendar.Calendar()
    cal.add("prodid", "-//peer//icalendar//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", board["board"]["name"])
    for c in board["cards"]:
        due = c.get("due")
        if not due or c.get("archived") or c["state"] in done:
            continue
        ev = icalendar.Event()
        ev.add("uid", f"{c['id']}@{bid}.boardkit")
        ev.add("dtstamp", instant(c.get("updated") or c.get("created") or "1970-01-01T00:00:00Z"))
        if len(due) == 10:
            d = datetime.date.fromisoformat(due)
            ev.add("dtstart", d)
            ev.add("dtend", d + datetime.timedelta(days=1))
        else:
            ev.add("dtstart", instant(due))
        ev.add("summary", c["title"])
        if c.get("body"):
            ev.add("description", c["body"])
        if c.get("labels"):
            ev.add("categories", c["labels"])
        if c.get("url"):
            ev.add("url", c["url"])
        cal.add_component(ev)
    with open(sys.argv[2], "wb") as f:
        f.write(cal.to_ical())


if __name__ == "__main__":
    main()
