import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eventSchemas } from '../contracts/events.js';
import { StrictEnrollmentFormSchema } from '../contracts/enrollment/form.js';
import { privacyRegistry } from '../contracts/privacy/registry.js';
import { encryptingEventStore } from '../platform/eventstore/encrypting.js';
import type { EventStore } from '../platform/eventstore/port.js';
import { SqliteEventStore } from '../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../platform/eventstore/validating.js';
import { CachedKeyStore } from '../platform/keystore/cached.js';
import { SqliteKeyStore } from '../platform/keystore/sqlite.js';
import { rebuildProjection } from '../platform/processor/rebuild.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { enrollmentsProjector } from '../projections/admin/enrollments.js';
import { createPseudonyms } from '../service/core/pseudonyms.js';

const APPENDS = 3000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const WRITERS = 32;
const REBUILD_EVENTS = 20_000;
const metadata = {
  correlationId: 'bench',
  causationId: 'bench',
  actor: 'visitor' as const,
  at: new Date().toISOString(),
};

/** A children's-class submission of one family (two children, an allergy, two emergency contacts): every personal field filled. */
function submission(enrollmentId: string, family: number) {
  const form = StrictEnrollmentFormSchema.parse({
    firstName: 'Parent',
    lastName: `Family${family}`,
    email: `family-${family}@example.com`,
    phone: '9725550100',
    participants: 2,
    agreeToTerms: true,
    agreeToCodeOfConduct: true,
    specialRequirements: 'A seat near the door, please',
    emergencyContact1Name: 'Grandmother One',
    emergencyContact1Phone: '9725550101',
    emergencyContact1Relationship: 'Grandmother',
    emergencyContact2Name: 'Uncle Two',
    emergencyContact2Phone: '9725550102',
    emergencyContact2Relationship: 'Uncle',
    participantDetails: [
      {
        name: `Child A${family}`,
        age: 9,
        grade: '4th',
        school: 'Elementary',
        hasDietaryRestrictions: true,
        dietaryRestrictions: 'Tree nuts',
      },
      { name: `Child B${family}`, age: 7, grade: '2nd', school: 'Elementary' },
    ],
  });
  return {
    enrollmentId,
    workshopId: '8',
    programId: null,
    form,
    item: {
      kind: 'workshop' as const,
      id: '8',
      title: 'Children',
      date: '2025-09-20T10:00:00-05:00',
      time: '10:00 AM - 12:00 PM',
      location: 'Plano',
      instructor: 'M',
      duration: '2 hours',
      category: 'children',
      attire: '',
      unitPriceCents: 15_000,
    },
    participants: 2,
    attendees: [`Child A${family}`, `Child B${family}`],
    subtotalCents: 30_000,
    taxCents: 0,
    amountCents: 30_000,
    currency: 'usd' as const,
    isFree: false,
    holdExpiresAt: '2025-06-01T15:30:00.000Z',
    test: false,
    submittedAt: '2025-06-01T15:00:00.000Z',
  };
}

async function stores(encrypted: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-privacy-'));
  const raw = new SqliteEventStore(join(dir, 'events.db'));
  const keys = new CachedKeyStore(new SqliteKeyStore(join(dir, 'keys.db')));
  const pseudonyms = createPseudonyms('bench-pseudonym-secret');
  const inner: EventStore = encrypted
    ? encryptingEventStore(raw, { registry: privacyRegistry, keys, subjectOfEmail: (e) => pseudonyms.email(e) })
    : raw;
  const events = validatingEventStore(inner, eventSchemas);
  return {
    dir,
    events,
    async close() {
      await events.close();
      await keys.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Appends/s of one submission each, `WRITERS` at once; `families` distinct families (each a key of its own to make). */
async function appendRate(encrypted: boolean, families: number): Promise<number> {
  const s = await stores(encrypted);
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < APPENDS) {
          const i = next++;
          const id = randomUUID();
          await s.events.append(
            `enrollment-${id}`,
            [{ id: randomUUID(), type: 'EnrollmentSubmitted', data: submission(id, i % families), metadata }],
            'no_stream',
          );
        }
      }),
    );
    return Math.round((APPENDS / (performance.now() - started)) * 1000);
  } finally {
    await s.close();
  }
}

/** Events/s of a rebuild of the enrollments read model over `REBUILD_EVENTS` submissions of 1,000 families. */
async function rebuildRate(encrypted: boolean): Promise<number> {
  const s = await stores(encrypted);
  const readStore = new SqliteReadStore(join(s.dir, 'read.db'));
  try {
    for (let i = 0; i < REBUILD_EVENTS; i += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, j) => {
          const id = randomUUID();
          return s.events.append(
            `enrollment-${id}`,
            [{ id: randomUUID(), type: 'EnrollmentSubmitted', data: submission(id, (i + j) % 1000), metadata }],
            'no_stream',
          );
        }),
      );
    // Three rebuilds, their median: the machine is shared, and a neighbour's burst is not this code's cost.
    const rates: number[] = [];
    for (let round = 0; round < 3; round++) {
      await readStore.reset(`${enrollmentsProjector.name}__rebuild`, [`${enrollmentsProjector.collection}__rebuild`]);
      const rebuilt = await rebuildProjection(enrollmentsProjector, { eventStore: s.events, readStore });
      rates.push(Math.round((rebuilt.events / rebuilt.ms) * 1000));
    }
    return median(rates);
  } finally {
    await readStore.close();
    await s.close();
  }
}

/**
 * Personal fields encrypted per family (AES-256-GCM, keys in SQLite) against the same work in
 * clear: appends of a full children's-class submission (32 writers; each to a new family, or to
 * 100 returning ones whose identity keys are cached: every booking still makes its own safety
 * key), and a rebuild of the enrollments read model reading them back. Both sides validate every
 * event, as the service does. Each path runs once before it is counted; the figures are medians
 * of three rounds.
 */
export async function benchPrivacy(): Promise<Record<string, string | number>> {
  // Each path run once first, not counted: compiled, as in a service that has been up.
  await appendRate(false, APPENDS);
  await appendRate(true, APPENDS);
  // Three rounds, the three kinds of append side by side in each, so a neighbour's burst falls on all alike.
  const clear: number[] = [];
  const fresh: number[] = [];
  const back: number[] = [];
  for (let round = 0; round < 3; round++) {
    clear.push(await appendRate(false, APPENDS));
    fresh.push(await appendRate(true, APPENDS));
    back.push(await appendRate(true, 100));
  }
  const [plainAppends, newFamilies, returning] = [clear, fresh, back].map(median) as [number, number, number];
  const plainRebuild = await rebuildRate(false);
  const sealedRebuild = await rebuildRate(true);
  const pct = (on: number, off: number) => `${Math.round(((on - off) / off) * 100)} %`;
  const rounds = (xs: number[]) => `${median(xs)} (rounds: ${xs.join(', ')})`;
  return {
    'appends/s, clear, median': rounds(clear),
    'appends/s, encrypted, a new family each, median': rounds(fresh),
    'appends/s, encrypted, 100 returning families, median': rounds(back),
    'appends: encrypted vs clear (new / returning)': `${pct(newFamilies, plainAppends)} / ${pct(returning, plainAppends)}`,
    'rebuild events/s, clear (median of 3)': plainRebuild,
    'rebuild events/s, encrypted (median of 3)': sealedRebuild,
    'rebuild: encrypted vs clear': pct(sealedRebuild, plainRebuild),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchPrivacy();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
