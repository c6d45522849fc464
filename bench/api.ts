import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../service/core/config.js';
import { createCommandHandler, createMailer, createPaymentsPort, openStores } from '../service/compose.js';
import { createApp } from '../service/app.js';
import { createLogger } from '../platform/log.js';
import { seedCatalogue } from '../service/catalogue/seed.js';
import { ProcessorRunner } from '../platform/processor/runner.js';
import { allProjectors } from '../projections/index.js';
import { load } from './http-load.js';
import { Hono } from 'hono';
import { hasWrk, median, wrkRate } from './wrk.js';
import { pathToFileURL } from 'node:url';

/** GET /api/workshops over real HTTP on loopback, against the embedded SQLite stores. */
export async function benchApi(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_KEY: 'bench-admin-key-123456', LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  await seedCatalogue(stores.eventStore, new Date());
  const log = createLogger('silent');
  const runner = new ProcessorRunner({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projectors: allProjectors,
    log,
  });
  runner.start();
  await runner.waitFor(await stores.eventStore.headPosition(), undefined, 30_000);
  const app = createApp({
    config,
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    commands: createCommandHandler(stores.eventStore),
    projections: runner,
    log,
    clock: () => new Date(),
    newId: randomUUID,
    payments: createPaymentsPort(config, log),
    mailer: createMailer(config),
    rateLimits: stores.rateLimits,
    keys: stores.keys,
    encryption: stores.encryption,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  try {
    const url = `http://127.0.0.1:${port}/api/workshops`;
    await load(500, 16, () => ({ url })); // warm-up
    const r = await load(20_000, 32, () => ({ url }));
    const figures: Record<string, string | number> = {
      'GET /api/workshops req/s (fetch loop)': r.reqPerSec,
      'GET /api/workshops p99 ms (fetch loop)': r.p99ms,
      'GET /api/workshops p50 ms (fetch loop)': r.p50ms,
    };
    return { ...figures, ...(await sideBySide(url)) };
  } finally {
    await new Promise((r) => server.close(r));
    await runner.stop();
    await stores.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The app's GET /api/workshops against a bare Hono route answering the same bytes, in this process
 * too, loaded by wrk in its own process (32 connections), alternated three times; medians and ratio.
 */
async function sideBySide(appUrl: string): Promise<Record<string, string | number>> {
  if (!hasWrk()) return { 'wrk side by side': 'skipped: wrk is not installed (apt-get install wrk)' };
  const body = await (await fetch(appUrl)).text();
  const bare = new Hono().get('/api/workshops', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => bareServer.once('listening', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/api/workshops`;
  const seconds = Number(process.env.BENCH_WRK_SECONDS ?? 5);
  const apps: number[] = [];
  const bares: number[] = [];
  try {
    await wrkRate(appUrl, { connections: 32, seconds: 1 }); // warm-up, both
    await wrkRate(bareUrl, { connections: 32, seconds: 1 });
    for (let i = 0; i < 3; i++) {
      apps.push(await wrkRate(appUrl, { connections: 32, seconds }));
      bares.push(await wrkRate(bareUrl, { connections: 32, seconds }));
    }
  } finally {
    await new Promise((r) => bareServer.close(r));
  }
  const app = median(apps);
  const bareRate = median(bares);
  return {
    'wrk GET /api/workshops app req/s (median of 3)': Math.round(app),
    'wrk same body, bare Hono req/s (median of 3)': Math.round(bareRate),
    'wrk runs app / bare': `${apps.map(Math.round).join(', ')} / ${bares.map(Math.round).join(', ')}`,
    'ratio app / bare (target >= 0.5)': +(app / bareRate).toFixed(2),
    'body bytes': Buffer.byteLength(body),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchApi());
}
