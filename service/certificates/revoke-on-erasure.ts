import { certificatesStream } from '../../contracts/certificates/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from '../core/deps.js';
import { certificatesDecider } from './certificates-decider.js';

/** What a verification of a certificate revoked by the family's erasure is told besides "revoked". */
export const ERASURE_REASON = "The holder's family asked for its data to be erased.";

/**
 * A family's erasure revokes the certificates of its bookings (issue 40): CertificateRevoked by
 * `erasure` on each year's stream, so a verification answers `valid: false`, "revoked", rather than
 * a certificate whose holder reads "Erased". A certificate is issued after the workshop, so the
 * years looked at run from the earliest workshop of the bookings to this one. Answers how many.
 */
export async function revokeCertificatesOnErasure(
  deps: Pick<AppDeps, 'commands'>,
  bookings: readonly { id: string; workshop: { date: string } | null }[],
  at: Date,
  metadata: EventMetadata,
): Promise<number> {
  if (bookings.length === 0) return 0;
  const ids = new Set(bookings.map((b) => b.id));
  const thisYear = at.getUTCFullYear();
  const years = bookings.map((b) => Number((b.workshop?.date || at.toISOString()).slice(0, 4)) || thisYear);
  let revoked = 0;
  for (let year = Math.min(thisYear, ...years); year <= thisYear; year++) {
    const stream = certificatesStream(year);
    const state = await deps.commands.state(certificatesDecider, stream);
    for (const [number, record] of Object.entries(state.byNumber)) {
      if (!ids.has(record.issued.enrollmentId) || record.revoked) continue;
      const { events } = await deps.commands.handle(
        certificatesDecider,
        stream,
        { type: 'RevokeCertificate', number, by: 'erasure', reason: ERASURE_REASON, at: at.toISOString() },
        metadata,
      );
      revoked += events.length;
    }
  }
  return revoked;
}
