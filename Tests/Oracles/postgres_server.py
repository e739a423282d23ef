#!/usr/bin/env python3
"""Oracle: a real PostgreSQL server (Debian's postgresql 15) in a temporary folder, on loopback.

usage: postgres_server.py [--password-file FILE] [--standby] [--setting NAME=VALUE]...

Makes a cluster with `initdb` (as the postgres user when run as root: PostgreSQL refuses to
run as root), starts it with `pg_ctl` on a free port of 127.0.0.1 (and of ::1 when the
machine has IPv6 loopback, so addresses with an IPv6 literal are tried for real) and a socket
in the same folder, with password authentication (SCRAM) for every connection, makes the user
`boardkit` and its database `boardkit`, then prints one line:
  {"url": "postgres://boardkit@127.0.0.1:PORT/boardkit", "port": PORT, "password": "...",
   "socket": FOLDER, "bin": BINDIR, "ipv6": true when it also listens on [::1]:PORT}
and serves until SIGTERM/SIGINT (or until its parent process goes away), then stops the
server and removes the folder. With --password-file, the password is also written there.
With --standby, a streaming replica of it is made as an operator makes one (`pg_basebackup -R`)
and started on a port of its own, read-only (hot standby); the line then also has
"standby_url" and "standby_port". Each --setting is a server setting given at start (`-c`):
the benchmark starts the server with an operator's settings (docs/postgres.md).
"""
import glob
import json
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import socket
import time

from loopback import free_port


def bindir():
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(candidate, "initdb")):
            return candidate
    sys.exit("postgres_server.py: no PostgreSQL server found (apt-get install postgresql)")


def free_on_ipv6_loopback(port):
    """Whether [::1]:port can be listened on (no IPv6 loopback, or the port taken there: no)."""
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", port))
            return True
    except OSError:
        return False


def start_standby(prefix, bin_, port, folder, replica, env, line):
    """A streaming replica of the server on `port`, started read-only; its address into `line`."""
    # The replica streams from the primary as the superuser (initdb's pg_hba lets local
    # replication connections in with the password); -R writes its primary_conninfo.
    subprocess.run(prefix + [os.path.join(bin_, "pg_basebackup"), "-D", replica, "-R", "-X", "stream", "--checkpoint=fast",
                             "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    standby_port = free_port()
    replica_options = ("-c listen_addresses=127.0.0.1 -c port=%d -c unix_socket_directories=%s "
                       "-c hot_standby=on -c max_connections=200" % (standby_port, folder))
    subprocess.run(prefix + [os.path.join(bin_, "pg_ctl"), "-D", replica, "-o", replica_options, "-l",
                             os.path.join(folder, "standby.log"), "-w", "start"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    line["standby_url"] = "postgres://boardkit@127.0.0.1:%d/boardkit" % standby_port
    line["standby_port"] = standby_port


def main():
    args = sys.argv[1:]
    password_file = None
    if "--password-file" in args:
        password_file = args[args.index("--password-file") + 1]
    standby = "--standby" in args
    settings = [args[i + 1] for i, a in enumerate(args) if a == "--setting"]
    bin_ = bindir()
    folder = tempfile.mkdtemp(prefix="boardkit-pg-")
    as_root = os.geteuid() == 0
    prefix = []
    if as_root:
        pw = pwd.getpwnam("postgres")
        os.chown(folder, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(folder, "data")
    superpass = os.path.join(folder, "superpass")
    password = secrets.token_hex(12)
    with open(superpass, "w") as f:
        f.write(password + "\n")
    if as_root:
        os.chown(superpass, pw.pw_uid, pw.pw_gid)
    subprocess.run(prefix + [os.path.join(bin_, "initdb"), "-D", data, "-U", "postgres", "--auth=scram-sha-256",
                             "--pwfile", superpass, "--locale=C.UTF-8", "--encoding=UTF8"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port = free_port()
    # A port free on 127.0.0.1 may be taken on ::1; a few tries find one free on both.
    for _ in range(10):
        if free_on_ipv6_loopback(port):
            break
        port = free_port()
    ipv6 = free_on_ipv6_loopback(port)
    listen = "127.0.0.1,::1" if ipv6 else "127.0.0.1"
    options = ("-c listen_addresses=%s -c port=%d -c unix_socket_directories=%s -c fsync=on "
               "-c max_connections=200 -c shared_buffers=64MB" % (listen, port, folder))
    options += "".join(" -c " + setting for setting in settings)
    subprocess.run(prefix + [os.path.join(bin_, "pg_ctl"), "-D", data, "-o", options, "-l",
                             os.path.join(folder, "log"), "-w", "start"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    replica = os.path.join(folder, "standby")

    def stop(*_):
        for cluster in (replica, data):
            if os.path.isdir(cluster):
                subprocess.run(prefix + [os.path.join(bin_, "pg_ctl"), "-D", cluster, "-m", "immediate", "stop"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A test runner's children may inherit SIGTERM blocked: then the handler never ran, the
    # runner's SIGKILL followed, and the clusters (a standby's too) were left running.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    env = dict(os.environ, PGPASSWORD=password)
    psql = [os.path.join(bin_, "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-q"]
    subprocess.run(psql + ["-c", "CREATE USER boardkit PASSWORD '%s'" % password, "postgres"], env=env, check=True)
    subprocess.run(psql + ["-c", "CREATE DATABASE boardkit OWNER boardkit", "postgres"], env=env, check=True)
    if password_file:
        with open(password_file, "w") as f:
            f.write(password + "\n")
    line = {"url": "postgres://boardkit@127.0.0.1:%d/boardkit" % port, "port": port,
            "password": password, "socket": folder, "bin": bin_, "ipv6": ipv6}
    if standby:
        try:
            start_standby(prefix, bin_, port, folder, replica, env, line)
        except (subprocess.CalledProcessError, OSError):
            stop()
    print(json.dumps(line), flush=True)
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            stop()


if __name__ == "__main__":
    main()
