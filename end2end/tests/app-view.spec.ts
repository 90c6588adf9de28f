// The MCP App view in a real host: a page built on the host side of the
// official SDK (@modelcontextprotocol/ext-apps AppBridge) renders the view
// from resources/read in a sandboxed iframe under the spec's default CSP,
// and passes the view's tool calls to a real `aide mcp`.
import { expect, Page, test } from './fixture';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleInput } from './aide';
import { host, TOKEN_META, violations } from './app_host';
import { APPS_CAPABILITIES, mcpProjects } from './mcp';
import { input as previewInput, previewProject } from './previews';

// The host draws Apps: it declares the extension, so aide lists the
// app-only tools and hands out the view's token.
const mcpProject = mcpProjects(APPS_CAPABILITIES);

// What the view's CSP refused, in the current test: nothing, ever.
test.afterEach(() => {
  expect(violations, 'CSP violations in the view').toEqual([]);
});

const example = () => JSON.parse(readFileSync(exampleInput, 'utf8'));

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
