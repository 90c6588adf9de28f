// "Decide later" (issue 58, point 3): each item has the button, with and
// without JavaScript, in both languages, light and dark, by keyboard; the
// item stays open and marked with "Decide now", the mark outlives a
// reload, and meanwhile `aide decide result` exits 6 with the item
// deferred (not reversible) or taken provisionally (reversible).
import { Browser, expect, Page, test } from './fixture';
import { Project, Submit } from './aide';
import { EVERY_WAY, expectReadable, hydrated, item, withLang } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

/** Item 1 is reversible with a recommendation; item 2 is not. */
const input = {
  task: '添加登录', source: 'chat', items: [
    { id: 1, title: '登录保持多久?', recommend: '8h', reversible: true,
      if_unanswered: { after: '7d', take: 'recommended' },
      options: [{ value: '1h', label: '1 小时' }, { value: '8h', label: '8 小时' }] },
    { id: 2, title: '密码用什么哈希?', recommend: 'argon2',
      options: [{ value: 'bcrypt', label: 'bcrypt' }, { value: 'argon2', label: 'Argon2' }] },
  ],
};

async function newPage(browser: Browser, options: { scheme: 'light' | 'dark'; locale: string; js: boolean }): Promise<Page> {
  const context = await browser.newContext({ colorScheme: options.scheme, locale: options.locale, javaScriptEnabled: options.js });
  return context.newPage();
}

const words = {
  zh: { later: '稍后决定', now: '现在决定' },
  en: { later: 'Decide later', now: 'Decide now' },
};

for (const [lang, locale, scheme, js] of EVERY_WAY) {
  test(`decide later keeps the item open and defers it for the agent (${lang}, ${scheme}, ${js ? 'JavaScript' : 'no JavaScript'})`, async ({ browser }, info) => {
    const project = new Project();
    const submit = await project.submit(JSON.stringify(input));
    running.push(submit);
    const page = await newPage(browser, { scheme, locale, js });
    const url = withLang(submit.url, lang);
    await page.goto(url);
    if (js) await expect(hydrated(page)).toBeVisible();
    // Item 1 answered, then item 2 left for later by keyboard.
    await item(page, 1).getByText('1 小时').click();
    const later = item(page, 2).getByRole('button', { name: words[lang].later });
    await later.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#item-2$/);
    if (js) await expect(hydrated(page)).toBeVisible();
    const now = item(page, 2).getByRole('button', { name: words[lang].now });
    await expect(now).toBeVisible();
    // Open: nothing chosen for item 2; item 1's answer kept as the draft.
    await expect(item(page, 2).locator('input:checked')).toHaveCount(0);
    await expect(item(page, 1).locator('input:checked')).toHaveCount(1);
    await expect(item(page, 2).locator('p.deciding-later')).toBeVisible();
    await expectReadable(page, '#item-2 p.deciding-later', js);
    await item(page, 2).screenshot({ path: info.outputPath(`later-${scheme}-${lang}-${js ? 'js' : 'nojs'}.png`) });
    // The agent is told to work around item 2.
    const result = project.run(['decide', 'result']);
    expect(result.code).toBe(6);
    const output = JSON.parse(result.stdout);
    expect(output.final).toBe(false);
    expect(output.decisions).toHaveLength(1);
    expect(output.decisions[0]).toMatchObject({ id: 2, by: 'provisional', deferred: true });
    // A reload keeps it.
    await page.reload();
    await expect(item(page, 2).getByRole('button', { name: words[lang].now })).toBeVisible();
    // "Decide now" takes it back.
    await item(page, 2).getByRole('button', { name: words[lang].now }).click();
    await page.waitForURL(/#item-2$/);
    await expect(item(page, 2).getByRole('button', { name: words[lang].later })).toBeVisible();
    expect(project.run(['decide', 'result']).code).toBe(1);
    await page.context().close();
  });
}
