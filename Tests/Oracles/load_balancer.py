#!/usr/bin/env python3
"""Oracle: Debian's nginx on loopback as a load balancer in front of `boardkit serve` instances.

usage: load_balancer.py FOLDER PORT [PORT…]

Writes its configuration into FOLDER (an nginx prefix of its own: pid, logs, temporary
files), starts nginx on a free port of 127.0.0.1 with every PORT of 127.0.0.1 as an upstream
(round robin), waits until it accepts connections, then prints one line:
  {"url": "http://127.0.0.1:PORT", "port": PORT}
and serves until SIGTERM/SIGINT (or until its parent process goes away). A request that
cannot reach an instance (it was killed) goes to the next one; a request an instance took is
never sent twice (nginx resends no POST it has sent).
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

from loopback import free_port

CONFIG = """worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx-body;
    proxy_temp_path {folder}/nginx-proxy;
    fastcgi_temp_path {folder}/nginx-fastcgi;
    uwsgi_temp_path {folder}/nginx-uwsgi;
    scgi_temp_path {folder}/nginx-scgi;
    upstream boardkit {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://boardkit;
            proxy_set_header Host $http_host;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_read_timeout 60s;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""



def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    folder = os.path.abspath(sys.argv[1])
    upstreams = [int(p) for p in sys.argv[2:]]
    os.makedirs(folder, exist_ok=True)
    port = free_port()
    config = os.path.join(folder, "nginx.conf")
    with open(config, "w") as f:
        f.write(CONFIG.format(folder=folder, port=port,
                              servers="\n".join(f"        server 127.0.0.1:{p} max_fails=0;" for p in upstreams)))
    nginx = subprocess.Popen(["nginx", "-p", folder, "-c", config, "-g", "daemon off;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(*_):
        nginx.terminate()
        try:
            nginx.wait(timeout=10)
        except subprocess.TimeoutExpired:
            nginx.kill()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if nginx.poll() is not None:
                sys.exit(f"load_balancer.py: nginx exited {nginx.returncode}; see {folder}/nginx-error.log")
            time.sleep(0.05)
    print(json.dumps({"url": f"http://127.0.0.1:{port}", "port": port}), flush=True)
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent or nginx.poll() is not None:
            stop()


if __name__ == "__main__":
    main()
