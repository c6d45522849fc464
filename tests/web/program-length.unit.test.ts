import { describe, expect, it } from 'vitest';
import { programLengthWords } from '../../web/catalogue/programLength.js';

describe('how long a program runs, as its card says it', () => {
  it('given weeks, days or hours, then a course, a camp or a class of that length', () => {
    expect(programLengthWords('4 weeks')).toBe('4-week course');
    expect(programLengthWords('5 Weeks')).toBe('5-week course');
    expect(programLengthWords('1 week')).toBe('1-week course');
    expect(programLengthWords('4 days')).toBe('4-day course');
    expect(programLengthWords('4 hours')).toBe('4-hour class');
    expect(programLengthWords('1.5 hours')).toBe('1.5-hour class');
  });

  it('given a time of day, nothing or anything else, then nothing (the card says no length it cannot read)', () => {
    expect(programLengthWords('7:00 PM - 9:00 PM')).toBeNull();
    expect(programLengthWords(undefined)).toBeNull();
    expect(programLengthWords('')).toBeNull();
    expect(programLengthWords('A weekend')).toBeNull();
  });
});
