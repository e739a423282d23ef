#!/usr/bin/env python3
"""Writes a small board CSV the way other programs do, for boardkit to read.

Usage: csv_write_dialects.py MODE OUT
MODE: python-bom (csv module, utf-8-sig, ','), python-semicolon (';', CRLF),
      python-tab (tab, LF), pandas-bom-semicolon (pandas to_csv, utf-8-sig, ';', CRLF),
      cp949, latin1 (csv module, encoded in that legacy encoding)
The rows are printed as JSON on stdout so the test can compare what boardkit read."""
import csv, json, sys

mode, out = sys.argv[1], sys.argv[2]
header = ["id", "title", "body", "state", "due", "labels", "Story points"]
rows = [
    ["c1", "Fix login", "Line one\nLine \"two\", with comma", "TODO", "2026-11-30", "bug, ui", "3"],
    ["c2", "결제 모듈 정리", "", "DOING", "2026-12-01T18:00:00+09:00", "", "5"],
    ["c3", "Café déjà vu; semi", "naïve", "DONE", "", "copy", ""],
]
if mode in ("cp949",):
    rows[2] = ["c3", "회의록 작성", "", "DONE", "", "copy", ""]
if mode in ("latin1",):
    rows[1] = ["c2", "Crème brûlée", "", "DOING", "2026-12-01T18:00:00+09:00", "", "5"]

if mode == "pandas-bom-semicolon":
    import pandas as pd
    df = pd.DataFrame(rows, columns=header)
    df.to_csv(out, sep=";", index=False, encoding="utf-8-sig", lineterminator="\r\n")
else:
    opts = {
        "python-bom": (",", "\r\n", "utf-8-sig"),
        "python-semicolon": (";", "\r\n", "utf-8"),
        "python-tab": ("\t", "\n", "utf-8"),
        "cp949": (",", "\r\n", "cp949"),
        "latin1": (",", "\n", "latin-1"),
    }[mode]
    with open(out, "w", newline="", encoding=opts[2]) as f:
        w = csv.writer(f, delimiter=opts[0], lineterminator=opts[1])
        w.writerow(header)
        w.writerows(rows)
json.dump([header] + rows, sys.stdout, ensure_ascii=False)
