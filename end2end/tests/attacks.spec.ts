// Attacks from other web pages in the same browser, in real Chromium: a
// page on another port of localhost (same site, so the SameSite cookie is
// sent) tries to forge answers and to read the items.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exampleInput, Project, Submit } from './aide';

let running: Submit[] = [];
let servers: Server[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  servers.forEach((s) => s.close());
  running = [];
  servers = [];
});

/** An attacker's page that knows the aide address (without its key) and even the session id. */
function attackPage(aide: string, session: string): string {
  const answers = JSON.stringify({ decisions: [{ id: 1, chosen: 'jwt' }, { id: 2, chosen: 'bcrypt' }] });
  return `<!doctype html><meta charset="utf-8"><title>evil</title>
<iframe name="sink"></iframe>
<form id="forged" method="post" target="sink" action="${aide}/submit">
  <input name="session" value="${session}"><input name="item-1" value="jwt"><input name="item-2" value="bcrypt">
</form>
<script>
(async () => {
  const aide = ${JSON.stringify(aide)};
  const out = {};
  try {
    const r = await fetch(aide + '/api/decisions', { method: 'POST', mode: 'no-cors', credentials: 'include',
      headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(answers)} });
    out.noCorsPost = r.type;
  } catch (e) { out.noCorsPost = 'error'; }
  try {
    const r = await fetch(aide + '/api/decisions', { method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Aide-Session': ${JSON.stringify(session)} }, body: ${JSON.stringify(answers)} });
    out.corsPost = String(r.status);
  } catch (e) { out.corsPost = 'blocked'; }
  try {
    const r = await fetch(aide + '/', { credentials: 'include' });
    out.read = await r.text();
  } catch (e) { out.read = 'blocked'; }
  document.getElementById('forged').submit();
  await new Promise((ok) => setTimeout(ok, 1000));
  window.attack = out;
})();
</script>`;
}

async function serve(html: string): Promise<number> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as AddressInfo).port;
}

test('another page in the same browser can neither forge answers nor read the items', async ({ page }) => {
  const project = new Project();
  const submit = await project.submit(exampleInput);
  running.push(submit);
  // The person has the page open: the browser holds its cookie.
  await page.goto(submit.url);
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();

  const origin = new URL(submit.url).origin;
  const session = JSON.parse(readFileSync(join(project.dir, '.aide/decisions/pending.json'), 'utf8'))._meta.session_id;
  const evil = await serve(attackPage(origin, session));
  await page.goto(`http://localhost:${evil}/`);
  const attack = await page.waitForFunction(() => (window as any).attack, undefined, { timeout: 15_000 });
  const out = await attack.jsonValue();

  expect(out.read).toBe('blocked');
  expect(out.corsPost).toBe('blocked');
  // The simple request goes out, the server refuses it (Sec-Fetch-Site is
  // same-site, not same-origin), and Cross-Origin-Resource-Policy keeps even
  // the opaque reply from the page, so the fetch fails.
  expect(out.noCorsPost).toBe('error');
  const result = project.run(['decide', 'result']);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('尚无决策结果');
  expect(submit.stderr).not.toContain('决策已完成');
});
