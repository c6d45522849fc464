import { afterEach, describe, expect, it } from 'vitest';
import { baseForm, makeEnrollmentApp, type EnrollmentTestApp } from './support.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import { EventStoreUnavailableError, type EventStore } from '../../../platform/eventstore/port.js';
import { eventSchemas } from '../../../contracts/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';

/**
 * An enrollment with nothing to pay by card (free, or paid whole by a gift card or credit) is
 * recorded submitted and confirmed in one append: a store failing between the two can leave no
 * booking that was submitted and never confirmed. Workshop 10 is free, 50 seats.
 */
let t: EnrollmentTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A store that refuses any append carrying an enrollment's confirmation, as a disk failing at that moment would. */
function failingOnConfirmation(inner: EventStore): EventStore {
  return {
    ...inner,
    append: (streamId, events, expected) =>
      events.some((e) => e.type === 'EnrollmentConfirmed')
        ? Promise.reject(new EventStoreUnavailableError('disk failed'))
        : inner.append(streamId, events, expected),
    readStream: (streamId) => inner.readStream(streamId),
    readAll: (options) => inner.readAll(options),
    headPosition: () => inner.headPosition(),
    onAppended: (listener) => inner.onAppended(listener),
    close: () => inner.close(),
  };
}

const free = (email: string) => ({ ...baseForm({ participants: 2, email }), totalPrice: 0 });

describe('an enrollment confirmed at once', () => {
  it('given a store that fails as the confirmation is written, when a family enrolls in a free workshop, then nothing of the booking stays: no submitted-only enrollment, and the seats are free again', async () => {
    const store = validatingEventStore(failingOnConfirmation(new MemoryEventStore()), eventSchemas);
    t = await makeEnrollmentApp({ eventStore: store });
    const res = await t.post('/api/enroll/workshop/10', free('two@example.com'), { 'x-forwarded-for': '203.0.113.8' });
    expect(res.status).toBe(503);
    const all = await store.readAll({ limit: 1_000_000 });
    expect(all.filter((e) => e.type === 'EnrollmentSubmitted')).toEqual([]);
    expect((await t.deps.commands.state(workshopDecider, workshopStream('10'))).taken).toBe(0);
  });
});
