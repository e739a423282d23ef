#!/usr/bin/env python3
"""Writes the foreign workbooks under samples/foreign/ that the XLSX tests read:

- openpyxl_tasks.xlsx: openpyxl (shared strings), a title row, dates with a built-in and a
  custom date format, a date-time, booleans, rich text, a number, blank cells, a second sheet.
- openpyxl_1904.xlsx: the same cells in the 1904 date system.
- xlsxwriter_tasks.xlsx: Python xlsxwriter, constant-memory (inline strings), rich strings,
  a formula with a cached value, custom date formats, a sheet named "Tasks 2".
- handmade_no_refs.xlsx: a minimal package written with zipfile whose rows and cells have no
  `r` attributes, with an inline string, a boolean, an error and an out-of-range date serial.

usage: xlsx_make_foreign.py OUTDIR
"""
import datetime
import os
import sys
import zipfile

import openpyxl
import xlsxwriter

HEADER = ["Summary", "Status", "Due date", "Created", "Labels", "Story points", "Archived"]
ROWS = [
    ["Fix login", "In Progress", datetime.date(2026, 11, 30), datetime.datetime(2026, 11, 2, 9, 30), "bug, ui", 3, False],
    ["리포트 정리", "Done", datetime.date(2026, 2, 28), datetime.datetime(2026, 1, 5, 18, 0, 15), "ops", 5, True],
    ["Plan Q1", "To Do", None, datetime.datetime(2026, 11, 20, 0, 0), None, None, False],
]


def openpyxl_book(path, epoch1904=False):
    wb = openpyxl.Workbook()
    if epoch1904:
        wb.epoch = openpyxl.utils.datetime.MAC_EPOCH
    ws = wb.active
    ws.title = "Tasks"
    ws.append(HEADER)
    for r in ROWS:
        ws.append(r)
    for row in ws.iter_rows(min_row=2):
        row[2].number_format = "dd/mm/yyyy" if row[0].row == 2 else "mm-dd-yy"   # custom, built-in 14-ish
        row[3].number_format = "yyyy-mm-dd hh:mm:ss"
    try:
        from openpyxl.cell.rich_text import CellRichText, TextBlock
        from openpyxl.cell.text import InlineFont
        ws["A4"] = CellRichText(["Plan ", TextBlock(InlineFont(b=True), "Q1")])
    except ImportError:
        pass
    other = wb.create_sheet("Notes")
    other.append(["Title", "Status"])
    other.append(["Only on the notes sheet", "Done"])
    wb.save(path)


def xlsxwriter_book(path):
    wb = xlsxwriter.Workbook(path, {"constant_memory": True})
    ws = wb.add_worksheet("Tasks 2")
    bold = wb.add_format({"bold": True})
    date = wb.add_format({"num_format": "d mmm yyyy"})
    when = wb.add_format({"num_format": "[$-409]m/d/yy h:mm AM/PM;@"})
    ws.write_row(0, 0, HEADER)
    for r, row in enumerate(ROWS, start=1):
        if r == 1:
            ws.write_rich_string(r, 0, "Fix ", bold, "login")
        else:
            ws.write_string(r, 0, row[0])
        ws.write_string(r, 1, row[1])
        if row[2]:
            ws.write_datetime(r, 2, datetime.datetime(row[2].year, row[2].month, row[2].day), date)
        ws.write_datetime(r, 3, row[3], when)
        if row[4]:
            ws.write_string(r, 4, row[4])
        if row[5] is not None:
            ws.write_formula(r, 5, f"={row[5]}*1", None, row[5])
        ws.write_boolean(r, 6, row[6])
    wb.close()


CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>"""
RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>"""
WORKBOOK = """<?xml version="1.0" encoding="UTF-8"?>
<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<x:sheets><x:sheet name="Board &amp; more" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>"""
WORKBOOK_RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>"""
STYLES = """<?xml version="1.0" encoding="UTF-8"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>
<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="22"/></cellXfs>
</styleSheet>"""
SHEET = """<?xml version="1.0" encoding="UTF-8"?>
<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
<x:row><x:c t="inlineStr"><x:is><x:t>Title</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Due</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Done?</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Note</x:t></x:is></x:c></x:row>
<x:row><x:c t="inlineStr"><x:is><x:r><x:t xml:space="preserve">Ship </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>v2 &amp; docs</x:t></x:r><x:rPh><x:t>PHONETIC</x:t></x:rPh></x:is></x:c><x:c s="1"><x:v>61</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row>
<x:row><x:c t="inlineStr"><x:is><x:t>Leap bug</x:t></x:is></x:c><x:c s="1"><x:v>59</x:v></x:c><x:c t="b"><x:v>0</x:v></x:c><x:c t="str"><x:f>A3</x:f><x:v>cached_x000D_text</x:v></x:c></x:row>
<x:row><x:c t="inlineStr"><x:is><x:t>Out of range</x:t></x:is></x:c><x:c s="2"><x:v>-5</x:v></x:c></x:row>
</x:sheetData></x:worksheet>"""


def handmade(path):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", RELS)
        z.writestr("xl/workbook.xml", WORKBOOK)
        z.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS)
        z.writestr("xl/styles.xml", STYLES)
        z.writestr("xl/worksheets/sheet1.xml", SHEET)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    openpyxl_book(os.path.join(out, "openpyxl_tasks.xlsx"))
    openpyxl_book(os.path.join(out, "openpyxl_1904.xlsx"), epoch1904=True)
    xlsxwriter_book(os.path.join(out, "xlsxwriter_tasks.xlsx"))
    handmade(os.path.join(out, "handmade_no_refs.xlsx"))


if __name__ == "__main__":
    main()
