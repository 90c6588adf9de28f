// Standing rulings (issue 56): the person answers, follows the link of the
// answered page to the rulings page, grants a ruling from each answer (a
// plain form), and the same questions asked again are answered at once,
// with no page, each answer saying it came from a ruling; revoking one on
// the page brings the page back. (A session only partly ruled, and
// overturning a ruled answer: ruled.spec.ts.)
import { expect, test } from './fixture';
import { exampleInput, Project, Submit } from './aide';
import { hydrated, item } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

test('a ruling granted on the page answers the next submit at once; revoked, the page asks again', async ({ page }) => {
  const project = new Project();
  const first = await project.submit(exampleInput);
  running.push(first);
  await page.goto(first.url);
  await expect(hydrated(page)).toBeVisible();
  await item(page, 1).getByText('JWT Token 认证').click();
  await item(page, 2).getByText('bcrypt', { exact: true }).click();
  await page.getByRole('button', { name: '提交决策' }).click();
  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  // The answered page as the server shows it (after a reload, without
  // JavaScript, or a late click): its link to the rulings. (The island's
  // own done screen links there too: ruled.spec.ts.)
  await page.reload();
  const link = page.getByRole('link', { name: '把回答设为常设裁定…' });
  await expect(link).toBeVisible();
  await link.click();

  const grants = page.locator('form.grant');
  await expect(grants).toHaveCount(2);
  await expect(grants.first()).toContainText('以后类似的问题都回答「JWT Token 认证」');
  await grants.first().getByRole('button', { name: '授予裁定' }).click();
  await expect(page.getByRole('status')).toContainText('已授予裁定');
  await page.locator('form.grant').nth(1).getByRole('button', { name: '授予裁定' }).click();
  await expect(page.locator('.rulings-list li')).toHaveCount(2);

  // The same questions again: answered by the rulings, no page.
  const again = project.run(['decide', 'submit', exampleInput]);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stderr).toContain('已由你的裁定回答');
  const answers = JSON.parse(again.stdout) as { decisions: { by: string; chosen: string }[] };
  expect(answers.decisions.map((d) => d.by)).toEqual(['ruling', 'ruling']);

  // One revoked on the page: the next submit asks the person again.
  await page.locator('.rulings-list li').first().getByRole('button', { name: '撤销' }).click();
  await expect(page.getByRole('status')).toContainText('已撤销裁定');
  await expect(page.locator('.rulings-list li')).toHaveCount(1);
  const third = await project.submit(exampleInput);
  running.push(third);
  await page.goto(third.url);
  await expect(hydrated(page)).toBeVisible();
});
