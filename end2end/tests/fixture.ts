// What every spec imports in place of '@playwright/test': the same, with
// one check more after each test. A script that throws on a page and
// nobody catches it (the browser only logs it) fails the test that opened
// the page, whatever that test asserted: such an error once went unseen
// for a whole stop (a number key made the island's listener throw).
//
// Every page the test opens is watched, not only those of its own
// `context`: a test that makes a context of its own (a phone's viewport,
// another locale, no JavaScript) or calls `browser.newPage()` gets the
// same net, through the browser's two ways to make a context, wrapped
// for the length of the test.
import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ uncaughtErrors: void }>({
  uncaughtErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const watched = new WeakSet<BrowserContext>();
      const watch = (watching: BrowserContext) => {
        if (watched.has(watching)) return;
        watched.add(watching);
        watching.on('weberror', (error) => {
          errors.push(`${error.page()?.url() ?? 'a page'}: ${error.error().stack ?? error.error().message}`);
        });
      };
      watch(context);
      const restore = wrapContexts(browser, watch);
      try {
        await use();
      } finally {
        restore();
      }
      expect(errors, 'errors no script caught, on the pages this test opened').toEqual([]);
    },
    { auto: true },
  ],
});

/// Makes every context `browser` creates from now on pass through `watch`
/// (`newPage` makes one too); returns what undoes it.
function wrapContexts(browser: Browser, watch: (context: BrowserContext) => void): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const made = await newContext.apply(browser, args);
    watch(made);
    return made;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage.apply(browser, args);
    watch(page.context());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}
