// The decision page as the specs address it: one spelling of how an item
// is found, shared by every spec.
import AxeBuilder from '@axe-core/playwright';
import { expect, Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project } from './aide';

/** Each language once in each scheme, with and without JavaScript: the
 * four ways a spec of a page's part looks at it (language, its locale,
 * colour scheme, JavaScript). */
export const EVERY_WAY = [
  ['zh', 'zh-CN', 'light', true],
  ['en', 'en-US', 'dark', true],
  ['en', 'en-US', 'light', false],
  ['zh', 'zh-CN', 'dark', false],
] as const;

/** The page's address `url` asking for language `lang`. */
export const withLang = (url: string, lang: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/** Item `id`'s fieldset (its id is `item-{id}`, as the server writes it). */
export const item = (page: Page, id: number): Locator => page.locator(`fieldset#item-${id}`);

/** The page once its island has hydrated and counted the form. */
export const hydrated = (page: Page): Locator => page.locator('main[data-hydrated="true"]');

/** A session of `total` alike questions: item n offers "Alpha n" (score
 * 80, recommended) and "Beta n" (60); `skippable` lists the ids that may
 * be skipped. */
export function questions(task: string, source: string, total: number, skippable: number[] = []) {
  return {
    task,
    source,
    items: Array.from({ length: total }, (_, n) => ({
      id: n + 1,
      title: `Question ${n + 1}`,
      options: [
        { value: 'a', label: `Alpha ${n + 1}`, score: 80 },
        { value: 'b', label: `Beta ${n + 1}`, score: 60 },
      ],
      recommend: 'a',
      allow_skip: skippable.includes(n + 1),
    })),
  };
}

/** The saved draft of the project's session, as text ('' before there is one). */
export function draftText(project: Project): string {
  const folder = join(project.dir, '.aide/decisions');
  const draft = readdirSync(folder).find((f) => f.endsWith('.draft.json'));
  return draft ? readFileSync(join(folder, draft), 'utf8') : '';
}

/** The page's layout shifts so far that no input caused, summed (CLS as
 * the browser counts it). */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((ok) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          ok(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => ok(0), 200);
      }),
  );

/** The WCAG 2.1 A and AA rules axe checks, as every spec asks them. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What `selector` marks on the page (a note, a list) reads in the page's
 * scheme: its text is not its background, and (where the page runs a
 * script, so axe can) its contrast and role pass axe's WCAG 2.1 AA rules. */
export async function expectReadable(page: Page, selector: string, js: boolean) {
  const colours = await page.locator(selector).first().evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  });
  expect(colours[0]).not.toBe(colours[1]);
  if (js) {
    const results = await new AxeBuilder({ page }).include(selector).withTags(WCAG_AA).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
}

/** The serious and critical violations of axe's WCAG 2.1 AA rules on the
 * whole page, each with the elements it names. */
export async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
