#!/usr/bin/env python3
"""Checks boardkit JSON files against the JSON Schema with the `jsonschema` package, and
loads each with Python's own `json` module.

usage: json_validate_schema.py SCHEMA FILE...

Prints one JSON object per file on its own line:
  {"file": ..., "errors": ["path: message", ...], "cards": N, "titles": [...],
   "events": N, "states": [...]}
Exit status 0 when every file is valid, 1 otherwise.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    schema_path, files = sys.argv[1], sys.argv[2:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    ok = True
    for path in files:
        with open(path, encoding="utf-8") as f:
            board = json.load(f)
        errors = [
            "/".join(str(p) for p in e.absolute_path) + ": " + e.message
            for e in sorted(validator.iter_errors(board), key=lambda e: list(map(str, e.absolute_path)))
        ]
        ok = ok and not errors
        print(json.dumps({
            "file": path,
            "errors": errors,
            "cards": len(board.get("cards", [])),
            "titles": [c.get("title") for c in board.get("cards", [])],
            "events": len(board.get("events", [])),
            "states": [s.get("id") for s in board.get("states", [])],
        }, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
