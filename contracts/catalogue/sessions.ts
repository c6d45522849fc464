import { z } from 'zod';
import { SCHOOL } from '../core/school.js';
import { endTimeOf } from './workshop-time.js';

/** An instant with its offset, e.g. 2025-06-07T12:30:00-05:00 (held in the school's zone, America/Chicago). */
export const SessionInstantSchema = z
  .string()
  .datetime({ offset: true, message: 'must be a date and time with its UTC offset' });

/** One dated meeting of a course: a one-date workshop is a course of one session. */
export const SessionSchema = z.object({ startsAt: SessionInstantSchema, endsAt: SessionInstantSchema });
export type Session = z.infer<typeof SessionSchema>;

export const MAX_SESSIONS = 20;

export interface SessionIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a list of sessions, each problem naming its session ("Session 3 ends before it
 * starts."): 1 to 20, each ending after it starts, in order and not overlapping.
 */
export function sessionIssues(sessions: readonly Session[], field = 'sessions'): SessionIssue[] {
  const issues: SessionIssue[] = [];
  if (sessions.length === 0) issues.push({ path: [field], message: 'A workshop needs at least one session.' });
  if (sessions.length > MAX_SESSIONS)
    issues.push({ path: [field], message: `A course has at most ${MAX_SESSIONS} sessions.` });
  sessions.forEach((s, i) => {
    const start = Date.parse(s.startsAt);
    const end = Date.parse(s.endsAt);
    if (!(end > start)) issues.push({ path: [field, i, 'endsAt'], message: `Session ${i + 1} ends before it starts.` });
    const before = sessions[i - 1];
    if (before && start < Date.parse(before.endsAt))
      issues.push({
        path: [field, i, 'startsAt'],
        message:
          start < Date.parse(before.startsAt)
            ? `Session ${i + 1} starts before session ${i}: put the sessions in order.`
            : `Session ${i + 1} starts before session ${i} ends.`,
      });
  });
  return issues;
}

/** The sessions as a checked list: 1-20, in order, none overlapping, each ending after it starts. */
export const SessionListSchema = z
  .array(SessionSchema)
  .min(1, 'A workshop needs at least one session.')
  .max(MAX_SESSIONS, `A course has at most ${MAX_SESSIONS} sessions.`)
  .superRefine((sessions, ctx) => {
    for (const issue of sessionIssues(sessions, 'sessions'))
      ctx.addIssue({ code: 'custom', path: issue.path.slice(1), message: issue.message });
  });

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar parts of an instant on a zone's clock (the school's unless named), with its offset. */
export const wallPartsOf = (instant: string, timeZone: string = SCHOOL.timeZone): Record<string, string> => {
  let f = wallFormats.get(timeZone);
  if (!f)
    wallFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      })),
    );
  return Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
};

/**
 * "2025-06-07T14:00:00-05:00": `wall` ("14:00") on the zone's clock (the school's unless named,
 * a location's for a workshop there), the same day as `instant`.
 */
export function sameDayAt(instant: string, wall: string, timeZone?: string): string {
  const parts = wallPartsOf(instant, timeZone);
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${wall}:00${offset}`;
}

/** A one-date workshop without a written end runs this long (only records written before sessions). */
const DEFAULT_LENGTH_MS = 2 * 3_600_000;

/**
 * A workshop written before courses (a date and a time text, no sessions) as its one session: it
 * starts at `date` and ends at the end its time text names on that day ("12:30 PM - 2:00 PM"), or
 * two hours later when the text names none.
 */
export function oneSessionOf(w: { date: string; time: string; timeZone?: string | undefined }): Session {
  const end = endTimeOf(w.time);
  const endsAt = end ? sameDayAt(w.date, end, w.timeZone) : '';
  return {
    startsAt: w.date,
    endsAt:
      endsAt && Date.parse(endsAt) > Date.parse(w.date)
        ? endsAt
        : new Date(Date.parse(w.date) + DEFAULT_LENGTH_MS).toISOString(),
  };
}

/** Sessions not yet begun at `at`, in order (a late joiner pays for these). */
export const sessionsLeftAt = (sessions: readonly Session[], at: Date): number =>
  sessions.filter((s) => Date.parse(s.startsAt) > at.getTime()).length;

/** The 1-based number of the session running or next at `at` (not yet over); null when all are over. */
export function nextSessionNumber(sessions: readonly Session[], at: Date): number | null {
  const i = sessions.findIndex((s) => Date.parse(s.endsAt) > at.getTime());
  return i < 0 ? null : i + 1;
}

/** The school's calendar day of an instant, "2025-06-07". */
export function schoolDay(instant: string): string {
  const parts = wallPartsOf(instant);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Where a late joiner joins at `at`: the first session not begun then (2 or more), when the
 * workshop allows joining late and its first session has begun; else undefined (joins from the start).
 */
export function lateJoinFrom(
  w: { sessions: readonly Session[]; lateJoinUntilSession?: number },
  at: Date,
): number | undefined {
  if (w.lateJoinUntilSession === undefined) return undefined;
  const next = w.sessions.findIndex((s) => Date.parse(s.startsAt) > at.getTime()) + 1;
  return next > 1 ? next : undefined;
}
