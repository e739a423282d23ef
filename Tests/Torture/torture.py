#!/usr/bin/env python3
"""The torture run: one store under every writer at once, killed at random, then checked.

usage: torture.py BOARDKIT [--seconds N] [--seed N] [--folder DIR] [--no-sync] [--postgres] [--keep]

For N seconds (default 60), on one store imported from a generated board:
- terminal writers run `add`, `edit`, `move`, `archive`, `restore`, `delete`, `undo`, `redo`
  and `init --from` into stores of their own, each as its own process;
- a running `serve` takes writes through the page's JSON API (add, move with If-Match, edit,
  archive, delete, undo, redo) and through its form posts (add, move);
- readers fetch the feed, the report and the board page, and run `show`, `history`,
  `convert` and `report`;
- `sync` runs against a real Radicale (unless --no-sync) through a proxy that fails about one
  request in ten (fault_server.py chaos: 503, 412, a PUT or DELETE applied and its reply lost,
  a slow reply), while a phone (the `caldav` library) creates (some with a start and a duration,
  some with a start alone), renames, completes, sets in process and deletes to-dos;
- a killer sends SIGKILL to terminal commands at random moments, and to the server, which
  is started again.

Every change is made under an actor name of its own (op123), so an acknowledged one can be
found in the log: an exit 0 whose output names the actor, or a 2xx for a change the request
could only make by changing the card. Then, with nothing else running:
- every acknowledged step is in the log (lost must be 0), and every step of the log is whole;
- the steps are in commit order and in time order at once;
- SQLite's `PRAGMA integrity_check` (Python's own sqlite3) says ok;
- `boardkit validate` finds no error and no event out of order;
- undoing every step after the import gives the import back (or the import undone, when a
  terminal `undo` took it back at the start), byte for byte (`convert` to
  JSON), and redoing them gives the board as it was: the log replays from the import;
- every readers' command exited 0, every `init --from` that was acknowledged made a whole store;
- with the faults stopped, syncs converge (the last changes nothing either way), and then the
  board and the calendar are one to one: every card shown has exactly one to-do, every to-do
  one card, no UID twice; every to-do the phone made and did not delete is on the server or
  its card was removed on the board (deleted, archived, or its creation undone).
With --postgres the store is a board in a real PostgreSQL (postgres_server.py: Debian's
server in a temporary folder), served by two `serve` instances behind Debian's nginx on
loopback (round robin; a request that finds an instance down goes to the other): the API
writers and readers go through nginx, the killer kills one instance at a time and starts it
again, the terminal writers and readers use the database's address, and the checks read the
log through psql (PostgreSQL checks its own pages; no sync runs in this mode).

It prints its figures (operations, kills, acknowledged, lost) and exits 1 if any check fails.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.join(HERE, "..", "Oracles")
sys.path.insert(0, ORACLES)
from loopback import free_port  # noqa: E402
STATES = ["todo", "doing", "review", "done"]


class Run:
    """What every thread shares: the counts, the acknowledged changes, the server's address."""

    def __init__(self, boardkit, folder, seed, deadline, postgres=None):
        self.boardkit = boardkit
        self.folder = folder
        # The PostgreSQL server's details (postgres_server.py's line), or None for a file.
        self.postgres = postgres
        self.store = postgres["url"] + "?board=team" if postgres else os.path.join(folder, "team.db")
        self.seed = seed
        self.deadline = deadline
        self.lock = threading.Lock()
        self.next_op = 0
        self.counts = {"operations": 0, "terminal kills": 0, "server kills": 0, "acknowledged": 0,
                       "acknowledged with a step": 0, "readers": 0, "syncs": 0,
                       "syncs cut by a fault": 0, "phone changes": 0}
        self.expected_actors = {}  # actor -> what it did, for every acknowledged change with a step
        self.inits = []  # stores an acknowledged `init --from` made
        self.phone_made = {}  # UID -> actor, for every to-do the phone made (the server took it)
        self.phone_deleted = set()  # UIDs the phone deleted
        self.problems = []  # readers that failed, answers that make no sense
        self.inflight = {}  # terminal processes running now, and their command
        self.page = None  # the board page's URL while the server runs
        self.feed = None
        self.report = None

    def second_store(self, actor):
        """Where an `init --from` by `actor` makes its own store."""
        if self.postgres:
            return self.postgres["url"] + f"?board=second_{actor}"
        return os.path.join(self.folder, f"second-{actor}.db")

    def query(self, sql):
        """Rows of one query on the store, read by the database's own client (sqlite3, psql)."""
        if not self.postgres:
            db = sqlite3.connect(f"file:{self.store}?mode=ro", uri=True)
            try:
                return db.execute(sql).fetchall()
            finally:
                db.close()
        pg = self.postgres
        out = subprocess.run([os.path.join(pg["bin"], "psql"), "-h", "127.0.0.1", "-p", str(pg["port"]), "-U", "boardkit",
                              "-d", "boardkit", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, PGOPTIONS="-c search_path=board_team")).stdout
        def value(text):
            return None if text == "" else int(text) if re.fullmatch(r"-?\d+", text) else text
        return [tuple(value(v) for v in line.split("\t")) for line in out.splitlines()]

    def op(self):
        with self.lock:
            self.next_op += 1
            self.counts["operations"] += 1
            return f"op{self.next_op}"

    def count(self, key, n=1):
        with self.lock:
            self.counts[key] += n

    def acknowledged(self, actor, what, step):
        with self.lock:
            self.counts["acknowledged"] += 1
            if step:
                self.counts["acknowledged with a step"] += 1
                self.expected_actors[actor] = what

    def problem(self, text):
        with self.lock:
            self.problems.append(text)

    def running(self):
        return time.time() < self.deadline

    def boardkit_run(self, args, timeout=120):
        """Runs boardkit; (exit status, output), status -9 when the killer took it."""
        proc = subprocess.Popen([self.boardkit] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, text=True, errors="replace")
        with self.lock:
            self.inflight[proc] = args[0]
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            self.problem(f"hung past {timeout} s: boardkit {' '.join(args)}")
        finally:
            with self.lock:
                self.inflight.pop(proc, None)
        return proc.returncode, out


# MARK: Terminal writers and readers

def terminal_writer(run, rng, cards):
    while run.running():
        actor = run.op()
        kind = rng.choices(["add", "edit", "move", "archive", "restore", "delete", "undo", "redo", "init"],
                           weights=[5, 4, 6, 1, 1, 1, 2, 1, 0.3])[0]
        card = str(rng.randint(1, cards[0]))
        base = ["-b", run.store, "--actor", actor]
        if kind == "add":
            args = ["add", f"card by {actor}", "--state", rng.choice(STATES)] + base
        elif kind == "edit":
            args = ["edit", card, "--title", f"edited by {actor}", "--label", f"+{actor}"] + base
        elif kind == "move":
            args = ["move", card, rng.choice(STATES)] + base
        elif kind in ("archive", "restore", "delete"):
            args = [kind, card] + base
        elif kind in ("undo", "redo"):
            args = [kind, "-b", run.store]
        else:
            target = run.second_store(actor)
            args = ["init", "-b", target, "--from", os.path.join(run.folder, "board.json"), "--actor", actor]
        status, out = run.boardkit_run(args)
        if status == -signal.SIGKILL:
            continue
        if status not in (0, 1):
            run.problem(f"exit {status}: boardkit {' '.join(args)}: {out[-300:]}")
            continue
        if status != 0:
            # A writer kept waiting past the busy timeout is a lock held too long: a defect here.
            if "[store-failed]" in out or "[store-damaged]" in out or "[store-busy]" in out:
                run.problem(f"boardkit {' '.join(args)}: {out.strip()[-300:]}")
            continue
        if kind == "add":
            cards[0] += 1
        if kind == "init":
            run.acknowledged(actor, "init", False)
            with run.lock:
                run.inits.append(target)
        elif kind in ("undo", "redo"):
            run.acknowledged(actor, kind, False)
        else:
            # A change that changed something prints its sentence, which names the actor.
            run.acknowledged(actor, " ".join(args[:2]), actor in out)


def terminal_reader(run, rng):
    scratch = os.path.join(run.folder, "reader")
    os.makedirs(scratch, exist_ok=True)
    while run.running():
        kind = rng.choice(["show", "history", "convert", "report"])
        if kind == "show":
            args = ["show", "-b", run.store, "--color", "never"]
        elif kind == "history":
            args = ["history", "-b", run.store, "--limit", "20"]
        elif kind == "convert":
            args = ["convert", run.store, os.path.join(scratch, f"board-{threading.get_ident()}.json")]
        else:
            args = ["report", run.store, "--format", "md", "-o", os.path.join(scratch, f"report-{threading.get_ident()}.md")]
        status, out = run.boardkit_run(args)
        run.count("readers")
        if status not in (0, -signal.SIGKILL):
            run.problem(f"reader exit {status}: boardkit {' '.join(args)}: {out.strip()[-300:]}")


# MARK: The server

def http(method, url, body=None, headers=None, timeout=30):
    """(status, parsed JSON or None); status 0 when the server could not be reached."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as e:
        raw, status = e.read(), e.code
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, None
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, None


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def form_post(url, fields, actor):
    """A form post as the page sends it without script: 303 when it landed."""
    body = "&".join(f"{k}={urllib.request.quote(v)}" for k, v in fields.items()).encode()
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/x-www-form-urlencoded", "X-Boardkit-Actor": actor})
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0


def api_writer(run, rng):
    while run.running():
        page = run.page
        if not page:
            time.sleep(0.05)
            continue
        actor = run.op()
        who = {"X-Boardkit-Actor": actor, "Content-Type": "application/json"}
        kind = rng.choices(["add", "move", "edit", "archive", "delete", "undo", "redo", "form-add", "form-move"],
                           weights=[5, 6, 4, 1, 1, 1, 1, 2, 2])[0]
        if kind == "add":
            status, _ = http("POST", page + "api/cards", {"title": f"card by {actor}", "state": rng.choice(STATES)}, who)
            if status == 201:
                run.acknowledged(actor, "api add", True)
            continue
        if kind == "form-add":
            if form_post(page + "cards", {"title": f"card by {actor}", "state": rng.choice(STATES)}, actor) == 303:
                run.acknowledged(actor, "form add", True)
            continue
        if kind in ("undo", "redo"):
            status, _ = http("POST", page + "api/" + kind, b"", who)
            if status == 200:
                run.acknowledged(actor, "api " + kind, False)
            continue
        status, board = http("GET", page + "api/board")
        if status != 200 or not board or not board.get("cards"):
            continue
        card = rng.choice(board["cards"])
        seen = {**who, "If-Match": f"\"{card['version']}\""}
        cid = urllib.request.quote(card["id"], safe="")
        if kind == "move" or kind == "form-move":
            # A state the card is not in, with the version seen: a 2xx is a change, so a step.
            target = rng.choice([s for s in STATES if s != card.get("state")])
            if kind == "move":
                status, _ = http("POST", page + f"api/cards/{cid}/move", {"state": target}, seen)
                ok = status == 200
            else:
                ok = form_post(page + f"cards/{cid}/move", {"state": target, "version": card["version"]}, actor) == 303
            if ok:
                run.acknowledged(actor, f"{kind} {card['id']}", True)
        elif kind == "edit":
            status, _ = http("PATCH", page + f"api/cards/{cid}", {"title": f"edited by {actor}"}, seen)
            if status == 200:
                run.acknowledged(actor, f"api edit {card['id']}", True)
        elif kind == "archive":
            status, _ = http("POST", page + f"api/cards/{cid}/archive", b"", seen)
            if status == 200 and not card.get("archived"):
                run.acknowledged(actor, f"api archive {card['id']}", True)
        else:
            status, _ = http("DELETE", page + f"api/cards/{cid}", None, seen)
            if status == 204:
                run.acknowledged(actor, f"api delete {card['id']}", True)


def http_reader(run, rng):
    while run.running():
        page, feed, report = run.page, run.feed, run.report
        if not page:
            time.sleep(0.05)
            continue
        url = rng.choice([feed, report, page, page + "api/board", page + "api/history", page + "columns"])
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                response.read()
                status = response.status
        except urllib.error.HTTPError as e:
            status = e.code
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            continue  # the server is down (killed): nothing to read
        run.count("readers")
        if status != 200:
            run.problem(f"GET {url.rsplit('/', 2)[-2:]}: {status}")


def start_serve(run, port=0):
    """`boardkit serve` on the store: the process and its feed, report and page URLs."""
    proc = subprocess.Popen([run.boardkit, "serve", "--board", f"team={run.store}", "--port", str(port), "--quiet",
                             "--state-file", os.path.join(run.folder, "tokens.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    urls = {}
    for line in proc.stdout:
        for key, pattern in (("feed", r"^team: (\S+)"), ("report", r"^team report: (\S+)"), ("page", r"^team board: (\S+)")):
            m = re.match(pattern, line)
            if m:
                urls[key] = m.group(1)
        if len(urls) == 3:
            break
    if len(urls) != 3:
        raise SystemExit(f"torture: serve did not start (exit {proc.poll()})")
    return proc, urls


class Server:
    """`boardkit serve` on the store, started again after every kill."""

    def __init__(self, run):
        self.run = run
        self.proc = None

    def start(self):
        self.proc, urls = start_serve(self.run)
        self.run.feed, self.run.report, self.run.page = urls["feed"], urls["report"], urls["page"]

    def kill(self):
        self.run.page = None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.run.page = None
        self.proc.terminate()
        self.proc.wait(timeout=30)


class BalancedServers:
    """Two `serve` instances on one PostgreSQL board behind nginx (load_balancer.py): the
    killer kills one at a time, which is started again on its own port; the URLs are nginx's."""

    def __init__(self, run):
        self.run = run
        self.ports = [free_port(), free_port()]
        self.procs = [None, None]
        self.nginx = None
        self.next = 0

    def start(self):
        run = self.run
        if self.nginx is None:
            for k in range(2):
                self.procs[k], urls = start_serve(run, self.ports[k])
            self.nginx = subprocess.Popen([sys.executable, os.path.join(ORACLES, "load_balancer.py"),
                                           os.path.join(run.folder, "nginx")] + [str(p) for p in self.ports],
                                          stdout=subprocess.PIPE, text=True)
            balancer = json.loads(self.nginx.stdout.readline())["url"]
            through = lambda url: re.sub(r"^http://[^/]+", balancer, url)
            run.feed, run.report, run.page = through(urls["feed"]), through(urls["report"]), through(urls["page"])
        else:
            k = self.next
            self.procs[k], _ = start_serve(run, self.ports[k])
            self.next = 1 - k

    def kill(self):
        """Kills one instance; nginx sends its traffic to the other until `start`."""
        proc = self.procs[self.next]
        proc.send_signal(signal.SIGKILL)
        proc.wait()

    def stop(self):
        self.run.page = None
        for proc in self.procs:
            proc.terminate()
            proc.wait(timeout=30)
        self.nginx.terminate()
        self.nginx.wait(timeout=30)



def killer(run, rng, server):
    next_server_kill = time.time() + rng.uniform(2, 6)
    while run.running():
        time.sleep(rng.uniform(0.05, 0.4))
        with run.lock:
            victims = list(run.inflight.items())
        # A sync runs for seconds (Radicale takes about 60 ms a to-do): killed as often as
        # the quick commands, none would ever finish.
        if victims:
            victim, command = rng.choice(victims)
            if command == "sync" and rng.random() > 0.02:
                continue
            try:
                victim.send_signal(signal.SIGKILL)
                run.count("terminal kills")
            except ProcessLookupError:
                pass
        if time.time() >= next_server_kill and run.running():
            server.kill()
            run.count("server kills")
            time.sleep(rng.uniform(0.05, 0.3))
            server.start()
            next_server_kill = time.time() + rng.uniform(2, 6)


# MARK: Sync

def start_radicale(folder):
    os.makedirs(os.path.join(folder, "radicale"), exist_ok=True)
    proc = subprocess.Popen([sys.executable, os.path.join(ORACLES, "caldav_server.py"), "radicale",
                             os.path.join(folder, "radicale")], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    return proc, json.loads(line)


def start_proxy(remote, seed):
    proc = subprocess.Popen([sys.executable, os.path.join(ORACLES, "fault_server.py"), "chaos", remote["url"], str(seed)],
                            stdout=subprocess.PIPE, text=True)
    return proc, json.loads(proc.stdout.readline())["url"]


# What a sync through the proxy may end with: the server failed or could not be reached.
SYNC_FAULTS = ("[sync-server-failed]", "[sync-unreachable]")


def sync_once(run, remote, via):
    password = os.path.join(run.folder, "password")
    with open(password, "w") as f:
        f.write(remote["password"] + "\n")
    args = ["sync", "-b", run.store, "--quiet", via, "--user", remote["user"], "--password-file", password]
    # The backlog a killed sync leaves grows with the run (a to-do per added card): the
    # last one may push thousands, at Radicale's pace.
    return run.boardkit_run(args, timeout=3600)


def syncer(run, rng, remote, via):
    while run.running():
        time.sleep(rng.uniform(0.5, 2.0))
        actor = run.op()
        status, out = sync_once(run, remote, via)
        if status == -signal.SIGKILL:
            continue
        if status == 0:
            run.acknowledged(actor, "sync", False)
            run.count("syncs")
        elif status == 1 and any(code in out for code in SYNC_FAULTS):
            run.count("syncs cut by a fault")
        else:
            run.problem(f"sync exit {status}: {out.strip()[-300:]}")


def phone_client(remote, *args):
    """The other app: caldav_client.py on the collection itself (no faults); its JSON or None."""
    proc = subprocess.run([sys.executable, os.path.join(ORACLES, "caldav_client.py"), remote["url"], remote["user"],
                           remote["password"], *args], capture_output=True, text=True, timeout=120)
    return json.loads(proc.stdout) if proc.returncode == 0 else None


def phone(run, rng, remote):
    """Creates (with a due, a start and a duration as some apps write them, or a start alone),
    renames, completes, sets in process and deletes to-dos as a phone would; remembers which it
    made and which it deleted (a change the server took is acknowledged)."""
    uids = []
    while run.running():
        time.sleep(rng.uniform(0.3, 1.2))
        if not uids or rng.random() < 0.1:
            listed = phone_client(remote, "list")
            uids = [t["uid"] for t in listed] if listed is not None else uids
        roll = rng.random()
        actor = run.op()
        if roll < 0.4 or not uids:
            # Some apps write a start and a duration instead of a due; some a start alone.
            dates = rng.choice([[], ["--start", "2026-12-10T09:00", "--duration", "PT2H30M"], ["--start", "2026-12-11"]])
            made = phone_client(remote, "create", f"phone {actor}", *dates)
            if made is not None:
                with run.lock:
                    run.phone_made[made["uid"]] = actor
                uids.append(made["uid"])
        elif roll < 0.7:
            phone_client(remote, "edit", rng.choice(uids), "--summary", f"renamed by phone {actor}")
        elif roll < 0.75:
            phone_client(remote, "complete", rng.choice(uids))
        elif roll < 0.8:
            # A status edit alone, as a phone sets a to-do going: an edit like a title.
            phone_client(remote, "edit", rng.choice(uids), "--status", "IN-PROCESS")
        else:
            uid = rng.choice(uids)
            if phone_client(remote, "delete", uid) is not None:
                with run.lock:
                    run.phone_deleted.add(uid)
                uids.remove(uid)
        run.count("phone changes")


def check_sync(run, remote, proxy_url):
    """With the faults stopped: syncs converge, and the board and the calendar are one to one."""
    failures = []
    urllib.request.urlopen(urllib.parse.urljoin(proxy_url, "/_calm"), timeout=30).read()
    settled = False
    for _ in range(4):
        status, out = sync_once(run, remote, proxy_url)
        if status != 0:
            failures.append(f"a sync with no faults and nothing else running: exit {status}: {out.strip()[-300:]}")
            return failures
        if "from the server 0 new cards, 0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed" in out:
            settled = True
            break
    if not settled:
        failures.append(f"four syncs in a row, nothing else running, still changed something: {out.strip()[-300:]}")
    # Settled, a sync finds nothing new on the server and pushes only what was written here
    # since: an edit now is the one to-do it changes.
    db = sqlite3.connect(f"file:{run.store}?mode=ro", uri=True)
    synced = db.execute("SELECT k.number FROM cards k JOIN sync_items s ON s.card = k.number "
                        "WHERE k.present = 1 AND k.archived = 0 ORDER BY k.number LIMIT 1").fetchone()
    db.close()
    if settled and synced:
        status, out = run.boardkit_run(["edit", str(synced[0]), "--title", "edited once the syncs settled", "-b", run.store])
        if status != 0:
            failures.append(f"an edit once the syncs settled: exit {status}: {out.strip()[-300:]}")
        status, out = sync_once(run, remote, proxy_url)
        if status != 0 or "to the server 0 new to-dos, 1 to-do changed" not in out:
            failures.append(f"the sync after one edit here, nothing new there: exit {status}: {out.strip()[-300:]}")
    todos = phone_client(remote, "list")
    if todos is None:
        return failures + ["the phone cannot list the calendar"]
    on_server = {}
    for t in todos:
        on_server[t["uid"]] = on_server.get(t["uid"], 0) + 1
    twice = [u for u, n in on_server.items() if n > 1]
    if twice:
        failures.append(f"{len(twice)} UIDs on the server twice, first: {twice[0]}")
    db = sqlite3.connect(f"file:{run.store}?mode=ro", uri=True)
    uid_of = dict(db.execute("SELECT card, uid FROM sync_uids"))
    shown = {n for (n,) in db.execute("SELECT number FROM cards WHERE present = 1 AND archived = 0")}
    category = dict(db.execute("SELECT id, category FROM states"))
    title_and_category = {n: (title, category.get(state)) for n, title, state in
                          db.execute("SELECT number, title, state FROM cards WHERE present = 1 AND archived = 0")}
    card_of = {}
    for card, uid in uid_of.items():
        card_of.setdefault(uid, []).append(card)
    db.close()
    no_todo = sorted(n for n in shown if uid_of.get(n) not in on_server)
    if no_todo:
        failures.append(f"{len(no_todo)} cards on the board have no to-do, first: #{no_todo[0]}")
    # Settled, both sides say the same: every change either side acknowledged reached the other
    # (the later of two changes to one field on both).
    status_category = {"COMPLETED": "done", "CANCELLED": "done", "IN-PROCESS": "doing"}
    for todo in {t["uid"]: t for t in todos}.values():
        cards = [c for c in card_of.get(todo["uid"], []) if c in shown]
        if len(cards) != 1:
            failures.append(f"to-do {todo['uid']} is {len(cards)} cards on the board")
            continue
        title, card_category = title_and_category[cards[0]]
        if todo["summary"] != title:
            failures.append(f"#{cards[0]} is '{title}' here and '{todo['summary']}' on the server")
        if status_category.get(todo["status"], "todo") != card_category:
            failures.append(f"#{cards[0]} is {card_category} here and {todo['status']} on the server")
    for uid, actor in sorted(run.phone_made.items()):
        if uid in run.phone_deleted or uid in on_server:
            continue
        if uid not in card_of:
            failures.append(f"lost: the phone's to-do {uid} ({actor}) is neither on the server nor a card")
    return failures[:40]


# MARK: The checks

def settle(run, seconds=60):
    """Waits until no other session is connected to the database: a terminal writer killed
    after it sent its COMMIT leaves a server backend that may still commit (the step is not
    acknowledged, so landing is allowed), and under load it can land after the check has
    counted the steps it will undo; `undo --steps N` then left the oldest step in place and
    the board was not the import (the failure seen once in a fresh clone's make test). True
    when settled."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        others = run.query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")[0][0]
        if others == 0:
            return True
        time.sleep(0.1)
    return False


def check(run, import_json):
    failures = []
    if run.postgres and not settle(run):
        failures.append("sessions of stopped writers still connected a minute after the run ended")
    if not run.postgres:
        integrity = run.query("PRAGMA integrity_check")
        if integrity != [("ok",)]:
            failures.append(f"integrity_check: {integrity[:5]}")
    actors = {a for (a,) in run.query("SELECT DISTINCT actor FROM steps") if a}
    lost = sorted((a for a in run.expected_actors if a not in actors), key=lambda a: int(a[2:]))
    for actor in lost[:20]:
        failures.append(f"lost: {actor} ({run.expected_actors[actor]}) was acknowledged and is not in the log")
    # Every step whole: its rows contiguous, as the steps table says, and no row without its step.
    steps = run.query("SELECT step, at, first_seq, last_seq FROM steps ORDER BY step")
    rows = dict(run.query("SELECT step, count(*) FROM changes GROUP BY step"))
    for step, at, first, last in steps:
        if rows.get(step, 0) == 0:
            failures.append(f"step {step} has no rows in the log")
        elif first is not None and last is not None and last - first + 1 != rows[step]:
            failures.append(f"step {step}'s rows are not whole: {rows[step]} rows for seq {first}…{last}")
    orphans = run.query("SELECT count(*) FROM changes WHERE step NOT IN (SELECT step FROM steps)")[0][0]
    if orphans:
        failures.append(f"{orphans} log rows name no step")
    # Commit order is time order: the steps' times never go back (the import's own history aside).
    times = [(s, parse_time(at)) for s, at, _, _ in steps if s > 1]
    back = [(a, b) for a, b in zip(times, times[1:]) if b[1] < a[1]]
    if back:
        failures.append(f"{len(back)} steps are earlier than the step before them, first: {back[0]}")
    pending = run.query("SELECT count(*) FROM steps WHERE step > 1 AND undone = 0")[0][0]

    status, out = run.boardkit_run(["validate", run.store])
    if status != 0 or "out-of-order" in out:
        failures.append(f"validate: exit {status}: {out.strip()[-500:]}")

    for target in run.inits:
        status, out = run.boardkit_run(["validate", target])
        if status != 0:
            failures.append(f"an acknowledged init made a store that does not validate: {target}: {out[-300:]}")

    # Undo every step after the import: the import comes back. Redo them: the board comes back.
    # A terminal writer's first `undo` may land before any other step and take the import
    # itself back (the terminal's undo asks no confirmation; a redo cannot bring it back once a
    # new step came after it): then the board after the undo is the import undone.
    before = export(run)
    if run.query("SELECT undone FROM steps WHERE step = 1") == [(1,)]:
        import_json, what_import = import_undone(run), "the import undone"
    else:
        what_import = "the import"
    if pending:
        for command, expected, what in (("undo", import_json, what_import), ("redo", before, "the board")):
            status, out = run.boardkit_run([command, "-b", run.store, "--steps", str(pending)], timeout=1800)
            if status != 0:
                failures.append(f"{command} --steps {pending}: {out.strip()[-300:]}")
            got = export(run)
            if got != expected:
                failures.append(f"{command} of every step did not give {what} back: {difference(expected, got)}")
    return failures, lost, pending


def import_undone(run):
    """The export of a board whose import was undone: the same import, undone, in a store of
    the run's kind."""
    target = run.second_store("import_undone")
    board = os.path.join(run.folder, "board.json")
    for args in (["init", "-b", target, "--from", board, "--actor", "import"], ["undo", "-b", target]):
        status, out = run.boardkit_run(args)
        if status != 0:
            return f"boardkit {' '.join(args)} failed: {out[-300:]}"
    out = os.path.join(run.folder, "import-undone.json")
    status, text = run.boardkit_run(["convert", target, out])
    if status != 0:
        return f"export failed: {text}"
    with open(out, "rb") as f:
        return f.read()


def difference(expected, got):
    """The first lines where two exports differ, so a failure says what came back wrong."""
    import difflib
    for text in (expected, got):
        if isinstance(text, str):  # an export that failed says why
            return text[:300]
    lines = difflib.unified_diff(expected.decode(errors="replace").splitlines(), got.decode(errors="replace").splitlines(),
                                 "expected", "got", n=2, lineterm="")
    return "\n".join(list(lines)[:40])


def parse_time(text):
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def export(run):
    out = os.path.join(run.folder, "export.json")
    status, text = run.boardkit_run(["convert", run.store, out])
    if status != 0:
        return f"export failed: {text}"
    with open(out, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("boardkit")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--folder")
    ap.add_argument("--no-sync", action="store_true")
    ap.add_argument("--postgres", action="store_true", help="the store in PostgreSQL, served by two instances behind nginx")
    ap.add_argument("--keep", action="store_true", help="keep the folder (it is printed)")
    args = ap.parse_args()
    boardkit = os.path.abspath(args.boardkit)
    folder = args.folder or tempfile.mkdtemp(prefix="boardkit-torture-")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(args.seed)

    postgres = None
    if args.postgres:
        pg_proc = subprocess.Popen([sys.executable, os.path.join(ORACLES, "postgres_server.py")], stdout=subprocess.PIPE, text=True)
        postgres = json.loads(pg_proc.stdout.readline())
        # As an operator's environment has it; every boardkit the run starts finds it.
        os.environ["PGPASSWORD"] = postgres["password"]
        args.no_sync = True
    run = Run(boardkit, folder, args.seed, 0, postgres)
    board = os.path.join(folder, "board.json")
    subprocess.run([boardkit, "sample", "--cards", "60", "--seed", str(args.seed), "-o", board], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([boardkit, "init", "-b", run.store, "--from", board, "--actor", "import"], check=True,
                   stdout=subprocess.DEVNULL)
    import_json = export(run)
    cards = [60]

    radicale = proxy = None
    if not args.no_sync:
        radicale, remote = start_radicale(folder)
        proxy, proxy_url = start_proxy(remote, args.seed)
    server = BalancedServers(run) if postgres else Server(run)
    server.start()
    started = time.time()
    run.deadline = started + args.seconds
    threads = [threading.Thread(target=terminal_writer, args=(run, random.Random(rng.random()), cards)) for _ in range(3)]
    threads += [threading.Thread(target=api_writer, args=(run, random.Random(rng.random()))) for _ in range(3)]
    threads += [threading.Thread(target=terminal_reader, args=(run, random.Random(rng.random())))]
    threads += [threading.Thread(target=http_reader, args=(run, random.Random(rng.random())))]
    threads += [threading.Thread(target=killer, args=(run, random.Random(rng.random()), server))]
    if radicale:
        threads += [threading.Thread(target=syncer, args=(run, random.Random(rng.random()), remote, proxy_url)),
                    threading.Thread(target=phone, args=(run, random.Random(rng.random()), remote))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    server.stop()
    sync_failures = []
    if radicale:
        sync_failures = check_sync(run, remote, proxy_url)
        for proc in (proxy, radicale):
            proc.terminate()
            proc.wait(timeout=30)

    failures, lost, pending = check(run, import_json)
    if postgres:
        pg_proc.terminate()
        pg_proc.wait(timeout=30)
    failures = run.problems + sync_failures + failures
    c = run.counts
    print(f"torture{' (PostgreSQL, two instances behind nginx)' if postgres else ''}: "
          f"{time.time() - started:.0f} s, seed {args.seed}: {c['operations']} operations, "
          f"{c['readers']} reads, {c['terminal kills']} terminal kills, {c['server kills']} server kills, "
          f"{c['acknowledged']} acknowledged ({c['acknowledged with a step']} with a step), {c['syncs']} syncs "
          f"({c['syncs cut by a fault']} more cut by a fault), {c['phone changes']} phone changes, "
          f"{pending} steps undone and redone, lost {len(lost)}")
    for f in failures[:40]:
        print("  FAIL " + f)
    if not args.keep and not failures:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"  the run's files are in {folder}")
    print(f"torture: {0 if failures else 1} passed, {1 if failures else 0} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
