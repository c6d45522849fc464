import { EventValidationError } from '../eventstore/validating.js';
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventMetadata } from '../../contracts/core/events.js';
import type { Decider } from './decider.js';
import { AppError } from '../../service/core/errors.js';
import { type EventStore, type ExpectedRevision, WrongExpectedRevisionError } from '../eventstore/port.js';

/** Builds the command from the stream's current state; may throw (an AppError) to refuse. */
export type Plan<C, S> = (state: S) => C;

export interface WriteResult<E, S> {
  events: E[];
  /** State after this command's events. */
  state: S;
  /** Global position of the append that carried the events; null when nothing was appended. */
  position: bigint | null;
}

interface Job<C, E, S> {
  plan: Plan<C, S>;
  metadata: EventMetadata;
  resolve(result: WriteResult<E, S>): void;
  reject(error: unknown): void;
}

interface Cached<S> {
  state: S;
  revision: ExpectedRevision;
  /** performance.now() when the store last confirmed this state (a read, or an append it accepted). */
  confirmedAt: number;
}

type Outcome<E, S> = { ok: true; events: E[]; state: S } | { ok: false; error: unknown };

/**
 * Writes commands to hot streams (a popular workshop) without drowning in conflicts.
 *
 * Commands for one stream are queued and handled in batches: the state is taken from a cache (or
 * folded from the stream), each queued command is decided in turn against the state the previous
 * ones produced, and all their events go out in ONE append with the expected revision. Many
 * concurrent enrollments thus cost one append, not one append plus N-1 conflicts each.
 *
 * The cache may be stale when another writer (another process, or handleCommand) appended to the
 * stream: then the append fails with a wrong expected revision, the cache is dropped and the whole
 * batch is planned and decided again against fresh state. Plans run against the state the decision
 * uses, so anything they read (a price, a category) is as fresh as the revision checked.
 */
export class StreamWriter<C, E extends DomainEvent, S> {
  private readonly cache = new Map<string, Cached<S>>();
  private readonly queues = new Map<string, Job<C, E, S>[]>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    private readonly options: {
      maxAttempts?: number;
      maxCachedStreams?: number;
      /** How old a cached state may be for a refusal to rest on it without reading the stream again. Default 1000 ms. */
      refusalStalenessMs?: number;
      /**
       * For streams that are mostly new (one per client): an uncached stream is first taken to be
       * empty and appended to with "no stream" expected, instead of being read. When it does exist
       * the append is refused and the batch is decided again on the stream as read.
       */
      guessNewStreams?: boolean;
    } = {},
  ) {}

  execute(streamId: string, plan: Plan<C, S>, metadata: EventMetadata): Promise<WriteResult<E, S>> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(streamId);
      const job = { plan, metadata, resolve, reject };
      if (queue) {
        queue.push(job);
        return;
      }
      this.queues.set(streamId, [job]);
      // Start after the current task, so commands issued together go out together.
      queueMicrotask(() => void this.drain(streamId));
    });
  }

  /**
   * The stream's state as this writer last knew it (folded from the store when not cached), or
   * folded again when what it knew is older than `maxAgeMs`.
   */
  async peek(streamId: string, maxAgeMs = Infinity): Promise<S> {
    const hit = this.cache.get(streamId);
    if (hit && performance.now() - hit.confirmedAt > maxAgeMs) this.cache.delete(streamId);
    return (await this.load(streamId)).state;
  }

  /** The stream's state folded from the store now, for decisions no append will check. */
  async read(streamId: string): Promise<S> {
    this.cache.delete(streamId);
    return (await this.load(streamId)).state;
  }

  private async drain(streamId: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(streamId)!;
      if (queue.length === 0) {
        this.queues.delete(streamId);
        return;
      }
      const batch = queue.splice(0, queue.length);
      try {
        await this.runBatch(streamId, batch);
      } catch (error) {
        batch.forEach((j) => j.reject(error));
      }
    }
  }

  private async runBatch(streamId: string, batch: Job<C, E, S>[]): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 20;
    let verified = false;
    for (let attempt = 1; ; attempt++) {
      const { state: start, revision, confirmedAt } = await this.load(streamId, attempt === 1 && !verified && this.options.guessNewStreams === true);
      let state = start;
      const outcomes: Outcome<E, S>[] = batch.map((job) => {
        try {
          const events = this.decider.decide(job.plan(state), state);
          state = events.reduce(this.decider.evolve, state);
          return { ok: true, events, state };
        } catch (error) {
          return { ok: false, error };
        }
      });
      const toAppend = outcomes.flatMap((o, i) =>
        o.ok ? o.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: batch[i]!.metadata })) : [],
      );
      const refusedOrIdle = outcomes.some((o) => !o.ok || o.events.length === 0);
      const stale = performance.now() - confirmedAt > (this.options.refusalStalenessMs ?? 1_000);
      if (refusedOrIdle && stale && !verified) {
        // A refusal or a no-op is not checked by any append, so it must not rest on an old cache
        // (say, capacity raised by the administrator through another writer): decide again on
        // fresh state. Bounded by age, so a sold-out workshop is not re-read for every refusal.
        verified = true;
        this.cache.delete(streamId);
        continue;
      }
      if (toAppend.length === 0) {
        this.settle(batch, outcomes, null);
        return;
      }
      try {
        const appended = await this.store.append(streamId, toAppend, revision);
        this.remember(streamId, { state, revision: appended.nextExpectedRevision, confirmedAt: performance.now() });
        this.settle(batch, outcomes, appended.position);
        return;
      } catch (error) {
        this.cache.delete(streamId);
        if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) continue;
        if (error instanceof WrongExpectedRevisionError) {
          throw new AppError('conflict', 'This workshop is very busy right now. Please try again in a moment.');
        }
        if (batch.length > 1 && error instanceof EventValidationError) {
          // One command's events may be the bad ones: give each its own append so the others pass.
          // Any other failure (store unavailable, answer lost) may have committed the whole batch,
          // so deciding each job again would refuse work that is already done.
          for (const job of batch) await this.runBatch(streamId, [job]).catch((e: unknown) => job.reject(e));
          return;
        }
        throw error;
      }
    }
  }

  private settle(batch: Job<C, E, S>[], outcomes: Outcome<E, S>[], position: bigint | null): void {
    outcomes.forEach((o, i) => {
      const job = batch[i]!;
      if (o.ok) job.resolve({ events: o.events, state: o.state, position: o.events.length > 0 ? position : null });
      else job.reject(o.error);
    });
  }

  private async load(streamId: string, guess = false): Promise<Cached<S>> {
    const hit = this.cache.get(streamId);
    if (hit) return hit;
    // A guess is never cached, and never old enough to refuse on (confirmedAt: -Infinity).
    if (guess) return { state: this.decider.initialState, revision: 'no_stream', confirmedAt: -Infinity };
    const history = await this.store.readStream(streamId);
    const state = history.reduce((s, e) => this.decider.evolve(s, e as unknown as E), this.decider.initialState);
    const revision: ExpectedRevision = history.length === 0 ? 'no_stream' : history[history.length - 1]!.revision;
    const entry = { state, revision, confirmedAt: performance.now() };
    this.remember(streamId, entry);
    return entry;
  }

  private remember(streamId: string, entry: Cached<S>): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    const max = this.options.maxCachedStreams ?? 2_000;
    // Map iteration order is insertion order: the first key is the least recently written.
    if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value!);
  }
}
