// A choice made before the page wakes (issue 26): the plain form takes a
// choice and a note before the WASM has arrived, and once the island runs
// it counts them, shows them and saves them as the draft, as if they had
// been made after.
import { expect, Page, test } from './fixture';
import { Project, Submit } from './aide';
import { draftText, hydrated, item, questions } from './form';

const TOTAL = 10;
// Item 7 may be skipped.
const session = (total: number) =>
  questions(total === TOTAL ? 'Ten questions' : `${total} questions`, 'early.md', total, [7]);

// The WASM's bytes come inside the JS glue (aide.js), the islands script's
// one import.
const WASM = '**/pkg/*/aide.js';

/** Holds every request for the WASM until `release()`. The island's
 * script, and so DOMContentLoaded, waits for it meanwhile; the page is
 * shown (the script holds the first frame for 250 ms at most) and takes
 * choices. */
async function holdWasm(page: Page) {
  let release = () => {};
  const released = new Promise<void>((ok) => (release = ok));
  const held = { asked: false, release };
  await page.route(WASM, async (route) => {
    held.asked = true;
    await released;
    await route.continue();
  });
  return held;
}

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

test('a choice and a note made before the WASM arrives are counted, shown and saved once it does', async ({ page }) => {
  const project = new Project();
  const submit = await project.submit(project.writeInput('early.json', session(TOTAL)), { env: { AIDE_LANG: 'en' } });
  running.push(submit);

  // The WASM is held back until the person has chosen.
  const wasm = await holdWasm(page);
  await page.goto(submit.url, { waitUntil: 'commit' });
  await item(page, 3).getByRole('radio', { name: /Beta 3/ }).check();
  await item(page, 7).getByRole('radio', { name: 'Skip' }).check();
  await item(page, 7).getByRole('textbox').fill('Ask legal first');
  await item(page, 5).getByRole('textbox').fill('only a note');
  // Still asleep: the choices above were taken by the plain form, shown
  // once the islands script let go of the first frame.
  expect(wasm.asked).toBe(true);
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  await expect(hydrated(page)).toHaveCount(0);
  await expect(page.getByText(`0/${TOTAL} chosen`)).toBeVisible();

  wasm.release();
  await expect(hydrated(page)).toBeVisible();
  await expect(page.getByText(`2/${TOTAL} chosen`)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^\\(${TOTAL - 2}\\) Ten questions`));
  await expect(item(page, 3).locator('.option.chosen')).toHaveCount(1);
  await expect(item(page, 3).locator('.option.chosen')).toContainText('Beta 3');
  await expect(item(page, 7).locator('.note-label')).toHaveText('Why skip?');
  const rows = page.getByRole('region', { name: 'Before you submit' }).getByRole('listitem');
  await expect(rows.nth(2)).toContainText('Beta 3');
  await expect(rows.nth(2)).toContainText('differs');
  await expect(rows.nth(6)).toContainText('skipped: Ask legal first');
  await expect(rows.nth(4)).toContainText('not chosen yet');
  await expect(page.locator('.summary-total')).toHaveText('1 choice differs from the recommendation');
  // Saved as the draft without any further change.
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();
  await expect.poll(() => draftText(project)).toContain('only a note');

  await page.unroute(WASM);
  await page.reload();
  await expect(hydrated(page)).toBeVisible();
  await expect(item(page, 3).getByRole('radio', { name: /Beta 3/ })).toBeChecked();
  await expect(item(page, 7).getByRole('radio', { name: 'Skip' })).toBeChecked();
  await expect(item(page, 7).getByRole('textbox')).toHaveValue('Ask legal first');
  await expect(item(page, 5).getByRole('textbox')).toHaveValue('only a note');
  await expect(page.getByText(`2/${TOTAL} chosen`)).toBeVisible();
});

test('on a long session, a choice made early is saved once the items left out have arrived', async ({ page }) => {
  const total = 45; // the first 20 in full, the rest fetched by the island
  const project = new Project();
  const submit = await project.submit(project.writeInput('early.json', session(total)), { env: { AIDE_LANG: 'en' } });
  running.push(submit);
  const wasm = await holdWasm(page);
  await page.goto(submit.url, { waitUntil: 'commit' });
  await item(page, 2).getByRole('radio', { name: /Beta 2/ }).check();
  expect(wasm.asked).toBe(true);
  await expect(hydrated(page)).toHaveCount(0);

  wasm.release();
  await expect(hydrated(page)).toBeVisible();
  await expect(page.getByText(`1/${total} chosen`)).toBeVisible();
  // The draft waits for every item to be in the form, then goes.
  await expect(page.locator('fieldset.stub')).toHaveCount(0);
  await expect(page.locator('.draft-status[data-draft="saved"]')).toBeVisible();
  await expect.poll(() => draftText(project)).toMatch(/"id": 2,\s*"chosen": "b"/);
  await page.unroute(WASM);
  await page.reload();
  await expect(hydrated(page)).toBeVisible();
  await expect(item(page, 2).getByRole('radio', { name: /Beta 2/ })).toBeChecked();
  await expect(page.getByText(`1/${total} chosen`)).toBeVisible();
});

test('drawn before the island wakes, the page does not move when it does: its toolbar is there, disabled, from the start', async ({ page }) => {
  const project = new Project();
  const submit = await project.submit(project.writeInput('early.json', session(TOTAL)), { env: { AIDE_LANG: 'en' } });
  running.push(submit);
  const wasm = await holdWasm(page);
  await page.goto(submit.url, { waitUntil: 'commit' });
  // Drawn while the WASM is held back (the islands script lets go of the
  // first frame), with the actions above the items in place but asleep.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  const accept = page.getByRole('button', { name: 'Accept all recommendations' });
  const next = page.getByRole('button', { name: /Next unanswered/ });
  await expect(accept).toBeDisabled();
  await expect(next).toBeDisabled();
  await expect(page.locator('.accept-all-count')).toHaveText(/^fills in \d+ unanswered items?$/);
  const before = await page.locator('#item-1').boundingBox();

  wasm.release();
  await expect(hydrated(page)).toBeVisible();
  await expect(accept).toBeEnabled();
  await expect(next).toBeEnabled();
  expect(await page.locator('#item-1').boundingBox()).toEqual(before);
  // No shift at all, input or not (none was made).
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(sum), 200);
      }),
  );
  expect(shifted).toBe(0);
});

test('without JavaScript the toolbar, which only the island can work, is left out', async ({ browser }) => {
  const project = new Project();
  const submit = await project.submit(project.writeInput('early.json', session(TOTAL)), { env: { AIDE_LANG: 'en' } });
  running.push(submit);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(submit.url);
  await expect(page.locator('.toolbar')).toBeHidden();
  await expect(item(page, 1).getByRole('radio').first()).toBeVisible();
  await context.close();
});
