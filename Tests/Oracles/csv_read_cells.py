#!/usr/bin/env python3
"""Reads a CSV with Python's csv module (an independent RFC 4180 reader) and prints its rows
as JSON: [[cell, ...], ...]. Usage: csv_read_cells.py FILE"""
import csv, json, sys

with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    rows = list(csv.reader(f))
json.dump(rows, sys.stdout, ensure_ascii=False)
