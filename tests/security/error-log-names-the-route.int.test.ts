import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.js';
import { MemoryEventStore } from '../../platform/eventstore/memory.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import type { EventStore } from '../../platform/eventstore/port.js';
import { MemoryReadStore } from '../../platform/readstore/memory.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { createLogger } from '../../platform/log.js';
import { eventSchemas } from '../../contracts/events.js';
import { bookingLinksFor } from '../../service/enrollment/after-sale/booking-link.js';

/**
 * Issue 36, item 9: an unhandled error logged the request's path, and a booking's path holds its
 * bearer token (a gift card's, its code). The log names the route's pattern instead
 * (`/api/bookings/:token`), never what was in the path.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Stores that answer as usual until `failing` is set, then throw an error nobody expected. */
function breakable() {
  const state = { failing: false };
  const fail = () => {
    throw new Error('the disk caught fire');
  };
  const breaking = <T extends object>(store: T, methods: string[]): T =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (state.failing && methods.includes(String(prop))) return fail;
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const eventStore: EventStore = breaking(validatingEventStore(new MemoryEventStore(), eventSchemas), ['readStream']);
  const readStore: ReadStore = breaking(new MemoryReadStore(), ['get', 'find']);
  return { state, eventStore, readStore };
}

describe('the log of an unhandled error', () => {
  it('given a 500 on a booking link and on a gift card code, then the log names each route’s pattern and carries neither the token nor the code', async () => {
    const stores = breakable();
    t = await makeTestApp({ eventStore: stores.eventStore, readStore: stores.readStore });
    const lines: string[] = [];
    t.deps.log = createLogger('debug', (line) => lines.push(line));
    const token = bookingLinksFor(t.deps.config)!.token('enr-5f1c0ffee');
    const code = '7QXM3KPD9HRT2WVB';

    stores.state.failing = true;
    const booking = await t.app.request(`/api/bookings/${token}`);
    const card = await t.app.request(`/api/gift-cards/${code}`);
    const receipt = await t.app.request(`/api/bookings/${token}/calendar.ics`);
    stores.state.failing = false;

    for (const r of [booking, card, receipt]) {
      expect(r.status).toBe(500);
      expect(await r.json()).toMatchObject({ code: 'internal' });
    }
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[1]!);
    expect(all).not.toContain(code);
    const errors = lines.filter((l) => l.includes('unhandled error')).map((l) => JSON.parse(l) as { route?: string });
    expect(errors.map((e) => e.route)).toEqual([
      '/api/bookings/:token',
      '/api/gift-cards/:code',
      '/api/bookings/:token/calendar.ics',
    ]);
  });
});
