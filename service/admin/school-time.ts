import { parseAbsolute, parseDateTime, toZoned } from '@internationalized/date';
import { SCHOOL } from '../../contracts/core/school.js';
import { validationError } from '../core/errors.js';

/**
 * The form's date as an instant with the school's offset (e.g. 2025-06-07T12:30:00-05:00). A
 * wall-clock value is read in the school's zone, not the server's, so the schedule shows the time
 * the administrator typed wherever the server runs.
 */
export function toSchoolInstant(value: string): string {
  try {
    const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
    const zoned = hasOffset ? parseAbsolute(value, SCHOOL.timeZone) : toZoned(parseDateTime(value), SCHOOL.timeZone);
    return zoned.toString().replace(/\[.*\]$/, '');
  } catch {
    throw validationError('date: Date and time is not a real date, e.g. 2025-06-07T12:30.', [
      { path: 'date', message: 'Date and time is not a real date, e.g. 2025-06-07T12:30.' },
    ]);
  }
}
