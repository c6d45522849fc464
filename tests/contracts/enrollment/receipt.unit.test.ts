import { describe, expect, it } from 'vitest';
import { receiptFileName, receiptText } from '../../../contracts/enrollment/receipt.js';
import { sessionEnd, workshopIcs } from '../../../service/enrollment/emails/ics.js';

const item = {
  kind: 'workshop' as const,
  id: '1',
  title: "Children's Etiquette Camp",
  date: '2025-06-23T10:00:00-05:00',
  time: '10:00 AM - 11:30 AM',
  location: '5800 Legacy Drive, Plano',
  instructor: 'Margaret Ellison',
  duration: '4 days (90 minutes a day)',
  category: 'summer',
  attire: 'Casual',
  unitPriceCents: 25000,
};

describe('receipt and calendar file', () => {
  it('given an order id, then the receipt file is named {product}-Receipt-{orderId}.txt', () => {
    expect(receiptFileName('ORD-abc')).toBe('GreatLakesEtiquette-Receipt-ORD-abc.txt');
  });

  it('given an order, then the receipt has the school, ids, workshop, date, place, attendees, amounts and payment method', () => {
    const text = receiptText('ORD-abc', {
      orderReference: 'GL-654321',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item,
      attendees: ['Lily Whitfield', 'Rose Whitfield'],
      participants: 2,
      subtotalCents: 50000,
      taxCents: 0,
      amountCents: 50000,
      contactName: 'Eleanor Whitfield',
      refundedCents: 0,
    });
    for (const expected of [
      'Great Lakes School of Etiquette',
      'ORD-abc',
      'GL-654321',
      'Credit Card',
      "Children's Etiquette Camp",
      'Monday, June 23, 2025',
      '10:00 AM - 11:30 AM',
      '5800 Legacy Drive, Plano',
      '1. Lily Whitfield',
      '2. Rose Whitfield',
      'Tax:'.padEnd(24) + '$0.00',
      'Total:'.padEnd(24) + '$500.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('given two children with their own details, then the receipt lists each child with age, grade, school, diet and photography', () => {
    const child = {
      hasDietaryRestrictions: false,
      dietaryRestrictions: '',
      photographyConsent: true,
      allowNameWithPhoto: true,
      photographyOptOut: false,
    };
    const text = receiptText('ORD-abc', {
      orderReference: 'GL-654321',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item,
      attendees: ['Lily Whitfield', 'Theo Whitfield'],
      participantDetails: [
        { ...child, name: 'Lily Whitfield', age: 8, grade: '3rd', school: 'Hedgcoxe Elementary' },
        {
          ...child,
          name: 'Theo Whitfield',
          age: 11,
          grade: '6th',
          school: 'Rice Middle\nSchool',
          hasDietaryRestrictions: true,
          dietaryRestrictions: 'No peanuts',
          photographyOptOut: true,
          photographyConsent: false,
          allowNameWithPhoto: false,
        },
      ],
      participants: 2,
      subtotalCents: 50000,
      taxCents: 0,
      amountCents: 50000,
      contactName: 'Eleanor Whitfield',
      refundedCents: 0,
    });
    const attendees = text.slice(text.indexOf('ATTENDEES'), text.indexOf('AMOUNTS'));
    expect(attendees).toBe(
      [
        'ATTENDEES (2)',
        '  1. Lily Whitfield',
        '     Age:                    8',
        '     Grade:                  3rd',
        '     School:                 Hedgcoxe Elementary',
        '     Dietary restrictions:   None',
        '     Photography:            Photos allowed, with first name',
        '  2. Theo Whitfield',
        '     Age:                    11',
        '     Grade:                  6th',
        // A stored line break stays off the receipt's own lines.
        '     School:                 Rice Middle School',
        '     Dietary restrictions:   No peanuts',
        '     Photography:            Opted out: no photographs',
        '',
        '',
      ].join('\n'),
    );
  });

  it('given a couple at the group price, then the receipt shows the group price line and the $250 total', () => {
    const text = receiptText('ORD-dinner', {
      orderReference: 'GL-111111',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item: { ...item, title: 'Etiquette After Dark - Dinner', unitPriceCents: 15000 },
      attendees: ['Eleanor Whitfield', 'James Whitfield'],
      participants: 2,
      subtotalCents: 25000,
      taxCents: 0,
      amountCents: 25000,
      contactName: 'Eleanor Whitfield',
      refundedCents: 0,
    });
    expect(text).toContain('Group price:'.padEnd(24) + '2 for $250.00');
    expect(text).toContain('Total:'.padEnd(24) + '$250.00');
  });

  it('given the order as the confirmation page reads it (no names), then the attendees heading is followed by where the names are, not left bare', () => {
    const text = receiptText('ORD-abc', {
      orderReference: 'GL-654321',
      confirmedAt: '2025-05-01T15:00:00.000Z',
      submittedAt: '2025-05-01T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item,
      participants: 2,
      subtotalCents: 50000,
      taxCents: 0,
      amountCents: 50000,
      refundedCents: 0,
    });
    expect(text).toContain(
      'ATTENDEES (2)\n  Their names are on the receipt attached to your confirmation e-mail and on your booking page.\n\nAMOUNTS',
    );
  });

  it('given an unknown order, then the receipt still carries the order id', () => {
    expect(receiptText('FREE-xyz', null)).toContain('FREE-xyz');
  });

  it('given a four-day camp 10:00-11:30 CDT, then the .ics starts 15:00Z, ends 16:30Z and repeats daily 4 times', () => {
    expect(sessionEnd(item.date, item.time).toISOString()).toBe('2025-06-23T16:30:00.000Z');
    const ics = workshopIcs({ uid: 'ORD-abc@x', item, orderId: 'ORD-abc', stamp: new Date('2025-05-01T15:00:00Z') })!;
    expect(ics).toContain('DTSTART:20250623T150000Z\r\nDTEND:20250623T163000Z\r\nRRULE:FREQ=DAILY;COUNT=4');
    expect(ics).toContain("SUMMARY:Children's Etiquette Camp");
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('given a course joined late at session 2 of 4, then the receipt lists the sessions attended and the share priced pro rata', () => {
    const sessions = [2, 9, 16, 23].map((d) => ({
      startsAt: `2025-08-${String(d).padStart(2, '0')}T10:00:00-05:00`,
      endsAt: `2025-08-${String(d).padStart(2, '0')}T11:30:00-05:00`,
    }));
    const text = receiptText('ORD-late', {
      orderReference: 'GL-222222',
      confirmedAt: '2025-08-03T15:00:00.000Z',
      submittedAt: '2025-08-03T14:58:00.000Z',
      paymentMethod: 'Credit Card',
      item: {
        ...item,
        title: 'Manners & Me',
        unitPriceCents: 22500,
        sessions,
        fromSession: 2,
        date: sessions[0]!.startsAt,
      },
      attendees: ['Lily Whitfield'],
      participants: 1,
      subtotalCents: 16875,
      taxCents: 0,
      amountCents: 16875,
      contactName: 'Eleanor Whitfield',
      refundedCents: 0,
    });
    expect(text).toContain('Sessions:'.padEnd(24) + '3 of 4 sessions');
    expect(text).toContain('  Session 2: Saturday, August 9, 2025, 10:00 – 11:30 AM');
    expect(text).not.toContain('  Session 1:');
    expect(text).toContain('Joined late:'.padEnd(24) + '3 of 4 sessions, priced pro rata');
    expect(text).not.toContain('Group price');
    expect(text).toContain('Total:'.padEnd(24) + '$168.75');
  });
});
