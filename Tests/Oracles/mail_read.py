#!/usr/bin/env python3
"""Oracle: reads mail messages back with Python's `email` parser, as a mail client would.

usage: mail_read.py MESSAGE.eml...

Prints one JSON array, an object per message:
  {"subject": DECODED, "subject_raw": AS_WRITTEN, "from", "to" (addresses), "to_names" (their
   display names, decoded), "headers" (the other top-level headers by name, decoded), "date", "date_parsed": ISO,
   "message_id", "mime_version", "defects": [...], "longest_line": N (of the raw message,
   without its line break), "content_type", "parts": [PART...]}
where each leaf PART is {"content_type", "charset", "transfer_encoding", "text" (decoded, for
text/*), "filename", "size"}, an xlsx attachment also {"sheets": [names], "a1": first sheet's
A1} as openpyxl opens it, and a multipart is {"content_type", "parts": [...]}.
Headers are decoded with the default (RFC 5322/2047) policy: an encoded-word subject comes
back whole, and a word that cannot be decoded shows up in "defects".
"""
import email
import email.policy
import email.utils
import io
import json
import re
import sys

import openpyxl


def part(p, defects):
    defects.extend(type(d).__name__ for d in p.defects)
    if p.is_multipart():
        return {"content_type": p.get_content_type(), "parts": [part(x, defects) for x in p.iter_parts()]}
    out = {"content_type": p.get_content_type(), "charset": p.get_content_charset(),
           "transfer_encoding": p.get("Content-Transfer-Encoding"), "filename": p.get_filename()}
    payload = p.get_payload(decode=True) or b""
    out["size"] = len(payload)
    if p.get_content_maintype() == "text":
        out["text"] = payload.decode(p.get_content_charset() or "ascii")
    if out["filename"] and out["filename"].endswith(".xlsx"):
        book = openpyxl.load_workbook(io.BytesIO(payload), read_only=True)
        out["sheets"] = book.sheetnames
        out["a1"] = book.worksheets[0]["A1"].value
    return out


def raw_header(raw, name):
    """A header as written, its folded lines included (None when absent)."""
    head = raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0].decode("ascii", "replace")
    found = re.search(r"^%s:(.*(?:\n[ \t].*)*)" % name, head, re.M | re.I)
    return found.group(1).strip() if found else None


def read(path):
    raw = open(path, "rb").read()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    defects = []
    subject = message["Subject"]
    defects.extend(type(d).__name__ for d in (subject.defects if subject is not None else []))
    date = message["Date"]
    return {
        "subject": str(subject) if subject is not None else None,
        "subject_raw": raw_header(raw, "Subject"),
        "from": str(message["From"]) if message["From"] else None,
        "to": [a.addr_spec for a in message["To"].addresses] if message["To"] else [],
        "to_names": [a.display_name for a in message["To"].addresses] if message["To"] else [],
        "headers": {k: str(v) for k, v in message.items() if k.lower() not in ("from", "to", "subject", "content-type")},
        "date": str(date) if date else None,
        "date_parsed": email.utils.parsedate_to_datetime(str(date)).isoformat() if date else None,
        "message_id": message["Message-ID"],
        "mime_version": message["MIME-Version"],
        "longest_line": max(len(line.rstrip(b"\r")) for line in raw.split(b"\n")),
        "content_type": message.get_content_type(),
        "parts": [part(x, defects) for x in message.iter_parts()] if message.is_multipart() else [part(message, defects)],
        "defects": defects + [type(d).__name__ for d in message.defects],
    }


print(json.dumps([read(p) for p in sys.argv[1:]], ensure_ascii=False))
