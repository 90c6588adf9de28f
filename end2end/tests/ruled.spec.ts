// A session standing rulings answer in part (issue 56, point 4): the
// person answers, follows the answered page's "Answer questions like this
// from now on…" to the grant form and grants a ruling; the next submit,
// one of whose items the ruling answers, opens the page for the other item
// and lists the ruled one; meanwhile the agent's result gives the ruled
// answer (not final, exit 6). The person overturns it (a plain form
// button), answers it, and the agent's result says the person answered,
// over the ruling. With and without JavaScript, both languages, light and
// dark.
import { Browser, expect, Page, test } from './fixture';
import { Project, Submit } from './aide';
import { EVERY_WAY, expectReadable, hydrated, item, withLang } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

const login = {
  id: 1, title: '登录保持多久?',
  options: [{ value: '1h', label: '1 小时' }, { value: '8h', label: '8 小时' }],
};
const first = {
  task: '添加登录', source: 'chat', items: [
    login,
    { id: 2, title: '密码用什么哈希?',
      options: [{ value: 'bcrypt', label: 'bcrypt' }, { value: 'argon2', label: 'Argon2' }] },
  ],
};
const second = {
  task: '添加登出', source: 'chat', items: [
    login,
    { id: 2, title: 'Cookie 叫什么名字?',
      options: [{ value: 'sid', label: 'sid' }, { value: 'shop', label: 'shop_session' }] },
  ],
};

const words = {
  zh: { submit: '提交决策', grantThis: '以后类似的问题都这样回答…', grant: '授予裁定', ruled: '由你的裁定', overturn: '推翻,我自己回答' },
  en: { submit: 'Submit decisions', grantThis: 'Answer questions like this from now on…', grant: 'Grant the ruling', ruled: 'answered by your ruling', overturn: 'Overturn: I answer this myself' },
};

async function newPage(browser: Browser, options: { scheme: 'light' | 'dark'; locale: string; js: boolean }): Promise<Page> {
  const context = await browser.newContext({ colorScheme: options.scheme, locale: options.locale, javaScriptEnabled: options.js });
  return context.newPage();
}

for (const [lang, locale, scheme, js] of EVERY_WAY) {
  test(`a ruled item is listed, overturned and answered by the person (${lang}, ${scheme}, ${js ? 'JavaScript' : 'no JavaScript'})`, async ({ browser }, info) => {
    const w = words[lang];
    const project = new Project();
    const asked = await project.submit(project.writeInput('first.json', first));
    running.push(asked);
    const page = await newPage(browser, { scheme, locale, js });
    await page.goto(withLang(asked.url, lang));
    if (js) await expect(hydrated(page)).toBeVisible();
    await item(page, 1).getByText('8 小时').click();
    await item(page, 2).getByText('Argon2').click();
    await page.getByRole('button', { name: w.submit }).click();

    // The answered page leads to the grant form.
    await page.getByRole('link', { name: w.grantThis }).first().click();
    await page.locator('form#grant-1').getByRole('button', { name: w.grant }).click();
    await expect(page.locator('.rulings-list li')).toHaveCount(1);

    // The same login question again, with a new one: the page asks the
    // new one and lists the ruled one.
    const next = await project.submit(project.writeInput('second.json', second));
    running.push(next);
    await page.goto(withLang(next.url, lang));
    if (js) await expect(hydrated(page)).toBeVisible();
    const ruled = page.locator('section.ruled');
    await expect(ruled).toContainText(w.ruled);
    await expect(ruled).toContainText('8 小时');
    await expect(item(page, 1)).toHaveCount(0);
    await expect(item(page, 2)).toBeVisible();
    await expectReadable(page, 'section.ruled', js);
    await ruled.screenshot({ path: info.outputPath(`ruled-${scheme}-${lang}-${js ? 'js' : 'nojs'}.png`) });

    // Meanwhile the agent has the ruled answer, not final.
    const early = project.run(['decide', 'result']);
    expect(early.code, early.stderr).toBe(6);
    const given = JSON.parse(early.stdout);
    expect(given.final).toBe(false);
    expect(given.waiting).toEqual([2]);
    expect(given.decisions).toEqual([expect.objectContaining({ id: 1, chosen: '8h', by: 'ruling' })]);

    // Item 2 answered, then item 1 overturned: the choice is kept, and
    // item 1 is asked.
    await item(page, 2).getByText('shop_session').click();
    await ruled.getByRole('button', { name: w.overturn }).click();
    await page.waitForURL(/#item-1$/);
    if (js) await expect(hydrated(page)).toBeVisible();
    await expect(page.locator('section.ruled')).toHaveCount(0);
    await expect(item(page, 2).locator('input:checked')).toHaveCount(1);
    await item(page, 1).getByText('1 小时').click();
    await page.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('link', { name: w.grantThis }).first()).toBeVisible();

    const result = project.run(['decide', 'result']);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.decisions).toEqual([
      expect.objectContaining({ id: 1, chosen: '1h', by: 'person', overturned: expect.objectContaining({ item: 1 }) }),
      { id: 2, chosen: 'shop', by: 'person' },
    ]);
  });
}
