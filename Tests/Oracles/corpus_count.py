#!/usr/bin/env python3
"""Independent item counts for the real-file corpus (Tests/Corpus).

For every FILE given, prints one JSON object a line:
    {"file": FILE, "items": N or null, "reader": "<library version>", "error": null or "<why>"}

The count is made by code boardkit does not share, each format by its usual Python reader:
  .ics           python icalendar: VEVENT and VTODO components of every calendar in the file
  trello / json  json: a Trello board export's "cards"; a Taskwarrior export's tasks;
                 a Nextcloud Deck export's cards; anything else holds no board items (0)
  .csv / .tsv    csv: data rows (rows after the header with at least one non-blank field)
  .xlsx / .xlsm  openpyxl: rows of the first worksheet with at least one non-blank cell,
                 after the header row (the first such row, or --header-row N)

`items` is null when the reader itself refuses the file (the error says why).
Usage: corpus_count.py [--header-row N] FILE...
"""
import csv
import io
import json
import os
import sys


def blank(value):
    return value is None or (isinstance(value, str) and value.strip() == "")


def count_ics(path):
    import icalendar
    reader = f"icalendar {icalendar.__version__}"
    with open(path, "rb") as f:
        data = f.read()
    try:
        calendars = icalendar.Calendar.from_ical(data, multiple=True)
    except Exception as strict_error:
        # icalendar refuses a whole file for one bad value in a component other than a
        # VEVENT (libical's large.ics has malformed DTSTAMPs in VTODOs). Read it again the
        # way icalendar reads VEVENTs, keeping every component whose value errors it can
        # set aside, and say so.
        classes = [c for c in vars(icalendar).values()
                   if isinstance(c, type) and issubclass(c, icalendar.cal.component.Component)]
        saved = {c: c.__dict__.get("ignore_exceptions") for c in classes}
        try:
            for c in classes:
                c.ignore_exceptions = True
            calendars = icalendar.Calendar.from_ical(data, multiple=True)
        finally:
            for c, v in saved.items():
                if v is None:
                    del c.ignore_exceptions
                else:
                    c.ignore_exceptions = v
        reader += f" (lenient; strict reading refused it: {type(strict_error).__name__})"
    n = 0
    for cal in calendars:
        for component in cal.walk():
            if component.name in ("VEVENT", "VTODO"):
                n += 1
    return n, reader


def count_json(path):
    reader = "json (Python %d.%d)" % sys.version_info[:2]
    with open(path, "rb") as f:
        text = f.read().decode("utf-8-sig")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        # Taskwarrior's older export: one task object a line.
        lines = [l for l in text.splitlines() if l.strip()]
        tasks = [json.loads(l.rstrip(",")) for l in lines if l.strip() not in ("[", "]")]
        if tasks and all(isinstance(t, dict) and "uuid" in t for t in tasks):
            return len(tasks), reader
        raise
    if isinstance(data, dict) and isinstance(data.get("cards"), list) and isinstance(data.get("lists"), list):
        return len(data["cards"]), reader                       # Trello board export
    if isinstance(data, list) and data and all(isinstance(t, dict) and "uuid" in t for t in data):
        return len(data), reader                                # Taskwarrior export
    if isinstance(data, dict) and isinstance(data.get("uuid"), str) and "description" in data:
        return 1, reader                                        # one Taskwarrior task
    if isinstance(data, dict) and "boards" in data:             # Nextcloud Deck export
        boards = data["boards"]
        boards = boards.values() if isinstance(boards, dict) else boards
        n = 0
        for board in boards:
            stacks = board.get("stacks", {})
            stacks = stacks.values() if isinstance(stacks, dict) else stacks
            for stack in stacks:
                n += len(stack.get("cards", []) or [])
        return n, reader
    return 0, reader


def count_csv(path):
    reader = "csv (Python %d.%d)" % sys.version_info[:2]
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    if path.lower().endswith(".tsv"):
        delimiter = "\t"
    else:
        try:
            delimiter = csv.Sniffer().sniff(text[:65536], delimiters=",;\t").delimiter
        except csv.Error:
            delimiter = ","
    rows = [r for r in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
            if any(not blank(c) for c in r)]
    return max(len(rows) - 1, 0), reader


def count_xlsx(path, header_row):
    import openpyxl
    reader = f"openpyxl {openpyxl.__version__}"
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        ws = wb.worksheets[0]
        # Rows as the sheet's XML holds them, not the <dimension> it claims (some writers claim
        # A1:XFD1048576, which would make openpyxl pad every row to 16,384 columns).
        ws.reset_dimensions()
        n = 0
        seen_header = False
        for index, row in enumerate(ws.iter_rows(values_only=True), start=1):
            if header_row is not None:
                if index > header_row and any(not blank(v) for v in row):
                    n += 1
                continue
            if any(not blank(v) for v in row):
                if seen_header:
                    n += 1
                else:
                    seen_header = True
        return n, reader
    finally:
        wb.close()


def count(path, header_row=None):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".ics":
        return count_ics(path)
    if ext in (".csv", ".tsv"):
        return count_csv(path)
    if ext in (".xlsx", ".xlsm"):
        return count_xlsx(path, header_row)
    if ext == ".json":
        return count_json(path)
    raise ValueError(f"no oracle for {ext} files")


def main(argv):
    header_row = None
    files = []
    args = iter(argv)
    for a in args:
        if a == "--header-row":
            header_row = int(next(args))
        else:
            files.append(a)
    for path in files:
        try:
            n, reader = count(path, header_row)
            out = {"file": path, "items": n, "reader": reader, "error": None}
        except Exception as e:  # the oracle's own refusal is a result, not a crash
            out = {"file": path, "items": None, "reader": None, "error": f"{type(e).__name__}: {e}"[:300]}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
