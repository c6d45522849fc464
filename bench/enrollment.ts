import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../service/core/config.js';
import { openStores } from '../service/compose.js';
import { createApp } from '../service/app.js';
import { createLogger } from '../service/core/log.js';
import { seedCatalogue } from '../service/catalogue/seed.js';
import { OfflinePayments } from '../service/payments/offline-adapter.js';
import { OutboxMailer } from '../service/mail/outbox.js';
import { ProjectionRunner } from '../projections/runner.js';
import { allProjectors } from '../projections/index.js';
import { workshopStream } from '../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../service/catalogue/seed-workshops.js';
import type { EventStore } from '../service/eventstore/port.js';
import { load, type LoadResult } from './http-load.js';

const PRICE = 10;
const CONCURRENCY = 64;

const body = JSON.stringify({ firstName: 'Bench', lastName: 'Parent', email: 'bench@example.com', phone: '9725550100', participants: 1, agreeToTerms: true, totalPrice: PRICE });

async function schedule(store: EventStore, id: string, capacity: number) {
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: `Bench ${id}`, capacity, price: PRICE };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: new Date().toISOString() };
  await store.append(workshopStream(id), [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }], 'no_stream');
}

/** Seats held on a workshop stream, to check nothing was oversold. */
async function seatsHeld(store: EventStore, id: string): Promise<number> {
  const events = await store.readStream(workshopStream(id));
  return events.filter((e) => e.type === 'SeatsReserved').reduce((n, e) => n + (e.data as { seats: number }).seats, 0);
}

const figures = (label: string, r: LoadResult) => ({
  [`${label} req/s`]: r.reqPerSec,
  [`${label} p50 ms`]: r.p50ms,
  [`${label} p99 ms`]: r.p99ms,
});

/**
 * POST /api/enroll/workshop/{id} over real HTTP on loopback, against the embedded SQLite stores
 * with the projections running in-process (as `npm start` runs): first all requests on ONE
 * workshop (the contended case; more requests than seats, so the last ones are refused), then
 * spread over many workshops. Oversold = seats held beyond capacity, which must be 0.
 */
export async function benchEnrollment(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-enrollment-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_KEY: 'bench-admin-key-123456', LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  await seedCatalogue(stores.eventStore, new Date());
  const log = createLogger('silent');
  const runner = new ProjectionRunner({ eventStore: stores.eventStore, readStore: stores.readStore, projectors: allProjectors, log });
  runner.start();
  const app = createApp({
    config,
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projections: runner,
    log,
    clock: () => new Date(),
    newId: randomUUID,
    payments: new OfflinePayments(),
    mailer: new OutboxMailer(join(dataDir, 'outbox'), config.MAIL_FROM),
    rateLimits: stores.rateLimits,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/enroll/workshop/`;

  try {
    await schedule(stores.eventStore, 'warm', 10_000);
    await loadFromWorker({ base, total: 300, concurrency: 16, workshops: ['warm'] });

    // A popular workshop selling out: three requests for every seat.
    const hotCapacity = 1_000;
    const hotRequests = 3_000;
    await schedule(stores.eventStore, 'hot', hotCapacity);
    const hot = await loadFromWorker({ base, total: hotRequests, concurrency: CONCURRENCY, workshops: ['hot'] });
    const hotHeld = await seatsHeld(stores.eventStore, 'hot');

    const many = 200;
    const perWorkshop = 20;
    for (let i = 0; i < many; i++) await schedule(stores.eventStore, `spread-${i}`, perWorkshop);
    const spreadRequests = many * perWorkshop;
    const spread = await loadFromWorker({ base, total: spreadRequests, concurrency: CONCURRENCY, workshops: Array.from({ length: many }, (_, i) => `spread-${i}`) });
    let spreadOversold = 0;
    for (let i = 0; i < many; i++) spreadOversold += Math.max(0, (await seatsHeld(stores.eventStore, `spread-${i}`)) - perWorkshop);

    return {
      ...figures('one workshop', hot),
      'one workshop: 201 held / 409 full': `${hot.statuses[201] ?? 0} / ${hot.statuses[409] ?? 0} of ${hotRequests} (capacity ${hotCapacity})`,
      'one workshop oversold seats': Math.max(0, hotHeld - hotCapacity),
      ...figures(`${many} workshops`, spread),
      [`${many} workshops: 201 held`]: `${spread.statuses[201] ?? 0} of ${spreadRequests}`,
      [`${many} workshops oversold seats`]: spreadOversold,
      concurrency: CONCURRENCY,
    };
  } finally {
    await new Promise((r) => server.close(r));
    await runner.stop();
    await stores.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LoadJob {
  base: string;
  total: number;
  concurrency: number;
  /** Request i goes to workshops[i % length]. */
  workshops: string[];
}

/**
 * The load generator runs in a worker thread, so sending requests does not take event-loop time
 * from the server being measured (on this 2-core machine, the other core).
 */
function loadFromWorker(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: register it, then load this file as the worker.
    const boot = `(async () => { (await import('tsx/esm/api')).register(); await import(${JSON.stringify(import.meta.url)}); })()`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

if (!isMainThread && parentPort) {
  const job = workerData as LoadJob;
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  parentPort.postMessage(await load(job.total, job.concurrency, (i) => ({ url: job.base + job.workshops[i % job.workshops.length]!, init })));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchEnrollment());
}
