#!/usr/bin/env python3
"""Oracle: a real CalDAV server (Radicale 3 or Xandikos) with one empty to-do collection.

usage: caldav_server.py radicale|xandikos FOLDER [--second NAME] [--tls]

Starts the server on 127.0.0.1 on a free port, keeping its data and logs under FOLDER, with
HTTP Basic authentication (user "mina", password "secret"; anything else gets 401 with a
WWW-Authenticate header). Creates a calendar collection whose supported-calendar-component-set
is VTODO only (with --second NAME, also a VEVENT-only calendar NAME), then prints one line:
  {"url": COLLECTION_URL, "user": "mina", "password": "secret", "root": ROOT_URL, "pid": PID,
   "server": "radicale"|"xandikos", "log": LOG_FILE [, "events_url": URL] [, "cert": PEM]}
and serves until SIGTERM/SIGINT (or until its parent process goes away), then stops the server
and exits 0.

Radicale runs as `python3 -m radicale` with an htpasswd file (plain). Xandikos runs as
`python3 -m xandikos serve` on an inner port: its own --htpasswd needs --autocert (HTTPS with
a self-signed certificate), so it is put behind a small Basic-auth reverse proxy in this
process instead. "pid" is the server subprocess's.

--tls (Radicale only): Radicale serves HTTPS ([server] ssl) with a self-signed certificate
for 127.0.0.1 made by `openssl` into FOLDER/cert.pem (key FOLDER/key.pem); the URLs are then
https:// and "cert" is the certificate's path. This script's own requests do not check it.
"""
import base64
import ctypes
import hmac
import http.client
import json
import os
import shutil
import signal
import ssl
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loopback import free_port

HOST = "127.0.0.1"
USER, PASSWORD = "mina", "secret"
AUTH = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
START_TIMEOUT = 20.0  # seconds for the server to answer
TLS_CONTEXT = None  # set by --tls: call() then speaks HTTPS, certificate not checked
USAGE = "usage: caldav_server.py radicale|xandikos FOLDER [--second NAME] [--tls (radicale only)]"

MKCALENDAR = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>{name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="{comp}"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>
"""


def fail(message):
    print(f"caldav_server: {message}", file=sys.stderr)
    sys.exit(1)



def call(port, method, path, body=None, headers=None, timeout=5.0):
    """One HTTP(S) request to 127.0.0.1:port; returns (status, body bytes)."""
    if TLS_CONTEXT:
        conn = http.client.HTTPSConnection(HOST, port, timeout=timeout, context=TLS_CONTEXT)
    else:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def die_with_parent():
    """In the child: get SIGTERM if this script dies without stopping it (Linux only)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def spawn(args, log_path):
    log = open(log_path, "ab")
    try:
        return subprocess.Popen([sys.executable, "-m", *args], stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT,
                                preexec_fn=die_with_parent)
    finally:
        log.close()


def wait_ready(proc, port, log_path):
    """Wait until the server answers any HTTP request; False if it exited (e.g. port taken)."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            call(port, "OPTIONS", "/", headers={"Authorization": AUTH}, timeout=2)
            return True
        except OSError:
            time.sleep(0.1)
    stop(proc)
    fail(f"server did not answer within {START_TIMEOUT:.0f}s; see {log_path}")


def start(make_args, log_path):
    """Start a server on a free port (retrying if the port got taken); returns (proc, port)."""
    for _ in range(3):
        port = free_port()
        proc = spawn(make_args(port), log_path)
        if wait_ready(proc, port, log_path):
            return proc, port
    fail(f"server exited at start; see {log_path}")


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def make_certificate(folder):
    """A self-signed certificate for 127.0.0.1 (2 days) in FOLDER; returns (cert, key) paths."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    if not shutil.which("openssl"):
        fail("--tls needs the openssl command")
    result = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                             "-keyout", key, "-out", cert, "-days", "2",
                             "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"openssl failed: {result.stderr.strip()}")
    return cert, key


def start_radicale(folder, tls_files=None):
    htpasswd = os.path.join(folder, "htpasswd")
    with open(htpasswd, "w") as f:
        f.write(f"{USER}:{PASSWORD}\n")
    config = os.path.join(folder, "radicale.conf")
    with open(config, "w") as f:
        f.write(f"""[auth]
type = htpasswd
htpasswd_filename = {htpasswd}
htpasswd_encryption = plain
delay = 0.1

[rights]
type = owner_only

[storage]
filesystem_folder = {os.path.join(folder, "radicale-data")}

[logging]
level = info
""")
        if tls_files:  # --tls: (cert, key)
            f.write("\n[server]\nssl = True\ncertificate = {}\nkey = {}\n".format(*tls_files))
    log_path = os.path.join(folder, "radicale.log")

    def args(port):
        return ["radicale", "--config", config, "--server-hosts", f"{HOST}:{port}"]

    proc, port = start(args, log_path)
    return proc, port, f"/{USER}/", log_path, None


class AuthProxy(BaseHTTPRequestHandler):
    """Forwards every method to the inner server, after checking HTTP Basic credentials."""
    protocol_version = "HTTP/1.1"  # keep-alive, like a real server
    inner_port = None
    log_file = None
    HOP = {"connection", "keep-alive", "proxy-connection", "proxy-authenticate", "te",
           "proxy-authorization", "trailer", "transfer-encoding", "upgrade", "expect",
           "content-length", "authorization", "x-remote-user"}

    def __getattr__(self, name):  # do_GET, do_PROPFIND, do_REPORT, ...: any method
        if name.startswith("do_"):
            return self.forward
        raise AttributeError(name)

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline().strip():  # trailers
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def reply(self, status, headers, body):
        self.send_response(status)
        for key, value in headers:
            self.send_header(key, value)
        if self.command != "HEAD" or not any(k.lower() == "content-length" for k, _ in headers):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def forward(self):
        body = self.read_body()
        given = self.headers.get("Authorization", "")
        if not hmac.compare_digest(given.encode(), AUTH.encode()):
            self.reply(401, [("WWW-Authenticate", 'Basic realm="xandikos"'),
                             ("Content-Type", "text/plain")], b"Authentication required.\n")
            return
        headers = {k: v for k, v in self.headers.items() if k.lower() not in self.HOP}
        try:
            conn = http.client.HTTPConnection(HOST, self.inner_port, timeout=60)
            conn.request(self.command, self.path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
            conn.close()
        except OSError as error:
            self.reply(502, [("Content-Type", "text/plain")], f"proxy: {error}\n".encode())
            return
        out = [(k, v) for k, v in response.getheaders()  # Server, Date: sent by reply()
               if k.lower() not in self.HOP | {"server", "date"}
               or (k.lower() == "content-length" and self.command == "HEAD")]
        self.reply(response.status, out, data)

    def log_message(self, fmt, *args):
        self.log_file.write("proxy: " + (fmt % args) + "\n")
        self.log_file.flush()


def start_xandikos(folder):
    data = os.path.join(folder, "xandikos-data")
    log_path = os.path.join(folder, "xandikos.log")

    def args(port):
        return ["xandikos", "serve", "--directory", data, "--autocreate",
                "--current-user-principal", f"/{USER}/", "--no-detect-systemd",
                "--state-dir", os.path.join(folder, "xandikos-state"),
                "--listen-address", HOST, "--port", str(port)]

    proc, inner_port = start(args, log_path)
    AuthProxy.inner_port = inner_port
    AuthProxy.log_file = open(log_path, "a")
    proxy = ThreadingHTTPServer((HOST, 0), AuthProxy)
    proxy.daemon_threads = True
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    return proc, proxy.server_address[1], f"/{USER}/calendars/", log_path, proxy


def make_calendar(port, path, name, comp):
    status, body = call(port, "MKCALENDAR", path,
                        body=MKCALENDAR.format(name=name, comp=comp).encode(),
                        headers={"Authorization": AUTH,
                                 "Content-Type": "application/xml; charset=utf-8"})
    if status != 201:
        raise RuntimeError(f"MKCALENDAR {path} gave {status}: {body[:500]!r}")


def main():
    global TLS_CONTEXT
    argv, options = sys.argv[1:3], sys.argv[3:]
    second, tls = None, False
    while options:  # --second NAME and --tls, in any order
        if options[0] == "--tls" and not tls:
            tls, options = True, options[1:]
        elif options[0] == "--second" and len(options) > 1 and second is None:
            second, options = options[1], options[2:]
        else:
            fail(USAGE)
    if (len(argv) != 2 or argv[0] not in ("radicale", "xandikos") or second in ("board", "")
            or (tls and argv[0] != "radicale")):
        fail(USAGE)
    kind, folder = argv[0], os.path.abspath(argv[1])
    os.makedirs(folder, exist_ok=True)
    tls_files = None
    if tls:
        tls_files = make_certificate(folder)
        TLS_CONTEXT = ssl.create_default_context()
        TLS_CONTEXT.check_hostname, TLS_CONTEXT.verify_mode = False, ssl.CERT_NONE  # self-signed

    stopping = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.set())
    # A parent may start us with these signals blocked (Foundation's Process on Linux
    # passes its thread's mask on): unblock them, or SIGTERM would never arrive.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    parent = os.getppid()

    if kind == "radicale":
        proc, port, home, log_path, proxy = start_radicale(folder, tls_files)
    else:
        proc, port, home, log_path, proxy = start_xandikos(folder)
    root = f"{'https' if tls else 'http'}://{HOST}:{port}/"
    try:
        # Radicale makes the principal /mina/ on the first authenticated request;
        # Xandikos (--autocreate) makes /mina/, but not always its calendar home.
        if call(port, "PROPFIND", home, headers={"Authorization": AUTH, "Depth": "0"})[0] == 404:
            call(port, "MKCOL", home, headers={"Authorization": AUTH})
        make_calendar(port, home + "board/", "board", "VTODO")
        info = {"url": root + home.lstrip("/") + "board/", "user": USER, "password": PASSWORD,
                "root": root, "pid": proc.pid, "server": kind, "log": log_path}
        if second:
            make_calendar(port, home + second + "/", second, "VEVENT")
            info["events_url"] = root + home.lstrip("/") + second + "/"
        if tls_files:
            info["cert"] = tls_files[0]
    except (OSError, RuntimeError) as error:
        stop(proc)
        fail(f"{error}; see {log_path}")
    print(json.dumps(info), flush=True)

    code = 0
    while not stopping.wait(0.5):
        if proc.poll() is not None:
            print(f"caldav_server: {kind} exited ({proc.returncode}); see {log_path}",
                  file=sys.stderr)
            code = 1
            break
        if os.getppid() != parent:  # whoever started us is gone: nobody will stop us
            break
    if proxy:
        proxy.shutdown()
        proxy.server_close()
    stop(proc)
    sys.exit(code)


if __name__ == "__main__":
    main()
