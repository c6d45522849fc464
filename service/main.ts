// First: decides which build of React every later import loads.
import './core/production-by-default.js';
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { loadConfigOrExit } from './core/config.js';
import { createLogger } from '../platform/log.js';
import { applyKeepAliveTimeout, httpServerOptions } from './core/http-timeouts.js';
import { ensureAdminKey } from './core/admin-key.js';
import { ensureBookingLinkSecret } from './core/booking-link-secret.js';
import { createCommandHandler, createMailer, createPaymentsPort, openStores, reactorsFor } from './compose.js';
import { seedCatalogue } from './catalogue/seed.js';
import { createApp } from './app.js';
import { ProcessorRunner } from '../platform/processor/runner.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { startProjectorThread } from './projector-thread-host.js';
import { allProjectors } from '../projections/index.js';
import { HoldTimer } from './enrollment/sale/hold-timer.js';
import { ReminderTimer } from './enrollment/emails/reminder-timer.js';
import { WaitlistLapseTimer } from './waitlist/lapse-timer.js';
import { GiftCardEmailTimer } from './gift-cards/gift-card-email-timer.js';
import { BalanceReminderTimer } from './enrollment/emails/balance-reminder-timer.js';
import { RetentionTimer } from './privacy/retention-timer.js';
import type { AppDeps } from './core/deps.js';

/** How long SIGTERM waits for requests in flight before it cuts them (under a 30 s orchestrator grace). */
const DRAIN_MS = 20_000;

/** Starts the API, its reactors (and, on the embedded default, the projections) and stops cleanly on SIGTERM. */
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

  const deps: AppDeps = {
    config,
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    commands: createCommandHandler(stores.eventStore),
    projections: waiter,
    log,
    clock: () => new Date(),
    newId: () => randomUUID(),
    payments: createPaymentsPort(config, log),
    mailer: createMailer(config),
    rateLimits: stores.rateLimits,
    keys: stores.keys,
    encryption: stores.encryption,
  };

  // The projections: in a worker thread of this process on the embedded default, beside the
  // requests with PROJECTIONS=inline, else in the projector service. The reactors run here, in every
  // API process (each one's lease keeps it to one active process).
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
  const runner = new ProcessorRunner({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projectors: config.projections === 'inline' ? allProjectors : [],
    reactors: reactorsFor(deps),
    waiter,
    log,
    owner,
    takeOverAtStart,
  });
  runner.start();
  if (config.projections !== 'external') {
    // Serve only once the read models have caught up with what was written before this start.
    const head = await stores.eventStore.headPosition();
    if (head >= 0n && !(await waiter.waitFor(head, projectorNames, 60_000)))
      log.warn('projections still catching up at start', { head });
  }

  const app = createApp(deps, { webDist: 'dist' });
  // Expires holds and settles payments a crash interrupted; a lease in the read store keeps it to
  // one active timer across API processes.
  const timer = new HoldTimer(deps, { takeOverAtStart });
  timer.start();
  // The one reminder before each workshop (REMINDER_HOURS); its own lease, one sender across processes.
  const reminders = new ReminderTimer(deps, { takeOverAtStart });
  reminders.start();
  // Waitlist entries not confirmed within a day lapse; its own lease, one process at a time.
  const lapses = new WaitlistLapseTimer(deps, { takeOverAtStart });
  lapses.start();
  // Gift cards whose send date has come; its own lease, one sender across processes.
  const giftCardEmails = new GiftCardEmailTimer(deps, { takeOverAtStart });
  giftCardEmails.start();
  // Deposit bookings' balance reminders, a week before and on the due date; its own lease.
  const balanceReminders = new BalanceReminderTimer(deps, { takeOverAtStart });
  balanceReminders.start();
  // Children's safety details erased SAFETY_DATA_RETENTION_DAYS after their last session; its own lease.
  const retention = new RetentionTimer(deps, { takeOverAtStart });
  retention.start();
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
    await timer.stop();
    await reminders.stop();
    await lapses.stop();
    await giftCardEmails.stop();
    await balanceReminders.stop();
    await retention.stop();
    await runner.stop();
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
