#!/usr/bin/env python3
"""Oracle: writes a calendar as other tools do, with `icalendar` or `vobject` (not boardkit's
code), and prints what each item must read as, for the Swift tests.

usage: ics_foreign_write.py icalendar|vobject OUT.ics
The calendar holds: an event in a custom VTIMEZONE (not an IANA name, with DST rules), an
event in an IANA TZID, an all-day event, a UTC event, a floating event, to-dos in every
status, a weekly recurring event, X- properties, Korean text and emoji, long folded lines.
Prints {"items": [{"uid", "summary", "due": {"date"} | {"epoch"} | {"floating"}, "state_category",
"labels", "fields": {...}}]}.
"""
import datetime
import json
import sys
import zoneinfo

UTC = datetime.timezone.utc
LONG = "긴 설명 " * 30 + "🙂 end"
# (uid, kind, summary, due, extra) — due: ("date", d) | ("zone", datetime in zone, tzid) | ("utc", dt) | ("floating", dt)
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
ITEMS = [
    ("ev-custom-tz@example.com", "VEVENT", "Sprint review (custom zone)", ("custom", datetime.datetime(2026, 7, 15, 14, 30)), {}),
    ("ev-custom-tz-winter@example.com", "VEVENT", "Winter planning (custom zone)", ("custom", datetime.datetime(2026, 1, 20, 9, 0)), {}),
    ("ev-iana@example.com", "VEVENT", "회의 준비 🗓", ("iana", datetime.datetime(2026, 11, 30, 18, 0, tzinfo=zoneinfo.ZoneInfo("Asia/Seoul"))), {"categories": ["meeting", "팀"]}),
    ("ev-allday@example.com", "VEVENT", "Release day, v2; final", ("date", datetime.date(2026, 12, 1)), {"description": LONG}),
    ("ev-utc@example.com", "VEVENT", "UTC deadline", ("utc", datetime.datetime(2026, 10, 5, 23, 15, tzinfo=UTC)), {"x": {"X-TEAM-PRIORITY": "high"}}),
    ("ev-floating@example.com", "VEVENT", "Floating standup", ("floating", datetime.datetime(2026, 9, 1, 9, 0)), {}),
    ("todo-open@example.com", "VTODO", "Write docs", ("date", datetime.date(2026, 11, 2)), {"status": "NEEDS-ACTION"}),
    ("todo-doing@example.com", "VTODO", "Fix login", ("utc", datetime.datetime(2026, 11, 3, 12, 0, tzinfo=UTC)), {"status": "IN-PROCESS"}),
    ("todo-done@example.com", "VTODO", "Ship it", ("date", datetime.date(2026, 10, 1)), {"status": "COMPLETED", "completed": datetime.datetime(2026, 9, 30, 8, 0, tzinfo=UTC)}),
    ("ev-weekly@example.com", "VEVENT", "Weekly sync", ("utc", datetime.datetime(2026, 1, 5, 10, 0, tzinfo=UTC)), {"rrule": {"freq": "weekly", "count": 10}}),
]
CATEGORY = {"NEEDS-ACTION": "todo", "IN-PROCESS": "doing", "COMPLETED": "done", None: "todo"}


def expected_due(due):
    kind, value = due
    if kind == "date":
        return {"date": value.isoformat()}
    if kind == "custom":
        return {"epoch": int(value.replace(tzinfo=BERLIN).timestamp())}
    if kind == "floating":
        return {"floating": value.isoformat()}
    return {"epoch": int(value.timestamp())}


def write_icalendar(path):
    import icalendar
    cal = icalendar.Calendar()
    cal.add("prodid", "-//oracle//icalendar//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "Oracle calendar")
    tz = icalendar.Timezone()
    tz.add("tzid", "Custom Berlin Time")
    std = icalendar.TimezoneStandard()
    std.add("dtstart", datetime.datetime(1970, 10, 25, 3, 0))
    std.add("rrule", {"freq": "yearly", "bymonth": 10, "byday": "-1su"})
    std.add("tzoffsetfrom", datetime.timedelta(hours=2))
    std.add("tzoffsetto", datetime.timedelta(hours=1))
    dst = icalendar.TimezoneDaylight()
    dst.add("dtstart", datetime.datetime(1970, 3, 29, 2, 0))
    dst.add("rrule", {"freq": "yearly", "bymonth": 3, "byday": "-1su"})
    dst.add("tzoffsetfrom", datetime.timedelta(hours=1))
    dst.add("tzoffsetto", datetime.timedelta(hours=2))
    tz.add_component(std)
    tz.add_component(dst)
    cal.add_component(tz)
    for uid, kind, summary, due, extra in ITEMS:
        comp = icalendar.Event() if kind == "VEVENT" else icalendar.Todo()
        comp.add("uid", uid)
        comp.add("dtstamp", datetime.datetime(2026, 1, 1, tzinfo=UTC))
        comp.add("summary", summary)
        prop = "dtstart" if kind == "VEVENT" else "due"
        k, v = due
        if k == "custom":
            comp.add(prop, v, parameters={"TZID": "Custom Berlin Time"})
        else:
            comp.add(prop, v)
        if "categories" in extra:
            comp.add("categories", extra["categories"])
        if "description" in extra:
            comp.add("description", extra["description"])
        if "status" in extra:
            comp.add("status", extra["status"])
        if "completed" in extra:
            comp.add("completed", extra["completed"])
        if "rrule" in extra:
            comp.add("rrule", extra["rrule"])
        for name, value in extra.get("x", {}).items():
            comp.add(name, value)
        cal.add_component(comp)
    with open(path, "wb") as f:
        f.write(cal.to_ical())


def write_vobject(path):
    import vobject
    cal = vobject.iCalendar()
    cal.add("x-wr-calname").value = "Oracle calendar"
    # vobject builds the VTIMEZONE from a tzinfo; the TZID it writes is the one we name.
    from dateutil import tz as dtz
    custom = dtz.tzstr("CET-1CEST,M3.5.0/2,M10.5.0/3")
    # vobject writes the VTIMEZONE itself from the tzinfo's rules, under this TZID.
    vobject.icalendar.registerTzid("Custom Berlin Time", custom)
    utc = dtz.tzutc()

    def fix(v):
        return v.astimezone(utc) if isinstance(v, datetime.datetime) and v.tzinfo is UTC else v
    for uid, kind, summary, due, extra in ITEMS:
        comp = cal.add("vevent" if kind == "VEVENT" else "vtodo")
        comp.add("uid").value = uid
        comp.add("dtstamp").value = datetime.datetime(2026, 1, 1, tzinfo=utc)
        comp.add("summary").value = summary
        prop = comp.add("dtstart" if kind == "VEVENT" else "due")
        k, v = due
        if k == "custom":
            prop.value = v.replace(tzinfo=custom)
        elif k == "iana":
            prop.value = v.astimezone(utc)
        else:
            prop.value = fix(v)
        if "categories" in extra:
            comp.add("categories").value = extra["categories"]
        if "description" in extra:
            comp.add("description").value = extra["description"]
        if "status" in extra:
            comp.add("status").value = extra["status"]
        if "completed" in extra:
            comp.add("completed").value = fix(extra["completed"])
        if "rrule" in extra:
            comp.add("rrule").value = "FREQ=WEEKLY;COUNT=10"
        for name, value in extra.get("x", {}).items():
            comp.add(name.lower()).value = value
    data = cal.serialize()
    with open(path, "w", newline="") as f:
        f.write(data)


def main():
    library, out = sys.argv[1], sys.argv[2]
    (write_icalendar if library == "icalendar" else write_vobject)(out)
    print(json.dumps({"items": [
        {"uid": uid, "summary": summary, "due": expected_due(due),
         "state_category": CATEGORY[extra.get("status")], "labels": extra.get("categories", []),
         "description": extra.get("description", ""),
         "fields": extra.get("x", {}), "recurs": "rrule" in extra}
        for uid, kind, summary, due, extra in ITEMS
    ]}, ensure_ascii=False))


if __name__ == "__main__":
    main()
