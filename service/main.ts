// First: decides which build of React every later import loads.
import './core/production-by-default.js';
import { serve } from '@hono/node-server';
import { hostname } from 'node:os';
import { loadConfigOrExit } from './core/config.js';
import { createLogger } from '../platform/log.js';
import { applyKeepAliveTimeout, httpServerOptions } from './core/http-timeouts.js';
import { ensureAdminKey } from './core/admin-key.js';
import { ensureBookingLinkSecret } from './core/booking-link-secret.js';
import { createDeps, openStores } from './compose.js';
import { seedCatalogue } from './catalogue/seed.js';
import { createApp } from './app.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { startProjectorThread } from './projector-thread-host.js';
import { allProjectors } from '../projections/index.js';
import { startProcessors } from './processors.js';

/** How long SIGTERM waits for requests in flight before it cuts them (under a 30 s orchestrator grace). */
const DRAIN_MS = 20_000;

/**
 * Starts the API (and, on the embedded default, the projections and the effects in a worker thread)
 * and stops cleanly on SIGTERM.
 */
async function main() {
  const config = loadConfigOrExit();
  // Every store sets owner-only modes itself (platform/private-files.ts); the umask also covers
  // anything a library writes under DATA_DIR.
  process.umask(0o077);
  const log = createLogger(config.LOG_LEVEL);
  if (!config.ADMIN_KEY)
    config.ADMIN_KEY = ensureAdminKey(config.DATA_DIR, (line) => process.stdout.write(line + '\n'));
  // Required outside the embedded default (config.ts); here generated once and kept in DATA_DIR.
  if (!config.BOOKING_LINK_SECRET) config.BOOKING_LINK_SECRET = ensureBookingLinkSecret(config.DATA_DIR);

  const stores = await openStores(config);
  const seeded = await seedCatalogue(stores.eventStore, new Date(), { dates: config.SEED_DATES });
  if (seeded.appended > 0) log.info('catalogue seeded', { events: seeded.appended });

  const owner = `api-${hostname()}-${process.pid}`;
  // On the embedded default one process owns DATA_DIR, so leases left by a killed process are taken over at once.
  const takeOverAtStart = config.embedded;
  const projectorNames = allProjectors.map((p) => p.name);
  // Queries wait for the projections by position, whichever process runs them.
  const waiter = new CheckpointWaiter({ readStore: stores.readStore, names: projectorNames });

  const deps = createDeps(config, stores, log, waiter);

  // The projections and every effect (reactors, workflows, timed passes): in a worker thread of this
  // process on the embedded default, on the requests' own thread with PROJECTIONS=inline, else in
  // the projector service. Never in each API process: an e-mail or a refund costs no request time.
  const thread =
    config.projections === 'thread'
      ? startProjectorThread({
          config,
          eventStore: stores.eventStore,
          waiter,
          owner: `${owner}-projections`,
          takeOverAtStart,
          log,
        })
      : null;
  const inline =
    config.projections === 'inline'
      ? startProcessors({ config, stores, log, owner, takeOverAtStart, waiter, deps })
      : null;
  if (config.projections !== 'external') {
    // Serve only once the read models have caught up with what was written before this start.
    const head = await stores.eventStore.headPosition();
    if (head >= 0n && !(await waiter.waitFor(head, projectorNames, 60_000)))
      log.warn('projections still catching up at start', { head });
  }

  const app = createApp(deps, { webDist: 'dist' });
  const server = serve(
    { fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: httpServerOptions() },
    (info) => {
      process.stdout.write(
        `Great Lakes Etiquette is serving on http://localhost:${info.port} (${config.embedded ? `embedded, data in ${config.DATA_DIR}` : 'production stores'})\n`,
      );
    },
  );

  applyKeepAliveTimeout(server as import('node:http').Server);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Stop taking connections and let requests in flight finish, then stop projections at a checkpoint.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive socket would hold the server open until its idle timeout, and a client still
    // sending on it would keep it open for good: answers from now on close their connection, and
    // sockets are closed as soon as they are idle. After DRAIN_MS, whatever is left is cut.
    const http = server as import('node:http').Server;
    http.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    const sweep = setInterval(() => http.closeIdleConnections(), 50);
    const cut = setTimeout(() => {
      log.warn('requests still open after the drain time; closing them', { drainMs: DRAIN_MS });
      http.closeAllConnections();
    }, DRAIN_MS);
    await closed;
    clearInterval(sweep);
    clearTimeout(cut);
    await inline?.stop();
    await thread?.stop();
    waiter.close();
    await stores.close();
    deps.payments.close?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
