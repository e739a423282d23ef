#!/usr/bin/env python3
"""Benchmark peer: boardkit's canonical JSON → a Trello board export, in plain Python (json
module), doing what `boardkit convert board.json x.json --to trello` does and writing the
same keys: states → lists, labels and assignees → labels and members by id, cards with due
and start dates in Trello's UTC form (a date-only due at noon in the board's zone),
dateLastActivity, inline labels, custom-field items and boardkit's extension values, and
events → createCard/updateCard/deleteCard actions, newest first; written indented as
Trello does. The reader takes it back (`boardkit convert OUT back.json --from trello`).

usage: foreign_board_to_trello.py INPUT OUTPUT
"""
import hashlib
import json
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

COLORS = ["green", "yellow", "orange", "red", "purple", "blue", "sky", "lime", "pink", "black"]


def tid(kind, key):
    return hashlib.sha1(f"{kind}\x1f{key}".encode()).hexdigest()[:24]


def instant(iso, zone):
    """A canonical timestamp or date as an aware datetime (a date is noon in the zone)."""
    if len(iso) == 10:
        return datetime.fromisoformat(iso + "T12:00:00").replace(tzinfo=zone)
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def trello_date(iso, zone):
    u = instant(iso, zone).astimezone(timezone.utc)
    return u.strftime("%Y-%m-%dT%H:%M:%S.") + f"{u.microsecond // 1000:03d}Z"


def is_utc(iso):
    return iso.endswith("Z") or iso.endswith("+00:00")


def main(inp, out):
    d = json.load(open(inp, encoding="utf-8"))
    board = d["board"]
    zone = ZoneInfo(board.get("timezone") or "UTC")
    board_ref = {"id": board["id"], "name": board["name"]}
    lists = {s["id"]: {"id": tid("list", s["id"]), "name": s["name"]} for s in d["states"]}
    labels, members, fields = {}, {}, {}
    for c in d["cards"]:
        for name in c.get("labels", []):
            labels.setdefault(name, {"id": tid("label", name), "idBoard": board["id"], "name": name,
                                     "color": COLORS[len(labels) % len(COLORS)]})
        for a in c.get("assignees", []):
            members.setdefault(a, {"id": tid("member", a), "username": a, "fullName": a,
                                   "initials": a[:2].upper(), "memberType": "normal"})
        for f in sorted(c.get("fields", {})):
            fields.setdefault(f, {"id": tid("customField", f), "idModel": board["id"], "modelType": "board",
                                  "name": f, "type": "text", "pos": (len(fields) + 1) * 16384})
    titles, states, last_event = {}, {}, {}
    for c in d["cards"]:
        titles[c["id"]], states[c["id"]] = c["title"], c["state"]
    for e in d.get("events", []):
        if e.get("actor"):
            members.setdefault(e["actor"], {"id": tid("member", e["actor"]), "username": e["actor"],
                                            "fullName": e["actor"], "initials": e["actor"][:2].upper(),
                                            "memberType": "normal"})
        last_event[e["card"]] = e["at"]

    actions = []
    for k, e in enumerate(d.get("events", [])):
        card_ref = {"id": e["card"], "name": titles.get(e["card"], "")}
        data = {"board": board_ref}
        t = e["type"]
        if t == "created":
            kind = "createCard"
            data["card"] = card_ref
            data["list"] = lists.get(e.get("to") or states.get(e["card"], ""))
        elif t == "moved":
            kind = "updateCard"
            data["card"] = dict(card_ref, idList=(lists.get(e.get("to")) or {}).get("id"))
            data["listBefore"], data["listAfter"] = lists.get(e.get("from")), lists.get(e.get("to"))
            data["old"] = {"idList": (lists.get(e.get("from")) or {}).get("id")}
        elif t in ("archived", "restored"):
            kind = "updateCard"
            data["card"] = dict(card_ref, closed=t == "archived")
            data["old"] = {"closed": t != "archived"}
        elif t == "deleted":
            kind = "deleteCard"
            data["card"] = {"id": e["card"]}
        else:
            kind = "updateCard"
            data["card"] = card_ref
            data["old"] = {}
        actor = members.get(e.get("actor"))
        actions.append({"id": tid("action", f"{e['card']}\x1f{k}"), "idMemberCreator": actor and actor["id"],
                        "data": {key: v for key, v in data.items() if v is not None}, "type": kind,
                        "date": trello_date(e["at"], zone),
                        "memberCreator": actor and {key: actor[key] for key in ("id", "username", "fullName")}})
    actions.reverse()

    cards = []
    for k, c in enumerate(d["cards"]):
        ext = {}
        for key in ("created", "completed"):
            if c.get(key):
                ext[key] = c[key]
        if c.get("updated") and not is_utc(c["updated"]):
            ext["updated"] = c["updated"]
        for key in ("due", "start"):
            if c.get(key) and (len(c[key]) == 10 or not is_utc(c[key])):
                ext[key] = c[key]
        last = c.get("updated") or c.get("completed") or c.get("created") or last_event.get(c["id"])
        card = {
            "id": c["id"], "name": c["title"], "desc": c.get("body", ""), "closed": c.get("archived", False),
            "idBoard": board["id"], "idList": lists[c["state"]]["id"], "idShort": k + 1,
            "pos": c.get("position", (k + 1) * 16384),
            "due": c.get("due") and trello_date(c["due"], zone), "dueComplete": False,
            "start": c.get("start") and trello_date(c["start"], zone),
            "dateLastActivity": trello_date(last, zone) if last else "1970-01-01T00:00:00.000Z",
            "idLabels": [labels[name]["id"] for name in c.get("labels", [])],
            "labels": [labels[name] for name in c.get("labels", [])],
            "idMembers": [members[a]["id"] for a in c.get("assignees", [])],
            "idChecklists": [], "url": c.get("url", ""), "attachments": [],
            "customFieldItems": [{"id": tid("item", c["id"] + "\x1f" + name), "value": {"text": v},
                                  "idCustomField": fields[name]["id"], "idModel": c["id"], "modelType": "card"}
                                 for name, v in sorted(c.get("fields", {}).items())],
        }
        if ext:
            card["boardkit"] = ext
        cards.append(card)

    metadata = dict(sorted(board.get("metadata", {}).items()))
    out_lists = [{"id": lists[s["id"]]["id"], "name": s["name"], "closed": False, "pos": (k + 1) * 16384,
                  "softLimit": str(s["wipLimit"]) if "wipLimit" in s else None, "idBoard": board["id"],
                  "subscribed": False, "boardkitState": s["id"], "boardkitCategory": s["category"]}
                 for k, s in enumerate(d["states"])]
    export = {
        "id": board["id"], "name": board["name"], "desc": "", "descData": None, "closed": False,
        "idOrganization": None, "pinned": False, "url": "", "shortUrl": "",
        "prefs": {"permissionLevel": "private", "voting": "disabled", "comments": "members",
                  "background": "blue", "backgroundColor": "#0079BF", "cardCovers": True},
        "labelNames": {c: next((lb["name"] for lb in labels.values() if lb["color"] == c and lb["name"] != c), "")
                       for c in COLORS},
        "boardkit": {"timezone": board.get("timezone", "UTC"), "metadata": metadata},
        "actions": actions, "cards": cards, "labels": list(labels.values()), "lists": out_lists,
        "members": list(members.values()), "checklists": [], "customFields": list(fields.values()),
        "memberships": [{"id": tid("membership", u), "idMember": m["id"], "memberType": "normal",
                         "unconfirmed": False, "deactivated": False} for u, m in members.items()],
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(export, f, ensure_ascii=False, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
