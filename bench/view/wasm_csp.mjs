// Can the App view carry aide's island inside its HTML? A sandboxed
// iframe (as an MCP Apps host draws a view) loads a document holding the
// island's glue and its WASM module (base64) inline, under the host's
// default CSP, and under the same CSP with 'wasm-unsafe-eval' added. It
// reports whether the module compiled, and how long decoding, compiling
// and instantiating took. Run from the repository's root, after
// ./scripts/bundle.sh (it reads target/site/pkg):
//   node bench/view/wasm_csp.mjs [runs]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(new URL('../../end2end/package.json', import.meta.url));
const { chromium } = require('playwright');
const target = process.env.CARGO_TARGET_DIR ?? 'target';
const wasm = readFileSync(`${target}/site/pkg/aide.wasm`);
const glue = readFileSync(`${target}/site/pkg/aide.js`, 'utf8');
// The glue exports initSync under a local name of its own (minified).
const initSync = glue.match(/export\s*\{\s*(\w+) as initSync/)[1];
const runs = Number(process.argv[2] ?? 5);

// The host's default CSP for a view that declares no domains (MCP Apps;
// end2end/tests/app-view.spec.ts uses the same).
const DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'";
const WITH_WASM = DEFAULT_CSP.replace("'unsafe-inline';", "'unsafe-inline' 'wasm-unsafe-eval';");

// The view document with the island inline: the glue as an inline module,
// the module's bytes as base64 in a JSON script element.
const view = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script type="application/json" id="wasm">"${wasm.toString('base64')}"</script>
<script type="module">
${glue}
const start = performance.now();
let outcome;
try {
  const text = JSON.parse(document.getElementById('wasm').textContent);
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const decoded = performance.now();
  ${initSync}({ module: bytes });
  hydrate();
  outcome = { ok: true, decodeMs: decoded - start, startMs: performance.now() - start };
} catch (error) {
  outcome = { ok: false, error: String(error) };
}
parent.postMessage(outcome, '*');
</script></body></html>`;

const host = `<!doctype html><html><body><iframe sandbox="allow-scripts" src="http://view.test/view.html"></iframe>
<script>window.outcome = new Promise((ok) => addEventListener('message', (e) => ok(e.data)));</script></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
console.log(`view document with the island inline: ${view.length} bytes (wasm ${wasm.length} raw, glue ${glue.length})`);
for (const [name, csp] of [['default CSP', DEFAULT_CSP], ["with 'wasm-unsafe-eval'", WITH_WASM]]) {
  const results = [];
  for (let n = 0; n < runs; n++) {
    const page = await browser.newPage();
    const refused = [];
    page.on('console', (m) => { if (/Content Security Policy|Refused/.test(m.text())) refused.push(m.text()); });
    await page.route('http://host.test/', (r) => r.fulfill({ contentType: 'text/html', body: host }));
    await page.route('http://view.test/view.html', (r) =>
      r.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': csp }, body: view }));
    await page.goto('http://host.test/');
    results.push({ ...(await page.evaluate(() => window.outcome)), refused: refused.length });
    await page.close();
  }
  const ok = results.filter((r) => r.ok);
  const ms = (key) => ok.map((r) => r[key].toFixed(1)).join(', ');
  console.log(`${name}: ${ok.length}/${runs} compiled` +
    (ok.length ? `; decode ${ms('decodeMs')} ms; decode+compile+instantiate+hydrate ${ms('startMs')} ms` : '') +
    (ok.length < runs ? `; refused: ${results.find((r) => !r.ok).error}` : '') +
    `; CSP reports: ${results.map((r) => r.refused).join(', ')}`);
}
await browser.close();
