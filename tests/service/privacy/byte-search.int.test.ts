import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../contracts/account/api.js';
import type { BookingView } from '../../../contracts/booking/api.js';
import type { AbsenceResult } from '../../../contracts/courses/api.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import type { GiftCardPurchaseResponse } from '../../../contracts/gift-cards/api.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import type { ErasureAccepted } from '../../../contracts/privacy/api.js';
import { eventually } from '../../faults/support.js';
import { FAMILY } from '../../support/privacy-samples.js';
import { compiled, startServer, type RunningServer } from '../../support/server.js';
import { asNewVisitor } from '../../support/visitors.js';

const ADMIN_KEY = 'test-admin-key-123456';
/** Workshop 8: the children's class ($150 a child); 11: a four-session course ($225), whose absences give make-up credits. */
const CHILDREN = '8';
const COURSE = '11';
const PICKUP = 'Philippa Dunwoody';
const GIFT_MESSAGE = 'Happy birthday from the Quennell household';
/** The other family: it invites this one, and fills the small class this one waits for. */
const OTHER = { first: 'Cornelius', last: 'Vandersloot', email: 'cornelius.vandersloot@example.com' };

/** What a byte search must not find once the family is erased: its names, e-mail, phone, children's details, pick-up, gift message. */
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
  FAMILY.medical,
  FAMILY.school,
  PICKUP,
  GIFT_MESSAGE,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A file may go between the listing and its stat (the outbox renames its .tmp files into place).
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return [];
    return stat.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A file's bytes, or nothing when it went since it was listed (a .tmp file renamed into place). */
function readIfThere(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Each value and the files holding it, searched byte by byte (UTF-8 and UTF-16, any case). */
function found(dataDir: string, values = SEARCHED): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  const files = filesUnder(dataDir).flatMap((f) => {
    const bytes = readIfThere(f);
    return bytes ? [{ f, bytes }] : [];
  });
  for (const value of values) {
    const needles = [value, value.toLowerCase(), value.toUpperCase()].flatMap((v) => [
      Buffer.from(v, 'utf8'),
      Buffer.from(v, 'utf16le'),
    ]);
    const where = files.filter(({ bytes }) => needles.some((n) => bytes.includes(n))).map(({ f }) => f);
    if (where.length) hits[value] = where;
  }
  return hits;
}

/** An .eml's text with quoted-printable undone (soft breaks, =XX), so a link reads whole. */
const decoded = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A family's browser on the running server: its session cookie, and the site's origin on every write. */
function visitor(server: RunningServer) {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown, admin = false) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'sec-fetch-site': 'same-origin',
        ...asNewVisitor(),
        ...(cookie ? { cookie } : {}),
        ...(admin ? { 'Admin-Key': ADMIN_KEY } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = /(family_session=[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    if (set) cookie = set[1]!;
    return res;
  };
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    expect(r.status, await r.clone().text()).toBe(status);
    return (await r.json()) as T;
  };
  const links = () => {
    const dir = join(server.dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((n) => n.startsWith('sign-in-') && n.endsWith('.eml'))
      .map((n) => decoded(readFileSync(join(dir, n), 'utf8')));
  };
  /** Asks for a link and presses "Continue" with the new one that reached `email`. */
  const signIn = async (email: string) => {
    const before = new Set(links());
    expect((await call('POST', '/api/account/sign-in', { email })).status).toBe(202);
    let token: string | undefined;
    await eventually(
      () => {
        const mail = links().find((m) => !before.has(m) && m.toLowerCase().includes(`to: ${email}`));
        token = mail && /\/account\/sign-in\/([A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
        return token !== undefined;
      },
      20_000,
      100,
    );
    await ok(call('POST', '/api/account/sign-in/verify', { token }));
  };
  /** Pays with the offline test card. */
  const pay = async (clientSecret: string) =>
    ok(
      call('POST', '/api/offline-payments/confirm', {
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        postalCode: '75093',
      }),
    );
  const enrollAndPay = async (workshopId: string, body: Record<string, unknown>, amount: number) => {
    const { enrollmentId } = await ok<EnrollmentResponse>(
      call('POST', `/api/enroll/workshop/${workshopId}`, { agreeToTerms: true, ...body, totalPrice: amount }),
      201,
    );
    if (amount > 0)
      await pay(
        (await ok<CreatePaymentIntentResponse>(call('POST', '/api/create-payment-intent', { enrollmentId, amount })))
          .clientSecret,
      );
    return enrollmentId;
  };
  return { call, ok, signIn, pay, enrollAndPay };
}

const household = (first: string, last: string, o: Record<string, unknown> = {}) => ({
  firstName: first,
  lastName: last,
  phone: '9725550100',
  emergencyContact1Name: 'Someone Else',
  emergencyContact1Phone: '9725550101',
  emergencyContact1Relationship: 'Friend',
  emergencyContact2Name: 'Another Person',
  emergencyContact2Phone: '9725550102',
  emergencyContact2Relationship: 'Friend',
  ...o,
});

/** A date a month ahead on the school's wall clock, as the admin form takes it. */
const monthAhead = () => `${new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 10)}T10:00`;

describe('erasure on the embedded default', () => {
  it(
    'given a family that used every feature (booking, account, children, waivers, pick-up, waitlist, contact, gift card, an invitation received, make-ups), when the owner erases it, then a byte search of every file under DATA_DIR finds none of its markers, after a restart and after a rebuild, and another family’s copies stay',
    { timeout: 120_000 },
    async () => {
      let server: RunningServer | undefined;
      try {
        server = await startServer({ LOG_LEVEL: 'warn' });
        const family = visitor(server);
        const other = visitor(server);
        const admin = visitor(server);

        // The other family: a page of its own, which will invite this one.
        await other.signIn(OTHER.email);
        await other.ok(other.call('PUT', '/api/account/household', household(OTHER.first, OTHER.last)));

        // This family: signed in, its details and pick-up list, two children (one with an allergy).
        await family.signIn(FAMILY.email);
        await family.ok(
          family.call(
            'PUT',
            '/api/account/household',
            household(FAMILY.parentFirst, FAMILY.parentLast, {
              phone: FAMILY.phone,
              emergencyContact1Name: FAMILY.emergencyName,
              emergencyContact1Phone: FAMILY.emergencyPhone,
              emergencyContact1Relationship: 'Aunt',
              pickupAdults: [{ name: PICKUP, relationship: 'Neighbour', phone: '9725550177' }],
            }),
          ),
        );
        const child = (name: string, o: Record<string, unknown> = {}) =>
          family.ok<{ id: string }>(
            family.call('POST', '/api/account/children', {
              name,
              dateOfBirth: FAMILY.born,
              grade: '4th',
              school: FAMILY.school,
              hasDietaryRestrictions: false,
              dietaryRestrictions: '',
              medicalNotes: '',
              ...o,
            }),
            201,
          );
        const first = await child(FAMILY.child, {
          hasDietaryRestrictions: true,
          dietaryRestrictions: FAMILY.allergy,
          medicalNotes: FAMILY.medical,
        });
        const second = await child(FAMILY.sibling);

        // A paid booking of both, signing the waivers; a paid course, an absence and a make-up.
        const signedName = `${FAMILY.parentFirst} ${FAMILY.parentLast}`;
        await family.enrollAndPay(
          CHILDREN,
          {
            childIds: [first.id, second.id],
            signatures: [
              { childId: first.id, signedName },
              { childId: second.id, signedName },
            ],
          },
          300,
        );
        const course = await family.enrollAndPay(COURSE, { childIds: [first.id] }, 225);
        // The family page lists it once its read models have it.
        let listed: AccountView['bookings'][number] | undefined;
        const onPage = async () =>
          Boolean(
            (listed = (await family.ok<AccountView>(family.call('GET', '/api/account'))).bookings.find(
              (b) => b.enrollmentId === course,
            )),
          );
        expect(await eventually(onPage, 20_000, 100)).toBe(true);
        const token = listed!.bookingPath!.replace('/booking/', '');
        // The payment's outcome comes back through the provider's event path: confirmed a moment later.
        const confirmed = async () =>
          ((await (await family.call('GET', `/api/bookings/${token}`)).json()) as BookingView).status === 'completed';
        expect(await eventually(confirmed, 20_000, 100)).toBe(true);
        const { creditId } = await family.ok<AbsenceResult>(
          family.call('POST', `/api/bookings/${token}/absences`, { session: 2, participant: 0 }),
          201,
        );
        const option = (await family.ok<BookingView>(family.call('GET', `/api/bookings/${token}`))).credits[0]!
          .options[0]!;
        await family.ok(
          family.call('POST', `/api/bookings/${token}/makeups`, {
            creditId,
            workshopId: option.workshopId,
            session: option.session,
          }),
          201,
        );

        // The waitlist of a class of one, which the other family fills.
        const small = await admin.ok<{ id: string }>(
          admin.call(
            'POST',
            '/api/admin/workshops',
            {
              title: 'Tea for One',
              description: 'A very small class.',
              category: 'adult',
              date: monthAhead(),
              time: '10:00 AM - 11:30 AM',
              location: 'Plano',
              price: 0,
              capacity: 1,
            },
            true,
          ),
          201,
        );
        await other.enrollAndPay(
          small.id,
          { firstName: OTHER.first, lastName: OTHER.last, email: OTHER.email, phone: '9725550155', participants: 1 },
          0,
        );
        await family.ok(
          family.call('POST', `/api/workshops/${small.id}/waitlist`, {
            firstName: FAMILY.parentFirst,
            lastName: FAMILY.parentLast,
            email: FAMILY.email,
            phone: FAMILY.phone,
            participants: 1,
          }),
          202,
        );

        // A message to the school, a gift card bought for a friend, and an invitation from the other family.
        expect(
          (
            await family.call('POST', '/api/contact', {
              fullname: signedName,
              email: FAMILY.email,
              phone: FAMILY.phone,
              message: `About ${FAMILY.child}: ${FAMILY.allergy}`,
            })
          ).status,
        ).toBe(201);
        const card = await family.ok<GiftCardPurchaseResponse>(
          family.call('POST', '/api/gift-cards', {
            amountCents: 5_000,
            recipientName: 'Hortense Fairweather',
            recipientEmail: 'hortense.fairweather@example.com',
            message: GIFT_MESSAGE,
            purchaserName: signedName,
            purchaserEmail: FAMILY.email,
          }),
          201,
        );
        await family.pay(card.clientSecret);
        await other.ok(other.call('POST', '/api/account/parents', { email: FAMILY.email }), 201);

        // Every marker is somewhere under DATA_DIR (the search works), the gift card and invitation mails among them.
        const outbox = (name: string) => filesUnder(join(server!.dataDir, 'outbox')).some((f) => f.includes(name));
        expect(await eventually(() => outbox('gift-card-') && outbox('parent-invited-'), 20_000, 200)).toBe(true);
        expect(
          await eventually(() => Object.keys(found(server!.dataDir)).length === SEARCHED.length, 20_000, 200),
          JSON.stringify(found(server.dataDir)),
        ).toBe(true);

        const erased = await admin.call(
          'POST',
          '/api/admin/privacy/erasures',
          { email: FAMILY.email, cancelUpcoming: true },
          true,
        );
        expect(erased.status, await erased.clone().text()).toBe(202);
        const { position } = (await erased.json()) as ErasureAccepted;
        expect(
          await eventually(
            async () =>
              (
                (await (
                  await admin.call('GET', `/api/admin/privacy/erasures/scrubbed?position=${position}`, undefined, true)
                ).json()) as { scrubbed: boolean }
              ).scrubbed,
            30_000,
            200,
          ),
        ).toBe(true);

        // Nothing of the family; the other family's own copies (its e-mails, its page) untouched.
        const others = [OTHER.email, OTHER.last];
        expect(found(server.dataDir)).toEqual({});
        expect(Object.keys(found(server.dataDir, others)).sort()).toEqual([...others].sort());
        expect(found(server.dataDir, [OTHER.email])[OTHER.email]!.some((f) => f.includes('outbox'))).toBe(true);

        // Once the process has closed its files, after a restart, and after a rebuild of every projection.
        expect(await server.stop()).toBe(0);
        expect(found(server.dataDir)).toEqual({});
        server = await startServer({ LOG_LEVEL: 'warn' }, server.dataDir);
        expect(found(server.dataDir)).toEqual({});
        expect(await server.stop()).toBe(0);
        const rebuilt = spawnSync(process.execPath, [compiled('service/projections-cli.js'), 'rebuild'], {
          env: { ...process.env, DATA_DIR: server.dataDir, ADMIN_KEY, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(rebuilt.status, rebuilt.stderr).toBe(0);
        expect(found(server.dataDir)).toEqual({});
        expect(Object.keys(found(server.dataDir, others)).sort()).toEqual([...others].sort());
      } finally {
        await server?.stop('SIGKILL');
      }
    },
  );
});
