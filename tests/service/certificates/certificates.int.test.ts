import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import { AFTER, booked as bookedIn, CERTIFICATE, DINNER, mark } from './support.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { CertificateVerification, EligibleChild, IssuedCertificate } from '../../../contracts/certificates/api.js';
import { certificatesStream, type CertificateIssued } from '../../../contracts/certificates/events.js';
import { certificateLinksFor, verificationAddress } from '../../../service/certificates/certificate-link.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../support/pdf-text.js';
import { MemoryMailer } from '../../support/memory-mailer.js';

const clock = { now: AFTER };

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const booked = (id: string, marks: EnrollmentEvent[] = []) => bookedIn(t.eventStore, id, marks);

async function withCertificate(o: { mailer?: MemoryMailer } = {}) {
  const { mailer } = o;
  t = await makeTestApp({
    clock: () => clock.now,
    ...(mailer ? { reactors: true, env: { PUBLIC_URL: 'https://school.example' }, extra: () => ({ mailer }) } : {}),
  });
  clock.now = AFTER;
  const res = await adminCall(t.app, 'PUT', `/api/admin/programs/10/certificate`, { body: CERTIFICATE });
  expect(res.status, await res.clone().text()).toBe(200);
}

const issue = (body: unknown = {}) => adminCall(t.app, 'POST', `/api/admin/workshops/${DINNER}/certificates`, { body });

describe('certificates: who has earned one', () => {
  it('given a program certificate, when the body is malformed, then 400 naming the field; an unknown program 404', async () => {
    t = await makeTestApp({ clock: () => clock.now });
    for (const [body, field] of [
      [{ ...CERTIFICATE, minSessionsPresent: 0 }, 'minSessionsPresent'],
      [{ ...CERTIFICATE, title: '' }, 'title'],
      [{ ...CERTIFICATE, signerName: undefined }, 'signerName'],
      [{ ...CERTIFICATE, extra: 1 }, ''],
    ] as const) {
      const res = await adminCall(t.app, 'PUT', `/api/admin/programs/10/certificate`, { body });
      expect(res.status).toBe(400);
      const error = (await res.json()) as { issues: { path: string }[] };
      if (field) expect(error.issues[0]!.path).toBe(field);
    }
    expect((await adminCall(t.app, 'PUT', `/api/admin/programs/nope/certificate`, { body: CERTIFICATE })).status).toBe(
      404,
    );
  });

  it('given a program, when its certificate is read before and after it is set, then null, then what was set', async () => {
    t = await makeTestApp({ clock: () => clock.now });
    const read = async () => {
      const res = await adminCall(t.app, 'GET', `/api/admin/programs/10/certificate`);
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await read()).toBeNull();
    expect((await adminCall(t.app, 'PUT', `/api/admin/programs/10/certificate`, { body: CERTIFICATE })).status).toBe(
      200,
    );
    expect(await read()).toEqual(CERTIFICATE);
    expect((await adminCall(t.app, 'GET', `/api/admin/programs/nope/certificate`)).status).toBe(404);
  });

  it('given children present, absent and at a make-up, when the office looks after the last session, then only those present are eligible', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true), mark('fam-a', 1, false)]);
    await booked('fam-b', [mark('fam-b', 0, false), mark('fam-b', 0, true, '11')]);
    await t.settle();
    const res = await adminCall(t.app, 'GET', `/api/admin/workshops/${DINNER}/certificates`);
    expect(res.status, await res.clone().text()).toBe(200);
    const eligible = (await res.json()) as EligibleChild[];
    expect(eligible.map((e) => [e.enrollmentId, e.participant, e.number])).toEqual([
      ['fam-a', 0, null],
      ['fam-b', 0, null],
    ]);
  });

  it('given a workshop whose last session has not ended, when certificates are issued, then 409 and none given', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    clock.now = new Date('2025-07-19T20:00:00-05:00');
    expect((await issue()).status).toBe(409);
    expect(await t.eventStore.readStream(certificatesStream(2025))).toEqual([]);
  });

  it('given a workshop without a program certificate, when certificates are issued, then 409', async () => {
    t = await makeTestApp({ clock: () => clock.now });
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    expect((await issue()).status).toBe(409);
  });

  it('when participants names an index outside the eligible list, then 400 naming participants', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    for (const body of [{ participants: [5] }, { participants: ['x'] }]) {
      const res = await issue(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^participants/);
    }
  });
});

describe('certificates: numbers under concurrency', () => {
  it('given 30 children present, when two offices issue at once, then 30 numbers, consecutive, none given twice', async () => {
    await withCertificate();
    for (let i = 0; i < 15; i++) await booked(`fam-${i}`, [mark(`fam-${i}`, 0, true), mark(`fam-${i}`, 1, true)]);
    await t.settle();
    const answers = await Promise.all([issue(), issue()]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as IssuedCertificate[][];
    expect(first).toHaveLength(30);
    expect(second).toEqual(first);
    const numbers = first!.map((c) => c.number).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `GL-C-2025-${String(i + 1).padStart(5, '0')}`));
    const events = await t.eventStore.readStream(certificatesStream(2025));
    expect(events.filter((e) => e.type === 'CertificateIssued')).toHaveLength(30);
  });
});

describe('certificates: anyone can verify', () => {
  it('given an issued certificate, when anyone asks by its number or its QR address, then valid, the holder as first name and initial', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    expect(issued).toEqual({ number: 'GL-C-2025-00001', participantName: 'Lily Whitfield' });
    const signed = certificateLinksFor(t.deps.config).token(issued!.number);
    for (const asked of [issued!.number, signed]) {
      const res = await t.app.request(`/api/certificates/${asked}`);
      expect(res.status).toBe(200);
      expect((await res.json()) as CertificateVerification).toEqual({
        valid: true,
        holder: 'Lily W.',
        program: 'Etiquette After Dark',
        completedOn: '2025-07-19',
        issuedAt: AFTER.toISOString(),
      });
    }
    for (const unknown of ['GL-C-2025-00002', 'GL-C-1999-00001', 'nonsense', `${signed.slice(0, -2)}AA`]) {
      expect((await t.app.request(`/api/certificates/${unknown}`)).status).toBe(404);
    }
  });

  it('given an issued certificate, when the office revokes it (only with a reason), then it answers valid false, "revoked"', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    const revoke = (body: unknown) =>
      adminCall(t.app, 'POST', `/api/admin/certificates/${issued!.number}/revoke`, { body });
    const noReason = await revoke({});
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: string }).error).toMatch(/^reason:/);
    expect((await revoke({ reason: 'Issued to the wrong child' })).status).toBe(200);
    const answer = (await (
      await t.app.request(`/api/certificates/${issued!.number}`)
    ).json()) as CertificateVerification;
    expect(answer).toMatchObject({ valid: false, holder: '' });
    expect(answer.revoked).toMatch(/revoked/);
  });
});

describe('certificates: the verification page', () => {
  const page = async (path: string) => {
    const res = await t.app.request(path, { headers: { Accept: 'text/html' } });
    return {
      status: res.status,
      type: res.headers.get('Content-Type'),
      cache: res.headers.get('Cache-Control'),
      html: await res.text(),
    };
  };

  it('given an issued certificate, when its QR address or its number is opened, then the page says valid, the holder as first name and initial, the program and dates, and not the full name', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    const qr = new URL(verificationAddress(t.deps.config, issued!.number)).pathname;
    expect(qr).toMatch(/^\/certificate\/GL-C-2025-00001\./);
    for (const path of [qr, `/certificate/${issued!.number}`]) {
      const { status, type, cache, html } = await page(path);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/html/);
      expect(cache).toBe('no-store');
      expect(html).toContain('<h1>Certificate verified</h1>');
      expect(html).toContain('is valid');
      expect(html).toContain('GL-C-2025-00001');
      expect(html).toContain('Lily W.');
      expect(html).toContain('Etiquette After Dark');
      expect(html).toContain('July 19, 2025');
      expect(html).toContain('July 21, 2025');
      expect(html).not.toContain('Whitfield');
      expect(html).not.toContain('Harriet');
      expect(html).not.toContain('<script');
    }
  });

  it('given a revoked certificate, when its page is opened, then it says "revoked" and names no holder', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    expect((await page(`/certificate/${issued!.number}`)).html).toContain('Lily W.');
    const revoked = await adminCall(t.app, 'POST', `/api/admin/certificates/${issued!.number}/revoke`, {
      body: { reason: 'Issued to the wrong child' },
    });
    expect(revoked.status).toBe(200);
    const { status, html } = await page(`/certificate/${issued!.number}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Certificate revoked</h1>');
    expect(html).toMatch(/was revoked/);
    expect(html).not.toContain('is valid');
    expect(html).not.toContain('Lily');
    expect(html).not.toContain('Whitfield');
    expect(html).not.toContain('Issued to the wrong child');
  });

  it('given no such certificate, when its page is opened (unknown, malformed or altered), then 404 and a friendly page', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    const signed = certificateLinksFor(t.deps.config).token(issued!.number);
    for (const unknown of ['GL-C-2025-00002', 'nonsense', `${signed.slice(0, -2)}AA`]) {
      const { status, type, html } = await page(`/certificate/${unknown}`);
      expect(status).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(html).toContain('<h1>Certificate not found</h1>');
      expect(html).toContain('We have no certificate with this number');
      expect(html).toContain('<a href="/">Back to the site</a>');
      expect(html).not.toContain('Lily');
    }
  });
});

describe('certificates: erasure', () => {
  it('given a family with a certificate, when the owner erases the family, then it is revoked by erasure and answers valid false, "revoked"', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await booked('fam-b', [mark('fam-b', 0, true)]);
    await t.settle();
    const issued = (await (await issue()).json()) as IssuedCertificate[];
    expect(issued).toHaveLength(2);
    const erased = await adminCall(t.app, 'POST', '/api/admin/privacy/erasures', {
      body: { email: 'fam-a@example.com' },
    });
    expect(erased.status, await erased.clone().text()).toBe(202);
    const events = await t.eventStore.readStream(certificatesStream(2025));
    const numberOf = (id: string) =>
      (events.map((e) => e.data as CertificateIssued).find((d) => d.enrollmentId === id) as CertificateIssued).number;
    expect(events.filter((e) => e.type === 'CertificateRevoked').map((e) => e.data)).toEqual([
      expect.objectContaining({ number: numberOf('fam-a'), by: 'erasure' }),
    ]);
    const answer = (await (
      await t.app.request(`/api/certificates/${numberOf('fam-a')}`)
    ).json()) as CertificateVerification;
    expect(answer).toMatchObject({ valid: false, holder: '' });
    expect(answer.revoked).toMatch(/revoked/);
    const other = (await (
      await t.app.request(`/api/certificates/${numberOf('fam-b')}`)
    ).json()) as CertificateVerification;
    expect(other).toMatchObject({ valid: true, holder: 'Lily W.' });
  });
});

describe('certificates: the PDF', () => {
  it('given an issued certificate, when the office or the family opens it, then one landscape page names the child, program, number, signer', async () => {
    await withCertificate();
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    const res = await adminCall(t.app, 'GET', `/api/admin/certificates/${issued!.number}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBe(1);
    for (const words of ['Lily Whitfield', 'Etiquette After Dark', issued!.number, 'Margaret Ellison', 'July 19, 2025'])
      expect(text).toContain(words);
    const doc = await PDFDocument.load(bytes);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);

    const link = bookingLinksFor(t.deps.config)!.token('fam-a');
    const family = await t.app.request(`/api/bookings/${link}/certificates/${issued!.number}`);
    expect(family.status).toBe(200);
    expect(family.headers.get('content-type')).toBe('application/pdf');
    const other = bookingLinksFor(t.deps.config)!.token('fam-b');
    expect((await t.app.request(`/api/bookings/${other}/certificates/${issued!.number}`)).status).toBe(404);
  });
});

describe('certificates: the e-mail', () => {
  it('given certificates issued, when the reactors run (and run again), then the family gets one e-mail per child, greeted by name, the PDF attached', async () => {
    const mailer = new MemoryMailer();
    await withCertificate({ mailer });
    await booked('fam-a', [mark('fam-a', 0, true), mark('fam-a', 1, true)]);
    await t.settle();
    const before = mailer.sent.length;
    const issued = (await (await issue()).json()) as IssuedCertificate[];
    expect(issued).toHaveLength(2);
    await t.settle();
    const sent = mailer.sent.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['fam-a@example.com', 'fam-a@example.com']);
    for (const [i, { number, participantName }] of issued.entries()) {
      const message = sent.find((m) => m.messageId.includes(number))!;
      expect(message.text).toMatch(/^Dear Harriet,\n/);
      expect(message.subject).toContain(participantName);
      expect(message.text).toContain(number);
      expect(message.text).toContain('https://school.example/certificate/');
      expect(message.attachments).toHaveLength(1);
      const [pdf] = message.attachments;
      expect(pdf).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
      expect(pdf!.filename).toContain(number);
      const { text, pages } = await pdfText(new Uint8Array(Buffer.from(pdf!.content, 'base64')));
      expect(pages, `certificate ${i}`).toBe(1);
      expect(text).toContain(participantName);
      expect(text).toContain(number);
    }

    await t.replayReactors();
    const again = mailer.sent.slice(before);
    // Delivered again, each certificate is the same message (its Message-ID), not a new one.
    expect(new Set(again.map((m) => m.messageId)).size).toBe(2);
  });

  it('given a certificate revoked before its e-mail left, then none is sent', async () => {
    const mailer = new MemoryMailer();
    await withCertificate({ mailer });
    await booked('fam-a', [mark('fam-a', 0, true)]);
    await t.settle();
    const before = mailer.sent.length;
    await t.runner.stop();
    const [issued] = (await (await issue()).json()) as IssuedCertificate[];
    expect(
      (
        await adminCall(t.app, 'POST', `/api/admin/certificates/${issued!.number}/revoke`, {
          body: { reason: 'Wrong child' },
        })
      ).status,
    ).toBe(200);
    await t.replayReactors();
    expect(mailer.sent.slice(before).filter((m) => m.messageId.includes(issued!.number))).toEqual([]);
  });
});
