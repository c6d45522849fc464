import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The home page's budget (issue 14) for JavaScript fetched before first render, KB gzip. */
export const HOME_JS_BUDGET_KB = 90;

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/** Scripts the built index.html loads up front: the module entry plus every modulepreload. */
export function initialScripts(indexHtml: string): string[] {
  const found = new Set<string>();
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isEntry = /^<script/i.test(tag) && /type=["']module["']/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel=["']modulepreload["']/i.test(tag);
    if (!isEntry && !isPreload) continue;
    const url = tag.match(/\b(?:src|href)=["']([^"']+)["']/i)?.[1];
    if (url && !/^(?:[a-z]+:)?\/\//i.test(url)) found.add(url);
  }
  return [...found];
}

/**
 * Gzip size of the JavaScript the home page loads initially (the route chunks, such as the
 * schedule's calendar, are fetched later and are not counted). Run `vite build` first.
 */
export async function benchWebBundle(distDir = resolve('dist')): Promise<Record<string, string | number>> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const scripts = initialScripts(html);
  if (scripts.length === 0) throw new Error(`No module scripts found in ${join(distDir, 'index.html')}.`);
  let raw = 0;
  let gzip = 0;
  for (const url of scripts) {
    const body = await readFile(join(distDir, url.replace(/^\//, '')));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return {
    // What is counted: the entry script of dist/index.html and every modulepreload it lists, each
    // gzipped at level 9 (the server sends brotli when asked, which is smaller). Chunks loaded later
    // by import() (routes, dialogs, the toast region) are not counted; the Lighthouse section shows
    // what Chromium really fetched while the home page loaded.
    'web home initial JS files': scripts.length,
    'web home initial JS (KB raw)': kb(raw),
    'web home initial JS (KB gzip)': kb(gzip),
    'web home initial JS target (KB gzip, at most)': HOME_JS_BUDGET_KB,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchWebBundle();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  const gzipKb = Number(figures['web home initial JS (KB gzip)']);
  if (gzipKb > HOME_JS_BUDGET_KB) {
    console.error(`Over budget: ${gzipKb} KB > ${HOME_JS_BUDGET_KB} KB gzip.`);
    process.exitCode = 1;
  }
}
