import { hostname, tmpdir } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from './core/config.js';
import { createLogger } from '../platform/log.js';
import { openStores } from './compose.js';
import { allProjectors } from '../projections/index.js';
import { ProcessorRunner } from '../platform/processor/runner.js';

/**
 * The projector service of the production topology (`npm run projector`): keeps the read models up
 * to date beside API processes that run with PROJECTIONS=external. Several may run; each
 * projection's lease lets one write while the others stand by. SIGTERM or SIGINT stops it at a
 * checkpoint and releases the leases, so a replacement takes over at once.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, { takesPayments: false, signsBookingLinks: false, listens: false });
  const log = createLogger(config.LOG_LEVEL);
  const stores = await openStores(config);
  const runner = new ProcessorRunner({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projectors: allProjectors,
    owner: `projector-${hostname()}-${process.pid}`,
    log,
  });
  runner.start();
  log.info('projector started', { owner: runner.owner, projections: allProjectors.map((p) => p.name) });

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
    await runner.stop();
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
