import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eventSchemas } from '../contracts/events.js';
import { workshopStream } from '../contracts/catalogue/events.js';
import { makeupCreditStream } from '../contracts/courses/events.js';
import { SqliteEventStore } from '../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../platform/eventstore/validating.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { createLogger } from '../platform/log.js';
import { allProjectors } from '../projections/index.js';
import { createCommandHandler } from '../service/compose.js';
import { loadConfig } from '../service/core/config.js';
import type { AppDeps } from '../service/core/deps.js';
import { OutboxMailer, outboxDir } from '../service/mail/outbox.js';
import { OfflinePayments } from '../service/payments/offline-adapter.js';
import { MemoryRateLimitStore } from '../platform/ratelimit/memory.js';
import { MemoryKeyStore } from '../platform/keystore/memory.js';
import { workshopDecider } from '../service/catalogue/workshop-decider.js';
import { creditDecider } from '../service/courses/credit-decider.js';
import { bookMakeup } from '../service/courses/makeups.js';
import { repeatedSessions } from '../service/catalogue/seed-workshops.js';

const CAPACITY = 30;
/** Seats sold in every session: 3 left in session 2 for make-ups. */
const SOLD = 27;
const ATTEMPTS = 300;
const SOURCE = 'bench-source';
const TARGET = 'bench-target';

/**
 * Make-ups contending for one session on the embedded default's stores (SQLite, every append on disk before it settles):
 * 300 credits of one program (300 children) booked at once into session 2 of a 30-seat course with 27 seats sold.
 * Each booking is the service's two decisions (the credit's ledger, then the session's seat, the
 * refusal given back): measured as bookings decided per second, and the seats counted after.
 */
export async function benchMakeups(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-makeups-'));
  const config = loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'bench-admin-key-123456', LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const eventStore = validatingEventStore(new SqliteEventStore(join(dir, 'events.db')), eventSchemas);
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const deps: AppDeps = {
    config,
    eventStore,
    readStore,
    commands: createCommandHandler(eventStore),
    projections: new CheckpointWaiter({ readStore, names: allProjectors.map((p) => p.name) }),
    log,
    clock: () => new Date(),
    newId: () => randomUUID(),
    payments: new OfflinePayments({ log }),
    mailer: new OutboxMailer(outboxDir(dir), config.MAIL_FROM),
    rateLimits: new MemoryRateLimitStore(),
    keys: new MemoryKeyStore(),
    encryption: null,
  };
  const meta = () => ({
    correlationId: randomUUID(),
    causationId: 'bench',
    actor: 'system' as const,
    at: new Date().toISOString(),
  });
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const course = (id: string) => ({
    id,
    title: `Bench course ${id}`,
    description: 'A weekly course.',
    date: start,
    time: '10:00 AM - 11:30 AM',
    location: 'Plano',
    instructor: 'Ms. Porter',
    duration: '4 weeks',
    category: 'children' as const,
    price: 225,
    capacity: CAPACITY,
    programId: 'bench-program',
    sessions: repeatedSessions(start, 4, 7, '23:59'),
  });
  try {
    for (const id of [SOURCE, TARGET])
      await deps.commands.handle(
        workshopDecider,
        workshopStream(id),
        { type: 'ScheduleWorkshop', workshop: course(id) },
        meta(),
      );
    for (let i = 0; i < SOLD; i++) {
      const enrollmentId = randomUUID();
      const at = new Date().toISOString();
      await deps.commands.handle(
        workshopDecider,
        workshopStream(TARGET),
        { type: 'ReserveSeats', workshopId: TARGET, enrollmentId, seats: 1, expiresAt: start, at },
        meta(),
      );
      await deps.commands.handle(
        workshopDecider,
        workshopStream(TARGET),
        { type: 'ConfirmSeats', workshopId: TARGET, enrollmentId, seats: 1, at },
        meta(),
      );
    }
    // One credit per child (a child takes one seat in a session at most): each of another family.
    const credits = Array.from({ length: ATTEMPTS }, () => ({ creditId: `mc-${randomUUID()}`, family: randomUUID() }));
    for (const { creditId, family } of credits)
      await deps.commands.handle(
        creditDecider,
        makeupCreditStream(creditId),
        {
          type: 'GrantCredit',
          credit: {
            creditId,
            enrollmentId: family,
            participant: 0,
            programId: 'bench-program',
            workshopId: SOURCE,
            reason: 'school',
            from: null,
            validUntil: new Date(Date.now() + 90 * 86_400_000).toISOString(),
            grantedAt: new Date().toISOString(),
          },
        },
        meta(),
      );

    const began = performance.now();
    const outcomes = await Promise.all(
      credits.map(({ creditId, family }) =>
        bookMakeup(deps, { enrollmentId: family, creditId, workshopId: TARGET, session: 2 }, meta()).then(
          (o) => o.outcome,
          () => 'refused' as const,
        ),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    const ledger = await deps.commands.state(workshopDecider, workshopStream(TARGET));
    const booked = outcomes.filter((o) => o === 'booked').length;
    const held = SOLD + (ledger.sessionSeats.makeups[1] ?? 0);
    return {
      'make-up bookings decided per second, 300 at once for 3 free seats of one session': Math.round(
        ATTEMPTS / seconds,
      ),
      'make-ups booked (of 300)': booked,
      'children in that session over its capacity': Math.max(0, held - CAPACITY),
    };
  } finally {
    await readStore.close();
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchMakeups();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
