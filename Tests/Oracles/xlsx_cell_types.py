#!/usr/bin/env python3
"""Oracle: what openpyxl sees in each cell of one sheet, as JSON rows of [value, data_type]
('s' text, 'n' number, 'b' boolean, 'f' formula, 'd' date). A text cell whose text starts
with '=' must come out as 's' with that text: a formula ('f') is what a spreadsheet would run.

usage: xlsx_cell_types.py WORKBOOK SHEET
"""
import datetime
import json
import sys

import openpyxl


def main():
    path, sheet = sys.argv[1:3]
    ws = openpyxl.load_workbook(path)[sheet]
    rows = []
    for row in ws.iter_rows():
        rows.append([[c.value.isoformat() if isinstance(c.value, (datetime.date, datetime.datetime)) else c.value,
                      c.data_type] for c in row])
    json.dump(rows, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
