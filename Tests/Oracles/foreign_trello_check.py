#!/usr/bin/env python3
"""Checks a Trello-shaped board export the way importers read one.

The shape rules are those Wekan's Trello importer enforces before importing (its
`check()` of actions, board, labels, lists, cards and checklists), plus the references
Wekan, Planka and Focalboard follow (a card's list, labels and members; a checklist's
card; a custom field value's field; a move action's list; a comment's card and text; a
check item's state, due and member; an attachment's URL, flags, size, date and member).
Prints a JSON summary of what an importer would see (lists in order, each card's list
name, label names, member usernames, checklist items and their members, comments oldest
first as `author: text`, attachments), or the problems found, one per line, and exits 1.

usage: foreign_trello_check.py EXPORT.json
"""
import json
import sys
from datetime import datetime


def iso(s):
    if not isinstance(s, str):
        return False
    try:
        datetime.fromisoformat(s.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def main(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    problems = []

    def need(cond, where, what):
        if not cond:
            problems.append(f"{where}: {what}")

    need(isinstance(d, dict), "$", "the export is an object")
    need(isinstance(d.get("name"), str), "$.name", "a string")
    prefs = d.get("prefs") or {}
    need(isinstance(prefs.get("background"), str), "$.prefs.background", "a string")
    need(prefs.get("permissionLevel") in ("org", "private", "public"), "$.prefs.permissionLevel", "org, private or public")
    for key in ("actions", "cards", "labels", "lists", "members", "checklists"):
        need(isinstance(d.get(key), list), f"$.{key}", "an array")
    lists = {l.get("id"): l for l in d.get("lists", [])}
    labels = {l.get("id"): l for l in d.get("labels", [])}
    members = {m.get("id"): m for m in d.get("members", [])}
    fields = {c.get("id"): c for c in d.get("customFields", [])}
    cards = {c.get("id"): c for c in d.get("cards", [])}
    for k, l in enumerate(d.get("lists", [])):
        need(isinstance(l.get("closed"), bool), f"$.lists[{k}].closed", "true/false")
        need(isinstance(l.get("name"), str), f"$.lists[{k}].name", "a string")
        need(isinstance(l.get("pos"), (int, float)), f"$.lists[{k}].pos", "a number")
    for k, l in enumerate(d.get("labels", [])):
        need(isinstance(l.get("name"), str), f"$.labels[{k}].name", "a string")
    for k, c in enumerate(d.get("cards", [])):
        w = f"$.cards[{k}]"
        need(isinstance(c.get("closed"), bool), w + ".closed", "true/false")
        need(iso(c.get("dateLastActivity")), w + ".dateLastActivity", "an ISO date")
        need(isinstance(c.get("desc"), str), w + ".desc", "a string")
        need(isinstance(c.get("name"), str), w + ".name", "a string")
        need(isinstance(c.get("pos"), (int, float)), w + ".pos", "a number")
        need(c.get("idList") in lists, w + ".idList", "names a list of the export")
        for j, i in enumerate(c.get("idLabels", None) or []):
            need(i in labels, f"{w}.idLabels[{j}]", "names a label of the export")
        need(isinstance(c.get("idLabels"), list), w + ".idLabels", "an array")
        need(isinstance(c.get("idMembers"), list), w + ".idMembers", "an array")
        for j, a in enumerate(c.get("attachments") or []):
            wa = f"{w}.attachments[{j}]"
            need(isinstance(a.get("url"), str) and a["url"], wa + ".url", "a URL")
            need(isinstance(a.get("name"), str), wa + ".name", "a string")
            need(a.get("isUpload") is None or isinstance(a.get("isUpload"), bool), wa + ".isUpload", "true/false")
            need(a.get("mimeType") is None or isinstance(a.get("mimeType"), str), wa + ".mimeType", "null or a string")
            need(a.get("bytes") is None or (isinstance(a.get("bytes"), int) and a["bytes"] >= 0), wa + ".bytes", "null or a size")
            need(a.get("date") is None or iso(a.get("date")), wa + ".date", "null or an ISO date")
            need(a.get("idMember") is None or a.get("idMember") in members, wa + ".idMember", "null or a member of the export")
        for j, i in enumerate(c.get("idMembers") or []):
            need(i in members, f"{w}.idMembers[{j}]", "names a member of the export")
        for key in ("due", "start"):
            need(c.get(key) is None or iso(c.get(key)), f"{w}.{key}", "null or an ISO date")
        for j, item in enumerate(c.get("customFieldItems") or []):
            f = fields.get(item.get("idCustomField"))
            need(f is not None, f"{w}.customFieldItems[{j}]", "names a custom field of the export")
            if f is not None and f.get("type") == "list":
                need(item.get("idValue") in [o["id"] for o in f.get("options", [])],
                     f"{w}.customFieldItems[{j}].idValue", "names an option of its field")
            elif f is not None:
                need(isinstance(item.get("value"), dict) and len(item["value"]) == 1,
                     f"{w}.customFieldItems[{j}].value", "an object with one typed value")
    for k, f in enumerate(d.get("customFields", [])):
        need(isinstance((f.get("display") or {}).get("cardFront"), bool), f"$.customFields[{k}].display.cardFront", "true/false")
        need(f.get("type") in ("text", "number", "date", "checkbox", "list"), f"$.customFields[{k}].type", "a Trello field type")
    for k, cl in enumerate(d.get("checklists", [])):
        w = f"$.checklists[{k}]"
        for key in ("idBoard", "idCard", "name"):
            need(isinstance(cl.get(key), str), f"{w}.{key}", "a string")
        need(cl.get("idCard") in cards, w + ".idCard", "names a card of the export")
        for j, item in enumerate(cl.get("checkItems", [])):
            need(item.get("state") in ("complete", "incomplete") and isinstance(item.get("name"), str),
                 f"{w}.checkItems[{j}]", "has a state (complete/incomplete) and a name")
            need(item.get("due") is None or iso(item.get("due")), f"{w}.checkItems[{j}].due", "null or an ISO date")
            need(item.get("idMember") is None or item.get("idMember") in members, f"{w}.checkItems[{j}].idMember",
                 "null or a member of the export")
    for k, a in enumerate(d.get("actions", [])):
        w = f"$.actions[{k}]"
        need(isinstance(a.get("data"), dict), w + ".data", "an object")
        need(iso(a.get("date")), w + ".date", "an ISO date")
        need(isinstance(a.get("type"), str), w + ".type", "a string")
        data = a.get("data") or {}
        if a.get("type") == "createCard":
            need((data.get("list") or {}).get("id") in lists, w + ".data.list.id", "names a list")
        if a.get("type") == "commentCard":
            need((data.get("card") or {}).get("id") in cards, w + ".data.card.id", "names a card")
            need(isinstance(data.get("text"), str), w + ".data.text", "a string")
            need(data.get("dateLastEdited") is None or iso(data.get("dateLastEdited")), w + ".data.dateLastEdited",
                 "null or an ISO date")
            need(a.get("idMemberCreator") is None or a.get("idMemberCreator") in members, w + ".idMemberCreator",
                 "null or a member of the export")
        if a.get("type") == "updateCard" and (data.get("old") or {}).get("idList"):
            need((data.get("listAfter") or {}).get("id") in lists, w + ".data.listAfter.id", "names a list")
    if problems:
        print("\n".join(problems))
        return 1
    by_id = {l["id"]: l["name"] for l in d["lists"]}
    label_text = {l["id"]: (l["name"] or l.get("color") or "") for l in d["labels"]}
    comments = {}
    for a in sorted((a for a in d["actions"] if a["type"] == "commentCard"), key=lambda a: a["date"]):
        author = members[a["idMemberCreator"]]["username"] if a.get("idMemberCreator") else ""
        comments.setdefault(a["data"]["card"]["id"], []).append(f"{author}: {a['data']['text']}")

    def items(c):
        return [i for cl in sorted((cl for cl in d["checklists"] if cl["idCard"] == c["id"]), key=lambda cl: cl["pos"])
                for i in sorted(cl["checkItems"], key=lambda i: i["pos"])]

    def attachment(a):
        who = [members[a["idMember"]]["username"]] if a.get("idMember") else []
        if a.get("isUpload"):
            what = ["upload"] + ([a["mimeType"]] if a.get("mimeType") else []) + ([f"{a['bytes']} bytes"] if a.get("bytes") is not None else [])
        else:
            what = ["link"]
        return f"{a['name']} ({', '.join(what + who)})"
    summary = {
        "name": d["name"],
        "lists": [l["name"] for l in sorted(d["lists"], key=lambda l: l["pos"])],
        "cards": {c["name"]: {"list": by_id[c["idList"]], "closed": c["closed"],
                              "labels": [label_text[i] for i in c["idLabels"]],
                              "members": [members[i]["username"] for i in c["idMembers"]],
                              "checkItems": [i["name"] for i in items(c)],
                              "checkItemMembers": [members[i["idMember"]]["username"] for i in items(c) if i.get("idMember")],
                              "comments": comments.get(c["id"], []),
                              "attachments": [attachment(a) for a in c.get("attachments") or []]}
                  for c in d["cards"]},
        "actions": len(d["actions"]),
    }
    print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
