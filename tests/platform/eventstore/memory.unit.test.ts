import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { describeEventStoreContract, newEvent } from './eventstore.contract.js';

describeEventStoreContract('memory', async () => {
  const store = new MemoryEventStore();
  return { store, cleanup: () => store.close() };
});

describe('MemoryEventStore positions', () => {
  it('numbers the feed 0, 1, 2, ... like the SQLite adapter', async () => {
    const store = new MemoryEventStore();
    await store.append('a-1', [newEvent(), newEvent()], 'no_stream');
    await store.append('b-1', [newEvent()], 'no_stream');
    expect((await store.readAll()).map((e) => e.position)).toEqual([0n, 1n, 2n]);
  });
});
