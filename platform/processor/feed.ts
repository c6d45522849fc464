import type { EventStore, RecordedEvent } from '../eventstore/port.js';

/**
 * Reads of the global feed by their `after`, shared by the processors of one runner at the same
 * checkpoint (usually all of them): one read and one validation of each event instead of one per
 * processor. A read is reused while nothing was appended since it began (the answer would be the
 * same), or once it has returned events (a prefix of the feed stays a prefix: the processor reads
 * on from its end at once), and never for longer than 100 ms.
 */
export class SharedFeed {
  /** Bumped on every append notification, so a notification during a read is not lost. */
  appendSeq = 0;
  private readonly recent = new Map<
    bigint,
    { seq: number; at: number; nonEmpty: boolean; events: Promise<RecordedEvent[]> }
  >();

  constructor(
    private readonly eventStore: EventStore,
    private readonly batchSize: number,
  ) {}

  appended(): void {
    this.appendSeq++;
  }

  read(after: bigint): Promise<RecordedEvent[]> {
    const now = performance.now();
    const hit = this.recent.get(after);
    if (hit && now - hit.at < 100 && (hit.nonEmpty || hit.seq === this.appendSeq)) return hit.events;
    const entry = {
      seq: this.appendSeq,
      at: now,
      nonEmpty: false,
      events: this.eventStore.readAll({ after, limit: this.batchSize }),
    };
    this.recent.set(after, entry);
    entry.events.then(
      (events) => (entry.nonEmpty = events.length > 0),
      () => this.recent.delete(after),
    );
    if (this.recent.size > 64) {
      for (const [key, e] of this.recent) if (now - e.at >= 100) this.recent.delete(key);
    }
    return entry.events;
  }
}
