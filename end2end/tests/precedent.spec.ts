// What the person decided before, on the page: the same questions asked a
// second time show the first answers beside them, a button answers the
// same way, the record says which were followed, and the card shows
// without JavaScript too (its button does nothing there, so it is hidden).
import { Browser, expect, Page, test } from './fixture';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleInput, Project, Submit } from './aide';
import { hydrated, item, layoutShift, withLang } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

/** The example answered once on its page (JWT; bcrypt, with a note), then
 * asked again: returns the second session's submit. */
async function askedAgain(page: Page, project: Project): Promise<Submit> {
  const first = await project.submit(exampleInput);
  running.push(first);
  await page.goto(first.url);
  await expect(hydrated(page)).toBeVisible();
  await item(page, 1).getByText('JWT Token 认证').click();
  await item(page, 2).getByText('bcrypt', { exact: true }).click();
  await page.locator('#note-2').fill('团队更熟悉 bcrypt');
  await page.getByRole('button', { name: '提交决策' }).click();
  expect(await first.exited).toBe(0);
  const second = await project.submit(exampleInput);
  running.push(second);
  return second;
}

/** The record files of the project, newest last: in the order of their
 * session ids, time then counter (two sessions of one second are
 * `…T10-30-00` and `…T10-30-00-2`, which the names' own order reverses). */
function records(project: Project): unknown[] {
  const dir = join(project.dir, '.aide/decisions');
  const order = (name: string) => {
    const id = name.replace(/\.json$/, '');
    const counter = id.length > 19 ? Number(id.slice(20)) : 1;
    return `${id.slice(0, 19)}#${String(counter).padStart(10, '0')}`;
  };
  return readdirSync(dir)
    .filter((name) => /^\d{4}-.*\d\.json$/.test(name))
    .sort((a, b) => order(a).localeCompare(order(b)))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

test('the same question asked again shows the earlier answer; the button answers the same way, and the record says so', async ({ page }) => {
  const project = new Project();
  const second = await askedAgain(page, project);
  await page.goto(second.url);
  await expect(hydrated(page)).toBeVisible();

  const first = item(page, 1).locator('aside.precedent');
  await expect(first).toContainText(/你已于 \d{4}-\d{2}-\d{2} 这样决定:/);
  await expect(first).toContainText('JWT Token 认证');
  const note = item(page, 2).locator('aside.precedent');
  await expect(note).toContainText('团队更熟悉 bcrypt');
  // Nothing is chosen for the person, and waking moved nothing.
  await expect(page.locator('input.choice:checked')).toHaveCount(0);
  expect(await layoutShift(page)).toBe(0);

  await first.getByRole('button', { name: '与上次相同' }).click();
  await expect(page.locator('#o1-0')).toBeChecked();
  await expect(page.locator('#o1-0')).toBeFocused();
  await expect(page.locator('.progress')).toHaveText('1/2 已选择');
  // Item 2 otherwise than before.
  await item(page, 2).getByText('Argon2').click();
  await page.getByRole('button', { name: '提交决策' }).click();
  expect(await second.exited).toBe(0);

  const [earlier, later] = records(project) as { input: { _meta: { session_id: string } }; followed?: unknown }[];
  expect(earlier.followed).toBeUndefined();
  expect(later.followed).toEqual([{ id: 1, session_id: earlier.input._meta.session_id, item: 1 }]);
});

test('the link opens the earlier record, and the card shows without JavaScript', async ({ page, browser }) => {
  const project = new Project();
  const second = await askedAgain(page, project);
  await page.goto(second.url);
  await expect(hydrated(page)).toBeVisible();
  await item(page, 2).getByRole('link', { name: '查看那次的记录' }).click();
  await expect(page).toHaveURL(/\/record\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}#item-2$/);
  await expect(page.locator('.recorded-answers')).toContainText('bcrypt');
  await expect(page.locator('.recorded-answers')).toContainText('团队更熟悉 bcrypt');

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(second.url);
  const card = item(noScript, 2).locator('aside.precedent');
  await expect(card).toContainText('bcrypt');
  await expect(card.getByRole('link', { name: '查看那次的记录' })).toBeVisible();
  // Its button posts the form: the item comes back answered as before,
  // kept as the draft, and the person still submits.
  await card.locator('button.follow').click();
  await expect(noScript).toHaveURL(/#item-2$/);
  await expect(item(noScript, 2).locator('input:checked')).toHaveCount(1);
  await expect(item(noScript, 2).getByRole('radio', { name: /bcrypt/ })).toBeChecked();
  await plain.close();
});

test('"Not the same question" keeps what was chosen and never offers that answer for the question again, with or without JavaScript', async ({ page, browser }) => {
  const project = new Project();
  const second = await askedAgain(page, project);
  await page.goto(second.url);
  await expect(hydrated(page)).toBeVisible();
  // A choice made first is kept through the button's round trip.
  await item(page, 2).getByText('Argon2').click();
  const first = item(page, 1).locator('aside.precedent');
  const notSame = first.getByRole('button', { name: '不是同一个问题' });
  await notSame.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#item-1$/);
  await expect(hydrated(page)).toBeVisible();
  await expect(item(page, 1).locator('aside.precedent')).toHaveCount(0);
  await expect(item(page, 2).locator('aside.precedent')).toHaveCount(1);
  await expect(page.locator('#o2-1')).toBeChecked();

  // Without JavaScript: the other card's button does the same.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(second.url);
  await expect(item(noScript, 1).locator('aside.precedent')).toHaveCount(0);
  await item(noScript, 2).locator('aside.precedent').getByRole('button', { name: '不是同一个问题' }).click();
  await expect(noScript).toHaveURL(/#item-2$/);
  await expect(noScript.locator('aside.precedent')).toHaveCount(0);
  await expect(noScript.locator('#o2-1')).toBeChecked();
  await plain.close();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['zh', 'en'] as const) {
    test(`screenshot of a precedent (${scheme}, ${lang}), with no layout shift`, async ({ browser }, info) => {
      const setup = await browser.newPage();
      const project = new Project();
      const second = await askedAgain(setup, project);
      await setup.close();
      const page = await newPage(browser, scheme, lang === 'zh' ? 'zh-CN' : 'en-US');
      await page.goto(withLang(second.url, lang));
      await expect(hydrated(page)).toBeVisible();
      const button = item(page, 2).locator('button.follow');
      await expect(button).toBeEnabled();
      await expect(button).toHaveText(lang === 'zh' ? '与上次相同' : 'Same as before');
      expect(await layoutShift(page)).toBe(0);
      await item(page, 2).screenshot({ path: info.outputPath(`precedent-${scheme}-${lang}.png`) });
      await page.context().close();
    });
  }
}

async function newPage(browser: Browser, scheme: 'light' | 'dark', locale: string): Promise<Page> {
  const context = await browser.newContext({ colorScheme: scheme, locale });
  return context.newPage();
}

/** The example with its second question asked of something else (the
 * API tokens' hashing, not the passwords'): a question only like the
 * earlier one. The input itself, as submit takes it. */
function nearMiss(): string {
  const input = JSON.parse(readFileSync(exampleInput, 'utf8'));
  input.items[1].title = 'API 令牌加密算法';
  return JSON.stringify(input);
}

test('a question only like an earlier one shows it collapsed as related; opened, its button answers', async ({ page, browser }, info) => {
  const project = new Project();
  const second = await askedAgain(page, project);
  second.stop();
  const third = await project.submit(nearMiss());
  running.push(third);
  await page.goto(third.url);
  await expect(hydrated(page)).toBeVisible();

  // Item 2 only resembles the earlier question: collapsed, said related.
  const related = item(page, 2).locator('aside.precedent.related');
  await expect(related.locator('summary')).toHaveText(/^相关:一个相似的问题,已于 \d{4}-\d{2}-\d{2} 决定$/);
  await expect(related.getByText('团队更熟悉 bcrypt')).toBeHidden();
  // Item 1 is the same question: shown open, as decided.
  await expect(item(page, 1).locator('aside.precedent:not(.related)')).toContainText('JWT Token 认证');
  expect(await layoutShift(page)).toBe(0);

  // By keyboard: the summary opens it; its button answers the same way.
  await related.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(related.getByText('团队更熟悉 bcrypt')).toBeVisible();
  await related.getByRole('button', { name: '与上次相同' }).click();
  await expect(page.locator('#o2-0')).toBeChecked();
  await item(page, 2).screenshot({ path: info.outputPath('precedent-related-light-zh.png') });

  // Without JavaScript: collapsed too, and it opens.
  const plain = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark', locale: 'en-US' });
  const noScript = await plain.newPage();
  await noScript.goto(withLang(third.url, 'en'));
  const card = item(noScript, 2).locator('aside.precedent.related');
  await expect(card.locator('summary')).toHaveText(/^Related: a similar question, decided on \d{4}-\d{2}-\d{2}$/);
  await card.locator('summary').click();
  await expect(card.getByRole('link', { name: 'See that record' })).toBeVisible();
  await item(noScript, 2).screenshot({ path: info.outputPath('precedent-related-dark-en-nojs.png') });
  await plain.close();
});
