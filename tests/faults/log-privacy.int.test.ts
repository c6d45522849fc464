import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server.js';
import { asNewVisitor } from '../support/visitors.js';
import { ADMIN_KEY, eventually } from './support.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse, VerifyPaymentResponse } from '../../contracts/payments/api.js';

/**
 * Given a real server logging at debug level, when a paid and a free enrollment, a contact message
 * and a consultation request go through the API (with a declined card, a wrong total, an invalid
 * form and admin look-ups on the way), then none of the names, e-mails or phones sent appear in
 * anything the process wrote to stdout or stderr.
 */

// Distinctive values, so a hit cannot be a coincidence.
const PEOPLE = {
  paid: {
    firstName: 'Zephyrine',
    lastName: 'Quillfeather',
    email: 'zephyrine.quillfeather@example.org',
    phone: '(469) 555-0187',
  },
  student: 'Thaddeus Quillfeather',
  emergency1: { name: 'Barnaby Wolstenholme', phone: '469-555-0171' },
  emergency2: { name: 'Perpetua Oyelaran', phone: '+1 469 555 0172' },
  parent2: { name: 'Ignatius Quillfeather', email: 'ignatius.q@example.net', phone: '4695550173' },
  free: {
    firstName: 'Ottoline',
    lastName: 'Marchbanks',
    email: 'ottoline.marchbanks@example.com',
    phone: '214.555.0199',
  },
  freeGuests: 'Cosimo Marchbanks, Rosalind Featherstonehaugh',
  contact: {
    fullname: 'Evangeline Scrimgeour',
    email: 'evangeline.scrimgeour@example.co.uk',
    phone: '972 555 0123',
    company: 'Scrimgeour Haberdashery',
  },
  consultation: { name: 'Fitzwilliam Abernathy', email: 'fitz.abernathy@example.io', phone: '(972) 555-0145' },
};

/** What must never be in the logs: every name part, every e-mail (and its local part), every phone in the forms seen. */
function secrets(): string[] {
  const out = new Set<string>();
  const name = (full: string) =>
    full
      .split(/[\s,]+/)
      .filter((p) => p.length >= 4)
      .forEach((p) => out.add(p));
  const email = (e: string) => {
    out.add(e);
    out.add(e.split('@')[0]!);
  };
  const phone = (p: string) => {
    out.add(p);
    const digits = p.replace(/\D/g, '');
    out.add(digits.slice(-10));
    out.add(digits.slice(-7));
  };
  name(
    `${PEOPLE.paid.firstName} ${PEOPLE.paid.lastName} ${PEOPLE.student} ${PEOPLE.emergency1.name} ${PEOPLE.emergency2.name} ${PEOPLE.parent2.name}`,
  );
  name(
    `${PEOPLE.free.firstName} ${PEOPLE.free.lastName} ${PEOPLE.freeGuests} ${PEOPLE.contact.fullname} ${PEOPLE.contact.company} ${PEOPLE.consultation.name}`,
  );
  [PEOPLE.paid.email, PEOPLE.parent2.email, PEOPLE.free.email, PEOPLE.contact.email, PEOPLE.consultation.email].forEach(
    email,
  );
  [
    PEOPLE.paid.phone,
    PEOPLE.emergency1.phone,
    PEOPLE.emergency2.phone,
    PEOPLE.parent2.phone,
    PEOPLE.free.phone,
    PEOPLE.contact.phone,
    PEOPLE.consultation.phone,
  ].forEach(phone);
  return [...out];
}

describe('log privacy', () => {
  it('given LOG_LEVEL=debug, when enrollments, payments, messages and admin look-ups carry personal data, then no name, e-mail or phone appears in stdout or stderr', async () => {
    const server = await startServer({ LOG_LEVEL: 'debug' });
    let requests = 0;
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      requests++;
      return fetch(`${server.url}${path}`, {
        method,
        // A new visitor for each call (the server trusts a loopback proxy): this test is about logs, not limits.
        headers: asNewVisitor({ ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    const admin = { 'Admin-Key': ADMIN_KEY };
    try {
      // A paid enrollment (workshop 4, $75, the stricter form) with every personal field filled.
      const form = {
        ...PEOPLE.paid,
        participants: 2,
        participantNames: PEOPLE.student,
        specialRequirements: `Please seat ${PEOPLE.student} near ${PEOPLE.emergency1.name}`,
        agreeToTerms: true,
        parent2Name: PEOPLE.parent2.name,
        parent2Email: PEOPLE.parent2.email,
        parent2Phone: PEOPLE.parent2.phone,
        studentName: PEOPLE.student,
        studentAge: 9,
        studentGrade: '4th',
        school: 'Hedgcoxe Elementary',
        emergencyContact1Name: PEOPLE.emergency1.name,
        emergencyContact1Phone: PEOPLE.emergency1.phone,
        emergencyContact1Relationship: 'Uncle',
        emergencyContact2Name: PEOPLE.emergency2.name,
        emergencyContact2Phone: PEOPLE.emergency2.phone,
        emergencyContact2Relationship: 'Neighbour',
        agreeToCodeOfConduct: true,
        // Each participant's own details: the second is named only here.
        participantDetails: [
          { name: PEOPLE.student, age: 9, grade: '4th', school: 'Hedgcoxe Elementary' },
          {
            name: PEOPLE.parent2.name,
            age: 12,
            grade: '7th',
            school: 'Rice Middle School',
            hasDietaryRestrictions: true,
            dietaryRestrictions: `${PEOPLE.parent2.name} cannot eat nuts`,
          },
        ],
      };
      // Refused ones first: a wrong total, and a form with an invalid e-mail.
      expect((await call('POST', '/api/enroll/workshop/4', { ...form, totalPrice: 1 })).status).toBe(400);
      expect(
        (
          await call('POST', '/api/enroll/workshop/4', {
            ...form,
            email: `${PEOPLE.paid.firstName} at home`,
            totalPrice: 150,
          })
        ).status,
      ).toBe(400);
      const paidRes = await call('POST', '/api/enroll/workshop/4', { ...form, totalPrice: 150 });
      expect(paidRes.status).toBe(201);
      const paid = (await paidRes.json()) as EnrollmentResponse;

      const intentRes = await call('POST', '/api/create-payment-intent', {
        enrollmentId: paid.enrollmentId,
        amount: 150,
        workshopId: '4',
        participants: 2,
        customerEmail: PEOPLE.paid.email,
      });
      expect(intentRes.status).toBe(200);
      const intent = (await intentRes.json()) as CreatePaymentIntentResponse;
      const card = { clientSecret: intent.clientSecret, expiry: '12/39', cvc: '123', postalCode: '75093' };
      const declined = (await (
        await call('POST', '/api/offline-payments/confirm', { ...card, cardNumber: '4000 0000 0000 0002' })
      ).json()) as { error?: unknown };
      expect(declined.error).toBeTruthy();
      const approved = (await (
        await call('POST', '/api/offline-payments/confirm', { ...card, cardNumber: '4242 4242 4242 4242' })
      ).json()) as { paymentIntent?: { status: string } };
      expect(approved.paymentIntent?.status).toBe('succeeded');
      let verified: VerifyPaymentResponse | undefined;
      expect(
        await eventually(
          async () => {
            verified = (await (
              await call('POST', '/api/payments/verify', {
                paymentIntentId: intent.paymentIntentId,
                clientSecret: intent.clientSecret,
              })
            ).json()) as VerifyPaymentResponse;
            return verified.status === 'succeeded';
          },
          10_000,
          100,
        ),
      ).toBe(true);
      expect((await call('GET', `/api/orders/${verified!.orderId}?minPosition=${verified!.position}`)).status).toBe(
        200,
      );

      // A free enrollment (workshop 10).
      const freeRes = await call('POST', '/api/enroll/workshop/10', {
        ...PEOPLE.free,
        participants: 3,
        participantNames: PEOPLE.freeGuests,
        agreeToTerms: true,
        totalPrice: 0,
      });
      expect(freeRes.status).toBe(201);
      const free = (await freeRes.json()) as EnrollmentResponse;
      expect((await call('GET', `/api/orders/${free.orderId}?minPosition=${free.position}`)).status).toBe(200);

      // A contact message, a consultation request, and an invalid one.
      expect(
        (
          await call('POST', '/api/contact', {
            ...PEOPLE.contact,
            message: `Hello, this is ${PEOPLE.contact.fullname}, call me on ${PEOPLE.contact.phone}`,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call('POST', '/api/consultation', {
            ...PEOPLE.consultation,
            preferredDate: 'Tuesday morning',
            discussionTopic: `Manners for ${PEOPLE.consultation.name}`,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call('POST', '/api/contact', {
            fullname: PEOPLE.contact.fullname,
            email: PEOPLE.contact.fullname,
            message: 'x',
          })
        ).status,
      ).toBe(400);

      // The administrator looks them up (searches carry names and e-mails in the query string).
      expect(
        (await call('GET', `/api/admin/enrollments?q=${encodeURIComponent(PEOPLE.paid.lastName)}`, undefined, admin))
          .status,
      ).toBe(200);
      expect(
        (await call('GET', `/api/admin/enrollments?q=${encodeURIComponent(PEOPLE.free.email)}`, undefined, admin))
          .status,
      ).toBe(200);
      expect((await call('GET', '/api/admin/enrollments/export.csv', undefined, admin)).status).toBe(200);
      expect((await call('GET', `/api/admin/enrollments/${paid.enrollmentId}/history`, undefined, admin)).status).toBe(
        200,
      );
      expect((await call('GET', '/api/admin/inquiries', undefined, admin)).status).toBe(200);
      expect(
        (
          await call('GET', `/api/admin/enrollments?q=${encodeURIComponent(PEOPLE.contact.fullname)}`, undefined, {
            'Admin-Key': 'wrong-key-00000000',
          })
        ).status,
      ).toBe(401);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }

    const output = server.output();
    const lines = output.split('\n').filter(Boolean);
    // The server did log at debug level, so silence cannot pass for privacy.
    expect(lines.some((l) => l.includes('"level":"debug"'))).toBe(true);
    expect(lines.some((l) => l.includes('enrollment submitted'))).toBe(true);
    const lower = output.toLowerCase();
    const leaks = secrets().filter((s) => lower.includes(s.toLowerCase()));
    expect(leaks).toEqual([]);
    console.info(
      `[log-privacy] requests ${requests}, log lines scanned ${lines.length} (${output.length} bytes), values searched ${secrets().length}, found 0`,
    );
  });

  it('given LOG_LEVEL=debug, when a parent signs in by e-mailed link, saves a child and the family, enrolls and signs, and exports, then no name, e-mail, phone, link secret or session id appears in stdout or stderr', async () => {
    const server = await startServer({ LOG_LEVEL: 'debug' });
    const email = 'wilhelmina.thistlewood@example.org';
    let cookie = '';
    const call = async (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: asNewVisitor({
          origin: server.url,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        }),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let token = '';
    let session = '';
    try {
      expect((await call('POST', '/api/account/sign-in', { email })).status).toBe(202);
      // The link, once the e-mail is in the outbox (it leaves after the answer).
      const outbox = join(server.dataDir, 'outbox');
      const linkIn = async () => {
        for (const f of await readdir(outbox).catch(() => [] as string[])) {
          if (!f.startsWith('sign-in-')) continue;
          const eml = (await readFile(join(outbox, f), 'utf8')).replace(/=\r?\n/g, '');
          const found = /\/account\/sign-in\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(eml)?.[1];
          if (found) return found;
        }
        return '';
      };
      expect(await eventually(async () => (token = await linkIn()) !== '', 10_000, 100)).toBe(true);
      const verified = await call('POST', '/api/account/sign-in/verify', { token });
      expect(verified.status).toBe(200);
      cookie = /(family_session=[^;]+)/.exec(verified.headers.get('set-cookie') ?? '')![1]!;
      session = cookie.split('=')[1]!;
      expect(
        (
          await call('PUT', '/api/account/household', {
            firstName: 'Wilhelmina',
            lastName: 'Thistlewood',
            phone: '(469) 555-0164',
            emergencyContact1Name: 'Leopold Hargreaves',
            emergencyContact1Phone: '469-555-0165',
            emergencyContact1Relationship: 'Uncle',
            emergencyContact2Name: 'Gwendolyn Pettigrew',
            emergencyContact2Phone: '469-555-0166',
            emergencyContact2Relationship: 'Neighbour',
            pickupAdults: [{ name: 'Leopold Hargreaves', relationship: 'Uncle', phone: '469-555-0165' }],
          })
        ).status,
      ).toBe(200);
      const childRes = await call('POST', '/api/account/children', {
        name: 'Octavius Thistlewood',
        dateOfBirth: '2016-04-02',
        grade: '4th',
        school: 'Hedgcoxe Elementary',
        hasDietaryRestrictions: true,
        dietaryRestrictions: 'Octavius cannot eat sesame',
        medicalNotes: 'Octavius carries an inhaler',
      });
      expect(childRes.status).toBe(201);
      const { id } = (await childRes.json()) as { id: string };
      const enrolled = await call('POST', '/api/enroll/workshop/1', {
        childIds: [id],
        signatures: [{ childId: id, signedName: 'Wilhelmina Thistlewood' }],
        agreeToTerms: true,
        totalPrice: 250,
      });
      expect(enrolled.status, await enrolled.clone().text()).toBe(201);
      expect((await call('GET', '/api/account')).status).toBe(200);
      expect((await call('GET', '/api/account/export')).status).toBe(200);
      expect((await call('POST', '/api/account/sign-out', {})).status).toBe(200);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }

    const output = server.output().toLowerCase();
    expect(output).toContain('signed in');
    const secrets = [
      email,
      'wilhelmina',
      'thistlewood',
      'octavius',
      'hargreaves',
      'pettigrew',
      'sesame',
      'inhaler',
      '555-0164',
      '4695550164',
      token.split('.')[1]!,
      session,
    ];
    expect(secrets.filter((s) => output.includes(s.toLowerCase()))).toEqual([]);
  });
});
