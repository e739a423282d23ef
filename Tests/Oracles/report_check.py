#!/usr/bin/env python3
"""Independent checks of boardkit's report outputs, with Python's own libraries.

usage:
  report_check.py json SCHEMA FILE   jsonschema validation; prints the parsed report's key figures
  report_check.py xlsx FILE          openpyxl: sheets, the Throughput/Flow/Forecast cells; the zip's chart parts;
                                     the type of each list sheet's date cells and its row count
  report_check.py html FILE          html.parser: svg count, external references (a link a reader
                                     follows, <a href>, loads nothing: listed as links), table count

Prints one JSON object; exit 0 when the file passed, 1 otherwise.
"""
import json
import sys
import zipfile
from html.parser import HTMLParser


def check_json(schema_path, path):
    from jsonschema import Draft202012Validator
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    v = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)

    def no_constants(name):  # NaN / Infinity are not JSON
        raise ValueError(f"non-JSON number {name}")

    with open(path, encoding="utf-8") as f:
        report = json.load(f, parse_constant=no_constants)
    errors = ["/".join(map(str, e.absolute_path)) + ": " + e.message for e in v.iter_errors(report)]
    out = {"errors": errors, "counts": report["counts"]["byCategory"], "overdue": report["overdue"]["count"],
           "cycleTime": report["cycleTime"], "weeks": [w["week"] for w in report["weeks"]],
           "notes": [n["code"] for n in report["notes"]]}
    print(json.dumps(out, ensure_ascii=False))
    return not errors


def check_xlsx(path):
    import openpyxl
    wb = openpyxl.load_workbook(path)
    sheets = wb.sheetnames

    def table(name):
        ws = wb[name]
        return [[c for c in row] for row in ws.iter_rows(values_only=True)]

    charts = {}
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            if n.startswith("xl/charts/chart") and n.endswith(".xml"):
                xml = z.read(n).decode("utf-8")
                kinds = [k for k in ("barChart", "areaChart", "lineChart") if f"<c:{k}>" in xml]
                grouping = "stacked" if 'c:grouping val="stacked"' in xml else (
                    "clustered" if 'c:grouping val="clustered"' in xml else "")
                charts[n] = {"kinds": kinds, "grouping": grouping,
                             "series": xml.count("<c:ser>"),
                             "refs": "Throughput" in xml or "Flow" in xml or "Forecast" in xml}
    tp = table("Throughput")
    flow = table("Flow")
    out = {"sheets": sheets, "charts": charts, "throughputHeader": list(tp[0]),
           "throughputRows": [list(r) for r in tp[1:] if r[0] is not None and str(r[0]).count("-W") == 1],
           "flowRows": [list(r) for r in flow[1:] if r[0] is not None and str(r[0]).count("-W") == 1],
           "summaryA": [r[0] for r in table("Summary") if r and r[0] is not None],
           "forecastRows": [[r[0], r[1]] for r in table("Forecast")[1:] if r and isinstance(r[1], (int, float))],
           # As openpyxl reads them: a date cell is a datetime, a text cell a str.
           "dateCells": {name: sorted({type(r[col]).__name__ for r in table(name)[1:] if r[col] is not None})
                         for name, col in (("Overdue", 4), ("Due soon", 4), ("Done this week", 2), ("Finished", 2))
                         if name in sheets},
           "rows": {name: len(table(name)) - 1 for name in sheets if name not in ("Summary", "Throughput", "Flow", "Forecast")}}
    print(json.dumps(out, ensure_ascii=False, default=str))
    return len(charts) >= 2


class Scan(HTMLParser):
    def __init__(self):
        super().__init__()
        self.svg = 0
        self.tables = 0
        self.external = []
        self.links = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.svg += 1
        if tag == "table":
            self.tables += 1
        for k, v in attrs:
            if tag == "a" and k == "href" and v and v.startswith(("https://", "http://")):
                self.links.append(v)
            elif k in ("src", "href", "xlink:href", "srcset", "data") and v and not v.startswith("#"):
                self.external.append(f"{tag} {k}={v}")
        if tag in ("script", "link", "iframe", "img", "object", "embed"):
            self.external.append(tag)

    def handle_data(self, data):
        if "url(" in data or "@import" in data:
            self.external.append("css: " + data.strip()[:60])
        self.text.append(data)


def check_html(path):
    with open(path, encoding="utf-8") as f:
        html = f.read()
    s = Scan()
    s.feed(html)
    # Besides the links: no address anywhere a browser might fetch it from.
    rest = html
    for link in s.links:
        rest = rest.replace('<a href="%s">' % link, "")
    out = {"svg": s.svg, "tables": s.tables, "external": s.external, "links": s.links,
           "hasHttp": "http://" in rest or "https://" in rest}
    print(json.dumps(out, ensure_ascii=False))
    return s.svg >= 3 and not s.external and not out["hasHttp"]


if __name__ == "__main__":
    mode = sys.argv[1]
    ok = {"json": lambda: check_json(sys.argv[2], sys.argv[3]),
          "xlsx": lambda: check_xlsx(sys.argv[2]),
          "html": lambda: check_html(sys.argv[2])}[mode]()
    sys.exit(0 if ok else 1)
