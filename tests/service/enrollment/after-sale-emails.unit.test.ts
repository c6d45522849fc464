import { describe, expect, it } from 'vitest';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import {
  cancellationEmail,
  cancellationMessageId,
  transferEmail,
  transferMessageId,
} from '../../../service/enrollment/emails/after-sale-emails.js';
import { submitted } from '../../support/enrollment-events.js';
import { visibleText as seen } from '../../support/email-html.js';

const PUBLIC_URL = 'https://greatlakesetiquette.com';
const submission = submitted('e1', { participants: 2 }).data as EnrollmentSubmitted;
const evening = {
  ...submission.item,
  id: '9',
  title: 'Etiquette After Dark - Evening',
  date: '2025-09-27T18:00:00-05:00',
  location: 'The Marigold Room, Plano',
};

describe('after-sale e-mails', () => {
  it('given a paid enrollment cancelled by the school with a reason and part refunded, then the text and the HTML both give the reason and the amounts', async () => {
    const mail = await cancellationEmail({
      submission,
      item: submission.item,
      orderId: 'ORD-e1',
      cancelledBy: 'school',
      note: 'The instructor is ill.',
      paidCents: 30_000,
      refunds: [{ to: 'card', cents: 12_000 }],
      publicUrl: PUBLIC_URL,
    });
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Your enrollment is cancelled: Etiquette After Dark - Dinner (ORD-e1)',
      messageId: cancellationMessageId('e1'),
      attachments: [],
    });
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('Dear Ada,');
      expect(part).toContain('Saturday, July 19, 2025');
      expect(part).toContain('has been cancelled by the school');
      expect(part).toContain('Reason: The instructor is ill.');
      expect(part).toContain('We are refunding $120.00 (of the $300.00 you paid)');
    }
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/terms"`);
  });

  it('given a parent who cancelled an unpaid enrollment, then it says so and that nothing was charged', async () => {
    const mail = await cancellationEmail({
      submission,
      item: submission.item,
      orderId: null,
      cancelledBy: 'parent',
      note: null,
      paidCents: 0,
      refunds: [],
    });
    expect(mail.subject).toBe('Your enrollment is cancelled: Etiquette After Dark - Dinner (e1)');
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('has been cancelled, as you asked');
      expect(part).toContain('Nothing was charged');
      expect(part).not.toContain('Reason:');
    }
  });

  it('given a move to a cheaper evening, then the text and the HTML give the new date, place and refund, and the .ics moves the same event', async () => {
    const mail = await transferEmail({
      submission,
      from: submission.item,
      to: evening,
      orderId: 'ORD-e1',
      transferId: 'tr-1',
      refundCents: 6_000,
      sequence: 1,
      now: new Date('2025-07-01T12:00:00Z'),
      publicUrl: PUBLIC_URL,
    });
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Your enrollment has moved: Etiquette After Dark - Evening on Saturday, September 27, 2025 (ORD-e1)',
      messageId: transferMessageId('tr-1'),
    });
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('has moved from Etiquette After Dark - Dinner on Saturday, July 19, 2025');
      expect(part).toContain('Saturday, September 27, 2025');
      expect(part).toContain('The Marigold Room, Plano');
      expect(part).toContain('refunding the difference of $60.00');
      expect(part).toContain('The attached calendar file replaces the old date in your calendar.');
    }
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: expect.stringMatching(/-ORD-e1\.ics$/),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    expect(mail.attachments[0]!.content).toContain('UID:ORD-e1@');
    expect(mail.attachments[0]!.content).toContain('SEQUENCE:1');
  });

  it('given a move at the same price, then the parent reads that the payment carries over', async () => {
    const mail = await transferEmail({
      submission,
      from: submission.item,
      to: evening,
      orderId: 'ORD-e1',
      transferId: 'tr-2',
      refundCents: 0,
      sequence: 2,
      now: new Date('2025-07-01T12:00:00Z'),
    });
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('Your payment carries over; nothing more is due.');
      expect(part).not.toContain('refunding');
    }
  });

  it('given a move to a cheaper date of a booking paid by gift card, then the e-mail says the difference goes back to the gift card, not the card (issue 37 item 5)', async () => {
    const mail = await transferEmail({
      submission,
      from: submission.item,
      to: evening,
      orderId: 'ORD-e1',
      transferId: 'tr-1',
      refundCents: 6_000,
      refunds: [{ to: 'gift-card', cents: 6_000 }],
      sequence: 1,
      now: new Date('2025-07-01T12:00:00Z'),
      publicUrl: PUBLIC_URL,
    });
    for (const part of [mail.text, seen(mail.html!)]) {
      expect(part).toContain('we are refunding the difference of $60.00 to your gift card');
      expect(part).not.toContain('to the card you paid with');
    }
  });
});
