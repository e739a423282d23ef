#!/usr/bin/env python3
"""CSV → JSON peer: Python's csv module and orjson. Usage: csv_python_orjson.py INPUT OUTPUT"""
import sys
import orjson
from csv_python_common import board_from_csv

with open(sys.argv[2], "wb") as out:
    out.write(orjson.dumps(board_from_csv(sys.argv[1]), option=orjson.OPT_INDENT_2))
