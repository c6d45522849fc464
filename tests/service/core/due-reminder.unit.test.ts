import { describe, expect, it } from 'vitest';
import { reminderDue } from '../../../service/core/due-reminder.js';

// Due at noon on Monday, December 14, 2026 in Plano.
const DUE = '2026-12-14T18:00:00.000Z';

describe('reminderDue: the week-before and due-date reminders of something owed', () => {
  it('given eight days to go, then none is owed yet', () => {
    expect(reminderDue('2026-12-06', DUE, [])).toBeNull();
  });

  it('given seven days to go, then the week-before one; once sent, none until the day', () => {
    expect(reminderDue('2026-12-07', DUE, [])).toBe('week-before');
    expect(reminderDue('2026-12-10', DUE, ['week-before'])).toBeNull();
  });

  it('given the day, or a day after it, then the due-date one, even if the week-before one never went; once sent, none', () => {
    expect(reminderDue('2026-12-14', DUE, [])).toBe('due-date');
    expect(reminderDue('2026-12-20', DUE, ['week-before'])).toBe('due-date');
    expect(reminderDue('2026-12-20', DUE, ['due-date'])).toBeNull();
  });
});
