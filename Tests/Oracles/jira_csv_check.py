#!/usr/bin/env python3
"""Checks a CSV written for Jira's CSV importer against the column rules Jira documents,
read with Python's csv module (an independent reader of RFC 4180).

Jira's importer takes a field with several values (labels, sprints, watchers, components,
versions) as one column per value under a repeated header, a comment per `Comment` column
as `date;author;text`, an attachment per `Attachment` column as `date;author;name;url`, and
links a sub-task to its parent by `Parent id` = the parent row's `Issue id`, and an issue
to others by its `Outward issue link (NAME)` columns, one linked `Issue id` per column
(Jira's importer maps each to the link type NAME, outward from the row). Prints a JSON
summary of what the importer would see per `Issue key` (comments as [date, author, text],
attachments as [date, author, name, url], the values of each repeated column, the parent's
key, the linked issues' keys by link name), or the problems found, one per line, and exits 1.

usage: jira_csv_check.py FILE.csv
"""
import csv
import json
import re
import sys

# The date layout of the preset's write columns (`dd/MMM/yy h:mm a`).
DATE = re.compile(r"^\d{2}/[A-Z][a-z]{2}/\d{2} \d{1,2}:\d{2} [AP]M$")
REPEATED = ["Labels", "Sprint", "Watchers", "Component/s", "Fix Version/s", "Affects Version/s"]


def main(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], rows[1:]
    problems = []
    for name in ["Summary", "Issue key", "Issue id", "Parent id"]:
        if header.count(name) != 1:
            problems.append(f"header: '{name}' appears {header.count(name)} times, not once")
    col = {name: [k for k, h in enumerate(header) if h == name] for name in set(header)}
    ids = {}
    out = {}
    for n, row in enumerate(data, start=2):
        if len(row) != len(header):
            problems.append(f"line {n}: {len(row)} cells for {len(header)} columns")
            continue
        key = row[col["Issue key"][0]]
        issue_id = row[col["Issue id"][0]]
        if issue_id:
            if issue_id in ids:
                problems.append(f"{key}: Issue id {issue_id} is also {ids[issue_id]}'s")
            ids[issue_id] = key
        card = {"summary": row[col["Summary"][0]], "comments": [], "attachments": []}
        for k in col.get("Comment", []):
            cell = row[k]
            if not cell:
                continue
            parts = cell.split(";", 2)
            if len(parts) != 3 or not DATE.match(parts[0]):
                problems.append(f"{key}: Comment '{cell[:60]}' is not date;author;text")
                continue
            card["comments"].append(parts)
        for k in col.get("Attachment", []):
            cell = row[k]
            if not cell:
                continue
            parts = cell.split(";")
            if len(parts) < 4 or (parts[0] and not DATE.match(parts[0])) or not re.match(r"^https?://", parts[-1]):
                problems.append(f"{key}: Attachment '{cell[:60]}' is not date;author;name;url")
                continue
            card["attachments"].append([parts[0], parts[1], ";".join(parts[2:-1]), parts[-1]])
        for name in REPEATED:
            values = [row[k] for k in col.get(name, []) if row[k]]
            for v in values:
                # One value per column: a joined list would be read by Jira as one value.
                if ", " in v or "\\" in v:
                    problems.append(f"{key}: {name} '{v}' looks like several values in one cell")
            card[name] = values
        card["parent id"] = row[col["Parent id"][0]]
        card["link ids"] = {}
        for name, ks in col.items():
            link = re.fullmatch(r"Outward issue link \((.+)\)", name)
            if not link:
                continue
            for k in ks:
                if "," in row[k]:
                    problems.append(f"{key}: {name} '{row[k]}' names several issues in one cell")
                elif row[k]:
                    card["link ids"].setdefault(link.group(1), []).append(row[k])
        out[key] = card
    for key, card in out.items():
        parent = card.pop("parent id")
        if parent and parent not in ids:
            problems.append(f"{key}: Parent id {parent} is no row's Issue id")
        card["parent"] = ids.get(parent) if parent else None
        card["links"] = {}
        for name, linked in card.pop("link ids").items():
            for other in linked:
                if other not in ids:
                    problems.append(f"{key}: {name} link {other} is no row's Issue id")
                card["links"].setdefault(name, []).append(ids.get(other))
    if problems:
        print("\n".join(problems))
        return 1
    print(json.dumps({"columns": {name: len(col.get(name, [])) for name in REPEATED + ["Comment", "Attachment"]},
                      "issues": out}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
