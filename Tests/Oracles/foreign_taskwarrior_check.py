#!/usr/bin/env python3
"""Checks a file against what `task import` (Taskwarrior 2.6) requires and what
`task export` writes: a JSON array of task objects (or one object per line), each with a
UUID, a non-empty description, a known status and an entry date; every date attribute in
Taskwarrior's `20261122T141500Z` form; completed and deleted tasks with an end date;
waiting tasks with a wait date; tags an array of strings without spaces-only entries;
annotations with entry and description; depends naming UUIDs. Prints a JSON summary
(uuid → status, description, tags, annotation count), or the problems found and exits 1.

usage: foreign_taskwarrior_check.py TASKS.json
"""
import json
import re
import sys

UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
DATE = re.compile(r"^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3])[0-5]\d[0-5]\dZ$")
STATUSES = {"pending", "waiting", "completed", "deleted", "recurring"}
DATES = ("entry", "modified", "end", "start", "due", "scheduled", "wait", "until")


def load(path):
    text = open(path, encoding="utf-8").read()
    if text.lstrip().startswith("["):
        return json.loads(text)
    return [json.loads(line.rstrip().rstrip(",")) for line in text.splitlines() if line.strip()]


def main(path):
    tasks = load(path)
    problems = []
    seen = set()
    for k, t in enumerate(tasks):
        w = f"[{k}]"
        if not isinstance(t, dict):
            problems.append(f"{w}: not an object")
            continue
        u = t.get("uuid")
        if not isinstance(u, str) or not UUID.match(u):
            problems.append(f"{w}.uuid: not a UUID: {u!r}")
        elif u in seen:
            problems.append(f"{w}.uuid: duplicate {u}")
        seen.add(u)
        if not isinstance(t.get("description"), str) or not t["description"].strip():
            problems.append(f"{w}.description: missing or empty")
        if t.get("status") not in STATUSES:
            problems.append(f"{w}.status: {t.get('status')!r} is not a Taskwarrior status")
        if "entry" not in t:
            problems.append(f"{w}.entry: missing")
        for key in DATES:
            if key in t and not (isinstance(t[key], str) and DATE.match(t[key])):
                problems.append(f"{w}.{key}: {t[key]!r} is not a date like 20261122T141500Z")
        if t.get("status") in ("completed", "deleted") and "end" not in t:
            problems.append(f"{w}.end: a {t['status']} task needs an end date")
        if t.get("status") == "waiting" and "wait" not in t:
            problems.append(f"{w}.wait: a waiting task needs a wait date")
        tags = t.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(x, str) and x.strip() for x in tags):
            problems.append(f"{w}.tags: not an array of tag names")
        for j, a in enumerate(t.get("annotations", [])):
            if not (isinstance(a, dict) and isinstance(a.get("description"), str)
                    and isinstance(a.get("entry"), str) and DATE.match(a["entry"])):
                problems.append(f"{w}.annotations[{j}]: needs entry (a date) and description")
        dep = t.get("depends")
        deps = dep if isinstance(dep, list) else (dep.split(",") if isinstance(dep, str) else [])
        for d in deps:
            if not UUID.match(d):
                problems.append(f"{w}.depends: {d!r} is not a UUID")
        for key, value in t.items():
            if not re.match(r"^[A-Za-z_][A-Za-z0-9_.]*$", key):
                problems.append(f"{w}: attribute name {key!r} is not an identifier")
    if problems:
        print("\n".join(problems))
        return 1
    print(json.dumps({t["uuid"]: {"status": t["status"], "description": t["description"],
                                  "tags": t.get("tags", []), "annotations": len(t.get("annotations", [])),
                                  "start": "start" in t}
                      for t in tasks}, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
