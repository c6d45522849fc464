import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore, RecordedEvent } from '../eventstore/port.js';
import { type Logger, createLogger } from '../log.js';
import { type ReadStore, type WriteOp, LeaseLostError, ReadStoreUnavailableError } from '../readstore/port.js';
import type { AnyProjector } from './projector.js';
import type { AnyReactor } from './reactor.js';
import { type AnyTimer, TimerTicker } from './timer.js';
import { projectBatch } from './project-batch.js';
import { type ProcessorState, type ProjectionStatus, readStatus } from './status.js';
import { SharedFeed } from './feed.js';
import { Lease } from './lease.js';
import { CheckpointWaiter } from './waiter.js';

/** Keys of a keyed reactor handled side by side within a batch. */
const KEYED_CONCURRENCY = 64;

export interface ProcessorProgress {
  /** The projector's or reactor's name. */
  projection: string;
  checkpoint: bigint;
  /** Events read in this batch (all of them move the checkpoint, relevant or not). */
  events: number;
}

export interface ProcessorRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors?: readonly AnyProjector[];
  reactors?: readonly AnyReactor[];
  /** Time-driven passes (defineTimer), each under its own lease beside the projectors and reactors. */
  timers?: readonly AnyTimer[];
  /** Names this runner in leases; must differ between processes (default: host, pid and a random suffix). */
  owner?: string;
  /** Events read per batch (default 2000). */
  batchSize?: number;
  /** Polling interval when idle, for events appended by another process (default 200 ms). */
  pollMs?: number;
  /** Lease time to live (default 10 s): how long a crashed runner blocks another one from taking over. */
  leaseTtlMs?: number;
  /** How often a runner without the lease tries to take it (default 1 s). */
  standbyMs?: number;
  /**
   * Take each lease at start even if another owner holds it. For the embedded default, where one
   * process owns DATA_DIR: a lease left by a process that was killed would otherwise delay the
   * restart by the lease's time to live. Safe either way: a write checks the lease in its own
   * transaction, so the runner it was taken from only stands by.
   */
  takeOverAtStart?: boolean;
  /** Ceiling of the retry delay after a store or reactor error (default 5 s). */
  maxBackoffMs?: number;
  /** Where reached checkpoints are reported (default: a waiter of its own, over every processor it runs). */
  waiter?: CheckpointWaiter;
  /**
   * Where append notifications come from (default: the event store's own, which hears only the
   * appends of this thread). A runner in a worker thread is told of the API thread's appends here.
   */
  onAppended?: (listener: () => void) => () => void;
  /** Time of the metadata reactors record (default: the wall clock). */
  clock?: () => Date;
  log?: Logger;
}

/** What a processor does with a batch of the feed, with its lease and checkpoint. */
interface BatchContext {
  /** Writes the ops and moves the checkpoint to `position`, in one unit, if the lease is still held. */
  commit(ops: WriteOp[], position: bigint): Promise<void>;
  /** Renews the lease now; throws LeaseLostError when another runner took it. */
  confirmLease(): Promise<void>;
}

interface Processor {
  kind: 'projection' | 'reactor';
  name: string;
  /** Called whenever the lease is taken (a projection's indexes). */
  onLease(): Promise<void>;
  run(events: readonly RecordedEvent[], batch: BatchContext): Promise<void>;
}

interface Worker {
  processor: Processor;
  lease: Lease;
  /** True while the checkpoint was loaded under the lease now held. */
  ready: boolean;
  checkpoint: bigint;
  state: ProcessorState;
}

/**
 * Keeps projectors and reactors going from the global event feed: one machinery for both. Each has
 * its own checkpoint and its own lease in the read store, so two runners (two API processes, or
 * the API and the projector service) never run the same one at once: the lease holder works, the
 * other stands by and takes over within the lease's time to live when the holder dies.
 *
 * A projector's documents and checkpoint are written in one read-store write per batch. A reactor
 * handles its events one at a time, in feed order, and its checkpoint is written after each one it
 * handled: after a crash it starts again with the event it was handling, never after it.
 */
export class ProcessorRunner {
  readonly owner: string;
  /** Waits for checkpoints; fed by this runner and by polling the read store. */
  readonly waiter: CheckpointWaiter;
  /** The names of everything it runs, projectors first. */
  readonly names: readonly string[];
  private readonly workers: Worker[];
  private readonly tickers: TimerTicker<unknown>[];
  private readonly feed: SharedFeed;
  private readonly pollMs: number;
  private readonly leaseTtlMs: number;
  private readonly standbyMs: number;
  private readonly maxBackoffMs: number;
  private readonly log: Logger;
  private readonly clock: () => Date;
  private readonly listeners = new Set<(p: ProcessorProgress) => void>();
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private stopping = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ProcessorRunnerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = options.pollMs ?? 200;
    this.leaseTtlMs = options.leaseTtlMs ?? 10_000;
    this.standbyMs = options.standbyMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.log = options.log ?? createLogger('warn');
    this.clock = options.clock ?? (() => new Date());
    this.feed = new SharedFeed(options.eventStore, options.batchSize ?? 2000);
    const processors = [
      ...(options.projectors ?? []).map((p) => this.projection(p)),
      ...(options.reactors ?? []).map((r) => this.reaction(r)),
    ];
    this.workers = processors.map((processor) => ({
      processor,
      lease: new Lease(options.readStore, processor.name, this.owner, {
        ttlMs: this.leaseTtlMs,
        takeOverAtStart: options.takeOverAtStart,
      }),
      ready: false,
      checkpoint: -1n,
      state: 'stopped',
    }));
    this.names = processors.map((p) => p.name);
    this.tickers = (options.timers ?? []).map(
      (timer) =>
        new TimerTicker(timer, options.readStore, { owner: this.owner, takeOverAtStart: options.takeOverAtStart }),
    );
    this.waiter = options.waiter ?? new CheckpointWaiter({ readStore: options.readStore, names: [...this.names] });
  }

  start(): void {
    if (this.loops.length > 0) return;
    this.stopping = false;
    const onAppended = this.options.onAppended ?? ((l: () => void) => this.options.eventStore.onAppended(l));
    this.unsubscribe = onAppended(() => {
      this.feed.appended();
      this.wakeAll();
    });
    this.loops = [...this.workers.map((w) => this.loop(w)), ...this.tickers.map((t) => this.tick(t))];
  }

  /** Lets every processor finish its current batch, releases the leases, and resolves when all have stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
    // A waiter given in the options belongs to the caller, who closes it.
    if (!this.options.waiter) this.waiter.close();
  }

  async status(): Promise<ProjectionStatus[]> {
    const statuses = await readStatus(
      this.workers.map((w) => w.processor),
      this.options.eventStore,
      this.options.readStore,
    );
    return statuses.map((s, i) => ({ ...s, state: this.workers[i]!.state }));
  }

  /** Resolves true once the named processors (the waiter's default set when none) have reached `position`, false after `timeoutMs`. */
  waitFor(position: bigint, names?: string[], timeoutMs?: number): Promise<boolean> {
    return this.waiter.waitFor(position, names, timeoutMs);
  }

  onProgress(listener: (p: ProcessorProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A projector: its documents and checkpoint in one write per batch; its indexes ensured with the lease. */
  private projection(projector: AnyProjector): Processor {
    const { readStore } = this.options;
    return {
      kind: 'projection',
      name: projector.name,
      onLease: async () => {
        if (!projector.indexes?.length) return;
        try {
          await readStore.ensureIndexes(projector.collection, projector.indexes);
        } catch (err) {
          // An outage is retried like any batch; an index the store refuses (say, one made by hand
          // with other options) is logged, since queries still answer without it, only slower.
          if (err instanceof ReadStoreUnavailableError) throw err;
          this.log.error('projection indexes could not be created; its queries will scan', {
            projection: projector.name,
            error: err,
          });
        }
      },
      run: async (events, batch) => {
        const ops = await projectBatch(projector, events, readStore);
        await batch.commit(ops, events[events.length - 1]!.position);
      },
    };
  }

  /**
   * A reactor: each event it reacts to handled in turn, the checkpoint written after each; or, for
   * a reactor whose events have keys, a batch's keys side by side and the checkpoint after the batch.
   */
  private reaction(reactor: AnyReactor): Processor {
    const contextOf = (event: RecordedEvent) => ({
      metadata: {
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        actor: 'system' as const,
        at: this.clock().toISOString(),
      },
      idempotencyKey: `${reactor.name}@${event.position}`,
    });
    return {
      kind: 'reactor',
      name: reactor.name,
      onLease: async () => undefined,
      run: async (events, batch) => {
        const last = events[events.length - 1]!.position;
        const mine = events.filter((e) => reactor.handles(e));
        if (reactor.keyOf && mine.length > 1) {
          // Not while another runner took the lease over: it may be handling these very events.
          await batch.confirmLease();
          const keyOf = reactor.keyOf;
          const byKey = new Map<string, RecordedEvent[]>();
          for (const event of mine) {
            const key = keyOf(event as never);
            byKey.set(key, [...(byKey.get(key) ?? []), event]);
          }
          const groups = [...byKey.values()];
          // A pool of workers over the keys; every one settles before the batch fails, so a batch
          // delivered again never overlaps with one of its own handlings still under way.
          const failures: unknown[] = [];
          const work = async () => {
            for (let keyed = groups.pop(); keyed; keyed = groups.pop())
              try {
                for (const event of keyed) await reactor.handle(event as never, contextOf(event));
              } catch (err) {
                failures.push(err);
              }
          };
          await Promise.all(Array.from({ length: Math.min(KEYED_CONCURRENCY, groups.length) }, work));
          if (failures.length > 0) throw failures[0];
          await batch.commit([], last);
          return;
        }
        let committed: bigint | null = null;
        for (const event of mine) {
          await batch.confirmLease();
          await reactor.handle(event as never, contextOf(event));
          await batch.commit([], (committed = event.position));
        }
        if (committed !== last) await batch.commit([], last);
      },
    };
  }

  private async loop(w: Worker): Promise<void> {
    const { name, kind } = w.processor;
    let backoff = 0;
    w.state = 'starting';
    while (!this.stopping) {
      try {
        if (!(await this.ensureLease(w))) {
          w.state = 'standby';
          await this.sleep(this.standbyMs);
          continue;
        }
        w.state = 'running';
        const seen = this.feed.appendSeq;
        const read = await this.step(w);
        backoff = 0;
        if (read === 0 && seen === this.feed.appendSeq) await this.sleep(this.pollMs, seen);
      } catch (err) {
        if (err instanceof LeaseLostError) {
          // Another runner or a rebuild took over: this batch is dropped, and its checkpoint is
          // reloaded if the lease comes back.
          this.log.info(`${kind} lease lost; standing by`, { [kind]: name, owner: this.owner });
          w.lease.lost();
          w.ready = false;
          w.state = 'standby';
          await this.sleep(this.standbyMs);
          continue;
        }
        backoff = Math.min(Math.max(backoff * 2, 100), this.maxBackoffMs);
        w.state = 'retrying';
        this.log.warn(`${kind} batch failed; retrying`, {
          [kind]: name,
          checkpoint: w.checkpoint,
          retryInMs: backoff,
          error: err,
        });
        await this.sleep(backoff);
      }
    }
    await w.lease.release();
    w.ready = false;
    w.state = 'stopped';
  }

  /** A timer: a pass every interval while this runner holds its lease; a failed pass waits for the next. */
  private async tick(ticker: TimerTicker<unknown>): Promise<void> {
    const { name, everyMs } = ticker.timer;
    while (!this.stopping) {
      try {
        await ticker.tick();
      } catch (err) {
        if (err instanceof LeaseLostError) {
          this.log.info('timer lease lost; standing by', { timer: name, owner: this.owner });
          ticker.lease.lost();
        } else this.log.error('timer pass failed; tried again at the next', { timer: name, error: err });
      }
      await this.sleep(ticker.lease.held ? everyMs : Math.min(everyMs, this.standbyMs));
    }
    await ticker.stop();
  }

  private async ensureLease(w: Worker): Promise<boolean> {
    const { name, kind } = w.processor;
    const wasHeld = w.lease.held;
    if ((await w.lease.hold()) === 'refused') {
      if (wasHeld) this.log.info(`${kind} lease taken by another runner`, { [kind]: name });
      w.ready = false;
      return false;
    }
    if (!w.ready || !wasHeld) {
      // A rebuild may have swapped in a new collection while someone else held the lease.
      await w.processor.onLease();
      // While someone else held the lease the checkpoint moved (or was reset, or swapped by a rebuild).
      w.checkpoint = await this.options.readStore.getCheckpoint(name);
      w.ready = true;
      this.waiter.observe(name, w.checkpoint);
      this.log.debug(`${kind} lease acquired`, { [kind]: name, checkpoint: w.checkpoint });
    }
    return true;
  }

  private async step(w: Worker): Promise<number> {
    const { readStore } = this.options;
    const { name } = w.processor;
    const events = await this.feed.read(w.checkpoint);
    if (events.length === 0) return 0;
    await w.processor.run(events, {
      commit: async (ops, position) => {
        await readStore.write(ops, { projection: name, position, leaseOwner: this.owner });
        w.checkpoint = position;
        this.waiter.observe(name, position);
      },
      confirmLease: () => w.lease.confirm(),
    });
    const progress = { projection: name, checkpoint: w.checkpoint, events: events.length };
    for (const l of this.listeners) {
      try {
        l(progress);
      } catch {
        // A progress display must not fail the batch that was just written.
      }
    }
    return events.length;
  }

  /** Sleeps `ms`, or less when stopping, or (given `appendSeq`) when an append arrives after it. */
  private sleep(ms: number, appendSeq?: number): Promise<void> {
    if (this.stopping || (appendSeq !== undefined && appendSeq !== this.feed.appendSeq)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const wake = () => {
        if (this.stopping || appendSeq !== undefined) done();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }
}
