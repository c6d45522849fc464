import { serve } from '@hono/node-server';
import { spawn, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../service/core/config.js';
import { createDeps, openStores, reactorsFor } from '../service/compose.js';
import { createApp } from '../service/app.js';
import { createLogger } from '../platform/log.js';
import { seedCatalogue } from '../service/catalogue/seed.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { startProcessors } from '../service/processors.js';
import { startProjectorThread } from '../service/projector-thread-host.js';
import { allProjectors } from '../projections/index.js';
import { workshopStream } from '../contracts/catalogue/events.js';
import { SEED_WORKSHOPS } from '../service/catalogue/seed-workshops.js';
import type { EventStore } from '../platform/eventstore/port.js';

const PRICE = 10;
const THREADS = 2;
const CONNECTIONS = 64;
const ENROLL_SCRIPT = fileURLToPath(new URL('./enrollment.lua', import.meta.url));

/** What bench/enrollment.lua (and bench/pricing.lua) print when wrk ends. */
export interface WrkResult {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  s201: number;
  s409: number;
  s429: number;
  other: number;
  socketErrors: number;
}

export async function schedule(store: EventStore, id: string, capacity: number) {
  // Ninety days ahead: a seeded date may already be past, and a workshop that has begun is closed for enrollment.
  const date = new Date(Date.now() + 90 * 86_400_000).toISOString();
  const workshop = { ...SEED_WORKSHOPS[8]!, id, title: `Bench ${id}`, capacity, price: PRICE, date };
  const metadata = { correlationId: id, causationId: id, actor: 'admin' as const, at: new Date().toISOString() };
  await store.append(
    workshopStream(id),
    [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
    'no_stream',
  );
}

/** Seats held on a workshop stream, to check nothing was oversold. */
async function seatsHeld(store: EventStore, id: string): Promise<number> {
  let held = 0;
  for (const e of await store.readStream(workshopStream(id))) {
    const seats = (e.data as { seats: number }).seats;
    if (e.type === 'SeatsReserved') held += seats;
    if (e.type === 'SeatsReleased') held -= seats;
  }
  return held;
}

/**
 * One server (embedded SQLite stores, projections in a worker thread, as `npm start` runs) behind
 * a "proxy" on loopback: TRUST_PROXY=127.0.0.1, and wrk gives every request its own
 * X-Forwarded-For and e-mail, so each is another parent. `limits` false switches the rate limit and
 * the unpaid-hold allowance off (RATE_LIMIT_PER_MINUTE=off, MAX_HELD_SEATS_PER_CLIENT=off).
 * `reactors` also runs every reactor on the API's thread, as `npm start` does (the confirmation
 * e-mails are rendered, with their receipts, and written to the outbox); without them the figures
 * are of the requests and the read models alone.
 */
export async function startBenchServer(limits: boolean, options: { effects?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-enrollment-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_KEY: 'bench-admin-key-123456',
    BOOKING_LINK_SECRET: 'bench-booking-link-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    ...(limits ? {} : { RATE_LIMIT_PER_MINUTE: 'off', MAX_HELD_SEATS_PER_CLIENT: 'off' }),
  });
  const stores = await openStores(config);
  await seedCatalogue(stores.eventStore, new Date());
  const log = createLogger('silent');
  const effects = options.effects === true;
  // The projections, and with `effects` every reactor and timer, where `npm start` runs them (a
  // worker thread), or as BENCH_PROJECTIONS says (`inline`: on the API's thread, for a comparison).
  const waiter = new CheckpointWaiter({ readStore: stores.readStore, names: allProjectors.map((p) => p.name) });
  const deps = createDeps(config, stores, log, waiter);
  const processors =
    process.env.BENCH_PROJECTIONS === 'inline'
      ? startProcessors({ config, stores, log, owner: 'bench-processors', waiter, deps, effects })
      : startProjectorThread({
          config,
          eventStore: stores.eventStore,
          waiter,
          owner: 'bench-projections',
          takeOverAtStart: true,
          log,
          effects,
        });
  const app = createApp(deps);
  const reactorNames = effects ? reactorsFor(deps).map((r) => r.name) : [];
  // Answers are counted here so that a run of exactly N requests can be cut when the Nth is answered.
  let answered = 0;
  let target = Infinity;
  let reached = () => {};
  const server = serve({
    fetch: async (req, env) => {
      const res = await app.fetch(req, env);
      if (++answered === target) reached();
      return res;
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  let run = 0;

  /**
   * wrk as its own process: `total` enrollments spread over `workshops`, then wrk is stopped (SIGINT
   * prints its figures). `script` and `extra` (its arguments after the usual three) for another body.
   */
  const drive = (
    total: number,
    workshops: string[],
    connections = CONNECTIONS,
    script = ENROLL_SCRIPT,
    extra: string[] = [],
  ): Promise<WrkResult> =>
    new Promise((resolve, reject) => {
      const args = [
        '-t',
        String(THREADS),
        '-c',
        String(connections),
        '-d',
        '120s',
        '--timeout',
        '10s',
        '-s',
        script,
        `http://127.0.0.1:${port}`,
        '--',
        workshops.join(','),
        String(++run),
        String(THREADS),
        ...extra,
      ];
      const wrk = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      wrk.stdout.on('data', (d) => (out += d));
      wrk.stderr.on('data', (d) => (out += d));
      wrk.once('error', (err) =>
        reject(new Error(`wrk could not be started (${err.message}); install it with: apt-get install wrk`)),
      );
      answered = 0;
      target = total;
      reached = () => wrk.kill('SIGINT');
      wrk.once('exit', () => {
        target = Infinity;
        const line = /BENCH_JSON (\{.*\})/.exec(out);
        if (!line) return reject(new Error(`wrk printed no result:\n${out}`));
        resolve(JSON.parse(line[1]!) as WrkResult);
      });
    });

  return {
    store: stores.eventStore,
    /** In-process requests, to set the run up (codes, gift cards) through the API. */
    request: (path: string, init?: RequestInit) =>
      app.request(
        path,
        { ...init, headers: { 'x-forwarded-for': '10.255.0.1', ...init?.headers } },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      ),
    adminKey: config.ADMIN_KEY!,
    drive,
    /** Milliseconds until every read model has caught up with the last append (the projections' lag when wrk stopped). */
    async caughtUp(): Promise<number> {
      const started = performance.now();
      const head = await stores.eventStore.headPosition();
      if (!(await waiter.waitFor(head, undefined, 120_000)))
        throw new Error('The read models did not catch up within 2 minutes: are the projections running?');
      return Math.round(performance.now() - started);
    },
    /** Milliseconds until every reactor (the workflow, the e-mails) has caught up with the last append; 0 without effects. */
    async reactorsCaughtUp(): Promise<number> {
      if (reactorNames.length === 0) return 0;
      const started = performance.now();
      // Until the head stands still: the workflow's own records (seats confirmed) come after the load's.
      for (let head = await stores.eventStore.headPosition(); ;) {
        if (!(await waiter.waitFor(head, reactorNames, 300_000)))
          throw new Error('The reactors did not catch up within 5 minutes');
        const now = await stores.eventStore.headPosition();
        if (now === head) break;
        head = now;
      }
      return Math.round(performance.now() - started);
    },
    /** Waits until requests wrk left in flight when it stopped have been answered. */
    async quiet() {
      for (let last = -1; last !== answered;) {
        last = answered;
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async close() {
      await new Promise((r) => server.close(r));
      await processors.stop();
      waiter.close();
      deps.payments.close?.();
      await stores.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const rate = (r: WrkResult) => Math.round(r.requests / (r.durationUs / 1e6));
export const ms = (us: number) => +(us / 1000).toFixed(2);

interface ModeFigures {
  hot: WrkResult;
  hotHeld: number;
  spread: WrkResult;
  spreadHeld: number;
  spreadOversold: number;
}

const HOT_CAPACITY = 1_000;
const HOT_REQUESTS = 3_000;
const SPREAD_WORKSHOPS = 200;
const SPREAD_SEATS = 20;

async function runMode(limits: boolean): Promise<ModeFigures> {
  const s = await startBenchServer(limits);
  try {
    await schedule(s.store, 'warm', 10_000);
    await s.drive(300, ['warm'], 16);
    await s.quiet();

    // A popular workshop selling out: three requests for every seat.
    await schedule(s.store, 'hot', HOT_CAPACITY);
    const hot = await s.drive(HOT_REQUESTS, ['hot']);
    await s.quiet();
    const hotHeld = await seatsHeld(s.store, 'hot');

    const ids = Array.from({ length: SPREAD_WORKSHOPS }, (_, i) => `spread-${i}`);
    for (const id of ids) await schedule(s.store, id, SPREAD_SEATS);
    const spread = await s.drive(SPREAD_WORKSHOPS * SPREAD_SEATS, ids);
    await s.quiet();
    let spreadHeld = 0;
    let spreadOversold = 0;
    for (const id of ids) {
      const held = await seatsHeld(s.store, id);
      spreadHeld += held;
      spreadOversold += Math.max(0, held - SPREAD_SEATS);
    }
    return { hot, hotHeld, spread, spreadHeld, spreadOversold };
  } finally {
    await s.close();
  }
}

/**
 * POST /api/enroll/workshop/{id} over real HTTP on loopback, load from `wrk` in its own process:
 * first 3,000 requests on ONE workshop of 1,000 seats (the contended case), then 4,000 spread over
 * 200 workshops, each with the abuse limits off and then on (the same run, fresh stores each).
 * Every request is another parent behind the trusted loopback proxy, so the limits cost their
 * work but refuse nothing. Oversold = seats held beyond capacity, which must be 0.
 */
export async function benchEnrollment(): Promise<Record<string, string | number>> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install wrk');
  // Off and on alternate in ABBA order, each run on fresh stores, and each figure is the median of
  // the rounds: on a shared 2-core machine one run can be a fifth off its neighbour with nothing
  // changed, and whichever mode always ran first or second would carry that bias.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
  const offs: ModeFigures[] = [];
  const ons: ModeFigures[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const limits of i % 2 === 0 ? [false, true] : [true, false]) (limits ? ons : offs).push(await runMode(limits));
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
  };
  const figures: Record<string, string | number> = {};
  for (const [label, runs] of [
    ['limits off', offs],
    ['limits on', ons],
  ] as const) {
    const hot = runs.map((m) => m.hot);
    const spread = runs.map((m) => m.spread);
    figures[`one workshop req/s, ${label}`] = Math.round(median(hot.map(rate)));
    figures[`one workshop p50 / p99 ms, ${label}`] =
      `${ms(median(hot.map((r) => r.p50Us)))} / ${ms(median(hot.map((r) => r.p99Us)))}`;
    figures[`one workshop 201 / 409 / 429 / other, ${label}`] = runs
      .map((m) => `${m.hot.s201} / ${m.hot.s409} / ${m.hot.s429} / ${m.hot.other + m.hot.socketErrors}`)
      .join(', ');
    figures[`one workshop seats held (capacity ${HOT_CAPACITY}), ${label}`] = runs.map((m) => m.hotHeld).join(', ');
    figures[`one workshop oversold seats, ${label}`] = Math.max(
      ...runs.map((m) => Math.max(0, m.hotHeld - HOT_CAPACITY)),
    );
    figures[`${SPREAD_WORKSHOPS} workshops req/s, ${label}`] = Math.round(median(spread.map(rate)));
    figures[`${SPREAD_WORKSHOPS} workshops p50 / p99 ms, ${label}`] =
      `${ms(median(spread.map((r) => r.p50Us)))} / ${ms(median(spread.map((r) => r.p99Us)))}`;
    figures[`${SPREAD_WORKSHOPS} workshops 201 / 429 / other, ${label}`] = runs
      .map(
        (m) =>
          `${m.spread.s201} / ${m.spread.s429} / ${m.spread.requests - m.spread.s201 - m.spread.s429 + m.spread.socketErrors}`,
      )
      .join(', ');
    figures[`${SPREAD_WORKSHOPS} workshops oversold seats, ${label}`] = Math.max(...runs.map((m) => m.spreadOversold));
  }
  const ratio = (a: number | string | undefined, b: number | string | undefined) =>
    `${Math.round((100 * Number(a)) / Number(b))}%`;
  figures['one workshop: limits on / off'] = ratio(
    figures['one workshop req/s, limits on'],
    figures['one workshop req/s, limits off'],
  );
  figures[`${SPREAD_WORKSHOPS} workshops: limits on / off`] = ratio(
    figures[`${SPREAD_WORKSHOPS} workshops req/s, limits on`],
    figures[`${SPREAD_WORKSHOPS} workshops req/s, limits off`],
  );
  figures['load'] =
    `wrk -t${THREADS} -c${CONNECTIONS} in its own process, a new client address and e-mail per request; medians of ${rounds} rounds`;
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchEnrollment());
}
