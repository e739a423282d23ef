#!/usr/bin/env python3
"""Re-records what boardkit and the oracle do with every corpus file into corpus.json.

    python3 Tests/Corpus/record.py [--boardkit PATH] [FILE-IN-CORPUS...]

Only the measured fields of an entry are rewritten ("expected", "warnings", "oracle"); the
hand-written ones (source, gap, note, args) are kept. Every change is printed, so a reviewer
sees what moved: an entry whose outcome changed needs its "gap" looked at by hand (fixed,
narrowed, or still there), which this script never does. CorpusTests.swift checks the same
fields, so run this after a change to a reader and commit corpus.json with the change.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ORACLE = os.path.join(ROOT, "Tests", "Oracles", "corpus_count.py")
# The data files: $BOARDKIT_CORPUS, else ../shared/corpus beside the project (not in git).
FILES = os.environ.get("BOARDKIT_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")
SUMMARY = re.compile(r"^(?P<file>.*): (?P<cards>\d+) cards?, \d+ states?, \d+ events? \((?P<format>[^)]*)\)$")


def run_boardkit(boardkit, path, args):
    """What `boardkit convert` and `boardkit validate` do with the file (as CorpusTests runs them)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        convert = subprocess.run([boardkit, "convert", path, out, "--diagnostics", "json"] + args,
                                 capture_output=True, text=True, timeout=120)
        written = os.path.exists(out)
        cards = len(json.load(open(out))["cards"]) if written else None
    validate = subprocess.run([boardkit, "validate", path] + args, capture_output=True, text=True, timeout=120)
    try:
        diagnostics = json.loads(convert.stderr) if convert.stderr.strip() else []
    except json.JSONDecodeError:
        diagnostics = [{"severity": "error", "code": "unparsable-diagnostics: " + convert.stderr[:200]}]
    errors = {d["code"] for d in diagnostics if d["severity"] == "error"}
    warnings = {d["code"] for d in diagnostics if d["severity"] != "error"}
    summary = None
    for line in validate.stdout.splitlines():
        m = SUMMARY.match(line)
        if m:
            summary = m
    if convert.returncode == 0:
        expected = {"exit": 0, "outcome": "cards", "cards": cards,
                    "format": summary.group("format") if summary else None}
    else:
        expected = {"exit": convert.returncode, "outcome": "refused", "codes": sorted(errors)}
    consistent = (validate.returncode == convert.returncode
                  and (convert.returncode != 0 or (written and summary and int(summary.group("cards")) == cards))
                  and (convert.returncode == 0 or not written))
    if not consistent:
        expected["inconsistent"] = (f"validate exit {validate.returncode}, convert exit {convert.returncode}, "
                                    f"output written: {written}, summary: {summary.group(0) if summary else None}")
    return expected, sorted(warnings)


def oracle(paths, header_row=None):
    cmd = [sys.executable, "-W", "ignore", ORACLE] + (["--header-row", str(header_row)] if header_row else []) + paths
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=FILES, check=True).stdout
    return {d["file"]: d for d in map(json.loads, out.splitlines())}


def main(argv):
    boardkit = os.path.join(ROOT, ".build", "debug", "boardkit")
    only = []
    it = iter(argv)
    for a in it:
        if a == "--boardkit":
            boardkit = next(it)
        else:
            only.append(a)
    corpus_path = os.path.join(HERE, "corpus.json")
    corpus = json.load(open(corpus_path))
    entries = [e for e in corpus["files"] if not only or e["file"] in only]
    plain = [e["file"] for e in entries if not e.get("oracle_header_row")]
    counts = oracle(plain) if plain else {}
    for e in entries:
        if e.get("oracle_header_row"):
            counts.update(oracle([e["file"]], e["oracle_header_row"]))
    for e in entries:
        before = {k: e.get(k) for k in ("expected", "warnings", "oracle")}
        expected, warnings = run_boardkit(boardkit, os.path.join(FILES, e["file"]), e.get("args", []))
        o = counts[e["file"]]
        e["oracle"] = {"items": o["items"], "reader": o["reader"]} if o["error"] is None else \
            {"items": None, "refused": o["error"]}
        e["expected"] = expected
        e["warnings"] = warnings
        after = {k: e.get(k) for k in ("expected", "warnings", "oracle")}
        if before != after:
            print(f"{e['file']}:\n  was {json.dumps(before, ensure_ascii=False)}\n  now {json.dumps(after, ensure_ascii=False)}")
    with open(corpus_path, "w") as f:
        json.dump(corpus, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
