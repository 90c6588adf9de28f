// The decision page as the specs address it: one spelling of how an item
// is found, shared by every spec.
import { Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project } from './aide';

/** Item `id`'s fieldset (its id is `item-{id}`, as the server writes it). */
export const item = (page: Page, id: number): Locator => page.locator(`fieldset#item-${id}`);

/** The page once its island has hydrated and counted the form. */
export const hydrated = (page: Page): Locator => page.locator('main[data-hydrated="true"]');

/** The saved draft of the project's session, as text ('' before there is one). */
export function draftText(project: Project): string {
  const folder = join(project.dir, '.aide/decisions');
  const draft = readdirSync(folder).find((f) => f.endsWith('.draft.json'));
  return draft ? readFileSync(join(folder, draft), 'utf8') : '';
}
