import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../service/mail/outbox.js';
import { confirmationEmail } from '../../service/mail/confirmation-email.js';
import { EMPTY_FORM, submissionOf } from '../../service/enrollment/submission.js';
import type { EnrollmentConfirmed } from '../../contracts/enrollment/events.js';

const AT = '2025-05-01T15:00:00.000Z';
const item = { kind: 'workshop' as const, id: '4', title: 'Princess Tea Party', date: '2025-06-07T12:30:00-05:00', time: '12:30 PM - 2:00 PM', location: 'Plano', instructor: 'Margaret Ellison', duration: '1.5 hours', category: 'tea-party', attire: 'Dressy but not formal', unitPriceCents: 7500 };
const submitted = submissionOf({ enrollmentId: 'e1', workshopId: '4', programId: null, form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', participants: 2 }, item, holdExpiresAt: AT, test: false, at: new Date(AT) });
const confirmed: EnrollmentConfirmed = { enrollmentId: 'e1', orderId: 'ORD-e1', orderReference: 'GL-123456', paymentMethod: 'Credit Card', amountCents: 15000, paymentIntentId: 'pi_1', confirmedAt: AT };

describe('outbox mailer', () => {
  it('given a confirmation sent twice, then one .eml named after the order holds the letter, the receipt and a text/calendar attachment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>');
    const message = confirmationEmail(submitted, confirmed, new Date(AT));
    await mailer.send(message);
    await mailer.send(message);
    expect(readdirSync(dir)).toEqual(['ORD-e1.eml']);
    const eml = readFileSync(join(dir, 'ORD-e1.eml'), 'utf8');
    expect(eml).toMatch(/^Message-ID: <ORD-e1@greatlakesetiquette\.com>/m);
    expect(eml).toMatch(/^To: ann@example\.com/m);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;/);
    expect(eml).toContain('filename=GreatLakesEtiquette-ORD-e1.ics');
    expect(eml).toContain('filename=GreatLakesEtiquette-Receipt-ORD-e1.txt');
  });
});
