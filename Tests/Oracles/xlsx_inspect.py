#!/usr/bin/env python3
"""Oracle: reads a workbook with openpyxl and prints what a person would see, as JSON:
every sheet's cells (dates tagged as {"date": ISO} / {"datetime": ISO}), hidden columns,
frozen panes, autofilter, data validations and conditional formats.

usage: xlsx_inspect.py WORKBOOK
"""
import datetime
import json
import sys

import openpyxl


def value(v):
    if isinstance(v, datetime.datetime):
        return {"datetime": v.isoformat()}
    if isinstance(v, datetime.date):
        return {"date": v.isoformat()}
    return v


def main():
    wb = openpyxl.load_workbook(sys.argv[1])
    out = {"sheets": wb.sheetnames, "date1904": wb.epoch == openpyxl.utils.datetime.MAC_EPOCH}
    for ws in wb.worksheets:
        hidden = []
        for key, dim in ws.column_dimensions.items():
            if dim.hidden:
                lo, hi = dim.min or openpyxl.utils.column_index_from_string(key), dim.max or openpyxl.utils.column_index_from_string(key)
                hidden += [openpyxl.utils.get_column_letter(c) for c in range(lo, hi + 1)]
        out[ws.title] = {
            "state": ws.sheet_state,
            "rows": [[value(c.value) for c in row] for row in ws.iter_rows()],
            "number_formats": [[c.number_format for c in row] for row in ws.iter_rows(max_row=2)],
            "freeze": ws.freeze_panes,
            "autofilter": ws.auto_filter.ref,
            "hidden_columns": sorted(set(hidden)),
            "validations": [{"sqref": str(dv.sqref), "type": dv.type, "formula1": dv.formula1}
                            for dv in ws.data_validations.dataValidation],
            "conditional": [{"sqref": str(cf.sqref), "formulas": [f for r in cf.rules for f in (r.formula or [])],
                             "font_color": [r.dxf.font.color.rgb if r.dxf and r.dxf.font and r.dxf.font.color else None for r in cf.rules]}
                            for cf in ws.conditional_formatting],
            "wrapped_body": any(c.alignment.wrap_text for c in ws["C"][1:3]) if ws.title == "Cards" else None,
        }
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
