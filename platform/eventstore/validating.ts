import { z } from 'zod';
import { type EventMetadata, EventMetadataSchema } from '../../contracts/core/events.js';
import type { EventStore, NewEvent, RecordedEvent } from './port.js';

/** An event's data or metadata does not match its schema, or its type has no schema. Nothing was appended. */
export class EventValidationError extends Error {
  readonly code = 'invalid_event';
  constructor(message: string) {
    super(message);
    this.name = 'EventValidationError';
  }
}

/**
 * Wraps an event store so that only events matching `schemas[type]` (data) and EventMetadataSchema
 * (metadata) are appended, and stored events are checked again when read.
 *
 * The data is stored as given (the schema's input shape) and read back as the schema's output, so a
 * field added later with `.default(...)` fills in on old events. A bad stored event makes the read
 * throw: a projection must stop on it rather than silently skip a fact.
 */
export function validatingEventStore(inner: EventStore, schemas: Record<string, z.ZodType>): EventStore {
  const checkNew = (streamId: string, e: NewEvent, index: number): void => {
    const where = `event #${index} (${e.type}) appended to ${streamId}`;
    const schema = Object.hasOwn(schemas, e.type) ? schemas[e.type] : undefined;
    if (!schema)
      throw new EventValidationError(`Unknown event type "${e.type}" in ${where}: no schema is registered for it`);
    const data = schema.safeParse(e.data);
    if (!data.success) throw new EventValidationError(`Invalid data in ${where}:\n${z.prettifyError(data.error)}`);
    const metadata = EventMetadataSchema.safeParse(e.metadata);
    if (!metadata.success)
      throw new EventValidationError(`Invalid metadata in ${where}:\n${z.prettifyError(metadata.error)}`);
  };

  const checkStored = (e: RecordedEvent): RecordedEvent => {
    const where = `stored event ${e.streamId}@${e.revision} (${e.type}, position ${e.position})`;
    const schema = Object.hasOwn(schemas, e.type) ? schemas[e.type] : undefined;
    if (!schema) throw new EventValidationError(`Unknown event type in ${where}: no schema is registered for it`);
    const data = schema.safeParse(e.data);
    if (!data.success) throw new EventValidationError(`Invalid data in ${where}:\n${z.prettifyError(data.error)}`);
    const metadata = EventMetadataSchema.safeParse(e.metadata);
    if (!metadata.success)
      throw new EventValidationError(`Invalid metadata in ${where}:\n${z.prettifyError(metadata.error)}`);
    return { ...e, data: data.data, metadata: metadata.data satisfies EventMetadata };
  };

  return {
    async append(streamId, events, expected) {
      events.forEach((e, i) => checkNew(streamId, e, i));
      return inner.append(streamId, events, expected);
    },
    async readStream(streamId, options) {
      return (await inner.readStream(streamId, options)).map(checkStored);
    },
    async readAll(options) {
      return (await inner.readAll(options)).map(checkStored);
    },
    headPosition: () => inner.headPosition(),
    onAppended: (listener) => inner.onAppended(listener),
    close: () => inner.close(),
  };
}
