#!/usr/bin/env python3
"""Oracle: parses an iCalendar file with the `icalendar` package (not boardkit's code) and
prints what it found as JSON, for the Swift tests to compare with the board.

usage: ics_icalendar_check.py FILE.ics
Prints {"calendar": {...}, "items": [{"kind", "uid", "summary", "description", "categories",
"url", "status", "due": {"date": "YYYY-MM-DD"} | {"epoch": seconds, "tzid": name|null},
"alarms": [...], "comments": [text], "attachments": [{"url", "params"}], "related": [{"uid",
"reltype"}]}], "max_line_octets": n, "bare_lf": bool}.
"""
import datetime
import json
import sys

import icalendar


def when(prop):
    if prop is None:
        return None
    value = prop.dt
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            return {"floating": value.isoformat()}
        tzid = prop.params.get("TZID")
        return {"epoch": int(value.timestamp()), "tzid": tzid}
    return {"date": value.isoformat()}


def text_list(prop):
    if prop is None:
        return []
    props = prop if isinstance(prop, list) else [prop]
    out = []
    for p in props:
        out.extend(str(c) for c in p.cats)
    return out


def each(prop):
    """A property that may be given several times, as a list."""
    if prop is None:
        return []
    return prop if isinstance(prop, list) else [prop]


def main():
    raw = open(sys.argv[1], "rb").read()
    lines = raw.split(b"\r\n")
    bare_lf = any(b"\n" in line for line in lines)
    cal = icalendar.Calendar.from_ical(raw)
    items = []
    for comp in cal.walk():
        if comp.name not in ("VEVENT", "VTODO"):
            continue
        due_prop = comp.get("DTSTART") if comp.name == "VEVENT" else comp.get("DUE")
        end = comp.get("DTEND")
        items.append({
            "kind": comp.name,
            "uid": str(comp.get("UID")),
            "summary": str(comp.get("SUMMARY", "")),
            "description": str(comp.get("DESCRIPTION", "")),
            "categories": text_list(comp.get("CATEGORIES")),
            "url": str(comp.get("URL")) if comp.get("URL") is not None else None,
            "status": str(comp.get("STATUS")) if comp.get("STATUS") is not None else None,
            "percent": int(comp.get("PERCENT-COMPLETE")) if comp.get("PERCENT-COMPLETE") is not None else None,
            "due": when(due_prop),
            "end": when(end),
            "dtstamp": when(comp.get("DTSTAMP")),
            "sequence": int(comp.get("SEQUENCE", 0)),
            "alarms": [str(a.get("TRIGGER").to_ical().decode()) for a in comp.walk("VALARM")],
            "comments": [str(c) for c in each(comp.get("COMMENT"))],
            "attachments": [{"url": str(a), "params": dict(a.params)} for a in each(comp.get("ATTACH"))],
            "related": [{"uid": str(r), "reltype": r.params.get("RELTYPE", "PARENT")} for r in each(comp.get("RELATED-TO"))],
        })
    print(json.dumps({
        "calendar": {
            "name": str(cal.get("X-WR-CALNAME", "")),
            "timezones": [str(tz.get("TZID")) for tz in cal.walk("VTIMEZONE")],
        },
        "items": items,
        "max_line_octets": max((len(line) for line in lines), default=0),
        "bare_lf": bare_lf,
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
