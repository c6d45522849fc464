import { afterEach, describe, expect, it } from 'vitest';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { eventSchemas } from '../../../contracts/events.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { createLogger } from '../../../platform/log.js';
import { CommandHandler } from '../../../platform/command/handler.js';
import { createCommandHandler } from '../../../service/compose.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { makeOffers } from '../../../service/waitlist/offers.js';
import { FaultyEventStore } from '../../support/faults.js';
import { fill, join, makeWaitlistApp, offerLinks, schedule, waitlistEvents, type WaitlistApp } from './support.js';

/**
 * Offers across failures: an append cut off (before or after its commit, the ambiguous answer of a
 * remote store), every reaction delivered again (a crash before the checkpoints, a rebuilt read
 * store), and two offer makers at once (a lease changing hands while the old holder still works).
 * Each ends with exactly one offer and one e-mail per entry, and no more seats held than the
 * workshop has.
 */

let t: WaitlistApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const entryIds = (events: { data: unknown }[]) => events.map((e) => (e.data as { entryId: string }).entryId);

async function fullWithLine(app: WaitlistApp, id: string, capacity: number, waiting: number) {
  const w = await schedule(app, id, capacity);
  await fill(app, w);
  const joined = [];
  for (let i = 1; i <= waiting; i++) joined.push(await join(app, id, `${id}-wait-${i}@example.com`));
  return { w, joined };
}

describe('waitlist offers across failures', () => {
  for (const when of ['before', 'after'] as const) {
    it(`given the waitlist's record of the offers cut off ${when} its commit, when the reactor runs again, then the offers are recorded once and e-mailed once`, async () => {
      const store = new FaultyEventStore(validatingEventStore(new MemoryEventStore(), eventSchemas));
      t = await makeWaitlistApp({ eventStore: store });
      const { joined } = await fullWithLine(t, 'wf', 3, 5);
      store.failAppends({
        match: (stream, events) => stream === 'waitlist-wf' && events.some((e) => e.type === 'WaitlistOffered'),
        when,
      });
      t.clock.advance(31 * 60_000);
      await t.timer.tick();
      await t.settle();
      expect(store.injected).toBe(1);

      expect(entryIds(await waitlistEvents(t, 'wf', 'WaitlistOffered'))).toEqual(
        joined.slice(0, 3).map((j) => j.waitlistEntryId),
      );
      expect(await waitlistEvents(t, 'wf', 'WaitlistOfferEmailSent')).toHaveLength(3);
      expect(t.mailer.sent.filter((m) => m.text.includes('?offer='))).toHaveLength(3);
      expect((await t.deps.commands.state(workshopDecider, workshopStream('wf'))).taken).toBe(3);
    });
  }

  it('given offers made and mailed, when every reaction is delivered again from the first event, then no offer and no e-mail is made twice', async () => {
    t = await makeWaitlistApp();
    await fullWithLine(t, 'wr', 3, 5);
    t.clock.advance(31 * 60_000);
    await t.timer.tick();
    await t.settle();
    const before = {
      offered: (await waitlistEvents(t, 'wr', 'WaitlistOffered')).length,
      mailed: (await waitlistEvents(t, 'wr', 'WaitlistOfferEmailSent')).length,
      sent: t.mailer.sent.length,
    };
    expect(before.offered).toBe(3);

    await t.replayReactors();

    expect((await waitlistEvents(t, 'wr', 'WaitlistOffered')).length).toBe(before.offered);
    expect((await waitlistEvents(t, 'wr', 'WaitlistOfferEmailSent')).length).toBe(before.mailed);
    expect(t.mailer.sent.length).toBe(before.sent);
    expect((await t.deps.commands.state(workshopDecider, workshopStream('wr'))).taken).toBe(3);
  });

  it('given two offer makers on their own command handlers (two processes), when seats are freed concurrently and both run at once, then each freed seat makes one offer', async () => {
    t = await makeWaitlistApp();
    const { joined } = await fullWithLine(t, 'wp', 6, 8);
    await t.runner.stop();
    const meta = { correlationId: 'c', causationId: 'c', actor: 'system' as const, at: t.clock.now().toISOString() };
    const ledger = await t.deps.commands.state(workshopDecider, workshopStream('wp'));
    const holds = Object.keys(ledger.holds);
    // Five seats freed at once, by five releases racing.
    await Promise.all(
      holds
        .slice(0, 5)
        .map((enrollmentId) =>
          t!.deps.commands.handle(
            workshopDecider,
            workshopStream('wp'),
            { type: 'ReleaseSeats', workshopId: 'wp', enrollmentId, reason: 'cancelled' },
            meta,
          ),
        ),
    );
    const log = createLogger('silent');
    const other = { ...t.deps, commands: createCommandHandler(t.eventStore) as CommandHandler, log };
    const made = await Promise.all([
      makeOffers(t.deps, 'wp', meta),
      makeOffers(other, 'wp', meta),
      makeOffers(t.deps, 'wp', meta),
    ]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(5);
    expect(entryIds(await waitlistEvents(t, 'wp', 'WaitlistOffered'))).toEqual(
      joined.slice(0, 5).map((j) => j.waitlistEntryId),
    );
    const fresh = await createCommandHandler(t.eventStore).state(workshopDecider, workshopStream('wp'));
    expect(fresh.taken).toBe(6);
    const offerHolds = (await t.eventStore.readStream(workshopStream('wp'))).filter(
      (e) => e.type === 'SeatsReserved' && (e.data as { waitlistEntryId?: string }).waitlistEntryId,
    );
    expect(offerHolds).toHaveLength(5);
    expect(offerLinks(t).size).toBe(0); // the reactors were stopped: e-mails follow once they run
  });
});
