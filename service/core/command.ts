import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventMetadata } from '../../contracts/core/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { type AppendResult, type EventStore, WrongExpectedRevisionError } from '../../platform/eventstore/port.js';
import { AppError } from './errors.js';

export interface HandleResult<E, S> {
  events: E[];
  state: S;
  /** Null when the command produced no events. */
  appended: AppendResult | null;
}

/**
 * Loads the stream, folds it, decides, and appends with the expected revision. A concurrency
 * conflict is retried against fresh state (never skipped); after `maxAttempts` it becomes a 409.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  metadata: EventMetadata,
  maxAttempts = 50,
): Promise<HandleResult<E, S>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
    const revision = history.length === 0 ? ('no_stream' as const) : history[history.length - 1]!.revision;
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, appended: null };
    try {
      const appended = await store.append(
        streamId,
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        revision,
      );
      return { events, state: events.reduce(decider.evolve, state), appended };
    } catch (err) {
      if (err instanceof WrongExpectedRevisionError && attempt < maxAttempts) {
        // Back off a little, with jitter, so many writers on one stream do not retry in lock-step.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, attempt * 2)));
        continue;
      }
      if (err instanceof WrongExpectedRevisionError) {
        throw new AppError('conflict', 'This record is being changed by someone else right now. Please try again in a moment.');
      }
      throw err;
    }
  }
}
