import { SCHOOL } from '../core/school.js';
import { zoneLabel, zonedWallTime } from '../locations/zone-clock.js';

/** A time of day on the school's clock as a time input holds it: "14:00". */
export const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "14:00" -> "2:00 PM" */
function clockText(wall: string): string {
  const [h, m] = wall.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The time range the schedule shows ("12:30 PM - 2:00 PM"), derived from the start and the end on
 * the school's clock, so the two can never disagree (the workshop form asks each once).
 */
export const timeRangeText = (startWall: string, endWall: string) => `${clockText(startWall)} - ${clockText(endWall)}`;

const wallFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's time of day on the school's clock: "14:00". */
export const schoolWallTime = (instant: string) => wallFormat.format(new Date(instant));

/**
 * A session's range as the schedule shows it, on its location's clock (issue 41 item 3): "12:30 PM -
 * 2:00 PM" on the school's, "10:00 AM - 11:30 AM MT" on another zone's, so a parent is never left
 * to guess which.
 */
export const zonedRangeText = (startsAt: string, endsAt: string, timeZone?: string) => {
  const text = timeRangeText(zonedWallTime(startsAt, timeZone), zonedWallTime(endsAt, timeZone));
  const label = zoneLabel(timeZone, startsAt);
  return label ? `${text} ${label}` : text;
};

/**
 * The end of a stored range ("12:30 PM - 2:00 PM" -> "14:00", "10:00 AM - 11:30 AM MT" -> "11:30"),
 * for the form of a workshop saved before the end was asked for; '' when the text names no end.
 */
export function endTimeOf(range: string): string {
  const end = /[-–]\s*(\d{1,2}):(\d{2})\s*([AP])\.?M\.?(?:\s+[A-Z]{1,5})?\s*$/i.exec(range);
  if (!end) return '';
  const hour = (Number(end[1]) % 12) + (end[3]!.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${end[2]}`;
}
