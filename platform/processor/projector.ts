import type { RecordedEvent } from '../eventstore/port.js';
import type { DocValue, IndexSpec } from '../readstore/port.js';

/**
 * A projector is a pure function from (document or nothing, event) to a document change.
 * The runner loads the documents named by `keys`, calls `project`, and writes the result guarded
 * by the event's position.
 */
export interface Projector<D extends DocValue = DocValue> {
  /** Projection name (also its checkpoint name). */
  name: string;
  /** The read-model collection it writes. */
  collection: string;
  /**
   * The indexes the queries on its collection need (filters first, then sorts, as the queries use
   * them). The runner ensures them on the live collection, a rebuild on the shadow before it is
   * swapped in. Lookups by id need none.
   */
  indexes?: readonly IndexSpec[];
  /** Event types it reacts to; other events only move its checkpoint. */
  eventTypes: readonly string[];
  /** Ids of the documents the event changes. */
  keys(event: RecordedEvent): string[];
  /** The new document, `null` to delete it, or `undefined` for no change. */
  project(doc: D | null, event: RecordedEvent, id: string): D | null | undefined;
}
