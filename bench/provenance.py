#!/usr/bin/env python3
"""What proving "decided here" costs `aide decide history` and `aide decide
search` (issue 56): a project of 10,000 decided sessions (40,000 items,
bench/search.py's generator), each decided here (owner-only, with the
ledger's `decided` line, as bench/rulings.py leaves them). Whole processes,
medians of 11 after a warm-up (which makes the search and precedent
caches); with several binaries, each run alternates between them, so a
change in the machine's load falls on all alike.

Usage: bench/provenance.py AIDE [AIDE ...]   (e.g. /tmp/aide-before target/release/aide)
       AIDE_BENCH_PROJECT=DIR keeps the generated project in DIR (made once).
"""
import os, random, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rulings import decided_here  # noqa: E402
from search import generate  # noqa: E402

SESSIONS = 10_000
RUNS = 11
COMMANDS = [
    ("history", ["decide", "history"]),
    ("history --json", ["decide", "history", "--json"]),
    ("search", ["decide", "search", "database session"]),
    ("search --json", ["decide", "search", "database session", "--json"]),
]


def project():
    kept = os.environ.get("AIDE_BENCH_PROJECT")
    if kept and os.path.isdir(os.path.join(kept, ".aide", "decisions")):
        return kept, False
    root = kept or tempfile.mkdtemp(prefix="aide-provenance-")
    generate(root, SESSIONS * 4, random.Random(56))
    decided_here(root)
    return root, not kept


def one(aide, root, args):
    env = {**os.environ, "XDG_STATE_HOME": os.path.join(root, ".state"), "CI": "true",
           "AIDE_LANG": "en"}
    start = time.perf_counter()
    out = subprocess.run([aide] + args, cwd=root, capture_output=True, env=env)
    elapsed = (time.perf_counter() - start) * 1000
    if out.returncode != 0:
        sys.exit(f"{args} failed: {out.stderr.decode()}")
    return elapsed


def main():
    aides = [os.path.abspath(a) for a in sys.argv[1:]]
    root, made = project()
    try:
        print(f"{SESSIONS:,} sessions decided here; medians of {RUNS} (min-max), ms")
        for label, args in COMMANDS:
            times = {aide: [] for aide in aides}
            for aide in aides:
                one(aide, root, args)  # warm-up: the caches
            for _ in range(RUNS):
                for aide in aides:
                    times[aide].append(one(aide, root, args))
            cells = []
            for aide in aides:
                ms = sorted(times[aide])
                cells.append(f"{statistics.median(ms):7.1f} ({ms[0]:.1f}-{ms[-1]:.1f})")
            print(f"  {label:<16} " + "  ".join(cells))
    finally:
        if made:
            import shutil
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
