// Every page lists the other questions waiting for the person on this
// machine (other projects, other agents), each a link to its own page.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixture';
import { exampleInput, Project, Submit } from './aide';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

test('a page links to the question another project waits on, and that page opens', async ({ page, context }) => {
  // Two projects of one person: one per-user state folder.
  const stateHome = mkdtempSync(join(tmpdir(), 'aide-state-'));
  const shop = new Project({ stateHome });
  const blog = new Project({ stateHome });
  const cookie = blog.writeInput('cookie.json', {
    task: 'Name the session cookie',
    source: 'chat',
    items: [
      {
        id: 1,
        title: 'Cookie name?',
        options: [
          { value: 'sid', label: 'sid', score: 80 },
          { value: 'session', label: 'session', score: 60 },
        ],
      },
    ],
  });
  const first = await shop.submit(exampleInput);
  running.push(first);
  const second = await blog.submit(cookie);
  running.push(second);

  await page.goto(first.url);
  const list = page.getByRole('navigation', { name: '也在等你回答' });
  await expect(list).toBeVisible();
  const link = list.getByRole('link', { name: 'Name the session cookie' });
  await expect(link).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('1 个问题');
  await page.screenshot({ path: test.info().outputPath('also-waiting.png') });

  const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(opened.getByRole('heading', { name: 'Name the session cookie' })).toBeVisible();
  // And that page links back to the first question.
  await expect(
    opened.getByRole('navigation', { name: '也在等你回答' }).getByRole('link', { name: '实现用户认证模块' }),
  ).toBeVisible();
});
