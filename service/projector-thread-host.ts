import type { Worker } from 'node:worker_threads';
import { siblingModule, startWorker } from '../platform/worker.js';
import type { EventStore } from '../platform/eventstore/port.js';
import type { CheckpointWaiter } from '../platform/processor/waiter.js';
import type { Logger } from '../platform/log.js';
import type { Config } from './core/config.js';
import type { ThreadMessage, ThreadSetup } from './projector-thread-messages.js';

const ENTRY = siblingModule(import.meta.url, 'projector-thread');
/** How long a thread that died unexpectedly waits before it is started again. */
const RESTART_MS = 1_000;
/** How long `stop` waits for the thread to finish its batch before it is cut (its checkpoint stays where it was). */
const STOP_MS = 10_000;

export interface ProjectorThread {
  /** Stops the projections at a checkpoint and ends the thread. */
  stop(): Promise<void>;
  /** Ends the thread at once, as a crash in it would (fault tests): it is started again like any that died. */
  crash(): Promise<void>;
}

/**
 * Runs every projection in a worker thread (see projector-thread.ts): appends made through
 * `eventStore` wake it, and each checkpoint it reaches is given to `waiter` at once. A thread that
 * dies is logged and started again from its checkpoints; nothing it had not written is lost.
 */
export function startProjectorThread(options: {
  config: Config;
  eventStore: EventStore;
  waiter: CheckpointWaiter;
  owner: string;
  takeOverAtStart: boolean;
  log: Logger;
  /** False: the projections only, no effect (the bench's comparison). Default true. */
  effects?: boolean;
}): ProjectorThread {
  const { eventStore, waiter, log } = options;
  const setup: ThreadSetup = {
    config: options.config,
    owner: options.owner,
    takeOverAtStart: options.takeOverAtStart,
    ...(options.effects === false ? { effects: false } : {}),
  };
  let worker: Worker;
  let alive = false;
  let stopping = false;
  let notifyQueued = false;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    worker = startWorker(ENTRY, setup);
    alive = true;
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'checkpoint') waiter.observe(message.name, BigInt(message.checkpoint));
    });
    worker.on('error', (error) => log.error('projections thread failed', { error }));
    worker.on('exit', (code) => {
      alive = false;
      if (stopping) return;
      log.error('projections thread ended; starting it again', { code, restartInMs: RESTART_MS });
      restart = setTimeout(start, RESTART_MS);
    });
  };
  start();

  // One message per turn of the event loop, however many appends it made.
  const unsubscribe = eventStore.onAppended(() => {
    if (notifyQueued) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      worker.postMessage({ type: 'appended' } satisfies ThreadMessage);
    });
  });

  return {
    async crash() {
      await worker.terminate();
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      unsubscribe();
      if (!alive) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'stop' } satisfies ThreadMessage);
      const cut = setTimeout(() => void worker.terminate(), STOP_MS);
      await exited;
      clearTimeout(cut);
    },
  };
}
