#!/usr/bin/env python3
"""A server that fails: every request is answered with one HTTP status (a CalDAV server down
for maintenance, a proxy in front of one failing), so a client's handling of it can be tested.

usage: fault_server.py STATUS                 every request answered with STATUS
       fault_server.py put-412 UPSTREAM_URL     a proxy to a CalDAV collection that answers
                                               every PUT with 412 (changed there meanwhile)
Prints one line, {"url": "http://127.0.0.1:PORT/mina/board/"}, then serves until killed.
"""
import http.client
import http.server
import json
import os
import signal
import sys
import threading
import urllib.parse

STATUS = int(sys.argv[1]) if len(sys.argv) == 2 and sys.argv[1].isdigit() else None
UPSTREAM = urllib.parse.urlsplit(sys.argv[2]) if len(sys.argv) == 3 and sys.argv[1] == "put-412" else None
if STATUS is None and UPSTREAM is None:
    sys.exit("usage: fault_server.py STATUS | put-412 UPSTREAM_URL")


class Failing(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def __getattr__(self, name):  # do_GET, do_PROPFIND, do_REPORT, ...: any method
        if name.startswith("do_"):
            return self.fail
        raise AttributeError(name)

    def fail(self):
        length = int(self.headers.get("Content-Length") or 0)
        request_body = self.rfile.read(length) if length else b""
        status = STATUS
        if UPSTREAM is not None:
            if self.command != "PUT":
                return self.forward(request_body)
            status = 412
        body = f"failing on purpose: {status}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def forward(self, body):
        connection = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=30)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        connection.request(self.command, self.path, body=body, headers=headers)
        reply = connection.getresponse()
        data = reply.read()
        self.send_response(reply.status)
        for k, v in reply.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length", "date", "server"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        pass


def main():
    # A test runner's children may inherit SIGTERM blocked: unblocked, a stop is quick.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Failing)
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
