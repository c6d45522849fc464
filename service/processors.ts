import type { Config } from './core/config.js';
import type { AppDeps } from './core/deps.js';
import type { Logger } from '../platform/log.js';
import { ProcessorRunner } from '../platform/processor/runner.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { allProjectors } from '../projections/index.js';
import { createDeps, reactorsFor, timersFor, type Stores } from './compose.js';

export interface Processors {
  runner: ProcessorRunner;
  /** The effects' own dependencies: this process's command handler, payments adapter and mailer. */
  deps: AppDeps;
  /** Stops the runner at a checkpoint and closes what the effects opened (not the stores). */
  stop(): Promise<void>;
}

/**
 * The one runner of a process that builds the read models and runs the effects: every projector,
 * reactor and timer on its own lease. The projections worker thread (embedded default), the
 * projector service (production) and the API with PROJECTIONS=inline each make one; an API process
 * otherwise runs none, so no e-mail, refund or timed pass ever runs on a request's thread.
 */
export function startProcessors(options: {
  config: Config;
  stores: Stores;
  log: Logger;
  owner: string;
  takeOverAtStart?: boolean;
  /** Where checkpoints are reported (the API's waiter when run inline). */
  waiter?: CheckpointWaiter;
  /** Append notifications from another thread (the projections worker thread). */
  onAppended?: (listener: () => void) => () => void;
  /** The API's own dependencies when run on its thread (one command handler per thread). */
  deps?: AppDeps;
  /** False: the projections only, no reactor or timer (the bench's figure without effects). Default true. */
  effects?: boolean;
}): Processors {
  const { config, stores, log } = options;
  const waiter =
    options.waiter ?? new CheckpointWaiter({ readStore: stores.readStore, names: allProjectors.map((p) => p.name) });
  const deps = options.deps ?? createDeps(config, stores, log, waiter);
  const runner = new ProcessorRunner({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projectors: allProjectors,
    reactors: options.effects === false ? [] : reactorsFor(deps),
    timers: options.effects === false ? [] : timersFor(deps),
    waiter,
    log,
    owner: options.owner,
    takeOverAtStart: options.takeOverAtStart,
    onAppended: options.onAppended,
  });
  runner.start();
  return {
    runner,
    deps,
    async stop() {
      await runner.stop();
      if (!options.waiter) waiter.close();
      if (!options.deps) deps.payments.close?.();
    },
  };
}
