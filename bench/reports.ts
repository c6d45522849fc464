import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DomainEvent } from '../contracts/core/events.js';
import { SEED_WORKSHOPS } from '../service/catalogue/seed-workshops.js';
import type { Projector } from '../platform/processor/projector.js';
import { projectBatch } from '../platform/processor/project-batch.js';
import type { RecordedEvent } from '../platform/eventstore/port.js';
import type { DocValue } from '../platform/readstore/port.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { revenueLedgerProjector } from '../projections/reports/revenue-ledger.js';
import { bookingActivityProjector } from '../projections/reports/booking-activity.js';
import { readLedger } from '../service/reports/ledger.js';
import { revenueReport } from '../service/reports/revenue-report.js';
import { liabilitiesReport } from '../service/reports/liabilities-report.js';
import { journalEntries } from '../service/reports/journal.js';
import { journalCsv } from '../service/reports/journal-csv.js';
import { readActivity, readFunnelDays } from '../service/reports/activity.js';
import { funnelReport } from '../service/reports/funnel-report.js';
import { attendanceReport } from '../service/reports/attendance-report.js';
import { instructorsReport } from '../service/reports/instructors-report.js';
import { submitted } from '../tests/support/enrollment-events.js';

const ENROLLMENTS = Number(process.env.BENCH_REPORT_ENROLLMENTS ?? 100_000);
const RUNS = 10;
const YEAR = { from: '2025-01-01', to: '2025-12-31' };

const dayOf = (i: number) => new Date(Date.UTC(2025, 0, 1) + ((i * 365) / ENROLLMENTS) * 86_400_000);

/** One booking of a busy year: a course of one to four weekly sessions, paid by card, most attended, some refunded or lapsed. */
function eventsOf(i: number): { type: string; data: unknown; at: string }[] {
  const w = SEED_WORKSHOPS[i % SEED_WORKSHOPS.length]!;
  const id = `b${i}`;
  const at = dayOf(i);
  const iso = (d: Date) => d.toISOString();
  const sessions = Array.from({ length: 1 + (i % 4) }, (_, k) => {
    const start = new Date(at.getTime() + (14 + 7 * k) * 86_400_000);
    return { startsAt: iso(start), endsAt: iso(new Date(start.getTime() + 3_600_000)) };
  });
  const base = submitted(id);
  const data = base.data as Extract<typeof base, { type: 'EnrollmentSubmitted' }>['data'];
  const events: { type: string; data: unknown; at: string }[] = [
    {
      type: 'EnrollmentSubmitted',
      data: {
        ...data,
        workshopId: w.id,
        item: { ...data.item, id: w.id, category: w.category, sessions },
        submittedAt: iso(at),
        householdId: `h${i % 30_000}`,
      },
      at: iso(at),
    },
  ];
  if (i % 10 === 9) {
    events.push({
      type: 'EnrollmentExpired',
      data: { enrollmentId: id, holdExpiresAt: iso(at), expiredAt: iso(at) },
      at: iso(at),
    });
    return events;
  }
  const cents = 9_000 + (i % 50) * 100;
  events.push(
    {
      type: 'PaymentSucceeded',
      data: {
        enrollmentId: id,
        paymentIntentId: `pi_${id}`,
        amountCents: cents,
        providerEventId: null,
        source: 'webhook',
        succeededAt: iso(at),
      },
      at: iso(at),
    },
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId: id,
        orderId: `ORD-${id}`,
        orderReference: 'GL-000001',
        paymentMethod: 'Credit Card',
        amountCents: cents,
        paymentIntentId: `pi_${id}`,
        confirmedAt: iso(at),
      },
      at: iso(at),
    },
  );
  sessions.forEach((s, k) =>
    events.push({
      type: 'AttendanceMarked',
      data: {
        enrollmentId: id,
        workshopId: w.id,
        participant: 0,
        name: 'Bench Child',
        present: (i + k) % 6 !== 0,
        markedAt: s.startsAt,
        session: k + 1,
      },
      at: s.startsAt,
    }),
  );
  if (i % 25 === 0)
    events.push({
      type: 'RefundIssued',
      data: {
        enrollmentId: id,
        paymentIntentId: `pi_${id}`,
        refundId: `re_${id}`,
        amountCents: cents / 2,
        reason: 'cancelled',
        refundedAt: iso(at),
      },
      at: iso(at),
    });
  return events;
}

const catalogue = (): { streamId: string; type: string; data: unknown; at: string }[] =>
  SEED_WORKSHOPS.map((w) => ({
    streamId: `workshop-${w.id}`,
    type: 'WorkshopScheduled',
    data: { workshop: { ...w, sessions: [{ startsAt: w.date, endsAt: w.date }] } },
    at: '2025-01-01T00:00:00Z',
  }));

/**
 * Each projector over the year's events as the runner does (projectBatch: per key, in order, with
 * its rollups), a few hundred bookings a batch, written to the SQLite read store; the events per
 * second of the projection.
 */
async function build(store: SqliteReadStore, projector: Projector<DomainEvent, DocValue>): Promise<number> {
  const started = performance.now();
  let position = 0;
  let batch: RecordedEvent[] = [];
  let events = 0;
  const recorded = (e: { streamId: string; type: string; data: unknown; at: string }): RecordedEvent => ({
    id: randomUUID(),
    streamId: e.streamId,
    revision: 0n,
    position: BigInt(position++),
    type: e.type,
    data: e.data,
    metadata: { correlationId: 'b', causationId: 'b', actor: 'visitor', at: e.at },
  });
  const flush = async () => {
    events += batch.filter((e) => projector.handles(e)).length;
    await store.write(await projectBatch(projector, batch, store));
    batch = [];
  };
  batch.push(...catalogue().map(recorded));
  for (let i = 0; i < ENROLLMENTS; i++) {
    batch.push(...eventsOf(i).map((e) => recorded({ ...e, streamId: `enrollment-b${i}` })));
    if (batch.length >= 2_000) await flush();
  }
  await flush();
  return Math.round(events / ((performance.now() - started) / 1000));
}

async function timeIt(run: () => Promise<unknown>): Promise<string> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!);
  return `${at(0.5)} / ${at(0.99)}`;
}

/** Each report over a year of 100,000 bookings on the SQLite read store (issue 42: target p99 < 100 ms). */
export async function benchReports(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-reports-'));
  const store = new SqliteReadStore(join(dir, 'read.db'));
  try {
    const ledgerRate = await build(store, revenueLedgerProjector as unknown as Projector<DomainEvent, DocValue>);
    const activityRate = await build(store, bookingActivityProjector as unknown as Projector<DomainEvent, DocValue>);
    const n = ENROLLMENTS.toLocaleString('en-US');
    return {
      [`revenue-ledger built from ${n} bookings' events (events/s)`]: ledgerRate,
      [`booking-activity built from ${n} bookings' events (events/s)`]: activityRate,
      'revenue by month, the year (p50 / p99 ms)': await timeIt(async () =>
        revenueReport(await readLedger(store, YEAR), { ...YEAR, by: 'month' }),
      ),
      'revenue by program (p50 / p99 ms)': await timeIt(async () =>
        revenueReport(await readLedger(store, YEAR), { ...YEAR, by: 'program' }),
      ),
      'liabilities at the year end (p50 / p99 ms)': await timeIt(async () =>
        liabilitiesReport(await readLedger(store, { to: YEAR.to }), YEAR.to),
      ),
      'journal CSV, the year (p50 / p99 ms)': await timeIt(async () =>
        journalCsv(journalEntries(await readLedger(store, YEAR), YEAR), 'xero'),
      ),
      'funnel (p50 / p99 ms)': await timeIt(async () => funnelReport(await readFunnelDays(store, YEAR), YEAR)),
      'attendance and retention (p50 / p99 ms)': await timeIt(async () =>
        attendanceReport(await readActivity(store), YEAR),
      ),
      'instructors (p50 / p99 ms)': await timeIt(async () =>
        instructorsReport(await readActivity(store), [], YEAR, YEAR.to),
      ),
      'runs per query': RUNS,
      'target p99 (ms)': 100,
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchReports();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
