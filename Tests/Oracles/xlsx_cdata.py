#!/usr/bin/env python3
"""Oracle: rewrites one text of a boardkit workbook into raw XML the way other writers spell
it (CDATA sections), with zipfile, then prints what openpyxl reads as the Cards sheet's
titles, as JSON.

MODE inline: the inline-string cell holding OLD (`<is><t>OLD</t></is>`, what boardkit
writes) becomes `<is><t>NEW</t></is>`, NEW being raw XML. MODE shared: that cell becomes a
shared-string cell (`t="s"`) pointing at `<si><t>NEW</t></si>` in a new xl/sharedStrings.xml
(listed in the workbook's relationships and the content types, as Excel writes it). OLD
must occur exactly once.

usage: xlsx_cdata.py IN OUT MODE OLD NEW
"""
import json
import sys
import zipfile

import openpyxl

SST = "xl/sharedStrings.xml"
SST_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
SST_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def main():
    src, dst, mode, old, new = sys.argv[1:6]
    inline = 't="inlineStr"><is><t>%s</t></is></c>' % old
    found = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            text = zin.read(item.filename).decode("utf-8")
            if item.filename.startswith("xl/worksheets/"):
                found += text.count(inline)
                if mode == "inline":
                    text = text.replace(inline, 't="inlineStr"><is><t>%s</t></is></c>' % new)
                else:
                    text = text.replace(inline, 't="s"><v>0</v></c>')
            elif mode == "shared" and item.filename == "xl/_rels/workbook.xml.rels":
                text = text.replace("</Relationships>",
                                    '<Relationship Id="rIdCDATA" Type="%s" Target="sharedStrings.xml"/></Relationships>' % SST_TYPE)
            elif mode == "shared" and item.filename == "[Content_Types].xml":
                text = text.replace("</Types>", '<Override PartName="/%s" ContentType="%s"/></Types>' % (SST, SST_CONTENT))
            zout.writestr(item, text.encode("utf-8"))
        if mode == "shared":
            zout.writestr(SST, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                               '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">'
                               '<si><t>%s</t></si></sst>' % new)
    if found != 1:
        sys.exit("expected one inline string %r, found %d" % (old, found))
    ws = openpyxl.load_workbook(dst)["Cards"]
    header = [c.value for c in ws[1]]
    title = header.index("title")
    json.dump([row[title] for row in ws.iter_rows(min_row=2, values_only=True)], sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
