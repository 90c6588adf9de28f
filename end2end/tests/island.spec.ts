// The page's own islands script (app/src/page/shell.rs) against the glue
// the build generated: it calls the glue's `initSync` with `{ module }`,
// its `hydrate`, and for each island the export named by the island's
// `data-component`. A Leptos or wasm-bindgen update
// that renamed any of them would fail here with what changed, not as a
// page that silently never hydrates.
import { expect, test } from '@playwright/test';
import { exampleInput, Project, Submit } from './aide';
import { hydrated } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

test('the islands script calls what the built glue exports', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const project = new Project();
  const submit = await project.submit(exampleInput);
  running.push(submit);
  await page.goto(submit.url);
  await expect(hydrated(page)).toBeVisible();

  const glue = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="modulepreload"]')?.getAttribute('href') ?? '';
    const module = await import(href);
    const islands = [...document.querySelectorAll('leptos-island')].map((i) => i.getAttribute('data-component'));
    return {
      href,
      source: await (await fetch(href)).text(),
      exports: Object.keys(module).filter((name) => typeof module[name] === 'function'),
      islands,
    };
  });
  expect(glue.href).toMatch(/\/pkg\/[0-9a-f]+\/aide\.js$/);
  expect(glue.islands).toHaveLength(1);
  expect(glue.islands[0]).toMatch(/^LiveForm_\d+$/);
  expect(glue.exports).toEqual(expect.arrayContaining(['initSync', 'hydrate', glue.islands[0]!]));
  // The initialiser reads the WASM from this field.
  expect(glue.source).toMatch(/\{\s*module\s*:/);
  expect(errors).toEqual([]);
});
