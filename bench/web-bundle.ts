import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startApp, stopApp } from './built-app.js';
import { heldCheckoutPath } from './checkout-page.js';

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

/** Raw and gzip (level 9) bytes of built files named by URL, read from dist/. */
async function weigh(distDir: string, urls: readonly string[]) {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = await readFile(join(distDir, url.replace(/^\//, '')));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

/**
 * The scripts a phone's browser fetches while a page loads, with nobody touching it: the page's own
 * (its module script and modulepreloads) and what they import once it has painted (React and the
 * islands that hydrate at once). Read in Chromium, at a phone's size, until the network is idle
 * (and, given `shows`, that element is there).
 */
async function scriptsFetchedOnLoad(url: string, shows?: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => !!document.documentElement.dataset.hydrated);
    if (shows) await page.waitForSelector(shows);
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/**
 * Gzip size of the JavaScript the home page loads: every script Chromium fetches while the page
 * loads untouched (rendered as islands: a tiny entry in the page, then React, the header and the
 * carousel once it has painted), and of those, what the page itself names. Beside it, the app's
 * shell (dist/index.html), which pages the whole app hydrates load, what the schedule loads
 * untouched (its calendar and list wait for a touch and for the screen), and what the checkout
 * loads before a parent can pay (the offline provider's card form; Stripe.js is Stripe's own).
 * Run `npm run build` first.
 */
export async function benchWebBundle(distDir = resolve('dist')): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const { origin, app } = await startApp(dataDir);
  try {
    const home = await (await fetch(`${origin}/`)).text();
    const named = initialScripts(home);
    if (named.length === 0) throw new Error('No module scripts found in the home page.');
    const fetched = await scriptsFetchedOnLoad(`${origin}/`);
    const page = await weigh(distDir, fetched);
    const inPage = await weigh(distDir, named);
    const schedule = await weigh(distDir, await scriptsFetchedOnLoad(`${origin}/schedule`));
    const shell = await weigh(distDir, initialScripts(await readFile(join(distDir, 'index.html'), 'utf8')));
    const checkoutScripts = await scriptsFetchedOnLoad(
      `${origin}${await heldCheckoutPath(origin)}`,
      'input[autocomplete="cc-number"]',
    );
    const checkout = await weigh(distDir, checkoutScripts);
    return {
      // Each file gzipped at level 9 (the server sends brotli when asked, which is smaller).
      'web home initial JS files': fetched.length,
      'web home initial JS (KB raw)': kb(page.raw),
      'web home initial JS (KB gzip)': kb(page.gzip),
      'web home initial JS target (KB gzip, at most)': HOME_JS_BUDGET_KB,
      'web home JS named by the page itself, before its first paint (KB gzip)': kb(inPage.gzip),
      'web schedule JS loaded untouched (KB gzip)': kb(schedule.gzip),
      'web app shell initial JS, for pages the whole app hydrates (KB gzip)': kb(shell.gzip),
      'web checkout JS loaded until the card form is there (files)': checkoutScripts.length,
      'web checkout JS loaded until the card form is there (KB gzip)': kb(checkout.gzip),
    };
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
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
