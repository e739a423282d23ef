#!/usr/bin/env python3
"""Peer for JSON→JSON: orjson (Rust) loads a boardkit board and dumps it again in
boardkit's line layout (one line per state, card and event). orjson has no option for
spaces after ':' and ',', so its lines are a little shorter than boardkit's.

usage: json_orjson.py INPUT OUTPUT
"""
import sys

import orjson


def main() -> None:
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        board = orjson.loads(f.read())
    parts = [b'{\n  "format": ', orjson.dumps(board["format"]), b',\n  "board": ', orjson.dumps(board["board"])]
    for name in ("states", "cards", "events"):
        items = board.get(name, [])
        if not items:
            parts.append(b',\n  "' + name.encode() + b'": []')
            continue
        parts.append(b',\n  "' + name.encode() + b'": [\n    ')
        parts.append(b",\n    ".join(orjson.dumps(x) for x in items))
        parts.append(b"\n  ]")
    parts.append(b"\n}\n")
    with open(dst, "wb") as out:
        out.writelines(parts)


if __name__ == "__main__":
    main()
