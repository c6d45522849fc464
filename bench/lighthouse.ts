import { spawn } from 'node:child_process';
import { startApp, stopApp } from './built-app.js';
import { heldCheckoutPath } from './checkout-page.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The money path's first page: the enroll form of a seeded workshop (the summer camp, paid). */
export const ENROLL_PAGE = '/enroll/1';
/** The money path's second page, named for its workshop; its address (with an enrollment held for it) is made at run time. */
export const CHECKOUT_PAGE = '/checkout/9';
/** The public pages the issue names, the enroll form and the checkout, scored one by one. */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/schedule',
  '/programs',
  '/program/manners-and-me',
  '/events',
  ENROLL_PAGE,
  CHECKOUT_PAGE,
] as const;
/** Pages whose scripts and paint times are reported beside their scores. */
const DETAILED: readonly string[] = ['/', ENROLL_PAGE, CHECKOUT_PAGE];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Runs per page, the best of which is reported; BENCH_LIGHTHOUSE_RUNS=3 on a loaded machine. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 2);
/** BENCH_LIGHTHOUSE_PAGES=/enroll/1,/checkout/9 scores only those (to compare two commits quickly). */
const chosenPages = (): readonly string[] => {
  const only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  return only.length ? LIGHTHOUSE_PAGES.filter((p) => only.includes(p)) : LIGHTHOUSE_PAGES;
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

interface Run {
  scores: Record<Category, number>;
  /** Scripts Chromium fetched while the page loaded, in bytes as transferred (compressed when served so). */
  scriptBytes: number;
  scriptCount: number;
  /** First and largest contentful paint, simulated on a mid-range phone over slow 4G (ms). */
  fcpMs: number;
  lcpMs: number;
}

/** One Lighthouse run with the default config (the mobile preset), in its own process. */
function lighthouse(url: string, outFile: string): Promise<Run> {
  const args = [
    url,
    '--output=json',
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
  ];
  return new Promise((done, fail) => {
    const run = spawn(resolve('node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    run.stderr?.on('data', (d) => (stderr += d));
    run.once('error', fail);
    run.once('exit', (code) => {
      if (code !== 0) return fail(new Error(`lighthouse exited ${code} for ${url}: ${stderr.slice(-2000)}`));
      const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
      if (report.runtimeError) return fail(new Error(`lighthouse: ${report.runtimeError.message}`));
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
        (item) => item.resourceType === 'Script',
      );
      done({
        scores,
        scriptBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
        scriptCount: scripts.length,
        fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      });
    });
  });
}

/**
 * On a busy machine Chromium sometimes loses the trace (Lighthouse's NO_NAVSTART, "run Lighthouse
 * again"); such a run is taken again, up to twice, rather than losing the whole section.
 */
async function lighthouseWithRetry(url: string, outFile: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outFile);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`lighthouse ${url}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; again`);
    }
  }
}

interface LighthouseReport {
  runtimeError?: { message: string };
  categories: Partial<Record<Category, { score: number | null }>>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

/** BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report there, to read what an audit found. */
function reportPath(dataDir: string, page: string, run: number): string {
  const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
  const name = `lighthouse${page.replace(/\W+/g, '-')}${run}.json`;
  if (!keep) return join(dataDir, name);
  mkdirSync(keep, { recursive: true });
  return join(resolve(keep), name);
}

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/**
 * Lighthouse 12 (mobile preset, the default config) on each public page, the enroll form and the
 * checkout (with an enrollment held through the API), best of the runs per category, against the
 * built app started as a separate process. Run `npm run build` first.
 */
export async function benchLighthouse(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const { origin, app } = await startApp(dataDir);
  const figures: Record<string, string | number> = {};
  try {
    for (const page of chosenPages()) {
      const runs: Run[] = [];
      const loads: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Each checkout run pays its own held enrollment, so no run finds one another run started.
        const address = page === CHECKOUT_PAGE ? await heldCheckoutPath(origin) : page;
        runs.push(await lighthouseWithRetry(`${origin}${address}`, reportPath(dataDir, page, i)));
        loads.push(loadavg()[0]!.toFixed(1));
      }
      const best = (c: Category) => Math.max(...runs.map((r) => r.scores[c]));
      figures[`${page} perf / a11y / best practices / SEO`] = CATEGORIES.map(best).join(' / ');
      const misses = CATEGORIES.filter((c) => best(c) < TARGETS[c]);
      figures[`${page} on target`] = misses.length ? `no: ${misses.join(', ')}` : 'yes';
      figures[`${page} performance of each run (load average, 1 min, after it)`] = runs
        .map((r, i) => `${r.scores.performance} (${loads[i]})`)
        .join(', ');
      if (DETAILED.includes(page)) {
        const first = runs[0]!;
        figures[`${page} scripts fetched during load (Chromium, count)`] = first.scriptCount;
        figures[`${page} scripts fetched during load (Chromium, KB as transferred)`] = kb(first.scriptBytes);
        const paint = (of: (r: Run) => number) => Math.min(...runs.map(of));
        figures[`${page} first / largest contentful paint (ms, simulated mobile)`] =
          `${paint((r) => r.fcpMs)} / ${paint((r) => r.lcpMs)}`;
      }
    }
    // Performance is simulated from a trace taken on this machine: a busy machine scores lower.
    figures['load average during the runs (1 min, at the end)'] = loadavg()[0]!.toFixed(1);
    figures['targets'] = `perf >= ${TARGETS.performance}, a11y / best practices / SEO = 100 (best of ${RUNS} runs)`;
    return figures;
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchLighthouse());
}
