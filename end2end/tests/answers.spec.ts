// Answers that say what the person means: several choices, an answer of
// one's own, a skip with a reason — with and without JavaScript, in both
// languages, through drafts, the keyboard and the summary.
import { expect, Page, test } from './fixture';
import { join, resolve } from 'node:path';
import { Project, Submit } from './aide';
import { draftText, item } from './form';

const choicesInput = join(resolve(__dirname, '../../examples'), 'choices.json');

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

async function open(page: Page, project: Project, lang: 'zh' | 'en', hydrate = true): Promise<Submit> {
  const submit = await project.submit(choicesInput, { env: { AIDE_LANG: lang } });
  running.push(submit);
  await page.goto(submit.url);
  if (hydrate) await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
  return submit;
}

const expected =
  '{"decisions":[{"id":1,"other":"CockroachDB, we already run it"},' +
  '{"id":2,"chosen":["daily","offsite"]},{"id":3,"skipped":true,"note":"Ask legal first"}]}';

test('每种回答:多选、其他答案、跳过并说明原因(中文)', async ({ page }) => {
  const project = new Project();
  const submit = await open(page, project, 'zh');
  const send = page.getByRole('button', { name: '提交决策' });

  // An answer of one's own: the text box is required once "Other" is chosen.
  await item(page, 1).getByRole('radio', { name: '其他' }).check();
  const own = item(page, 1).getByRole('textbox', { name: /其他答案/ });
  await expect(own).toHaveAttribute('required', '');
  await expect(page.getByText('0/3 已选择')).toBeVisible();
  await own.fill('CockroachDB, we already run it');
  await expect(page.getByText('1/3 已选择')).toBeVisible();

  // Several choices: checkboxes named by the option's label.
  const boxes = item(page, 2).getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await item(page, 2).getByRole('checkbox', { name: /Daily snapshot/ }).check();
  await item(page, 2).getByRole('checkbox', { name: /Weekly copy/ }).check();
  await expect(page.getByText('2/3 已选择')).toBeVisible();

  // A skip turns the note into the reason.
  await item(page, 3).getByRole('radio', { name: '跳过' }).check();
  await expect(item(page, 3).locator('.note-label')).toHaveText('跳过原因');
  await item(page, 3).getByRole('textbox', { name: /跳过原因/ }).fill('Ask legal first');
  await expect(page.getByText('3/3 已选择')).toBeVisible();

  const rows = page.getByRole('region', { name: '提交前核对' }).getByRole('listitem');
  await expect(rows.nth(0)).toContainText('其他答案: CockroachDB, we already run it');
  await expect(rows.nth(0)).toContainText('与推荐不同');
  await expect(rows.nth(1)).toContainText('Daily snapshot, Weekly copy to another region');
  await expect(rows.nth(1)).not.toContainText('与推荐不同');
  await expect(rows.nth(2)).toContainText('跳过: Ask legal first');

  await send.click();
  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();
  expect(await submit.exited).toBe(0);
  expect(project.run(['decide', 'result']).stdout.trim()).toBe(expected);
});

test('accept-all never skips nor answers in the person’s words; drafts and keys keep every kind (English)', async ({ page }) => {
  const project = new Project();
  await open(page, project, 'en');
  await expect(page.getByText('Keyboard shortcuts')).toBeVisible();
  await expect(page.locator('.shortcuts')).toContainText('choose Other and write your own answer');
  // The tab's title counts the open items, kept by the island as they go.
  await expect(page).toHaveTitle(/^\(3\) /);

  await page.getByRole('button', { name: 'Accept all recommendations' }).click();
  await expect(item(page, 1).getByRole('radio', { name: /PostgreSQL/ })).toBeChecked();
  await expect(item(page, 2).getByRole('checkbox', { name: /Daily snapshot/ })).toBeChecked();
  await expect(item(page, 2).getByRole('checkbox', { name: /Weekly copy/ })).toBeChecked();
  await expect(item(page, 2).getByRole('checkbox', { name: /WAL/ })).not.toBeChecked();
  await expect(item(page, 3).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByText('2/3 chosen')).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);

  // Keys: O chooses Other and moves to its text box; S skips and moves to
  // the note, now asking why.
  await item(page, 1).getByRole('radio', { name: /PostgreSQL/ }).focus();
  await page.keyboard.press('o');
  await expect(item(page, 1).getByRole('radio', { name: 'Other' })).toBeChecked();
  await expect(item(page, 1).getByRole('textbox', { name: /own answer/ })).toBeFocused();
  await page.keyboard.type('CockroachDB');
  await item(page, 3).getByRole('radio', { name: '30 days' }).focus();
  await page.keyboard.press('s');
  await expect(item(page, 3).getByRole('radio', { name: 'Skip' })).toBeChecked();
  const why = item(page, 3).getByRole('textbox', { name: /Why skip\?/ });
  await expect(why).toBeFocused();
  await page.keyboard.type('Ask legal first');
  await item(page, 2).getByRole('checkbox', { name: /WAL/ }).check();
  await expect(page.getByText('3/3 chosen')).toBeVisible();
  await expect(page).not.toHaveTitle(/^\(/);
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();
  // Once the last change is in the draft, a reload renders the form from it.
  await expect.poll(() => draftText(project)).toContain('"wal"');
  await page.reload();
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
  await expect(item(page, 1).getByRole('radio', { name: 'Other' })).toBeChecked();
  await expect(item(page, 1).getByRole('textbox', { name: /own answer/ })).toHaveValue('CockroachDB');
  await expect(item(page, 2).getByRole('checkbox', { checked: true })).toHaveCount(3);
  await expect(item(page, 3).getByRole('radio', { name: 'Skip' })).toBeChecked();
  await expect(item(page, 3).getByRole('textbox', { name: /Why skip\?/ })).toHaveValue('Ask legal first');
  await expect(page.getByText('3/3 chosen')).toBeVisible();
  const rows = page.getByRole('region', { name: 'Before you submit' }).getByRole('listitem');
  await expect(rows.nth(0)).toContainText('own answer: CockroachDB');
  await expect(rows.nth(2)).toContainText('skipped: Ask legal first');
});

for (const lang of ['zh', 'en'] as const) {
  test.describe(`without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test('every kind of answer posts with the plain form', async ({ page }) => {
      const project = new Project();
      const submit = await open(page, project, lang, false);
      const t = lang === 'zh'
        ? { other: '其他', own: /其他答案/, skip: '跳过', submit: '提交决策', done: '决策已记录' }
        : { other: 'Other', own: /own answer/, skip: 'Skip', submit: 'Submit decisions', done: 'Decisions recorded' };
      await item(page, 1).getByRole('radio', { name: t.other }).check();
      await item(page, 1).getByRole('textbox', { name: t.own }).fill('CockroachDB, we already run it');
      await item(page, 2).getByRole('checkbox', { name: /Weekly copy/ }).check();
      await item(page, 2).getByRole('checkbox', { name: /Daily snapshot/ }).check();
      await item(page, 3).getByRole('radio', { name: t.skip }).check();
      await item(page, 3).getByRole('textbox').fill('Ask legal first');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('heading', { name: t.done })).toBeVisible();
      expect(await submit.exited).toBe(0);
      expect(project.run(['decide', 'result']).stdout.trim()).toBe(expected);
    });
  });
}
