#!/usr/bin/env python3
"""Every module a target imports is a dependency Package.swift declares for it, and every
declared dependency of a target is imported by it: the dependency graph says what the code
does. (SwiftPM's own `--explicit-target-dependency-import-check` checks nothing on Linux
without explicit module builds, and a target that imports an undeclared module builds anyway
whenever something else pulls the module in.)

Modules of the toolchain (Foundation, Glibc, Testing…) need no declaration. A product is
named by its module.

The map stays true too: README.md's Layout table names every target under Sources/ in a row
whose "on" column lists exactly that target's declared dependencies ("—" for none), so the
architecture a newcomer reads is the one Package.swift builds.

Usage: Tests/imports_check.py (from anywhere; runs `swift package dump-package`). Exit 1
lists each target's undeclared imports and unused dependencies, and each Layout row that
disagrees with Package.swift.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl",
             "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency",
             "os", "Android", "WinSDK", "SwiftShims"}
# At the start of a line: an indented `import csv` is Python inside a test's string.
IMPORT = re.compile(r"^(?:@[\w()]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


def declared(target):
    """The module names a target's dependencies give it."""
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        names.add(value[0])
    return names


def folder(target):
    if target.get("path"):
        return ROOT / target["path"]
    kind = "Tests" if target["type"] == "test" else "Sources"
    return ROOT / kind / target["name"]


def layout_rows():
    """README's Layout rows as (target names, the "on" names or None) for rows naming folders
    of Sources/."""
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`Sources/"):
            continue
        names = [n.removeprefix("Sources/") for n in re.findall(r"`([^`]+)`", cells[0])]
        on = set() if cells[1] in ("—", "-") else {n.strip() for n in cells[1].split(",") if n.strip()}
        rows.append((names, on))
    return rows


def layout_problems(package):
    targets = {t["name"]: t for t in package["targets"]}
    in_sources = {t["name"] for t in package["targets"]
                  if t["type"] != "test" and folder(t).resolve().parent == (ROOT / "Sources").resolve()}
    problems, listed = [], set()
    for names, on in layout_rows():
        for name in names:
            listed.add(name)
            if name not in targets:
                problems.append(f"README's Layout names {name}, which Package.swift does not have")
            elif declared(targets[name]) != on:
                deps = ", ".join(sorted(declared(targets[name]))) or "—"
                problems.append(f"README's Layout says {name} is on {', '.join(sorted(on)) or '—'}; Package.swift: {deps}")
    for name in sorted(in_sources - listed):
        problems.append(f"README's Layout has no row for Sources/{name}")
    return problems


def main():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                        capture_output=True, text=True).stdout)
    problems = []
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin"):
            continue
        imported = set()
        for source in folder(target).rglob("*.swift"):
            imported |= set(IMPORT.findall(source.read_text()))
        imported -= TOOLCHAIN | {target["name"]}
        deps = declared(target)
        undeclared = sorted(imported - deps)
        unused = sorted(deps - imported)
        if undeclared:
            problems.append(f"{target['name']} imports {', '.join(undeclared)} without declaring it")
        if unused:
            problems.append(f"{target['name']} declares {', '.join(unused)} and never imports it")
    problems += layout_problems(package)
    for problem in problems:
        print(f"imports check: {problem}", file=sys.stderr)
    print(f"imports check: {len(package['targets'])} targets, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
