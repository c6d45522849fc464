import type { EventMetadata } from '../../contracts/core/events.js';

/**
 * What an append expects of the stream:
 * - a bigint: the stream's current revision (the revision of its last event, 0-based);
 * - 'no_stream': the stream must not exist;
 * - 'stream_exists': the stream must have at least one event;
 * - 'any': no check.
 */
export type ExpectedRevision = bigint | 'no_stream' | 'stream_exists' | 'any';

export interface NewEvent {
  /** Unique id of the event (uuid); appending the same id twice to a stream is not deduplicated by every adapter, so callers do not rely on it. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  /** 0-based revision of the event within its stream. */
  revision: bigint;
  /** Position in the global feed; strictly increasing in feed order. */
  position: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event appended. */
  nextExpectedRevision: bigint;
  /** Global position of the last event appended. */
  position: bigint;
}

export interface ReadAllOptions {
  /** Read events whose position is strictly greater than this; omit to read from the start. */
  after?: bigint;
  /** At most this many events (default 1000). */
  limit?: number;
}

export interface ReadStreamOptions {
  /** Read the events whose revision is strictly greater than this. */
  after?: bigint;
}

export interface EventStore {
  /** Appends atomically; resolves only once the events are durable. Throws WrongExpectedRevisionError. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * The events of one stream in order; [] when the stream does not exist. With `after`, only those
   * whose revision is greater (a state known up to that revision caught up with what followed).
   */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The global feed in position order, without system events. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event in the feed, or -1n when the store is empty. */
  headPosition(): Promise<bigint>;
  /** Calls `listener` (without arguments) after new events may have been appended; returns an unsubscribe function. */
  onAppended(listener: () => void): () => void;
  /**
   * Replaces the data of events already in a stream (the privacy migration: plaintext personal
   * fields sealed), and removes the old data from the store: rewritten in place where the store
   * allows it (SQLite, memory: ids, revisions and positions kept); on KurrentDB, whose events are
   * immutable, the stream is deleted and written again with the same events, the rewritten ones
   * with their new data (new ids and positions; the server drops the old ones at its next scavenge).
   */
  rewriteEvents?(streamId: string, rewrites: EventRewrite[]): Promise<void>;
  /** Removes deleted or overwritten data from the files themselves (the embedded store); absent elsewhere. */
  compact?(): Promise<void>;
  close(): Promise<void>;
}

export interface EventRewrite {
  /** The revision of the event in its stream. */
  revision: bigint;
  data: unknown;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'wrong_expected_revision';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The event store could not be reached or refused to work; callers answer 503. */
export class EventStoreUnavailableError extends Error {
  readonly code = 'event_store_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}
