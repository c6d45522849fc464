import { Hono, type Context } from 'hono';
import { CertificateNumberSchema, certificatesStream, yearOfNumber } from '../../contracts/certificates/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { bookingsOf } from '../account/account-view.js';
import { requireFamily } from '../account/family-session.js';
import { certificatesOf } from './family-certificates.js';
import { rateLimit } from '../core/rate-limit.js';
import { verificationAddress } from './certificate-link.js';
import { certificatePdf, certificatePdfFileName } from './certificate-pdf.js';
import { certificatesDecider, standing, type CertificateRecord } from './certificates-decider.js';
import { UNKNOWN_CERTIFICATE, verifyCertificate } from './verification.js';

const UNKNOWN = UNKNOWN_CERTIFICATE;
const UNKNOWN_BOOKING = 'We could not find a booking for this link.';

/**
 * GET /certificates/:number, anyone's (the QR code's address, or the number as printed):
 * `{ valid, holder, program, completedOn, issuedAt }`, the holder as first name and last initial
 * only; revoked, `valid: false` with the words "revoked". An unknown number, a malformed one and
 * an altered signature are the same 404, answered after the same work (the year's state is read
 * either way) and rate-limited like the other anonymous routes.
 *
 * The family's own (issue 40 item 4): GET /bookings/:token/certificates and
 * /account/certificates list its children's certificates that stand, each with its PDF's address
 * (/bookings/:token/certificates/:number, /account/certificates/:number), which answers only the
 * booking's or the signed-in family's own: another family's number is the unknown one's 404.
 */
export function certificateRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);
  const certificateOf = (number: string) => readCertificate(deps, number);
  const pdfAnswer = (c: Context, record: CertificateRecord) => certificatePdfAnswer(deps, c, record);

  app.get('/certificates/:number', limited, async (c) => {
    const verified = await verifyCertificate(deps, c.req.param('number'));
    if (!verified) throw notFound(UNKNOWN);
    c.header('Cache-Control', 'no-store');
    return c.json(verified.answer);
  });

  // The family's PDF from its booking page: the booking link's check (service/booking/routes.ts,
  // registered first on /bookings/:token/*) has named the booking; the certificate must be one of its.
  app.get('/bookings/:token/certificates/:number', async (c) => {
    const enrollmentId = bookingOf(c);
    const record = await certificateOf(c.req.param('number'));
    if (!enrollmentId || !record || record.issued.enrollmentId !== enrollmentId || !standing(record))
      throw notFound(UNKNOWN);
    return pdfAnswer(c, record);
  });

  // The booking page's list: its children's certificates that stand, each with its PDF's address.
  app.get('/bookings/:token/certificates', async (c) => {
    const enrollmentId = bookingOf(c);
    const order = enrollmentId ? await deps.readStore.get<Order>('orders', enrollmentId) : null;
    if (!order) throw notFound(UNKNOWN_BOOKING);
    const token = encodeURIComponent(c.req.param('token'));
    c.header('Cache-Control', 'no-store');
    return c.json(await certificatesOf(deps, [order.doc], (n) => `/api/bookings/${token}/certificates/${n}`));
  });

  // The family page's: every booking the signed-in parent sees (as the page lists them), and the
  // PDF of one of theirs only; another family's number is the same 404 as an unknown one.
  const signedIn = requireFamily(deps);
  const familyBookings = (c: Context) => {
    const { household, parentId } = c.get('family');
    return bookingsOf(deps.readStore, household, parentId);
  };
  app.get('/account/certificates', signedIn, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await certificatesOf(deps, await familyBookings(c), (n) => `/api/account/certificates/${n}`));
  });
  app.get('/account/certificates/:number', signedIn, async (c) => {
    const record = await certificateOf(c.req.param('number'));
    const ours = record && (await familyBookings(c)).some((o) => o.enrollmentId === record.issued.enrollmentId);
    if (!record || !ours || !standing(record)) throw notFound(UNKNOWN);
    return pdfAnswer(c, record);
  });

  return app;
}

/** The booking the link's check named (service/booking/routes.ts). */
const bookingOf = (c: Context) => c.get('bookingEnrollmentId') as string | undefined;

/** A certificate by its number, or null (a malformed number too). */
export async function readCertificate(deps: Pick<AppDeps, 'commands'>, number: string) {
  if (!CertificateNumberSchema.safeParse(number).success) return null;
  const state = await deps.commands.state(certificatesDecider, certificatesStream(yearOfNumber(number)!));
  return Object.hasOwn(state.byNumber, number) ? state.byNumber[number]! : null;
}

/** The certificate's PDF as a download, its QR code the signed verification address. */
export async function certificatePdfAnswer(deps: AppDeps, c: Context, { issued, reissuedAt }: CertificateRecord) {
  const pdf = await certificatePdf(issued, verificationAddress(deps.config, issued.number), reissuedAt);
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${certificatePdfFileName(issued.number)}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(new Uint8Array(pdf));
}
