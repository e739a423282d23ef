#!/usr/bin/env python3
"""Oracle: a real PostgreSQL server (Debian's postgresql 15) in a temporary folder, on loopback.

usage: postgres_server.py [--password-file FILE]

Makes a cluster with `initdb` (as the postgres user when run as root: PostgreSQL refuses to
run as root), starts it with `pg_ctl` on a free port of 127.0.0.1 and a socket in the same
folder, with password authentication (SCRAM) for every connection, makes the user `boardkit`
and its database `boardkit`, then prints one line:
  {"url": "postgres://boardkit@127.0.0.1:PORT/boardkit", "port": PORT, "password": "...",
   "socket": FOLDER, "bin": BINDIR}
and serves until SIGTERM/SIGINT (or until its parent process goes away), then stops the
server and removes the folder. With --password-file, the password is also written there.
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
import time

from loopback import free_port


def bindir():
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(candidate, "initdb")):
            return candidate
    sys.exit("postgres_server.py: no PostgreSQL server found (apt-get install postgresql)")



def main():
    args = sys.argv[1:]
    password_file = None
    if args[:1] == ["--password-file"]:
        password_file = args[1]
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
    options = ("-c listen_addresses=127.0.0.1 -c port=%d -c unix_socket_directories=%s -c fsync=on "
               "-c max_connections=200 -c shared_buffers=64MB" % (port, folder))
    subprocess.run(prefix + [os.path.join(bin_, "pg_ctl"), "-D", data, "-o", options, "-l",
                             os.path.join(folder, "log"), "-w", "start"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(*_):
        subprocess.run(prefix + [os.path.join(bin_, "pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    env = dict(os.environ, PGPASSWORD=password)
    psql = [os.path.join(bin_, "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-q"]
    subprocess.run(psql + ["-c", "CREATE USER boardkit PASSWORD '%s'" % password, "postgres"], env=env, check=True)
    subprocess.run(psql + ["-c", "CREATE DATABASE boardkit OWNER boardkit", "postgres"], env=env, check=True)
    if password_file:
        with open(password_file, "w") as f:
            f.write(password + "\n")
    print(json.dumps({"url": "postgres://boardkit@127.0.0.1:%d/boardkit" % port, "port": port,
                      "password": password, "socket": folder, "bin": bin_}), flush=True)
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            stop()


if __name__ == "__main__":
    main()
