#!/usr/bin/env python3
"""Peak memory of a page server under a burst of full-draft saves (issue 28.7).

Starts `aide decide submit --detach` on a 1,000-item session in a temp
project, sends COUNT concurrent `PUT /api/draft` requests that each answer
every item with a note (127.0.0.1 only, bounded by COUNT and a deadline),
then reads the server's peak resident memory (VmHWM) from /proc and stops
it. Prints one Markdown table row on stdout; progress on stderr.

    bench/bodies.py [COUNT]            # 1,000 by default
    AIDE=target/release/aide bench/bodies.py
"""

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from urllib.parse import urlsplit, parse_qs

ITEMS = 1000
DEADLINE = 180  # seconds for the whole burst


def session_input():
    options = [
        {"value": v, "label": f"Option {v}", "score": 50 + n, "pros": ["fast"], "cons": ["new"]}
        for n, v in enumerate(["a", "b", "c", "d"])
    ]
    items = [
        {"id": i, "title": f"Decision {i}", "context": f"What to do about part {i}.",
         "options": options, "recommend": "a"}
        for i in range(1, ITEMS + 1)
    ]
    return {"task": "Bench: full drafts", "source": "bench.md", "items": items}


def draft_body():
    note = "A note that explains the choice at some length. " * 4
    decisions = [{"id": i, "chosen": "b", "note": f"{i}: {note}"} for i in range(1, ITEMS + 1)]
    return json.dumps({"decisions": decisions}).encode()


async def put(host, port, key, session, body, statuses):
    try:
        reader, writer = await asyncio.open_connection(host, port)
        head = (
            f"PUT /api/draft HTTP/1.1\r\nHost: localhost:{port}\r\n"
            f"Cookie: aide_key_{port}={key}\r\nX-Aide-Session: {session}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        writer.write(head + body)
        await writer.drain()
        line = await reader.readline()
        statuses[line.split(b" ")[1].decode() if line else "closed"] += 1
        await reader.read()
        writer.close()
    except OSError as e:
        statuses[type(e).__name__] += 1


async def burst(host, port, key, session, count):
    body = draft_body()
    statuses = Counter()
    tasks = [put(host, port, key, session, body, statuses) for _ in range(count)]
    await asyncio.wait_for(asyncio.gather(*tasks), DEADLINE)
    return statuses, len(body)


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    aide = os.environ.get("AIDE") or next(
        p for p in (f"{root}/target/release/aide", f"{root}/target/debug/aide") if os.path.exists(p)
    )
    project = tempfile.mkdtemp(prefix="aide-bodies-")
    pid = None
    try:
        env = dict(os.environ, AIDE_LANG="en", CI="true")
        run = lambda *args, **kw: subprocess.run([aide, *args], cwd=project, env=env, check=True, **kw)
        run("init", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(f"{project}/input.json", "w") as f:
            json.dump(session_input(), f)
        started = run("decide", "submit", "input.json", "--detach", "--no-open", "--json",
                      "--port", os.environ.get("BENCH_PORT", "47810"),
                      capture_output=True, text=True)
        info = json.loads(started.stdout)
        pid, url = info["pid"], urlsplit(info["url"])
        key = parse_qs(url.query)["key"][0]
        at_rest = peak_mib(pid)
        print(f"→ {aide}: pid {pid}, {at_rest:.0f} MiB at rest; {count} saves…", file=sys.stderr)
        began = time.monotonic()
        statuses, size = asyncio.run(burst("127.0.0.1", url.port, key, info["session_id"], count))
        elapsed = time.monotonic() - began
        peak = peak_mib(pid)
        codes = ", ".join(f"{n}×{code}" for code, n in sorted(statuses.items()))
        print("| binary | saves | body | peak RSS | at rest | time | answers |")
        print("|---|---|---|---|---|---|---|")
        print(f"| {os.path.basename(aide)} | {count} | {size / 1024:.0f} KiB | {peak:.0f} MiB "
              f"| {at_rest:.0f} MiB | {elapsed:.1f} s | {codes} |")
    finally:
        if pid:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        shutil.rmtree(project, ignore_errors=True)


if __name__ == "__main__":
    main()
