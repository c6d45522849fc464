import type { DomainEvent, EventMetadata } from '../../contracts/core/events.js';
import type { RecordedEvent } from '../eventstore/port.js';
import type { RecordedEventOf } from './projector.js';

export interface ReactorContext {
  /** Metadata for the events the reaction records: caused by this event, in its correlation, by the system. */
  metadata: EventMetadata;
  /**
   * `<reactor>@<position>`: the same at every delivery of this event to this reactor (after a
   * crash, a lost lease or a rewound checkpoint), so an effect keyed by it happens once.
   */
  idempotencyKey: string;
}

/**
 * A reaction to events: a side effect (an e-mail, a call to a provider) or a command, run by the
 * processor runner from the event feed under the reactor's own checkpoint and lease. The
 * checkpoint moves past an event only once `handle` resolved for it, so every event is handled at
 * least once; `handle` makes its effect idempotent (by the event, or by `idempotencyKey`) so that
 * a second delivery changes nothing. A `handle` that throws is retried with growing pauses, and
 * the reactor waits on that event meanwhile (later events keep their order). An event that can
 * never be handled (say, data an effect refuses for good) is the reactor's to log and pass over.
 */
export interface ReactorDefinition<E extends DomainEvent> {
  /** Reactor name: its checkpoint and lease name, distinct from every projection's. */
  name: string;
  /** Event types it reacts to; other events only move its checkpoint. */
  eventTypes: readonly E['type'][];
  handle(event: RecordedEventOf<E>, context: ReactorContext): Promise<void>;
  /**
   * Events of different keys are independent (an enrollment's checkout and another's): the runner
   * may then handle a batch's events side by side, those of one key in feed order, and move the
   * checkpoint once the whole batch is handled. A crash delivers the whole batch again, so `handle`
   * must be idempotent, as it must be anyway. Absent: one event at a time, a checkpoint after each.
   */
  keyOf?: (event: RecordedEventOf<E>) => string;
}

export interface Reactor<E extends DomainEvent = DomainEvent> extends ReactorDefinition<E> {
  /** Whether the event is one of `eventTypes`, and so typed as E. */
  handles(event: RecordedEvent): event is RecordedEventOf<E>;
}

/** Any reactor, whatever its events: what the runner takes. */
export type AnyReactor = Reactor<DomainEvent>;

/** A reactor typed by the events it reacts to (see defineProjector for why the narrowing holds). */
export function defineReactor<E extends DomainEvent>(definition: ReactorDefinition<E>): Reactor<E> {
  const types = new Set<string>(definition.eventTypes);
  return {
    ...definition,
    handles: (event: RecordedEvent): event is RecordedEventOf<E> => types.has(event.type),
  };
}
