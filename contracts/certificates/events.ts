import { z } from 'zod';
import type { DomainEvent } from '../core/events.js';
import { EnrollmentIdSchema } from '../enrollment/lookup.js';
import { ProgramIdSchema } from '../catalogue/program.js';

const Instant = z.string().datetime({ offset: true });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The booking's data subject (a keyed hash, `household:<id>`…): a pseudonym, never a name or an address. */
const SubjectSchema = z.string().regex(/^[A-Za-z0-9_:-]{8,120}$/, 'is not a data subject id');

/** `GL-C-2025-00042`: the school's prefix, the year of issue, and the year's sequence from 1, five digits. */
export const CERTIFICATE_NUMBER = /^GL-C-(\d{4})-(\d{5})$/;
export const CertificateNumberSchema = z.string().regex(CERTIFICATE_NUMBER, 'is not a certificate number');
export const certificateNumber = (year: number, sequence: number) =>
  `GL-C-${year}-${String(sequence).padStart(5, '0')}`;
export const yearOfNumber = (number: string): number | null => {
  const m = CERTIFICATE_NUMBER.exec(number);
  return m ? Number(m[1]) : null;
};

/**
 * Every certificate of one year of issue is on `certificates-<year>`: one stream, so that numbers
 * are consecutive and never given twice however many offices issue at once (the command handler
 * decides on the stream's newest state and retries a conflicting append), and one child of one
 * workshop gets one certificate.
 */
export const certificatesStream = (year: number) => `certificates-${year}`;

/** `program-certificate-<programId>`: the certificate a program gives, as the office set it. */
export const programCertificateStream = (programId: string) => `program-certificate-${programId}`;

/** What a program's certificate says and who signs it, and how many sessions a child must have attended (a make-up counts). */
export const ProgramCertificateSetSchema = z.object({
  programId: ProgramIdSchema,
  title: z.string().min(1).max(120),
  wording: z.string().min(1).max(600),
  signerName: z.string().min(1).max(100),
  minSessionsPresent: z.number().int().min(1).max(100),
  setAt: Instant,
});

/**
 * One child's certificate of completion. The child's name and the holder's shown form ("Lily
 * W.") are the family's, sealed under the booking's subject; the rest is what the school taught.
 */
export const CertificateIssuedSchema = z.object({
  number: CertificateNumberSchema,
  workshopId: z.string().min(1),
  enrollmentId: EnrollmentIdSchema,
  /** The child's index in the booking, from 0. */
  participant: z.number().int().nonnegative(),
  programId: z.string().nullable(),
  programTitle: z.string(),
  title: z.string(),
  wording: z.string(),
  signerName: z.string(),
  participantName: z.string(),
  /** First name and last initial: all a verification shows of the child. */
  holder: z.string(),
  /** The school day of the last session. */
  completedOn: Day,
  firstSessionOn: Day,
  hours: z.number().nonnegative(),
  sessionsPresent: z.number().int().nonnegative(),
  subjectId: SubjectSchema,
  issuedAt: Instant,
  issuedBy: z.string().min(1).max(100),
});

/** The child's name corrected: the same number, reissued with it. */
export const CertificateReissuedSchema = z.object({
  number: CertificateNumberSchema,
  participantName: z.string(),
  holder: z.string(),
  subjectId: SubjectSchema,
  reissuedAt: Instant,
});

/** No longer valid: revoked by the office with its reason, or by the family's erasure. */
export const CertificateRevokedSchema = z.object({
  number: CertificateNumberSchema,
  by: z.enum(['office', 'erasure']),
  reason: z.string().max(300),
  revokedAt: Instant,
});

export const certificateEventSchemas = {
  ProgramCertificateSet: ProgramCertificateSetSchema,
  CertificateIssued: CertificateIssuedSchema,
  CertificateReissued: CertificateReissuedSchema,
  CertificateRevoked: CertificateRevokedSchema,
} as const;

export type ProgramCertificateSet = z.infer<typeof ProgramCertificateSetSchema>;
export type CertificateIssued = z.infer<typeof CertificateIssuedSchema>;
export type CertificateReissued = z.infer<typeof CertificateReissuedSchema>;
export type CertificateRevoked = z.infer<typeof CertificateRevokedSchema>;

export type ProgramCertificateEvent = DomainEvent<'ProgramCertificateSet', ProgramCertificateSet>;
export type CertificateEvent =
  | DomainEvent<'CertificateIssued', CertificateIssued>
  | DomainEvent<'CertificateReissued', CertificateReissued>
  | DomainEvent<'CertificateRevoked', CertificateRevoked>;
