#!/usr/bin/env python3
"""Benchmark peer: a Trello board export → boardkit's canonical JSON, in plain Python
(json module), doing what `boardkit convert trello.json board.json` does: lists → states
(category guessed from the name), cards with labels, members, due dates, checklists and
custom fields, and createCard/updateCard actions → events.

The export is read as a Python programmer reads one too large for `json.load` (which holds
about seven times the file: 26 GB for a million cards): the text once, the root's members
decoded one at a time with the json module's own decoder (`raw_decode`), the actions and
cards an element at a time, keeping of each what the conversion uses. Same decoder, same
work, one pass; the small members (lists, labels…) come after the big arrays in Trello's
files, so cards and actions are converted once the pass is done.

usage: foreign_trello_to_board.py INPUT OUTPUT
"""
import json
import re
import sys

SPACE = re.compile(r"[ \t\n\r]*")
DECODER = json.JSONDecoder()


def root_members(s, streamed):
    """The root object's members as a dict, each decoded on its own; the arrays named in
    `streamed` are handed to their function an element at a time instead (and left out)."""
    i = SPACE.match(s, 1 if s.startswith("\ufeff") else 0).end()
    if s[i] != "{":
        raise ValueError("not a Trello export: the root is not an object")
    i = SPACE.match(s, i + 1).end()
    members = {}
    while s[i] != "}":
        key, i = DECODER.raw_decode(s, i)
        i = SPACE.match(s, i).end()
        i = SPACE.match(s, i + 1).end()  # past the colon
        if key in streamed and s[i] == "[":
            take = streamed[key]
            i = SPACE.match(s, i + 1).end()
            while s[i] != "]":
                element, i = DECODER.raw_decode(s, i)
                take(element)
                i = SPACE.match(s, i).end()
                if s[i] == ",":
                    i = SPACE.match(s, i + 1).end()
            i += 1
        else:
            members[key], i = DECODER.raw_decode(s, i)
        i = SPACE.match(s, i).end()
        if s[i] == ",":
            i = SPACE.match(s, i + 1).end()
    return members


CARD_KEYS = ("id", "name", "idList", "desc", "due", "dateLastActivity", "idLabels", "idMembers",
             "customFieldItems", "closed")


def category(name):
    k = "".join(c for c in name.lower() if c.isalnum())
    if any(w in k for w in ("done", "complete", "finished", "완료")):
        return "done"
    if any(w in k for w in ("doing", "progress", "review", "testing", "진행")):
        return "doing"
    return "todo"


def main(inp, out):
    with open(inp, encoding="utf-8") as f:
        text = f.read()
    raw_cards, actions = [], []

    def keep_card(c):
        raw_cards.append({k: c[k] for k in CARD_KEYS if k in c})

    def keep_action(a):
        data = a.get("data", {})
        actions.append((a["type"], a["date"], (data.get("card") or {}).get("id"),
                        (a.get("memberCreator") or {}).get("username"), (data.get("list") or {}).get("id"),
                        (data.get("listBefore") or {}).get("id"),
                        data["listAfter"]["id"] if "listAfter" in data else None, "listAfter" in data))

    d = root_members(text, {"cards": keep_card, "actions": keep_action})
    del text
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
    for c in raw_cards:
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
    for kind, at, cid, actor, list_id, before, after, moved in reversed(actions):
        if cid not in known:
            continue
        e = {"card": cid, "at": at, "actor": actor}
        if kind == "createCard":
            e.update(type="created", to=state_of.get(list_id))
        elif kind == "updateCard" and moved:
            e.update(type="moved", to=state_of.get(after), **{"from": state_of.get(before)})
        elif kind == "updateCard":
            e["type"] = "updated"
        else:
            continue
        events.append({k: v for k, v in e.items() if v is not None})
    events.sort(key=lambda e: e["at"])
    json.dump({"format": "boardkit/1", "board": {"id": d.get("id", "board"), "name": d.get("name", ""), "timezone": "UTC"},
               "states": states, "cards": cards, "events": events}, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
