// Attacks from other web pages in the same browser, in real Chromium: a
// page on another port of 127.0.0.1, the host of aide's address (same site,
// so the SameSite cookie is sent), tries to forge answers and to read the
// items.
import { expect, test } from './fixture';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:/);
  await page.goto(`http://127.0.0.1:${evil}/`);
  const attack = await page.waitForFunction(() => (window as any).attack, undefined, { timeout: 15_000 });
  const out = await attack.jsonValue();

  expect(out.read).toBe('blocked');
  expect(out.corsPost).toBe('blocked');
  // The simple request goes out, the server refuses it (Sec-Fetch-Site is
  // same-site, not same-origin), and Cross-Origin-Resource-Policy keeps even
  // the opaque reply from the page, so the fetch fails.
  expect(out.noCorsPost).toBe('error');
  const result = project.run(['decide', 'result']);
  // Not answered: the spec's own result says so and exits 1 (its §6.2).
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('尚无决策结果');
  expect(submit.stderr).not.toContain('决策已完成');
});

test('code snippets come from inside the project only, with line numbers and notes', async ({ page }) => {
  const project = new Project();
  mkdirSync(join(project.dir, 'src'));
  const code = Array.from({ length: 20 }, (_, n) => `fn line_${n + 1}() {}`).join('\n');
  writeFileSync(join(project.dir, 'src/auth.rs'), code + '\n');
  symlinkSync('/etc/passwd', join(project.dir, 'src/passwd'));
  const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
  const item = (id: number, file: string, start: number, end: number) =>
    ({ id, title: `问题 ${id}`, location: { file, start, end }, options });
  const input = project.writeInput('snippets.json', {
    task: '代码位置',
    source: 's.md',
    items: [
      item(1, 'src/auth.rs', 3, 5),
      item(2, 'src/nope.rs', 1, 2),
      item(3, '../../../../../etc/passwd', 1, 3),
      item(4, '/etc/passwd', 1, 3),
      item(5, 'src/passwd', 1, 3),
      item(6, 'src/auth.rs', 19, 25),
    ],
  });
  const submit = await project.submit(input);
  running.push(submit);
  await page.goto(submit.url);
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();

  const group = (n: number) => page.getByRole('group', { name: new RegExp(`问题 ${n}`) });
  const lines = group(1).locator('.code-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveText('3fn line_3() {}');
  await expect(lines.nth(2).locator('.line-number')).toHaveText('5');
  await expect(group(2).getByRole('note')).toHaveText('项目中没有这个文件');
  await expect(group(3).getByRole('note')).toContainText('路径指向项目之外');
  await expect(group(4).getByRole('note')).toContainText('不显示绝对路径的文件');
  await expect(group(5).getByRole('note')).toContainText('路径指向项目之外');
  await expect(group(6).locator('.code-line')).toHaveCount(2);
  await expect(group(6).getByRole('note')).toHaveText('文件只有 20 行,已显示到末尾');
  await expect(page.locator('body')).not.toContainText('root:');
});
