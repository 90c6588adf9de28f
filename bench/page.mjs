// Node helper of bench/page.sh (see bench/README.md). Subcommands:
//
//   gen N DIR          writes DIR/input-N.json (N items), DIR/answers-N.json
//                      (an answer to every item) and the source file some
//                      items' `location` points at (DIR/src/…)
//   port               prints a port on 127.0.0.1 free with the next nine
//                      (`aide decide submit` tries ten)
//   browse URL RUNS [UPSTREAM_URL]
//                      headless Chromium, a fresh context per run: time to
//                      usable and to interactive, bytes on first load and
//                      on reload; with UPSTREAM_URL (the upstream aide's
//                      page), that page too, in the same browser, the two
//                      alternating run by run; prints one JSON object of
//                      medians
//   floor URL RUNS UPSTREAM_URL
//                      aide's page at URL fetched once and served without
//                      its scripts, and without its scripts and stylesheet,
//                      each beside the upstream page (first paint, usable)
//   field FILE NAME    prints one top-level field of a JSON file
//   median V...        prints the median of the numbers
//   table FILE         prints the Markdown table of the results in FILE
//                      (one JSON object per line, written by page.sh)
//   pool FILE...       the hydrated aide/upstream ratio of every load of
//                      several runs' BENCH_JSON files taken together, per
//                      size, with its 95% confidence interval
//
// Playwright comes from end2end/node_modules; the browser is Debian's
// Chromium (never a downloaded one).
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

function die(message) {
  process.stderr.write(`✗ bench/page.mjs: ${message}\n`);
  process.exit(1);
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------- inputs

/** A small deterministic generator, so every run sees the same inputs. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AREAS = [
  ['cache', '缓存'], ['auth', '认证'], ['storage', '存储'], ['queue', '消息队列'],
  ['logging', '日志'], ['api', '接口'], ['search', '搜索'], ['billing', '计费'],
  ['deploy', '部署'], ['i18n', '国际化'],
];
const CHOICES = [
  ['redis', 'Redis', ['成熟稳定', 'Rich data types', '团队熟悉'], ['额外的运维成本', 'Memory bound']],
  ['memory', 'In-process LRU', ['零依赖', 'Fastest reads'], ['多实例之间不共享', 'Lost on restart']],
  ['postgres', 'PostgreSQL table', ['事务一致', 'Already deployed', '易于备份'], ['写放大', 'Slower under load']],
  ['sqlite', 'SQLite file', ['单文件', 'No server to run'], ['并发写入受限']],
  ['kafka', 'Kafka', ['高吞吐', 'Replayable log', '生态完善'], ['部署复杂', 'Heavy for small loads']],
  ['nats', 'NATS JetStream', ['轻量', 'Simple ops'], ['社区较小', 'Fewer connectors']],
  ['s3', 'Object storage (S3)', ['便宜', 'Practically unlimited'], ['延迟高', 'Eventual listing']],
  ['none', 'Do nothing for now', ['没有新代码', 'Keeps scope small'], ['问题仍然存在', 'Revisit later']],
];

const SOURCE_FILE = 'src/session_store.rs';

function sourceFile() {
  const lines = ['//! Session storage (generated for bench/page.sh).', ''];
  for (let i = 0; lines.length < 220; i++) {
    lines.push(`/// Loads entry ${i} from the backing store, if present.`);
    lines.push(`pub fn load_${i}(key: &str) -> Option<Vec<u8>> {`);
    lines.push(`    let path = format!("/var/lib/app/{key}.{i}");`);
    lines.push('    std::fs::read(path).ok()');
    lines.push('}');
    lines.push('');
  }
  return lines.join('\n') + '\n';
}

function context(i, area, next) {
  const [en, zh] = area;
  const intro = `The ${en} layer (${zh}) needs a decision before step ${i} can land: ` +
    `the task says *"keep it simple"* but the current code in \`${en}/mod.rs\` ` +
    `already assumes **${next() < 0.5 ? 'one instance' : 'several instances'}**.`;
  if (i % 2) {
    return `${intro}\n\n| constraint | value |\n|---|---|\n| p99 latency | ${20 + Math.floor(next() * 80)} ms |\n` +
      `| requests/s | ${Math.floor(100 + next() * 5000)} |\n| data kept | ${1 + Math.floor(next() * 30)} days |\n\n` +
      `See [the design note](https://example.com/design/${en}) for the background.`;
  }
  return `${intro}\n\n需要考虑:\n\n- 现有部署只有 ${1 + Math.floor(next() * 4)} 台机器\n` +
    `- Migration must not lose the \`${en}_v${i}\` data\n- ~~Rewrite everything~~ is off the table\n\n` +
    '```rust\nlet store = Store::open(config)?;\n```';
}

/** A 300-line diff of a Rust file, as `git diff` prints one: three hunks
 * of context, removed and added lines (server/benches/page.rs writes the
 * same). */
function diff(item, option) {
  let text = `diff --git a/src/item${item}.rs b/src/item${item}.rs\nindex 1234567..89abcde 100644\n` +
    `--- a/src/item${item}.rs\n+++ b/src/item${item}.rs\n`;
  for (let hunk = 0; hunk < 3; hunk++) {
    const start = 1 + hunk * 200;
    text += `@@ -${start},80 +${start},80 @@ impl Store {\n`;
    for (let line = 0; line < 100; line++) {
      const n = start + line;
      const code = `    let value_${n} = compute("option ${option}", ${n}); // step ${n}`;
      text += line % 5 < 3 ? ` ${code}\n` : line % 5 === 3 ? `-${code}.unwrap()\n` : `+${code}?\n`;
    }
  }
  return text;
}

function generate(n, dir) {
  const next = rng(n * 7919 + 17);
  const items = [];
  const answers = [];
  for (let i = 1; i <= n; i++) {
    const area = AREAS[i % AREAS.length];
    const start = Math.floor(next() * CHOICES.length);
    const options = [0, 1, 2, 3].map((k) => {
      const [value, label, pros, cons] = CHOICES[(start + k) % CHOICES.length];
      return {
        value,
        label: `${label} for ${area[0]}`,
        score: 40 + Math.floor(next() * 60),
        pros: pros.slice(0, 2 + (k % 2)),
        cons: cons.slice(0, 1 + (k % 2)),
      };
    });
    // BENCH_DIFFS=1: every option carries a 300-line diff (issue 57).
    if (process.env.BENCH_DIFFS) options.forEach((option, k) => { option.diff = diff(i, k); });
    const item = {
      id: i,
      title: i % 3 ? `${area[1]}: how should the ${area[0]} layer store item ${i}?` : `Choose the ${area[0]} backend (${i})`,
      context: context(i, area, next),
      options,
    };
    if (i <= 2) item.location = { file: SOURCE_FILE, start: 10 * i, end: 10 * i + 8 };
    if (i % 5 !== 0) item.recommend = options[Math.floor(next() * options.length)].value;
    items.push(item);
    const answer = { id: i, chosen: options[i % options.length].value };
    if (i % 4 === 0) answer.note = `Benchmark answer ${i}: 先这样,之后再看。`;
    answers.push(answer);
  }
  const input = { task: `Benchmark session with ${n} decisions (bench/page.sh)`, source: 'task-now.md', items };
  mkdirSync(join(dir, dirname(SOURCE_FILE)), { recursive: true });
  writeFileSync(join(dir, SOURCE_FILE), sourceFile());
  writeFileSync(join(dir, `input-${n}.json`), JSON.stringify(input));
  writeFileSync(join(dir, `answers-${n}.json`), JSON.stringify({ decisions: answers }));
}

// ---------------------------------------------------------------- port

function bindable(port) {
  return new Promise((ok) => {
    const server = createServer();
    server.once('error', () => ok(false));
    server.listen(port, '127.0.0.1', () => server.close(() => ok(true)));
  });
}

async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    let free = true;
    for (let p = base; p < base + 10 && free; p++) free = await bindable(p);
    if (free) return base;
  }
  die('no ten consecutive free ports on 127.0.0.1');
}

// ---------------------------------------------------------------- browser

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
const HYDRATED = 'main[data-hydrated="true"]';
// aide's long poll (app::page::Route::Outcome).
const OUTCOME_PATH = '/api/outcome';
const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 120_000);
// The line the page's init script logs, once per load, with its figures.
const REPORT = '__aide_bench__';

// The first option of the first item: aide's plain form (an `input.choice`
// in `fieldset.item`, its text in `label[for] .option-name`) or the
// upstream page's cards (a radio in `label.option-item`, its text in
// `.option-label`).
const FIRST_CHOICE = 'fieldset.item input.choice, .item-card input[type="radio"]';

// Runs before any page script, on both pages, and reports each load's
// figures in console lines, so nothing else runs in the page while it
// loads (Playwright's waitForSelector and waitForFunction evaluate its
// injected script on the main thread in the middle of it: 86 ms of
// parsing in a detailed trace).
// All times are performance.now(): ms since the navigation started.
// - usable_dom: a MutationObserver first sees the first item's first
//   choice in the document, enabled, outside any [hidden] or [inert]
//   subtree; from then on a click on it would check it.
// - usable: the first frame that shows that choice is on screen: the
//   renderTime (presentation) of the Element Timing entry of its text,
//   which gets an elementtiming attribute as soon as it is in the document
//   (before any paint of it: the observer runs in the same task as its
//   insertion).
// - hydrated: given by HYDRATED_AIDE or HYDRATED_UPSTREAM.
// - all_items: no stub left (a long session's page fetches its items).
// - fcp: the first contentful paint (the Paint Timing entry's startTime).
// - cls: the layout shift so far, every shift not caused by input summed
//   (read again once the load has settled, so the island's are counted).
const REPORTER = `
  const t = window.__aideBench = { cls: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'first-contentful-paint' && t.fcp === undefined) {
        t.fcp = e.startTime;
        report();
      }
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) t.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // Each figure as it comes: the benchmark reads what it needs.
  const report = () => {
    t.dom_content_loaded = performance.getEntriesByType('navigation')[0]?.domContentLoadedEventStart || undefined;
    console.debug(${JSON.stringify(REPORT)} + JSON.stringify(t));
  };
  document.addEventListener('DOMContentLoaded', report, { once: true });
  const seen = () => {
    const input = document.querySelector(${JSON.stringify(FIRST_CHOICE)});
    if (!input || input.disabled || input.matches(':disabled') || input.closest('[hidden],[inert]')) return;
    t.usable_dom ??= performance.now();
    const label = (input.id && document.querySelector('label[for="' + input.id + '"]')) || input.closest('label');
    const text = label?.querySelector('.option-name, .option-label');
    // The parser may stop between the radio and its label: wait for the
    // text (a radio alone has none for Element Timing to report).
    if (!text?.firstChild) return;
    choices.disconnect();
    text.setAttribute('elementtiming', 'aide-bench-choice');
  };
  const choices = new MutationObserver(seen);
  choices.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === 'aide-bench-choice' && t.usable === undefined) {
        t.usable = e.renderTime || e.loadTime;
        report();
      }
    }
  }).observe({ type: 'element', buffered: true });
`;

// aide's page: hydrated when the page root gets data-hydrated="true".
const MARK = `(() => {${REPORTER}
  const stubsGone = () => {
    if (document.querySelector('fieldset.stub')) return false;
    t.all_items = performance.now();
    report();
    return true;
  };
  const hydrated = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(HYDRATED)})) return;
    t.hydrated = performance.now();
    hydrated.disconnect();
    if (document.querySelector('fieldset.stub') === null) {
      t.all_items = t.hydrated;
      report();
      return;
    }
    const stubs = new MutationObserver(() => stubsGone() && stubs.disconnect());
    stubs.observe(document, { subtree: true, childList: true });
  });
  hydrated.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
})();`;

// The upstream page (web/app.js): on DOMContentLoaded its init() fetches
// /api/items, renders every card (renderItems), then bindEvents() adds its
// three listeners, the click on #submit-btn last, and init() ends. So the
// moment that listener is added is the moment its handlers are installed:
// recorded by a wrapper of addEventListener that steps aside after it.
const UPSTREAM_MARK = `(() => {${REPORTER}
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const out = add.call(this, type, listener, options);
    if (type === 'click' && this instanceof Element && this.id === 'submit-btn' && t.hydrated === undefined) {
      EventTarget.prototype.addEventListener = add;
      t.hydrated = t.all_items = performance.now();
      report();
    }
    return out;
  };
})();`;

function playwright() {
  const require = createRequire(join(root, 'end2end', 'package.json'));
  for (const name of ['playwright-core', '@playwright/test', 'playwright']) {
    try {
      return require(name);
    } catch {
      // next
    }
  }
  die('Playwright is not installed in end2end/node_modules: run (cd end2end && npm ci)');
}

/** Loads (or reloads) and returns the figures the page reported, once it
 * has reported those named in `need`. */
async function load(page, go, errors, need) {
  let done;
  const reported = new Promise((ok) => { done = ok; });
  const listen = (m) => {
    const text = m.text();
    if (!text.startsWith(REPORT)) return;
    const figures = JSON.parse(text.slice(REPORT.length));
    if (need.every((name) => figures[name] !== undefined)) done(figures);
  };
  page.on('console', listen);
  let timer;
  try {
    await go();
    const late = new Promise((ok) => { timer = setTimeout(ok, WAIT_MS); });
    const figures = await Promise.race([reported, late]);
    if (figures) return figures;
    const partial = await page.evaluate(() => JSON.stringify(window.__aideBench)).catch((e) => String(e));
    throw new Error(`${page.url()} reported no ${need.join(', ')} within ${WAIT_MS} ms; ` +
      `it had ${partial}` + (errors.length ? `; page errors: ${errors.join(' | ')}` : ''));
  } finally {
    clearTimeout(timer);
    page.off('console', listen);
  }
}

/** Waits until no request has been in flight for `quiet` ms (bounded). */
async function settled(inflight, quiet = 300, limit = 10_000) {
  const until = Date.now() + limit;
  let idleSince = Date.now();
  while (Date.now() < until) {
    if (inflight.size) idleSince = Date.now();
    else if (Date.now() - idleSince >= quiet) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** One run on one page, in a fresh context (its own empty HTTP and code
 * caches): first load, then a reload. Pushes each figure onto `result`. */
async function measure(browser, url, result, upstream) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await context.addInitScript(upstream ? UPSTREAM_MARK : MARK);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const cdp = await context.newCDPSession(page);
  const inflight = new Set();
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    // aide's island keeps one request open for as long as the page lives
    // (the long poll that tells it another page or the agent ended the
    // session): waiting for it to end held every load for settled()'s
    // whole limit. Its bytes are counted if it ends all the same.
    if (!new URL(e.request.url).pathname.startsWith(OUTCOME_PATH)) inflight.add(e.requestId);
    // A redirect's bytes are reported here, not at loadingFinished.
    if (e.redirectResponse) bytes += e.redirectResponse.encodedDataLength ?? 0;
  });
  cdp.on('Network.loadingFinished', (e) => {
    inflight.delete(e.requestId);
    bytes += e.encodedDataLength;
    if (e.encodedDataLength > 0) requests++;
  });
  cdp.on('Network.loadingFailed', (e) => inflight.delete(e.requestId));
  await cdp.send('Network.enable');

  const navigation = { timeout: WAIT_MS, waitUntil: 'commit' };
  const first = await load(page, () => page.goto(url, navigation), errors, ['usable', 'hydrated', 'all_items', 'dom_content_loaded', 'fcp']);
  result.fcp.push(first.fcp);
  result.usable.push(first.usable);
  result.usable_dom.push(first.usable_dom);
  result.interactive.push(first.hydrated);
  result.ready.push(Math.max(first.usable, first.hydrated));
  result.dom_content_loaded.push(first.dom_content_loaded);
  if (!upstream) result.all_items.push(first.all_items);
  await settled(inflight);
  // Shifts are reported a frame late: read once the load has settled.
  result.cls.push(await page.evaluate(() => window.__aideBench.cls));
  result.first_bytes.push(bytes);
  result.first_requests.push(requests);

  bytes = 0;
  requests = 0;
  const again = await load(page, () => page.reload(navigation), errors, ['hydrated']);
  result.reload_interactive.push(again.hydrated);
  await settled(inflight);
  result.reload_bytes.push(bytes);
  result.reload_requests.push(requests);
  await context.close();
}

const FIGURES = ['fcp', 'cls', 'usable', 'usable_dom', 'interactive', 'ready', 'dom_content_loaded', 'all_items', 'reload_interactive',
  'first_bytes', 'reload_bytes', 'first_requests', 'reload_requests'];

function medians(result) {
  const out = { runs: result };
  // A layout shift in any load is one too many: its largest.
  for (const [name, values] of Object.entries(result)) out[name] = name === 'cls' ? Math.max(...values) : median(values);
  return out;
}

/** The median, smallest and largest of the run-by-run ratios a[i] / b[i],
 * and a 95% confidence interval of that median (`ci`). */
function ratios(a, b) {
  return spread(a.map((v, i) => v / b[i]));
}

/** The median, smallest, largest and `ci` of paired ratios `r`. */
function spread(r) {
  const runs = r.filter((v) => Number.isFinite(v));
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs), ci: medianInterval(runs), runs };
}

/** A 95% confidence interval of the median of the finite numbers `v`: the
 * percentile bootstrap (2,000 resamples, drawn by the seeded generator
 * `rng`, so the same runs always give the same interval). Paired ratios of
 * single loads spread widely on these machines (0.4 to 2.2), so a run's
 * median moves by ±15% from one run to the next; the interval says how far
 * to trust it. */
function medianInterval(v, resamples = 2000) {
  if (v.length < 2) return [NaN, NaN];
  const next = rng(v.length);
  const medians = Array.from({ length: resamples }, () =>
    median(Array.from(v, () => v[Math.floor(next() * v.length)])),
  ).sort((x, y) => x - y);
  return [medians[Math.floor(resamples * 0.025)], medians[Math.ceil(resamples * 0.975) - 1]];
}

async function browse(url, runs, upstreamUrl) {
  const { chromium } = playwright();
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
  const empty = () => Object.fromEntries(FIGURES.map((f) => [f, []]));
  const result = empty();
  const upstream = empty();
  delete upstream.all_items;
  // Beside the upstream page, one uncounted run of each first: the first
  // page a freshly started browser loads is slower, whichever it is.
  const warmup = Number(process.env.BENCH_WARMUP ?? (upstreamUrl ? 1 : 0));
  try {
    for (let run = 0; run < warmup; run++) {
      await measure(browser, url, empty(), false);
      if (upstreamUrl) await measure(browser, upstreamUrl, empty(), true);
    }
    for (let run = 0; run < runs; run++) {
      // Alternating which page goes first, so neither always has the
      // freshly started browser or the other's leftovers.
      if (upstreamUrl && run % 2 === 1) await measure(browser, upstreamUrl, upstream, true);
      await measure(browser, url, result, false);
      if (upstreamUrl && run % 2 === 0) await measure(browser, upstreamUrl, upstream, true);
    }
  } finally {
    await browser.close();
  }
  const out = medians(result);
  if (upstreamUrl) {
    out.upstream = medians(upstream);
    out.ratio = {};
    for (const name of ['fcp', 'usable', 'interactive', 'ready', 'reload_interactive', 'first_bytes']) {
      out.ratio[name] = ratios(result[name], upstream[name]);
    }
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

// ---------------------------------------------------------------- floor

/** aide's page as its server sends it, less what a browser needs nothing
 * of to draw it: `styled` without its scripts (so nothing holds or delays
 * the first frame), `bare` without its scripts and its stylesheet either.
 * Whatever aide's island and its render block do, its first frame cannot
 * come sooner than `styled`'s; `bare` shows whether the styles hold it.
 * They are the floor a first-paint target sits on. */
function stripped(html, keepStyle) {
  // aide's own page, whose markup page.sh has just fetched: its scripts
  // and its one stylesheet are whole elements with no nested tags.
  let out = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="icon"[^>]*>/g, '');
  if (!keepStyle) out = out.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  return out;
}

/** Serves `pages` (path → HTML) on a free port of 127.0.0.1. */
function serve(pages) {
  const server = createHttpServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': body.length });
    res.end(body);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}

/** One first load of a page that needs no island: its first paint and,
 * if `need` names it, the first frame that shows its first choice (in the
 * viewport: the page without its stylesheet shows it below the fold, where
 * Element Timing reports nothing). */
async function measureStatic(browser, url, result, upstream, need) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await context.addInitScript(upstream ? UPSTREAM_MARK : `(() => {${REPORTER}})();`);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    const figures = await load(page, () => page.goto(url, { timeout: WAIT_MS, waitUntil: 'commit' }), errors, need);
    result.fcp.push(figures.fcp);
    result.usable.push(figures.usable ?? NaN);
  } finally {
    await context.close();
  }
}

/** aide's page at `url`, fetched once, served without its scripts
 * (`styled`) and without its scripts and stylesheet (`bare`), each beside
 * the upstream page, all three alternating load by load. */
async function floor(url, runs, upstreamUrl) {
  const response = await fetch(url, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
  if (!response.ok) die(`floor: GET ${url} answered ${response.status}`);
  const html = await response.text();
  const server = await serve({ '/bare': Buffer.from(stripped(html, false)), '/styled': Buffer.from(stripped(html, true)) });
  const base = `http://127.0.0.1:${server.address().port}`;
  const both = ['fcp', 'usable'];
  const pages = [['bare', `${base}/bare`, false, ['fcp']], ['styled', `${base}/styled`, false, both], ['upstream', upstreamUrl, true, both]];
  const result = Object.fromEntries(pages.map(([name]) => [name, { fcp: [], usable: [] }]));
  const { chromium } = playwright();
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
  try {
    for (const [, page, upstream, need] of pages) await measureStatic(browser, page, { fcp: [], usable: [] }, upstream, need);
    for (let run = 0; run < runs; run++) {
      // Each page first, second and last in turn.
      for (let k = 0; k < pages.length; k++) {
        const [name, page, upstream, need] = pages[(run + k) % pages.length];
        await measureStatic(browser, page, result[name], upstream, need);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const out = {};
  for (const [name] of pages) out[name] = { fcp: median(result[name].fcp), usable: median(result[name].usable), runs: result[name] };
  for (const name of ['bare', 'styled']) {
    out[name].ratio = {
      fcp: ratios(result[name].fcp, result.upstream.fcp),
      usable: ratios(result[name].usable, result.upstream.usable),
    };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

// ---------------------------------------------------------------- table

const KB = 1000;
const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);
const fmtBytes = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(2)} MB` : b >= KB ? `${(b / KB).toFixed(1)} KB` : `${Math.round(b)} B`);

// The targets of issue 12, by figure and size (absent: no target).
const TARGETS = {
  interactive: { 10: 250, 100: 500, 1000: 1500 },
  first_bytes: { 10: 120 * KB },
  // The reload row sits with the 10-item figures; a reload always
  // fetches the page HTML again (no-store), which grows with the items.
  reload_bytes: { 10: 10 * KB },
  html_bytes: { 1000: 1.5e6 },
  render_ms: { 1000: 30 },
  result_ms: { 1000: 15 },
  detach_ms: { 1000: 100 },
};

function cell(value, target, fmt) {
  if (!Number.isFinite(value)) return 'failed';
  if (target === undefined) return fmt(value);
  return `${fmt(value)} ${value <= target ? '✓' : '✗'} (≤ ${fmt(target)})`;
}

/** The lines of a Markdown table: a column per [name, cell of a row],
 * the first right-aligned. */
function markdown(columns, rows) {
  return [
    `| ${columns.map(([name]) => name).join(' | ')} |`,
    `|${columns.map((_, i) => (i === 0 ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${columns.map(([, f]) => f(r)).join(' | ')} |`),
  ];
}

function table(file) {
  const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l)).map((r) => ({ ...r, ...r.browser }));
  const columns = [
    ['items', (r) => r.items.toLocaleString('en-US')],
    ['usable', (r) => fmtMs(r.usable)],
    ['interactive', (r) => cell(r.interactive, TARGETS.interactive[r.items], fmtMs)],
    ['every item in', (r) => fmtMs(r.all_items)],
    ['interactive, reload', (r) => fmtMs(r.reload_interactive)],
    ['bytes, first load', (r) => cell(r.first_bytes, TARGETS.first_bytes[r.items], fmtBytes)],
    ['bytes, reload', (r) => cell(r.reload_bytes, TARGETS.reload_bytes[r.items], fmtBytes)],
    ['page HTML', (r) => cell(r.html_bytes, TARGETS.html_bytes[r.items], fmtBytes)],
    ['render (GET /)', (r) => cell(r.render_ms, TARGETS.render_ms[r.items], fmtMs)],
    ['`result`', (r) => cell(r.result_ms, TARGETS.result_ms[r.items], fmtMs)],
    ['`submit --detach`', (r) => cell(r.detach_ms, TARGETS.detach_ms[r.items], fmtMs)],
  ];
  process.stdout.write(markdown(columns, rows).join('\n') + '\n');
  if (rows.some((r) => r.upstream)) comparison(rows.filter((r) => r.upstream));
  if (rows.some((r) => r.floor)) floorTable(rows.filter((r) => r.floor));
}

/** The floor (BENCH_FLOOR): aide's page as sent, without its scripts
 * (`styled`) and without its stylesheet either (`bare`), beside the
 * upstream page in the same run. */
function floorTable(rows) {
  const columns = [
    ['items', (r) => r.items.toLocaleString('en-US')],
    ['first paint: no script, no style / upstream', (r) => `${fmtMs(r.floor.bare.fcp)} / ${fmtMs(r.floor.upstream.fcp)}: ${fmtInterval(r.floor.bare.ratio.fcp)}`],
    ['first paint: no script / upstream', (r) => `${fmtMs(r.floor.styled.fcp)} / ${fmtMs(r.floor.upstream.fcp)}: ${fmtInterval(r.floor.styled.ratio.fcp)}`],
    ['usable: no script / upstream', (r) => `${fmtMs(r.floor.styled.usable)} / ${fmtMs(r.floor.upstream.usable)}: ${fmtInterval(r.floor.styled.ratio.usable)}`],
  ];
  process.stdout.write(['', ...markdown(columns, rows)].join('\n') + '\n');
}

const fmtRatio = (r) => (Number.isFinite(r?.median) ? `${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)})` : 'failed');

/** A ratio with its 95% interval. */
function fmtInterval(r) {
  const [lo, hi] = r?.ci ?? [NaN, NaN];
  if (!Number.isFinite(lo)) return fmtRatio(r);
  return `${fmtRatio(r)}, 95% CI ${lo.toFixed(2)}–${hi.toFixed(2)}`;
}

/** A layout shift score: the largest of the loads, since any is too many. */
const fmtShift = (v) => (Number.isFinite(v) ? v.toFixed(3) : 'failed');

/** The hydrated ratio with its interval and the verdict on "≤ upstream":
 * ✓ when the whole 95% interval is at or under 1.00, ✗ when it is all
 * over, "level" when it holds 1.00 (the runs cannot tell the pages apart). */
function fmtVerdict(r) {
  // A run's JSON from before the interval was added has only its ratios.
  const [lo, hi] = r?.ci ?? (r?.runs ? medianInterval(r.runs.filter(Number.isFinite)) : [NaN, NaN]);
  if (!Number.isFinite(lo)) return fmtRatio(r);
  const verdict = hi <= 1 ? '✓' : lo > 1 ? '✗' : 'level';
  return `${fmtRatio(r)}, 95% CI ${lo.toFixed(2)}–${hi.toFixed(2)} ${verdict} (≤ 1.00)`;
}

/** aide's page beside the upstream aide's page, measured in the same run:
 * medians, and the median (min–max) of the run-by-run ratios aide/upstream. */
function comparison(rows) {
  const columns = [
    ['items', (r) => r.items.toLocaleString('en-US')],
    ['first paint: aide', (r) => fmtMs(r.fcp)],
    ['first paint: upstream', (r) => fmtMs(r.upstream.fcp)],
    ['first paint aide/upstream', (r) => fmtInterval(r.ratio.fcp)],
    ['layout shift: aide / upstream', (r) => `${fmtShift(r.cls)} / ${fmtShift(r.upstream.cls)}`],
    ['usable: aide', (r) => fmtMs(r.usable)],
    ['usable: upstream', (r) => fmtMs(r.upstream.usable)],
    ['usable aide/upstream', (r) => fmtInterval(r.ratio.usable)],
    ['hydrated: aide', (r) => fmtMs(r.interactive)],
    ['hydrated: upstream', (r) => fmtMs(r.upstream.interactive)],
    ['hydrated aide/upstream', (r) => fmtVerdict(r.ratio.interactive)],
    ['usable and hydrated: aide', (r) => fmtMs(r.ready)],
    ['usable and hydrated: upstream', (r) => fmtMs(r.upstream.ready)],
    ['usable and hydrated aide/upstream', (r) => fmtRatio(r.ratio.ready)],
    ['hydrated, reload aide/upstream', (r) => fmtRatio(r.ratio.reload_interactive)],
    ['bytes, first load: aide / upstream', (r) => `${fmtBytes(r.first_bytes)} / ${fmtBytes(r.upstream.first_bytes)}`],
  ];
  process.stdout.write(['', ...markdown(columns, rows)].join('\n') + '\n');
}

/** Several runs of `UPSTREAM=… BENCH_JSON=… page.sh` taken together: each
 * size's paired loads pooled, so the verdict rests on more loads than one
 * run holds. First paint and usable too, and with BENCH_FLOOR the floor's
 * first paint. */
function pool(files) {
  const bySize = new Map();
  const fresh = () => ({ ratios: [], aide: [], upstream: [], fcp: [], usable: [], bare: [], styled: [], styledUsable: [], runs: 0 });
  for (const file of files) {
    for (const [n, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (!line.trim()) continue;
      let row;
      try {
        row = JSON.parse(line);
      } catch (error) {
        die(`pool: ${file}, line ${n + 1}: not a JSON object of page.sh (${error.message})`);
      }
      const runs = row.browser?.ratio?.interactive?.runs;
      if (!runs) continue;
      const pooled = bySize.get(row.items) ?? fresh();
      pooled.ratios.push(...runs);
      pooled.aide.push(...row.browser.runs.interactive);
      pooled.upstream.push(...row.browser.upstream.runs.interactive);
      pooled.fcp.push(...(row.browser.ratio.fcp?.runs ?? []));
      pooled.usable.push(...(row.browser.ratio.usable?.runs ?? []));
      pooled.bare.push(...(row.floor?.bare?.ratio?.fcp?.runs ?? []));
      pooled.styled.push(...(row.floor?.styled?.ratio?.fcp?.runs ?? []));
      pooled.styledUsable.push(...(row.floor?.styled?.ratio?.usable?.runs ?? []));
      pooled.runs += 1;
      bySize.set(row.items, pooled);
    }
  }
  if (bySize.size === 0) die('pool: no run beside the upstream page in these files (page.sh with UPSTREAM and BENCH_JSON writes them)');
  const ratio = (runs) => (runs.length ? fmtInterval(spread(runs)) : '');
  const lines = [
    '| items | runs | loads | hydrated: aide | hydrated: upstream | hydrated aide/upstream | first paint aide/upstream | usable aide/upstream | first paint, no script, no style / upstream | first paint, no script / upstream | usable, no script / upstream |',
    '|---:|---:|---:|---|---|---|---|---|---|---|---|',
  ];
  for (const [items, p] of [...bySize].sort((a, b) => a[0] - b[0])) {
    lines.push(`| ${items.toLocaleString('en-US')} | ${p.runs} | ${p.ratios.length} | ${fmtMs(median(p.aide))} | ${fmtMs(median(p.upstream))} | ${fmtVerdict(spread(p.ratios))} | ${ratio(p.fcp)} | ${ratio(p.usable)} | ${ratio(p.bare)} | ${ratio(p.styled)} | ${ratio(p.styledUsable)} |`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

// ---------------------------------------------------------------- main

const [command, ...args] = process.argv.slice(2);
try {
  switch (command) {
    case 'gen': {
      const n = Number(args[0]);
      if (!Number.isInteger(n) || n < 1 || !args[1]) die('usage: gen N DIR');
      generate(n, args[1]);
      break;
    }
    case 'port':
      process.stdout.write(`${await freePort()}\n`);
      break;
    case 'browse': {
      const runs = Number(args[1]);
      if (!args[0] || !Number.isInteger(runs) || runs < 1) die('usage: browse URL RUNS [UPSTREAM_URL]');
      await browse(args[0], runs, args[2]);
      break;
    }
    case 'floor': {
      const runs = Number(args[1]);
      if (!args[0] || !Number.isInteger(runs) || runs < 1 || !args[2]) die('usage: floor URL RUNS UPSTREAM_URL');
      await floor(args[0], runs, args[2]);
      break;
    }
    case 'field': {
      // field FILE NAME: one top-level field of a JSON file, as text.
      const value = JSON.parse(readFileSync(args[0], 'utf8'))[args[1]];
      if (value === undefined || value === null) die(`${args[0]} has no "${args[1]}"`);
      process.stdout.write(`${value}\n`);
      break;
    }
    case 'median':
      process.stdout.write(`${median(args.map(Number))}\n`);
      break;
    case 'table':
      table(args[0]);
      break;
    case 'pool':
      if (args.length === 0) die('usage: pool FILE...');
      pool(args);
      break;
    default:
      die(`unknown command "${command ?? ''}" (gen, port, browse, floor, field, median, table, pool)`);
  }
} catch (error) {
  die(`${command}: ${error?.message ?? error}`);
}
