import type { ReadStore } from '../../platform/readstore/port.js';
import type { Logger } from '../../platform/log.js';

/** Not a projection: written by the admin gate, read by the administrators list. */
export const LAST_USED_COLLECTION = 'administrator-last-used';
/** At most one write per administrator per process in this time. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface LastUsedDoc extends Record<string, unknown> {
  id: string;
  lastUsedAt: string;
}

/**
 * "Last used" is a fact nobody audits and every admin request would otherwise record: an event per
 * request would flood the store. So it is a read-store document, touched at most once a minute per
 * administrator and process. The document's guard position is the time in ms, so a late write from
 * a slower process never moves it back. A failed touch is logged, never fails the request.
 */
export class LastUsedTracker {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {}

  async touch(administratorId: string): Promise<void> {
    const at = this.now();
    const last = this.written.get(administratorId);
    if (last !== undefined && at.getTime() - last < LAST_USED_RESOLUTION_MS) return;
    this.written.set(administratorId, at.getTime());
    const doc: LastUsedDoc = { id: administratorId, lastUsedAt: at.toISOString() };
    try {
      await this.readStore.write([
        { kind: 'put', collection: LAST_USED_COLLECTION, id: administratorId, doc, position: BigInt(at.getTime()) },
      ]);
    } catch (error) {
      this.written.delete(administratorId);
      this.log.warn('administrator last-used not recorded', { administratorId, error: String(error) });
    }
  }
}
