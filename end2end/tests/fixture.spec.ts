// The net of tests/fixture.ts catches an error no script caught on a page
// of any context the test opened, not only its own (issue 60): each of
// these tests throws on such a page, and is expected to fail.
import { test } from './fixture';

const THROWS = '<script>setTimeout(() => { throw new Error("uncaught on purpose"); })</script>';

test('an error on a page of a context the test made fails the test', async ({ browser }) => {
  test.fail();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const thrown = page.waitForEvent('pageerror');
  await page.setContent(THROWS);
  await thrown;
  await context.close();
});

test('an error on a page of browser.newPage() fails the test', async ({ browser }) => {
  test.fail();
  const page = await browser.newPage();
  const thrown = page.waitForEvent('pageerror');
  await page.setContent(THROWS);
  await thrown;
  await page.close();
});

test('an error on a second tab of the test\'s own context fails the test', async ({ context }) => {
  test.fail();
  const page = await context.newPage();
  const thrown = page.waitForEvent('pageerror');
  await page.setContent(THROWS);
  await thrown;
});
