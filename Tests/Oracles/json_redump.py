#!/usr/bin/env python3
"""Rewrites a boardkit JSON file with Python's `json` module, as another program would.

usage: json_redump.py MODE INPUT OUTPUT

MODE:
  shuffled   every object's keys in reverse order, indent=3, ASCII-only output (non-ASCII
             as \\uXXXX escapes, emoji as surrogate pairs), "board" after the cards.
  minified   one line, no spaces, keys sorted.
  canonical  boardkit's documented canonical layout, built here independently: top level
             indented by two, "board" on one line, one line per state/card/event
             (json.dumps with ensure_ascii=False), a final newline.
"""
import json
import sys


def reverse_keys(value):
    if isinstance(value, dict):
        return {k: reverse_keys(value[k]) for k in reversed(list(value.keys()))}
    if isinstance(value, list):
        return [reverse_keys(v) for v in value]
    return value


def canonical(board) -> str:
    def array(name):
        items = board[name]
        if not items:
            return f'  "{name}": []'
        lines = ",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in items)
        return f'  "{name}": [\n{lines}\n  ]'

    parts = [
        '  "format": ' + json.dumps(board["format"]),
        '  "board": ' + json.dumps(board["board"], ensure_ascii=False),
        array("states"),
        array("cards"),
        array("events"),
    ]
    known = {"format", "board", "states", "cards", "events"}
    for key in sorted(k for k in board if k not in known):
        parts.append("  " + json.dumps(key, ensure_ascii=False) + ": "
                     + json.dumps(board[key], ensure_ascii=False))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main() -> int:
    mode, src, dst = sys.argv[1:4]
    with open(src, encoding="utf-8") as f:
        board = json.load(f)
    with open(dst, "w", encoding="utf-8") as f:
        if mode == "shuffled":
            moved = reverse_keys(board)
            b = moved.pop("board")
            moved["board"] = b
            json.dump(moved, f, indent=3, ensure_ascii=True)
        elif mode == "minified":
            json.dump(board, f, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        elif mode == "canonical":
            f.write(canonical(board))
        else:
            print(f"unknown mode {mode}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
