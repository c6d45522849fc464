import { z } from 'zod';
import { multiLineText, oneLineText } from '../core/text.js';

/** PUT /api/admin/programs/:id/certificate: what the program's certificate says, who signs it, how much presence earns it. */
export const ProgramCertificateRequestSchema = z
  .object({
    title: oneLineText('The title', { error: 'Give the certificate a title.' })
      .trim()
      .min(1, 'Give the certificate a title.')
      .max(120, 'The title must be at most 120 characters.'),
    wording: multiLineText('The wording', { error: 'Write what the certificate says.' })
      .trim()
      .min(1, 'Write what the certificate says.')
      .max(600, 'The wording must be at most 600 characters.'),
    signerName: oneLineText('The signer', { error: 'Name who signs the certificate.' })
      .trim()
      .min(1, 'Name who signs the certificate.')
      .max(100, 'The signer’s name must be at most 100 characters.'),
    minSessionsPresent: z
      .number({ error: 'Say how many sessions a child must attend (1 or more).' })
      .int('Say how many sessions a child must attend (1 or more).')
      .min(1, 'Say how many sessions a child must attend (1 or more).')
      .max(100, 'Say how many sessions a child must attend (1 or more).'),
  })
  .strict();
export type ProgramCertificateRequest = z.infer<typeof ProgramCertificateRequestSchema>;

/** POST /api/admin/workshops/:id/certificates: all eligible children without one, or those of the eligible list named by index. */
export const IssueCertificatesRequestSchema = z
  .object({
    participants: z
      .array(z.number({ error: 'List the children by their index in the eligible list.' }).int().nonnegative(), {
        error: 'List the children by their index in the eligible list.',
      })
      .max(500)
      .optional(),
  })
  .strict();

/** One certificate issued (now or before): its number and whose it is. */
export const IssuedCertificateSchema = z.object({ number: z.string(), participantName: z.string() });
export type IssuedCertificate = z.infer<typeof IssuedCertificateSchema>;

/** GET /api/admin/workshops/:id/certificates: each child who attended enough, by index, with the number once issued. */
export const EligibleChildSchema = z.object({
  index: z.number(),
  enrollmentId: z.string(),
  participant: z.number(),
  participantName: z.string(),
  sessionsPresent: z.number(),
  number: z.string().nullable(),
  /** Once issued: the name the certificate reads, which a correction may have changed. */
  certificateName: z.string().optional(),
  /** Once revoked: the reason given (the office's, or the family's erasure). */
  revoked: z.string().optional(),
});
export type EligibleChild = z.infer<typeof EligibleChildSchema>;

/** POST /api/admin/certificates/:number/revoke: only with a reason, shown as "revoked". */
export const RevokeCertificateRequestSchema = z
  .object({
    reason: oneLineText('The reason', { error: 'Say why the certificate is revoked.' })
      .trim()
      .min(1, 'Say why the certificate is revoked.')
      .max(300, 'The reason must be at most 300 characters.'),
  })
  .strict();

/**
 * POST /api/admin/certificates/:number/correct-name `{ name }`: the child's name as it should read;
 * the certificate is reissued under the same number (issue 40 item 5).
 */
export const CorrectCertificateNameRequestSchema = z
  .object({
    name: oneLineText('The name', { error: 'Give the child’s name as it should read on the certificate.' })
      .trim()
      .min(1, 'Give the child’s name as it should read on the certificate.')
      .max(100, 'The name must be at most 100 characters.'),
  })
  .strict();

/** What a correction answers: the certificate as it now reads, and since when. */
export const CorrectedCertificateSchema = z.object({
  number: z.string(),
  participantName: z.string(),
  holder: z.string(),
  reissuedAt: z.string().nullable(),
  position: z.string().nullable(),
});
export type CorrectedCertificate = z.infer<typeof CorrectedCertificateSchema>;

/**
 * GET /api/certificates/:number, anyone's: whether it is valid, whose (first name and last
 * initial only), of what, when completed and issued. A revoked one answers `valid: false` and
 * `revoked` with the words "revoked".
 */
export const CertificateVerificationSchema = z.object({
  valid: z.boolean(),
  holder: z.string(),
  program: z.string(),
  completedOn: z.string(),
  issuedAt: z.string(),
  revoked: z.string().optional(),
  /** When its name was last corrected: a copy printed before then is superseded (absent if never). */
  reissuedAt: z.string().optional(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/**
 * A child's certificate as its family sees it, on the booking page (`GET /api/bookings/:token/certificates`)
 * and the family page (`GET /api/account/certificates`): only those that stand (a revoked one is
 * listed no more), the child's name as last corrected, and where its PDF is.
 */
export const FamilyCertificateSchema = z.object({
  number: z.string(),
  enrollmentId: z.string(),
  /** The child's index in the booking, from 0. */
  participant: z.number(),
  participantName: z.string(),
  program: z.string(),
  completedOn: z.string(),
  issuedAt: z.string(),
  /** The PDF, drawn on request with the name as it now stands. */
  pdfPath: z.string(),
});
export type FamilyCertificate = z.infer<typeof FamilyCertificateSchema>;
