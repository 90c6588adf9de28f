#!/usr/bin/env python3
"""How soon a provisional answer arrives after its time (issue 58): an
item with `"if_unanswered": {"after": "1m", "take": "recommended"}` (the
shortest rule) on the real clock, and `aide decide result --wait` waiting
for it from the submit on.

In COUNT temp projects at once (each its own XDG_STATE_HOME and port),
submits the question with `--detach --json`, runs `result --wait
--session ID` until it exits 6, and compares the moment it returned with
the rule's time: the session's `_meta.created_at` (to the second, as
stored) plus 60 s. Then withdraws the question and removes the folder.
Prints one Markdown table row on stdout; progress on stderr. Needs no
test hook: nothing here shifts the clock.

    bench/provisional.py [COUNT]            # 3 by default
    AIDE=target/release/aide bench/provisional.py
"""

import datetime
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AIDE = os.environ.get("AIDE", os.path.join(ROOT, "target", "release", "aide"))
INPUT = {
    "task": "Bench: a provisional answer",
    "source": "chat",
    "items": [{
        "id": 1, "title": "Cookie name?", "recommend": "sid", "reversible": True,
        "if_unanswered": {"after": "1m", "take": "recommended"},
        "options": [{"value": "sid", "label": "sid"}, {"value": "session", "label": "session"}],
    }],
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one(results, index):
    folder = tempfile.mkdtemp(prefix="aide-provisional-")
    env = dict(os.environ, AIDE_LANG="en", CI="true", XDG_STATE_HOME=os.path.join(folder, "state"))
    env.pop("AIDE_TEST_CLOCK_SHIFT", None)
    run = lambda *args, **kw: subprocess.run([AIDE, *args], cwd=folder, env=env, capture_output=True, text=True, **kw)
    try:
        run("init", check=True)
        submitted = run("decide", "submit", "-", "--detach", "--json", "--port", str(free_port()),
                        input=json.dumps(INPUT), check=True)
        session = json.loads(submitted.stdout)["session_id"]
        with open(os.path.join(folder, ".aide", "decisions", "pending.json")) as f:
            created = datetime.datetime.fromisoformat(json.load(f)["_meta"]["created_at"])
        due = created.timestamp() + 60
        waited = run("decide", "result", "--wait", "--timeout", "120", "--session", session)
        returned = time.time()
        answer = json.loads(waited.stdout) if waited.stdout else None
        ok = waited.returncode == 6 and answer["decisions"][0]["by"] == "provisional"
        results[index] = (returned - due, ok)
        print(f"run {index}: exit {waited.returncode}, {returned - due:+.3f} s after its time", file=sys.stderr)
        run("decide", "cancel", "--session", session)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    results = [None] * count
    threads = [threading.Thread(target=one, args=(results, i)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    late = sorted(r[0] for r in results if r)
    every = all(r and r[1] for r in results)
    print("| runs | all exit 6, by provisional | after its time: min | median | max |")
    print("|---|---|---|---|---|")
    print(f"| {count} | {'yes' if every else 'NO'} | {late[0]:.3f} s | {late[len(late)//2]:.3f} s | {late[-1]:.3f} s |")


if __name__ == "__main__":
    main()
