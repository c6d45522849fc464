import { SCHOOL } from '../core/school.js';
import type { WorkshopData } from './workshop.js';

type Window = Pick<WorkshopData, 'date' | 'enrollmentClosesAt'> &
  Partial<Pick<WorkshopData, 'sessions' | 'lateJoinUntilSession'>>;

/**
 * The last instant anyone may join: the start (the first session's), or, when the administrator
 * allows joining late until session K, that session's start.
 */
export function lastJoinAtOf(w: Window): Date {
  const late = w.lateJoinUntilSession === undefined ? undefined : w.sessions?.[w.lateJoinUntilSession - 1];
  return new Date(late ? Date.parse(late.startsAt) : Date.parse(w.date));
}

/**
 * The instant a workshop stops taking enrollments: its start (or session K's with a late join), or
 * the administrator's earlier `enrollmentClosesAt`. A closing time set after that is read as that
 * instant: a workshop that has begun never sells seats, unless late joining is allowed.
 */
export function enrollmentClosesAtOf(w: Window): Date {
  const last = lastJoinAtOf(w).getTime();
  const set = w.enrollmentClosesAt === undefined ? last : Date.parse(w.enrollmentClosesAt);
  return new Date(Math.min(last, set));
}

/** Whether money arriving at `now` comes too late: at or after the last instant anyone may join. */
export const isPastLastJoin = (w: Window, now: Date): boolean => now.getTime() >= lastJoinAtOf(w).getTime();

/** Open until the closing instant, exclusive: one millisecond before it enrolls, at it does not. */
export const isEnrollmentOpen = (w: Window, now: Date): boolean => now.getTime() < enrollmentClosesAtOf(w).getTime();

/** Whether the workshop has started at `now` (its start instant included). */
export const hasBegun = (w: Pick<WorkshopData, 'date'>, now: Date): boolean => now.getTime() >= Date.parse(w.date);

const closingDay = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const closingTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * "Saturday, June 7, 2025 at 12:30 PM CDT": the closing instant on the school's clock
 * (America/Chicago) with the zone's abbreviation, so a parent elsewhere is not misled.
 */
export function formatClosingDate(instant: Date | string): string {
  const at = new Date(instant);
  return `${closingDay.format(at)} at ${closingTime.format(at)}`;
}

/** Why enrollment is closed, as a refusal carries it: the workshop, when it closed, and whether it has begun. */
export interface SalesClosed {
  title: string;
  closesAt: string;
  begun: boolean;
}

export const salesClosedOf = (w: Window & Pick<WorkshopData, 'title'>, now: Date): SalesClosed => ({
  title: w.title,
  closesAt: enrollmentClosesAtOf(w).toISOString(),
  begun: hasBegun(w, now),
});

/**
 * What a parent reads when enrollment is closed. Once the workshop has begun, the wording;
 * closed earlier by the administrator, it says so rather than claim the workshop began.
 */
export function salesClosedSentence({ title, closesAt, begun }: SalesClosed): string {
  const on = formatClosingDate(closesAt);
  return begun
    ? `Enrollment for ${title} closed on ${on}: it has already begun. Please pick another date from the schedule.`
    : `Enrollment for ${title} closed on ${on}, before it begins. Please pick another date from the schedule.`;
}

export const enrollmentClosedMessage = (w: Window & Pick<WorkshopData, 'title'>, now: Date): string =>
  salesClosedSentence(salesClosedOf(w, now));
