import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp, type AppOptions } from '../../service/app.js';
import { createCommandHandler, reactorsFor, workflowsFor } from '../../service/compose.js';
import { loadConfig, type Config } from '../../service/core/config.js';
import { createLogger } from '../../platform/log.js';
import type { AppDeps } from '../../service/core/deps.js';
import { MemoryEventStore } from '../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { encryptingEventStore, type EncryptingEventStore } from '../../platform/eventstore/encrypting.js';
import { MemoryKeyStore } from '../../platform/keystore/memory.js';
import type { KeyStore } from '../../platform/keystore/port.js';
import { privacyRegistry } from '../../contracts/privacy/registry.js';
import { pseudonymsFor } from '../../service/core/pseudonyms.js';
import type { EventStore } from '../../platform/eventstore/port.js';
import { MemoryReadStore } from '../../platform/readstore/memory.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { ProcessorRunner } from '../../platform/processor/runner.js';
import { CheckpointWaiter } from '../../platform/processor/waiter.js';
import { allProjectors } from '../../projections/index.js';
import { eventSchemas } from '../../contracts/events.js';
import { seedCatalogue } from '../../service/catalogue/seed.js';
import { OfflinePayments } from '../../service/payments/offline-adapter.js';
import { MemoryMailer } from './memory-mailer.js';
import { MemoryRateLimitStore } from '../../platform/ratelimit/memory.js';
import { nextVisitorAddress } from './visitors.js';

export interface TestApp {
  app: Hono;
  deps: AppDeps;
  eventStore: EventStore;
  readStore: ReadStore;
  runner: ProcessorRunner;
  /** Waits until every projection (and reactor, when they run) has caught up with the newest event. */
  settle(): Promise<void>;
  /**
   * Delivers every event to the reactors again, as after a crash before their checkpoints or a
   * read store rebuilt from nothing: the runner is stopped, the reactors' checkpoints rewound to
   * the start, and a new runner takes them through the whole feed. Leaves the app's runner stopped.
   */
  replayReactors(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  clock?: () => Date;
  eventStore?: EventStore;
  readStore?: ReadStore;
  /** The key store (default: one in memory); with `eventStore`, the test wraps its store itself. */
  keys?: KeyStore;
  /** Run every reactor (the confirmation e-mail) as the API does; off unless a test is about them (the workflows always run). */
  reactors?: boolean;
  /** Options of createApp (a built web folder, the hot reads' checkpoint age). */
  appOptions?: AppOptions;
  /** Extra dependencies (ports) to merge in. */
  extra?: (config: Config) => Partial<AppDeps>;
}

/** The socket @hono/node-server would give a request that came through the loopback proxy. */
export const LOOPBACK_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

/**
 * Unless a test says otherwise, each request is a new visitor: it comes through a trusted proxy on
 * loopback (TRUST_PROXY=127.0.0.1) with its own X-Forwarded-For, as on a site behind a proxy.
 * Tests of other behaviour are thus not throttled by the abuse limits; tests of the limits send
 * one address on purpose (an X-Forwarded-For header of their own, or a socket address).
 */
function asVisitors(app: Hono): Hono {
  const request = app.request.bind(app);
  app.request = (input, init, env, ctx) => {
    if (env !== undefined || input instanceof Request) return request(input, init, env, ctx);
    const headers = new Headers(init?.headers);
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', nextVisitorAddress());
    return request(input, { ...init, headers }, LOOPBACK_PEER, ctx);
  };
  return app;
}

/**
 * "Now" for the test app unless a test brings its own clock: a month before the specifications'
 * season (June-September 2025), running at the real pace so holds still lapse. The catalogue is
 * seeded with the specifications' dates (SEED_DATES=specification), so tests read the
 * specifications' list while every workshop is still open for enrollment.
 */
export const BEFORE_SPEC_SEASON = new Date('2025-05-01T12:00:00Z');
const runningFrom = (start: Date) => {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
};
/** The test app's default clock. */
export const testClock = runningFrom(BEFORE_SPEC_SEASON);

let backupDir: string | undefined;
const testBackupDir = () => (backupDir ??= mkdtempSync(join(tmpdir(), 'test-backups-')));

/** Apps made and not closed yet, closed when their test file ends (tests/support/close-apps.setup.ts). */
const open = new Set<TestApp>();

/**
 * Closes every app a test file left open. The unit and int tiers keep their module graph from one
 * file to the next (vitest.config.ts, isolate: false), so an app left open would go on polling its
 * projections through every later file.
 */
export async function closeOpenTestApps(): Promise<void> {
  await Promise.all([...open].map((t) => t.close()));
}

/** The whole app on in-memory stores with the projections running, for `app.request` tests. */
export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    ADMIN_KEY: 'test-admin-key-123456',
    BOOKING_LINK_SECRET: 'test-booking-link-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    SEED_DATES: 'specification',
    // A test run: the test outbox route exists (never by default).
    TEST_RUN: 'true',
    // The erasure ledger goes to a folder of the test's own, never beside the repository's ./data.
    BACKUP_DIR: testBackupDir(),
    ...options.env,
  });
  const log = createLogger('silent');
  const keys = options.keys ?? new MemoryKeyStore();
  // Unless a test brings its own store, events are encrypted as in production (service/compose.ts).
  let encryption: EncryptingEventStore | null = null;
  if (!options.eventStore) {
    encryption = encryptingEventStore(new MemoryEventStore(), {
      registry: privacyRegistry,
      keys,
      subjectOfEmail: (email) => pseudonymsFor(config).email(email),
    });
  }
  const eventStore = options.eventStore ?? validatingEventStore(encryption!, eventSchemas);
  const readStore = options.readStore ?? new MemoryReadStore();
  if (options.seed !== false) await seedCatalogue(eventStore, BEFORE_SPEC_SEASON, { dates: config.SEED_DATES });
  const waiter = new CheckpointWaiter({ readStore, names: allProjectors.map((p) => p.name) });
  const deps: AppDeps = {
    config,
    eventStore,
    readStore,
    commands: createCommandHandler(eventStore),
    projections: waiter,
    log,
    clock: options.clock ?? testClock,
    newId: () => randomUUID(),
    // Offline payments in memory and mail kept in memory, unless a test brings its own.
    payments: new OfflinePayments({ log }),
    mailer: new MemoryMailer(),
    rateLimits: new MemoryRateLimitStore(),
    keys,
    encryption,
    ...options.extra?.(config),
  };
  const runner = new ProcessorRunner({
    eventStore,
    readStore,
    projectors: allProjectors,
    // The workflows always run, as the API's answers rest on them; the other reactors when asked.
    reactors: options.reactors ? reactorsFor(deps) : workflowsFor(deps),
    waiter,
    log,
    owner: `test-${randomUUID()}`,
  });
  runner.start();
  const app = asVisitors(createApp(deps, options.appOptions));
  // Until the head stands still: a reactor's own records (say ConfirmationEmailSent) move the head
  // after the position waited for, and every processor must be past them too.
  const settle = async () => {
    for (let head = await eventStore.headPosition(); head >= 0n;) {
      if (!(await runner.waitFor(head, [...runner.names], 10_000)))
        throw new Error('projections and reactors did not catch up');
      const now = await eventStore.headPosition();
      if (now === head) return;
      head = now;
    }
  };
  await settle();
  const t: TestApp = {
    app,
    deps,
    eventStore,
    readStore,
    runner,
    settle,
    async replayReactors() {
      await runner.stop();
      const reactors = reactorsFor(deps);
      for (const r of reactors) await readStore.write([], { projection: r.name, position: -1n });
      const again = new ProcessorRunner({ eventStore, readStore, reactors, log, owner: `replay-${randomUUID()}` });
      again.start();
      try {
        if (!(await again.waitFor(await eventStore.headPosition(), undefined, 10_000)))
          throw new Error('the replayed reactors did not catch up');
      } finally {
        await again.stop();
      }
    },
    async close() {
      open.delete(t);
      await runner.stop();
      waiter.close();
    },
  };
  open.add(t);
  return t;
}
