#!/usr/bin/env python3
"""What lexical signals can tell of "the same question asked again", on the
labelled pairs beside this script (pairs.jsonl).

Each pair is scored on its own; word weights (IDF) come from all the set's
items, as a project's history would give them. Three matchers:

  before     aide's precedent rule before issue 56: the titles' question words
             (English stems; Chinese as pairs of neighbouring characters)
             share at least half of the words either has (Jaccard >= 0.5),
             shown as what the person decided
  same       the page's "decided" card now: the same question words, and an
             option value of the earlier item among the later one's
  related    the page's collapsed "Related" card now: Jaccard >= 0.5, not same
  cosine     every signal a re-asked question carries, as one weighted bag of
             words: title x3, options' values and labels x1.5, file x2,
             context x1, task x0.5 (English stemmed, Chinese cut by jieba,
             camelCase and snake_case split), cosine of TF-IDF vectors
  guarded    cosine, refused where the titles differ by a substitution: each
             title holds 1 to K words found nowhere in the other item

Prints recall (same pairs matched) and false matches (different pairs matched)
per threshold. Needs: pip install jieba snowballstemmer.
"""
import collections, json, math, os, re, sys, unicodedata
import jieba, snowballstemmer

jieba.setLogLevel(60)
HERE = os.path.dirname(os.path.abspath(__file__))
STEM = snowballstemmer.stemmer("english").stemWord
# The stop words of server/src/search/words.rs.
STOP = set("a an and are as at be by do does for from how i if in is it of on or should "
           "that the this to we what which with 的 了 是 吗 呢 吧 和 在 要 用".split())
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+|[^\W_]+")


def runs(text):
    text = unicodedata.normalize("NFKC", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)).lower()
    for run in HAN.findall(text):
        yield run, "\u3400" <= run[0] <= "\u9fff" or "\uf900" <= run[0] <= "\ufaff"


def words(text):
    out = []
    for run, han in runs(text):
        if han:
            out += [w for w in jieba.cut_for_search(run) if w not in STOP]
        elif run not in STOP:
            out.append(STEM(run))
    return out


def question(title):
    """server/src/search/words.rs, Words::question."""
    out = set()
    for run, han in runs(title):
        if not han:
            if run not in STOP:
                out.add(STEM(run))
            continue
        kept = [c for c in run if c not in STOP]
        if len(kept) == 1:
            out.add(kept[0])
        out.update(a + b for a, b in zip(kept, kept[1:]))
    return out


def fields(side):
    item = side["item"]
    opts = []
    for o in item["options"]:
        opts += words(o["value"]) + words(o["label"])
    loc = item.get("location")
    return {"title": words(item["title"]), "context": words(item.get("context") or ""),
            "options": opts, "file": ["file:" + loc["file"]] if loc else [], "task": words(side["task"])}


WEIGHT = {"title": 3.0, "options": 1.5, "file": 2.0, "context": 1.0, "task": 0.5}


def signals(pairs):
    """Each pair's lexical signals, word weights (IDF) from all the pairs'
    items: today's title Jaccard, the weighted cosine, the page's "same" rule,
    the Jaccard of the titles' words, and how many title words of each side
    are found nowhere in the other item (una, unb)."""
    docs = [fields(p[s]) for p in pairs for s in ("earlier", "later")]
    df = collections.Counter(w for d in docs for w in {w for ws in d.values() for w in ws})
    n = len(docs)
    idf = lambda w: math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))

    def vec(f):
        v = collections.Counter()
        for k, ws in f.items():
            for w in set(ws):
                v[w] += WEIGHT[k] * idf(w)
        return v

    def cos(a, b):
        num = sum(a[w] * b[w] for w in a if w in b)
        den = math.sqrt(sum(x * x for x in a.values())) * math.sqrt(sum(x * x for x in b.values()))
        return num / den if den else 0.0

    rows = []
    for p in pairs:
        a, b = fields(p["earlier"]), fields(p["later"])
        qa, qb = question(p["earlier"]["item"]["title"]), question(p["later"]["item"]["title"])
        jac = len(qa & qb) / len(qa | qb) if qa | qb else 0.0
        all_a = {w for ws in a.values() for w in ws}
        all_b = {w for ws in b.values() for w in ws}
        ta, tb = set(a["title"]), set(b["title"])
        shared = {o["value"] for o in p["earlier"]["item"]["options"]} & {o["value"] for o in p["later"]["item"]["options"]}
        rows.append({"kind": p["kind"], "lang": p["lang"], "today": jac, "cosine": cos(vec(a), vec(b)),
                     "same": jac >= 1.0 and bool(shared),
                     "wjac": len(ta & tb) / len(ta | tb) if ta | tb else 0.0,
                     "una": len({w for w in ta if w not in all_b}),
                     "unb": len({w for w in tb if w not in all_a})})
    return rows


def main():
    pairs = [json.loads(l) for l in open(os.path.join(HERE, "pairs.jsonl"), encoding="utf-8")]
    rows = signals(pairs)
    same = [r for r in rows if r["kind"] == "same"]
    diff = [r for r in rows if r["kind"] == "different"]
    print(f"{len(pairs)} pairs: {len(same)} same, {len(diff)} different")
    print("\n| matcher | threshold | recall (same shown) | false (different shown) |\n|---|---:|---:|---:|")

    def row(name, t, hit):
        r = sum(map(hit, same)) / len(same)
        f = sum(map(hit, diff)) / len(diff)
        print(f"| {name} | {t} | {r:.0%} | {f:.0%} |")

    row("before", 0.5, lambda r: r["today"] >= 0.5)
    row("same", 1.0, lambda r: r["same"])
    row("related", 0.5, lambda r: r["today"] >= 0.5 and not r["same"])
    for t in (0.2, 0.3, 0.4, 0.5, 0.6):
        row("cosine", t, lambda r, t=t: r["cosine"] >= t)
    for k in (2, 4):
        for t in (0.2, 0.3, 0.4):
            row(f"guarded K={k}", t,
                lambda r, t=t, k=k: r["cosine"] >= t and not (1 <= r["una"] <= k and 1 <= r["unb"] <= k))
    m_same = sum(r["cosine"] for r in same) / len(same)
    m_diff = sum(r["cosine"] for r in diff) / len(diff)
    print(f"\nmean cosine: same {m_same:.2f}, different {m_diff:.2f}")


if __name__ == "__main__":
    sys.exit(main())
