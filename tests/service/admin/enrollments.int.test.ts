import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from './support.js';
import { confirmed, paid, record, submitted } from '../../support/enrollment-events.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { EnrollmentHistory } from '../../../contracts/admin/history.js';
import type { Dashboard } from '../../../contracts/admin/dashboard.js';

let t: TestApp;
afterEach(() => t?.close());

/**
 * Four enrollments, oldest first: a paid dinner, a free networking evening, a program still
 * awaiting payment, and one whose titles an attacker chose to run as spreadsheet formulas.
 */
async function givenEnrollments(): Promise<string> {
  await record(t.eventStore, 'paid-1', [
    { event: submitted('paid-1'), actor: 'visitor' },
    { event: paid('paid-1', 30_000), actor: 'provider' },
    { event: confirmed('paid-1', 30_000), actor: 'system' },
  ]);
  await record(t.eventStore, 'free-1', [
    {
      event: submitted('free-1', {
        unitCents: 0,
        title: 'Global Chamber of Commerce Networking Event',
        participants: 1,
      }),
      actor: 'visitor',
    },
    { event: confirmed('free-1', 0), actor: 'system' },
  ]);
  await record(t.eventStore, 'prog-1', [
    {
      event: submitted('prog-1', {
        kind: 'program',
        title: 'Etiquette for Tweens & Teens',
        location: 'Dallas Library',
      }),
      actor: 'visitor',
    },
  ]);
  return (
    await record(t.eventStore, 'evil-1', [
      {
        event: submitted('evil-1', { title: '=HYPERLINK("http://evil.example","x")', location: '@SUM(1+1)' }),
        actor: 'visitor',
      },
    ])
  ).toString();
}

const list = async (query: string) => {
  const res = await adminCall(t.app, 'GET', `/api/admin/enrollments${query}`);
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as AdminEnrollmentRecord[], total: Number(res.headers.get('X-Total-Count')) };
};

describe('enrollment tracker', () => {
  it("given enrollments, then the list answers the specification's record shape, newest first, with the total in a header", async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const { rows, total } = await list(`?minPosition=${position}`);
    expect(total).toBe(4);
    expect(rows.map((r) => r.id)).toEqual(['evil-1', 'prog-1', 'free-1', 'paid-1']);
    expect(rows[3]).toEqual({
      id: 'paid-1',
      createdAt: '2025-06-01T15:00:00.000Z',
      workshopId: '6',
      programId: null,
      workshop: {
        title: 'Etiquette After Dark - Dinner',
        location: 'Legacy Commons, Plano',
        date: '2025-07-19T19:00:00-05:00',
      },
      program: null,
      orderId: 'ORD-paid-1',
      orderReference: 'GL-123456',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      status: 'completed',
      paymentStatus: 'paid',
      amount: 300,
      participants: 2,
      // No child named: the contact person is the participant, as on the order.
      participantNames: ['Ada Lovelace'],
      // After the sale: refunds made on it (none yet).
      refunds: [],
      refundedAmount: 0,
      // The price breakdown: two at the couple's price, paid in full at once.
      pricing: {
        lines: [{ kind: 'seats', label: '$150.00 x 2 participants', amountCents: 30_000 }],
        subtotalCents: 30_000,
        discountCents: 0,
        paidByGiftCardCents: 0,
        paidByCreditCents: 0,
        dueNowCents: 30_000,
        balanceCents: 0,
        totalCents: 30_000,
        balanceDueAt: null,
      },
      balanceCents: 0,
      balanceDueAt: null,
      familyCredit: false,
    });
    expect(rows[1]).toMatchObject({
      workshopId: null,
      workshop: null,
      program: { title: 'Etiquette for Tweens & Teens' },
      status: 'pending',
      paymentStatus: 'pending',
    });
  });

  it('given enrollments, then search matches workshop title, program title, location and id, case-insensitively', async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const ids = async (q: string) =>
      (await list(`?minPosition=${position}&q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids('networking')).toEqual(['free-1']);
    expect(await ids('TWEENS')).toEqual(['prog-1']);
    expect(await ids('dallas library')).toEqual(['prog-1']);
    expect(await ids('paid-1')).toEqual(['paid-1']);
    expect(await ids('no such thing')).toEqual([]);
    // Beyond the specification, the people too (tracker-search.int.test.ts): every row here is Ada's.
    expect((await ids('lovelace')).length).toBe(4);
  });

  it('given enrollments, then each tab filters on the server', async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const ids = async (status: string) =>
      (await list(`?minPosition=${position}&status=${status}`)).rows.map((r) => r.id).sort();
    expect(await ids('all')).toEqual(['evil-1', 'free-1', 'paid-1', 'prog-1']);
    expect(await ids('pending')).toEqual(['evil-1', 'prog-1']);
    expect(await ids('completed')).toEqual(['free-1', 'paid-1']);
    // Unpaid: still held and not paid (the specification's Pending rows that owe money), never the ended ones.
    expect(await ids('unpaid')).toEqual(['evil-1', 'prog-1']);
  });

  it('given more rows than a page, then page and pageSize window them and the total counts every match', async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const first = await list(`?minPosition=${position}&page=1&pageSize=3`);
    const second = await list(`?page=2&pageSize=3`);
    expect([first.rows.length, first.total, second.rows.length, second.total]).toEqual([3, 4, 1, 4]);
    expect(second.rows[0]!.id).toBe('paid-1');
  });

  it.each(['?pageSize=1000', '?page=0', '?status=archived', `?q=${'x'.repeat(201)}`])(
    'given a bad query (%s), then 400 with a readable error',
    async (query) => {
      t = await makeTestApp();
      const res = await adminCall(t.app, 'GET', `/api/admin/enrollments${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(5);
    },
  );
});

describe('CSV export', () => {
  it("given enrollments, then every matching row is written with the specification's columns, formulas neutralised, under enrollments-{date}.csv", async () => {
    t = await makeTestApp({ clock: () => new Date('2025-06-08T03:00:00Z') });
    const position = await givenEnrollments();
    const res = await adminCall(t.app, 'GET', `/api/admin/enrollments/export.csv?minPosition=${position}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="enrollments-2025-06-07.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^ID,Date,Type,Title,Location,Date\/Time,Status,Payment,Amount,/);
    expect(lines).toHaveLength(5);
    const evil = lines.find((l) => l.startsWith('evil-1'))!;
    expect(evil).toBe(
      `evil-1,2025-06-01,Workshop,"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(1+1),2025-07-19 19:00,Pending,Awaiting payment,300.00,300.00,0.00,0.00,0.00,0.00,Ada Lovelace,ada@example.com,Ada Lovelace`,
    );
    expect(lines.find((l) => l.startsWith('free-1'))).toBe(
      'free-1,2025-06-01,Workshop,Global Chamber of Commerce Networking Event,"Legacy Commons, Plano",2025-07-19 19:00,Confirmed,Free,0.00,0.00,0.00,0.00,0.00,0.00,Ada Lovelace,ada@example.com,Ada Lovelace',
    );
  });

  it('given a search, then the export holds only the matching rows', async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const res = await adminCall(
      t.app,
      'GET',
      `/api/admin/enrollments/export.csv?minPosition=${position}&status=completed`,
    );
    const ids = (await res.text())
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids.sort()).toEqual(['free-1', 'paid-1']);
  });
});

describe('enrollment history', () => {
  it('given a paid enrollment, then its history lists every event of its stream in order with time and actor', async () => {
    t = await makeTestApp();
    const position = await givenEnrollments();
    const res = await adminCall(t.app, 'GET', `/api/admin/enrollments/paid-1/history?minPosition=${position}`);
    expect(res.status).toBe(200);
    const history = (await res.json()) as EnrollmentHistory;
    expect(history.id).toBe('paid-1');
    expect(history.events.map((e) => [e.revision, e.type, e.actor])).toEqual([
      [0, 'EnrollmentSubmitted', 'visitor'],
      [1, 'PaymentSucceeded', 'provider'],
      [2, 'EnrollmentConfirmed', 'system'],
    ]);
    expect(history.events.every((e) => e.at === '2025-06-01T15:00:00.000Z' && e.summary.length > 10)).toBe(true);
  });

  it('given an unknown id, then 404', async () => {
    t = await makeTestApp();
    expect((await adminCall(t.app, 'GET', '/api/admin/enrollments/nobody/history')).status).toBe(404);
  });
});

describe('dashboard', () => {
  it('given the seeded catalogue and enrollments, then the cards show real figures', async () => {
    t = await makeTestApp({ clock: () => new Date('2025-07-01T12:00:00Z') });
    const position = await givenEnrollments();
    const res = await adminCall(t.app, 'GET', `/api/admin/dashboard?minPosition=${position}`);
    // 9 seeded programs; of the 15 seeded workshops, those after 1 July 2025: 2 and 3 (camps), 6, 7, 8, 9, 10
    // and the five courses (11-15).
    expect((await res.json()) as Dashboard).toEqual({
      totalEnrollments: 4,
      activePrograms: 9,
      upcomingWorkshops: 12,
      revenue: 300,
      pastDueBalances: [],
      pastDueInstallments: { count: 0, totalCents: 0, items: [] },
      invoices: { invoicedCents: 0, receivedCents: 0, outstandingCents: 0, overdue: [] },
      // Every seeded workshop is at Plano (issue 41).
      locations: [expect.objectContaining({ name: 'Plano', upcomingWorkshops: 12 })],
    });
  });
});

describe('inbox', () => {
  it('given a contact message then a consultation request, then the inbox lists them newest first', async () => {
    let now = Date.parse('2025-06-01T12:00:00Z');
    t = await makeTestApp({ clock: () => new Date(now) });
    const post = (path: string, body: unknown) =>
      t.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/api/contact', {
      fullname: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'Do you teach teens?',
    });
    now += 60_000;
    const second = await post('/api/consultation', {
      name: 'Alan Turing',
      email: 'alan@example.com',
      preferredDate: 'May 25',
      discussionTopic: 'Team dinner',
    });
    const { position } = (await second.json()) as { position: string };
    const res = await adminCall(t.app, 'GET', `/api/admin/inquiries?minPosition=${position}`);
    const items = (await res.json()) as { kind: string; name: string }[];
    expect(items.map((i) => [i.kind, i.name])).toEqual([
      ['consultation', 'Alan Turing'],
      ['contact', 'Grace Hopper'],
    ]);
    expect(res.headers.get('X-Total-Count')).toBe('2');
  });
});
