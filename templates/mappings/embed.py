#!/usr/bin/env python3
"""Embeds templates/mappings/*.json into Sources/BoardTabular/BuiltinMappings.swift, so the
boardkit binary needs no data files beside it. Run after editing a preset; a test checks the
embedded copy matches these files."""
import glob, json, os
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
out = ["// Generated from templates/mappings/*.json by templates/mappings/embed.py; do not edit.",
       "// The presets are data files; they are embedded so the binary needs no files beside it.",
       "enum BuiltinMappings {", "    static let files: [(String, String)] = ["]
for path in sorted(glob.glob(os.path.join(here, "*.json"))):
    text = open(path, encoding="utf-8").read()
    json.loads(text)  # must be valid
    name = os.path.splitext(os.path.basename(path))[0]
    # A multi-line literal drops the line break before its closing delimiter: add one.
    out.append(f'        ("{name}", #"""\n{text}\n"""#),')
out += ["    ]", "}", ""]
open(os.path.join(root, "Sources", "BoardTabular", "BuiltinMappings.swift"), "w", encoding="utf-8").write("\n".join(out))
