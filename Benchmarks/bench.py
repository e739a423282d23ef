#!/usr/bin/env python3
"""Runs every benchmark task for boardkit and its peers; prints a table and writes RESULTS.md.

Each tool is a command line reading INPUT and writing OUTPUT. Runs alternate between tools
(boardkit, peer A, peer B, boardkit, …) so that a noisy neighbour hurts them alike. Wall time
and peak memory come from /usr/bin/time; the figure kept is the median of the runs.
"""
import argparse
import json
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import re
import socket
import threading
import shutil
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDKIT = os.path.join(ROOT, ".build", "release", "boardkit")
DATA = os.path.join(ROOT, "Benchmarks", "data")
PEERS = os.path.join(ROOT, "Benchmarks", "peers")
C_BUILD = os.path.join(DATA, "bin")


def peer(name):
    return os.path.join(PEERS, name)


def py(script):
    return [sys.executable, peer(script)]


# Each task: its name, and the tools, boardkit first. A tool is (name, input kind, argv with
# {in} and {out}, slow): slow tools (minutes at a million cards) run once. Input kinds are the files
# prepare_inputs makes: the sample board as json/csv/xlsx/ics/trello, and "report", a board
# with five events per card (1M cards → 5M events, as the report issue asks).
def bk(*args):
    return [BOARDKIT, *args]


CONVERT = bk("convert", "{in}", "{out}")
TASKS = [
    ("JSON→JSON", [
        ("boardkit", "json", CONVERT, False),
        ("python json", "json", py("json_python_json.py") + ["{in}", "{out}"], False),
        ("python orjson", "json", py("json_orjson.py") + ["{in}", "{out}"], False),
    ]),
    ("CSV→JSON", [
        ("boardkit", "csv", CONVERT, False),
        ("miller", "csv", ["sh", "-c", 'mlr --icsv --ojson cat "$0" > "$1"', "{in}", "{out}"], False),
        ("python csv+json", "csv", py("csv_python_json.py") + ["{in}", "{out}"], False),
        ("python csv+orjson", "csv", py("csv_python_orjson.py") + ["{in}", "{out}"], False),
        ("csvkit csvjson -I", "csv", ["sh", "-c", 'csvjson --no-inference "$0" > "$1"', "{in}", "{out}"], True),
        ("C libcsv parse only", "csv", [os.path.join(C_BUILD, "csv_libcsv_parse"), "{in}", "{out}"], False),
    ]),
    ("JSON→CSV", [
        ("boardkit", "json", CONVERT, False),
        ("miller", "json", ["sh", "-c", 'mlr --ijson --ojsonl put -q "for (k, c in \\$cards) { emit1 c }" "$0" '
                                   '| mlr --ijsonl --ocsv flatten then unsparsify > "$1"', "{in}", "{out}"], False),
        ("python json+csv", "json", py("csv_python_write.py") + ["{in}", "{out}"], False),
    ]),
    ("JSON→XLSX", [
        ("boardkit", "json", CONVERT, False),
        ("C libcsv+libxlsxwriter", "csv", [os.path.join(C_BUILD, "xlsx_libxlsxwriter_write"), "{in}", "{out}"], False),
        ("python xlsxwriter", "json", py("xlsx_python_xlsxwriter.py") + ["{in}", "{out}"], True),
    ]),
    ("JSON→XLSX (conversation)", [
        ("boardkit", "json-conversation", CONVERT, False),
        ("boardkit, board without it", "json", CONVERT, False),
    ]),
    ("XLSX→JSON", [
        ("boardkit", "xlsx", CONVERT, False),
        ("python-calamine", "xlsx", py("xlsx_calamine_read.py") + ["{in}", "{out}"], False),
        ("openpyxl read-only", "xlsx", py("xlsx_openpyxl_read.py") + ["{in}", "{out}"], True),
    ]),
    ("JSON→ICS", [
        ("boardkit", "json", CONVERT, False),
        ("python hand-written", "json", py("ics_python_plain.py") + ["{in}", "{out}"], False),
        ("python icalendar", "json", py("ics_icalendar_write.py") + ["{in}", "{out}"], True),
    ]),
    ("ICS→JSON", [
        ("boardkit", "ics", CONVERT, False),
        ("python icalendar", "ics", py("ics_icalendar_read.py") + ["{in}", "{out}"], True),
    ]),
    # A Trello export of a million cards is ~4 GB; `json.load` would need ~7x that, so the
    # peer decodes the root's members and the big arrays' elements one at a time with the
    # json module's own decoder (about 5x the file at its peak, ~19 GB at a million cards).
    ("Trello→JSON", [
        ("boardkit", "trello", bk("convert", "{in}", "{out}", "--to", "json"), False),
        ("python json", "trello", py("foreign_trello_to_board.py") + ["{in}", "{out}"], False),
    ]),
    # The same two conversions on the same board with five comments and a checklist on every
    # card (issue #44: under 1 GB, and each MB within 1.3x of the board's without them: the
    # conversation doubles the bytes, so its goal is read per MB of input, `goals.py`).
    ("Trello→JSON (conversation)", [
        ("boardkit", "trello-conversation", bk("convert", "{in}", "{out}", "--to", "json"), False),
        ("boardkit, board without it", "trello", bk("convert", "{in}", "{out}", "--to", "json"), False),
    ]),
    ("JSON→Trello", [
        ("boardkit", "json", bk("convert", "{in}", "{out}", "--to", "trello"), False),
        ("python json", "json", py("foreign_board_to_trello.py") + ["{in}", "{out}"], False),
    ]),
    ("Taskwarrior→JSON", [
        ("boardkit", "taskwarrior", bk("convert", "{in}", "{out}", "--to", "json"), False),
        ("python json", "taskwarrior", py("foreign_taskwarrior_to_board.py") + ["{in}", "{out}"], False),
    ]),
    ("JSON→Taskwarrior", [
        ("boardkit", "json", bk("convert", "{in}", "{out}", "--to", "taskwarrior"), False),
        ("python json", "json", py("foreign_board_to_taskwarrior.py") + ["{in}", "{out}"], False),
    ]),
    # The store: importing and exporting a board, beside boardkit's own JSON→JSON (the issue's
    # yardstick: each within 3x of it) and Python's sqlite3 doing the same work.
    ("JSON→store", [
        ("boardkit", "json", CONVERT, False),
        ("boardkit JSON→JSON", "json", bk("convert", "{in}", "{out}", "--to", "json"), False),
        ("python json+sqlite3", "json", py("store_python_sqlite_import.py") + ["{in}", "{out}"], False),
    ]),
    ("store→JSON", [
        ("boardkit", "store", bk("convert", "{in}", "{out}"), False),
        ("boardkit JSON→JSON", "json", bk("convert", "{in}", "{out}"), False),
        ("python sqlite3+json", "store", py("store_python_sqlite_export.py") + ["{in}", "{out}"], False),
    ]),
    ("report (JSON)", [
        ("boardkit", "report", bk("report", "{in}", "--format", "json", "--as-of", "2026-11-20",
                                  "-o", "{out}", "--timings"), False),
        ("python replay", "report", py("report_python.py") + ["{in}", "{out}", "2026-11-20", "8"], False),
    ]),
    # The forecast on the report's board: its trials beside the report's time (issue #34: 10,000
    # add under 10 %; 100,000 under a second), and the same forecast in Python with numpy.
    ("forecast (10,000 trials)", [
        ("boardkit", "report", bk("forecast", "{in}", "--as-of", "2026-11-20", "--format", "json",
                                  "-o", "{out}", "--timings"), False),
        ("python numpy", "report", py("forecast_python.py") + ["{in}", "{out}", "2026-11-20", "10000"], False),
    ]),
    ("forecast (100,000 trials)", [
        ("boardkit", "report", bk("forecast", "{in}", "--as-of", "2026-11-20", "--format", "json", "--trials", "100000",
                                  "-o", "{out}", "--timings"), False),
        ("python numpy", "report", py("forecast_python.py") + ["{in}", "{out}", "2026-11-20", "100000"], False),
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
        libs = ["-lcsv"] if "xlsx" not in source else ["-lcsv", "-lxlsxwriter", "-lz"]
        subprocess.run(["cc", "-O2", "-o", exe, src] + libs, check=True)


def prepare_inputs(cards, kinds=None):
    """Generates the boards with `boardkit sample` (and the report's with its own generator)
    and their renditions with boardkit itself, once; later runs reuse them. `kinds` names the
    renditions the run needs (all when None): a million-card Trello export is 4 GB."""
    os.makedirs(DATA, exist_ok=True)
    base = os.path.join(DATA, f"board-{cards}")
    files = {"json": base + ".json", "report": base + ".report.json"}
    if not os.path.exists(files["json"]):
        print(f"  generating {cards:,} cards…", flush=True)
        subprocess.run(bk("sample", "--cards", str(cards), "--weeks", "26", "--seed", "42",
                          "-o", files["json"]), check=True)
    files["json-conversation"] = base + ".conversation.json"
    if not os.path.exists(files["json-conversation"]) and (kinds is None or kinds & {"json-conversation", "trello-conversation"}):
        subprocess.run(py("conversation_make_board.py") + [files["json"], files["json-conversation"]], check=True)
    if not os.path.exists(files["report"]):
        subprocess.run(py("report_make_board.py") + [files["report"], str(cards), "26"], check=True)
    renditions = (("csv", ".csv", ["--events", base + ".events.csv"]), ("xlsx", ".xlsx", []), ("store", ".db", []),
                  ("ics", ".ics", ["--include-done"]), ("trello", ".trello.json", ["--to", "trello"]),
                  ("taskwarrior", ".tw.json", ["--to", "taskwarrior"]))
    for kind, suffix, extra in renditions:
        path = base + suffix
        files[kind] = path
        if not os.path.exists(path) and (kinds is None or kind in kinds):
            subprocess.run(bk("convert", files["json"], path, *extra), check=True, stderr=subprocess.DEVNULL)
    files["trello-conversation"] = base + ".conversation.trello.json"
    if not os.path.exists(files["trello-conversation"]) and (kinds is None or "trello-conversation" in kinds):
        subprocess.run(bk("convert", files["json-conversation"], files["trello-conversation"], "--to", "trello"),
                       check=True, stderr=subprocess.DEVNULL)
    return files


def measure(argv, inp, out):
    """One run: (wall seconds, peak RSS in MB, stderr) or None when the tool failed."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        args = [a.replace("{in}", inp).replace("{out}", out) for a in argv]
        cmd = ["/usr/bin/time", "-f", "%e %M", "-o", t.name] + args
        # The previous tool's output must not pass for this one's (a peer that declines
        # writes nothing and exits 1, which a leftover file made look like a run).
        if os.path.exists(out):
            os.remove(out)
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if r.returncode not in (0, 1) or not os.path.exists(out):
            sys.stderr.write(f"    failed ({r.returncode}): {' '.join(args)}\n{r.stderr.decode()[-400:]}\n")
            return None
        wall, rss_kb = t.read().split()[-2:]
        return float(wall), int(rss_kb) / 1024, r.stderr.decode(errors="replace")


def report_phases(stderr):
    """The load and compute seconds `boardkit report --timings` prints (and the trials'
    seconds `boardkit forecast --timings` prints)."""
    phases = {}
    for line in stderr.splitlines():
        for m in re.finditer(r"(load|compute|trials)[^,0-9]*?([0-9.]+) ?(ms|s)\b", line):
            v = float(m.group(2))
            phases[m.group(1)] = v / 1000 if m.group(3) == "ms" else v
    return phases


def wrk(url, seconds, label, cards, rows, headers=(), script=None, connections=32):
    """One wrk run (2 threads, 32 connections unless told); appends (cards, label, req/s, p99 ms) to rows."""
    extra = ["-s", script] if script else []
    r = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", *extra, *headers, url],
                       capture_output=True, text=True)
    rps = re.search(r"Requests/sec:\s+([0-9.]+)", r.stdout)
    p99 = re.search(r"99%\s+([0-9.]+)(us|ms|s)", r.stdout)
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", r.stdout)
    if non2xx:
        print(f"  serve {label}: {non2xx.group(1)} answers were not 2xx/3xx; not recorded", flush=True)
        return
    if rps and p99:
        scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
        rows.append((cards, label, float(rps.group(1)), float(p99.group(1)) * scale))
        print(f"  serve {label:20} {float(rps.group(1)):10,.0f} req/s  p99 {float(p99.group(1)) * scale:.2f} ms", flush=True)


def started(server, pattern):
    """The first URL the server prints that matches pattern."""
    for line in server.stdout:
        m = re.search(pattern, line)
        if m:
            return m.group(1)
    return None


# Moves through the board page's API: each request moves the next of the board's cards to
# the other end of the board (done, then back to todo), so every request writes a step. The
# two wrk threads take turns over the cards, so no two requests move the same card at once.
MOVE_SCRIPT = """
local ids = {%s}
local threads = 0
function setup(thread)
  thread:set("turn", threads)
  threads = threads + 1
end
counter = 0
function request()
  local k = counter * 2 + turn
  counter = counter + 1
  local id = ids[(k %% #ids) + 1]
  local state = (math.floor(k / #ids) %% 2 == 0) and "done" or "todo"
  return wrk.format("POST", wrk.path .. "api/cards/" .. id .. "/move",
    {["Content-Type"] = "application/json"}, '{"state": "' .. state .. '"}')
end
"""


def move_script(page, scratch, name):
    """A wrk script (MOVE_SCRIPT) over the cards the board page at `page` shows, written as
    `name` in scratch."""
    with urllib.request.urlopen(page + "api/board") as resp:
        ids = [c["id"] for c in json.load(resp)["cards"] if not c.get("archived")]
    script = os.path.join(scratch, name)
    with open(script, "w") as f:
        f.write(MOVE_SCRIPT % ", ".join(json.dumps(i) for i in ids))
    return script


def serve_benchmark(cards, notes, seconds=10):
    """`boardkit serve` under wrk on loopback: the feed (full responses and revalidation),
    and the board page's API on a store (GET board, card moves)."""
    if not shutil.which("wrk"):
        return []
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        board = os.path.join(scratch, "board.json")
        store = os.path.join(scratch, "team.db")
        subprocess.run(bk("sample", "--cards", str(cards), "--seed", "42", "-o", board), check=True)
        subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True)
        port = 18000 + os.getpid() % 1000
        server = subprocess.Popen(bk("serve", "--board", f"team={board}", "--board", f"store={store}",
                                     "--port", str(port), "--quiet",
                                     "--state-file", os.path.join(scratch, "tokens.json")),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            url = started(server, r"(http://\S+/team\.ics)")
            page = started(server, r"store board: (http://\S+/)")
            if not url or not page:
                return []
            etag = None
            for _ in range(50):
                try:
                    with urllib.request.urlopen(url) as resp:
                        etag = resp.headers["ETag"]
                        break
                except OSError:
                    time.sleep(0.1)
            wrk(url, seconds, "GET 200", cards, rows)
            wrk(url, seconds, "revalidate 304", cards, rows, headers=["-H", f"If-None-Match: {etag}"])
            wrk(page + "api/board", seconds, "store GET api/board", cards, rows)
            script = move_script(page, scratch, "move.lua")
            wrk(page, seconds, "store POST move", cards, rows, script=script)
        finally:
            server.terminate()
            server.wait(timeout=10)
        rows += commit_benchmark(cards, seconds, board, scratch)
        rows += open_pages_benchmark(cards, seconds, board, scratch)
        rows += many_boards_benchmark(cards, seconds, board, scratch, notes)
    return rows


class EventStreams:
    """`count` open board pages, as browsers hold them: each a `GET events` stream (Server-Sent
    Events) read on a thread of its own until closed."""

    def __init__(self, page_url, count):
        url = urllib.parse.urlparse(page_url)
        self.sockets, self.events = [], [0] * count
        for n in range(count):
            sock = socket.create_connection((url.hostname, url.port))
            sock.sendall(f"GET {url.path}events HTTP/1.1\r\nHost: {url.netloc}\r\nAccept: text/event-stream\r\n\r\n".encode())
            self.sockets.append(sock)
            threading.Thread(target=self._read, args=(sock, n), daemon=True).start()

    def _read(self, sock, n):
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    return
                self.events[n] += data.count(b"event: board")
        except OSError:
            return

    def close(self):
        for sock in self.sockets:
            sock.close()


def open_pages_benchmark(cards, seconds, board, scratch, boards=200, pages=100, rounds=2):
    """Issue 49: the feed and card moves (8 connections) of one store served alone with no
    page open, then the same served among `boards` boards of `cards` cards with `pages` open
    pages listening to it (their event streams), and `GET api/board` while 8 connections move
    cards. Rows as wrk's: the open pages should cost under 10 % of either. Both settings run
    `rounds` times, alternating, and each row keeps its better run: single 10-second runs on a
    loaded two-core machine swing by 15 %, more than the cost measured."""
    rows = []
    # A store never served yet: a served one keeps its feed secret, and a serve with another
    # state file would not print its feed's URL.
    store = os.path.join(scratch, "pages-base.db")
    subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True)
    copies = []
    for n in range(boards):
        copy = os.path.join(scratch, f"many-{n}.db")
        shutil.copyfile(store, copy)
        copies.append(copy)

    def serve(names):
        server = subprocess.Popen(bk("serve", *[a for name in names for a in ("--board", f"b{name}={copies[name]}")],
                                     "--port", "0", "--quiet", "--state-file", os.path.join(scratch, f"tokens-{len(names)}.json")),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        feed = started(server, r"(http://\S+/b0\.ics)")
        page = started(server, r"b0 board: (http://\S+/)")
        # The other boards' URLs are read away, so the server never waits on a full pipe.
        threading.Thread(target=server.stdout.read, daemon=True).start()
        return server, feed, page

    def moves(page, label, connections=8):
        script = move_script(page, scratch, "move-pages.lua")
        wrk(page, seconds, label, cards, rows, script=script, connections=connections)

    def fresh_first(k, setting):
        # Each serve gets a store of its own to show: one served with another state file
        # would not print its feed's URL.
        copies[0] = os.path.join(scratch, f"first-{setting}-{k}.db")
        shutil.copyfile(store, copies[0])

    for k in range(rounds):
        fresh_first(k, "alone")
        server, feed, page = serve([0])
        try:
            wrk(feed, seconds, "feed, one board, no page open", cards, rows)
            moves(page, "move c8, one board, no page open")
        finally:
            server.terminate()
            server.wait(timeout=10)
        fresh_first(k, "pages")
        server, feed, page = serve(list(range(boards)))
        streams = None
        try:
            streams = EventStreams(page, pages)
            time.sleep(2)
            wrk(feed, seconds, f"feed, {boards} boards, {pages} pages open", cards, rows)
            moves(page, f"move c8, {boards} boards, {pages} pages open")
            # GET api/board beside 8 connections moving cards: the read's p99.
            mover = moving_in_background(page, seconds, scratch)
            wrk(page + "api/board", seconds, "GET api/board while 8 move", cards, rows, connections=2)
            mover.wait()
            heard = sum(streams.events)
            print(f"  serve: {pages} open pages heard {heard:,} changes in all", flush=True)
        finally:
            if streams:
                streams.close()
            server.terminate()
            server.wait(timeout=30)
    return better_runs(rows)


def better_runs(rows):
    """Of rows measured more than once (cards, label, req/s, p99), the run with more requests
    per second, in the order the labels first came."""
    best = {}
    for row in rows:
        if row[1] not in best or row[2] > best[row[1]][2]:
            best[row[1]] = row
    return list(best.values())


# What the serve benchmark's note says, so a rerun replaces it.
SERVE_NOTE = "in one serve under ulimit -n 1024"


def many_boards_benchmark(cards, seconds, board, scratch, notes, boards=1000):
    """Issue 49: `boards` stores of `cards` cards in one serve under `ulimit -n 1024` (prlimit):
    how soon after start the first board answers and every board is read, the server's
    resident memory once every board's feed was asked for once, and the feed and card moves
    of one of them (compare open_pages_benchmark's "one board, no page open" rows)."""
    rows = []
    store = os.path.join(scratch, f"many-boards-{boards}.db")
    subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True)
    folder = os.path.join(scratch, f"many-boards-{boards}")
    os.makedirs(folder, exist_ok=True)
    for n in range(boards):
        shutil.copyfile(store, os.path.join(folder, f"m{n}.db"))
    state = os.path.join(scratch, f"tokens-many-{boards}.json")
    port = 19000 + os.getpid() % 1000
    began = time.monotonic()
    server = subprocess.Popen(["prlimit", "--nofile=1024:1024", "--"]
                              + bk("serve", *[a for n in range(boards) for a in ("--board", f"m{n}={folder}/m{n}.db")],
                                   "--port", str(port), "--quiet", "--state-file", state),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def tokens():
        try:
            with open(state) as f:
                return json.load(f).get("tokens", {})
        except (OSError, ValueError):
            return {}

    try:
        first = None
        while first is None and time.monotonic() - began < 120:
            token = tokens().get("m0")
            try:
                if token:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{token}/m0.ics") as resp:
                        if resp.status == 200:
                            first = time.monotonic() - began
            except OSError:
                pass
            if first is None:
                time.sleep(0.005)
        page = None
        for line in server.stdout:
            page = page or (re.search(r"m0 board: (http://\S+/)", line) or [None, None])[1]
            if f"m{boards - 1} board: " in line:
                break
        every = time.monotonic() - began
        threading.Thread(target=server.stdout.read, daemon=True).start()
        known = tokens()
        asked = time.monotonic()
        for n in range(boards):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{known[f'm{n}']}/m{n}.ics") as resp:
                resp.read()
        asked = time.monotonic() - asked
        with open(f"/proc/{server.pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
        notes.append(f"{boards:,} stores of {cards:,} cards {SERVE_NOTE}: the first board answered "
                     f"{first:.2f} s after start (every board read after {every:.1f} s); each board's feed asked once "
                     f"took {asked:.1f} s in all; resident memory then {rss:,.0f} MB.")
        print("  serve: " + notes[-1], flush=True)
        feed = f"http://127.0.0.1:{port}/{known['m0']}/m0.ics"
        wrk(feed, seconds, f"feed, {boards:,} boards, ulimit -n 1024", cards, rows)
        script = move_script(page, scratch, "move-many.lua")
        wrk(page, seconds, f"move c8, {boards:,} boards, ulimit -n 1024", cards, rows, script=script, connections=8)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return rows


def moving_in_background(page, seconds, scratch):
    """Card moves with 8 connections for `seconds`, in the background (not recorded)."""
    script = move_script(page, scratch, "move-beside.lua")
    return subprocess.Popen(["wrk", "-t1", "-c8", f"-d{seconds}s", "-s", script, page],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def commit_benchmark(cards, seconds, board, scratch):
    """Card moves through the page's API with 8 connections, on a fresh store each, served with
    group commit (the default) and with one transaction and fsync per move (`--commit each`),
    one after the other in the same run; each twice, alternating, the better run kept."""
    rows = []
    for attempt in range(2):
        for mode in ("each", "grouped"):
            store = os.path.join(scratch, f"commit-{mode}-{attempt}.db")
            subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True)
            server = subprocess.Popen(bk("serve", "--board", f"store={store}", "--port", "0", "--quiet",
                                         "--commit", mode, "--state-file", os.path.join(scratch, "tokens.json")),
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            try:
                page = started(server, r"store board: (http://\S+/)")
                if not page:
                    continue
                script = move_script(page, scratch, f"move-{mode}.lua")
                wrk(page, seconds, f"move c8 {mode}", cards, rows, script=script, connections=8)
            finally:
                server.terminate()
                server.wait(timeout=10)
    # The better of the two runs of each (a loaded two-core machine makes single runs noisy).
    return better_runs(rows)


ORACLES = os.path.join(ROOT, "Tests", "Oracles")


def oracle(script, *args, env=None):
    """A helper server from Tests/Oracles and the JSON line it prints once ready."""
    proc = subprocess.Popen([sys.executable, os.path.join(ORACLES, script), *args], stdout=subprocess.PIPE, text=True, env=env)
    return proc, json.loads(proc.stdout.readline())


def serve_on(store, port, scratch, env):
    """`boardkit serve` of one store on `port`: the process and its board page's path."""
    server = subprocess.Popen(bk("serve", "--board", f"store={store}", "--port", str(port), "--quiet",
                                 "--state-file", os.path.join(scratch, "tokens.json")),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    page = started(server, r"store board: (http://\S+/)")
    return server, urllib.parse.urlparse(page).path if page else None


def moves_per_second(base, path, cards, seconds, scratch, label, rows, connections=8):
    """Card moves through the page's API at `base` + `path` (8 connections), as in commit_benchmark."""
    script = move_script(base + path, scratch, f"move-{abs(hash(path))}.lua")
    wrk(base + path, seconds, label, cards, rows, script=script, connections=connections)


def moves_on_two_boards(store_a, store_b, ports, cards, seconds, scratch, env, label):
    """Moves on two boards at once, 4 connections each (8 in all): writers of different boards
    never wait for each other. Each of `ports` is an instance serving both boards; with two,
    nginx (load_balancer.py) sends each request to either. Returns the two boards' moves/s
    added up (None when a run was not recorded)."""
    state = os.path.join(scratch, f"tokens-two-{len(ports)}.json")
    servers = [subprocess.Popen(bk("serve", "--board", f"a={store_a}", "--board", f"b={store_b}", "--port", str(port),
                                   "--quiet", "--state-file", state),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
               for port in ports]
    try:
        # The instances share their state file, so each gives the same pages.
        pages = [urllib.parse.urlparse(started(servers[0], rf"{name} board: (http://\S+/)")).path for name in ("a", "b")]
        for server in servers[1:]:
            started(server, r"b board: (http://\S+/)")
        base = f"http://127.0.0.1:{ports[0]}"
        if len(ports) > 1:
            balancer, lb = oracle("load_balancer.py", os.path.join(scratch, "nginx-two"), *map(str, ports))
            servers.append(balancer)
            base = lb["url"]
        measured = []
        runs = [threading.Thread(target=moves_per_second,
                                 args=(base, path, cards, seconds, scratch, f"{label} {k}", measured, 4))
                for k, path in enumerate(pages)]
        for run in runs:
            run.start()
        for run in runs:
            run.join()
        return sum(rps for _, _, rps, _ in measured) if len(measured) == 2 else None
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)


def postgres_benchmark(import_cards, cards=1000, seconds=10):
    """The store in PostgreSQL (a real server, Tests/Oracles/postgres_server.py) beside the
    SQLite store, in the same run: card moves through the page's API with 8 connections on a
    SQLite store, on a PostgreSQL board through one instance, and through two instances behind
    nginx (load_balancer.py); then a whole-board import (`init --from`) of `import_cards`
    cards into each. Rows (cards, measure, store, value, unit)."""
    if not shutil.which("wrk") or not shutil.which("nginx"):
        return []
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        pg, info = oracle("postgres_server.py")
        env = dict(os.environ, PGPASSWORD=info["password"])
        servers = []
        try:
            board = os.path.join(scratch, "board.json")
            subprocess.run(bk("sample", "--cards", str(cards), "--seed", "42", "-o", board), check=True)
            stores = {"SQLite": os.path.join(scratch, "team.db"), "PostgreSQL": info["url"] + "?board=one",
                      "PostgreSQL, two instances": info["url"] + "?board=two",
                      "PostgreSQL, a second board": info["url"] + "?board=three",
                      "PostgreSQL, a fourth board": info["url"] + "?board=four"}
            for store in stores.values():
                subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True, env=env)
            for name in ("SQLite", "PostgreSQL"):
                port = 18500 + len(servers)
                server, path = serve_on(stores[name], port, scratch, env)
                servers.append(server)
                measured = []
                wrk(f"http://127.0.0.1:{port}{path}api/board", seconds, "GET api/board", cards, measured)
                rows += [(cards, "GET api/board per second", name, rps, "req/s") for _, _, rps, _ in measured]
                measured = []
                moves_per_second(f"http://127.0.0.1:{port}", path, cards, seconds, scratch, "move c8", measured)
                rows += [(cards, "moves/s through the page's API", name, rps, "moves/s") for _, _, rps, _ in measured]
            both = moves_on_two_boards(stores["PostgreSQL"], stores["PostgreSQL, a second board"], [18505], cards, seconds,
                                       scratch, env, "move c4 each of two boards")
            if both is not None:
                rows.append((cards, "moves/s through the page's API", "PostgreSQL, two boards in one instance", both, "moves/s"))
            # Two instances add writes where there is more than one board's lock to take.
            both = moves_on_two_boards(stores["PostgreSQL, two instances"], stores["PostgreSQL, a fourth board"], [18506, 18507],
                                       cards, seconds, scratch, env, "move c4 each of two boards, two instances")
            if both is not None:
                rows.append((cards, "moves/s through the page's API", "PostgreSQL, two boards through two instances behind nginx",
                             both, "moves/s"))
            ports = [18510, 18511]
            pair = [serve_on(stores["PostgreSQL, two instances"], p, scratch, env) for p in ports]
            servers += [server for server, _ in pair]
            balancer, lb = oracle("load_balancer.py", os.path.join(scratch, "nginx"), *map(str, ports))
            servers.append(balancer)
            measured = []
            wrk(f"{lb['url']}{pair[0][1]}api/board", seconds, "GET api/board two instances", cards, measured)
            rows += [(cards, "GET api/board per second", "PostgreSQL, two instances behind nginx", rps, "req/s")
                     for _, _, rps, _ in measured]
            measured = []
            moves_per_second(lb["url"], pair[0][1], cards, seconds, scratch, "move c8 two instances", measured)
            rows += [(cards, "moves/s through the page's API", "PostgreSQL, two instances behind nginx", rps, "moves/s")
                     for _, _, rps, _ in measured]
            big = os.path.join(scratch, "big.json")
            subprocess.run(bk("sample", "--cards", str(import_cards), "--seed", "42", "-o", big), check=True)
            for name, store in (("SQLite", os.path.join(scratch, "big.db")), ("PostgreSQL", info["url"] + "?board=big")):
                t = time.perf_counter()
                subprocess.run(bk("init", "--board", store, "--from", big), check=True, capture_output=True, env=env)
                wall = time.perf_counter() - t
                rows.append((import_cards, "import (init --from JSON)", name, wall, "s"))
                print(f"  import {import_cards:,} cards into {name}: {wall:.1f} s", flush=True)
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)
            pg.terminate()
            pg.wait(timeout=30)
    return rows


# Issue 46's size: a first sync within 2x of vdirsyncer's, a sync with nothing to do under 1 s.
SYNC_CARDS = 5000


def sync_benchmark(cards=SYNC_CARDS, changes=10):
    """`boardkit sync` against a local Radicale (started by Tests/Oracles/caldav_server.py),
    beside vdirsyncer: the first sync of a `cards`-card board (boardkit puts every to-do up;
    vdirsyncer takes them down into a folder, then puts that folder up into a second empty
    Radicale, the same work as boardkit's), then an incremental sync after `changes` edits,
    and one with nothing to do. Rows: (cards, what, tool, seconds)."""
    if not shutil.which("vdirsyncer"):
        return []
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        board = os.path.join(scratch, "board.json")
        store = os.path.join(scratch, "team.db")
        password = os.path.join(scratch, "password")
        with open(password, "w") as f:
            f.write("secret\n")
        subprocess.run(bk("sample", "--cards", str(cards), "--seed", "42", "-o", board), check=True)
        subprocess.run(bk("init", "--board", store, "--from", board), check=True, capture_output=True)

        def radicale(name):
            return subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "Oracles", "caldav_server.py"),
                                     "radicale", os.path.join(scratch, name)], stdout=subprocess.PIPE, text=True)

        def vdirsyncer_pair(name, url, folder):
            config = os.path.join(scratch, f"{name}.conf")
            with open(config, "w") as f:
                f.write(f"""[general]
status_path = "{scratch}/{name}-status/"
[pair board]
a = "local"
b = "remote"
collections = null
[storage local]
type = "filesystem"
path = "{folder}/"
fileext = ".ics"
[storage remote]
type = "caldav"
url = "{url}"
username = "mina"
password = "secret"
""")
            os.makedirs(folder, exist_ok=True)
            env = dict(os.environ, VDIRSYNCER_CONFIG=config)
            subprocess.run(["vdirsyncer", "discover"], env=env, input="y\n", capture_output=True, text=True)
            return env

        def run(what, tool, command, **kw):
            start = time.perf_counter()
            r = subprocess.run(command, capture_output=True, text=True, **kw)
            wall = time.perf_counter() - start
            if r.returncode != 0:
                print(f"  sync {what} {tool} failed: {r.stderr[-300:]}", flush=True)
                return None
            return wall

        def record(what, tool, wall):
            rows.append((cards, what, tool, wall))
            print(f"  sync {what:34} {tool:10} {wall:8.2f} s", flush=True)

        def timed(what, tool, command, **kw):
            wall = run(what, tool, command, **kw)
            if wall is not None:
                record(what, tool, wall)

        first, second = radicale("server"), radicale("server2")
        try:
            url = json.loads(first.stdout.readline())["url"]
            other = json.loads(second.stdout.readline())["url"]
            sync = bk("sync", "--board", store, url, "--user", "mina", "--password-file", password)
            # The same work both ways: boardkit puts the board's to-dos into an empty
            # collection; vdirsyncer puts a folder of the same to-dos into another.
            timed("first sync: every to-do up", "boardkit", sync)
            fetched = os.path.join(scratch, "fetched")
            down = vdirsyncer_pair("down", url, fetched)
            timed("first sync: every to-do down", "vdirsyncer", ["vdirsyncer", "sync"], env=down)
            up = vdirsyncer_pair("up", other, fetched)
            timed("first sync: every to-do up", "vdirsyncer", ["vdirsyncer", "sync"], env=up)
            ids = [c["id"] for c in json.load(open(board))["cards"] if not c.get("archived")][:changes]
            for k, card in enumerate(ids):
                subprocess.run(bk("edit", card, "--board", store, "--title", f"changed {k}"), check=True, capture_output=True)
            timed(f"after {changes} changes here: up", "boardkit", sync)
            timed(f"after {changes} changes there: down", "vdirsyncer", ["vdirsyncer", "sync"], env=down)
            # A sync with nothing to do is mostly the server's REPORT, whose time varies by a
            # third from one to the next: the median of five, the two tools alternating.
            walls = {"boardkit": [], "vdirsyncer": []}
            for _ in range(5):
                walls["boardkit"].append(run("nothing changed", "boardkit", sync))
                walls["vdirsyncer"].append(run("nothing changed", "vdirsyncer", ["vdirsyncer", "sync"], env=down))
            for tool, times in walls.items():
                if None not in times:
                    record("nothing changed", tool, statistics.median(times))
        finally:
            for server in (first, second):
                server.terminate()
                server.wait(timeout=10)
    return rows


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
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated task names (prefix match); 'serve' for the server, 'sync' for CalDAV sync, 'postgres' for the store in PostgreSQL")
    ap.add_argument("--no-slow", action="store_true",
                    help="leave out the peers that take minutes at a million cards (their rows are left out too)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    only = [o.strip().lower() for o in args.only.split(",") if o.strip()]
    build_c_peers()
    rows, notes = [], []
    def selected(task):
        return not only or any(task.lower().startswith(o) for o in only)

    kinds = {kind for task, tools in TASKS if selected(task) for _, kind, _, _ in tools}
    for cards in sizes:
        print(f"== {cards:,} cards", flush=True)
        inputs = prepare_inputs(cards, kinds)
        for task, tools in TASKS:
            if not selected(task):
                continue
            if cards > MAX_CARDS.get(task, cards):
                print(f"  {task}: left out above {MAX_CARDS[task]:,} cards (memory)", flush=True)
                continue
            results = {name: [] for name, *_ in tools}
            phases = []
            with tempfile.TemporaryDirectory() as scratch:
                for run in range(args.runs):
                    for name, kind, argv, slow in tools:
                        if slow and (run > 0 or args.no_slow):
                            continue
                        out = os.path.join(scratch, f"out{CONVERT_SUFFIX.get(task, '.json')}")
                        m = measure(argv, inputs[kind], out)
                        if m:
                            results[name].append(m)
                            if name == "boardkit" and "--timings" in argv:
                                phases.append(report_phases(m[2]))
            base = statistics.median(w for w, *_ in results["boardkit"]) if results["boardkit"] else None
            for name, kind, _, slow in tools:
                if slow and args.no_slow:
                    continue
                runs = results[name]
                size = os.path.getsize(inputs[kind]) / 2**20
                if not runs:
                    rows.append((cards, task, name, None, None, None, size, None, 0))
                    continue
                wall = statistics.median(w for w, *_ in runs)
                rss = max(r for _, r, _ in runs)
                ratio = wall / base if base else None
                rows.append((cards, task, name, wall, cards / wall if wall > 0 else None, rss, size, ratio, len(runs)))
                print(f"  {task:16} {name:24} {wall:8.2f} s  {rss:8.0f} MB" + (f"  {ratio:6.2f}x" if ratio else ""), flush=True)
            if phases and all("load" in p and "compute" in p for p in phases):
                load = statistics.median(p["load"] for p in phases)
                compute = statistics.median(p["compute"] for p in phases)
                notes.append(f"{cards:,} cards, {task}: boardkit loaded the board in {load:.2f} s and "
                             f"computed the report in {compute:.2f} s (medians of --timings).")
                print("  " + notes[-1], flush=True)
            elif phases and all("load" in p and "trials" in p for p in phases):
                load = statistics.median(p["load"] for p in phases)
                trials = statistics.median(p["trials"] for p in phases)
                notes.append(f"{cards:,} cards, {task}: boardkit loaded the board in {load:.2f} s and "
                             f"ran the trials in {trials:.3f} s (medians of --timings).")
                print("  " + notes[-1], flush=True)
    edit_rows = []
    if not only or "edits" in only:
        print(f"== editing a store of {max(sizes):,} cards, beside Taskwarrior", flush=True)
        edit_rows = edit_benchmark(prepare_inputs(max(sizes))["store"], max(sizes))
    serve_rows = []
    if not only or "serve" in only:
        print("== serve, 1,000 cards", flush=True)
        serve_rows = serve_benchmark(1000, notes)
    sync_rows = []
    if not only or "sync" in only:
        print(f"== sync with a local Radicale, {SYNC_CARDS:,} cards, beside vdirsyncer", flush=True)
        sync_rows = sync_benchmark(SYNC_CARDS)
    postgres_rows = []
    if not only or "postgres" in only:
        print(f"== the store in PostgreSQL beside SQLite: moves on 1,000 cards, an import of {max(sizes):,}", flush=True)
        postgres_rows = postgres_benchmark(max(sizes))
    write_results(rows, serve_rows, notes, args, edit_rows, sync_rows, postgres_rows)


def timed(argv, runs, env=None):
    """Wall milliseconds of each of `runs` runs of a short command (it must succeed), after
    one run not counted (the first reads a freshly copied file from disk). `argv` is a list,
    or a function of the run's number giving one."""
    times = []
    for n in range(0, runs + 1):
        args = argv(n) if callable(argv) else argv
        t = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        if n > 0:
            times.append((time.perf_counter() - t) * 1000)
    return times


def edit_benchmark(store, cards, runs=20):
    """Whole-process time of one `add` and one `move` on a store of `cards` cards and of `show`
    on a 1,000-card store, beside Debian's Taskwarrior (`task add`, `task ID modify`) on a
    10,000-task database: rows (cards, command, tool, median ms, p95 ms, runs)."""
    rows = []

    def row(size, command, tool, times):
        times.sort()
        median, p95 = statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]
        rows.append((size, command, tool, median, p95, len(times)))
        print(f"  {command:8} {tool:12} {size:>10,} cards  median {median:7.1f} ms  p95 {p95:7.1f} ms", flush=True)

    with tempfile.TemporaryDirectory() as scratch:
        db = os.path.join(scratch, "team.db")
        shutil.copyfile(store, db)
        row(cards, "add", "boardkit", timed(lambda n: bk("add", f"bench card {n}", "-b", db, "--label", "bench"), runs))
        # Card 1 back and forth, so that every run moves it.
        row(cards, "move", "boardkit", timed(lambda n: bk("move", "1", "doing" if n % 2 else "todo", "-b", db), runs))
        small = os.path.join(scratch, "small.db")
        subprocess.run(bk("sample", "--cards", "1000", "--seed", "7", "-o", small), check=True)
        row(1000, "show", "boardkit", timed(bk("show", "-b", small), runs))
        if shutil.which("task"):
            env = dict(os.environ, TASKRC=os.path.join(scratch, "taskrc"), TASKDATA=os.path.join(scratch, "task"))
            open(env["TASKRC"], "w").write("confirmation=no\nverbose=nothing\nnews.version=2.6.0\n")
            os.makedirs(env["TASKDATA"])
            tasks = os.path.join(scratch, "tasks.json")
            subprocess.run(bk("sample", "--cards", "10000", "--seed", "7", "-o", tasks, "--to", "taskwarrior"), check=True)
            with open(tasks) as f:
                subprocess.run(["task", "import"], stdin=f, env=env, check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            row(10000, "add", "taskwarrior", timed(lambda n: ["task", "add", f"bench task {n}", "+bench"], runs, env))
            row(10000, "move", "taskwarrior", timed(lambda n: ["task", "1", "modify", f"project:p{n}"], runs, env))
    return rows


# Tasks whose peers cannot hold the largest boards in this machine's memory.
MAX_CARDS = {}

# The output file's suffix per task: boardkit picks the writer from it.
CONVERT_SUFFIX = {"JSON→CSV": ".csv", "JSON→XLSX": ".xlsx", "JSON→XLSX (conversation)": ".xlsx", "JSON→ICS": ".ics", "JSON→Taskwarrior": ".json",
                  "JSON→store": ".db"}


def fmt(v, spec):
    return "—" if v is None else format(v, spec)


def earlier_results(tasks_run, serve_run, edits_run, sync_run=False, tools_left_out=frozenset(), postgres_run=False):
    """What RESULTS.md already holds for the tasks this run did not measure, so that
    `--only` refreshes some rows and keeps the rest (and `--no-slow` keeps the slow peers'
    rows, `tools_left_out` as (task, tool)): (table lines, note lines, serve lines)."""
    path = os.path.join(ROOT, "Benchmarks", "RESULTS.md")
    if not os.path.exists(path):
        return [], [], [], [], [], []
    table, notes, serve, edits, syncs, postgres = [], [], [], [], [], []
    section = "tasks"
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("## boardkit serve"):
            section = "serve"
        elif line.startswith("## Editing a store"):
            section = "edits"
        elif line.startswith("## Sync with CalDAV"):
            section = "sync"
        elif line.startswith("## The store in PostgreSQL"):
            section = "postgres"
        elif line.startswith("## Goals"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and cells[0].replace(",", "").isdigit():
            if section == "serve" and not serve_run:
                serve.append(line)
            elif section == "edits" and not edits_run:
                edits.append(line)
            elif section == "sync" and not sync_run:
                syncs.append(line)
            elif section == "postgres" and not postgres_run:
                postgres.append(line)
            elif section == "tasks" and ((int(cells[0].replace(",", "")), cells[1]) not in tasks_run
                                         or (cells[1], cells[2]) in tools_left_out):
                table.append(line)
        elif line.startswith("- ") and not any(f"{c:,} cards, {t}:" in line for c, t in tasks_run) \
                and not (serve_run and SERVE_NOTE in line):
            notes.append(line[2:])
    return table, notes, serve, edits, syncs, postgres


def write_results(rows, serve_rows, notes, args, edit_rows=(), sync_rows=(), postgres_rows=()):
    only = bool(args.only) or args.no_slow
    left_out = frozenset((task, name) for task, tools in TASKS for name, _, _, slow in tools if slow and args.no_slow)
    kept_table, kept_notes, kept_serve, kept_edits, kept_sync, kept_postgres = (
        earlier_results({(r[0], r[1]) for r in rows}, bool(serve_rows), bool(edit_rows), bool(sync_rows), left_out,
                        bool(postgres_rows))
        if only else ([], [], [], [], [], []))
    header = ("| cards | task | tool | median wall (s) | cards/s | peak memory (MB) | input (MB) | "
              "time vs boardkit | runs |\n|---:|---|---|---:|---:|---:|---:|---:|---:|\n")
    body = "".join(
        f"| {c:,} | {task} | {tool} | {fmt(w, '.2f')} | {fmt(cps, ',.0f')} | {fmt(rss, ',.0f')} | {size:,.0f} | "
        f"{fmt(ratio, '.2f') + '×' if ratio else '—'} | {n} |\n"
        for c, task, tool, w, cps, rss, size, ratio, n in rows)
    if kept_table:
        order = {task: k for k, (task, _) in enumerate(TASKS)}
        lines = kept_table + body.splitlines()
        lines.sort(key=lambda l: (int(l.split("|")[1].strip().replace(",", "")), order.get(l.split("|")[2].strip(), 99)))
        body = "".join(l + "\n" for l in lines)
    notes = kept_notes + notes
    text = (
        "# Benchmark results\n\n"
        f"Run on {datetime.date.today().isoformat()}: {machine()}.\n"
        f"`Benchmarks/run --sizes {args.sizes} --runs {args.runs}`"
        + (f" for {args.only} (other rows from an earlier run)" if args.only else "")
        + (" without the slowest peers (--no-slow)" if args.no_slow else "") + "; the median of the runs "
        "(the slowest peers ran once: see the runs column). \"time vs boardkit\" is the tool's "
        "time divided by boardkit's: above 1 means boardkit is faster. Peak memory is the largest "
        "resident set `/usr/bin/time` saw.\n\n" + header + body)
    if notes:
        text += "\n" + "".join(f"- {n}\n" for n in notes)
    serve_lines = kept_serve + [f"| {c:,} | {label} | {rps:,.0f} | {p99:.2f} |" for c, label, rps, p99 in serve_rows]
    if serve_lines:
        text += ("\n## boardkit serve under wrk (loopback, 2 threads, 32 connections)\n\n"
                 "| cards | requests | requests/s | p99 latency (ms) |\n|---:|---|---:|---:|\n")
        text += "".join(l + "\n" for l in serve_lines)
    edit_lines = kept_edits + [f"| {c:,} | {command} | {tool} | {median:.1f} | {p95:.1f} | {n} |"
                  for c, command, tool, median, p95, n in edit_rows]
    if edit_lines:
        text += ("\n## Editing a store (whole process, one command)\n\n"
                 "`move` for Taskwarrior is `task ID modify`; each command ran once before the timed runs.\n\n"
                 "| cards | command | tool | median (ms) | p95 (ms) | runs |\n|---:|---|---|---:|---:|---:|\n")
        text += "".join(l + "\n" for l in edit_lines)
    sync_lines = kept_sync + [f"| {c:,} | {what} | {tool} | {wall:.2f} |" for c, what, tool, wall in sync_rows]
    if sync_lines:
        text += ("\n## Sync with CalDAV (a local Radicale, one run each)\n\n"
                 "boardkit syncs a store both ways; vdirsyncer syncs the same collection with a folder "
                 "(and that folder into a second empty Radicale, the same upload as boardkit's first sync). "
                 "\"nothing changed\" is the median of five runs, the two tools alternating.\n\n"
                 "| cards | sync | tool | wall (s) |\n|---:|---|---|---:|\n")
        text += "".join(l + "\n" for l in sync_lines)
    sqlite = {measure: value for _, measure, store, value, _ in postgres_rows if store == "SQLite"}
    postgres_lines = kept_postgres + [
        f"| {c:,} | {measure} | {store} | {value:,.1f} {unit} | "
        + (f"{value / sqlite[measure]:.2f}×" if sqlite.get(measure) else "—") + " |"
        for c, measure, store, value, unit in postgres_rows]
    if postgres_lines:
        text += ("\n## The store in PostgreSQL beside SQLite (same run; a real PostgreSQL 15 on loopback)\n\n"
                 "Moves: the page's API under wrk with 8 connections, each move one step committed before "
                 "its answer. \"vs SQLite\" divides by the SQLite store's figure: above 1 is more moves, "
                 "or a longer import.\n\n"
                 "| cards | measure | store | value | vs SQLite |\n|---:|---|---|---:|---:|\n")
        text += "".join(l + "\n" for l in postgres_lines)
    print()
    print(text)
    path = os.path.join(ROOT, "Benchmarks", "RESULTS.md")
    with open(path, "w") as f:
        f.write(text)
    # The verdict on each goal the issues set, appended to RESULTS.md; then the chart of
    # time and memory against cards (Benchmarks/results.svg).
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "goals.py"), path], check=False)
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "chart.py"), path], check=False)


if __name__ == "__main__":
    main()
