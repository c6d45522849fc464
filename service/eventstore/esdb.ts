import {
  ANY,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  type JSONType,
  NO_STREAM,
  type ReadPosition,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { EventMetadata } from '../../contracts/core/events.js';
import { checkExpected } from './expected.js';
import {
  type AppendResult,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './port.js';

/*
 * Positions. The port's position is the event's commit position in the server's transaction log.
 * Appends through gRPC are implicit transactions, for which the server reports every event with
 * commit position == prepare position == the event's own log position, so it is unique and strictly
 * increasing along $all, and `{ commit: p, prepare: p }` is a valid place to resume from. Positions
 * are byte offsets: they are NOT consecutive and do not start at 0 (unlike the SQLite and memory
 * adapters); callers only compare them.
 *
 * `readAll({ after })` is exclusive, as the port says: the server starts a read AT the given
 * position (inclusive), so the event at `after` comes back first and is skipped (`position <= after`).
 *
 * System events (type or stream starting with `$`) are not part of the port's feed. Client 6.x sends
 * no server-side filter on a $all *read*, so they are filtered here, reading on until `limit` events
 * remain or $all ends.
 *
 * Timeouts. The client gives reads and subscriptions no deadline; every call here is bounded by
 * `timeoutMs` (default 5 s) so a missing server fails fast with EventStoreUnavailableError. An append
 * that times out may still have been written: the caller retries with its expected revision, which
 * then fails cleanly with WrongExpectedRevisionError instead of writing twice.
 */

/** The largest uint64: what a server without positions on stream reads (< 22.6) sends instead. */
const NO_POSITION = 18446744073709551615n;

export interface EsdbOptions {
  /** Upper bound for any one call to the server, in ms. */
  timeoutMs?: number;
}

export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly timeoutMs: number;
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | undefined;
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private notifyQueued = false;
  private closed = false;

  /** `connectionString` e.g. `esdb://localhost:2113?tls=false`. Connects lazily, on the first call. */
  constructor(connectionString: string, options: EsdbOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // The server answers a zero-event append without saying whether the stream exists, so check here.
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const result = await this.call('append', () =>
      this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbExpected(expected),
        deadline: this.timeoutMs,
      }),
    ).catch((error: unknown) => {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        // The unary append path reports a missing stream as -1.
        throw new WrongExpectedRevisionError(streamId, expected, actual === 'no_stream' || actual < 0n ? 'no_stream' : actual);
      }
      throw error;
    });
    const position = result.position?.commit ?? (await this.headPosition());
    return {
      nextExpectedRevision: result.nextExpectedRevision,
      position: events.length === 1 ? position : await this.lastPositionOf(events, position),
    };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    try {
      const resolved = await this.collect('readStream', () =>
        this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS, deadline: this.timeoutMs }),
      );
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event, event.position?.commit ?? NO_POSITION)] : []));
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    const out: RecordedEvent[] = [];
    if (limit <= 0) return out;
    let cursor = options.after !== undefined && options.after >= 0n ? options.after : undefined;
    // +1 because the event at `cursor` itself comes back first.
    const pageSize = Math.max(limit, 100) + 1;
    for (;;) {
      const from: ReadPosition = cursor === undefined ? START : { commit: cursor, prepare: cursor };
      const page = await this.readAllPage(from, pageSize, FORWARDS);
      for (const { event } of page) {
        if (!event) continue;
        const position = event.position.commit;
        if (cursor !== undefined && position <= cursor) continue;
        cursor = position;
        if (isSystem(event)) continue;
        out.push(toRecorded(event, position));
        if (out.length === limit) return out;
      }
      if (page.length < pageSize) return out;
    }
  }

  async headPosition(): Promise<bigint> {
    const pageSize = 32;
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.readAllPage(from, pageSize, BACKWARDS);
      const user = page.find(({ event }) => event && !isSystem(event));
      if (user?.event) return user.event.position.commit;
      const oldest = page.at(-1)?.event;
      if (page.length < pageSize || !oldest) return -1n;
      from = oldest.position;
    }
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unsubscribe();
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await this.unsubscribe();
    await this.client.dispose();
  }

  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const last = await this.lastRevision(streamId);
    checkExpected(streamId, expected, last);
    return { nextExpectedRevision: last === 'no_stream' ? -1n : last, position: await this.headPosition() };
  }

  private async lastRevision(streamId: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await this.collect('readStream', () =>
        this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1, deadline: this.timeoutMs }),
      );
      return last?.event?.revision ?? 'no_stream';
    } catch (error) {
      if (isStreamNotFound(error)) return 'no_stream';
      throw error;
    }
  }

  /**
   * The port wants the position of the LAST event written. The server's append result carries one
   * position for the whole write; rather than depend on which event it designates, look the events
   * up from there (they are contiguous in the log) and keep the greatest. Only multi-event appends
   * pay this extra read.
   */
  private async lastPositionOf(events: NewEvent[], reported: bigint): Promise<bigint> {
    const ids = new Set(events.map((e) => e.id));
    try {
      const page = await this.readAllPage({ commit: reported, prepare: reported }, events.length + 1, FORWARDS);
      let last = reported;
      for (const { event } of page) if (event && ids.has(event.id) && event.position.commit > last) last = event.position.commit;
      return last;
    } catch {
      return reported;
    }
  }

  private readAllPage(from: ReadPosition, maxCount: number, direction: typeof FORWARDS | typeof BACKWARDS): Promise<AllStreamResolvedEvent[]> {
    return this.collect('readAll', () =>
      this.client.readAll({ fromPosition: from, maxCount, direction, resolveLinkTos: false, deadline: this.timeoutMs }),
    );
  }

  /** Drains a read into an array within the time limit, cancelling the read if it runs over. */
  private collect<T>(what: string, open: () => AsyncIterable<T> & { cancel(): Promise<void> }): Promise<T[]> {
    return this.call(what, async () => {
      const stream = open();
      const timer = setTimeout(() => void stream.cancel().catch(() => {}), this.timeoutMs);
      try {
        const out: T[] = [];
        for await (const item of stream) out.push(item);
        return out;
      } finally {
        clearTimeout(timer);
      }
    });
  }

  /** Runs one server call with a time limit; connection-level failures become EventStoreUnavailableError. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (this.closed) throw new EventStoreUnavailableError('The EventStoreDB event store is closed');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new EventStoreUnavailableError(`EventStoreDB ${what} did not answer within ${this.timeoutMs} ms`)),
        this.timeoutMs + 500,
      );
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      if (isUnavailable(error)) {
        throw new EventStoreUnavailableError(`EventStoreDB ${what} failed: ${errorMessage(error)}`, { cause: error });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private subscribe(): void {
    if (this.subscription || this.closed || this.listeners.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', ({ event }: AllStreamResolvedEvent) => {
      if (event && !isSystem(event)) this.notify();
    });
    subscription.on('error', () => {
      // Dropped (server restart, network). Listeners are told to look again, since events may have
      // been written while the subscription was down; the projector also polls, so nothing is lost.
      if (this.subscription !== subscription) return;
      this.subscription = undefined;
      if (this.closed || this.listeners.size === 0) return;
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = undefined;
        this.subscribe();
        this.notify();
      }, 1000);
      this.resubscribeTimer.unref();
    });
  }

  private async unsubscribe(): Promise<void> {
    clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.unsubscribe().catch(() => {});
  }

  /** Coalesces a burst of events into one call per listener. */
  private notify(): void {
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      for (const listener of this.listeners) {
        try {
          listener();
        } catch {
          // A listener's failure must not stop the subscription or the other listeners.
        }
      }
    });
  }
}

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : expected === 'any' ? ANY : expected;

const toEventData = (e: NewEvent) =>
  jsonEvent({ id: e.id, type: e.type, data: (e.data ?? null) as JSONType, metadata: e.metadata });

interface StoredEvent {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
}

const toRecorded = (e: StoredEvent, position: bigint): RecordedEvent => ({
  id: e.id,
  streamId: e.streamId,
  revision: e.revision,
  // Stream reads from servers older than 22.6 carry no position; -1n says "unknown".
  position: position === NO_POSITION ? -1n : position,
  type: e.type,
  data: e.data,
  metadata: e.metadata as EventMetadata,
});

const isSystem = (e: { type: string; streamId: string }): boolean => e.type.startsWith('$') || e.streamId.startsWith('$');

const errorType = (error: unknown): unknown => (error as { type?: unknown } | null)?.type;

const isStreamNotFound = (error: unknown): boolean => errorType(error) === ErrorType.STREAM_NOT_FOUND;

/** gRPC status codes that mean "the server is not there or not answering": CANCELLED, DEADLINE_EXCEEDED, UNAVAILABLE. */
const UNAVAILABLE_GRPC_CODES = new Set([1, 4, 14]);

const isUnavailable = (error: unknown): boolean => {
  const type = errorType(error);
  if (
    type === ErrorType.UNAVAILABLE ||
    type === ErrorType.DEADLINE_EXCEEDED ||
    type === ErrorType.TIMEOUT ||
    type === ErrorType.CANCELLED ||
    type === ErrorType.NOT_LEADER
  ) {
    return true;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code);
};

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
