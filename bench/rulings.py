#!/usr/bin/env python3
"""What precedents and standing rulings cost a submit (issue 56): a 100-item
session submitted with `aide decide submit --detach` into a project of
10,000 decided sessions (40,000 items, bench/search.py's generator, each
decided here: owner-only, with the ledger's `decided` line), timed from the
submit's start to the first page served (the page server finds the
precedents when it starts; the rulings are looked up before it starts). Half
the items are asked before (titles and options from the records), half new.
Whole processes, medians of 11.

Conditions: a project without records or rulings (the baseline); the same
with 100 standing rulings; the 10,000 records, their search cache made; the
same with 100 standing rulings
(none answers every item, so the page still opens); and a submit every item
of which a ruling answers (no page: the time to the answers).

Usage: bench/rulings.py AIDE   (e.g. target/release/aide)
"""
import json, os, random, re, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search import generate  # noqa: E402

ITEMS = 100
SESSIONS = 10_000
RULINGS = 100
RUNS = 11


def decided_here(root):
    """The generated records as aide leaves those the person answered here."""
    decisions = os.path.join(root, ".aide", "decisions")
    names = sorted(n for n in os.listdir(decisions) if n.endswith(".json"))
    with open(os.path.join(decisions, "ledger.jsonl"), "w", encoding="utf-8") as ledger:
        for name in names:
            os.chmod(os.path.join(decisions, name), 0o600)
            line = {"version": "1.4", "at": "2026-01-01T00:00:00+00:00", "event": "decided",
                    "session_id": name[:-len(".json")]}
            ledger.write(json.dumps(line) + "\n")
    os.chmod(os.path.join(decisions, "ledger.jsonl"), 0o600)
    os.chmod(decisions, 0o700)
    return names


def records(root, names):
    decisions = os.path.join(root, ".aide", "decisions")
    for name in names:
        with open(os.path.join(decisions, name), encoding="utf-8") as f:
            yield name[:-len(".json")], json.load(f)


def write_rulings(root, chosen):
    """RULINGS rulings, one from item 1 of each record of `chosen`."""
    rulings = []
    for session, record in chosen:
        item = record["input"]["items"][0]
        answer = record["output"]["decisions"][0]["chosen"]
        label = next(o["label"] for o in item["options"] if o["value"] == answer)
        rulings.append({"id": f"{session}.1", "project": root, "record": session, "item": 1,
                        "title": item["title"], "options": [o["value"] for o in item["options"]],
                        "answer": answer, "label": label, "granted_at": "2026-01-01T00:00:00+00:00"})
    path = os.path.join(root, ".aide", "decisions", "rulings.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"version": "1.4", "stamp": 1, "rulings": rulings}, f, ensure_ascii=False)
    os.chmod(path, 0o600)
    return rulings


def session_input(asked, rng, ruled=None):
    """100 items: 50 asked before (from the records), 50 new; or, with
    `ruled`, each item one a ruling answers."""
    items = []
    for n in range(ITEMS):
        if ruled is not None:
            r = ruled[n % len(ruled)]
            item = {"title": r["title"], "options": [{"value": v, "label": v} for v in r["options"]]}
        elif n % 2 == 0:
            item = dict(asked[n])
            item.pop("context", None)
        else:
            item = {"title": f"A question never asked before, number {n}",
                    "options": [{"value": "a", "label": "Yes"}, {"value": "b", "label": "No"}]}
        item["id"] = n + 1
        items.append(item)
    return {"task": "Rulings", "source": "bench", "items": items}


def one(aide, root, path, env, page=True):
    start = time.perf_counter()
    args = [aide, "decide", "submit", path] + (["--detach"] if page else [])
    out = subprocess.run(args, cwd=root, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(f"submit failed: {out.stderr}")
    if page:
        match = re.search(r"(http://\S+)", out.stderr + out.stdout)
        if not match:
            sys.exit(f"no page: {out.stderr}")
        with urllib.request.urlopen(match.group(1), timeout=30) as response:
            html = response.read().decode()
        elapsed = (time.perf_counter() - start) * 1000
        subprocess.run([aide, "decide", "cancel"], cwd=root, capture_output=True, env=env)
        return elapsed, html.count('class="precedent')
    elapsed = (time.perf_counter() - start) * 1000
    if '"by":"ruling"' not in out.stdout:
        sys.exit(f"not ruled: {out.stderr}")
    return elapsed, 0


def free_port():
    """A port nothing listens on now: the default range may be taken by
    other pages on a shared machine."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def condition(aide, label, root, session, page=True):
    with open(os.path.join(root, ".aide", "config.toml"), "w", encoding="utf-8") as f:
        f.write(f"[decide]\nport = {free_port()}\n")
    env = {**os.environ, "XDG_STATE_HOME": os.path.join(root, ".state"), "CI": "true", "AIDE_LANG": "en"}
    path = os.path.join(root, "session.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(session, f, ensure_ascii=False)
    one(aide, root, path, env, page)  # warm-up (and the search cache)
    runs = [one(aide, root, path, env, page) for _ in range(RUNS)]
    ms = sorted(t for t, _ in runs)
    print(f"  {label:<52} median {statistics.median(ms):7.1f} ms  min {ms[0]:7.1f}  "
          f"max {ms[-1]:7.1f}  precedents shown {runs[0][1]}")
    return statistics.median(ms)


def main():
    aide = os.path.abspath(sys.argv[1])
    rng = random.Random(56)
    full = tempfile.mkdtemp(prefix="aide-rulings-")
    empty = tempfile.mkdtemp(prefix="aide-rulings-none-")
    try:
        generate(full, SESSIONS * 4, rng)
        names = decided_here(full)
        all_records = list(records(full, names))
        asked = [item for _, record in all_records[RULINGS:] for item in record["input"]["items"]]
        rng.shuffle(asked)
        session = session_input(asked, rng)
        os.makedirs(os.path.join(empty, ".aide", "decisions"))
        print(f"submit --detach of {ITEMS} items, then the first page (medians of {RUNS}):")
        base = condition(aide, "no records, no rulings", empty, session)
        write_rulings(empty, all_records[:RULINGS])
        rulings_only = condition(aide, f"no records, {RULINGS} rulings", empty, session)
        records_only = condition(aide, f"{SESSIONS:,} records, search cache made", full, session)
        ruled = write_rulings(full, all_records[:RULINGS])
        both = condition(aide, f"{SESSIONS:,} records and {RULINGS} rulings", full, session)
        print(f"  added by precedents and rulings: {both - base:+.1f} ms; by the rulings "
              f"{rulings_only - base:+.1f} ms without records, {both - records_only:+.1f} ms with them")
        every = session_input(asked, rng, ruled)
        condition(aide, f"every item ruled ({SESSIONS:,} records): no page", full, every, page=False)
    finally:
        shutil.rmtree(full, ignore_errors=True)
        shutil.rmtree(empty, ignore_errors=True)


if __name__ == "__main__":
    main()
