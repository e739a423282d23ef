#!/usr/bin/env python3
"""Peer for XLSX→JSON: openpyxl in read-only mode reads every sheet of boardkit's workbook
(Cards, History, History (2)…, States, Board) and writes the cards and events as JSON.

usage: xlsx_openpyxl_read.py INPUT.xlsx OUTPUT.json
"""
import datetime
import json
import sys

import openpyxl


def plain(v):
    if isinstance(v, (datetime.datetime, datetime.date)):
        return v.isoformat()
    return v


def main():
    wb = openpyxl.load_workbook(sys.argv[1], read_only=True)
    out = {}
    for name in wb.sheetnames:
        rows = wb[name].iter_rows(values_only=True)
        header = next(rows)
        out[name] = [{h: plain(v) for h, v in zip(header, row) if v is not None} for row in rows]
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)


if __name__ == "__main__":
    main()
