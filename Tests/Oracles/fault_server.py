#!/usr/bin/env python3
"""A server that fails: every request answered with one HTTP status (a CalDAV server down for
maintenance, a proxy in front of one failing), or a proxy to a real CalDAV collection that
fails in one way, so a client's handling of it can be tested.

usage: fault_server.py STATUS                     every request answered with STATUS
       fault_server.py put-412 UPSTREAM_URL        every PUT answered 412 (changed meanwhile)
       fault_server.py edit-before-delete UPSTREAM_URL
                                                   before each DELETE reaches the server,
                                                   another app renames the to-do (its SUMMARY
                                                   becomes "Edited meanwhile"), so the DELETE
                                                   meets a changed resource
       fault_server.py before-update UPSTREAM_URL COMMAND
                                                   before the first PUT that updates a resource
                                                   (If-Match) reaches the server, COMMAND runs
                                                   (sh -c) to its end: someone else's edits
                                                   landing while a sync pushes
       fault_server.py drop-after-put UPSTREAM_URL the first PUT reaches the server, then the
                                                   connection closes with no reply
       fault_server.py drop-after-delete UPSTREAM_URL
                                                   the same for the first DELETE: the server
                                                   deletes the resource, the reply is lost
       fault_server.py put-503-after UPSTREAM_URL N
                                                   the first N PUTs pass, the next one is
                                                   answered 503, the rest pass
       fault_server.py forget-token UPSTREAM_URL  a server that lost its state: a sync-collection
                                                   REPORT with a token is refused (403
                                                   valid-sync-token) and a Depth 1 PROPFIND
                                                   listing answers an empty multistatus
       fault_server.py refuse-put UPSTREAM_URL NAME
                                                   the first PUT whose path ends in NAME is
                                                   answered 400 ("Bad Request: invalid
                                                   iCalendar"), as a server refuses a resource it
                                                   cannot take; the rest pass
       fault_server.py record UPSTREAM_URL        fails nothing; GET /_requests answers the
                                                   requests passed on so far, as a JSON list of
                                                   {"method", "path", "body"}
       fault_server.py chaos UPSTREAM_URL [SEED]  any of the above at random (503, a PUT or
                                                   DELETE answered 412 unapplied, a PUT or
                                                   DELETE applied and its reply dropped, a reply
                                                   1.5 s late),
                                                   about one request in fifty; GET /_calm stops it
Prints one line, {"url": "http://127.0.0.1:PORT/mina/board/"}, then serves until killed.
"""
import http.client
import http.server
import json
import os
import random
import re
import time
import signal
import subprocess
import sys
import threading
import urllib.parse

MODES = ("put-412", "refuse-put", "edit-before-delete", "before-update", "drop-after-put", "drop-after-delete", "put-503-after", "forget-token", "record", "chaos")
STATUS = int(sys.argv[1]) if len(sys.argv) == 2 and sys.argv[1].isdigit() else None
MODE = sys.argv[1] if len(sys.argv) in (3, 4) and sys.argv[1] in MODES else None
chance = random.Random(int(sys.argv[3]) if len(sys.argv) == 4 and sys.argv[3].isdigit() else 1)
chance_lock = threading.Lock()
calm = threading.Event()
UPSTREAM = urllib.parse.urlsplit(sys.argv[2]) if MODE else None
if STATUS is None and MODE is None:
    sys.exit("usage: fault_server.py STATUS | MODE UPSTREAM_URL  (MODE: " + ", ".join(MODES) + ")")
# The method whose first request is applied and its reply dropped (drop-after-put, -delete).
DROPPED_METHOD = {"drop-after-put": "PUT", "drop-after-delete": "DELETE"}.get(MODE)
dropped = threading.Event()
refused = threading.Event()
updated = threading.Event()
puts_passed = [0]
recorded = []


class Failing(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def __getattr__(self, name):  # do_GET, do_PROPFIND, do_REPORT, ...: any method
        if name.startswith("do_"):
            return self.fail
        raise AttributeError(name)

    def fail(self):
        length = int(self.headers.get("Content-Length") or 0)
        request_body = self.rfile.read(length) if length else b""
        if MODE == "put-412" and self.command == "PUT" or STATUS is not None:
            return self.answer(STATUS or 412)
        if MODE == "refuse-put" and self.command == "PUT" and self.path.endswith(sys.argv[3]) and not refused.is_set():
            refused.set()
            return self.answer(400, b"Bad Request: invalid iCalendar\nthe second line\n")
        if MODE == "put-503-after" and self.command == "PUT":
            with chance_lock:
                puts_passed[0] += 1
                if puts_passed[0] == int(sys.argv[3]) + 1:
                    return self.answer(503)
        if MODE in ("record", "put-503-after") and self.path == "/_requests":
            return self.answer(200, json.dumps(recorded).encode(), "application/json")
        if MODE == "chaos" and self.path == "/_calm":
            calm.set()
            return self.answer(200, b"calm\n")
        if MODE == "chaos" and not calm.is_set():
            with chance_lock:
                roll = chance.random()
            if roll < 0.004:
                return self.answer(503)
            if roll < 0.008 and self.command in ("PUT", "DELETE"):
                return self.answer(412)
            if roll < 0.012 and self.command in ("PUT", "DELETE"):
                return self.drop(request_body)
            if roll < 0.02:
                time.sleep(1.5)
        recorded.append({"method": self.command, "path": self.path, "body": request_body.decode("utf-8", "replace")})
        if MODE == "forget-token":
            if self.command == "REPORT" and re.search(rb"<[^>]*sync-token>[^<]+<", request_body):
                return self.answer(403, b'<?xml version="1.0"?><D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>',
                                   "application/xml")
            if self.command == "PROPFIND" and self.headers.get("Depth") == "1":
                return self.answer(207, b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"/>', "application/xml")
        if MODE == "edit-before-delete" and self.command == "DELETE":
            self.edit_meanwhile()
        if MODE == "before-update" and self.command == "PUT" and self.headers.get("If-Match") and not updated.is_set():
            updated.set()
            subprocess.run(["sh", "-c", sys.argv[3]], check=True)
        if self.command == DROPPED_METHOD and not dropped.is_set():
            dropped.set()
            return self.drop(request_body)
        self.forward(request_body)

    def drop(self, body):
        """Passes the request on, then closes the connection with no reply."""
        self.upstream(self.command, self.path, body, self.passed_headers())
        self.close_connection = True
        self.connection.shutdown(2)

    def answer(self, status, body=None, kind="text/plain"):
        body = body or f"failing on purpose: {status}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def passed_headers(self):
        return {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}

    def upstream(self, method, path, body, headers):
        connection = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=30)
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        return reply, reply.read()

    def edit_meanwhile(self):
        """Another app renames the resource about to be deleted (with the client's login)."""
        auth = {"Authorization": self.headers["Authorization"]} if self.headers.get("Authorization") else {}
        reply, text = self.upstream("GET", self.path, None, auth)
        if reply.status != 200:
            return
        edited = re.sub(rb"(?m)^SUMMARY[^\r\n]*", b"SUMMARY:Edited meanwhile", text)
        self.upstream("PUT", self.path, edited, dict(auth, **{"Content-Type": "text/calendar; charset=utf-8"}))

    def forward(self, body):
        reply, data = self.upstream(self.command, self.path, body, self.passed_headers())
        self.send_response(reply.status)
        for k, v in reply.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length", "date", "server"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A client killed mid-request (the torture run's SIGKILLs) is no fault of the proxy's.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main():
    # A test runner's children may inherit SIGTERM blocked: unblocked, a stop is quick.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    server = Server(("127.0.0.1", 0), Failing)
    path = UPSTREAM.path if UPSTREAM is not None else "/mina/board/"
    print(json.dumps({"url": f"http://127.0.0.1:{server.server_address[1]}{path}"}), flush=True)
    # Stop with the parent: a test that dies must not leave this running.
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            threading.Event().wait(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
