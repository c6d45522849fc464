import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../../platform/eventstore/validating.js';
import type { EventStore } from '../../../platform/eventstore/port.js';
import { eventSchemas } from '../../../contracts/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { numberingStream } from '../../../contracts/organizations/numbering.js';
import { quoteStream } from '../../../contracts/organizations/quotes.js';
import { createCommandHandler } from '../../../service/compose.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import { numberingDecider } from '../../../service/organizations/numbering-decider.js';
import { quoteDecider } from '../../../service/organizations/quote-decider.js';
import { SEED_WORKSHOPS } from '../../../service/catalogue/seed-workshops.js';
import type { CommandHandler } from '../../../platform/command/handler.js';

const AT = '2025-05-01T15:00:00Z';
const metadata = { correlationId: 'c', causationId: 'c', actor: 'admin' as const, at: AT };

let sqlite: SqliteEventStore;
let store: EventStore;
/** Four processes on one event store: each its own command handler, so only the expected revisions keep them apart. */
let processes: CommandHandler[];
const processOf = (i: number) => processes[i % processes.length]!;

beforeAll(() => {
  sqlite = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'orgs-race-')), 'events.db'));
  store = validatingEventStore(sqlite, eventSchemas);
  processes = Array.from({ length: 4 }, () => createCommandHandler(store));
});
afterAll(async () => {
  await sqlite.close();
});

const outcomes = <T>(all: Promise<T>[]) => Promise.allSettled(all);

describe('organizations under contention (issue 39)', () => {
  it("given a 10-seat workshop, when 20 invoice lines of 1 seat are held at once from four processes, then exactly 10 hold seats on the workshop's stream and the rest are refused", async () => {
    const id = `orgs-race-${randomUUID().slice(0, 8)}`;
    const workshop = { ...SEED_WORKSHOPS[8]!, id, title: 'Race', capacity: 10 };
    await store.append(
      workshopStream(id),
      [{ id: randomUUID(), type: 'WorkshopScheduled', data: { workshop }, metadata }],
      'no_stream',
    );
    const results = await outcomes(
      Array.from({ length: 20 }, (_, i) =>
        processOf(i).handle(
          workshopDecider,
          workshopStream(id),
          {
            type: 'HoldInvoiceSeats',
            workshopId: id,
            groupId: `inv-${i}-L0`,
            invoiceId: `inv-${i}`,
            seats: 1,
            heldUntil: '2025-06-01T00:00:00Z',
            at: AT,
          },
          metadata,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { refusal?: { code: string } }).refusal?.code)).toEqual(
      Array(10).fill('seats_short'),
    );
    const held = (await store.readStream(workshopStream(id)))
      .filter((e) => e.type === 'SeatsReserved')
      .reduce((n, e) => n + (e.data as { seats: number }).seats, 0);
    expect(held).toBe(10);
  });

  it('given a year with no invoice, when 20 invoices ask for their numbers at once from four processes, then they get 0001 to 0020: no gap, no duplicate', async () => {
    const year = 2031;
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        processOf(i).handle(
          numberingDecider,
          numberingStream('invoice', year),
          { type: 'AssignNumber', kind: 'invoice', year, documentId: `inv-${i}`, at: AT },
          metadata,
        ),
      ),
    );
    expect(numbers.every((n) => n.events.length === 1)).toBe(true);
    const recorded = (await store.readStream(numberingStream('invoice', year))).map(
      (e) => (e.data as { number: string }).number,
    );
    expect([...recorded].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, '0')}`),
    );
    expect(recorded).toHaveLength(20);
  });

  it('given a sent quote, when it is accepted twice at once from two processes, then one acceptance is recorded and the other is refused', async () => {
    const quoteId = `q-${randomUUID().slice(0, 8)}`;
    await processOf(0).handle(
      quoteDecider,
      quoteStream(quoteId),
      {
        type: 'DraftQuote',
        quoteId,
        number: 'Q-2025-0001',
        organizationId: 'acme',
        terms: {
          lines: [{ kind: 'service', description: 'On-site training', amountCents: 100_000 }],
          paymentTermsDays: 30,
          validUntil: '2025-05-31',
          note: '',
          totalCents: 100_000,
        },
        source: 'office',
        at: AT,
      },
      metadata,
    );
    await processOf(0).handle(quoteDecider, quoteStream(quoteId), { type: 'SendQuote', at: AT }, metadata);
    const results = await outcomes(
      [1, 2].map((i) =>
        processOf(i).handle(
          quoteDecider,
          quoteStream(quoteId),
          { type: 'AcceptQuote', tokenVersion: 1, invoiceId: `inv-${i}`, poNumber: '', at: AT },
          metadata,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const accepted = (await store.readStream(quoteStream(quoteId))).filter((e) => e.type === 'QuoteAccepted');
    expect(accepted).toHaveLength(1);
  });
});
