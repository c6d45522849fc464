import type { ReadStore } from '../../platform/readstore/port.js';
import { ACTIVITY_INDEX_ID, activityDayId, type ActivityDayDoc } from '../../projections/reports/activity-days.js';
import { daysBetween } from './ledger.js';
import {
  BOOKING_ACTIVITY,
  type ActivityDoc,
  type BookingActivityDoc,
  type ProgramActivityDoc,
  type WorkshopActivityDoc,
} from '../../projections/reports/booking-activity.js';

/** The booking-activity read model (record 110), by kind: what the funnel, attendance and instructors' reports sum. */
export interface Activity {
  bookings: BookingActivityDoc[];
  /** The start days' funnels (record 140). */
  days: ActivityDayDoc[];
  workshops: Map<string, WorkshopActivityDoc>;
  programs: Map<string, ProgramActivityDoc>;
}

export async function readActivity(store: ReadStore): Promise<Activity> {
  const { items } = await store.find<ActivityDoc>(BOOKING_ACTIVITY);
  return activityOf(items);
}

/**
 * The start days of the range and the workshops' programs and locations and the programs' titles
 * (the index, record 140): what the funnel sums, read by id only.
 */
export async function readFunnelDays(store: ReadStore, range: { from: string; to: string }): Promise<Activity> {
  const [days, index] = await Promise.all([
    store.getMany<ActivityDoc>(BOOKING_ACTIVITY, daysBetween(range.from, range.to).map(activityDayId)),
    store.get<ActivityDoc>(BOOKING_ACTIVITY, ACTIVITY_INDEX_ID),
  ]);
  const activity = activityOf([...days.values()]);
  if (index?.doc.kind !== 'index') return activity;
  for (const [id, w] of Object.entries(index.doc.workshops))
    activity.workshops.set(id, {
      kind: 'workshop',
      title: '',
      instructorId: null,
      instructor: '',
      sessions: [],
      removed: false,
      ...w,
    });
  for (const [id, p] of Object.entries(index.doc.programs)) activity.programs.set(id, { kind: 'program', ...p });
  return activity;
}

function activityOf(items: readonly { id: string; doc: ActivityDoc }[]): Activity {
  const activity: Activity = { bookings: [], days: [], workshops: new Map(), programs: new Map() };
  for (const { id, doc } of items) {
    if (doc.kind === 'booking') activity.bookings.push(doc);
    else if (doc.kind === 'day') activity.days.push(doc);
    else if (doc.kind === 'workshop') activity.workshops.set(id.slice('workshop-'.length), doc);
    else if (doc.kind === 'program') activity.programs.set(id.slice('program-'.length), doc);
  }
  return activity;
}

export const NO_PROGRAM = { key: 'none', label: 'Not part of a program' } as const;

/** A program's key and label: its id and title. */
export function programRow(activity: Activity, programId: string | null): { key: string; label: string } {
  if (!programId) return NO_PROGRAM;
  return { key: programId, label: activity.programs.get(programId)?.title ?? programId };
}

/** The program of a booking (or a start day's row): bought as such, or its class's. */
export const programOfBooking = (activity: Activity, b: Pick<BookingActivityDoc, 'programId' | 'workshopId'>) =>
  b.programId ?? (b.workshopId ? (activity.workshops.get(b.workshopId)?.programId ?? null) : null);

/** A share to four decimals, null over nothing. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

export const byLabel = <T extends { key: string; label: string }>(a: T, b: T) =>
  a.key === NO_PROGRAM.key
    ? 1
    : b.key === NO_PROGRAM.key
      ? -1
      : a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
