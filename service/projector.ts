import { hostname, tmpdir } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from './core/config.js';
import { createLogger } from '../platform/log.js';
import { openStores } from './compose.js';
import { ensureAdminKey } from './core/admin-key.js';
import { ensureBookingLinkSecret } from './core/booking-link-secret.js';
import { startProcessors } from './processors.js';

/**
 * The projector service of the production topology (`npm run projector`): keeps the read models up
 * to date and runs every effect (the reactors' e-mails, refunds and workflows, and the timed
 * passes) beside API processes that run with PROJECTIONS=external, which run none. Several may run;
 * each processor's lease lets one work while the others stand by. SIGTERM or SIGINT stops it at a
 * checkpoint and releases the leases, so a replacement takes over at once.
 */
async function main(): Promise<void> {
  // It refunds, e-mails booking links and signs them: configured like the API, without HTTP.
  const config = loadConfigOrExit(process.env, { listens: false, sendsEmail: true });
  const log = createLogger(config.LOG_LEVEL);
  // On the embedded default, the keys the API keeps in DATA_DIR (pseudonyms, booking links in e-mails).
  if (!config.ADMIN_KEY)
    config.ADMIN_KEY = ensureAdminKey(config.DATA_DIR, (line) => process.stdout.write(line + '\n'));
  if (!config.BOOKING_LINK_SECRET) config.BOOKING_LINK_SECRET = ensureBookingLinkSecret(config.DATA_DIR);
  const stores = await openStores(config);
  const { runner, stop } = startProcessors({ config, stores, owner: `projector-${hostname()}-${process.pid}`, log });
  log.info('projector started', { owner: runner.owner, processors: runner.names });

  // A heartbeat file for the container health check: touched while the stores answer.
  const heartbeat = join(tmpdir(), 'projector-alive');
  const beat = setInterval(() => {
    runner
      .status()
      .then(() => writeFileSync(heartbeat, new Date().toISOString()))
      .catch((err) => log.warn('projector health check failed', { error: err }));
  }, 10_000);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('projector stopping', { signal });
    clearInterval(beat);
    await stop();
    await stores.close();
    log.info('projector stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Projector start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
