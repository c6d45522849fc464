import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { ErasureAccepted } from '../../../contracts/privacy/api.js';
import { eventually } from '../../faults/support.js';
import { FAMILY } from '../../support/privacy-samples.js';
import { startServer, type RunningServer } from '../../support/server.js';
import { asNewVisitor } from '../../support/visitors.js';
import { CHILDREN, familyFormInput } from './support.js';

const ADMIN_KEY = 'test-admin-key-123456';
/** What a byte search must not find: the family's names, e-mail, phone and the allergy text. */
const SEARCHED = [
  FAMILY.parentFirst,
  FAMILY.parentLast,
  FAMILY.child,
  FAMILY.sibling,
  FAMILY.email,
  FAMILY.phone,
  FAMILY.allergy,
  FAMILY.emergencyName,
  FAMILY.emergencyPhone,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Each value and the files holding it, searched byte by byte (UTF-8 and UTF-16, any case of the e-mail). */
function found(dataDir: string): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  const files = filesUnder(dataDir).map((f) => ({ f, bytes: readFileSync(f) }));
  for (const value of SEARCHED) {
    const needles = [value, value.toLowerCase(), value.toUpperCase()].flatMap((v) => [
      Buffer.from(v, 'utf8'),
      Buffer.from(v, 'utf16le'),
    ]);
    const where = files.filter(({ bytes }) => needles.some((n) => bytes.includes(n))).map(({ f }) => f);
    if (where.length) hits[value] = where;
  }
  return hits;
}

describe('erasure on the embedded default', () => {
  it('given a family that booked and paid, wrote to the school and got its e-mails, when the owner erases it, then a byte search of every file under DATA_DIR finds none of its names, e-mail, phone or allergy', async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({ LOG_LEVEL: 'warn' });
      const url = server.url;
      const call = (method: string, path: string, body?: unknown, admin = false) =>
        fetch(`${url}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...asNewVisitor(),
            ...(admin ? { 'Admin-Key': ADMIN_KEY } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      const enrolled = (await (
        await call('POST', `/api/enroll/workshop/${CHILDREN}`, { ...familyFormInput(), totalPrice: 300 })
      ).json()) as EnrollmentResponse;
      const intent = (await (
        await call('POST', '/api/create-payment-intent', { enrollmentId: enrolled.enrollmentId, amount: 300 })
      ).json()) as CreatePaymentIntentResponse;
      const paid = await call('POST', '/api/offline-payments/confirm', {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        postalCode: '75093',
      });
      expect(paid.status).toBe(200);
      const contact = await call('POST', '/api/contact', {
        fullname: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
        email: FAMILY.email,
        phone: FAMILY.phone,
        message: `About ${FAMILY.child}: ${FAMILY.allergy}`,
      });
      expect(contact.status).toBe(201);
      // The confirmation e-mail is in the outbox, and the read models hold the family: the search finds them.
      const inOutbox = () => (found(server!.dataDir)[FAMILY.email] ?? []).some((f) => f.includes('outbox'));
      expect(await eventually(inOutbox, 20_000, 200)).toBe(true);
      expect(
        await eventually(() => Object.keys(found(server!.dataDir)).length === SEARCHED.length, 20_000, 200),
        JSON.stringify(found(server.dataDir)),
      ).toBe(true);

      const erased = await call(
        'POST',
        '/api/admin/privacy/erasures',
        { email: FAMILY.email, cancelUpcoming: true },
        true,
      );
      expect(erased.status).toBe(202);
      const { position } = (await erased.json()) as ErasureAccepted;
      expect(
        await eventually(
          async () =>
            (
              (await (
                await call('GET', `/api/admin/privacy/erasures/scrubbed?position=${position}`, undefined, true)
              ).json()) as {
                scrubbed: boolean;
              }
            ).scrubbed,
          30_000,
          200,
        ),
      ).toBe(true);

      expect(found(server.dataDir)).toEqual({});
      // And once the process has closed its files.
      expect(await server.stop()).toBe(0);
      expect(found(server.dataDir)).toEqual({});
    } finally {
      await server?.stop('SIGKILL');
    }
  });
});
