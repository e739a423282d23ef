#!/usr/bin/env python3
"""Peer for JSON→JSON: Python's json module loads a boardkit board and dumps it again in
boardkit's canonical layout (one line per state, card and event; the same bytes boardkit
writes for a canonical input).

usage: json_python_json.py INPUT OUTPUT
"""
import json
import sys


def main() -> None:
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    with open(dst, "w", encoding="utf-8") as out:
        out.write('{\n  "format": ' + json.dumps(board["format"]) + ',\n')
        out.write('  "board": ' + json.dumps(board["board"], ensure_ascii=False))
        for name in ("states", "cards", "events"):
            items = board.get(name, [])
            if not items:
                out.write(f',\n  "{name}": []')
                continue
            out.write(f',\n  "{name}": [\n    ')
            out.write(",\n    ".join(json.dumps(x, ensure_ascii=False) for x in items))
            out.write("\n  ]")
        out.write("\n}\n")


if __name__ == "__main__":
    main()
