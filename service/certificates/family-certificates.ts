import type { FamilyCertificate } from '../../contracts/certificates/api.js';
import { certificatesStream } from '../../contracts/certificates/events.js';
import { schoolDay } from '../../contracts/catalogue/sessions.js';
import type { Order } from '../../contracts/enrollment/api.js';
import type { AppDeps } from '../core/deps.js';
import { certificatesDecider, standing, type CertificateRecord } from './certificates-decider.js';
import { yearOfIssue } from './issue.js';

/** What of a booking finds its certificates: which booking, and when it began (none before its first day). */
export type CertifiedBooking = Pick<Order, 'enrollmentId' | 'item'>;

/**
 * The years whose streams may hold a booking's certificates: from the year of its first session
 * (a certificate is issued after the last one) to this year. A booking with no date (a program, a
 * test page) has none.
 */
function yearsOf(bookings: readonly CertifiedBooking[], now: Date): number[] {
  const last = yearOfIssue(now);
  const years = new Set<number>();
  for (const { item } of bookings) {
    if (item.kind !== 'workshop' || !item.date) continue;
    for (let y = Number(schoolDay(item.date).slice(0, 4)); y <= last; y++) years.add(y);
  }
  return [...years].sort();
}

/**
 * The certificates that stand of these bookings, read from the years' streams (the certificates'
 * own record: a correction or a revocation shows at once, and no other store holds the names), in
 * the order of the bookings given, then by child. `pdfPath` says where each one's PDF is served
 * to whoever asked (the booking link's route or the family page's).
 */
export async function certificatesOf(
  deps: Pick<AppDeps, 'commands' | 'clock'>,
  bookings: readonly CertifiedBooking[],
  pdfPath: (number: string) => string,
): Promise<FamilyCertificate[]> {
  const order = new Map(bookings.map((b, i) => [b.enrollmentId, i]));
  const found: CertificateRecord[] = [];
  for (const year of yearsOf(bookings, deps.clock())) {
    const state = await deps.commands.state(certificatesDecider, certificatesStream(year));
    found.push(...Object.values(state.byNumber).filter((r) => order.has(r.issued.enrollmentId) && standing(r)));
  }
  return found
    .map(({ issued }) => issued)
    .sort(
      (a, b) =>
        order.get(a.enrollmentId)! - order.get(b.enrollmentId)! ||
        a.participant - b.participant ||
        a.number.localeCompare(b.number),
    )
    .map((issued) => ({
      number: issued.number,
      enrollmentId: issued.enrollmentId,
      participant: issued.participant,
      participantName: issued.participantName,
      program: issued.programTitle,
      completedOn: issued.completedOn,
      issuedAt: issued.issuedAt,
      pdfPath: pdfPath(issued.number),
    }));
}
