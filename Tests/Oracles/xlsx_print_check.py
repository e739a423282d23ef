"""How a workbook prints, read by code nobody here wrote: openpyxl for each sheet's page
setup, and LibreOffice (headless) printing it to PDF, with poppler's pdftotext giving each
page's first line.

usage: xlsx_print_check.py WORKBOOK  ->  JSON on stdout:
  {"sheets": {name: {"orientation", "fitToPage", "fitToWidth", "fitToHeight", "titleRows"}},
   "pages": [first line of each printed page]}
"""
import json
import os
import subprocess
import sys
import tempfile

import openpyxl


def page_setup(path):
    wb = openpyxl.load_workbook(path)
    out = {}
    for ws in wb.worksheets:
        out[ws.title] = {
            "orientation": ws.page_setup.orientation,
            "fitToPage": bool(ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage),
            # Absent means 1, the schema's default (libxlsxwriter leaves the default out).
            "fitToWidth": 1 if ws.page_setup.fitToWidth is None else ws.page_setup.fitToWidth,
            "fitToHeight": ws.page_setup.fitToHeight,
            "titleRows": ws.print_title_rows,
        }
    return out


def printed_pages(path):
    with tempfile.TemporaryDirectory() as folder:
        # A profile of its own: a second soffice sharing one would hand the job over and exit.
        profile = "file://" + os.path.join(folder, "profile")
        subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless",
                        "--convert-to", "pdf", "--outdir", folder, path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180)
        pdf = os.path.join(folder, os.path.splitext(os.path.basename(path))[0] + ".pdf")
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], check=True,
                              capture_output=True, text=True).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [next((line.strip() for line in page.splitlines() if line.strip()), "") for page in pages]


if __name__ == "__main__":
    path = sys.argv[1]
    print(json.dumps({"sheets": page_setup(path), "pages": printed_pages(path)}, ensure_ascii=False))
