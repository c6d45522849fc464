import { parseAbsolute, parseDateTime, toZoned } from '@internationalized/date';
import { SCHOOL } from '../../contracts/core/school.js';
import { validationError } from '../core/errors.js';

const refuse = (message: string, field: string) => validationError(`${field}: ${message}`, [{ path: field, message }]);

/**
 * The form's date as an instant with the zone's offset that day (e.g. 2025-06-07T12:30:00-05:00).
 * A wall-clock value is read in the workshop's zone (its location's, issue 41; the school's when
 * it has none), not the server's, so the schedule shows the time the administrator typed wherever
 * the server runs. A time the clocks skip reads as the one after the change (02:30 is 03:30), a repeated one as the first.
 */
export function toSchoolInstant(value: string, field = 'date', timeZone: string = SCHOOL.timeZone): string {
  let instant: string;
  try {
    const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
    const zoned = hasOffset ? parseAbsolute(value, timeZone) : toZoned(parseDateTime(value), timeZone);
    instant = zoned.toString().replace(/\[.*\]$/, '');
  } catch {
    throw refuse('Date and time is not a real date, e.g. 2025-06-07T12:30.', field);
  }
  // The form's schema keeps years to 1900-2200; this guards the stored shape whatever the zone's
  // history holds (local mean time offsets have seconds, which no stored date may carry).
  if (!/[+-]\d{2}:\d{2}$/.test(instant))
    throw refuse(
      'Date and time falls where the school has no whole-minute UTC offset; choose a date from 1900 on.',
      field,
    );
  return instant;
}
