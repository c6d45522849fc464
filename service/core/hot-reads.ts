import type { Context } from 'hono';
import type { ReadStore } from '../../platform/readstore/port.js';
import { CheckpointClock } from '../../platform/processor/checkpoint-clock.js';
import type { CheckpointWaiter } from '../../platform/processor/waiter.js';
import { PreparedBody, sendPrepared } from './prepared-body.js';
import type { ProjectionWaiter } from './deps.js';

/** Public reads: browsers and proxies keep them briefly and may show them while they check again. */
export const PUBLIC_READ_CACHE = 'public, max-age=10, stale-while-revalidate=60';

/** Most answers one value keeps (each program of the list, each workshop): far above the catalogue's size. */
const MAX_PARTS = 512;

interface Entry {
  /** The checkpoints of its projections read before it was loaded, so it is never newer than its label. */
  label: bigint[];
  value: Promise<unknown>;
  /** Serialised answers: '' for the whole value, else one per part asked for. */
  bodies: Map<string, PreparedBody>;
}

export interface HotRead<T> {
  /** One key per distinct answer (say `programs/executive-edge`). */
  key: string;
  /** The read models the answer comes from: it is loaded again when one of their checkpoints moves. */
  projections: string[];
  load: () => Promise<T>;
}

export interface AnswerOptions<T> {
  minPosition?: string;
  part?: string;
  pick?: (value: T) => unknown;
  serialise?: (value: unknown) => PreparedBody;
}

export interface HotReadsOptions {
  /** How long a checkpoint read is trusted (default 5 ms): the staleness bound across processes. */
  checkpointMaxAgeMs?: number;
  /** The event store's last position: what "everything written so far" means for `written`. */
  headPosition?: () => Promise<bigint>;
}

/**
 * Public catalogue answers kept in memory, per projection position: loaded and serialised once,
 * with their ETag and compressed forms, and loaded again when a projection they come from has
 * moved (whichever process moved it: the read store's checkpoints are read, throttled). A request
 * with `minPosition` waits for the projections, then reads the checkpoints afresh, so it never
 * gets an answer older than the position it was promised.
 */
/** At least as new as the checkpoints: a read of them that started earlier may still come back older. */
const covers = (entry: Entry, projections: string[], checkpoints: Map<string, bigint>) =>
  projections.every((p, i) => entry.label[i]! >= (checkpoints.get(p) ?? -1n));

export class HotReads {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: CheckpointClock;

  private readonly headPosition: (() => Promise<bigint>) | undefined;

  constructor(
    readStore: Pick<ReadStore, 'listCheckpoints'>,
    private readonly waiter: ProjectionWaiter,
    options: HotReadsOptions = {},
  ) {
    this.clock = new CheckpointClock(readStore, options.checkpointMaxAgeMs ?? 5);
    this.headPosition = options.headPosition;
    // Projections moved by this process are seen at once; those moved elsewhere within the age above.
    const observable = waiter as Partial<Pick<CheckpointWaiter, 'onObserve'>>;
    observable.onObserve?.(() => this.clock.invalidate());
  }

  /** The loaded value, from memory while its projections stand still. */
  async value<T>(read: HotRead<T>, minPosition?: string): Promise<T> {
    return (await this.entry(read, minPosition)).value as Promise<T>;
  }

  /**
   * Answers the value as JSON, or one `part` of it (`pick`, say one program of the list; null when
   * it has no such part), with ETag, 304, compression and Cache-Control. A part's body is kept
   * with the value it came from, so it moves with it.
   */
  answer<T>(c: Context, read: HotRead<T>, options: AnswerOptions<T> = {}): Response | null | Promise<Response | null> {
    // The hot path, without a single await: checkpoints read recently, the body already made.
    if (options.minPosition === undefined) {
      const checkpoints = this.clock.current();
      const cached = this.entries.get(read.key);
      const body = cached?.bodies.get(options.part ?? '');
      if (body && !(checkpoints instanceof Promise) && covers(cached!, read.projections, checkpoints))
        return sendPrepared(c, body, PUBLIC_READ_CACHE);
    }
    return this.answerLoaded(c, read, options);
  }

  /**
   * The position of everything written so far, for a second look before answering "not found":
   * a workshop scheduled a moment ago may not have reached the read models yet (they are built
   * beside the requests, or in another thread or process). Undefined when the head is not known.
   */
  async written(): Promise<string | undefined> {
    return this.headPosition ? String(await this.headPosition()) : undefined;
  }

  /** As `answer`, for a value that always exists (a whole list). */
  answerAll<T>(c: Context, read: HotRead<T>, minPosition?: string): Response | Promise<Response> {
    return this.answer(c, read, { minPosition }) as Response | Promise<Response>;
  }

  private async answerLoaded<T>(c: Context, read: HotRead<T>, options: AnswerOptions<T>): Promise<Response | null> {
    const entry = await this.entry(read, options.minPosition);
    const part = options.part ?? '';
    let body = entry.bodies.get(part);
    if (!body) {
      const value = (await entry.value) as T;
      const picked = options.pick ? options.pick(value) : value;
      if (picked === undefined) return null;
      body = options.serialise ? options.serialise(picked) : PreparedBody.json(picked);
      // Unknown parts are never kept, and a bounded number of known ones, so requests cannot fill memory.
      if (entry.bodies.size < MAX_PARTS) entry.bodies.set(part, body);
    }
    return sendPrepared(c, body, PUBLIC_READ_CACHE);
  }

  private async entry(read: HotRead<unknown>, minPosition: string | undefined): Promise<Entry> {
    let fresh = false;
    if (minPosition !== undefined) {
      // Bounded, as every read-after-write: a slow projection gives a slightly stale answer, never a hung request.
      await this.waiter.waitFor(BigInt(minPosition), read.projections, 2_000);
      const cached = this.entries.get(read.key);
      fresh = !cached || cached.label.some((p) => p < BigInt(minPosition));
    }
    const checkpoints = await this.clock.current(fresh);
    const cached = this.entries.get(read.key);
    if (cached && covers(cached, read.projections, checkpoints)) return cached;
    const label = read.projections.map((p) => checkpoints.get(p) ?? -1n);
    const entry: Entry = { label, value: read.load(), bodies: new Map() };
    // A failed load is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(read.key) === entry) this.entries.delete(read.key);
    });
    this.entries.set(read.key, entry);
    await entry.value;
    return entry;
  }
}
