#!/usr/bin/env python3
"""Oracle: an SMTP server on 127.0.0.1 (PyPI's aiosmtpd) that keeps every message it receives.

usage: smtp_server.py FOLDER [--refuse | --refuse=ADDRESS...]

Starts on a free port, then prints one line:
  {"url": "smtp://127.0.0.1:PORT", "host": "127.0.0.1", "port": PORT, "folder": FOLDER}
and serves until SIGTERM/SIGINT (or until its parent process goes away). Each message is
written whole, as received (the DATA after the SMTP session's dot-unstuffing), to
FOLDER/NNN.eml, with its envelope (sender, recipients) in FOLDER/NNN.json beside it.
With --refuse, every recipient is refused with 550, as a server that does not know them;
with --refuse=ADDRESS (any number), those recipients only.
"""
import asyncio
import json
import os
import signal
import sys
import threading

from aiosmtpd.controller import Controller

from loopback import free_port


class Keeper:
    def __init__(self, folder, refuse):
        self.folder = folder
        self.refuse = refuse
        self.count = 0
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse is True or address in self.refuse:
            return "550 5.1.1 <%s>: Recipient address rejected: User unknown" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            name = os.path.join(self.folder, "%03d" % self.count)
        with open(name + ".eml.part", "wb") as f:
            f.write(envelope.original_content)
        with open(name + ".json", "w") as f:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, f)
        # The .eml appears whole or not at all: a reader polling the folder never sees half.
        os.rename(name + ".eml.part", name + ".eml")
        return "250 Message accepted for delivery"



def main():
    args = sys.argv[1:]
    refused = [a.split("=", 1)[1] for a in args if a.startswith("--refuse=")]
    refuse = True if "--refuse" in args else set(refused)
    args = [a for a in args if not a.startswith("--refuse")]
    if len(args) != 1:
        sys.exit(__doc__)
    folder = os.path.abspath(args[0])
    os.makedirs(folder, exist_ok=True)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    # A parent may start us with these signals blocked (Foundation's Process on Linux
    # passes its thread's mask on): unblock them, or SIGTERM would never arrive.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    parent = os.getppid()
    port = free_port()
    controller = Controller(Keeper(folder, refuse), hostname="127.0.0.1", port=port)
    controller.start()
    print(json.dumps({"url": "smtp://127.0.0.1:%d" % port, "host": "127.0.0.1", "port": port, "folder": folder}), flush=True)
    while not stop.wait(0.5):
        if os.getppid() != parent:  # whoever started us is gone: nobody will stop us
            break
    controller.stop()


if __name__ == "__main__":
    main()
