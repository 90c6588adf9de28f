#!/usr/bin/env python3
"""What the pages of ended questions cost (issue 60): resident memory of
the `aide decide serve-ended` processes after COUNT answered questions.

In a temp project (its own XDG_STATE_HOME), runs `aide decide submit` on
COUNT consecutive ports of 127.0.0.1, one after the other, answers each
as the page would, and once every command has returned, reads VmRSS of
every process serving ended pages for that state folder from /proc. Then
stops them and removes the folder. Prints one Markdown table row on
stdout; progress on stderr. Linux only.

    bench/ended_pages.py [COUNT]            # 10 by default
    AIDE=target/release/aide bench/ended_pages.py
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "auth.json")
ANSWERS = {"decisions": [{"id": 1, "chosen": "jwt"}, {"id": 2, "chosen": "bcrypt"}]}


def free_ports(count):
    """The first of `count` consecutive ports free on 127.0.0.1 now."""
    for base in range(20000, 30000, count):
        held = []
        try:
            for port in range(base, base + count):
                s = socket.socket()
                s.bind(("127.0.0.1", port))
                held.append(s)
            return base
        except OSError:
            pass
        finally:
            for s in held:
                s.close()
    sys.exit("no free ports")


def serving(state):
    """The pids of the serve-ended processes of `state`."""
    mark = f"XDG_STATE_HOME={state}".encode()
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if b"serve-ended" in args and mark in env:
            pids.append(int(name))
    return pids


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    aide = os.path.abspath(os.environ.get("AIDE", os.path.join(ROOT, "target", "release", "aide")))
    folder = tempfile.mkdtemp(prefix="aide-ended-")
    state = os.path.join(folder, ".state")
    env = dict(os.environ, XDG_STATE_HOME=state, CI="true", AIDE_LANG="en")
    env.pop("BROWSER", None)
    pids = []
    try:
        subprocess.run([aide, "init"], cwd=folder, env=env, check=True, capture_output=True)
        port = free_ports(count)
        for n in range(count):
            submit = subprocess.Popen(
                [aide, "decide", "submit", EXAMPLE, "--port", str(port + n)],
                cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            url = None
            for line in submit.stderr:
                found = re.search(r"http://127\.0\.0\.1:\d+/\?key=([0-9a-f]+)", line)
                url = url or (found and found.group(0))
                if line.startswith("→ Waiting"):
                    break
            key = url.split("key=")[1]
            with open(os.path.join(folder, ".aide/decisions/pending.json")) as f:
                session = json.load(f)["_meta"]["session_id"]
            request = urllib.request.Request(
                url.split("/?")[0] + "/api/decisions", data=json.dumps(ANSWERS).encode(),
                method="POST", headers={"Content-Type": "application/json",
                                        "X-Aide-Session": session, "X-Aide-Key": key})
            urllib.request.urlopen(request, timeout=10).read()
            submit.stderr.read()
            submit.wait(timeout=30)
            print(f"answered {n + 1}/{count}", file=sys.stderr)
        pids = serving(state)
        kib = sum(rss_kib(pid) for pid in pids)
        print("| questions answered | serve-ended processes | their RSS together |")
        print("|---|---|---|")
        print(f"| {count} | {len(pids)} | {kib / 1024:.1f} MiB |")
    finally:
        for pid in pids or serving(state):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
