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
import type { Readable } from 'node:stream';
import type { EventMetadata } from '../../contracts/core/events.js';
import { checkExpected } from './expected.js';
import {
  type AppendResult,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type NewEvent,
  type EventRewrite,
  type ReadAllOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
  type ReadStreamOptions,
} from './port.js';
import { randomUUID } from 'node:crypto';

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
 * Time limits. Client 6.2.1 gives reads and subscriptions no deadline (it sends Infinity), and asks
 * the server for its features, without a deadline, before the first append of every client. So:
 * - a read fails with EventStoreUnavailableError when the server sends nothing for `timeoutMs`; the
 *   timer restarts at every event, so a long read that keeps flowing is never cut, and a read that
 *   stalls is never returned shortened;
 * - an append fails after `timeoutMs` without an answer; after `reconnectAfterTimeouts` time-outs in
 *   a row the client is replaced, which drops a server-features call that will never answer (the old
 *   client's stalled call keeps at most its one connection until the server answers or closes it).
 *
 * Lost answers. An append whose answer is lost (time-out, connection dropped, leader change) may
 * have been written. It is sent again, once by default, with the same event ids and the same expected
 * revision. EventStoreDB then checks the events at expected revision + 1… of the stream: when their
 * ids are ours it answers success with their position (IndexWriter.CheckCommit, "Idempotent"), so
 * the retry never writes twice. That check reads the stream itself, so it holds across restarts and
 * leader changes, for as long as those events are still in the stream (not deleted, truncated or
 * scavenged by $maxAge/$maxCount). With 'any' or 'stream_exists' the server only consults a bounded
 * in-memory cache of recent event ids, lost on restart, so such appends are not retried here.
 */

/** The largest uint64: what a server without positions on stream reads (< 22.6) sends instead. */
const NO_POSITION = 18446744073709551615n;

export interface EsdbOptions {
  /** How long to wait for the server's next answer (an append's result, a read's next event), in ms. Default 5000. */
  timeoutMs?: number;
  /** Tries for an append with an exact expected revision or 'no_stream' whose answer is lost (default 2). */
  appendAttempts?: number;
  /** Append time-outs in a row after which the client is replaced (default 2). */
  reconnectAfterTimeouts?: number;
  /** Wait before subscribing again after the subscription ended or failed, in ms (default 1000). */
  resubscribeDelayMs?: number;
}

/**
 * Client 6.2.1 parses only esdb:// and esdb+discover://. KurrentDB's kurrentdb:// and kdb:// (with or
 * without +discover) name the same thing with the same options, so they are rewritten, not refused.
 */
export const toEsdbConnectionString = (url: string): string =>
  url
    .trim()
    .replace(/^(?:kurrentdb|kdb)(\+discover)?:\/\//i, (_, discover: string | undefined) => `esdb${discover ?? ''}://`);

/** Our own time limit ran out: no answer came. */
class NoAnswerError extends EventStoreUnavailableError {}

export class EsdbEventStore implements EventStore {
  private client: EventStoreDBClient;
  private readonly connectionString: string;
  private readonly timeoutMs: number;
  private readonly appendAttempts: number;
  private readonly reconnectAfterTimeouts: number;
  private readonly resubscribeDelayMs: number;
  private appendTimeoutsInARow = 0;
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | undefined;
  /** Commit position of the last event the subscription delivered: where it resumes after a drop. */
  private subscribedUpTo: bigint | undefined;
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private notifyQueued = false;
  private closed = false;

  /** `connectionString` e.g. `esdb://localhost:2113?tls=false` (or kurrentdb://, kdb://). Connects lazily, on the first call. */
  constructor(connectionString: string, options: EsdbOptions = {}) {
    this.connectionString = toEsdbConnectionString(connectionString);
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.appendAttempts = Math.max(1, options.appendAttempts ?? 2);
    this.reconnectAfterTimeouts = Math.max(1, options.reconnectAfterTimeouts ?? 2);
    this.resubscribeDelayMs = options.resubscribeDelayMs ?? 1000;
    this.client = EventStoreDBClient.connectionString(this.connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // The server answers a zero-event append without saying whether the stream exists, so check here.
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const idempotent = typeof expected === 'bigint' || expected === 'no_stream';
    const attempts = idempotent ? this.appendAttempts : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.appendOnce(streamId, events, expected);
        const position = result.position?.commit ?? (await this.headPosition());
        return {
          nextExpectedRevision: result.nextExpectedRevision,
          position: events.length === 1 ? position : await this.lastPositionOf(events, position),
        };
      } catch (error) {
        // Same ids, same expected revision: if the lost attempt was written, the server says so.
        if (!(error instanceof EventStoreUnavailableError) || attempt >= attempts) throw error;
      }
    }
  }

  private async appendOnce(streamId: string, events: NewEvent[], expected: ExpectedRevision) {
    const client = this.client;
    try {
      const result = await this.call('append', () =>
        client.appendToStream(streamId, events.map(toEventData), {
          expectedRevision: toEsdbExpected(expected),
          deadline: this.timeoutMs,
        }),
      );
      this.appendTimeoutsInARow = 0;
      return result;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        this.appendTimeoutsInARow = 0;
        const actual = error.actualVersion;
        // The unary append path reports a missing stream as -1.
        throw new WrongExpectedRevisionError(
          streamId,
          expected,
          actual === 'no_stream' || actual < 0n ? 'no_stream' : actual,
        );
      }
      if (error instanceof NoAnswerError && ++this.appendTimeoutsInARow >= this.reconnectAfterTimeouts)
        this.replaceClient(client);
      throw error;
    }
  }

  /**
   * A fresh client asks the server for its features again and opens a new channel. Appends still
   * waiting on the old client fail by their own time limit and are retried on the new one.
   */
  private replaceClient(stale: EventStoreDBClient): void {
    if (this.closed || this.client !== stale) return;
    this.appendTimeoutsInARow = 0;
    this.client = EventStoreDBClient.connectionString(this.connectionString);
    void stale.dispose().catch(() => {});
    // The subscription ran on the old client; disposing it cancels the call without an 'end'.
    if (this.subscription) this.dropped(this.subscription);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.after === undefined ? START : options.after + 1n;
    try {
      const resolved = await this.collect('readStream', () =>
        this.client.readStream(streamId, { fromRevision, direction: FORWARDS, deadline: this.timeoutMs }),
      );
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event, event.position?.commit ?? NO_POSITION)] : []));
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
  }

  /**
   * KurrentDB's events cannot change: the stream's events are appended again (new ids, the
   * rewritten ones with their new data), then everything before the copies is truncated from the
   * stream (`$tb`), which the server removes from disk at its next scavenge. Until that scavenge the
   * old events still appear in `$all`; see README, "Existing data", for the order of the steps.
   */
  async rewriteEvents(streamId: string, rewrites: EventRewrite[]): Promise<void> {
    const events = await this.readStream(streamId);
    if (events.length === 0) throw new Error(`${streamId} has no events`);
    const replaced = new Map(rewrites.map((r) => [r.revision, r.data]));
    const last = events[events.length - 1]!.revision;
    const copies = events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      data: replaced.has(e.revision) ? replaced.get(e.revision) : e.data,
      metadata: e.metadata,
    }));
    await this.appendOnce(streamId, copies, last);
    await this.call('truncate', () =>
      this.client.setStreamMetadata(streamId, { truncateBefore: Number(last + 1n) }, { deadline: this.timeoutMs }),
    );
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
        this.client.readStream(streamId, {
          fromRevision: END,
          direction: BACKWARDS,
          maxCount: 1,
          deadline: this.timeoutMs,
        }),
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
      for (const { event } of page)
        if (event && ids.has(event.id) && event.position.commit > last) last = event.position.commit;
      return last;
    } catch {
      return reported;
    }
  }

  private readAllPage(
    from: ReadPosition,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<AllStreamResolvedEvent[]> {
    return this.collect('readAll', () =>
      this.client.readAll({ fromPosition: from, maxCount, direction, resolveLinkTos: false, deadline: this.timeoutMs }),
    );
  }

  /**
   * Drains a read into an array. The read fails, cancelled, when the server sends nothing for
   * `timeoutMs`: the timer restarts at every event, so only silence counts, never the read's length.
   */
  private async collect<T>(
    what: string,
    open: () => Readable & AsyncIterable<T> & { cancel(): Promise<void> },
  ): Promise<T[]> {
    this.assertOpen();
    const stream = open();
    // The client may still emit an error after the read is over (a cancel racing a failure); an
    // 'error' without a listener would crash the process.
    stream.on('error', () => {});
    let silence: NoAnswerError | undefined;
    let timer: NodeJS.Timeout | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        silence = new NoAnswerError(`EventStoreDB ${what} sent nothing for ${this.timeoutMs} ms`);
        void stream.cancel().catch(() => {});
        // Cancelling alone does not end the client's stream; destroying it ends the loop below.
        stream.destroy(silence);
      }, this.timeoutMs);
    };
    try {
      restartTimer();
      const out: T[] = [];
      for await (const item of stream) {
        out.push(item);
        restartTimer();
      }
      if (silence) throw silence;
      return out;
    } catch (error) {
      throw silence ?? this.unavailable(what, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs one server call with a time limit; connection-level failures become EventStoreUnavailableError. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    this.assertOpen();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new NoAnswerError(`EventStoreDB ${what} did not answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      throw this.unavailable(what, error);
    } finally {
      clearTimeout(timer);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The EventStoreDB event store is closed');
  }

  private unavailable(what: string, error: unknown): unknown {
    if (error instanceof EventStoreUnavailableError || !isUnavailable(error)) return error;
    return new EventStoreUnavailableError(`EventStoreDB ${what} failed: ${errorMessage(error)}`, { cause: error });
  }

  private subscribe(): void {
    if (this.subscription || this.closed || this.listeners.size === 0) return;
    const from: ReadPosition =
      this.subscribedUpTo === undefined ? END : { commit: this.subscribedUpTo, prepare: this.subscribedUpTo };
    const subscription = this.client.subscribeToAll({
      fromPosition: from,
      filter: excludeSystemEvents({
        // The server reports how far a filtered subscription has looked even when nothing matched.
        checkpointReached: (_, position) => {
          if (this.subscription === subscription) this.subscribedUpTo = position.commit;
        },
      }),
    });
    this.subscription = subscription;
    subscription.on('data', ({ event }: AllStreamResolvedEvent) => {
      if (!event || this.subscription !== subscription) return;
      this.subscribedUpTo = event.position.commit;
      if (!isSystem(event)) this.notify();
    });
    // A server that restarts or closes the call ends the subscription as surely as a network error.
    subscription.on('error', () => this.dropped(subscription));
    subscription.on('end', () => this.dropped(subscription));
    subscription.on('close', () => this.dropped(subscription));
  }

  /**
   * The subscription stopped. It is taken up again from the last position it delivered, and
   * listeners are told to look again at once (events may have come in meanwhile); the projector
   * also polls, so nothing is lost even before the new subscription runs.
   */
  private dropped(subscription: AllStreamSubscription): void {
    if (this.subscription !== subscription) return;
    this.subscription = undefined;
    void subscription.unsubscribe().catch(() => {});
    if (this.closed || this.listeners.size === 0) return;
    this.notify();
    clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = undefined;
      this.subscribe();
      // Resumed from the end (nothing was delivered before the drop): the gap is only seen by looking.
      this.notify();
    }, this.resubscribeDelayMs);
    this.resubscribeTimer.unref();
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
  expected === 'no_stream'
    ? NO_STREAM
    : expected === 'stream_exists'
      ? STREAM_EXISTS
      : expected === 'any'
        ? ANY
        : expected;

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

const isSystem = (e: { type: string; streamId: string }): boolean =>
  e.type.startsWith('$') || e.streamId.startsWith('$');

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
