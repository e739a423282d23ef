#!/usr/bin/env python3
"""Peer for XLSX→JSON: python-calamine (Rust) reads every sheet of boardkit's workbook
(Cards, History, History (2)…, States, Board) and writes the cards and events as JSON.

usage: xlsx_calamine_read.py INPUT.xlsx OUTPUT.json
"""
import datetime
import json
import sys

from python_calamine import CalamineWorkbook


def plain(v):
    if isinstance(v, (datetime.datetime, datetime.date)):
        return v.isoformat()
    return v


def main():
    wb = CalamineWorkbook.from_path(sys.argv[1])
    out = {}
    for name in wb.sheet_names:
        rows = iter(wb.get_sheet_by_name(name).to_python())
        header = next(rows)
        out[name] = [{h: plain(v) for h, v in zip(header, row) if v != ""} for row in rows]
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


if __name__ == "__main__":
    main()
