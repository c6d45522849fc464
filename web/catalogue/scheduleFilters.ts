import type { Workshop, WorkshopCategory } from '../../contracts/catalogue/workshop.js';
import { dayKeyOf, isDayKey, todayKey } from '../core/format.js';

export type CategoryFilter = 'all' | WorkshopCategory;

/** The schedule's category tabs, label → value, in the spec's order. */
export const CATEGORY_TABS: ReadonlyArray<{ label: string; value: CategoryFilter }> = [
  { label: 'All', value: 'all' },
  { label: 'Children', value: 'children' },
  { label: 'Teens', value: 'teen' },
  { label: 'Adults', value: 'adult' },
  { label: 'Business', value: 'business' },
  { label: 'Dining', value: 'dining' },
  { label: 'Summer Camp', value: 'summer' },
  { label: 'Princess Tea', value: 'tea-party' },
];

/** A workshop's sessions (a document from before courses reads as one, from its date). */
export const sessionsOf = (w: Pick<Workshop, 'date' | 'sessions'>) =>
  w.sessions?.length ? w.sessions : [{ startsAt: w.date, endsAt: w.date }];

/** A session's start and its workshop's category: what the calendar marks, as the category tab narrows it. */
export interface SessionDate {
  date: string;
  category: WorkshopCategory;
}

/** Every session start of the workshops, with its category: the days the calendar marks. */
export const sessionDates = (workshops: readonly Workshop[]): SessionDate[] =>
  workshops.flatMap((w) => sessionsOf(w).map((s) => ({ date: s.startsAt, category: w.category })));

export function parseCategory(value: string | null): CategoryFilter {
  return CATEGORY_TABS.some((t) => t.value === value) ? (value as CategoryFilter) : 'all';
}

export function parseDayKey(value: string | null): string | null {
  return isDayKey(value) ? value : null;
}

/** "teen" → "Teen", "tea-party" → "Tea-party": the value with its first letter capitalised. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function filterWorkshops(
  workshops: readonly Workshop[],
  category: CategoryFilter,
  day: string | null,
): Workshop[] {
  return workshops.filter(
    (w) =>
      (category === 'all' || w.category === category) &&
      // A course is on every one of its session days.
      (day === null || sessionsOf(w).some((s) => dayKeyOf(s.startsAt) === day)),
  );
}

/**
 * The day the calendar opens on: the first upcoming workshop's (so the current month when it has
 * one, else the next month that does), else today.
 */
export function openingDayKey(workshops: readonly Workshop[], now: Date = new Date()): string {
  return openingOf(
    workshops.flatMap((w) => sessionsOf(w).map((s) => dayKeyOf(s.startsAt))),
    now,
  );
}

/** The same, from the days that have a workshop ("2025-06-07"). */
export function openingOf(dayKeys: readonly string[], now: Date = new Date()): string {
  const today = todayKey(now);
  return [...dayKeys].sort().find((d) => d >= today) ?? today;
}
