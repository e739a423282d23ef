#!/usr/bin/env python3
"""Oracle: a real subscribing client. vdirsyncer syncs a served feed (its `http` storage)
into a folder (`filesystem` storage), one .ics file per item; prints the UIDs it stored.

usage: ics_vdirsyncer.py FEED_URL WORK_FOLDER
Prints {"items": ["KIND|SUMMARY|DATE-LINE", ...], "files": n}: vdirsyncer stores an item
whose UID has characters it deems unsafe for file names (such as '@') under a hashed UID, so
items are compared by kind, title and date.
"""
import glob
import json
import os
import subprocess
import sys


def main():
    url, work = sys.argv[1], sys.argv[2]
    cal = os.path.join(work, "calendar")
    os.makedirs(cal, exist_ok=True)
    config = os.path.join(work, "config")
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{os.path.join(work, 'status')}/"

[pair feed]
a = "feed_remote"
b = "feed_local"
collections = null
conflict_resolution = "a wins"

[storage feed_remote]
type = "http"
url = "{url}"

[storage feed_local]
type = "filesystem"
path = "{cal}/"
fileext = ".ics"
""")
    exe = [sys.executable, "-m", "vdirsyncer", "-c", config]
    for step in (["discover"], ["sync"]):
        r = subprocess.run(exe + step, input=b"y\n" * 5, capture_output=True, timeout=120)
        if r.returncode != 0:
            sys.stderr.write(r.stdout.decode() + r.stderr.decode())
            sys.exit(r.returncode)
    items = []
    files = sorted(glob.glob(os.path.join(cal, "*.ics")))
    for path in files:
        text = open(path, encoding="utf-8", newline="").read().replace("\r\n ", "").replace("\n ", "")
        kind = summary = date = ""
        inside = False  # the VTIMEZONE vdirsyncer copies into each file has DTSTARTs too
        for line in text.splitlines():
            if line in ("BEGIN:VEVENT", "BEGIN:VTODO"):
                kind, inside = line[6:], True
            elif line in ("END:VEVENT", "END:VTODO"):
                inside = False
            elif inside and line.startswith("SUMMARY:"):
                summary = line[8:]
            elif inside and ((kind == "VEVENT" and line.startswith("DTSTART")) or (kind == "VTODO" and line.startswith("DUE"))):
                date = line
        items.append(f"{kind}|{summary}|{date}")
    print(json.dumps({"items": sorted(items), "files": len(files)}, ensure_ascii=False))


if __name__ == "__main__":
    main()
