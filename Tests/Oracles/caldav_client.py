#!/usr/bin/env python3
"""Oracle: an independent CalDAV client (the PyPI `caldav` library) on one to-do collection.

usage: caldav_client.py URL USER PASSWORD ACTION [ARGS...]
  list                                    -> [{uid, summary, description, status, due,
                                              due_is_date, dtstart, duration, x_start,
                                              categories, completed,
                                              created, last_modified, dtstamp, percent, state,
                                              alarms, comments, attachments, related (RELTYPE:UID),
                                              x_other, href, etag, tzids}, ...] sorted
                                              by uid, completed included
  create SUMMARY [--due YYYY-MM-DD | --due-time YYYY-MM-DDTHH:MM [--tz Area/City]]
         [--start YYYY-MM-DD[THH:MM] [--duration P…]]
         [--status S] [--uid UID] [--category C]...      -> {uid, href}
                                          (--start: DTSTART, a date or a floating time;
                                              --duration: DURATION, an RFC 5545 duration)
  edit UID [--summary S] [--description D] [--due YYYY-MM-DD] [--status S] [--category C]...
                                          -> {uid}  (categories replaced when given; sets
                                              LAST-MODIFIED, bumps SEQUENCE)
  complete UID [--at TIME]                -> {uid}  (as Thunderbird does it: STATUS:COMPLETED,
                                              COMPLETED, PERCENT-COMPLETE:100, LAST-MODIFIED)
  delete UID                              -> {uid}
  add-alarm UID                           -> {uid}  (VALARM DISPLAY, TRIGGER:-PT15M)
  set-x UID VALUE                         -> {uid}  (X-OTHER-APP:VALUE)
  add-comment UID TEXT                    -> {uid}  (a COMMENT, as an app that shows notes adds it)
  add-attach UID ADDRESS [--inline]       -> {uid}  (an ATTACH by reference; --inline: the
                                              address's bytes as VALUE=BINARY data instead)
  raw UID                                 -> {uid, ics}
  delete-all [--keep N]                   -> {deleted}  (every to-do of the collection, but
                                              the first N by UID)
  recreate                                -> {url}  (the calendar deleted and made again, empty,
                                              at the same URL: a new collection there)
  make-sibling NAME                       -> {url}  (an empty to-do calendar NAME beside this one)
  create-raw ICS                          -> {href}  (a whole VCALENDAR, saved as it is)
  put-raw ICS                             -> {href}  (the same with one plain PUT, as a phone
                                              does: the library adds no reverse relation)
Dates are printed as ISO text: "2026-12-01" for a DATE, "2026-12-01T18:00:00+09:00" for a
date-time with a zone (UTC is "+00:00"), no offset for a floating time. Updates are PUT with
If-Match on the ETag read (the library does that). Exit 1 with a message on stderr on failure.
"""
import argparse
import datetime as dt
import json
import os
import sys
import uuid
from contextlib import contextmanager
from zoneinfo import ZoneInfo

# The servers are local: never go through a proxy from the environment.
os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost,::1"

import caldav  # noqa: E402
import icalendar  # noqa: E402

TIMEOUT = 30  # seconds per HTTP request

MKCALENDAR = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>
"""


class Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 1 as well
        self.print_usage(sys.stderr)
        print(f"caldav_client: {message}", file=sys.stderr)
        sys.exit(1)


def text(value):
    """A date/date-time property as ISO text (None when absent)."""
    if value is None:
        return None
    return getattr(value, "dt", value).isoformat()


def categories(comp):
    found = comp.get("CATEGORIES")
    if found is None:
        return []
    out = []
    for prop in found if isinstance(found, list) else [found]:  # one or more CATEGORIES lines
        out.extend(str(c) for c in prop.cats)
    return out


def optional(comp, name):
    return None if comp.get(name) is None else str(comp.get(name))


def listed(comp, name):
    """Every value of a property that may appear more than once (one, or a list of them)."""
    value = comp.get(name)
    return [] if value is None else value if isinstance(value, list) else [value]


def vtodo(cal):
    return next(c for c in cal.walk("VTODO"))


def describe(obj):
    cal = icalendar.Calendar.from_ical(obj.data)
    comp = vtodo(cal)
    due = comp.get("DUE")
    percent = comp.get("PERCENT-COMPLETE")
    return {
        "uid": str(comp.get("UID")),
        "summary": optional(comp, "SUMMARY"),
        "description": optional(comp, "DESCRIPTION"),
        "status": optional(comp, "STATUS"),
        "due": text(due),
        "due_is_date": due is not None and not isinstance(due.dt, dt.datetime),
        "dtstart": text(comp.get("DTSTART")),
        "duration": None if comp.get("DURATION") is None else comp.get("DURATION").to_ical().decode(),
        "x_start": optional(comp, "X-BOARDKIT-START"),
        "categories": categories(comp),
        "completed": text(comp.get("COMPLETED")),
        "created": text(comp.get("CREATED")),
        "last_modified": text(comp.get("LAST-MODIFIED")),
        "dtstamp": text(comp.get("DTSTAMP")),
        "percent": None if percent is None else int(percent),
        "state": optional(comp, "X-BOARDKIT-STATE"),
        "alarms": sum(1 for c in comp.subcomponents if c.name == "VALARM"),
        "comments": [str(c) for c in listed(comp, "COMMENT")],
        "attachments": [("inline" if a.params.get("VALUE") == "BINARY" else str(a)) for a in listed(comp, "ATTACH")],
        "related": sorted(f"{r.params.get('RELTYPE', 'PARENT')}:{r}" for r in listed(comp, "RELATED-TO")),
        "x_other": optional(comp, "X-OTHER-APP"),
        "href": str(obj.url),
        "etag": getattr(obj, "etag", None),
        "tzids": [str(tz.get("TZID")) for tz in cal.walk("VTIMEZONE")],
    }


def now():
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def find(calendar, uid):
    getter = getattr(calendar, "get_todo_by_uid", None) or calendar.todo_by_uid
    obj = getter(uid)
    obj.load()  # fresh data and ETag (sent back as If-Match on save)
    return obj


@contextmanager
def editing(obj):
    """Yield the VTODO to change in place (caldav 3 borrows it; older versions expose it)."""
    if hasattr(obj, "edit_icalendar_component"):
        with obj.edit_icalendar_component() as comp:
            yield comp
    else:
        yield obj.icalendar_component


def stamp(comp):
    """LAST-MODIFIED and DTSTAMP now, SEQUENCE + 1 (done here, not by the library)."""
    sequence = int(comp.get("SEQUENCE", 0)) + 1
    for name in ("LAST-MODIFIED", "SEQUENCE", "DTSTAMP"):
        comp.pop(name, None)
    comp.add("LAST-MODIFIED", now())
    comp.add("DTSTAMP", now())
    comp.add("SEQUENCE", sequence)


def save(obj):
    """PUT the edited object, stamped."""
    with editing(obj) as comp:
        stamp(comp)
    obj.save(increase_seqno=False)


def set_categories(comp, cats):
    comp.pop("CATEGORIES", None)
    if cats:
        comp.add("CATEGORIES", cats)


def create(calendar, args):
    cal = icalendar.Calendar()
    cal.add("PRODID", "-//boardkit tests//caldav_client//EN")
    cal.add("VERSION", "2.0")
    todo = icalendar.Todo()
    todo.add("UID", args.uid or f"{uuid.uuid4()}@caldav-client.test")
    todo.add("DTSTAMP", now())
    todo.add("CREATED", now())
    todo.add("SUMMARY", args.summary)
    if args.start:
        start = dt.datetime.fromisoformat(args.start) if "T" in args.start else dt.date.fromisoformat(args.start)
        todo.add("DTSTART", start)
    if args.duration:
        todo.add("DURATION", icalendar.vDuration.from_ical(args.duration))
    if args.due:
        todo.add("DUE", dt.date.fromisoformat(args.due))
    elif args.due_time:
        due = dt.datetime.fromisoformat(args.due_time)
        todo.add("DUE", due.replace(tzinfo=ZoneInfo(args.tz)) if args.tz else due)
    if args.status:
        todo.add("STATUS", args.status)
    set_categories(todo, args.category)
    cal.add_component(todo)
    if args.tz:
        cal.add_missing_timezones()  # the VTIMEZONE for the TZID used
    adder = getattr(calendar, "add_todo", None) or calendar.save_todo
    obj = adder(cal.to_ical().decode())
    return {"uid": str(todo["UID"]), "href": str(obj.url)}


def edit(obj, args):
    with editing(obj) as comp:
        for name, value in (("SUMMARY", args.summary), ("DESCRIPTION", args.description),
                            ("STATUS", args.status)):
            if value is not None:
                comp.pop(name, None)
                comp.add(name, value)
        if args.due is not None:
            comp.pop("DUE", None)
            comp.add("DUE", dt.date.fromisoformat(args.due))
        if args.category is not None:
            set_categories(comp, args.category)
    save(obj)


def complete(obj, at=None):
    with editing(obj) as comp:
        comp.pop("PERCENT-COMPLETE", None)
        comp.add("PERCENT-COMPLETE", 100)
        if str(comp.get("STATUS", "")) == "COMPLETED":  # complete() insists on a pending task
            comp.pop("STATUS")
            comp.pop("COMPLETED", None)
        stamp(comp)
    obj.complete(completion_timestamp=at or now())  # STATUS:COMPLETED, COMPLETED; saves


def add_alarm(obj):
    alarm = icalendar.Alarm()
    alarm.add("ACTION", "DISPLAY")
    alarm.add("TRIGGER", dt.timedelta(minutes=-15))
    alarm.add("DESCRIPTION", "reminder")
    with editing(obj) as comp:
        comp.add_component(alarm)
    save(obj)


def add_comment(obj, text):
    with editing(obj) as comp:
        comp.add("COMMENT", text)
    save(obj)


def add_attach(obj, url, inline):
    with editing(obj) as comp:
        if inline:
            comp.add("ATTACH", url.encode(), parameters={"FMTTYPE": "text/plain", "ENCODING": "BASE64", "VALUE": "BINARY"})
        else:
            comp.add("ATTACH", url, parameters={"FMTTYPE": "application/pdf"})
    save(obj)


def set_x(obj, value):
    with editing(obj) as comp:
        comp.pop("X-OTHER-APP", None)
        comp.add("X-OTHER-APP", value)
    save(obj)


def parser():
    p = Parser(prog="caldav_client.py")
    p.add_argument("url")
    p.add_argument("user")
    p.add_argument("password")
    sub = p.add_subparsers(dest="action", required=True)
    sub.add_parser("list")
    c = sub.add_parser("create")
    c.add_argument("summary")
    when = c.add_mutually_exclusive_group()
    when.add_argument("--due")
    when.add_argument("--due-time")
    c.add_argument("--tz")
    c.add_argument("--start")
    c.add_argument("--duration")
    c.add_argument("--status")
    c.add_argument("--uid")
    c.add_argument("--category", action="append")
    e = sub.add_parser("edit")
    e.add_argument("uid")
    for option in ("--summary", "--description", "--due", "--status"):
        e.add_argument(option)
    e.add_argument("--category", action="append")
    for action in ("complete", "delete", "add-alarm", "raw"):
        sub.add_parser(action).add_argument("uid")
    sub.choices["complete"].add_argument("--at", help="the completion time (ISO 8601, UTC); now when not given")
    sub.add_parser("create-raw").add_argument("ics", help="a whole VCALENDAR, saved as it is")
    sub.add_parser("put-raw").add_argument("ics", help="a whole VCALENDAR, one plain PUT")
    sub.add_parser("delete-all").add_argument("--keep", type=int, default=0)
    sub.add_parser("recreate")
    sub.add_parser("make-sibling").add_argument("name")
    c = sub.add_parser("add-comment")
    c.add_argument("uid")
    c.add_argument("text")
    a = sub.add_parser("add-attach")
    a.add_argument("uid")
    a.add_argument("address")  # not "url": that is the collection's
    a.add_argument("--inline", action="store_true")
    x = sub.add_parser("set-x")
    x.add_argument("uid")
    x.add_argument("value")
    return p


def run(args):
    client = caldav.DAVClient(url=args.url, username=args.user, password=args.password,
                              auth_type="basic", timeout=TIMEOUT,
                              # CALDAV_INSECURE=1: accept a self-signed certificate (--tls)
                              ssl_verify_cert=os.environ.get("CALDAV_INSECURE") != "1")
    calendar = client.calendar(url=args.url)
    if args.action == "list":
        getter = getattr(calendar, "get_todos", None) or calendar.todos
        todos = [describe(o) for o in getter(include_completed=True)]
        return sorted(todos, key=lambda t: t["uid"])
    if args.action == "delete-all":
        getter = getattr(calendar, "get_todos", None) or calendar.todos
        todos = sorted(getter(include_completed=True), key=lambda o: str(vtodo(icalendar.Calendar.from_ical(o.data)).get("UID")))[args.keep:]
        for todo in todos:
            todo.delete()
        return {"deleted": len(todos)}
    if args.action in ("recreate", "make-sibling"):
        url = args.url if args.action == "recreate" else args.url.rstrip("/").rsplit("/", 1)[0] + f"/{args.name}/"
        if args.action == "recreate":
            client.delete(url)
        reply = client.mkcalendar(url, MKCALENDAR)
        if reply.status not in (200, 201):
            raise RuntimeError(f"MKCALENDAR {url} gave {reply.status}")
        return {"url": url}
    if args.action == "put-raw":
        href = args.url.rstrip("/") + f"/{uuid.uuid4()}.ics"
        reply = client.put(href, args.ics, {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
        if reply.status not in (200, 201, 204):
            raise RuntimeError(f"PUT {href} gave {reply.status}")
        return {"href": href}
    if args.action == "create-raw":
        adder = getattr(calendar, "add_todo", None) or calendar.save_todo
        return {"href": str(adder(args.ics).url)}
    if args.action == "create":
        if args.tz and not args.due_time:
            raise ValueError("--tz needs --due-time")
        return create(calendar, args)
    obj = find(calendar, args.uid)
    if args.action == "raw":
        return {"uid": args.uid, "ics": obj.data}
    if args.action == "delete":
        obj.delete()
    elif args.action == "edit":
        edit(obj, args)
    elif args.action == "complete":
        complete(obj, dt.datetime.fromisoformat(args.at) if args.at else None)
    elif args.action == "add-alarm":
        add_alarm(obj)
    elif args.action == "add-comment":
        add_comment(obj, args.text)
    elif args.action == "add-attach":
        add_attach(obj, args.address, args.inline)
    elif args.action == "set-x":
        set_x(obj, args.value)
    return {"uid": args.uid}


def main():
    args = parser().parse_args()
    try:
        result = run(args)
    except Exception as error:  # any failure: message on stderr, exit 1
        print(f"caldav_client: {args.action} failed: {type(error).__name__}: {error}",
              file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
