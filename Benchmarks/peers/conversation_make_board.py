#!/usr/bin/env python3
"""Writes the benchmark's board again with a conversation on every card (issue #44): five
comments (an author, a time after the card's creation, text with a comma, a new line and
Korean) and one checklist of three items (one done), as a team's busy board has them.

usage: conversation_make_board.py INPUT.json OUTPUT.json
"""
import json
import sys

PEOPLE = ["mina", "jisoo", "alex", "sam", "dana"]
TEXTS = ["Looked at it, the fix is in the second commit.", "Okta first,\n다음은 Azure.",
         "Waiting on the API team; see thread.", "Numbers: 1,234 rows; 5,678 bytes.", "Done on staging 🎉"]


def main(source, target):
    with open(source, encoding="utf-8") as f:
        board = json.load(f)
    board["format"] = "boardkit/2"
    for n, card in enumerate(board["cards"]):
        created = card.get("created", "2026-10-01T09:00:00Z")
        day = created[:10]
        card["comments"] = [{"id": f"k{n}-{k}", "author": PEOPLE[(n + k) % 5], "at": f"{day}T1{k}:00:00Z",
                             "text": TEXTS[k]} for k in range(5)]
        card["checklists"] = [{"name": "Ship", "items": [{"text": "Tests", "done": True}, {"text": "Docs", "done": False},
                                                         {"text": "Release note", "done": False}]}]
    with open(target, "w", encoding="utf-8") as f:
        json.dump(board, f, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
