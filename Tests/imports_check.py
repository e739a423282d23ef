#!/usr/bin/env python3
"""Every module a target imports is a dependency Package.swift declares for it, and every
declared dependency of a target is imported by it: the dependency graph says what the code
does. (SwiftPM's own `--explicit-target-dependency-import-check` checks nothing on Linux
without explicit module builds, and a target that imports an undeclared module builds anyway
whenever something else pulls the module in.)

Modules of the toolchain (Foundation, Glibc, Testing…) need no declaration. A product is
named by its module. Usage: Tests/imports_check.py (from anywhere; runs `swift package
dump-package`). Exit 1 lists each target's undeclared imports and unused dependencies.
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
    for problem in problems:
        print(f"imports check: {problem}", file=sys.stderr)
    print(f"imports check: {len(package['targets'])} targets, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
