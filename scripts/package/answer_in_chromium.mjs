// The person, in Chromium: opens aide's page at its address, waits until
// the page has hydrated, picks an option per item (by position), writes the
// note, submits, and waits for the page to say the decisions are recorded.
// Usage: node answer_in_chromium.mjs URL '{"picks":{"1":1,...},"note":[2,"text"]}'
// Playwright comes from end2end/ (scripts/setup.sh installs it), the
// browser is Debian's Chromium (CHROMIUM_PATH to choose another).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../end2end/package.json', import.meta.url)));
const { chromium } = require('@playwright/test');

const [url, what] = process.argv.slice(2);
if (!url || !what) {
  console.error('usage: node answer_in_chromium.mjs URL PICKS_JSON');
  process.exit(2);
}
const { picks, note } = JSON.parse(what);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ locale: 'en-US' });
  await page.goto(url);
  await page.locator('main[data-hydrated="true"]').waitFor({ timeout: 20_000 });
  for (const [id, position] of Object.entries(picks)) {
    await page.locator(`fieldset#item-${id} input[type="radio"]`).nth(position).check();
  }
  await page.locator(`textarea[name="note-${note[0]}"]`).fill(note[1]);
  // The form's own submit button: an item's "Decide later" and a
  // precedent's "Not the same question" post the form too.
  await page.locator('button.submit').click();
  // The island's done screen (the page without JavaScript has the same class).
  await page.locator('section.done').waitFor({ timeout: 20_000 });
} finally {
  await browser.close();
}
