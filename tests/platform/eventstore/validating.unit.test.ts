import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import type { EventStore, NewEvent } from '../../../platform/eventstore/port.js';
import { EventValidationError, validatingEventStore } from '../../../platform/eventstore/validating.js';
import { metadata, newEvent } from './eventstore.contract.js';

const schemas = {
  SeatsReserved: z.object({ enrollmentId: z.string().min(1), seats: z.number().int().positive() }),
  ProgramPublished: z.object({ slug: z.string(), featured: z.boolean().default(false) }),
};

describe('validatingEventStore', () => {
  let inner: MemoryEventStore;
  let store: EventStore;

  beforeEach(() => {
    inner = new MemoryEventStore();
    store = validatingEventStore(inner, schemas);
  });

  it('appends events whose data and metadata match, and reads them back', async () => {
    const event = newEvent('SeatsReserved', { enrollmentId: 'e-1', seats: 2 });
    await store.append('workshop-1', [event], 'no_stream');
    const [read] = await store.readStream('workshop-1');
    expect(read).toMatchObject({ id: event.id, type: 'SeatsReserved', data: { enrollmentId: 'e-1', seats: 2 } });
    expect(await store.readAll()).toHaveLength(1);
  });

  it('refuses an unknown event type, naming it, and appends nothing', async () => {
    const attempt = store.append(
      'workshop-1',
      [newEvent('SeatsReserved', { enrollmentId: 'e', seats: 1 }), newEvent('SeatsStolen', {})],
      'no_stream',
    );
    await expect(attempt).rejects.toBeInstanceOf(EventValidationError);
    await expect(attempt).rejects.toThrow(/Unknown event type "SeatsStolen".*workshop-1/);
    expect(await inner.readAll()).toEqual([]);
  });

  it('does not treat Object.prototype members as event types', async () => {
    await expect(store.append('x-1', [newEvent('toString', {})], 'any')).rejects.toThrow(
      /Unknown event type "toString"/,
    );
  });

  it('refuses bad data with a message naming the field, and appends nothing', async () => {
    const attempt = store.append(
      'workshop-1',
      [newEvent('SeatsReserved', { enrollmentId: 'e-1', seats: -3 })],
      'no_stream',
    );
    await expect(attempt).rejects.toThrow(
      /Invalid data in event #0 \(SeatsReserved\) appended to workshop-1[\s\S]*seats/,
    );
    expect(await inner.readAll()).toEqual([]);
  });

  it('refuses bad metadata, and appends nothing', async () => {
    const event: NewEvent = {
      ...newEvent('SeatsReserved', { enrollmentId: 'e-1', seats: 1 }),
      metadata: { ...metadata(), actor: 'robot' as never, at: 'yesterday' },
    };
    const attempt = store.append('workshop-1', [event], 'no_stream');
    await expect(attempt).rejects.toThrow(/Invalid metadata[\s\S]*(actor|at)/);
    expect(await inner.readAll()).toEqual([]);
  });

  it('throws on reading a stored event with bad data, naming its stream and revision', async () => {
    await inner.append('workshop-7', [newEvent('SeatsReserved', { enrollmentId: 'e', seats: 1 })], 'no_stream');
    await inner.append('workshop-7', [newEvent('SeatsReserved', { enrollmentId: '', seats: 'two' })], 0n);
    await expect(store.readStream('workshop-7')).rejects.toThrow(/workshop-7@1 \(SeatsReserved/);
    await expect(store.readAll()).rejects.toBeInstanceOf(EventValidationError);
  });

  it('throws on reading a stored event of an unknown type or with bad metadata', async () => {
    await inner.append('odd-1', [newEvent('Mystery', {})], 'no_stream');
    await expect(store.readStream('odd-1')).rejects.toThrow(/Unknown event type in stored event odd-1@0 \(Mystery/);

    const badMeta = {
      ...newEvent('SeatsReserved', { enrollmentId: 'e', seats: 1 }),
      metadata: { actor: 'system' } as never,
    };
    await inner.append('odd-2', [badMeta], 'no_stream');
    await expect(store.readStream('odd-2')).rejects.toThrow(/Invalid metadata in stored event odd-2@0/);
  });

  it("reads data as the schema's output, so defaults fill in on old events", async () => {
    await inner.append('program-1', [newEvent('ProgramPublished', { slug: 'manners-101' })], 'no_stream');
    const [read] = await store.readStream('program-1');
    expect(read!.data).toEqual({ slug: 'manners-101', featured: false });
  });

  it('passes headPosition, onAppended and close through', async () => {
    let calls = 0;
    const off = store.onAppended(() => calls++);
    expect(await store.headPosition()).toBe(-1n);
    await store.append('workshop-1', [newEvent('SeatsReserved', { enrollmentId: 'e', seats: 1 })], 'no_stream');
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(await store.headPosition()).toBe(0n);
    off();
    await store.close();
  });
});
