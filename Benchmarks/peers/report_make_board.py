#!/usr/bin/env python3
"""Writes a canonical boardkit JSON board for the report benchmark: CARDS cards and exactly
five events each (created, then four moves: todo→doing→review→doing→… ending in done for
most cards), spread over WEEKS weeks before 2026-11-20T09:00Z, history sorted by time.

usage: report_make_board.py OUTPUT [CARDS=1000000] [WEEKS=26]
"""
import json
import random
import sys

out = sys.argv[1]
cards = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
weeks = int(sys.argv[3]) if len(sys.argv) > 3 else 26
end = 1_795_165_200  # 2026-11-20T09:00:00Z
start = end - weeks * 7 * 86400
rng = random.Random(42)
flows = [["todo", "doing", "review", "doing", "review"],
         ["todo", "doing", "review", "done", "doing"],
         ["todo", "doing", "review", "doing", "done"],
         ["todo", "doing", "done", "doing", "done"]]
events = []
card_rows = []
people = ["mina", "jisoo", "alex", "sam", "dana", "hyunwoo"]
labels = ["bug", "feature", "docs", "urgent", "design", "ops"]


def iso(t):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


for n in range(cards):
    cid = f"c{n + 1}"
    flow = flows[rng.randrange(4)]
    t = start + rng.randrange(weeks * 7 * 86400 - 86400 * 10)
    times = [t]
    for _ in range(4):
        t += 600 + rng.randrange(2 * 86400)
        times.append(t)
    events.append((times[0], n, 0, cid, None, flow[0]))
    for k in range(1, 5):
        events.append((times[k], n, k, cid, flow[k - 1], flow[k]))
    card = {"id": cid, "title": f"Card {n + 1}", "state": flow[-1], "created": iso(times[0]),
            "assignees": [people[n % 6]], "labels": [labels[n % 5]]}
    if flow[-1] == "done":
        card["completed"] = iso(times[-1])
    if n % 3:
        card["due"] = iso(times[0] + 14 * 86400)[:10]
    card_rows.append(card)
events.sort()
with open(out, "w", encoding="utf-8") as f:
    f.write('{"format":"boardkit/1","board":{"id":"bench","name":"Bench","timezone":"Asia/Seoul"},')
    f.write('"states":[{"id":"todo","name":"TODO","category":"todo"},{"id":"doing","name":"DOING","category":"doing","wipLimit":5},'
            '{"id":"review","name":"REVIEW","category":"doing"},{"id":"done","name":"DONE","category":"done"}],\n"cards":[\n')
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in card_rows))
    f.write('],\n"events":[\n')
    parts = []
    for t, _, k, cid, frm, to in events:
        e = {"card": cid, "at": iso(t), "type": "created" if k == 0 else "moved", "to": to}
        if frm:
            e["from"] = frm
        parts.append(json.dumps(e, separators=(",", ":")))
    f.write(",\n".join(parts))
    f.write("]}\n")
