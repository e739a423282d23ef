#!/bin/sh
# Writes each fuzz target's seed inputs into OUT/<target>/ from samples/, samples/foreign/,
# templates/mappings/ and Fuzz/Base/ (docs/fuzzing.md). Targets whose first byte picks a
# variant (csv-mapping, xlsx-part, mapping) get that byte put in front of each seed.
# Usage: Fuzz/seeds.sh OUT   (run from the repository's root)
set -eu
out=${1:?usage: Fuzz/seeds.sh OUT}
base=Fuzz/Base
rm -rf "$out"
for t in json csv csv-mapping events xlsx xlsx-part ics trello taskwarrior mapping store access; do
    mkdir -p "$out/$t"
done

# byte N: one byte of value N (0-255) on standard output.
byte() { printf "\\$(printf '%03o' "$1")"; }

cp samples/board.json "$out/json/sample.json"; cp "$base/board.json" "$out/json/small.json"
cp "$base/conversation.json" "$out/json/"

cp samples/board.csv "$out/csv/sample.csv"; cp "$base/board.csv" "$out/csv/small.csv"
for f in samples/foreign/*.csv; do cp "$f" "$out/csv/"; done

i=0
for p in jira github trello todoist asana kanboard; do   # FuzzCheck.presets, in order
    { byte $i; cat "samples/foreign/$p.csv"; } > "$out/csv-mapping/$p.csv"
    i=$((i + 1))
done

cp "$base/board.events.csv" "$out/events/small.events.csv"
cp samples/board.events.csv "$out/events/sample.events.csv"
cp "$base/conversation.events.csv" "$out/events/"

cp samples/board.xlsx "$out/xlsx/sample.xlsx"; cp "$base/board.xlsx" "$out/xlsx/small.xlsx"
cp "$base/shared-strings.xlsx" "$out/xlsx/"
for f in samples/foreign/*.xlsx; do cp "$f" "$out/xlsx/"; done

i=0
while read -r wb part; do                               # FuzzCheck.parts, in order
    { byte $i; cat "$base/$wb/$part"; } > "$out/xlsx-part/$i.xml"
    i=$((i + 1))
done <<EOF
workbook-boardkit xl/worksheets/sheet1.xml
workbook-boardkit xl/worksheets/sheet2.xml
workbook-boardkit xl/worksheets/sheet3.xml
workbook-boardkit xl/worksheets/sheet4.xml
workbook-boardkit xl/workbook.xml
workbook-boardkit xl/_rels/workbook.xml.rels
workbook-boardkit [Content_Types].xml
workbook-boardkit xl/styles.xml
workbook-shared xl/worksheets/sheet1.xml
workbook-shared xl/sharedStrings.xml
workbook-shared xl/workbook.xml
workbook-shared xl/styles.xml
EOF

cp samples/board.ics "$out/ics/sample.ics"; cp "$base/tiny.ics" "$out/ics/"

cp samples/board.trello.json "$out/trello/sample.json"; cp samples/foreign/trello-board.json "$out/trello/"

cp samples/board.taskwarrior.json "$out/taskwarrior/sample.json"
cp samples/foreign/taskwarrior-tasks.json "$out/taskwarrior/"

i=0
for p in jira github trello todoist asana kanboard; do   # FuzzCheck.mappedCSVs, in order
    { byte $i; cat "templates/mappings/$p.json"; } > "$out/mapping/$p.json"
    i=$((i + 1))
done
{ byte 6; printf '{"name": "mine", "columns": {"title": ["title"], "state": "state", "due": ["due"], "labels": ["labels"], "field:Notes": ["body"]}, "dateFormats": ["dd/MM/yyyy"], "slashDates": "day-first", "dateOnly": ["due"]}'; } > "$out/mapping/own.json"

cp "$base/tiny.db" "$out/store/"

# access: a header value on the first line, a body after it.
printf 'Bearer 3q2-7Yk_x1\n{"title": "Ship it", "labels": ["a", "b"], "fields": {"Team": "web", "Old": null}}' > "$out/access/bearer-json"
printf '10.0.0.0/8\ntitle=Fix+login&state=doing&body=line%%0D%%0Anext' > "$out/access/range-form"
printf '::ffff:192.0.2.0/120\n' > "$out/access/mapped-range"
printf 'W/"v-12"\n{"to": "done", "position": 2}' > "$out/access/if-match"
printf '지수 Kim\nactor=%%EC%%A7%%80%%EC%%88%%98' > "$out/access/name-form"
