// What every spec imports in place of '@playwright/test': the same, with
// one check more after each test. A script that throws on a page and
// nobody catches it (the browser only logs it) fails the test that opened
// the page, whatever that test asserted: such an error once went unseen
// for a whole stop (a number key made the island's listener throw).
import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ uncaughtErrors: void }>({
  uncaughtErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('weberror', (error) => {
        errors.push(`${error.page()?.url() ?? 'a page'}: ${error.error().stack ?? error.error().message}`);
      });
      await use();
      expect(errors, 'errors no script caught, on the pages this test opened').toEqual([]);
    },
    { auto: true },
  ],
});
