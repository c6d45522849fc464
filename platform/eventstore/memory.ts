import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type EventRewrite,
  type ReadAllOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
  type ReadStreamOptions,
} from './port.js';
import { checkExpected } from './expected.js';

/** In-memory event store for unit tests. Same semantics as the durable adapters. */
export class MemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly listeners = new Set<() => void>();

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    checkExpected(streamId, expected, current);
    if (events.length === 0) {
      return { nextExpectedRevision: current === 'no_stream' ? -1n : current, position: this.headSync() };
    }
    for (const e of events) {
      const recorded: RecordedEvent = {
        id: e.id,
        streamId,
        revision: BigInt(stream.length),
        position: BigInt(this.all.length),
        type: e.type,
        data: structuredClone(e.data),
        metadata: { ...e.metadata },
      };
      stream.push(recorded);
      this.all.push(recorded);
    }
    this.streams.set(streamId, stream);
    queueMicrotask(() => this.listeners.forEach((l) => l()));
    return { nextExpectedRevision: BigInt(stream.length - 1), position: this.headSync() };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const start = options.after === undefined ? 0 : Number(options.after) + 1;
    return (this.streams.get(streamId) ?? []).slice(start).map(clone);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const start = options.after === undefined ? 0 : Number(options.after) + 1;
    return this.all.slice(start, start + (options.limit ?? 1000)).map(clone);
  }

  async headPosition(): Promise<bigint> {
    return this.headSync();
  }

  async rewriteEvents(streamId: string, rewrites: EventRewrite[]): Promise<void> {
    const stream = this.streams.get(streamId) ?? [];
    for (const r of rewrites) {
      const event = stream[Number(r.revision)];
      if (!event) throw new Error(`${streamId} has no event at revision ${r.revision}`);
      // One object sits in both the stream and the feed.
      event.data = structuredClone(r.data);
    }
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private headSync(): bigint {
    return BigInt(this.all.length - 1);
  }
}

const clone = (e: RecordedEvent): RecordedEvent => ({
  ...e,
  data: structuredClone(e.data),
  metadata: { ...e.metadata },
});

export { WrongExpectedRevisionError };
