import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../platform/eventstore/port.js';
import { WrongExpectedRevisionError } from '../../platform/eventstore/port.js';
import {
  CATALOGUE_SEED_STREAM,
  SeedSeasonChosenSchema,
  programStream,
  workshopStream,
} from '../../contracts/catalogue/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { SEED_PROGRAMS } from './seed-programs.js';
import { SPECIFICATION_DATES, seedWorkshops } from './seed-workshops.js';
import { seasonShiftWeeks } from './season.js';
import { locationStream } from '../../contracts/locations/events.js';
import { PLANO_LOCATION_ID, plano } from '../locations/seed-location.js';

/** The order programs are listed in, as the public-site specification's table gives them. */
const LISTING_ORDER = ['1', '7', '3', '4', '5', '6', '9', '10', '2'];

/**
 * `season` (the default) moves the specifications' workshops to the next season that has not
 * begun; `specification` keeps their 2025 dates (SEED_DATES in the configuration).
 */
export type SeedDates = 'season' | 'specification';

export interface SeedOptions {
  dates?: SeedDates;
}

/**
 * Writes the catalogue on the first start only. Each program and workshop stream is created with
 * expected revision "no stream", so a second start (or a concurrent one) appends nothing, and a
 * program the administrator later removed is not brought back. The workshops' shift is chosen once,
 * at the first start, and recorded (SeedSeasonChosen on `catalogue-seed`), so a start that finishes
 * an interrupted seed, even weeks later, moves the missing workshops by the same weeks.
 */
export async function seedCatalogue(
  store: EventStore,
  at: Date,
  options: SeedOptions = {},
): Promise<{ appended: number }> {
  const metadata = (): EventMetadata => {
    const id = randomUUID();
    return { correlationId: `seed-${id}`, causationId: `seed-${id}`, actor: 'system', at: at.toISOString() };
  };
  let appended = 0;
  const write = async (stream: string, event: NewEvent): Promise<boolean> => {
    try {
      await store.append(stream, [event], 'no_stream');
      appended++;
      return true;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      return false;
    }
  };

  // The school's first location and its rooms (issue 41), which the seeded workshops are held at.
  const location = plano(at.toISOString());
  await store
    .append(
      locationStream(PLANO_LOCATION_ID),
      [
        { id: randomUUID(), type: 'LocationOpened', data: location.opened, metadata: metadata() },
        ...location.rooms.map((data) => ({ id: randomUUID(), type: 'RoomAdded', data, metadata: metadata() })),
      ],
      'no_stream',
    )
    .then(
      () => void (appended += 1 + location.rooms.length),
      (err: unknown) => {
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
      },
    );

  const programs = [...SEED_PROGRAMS].sort((a, b) => LISTING_ORDER.indexOf(a.id) - LISTING_ORDER.indexOf(b.id));
  for (const program of programs) {
    await write(programStream(program.id), {
      id: randomUUID(),
      type: 'ProgramPublished',
      data: { program },
      metadata: metadata(),
    });
  }

  const weeks = await chooseSeason(store, at, options.dates ?? 'season', (event) =>
    write(CATALOGUE_SEED_STREAM, { ...event, metadata: metadata() }),
  );
  for (const workshop of seedWorkshops(weeks)) {
    await write(workshopStream(workshop.id), {
      id: randomUUID(),
      type: 'WorkshopScheduled',
      data: { workshop },
      metadata: metadata(),
    });
  }
  return { appended };
}

/** The recorded shift, or (first start) the one worked out now and recorded; a concurrent start's record wins. */
async function chooseSeason(
  store: EventStore,
  at: Date,
  dates: SeedDates,
  record: (event: Omit<NewEvent, 'metadata'>) => Promise<boolean>,
): Promise<number> {
  const recorded = async () => {
    const first = (await store.readStream(CATALOGUE_SEED_STREAM))[0];
    return first?.type === 'SeedSeasonChosen' ? SeedSeasonChosenSchema.parse(first.data).weeks : null;
  };
  const known = await recorded();
  if (known !== null) return known;
  const weeks = dates === 'specification' ? 0 : seasonShiftWeeks(Object.values(SPECIFICATION_DATES), at);
  const data = { dates, weeks, chosenAt: at.toISOString() };
  if (await record({ id: randomUUID(), type: 'SeedSeasonChosen', data })) return weeks;
  return (await recorded()) ?? weeks;
}
