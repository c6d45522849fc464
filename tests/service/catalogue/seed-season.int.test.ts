import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { eventSchemas } from '../../../contracts/events.js';
import { seedCatalogue } from '../../../service/catalogue/seed.js';
import { CATALOGUE_SEED_STREAM, workshopStream } from '../../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { FaultyEventStore } from '../../support/faults.js';

// The seed's shift is chosen once, at the first write, and every later start uses it.

const store = () => validatingEventStore(new MemoryEventStore(), eventSchemas);
const NOV_2026 = new Date('2026-11-23T11:34:00Z');
const MAY_2027 = new Date('2027-05-20T12:00:00Z'); // the moved season starts June 5, 2027
const JULY_2027 = new Date('2027-07-01T12:00:00Z');

/** The specification's ten workshops and the five courses of the school's programs. */
const SEEDED = 15;

async function seededDates(events: EventStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (let id = 1; id <= SEEDED; id++) {
    const first = (await events.readStream(workshopStream(String(id))))[0];
    if (first?.type === 'WorkshopScheduled') out[id] = (first.data as { workshop: WorkshopData }).workshop.date;
  }
  return out;
}

describe('seeding the season', () => {
  it('given a first start in November 2026, when the server starts again months later, then nothing is appended and the dates stay', async () => {
    const events = store();
    const first = await seedCatalogue(events, NOV_2026);
    expect(first.appended).toBe(9 + 1 + 4 + SEEDED); // programs, the season record, Plano and its three rooms, workshops
    const dates = await seededDates(events);
    expect(dates['4']).toBe('2027-06-05T12:30:00-05:00');
    const head = await events.headPosition();

    expect((await seedCatalogue(events, MAY_2027)).appended).toBe(0);
    expect(await events.headPosition()).toBe(head);
    expect(await seededDates(events)).toEqual(dates);
    const [season] = await events.readStream(CATALOGUE_SEED_STREAM);
    expect(season?.data).toEqual({ dates: 'season', weeks: 104, chosenAt: NOV_2026.toISOString() });
  });

  it('given a first start cut off after four workshops, when it starts again weeks later, then the missing eleven get the same shift', async () => {
    const inner = store();
    const faulty = new FaultyEventStore(inner);
    faulty.failAppends({ match: (s) => /^workshop-([5-9]|1[0-5])$/.test(s), when: 'before', times: Infinity });
    await expect(seedCatalogue(faulty, NOV_2026)).rejects.toThrow(/injected/);
    expect(Object.keys(await seededDates(inner))).toEqual(['1', '2', '3', '4']);

    // Seven months later "now" is past 2027's season start; recomputing would move to 2028.
    const resumed = await seedCatalogue(inner, MAY_2027);
    expect(resumed.appended).toBe(SEEDED - 4);
    const all = await seededDates(inner);
    expect(Object.keys(all)).toHaveLength(SEEDED);
    for (const date of Object.values(all)) expect(date.startsWith('2027-')).toBe(true);
  });

  it('given a catalogue written before the courses, when it starts again, then the five courses are added with the recorded shift and nothing is duplicated', async () => {
    const inner = store();
    const faulty = new FaultyEventStore(inner);
    // The earlier version wrote the ten workshops only.
    faulty.failAppends({ match: (s) => /^workshop-1[1-5]$/.test(s), when: 'before', times: Infinity });
    await expect(seedCatalogue(faulty, NOV_2026)).rejects.toThrow(/injected/);
    const before = await seededDates(inner);
    expect(Object.keys(before)).toHaveLength(10);

    const again = await seedCatalogue(inner, JULY_2027);
    expect(again.appended).toBe(5);
    const after = await seededDates(inner);
    expect(Object.keys(after)).toHaveLength(SEEDED);
    // The recorded season (2027), not the one July 2027 would choose (2028).
    expect(after['11']).toBe('2027-07-31T10:00:00-05:00');
    expect(Object.fromEntries(Object.entries(after).filter(([id]) => Number(id) <= 10))).toEqual(before);
    expect((await seedCatalogue(inner, JULY_2027)).appended).toBe(0);
  });

  it('given SEED_DATES=specification, when seeded in 2026, then the 2025 dates are kept', async () => {
    const events = store();
    await seedCatalogue(events, NOV_2026, { dates: 'specification' });
    expect((await seededDates(events))['6']).toBe('2025-07-19T19:00:00-05:00');
    expect((await events.readStream(CATALOGUE_SEED_STREAM))[0]?.data).toMatchObject({
      dates: 'specification',
      weeks: 0,
    });
  });

  it('given two processes seeding at once, then one season is recorded and one set of workshops written', async () => {
    const events = store();
    // Each would choose differently alone (104 and 156 weeks); the first record wins for both.
    const [a, b] = await Promise.all([seedCatalogue(events, NOV_2026), seedCatalogue(events, JULY_2027)]);
    expect(a.appended + b.appended).toBe(9 + 1 + 4 + SEEDED);
    expect(await events.readStream(CATALOGUE_SEED_STREAM)).toHaveLength(1);
    const years = Object.values(await seededDates(events)).map((d) => d.slice(0, 4));
    expect(new Set(years).size).toBe(1);
  });
});
