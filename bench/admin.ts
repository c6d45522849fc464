import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { enrollmentStream, type EnrollmentEvent } from '../contracts/enrollment/events.js';
import { BaseEnrollmentFormSchema } from '../contracts/enrollment/form.js';
import { SEED_WORKSHOPS } from '../service/catalogue/seed-workshops.js';
import type { RecordedEventOf } from '../platform/processor/projector.js';
import { enrollmentsProjector } from '../projections/admin/enrollments.js';
import { enrollmentEmailsProjector } from '../projections/admin/enrollment-emails.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import type { WriteOp } from '../platform/readstore/port.js';
import { exportEnrollments, findEnrollments } from '../service/admin/enrollment-queries.js';
import { enrollmentCsv } from '../service/admin/enrollment-csv.js';

const ENROLLMENTS = 10_000;
const RUNS = 300;

const SURNAMES = ['Ellison', 'Whitaker', 'Okafor', 'Nguyen', 'Delgado', 'Fairbanks', 'Lindqvist', 'Moreau'];

/** Each enrollment its own parent, e-mail, phone and child, as the tracker's searches meet them. */
const formOf = (i: number) =>
  BaseEnrollmentFormSchema.parse({
    firstName: 'Parent',
    lastName: `${SURNAMES[i % SURNAMES.length]}${i}`,
    email: `Parent.${i}@Example.com`,
    phone: `(214) 555-${String(i).padStart(4, '0')}`,
    participants: 1,
    participantDetails: [{ name: `Child${i} ${SURNAMES[i % SURNAMES.length]}` }],
    agreeToTerms: true,
  });

/** A submitted enrollment, and for two in three a confirmation: the tracker's usual mix. */
function eventsOf(i: number, position: number): RecordedEventOf<EnrollmentEvent>[] {
  const w = SEED_WORKSHOPS[i % SEED_WORKSHOPS.length]!;
  const id = randomUUID();
  const submitted: EnrollmentEvent = {
    type: 'EnrollmentSubmitted',
    data: {
      enrollmentId: id,
      workshopId: w.id,
      programId: null,
      form: formOf(i),
      item: {
        kind: 'workshop',
        id: w.id,
        title: w.title,
        date: w.date,
        time: w.time,
        location: w.location,
        instructor: w.instructor,
        duration: w.duration,
        category: w.category,
        attire: '',
        unitPriceCents: w.price * 100,
      },
      participants: 1,
      attendees: ['Bench Person'],
      subtotalCents: w.price * 100,
      taxCents: 0,
      amountCents: w.price * 100,
      currency: 'usd',
      isFree: w.price === 0,
      holdExpiresAt: null,
      test: false,
      submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    },
  };
  const events: EnrollmentEvent[] = [submitted];
  if (i % 3 !== 0) {
    events.push({
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: id,
        orderId: `ORD-${id}`,
        orderReference: 'GL-000001',
        paymentMethod: 'Credit Card',
        amountCents: w.price * 100,
        paymentIntentId: 'pi_1',
        confirmedAt: submitted.data.submittedAt,
      },
    });
  }
  return events.map((e, k) => ({
    ...e,
    id: randomUUID(),
    streamId: enrollmentStream(id),
    revision: BigInt(k),
    position: BigInt(position + k),
    metadata: { correlationId: 'b', causationId: 'b', actor: 'visitor', at: submitted.data.submittedAt },
  }));
}

/** Projects 10,000 enrollments with the real projector into a fresh SQLite read store. */
async function fill(store: SqliteReadStore): Promise<void> {
  let position = 0;
  let ops: WriteOp[] = [];
  for (let i = 0; i < ENROLLMENTS; i++) {
    const events = eventsOf(i, position);
    position += events.length;
    const id = enrollmentsProjector.keys(events[0]!)[0]!;
    let doc = null;
    for (const e of events) doc = enrollmentsProjector.project(doc, e, id) ?? doc;
    ops.push({ kind: 'put', collection: 'enrollments', id, doc: doc!, position: events[events.length - 1]!.position });
    // The index by e-mail (one address per enrollment here, as each parent enrolls once).
    for (const key of enrollmentEmailsProjector.keys(events[0]!)) {
      const entry = enrollmentEmailsProjector.project(null, events[0]!, key)!;
      ops.push({ kind: 'put', collection: 'enrollment-emails', id: key, doc: entry, position: events[0]!.position });
    }
    if (ops.length >= 500) {
      await store.write(ops);
      ops = [];
    }
  }
  await store.write(ops);
}

export async function timeIt(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await run(); // warm the statement cache and the page cache
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

/** The tracker's first page (25 rows) over 10,000 enrollments on the SQLite read store; target p99 < 50 ms. */
export async function benchAdmin(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-admin-'));
  const store = new SqliteReadStore(join(dir, 'read.db'));
  try {
    await fill(store);
    const page = { offset: 0, limit: 25 };
    const all = await timeIt(() => findEnrollments(store, {}, page));
    const tab = await timeIt(() => findEnrollments(store, { status: 'pending' }, page));
    const search = await timeIt(() => findEnrollments(store, { q: 'tea party' }, page));
    // A different parent each run, so no answer is cached anywhere but in the store's own pages.
    let n = 0;
    const nextEmail = () => `parent.${(n = (n + 7919) % ENROLLMENTS)}@example.com`;
    const byEmail = await timeIt(() => findEnrollments(store, { q: nextEmail() }, page));
    const lastPage = await timeIt(() => findEnrollments(store, {}, { offset: ENROLLMENTS - 25, limit: 25 }));
    const started = performance.now();
    const records = await exportEnrollments(store, {});
    const csv = enrollmentCsv(records);
    const exportMs = Math.round(performance.now() - started);
    return {
      'tracker first page, all, 10,000 enrollments (p50 / p99 ms)': `${all.p50} / ${all.p99}`,
      'tracker first page, Pending tab (p50 / p99 ms)': `${tab.p50} / ${tab.p99}`,
      'tracker first page, search "tea party" (p50 / p99 ms)': `${search.p50} / ${search.p99}`,
      "tracker first page, search by a parent's e-mail (p50 / p99 ms)": `${byEmail.p50} / ${byEmail.p99}`,
      'tracker last page, all (p50 / p99 ms)': `${lastPage.p50} / ${lastPage.p99}`,
      'CSV export of 10,000 rows (ms, bytes)': `${exportMs}, ${csv.length}`,
      'tracker p99 target (ms)': 50,
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchAdmin();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
