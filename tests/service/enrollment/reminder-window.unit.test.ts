import { describe, expect, it } from 'vitest';
import { daysBetween } from '../../../service/enrollment/emails/reminder-timer.js';
import { insideReminderWindow } from '../../../service/enrollment/emails/confirmation-email.js';

describe('the reminder window', () => {
  it('given a 48-hour window from late evening, then the UTC start days asked for cover every instant in it', () => {
    expect(daysBetween(new Date('2025-08-17T23:30:00Z'), new Date('2025-08-19T23:30:00Z'))).toEqual([
      '2025-08-17',
      '2025-08-18',
      '2025-08-19',
    ]);
    expect(daysBetween(new Date('2025-08-18T00:00:00Z'), new Date('2025-08-18T01:00:00Z'))).toEqual(['2025-08-18']);
  });

  it('given a start 48 hours after the confirmation, then a reminder follows; a minute less, then none does', () => {
    const item = { date: '2025-08-19T17:00:00-05:00' };
    expect(insideReminderWindow(item, '2025-08-17T22:00:00.000Z', 48)).toBe(false);
    expect(insideReminderWindow(item, '2025-08-17T22:01:00.000Z', 48)).toBe(true);
    expect(insideReminderWindow({ date: null }, '2025-08-17T22:01:00.000Z', 48)).toBe(false);
  });
});
