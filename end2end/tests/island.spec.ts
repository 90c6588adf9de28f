// The page's start (frontend/start.js, appended to the glue by
// server/build.rs) against the glue the build generated: it calls the
// glue's `initSync` with `{ module }`,
// its `hydrate`, and for each island the export named by the island's
// `data-component`. A Leptos or wasm-bindgen update
// that renamed any of them would fail here with what changed, not as a
// page that silently never hydrates.
import { expect, Page, test } from './fixture';
import { exampleInput, Project, Submit } from './aide';
import { hydrated } from './form';

let running: Submit[] = [];
test.afterEach(() => {
  running.forEach((s) => s.stop());
  running = [];
});

/** Opens the example session's page and waits until its island is
 * awake; returns the errors the page logs meanwhile and after. */
async function openExample(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const project = new Project();
  const submit = await project.submit(exampleInput);
  running.push(submit);
  await page.goto(submit.url);
  await expect(hydrated(page)).toBeVisible();
  return errors;
}

test('the islands script calls what the built glue exports', async ({ page }) => {
  const errors = await openExample(page);

  const glue = await page.evaluate(async () => {
    const href = document.querySelector('script#island-script')?.getAttribute('src') ?? '';
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

// The WASM's bytes come as hex text, an export of the glue (aide.js,
// server/build.rs): a browser with `Uint8Array.fromHex` decodes them
// natively, and one without it (before Chrome 140, Firefox 133, Safari
// 18.2) runs the glue's own loop, which must give the very same bytes.
test('a browser without Uint8Array.fromHex decodes the WASM itself, to the same bytes', async ({ page }) => {
  await page.addInitScript(() => {
    const native = Uint8Array as unknown as { fromHex?: (hex: string) => Uint8Array };
    (window as unknown as { nativeFromHex?: unknown }).nativeFromHex = native.fromHex;
    delete native.fromHex;
  });
  const errors = await openExample(page);

  const bytes = await page.evaluate(async () => {
    const href = document.querySelector('script#island-script')?.getAttribute('src') ?? '';
    const decoded: Uint8Array = (await import(href)).aide_wasm;
    const hex = /\}\)\("([0-9a-f]*)"\);\n/.exec(await (await fetch(href)).text())?.[1] ?? '';
    const fromHex = (window as unknown as { nativeFromHex?: (hex: string) => Uint8Array }).nativeFromHex;
    const reference = fromHex ? fromHex.call(Uint8Array, hex) : null;
    return {
      hasFromHex: 'fromHex' in Uint8Array,
      length: decoded.length,
      hexLength: hex.length,
      magic: [...decoded.slice(0, 4)],
      same: reference ? reference.length === decoded.length && reference.every((b, i) => b === decoded[i]) : null,
    };
  });
  expect(bytes.hasFromHex).toBe(false);
  expect(bytes.length * 2).toBe(bytes.hexLength);
  // `\0asm`: a WebAssembly module.
  expect(bytes.magic).toEqual([0, 0x61, 0x73, 0x6d]);
  // Chromium has the native decoder to compare with.
  expect(bytes.same).toBe(true);
  expect(errors).toEqual([]);
});
