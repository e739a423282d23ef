"""Shared by the CSV peers: turns boardkit's canonical CSV rows into the canonical board JSON
(the same work boardkit's CSV reader does: typed columns, lists split, custom fields kept)."""
import csv

CANONICAL = ["id", "title", "body", "state", "due", "start", "created", "updated", "completed",
             "labels", "assignees", "position", "archived", "url"]


def split_list(cell):
    if not cell:
        return []
    if "\\" not in cell:
        return [x.strip() for x in cell.split(",") if x.strip()]
    items, cur, esc = [], [], False
    for ch in cell:
        if esc:
            cur.append(ch); esc = False
        elif ch == "\\":
            esc = True
        elif ch == ",":
            items.append("".join(cur).strip()); cur = []
        else:
            cur.append(ch)
    items.append("".join(cur).strip())
    return [i for i in items if i]


def board_from_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.reader(f)
        header = next(reader)
        fields = [(k, h[6:] if h.startswith("field:") else h) for k, h in enumerate(header) if h not in CANONICAL]
        idx = {h: k for k, h in enumerate(header)}
        states, cards = {}, []
        for row in reader:
            if not row:
                continue
            state = row[idx["state"]]
            sid = states.setdefault(state, state.lower().replace(" ", "-"))
            card = {"id": row[idx["id"]], "title": row[idx["title"]], "state": sid}
            if row[idx["body"]]:
                card["body"] = row[idx["body"]]
            for key in ("due", "start", "created", "updated", "completed", "url"):
                if row[idx[key]]:
                    card[key] = row[idx[key]]
            for key in ("labels", "assignees"):
                items = split_list(row[idx[key]])
                if items:
                    card[key] = items
            if row[idx["position"]]:
                card["position"] = float(row[idx["position"]])
            if row[idx["archived"]] == "true":
                card["archived"] = True
            extra = {name: row[k] for k, name in fields if row[k]}
            if extra:
                card["fields"] = extra
            cards.append(card)
    return {"format": "boardkit/1", "board": {"id": "board", "name": "Board", "timezone": "UTC"},
            "states": [{"id": sid, "name": name, "category": "todo"} for name, sid in states.items()],
            "cards": cards, "events": []}
