#!/usr/bin/env python3
"""CSV → JSON peer: Python's csv module and json. Usage: csv_python_json.py INPUT OUTPUT"""
import json, sys
from csv_python_common import board_from_csv

with open(sys.argv[2], "w", encoding="utf-8") as out:
    json.dump(board_from_csv(sys.argv[1]), out, ensure_ascii=False, indent=2)
