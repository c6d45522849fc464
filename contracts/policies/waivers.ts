import { z } from 'zod';

/**
 * The documents a parent signs for each child: the code of conduct and the photography release.
 * Each has a version and the date it took effect, which its page names; a signature counts for
 * the version it was given to and the school year it was given in (August to July, on the
 * school's clock). A new version (a new entry here, with its date) asks every family for a new
 * signature at their next enrollment.
 */
export const WAIVER_DOCUMENTS = ['code-of-conduct', 'photography-release'] as const;
export const WaiverDocumentSchema = z.enum(WAIVER_DOCUMENTS);
export type WaiverDocument = z.infer<typeof WaiverDocumentSchema>;

export interface WaiverVersion {
  document: WaiverDocument;
  title: string;
  /** What a signature names, e.g. "1". */
  version: string;
  /** The day this version took effect, `YYYY-MM-DD`. */
  date: string;
  /** Its page on the site. */
  path: string;
}

/** The version of each document in force: what a signature must name to count. */
export type WaiverTable = Readonly<Record<WaiverDocument, WaiverVersion>>;

export const CURRENT_WAIVERS: WaiverTable = {
  'code-of-conduct': {
    document: 'code-of-conduct',
    title: 'Code of Conduct',
    version: '1',
    date: '2025-05-01',
    path: '/code-of-conduct',
  },
  'photography-release': {
    document: 'photography-release',
    title: 'Photography Release',
    version: '1',
    date: '2025-05-01',
    path: '/photography-release',
  },
};

const schoolDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school year an instant falls in, named by the year it starts: August 1 on the school's clock. */
export function schoolYearOf(instant: string | Date): number {
  const [year, month] = schoolDay.format(new Date(instant)).split('-').map(Number) as [number, number];
  return month >= 8 ? year : year - 1;
}

/** "2025-2026" */
export const schoolYearLabel = (startYear: number) => `${startYear}-${startYear + 1}`;

const dayWords = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "May 1, 2025": the day a version took effect. */
export function waiverDateLabel(v: Pick<WaiverVersion, 'date'>): string {
  const [y, m, d] = v.date.split('-').map(Number) as [number, number, number];
  return dayWords.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Version 1, May 1, 2025" as the pages and the family page write it. */
export const waiverVersionLabel = (v: Pick<WaiverVersion, 'version' | 'date'>): string =>
  `Version ${v.version}, ${waiverDateLabel(v)}`;

/** A signature counts when it names the version in force and was given in the school year of `now`. */
export const isCurrentSignature = (
  signature: { document: WaiverDocument; version: string; signedAt: string },
  table: WaiverTable,
  now: Date,
): boolean =>
  signature.version === table[signature.document].version && schoolYearOf(signature.signedAt) === schoolYearOf(now);

/**
 * A signature of one document for one participant of a booking, as the booking recorded it: a
 * signed-in family's (from its account, `childId` set) or, for an enrollment sent without an
 * account, the contact's agreement on the form, in the contact's name.
 */
export const EnrolledWaiverSchema = z.object({
  participant: z.number().int().nonnegative(),
  childId: z.string().optional(),
  document: WaiverDocumentSchema,
  version: z.string(),
  signedName: z.string(),
  signedAt: z.string(),
});
export type EnrolledWaiver = z.infer<typeof EnrolledWaiverSchema>;
