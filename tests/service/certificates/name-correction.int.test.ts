import { afterEach, describe, expect, it } from 'vitest';
import type {
  CertificateVerification,
  CorrectedCertificate,
  EligibleChild,
  FamilyCertificate,
  IssuedCertificate,
} from '../../../contracts/certificates/api.js';
import { certificatesStream } from '../../../contracts/certificates/events.js';
import { bookingLinksFor } from '../../../service/enrollment/after-sale/booking-link.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';
import { pdfText } from '../../support/pdf-text.js';
import { adminCall } from '../admin/support.js';
import { AFTER, booked, CERTIFICATE, DINNER, mark } from './support.js';

/** The office corrects the child's name a day after issuing. */
const CORRECTED_AT = new Date('2025-07-22T15:00:00Z');
const clock = { now: AFTER };

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Lily Whitfield's certificate of the dinner, issued. */
async function lilysCertificate(mailer?: MemoryMailer): Promise<string> {
  clock.now = AFTER;
  t = await makeTestApp({
    clock: () => clock.now,
    ...(mailer ? { reactors: true, env: { PUBLIC_URL: 'https://school.example' }, extra: () => ({ mailer }) } : {}),
  });
  expect((await adminCall(t.app, 'PUT', `/api/admin/programs/10/certificate`, { body: CERTIFICATE })).status).toBe(200);
  await booked(t.eventStore, 'fam-a', [mark('fam-a', 0, true)]);
  await t.settle();
  const res = await adminCall(t.app, 'POST', `/api/admin/workshops/${DINNER}/certificates`, { body: {} });
  expect(res.status, await res.clone().text()).toBe(201);
  const [issued] = (await res.json()) as IssuedCertificate[];
  expect(issued!.participantName).toBe('Lily Whitfield');
  return issued!.number;
}

const correct = (number: string, body: unknown) => {
  clock.now = CORRECTED_AT;
  return adminCall(t.app, 'POST', `/api/admin/certificates/${number}/correct-name`, { body });
};

describe('certificates: a corrected name', () => {
  it('given an issued certificate, when the office corrects the name, then it is reissued under the same number: the verification, its page, the PDF and the family’s list read the new name, and an earlier copy is superseded', async () => {
    const number = await lilysCertificate();
    const res = await correct(number, { name: '  Lilly Whitfield-Hart ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as CorrectedCertificate).toMatchObject({
      number,
      participantName: 'Lilly Whitfield-Hart',
      holder: 'Lilly W.',
      reissuedAt: CORRECTED_AT.toISOString(),
    });

    const events = await t.eventStore.readStream(certificatesStream(2025));
    expect(events.map((e) => e.type)).toEqual(['CertificateIssued', 'CertificateReissued']);
    expect(events[1]!.data).toMatchObject({ number, holder: 'Lilly W.' });

    const verified = (await (await t.app.request(`/api/certificates/${number}`)).json()) as CertificateVerification;
    expect(verified).toMatchObject({ valid: true, holder: 'Lilly W.', reissuedAt: CORRECTED_AT.toISOString() });

    const page = await (await t.app.request(`/certificate/${number}`, { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain('Lilly W.');
    expect(page).toContain('Reissued on');
    expect(page).toMatch(/superseded/);
    expect(page).not.toContain('Lily W.');

    const pdf = await adminCall(t.app, 'GET', `/api/admin/certificates/${number}/pdf`);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Lilly Whitfield-Hart');
    expect(text).toContain(number);
    expect(text).toMatch(/Reissued July 22, 2025: supersedes earlier copies/);

    const token = bookingLinksFor(t.deps.config)!.token('fam-a');
    const listed = (await (await t.app.request(`/api/bookings/${token}/certificates`)).json()) as FamilyCertificate[];
    expect(listed.map((c) => [c.number, c.participantName])).toEqual([[number, 'Lilly Whitfield-Hart']]);

    // The office's roster lists the child as booked, and the certificate as it now reads.
    const roster = await adminCall(t.app, 'GET', `/api/admin/workshops/${DINNER}/certificates`);
    expect(
      ((await roster.json()) as EligibleChild[]).map((c) => [c.participantName, c.number, c.certificateName]),
    ).toEqual([['Lily Whitfield', number, 'Lilly Whitfield-Hart']]);
  });

  it('given a certificate never corrected, then its verification and PDF say nothing of a reissue', async () => {
    const number = await lilysCertificate();
    const verified = (await (await t.app.request(`/api/certificates/${number}`)).json()) as CertificateVerification;
    expect(verified).not.toHaveProperty('reissuedAt');
    const pdf = await adminCall(t.app, 'GET', `/api/admin/certificates/${number}/pdf`);
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text).not.toMatch(/Reissued/);
  });

  it('when the name is the same as it reads, then nothing is reissued', async () => {
    const number = await lilysCertificate();
    const res = await correct(number, { name: 'Lily Whitfield' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CorrectedCertificate).reissuedAt).toBeNull();
    const events = await t.eventStore.readStream(certificatesStream(2025));
    expect(events.map((e) => e.type)).toEqual(['CertificateIssued']);
  });

  it('when the body is malformed, then 400 naming the field, and nothing is reissued', async () => {
    const number = await lilysCertificate();
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'L'.repeat(101) }, 'name'],
      [{ name: 'Lilly Whitfield', rating: 5 }, ''],
    ] as const) {
      const res = await correct(number, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { error: string; code: string };
      if (field) expect(error.error).toMatch(/^name:/);
    }
    const events = await t.eventStore.readStream(certificatesStream(2025));
    expect(events.map((e) => e.type)).toEqual(['CertificateIssued']);
  });

  it('given an unknown number, then 404; a malformed one, 400; a revoked certificate, 409', async () => {
    const number = await lilysCertificate();
    expect((await correct('GL-C-2025-00099', { name: 'Lilly Whitfield' })).status).toBe(404);
    expect((await correct('nonsense', { name: 'Lilly Whitfield' })).status).toBe(400);
    const revoked = await adminCall(t.app, 'POST', `/api/admin/certificates/${number}/revoke`, {
      body: { reason: 'Issued to the wrong child' },
    });
    expect(revoked.status).toBe(200);
    expect((await correct(number, { name: 'Lilly Whitfield' })).status).toBe(409);
    const roster = await adminCall(t.app, 'GET', `/api/admin/workshops/${DINNER}/certificates`);
    expect(((await roster.json()) as EligibleChild[])[0]).toMatchObject({
      number,
      revoked: 'Issued to the wrong child',
    });
  });
});

describe('certificates: a corrected name, e-mailed again', () => {
  const corrections = (mailer: MemoryMailer, number: string) =>
    mailer.sent.filter((m) => m.messageId.startsWith(`<certificate-${number}-reissued-`));

  it('given an issued certificate e-mailed, when the office corrects the name twice (and the reactors run again), then the family gets one e-mail per correction, saying it replaces the earlier copy, the PDF with the new name attached', async () => {
    const mailer = new MemoryMailer();
    const number = await lilysCertificate(mailer);
    await t.settle();
    expect(mailer.sent.filter((m) => m.messageId.includes(number))).toHaveLength(1);

    expect((await correct(number, { name: 'Lilly Whitfield-Hart' })).status).toBe(200);
    await t.settle();
    let sent = corrections(mailer, number);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.to).toBe('fam-a@example.com');
    expect(message!.subject).toBe('Corrected certificate of completion: Lilly Whitfield-Hart, Etiquette After Dark');
    expect(message!.text).toMatch(/^Dear Harriet,\n/);
    expect(message!.text).toMatch(/replaces the earlier copy/);
    expect(message!.text).toContain(number);
    expect(message!.html).toMatch(/replaces the earlier copy/);
    expect(message!.attachments).toHaveLength(1);
    const { text, pages } = await pdfText(new Uint8Array(Buffer.from(message!.attachments[0]!.content, 'base64')));
    expect(pages).toBe(1);
    expect(text).toContain('Lilly Whitfield-Hart');
    expect(text).not.toContain('Lily Whitfield');
    expect(text).toMatch(/supersedes earlier copies/);

    expect((await correct(number, { name: 'Lilly Hart' })).status).toBe(200);
    await t.settle();
    await t.replayReactors();
    sent = corrections(mailer, number);
    // Delivered again, each correction is the same message (its Message-ID), not a new one.
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(2);
    expect(sent.at(-1)!.subject).toContain('Lilly Hart');
  });

  it('when the name is corrected to what it already reads, then no e-mail is sent', async () => {
    const mailer = new MemoryMailer();
    const number = await lilysCertificate(mailer);
    await t.settle();
    const before = mailer.sent.length;
    expect((await correct(number, { name: 'Lily Whitfield' })).status).toBe(200);
    await t.settle();
    expect(mailer.sent.slice(before)).toEqual([]);
  });
});
