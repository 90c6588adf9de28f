#!/usr/bin/env python3
"""Times `aide decide search` over a generated project of N decided items
(issue 41): whole processes, cold (each run a new process), after the
first search has built the cache, and that first search itself; then
`aide decide export --adr` of all its sessions, first (every file written)
and again (none changed).

Usage: bench/search.py AIDE N [N ...]   (e.g. target/release/aide 10000 100000)

Half the items are Chinese, half English; each session holds 4 items with
3 options, a context of 25-75 words, an answer and sometimes a note. The
words are drawn with a Zipf-like skew, so some are common and most rare.
"""
import json, os, random, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ZH_DICT = os.path.join(HERE, "..", "server", "src", "search", "zh_dict.txt")

def vocab(rng):
    zh = []
    with open(ZH_DICT, encoding="utf-8") as f:
        for line in f:
            word, freq = line.split(" ")[:2]
            if int(freq) > 2000 and all("\u4e00" <= c <= "\u9fff" for c in word):
                zh.append(word)
    rng.shuffle(zh)
    base = ("database cache index search server client storage json release binary "
            "decision option session cookie token login queue deploy config schema "
            "migration backup latency memory thread runtime compile redis postgres").split()
    syllables = "ka to ri mo sen la ver pi qu dex tron ul ba ne gor".split()
    en = base + ["".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(6000)]
    return zh[:20000], en

def pick(rng, words):
    # Zipf-like: low ranks far more often.
    return words[min(len(words) - 1, int(len(words) ** rng.random()) - 1)]

def text(rng, words, n, chinese):
    parts = [pick(rng, words) for _ in range(n)]
    return "".join(parts) + "。" if chinese else " ".join(parts) + "."

def generate(root, n, rng):
    zh, en = vocab(rng)
    decisions = os.path.join(root, ".aide", "decisions")
    os.makedirs(decisions)
    made = 0
    second = 0
    while made < n:
        chinese = (second % 2) == 0
        words = zh if chinese else en
        t = time.gmtime(1_700_000_000 + second)
        session = time.strftime("%Y-%m-%dT%H-%M-%S", t)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", t)
        items, answers = [], []
        for i in range(1, 5):
            options = [{"value": f"o{k}", "label": text(rng, words, rng.randint(1, 4), chinese)} for k in range(3)]
            items.append({"id": i, "title": text(rng, words, rng.randint(4, 8), chinese),
                          "context": text(rng, words, rng.randint(25, 75), chinese), "options": options})
            answer = {"id": i, "chosen": f"o{rng.randint(0, 2)}"}
            if rng.random() < 0.5:
                answer["note"] = text(rng, words, rng.randint(3, 20), chinese)
            answers.append(answer)
        record = {"version": "1.2",
                  "input": {"task": text(rng, words, 4, chinese), "source": "chat", "items": items,
                            "_meta": {"created_at": stamp, "session_id": session}},
                  "output": {"decisions": answers}, "completed_at": stamp}
        with open(os.path.join(decisions, session + ".json"), "w", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False)
        made += 4
        second += 1
    return zh, en

def run(aide, root, query):
    start = time.perf_counter()
    out = subprocess.run([aide, "decide", "search", query, "--json"], cwd=root,
                         capture_output=True, env={**os.environ, "XDG_STATE_HOME": os.path.join(root, ".state")})
    elapsed = (time.perf_counter() - start) * 1000
    if out.returncode != 0:
        sys.exit(f"search failed: {out.stderr.decode()}")
    return elapsed, len(json.loads(out.stdout)["hits"])

def main():
    aide = os.path.abspath(sys.argv[1])
    for n in map(int, sys.argv[2:]):
        rng = random.Random(41)
        root = tempfile.mkdtemp(prefix="aide-search-")
        try:
            zh, en = generate(root, n, rng)
            queries = {
                "rare English word": en[3000],
                "common English words": f"{en[0]} {en[1]}",
                "rare Chinese word": zh[3000],
                "common Chinese words": f"{zh[0]}{zh[1]}",
            }
            first, _ = run(aide, root, "database session")
            cache = os.path.getsize(os.path.join(root, ".aide", "cache", "search.jsonl"))
            print(f"{n} items: first search (builds the cache, {cache / 1e6:.1f} MB): {first:.0f} ms")
            for label, query in queries.items():
                times = [run(aide, root, query) for _ in range(11)]
                ms = sorted(t for t, _ in times)
                print(f"  {label:<22} median {statistics.median(ms):6.1f} ms  "
                      f"min {ms[0]:6.1f}  max {ms[-1]:6.1f}  hits {times[0][1]}")
            sessions = len(os.listdir(os.path.join(root, ".aide", "decisions")))
            for label in ("export, all written", "export, none changed"):
                start = time.perf_counter()
                out = subprocess.run([aide, "decide", "export", "--adr", "adr"], cwd=root, capture_output=True)
                ms = (time.perf_counter() - start) * 1000
                if out.returncode != 0:
                    sys.exit(f"export failed: {out.stderr.decode()}")
                print(f"  {label:<22} {ms:8.0f} ms  ({sessions} sessions)")
        finally:
            shutil.rmtree(root)

if __name__ == "__main__":
    main()
