import { schoolDateOf } from './school-clock.js';

/**
 * What keeps a span of an instructor's time, as the calendar decides and the slot query reads:
 * in epoch milliseconds. A class keeps no buffer; an appointment keeps its type's.
 */
export interface Busy {
  id: string;
  kind: 'lesson' | 'party' | 'class';
  typeId?: string;
  start: number;
  end: number;
  bufferMinutes: number;
  status: 'held' | 'booked';
  /** A hold's end (null: held until confirmed); a lapsed hold keeps nothing. */
  expiresAt: number | null;
}

export interface Candidate {
  start: number;
  end: number;
  bufferMinutes: number;
  typeId: string;
  maxPerDay?: number | null;
}

const MINUTE = 60_000;

/** Whether it keeps time at `now`: booked, or held and not lapsed. */
export const keepsTime = (b: Busy, now: number) => b.status === 'booked' || b.expiresAt === null || b.expiresAt > now;

/**
 * The first entry the candidate would overlap, or null. Between two of them the larger of their
 * buffers is kept free (a lesson with 15 minutes' buffer ends at 11:00: the next may start 11:15),
 * so the rule reads the same from either side.
 */
export function overlapOf(busy: readonly Busy[], c: Candidate, now: number, except?: string): Busy | null {
  for (const b of busy) {
    if (b.id === except || !keepsTime(b, now)) continue;
    const gap = Math.max(c.bufferMinutes, b.bufferMinutes) * MINUTE;
    if (c.start < b.end + gap && b.start < c.end + gap) return b;
  }
  return null;
}

/** Appointments of the candidate's type that day (on the school's calendar) that keep time now. */
export function sameDayCount(busy: readonly Busy[], c: Candidate, now: number, except?: string): number {
  const day = schoolDateOf(c.start);
  return busy.filter(
    (b) => b.id !== except && b.typeId === c.typeId && keepsTime(b, now) && schoolDateOf(b.start) === day,
  ).length;
}

/** Why the candidate cannot take the time, or null: an overlap first, then the day's cap. */
export function refusalOf(
  busy: readonly Busy[],
  c: Candidate,
  now: number,
  except?: string,
): { overlap: Busy } | { dayFull: string } | null {
  const overlap = overlapOf(busy, c, now, except);
  if (overlap) return { overlap };
  if (c.maxPerDay != null && sameDayCount(busy, c, now, except) >= c.maxPerDay)
    return { dayFull: schoolDateOf(c.start) };
  return null;
}
