#!/usr/bin/env python3
"""Two builds' page figures side by side, from bench/page.sh's BENCH_JSON
files (issue 57: "the 10-item page without previews is no slower and no
heavier than today"). Every load of every file of a build is pooled; for
each figure: each build's median, fastest and slowest, and a 95% interval
of the difference of the medians (B - A; a percentile bootstrap, seeded, so
the same files give the same interval). An interval that holds 0 means the
loads cannot tell the builds apart.

    bench/compare.py A_NAME 'a-*.jsonl' B_NAME 'b-*.jsonl' [ITEMS]
"""

import glob
import json
import random
import statistics
import sys

FIGURES = ["fcp", "usable", "interactive", "ready", "reload_interactive", "first_bytes", "reload_bytes"]


def loads(pattern, items):
    pooled, html, server = {}, [], {}
    files = sorted(glob.glob(pattern))
    if not files:
        sys.exit(f"✗ compare: no file matches {pattern}\n  Hint: bench/page.sh writes them with BENCH_JSON=FILE")
    for name in files:
        with open(name, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                row = json.loads(line)
                if row.get("items") != items:
                    continue
                html.append(row["html_bytes"])
                for figure in ("render_ms", "result_ms", "detach_ms"):
                    server.setdefault(figure, []).append(row[figure])
                for figure, values in row["browser"]["runs"].items():
                    pooled.setdefault(figure, []).extend(v for v in values if v is not None)
    return pooled, html, server


def interval(a, b, resamples=2000):
    rng = random.Random(57)
    diffs = sorted(
        statistics.median(rng.choices(b, k=len(b))) - statistics.median(rng.choices(a, k=len(a)))
        for _ in range(resamples)
    )
    return diffs[int(0.025 * resamples)], diffs[int(0.975 * resamples) - 1]


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit("✗ compare: usage: bench/compare.py A_NAME A_GLOB B_NAME B_GLOB [ITEMS]\n  Hint: quote the globs")
    a_name, a_glob, b_name, b_glob = sys.argv[1:5]
    items = int(sys.argv[5]) if len(sys.argv) == 6 else 10
    a, a_html, a_server = loads(a_glob, items)
    b, b_html, b_server = loads(b_glob, items)
    print(f"| {items} items | {a_name}: median (fastest–slowest) | {b_name}: median (fastest–slowest) | {b_name} − {a_name}, 95% interval |")
    print("|---|---|---|---|")
    for figure in FIGURES:
        if figure not in a or figure not in b or not a[figure] or not b[figure]:
            continue
        x, y = a[figure], b[figure]
        low, high = interval(x, y)
        cell = lambda v: f"{statistics.median(v):.1f} ({min(v):.1f}–{max(v):.1f}), n={len(v)}"
        print(f"| {figure} | {cell(x)} | {cell(y)} | {statistics.median(y) - statistics.median(x):+.1f} [{low:+.1f}, {high:+.1f}] |")
    # page.sh's own figures are medians of a run's; their median over runs.
    for figure in ("render_ms", "result_ms", "detach_ms"):
        x, y = a_server[figure], b_server[figure]
        print(f"| {figure} (median of {len(x)} and {len(y)} runs' medians) | {statistics.median(x):.1f} ({min(x):.1f}–{max(x):.1f}) | {statistics.median(y):.1f} ({min(y):.1f}–{max(y):.1f}) | {statistics.median(y) - statistics.median(x):+.1f} |")
    print(f"| page HTML, bytes | {statistics.median(a_html):.0f} | {statistics.median(b_html):.0f} | {statistics.median(b_html) - statistics.median(a_html):+.0f} |")


main()
