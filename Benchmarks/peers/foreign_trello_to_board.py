#!/usr/bin/env python3
"""Benchmark peer: a Trello board export → boardkit's canonical JSON, in plain Python
(json module), doing what `boardkit convert trello.json board.json` does: lists → states
(category guessed from the name), cards with labels, members, due dates, checklists and
custom fields, and createCard/updateCard actions → events.

usage: foreign_trello_to_board.py INPUT OUTPUT
"""
import json
import os
import sys

# Python's json holds about seven times the file: above this the machine would run out of
# memory, so the run is declined (and recorded as failed) instead.
LIMIT = 1.5 * 2**30


def category(name):
    k = "".join(c for c in name.lower() if c.isalnum())
    if any(w in k for w in ("done", "complete", "finished", "완료")):
        return "done"
    if any(w in k for w in ("doing", "progress", "review", "testing", "진행")):
        return "doing"
    return "todo"


def main(inp, out):
    if os.path.getsize(inp) > LIMIT:
        sys.exit(f"declined: {os.path.getsize(inp) / 2**30:.1f} GB would need ~{7 * os.path.getsize(inp) / 2**30:.0f} GB of memory")
    d = json.load(open(inp, encoding="utf-8"))
    states, state_of = [], {}
    for l in sorted(d["lists"], key=lambda l: l.get("pos", 0)):
        sid = "-".join("".join(c if c.isalnum() else " " for c in l["name"].lower()).split()) or "state"
        state_of[l["id"]] = sid
        states.append({"id": sid, "name": l["name"], "category": category(l["name"])})
    labels = {l["id"]: l["name"] or l.get("color") or "label" for l in d.get("labels", [])}
    members = {m["id"]: m.get("username") or m["id"] for m in d.get("members", [])}
    fields = {f["id"]: f for f in d.get("customFields", [])}
    checklists = {}
    for cl in d.get("checklists", []):
        checklists.setdefault(cl["idCard"], []).append(cl)
    cards = []
    for c in d["cards"]:
        card = {"id": c["id"], "title": c["name"], "state": state_of[c["idList"]]}
        body = c.get("desc", "")
        parts = []
        for cl in sorted(checklists.get(c["id"], []), key=lambda x: x.get("pos", 0)):
            parts.append("\n".join(["## " + cl["name"]] + ["- [%s] %s" % ("x" if i["state"] == "complete" else " ", i["name"])
                                                          for i in sorted(cl["checkItems"], key=lambda i: i.get("pos", 0))]))
        if parts:
            body = (body + "\n\n" if body else "") + "\n\n".join(parts)
        if body:
            card["body"] = body
        if c.get("due"):
            card["due"] = c["due"]
        if c.get("dateLastActivity"):
            card["updated"] = c["dateLastActivity"]
        if c.get("idLabels"):
            card["labels"] = [labels[i] for i in c["idLabels"] if i in labels]
        if c.get("idMembers"):
            card["assignees"] = [members[i] for i in c["idMembers"] if i in members]
        f = {}
        for item in c.get("customFieldItems", []):
            field = fields.get(item["idCustomField"])
            if field and item.get("value"):
                f[field["name"]] = next(iter(item["value"].values()))
        if f:
            card["fields"] = f
        if c.get("closed"):
            card["archived"] = True
        cards.append(card)
    known = {c["id"] for c in cards}
    events = []
    for a in reversed(d.get("actions", [])):
        data = a.get("data", {})
        cid = (data.get("card") or {}).get("id")
        if cid not in known:
            continue
        e = {"card": cid, "at": a["date"], "actor": (a.get("memberCreator") or {}).get("username")}
        if a["type"] == "createCard":
            e.update(type="created", to=state_of.get((data.get("list") or {}).get("id")))
        elif a["type"] == "updateCard" and "listAfter" in data:
            e.update(type="moved", to=state_of.get(data["listAfter"]["id"]), **{"from": state_of.get((data.get("listBefore") or {}).get("id"))})
        elif a["type"] == "updateCard":
            e["type"] = "updated"
        else:
            continue
        events.append({k: v for k, v in e.items() if v is not None})
    events.sort(key=lambda e: e["at"])
    json.dump({"format": "boardkit/1", "board": {"id": d.get("id", "board"), "name": d.get("name", ""), "timezone": "UTC"},
               "states": states, "cards": cards, "events": events}, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
