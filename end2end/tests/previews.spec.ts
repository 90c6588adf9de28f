// Options the person can see (issue 57): a Markdown preview, a diff or a
// picture per option, compared side by side on a wide screen, stacked and
// folded on a phone; keyboard, screen readers (axe), no JavaScript, the
// refused inputs, and the App view. Screenshots go to test-results/ and,
// for review, to /tmp/previews-shots/.
import { expect, Page, test } from './fixture';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, Submit } from './aide';
import { hydrated, item, layoutShift, seriousAxe } from './form';
import { cacheDiff, input, previewProject } from './previews';

const SHOTS = '/tmp/previews-shots';
mkdirSync(SHOTS, { recursive: true });

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

async function open(page: Page, project: Project): Promise<Submit> {
  const submit = await project.submit(project.writeInput('input.json', input));
  running.push(submit);
  await page.goto(submit.url);
  await expect(hydrated(page)).toBeVisible();
  return submit;
}


for (const scheme of ['light', 'dark'] as const) {
  test(`compare (${scheme}): two diffs side by side on a wide screen, stacked on a phone; axe clean, nothing shifts`, async ({ browser }, info) => {
    const project = await previewProject(browser);
    let submit: Submit | undefined;
    for (const [size, viewport] of [
      ['wide', { width: 1440, height: 1000 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      if (!submit) submit = await open(page, project);
      else {
        await page.goto(submit.url);
        await expect(hydrated(page)).toBeVisible();
      }
      const panels = item(page, 1).locator('details.attached-option');
      await expect(panels).toHaveCount(2);
      await expect(panels.nth(0).locator('summary')).toContainText('In-process LRU');
      await expect(panels.nth(0).locator('table.diff tr.a')).toHaveCount(4);
      await expect(panels.nth(0).locator('table.diff tr.d')).toHaveCount(3);
      await expect(panels.nth(0).locator('.tk').first()).toBeVisible();
      const [a, b] = [await panels.nth(0).boundingBox(), await panels.nth(1).boundingBox()];
      if (size === 'wide') {
        expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
        expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
      } else {
        expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
        expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
      }
      expect(await layoutShift(page)).toBe(0);
      expect(await seriousAxe(page), `${scheme} ${size}`).toEqual([]);
      const name = `diff-${size}-${scheme}.png`;
      await item(page, 1).screenshot({ path: join(SHOTS, name) });
      await info.attach(name, { path: join(SHOTS, name), contentType: 'image/png' });
      if (scheme === 'light' && size === 'wide') {
        await item(page, 2).screenshot({ path: join(SHOTS, 'image-wide-light.png') });
        await item(page, 3).screenshot({ path: join(SHOTS, 'markdown-wide-light.png') });
      }
      await context.close();
    }
  });
}

test('an image option is served to the key holder with its type; markup in a preview stays text', async ({ page, browser }) => {
  const project = await previewProject(browser);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    dialog.dismiss();
  });
  const submit = await open(page, project);
  const picture = item(page, 2).locator('img').first();
  await expect(picture).toHaveAttribute('alt', /Cards.*shots\/cards\.png/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const src = await picture.getAttribute('src');
  const own = await page.request.get(new URL(src!, submit.url).toString());
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/png');
  // Another browser, without the page's key, gets nothing.
  const stranger = await browser.newContext();
  const refused = await stranger.request.get(new URL(src!, submit.url).toString());
  expect(refused.status()).toBe(403);
  await stranger.close();
  await expect(item(page, 3).locator('.preview').first()).toContainText('<script>alert("preview")</script>');
  await expect(item(page, 3).locator('.preview h4').first()).toHaveText('No prices yet');
  expect(dialogs).toBe(0);
});

test('keyboard: a panel folds from its summary, a diff scrolls in focus, and a number key there chooses', async ({ page, browser }) => {
  const project = await previewProject(browser);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await open(page, project);
  const panel = item(page, 1).locator('details.attached-option').nth(1);
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel).not.toHaveAttribute('open', '');
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  const region = panel.getByRole('region', { name: '改动 src/cache.rs' });
  await expect(region).toBeFocused();
  await page.keyboard.press('2');
  await expect(item(page, 1).getByRole('radio', { name: /Time-to-live cache/ })).toBeChecked();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the panels show and fold, and the plain form records the answers', async ({ page, browser }) => {
    const project = await previewProject(browser);
    const submit = await project.submit(project.writeInput('input.json', input));
    running.push(submit);
    await page.goto(submit.url);
    const panel = item(page, 1).locator('details.attached-option').first();
    await expect(panel.locator('table.diff')).toBeVisible();
    await panel.locator('summary').click();
    await expect(panel.locator('table.diff')).toBeHidden();
    await item(page, 1).getByText('Time-to-live cache', { exact: true }).first().click();
    await item(page, 2).getByText('Table', { exact: true }).first().click();
    await item(page, 3).getByText('Guided', { exact: true }).first().click();
    await page.getByRole('button', { name: '提交决策' }).click();
    await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
    expect(await submit.exited).toBe(0);
    const result = project.run(['decide', 'result']);
    expect(JSON.parse(result.stdout).decisions.map((d: { chosen: string }) => d.chosen)).toEqual(['ttl', 'table', 'guided']);
  });
});

test('refused inputs name the field and the line or the limit, and start no page', async ({ browser }) => {
  const project = await previewProject(browser);
  writeFileSync(join(project.dir, '..', `outside-${process.pid}.diff`), cacheDiff('lru'));
  copyFileSync(join(project.dir, 'shots/cards.png'), join(project.dir, 'shots/cards.jpg'));
  const refused = {
    task: 't',
    source: 'chat',
    items: [{
      id: 1,
      title: 'q',
      options: [
        { value: 'a', label: 'A', diff_file: `../outside-${process.pid}.diff` },
        { value: 'b', label: 'B', diff: 'this is no diff\n' },
        { value: 'c', label: 'C', image: 'shots/cards.jpg' },
        { value: 'd', label: 'D', image: 'logo.svg' },
      ],
    }],
  };
  const { code, stderr } = project.run(['decide', 'submit', project.writeInput('bad.json', refused)]);
  expect(code).toBe(1);
  expect(stderr).toContain('items[0].options[0].diff_file 值 "../outside-');
  expect(stderr).toContain('指向项目之外');
  expect(stderr).toContain('items[0].options[1].diff 不是统一格式的 diff(git diff 的输出):第 1 行起无法读取');
  expect(stderr).toContain('items[0].options[2].image 值 "shots/cards.jpg" 的内容不是文件名所示的 JPEG 图片,而是 PNG');
  expect(stderr).toContain('items[0].options[3].image 值 "logo.svg" 是 SVG');
  expect(project.run(['decide', 'status']).stdout).not.toContain('http');
});
