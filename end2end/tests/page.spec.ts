// The decision page as people use it: keyboard, recommendations, summary,
// Markdown, languages, phone sizes, accessibility and both themes.
import { expect, Page, test } from './fixture';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Project, Submit } from './aide';
import { item, seriousAxe } from './form';

const examples = resolve(__dirname, '../../examples');
const cacheInput = join(examples, 'cache.json');

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

/** A project holding `examples/cache.json` and the file its item 1 points at. */
function cacheProject(): Project {
  const project = new Project();
  mkdirSync(join(project.dir, 'src'), { recursive: true });
  copyFileSync(join(examples, 'src/pricing.rs'), join(project.dir, 'src/pricing.rs'));
  return project;
}

async function open(page: Page, project: Project, env?: Record<string, string | null>): Promise<Submit> {
  const submit = await project.submit(cacheInput, { env });
  running.push(submit);
  await page.goto(submit.url);
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
  return submit;
}


test('keyboard only: N moves to the next open item, number keys choose, Enter submits', async ({ page }) => {
  const project = cacheProject();
  const submit = await open(page, project);
  await expect(page.getByText('键盘快捷键')).toBeVisible();

  await page.keyboard.press('n');
  await expect(item(page, 1).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('2');
  await expect(item(page, 1).getByRole('radio', { name: /Redis/ })).toBeChecked();
  await expect(item(page, 1).getByRole('radio', { name: /Redis/ })).toBeFocused();
  await expect(page.getByText('1/3 已选择')).toBeVisible();

  await page.keyboard.press('n');
  await expect(item(page, 2).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('3');
  await expect(item(page, 2).getByRole('radio', { name: /Do not cache promotions/ })).toBeChecked();
  // Digits typed into a note are text, not shortcuts.
  await page.keyboard.press('Tab');
  await expect(item(page, 2).getByRole('textbox')).toBeFocused();
  await page.keyboard.type('n 1 2');
  await expect(item(page, 2).getByRole('textbox')).toHaveValue('n 1 2');
  await expect(item(page, 2).getByRole('radio', { name: /Do not cache promotions/ })).toBeChecked();

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('n');
  await expect(item(page, 3).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('1');
  await expect(page.getByText('3/3 已选择')).toBeVisible();
  // Everything answered: N goes to the submit button.
  await page.keyboard.press('n');
  const send = page.getByRole('button', { name: '提交决策' });
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  expect(await submit.exited).toBe(0);
  expect(JSON.parse(project.run(['decide', 'result']).stdout)).toEqual({
    decisions: [
      { id: 1, chosen: 'redis' },
      { id: 2, chosen: 'none', note: 'n 1 2' },
      { id: 3, chosen: 'pricing_cache' },
    ],
  });
});

test('accept all recommendations fills only unanswered items; the summary shows what differs', async ({ page }) => {
  const project = cacheProject();
  await open(page, project);
  const accept = page.getByRole('button', { name: '采纳全部推荐' });
  await expect(page.getByText('为 2 个尚未选择的项填入推荐选项')).toBeVisible();
  // Nothing is chosen silently.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

  await item(page, 2).getByRole('radio', { name: /Until an edit evicts it/ }).check();
  await accept.click();
  await expect(page.getByRole('status').filter({ hasText: '已为 1 项填入推荐选项' })).toBeVisible();
  await expect(item(page, 1).getByRole('radio', { name: /In-process LRU/ })).toBeChecked();
  await expect(item(page, 2).getByRole('radio', { name: /Until an edit evicts it/ })).toBeChecked();
  await expect(item(page, 3).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(accept).toBeDisabled();
  await expect(page.getByText('2/3 已选择')).toBeVisible();

  const summary = page.getByRole('region', { name: '提交前核对' });
  const rows = summary.getByRole('listitem');
  await expect(rows.nth(0)).toContainText('In-process LRU');
  await expect(rows.nth(0)).not.toContainText('与推荐不同');
  await expect(rows.nth(1)).toContainText('Until an edit evicts it');
  await expect(rows.nth(1)).toContainText('与推荐不同 · 推荐: 60 seconds');
  await expect(rows.nth(2)).toContainText('尚未选择');
  await expect(summary).toContainText('有 1 项的选择与推荐不同');

  // Why each recommendation stands out, worked out from the options.
  await expect(item(page, 1)).toContainText('评分最高:80(其次 65)');
  await expect(item(page, 2)).toContainText('agent 的判断:评分 70 并非最高(最高 85)');
});

test('context is Markdown: tables, emphasis, lists and safe links; raw HTML stays text', async ({ page }) => {
  const project = cacheProject();
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await open(page, project);
  const context = item(page, 1).locator('.context');
  await expect(context.locator('strong')).toHaveText('pricing service');
  await expect(context.locator('em')).toHaveText('180 ms');
  await expect(context.getByRole('table')).toBeVisible();
  await expect(context.getByRole('columnheader')).toHaveText(['option', 'p99', 'ops cost']);
  await expect(context.getByRole('cell', { name: '9 ms' })).toHaveClass('align-right');
  await expect(item(page, 2).locator('.context ol > li')).toHaveText(['a merchant edits them', 'a promotion starts or ends']);
  const link = context.getByRole('link', { name: 'load test' });
  await expect(link).toHaveAttribute('href', 'https://example.com/load-test');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(context.locator('code')).toHaveText('bench/prices.sh');
  // The <script> in the context is shown, not run.
  await expect(context).toContainText("<script>alert('x')</script>");
  await expect(context.locator('script')).toHaveCount(0);
  // The snippet of item 1, with line numbers.
  await expect(item(page, 1).locator('.line-number')).toHaveText(['2', '3', '4', '5', '6']);
  expect(alerts).toEqual([]);
});

test('English and Chinese: the switch keeps every choice; the browser language applies when aide has none', async ({ page, browser }) => {
  const project = cacheProject();
  await open(page, project);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await item(page, 1).getByRole('radio', { name: /Redis/ }).check();
  await item(page, 1).getByRole('textbox').fill('先试试');
  await page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'English' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
  await expect(page.getByText('1/3 chosen')).toBeVisible();
  await expect(item(page, 1).getByRole('radio', { name: /Redis/ })).toBeChecked();
  await expect(item(page, 1).getByRole('textbox')).toHaveValue('先试试');
  await expect(page.getByRole('button', { name: 'Accept all recommendations' })).toBeVisible();
  await expect(item(page, 1)).toContainText('Highest score: 80 (next best 65)');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  // The choice is remembered on reload.
  await page.reload();
  await expect(page.getByText('1/3 chosen')).toBeVisible();

  // aide with no language of its own: an English browser gets English, a
  // Chinese one Chinese; the terminal keeps its locale's Chinese.
  const free = cacheProject();
  const english = await browser.newContext({ locale: 'en-US' });
  const englishPage = await english.newPage();
  const submit = await open(englishPage, free, { AIDE_LANG: null, LC_ALL: null, LC_MESSAGES: null, LANG: 'zh_CN.UTF-8' });
  await expect(englishPage.getByRole('heading', { name: 'Before you submit' })).toBeVisible();
  await english.close();
  const chinese = await browser.newContext({ locale: 'zh-CN' });
  const chinesePage = await chinese.newPage();
  await chinesePage.goto(submit.url);
  await expect(chinesePage.getByRole('heading', { name: '提交前核对' })).toBeVisible();
  await chinese.close();
});

test('a 360 px phone: nothing scrolls sideways and a tap submits', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const project = cacheProject();
  const submit = await open(page, project);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await page.getByRole('button', { name: '采纳全部推荐' }).tap();
  await item(page, 3).getByText('cache_*', { exact: true }).tap();
  await expect(page.getByText('3/3 已选择')).toBeVisible();
  await page.getByRole('button', { name: '提交决策' }).tap();
  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  expect(await submit.exited).toBe(0);
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`accessibility (${scheme}): no serious axe violations; screenshots at desktop and phone sizes`, async ({ browser }, info) => {
    const project = cacheProject();
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 360, height: 780 }],
    ] as const) {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      if (size === 'desktop') await open(page, project);
      else await page.goto(running[0].url);
      await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
      await item(page, 2).getByRole('radio', { name: /Until an edit evicts it/ }).check();
      await page.getByText('键盘快捷键').click();
      expect(await seriousAxe(page), `${scheme} ${size}`).toEqual([]);
      const path = info.outputPath(`page-${scheme}-${size}.png`);
      await page.screenshot({ path, fullPage: true });
      await info.attach(`page-${scheme}-${size}`, { path, contentType: 'image/png' });
      await context.close();
    }
  });
}

test('a lost connection while submitting says so and keeps every choice', async ({ page }) => {
  const project = cacheProject();
  const submit = await open(page, project);
  await page.getByRole('button', { name: '采纳全部推荐' }).click();
  await item(page, 3).getByRole('radio', { name: /cache_\*/ }).first().check();
  await item(page, 3).getByRole('textbox').fill('稍后再定');
  submit.stop();
  await submit.exited;
  await page.getByRole('button', { name: '提交决策' }).click();
  await expect(page.getByRole('alert')).toContainText('无法连接到 aide 服务,提交未完成;你的选择都还在');
  await expect(item(page, 1).getByRole('radio', { name: /In-process LRU/ })).toBeChecked();
  await expect(item(page, 3).getByRole('textbox')).toHaveValue('稍后再定');
  await expect(page.getByText('3/3 已选择')).toBeVisible();
  await expect(page.getByRole('button', { name: '提交决策' })).toBeEnabled();
});

test('the submit bar stays above the options that scroll under it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await open(page, cacheProject());
  const bar = await page.locator('.submit-bar').boundingBox();
  expect(bar).not.toBeNull();
  // Scroll an option's radio and name to the middle of the bar.
  for (const part of ['input.choice', '.option-name']) {
    const target = item(page, 2).locator(part).first();
    const box = await target.boundingBox();
    const y = (box?.y ?? 0) + (box?.height ?? 0) / 2;
    await page.evaluate((by) => window.scrollBy(0, by), y - ((bar?.y ?? 0) + (bar?.height ?? 0) / 2));
    const moved = await target.boundingBox();
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('.submit-bar') !== null,
      [(moved?.x ?? 0) + (moved?.width ?? 0) / 2, (moved?.y ?? 0) + (moved?.height ?? 0) / 2],
    );
    expect(onTop, `${part} drawn over the submit bar`).toBe(true);
  }
});
