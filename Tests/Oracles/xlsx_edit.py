#!/usr/bin/env python3
"""Oracle: edits a boardkit workbook the way a person does in Excel or LibreOffice, with
openpyxl, and saves it under a new name:

- moves the last card row to the top (rows reordered),
- deletes the row of card DELETE_ID,
- changes card MOVE_ID's state to NEW_STATE (what the dropdown offers),
- types a new due date (a date cell, yyyy-mm-dd) into card DUE_ID's row,
- adds a card row at the bottom with only a title, a state and a typed due date.

usage: xlsx_edit.py IN OUT DELETE_ID MOVE_ID NEW_STATE DUE_ID DUE_DATE NEW_TITLE

Or, in the Checklists sheet:

- ticks the item ITEM of card CARD (its done cell becomes TRUE),
- and moves the done column to the front (a person reordering the columns).

usage: xlsx_edit.py tick IN OUT CARD ITEM
"""
import datetime
import sys

import openpyxl


def tick(src, dst, card, item):
    wb = openpyxl.load_workbook(src)
    ws = wb["Checklists"]
    rows = [[c.value for c in r] for r in ws.iter_rows()]
    formats = [[c.number_format for c in r] for r in ws.iter_rows()]
    header = rows[0]
    col = {name: i for i, name in enumerate(header)}
    for values in rows[1:]:
        if values[col["card"]] == card and values[col["item"]] == item:
            values[col["done"]] = True
    done = col["done"]
    order = [done] + [k for k in range(len(header)) if k != done]
    ws.delete_rows(1, ws.max_row)
    for r, (values, fmts) in enumerate(zip(rows, formats), start=1):
        for c, k in enumerate(order, start=1):
            if k < len(values) and values[k] is not None:
                cell = ws.cell(row=r, column=c, value=values[k])
                cell.number_format = fmts[k]
    wb.save(dst)


def main():
    if sys.argv[1] == "tick":
        tick(*sys.argv[2:6])
        return
    src, dst, delete_id, move_id, new_state, due_id, due_date, new_title = sys.argv[1:9]
    wb = openpyxl.load_workbook(src)
    ws = wb["Cards"]
    header = [c.value for c in ws[1]]
    col = {name: i for i, name in enumerate(header)}
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2)]
    formats = [[c.number_format for c in r] for r in ws.iter_rows(min_row=2)]
    pairs = list(zip(rows, formats))
    pairs = [pairs[-1]] + pairs[:-1]
    pairs = [p for p in pairs if p[0][col["id"]] != delete_id]
    day = datetime.date.fromisoformat(due_date)
    for values, fmts in pairs:
        if values[col["id"]] == move_id:
            values[col["state"]] = new_state
        if values[col["id"]] == due_id:
            values[col["due"]] = datetime.datetime(day.year, day.month, day.day)
            fmts[col["due"]] = "yyyy-mm-dd"
    new = [None] * len(header)
    new[col["title"]] = new_title
    new[col["state"]] = new_state
    new[col["due"]] = datetime.datetime(day.year, day.month, day.day)
    new_fmt = ["General"] * len(header)
    new_fmt[col["due"]] = "yyyy-mm-dd"
    pairs.append((new, new_fmt))
    ws.delete_rows(2, ws.max_row)
    for r, (values, fmts) in enumerate(pairs, start=2):
        for c, (v, f) in enumerate(zip(values, fmts), start=1):
            if v is None:
                continue
            cell = ws.cell(row=r, column=c, value=v)
            cell.number_format = f
    wb.save(dst)


if __name__ == "__main__":
    main()
