import { Hono } from 'hono';
import type { CertificateVerification } from '../../contracts/certificates/api.js';
import { CERTIFICATE_NUMBER, certificatesStream, yearOfNumber } from '../../contracts/certificates/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { rateLimit } from '../core/rate-limit.js';
import { certificateLinksFor } from './certificate-link.js';
import { certificatesDecider, standing } from './certificates-decider.js';

const UNKNOWN = 'We have no certificate with this number. Check it against the certificate, character by character.';

/**
 * GET /certificates/:number, anyone's (the QR code's address, or the number as printed):
 * `{ valid, holder, program, completedOn, issuedAt }`, the holder as first name and last initial
 * only; revoked, `valid: false` with the words "revoked". An unknown number, a malformed one and
 * an altered signature are the same 404, answered after the same work (the year's state is read
 * either way) and rate-limited like the other anonymous routes.
 */
export function certificateRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  app.get('/certificates/:number', limited, async (c) => {
    const number = certificateLinksFor(deps.config).numberOf(c.req.param('number')) ?? '';
    const year = CERTIFICATE_NUMBER.test(number) ? yearOfNumber(number)! : new Date().getUTCFullYear();
    const state = await deps.commands.state(certificatesDecider, certificatesStream(year));
    const record = Object.hasOwn(state.byNumber, number) ? state.byNumber[number] : undefined;
    if (!record) throw notFound(UNKNOWN);
    const valid = standing(record);
    const { holder, programTitle, completedOn, issuedAt } = record.issued;
    const answer: CertificateVerification = {
      valid,
      holder: valid ? holder : '',
      program: programTitle,
      completedOn,
      issuedAt,
      ...(valid ? {} : { revoked: 'This certificate was revoked.' }),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return app;
}
