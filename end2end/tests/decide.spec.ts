import { expect, Page, test } from './fixture';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleInput, Project, Submit } from './aide';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

async function open(page: Page, project: Project, input = exampleInput): Promise<Submit> {
  const submit = await project.submit(input);
  running.push(submit);
  await page.goto(submit.url);
  return submit;
}

async function hydrated(page: Page) {
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
}

test('a person answers in the browser and the agent reads exactly those answers', async ({ page }) => {
  const project = new Project();
  const submit = await open(page, project);
  // The tab counts the unanswered items.
  await expect(page).toHaveTitle(/^\(2\) 实现用户认证模块/);
  await hydrated(page);

  const auth = page.getByRole('group', { name: /认证方式选择/ });
  const hashing = page.getByRole('group', { name: /密码加密算法/ });
  await expect(auth.getByText('推荐')).toBeVisible();
  await expect(page.getByText('0/2 已选择')).toBeVisible();
  const send = page.getByRole('button', { name: /提交/ });
  await expect(send).toBeDisabled();
  // The recommendation is shown, not chosen for the person.
  await expect(auth.getByRole('radio', { name: /JWT Token 认证/ })).not.toBeChecked();

  await auth.getByRole('radio', { name: /Session 认证/ }).check();
  await expect(page.getByText('1/2 已选择')).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) 实现用户认证模块/);
  await expect(send).toBeDisabled();
  await hashing.getByRole('radio', { name: /Argon2/ }).check();
  await hashing.getByRole('textbox', { name: /备注/ }).fill('抗 GPU 更重要');
  await expect(page.getByText('2/2 已选择')).toBeVisible();
  await expect(send).toBeEnabled();
  await send.click();

  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  await expect(page).toHaveTitle(/^实现用户认证模块/);
  expect(await submit.exited).toBe(0);
  expect(submit.stderr.trimEnd().split('\n').at(-1)).toBe('✓ 决策已完成');
  const result = project.run(['decide', 'result']);
  expect(result).toEqual({
    code: 0,
    stdout: '{"decisions":[{"id":1,"chosen":"session"},{"id":2,"chosen":"argon2","note":"抗 GPU 更重要"}]}\n',
    stderr: '',
  });
});

test('a failed submit shows the server error and keeps every choice', async ({ page }) => {
  const project = new Project();
  await open(page, project);
  await hydrated(page);
  await page.getByRole('radio', { name: /JWT Token 认证/ }).check();
  await page.getByRole('radio', { name: /bcrypt/ }).check();
  await page.getByRole('textbox', { name: /认证方式选择/ }).fill('保留我');

  // A newer submit replaces the session this page shows; the new server
  // takes over the same address.
  const port = Number(new URL(page.url()).port);
  running.push(await project.submit(exampleInput, { port, args: ['--replace'] }));
  await page.getByRole('button', { name: /提交/ }).click();

  await expect(page.getByRole('alert')).toContainText('已被新的提交替换');
  await expect(page.getByRole('radio', { name: /JWT Token 认证/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /bcrypt/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /认证方式选择/ })).toHaveValue('保留我');
  await expect(page.getByRole('button', { name: /提交/ })).toBeEnabled();
});

test('input text is shown as text, never run as markup', async ({ page }) => {
  const project = new Project();
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    return d.dismiss();
  });
  const input = project.writeInput('xss.json', {
    task: '<img src=x onerror=alert(1)>',
    source: 's.md',
    items: [{
      id: 1,
      title: '<script>alert(2)</script>',
      context: '<b onmouseover=alert(3)>hover</b> [click](javascript:alert(6)) <a href="javascript:alert(7)">a</a>',
      options: [
        { value: 'a', label: '<script>alert(4)</script>', pros: ['<img src=y onerror=alert(5)>'] },
        { value: 'b', label: 'B' },
      ],
    }],
  });
  await open(page, project, input);
  await hydrated(page);
  await expect(page.getByRole('radio', { name: '<script>alert(4)</script>' })).toBeVisible();
  await expect(page.getByText('<img src=y onerror=alert(5)>')).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript"], [onerror], [onmouseover]')).toHaveCount(0);
  await page.getByText('hover').hover();
  // A note is text too, before and after the page restores it from the draft.
  await page.getByRole('textbox').fill('<img src=z onerror=alert(8)><script>alert(9)</script>');
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('textbox')).toHaveValue('<img src=z onerror=alert(8)><script>alert(9)</script>');
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered form submits with a plain POST', async ({ page }) => {
    const project = new Project();
    const submit = await open(page, project);
    await page.getByRole('radio', { name: /JWT Token 认证/ }).check();
    await page.getByRole('radio', { name: /bcrypt/ }).check();
    await page.getByRole('textbox', { name: /密码加密算法/ }).fill('纯表单');
    await page.getByRole('button', { name: /提交/ }).click();
    await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
    expect(await submit.exited).toBe(0);
    expect(project.run(['decide', 'result']).stdout).toBe(
      '{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt","note":"纯表单"}]}\n',
    );
  });
});

test('choices and notes come back after a reload (the page saves a draft)', async ({ page }) => {
  const project = new Project();
  await open(page, project);
  await hydrated(page);
  const auth = page.getByRole('group', { name: /认证方式选择/ });
  await auth.getByRole('radio', { name: /Session 认证/ }).check();
  await auth.getByRole('textbox', { name: /备注/ }).fill('先用简单的 </textarea><b>x</b>');
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();
  // Wait until the draft on disk holds the note as well as the choice.
  const session = JSON.parse(readFileSync(join(project.dir, '.aide/decisions/pending.json'), 'utf8'))._meta.session_id;
  const draftFile = join(project.dir, `.aide/decisions/${session}.draft.json`);
  await expect
    .poll(() => (existsSync(draftFile) ? readFileSync(draftFile, 'utf8') : ''))
    .toContain('先用简单的');

  await page.reload();
  await hydrated(page);
  await expect(auth.getByRole('radio', { name: /Session 认证/ })).toBeChecked();
  await expect(auth.getByRole('textbox', { name: /备注/ })).toHaveValue('先用简单的 </textarea><b>x</b>');
  await expect(page.getByText('1/2 已选择')).toBeVisible();
});

test('the bundle comes compressed, under a URL of its build, cached for good; the stylesheet is inline', async ({ page }) => {
  const project = new Project();
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (/\/pkg\//.test(response.url())) {
      const headers = response.headers();
      assets.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    }
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await open(page, project);
  await hydrated(page);
  // One request: the glue, which carries the WASM's bytes.
  expect(assets.map((a) => a.url)).toEqual([expect.stringMatching(/\/pkg\/[0-9a-f]{16}\/aide\.js$/)]);
  // The stylesheet is in the page, and the policy lets it apply.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  await expect(page.locator('head > style[nonce]')).toHaveCount(1);
  await expect(page.locator('main.page')).toHaveCSS('max-width', '880px');
  expect(violations).toEqual([]);
  for (const asset of assets) {
    expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
});
