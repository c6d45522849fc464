import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import { confirmationEmail } from '../../../service/enrollment/emails/confirmation-email.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/sale/submission.js';
import type { EnrollmentConfirmed } from '../../../contracts/enrollment/events.js';

const AT = '2025-05-01T15:00:00.000Z';
const item = {
  kind: 'workshop' as const,
  id: '4',
  title: 'Princess Tea Party',
  date: '2025-06-07T12:30:00-05:00',
  time: '12:30 PM - 2:00 PM',
  location: 'Plano',
  instructor: 'Margaret Ellison',
  duration: '1.5 hours',
  category: 'tea-party',
  attire: 'Dressy but not formal',
  unitPriceCents: 7500,
};
const submitted = submissionOf({
  enrollmentId: 'e1',
  workshopId: '4',
  programId: null,
  form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', participants: 2 },
  item,
  holdExpiresAt: AT,
  test: false,
  at: new Date(AT),
});
const confirmed: EnrollmentConfirmed = {
  enrollmentId: 'e1',
  orderId: 'ORD-e1',
  orderReference: 'GL-123456',
  paymentMethod: 'Credit Card',
  amountCents: 15000,
  paymentIntentId: 'pi_1',
  confirmedAt: AT,
};

/** An enrollment stored before the API refused line breaks: names and the title carry forged headers. */
const dirtyItem = {
  ...item,
  title: 'Tea\r\nBcc: title@evil.example',
  attire: 'Dressy\nReply-To: attire@evil.example',
  location: 'Plano\u2028X',
};
const dirtyForm = {
  ...EMPTY_FORM,
  firstName: 'Ann\r\nBcc: first@evil.example',
  lastName: 'Lee\u202E',
  email: 'ann@example.com',
  participants: 1,
  participantNames: '',
};
const dirty = submissionOf({
  enrollmentId: 'e2',
  workshopId: '4',
  programId: null,
  form: dirtyForm,
  item: dirtyItem,
  holdExpiresAt: AT,
  test: false,
  at: new Date(AT),
});
const dirtyConfirmed: EnrollmentConfirmed = { ...confirmed, enrollmentId: 'e2', orderId: 'ORD-e2' };

/** The header block of an .eml, each header unfolded onto one line. */
const headersOf = (eml: string) =>
  eml
    .slice(0, eml.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');

/** The MIME parts of an .eml in order, each with its content type and its body decoded. */
function mimeParts(eml: string): { type: string; body: string }[] {
  const parts: { type: string; body: string }[] = [];
  const boundaries = [...eml.replace(/\r\n[ \t]+/g, ' ').matchAll(/boundary="([^"]+)"/g)].map((m) => m[1]!);
  const delimiter = new RegExp(
    `\r\n--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})(?:--)?\r\n`,
  );
  for (const chunk of eml.split(delimiter).slice(1)) {
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const raw = chunk.slice(split + 4);
    const type = /^Content-Type: ([^;\r\n]+)/im.exec(head)?.[1] ?? '';
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              raw
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8')
          : raw;
    if (type) parts.push({ type, body });
  }
  return parts;
}

describe('outbox mailer', () => {
  it('given a confirmation, then its .eml is multipart/mixed: the letter as text and HTML alternatives, then the receipt and the .ics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    await new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>').send(
      await confirmationEmail(submitted, confirmed, new Date(AT), 'https://greatlakesetiquette.com'),
    );
    const eml = readFileSync(join(dir, 'ORD-e1.eml'), 'utf8');
    expect(headersOf(eml).find((h) => h.startsWith('Content-Type:'))).toMatch(/^Content-Type: multipart\/mixed;/);
    const parts = mimeParts(eml);
    // The alternatives in the order RFC 2046 asks: plainest first, so a client shows the HTML.
    expect(parts.map((p) => p.type)).toEqual([
      'multipart/alternative',
      'text/plain',
      'text/html',
      'text/plain',
      'application/pdf',
      'text/calendar',
    ]);
    const [, text, html, receipt, pdf, ics] = parts;
    expect(text!.body).toContain('Dear Ann,');
    expect(text!.body).toContain('Please arrive 15 minutes early.');
    expect(html!.body).toMatch(/^<!DOCTYPE html/);
    expect(html!.body).toContain('Your enrollment is confirmed</h1>');
    expect(html!.body).toContain('Princess Tea Party');
    expect(html!.body).toContain('href="https://greatlakesetiquette.com/order-confirmation?orderId=ORD-e1"');
    expect(receipt!.body).toContain('RECEIPT');
    // Sent in base64 and decoded here: a PDF (receipt-pdf.int.test.ts reads its text back).
    expect(pdf!.body.slice(0, 5)).toBe('%PDF-');
    expect(ics!.body).toContain('BEGIN:VCALENDAR');
  });

  it('given a confirmation sent twice, then one .eml named after the order holds the letter, the receipt and a text/calendar attachment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>');
    const message = await confirmationEmail(submitted, confirmed, new Date(AT));
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

  it('given stored names and a title holding CR/LF, when the confirmation is written, then no header is added and the subject stays one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    await new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>').send(
      await confirmationEmail(dirty, dirtyConfirmed, new Date(AT)),
    );
    const eml = readFileSync(join(dir, 'ORD-e2.eml'), 'utf8');
    const headers = headersOf(eml);
    expect(headers.filter((h) => /^(bcc|cc|reply-to):/i.test(h))).toEqual([]);
    expect(headers.filter((h) => h.startsWith('To:'))).toEqual(['To: ann@example.com']);
    expect(headers.filter((h) => h.startsWith('Subject:'))).toEqual([
      'Subject: Your enrollment is confirmed: Tea Bcc: title@evil.example (ORD-e2)',
    ]);
  });

  it('given those stored values, then the letter and the receipt keep each on the line it belongs to', async () => {
    const message = await confirmationEmail(dirty, dirtyConfirmed, new Date(AT));
    const lines = message.text.split('\n');
    expect(lines).toContain('Dear Ann Bcc: first@evil.example,');
    expect(lines).toContain('Attire: Dressy Reply-To: attire@evil.example.');
    expect(lines.filter((l) => /^(Bcc|Reply-To|X):?/.test(l))).toEqual([]);
    const receipt = message.attachments[0]!.content;
    expect(receipt).toContain('Billed to:'.padEnd(24) + 'Ann Bcc: first@evil.example Lee\n');
    expect(receipt).toContain('\nTea Bcc: title@evil.example\n');
    expect(receipt).toContain('Location:'.padEnd(24) + 'Plano X\n');
    expect(receipt).not.toMatch(/[\r\u2028\u202E]/);
  });

  it('given a stored recipient that is not one plain address, when sent, then it is refused and nothing is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = new OutboxMailer(dir, 'Great Lakes Etiquette <hello@greatlakesetiquette.com>');
    for (const to of [
      'ann@example.com\r\nBcc: evil@example.com',
      'x:evil@example.com;',
      'ann@example.com, evil@example.com',
      'Ann <ann@example.com>',
    ]) {
      const message = { ...(await confirmationEmail(submitted, confirmed, new Date(AT))), to };
      await expect(mailer.send(message)).rejects.toThrow(/not one plain e-mail address/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
