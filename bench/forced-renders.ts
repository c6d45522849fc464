import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startApp, stopApp } from './built-app.js';
import { hasWrk, wrkJson } from './wrk.js';

interface Latency {
  requests: number;
  durationUs: number;
  errors: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
}

interface RandomQueries {
  requests: number;
  durationUs: number;
  s2xx: number;
  s503: number;
  other: number;
  p99Us: number;
}

const LATENCY = resolve('bench/latency.lua');
const RANDOM_QUERY = resolve('bench/random-query.lua');
const ms = (us: number) => +(us / 1000).toFixed(1);

/**
 * Issue 22: a query string the page does not know must not force a server render. The built app
 * in its own process (as `npm start` runs it); 50 clients ask `/schedule?x=<random>`, each request
 * a new query string, while one client measures `/health`; both from `wrk` in processes of their
 * own. `/health` is measured alone first, for comparison. Target: its p99 under load below 50 ms.
 */
export async function benchForcedRenders(): Promise<Record<string, string | number>> {
  if (!hasWrk()) return { 'forced renders': 'skipped: wrk is not installed (apt-get install wrk)' };
  const seconds = Number(process.env.BENCH_WRK_SECONDS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-forced-'));
  const { origin, app } = await startApp(dataDir);
  try {
    await fetch(`${origin}/schedule`).then((r) => r.arrayBuffer());
    const idle = await wrkJson<Latency>(`${origin}/health`, { connections: 1, seconds: 5, script: LATENCY });
    const [health, flood] = await Promise.all([
      wrkJson<Latency>(`${origin}/health`, { connections: 1, seconds, script: LATENCY }),
      wrkJson<RandomQueries>(`${origin}/schedule`, {
        connections: 50,
        threads: 2,
        seconds,
        script: RANDOM_QUERY,
        args: ['/schedule'],
      }),
    ]);
    return {
      'GET /health alone: p50 / p99 ms': `${ms(idle.p50Us)} / ${ms(idle.p99Us)}`,
      'GET /health under the flood: p50 / p99 / max ms': `${ms(health.p50Us)} / ${ms(health.p99Us)} / ${ms(health.maxUs)}`,
      'GET /health under the flood: p99 ms (target < 50)': ms(health.p99Us),
      'flood: 50 clients, /schedule?x=<random> req/s': Math.round(flood.requests / (flood.durationUs / 1e6)),
      'flood: answers 2xx / 503 / other': `${flood.s2xx} / ${flood.s503} / ${flood.other}`,
      'flood: p99 ms': ms(flood.p99Us),
    };
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchForcedRenders());
}
