import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { enrollmentStream, type EnrollmentEvent } from '../contracts/enrollment/events.js';
import { StrictEnrollmentFormSchema } from '../contracts/enrollment/form.js';
import type { Workshop } from '../contracts/catalogue/workshop.js';
import type { RecordedEvent } from '../platform/eventstore/port.js';
import { projectBatch } from '../platform/processor/project-batch.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { rosterProjector } from '../projections/admin/roster.js';
import { readRoster } from '../service/admin/roster-query.js';
import { rosterCsv } from '../service/admin/roster-csv.js';
import { timeIt } from './admin.js';

const ENROLLMENTS = 10_000;
/** Other workshops the 10,000 are spread over; the measured one has 25 families of two: 50 seats. */
const WORKSHOPS = 200;
const TARGET = 'w-target';
const TARGET_FAMILIES = 25;

const child = (name: string, age: number) => ({
  name,
  age,
  grade: '3rd',
  school: 'Hedgcoxe Elementary',
  hasDietaryRestrictions: age % 3 === 0,
  dietaryRestrictions: age % 3 === 0 ? 'Peanut allergy' : '',
  photographyConsent: true,
  allowNameWithPhoto: age % 2 === 0,
  photographyOptOut: false,
});

const form = StrictEnrollmentFormSchema.parse({
  firstName: 'Bench',
  lastName: 'Parent',
  email: 'bench@example.com',
  phone: '2145550100',
  participants: 2,
  participantDetails: [child('Ava Bench', 8), child('Ben Bench', 9)],
  emergencyContact1Name: 'Gran Bench',
  emergencyContact1Phone: '2145550111',
  emergencyContact1Relationship: 'Grandmother',
  emergencyContact2Name: 'Uncle Bench',
  emergencyContact2Phone: '2145550112',
  emergencyContact2Relationship: 'Uncle',
  agreeToTerms: true,
  agreeToCodeOfConduct: true,
});

const workshop: Workshop = {
  id: TARGET,
  title: 'Little Ladies & Gentlemen',
  description: 'Bench workshop.',
  date: '2025-06-07T10:00:00-05:00',
  sessions: [{ startsAt: '2025-06-07T10:00:00-05:00', endsAt: '2025-06-07T11:30:00-05:00' }],
  time: '10:00 AM - 11:30 AM',
  location: 'Legacy Commons, Plano',
  instructor: 'Margaret Ellison',
  duration: '90 minutes',
  category: 'children',
  price: 0,
  capacity: 50,
  seatsTaken: 50,
  spotsLeft: 0,
};

/** Enrollment i: submitted and confirmed, in the target workshop for the first 25, else one of the others. */
function eventsOf(i: number, position: number, target = TARGET): RecordedEvent[] {
  const id = randomUUID();
  const workshopId = i < TARGET_FAMILIES ? target : `w-${i % WORKSHOPS}`;
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  const events: EnrollmentEvent[] = [
    {
      type: 'EnrollmentSubmitted',
      data: {
        enrollmentId: id,
        workshopId,
        programId: null,
        form,
        item: {
          kind: 'workshop',
          id: workshopId,
          title: workshop.title,
          date: workshop.date,
          time: workshop.time,
          location: workshop.location,
          instructor: workshop.instructor,
          duration: workshop.duration,
          category: 'children',
          attire: '',
          unitPriceCents: 0,
        },
        participants: 2,
        attendees: ['Ava Bench', 'Ben Bench'],
        subtotalCents: 0,
        taxCents: 0,
        amountCents: 0,
        currency: 'usd',
        isFree: true,
        holdExpiresAt: null,
        test: false,
        submittedAt: at,
      },
    },
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: id,
        orderId: `FREE-${id}`,
        orderReference: 'GL-000001',
        paymentMethod: 'Free Enrollment',
        amountCents: 0,
        paymentIntentId: null,
        confirmedAt: at,
      },
    },
  ];
  return events.map((e, k) => ({
    ...e,
    id: randomUUID(),
    streamId: enrollmentStream(id),
    revision: BigInt(k),
    position: BigInt(position + k),
    metadata: { correlationId: 'b', causationId: 'b', actor: 'visitor', at },
  }));
}

/** 10,000 enrollments through the runner's batch code and the real roster projector into a fresh SQLite read store. */
async function fill(store: SqliteReadStore, doc: Workshop = workshop): Promise<string[]> {
  await store.write([{ kind: 'put', collection: 'schedule', id: doc.id, doc, position: 0n }]);
  let position = 1;
  let batch: RecordedEvent[] = [];
  const targets: string[] = [];
  for (let i = 0; i < ENROLLMENTS; i++) {
    const events = eventsOf(i, position, doc.id);
    if (i < TARGET_FAMILIES) targets.push(events[0]!.streamId.slice('enrollment-'.length));
    position += events.length;
    batch.push(...events);
    if (batch.length >= 1000 || i === ENROLLMENTS - 1) {
      await store.write(await projectBatch(rosterProjector, batch, store));
      batch = [];
    }
  }
  return targets;
}

const COURSE = 'w-course';
/** A 20-session weekly course: the measured session is 12, with 10 children absent by notice and 5 make-ups. */
const course: Workshop = {
  ...workshop,
  id: COURSE,
  title: 'Manners & Me (20 weeks)',
  sessions: Array.from({ length: 20 }, (_, k) => {
    const day = new Date(Date.UTC(2025, 5, 7 + 7 * k)).toISOString().slice(0, 10);
    return { startsAt: `${day}T10:00:00-05:00`, endsAt: `${day}T11:30:00-05:00` };
  }),
};

/** The roster of one session of a 20-session course among 10,000 enrollments, with absences and make-ups in it. */
async function benchCourseRoster(store: SqliteReadStore): Promise<Record<string, string>> {
  const families = await fill(store, course);
  const others = families.slice(0, 5).map((_, k) => `w-${k}`);
  let position = 10 * ENROLLMENTS;
  const seat = (type: 'AbsenceReported' | 'MakeupSeatTaken', data: Record<string, unknown>) =>
    ({
      id: randomUUID(),
      type,
      data,
      streamId: `workshop-${COURSE}`,
      revision: BigInt(position),
      position: BigInt(position++),
      metadata: { correlationId: 'b', causationId: 'b', actor: 'visitor', at: new Date().toISOString() },
    }) as RecordedEvent;
  const events = [
    ...families.slice(0, 10).map((enrollmentId, k) =>
      seat('AbsenceReported', {
        workshopId: COURSE,
        enrollmentId,
        session: 12,
        participant: k % 2,
        creditId: `c-${k}`,
        validUntil: '2025-12-31T00:00:00Z',
        reportedAt: '2025-06-01T00:00:00Z',
      }),
    ),
    ...others.map((_, k) =>
      seat('MakeupSeatTaken', {
        workshopId: COURSE,
        creditId: `m-${k}`,
        session: 12,
        enrollmentId: families[20 + k],
        participant: 0,
      }),
    ),
  ];
  await store.write(await projectBatch(rosterProjector, events, store));
  const now = new Date('2025-06-01T00:00:00Z');
  const first = await readRoster(store, COURSE, { session: 12, now });
  if (first?.rows.filter((r) => r.absence === 'notified').length !== 10)
    throw new Error('the absences are not on the roster');
  const timed = await timeIt(() => readRoster(store, COURSE, { session: 12, now }));
  return {
    'roster of session 12 of a 20-session course, 10,000 enrollments (p50 / p99 ms)': `${timed.p50} / ${timed.p99}`,
  };
}

/** The roster of a 50-seat workshop among 10,000 enrollments on the SQLite read store. */
export async function benchRoster(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-roster-'));
  const store = new SqliteReadStore(join(dir, 'read.db'));
  try {
    await fill(store);
    const first = await readRoster(store, TARGET, { now: new Date() });
    if (first?.rows.length !== 2 * TARGET_FAMILIES) throw new Error(`roster has ${first?.rows.length} rows, not 50`);
    const json = await timeIt(() => readRoster(store, TARGET, { now: new Date() }));
    const csv = await timeIt(async () => rosterCsv([(await readRoster(store, TARGET, { now: new Date() }))!]));
    return {
      'roster of a 50-seat workshop, 10,000 enrollments (p50 / p99 ms)': `${json.p50} / ${json.p99}`,
      'roster CSV of the same (p50 / p99 ms)': `${csv.p50} / ${csv.p99}`,
      ...(await benchCourseRoster(store)),
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchRoster();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
