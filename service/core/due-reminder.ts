import { addDays, schoolDay } from './school-day.js';

/** The two reminders of something owed by a date: a week before, and on the day. */
export type DueReminderKind = 'week-before' | 'due-date';

/**
 * Which reminder is owed today (the school's calendar), given those already sent: the one of the
 * due date first (also once it has passed), else the week before's. Null when none is.
 */
export function reminderDue(today: string, dueAt: string, sent: readonly string[]): DueReminderKind | null {
  const dueDay = schoolDay(new Date(dueAt));
  if (today >= dueDay) return sent.includes('due-date') ? null : 'due-date';
  if (today >= addDays(dueDay, -7) && !sent.includes('week-before')) return 'week-before';
  return null;
}
