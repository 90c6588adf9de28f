// Time to usable of the App view in the ext-apps host of the end2end tests
// (end2end/tests/app_host.ts): from the host's start (the view's iframe
// created, the bridge connected) to the form with all its items shown and
// its submit button enabled. Run from end2end/ (it runs target/release/aide):
//   npx playwright test -c ../bench/view/playwright.config.ts
import { expect, test } from '../../end2end/tests/fixture';
import { readFileSync } from 'node:fs';
import { exampleInput } from '../../end2end/tests/aide';
import { host } from '../../end2end/tests/app_host';
import { APPS_CAPABILITIES, mcpProjects } from '../../end2end/tests/mcp';

const RUNS = Number(process.env.RUNS ?? 5);
const mcpProject = mcpProjects(APPS_CAPABILITIES);
const long = {
  task: 'Long',
  source: 's.md',
  items: Array.from({ length: 130 }, (_, n) => ({
    id: n + 1,
    title: `Question ${n + 1}`,
    options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
  })),
};

for (const [name, input] of [
  ['2 items', () => JSON.parse(readFileSync(exampleInput, 'utf8'))],
  ['130 items', () => long],
] as const) {
  test(`time to usable: ${name}`, async ({ browser }) => {
    const figures: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      const { mcp } = await mcpProject();
      const given = input();
      const submitted = await mcp.tool('decide_submit', given);
      const view = await host(page, mcp, 'light', 'decide_submit', given);
      await page.evaluate((result) => (window as any).toolResult(result), submitted);
      const usable = () =>
        view.evaluate((count) => {
          const button = document.querySelector('button.submit') as HTMLButtonElement | null;
          return document.querySelectorAll('fieldset.item').length === count && !!button && !button.disabled;
        }, given.items.length);
      await expect.poll(usable, { intervals: [5] }).toBe(true);
      figures.push(await page.evaluate(() => performance.now() - (window as any).seen.started));
      await page.close();
    }
    const sorted = [...figures].sort((a, b) => a - b);
    console.log(`${name}: ${figures.map((f) => f.toFixed(0)).join(', ')} ms; median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms`);
  });
}

test('the view document', async () => {
  const { mcp } = await mcpProject();
  const read = await mcp.request('resources/read', { uri: 'ui://aide/decide.html' });
  const text: string = read.result.contents[0].text;
  const script = text.slice(text.lastIndexOf('<script>') + 8, text.lastIndexOf('</script>'));
  console.log(`view document: ${Buffer.byteLength(text)} bytes, its script ${Buffer.byteLength(script)} bytes, ${script.trim().split('\n').length} lines`);
});
