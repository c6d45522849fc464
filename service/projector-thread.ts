import { writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from './core/config.js';
import { createLogger } from '../platform/log.js';
import { openStores } from './compose.js';
import { startProcessors } from './processors.js';
import type { ThreadMessage, ThreadSetup } from './projector-thread-messages.js';

/**
 * The projections and the effects (reactors and timers) of the embedded default, in a worker thread
 * of the API process: the same runner as the projector service, on its own connections to the same
 * files, so building read models and sending e-mails take the second core instead of the API's.
 * The API thread tells it of appends and hears every checkpoint reached, so a read after a write
 * waits no longer than it did with the runner beside it.
 */
async function run(port: NonNullable<typeof parentPort>, setup: ThreadSetup): Promise<void> {
  const config: Config = setup.config;
  // Straight to the process's standard output: a worker's own stdout reaches it later, through the
  // API thread, so a line could come after what it logged had already been answered for.
  const log = createLogger(config.LOG_LEVEL, (line) => writeSync(1, line + '\n'));
  const stores = await openStores(config);
  const listeners = new Set<() => void>();
  const { runner, stop } = startProcessors({
    config,
    stores,
    owner: setup.owner,
    takeOverAtStart: setup.takeOverAtStart,
    effects: setup.effects,
    // Woken by the API thread's appends (told by message) and by the effects' own, made here.
    onAppended: (listener) => {
      listeners.add(listener);
      const own = stores.eventStore.onAppended(listener);
      return () => {
        listeners.delete(listener);
        own();
      };
    },
    log,
  });
  runner.waiter.onObserve((name, checkpoint) =>
    port.postMessage({ type: 'checkpoint', name, checkpoint: String(checkpoint) } satisfies ThreadMessage),
  );
  port.on('message', (message: ThreadMessage) => {
    if (message.type === 'appended') for (const listener of listeners) listener();
    if (message.type === 'stop')
      void (async () => {
        await stop();
        await stores.close();
        port.close();
      })();
  });
}

if (parentPort) await run(parentPort, workerData as ThreadSetup);
