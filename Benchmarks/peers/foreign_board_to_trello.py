#!/usr/bin/env python3
"""Benchmark peer: boardkit's canonical JSON → a Trello board export, in plain Python (json
module), doing what `boardkit convert board.json x.json --to trello` does: states → lists,
labels and assignees → labels and members by id, cards with due dates, checklists-free
descriptions and custom-field items, and events → createCard/updateCard actions, newest
first; written indented as Trello does.

usage: foreign_board_to_trello.py INPUT OUTPUT
"""
import hashlib
import json
import sys


def tid(kind, key):
    return hashlib.sha1(f"{kind}\x1f{key}".encode()).hexdigest()[:24]


def main(inp, out):
    d = json.load(open(inp, encoding="utf-8"))
    board = d["board"]
    lists = {s["id"]: {"id": tid("list", s["id"]), "name": s["name"]} for s in d["states"]}
    labels, members, fields = {}, {}, {}
    for c in d["cards"]:
        for l in c.get("labels", []):
            labels.setdefault(l, {"id": tid("label", l), "name": l, "color": "green"})
        for a in c.get("assignees", []):
            members.setdefault(a, {"id": tid("member", a), "username": a, "fullName": a})
        for f in c.get("fields", {}):
            fields.setdefault(f, {"id": tid("customField", f), "name": f, "type": "text"})
    titles = {c["id"]: c["title"] for c in d["cards"]}
    cards = []
    for k, c in enumerate(d["cards"]):
        cards.append({
            "id": c["id"], "name": c["title"], "desc": c.get("body", ""), "closed": c.get("archived", False),
            "idBoard": board["id"], "idList": lists[c["state"]]["id"], "idShort": k + 1,
            "pos": c.get("position", (k + 1) * 16384), "due": c.get("due"),
            "dateLastActivity": c.get("updated") or c.get("created"),
            "idLabels": [labels[l]["id"] for l in c.get("labels", [])],
            "idMembers": [members[a]["id"] for a in c.get("assignees", [])],
            "customFieldItems": [{"id": tid("item", c["id"] + name), "value": {"text": v},
                                  "idCustomField": fields[name]["id"], "idModel": c["id"]}
                                 for name, v in sorted(c.get("fields", {}).items())],
        })
    actions = []
    for k, e in enumerate(d.get("events", [])):
        data = {"board": {"id": board["id"], "name": board["name"]},
                "card": {"id": e["card"], "name": titles.get(e["card"], "")}}
        if e["type"] == "created":
            kind = "createCard"
            data["list"] = lists.get(e.get("to"))
        elif e["type"] == "moved":
            kind = "updateCard"
            data["listBefore"], data["listAfter"] = lists.get(e.get("from")), lists.get(e.get("to"))
            data["old"] = {"idList": (lists.get(e.get("from")) or {}).get("id")}
        else:
            kind = "updateCard"
            data["old"] = {}
        actor = members.get(e.get("actor"))
        actions.append({"id": tid("action", f"{e['card']}\x1f{k}"), "idMemberCreator": actor and actor["id"],
                        "data": data, "type": kind, "date": e["at"], "memberCreator": actor})
    actions.reverse()
    json.dump({"id": board["id"], "name": board["name"], "actions": actions, "cards": cards,
               "labels": list(labels.values()), "lists": list(lists.values()), "members": list(members.values()),
               "checklists": [], "customFields": list(fields.values())},
              open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
