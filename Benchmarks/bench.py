#!/usr/bin/env python3
"""Runs every benchmark task for boardkit and its peers; prints a table and writes RESULTS.md.

Each tool is a command line reading INPUT and writing OUTPUT. Runs alternate between tools
(boardkit, peer A, peer B, boardkit, …) so that a noisy neighbour hurts them alike. Wall time
and peak memory come from /usr/bin/time; the figure kept is the median of the runs.
"""
import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDKIT = os.path.join(ROOT, ".build", "release", "boardkit")
DATA = os.path.join(ROOT, "Benchmarks", "data")
PEERS = os.path.join(ROOT, "Benchmarks", "peers")
C_BUILD = os.path.join(DATA, "bin")


def peer(name):
    return os.path.join(PEERS, name)


def py(script):
    return [sys.executable, peer(script)]


# Each task: the input file kind, the output suffix, and the tools, boardkit first.
# A tool is (name, argv before INPUT OUTPUT, slow) — slow tools run once at the largest size.
TASKS = [
    ("JSON→JSON", "json", ".json", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("python json", py("json_python_json.py"), False),
        ("python orjson", py("json_orjson.py"), False),
    ]),
    ("CSV→JSON", "csv", ".json", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("miller", ["sh", "-c", 'mlr --icsv --ojson cat "$0" > "$1"'], False),
        ("python csv+json", py("csv_python_json.py"), False),
        ("python csv+orjson", py("csv_python_orjson.py"), False),
        ("csvkit csvjson", ["sh", "-c", 'csvjson "$0" > "$1"'], True),
        ("C libcsv parse only", [os.path.join(C_BUILD, "csv_libcsv_parse")], False),
    ]),
    ("JSON→CSV", "json", ".csv", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("miller", ["sh", "-c", 'mlr --ijson --ocsv unsparsify "$0" > "$1"'], False),
        ("python json+csv", py("csv_python_write.py"), False),
    ]),
    ("JSON→XLSX", "json", ".xlsx", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("C libxlsxwriter", [os.path.join(C_BUILD, "xlsx_libxlsxwriter_write")], False),
        ("python xlsxwriter", py("xlsx_python_xlsxwriter.py"), True),
    ]),
    ("XLSX→JSON", "xlsx", ".json", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("python-calamine", py("xlsx_calamine_read.py"), False),
        ("openpyxl read-only", py("xlsx_openpyxl_read.py"), True),
    ]),
    ("JSON→ICS", "json", ".ics", [
        ("boardkit", [BOARDKIT, "convert"], False),
        ("python hand-written", py("ics_python_plain.py"), False),
        ("python icalendar", py("ics_icalendar_write.py"), True),
    ]),
    ("ICS→JSON", "ics", ".json", [
        ("boardkit", [BOARDKIT, "convert", "--include-done"], False),
        ("python icalendar", py("ics_icalendar_read.py"), True),
    ]),
    ("report (JSON)", "json", ".json", [
        ("boardkit", [BOARDKIT, "report", "--format", "json", "--as-of", "2026-11-20", "-o"], False),
    ]),
]


def build_c_peers():
    os.makedirs(C_BUILD, exist_ok=True)
    for source in sorted(os.listdir(PEERS)):
        if not source.endswith(".c"):
            continue
        exe = os.path.join(C_BUILD, source[:-2])
        src = os.path.join(PEERS, source)
        if os.path.exists(exe) and os.path.getmtime(exe) > os.path.getmtime(src):
            continue
        libs = ["-lcsv"] if "csv" in source else ["-lxlsxwriter", "-lz"]
        subprocess.run(["cc", "-O2", "-o", exe, src] + libs, check=True)


def prepare_inputs(cards):
    """Generates the board with `boardkit sample` and its renditions with boardkit itself."""
    os.makedirs(DATA, exist_ok=True)
    base = os.path.join(DATA, f"board-{cards}")
    files = {"json": base + ".json"}
    if not os.path.exists(files["json"]):
        print(f"  generating {cards:,} cards…", flush=True)
        subprocess.run([BOARDKIT, "sample", "--cards", str(cards), "--weeks", "26", "--seed", "42",
                        "-o", files["json"]], check=True)
    for kind, extra in (("csv", []), ("xlsx", []), ("ics", ["--include-done"])):
        path = f"{base}.{kind}"
        files[kind] = path
        if not os.path.exists(path):
            subprocess.run([BOARDKIT, "convert", files["json"], path] + extra, check=True,
                           stderr=subprocess.DEVNULL)
    return files


def measure(argv, inp, out):
    """One run: (wall seconds, peak RSS in MB) or None when the tool failed."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        cmd = ["/usr/bin/time", "-f", "%e %M", "-o", t.name] + argv + [inp, out]
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if r.returncode != 0:
            sys.stderr.write(f"    failed ({r.returncode}): {' '.join(argv)}\n{r.stderr.decode()[-400:]}\n")
            return None
        wall, rss_kb = t.read().split()[-2:]
        return float(wall), int(rss_kb) / 1024


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated task names (prefix match)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    only = [o.strip().lower() for o in args.only.split(",") if o.strip()]
    build_c_peers()
    rows = []
    for cards in sizes:
        print(f"== {cards:,} cards", flush=True)
        inputs = prepare_inputs(cards)
        for task, kind, suffix, tools in TASKS:
            if only and not any(task.lower().startswith(o) for o in only):
                continue
            available = [t for t in tools if os.path.exists(t[1][-1] if t[1][0] == sys.executable else t[1][0]) or t[1][0] == "sh"]
            results = {name: [] for name, _, _ in available}
            with tempfile.TemporaryDirectory() as scratch:
                for run in range(args.runs):
                    for name, argv, slow in available:
                        if slow and run > 0 and cards == max(sizes) and len(sizes) > 1:
                            continue
                        out = os.path.join(scratch, f"out{suffix}")
                        m = measure(argv, inputs[kind], out)
                        if m:
                            results[name].append(m)
            base = statistics.median(w for w, _ in results.get("boardkit", [])) if results.get("boardkit") else None
            for name, _, _ in available:
                runs = results[name]
                if not runs:
                    rows.append((cards, task, name, None, None, None, None, 0))
                    continue
                wall = statistics.median(w for w, _ in runs)
                rss = max(r for _, r in runs)
                ratio = wall / base if base else None
                rows.append((cards, task, name, wall, cards / wall if wall > 0 else None, rss, ratio, len(runs)))
                print(f"  {task:14} {name:22} {wall:8.2f} s  {rss:8.0f} MB" + (f"  {ratio:6.2f}x" if ratio else ""), flush=True)
    write_results(rows, args)


def fmt(v, spec):
    return "—" if v is None else format(v, spec)


def write_results(rows, args):
    header = "| cards | task | tool | median wall (s) | cards/s | peak memory (MB) | time vs boardkit | runs |\n|---:|---|---|---:|---:|---:|---:|---:|\n"
    body = "".join(
        f"| {c:,} | {task} | {tool} | {fmt(w, '.2f')} | {fmt(cps, ',.0f')} | {fmt(rss, ',.0f')} | {fmt(ratio, '.2f') + '×' if ratio else '—'} | {n} |\n"
        for c, task, tool, w, cps, rss, ratio, n in rows)
    text = (
        "# Benchmark results\n\n"
        f"Run on {datetime.date.today().isoformat()}: {machine()}.\n"
        f"`Benchmarks/run --sizes {args.sizes} --runs {args.runs}`; the median of the runs "
        "(tools marked slow ran once at the largest size). \"time vs boardkit\" is the tool's "
        "time divided by boardkit's: above 1 means boardkit is faster.\n\n" + header + body)
    print()
    print(header + body)
    with open(os.path.join(ROOT, "Benchmarks", "RESULTS.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
