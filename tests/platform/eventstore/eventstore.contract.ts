import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMetadata } from '../../../contracts/core/events.js';
import {
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  WrongExpectedRevisionError,
} from '../../../platform/eventstore/port.js';

export interface ContractOptions {
  /**
   * The store outlives one test and may already hold events (a shared server): the suite then skips
   * the checks that need an empty store, and reads the feed from the head it found.
   */
  sharedStore?: boolean;
}

export const metadata = (over: Partial<EventMetadata> = {}): EventMetadata => ({
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: 'system',
  at: '2025-03-01T10:00:00.000Z',
  ...over,
});

export const newEvent = (type = 'ThingHappened', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata(),
});

/** Unique per call, so tests never share a stream even on a shared server. */
const streamName = (kind = 'thing'): string => `${kind}-${randomUUID()}`;

/** The same behaviour, proved against every adapter of the EventStore port. */
export function describeEventStoreContract(
  name: string,
  makeStore: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>,
  options: ContractOptions = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('append and readStream', () => {
      it('appends to a new stream with no_stream and reads it back', async () => {
        const stream = streamName();
        const event = newEvent('ThingHappened', { n: 1 });
        const result = await store.append(stream, [event], 'no_stream');

        expect(result.nextExpectedRevision).toBe(0n);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(1);
        expect(read[0]).toMatchObject({
          id: event.id,
          streamId: stream,
          revision: 0n,
          type: 'ThingHappened',
          data: { n: 1 },
        });
        expect(read[0]!.position).toBe(result.position);
      });

      it('numbers revisions from 0 within each stream', async () => {
        const a = streamName();
        const b = streamName();
        await store.append(a, [newEvent(), newEvent()], 'no_stream');
        await store.append(b, [newEvent()], 'no_stream');
        const result = await store.append(a, [newEvent(), newEvent()], 1n);

        expect(result.nextExpectedRevision).toBe(3n);
        expect((await store.readStream(a)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
        expect((await store.readStream(b)).map((e) => e.revision)).toEqual([0n]);
      });

      it('given a revision, then it reads only the events after it (a known state caught up), [] past the end', async () => {
        const a = streamName();
        await store.append(a, [newEvent('ThingHappened', { n: 0 }), newEvent('ThingHappened', { n: 1 })], 'no_stream');
        await store.append(a, [newEvent('ThingHappened', { n: 2 })], 1n);
        const after = await store.readStream(a, { after: 0n });
        expect(after.map((e) => [e.revision, (e.data as { n: number }).n])).toEqual([
          [1n, 1],
          [2n, 2],
        ]);
        expect(await store.readStream(a, { after: 2n })).toEqual([]);
        expect(await store.readStream(streamName(), { after: 5n })).toEqual([]);
      });

      it('answers [] for a stream that does not exist', async () => {
        expect(await store.readStream(streamName())).toEqual([]);
      });

      it("accepts 'any' on a missing and on an existing stream", async () => {
        const stream = streamName();
        expect((await store.append(stream, [newEvent()], 'any')).nextExpectedRevision).toBe(0n);
        expect((await store.append(stream, [newEvent()], 'any')).nextExpectedRevision).toBe(1n);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('accepts stream_exists and the exact revision on an existing stream', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent()], 'no_stream');
        await store.append(stream, [newEvent()], 'stream_exists');
        await store.append(stream, [newEvent()], 1n);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });

      it('reports the position of the last event of a multi-event append', async () => {
        const stream = streamName();
        const result = await store.append(stream, [newEvent(), newEvent(), newEvent()], 'no_stream');
        const read = await store.readStream(stream);
        expect(result.position).toBe(read[2]!.position);
        expect(read[0]!.position < read[1]!.position && read[1]!.position < read[2]!.position).toBe(true);
      });
    });

    describe('wrong expected revision', () => {
      const cases: Array<{
        title: string;
        existing: number;
        expected: ExpectedRevision;
        actual: bigint | 'no_stream';
      }> = [
        { title: 'a stale revision on an existing stream', existing: 2, expected: 0n, actual: 1n },
        { title: 'a revision ahead of the stream', existing: 1, expected: 5n, actual: 0n },
        { title: 'a revision on a missing stream', existing: 0, expected: 0n, actual: 'no_stream' },
        { title: 'no_stream on an existing stream', existing: 1, expected: 'no_stream', actual: 0n },
        { title: 'stream_exists on a missing stream', existing: 0, expected: 'stream_exists', actual: 'no_stream' },
      ];

      for (const c of cases) {
        it(`throws WrongExpectedRevisionError and appends nothing for ${c.title}`, async () => {
          const stream = streamName();
          if (c.existing > 0)
            await store.append(
              stream,
              Array.from({ length: c.existing }, () => newEvent()),
              'no_stream',
            );
          const head = await store.headPosition();

          const attempt = store.append(stream, [newEvent(), newEvent()], c.expected);
          await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
          await expect(attempt).rejects.toMatchObject({ streamId: stream, expected: c.expected, actual: c.actual });

          expect(await store.readStream(stream)).toHaveLength(c.existing);
          expect(await store.headPosition()).toBe(head);
          expect(await store.readAll({ after: head })).toEqual([]);
        });
      }
    });

    describe('readAll', () => {
      it('returns the feed in append order with strictly increasing positions', async () => {
        const start = await store.headPosition();
        const a = streamName();
        const b = streamName();
        const appended = [newEvent('A1'), newEvent('B1'), newEvent('A2'), newEvent('A3')];
        await store.append(a, [appended[0]!], 'no_stream');
        await store.append(b, [appended[1]!], 'no_stream');
        await store.append(a, [appended[2]!, appended[3]!], 0n);

        const feed = await store.readAll({ after: start });
        expect(feed.map((e) => e.id)).toEqual(appended.map((e) => e.id));
        expect(feed.map((e) => e.streamId)).toEqual([a, b, a, a]);
        for (let i = 1; i < feed.length; i++) expect(feed[i]!.position > feed[i - 1]!.position).toBe(true);
      });

      it('reads strictly after `after` and at most `limit` events', async () => {
        const start = await store.headPosition();
        const stream = streamName();
        const ids = Array.from({ length: 7 }, () => newEvent());
        await store.append(stream, ids, 'no_stream');
        const all = await store.readAll({ after: start });
        expect(all.map((e) => e.id)).toEqual(ids.map((e) => e.id));

        const afterThird = await store.readAll({ after: all[2]!.position });
        expect(afterThird.map((e) => e.id)).toEqual(ids.slice(3).map((e) => e.id));

        const page = await store.readAll({ after: start, limit: 3 });
        expect(page.map((e) => e.id)).toEqual(ids.slice(0, 3).map((e) => e.id));
        const nextPage = await store.readAll({ after: page[2]!.position, limit: 3 });
        expect(nextPage.map((e) => e.id)).toEqual(ids.slice(3, 6).map((e) => e.id));

        expect(await store.readAll({ after: all[6]!.position })).toEqual([]);
      });

      it.skipIf(options.sharedStore)('reads the whole feed from the start when `after` is omitted', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent(), newEvent()], 'no_stream');
        const feed = await store.readAll();
        expect(feed.map((e) => e.revision)).toEqual([0n, 1n]);
      });
    });

    describe('headPosition', () => {
      it.skipIf(options.sharedStore)('is -1n for an empty store', async () => {
        expect(await store.headPosition()).toBe(-1n);
        expect(await store.readAll()).toEqual([]);
      });

      it('is the position of the last event appended', async () => {
        await store.append(streamName(), [newEvent()], 'no_stream');
        const last = await store.append(streamName(), [newEvent(), newEvent()], 'no_stream');
        expect(await store.headPosition()).toBe(last.position);
      });
    });

    describe('onAppended', () => {
      it('calls listeners after an append, and no longer after unsubscribing', async () => {
        const listener = vi.fn();
        const off = store.onAppended(listener);
        const stream = streamName();
        // A server-side subscription may need a moment to start: keep appending until it reports.
        await vi.waitFor(
          async () => {
            await store.append(stream, [newEvent()], 'any');
            expect(listener).toHaveBeenCalled();
          },
          { timeout: 10_000, interval: 200 },
        );

        off();
        listener.mockClear();
        await store.append(stream, [newEvent()], 'any');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(listener).not.toHaveBeenCalled();
      });
    });

    describe('concurrency and atomicity', () => {
      it('lets exactly one of 20 concurrent appends with the same expected revision win', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent()], 'no_stream');

        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => store.append(stream, [newEvent('Attempt', { i })], 0n)),
        );

        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('lets exactly one of 20 concurrent no_stream appends create the stream', async () => {
        const stream = streamName();
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            store.append(stream, [newEvent('Attempt', { i }), newEvent()], 'no_stream'),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('makes a multi-event append visible all at once, never in part', async () => {
        const start = await store.headPosition();
        const stream = streamName();
        const events = Array.from({ length: 10 }, (_, i) => newEvent('Part', { i }));
        const seen = new Set<number>();
        let done = false;
        const append = store.append(stream, events, 'no_stream').finally(() => {
          done = true;
        });
        while (!done) {
          seen.add((await store.readStream(stream)).length);
          seen.add((await store.readAll({ after: start })).length);
          // Yield to the event loop so an adapter that writes in a later tick gets to run.
          await new Promise((resolve) => setImmediate(resolve));
        }
        await append;
        seen.add((await store.readStream(stream)).length);
        expect([...seen].every((n) => n === 0 || n === 10)).toBe(true);
        expect((await store.readStream(stream)).map((e) => (e.data as { i: number }).i)).toEqual([...Array(10).keys()]);
      });
    });

    describe('round trip', () => {
      it('keeps data and metadata exactly: nested objects, arrays, unicode, numbers', async () => {
        const stream = streamName('enrollment');
        const data = {
          guardian: { name: 'Zoë Ñúñez-Ørsted', email: 'zoe@example.com', phone: '+1 (214) 555-0100' },
          participants: [
            { name: '李小龍', age: 9, allergies: [] },
            { name: 'Renée 🎀', age: 12, allergies: ['peanuts', 'ß'] },
          ],
          amounts: { cents: 12_500, max: Number.MAX_SAFE_INTEGER, negative: -42, ratio: 0.1 + 0.2, tiny: 1e-7 },
          flags: { paid: false, waitlisted: true, note: null },
          text: 'Line one\nLine "two"\ttabbed \\ backslash — dash ✓',
          empty: { list: [], object: {}, string: '' },
        };
        const start = await store.headPosition();
        const meta = metadata({ actor: 'visitor', at: '2025-12-31T23:59:59.999-06:00', correlationId: 'corr-é' });
        const event: NewEvent = { id: randomUUID(), type: 'EnrollmentSubmitted', data, metadata: meta };
        await store.append(stream, [event], 'no_stream');

        const [fromStream] = await store.readStream(stream);
        expect(fromStream!.data).toEqual(data);
        expect(fromStream!.metadata).toEqual(meta);
        expect(fromStream!.type).toBe('EnrollmentSubmitted');
        expect(fromStream!.id).toBe(event.id);

        const fromFeed = (await store.readAll({ after: start })).find((e) => e.id === event.id);
        expect(fromFeed).toEqual(fromStream);
      });

      it('returns copies: mutating what was read or appended does not change the store', async () => {
        const stream = streamName();
        const event = newEvent('ThingHappened', { list: [1, 2], nested: { a: 'b' } });
        await store.append(stream, [event], 'no_stream');
        (event.data as { list: number[] }).list.push(3);
        const [first] = await store.readStream(stream);
        (first!.data as { nested: { a: string } }).nested.a = 'changed';
        expect((await store.readStream(stream))[0]!.data).toEqual({ list: [1, 2], nested: { a: 'b' } });
      });
    });

    describe('rewriteEvents (the privacy migration)', () => {
      it('given a stream, when some events are rewritten, then the stream reads the same events in order with the new data, and appends go on after them', async () => {
        const stream = streamName();
        await store.append(
          stream,
          [newEvent('A', { n: 1, secret: 'plain' }), newEvent('B', { n: 2 }), newEvent('C', { n: 3, secret: 'plain' })],
          'no_stream',
        );
        const before = await store.readStream(stream);
        await store.rewriteEvents!(stream, [
          { revision: before[0]!.revision, data: { n: 1, secret: 'sealed' } },
          { revision: before[2]!.revision, data: { n: 3, secret: 'sealed' } },
        ]);
        const after = await store.readStream(stream);
        expect(after.map((e) => [e.type, e.data])).toEqual([
          ['A', { n: 1, secret: 'sealed' }],
          ['B', { n: 2 }],
          ['C', { n: 3, secret: 'sealed' }],
        ]);
        expect(after.map((e) => e.metadata)).toEqual(before.map((e) => e.metadata));
        await store.append(stream, [newEvent('D', { n: 4 })], after[2]!.revision);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });
    });
  });
}
