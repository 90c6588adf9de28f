#!/usr/bin/env python3
"""What looking up precedents costs a submit (issue 41): a 100-item session
submitted with `aide decide submit --detach` into a project of 1,000
decided sessions (4,000 items, bench/search.py's generator), half of its
items asked before (their titles and options taken from the records), half
new; timed from the submit's start to the first page served, since the
page server finds the precedents when it starts, before it answers. The
same session in a project without records is the baseline. Whole
processes, medians of 11.

Usage: bench/precedent.py AIDE   (e.g. target/release/aide)

Conditions: no records; 1,000 records with the search cache made (what
every submit after the first meets); 1,000 records without it (the first
submit after the records appeared: the cache is made then).
"""
import json, os, random, re, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search import generate  # noqa: E402

ITEMS = 100
SESSIONS = 1000
RUNS = 11

def session_input(root, rng):
    """100 items: 50 asked before (from the records), 50 new."""
    decisions = os.path.join(root, ".aide", "decisions")
    earlier = []
    for name in sorted(os.listdir(decisions)):
        with open(os.path.join(decisions, name), encoding="utf-8") as f:
            earlier.extend(json.load(f)["input"]["items"])
    rng.shuffle(earlier)
    items = []
    for n in range(ITEMS):
        if n % 2 == 0:
            item = dict(earlier[n])
        else:
            item = {"title": f"A question never asked before, number {n}",
                    "options": [{"value": "a", "label": "Yes"}, {"value": "b", "label": "No"}]}
        item.pop("context", None)
        item["id"] = n + 1
        items.append(item)
    return {"task": "Precedents", "source": "bench", "items": items}

def one(aide, root, path, env, fresh_cache):
    if fresh_cache:
        shutil.rmtree(os.path.join(root, ".aide", "cache"), ignore_errors=True)
    start = time.perf_counter()
    out = subprocess.run([aide, "decide", "submit", path, "--detach"], cwd=root,
                         capture_output=True, text=True, env=env)
    match = re.search(r"(http://\S+)", out.stderr + out.stdout)
    if out.returncode != 0 or not match:
        sys.exit(f"submit failed: {out.stderr}")
    with urllib.request.urlopen(match.group(1), timeout=30) as response:
        html = response.read().decode()
    elapsed = (time.perf_counter() - start) * 1000
    subprocess.run([aide, "decide", "cancel"], cwd=root, capture_output=True, env=env)
    return elapsed, html.count('class="precedent"')

def condition(aide, label, root, session, fresh_cache=False):
    env = {**os.environ, "XDG_STATE_HOME": os.path.join(root, ".state"), "CI": "true", "AIDE_LANG": "en"}
    path = os.path.join(root, "session.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(session, f, ensure_ascii=False)
    one(aide, root, path, env, fresh_cache)  # warm-up
    runs = [one(aide, root, path, env, fresh_cache) for _ in range(RUNS)]
    ms = sorted(t for t, _ in runs)
    print(f"  {label:<44} median {statistics.median(ms):7.1f} ms  min {ms[0]:7.1f}  "
          f"max {ms[-1]:7.1f}  precedents shown {runs[0][1]}")
    return statistics.median(ms)

def main():
    aide = os.path.abspath(sys.argv[1])
    rng = random.Random(41)
    full = tempfile.mkdtemp(prefix="aide-precedent-")
    empty = tempfile.mkdtemp(prefix="aide-precedent-none-")
    try:
        generate(full, SESSIONS * 4, rng)
        session = session_input(full, rng)
        os.makedirs(os.path.join(empty, ".aide", "decisions"))
        print(f"submit --detach of {ITEMS} items, then the first page (medians of {RUNS}):")
        base = condition(aide, "no records", empty, session)
        warm = condition(aide, f"{SESSIONS} records, search cache made", full, session)
        cold = condition(aide, f"{SESSIONS} records, no cache (made now)", full, session, True)
        print(f"  added by precedents: {warm - base:+.1f} ms with the cache, {cold - base:+.1f} ms making it")
    finally:
        # The servers of the withdrawn questions go once their project is.
        shutil.rmtree(full, ignore_errors=True)
        shutil.rmtree(empty, ignore_errors=True)

if __name__ == "__main__":
    main()
