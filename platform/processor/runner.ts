import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore, RecordedEvent } from '../eventstore/port.js';
import { type Logger, createLogger } from '../log.js';
import type { Projector } from './projector.js';
import { type DocValue, type ReadStore, type WriteOp, LeaseLostError, ReadStoreUnavailableError } from '../readstore/port.js';
import { CheckpointWaiter } from './waiter.js';

const eventTypeSets = new WeakMap<object, Set<string>>();
const typesOf = <D extends DocValue>(p: Projector<D>) => {
  let set = eventTypeSets.get(p);
  if (!set) eventTypeSets.set(p, (set = new Set(p.eventTypes)));
  return set;
};

interface Working<D extends DocValue> {
  doc: D | null;
  /** Position the document reflects: events at or before it are already in it. */
  position: bigint;
  changed: boolean;
}

/**
 * Turns a batch of events into the write ops of one projector: the documents the batch touches are
 * loaded once, every event is applied in order to the batch's working copy (so several events on
 * one document compose), and each changed document is written once, guarded by the position of the
 * last event that changed it. An event at or before a document's stored position is skipped, so a
 * replay never applies an event twice, even to a document that is ahead of the checkpoint.
 */
export async function projectBatch<D extends DocValue>(
  projector: Projector<D>,
  events: readonly RecordedEvent[],
  readStore: ReadStore,
  collection = projector.collection,
): Promise<WriteOp[]> {
  const types = typesOf(projector);
  const relevant: RecordedEvent[] = [];
  const keys: string[][] = [];
  const ids = new Set<string>();
  for (const e of events) {
    if (!types.has(e.type)) continue;
    const k = projector.keys(e);
    relevant.push(e);
    keys.push(k);
    for (const id of k) ids.add(id);
  }
  if (ids.size === 0) return [];

  const stored = await readStore.getMany<D>(collection, [...ids]);
  const working = new Map<string, Working<D>>();
  for (const id of ids) {
    const s = stored.get(id);
    working.set(id, s ? { doc: s.doc, position: s.position, changed: false } : { doc: null, position: -1n, changed: false });
  }
  for (let i = 0; i < relevant.length; i++) {
    const e = relevant[i]!;
    for (const id of keys[i]!) {
      const w = working.get(id)!;
      if (e.position <= w.position) continue;
      const next = projector.project(w.doc, e, id);
      if (next === undefined || (next === null && w.doc === null)) continue;
      w.doc = next;
      w.position = e.position;
      w.changed = true;
    }
  }
  const ops: WriteOp[] = [];
  for (const [id, w] of working) {
    if (!w.changed) continue;
    ops.push(w.doc === null ? { kind: 'delete', collection, id, position: w.position } : { kind: 'put', collection, id, doc: w.doc, position: w.position });
  }
  return ops;
}

export type ProjectionState = 'starting' | 'running' | 'standby' | 'retrying' | 'stopped';

export interface ProjectionStatus {
  name: string;
  checkpoint: bigint;
  head: bigint;
  /**
   * head - checkpoint. With the SQLite and memory event stores this is the number of events
   * behind; with EventStoreDB positions are log offsets, so only 0 (up to date) is exact.
   */
  lag: bigint;
  /** Checkpoint of an unfinished rebuild's shadow, when one exists. */
  rebuilding?: bigint;
  /** This runner's view, when the status comes from a runner. */
  state?: ProjectionState;
}

/** Reads every projection's status from the stores; works without a runner (the CLI). */
export async function readStatus(projectors: readonly Projector[], eventStore: EventStore, readStore: ReadStore): Promise<ProjectionStatus[]> {
  const [head, checkpoints] = await Promise.all([eventStore.headPosition(), readStore.listCheckpoints()]);
  return projectors.map((p) => {
    const checkpoint = checkpoints.get(p.name) ?? -1n;
    const shadow = checkpoints.get(`${p.name}__rebuild`);
    return {
      name: p.name,
      checkpoint,
      head,
      lag: head > checkpoint ? head - checkpoint : 0n,
      ...(shadow === undefined ? {} : { rebuilding: shadow }),
    };
  });
}

export interface ProjectionProgress {
  projection: string;
  checkpoint: bigint;
  /** Events read in this batch (all of them move the checkpoint, relevant or not). */
  events: number;
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors: readonly Projector[];
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
   * Take each projection's lease at start even if another owner holds it. For the embedded
   * default, where one process owns DATA_DIR: a lease left by a process that was killed would
   * otherwise delay the restart by the lease's time to live. Safe either way: a write checks the
   * lease in its own transaction, so the runner it was taken from only stands by.
   */
  takeOverAtStart?: boolean;
  /** Ceiling of the retry delay after a store error (default 5 s). */
  maxBackoffMs?: number;
  log?: Logger;
}

interface Worker {
  projector: Projector;
  /** True once this runner has held the lease (a take-over at start happens only before that). */
  everHeld: boolean;
  checkpoint: bigint;
  holding: boolean;
  renewAt: number;
  state: ProjectionState;
}

/**
 * Keeps each projection up to date from the global event feed. Every projection has its own
 * checkpoint and its own lease, so two runners (two API processes, or the API and the projector
 * service) never write the same projection at once: the lease holder writes, the other stands by.
 */
export class ProjectionRunner {
  readonly owner: string;
  /** Waits for checkpoints; fed by this runner and by polling the read store. */
  readonly waiter: CheckpointWaiter;
  private readonly workers: Worker[];
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly leaseTtlMs: number;
  private readonly standbyMs: number;
  private readonly maxBackoffMs: number;
  private readonly log: Logger;
  private readonly listeners = new Set<(p: ProjectionProgress) => void>();
  /** Bumped on every append notification, so a notification during a batch is not lost. */
  private appendSeq = 0;
  private readonly sleepers = new Set<() => void>();
  /**
   * Feed reads by their `after`, shared by projections at the same checkpoint (usually all of them):
   * one read and one validation of each event instead of one per projection. Reused while nothing
   * was appended since the read began (the answer would be the same), or once it has returned
   * events (a prefix of the feed stays a prefix: the projection reads on from its end at once).
   */
  private readonly recentReads = new Map<bigint, { seq: number; at: number; nonEmpty: boolean; events: Promise<RecordedEvent[]> }>();
  private loops: Promise<void>[] = [];
  private stopping = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.batchSize = options.batchSize ?? 2000;
    this.pollMs = options.pollMs ?? 200;
    this.leaseTtlMs = options.leaseTtlMs ?? 10_000;
    this.standbyMs = options.standbyMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.log = options.log ?? createLogger('warn');
    this.workers = options.projectors.map((projector) => ({ projector, everHeld: false, checkpoint: -1n, holding: false, renewAt: 0, state: 'stopped' }));
    this.waiter = new CheckpointWaiter({ readStore: options.readStore, names: options.projectors.map((p) => p.name) });
  }

  start(): void {
    if (this.loops.length > 0) return;
    this.stopping = false;
    this.unsubscribe = this.options.eventStore.onAppended(() => {
      this.appendSeq++;
      this.wakeAll();
    });
    this.loops = this.workers.map((w) => this.loop(w));
  }

  /** Lets every projection finish its current batch, releases the leases, and resolves when all have stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
    this.waiter.close();
  }

  async status(): Promise<ProjectionStatus[]> {
    const statuses = await readStatus(this.options.projectors, this.options.eventStore, this.options.readStore);
    return statuses.map((s, i) => ({ ...s, state: this.workers[i]!.state }));
  }

  /** Resolves true once the named projections (all by default) have reached `position`, false after `timeoutMs`. */
  waitFor(position: bigint, names?: string[], timeoutMs?: number): Promise<boolean> {
    return this.waiter.waitFor(position, names, timeoutMs);
  }

  onProgress(listener: (p: ProjectionProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async loop(w: Worker): Promise<void> {
    const name = w.projector.name;
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
        const seen = this.appendSeq;
        const read = await this.step(w);
        backoff = 0;
        if (read === 0 && seen === this.appendSeq) await this.sleep(this.pollMs, seen);
      } catch (err) {
        if (err instanceof LeaseLostError) {
          // Another runner or a rebuild took over: this batch is dropped, and its checkpoint is
          // reloaded if the lease comes back.
          this.log.info('projection lease lost; standing by', { projection: name, owner: this.owner });
          w.holding = false;
          w.state = 'standby';
          await this.sleep(this.standbyMs);
          continue;
        }
        backoff = Math.min(Math.max(backoff * 2, 100), this.maxBackoffMs);
        w.state = 'retrying';
        this.log.warn('projection batch failed; retrying', { projection: name, checkpoint: w.checkpoint, retryInMs: backoff, error: err });
        await this.sleep(backoff);
      }
    }
    if (w.holding) {
      w.holding = false;
      await this.options.readStore.releaseLease(name, this.owner).catch(() => undefined);
    }
    w.state = 'stopped';
  }

  private async ensureLease(w: Worker): Promise<boolean> {
    const now = Date.now();
    if (w.holding && now < w.renewAt) return true;
    const name = w.projector.name;
    const force = !w.everHeld && this.options.takeOverAtStart === true;
    if (!(await this.options.readStore.acquireLease(name, this.owner, this.leaseTtlMs, force))) {
      if (w.holding) this.log.info('projection lease taken by another runner', { projection: name });
      w.holding = false;
      return false;
    }
    if (!w.holding) {
      // A rebuild may have swapped in a new collection while someone else held the lease.
      await this.ensureIndexes(w.projector);
      // While someone else held the lease the checkpoint moved (or was reset, or swapped by a rebuild).
      w.checkpoint = await this.options.readStore.getCheckpoint(name);
      w.holding = true;
      w.everHeld = true;
      this.waiter.observe(name, w.checkpoint);
      this.log.debug('projection lease acquired', { projection: name, checkpoint: w.checkpoint });
    }
    w.renewAt = now + this.leaseTtlMs / 3;
    return true;
  }

  /**
   * An outage is retried like any batch; an index the store refuses (say, one made by hand with
   * other options) is logged, since queries still answer without it, only slower.
   */
  private async ensureIndexes(projector: Projector): Promise<void> {
    if (!projector.indexes?.length) return;
    try {
      await this.options.readStore.ensureIndexes(projector.collection, projector.indexes);
    } catch (err) {
      if (err instanceof ReadStoreUnavailableError) throw err;
      this.log.error('projection indexes could not be created; its queries will scan', { projection: projector.name, error: err });
    }
  }

  private async step(w: Worker): Promise<number> {
    const { eventStore, readStore } = this.options;
    const events = await this.readFeed(eventStore, w.checkpoint);
    if (events.length === 0) return 0;
    const ops = await projectBatch(w.projector, events, readStore);
    const last = events[events.length - 1]!.position;
    await readStore.write(ops, { projection: w.projector.name, position: last, leaseOwner: this.owner });
    w.checkpoint = last;
    this.waiter.observe(w.projector.name, last);
    const progress = { projection: w.projector.name, checkpoint: last, events: events.length };
    for (const l of this.listeners) {
      try {
        l(progress);
      } catch {
        // A progress display must not fail the batch that was just written.
      }
    }
    return events.length;
  }

  private readFeed(eventStore: ProjectionRunnerOptions['eventStore'], after: bigint): Promise<RecordedEvent[]> {
    const now = performance.now();
    const hit = this.recentReads.get(after);
    if (hit && now - hit.at < 100 && (hit.nonEmpty || hit.seq === this.appendSeq)) return hit.events;
    const entry = { seq: this.appendSeq, at: now, nonEmpty: false, events: eventStore.readAll({ after, limit: this.batchSize }) };
    this.recentReads.set(after, entry);
    entry.events.then(
      (events) => (entry.nonEmpty = events.length > 0),
      () => this.recentReads.delete(after),
    );
    if (this.recentReads.size > 64) {
      for (const [key, e] of this.recentReads) if (now - e.at >= 100) this.recentReads.delete(key);
    }
    return entry.events;
  }

  /** Sleeps `ms`, or less when stopping, or (given `appendSeq`) when an append arrives after it. */
  private sleep(ms: number, appendSeq?: number): Promise<void> {
    if (this.stopping || (appendSeq !== undefined && appendSeq !== this.appendSeq)) return Promise.resolve();
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
