// What the preview specs share: a project whose options show diffs,
// pictures and Markdown (issue 57), and the input that names them.
import { Browser } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project } from './aide';

/** A diff of `src/cache.rs` as `git diff` prints it, for one way to cache. */
export function cacheDiff(kind: 'lru' | 'ttl'): string {
  const body =
    kind === 'lru'
      ? [' use std::num::NonZeroUsize;', '-use std::collections::HashMap;', '+use lru::LruCache;', ' ',
         ' /// Prices by product, kept between requests.', ' pub struct PriceCache {',
         '-    prices: HashMap<u64, Price>,', '+    prices: LruCache<u64, Price>,', ' }', ' ',
         ' impl PriceCache {', '     pub fn new() -> Self {',
         '-        Self { prices: HashMap::new() }',
         '+        // At most 10,000 prices: the least recently used goes first.',
         '+        Self { prices: LruCache::new(NonZeroUsize::new(10_000).unwrap()) }', '     }', ' }']
      : [' use std::num::NonZeroUsize;', '-use std::collections::HashMap;', '+use moka::sync::Cache;',
         '+use std::time::Duration;', ' ', ' /// Prices by product, kept between requests.', ' pub struct PriceCache {',
         '-    prices: HashMap<u64, Price>,', '+    prices: Cache<u64, Price>,', ' }', ' ', ' impl PriceCache {',
         '     pub fn new() -> Self {', '-        Self { prices: HashMap::new() }',
         '+        let ttl = Duration::from_secs(300); // "5 minutes" said the ticket',
         '+        Self { prices: Cache::builder().time_to_live(ttl).build() }', '     }', ' }'];
  const old = body.filter((l) => !l.startsWith('+')).length;
  const now = body.filter((l) => !l.startsWith('-')).length;
  return `diff --git a/src/cache.rs b/src/cache.rs\nindex 3f2a1b0..9c8d7e6 100644\n--- a/src/cache.rs\n+++ b/src/cache.rs\n@@ -1,${old} +1,${now} @@\n${body.join('\n')}\n`;
}

/** A PNG of a small drawn card: the browser draws it, the test keeps it. */
export async function drawnPng(browser: Browser, text: string, colour: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 320, height: 160 } });
  await page.setContent(
    `<body style="margin:0"><div style="width:320px;height:160px;background:${colour};color:#fff;` +
      `font:bold 28px sans-serif;display:flex;align-items:center;justify-content:center">${text}</div></body>`,
  );
  const png = await page.screenshot();
  await page.close();
  return png;
}

/** A project holding the two diffs and two pictures the inputs name. */
export async function previewProject(browser: Browser, project = new Project()): Promise<Project> {
  writeFileSync(join(project.dir, 'option-lru.diff'), cacheDiff('lru'));
  writeFileSync(join(project.dir, 'option-ttl.diff'), cacheDiff('ttl'));
  mkdirSync(join(project.dir, 'shots'), { recursive: true });
  writeFileSync(join(project.dir, 'shots/cards.png'), await drawnPng(browser, 'Cards layout', '#1f55c9'));
  writeFileSync(join(project.dir, 'shots/table.png'), await drawnPng(browser, 'Table layout', '#1a7f37'));
  return project;
}

export const input = {
  task: 'Cache the price lookups',
  source: 'chat',
  items: [
    {
      id: 1,
      title: 'Which cache for prices?',
      context: 'Prices are read on every page; they change a few times a day.',
      options: [
        { value: 'lru', label: 'In-process LRU', score: 80, diff_file: 'option-lru.diff' },
        { value: 'ttl', label: 'Time-to-live cache', score: 70, diff_file: 'option-ttl.diff' },
      ],
      recommend: 'lru',
    },
    {
      id: 2,
      title: 'Which layout for the price list?',
      options: [
        { value: 'cards', label: 'Cards', image: 'shots/cards.png' },
        { value: 'table', label: 'Table', image: 'shots/table.png' },
      ],
    },
    {
      id: 3,
      title: 'What does the empty list say?',
      options: [
        {
          value: 'short',
          label: 'Short',
          preview: '## No prices yet\n\nAdd one with **New price**.\n\n<script>alert("preview")</script>',
        },
        {
          value: 'guided',
          label: 'Guided',
          preview: '## No prices yet\n\n1. Import a file\n2. Or add one by hand\n\n| column | meaning |\n|---|---|\n| sku | the product |',
        },
      ],
    },
  ],
};

