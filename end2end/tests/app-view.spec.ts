// The MCP App view in a real host: a page built on the host side of the
// official SDK (@modelcontextprotocol/ext-apps AppBridge) renders the view
// from resources/read in a sandboxed iframe under the spec's default CSP,
// and passes the view's tool calls to a real `aide mcp`.
import { expect, Frame, Page, test } from './fixture';
import { buildSync } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleInput } from './aide';
import { APPS_CAPABILITIES, McpClient, mcpProjects } from './mcp';
import { input as previewInput, previewProject } from './previews';

const VIEW_URI = 'ui://aide/decide.html';
const HOST = 'http://host.aide.test/';
const VIEW = 'http://view.aide.test/view.html';
// Where aide hands its view the token every app-only call must carry.
const TOKEN_META = 'aide/viewToken';
// The CSP a host applies to a view that declares no domains (MCP Apps).
const DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

// The SDK's host side, bundled for the browser once.
const bridgeScript = buildSync({
  stdin: {
    contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';",
    resolveDir: __dirname,
  },
  bundle: true,
  format: 'iife',
  globalName: 'ExtApps',
  platform: 'browser',
  write: false,
  logLevel: 'error',
}).outputFiles[0].text;

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<style>body{margin:16px;font-family:sans-serif} iframe{width:760px;height:400px;border:1px solid #999}</style></head>
<body><p id="host-note">Playwright host</p>
<iframe id="view" sandbox="allow-scripts" title="aide"></iframe>
<script src="/bridge.js"></script>
<script>
window.seen = { messages: [], context: [], calls: [] };
window.startHost = async (theme, tool, toolInput) => {
  const iframe = document.getElementById('view');
  const { AppBridge, PostMessageTransport } = ExtApps;
  const bridge = new AppBridge(null, { name: 'playwright-host', version: '1' },
    { serverTools: {}, openLinks: {}, message: { text: {} }, updateModelContext: { text: {} } },
    { hostContext: { theme, locale: 'en-US', displayMode: 'inline', platform: 'web',
                     toolInfo: { tool } } });
  bridge.oncalltool = async (params) => { window.seen.calls.push(params.name); return window.aideCallTool(params); };
  bridge.onsizechange = ({ height }) => { if (height) iframe.style.height = height + 'px'; };
  bridge.onmessage = async (params) => { window.seen.messages.push(params); return {}; };
  bridge.onupdatemodelcontext = async (params) => { window.seen.context.push(params); return {}; };
  bridge.onopenlink = async () => ({});
  const initialized = new Promise((ok) => { bridge.oninitialized = ok; });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.src = '${VIEW}';
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  window.bridge = bridge;
};
window.toolResult = (result) => window.bridge.sendToolResult(result);
</script></body></html>`;

// The host draws Apps: it declares the extension, so aide lists the
// app-only tools and hands out the view's token.
const mcpProject = mcpProjects(APPS_CAPABILITIES);

// What the view's CSP refused, in the current test: nothing, ever.
let violations: string[] = [];
test.afterEach(() => {
  expect(violations, 'CSP violations in the view').toEqual([]);
});

const example = () => JSON.parse(readFileSync(exampleInput, 'utf8'));

/**
 * Opens the host page with the view of `tool` called with `input`. The
 * host gives the view the tool's definition as it listed it, with its
 * `_meta` (and so the token), unless `withoutMeta`: then the view has the
 * token only from the tool's result.
 */
async function host(
  page: Page, mcp: McpClient, theme: 'light' | 'dark', tool: string, input: unknown, withoutMeta = false,
): Promise<Frame> {
  const listed = await mcp.request('tools/list', {});
  const definition = listed.result.tools.find((t: any) => t.name === tool);
  expect(typeof definition._meta[TOKEN_META]).toBe('string');
  const bare = { name: definition.name, description: definition.description, inputSchema: definition.inputSchema };
  const read = await mcp.request('resources/read', { uri: VIEW_URI });
  const contents = read.result.contents[0];
  expect(contents.mimeType).toBe('text/html;profile=mcp-app');
  await page.route(HOST, (route) => route.fulfill({ contentType: 'text/html', body: HOST_PAGE }));
  await page.route(`${HOST}bridge.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: bridgeScript }));
  await page.route(VIEW, (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': DEFAULT_CSP }, body: contents.text }),
  );
  await page.exposeFunction('aideCallTool', (params: { name: string; arguments: unknown }) =>
    mcp.tool(params.name, params.arguments),
  );
  violations = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto(HOST);
  const shown = withoutMeta ? bare : definition;
  await page.evaluate(([theme, tool, input]) => (window as any).startHost(theme, tool, input), [theme, shown, input] as const);
  const frame = page.frame({ url: VIEW });
  if (!frame) throw new Error('the view did not load');
  return frame;
}

/** A screenshot once the host has sized the frame to the view. */
async function shot(page: Page, name: string) {
  const height = () => page.evaluate(() => document.getElementById('view')!.style.height);
  await expect.poll(height).toMatch(/px$/);
  let last = '';
  await expect.poll(async () => { const now = await height(); const stable = now === last; last = now; return stable; },
    { intervals: [300] }).toBe(true);
  // Frames are drawn only inside the viewport, even on a full-page shot.
  const frameHeight = parseInt(await height(), 10);
  await page.setViewportSize({ width: 800, height: frameHeight + 80 });
  const dir = join(__dirname, '..', 'test-results', 'app-view');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

test('decide_submit: the view shows the form in the host and its answers are decide_result\'s', async ({ page }) => {
  const { mcp } = await mcpProject();
  const input = example();
  const submitted = await mcp.tool('decide_submit', input);
  const session = submitted.structuredContent.session_id;
  // The token comes with the result here (the host passes no tool
  // definition's `_meta`), and the model's part of it does not carry it.
  const token = submitted._meta[TOKEN_META];
  expect(typeof token).toBe('string');
  expect(JSON.stringify([submitted.content, submitted.structuredContent])).not.toContain(token);
  const view = await host(page, mcp, 'light', 'decide_submit', input, true);
  await page.evaluate((result) => (window as any).toolResult(result), submitted);

  // Everything the page shows: the cards, scores, pros and cons, the
  // recommendation, from aide's own markup.
  const items = view.locator('fieldset.item');
  await expect(items).toHaveCount(2);
  await expect(view.locator('h1')).toHaveText(input.task);
  await expect(view.locator('.item').first()).toContainText(input.items[0].title);
  await expect(view.locator('.option').first()).toContainText(input.items[0].options[0].label);
  await shot(page, 'light');

  // An incomplete form is refused in place by the browser's own check,
  // which moves the focus to the first open item: nothing is sent (the
  // count of answer calls once the form is answered says so below).
  const submit = view.getByRole('button', { name: /提交决策|Submit decisions/ });
  await submit.click();
  await expect.poll(() => view.evaluate(() => !!document.activeElement?.matches(':invalid'))).toBe(true);
  await expect(submit).toBeEnabled();

  // Answered from the keyboard and the mouse.
  await items.nth(0).locator('input[type=radio]').first().focus();
  await page.keyboard.press('Space');
  await items.nth(1).locator('input[type=radio]').nth(1).check();
  await items.nth(1).locator('textarea').fill('faster');
  await submit.click();
  await expect(view.locator('.done')).toBeVisible();
  // One answer call: the one of the complete form (the view's calls reach
  // the host in order, so one sent by the refused click came before it).
  const calls: string[] = await page.evaluate(() => (window as any).seen.calls);
  expect(calls.filter((name) => name === 'decide_view_answer')).toEqual(['decide_view_answer']);

  const result = await mcp.tool('decide_result', { session_id: session });
  expect(result.structuredContent.status).toBe('decided');
  expect(result.structuredContent.decisions).toEqual([
    { id: 1, chosen: input.items[0].options[0].value },
    { id: 2, chosen: input.items[1].options[1].value, note: 'faster' },
  ]);
  // decide_submit's agent learns it through the conversation.
  const seen = await page.evaluate(() => (window as any).seen);
  expect(seen.messages.length).toBe(1);
  expect(JSON.stringify(seen.messages[0])).toContain('decide_result');
});

test('decide: the view finds its session while the call still runs, and decide returns the answers', async ({ page }) => {
  const { mcp } = await mcpProject();
  const input = example();
  const decided = mcp.tool('decide', input);
  const view = await host(page, mcp, 'dark', 'decide', input);
  const items = view.locator('fieldset.item');
  await expect(items).toHaveCount(2);
  await shot(page, 'dark');
  for (const n of [0, 1]) await items.nth(n).locator('input[type=radio]').first().check();
  await view.getByRole('button', { name: /提交决策|Submit decisions/ }).click();
  await expect(view.locator('.done')).toBeVisible();
  const result = await decided;
  expect(result.structuredContent.status).toBe('decided');
  // The first option of each item, as chosen in the view.
  expect(result.structuredContent.decisions).toEqual([
    { id: 1, chosen: input.items[0].options[0].value },
    { id: 2, chosen: input.items[1].options[0].value },
  ]);
  await page.evaluate((r) => (window as any).toolResult(r), result);
  await expect(view.locator('.done')).toBeVisible();
  const seen = await page.evaluate(() => (window as any).seen);
  expect(seen.messages.length).toBe(0);
  expect(seen.context.length).toBe(1);
});

test('an item asked before shows that decision in the view too; its button answers the same way', async ({ page }) => {
  const { project, mcp } = await mcpProject();
  const input = example();
  const first = await mcp.tool('decide_submit', input);
  const { session_id: earlier, url } = first.structuredContent;
  const api = new URL('/api/decisions', url);
  api.search = new URL(url).search;
  const answered = await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-aide-session': earlier },
    body: JSON.stringify({ decisions: [{ id: 1, chosen: 'jwt' }, { id: 2, chosen: 'bcrypt', note: 'the team knows it' }] }),
  });
  expect(answered.status).toBe(200);

  const second = await mcp.tool('decide_submit', input);
  const session = second.structuredContent.session_id;
  const view = await host(page, mcp, 'light', 'decide_submit', input);
  await page.evaluate((result) => (window as any).toolResult(result), second);
  const cards = view.locator('aside.precedent');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText('the team knows it');
  const items = view.locator('fieldset.item');
  await expect(items.locator('input[type=radio]:checked')).toHaveCount(0);
  const follow = cards.nth(0).locator('button.follow');
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(items.nth(0).locator('input[type=radio]').first()).toBeChecked();
  await items.nth(1).locator('input[type=radio]').nth(1).check();
  await shot(page, 'precedent');
  await view.getByRole('button', { name: /提交决策|Submit decisions/ }).click();
  await expect(view.locator('.done')).toBeVisible();
  const record = JSON.parse(readFileSync(join(project.dir, '.aide/decisions', `${session}.json`), 'utf8'));
  expect(record.via).toBe('view');
  expect(record.followed).toEqual([{ id: 1, session_id: earlier, item: 1 }]);
});

test('a long session arrives in batches and every item is answered in the view', async ({ page }) => {
  const { mcp } = await mcpProject();
  const items = Array.from({ length: 130 }, (_, n) => ({
    id: n + 1,
    title: `Question ${n + 1}`,
    options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
  }));
  const input = { task: 'Long', source: 's.md', items };
  const submitted = await mcp.tool('decide_submit', input);
  const view = await host(page, mcp, 'light', 'decide_submit', input);
  await expect(view.locator('fieldset.item')).toHaveCount(130);
  await expect(view.locator('.more-items')).toHaveCount(0);
  const radios = view.locator('fieldset.item input[type=radio][value="1"]');
  // The first and the last by pointer, as a person would; the 128 between
  // by the radios' own click(), which fires the same input and change events
  // (128 pointer checks took 45 of this test's 48 s).
  await radios.first().check();
  await radios.evaluateAll((all) => all.slice(1, -1).forEach((radio) => (radio as HTMLInputElement).click()));
  await radios.last().check();
  await expect(view.locator('fieldset.item input[type=radio][value="1"]:checked')).toHaveCount(130);
  await view.getByRole('button', { name: /提交决策|Submit decisions/ }).click();
  await expect(view.locator('.done')).toBeVisible();
  const result = await mcp.tool('decide_result', { session_id: submitted.structuredContent.session_id });
  expect(result.structuredContent.decisions).toHaveLength(130);
  expect(result.structuredContent.decisions.every((d: any) => d.chosen === 'b')).toBe(true);
});

test('the view saves drafts: what is chosen in the view is what the page shows', async ({ page, context }) => {
  const { mcp } = await mcpProject();
  const input = example();
  const submitted = await mcp.tool('decide_submit', input);
  const { session_id: session, url } = submitted.structuredContent;
  const view = await host(page, mcp, 'light', 'decide_submit', input);
  await page.evaluate((result) => (window as any).toolResult(result), submitted);
  const items = view.locator('fieldset.item');
  await expect(items).toHaveCount(2);
  // The note first: a draft that counts the item answered was saved after
  // the choice, so it holds the note too (a draft saved between a choice
  // and a note would pass the poll below without it).
  await items.nth(1).locator('textarea').fill('later');
  await items.nth(1).locator('input[type=radio]').nth(1).check();
  // Saved through the page server a moment after the last change.
  const answered = async () => (await mcp.tool('decide_result', { session_id: session })).structuredContent.answered;
  await expect.poll(answered).toBe(1);
  expect(await page.evaluate(() => (window as any).seen.calls)).toContain('decide_view_draft');

  const other = await context.newPage();
  await other.goto(url);
  const card = other.locator('fieldset.item').nth(1);
  await expect(card.locator('input[type=radio]').nth(1)).toBeChecked();
  await expect(card.locator('textarea')).toHaveValue('later');
  await expect(other.locator('fieldset.item').nth(0).locator('input[type=radio]:checked')).toHaveCount(0);
});

test('a host that passes the view no token: the view sends the person to the page', async ({ page }) => {
  const { mcp } = await mcpProject();
  const input = example();
  // decide's result comes only with the answers, and this host gives the
  // view no tool definition with its _meta: aide would refuse its calls.
  void mcp.tool('decide', input);
  const view = await host(page, mcp, 'light', 'decide', input, true);
  await expect(view.getByRole('status')).toContainText("did not hand aide's view its token", { timeout: 15_000 });
  await expect(view.locator('fieldset.item')).toHaveCount(0);
  expect(await page.evaluate(() => (window as any).seen.calls)).toEqual([]);
});

test('options that show diffs, pictures and Markdown: the same panels in the view, the pictures inline', async ({ page, browser }) => {
  const { project, mcp } = await mcpProject();
  await previewProject(browser, project);
  const submitted = await mcp.tool('decide_submit', previewInput);
  expect(submitted.structuredContent.status).toBe('pending');
  const view = await host(page, mcp, 'light', 'decide_submit', previewInput, true);
  await page.evaluate((result) => (window as any).toolResult(result), submitted);
  await expect(view.locator('fieldset.item')).toHaveCount(3);
  await expect(view.locator('details.attached-option')).toHaveCount(6);
  await expect(view.locator('table.diff tr.a').first()).toBeVisible();
  await expect(view.locator('img').first()).toHaveAttribute('src', /^data:image\/png;base64,/);
  // Pictures load as they come near the screen (loading="lazy").
  await view.locator('img').first().scrollIntoViewIfNeeded();
  await expect.poll(() => view.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await shot(page, 'previews');
  mkdirSync('/tmp/previews-shots', { recursive: true });
  copyFileSync(join(__dirname, '..', 'test-results', 'app-view', 'previews.png'), '/tmp/previews-shots/app-view.png');
});
