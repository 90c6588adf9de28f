#!/usr/bin/env python3
"""What 10,000 decided sessions add to a page's start (issue 56): a 100-item
session submitted with `aide decide submit --detach`, timed to the first
page served, in an empty project and in one of 10,000 sessions decided here
(bench/provenance.py's project); the session half asked before (its
precedents shown) or all new. Whole processes, medians of 11 after a
warm-up; with several binaries, each run alternates between them.

Usage: bench/page_start.py AIDE [AIDE ...]
       AIDE_BENCH_PROJECT=DIR keeps the 10,000-session project in DIR.
"""
import json, os, random, shutil, statistics, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from provenance import project  # noqa: E402
from rulings import one, records, session_input  # noqa: E402
import rulings  # noqa: E402

RUNS = 11


def sessions(full):
    decisions = os.path.join(full, ".aide", "decisions")
    names = sorted(n for n in os.listdir(decisions) if n.endswith(".json") and n[0].isdigit())
    rng = random.Random(56)
    asked = [item for _, record in records(full, names[100:1100]) for item in record["input"]["items"]]
    rng.shuffle(asked)
    half = session_input(asked, rng)
    new = json.loads(json.dumps(half))
    for n, _ in enumerate(new["items"]):
        new["items"][n] = {"id": n + 1, "title": f"A question never asked before, number {n}",
                           "options": [{"value": "a", "label": "Yes"}, {"value": "b", "label": "No"}]}
    return {"half asked before": half, "100 new items": new}


def timed(aides, root, session):
    with open(os.path.join(root, ".aide", "config.toml"), "w", encoding="utf-8") as f:
        f.write(f"[decide]\nport = {rulings.free_port()}\n")
    env = {**os.environ, "XDG_STATE_HOME": os.path.join(root, ".state"), "CI": "true",
           "AIDE_LANG": "en"}
    path = os.path.join(root, "session.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(session, f, ensure_ascii=False)
    times = {aide: [] for aide in aides}
    shown = {}
    for aide in aides:
        one(aide, root, path, env)  # warm-up: the caches
    for _ in range(RUNS):
        for aide in aides:
            ms, shown[aide] = one(aide, root, path, env)
            times[aide].append(ms)
    return "  ".join(f"{statistics.median(sorted(times[a])):7.1f} (min {min(times[a]):.1f}, "
                     f"{shown[a]} shown)" for a in aides)


def main():
    aides = [os.path.abspath(a) for a in sys.argv[1:]]
    full, made = project()
    empty = tempfile.mkdtemp(prefix="aide-page-start-")
    os.makedirs(os.path.join(empty, ".aide", "decisions"))
    try:
        print(f"submit --detach of 100 items to the first page, medians of {RUNS}, ms")
        for label, session in sessions(full).items():
            print(f"  {label}, empty project:    {timed(aides, empty, session)}")
            print(f"  {label}, 10,000 sessions:  {timed(aides, full, session)}")
    finally:
        shutil.rmtree(empty, ignore_errors=True)
        if made:
            shutil.rmtree(full, ignore_errors=True)


if __name__ == "__main__":
    main()
