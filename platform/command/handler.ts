import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventMetadata } from '../../contracts/core/events.js';
import type { Decider } from './decider.js';
import { EventValidationError } from '../eventstore/validating.js';
import { type EventStore, type ExpectedRevision, WrongExpectedRevisionError } from '../eventstore/port.js';

/** How the handler treats the streams of one decider. The defaults suit streams written now and then. */
export interface StreamPolicy {
  /**
   * Hot streams (a popular workshop): keep each stream's state after it was read or written, so
   * queued commands are decided on it without reading the stream again. A refusal never rests on a
   * cached state older than `refusalStalenessMs`; an append always checks the revision it was
   * decided on, and a conflict drops the cache.
   */
  cache?: boolean;
  /**
   * For streams that are mostly new (one per client): an uncached stream is first taken to be empty
   * and appended to with "no stream" expected, instead of being read. When it does exist the append
   * is refused and the batch is decided again on the stream as read.
   */
  guessNewStreams?: boolean;
  /**
   * For a decider whose `evolve` never changes the state it is given (it returns a new one): a
   * cached state no longer current (another writer appended, or it is too old) is caught up by
   * reading only the events after its revision, not the whole stream again. Never for a decider
   * that evolves in place: a batch decided on the cached state changes it even when its append fails.
   */
  catchUp?: boolean;
  /** How old a cached state may be for a refusal to rest on it without reading the stream again. Default 1000 ms. */
  refusalStalenessMs?: number;
  /** Attempts before a stream that keeps changing under us is given up (default 20). */
  maxAttempts?: number;
  /** What a person reads when that happens. */
  busyMessage?: string;
}

/** What `plan` worked out beside the command, handed back with the outcome (say, the form it parsed). */
export class Decision<C, R> {
  constructor(
    readonly command: C,
    readonly result: R,
  ) {}
}

/** A command and what was worked out to make it. */
export const decision = <C, R>(command: C, result: R) => new Decision(command, result);

export interface Handled<E, S> {
  events: E[];
  /** State after this command's events. */
  state: S;
  /** Global position of the append that carried the events; null when nothing was appended. */
  position: bigint | null;
}

/** The stream kept changing under every attempt; answered 409 with `message`. Nothing was appended. */
export class StreamBusyError extends Error {
  readonly code = 'conflict';
  constructor(
    readonly streamId: string,
    message: string,
  ) {
    super(message);
    this.name = 'StreamBusyError';
  }
}

type Plan<C, S> = (state: S) => C | Decision<C, unknown>;

interface Job<C, S> {
  plan: Plan<C, S>;
  metadata: EventMetadata;
  resolve(result: Handled<DomainEvent, S> & { result?: unknown }): void;
  reject(error: unknown): void;
}

interface Known<S> {
  state: S;
  revision: ExpectedRevision;
  /** performance.now() when the store last confirmed this state (a read, or an append it accepted). */
  confirmedAt: number;
}

type Outcome<S> = { ok: true; events: DomainEvent[]; state: S; result?: unknown } | { ok: false; error: unknown };

const DEFAULT_BUSY = 'This record is being changed by someone else right now. Please try again in a moment.';

/**
 * The streams of one decider: commands for one stream are queued and handled in batches. The
 * state is taken from the cache (hot streams) or folded from the stream; each queued command is
 * planned and decided in turn against the state the previous ones produced, and all their events
 * go out in ONE append with the expected revision. Concurrent commands on one stream thus cost one
 * append, not one append plus N-1 conflicts each. A conflict (another process, or another decider
 * on the same stream) drops the cache, and the whole batch is planned and decided again on fresh
 * state, after a short jittered pause so that writers do not retry in lock-step. Plans run against
 * the state the decision uses, so anything they read (a price, a category) is as fresh as the
 * revision checked.
 */
class Lane<C, E extends DomainEvent, S> {
  private readonly cache = new Map<string, Known<S>>();
  /**
   * States no longer trusted as current (a conflict, an age limit) but still true up to their
   * revision: the next load reads only the events after it and folds them on, instead of the
   * whole stream again (a popular workshop's stream is thousands of events long).
   */
  private readonly stale = new Map<string, Known<S>>();
  private readonly queues = new Map<string, Job<C, S>[]>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    private readonly policy: StreamPolicy,
    private readonly maxCachedStreams: number,
  ) {}

  enqueue(streamId: string, plan: Plan<C, S>, metadata: EventMetadata): Promise<Handled<E, S> & { result?: unknown }> {
    return new Promise((resolve, reject) => {
      const job: Job<C, S> = { plan, metadata, resolve: resolve as Job<C, S>['resolve'], reject };
      const queue = this.queues.get(streamId);
      if (queue) {
        queue.push(job);
        return;
      }
      this.queues.set(streamId, [job]);
      // Start after the current task, so commands issued together go out together.
      queueMicrotask(() => void this.drain(streamId));
    });
  }

  /** The stream's state as last known (folded from the store when not known), or folded again when older than `maxAgeMs`. */
  async state(streamId: string, maxAgeMs: number): Promise<S> {
    const hit = this.cache.get(streamId);
    if (hit && performance.now() - hit.confirmedAt > maxAgeMs) this.demote(streamId);
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

  private async runBatch(streamId: string, batch: Job<C, S>[]): Promise<void> {
    const maxAttempts = this.policy.maxAttempts ?? 20;
    let verified = false;
    for (let attempt = 1; ; attempt++) {
      const {
        state: start,
        revision,
        confirmedAt,
      } = await this.load(streamId, attempt === 1 && !verified && this.policy.guessNewStreams === true);
      let state = start;
      const outcomes: Outcome<S>[] = batch.map((job) => {
        try {
          const planned = job.plan(state);
          const [command, result] =
            planned instanceof Decision ? [planned.command, planned.result] : [planned, undefined];
          const events = this.decider.decide(command, state);
          state = events.reduce(this.decider.evolve, state);
          return { ok: true, events, state, result };
        } catch (error) {
          return { ok: false, error };
        }
      });
      const toAppend = outcomes.flatMap((o, i) =>
        o.ok
          ? o.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: batch[i]!.metadata }))
          : [],
      );
      const refusedOrIdle = outcomes.some((o) => !o.ok || o.events.length === 0);
      const stale = performance.now() - confirmedAt > (this.policy.refusalStalenessMs ?? 1_000);
      if (refusedOrIdle && stale && !verified) {
        // A refusal or a no-op is not checked by any append, so it must not rest on an old cache
        // (say, capacity raised by the administrator through another writer): decide again on
        // fresh state. Bounded by age, so a sold-out workshop is not re-read for every refusal.
        verified = true;
        this.demote(streamId);
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
        this.demote(streamId);
        if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) {
          // A wrong guess of a new stream is not contention: read it at once.
          if (attempt > 1 || this.policy.guessNewStreams !== true)
            await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, attempt * 2)));
          continue;
        }
        if (error instanceof WrongExpectedRevisionError)
          throw new StreamBusyError(streamId, this.policy.busyMessage ?? DEFAULT_BUSY);
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

  private settle(batch: Job<C, S>[], outcomes: Outcome<S>[], position: bigint | null): void {
    outcomes.forEach((o, i) => {
      const job = batch[i]!;
      if (o.ok)
        job.resolve({
          events: o.events,
          state: o.state,
          position: o.events.length > 0 ? position : null,
          result: o.result,
        });
      else job.reject(o.error);
    });
  }

  /** Stops trusting the cached state as current; kept to be caught up with what followed it. */
  private demote(streamId: string): void {
    const known = this.cache.get(streamId);
    if (!known) return;
    this.cache.delete(streamId);
    if (!this.policy.catchUp || typeof known.revision !== 'bigint') return;
    this.stale.set(streamId, known);
    if (this.stale.size > this.maxCachedStreams) this.stale.delete(this.stale.keys().next().value!);
  }

  private async load(streamId: string, guess = false): Promise<Known<S>> {
    const hit = this.cache.get(streamId);
    if (hit) return hit;
    // A guess is never cached, and never old enough to refuse on (confirmedAt: -Infinity).
    if (guess) return { state: this.decider.initialState, revision: 'no_stream', confirmedAt: -Infinity };
    const old = this.stale.get(streamId);
    if (old && typeof old.revision === 'bigint') {
      this.stale.delete(streamId);
      const after = old.revision;
      // Only what followed the known revision (an adapter that ignores `after` is filtered here).
      const newer = (await this.store.readStream(streamId, { after })).filter((e) => e.revision > after);
      const state = newer.reduce((s, e) => this.decider.evolve(s, e as unknown as E), old.state);
      const revision = newer.length === 0 ? after : newer[newer.length - 1]!.revision;
      const known = { state, revision, confirmedAt: performance.now() };
      this.remember(streamId, known);
      return known;
    }
    const history = await this.store.readStream(streamId);
    // The validating event store checked every event against its type's schema as it was read.
    const state = history.reduce((s, e) => this.decider.evolve(s, e as unknown as E), this.decider.initialState);
    const revision: ExpectedRevision = history.length === 0 ? 'no_stream' : history[history.length - 1]!.revision;
    const known = { state, revision, confirmedAt: performance.now() };
    this.remember(streamId, known);
    return known;
  }

  private remember(streamId: string, known: Known<S>): void {
    if (!this.policy.cache) return;
    this.cache.delete(streamId);
    this.cache.set(streamId, known);
    // Map iteration order is insertion order: the first key is the least recently written.
    if (this.cache.size > this.maxCachedStreams) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** A decider and how its streams are treated. */
export type DeciderPolicy = StreamPolicy & { decider: Decider<never, DomainEvent, unknown> };

/**
 * The one way commands are handled: read (or recall) the stream's state, plan the command on it,
 * decide, append with the expected revision, retry on conflict. Built once in the composition
 * root and shared by every route, webhook and processor of a process, so their commands on one
 * stream queue behind each other instead of conflicting. Batching and caching for hot streams are
 * a policy of the decider, given here, not a second path.
 */
export class CommandHandler {
  /** One lane per decider, keyed by the decider object itself. */
  private readonly lanes = new Map<object, unknown>();
  private readonly policies = new Map<object, StreamPolicy>();

  constructor(
    private readonly store: EventStore,
    policies: readonly DeciderPolicy[] = [],
    private readonly options: { maxCachedStreams?: number } = {},
  ) {
    for (const { decider, ...policy } of policies) this.policies.set(decider, policy);
  }

  /**
   * Decides `command` (or the command `plan` makes from the stream's state; `plan` may throw to
   * refuse) against the stream's state and appends its events. Refusals are the decider's errors.
   */
  handle<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C | ((state: S) => C),
    metadata: EventMetadata,
  ): Promise<Handled<E, S>>;
  /** As above, with what `plan` worked out beside the command handed back as `result`. */
  handle<C, E extends DomainEvent, S, R>(
    decider: Decider<C, E, S>,
    streamId: string,
    plan: (state: S) => Decision<C, R>,
    metadata: EventMetadata,
  ): Promise<Handled<E, S> & { result: R }>;
  handle<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    planOrCommand: unknown,
    metadata: EventMetadata,
  ): Promise<Handled<E, S>> {
    const plan = (typeof planOrCommand === 'function' ? planOrCommand : () => planOrCommand) as Plan<C, S>;
    return this.lane(decider).enqueue(streamId, plan, metadata);
  }

  /**
   * The stream's state for a decision no append will check (what to show, whether to call a
   * provider): as last known when that is at most `maxAgeMs` old (hot streams), else read now.
   */
  state<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string, maxAgeMs = 0): Promise<S> {
    return this.lane(decider).state(streamId, maxAgeMs);
  }

  private lane<C, E extends DomainEvent, S>(decider: Decider<C, E, S>): Lane<C, E, S> {
    let lane = this.lanes.get(decider) as Lane<C, E, S> | undefined;
    if (!lane) {
      lane = new Lane(this.store, decider, this.policies.get(decider) ?? {}, this.options.maxCachedStreams ?? 2_000);
      this.lanes.set(decider, lane);
    }
    return lane;
  }
}
