import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventSchemas } from '../contracts/events.js';
import { workshopStream } from '../contracts/catalogue/events.js';
import { waitlistStream } from '../contracts/waitlist/events.js';
import { SqliteEventStore } from '../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../platform/eventstore/validating.js';
import { SqliteReadStore } from '../platform/readstore/sqlite.js';
import { ProcessorRunner } from '../platform/processor/runner.js';
import { CheckpointWaiter } from '../platform/processor/waiter.js';
import { createLogger } from '../platform/log.js';
import { allProjectors } from '../projections/index.js';
import { createCommandHandler, reactorsFor } from '../service/compose.js';
import { loadConfig } from '../service/core/config.js';
import type { AppDeps } from '../service/core/deps.js';
import { OutboxMailer, outboxDir } from '../service/mail/outbox.js';
import { OfflinePayments } from '../service/payments/offline-adapter.js';
import { MemoryKeyStore } from '../platform/keystore/memory.js';
import { MemoryRateLimitStore } from '../platform/ratelimit/memory.js';
import { workshopDecider } from '../service/catalogue/workshop-decider.js';
import { waitlistDecider } from '../service/waitlist/waitlist-decider.js';

const ENTRIES = 1_000;
const SEATS = 100;
const WORKSHOP = 'bench-waitlist';

/**
 * The waitlist on the embedded default's stores (SQLite, every append on disk before it settles; e-mails written to the
 * outbox): a workshop of 100 seats, all held, with 1,000 parents waiting; then the 100 holds are
 * released at once (one append, as when many holds lapse together). Measured from that append:
 * offers made per second (until the 100th WaitlistOffered is stored) and the time until the 100th
 * offer e-mail is written to the outbox. The projections and every reactor run as in the API.
 */
export async function benchWaitlist(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-waitlist-'));
  const config = loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'bench-admin-key-123456', LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  // Offers and e-mails are timed where they happen (the append that stores the 100th offer, the
  // write of the 100th e-mail): the reactors keep the event loop busy, so a poller would see them late.
  const mark = { started: 0, offers: 0, offersDoneAt: 0, mails: 0, mailedAt: 0 };
  const store = validatingEventStore(new SqliteEventStore(join(dir, 'events.db')), eventSchemas);
  const eventStore = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'append') return Reflect.get(target, prop, receiver) as unknown;
      return async (...args: Parameters<typeof store.append>) => {
        const result = await target.append(...args);
        mark.offers += args[1].filter((e) => e.type === 'WaitlistOffered').length;
        if (mark.started && mark.offers >= SEATS && !mark.offersDoneAt) mark.offersDoneAt = performance.now();
        return result;
      };
    },
  });
  const outbox = new OutboxMailer(outboxDir(dir), config.MAIL_FROM);
  const mailer = {
    transport: outbox.transport,
    async send(message: Parameters<typeof outbox.send>[0]) {
      await outbox.send(message);
      if (++mark.mails === SEATS) mark.mailedAt = performance.now();
    },
  };
  const readStore = new SqliteReadStore(join(dir, 'read.db'));
  const waiter = new CheckpointWaiter({ readStore, names: allProjectors.map((p) => p.name) });
  const deps: AppDeps = {
    config,
    eventStore,
    readStore,
    commands: createCommandHandler(eventStore),
    projections: waiter,
    log,
    clock: () => new Date(),
    newId: () => randomUUID(),
    payments: new OfflinePayments({ log }),
    mailer,
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
  const runner = new ProcessorRunner({
    eventStore,
    readStore,
    projectors: allProjectors,
    reactors: reactorsFor(deps),
    waiter,
    log,
    owner: 'bench',
  });
  try {
    const seats = workshopStream(WORKSHOP);
    await deps.commands.handle(
      workshopDecider,
      seats,
      {
        type: 'ScheduleWorkshop',
        workshop: {
          id: WORKSHOP,
          title: 'Bench Dinner',
          description: 'A full workshop with a long waitlist.',
          date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          time: '6:00 PM - 8:00 PM',
          location: 'Plano',
          instructor: 'Ms. Porter',
          duration: '2 hours',
          category: 'adult',
          price: 50,
          capacity: SEATS,
        },
      },
      meta(),
    );
    const holds = Array.from({ length: SEATS }, () => randomUUID());
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await Promise.all(
      holds.map((enrollmentId) =>
        deps.commands.handle(
          workshopDecider,
          seats,
          {
            type: 'ReserveSeats',
            workshopId: WORKSHOP,
            enrollmentId,
            seats: 1,
            expiresAt,
            at: new Date().toISOString(),
          },
          meta(),
        ),
      ),
    );
    const joinStarted = performance.now();
    await Promise.all(
      Array.from({ length: ENTRIES }, (_, i) =>
        deps.commands.handle(
          waitlistDecider,
          waitlistStream(WORKSHOP),
          {
            type: 'JoinWaitlist',
            entry: {
              entryId: randomUUID(),
              workshopId: WORKSHOP,
              firstName: 'Bench',
              lastName: `Parent ${i}`,
              email: `parent-${i}@example.com`,
              phone: '9725550100',
              participants: 1,
              emailKey: `bench-key-${i}-aaaaaaaaaaaa`,
              joinedAt: new Date().toISOString(),
            },
            // Entries without confirmBy count at once, as if confirmed: the bench measures offers.
            max: null,
          },
          meta(),
        ),
      ),
    );
    const joinMs = performance.now() - joinStarted;

    runner.start();
    if (!(await runner.waitFor(await eventStore.headPosition(), [...runner.names], 120_000)))
      throw new Error('the projections and reactors did not catch up with the joins');

    const mails = async () => (await readdir(outboxDir(dir)).catch(() => [])).filter((f) => f.endsWith('.eml')).length;
    mark.offers = 0;
    mark.started = performance.now();
    const started = mark.started;
    await Promise.all(
      holds.map((enrollmentId) =>
        deps.commands.handle(
          workshopDecider,
          seats,
          { type: 'ReleaseSeats', workshopId: WORKSHOP, enrollmentId, reason: 'expired' },
          meta(),
        ),
      ),
    );
    const deadline = started + 120_000;
    while (!mark.mailedAt && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!mark.mailedAt) throw new Error(`only ${mark.mails} of ${SEATS} offer e-mails after 120 s`);
    const files = await mails();
    const offersDoneAt = mark.offersDoneAt;
    const mailedAt = mark.mailedAt;
    const state = await deps.commands.state(workshopDecider, seats);
    const line = await deps.commands.state(waitlistDecider, waitlistStream(WORKSHOP));
    const offered = line.entries.filter((e) => e.status === 'offered');
    const inOrder = offered.every((e, i) => e.seq === i + 1);
    return {
      'waitlist entries': ENTRIES,
      'seats freed at once': SEATS,
      'joins (ms, batched appends)': Math.round(joinMs),
      'offers made': offered.length,
      'offers to the first 100, in order': inOrder ? 'yes' : 'NO',
      'seats taken after (of 100)': state.taken,
      'time to the 100th offer (ms)': Math.round(offersDoneAt - started),
      'offers per second': Math.round(SEATS / ((offersDoneAt - started) / 1000)),
      'time to the 100th offer e-mail written (ms)': Math.round(mailedAt - started),
      'offer e-mails in the outbox': files,
    };
  } finally {
    await runner.stop();
    waiter.close();
    await eventStore.close();
    await readStore.close();
    await rm(dir, { recursive: true, force: true });
  }
}
