#!/usr/bin/env python3
"""A server that fails: every request is answered with one HTTP status (a CalDAV server down
for maintenance, a proxy in front of one failing), so a client's handling of it can be tested.

usage: fault_server.py STATUS
Prints one line, {"url": "http://127.0.0.1:PORT/mina/board/"}, then serves until killed.
"""
import http.server
import json
import os
import signal
import sys
import threading

STATUS = int(sys.argv[1]) if len(sys.argv) == 2 and sys.argv[1].isdigit() else None
if STATUS is None:
    sys.exit("usage: fault_server.py STATUS")


class Failing(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def __getattr__(self, name):  # do_GET, do_PROPFIND, do_REPORT, ...: any method
        if name.startswith("do_"):
            return self.fail
        raise AttributeError(name)

    def fail(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        body = f"failing on purpose: {STATUS}\n".encode()
        self.send_response(STATUS)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass


def main():
    # A test runner's children may inherit SIGTERM blocked: unblocked, a stop is quick.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Failing)
    print(json.dumps({"url": f"http://127.0.0.1:{server.server_address[1]}/mina/board/"}), flush=True)
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
