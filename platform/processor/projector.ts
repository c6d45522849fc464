import type { DomainEvent } from '../../contracts/core/events.js';
import type { RecordedEvent } from '../eventstore/port.js';
import type { DocValue, IndexSpec } from '../readstore/port.js';

/** A recorded event of one of the types of E, its data typed by its type (narrowed by `type`). */
export type RecordedEventOf<E extends DomainEvent> = E extends DomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] }
  : never;

/**
 * A projector is a pure function from (document or nothing, event) to a document change. The
 * runner loads the documents named by `keys`, calls `project`, and writes the result guarded by
 * the event's position.
 */
export interface ProjectorDefinition<E extends DomainEvent, D extends DocValue> {
  /** Projection name (also its checkpoint and lease name). */
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
  eventTypes: readonly E['type'][];
  /** Ids of the documents the event changes. */
  keys(event: RecordedEventOf<E>): string[];
  /** The new document, `null` to delete it, or `undefined` for no change. */
  project(doc: D | null, event: RecordedEventOf<E>, id: string): D | null | undefined;
  /**
   * Documents that sum the others (a per-day rollup, so a report reads the days of its range, not
   * every document): given a document before and after an event changed it, how rollup documents
   * change. Each change of an event is applied once, guarded by the rollup document's position
   * like any other write, so a replay adds nothing twice. Rollup ids never name a document `keys`
   * returns.
   */
  rollups?(before: D | null, after: D | null, id: string): RollupChange<D>[];
}

/** A change to one rollup document: its new value from its current one (null: none yet). */
export interface RollupChange<D extends DocValue> {
  id: string;
  apply(doc: D | null): D;
}

export interface Projector<
  E extends DomainEvent = DomainEvent,
  D extends DocValue = DocValue,
> extends ProjectorDefinition<E, D> {
  /** Whether the event is one of `eventTypes`, and so typed as E. */
  handles(event: RecordedEvent): event is RecordedEventOf<E>;
}

/** Any projector, whatever its events and documents: what the runner, a rebuild and the CLI take. */
export type AnyProjector = Projector<DomainEvent, DocValue>;

/**
 * A projector typed by the events it reads and the documents it writes. Its events reach it only
 * through `handles`, which checks the type against `eventTypes`; the event store validated each
 * event's data against its type's schema when it was read, so the data is what E says it is.
 */
export function defineProjector<E extends DomainEvent, D extends DocValue>(
  definition: ProjectorDefinition<E, D>,
): Projector<E, D> {
  const types = new Set<string>(definition.eventTypes);
  return {
    ...definition,
    handles: (event: RecordedEvent): event is RecordedEventOf<E> => types.has(event.type),
  };
}
