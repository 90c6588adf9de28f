// An item whose rule for silence fired (issue 58): the agent went on with
// its recommended option provisionally, and the page says so on that item
// alone, in both languages, light and dark, with and without JavaScript;
// the item stays open, and the person's answer is recorded as usual.
// The clock is an hour on (AIDE_TEST_CLOCK_SHIFT, aide's test-only shift),
// so nothing here waits the rule's minutes.
import { Browser, expect, Page, test } from './fixture';
import { Project, Submit } from './aide';
import { EVERY_WAY, expectReadable, hydrated, item, withLang } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

/** Item 1 may be taken after 15 minutes; item 2 waits for the person. */
const input = {
  task: '添加登录', source: 'chat', items: [
    { id: 1, title: '登录保持多久?', recommend: '8h', reversible: true,
      if_unanswered: { after: '15m', take: 'recommended' },
      options: [{ value: '1h', label: '1 小时' }, { value: '8h', label: '8 小时' }] },
    { id: 2, title: '密码用什么哈希?', recommend: 'argon2',
      options: [{ value: 'bcrypt', label: 'bcrypt' }, { value: 'argon2', label: 'Argon2' }] },
  ],
};

async function submitted(project: Project): Promise<Submit> {
  const submit = await project.submit(JSON.stringify(input), { env: { AIDE_TEST_CLOCK_SHIFT: '3600' } });
  running.push(submit);
  return submit;
}

async function newPage(browser: Browser, options: { scheme: 'light' | 'dark'; locale: string; js: boolean }): Promise<Page> {
  const context = await browser.newContext({ colorScheme: options.scheme, locale: options.locale, javaScriptEnabled: options.js });
  return context.newPage();
}

const said = {
  zh: '已暂定采用推荐选项:到时无人回答,智能体已据此继续。你的回答仍然有效,会告知智能体。',
  en: 'Taken provisionally: nobody answered in time, so the agent went on with the recommended option. Your answer still counts and reaches the agent.',
};

for (const [lang, locale, scheme, js] of EVERY_WAY) {
  test(`the item taken provisionally says so and stays open (${lang}, ${scheme}, ${js ? 'JavaScript' : 'no JavaScript'})`, async ({ browser }, info) => {
    const project = new Project();
    const submit = await submitted(project);
    const page = await newPage(browser, { scheme, locale, js });
    await page.goto(withLang(submit.url, lang));
    if (js) await expect(hydrated(page)).toBeVisible();
    const note = item(page, 1).locator('p.provisional');
    await expect(note).toHaveText(said[lang]);
    await expect(note).toBeVisible();
    await expect(item(page, 2).locator('p.provisional')).toHaveCount(0);
    // Open: nothing is chosen for the person.
    await expect(item(page, 1).locator('input:checked')).toHaveCount(0);
    // Readable in both schemes.
    await expectReadable(page, '#item-1 p.provisional', js);
    await item(page, 1).screenshot({ path: info.outputPath(`provisional-${scheme}-${lang}-${js ? 'js' : 'nojs'}.png`) });
    await page.context().close();
  });
}

test('the person answers the provisional item otherwise, and the result says so', async ({ page }) => {
  const project = new Project();
  const submit = await submitted(project);
  await page.goto(submit.url);
  await expect(hydrated(page)).toBeVisible();
  await item(page, 1).getByText('1 小时').click();
  await item(page, 2).getByText('Argon2').click();
  await page.getByRole('button', { name: '提交决策' }).click();
  expect(await submit.exited).toBe(0);
  const result = project.run(['decide', 'result']);
  expect(result.code).toBe(0);
  const output = JSON.parse(result.stdout);
  expect(output.decisions[0]).toEqual({ id: 1, chosen: '1h', by: 'person' });
  expect(output.final).toBe(true);
  expect(output.differs).toEqual([1]);
});
