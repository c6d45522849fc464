import type { Availability } from './availability.js';
import { addSchoolDays, schoolDateOf, schoolInstant, wallInstant, weekdayOf } from './school-clock.js';
import { refusalOf, type Busy } from './time-rules.js';

/** What an appointment type asks of a slot (issue 38: POST /api/admin/appointment-types). */
export interface SlotRules {
  typeId: string;
  minutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay?: number | null;
}

/** Slots start on the quarter hours of each window of availability, counted from its start. */
export const SLOT_STEP_MINUTES = 15;
const MINUTE = 60_000;

interface Window {
  start: number;
  end: number;
}

/** Wall-clock ranges as instants of that date: each through the time-zone database, so DST days are right. */
const windowsOf = (date: string, ranges: readonly { from: string; to: string }[]): Window[] =>
  ranges
    .map((r) => ({ start: wallInstant(date, r.from), end: wallInstant(date, r.to) }))
    .filter((w) => w.end > w.start);

function subtract(windows: Window[], cut: Window): Window[] {
  return windows.flatMap((w) => {
    if (cut.end <= w.start || cut.start >= w.end) return [w];
    const left = cut.start > w.start ? [{ start: w.start, end: cut.start }] : [];
    const right = cut.end < w.end ? [{ start: cut.end, end: w.end }] : [];
    return [...left, ...right];
  });
}

/**
 * The instructor's hours on one school day: the week's hours of that weekday, hours added that
 * day, then hours off (an exception with `available: false` and no hours is the whole day off).
 */
export function availableWindows(availability: Availability, date: string): Window[] {
  const exceptions = availability.exceptions.filter((e) => e.date === date);
  if (exceptions.some((e) => !e.available && e.from === undefined)) return [];
  const weekday = weekdayOf(date);
  const ranged = (e: (typeof exceptions)[number]) => (e.from && e.to ? [{ from: e.from, to: e.to }] : []);
  let windows = [
    ...windowsOf(
      date,
      availability.weekly.filter((w) => w.weekday === weekday),
    ),
    ...windowsOf(date, exceptions.filter((e) => e.available).flatMap(ranged)),
  ];
  for (const off of windowsOf(date, exceptions.filter((e) => !e.available).flatMap(ranged)))
    windows = subtract(windows, off);
  return windows.sort((a, b) => a.start - b.start);
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

/**
 * The free slots of one instructor for one appointment type, school days `from` to `to`: inside
 * their hours, after the type's minimum notice, within its horizon (counted in school days from
 * today), not overlapping anything that keeps their time (buffers kept), under the daily cap.
 * Advice only: the instructor's calendar stream decides a booking with the same rules.
 */
export function freeSlots(
  availability: Availability,
  busy: readonly Busy[],
  rules: SlotRules,
  range: { from: string; to: string },
  now: number,
): Slot[] {
  const earliest = now + rules.minNoticeHours * 60 * MINUTE;
  const lastDay = addSchoolDays(schoolDateOf(now), rules.horizonDays);
  const last = range.to < lastDay ? range.to : lastDay;
  const slots: Slot[] = [];
  const length = rules.minutes * MINUTE;
  for (let date = range.from; date <= last; date = addSchoolDays(date, 1)) {
    for (const w of availableWindows(availability, date)) {
      for (let start = w.start; start + length <= w.end; start += SLOT_STEP_MINUTES * MINUTE) {
        if (start < earliest) continue;
        const candidate = { ...rules, start, end: start + length };
        if (refusalOf(busy, candidate, now)) continue;
        slots.push({ startsAt: schoolInstant(start), endsAt: schoolInstant(start + length) });
      }
    }
  }
  return slots;
}
