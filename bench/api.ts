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
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  try {
    const url = `http://127.0.0.1:${port}/api/workshops`;
    await load(500, 16, () => ({ url })); // warm-up
    const r = await load(20_000, 32, () => ({ url }));
    return {
      'GET /api/workshops req/s': r.reqPerSec,
      'GET /api/workshops p99 ms': r.p99ms,
      'GET /api/workshops p50 ms': r.p50ms,
    };
  } finally {
    await new Promise((r) => server.close(r));
    await runner.stop();
    await stores.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchApi());
}
