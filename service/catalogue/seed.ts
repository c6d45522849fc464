import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../platform/eventstore/port.js';
import { WrongExpectedRevisionError } from '../../platform/eventstore/port.js';
import { programStream, workshopStream } from '../../contracts/catalogue/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { SEED_PROGRAMS } from './seed-programs.js';
import { SEED_WORKSHOPS } from './seed-workshops.js';

/** The order programs are listed in, as the public-site specification's table gives them. */
const LISTING_ORDER = ['1', '7', '3', '4', '5', '6', '9', '10', '2'];

/**
 * Writes the catalogue on the first start only. Each program and workshop stream is created with
 * expected revision "no stream", so a second start (or a concurrent one) appends nothing, and a
 * program the administrator later removed is not brought back.
 */
export async function seedCatalogue(store: EventStore, at: Date): Promise<{ appended: number }> {
  const metadata = (): EventMetadata => {
    const id = randomUUID();
    return { correlationId: `seed-${id}`, causationId: `seed-${id}`, actor: 'system', at: at.toISOString() };
  };
  const writes: [string, NewEvent][] = [
    ...[...SEED_PROGRAMS]
      .sort((a, b) => LISTING_ORDER.indexOf(a.id) - LISTING_ORDER.indexOf(b.id))
      .map((program): [string, NewEvent] => [
        programStream(program.id),
        { id: randomUUID(), type: 'ProgramPublished', data: { program }, metadata: metadata() },
      ]),
    ...SEED_WORKSHOPS.map((workshop): [string, NewEvent] => [
      workshopStream(workshop.id),
      { id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata: metadata() },
    ]),
  ];
  let appended = 0;
  for (const [stream, event] of writes) {
    try {
      await store.append(stream, [event], 'no_stream');
      appended++;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
    }
  }
  return { appended };
}
