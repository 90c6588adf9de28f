// A long session: the page carries its first items in full and fetches
// the rest once it runs; nothing is saved or sent before every item is in
// the form. Without JavaScript the browser is sent to the page with every
// item, and the plain form answers them all.
import { expect, test } from './fixture';
import { Project, Submit } from './aide';
import { item, questions } from './form';

const TOTAL = 45; // FIRST_ITEMS (20) in full, 25 fetched in one batch
const input = questions('A long session', 'long.md', TOTAL);

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

async function start(project: Project): Promise<Submit> {
  const submit = await project.submit(project.writeInput('long.json', input), { env: { AIDE_LANG: 'en' } });
  running.push(submit);
  return submit;
}

test('the items after the first ones arrive, keep their draft, and are submitted', async ({ page }) => {
  const project = new Project();
  const submit = await start(project);
  await page.goto(submit.url);
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
  // Every stub is replaced by its item, and the line about them goes.
  await expect(page.locator('fieldset.stub')).toHaveCount(0);
  await expect(page.locator('#more-items')).toHaveCount(0);
  await expect(page.locator('fieldset.item input.choice')).toHaveCount(TOTAL * 2);

  // An item that arrived late is answered like any other, and kept.
  await item(page, 40).getByRole('radio', { name: /Beta 40/ }).check();
  await expect(page.getByText(`1/${TOTAL} chosen`)).toBeVisible();
  const rows = page.getByRole('region', { name: 'Before you submit' }).getByRole('listitem');
  await expect(rows.nth(39)).toContainText('Beta 40');
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();

  // A reload: item 40 is a stub again at first, counted as answered, and
  // arrives with its answer.
  await page.reload();
  await expect(page.getByText(`1/${TOTAL} chosen`)).toBeVisible();
  await expect(item(page, 40).getByRole('radio', { name: /Beta 40/ })).toBeChecked();

  // Accept-all fills the rest, the late items included.
  await page.getByRole('button', { name: 'Accept all recommendations' }).click();
  await expect(page.getByText(`${TOTAL}/${TOTAL} chosen`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit decisions' }).click();
  await expect(page.getByRole('heading', { name: 'Decisions recorded' })).toBeVisible();
  expect(await submit.exited).toBe(0);
  const result = JSON.parse(project.run(['decide', 'result']).stdout);
  expect(result.decisions).toHaveLength(TOTAL);
  expect(result.decisions[39]).toEqual({ id: 40, chosen: 'b' });
  expect(result.decisions[44]).toEqual({ id: 45, chosen: 'a' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the browser is sent to the page with every item, and the plain form answers them all', async ({ page }) => {
    const project = new Project();
    const submit = await start(project);
    await page.goto(submit.url);
    await page.waitForURL(/\?items=all$/);
    await expect(page.locator('fieldset.stub')).toHaveCount(0);
    await expect(page.locator('fieldset.item')).toHaveCount(TOTAL);
    for (let n = 1; n <= TOTAL; n++) {
      await item(page, n).getByRole('radio', { name: new RegExp(`${n % 2 ? 'Alpha' : 'Beta'} ${n}\\b`) }).check();
    }
    await page.getByRole('button', { name: 'Submit decisions' }).click();
    await expect(page.getByRole('heading', { name: 'Decisions recorded' })).toBeVisible();
    expect(await submit.exited).toBe(0);
    const result = JSON.parse(project.run(['decide', 'result']).stdout);
    expect(result.decisions).toHaveLength(TOTAL);
    expect(result.decisions[1]).toEqual({ id: 2, chosen: 'b' });
  });
});
