#!/usr/bin/env python3
"""Peer for ICS→JSON: the `icalendar` package parsing a calendar and writing one card per
VEVENT/VTODO (title, body, due as ISO 8601, labels, url, status) as JSON.

usage: ics_icalendar_read.py INPUT.ics OUTPUT.json
"""
import datetime
import json
import sys

import icalendar


def iso(prop):
    if prop is None:
        return None
    return prop.dt.isoformat()


def main():
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
    cards = []
    for comp in cal.walk():
        if comp.name not in ("VEVENT", "VTODO"):
            continue
        due = comp.get("DTSTART") if comp.name == "VEVENT" else comp.get("DUE")
        cats = comp.get("CATEGORIES")
        labels = []
        if cats is not None:
            for p in (cats if isinstance(cats, list) else [cats]):
                labels.extend(str(x) for x in p.cats)
        cards.append({"id": str(comp.get("UID")), "title": str(comp.get("SUMMARY", "")),
                      "body": str(comp.get("DESCRIPTION", "")), "due": iso(due), "labels": labels,
                      "url": str(comp.get("URL")) if comp.get("URL") else None,
                      "status": str(comp.get("STATUS")) if comp.get("STATUS") else None})
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump({"format": "boardkit/1", "board": {"name": str(cal.get("X-WR-CALNAME", ""))}, "cards": cards},
                  f, ensure_ascii=False)


if __name__ == "__main__":
    main()
