// Every open page learns how its session ended without a reload: the
// answers another page sent, or the agent withdrawing the question.
import { expect, Page, test } from './fixture';
import { exampleInput, Project, Submit } from './aide';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

async function hydrated(page: Page) {
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
}

test('a second open page shows the answers the first one sent, and aide then stops', async ({ browser }) => {
  const project = new Project();
  const submit = await project.submit(exampleInput);
  running.push(submit);
  // Two browsers: two contexts, each with its own cookie.
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()]);
  for (const page of [first, second]) {
    await page.goto(submit.url);
    await hydrated(page);
  }
  await first.getByRole('radio', { name: /JWT Token 认证/ }).check();
  const hashing = first.getByRole('group', { name: /密码加密算法/ });
  await hashing.getByRole('radio', { name: /bcrypt/ }).check();
  await hashing.getByRole('textbox', { name: /备注/ }).fill('团队熟悉');
  await first.getByRole('button', { name: /提交/ }).click();
  await expect(first.getByRole('heading', { name: '决策已记录' })).toBeVisible();

  // The other page, untouched, is told within moments.
  const told = second.locator('section.ended[data-outcome="decided"]');
  await expect(told).toBeVisible({ timeout: 5000 });
  await expect(told.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  // Each answer of one option leads to the form that makes it a ruling.
  await expect(told.getByRole('listitem')).toHaveText([
    '第 1 项 认证方式选择: JWT Token 认证 以后类似的问题都这样回答…',
    '第 2 项 密码加密算法: bcrypt (备注: 团队熟悉) 以后类似的问题都这样回答…',
  ]);
  await expect(told.getByRole('link', { name: '以后类似的问题都这样回答…' }).first())
    .toHaveAttribute('href', /\/rulings\?session=.*#grant-1$/);
  await expect(second.locator('form.decisions')).toBeHidden();
  // Both pages know, so aide stops at once rather than lingering.
  const started = Date.now();
  expect(await submit.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
});

test('an open page says that the agent withdrew the question, and why', async ({ page }) => {
  const project = new Project();
  const submit = await project.submit(exampleInput);
  running.push(submit);
  await page.goto(submit.url);
  await hydrated(page);
  await page.getByRole('radio', { name: /Session 认证/ }).check();

  const cancel = project.run(['decide', 'cancel', '--reason', '已在对话中回答']);
  expect(cancel.code).toBe(0);
  const told = page.locator('section.ended[data-outcome="withdrawn"]');
  await expect(told).toBeVisible({ timeout: 5000 });
  await expect(told.getByRole('heading', { name: '问题已撤回' })).toBeVisible();
  await expect(told).toContainText('原因: 已在对话中回答');
  await expect(page.locator('form.decisions')).toBeHidden();
  expect(await submit.exited).toBe(3);
  await page.screenshot({ path: test.info().outputPath('withdrawn.png'), fullPage: true });
});
